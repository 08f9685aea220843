"""Checking many files at once: a federation's month of reports, or the thousands of tournaments
of a conformance run (FIDE's verification of pairing programs checks 5,000 to 50,000 random
tournaments of another program).

Each file is one job (:func:`check_file`): read, validated, every paired round checked by the
file's system (the registry's choice, :func:`systems.select`: the Dutch system, a round robin
against the Berger table, ...), and its rank column checked against its own tie-break list
(:func:`tiebreaks.rankcheck.check_ranks`): together the pairings and tie-breaks checker the
TEC's checklist asks for.  A file that cannot be read or checked is an outcome like any other
(``unreadable``, ``invalid``, or ``error`` for a fault of the checker itself), never the end of
the run.  :func:`check_files` runs the jobs on any executor (:mod:`parallel`) and yields the
outcomes in the order of the files; :func:`summarize` adds them up.

The file's bytes are read by the caller and sent to the job, so the workers of a cluster need
no access to the files.
"""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

__all__ = ["TRF_SUFFIXES", "RoundOutcome", "FileOutcome", "Summary", "trf_files", "check_file", "check_files",
           "summarize", "CSV_COLUMNS", "csv_row"]

#: What a TRF file is called when a directory is searched: ``.trf``, JaVaFo's ``.trfx``,
#: bbpPairings' ``.input``.
TRF_SUFFIXES = (".trf", ".trfx", ".input")


@dataclass(frozen=True)
class RoundOutcome:
    """One checked round: ``criterion`` is the first finding's (``C1``..``C21``, ``5.2.x``,
    ``order``; for a round robin ``pair``, ``colour``, ``bye`` or ``extra``)."""

    round: int
    ok: bool
    criterion: str | None = None
    kind: str | None = None
    message: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "ok": self.ok, "criterion": self.criterion, "kind": self.kind,
                "message": self.message}


@dataclass(frozen=True)
class FileOutcome:
    """One file's verdict.  ``status``: ``ok``; ``discrepant`` (a round, or the rank column, does
    not follow the rules); ``invalid`` (not a TRF the checker can check: errors, a team event, no
    round paired); ``unreadable`` (the file cannot be read); ``error`` (the checker failed: a bug
    to report)."""

    path: str
    status: str
    system: str = ""
    players: int = 0
    rounds: tuple[RoundOutcome, ...] = ()
    standings: dict[str, Any] | None = None
    error: str | None = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def discrepant_rounds(self) -> tuple[RoundOutcome, ...]:
        return tuple(r for r in self.rounds if not r.ok)

    @property
    def standings_ok(self) -> bool | None:
        """Whether the standings conform (:mod:`tiebreaks.standingscheck`: the rank column by the
        tie-break list, the points column, the list); ``None``: nothing found and the rank column
        not checked (no list)."""
        if self.standings is None:
            return None
        if not self.standings.get("ok", True):
            return False
        return True if self.standings.get("checked") else None

    @property
    def standings_findings(self) -> list[dict[str, Any]]:
        """The standings' discrepancies (findings of severity ``error``)."""
        return [f for f in (self.standings or {}).get("findings", ()) if f.get("severity") == "error"]

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.path, "status": self.status, "ok": self.ok, "system": self.system,
                "players": self.players, "rounds_checked": [r.round for r in self.rounds],
                "rounds_with_discrepancies": [r.round for r in self.discrepant_rounds],
                "findings": [r.as_dict() for r in self.discrepant_rounds],
                "standings": self.standings, "error": self.error}


def trf_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files to check: each path given that is a file, and every TRF file (by
    :data:`TRF_SUFFIXES`) under each directory given, in name order.  A path that does not
    exist is kept, so that its outcome says so."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix.lower() in TRF_SUFFIXES and q.is_file()))
        else:
            out.append(p)
    return out


def _first_error(path: str, result: Any) -> tuple[int, str] | None:
    from trf.diagnostics import Severity

    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if not errors:
        return None
    return len(errors), errors[0].format(path)


