"""A team event's results: entered match by match, board by board, as an arbiter reads them off
a match card; whole-match forfeits.

**Naming a match**: by its number in the round (C.04.2 Art. 3.6 order, as ``event boards``
shows it: ``3``), or by its two teams' pairing numbers (``4-7``, in either order).

**Board results** are written from the side of the team named first: the White team (White on
board 1) for a match number, the first of the two for ``4-7``.  One code per board, in board
order, separated by blanks, or written together when each is one character (``"10=1"``):

* ``1`` / ``0`` / ``=`` (or ``½``): the first team's player won, lost, drew; the longer forms
  ``1-0``, ``0-1``, ``½-½`` (``1/2-1/2``) say the same;
* ``+`` / ``-``: the first team's player won / lost by forfeit (the other player did not play);
  ``+-``, ``-+``, ``--`` (a double forfeit), ``1-0f``, ``0-1f``, ``0-0f`` likewise;
* ``W-L``, ``L-W``, ``D-D``: a game that lasted less than one move (scored, not rated);
* ``.`` keeps the board as it is, ``*`` clears its result.

A board with an empty seat (a line-up with no player there) is won by forfeit by the player who
sits at it: it takes ``.`` or that forfeit's code.  The match result is the sum of the boards
(game points under the ``162`` scoring) and the match points of ``362`` for the team with more,
both, or fewer game points (C.04.6 Art. 1.2); :mod:`trf.teams` reads them from the board results.

**A CSV of a round** (``event result FILE --csv ROUND.csv``): rows ``match,results`` (``3,1 = 0 1``)
or ``match,board,result`` (``3,2,=``; a blank result leaves the board as it is, and further columns
are not read: ``event boards FILE --csv`` writes such a sheet to fill in), comma or semicolon
separated, a header row allowed; every row is read before anything is entered, and a row that is
neither makes the whole file invalid input.

**A whole-match forfeit** (:func:`forfeit_match`): ``+-`` the first team wins (the other did not
come), ``-+`` the other way round, ``--`` neither came; written as a ``330`` record (White team
first) and in the players' lines (``0000 - +`` / ``0000 - -`` on the line-up's boards); ``*``
takes it back.  A forfeited match is no meeting and gives no colour (C.04.2 Art. 3.5, C.04.6
Art. 1.6.1), and a win by forfeit bars the PAB (C.04.6 Art. 2.1.2).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace

from event.change import Change, EventError, Notice
from event.results import BadResult, BadResultsRow, RoundNotPaired, csv_error, later_rounds, result_code
from event.team.matches import Match, board_result_text, consistent, half_points, round_matches, team_label
from event.team.records import event_of, set_entries, team_records, with_team_records
from event.next_round import NobodyToPair
from event.team.rounds import MatchHasResults
from trf.limits import MAX_START_RANK
from trf.model import Colour, Result, RoundEntry, Tournament
from trf.teams import ForfeitedMatch, TeamEvent

__all__ = ["NoSuchMatch", "BadBoardResult", "MatchForfeited", "KEEP", "parse_board_results", "find_match",
           "enter_match_result", "enter_results", "forfeit_match", "FORFEIT_CODES", "BOARD_EXPECTED"]

#: A board left as it is.
KEEP = "."
_SINGLE = set("10=½+-.*")
_PAIRS = ("+-", "-+", "--")  # a board's two-character codes, also made of single-board characters
BOARD_EXPECTED = ("one code per board, the first team's first: 1 0 = (½) + - (or 1-0 0-1 ½-½ +- -+ -- W-L L-W "
                  "D-D), . to keep a board, * to clear it")
FORFEIT_CODES = ("+-", "-+", "--", "*")

class NoSuchMatch(EventError):
    """Round ``round`` has no match ``ref`` (``matches``: how many it has)."""

    kind = "no-such-match"

    def __init__(self, rnd: int, ref: str, matches: int, why: str = "") -> None:
        what = why or (f"it has matches 1-{matches}" if matches else "it has no match")
        super().__init__(f"round {rnd} has no match {ref}: {what}")
        self.round, self.ref, self.matches = rnd, ref, matches


class BadBoardResult(EventError):
    """``text`` does not give match ``match``'s boards: ``reason`` in words."""

    kind = "bad-board-result"

    def __init__(self, text: str, reason: str, match: int = 0) -> None:
        where = f"match {match}: " if match else ""
        super().__init__(f"{where}{text!r}: {reason}")
        self.text, self.reason, self.match = text, reason, match


class MatchForfeited(EventError):
    """Match ``match`` of round ``round`` is forfeited (``code``): its boards have no result to enter."""

    kind = "match-forfeited"

    def __init__(self, rnd: int, match: int, code: str) -> None:
        super().__init__(f"round {rnd}: match {match} is forfeited ({code}); take the forfeit back first "
                         "(event forfeit FILE MATCH '*')")
        self.round, self.match, self.code = rnd, match, code


