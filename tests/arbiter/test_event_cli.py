"""``arbiter pair``'s refusals and ``arbiter event ...``: messages, exit codes, JSON shapes, output
through a pipe.

The refusals are those of the endorsed engines and of the rules: a round whose previous round has
games without a result (pending games would count as unplayed: a rematch, wrong scores), a round
after the last one (C.04.1 Art. 1), a finished event; a team event is paired by the Swiss Team
Pairing System; a round robin gets its next round from the Berger table, compared here with the
checker's own closed-form table (an independent reading of C.05 Annex 1).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from checker.roundrobin import expected_round
from event.results import boards, enter_result
from tests.event.making import cli
from tests.support import CORPUS, REPO
from trf.edit import cut_to_round

pytestmark = pytest.mark.fast

EXAMPLE = REPO / "fixtures" / "example.trf"
ANSI = "\x1b["


# ---------------------------------------------------------------------------------- arbiter pair


def test_pair_refuses_while_the_previous_round_has_no_results(tmp_path: Path) -> None:
    r4 = tmp_path / "r4.trf"
    assert cli("pair", EXAMPLE, "--format", "trf", "-o", r4)[0] == 0
    code, out, err = cli("pair", r4, "--format", "bbp")
    assert code == exitcodes.RESULTS_MISSING == 6
    # round 4 of the example pairs 2-1, 4-5, 7-8 (README); none has a result yet
    assert "round 5 cannot be paired: 3 game(s) of round 4 have no result (2-1, 4-5, 7-8)" in err
    assert "enter the results of round 4 first" in err
    assert out == ""


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    """A 12-player, 5-round event, every round played (the random tournament generator's)."""
    path = tmp_path / "finished.trf"
    assert cli("generate", "--players", "12", "--rounds", "5", "--seed", "3", "-o", path)[0] == 0
    return path


def test_pair_refuses_past_the_last_round(tmp_path: Path, finished: Path) -> None:
    t = trf.parse_file(finished).tournament
    assert t.total_rounds == 5 and t.rounds_paired == 5
    # round 5 paired, results pending: the next round would be a sixth
    pending = tmp_path / "r5.trf"
    cut = tmp_path / "cut.trf"
    cut.write_text(trf.dumps(cut_to_round(t, 5)), encoding="utf-8")
    assert cli("pair", cut, "--format", "trf", "-o", pending)[0] == 0
    code, out, err = cli("pair", pending)
    assert code == exitcodes.PAST_LAST_ROUND == 7
    games = len(t.games(5))
    assert f"round 6 is past the last round: the event has 5 rounds and all are paired; round 5 still has {games} " \
           "game(s) without a result" in err
    code, out, err = cli("pair", finished, "--round", "6")
    assert code == 7 and "round 6 is past the last round: the event has 5 rounds" in err


def test_pair_refuses_a_finished_event(finished: Path) -> None:
    code, out, err = cli("pair", finished)
    assert code == exitcodes.FINISHED == 8
    assert "the event is finished: all 5 rounds are paired and played" in err
    # re-pairing a round of it is still allowed (the checker's procedure)
    assert cli("pair", finished, "--round", "5", "--format", "bbp")[0] == 0


def test_pair_refuses_a_team_whose_players_meet_each_other(tmp_path: Path) -> None:
    # players 1-4 are one team (013) and two of them met in round 2 (the example's pairing): a match is
    # between two teams, so the file is refused before any pairing, with the line of the team
    text = EXAMPLE.read_text().replace("XXR 5", "013 Riverside A                         1    2    3    4\nXXR 5")
    team = tmp_path / "team.trf"
    team.write_text(text, encoding="utf-8")
    code, out, err = cli("pair", team)
    assert code == exitcodes.INVALID_INPUT
    assert "11:102: error self-opponent round 2: player 1 of team 1 played a member of his own team" in err


def test_the_tec_team_sample_is_a_finished_team_event_whose_rounds_are_paired_again() -> None:
    """FIDE's team sample (50 teams, 14 rounds, 192 FIDE_TEAM_BAKU with 250 records) is finished;
    its round 2 is paired again by the Swiss Team Pairing System: of the 50 teams, 6, 7 and 39 have
    byes of their own (240 F and H) and are not paired; the other 47 make 23 matches and a PAB."""
    sample = CORPUS / "real" / "grandmommyscup.trf"
    if not sample.exists():
        pytest.skip("../shared/corpus not present")
    code, out, err = cli("pair", sample)
    assert code == exitcodes.FINISHED and "all 14 rounds are paired" in err
    code, out, err = cli("pair", sample, "--round", "2", "--format", "bbp")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "24" and len(lines) == 25 and lines[-1].endswith(" 0")
    teams = [int(x) for line in lines[1:] for x in line.split() if x != "0"]
    assert sorted(teams) == sorted(set(range(1, 51)) - {6, 7, 39})


def test_pair_refuses_a_system_it_does_not_run(tmp_path: Path) -> None:
    path = tmp_path / "schiller.trf"
    path.write_text(EXAMPLE.read_text().replace("XXR 5", "192 FIDE_SCHILLER\nXXR 5"), encoding="utf-8")
    code, out, err = cli("pair", path)
    assert code == exitcodes.INVALID_INPUT and "Schiller" in err


def _berger(n: int, rnd: int) -> list[str]:
    return [f"{w} {b}" for w, b in expected_round(n, rnd) if w and b]


@pytest.mark.parametrize("n", [6, 7])
def test_a_round_robin_gets_its_next_berger_round(tmp_path: Path, n: int) -> None:
    names = tmp_path / "names.txt"
    names.write_text("".join(f"Player {i}\n" for i in range(1, n + 1)))
    path = tmp_path / "rr.trf"
    assert cli("roundrobin", "--names", names, "--trf", path)[0] == 0
    code, out, err = cli("pair", path, "--format", "bbp")
    assert code == 0, err
    assert out.splitlines()[1:] == _berger(n, 1)  # every round is in the file: the first to play is round 1
    t = trf.parse_file(path).tournament
    for rnd in (1, 2):
        for bd in boards(t, rnd):
            t = enter_result(t, bd.number, "=", rnd).after
    path.write_text(trf.dumps(t), encoding="utf-8")
    code, out, err = cli("pair", path, "--format", "bbp")
    assert out.splitlines()[1:] == _berger(n, 3)
    data = json.loads(cli("pair", path, "--json")[1])
    assert data["system"] == "berger" and data["round"] == 3 and data["in_file"] is True
    # the checker's table writes the player who rests as (player, 0)
    assert data["rests"] == (None if n % 2 == 0 else next(w for w, b in expected_round(n, 3) if b == 0))
    code, out, err = cli("pair", path)
    assert "round 3 of the Berger table (C.05 Annex 1)" in out


def test_a_round_robin_whose_rounds_are_played_is_finished(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("A\nB\nC\nD\n")
    path = tmp_path / "rr.trf"
    cli("roundrobin", "--names", names, "--trf", path)
    t = trf.parse_file(path).tournament
    for rnd in (1, 2, 3):
        for bd in boards(t, rnd):
            t = enter_result(t, bd.number, "1-0", rnd).after
    path.write_text(trf.dumps(t), encoding="utf-8")
    code, out, err = cli("pair", path)
    assert code == exitcodes.FINISHED and "all 3 rounds are paired and played" in err


# ---------------------------------------------------------------------------------- arbiter event


def _new(path: Path, *extra: str) -> None:
    code, out, err = cli("event", "new", path, "--name", "CLI Cup", "--rounds", "3", "--initial-colour", "white",
                         "--tiebreaks", "BH", *extra)
    assert code == 0, err


def _register(path: Path, n: int) -> None:
    rows = "name,rating\n" + "".join(f"Player {i},{2000 - 10 * i}\n" for i in range(1, n + 1))
    (path.parent / "p.csv").write_text(rows)
    assert cli("event", "register", path, "--csv", path.parent / "p.csv")[0] == 0


SHAPE = {"file", "action", "details", "warnings", "data", "written", "backup"}


def test_every_changing_command_has_the_same_json_shape(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    code, out, _ = cli("event", "new", path, "--name", "Shape", "--rounds", "3", "--seed", "4", "--json")
    data = json.loads(out)
    assert set(data) == SHAPE and data["backup"] is None and data["data"]["seed"] == 4
    assert data["data"]["initial_colour"] in ("white", "black") and data["data"]["initial_colour_drawn"] is True
    runs = [("event", "register", path, "--name", "A, B", "--rating", "2000", "--json"),
            ("event", "register", path, "--name", "C, D", "--rating", "1900", "--json"),
            ("event", "register", path, "--name", "E, F", "--rating", "1800", "--json"),
            ("event", "bye", path, "3", "--round", "2", "--json"),
            ("event", "forbid", path, "1", "2", "--json"),
            ("event", "pair", path, "--json"),
            ("event", "undo", path, "--json"),
            ("event", "pair", path, "--json"),
            ("event", "result", path, "1", "1-0", "--json"),
            ("event", "withdraw", path, "2", "--json")]
    for args in runs:
        code, out, err = cli(*args)
        assert code == 0, (args, err)
        data = json.loads(out)
        assert set(data) == SHAPE and data["written"] is True and data["backup"] == str(path) + ".bak", args
    state = json.loads(cli("event", "status", path, "--json")[1])
    assert set(state) >= {"file", "name", "state", "next_step", "rounds", "rounds_paired", "pending", "declared"}
    assert state["rounds_paired"] == 1 and state["state"] == "ready" and state["next_round"] == 2
    assert state["withdrawn"] == [2] and state["declared"]["2"] == {"2": "Z", "3": "H"}
    log = json.loads(cli("event", "log", path, "--json")[1])
    assert [e["text"].split(":")[0] for e in log["entries"]][:2] == ["create event", "register"]
    assert len(log["entries"]) == 1 + len(runs)


def test_event_errors_are_one_line_with_their_exit_code(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _new(path)
    assert cli("event", "new", path, "--name", "Again", "--rounds", "3")[0] == exitcodes.USAGE
    code, out, err = cli("event", "pair", path)
    assert code == exitcodes.USAGE and "round 1 has nobody to pair: no player is registered" in err
    code, out, err = cli("event", "register", path, "--name", "Doe, J", "--title", "XM")
    assert code == exitcodes.USAGE and "title 'XM': expected one of GM IM WGM FM WIM CM WFM WCM" in err
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nA,2000\nB,two thousand\n")
    code, out, err = cli("event", "register", path, "--csv", bad)
    assert code == exitcodes.INVALID_INPUT and f"{bad}:3: rating 'two thousand'" in err
    _register(path, 5)
    code, out, err = cli("event", "result", path, "1", "1-0")
    assert code == exitcodes.USAGE and "round 0 is not paired: no round is paired yet" in err
    assert cli("event", "pair", path)[0] == 0
    code, out, err = cli("event", "result", path, "9", "1-0")
    assert code == exitcodes.USAGE and "round 1 has no board 9: it has boards 1-2" in err
    code, out, err = cli("event", "result", path, "1", "2-0")
    assert code == exitcodes.USAGE and "'2-0' is not a result" in err
    code, out, err = cli("event", "result", path, "--by-player", "5", "1")
    assert code == exitcodes.USAGE and "player 5 has no game in round 1: the pairing-allocated bye" in err
    code, out, err = cli("event", "bye", path, "2", "--round", "1")
    assert code == exitcodes.USAGE and "round 1 is already paired" in err
    code, out, err = cli("event", "withdraw", path, "17")
    assert code == exitcodes.USAGE and "no player has starting rank 17 (the event has 1-5)" in err
    assert cli("event", "pair", path)[0] == exitcodes.RESULTS_MISSING
    assert cli("event", "result", path, "1", "1-0", "2", "=")[0] == 0
    code, out, err = cli("event", "undo", path)
    assert code == exitcodes.USAGE and "round 1 already has results on board(s) 1, 2" in err
    assert "No such file" not in err
    code, out, err = cli("event", "status", tmp_path / "missing.trf")
    assert code == exitcodes.FILE_ERROR and "no such file" in err
    broken = tmp_path / "broken.trf"
    t = trf.parse_file(path).tournament
    w = boards(t, 1)[0].white
    line = next(x for x in path.read_text().splitlines() if x.startswith(f"001 {w:4d}"))
    broken.write_text(path.read_text().replace(line, line[:96] + "b" + line[97:]))  # both players White
    code, out, err = cli("event", "pair", broken)
    assert code == exitcodes.INVALID_INPUT and "fix them before editing the event" in err


def test_byes_withdrawals_and_forbidden_pairs_warn_as_the_rules_say(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _new(path)
    _register(path, 6)
    code, out, err = cli("event", "bye", path, "4", "--round", "2", "--kind", "full")
    assert code == 0 and "FIDE rules deprecate it" in err
    assert "### FPB @ Round 2: 4=FPB" in path.read_text() and "240 F 002    4" in path.read_text()
    code, out, err = cli("event", "bye", path, "3", "--round", "1")
    assert code == 0 and err == ""
    before = path.read_bytes()
    code, out, err = cli("event", "bye", path, "3", "--round", "3")
    assert code == exitcodes.NEEDS_CONFIRMATION and "already has a half-point bye in round(s) 1" in err
    assert path.read_bytes() == before  # nothing written
    code, out, err = cli("event", "bye", path, "3", "--round", "3", "--confirm")
    assert code == 0 and "already has a half-point bye in round(s) 1" in err
    assert "### HPB @ Round 3: 3=HPB [rounds 1,3]" in path.read_text()
    code, out, err = cli("event", "forbid", path, "1", "2")
    assert code == 0 and err == ""  # before round 1: part of the regulations
    assert cli("event", "pair", path)[0] == 0
    code, out, err = cli("event", "forbid", path, "5", "6", "--confirm")
    assert code == 0 and "forbidden pairs are announced before round 1 is paired" in err
    assert "### Prohibition @ Round 2: 5-6 [rounds 2-3]" in path.read_text()
    player = boards(trf.parse_file(path).tournament, 1)[0].black
    code, out, err = cli("event", "withdraw", path, str(player))
    assert code == 0 and "has no result yet" in err
    text = path.read_text()
    assert f"240 Z 002 {player:4d}" in text and f"240 Z 003 {player:4d}" in text


def test_undo_gives_back_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _new(path)
    _register(path, 7)
    cli("event", "bye", path, "2", "--round", "1")
    before = trf.parse_file(path).tournament
    assert cli("event", "pair", path)[0] == 0
    assert trf.parse_file(path).tournament.rounds_paired == 1
    code, out, err = cli("event", "undo", path)
    assert code == 0 and out.startswith("undo pairing of round 1: 3 board(s) taken back")
    after = trf.parse_file(path).tournament

    def without_log(t: trf.Tournament) -> str:
        return "\n".join(line for line in trf.dumps(t).splitlines() if not line.startswith("### LOG"))

    assert without_log(after) == without_log(before)
    assert cli("event", "undo", path)[0] == exitcodes.USAGE


def test_human_output_survives_a_pipe(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _new(path)
    _register(path, 8)
    for args in (("event", "pair", path), ("event", "boards", path), ("event", "status", path),
                 ("event", "result", path, "1", "1-0"), ("event", "log", path)):
        code, out, err = cli(*args)
        assert code == 0 and ANSI not in out + err, args
        if args[1] != "log":  # log lines are the log's text, one per action, however long
            assert all(len(line) <= 120 for line in out.splitlines()), args
    code, out, err = cli("event", "boards", path)
    row = next(line for line in out.splitlines() if line.startswith("│  1 "))
    assert "1-0" in row


def test_every_command_follows_a_link_to_the_event_file(tmp_path: Path) -> None:
    """Through a symbolic link, each changing command writes the real file (the link stays a link)
    and keeps the backup beside the real file; a new event through a dangling link creates the
    file it names; editing through a dangling link, or creating where no folder is, is exit 5."""
    (tmp_path / "events").mkdir()
    real = tmp_path / "events" / "e.trf"
    link = tmp_path / "current.trf"
    link.symlink_to(Path("events") / "e.trf")
    code, out, err = cli("event", "register", link, "--name", "A, B")
    assert code == exitcodes.FILE_ERROR and "no such file" in err and link.is_symlink() and not real.exists()
    _new(link)
    assert link.is_symlink() and real.is_file() and not list(tmp_path.glob("*.bak"))
    (tmp_path / "p.csv").write_text("name,rating\n" + "".join(f"Player {i},{2000 - 10 * i}\n" for i in range(1, 7)))
    runs = [("event", "register", link, "--csv", tmp_path / "p.csv"),
            ("event", "bye", link, "3", "--round", "2"),
            ("event", "forbid", link, "1", "2"),
            ("event", "pair", link),
            ("event", "undo", link),
            ("event", "pair", link),
            ("event", "result", link, "1", "1-0"),
            ("event", "withdraw", link, "2")]
    for args in runs:
        before = real.read_bytes()
        code, out, err = cli(*args, "--json")
        assert code == 0, (args, err)
        assert json.loads(out)["backup"] == str(real) + ".bak", args
        assert link.is_symlink() and os.readlink(link) == os.path.join("events", "e.trf"), args
        assert real.read_bytes() != before and (tmp_path / "events" / "e.trf.bak").read_bytes() == before, args
        assert sorted(os.listdir(tmp_path)) == ["current.trf", "events", "p.csv"], args
        assert sorted(os.listdir(tmp_path / "events")) == ["e.trf", "e.trf.bak"], args
    assert trf.parse_file(real).tournament.rounds_paired == 1
    dangling = tmp_path / "nowhere.trf"
    dangling.symlink_to(tmp_path / "missing-folder" / "e.trf")
    code, out, err = cli("event", "new", dangling, "--name", "X", "--rounds", "3")
    assert code == exitcodes.FILE_ERROR and "missing-folder" in err and dangling.is_symlink()
