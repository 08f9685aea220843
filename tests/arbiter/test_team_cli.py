"""Team files through the commands: a malformed team file is refused by ``validate``, ``pair``,
``convert`` and ``show`` with exit 3 (:data:`arbiter.exitcodes.INVALID_INPUT`, the README's
exit-code table) and one line naming the file, the line, the column and what was expected;
never a traceback, nothing written.  The files are :data:`tests.trf.teamfile.MALFORMED`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from tests.trf.teamfile import MALFORMED, text

pytestmark = pytest.mark.fast


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name, lines, line, column, code, words", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_team_file_is_refused_by_every_command(tmp_path: Path, name: str, lines: list[str], line: int,
                                                           column: int, code: str, words: str) -> None:
    src = tmp_path / "team.trf"
    src.write_text(text(lines))
    expected = f"{src}:{line}:{column}: error {code} {words}"

    status, out, err = run("validate", str(src))
    assert status == exitcodes.INVALID_INPUT
    found = [x for x in out.splitlines() if ": error " in x]
    assert len(found) == 1 and found[0].startswith(expected), out
    assert out.splitlines()[-1] == f"{src}: invalid ({_players(lines)} players; 1 error, " \
                                   "0 warnings, 0 adjustments)"

    status, out, err = run("pair", str(src))
    assert status == exitcodes.INVALID_INPUT and out == ""
    assert err.splitlines() == [found[0], f"arbiter: {src} has 1 error(s); fix them before pairing"]

    for to in ("trf16", "trf26"):
        dst = tmp_path / f"out-{to}.trf"
        status, out, err = run("convert", str(src), "--to", to, "-o", str(dst))
        assert status == exitcodes.INVALID_INPUT and not dst.exists()
        assert err.splitlines() == [found[0], f"arbiter: {src} has 1 error(s); nothing written"]

    status, out, err = run("show", str(src))
    assert status == exitcodes.INVALID_INPUT and found[0] in err.splitlines()
    assert "Traceback" not in out + err


def _players(lines: list[str]) -> int:
    return sum(x.startswith("001") for x in lines)


@pytest.mark.parametrize("form, to", [("013", "trf26"), ("310", "trf16")])
def test_convert_writes_a_team_file_that_validates(tmp_path: Path, form: str, to: str) -> None:
    from tests.trf.teamfile import FOUR_TEAMS, TWO_ROUNDS, build

    src, dst = tmp_path / "team.trf", tmp_path / "out.trf"
    src.write_text(text(build(FOUR_TEAMS, TWO_ROUNDS, form=form)))
    status, out, err = run("convert", str(src), "--to", to, "-o", str(dst))
    assert status == exitcodes.OK, err
    assert f"the {form} teams are written as {'310' if form == '013' else '013'} records" in err
    status, out, err = run("validate", str(dst))
    assert status == exitcodes.OK and "valid (8 players; 0 errors, 0 warnings" in out
    written = dst.read_text().splitlines()
    assert sum(x.startswith("310" if form == "013" else "013") for x in written) == 4
    assert not any(x.startswith(form) for x in written)


def _five_teams(tmp_path: Path) -> Path:
    from tests.trf.teamfile import build

    # round 1: team 1 - team 2 1-1 (board results 1 0), team 3 beats team 4 by forfeit (330 +-),
    # team 5 a half-point bye (240 H); round 2: team 2 - team 3 0.5-1.5, team 5 - team 1 1.5-0.5,
    # team 4 the PAB (320: a drawn match, 1 MP and 1 GP on 2 boards)
    teams = ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10))
    rounds = ((("m", 1, 2, "10"), ("330", "+-", 3, 4), ("bye", "H", 5)),
              (("m", 5, 1, "1="), ("m", 2, 3, "0="), ("pab", 4)))
    path = tmp_path / "five.trf"
    path.write_text(text(build(teams, rounds)))
    return path


def test_show_a_team_event(tmp_path: Path) -> None:
    status, out, err = run("show", str(_five_teams(tmp_path)))
    assert status == exitcodes.OK and err == ""
    rows = [[c.strip() for c in x.split("│")[1:-1]] for x in out.splitlines() if x.startswith("│")]
    # team 3: 2 MP (forfeit win) + 2 MP; team 5: 1 (bye H) + 2; teams 1, 2, 4 one MP each, by GP
    assert rows[:5] == [
        ["1", "3", "Team 3", "4.0", "3.5", "5 Team3 Player1, 6 Team3 Player2"],
        ["2", "5", "Team 5", "3.0", "2.5", "9 Team5 Player1, 10 Team5 Player2"],
        ["3", "1", "Team 1", "1.0", "1.5", "1 Team1 Player1, 2 Team1 Player2"],
        ["4", "2", "Team 2", "1.0", "1.5", "3 Team2 Player1, 4 Team2 Player2"],
        ["5", "4", "Team 4", "1.0", "1.0", "7 Team4 Player1, 8 Team4 Player2"]]
    assert rows[5:] == [
        ["1", "1 Team 1", "1.0 - 1.0", "2 Team 2", "1.0 - 1.0"],
        ["1", "3 Team 3", "+- forfeit (2.0 - 0.0)", "4 Team 4", "2.0 - 0.0"],
        ["1", "5 Team 5", "bye H (1.0)", "", "1.0"],
        ["2", "2 Team 2", "0.5 - 1.5", "3 Team 3", "0.0 - 2.0"],
        ["2", "5 Team 5", "1.5 - 0.5", "1 Team 1", "2.0 - 0.0"],
        ["2", "4 Team 4", "PAB (1.0)", "", "1.0"]]
    status, out, _ = run("show", str(_five_teams(tmp_path)), "--round", "1")
    assert "standing after round 1" in out and "│  2 │" not in out


def test_show_json_of_a_team_event(tmp_path: Path) -> None:
    import json

    status, out, _ = run("show", "--json", str(_five_teams(tmp_path)))
    assert status == exitcodes.OK
    data = json.loads(out)
    # the keys of every show --json, then the team event's
    assert list(data) == ["schema", "tournament", "players", "team_rules", "teams", "rounds", "file", "diagnostics"]
    assert data["team_rules"] == {
        "boards": 2, "board_colours": "WB", "match_points": {"win": "2.0", "draw": "1.0", "loss": "0.0"},
        "pab": {"match_points": "1.0", "game_points": "1.0"},
        "options": {"code": "FIDE_TEAM_TYPEA_MP_GP", "colour_preference": "A", "primary": "MP", "secondary": "GP",
                    "baku": False},
        "rounds_read": 2}
    assert data["teams"][2] == {
        "tpn": 3, "name": "Team 3", "nickname": "T3",
        "members": [{"start_rank": 5, "name": "Team3 Player1"}, {"start_rank": 6, "name": "Team3 Player2"}],
        "match_points": "4.0", "game_points": "3.5", "order": 1, "listed_match_points": "4.0",
        "listed_game_points": "3.5", "listed_rank": 1}
    one = data["rounds"][0]
    assert [(m["white"]["team"], m["black"]["team"], m["forfeited"], m["result"]) for m in one["matches"]] == [
        (1, 2, False, None), (3, 4, True, "+-")]
    assert one["matches"][0]["white"] == {"team": 1, "kind": "played", "colour": "w", "game_points": "1.0",
                                          "match_points": "1.0", "boards": [1, 2]}
    assert (one["pab"], one["byes"], one["absent"]) == (
        None, [{"team": 5, "kind": "H", "match_points": "1.0", "game_points": "1.0"}], [])
    assert data["rounds"][1]["pab"] == {"team": 4, "match_points": "1.0", "game_points": "1.0"}
    status, out, _ = run("show", "--json", str(_five_teams(tmp_path)), "--round", "1")
    data = json.loads(out)
    assert len(data["rounds"]) == 1 and data["teams"][2]["match_points"] == "2.0"


def test_show_escapes_team_and_player_names(tmp_path: Path) -> None:
    path = _five_teams(tmp_path)
    lines = path.read_text().splitlines()
    lines = [x.replace("Team 3                          ", "Team\x1b[2J3\u202e                     ")
             if x.startswith("310   3") else x for x in lines]
    lines = [x.replace("Team3 Player1", "Team3\x07Player1") for x in lines]
    path.write_text("\n".join(lines) + "\n")
    status, out, err = run("show", str(path))
    assert status == exitcodes.OK and "Members" in out  # the team view, the names escaped
    assert "\x1b" not in out + err and "\u202e" not in out and "\x07" not in out
    assert "Team\\x1b[2J3\\u202e" in out and "Team3\\x07Player1" in out
