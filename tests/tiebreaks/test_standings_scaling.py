"""Standings cost grows with the players, not with their square (C.07 art. 6 on one big group).

Before round 1 every player is on 0 points and ties on every tie-break, so the direct encounter
(art. 6) is asked of one group of all the players; it once compared every member with every other
(a 9,999-player event took 46 s of CPU).  Timing would be slow and noisy, so the tests count the
Python function calls (generator resumptions included) made inside :mod:`tiebreaks` while the
standings are computed: doubling the players must at most a little more than double them.  The
quadratic version made 4,000,000 such calls for 2,000 players; 300 players show the difference.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from types import FrameType
from typing import Any, Callable

import pytest

import tiebreaks
from tiebreaks.codes import parse_list
from tiebreaks.direct import de_scores, direct_encounter
from tiebreaks.standings import standings
from trf import Header, Player, RoundCount, Tournament

pytestmark = pytest.mark.fast

PACKAGE = str(Path(tiebreaks.__file__).resolve().parent)


def calls_inside_tiebreaks(fn: Callable[[], Any]) -> int:
    """How many Python calls (and generator resumptions) of functions of :mod:`tiebreaks` ``fn`` makes."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call" and frame.f_code.co_filename.startswith(PACKAGE):
            count += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count


def before_round_one(players: int) -> Tournament:
    """``players`` registered players, no round played (all on 0 points)."""
    records: list[Any] = [Header("012", "Before round 1"), Header("042", "2026/06/01"), RoundCount(9, "XXR")]
    records += [Player(i, name=f"Player {i}", rating=2700 - i, points=Fraction(0), rank=i) for i in range(1, players + 1)]
    return Tournament(tuple(records))


def test_standings_before_round_one_are_linear_in_the_players() -> None:
    tbs = parse_list("BH/C1,BH,DE,WIN,BWG")
    small, large = before_round_one(300), before_round_one(600)
    ranks: dict[int, list[int]] = {}

    def rank(t: Tournament) -> Callable[[], None]:
        def run() -> None:
            ranks[len(t.players)] = [r.rank for r in standings(t, tbs).rows]
        return run

    a, b = calls_inside_tiebreaks(rank(small)), calls_inside_tiebreaks(rank(large))
    assert b <= 2.5 * a, (a, b)
    assert b < 100 * 600, b  # a few dozen calls a player, not one per pair of players
    assert ranks[300] == [1] * 300 and ranks[600] == [1] * 600  # everyone shares first place


def test_direct_encounter_of_a_group_that_has_not_met() -> None:
    t = before_round_one(400)
    group = list(range(1, 401))
    score, missing = de_scores(t, group, 0, False)
    assert set(score.values()) == {0} and set(missing.values()) == {399}  # each has 399 not met
    assert calls_inside_tiebreaks(lambda: direct_encounter(t, group, 0)) < 20 * 400
    assert direct_encounter(t, group, 0) == [group]  # nobody can be placed: one tied group
