"""Rating changes (FIDE B.02 8.2-8.3): table lookups at their boundaries, the 400-point rule and
its editions, K factors, rounding, unrated players and opponents, players with no rated game.

Every expected value is a hand calculation from the B.02 tables (8.1.1 p -> dp, 8.1.2 D -> PD, as
printed in ../shared/reference/tiebreaks.md §11.1), written out in the test's docstring."""

from __future__ import annotations

from datetime import date
from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

from ratings.change import (
    change_of, counted_difference, initial_rating, rated_games, round_change, tournament_ratings,
)
from ratings.kfactor import KFileError, k_factor, parse_k_text
from ratings.rules import EDITIONS, birth_year, rules_for
from trf.dates import parse_date
import trf
from tests.support import SHARED

pytestmark = pytest.mark.fast

R2026 = rules_for(date(2026, 3, 1))
R2023 = rules_for(date(2023, 5, 1))
R2005 = rules_for(date(2005, 7, 28))
R2012 = rules_for(date(2012, 1, 1))
R2020 = rules_for(date(2020, 1, 1))
R2024_pre = rules_for(date(2024, 2, 1))
REAL = SHARED / "corpus" / "real"


# ---------------------------------------------------------------- editions and dates


def test_editions_switch_on_their_first_day() -> None:
    """350-point rule until 30 Jun 2009, 400 from 1 Jul 2009; once-per-event limit from 2022 to
    29 Feb 2024; the 2650+ exception from 1 Oct 2025 (digest §11.2)."""
    assert rules_for(date(2009, 6, 30)).cap == 350
    assert rules_for(date(2009, 7, 1)).cap == 400
    assert rules_for(date(2024, 2, 29)).cap_once_per_event
    assert not rules_for(date(2024, 3, 1)).cap_once_per_event
    assert rules_for(date(2025, 9, 30)).cap_exempt_from is None
    assert rules_for(date(2025, 10, 1)).cap_exempt_from == 2650
    assert rules_for(None) is EDITIONS[-1]
    assert [e.since for e in EDITIONS] == sorted(e.since for e in EDITIONS)


@pytest.mark.parametrize("text, expected", [
    ("2026/03/01", date(2026, 3, 1)), ("28. 07. 2005", date(2005, 7, 28)), ("24/09/2010", date(2010, 9, 24)),
    ("2005.07.28", date(2005, 7, 28)), ("26/03/01", date(2026, 3, 1)), ("99/12/31", date(1999, 12, 31)),
    ("", None), ("2026/13/01", None), ("soon", None),
])
def test_parse_date(text: str, expected: date | None) -> None:
    assert parse_date(text) == expected


def test_birth_year_forms() -> None:
    assert birth_year("1969.12.06") == 1969
    assert birth_year("1978") == 1978
    assert birth_year("1978/00/00") == 1978
    assert birth_year("") is None


# ---------------------------------------------------------------- table 8.1.2 at its band edges


@pytest.mark.parametrize("own, opp, pd", [
    (2000, 1997, F(50, 100)),  # D = 3: band 0-3 -> .50
    (2000, 1996, F(51, 100)),  # D = 4: band 4-10 -> .51
    (2000, 2004, F(49, 100)),  # D = -4: the lower-rated gets 1 - .51
    (2000, 1609, F(91, 100)),  # D = 391: band 375-391 -> .91
    (2000, 1608, F(92, 100)),  # D = 392: band 392-411 -> .92
    (2000, 1600, F(92, 100)),  # D = 400
    (2000, 1500, F(92, 100)),  # D = 500, counted as 400 -> .92
    (1500, 2000, F(8, 100)),   # D = -500, counted as -400 -> .08
])
def test_expected_score_band_edges_2026(own: int, opp: int, pd: F) -> None:
    (g,) = rated_games(own, [(opp, 1)], R2026)
    assert g.expected == pd


def test_350_point_rule_before_july_2009() -> None:
    """2005: D = 357 is counted as 350 (band 345-357 -> .89); D = 358 too (it would be .90)."""
    assert counted_difference(2358, 2000, R2005) == 350
    (g,) = rated_games(2358, [(2000, 1)], R2005)
    assert (g.counted, g.expected) == (350, F(89, 100))
    (g,) = rated_games(2358, [(2000, 1)], R2026)
    assert (g.counted, g.expected) == (358, F(90, 100))


