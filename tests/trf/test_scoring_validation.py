"""Scoring values no game can produce, and forfeits written as no forfeit can be.

* ``162`` (the draft FIDE checklist for tournament programs, Q71-Q85, ``../shared/reference/
  handling-rules.md`` §5.4: values no game can produce are flagged): two draws worth more than a
  win and a loss, a PAB worth more than a win, a negative value, a loss worth more than a draw, a
  draw worth more than a win.  Each is an error at the symbol, naming the symbols and values.
* VCL.14: forfeits only as 1F-0F, 0F-1F, 0F-0F.  The reader refuses both sides ``+`` and ``+``
  against a played result (``result-mismatch``, TRF-16 2.4's complements, :mod:`trf.codes`);
  the message says how a forfeit is written.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from tests.support import FIXTURES
from trf.model import ScoringRecord
from trf.validate import validate

pytestmark = pytest.mark.fast

EXAMPLE = (FIXTURES / "example.trf").read_text(encoding="utf-8")
LINE = EXAMPLE.count("\n") + 1  # the line a 162 appended to the example is on


def findings(*lines: str) -> list[tuple[int, int, str]]:
    result = trf.parse_text(EXAMPLE + "".join(line + "\n" for line in lines))
    return [(d.line, d.column, d.message) for d in result.errors]


@pytest.mark.parametrize("line, column, words", [
    # 3/2/0: two draws (4) are worth more than a win and a loss (3)
    ("162  W 3.0    D 2.0", 15, "two draws (D 2.0 each) are worth more than a win and a loss (W 3.0 + L 0.0 (default))"),
    # the PAB worth two points where a win is worth one
    ("162  P 2.0", 6, "a pairing-allocated bye (P 2.0) is worth more than a win (W 1.0 (default))"),
    # a loss worth more than a draw
    ("162  L 1.0", 6, "a loss (L 1.0) is worth more than a draw (D 0.5 (default))"),
])
def test_a_162_no_game_can_produce_is_an_error_at_its_symbol(line: str, column: int, words: str) -> None:
    found = findings(line)
    assert [(ln, col) for ln, col, _ in found] == [(LINE, column)], found
    assert words in found[0][2] and "no game gives such values" in found[0][2]


def test_a_draw_worth_more_than_a_win_is_refused_with_both_findings() -> None:
    """``D 1.5`` against the default win: D > W, and so 2D (3.0) > W + L (1.0)."""
    found = findings("162  D 1.5")
    assert [(ln, col) for ln, col, _ in found] == [(LINE, 6), (LINE, 6)]
    assert "a draw (D 1.5) is worth more than a win (W 1.0 (default))" in found[0][2]
    assert "two draws" in found[1][2]


def test_a_negative_value_is_an_error() -> None:
    """The reader cannot read a sign in 162 (a syntax error); a scoring record made by a program
    with a negative value is refused by the validator, at its symbol."""
    assert [(ln, "symbol (W D L A P X) followed by points" in msg) for ln, _, msg in findings("162  A-1.0")] == [(LINE, True)]
    t = trf.parse_text(EXAMPLE).tournament
    neg = ScoringRecord("162", (("W", Fraction(1)), ("A", Fraction(-1))), line=30, columns=(6, 15))
    found = [d for d in validate(t.replace_records(t.records + (neg,))) if d.message.startswith("162")]
    assert [(d.line, d.column, d.message) for d in found] == [(30, 15, "162 A -1.0: a result is not worth negative points")]


@pytest.mark.parametrize("lines", [
    ("162  W 3.0    D 1.0    P 3.0",),  # 3/1/0, PAB a win
    ("162  W 2.0    D 1.0    L 0.0",),  # 2D = W + L is allowed
    ("162  W 3.0", "162  D 1.0"),  # two lines read together: 3/1/0, not D 1.0 against W 1.0
    ("162  W 1.0    D 0.5    P 0.5",),  # a PAB worth a draw
])
def test_values_a_game_can_produce_are_accepted(lines: tuple[str, ...]) -> None:
    assert findings(*lines) == []


def _game(white: str, black: str) -> str:
    """The example with round 1's game 1-5 written with these two results."""
    text = EXAMPLE.replace("     5 w 1     4 b =", f"     5 w {white}     4 b =", 1)
    return text.replace("     1 b 0     8 w 1", f"     1 b {black}     8 w 1", 1)


@pytest.mark.parametrize("white, black", [("+", "+"), ("+", "1"), ("+", "="), ("-", "0"), ("=", "-")])
def test_a_forfeit_is_written_only_as_plus_minus(white: str, black: str) -> None:
    text = _game(white, black)
    assert text != EXAMPLE
    found = [d for d in trf.parse_text(text).errors if d.code == "result-mismatch"]
    assert len(found) == 1 and "a forfeited game is + against -, - against +, or - against - (VCL.14)" in found[0].message


@pytest.mark.parametrize("white, black", [("+", "-"), ("-", "+"), ("-", "-")])
def test_the_three_forfeits_are_accepted(white: str, black: str) -> None:
    assert [d.format() for d in trf.parse_text(_game(white, black)).errors] == []
