"""Team tie-breaks (C.07 art. 12, 13, and arts. 6-9 on a team's MP or GP) on hand-worked cases.

The main case is IA Mario Held's team tournament of the TEC's *Exercises in Tie-Breaking*
(exercises 34-49, C.07-2023; the crosstable in ``held_team.py``): its published answers are the
2023 values below.  The 2026 values and the board tie-breaks on the whole event are derived here,
the derivation beside each.  Scoring: MP 2/1/0, GP 1/½/0 on 4 boards; the PAB and the half-point
bye are worth a drawn match (1 MP, 2 GP).
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

import trf
from tiebreaks.codes import parse_list, parse_tiebreak
from tiebreaks.teambreaks import TeamTieBreakError, sssc_divisor, team_value
from tiebreaks.teamstandings import team_standings
from tiebreaks.teamview import TeamView, team_view
from trf.teams import TeamEvent, team_event

from tests.tiebreaks.held_team import held_team_trf

pytestmark = pytest.mark.fast


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> TeamEvent:
    path: Path = tmp_path_factory.mktemp("held") / "held_team.trf"
    path.write_text(held_team_trf())
    result = trf.parse_file(path)
    assert not result.errors
    return team_event(result.tournament)


@pytest.fixture(scope="module")
def v23(held: TeamEvent) -> TeamView:
    return team_view(held, "2023")


@pytest.fixture(scope="module")
def v26(held: TeamEvent) -> TeamView:
    return team_view(held, "2026")


def values(view: TeamView, code: str, teams: list[int] | None = None) -> dict[int, F]:
    tb = parse_tiebreak(code)
    return {t: F(team_value(view, t, tb)) for t in (teams or view.teams)}  # type: ignore[arg-type]


def order(event: TeamEvent, codes: str, edition: str = "2023") -> list[list[int]]:
    """The standings as groups of teams sharing a place."""
    s = team_standings(event, parse_list(codes), edition=edition)
    out: dict[str, list[int]] = {}
    for r in s.rows:
        out.setdefault(r.place, []).append(r.tpn)
    return list(out.values())


MP = {1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 7, 7: 6, 8: 7, 9: 6, 10: 5, 11: 4, 12: 2, 13: 6, 14: 4}
GP = {1: "17.5", 2: "17", 3: "16", 4: "17", 5: "18", 6: "12.5", 7: "11.5", 8: "15", 9: "14.5", 10: "13", 11: "11.5",
      12: "7.5", 13: "11.5", 14: "11.5"}


def test_held_scores_and_mpvgp(v23: TeamView) -> None:
    """Held's crosstable totals; MPvGP (13.1) with MP primary is the GP total (exercise 34)."""
    assert values(v23, "MPTS") == {t: F(x) for t, x in MP.items()}
    assert values(v23, "GPTS") == {t: F(x) for t, x in GP.items()}
    assert values(v23, "MPvGP") == {t: F(x) for t, x in GP.items()}


def test_held_sorted_by_mp_then_gp(held: TeamEvent) -> None:
    """Exercise 34: [MP, GP] orders 5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12, ties listed by
    team number: 2 and 4 (10 MP, 17 GP), 7 and 13 (6 MP, 11.5 GP), 11 and 14 (4 MP, 11.5 GP)
    share their places."""
    assert order(held, "MPvGP") == [[5], [1], [2, 4], [3], [8], [6], [9], [7, 13], [10], [11, 14], [12]]


# Held's published values (2023 rules, dummy opponent = own score; art. 16).
BH_MP = {1: 64, 2: 57, 3: 58, 4: 56, 5: 55, 6: 46, 7: 44, 8: 41, 9: 50, 10: 44, 11: 41, 12: 41, 13: 52, 14: 36}
BH_MP_C1 = {1: 57, 2: 52, 3: 53, 4: 52, 5: 53, 6: 39, 7: 38, 8: 39, 9: 48, 10: 42, 11: 39, 12: 39, 13: 48, 14: 32}
BH_GP = {1: "114", 2: "107.5", 3: "109.5", 4: "106", 5: "99", 6: "92", 7: "94.5", 8: "90", 9: "97.5", 10: "92",
         11: "88", 12: "92", 13: "101", 14: "87"}
