"""Reading TRF files: bytes -> lines -> records (via ``trf.lark``) -> :class:`Tournament`.

Forgiving by design: every problem becomes a :class:`Diagnostic` with its line and
column, and reading goes on.  A field that breaks the layout is reported and blanked so
the rest of its line is still read; a line that cannot be read at all, or whose record
type is unknown, is kept verbatim so that writing the file back loses nothing.

Bounded by design: a value outside the range the format allows (:mod:`trf.limits`) is a
diagnostic and its record is kept verbatim, out of the model; round blocks past round 99 are
one diagnostic, not read; a list record longer than every player once is not read.  Bytes
that are not a TRF file at all (empty, binary, a PGN, text in an encoding not asked for) are
one error saying what was expected.

A player line in the plain fixed-column form (every field through the rank present, complete
round blocks) is cut into its fields by position, which is what the grammar's fixed-width
terminals do on such a line; so are the lines of the records the grammar reads in one way only
(headers, comments, records kept verbatim, ``142``/``XXR``, ``152``, ``XXC`` of the usual form);
any other line goes through the grammar.  The two readings are the same
(tests/trf/test_parser_limits.py and tests/trf/test_single_readings.py compare them), the direct
one only faster: a file of such lines is read without loading the grammar's parser at all.
``299`` (TRF-2026 abnormal points) is read by its fields only (:func:`trf.abnormal.read_line`:
programs place its columns differently).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from fractions import Fraction
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf import limits
from trf.diagnostics import Diagnostic, Severity, TrfError
from trf.model import (
    AbsentRecord, AccelerationRange, BlankLine, ByeRecord, Colour, Comment, ForbiddenPairs,
    Header, InitialColour, Player, PlayerAcceleration, PreservedRecord, Record, Result,
    RoundCount, RoundEntry, ScoringRecord, Tournament,
)
from trf.scoring import CODES_XXS, SYMBOLS_162
from trf.text import describe, trf_line_clean

if TYPE_CHECKING:
    from pathlib import Path  # pathlib is loaded by whoever passes a Path
    from typing import Callable, cast

    import lark
    from lark import Token

    from trf.grammar import RecordParser
else:
    def cast(_type: object, value: object) -> object:
        """:func:`typing.cast` (``value`` itself), without loading typing."""
        return value

# What each terminal should hold, for "expected ..." messages.
EXPECTED = {
    "START_RANK": "a start rank (up to 4 digits in columns 5-8)",
    "SEX_TITLE": "a blank in column 9, then sex (column 10) and title (columns 11-13)",
    "NAME": "a blank in column 14, then the name (columns 15-47)",
    "RATING": "a blank in column 48, then the rating (columns 49-52)",
    "FEDERATION": "a blank in column 53, then the federation (columns 54-56)",
    "FIDE_ID": "a blank in column 57, then the FIDE id (columns 58-68)",
    "BIRTH_DATE": "a blank in column 69, then the birth date (columns 70-79)",
    "POINTS": "a blank in column 80, then the points (columns 81-84)",
    "RANK": "a blank in column 85, then the rank (columns 86-89)",
    "ROUND": "a round block: opponent start rank (4 digits), colour (w, b or -) and a result code "
             "(1 = 0 + - W D L H F U Z, ? adjourned)",
    "NUMBER": "a whole number",
    "DECIMAL": "a number such as 1.5",
    "COLOUR_LETTER": "W or B",
    "SCORE_PAIR": "a symbol (W D L A P X) followed by points",
    "BYE_KIND": "a bye type (F, H or Z)",
    "ACC_POINTS": "points such as 1.0",
    "ACC_ROUND": "a round number",
    "ACC_ID": "a start rank",
    "XXC_TOKEN": "rank, white1 or black1",
    "XXS_ASSIGN": "CODE=value (e.g. W=3)",
    "HEADER_VALUE": "a blank in column 4, then the value",
    "PRESERVED_TEXT": "the record's text",
    "_TRAIL": "the end of the line",
    "$END": "the end of the line",
}

# Column rulers some programs write above the player lines: digits only, or "DDD SSSS sTTT ...".
_RULER = r"^[ \d]+$|^DDD SSSS "  # compiled at its first use (re's cache): most files never need it
_DECIMAL = re.compile(r"-?(\d+(\.\d*)?|\.\d+)")
_RESULT_CODES = {r.value: r for r in Result}
#: Result letters read as another code: ``X`` (TRF-2026's 162 symbol for an unknown result, which
#: gacrux also takes in the result column) is the adjourned game, written ``?`` (docs/trf.md).
_RESULT_ALIASES = {"X": Result.ADJOURNED}
_COLOURS = {c.value: c for c in Colour}


def _lark() -> RecordParser:
    """The grammar's parser (:func:`trf.grammar.grammar`: built once, kept between runs; its module
    loaded with it: a file whose lines are all read directly needs neither)."""
    from trf.grammar import grammar

    return grammar().parser


@dataclass(frozen=True)
class ParseResult:
    """A tournament and everything the reader noticed on the way."""

    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...]
    encoding: str = "utf-8"

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def ok(self) -> bool:
        return not self.errors

    def raise_on_errors(self, filename: str = "<input>", strict: bool = False) -> None:
        """For callers that want an exception: raise :class:`TrfError` (carrying every diagnostic)
        when the file has errors, or warnings too with ``strict``."""
        diags = [d.promoted() for d in self.diagnostics] if strict else list(self.diagnostics)
        if any(d.severity is Severity.ERROR for d in diags):
            raise TrfError(diags, filename)


# --------------------------------------------------------------------------- decoding


class UnusableEncoding(LookupError):
    """The encoding asked for cannot decode a file: unknown, not a text encoding (``rot13``,
    ``zlib``), or a codec that fails without saying at which byte (``punycode``, ``idna``).
    ``encoding``: the name given; ``reason``: why."""

    def __init__(self, encoding: str, reason: str) -> None:
        super().__init__(f"encoding {encoding!r} cannot decode the file: {reason}")
        self.encoding = encoding
        self.reason = reason


def check_encoding(encoding: str) -> str:
    """The codec's canonical name, or :class:`UnusableEncoding` when it is not a text encoding."""
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        raise UnusableEncoding(encoding, "unknown encoding") from None
    if not getattr(info, "_is_text_encoding", True):
        raise UnusableEncoding(encoding, "not a text encoding")
    return info.name


