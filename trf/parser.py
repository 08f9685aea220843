"""Reading TRF files: bytes -> lines -> records (via ``trf.lark``) -> :class:`Tournament`.

Forgiving by design: every problem becomes a :class:`Diagnostic` with its line and
column, and reading goes on.  A field that breaks the layout is reported and blanked so
the rest of its line is still read; a line that cannot be read at all, or whose record
type is unknown, is kept verbatim so that writing the file back loses nothing.
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Callable, cast

import lark
from lark import Token

from trf.diagnostics import Diagnostic, Severity, TrfError
from trf.model import (
    AbsentRecord, AccelerationRange, BlankLine, ByeRecord, Colour, Comment, ForbiddenPairs,
    Header, InitialColour, Player, PlayerAcceleration, PreservedRecord, Record, Result,
    RoundCount, RoundEntry, ScoringRecord, Tournament,
)
from trf.scoring import CODES_XXS, SYMBOLS_162

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
             "(1 = 0 + - W D L H F U Z)",
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
_RULER = re.compile(r"^[ \d]+$|^DDD SSSS ")
_DECIMAL = re.compile(r"-?(\d+(\.\d*)?|\.\d+)")
_RESULT_CODES = {r.value: r for r in Result}


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return resources.files("trf").joinpath("trf.lark").read_text(encoding="utf-8")


def _cache_file() -> str | None:
    """Where lark keeps the built parser between runs: a file in the user's own cache folder
    (``$XDG_CACHE_HOME/arbiter``, else ``~/.cache/arbiter``, made private), named by lark's version.
    Building the parser costs about 0.1 s, which every command would pay at start.  ``None`` (no
    cache) when that folder cannot be made: lark checks the grammar's hash before using a
    cached parser and rebuilds it when the file is stale or damaged."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "arbiter")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    return os.path.join(folder, f"trf-grammar-lark-{lark.__version__}.cache")


@lru_cache(maxsize=1)
def _lark() -> lark.Lark:
    return lark.Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=True,
                     cache=_cache_file() or False)


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


