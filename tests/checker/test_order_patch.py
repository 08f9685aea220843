"""The generation-order key of a homogeneous bracket patched for a few replaced pairs
(:meth:`checker.dutch.order._Homogeneous.patched`, the checker's hot path) equals the key built from
scratch for the new pairs, for random brackets and random re-pairings of two or three boards,
with and without players left over (odd brackets) and with exchanges changing either way."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from checker.dutch.order import _Homogeneous


@st.composite
def replacements(draw: st.DrawFn) -> tuple[list[int], set[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]:
    n = draw(st.integers(4, 40))
    rng = random.Random(draw(st.integers(0, 10**9)))
    players = list(range(100, 100 + n))
    shuffled = players[:]
    rng.shuffle(shuffled)
    pairs = set()
    for i in range(0, n - 1, 2):
        a, b = sorted(shuffled[i:i + 2])
        pairs.add((a, b))
    k = draw(st.integers(2, min(3, len(pairs))))
    removed = rng.sample(sorted(pairs), k)
    people = [x for pr in removed for x in pr]
    rng.shuffle(people)
    added = [tuple(sorted(people[i:i + 2])) for i in range(0, len(people), 2)]
    return players, pairs, removed, added  # type: ignore[return-value]


@pytest.mark.fast
@settings(max_examples=1500, deadline=None)
@given(replacements())
def test_patched_key_is_the_key_of_the_new_pairs(case) -> None:  # type: ignore[no-untyped-def]
    players, pairs, removed, added = case
    base = _Homogeneous(players, pairs)
    after = (pairs - set(removed)) | set(added)
    assert base.patched(removed, added) == _Homogeneous(players, after).key
    assert base.precedes(removed, added) == (base.patched(removed, added) < base.key)
