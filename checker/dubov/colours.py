"""The checker's reading of the colour rules, C.04.4.1 Art. 5.2."""

from __future__ import annotations

from checker.dubov.state import Seat
from trf.model import Colour

__all__ = ["white_of", "WORDS"]

WORDS = {
    "5.2.1": "Art. 5.2.1 (neither has played: the initial colour to the higher-ranked player if their TPN is odd)",
    "5.2.2": "Art. 5.2.2 (both colour preferences granted)",
    "5.2.3": "Art. 5.2.3 (the stronger colour preference granted)",
    "5.2.4": "Art. 5.2.4 (alternation from the last round with different colours)",
    "5.2.5": "Art. 5.2.5 (the higher-ranked player's colour preference granted)",
}


def white_of(a: Seat, b: Seat, initial: Colour) -> tuple[int, str]:
    """Who has White in the pair ``a``-``b`` and the rule that says so."""
    hi, lo = (a, b) if a.rank < b.rank else (b, a)
    if not hi.history and not lo.history:
        c = initial if hi.tpn % 2 == 1 else (Colour.BLACK if initial is Colour.WHITE else Colour.WHITE)
        return (hi.id if c is Colour.WHITE else lo.id), "5.2.1"
    if hi.want is not lo.want:
        return (hi.id if hi.want is Colour.WHITE else lo.id), "5.2.2"
    if hi.strength != lo.strength:
        strong = hi if hi.strength > lo.strength else lo
        other = lo if strong is hi else hi
        return (strong.id if strong.want is Colour.WHITE else other.id), "5.2.3"
    for x, y in zip(reversed(hi.history), reversed(lo.history)):
        if x is not y:
            return (lo.id if x is Colour.WHITE else hi.id), "5.2.4"
    return (hi.id if hi.want is Colour.WHITE else lo.id), "5.2.5"
