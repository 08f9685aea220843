"""The random tournament generator (FIDE's RTG): every parameter of the checklist shows in the
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
