"""The library's refusals of entry that would change nothing or could mean two things: a second
withdrawal (of a player or of a team), two results for one board in one call."""

from __future__ import annotations

import pytest

from event.absences import AlreadyWithdrawn, withdraw, withdrawals
from event.create import EventSettings, new_event
from event.next_round import pair_into
from event.registration import Registrant, register
from event.results import BoardGivenTwice, boards, enter_given
from event.team import absences as team
from tests.event.team_making import team_event
from trf.model import Colour, Tournament

pytestmark = pytest.mark.fast


def _event(n: int = 6, rounds: int = 4) -> Tournament:
    t = new_event(EventSettings("Refusals Cup", rounds, initial_colour=Colour.WHITE, tiebreaks="BH")).after
    return register(t, [Registrant(f"P{i}", rating=2000 - 10 * i) for i in range(1, n + 1)]).after


def test_a_second_withdrawal_of_a_player_is_refused_and_an_earlier_one_moves_it() -> None:
    t = pair_into(_event()).after  # round 1 paired; 4 rounds
    t = withdraw(t, 2, 3).after
    assert withdrawals(t) == {}  # from round 3: round 2 is still to pair with him
    for again in (3, 4):
        with pytest.raises(AlreadyWithdrawn) as info:
            withdraw(t, 2, again)
        assert (info.value.player, info.value.from_round, info.value.asked) == (2, 3, again)
    t = withdraw(t, 2, 2).after  # earlier: every round from 2 on
    assert withdrawals(t) == {2: 2}
    with pytest.raises(AlreadyWithdrawn):
        withdraw(t, 2)


def test_a_second_withdrawal_of_a_team_is_refused() -> None:
    t = team_event()
    t = team.withdraw(t, 4).after
    with pytest.raises(AlreadyWithdrawn) as info:
        team.withdraw(t, 4)
    assert info.value.from_round == 1 and "team 4" in str(info.value)
    with pytest.raises(AlreadyWithdrawn):
        team.withdraw(t, 4, 3)


def test_one_board_twice_in_one_call_is_refused_before_anything_is_entered() -> None:
    t = pair_into(_event()).after
    first = boards(t, 1)[0]
    with pytest.raises(BoardGivenTwice) as info:
        enter_given(t, [(1, "1-0"), (2, "="), (1, "0-1")])
    assert (info.value.board, info.value.first, info.value.second) == (1, "1-0", "0-1")
    with pytest.raises(BoardGivenTwice):  # both players of board 1, agreeing
        enter_given(t, [(first.white, "1"), (first.black, "0")], by_player=True)
    change = enter_given(t, [(1, "1-0"), (2, "=")])
    assert [b.result for b in boards(change.after, 1)][:2] == ["1-0", "½-½"]


def test_a_finished_team_event_still_shows_its_withdrawal() -> None:
    """Five teams, two rounds: team 4 has the PAB in round 1 and withdraws from round 2; once
    round 2 is paired and played the event is finished, and its status still names team 4,
    withdrawn from round 2 (the 240 Z record stays when the round is paired)."""
    from event.team.results import enter_match_result
    from event.team.rounds import write_round
    from event.team.status import status

    t = team_event(5, rounds=2)
    t = write_round(t, 1, ((1, 2), (3, 5)), 4)
    t = enter_match_result(enter_match_result(t, "1", "1111").after, "2", "====").after
    t = team.withdraw(t, 4).after
    assert status(t).withdrawals == {4: 2}
    t = write_round(t, 2, ((1, 3), (2, 5)), None)
    t = enter_match_result(enter_match_result(t, "1", "====").after, "2", "1111").after
    s = status(t)
    assert s.state == "finished" and s.withdrawn == (4,) and s.as_dict()["withdrawals"] == [{"team": 4, "from_round": 2}]
