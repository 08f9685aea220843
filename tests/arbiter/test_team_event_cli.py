"""``arbiter event ...`` on a team event: the options, messages, exit codes and JSON shapes of each
command, and the commands a team event refuses.

The pairing comes from :func:`systems.next_round`: the registry's Swiss Team Pairing System (round 1:
the first half of the TPNs against the second, Art. 3.6.2; colours by Art. 4.3.1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from tests.event.making import cli
from tests.event.team_making import teams_csv, teams_rows

pytestmark = pytest.mark.fast


@pytest.fixture
def cup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 5-team event (the first with a reserve), the initial colour White, round 1 paired: team 5 the PAB
    (the lowest, largest TPN: C.04.6 Art. 3.4), then 1-3 and 2-4 (the first identifier, Art. 3.6.2), 1
    White (odd TPN: the initial colour, Art. 4.3.1), 2 Black (even): matches 1-3 and 4-2 (Art. 3.6 order)."""
    path = tmp_path / "cup.trf"
    (tmp_path / "teams.csv").write_text(teams_csv(teams_rows(5, [5, 4, 4, 4, 4], seed=3)), encoding="utf-8")
    assert cli("event", "new", path, "--team", "--name", "Cup", "--rounds", "4", "--initial-colour", "white",
               "--tiebreaks", "EDE")[0] == 0
    assert cli("event", "register", path, "--teams-csv", tmp_path / "teams.csv")[0] == 0
    assert cli("event", "pair", path)[0] == 0
    return path


def test_new_team_event_options(tmp_path: Path) -> None:
    path = tmp_path / "a.trf"
    code, out, err = cli("event", "new", path, "--team-code", "FIDE_TEAM_TYPEB", "--name", "Cup", "--rounds", "9",
                         "--board-colours", "WBBW", "--match-points", "3/1/0", "--pab", "1/2", "--seed", "4", "--json")
    assert code == 0, err
    data = json.loads(out)["data"]
    assert (data["system"], data["boards"], data["board_colours"], data["match_points"]) == (
        "FIDE_TEAM_TYPEB_MP_GP", 4, "WBBW", ["3", "1", "0"])  # every option spelled out
    t = trf.parse_file(path).tournament
    assert (t.header("192"), t.header("352"), t.header("362")) == ("FIDE_TEAM_TYPEB_MP_GP", "WBBW",
                                                                   "TW 3.0   TD 1.0   TL 0.0")
    code, out, err = cli("event", "new", tmp_path / "b.trf", "--team", "--name", "Cup", "--rounds", "5", "--boards", "6",
                         "--seed", "1")
    assert code == 0 and "6 boards WBWBWB" in out
    assert "warning: no tie-break list given" in err


@pytest.mark.parametrize("args, message", [
    (["--team-code", "FIDE_TEAM_XYZ"], "--team-code FIDE_TEAM_XYZ: expected FIDE_TEAM"),
    (["--team", "--board-colours", "BW"], "--board-colours BW: expected W and B"),
    (["--team", "--boards", "30"], "--boards 30: expected 1 to 20"),
    (["--team", "--match-points", "1/2/0"], "--match-points 1/2/0: expected a won match worth more"),
    (["--team", "--pab", "x"], "--pab x: expected the match points and game points of a PAB"),
    (["--boards", "4"], "--boards, --board-colours, --match-points and --pab are for a team event (--team)"),
    (["--team", "--boards", "4", "--board-colours", "WB"], "--board-colours WB: 2 boards, --boards says 4"),
    (["--team", "--system", "dutch"], "--system dutch: expected none with a team event"),
])
def test_new_team_event_refusals(tmp_path: Path, args: list[str], message: str) -> None:
    code, out, err = cli("event", "new", tmp_path / "x.trf", "--name", "Cup", "--rounds", "5", "--seed", "1", *args)
    assert code == exitcodes.USAGE and message in err, err
    assert not (tmp_path / "x.trf").exists()


