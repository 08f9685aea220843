"""Adjourned games in a running event: ``event result FILE BOARD ?`` (or a player's ``?``) writes
``?`` on both lines; the next round can be paired (C.04.2 Art. 3.1: a draw for pairing only);
the real result replaces the ``?`` later; ``event status`` lists every adjourned game; a ``?``
for a round not yet paired is refused like any result there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter import exitcodes
from event.create import EventSettings, new_event
from event.next_round import pair_into
from event.registration import Registrant, register
from event.absences import withdraw
from event.results import RoundNotPaired, boards, enter_player_result, enter_result, player_code, result_code
from event.status import status
import trf
from trf.model import Colour, Result, Tournament

from tests.event.making import cli

pytestmark = pytest.mark.fast

ADJ = Result.ADJOURNED


def _event(rounds: int = 2) -> Tournament:
    """Four players, round 1 paired: boards 1-3 and 4-2 (S1 1 2 against S2 3 4, White on top)."""
    t = new_event(EventSettings("Adjourned Cup", rounds, initial_colour=Colour.WHITE, tiebreaks="BH")).after
    t = register(t, [Registrant(f"P{i}", rating=2000 - 10 * i) for i in range(1, 5)]).after
    return pair_into(t).after


def test_the_codes() -> None:
    assert result_code("?") == (ADJ, ADJ)
    assert player_code("?") == (ADJ, ADJ)


def test_a_board_adjourned_then_finished() -> None:
    t = _event()
    assert [(b.number, b.white, b.black) for b in boards(t, 1)] == [(1, 1, 3), (2, 4, 2)]
    change = enter_result(t, 1, "?")
    t = change.after
    assert change.data["result"] == "?"
    assert t.player(1).entry(1).result is ADJ and t.player(3).entry(1).result is ADJ
    assert t.score(1) == t.score(3) == 0.5  # the draw's value until the result is in
    t = enter_result(t, 2, "0-1").after
    st = status(t)
    assert st.state == "ready" and st.pending == ()  # the round can be paired: ? is a draw for pairing
    assert [(r, b.number, b.white, b.black) for r, b in st.adjourned] == [(1, 1, 1, 3)]
    assert st.next_step == ("pair round 2 (1 adjourned game(s): round 1 board 1, each a draw for pairing until its "
                            "result is entered, C.04.2 Art. 3.1)")
    assert st.as_dict()["adjourned"] == [{"round": 1, "board": 1, "white": 1, "black": 3}]
    t = pair_into(t).after  # paired with 1-3 as a draw: 1 and 3 on ½ do not meet again
    assert all({b.white, b.black} != {1, 3} for b in boards(t, 2))
    finished = enter_result(t, 1, "1-0", rnd=1)
    t = finished.after
    assert t.player(1).entry(1).result is Result.WIN and t.player(3).entry(1).result is Result.LOSS
    assert [w.code for w in finished.warnings] == ["earlier-round", "result-changed"]
    assert "result changed from ? to 1-0" in finished.warnings[1].message
    assert status(t).adjourned == ()


def test_a_player_adjourned() -> None:
    t = enter_player_result(_event(), 2, "?").after  # 2 is Black on board 2 (4-2)
    assert t.player(2).entry(1).result is ADJ and t.player(4).entry(1).result is ADJ


def test_the_last_round_adjourned_keeps_the_event_open() -> None:
    """Every round paired, a game adjourned: not finished, the results state names the game."""
    t = enter_result(enter_result(_event(rounds=1), 1, "1-0").after, 2, "?").after
    st = status(t)
    assert st.state == "results"
    assert st.next_step == ("enter the results of the 1 adjourned game(s): round 1 board 2; then compute the "
                            "standings")


def test_not_for_a_round_not_yet_paired() -> None:
    with pytest.raises(RoundNotPaired):
        enter_result(_event(), 1, "?", rnd=2)


def test_the_command_line(tmp_path: Path) -> None:
    """``event result FILE 1 ?`` and ``event status``; a ? for round 2 (not paired) is refused in
    one line, exit 2 as a result for a board the round does not have."""
    f = tmp_path / "cup.trf"
    assert cli("event", "new", f, "--name", "Adjourned Cup", "--rounds", "2", "--seed", "1", "--tiebreaks", "BH")[0] == 0
    csv = tmp_path / "players.csv"
    csv.write_text("Name,Rtg\nA,2000\nB,1990\nC,1980\nD,1970\n")
    assert cli("event", "register", f, "--csv", csv)[0] == 0
    assert cli("event", "pair", f)[0] == 0
    code, out, err = cli("event", "result", f, "1", "?")
    assert code == 0 and out.endswith(" ?\n"), (out, err)
    written = trf.parse_file(f).tournament
    assert {written.player(b.white).entry(1).result for b in boards(written, 1)} == {ADJ, None}
    code, out, _ = cli("event", "status", f)
    assert "adjourned: round 1 board 1 (" in out
    code, out, _ = cli("event", "status", f, "--json")
    assert [a["board"] for a in json.loads(out)["adjourned"]] == [1]
    code, out, err = cli("event", "result", f, "--round", "2", "1", "?")
    assert code == exitcodes.USAGE
    assert err.strip().splitlines() == [f"arbiter: {f}: round 2 is not paired: rounds 1-1 are"]
    assert cli("event", "result", f, "9", "1-0")[0] == exitcodes.USAGE  # as a board the round does not have


def test_withdrawing_a_player_with_an_adjourned_game_warns(tmp_path: Path) -> None:
    """Round 1 is 1-3 and 4-2 (:func:`_event`); 1-3 ends 1-0 and 4-2 is adjourned (a draw for
    pairing).  Round 2: the 1-point 1 floats down to {2, 4}; 1 and 4 both had White, 2 Black, so
    1 meets 2 and both get their preference (C12), 2-1 (Art. 5.2.1); then 3-4 likewise.
    Withdrawing 2 from round 3 leaves his round-1 game adjourned: its real result still has to
    be entered (C.04.2 Art. 3.1: the ``?`` is a draw for pairing only), so the withdrawal says
    which game, round 1 board 2 against 4, besides the round-2 game without a result."""
    t = enter_result(enter_result(_event(3), 1, "1-0").after, 2, "?").after
    t = pair_into(t).after
    assert [(b.white, b.black) for b in boards(t, 2)] == [(2, 1), (3, 4)]
    change = withdraw(t, 2)
    found = [(w.code, w.data) for w in change.warnings]
    assert ("adjourned-game", {"round": 1, "board": 2, "opponent": 4}) in found
    assert ("result-pending", {"round": 2, "opponent": 1}) in found
    adjourned = next(w for w in change.warnings if w.code == "adjourned-game")
    assert "round 1 (board 2)" in adjourned.message and "C.04.2 Art. 3.1" in adjourned.message
    # the other players of the game: 4 has the same adjourned game; 1 and 3 have none
    assert [w.data["board"] for w in withdraw(t, 4).warnings if w.code == "adjourned-game"] == [2]
    assert not [w for p in (1, 3) for w in withdraw(t, p).warnings if w.code == "adjourned-game"]
    # once the real result is entered, nothing to say
    finished = enter_result(t, 2, "0-1", rnd=1).after
    assert not [w for w in withdraw(finished, 2).warnings if w.code == "adjourned-game"]
    path = tmp_path / "w.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    code, out, err = cli("event", "withdraw", path, "2")
    assert code == 0, err
    assert "is adjourned: enter its real result" in err and "round 1 (board 2)" in err
