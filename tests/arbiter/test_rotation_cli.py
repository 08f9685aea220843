"""``arbiter rotation``: the commands, their --json shapes, exit codes and one-line errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from rotation import log as rlog

pytestmark = pytest.mark.fast


def run(*args: str, session: Path | None = None) -> tuple[int, str, str]:
    env = {"COLUMNS": "100", "NO_COLOR": "1"}
    if session is not None:
        env["ARBITER_ROTATION"] = str(session)
    result = CliRunner().invoke(app, ["rotation", *args], env=env)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.db"
    code, _, _ = run("new", str(path), "--tables", "1", "--format", "bughouse", "--seed", "7")
    assert code == 0
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        assert run("arrive", name, "--rating", "1800", session=path)[0] == 0
    return path


def test_new_json_and_refuses_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    code, out, _ = run("new", str(path), "--tables", "2", "--format", "singles", "--seed", "3",
                       "--mode", "all", "--balanced", "--json")
    assert code == 0
    assert json.loads(out) == {"session": str(path), "config": {"tables": 2, "format": "singles", "seed": 3,
                                                                "mode": "all", "balanced": True}}
    code, _, err = run("new", str(path), "--tables", "2", "--seed", "3")
    assert code == exitcodes.FILE_ERROR and "already exists" in err


def test_an_evening_through_the_cli(club: Path) -> None:
    """Five players, one bughouse table: next starts one game of four; finishing it refills the
    table at once (refill mode) and the player who sat out (limit 1) is in the new game."""
    code, out, _ = run("next", "--json", session=club)
    assert code == 0
    first = json.loads(out)["started"][0]
    assert first["table"] == 1 and first["by"] == "engine"
    sat_out = ({"Ann", "Bob", "Cat", "Dan", "Eve"} - set(first["teams"][0] + first["teams"][1])).pop()
    code, out, _ = run("finish", "1", "--json", session=club)
    data = json.loads(out)
    assert code == 0 and [e["type"] for e in data["events"]] == ["finish", "start"]
    second = data["started"][0]
    assert sat_out in second["teams"][0] + second["teams"][1]
    code, out, _ = run("status", "--json", session=club)
    st = json.loads(out)
    assert code == 0 and st["games_started"] == 2
    assert {p["name"]: p["games"] for p in st["players"]}[sat_out] == 1
    assert st["tables"][0]["teams"] == second["teams"]


def test_why_json_and_text(club: Path) -> None:
    run("next", session=club)
    code, out, _ = run("why", "1", "--json", session=club)
    data = json.loads(out)
    assert code == 0 and data["by"] == "engine"
    assert {p["name"] for p in data["players"]} == set(data["teams"][0] + data["teams"][1])
    assert len(data["waiting_next"]) == 1
    code, text, _ = run("why", "1", session=club)
    assert code == 0 and "Waiting next:" in text and "Teams:" in text


def test_set_then_why_says_organiser(club: Path) -> None:
    run("next", session=club)
    code, out, _ = run("set", "1", "Ann", "Bob", "Cat", "Dan", "--json", session=club)
    assert code == 0 and json.loads(out)["started"][0]["by"] == "organiser"
    code, out, _ = run("why", "1", session=club)
    assert "set by the organiser" in out


def test_pause_resume_leave(club: Path) -> None:
    assert run("pause", "Ann", session=club)[0] == 0
    code, out, _ = run("next", "--json", session=club)
    assert "Ann" not in sum(json.loads(out)["started"][0]["teams"], [])
    assert run("resume", "Ann", session=club)[0] == 0
    assert run("leave", "Eve", session=club)[0] == 0
    st = json.loads(run("status", "--json", session=club)[1])
    assert {p["name"]: p["status"] for p in st["players"]}["Eve"] == "left"


def test_errors_are_one_line_with_exit_codes(club: Path, tmp_path: Path) -> None:
    code, _, err = run("arrive", "Ann", session=club)
    assert code == exitcodes.USAGE and err.strip() == "arbiter: Ann is already here"
    code, _, err = run("finish", "1", session=club)
    assert code == exitcodes.USAGE and "no game in progress" in err
    code, _, err = run("why", "3", session=club)
    assert code == exitcodes.USAGE and "table 3 does not exist" in err
    run("next", session=club)
    code, _, err = run("next", session=club)
    assert code == exitcodes.NO_PAIRING and "every table is busy" in err
    code, _, err = run("status", session=tmp_path / "missing.db")
    assert code == exitcodes.FILE_ERROR and "no such session file" in err
    code, _, err = run("status")
    assert code == exitcodes.USAGE and "ARBITER_ROTATION" in err
    bad = tmp_path / "bad.db"
    bad.write_text("not a database")
    code, _, err = run("status", session=bad)
    assert code == exitcodes.FILE_ERROR and len(err.strip().splitlines()) == 1


def test_session_option_overrides_env(club: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    run("new", str(other), "--tables", "1", "--seed", "1")
    code, out, _ = run("status", "--json", "--session", str(other), session=club)
    assert code == 0 and json.loads(out)["players"] == []


def test_simulate_json() -> None:
    code, out, _ = run("simulate", "--players", "9", "--tables", "1", "--games", "20", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] >= 20
    # 9 players, 1 bughouse table: B=5, bound ceil(5/4)=2
    assert data["sitout_bound"] == 2 and data["max_sitouts"] <= 2
    assert sum(data["final_games"].values()) == 4 * data["games"]
    code, _, err = run("simulate", "--players", "3", "--tables", "1", "--games", "5", "--seed", "1")
    assert code == exitcodes.USAGE and "at least 4" in err


def test_library_and_cli_agree(club: Path) -> None:
    """Everything the CLI does is a Python call: the status JSON is rlog.status of the state."""
    run("next", session=club)
    assert json.loads(run("status", "--json", session=club)[1]) == rlog.status(rlog.state(club))


def test_two_tables_next_is_one_pass_and_why_table_two(tmp_path: Path) -> None:
    """10 players, 2 bughouse tables: next fills both tables in one pass; the two left out have
    sat out once (not twice), and why works for the second table of the pass."""
    path = tmp_path / "two.db"
    run("new", str(path), "--tables", "2", "--seed", "1")
    for i in range(10):
        run("arrive", f"P{i}", session=path)
    code, out, _ = run("next", "--json", session=path)
    started = json.loads(out)["started"]
    assert code == 0 and [g["table"] for g in started] == [1, 2]
    st = json.loads(run("status", "--json", session=path)[1])
    assert sorted(p["sitouts"] for p in st["players"]) == [0] * 8 + [1, 1]
    code, out, _ = run("why", "2", "--json", session=path)
    assert code == 0 and len(json.loads(out)["waiting_next"]) == 2


def test_set_fewer_names_fixes_players_engine_completes(club: Path) -> None:
    """set with one name on a free table: that player is fixed, the engine picks the other
    three; why says the organiser fixed them."""
    code, out, _ = run("set", "1", "Eve", "--json", session=club)
    game = json.loads(out)["started"][0]
    assert code == 0 and "Eve" in sum(game["teams"], []) and game["fixed"] == ["Eve"]
    why = json.loads(run("why", "1", "--json", session=club)[1])
    assert why["organiser_fixed"] == ["Eve"] and "organiser" in why["text"]
    code, _, err = run("set", "1", "Ann", session=club)
    assert code == exitcodes.USAGE and "busy" in err


def test_a_session_file_through_a_link(tmp_path: Path) -> None:
    """A session through a symbolic link: ``new`` through a dangling link creates the file it
    names (as ``event new`` and ``convert -o`` do), the commands update the real file, and the
    link stays a link; an existing target is never overwritten."""
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "club.db"
    link = tmp_path / "club.db"
    link.symlink_to(Path("real") / "club.db")
    code, _, err = run("new", str(link), "--tables", "1", "--format", "singles", "--seed", "1")
    assert code == 0, err
    assert link.is_symlink() and real.is_file()
    for name in ("Ann", "Bob"):
        assert run("arrive", name, session=link)[0] == 0
    assert run("next", session=link)[0] == 0
    assert link.is_symlink() and sorted(os.listdir(tmp_path)) == ["club.db", "real"]
    assert sorted(os.listdir(tmp_path / "real")) == ["club.db"]
    assert [e["type"] for e in rlog.load(real)[1]] == ["arrive", "arrive", "start"]
    code, _, err = run("new", str(link), "--tables", "1", "--seed", "1")
    assert code == exitcodes.FILE_ERROR and "already exists" in err
    nowhere = tmp_path / "nowhere.db"
    nowhere.symlink_to(tmp_path / "missing-folder" / "club.db")
    code, _, err = run("new", str(nowhere), "--tables", "1", "--seed", "1")
    assert code == exitcodes.FILE_ERROR and "missing-folder" in err and nowhere.is_symlink()
