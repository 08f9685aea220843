"""Behaviours of ``arbiter event`` that FIDE's checklist for tournament software asks for and that
no other test pinned at their edge (``docs/fide-checklist.md``, VCL.09 and VCL.16).

* VCL.09 (C.04.2 Art. 2, the reference digest's reading): starting ranks may change until round 4
  has been paired; a late entry registered after round 3 still takes its place in the Art. 2
  order, one registered after round 4 takes the next free number
  (``test_registration.test_after_round_4_starting_ranks_are_frozen`` pins the second half).
* VCL.16: the PAB value is the event's to choose (``--scoring W/D/L,PAB=x``), written as the
  ``P`` value of record 162 and scored for the player who receives the PAB.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from event.create import EventSettings, new_event, parse_scoring
from event.next_round import pair_into
from event.registration import Registrant, register
from event.results import boards, enter_result
from trf.model import Colour, Result, Tournament

pytestmark = pytest.mark.fast


def _event(rounds: int, players: int, scoring: str = "1/0.5/0") -> Tournament:
    t = new_event(EventSettings("Checklist Cup", rounds, initial_colour=Colour.WHITE, tiebreaks="BH",
                                scoring=parse_scoring(scoring))).after
    return register(t, [Registrant(f"P{i}", rating=2000 - 10 * i) for i in range(1, players + 1)]).after


def _play(t: Tournament, rounds: int) -> Tournament:
    for _ in range(rounds):
        t = pair_into(t).after
        for bd in boards(t, t.rounds_paired):
            t = enter_result(t, bd.number, "1-0").after
    return t


def test_a_late_entry_after_round_3_still_takes_its_place() -> None:
    """Six players P1-P6 rated 1990..1940, three rounds played of six.  A late entry rated 2500
    registered now belongs first in the Art. 2 order (highest rating), and round 4 is not paired
    yet, so ranks still change: it takes starting rank 1 and everyone moves down one."""
    t = _play(_event(6, 6), 3)
    change = register(t, [Registrant("Late, Lee", rating=2500)])
    assert "ranks-frozen" not in {w.code for w in change.warnings}
    assert change.after.player(1).name == "Late, Lee"
    assert [change.after.player(k).name for k in range(2, 8)] == [f"P{i}" for i in range(1, 7)]


def test_the_pab_value_is_the_event_s_choice() -> None:
    """3/1/0 scoring with the PAB worth a draw (1 point): record 162 says ``P 1.0``.  Three
    players: round 1 pairs 1-2 and gives 3 the PAB (the lowest in the one bracket, C.04.3 Art.
    3), so after round 1, with 1 beating 2, the scores are 3, 0 and 1."""
    t = _event(3, 3, "3/1/0,PAB=1")
    assert "162  W 3.0    D 1.0    P 1.0" in trf.dumps(t).splitlines()
    t = pair_into(t).after
    assert t.player(3).entry(1).code is Result.PAIRING_ALLOCATED_BYE  # type: ignore[union-attr]
    t = enter_result(t, 1, "1-0").after
    assert [t.score(k) for k in (1, 2, 3)] == [3, 0, 1]
    reread = trf.parse_text(trf.dumps(t)).tournament
    assert reread.scoring.pab_value == 1 and reread.score(3) == 1
    # without ",PAB=": the PAB is worth a win (C.04.1 Art. 3: a win's points unless the rules say otherwise)
    t = enter_result(pair_into(_event(3, 3, "3/1/0")).after, 1, "1-0").after
    assert t.score(3) == Fraction(3)
