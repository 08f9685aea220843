"""Results (codes, boards, warnings, CSV) and absences (withdrawals, requested byes, forbidden pairs)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from event.absences import (NothingDeclared, RoundAlreadyPaired, RoundOutOfEvent, cancel_bye, declarations, forbid,
                            request_bye, withdraw, withdrawn)
from event.create import EventSettings, new_event
from event.fidemode import NeedsConfirmation, in_fide_mode
from event.log import irregularities
from event.next_round import pair_into
from event.registration import Registrant, register
from event.results import (BadResult, BadResultsRows, NoGame, NoSuchBoard, boards, enter_player_result, enter_result, enter_results,
                           player_code, result_code)
from tests.support import REPO
from trf.model import ByeRecord, Colour, ForbiddenPairs, Result, Tournament

pytestmark = pytest.mark.fast

R = Result


@pytest.mark.parametrize("text, codes", [
    ("1-0", (R.WIN, R.LOSS)), ("0-1", (R.LOSS, R.WIN)), ("½-½", (R.DRAW, R.DRAW)), ("1/2-1/2", (R.DRAW, R.DRAW)),
    ("0.5-0.5", (R.DRAW, R.DRAW)), ("=", (R.DRAW, R.DRAW)), ("1", (R.WIN, R.LOSS)), ("0", (R.LOSS, R.WIN)),
    ("+-", (R.FORFEIT_WIN, R.FORFEIT_LOSS)), ("-+", (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    ("--", (R.FORFEIT_LOSS, R.FORFEIT_LOSS)), ("1-0f", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    ("0-0F", (R.FORFEIT_LOSS, R.FORFEIT_LOSS)), ("w-l", (R.WIN_UNRATED, R.LOSS_UNRATED)),
    ("L-W", (R.LOSS_UNRATED, R.WIN_UNRATED)), ("D-D", (R.DRAW_UNRATED, R.DRAW_UNRATED)), ("*", None),
])
def test_board_result_codes(text: str, codes: tuple[Result, Result] | None) -> None:
    assert result_code(text) == codes


@pytest.mark.parametrize("text, codes", [
    ("1", (R.WIN, R.LOSS)), ("0", (R.LOSS, R.WIN)), ("=", (R.DRAW, R.DRAW)), ("½", (R.DRAW, R.DRAW)),
    ("+", (R.FORFEIT_WIN, R.FORFEIT_LOSS)), ("-", (R.FORFEIT_LOSS, R.FORFEIT_WIN)), ("1f", (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    ("--", (R.FORFEIT_LOSS, R.FORFEIT_LOSS)), ("W", (R.WIN_UNRATED, R.LOSS_UNRATED)), ("D", (R.DRAW_UNRATED, R.DRAW_UNRATED)),
])
def test_player_result_codes(text: str, codes: tuple[Result, Result]) -> None:
    assert player_code(text) == codes


@pytest.mark.parametrize("text", ["2-0", "1-1", "x", "", "+", "1:0"])
def test_bad_board_codes(text: str) -> None:
    if text == "+":  # the quick form of +- is accepted
        assert result_code(text) == (R.FORFEIT_WIN, R.FORFEIT_LOSS)
        return
    with pytest.raises(BadResult):
        result_code(text)


def _event(n: int = 6, rounds: int = 4) -> Tournament:
    t = new_event(EventSettings("Res Cup", rounds, initial_colour=Colour.WHITE, tiebreaks="BH")).after
    return register(t, [Registrant(f"P{i}", rating=2000 - 10 * i) for i in range(1, n + 1)]).after


def test_boards_are_numbered_by_c0402_art_3_6() -> None:
    """Round 2 of six players after 1, 2, 3 won (see test_manual): 2-1 (scores 1 and 1), then
    4-3 (higher player 3 with 1 point, sum 1), then 6-5 (0 and 0)."""
    t = pair_into(_event()).after
    for bd in boards(t, 1):
        t = enter_result(t, bd.number, "1-0" if bd.white < bd.black else "0-1").after
    t = pair_into(t).after
    assert [(b.number, b.white, b.black) for b in boards(t, 2)] == [(1, 2, 1), (2, 4, 3), (3, 6, 5)]


def test_entering_changing_and_clearing_a_result() -> None:
    t = pair_into(_event()).after
    c = enter_result(t, 1, "1-0")
    assert c.warnings == () and boards(c.after, 1)[0].result == "1-0"
    assert c.after.player(1).points == 1 and c.after.player(4).points == 0
    c2 = enter_result(c.after, 1, "½-½")
    assert [w.code for w in c2.warnings] == ["result-changed"]
    assert c2.warnings[0].data == {"round": 1, "board": 1, "was": "1-0", "now": "½-½"}
    c3 = enter_result(c2.after, 1, "*")
    assert boards(c3.after, 1)[0].pending and c3.after.player(1).points == 0
    with pytest.raises(NoSuchBoard):
        enter_result(t, 4, "1-0")
    black = boards(t, 2 - 1)[1].black
    c4 = enter_player_result(t, black, "+")
    bd = next(b for b in boards(c4.after, 1) if b.black == black)
    assert (bd.white_result, bd.black_result) == (R.FORFEIT_LOSS, R.FORFEIT_WIN)


def test_a_result_for_a_player_without_a_game() -> None:
    t = pair_into(_event(5)).after
    with pytest.raises(NoGame) as info:
        enter_player_result(t, 5, "1")
    assert info.value.what == "the pairing-allocated bye"


def test_a_round_from_csv_is_entered_all_or_nothing() -> None:
    """Every row is checked before any is entered: a row for a board the round does not have, two
    players who do not meet, a board given twice, a code that is no result are each listed (line
    and column), and nothing is entered; a row whose players are the other way round is read for
    the players in the order given, with a warning."""
    t = pair_into(_event()).after  # 1-4, 5-2, 3-6
    good = "board,result\n1,1-0\n2,1-0\n# a comment\n6,3,0-1\n"
    c = enter_results(t, good)
    assert [w.code for w in c.warnings] == ["colours-swapped"]
    assert [b.result for b in boards(c.after, 1)] == ["1-0", "1-0", "1-0"]  # 6 lost to 3 read as 3 won with White
    assert c.data["pending_boards"] == []
    bad = "board,result\n1,1-0\n2,1-0\n9,0-1\n# a comment\n5,6,=\n1,0-1\n3,two\n"
    with pytest.raises(BadResultsRows) as info:
        enter_results(t, bad, source="r.csv")
    found = [(p.line, p.column, p.kind, p.invalid) for p in info.value.problems]
    # line 4: board 9 of 3; line 6: 5 and 6 are not paired together; line 7: board 1 again (line 2);
    # line 8: 'two' (column 3, after "3,") is no result code
    assert found == [(4, 1, "no-such-board", False), (6, 1, "not-paired", False), (7, 1, "board-given-twice", False),
                     (8, 3, "bad-result", True)]
    assert info.value.invalid and "it is on line 2 already" in info.value.problems[2].message
    assert all(b.pending for b in boards(t, 1))  # nothing was entered
    with pytest.raises(BadResultsRows) as info:
        enter_results(t, "1,1-0\n9,0-1\n")
    assert not info.value.invalid  # a row that does not fit the round, in a file of good rows
    with pytest.raises(BadResult):  # still a BadResult for the callers that catch one
        enter_results(t, "1,1-0\n2,two\n")


def test_a_result_of_an_earlier_round_is_warned() -> None:
    t = pair_into(_event()).after
    for bd in boards(t, 1):
        t = enter_result(t, bd.number, "=").after
    t = pair_into(t).after
    c = enter_result(t, 1, "1-0", 1)
    assert [w.code for w in c.warnings] == ["earlier-round", "result-changed"]


def test_a_withdrawal_declares_every_remaining_round() -> None:
    t = pair_into(_event()).after
    c = withdraw(t, 2)
    assert [w.code for w in c.warnings] == ["result-pending"]
    after = c.after
    assert declarations(after, 2) == {2: R.ZERO_POINT_BYE, 3: R.ZERO_POINT_BYE, 4: R.ZERO_POINT_BYE}
    assert withdrawn(after) == [2]
    with pytest.raises(RoundAlreadyPaired):
        withdraw(t, 2, 1)
    for bd in boards(after, 1):
        after = enter_result(after, bd.number, "1-0").after
    paired = pair_into(after).after
    assert paired.player(2).entry(2).code is R.ZERO_POINT_BYE  # written in the line once round 2 is paired
    assert all(2 not in (g.white, g.black) for g in paired.games(2))


def test_requested_byes() -> None:
    t = _event()
    c = request_bye(t, 3, 2)
    assert c.warnings == ()
    with pytest.raises(NeedsConfirmation):  # FIDE mode: a second half-point bye is confirmed (level 3)
        request_bye(c.after, 3, 4)
    c2 = request_bye(c.after, 3, 4, acknowledged=True)
    assert [w.code for w in c2.warnings] == ["second-half-point-bye"] and c2.warnings[0].data["rounds"] == [2]
    c3 = request_bye(c2.after, 5, 3, Result.FULL_POINT_BYE)
    assert [w.code for w in c3.warnings] == ["full-point-bye"]
    assert [i.line for i in irregularities(c3.after)] == ["### FPB @ Round 3: 5=FPB", "### HPB @ Round 4: 3=HPB [rounds 2,4]"]
    assert [(r.kind, r.round, r.players) for r in c3.after.records if isinstance(r, ByeRecord)] == [
        ("H", 2, (3,)), ("F", 3, (5,)), ("H", 4, (3,))]
    c4 = cancel_bye(c3.after, 5, 3)
    assert [i.kind for i in irregularities(c4.after)] == ["HPB"] and 5 not in c4.after.declared_absences(3)
    with pytest.raises(NothingDeclared):
        cancel_bye(c4.after, 5, 3)
    with pytest.raises(RoundOutOfEvent):
        request_bye(t, 3, 5)


def test_a_bye_written_in_the_player_line_is_read_and_cancelled() -> None:
    t = trf.parse_file(REPO / "fixtures" / "example.trf").tournament  # 6: 0000 - H in round 4
    assert declarations(t, 6) == {4: R.HALF_POINT_BYE}
    after = cancel_bye(t, 6, 4).after
    assert 6 not in after.declared_absences(4) and after.player(6).points == Fraction(1)


def test_forbidden_pairs() -> None:
    t = _event()
    c = forbid(t, (1, 2, 3))
    assert c.warnings == ()
    rec = next(r for r in c.after.records if isinstance(r, ForbiddenPairs))
    assert (rec.players, rec.first_round, rec.last_round, rec.code) == ((1, 2, 3), 1, 4, "260")
    t = pair_into(c.after).after
    assert all({g.white, g.black} not in ({1, 2}, {1, 3}, {2, 3}) for g in t.games(1))
    for bd in boards(t, 1):
        t = enter_result(t, bd.number, "1-0").after
    met = boards(t, 1)[0]
    with pytest.raises(NeedsConfirmation):  # FIDE mode: added after round 1 is paired, confirmed (level 3)
        forbid(t, (met.white, met.black))
    c2 = forbid(t, (met.white, met.black), acknowledged=True)
    assert [w.code for w in c2.warnings] == ["prohibition-after-round-1", "already-met"]
    assert [i.line for i in irregularities(c2.after)] == [f"### Prohibition @ Round 2: {met.white}-{met.black} [rounds 2-4]"]
    assert in_fide_mode(c2.after)  # the event stays in FIDE mode


def test_a_round_robin_s_boards_follow_its_berger_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from checker.roundrobin import expected_round
    from tests.event.making import cli

    names = tmp_path / "names.txt"
    names.write_text("".join(f"Player {i}\n" for i in range(1, 9)))
    path = tmp_path / "rr.trf"
    assert cli("roundrobin", "--names", names, "--trf", path)[0] == 0
    t = trf.parse_file(path).tournament
    for rnd in (1, 4, 7):
        assert [(b.white, b.black) for b in boards(t, rnd)] == expected_round(8, rnd)
