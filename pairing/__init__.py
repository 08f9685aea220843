"""The pairing engines: one package per Swiss system (:mod:`pairing.dutch`, the FIDE (Dutch)
System, C.04.3, in both editions), the result types every engine returns
(:mod:`pairing.result`), which round to pair and what refuses it (:mod:`pairing.rounds`) and
the engines' output formats (:mod:`pairing.output`).

Engines read :mod:`trf` models and solve with :mod:`algorithms`; they never import the checker
(:mod:`checker`) or the verification tooling (:mod:`verify`).  Which system pairs a tournament
is the registry's business (:mod:`systems`).  Round robins live in :mod:`roundrobin`, the
club-night rotation in :mod:`rotation`.
"""
