"""The ordered enumerations of :mod:`algorithms.enumeration`, against brute force: every perfect
matching of a small set, sorted by the order the function promises."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from algorithms.enumeration import pairings_by_identifier, perfect_matchings

pytestmark = pytest.mark.fast


def _all_matchings(items: list[int]) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for i, x in enumerate(rest):
        for tail in _all_matchings(rest[:i] + rest[i + 1:]):
            out.append([(first, x)] + tail)
    return out


def _identifier(m: list[tuple[int, int]]) -> tuple[int, ...]:
    pairs = sorted((min(p), max(p)) for p in m)
    return tuple(t for t, _ in pairs) + tuple(b for _, b in pairs)


def test_the_handbook_example_identifier() -> None:
    """C.04.6 Art. 3.6.2's example: pairs 20-7, 3-15, 11-4, 9-30 -> 3 4 7 9 15 11 20 30."""
    assert _identifier([(20, 7), (3, 15), (11, 4), (9, 30)]) == (3, 4, 7, 9, 15, 11, 20, 30)
    items = [3, 4, 7, 9, 11, 15, 20, 30]
    wanted = {frozenset(p) for p in [(20, 7), (3, 15), (11, 4), (9, 30)]}
    first = next(pairings_by_identifier(items, lambda a, b: frozenset((a, b)) in wanted))
    assert first == [(3, 15), (4, 11), (7, 20), (9, 30)]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 5), st.integers(0, 2**32 - 1), st.floats(0.3, 1.0))
def test_pairings_by_identifier_is_every_allowed_matching_in_identifier_order(k: int, seed: int, p: float) -> None:
    rng = random.Random(seed)
    items = rng.sample(range(1, 40), 2 * k)
    allowed = {frozenset(pr) for pr in itertools.combinations(items, 2) if rng.random() < p}

    def ok(a: int, b: int) -> bool:
        return frozenset((a, b)) in allowed

    brute = sorted((m for m in _all_matchings(sorted(items)) if all(ok(a, b) for a, b in m)), key=_identifier)
    got = list(pairings_by_identifier(items, ok))
    assert [_identifier(m) for m in got] == [_identifier(m) for m in brute]
    assert all(a < b and ok(a, b) for m in got for a, b in m)


def test_perfect_matchings_vary_the_first_partner_slowest() -> None:
    got = list(perfect_matchings([1, 2, 3, 4], lambda a, b: True))
    assert got == [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]


def test_an_odd_count_is_refused() -> None:
    with pytest.raises(ValueError):
        next(pairings_by_identifier([1, 2, 3], lambda a, b: True))
