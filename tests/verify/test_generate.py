"""The random tournament generator (the RTG FIDE's rules ask for): every parameter of the checklist shows in the
file it writes, the results follow B.02's table, and runs of many tournaments are reproducible
from one master seed whatever runs them."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import pytest

import trf
from pairing.result import NoLegalPairing
from verify.generate import (GeneratorSettings, Schedule, Share, derived_seed, expected_score, generate,
                              generate_many, parse_range, parse_schedule, result_probabilities, settings_for)
from tiebreaks.codes import parse_list
from tiebreaks.standings import standings
from trf.model import Result
from dataclasses import replace
from datetime import date

pytestmark = pytest.mark.fast

WHEN = date(2026, 3, 1)


def codes(t: trf.Tournament, rnd: int) -> list[Result | None]:
    return [e.code if (e := p.entry(rnd)) is not None else None for p in t.players]


# --------------------------------------------------------------------------- the options


def test_schedules_read_counts_rates_and_rounds() -> None:
    assert parse_schedule("3") == Schedule(Share(count=3))
    assert parse_schedule("5%") == Schedule(Share(rate=Fraction(1, 20)))
    assert parse_schedule("0.05") == Schedule(Share(rate=Fraction(1, 20)))
    assert parse_schedule("2%,9=0") == Schedule(Share(rate=Fraction(1, 50)), ((9, Share(count=0)),))
    s = parse_schedule("1=4,2=10%")
    assert s.at(1) == Share(count=4) and s.at(2) == Share(rate=Fraction(1, 10)) and s.at(3).never
    for bad, said in (("x", "expected a number"), ("150%", "between 0 and 1"), ("1,2", "more than one value"),
                      ("0=3", "numbered from 1"), ("2=1,2=3", "round 2 given twice"), ("", "expected")):
        with pytest.raises(ValueError, match=said):
            parse_schedule(bad)
    assert parse_range("50") == (50, 50) and parse_range("15-415") == (15, 415)
    with pytest.raises(ValueError, match="ends below"):
        parse_range("9-3")


def test_settings_refuse_what_cannot_be() -> None:
    for kw, said in (({"players": 1}, "at least 2"), ({"tiebreaks": "BH,XYZ"}, "unknown tie-break"),
                     ({"tiebreak_record": "203"}, "202 or 212"), ({"forfeit_rate": 0.6, "double_forfeit_rate": 0.6},
                                                                  "more than 1"),
                     ({"late_missed": Result.FULL_POINT_BYE}, "zero- or half-point")):
        with pytest.raises(ValueError, match=said):
            GeneratorSettings(**{"players": 10, "rounds": 3, **kw})  # type: ignore[arg-type]


# --------------------------------------------------------------------------- results by B.02


def test_expected_score_is_the_b02_table_with_the_400_point_rule() -> None:
    """Values read off table 8.1.2 by hand: 0 -> .50, 100 -> .64 (99-106), 300 -> .85 (291-302),
    450 counted as 400 -> .92 (392-411); a 2650+ player is not capped from 1 Oct 2025: 500 ->
    .96 (485-517), under the 2024 rules capped -> .92."""
    assert expected_score(2000, 2000, WHEN) == Fraction(1, 2)
    assert expected_score(2100, 2000, WHEN) == Fraction(64, 100)
    assert expected_score(2000, 2100, WHEN) == Fraction(36, 100)
    assert expected_score(2300, 2000, WHEN) == Fraction(85, 100)
    assert expected_score(2450, 2000, WHEN) == Fraction(92, 100)
    assert expected_score(2000, 2450, WHEN) == Fraction(8, 100)
    assert expected_score(2700, 2200, WHEN) == Fraction(96, 100)
    assert expected_score(2700, 2200, date(2025, 1, 1)) == Fraction(92, 100)


def test_the_draw_model_keeps_the_expected_score() -> None:
    for e in (Fraction(1, 2), Fraction(64, 100), Fraction(92, 100), Fraction(1), Fraction(0)):
        for rate in (0.0, 0.3, 1.0):
            win, draw, loss = result_probabilities(e, rate)
            assert abs(win + draw / 2 - float(e)) < 1e-12 and abs(win + draw + loss - 1) < 1e-12
            assert min(win, draw, loss) >= 0
    assert result_probabilities(Fraction(1, 2), 0.3)[1] == pytest.approx(0.3)
    assert result_probabilities(Fraction(1), 0.3)[1] == 0


# --------------------------------------------------------------------------- what the file holds


def test_every_parameter_shows_in_the_file() -> None:
    s = GeneratorSettings(players=40, rounds=7, seed=5, full_bye_rate=Share(count=1),
                          half_bye_rate=parse_schedule("2,7=0"), zero_bye_rate=parse_schedule("1=3"),
                          forfeit_rate=0.05, double_forfeit_rate=0.05, unusual_rate=0.1, late_entries=3,
                          withdrawals=2, tiebreaks="BH/C1,SB,DE", tiebreak_record="212")
    t = trf.parse_text(trf.dumps(generate(s))).tournament
    assert t.header("212") == "PTS,BH/C1,SB,DE" and t.header("202") is None
    assert t.header("042") == "2026/03/01" and t.header("052") == "2026/03/07" and t.total_rounds == 7
    late = [p for p in t.players if p.entry(1) is not None and p.entry(1).code is Result.ZERO_POINT_BYE  # type: ignore[union-attr]
            and any(e is not None and e.is_paired for e in p.rounds)]
    withdrawn = [p for p in t.players if p.entry(7) is not None and p.entry(7).code is Result.ZERO_POINT_BYE]  # type: ignore[union-attr]
    for rnd in range(1, 8):
        c = codes(t, rnd)
        assert c.count(Result.FULL_POINT_BYE) == 1, rnd
        assert c.count(Result.HALF_POINT_BYE) == (0 if rnd == 7 else 2), rnd
    assert codes(t, 1).count(Result.ZERO_POINT_BYE) >= 3 + 3  # three zero-point byes, three late entries
    assert len(late) >= 3 + 3 and len(withdrawn) >= 2
    games = [g for r in range(1, 8) for g in t.games(r)]
    assert any(g.white_result is Result.FORFEIT_LOSS and g.black_result is Result.FORFEIT_LOSS for g in games)
    assert any({g.white_result, g.black_result} == {Result.FORFEIT_WIN, Result.FORFEIT_LOSS} for g in games)
    assert any(g.white_result in (Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED) for g in games)
    # the rank column is the standings with the file's list (a shared place in start-rank order)
    rows = standings(t, parse_list("BH/C1,SB,DE")).rows
    assert [p.rank for p in sorted(t.players, key=lambda p: p.start_rank)] == [
        r.rank for r in sorted(rows, key=lambda r: r.pid)]


def test_late_entries_and_withdrawals_follow_their_plan() -> None:
    """A late entry is absent (Z, or H with late_missed) for a first stretch of rounds, then
    plays; a withdrawn player plays, then is absent to the end."""
    s = GeneratorSettings(players=30, rounds=8, seed=9, late_entries=4, withdrawals=0.1, half_bye_rate=0,
                          zero_bye_rate=0, late_missed=Result.HALF_POINT_BYE)
    t = generate(s)
    patterns = ["".join("a" if (e := p.entry(r)) is not None and e.opponent is None and e.code in
                        (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE) else "p" for r in range(1, 9))
                for p in t.players]
    late = [x for x in patterns if x.startswith("a")]
    gone = [x for x in patterns if x.endswith("a") and not x.startswith("a")]
    assert len(late) == 4 and len(gone) == 3
    assert all(x.lstrip("a").startswith("p") for x in late)
    assert all(x.rstrip("a").count("a") == 0 for x in gone)
    firsts = [p for p in t.players if (e := p.entry(1)) is not None and e.code is Result.HALF_POINT_BYE]
    assert len(firsts) == 4  # the late entries' missed round 1 as half-point byes


def test_the_same_seed_gives_the_same_file_and_another_seed_another() -> None:
    s = GeneratorSettings(players=16, rounds=5, seed=3, unusual_rate=0.1, late_entries=2, withdrawals=1)
    assert trf.dumps(generate(s)) == trf.dumps(generate(s))
    assert trf.dumps(generate(s)) != trf.dumps(generate(GeneratorSettings(players=16, rounds=5, seed=4)))


# --------------------------------------------------------------------------- many tournaments


def test_a_run_is_the_same_on_a_process_pool_and_each_tournament_alone() -> None:
    template = GeneratorSettings(players=8, rounds=3, unusual_rate=0.05)
    alone = list(generate_many(template, 6, 77, players=(6, 12), rounds=(3, 5)))
    with ProcessPoolExecutor(2) as pool:
        pooled = list(generate_many(template, 6, 77, players=(6, 12), rounds=(3, 5), executor=pool, window=2))
    assert alone == pooled
    assert [g.index for g in alone] == [1, 2, 3, 4, 5, 6]
    assert len({g.seed for g in alone}) == 6 and all(g.seed == derived_seed(77, g.index) for g in alone)
    for g in alone:
        assert 6 <= g.players <= 12 and 3 <= g.rounds <= min(5, g.players - 1)
        s = settings_for(template, 77, g.index, (6, 12), (3, 5))
        if g.text is None:  # a small field that ran out of opponents: so it does alone
            with pytest.raises(NoLegalPairing):
                generate(s)
            continue
        assert g.text == trf.dumps(generate(s))  # any one tournament regenerated on its own
        assert f"seed {g.seed}" in g.text.splitlines()[0]


def test_a_tournament_that_cannot_be_paired_is_reported_not_raised() -> None:
    # four players, three rounds, one of them always away: the field runs out of opponents
    template = GeneratorSettings(players=4, rounds=3, half_bye_rate=0, zero_bye_rate=0, forfeit_rate=0,
                                 full_bye_rate=Share(count=1))
    runs = list(generate_many(template, 10, 1))
    failed = [g for g in runs if g.text is None]
    assert failed and all("no legal pairing" in (g.error or "") for g in failed)


# --------------------------------------------------------------------------- the 400-point rule (B.02 8.3.1)


def test_a_2700_against_a_2100_gets_the_table_value_the_400_point_rule_gives() -> None:
    """FIDE's checklist: the RTG follows the rating table with the 400-point rule.  Derived by
    hand from B.02: the difference is 600.  Under the rules before 1 October 2025, 8.3.1 counts
    it as 400, and table 8.1.2 gives D 392-411 -> PD .92: the 2700 expects 0.92, the 2100 0.08.
    From 1 October 2025 the rule no longer applies to a player rated 2650 or more, so the 2700's
    600 is counted in full: D 560-619 -> .98 (the 2100, still capped, would expect .08 under
    B.02; the generator draws the game from the higher-rated player's value, module docstring).
    A 2600 (under 2650) against the same 2100 is capped in 2026 too: 500 counted as 400 -> .92,
    where the uncapped 500 would give D 485-517 -> .96."""
    before = date(2025, 9, 30)
    assert expected_score(2700, 2100, before) == Fraction(92, 100)
    assert expected_score(2100, 2700, before) == Fraction(8, 100)
    assert expected_score(2700, 2100, WHEN) == Fraction(98, 100)
    assert expected_score(2100, 2700, WHEN) == Fraction(2, 100)
    assert expected_score(2600, 2100, WHEN) == Fraction(92, 100)
    assert expected_score(2100, 2600, WHEN) == Fraction(8, 100)


def _white_scores(white: int, black: int, when: date, games: int, seed: int) -> tuple[float, float]:
    """(mean score of White, share of draws) over ``games`` games drawn by the generator."""
    import random

    from verify.generate import game_result

    s = GeneratorSettings(players=2, rounds=1, forfeit_rate=0, double_forfeit_rate=0, unusual_rate=0,
                          draw_rate=0.3, start_date=when)
    rng = random.Random(seed)
    value = {Result.WIN: 1.0, Result.DRAW: 0.5, Result.LOSS: 0.0}
    results = [game_result(rng, s, white, black)[0] for _ in range(games)]
    return sum(value[r] for r in results) / games, results.count(Result.DRAW) / games


@pytest.mark.parametrize(("white", "black", "when", "table", "uncapped"), [
    (2600, 2100, WHEN, Fraction(92, 100), Fraction(96, 100)),  # capped: 500 counted as 400
    (2100, 2600, WHEN, Fraction(8, 100), Fraction(4, 100)),  # the same game with colours reversed
    (2700, 2100, date(2025, 9, 30), Fraction(92, 100), Fraction(98, 100)),  # capped before October 2025
])
def test_result_frequencies_follow_the_capped_table(white: int, black: int, when: date, table: Fraction,
                                                    uncapped: Fraction) -> None:
    """20,000 games drawn with a fixed seed: White's mean score lies within four standard errors
    of the capped table value, and the uncapped value lies outside that band (so the test would
    see a generator that ignores the rule).  The standard error follows from the draw model:
    P(draw) = 0.3 x (1 - |2E - 1|), P(win) = E - P(draw)/2, so a game's score has variance
    P(win) + P(draw)/4 - E^2; the draw share is checked the same way, with the binomial error."""
    import math

    n = 20_000
    e = float(table)
    p_draw = 0.3 * (1 - abs(2 * e - 1))
    p_win = e - p_draw / 2
    tolerance = 4 * math.sqrt((p_win + p_draw / 4 - e * e) / n)
    assert abs(float(uncapped) - e) > tolerance  # the test tells the two apart
    mean, draws = _white_scores(white, black, when, n, seed=2026)
    assert abs(mean - e) <= tolerance, (mean, e, tolerance)
    assert abs(draws - p_draw) <= 4 * math.sqrt(p_draw * (1 - p_draw) / n), (draws, p_draw)


# --------------------------------------------------------------------------- the PAB's value (C.04.1 Art. 3, VCL.16)


def test_the_pab_value_is_written_as_162_p_and_counted() -> None:
    """Nine players, three rounds: a PAB each round.  With the PAB worth a draw (0.5) the file
    says ``162 ... P 0.5`` and each PAB counts 0.5 in the Points column; by default the PAB is a
    win's points and 162 needs no P (TRF-2026: P defaults to W), also under 3/1/0."""
    s = GeneratorSettings(players=9, rounds=3, seed=4, pab=Fraction(1, 2), half_bye_rate=0, zero_bye_rate=0)
    text = trf.dumps(generate(s))
    assert "\n162  W 1.0    D 0.5    L 0.0    P 0.5\n" in text
    t = trf.parse_text(text).tournament
    pabs = [(p, r) for p in t.players for r in range(1, 4) if (e := p.entry(r)) is not None
            and e.code is Result.PAIRING_ALLOCATED_BYE]
    assert len(pabs) == 3 and t.scoring.pab_value == Fraction(1, 2)
    for p, _ in pabs:
        played = sum((Fraction(1) if e.code in (Result.WIN, Result.FORFEIT_WIN) else Fraction(1, 2)
                      if e.code is Result.DRAW else Fraction(0)) for e in p.rounds if e is not None
                     and e.code is not Result.PAIRING_ALLOCATED_BYE)
        assert p.points == played + Fraction(1, 2)
    plain = trf.dumps(generate(GeneratorSettings(players=9, rounds=3, seed=4, points=(Fraction(3), Fraction(1),
                                                                                        Fraction(0)))))
    assert "\n162  W 3.0    D 1.0    L 0.0\n" in plain and trf.parse_text(plain).tournament.scoring.pab_value == 3
    with pytest.raises(ValueError, match="PAB's value"):
        GeneratorSettings(players=9, rounds=3, pab=Fraction(1, 4))


# --------------------------------------------------------------------------- the file reproduces itself


def test_the_file_records_its_seed_and_options_in_a_comment() -> None:
    """The ``### RTG`` line names the seed, the version and every option; our reader keeps it as
    a comment, and the file without it is the same tournament (records and all)."""
    from trf.model import Comment
    from verify.generate import RTG_COMMENT, rtg_comment

    s = GeneratorSettings(players=14, rounds=4, seed=123456789, half_bye_rate=Share(rate=Fraction(1, 30)),
                          late_entries=0.1, tiebreaks="BH,SB", pab=Fraction(0))
    text = trf.dumps(generate(s))
    line = next(x for x in text.splitlines() if x.startswith(RTG_COMMENT))
    assert line == rtg_comment(s) and line.startswith("### RTG seed 123456789 (arbiter ")
    for part in ("--seed 123456789", "--players 14", "--rounds 4", "--half-byes 0.03333333333333333",
                 "--late-entries 0.1", "--tiebreaks BH,SB", "--pab 0", "--points 1/0.5/0"):
        assert f" {part} " in f"{line} ", part
    t = trf.parse_text(text).tournament
    assert [r.text for r in t.records if isinstance(r, Comment)] == [line]
    without = trf.parse_text(text.replace(line + "\n", "")).tournament
    assert tuple(r for r in t.records if not isinstance(r, Comment)) == without.records


def test_the_options_read_back_give_the_same_settings() -> None:
    """What the ``###`` line writes reads back to the same draws: a rate such as 1/30 (from a
    JaVaFo configuration) as its float's digits, a count as a count, per-round exceptions kept."""
    from verify.generate import decimal_text

    sched = Schedule(Share(rate=Fraction(1, 30)), ((2, Share(count=3)), (5, Share(rate=Fraction(1, 10)))))
    back = parse_schedule(sched.option_text())
    assert float(back.default.rate) == float(Fraction(1, 30)) and back.at(2) == Share(count=3)
    assert back.at(5) == Share(rate=Fraction(1, 10))
    assert decimal_text(1e-05) == "0.00001" and decimal_text(1.0) == "1.0"
    assert parse_schedule(decimal_text(1.0)).default == Share(rate=Fraction(1))  # a rate, not one player


# --------------------------------------------------------------------------- options drawn at random


def test_vary_draws_each_option_within_its_documented_range() -> None:
    """200 tournaments' draws: every value inside the range VARY_RANGES states, every option
    taking more than one value over the run, and an option not named left as it is."""
    from verify.generate import VARY_RANGES, VARY_TIEBREAKS, vary_settings

    names = frozenset(VARY_RANGES)
    base = GeneratorSettings(players=20, rounds=5)
    seen: dict[str, set[object]] = {n: set() for n in names}
    for seed in range(1, 201):
        s = vary_settings(replace(base, seed=seed), names)
        assert 12 <= s.players <= 150 and 3 <= s.rounds <= min(11, max(3, s.players // 2))
        lo, hi = s.rating_range
        assert 1000 <= lo <= 1800 and lo + 400 <= hi <= min(lo + 1000, 2800) and lo % 100 == hi % 100 == 0
        assert 0.1 <= s.draw_rate <= 0.5 and 0 <= s.forfeit_rate <= 0.05
        assert 0 <= s.double_forfeit_rate <= 0.01 and 0 <= s.unusual_rate <= 0.02
        for sched in (s.half_bye_rate, s.zero_bye_rate):
            assert isinstance(sched, Schedule) and 0 <= sched.default.rate <= Fraction(5, 100)
        assert isinstance(s.late_entries, float) and 0 <= s.late_entries <= 0.05
        assert isinstance(s.withdrawals, float) and 0 <= s.withdrawals <= 0.05
        assert s.tiebreaks in VARY_TIEBREAKS and s.tiebreak_record in ("202", "212")
        assert s.points in ((1, Fraction(1, 2), 0), (3, 1, 0)) and s.pab in (s.points[0], s.points[1])
        assert not s.baku or s.points == (1, Fraction(1, 2), 0)  # Baku needs a win worth two draws
        for name, value in (("players", s.players), ("rounds", s.rounds), ("ratings", s.rating_range),
                            ("draw_rate", s.draw_rate), ("forfeit_rate", s.forfeit_rate),
                            ("double_forfeit_rate", s.double_forfeit_rate), ("unusual_rate", s.unusual_rate),
                            ("full_byes", s.full_bye_rate), ("half_byes", s.half_bye_rate),
                            ("zero_byes", s.zero_bye_rate), ("late_entries", s.late_entries),
                            ("late_missed", s.late_missed), ("withdrawals", s.withdrawals),
                            ("tiebreaks", s.tiebreaks), ("tiebreak_record", s.tiebreak_record),
                            ("points", s.points), ("pab", s.pab), ("baku", s.baku)):
            seen[name].add(value)
    assert all(len(values) > 1 for values in seen.values()), {n: v for n, v in seen.items() if len(v) < 2}
    kept = vary_settings(replace(base, seed=3, draw_rate=0.25), names - {"draw_rate", "players"})
    assert kept.draw_rate == 0.25 and kept.players == 20
    with pytest.raises(KeyError, match="system"):
        vary_settings(base, frozenset({"system"}))