BH_GP_C1 = {1: "100.5", 2: "96", 3: "97", 4: "94.5", 5: "91.5", 6: "79.5", 7: "83", 8: "82.5", 9: "90", 10: "84.5",
            11: "80.5", 12: "84.5", 13: "89.5", 14: "75.5"}
# Held's summary of the four extended Sonneborn-Berger (page 61): (EMMSB, EGMSB, EMGSB, EGGSB).
# Team 6's EMMSB is printed 33 there; its terms give 32 (test_held_emmsb_team_6_by_hand).
ESB = {1: (88, "158", "158.5", "283"), 2: (74, "144", "131", "249.75"), 3: (76, "150", "128", "247.5"),
       4: (72, "146", "130", "253.5"), 5: (70, "132", "125", "236"), 6: (32, "79.5", "73", "157.5"),
       7: (33, "78.5", "68.5", "155"), 8: (30, "79", "77", "181.5"), 9: (26, "66.5", "83", "180"),
       10: (19, "53", "72.5", "161.75"), 11: (16, "45", "61", "138.5"), 12: (6, "19", "33.5", "83.75"),
       13: (30, "72", "73", "152.5"), 14: (19, "48", "58", "140.75")}


def test_held_buchholz_on_both_scores(v23: TeamView) -> None:
    """Exercises 35-37: BH and BH-C1 on MP (the primary score, and ``:MP``) and on GP."""
    assert values(v23, "BH") == {t: F(x) for t, x in BH_MP.items()}
    assert values(v23, "BH:MP") == {t: F(x) for t, x in BH_MP.items()}
    assert values(v23, "BH/C1") == {t: F(x) for t, x in BH_MP_C1.items()}
    assert values(v23, "BH:GP") == {t: F(x) for t, x in BH_GP.items()}
    assert values(v23, "BH:GP/C1") == {t: F(x) for t, x in BH_GP_C1.items()}


def test_held_buchholz_team_14_by_hand(v23: TeamView) -> None:
    """Team 14's BH, term by term.  Opponents' scores as art. 16.3 sees them: team 7 6 MP + 1 for
    its last-round zero-point bye (cat. .5, counted as a draw) = 7; team 13 6; team 11 4; team 9
    6; team 10 5.  Round 5 (half-point bye) and round 7 (PAB): a dummy with the team's own 4 MP
    (2023, art. 16.4).  7 + 6 + 4 + 6 + 4 + 5 + 4 = 36.  BH-C1: the bye is a VUR (cat. .3) whose 4
    is not below the least value (4), so it is the one cut (art. 16.5): 32."""
    assert values(v23, "BH", [14]) == {14: F(7 + 6 + 4 + 6 + 4 + 5 + 4)}
    assert values(v23, "BH/C1", [14]) == {14: F(36 - 4)}


def test_held_extended_sonneborn_berger(v23: TeamView) -> None:
    """Exercises 38-41 and Held's summary table: EMMSB, EGMSB, EMGSB, EGGSB for every team, and
    EMMSB-C1 for the five 10-MP teams (74, 64, 66, 64, 66)."""
    for i, code in enumerate(("EMMSB", "EGMSB", "EMGSB", "EGGSB")):
        assert values(v23, code) == {t: F(row[i]) for t, row in ESB.items()}, code
    assert values(v23, "EMMSB/C1", [1, 2, 3, 4, 5]) == {1: 74, 2: 64, 3: 66, 4: 64, 5: 66}
    # SB on one score is the ESB that weighs that score by itself (9.1 on a team's view)
    assert values(v23, "SB") == values(v23, "EMMSB") and values(v23, "SB:GP") == values(v23, "EGGSB")


def test_held_emmsb_team_6_by_hand(v23: TeamView) -> None:
    """Team 6 (7 MP): opponents 13 (6 MP, match drawn 2-2: 6 x 1), 5 (10, lost: 0), 8 (7, won:
    7 x 2), 3 (10, lost: 0), 11 (4, won: 4 x 2), round 6 lost by forfeit (a dummy x 0 MP scored:
    0), 12 (2, won: 2 x 2) -> 6 + 14 + 8 + 4 = 32 (Held's summary prints 33)."""
    assert values(v23, "EMMSB", [6]) == {6: F(32)}


