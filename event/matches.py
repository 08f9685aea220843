"""An event whose rounds are matches of two games (the file's ``192``/``092`` names a system of
two-game matches, :data:`trf.matches.TWO_GAME_MATCHES`: FIDE's Double-Swiss system, C.04.5).

Every number the arbiter types or reads here is a **match round**: round *k* is match *k*,
written in the round columns *2k-1* (game 1) and *2k* (game 2) of every player line
(:mod:`trf.matches`, ``docs/double-swiss.md`` "How a match is written").  What this module
writes:

* a match paired: game 1 as the system pairs it (``opp w``/``opp b``, result blank), game 2 with
  the same opponent and the colours reversed (C.04.5 Art. 1.1); the PAB as ``U`` in game 1's
  column and ``H`` in game 2's (Art. 1.4: the points of a won and a drawn game); each absence
  declared for the match (``240`` for both columns) as the same code in both columns;
* a board's result: both games, each from the board's first-named player's side (game 1's White,
  the left of the board line), so that ``1-0 ½-½`` reads as the match score 1½-½ for that
  player; a game scored ½-0, 0-½ or 0-0 (C.04.5 Preface: unusual results) is written ``=`` on
  both lines and a ``299`` adjustment of -0.5 from that column on for each player who scored 0;
* a requested bye or an absence: for the whole match (Preface: byes exist for whole matches
  only), a ``240`` record for each of its two columns;
* board numbers: game 1's (C.04.2 Art. 3.6 with the scores before the match), the same for both
  games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import Any, Sequence

from event import fidemode
from event.absences import AlreadyWithdrawn, RoundOutOfEvent, declare, withdrawals
from event.change import Change, EventError, Notice, check_player, consistent, player_label, refuse_team_event
from event.log import Irregularity, before_log, with_irregularity, without_irregularity
from event.results import (BadResult, BadResultsRows, BoardGivenTwice, NoSuchBoard, RoundNotPaired,
                           RowProblem, csv_rows, numbers_read, row_board, _set, boards as column_boards, player_code)
from event.results import NO_GAME_WORDS, PLAYER_EXPECTED, player_board, result_code, result_text
from trf.abnormal import AbnormalPoints
from trf.matches import match_columns, matches_paired, writes_matches
from trf.model import Colour, Player, Record, Result, Tournament

__all__ = ["is_match_event", "total_matches", "MatchBoard", "match_boards", "write_match", "pair_match",
           "undo_match", "parse_match_items", "enter_match_results", "enter_match_results_by_player",
           "enter_match_results_csv", "request_match_bye", "cancel_match_bye",
           "withdraw_from_match", "MatchResultExpected", "NotForMatches", "MatchAlreadyPaired", "match_status", "GAME_EXPECTED",
           "points_text", "assess_match", "register_players",
           "change_match_rounds"]

#: The result of one game, from the first-named player's side.
GAME_EXPECTED = ("each game from the first-named player's side: 1-0, 0-1, ½-½ (or =), +- -+ --, W-L L-W D-D, "
                 "½-0 0-½ 0-0, ? (adjourned) or * (no result yet)")


def is_match_event(t: Tournament) -> bool:
    """An individual event whose rounds are matches of two games (the file names such a system)."""
    return not t.system_code.team and writes_matches(t)


def total_matches(t: Tournament) -> int | None:
    """The number of match rounds (``142``/``XXR`` count columns: twice the matches)."""
    return (t.total_rounds + 1) // 2 if t.total_rounds is not None else None


def points_text(x: Fraction) -> str:
    """``1½``, ``2``, ``½``: a match score as arbiters write it."""
    whole, frac = divmod(x, 1)
    if frac == 0:
        return str(int(whole))
    if frac == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return f"{float(x):g}"


# --------------------------------------------------------------------------- boards


@dataclass(frozen=True)
class MatchBoard:
    """A board of a match round: ``white`` has White in game 1 (the first-named player), ``black``
    White in game 2; ``games``: each game's codes as (``white``'s, ``black``'s), ``None`` while
    pending; ``points``: the match score of each under the file's scoring (and its ``299``)."""

    number: int
    white: int
    black: int
    games: tuple[tuple[Result | None, Result | None], tuple[Result | None, Result | None]]
    points: tuple[Fraction, Fraction]

    @property
    def pending(self) -> bool:
        return any(a is None or b is None for a, b in self.games)

    def game_text(self, game: int) -> str:
        """Game ``game`` (1 or 2) from the first-named player's side (``""``: pending)."""
        return result_text(*self.games[game - 1])

    @property
    def result(self) -> str:
        """``1½-½ (1-0 ½-½)``; ``""`` while both games are pending."""
        if all(a is None for a, _ in self.games):
            return ""
        games = " ".join(self.game_text(g) or "*" for g in (1, 2))
        if self.pending:
            return games
        return f"{points_text(self.points[0])}-{points_text(self.points[1])} ({games})"


