"""Swiss pairing: the FIDE (Dutch) System (C.04.3, 2026) in :mod:`pairing.dutch`, the per-player
facts the Swiss rules read (:mod:`pairing.players`), the generic weighted matching the engine
solves with (:mod:`pairing.matching`), the random tournament generator (:mod:`pairing.generate`)
and the engines' output formats (:mod:`pairing.output`).

Engines read and write :mod:`trf` models only.  Round robins live in :mod:`roundrobin`, the
club-night rotation in :mod:`rotation`.
"""
