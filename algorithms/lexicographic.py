"""The first best pairing of a group in identifier order, and the first best of ordered choices:
generic procedures for rule texts that rank candidates by criteria, then lexicographically.

* :func:`first_best_pairing` pairs every member of a group (keys: distinct integers) so that
  the total of a per-pair cost vector (compared lexicographically, most important component
  first) is least, and among the least-cost pairings takes the one with the lexicographically
  first *identifier*: the smaller key of each pair (its top member) in ascending order, then the
  partners in the same order (pairs 20-7, 3-15, 11-4, 9-30 -> ``3 4 7 9 15 11 20 30``).  This is
  the bracket procedure of FIDE C.04.6 Art. 3.6 (and C.04.5 Art. 3.6).
* :func:`ordered_choices` lists the ways to take a given number of members from each of several
  groups, in lexicographic order of the members chosen (groups in priority order, each group's
  members in its own order): the order of the upfloater sets of C.04.6 Art. 3.5.3-3.5.4.
* :func:`first_best` is the first candidate of an ordered list whose judgement (a key, smaller
  is better; ``None``: not acceptable) is least, stopping early at a key known to be unbeatable.

How :func:`first_best_pairing` finds its pairing (the result is the one defined above, whatever
the path; ``tests/algorithms/test_lexicographic.py`` compares it with brute force):

* When the pairs of zero cost alone can pair everybody, the least cost is zero and the
  identifier is built greedily: going up the keys, each member is made a top member when some
  perfect matching still allows it (else it is a bottom member), then each top member in turn
  takes the smallest bottom member that leaves the rest pairable.  The feasibility questions are
  answered on one perfect matching repaired by a single augmenting path (Edmonds' blossoms on
  bitsets, :mod:`algorithms.cardinality`), so a choice the current matching already makes costs
  nothing.
* Otherwise one maximum-weight matching (:mod:`algorithms.matching`) whose integer weights hold
  the cost vector in the high digits (mixed radix, each component's digit wider than its largest
  total) and the identifier below them: a bottom member at position ``p`` of ``B`` adds
  ``2**(B - p)`` (a smaller bottom member makes a later top-member set, whatever follows), and
  below that ``p * (B + 1)**(B - q)`` for a pair whose top member is at position ``q`` (the
  partners compared in the order of their top members).  All weights are shifted by a constant
  larger than any matching's total so that the best matching is perfect whenever one exists.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Iterable, Iterator, Optional, Sequence, TypeVar

from algorithms.cardinality import bits_of, maximum_matching
from algorithms.matching import max_weight_matching

__all__ = ["Cost", "first_best_pairing", "identifier", "total_cost", "ordered_choices", "first_best"]

#: A per-pair cost: non-negative integers, compared lexicographically (first component first).
Cost = tuple[int, ...]

T = TypeVar("T")
K = TypeVar("K")

Pairs = tuple[tuple[int, int], ...]


def identifier(pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """The identifier of a pairing: the top members (the smaller key of each pair) ascending,
    then their partners in the same order."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def total_cost(pairs: Iterable[tuple[int, int]], cost: Callable[[int, int], Cost], width: int) -> Cost:
    """The component-wise sum of ``cost(top, bottom)`` over ``pairs`` (``width`` components)."""
    out = [0] * width
    for a, b in pairs:
        for i, c in enumerate(cost(min(a, b), max(a, b))):
            out[i] += c
    return tuple(out)