def match_boards(t: Tournament, match: int) -> list[MatchBoard]:
    """The boards of match round ``match`` in game 1's board order."""
    c1, c2 = match_columns(match)
    out = []
    for b in column_boards(t, c1):
        e2w, e2b = t.player(b.white).entry(c2), t.player(b.black).entry(c2)
        g2 = (e2w.result if e2w is not None and e2w.opponent == b.black else None,
              e2b.result if e2b is not None and e2b.opponent == b.white else None)
        pw = t.score(b.white, through=c2) - t.score(b.white, through=c1 - 1)
        pb = t.score(b.black, through=c2) - t.score(b.black, through=c1 - 1)
        out.append(MatchBoard(b.number, b.white, b.black, ((b.white_result, b.black_result), g2), (pw, pb)))
    return out


def _check_match(t: Tournament, match: int | None) -> int:
    paired = matches_paired(t)
    k = match if match is not None else paired
    if not 1 <= k <= paired:
        raise RoundNotPaired(k, paired)
    return k


# --------------------------------------------------------------------------- pairing


class MatchAlreadyPaired(EventError):
    """Match round ``round`` is already paired (``last``: the last match round paired)."""

    kind = "round-already-paired"

    def __init__(self, rnd: int, last: int, what: str = "") -> None:
        super().__init__(f"round {rnd} is already paired (rounds 1-{last} are)" + (f": {what}" if what else ""))
        self.round, self.last = rnd, last


def write_match(t: Tournament, match: int, pairs: Sequence[tuple[int, int]], bye: int | None) -> Tournament:
    """Match ``match`` written into the player lines (module docstring): game 1 as ``pairs``
    (White first), game 2 reversed, the PAB ``U`` then ``H``, the declared absences of both
    columns; points and ranks recomputed."""
    from event.next_round import write_round
    from trf.edit import with_byes

    c1, c2 = match_columns(match)
    t = write_round(t, c1, tuple(pairs), bye)
    t = write_round(t, c2, tuple((b, w) for w, b in pairs), None)
    if bye is not None:
        t = with_byes(t, c2, {bye: Result.HALF_POINT_BYE})
    return consistent(t)


def _refuse_next(t: Tournament, k: int) -> None:
    """The refusals of :func:`pairing.rounds.refuse` in match rounds: past the last match, the
    event finished, a game of the previous match without a result (game 1 or game 2)."""
    from pairing.rounds import EventFinished, PastLastRound, PreviousRoundIncomplete

    total = total_matches(t)
    if total is not None and k > total:
        pending = [b for b in match_boards(t, total) if b.pending] if matches_paired(t) >= total else []
        if matches_paired(t) >= total and not pending:
            raise EventFinished(total)
        raise PastLastRound(k, total, matches_paired(t), len(pending))
    if k > 1:
        missing = tuple((b.white, b.black) for b in match_boards(t, k - 1) if b.pending)
        if missing:
            raise PreviousRoundIncomplete(k, missing)


def next_match(t: Tournament, *, initial_colour: Colour | None = None) -> Any:
    """The next match round as the file's system pairs it (:func:`systems.next_round`), after the
    refusals in match rounds."""
    import systems

    _refuse_next(t, matches_paired(t) + 1)
    return systems.next_round(t, request=systems.PairRequest(initial_colour=initial_colour))


def pair_match(t: Tournament, *, day: date | None = None, initial_colour: Colour | None = None) -> Change:
    """The next match round paired and written (:func:`write_match`); ``day``: its date for ``132``
    (both columns)."""
    from event.next_round import NobodyToPair, with_round_date
    from systems import name_of

    refuse_team_event(t, "its rounds are paired match by match (event.team.rounds)")
    if not t.players:
        raise NobodyToPair(matches_paired(t) + 1, 0)
    nxt = next_match(t, initial_colour=initial_colour)
    k = nxt.round
    if not nxt.pairing.boards and nxt.pairing.bye is None:
        raise NobodyToPair(k, len(t.players))
    after = write_match(t, k, nxt.pairing.boards, nxt.pairing.bye)
    if day is not None:
        for c in match_columns(k):
            after = with_round_date(after, c, day)
    absent = _declared(t, k)
    words = f"{len(nxt.pairing.boards)} board(s) of two games"
    if nxt.pairing.bye is not None:
        words += f", PAB {player_label(t, nxt.pairing.bye)} (U H: 1½ points)"
    if absent:
        words += ", not paired: " + " ".join(f"{pid}({kind.value})" for pid, kind in sorted(absent.items()))
    data = {"round": k, "columns": list(match_columns(k)), "system": nxt.system,
            "boards": [{"board": b.number, "white": b.white, "black": b.black} for b in match_boards(after, k)],
            "bye": nxt.pairing.bye, "rests": None,
            "absent": {str(pid): kind.value for pid, kind in sorted(absent.items())}}
    return Change(after, f"pair round {k}", f"{words}; {name_of(t)}, by the engine", (), data)


