"""Rough edges found running the round-robin surface as an organiser would (six teams on two
courts, nine entrants in three groups with windows, the rotation table in two cycles with an
opening match), each pinned by a hand-worked case."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from roundrobin.timetable import schedule

pytestmark = pytest.mark.fast

START = datetime(2026, 6, 13, 10, 0)
M45 = timedelta(minutes=45)


def test_a_back_to_back_forced_by_a_one_slot_round_names_only_the_players_it_forces() -> None:
    """Round 1: 1-2, 3-4, 5-6 on two boards (two slots, one game in the second); round 2: 1-3,
    2-5 (one slot).  Every game of round 1 has a player of round 2, so whichever game is last,
    one or two of its players play twice running; the fewest is one (3-4 or 5-6 last: 3 or 5).
    The reason must not say that every player of rounds 1 and 2 plays in consecutive slots:
    players 4 and 6 rest in round 2, and the players of round 1's first slot do not."""
    tt = schedule([[(1, 2), (3, 4), (5, 6)], [(1, 3), (2, 5)]], 2, START, M45)
    (x,) = tt.back_to_back
    assert x.player in (3, 5) and x.rounds == (1, 2) and tt.minimal
    assert x.reason == ("round 2 fits in one slot: every player of round 1's last slot who plays in round 2 "
                        "plays in consecutive slots")


def test_the_same_reason_when_only_the_earlier_round_fits_in_one_slot() -> None:
    """Round 1: 1-3, 2-5 (one slot); round 2: 1-2, 3-4, 5-6 (two slots, two games first): every
    two-game choice for round 2's first slot has a player of round 1, at least one."""
    tt = schedule([[(1, 3), (2, 5)], [(1, 2), (3, 4), (5, 6)]], 2, START, M45)
    assert tt.minimal and {x.rounds for x in tt.back_to_back} == {(1, 2)}
    assert {x.reason for x in tt.back_to_back} == {
        "round 1 fits in one slot: every player of it who plays in round 2's first slot plays in consecutive slots"}


def test_a_back_to_back_with_an_opening_match_and_no_window_does_not_speak_of_windows() -> None:
    """Four players on one board from 10:00, no window, 1-4 placed in slot 1 (the opening match):
    every seam is consecutive, so each round's last player plays again at once; the reason
    names what the layout was searched within, the placed game, not windows there are none of."""
    from roundrobin.windows import Placement

    rounds = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    tt = schedule(rounds, 1, START, M45, placements=(Placement((1, 4), 1, 1, "opening match"),))
    assert tt.slots[0].games == ((1, 1, 4),) and tt.back_to_back and tt.minimal
    for x in tt.back_to_back:
        assert "window" not in x.reason
        assert x.reason.startswith("no layout keeping the placed games where asked has fewer back-to-backs in all")
