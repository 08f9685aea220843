"""Is a TRF file fit to be rated, and the clean report (FIDE B.02 9.1, TRF-16 / TRF-2026).

:func:`check_report` lists every problem with its line, column and what to do:

* the file's own diagnostics (layout, mirrored games, results: :mod:`trf.validate`);
* the rating-mandatory header records (TRF-16 R column: 012 name, 022 city, 032 federation,
  102 chief arbiter; TRF-2026 adds 042 start date, 052 end date and 132 round dates), the dates
  readable and in order, a round date for every round played;
* every player's FIDE id (R mandatory), federation, rating and birth date (R "warning if wrong");
* points equal to the results (TRF-16 columns 81-84) and ranks consistent with the standings
  (columns 86-89, R mandatory) under the file's tie-break list (202/212), ``tiebreaks`` or the
  default list;
* results FIDE does not rate written as such: a forfeit or a bye is never a rated game, and
  a rated result needs an opponent and a colour;
* adjourned games (``?``, docs/trf.md): not rated until the result replaces the ``?``, so a
  warning per game; the report leaves them out (:mod:`ratings.change` lists them as skipped).

:func:`clean_report` writes the same tournament with recomputed points and ranks, in TRF-16 or
TRF-2026 (:func:`trf.convert.convert`). The input is never modified (everything is frozen).

Severities: ``error`` for what the rating officer cannot rate (missing mandatory records,
FIDE ids, contradictory games); ``warning`` for what FIDE only flags or what the clean report
fixes (points, ranks); ``info`` for facts (the unrated games of the event).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from trf.dates import parse_date
from trf.diagnostics import Diagnostic, Severity
from trf.model import Header, Player, Result, Tournament
from trf.writer import fmt_points

if TYPE_CHECKING:  # pragma: no cover
    from tiebreaks.codes import TieBreak

__all__ = ["Problem", "ReportCheck", "check_report", "recomputed", "clean_report", "unrated_games", "FIX"]

#: What to do, per diagnostic code of :mod:`trf.validate` / the reader.
FIX: dict[str, str] = {
    "syntax": "rewrite the line in the TRF column layout",
    "bad-number": "write a number in that field",
    "bad-code": "use a code from the TRF table",
    "encoding": "save the file as UTF-8 (or give --encoding)",
    "duplicate-player": "give each player a unique start rank",
    "missing-player": "number the players 1..N without gaps",
    "unknown-opponent": "correct the opponent's start rank",
    "self-opponent": "correct the opponent's start rank",
    "not-mirrored": "write the game on both players' lines",
    "colour-mismatch": "give the two players opposite colours",
    "result-mismatch": "make the two results complementary (1/0, =/=, +/-)",
    "bye-with-opponent": "write byes as 0000 - H/F/U/Z",
    "game-without-colour": "write the opponent and the colour (w or b) of the game",
    "multiple-pab": "only one pairing-allocated bye (U) per round",
    "round-beyond-total": "correct the number of rounds (142/XXR) or remove the entry",
    "points-mismatch": "the clean report writes the points computed from the results",
    "bad-record": "correct the record",
    "duplicate-record": "keep one record",
}


@dataclass(frozen=True)
class Problem:
    """One finding of the report check: where, what, and what to do."""

    severity: Severity
    code: str
    message: str
    fix: str
    line: int = 0
    column: int = 0

    def format(self, filename: str = "<input>") -> str:
        """``file:line:col: severity code message (fix: ...)``."""
        return f"{filename}:{self.line}:{self.column}: {self.severity.value} {self.code} {self.message} (fix: {self.fix})"

    def as_dict(self) -> dict[str, Any]:
        return {"severity": self.severity.value, "code": self.code, "line": self.line, "column": self.column,
                "message": self.message, "fix": self.fix}

    def diagnostic(self) -> Diagnostic:
        return Diagnostic(self.severity, self.code, f"{self.message} (fix: {self.fix})", self.line, self.column)


@dataclass(frozen=True)
class ReportCheck:
    """The problems of a file, and the standings its ranks were compared with."""

    problems: tuple[Problem, ...]
    ranks: dict[int, int]  # start rank -> recomputed rank
    points: dict[int, Any]  # start rank -> recomputed points (Fraction)
    tiebreaks: str  # the list used, as text
    notes: tuple[str, ...] = ()

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)


# --------------------------------------------------------------------------- headers

_HEADER_NAMES = {"012": "tournament name", "022": "city", "032": "federation", "042": "start date",
                 "052": "end date", "102": "chief arbiter", "132": "round dates"}


def _header_record(t: Tournament, code: str) -> Header | None:
    for rec in t.records:
        if isinstance(rec, Header) and rec.code == code:
            return rec
    return None


def _first_player_line(t: Tournament) -> int:
    return min((p.line for p in t.players), default=1)


def check_headers(t: Tournament) -> list[Problem]:
    """The rating-mandatory header records (TRF-16 and TRF-2026 R column) and their dates."""
    out = []
    at = _first_player_line(t)
    for code, what in _HEADER_NAMES.items():
        rec = _header_record(t, code)
        if rec is None or not rec.text:
            out.append(Problem(Severity.ERROR, "report-header", f"record {code} ({what}) is {'empty' if rec else 'missing'}",
                               f"write the {what} in record {code}, from column 5", rec.line if rec else at, 5))
    fed = _header_record(t, "032")
    if fed is not None and fed.text and not re.fullmatch(r"[A-Z]{3}", fed.text):
        out.append(Problem(Severity.WARNING, "report-header", f"032 federation {fed.text!r} is not a 3-letter FIDE code",
                           "write the federation's FIDE code, e.g. GER", fed.line, 5))
    start, end = _header_record(t, "042"), _header_record(t, "052")
    ds = de = None
    for rec in (start, end):
        if rec is not None and rec.text:
            d = parse_date(rec.text)
            if d is None:
                out.append(Problem(Severity.ERROR, "report-date", f"{rec.code} {rec.text!r} is not a date",
                                   "write the date as YYYY/MM/DD", rec.line, 5))
            elif rec is start:
                ds = d
            else:
                de = d
    if ds and de and de < ds:
        out.append(Problem(Severity.ERROR, "report-date", f"the end date {de} is before the start date {ds}",
                           "correct 042 or 052", end.line if end else at, 5))
    rd = _header_record(t, "132")
    if rd is not None and rd.text:
        dates = t.round_dates
        for r in range(1, t.rounds_paired + 1):
            d = dates[r - 1] if r <= len(dates) else None
            col = 92 + 10 * (r - 1)
            if d is None:
                bad = r <= len(dates)
                out.append(Problem(Severity.ERROR, "report-date",
                                   f"round {r} has {'an unreadable' if bad else 'no'} date in 132",
                                   "write each round's date as YY/MM/DD at its round block's columns", rd.line, col))
            elif (ds and d < ds) or (de and d > de):
                out.append(Problem(Severity.WARNING, "report-date", f"round {r} date {d} is outside {ds} - {de}",
                                   "correct 132, 042 or 052", rd.line, col))
        known = [d for d in dates if d is not None]
        if any(b < a for a, b in zip(known, known[1:])):
            out.append(Problem(Severity.WARNING, "report-date", "the round dates in 132 are not in order",
                               "correct 132", rd.line, 92))
    if t.total_rounds is not None and t.rounds_paired < t.total_rounds:
        out.append(Problem(Severity.WARNING, "report-unfinished",
                           f"{t.rounds_paired} of {t.total_rounds} rounds are paired: the tournament is not finished",
                           "report the tournament after its last round", at, 1))
    return out


# --------------------------------------------------------------------------- players

_BIRTH = re.compile(r"\d{4}([/.-]\d{2}[/.-]\d{2})?")


def check_players(t: Tournament) -> list[Problem]:
    """FIDE id (R mandatory), federation, rating and birth date (R warnings) of every player."""
    out = []
    seen: dict[str, int] = {}
    for p in t.players:
        who = f"player {p.start_rank} ({p.name or 'no name'})"
        fid = p.fide_id.strip()
        if not fid or fid.strip("0") == "":
            out.append(Problem(Severity.ERROR, "report-fide-id", f"{who} has no FIDE id",
                               "register the player with the federation and write the id at columns 58-68", p.line, 58))
        elif not fid.isdigit():
            out.append(Problem(Severity.ERROR, "report-fide-id", f"{who}: FIDE id {fid!r} is not a number",
                               "write the FIDE id (digits only) at columns 58-68", p.line, 58))
        elif fid in seen:
            out.append(Problem(Severity.ERROR, "report-fide-id", f"{who} has the FIDE id {fid} of player {seen[fid]}",
                               "correct one of the two ids", p.line, 58))
        else:
            seen[fid] = p.start_rank
        if not p.federation:
            out.append(Problem(Severity.WARNING, "report-federation", f"{who} has no federation",
                               "write the player's FIDE federation code at columns 54-56", p.line, 54))
        elif not re.fullmatch(r"[A-Z]{3}", p.federation):
            out.append(Problem(Severity.WARNING, "report-federation", f"{who}: federation {p.federation!r} is not a FIDE code",
                               "write a 3-letter FIDE federation code at columns 54-56", p.line, 54))
        if p.rating and not 1000 <= p.rating <= 3000:
            out.append(Problem(Severity.WARNING, "report-rating", f"{who}: rating {p.rating} is outside 1000-3000",
                               "write the rating of the list in force (blank or 0 if unrated)", p.line, 49))
        if not p.birth_date:
            out.append(Problem(Severity.WARNING, "report-birth-date", f"{who} has no birth date",
                               "write the birth date as YYYY/MM/DD at columns 70-79", p.line, 70))
        elif not _BIRTH.fullmatch(p.birth_date):
            out.append(Problem(Severity.WARNING, "report-birth-date", f"{who}: birth date {p.birth_date!r} is not YYYY/MM/DD",
                               "write the birth date as YYYY/MM/DD at columns 70-79", p.line, 70))
    return out


# --------------------------------------------------------------------------- games


def unrated_games(t: Tournament) -> list[dict[str, Any]]:
    """Every round entry FIDE does not rate, once per game (forfeits, games under one move,
    byes), with its kind: ``{"round", "player", "opponent", "code", "kind"}``.  In a file of
    two-game matches (C.04.5, :mod:`trf.matches`) game 2's ``H`` of a PAB (``U H``) is the PAB's."""
    from trf.matches import writes_matches

    matches = writes_matches(t)
    out = []
    kinds = {"+": "forfeit", "-": "forfeit", "W": "under one move", "D": "under one move", "L": "under one move",
             "H": "half-point bye", "F": "full-point bye", "U": "pairing-allocated bye", "Z": "zero-point bye",
             "?": "adjourned: not rated until its result is entered"}
    for r in range(1, t.rounds_paired + 1):
        for p in sorted(t.players, key=lambda q: q.start_rank):
            e = p.entry(r)
            if e is None:
                continue
            code = e.code
            if code is None or code.is_rated:
                continue
            if e.opponent is not None and e.opponent < p.start_rank:
                opp = t.player_by_rank.get(e.opponent)
                oe = opp.entry(r) if opp else None
                if oe is not None and oe.opponent == p.start_rank and oe.code is not None and not oe.code.is_rated:
                    continue  # listed from the other side already
            kind = kinds[code.value]
            if matches and code is Result.HALF_POINT_BYE and r % 2 == 0 and (g1 := p.entry(r - 1)) is not None \
                    and g1.code is Result.PAIRING_ALLOCATED_BYE:
                kind = "pairing-allocated bye (game 2)"
            out.append({"round": r, "player": p.start_rank, "opponent": e.opponent, "code": code.value, "kind": kind})
    return out


def check_games(t: Tournament) -> list[Problem]:
    """Results FIDE does not rate must be marked as such: a forfeit or a bye written with a rated
    code cannot be told from a game, so the checks here are what the file itself betrays: a
    forfeit written without an opponent (an absence or a bye), and a rated result beside an
    unrated one on the two lines of a game (the reader's ``result-mismatch`` covers the rest)."""
    out = []
    for p in t.players:
        for r, e in enumerate(p.rounds, start=1):
            if e is None or r > t.rounds_paired:
                continue
            col = 92 + 10 * (r - 1) + 7
            if e.opponent is None and e.result in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS):
                out.append(Problem(Severity.WARNING, "report-unrated-game",
                                   f"player {p.start_rank}, round {r}: forfeit {e.result.value!r} without an opponent",
                                   "write the scheduled opponent, or a bye code (U, F, H, Z)", p.line, col))
            elif e.result is Result.ADJOURNED and e.opponent is not None and e.opponent > p.start_rank:
                # B.02: only finished games are rated; the report leaves the game out until then
                out.append(Problem(Severity.WARNING, "report-adjourned-game",
                                   f"player {p.start_rank}, round {r}: the game against {e.opponent} is adjourned ('?'): "
                                   "it is not rated until its result is entered",
                                   "enter the result (arbiter event result) before sending the report", p.line, col))
    return out