def first_best_pairing(members: Sequence[int], may_meet: Callable[[int, int], bool],
                       cost: Optional[Callable[[int, int], Cost]] = None) -> Optional[Pairs]:
    """The pairing of all ``members`` (distinct keys, an even number) by pairs that ``may_meet``
    allows, of least total ``cost`` and, among those, of lexicographically first identifier
    (module docstring); ``None`` when no pairing of everybody exists.

    ``may_meet(a, b)`` and ``cost(a, b)`` are asked with ``a < b`` only; ``cost`` gives tuples of
    non-negative integers, all of one length (``None``: every pair costs nothing).  The pairs are
    returned as ``(top, bottom)`` in identifier order."""
    keys = sorted(members)
    n = len(keys)
    if len(set(keys)) != n:
        raise ValueError("the members must be distinct")
    if n % 2:
        raise ValueError("a pairing of everybody needs an even number of members")
    if n == 0:
        return ()
    adj = [0] * n
    zero = [0] * n
    costs: dict[tuple[int, int], Cost] = {}
    width = -1
    for i in range(n):
        for j in range(i + 1, n):
            if not may_meet(keys[i], keys[j]):
                continue
            adj[i] |= 1 << j
            adj[j] |= 1 << i
            c: Cost = cost(keys[i], keys[j]) if cost is not None else ()
            if width < 0:
                width = len(c)
            elif len(c) != width:
                raise ValueError("every cost must have the same number of components")
            if any(x < 0 for x in c):
                raise ValueError("costs must be non-negative")
            if any(c):
                costs[(i, j)] = c
            else:
                zero[i] |= 1 << j
                zero[j] |= 1 << i
    full = (1 << n) - 1
    mate = maximum_matching(zero, full, _seed(zero))
    if min(mate) >= 0:
        pairs = _greedy_identifier(zero, mate)
    else:
        if min(maximum_matching(adj, full)) < 0:
            return None
        pairs = _weighted_identifier(adj, costs, max(width, 0))
    return tuple((keys[i], keys[j]) for i, j in pairs)


def _lower(i: int) -> int:
    """The bits below ``i``."""
    return (1 << i) - 1


def _seed(g: list[int]) -> list[int]:
    """A matching close to the first identifier of a dense graph: each of the first half, in
    order, takes the smallest free neighbour of the second half (the repairs then seldom run)."""
    n = len(g)
    half = n // 2
    mate = [-1] * n
    free = ((1 << n) - 1) & ~_lower(half)
    for i in range(half):
        options = g[i] & free
        if options:
            j = (options & -options).bit_length() - 1
            mate[i], mate[j] = j, i
            free &= ~(1 << j)
    return mate


def _repair(g: list[int], mask: int, mate: list[int], loose: Sequence[int]) -> Optional[list[int]]:
    """``mate`` with the vertices ``loose`` made free, repaired into a perfect matching of ``g``
    inside ``mask`` (``None`` when there is none)."""
    trial = list(mate)
    for v in loose:
        if trial[v] >= 0:
            trial[trial[v]] = -1
            trial[v] = -1
    got = maximum_matching(g, mask, trial)
    if any(got[v] < 0 for v in bits_of(mask)):
        return None
    return got


def _greedy_identifier(g0: list[int], mate: list[int]) -> list[tuple[int, int]]:
    """The first identifier among the perfect matchings of ``g0`` (``mate`` is one); vertex
    positions are the keys' order.  Roles first (top members as early as they can be), then each
    top member's partner (the smallest that leaves the rest pairable)."""
    n = len(g0)
    g = list(g0)
    mask = (1 << n) - 1
    tops = 0
    for i in range(n):
        if tops == n // 2:  # the rest are bottom members: no edge among them
            rest = mask & ~_lower(i)
            for j in range(i, n):
                g[j] &= ~rest
            break
        # try i as a top member: it loses its edges to smaller vertices
        tops += 1
        low = g[i] & _lower(i)
        if mate[i] < i or low:
            trial_g = list(g)
            trial_g[i] &= ~_lower(i)
            for j in bits_of(low):
                trial_g[j] &= ~(1 << i)
            if mate[i] > i:
                g = trial_g
                continue
            got = _repair(trial_g, mask, mate, (i,))
            if got is not None:
                g, mate = trial_g, got
                continue
            tops -= 1
            # i is a bottom member: its edges to larger vertices go (the matching keeps it below)
            high = g[i] & ~_lower(i + 1)
            g[i] &= _lower(i)
            for j in bits_of(high):
                g[j] &= ~(1 << i)
    out = []
    for t in range(n):
        if not mask >> t & 1 or mate[t] < t:
            continue
        for b in bits_of(g[t] & ~_lower(t + 1) & mask):
            if mate[t] == b:
                break
            rest = mask & ~(1 << t) & ~(1 << b)
            trial = list(mate)
            for v in (t, b):
                trial[trial[v]] = -1
            trial[t], trial[b] = b, t
            got = maximum_matching(g, rest, trial)
            if all(got[v] >= 0 for v in bits_of(rest)):
                mate = got
                break
        else:  # pragma: no cover - the matching kept t's partner feasible
            raise AssertionError("no partner found for a top member")
        out.append((t, mate[t]))
        mask &= ~(1 << t) & ~(1 << mate[t])
    return out


