"""The checker accepts what the endorsed engine paired: every per-round case of the conformance
corpus (features/ with forbidden pairs, acceleration and TRF-2026 input; the fixtures' rounds/), whose
expected answer is bbpPairings v6's, and bbpPairings' own regression cases (C5, C9, issue 7).

Each case is the input tournament with the engine's answer written in as the next round; the
checker must find no candidate ranked above it by its own reading of the rules (engine off).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import trf
from trf.edit import with_pairing

from tests.support import check_as_filed, parse_path, shared_corpus


def _answer(path: Path) -> tuple[list[tuple[int, int]], int | None]:
    lines = [ln.split() for ln in path.read_text().splitlines() if ln.strip()][1:]
    boards = [(int(w), int(b)) for w, b in lines if b != "0"]
    bye = next((int(w) for w, b in lines if b == "0"), None)
    return boards, bye


def _check(t: trf.model.Tournament, answer: Path) -> list[str]:
    boards, bye = _answer(answer)
    rnd = t.rounds_paired + 1
    paired = with_pairing(t, rnd, boards, bye)
    rep = check_as_filed(paired, rnd, total_rounds=t.total_rounds or None)
    return [f"{f.kind} {f.criterion}: {f.message}" for f in rep.findings]


def test_checker_accepts_the_endorsed_pairing(endorsed_case) -> None:
    """(The shared rounds/ cases, all 994 of which also passed here on 2026-11-30, are rounds of
    the corpus tournaments and are checked there.)"""
    t = parse_path(endorsed_case.path).tournament
    assert _check(t, endorsed_case.path.with_suffix(".pairs")) == []


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_checker_accepts_bbp_regression_answers(name: str) -> None:
    base = shared_corpus() / "real" / "bbp-tests"
    t = trf.parse_file(base / f"{name}.input").tournament
    assert _check(t, base / f"{name}.output.expected") == []
