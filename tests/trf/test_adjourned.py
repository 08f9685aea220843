"""The adjourned game ``?`` in the TRF layer (docs/trf.md, "Adjourned games").

TRF-2026 162 names the value of an "unknown result, e.g. adjourned game" (``X``, by default a
draw's) but gives no ``001`` result code for one; gacrux (FIDE TEC's reference) reads ``?`` and
``X`` in the result column as a played, unrated game worth ``X``.  The toolkit writes ``?`` and
reads ``?``, ``X`` and ``x``.  C.04.2 Art. 3.1: a draw for pairing only, so the game is played (a
meeting, a colour), not rated, and both players' lines carry ``?``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from trf.codes import Colour, Result
from trf.convert import convert
from trf.model import RoundEntry
from trf.writer import dumps

pytestmark = pytest.mark.fast

F = Fraction


def _line(pid: int, points: str, blocks: str) -> str:
    return f"001 {pid:>4}      Player {pid:<26} {2500 - 100 * pid:>4}" + " " * 28 + f"{points:>4} {pid:>4}" + blocks


# 1-2 won by 1, 3-4 won by 3; round 2: 3-1 adjourned, 2-4 drawn.  Points: 1½, ½, 1½, ½.
LINES = [
    _line(1, "1.5", "     2 w 1     3 b ?"),
    _line(2, "0.5", "     1 b 0     4 w ="),
    _line(3, "1.5", "     4 w 1     1 w ?"),
    _line(4, "0.5", "     3 b 0     2 b ="),
]


def text(*lines: str, head: tuple[str, ...] = ("012 Adjourned", "XXR 3")) -> str:
    return "\n".join([*head, *lines]) + "\n"


def parse(*lines: str, head: tuple[str, ...] = ("012 Adjourned", "XXR 3")) -> trf.ParseResult:
    return trf.parse_text(text(*lines, head=head))


def problems(result: trf.ParseResult) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.line, d.column, d.message) for d in result.diagnostics if d.severity is not trf.Severity.INFO]


def test_the_code() -> None:
    """Played (C.04.2 Art. 3.1: a draw for pairing, so a meeting and a colour), not rated, no bye,
    its own complement (both lines carry it)."""
    adj = Result("?")
    assert adj is Result.ADJOURNED and adj.is_adjourned
    assert adj.is_played and not adj.is_rated and not adj.is_bye
    assert adj.complement == frozenset({Result.ADJOURNED})
    assert not any(r.is_adjourned for r in Result if r is not Result.ADJOURNED)


def test_read_and_written_back_byte_for_byte() -> None:
    r = parse(*LINES)
    assert problems(r) == []
    t = r.tournament
    assert t.player(1).entry(2) == RoundEntry(3, Colour.BLACK, Result.ADJOURNED)
    assert dumps(t) == text(*LINES)


@pytest.mark.parametrize("letter", ["X", "x"])
def test_x_is_read_as_the_adjourned_game_and_written_as_a_question_mark(letter: str) -> None:
    """``X`` (162's symbol, which gacrux also reads in the result column) is read as ``?``, with a
    note at the result's column (99 + 10 for round 2 = 109); written back as ``?``."""
    lines = [ln.replace("?", letter) for ln in LINES]
    r = parse(*lines)
    assert problems(r) == []
    notes = [(d.code, d.line, d.column, d.message) for d in r.diagnostics if d.severity is trf.Severity.INFO]
    assert notes == [("normalised", 3, 109, f"round 2: result {letter!r} read as '?'"),
                     ("normalised", 5, 109, f"round 2: result {letter!r} read as '?'")]
    assert dumps(r.tournament) == text(*LINES)


def test_scored_with_the_x_value() -> None:
    """Default X = D = ½ (TRF-2026 162); ``162 X 0.0`` makes it nothing; under 3/1/0 it follows the
    draw (1); JaVaFo's colour-specific draws (XXS WD/BD) give the X of the colour."""
    assert [parse(*LINES).tournament.score(i) for i in (1, 2, 3, 4)] == [F(3, 2), F(1, 2), F(3, 2), F(1, 2)]
    x0 = parse(*LINES, head=("012 Adjourned", "XXR 3", "162  X 0.0")).tournament
    assert x0.score(1) == 1 and x0.score(3) == 1
    three = parse(*LINES, head=("012 Adjourned", "XXR 3", "162  W 3.0    D 1.0")).tournament
    assert three.score(1) == 4 and three.score(3) == 4  # 3 + 1
    xxs = parse(*LINES, head=("012 Adjourned", "XXR 3", "XXS WD=0.6 BD=0.4")).tournament
    assert xxs.scoring.value(xxs.player(1).entry(2)) == F(2, 5)  # 1 had Black
    assert xxs.scoring.value(xxs.player(3).entry(2)) == F(3, 5)  # 3 had White


def test_a_meeting_and_a_colour() -> None:
    p = parse(*LINES).tournament.player(1)
    assert p.opponents() == (2, 3) and p.colour_history() == (Colour.WHITE, Colour.BLACK)
    assert p.played_rounds() == (1, 2)


def test_both_lines_carry_it() -> None:
    """A ``?`` against a result: the lower start rank's line is reported at its result column."""
    lines = [LINES[0], LINES[1], _line(3, "2.0", "     4 w 1     1 w 1"), LINES[3]]
    assert problems(parse(*lines)) == [
        ("result-mismatch", 3, 109, "player 1, round 2: result '?' against 3, whose line has '1' (an adjourned "
                                    "game is written '?' on both players' lines until its result is entered)")]


def test_it_needs_an_opponent_and_a_colour() -> None:
    """``0000 - ?`` (a round not yet paired, or a bye) is refused at the result column; so is a
    ``?`` against an opponent without a colour."""
    alone = [LINES[0] + "  0000 - ?", *LINES[1:]]
    assert problems(parse(*alone)) == [
        ("game-without-colour", 3, 119, "player 1, round 3: result '?' needs an opponent (an adjourned game is one "
                                        "of a round already paired, against the opponent of that pairing)")]
    colourless = [LINES[0].replace("3 b ?", "3 - ?"), LINES[1], LINES[2].replace("1 w ?", "1 - ?"), LINES[3]]
    found = problems(parse(*colourless))
    assert [(c, ln, col) for c, ln, col, _ in found] == [("game-without-colour", 3, 107), ("game-without-colour", 5, 107)]


def test_converting_to_trf16_keeps_it_with_a_warning() -> None:
    """TRF-16 has no code for it: ``?`` is kept (writing ``=`` would make it a rated draw), with a
    warning that JaVaFo and bbpPairings refuse the file; converting back gives the same file."""
    t = parse(*LINES, head=("012 Adjourned", "142 3")).tournament
    out, notes = convert(t, "trf16")
    assert dumps(out) == text(*LINES, head=("012 Adjourned", "XXR 3"))
    assert [(n.severity, n.line) for n in notes] == [(trf.Severity.WARNING, 5)]
    assert "1 adjourned game(s) ('?': round 2 3-1) kept as '?'" in notes[0].message
    back, _ = convert(out, "trf26")
    assert dumps(back) == dumps(t)


def test_converting_a_162_x_to_trf16_keeps_the_162_line() -> None:
    """No BB? or XXS code holds the X value: the 162 line stays beside XXS/BB? (it takes precedence
    on reading), so the file reads back with the same scores; converting back drops the others."""
    head = ("012 Adjourned", "142 3", "162  W 3.0    D 1.0    X 0.0")
    pts = {1: "3.0", 2: "1.0", 3: "3.0", 4: "1.0"}
    lines = [_line(i, pts[i], ln[89:]) for i, ln in enumerate(LINES, 1)]
    t = parse(*lines, head=head).tournament
    out, notes = convert(t, "trf16")
    written = dumps(out)
    assert "162  W 3.0    D 1.0    X 0.0\n" in written and "XXS WW=3" in written and "BBW  3.0\n" in written
    assert any("162 X 0.0 (an adjourned game's value) has no BB? or XXS form" in n.message for n in notes)
    again = trf.parse_text(written)
    assert problems(again) == []
    assert [again.tournament.score(i) for i in (1, 2, 3, 4)] == [3, 1, 3, 1]
    back, _ = convert(again.tournament, "trf26")
    assert dumps(back) == dumps(t)


def test_converting_to_trf26_keeps_it() -> None:
    t = parse(*LINES).tournament
    out, notes = convert(t, "trf26")
    assert dumps(out) == text(*LINES, head=("012 Adjourned", "142 3"))
    assert notes == []
