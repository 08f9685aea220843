"""``arbiter generate`` by FIDE's checklist of the random tournament generator (C.04.A A.5;
C.02.03 §7: players or teams, rounds, unplayed games, acceleration, tie-breaks; the draft
VCL4THP Q19-Q33: it draws unset options at random, differs per run without a seed and says
the seed it used): the seed drawn and printed, the ``### RTG`` line that makes the file again,
team events, the PAB's value, ``--vary``, and Baku for every system that takes it."""

from __future__ import annotations

import json
import shlex
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app

pytestmark = pytest.mark.fast


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def rtg_line(text: str) -> str:
    return next(x for x in text.splitlines() if x.startswith("### RTG"))


def replay(text: str) -> tuple[int, str, str]:
    """Run the command the file's ``### RTG`` line records."""
    command = rtg_line(text).partition("): ")[2]
    words = shlex.split(command)
    assert words[:2] == ["arbiter", "generate"]
    return run(*words[1:])


# --------------------------------------------------------------------------- the seed


def test_without_a_seed_one_is_drawn_printed_and_recorded() -> None:
    """Two runs without --seed differ; each says its seed on standard error (standard output is
    the TRF alone), the file's 012 and ### lines name it, and --seed with it makes the same file."""
    code, first, said = run("generate", "--players", "12", "--rounds", "3")
    assert code == 0 and first.startswith("012 ")
    assert said.startswith("seed: ") and said.count("\n") == 1
    seed = int(said.split()[1])
    assert f"seed {seed}" in first.splitlines()[0] and rtg_line(first).startswith(f"### RTG seed {seed} (arbiter ")
    code, again, said_again = run("generate", "--players", "12", "--rounds", "3", "--seed", str(seed))
    assert code == 0 and again == first and said_again == ""  # a seed given: nothing to say
    code, second, said2 = run("generate", "--players", "12", "--rounds", "3")
    assert code == 0 and said2 != said and second != first


def test_json_gives_the_seed_and_the_command() -> None:
    code, out, said = run("generate", "--players", "10", "--rounds", "3", "--json")
    assert code == 0 and said == ""
    g = json.loads(out)["generator"]
    assert g["seed_drawn"] is True and g["seed"] == g["tournament_seed"] and g["drawn"] == {}
    assert f"--seed {g['seed']}" in g["command"] and g["command"] in json.loads(out)["trf"]
    code, out, _ = run("generate", "--players", "10", "--rounds", "3", "--seed", "5", "--json")
    assert json.loads(out)["generator"]["seed"] == 5 and json.loads(out)["generator"]["seed_drawn"] is False


@pytest.mark.parametrize("args", [
    ["--players", "20", "--rounds", "5"],
    ["--players", "10-40", "--rounds", "3-6"],  # the size drawn: the line gives the one drawn
    ["--players", "21", "--rounds", "6", "--baku", "--pab", "0.5", "--half-byes", "1=3,0.0333", "--points", "1/0.5/0",
     "--unusual-rate", "0.05", "--late-entries", "2", "--withdrawals", "5%", "--tiebreaks", "BH,SB"],
    ["--players", "15", "--rounds", "4", "--points", "3/1/0", "--pab", "1", "--date", "2025-06-01",
     "--tiebreak-record", "212", "--late-missed", "half", "--late-entries", "1"],
    ["--vary"],
    ["--teams", "8", "--boards", "3", "--rounds", "4", "--board-forfeit-rate", "0.05", "--baku"],
    ["--teams", "9", "--vary"],
])
def test_the_comment_line_makes_the_same_file(args: list[str]) -> None:
    """The ``### RTG`` line alone reproduces the file: its command, run, prints the same bytes."""
    code, text, said = run("generate", *args)
    assert code == 0, said
    code, again, said = replay(text)
    assert code == 0 and again == text, said


