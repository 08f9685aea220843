"""The checker's search of one bracket (C.04.4.1 Art. 3.2, 4): the value of a bracket's pairing
on C5-C10, the best value and the first upfloater set that has it (Art. 3.2.1-3.2.2, 4.1-4.2),
and the pairing the procedure of Art. 3.2.3-3.2.6 then gives (shifters of Art. 4.3,
transposition of Art. 4.4).

The upfloater sets are enumerated in the order of Art. 4.1 (``itertools.combinations`` of the
pool sorted as Art. 4.2.2 says is that order), over the pool's highest scores only: C6 wants the
upfloaters' lowest score as high as can be, so the best sets lie among the players down to the
highest score at which any legal set exists.  C5, C6, C8-C10 are properties of the set; C7 of
the bracket's pairing, whose best for a set is one maximum-weight matching.  The procedure's
choices are then tested one candidate at a time (is there a pairing still best, with this choice
added to the earlier ones?)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Callable, Optional, Sequence

from algorithms.cardinality import exposed, maximum_matching
from algorithms.matching import max_weight_matching
from checker.dubov.state import RoundFacts
from trf.model import Colour

__all__ = ["Value", "BracketSearch", "TooLarge", "CRITERIA", "middle_out"]

#: The quality criteria in the order a :class:`Value` holds them.
CRITERIA = ("C5", "C6", "C7", "C8", "C9", "C10")

#: Upfloater sets tried at most in one bracket before the checker gives up its search.
LIMIT = 20000


class TooLarge(Exception):
    """The bracket has too many upfloater sets for the checker's search."""


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


@dataclass(frozen=True, order=True)
class Value:
    """A bracket pairing's value, smaller is better: its upfloaters (C5), their scores from the
    lowest up, negated (C6), the players not getting their colour preference (C7), the maximum
    upfloaters among the upfloaters (C8), their upfloats counted per number of upfloats, the
    largest first (C9), the upfloaters who upfloated in the previous round (C10); C8-C10 count
    nothing in the last round."""

    c5: int
    c6: tuple[Fraction, ...]
    c7: int
    c8: int
    c9: tuple[int, ...]
    c10: int

    def first_difference(self, other: Value) -> str | None:
        for name, x, y in zip(CRITERIA, self._fields(), other._fields()):
            if x != y:
                return name
        return None

    def _fields(self) -> tuple[object, ...]:
        return (self.c5, self.c6, self.c7, self.c8, self.c9, self.c10)

    def show(self, name: str) -> str:
        """The value on criterion ``name`` in words."""
        if name == "C5":
            return f"{self.c5} upfloater(s)"
        if name == "C6":
            return "upfloaters' scores " + (", ".join(_num(-s) for s in self.c6) or "none")
        if name == "C7":
            return f"{self.c7} player(s) without their colour preference"
        if name == "C8":
            return f"{self.c8} maximum upfloater(s) upfloated"
        if name == "C9":
            return "maximum upfloaters by upfloats (most first) " + (", ".join(map(str, self.c9)) or "none")
        return f"{self.c10} upfloater(s) who upfloated in the previous round"


