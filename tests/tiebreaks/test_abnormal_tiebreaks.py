"""Standings and tie-breaks with TRF-2026 ``299`` records (docs/trf.md "Record 299").

The files are ``fixtures/abnormal/`` (crosstable in its README: 7 players, 4 rounds, 1 / ½ / 0,
2026 rules, 4 rounds scheduled).  Where the text is silent the reference implementation's
reading is followed: a penalty or bonus counts in the participant's own score (PTS, and the dummy
opponent of their own unplayed rounds, art. 16.4) but not in the score their opponents' Buchholz
sees (art. 16.3 adds up the rounds' points); a round-999 adjustment counts in the final standings'
points only.  Each value below is derived by hand beside it.

Base values used below (no 299): scores 1: 3.5, 2: 2.0, 3: 3.5, 4: 1.5, 5: 2.0, 6: 1.5, 7: 1.5;
no round of anybody is of C.07 16.2 category 5, so every adjusted score (16.3) is the score.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from tiebreaks.codes import parse_list
from tiebreaks.standings import Standings, standings

pytestmark = pytest.mark.fast

F = Fraction
CODES = "WIN,WON,BH,SB,PS"


def table(name: str, after_round: int | None = None) -> Standings:
    result = trf.parse_file(trf_path(name))
    assert not result.errors
    return standings(result.tournament, parse_list(CODES), after_round=after_round)


def trf_path(name: str):  # type: ignore[no-untyped-def]
    from tests.support import FIXTURES

    return FIXTURES / "abnormal" / name


def points(s: Standings) -> dict[int, Fraction]:
    return {r.pid: r.points for r in s.rows}


def value(s: Standings, pid: int, code: str) -> object:
    row = next(r for r in s.rows if r.pid == pid)
    return row.values[CODES.split(",").index(code)]


def order(s: Standings) -> list[int]:
    return [r.pid for r in s.rows]


def test_base() -> None:
    s = table("00-base.trf")
    assert points(s) == {1: F(7, 2), 2: 2, 3: F(7, 2), 4: F(3, 2), 5: 2, 6: F(3, 2), 7: F(3, 2)}
    # BH(1): opponents 5, 4, 3, 6: 2.0 + 1.5 + 3.5 + 1.5
    assert value(s, 1, "BH") == F(17, 2)


def test_a_value_of_forfeit_wins() -> None:
    """01, ``299 +         0.5``."""
    s = table("01-value-forfeit-win.trf")
    assert points(s)[3] == 3  # 0.5 (forfeit win) + 1 + 0.5 + 1
    assert value(s, 1, "BH") == 8  # 2.0 + 1.5 + 3.0 (3 now) + 1.5
    assert value(s, 3, "PS") == 7  # running 0.5, 1.5, 2.0, 3.0
    # SB(3): R1 unplayed (forfeit win), dummy 16.4.1 min(own 3.0, 7's 1.5) = 1.5 x 0.5; R2 6: 1.5 x 1;
    # R3 1: 3.5 x 0.5; R4 2: 2.0 x 1 -> 0.75 + 1.5 + 1.75 + 2.0
    assert value(s, 3, "SB") == 6
    assert value(s, 3, "WIN") == 3  # a forfeit win is a win (art. 7.1), whatever it is worth


def test_a_value_of_half_point_byes() -> None:
    """02, ``299 H         0.0``: player 2's round-2 bye is worth nothing."""
    s = table("02-value-half-bye.trf")
    assert points(s)[2] == F(3, 2)  # 0.5 + 0 + 1 + 0
    assert value(s, 2, "PS") == 4  # running 0.5, 0.5, 1.5, 1.5
    # BH(2): 6 1.5; R2 bye (category 3: games follow), dummy min(own 1.5, 0.5 x 4) = 1.5; 4 1.5; 3 3.5
    assert value(s, 2, "BH") == 8


def test_an_assigned_draw_worth_nothing() -> None:
    """04, ``299 D         0.0    2    7``: 5-7 of round 2 scores ½-0."""
    s = table("04-assign-draw-worth-nothing.trf")
    assert points(s)[7] == 1 and points(s)[5] == 2  # 7: 0 + 0 + 0 + 1; 5 keeps its ½
    # BH(5): 1 3.5; 7 1.0; R3 PAB dummy min(own 2.0, 2.0) = 2.0; 4 1.5
    assert value(s, 5, "BH") == 8
    # SB(7): R1 forfeit loss 0 points; R2 5: 2.0 x 0; R3 6: 1.5 x 0; R4 PAB dummy min(own 1.0, 2.0) x 1
    assert value(s, 7, "SB") == 1