def undo_match(t: Tournament) -> Change:
    """The last match round's pairing taken back (both columns), while no game of it has a result."""
    from event.next_round import HasResults, NothingToUndo

    refuse_team_event(t, "its pairing is taken back match by match (event.team.rounds)")
    k = matches_paired(t)
    if k == 0:
        raise NothingToUndo()
    done = tuple(b.number for b in match_boards(t, k) if any(a is not None or o is not None for a, o in b.games))
    if done:
        raise HasResults(k, done)
    n = len(match_boards(t, k))
    columns = match_columns(k)
    records: list[Record] = []
    for rec in t.records:  # both columns emptied: the games, the PAB (U H) and the copies of the 240 records
        if isinstance(rec, Player) and len(rec.rounds) >= columns[0]:
            rounds = list(rec.rounds)
            for c in columns:
                if c <= len(rounds):
                    rounds[c - 1] = None
            while rounds and rounds[-1] is None:
                rounds.pop()
            rec = replace(rec, rounds=tuple(rounds))
        records.append(rec)
    after = consistent(without_irregularity(t.replace_records(tuple(records)), "MPA", k))
    return Change(after, f"undo pairing of round {k}", f"{n} board(s) of two games taken back", (), {"round": k})


# --------------------------------------------------------------------------- results


class NotForMatches(EventError):
    """What an event of two-game matches does another way (``what``: how, in words)."""

    kind = "match-event"

    def __init__(self, what: str) -> None:
        super().__init__(f"each round is a match of two games: {what}")
        self.what = what


class MatchResultExpected(EventError):
    """The results typed for a board do not say how each game ended (``board``: the board, or
    ``None`` when the board number itself is missing; ``text``: what was typed)."""

    kind = "match-result"

    def __init__(self, board: int | None, text: str, expected: str) -> None:
        where = f"board {board}: " if board is not None else ""
        super().__init__(f"{where}{text}: expected {expected}")
        self.board, self.text, self.expected = board, text, expected


_BOTH = "the results of both games, game 1 then game 2, e.g. 3 1-0 ½-½ (* for a game not finished)"
_MATCH_SCORE = re.compile(r"^(\d*(?:½|\.5)?|\d+)\s*[-–:]\s*(\d*(?:½|\.5)?|\d+)$")
#: Unusual results of one game (C.04.5 Preface): the first-named player's points, then the other's.
_UNUSUAL = {"½-0": (Fraction(1, 2), Fraction(0)), "0-½": (Fraction(0), Fraction(1, 2)),
            "0-0": (Fraction(0), Fraction(0)), "1/2-0": (Fraction(1, 2), Fraction(0)),
            "0-1/2": (Fraction(0), Fraction(1, 2)), "0.5-0": (Fraction(1, 2), Fraction(0)),
            "0-0.5": (Fraction(0), Fraction(1, 2))}
#: The quick one-character forms of a board result that are numbers: refused here, where a
#: number is a board.
_BARE = {"1", "0"}


def _board_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdecimal() and len(text.lstrip("0")) <= 4 else None


def _is_match_score(text: str) -> bool:
    """``1½-½``, ``2-0``, ``1-1``: a score of two games (sums to 2 under 1/½/0), not a game's."""
    m = _MATCH_SCORE.match(text.strip().replace(" ", ""))
    if m is None or not m.group(1) or not m.group(2):
        return False

    def value(s: str) -> Fraction:
        s = s.replace(".5", "½")
        return Fraction(int(s[:-1] or 0)) + Fraction(1, 2) if s.endswith("½") else Fraction(int(s))
    return value(m.group(1)) + value(m.group(2)) == 2


def _game(board: int, text: str) -> str:
    """One game's result as typed, refused when it is none (a match score, a bare number)."""
    key = text.strip()
    if _is_match_score(key):
        raise MatchResultExpected(board, f"{key!r} is a match score, which does not say how each game ended",
                                  _BOTH)
    if key in _BARE:
        raise MatchResultExpected(board, f"{key!r} alone", "a game's result written out (1-0, 0-1, ½-½ or =...): "
                                                           "a plain number is read as a board")
    if key.replace(" ", "") in _UNUSUAL:
        return key.replace(" ", "")
    try:
        result_code(key)
    except BadResult:
        shown = key if len(key) <= 20 else key[:20] + "..."
        raise MatchResultExpected(board, f"{shown!r} is not a game's result", GAME_EXPECTED) from None
    return key


def parse_match_items(values: Sequence[str]) -> list[tuple[int, str, str]]:
    """``BOARD GAME1 GAME2 ...`` as typed: each board number followed by exactly two game results
    (module docstring).  Refused (:class:`MatchResultExpected`, :class:`BadResult`): a token where
    a board number belongs, a board with one game's result or none, a match score (``1½-½``: which
    game was won?), a bare ``1``/``0`` (a board number here)."""
    out: list[tuple[int, str, str]] = []
    i = 0
    while i < len(values):
        board = _board_number(values[i])
        if board is None:
            shown = values[i] if len(values[i]) <= 20 else values[i][:20] + "..."
            raise MatchResultExpected(None, repr(shown), "a board number (at most 4 digits), then " + _BOTH)
        games: list[str] = []
        j = i + 1
        while j < len(values) and len(games) < 2 and _board_number(values[j]) is None:
            games.append(_game(board, values[j]))
            j += 1
        if len(games) < 2:
            said = f"only {games[0]!r}" if games else "no result"
            if j < len(values) and values[j].strip() in _BARE:
                said += f", then {values[j].strip()!r}, read as a board number"
                raise MatchResultExpected(board, said, "each game's result written out: 1-0, 0-1, ½-½ (or =)...")
            raise MatchResultExpected(board, said, _BOTH)
        out.append((board, games[0], games[1]))
        i = j
    if not out:
        raise MatchResultExpected(None, "nothing", "a board number, then " + _BOTH)
    return out