# Byte-order marks, longest first (the UTF-32-LE mark begins with the UTF-16-LE one).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def _bom(data: bytes) -> tuple[str, int] | None:
    for mark, name in _BOMS:
        if data.startswith(mark):
            return name, len(mark)
    return None


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``-be`` when the bytes look like ASCII-range text in UTF-16 without a
    byte-order mark (every other byte NUL), else ``None``."""
    sample = data[:4096]
    if len(sample) < 8 or b"\x00" not in sample:
        return None
    even, odd = sample[0::2], sample[1::2]
    for zeros, other, name in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if zeros.count(0) >= 0.9 * len(zeros) and other.count(0) <= 0.1 * len(other):
            return name
    return None


def _decode_as(data: bytes, encoding: str) -> str:
    """``data.decode(encoding)``; a codec failing other than with :class:`UnicodeDecodeError`
    is :class:`UnusableEncoding`."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        raise
    except Exception as exc:  # a codec's own failure: punycode, idna ... raise plain UnicodeError
        raise UnusableEncoding(encoding, str(exc) or type(exc).__name__) from None


def decode(data: bytes, encoding: str | None = None) -> tuple[str, str, list[Diagnostic]]:
    """Bytes to text.  Strips a BOM; without ``encoding``, a UTF-16 or UTF-32 BOM chooses the
    encoding (Windows "Unicode" files).  Default UTF-8; on invalid UTF-8 falls back to cp1252
    (then latin-1) with a warning naming the first bad byte, because Western-European
    files from older programs are the usual culprits.  Raises :class:`UnusableEncoding` for an
    ``encoding`` that cannot decode text at all."""
    diags: list[Diagnostic] = []
    if encoding is not None:
        check_encoding(encoding)
    bom = _bom(data)
    if bom is not None and bom[0] == "utf-8":
        data = data[bom[1]:]
        if encoding in (None, "utf-8", "utf8"):
            encoding = "utf-8"
    elif bom is not None and encoding is None:
        name, size = bom
        try:
            return data[size:].decode(name), name, diags
        except UnicodeDecodeError as exc:
            line, col = _position(data, exc.start + size)
            diags.append(Diagnostic(Severity.ERROR, "encoding",
                                    f"byte 0x{data[exc.start + size]:02x} is not valid {name} (the file starts with a "
                                    f"{name} byte-order mark)", line, col))
            return data[size:].decode(name, errors="replace"), name, diags
    elif encoding is None and (guess := _utf16_without_bom(data)) is not None:
        try:
            text = data.decode(guess)
        except UnicodeDecodeError:
            pass
        else:
            diags.append(Diagnostic(Severity.WARNING, "encoding",
                                    f"the file has no byte-order mark but its bytes are {guess} text; read it as {guess} "
                                    f"(use --encoding to choose)", 1, 1))
            return text, guess, diags
    if encoding:
        try:
            return _decode_as(data, encoding), encoding, diags
        except UnicodeDecodeError as exc:
            if encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
                line, col = _position(data, exc.start)
                diags.append(Diagnostic(Severity.ERROR, "encoding",
                                        f"byte 0x{data[exc.start]:02x} is not valid {encoding}", line, col))
                try:
                    return data.decode(encoding, errors="replace"), encoding, diags
                except Exception as again:  # a codec that cannot replace either
                    raise UnusableEncoding(encoding, str(again) or type(again).__name__) from None
    try:
        return data.decode("utf-8"), "utf-8", diags
    except UnicodeDecodeError as exc:
        line, col = _position(data, exc.start)
        for fallback in ("cp1252", "latin-1"):
            try:
                text = data.decode(fallback)
            except UnicodeDecodeError:
                continue
            diags.append(Diagnostic(
                Severity.WARNING, "encoding",
                f"byte 0x{data[exc.start]:02x} is not valid UTF-8; read the file as {fallback} "
                f"(use --encoding to choose)", line, col))
            return text, fallback, diags
        raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def _position(data: bytes, offset: int) -> tuple[int, int]:
    head = data[:offset]
    line = len(re.findall(rb"\r\n|\r|\n", head)) + 1
    start = max(head.rfind(b"\n"), head.rfind(b"\r")) + 1
    return line, len(head[start:].decode("utf-8", errors="replace")) + 1


