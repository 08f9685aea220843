"""The pairings checker accepts every round the endorsed engine paired.

Every round of ../shared/corpus/dutch-2026/tournaments/*.trf is bbpPairings' pairing (see
../shared/corpus/dutch-2026/README.md), so ``checker.dutch.check.check_round`` must report it ok: no
absolute, completion or colour finding, and no candidate from its own local search that Art. 3.8
ranks above the given pairing.  The files carry no XXR record: their total number of rounds is
the file's round columns, which is what the checker assumes (it notes so).

The small sample in fixtures/dutch-2026/tournaments/ runs without ../shared (marked ``fast``),
also once with the pairing engine as an extra candidate (``engine=True``): the engine pairs these
rounds exactly as the file does, so the checker must neither flag them nor report that the
engine's pairing ranks differently.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.report import RoundReport
from tests.support import TrfFile, check_as_filed, corpus_files, fixture_files, parse_path, shared_corpus


def _tournament_files(files: tuple[TrfFile, ...]) -> list[TrfFile]:
    return [f for f in files if f.dutch and f.kind == "tournaments"]


def _params() -> list:
    out = [pytest.param(f.path, id=f.id, marks=pytest.mark.fast) for f in _tournament_files(fixture_files())]
    out += [pytest.param(f.path, id=f.id, marks=pytest.mark.corpus) for f in _tournament_files(corpus_files())]
    return out


def _problems(rep: RoundReport) -> dict:
    return {
        "round": rep.round,
        "findings": [f"{f.kind} {f.criterion}: {f.message} boards={list(f.boards)}" for f in rep.findings],
        "engine_disagrees": rep.engine_disagrees,
    }


def _bad_rounds(path: Path, engine: bool) -> list[dict]:
    t = parse_path(path).tournament
    assert t.rounds_paired >= 1
    bad = []
    for rnd in range(1, t.rounds_paired + 1):
        rep = check_as_filed(t, rnd, engine=engine)
        if not rep.ok or rep.engine_disagrees is not None:
            bad.append(_problems(rep))
        if engine:
            assert "pairing engine" in rep.sources, f"round {rnd}: no engine candidate ({rep.notes})"
    return bad


@pytest.mark.parametrize("path", _params())
def test_checker_accepts_every_round_of_a_tournament(path: Path) -> None:
    """check_round(engine=False) on every round of the file: ok, and no engine disagreement."""
    assert _bad_rounds(path, engine=False) == []


@pytest.mark.fast
def test_fixture_sample_is_present() -> None:
    assert len(_tournament_files(fixture_files())) >= 3


@pytest.mark.fast
@pytest.mark.parametrize("path", [pytest.param(f.path, id=f.id) for f in _tournament_files(fixture_files())])
def test_checker_with_engine_candidate_accepts_the_fixture_sample(path: Path) -> None:
    """engine=True: the engine's pairing is one more candidate; it is the given pairing, so it
    neither beats it nor ranks below it (``engine_disagrees`` stays None)."""
    assert _bad_rounds(path, engine=True) == []


# --------------------------------------------------------------------------- total rounds given


def _cut_after(t, rnd: int):
    from trf.edit import cut_to_round

    return cut_to_round(t, rnd + 1)


@pytest.mark.fast
@pytest.mark.parametrize("path", [pytest.param(f.path, id=f.id) for f in _tournament_files(fixture_files())])
def test_checker_on_a_file_cut_after_the_round_with_total_rounds_given(path: Path) -> None:
    """A file cut after round r (as an arbiter has it during the event), with the total number of
    rounds given: the same verdict as on the whole file, with and without the engine candidate."""
    t = parse_path(path).tournament
    total = t.round_columns
    bad = []
    for rnd in range(1, t.rounds_paired):
        for engine in (False, True):
            rep = check_as_filed(_cut_after(t, rnd), rnd, engine=engine, total_rounds=total)
            if not rep.ok or rep.engine_disagrees is not None:
                bad.append({"engine": engine, **_problems(rep)})
    assert bad == []


@pytest.mark.corpus
def test_engine_candidate_uses_the_given_total_rounds() -> None:
    """A file cut after round 6 of 7: the engine must be told the event has 7 rounds (round 6 is
    not final, no topscorers), or its candidate pairs two absolute-Black players (4-7, C3).  A
    candidate that breaks an absolute criterion is never used (found by this test, fixed)."""
    path = shared_corpus() / "dutch-2026" / "tournaments" / "dev-0022-n14-r7.trf"
    t = parse_path(path).tournament
    rep = check_as_filed(_cut_after(t, 6), 6, engine=True, total_rounds=7)
    assert rep.ok and rep.engine_disagrees is None, _problems(rep)
