"""A team event in its file, operation by operation (:mod:`event.team`): what each writes, read back by
the file's own reading of team records (:mod:`trf.teams`, which agrees with the 310 points of every
corpus tournament), against values worked out by hand from the rules beside each test.

Rounds are written here from pairings given by the test (:func:`event.team.rounds.write_round`):
what the event does with a pairing does not depend on the engine that made it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from event.change import NotATeamEvent
from event.create import EventSettings, InvalidSetting
from event.next_round import pair_into as pair_individual
from event.registration import DuplicateEntry, InvalidRegistrant, Registrant, register
from event.results import BadResultsRow, enter_result
from event.team.absences import NothingDeclared, UnknownTeam, cancel_bye, request_bye, withdraw, withdrawn
from event.team.create import TeamSettings, board_pattern, new_team_event, parse_match_points, parse_pab
from event.team.matches import round_matches
from event.team.registration import TeamNumbers, TooFewMembers, parse_teams, register_teams
from event.team.results import (BadBoardResult, MatchForfeited, NoSuchMatch, enter_match_result, enter_results,
                                forfeit_match, parse_board_results)
from event.team.rounds import BadLineup, MatchHasResults, NoMatch, set_lineup, undo_pairing, write_round
from tests.event.team_making import team_event, teams_csv, teams_rows
from trf.model import ByeRecord, Colour, PreservedRecord, Result, RoundEntry, Tournament
from trf.teams import MatchKind, read_team_event, team_event as read_team

pytestmark = pytest.mark.fast

R = Result
F = Fraction


def _clean(t: Tournament) -> Tournament:
    """``t`` written and read back: no error, no warning, byte for byte."""
    text = trf.dumps(t)
    parsed = trf.parse_bytes(text.encode("utf-8"))
    assert [d.message for d in parsed.diagnostics if d.severity is not trf.Severity.INFO] == []
    assert trf.dumps(parsed.tournament) == text
    return parsed.tournament


def _records(t: Tournament, code: str) -> list[str]:
    return [r.text for r in t.records if isinstance(r, PreservedRecord) and r.code == code]


def _members(t: Tournament, tpn: int) -> tuple[int, ...]:
    return read_team(t).team(tpn).members


# ---------------------------------------------------------------------------------- a new team event


def test_a_new_team_event_writes_its_team_records() -> None:
    change = new_team_event(EventSettings("Cup", 7, initial_colour=Colour.BLACK, tiebreaks="EDE,MPvGP"),
                            TeamSettings("fide_team_typeb_gp_mp", board_pattern(6), (F(3), F(1), F(0))))
    t = _clean(change.after)
    assert t.header("192") == "FIDE_TEAM_TYPEB_GP_MP"
    assert t.header("352") == "WBWBWB"
    assert t.header("362") == "TW 3.0   TD 1.0   TL 0.0"  # the spacing the TEC's reference engine reads
    assert t.header("202") == "EDE,MPvGP" and t.total_rounds == 7 and t.initial_colour is Colour.BLACK
    # C.04.6 Art. 1.4: a PAB is a drawn match: TD 1 match point, 6 boards x 1/2 = 3 game points
    assert _records(t, "320") == ["320  1.0  3.0"]
    assert t.system_code.team and not t.is_team_event  # a team event before any team is registered
    assert change.data["boards"] == 6


@pytest.mark.parametrize("boards, pab", [(3, "320  1.0  1.5"), (1, "320  1.0  0.5"), (8, "320  1.0  4.0")])
def test_the_pab_is_a_drawn_match_whatever_the_boards(boards: int, pab: str) -> None:
    t = new_team_event(EventSettings("Cup", 5, seed=1), TeamSettings(board_colours=board_pattern(boards))).after
    assert _records(t, "320") == [pab]


def test_a_pab_value_given_by_the_regulations() -> None:
    t = new_team_event(EventSettings("Cup", 5, seed=1), TeamSettings(pab=parse_pab("2/2.5"))).after
    assert _records(t, "320") == ["320  2.0  2.5"]


@pytest.mark.parametrize("settings, event, setting", [
    (TeamSettings(code="FIDE_DUTCH"), {}, "team pairing code"),
    (TeamSettings(code="FIDE_TEAM_TYPEA_TYPEB"), {}, "team pairing code"),
    (TeamSettings(code="FIDE_TEAM_GP_BAKU"), {}, "team pairing code"),  # C.04.7: Baku with match points first only
    (TeamSettings(board_colours="BWBW"), {}, "board colours"),
    (TeamSettings(board_colours="WXW"), {}, "board colours"),
    (TeamSettings(), {"system": "dutch"}, "pairing system"),
])
def test_settings_a_team_event_refuses(settings: TeamSettings, event: dict[str, str], setting: str) -> None:
    with pytest.raises(InvalidSetting) as exc:
        new_team_event(EventSettings("Cup", 5, seed=1, **event), settings)  # type: ignore[arg-type]
    assert exc.value.setting == setting


@pytest.mark.parametrize("given, written", [
    ("FIDE_TEAM", "FIDE_TEAM_TYPEA_MP_GP"), ("FIDE_TEAM_TYPEB", "FIDE_TEAM_TYPEB_MP_GP"),
    ("FIDE_TEAM_TYPEA", "FIDE_TEAM_TYPEA_MP_GP"), ("FIDE_TEAM_MP", "FIDE_TEAM_MP"), ("FIDE_TEAM_GP_MP", "FIDE_TEAM_GP_MP"),
    ("FIDE_TEAM_BAKU", "FIDE_TEAM_TYPEA_MP_GP_BAKU"), ("FIDE_TEAM_TYPEB_GP", "FIDE_TEAM_TYPEB_GP"),
])
def test_the_192_code_is_written_with_every_option_spelled_out(given: str, written: str) -> None:
    # trf.teams reads a type without scores as match points first and game points for colours (C.04.6
    # Art. 1.2.2), FIDE_TEAM alone as Type A too; the spelled code means the same, and the TEC's engine
    # (gacrux) lists only spelled codes and FIDE_TEAM: it does not pair FIDE_TEAM_TYPEB as Type B
    from trf.teams import team_options

    t = new_team_event(EventSettings("Cup", 5, seed=1), TeamSettings(given)).after
    assert t.header("192") == written
    a, b = team_options(given), team_options(written)
    assert a is not None and b is not None
    assert (a.preference, a.primary, a.secondary, a.baku) == (b.preference, b.primary, b.secondary, b.baku)


def test_match_points_and_boards_are_read_as_written() -> None:
    assert parse_match_points("3/1/0") == (3, 1, 0)
    assert board_pattern(5) == "WBWBW"
    for bad in ("2/1", "1/2/0", "a/b/c"):
        with pytest.raises(InvalidSetting):
            parse_match_points(bad)
    with pytest.raises(InvalidSetting):
        board_pattern(0)


# ---------------------------------------------------------------------------------- registering teams


def test_teams_are_numbered_as_given_and_their_players_team_by_team() -> None:
    rows = teams_rows(3, [4, 5, 4], seed=1)
    text = teams_csv(rows, tpns={rows[1][0]: 1})  # the second team of the list asks for TPN 1
    t0 = new_team_event(EventSettings("Cup", 5, seed=1)).after
    t = _clean(register_teams(t0, parse_teams(text, "teams.csv")).after)
    ev = read_team(t)
    # C.04.6 Art. 1.1.2: the given TPN is kept; the others take the free numbers in list order
    assert [(x.tpn, x.name) for x in ev.teams] == [(1, rows[1][0]), (2, rows[0][0]), (3, rows[2][0])]
    # players numbered team by team in TPN order, each team in its list's (board) order
    assert [x.members for x in ev.teams] == [(1, 2, 3, 4, 5), (6, 7, 8, 9), (10, 11, 12, 13)]
    assert [t.player(m).name for m in ev.team(1).members] == [p["name"] for p in rows[1][1]]
    assert t.header("082") == "3" and t.header("062") == "13"


def test_team_numbers_must_run_from_one() -> None:
    rows = teams_rows(3, 4, seed=2)
    t0 = new_team_event(EventSettings("Cup", 5, seed=1)).after
    with pytest.raises(TeamNumbers) as exc:
        register_teams(t0, parse_teams(teams_csv(rows, tpns={rows[0][0]: 5})))
    assert exc.value.missing == (3, 4)  # 5, then 1 and 2 for the others: 3 and 4 would be missing
    with pytest.raises(TeamNumbers) as exc:
        register_teams(t0, parse_teams(teams_csv(rows, tpns={rows[0][0]: 2, rows[2][0]: 2})))
    assert exc.value.taken == 2


def test_a_team_needs_a_player_for_every_board() -> None:
    t0 = new_team_event(EventSettings("Cup", 5, seed=1)).after
    with pytest.raises(TooFewMembers) as exc:
        register_teams(t0, parse_teams(teams_csv(teams_rows(2, [4, 3], seed=3))))
    assert (exc.value.members, exc.value.boards) == (3, 4)


@pytest.mark.parametrize("text, field", [
    ("Name,Rating\nA,2000\n", "header"),
    ("Team,Name,Rating\nX,A,20000\n", "rating"),
    ("Team,TPN,Name\nX,0,A\n", "TPN"),
    ("Team,TPN,Name\nX,1,A\nX,2,B\n", "TPN"),
    ("Team,Nickname,Name\nX,XA,A\nX,XB,B\n", "nickname"),
    ("Team,Name\n,A\n", "team"),
])
def test_bad_team_lists(text: str, field: str) -> None:
    with pytest.raises(InvalidRegistrant) as exc:
        parse_teams(text, "teams.csv")
    assert exc.value.field == field and exc.value.source == "teams.csv"


def test_registered_values_are_checked() -> None:
    t0 = new_team_event(EventSettings("Cup", 5, seed=1)).after
    long_name = "Team,Name\n" + "".join(f'{"X" * 33},P{i}\n' for i in range(4))
    with pytest.raises(InvalidRegistrant):
        register_teams(t0, parse_teams(long_name))
    twice = "Team,Name,FIDE ID\n" + "".join(f"A,P{i},{100 + i}\n" for i in range(4)) + \
        "".join(f"B,Q{i},{103 + i}\n" for i in range(4))
    with pytest.raises(DuplicateEntry):
        register_teams(t0, parse_teams(twice))
    individual = new_team_event(EventSettings("Cup", 5, seed=1)).after
    with pytest.raises(NotATeamEvent):
        register(individual, [Registrant("Solo, Han")])


# ---------------------------------------------------------------------------------- a round written


def test_a_round_is_written_board_by_board_by_the_352_pattern() -> None:
    t = team_event(4, boards="WBBW")
    members = {tpn: _members(t, tpn) for tpn in range(1, 5)}
    t = _clean(write_round(t, 1, ((3, 1), (2, 4)), None))
    # board k of the White team has the k-th colour of 352, its opponent the other one (C.04.6 Art. 1.6.2)
    for white, black in ((3, 1), (2, 4)):
        for k, colour in enumerate("WBBW"):
            w, b = members[white][k], members[black][k]
            assert t.player(w).entry(1) == RoundEntry(b, Colour(colour.lower()), None)
            assert t.player(b).entry(1) == RoundEntry(w, Colour(colour.lower()).opposite, None)
        # the fifth member does not play: a zero for the round
        for tpn in (white, black):
            assert t.player(members[tpn][4]).entry(1) == RoundEntry(None, Colour.NONE, R.ZERO_POINT_BYE)
    ev = read_team(t)
    # Art. 1.6.1: the team's colour is its board-1 player's
    assert [ev.entry(tpn, 1).colour for tpn in (3, 1, 2, 4)] == [Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.BLACK]
    # C.04.2 Art. 3.6 with every score 0: the match of the higher-ranked team (smaller TPN) first
    rm = round_matches(t, 1)
    assert [(m.number, m.white, m.black) for m in rm.matches] == [(1, 3, 1), (2, 2, 4)]
    assert all(len(m.pending) == 4 for m in rm.matches)


def test_the_pab_and_the_byes_of_a_round() -> None:
    t = team_event(5)
    t = request_bye(t, 5, 1, R.HALF_POINT_BYE).after
    t = _clean(write_round(t, 1, ((1, 2),), 3))  # 4 left to nobody: it stays unpaired
    m3, m5 = _members(t, 3), _members(t, 5)
    assert [t.player(m).entry(1).code for m in m3] == [R.PAIRING_ALLOCATED_BYE] * 4 + [R.ZERO_POINT_BYE]
    assert [t.player(m).entry(1).code for m in m5] == [R.HALF_POINT_BYE] * 4 + [R.ZERO_POINT_BYE]
    assert _records(t, "320") == ["320  1.0  2.0   3"]
    ev = read_team(t)
    # C.04.6 Art. 1.4: the PAB scores a drawn match (1 MP, 4 x 1/2 GP); the half-point bye too (the 362 draw)
    assert (ev.entry(3, 1).kind, ev.entry(3, 1).match_points, ev.entry(3, 1).game_points) == (MatchKind.PAB, 1, 2)
    assert (ev.entry(5, 1).kind, ev.entry(5, 1).match_points, ev.entry(5, 1).game_points) == (MatchKind.HALF_BYE, 1, 2)
    rm = round_matches(t, 1)
    assert rm.pab == 3 and rm.byes == {5: "H"} and rm.unpaired == (4,)


# ---------------------------------------------------------------------------------- results


def test_board_results_from_the_first_named_teams_side() -> None:
    t = write_round(team_event(4), 1, ((3, 1), (2, 4)), None)
    # match 1 is 3-1 (White team 3): team 3's player wins board 1, draws board 2, loses board 3 and wins
    # board 4 by forfeit: 1 + 1/2 + 0 + 1 = 2.5 game points to 1.5, so 2 match points to 0 (362)
    t = _clean(enter_match_result(t, "1", "1 = 0 +").after)
    named_the_other_way = _clean(enter_match_result(write_round(team_event(4), 1, ((3, 1), (2, 4)), None),
                                                    "1-3", "0 = 1 -").after)
    assert trf.dumps(named_the_other_way) == trf.dumps(t)
    ev = read_team(t)
    assert (ev.entry(3, 1).game_points, ev.entry(3, 1).match_points) == (F(5, 2), 2)
    assert (ev.entry(1, 1).game_points, ev.entry(1, 1).match_points) == (F(3, 2), 0)
    m3, m1 = _members(t, 3), _members(t, 1)
    assert [t.player(p).entry(1).result for p in m3[:4]] == [R.WIN, R.DRAW, R.LOSS, R.FORFEIT_WIN]
    assert [t.player(p).entry(1).result for p in m1[:4]] == [R.LOSS, R.DRAW, R.WIN, R.FORFEIT_LOSS]
    match = round_matches(t, 1).matches[0]
    assert match.result == "2½-1½" and [b.result for b in match.boards] == ["1-0", "½-½", "0-1", "+-"]
    # the 310 records carry the points of the complete matches only (match 2-4 has no result yet: 0 and 0);
    # the rank by match points, then game points, equal teams sharing it
    assert [line[54:71] for line in _records(t, "310")] == [
        "   0.0    1.5   2", "   0.0    0.0   3", "   2.0    2.5   1", "   0.0    0.0   3"]


def test_boards_typed_together_kept_and_cleared() -> None:
    assert parse_board_results("10=+", 4) == ((R.WIN, R.LOSS), (R.LOSS, R.WIN), (R.DRAW, R.DRAW),
                                              (R.FORFEIT_WIN, R.FORFEIT_LOSS))
    assert parse_board_results("1-0 ½-½ . *", 4) == ((R.WIN, R.LOSS), (R.DRAW, R.DRAW), ".", None)
    assert parse_board_results("-- -", 2) == ((R.FORFEIT_LOSS, R.FORFEIT_LOSS), (R.FORFEIT_LOSS, R.FORFEIT_WIN))
    for bad in ("1 0 =", "10=+1", "1 0 = x", "2-0 . . ."):
        with pytest.raises(BadBoardResult):
            parse_board_results(bad, 4)
    t = write_round(team_event(4), 1, ((1, 2), (3, 4)), None)
    t = enter_match_result(t, "1", "1 1 . .").after
    change = enter_match_result(t, "1", ". 0 = *")
    assert [b.result for b in round_matches(change.after, 1).matches[0].boards] == ["1-0", "0-1", "½-½", ""]
    assert [w.code for w in change.warnings] == ["result-changed"]
    assert "board(s) 4 without a result" in change.details


def test_a_match_is_named_by_number_or_by_its_teams() -> None:
    t = write_round(team_event(4), 1, ((3, 1), (2, 4)), None)
    for ref in ("3", "1-2", "0", "x", "1-1"):
        with pytest.raises(NoSuchMatch):
            enter_match_result(t, ref, "1111")


def test_a_round_of_results_from_a_csv() -> None:
    t = write_round(team_event(4), 1, ((3, 1), (2, 4)), None)
    text = "match,board,result\n1,1,1\n1,2,=\n1,3,0\n1,4,1\n2-4,1 1 1 1\n"
    after = _clean(enter_results(t, text, source="r1.csv").after)
    ev = read_team(after)
    assert [(ev.entry(tpn, 1).game_points, ev.entry(tpn, 1).match_points) for tpn in (1, 2, 3, 4)] == [
        (F(3, 2), 0), (F(4), 2), (F(5, 2), 2), (F(0), 0)]
    for bad in ("1,1,9\n", "7,1 1 1 1\n", "match\n1\n", "1,5,1\n"):
        with pytest.raises(BadResultsRow) as exc:
            enter_results(t, "match,results\n" + bad, source="r1.csv")
        assert exc.value.source == "r1.csv"
    with pytest.raises(NotATeamEvent):
        enter_result(t, 1, "1-0")


# ---------------------------------------------------------------------------------- line-ups and forfeits


def test_a_line_up_with_a_reserve_and_an_empty_board() -> None:
    t = write_round(team_event(4), 1, ((3, 1), (2, 4)), None)
    m1, m3 = _members(t, 1), _members(t, 3)
    # team 1 (Black in match 3-1) fields its players 1, 2 and 5 and leaves board 4 empty
    t = _clean(set_lineup(t, 1, (1, 2, 5, 0), places=True).after)
    assert _records(t, "300") == [f"300   1   1   3 {m1[0]:>4} {m1[1]:>4} {m1[4]:>4} 0000"]
    assert t.player(m1[4]).entry(1) == RoundEntry(m3[2], Colour.BLACK, None)  # board 3: White team's W, so Black
    assert t.player(m1[3]).entry(1).code is R.ZERO_POINT_BYE
    assert t.player(m3[3]).entry(1) == RoundEntry(None, Colour.NONE, R.FORFEIT_WIN)  # wins the empty board 4
    t = enter_match_result(t, "1", "1 1 1 .").after
    ev = read_team(t)
    assert ev.entry(1, 1).boards == (m1[0], m1[1], m1[4], 0)
    assert (ev.entry(3, 1).game_points, ev.entry(1, 1).game_points) == (4, 0)
    with pytest.raises(BadBoardResult):  # the empty board is decided by the line-up
        enter_match_result(t, "1", "1 1 1 0")
    with pytest.raises(MatchHasResults):
        set_lineup(t, 1, (1, 2, 3, 4), places=True)
    # back to the default order before any result: no 300 record
    fresh = write_round(team_event(4), 1, ((3, 1), (2, 4)), None)
    moved = set_lineup(fresh, 1, (2, 1, 3, 4), places=True).after
    back = set_lineup(moved, 1, (1, 2, 3, 4), places=True)
    assert _records(back.after, "300") == [] and trf.dumps(back.after) == trf.dumps(fresh)
    for players, why in (((1, 2, 3), BadLineup), ((1, 1, 2, 3), BadLineup), ((1, 2, 3, 9), BadLineup)):
        with pytest.raises(why):
            set_lineup(fresh, 1, players, places=True)
    with pytest.raises(BadLineup):
        set_lineup(fresh, 1, (m3[0], m1[1], m1[2], m1[3]))  # a player of the other team


def test_a_whole_match_forfeited_and_taken_back() -> None:
    t = write_round(team_event(4), 1, ((3, 1), (2, 4)), None)
    before = trf.dumps(t)
    # named 1-3: team 1 wins by forfeit; 330 names the White team (3) first: -+
    t = _clean(forfeit_match(t, "1-3", "+-").after)
    assert _records(t, "330") == ["330 -+   1   3   1"]
    assert {t.player(p).entry(1) for p in _members(t, 1)[:4]} == {RoundEntry(None, Colour.NONE, R.FORFEIT_WIN)}
    assert {t.player(p).entry(1) for p in _members(t, 3)[:4]} == {RoundEntry(None, Colour.NONE, R.FORFEIT_LOSS)}
    ev = read_team(t)
    # every board won by forfeit (4 x 1 GP), a won match (2 MP); no colour and no meeting (C.04.6 Art. 1.6.1)
    assert (ev.entry(1, 1).kind, ev.entry(1, 1).match_points, ev.entry(1, 1).game_points) == (MatchKind.FORFEIT_WIN, 2, 4)
    assert ev.opponents(1) == () and ev.colours(1) == ()
    with pytest.raises(MatchForfeited):
        enter_match_result(t, "1", "1111")
    assert trf.dumps(forfeit_match(t, "1", "*").after) == before
    double = forfeit_match(write_round(team_event(4), 1, ((3, 1), (2, 4)), None), "2", "--").after
    assert _records(double, "330") == ["330 --   1   2   4"]
    played = enter_match_result(write_round(team_event(4), 1, ((3, 1), (2, 4)), None), "1", "1...").after
    with pytest.raises(MatchHasResults):
        forfeit_match(played, "1", "+-")


def test_a_round_taken_back_leaves_the_file_as_before() -> None:
    t = team_event(5)
    t = request_bye(t, 2, 1).after
    before = trf.dumps(t)
    paired = write_round(t, 1, ((1, 3),), 4)
    assert trf.dumps(undo_pairing(paired).after) == before
    with pytest.raises(MatchHasResults):
        undo_pairing(enter_match_result(paired, "1", "1...").after)


# ---------------------------------------------------------------------------------- withdrawals and byes


def test_a_team_withdrawn_and_its_byes() -> None:
    t = team_event(5, rounds=4)
    t = write_round(t, 1, ((1, 2), (3, 4)), 5)
    t = withdraw(t, 4).after
    assert [(r.kind, r.round, r.players) for r in t.records if isinstance(r, ByeRecord)] == [
        ("Z", 2, (4,)), ("Z", 3, (4,)), ("Z", 4, (4,))]
    assert withdrawn(t) == [4]
    t = request_bye(t, 2, 3, R.FULL_POINT_BYE)
    assert [w.code for w in t.warnings] == ["full-point-bye"]
    t = cancel_bye(t.after, 2, 3).after
    with pytest.raises(NothingDeclared):
        cancel_bye(t, 2, 3)
    with pytest.raises(UnknownTeam):
        withdraw(t, 9)
    # the withdrawn team's players get a zero when round 2 is paired without it
    t = _clean(write_round(enter_match_result(enter_match_result(t, "1", "1111").after, "2", "====").after,
                           2, ((5, 1),), 2))
    assert {t.player(p).entry(2).code for p in _members(t, 4)} == {R.ZERO_POINT_BYE}
    assert read_team(t).entry(4, 2).kind == MatchKind.ZERO_BYE


def test_individual_operations_refuse_a_team_event() -> None:
    t = team_event(4)
    with pytest.raises(NotATeamEvent):
        pair_individual(t)


def test_a_late_team_misses_the_rounds_already_paired() -> None:
    t = team_event(4, rounds=5)
    t = write_round(t, 1, ((1, 2), (3, 4)), None)
    t = enter_match_result(enter_match_result(t, "1", "1111").after, "2", "0000").after
    late = "Team,Name,Rating\n" + "".join(f"Latecomers,Late {i},{1500 + i}\n" for i in range(4))
    change = register_teams(t, parse_teams(late))
    t = _clean(change.after)
    assert change.action == "late entry"
    ev = read_team(t)
    assert ev.team(5).members == (21, 22, 23, 24)  # the next free start ranks
    assert ev.entry(5, 1).kind == MatchKind.ZERO_BYE and ev.entry(5, 1).match_points == 0
    assert [(r.kind, r.round, r.players) for r in t.records if isinstance(r, ByeRecord)] == [("Z", 1, (5,))]
    # a reserve added to a team already registered: a zero in the round paired
    more = register_teams(t, parse_teams("Team,Name\nFjord SK,Reserve Rolf\n"))
    assert more.action == "register teams"
    assert read_team(more.after).team(1).members[-1] == 25
    assert more.after.player(25).entry(1).code is R.ZERO_POINT_BYE


def test_the_team_records_read_back_as_written() -> None:
    t = team_event(5, members=[5, 4, 6, 4, 4])
    t = write_round(t, 1, ((1, 2), (3, 4)), 5)
    t = enter_match_result(enter_match_result(t, "1", "1=0+").after, "2", "====").after
    t = set_lineup(write_round(t, 2, ((5, 1), (2, 3)), 4), 3, (2, 1, 6, 0), places=True).after
    event, diags = read_team_event(_clean(t))
    assert event is not None and diags == []
    assert [x.tpn for x in event.teams] == [1, 2, 3, 4, 5]
    assert event.pab_teams == (5, 4)
