"""Colour allocation, C.04.4.2 Art. 5.2: for each pair the first rule that decides.

"Higher ranked" is the ranking of Art. 1.8 (Index, then TPN), not the score."""

from __future__ import annotations

from pairing.burstein.players import TAKEN, Entrant, Switches, rank_key
from trf.model import Colour

__all__ = ["allocate", "STEPS"]

#: The colour rules in order: (article, words).
STEPS: tuple[tuple[str, str], ...] = (
    ("5.2.1", "neither has played: the higher-ranked player gets the initial colour if their TPN is odd, "
              "else the other"),
    ("5.2.2", "grant both colour preferences"),
    ("5.2.3", "grant the stronger colour preference"),
    ("5.2.4", "alternate from the most recent round in which one had White and the other Black"),
    ("5.2.5", "grant the higher-ranked player's colour preference (Art. 1.8)"),
)


def allocate(a: Entrant, b: Entrant, initial: Colour, sw: Switches = TAKEN) -> tuple[tuple[Entrant, Entrant], str]:
    """``((white, black), article)``: the colours of the pair ``a``-``b`` and the rule of Art.
    5.2 that decided them; "higher ranked" by Art. 1.8 (``sw.colour_rank_by_index``, decision
    B15) or, the other reading, by the smaller TPN."""
    if sw.colour_rank_by_index:
        hi, lo = (a, b) if rank_key(a) < rank_key(b) else (b, a)
    else:
        hi, lo = (a, b) if a.tpn < b.tpn else (b, a)

    def hi_gets(c: Colour, why: str) -> tuple[tuple[Entrant, Entrant], str]:
        return ((hi, lo) if c is Colour.WHITE else (lo, hi)), why

    if not hi.colours and not lo.colours:
        return hi_gets(initial if hi.tpn % 2 == 1 else initial.opposite, "5.2.1")
    if hi.preference is None or lo.preference is None or hi.preference is not lo.preference:
        if hi.preference is not None:
            return hi_gets(hi.preference, "5.2.2")
        assert lo.preference is not None
        return hi_gets(lo.preference.opposite, "5.2.2")
    if hi.strength != lo.strength:
        strong = hi if hi.strength > lo.strength else lo
        c = strong.preference
        assert c is not None
        return hi_gets(c if strong is hi else c.opposite, "5.2.3")
    for x, y in zip(reversed(hi.colours), reversed(lo.colours)):
        if x is not y:
            return hi_gets(x.opposite, "5.2.4")
    return hi_gets(hi.preference, "5.2.5")
