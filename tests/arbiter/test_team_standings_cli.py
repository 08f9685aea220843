"""``arbiter standings`` on a team event: the team table, ``--json``, ``--csv`` and the refusals.

The event is Held's team tournament (``tests/tiebreaks/held_team.py``) with some teams renamed: a
name that clears the screen and turns the text around it, and names a spreadsheet would run as
formulas.  The values are the ones ``tests/tiebreaks/test_team_tiebreaks.py`` derives.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from arbiter import exitcodes
from tests.arbiter.test_injection import FORMULAS, HOSTILE, RAW, SHOWN
from tests.event.making import cli
from tests.support import REPO
from tests.tiebreaks.held_team import held_team_trf

pytestmark = pytest.mark.fast

NAMES = {1: HOSTILE, 2: FORMULAS[0], 3: FORMULAS[2], 4: "-0.5"}


@pytest.fixture
def held(tmp_path: Path) -> Path:
    path = tmp_path / "held_team.trf"
    path.write_text(held_team_trf(tiebreaks="EDE,BH:MP/C1,MPvGP", names=NAMES), encoding="utf-8")
    return path


def test_table(held: Path) -> None:
    """Place, TPN, team, MP, GP and the file's 202 list; exercise 45's order of the 10-MP teams
    (4, 2, 1, 3, 5) and teams 7, 9 and 13 tied by EDE (exercise 44); the hostile name shown as
    escapes only."""
    code, out, _ = cli("standings", held)
    assert code == 0
    assert "match points first" in out and "2023 rules" in out
    for head in ("Pl", "TPN", "Team", "MP", "GP", "EDE", "BH:MP/C1", "MPvGP"):
        assert head in out
    assert SHOWN in out and not any(ch in out for ch in RAW)
    lines = [ln for ln in out.splitlines() if ln.startswith("│")]
    tpns = [int(ln.split("│")[2]) for ln in lines]
    assert tpns[:5] == [4, 2, 1, 3, 5]
    ede = {int(ln.split("│")[2]): ln.split("│")[6].strip() for ln in lines}
    # EDE ranks nobody in their group (exercise 44), so it shows 0 for each, as for DE (C.07 art.
    # 6.3: nobody is ranked first; tiebreaks.standings.procedure_ranks); BH:MP/C1 decides
    assert ede[7] == ede[9] == ede[13] == "0"


def test_json(held: Path) -> None:
    code, out, _ = cli("standings", held, "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["team_event"], data["primary"], data["secondary"], data["rounds"]) == (True, "MP", "GP", 7)
    assert [tb["code"] for tb in data["tiebreaks"]] == ["EDE", "BH:MP/C1", "MPvGP"]
    rows = {r["tpn"]: r for r in data["standings"]}
    assert rows[1]["team"] == HOSTILE  # data keeps the exact text
    assert (rows[14]["match_points"], rows[14]["game_points"]) == ("4.0", "11.5")
    # 11 and 14, both on 4 MP, are left tied by EDE (tests/tiebreaks/test_team_tiebreaks.py): 0
    assert rows[14]["tiebreaks"] == {"EDE": "0", "BH:MP/C1": "32.0", "MPvGP": "11.5"}
    assert rows[4]["separated_from_next_by"] == "EDE"
    assert data["standings"][-1]["separated_from_next_by"] is None
    assert set(data["standings"][0]) == {"rank", "place", "tpn", "team", "match_points", "game_points", "tiebreaks",
                                         "separated_from_next_by"}


def test_csv_is_formula_safe(held: Path) -> None:
    code, out, _ = cli("standings", held, "--csv", "--tiebreaks", "BC,SSSC")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "place", "tpn", "team", "match_points", "game_points", "BC", "SSSC"]
    cells = {c for row in rows for c in row}
    for formula in (FORMULAS[0], FORMULAS[2]):
        assert formula not in cells and "'" + formula in cells
    assert "-0.5" in cells
    by_tpn = {int(r[2]): r for r in rows[1:]}
    assert by_tpn[11][6] == "27.0"  # board count, derived in test_team_tiebreaks.py
    assert by_tpn[1][7] == "38.83"  # SSSC 17.5 + 64/3 = 233/6, rounded to two decimals as Held ex. 49 prints it


def test_after_round_and_edition(held: Path) -> None:
    code, out, _ = cli("standings", held, "--json", "--after-round", "6", "--edition", "2026", "--tiebreaks", "BH")
    assert code == 0
    data = json.loads(out)
    assert (data["rounds"], data["edition"]) == (6, "2026")
    code, _, err = cli("standings", held, "--after-round", "8")
    assert code == exitcodes.USAGE and "rounds 1-7" in err


def test_check_compares_the_310_ranks(held: Path) -> None:
    """The file's 310 records carry no rank: every team is a difference (exit 4)."""
    code, out, _ = cli("standings", held, "--check")
    assert code == exitcodes.DISCREPANCY and "14 team ranks differ" in out


@pytest.mark.parametrize("args, code, words", [
    (["--explain", "1"], exitcodes.USAGE, "individual events"),
    (["--tiebreaks", "ARO,BH"], exitcodes.USAGE, "a team has no rating"),
    (["--tiebreaks", "BH:XP"], exitcodes.USAGE, "unknown score"),
])
def test_refusals(held: Path, args: list[str], code: int, words: str) -> None:
    got, _, err = cli("standings", held, *args)
    assert got == code and words in err


def test_team_tiebreaks_refused_for_an_individual_event() -> None:
    code, _, err = cli("standings", REPO / "fixtures" / "example.trf", "--tiebreaks", "EDE,BH")
    assert code == exitcodes.USAGE and "EDE is a tie-break of team events" in err
