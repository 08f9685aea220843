"""``pending_games``: the games of a round without a result on either side (the previous round
must be complete before the next is paired).  Its quick answer for a round whose every game has
both results is checked against the games the tournament makes (:meth:`trf.model.Tournament.games`),
on hand cases that leave a result out in each way a file can, and on the corpus rounds."""

from __future__ import annotations

from pathlib import Path

import pytest

import trf
from pairing.rounds import pending_games
from trf.model import Tournament

from tests.support import FIXTURES, parse_path


def _file(lines: list[str]) -> Tournament:
    return trf.parse_text("\n".join(["012 Pending", *lines, "XXR 3"]) + "\n").tournament


def _line(pid: int, blocks: str) -> str:
    return f"001 {pid:>4}      Player {pid:<26} {2000 - pid:>4}" + " " * 28 + f"{'0.0':>4} {pid:>4}" + blocks


def _slow(t: Tournament, rnd: int) -> tuple[object, ...]:
    return tuple(g for g in t.games(rnd) if g.white_result is None or g.black_result is None)


CASES = {
    # every game with both results: nothing pending
    "complete": ([_line(1, "     2 w 1"), _line(2, "     1 b 0"), _line(3, "  0000 - U")], ()),
    # one side's result left blank: pending
    "one side blank": ([_line(1, "     2 w 1"), _line(2, "     1 b  "), _line(3, "  0000 - U")], ((1, 2),)),
    # both blank (a round just paired)
    "both blank": ([_line(1, "     2 w  "), _line(2, "     1 b  "), _line(3, "     4 w  "), _line(4, "     3 b  ")],
                   ((1, 2), (3, 4))),
    # the opponent's block names someone else: the game has one side only
    "one-sided": ([_line(1, "     2 w 1"), _line(2, "     3 b 0"), _line(3, "     2 w 1")], ((1, 2),)),
    # the opponent has no block for the round
    "no block": ([_line(1, "     2 w 1"), _line(2, "")], ((1, 2),)),
}


@pytest.mark.fast
@pytest.mark.parametrize("name", sorted(CASES))
def test_pending_games_of_hand_cases(name: str) -> None:
    lines, pending = CASES[name]
    t = _file(lines)
    got = pending_games(t, 1)
    assert tuple((g.white, g.black) for g in got) == pending
    assert got == _slow(t, 1)


def _rounds() -> list[Path]:
    return sorted((FIXTURES / "dutch-2026" / "rounds").glob("*.trf"))[:40]


@pytest.mark.fast
def test_pending_games_of_fixture_rounds() -> None:
    """Every round of the fixture files, and the one after the last (none of its games yet)."""
    paths = _rounds()
    assert paths
    for path in paths:
        t = parse_path(path).tournament
        for rnd in range(0, t.rounds_paired + 2):
            assert pending_games(t, rnd) == _slow(t, rnd), (path.name, rnd)
