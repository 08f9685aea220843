"""The rules of the Dubov system (C.04.4.1, 2026) as rows, in priority order: the criteria of
Art. 2, the PAB's order of Art. 3.1, the bracket's orders of Art. 3.2 and 4, and the colour
rules of Art. 5.2.  Each row: ``(name, article, words, kind)``."""

from __future__ import annotations

from pairing.dubov.colours import STEPS
from pairing.legal import CRITERIA
from pairing.pab import CHOICE

__all__ = ["RULES"]

RULES: tuple[tuple[str, str, str, str], ...] = CRITERIA + CHOICE + (
    ("3.1.5", "3.1.5", "then to the largest TPN", "pab"),
    ("C5", "2.3.1", "the fewest upfloaters", "quality"),
    ("C6", "2.3.2", "the smallest score differences in the pairs with an upfloater (the upfloaters' scores, "
                    "from the lowest up, as high as possible)", "quality"),
    ("C7", "2.3.3", "the fewest players who do not get their colour preference", "quality"),
    ("C8", "2.3.4", "(not in the last round) the fewest upfloaters who are maximum upfloaters (MaxT = 2 + "
                    "rounds/5, Art. 1.8)", "quality"),
    ("C9", "2.3.5", "(not in the last round) the fewest times a maximum upfloater is upfloated (the most-"
                    "upfloated first)", "quality"),
    ("C10", "2.3.6", "(not in the last round) the fewest upfloaters who upfloated in the previous round", "quality"),
    ("4.2", "4.2", "of upfloater sets equal on C1-C10, the first by score descending, then TPN ascending",
     "order"),
    ("4.3", "4.3", "shifters between G1 (White seekers) and G2: the first set, sequence numbers handed out from "
                   "the middle of the list outwards (White seekers by ARO, Black seekers by TPN)", "order"),
    ("order", "4.4", "S1 (G1 by ascending ARO, then TPN) meets the first transposition of G2 in TPN order that "
                     "is legal", "order"),
) + tuple((article, article, words, "colour") for article, words in STEPS)