def test_held_sssc(v23: TeamView) -> None:
    """Exercise 49: SSSC = GP + BH(MP) / k, k = floor(7 rounds x 2 MP / 4 GP) = 3 (13.4); team 1:
    17.5 + 64/3 = 38.83..., exact."""
    assert sssc_divisor(v23) == 3
    assert values(v23, "SSSC") == {t: F(GP[t]) + F(BH_MP[t], 3) for t in MP}
    assert values(v23, "SSSC/K5", [1]) == {1: F("17.5") + F(64, 5)}


def test_held_2026_caps_on_team_1(v26: TeamView) -> None:
    """The 2026 rules cap the dummy of team 1's forfeit win (round 6, against team 6) at team 6's
    adjusted score (art. 16.4.1): 7 MP instead of team 1's own 10, 12.5 GP instead of 17.5.
    Every other team's values stay as in 2023 (no other unplayed round has a dummy above its cap:
    the byes' dummies are capped at a draw x 7 rounds = 7 MP, 14 GP, 16.4.2)."""
    assert values(v26, "BH", [1, 2]) == {1: F(64 - 3), 2: F(57)}
    assert values(v26, "BH/C1", [1]) == {1: F(57 - 3)}  # the lowest opponent (team 7, 6 MP) is still cut
    assert values(v26, "BH:GP", [1]) == {1: F("114") - 5}
    assert values(v26, "EMMSB", [1]) == {1: F(88 - 3 * 2)}  # the dummy x 2 MP scored
    assert values(v26, "EGMSB", [1]) == {1: F(158 - 5 * 2)}
    assert values(v26, "EMGSB", [1]) == {1: F("158.5") - 3 * 4}  # the dummy x 4 GP scored
    assert values(v26, "EGGSB", [1]) == {1: F(283 - 5 * 4)}
    assert values(v26, "SSSC", [1]) == {1: F("17.5") + F(61, 3)}
    others = [t for t in MP if t != 1]
    assert values(v26, "BH:GP", others) == {t: F(BH_GP[t]) for t in others}


def test_held_extended_direct_encounter(held: TeamEvent) -> None:
    """Exercises 42-45 with [MP, EDE]:

    * 42: teams 11 and 14 (4 MP) drew their match 2-2: level on MP and GP, they stay tied;
    * 43: team 6 beat team 8 (3-1): 6 ahead;
    * 44: teams 7, 9, 13 (6 MP): 7 drew with 9 and with 13 (2-2 both), 9 and 13 never met: 7 has
      2 MP, 9 and 13 1 each with a match to come (up to 3), so no one is sure of first place on
      MP nor on GP (7 4, the others 2 of up to 6; art. 6.3): all three stay tied;
    * 45: teams 1-5 (10 MP) all met; their mini-table is level on MP (4 each), GP gives 4 8.5,
      {1, 2, 3} 8, 5 7.5; {1, 2, 3} is then ordered by GP again (2 5.5, 1 5, 3 1.5): 4, 2, 1, 3, 5.
    """
    assert order(held, "EDE") == [[4], [2], [1], [3], [5], [6], [8], [7, 9, 13], [10], [11, 14], [12]]


def test_held_direct_encounter_on_one_score(held: TeamEvent) -> None:
    """DE (art. 6) on one score only.  The 10-MP teams' mini-table is level on MP (4 each): DE
    separates nothing among them.  DE:GP: 4 (8.5), {1, 2, 3} (8), 5 (7.5), then GP again within
    {1, 2, 3}: 2 (5.5), 1 (5), 3 (1.5)."""
    assert order(held, "DE")[:1] == [[1, 2, 3, 4, 5]]
    assert order(held, "DE:GP")[:5] == [[4], [2], [1], [3], [5]]


@pytest.mark.parametrize("code", ["EDEBT", "EDET", "EDEB", "EDEC", "EDEBB"])
def test_held_board_criteria_for_two_teams(held: TeamEvent, code: str) -> None:
    """Exercises 46-48: teams 11 and 14 drew 2-2 in round 3, boards (team 11 White) 1 ½ ½ 0 v
    0 ½ ½ 1.  Board count (12.1, lower is better): 11 has 1 + 1 + 1.5 = 3.5, 14 has 1 + 1.5 + 4 =
    6.5; top-board result (12.2): board 1, 1 v 0; board elimination (12.3): without board 4, 2 v 1.
    Every variant puts 11 ahead (art. 13.3.2 applies them to the two teams' match)."""
    groups = order(held, code)
    assert groups.index([11]) + 1 == groups.index([14])


