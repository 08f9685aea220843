"""``arbiter check DIR ...``: many files at once (the pairings and tie-breaks checker at the scale
of a federation's reports or of a conformance run), each file's pairings and standings as
``arbiter check FILE`` checks them.

Thin: the run is :func:`verify.batch.check_files` (the standings by
:func:`tiebreaks.standingscheck.check_standings`); this module renders it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import emit_json, err, out
from arbiter.workers import workers
from trf import spreadsheet

__all__ = ["check_many"]


def _summary_table(summary: Any) -> Any:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_header=True)
    table.add_column("")
    table.add_column("count", justify="right")
    rows: list[tuple[str, str]] = [
        ("files", str(summary.files)),
        ("files checked", str(summary.checked)),
        ("files not checked (invalid, unreadable)", str(len(summary.invalid))),
        ("rounds checked", str(summary.rounds)),
        ("rounds with discrepancies", str(summary.discrepant_rounds)),
    ]
    for crit, n in summary.as_dict()["discrepant_rounds_by_criterion"].items():
        rows.append((f"  decided by {crit}", str(n)))
    rows += [
        ("rank columns checked (202/212)", str(summary.standings_checked)),
        ("standings with discrepancies", str(summary.standings_discrepant)),
        ("files with discrepancies", str(summary.files_with_discrepancies)),
    ]
    for name, value in rows:
        table.add_row(name, value)
    return table


def _line(o: Any) -> str | None:
    """One line for a file that is not simply OK."""
    if o.status in ("invalid", "unreadable", "error"):
        return f"{o.path}: {o.status}: {o.error}"
    if o.ok:
        return None
    parts = [f"round {r.round} ({r.criterion}): {r.message}" for r in o.discrepant_rounds]
    found = o.standings_findings
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        parts.append(f"standings ({found[0]['kind']}, {found[0]['rule']}): {found[0]['message']}{more}")
    return f"{o.path}: DISCREPANCY: " + "; ".join(parts)


def check_many(files: list[Path], *, engine: Optional[bool], standings: bool, json_out: bool, csv_out: bool,
               jobs: int, scheduler: Optional[str], encoding: Optional[str], system: Optional[str] = None) -> None:
    """Check every file (directories searched for TRF files), print the files that do not
    conform and a summary (or ``--json``/``--csv`` per file); exit 4 when a file has a
    discrepancy, else 3 when a file could not be checked, else 0.  ``system``: check every file
    by this system (default: each file's own)."""
    from rich.progress import Progress

    from verify.batch import CSV_COLUMNS, Summary, check_files, csv_row, trf_files

    if system is not None:
        import systems

        try:
            systems.get(system)
        except systems.UnknownSystem as exc:
            from arbiter.app import fail

            fail(exitcodes.USAGE, f"--system {system}: {exc}")
    paths = trf_files(files)
    if not paths:
        from arbiter.app import fail

        fail(exitcodes.USAGE, "no TRF file (.trf, .trfx, .input) in " + ", ".join(map(str, files)))
    summary = Summary()
    outcomes = []
    writer = spreadsheet.writer(sys.stdout) if csv_out else None
    if writer is not None:
        writer.writerow(CSV_COLUMNS)
    start = time.perf_counter()
    with workers(jobs, scheduler) as ex, Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"checking {len(paths)} file(s)", total=len(paths))
        for o in check_files(paths, executor=ex, engine=engine, standings=standings, encoding=encoding,
                             system=system):
            summary.add(o)
            bar.update(task, advance=1)
            if json_out:
                outcomes.append(o.as_dict())
            elif writer is not None:
                writer.writerow(csv_row(o))
            else:
                line = _line(o)
                if line is not None:
                    out.print(line, markup=False)
    wall = time.perf_counter() - start
    if json_out:
        emit_json({"summary": {**summary.as_dict(), "wall_seconds": round(wall, 3)}, "files": outcomes})
    elif writer is None:
        render.print_table(out, _summary_table(summary))
        verdict = ("every file conforms" if summary.ok else
                   f"{summary.files_with_discrepancies} file(s) with discrepancies, {len(summary.invalid)} not checked")
        out.print(f"{summary.files} file(s): {verdict}", markup=False)
    if summary.files_with_discrepancies:
        raise typer.Exit(exitcodes.DISCREPANCY)
    raise typer.Exit(exitcodes.INVALID_INPUT if summary.invalid else exitcodes.OK)