_EOL = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> tuple[list[str], str, bool, bool]:
    """Lines, the line ending (the first one found), whether the text ends with one, and
    whether endings are mixed.  CR (bbpPairings), LF (lichess) and CRLF (Swiss-Manager) all occur.
    A text without CR has LF endings only: cut by :meth:`str.split`, which is what the regular
    expression does on it, several times faster."""
    if "\r" not in text:
        lines = text.split("\n")
        final = len(lines) > 1 and lines[-1] == ""
        if final:
            lines.pop()
        return lines, "\n", final, False
    endings = _EOL.findall(text)
    lines = _EOL.split(text)
    final = bool(endings) and lines[-1] == ""
    if final:
        lines.pop()
    ending = endings[0] if endings else "\n"
    return lines, ending, final, len(set(endings)) > 1


# --------------------------------------------------------------------------- records

#: A field of a line: its text (the separator column in front included, as the grammar's
#: terminals have it) and the 1-based column where that text starts.
Field = tuple[str, int]

# A player line in the plain form: every fixed field through the rank, then whole round blocks
# (the last one may stop after its colour or its opponent).  On such a line, not ending in a
# blank, the grammar's greedy fixed-width terminals are exactly these slices.
_ROUND_FULL = r"  [ 0-9]{4} [ wbWB-] [ 10=+\-WDLHFUZwdlhfuz?Xx]"
_PLAIN_PLAYER = re.compile(
    r"001 [ 0-9]{4} .{4} .{33} .{4} .{3} .{11} .{10} .{4} .{4}"
    rf"(?:{_ROUND_FULL})*(?:  [ 0-9]{{4}}(?: [ wbWB-](?: [ 10=+\-WDLHFUZwdlhfuz?Xx])?)?)?")
# (start, end) of each fixed field of a player line, 0-based, separator included.
_PLAYER_SLICES = ((3, 8), (8, 13), (13, 47), (47, 52), (52, 56), (56, 68), (68, 79), (79, 84), (84, 89))
_FIRST_BLOCK = 89

# Records whose fields the grammar reads one by one (a huge line of them is not read).
_FIELD_RECORDS = frozenset({"142", "152", "162", "240", "250", "260", "299", "XXR", "XXC", "XXZ", "XXS", "XXA", "XXP",
                            "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"})


# Records the grammar reads in one way only, read here directly from a line of that form (any
# other line goes through the grammar, which says what is wrong with it): a header (its code, then
# nothing or a blank and the value), a comment, a record kept verbatim, and the one-field records
# 142/XXR (a number), 152 (a colour letter) and XXC (words), as the grammar's terminals cut them.
_HEADER_CODES = frozenset({"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
                           "172", "182", "192", "202", "212", "222", "352", "362"})
_PRESERVED_CODES = frozenset({"013", "300", "310", "320", "330", "801", "802", "DAT"})
_ROUNDS_LINE = re.compile(r"(?:142|XXR)([ \t]+[0-9]+)[ \t]*")
_COLOUR_LINE = r"152([ \t]+[WBwb])[ \t]*"  # compiled at its first use (TRF-2026 files only)
_WORDS_LINE = re.compile(r"XXC((?:[ \t]+[A-Za-z0-9]+)*)[ \t]*")
_WORD = re.compile(r"[ \t]+[A-Za-z0-9]+")


class _OutOfRange(Exception):
    """A value outside the format's range: the record is kept verbatim (already reported)."""


