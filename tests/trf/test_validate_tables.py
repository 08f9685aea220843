"""The tables :mod:`trf.validate` builds once to compare the two blocks of a game.

A block's state (:attr:`trf.model.RoundEntry.state`) is its colour code and its result code.
Two blocks of one game agree (TRF-16 2.4) when their colours are opposite (``-`` against ``-``
for a game without colours) and their results complement each other (:attr:`Result.complement`,
a blank result against a blank one).  The table is built from each state's partners; here it is
checked against that definition tried on every pair of states.
"""

from __future__ import annotations

import pytest

from trf.model import Colour, Result
from trf.validate import _BYES, _GOOD_PAIRS, _PLAYED, _states

pytestmark = pytest.mark.fast

STATES = [c.value + v for c in Colour for v in [" ", *(r.value for r in Result)]]


def agree(mine: str, theirs: str) -> bool:
    """TRF-16 2.4 for two blocks of one game, read from the codes."""
    colours = (mine[0] == theirs[0] == Colour.NONE.value) or Colour(mine[0]).opposite.value == theirs[0]
    if mine[1] == " " or theirs[1] == " ":
        return colours and mine[1] == theirs[1] == " "
    return colours and Result(theirs[1]) in Result(mine[1]).complement


def test_every_pair_of_states_agrees_as_the_definition_says() -> None:
    assert set(_GOOD_PAIRS) == set(STATES)
    for mine in STATES:
        assert _GOOD_PAIRS[mine] == {theirs for theirs in STATES if agree(mine, theirs)}, mine


def test_known_pairs() -> None:
    assert _GOOD_PAIRS["w1"] == {"b0"} and _GOOD_PAIRS["b="] == {"w="} and _GOOD_PAIRS["w "] == {"b "}
    assert _GOOD_PAIRS["w+"] == {"b-"} and _GOOD_PAIRS["--"] == {"--", "-+"}  # forfeits: - against + or -
    assert _GOOD_PAIRS["wH"] == set()  # a bye has no opponent


def test_the_states_wrong_with_and_without_an_opponent() -> None:
    alone_bad, no_opponent_bad, _ = _states()
    assert alone_bad == {s for s in STATES if s[1] in _BYES or (s[1] in _PLAYED and s[0] == "-")}
    assert no_opponent_bad == {s for s in STATES if s[1] in _PLAYED}
