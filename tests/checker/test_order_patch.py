"""The generation-order key patched for a few replaced pairs (:mod:`checker.dutch.order_patch`, the
checker's fast path) equals the key the reference reading builds from scratch for the new pairs
(:func:`checker.dutch.order.homogeneous_key`, :func:`checker.dutch.order.generation_key`), for
random brackets and random re-pairings of two or three boards, with and without players left over
(odd brackets), with exchanges changing either way, and in heterogeneous brackets (MDPs paired
or floating on) for re-pairings of their remainder."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from checker.dutch.criteria import Bracket
from checker.dutch.order import generation_key, homogeneous_key
from checker.dutch.order_patch import GenerationIndex, HomogeneousIndex


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
    base = HomogeneousIndex(players, pairs)
    after = (pairs - set(removed)) | set(added)
    assert base.key == homogeneous_key(players, pairs)
    assert base.patched(removed, added) == homogeneous_key(players, after)
    assert base.precedes(removed, added) == (base.patched(removed, added) < base.key)
    assert base.precedes_same(added) == base.precedes(removed, added)  # the same players re-paired


Case = tuple[Bracket, list[tuple[int, int]], list[tuple[int, int]]]


@st.composite
def heterogeneous(draw: st.DrawFn) -> Case:
    """A bracket of ``m`` MDPs (some paired with residents, the rest floating on) and residents
    (paired among themselves, perhaps one left over), and a re-pairing of two or three of the
    residents' pairs."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    m = draw(st.integers(1, 4))
    n = draw(st.integers(m + 4, 30))
    mdps = tuple(range(100, 100 + m))
    residents = tuple(range(200, 200 + n))
    free = list(residents)
    rng.shuffle(free)
    pairs = set()
    for x in mdps:
        if rng.random() < 0.7:
            pairs.add((x, free.pop()))
    rest = sorted(free)
    rng.shuffle(rest)
    for i in range(0, len(rest) - 1, 2):
        a, b = sorted(rest[i:i + 2])
        pairs.add((a, b))
    own = sorted(pr for pr in pairs if pr[0] not in mdps)
    k = draw(st.integers(2, max(2, min(3, len(own)))))
    if len(own) < k:
        return Bracket(0, Fraction(1), mdps, residents, frozenset(pairs), ()), [], []
    removed = rng.sample(own, k)
    people = [x for pr in removed for x in pr]
    rng.shuffle(people)
    added = [(min(people[i:i + 2]), max(people[i:i + 2])) for i in range(0, len(people), 2)]
    paired = {x for pr in pairs for x in pr}
    down = tuple(x for x in mdps + residents if x not in paired)
    return Bracket(0, Fraction(1), mdps, residents, frozenset(pairs), down), removed, added


@pytest.mark.fast
@settings(max_examples=800, deadline=None)
@given(heterogeneous())
def test_patched_key_of_a_heterogeneous_bracket_is_the_key_of_the_new_pairs(case: Case) -> None:
    b, removed, added = case
    rank = {x: i for i, x in enumerate(b.members)}
    index = GenerationIndex(b, rank)
    assert index.key == generation_key(b, rank)
    after = Bracket(0, b.score, b.mdps, b.residents, (b.pairs - set(removed)) | set(added), b.downfloaters)
    patched = index.key_of(removed, added)
    assert patched == generation_key(after, rank)
    assert index.precedes(removed, added) == (patched is not None and patched < index.key)
    assert index.precedes_same(added) == index.precedes(removed, added)  # the same players re-paired


@st.composite
def mdp_repairings(draw: st.DrawFn) -> Case:
    """A heterogeneous bracket (as :func:`heterogeneous`) and a re-pairing of one or two of its
    pairs and up to two others that re-pairs an MDP: with another resident, or leaving it or a
    resident unpaired for a player left over (MDPs never meet each other)."""
    b, _, _ = draw(heterogeneous())
    rng = random.Random(draw(st.integers(0, 10**9)))
    mdps = set(b.mdps)
    with_mdp = sorted(pr for pr in b.pairs if pr[0] in mdps)
    own = sorted(pr for pr in b.pairs if pr[0] not in mdps)
    if not with_mdp:
        return b, [], []
    removed = rng.sample(with_mdp, rng.randint(1, min(2, len(with_mdp)))) + rng.sample(own, rng.randint(0, min(2, len(own))))
    people = [x for pr in removed for x in pr]
    if b.downfloaters and rng.random() < 0.4:  # a player left over takes the place of one taken out
        people[rng.randrange(len(people))] = rng.choice(b.downfloaters)
    for _ in range(20):
        rng.shuffle(people)
        added = [(min(people[i:i + 2]), max(people[i:i + 2])) for i in range(0, len(people), 2)]
        if not any(u in mdps and v in mdps for u, v in added):
            return b, removed, added
    return b, [], []


@pytest.mark.fast
@settings(max_examples=800, deadline=None)
@given(mdp_repairings())
def test_a_repaired_mdp_is_ordered_by_the_mdps_part_of_the_key(case: Case) -> None:
    """:meth:`GenerationIndex.mdps_precede`, the order of a candidate that re-pairs an MDP read
    from the MDPs' part of the key: the whole key of the new pairs is smaller exactly when it
    says so, and it says nothing only when the keys agree on that part."""
    b, removed, added = case
    rank = {x: i for i, x in enumerate(b.members)}
    index = GenerationIndex(b, rank)
    pairs = (b.pairs - set(removed)) | set(added)
    paired = {x for pr in pairs for x in pr}
    after = Bracket(0, b.score, b.mdps, b.residents, pairs, tuple(x for x in b.members if x not in paired))
    whole = generation_key(after, rank)
    got = index.mdps_precede(removed, added)
    if whole[:2] == index.key[:2]:
        assert got is None
    else:
        assert got == (whole < index.key)
