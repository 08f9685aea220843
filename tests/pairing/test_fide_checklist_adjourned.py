"""VCL.15 at the score the engine pairs by: an adjourned game (``?``) is a draw for the pairing
(C.04.2 Art. 3.1), under any scoring, unless the file's ``162 X`` gives it another value.

``tests/pairing/test_adjourned_pairing.py`` shows the whole next round paired as if drawn; in its
hand case a draw and a loss for both give the same round (the colours decide either way), so
these tests read the pairing score itself, where any other value shows.

The case: six players, round 1 played 1-4 (board 1), 5-2, 3-6; 1-4 is written with ``code``,
2 beat 5, 3 beat 6.  Before round 2 (``pairing_players(t, 2)``):

* 1-½-0 (no 162): 1 and 4 on ½ each (a draw's points), 2 and 3 on 1, 5 and 6 on 0;
* 3-1-0 (``162 W 3.0 D 1.0``): 1 and 4 on 1 (a draw's points), 2 and 3 on 3, 5 and 6 on 0;
* ``162 X 0.0`` (TRF-2026: the adjourned game's own value): 1 and 4 on 0.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from pairing.dutch.players import pairing_players
from trf.model import Tournament

pytestmark = pytest.mark.fast


def _line(pid: int, rating: int, block: str) -> str:
    return f"001 {pid:>4}      Player {pid:<26} {rating:>4}" + " " * 28 + f"{'':>4} {pid:>4}" + block


def _file(code: str, scoring: str = "") -> Tournament:
    r1 = {1: f"     4 w {code}", 2: "     5 b 1", 3: "     6 w 1", 4: f"     1 b {code}", 5: "     2 w 0",
          6: "     3 b 0"}
    lines = [_line(i, 2500 - 100 * i, r1[i]) for i in range(1, 7)]
    extra = [scoring] if scoring else []
    parsed = trf.parse_text("\n".join(["012 Adjourned score", *lines, "XXR 3", "XXC white1", *extra]) + "\n")
    assert tuple(parsed.errors) == ()
    return parsed.tournament


def _scores(t: Tournament) -> dict[int, Fraction]:
    return {p.id: p.score for p in pairing_players(t, 2)}


H = Fraction(1, 2)


@pytest.mark.parametrize("scoring, expected", [
    ("", {1: H, 2: Fraction(1), 3: Fraction(1), 4: H, 5: Fraction(0), 6: Fraction(0)}),
    ("162  W 3.0    D 1.0", {1: Fraction(1), 2: Fraction(3), 3: Fraction(3), 4: Fraction(1), 5: Fraction(0),
                              6: Fraction(0)}),
])
def test_the_pairing_score_counts_an_adjourned_game_as_a_draw(scoring: str, expected: dict[int, Fraction]) -> None:
    assert _scores(_file("?", scoring)) == expected
    assert _scores(_file("=", scoring)) == expected  # the same as the game drawn


def test_the_file_s_162_x_value_is_the_adjourned_game_s() -> None:
    scores = _scores(_file("?", "162  X 0.0"))
    assert (scores[1], scores[4], scores[2]) == (Fraction(0), Fraction(0), Fraction(1))
