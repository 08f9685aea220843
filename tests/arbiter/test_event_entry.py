"""``arbiter event``: entry that refuses instead of guessing.

* Two results for one board in one command (or the same one twice) are refused, nothing written:
  which one the arbiter meant cannot be told from the command.
* A second withdrawal of a player is refused, nothing written (and nothing logged twice).
* A results file is entered all or nothing: every bad row is listed (file, line, column, what was
  expected), nothing entered.
* A player is named by start rank, FIDE id or an unambiguous name wherever a command names one;
  a name that fits several players, or none, is refused listing the candidates or the closest
  names; the JSON names players by start rank.
* ``event manual`` tells every finding the checker makes (those ``check`` reports once the round
  is written), before ``--accept``.
* ``event status`` still lists the withdrawals, with their rounds, once the event is finished.

The field (``_field``): six players registered by rating, so the start ranks follow the list:

    1 Müller, Jörg   2100  FIDE id 1234567        4 Doe-Ray, Ann    1900  FIDE id 4444444
    2 Smith, John    2000  FIDE id 2222222        5 Okafor, Adaeze  1800  FIDE id 5555555
    3 Smith, Jane    1990  FIDE id 3333333        6 Black, Bob      1700  FIDE id 6666666

Round 1 (C.04.3 Art. 5.2.5, White to player 1, the top half {1, 2, 3} against {4, 5, 6}) is 1-4,
5-2, 3-6 (the engine's, as ``event pair`` prints it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from event.results import boards
from tests.event.making import cli
from trf.model import Result

pytestmark = pytest.mark.fast

PLAYERS = [("Müller, Jörg", 2100, "1234567"), ("Smith, John", 2000, "2222222"), ("Smith, Jane", 1990, "3333333"),
           ("Doe-Ray, Ann", 1900, "4444444"), ("Okafor, Adaeze", 1800, "5555555"), ("Black, Bob", 1700, "6666666")]


def _field(tmp_path: Path, rounds: int = 3) -> Path:
    path = tmp_path / "e.trf"
    code, _, err = cli("event", "new", path, "--name", "Entry Cup", "--rounds", str(rounds), "--initial-colour", "white",
                       "--tiebreaks", "BH")
    assert code == 0, err
    rows = "name,rating,fide id\n" + "".join(f'"{n}",{r},{i}\n' for n, r, i in PLAYERS)
    (tmp_path / "p.csv").write_text(rows, encoding="utf-8")
    assert cli("event", "register", path, "--csv", tmp_path / "p.csv")[0] == 0
    return path


def _paired(tmp_path: Path) -> Path:
    path = _field(tmp_path)
    assert cli("event", "pair", path)[0] == 0
    assert [(b.white, b.black) for b in boards(trf.parse_file(path).tournament, 1)] == [(1, 4), (5, 2), (3, 6)]
    return path


def _refused(path: Path, *args: str | Path) -> str:
    """Run ``arbiter event ARGS``; assert exit 2, one line, and the file untouched; the line."""
    before = path.read_bytes()
    code, out, err = cli("event", *args)
    assert code == exitcodes.USAGE, (args, code, out, err)
    assert path.read_bytes() == before, args
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


# ---------------------------------------------------------------------------------- results


def test_two_results_for_one_board_in_one_command_are_refused(tmp_path: Path) -> None:
    path = _paired(tmp_path)
    line = _refused(path, "result", path, "1", "1-0", "1", "0-1")
    assert line == f"arbiter: {path}: board 1 given twice (round 1: 1-0 and 0-1): give each board once; nothing entered"
    line = _refused(path, "result", path, "2", "1-0", "3", "=", "2", "1-0")
    assert "board 2 given twice (round 1: 1-0 both times)" in line
    # by player: 1 won and 4 lost is board 1 (1-4) twice, even though the two agree
    line = _refused(path, "result", path, "--by-player", "1", "1", "4", "0")
    assert "board 1 given twice (round 1: 1-0 both times)" in line
    # different boards are entered as before
    code, out, err = cli("event", "result", path, "1", "1-0", "2", "0-1", "3", "=")
    assert code == 0, err
    assert [b.result for b in boards(trf.parse_file(path).tournament, 1)] == ["1-0", "0-1", "½-½"]


def test_a_results_file_with_a_bad_row_enters_nothing_and_lists_every_bad_row(tmp_path: Path) -> None:
    path = _paired(tmp_path)
    rows = tmp_path / "r1.csv"
    # line 3: round 1 has boards 1-3; line 4: 2 and 4 are not paired together; line 5: board 1 again
    rows.write_text("board,result\n1,1-0\n9,0-1\n2,4,1-0\n1,=\n3,=\n", encoding="utf-8")
    before = path.read_bytes()
    code, out, err = cli("event", "result", path, "--csv", rows)
    assert code == exitcodes.USAGE and path.read_bytes() == before
    assert err.splitlines() == [
        f"{rows}:3:1: round 1 has no board 9: expected a board 1-3",
        f"{rows}:4:1: 2 and 4 do not meet in round 1: expected two players paired together (the round's boards: "
        "1-4, 5-2, 3-6)",
        f"{rows}:5:1: board 1 (1-4) given twice: expected each board once (it is on line 2 already)",
        f"arbiter: {rows}: 3 bad rows; nothing entered (every row is checked before any is entered)",
    ]
    code, out, err = cli("event", "result", path, "--csv", rows, "--json")
    data = json.loads(out)
    assert code == exitcodes.USAGE and data["exit_code"] == 2 and data["file"] == str(rows)
    assert [(d["line"], d["column"], d["code"]) for d in data["diagnostics"]] == [
        (3, 1, "no-such-board"), (4, 1, "not-paired"), (5, 1, "board-given-twice")]
    # a row that is no row or holds no result makes the file invalid input (exit 3), still every row listed
    rows.write_text("board,result\n1,1-0\n2,2-0\n9,=\n", encoding="utf-8")
    code, out, err = cli("event", "result", path, "--csv", rows)
    assert code == exitcodes.INVALID_INPUT and path.read_bytes() == before
    assert err.splitlines()[0].startswith(f"{rows}:3:3: '2-0': expected a result: 1-0, 0-1")
    assert err.splitlines()[1] == f"{rows}:4:1: round 1 has no board 9: expected a board 1-3"
    rows.write_text("board,result\n1,1-0\n2,0-1\n3,=\n", encoding="utf-8")
    assert cli("event", "result", path, "--csv", rows)[0] == 0


# ---------------------------------------------------------------------------------- withdrawals


def test_a_second_withdrawal_is_refused(tmp_path: Path) -> None:
    path = _paired(tmp_path)
    code, out, err = cli("event", "withdraw", path, "6", "--from-round", "3")
    assert code == 0, err
    line = _refused(path, "withdraw", path, "6", "--from-round", "3")
    assert line == f"arbiter: {path}: 6 (Black, Bob) is already withdrawn from round 3: nothing to change"
    # a withdrawal from round 2 moves it earlier: allowed; then from round 3 again changes nothing
    assert cli("event", "withdraw", path, "6", "--from-round", "2")[0] == 0
    assert "already withdrawn from round 2" in _refused(path, "withdraw", path, "Black", "--from-round", "3")
    log = [e["text"] for e in json.loads(cli("event", "log", path, "--json")[1])["entries"]]
    assert sum(text.startswith("withdraw 6") for text in log) == 2


def test_status_lists_withdrawals_once_the_event_is_finished(tmp_path: Path) -> None:
    path = _paired(tmp_path)
    assert cli("event", "withdraw", path, "6")[0] == 0  # from round 2, the next to pair
    assert cli("event", "result", path, "1", "1-0", "2", "0-1", "3", "1-0")[0] == 0
    for rnd in (2, 3):
        assert cli("event", "pair", path)[0] == 0, rnd
        t = trf.parse_file(path).tournament
        code, out, err = cli("event", "result", path, *[x for b in boards(t, rnd) for x in (str(b.number), "=")])
        assert code == 0, err
    code, out, err = cli("event", "status", path)
    assert code == 0 and "the event is finished" in out
    assert "withdrawn: 6 from round 2" in out.splitlines()
    data = json.loads(cli("event", "status", path, "--json")[1])
    assert data["state"] == "finished" and data["withdrawn"] == [6]
    assert data["withdrawals"] == [{"player": 6, "from_round": 2}]


# ---------------------------------------------------------------------------------- naming players


def test_players_are_named_by_start_rank_fide_id_or_name(tmp_path: Path) -> None:
    path = _field(tmp_path)
    code, out, err = cli("event", "bye", path, "okafor", "--round", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["data"]["player"] == 5  # the JSON names players by start rank
    assert cli("event", "bye", path, "Jörg Müller", "--round", "3")[0] == 0
    assert "240 H 002    5" in path.read_text() and "240 H 003    1" in path.read_text()
    code, out, err = cli("event", "forbid", path, "muller", "Doe-Ray", "--json")
    assert code == 0 and json.loads(out)["data"]["players"] == [1, 4]
    code, out, err = cli("event", "correct", path, "Smith, Jane", "--rating", "1995", "--json")
    assert code == 0 and json.loads(out)["data"]["player"] == 3
    assert cli("event", "pair", path)[0] == 0
    code, out, err = cli("event", "result", path, "--by-player", "Ann", "0", "Okafor", "1", "--json")
    assert code == 0, err
    entered = json.loads(out)["data"]["entered"]
    assert len(entered) == 2 and all(isinstance(e["white"], int) for e in entered)
    t = trf.parse_file(path).tournament
    assert t.player(4).entry(1).code is Result.LOSS and t.player(5).entry(1).code is Result.WIN
    code, out, err = cli("event", "withdraw", path, "6666666", "--json")  # a FIDE id
    assert code == 0 and json.loads(out)["data"]["player"] == 6


def test_a_name_that_fits_several_players_or_none_is_refused(tmp_path: Path) -> None:
    path = _field(tmp_path)
    line = _refused(path, "bye", path, "Smith", "--round", "2")
    assert line == (f"arbiter: {path}: 'Smith': 2 players match: 2 (Smith, John), 3 (Smith, Jane); give the start "
                    "rank, the FIDE id or more of the name")
    line = _refused(path, "withdraw", path, "Smyth")
    assert line.endswith("'Smyth': no player's name is or contains it; did you mean 2 (Smith, John), 3 (Smith, Jane)?")
    line = _refused(path, "withdraw", path, "17")  # a number nobody has: the event's own message
    assert "no player has starting rank 17 (the event has 1-6)" in line


def test_manual_boards_and_why_not_name_players(tmp_path: Path) -> None:
    path = _paired(tmp_path)
    assert cli("event", "result", path, "1", "1-0", "2", "1-0", "3", "=")[0] == 0
    assert cli("event", "withdraw", path, "6")[0] == 0
    by_number = json.loads(cli("event", "manual", path, "1-3", "--bye", "2", "--json")[1])
    by_name = json.loads(cli("event", "manual", path, "Müller-Smith, Jane", "--bye", "John Smith", "--json")[1])
    assert by_name["given"] == [[1, 3]] and by_name["bye"] == 2 and by_name == by_number
    line = _refused(path, "manual", path, "Smith-1")
    assert "'Smith': 2 players match: 2 (Smith, John), 3 (Smith, Jane)" in line
    example = Path(__file__).resolve().parents[2] / "fixtures" / "example.trf"
    numbers = json.loads(cli("check", example, "--why-not", "4-6", "--json")[1])
    names = json.loads(cli("check", example, "--why-not", "Kowalczyk-Haddad, Karim", "--json")[1])
    assert names["pair"] == [4, 6] and names == numbers
    code, out, err = cli("standings", example, "--explain", "8500321", "--json")  # Okafor's FIDE id
    assert code == 0 and json.loads(out)["start_rank"] == 2


# ---------------------------------------------------------------------------------- manual pairing


def test_manual_tells_every_finding_check_reports_before_accept(tmp_path: Path) -> None:
    """Round 2 after 1-4 1-0, 5-2 1-0, 3-6 ½-½ with 6 withdrawn: 1 and 3 both had White in round
    1, so both prefer Black with the same strength; C.04.3 Art. 5.2.4 grants the preference of the
    higher-ranked player (1, on 1 point against 3's ½): 1 gets Black.  So 1-3 breaks Art. 5.2.4
    and 3-1 does not; both lose on C6 (the engine pairs the 1-point bracket {1, 5} as 5-1)."""
    path = _paired(tmp_path)
    assert cli("event", "result", path, "1", "1-0", "2", "1-0", "3", "=")[0] == 0
    assert cli("event", "withdraw", path, "6")[0] == 0
    code, out, err = cli("event", "manual", path, "1-3")
    assert code == exitcodes.DISCREPANCY
    lines = out.splitlines()
    assert any(x.startswith("checker: loses on C6:") for x in lines)
    assert "checker: also board 1-3: Art. 5.2.4: the higher-ranked player's colour preference is granted, so 3 " \
           "should have White" in lines
    code, out, err = cli("event", "manual", path, "3-1")
    assert code == exitcodes.DISCREPANCY and "5.2.4" not in out and "checker: loses on C6:" in out
    before = json.loads(cli("event", "manual", path, "1-3", "--json")[1])
    assert [f["criterion"] for f in before["findings"]] == ["C6", "5.2.4"]
    assert cli("event", "manual", path, "1-3", "--accept", "--confirm")[0] == 0
    after = json.loads(cli("check", path, "--round", "2", "--json")[1])["rounds"][0]["findings"]
    assert sorted(f["message"] for f in before["findings"]) == sorted(f["message"] for f in after)


def test_manual_judges_a_baku_event_with_its_virtual_points_as_check_does(tmp_path: Path) -> None:
    """192 FIDE_DUTCH_BAKU: the engine pairs with Baku's virtual points (C.04.7), and so does
    ``check`` on the file; ``event manual`` judged the round without them (a C6 finding in a
    bracket of score 1 that ``check`` does not report once the round is written, where the
    accelerated bracket has score 2).  Twelve players, the top six winning round 1."""
    path = tmp_path / "baku.trf"
    assert cli("event", "new", path, "--name", "Baku", "--rounds", "5", "--initial-colour", "white",
               "--tiebreaks", "BH")[0] == 0
    path.write_text("\n".join("192 FIDE_DUTCH_BAKU" if x.startswith("192 ") else x
                              for x in path.read_text().splitlines()) + "\n", encoding="utf-8")
    (tmp_path / "p.csv").write_text("name,rating\n" + "".join(f"P{i},{2400 - 30 * i}\n" for i in range(1, 13)))
    assert cli("event", "register", path, "--csv", tmp_path / "p.csv")[0] == 0
    code, out, err = cli("event", "pair", path)
    assert code == 0 and "with Baku acceleration" in out
    assert cli("event", "result", path, *[x for b in range(1, 7) for x in (str(b), "1-0")])[0] == 0
    before = json.loads(cli("event", "manual", path, "1-2", "--json")[1])["check"]["findings"]
    assert cli("event", "manual", path, "1-2", "--accept", "--confirm")[0] == 0
    after = json.loads(cli("check", path, "--round", "2", "--json")[1])["rounds"][0]["findings"]
    assert before and sorted(f["message"] for f in before) == sorted(f["message"] for f in after)
    assert not any("score 1)" in f["message"] for f in before)  # the brackets are the accelerated ones