def _codes(text: str) -> tuple[tuple[Result, Result] | None, tuple[Fraction, Fraction] | None]:
    """A game's codes (first-named player's, other's) and, for an unusual result, the points."""
    unusual = _UNUSUAL.get(text)
    if unusual is not None:
        return (Result.DRAW, Result.DRAW), unusual
    return result_code(text), None


def _without_adjustments(t: Tournament, column: int, players: tuple[int, int]) -> Tournament:
    """``t`` without the ``299`` half-point deductions this module writes for ``column``."""
    keep: list[Record] = [r for r in t.records if not (
        isinstance(r, AbnormalPoints) and r.kind == "" and r.round == column and r.points == Fraction(-1, 2)
        and len(r.players) == 1 and r.players[0] in players)]
    return t.replace_records(tuple(keep))


def _with_adjustments(t: Tournament, column: int, losers: Sequence[int]) -> Tournament:
    records = list(t.records)
    at = before_log(records)
    for pid in sorted(losers):
        records.insert(at, AbnormalPoints("", None, Fraction(-1, 2), column, (pid,)))
        at += 1
    return t.replace_records(tuple(records))


def _unusual_text(points: tuple[Fraction, Fraction]) -> str:
    return f"{points_text(points[0]) if points[0] else '0'}-{points_text(points[1]) if points[1] else '0'}"


#: One game as entered: its codes from the first-named player's side (``None``: cleared) and, for
#: an unusual result (C.04.5 Preface), the two players' points.
Game = tuple[tuple[Result, Result] | None, tuple[Fraction, Fraction] | None]


def _flip(game: Game) -> Game:
    """The game from the other player's side."""
    codes, unusual = game
    return ((codes[1], codes[0]) if codes is not None else None,
            (unusual[1], unusual[0]) if unusual is not None else None)


def _shown(game: Game) -> str:
    codes, unusual = game
    return _unusual_text(unusual) if unusual is not None else (result_text(*codes) if codes else "*")


def enter_match_results(t: Tournament, items: Sequence[tuple[int, str, str]], match: int | None = None) -> Change:
    """The results of the two games of each board of ``items`` (board, game 1, game 2; each from
    the board's first-named player's side) in match round ``match`` (default: the last paired).
    A board given twice is refused before anything is entered (:class:`BoardGivenTwice`)."""
    refuse_team_event(t, "its results are entered match by match (event.team.results)")
    k = _check_match(t, match)
    bs = match_boards(t, k)
    seen: dict[int, str] = {}
    parsed: list[tuple[MatchBoard, Game, Game]] = []
    for number, g1, g2 in items:
        if not 1 <= number <= len(bs):
            raise NoSuchBoard(k, number, len(bs))
        if number in seen:
            raise BoardGivenTwice(k, number, seen[number], f"{g1} {g2}")
        seen[number] = f"{g1} {g2}"
        parsed.append((bs[number - 1], _codes(g1), _codes(g2)))
    return _enter(t, k, parsed)


#: A player's own result of one game.
PLAYER_GAME_EXPECTED = ("each game from the player's own side: " + PLAYER_EXPECTED.replace(", or * to clear", "")
                        + ", ½-0 0-½ 0-0 (unusual results: the player's points first), or * (no result yet)")


def _player_game(player: int, text: str) -> Game:
    """One game's result from player ``player``'s side: his own code (``1``, ``=``, ``+``...),
    or an unusual result with his points first (``½-0``); :class:`MatchResultExpected` else."""
    key = text.strip().replace(" ", "")
    if key in _UNUSUAL:
        return (Result.DRAW, Result.DRAW), _UNUSUAL[key]
    if _is_match_score(key):
        raise MatchResultExpected(None, f"player {player}: {key!r} is a match score, which does not say how each "
                                        "game ended", PLAYER_GAME_EXPECTED)
    try:
        return player_code(text), None
    except BadResult:
        shown = key if len(key) <= 20 else key[:20] + "..."
        raise MatchResultExpected(None, f"player {player}: {shown!r} is not a game's result",
                                  PLAYER_GAME_EXPECTED) from None


#: What a player without a game in a match round has there: a Double-Swiss PAB is two games, U and H.
_NO_MATCH_WORDS = {**NO_GAME_WORDS, Result.PAIRING_ALLOCATED_BYE: "the pairing-allocated bye (U H)"}