def test_2650_exception_from_october_2025() -> None:
    """From 1 Oct 2025 a 2650+ player's difference is not capped: 2700 - 1960 = 740 > 735 ->
    PD 1.00 (a win gains nothing); 2649 is still capped at 400 -> .92; the 1960 player, below
    2650, keeps the cap (-400 -> .08)."""
    (g,) = rated_games(2700, [(1960, 1)], R2026)
    assert (g.counted, g.expected, g.delta) == (740, F(1), F(0))
    (g,) = rated_games(2649, [(1900, 1)], R2026)
    assert (g.counted, g.expected) == (400, F(92, 100))
    (g,) = rated_games(1960, [(2700, 0)], R2026)
    assert (g.counted, g.expected) == (-400, F(8, 100))
    before = rules_for(date(2025, 9, 1))
    (g,) = rated_games(2700, [(1960, 1)], before)
    assert g.expected == F(92, 100)


def test_once_per_event_limit_2022() -> None:
    """2023 (2022 regulations): a 2000 player beats 1500 (D 500) and 1550 (D 450). Only the game
    with the greatest difference is capped: 500 -> 400 -> .92, delta .08; the 450 game uses the
    real difference, band 433-456 -> .94, delta .06. Sum .14. From March 2024 both are capped:
    .08 + .08 = .16. A game where the player is the lower-rated keeps the cap (2000 vs 2500 ->
    -400 -> .08)."""
    games = rated_games(2000, [(1500, 1), (1550, 1), (2500, 0)], R2023)
    assert [g.counted for g in games] == [400, 450, -400]
    assert sum(g.delta for g in games) == F(14, 100) - F(8, 100)
    games = rated_games(2000, [(1500, 1), (1550, 1), (2500, 0)], R2026)
    assert [g.counted for g in games] == [400, 400, -400]
    assert sum(g.delta for g in games) == F(16, 100) - F(8, 100)


# ---------------------------------------------------------------- the change and its rounding


def test_worked_change_2026() -> None:
    """A 2000 player, K 20, 2026 rules:
    beats 2100 (D -100, band 99-106: .64, lower gets .36; +.64), draws 1900 (D 100: .64; -.14),
    loses to 2500 (D -500 -> -400: .08; -.08), beats 1550 (D 450 -> 400: .92; +.08).
    Sum W - We = 2.5 - 2.0 = .50; change = 20 x .50 = +10."""
    games = rated_games(2000, [(2100, 1), (1900, "1/2"), (2500, 0), (1550, 1)], R2026)
    assert [g.expected for g in games] == [F(36, 100), F(64, 100), F(8, 100), F(92, 100)]
    exact, rounded = change_of(games, 20)
    assert (exact, rounded) == (F(10), 10)


@pytest.mark.parametrize("x, n", [(F(3, 2), 2), (F(-3, 2), -2), (F(5, 2), 3), (F(-5, 2), -3), (F(249, 100), 2),
                                  (F(-249, 100), -2), (F(0), 0), (F(-1, 2), -1)])
def test_round_half_away_from_zero(x: F, n: int) -> None:
    """B.02 8.3.4 (2024 text): nearest integer, .5 away from zero."""
    assert round_change(x) == n


def test_rounding_in_a_change() -> None:
    """K 15, one draw against an opponent 4-10 points higher: We = .49, W - We = +.01 -> +0.15 -> 0;
    one draw 11-17 points lower: We = .52, -.02 x 15 = -0.30 -> 0; 10 such draws: -3.0 -> -3;
    K 15 and -.10 -> -1.5 -> -2 (away from zero)."""
    assert change_of(rated_games(2000, [(2005, "1/2")], R2026), 15) == (F(15, 100), 0)
    assert change_of(rated_games(2000, [(1988, "1/2")] * 10, R2026), 15) == (F(-3), -3)
    assert change_of(rated_games(2000, [(1988, "1/2")] * 5, R2026), 15) == (F(-3, 2), -2)


@given(st.lists(st.tuples(st.integers(1000, 2900), st.sampled_from([F(0), F(1, 2), F(1)])), min_size=1, max_size=12),
       st.integers(1000, 2900), st.sampled_from([10, 15, 20, 40]))
def test_change_is_zero_sum_between_equal_k(games, own, k) -> None:  # type: ignore[no-untyped-def]
    """Property: each game's two sides have expected scores summing to 1 when both are capped alike
    (both below 2650, 2024 rules), so with one K the two changes of a game cancel exactly."""
    for opp, s in games:
        if own >= 2650 or opp >= 2650:
            continue
        (a,) = rated_games(own, [(opp, s)], R2026)
        (b,) = rated_games(opp, [(own, 1 - s)], R2026)
        assert a.expected + b.expected == 1
        assert change_of((a,), k)[0] == -change_of((b,), k)[0]


# ---------------------------------------------------------------- K factors


