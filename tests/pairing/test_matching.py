"""The blossom matcher against brute force: on every small graph the matching it returns is
valid and its weight is the maximum (checked by enumerating all matchings)."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from pairing.matching import max_weight_matching

pytestmark = pytest.mark.fast


def brute_force(w: list[list[int]]) -> int:
    n = len(w)

    @lru_cache(maxsize=None)
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        value = best(rest)  # v unmatched
        for u in range(v + 1, n):
            if rest >> u & 1 and w[v][u] > 0:
                value = max(value, w[v][u] + best(rest & ~(1 << u)))
        return value

    return best((1 << n) - 1)


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 9))
    big = draw(st.booleans())
    values = st.one_of(st.just(0), st.integers(1, 4), st.integers(1, 10**6)) if not big else \
        st.one_of(st.just(0), st.integers(1 << 300, (1 << 300) + 5), st.integers(1, 1 << 350))
    w = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            w[i][j] = w[j][i] = draw(values)
    return w


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_maximum_weight(w: list[list[int]]) -> None:
    mate = max_weight_matching(w)
    for v, m in enumerate(mate):
        if m >= 0:
            assert mate[m] == v and m != v and w[v][m] > 0
    assert sum(w[v][m] for v, m in enumerate(mate) if m > v) == brute_force(w)


def test_complete_graph_of_ties_is_perfect() -> None:
    w = [[0 if i == j else 7 for j in range(10)] for i in range(10)]
    assert -1 not in max_weight_matching(w)