def enter_match_results_by_player(t: Tournament, items: Sequence[tuple[int, str, str]],
                                  match: int | None = None) -> Change:
    """The results of the two games of each player of ``items`` (start rank, game 1, game 2;
    each game from that player's own side: ``1 =`` is a won game 1 and a drawn game 2) in match
    round ``match``: read for his board, turned to the first-named player's side when he is the
    second-named, and entered as :func:`enter_match_results` enters a board's.  A board named
    twice (by both its players, or one player twice) is refused before anything is entered
    (:class:`BoardGivenTwice`), as by board."""
    refuse_team_event(t, "its results are entered match by match (event.team.results)")
    k = _check_match(t, match)
    bs = match_boards(t, k)
    seen: dict[int, str] = {}
    parsed: list[tuple[MatchBoard, Game, Game]] = []
    for pid, g1, g2 in items:
        bd = player_board(t, pid, bs, k, match_columns(k)[0], _NO_MATCH_WORDS)
        games = [_player_game(pid, g1), _player_game(pid, g2)]
        if pid == bd.black:
            games = [_flip(g) for g in games]
        shown = " ".join(_shown(g) for g in games)
        if bd.number in seen:
            raise BoardGivenTwice(k, bd.number, seen[bd.number], shown)
        seen[bd.number] = shown
        parsed.append((bd, games[0], games[1]))
    return _enter(t, k, parsed)


_MATCH_ROW_EXPECTED = "board,game1,game2 or white,black,game1,game2"


def enter_match_results_csv(t: Tournament, text: str, match: int | None = None, source: str = "<results>") -> Change:
    """A match round's results from CSV rows ``board,game1,game2`` or ``white,black,game1,game2``
    (start ranks; each game from the first-named player's side, as typed after a board on the
    command line: :func:`parse_match_items`), all or nothing, read as
    :func:`event.results.enter_results` reads a round of single games: a header row and ``#``
    lines skipped, every row checked before any is entered, a file with a bad row entering
    nothing and listing every bad row (:class:`~event.results.BadResultsRows`: a row of neither
    form, a game that is no game's result, a match score, a board the round does not have, two
    players who do not meet, a board given twice).  A row ``white,black`` with the players the
    other way round is read for the players in the order given (a warning says so)."""
    refuse_team_event(t, "its results are entered match by match (event.team.results)")
    k = _check_match(t, match)
    bs = match_boards(t, k)
    by_pair = {frozenset((b.white, b.black)): b for b in bs}
    warnings: list[Notice] = []
    parsed: list[tuple[MatchBoard, Game, Game]] = []
    problems: list[RowProblem] = []
    given: dict[int, int] = {}  # board -> the line that gave it
    for no, cells, row, bad in csv_rows(text, _MATCH_ROW_EXPECTED, problems):
        pair_row = len(cells) >= 4 and cells[1].isdecimal()  # a game is never a bare number
        if not numbers_read(cells, pair_row, bad):
            continue
        at = 2 if pair_row else 1
        if len(cells) < at + 2 or not cells[at] or not cells[at + 1]:
            bad("bad-row", f"{','.join(row)[:80]!r}: expected {_MATCH_ROW_EXPECTED} (the results of both games)")
            continue
        games: list[Game] = []
        for field in (at, at + 1):
            if cells[field] in _BARE:  # a game's result, not a number: 1-0, not 1
                bad("bad-result", f"{cells[field]!r} alone: expected a game's result written out (1-0, 0-1, ½-½ "
                                  "or =...)", field)
                continue
            try:
                games.append(_codes(_game(0, cells[field])))
            except MatchResultExpected as exc:
                expected = ("each game in its own field, game 1 then game 2, e.g. 3,1-0,½-½" if exc.expected == _BOTH
                            else exc.expected)
                bad("bad-result", f"{exc.text}: expected {expected}", field)
        located = row_board(cells, pair_row, k, bs, by_pair, given, no, bad)
        if located is None:
            continue
        bd, swapped = located
        if swapped:
            warnings.append(Notice("colours-swapped", f"{source}:{no}: {int(cells[0])}-{int(cells[1])} is {bd.white}-"
                                                      f"{bd.black} in the pairing; the results were read for the players "
                                                      f"in the order given ({int(cells[0])} first)", {"line": no}))
            games = [_flip(g) for g in games]
        if len(games) == 2:
            parsed.append((bd, games[0], games[1]))
    if problems:
        raise BadResultsRows(source, problems)
    return _enter(t, k, parsed, warnings)


def _enter(t: Tournament, k: int, parsed: Sequence[tuple[MatchBoard, Game, Game]],
           notices: Sequence[Notice] = ()) -> Change:
    """Write the two games of each board of ``parsed`` (each from the board's first-named
    player's side) in match round ``k``: the codes in both columns, an unusual result as ``=``
    with its ``299`` adjustments (module docstring)."""
    warnings: list[Notice] = []
    if k < matches_paired(t):
        warnings.append(Notice("earlier-round", f"round {k} is not the last round paired: rounds {k + 1}-"
                                                f"{matches_paired(t)} were paired with the old result; the change "
                                                "affects pairings still to be made (C.04.2 Art. 4)",
                               {"round": k, "last_paired": matches_paired(t)}))
    entered: list[dict[str, Any]] = []
    for bd, *games in parsed:
        for game, (column, (codes, unusual)) in enumerate(zip(match_columns(k), games), 1):
            old = bd.game_text(game)
            new = result_text(*codes) if codes else ""
            if unusual is not None:
                new = _unusual_text(unusual)
            if old and old != new:
                warnings.append(Notice("result-changed", f"round {k} board {bd.number} game {game}: result changed "
                                                         f"from {old} to {new or 'no result'}",
                                       {"round": k, "board": bd.number, "game": game, "was": old, "now": new}))
            left, right = (bd.white, bd.black)  # both games from the first-named player's side
            t = _set(t, column, {left: codes[0] if codes else None, right: codes[1] if codes else None})
            t = _without_adjustments(t, column, (left, right))
            if unusual is not None:
                t = _with_adjustments(t, column, [p for p, v in zip((left, right), unusual) if v == 0])
        t = consistent(t)
        now = next(b for b in match_boards(t, k) if b.number == bd.number)
        entered.append({"board": bd.number, "white": bd.white, "black": bd.black, "games": [_shown(g) for g in games],
                        "score": [str(now.points[0]), str(now.points[1])] if not now.pending else None})
    details = "; ".join(
        f"{player_label(t, e['white'])} - {player_label(t, e['black'])} "
        + (f"{points_text(Fraction(e['score'][0]))}-{points_text(Fraction(e['score'][1]))} " if e["score"] else "")
        + f"(game 1 {e['games'][0]}, game 2 {e['games'][1]})" for e in entered)
    pending = [b.number for b in match_boards(t, k) if b.pending]
    return Change(t, f"results round {k}", details, tuple(warnings) + tuple(notices),
                  {"round": k, "entered": entered, "pending_boards": pending})