def test_register_teams_refusals(tmp_path: Path) -> None:
    path = tmp_path / "cup.trf"
    assert cli("event", "new", path, "--team", "--name", "Cup", "--rounds", "5", "--seed", "1")[0] == 0
    bad = tmp_path / "bad.csv"
    bad.write_text("Team,Name,Rating\nA,X,abc\n", encoding="utf-8")
    code, out, err = cli("event", "register", path, "--teams-csv", bad)
    assert code == exitcodes.INVALID_INPUT and f"{bad}:2: rating 'abc'" in err
    few = tmp_path / "few.csv"
    few.write_text("Team,Name\nA,X\nA,Y\n", encoding="utf-8")
    code, out, err = cli("event", "register", path, "--teams-csv", few)
    assert code == exitcodes.USAGE and "team 'A' has 2 player(s) for 4 boards" in err
    code, out, err = cli("event", "register", path, "--name", "Solo, Han")
    assert code == exitcodes.USAGE and "a team event: players are registered with their teams" in err
    code, out, err = cli("event", "register", path, "--teams-csv", few, "--name", "X")
    assert code == exitcodes.USAGE
    individual = tmp_path / "open.trf"
    assert cli("event", "new", individual, "--name", "Open", "--rounds", "5", "--seed", "1")[0] == 0
    code, out, err = cli("event", "register", individual, "--teams-csv", few)
    assert code == exitcodes.USAGE and "not a team event" in err


