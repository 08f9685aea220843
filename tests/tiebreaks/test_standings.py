"""Standings (C.07 art. 4.2): the ranks the FIDE reference tool computes, and ``arbiter standings``.

The gacrux TSVs (../shared/corpus/dutch-2026/tiebreaks/, a sample in fixtures/) give, for each
corpus tournament, the rank gacrux computed with the list of tie-breaks in its columns (2026
rules); ranking every tournament with the same list must give the same ranks.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from tiebreaks.codes import parse_list
from tiebreaks.context import Edition
from tiebreaks.standings import standings

from tests.support import CORPUS, FIXTURES, REPO, parse_path, shared_corpus

ROOT = REPO


def _tsvs() -> list:
    out = [pytest.param(p, FIXTURES / "dutch-2026" / "tournaments" / (p.stem + ".trf"), id=f"fixtures/{p.name}",
                        marks=pytest.mark.fast)
           for p in sorted((FIXTURES / "dutch-2026" / "tiebreaks").glob("*.tsv"))]
    base = CORPUS / "dutch-2026"
    if (base / "tiebreaks").is_dir():
        out += [pytest.param(p, base / "tournaments" / (p.stem + ".trf"), id=p.name, marks=pytest.mark.corpus)
                for p in sorted((base / "tiebreaks").glob("*.tsv"))]
    return out


def _read_tsv(path: Path) -> tuple[list[str], dict[int, int]]:
    rows = [ln.split("\t") for ln in path.read_text().splitlines() if ln and not ln.startswith("#")]
    head = rows[0]
    return head[3:], {int(r[0]): int(r[1]) for r in rows[1:]}


@pytest.mark.parametrize("tsv, trf_path", _tsvs())
def test_ranks_equal_the_reference_tool(tsv: Path, trf_path: Path) -> None:
    codes, ranks = _read_tsv(tsv)
    t = parse_path(trf_path).tournament
    s = standings(t, parse_list(",".join(codes)), edition=Edition.V2026)
    assert {r.pid: r.rank for r in s.rows} == ranks


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "160", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


SAMPLE = FIXTURES / "dutch-2026" / "tournaments" / "dev-0004-n12-r5.trf"


@pytest.mark.fast
def test_cli_json_shape_and_csv_agree() -> None:
    code, out, _ = run("standings", str(SAMPLE), "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--json")
    assert code == exitcodes.OK
    data = json.loads(out)
    assert set(data) >= {"file", "rounds", "edition", "round_robin", "tiebreaks", "notes", "standings"}
    assert [tb["code"] for tb in data["tiebreaks"]] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    row = data["standings"][0]
    assert set(row) >= {"rank", "place", "start_rank", "name", "rating", "points", "tiebreaks", "separated_from_next_by"}
    code, out, _ = run("standings", str(SAMPLE), "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--csv")
    assert code == exitcodes.OK
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [int(r["start_rank"]) for r in rows] == [r["start_rank"] for r in data["standings"]]
    assert [r["BH/C1"] for r in rows] == [r["tiebreaks"]["BH/C1"] for r in data["standings"]]
    # places are consistent with points: never a lower score above a higher one
    pts = [float(r["points"]) for r in rows]
    assert pts == sorted(pts, reverse=True)


@pytest.mark.fast
def test_cli_errors() -> None:
    code, _, err = run("standings", str(SAMPLE), "--tiebreaks", "BH,XYZ")
    assert code == exitcodes.USAGE and "unknown tie-break 'XYZ'" in err
    code, _, err = run("standings", str(SAMPLE), "--after-round", "9")
    assert code == exitcodes.USAGE and "rounds 1-5" in err
    code, _, err = run("standings", str(SAMPLE), "--explain", "99")
    assert code == exitcodes.USAGE


@pytest.mark.fast
def test_check_flags_a_wrong_rank_column(tmp_path: Path) -> None:
    """--check: the file's rank column against the computed places.  Writing the computed
    places into the file makes it agree; moving the winner to rank 2 is reported."""
    t = parse_path(SAMPLE).tournament
    s = standings(t, parse_list("BH/C1,BH,SB,DE,WIN"))
    text = SAMPLE.read_text().splitlines()
    place = {r.pid: r.rank for r in s.rows}
    fixed = []
    for ln in text:
        if ln.startswith("001 "):
            pid = int(ln[4:8])
            ln = ln[:85] + f"{place[pid]:>4}" + ln[89:]
        fixed.append(ln)
    good = tmp_path / "good.trf"
    good.write_text("\n".join(fixed) + "\n")
    code, out, _ = run("standings", str(good), "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--check")
    assert code == exitcodes.OK and "agrees" in out
    winner = s.rows[0].pid
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(ln[:85] + "   2" + ln[89:] if ln.startswith(f"001 {winner:>4}") else ln for ln in fixed) + "\n")
    code, out, _ = run("standings", str(bad), "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--check", "--json")
    assert code == exitcodes.DISCREPANCY
    diffs = json.loads(out)["rank_differences"]
    assert [d["start_rank"] for d in diffs] == [winner] and diffs[0]["file_rank"] == 2


@pytest.mark.corpus
def test_explain_held_david() -> None:
    """Held swiss5, player 4 (David), 2023 rules: his round-2 HPB is a VUR (category 3) counted
    with a dummy of his own score 3.5 in BH (art. 16.4, 2023) and cut first by BH/C1 (16.5)."""
    path = shared_corpus() / "real" / "tiebreaks" / "held_swiss_5.trf"
    code, out, _ = run("standings", str(path), "--tiebreaks", "BH,BH/C1,SB", "--explain", "4", "--json")
    assert code == exitcodes.OK
    data = json.loads(out)
    assert data["edition"] == "2023"
    assert data["tiebreaks"] == {"BH": "15.0", "BH/C1": "11.5", "SB": "9.75"}
    r2 = data["rounds"][1]
    assert (r2["kind"], r2["category"], r2["vur"], r2["opponent_score_counted"]) == ("hpb", 3, True, "3.5")
    code, out, _ = run("standings", str(path), "--tiebreaks", "BH,BH/C1,SB", "--explain", "4", "--edition", "2026", "--json")
    data = json.loads(out)
    assert data["tiebreaks"]["BH"] == "14.0"  # 2026: the HPB dummy is capped at 0.5 x 5 rounds = 2.5
