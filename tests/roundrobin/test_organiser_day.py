"""Rough edges found running the round-robin surface as an organiser would (six teams on two
courts, nine entrants in three groups with windows, the rotation table in two cycles with an
opening match), each pinned by a hand-worked case."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from arbiter import exitcodes
from roundrobin.timetable import schedule
from tests.event.making import cli
from tests.support import REPO

pytestmark = pytest.mark.fast

START = datetime(2026, 6, 13, 10, 0)
M45 = timedelta(minutes=45)


def test_a_back_to_back_forced_by_a_one_slot_round_names_only_the_players_it_forces() -> None:
    """Round 1: 1-2, 3-4, 5-6 on two boards (two slots, one game in the second); round 2: 1-3,
    2-5 (one slot).  Every game of round 1 has a player of round 2, so whichever game is last,
    one or two of its players play twice running; the fewest is one (3-4 or 5-6 last: 3 or 5).
    The reason must not say that every player of rounds 1 and 2 plays in consecutive slots:
    players 4 and 6 rest in round 2, and the players of round 1's first slot do not."""
    tt = schedule([[(1, 2), (3, 4), (5, 6)], [(1, 3), (2, 5)]], 2, START, M45)
    (x,) = tt.back_to_back
    assert x.player in (3, 5) and x.rounds == (1, 2) and tt.minimal
    assert x.reason == ("round 2 fits in one slot: every player of round 1's last slot who plays in round 2 "
                        "plays in consecutive slots")


def test_the_same_reason_when_only_the_earlier_round_fits_in_one_slot() -> None:
    """Round 1: 1-3, 2-5 (one slot); round 2: 1-2, 3-4, 5-6 (two slots, two games first): every
    two-game choice for round 2's first slot has a player of round 1, at least one."""
    tt = schedule([[(1, 3), (2, 5)], [(1, 2), (3, 4), (5, 6)]], 2, START, M45)
    assert tt.minimal and {x.rounds for x in tt.back_to_back} == {(1, 2)}
    assert {x.reason for x in tt.back_to_back} == {
        "round 1 fits in one slot: every player of it who plays in round 2's first slot plays in consecutive slots"}


def test_a_back_to_back_with_an_opening_match_and_no_window_does_not_speak_of_windows() -> None:
    """Four players on one board from 10:00, no window, 1-4 placed in slot 1 (the opening match):
    every seam is consecutive, so each round's last player plays again at once; the reason
    names what the layout was searched within, the placed game, not windows there are none of."""
    from roundrobin.windows import Placement

    rounds = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    tt = schedule(rounds, 1, START, M45, placements=(Placement((1, 4), 1, 1, "opening match"),))
    assert tt.slots[0].games == ((1, 1, 4),) and tt.back_to_back and tt.minimal
    for x in tt.back_to_back:
        assert "window" not in x.reason
        assert x.reason.startswith("no layout keeping the placed games where asked has fewer back-to-backs in all")


# --------------------------------------------------------------------------- the command line

DAY = ("--table", "circle", "--boards", "2", "--start", "2026-06-13 10:00", "--slot", "45m")


def _teams() -> Path:
    return REPO / "fixtures" / "teams.csv"


@pytest.mark.parametrize("option", [("--open", "Ashby-Ashby"), ("--place", "Brook-Brook@1/1")])
def test_a_game_of_an_entrant_with_himself_is_a_usage_error(option: tuple[str, str]) -> None:
    """``--open A-A`` was exit 1 "A-A@1: A cannot meet himself", as if the table could not grant
    a wish: it is a mistyped option (exit 2), named as typed."""
    code, out, err = cli("roundrobin", "--names", _teams(), *DAY, *option)
    name = option[1].split("-")[0]
    assert code == exitcodes.USAGE and out == ""
    assert err.strip() == f"arbiter: {option[0]}: {name}-{name} is not a game: {name} cannot play himself"


def test_an_opening_match_the_numbers_cannot_give_is_named_as_the_option_given() -> None:
    """On the rotation table 1 meets 2 only in the last round (the sheet for six: round 5, 1-2),
    so --fix Ashby=1 --fix Fenwick=2 --open Ashby-Fenwick cannot be met (exit 1); the message
    names --open, which the organiser typed, not a --meet ...@1."""
    code, out, err = cli("roundrobin", "--names", _teams(), *DAY, "--fix", "Ashby=1", "--fix", "Fenwick=2",
                         "--open", "Ashby-Fenwick")
    assert code == exitcodes.NO_PAIRING
    assert err.strip() == ("arbiter: --open Ashby-Fenwick (a game of round 1) cannot be met together with Ashby=1, "
                           "Fenwick=2: numbers 1 and 2 meet in round 5, not round 1")


