"""``arbiter conformance``: another pairing program against our engine on random tournaments, the
checker judging every round where the two differ.

Thin: the run is :func:`verify.conformance.conformance`, the verdicts the system's judge
(:meth:`systems.base.PairingSystem.judge`); this module reads arguments and renders the report.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import JsonOpt, app, emit_json, err, fail, out
from arbiter.rtg import (DateOpt, DoubleForfeitRateOpt, DrawRateOpt, ForfeitRateOpt, FullByesOpt, HalfByeRateOpt,
                         HalfByesOpt, LateEntriesOpt, LateMissedOpt, LateMissedOption, PointsOpt, RatingsOpt,
                         TieBreakRecordOpt, TieBreakRecordOption, TieBreaksOpt, UnusualRateOpt, WithdrawalsOpt,
                         ZeroByeRateOpt, ZeroByesOpt, settings_from)
from arbiter.workers import JobsOpt, SchedulerOpt, workers

if TYPE_CHECKING:
    from verify.conformance import EngineCommand, Summary


@app.command()
def conformance(
    engine: str = typer.Option(..., "--engine", metavar="'CMD {input} {output}'",
                               help="The pairing program: a command with {input} (the TRF) and {output} (where it "
                                    "writes the -p pairs), e.g. 'bbpPairings.exe --dutch {input} -p {output}'."),
    players: str = typer.Option("9-40", "--players", metavar="N|LO-HI", help="Players per tournament, or a range."),
    rounds: str = typer.Option("3-9", "--rounds", metavar="N|LO-HI", help="Rounds per tournament, or a range."),
    count: int = typer.Option(100, "--count", min=1, help="Number of random tournaments."),
    seed: int = typer.Option(1, "--seed", help="Master seed: tournament i gets a seed derived from it."),
    golden: Optional[Path] = typer.Option(None, "--golden", metavar="DIR",
                                          help="Keep every differing round here as NAME.trf + NAME.pairs (the pairing "
                                               "the checker prefers), NAME.engine.pairs and NAME.json."),
    timeout: float = typer.Option(120.0, "--timeout", min=0.1, help="Seconds the engine may take for one round."),
    corpus: Optional[Path] = typer.Option(None, "--corpus", metavar="DIR",
                                          help="Run the program over the .trf files of a corpus folder (each the "
                                               "tournament before the round to pair, given to the program as it is) "
                                               "instead of random tournaments; the generator's options are unused."),
    pattern: str = typer.Option("*.trf", "--pattern", metavar="GLOB",
                                help="With --corpus: the files to run, by name (e.g. 'r*.trf')."),
    draw_rate: float = DrawRateOpt,
    forfeit_rate: float = ForfeitRateOpt,
    double_forfeit_rate: float = DoubleForfeitRateOpt,
    unusual_rate: float = UnusualRateOpt,
    full_byes: str = FullByesOpt,
    half_byes: Optional[str] = HalfByesOpt,
    zero_byes: Optional[str] = ZeroByesOpt,
    half_bye_rate: Optional[float] = HalfByeRateOpt,
    zero_bye_rate: Optional[float] = ZeroByeRateOpt,
    late_entries: str = LateEntriesOpt,
    late_missed: LateMissedOpt = LateMissedOption,
    withdrawals: str = WithdrawalsOpt,
    tiebreaks: str = TieBreaksOpt,
    tiebreak_record: TieBreakRecordOpt = TieBreakRecordOption,
    ratings: str = RatingsOpt,
    start: Optional[str] = DateOpt,
    points: str = PointsOpt,
    system: Optional[str] = typer.Option(None, "--system", metavar="NAME",
                                         help="Pairing system the program is tested on (arbiter systems lists them; "
                                              "default: the FIDE Dutch system)."),
    rules: Optional[str] = typer.Option(None, "--rules", metavar="EDITION",
                                        help="Edition of the system's rules (default: the one in force)."),
    jobs: int = JobsOpt,
    scheduler: Optional[str] = SchedulerOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Test a pairing program that speaks the endorsed engines' -p convention (or writes White,Black
    CSV): random tournaments from our generator, or the files of a corpus folder (--corpus), every
    round paired by the program and compared with our engine; where they differ, the independent
    checker says which pairing is better and by which criterion. Exit 0 when every round agrees, 4
    when one differs, 3 when a corpus file could not be read or paired by us (and none differs)."""
    import shutil

    from rich.progress import Progress

    from verify.conformance import BadCommand, EngineCommand, Summary, conformance as run

    try:
        command = EngineCommand(engine, timeout)
    except BadCommand as exc:
        fail(exitcodes.USAGE, f"--engine: {exc}")
    program = command.program()
    if shutil.which(program) is None and not Path(program).is_file():
        fail(exitcodes.USAGE, f"--engine: the program {program!r} is not found")
    if corpus is not None:
        _corpus(command, corpus, pattern, system, rules, golden, jobs, scheduler, json_out, engine)
    settings, p_range, r_range = settings_from(
        players=players, rounds=rounds, seed=seed, draw_rate=draw_rate, forfeit_rate=forfeit_rate,
        double_forfeit_rate=double_forfeit_rate, unusual_rate=unusual_rate, full_byes=full_byes, half_byes=half_byes,
        zero_byes=zero_byes, half_bye_rate=half_bye_rate, zero_bye_rate=zero_bye_rate, late_entries=late_entries,
        late_missed=late_missed, withdrawals=withdrawals, tiebreaks=tiebreaks, tiebreak_record=tiebreak_record,
        ratings=ratings, start=start, points=points)
    from dataclasses import replace

    import systems

    try:
        systems.get(system or systems.DEFAULT).edition(rules)
        settings = replace(settings, system=system or systems.DEFAULT, rules=rules)
    except systems.UnknownSystem as exc:
        fail(exitcodes.USAGE, f"--system {system}: {exc}")
    except systems.UnknownEdition as exc:
        fail(exitcodes.USAGE, f"--rules {rules}: {exc}")
    summary = Summary()
    cases = []
    not_generated = []
    with workers(jobs, scheduler) as ex, Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"comparing {count} tournaments", total=count)
        for t in run(settings, count, seed, command, players=p_range, rounds=r_range, executor=ex):
            summary.add(t)
            if t.error is not None:
                not_generated.append({"index": t.index, "seed": t.seed, "error": t.error})
            cases.extend(_case_entries(t.cases, golden))
            bar.update(task, advance=1)
    if json_out:
        emit_json({"engine": engine, "master_seed": seed, "players": players, "rounds": rounds,
                   "settings": settings.describe(), **summary.as_dict(), "cases": cases,
                   "not_generated": not_generated, "golden": str(golden) if golden is not None else None})
    else:
        _report(summary, cases, not_generated, engine, golden)
    raise typer.Exit(exitcodes.OK if summary.different == 0 else exitcodes.DISCREPANCY)


