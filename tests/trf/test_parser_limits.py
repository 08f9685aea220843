"""Hostile and odd input for the reader: files that are not TRF at all, encodings, numbers
outside the format's ranges, giant lines, and the positional reading of plain player lines
(which must read exactly what the grammar reads).

Every case names its input, the diagnostic code and the message; none may raise.
"""

from __future__ import annotations

import codecs
import time
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trf
from trf import Result, Severity
from trf.diagnostics import CODES
from trf.model import AccelerationRange, ByeRecord, PreservedRecord, RoundCount, Tournament
from trf.parser import UnusableEncoding, _LineReader, _lark, _read_line

from tests.support import FIXTURES
from tests.trf.test_properties import mutated_files

EXAMPLE = (FIXTURES / "example.trf").read_text()
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

pytestmark = pytest.mark.fast


def codes(result: trf.ParseResult, severity: Severity | None = None) -> list[str]:
    return [d.code for d in result.diagnostics if severity is None or d.severity is severity]


def only(result: trf.ParseResult, code: str) -> trf.Diagnostic:
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1, result.diagnostics
    return found[0]


# --------------------------------------------------------------------------- not a TRF file


PGN = b'[Event "Club championship"]\n[Site "Bergen"]\n[White "Doe, Jane"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n'


@pytest.mark.parametrize("name, data, why", [
    ("empty", b"", "the file is empty"),
    ("blank lines", b"\n\n   \n", "the file is empty"),
    ("pgn", PGN, "this looks like a PGN file"),
    ("binary", bytes(range(256)) * 8, "the file holds NUL bytes"),
    ("prose", b"Dear arbiter,\nplease find the results attached.\n", "no line of the file is a TRF record"),
])
def test_a_file_that_is_not_trf_is_one_error_saying_what_was_expected(name: str, data: bytes, why: str) -> None:
    result = trf.parse_bytes(data)
    d = only(result, "not-trf")
    assert d.severity is Severity.ERROR and (d.line, d.column) == (1, 1)
    assert d.message.startswith(why)
    assert "expected a FIDE Tournament Report File" in d.message and "'001' line per player" in d.message
    # the per-line findings would only repeat it
    assert not [c for c in codes(result) if c in ("unknown-record", "syntax")]
    assert not result.ok


def test_a_file_with_headers_and_no_player_is_valid() -> None:
    """An event just created (``arbiter event new``) has its headers and no player yet."""
    result = trf.parse_text("012 Club championship\n142 5\n")
    assert result.ok and codes(result) == []
    assert result.tournament.players == ()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_files_with_a_byte_order_mark_are_read(encoding: str) -> None:
    text = EXAMPLE.replace("Rossi, Giulia", "Łosik, Zoëlia")
    data = text.encode(encoding)
    if not encoding.endswith(("-le", "-be")):
        assert data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) or data[:4] in (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
    else:  # the explicit-endian codecs write no mark: add the one a Windows editor writes
        mark = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE,
                "utf-32-le": codecs.BOM_UTF32_LE, "utf-32-be": codecs.BOM_UTF32_BE}[encoding]
        data = mark + data
    result = trf.parse_bytes(data)
    assert result.ok and codes(result, Severity.WARNING) == []
    assert result.encoding.startswith(encoding[:6])
    assert result.tournament.player(8).name == "Łosik, Zoëlia"
    assert len(result.tournament.players) == 8


def test_utf16_without_a_byte_order_mark_is_read_with_a_warning() -> None:
    result = trf.parse_bytes(EXAMPLE.encode("utf-16-le"))
    assert len(result.tournament.players) == 8
    d = only(result, "encoding")
    assert d.severity is Severity.WARNING
    assert "no byte-order mark" in d.message and "utf-16-le" in d.message


@pytest.mark.parametrize("encoding, reason", [
    ("punycode", ""), ("rot13", "not a text encoding"), ("zlib", "not a text encoding"),
    ("klingon", "unknown encoding"),
])
def test_an_encoding_that_cannot_decode_text_raises_unusable_encoding(encoding: str, reason: str) -> None:
    """Any codec that fails is the caller's choice of encoding, not the file's content."""
    data = (FIXTURES / "example.trf").read_bytes()
    with pytest.raises(UnusableEncoding) as exc:
        trf.parse_bytes(data, encoding=encoding)
    assert exc.value.encoding == encoding
    assert reason in exc.value.reason
    assert encoding in str(exc.value)


# --------------------------------------------------------------------------- numbers


def with_lines(*extra: str) -> str:
    return EXAMPLE + "".join(line + "\n" for line in extra)


