"""The checker's own reading of the FIDE (Dutch) System, C.04.3, in both editions (the text
applied from 1 February 2026 and the one in force until 31 January 2026): the players' state
before a round (:mod:`~checker.dutch.state`), the criteria as tables of rows and the brackets
(:mod:`~checker.dutch.table`, :mod:`~checker.dutch.criteria`, :mod:`~checker.dutch.names_2017`,
:mod:`~checker.dutch.criteria_2017`), colours (:mod:`~checker.dutch.colours`), Art. 3.8 between
two pairings read plainly (:mod:`~checker.dutch.reference`, :mod:`~checker.dutch.order`: read
these first) and its fast path (:mod:`~checker.dutch.compare`, :mod:`~checker.dutch.scoring`,
:mod:`~checker.dutch.rescore`, :mod:`~checker.dutch.order_patch`, proved equal by the tests),
the checker's own candidates (:mod:`~checker.dutch.search`), the round's verdict
(:mod:`~checker.dutch.check`), a pair the arbiter asks about (:mod:`~checker.dutch.whynot`) and
the explanations of each board (:mod:`~checker.dutch.explain`).

It never imports :mod:`pairing`: two independent readings of the rules that agree are the
project's proof.
"""
