"""Art. 2.3 and the Floater Selection Rules of Art. 3: who of a scoregroup is transferred to the
neighbouring group (towards the Median Scoregroup), and in which order the floaters a group
receives are paired.

Who floats (docs/lim.md L12).  The group keeps as many pairings as its players can make (Art.
3.10.2), so exactly as many players float as a maximum pairing leaves over: first those with no
compatible opponent in the group at all (Art. 2.3.1-2.3.3), then, one at a time, each the first in
the order below whose transfer still leaves that many pairings (Art. 2.3.4):

1. Art. 3.9: the least disadvantaged floater type first: (d) a resident with a compatible opponent
   in the next group, (c) a resident without one, (b) a player who already floated into this group
   with one, (a) such a player without one;
2. Art. 3.10: a player who did not float in the previous round before one who did;
3. Art. 3.2.2: a player due the colour more of the players staying are due (the numbers due White
   and due Black come closer); in a Maxi-tournament only within 100 points of the player 3.2.4
   would take (Art. 3.2.3);
4. Art. 3.2.4: above the median the lowest-ranked (largest pairing number), below it the highest
   ranked: the last of the direction's arrangement.

The order of the floaters received (Art. 3.6, 3.7): those from the side the pairing started at
first, the score farthest from the group first, then by the direction's arrangement; the Median
Scoregroup then takes the up-floaters, lowest score first, then the largest pairing number first.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Sequence

from pairing.lim.compatibility import Compatibility
from pairing.lim.exchange import within_maxi_band
from pairing.lim.players import Entrant, due_colour
from pairing.lim.scoregroups import Direction
from trf.model import Colour

__all__ = ["FloaterType", "floater_type", "select_floaters", "floater_order"]


class FloaterType(IntEnum):
    """Art. 3.9: the four floater types, least disadvantaged (chosen first) to most."""

    D = 0  # did not float into the group; has a compatible opponent in the next group
    C = 1  # did not float into the group; has none
    B = 2  # floated into the group; has a compatible opponent in the next group
    A = 3  # floated into the group; has none


def floater_type(p: Entrant, incoming: frozenset[int], adjacent: Sequence[Entrant], comp: Compatibility
                 ) -> FloaterType:
    """Art. 3.9: ``p``'s type, by whether he floated into this group (``incoming``) and whether he
    has a compatible opponent among the next group's players (``adjacent``)."""
    has = comp.any_in(p, adjacent)
    if p.id in incoming:
        return FloaterType.B if has else FloaterType.A
    return FloaterType.D if has else FloaterType.C


def _majority_due(players: Sequence[Entrant]) -> Colour | None:
    w = sum(1 for p in players if due_colour(p.colours) is Colour.WHITE)
    b = sum(1 for p in players if due_colour(p.colours) is Colour.BLACK)
    if w == b:
        return None
    return Colour.WHITE if w > b else Colour.BLACK


def select_floaters(members: Sequence[Entrant], incoming: frozenset[int], adjacent: Sequence[Entrant],
                    direction: Direction, comp: Compatibility, *, maxi: bool) -> list[Entrant]:
    """Art. 2.3, 3.2-3.4, 3.9-3.10: the players of the group (``members``: its own players and the
    floaters it received, ``incoming``) who are transferred to the next group (module docstring)."""
    m = comp.pairs(members)
    need = len(members) - 2 * m
    if need == 0:
        return []
    floaters = [p for p in members if not comp.any_in(p, [q for q in members if q is not p])]
    while len(floaters) < need:
        staying = [p for p in members if p not in floaters]
        arranged = direction.arrange(staying)
        default = arranged[-1]
        majority = _majority_due(staying)
        position = {p.id: i for i, p in enumerate(arranged)}

        def key(p: Entrant) -> tuple[int, bool, bool, int]:
            equalises = majority is not None and due_colour(p.colours) is majority and \
                (not maxi or within_maxi_band(p, default))
            return (floater_type(p, incoming, adjacent, comp), p.floated_last, not equalises, -position[p.id])

        for p in sorted(staying, key=key):
            rest = [q for q in staying if q is not p]
            if comp.pairs(rest) == m:
                floaters.append(p)
                break
        else:  # pragma: no cover - removing an unmatched player of a maximum pairing always keeps m
            raise AssertionError("no floater keeps the group's pairings")
    return floaters


def floater_order(floaters: Sequence[Entrant], direction: Direction, *, from_ahead: bool) -> list[Entrant]:
    """Art. 3.6-3.7: the order in which received floaters are paired (module docstring)."""
    d = direction if from_ahead else direction.mirrored
    farthest_first = -1 if d is Direction.DOWN else 1
    return sorted(floaters, key=lambda p: (farthest_first * p.score, p.tpn if d is Direction.DOWN else -p.tpn))
