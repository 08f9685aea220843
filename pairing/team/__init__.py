"""The Swiss Team Pairing System, C.04.6 as applied from 1 February 2026.

Approach: the text's own procedure (Art. 3.3.2), greedy and top-down.  The PAB first (Art. 3.4);
then, while teams are left, the top-scoregroup with the first acceptable set of upfloaters
(Art. 3.5) paired as one bracket (Art. 3.6: the least C8, C9, C10, then the first identifier, by
:func:`algorithms.lexicographic.first_best_pairing`); the colours of board 1 last (Art. 4).
Completion (C3) and the legality of a bracket are maximum-matching questions on bitsets.  The
teams' history (scores, colours, forfeits, byes) is :mod:`trf.teams`'s reading of the file.

Modules: ``state`` (the facts each team brings to the round: scores, colour preference, floats,
meetings, C2), ``brackets`` (Art. 3: PAB, upfloaters, brackets), ``colours`` (Art. 4),
``acceleration`` (C.04.7 for teams), ``engine`` (:func:`pair_round`, board order), ``cut`` (a team
file as it stood before a round), ``rules`` (the rules as rows); the result types are
:mod:`pairing.result`'s.
"""

from pairing.result import NoLegalPairing, Pairing
from pairing.team.engine import TeamRoundPairing, pair_round, pair_team_round

__all__ = ["NoLegalPairing", "Pairing", "TeamRoundPairing", "pair_round", "pair_team_round"]