def test_k_defaults_2026() -> None:
    """8.3.3: 2400+ -> 10; a junior (the year they turn 18 or before) under 2300 -> 40; else 20."""
    when = date(2026, 6, 1)
    assert k_factor(2400, 1990, when, R2026, 5).value == 10
    assert k_factor(2399, 1990, when, R2026, 5).value == 20
    assert k_factor(2000, 2008, when, R2026, 5).value == 40  # 18 in 2026: until the end of that year
    assert k_factor(2000, 2007, when, R2026, 5).value == 20
    assert k_factor(2300, 2010, when, R2026, 5).value == 20  # not under 2300
    assert k_factor(2000, None, when, R2026, 5).value == 20


def test_k_older_editions() -> None:
    """Before July 2014 there is no junior K; K is 15 under 2400 (and 30 / 25 for new players)."""
    assert k_factor(2000, 2000, date(2012, 1, 1), R2012, 5).value == 15
    assert R2012.k_new == 30 and R2005.k_new == 25
    assert k_factor(2000, 2000, date(2012, 1, 1), R2012, 5, override=30).value == 30


def test_k_times_games_cap() -> None:
    """8.3.3: K x n > 700 -> K = floor(700 / n): 40 x 18 = 720 -> 38; 20 x 36 = 720 -> 19;
    20 x 35 = 700 is allowed; the cap applies to a --k value too."""
    assert k_factor(2000, 2010, date(2026, 1, 1), R2026, 18).value == 38
    assert k_factor(2000, 1990, date(2026, 1, 1), R2026, 36).value == 19
    assert k_factor(2000, 1990, date(2026, 1, 1), R2026, 35).value == 20
    k = k_factor(2000, 1990, date(2026, 1, 1), R2026, 18, override=40)
    assert (k.value, k.base, k.source) == (38, 40, "file")
    assert k_factor(2000, 1990, date(2012, 1, 1), R2012, 60).value == 15  # no such cap in 2012


def test_k_file() -> None:
    table = parse_k_text("id,K\n# comment\n1700123,40\n\n0042, 10\n")
    assert table == {"1700123": 40, "42": 10}
    with pytest.raises(KFileError, match="k.csv:2: K must be a positive whole number"):
        parse_k_text("1,20\n2,x\n", "k.csv")
    with pytest.raises(KFileError, match=":1: expected 'id,K'"):
        parse_k_text("12345\n")


# ---------------------------------------------------------------- unrated players


def test_initial_rating_2024() -> None:
    """2024 method: opponents 1600 (win), 1700 (draw), 1800 (loss), 1900 (win), 2000 (draw), score 3.
    Ra = (1600+1700+1800+1900+2000 + 2 x 1800) / 7 = 12600 / 7 = 1800; p = (3 + 1) / 7 = .5714 -> .57;
    dp(.57) = 50 (8.1.1); Ru = 1850; 5 rated games and >= 1400: published."""
    perf = initial_rating([(1600, 1), (1700, "1/2"), (1800, 0), (1900, 1), (2000, "1/2")], R2026)
    assert (perf.ra, perf.dp, perf.value, perf.published) == (F(1800), 50, 1850, True)


def test_initial_rating_2024_cap_and_few_games() -> None:
    """5/5 against 2200s: Ra = (11000 + 3600) / 7 = 2085.71; p = 6/7 = .857 -> .86, dp 309;
    2394.7 -> capped at 2200. Two games only: computed, not published."""
    perf = initial_rating([(2200, 1)] * 5, R2026)
    assert perf.value == 2200 and perf.published
    perf = initial_rating([(2000, 1), (1500, "1/2")], R2026)
    # Ra = (2000 + 1500 + 3600) / 4 = 1775; p = 2.5 / 4 = .625 -> .63 (half up), dp 95 -> 1870
    assert (perf.ra, perf.value, perf.published) == (F(1775), 1870, False)


def test_initial_rating_zero_score_is_disregarded() -> None:
    perf = initial_rating([(1800, 0)] * 6, R2026)
    assert perf.value is None and "zero score" in perf.reason
    assert initial_rating([], R2026) is None


def test_initial_rating_before_2024() -> None:
    """pre-2024 method: opponents 1600..2000 (Ra 1800). 3.5/5 is 2 half points above 50 % ->
    1800 + 40 = 1840; 2/5: p .40, dp -72 -> 1728; 2.5/5 -> 1800."""
    ops = [1600, 1700, 1800, 1900, 2000]
    assert initial_rating(zip(ops, [1, 1, 1, F(1, 2), 0]), R2020).value == 1840
    assert initial_rating(zip(ops, [1, 1, 0, 0, 0]), R2020).value == 1728
    assert initial_rating(zip(ops, [1, 1, F(1, 2), 0, 0]), R2020).value == 1800


# ---------------------------------------------------------------- a tournament


def _tournament() -> trf.Tournament:
    """4 players, 3 rounds, 2026 (see test_ratings_report.FIT for the lines)."""
    from tests.ratings.test_ratings_report import FIT

    result = trf.parse_text(FIT)
    assert not result.diagnostics
    return result.tournament


