"""The Burstein engine against the checker's own reading (C.04.4.2, 2026) on generated
tournaments (``bench/burstein_agree.py``, whose run of 1,000 is recorded in docs/burstein.md),
and the checker's two ways of judging a bracket against each other: the search set by set
(:mod:`checker.burstein.search`) and the one matching of everybody still to pair
(:mod:`checker.burstein.layered`) that decides the brackets too large for it."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Optional

import pytest

import checker.burstein.check as bcheck
import systems
from systems.base import CheckRequest
from tests.pairing.burstein_build import tournament
from tests.pairing.test_burstein_cases import CASES, D
from tests.support import load_bench
from trf.edit import cut_to_round, with_pairing
from trf.model import Result, Tournament

pytestmark = pytest.mark.fast


def _bench() -> ModuleType:
    return load_bench("burstein_agree")


def test_generated_tournaments_agree_and_every_mutation_is_flagged() -> None:
    """A handful of the bench's tournaments (6-24 players, the generator's options drawn):
    the checker accepts every round the engine made, and flags every mutated round."""
    bench = _bench()
    results = [bench.agree_one(i, 7, 6, 24) for i in range(1, 5)]
    total = bench.summarise(results)
    assert total["rounds_checked"] >= 8
    assert total["dissents"] == 0, total["dissent_rounds"]
    assert total["mutations_total"] >= 3 * total["rounds_checked"]
    assert total["flagged_total"] == total["mutations_total"], total["missed"]


def test_a_mutation_that_changes_nothing_would_not_count() -> None:
    """The bench's mutations change the round: colours reversed, partners exchanged, the PAB
    moved (so a mutation the checker lets pass is a real gap)."""
    bench = _bench()
    boards = ((1, 2), (3, 4), (5, 6))
    rng = random.Random(1)
    for name, mutate in bench.MUTATIONS.items():
        got = mutate(boards, 7, rng)
        assert got is not None and (set(got[0]) != set(boards) or got[1] != 7), name


def _criteria(t: Tournament, rnd: int) -> list[Optional[str]]:
    sel = systems.select(t, system="burstein")
    report = sel.system.check(t, [rnd], sel, CheckRequest(engine=False))[0]
    return [f.criterion for f in report.findings]


def _both_ways(t: Tournament, rnd: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bcheck, "SEARCH_SETS", 10**9)
    by_sets = _criteria(t, rnd)
    monkeypatch.setattr(bcheck, "SEARCH_SETS", 0)
    by_matching = _criteria(t, rnd)
    assert by_sets == by_matching


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_matching_judges_the_hand_worked_cases_as_the_search_does(case: object,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand-worked round, and its mutation, judged both ways: the same findings."""
    c = case  # type: ignore[assignment]
    if c.dutch:  # type: ignore[attr-defined]
        return
    rnd = len(c.history) + 1  # type: ignore[attr-defined]
    for boards, bye in [(c.boards, c.bye)] + ([c.wrong[:2]] if c.wrong else []):  # type: ignore[attr-defined]
        played: list = [(w, b, D) for w, b in boards] + ([(bye, "U")] if bye is not None else [])
        t = tournament(c.players, [*c.history, played], c.total, extra=c.extra,  # type: ignore[attr-defined]
                       initial=c.initial)  # type: ignore[attr-defined]
        _both_ways(t, rnd, monkeypatch)


def test_the_matching_judges_generated_rounds_as_the_search_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Generated rounds and their mutations (partners exchanged, the PAB moved) judged both
    ways: the same findings, rule for rule."""
    bench = _bench()
    from verify.generate import GeneratorSettings, generate

    judged = 0
    for seed in (3, 4):
        t = generate(GeneratorSettings(players=15, rounds=5, seed=seed, system="burstein", half_bye_rate=0.05))
        for r in range(3, 6):
            boards = tuple((g.white, g.black) for g in t.games(r))
            bye = next((b.player for b in t.byes(r) if b.kind is Result.PAIRING_ALLOCATED_BYE), None)
            _both_ways(t, r, monkeypatch)
            rng = random.Random(r)
            for name in ("adjacent", "exchange", "pab"):
                m = bench.MUTATIONS[name](boards, bye, rng)
                if m is not None:
                    _both_ways(with_pairing(cut_to_round(t, r), r, *m), r, monkeypatch)
                    judged += 1
    assert judged >= 12