def decode(data: bytes, encoding: str | None = None) -> tuple[str, str, list[Diagnostic]]:
    """Bytes to text.  Strips a BOM.  Default UTF-8; on invalid UTF-8 falls back to cp1252
    (then latin-1) with a warning naming the first bad byte, because Western-European
    files from older programs are the usual culprits."""
    diags: list[Diagnostic] = []
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
        if encoding in (None, "utf-8", "utf8"):
            encoding = "utf-8"
    if encoding:
        try:
            return data.decode(encoding), encoding, diags
        except UnicodeDecodeError as exc:
            if encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
                line, col = _position(data, exc.start)
                diags.append(Diagnostic(Severity.ERROR, "encoding",
                                        f"byte 0x{data[exc.start]:02x} is not valid {encoding}", line, col))
                return data.decode(encoding, errors="replace"), encoding, diags
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
    whether endings are mixed.  CR (bbpPairings), LF (lichess) and CRLF (Swiss-Manager) all occur."""
    endings = _EOL.findall(text)
    lines = _EOL.split(text)
    final = bool(endings) and lines[-1] == ""
    if final:
        lines.pop()
    ending = endings[0] if endings else "\n"
    return lines, ending, final, len(set(endings)) > 1


# --------------------------------------------------------------------------- records


class _LineReader:
    """Turns one line's parse tree into a record, collecting diagnostics."""

    def __init__(self, diags: list[Diagnostic]) -> None:
        self.diags = diags
        self.line = 0

    # ---- helpers
    def report(self, severity: Severity, code: str, message: str, column: int) -> None:
        self.diags.append(Diagnostic(severity, code, message, self.line, column))

    def _field_column(self, tok: Token) -> int:
        text = str(tok)
        stripped = len(text) - len(text.lstrip())
        return _column(tok) + (stripped if stripped < len(text) else 1)

    def integer(self, tok: Token | None, what: str) -> int | None:
        if tok is None:
            return None
        s = tok.strip()
        if not s:
            return None
        if s.isdecimal():  # what int() reads; isdigit() also takes '²', which int() rejects
            return int(s)
        self.report(Severity.ERROR, "bad-number", f"{what} should be a whole number, found {s!r}", self._field_column(tok))
        return None

    def decimal(self, tok: Token | None, what: str) -> Fraction | None:
        if tok is None:
            return None
        s = tok.strip()
        if not s:
            return None
        if _DECIMAL.fullmatch(s):
            return Fraction(s)
        self.report(Severity.ERROR, "bad-number", f"{what} should be a number such as 2.5, found {s!r}", self._field_column(tok))
        return None

    @staticmethod
    def text(tok: Token | None) -> str:
        return tok.strip() if tok is not None else ""

    # ---- dispatch
    def record(self, tree: lark.Tree[Token], line_text: str) -> Record:
        node = cast("lark.Tree[Token]", tree.children[0])  # start: exactly one record rule
        read: Callable[..., Record] = getattr(self, node.data)
        return read([c for c in node.children], line_text)

    def player(self, c: list[Token | None], line_text: str) -> Record:
        start, sextitle, name, rating, fed, fid, birth, points, rank, *blocks = c
        start_rank = self.integer(start, "the start rank")
        if start_rank is None or start_rank == 0:
            self.report(Severity.ERROR, "bad-number", "a player record needs a start rank from 1 to 9999 in columns 5-8", 5)
            return PreservedRecord("001", line_text, known=False, line=self.line)
        st = str(sextitle or "")[1:]
        sex, title = st[:1].strip(), st[1:].strip()
        if sex and sex.lower() not in ("m", "w", "f"):
            self.report(Severity.WARNING, "bad-code", f"sex should be m or w, found {sex!r}", 10)
        rounds = tuple(self.round_entry(tok, i + 1) for i, tok in enumerate(cast("list[Token]", blocks)))  # ROUND*: no placeholders
        while rounds and rounds[-1] is None:
            rounds = rounds[:-1]
        return Player(
            start_rank=start_rank, sex=sex, title=title, name=self.text(name),
            rating=self.integer(rating, "the rating"), federation=self.text(fed), fide_id=self.text(fid),
            birth_date=self.text(birth), points=self.decimal(points, "the points"),
            rank=self.integer(rank, "the rank"), rounds=rounds, line=self.line,
        )

    def round_entry(self, tok: Token, round_number: int) -> RoundEntry | None:
        block = str(tok).ljust(10)
        if not block.strip():
            return None
        col = _column(tok)
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
            colour = Colour(colour_char.lower())
            if colour_char.isupper():
                self.report(Severity.INFO, "normalised", f"round {round_number}: colour {colour_char!r} read as {colour_char.lower()!r}", col + 7)
        result: Result | None = None
        if result_char != " ":
            result = _RESULT_CODES.get(result_char.upper())
            if result_char.islower():
                self.report(Severity.INFO, "normalised", f"round {round_number}: result {result_char!r} read as {result_char.upper()!r}", col + 9)
        return RoundEntry(opponent or None, colour, result)

    def header(self, c: list[Token | None], line_text: str) -> Record:
        code, value = c
        return Header(str(code), str(value)[1:] if value is not None else "", line=self.line)

    def round_count(self, c: list[Token], line_text: str) -> Record:
        return RoundCount(self.integer(c[0], "the number of rounds") or 0, "142", line=self.line)

    def rounds_xx(self, c: list[Token], line_text: str) -> Record:
        return RoundCount(self.integer(c[0], "the number of rounds") or 0, "XXR", line=self.line)

    def initial_colour(self, c: list[Token], line_text: str) -> Record:
        letter = c[0].strip()
        if letter.islower():
            self.report(Severity.INFO, "normalised", f"initial colour {letter!r} read as {letter.upper()!r}", self._field_column(c[0]))
        return InitialColour(Colour.WHITE if letter.upper() == "W" else Colour.BLACK, "152", line=self.line)

    def colour_xx(self, c: list[Token], line_text: str) -> Record:
        colour, by_rank = None, False
        for tok in c:
            if tok is None:
                continue
            word = tok.strip().lower()
            if word == "rank":
                by_rank = True
            elif word in ("white1", "black1"):
                colour = Colour.WHITE if word == "white1" else Colour.BLACK
            else:
                self.report(Severity.WARNING, "bad-code", f"XXC takes rank, white1 or black1, found {tok.strip()!r}", self._field_column(tok))
        return InitialColour(colour, "XXC", by_rank, line=self.line)

    def scoring(self, c: list[Token], line_text: str) -> Record:
        pairs = []
        for tok in c:
            if tok is None:
                continue
            s = tok.strip()
            sym, val = s[0].upper(), Fraction(s[1:].strip())
            if sym not in SYMBOLS_162:
                self.report(Severity.WARNING, "bad-code", f"162 symbol {sym!r} is not one of W D L A P X (ignored)", self._field_column(tok))
                continue
            if sym == "Z":
                self.report(Severity.INFO, "normalised", "162 symbol 'Z' read as 'A' (absence)", self._field_column(tok))
                sym = "A"
            pairs.append((sym, val))
        return ScoringRecord("162", tuple(pairs), line=self.line)

    def scoring_xx(self, c: list[Token], line_text: str) -> Record:
        pairs = []
        for tok in c:
            if tok is None:
                continue
            key, _, val = tok.strip().partition("=")
            key = key.strip().upper()
            if key not in CODES_XXS:
                self.report(Severity.WARNING, "bad-code", f"XXS code {key!r} is unknown (ignored)", self._field_column(tok))
                continue
            pairs.append((key, Fraction(val.strip())))
        return ScoringRecord("XXS", tuple(pairs), line=self.line)

    def scoring_bb(self, c: list[Token], line_text: str) -> Record:
        return ScoringRecord(str(c[0]), (("", self.decimal(c[1], "the points") or Fraction(0)),), line=self.line)

    def byes(self, c: list[Token], line_text: str) -> Record:
        kind_tok, round_tok, *ids = c
        kind = kind_tok.strip().upper()
        if kind not in ("F", "H", "Z"):
            self.report(Severity.ERROR, "bad-code", f"240 bye type should be F, H or Z, found {kind!r}", self._field_column(kind_tok))
        players = tuple(i for t in ids if t is not None and (i := self.integer(t, "a start rank")) is not None)
        return ByeRecord(kind, self.integer(round_tok, "the round") or 0, players, line=self.line)

    def acceleration(self, c: list[Token], line_text: str) -> Record:
        mp, gp, r1, r2, i1, i2 = c
        return AccelerationRange(
            self.decimal(mp, "the match points"), self.decimal(gp, "the game points"),
            self.integer(r1, "the first round") or 0, self.integer(r2, "the last round") or 0,
            self.integer(i1, "the first start rank") or 0, self.integer(i2, "the last start rank") or 0,
            line=self.line,
        )

    def forbidden(self, c: list[Token], line_text: str) -> Record:
        r1, r2, *ids = c
        players = tuple(self.integer(t, "a start rank") or 0 for t in ids if t is not None)
        return ForbiddenPairs(players, self.integer(r1, "the first round"), self.integer(r2, "the last round"), "260", line=self.line)

    def forbidden_xx(self, c: list[Token], line_text: str) -> Record:
        players = tuple(self.integer(t, "a start rank") or 0 for t in c if t is not None)
        return ForbiddenPairs(players, None, None, "XXP", line=self.line)

    def absent_xx(self, c: list[Token], line_text: str) -> Record:
        return AbsentRecord(tuple(self.integer(t, "a start rank") or 0 for t in c if t is not None), line=self.line)

    def accel_xx(self, c: list[Token], line_text: str) -> Record:
        pid_tok, *vals = c
        pid = self.integer(pid_tok, "the start rank") or 0
        by_round: dict[int, Fraction | None] = {}
        aligned = True
        for i, tok in enumerate(t for t in vals if t is not None):
            end = _column(tok) + len(tok) - 1  # 1-based column of the last character
            if (end - 13) % 5 or end < 13:
                aligned = False
            by_round[(end - 13) // 5 + 1 if aligned else i + 1] = self.decimal(tok, "the points")
        if not aligned:
            self.report(Severity.INFO, "normalised", "XXA values are not in columns 10-13, 15-18, ...; read in order", 5)
            by_round = {i + 1: self.decimal(t, "the points") for i, t in enumerate(t for t in vals if t is not None)}
        n = max(by_round, default=0)
        return PlayerAcceleration(pid, tuple(by_round.get(r) for r in range(1, n + 1)), line=self.line)

    def comment(self, c: list[Token], line_text: str) -> Record:
        return Comment(line_text, line=self.line)

    def preserved(self, c: list[Token | None], line_text: str) -> Record:
        return PreservedRecord(str(c[0]), line_text, line=self.line)


def _column(tok: Token) -> int:
    """A token's 1-based column: the lexer sets it on every token it makes."""
    return cast(int, tok.column)


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
    parser = _lark()
    reader = _LineReader(diags)
    nrs = _nrs_federation(lines)
    records: list[Record] = []
    for number, raw in enumerate(lines, start=1):
        reader.line = number
        if not raw.strip():
            records.append(BlankLine(raw, line=number))
            continue
        records.append(_read_line(parser, reader, raw, number, nrs))
    return records


def _read_line(parser: lark.Lark, reader: _LineReader, raw: str, number: int, nrs: str | None) -> Record:
    text = raw
    for _attempt in range(12):
        try:
            tree = parser.parse(text)
        except lark.exceptions.UnexpectedInput as exc:
            col = getattr(exc, "column", 1) or 1
            if col <= 3 or (isinstance(exc, lark.exceptions.UnexpectedToken) and exc.token.type == "$END" and len(text.strip()) <= 3):
                code = raw[:3]
                if nrs and code == nrs:
                    return PreservedRecord(code, raw, line=number)
                if _RULER.match(raw):
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


# --------------------------------------------------------------------------- entry points


def parse_text(text: str, *, validate: bool = True) -> ParseResult:
    """Read a TRF document from text (already decoded)."""
    lines, ending, final, mixed = split_lines(text)
    diags: list[Diagnostic] = []
    if mixed:
        diags.append(Diagnostic(Severity.INFO, "line-ending",
                                f"the file mixes line endings; it will be written with {ending!r}", 1, 1))
    records = read_records(lines, diags)
    tournament = Tournament(tuple(records), ending, final)
    if validate:
        from trf.validate import validate as check

        diags.extend(check(tournament))
    return ParseResult(tournament, tuple(diags))


def parse_bytes(data: bytes, *, encoding: str | None = None, validate: bool = True) -> ParseResult:
    text, used, diags = decode(data, encoding)
    result = parse_text(text, validate=validate)
    return ParseResult(result.tournament, tuple(diags) + result.diagnostics, used)


def parse_file(path: str | Path, *, encoding: str | None = None, validate: bool = True) -> ParseResult:
    """Read a TRF file.  Raises ``OSError`` when it cannot be read; never for bad content."""
    return parse_bytes(Path(path).read_bytes(), encoding=encoding, validate=validate)
