"""The records the grammar reads in one way only (headers, comments, records kept verbatim,
``142``/``XXR``, ``152``, ``XXC``) are read from their line directly: the record and the
diagnostics are the grammar's, on every line the direct reading takes, and it leaves every other
line to the grammar.  The codes it knows are the grammar's."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from tests.support import FIXTURES
from trf.diagnostics import Diagnostic
from trf.grammar import grammar as trf_grammar, grammar_text
from trf.model import Header, PreservedRecord, Record
from trf.parser import _HEADER_CODES, _PRESERVED_CODES, _LineReader, _lark, _read_line, parse_text

pytestmark = pytest.mark.fast

CODES = sorted(_HEADER_CODES | _PRESERVED_CODES | {"###", "142", "XXR", "152", "XXC"})


def both_readings(line: str) -> tuple[tuple[Record, list[Diagnostic]] | None, tuple[Record, list[Diagnostic]]]:
    """The direct reading (``None`` when it leaves the line to the grammar) and the grammar's."""
    direct_diags: list[Diagnostic] = []
    direct_reader = _LineReader(direct_diags)
    direct_reader.line = 7
    direct = direct_reader.single_reading(line)
    grammar_diags: list[Diagnostic] = []
    grammar_reader = _LineReader(grammar_diags)
    grammar_reader.line = 7
    by_grammar = _read_line(_lark(), grammar_reader, line, 7, None)
    return (None if direct is None else (direct, direct_diags)), (by_grammar, grammar_diags)


def assert_same(line: str) -> bool:
    """The two readings agree where the direct one reads the line; whether it did."""
    direct, by_grammar = both_readings(line)
    if direct is not None:
        assert direct == by_grammar, line
    return direct is not None


def test_the_fixtures_lines_are_read_as_the_grammar_reads_them() -> None:
    taken = 0
    for path in sorted(FIXTURES.rglob("*.trf")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if line[:3] in CODES:
                taken += assert_same(line)
    assert taken > 50


@pytest.mark.parametrize("line", [
    "012", "012 ", "012 Riverside Open", "012\\tx", "0123", "012x", "### comment", "###", "013 Team A", "013",
    "013x", "DAT 1 2", "XXR 5", "XXR  9 ", "XXR 100", "XXR 0099", "XXR", "XXR x", "XXR 5 6", "XXR\\t7\\t", "142 9",
    "142 199", "152 W", "152 b", "152 w ", "152 X", "152", "152 WB", "XXC", "XXC white1", "XXC rank black1",
    "XXC  RANK\\twhite1 ", "XXC bogus", "XXC rank,white1", "XXC white-1",
])
def test_chosen_lines(line: str) -> None:
    assert_same(line)


def test_a_number_out_of_range_keeps_the_record_verbatim_and_says_so() -> None:
    direct, by_grammar = both_readings("XXR 100")
    assert direct is not None and direct == by_grammar
    record, diags = direct
    assert isinstance(record, PreservedRecord) and not record.known
    assert [d.code for d in diags] == ["out-of-range"]


_TAILS = st.text(alphabet=" \t0123456789wbWBxX=.rankwhite1black1", max_size=30)


@settings(max_examples=600, deadline=None)
@given(code=st.sampled_from(CODES + ["001", "162", "XXS", "BBW", "XYZ"]), tail=_TAILS)
def test_any_line_is_read_as_the_grammar_reads_it(code: str, tail: str) -> None:
    assert_same(code + tail)


def test_the_codes_are_the_grammars() -> None:
    """Every three-character code the grammar names is a header or a record kept verbatim exactly
    when the direct reading takes it as one."""
    codes = set(re.findall(r'"([0-9A-Z#]{3})"', grammar_text()))
    assert _HEADER_CODES | _PRESERVED_CODES <= codes
    grammar = trf_grammar()
    for code in sorted(codes):
        try:
            kind = _lark().parse(code + " 1").children[0].data  # type: ignore[union-attr]
        except grammar.unexpected_input:  # a record that needs more than one number (001, 240, ...)
            kind = None
        assert (kind == "header") == (code in _HEADER_CODES), code
        assert (kind == "preserved") == (code in _PRESERVED_CODES), code


def test_a_file_of_such_lines_is_read_whole() -> None:
    text = (FIXTURES / "example.trf").read_text(encoding="utf-8")
    result = parse_text(text)
    headers = [r for r in result.tournament.records if isinstance(r, Header)]
    assert [h.code for h in headers][:3] == ["012", "022", "032"] and headers[0].value == "Riverside Autumn Open 2026"
    assert result.tournament.total_rounds == 5 and not result.errors
