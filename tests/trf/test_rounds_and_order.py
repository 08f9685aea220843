"""A round nobody played between played rounds is an error, and diagnostics read cause first.

* ``empty-round`` (docs/trf.md, "A round nobody played"): a round before the last one paired in
  which no player has a game or a bye (every block blank or an absence) cannot happen in an event;
  the file has lost or shifted a column.
* :func:`trf.diagnostics.in_order`: what single lines show (a syntax error) before what comparing
  records shows (an opponent missing because its line could not be read), each in line order.
"""

from __future__ import annotations

import pytest

import trf
from trf import Severity
from trf.diagnostics import in_order

pytestmark = pytest.mark.fast

BLANK = " " * 10


def p001(n: int, points: str, *blocks: str) -> str:
    """A player line built column by column (TRF-16 2.2)."""
    line = f"001 {n:>4} m    {f'Player {n}':<33} {2400 - 10 * n:>4} NOR {1000 + n:>11} 2000/01/01 {points} {n:>4}"
    return line + "".join(blocks)


def errors(text: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in trf.parse_text(text).diagnostics if d.severity is Severity.ERROR]


def four(round2: tuple[str, str, str, str]) -> str:
    """Four players: round 1 played (1-2, 3-4), round 2 as given, round 3 played (1-3, 2-4)."""
    lines = ["012 T", "XXR 5",
             p001(1, " 2.0", "     2 w 1", round2[0], "     3 w 1"),
             p001(2, " 0.0", "     1 b 0", round2[1], "     4 w 0"),
             p001(3, " 1.0", "     4 w 1", round2[2], "     1 b 0"),
             p001(4, " 1.0", "     3 b 0", round2[3], "     2 b 1")]
    return "\n".join(lines) + "\n"


def test_a_blank_round_between_played_rounds_is_an_error() -> None:
    # round 2 blank on every line (TRF-16 reads a blank block as Z): once valid without a word
    text = four((BLANK,) * 4)
    assert errors(text) == [("empty-round", 3, 102)]  # the first player line, round 2's columns
    message = trf.parse_text(text).errors[0].message
    assert "round 2 has no game and no bye for anybody" in message and "round 3 is paired" in message


def test_a_round_of_absences_only_is_an_error_too() -> None:
    assert errors(four(("  0000 - Z", BLANK, "  0000 - Z", "  0000 - -"))) == [("empty-round", 3, 102)]


@pytest.mark.parametrize("bye", ["  0000 - H", "  0000 - F", "  0000 - U"])
def test_a_round_with_one_bye_is_not_empty(bye: str) -> None:
    points = {"  0000 - H": " 2.5", "  0000 - F": " 3.0", "  0000 - U": " 3.0"}[bye]
    text = four((bye, BLANK, BLANK, BLANK)).replace(" 2.0    1", f"{points}    1", 1)
    assert errors(text) == []


def test_the_rounds_after_the_last_one_paired_may_be_blank() -> None:
    # declared absences for round 2 only (the round to pair): nothing is wrong
    lines = ["012 T", "XXR 5", p001(1, " 1.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0", "  0000 - Z")]
    assert errors("\n".join(lines) + "\n") == []


def test_diagnostics_put_the_syntax_error_before_the_missing_opponent_it_causes() -> None:
    # line 11: player 1 plays 5 in round 1; line 14: player 5's line has "x" for a colour, so it
    # is not read, and player 5 is "not in the player list".  Sorted by line alone the consequence
    # (line 11) came before its cause (line 14).
    lines = ["012 T", "022 Bergen", "032 NOR", "042 2026/01/01", "052 2026/01/02", "062 5", "072 5", "092 Swiss",
             "102 IA A", "XXR 5",
             p001(1, " 1.0", "     5 w 1"), p001(2, " 0.0", "     3 b 0"), p001(3, " 1.0", "     2 w 1"),
             p001(4, " 0.0", "  0000 - Z"), p001(5, " 0.0", "     1 x 0")]
    result = trf.parse_text("\n".join(lines) + "\n")
    ordered = [(d.code, d.line, d.column) for d in in_order(result.diagnostics)]
    assert ordered == [("syntax", 15, 96), ("unknown-opponent", 11, 92)]
    assert [(d.code, d.line) for d in sorted(result.diagnostics, key=lambda d: (d.line, d.column))] == [
        ("unknown-opponent", 11), ("syntax", 15)]  # what line order alone would show


def test_in_order_keeps_line_order_within_each_kind() -> None:
    d = trf.Diagnostic
    found = [d(Severity.ERROR, "not-mirrored", "", 9, 92), d(Severity.WARNING, "bad-date", "", 5, 70),
             d(Severity.ERROR, "syntax", "", 7, 10), d(Severity.ERROR, "unknown-opponent", "", 3, 92),
             d(Severity.WARNING, "points-mismatch", "", 3, 81)]
    assert [(x.code, x.line) for x in in_order(found)] == [
        ("bad-date", 5), ("syntax", 7), ("points-mismatch", 3), ("unknown-opponent", 3), ("not-mirrored", 9)]
