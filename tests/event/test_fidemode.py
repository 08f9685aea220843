"""FIDE mode (:mod:`event.fidemode`): the mode read from the file, and each act of its table
refused, warned, confirmed and recorded as the table says, in FIDE mode and outside it.

The events: eight players rated 2500, 2450, ..., 2150 in starting-rank order (C.04.2 Art. 2:
rating first), so where a late entry or a corrected rating goes is read off the ratings by hand;
every board won by White, so the rounds are complete when the next act comes.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from event import fidemode
from event.absences import forbid, request_bye, withdraw
from event.change import NoChange
from event.create import EventSettings, InvalidSetting, Scoring, new_event
from event.fidemode import AlreadyLeft, InvalidReason, NeedsConfirmation, RefusedInFideMode, leave, mode
from event.log import GRAMMAR, Irregularity, irregularities, parse_line, renumbered_line
from event.manual import accept, assess
from event.next_round import pair_into, undo_pairing
from event.numbering import renumber
from event.registration import Registrant, correct, register
from event.results import boards, enter_result
from event.settings import change_rounds, change_scoring, change_tiebreaks
from tests.support import REPO
from trf.model import ByeRecord, Colour, Comment, Header, Result, Tournament

pytestmark = pytest.mark.fast

RATINGS = [2500 - 50 * i for i in range(8)]  # start ranks 1-8


def _event(rounds: int = 9, tiebreaks: str = "BH,SB") -> Tournament:
    t = new_event(EventSettings("Mode Cup", rounds, initial_colour=Colour.WHITE, tiebreaks=tiebreaks)).after
    return register(t, [Registrant(f"Player {chr(65 + i)}", rating=r) for i, r in enumerate(RATINGS)]).after


def _play(t: Tournament, rounds: int) -> Tournament:
    for _ in range(rounds):
        t = pair_into(t).after
        for b in boards(t, t.rounds_paired):
            t = enter_result(t, b.number, "1-0").after
    return t


def _lines(t: Tournament) -> list[str]:
    return [i.line for i in irregularities(t)]


def _left(t: Tournament) -> Tournament:
    return leave(t, "club rules", acknowledged=True).after


# ---------------------------------------------------------------------------------- the mode


def test_a_new_event_and_an_imported_file_are_in_fide_mode() -> None:
    assert mode(_event()) == fidemode.Mode(True)
    imported = trf.parse_file(REPO / "fixtures" / "example.trf").tournament  # another program's file, no ### line
    assert fidemode.in_fide_mode(imported)
    # no marker is written: a new event's file has no irregularity line at all
    assert irregularities(_event()) == []


def test_the_exit_line_says_the_event_left_fide_mode_and_an_older_line_without_reason_too() -> None:
    t = _event()
    older = t.replace_records(t.records[:3] + (Comment("### FIDE mode exited @ Round 3"),) + t.records[3:])
    assert mode(older) == fidemode.Mode(False, 3, "")
    written = leave(t, "  a  club   rule ", acknowledged=True).after
    assert mode(written) == fidemode.Mode(False, 1, "a club rule")
    assert _lines(written) == ["### FIDE mode exited @ Round 1: a club rule"]


# ---------------------------------------------------------------------------------- leaving


def test_leaving_needs_a_reason_and_a_confirmation_and_is_final() -> None:
    t = _play(_event(), 2)
    with pytest.raises(NeedsConfirmation) as info:
        leave(t, "club rules")
    assert info.value.level == 4 and info.value.act.code == "leave-fide-mode"
    for bad in ("", "   ", "tab\x1b[31m"):
        with pytest.raises(InvalidReason):
            leave(t, bad, acknowledged=True)
    change = leave(t, "club rules", acknowledged=True)
    assert _lines(change.after) == ["### FIDE mode exited @ Round 3: club rules"]  # rounds 1-2 paired in FIDE mode
    assert change.data["round"] == 3 and [w.code for w in change.warnings] == ["leave-fide-mode"]
    with pytest.raises(AlreadyLeft):  # no second exit, and nothing re-enters
        leave(change.after, "again", acknowledged=True)
    # taking a round back does not take the exit line with it
    later = pair_into(change.after).after
    assert not fidemode.in_fide_mode(undo_pairing(later).after)


# ---------------------------------------------------------------------------------- the acts


def test_a_full_point_bye_is_warned_at_level_2_and_written_as_fpb() -> None:
    c = request_bye(_event(), 5, 3, Result.FULL_POINT_BYE)  # no confirmation needed
    assert [(w.code, w.data["level"]) for w in c.warnings] == [("full-point-bye", 2)]
    assert "FIDE rules deprecate it" in c.warnings[0].message
    assert _lines(c.after) == ["### FPB @ Round 3: 5=FPB"]


def test_a_second_half_point_bye_needs_confirmation_and_is_written_as_hpb() -> None:
    t = request_bye(_event(), 4, 2).after
    assert _lines(t) == []  # a first half-point bye is no act
    with pytest.raises(NeedsConfirmation) as info:
        request_bye(t, 4, 6)
    assert info.value.level == 3 and "already has a half-point bye in round(s) 2" in str(info.value)
    c = request_bye(t, 4, 6, acknowledged=True)
    assert _lines(c.after) == ["### HPB @ Round 6: 4=HPB [rounds 2,6]"]
    # asking again for the same bye is no new act
    assert _lines(request_bye(c.after, 4, 6).after) == _lines(c.after)
    # a third one lists the three rounds
    assert _lines(request_bye(c.after, 4, 8, acknowledged=True).after)[-1] == "### HPB @ Round 8: 4=HPB [rounds 2,6,8]"


def test_a_forbidden_pair_after_round_1_is_confirmed_recorded_and_the_event_stays_in_fide_mode() -> None:
    t = _event()
    assert _lines(forbid(t, (1, 2)).after) == []  # before round 1 is paired: the regulations
    t = _play(t, 1)
    with pytest.raises(NeedsConfirmation):
        forbid(t, (3, 7), 3, 5)
    c = forbid(t, (3, 7, 8), 3, 5, acknowledged=True)
    assert _lines(c.after) == ["### Prohibition @ Round 2: 3-7-8 [rounds 3-5]"]
    assert fidemode.in_fide_mode(c.after)


def test_the_number_of_rounds_is_set_freely_before_round_1_and_confirmed_after() -> None:
    t = _event()
    c = change_rounds(t, 7)
    assert c.after.total_rounds == 7 and c.warnings == () and _lines(c.after) == []
    t = _play(c.after, 2)
    with pytest.raises(NeedsConfirmation):
        change_rounds(t, 9)
    with pytest.raises(InvalidSetting):
        change_rounds(t, 1, acknowledged=True)  # rounds 1-2 are paired
    with pytest.raises(NoChange):
        change_rounds(t, 7, acknowledged=True)
    c = change_rounds(t, 9, acknowledged=True)
    assert c.after.total_rounds == 9 and _lines(c.after) == ["### Rounds changed @ Round 3: 7 => 9"]
    assert [r for r in c.after.records if isinstance(r, Header) and r.code == "142"] == []  # 142 is a RoundCount
    assert trf.dumps(c.after).count("\n142 9\n") == 1


def test_fewer_rounds_drop_their_declarations_and_more_keep_a_withdrawn_player_out() -> None:
    t = _play(_event(), 1)
    t = withdraw(t, 6).after  # zero-point absence in rounds 2-9
    t = request_bye(t, 5, 8).after
    c = change_rounds(t, 7, acknowledged=True)
    assert [w.code for w in c.warnings] == ["rounds-changed", "declarations-removed"]
    assert {r.round for r in c.after.records if isinstance(r, ByeRecord)} == set(range(2, 8))
    more = change_rounds(c.after, 8, acknowledged=True)
    assert more.after.declared_absences(8) == {6: Result.ZERO_POINT_BYE}  # C.04.2 Art. 3.2: still withdrawn
    assert _lines(more.after) == ["### Rounds changed @ Round 2: 9 => 7", "### Rounds changed @ Round 2: 7 => 8"]


def test_the_tiebreak_list_is_confirmed_once_round_1_is_paired() -> None:
    t = _event(tiebreaks="BH,SB")
    c = change_tiebreaks(t, "BH/C1, BH, DE")
    assert c.after.header("202") == "BH/C1,BH,DE" and _lines(c.after) == []
    t = _play(c.after, 1)
    with pytest.raises(NeedsConfirmation):
        change_tiebreaks(t, "SB,BH")
    with pytest.raises(InvalidSetting):
        change_tiebreaks(t, "BH,XYZ", acknowledged=True)
    c = change_tiebreaks(t, "SB,BH", acknowledged=True)
    assert c.after.header("202") == "SB,BH"
    assert _lines(c.after) == ["### Tie-breaks changed @ Round 2: BH/C1,BH,DE => SB,BH"]


def test_a_file_giving_its_list_in_212_keeps_it_there() -> None:
    t = _event()
    records = tuple(Header("212", "PTS,BH,SB") if isinstance(r, Header) and r.code == "202" else r for r in t.records)
    c = change_tiebreaks(t.replace_records(records), "DE,BH")
    assert c.after.header("212") == "PTS,DE,BH" and c.after.header("202") is None and c.data["was"] == "BH,SB"


def test_a_manual_pairing_that_differs_from_the_engine_s_needs_confirmation_and_writes_mpa() -> None:
    t = _play(_event(), 1)
    same = assess(t, ())  # nothing given: the engine's own round
    assert same.same_as_engine and accept(t, same).warnings == ()
    engine = same.engine_boards
    swapped = ((engine[0][0], engine[1][1]), (engine[1][0], engine[0][1]))  # two boards crossed
    a = assess(t, swapped)
    assert not a.same_as_engine
    with pytest.raises(NeedsConfirmation) as info:
        accept(t, a)
    assert info.value.level == 3
    c = accept(t, a, acknowledged=True)
    assert [w.code for w in c.warnings if w.code == "manual-pairing"] == ["manual-pairing"]
    assert [i.kind for i in irregularities(c.after)] == ["MPA"]


def test_a_correction_renumbers_until_round_4_is_paired_and_the_line_records_it() -> None:
    t = _play(_event(), 2)
    # player 8 (2150) corrected to 2460: by the ratings he goes between 1 (2500) and 2 (2450)
    c = correct(t, 8, {"rating": 2460})
    assert c.data["player"] == 2 and c.data["renumbered"] == {"2": 3, "3": 4, "4": 5, "5": 6, "6": 7, "7": 8, "8": 2}
    assert _lines(c.after) == ["### Pairing numbers changed @ Round 3: 2->3 3->4 4->5 5->6 6->7 7->8 8->2 "
                               "[correction of 2]"]
    assert c.after.player(2).rating == 2460 and c.warnings == ()  # level 1: recorded, no warning
    # before round 1: everyone in the Art. 2 order, and no line (the numbers are provisional, Art. 2.5)
    early = correct(_event(), 8, {"rating": 2460})
    assert _lines(early.after) == [] and early.after.player(2).name == "Player H"


def test_once_round_4_is_paired_a_correction_keeps_the_numbers_and_fide_mode_refuses_renumbering() -> None:
    t = _play(_event(), 4)
    c = correct(t, 8, {"rating": 2460, "title": "IM"})
    assert c.data["player"] == 8 and c.after.player(8).rating == 2460 and c.after.player(8).title == "IM"
    assert [w.code for w in c.warnings] == ["numbers-kept"] and _lines(c.after) == []
    before = trf.dumps(t)
    with pytest.raises(RefusedInFideMode) as info:
        correct(t, 8, {"rating": 2460}, renumber_players=True)
    assert info.value.level == 5 and "VCL.09" in str(info.value)
    assert trf.dumps(t) == before
    outside = correct(_left(t), 8, {"rating": 2460}, renumber_players=True)
    assert _lines(outside.after)[-1] == ("### Pairing numbers changed @ Round 5: 2->3 3->4 4->5 5->6 6->7 7->8 8->2 "
                                         "[correction of 2]")
    assert fidemode.trail(outside.after)[-1].level == 5  # read back as the level-5 act done outside FIDE mode


def test_a_late_entry_that_moves_players_after_round_1_is_recorded_at_level_1() -> None:
    t = _play(_event(), 1)
    c = register(t, [Registrant("Late, Lena", rating=2420)])  # 2450 > 2420 > 2400: between 2 and 3
    assert _lines(c.after) == ["### Pairing numbers changed @ Round 2: 3->4 4->5 5->6 6->7 7->8 8->9 [late entry 3]"]
    assert fidemode.level_of(irregularities(c.after)[0]) == 1
    late = register(_play(_event(), 4), [Registrant("Late, Lena", rating=2420)])  # frozen: number 9, no line
    assert _lines(late.after) == [] and late.data["players"][0]["start_rank"] == 9


def test_the_scoring_is_locked_once_round_1_is_paired() -> None:
    t = _event()
    c = change_scoring(t, Scoring(Fraction(3), Fraction(1), Fraction(0)))
    assert c.after.scoring.win_white == 3 and _lines(c.after) == []
    t = _play(c.after, 1)
    with pytest.raises(RefusedInFideMode):
        change_scoring(t, Scoring(pab=Fraction(1, 2)))
    assert t.player(1).points == 3  # White won every board of round 1
    outside = change_scoring(_left(t), Scoring(pab=Fraction(1, 2)))
    assert _lines(outside.after)[-1] == "### Scoring changed @ Round 2: 3/1/0 => 1/0.5/0, PAB 0.5"
    assert outside.after.player(1).points == 1  # the listed points follow the new scoring


def test_outside_fide_mode_the_acts_need_no_confirmation_and_are_still_recorded() -> None:
    t = _left(_play(_event(), 1))
    t = request_bye(t, 4, 2).after
    c = request_bye(t, 4, 3)  # a second half-point bye, not confirmed
    assert "not in FIDE mode" in c.warnings[0].message
    t = forbid(c.after, (1, 2)).after
    t = change_rounds(t, 10).after
    t = change_tiebreaks(t, "DE").after
    assert [i.kind for i in irregularities(t)] == ["FIDE mode exited", "Prohibition", "Rounds changed",
                                                   "Tie-breaks changed", "HPB"]


# ---------------------------------------------------------------------------------- the lines


def test_every_line_written_follows_its_grammar_and_reads_back() -> None:
    t = _play(_event(), 1)
    t = request_bye(t, 4, 2).after
    t = request_bye(t, 4, 3, acknowledged=True).after
    t = request_bye(t, 5, 3, Result.FULL_POINT_BYE).after
    t = forbid(t, (1, 2), acknowledged=True).after
    t = change_rounds(t, 8, acknowledged=True).after
    t = change_tiebreaks(t, "DE,BH", acknowledged=True).after
    t = register(t, [Registrant("Late, Lena", rating=2420)]).after
    a = assess(t, ())
    crossed = ((a.engine_boards[0][0], a.engine_boards[1][1]), (a.engine_boards[1][0], a.engine_boards[0][1]))
    t = accept(t, assess(t, crossed), acknowledged=True).after
    t = leave(t, "club rules: a double round", acknowledged=True).after
    t = change_scoring(t, Scoring(Fraction(3), Fraction(1), Fraction(0))).after
    found = irregularities(t)
    assert sorted(i.kind for i in found) == sorted(GRAMMAR)  # one line of each kind
    assert all(i.well_formed for i in found)
    text = trf.dumps(t)
    again = trf.parse_text(text)
    assert not again.errors and trf.dumps(again.tournament) == text  # byte for byte
    assert irregularities(again.tournament) == found


def test_renumbering_renames_the_players_of_a_line_never_its_rounds() -> None:
    m = {2: 3, 3: 4, 8: 2}
    assert renumbered_line("### HPB @ Round 8: 2=HPB [rounds 2,3,8]", m) == "### HPB @ Round 8: 3=HPB [rounds 2,3,8]"
    assert renumbered_line("### Prohibition @ Round 3: 2-8 [rounds 3-8]", m) == \
        "### Prohibition @ Round 3: 3-2 [rounds 3-8]"
    assert renumbered_line("### MPA @ Round 3: 2-3 8=PAB => 3-2 8=PAB", m) == "### MPA @ Round 3: 3-4 2=PAB => 4-3 2=PAB"
    kept = "### Pairing numbers changed @ Round 3: 2->3 [late entry 2]"
    assert renumbered_line(kept, m) == kept  # the numbers of its time
    assert renumbered_line("### a comment 2-3", m) == "### a comment 2-3"
    t = _play(_event(), 1)
    t = forbid(t, (2, 8), acknowledged=True).after
    assert _lines(renumber(t, m)) == ["### Prohibition @ Round 2: 3-2 [rounds 2-9]"]


def test_act_lines_of_one_round_keep_the_order_they_were_written_in() -> None:
    t = _play(_event(), 1)
    t = change_rounds(t, 8, acknowledged=True).after
    t = request_bye(t, 3, 2, Result.FULL_POINT_BYE).after  # FPB of round 2
    t = change_rounds(t, 9, acknowledged=True).after
    assert _lines(t) == ["### Rounds changed @ Round 2: 9 => 8", "### FPB @ Round 2: 3=FPB",
                         "### Rounds changed @ Round 2: 8 => 9"]
    assert parse_line("### Rounds changed @ Round 2: 8 => 9") == Irregularity("Rounds changed", 2, "8 => 9")
    assert parse_line("### Something else @ Round 2") is None


def test_a_file_without_a_number_of_rounds_gets_one() -> None:
    t = _play(_event(), 1)
    records = tuple(r for r in t.records if type(r).__name__ != "RoundCount")
    bare = t.replace_records(records)
    assert bare.total_rounds is None
    c = change_rounds(bare, 9, acknowledged=True)
    assert c.after.total_rounds == 9 and _lines(c.after) == ["### Rounds changed @ Round 2: none => 9"]
