"""The reader's shortcuts change nothing it reads: every TRF file of ``fixtures/`` (its files with
planted faults included) and of the corpus gives the same records, to the last attribute, and
the same diagnostics as a reader without them.

The shortcuts: a text without CR is cut into lines by :meth:`str.split` (the regular expression
otherwise); a round block or a number such as ``2.5`` read once without a finding is not read
again (:class:`trf.parser._LineReader` remembers it); a plain player line whose fields hold no
finding is read in one step.  The reader without them is the same reader with memories that keep
nothing, reading every plain player line field by field, and the regular expression's cut.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest

import trf.parser as parser
from tests.support import CORPUS, FIXTURES, TRF_SUFFIXES, shared_corpus
from trf.diagnostics import Diagnostic
from trf.model import Player, Record

_EOL = re.compile(r"\r\n|\r|\n")


def lines_by_regex(text: str) -> tuple[list[str], str, bool, bool]:
    """:func:`trf.parser.split_lines` as the regular expression cuts any text."""
    endings = _EOL.findall(text)
    lines = _EOL.split(text)
    final = bool(endings) and lines[-1] == ""
    if final:
        lines.pop()
    return lines, endings[0] if endings else "\n", final, len(set(endings)) > 1


class _Forgets(dict):  # type: ignore[type-arg]
    """A memory that keeps nothing."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


class _ReaderWithoutMemory(parser._LineReader):
    def __init__(self, diags: list[Diagnostic]) -> None:
        super().__init__(diags)
        self._blocks = _Forgets()
        self._numbers = _Forgets()

    def plain_player(self, raw: str) -> Record | None:
        """Every plain player line read field by field (:meth:`~trf.parser._LineReader.player`)."""
        if len(raw) < parser._FIRST_BLOCK or raw[-1] in " \t" or (len(raw) - parser._FIRST_BLOCK) % 10 not in (0, 6, 8):
            return None
        if not parser._PLAIN_PLAYER.fullmatch(raw):
            return None
        fields: list[tuple[str, int] | None] = [(raw[a:b], a + 1) for a, b in parser._PLAYER_SLICES]
        return self.player(fields, raw, [raw[k:k + 10] for k in range(parser._FIRST_BLOCK, len(raw), 10)])


def fields(value: object) -> object:
    """``value`` taken apart to comparable data: a dataclass into its type and every attribute
    (those left out of ``==`` too, such as a record's line and a block's scoring key)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value), {f.name: fields(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return type(value), [fields(v) for v in value]
    if isinstance(value, Fraction):
        return Fraction, value.numerator, value.denominator
    return type(value), value


def readings(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """What the reader makes of ``text`` and what it makes without its shortcuts."""
    lines = parser.split_lines(text)
    assert lines == lines_by_regex(text)
    assert parser.split_lines(text.replace("\r", "")) == lines_by_regex(text.replace("\r", ""))
    diags: list[Diagnostic] = []
    records: list[Record] = parser.read_records(lines[0], diags)
    with monkeypatch.context() as m:
        m.setattr(parser, "_LineReader", _ReaderWithoutMemory)
        plain_diags: list[Diagnostic] = []
        plain: list[Record] = parser.read_records(lines_by_regex(text)[0], plain_diags)
    return fields((records, diags)), fields((plain, plain_diags))


def files(root: Path) -> list[Path]:
    return [p for p in sorted(root.rglob("*")) if p.suffix in TRF_SUFFIXES and p.is_file()]


def text_of(path: Path) -> str:
    return parser.decode(path.read_bytes())[0]


@pytest.mark.fast
def test_the_fixtures_read_the_same_without_the_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    paths = files(FIXTURES)
    assert len(paths) > 80 and any("invalid" in p.parts for p in paths)
    for path in paths:
        got, plain = readings(text_of(path), monkeypatch)
        assert got == plain, path


@pytest.mark.corpus
def test_the_corpus_reads_the_same_without_the_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    paths = files(shared_corpus())
    assert len(paths) > 1000
    for path in paths:
        got, plain = readings(text_of(path), monkeypatch)
        assert got == plain, path.relative_to(CORPUS)


@pytest.mark.fast
def test_a_reader_remembers_blocks_and_numbers_and_the_model_is_the_same() -> None:
    line = ("001    1 mGM  Lindqvist, Erik                   2541 SWE     1700123 1988/04/12  2.5    1"
            "     5 w 1     4 b =     5 w 1")
    reader = parser._LineReader([])
    first, again = reader.plain_player(line), reader.plain_player(line)
    assert isinstance(first, Player) and first.points == Fraction(5, 2) and first.rounds[0] is first.rounds[2]
    assert first == again and fields(first) == fields(again)
    assert reader._numbers == {"2.5": Fraction(5, 2)} and set(reader._blocks) == {"     5 w 1", "     4 b ="}


@pytest.mark.parametrize("text", ["", "\n", "a", "a\n", "a\nb", "a\n\nb\n\n", "a\r\nb\r\n", "a\rb", "a\r\nb\nc\r",
                                  "\r", "a\n\r"])
def test_lines_are_cut_as_the_regular_expression_cuts_them(text: str) -> None:
    assert parser.split_lines(text) == lines_by_regex(text)


def test_a_block_read_with_a_finding_is_read_again_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    players = [f"001    {n} m    Player {n}                          2100 ENG     1234567 1990/01/01  1.0    {n}"
               "     3 W 1     3 B 0" for n in (1, 2)]  # upper-case colours: read as w and b, each time said
    text = "012 Shortcuts\n" + "\n".join(players) + "\n"
    got, plain = readings(text, monkeypatch)
    assert got == plain
    diags: list[Diagnostic] = []
    parser.read_records(parser.split_lines(text)[0], diags)
    assert [(d.line, d.code) for d in diags] == [(2, "normalised"), (2, "normalised"), (3, "normalised"),
                                                (3, "normalised")]
