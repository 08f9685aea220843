"""``arbiter publish``: the tournament as a static web site, with "why this pairing?" on every board.

Thin: the pages are :mod:`arbiter.publish` (presentation only), the explanations
:meth:`systems.base.PairingSystem.explain`, the standings :mod:`tiebreaks`.  This module reads arguments, runs them
and reports.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

import typer

from arbiter import exitcodes
from arbiter.app import EncodingOpt, FileArg, JsonOpt, app, emit_json, err, fail, out, read_bytes, read_valid


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


@app.command()
def publish(
    file: Path = FileArg,
    output: Path = typer.Option(..., "-o", "--output", metavar="SITE",
                                help="Folder of the site: new, empty, or a site published before (replaced whole)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", min=1,
                                       help="Processes for the checker's explanations (default: one per core)."),
    why: bool = typer.Option(True, "--why/--no-why",
                             help="Explain every board with the checker (default); --no-why publishes faster without."),
    reuse: bool = typer.Option(True, "--reuse/--fresh",
                               help="Reuse the explanations of rounds unchanged since the last publication into SITE "
                                    "(default); --fresh checks every round again."),
    engine: Optional[bool] = typer.Option(None, "--engine/--no-engine",
                                          help="Let the checker also compare with the pairing engine's pairing "
                                               "(default: yes)."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Write the tournament as a self-contained static web site: the event, every round's pairings and
    results with "why this pairing?" on each board, standings after every round with the tie-breaks, a
    cross-table, a page per player, and the TRF file; a team event: every match with its boards and "why this
    pairing?", team standings with the tie-breaks and a card per team.  No server and nothing fetched from
    elsewhere."""
    import time

    from rich.progress import Progress

    from arbiter.publish import MARKER, SiteError, SiteOptions, build_pages, check_target, read_stored, recover

    started = time.perf_counter()
    try:
        check_target(output, file)
        recover(output)  # a publish killed part-way: its old site back, its temporary folders gone
    except SiteError as exc:
        fail(exitcodes.USAGE, str(exc))
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot recover {output}: {exc.strerror or exc}")
    result = read_valid(file, encoding, "fix them before publishing")
    t = result.tournament
    if t.is_team_event:
        _publish_team(file, output, t, json_out, started, why)
        return
    _require_usable_tiebreaks(file, t)
    from systems import find

    sel = find(t)
    if sel is not None:
        # the rounds are checked with the virtual points the file names (C.04.7), as `check` does
        from trf.acceleration import AccelerationRefused
        try:
            t, _ = sel.system.accelerate(t, sel)
        except AccelerationRefused as exc:
            fail(exitcodes.INVALID_INPUT, f"{file}: Baku acceleration cannot be applied: {exc.detail}")
    raw = read_bytes(file)  # the file as published (bounded as every TRF input)
    stored = read_stored(output) if reuse and (output / MARKER).is_file() else {}
    options = SiteOptions(jobs=jobs or _cores(), engine=engine, explain=why, stored=stored)
    with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"checking {t.rounds_paired} round(s)", total=max(t.rounds_paired, 1))
        site = build_pages(t, raw, str(file), options, progress=lambda _msg: bar.update(task, advance=1))
    _write(output, site, file)
    seconds = time.perf_counter() - started
    disputed = [v for v in site.verdicts if not v[1]]
    if json_out:
        emit_json({"file": str(file), "output": str(output), "files": sorted(p.path for p in site.pages),
                   "players": len(t.players), "rounds": t.rounds_paired,
                   "checked": [{"round": r, "ok": ok, "findings": msgs} for r, ok, msgs in site.verdicts],
                   "seconds": round(seconds, 2)})
        return
    for r, _ok, msgs in disputed:
        err.print(f"arbiter: round {r}: the checker disputes the pairing: {msgs[0] if msgs else ''}", markup=False)
    out.print(f"wrote {str(output).rstrip('/')}/ ({len(site)} files: index, {_published_rounds(t)} round(s) and their standings, "
              f"cross-table, {len(t.players)} player pages, the TRF)", markup=False)


def _write(output: Path, site: Any, file: Path) -> None:
    """The site swapped into ``output`` (:func:`arbiter.publish.write_site`), or exit: 2 for an
    output that is not a site folder, 5 when it cannot be written."""
    from arbiter.publish import SiteError, write_site

    try:
        write_site(output, site, file)
    except SiteError as exc:
        fail(exitcodes.USAGE if exc.usage else exitcodes.FILE_ERROR, str(exc))
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot write {output}: {exc.strerror or exc}")


def _require_usable_tiebreaks(file: Path, t: Any) -> None:
    """The file's tie-break list (202/212), read as ``arbiter standings`` reads it: a code that is
    no tie-break, or a team tie-break in an individual event, is refused before anything is
    written (exit 3), with the message ``standings`` gives."""
    from tiebreaks.codes import file_tiebreaks, require_individual_codes

    try:
        require_individual_codes(file_tiebreaks(t))
    except ValueError as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: record 202/212: {exc}")


def _publish_team(file: Path, output: Path, t: object, json_out: bool, started: float, why: bool) -> None:
    """A team event's site (:mod:`arbiter.publish.teams`): every round's matches board by board with
    the checker's "why this pairing?" (``why``), the standings after each round with the file's
    tie-breaks, a card per team (``--jobs``, ``--reuse`` and ``--engine`` do not apply)."""
    import time

    from arbiter.publish.teams import TieBreakListInvalid, build_team_pages
    from event.team.records import TeamRecordsInvalid
    from trf.model import Tournament

    assert isinstance(t, Tournament)
    raw = read_bytes(file)
    try:
        site = build_team_pages(t, raw, str(file), explain=why)
    except TeamRecordsInvalid as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    except TieBreakListInvalid as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: record 202/212: {exc.detail}")
    _write(output, site, file)
    teams = sum(1 for p in site.pages if p.path.startswith("team-"))
    if json_out:
        emit_json({"file": str(file), "output": str(output), "files": sorted(p.path for p in site.pages),
                   "teams": teams, "players": len(t.players), "rounds": t.rounds_paired,
                   "checked": [{"round": r, "ok": ok, "findings": msgs} for r, ok, msgs in site.verdicts],
                   "seconds": round(time.perf_counter() - started, 2)})
        return
    for r, ok, msgs in site.verdicts:
        if not ok:
            err.print(f"arbiter: round {r}: the checker disputes the pairing: {msgs[0] if msgs else ''}", markup=False)
    out.print(f"wrote {str(output).rstrip('/')}/ ({len(site)} files: index, {_published_rounds(t)} round(s) and their "
              f"standings, {teams} team cards, the TRF)", markup=False)


def _published_rounds(t: Any) -> int:
    """The rounds the site has: match rounds when each is a match of two games (two columns)."""
    from arbiter.publish.matches import is_match_file, match_rounds

    return match_rounds(t) if is_match_file(t) else t.rounds_paired
