"""The pages of a published tournament, gathered from the library and rendered with Jinja2.

No rules here: boards, brackets, floats, colours and the alternatives come from the checker
reading of the tournament's pairing system (:meth:`systems.base.PairingSystem.explain`, for the
Dutch system :mod:`checker.dutch.explain`), standings and tie-breaks from :mod:`tiebreaks`, rating changes and
performances from :mod:`ratings` and :mod:`tiebreaks.rating`.  This module only arranges them
into pages (:class:`Page`) and text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Mapping

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from checker.explanation import RoundExplanation, points_text
from trf.model import Colour, Player, Result, RoundEntry, Tournament
from trf.text import visible
from trf.writer import fmt_points

__all__ = ["Page", "Site", "SiteOptions", "build_pages", "trf_name", "read_stored", "environment", "STYLE", "CACHE",
           "first_rounds", "display_date", "NOT_ENTERED"]

STYLE = "style.css"
#: The checker's explanations of a publication, kept in the site for the next one: a round
#: whose inputs did not change (:meth:`systems.base.PairingSystem.explanation_key`) is not checked again.
CACHE = ".arbiter-cache/explanations.json.gz"


@dataclass(frozen=True)
class Page:
    """One file of the site: its path inside the site and its bytes."""

    path: str
    data: bytes


@dataclass(frozen=True)
class Site:
    """The files of a site, and the checker's verdict on each round: (round, conforms, findings)."""

    pages: tuple[Page, ...]
    verdicts: tuple[tuple[int, bool, tuple[str, ...]], ...]

    def __len__(self) -> int:
        return len(self.pages)


@dataclass(frozen=True)
class SiteOptions:
    """``jobs``: processes for the checker's explanations (1: in this process); ``engine``: also
    compare with the system's engine (:class:`systems.base.CheckRequest`; ``None``: yes)."""

    jobs: int = 1
    engine: bool | None = None
    explain: bool = True
    stored: Mapping[str, Any] | None = None  # explanations kept by an earlier publication (see CACHE)


def trf_name(source: str) -> str:
    """The name of the TRF download: the source file's name when it is a plain one."""
    name = Path(source).name
    return name if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,80}", name) else "tournament.trf"


# --------------------------------------------------------------------------- words


def display_name(p: Player) -> str:
    return p.name or f"Player {p.start_rank}"


def _result_pair(w: RoundEntry | None, b: RoundEntry | None) -> str:
    """A board's result as published: ``1-0``, ``½-½``, ``0-1``, forfeits ``+/-``, ``adj.`` adjourned,
    blank when pending."""
    code = w.result if w is not None else None
    other = b.result if b is not None else None
    words = {Result.WIN: "1–0", Result.DRAW: "½–½", Result.LOSS: "0–1",
             Result.WIN_UNRATED: "1–0", Result.DRAW_UNRATED: "½–½", Result.LOSS_UNRATED: "0–1"}
    if code in words:
        return words[code]
    if code is Result.ADJOURNED:
        return "adj."
    if code is Result.FORFEIT_WIN or other is Result.FORFEIT_LOSS and code is None:
        return "+/−"
    if code is Result.FORFEIT_LOSS:
        return "−/−" if other is Result.FORFEIT_LOSS else "−/+"
    return ""


def _result_note(w: RoundEntry | None) -> str:
    code = w.result if w is not None else None
    if code in (Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED):
        return "game of less than one move: not rated"
    if code in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS):
        return "forfeit"
    if code is Result.ADJOURNED:
        return "adjourned: a draw for pairing until its result is entered (C.04.2 Art. 3.1)"
    return ""


BYE_WORDS = {
    Result.PAIRING_ALLOCATED_BYE: "pairing-allocated bye (PAB)",
    Result.HALF_POINT_BYE: "half-point bye",
    Result.FULL_POINT_BYE: "full-point bye",
    Result.ZERO_POINT_BYE: "zero-point bye or absent",
    Result.FORFEIT_LOSS: "absent (forfeit)",
    Result.FORFEIT_WIN: "forfeit win without opponent",
}


