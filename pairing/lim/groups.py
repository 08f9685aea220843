"""Pairing one scoregroup (Art. 2.3-2.5, 3.6-3.8, 4): its own players and the floaters it received.

The floaters that stay in the group are paired first (Art. 3.6-3.7, in :func:`floater_order`),
each with the first available player of the group in the direction's arrangement (a down-floater
meets the highest-ranked compatible player, an up-floater the lowest-ranked: Art. 3.3-3.4, 3.6-3.7),
the group's own players before the other floaters (docs/lim.md L13); then the rest by scrutiny and
exchange (Art. 4, :mod:`pairing.lim.exchange`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pairing.lim.compatibility import Compatibility
from pairing.lim.exchange import available_in, choose, scrutinise
from pairing.lim.floaters import floater_order, select_floaters
from pairing.lim.players import Entrant
from pairing.lim.scoregroups import Direction

__all__ = ["Received", "GroupResult", "pair_group"]


@dataclass(frozen=True)
class Received:
    """The floaters a group received: from the side its pairing started at (``ahead``: down-floaters
    in a group paired downward, up-floaters in one paired upward) and, for the Median Scoregroup
    only, from the other side (``behind``)."""

    ahead: tuple[Entrant, ...] = ()
    behind: tuple[Entrant, ...] = ()

    @property
    def all(self) -> tuple[Entrant, ...]:
        return self.ahead + self.behind


@dataclass(frozen=True)
class GroupResult:
    pairs: tuple[tuple[Entrant, Entrant], ...]
    floaters: tuple[Entrant, ...]


def pair_group(residents: Sequence[Entrant], received: Received, adjacent: Sequence[Entrant], direction: Direction,
               comp: Compatibility, *, maxi: bool) -> GroupResult:
    """Pair one scoregroup (module docstring); ``adjacent``: the next group's own players, where
    its floaters go (empty for the Median Scoregroup, which must pair everyone)."""
    members = list(received.all) + list(residents)
    incoming = frozenset(p.id for p in received.all)
    floaters = select_floaters(members, incoming, adjacent, direction, comp, maxi=maxi)
    gone = {p.id for p in floaters}
    staying = [p for p in members if p.id not in gone]
    pairs: list[tuple[Entrant, Entrant]] = []
    ordered = [(p, direction) for p in floater_order(received.ahead, direction, from_ahead=True)] + \
        [(p, direction.mirrored) for p in floater_order(received.behind, direction, from_ahead=False)]
    for f, d in ordered:
        if f not in staying:
            continue
        own = d.arrange(q for q in staying if q.id not in incoming)
        others = d.arrange(q for q in staying if q.id in incoming and q is not f)
        opp = choose(f, (own, others), available_in(comp, f, staying, d.arrange), maxi=maxi)
        if opp is None:  # pragma: no cover - the staying players can all be paired
            raise AssertionError("a floater found no available opponent")
        pairs.append((f, opp))
        staying = [q for q in staying if q is not f and q is not opp]
    pairs += scrutinise(staying, comp, direction.arrange, maxi=maxi)
    return GroupResult(tuple(pairs), tuple(floaters))