# --------------------------------------------------------------------------- points and ranks


def recomputed(t: Tournament, tiebreaks: list[TieBreak] | None = None
               ) -> tuple[dict[int, Any], dict[int, int], dict[int, tuple[int, int]], str, list[str]]:
    """Points from the results and ranks from the standings (C.07, :func:`tiebreaks.standings.standings`)
    under ``tiebreaks``, else the file's 202/212 list, else the default list. Players still tied
    after every tie-break get consecutive ranks in start-rank order (a rank column holds one
    number; TRF-2026 allows ties, TRF-16 readers may not)."""
    from tiebreaks.codes import file_tiebreaks
    from tiebreaks.standings import standings

    tbs = tiebreaks if tiebreaks is not None else file_tiebreaks(t)
    s = standings(t, tbs or [], default_list=tbs is None)
    ranks = {row.pid: i for i, row in enumerate(s.rows, start=1)}
    points = {row.pid: row.points for row in s.rows}
    places = {}
    for row in s.rows:
        lo, _, hi = row.place.partition("-")
        places[row.pid] = (int(lo), int(hi or lo))
    text = ",".join(tb.text for tb in s.tiebreaks)
    return points, ranks, places, text, list(s.notes)


def check_points_ranks(t: Tournament, points: dict[int, Any], ranks: dict[int, int],
                       places: dict[int, tuple[int, int]], tb_text: str) -> list[Problem]:
    """Listed points equal to the results; listed ranks within the place the standings give
    (any rank of a shared place is accepted, as ``arbiter standings --check`` does)."""
    out = []
    for p in t.players:
        if p.start_rank not in points or t.player_by_rank[p.start_rank] is not p:
            continue
        want = points[p.start_rank]
        if p.points is None:
            out.append(Problem(Severity.WARNING, "report-points", f"player {p.start_rank} lists no points",
                               f"the clean report writes {fmt_points(want)}", p.line, 81))
        elif p.points != want and p.points != t.score(p.start_rank):  # JaVaFo: declared byes counted too
            out.append(Problem(Severity.WARNING, "report-points",
                               f"player {p.start_rank} lists {fmt_points(p.points)} points, the results give {fmt_points(want)}",
                               f"the clean report writes {fmt_points(want)}", p.line, 81))
        rank = ranks[p.start_rank]
        if p.rank is None:
            out.append(Problem(Severity.WARNING, "report-rank", f"player {p.start_rank} has no rank (columns 86-89 are mandatory)",
                               f"the clean report writes rank {rank} ({tb_text})", p.line, 86))
        elif not places[p.start_rank][0] <= p.rank <= places[p.start_rank][1]:
            out.append(Problem(Severity.WARNING, "report-rank",
                               f"player {p.start_rank} is ranked {p.rank}, the standings give {rank} ({tb_text})",
                               f"the clean report writes {rank}; give --tiebreaks if the event used another list",
                               p.line, 86))
    return out


