"""The round being paired: its players in rank order (Art. 1.2), their scoregroups, who may meet
whom, the current edge weights, and one maximum-weight matching over every player still unpaired.

Each solve is exact over the whole field: completion (C4) sits in the most significant field, so a
decision is frozen only if it belongs to some complete optimal pairing (Art. 2.2.1 for every
bracket).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from pairing.dutch.criteria import compatible
from pairing.dutch.weights import Layout, bracket_weight, next_weight, top_weight
from pairing.matching import max_weight_matching
from pairing.players import PairingPlayer


class RoundState:
    """Players are vertices ``0..n-1`` in rank order; ``w`` holds the weight of every compatible
    pair ``(i, j)``, ``i < j``, of players still unpaired or paired in :attr:`pairs`."""

    def __init__(self, players: list[PairingPlayer], forbidden: frozenset[frozenset[int]], rounds_played: int) -> None:
        self.p = players
        self.n = len(players)
        self.rounds_played = rounds_played
        groups: list[list[int]] = []
        for i, pl in enumerate(players):
            if groups and players[groups[-1][0]].score == pl.score:
                groups[-1].append(i)
            else:
                groups.append([i])
        self.groups = groups
        self.L = Layout(players, groups, rounds_played)
        self.level = [self.L.offset[pl.score] for pl in players]
        self.compat = {(i, j) for i, j in combinations(range(self.n), 2) if compatible(players[i], players[j], forbidden)}
        self.alive = set(range(self.n))
        self.w: dict[tuple[int, int], int] = {}
        self.pairs: list[tuple[int, int]] = []
        self.mate: dict[int, int] = {}
        self.solves = 0
        # set by the pre-pass (stages.completion_prepass)
        self.odd = False
        self.pab_score: Fraction | None = None
        self.candidate: list[bool] = [True] * self.n
        self.c9 = False
        self.c9_rank: dict[int, int] = {}
        self.bye: int | None = None

    # ---- matching
    def solve(self) -> dict[int, int]:
        """Maximum-weight matching of the players still unpaired.

        C9 (Art. 2.4.4), while it applies, rewards pairing the bye candidates at the PAB score
        with the fewest games played, wherever their partner is, so that the one left over has
        the most games played; ties in games played are equal."""
        verts = sorted(self.alive)
        local = {v: k for k, v in enumerate(verts)}
        m = len(verts)
        weight = [[0] * m for _ in range(m)]
        rank = self.c9_rank if self.c9 else {}
        sh9 = self.L.shift["C9"]
        for (i, j), w in self.w.items():
            if w > 0 and i in local and j in local:
                if rank and (i in rank or j in rank):
                    w += (rank.get(i, 0) + rank.get(j, 0)) << sh9
                a, b = local[i], local[j]
                weight[a][b] = weight[b][a] = w
        mate: dict[int, int] = {}
        for a, b in enumerate(max_weight_matching(weight)):
            if b >= 0:
                mate[verts[a]] = verts[b]
        self.solves += 1
        self.mate = mate
        return mate

    def freeze(self, a: int, b: int) -> None:
        """Pair ``a`` and ``b`` for good: both leave the graph."""
        self.pairs.append((min(a, b), max(a, b)))
        self.alive.discard(a)
        self.alive.discard(b)
        self.mate.pop(a, None)
        self.mate.pop(b, None)

    def add(self, i: int, j: int, delta: int) -> None:
        """Add ``delta`` to the weight of the pair (nothing if they may not meet)."""
        key = (i, j) if i < j else (j, i)
        if key in self.w:
            self.w[key] += delta

    def fits(self, radix: int, places: int) -> bool:
        """Whether ``places`` generation-order digits of base ``radix`` fit below the MDP-set bits."""
        size: int = radix ** places
        return size.bit_length() < self.L.D

    # ---- edge weights
    def top(self, i: int, j: int) -> int:
        return top_weight(self.L, self.candidate[i], self.candidate[j])

    def base_other(self, i: int, j: int) -> int:
        """Neither end in the bracket or the next scoregroup: completion only."""
        return self.top(i, j)

    def base_next(self, i: int, j: int) -> int:
        return next_weight(self.L, self.top(i, j), self.level[i])

    def base_bracket(self, i: int, j: int, resident_i: bool) -> int:
        return bracket_weight(self.L, self.p[i], self.p[j], self.level[i], self.level[j], self.top(i, j), resident_i)