def _case_entries(found: Any, golden: Optional[Path]) -> list[dict[str, Any]]:
    """Each differing round as the report lists it, with the golden files written for it under
    ``golden`` (``--golden DIR``; a folder that cannot be written: exit 5)."""
    from verify.conformance import write_golden

    entries = []
    for c in found:
        entry = c.as_dict()
        entry["golden"] = None
        if golden is not None:
            try:
                entry["golden"] = [str(p) for p in write_golden(golden, c)]
            except OSError as exc:
                fail(exitcodes.FILE_ERROR, f"cannot write {golden}: {exc.strerror or exc}")
        entries.append(entry)
    return entries


def _corpus(command: EngineCommand, folder: Path, pattern: str, system: Optional[str], rules: Optional[str],
            golden: Optional[Path], jobs: int, scheduler: Optional[str], json_out: bool, engine: str) -> None:
    """``--corpus DIR``: every file of the folder (:func:`verify.conformance.conformance_corpus`);
    exits."""
    import systems
    from rich.progress import Progress

    from verify.conformance import NoCorpus, Summary, conformance_corpus, corpus_files

    if rules is not None:
        fail(exitcodes.USAGE, "--rules: a corpus run pairs each file by the edition the file names (or the one "
                              "in force); --rules is for random tournaments")
    if system is not None:
        try:
            systems.get(system)
        except systems.UnknownSystem as exc:
            fail(exitcodes.USAGE, f"--system {system}: {exc}")
    try:
        count = len(corpus_files(folder, pattern))
    except NoCorpus as exc:
        fail(exitcodes.USAGE, f"--corpus: {exc}")
    summary = Summary()
    cases = []
    unread = []
    finished = 0
    with workers(jobs, scheduler) as ex, Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"comparing {count} files", total=count)
        for t in conformance_corpus(folder, command, system, pattern=pattern, executor=ex):
            summary.add(t)
            if t.error is not None:
                unread.append({"index": t.index, "error": t.error})
            elif not t.compared:
                finished += 1
            cases.extend(_case_entries(t.cases, golden))
            bar.update(task, advance=1)
    if json_out:
        emit_json({"engine": engine, "corpus": str(folder), "system": system, "files": summary.tournaments,
                   **summary.as_dict(), "finished": finished, "cases": cases, "not_read": unread,
                   "golden": str(golden) if golden is not None else None})
    else:
        out.print(f"conformance of {engine!r} on {folder}: {summary.tournaments} file(s), {summary.rounds} round(s) "
                  f"compared", markup=False)
        out.print(f"same pairing: {summary.same} round(s); different: {summary.different}"
                  + (f"; {finished} finished event(s), nothing to pair" if finished else ""), markup=False)
        if summary.different:
            _table(summary, cases, "File")
        for g in unread:
            out.print(f"not compared: {g['error']}", markup=False)
        if golden is not None and cases:
            out.print(f"golden cases written to {golden}", markup=False)
    code = exitcodes.DISCREPANCY if summary.different else exitcodes.INVALID_INPUT if unread else exitcodes.OK
    raise typer.Exit(code)