def test_tournament_changes_hand_calculation() -> None:
    """The FIT tournament (start 2026/03/01, rules from Oct 2025):
    1 (2400, K 10): beats 2 (D 400: .92, +.08), beats 3 (D 900 -> 400: .92, +.08), forfeit win
      against 4 not rated. Sum .16 -> +1.6 -> +2.
    2 (2000, K 20): loses to 1 (.08, -.08), loses to 4 (unrated: left out), draws 3 (D 500 -> 400:
      .92, -.42). Sum -.50 -> -10.
    3 (1500, born 2010, junior K 40): draws 4 (unrated: left out), loses to 1 (.08, -.08), draws 2
      (.08, +.42). Sum .34 -> +13.6 -> +14.
    4 (unrated): draws 3, beats 2; forfeit loss not rated. Ra = (1500 + 2000 + 3600) / 4 = 1775,
    p = 2.5 / 4 -> .63, dp 95 -> 1870, 2 games: not published."""
    r = tournament_ratings(_tournament())
    assert r.date == date(2026, 3, 1) and r.rules.cap_exempt_from == 2650
    by = {p.start_rank: p for p in r.players}
    assert [(by[i].k.value, by[i].change_exact, by[i].change) for i in (1, 2, 3)] == [
        (10, F(16, 10), 2), (20, F(-10), -10), (40, F(136, 10), 14)]
    assert [len(by[i].games) for i in (1, 2, 3, 4)] == [2, 2, 2, 2]
    assert [s.reason for s in by[2].skipped] == ["opponent unrated: not rated"]
    assert by[1].skipped[0].code == "+"
    assert by[4].performance.value == 1870 and not by[4].performance.published
    assert by[4].change is None and by[4].k is None


def test_players_without_rated_games() -> None:
    """Player 1 (2000) has a forfeit win and a half-point bye; player 2 (1800) a forfeit loss and a
    game of less than one move (W) against 3; player 3 (1700) that game and a PAB. Nobody has a
    rated game: no K, no change, and each round says why."""
    from fractions import Fraction as Fr

    from trf.model import Colour, Player, Result, RoundEntry
    from trf.writer import format_player

    def e(o, c, r):  # type: ignore[no-untyped-def]
        return RoundEntry(o, c, Result(r))

    w, b, n = Colour.WHITE, Colour.BLACK, Colour.NONE
    lines = ["012 Empty", "042 2026/03/01"] + [format_player(p) for p in (
        Player(1, "m", "", "One", 2000, "NOR", "1", "", Fr(3, 2), 1, (e(2, w, "+"), e(None, n, "H"))),
        Player(2, "m", "", "Two", 1800, "NOR", "2", "", Fr(1), 2, (e(1, b, "-"), e(3, w, "W"))),
        Player(3, "m", "", "Three", 1700, "NOR", "3", "", Fr(1), 3, (e(None, n, "U"), e(2, b, "L"))),
    )]
    result = trf.parse_text("\n".join(lines) + "\n")
    assert not [d for d in result.diagnostics if d.severity.value != "info"]
    r = tournament_ratings(result.tournament)
    assert all(p.games == () and p.k is None and p.change is None for p in r.players)
    assert [[s.code for s in p.skipped] for p in r.players] == [["+", "H"], ["-", "W"], ["U", "L"]]
    assert r.players[1].skipped[1].reason.startswith("game of less than one move")
    assert r.players[0].notes == ("no rated game: no change",)


def test_karlmala_2005_uses_the_2005_rules() -> None:
    """FIDE's example1 (Karl-Mala 2005, 042 = 28. 07. 2005): 350-point rule, K 10 at 2400+ and 15
    below. Player 280 (2005) has two rated opponents (the other five are unrated): loses to 137
    (1907: D 98, band 92-98 -> .63) and draws 91 (2065: D -60, band 54-61 -> 1 - .58 = .42).
    Ra = (1907 + 2065) / 2 = 1986; We = 1.05; W = .5; 15 x -.55 = -8.25 -> -8."""
    path = REAL / "karlmala2005.trf"
    if not path.is_file():
        pytest.skip(f"{path} absent (../shared/corpus not present)")
    r = tournament_ratings(trf.parse_file(path).tournament)
    assert r.rules.cap == 350 and r.date == date(2005, 7, 28)
    p = next(p for p in r.players if p.start_rank == 280)
    assert (p.k.value, len(p.games), p.expected, p.change_exact, p.change) == (15, 2, F(105, 100), F(-825, 100), -8)
    assert all(g.capped is (abs(g.diff) > 350) for q in r.players if q.rating for g in q.games)
