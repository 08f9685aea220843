"""The engine's shortcuts against the plain full-field solve.

By default the engine pairs a bracket without any weighted matching when it finds a perfect
candidate (Art. 3.4), and otherwise solves the bracket and the next scoregroup with the players
below replaced by sinks, checking that those below can really be paired.  ``full_field=True``
solves every matching over the whole field, as the engine always did; both must give the same
pairing on every round: random tournaments (hypothesis) and the corpus.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import trf
from pairing.cardinality import can_be_left_over, maximum_matching
from pairing.dutch import NoLegalPairing, pair_round
from pairing.generate import GeneratorSettings, generate
from pairing.players import infer_initial_colour
from trf.edit import cut_to_round
from trf.model import RoundCount

from tests.support import CORPUS, FIXTURES, parse_path


def both_ways(t: trf.Tournament, rnd: int, **kw: object) -> None:
    try:
        fast = pair_round(t, rnd, **kw)  # type: ignore[arg-type]
    except NoLegalPairing as exc:
        with pytest.raises(NoLegalPairing) as ref:
            pair_round(t, rnd, full_field=True, **kw)  # type: ignore[arg-type]
        assert ref.value.players == exc.players
        return
    assert pair_round(t, rnd, full_field=True, **kw) == fast  # type: ignore[arg-type]


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[trf.Tournament, int]:
    players = draw(st.integers(4, 36))
    rounds = draw(st.integers(2, 8))
    played = draw(st.integers(1, rounds - 1))
    s = GeneratorSettings(
        players=players, rounds=played, seed=draw(st.integers(0, 10**6)),
        draw_rate=draw(st.sampled_from([0.0, 0.3, 0.6])),
        forfeit_rate=draw(st.sampled_from([0.0, 0.05, 0.2])),
        half_bye_rate=draw(st.sampled_from([0.0, 0.05])),
        zero_bye_rate=draw(st.sampled_from([0.0, 0.05, 0.15])),
        points=draw(st.sampled_from([(Fraction(1), Fraction(1, 2), Fraction(0)),
                                     (Fraction(3), Fraction(1), Fraction(0))])))
    try:
        t = generate(s)
    except NoLegalPairing:  # a small field can run out of opponents
        assume(False)
    t = t.replace_records(tuple(RoundCount(rounds, "XXR") if isinstance(r, RoundCount) else r for r in t.records))
    return t, played + 1


@pytest.mark.fast
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_random_rounds_pair_as_the_full_field_solve(case: tuple[trf.Tournament, int]) -> None:
    """Generated histories (byes, forfeits, 3/1/0 scoring, last rounds with topscorers), the next
    round paired both ways."""
    t, rnd = case
    both_ways(t, rnd)


@pytest.mark.fast
def test_fixture_rounds_pair_as_the_full_field_solve() -> None:
    for case in sorted((FIXTURES / "dutch-2026" / "rounds").glob("*.trf")):
        both_ways(parse_path(case).tournament, parse_path(case).tournament.rounds_paired + 1)


def _corpus_sample() -> list:
    folder = CORPUS / "dutch-2026" / "rounds"
    if not folder.is_dir():
        return []
    paths = sorted(p for p in folder.glob("*.trf") if int(p.name.split("-n")[1].split("-")[0]) <= 80)
    random.Random(2026).shuffle(paths)
    return [pytest.param(p, id=p.name, marks=pytest.mark.corpus) for p in paths[:120]]


@pytest.mark.parametrize("path", _corpus_sample())
def test_corpus_rounds_pair_as_the_full_field_solve(path: Path) -> None:
    """A sample of the corpus rounds up to 80 players (every corpus round is also checked
    against the endorsed engine's answer in test_dutch.py)."""
    t = parse_path(path).tournament
    both_ways(t, t.rounds_paired + 1)


@pytest.mark.fast
def test_sinks_alone_pair_as_the_full_field_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the perfect-candidate search off, the bracket-local solves alone (on random rounds
    large enough that players below the window are replaced by sinks)."""
    from pairing.dutch import stages

    monkeypatch.setattr(stages, "pair_perfect", lambda *args: False)
    rng = random.Random(7)
    for _ in range(6):
        s = GeneratorSettings(players=rng.randint(30, 60), rounds=rng.randint(3, 6), seed=rng.randint(0, 9999))
        t = generate(s)
        t = t.replace_records(tuple(RoundCount(s.rounds + 2, "XXR") if isinstance(r, RoundCount) else r
                                    for r in t.records))
        both_ways(t, s.rounds + 1)


@pytest.mark.fast
def test_next_group_as_sinks_pairs_as_the_full_field_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fields large enough that the next scoregroup is replaced by sinks too (counted, so the
    test shows the path was taken), the perfect-candidate search off."""
    from pairing.dutch import stages
    from pairing.dutch.state import RoundState

    s = GeneratorSettings(players=90, rounds=3, seed=5)
    t = generate(s)
    t = t.replace_records(tuple(RoundCount(6, "XXR") if isinstance(r, RoundCount) else r for r in t.records))
    monkeypatch.setattr(stages, "pair_perfect", lambda *args: False)
    used = []
    original = RoundState.__init__

    def counting(self: RoundState, *args: object, **kw: object) -> None:
        original(self, *args, **kw)  # type: ignore[arg-type]
        used.append(self)

    monkeypatch.setattr(RoundState, "__init__", counting)
    both_ways(t, 4)
    assert used[0].compressed_solves > 0 and used[1].full_solves == used[1].solves


# --------------------------------------------------------------------------- cardinality matching


@st.composite
def graphs(draw: st.DrawFn) -> tuple[list[int], int]:
    n = draw(st.integers(1, 11))
    p = draw(st.floats(0, 1))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < p:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    mask = draw(st.integers(0, (1 << n) - 1)) if draw(st.booleans()) else (1 << n) - 1
    return adj, mask


def _nu(adj: list[int], mask: int) -> int:
    @lru_cache(maxsize=None)
    def best(rest: int) -> int:
        if not rest:
            return 0
        v = (rest & -rest).bit_length() - 1
        rest &= ~(1 << v)
        value = best(rest)
        x = adj[v] & rest
        while x:
            low = x & -x
            value = max(value, 1 + best(rest & ~low))
            x ^= low
        return value

    return best(mask)


@pytest.mark.fast
@settings(max_examples=300, deadline=None)
@given(graphs())
def test_cardinality_matching_is_maximum_and_finds_who_can_be_left_over(g: tuple[list[int], int]) -> None:
    """Against brute force: the matching is valid and maximum; the players it says some maximum
    matching leaves unmatched are exactly those whose removal keeps the maximum size."""
    adj, mask = g
    n = len(adj)
    mate = maximum_matching(adj, mask)
    size = 0
    for v in range(n):
        if mate[v] >= 0:
            assert mate[mate[v]] == v and adj[v] >> mate[v] & 1 and mask >> v & 1 and mask >> mate[v] & 1
            size += mate[v] > v
    nu = _nu(adj, mask)
    assert size == nu
    left = can_be_left_over(adj, mask, mate)
    for v in range(n):
        if mask >> v & 1:
            assert bool(left >> v & 1) == (_nu(adj, mask & ~(1 << v)) == nu)


@pytest.mark.corpus
def test_corpus_tournaments_pair_as_the_full_field_solve() -> None:
    """Every round of a few corpus tournaments, re-paired both ways."""
    folder = CORPUS / "dutch-2026" / "tournaments"
    if not folder.is_dir():
        pytest.skip("../shared/corpus not present")
    paths = sorted(p for p in folder.glob("*.trf") if int(p.name.split("-n")[1].split("-")[0]) <= 40)[:12]
    for path in paths:
        t = parse_path(path).tournament
        colour = infer_initial_colour(t)
        for rnd in range(1, t.rounds_paired + 1):
            both_ways(cut_to_round(t, rnd), rnd, total_rounds=t.round_columns, initial_colour=colour)
