"""``trf.text``: which characters are shown as escapes, how, and where the first one is;
``trf.spreadsheet``: which CSV cells a spreadsheet would evaluate."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trf.spreadsheet import safe_cell, writer
from trf.text import CONTROL, IN_TRF_LINE, control_in, describe, escape, first_control, trf_line_clean, visible

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("char, shown", [
    ("\x00", "\\x00"), ("\x07", "\\x07"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r"), ("\x1b", "\\x1b"),
    ("\x7f", "\\x7f"), ("\x80", "\\x80"), ("\x9b", "\\x9b"), ("\x9f", "\\x9f"), ("\u2028", "\\u2028"),
    ("\u202a", "\\u202a"), ("\u202e", "\\u202e"), ("\u2066", "\\u2066"), ("\u2069", "\\u2069"),
])
def test_each_control_character_has_its_escape(char: str, shown: str) -> None:
    assert CONTROL.fullmatch(char)
    assert escape(char) == shown
    assert visible(f"a{char}b") == f"a{shown}b"


@pytest.mark.parametrize("text", ["Lindqvist, Erik", "Łukasz Żółć", "حداد، كريم", "漢字", "\xa0", "\u200e", "é",
                                  "back\\slash", "", "[bold]x[/]"])
def test_printable_text_is_returned_unchanged(text: str) -> None:
    assert visible(text) is text
    assert first_control(text) is None and control_in(text) is None


@given(st.text())
def test_visible_text_holds_no_control_character_and_is_a_fixed_point(text: str) -> None:
    shown = visible(text)
    assert CONTROL.search(shown) is None
    assert visible(shown) == shown
    assert CONTROL.sub("", text) == "".join(c for c in text if not CONTROL.match(c))


def test_the_first_control_character_is_found_with_its_position_and_words() -> None:
    assert first_control("Open\x1b[2J\x07") == (5, "\x1b")
    assert control_in("\u202eOpen") == "a control character, U+202E (RLO, shown as \\u202e), at position 1"
    assert describe("\x9b") == "U+009B (CSI, shown as \\x9b)"
    assert describe("\x07") == "U+0007 (BEL, shown as \\x07)"
    assert describe("\x7f") == "U+007F (DEL, shown as \\x7f)"


@given(st.text(alphabet=st.characters(codec="utf-8")))
def test_the_fast_check_of_a_file_agrees_with_the_pattern(text: str) -> None:
    assert trf_line_clean(text) == (IN_TRF_LINE.search(text) is None)


def test_a_file_may_hold_tabs_and_line_breaks() -> None:
    assert trf_line_clean("XXR\t5\r\n001    1\n")
    assert not trf_line_clean("001    1 m    Smith\x1b[2J\n")
    assert not trf_line_clean("001    1 m    Smith\u202e\n")


# --------------------------------------------------------------------------- spreadsheet


@pytest.mark.parametrize("cell", ["=cmd|' /C calc'!A0", "+1", "@SUM(1)", "-2+3", "=1+1", "\t=1", "\r=1", "-",
                                  "-1e5", "--1", "-1.", "-.5", "+0.5"])
def test_a_cell_a_spreadsheet_would_evaluate_is_quoted(cell: str) -> None:
    assert safe_cell(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["-0.5", "-12", "0", "12.5", "Smith, John", "a=b", "'=1", "", 5, -3, None, 2.5])
def test_numbers_and_other_text_are_kept(cell: object) -> None:
    assert safe_cell(cell) == cell


def test_the_writer_quotes_each_cell_of_each_row() -> None:
    buf = io.StringIO()
    w = writer(buf)
    w.writerow(["name", "change"])
    w.writerows([["=HYPERLINK(\"http://x\")", "-0.5"], ["@A1", -12]])
    assert list(csv.reader(io.StringIO(buf.getvalue()))) == [
        ["name", "change"], ["'=HYPERLINK(\"http://x\")", "-0.5"], ["'@A1", "-12"]]
    assert buf.getvalue().endswith("\n") and "\r" not in buf.getvalue()