def test_a_seed_line_for_a_run_of_many(tmp_path: Path) -> None:
    """--count: each file's line gives its own (derived) seed and size; the run's master seed is
    said once."""
    code, out, said = run("generate", "--players", "8-14", "--rounds", "3", "--count", "3", "-o", tmp_path)
    assert code == 0 and said.startswith("seed: ")
    master = int(said.split()[1])
    assert f"master seed {master}" in out
    for f in sorted(tmp_path.glob("*.trf")):
        text = f.read_text(encoding="utf-8")
        assert replay(text)[1] == text


def test_trf16_output_has_no_comment(tmp_path: Path) -> None:
    """TRF-16 has no comment lines: converting a generated file drops the ### line and says so."""
    path = tmp_path / "g.trf"
    assert run("generate", "--players", "8", "--rounds", "2", "--seed", "3", "-o", path)[0] == 0
    code, out, said = run("convert", path, "--to", "trf16", "-o", "-")
    assert code == 0 and "###" not in out and "### comments exist only in TRF-2026; dropped" in said


# --------------------------------------------------------------------------- teams


def test_teams_generate_a_team_swiss_with_boards_per_team() -> None:
    """--teams 8 --boards 3: a team event of 8 teams of 3 players (24 player lines, 352 of three
    colours), 310 records, paired by the Swiss Team Pairing System round by round (each round
    conforms to the system's checker), the rank column the standings with the 202 list."""
    import systems
    from tiebreaks.codes import parse_list
    from tiebreaks.teamstandings import team_rank_check, team_standings
    from trf.teams import team_event

    code, text, said = run("generate", "--teams", "8", "--boards", "3", "--rounds", "4", "--seed", "21",
                           "--board-forfeit-rate", "0.05", "--half-byes", "1=1")
    assert code == 0, said
    t = trf.parse_text(text).tournament
    ev = team_event(t)
    assert len(ev.teams) == 8 and len(t.players) == 24 and t.header("352") == "WBW" and t.rounds_paired == 4
    assert t.header("202") == "EDE,EMGSB/C1,BH:MP/C1,MPvGP"
    assert "240 H 001" in text  # one half-point bye in round 1
    sel = systems.select(t)
    assert sel.system.team_events
    reports = sel.system.check(t, [1, 2, 3, 4], sel, systems.CheckRequest())
    assert all(r.ok for r in reports)
    assert team_rank_check(ev, team_standings(ev, parse_list("EDE,EMGSB/C1,BH:MP/C1,MPvGP"))) == []


def test_team_baku_writes_its_virtual_points() -> None:
    """--teams 10 --rounds 5 --baku: 192 names it, and the 250 records give group A (the first 2 x
    ceil(10/4) = 6 TPNs) a won match's 2 MP in the first ceil(ceil(5/2)/2) = 2 rounds of the
    ceil(5/2) = 3 accelerated ones, a drawn match's 1 MP in round 3 (C.04.7 for teams)."""
    code, text, said = run("generate", "--teams", "10", "--rounds", "5", "--seed", "8", "--baku")
    assert code == 0, said
    assert "\n192 FIDE_TEAM_TYPEA_MP_GP_BAKU\n" in text
    records = [x.split() for x in text.splitlines() if x.startswith("250 ")]
    assert records == [["250", "2.0", "1", "2", "1", "6"], ["250", "1.0", "3", "3", "1", "6"]]


@pytest.mark.parametrize(("args", "said"), [
    (["--teams", "8", "--rounds", "3", "--system", "dutch"], "the Dutch system pairs no team events"),
    (["--system", "team-swiss", "--players", "8", "--rounds", "3"], "give --teams N"),
    (["--teams", "8", "--rounds", "3", "--pab", "1"], "--pab: not with --teams"),
    (["--teams", "8", "--rounds", "3", "--unusual-rate", "0.1"], "--unusual-rate: not with --teams"),
    (["--teams", "8", "--rounds", "3", "--tiebreaks", "ARO,BH"], "a team has no rating"),
    (["--players", "8", "--rounds", "3", "--boards", "2"], "--boards: for team events"),
    (["--teams", "1", "--rounds", "3"], "outside 2-999"),
])
def test_team_options_refused_clearly(args: list[str], said: str) -> None:
    code, out, err = run("generate", "--seed", "1", *args)
    assert code == exitcodes.USAGE and said in err and out == "", err