def test_an_opening_match_across_groups_is_named_as_the_option_given(tmp_path: Path) -> None:
    """Nine entrants by rating in three groups (snake: A gets seeds 1, 6, 7, B 2, 5, 8): the
    first two seeds are in groups A and B and never meet."""
    names = tmp_path / "nine.csv"
    names.write_text("".join(f"P{i},,{2500 - 10 * i}\n" for i in range(1, 10)))
    code, out, err = cli("roundrobin", "--names", names, "--groups", "3", "--boards", "3", "--start",
                         "2026-06-13 10:00", "--slot", "45m", "--open", "P1-P2")
    assert code == exitcodes.NO_PAIRING
    assert err.strip() == ("arbiter: --open P1-P2 (a game of round 1) cannot be met: P1 is in group A and P2 in "
                           "group B, and players of different groups never meet")


def test_results_of_a_round_robin_round_give_no_notice_of_later_pairings(tmp_path: Path) -> None:
    """A round-robin file holds every round from the start (``arbiter roundrobin --trf``): its
    rounds are the table's, fixed before the event (C.05 Annex 1), so entering round 1 says
    nothing of rounds 2-5 "paired with the old result" (C.04.2 Art. 4 is the Swiss's) - it said
    so once for each board entered."""
    path = tmp_path / "league.trf"
    assert cli("roundrobin", "--names", _teams(), "--table", "circle", "--trf", path)[0] == 0
    code, out, err = cli("event", "result", path, "--round", "1", "1", "1-0", "2", "=", "3", "0-1", "--json")
    assert code == 0, err
    assert json.loads(out)["warnings"] == [] and "warning" not in err
    code, out, err = cli("pair", path, "--format", "bbp")  # and the next round is the sheet's round 2
    assert out.splitlines()[1:] == ["1 5", "6 4", "2 3"]


def test_a_notice_of_an_earlier_round_is_given_once_for_several_boards(tmp_path: Path) -> None:
    """The Swiss example (three rounds paired): two results of round 1 entered in one command give
    the C.04.2 Art. 4 notice once, and one "result changed" notice per board."""
    path = tmp_path / "swiss.trf"
    path.write_text((REPO / "fixtures" / "example.trf").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = cli("event", "result", path, "--round", "1", "1", "0-1", "2", "0-1", "--json")
    assert code == 0, err
    codes = [w["code"] for w in json.loads(out)["warnings"]]
    assert codes == ["earlier-round", "result-changed", "result-changed"]


def test_a_round_robin_event_goes_round_by_round(tmp_path: Path) -> None:
    """The file of a double rotation table holds all ten rounds, results pending.  Without
    --round, ``event result`` and ``event boards`` take the round whose results come next (round
    1, then 2), as ``event status`` and ``pair`` say - they took round 10, the last paired, so
    results typed for the first games landed on the last round's boards."""
    path = tmp_path / "league.trf"
    assert cli("roundrobin", "--names", _teams(), "--table", "circle", "--double", "--trf", path)[0] == 0
    status = json.loads(cli("event", "status", path, "--json")[1])
    assert "enter the results of round 1:" in status["next_step"]
    assert [(b["white"], b["black"]) for b in status["pending"]] == [(1, 6), (2, 5), (3, 4)]  # the sheet's round 1
    code, out, err = cli("event", "result", path, "1", "1-0", "2", "=", "3", "0-1", "--json")
    assert code == 0, err
    assert [(e["round"], e["white"], e["black"]) for e in json.loads(out)["data"]["entered"]] == [
        (1, 1, 6), (1, 2, 5), (1, 3, 4)]
    shown = json.loads(cli("event", "boards", path, "--json")[1])
    assert shown["round"] == 2 and [(b["white"], b["black"]) for b in shown["boards"]] == [(1, 5), (6, 4), (2, 3)]
    assert "enter the results of round 2:" in json.loads(cli("event", "status", path, "--json")[1])["next_step"]
    # event pair has no round to write: the file holds it; it names no table the file does not follow
    code, out, err = cli("event", "pair", path)
    assert code == exitcodes.USAGE and "Berger" not in err and "round 2 is already paired" in err
