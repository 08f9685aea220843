"""The rules of the Swiss Team Pairing System (C.04.6, 2026) as rows, in priority order: the
criteria of Art. 2, the PAB's order of Art. 3.4, the upfloater sets' and the bracket's order of
Art. 3.5-3.6, and the colour steps of Art. 4.3 (:data:`pairing.team.colours.STEPS`).  Each row:
``(name, article, words, kind, plain)``, the kind one of ``absolute``, ``completion``, ``pab``,
``quality``, ``order``, ``colour``; ``plain``: the rule as an arbiter says it to a team captain."""

from __future__ import annotations

from pairing.team.colours import STEPS

__all__ = ["RULES"]

RULES: tuple[tuple[str, str, str, str, str], ...] = (
    ("C1", "2.1.1", "two teams do not meet twice (a match not played is no meeting, C.04.2 Art. 3.5)", "absolute",
     "two teams may not play each other twice"),
    ("C2", "2.1.2", "no PAB for a team that had one, won a match by forfeit, or had a full-point bye", "absolute",
     "no team gets the bye that already had one, won a match by forfeit or had a full-point bye"),
    ("C3", "2.2.1", "a legal pairing of the teams not yet paired always remains", "completion",
     "every team must still be able to get an opponent"),
    ("3.4.1", "3.4.1", "the PAB leaves a legal pairing of all the other teams", "pab",
     "the bye must leave every other team able to get an opponent"),
    ("3.4.2", "3.4.2", "the PAB goes to the lowest score", "pab", "the bye goes to the team with the lowest score"),
    ("3.4.3", "3.4.3", "then to the most matches played", "pab", "then to the team that has played the most matches"),
    ("3.4.4", "3.4.4", "then to the largest TPN", "pab", "then to the team with the highest pairing number"),
    ("C4", "2.3.1", "the fewest upfloaters", "quality", "as few teams as possible play a team with a higher score"),
    ("C5", "2.3.2", "the upfloaters' scores, in ascending order, as high as possible", "quality",
     "the teams that must play up have scores as high as possible"),
    ("C6", "2.3.3", "unless it has been emptied, the next scoregroup can be paired with the fewest upfloaters",
     "quality", "the next score group can still be paired among itself, unless it is emptied"),
    ("C7", "2.3.4", "except in the last two rounds, the fewest upfloaters that floated in the previous round",
     "quality", "as few teams as possible play up two rounds running (not in the last two rounds)"),
    ("3.5.4", "3.5.4", "of equal upfloater sets, the first in lexicographic order (score descending, TPN "
                       "ascending)", "order",
     "of equally good choices of teams playing up, the rules take the first in their fixed order (higher score "
     "first, then lower pairing number)"),
    ("C8", "2.3.5", "the fewest teams whose colour preference is not met", "quality",
     "as many teams as possible get the colour they are due"),
    ("C9", "2.3.6", "(Type B) the fewest teams whose strong colour preference is not met", "quality",
     "as many teams as possible that strongly need a colour get it (Type B)"),
    ("C10", "2.3.7", "except in the last two rounds, the fewest upfloaters' opponents that floated in the "
                     "previous round", "quality",
     "as few teams as possible meet a team that played up in the previous round, when playing up themselves (not in "
     "the last two rounds)"),
    ("3.6.4", "3.6.2-3.6.4", "of equal pairings of a bracket, the first identifier (top members, the smaller TPNs, "
                       "ascending, then their opponents)", "order",
     "of equally good pairings of a score group, the rules take the first in their fixed order (by pairing numbers, "
     "top teams first)"),
    ("4.2", "4.2", "the first-team: the higher score, then the higher secondary score, then the smaller TPN",
     "colour",
     "the first team is the one with the higher score, then the higher secondary score, then the lower pairing number"),
) + tuple((s.article, s.article, s.words, "colour", s.plain) for s in STEPS)
