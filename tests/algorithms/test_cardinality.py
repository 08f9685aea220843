"""The maximum-cardinality matcher on bitsets against independent answers.

* On every small graph (random density, a random subset of the vertices as the mask, a random
  partial matching to start from) the matching is valid, inside the mask, and as large as the
  largest one found by enumeration; ``can_be_left_over`` is exactly the set of vertices some
  maximum matching leaves exposed (Gallai-Edmonds' D), also by enumeration.
* The matching is the one a search from every exposed vertex gives, vertex for vertex: the
  search skipped for the last exposed vertex (no other exposed vertex left to reach) changes
  nothing, so every engine and checker that reads this matching sees the same one as before.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from algorithms import cardinality
from algorithms.cardinality import can_be_left_over, maximum_matching

pytestmark = pytest.mark.fast


def graph(n: int, seed: int, density: float) -> list[int]:
    import random
    rng = random.Random(seed)
    adj = [0] * n
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                adj[a] |= 1 << b
                adj[b] |= 1 << a
    return adj


def largest(adj: list[int], mask: int) -> tuple[int, frozenset[int]]:
    """By enumeration: the size of a maximum matching inside ``mask``, and the vertices that some
    maximum matching leaves exposed."""

    @lru_cache(maxsize=None)
    def best(m: int) -> tuple[int, frozenset[int]]:
        if m == 0:
            return 0, frozenset()
        v = (m & -m).bit_length() - 1
        rest = m & ~(1 << v)
        size, left = best(rest)  # v exposed
        left = left | {v}
        options = adj[v] & rest
        while options:
            u = (options & -options).bit_length() - 1
            options &= options - 1
            s, lo = best(rest & ~(1 << u))
            if s + 1 > size:
                size, left = s + 1, lo
            elif s + 1 == size:
                left = left | lo
        return size, left

    return best(mask)


def every_root(adj: list[int], mask: int, mate: list[int] | None) -> list[int]:
    """The matcher as it was: greedy, then a search from every exposed vertex in turn."""
    out = list(mate) if mate is not None else [-1] * len(adj)
    cardinality.greedy_matching(adj, mask, out)
    for v in cardinality.bits_of(mask):
        if out[v] < 0:
            end, parent, _ = cardinality._search(adj, mask, out, v)
            if end >= 0:
                cardinality._augment(out, parent, end)
    return out


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 11), st.integers(0, 2**32 - 1), st.floats(0.1, 1.0), st.integers(0, 2**11 - 1),
       st.booleans())
def test_maximum_and_left_over_match_enumeration(n: int, seed: int, density: float, sub: int, start: bool) -> None:
    adj = graph(n, seed, density)
    mask = sub & ((1 << n) - 1)
    mate: list[int] | None = None
    if start:  # a partial matching to extend: a few of the mask's edges, greedily from the top
        mate = [-1] * n
        for v in reversed(range(n)):
            if mask >> v & 1 and mate[v] < 0 and (v * seed) % 3 == 0:
                options = adj[v] & mask & ~(1 << v)
                for u in cardinality.bits_of(options):
                    if mate[u] < 0:
                        mate[v], mate[u] = u, v
                        break
    got = maximum_matching(adj, mask, mate)
    for v in range(n):
        if got[v] >= 0:
            assert mask >> v & 1 and mask >> got[v] & 1 and got[got[v]] == v and adj[v] >> got[v] & 1
        else:
            assert got[v] == -1
    size, left = largest(adj, mask)
    assert sum(1 for v in range(n) if got[v] >= 0) == 2 * size
    assert got == every_root(adj, mask, mate)
    if any(got[v] < 0 for v in cardinality.bits_of(mask)):
        d = can_be_left_over(adj, mask, got)
        assert set(cardinality.bits_of(d)) == left


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 11), st.integers(0, 2**32 - 1), st.floats(0.1, 1.0), st.integers(0, 2**11 - 1),
       st.integers(0, 2**11 - 1))
def test_one_left_over_among_matches_enumeration(n: int, seed: int, density: float, sub: int, wanted: int) -> None:
    """Whether a maximum matching leaving one vertex exposed can leave one of ``wanted``: by
    enumeration, some vertex of ``wanted`` is among those some maximum matching leaves exposed."""
    adj = graph(n, seed, density)
    mask = sub & ((1 << n) - 1)
    mate = maximum_matching(adj, mask)
    size, left = largest(adj, mask)
    if bin(mask).count("1") - 2 * size != 1:
        return  # asked only when one vertex is left over
    wanted &= (1 << n) - 1
    assert cardinality.one_left_over_among(adj, mask, mate, wanted) == any(wanted >> v & 1 for v in left)


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 6), st.integers(0, 6), st.integers(0, 2**32 - 1), st.floats(0.1, 1.0),
       st.integers(0, 2**12 - 1), st.booleans())
def test_searches_from_the_roots_alone_give_the_same_matching(a: int, b: int, seed: int, density: float, sub: int,
                                                              start: bool) -> None:
    """A bipartite graph whose lower side (vertices ``0..a-1``) is given as ``roots``, as the
    Dutch engine asks whether the players left over by a bracket all find partners in the next
    scoregroup: every augmenting path has an end there, so the searches after the last root's
    are skipped, and the matching is the one of a search from every exposed vertex, vertex for
    vertex, and maximum (by enumeration)."""
    import random
    rng = random.Random(seed)
    n = a + b
    adj = [0] * n
    for x in range(a):
        for y in range(a, n):
            if rng.random() < density:
                adj[x] |= 1 << y
                adj[y] |= 1 << x
    mask = sub & ((1 << n) - 1)
    mate: list[int] | None = None
    if start:
        mate = [-1] * n
        for x in range(a):
            if mask >> x & 1 and rng.random() < 0.5:
                for y in cardinality.bits_of(adj[x] & mask):
                    if mate[y] < 0:
                        mate[x], mate[y] = y, x
                        break
    roots = (1 << a) - 1
    got = maximum_matching(adj, mask, mate, roots=roots)
    assert got == every_root(adj, mask, mate) == maximum_matching(adj, mask, mate)
    size, _ = largest(adj, mask)
    assert sum(1 for v in range(n) if got[v] >= 0) == 2 * size
