"""Checking many files: each file's verdict as a single check gives it, the rank column checked
against the file's list, files that cannot be read or checked reported while the run goes on,
the same outcomes on a process pool."""

from __future__ import annotations

import shutil
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

import trf
from verify.batch import CSV_COLUMNS, check_files, csv_row, summarize, trf_files
from verify.generate import GeneratorSettings, generate
from trf.model import Player

from tests.support import FIXTURES

EXAMPLE = FIXTURES / "example.trf"
ENDORSED = FIXTURES / "dutch-2026" / "tournaments" / "dev-0004-n12-r5.trf"  # paired by bbpPairings


@pytest.fixture
def reports(tmp_path: Path) -> Path:
    d = tmp_path / "reports"
    (d / "sub").mkdir(parents=True)
    shutil.copy(ENDORSED, d / "a-endorsed.trf")
    shutil.copy(EXAMPLE, d / "b-example.trf")
    t = generate(GeneratorSettings(players=9, rounds=4, seed=4, tiebreaks="BH/C1,SB"))
    (d / "sub" / "c-generated.trfx").write_text(trf.dumps(t), encoding="utf-8")
    first, second = sorted(t.players, key=lambda p: p.rank or 0)[:2]
    swapped = t.replace_records(tuple(
        replace(r, rank=second.rank) if isinstance(r, Player) and r.start_rank == first.start_rank else
        replace(r, rank=first.rank) if isinstance(r, Player) and r.start_rank == second.start_rank else r
        for r in t.records))
    (d / "sub" / "d-ranks-swapped.trf").write_text(trf.dumps(swapped), encoding="utf-8")
    (d / "e-broken.trf").write_text("012 Broken\n001    1      A                                 2000\n"
                                    "001    x      B\n", encoding="utf-8")
    (d / "f-notes.txt").write_text("not a TRF, not looked at", encoding="utf-8")
    return d


@pytest.mark.fast
def test_a_directory_is_checked_file_by_file(reports: Path, tmp_path: Path) -> None:
    missing = tmp_path / "gone.trf"
    outs = list(check_files([reports, missing]))
    by = {Path(o.path).name: o for o in outs}
    assert list(by) == ["a-endorsed.trf", "b-example.trf", "e-broken.trf", "c-generated.trfx", "d-ranks-swapped.trf",
                        "gone.trf"]
    assert by["a-endorsed.trf"].status == "ok" and len(by["a-endorsed.trf"].rounds) == 5
    ex = by["b-example.trf"]  # the README's hand-checked findings: round 2 by the order, round 3 by 5.2.2
    assert ex.status == "discrepant"
    assert [(r.round, r.criterion) for r in ex.discrepant_rounds] == [(2, "order"), (3, "5.2.2")]
    assert ex.standings_ok is None  # no 202/212 list
    assert by["c-generated.trfx"].status == "ok" and by["c-generated.trfx"].standings_ok is True
    sw = by["d-ranks-swapped.trf"]
    assert sw.status == "discrepant" and not sw.discrepant_rounds and sw.standings_ok is False
    assert sw.standings is not None and len(sw.standings["misplaced"]) == 1
    assert by["e-broken.trf"].status == "invalid" and "e-broken.trf:3:" in (by["e-broken.trf"].error or "")
    assert by["gone.trf"].status == "unreadable" and "No such file" in (by["gone.trf"].error or "")
    s = summarize(outs)
    assert (s.files, s.checked, s.files_with_discrepancies, s.standings_checked, s.standings_discrepant) == (6, 4, 2, 2, 1)
    assert s.discrepant_rounds == 2 and dict(s.by_criterion) == {"order": 1, "5.2.2": 1}
    assert [(Path(p).name, st) for p, st, _ in s.invalid] == [("e-broken.trf", "invalid"), ("gone.trf", "unreadable")]
    assert not s.ok
    d = s.as_dict()
    assert d["discrepant_rounds_by_criterion"] == {"5.2.2": 1, "order": 1} and d["rank_differences"] == 2
    row = dict(zip(CSV_COLUMNS, csv_row(ex)))
    assert row["criteria"] == "2:order 3:5.2.2" and row["status"] == "discrepant" and row["first_finding"].startswith("round 2")
    row = dict(zip(CSV_COLUMNS, csv_row(sw)))
    assert row["standings"] == "discrepant" and row["rank_differences"] == "2" and "should rank above" in row["first_finding"]


def test_the_same_outcomes_on_a_process_pool(reports: Path) -> None:
    alone = [o.as_dict() for o in check_files([reports])]
    with ProcessPoolExecutor(2) as pool:
        pooled = [o.as_dict() for o in check_files([reports], executor=pool, window=2)]
    assert alone == pooled


@pytest.mark.fast
def test_files_are_found_by_their_suffix(reports: Path) -> None:
    names = [p.name for p in trf_files([reports])]
    assert "f-notes.txt" not in names and "c-generated.trfx" in names
    assert trf_files([reports / "f-notes.txt"]) == [reports / "f-notes.txt"]  # a file named is checked as given
