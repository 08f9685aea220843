"""An adjourned game (``?``) is not rated until its result replaces it (B.02: only finished games
are rated): the rating calculation skips it and says why, the report check warns, once per game."""

from __future__ import annotations

import pytest

import trf
from ratings.change import tournament_ratings
from ratings.report import check_report, unrated_games

from tests.ratings.test_ratings_report import FIT, _codes

pytestmark = pytest.mark.fast

#: FIT with its round 2 game 1-3 (1-0) adjourned: 1 on 1 + ½ + 1, 3 on ½ + ½ + ½.
ADJOURNED = (FIT.replace("3.0    1     2 w 1     3 w 1", "2.5    1     2 w 1     3 w ?")
             .replace("1.0    3     4 w =     1 b 0", "1.5    3     4 w =     1 b ?"))


def test_the_file() -> None:
    r = trf.parse_text(ADJOURNED)
    assert [d for d in r.diagnostics if d.severity is not trf.Severity.INFO] == []
    assert r.tournament.score(1) == 2.5 and r.tournament.score(3) == 1.5


def test_the_rating_calculation_skips_it() -> None:
    """1 keeps round 1 (against 2; round 3 is a forfeit), 3 keeps round 3 (against 2; round 1's
    opponent 4 is unrated); round 2 is skipped on both sides with the reason."""
    by = {p.start_rank: p for p in tournament_ratings(trf.parse_text(ADJOURNED).tournament).players}
    assert [g.round for g in by[1].games] == [1] and [g.round for g in by[3].games] == [3]
    for pid, opp in ((1, 3), (3, 1)):
        assert [(s.round, s.opponent, s.code, s.reason) for s in by[pid].skipped if s.round == 2] == [
            (2, opp, "?", "adjourned game (?): not rated until its result is entered")]


def test_the_report_warns_once_per_game() -> None:
    """At player 1's line (9), round 2's result column: 92 + 10 + 7 = 109."""
    r = trf.parse_text(ADJOURNED)
    check = check_report(r.tournament, r.diagnostics)
    assert [c for c in _codes(check) if c[1] == "report-adjourned-game"] == [
        ("warning", "report-adjourned-game", 9, 109)]
    found = next(p for p in check.problems if p.code == "report-adjourned-game")
    assert found.message == ("player 1, round 2: the game against 3 is adjourned ('?'): it is not rated until its "
                             "result is entered")
    assert [g for g in unrated_games(r.tournament) if g["code"] == "?"] == [
        {"round": 2, "player": 1, "opponent": 3, "code": "?", "kind": "adjourned: not rated until its result is entered"}]