#: What a round before a player's first round reads (:func:`first_rounds`).
NOT_ENTERED = "not yet entered"
#: Entries without a game that score nothing: an absence, as a late entry's missed rounds are written.
_NOTHING = (Result.ZERO_POINT_BYE, Result.FORFEIT_LOSS)


def first_rounds(t: Tournament, rounds: int) -> dict[int, int]:
    """Each player's first round: the first of rounds ``1..rounds`` in which the file gives him a
    board, the PAB or a bye that scores (``rounds + 1``: none yet).  The rounds before it read
    :data:`NOT_ENTERED` instead of a zero-point bye.

    C.04.2 Art. 2.4: a late entry is taken into account only from the round he arrives and, by
    default, scores nothing for the rounds before it; the event runner writes those rounds as
    ``0000 - Z`` (:func:`event.registration.register`; rounds not yet paired as ``240 Z``), and
    files from other programs as ``Z``, ``0000 - -`` or blank columns.  A TRF file cannot tell
    such rounds from a registered player's absences, so "before his first round" is read from the
    rounds alone, as :func:`trf.acceleration.late_entries` reads round 1: every round before the
    first that is not a scoreless absence.  A player who was paired once and is absent later
    reads as absent.  A late entry given half-point byes for the missed rounds (``--missed
    half``) reads as having half-point byes, which is what the file says he scored."""
    out: dict[int, int] = {}
    for p in t.players:
        first = rounds + 1
        for rnd in range(1, rounds + 1):
            e = p.entry(rnd)
            if e is None or (e.opponent is None and e.code in _NOTHING):
                continue
            first = rnd
            break
        out[p.start_rank] = first
    return out


def display_date(text: str | None) -> str:
    """A date of the file as every page writes it, ``YYYY-MM-DD`` (ISO 8601, the form of the
    round dates): one form on the whole site, whichever form the file wrote (``042``/``052``
    are read as :func:`trf.dates.parse_date` reads them); text that is no date stays as written."""
    from trf.dates import parse_date

    if not text:
        return ""
    d = parse_date(text)
    return d.isoformat() if d is not None else text


def _own_result(e: RoundEntry | None) -> str:
    """The player's result of a round as a cross-table shows it."""
    if e is None:
        return ""
    code = e.code
    if code is None:
        return ""
    return {Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.WIN_UNRATED: "1", Result.DRAW_UNRATED: "½",
            Result.LOSS_UNRATED: "0", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "−",
            Result.HALF_POINT_BYE: "½ H", Result.FULL_POINT_BYE: "1 F", Result.PAIRING_ALLOCATED_BYE: "U",
            Result.ZERO_POINT_BYE: "0 Z", Result.ADJOURNED: "?"}.get(code, code.value)


def _colour_letter(e: RoundEntry | None) -> str:
    if e is None or e.opponent is None:
        return ""
    return "W" if e.colour is Colour.WHITE else "B" if e.colour is Colour.BLACK else ""


# --------------------------------------------------------------------------- gathering


@dataclass
class _Context:
    t: Tournament
    rounds: int
    explanations: dict[int, RoundExplanation]
    standings: dict[int, Any]  # round -> tiebreaks.standings.Standings
    ratings: Any  # ratings.change.TournamentRatings | None
    trf_file: str
    round_robin: bool
    tiebreak_note: str | None
    floats: dict[int, dict[int, str]]  # round -> player -> "down"/"up", games over the board (the checker's)
    selection: Any = None  # the tournament's system (systems.Selection), None: one the toolkit does not pair
    first: dict[int, int] = field(default_factory=dict)  # player -> first round (first_rounds)
    per: int = 1  # round columns per published round: 2 when each round is a match of two games (trf.matches)
    index: dict[Any, dict[int, Any]] = field(default_factory=dict)  # lookups by player shared by the pages (_first_by)


def _first_by(c: _Context, key: Any, items: Any, ids: Callable[[Any], tuple[Any, ...]]) -> dict[int, Any]:
    """Each player's first item of ``items`` (in their order) whose ``ids`` name him, built once
    for all the player pages under ``key`` instead of a scan of ``items`` per player."""
    found = c.index.get(key)
    if found is None:
        found = {}
        for item in items:
            for pid in ids(item):
                found.setdefault(pid, item)
        c.index[key] = found
    return found