def check_file(path: str, data: bytes, *, engine: bool | None = None, standings: bool = True,
               encoding: str | None = None, system: str | None = None) -> FileOutcome:
    """Check one file's bytes (``path`` names it in the outcome) by its system, or by ``system``."""
    start = time.perf_counter()
    try:
        outcome = _check(path, data, engine, standings, encoding, system)
    except Exception as exc:  # a fault of the checker: reported, the run goes on
        outcome = FileOutcome(path, "error", error=f"{type(exc).__name__}: {exc}")
    return FileOutcome(outcome.path, outcome.status, outcome.system, outcome.players, outcome.rounds,
                       outcome.standings, outcome.error, time.perf_counter() - start)


def _check(path: str, data: bytes, engine: bool | None, standings: bool, encoding: str | None,
           system: str | None) -> FileOutcome:
    import systems
    from checker.event import NothingToCheck, rounds_to_check
    from trf.acceleration import AccelerationRefused
    from trf.parser import parse_bytes
    from trf.system import UnsupportedEvent

    result = parse_bytes(data, encoding=encoding)
    bad = _first_error(path, result)
    if bad is not None:
        count, first = bad
        return FileOutcome(path, "invalid", error=f"{count} error(s); the first: {first}")
    t = result.tournament
    try:
        todo = rounds_to_check(t)
        sel = systems.select(t, system=system)
    except (UnsupportedEvent, NothingToCheck, systems.UnsupportedSystem) as exc:
        return FileOutcome(path, "invalid", players=len(t.players), error=str(exc))
    rounds: list[RoundOutcome] = []
    if sel.system.round_robin:
        rr = sel.system.check(t, todo, sel, systems.CheckRequest())
        devs = [d for d in rr.deviations if d.kind != "unplayed"]
        for r in rr.rounds_checked:
            mine = [d for d in devs if d.round == r]
            rounds.append(RoundOutcome(r, not mine, mine[0].kind if mine else None, mine[0].kind if mine else None,
                                       mine[0].message if mine else None))
    else:
        try:  # the virtual points of the rule (C.04.7), as one file's check reads them
            t, _ = sel.system.accelerate(t, sel)
        except AccelerationRefused as exc:
            return FileOutcome(path, "invalid", players=len(t.players),
                               error=f"Baku acceleration cannot be applied: {exc.detail}")
        for rep in sel.system.check(t, todo, sel, systems.CheckRequest(engine=engine)):
            f = rep.findings[0] if rep.findings else None
            rounds.append(RoundOutcome(rep.round, rep.ok, f.criterion if f else None, f.kind if f else None,
                                       f.message if f else None))
    system_name = sel.system.name
    ranks = None
    if standings:  # the file as written (not its Baku virtual points), read as the pairings were
        from tiebreaks.standingscheck import check_standings

        ranks = check_standings(result.tournament, diagnostics=result.diagnostics,
                                round_robin=sel.system.round_robin).as_dict(table=False)
    bad_round = any(not r.ok for r in rounds)
    bad_ranks = ranks is not None and not ranks["ok"]
    return FileOutcome(path, "discrepant" if bad_round or bad_ranks else "ok", system_name, len(t.players),
                       tuple(rounds), ranks)


def _jobs(files: list[Path], engine: bool | None, standings: bool, encoding: str | None,
          system: str | None) -> Iterator[tuple[Any, ...]]:
    """Each file's job: its bytes (read no further than a TRF file can be, so that a device or a
    50 GB file among them costs a bounded read), or why there are none."""
    from trf.bounded import InputTooLarge, read_bounded
    from trf.limits import TRF_FILE

    for p in files:
        try:
            yield (str(p), read_bounded(p, TRF_FILE), None, engine, standings, encoding, system, None)
        except InputTooLarge as exc:
            yield (str(p), b"", None, engine, standings, encoding, system, str(exc))
        except OSError as exc:
            yield (str(p), b"", exc.strerror or str(exc), engine, standings, encoding, system, None)


def _job(path: str, data: bytes, unreadable: str | None, engine: bool | None, standings: bool,
         encoding: str | None, system: str | None, refused: str | None = None) -> FileOutcome:
    if refused is not None:  # larger than any TRF file: invalid, not unreadable
        return FileOutcome(path, "invalid", error=refused)
    if unreadable is not None:
        return FileOutcome(path, "unreadable", error=f"cannot read {path}: {unreadable}")
    return check_file(path, data, engine=engine, standings=standings, encoding=encoding, system=system)