class _LineReader:
    """Turns one line's fields into a record, collecting diagnostics."""

    def __init__(self, diags: list[Diagnostic]) -> None:
        self.diags = diags
        self.line = 0
        self._blocks: dict[str, RoundEntry | None] = {}  # round blocks read without a finding
        self._numbers: dict[str, Fraction] = {}  # numbers such as 2.5 read without a finding

    # ---- helpers
    def report(self, severity: Severity, code: str, message: str, column: int) -> None:
        self.diags.append(Diagnostic(severity, code, message, self.line, column))

    @staticmethod
    def _field_column(text: str, column: int) -> int:
        stripped = len(text) - len(text.lstrip())
        return column + (stripped if stripped < len(text) else 1)

    def integer_at(self, text: str, column: int, what: str, low: int | None = None, high: int | None = None) -> int | None:
        """A whole number, ``None`` when blank.  With ``high``: a value outside ``low..high`` is
        reported and raises :class:`_OutOfRange` (its digits never reach ``int``)."""
        s = text.strip()
        if not s:
            return None
        if not s.isdecimal():  # what int() reads; isdigit() also takes '²', which int() rejects
            self.report(Severity.ERROR, "bad-number", f"{what} should be a whole number, found {_shown(s)}",
                        self._field_column(text, column))
            return None
        if high is not None:
            digits = s.lstrip("0") or "0"
            value = int(digits) if len(digits) <= len(str(high)) else None
            if value is None or value > high or (low is not None and value < low):
                self.report(Severity.ERROR, "out-of-range",
                            f"{what} should be {low if low is not None else 0}-{high}, found {_shown(s)}; "
                            "the record is ignored", self._field_column(text, column))
                raise _OutOfRange
            return value
        return int(s)

    def integer(self, tok: Token | None, what: str, low: int | None = None, high: int | None = None) -> int | None:
        if tok is None:
            return None
        return self.integer_at(str(tok), _column(tok), what, low, high)

    def decimal_at(self, text: str, column: int, what: str, bounded: bool = False) -> Fraction | None:
        """A number such as ``2.5``, ``None`` when blank; ``bounded``: points of a scoring or
        acceleration record, at most 99.9 (:data:`trf.limits.MAX_POINTS`)."""
        s = text.strip()
        if not s:
            return None
        known = self._numbers.get(s)
        if known is not None and not bounded:  # a file's points take few values: each read once
            return known
        if not _DECIMAL.fullmatch(s):
            self.report(Severity.ERROR, "bad-number", f"{what} should be a number such as 2.5, found {_shown(s)}",
                        self._field_column(text, column))
            return None
        if bounded or len(s) > limits.MAX_NUMBER_TEXT:
            value = Fraction(s) if len(s) <= limits.MAX_NUMBER_TEXT else None
            if value is None or abs(value) > limits.MAX_POINTS:
                self.report(Severity.ERROR, "out-of-range",
                            f"{what} should be at most {limits.MAX_POINTS.numerator / limits.MAX_POINTS.denominator}, "
                            f"found {_shown(s)}; the record is ignored", self._field_column(text, column))
                raise _OutOfRange
            return value
        value = self._numbers[s] = Fraction(s)
        return value

    def decimal(self, tok: Token | None, what: str, bounded: bool = False) -> Fraction | None:
        if tok is None:
            return None
        return self.decimal_at(str(tok), _column(tok), what, bounded)

    def start_rank(self, tok: Token | None, what: str = "a start rank") -> int:
        """A start rank of a record naming players: 0-9999 (0 is reported by the validator)."""
        return self.integer(tok, what, 0, limits.MAX_START_RANK) or 0

    @staticmethod
    def text(tok: Field | None) -> str:
        return tok[0].strip() if tok is not None else ""

    # ---- dispatch
    def record(self, tree: lark.Tree[Token], line_text: str) -> Record:
        node = cast("lark.Tree[Token]", tree.children[0])  # start: exactly one record rule
        if node.data == "player":
            fields = [None if c is None else (str(c), _column(c)) for c in cast("list[Token | None]", node.children)]
            return self.player(fields, line_text)
        read: Callable[..., Record] = getattr(self, node.data)
        try:
            return read([c for c in node.children], line_text)
        except _OutOfRange:
            return PreservedRecord(line_text[:3], line_text, known=False, line=self.line)

    def plain_player(self, raw: str) -> Record | None:
        """A player line in the plain fixed-column form, read by position; ``None`` for any
        other line (the grammar reads it)."""
        if len(raw) < _FIRST_BLOCK or raw[-1] in " \t" or (len(raw) - _FIRST_BLOCK) % 10 not in (0, 6, 8):
            return None
        if not _PLAIN_PLAYER.fullmatch(raw):
            return None
        blocks = [raw[k:k + 10] for k in range(_FIRST_BLOCK, len(raw), 10)]
        start, sex, rating, rank = raw[3:8].strip(), raw[9:10].strip(), raw[47:52].strip(), raw[84:89].strip()
        if not (start.isdecimal() and start.strip("0") and (not rating or rating.isdecimal())
                and (not rank or rank.isdecimal()) and (not sex or sex.lower() in ("m", "w", "f"))):
            fields: list[Field | None] = [(raw[a:b], a + 1) for a, b in _PLAYER_SLICES]
            return self.player(fields, raw, blocks)  # a field with a finding: each said where it is
        # Every field as :meth:`player` reads it, without a finding (the points read last, as there).
        rounds = self._rounds(blocks, None)
        return Player(
            start_rank=int(start), sex=sex, title=raw[10:13].strip(), name=raw[13:47].strip(),
            rating=int(rating) if rating else None, federation=raw[52:56].strip(), fide_id=raw[56:68].strip(),
            birth_date=raw[68:79].strip(), points=self.decimal_at(raw[79:84], 80, "the points"),
            rank=int(rank) if rank else None, rounds=rounds, line=self.line,
        )

    def _rounds(self, blocks: list[str], columns: list[int] | None) -> tuple[RoundEntry | None, ...]:
        """The round blocks of a player line (at ``columns``, by default 10 apart from column 90),
        the blank ones at its end left out."""
        cache = self._blocks
        rounds: list[RoundEntry | None] = []
        for i, b in enumerate(blocks):  # a block read once before (a file repeats its blocks) is not read again
            rounds.append(cache[b] if b in cache else
                          self.round_entry(b, columns[i] if columns is not None else _FIRST_BLOCK + 1 + 10 * i, i + 1))
        while rounds and rounds[-1] is None:
            rounds.pop()
        return tuple(rounds)

    def single_reading(self, raw: str) -> Record | None:
        """A line of a record the grammar reads in one way only (see :data:`_HEADER_CODES`), read
        without it; ``None`` for any other line (the grammar reads it)."""
        code = raw[:3]
        if code in _HEADER_CODES:
            return Header(code, raw[4:], line=self.line) if len(raw) == 3 or raw[3] == " " else None
        if code == "###":
            return Comment(raw, line=self.line)
        if code in _PRESERVED_CODES:
            return PreservedRecord(code, raw, line=self.line)
        if code == "299":
            return self.abnormal(raw)
        if code in ("142", "XXR"):
            m = _ROUNDS_LINE.fullmatch(raw)
            if m is None:
                return None
            try:
                return self.rounds((m.group(1), 4), code)
            except _OutOfRange:
                return PreservedRecord(code, raw, known=False, line=self.line)
        if code == "152":
            m = re.fullmatch(_COLOUR_LINE, raw)
            return self.colour_letter((m.group(1), 4)) if m is not None else None
        if code == "XXC":
            m = _WORDS_LINE.fullmatch(raw)
            if m is None:
                return None
            return self.colour_words([(w.group(), 4 + w.start()) for w in _WORD.finditer(m.group(1))])
        return None

    def abnormal(self, raw: str) -> Record:
        """``299`` (TRF-2026 abnormal points), read by its fields (:func:`trf.abnormal.read_line`:
        the grammar does not read it); a line with a field that cannot be read is kept verbatim,
        out of the model."""
        from trf.abnormal import read_line

        rec, findings = read_line(raw, self.line)
        for f in findings:
            self.report(f.severity, f.code, f.message, f.column)
        return rec if rec is not None else PreservedRecord("299", raw, known=False, line=self.line)

    def player(self, c: list[Field | None], line_text: str, blocks: list[str] | None = None,
               columns: list[int] | None = None) -> Record:
        """A player record from its fields: the nine fixed ones, then the round blocks (``c``'s
        tail, or ``blocks`` with their ``columns``, by default 10 apart from column 90)."""
        start, sextitle, name, rating, fed, fid, birth, points, rank, *tail = c
        if blocks is None:
            fields = cast("list[Field]", tail)  # ROUND*: no placeholders
            blocks, columns = [b[0] for b in fields], [b[1] for b in fields]
        start_rank = self.integer_at(*start, "the start rank") if start is not None else None
        if start_rank is None or start_rank == 0:
            self.report(Severity.ERROR, "bad-number", "a player record needs a start rank from 1 to 9999 in columns 5-8", 5)
            return PreservedRecord("001", line_text, known=False, line=self.line)
        st = sextitle[0][1:] if sextitle is not None else ""
        sex, title = st[:1].strip(), st[1:].strip()
        if sex and sex.lower() not in ("m", "w", "f"):
            self.report(Severity.WARNING, "bad-code", f"sex should be m or w, found {sex!r}", 10)
        rounds = self._rounds(blocks, columns)
        return Player(
            start_rank=start_rank, sex=sex, title=title, name=self.text(name),
            rating=self.integer_at(*rating, "the rating") if rating is not None else None,
            federation=self.text(fed), fide_id=self.text(fid),
            birth_date=self.text(birth), points=self.decimal_at(*points, "the points") if points is not None else None,
            rank=self.integer_at(*rank, "the rank") if rank is not None else None, rounds=rounds, line=self.line,
        )

    def round_entry(self, text: str, col: int, round_number: int) -> RoundEntry | None:
        """One round block (its 10 columns from ``col``); a block read without a finding is
        remembered, so that a file's repeated blocks are read once."""
        if len(text) == 10:  # the plain form: a start rank or 0000, w b or -, an upper-case code or blank
            colour, code, opp = _COLOURS.get(text[7]), text[9], text[2:6].strip()
            result = _RESULT_CODES.get(code)
            if colour is not None and (result is not None or code == " ") and opp.isdigit():
                plain = RoundEntry(int(opp) or None, colour, result)
                self._blocks[text] = plain
                return plain
        found = len(self.diags)
        entry = self._round_entry(text, col, round_number)
        if len(self.diags) == found:
            self._blocks[text] = entry
        return entry

    def _round_entry(self, text: str, col: int, round_number: int) -> RoundEntry | None:
        block = text.ljust(10)
        if not block.strip():
            return None
        opp_text, colour_char, result_char = block[2:6], block[7], block[9]
        opp = opp_text.strip()
        opponent = int(opp) if opp.isdigit() else 0
        if opp and not opp.isdigit():  # a blank inside the field, e.g. " 1 2": read as no opponent
            self.report(Severity.ERROR, "bad-number",
                        f"round {round_number}: the opponent should be a start rank, found {opp!r}", col + 2)
        elif not opp and (colour_char.strip() or result_char.strip()):
            self.report(Severity.INFO, "normalised", f"round {round_number}: blank opponent read as 0000", col + 2)
        if colour_char == " ":
            colour = Colour.NONE
            if opponent:
                self.report(Severity.INFO, "normalised", f"round {round_number}: blank colour read as '-'", col + 7)
        else:
            colour = _COLOURS[colour_char.lower()]
            if colour_char.isupper():
                self.report(Severity.INFO, "normalised", f"round {round_number}: colour {colour_char!r} read as {colour_char.lower()!r}", col + 7)
        result: Result | None = None
        if result_char != " ":
            result = _RESULT_CODES.get(result_char.upper()) or _RESULT_ALIASES.get(result_char.upper())
            if result is not None and result.value != result_char:
                self.report(Severity.INFO, "normalised", f"round {round_number}: result {result_char!r} read as {result.value!r}", col + 9)
        return RoundEntry(opponent or None, colour, result)

    def header(self, c: list[Token | None], line_text: str) -> Record:
        code, value = c
        return Header(str(code), str(value)[1:] if value is not None else "", line=self.line)

    def round_count(self, c: list[Token], line_text: str) -> Record:
        return self.rounds(_field(c[0]), "142")

    def rounds_xx(self, c: list[Token], line_text: str) -> Record:
        return self.rounds(_field(c[0]), "XXR")

    def rounds(self, number: Field, code: str) -> Record:
        """``142``/``XXR``: the number of rounds (0-99)."""
        return RoundCount(self.integer_at(*number, "the number of rounds", 0, limits.MAX_ROUNDS) or 0, code, line=self.line)

    def initial_colour(self, c: list[Token], line_text: str) -> Record:
        return self.colour_letter(_field(c[0]))

    def colour_letter(self, letter_field: Field) -> Record:
        """``152``: the colour of the top player in round 1, W or B."""
        text, column = letter_field
        letter = text.strip()
        if letter.islower():
            self.report(Severity.INFO, "normalised", f"initial colour {letter!r} read as {letter.upper()!r}",
                        self._field_column(text, column))
        return InitialColour(Colour.WHITE if letter.upper() == "W" else Colour.BLACK, "152", line=self.line)

    def colour_xx(self, c: list[Token], line_text: str) -> Record:
        return self.colour_words([_field(tok) for tok in c if tok is not None])

    def colour_words(self, words: list[Field]) -> Record:
        """``XXC``: ``rank``, ``white1`` or ``black1``."""
        colour, by_rank = None, False
        for text, column in words:
            word = text.strip().lower()
            if word == "rank":
                by_rank = True
            elif word in ("white1", "black1"):
                colour = Colour.WHITE if word == "white1" else Colour.BLACK
            else:
                self.report(Severity.WARNING, "bad-code", f"XXC takes rank, white1 or black1, found {_shown(text.strip())}",
                            self._field_column(text, column))
        return InitialColour(colour, "XXC", by_rank, line=self.line)

    def _points(self, text: str, tok: Token, what: str) -> Fraction:
        """A scoring value (the part of ``tok`` after its symbol), at most 99.9."""
        return self.decimal_at(text, _column(tok), what, bounded=True) or Fraction(0)

    def scoring(self, c: list[Token], line_text: str) -> Record:
        pairs = []
        columns = []
        for tok in c:
            if tok is None:
                continue
            s = tok.strip()
            sym, val = s[0].upper(), self._points(s[1:], tok, f"162 {s[0].upper()}")
            if sym not in SYMBOLS_162:
                self.report(Severity.WARNING, "bad-code", f"162 symbol {sym!r} is not one of W D L A P X (ignored)",
                            self._field_column(str(tok), _column(tok)))
                continue
            if sym == "Z":
                self.report(Severity.INFO, "normalised", "162 symbol 'Z' read as 'A' (absence)",
                            self._field_column(str(tok), _column(tok)))
                sym = "A"
            pairs.append((sym, val))
            columns.append(self._field_column(str(tok), _column(tok)))
        return ScoringRecord("162", tuple(pairs), line=self.line, columns=tuple(columns))

    def scoring_xx(self, c: list[Token], line_text: str) -> Record:
        pairs = []
        for tok in c:
            if tok is None:
                continue
            key, _, val = tok.strip().partition("=")
            key = key.strip().upper()
            points = self._points(val, tok, f"XXS {_shown(key)}")
            if key not in CODES_XXS:
                self.report(Severity.WARNING, "bad-code", f"XXS code {_shown(key)} is unknown (ignored)",
                            self._field_column(str(tok), _column(tok)))
                continue
            pairs.append((key, points))
        return ScoringRecord("XXS", tuple(pairs), line=self.line)

    def scoring_bb(self, c: list[Token], line_text: str) -> Record:
        return ScoringRecord(str(c[0]), (("", self.decimal(c[1], "the points", bounded=True) or Fraction(0)),), line=self.line)

    def byes(self, c: list[Token], line_text: str) -> Record:
        kind_tok, round_tok, *ids = c
        kind = kind_tok.strip().upper()
        if kind not in ("F", "H", "Z"):
            self.report(Severity.ERROR, "bad-code", f"240 bye type should be F, H or Z, found {kind!r}",
                        self._field_column(str(kind_tok), _column(kind_tok)))
        rnd = self.integer(round_tok, "the round", 1, limits.MAX_ROUNDS) or 0
        players = tuple(self.start_rank(t) for t in ids if t is not None)
        return ByeRecord(kind, rnd, players, line=self.line)

    def acceleration(self, c: list[Token], line_text: str) -> Record:
        mp, gp, r1, r2, i1, i2 = c
        return AccelerationRange(
            self.decimal(mp, "the match points", bounded=True), self.decimal(gp, "the game points", bounded=True),
            self.integer(r1, "the first round") or 0, self.integer(r2, "the last round") or 0,
            self.integer(i1, "the first start rank") or 0, self.integer(i2, "the last start rank") or 0,
            line=self.line,
        )

    def forbidden(self, c: list[Token], line_text: str) -> Record:
        r1, r2, *ids = c
        players = tuple(self.start_rank(t) for t in ids if t is not None)
        return ForbiddenPairs(players, self.integer(r1, "the first round", 0, limits.MAX_260_ROUND),
                              self.integer(r2, "the last round", 0, limits.MAX_260_ROUND), "260", line=self.line)

    def forbidden_xx(self, c: list[Token], line_text: str) -> Record:
        players = tuple(self.start_rank(t) for t in c if t is not None)
        return ForbiddenPairs(players, None, None, "XXP", line=self.line)

    def absent_xx(self, c: list[Token], line_text: str) -> Record:
        return AbsentRecord(tuple(self.start_rank(t) for t in c if t is not None), line=self.line)

    def accel_xx(self, c: list[Token], line_text: str) -> Record:
        pid_tok, *vals = c
        pid = self.start_rank(pid_tok, "the start rank")
        values = [t for t in vals if t is not None][:limits.MAX_ROUNDS + 1]
        by_round: dict[int, Fraction | None] = {}
        aligned = True
        for i, tok in enumerate(values):
            end = _column(tok) + len(tok) - 1  # 1-based column of the last character
            if (end - 13) % 5 or end < 13:
                aligned = False
            by_round[(end - 13) // 5 + 1 if aligned else i + 1] = self.decimal(tok, "the points", bounded=True)
        if not aligned:
            self.report(Severity.INFO, "normalised", "XXA values are not in columns 10-13, 15-18, ...; read in order", 5)
            by_round = {i + 1: self.decimal(t, "the points", bounded=True) for i, t in enumerate(values)}
        n = max(by_round, default=0)
        if n > limits.MAX_ROUNDS:
            self.report(Severity.ERROR, "out-of-range",
                        f"XXA gives points for round {n}; TRF allows {limits.MAX_ROUNDS} rounds; the record is ignored", 1)
            raise _OutOfRange
        return PlayerAcceleration(pid, tuple(by_round.get(r) for r in range(1, n + 1)), line=self.line)

    def comment(self, c: list[Token], line_text: str) -> Record:
        return Comment(line_text, line=self.line)

    def preserved(self, c: list[Token | None], line_text: str) -> Record:
        return PreservedRecord(str(c[0]), line_text, line=self.line)


def _shown(text: str) -> str:
    """A value as a message quotes it: a 100-digit number is shown by its first digits and length."""
    if len(text) <= 24:
        return repr(text)
    return f"{text[:12]!r}... ({len(text)} characters)"


def _column(tok: Token) -> int:
    """A token's 1-based column: the lexer sets it on every token it makes."""
    return cast(int, tok.column)


def _field(tok: Token) -> Field:
    return str(tok), _column(tok)


def _expected(exc: lark.exceptions.UnexpectedInput) -> str:
    names = sorted(getattr(exc, "allowed", None) or getattr(exc, "expected", None) or [])
    wanted = [EXPECTED[n] for n in names if n in EXPECTED]
    if not wanted:
        return "a valid field"
    return " or ".join(dict.fromkeys(wanted))


def _nrs_federation(lines: list[str]) -> str | None:
    """The federation of record 172 (columns 5-7): its code marks national-rating lines."""
    for line in lines:
        if line.startswith("172 ") and len(line) >= 7:
            return line[4:7].strip() or None
    return None


def read_records(lines: list[str], diags: list[Diagnostic]) -> list[Record]:
    reader = _LineReader(diags)
    nrs = _nrs_federation(lines)
    records: list[Record] = []
    for number, raw in enumerate(lines, start=1):
        reader.line = number
        if not raw.strip():
            records.append(BlankLine(raw, line=number))
            continue
        code = raw[:3]
        if code == "001":
            if len(raw) > limits.PLAYER_LINE_MAX:
                extra = len(raw) - limits.PLAYER_LINE_MAX
                reader.report(Severity.ERROR, "too-many-rounds",
                              f"the player line runs past round {limits.MAX_ROUNDS} ({extra:,} more characters from "
                              f"column {limits.PLAYER_LINE_MAX + 1}); TRF allows {limits.MAX_ROUNDS} rounds: the rest "
                              "of the line is not read", limits.PLAYER_LINE_MAX + 1)
                raw = raw[:limits.PLAYER_LINE_MAX]
            plain = reader.plain_player(raw)
            if plain is not None:
                records.append(plain)
                continue
        elif code in _FIELD_RECORDS and len(raw) > limits.MAX_LIST_LINE:
            reader.report(Severity.ERROR, "line-too-long",
                          f"a {code} line of {len(raw):,} characters: longer than any {code} record can be "
                          f"({limits.MAX_LIST_LINE:,}); kept verbatim, not read", limits.MAX_LIST_LINE + 1)
            records.append(PreservedRecord(code, raw, known=False, line=number))
            continue
        single = reader.single_reading(raw)
        records.append(single if single is not None else _read_line(_lark(), reader, raw, number, nrs))
    return records


def _read_line(parser: RecordParser, reader: _LineReader, raw: str, number: int, nrs: str | None) -> Record:
    text = raw
    from trf.grammar import grammar

    errors = grammar()  # the classes of the parser's errors
    for _attempt in range(12):
        try:
            tree = parser.parse(text)
        except errors.unexpected_input as exc:
            col = getattr(exc, "column", 1) or 1
            if col <= 3 or (isinstance(exc, errors.unexpected_token) and exc.token.type == "$END" and len(text.strip()) <= 3):
                code = raw[:3]
                if nrs and code == nrs:
                    return PreservedRecord(code, raw, line=number)
                if re.match(_RULER, raw):
                    reader.report(Severity.INFO, "normalised", "column ruler line (Swiss-Manager style) kept verbatim", 1)
                    return PreservedRecord("", raw, line=number)
                reader.report(Severity.WARNING, "unknown-record",
                              f"unknown record type {code.strip()!r}; kept verbatim", 1)
                return PreservedRecord(code, raw, known=False, line=number)
            where = col if col <= len(text) else len(text) + 1
            found = repr(text[where - 1]) if where <= len(text) else "the end of the line"
            reader.report(Severity.ERROR, "syntax", f"found {found} where {_expected(exc)} was expected", where)
            if where > len(text) or text[where - 1] == " ":
                break
            text = text[: where - 1] + " " + text[where:]
            continue
        return reader.record(tree, raw)
    return PreservedRecord(raw[:3], raw, known=False, line=number)


def control_characters(text: str, lines: list[str]) -> list[Diagnostic]:
    """A warning for each line holding a control character or a bidirectional override
    (:data:`trf.text.IN_TRF_LINE`), at the first one, with how many more the line has.  TRF
    text is printable; such a character means nothing to the tournament but acts on whatever
    shows the name (a terminal obeys ESC, an override turns the text around), so the file is
    still read (``--strict`` refuses it) and the toolkit shows the character as an escape.  The
    whole text is searched once (:func:`trf.text.trf_line_clean`), its lines only when it holds one."""
    if trf_line_clean(text):
        return []
    from trf.text import IN_TRF_LINE  # compiled at its first use: a clean file never needs it

    found = []
    for number, raw in enumerate(lines, start=1):
        first = IN_TRF_LINE.search(raw)
        if first is None:
            continue
        more = len(IN_TRF_LINE.findall(raw, first.end()))
        found.append(Diagnostic(Severity.WARNING, "control-character",
                                f"{describe(first.group())} is a control character: TRF text is printable"
                                + (f" ({more} more on the line)" if more else ""), number, first.start() + 1))
    return found


# --------------------------------------------------------------------------- what the file is

_PGN_TAG = r'\s*\[[A-Za-z]+\s+"'  # compiled at its first use: a file without players
_WANTED = ("expected a FIDE Tournament Report File (TRF-16 or TRF-2026): header lines such as "
           "'012 Tournament name' and one '001' line per player")


def _is_trf_record(rec: Record) -> bool:
    if isinstance(rec, BlankLine):
        return False
    if isinstance(rec, PreservedRecord):
        return rec.known and rec.code != ""  # not an unknown record, not a column ruler
    return True


def _what_it_is(records: list[Record], text: str, diags: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics of a file with no player record: an error when nothing in it is TRF
    (replacing the per-line findings, which would only repeat it).  TRF records without a player
    are a valid file (an event just created, before its registrations); a command that needs
    players says so."""
    if any(_is_trf_record(r) for r in records):
        return diags
    if not text.strip():
        why = "the file is empty"
    elif "\x00" in text:
        why = "the file holds NUL bytes (binary data, or text in an encoding without a byte-order mark)"
    elif re.match(_PGN_TAG, text):
        why = "this looks like a PGN file (games), not a tournament report"
    else:
        why = "no line of the file is a TRF record"
    kept = [d for d in diags if d.code == "encoding"]
    return kept + [Diagnostic(Severity.ERROR, "not-trf", f"{why}: {_WANTED}", 1, 1)]


# --------------------------------------------------------------------------- entry points


def parse_text(text: str, *, validate: bool = True) -> ParseResult:
    """Read a TRF document from text (already decoded)."""
    lines, ending, final, mixed = split_lines(text)
    diags: list[Diagnostic] = []
    if mixed:
        diags.append(Diagnostic(Severity.INFO, "line-ending",
                                f"the file mixes line endings; it will be written with {ending!r}", 1, 1))
    records = read_records(lines, diags)
    diags += control_characters(text, lines)
    diags = _what_it_is(records, text, diags)
    tournament = Tournament(tuple(records), ending, final)
    if validate:
        from trf.validate import validate as check

        diags.extend(check(tournament))
    return ParseResult(tournament, tuple(diags))


def parse_bytes(data: bytes, *, encoding: str | None = None, validate: bool = True) -> ParseResult:
    """Read a TRF document from bytes.  Raises :class:`UnusableEncoding` for an ``encoding``
    that cannot decode text; never for bad content."""
    text, used, diags = decode(data, encoding)
    result = parse_text(text, validate=validate)
    return ParseResult(result.tournament, tuple(diags) + result.diagnostics, used)


def parse_file(path: str | Path, *, encoding: str | None = None, validate: bool = True) -> ParseResult:
    """Read a TRF file.  Raises ``OSError`` when it cannot be read, :class:`trf.bounded.InputTooLarge`
    for a file larger than any TRF file can be (:data:`trf.limits.TRF_FILE`: it is not read past
    that, so ``/dev/zero`` or an endless pipe stop) and :class:`UnusableEncoding` for an
    ``encoding`` that cannot decode text; never for bad content."""
    from trf.bounded import read_bounded

    return parse_bytes(read_bounded(path, limits.TRF_FILE), encoding=encoding, validate=validate)