def middle_out(n: int) -> list[int]:
    """Art. 4.3.3: sequence numbers handed out from the middle of a list of ``n`` outwards, the
    upper of two middle players first (A..G: D, C, E, B, F, A, G)."""
    order = []
    if n % 2:
        order.append(n // 2)
        lo, hi = n // 2 - 1, n // 2 + 1
    else:
        lo, hi = n // 2 - 1, n // 2
    while lo >= 0 or hi < n:
        if lo >= 0:
            order.append(lo)
            lo -= 1
        if hi < n:
            order.append(hi)
            hi += 1
    return order


class BracketSearch:
    """One bracket: ``residents`` (one scoregroup) and the pool ``lower`` (everyone still to pair
    on a lower score)."""

    def __init__(self, f: RoundFacts, residents: Sequence[int], lower: Sequence[int],
                 apart: Optional[tuple[int, int]] = None) -> None:
        """``apart``: a pair kept apart besides C1 and C3 (an explanation's closest alternative)."""
        self.f = f
        self.apart = frozenset(apart) if apart is not None else None
        self.residents = sorted(residents, key=lambda p: f.seats[p].tpn)
        self.pool = sorted(lower, key=lambda p: (-f.seats[p].score, f.seats[p].tpn))  # Art. 4.2.2
        self.levels = sorted({f.seats[p].ups for p in self.pool if f.seats[p].maximum}, reverse=True)
        self.bit = {p: 1 << f.index[p] for p in self.residents + self.pool}
        self.adj = f.adjacency  # indexed by the round's numbering; the masks below keep to the bracket and pool
        if apart is not None:
            a, b = (f.index[x] for x in apart)
            self.adj = list(self.adj)
            self.adj[a] &= ~(1 << b)
            self.adj[b] &= ~(1 << a)
        self.res_mask = sum(self.bit[p] for p in self.residents)
        self.pool_mask = sum(self.bit[p] for p in self.pool)

    def legal(self, a: int, b: int) -> bool:
        """C1 and C3, and not the pair kept apart."""
        return self.f.legal(a, b) and (self.apart is None or frozenset((a, b)) != self.apart)

    # ---- values

    def set_value(self, ups: Sequence[int], c7: int) -> Value:
        s = self.f.seats
        late = self.f.last_round
        maxi = [s[u].ups for u in ups if s[u].maximum]
        return Value(len(ups), tuple(-x for x in sorted(s[u].score for u in ups)), c7, 0 if late else len(maxi),
                     () if late else tuple(maxi.count(x) for x in self.levels),
                     0 if late else sum(1 for u in ups if s[u].up_last))

    def mismatches(self, pairs: Sequence[tuple[int, int]]) -> int:
        """C7: one player of each pair whose two players want the same colour goes without."""
        s = self.f.seats
        return sum(1 for a, b in pairs if s[a].want is s[b].want)

    def value(self, pairs: Sequence[tuple[int, int]], ups: Sequence[int]) -> Value:
        return self.set_value(ups, self.mismatches(pairs))

    # ---- the upfloater set

    def admissible(self, ups: Sequence[int]) -> bool:
        """The residents and ``ups`` pair completely, no two upfloaters together, and the pool
        left behind pairs completely (C1, C3, C4)."""
        ups_mask = sum(self.bit[u] for u in ups)
        adj = list(self.adj)
        for u in ups:  # no two upfloaters together
            i = self.bit[u].bit_length() - 1
            adj[i] &= ~ups_mask
        mask = self.res_mask | ups_mask
        if mask and exposed(mask, maximum_matching(adj, mask)):
            return False
        rest = self.pool_mask & ~ups_mask
        return not rest or not exposed(rest, maximum_matching(self.adj, rest))

    def first(self, besides: Optional[Sequence[int]] = None) -> Optional[tuple[Value, tuple[int, ...]]]:
        """The best value and the first upfloater set (Art. 4.1-4.2) that has it; ``None``: no
        set lets the bracket be paired (C4).  ``besides``: the best and first set of as many
        upfloaters other than that one (the runner-up an explanation compares it with; ``None``:
        there is none)."""
        n = len(self.residents)
        scores = sorted({self.f.seats[p].score for p in self.pool}, reverse=True)
        sizes = range(n % 2, min(n, len(self.pool)) + 1, 2) if besides is None else [len(besides)]
        other = None if besides is None else set(besides)
        for k in sizes:
            for level in ([None] if k == 0 else scores):
                sub = self.pool if level is None else [p for p in self.pool if self.f.seats[p].score >= level]
                if _count(len(sub), k) > LIMIT:
                    raise TooLarge(f"{_count(len(sub), k)} upfloater sets of {k} among {len(sub)} players")
                found = [u for u in combinations(sub, k) if set(u) != other and self.admissible(u)]
                if found:  # C6 first (a property of the set), C7's matching only for the sets best on it
                    top = min(self.set_value(u, 0).c6 for u in found)
                    found = [u for u in found if self.set_value(u, 0).c6 == top]
                    valued = [(self.set_value(u, self.best_c7(u)), u) for u in found]
                    best = min(v for v, _ in valued)
                    return best, next(u for v, u in valued if v == best)
        return None

    # ---- the bracket's pairing for a set

    def _optimum(self, ups: Sequence[int], allow: Callable[[int, int], bool], cross: Optional[set[int]] = None
                 ) -> tuple[int, list[tuple[int, int]]]:
        """A pairing of the bracket among the allowed pairs, best on: everybody paired, then C7,
        then (``cross`` given: one side of the original split) pairs across the split; its
        weight and pairs (weight -1: nobody may be left over and somebody is)."""
        members = self.residents + list(ups)
        upset = set(ups)
        n = len(members)
        s = self.f.seats
        unit = n + 2
        w = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                a, b = members[i], members[j]
                if a in upset and b in upset or not self.legal(a, b) or not allow(a, b):
                    continue
                v = unit * unit * unit + unit * (1 if s[a].want is not s[b].want else 0) + 1
                if cross is not None and (a in cross) != (b in cross):
                    v += 1
                w[i][j] = w[j][i] = v
        mate = max_weight_matching(w) if n else []
        if any(m < 0 for m in mate):
            return -1, []
        pairs = [(members[i], members[m]) for i, m in enumerate(mate) if i < m]
        return sum(w[members.index(a)][members.index(b)] for a, b in pairs), pairs

    def _first_free(self, s1: list[int], t2: list[int], allow: Callable[[int, int], bool]
                    ) -> Optional[list[tuple[int, int]]]:
        """Each S1 player in turn with the first G2 player still free whom they may meet (``None``:
        somebody is left without one)."""
        free = list(t2)
        out = []
        for p in s1:
            q = next((x for x in free if self.legal(p, x) and allow(p, x)), None)
            if q is None:
                return None
            free.remove(q)
            out.append((p, q))
        return out

    def _weight(self, ups: Sequence[int], pairs: Sequence[tuple[int, int]]) -> int:
        """The weight :meth:`_optimum` gives ``pairs`` (without the split's reward)."""
        n = len(self.residents) + len(ups)
        unit = n + 2
        s = self.f.seats
        return sum(unit * unit * unit + unit * (1 if s[a].want is not s[b].want else 0) + 1 for a, b in pairs)

    def best_c7(self, ups: Sequence[int]) -> int:
        return self.mismatches(self._optimum(ups, lambda a, b: True)[1])

    def split(self, ups: Sequence[int]) -> tuple[list[int], list[int]]:
        """Art. 3.2.3: the bracket of the residents and ``ups`` split into G1 and G2 before any
        shift: when none of them has played, the upper half by TPN and the lower half
        (3.2.3.1); else the White seekers and the others (3.2.3.2)."""
        s = self.f.seats
        members = self.residents + list(ups)
        if all(not s[p].history for p in members):  # Art. 3.2.3.1
            by_tpn = sorted(members, key=lambda p: s[p].tpn)
            return by_tpn[:len(by_tpn) // 2], by_tpn[len(by_tpn) // 2:]
        return ([p for p in members if s[p].want is Colour.WHITE],
                [p for p in members if s[p].want is not Colour.WHITE])

    def expected(self, ups: Sequence[int]) -> tuple[list[int], list[int], list[tuple[int, int]]]:
        """Art. 3.2.3-3.2.6 for the bracket of the residents and ``ups``: the final G1 and G2 and
        the pairs (G1 player, G2 player)."""
        s = self.f.seats
        g1, g2 = self.split(ups)
        first_g1 = set(g1)
        only: dict[int, set[int]] = {}  # a shifted player and whom they may meet

        def allow(a: int, b: int) -> bool:
            return (a not in only or b in only[a]) and (b not in only or a in only[b])

        def key(group: list[int]) -> Callable[[int], tuple[int, int]]:
            return (lambda p: (s[p].aro, s[p].tpn)) if group is g1 else (lambda p: (s[p].tpn, 0))

        def shift(src: list[int], dst: list[int]) -> None:
            target, pairs = self._optimum(ups, allow, first_g1)
            inside = {p for a, b in pairs for p in (a, b) if a in src and b in src}
            count = len(inside) // 2
            ordered = sorted(src, key=key(src))
            for i in middle_out(len(ordered)):
                if count == 0:
                    return
                p = ordered[i]
                others = {q for q in src if q != p}
                old = only.get(p)
                only[p] = others if old is None else old & others
                if self._optimum(ups, allow, first_g1)[0] == target:
                    count -= 1
                    src.remove(p)
                    dst.append(p)
                elif old is None:
                    del only[p]
                else:
                    only[p] = old

        small, large = (g1, g2) if len(g1) <= len(g2) else (g2, g1)
        shift(small, large)  # Art. 3.2.4.1
        if len(g1) != len(g2):  # Art. 3.2.4.2
            big, little = (g1, g2) if len(g1) > len(g2) else (g2, g1)
            shift(big, little)
        s1 = sorted(g1, key=lambda p: (s[p].aro, s[p].tpn))  # Art. 3.2.5
        t2 = sorted(g2, key=lambda p: s[p].tpn)  # Art. 4.4.2
        side = set(g1)
        best = self._optimum(ups, lambda a, b: allow(a, b) and (a in side) != (b in side))[0]
        greedy = self._first_free(s1, t2, lambda a, b: allow(a, b))
        if greedy is not None and self._weight(ups, greedy) == best:
            return s1, t2, greedy  # each S1 player got the first G2 player any pairing could give them
        fixed: dict[int, int] = {}
        for p in s1:  # Art. 3.2.6: the first transposition that keeps a best pairing
            for q in t2:
                if q in fixed.values():
                    continue
                trial = {**fixed, p: q}
                ok = self._optimum(ups, lambda a, b: allow(a, b) and (a in side) != (b in side) and _fits(trial, a, b))
                if ok[0] == best:
                    fixed = trial
                    break
        return s1, t2, [(p, fixed[p]) for p in s1 if p in fixed]


def _fits(fixed: dict[int, int], a: int, b: int) -> bool:
    """The pair a-b agrees with the pairs already fixed (G1 player -> G2 player)."""
    back = {v: k for k, v in fixed.items()}
    for x, y in ((a, b), (b, a)):
        if x in fixed and fixed[x] != y:
            return False
        if x in back and back[x] != y:
            return False
    return True


def _count(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)
