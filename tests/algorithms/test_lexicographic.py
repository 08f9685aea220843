"""The first best pairing of :mod:`algorithms.lexicographic` against brute force: every perfect
matching of a small group, its total cost vector and identifier computed independently, the least
(cost, identifier) taken; and the ordered choices and ``first_best`` on small cases."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from algorithms.lexicographic import first_best, first_best_pairing, identifier, ordered_choices, total_cost


def _all_matchings(items: list[int]) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for i, x in enumerate(rest):
        for tail in _all_matchings(rest[:i] + rest[i + 1:]):
            out.append([(first, x)] + tail)
    return out


def _brute(items: list[int], ok, cost, width: int):  # type: ignore[no-untyped-def]
    best = None
    for m in _all_matchings(sorted(items)):
        if not all(ok(a, b) for a, b in m):
            continue
        c = [0] * width
        for a, b in m:
            for k, x in enumerate(cost(a, b)):
                c[k] += x
        key = (tuple(c), identifier(m))
        if best is None or key < best[0]:
            best = (key, m)
    return None if best is None else tuple(sorted(best[1]))


@pytest.mark.fast
def test_identifier_of_the_handbook_example() -> None:
    """C.04.6 Art. 3.6.2: pairs 20-7, 3-15, 11-4, 9-30 -> 3 4 7 9 15 11 20 30."""
    assert identifier([(20, 7), (3, 15), (11, 4), (9, 30)]) == (3, 4, 7, 9, 15, 11, 20, 30)


@pytest.mark.fast
def test_cost_outranks_the_identifier() -> None:
    """The digest's example 9.1: 1 and 3 prefer White, 2 and 4 Black; a pair of equal wishes
    costs 1.  1-3 2-4 is first in identifier order but costs 2; 1-4 2-3 costs 0."""
    wants = {1: "W", 2: "B", 3: "W", 4: "B"}
    got = first_best_pairing([1, 2, 3, 4], lambda a, b: True, lambda a, b: (int(wants[a] == wants[b]),))
    assert got == ((1, 4), (2, 3))
    assert first_best_pairing([1, 2, 3, 4], lambda a, b: True) == ((1, 3), (2, 4))


@pytest.mark.fast
def test_no_pairing_and_trivial_groups() -> None:
    assert first_best_pairing([], lambda a, b: True) == ()
    assert first_best_pairing([5, 9], lambda a, b: False) is None
    assert first_best_pairing([1, 2, 3, 4], lambda a, b: {a, b} != {1, 2} and {a, b} != {1, 3} and {a, b} != {1, 4}) is None
    with pytest.raises(ValueError):
        first_best_pairing([1, 2, 3], lambda a, b: True)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 5), st.integers(0, 2**32 - 1), st.floats(0.3, 1.0), st.integers(0, 3), st.floats(0.0, 0.7))
def test_first_best_pairing_equals_brute_force(k: int, seed: int, p: float, width: int, dense: float) -> None:
    rng = random.Random(seed)
    items = rng.sample(range(1, 60), 2 * k)
    allowed = {frozenset(pr) for pr in itertools.combinations(items, 2) if rng.random() < p}
    costs = {frozenset(pr): tuple(rng.randint(1, 2) if rng.random() < dense else 0 for _ in range(width))
             for pr in itertools.combinations(items, 2)}

    def ok(a: int, b: int) -> bool:
        return frozenset((a, b)) in allowed

    def cost(a: int, b: int) -> tuple[int, ...]:
        assert a < b
        return costs[frozenset((a, b))]

    got = first_best_pairing(items, ok, cost)
    want = _brute(items, ok, cost, width)
    assert got == want
    if got is not None:
        assert list(got) == sorted(got) and all(a < b for a, b in got)


def test_a_large_group_is_paired_quickly_and_exactly() -> None:
    """100 members, 60 of whom want White: at least 10 pairs must join two of them, and 10 can
    (every other pair allowed).  The least-cost pairing (the weighted path: the free pairs alone
    cannot pair everybody) has exactly 10.  With nothing to pay, the first identifier pairs 1-51,
    2-52, ... (the greedy path); with 1-51, 3-53, ... forbidden, 1 takes 52 and 2 takes 51."""
    rng = random.Random(7)
    items = list(range(1, 101))
    white = set(rng.sample(items, 60))

    def cost(a: int, b: int) -> tuple[int]:
        return (int(a in white and b in white),)

    got = first_best_pairing(items, lambda a, b: True, cost)
    assert got is not None and sorted(x for p in got for x in p) == items
    assert total_cost(got, cost, 1) == (10,)
    assert first_best_pairing(items, lambda a, b: True) == tuple((k, k + 50) for k in range(1, 51))
    banned = {frozenset((k, k + 50)) for k in range(1, 51, 2)}
    got = first_best_pairing(items, lambda a, b: frozenset((a, b)) not in banned)
    assert got is not None and not any(frozenset(p) in banned for p in got)
    assert got[:2] == ((1, 52), (2, 51))  # 1 takes the smallest partner that leaves the rest pairable


@pytest.mark.fast
def test_ordered_choices_follow_the_handbook_example() -> None:
    """C.04.6 Art. 3.5.4: two of 2, 6, 8 (3 points) and one of 1, 3, 5 (2.5 points)."""
    got = list(ordered_choices([((2, 6, 8), 2), ((1, 3, 5), 1)]))
    assert got[:4] == [(2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1)]
    assert got[-1] == (6, 8, 5) and len(got) == 9
    assert got == sorted(got)
    assert list(ordered_choices([])) == [()]


@pytest.mark.fast
def test_first_best_takes_the_first_of_the_least_and_stops_at_the_floor() -> None:
    seen: list[int] = []

    def judge(x: int) -> tuple[int, int] | None:
        seen.append(x)
        return None if x % 5 == 0 else (x % 3, 0)

    assert first_best(range(10), judge) == (3, (0, 0))
    seen.clear()
    assert first_best(range(10), judge, floor=(0, 0)) == (3, (0, 0))
    assert seen == [0, 1, 2, 3]
    assert first_best([5, 10], judge) is None
