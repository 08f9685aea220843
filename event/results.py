"""Results: the boards of a round, the result codes an arbiter types, and entering them.

Boards are numbered as the pairing gave them, by C.04.2 Art. 3.6: the higher score of the
higher-ranked player, then the higher sum of both scores, then the smaller starting rank of the
higher-ranked player, all with the scores before the round (a TRF file stores no board numbers,
so they are recomputed from the file the same way every time); a round robin's in the order of
its Berger table.

Result codes, White's first (``result_code``):

* ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``0.5-0.5``, ``=``): games played;
* ``+-``, ``-+`` (also ``1-0f``, ``0-1f``): won by forfeit, the opponent did not play; ``--``
  (``0-0f``): neither played (a double forfeit); forfeits are no games for colours or meetings
  (C.04.1, C.04.2 Art. 3.5);
* ``W-L``, ``L-W``, ``D-D``: the TRF's codes for a game that lasted less than one move (scored,
  not rated);
* ``?``: the game is adjourned (or postponed): both lines carry ``?``, which counts as a draw for
  pairing only (C.04.2 Art. 3.1; worth the 162 ``X`` value) and is not rated; entering the real
  result later replaces it (docs/trf.md, "Adjourned games");
* quick forms: ``1``, ``0``, ``=``/``½`` (White's result), and ``*`` to clear a result.

By player, the code is the player's own: ``1 0 = ½ + - W D L ?`` (``1f``/``0f`` for ``+``/``-``) and
``--`` or ``0-0f`` (both forfeited).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Mapping, Protocol, Sequence, TypeVar
from fractions import Fraction

from event.change import Change, EventError, Notice, check_player, consistent, player_label, refuse_team_event
from trf.limits import MAX_START_RANK
from trf.model import Player, Result, RoundEntry, Tournament

__all__ = ["Board", "boards", "current_round", "pre_determined", "adjourned_games", "BadResult", "BadResultsRow", "BadResultsRows", "RowProblem", "BoardGivenTwice",
           "NoSuchBoard", "NoGame", "RoundNotPaired", "result_code", "player_code", "enter_result", "enter_player_result",
           "enter_given", "enter_results", "result_text", "csv_error",
           "csv_rows", "row_board", "numbers_read", "player_board", "NO_GAME_WORDS"]


@dataclass(frozen=True)
class Board:
    """A game of a round: board number, White and Black (starting ranks), their codes (``None``
    while the result is pending)."""

    number: int
    white: int
    black: int
    white_result: Result | None
    black_result: Result | None

    @property
    def pending(self) -> bool:
        return self.white_result is None or self.black_result is None

    @property
    def result(self) -> str:
        return result_text(self.white_result, self.black_result)


class BadResult(EventError):
    """``text`` is not a result code (``expected`` lists them)."""

    kind = "bad-result"

    def __init__(self, text: str, expected: str) -> None:
        super().__init__(f"{text!r} is not a result: expected {expected}")
        self.text, self.expected = text, expected


class BadResultsRow(BadResult):
    """Line ``line`` of the results file ``source`` is not a row ``board,result`` or
    ``white,black,result`` (``text``: the row, or what is wrong with it): the file is invalid
    input, and nothing of it is entered."""

    kind = "bad-results-row"

    def __init__(self, source: str, line: int, text: str, expected: str) -> None:
        super().__init__(text, expected)
        self.args = (f"{source}:{line}: {text!r}: expected {expected}",)
        self.source, self.line = source, line


@dataclass(frozen=True)
class RowProblem:
    """What is wrong with one row of a results file: its ``line`` and ``column`` (1-based, in
    characters; ``0`` when the row spans lines or quotes its fields), ``kind`` for machines,
    ``message`` in words (what the row says, then what was expected), and whether the row is
    ``invalid`` (not a row of the form at all, or a code that is no result) rather than a row
    that does not fit the round (a board it does not have, two players who do not meet, a board
    given twice)."""

    line: int
    column: int
    kind: str
    message: str
    invalid: bool

    def where(self, source: str) -> str:
        """``file:line:column`` (``file:line`` when the column is not known)."""
        return f"{source}:{self.line}:{self.column}" if self.column else f"{source}:{self.line}"

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "column": self.column, "kind": self.kind, "message": self.message,
                "invalid": self.invalid}


class BadResultsRows(BadResultsRow):
    """A results file with bad rows: every one of them (``problems``, in line order), found
    before anything is entered, so that the arbiter fixes the file once; nothing of it is
    entered.  ``invalid``: some row is not a row of the form or holds no result code (the file
    is invalid input), else every bad row is one that does not fit the round."""

    kind = "bad-results-rows"

    def __init__(self, source: str, problems: Sequence[RowProblem]) -> None:
        first = problems[0]
        super().__init__(source, first.line, first.message, "")
        more = f" (and {len(problems) - 1} more bad row(s))" if len(problems) > 1 else ""
        self.args = (f"{first.where(source)}: {first.message}{more}; nothing entered",)
        self.problems = tuple(problems)
        self.invalid = any(p.invalid for p in problems)


class BoardGivenTwice(EventError):
    """Board ``board`` of round ``round`` is given twice in one command (``first`` and ``second``:
    the two results as White's-first codes): the command is refused, nothing entered, rather
    than one of them kept by its place in the command."""

    kind = "board-given-twice"

    def __init__(self, rnd: int, board: int, first: str, second: str) -> None:
        what = f"{first} both times" if first == second else f"{first} and {second}"
        super().__init__(f"board {board} given twice (round {rnd}: {what}): give each board once; nothing entered")
        self.round, self.board, self.first, self.second = rnd, board, first, second


class NoSuchBoard(EventError):
    """Round ``round`` has no board ``board`` (it has ``boards``)."""

    kind = "no-such-board"

    def __init__(self, rnd: int, board: int, count: int) -> None:
        super().__init__(f"round {rnd} has no board {board}: it has boards 1-{count}" if count else
                         f"round {rnd} has no board {board}: nobody plays in it")
        self.round, self.board, self.boards = rnd, board, count


class NoGame(EventError):
    """Player ``player`` has no game in round ``round`` (``what``: the bye or absence instead)."""

    kind = "no-game"

    def __init__(self, player: int, rnd: int, what: str) -> None:
        super().__init__(f"player {player} has no game in round {rnd}: {what}")
        self.player, self.round, self.what = player, rnd, what


class RoundNotPaired(EventError):
    """Round ``round`` is not paired yet (rounds 1-``last`` are)."""

    kind = "round-not-paired"

    def __init__(self, rnd: int, last: int) -> None:
        super().__init__(f"round {rnd} is not paired: " + (f"rounds 1-{last} are" if last else "no round is paired yet"))
        self.round, self.last = rnd, last


_WHITE_CODES = {
    "1-0": (Result.WIN, Result.LOSS), "0-1": (Result.LOSS, Result.WIN),
    "½-½": (Result.DRAW, Result.DRAW), "1/2-1/2": (Result.DRAW, Result.DRAW), "0.5-0.5": (Result.DRAW, Result.DRAW),
    ".5-.5": (Result.DRAW, Result.DRAW), "=-=": (Result.DRAW, Result.DRAW), "=": (Result.DRAW, Result.DRAW),
    "½": (Result.DRAW, Result.DRAW), "1": (Result.WIN, Result.LOSS), "0": (Result.LOSS, Result.WIN),
    "+-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "-+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "--": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS), "+": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "1-0F": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "0-1F": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "0-0F": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    "W-L": (Result.WIN_UNRATED, Result.LOSS_UNRATED), "L-W": (Result.LOSS_UNRATED, Result.WIN_UNRATED),
    "D-D": (Result.DRAW_UNRATED, Result.DRAW_UNRATED),
    "?": (Result.ADJOURNED, Result.ADJOURNED),
}
_CLEAR = ("*", "clear")
_TEAM_RESULTS = "its results are entered match by match (event.team.results)"
WHITE_EXPECTED = "1-0, 0-1, ½-½ (or =), +- -+ -- (or 1-0f 0-1f 0-0f), W-L, L-W, D-D, ? (adjourned), or * to clear"
PLAYER_EXPECTED = "1, 0, = (or ½), + - (or 1f 0f), -- (or 0-0f), W, D, L, ? (adjourned), or * to clear"

_PLAYER_CODES = {
    "1": Result.WIN, "0": Result.LOSS, "=": Result.DRAW, "½": Result.DRAW, "1/2": Result.DRAW, "0.5": Result.DRAW,
    "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS, "1F": Result.FORFEIT_WIN, "0F": Result.FORFEIT_LOSS,
    "W": Result.WIN_UNRATED, "D": Result.DRAW_UNRATED,
    "L": Result.LOSS_UNRATED, "?": Result.ADJOURNED,
}


def result_code(text: str) -> tuple[Result, Result] | None:
    """White's and Black's codes for a board result, ``None`` for ``*`` (clear).  Raises
    :class:`BadResult`."""
    key = text.strip().replace(" ", "").replace("–", "-").upper()
    if key.lower() in _CLEAR:
        return None
    hit = _WHITE_CODES.get(key) or _WHITE_CODES.get(text.strip())
    if hit is None:
        raise BadResult(text, WHITE_EXPECTED)
    return hit


def player_code(text: str) -> tuple[Result, Result] | None:
    """The player's and the opponent's codes for a player's own result, ``None`` to clear."""
    key = text.strip().upper()
    if key.lower() in _CLEAR:
        return None
    if key in ("--", "0-0F"):
        return (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
    own = _PLAYER_CODES.get(key)
    if own is None:
        raise BadResult(text, PLAYER_EXPECTED)
    other = next(iter(own.complement)) if own is not Result.FORFEIT_LOSS else Result.FORFEIT_WIN
    return (own, other)


def result_text(white: Result | None, black: Result | None) -> str:
    """A board's result as arbiters write it: ``1-0``, ``½-½``, ``+-``, ``W-L``, ``?`` (adjourned);
    ``""`` when pending."""
    if white is None or black is None:
        return ""
    for text, pair in _WHITE_CODES.items():
        if pair == (white, black) and text in ("1-0", "0-1", "½-½", "+-", "-+", "--", "W-L", "L-W", "D-D", "?"):
            return text
    return f"{white.value}/{black.value}"


def _board_key(t: Tournament, rnd: int, w: int, b: int) -> tuple[Fraction, Fraction, int]:
    """C.04.2 Art. 3.6 with the scores before the round: the higher-ranked player's score, the
    other's, the higher-ranked player's starting rank."""
    sw, sb = t.score(w, through=rnd - 1), t.score(b, through=rnd - 1)
    (hs, hp), (ls, _) = sorted(((sw, w), (sb, b)), key=lambda x: (-x[0], x[1]))
    return (-hs, -ls, hp)


def pre_determined(t: Tournament) -> bool:
    """Whether the file's system fixes every round before the event (a round robin's table, C.05
    Annex 1): its file may hold every round from the start, results pending."""
    from systems import find

    sel = find(t)
    return sel is not None and sel.system.round_robin


def _table_order(t: Tournament, rnd: int) -> dict[frozenset[int], int]:
    """A pre-determined round's boards in the order of its system's table (a round robin's Berger
    table, C.05 Annex 1), by start rank; empty for a Swiss."""
    from systems import find

    sel = find(t)
    return sel.system.table_order(t, rnd, sel) if sel is not None else {}


def boards(t: Tournament, rnd: int) -> list[Board]:
    """The games of round ``rnd`` in board order, numbered from 1 (a round robin's in the order of
    its Berger table, where it has the game)."""
    games = list(t.games(rnd))
    order = _table_order(t, rnd)
    if order:
        games.sort(key=lambda g: (order.get(frozenset((g.white, g.black)), len(order)),
                                  _board_key(t, rnd, g.white, g.black)))
    else:
        games.sort(key=lambda g: _board_key(t, rnd, g.white, g.black))
    return [Board(i, g.white, g.black, g.white_result, g.black_result) for i, g in enumerate(games, 1)]


def adjourned_games(t: Tournament, pid: int | None = None) -> list[tuple[int, Board]]:
    """Every adjourned game (``?``) of the rounds paired, as (round, board), in round and board
    order; of player ``pid`` only when given.  Its real result is still to be entered (C.04.2
    Art. 3.1: a draw for pairing only)."""
    out = []
    for r in range(1, t.rounds_paired + 1):
        out += [(r, b) for b in boards(t, r)
                if b.white_result is Result.ADJOURNED and (pid is None or pid in (b.white, b.black))]
    return out


def _set(t: Tournament, rnd: int, codes: dict[int, Result | None]) -> Tournament:
    records = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank in codes:
            e = rec.entry(rnd)
            assert e is not None
            rounds = list(rec.rounds)
            rounds[rnd - 1] = RoundEntry(e.opponent, e.colour, codes[rec.start_rank])
            rec = replace(rec, rounds=tuple(rounds))
        records.append(rec)
    return t.replace_records(tuple(records))


def current_round(t: Tournament) -> int:
    """The round whose results come next, the default of the commands that take ``--round``: the
    last round paired; in a round robin, whose file holds every round of its table from the
    start (:func:`pre_determined`), the first round with a game still without a result (the
    last when every game has one)."""
    paired = t.rounds_paired
    if not paired or not pre_determined(t):
        return paired
    return next((r for r in range(1, paired + 1) if any(b.pending for b in boards(t, r))), paired)


def _check_round(t: Tournament, rnd: int | None) -> int:
    r = rnd if rnd is not None else current_round(t)
    if not 1 <= r <= t.rounds_paired:
        raise RoundNotPaired(r, t.rounds_paired)
    return r


def later_rounds(t: Tournament, rnd: int) -> list[Notice]:
    """The notice that a result of a round before the last one paired changes later pairings only
    (C.04.2 Art. 4): the rounds after it were paired with the old result.  None in a round robin,
    whose rounds the table fixes before the event (C.05 Annex 1), whatever the results: a
    round-robin file holds every round from the start, results pending."""
    if rnd < t.rounds_paired and not pre_determined(t):
        return [Notice("earlier-round", f"round {rnd} is not the last round paired: rounds {rnd + 1}-{t.rounds_paired} "
                                        "were paired with the old result; the change affects pairings still to be "
                                        "made (C.04.2 Art. 4)", {"round": rnd, "last_paired": t.rounds_paired})]
    return []


def _apply(t: Tournament, rnd: int, board: Board, codes: tuple[Result, Result] | None) -> tuple[Tournament, list[Notice]]:
    warnings: list[Notice] = []
    new_text = result_text(*codes) if codes else ""
    if not board.pending and board.result != new_text:
        warnings.append(Notice("result-changed", f"round {rnd} board {board.number} ({board.white}-{board.black}): "
                                                 f"result changed from {board.result} to {new_text or 'no result'}",
                               {"round": rnd, "board": board.number, "was": board.result, "now": new_text}))
    w, b = codes if codes else (None, None)
    return _set(t, rnd, {board.white: w, board.black: b}), warnings


def enter_result(t: Tournament, board: int, text: str, rnd: int | None = None) -> Change:
    """Board ``board``'s result (White's first) in round ``rnd`` (default: :func:`current_round`)."""
    refuse_team_event(t, _TEAM_RESULTS)
    r = _check_round(t, rnd)
    codes = result_code(text)
    bs = boards(t, r)
    if not 1 <= board <= len(bs):
        raise NoSuchBoard(r, board, len(bs))
    bd = bs[board - 1]
    t2, warnings = _apply(t, r, bd, codes)
    warnings = later_rounds(t, r) + warnings
    shown = result_text(*codes) if codes else "cleared"
    return Change(consistent(t2), f"result round {r} board {board}",
                  f"{player_label(t, bd.white)} - {player_label(t, bd.black)} {shown}", tuple(warnings),
                  {"round": r, "board": board, "white": bd.white, "black": bd.black, "result": shown})


#: What a player without a game in a round has there, by his round entry's code.
NO_GAME_WORDS = {Result.PAIRING_ALLOCATED_BYE: "the pairing-allocated bye", Result.HALF_POINT_BYE: "a half-point bye",
                 Result.FULL_POINT_BYE: "a full-point bye", Result.ZERO_POINT_BYE: "a zero-point bye (absent)"}


def player_board(t: Tournament, pid: int, bs: Sequence[_B], rnd: int, column: int,
                 words: Mapping[Result, str] = NO_GAME_WORDS) -> _B:
    """Player ``pid``'s board among ``bs`` (round ``rnd``'s boards, its entries in round column
    ``column``); :class:`NoGame` saying what he has there instead (``words``: a bye, an absence;
    "not paired") when he has none."""
    check_player(t, pid)
    for bd in bs:
        if pid in (bd.white, bd.black):
            return bd
    e = t.player(pid).entry(column)
    raise NoGame(pid, rnd, "not paired" if e is None or e.code is None else words.get(e.code, "no game"))


def _board_of(t: Tournament, rnd: int, pid: int) -> Board:
    return player_board(t, pid, boards(t, rnd), rnd, rnd)


def enter_player_result(t: Tournament, player: int, text: str, rnd: int | None = None) -> Change:
    """Player ``player``'s own result (``1``, ``0``, ``=``, ``+``, ``-``...) in round ``rnd``."""
    refuse_team_event(t, _TEAM_RESULTS)
    r = _check_round(t, rnd)
    codes = player_code(text)
    bd = _board_of(t, r, player)
    if codes is not None and player == bd.black:
        codes = (codes[1], codes[0])
    t2, warnings = _apply(t, r, bd, codes)
    warnings = later_rounds(t, r) + warnings
    shown = result_text(*codes) if codes else "cleared"
    return Change(consistent(t2), f"result round {r} board {bd.number}",
                  f"{player_label(t, bd.white)} - {player_label(t, bd.black)} {shown}", tuple(warnings),
                  {"round": r, "board": bd.number, "white": bd.white, "black": bd.black, "result": shown})


def enter_given(t: Tournament, items: Sequence[tuple[int, str]], rnd: int | None = None, *,
                by_player: bool = False) -> Change:
    """Several results in one command: ``(board, code)`` pairs (White's code first), or with
    ``by_player`` ``(player, code)`` pairs (the player's own code), entered in order.

    A board named twice, by its number or through both its players, is refused before anything
    is entered (:class:`BoardGivenTwice`): two codes for one board contradict each other, or
    repeat it, and which one the arbiter meant cannot be told from the command.  One item gives
    :func:`enter_result`'s (or :func:`enter_player_result`'s) change itself; several, one change
    whose ``data["entered"]`` lists each."""
    refuse_team_event(t, _TEAM_RESULTS)
    r = _check_round(t, rnd)
    seen: dict[int, str] = {}
    for number, text in items:
        if by_player:
            bd = _board_of(t, r, number)
            codes = player_code(text)
            if codes is not None and number == bd.black:
                codes = (codes[1], codes[0])
        else:
            codes = result_code(text)
            bs = boards(t, r)
            if not 1 <= number <= len(bs):
                raise NoSuchBoard(r, number, len(bs))
            bd = bs[number - 1]
        shown = result_text(*codes) if codes else "*"
        if bd.number in seen:
            raise BoardGivenTwice(r, bd.number, seen[bd.number], shown)
        seen[bd.number] = shown
    done: list[Change] = []
    for number, text in items:
        change = (enter_player_result if by_player else enter_result)(t, number, text, r)
        t = change.after
        done.append(change)
    if len(done) == 1:
        return done[0]
    # a notice of the round (an earlier round than the last paired) once, not once a board
    warnings = {(w.code, w.message): w for c in done for w in c.warnings}
    return Change(t, f"results round {r}", "; ".join(c.details for c in done), tuple(warnings.values()),
                  {"round": r, "entered": [c.data for c in done]})


def csv_error(exc: csv.Error) -> str:
    """The csv module's refusal in words: a field over its limit (131,072 characters) is the one
    a file read whole (``newline=""``) can meet."""
    said = str(exc)
    return f"a field longer than {csv.field_size_limit():,} characters" if "field limit" in said else said


def _number(text: str) -> bool:
    """Whether ``text`` is a board or a start rank ``int`` may read: decimal digits (``isdigit``
    also takes ``²``), at most 4 past leading zeros (TRF's 4 columns; a 5,000-digit text never
    reaches ``int``)."""
    return text.isdecimal() and len(text.lstrip("0")) <= len(str(MAX_START_RANK))


def numbers_read(cells: list[str], pair_row: bool, bad: RowComplaint) -> bool:
    """Whether a CSV row's board (or, in a ``pair_row``, its two start ranks) are numbers
    :func:`_number` reads; the first that is not is recorded through ``bad``."""
    numbers = cells[:2] if pair_row else cells[:1]
    field = next((i for i, n in enumerate(numbers) if not _number(n)), None)
    if field is not None:
        bad("bad-number", f"{numbers[field][:40]!r}: expected boards and start ranks of at most "
                          f"{len(str(MAX_START_RANK))} digits", field)
    return field is None


_ROW_EXPECTED = "board,result or white,black,result"


def _field_columns(physical: list[str], first: int, last: int, delimiter: str, count: int) -> list[int]:
    """The 1-based character column where each of a row's ``count`` fields starts (past its
    leading blanks), read from the row's physical line; zeros when the row spans lines
    (``first`` < ``last``) or quotes a field, where the characters are not the fields'."""
    raw = physical[last - 1] if first == last and 0 < last <= len(physical) else None
    if raw is None or '"' in raw:
        return [0] * count
    columns, at = [], 1
    for part in raw.split(delimiter)[:count]:
        columns.append(at + len(part) - len(part.lstrip()))
        at += len(part) + 1
    return columns + [0] * (count - len(columns))


class _Located(Protocol):
    """What a CSV row's board is found by: its number and its players."""

    @property
    def number(self) -> int: ...
    @property
    def white(self) -> int: ...
    @property
    def black(self) -> int: ...


_B = TypeVar("_B", bound=_Located)

#: How a CSV row names one field as bad: (kind, message, field index, whether it is invalid input).
RowComplaint = Callable[..., None]


def csv_rows(text: str, expected: str,
             problems: list[RowProblem]) -> Iterator[tuple[int, list[str], list[str], RowComplaint]]:
    """The rows of a results CSV (``,`` or ``;``, whichever the text has more of; any line ending)
    that name a board: ``(line, cells stripped, raw row, bad)`` where ``bad(kind, message,
    field=0, invalid=True)`` records a problem at that field's column.  Blank rows, ``#`` rows
    and a header on line 1 are passed over; any other row not starting with a number is a bad
    row (``expected`` says what a row is); a field longer than the csv module reads ends the
    reading with a bad row (the reader cannot tell where the next row starts)."""
    delimiter = ";" if text.count(";") > text.count(",") else ","
    physical = re.split(r"\r\n|\r|\n", text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)  # LF, CRLF or CR endings
    last_line = 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:  # a field over the csv module's 131,072 characters: no board's or result's
            problems.append(RowProblem(reader.line_num, 0, "bad-row", f"{csv_error(exc)}: expected {expected}", True))
            return
        no, first_line, last_line = reader.line_num, last_line + 1, reader.line_num
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        col = _field_columns(physical, first_line, no, delimiter, len(cells))

        def bad(kind: str, message: str, field: int = 0, invalid: bool = True, no: int = no,
                col: list[int] = col) -> None:
            problems.append(RowProblem(no, col[field] if field < len(col) else 0, kind, message, invalid))

        if not cells[0].isdecimal():  # what int() reads: isdigit() also takes '²'
            if no != 1:  # line 1: a header row
                bad("bad-row", f"{','.join(row)[:80]!r}: expected {expected}")
            continue
        yield no, cells, row, bad


def row_board(cells: list[str], pair_row: bool, r: int, bs: Sequence[_B], by_pair: Mapping[frozenset[int], _B],
              given: dict[int, int], no: int, bad: RowComplaint) -> tuple[_B, bool] | None:
    """The board a CSV row names in round ``r`` (``bs`` its boards, ``by_pair`` the same by their
    players), by its players (``pair_row``: the row's first two cells) or its number, and whether the players were given the other way
    round; ``None`` when no such board is paired or it was given already (the problem recorded
    through ``bad``; ``given`` maps each board to the line that gave it)."""
    swapped = False
    if pair_row:
        w, b = int(cells[0]), int(cells[1])
        found = by_pair.get(frozenset((w, b)))
        if found is None:
            bad("not-paired", f"{w} and {b} do not meet in round {r}: expected two players paired together "
                              f"(the round's boards: {', '.join(f'{x.white}-{x.black}' for x in bs) or 'none'})",
                0, False)
            return None
        bd, swapped = found, (found.white, found.black) != (w, b)
    else:
        number = int(cells[0])
        if not 1 <= number <= len(bs):
            bad("no-such-board", f"round {r} has no board {number}: expected a board "
                                 + (f"1-{len(bs)}" if bs else "of a round with games (nobody plays in it)"),
                0, False)
            return None
        bd = bs[number - 1]
    if bd.number in given:
        bad("board-given-twice", f"board {bd.number} ({bd.white}-{bd.black}) given twice: expected each board "
                                 f"once (it is on line {given[bd.number]} already)", 0, False)
        return None
    given[bd.number] = no
    return bd, swapped


def enter_results(t: Tournament, text: str, rnd: int | None = None, source: str = "<results>") -> Change:
    """A round's results from CSV rows ``board,result`` or ``white,black,result`` (starting ranks;
    a header row and ``#`` lines are skipped), all or nothing.

    Every row is read and checked before any is entered; a file with a bad row enters nothing and
    raises :class:`BadResultsRows` listing every bad row (line, column, what was expected): a row
    of neither form or a code that is no result (the file is invalid input), a board the round
    does not have, two players who do not meet, a board given a second time (by number or by
    its players).  A row ``white,black`` with the players the other way round is read for the
    players in the order given (a warning says so).  Any line ending is read (LF, CRLF, CR); a
    field longer than the csv module reads (131,072 characters: no board, rank or result is that
    long) is a bad row, not a crash."""
    refuse_team_event(t, _TEAM_RESULTS)
    r = _check_round(t, rnd)
    bs = boards(t, r)
    by_pair = {frozenset((b.white, b.black)): b for b in bs}
    warnings: list[Notice] = later_rounds(t, r)
    entered: list[dict[str, object]] = []
    plan: list[tuple[Board, tuple[Result, Result] | None, int]] = []
    problems: list[RowProblem] = []
    given: dict[int, int] = {}  # board -> the line that gave it
    for no, cells, row, bad in csv_rows(text, _ROW_EXPECTED, problems):
        pair_row = len(cells) >= 3 and cells[1].isdecimal()
        if not numbers_read(cells, pair_row, bad):
            continue
        if not pair_row and len(cells) < 2:
            bad("bad-row", f"{','.join(row)[:80]!r}: expected {_ROW_EXPECTED}")
            continue
        at = 2 if pair_row else 1
        try:
            codes = result_code(cells[at])
        except BadResult as exc:
            bad("bad-result", f"{cells[at][:40]!r}: expected a result: {exc.expected}", at)
            codes = None
            code_ok = False
        else:
            code_ok = True
        located = row_board(cells, pair_row, r, bs, by_pair, given, no, bad)
        if located is None:
            continue
        bd, swapped = located
        if codes is not None and swapped:
            warnings.append(Notice("colours-swapped", f"{source}:{no}: {int(cells[0])}-{int(cells[1])} is {bd.white}-"
                                                      f"{bd.black} in the pairing; the result was read for the players in "
                                                      f"the order given ({int(cells[0])} first)", {"line": no}))
            codes = (codes[1], codes[0])
        if code_ok:
            plan.append((bd, codes, no))
    if problems:
        raise BadResultsRows(source, problems)
    for bd, codes, no in plan:
        t, more = _apply(t, r, bd, codes)
        warnings += more
        entered.append({"board": bd.number, "white": bd.white, "black": bd.black,
                        "result": result_text(*codes) if codes else "cleared"})
    left = [b.number for b in boards(t, r) if b.pending]
    details = f"{len(entered)} result(s) entered" + (f"; boards still without a result: {', '.join(map(str, left))}"
                                                     if left else "; the round is complete")
    return Change(consistent(t), f"results round {r}", details, tuple(warnings),
                  {"round": r, "entered": entered, "pending_boards": left})