def _people(t: Tournament) -> dict[int, dict[str, Any]]:
    out = {}
    for p in t.players:
        out[p.start_rank] = {
            "no": p.start_rank, "name": display_name(p), "title": p.fide_title, "rating": p.rating or "",
            "fed": p.federation, "fide_id": p.fide_id, "sex": p.sex, "birth": p.birth_date,
            "href": f"player-{p.start_rank}.html",
        }
    return out


def _round_page(c: _Context, rnd: int, people: dict[int, dict[str, Any]]) -> dict[str, Any]:
    t = c.t
    ex = c.explanations.get(rnd)
    boards: list[dict[str, Any]] = []
    order: list[tuple[int, int]]
    if ex is not None and ex.boards:
        order = [(b.white, b.black) for b in ex.boards]
    else:
        order = [(g.white, g.black) for g in t.games(rnd)]
    why = {(b.white, b.black): b for b in ex.boards} if ex is not None else {}
    for k, (w, b) in enumerate(order, 1):
        we, be = t.player(w).entry(rnd), t.player(b).entry(rnd) if b in t.player_by_rank else None
        boards.append({
            "board": k, "white": people[w], "black": people.get(b, {"no": b, "name": f"unknown {b}", "title": "",
                                                                    "rating": "", "href": ""}),
            "white_points": fmt_points(t.score(w, rnd - 1)),
            "black_points": fmt_points(t.score(b, rnd - 1)) if b in t.player_by_rank else "",
            "result": _result_pair(we, be), "note": _result_note(we), "why": why.get((w, b)),
        })
    byes = []
    entering: list[dict[str, Any]] = []  # late entries before their first round
    for bye in t.byes(rnd):
        if rnd < c.first.get(bye.player, 1):
            entering.append(people[bye.player])
            continue
        byes.append({"player": people[bye.player], "kind": BYE_WORDS.get(bye.kind, bye.kind.value),
                     "code": bye.kind.value, "points": fmt_points(t.score(bye.player, rnd - 1)),
                     "pab": bye.kind is Result.PAIRING_ALLOCATED_BYE})
    not_listed: list[dict[str, Any]] = []
    for p in t.players:
        if p.entry(rnd) is None:
            (entering if rnd < c.first.get(p.start_rank, 1) else not_listed).append(people[p.start_rank])
    date = t.round_dates[rnd - 1] if rnd - 1 < len(t.round_dates) else None
    return {"round": rnd, "boards": boards, "byes": byes, "absent": not_listed, "ex": ex,
            "rules": c.selection.describe() if c.selection is not None else "",
            "not_entered": sorted(entering, key=lambda x: x["no"]),
            "date": date.isoformat() if date else "", "pending": any(not bd["result"] for bd in boards)}


def _standings_rows(c: _Context, rnd: int, people: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    from tiebreaks.output import fmt_value

    s = c.standings[rnd]
    rows = []
    for i, r in enumerate(s.rows):
        nxt = s.rows[i + 1].pid if i + 1 < len(s.rows) else None
        sep = s.separated_by.get((r.pid, nxt), "shared place") if nxt is not None else ""
        rows.append({"place": r.place, "player": people[r.pid], "points": fmt_value(r.points),
                     "values": [fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)],
                     "separated": sep})
    return rows


def _crosstable(c: _Context, people: dict[int, dict[str, Any]]) -> dict[str, Any]:
    t = c.t
    rows = []
    last = c.standings.get(c.rounds)
    order = [r.pid for r in last.rows] if last is not None else sorted(t.player_by_rank)
    place = {r.pid: r.place for r in last.rows} if last is not None else {}
    pos = {pid: i + 1 for i, pid in enumerate(order)}
    for pid in order:
        p = t.player(pid)
        cells = []
        if c.per == 2:
            from arbiter.publish.matches import match_cells

            cells = match_cells(t, pid, c.rounds, people, pos)
        for rnd in range(1, c.rounds + 1 if c.per == 1 else 1):
            e = p.entry(rnd)
            opp = e.opponent if e is not None else None
            cells.append({"opponent": opp, "colour": _colour_letter(e), "result": _own_result(e),
                          "href": people[opp]["href"] if opp in people else "",
                          "rank": pos.get(opp) if opp is not None else None})
        values = []
        if last is not None:
            from tiebreaks.output import fmt_value

            row = next(x for x in last.rows if x.pid == pid)
            values = [fmt_value(v, tb.code) for tb, v in zip(last.tiebreaks, row.values)]
        rows.append({"place": place.get(pid, ""), "player": people[pid], "points": fmt_points(t.score(pid, c.rounds * c.per)),
                     "cells": cells, "values": values})
    return {"rows": rows}


