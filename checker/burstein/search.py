"""The checker's search of one bracket (C.04.4.2 Art. 3.2, 4): the value of a candidate on C5-C8,
the best value, and the first candidate in the order of Art. 4 that has it.

A candidate is a set of outgoing floaters and a pairing of the other members.  The search runs
over the floater sets of the size Art. 3.2.1 fixes (the fewest floaters that leave a pairing of
the rest and a complete pairing below, C4-C5), judges each by C6, C7 (the next bracket's best on
C5-C6 for those floaters) and C8 (the fewest colour preferences not met by a pairing of the
others), then walks the order of Art. 4 (BSN 1's opponent from the largest BSN down, the virtual
0 last; then BSN 2's ...) keeping the choices from which the best value can still be reached."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Optional, Sequence

from algorithms.matching import max_weight_matching
from checker.burstein.state import RoundFacts
from checker.swiss_round import complete as complete

__all__ = ["Value", "BracketSearch", "TooLarge", "CRITERIA", "complete"]

#: The quality criteria in the order a :class:`Value` holds them.
CRITERIA = ("C5", "C6", "C7", "C8")

#: Floater sets tried at most in one bracket before the checker gives up its search.
LIMIT = 20000


class TooLarge(Exception):
    """The bracket has too many floater sets for the checker's search."""


@dataclass(frozen=True, order=True)
class Value:
    """A candidate's value, smaller is better: minus its pairs (C5), its floaters' scores from the
    highest down (C6), the next bracket's best (minus its pairs, its floaters' scores; C7), the
    players whose colour preference is not met (C8)."""

    c5: int
    c6: tuple[Fraction, ...]
    c7: tuple[int, tuple[Fraction, ...]]
    c8: int

    def first_difference(self, other: Value) -> str | None:
        for name, x, y in zip(CRITERIA, (self.c5, self.c6, self.c7, self.c8), (other.c5, other.c6, other.c7, other.c8)):
            if x != y:
                return name
        return None

    def show(self, name: str) -> str:
        """The value on criterion ``name`` in words."""
        if name == "C5":
            return f"{-self.c5} pair(s)"
        if name == "C6":
            return "floaters' scores " + (", ".join(_num(s) for s in self.c6) or "none")
        if name == "C7":
            return f"next bracket: {-self.c7[0]} pair(s), floaters' scores " + \
                (", ".join(_num(s) for s in self.c7[1]) or "none")
        return f"{self.c8} colour preference(s) not met"


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def _misses(f: RoundFacts, a: int, b: int) -> int:
    x, y = f.seats[a], f.seats[b]
    return int(x.want is not None and x.want == y.want)


