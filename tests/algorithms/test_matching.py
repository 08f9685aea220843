"""The blossom matcher against independent answers.

* On every small graph the matching it returns is valid and its weight is the maximum, found by
  enumerating all matchings (small weights with many ties, weights of several hundred bits, and
  weights built like the Dutch engine's: lexicographic bit fields under a long common prefix).
* Where the maximum is reached by one matching only, it is that matching, vertex for vertex.
* On larger dense graphs of such weights its weight is networkx's (when networkx is installed).

Which optimum it returns among several is the engine's concern (its pairings follow it); that an
optimisation of the matcher returns the same one as before is checked on the engine's own
instances by ``bench/matching.py compare``, not here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

import pytest
from hypothesis import assume, given, settings, strategies as st

import algorithms.matching
from algorithms.matching import max_weight_matching

pytestmark = pytest.mark.fast

Weights = list[list[int]]


def optima(w: Weights) -> tuple[int, int, list[int]]:
    """By enumeration: the maximum weight of a matching, how many matchings reach it, and one of
    them (as ``mate``)."""
    n = len(w)

    @lru_cache(maxsize=None)
    def best(mask: int) -> tuple[int, int]:
        if mask == 0:
            return 0, 1
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        value, count = best(rest)  # v unmatched
        for u in range(v + 1, n):
            if rest >> u & 1 and w[v][u] > 0:
                sub, ways = best(rest & ~(1 << u))
                if w[v][u] + sub > value:
                    value, count = w[v][u] + sub, ways
                elif w[v][u] + sub == value:
                    count += ways
        return value, count

    mate = [-1] * n
    mask = (1 << n) - 1
    while mask:
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        target = best(mask)[0]
        if best(rest)[0] == target:
            mask = rest
            continue
        u = next(u for u in range(v + 1, n) if rest >> u & 1 and w[v][u] > 0
                 and w[v][u] + best(rest & ~(1 << u))[0] == target)
        mate[v], mate[u] = u, v
        mask = rest & ~(1 << u)
    value, count = best((1 << n) - 1)
    return value, count, mate


def weight_of(w: Weights, mate: list[int]) -> int:
    """The weight of ``mate``, after checking that it is a matching of edges of ``w``."""
    assert len(mate) == len(w)
    for v, m in enumerate(mate):
        if m >= 0:
            assert mate[m] == v and m != v and w[v][m] > 0
    return sum(w[v][m] for v, m in enumerate(mate) if m > v)


def symmetric(n: int, draw_weight: Callable[[], int]) -> Weights:
    w = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            w[i][j] = w[j][i] = draw_weight()
    return w


@st.composite
def graphs(draw: st.DrawFn, sizes: st.SearchStrategy[int] = st.integers(1, 9)) -> Weights:
    n = draw(sizes)
    if draw(st.booleans()):
        values = st.one_of(st.just(0), st.integers(1, 4), st.integers(1, 10**6))
    else:
        values = st.one_of(st.just(0), st.integers(1 << 300, (1 << 300) + 5), st.integers(1, 1 << 350))
    return symmetric(n, lambda: draw(values))


@st.composite
def lexicographic(draw: st.DrawFn, sizes: st.SearchStrategy[int] = st.integers(2, 10),
                  missing: st.SearchStrategy[float] = st.sampled_from([0.0, 0.0, 0.1, 0.4])) -> Weights:
    """Weights as the engine builds them: a constant leading field (so that every edge is worth
    more than any saving it allows), then fields in decreasing order of importance with room
    between them, each taking few values (so that ties are common); some pairs are no edge."""
    n = draw(sizes)
    fields = draw(st.integers(2, 6))
    width = draw(st.sampled_from([8, 40, 120]))
    spread = [draw(st.integers(0, 3)) for _ in range(fields)]  # how many values each field takes
    top = 1 << (fields * width + draw(st.integers(0, 600)))
    share = draw(missing)
    rnd = draw(st.randoms(use_true_random=False))

    def one() -> int:
        if share and rnd.random() < share:
            return 0
        x = top
        for k in range(fields):
            x += rnd.randint(0, spread[k]) << ((fields - 1 - k) * width)
        return x

    return symmetric(n, one)


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_maximum_weight(w: Weights) -> None:
    assert weight_of(w, max_weight_matching(w)) == optima(w)[0]


@settings(max_examples=300, deadline=None)
@given(lexicographic())
def test_maximum_weight_with_lexicographic_fields(w: Weights) -> None:
    assert weight_of(w, max_weight_matching(w)) == optima(w)[0]


@settings(max_examples=100, deadline=None)
@given(lexicographic())
def test_maximum_weight_when_the_rows_share_their_numbers(w: Weights) -> None:
    """Above a memory budget the two rows of an edge share one number: the same answers."""
    budget = algorithms.matching.OWN_ROWS_BYTES
    algorithms.matching.OWN_ROWS_BYTES = 0
    try:
        mate = max_weight_matching(w)
    finally:
        algorithms.matching.OWN_ROWS_BYTES = budget
    assert weight_of(w, mate) == optima(w)[0]


@settings(max_examples=200, deadline=None)
@given(st.one_of(graphs(st.integers(2, 10)), lexicographic()))
def test_the_only_optimum_is_returned(w: Weights) -> None:
    value, count, mate = optima(w)
    assume(count == 1)
    assert max_weight_matching(w) == mate


@settings(max_examples=40, deadline=None)
@given(lexicographic(sizes=st.integers(11, 36), missing=st.sampled_from([0.0, 0.05, 0.3])))
def test_weight_equals_networkx_on_larger_dense_graphs(w: Weights) -> None:
    nx = pytest.importorskip("networkx")
    g = nx.Graph()
    g.add_nodes_from(range(len(w)))
    g.add_weighted_edges_from((i, j, w[i][j]) for i in range(len(w)) for j in range(i + 1, len(w)) if w[i][j])
    expected = sum(w[a][b] for a, b in nx.max_weight_matching(g))
    assert weight_of(w, max_weight_matching(w)) == expected


def test_complete_graph_of_ties_is_perfect() -> None:
    w = [[0 if i == j else 7 for j in range(10)] for i in range(10)]
    assert -1 not in max_weight_matching(w)


def test_no_edges() -> None:
    assert max_weight_matching([]) == []
    assert max_weight_matching([[0]]) == [-1]
    assert max_weight_matching([[0] * 4 for _ in range(4)]) == [-1] * 4


def test_a_heavier_pair_beats_two_lighter_ones_only_when_heavier_than_both() -> None:
    """A path a-b-c-d: the middle edge alone, or the two outer ones, whichever weighs more."""
    def path(outer: int, middle: int) -> Weights:
        w = [[0] * 4 for _ in range(4)]
        w[0][1] = w[1][0] = w[2][3] = w[3][2] = outer
        w[1][2] = w[2][1] = middle
        return w

    assert max_weight_matching(path(5, 11)) == [-1, 2, 1, -1]
    assert max_weight_matching(path(6, 11)) == [1, 0, 3, 2]
    big = 1 << 500
    assert max_weight_matching(path(big, 2 * big + 1)) == [-1, 2, 1, -1]
    assert max_weight_matching(path(big + 1, 2 * big + 1)) == [1, 0, 3, 2]


def test_odd_cycle_with_a_pendant_edge() -> None:
    """A triangle 0-1-2 with a pendant vertex 3 at 2: the best is 0-1 and 2-3 (blossom shrunk
    and expanded again), worth 2 + 3 against 4 for the heaviest triangle edge alone."""
    w = [[0] * 4 for _ in range(4)]
    for a, b, x in ((0, 1, 2), (1, 2, 4), (0, 2, 4), (2, 3, 3)):
        w[a][b] = w[b][a] = x
    assert max_weight_matching(w) == [1, 0, 3, 2]


def gapped(seed: int) -> Weights:
    """Weights whose fields sit apart, with wide ranges of bits no weight uses between them (as
    the engine's room for digits a solve does not write): a leading field every edge has, a rare
    one-bit field, a sparser one-bit field further down, and a low field whose sum over a
    matching carries far above its own width (so that a squeeze without headroom would let
    several low fields outweigh one unit of the field above); sometimes a common factor."""
    rnd = random.Random(seed)
    n = rnd.randint(6, 50)
    low = rnd.choice([3, 6, 9])
    gap = rnd.choice([80, 100, 400])
    factor = rnd.choice([0, 0, 5])

    def one() -> int:
        x = rnd.randint(0, (1 << low) - 1) + ((rnd.random() < 0.1) << (low + gap))
        x += ((rnd.random() < 0.05) << (low + 2 * gap)) + (1 << (low + 3 * gap + rnd.choice([0, 300])))
        return x << factor if rnd.random() > 0.2 else 0

    return symmetric(n, one)


@pytest.mark.parametrize("chunk", range(4))
def test_squeezing_unused_bits_changes_no_step(chunk: int) -> None:
    """The matching found on the weights with their unused bit ranges squeezed out is the one
    found on the weights as given, vertex for vertex (which optimum among ties included).  With
    no headroom left in the squeezed ranges, a tenth of these instances differ."""
    for seed in range(chunk * 60, chunk * 60 + 60):
        w = gapped(seed)
        assert max_weight_matching(w) == plain_matching(w), seed


def plain_matching(w: Weights) -> list[int]:
    original = algorithms.matching.narrowed
    algorithms.matching.narrowed = lambda weight: weight
    try:
        return max_weight_matching(w)
    finally:
        algorithms.matching.narrowed = original


def test_squeezing_keeps_the_fields_and_drops_the_gaps() -> None:
    """A hand-made case: fields at bits 0-1 and at 1,000, a common factor 2**3; the squeezed
    weights hold the same fields with a gap of ``bits(n) + 8`` zero bits between them."""
    w = [[0, (1 << 1003) + 8, (2 << 1003) + 16], [(1 << 1003) + 8, 0, 24], [(2 << 1003) + 16, 24, 0]]
    keep = 3 .bit_length() + 8
    assert algorithms.matching.narrowed(w) == [[0, (1 << (2 + keep)) + 1, (2 << (2 + keep)) + 2],
                                              [(1 << (2 + keep)) + 1, 0, 3], [(2 << (2 + keep)) + 2, 3, 0]]
    assert max_weight_matching(w) == plain_matching(w) == [2, -1, 0]
