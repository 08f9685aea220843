"""The two questions the checker asks of who may meet whom ([C1], Art. 2.1.1):

* can these teams all be paired legally (:meth:`MeetGraph.pairable`; [C3] Art. 2.2.1 and the
  "legal pairing" of Art. 3.4.1 and 3.5.5), answered by a maximum-cardinality matching;
* what is the least value a perfect pairing of these teams can have on the pair rows, under
  constraints (:func:`least_cost`), answered by a maximum-weight matching whose weights rank
  the rows lexicographically.

Both matchings are the generic ones of :mod:`algorithms` (no chess there); which pairing the rules
choose among the least-valued ones is decided in :mod:`checker.team.brackets`.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from algorithms.cardinality import maximum_matching
from algorithms.matching import max_weight_matching
from checker.team.state import RoundState

__all__ = ["MeetGraph", "least_cost"]

Pair = tuple[int, int]


class MeetGraph:
    """The round's teams (``teams``, TPNs) and who may meet whom, as adjacency bitsets."""

    def __init__(self, state: RoundState, teams: Iterable[int]) -> None:
        self.state = state
        self.teams = sorted(teams)
        self.index = {t: i for i, t in enumerate(self.teams)}
        adj = [0] * len(self.teams)
        for i, a in enumerate(self.teams):
            for j, b in enumerate(self.teams):
                if i != j and state.may_meet(a, b):
                    adj[i] |= 1 << j
        self.adj = adj

    def mask(self, teams: Iterable[int]) -> int:
        out = 0
        for t in teams:
            out |= 1 << self.index[t]
        return out

    def pairable(self, teams: Iterable[int]) -> bool:
        """Whether ``teams`` admit a perfect pairing by [C1] (no team left over)."""
        mask = self.mask(teams)
        count = bin(mask).count("1")
        if count % 2:
            return False
        if count == 0:
            return True
        mate = maximum_matching(self.adj, mask)
        return sum(1 for i in range(len(mate)) if mask >> i & 1 and mate[i] >= 0) == count


def least_cost(teams: Sequence[int], cost: Callable[[int, int], tuple[int, ...]],
               allowed: Callable[[int, int], bool], width: int) -> tuple[tuple[int, ...], list[Pair]] | None:
    """The least value (added up component by component, compared lexicographically) of a perfect
    pairing of ``teams`` using only ``allowed`` pairs, and one pairing that has it; ``None`` when no
    perfect pairing exists.  ``width`` is the number of components of ``cost``; each component of
    one pair must lie in 0..2."""
    n = len(teams)
    if n == 0:
        return (0,) * width, []
    if n % 2:
        return None
    base = n + 1  # a component added over n/2 pairs stays below n + 1
    top = base ** width
    weight = [[0] * n for _ in range(n)]
    costs: dict[Pair, tuple[int, ...]] = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = teams[i], teams[j]
            if not allowed(a, b):
                continue
            c = cost(a, b)
            costs[(i, j)] = c
            encoded = 0
            for x in c:
                encoded = encoded * base + x
            # every edge outweighs any sum of costs: a maximum-weight matching is perfect if any is
            weight[i][j] = weight[j][i] = 2 * top - encoded
    mate = max_weight_matching(weight)
    if any(m < 0 for m in mate):
        return None
    pairs = [(i, mate[i]) for i in range(n) if i < mate[i]]
    total = tuple(sum(costs[p][k] for p in pairs) for k in range(width))
    return total, sorted((teams[i], teams[j]) for i, j in pairs)