def _player_page(c: _Context, pid: int, people: dict[int, dict[str, Any]]) -> dict[str, Any]:
    from tiebreaks.output import fmt_value
    from tiebreaks.rating import TPR

    t = c.t
    p = t.player(pid)
    rounds = []
    running = Fraction(0)
    colours = []
    floats = []
    if c.per == 2:
        from arbiter.publish.matches import match_player_rounds

        sel = c.selection

        def float_of(k: int) -> str | None:
            known = c.floats.get(k)
            if known is not None and pid in known:
                return known[pid]
            return sel.system.float_of(t, pid, k, sel) if sel is not None else None
        rounds = match_player_rounds(t, pid, c.rounds, people, c.explanations, c.first, float_of, NOT_ENTERED)
        floats = ["↓" if r["float"] == "down" else "↑" if r["float"] == "up" else "·" for r in rounds]
        colours = [r["colour"] or "·" for r in rounds]
    for rnd in range(1, c.rounds + 1 if c.per == 1 else 1):
        e = p.entry(rnd)
        running = t.score(pid, rnd)  # the score after the round (TRF-2026 299 records included)
        opp = e.opponent if e is not None else None
        known = c.floats.get(rnd)
        if known is not None and e is not None and e.is_played:
            fl = known.get(pid)
        else:
            fl = c.selection.system.float_of(t, pid, rnd, c.selection) if c.selection is not None else None
        floats.append("↓" if fl == "down" else "↑" if fl == "up" else "·")
        colour = _colour_letter(e) if e is not None and e.is_played else ""
        colours.append(colour or "·")
        ex = c.explanations.get(rnd)
        board = None
        if ex is not None:
            on = _first_by(c, ("board", rnd), ex.boards, lambda b: (b.white, b.black)).get(pid)
            board = on.board if on is not None else None
        kind = ""
        if rnd < c.first.get(pid, 1):
            kind = NOT_ENTERED
        elif e is not None and opp is None and e.code is not None:
            kind = BYE_WORDS.get(e.code, e.code.value)
        rounds.append({
            "round": rnd, "opponent": people.get(opp) if opp is not None else None, "colour": _colour_letter(e),
            "result": _own_result(e), "points": fmt_points(running), "kind": kind,
            "float": fl or "",
            "board": board, "bye": bool(ex is not None and ex.bye is not None and ex.bye.player == pid),
            "note": _result_note(e) if opp is not None else "",
        })
    s = c.standings.get(c.rounds)
    row = _first_by(c, "row", s.rows, lambda r: (r.pid,)).get(pid) if s is not None else None
    tbs = []
    if s is not None and row is not None:
        tbs = [{"code": tb.text, "name": tb.description, "value": fmt_value(v, tb.code)}
               for tb, v in zip(s.tiebreaks, row.values)]
    rating = None
    if c.ratings is not None:
        pr = _first_by(c, "rating", c.ratings.players, lambda x: (x.start_rank,)).get(pid)
        if pr is not None:
            from ratings.output import dec

            perf = pr.performance
            rating = {
                "games": len(pr.games), "k": pr.k.value if pr.k else None,
                "expected": dec(pr.expected) if pr.rating and pr.games else "",
                "score": dec(pr.score) if pr.games else "",
                "change": dec(pr.change_exact) if pr.change_exact is not None else "",
                "rounded": (f"{pr.change:+d}" if pr.change else "0") if pr.change is not None else "",
                "initial": None if perf is None else {
                    "value": perf.value, "published": perf.published, "method": perf.method, "reason": perf.reason},
                "notes": list(pr.notes), "rules": c.ratings.rules.name,
            }
    return {"person": people[pid], "rounds": rounds, "place": row.place if row is not None else "",
            "points": fmt_points(t.score(pid, c.rounds * c.per)), "tiebreaks": tbs,
            "tpr": TPR(t, pid, after_round=c.rounds * c.per) if c.rounds else None,
            "colours": " ".join(colours), "floats": " ".join(floats), "rating": rating}


