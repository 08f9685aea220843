"""Art. 2.2 and 2.6: the two sides of the Median Scoregroup, then the Median Scoregroup itself,
paired last and downward, "cracking" pairings of its neighbours while it cannot be completed.

The groups above the median are paired from the top down, each passing its floaters to the next
(down-floaters); the groups below from the bottom up (up-floaters); all floaters that reach the
median join it.  When the Median Scoregroup (its players and the floaters) cannot all be paired,
Art. 2.6 undoes the last pairing made on one side and moves both players into it: the side below
when more floaters came from above than from below, else the side above (the side with pairings
left when the other has none), as often as needed (docs/lim.md L14).  Undoing every pairing leaves
the whole field in the median, which the engine checked can be paired, so the procedure ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from pairing.lim.compatibility import Compatibility
from pairing.lim.groups import Received, pair_group
from pairing.lim.players import Entrant
from pairing.lim.scoregroups import Direction, pairing_order, scoregroups

__all__ = ["Made", "pair_scoregroups"]


@dataclass(frozen=True)
class Made:
    """A pairing and where it was made: ``median_or_above`` (Art. 5.4: in or above the Median
    Scoregroup the higher-ranked player's due colour decides a tie, below it the lower-ranked's);
    ``group``: the score of the group it was made in (the Median Scoregroup's for a pairing re-made
    there after Art. 2.6 undid one next to it)."""

    a: Entrant
    b: Entrant
    median_or_above: bool
    group: Fraction


def _side(scores: Sequence[Fraction], groups: dict[Fraction, list[Entrant]], median_players: Sequence[Entrant],
          direction: Direction, comp: Compatibility, *, maxi: bool) -> tuple[list[Made], list[Entrant]]:
    """One side of the median in the order of Art. 2.2: its pairings in the order made, and the
    floaters it hands to the median."""
    made: list[Made] = []
    incoming: tuple[Entrant, ...] = ()
    for i, s in enumerate(scores):
        adjacent = groups[scores[i + 1]] if i + 1 < len(scores) else list(median_players)
        res = pair_group(groups[s], Received(ahead=incoming), adjacent, direction, comp, maxi=maxi)
        made += [Made(a, b, direction is Direction.DOWN, s) for a, b in res.pairs]
        incoming = res.floaters
    return made, list(incoming)


def pair_scoregroups(players: Sequence[Entrant], median: Fraction, comp: Compatibility, *, maxi: bool
                     ) -> tuple[list[Made], int]:
    """Art. 2.2-2.6: every pairing of the round (in the order made) and how many pairings Art. 2.6
    undid.  ``players`` can all be paired (the caller checked)."""
    groups = scoregroups(players)
    above, below = pairing_order(groups, median)
    residents = groups.get(median, [])
    high, down = _side(above, groups, residents, Direction.DOWN, comp, maxi=maxi)
    low, up = _side(below, groups, residents, Direction.UP, comp, maxi=maxi)
    cracked = 0
    while not comp.can_pair_all(list(residents) + down + up):
        crack_low = bool(len(down) > len(up) and low) or not high
        side = low if crack_low else high
        if not side:  # pragma: no cover - every pairing undone: the whole field, which can be paired
            raise AssertionError("the Median Scoregroup stays blocked")
        m = side.pop()
        (up if crack_low else down).extend((m.a, m.b))
        cracked += 1
    res = pair_group(residents, Received(ahead=tuple(down), behind=tuple(up)), (), Direction.DOWN, comp, maxi=maxi)
    return high + low + [Made(a, b, True, median) for a, b in res.pairs], cracked
