"""The checker's own reading of the FIDE Swiss Team Pairing System, C.04.6 (2026).

* :func:`check_round` (``event``, ``rnd``) -> :class:`TeamRoundReport`: round ``rnd`` of a
  :class:`trf.teams.TeamEvent` as its file gives it, judged on the history before it;
* :func:`check_event` (``event``) -> a list of them, one per round paired;
* :func:`check_pairing` (``event``, ``rnd``, ``matches``, ``bye``) -> :class:`TeamRoundReport`: any
  pairing of round ``rnd`` (an engine's, an arbiter's) judged on the file's history before it;
* :func:`why_not` (``event``, ``rnd``, ``a``, ``b``) -> :class:`checker.report.WhyNot`: why the
  rules did not pair teams ``a`` and ``b`` in round ``rnd``.

Modules: the teams' facts before a round (:mod:`~checker.team.state`), the criteria as tables
of rows (:mod:`~checker.team.criteria`), who may meet whom (:mod:`~checker.team.graph`), the
colour steps (:mod:`~checker.team.colours`), each decision judged against its alternatives
(:mod:`~checker.team.brackets`), the round's verdict (:mod:`~checker.team.check`) and the
question about one pair (:mod:`~checker.team.whynot`).

It never imports :mod:`pairing`: two independent readings of the rules that agree are the
project's proof.
"""

from checker.team.check import (BoardView, BracketView, PairingInputError, TeamRoundReport, check_event, check_pairing,
                                check_round)
from checker.team.whynot import why_not

__all__ = ["check_round", "check_event", "check_pairing", "why_not", "TeamRoundReport", "BracketView", "BoardView",
           "PairingInputError"]