# --------------------------------------------------------------------------- acceleration per system


def test_baku_for_every_system_that_takes_it_refused_by_the_others() -> None:
    """Every registered system: one that takes Baku (C.04.7) generates an accelerated event
    whose file carries the virtual points; a round robin has nothing to generate; a system that
    takes no acceleration is refused with exit 2, naming it."""
    import systems

    for system in systems.systems():
        size = ["--teams", "8"] if system.team_events else ["--players", "12"]
        code, out, err = run("generate", *size, "--rounds", "4", "--seed", "2", "--system", system.name, "--baku")
        if system.round_robin:
            assert code == exitcodes.USAGE and "pre-determined pairings" in err, system.name
        elif system.accelerations:
            assert code == 0, (system.name, err)
            assert "\nXXA " in out or "\n250 " in out, system.name
        else:
            assert code == exitcodes.USAGE and "take no Baku acceleration" in err, (system.name, err)


# --------------------------------------------------------------------------- the PAB's value


def test_pab_option_is_written_and_refused_when_bad() -> None:
    code, text, _ = run("generate", "--players", "9", "--rounds", "3", "--seed", "4", "--points", "3/1/0",
                        "--pab", "1")
    assert code == 0 and "\n162  W 3.0    D 1.0    L 0.0    P 1.0\n" in text
    t = trf.parse_text(text).tournament
    assert t.scoring.pab_value == 1
    for bad in ("x", "-1", "0.25"):
        code, _, err = run("generate", "--players", "9", "--rounds", "3", "--seed", "4", "--pab", bad)
        assert code == exitcodes.USAGE and "--pab" in err, bad


# --------------------------------------------------------------------------- --vary


def test_vary_draws_what_is_not_given_and_records_it(tmp_path: Path) -> None:
    """--vary: the options not given are drawn per tournament (different files, different
    values), the JSON lists them, the ones given are kept, and the file's line says them all."""
    code, out, _ = run("generate", "--vary", "--players", "30", "--draw-rate", "0.2", "--seed", "9", "--json")
    assert code == 0
    data = json.loads(out)
    drawn = data["generator"]["drawn"]
    assert "players" not in drawn and "draw_rate" not in drawn and {"rounds", "ratings", "tiebreaks", "baku"} <= set(drawn)
    line = rtg_line(data["trf"])
    assert "--players 30 " in line and "--draw-rate 0.2 " in line
    assert f"--rounds {drawn['rounds']} " in line and f"--ratings {drawn['ratings']} " in line
    code, out, _ = run("generate", "--vary", "--count", "6", "--seed", "10", "-o", tmp_path, "--json")
    assert code in (0, exitcodes.NO_PAIRING)
    rows = json.loads(out)["written"] + json.loads(out)["failed"]
    assert len(rows) == 6 and len({json.dumps(r["drawn"], sort_keys=True) for r in rows}) == 6
    assert len({r["players"] for r in rows}) > 1
    for r in json.loads(out)["written"]:
        text = Path(r["file"]).read_text(encoding="utf-8")
        assert f"--players {r['drawn']['players']} " in rtg_line(text)
    # without --vary nothing is drawn: the defaults stand
    code, out, _ = run("generate", "--players", "12", "--rounds", "3", "--seed", "9", "--json")
    assert json.loads(out)["generator"]["drawn"] == {} and "--draw-rate 0.3 " in rtg_line(json.loads(out)["trf"])


def test_the_pab_value_reaches_the_points_column() -> None:
    """Nine players: a PAB each round; with --pab 0 a PAB adds nothing to the Points column."""
    code, text, _ = run("generate", "--players", "9", "--rounds", "2", "--seed", "6", "--pab", "0",
                        "--half-byes", "0", "--zero-byes", "0", "--forfeit-rate", "0")
    t = trf.parse_text(text).tournament
    for p in t.players:
        games = [e for e in p.rounds if e is not None and e.opponent is not None]
        assert p.points == sum((Fraction(1) if e.code.value == "1" else Fraction(1, 2) if e.code.value == "=" else 0
                                for e in games), Fraction(0))
