"""``arbiter crosscheck``: the cross-check of FIDE's verification procedure, another pairing
program against ours, both ways,
on as many random tournaments as asked, resumable.

Thin: the run is :func:`verify.crosscheck.crosscheck`; this module reads arguments, shows
progress and renders the summary.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from arbiter import exitcodes
from arbiter.app import JsonOpt, app, emit_json, err, fail, out, write_file
from arbiter.workers import JobsOpt, SchedulerOpt, workers


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items())


def _range(text: str, option: str) -> tuple[int, int]:
    from verify.generate import parse_range

    try:
        return parse_range(text, option)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"{option} {text!r}: {exc}")


@app.command()
def crosscheck(
    engine: Optional[str] = typer.Option(None, "--engine", metavar="'CMD {input} {output}'",
                                         help="The other program's pairing command (the -p layout): every round of "
                                              "our tournaments is paired by it (ours -> theirs)."),
    generator: Optional[str] = typer.Option(None, "--generator", metavar="'CMD {config} {output} {seed}'",
                                            help="The other program's tournament generator (JaVaFo/bbpPairings "
                                                 "-g keys): every round of its tournaments is checked by ours "
                                                 "(theirs -> ours)."),
    rules: Optional[str] = typer.Option(None, "--rules", metavar="EDITION",
                                        help="Edition of the Dutch rules (2026, the default, or 2017)."),
    count: int = typer.Option(100, "--count", min=1, help="Tournaments in each direction."),
    seed: int = typer.Option(1, "--seed", help="Master seed: tournament i of each direction gets a seed derived from it."),
    players: str = typer.Option("9-150", "--players", metavar="LO-HI", help="Players per tournament."),
    rounds: str = typer.Option("5-13", "--rounds", metavar="LO-HI", help="Rounds per tournament (at most players - 1)."),
    state: Path = typer.Option(..., "--state", metavar="DIR",
                               help="Folder of the run: one result per tournament, every discrepancy as a case; "
                                    "started again, the run does only what is missing."),
    other_scorings: bool = typer.Option(True, "--other-scorings/--standard-scoring",
                                        help="Score one tournament in ten of ours, one in five of theirs, 3/1/0 or "
                                             "2/1/0 (record 162; bbpPairings v5 does not read it: give "
                                             "--standard-scoring)."),
    timeout: float = typer.Option(120.0, "--timeout", min=0.1, help="Seconds the other program may take for one call."),
    jobs: int = JobsOpt,
    scheduler: Optional[str] = SchedulerOpt,
    json_out: bool = JsonOpt,
) -> None:
    """The cross-check FIDE's verification procedure describes (C.04.A A.7): our random tournaments
    paired again by another program, and its random tournaments checked by ours, each tournament's
    parameters drawn from FIDE's ranges; every discrepancy kept as a case with the article that
    decides it. Exit 0 when none, 4 otherwise."""
    from rich.progress import Progress

    import systems
    from verify.conformance import BadCommand, EngineCommand
    from verify.crosscheck import GeneratorCommand, crosscheck as run, summarize

    try:
        edition = systems.get(systems.DEFAULT).edition(rules).name
    except systems.UnknownEdition as exc:
        fail(exitcodes.USAGE, f"--rules {rules}: {exc}")
    if engine is None and generator is None:
        fail(exitcodes.USAGE, "give --engine, --generator or both: the directions to run")
    try:
        pair = EngineCommand(engine, timeout) if engine is not None else None
    except BadCommand as exc:
        fail(exitcodes.USAGE, f"--engine: {exc}")
    try:
        gen = GeneratorCommand(generator, timeout) if generator is not None else None
    except ValueError as exc:
        fail(exitcodes.USAGE, f"--generator: {exc}")
    p_range, r_range = _range(players, "--players"), _range(rounds, "--rounds")
    try:
        state.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot create {state}: {exc.strerror or exc}")
    directions = (1 if pair else 0) + (1 if gen else 0)
    outcomes = []
    try:
        with workers(jobs, scheduler) as ex, Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"cross-checking {count} tournament(s) each way", total=count * directions)
            for o in run(edition, count, seed, pair=pair, generator=gen, players=p_range, rounds=r_range, state=state,
                         executor=ex, other_scorings=other_scorings):
                outcomes.append(o)
                bar.update(task, advance=1)
    except OSError as exc:  # an outcome or a case that cannot be kept in the state folder (a full disk)
        fail(exitcodes.FILE_ERROR, f"cannot write in {state}: {exc.strerror or exc}; the outcomes kept so far stay")
    totals = summarize(outcomes)
    data: dict[str, Any] = {"rules": edition, "seed": seed, "count": count, "players": players, "rounds": rounds,
                            "other_scorings": other_scorings,
                            "engine": engine, "generator": generator, "state": str(state), **totals.as_dict(),
                            "cases": [c.as_dict() for c in totals.cases],
                            "not_made": [{k: o.as_dict()[k] for k in ("direction", "index", "seed", "players", "rounds",
                                                                       "error")} for o in totals.failures]}
    write_file(state / "summary.json", json.dumps(data, indent=2) + "\n")
    if json_out:
        emit_json(data)
    else:
        for d in ("ours", "theirs"):
            if d not in data:
                continue
            x = data[d]
            label = "ours -> theirs (their engine pairs our tournaments)" if d == "ours" else \
                "theirs -> ours (our checker checks their tournaments)"
            out.print(f"{label}: {x['tournaments']} tournament(s), {x['rounds']} round(s), "
                      f"{x['discrepancies']} discrepancy(ies)", markup=False)
            out.print(f"  not made: {x['not_made']}; CPU: {x['cpu_seconds']} s here, {x['other_seconds']} s in the "
                      f"other program", markup=False)
            if x["discrepancies"]:
                out.print(f"  by kind: {_counts(x['by_kind'])}; right by our checker: {_counts(x['better'])}; "
                          f"decided by: {_counts(x['by_rule'])}", markup=False)
        for o in totals.failures:
            out.print(f"not made: {o.direction} {o.index} (seed {o.seed}, {o.players} players, {o.rounds} rounds): "
                      f"{o.error}", markup=False)
        for c in totals.cases:
            rule = c.criterion or "-"
            if c.article and c.article != c.criterion:
                rule += f" (Art. {c.article})"
            out.print(f"{c.direction} {c.index} round {c.round}: {c.kind}, {rule}: {c.message} [{c.case}]",
                      markup=False)
    raise typer.Exit(exitcodes.OK if not totals.cases else exitcodes.DISCREPANCY)
