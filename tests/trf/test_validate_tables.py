"""The tables :mod:`trf.validate` builds once to compare the two blocks of a game, and its test of
the listed points made in integers.

A block's state (:attr:`trf.model.RoundEntry.state`) is its colour code and its result code.
Two blocks of one game agree (TRF-16 2.4) when their colours are opposite (``-`` against ``-``
for a game without colours) and their results complement each other (:attr:`Result.complement`,
a blank result against a blank one).  The table is built from each state's partners; here it is
checked against that definition tried on every pair of states.

The listed points of a player (TRF-16 columns 81-84) are compared with the results' in integers
over the scoring's common denominator when no ``299`` record counts; every file of ``fixtures/``
and of the corpus gets the findings that comparing :meth:`Tournament.score` itself gives.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import FIXTURES, TRF_SUFFIXES, shared_corpus
from trf.model import Colour, Result, Tournament
from trf.parser import parse_file
from trf.validate import _BYES, _GOOD_PAIRS, _PLAYED, _check_points, _states

STATES = [c.value + v for c in Colour for v in [" ", *(r.value for r in Result)]]


def agree(mine: str, theirs: str) -> bool:
    """TRF-16 2.4 for two blocks of one game, read from the codes."""
    colours = (mine[0] == theirs[0] == Colour.NONE.value) or Colour(mine[0]).opposite.value == theirs[0]
    if mine[1] == " " or theirs[1] == " ":
        return colours and mine[1] == theirs[1] == " "
    return colours and Result(theirs[1]) in Result(mine[1]).complement


@pytest.mark.fast
def test_every_pair_of_states_agrees_as_the_definition_says() -> None:
    assert set(_GOOD_PAIRS) == set(STATES)
    for mine in STATES:
        assert _GOOD_PAIRS[mine] == {theirs for theirs in STATES if agree(mine, theirs)}, mine


@pytest.mark.fast
def test_known_pairs() -> None:
    assert _GOOD_PAIRS["w1"] == {"b0"} and _GOOD_PAIRS["b="] == {"w="} and _GOOD_PAIRS["w "] == {"b "}
    assert _GOOD_PAIRS["w+"] == {"b-"} and _GOOD_PAIRS["--"] == {"--", "-+"}  # forfeits: - against + or -
    assert _GOOD_PAIRS["wH"] == set()  # a bye has no opponent


@pytest.mark.fast
def test_the_states_wrong_with_and_without_an_opponent() -> None:
    alone_bad, no_opponent_bad, _ = _states()
    assert alone_bad == {s for s in STATES if s[1] in _BYES or (s[1] in _PLAYED and s[0] == "-")}
    assert no_opponent_bad == {s for s in STATES if s[1] in _PLAYED}


def mismatched_by_score(t: Tournament) -> list[int]:
    """The players whose listed points are none of the scores :func:`trf.validate._check_points`
    accepts, each found by :meth:`Tournament.score` (with the final adjustments of round 999)."""
    if t.is_team_event:
        return []
    out = []
    for p in t.players:
        if p.points is None or t.player_by_rank.get(p.start_rank) is not p:
            continue
        played, whole = t.score(p.start_rank, through=t.rounds_paired), t.score(p.start_rank)
        final = t.final_adjustment(p.start_rank)
        if p.points in (played, whole) and (p.points == played or len(p.rounds) > t.rounds_paired):
            continue
        if final and p.points - final in (played, whole):
            continue
        out.append(p.start_rank)
    return out


def files(root: Path) -> list[Path]:
    return [p for p in sorted(root.rglob("*")) if p.suffix in TRF_SUFFIXES and p.is_file()]


def assert_points_checked_as_scored(paths: list[Path]) -> int:
    mismatched = 0
    for path in paths:
        t = parse_file(path, validate=False).tournament
        found = [d.message.split()[1] for d in _check_points(t)]
        assert found == [str(r) for r in mismatched_by_score(t)], path
        mismatched += len(found)
    return mismatched


@pytest.mark.fast
def test_listed_points_are_checked_as_the_scores_say_in_the_fixtures() -> None:
    assert assert_points_checked_as_scored(files(FIXTURES)) > 0  # fixtures/invalid plants some


@pytest.mark.corpus
def test_listed_points_are_checked_as_the_scores_say_in_the_corpus() -> None:
    assert_points_checked_as_scored(files(shared_corpus()))