def _event(t: Tournament) -> list[tuple[str, str]]:
    rows = []
    for code, label in (("022", "City"), ("032", "Federation"), ("042", "Start date"), ("052", "End date"),
                        ("092", "Type"), ("102", "Chief arbiter"), ("112", "Deputy arbiter(s)"),
                        ("122", "Time control")):
        value = t.header(code)
        if value:
            rows.append((label, display_date(value) if code in ("042", "052") else value))
    return rows


# --------------------------------------------------------------------------- rendering


def _shown(value: Any) -> Any:
    """Every value a page writes (``finalize``): text with its control characters and
    bidirectional overrides as visible escapes (:func:`trf.text.visible`), before autoescaping
    (which handles ``<>&"'``); a name with ESC or U+202E reads as written, and turns nothing
    around it.  Names are also set in ``<bdi>`` (the templates), so that a right-to-left name
    keeps the cells beside it in their order.  Markup (a macro's output: HTML whose values went
    through here already, line breaks included) is left as it is."""
    return visible(value) if isinstance(value, str) and not hasattr(value, "__html__") else value


class _Environment(Environment):
    """Jinja2's environment with a quicker ``x.name`` on the plain dicts the pages are built from."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        """As :meth:`jinja2.Environment.getattr` (an attribute first, then an item): a plain dict
        has no attribute by a name ``dict`` lacks, so its item is looked up at once, without the
        ``AttributeError`` Jinja2 raises and catches first (most of a page's lookups)."""
        if type(obj) is dict and not hasattr(dict, attribute):
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


def environment() -> Environment:
    """The templates, with every value shown through :func:`_shown` and autoescaped (``<>&"'``)."""
    env = _Environment(loader=PackageLoader("arbiter.publish", "templates"),
                      autoescape=select_autoescape(["html"]), undefined=StrictUndefined, finalize=_shown,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["points"] = points_text
    return env


_SHARED: dict[str, Any] = {}
_KEYS: dict[int, str] = {}


def _standings_task(rnd: int) -> Any:
    """The standings after ``rnd``, without the tie-break context (not needed by the pages, and
    large to send back from a worker)."""
    from dataclasses import replace

    from tiebreaks.standings import standings

    tbs = _SHARED["tbs"]
    after = rnd * int(_SHARED.get("per", 1))  # a round of two-game matches ends with its second column
    s = standings(_SHARED["t"], tbs if tbs is not None else [], after_round=after, default_list=tbs is None)
    return replace(s, ctx=None)


def _explain_task(rnd: int) -> RoundExplanation | None:
    from systems import CheckRequest

    sel = _SHARED["sel"]
    return sel.system.explain(_SHARED["t"], rnd, sel, CheckRequest(engine=_SHARED["engine"]))  # type: ignore[no-any-return]


def _start(t: Tournament, tbs: Any, engine: bool | None, sel: Any, per: int = 1) -> None:
    _SHARED.update(t=t, tbs=tbs, engine=engine, sel=sel, per=per)


def _compute(t: Tournament, rounds: int, tbs: Any, sel: Any, options: SiteOptions,
             progress: Callable[[str], None] | None, per: int = 1
             ) -> tuple[dict[int, RoundExplanation], dict[int, Any]]:
    """The checker's explanation of every round and the standings after every round: independent
    tasks, run in ``options.jobs`` processes (forked: the tournament is not sent through a pipe),
    the explanations, which cost the most, first; explanations kept from an earlier publication
    (``options.stored``) whose round inputs are unchanged are reused.  ``sel``: the system that
    explains the rounds (:func:`systems.find`), ``None``: none does."""
    from checker.explanation import explanation_from_dict
    from systems import CheckRequest

    explanations: dict[int, RoundExplanation] = {}
    keys: dict[int, str] = {}
    todo = []
    stored = options.stored or {}
    if sel is not None:
        # round 1 first: one bracket of everyone, the costliest check; then the latest rounds
        for r in [1] + list(range(rounds, 1, -1)) if rounds else []:
            keys[r] = sel.system.explanation_key(t, r, sel, CheckRequest(engine=options.engine))
            kept = stored.get(str(r))
            if isinstance(kept, dict) and kept.get("key") == keys[r]:
                try:
                    explanations[r] = explanation_from_dict(kept["explanation"])
                    continue
                except (KeyError, TypeError, IndexError, ValueError):
                    pass
            todo.append(r)
    tasks: list[tuple[str, int]] = [("explain", r) for r in todo]
    tasks += [("standings", r) for r in range(1, rounds + 1)]
    st: dict[int, Any] = {}
    _KEYS.clear()
    _KEYS.update(keys)

    def done(kind: str, rnd: int, value: Any) -> None:
        if kind == "explain":
            if value is not None:
                explanations[rnd] = value
            if progress is not None:
                progress(f"round {rnd} explained")
        else:
            st[rnd] = value

    _start(t, tbs, options.engine, sel, per)
    jobs = min(options.jobs, len(tasks))
    if jobs <= 1:
        for kind, rnd in tasks:
            done(kind, rnd, (_explain_task if kind == "explain" else _standings_task)(rnd))
        return explanations, st
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_start,
                             initargs=(t, tbs, options.engine, sel, per)) as pool:
        futures = {pool.submit(_explain_task if kind == "explain" else _standings_task, rnd): (kind, rnd)
                   for kind, rnd in tasks}
        for f in as_completed(futures):
            kind, rnd = futures[f]
            done(kind, rnd, f.result())
    return explanations, st


def read_stored(site: Path) -> dict[str, Any]:
    """The explanations a publication kept in ``site`` (empty when there are none or the file is
    unreadable: then every round is checked again)."""
    import gzip
    import json

    try:
        data = json.loads(gzip.decompress((site / CACHE).read_bytes()))
        rounds = data["rounds"]
        return rounds if isinstance(rounds, dict) else {}
    except (OSError, ValueError, KeyError, TypeError, EOFError):
        return {}


def _recorded(t: Tournament, explanations: dict[int, RoundExplanation]) -> dict[int, RoundExplanation]:
    """The explanations with each round's ``### MPA`` line read against the round, as ``arbiter
    check`` reads it (:func:`checker.event.with_recorded_alterations`): the status the round page
    shows.  The stored explanations stay without it (the line is read again at each publication)."""
    from dataclasses import replace

    from checker.event import with_recorded_alterations

    rounds = sorted(explanations)
    reports = with_recorded_alterations(t, [explanations[r].report for r in rounds])
    return {r: replace(explanations[r], report=rep) for r, rep in zip(rounds, reports)}


def build_pages(t: Tournament, trf_bytes: bytes, source: str, options: SiteOptions = SiteOptions(),
                progress: Callable[[str], None] | None = None) -> Site:
    """Every file of the site for tournament ``t`` (``trf_bytes``: the file as read, offered for
    download under the name of ``source``)."""
    from ratings.change import tournament_ratings
    from tiebreaks.codes import file_tiebreaks
    from tiebreaks.standings import provisional_text

    from systems import find, name_of

    from arbiter.publish.matches import is_match_file, match_round_page, match_rounds, round_pending

    per = 2 if is_match_file(t) else 1  # each published round a match of two games (C.04.5)
    rounds = match_rounds(t) if per == 2 else t.rounds_paired
    sel = find(t)
    round_robin = sel is not None and sel.system.round_robin
    tbs = file_tiebreaks(t)
    explainer = sel if options.explain and sel is not None and sel.system.explains else None
    computed, st = _compute(t, rounds, tbs, explainer, options, progress, per)
    explanations = _recorded(t, computed)
    try:
        rt = tournament_ratings(t) if rounds else None
    except Exception:  # pragma: no cover - a rating edition the rules do not cover: the site goes without
        rt = None
    last = st.get(rounds)
    note = last.notes[0] if last is not None and last.notes else None
    floats = {r: {f.player: f.direction for b in e.boards for f in b.floats}
              for r, e in explanations.items() if e.boards}
    first = first_rounds(t, rounds) if per == 1 else {
        pid: (c + 1) // 2 for pid, c in first_rounds(t, per * rounds).items()}  # the match of the first column
    c = _Context(t, rounds, explanations, st, rt, trf_name(source), round_robin, note, floats, sel, first, per)
    people = _people(t)
    env = environment()
    common: Mapping[str, Any] = {
        "event": t.name or "Tournament", "rounds": rounds, "total_rounds": (t.total_rounds + per - 1) // per if t.total_rounds else rounds,
        "trf_file": c.trf_file, "style": STYLE, "round_robin": round_robin,
        "checker_rules": explainer.describe() if explainer is not None else "",
        "tiebreaks": [{"code": tb.text, "name": tb.description} for tb in (last.tiebreaks if last else [])],
        **({"checker_rules": sel.edition.title} if per == 2 and sel is not None else {}),
    }
    pages: list[Page] = []

    def render(name: str, template: str, **data: Any) -> None:
        html = env.get_template(template).render(**common, **data)
        pages.append(Page(name, html.encode("utf-8")))

    verdicts = {r: explanations[r] for r in explanations}
    # the index says "paired by hand" for a round its ### MPA line describes (the round page's banner too)
    pending = {r for r in range(1, rounds + 1)
               if (round_pending(t, r) if per == 2 else
                   any(g.white_result is None or g.white_result.is_adjourned for g in t.games(r)))}
    index_rounds = []
    for r in range(1, rounds + 1):
        date = t.round_dates[per * r - per] if per * r - per < len(t.round_dates) else None
        ex = verdicts.get(r)
        index_rounds.append({"round": r, "date": date.isoformat() if date else "", "pending": r in pending,
                             "checked": ex is not None, "ok": ex.ok if ex is not None else None,
                             "status": ex.report.status if ex is not None else None})
    render("index.html", "index.html", info=_event(t), players=len(t.players), index_rounds=index_rounds,
           system=name_of(t), next_absent=[
               {"player": people[pid], "kind": NOT_ENTERED if first.get(pid, 1) > rounds and kind in _NOTHING
                else BYE_WORDS.get(kind, kind.value)}
               for pid, kind in sorted(t.declared_absences(per * rounds + 1).items()) if pid in people]
           if t.total_rounds is None or per * rounds < t.total_rounds else [])
    for r in range(1, rounds + 1):
        if per == 2:
            render(f"round-{r}.html", "match_round.html", r=match_round_page(t, r, people, explanations.get(r), first),
                   people=people, system=name_of(t))
        else:
            render(f"round-{r}.html", "round.html", r=_round_page(c, r, people), people=people)
        s = st[r]
        render(f"standings-{r}.html", "standings.html", round=r, rows=_standings_rows(c, r, people),
               tb=[{"code": tb.text, "name": tb.description} for tb in s.tiebreaks], notes=s.notes,
               provisional=provisional_text(s.missing) if s.missing else "", edition=s.edition)
    if rounds:
        render("crosstable.html", "crosstable.html", x=_crosstable(c, people),
               final_tb=st[rounds].tiebreaks)
    players = sorted(people.values(), key=lambda p: p["no"])
    render("players.html", "players.html", players=players)
    for p in players:
        render(p["href"], "player.html", pp=_player_page(c, p["no"], people))
    pages.append(Page(STYLE, (Path(__file__).parent / "templates" / STYLE).read_bytes()))
    pages.append(Page(c.trf_file, trf_bytes))
    if explanations:
        import gzip
        import json

        keep = {str(r): {"key": _KEYS[r], "explanation": e.as_dict()} for r, e in computed.items() if r in _KEYS}
        pages.append(Page(CACHE, gzip.compress(json.dumps({"rounds": keep}).encode("utf-8"), mtime=0)))
    # a round paired by hand and recorded is no dispute (its findings are the alteration's cost)
    verdict_list = tuple((r, e.report.status != "discrepancy", tuple(f.message for f in e.findings))
                         for r, e in sorted(explanations.items()))
    return Site(tuple(pages), verdict_list)
