"""The rules of the Double-Swiss system (C.04.5, 2026) as rows, in priority order: the criteria
of Art. 2, the PAB's order of Art. 3.4, the upfloater sets' and the bracket's order of Art.
3.5-3.6, and the colour steps of Art. 4.3 (:data:`pairing.double_swiss.colours.STEPS`).  Each row:
``(name, article, words, kind)``."""

from __future__ import annotations

from pairing.double_swiss.colours import STEPS

__all__ = ["RULES"]

RULES: tuple[tuple[str, str, str, str], ...] = (
    ("C1", "2.1.1", "two players do not meet twice (a match forfeited on both games by a player is no meeting)",
     "absolute"),
    ("C2", "2.1.2", "no PAB for a player that had one, won a match by forfeit, or had a full-point bye", "absolute"),
    ("C3", "2.2.1", "a legal pairing of the players not yet paired always remains", "completion"),
    ("3.4.1", "3.4.1", "the PAB leaves a legal pairing of all the other players", "pab"),
    ("3.4.2", "3.4.2", "the PAB goes to the lowest score", "pab"),
    ("3.4.3", "3.4.3", "then to the most matches played", "pab"),
    ("3.4.4", "3.4.4", "then to the largest TPN", "pab"),
    ("C4", "2.3.1", "the fewest upfloaters", "quality"),
    ("C5", "2.3.2", "the upfloaters' scores, in ascending order, as high as possible", "quality"),
    ("C6", "2.3.3", "unless it has been emptied, the next scoregroup can be paired with the fewest upfloaters",
     "quality"),
    ("C7", "2.3.4", "except in the last round, the fewest upfloaters that floated in the previous round", "quality"),
    ("3.5.4", "3.5.4", "of equal upfloater sets, the first in lexicographic order (score descending, TPN "
                       "ascending)", "order"),
    ("C8", "2.3.5", "except in the last round, the fewest upfloaters' opponents that floated in the previous round",
     "quality"),
    ("3.6.4", "3.6.2-3.6.4", "of equal pairings of a bracket, the first identifier (top members, the smaller TPNs, "
                             "ascending, then their opponents)", "order"),
    ("1.2", "1.2", "the higher-ranked player: the higher score, then the smaller TPN", "colour"),
) + tuple((s.article, s.article, s.words, "colour") for s in STEPS)