@pytest.mark.parametrize("line, what", [
    ("XXR 99999999", "the number of rounds should be 0-99, found '99999999'"),
    ("142 100", "the number of rounds should be 0-99, found '100'"),
    ("XXR " + "9" * 100, "the number of rounds should be 0-99, found '999999999999'... (100 characters)"),
    ("XXR " + "1" * 5000, "(5000 characters)"),  # past Python's integer-string limit: never reaches int()
    ("240 H 99999999999    1", "the round should be 1-99, found '99999999999'"),
    ("240 H 005 123456", "a start rank should be 0-9999, found '123456'"),
    ("XXP 1 99999", "a start rank should be 0-9999, found '99999'"),
    ("XXZ 3 " + "7" * 40, "a start rank should be 0-9999"),
    ("260 001 1000    1    2", "the last round should be 0-999, found '1000'"),
    ("162  W 1000000", "162 W should be at most 99.9, found '1000000'"),
    ("162  W" + "9" * 4400, "characters)"),
    ("XXS W=100", "XXS 'W' should be at most 99.9, found '100'"),
    ("BBW 1000.0", "the points should be at most 99.9, found '1000.0'"),
    ("XXA    1  100.0", "the points should be at most 99.9, found '100.0'"),
])
def test_a_number_outside_its_range_is_a_diagnostic_and_its_record_is_not_read(line: str, what: str) -> None:
    start = time.perf_counter()
    result = trf.parse_text(with_lines(line))
    assert time.perf_counter() - start < 5
    d = only(result, "out-of-range")
    assert d.severity is Severity.ERROR and d.line == 21
    assert what in d.message and d.message.endswith("the record is ignored")
    rec = result.tournament.records[20]
    assert isinstance(rec, PreservedRecord) and not rec.known and rec.text == line
    t = result.tournament
    assert t.total_rounds == 5  # the huge XXR is not the file's number of rounds
    assert trf.dumps(t) == with_lines(line)  # written back verbatim


def test_in_range_numbers_are_read() -> None:
    result = trf.parse_text(with_lines("240 H 005    1", "260 001 999    1    2", "162  W 3.0    D 1.0"))
    assert result.ok, result.diagnostics
    assert result.tournament.declared_absences(5) == {1: Result.HALF_POINT_BYE}
    assert result.tournament.scoring.win_white == 3


def test_an_acceleration_over_every_start_rank_and_round_costs_the_players_not_the_ranges() -> None:
    """``250`` may name start ranks 1-9999 for rounds 1-999; only the file's players and rounds
    1-99 are looked at (a dictionary of ten million entries used to be built)."""
    text = with_lines("250  1.0  1.0   1 999    1 9999", "250  0.0  0.5   2   3    2    3")
    start = time.perf_counter()
    t = trf.parse_text(text).tournament
    assert t.acceleration(1, 1) == 1 and t.acceleration(8, 99) == 1
    assert t.acceleration(2, 2) == Fraction(1, 2) and t.acceleration(3, 3) == Fraction(1, 2)  # the later record wins
    assert t.acceleration(9, 1) == 0 and t.acceleration(1, 100) == 0 and t.acceleration(1, 0) == 0
    assert len(t._acceleration_table) == 8 * 99
    assert time.perf_counter() - start < 5


def test_acceleration_precedence_is_the_later_record() -> None:
    t = trf.parse_text(with_lines("XXA    2  1.0  1.0", "250  0.0  0.5   1   1    1    4", "XXA    3  2.0")).tournament
    assert t.acceleration(2, 1) == Fraction(1, 2)  # the 250 after the XXA
    assert t.acceleration(2, 2) == 1  # the 250 is for round 1 only
    assert t.acceleration(3, 1) == 2  # the XXA after the 250
    assert t.acceleration(4, 1) == Fraction(1, 2)
    zero = trf.parse_text(with_lines("XXA    2  1.0", "XXA    2  0.0")).tournament
    assert zero.acceleration(2, 1) == 1  # a later 0 overrides nothing (as JaVaFo's blank)


# --------------------------------------------------------------------------- giant lines


def giant_player_line(blocks: int, block: str = "  0000 - Z") -> str:
    lines = EXAMPLE.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("001    1"))
    lines[i] = lines[i] + block * blocks
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("megabytes", [1, 10])
def test_round_blocks_past_round_99_are_one_diagnostic_not_work(megabytes: int) -> None:
    text = giant_player_line(megabytes * 100_000)
    start = time.perf_counter()
    result = trf.parse_text(text)
    took = time.perf_counter() - start
    assert took < 5, f"{megabytes} MB line took {took:.1f} s"
    d = only(result, "too-many-rounds")
    assert d.severity is Severity.ERROR and (d.line, d.column) == (11, 1080)
    assert "TRF allows 99 rounds" in d.message and f"{megabytes * 1_000_000 - 1079 + 89 + 30:,}" in d.message
    p = result.tournament.player(1)
    assert len(p.rounds) == 99 and result.tournament.round_columns == 99
    assert sum(1 for x in result.diagnostics if x.code == "round-beyond-total") == 1  # XXR 5: one per line


