"""Art. 2.4 (the tentative pairing) and Art. 4 (scrutiny and exchanges), with the colour choices of
Art. 5.2 and the Maxi-tournament bar of Art. 5.7 / 3.8.

Art. 2.4 proposes the top half against the bottom half: 1 v n/2+1, 2 v n/2+2, ...  Art. 4 scrutinises
the proposal from the first player of the direction's order (#1 downward, the largest number
upward) and, when a proposed opponent is not available, exchanges it.  The text's tables for six
players (4.2, 4.3) give #1 the order 4, 5, 6, 3, 2: first the bottom half in order, then the top
half from the bottom up.  Generalised to n players (docs/lim.md L10): the first player of the
arrangement tries the bottom half in order, then the top half from its last player up; once he has
an opponent the players left are arranged and proposed afresh the same way, which reproduces every
column of the six-player tables.  An opponent is *available* when he is compatible (Art. 2.1) and
the players left can still all be paired (Art. 4.4: an exchange must leave every player a
compatible opponent).

Colours (Art. 5.2, docs/lim.md L11): among the available opponents of the segment being tried
(the bottom half, else the top half), the first whose due colour differs from the player's (or who
is due none) is taken; if none does, the first available.  In a Maxi-tournament (Art. 5.7, 3.8)
that exchange for colour is made only with an opponent rated within 100 points of the first
available one.
"""

from __future__ import annotations

from typing import Callable, Sequence

from pairing.lim.compatibility import Compatibility
from pairing.lim.players import Entrant, due_colour

__all__ = ["tentative", "exchange_order", "colours_suit", "within_maxi_band", "choose", "scrutinise", "MAXI_BAND"]

#: Art. 3.2.3, 3.8, 5.7: a Maxi-tournament's choices are made between players within 100 points.
MAXI_BAND = 100


def tentative(arranged: Sequence[Entrant]) -> list[tuple[Entrant, Entrant]]:
    """Art. 2.4: 1 v n/2+1, 2 v n/2+2, ..., n/2 v n (in the direction's arrangement)."""
    half = len(arranged) // 2
    return [(arranged[i], arranged[i + half]) for i in range(half)]


def exchange_order(arranged: Sequence[Entrant]) -> tuple[list[Entrant], list[Entrant]]:
    """Art. 4.2-4.3 generalised (module docstring): the opponents the first player of ``arranged``
    tries, as two segments: the bottom half in order, then the top half from the bottom up."""
    half = len(arranged) // 2
    return list(arranged[half:]), [arranged[i] for i in range(half - 1, 0, -1)]


def colours_suit(a: Entrant, b: Entrant) -> bool:
    """Art. 5.2: both players can get the colour due to them."""
    da, db = due_colour(a.colours), due_colour(b.colours)
    return da is None or db is None or da is not db


def within_maxi_band(a: Entrant, b: Entrant) -> bool:
    """Art. 3.2.3, 3.8, 5.7: rated within 100 points of each other."""
    return abs(a.rating - b.rating) <= MAXI_BAND


def choose(player: Entrant, segments: Sequence[Sequence[Entrant]], available: Callable[[Entrant], bool], *,
           maxi: bool) -> Entrant | None:
    """The opponent of ``player``: in the first segment holding an available opponent, the first
    available one whose colours suit (Art. 5.2; in a Maxi-tournament within 100 points of the first
    available, Art. 5.7), else the first available.  ``None``: nobody is available."""
    for seg in segments:
        first: Entrant | None = None
        for c in seg:
            if not available(c):
                continue
            if first is None:
                first = c
            if colours_suit(player, c) and (not maxi or within_maxi_band(c, first)):
                return c
        if first is not None:
            return first
    return None


def _rest_pairable(comp: Compatibility, rest: Sequence[Entrant], arrange: Callable[[list[Entrant]], list[Entrant]]
                   ) -> bool:
    """Art. 4.4: the players left can all be paired.  (A shortcut, not a rule: a compatible
    tentative pairing of the rest answers yes without a matching.)"""
    if len(rest) % 2:
        return False
    arranged = arrange(list(rest))
    if all(comp.ok(a, b) for a, b in tentative(arranged)):
        return True
    return comp.can_pair_all(rest)


def available_in(comp: Compatibility, player: Entrant, pool: Sequence[Entrant],
                 arrange: Callable[[list[Entrant]], list[Entrant]]) -> Callable[[Entrant], bool]:
    """Art. 4.4: ``c`` is available to ``player`` when compatible and the rest of ``pool`` stays pairable."""
    def available(c: Entrant) -> bool:
        if not comp.ok(player, c):
            return False
        rest = [q for q in pool if q is not player and q is not c]
        return _rest_pairable(comp, rest, arrange)
    return available


def scrutinise(players: Sequence[Entrant], comp: Compatibility, arrange: Callable[[list[Entrant]], list[Entrant]],
               *, maxi: bool) -> list[tuple[Entrant, Entrant]]:
    """Art. 2.4 and 4: pair ``players`` (who can all be paired) by scrutiny and exchange, the
    first of the arrangement first (module docstring)."""
    remaining = arrange(list(players))
    pairs: list[tuple[Entrant, Entrant]] = []
    while remaining:
        first = remaining[0]
        segments = exchange_order(remaining)
        opp = choose(first, segments, available_in(comp, first, remaining, arrange), maxi=maxi)
        if opp is None:  # cannot happen when the players can all be paired (Art. 4.4)
            raise AssertionError("scrutiny found no available opponent")
        pairs.append((first, opp))
        remaining = [q for q in remaining if q is not first and q is not opp]
    return pairs