def test_held_board_tiebreaks_on_the_whole_event(held: TeamEvent, v23: TeamView) -> None:
    """BC, TBR, BBE in the list itself run over every round (art. 12 points: the PAB a win on every
    board).  Team 11's boards (1 2 3 4) over the rounds: 1000, 0 ½ 1 1, 1 ½ ½ 0, 0 0 ½ 1, 1 ½ 0 0,
    1100, 0001 -> totals 4, 2.5, 2, 3; team 14's: 0011, 1 ½ 0 0, 0 ½ ½ 1, 0001, the half-point bye
    ½ on each, 1000, the PAB 1111 -> 3.5, 2.5, 3, 4.5.  BC: 11 = 4 + 5 + 6 + 12 = 27, 14 = 3.5 +
    5 + 9 + 18 = 35.5 (11 ahead, lower is better); TBR: board 1, 4 v 3.5 (11 ahead); BBE: the top
    three boards, 8.5 v 9 (14 ahead)."""
    assert values(v23, "BC", [11, 14]) == {11: F(27), 14: F("35.5")}
    assert order(held, "BC")[-3:-1] == [[11], [14]]
    assert order(held, "TBR")[-3:-1] == [[11], [14]]
    assert order(held, "BBE")[-3:-1] == [[14], [11]]


def test_held_counts_on_match_and_game_points(v23: TeamView) -> None:
    """Art. 7 on teams.  ``:MP`` counts matches: team 14 won none (WIN), had Black on board 1 in
    rounds 1, 3, 4 (BPG).  ``:GP`` counts board games: team 14 won 2 + 1 + 1 + 1 + 1 = 6 games
    (the PAB is 2 GP, a draw on each board, not a win: art. 7.1), played 10 with Black (two per
    match, 352 WBWB), and elected to play 20 board games plus the PAB's 4 (the half-point bye
    is not, art. 7.6); STD:GP is its GP on the 1/½/0 scale, 11.5."""
    assert values(v23, "WIN:MP", [14]) == {14: 0}
    assert values(v23, "BPG:MP", [14]) == {14: 3}
    assert values(v23, "WIN:GP", [14]) == {14: 6}
    assert values(v23, "BPG:GP", [14]) == {14: 10}
    assert values(v23, "REP:GP", [14]) == {14: 24}
    assert values(v23, "STD:GP", [14]) == {14: F("11.5")}
    assert values(v23, "WIN", [1]) == {1: 5}  # 4 matches won over the board and the forfeit win


def test_held_progressive_score(v23: TeamView) -> None:
    """PS on MP for team 1: running MP 2, 2, 4, 6, 6, 8, 10 -> 38; on GP 2.5, 4, 7, 9.5, 11, 15, 17.5 -> 66.5."""
    assert values(v23, "PS", [1]) == {1: F(38)}
    assert values(v23, "PS:GP", [1]) == {1: F("66.5")}


def test_rating_tiebreaks_are_refused(held: TeamEvent) -> None:
    with pytest.raises(TeamTieBreakError, match="rate players"):
        team_standings(held, parse_list("ARO"))


def test_default_list_follows_the_primary_score(held: TeamEvent) -> None:
    s = team_standings(held, [], default_list=True)
    assert [tb.text for tb in s.tiebreaks] == ["EDE", "EMGSB/C1", "BH:MP/C1", "MPvGP"]
    assert s.notes and "EDE,EMGSB/C1,BH:MP/C1,MPvGP" in s.notes[0]


def test_codes_with_a_score_and_a_divisor() -> None:
    tb = parse_tiebreak("bh:gp/c1/p")
    assert (tb.code, tb.score, tb.mods.cut, tb.mods.forfeits) == ("BH", "GP", 1, True)
    assert parse_tiebreak("SSSC/K2.5").mods.divisor == F(5, 2)
    assert parse_tiebreak("MPvGP").code == "MPVGP"
    with pytest.raises(ValueError, match="unknown score"):
        parse_tiebreak("BH:XP")
    with pytest.raises(ValueError, match="only SSSC"):
        parse_tiebreak("BH/K3")
    assert [tb.text for tb in parse_list("MPTS,EDE,BC")] == ["EDE", "BC"]
