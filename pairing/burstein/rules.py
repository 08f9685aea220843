"""The rules of the Burstein system (C.04.4.2, 2026) as rows, in priority order: the criteria of
Art. 2, the PAB's order of Art. 3.1, the candidate order of Art. 4 and the colour rules of Art.
5.2.  Each row: ``(name, article, words, kind)``."""

from __future__ import annotations

from pairing.burstein.colours import STEPS
from pairing.legal import CRITERIA
from pairing.pab import CHOICE

__all__ = ["RULES"]

RULES: tuple[tuple[str, str, str, str], ...] = (
    ("1.6", "1.6", "the first min(rounds/2, 4) rounds are seeding rounds, paired by the Dutch system", "order"),
) + CRITERIA + CHOICE + (
    ("3.1.5", "3.1.5", "then to the lowest ranked by Art. 1.8 (the lowest Index, then the largest TPN)", "pab"),
    ("C5", "2.3.1", "the most pairs in the bracket", "quality"),
    ("C6", "2.3.2", "the outgoing floaters' scores, sorted from the highest down, as small as possible", "quality"),
    ("C7", "2.3.3", "outgoing floaters such that the next bracket does best on C1-C6", "quality"),
    ("C8", "2.3.4", "the fewest players who do not get their colour preference", "quality"),
    ("order", "4", "of candidates equal on C1-C8, the first in Art. 4 order (BSN 1's opponent as large as "
                   "possible, then BSN 2's, ...; a floater's opponent is the virtual 0)", "order"),
) + tuple((article, article, words, "colour") for article, words in STEPS)