# --------------------------------------------------------------------------- byes and withdrawals


def _declared(t: Tournament, match: int) -> dict[int, Result]:
    """The absences declared for match ``match``: either column's ``240`` (game 1's first)."""
    c1, c2 = match_columns(match)
    return {**t.declared_absences(c2), **t.declared_absences(c1)}


def _fpb_line(t: Tournament, match: int) -> Tournament:
    """The ``### FPB @ Round k: 7=FPB`` line for the full-point byes declared for match ``match``."""
    who = sorted(pid for pid, kind in _declared(t, match).items() if kind is Result.FULL_POINT_BYE)
    if not who:
        return without_irregularity(t, "FPB", match)
    return with_irregularity(t, Irregularity("FPB", match, " ".join(f"{p}=FPB" for p in who)))


def _future(t: Tournament, match: int, what: str) -> None:
    total = total_matches(t) or max(matches_paired(t), 1)
    if not 1 <= match <= total:
        raise RoundOutOfEvent(match, total)
    if match <= matches_paired(t):
        raise MatchAlreadyPaired(match, matches_paired(t), what)


_NAMES = {Result.HALF_POINT_BYE: "half-point bye (two drawn games, H H)",
          Result.ZERO_POINT_BYE: "zero-point bye (Z Z)", Result.FULL_POINT_BYE: "full-point bye (two won games, F F)"}


def request_match_bye(t: Tournament, pid: int, match: int, kind: Result = Result.HALF_POINT_BYE, *,
                      acknowledged: bool = False) -> Change:
    """A bye requested for a whole match round not yet paired (C.04.5 Preface): ``240`` records
    for both its columns.  FIDE mode as :func:`event.absences.request_bye`: a full-point bye is
    warned, a second half-point bye needs ``acknowledged``; the ``###`` lines name the match."""
    refuse_team_event(t, "its withdrawals and byes name teams (event.team.absences)")
    check_player(t, pid)
    _future(t, match, "a bye is requested before its round is paired")
    warnings: list[Notice] = []
    old = _declared(t, match).get(pid)
    if old is kind:
        warnings.append(Notice("already-declared", f"{player_label(t, pid)} already has a {kind.value} bye in round "
                                                   f"{match}", {"round": match}))
    elif old is not None:
        warnings.append(Notice("bye-replaced", f"the {old.value} declaration for round {match} is replaced by "
                                               f"{kind.value}", {"round": match, "was": old.value}))
    others: list[int] = []
    if kind is Result.HALF_POINT_BYE and old is not kind:
        for m in range(1, (total_matches(t) or matches_paired(t)) + 1):
            if m == match:
                continue
            c1 = match_columns(m)[0]
            e = t.player(pid).entry(c1) if m <= matches_paired(t) else None
            if (e is not None and e.opponent is None and e.code is Result.HALF_POINT_BYE) or \
                    (m > matches_paired(t) and _declared(t, m).get(pid) is Result.HALF_POINT_BYE):
                others.append(m)
    if others:
        notice = fidemode.check(t, "second-half-point-bye", f"{player_label(t, pid)} already has a half-point bye "
                                f"in round(s) {', '.join(map(str, others))}", acknowledged=acknowledged)
        if notice is not None:
            warnings.append(Notice(notice.code, notice.message, {**notice.data, "rounds": others}))
    if kind is Result.FULL_POINT_BYE and old is not kind:
        notice = fidemode.check(t, "full-point-bye", f"a full-point bye for {player_label(t, pid)} in round {match}",
                                acknowledged=acknowledged)
        if notice is not None:
            warnings.append(Notice(notice.code, notice.message, {**notice.data, "round": match}))
    for c in match_columns(match):
        t = declare(t, c, pid, kind)
    t = _fpb_line(t, match)
    if others:
        t = fidemode.write_line(t, "second-half-point-bye", match,
                                f"{pid}=HPB [rounds {','.join(map(str, sorted(others + [match])))}]")
    return Change(consistent(t), f"bye for {player_label(t, pid)}", f"{_NAMES[kind]} in round {match}",
                  tuple(warnings), {"player": pid, "round": match, "columns": list(match_columns(match)),
                                    "kind": kind.value})