def _code(token: str) -> tuple[Result, Result] | None | str:
    if token == KEEP:
        return KEEP
    if token == "-":
        return (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
    try:
        return result_code(token)
    except BadResult:
        raise BadBoardResult(token, BOARD_EXPECTED) from None


def parse_board_results(text: str, boards: int) -> tuple[tuple[Result, Result] | None | str, ...]:
    """The code of each of ``boards`` boards in ``text`` (module docstring): a pair of codes (the
    first team's player's first), ``None`` to clear, :data:`KEEP`.  Raises :class:`BadBoardResult`."""
    tokens = text.split()
    if len(tokens) == 1 and boards > 1 and len(tokens[0]) > 1 and set(tokens[0]) <= _SINGLE and \
            (len(tokens[0]) == boards or tokens[0] not in _PAIRS):
        tokens = list(tokens[0])  # written together: one character a board
    if len(tokens) != boards:
        raise BadBoardResult(text[:80], f"{len(tokens)} code(s) for {boards} boards: {BOARD_EXPECTED}")
    return tuple(_code(tok) for tok in tokens)


def _check_round(t: Tournament, rnd: int | None) -> int:
    r = rnd if rnd is not None else t.rounds_paired
    if not 1 <= r <= t.rounds_paired:
        raise RoundNotPaired(r, t.rounds_paired)
    return r


def _event(t: Tournament, rnd: int) -> TeamEvent:
    ev = event_of(t)
    if ev is None:
        raise NobodyToPair(rnd, 0)
    return ev


def find_match(t: Tournament, ev: TeamEvent, rnd: int, ref: str) -> tuple[Match, bool]:
    """The match ``ref`` names in round ``rnd`` (its number, or ``A-B`` its teams), and whether its
    first-named team is the Black team (``flipped``).  Raises :class:`NoSuchMatch`."""
    rm = round_matches(t, rnd, ev)
    text = ref.strip()
    parts = text.split("-")
    if len(parts) == 2 and all(p.isascii() and p.isdigit() and 0 < len(p) <= 4 for p in parts):
        a, b = int(parts[0]), int(parts[1])
        for m in rm.matches:
            if {a, b} == {m.white, m.black} and a != b:
                return m, a == m.black
        raise NoSuchMatch(rnd, text, len(rm.matches), f"teams {a} and {b} do not meet in round {rnd}")
    if text.isascii() and text.isdigit() and 0 < len(text) <= 4:
        k = int(text)
        if 1 <= k <= len(rm.matches):
            return rm.matches[k - 1], False
        raise NoSuchMatch(rnd, text, len(rm.matches))
    raise NoSuchMatch(rnd, text[:20], len(rm.matches), "a match is named by its number (3) or its teams (4-7)")


@dataclass(frozen=True)
class _Plan:
    """What one match's entry changes: the player lines, and how it reads."""

    entries: dict[int, RoundEntry | None]
    entered: tuple[int, ...]
    warnings: tuple[Notice, ...]


def _plan(t: Tournament, m: Match, flipped: bool, codes: tuple[tuple[Result, Result] | None | str, ...],
          text: str) -> _Plan:
    """The player-line changes of ``codes`` (the first-named team's side first) on ``m``'s boards."""
    if m.forfeited:
        raise MatchForfeited(m.round, m.number, m.forfeit_code)
    entries: dict[int, RoundEntry | None] = {}
    entered = []
    warnings = []
    for bd, code in zip(m.boards, codes):
        if code == KEEP:
            continue
        a, b = (bd.black_team_player, bd.white_team_player) if flipped else (bd.white_team_player, bd.black_team_player)
        if not a or not b:
            fixed = (Result.FORFEIT_LOSS if not a else Result.FORFEIT_WIN,
                     Result.FORFEIT_LOSS if not b else Result.FORFEIT_WIN)
            if code != fixed:
                who = "neither team has" if not a and not b else "one team has"
                raise BadBoardResult(text[:80], f"board {bd.board}: {who} no player there; the board is decided by the "
                                                "line-up (give . for it)", m.number)
            continue
        ea, eb = t.player(a).entry(m.round), t.player(b).entry(m.round)
        assert ea is not None and eb is not None
        pair = code if code is None or isinstance(code, tuple) else None
        new_a, new_b = (None, None) if pair is None else pair
        old = board_result_text(ea.result, eb.result)
        now = board_result_text(new_a, new_b)
        if old and old != now:
            first = m.black if flipped else m.white
            warnings.append(Notice("result-changed", f"round {m.round} match {m.number} board {bd.board}: result changed "
                                                     f"from {old} to {now or 'no result'} (team {first}'s side first)",
                                   {"round": m.round, "match": m.number, "board": bd.board, "was": old, "now": now}))
        entries[a] = RoundEntry(ea.opponent, ea.colour, new_a)
        entries[b] = RoundEntry(eb.opponent, eb.colour, new_b)
        entered.append(bd.board)
    return _Plan(entries, tuple(entered), tuple(warnings))


def _describe(t: Tournament, ev: TeamEvent, rnd: int, number: int, flipped: bool) -> str:
    """``match 2: 4 (Fjord SK) - 7 (Bergen SK) 2½-1½`` after the change (the first-named team first)."""
    m = round_matches(t, rnd, ev).matches[number - 1]
    first, second = (m.black, m.white) if flipped else (m.white, m.black)
    if m.pending:
        state = f"board(s) {', '.join(map(str, m.pending))} without a result"
    else:
        gp = (m.black_game_points, m.white_game_points) if flipped else (m.white_game_points, m.black_game_points)
        state = f"{half_points(gp[0])}-{half_points(gp[1])}"
    codes = " ".join((_flip(b.result) if flipped else b.result) or "·" for b in m.boards)
    return f"match {m.number}: {team_label(ev, first)} - {team_label(ev, second)} {state} ({codes})"


def _flip(result: str) -> str:
    """A board's result seen from the other side."""
    if not result:
        return result
    if "-" in result and len(result) > 2:
        a, _, b = result.partition("-")
        return f"{b}-{a}"
    return result[::-1]


def enter_match_result(t: Tournament, ref: str, text: str, rnd: int | None = None) -> Change:
    """The boards of match ``ref`` (its number or ``A-B``) in round ``rnd`` (default: the last round
    paired), from the first-named team's side (module docstring).  Raises :class:`NoSuchMatch`,
    :class:`BadBoardResult`, :class:`MatchForfeited` and :class:`~event.results.RoundNotPaired`."""
    r = _check_round(t, rnd)
    ev = _event(t, r)
    m, flipped = find_match(t, ev, r, ref)
    codes = parse_board_results(text, ev.boards)
    plan = _plan(t, m, flipped, codes, text)
    after = consistent(set_entries(t, r, plan.entries))
    details = _describe(after, event_of(after) or ev, r, m.number, flipped)
    return Change(after, f"result round {r}", details, tuple(later_rounds(t, r)) + plan.warnings,
                  {"round": r, "match": m.number, "white": m.white, "black": m.black, "boards": list(plan.entered)})


def _row_ref(cell: str) -> bool:
    parts = cell.split("-")
    return all(p.isascii() and p.isdigit() and 0 < len(p) <= len(str(MAX_START_RANK)) for p in parts) and len(parts) <= 2


def enter_results(t: Tournament, text: str, rnd: int | None = None, source: str = "<results>") -> Change:
    """A round's results from a CSV (module docstring).  Raises
    :class:`~event.results.BadResultsRow` for a row that is neither form (nothing entered)."""
    r = _check_round(t, rnd)
    ev = _event(t, r)
    text = text.lstrip("\ufeff")
    delimiter = ";" if text.count(";") > text.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)  # LF, CRLF or CR endings
    per_match: dict[int, tuple[Match, bool, list[tuple[Result, Result] | None | str], int]] = {}
    expected = "match,results (3,1 = 0 1) or match,board,result (3,2,=)"
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # a field over the csv module's 131,072 characters: no match's or result's
            raise BadResultsRow(source, reader.line_num, csv_error(exc), expected) from None
        no = reader.line_num
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if not _row_ref(cells[0]):
            if no == 1:
                continue  # a header row
            raise BadResultsRow(source, no, ",".join(row)[:80], expected)
        try:
            m, flipped = find_match(t, ev, r, cells[0])
            key = m.number
            if key not in per_match:
                per_match[key] = (m, flipped, [KEEP] * ev.boards, no)
            elif per_match[key][1] != flipped:
                raise BadResultsRow(source, no, ",".join(row)[:80], "the same side first on every row of a match")
            codes = per_match[key][2]
            if len(cells) >= 3 and cells[1].isascii() and cells[1].isdigit() and len(cells[1]) <= 3:
                k = int(cells[1])
                if not 1 <= k <= ev.boards:
                    raise BadResultsRow(source, no, cells[1], f"a board from 1 to {ev.boards}")
                if cells[2]:  # a blank result (a sheet not filled in there): the board as it is
                    codes[k - 1] = _code(cells[2])
            elif len(cells) >= 2:
                for k, code in enumerate(parse_board_results(cells[1], ev.boards)):
                    if code != KEEP:
                        codes[k] = code
            else:
                raise BadResultsRow(source, no, ",".join(row)[:80], expected)
        except (NoSuchMatch, BadBoardResult) as exc:
            raise BadResultsRow(source, no, ",".join(row)[:80], str(exc)) from None
    entries: dict[int, RoundEntry | None] = {}
    warnings: list[Notice] = []
    done = []
    for number, (m, flipped, codes, no) in sorted(per_match.items()):
        try:
            plan = _plan(t, m, flipped, tuple(codes), ",".join(str(c) for c in codes))
        except (BadBoardResult, MatchForfeited) as exc:
            raise BadResultsRow(source, no, f"match {number}", str(exc)) from None
        entries.update(plan.entries)
        warnings += plan.warnings
        done.append((number, flipped))
    after = consistent(set_entries(t, r, entries))
    after_ev = event_of(after) or ev
    left = [m.number for m in round_matches(after, r, after_ev).matches if m.pending]
    details = "; ".join(_describe(after, after_ev, r, number, flipped) for number, flipped in done) or "nothing entered"
    details += f"; matches still without every result: {', '.join(map(str, left))}" if left else "; the round is complete"
    return Change(after, f"results round {r}", details, tuple(later_rounds(t, r)) + tuple(warnings),
                  {"round": r, "matches": [n for n, _ in done], "pending_matches": left})


