"""The rating calculation of a Double-Swiss event (C.04.5): each game rated on its own (the file's
columns, docs/double-swiss.md), a forfeited game not rated (Preface) while the other game of its
match is, and the games not rated said with their match and game.

The event (tests/tiebreaks/test_double_swiss_tiebreaks.py): ratings 1: 2390, 2: 2380, 3: 2370,
4: 2360, 5: 2350.  Match 1: 1-2 (1-0, ½-½); 3-4 (4 forfeits game 1, wins game 2); PAB 5.  Match 2:
1-5 (½-½, ½-½); 2 forfeits both games against 3; PAB 4."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from ratings.change import tournament_ratings
from ratings.output import ratings_dict
from ratings.report import unrated_games
from tests.tiebreaks.test_double_swiss_tiebreaks import event

pytestmark = pytest.mark.fast


def _player(pid: int):  # type: ignore[no-untyped-def]
    return next(p for p in tournament_ratings(event()).players if p.start_rank == pid)


def test_the_partner_game_of_a_one_game_forfeit_is_rated() -> None:
    # 3-4, match 1: game 1 (column 1) forfeited by 4, not rated; game 2 (column 2) played, 4 won:
    # rated for both.  4 (2360) against 3 (2370): difference -10, B.02 table 8.1.2 (4-10 points):
    # expected 0.49, so 4 gains 1 - 0.49 = 0.51 x K.
    four = _player(4)
    assert [(g.round, g.opponent, g.score, g.expected) for g in four.games] == [(2, 3, F(1), F(49, 100))]
    three = _player(3)
    assert [(g.round, g.opponent, g.score) for g in three.games] == [(2, 4, F(0))]
    forfeit = next(s for s in four.skipped if s.round == 1)
    assert (forfeit.code, forfeit.match, forfeit.game) == ("-", 1, 1)
    assert "not rated" in forfeit.reason and "its game 2 is rated on its own" in forfeit.reason


def test_each_game_of_a_played_match_is_rated() -> None:
    # 1 played four games: 1-0 and ½-½ against 2, ½-½ twice against 5: four rated games
    one = _player(1)
    assert [(g.round, g.opponent, g.score) for g in one.games] == [
        (1, 2, F(1)), (2, 2, F(1, 2)), (3, 5, F(1, 2)), (4, 5, F(1, 2))]
    assert one.skipped == ()


def test_a_match_forfeited_on_both_games_and_the_pab() -> None:
    two = _player(2)
    assert [(s.round, s.match, s.game) for s in two.skipped] == [(3, 2, 1), (4, 2, 2)]
    assert all("forfeited on both games" in s.reason for s in two.skipped)
    five = _player(5)
    # the PAB: U (game 1) and H (game 2): the H is the PAB's, not a half-point bye
    assert [(s.code, s.game) for s in five.skipped] == [("U", 1), ("H", 2)]
    assert five.skipped[1].reason.startswith("pairing-allocated bye (U H: game 2 of match 1")
    data = ratings_dict(tournament_ratings(event()), "ds.trf")
    row = next(p for p in data["players"] if p["start_rank"] == 5)
    assert row["not_rated"][1]["match"] == 1 and row["not_rated"][1]["game"] == 2
    kinds = {(g["round"], g["player"]): g["kind"] for g in unrated_games(event())}
    assert kinds[(2, 5)] == "pairing-allocated bye (game 2)" and kinds[(1, 3)] == "forfeit"