def _table(summary: Summary, cases: list[dict[str, object]], first: str) -> None:
    from rich import box
    from rich.table import Table

    def counts(c: Counter[str]) -> str:
        return ", ".join(f"{k} {v}" for k, v in sorted(c.items()))

    out.print(f"  by kind: {counts(summary.by_kind)}; the checker prefers: {counts(summary.better)}; "
              f"decided by: {counts(summary.by_criterion)}", markup=False)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for col in (first, "Rd", "Kind", "Better", "Criterion", "Why"):
        table.add_column(col, overflow="fold", justify="right" if col == "Rd" else "left")
    for c in cases:
        table.add_row(str(c.get("file", c["index"])), str(c["round"]), str(c["kind"]), str(c["better"]),
                      str(c["criterion"] or ""), str(c["message"] or ""))
    render.print_table(out, table, keep=3)


def _report(summary: Summary, cases: list[dict[str, object]], not_generated: list[dict[str, object]], engine: str,
            golden: Optional[Path]) -> None:
    from rich import box
    from rich.table import Table

    def counts(c: Counter[str]) -> str:
        return ", ".join(f"{k} {v}" for k, v in sorted(c.items()))

    made = summary.tournaments - summary.not_generated
    missing = f" ({summary.not_generated} could not be generated, listed below)" if summary.not_generated else ""
    out.print(f"conformance of {engine!r}: {made} tournament(s){missing}, {summary.rounds} round(s) compared",
              markup=False)
    out.print(f"same pairing: {summary.same} round(s); different: {summary.different}", markup=False)
    if summary.different:
        out.print(f"  by kind: {counts(summary.by_kind)}; the checker prefers: {counts(summary.better)}; "
                  f"decided by: {counts(summary.by_criterion)}", markup=False)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        for col in ("Tournament", "Seed", "Rd", "Kind", "Better", "Criterion", "Why"):
            table.add_column(col, overflow="fold", justify="right" if col in ("Tournament", "Seed", "Rd") else "left")
        for c in cases:
            table.add_row(str(c["index"]), str(c["seed"]), str(c["round"]), str(c["kind"]), str(c["better"]),
                          str(c["criterion"] or ""), str(c["message"] or ""))
        render.print_table(out, table, keep=3)
    for g in not_generated:
        out.print(f"not generated: tournament {g['index']} (seed {g['seed']}): {g['error']}", markup=False)
    if golden is not None and cases:
        out.print(f"golden cases written to {golden}", markup=False)
