"""The checker's reading of Art. 5.2 (C.04.4.2, 2026): who gets White in a pair, and by which rule."""

from __future__ import annotations

from checker.burstein.state import Seat
from trf.model import Colour

__all__ = ["white_of", "WORDS"]

WORDS = {
    "5.2.1": "neither has played: the higher-ranked player gets the initial colour if their TPN is odd",
    "5.2.2": "both colour preferences granted",
    "5.2.3": "the stronger colour preference granted",
    "5.2.4": "colours alternated from the latest round in which they differed",
    "5.2.5": "the higher-ranked player's colour preference granted (Art. 1.8)",
}


def white_of(x: Seat, y: Seat, initial: Colour) -> tuple[int, str]:
    """The start rank that gets White, and the article of the deciding rule."""
    top, other = sorted((x, y), key=lambda s: s.rank)

    def give(who: Seat, c: Colour, rule: str) -> tuple[int, str]:
        partner = other if who is top else top
        return (who.id if c is Colour.WHITE else partner.id), rule

    if not top.history and not other.history:
        return give(top, initial if top.tpn % 2 else (Colour.BLACK if initial is Colour.WHITE else Colour.WHITE),
                    "5.2.1")
    if top.want != other.want or top.want is None:
        return give(top, top.want, "5.2.2") if top.want is not None else give(other, other.want, "5.2.2")  # type: ignore[arg-type]
    if top.strength != other.strength:
        s = top if top.strength > other.strength else other
        return give(s, s.want, "5.2.3")  # type: ignore[arg-type]
    i, j = len(top.history) - 1, len(other.history) - 1
    while i >= 0 and j >= 0:
        if top.history[i] != other.history[j]:
            return give(top, Colour.BLACK if top.history[i] is Colour.WHITE else Colour.WHITE, "5.2.4")
        i, j = i - 1, j - 1
    return give(top, top.want, "5.2.5")
