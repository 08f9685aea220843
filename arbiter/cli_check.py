"""``arbiter check``: the pairings of a file verified by the independent checker.

Thin: which rounds is :mod:`checker.event`; which system is the registry's
(:func:`systems.select`), and the verdicts are that system's checker reading
(:meth:`systems.base.PairingSystem.check`, :meth:`~systems.base.PairingSystem.why_not`).  This
module reads arguments and renders.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer

from arbiter import check_standings, exitcodes, render
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
                                          help="Force the pair A-B into the round and say what it costs; each player by start "
                                               "rank, FIDE id or name (3-12, \"Okafor-Lee\")."),
    fmt: CheckFormat = typer.Option(CheckFormat.report, "--format", help=(
        "report, bbp (bbpPairings' -c layout: the pairings only, standings are not in that layout), or json.")),
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
    standings: Optional[bool] = typer.Option(None, "--standings/--no-standings", help=(
        "Check the standings too: the rank column against the standings computed with the file's 202/212 "
        "tie-break list (C.07 art. 4.2), the points column (81-84; a team event's 310 points) against the "
        "results, and the list itself (no Buchholz in a round robin, C.07 art. 8). Default: yes, except with "
        "--round, --why-not and --format bbp.")),
    standings_after: Optional[int] = typer.Option(None, "--standings-after", min=1, metavar="R", help=(
        "Also print the standings computed after round R with every tie-break value (the file's list, else the "
        "default one), to compare with a standings table published then. A TRF records only the final rank "
        "column: that one is what is checked.")),
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
    strict: bool = typer.Option(False, "--strict", help=(
        "Count a round paired by hand and recorded by its ### MPA line (C.04.2 Art. 4.4; the draft checklist's "
        "Q65-Q69) as a discrepancy (exit 4); without it such a round is reported as paired by hand, with the "
        "checker's findings, and does not by itself make the exit code 4.")),
    jobs: int = JobsOpt,
    scheduler: Optional[str] = SchedulerOpt,
) -> None:
    """Check a file's pairings and standings (a pairings and tie-breaks checker as FIDE's rules for tournament software describe). Pairings by the file's
    pairing system: FIDE Dutch C.04.3 (2026: C1-C21; 2017: C.1-C.19) and the colour rules, naming the criterion
    that decides; a round robin against the Berger tables (C.05 Annex 1); or the system --system names. Standings:
    the rank column against the file's tie-break list, naming the tie-break that decides, and the points column
    against the results. A round the file records as paired by hand (### MPA @ Round r, the engine's boards =>
    the round's) is reported as such when the line describes the round. With several files or a directory, each
    file, with a summary. Exit 0 when everything conforms, 4 on a discrepancy in the pairings or the standings, 3
    for invalid input."""
    from arbiter.app import format_choice, refuse_conflicting_outputs

    refuse_conflicting_outputs(("--json", "json" if json_out else None), ("--csv", "csv" if csv_out else None),
                               format_choice(fmt))
    if len(files) > 1 or files[0].is_dir() or csv_out:
        from arbiter.check_many import check_many

        if (round_ is not None or why_not is not None or rounds is not None or brackets or fmt is CheckFormat.bbp
                or rules is not None or baku is not None or standings_after is not None):
            fail(exitcodes.USAGE, "--round, --why-not, --rounds, --brackets, --rules, --baku, --standings-after and "
                                  "--format bbp apply to one file")
        check_many(files, engine=engine, standings=standings is not False, json_out=json_out or fmt is CheckFormat.json,
                   csv_out=csv_out, jobs=jobs, scheduler=scheduler, encoding=encoding,
                   system=None if system == "auto" else system)
    file = files[0]
    from rich.progress import Progress

    from checker.event import NothingToCheck, RoundNotInFile, rounds_to_check, with_recorded_alterations
    from checker.output import bbp_text, report_dict
    from systems import CheckRequest, NotOffered
    from trf.system import UnsupportedEvent

    if json_out:
        fmt = CheckFormat.json
    want_standings = _standings_wanted(standings, standings_after, fmt, round_, why_not)
    result = read_valid(file, encoding, "fix them before checking")
    t = result.tournament
    try:
        todo = rounds_to_check(t, round_)
    except (UnsupportedEvent, NothingToCheck) as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    except RoundNotInFile as exc:
        fail(exitcodes.USAGE, f"--round {exc.requested}: the file has rounds 1-{exc.last}")
    if standings_after is not None and standings_after > t.rounds_paired:
        fail(exitcodes.USAGE, f"--standings-after {standings_after}: the file has rounds 1-{t.rounds_paired}")
    sel = select_system(t, file, None if system == "auto" else system, rules)
    if t.is_team_event and not sel.system.team_events:
        fail(exitcodes.INVALID_INPUT, f"{file}: a team event; {sel.system.words} pairs no team events")
    if sel.system.round_robin:
        if why_not is not None:
            fail(exitcodes.USAGE, "--why-not applies to Swiss pairings; a round robin's pairings come from the table")
        rr = sel.system.check(t, todo, sel, CheckRequest())
        bad_rounds = sorted({d.round for d in rr.deviations if d.kind != "unplayed"})
        st = check_standings.run(t, result.diagnostics, True, standings_after) if want_standings else None
        if fmt is CheckFormat.json:
            emit_json(_with_standings({"file": str(file), **rr.as_dict()}, rr.ok, st))
        else:
            render.round_robin_check(out, rr, str(file))
            _standings_section(str(file), t, rr.ok, bad_rounds, st)
        _exit(rr.ok, st)
    edition, reason = sel.edition.name, sel.reason
    if rules is not None:
        reason = f"--rules {edition}"
    plain = t
    t, accel = _accelerated(t, file, sel, baku, baku_group.value, rounds)
    heading = f"{sel.edition.heading} ({reason}); acceleration: {accel}"
    try:
        if why_not is not None:
            from trf.naming import PlayerNotNamed, resolve_pair

            try:  # start ranks, FIDE ids or names: 3-12, "Okafor-Lee"
                a, b = resolve_pair(t, why_not)
            except PlayerNotNamed as exc:
                fail(exitcodes.USAGE, f"--why-not {exc}")
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
    reports = with_recorded_alterations(t, reports)
    pairings_ok = not any(r.discrepant(strict) for r in reports)
    # the standings of the file as written: Baku's virtual points are for pairing, never scores (C.04.7)
    st = (check_standings.run(plain, result.diagnostics, sel.system.round_robin, standings_after)
          if want_standings else None)
    if fmt is CheckFormat.json:
        data = {**report_dict(str(file), reports, strict), "edition": edition, "edition_reason": reason, "acceleration": accel}
        emit_json(_with_standings(data, pairings_ok, st))
    elif fmt is CheckFormat.bbp:
        out.file.write(bbp_text(str(file), reports))
    else:
        out.print(heading, style="dim", highlight=False)
        render.check_report(out, reports, str(file), brackets=brackets, rules=sel.edition.title, strict=strict)
        _standings_section(str(file), plain, pairings_ok, [r.round for r in reports if r.discrepant(strict)], st,
                           [r.round for r in reports if r.status == "manual" and not strict])
    _exit(pairings_ok, st)


def _standings_wanted(standings: Optional[bool], after: Optional[int], fmt: CheckFormat, round_: Optional[int],
                      why_not: Optional[str]) -> bool:
    """Whether one file's standings are checked: asked for, or by default unless the command asks
    about one round (``--round``, ``--why-not``) or wants bbpPairings' layout, which has no
    standings.  Exit 2 for a contradiction."""
    if after is not None and standings is False:
        fail(exitcodes.USAGE, "--standings-after prints standings: it cannot go with --no-standings")
    if fmt is CheckFormat.bbp and (standings or after is not None):
        fail(exitcodes.USAGE, "--format bbp is bbpPairings' layout of the pairings, with no standings: use "
                              "--format report or --json for the standings")
    if why_not is not None and (standings or after is not None):
        fail(exitcodes.USAGE, "--why-not answers for one pair of one round: it goes without --standings")
    if standings is not None:
        return standings
    return after is not None or (round_ is None and why_not is None and fmt is not CheckFormat.bbp)


def _with_standings(data: dict[str, Any], pairings_ok: bool, st: Any) -> dict[str, Any]:
    """The JSON report with its ``standings`` (``null`` when not checked); ``ok`` is the whole
    verdict (the exit code's), ``pairings_ok`` the rounds' alone."""
    return {**data, "ok": pairings_ok and (st is None or st.ok), "pairings_ok": pairings_ok,
            "standings": None if st is None else st.as_dict(table=st.table is not None)}


def _standings_section(path: str, t: Tournament, pairings_ok: bool, bad_rounds: list[int], st: Any,
                       by_hand: list[int] | None = None) -> None:
    if st is None:
        return
    check_standings.section(out, st, t)
    out.print(check_standings.verdict_line(path, pairings_ok, bad_rounds, st, by_hand), markup=False,
              highlight=False)


def _exit(pairings_ok: bool, st: Any) -> NoReturn:
    """One exit code for the pairings and the standings: 0 when both conform, else 4."""
    raise typer.Exit(exitcodes.OK if pairings_ok and (st is None or st.ok) else exitcodes.DISCREPANCY)


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
