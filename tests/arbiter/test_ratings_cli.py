"""``arbiter report`` and ``arbiter ratings``: exit codes, files written (atomically, never the
input), JSON/CSV shapes, and the same numbers as the library (hand-checked in
test_ratings_change.test_tournament_changes_hand_calculation)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from tests.ratings.test_ratings_report import FIT
from tests.support import REPO

pytestmark = pytest.mark.fast

ROOT = REPO
EXAMPLE = ROOT / "fixtures" / "example.trf"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def fit(tmp_path: Path) -> Path:
    path = tmp_path / "fit.trf"
    path.write_text(FIT)
    return path


@pytest.fixture
def messy(tmp_path: Path) -> Path:
    """FIT with player 2's points wrong (1.0), ranks 2 and 4 swapped, and no 102 record."""
    text = FIT.replace("1000002 1990/05/06  0.5    4", "1000002 1990/05/06  1.0    2")
    text = text.replace("1000004 2000/09/10  1.5    2", "1000004 2000/09/10  1.5    4")
    text = text.replace("102 IA Test Arbiter (1000099)\n", "")
    path = tmp_path / "messy.trf"
    path.write_text(text)
    return path


def test_ratings_json(fit: Path) -> None:
    code, out, _ = run("ratings", str(fit), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["date"] == "2026-03-01" and data["date_source"] == "042"
    assert data["rules"]["cap"] == 400 and data["rules"]["cap_exempt_from"] == 2650
    rows = {p["start_rank"]: p for p in data["players"]}
    assert [(rows[i]["k"], rows[i]["change"], rows[i]["change_rounded"]) for i in (1, 2, 3)] == [
        (10, "1.6", 2), (20, "-10", -10), (40, "13.6", 14)]
    assert rows[1]["expected"] == "1.84" and rows[1]["score"] == "2" and rows[1]["average_opponent_rating"] == 1750
    assert rows[1]["games"][1] == {"round": 2, "opponent": 3, "opponent_rating": 1500, "score": "1", "difference": 900,
                                   "counted_difference": 400, "expected": "0.92", "delta": "0.08"}
    assert rows[1]["not_rated"] == [{"round": 3, "opponent": 4, "code": "+", "reason": "forfeit (+): not rated"}]
    assert rows[4]["change"] is None and rows[4]["performance"]["rating"] == 1870
    assert rows[4]["performance"]["published"] is False


def test_ratings_csv_and_table(fit: Path) -> None:
    code, out, _ = run("ratings", str(fit), "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["start_rank"], r["change_rounded"], r["performance"]) for r in rows] == [
        ("1", "2", ""), ("2", "-10", ""), ("3", "14", ""), ("4", "", "1870")]
    code, out, _ = run("ratings", str(fit))
    assert code == 0
    assert "Alpha, Anna" in out and "+13.6" in out and "1870*" in out and "B.02 from 1 Oct 2025" in out


def test_k_file(fit: Path, tmp_path: Path) -> None:
    """Player 2 is a new player with K 40 (the file says so): 40 x -.50 = -20."""
    kfile = tmp_path / "k.csv"
    kfile.write_text("id,K\n1000002,40\n")
    code, out, _ = run("ratings", str(fit), "--json", "--k", str(kfile))
    assert code == 0
    p2 = json.loads(out)["players"][1]
    assert (p2["k"], p2["k_source"], p2["change_rounded"]) == (40, "file", -20)
    kfile.write_text("1000002,forty\n")
    code, _, err = run("ratings", str(fit), "--k", str(kfile))
    assert code == exitcodes.INVALID_INPUT and f"{kfile}:1:" in err
    code, _, err = run("ratings", str(fit), "--k", str(tmp_path / "none.csv"))
    assert code == exitcodes.FILE_ERROR and "no such file" in err


def test_report_fit_file(fit: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "clean.trf"
    code, out, _ = run("report", str(fit), "-o", str(out_file))
    assert code == 0
    assert "fit to be rated" in out and "1 forfeit" in out
    assert out_file.read_text() == FIT


def test_report_messy_file(messy: Path, tmp_path: Path) -> None:
    """Errors (no 102) -> exit 4, the clean report still written with fixed points and ranks; the
    input untouched; --strict writes nothing (exit 3)."""
    before = messy.read_bytes()
    out_file = tmp_path / "clean.trf"
    code, out, _ = run("report", str(messy), "-o", str(out_file), "--json")
    assert code == exitcodes.DISCREPANCY
    data = json.loads(out)
    assert data["fit"] is False and data["written"] is True and data["trf"] is None
    assert [(p["code"], p["line"], p["column"]) for p in data["problems"]] == [
        ("report-header", 8, 5), ("report-points", 9, 81), ("report-rank", 9, 86), ("report-rank", 11, 86)]
    assert all(p["fix"] for p in data["problems"])
    assert messy.read_bytes() == before
    written = trf.parse_file(out_file)
    assert not written.diagnostics
    assert [(p.points, p.rank) for p in written.tournament.players][1] == (trf.parse_text(FIT).tournament.players[1].points, 4)
    strict_out = tmp_path / "strict.trf"
    code, _, err = run("report", str(messy), "-o", str(strict_out), "--strict")
    assert code == exitcodes.INVALID_INPUT and not strict_out.exists()
    assert "messy.trf:8:5: error report-header record 102" in err


def test_report_to_stdout_and_trf26(fit: Path) -> None:
    code, out, _ = run("report", str(fit), "--to", "trf26")
    assert code == 0
    again = trf.parse_text(out)
    assert not again.diagnostics and len(again.tournament.players) == 4


def test_report_with_ratings_json(fit: Path) -> None:
    code, out, _ = run("report", str(fit), "--ratings", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ratings"]["players"][2]["change_rounded"] == 14
    assert data["unrated_games"] == [{"round": 3, "player": 1, "opponent": 4, "code": "+", "kind": "forfeit"}]
    assert data["trf"] == FIT


def test_report_usage_errors(fit: Path) -> None:
    code, _, err = run("report", str(fit), "-o", str(fit))
    assert code == exitcodes.USAGE and "refusing to overwrite" in err
    code, _, err = run("report", str(fit), "--tiebreaks", "NOPE")
    assert code == exitcodes.USAGE and "--tiebreaks" in err
    code, _, err = run("report", str(fit.parent / "missing.trf"))
    assert code == exitcodes.FILE_ERROR and "no such file" in err


def test_report_contradictory_games(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(FIT.replace("     1 b 0     4 w 0", "     1 b 1     4 w 0"))
    out_file = tmp_path / "out.trf"
    code, _, err = run("report", str(path), "-o", str(out_file))
    assert code == exitcodes.INVALID_INPUT and not out_file.exists()
    assert "result-mismatch" in err and "nothing written" in err


def test_ratings_refuses_invalid_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(FIT.replace("     1 b 0     4 w 0", "     1 b 1     4 w 0"))
    code, _, err = run("ratings", str(path))
    assert code == exitcodes.INVALID_INPUT and "error" in err


def test_example_report_matches_standings(tmp_path: Path) -> None:
    """The repository's example: the clean report's ranks are those `arbiter standings --json` gives."""
    out_file = tmp_path / "clean.trf"
    code, _, _ = run("report", str(EXAMPLE), "-o", str(out_file))
    assert code == exitcodes.DISCREPANCY  # the example has no 132 round dates
    code, out, _ = run("standings", str(EXAMPLE), "--json")
    order = [row["start_rank"] for row in json.loads(out)["standings"]]
    written = trf.parse_file(out_file).tournament
    assert sorted(written.players, key=lambda p: p.rank) == [written.player(i) for i in order]


def test_date_option_picks_the_edition(fit: Path) -> None:
    """--date 2023-05-01 applies the 2022 regulations (400-point rule once per event). Nothing
    changes here: each player has at most one game over 400 in their favour (1 vs 3: D 900;
    2 vs 3: D 500), which stays capped, and the lower-rated side keeps the cap; player 3 (born
    2010) is still a junior (K 40). So +2, -10, +14 as under the 2026 rules."""
    code, out, _ = run("ratings", str(fit), "--json", "--date", "2023-05-01")
    assert code == 0
    data = json.loads(out)
    assert data["rules"]["cap_once_per_event"] is True and data["date_source"] == "given"
    assert [p["change_rounded"] for p in data["players"][:3]] == [2, -10, 14]
    code, _, err = run("ratings", str(fit), "--date", "1 March")
    assert code == exitcodes.USAGE and "--date" in err
