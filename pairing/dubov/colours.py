"""Colour allocation, C.04.4.1 Art. 5.2: for each pair the first rule that decides.

"Higher ranked" is the ranking of Art. 5.2.1: more points, then the smaller TPN."""

from __future__ import annotations

from pairing.dubov.players import Entrant, rank_key
from trf.model import Colour

__all__ = ["allocate", "STEPS"]

#: The colour rules in order: (article, words).
STEPS: tuple[tuple[str, str], ...] = (
    ("5.2.1", "neither has played: the higher-ranked player (more points, then the smaller TPN) gets the "
              "initial colour if their TPN is odd, else the other"),
    ("5.2.2", "grant both colour preferences"),
    ("5.2.3", "grant the stronger colour preference"),
    ("5.2.4", "alternate from the most recent round in which one had White and the other Black"),
    ("5.2.5", "grant the higher-ranked player's colour preference"),
)


def allocate(a: Entrant, b: Entrant, initial: Colour) -> tuple[tuple[Entrant, Entrant], str]:
    """``((white, black), article)``: the colours of the pair ``a``-``b`` and the rule of Art.
    5.2 that decided them.  A player who has not played has a mild preference for Black (Art.
    1.6.4), so rules 5.2.2-5.2.5 also decide a pair with one newcomer."""
    hi, lo = (a, b) if rank_key(a) < rank_key(b) else (b, a)

    def hi_gets(c: Colour, why: str) -> tuple[tuple[Entrant, Entrant], str]:
        return ((hi, lo) if c is Colour.WHITE else (lo, hi)), why

    if not hi.colours and not lo.colours:
        return hi_gets(initial if hi.tpn % 2 == 1 else initial.opposite, "5.2.1")
    if hi.preference is not lo.preference:
        return hi_gets(hi.preference, "5.2.2")
    if hi.strength != lo.strength:
        strong = hi if hi.strength > lo.strength else lo
        return hi_gets(strong.preference if strong is hi else strong.preference.opposite, "5.2.3")
    for x, y in zip(reversed(hi.colours), reversed(lo.colours)):
        if x is not y:
            return hi_gets(x.opposite, "5.2.4")
    return hi_gets(hi.preference, "5.2.5")