def _weighted_identifier(adj: list[int], costs: dict[tuple[int, int], Cost], width: int) -> list[tuple[int, int]]:
    """The least-cost, then first-identifier, perfect matching by one maximum-weight matching
    (module docstring)."""
    n = len(adj)
    half = n // 2
    # mixed radix: each component's digit holds any matching's total of it
    radix = [half * max((c[k] for c in costs.values()), default=0) + 1 for k in range(width)]
    scale = [1] * width
    for k in range(width - 2, -1, -1):
        scale[k] = scale[k + 1] * radix[k + 1]
    base = n + 1
    id_top = base ** n                 # above every sum of the partners' part
    id_range = id_top << n             # above every identifier's weight
    worst = 0
    raw: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in bits_of(adj[i] & ~_lower(i + 1)):
            c = costs.get((i, j))
            enc = sum(x * s for x, s in zip(c, scale)) if c is not None else 0
            # positions are 1-based: i is the top member (the smaller), j the bottom member
            w = enc * id_range + (id_top << (n - 1 - j)) + (j + 1) * base ** (n - 1 - i)
            raw[(i, j)] = w
            worst = max(worst, w)
    big = (half + 2) * (worst + 1)     # any perfect matching outweighs any smaller one
    weight = [[0] * n for _ in range(n)]
    for (i, j), w in raw.items():
        weight[i][j] = weight[j][i] = big - w
    mate = max_weight_matching(weight)
    return [(i, mate[i]) for i in range(n) if mate[i] > i]


def ordered_choices(groups: Sequence[tuple[Sequence[int], int]]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``count`` members of each group (``(members, count)``, groups in
    priority order, members in their order), as the concatenated choice, in lexicographic order
    of the positions chosen: the first group's choice varies slowest.  (C.04.6 Art. 3.5.3-3.5.4:
    two upfloaters of 3 points among 2, 6, 8 and one of 2.5 among 1, 3, 5 give 2 6 1, 2 6 3,
    2 6 5, 2 8 1, ..., 6 8 5.)"""
    if not groups:
        yield ()
        return
    (members, count), rest = groups[0], groups[1:]
    for chosen in combinations(members, count):
        for tail in ordered_choices(rest):
            yield tuple(chosen) + tail


def first_best(candidates: Iterable[T], judge: Callable[[T], Optional[K]], floor: Optional[K] = None
               ) -> Optional[tuple[T, K]]:
    """The first candidate with the least judgement (``judge`` gives a comparable key, smaller is
    better, or ``None`` for a candidate that is not acceptable), and its key; the search stops at
    the first candidate whose key equals ``floor`` (a key nothing can beat).  ``None`` when no
    candidate is acceptable."""
    best: Optional[tuple[T, K]] = None
    for c in candidates:
        key = judge(c)
        if key is None:
            continue
        if best is None or key < best[1]:  # type: ignore[operator]
            best = (c, key)
            if floor is not None and key == floor:
                break
    return best
