"""The Lim engine against the checker's own reading (C.04.4.3, 2026) on generated tournaments
(``bench/lim_agree.py``, whose run of 1,000 is recorded in docs/lim.md): every round the engine
made is accepted, every mutated round flagged by a named article."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from tests.support import load_bench

pytestmark = pytest.mark.fast


def _bench() -> ModuleType:
    return load_bench("lim_agree")


def test_generated_tournaments_agree_and_every_mutation_is_flagged() -> None:
    """Four of the bench's tournaments (6-24 players, the generator's options drawn): the checker
    accepts every round the engine made and flags every mutated round, each finding naming an
    article."""
    bench = _bench()
    results = [bench.agree_one(i, 7, 6, 24) for i in range(1, 5)]
    total = bench.summarise(results)
    assert total["rounds_checked"] >= 12
    assert total["dissents"] == 0, total["dissent_rounds"]
    assert total["mutations_total"] >= 3 * total["rounds_checked"]
    assert total["flagged_total"] == total["mutations_total"], total["missed"]
    assert all(rule.split(":")[1] for rule in total["first_rule"])


def test_a_mutation_that_changes_nothing_would_not_count() -> None:
    """The bench's mutations change the round: colours reversed, partners exchanged, the PAB
    moved (so a mutation the checker lets pass is a real gap)."""
    bench = _bench()
    boards = ((1, 2), (3, 4), (5, 6))
    rng = random.Random(1)
    for name, mutate in bench.MUTATIONS.items():
        got = mutate(boards, 7, rng)
        assert got is not None and (set(got[0]) != set(boards) or got[1] != 7), name