def test_an_assigned_win() -> None:
    """05, ``299 W         1.0    3    3``: 3's draw with 1 counts as a game won."""
    s = table("05-assign-win.trf")
    assert points(s)[3] == 4 and points(s)[1] == F(7, 2)  # 1 + 1 + 1 + 1; 1 keeps its ½
    assert value(s, 3, "WIN") == 4  # the forfeit win of R1, R2, R3 (assigned), R4
    assert value(s, 3, "WON") == 3  # over the board: R2, R3, R4 (R1 was a forfeit)
    assert value(s, 1, "BH") == 9  # 2.0 + 1.5 + 4.0 + 1.5
    assert order(s)[:2] == [3, 1]


def test_an_assigned_full_point_bye() -> None:
    """06, ``299 F         1.0    2    2``: 2's half-point bye of round 2 counts as a full-point bye."""
    s = table("06-assign-full-bye.trf")
    assert points(s)[2] == F(5, 2)  # 0.5 + 1 + 1 + 0
    assert value(s, 2, "WIN") == 2  # the full-point bye (art. 7.1) and R3
    # BH(2): 6 1.5; R2 (category 1) dummy min(own 2.5, 0.5 x 4 = 2.0) = 2.0; 4 1.5; 3 3.5
    assert value(s, 2, "BH") == F(17, 2)


def test_a_penalty_counts_in_the_own_score_not_in_the_opponents_buchholz() -> None:
    """07, ``299          -1.0    3    1``."""
    s = table("07-penalty-from-round.trf")
    assert points(s)[1] == F(5, 2)  # 3.5 - 1
    assert order(s)[:2] == [3, 1]
    # BH(3): R1 forfeit win, dummy min(own 3.5, 7's 1.5) = 1.5; 6 1.5; 1 3.5 (16.3: the rounds'
    # points, without the penalty); 2 2.0
    assert value(s, 3, "BH") == F(17, 2)
    assert value(s, 1, "PS") == 9  # the rounds' running scores 1, 2, 2.5, 3.5: the penalty is no round's
    # after round 2 the penalty (from round 3) does not count yet; after round 3 it does
    assert points(table("07-penalty-from-round.trf", after_round=2))[1] == 2
    assert points(table("07-penalty-from-round.trf", after_round=3))[1] == F(3, 2)


def test_a_penalty_in_the_dummy_of_an_own_unplayed_round() -> None:
    """11, ``299          -0.5    2`` (every player, from round 2): every score 0.5 lower; 2's
    BH sees its opponents' rounds unchanged but its own bye's dummy (its own score) lower."""
    s = table("11-everyone.trf")
    assert points(s) == {1: 3, 2: F(3, 2), 3: 3, 4: 1, 5: F(3, 2), 6: 1, 7: 1}
    # BH(2): 6 1.5; R2 bye dummy min(own 1.5, 2.0) = 1.5; 4 1.5; 3 3.5
    assert value(s, 2, "BH") == 8
    assert points(table("11-everyone.trf", after_round=1))[1] == 1  # round 1: nothing yet


def test_a_final_adjustment_counts_in_the_final_standings_only() -> None:
    """10, ``299          -1.0  999    3``."""
    s = table("10-final-standings.trf")
    assert points(s)[3] == F(5, 2)  # 3.5 - 1
    assert order(s)[:2] == [1, 3]
    assert value(s, 1, "BH") == F(17, 2)  # 3 is seen with 3.5: the adjustment is no tie-break's
    # after round 2, before the last round: 1 + 1, no adjustment (the reference adds it here too)
    assert points(table("10-final-standings.trf", after_round=2))[3] == 2


def test_several_records() -> None:
    """12: forfeit wins 0.5; player 5 -1 from round 2; player 7 +1 in the final standings."""
    s = table("12-several.trf")
    assert points(s) == {1: F(7, 2), 2: 2, 3: 3, 4: F(3, 2), 5: 1, 6: F(3, 2), 7: F(5, 2)}
    assert points(table("12-several.trf", after_round=3))[7] == F(1, 2)  # 0 + 0.5 + 0, no +1 yet
    assert points(table("12-several.trf", after_round=1))[5] == 0  # lost to 1; the -1 from round 2


def test_pts_is_the_standings_points() -> None:
    """The PTS tie-break (212 PTS,...) is the points the standings rank by (10: 3's 3.5 - 1)."""
    from tiebreaks.codes import parse_tiebreak
    from tiebreaks.registry import value as scalar

    s = table("10-final-standings.trf")
    assert scalar(s.ctx, 3, parse_tiebreak("PTS")) == F(5, 2)
    assert scalar(table("10-final-standings.trf", after_round=2).ctx, 3, parse_tiebreak("PTS")) == 2
