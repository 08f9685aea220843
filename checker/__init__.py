"""Independent validation of given pairings: a Swiss round against C.04.3 (criteria C1-C21 and
the colour rules, :mod:`checker.dutch.check`), a pair the arbiter asks about (:mod:`checker.dutch.whynot`),
a team Swiss round against C.04.6 (:mod:`checker.team`), a round robin against the Berger tables
(:mod:`checker.roundrobin`), and a whole file (:mod:`checker.event`).

Never imports :mod:`pairing` to evaluate criteria, brackets or colours: two independent readings
of the rules that agree are the project's proof.  The one use of the engine is
:func:`checker.dutch.check.engine_candidate`, which asks it for one more candidate pairing, judged by
the checker's own criteria.
"""