def cancel_match_bye(t: Tournament, pid: int, match: int) -> Change:
    """The bye or absence declared for ``pid`` in match round ``match`` withdrawn (both columns)."""
    from event.absences import NothingDeclared

    refuse_team_event(t, "its withdrawals and byes name teams (event.team.absences)")
    check_player(t, pid)
    _future(t, match, "its byes are in the pairing")
    old = _declared(t, match).get(pid)
    if old is None:
        raise NothingDeclared(pid, match)
    for c in match_columns(match):
        t = declare(t, c, pid, None)
    t = _fpb_line(t, match)
    return Change(consistent(t), f"cancel bye of {player_label(t, pid)}", f"{old.value} in round {match}: to be paired",
                  (), {"player": pid, "round": match, "was": old.value})


def withdraw_from_match(t: Tournament, pid: int, from_match: int | None = None) -> Change:
    """Player ``pid`` withdrawn from match round ``from_match`` (default: the next) to the end:
    a zero-point absence (``Z Z``) declared for each of those matches
    (:func:`event.absences.withdraw` on their columns)."""
    from event.absences import withdraw

    refuse_team_event(t, "its withdrawals and byes name teams (event.team.absences)")
    check_player(t, pid)
    first = from_match if from_match is not None else matches_paired(t) + 1
    _future(t, first, "a withdrawal takes effect from a round not yet paired")
    since = withdrawals(t).get(pid)
    if since is not None and (since + 1) // 2 <= first:
        raise AlreadyWithdrawn(pid, player_label(t, pid), (since + 1) // 2, first)
    change = withdraw(t, pid, match_columns(first)[0])
    last = total_matches(t) or first
    rounds = f"round {first}" if first == last else f"rounds {first}-{last}"
    warnings = tuple(w for w in change.warnings if w.code != "result-pending")
    k = matches_paired(t)
    if k and any(pid in (b.white, b.black) and b.pending for b in match_boards(t, k)):
        warnings += (Notice("result-pending", f"{player_label(t, pid)}'s match in round {k} has a game without a "
                                              "result: enter it (a forfeit if it is not played)", {"round": k}),)
    return Change(change.after, change.action, f"from round {first} (zero-point absence, Z Z, in {rounds})",
                  warnings, {"player": pid, "from_round": first, "rounds": list(range(first, last + 1))})


# --------------------------------------------------------------------------- status


def match_status(t: Tournament) -> Any:
    """:func:`event.status.status` in match rounds: rounds paired and to pair, the boards of the
    last match with a game without a result, byes declared per match, withdrawals from a match."""
    from dataclasses import replace

    from event.status import status

    s = status(t)
    total = total_matches(t)
    paired = matches_paired(t)
    pending = tuple(b for b in match_boards(t, paired) if b.pending) if paired else ()
    declared: dict[int, dict[int, str]] = {}
    for m in range(paired + 1, (total or paired) + 1):
        d = _declared(t, m)
        if d:
            declared[m] = {pid: kind.value for pid, kind in sorted(d.items())}
    gone = {p: (r + 1) // 2 for p, r in withdrawals(t).items()}
    nxt: int | None = None
    state, step = s.state, s.next_step
    if not t.players:
        pass
    elif pending:
        state, step = "results", f"enter the results of round {paired}: {len(pending)} board(s) with a game " \
                                 "without a result"
    elif total is not None and paired >= total:
        state, step = "finished", f"the event is finished ({total} rounds of two-game matches); compute the standings"
    else:
        nxt = paired + 1
        state, step = "ready", f"pair round {nxt}"
    return replace(s, total_rounds=total, rounds_paired=paired, state=state, next_step=step, next_round=nxt,
                   pending=pending, declared=declared,  # type: ignore[arg-type]  # a MatchBoard reads as a Board
                   withdrawals=gone, adjourned=())


# --------------------------------------------------------------------------- manual pairing


def _match_warnings(t: Tournament, k: int, pairs: Sequence[tuple[int, int]], bye: int | None) -> list[Notice]:
    """What the arbiter breaks on purpose: a rematch (C1: a match forfeited on both games does not
    count, Preface), a forbidden pair (C1), the PAB to a player C2 bars (a PAB, a full-point bye
    or a match won by forfeit)."""
    from trf.matches import player_matches

    out: list[Notice] = []
    c1, c2 = match_columns(k)
    banned = t.forbidden(c1) | t.forbidden(c2)
    for w, b in pairs:
        met = [m.round for m in player_matches(t, w, k - 1) if m.meeting and m.opponent == b]
        if met:
            out.append(Notice("rematch", f"{player_label(t, w)} and {player_label(t, b)} already met in round {met[0]} "
                                         "(C1, C.04.5 Art. 2.1.1)", {"players": [w, b], "round": met[0]}))
        if frozenset((w, b)) in banned:
            out.append(Notice("forbidden-pair", f"{player_label(t, w)} and {player_label(t, b)} may not meet: a "
                                                "forbidden pair of the event (C1)", {"players": [w, b]}))
    if bye is not None:
        for m in player_matches(t, bye, k - 1):
            if m.kind in ("pab", "full-bye") or m.won_by_forfeit:
                what = {"pab": "had the pairing-allocated bye", "full-bye": "had a full-point bye"}.get(
                    m.kind, "won a match by forfeit")
                out.append(Notice("pab-ineligible", f"{player_label(t, bye)} may not get the pairing-allocated bye: "
                                                    f"{what} in round {m.round} (C2, C.04.5 Art. 2.1.2)",
                                  {"player": bye, "round": m.round}))
                break
    return out


def assess_match(t: Tournament, given: tuple[tuple[int, int], ...], bye: int | None = None) -> Any:
    """A manual pairing of the next match round judged (:func:`event.manual.assess` for matches):
    the boards given (game 1's White first), the engine's pairing of the players left (the others
    as absent from both columns), the engine's own pairing of the round and the checker's verdict
    on the round as written (:func:`write_match`, then the system's ``check``: what ``arbiter
    check`` says once it is accepted).  Raises :class:`event.manual.ManualPairingError`."""
    import systems
    from event.manual import Assessment, completed_by_engine, placed_and_left
    from pairing.result import NoLegalPairing
    from trf.edit import with_byes

    refuse_team_event(t, "the manual pairing of team rounds is not implemented")
    engine_none: str | None = None
    k = matches_paired(t) + 1
    try:
        nxt = next_match(t)
    except NoLegalPairing as exc:
        _refuse_next(t, k)
        engine_none, engine_boards, engine_bye = str(exc), (), None
    else:
        engine_boards, engine_bye, k = nxt.pairing.boards, nxt.pairing.bye, nxt.round
    sel = systems.select(t)
    absent = _declared(t, k)
    placed, left = placed_and_left(t, given, bye, absent, k)
    notes: list[str] = []
    added: tuple[tuple[int, int], ...] = ()
    added_bye: int | None = None
    if left:
        rest = t
        for c in match_columns(k):
            rest = with_byes(rest, c, {p: Result.ZERO_POINT_BYE for p in placed})
        added, added_bye, notes = completed_by_engine(sel, rest, k, left, bye)
    pairs = tuple(given) + tuple(added)
    final_bye = bye if bye is not None else added_bye
    after = write_match(t, k, pairs, final_bye)
    ordered = tuple((b.white, b.black) for b in match_boards(after, k))
    report = sel.system.check(after, [k], sel, systems.CheckRequest())[0].as_dict()
    return Assessment(k, tuple(given), bye, added, ordered, final_bye, tuple(_match_warnings(t, k, pairs, final_bye)),
                      tuple(engine_boards), engine_bye, report, after, tuple(notes), engine_none)


# --------------------------------------------------------------------------- registration


def register_players(t: Tournament, people: Any, *, first_match: int | None = None, missed: Result = Result.ZERO_POINT_BYE,
                     source: str = "") -> Change:
    """:func:`event.registration.register` in match rounds: ``first_match`` (default: the next)
    is the first match the players play; each match missed before it is the same bye in both of
    its columns (``Z Z``, or ``H H`` with ``missed``: two drawn games)."""
    from event.registration import register

    first = match_columns(first_match)[0] if first_match is not None else None
    change = register(t, people, first_round=first, missed=missed, source=source)
    column = change.data.get("first_round") or 1
    details = change.details
    if column > 1:
        k = (column + 1) // 2
        said = f"; plays from round {column}, rounds 1-{column - 1} {missed.value}" if column > 2 else \
            f"; plays from round 2, round 1 {missed.value}"
        now = (f"; plays from round {k}, round 1 {missed.value} {missed.value}" if k == 2 else
               f"; plays from round {k}, rounds 1-{k - 1} {missed.value} {missed.value}")
        details = details.replace(said, now)
    data = {**change.data, "first_round": (column + 1) // 2}
    return Change(change.after, change.action, details, change.warnings, data)


def change_match_rounds(t: Tournament, rounds: int, *, acknowledged: bool = False) -> Change:
    """The number of match rounds set to ``rounds`` (:func:`event.settings.change_rounds` on the
    columns: ``142`` becomes twice ``rounds``); fewer than the matches paired is refused."""
    from event.create import InvalidSetting
    from event.settings import change_rounds
    from trf.limits import MAX_ROUNDS

    if not 1 <= rounds <= MAX_ROUNDS // 2:
        raise InvalidSetting("number of rounds", rounds, f"1-{MAX_ROUNDS // 2} (each round takes two of the "
                                                         f"{MAX_ROUNDS} round columns of TRF)")
    if rounds < matches_paired(t):
        raise InvalidSetting("number of rounds", rounds, f"at least {matches_paired(t)}: rounds "
                                                         f"1-{matches_paired(t)} are paired")
    old = total_matches(t)
    change = change_rounds(t, 2 * rounds, acknowledged=acknowledged)
    details = (f"{old} => {rounds}" if old is not None else str(rounds)) + f" (two-game matches: 142 {2 * rounds})"
    return Change(change.after, change.action, details, change.warnings,
                  {**change.data, "was": old, "rounds": rounds, "columns": 2 * rounds,
                   "rounds_paired": matches_paired(t)})
