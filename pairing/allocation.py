"""Colour allocation by the steps of Art. 5.2 as C.04.4.1 and C.04.4.2 (2026) state them alike:
for each pair the first step that decides (5.2.1 the initial colour, 5.2.2 both preferences,
5.2.3 the stronger preference, 5.2.4 alternation from the last round of different colours,
5.2.5 the higher-ranked player's preference).  What "higher ranked" means is each text's own
(``rank_key``: C.04.4.1 Art. 5.2.1, C.04.4.2 Art. 1.8).  The engines of those systems take it
from here; each checker keeps its own reading."""

from __future__ import annotations

from typing import Any, Callable, Protocol, TypeVar

from pairing.preference import Strength
from trf.model import Colour

__all__ = ["Allocated", "allocate"]


class Allocated(Protocol):
    """What Art. 5.2 reads of a player: the TPN, the colours of played games, the colour
    preference (``None``: none) and its strength."""

    @property
    def tpn(self) -> int: ...

    @property
    def colours(self) -> tuple[Colour, ...]: ...

    @property
    def preference(self) -> Colour | None: ...

    @property
    def strength(self) -> Strength: ...


P = TypeVar("P", bound=Allocated)


def allocate(a: P, b: P, initial: Colour, rank_key: Callable[[P], tuple[Any, ...]]) -> tuple[tuple[P, P], str]:
    """``((white, black), article)``: the colours of the pair ``a``-``b`` and the step of Art.
    5.2 that decided them; ``hi`` is the one ``rank_key`` sorts first (the higher ranked).  A
    player without a preference takes the colour the other does not prefer (5.2.2)."""
    hi, lo = (a, b) if rank_key(a) < rank_key(b) else (b, a)

    def hi_gets(c: Colour, why: str) -> tuple[tuple[P, P], str]:
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
