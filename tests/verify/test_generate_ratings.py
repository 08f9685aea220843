"""The rating-table property of the random tournament generator (the RTG FIDE's rules ask for: results that follow
the FIDE rating table, so that over a large sample each player's expected rating change is close
to zero), computed with :mod:`ratings` on 500 generated tournaments.

Stated tolerances: the mean rating change of all rated players within 1.0 rating point of zero,
and the mean of each 300-point rating band within 2.0 points (about four standard errors of a
band's mean on this sample).  The second bound is tight enough to catch a generator that drew
results from the Elo logistic curve without the 400-point rule: its expected mean change in some
band lies beyond 2.0 points (checked below on the same games)."""

from __future__ import annotations

import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

import trf
from verify.generate import GeneratorSettings, expected_score, generate_many
from ratings.change import tournament_ratings

OVERALL_TOLERANCE = 1.0
BAND_TOLERANCE = 2.0


def test_mean_rating_change_is_close_to_zero_over_500_tournaments() -> None:
    template = GeneratorSettings(players=12, rounds=5, unusual_rate=0.02, double_forfeit_rate=0.01)
    changes: dict[int, list[float]] = defaultdict(list)
    logistic: dict[int, list[float]] = defaultdict(list)
    mismatches = games = tournaments = 0
    with ProcessPoolExecutor(2) as pool:
        for g in generate_many(template, 500, 19, players=(10, 20), rounds=(5, 7), executor=pool):
            assert g.text is not None, g.error
            tournaments += 1
            t = trf.parse_text(g.text).tournament
            for pr in tournament_ratings(t).players:
                if pr.change_exact is None or pr.rating is None or pr.k is None:
                    continue
                for game in pr.games:  # the generator's expected score is the one B.02 rates by
                    games += 1
                    mismatches += expected_score(pr.rating, game.opponent_rating, t.start_date) != game.expected
                band = min(3, (pr.rating - 1400) // 300)
                changes[band].append(float(pr.change_exact))
                logistic[band].append(sum(
                    pr.k.value * (1 / (1 + 10 ** ((game.opponent_rating - pr.rating) / 400)) - float(game.expected))
                    for game in pr.games))
    assert tournaments == 500 and games > 30_000
    assert mismatches == 0  # so every player's expected change is exactly zero by construction
    everyone = [c for band in changes.values() for c in band]
    assert abs(statistics.mean(everyone)) <= OVERALL_TOLERANCE
    for band, values in sorted(changes.items()):
        assert len(values) > 1000
        assert abs(statistics.mean(values)) <= BAND_TOLERANCE, (band, statistics.mean(values))
    # the control: the uncapped logistic curve would drift beyond the band tolerance
    assert max(abs(statistics.mean(v)) for v in logistic.values()) > BAND_TOLERANCE