def test_a_giant_list_record_is_not_read() -> None:
    line = "XXP" + " 1 2" * 1_000_000
    start = time.perf_counter()
    result = trf.parse_text(with_lines(line))
    assert time.perf_counter() - start < 5
    d = only(result, "line-too-long")
    assert d.severity is Severity.ERROR and d.line == 21
    assert "a XXP line of 4,000,003 characters" in d.message
    assert result.tournament.forbidden(4) == frozenset()


def test_a_giant_header_is_kept_and_costs_its_length() -> None:
    line = "012 " + "x" * 5_000_000
    start = time.perf_counter()
    result = trf.parse_text(line + "\n" + EXAMPLE.split("\n", 1)[1])
    assert time.perf_counter() - start < 5
    assert result.ok and result.tournament.name == "x" * 5_000_000


def test_round_dates_stop_at_round_99() -> None:
    line = "132" + " " * 88 + "26/10/03  " * 100_000
    t = trf.parse_text(with_lines(line)).tournament
    assert len(t.round_dates) == 99


# --------------------------------------------------------------------------- views never raise


def test_declared_absences_never_raises_on_a_240_of_an_unknown_type() -> None:
    """``240 X`` used to raise ValueError from ``Result('X')`` in the view."""
    result = trf.parse_text(with_lines("240 X 004    1", "240 H 004    5"))
    d = only(result, "bad-code")
    assert d.severity is Severity.ERROR and "240 bye type should be F, H or Z, found 'X'" in d.message
    absences = result.tournament.declared_absences(4)
    assert absences == {3: Result.ZERO_POINT_BYE, 6: Result.HALF_POINT_BYE, 5: Result.HALF_POINT_BYE}


def views(t: Tournament) -> None:
    """Every view of the model, on every round and player of the file."""
    for name in ("name", "start_date", "end_date", "round_dates", "system_code", "is_team_event", "players",
                 "player_by_rank", "round_columns", "rounds_paired", "total_rounds", "initial_colour", "scoring"):
        getattr(t, name)
    last = min(t.round_columns, 99) + 2
    for r in range(0, last):
        t.games(r), t.byes(r), t.declared_absences(r), t.forbidden(r)
    for p in t.players:
        t.score(p.start_rank), t.score(p.start_rank, through=2)
        for r in range(0, last):
            t.acceleration(p.start_rank, r)
        p.colour_history(), p.opponents(), p.played_rounds(), p.unplayed_rounds(), p.fide_title
        for kind in Result:
            p.byes(kind)


RECORD_LINES = ["240 X 004    1", "240 Z 000    2", "250  x.y  1.0   3   1    9    1", "250  0.0  1.0   1 999    1 9999", "260 005 002    1",
                "260 000 000    1    1", "XXA    0  1.0", "XXA    9  ", "XXP 1", "XXP 0 0", "XXZ 0 9", "XXS X=1",
                "162  Q 1.0", "BBU 0.0", "142 0", "XXR 0", "XXC rank", "152 b", "132 garbage", "042 0000/00/00",
                "192 FIDE_BURSTEIN", "092 Team Swiss", "013 Team", "310 garbage", "001 9999"]


@settings(max_examples=200, **SETTINGS)
@given(st.lists(st.sampled_from(RECORD_LINES), max_size=8))
def test_views_never_raise_whatever_the_records(extra: list[str]) -> None:
    result = trf.parse_text(with_lines(*extra))
    for d in result.diagnostics:
        assert d.code in CODES
    views(result.tournament)


# --------------------------------------------------------------------------- the positional reading

SEP = st.sampled_from([" "] * 8 + ["x"])
ANY_BLOCK = st.tuples(
    st.sampled_from(["  "] * 10 + [" 0", "x "]),
    st.sampled_from(["0000", "   5", "  12", "9999", " 1 2", "    ", "00a1", "0005"]),
    SEP,
    st.sampled_from(list("wb-WB ") + ["x"]),
    SEP,
    st.sampled_from(list("10=+-WDLHFUZwdlhfuz ") + ["x", "Q"]),
).map("".join)
PLAIN_BLOCK = st.tuples(st.sampled_from(["0000", "   5", "  12", "9999", "0005"]), st.sampled_from("wb-"),
                        st.sampled_from("10=+-WDLHFUZ ")).map(lambda t: f"  {t[0]} {t[1]} {t[2]}")
