"""The generator's output for a seed does not drift: a change made to its speed or its memory
must leave every file it writes byte for byte as it was (the ``### RTG`` line promises that the
seed and options make the same file again).

``fixtures/golden/generate_41x7_seed11.txt`` was written by the generator before its loop was
last reworked, from the settings below (byes of every kind, forfeits, double forfeits, games
of less than one move, late entries and withdrawals, so every branch of the round loop writes
into it).  Only the program's version in the ``### RTG`` line is not compared."""

from __future__ import annotations

import re

import pytest

from tests.support import FIXTURES
from trf.writer import dumps
from verify.generate import GeneratorSettings, generate

pytestmark = pytest.mark.fast

GOLDEN = FIXTURES / "golden" / "generate_41x7_seed11.txt"
SETTINGS = GeneratorSettings(players=41, rounds=7, seed=11, forfeit_rate=0.05, double_forfeit_rate=0.01,
                             unusual_rate=0.02, late_entries=2, withdrawals=2, half_bye_rate=0.03, zero_bye_rate=0.02)


def _without_version(text: str) -> str:
    return re.sub(r"^(### RTG seed \d+) \(arbiter [^)]*\)", r"\1", text, flags=re.M)


def test_same_seed_same_file_as_before() -> None:
    assert _without_version(dumps(generate(SETTINGS))) == _without_version(GOLDEN.read_text(encoding="utf-8"))


def test_the_golden_file_exercises_the_round_loop() -> None:
    """The fixture holds what the loop writes: games, forfeits, byes declared and allocated."""
    text = GOLDEN.read_text(encoding="utf-8")
    for code in (" + ", " - ", " H ", " Z ", " U ", " = ", " 1 ", " 0 "):
        assert code in text.replace("\n", " ") + " ", code
