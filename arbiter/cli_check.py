"""``arbiter check``: the pairings of a file verified by the independent checker.

Thin: which rounds is :mod:`checker.event`; which system is the registry's
(:func:`systems.select`), and the verdicts are that system's checker reading
(:meth:`systems.base.PairingSystem.check`, :meth:`~systems.base.PairingSystem.why_not`).  This
module reads arguments and renders.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import (BakuGroupOpt, EncodingOpt, JsonOpt, RulesOpt, app, emit_json, err, fail, out, read_valid,
                         select_system)
from arbiter.workers import JobsOpt, SchedulerOpt
from trf.model import Tournament


class CheckFormat(str, Enum):
    report = "report"
    bbp = "bbp"
    json = "json"


@app.command()
def check(
    files: list[Path] = typer.Argument(..., show_default=False, metavar="PATHS...",
                                       help="A TRF file; or several files and directories (every .trf, .trfx, .input "
                                            "under them), checked one by one with a summary."),
    round_: Optional[int] = typer.Option(None, "--round", min=1, help="Check only this round (default: every round)."),
    why_not: Optional[str] = typer.Option(None, "--why-not", metavar="A-B",
                                          help="Force the pair A-B (start ranks) into the round and say what it costs."),
    fmt: CheckFormat = typer.Option(CheckFormat.report, "--format", help="report, bbp (bbpPairings' -c layout), or json."),
    engine: Optional[bool] = typer.Option(None, "--engine/--no-engine",
                                          help="Also compare with the pairing engine's pairing (default: yes; --no-engine: the checker's own "
                                               "candidates only)."),
    rounds: Optional[int] = typer.Option(None, "--rounds", min=1, help="Total number of rounds when the file does not say (XXR/142)."),
    brackets: bool = typer.Option(False, "--brackets", help="Also show each round's brackets and the criteria not at their ideal."),
    system: Optional[str] = typer.Option(None, "--system", metavar="NAME",
                                         help="The pairing system to check by (arbiter systems lists them: dutch, berger "
                                              "for a round robin against the Berger table, ...), or auto: the one the file "
                                              "names (192/092), else the Dutch system (the default)."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
    standings: Optional[bool] = typer.Option(None, "--standings/--no-standings",
                                             help="Also check the rank column against the file's 202/212 tie-break "
                                                  "list (default: with several files, not for one)."),
    csv_out: bool = typer.Option(False, "--csv", help="Several files: one CSV row per file."),
    rules: Optional[str] = typer.Option(None, "--rules", metavar="EDITION", help=(
        "Edition of the system's rules to check by; for the Dutch system (C.04.3): 2017 (in force until 31 January "
        "2026, criteria C.1-C.19) or 2026 (C1-C21). Default: the one the file names (192/092), else the one in force "
        "on its start date.")),
    baku: Optional[bool] = typer.Option(None, "--baku/--no-baku", show_default=False, help=(
        "Baku acceleration (C.04.7) for a file without virtual points (XXA/250); default: when the file names it "
        "(192 FIDE_DUTCH_BAKU). A file's own XXA/250 records are always used.")),
    baku_group: BakuGroupOpt = typer.Option(BakuGroupOpt.handbook, "--baku-group", help=(
        "Group A of Baku acceleration: handbook (the rule: 2 x ceil(N/4) players registered before round 1) or "
        "engine (bbpPairings' automatic mode: ceil(N/2) of all player records).")),
    jobs: int = JobsOpt,
    scheduler: Optional[str] = SchedulerOpt,
) -> None:
    """Check a file's pairings by its pairing system: FIDE Dutch C.04.3 (2026: C1-C21; 2017: C.1-C.19) and the
    colour rules, naming the criterion that decides; a round robin against the Berger tables (C.05 Annex 1); or
    the system --system names. With several files or a directory, each file and its rank column, with a summary.
    Exit 0 when every round conforms, 4 on a discrepancy, 3 for invalid input."""
    if len(files) > 1 or files[0].is_dir() or csv_out:
        from arbiter.check_many import check_many

        if (round_ is not None or why_not is not None or rounds is not None or brackets or fmt is CheckFormat.bbp
                or rules is not None or baku is not None):
            fail(exitcodes.USAGE, "--round, --why-not, --rounds, --brackets, --rules, --baku and --format bbp apply to "
                                  "one file")
        check_many(files, engine=engine, standings=standings is not False, json_out=json_out or fmt is CheckFormat.json,
                   csv_out=csv_out, jobs=jobs, scheduler=scheduler, encoding=encoding,
                   system=None if system == "auto" else system)
    file = files[0]
    from rich.progress import Progress

    from checker.event import NothingToCheck, RoundNotInFile, rounds_to_check
    from checker.output import bbp_text, report_dict
    from systems import CheckRequest, NotOffered
    from trf.system import UnsupportedEvent

    result = read_valid(file, encoding, "fix them before checking")
    t = result.tournament
    try:
        todo = rounds_to_check(t, round_)
    except (UnsupportedEvent, NothingToCheck) as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    except RoundNotInFile as exc:
        fail(exitcodes.USAGE, f"--round {exc.requested}: the file has rounds 1-{exc.last}")
    if json_out:
        fmt = CheckFormat.json
    sel = select_system(t, file, None if system == "auto" else system, rules)
    if t.is_team_event and not sel.system.team_events:
        fail(exitcodes.INVALID_INPUT, f"{file}: a team event; {sel.system.words} pairs no team events")
    if sel.system.round_robin:
        if why_not is not None:
            fail(exitcodes.USAGE, "--why-not applies to Swiss pairings; a round robin's pairings come from the table")
        rr = sel.system.check(t, todo, sel, CheckRequest())
        if fmt is CheckFormat.json:
            emit_json({"file": str(file), **rr.as_dict()})
        else:
            render.round_robin_check(out, rr, str(file))
        raise typer.Exit(exitcodes.OK if rr.ok else exitcodes.DISCREPANCY)
    edition, reason = sel.edition.name, sel.reason
    if rules is not None:
        reason = f"--rules {edition}"
    t, accel = _accelerated(t, file, sel, baku, baku_group.value, rounds)
    heading = f"{sel.edition.heading} ({reason}); acceleration: {accel}"
    try:
        if why_not is not None:
            try:
                a, b = (int(x) for x in why_not.replace(" ", "").split("-"))
            except ValueError:
                fail(exitcodes.USAGE, f"--why-not {why_not!r}: expected two start ranks as A-B, e.g. 3-12")
            w = sel.system.why_not(t, todo[-1], a, b, sel)
            if fmt is CheckFormat.json:
                emit_json({**w.as_dict(), "edition": edition, "edition_reason": reason, "acceleration": accel})
            else:
                out.print(heading, style="dim", highlight=False)
                render.why_not(out, w)
            raise typer.Exit(exitcodes.DISCREPANCY if w.verdict == "better" else exitcodes.OK)
        with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"checking {len(todo)} round(s)", total=len(todo))
            reports = sel.system.check(t, todo, sel, CheckRequest(engine=engine, total_rounds=rounds),
                                       progress=lambda _r: bar.update(task, advance=1))
    except NotOffered as exc:
        fail(exitcodes.USAGE, f"{file}: {exc}")
    ranks_ok = True
    if fmt is CheckFormat.json:
        data = {**report_dict(str(file), reports), "edition": edition, "edition_reason": reason, "acceleration": accel}
        if standings:
            from arbiter.check_many import rank_report

            ranks_ok = rank_report(t, str(file), data)
        emit_json(data)
    elif fmt is CheckFormat.bbp:
        out.file.write(bbp_text(str(file), reports))
    else:
        out.print(heading, style="dim", highlight=False)
        render.check_report(out, reports, str(file), brackets=brackets, rules=sel.edition.title)
    if standings and fmt is not CheckFormat.json:
        from arbiter.check_many import rank_report

        ranks_ok = rank_report(t, str(file), None)
    raise typer.Exit(exitcodes.OK if all(r.ok for r in reports) and ranks_ok else exitcodes.DISCREPANCY)


def _accelerated(t: Tournament, file: Path, sel: object, baku: Optional[bool], group: str,
                 rounds: Optional[int]) -> tuple[Tournament, str]:
    """The tournament with Baku virtual points as records when asked for (``--baku``) or named by
    the file (192 FIDE_DUTCH_BAKU) and it has none of its own
    (:meth:`systems.base.PairingSystem.accelerate`), and the acceleration in words."""
    from systems import NotOffered, Selection
    from trf.acceleration import AccelerationRefused

    assert isinstance(sel, Selection)
    try:
        accelerated, acc = sel.system.accelerate(t, sel, baku=baku, baku_group=group, total_rounds=rounds)
    except AccelerationRefused as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: Baku acceleration cannot be applied: {exc.detail}")
    except NotOffered as exc:
        fail(exitcodes.USAGE, f"--baku: {exc}")
    if acc.kind == "records":
        return accelerated, "the file's virtual points (XXA/250 records)"
    if acc.kind == "none":
        return accelerated, "none"
    why = "--baku" if acc.asked else f"named by {acc.source}"
    rule = "group A by the rule, 2 x ceil(N/4)" if group == "handbook" else "group A as bbpPairings' automatic mode, ceil(N/2)"
    return accelerated, f"Baku (C.04.7; {rule}; {why})"
