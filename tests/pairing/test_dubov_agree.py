"""The Dubov engine against the checker's own reading (C.04.4.1, 2026) on generated tournaments
(``bench/dubov_agree.py``, whose run of 1,000 is recorded in docs/dubov.md): the checker accepts
every round the engine made and flags every mutation of it."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.support import load_bench

pytestmark = pytest.mark.fast


def _bench() -> ModuleType:
    return load_bench("dubov_agree")


def test_generated_tournaments_agree_and_every_mutation_is_flagged() -> None:
    """Three of the bench's tournaments (6-24 players, the generator's options drawn): every
    round from round 1 accepted, every mutated round flagged, by more than one rule."""
    bench = _bench()
    results = [bench.agree_one(i, 7, 6, 24) for i in range(1, 4)]
    total = bench.summarise(results)
    assert total["rounds_checked"] >= 8
    assert total["dissents"] == 0, total["dissent_rounds"]
    assert total["mutations_total"] >= 3 * total["rounds_checked"]
    assert total["flagged_total"] == total["mutations_total"], total["missed"]
    assert {k.partition(":")[2] for k in total["first_rule"]} >= {"C1", "5.2.2"}


def test_the_round_one_of_the_engine_is_judged() -> None:
    """The Dubov bench judges round 1 too (no seeding rounds in C.04.4.1), the Burstein one
    starts after its seeding rounds (Art. 1.6 of C.04.4.2)."""
    bench = _bench()
    assert bench.BENCH.first_round(9) == 1
    other = load_bench("burstein_agree")
    assert other.BENCH.first_round(9) == 5 and other.BENCH.first_round(5) == 3