class BracketSearch:
    """One bracket: ``members`` (any order; ranked here by Art. 1.8), the next scoregroup's
    residents ``nxt`` and everyone below them ``rest``."""

    def __init__(self, f: RoundFacts, members: Sequence[int], nxt: Sequence[int], rest: Sequence[int],
                 limit: int = LIMIT) -> None:
        self.f = f
        self.limit = limit
        self.members = sorted(members, key=lambda p: f.seats[p].rank)  # BSN 1, 2, ...
        self.bsn = {p: i + 1 for i, p in enumerate(self.members)}
        self.nxt = list(nxt)
        self.rest = list(rest)
        self._next_memo: dict[frozenset[int], Optional[tuple[int, tuple[Fraction, ...]]]] = {}
        self._best: Optional[tuple[Value, list[frozenset[int]]]] = None

    # ---- pieces of a value

    def _min_misses(self, ids: Sequence[int]) -> Optional[int]:
        """The fewest colour misses of a pairing of everybody in ``ids`` (``None``: none exists)."""
        n = len(ids)
        if n % 2:
            return None
        if n == 0:
            return 0
        half = n // 2 + 1
        w = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if self.f.legal(ids[i], ids[j]):
                    w[i][j] = w[j][i] = half * half + half * (1 - _misses(self.f, ids[i], ids[j])) + 1
        mate = max_weight_matching(w)
        if min(mate) < 0:
            return None
        return sum(_misses(self.f, ids[i], ids[mate[i]]) for i in range(n) if mate[i] > i)

    def next_value(self, floaters: frozenset[int]) -> Optional[tuple[int, tuple[Fraction, ...]]]:
        """C7: the next bracket (``floaters`` and the next scoregroup) at its best on C5-C6 with
        everybody below completed (C4); ``None`` when they cannot be completed."""
        if floaters in self._next_memo:
            return self._next_memo[floaters]
        m = sorted(floaters) + self.nxt
        ids = m + self.rest
        n = len(ids)
        seats = self.f.seats
        scores = sorted({seats[p].score for p in m})
        base = len(m) + 1
        mult = {p: base ** scores.index(seats[p].score) for p in m}
        b_levels = sum(mult.values()) + 1
        half = n // 2 + 1
        inner = len(m)
        got: Optional[tuple[int, tuple[Fraction, ...]]] = None
        if n % 2 == 0:
            w = [[0] * n for _ in range(n)]
            for i in range(n):
                for j in range(i + 1, n):
                    if not self.f.legal(ids[i], ids[j]):
                        continue
                    both = i < inner and j < inner
                    lv = mult[ids[i]] + mult[ids[j]] if both else 0
                    w[i][j] = w[j][i] = ((1 * half + int(both)) * b_levels + lv) * half + 1
            mate = max_weight_matching(w) if n else []
            if n == 0 or min(mate) >= 0:
                pairs = sum(1 for i in range(inner) if i < mate[i] < inner)
                out = sorted((seats[ids[i]].score for i in range(inner) if mate[i] >= inner), reverse=True)
                got = (-pairs, tuple(out))
        self._next_memo[floaters] = got
        return got

    def value(self, pairs: Sequence[tuple[int, int]], floaters: frozenset[int]) -> Optional[Value]:
        """The value of a given candidate (``None``: it breaks C4)."""
        nv = self.next_value(floaters)
        if nv is None:
            return None
        return Value(-len(pairs), tuple(sorted((self.f.seats[p].score for p in floaters), reverse=True)), nv,
                     sum(_misses(self.f, a, b) for a, b in pairs))

    def _set_value(self, floaters: frozenset[int]) -> Optional[Value]:
        others = [p for p in self.members if p not in floaters]
        c8 = self._min_misses(others)
        if c8 is None:
            return None
        nv = self.next_value(floaters)
        if nv is None:
            return None
        return Value(-(len(others) // 2), tuple(sorted((self.f.seats[p].score for p in floaters), reverse=True)),
                     nv, c8)

    # ---- the best value and the first candidate that has it

    def best(self, forced: Optional[tuple[int, int]] = None, floating: Optional[int] = None
             ) -> Optional[tuple[Value, list[frozenset[int]]]]:
        """The best value and the floater sets that reach it (Art. 3.2.1-3.2.2); ``forced``: a pair
        every candidate must hold, ``floating``: a member every candidate floats."""
        if forced is None and floating is None and self._best is not None:
            return self._best
        n = len(self.members)
        tried = 0
        for k in range(n % 2, n + 1, 2):
            best: Optional[Value] = None
            sets: list[frozenset[int]] = []
            tried += comb(n, k)
            if tried > self.limit:  # said before any is tried: each costs two matchings
                raise TooLarge(f"bracket of {n} players: more than {self.limit} floater sets")
            for chosen in combinations(self.members, k):
                fl = frozenset(chosen)
                if forced is not None and fl & set(forced):
                    continue
                if floating is not None and floating not in fl:
                    continue
                v = self._set_value_forced(fl, forced)
                if v is None:
                    continue
                if best is None or v < best:
                    best, sets = v, [fl]
                elif v == best:
                    sets.append(fl)
            if best is not None:
                if forced is None and floating is None:
                    self._best = (best, sets)
                return best, sets
        return None

    def _set_value_forced(self, fl: frozenset[int], forced: Optional[tuple[int, int]]) -> Optional[Value]:
        if forced is None:
            return self._set_value(fl)
        a, b = forced
        if not self.f.legal(a, b):
            return None
        others = [p for p in self.members if p not in fl and p not in forced]
        c8 = self._min_misses(others)
        nv = self.next_value(fl)
        if c8 is None or nv is None:
            return None
        return Value(-(len(others) // 2 + 1), tuple(sorted((self.f.seats[p].score for p in fl), reverse=True)), nv,
                     c8 + _misses(self.f, a, b))

    def first(self, forced: Optional[tuple[int, int]] = None) -> Optional[tuple[Value, list[tuple[int, int]],
                                                                                frozenset[int]]]:
        """The first candidate in Art. 4 order with the best value: its value, pairs (BSN order)
        and floaters."""
        got = self.best(forced)
        if got is None:
            return None
        value, sets = got
        prefix: list[tuple[int, int]] = [forced] if forced is not None else []
        floated: set[int] = set()
        used = set(forced) if forced is not None else set()
        for p in self.members:
            if p in used:
                continue
            options = [q for q in reversed(self.members) if q not in used and q != p and self.bsn[q] > self.bsn[p]]
            chosen = False
            for q in options + [0]:
                trial_pairs = prefix + ([(p, q)] if q else [])
                trial_float = floated | ({p} if not q else set())
                if self._reachable(value, sets, trial_pairs, trial_float):
                    prefix, floated = trial_pairs, trial_float
                    used |= {p, q} if q else {p}
                    chosen = True
                    break
            assert chosen, "the best value became unreachable"
        return value, prefix, frozenset(floated)

    def _reachable(self, value: Value, sets: list[frozenset[int]], pairs: list[tuple[int, int]],
                   floated: set[int]) -> bool:
        inside = {x for pr in pairs for x in pr}
        if any(not self.f.legal(a, b) for a, b in pairs):
            return False
        have = sum(_misses(self.f, a, b) for a, b in pairs)
        for fl in sets:
            if not floated <= fl or fl & inside:
                continue
            others = [p for p in self.members if p not in fl and p not in inside]
            m = self._min_misses(others)
            if m is not None and m + have == value.c8:
                return True
        return False
