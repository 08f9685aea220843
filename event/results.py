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
from dataclasses import dataclass, replace
from fractions import Fraction

from event.change import Change, EventError, Notice, check_player, consistent, player_label, refuse_team_event
from trf.limits import MAX_START_RANK
from trf.model import Player, Result, RoundEntry, Tournament

__all__ = ["Board", "boards", "adjourned_games", "BadResult", "BadResultsRow", "NoSuchBoard", "NoGame", "RoundNotPaired", "result_code",
           "player_code", "enter_result", "enter_player_result", "enter_results", "result_text", "csv_error"]


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


def _check_round(t: Tournament, rnd: int | None) -> int:
    r = rnd if rnd is not None else t.rounds_paired
    if not 1 <= r <= t.rounds_paired:
        raise RoundNotPaired(r, t.rounds_paired)
    return r


def later_rounds(t: Tournament, rnd: int) -> list[Notice]:
    """The notice that a result of a round before the last one paired changes later pairings only
    (C.04.2 Art. 4): the rounds after it were paired with the old result."""
    if rnd < t.rounds_paired:
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
    """Board ``board``'s result (White's first) in round ``rnd`` (default: the last round paired)."""
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


def _board_of(t: Tournament, rnd: int, pid: int) -> Board:
    check_player(t, pid)
    for bd in boards(t, rnd):
        if pid in (bd.white, bd.black):
            return bd
    e = t.player(pid).entry(rnd)
    what = "not paired" if e is None or e.code is None else {
        Result.PAIRING_ALLOCATED_BYE: "the pairing-allocated bye", Result.HALF_POINT_BYE: "a half-point bye",
        Result.FULL_POINT_BYE: "a full-point bye", Result.ZERO_POINT_BYE: "a zero-point bye (absent)",
    }.get(e.code, "no game")
    raise NoGame(pid, rnd, what)


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


def csv_error(exc: csv.Error) -> str:
    """The csv module's refusal in words: a field over its limit (131,072 characters) is the one
    a file read whole (``newline=""``) can meet."""
    said = str(exc)
    return f"a field longer than {csv.field_size_limit():,} characters" if "field limit" in said else said


def _row_code(text: str, source: str, line: int) -> tuple[Result, Result] | None:
    """:func:`result_code` of a results file's row: a bad code names the file and the line."""
    try:
        return result_code(text)
    except BadResult as exc:
        raise BadResultsRow(source, line, text, exc.expected) from None


def _number(text: str) -> bool:
    """Whether ``text`` is a board or a start rank ``int`` may read: decimal digits (``isdigit``
    also takes ``²``), at most 4 past leading zeros (TRF's 4 columns; a 5,000-digit text never
    reaches ``int``)."""
    return text.isdecimal() and len(text.lstrip("0")) <= len(str(MAX_START_RANK))


def enter_results(t: Tournament, text: str, rnd: int | None = None, source: str = "<results>") -> Change:
    """A round's results from CSV rows ``board,result`` or ``white,black,result`` (starting ranks;
    a header row and ``#`` lines are skipped).  A row for a board the round does not have, or
    for two players who do not meet, is skipped with a warning; a bad row or result code is a
    :class:`BadResultsRow` naming the line (nothing is entered).  Any line ending is read (LF,
    CRLF, CR); a field longer than the csv module reads (131,072 characters: no board, rank or
    result is that long) is a bad row, not a crash."""
    refuse_team_event(t, _TEAM_RESULTS)
    r = _check_round(t, rnd)
    bs = boards(t, r)
    by_pair = {frozenset((b.white, b.black)): b for b in bs}
    warnings: list[Notice] = later_rounds(t, r)
    entered: list[dict[str, object]] = []
    delimiter = ";" if text.count(";") > text.count(",") else ","
    plan: list[tuple[Board, tuple[Result, Result] | None, int]] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)  # LF, CRLF or CR endings
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # a field over the csv module's 131,072 characters: no board's or result's
            raise BadResultsRow(source, reader.line_num, csv_error(exc), "board,result or white,black,result") from None
        no = reader.line_num
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if not cells[0].isdecimal():  # what int() reads: isdigit() also takes '²'
            if no == 1:
                continue  # a header row
            raise BadResultsRow(source, no, ",".join(row), "board,result or white,black,result")
        numbers = cells[:2] if len(cells) >= 3 and cells[1].isdecimal() else cells[:1]
        if not all(map(_number, numbers)):
            raise BadResultsRow(source, no, ",".join(numbers)[:40],
                                f"boards and start ranks of at most {len(str(MAX_START_RANK))} digits")
        if len(cells) >= 3 and cells[1].isdecimal():
            w, b, code = int(cells[0]), int(cells[1]), cells[2]
            bd = by_pair.get(frozenset((w, b)))
            if bd is None:
                warnings.append(Notice("unpaired-board", f"{source}:{no}: {w} and {b} do not meet in round {r}; row skipped",
                                       {"line": no, "white": w, "black": b}))
                continue
            codes = _row_code(code, source, no)
            if codes is not None and (bd.white, bd.black) != (w, b):
                warnings.append(Notice("colours-swapped", f"{source}:{no}: {w}-{b} is {bd.white}-{bd.black} in the pairing; "
                                                          f"the result was read for the players in the order given ({w} first)",
                                       {"line": no}))
                codes = (codes[1], codes[0])
        elif len(cells) >= 2:
            k, code = int(cells[0]), cells[1]
            if not 1 <= k <= len(bs):
                warnings.append(Notice("unpaired-board", f"{source}:{no}: round {r} has no board {k}; row skipped",
                                       {"line": no, "board": k}))
                continue
            bd = bs[k - 1]
            codes = _row_code(code, source, no)
        else:
            raise BadResultsRow(source, no, ",".join(row), "board,result or white,black,result")
        plan.append((bd, codes, no))
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
