"""The checker's reading of the colour rules, C.04.4.1 Art. 5.2."""

from __future__ import annotations

from checker.swiss_round import white_by_art_5_2

__all__ = ["white_of", "WORDS"]

WORDS = {
    "5.2.1": "Art. 5.2.1 (neither has played: the initial colour to the higher-ranked player if their TPN is odd)",
    "5.2.2": "Art. 5.2.2 (both colour preferences granted)",
    "5.2.3": "Art. 5.2.3 (the stronger colour preference granted)",
    "5.2.4": "Art. 5.2.4 (alternation from the last round with different colours)",
    "5.2.5": "Art. 5.2.5 (the higher-ranked player's colour preference granted)",
}


#: Who has White in a pair and the rule that says so: the start rank and the article (Art. 5.2,
#: by this system's ranking, :attr:`checker.dubov.state.Seat.rank`).
white_of = white_by_art_5_2