def check_files(files: Iterable[str | Path], *, executor: Executor | None = None, engine: bool | None = None,
                standings: bool = True, encoding: str | None = None, window: int = 64,
                system: str | None = None) -> Iterator[FileOutcome]:
    """:func:`check_file` for every file (directories searched by :func:`trf_files`), in their
    order, on ``executor`` when given; ``system``: every file by this system (default: its own)."""
    from parallel import ordered_map

    paths = trf_files(files)
    yield from ordered_map(_job, _jobs(paths, engine, standings, encoding, system), executor, window)


@dataclass
class Summary:
    """What a run found: ``by_criterion`` counts the discrepant rounds by the criterion of their
    first finding; ``invalid`` lists the files that could not be checked with the reason."""

    files: int = 0
    checked: int = 0
    rounds: int = 0
    discrepant_rounds: int = 0
    files_with_discrepancies: int = 0
    by_criterion: Counter[str] = field(default_factory=Counter)
    standings_checked: int = 0
    standings_discrepant: int = 0
    rank_differences: int = 0
    invalid: list[tuple[str, str, str]] = field(default_factory=list)  # (path, status, reason)
    seconds: float = 0.0

    def add(self, o: FileOutcome) -> None:
        self.files += 1
        self.seconds += o.seconds
        if o.status in ("invalid", "unreadable", "error"):
            self.invalid.append((o.path, o.status, o.error or ""))
            return
        self.checked += 1
        self.rounds += len(o.rounds)
        bad = o.discrepant_rounds
        self.discrepant_rounds += len(bad)
        self.by_criterion.update(r.criterion or "?" for r in bad)
        if o.status == "discrepant":
            self.files_with_discrepancies += 1
        if o.standings is not None and o.standings.get("checked"):
            self.standings_checked += 1
        if o.standings_ok is False:
            self.standings_discrepant += 1
            self.rank_differences += len((o.standings or {}).get("rank_differences", ()))

    @property
    def ok(self) -> bool:
        return self.files_with_discrepancies == 0 and not self.invalid

    def as_dict(self) -> dict[str, Any]:
        return {"files": self.files, "checked": self.checked, "rounds": self.rounds,
                "discrepant_rounds": self.discrepant_rounds,
                "files_with_discrepancies": self.files_with_discrepancies,
                "discrepant_rounds_by_criterion": dict(sorted(self.by_criterion.items(), key=_criterion_order)),
                "standings_checked": self.standings_checked, "standings_discrepant": self.standings_discrepant,
                "rank_differences": self.rank_differences,
                "invalid_files": [{"file": p, "status": s, "reason": r} for p, s, r in self.invalid],
                "seconds": round(self.seconds, 3)}


def _criterion_order(item: tuple[str, int]) -> tuple[int, int, str]:
    c = item[0]
    if c.startswith("C") and c[1:].isdigit():
        return (0, int(c[1:]), c)
    return (1, 0, c)


def summarize(outcomes: Iterable[FileOutcome]) -> Summary:
    s = Summary()
    for o in outcomes:
        s.add(o)
    return s


#: Columns of the per-file CSV (``arbiter check DIR --csv``).
CSV_COLUMNS = ("file", "status", "system", "players", "rounds_checked", "discrepant_rounds", "criteria",
               "standings", "rank_differences", "first_finding", "error")


def csv_row(o: FileOutcome) -> list[str]:
    """One file as a CSV row of :data:`CSV_COLUMNS`."""
    bad = o.discrepant_rounds
    st = o.standings_ok
    first = f"round {bad[0].round}: {bad[0].message}" if bad else ""
    if not first and o.standings_findings:
        first = o.standings_findings[0]["message"]
    return [o.path, o.status, o.system, str(o.players) if o.players else "", str(len(o.rounds)), str(len(bad)),
            " ".join(f"{r.round}:{r.criterion}" for r in bad),
            "" if st is None else "ok" if st else "discrepant",
            str(len((o.standings or {}).get("rank_differences", ()))) if st is not None else "",
            first, o.error or ""]
