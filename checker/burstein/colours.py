"""The checker's reading of Art. 5.2 (C.04.4.2, 2026): who gets White in a pair, and by which rule."""

from __future__ import annotations

from checker.swiss_round import white_by_art_5_2

__all__ = ["white_of", "WORDS"]

WORDS = {
    "5.2.1": "neither has played: the higher-ranked player gets the initial colour if their TPN is odd",
    "5.2.2": "both colour preferences granted",
    "5.2.3": "the stronger colour preference granted",
    "5.2.4": "colours alternated from the latest round in which they differed",
    "5.2.5": "the higher-ranked player's colour preference granted (Art. 1.8)",
}


#: Who has White in a pair and the rule that says so: the start rank and the article (Art. 5.2,
#: by this system's ranking, :attr:`checker.burstein.state.Seat.rank`).
white_of = white_by_art_5_2