def check_report(t: Tournament, diagnostics: list[Diagnostic] | tuple[Diagnostic, ...] = (),
                 tiebreaks: list[TieBreak] | None = None) -> ReportCheck:
    """Every problem that keeps ``t`` from being rated (see the module docstring). ``diagnostics``
    are the reader's (``trf.parse_file(...).diagnostics``); ``tiebreaks`` a parsed list or ``None``."""
    problems: list[Problem] = []
    for d in diagnostics:
        if d.severity is Severity.INFO or d.code == "points-mismatch":  # points: report-points says it with the fix
            continue
        problems.append(Problem(d.severity, d.code, d.message, FIX.get(d.code, "correct the file"), d.line, d.column))
    problems += check_headers(t)
    problems += check_players(t)
    problems += check_games(t)
    notes: list[str] = []
    points: dict[int, Any] = {}
    ranks: dict[int, int] = {}
    places: dict[int, tuple[int, int]] = {}
    tb_text = ""
    if any(p.severity is Severity.ERROR and p.code in FIX for p in problems):
        notes.append("points and ranks not recomputed: the file's games contradict each other")
    elif t.players:
        points, ranks, places, tb_text, notes = recomputed(t, tiebreaks)
        problems += check_points_ranks(t, points, ranks, places, tb_text)
    problems.sort(key=lambda p: (p.line, p.column))
    return ReportCheck(tuple(problems), ranks, points, tb_text, tuple(notes))


def clean_report(t: Tournament, check: ReportCheck, to: str = "trf16") -> tuple[Tournament, list[Diagnostic]]:
    """``t`` with the recomputed points and ranks, converted to ``to`` (``"trf16"`` or ``"trf26"``);
    also the conversion notes. Raises ``ValueError`` when the points and ranks could not be
    recomputed (the games contradict each other)."""
    from trf.convert import convert

    if not check.ranks and t.players:
        raise ValueError("points and ranks cannot be recomputed: the file's games contradict each other")
    records = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank in check.ranks and t.player_by_rank[rec.start_rank] is rec:
            rec = replace(rec, points=check.points[rec.start_rank], rank=check.ranks[rec.start_rank])
        records.append(rec)
    return convert(t.replace_records(tuple(records)), to)