def test_pair_boards_and_status_shapes(cup: Path) -> None:
    code, out, err = cli("event", "boards", cup, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["team"] and data["pab"] == 5 and [(m["white"], m["black"]) for m in data["matches"]] == [(1, 3), (4, 2)]
    assert [b["white_team_colour"] for b in data["matches"][0]["boards"]] == ["w", "b", "w", "b"]
    assert all(b["result"] is None for m in data["matches"] for b in m["boards"])
    code, out, err = cli("event", "boards", cup)
    assert code == 0 and "Pairing-allocated bye: 5" in out and "1.1" in out and "2.4" in out
    code, out, err = cli("event", "status", cup, "--json")
    status = json.loads(out)
    assert status["state"] == "results" and status["teams"] == 5 and status["boards"] == 4
    assert [p["boards"] for p in status["pending"]] == [[1, 2, 3, 4], [1, 2, 3, 4]]
    code, out, err = cli("event", "status", cup)
    assert "Cup: 5 teams (21 players, 4 boards), 1 of 4 rounds paired" in out
    assert "next: enter the results of round 1: 2 match(es) with 8 board(s) without a result" in out
    code, out, err = cli("event", "pair", cup)
    assert code == exitcodes.RESULTS_MISSING and "enter the results of round 1 first" in err


def test_results_on_the_command_line(cup: Path) -> None:
    # match 2 is 4-2; named 2-4, its boards are given from team 2's side, and said so
    code, out, err = cli("event", "result", cup, "1", "1 = 0 1", "2-4", "--", "-+=1")
    assert code == 0, err
    assert "results round 1: match 1: 1 (" in out and ") 2½-1½ (1-0 ½-½ 0-1 1-0)" in out
    assert "match 2: 2 (" in out and ") 2½-1½ (-+ +- ½-½ 1-0)" in out
    code, out, err = cli("event", "result", cup, "1", ". . . 0", "--json")
    data = json.loads(out)
    assert [w["code"] for w in data["warnings"]] == ["result-changed"] and data["data"]["boards"] == [4]
    for args, message in ((["3", "1111"], "round 1 has no match 3: it has matches 1-2"),
                          (["1-5", "1111"], "teams 1 and 5 do not meet in round 1"),
                          (["1", "1 2 = 0"], "'2'"),
                          (["1"], "give BOARD RESULT pairs"),
                          (["--by-player", "1", "1"], "not by player")):
        code, out, err = cli("event", "result", cup, *args)
        assert code == exitcodes.USAGE and message in err, (args, err)


def test_results_from_a_csv(cup: Path, tmp_path: Path) -> None:
    rows = tmp_path / "r1.csv"
    rows.write_text("match,board,result\n1,1,1\n1,2,=\n1,3,0\n1,4,+\n2,1 1 1 1\n", encoding="utf-8")
    code, out, err = cli("event", "result", cup, "--csv", rows, "--json")
    assert code == 0, err
    data = json.loads(out)["data"]
    assert data["matches"] == [1, 2] and data["pending_matches"] == []
    bad = tmp_path / "bad.csv"
    bad.write_text("match,results\n1,1 1 1\n", encoding="utf-8")
    code, out, err = cli("event", "result", cup, "--csv", bad)
    assert code == exitcodes.INVALID_INPUT and f"{bad}:2:" in err


def test_lineup_and_forfeit(cup: Path) -> None:
    code, out, err = cli("event", "lineup", cup, "1", "1", "5", "3", "-")
    assert code == 0, err
    assert "line-up round 1 team 1 (" in out and "boards 1 5 3 - against 3 (" in out  # team 1: players 1-5
    t = trf.parse_file(cup).tournament
    assert [r.text for r in t.records if getattr(r, "code", "") == "300"] == ["300   1   1   3    1    5    3 0000"]
    for args, message in ((["9", "1", "2", "3", "4"], "no team has this pairing number"),
                          (["5", "1", "2", "3", "4"], "team 5 has no match in round 1: the PAB"),
                          (["2", "1", "2", "3"], "3 player(s) given for 4 boards"),
                          (["2", "1", "2", "3", "x"], "'x': expected a player's place")):
        code, out, err = cli("event", "lineup", cup, *args)
        assert code == exitcodes.USAGE and message in err, (args, err)
    code, out, err = cli("event", "forfeit", cup, "2", "--", "-+")
    assert code == 0 and "wins by forfeit" in out
    code, out, err = cli("event", "result", cup, "2", "1111")
    assert code == exitcodes.USAGE and "match 2 is forfeited (-+)" in err
    code, out, err = cli("event", "forfeit", cup, "2", "x")
    assert code == exitcodes.USAGE and "+- (the first team wins)" in err
    assert cli("event", "forfeit", cup, "2", "*")[0] == 0
    assert [r.text for r in trf.parse_file(cup).tournament.records if getattr(r, "code", "") == "330"] == []


def test_withdraw_bye_and_undo(cup: Path) -> None:
    code, out, err = cli("event", "withdraw", cup, "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["data"] == {"team": 4, "from_round": 2, "rounds": [2, 3, 4]}
    assert [w["code"] for w in data["warnings"]] == ["result-pending"]
    code, out, err = cli("event", "bye", cup, "2", "--round", "3", "--kind", "full")
    assert code == 0 and "warning: a full-point bye" in err
    assert cli("event", "bye", cup, "2", "--round", "3", "--cancel")[0] == 0
    code, out, err = cli("event", "bye", cup, "9", "--round", "3")
    assert code == exitcodes.USAGE and "no team has pairing number 9 (the event has 1-5)" in err
    code, out, err = cli("event", "undo", cup)
    assert code == 0 and "undo pairing of round 1: 2 match(es) taken back" in out
    code, out, err = cli("event", "status", cup)
    assert "round 2 byes declared: team 4 (Z)" in out and "next: pair round 1" in out  # round 1 open again


@pytest.mark.parametrize("args", [["manual", "1-2"], ["forbid", "1", "2"]])
def test_commands_a_team_event_refuses(cup: Path, args: list[str]) -> None:
    before = cup.read_bytes()
    code, out, err = cli("event", args[0], cup, *args[1:])
    assert code == exitcodes.USAGE and "a team event:" in err
    assert cup.read_bytes() == before


def test_team_commands_refuse_an_individual_event(tmp_path: Path) -> None:
    path = tmp_path / "open.trf"
    assert cli("event", "new", path, "--name", "Open", "--rounds", "5", "--seed", "1")[0] == 0
    for args in (["forfeit", "1", "+-"], ["lineup", "1", "1", "2"]):
        code, out, err = cli("event", args[0], path, *args[1:])
        assert code == exitcodes.USAGE and "not a team event" in err, err


FIELD = "x" * 131_073


@pytest.mark.parametrize("option, text", [
    ("--teams-csv", f"team,name\nA,\"{FIELD}\"\n"),
    ("--csv", f"match,results\n1,{FIELD}\n"),
], ids=["teams", "results"])
def test_a_csv_field_over_the_csv_modules_limit_is_invalid_input_naming_the_line(cup: Path, tmp_path: Path,
                                                                                 option: str, text: str) -> None:
    path = tmp_path / "long.csv"
    path.write_text(text, encoding="utf-8")
    before = cup.read_bytes()
    command = "register" if option == "--teams-csv" else "result"
    code, out, err = cli("event", command, cup, option, path)
    assert code == exitcodes.INVALID_INPUT and f"{path}:2:" in err and "131,072" in err, err
    assert cup.read_bytes() == before


@pytest.mark.parametrize("command, option, what", [("register", "--teams-csv", "a list of players"),
                                                   ("result", "--csv", "a round's results")])
def test_dev_zero_stops_at_the_limit_of_what_it_is_read_as(cup: Path, command: str, option: str, what: str) -> None:
    before = cup.read_bytes()
    code, out, err = cli("event", command, cup, option, "/dev/zero")
    assert code == exitcodes.INVALID_INPUT and f"/dev/zero is larger than {what} can be (" in err, err
    assert cup.read_bytes() == before


def test_a_result_sheet_written_filled_in_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cup.trf"
    text = "team,name\n" + "".join(f"=HYPERLINK(1),\"=cmd|' /C calc'!A{i}\"\n" for i in range(4)) + \
        "".join(f"Plain,\"P{i}\"\n" for i in range(4))
    (tmp_path / "teams.csv").write_text(text, encoding="utf-8")
    assert cli("event", "new", path, "--team", "--name", "Cup", "--rounds", "3", "--initial-colour", "white")[0] == 0
    assert cli("event", "register", path, "--teams-csv", tmp_path / "teams.csv")[0] == 0
    assert cli("event", "pair", path)[0] == 0
    code, out, err = cli("event", "boards", path, "--csv")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "match,board,result,white team,white team player,colour,black team player,black team"
    # team 1 (=HYPERLINK(1)) White on board 1 (Art. 4.3.1, odd TPN); every such cell written as text
    assert lines[1] == "1,1,,'=HYPERLINK(1),'=cmd|' /C calc'!A0,W,P0,Plain"
    assert len(lines) == 5 and not any(",=" in line for line in lines)
    filled = tmp_path / "filled.csv"
    filled.write_text("\n".join([lines[0]] + [",".join(line.split(",")[:2] + [r] + line.split(",")[3:])
                                              for line, r in zip(lines[1:], ["1", "=", "", "0"])]) + "\n",
                      encoding="utf-8")
    code, out, err = cli("event", "result", path, "--csv", filled)
    assert code == 0, err
    assert "board(s) 3 without a result" in out
    code, out, err = cli("event", "boards", path, "--csv")
    assert [line.split(",")[2] for line in out.splitlines()[1:]] == ["1-0", "½-½", "", "0-1"]
    individual = tmp_path / "open.trf"
    assert cli("event", "new", individual, "--name", "Open", "--rounds", "5", "--seed", "1")[0] == 0
    assert cli("event", "register", individual, "--name", "A, B")[0] == 0
    assert cli("event", "register", individual, "--name", "C, D")[0] == 0
    assert cli("event", "pair", individual)[0] == 0
    code, out, err = cli("event", "boards", individual, "--csv")
    assert code == exitcodes.USAGE and "--csv writes a team event's result sheet" in err