def forfeit_match(t: Tournament, ref: str, code: str, rnd: int | None = None) -> Change:
    """Match ``ref`` forfeited as a whole (``+-``, ``-+``, ``--`` from the first-named team's side),
    or the forfeit taken back (``*``): module docstring.  Raises :class:`NoSuchMatch`,
    :class:`BadBoardResult` and :class:`~event.team.rounds.MatchHasResults`."""
    r = _check_round(t, rnd)
    ev = _event(t, r)
    kind = code.strip()
    if kind not in FORFEIT_CODES:
        raise BadBoardResult(code, "a whole match is forfeited with +- (the first team wins), -+ or -- (neither "
                                   "came), or taken back with *")
    m, flipped = find_match(t, ev, r, ref)
    values = team_records(t)
    forfeits = tuple(f for f in values.forfeits if not (f.round == r and {f.white, f.black} == {m.white, m.black}))
    seats = {tpn: [p for p in ev.entry(tpn, r).boards] for tpn in (m.white, m.black)}
    entries: dict[int, RoundEntry | None] = {}
    if kind == "*":
        if not m.forfeited:
            raise BadBoardResult(code, "the match is not forfeited: there is no forfeit to take back", m.number)
        w_seats = (seats[m.white] + [0] * ev.boards)[: ev.boards]
        b_seats = (seats[m.black] + [0] * ev.boards)[: ev.boards]
        for k, (w, b) in enumerate(zip(w_seats, b_seats)):
            colour = Colour.WHITE if ev.board_colours[k] == "W" else Colour.BLACK
            if w:
                entries[w] = RoundEntry(b or None, colour if b else Colour.NONE, None if b else Result.FORFEIT_WIN)
            if b:
                entries[b] = RoundEntry(w or None, colour.opposite if w else Colour.NONE, None if w else Result.FORFEIT_WIN)
        words = "forfeit taken back: the match is to be played (its boards without a result)"
    else:
        if not m.forfeited:
            done = tuple(b.board for b in m.boards if b.white_team_player and b.black_team_player and not b.pending)
            if done:
                raise MatchHasResults(r, "forfeit the match", match=m.number, boards=done)
        white_kind = {"+-": "-+", "-+": "+-"}.get(kind, kind) if flipped else kind
        win = {"+-": m.white, "-+": m.black}.get(white_kind)
        for tpn in (m.white, m.black):
            for p in seats[tpn]:
                if p:
                    entries[p] = RoundEntry(None, Colour.NONE, Result.FORFEIT_WIN if tpn == win else Result.FORFEIT_LOSS)
        forfeits += (ForfeitedMatch(white_kind, r, m.white, m.black),)
        first, second = (m.black, m.white) if flipped else (m.white, m.black)
        words = {"+-": f"{team_label(ev, first)} wins by forfeit: {team_label(ev, second)} did not come",
                 "-+": f"{team_label(ev, second)} wins by forfeit: {team_label(ev, first)} did not come",
                 "--": "neither team came (a double forfeit)"}[kind]
    after = set_entries(t, r, entries)
    after = consistent(with_team_records(after, replace(values, forfeits=forfeits)))
    return Change(after, f"forfeit round {r} match {m.number}",
                  f"{team_label(ev, m.white)} - {team_label(ev, m.black)}: {words}", tuple(later_rounds(t, r)),
                  {"round": r, "match": m.number, "white": m.white, "black": m.black,
                   "forfeit": None if kind == "*" else ({"+-": "-+", "-+": "+-"}.get(kind, kind) if flipped else kind)})