BLOCK = st.one_of(PLAIN_BLOCK, PLAIN_BLOCK, PLAIN_BLOCK, PLAIN_BLOCK, ANY_BLOCK)


@st.composite
def player_lines(draw: st.DrawFn) -> str:
    """Player lines of every shape: fields of the right width or not, separators or not, round
    blocks that are plain, normalised, broken or cut short, trailing blanks or not."""
    def width(n: int) -> str:
        return draw(st.text(alphabet=st.sampled_from(list("abc, 0123456789é²\t.")), min_size=n, max_size=n))

    head = ("001" + draw(SEP) + draw(st.sampled_from(["   1", "  12", "9999", "  a1", "   0", "    "]))
            + " " + draw(st.sampled_from(["m", "w", " ", "x"])) + draw(st.sampled_from(["GM ", "   ", "wm ", "FM²"]))
            + draw(SEP) + width(33) + " " + draw(st.sampled_from(["2500", "    ", "25x0", "  ²1"]))
            + " " + width(3) + " " + width(11) + " " + width(10) + " "
            + draw(st.sampled_from(["12.5", " 2.5", "    ", " 2,5", "-1.0"]))
            + draw(SEP) + draw(st.sampled_from(["   1", "    ", "  1²"])))
    blocks = "".join(draw(st.lists(BLOCK, max_size=12)))
    line = head + blocks
    cut = draw(st.sampled_from([None] * 20 + list(range(80, 100))))
    if cut is not None:
        line = line[:cut]
    line += draw(st.sampled_from([""] * 12 + [" ", "  ", "\t", "x"]))
    return line


def read_both(line: str) -> tuple[object, list[trf.Diagnostic], object, list[trf.Diagnostic]]:
    fast_diags: list[trf.Diagnostic] = []
    fast = _LineReader(fast_diags).plain_player(line)
    slow_diags: list[trf.Diagnostic] = []
    reader = _LineReader(slow_diags)
    reader.line = 0
    slow = _read_line(_lark(), reader, line, 0, None)
    return fast, fast_diags, slow, slow_diags


@settings(max_examples=1500, **SETTINGS)
@given(player_lines())
def test_the_positional_reading_of_a_player_line_is_the_grammars(line: str) -> None:
    fast, fast_diags, slow, slow_diags = read_both(line)
    if fast is None:
        return  # not in the plain form: the grammar reads it
    assert fast == slow
    assert fast_diags == slow_diags


def test_the_positional_reading_takes_the_canonical_lines() -> None:
    """Every player line of a canonical file is in the plain form (so big files are fast)."""
    for line in EXAMPLE.splitlines():
        if line.startswith("001"):
            fast, _, slow, _ = read_both(line)
            assert fast is not None and fast == slow


def test_a_block_with_a_finding_is_reported_in_every_round_it_appears() -> None:
    """Blocks read without a finding are remembered and shared; one with a finding is not, so
    each round's finding is reported with its own round and column."""
    line = "001    1 m    Doe, Jane                         2500 NOR     1234567 1990/01/01  0.0    1" + "     5 W 0" * 3
    result = trf.parse_text(line + "\n")
    found = [(d.code, d.column, d.message) for d in result.diagnostics if d.code == "normalised"]
    assert found == [("normalised", 97 + 10 * k, f"round {k + 1}: colour 'W' read as 'w'") for k in range(3)]
    rounds = result.tournament.player(1).rounds
    assert rounds[0] == rounds[1] == rounds[2]


def test_shared_blocks_keep_equality_and_writing() -> None:
    result = trf.parse_text(EXAMPLE)
    t = result.tournament
    assert t.player(6).entry(4) is t.player(2).entry(3)  # the same "0000 - H" block, read once
    assert trf.dumps(t) == EXAMPLE


def test_round_count_records_out_of_range_do_not_leak_into_views() -> None:
    t = trf.parse_text(with_lines("142 999999")).tournament
    assert [r for r in t.records if isinstance(r, RoundCount)] == [RoundCount(5, "XXR")]
    assert not [r for r in t.records if isinstance(r, (ByeRecord, AccelerationRange))]


@settings(max_examples=150, **SETTINGS)
@given(st.data())
def test_views_never_raise_on_mutated_files(data: st.DataObject) -> None:
    """The property tests' mutated files (lines, characters, bytes, encodings): every view reads
    whatever the reader made of them."""
    raw, encoding = data.draw(mutated_files())
    views(trf.parse_bytes(raw, encoding=encoding).tournament)
