"""``arbiter report`` and ``arbiter ratings``: the FIDE rating report and rating changes (B.02).

Registered on :data:`arbiter.app.app` at import (see :mod:`arbiter.cli`).
Thin: the rules live in :mod:`ratings`; this module reads arguments, calls it and renders.
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from arbiter import exitcodes, render
from arbiter.app import (EncodingOpt, FileArg, JsonOpt, TrfFormat, app, busy, dump_text, emit_json, err, fail, out, read,
                         read_text, read_valid, refuse_conflicting_outputs, refuse_non_trf, refuse_overwrite, standard_output,
                         write_file)
from trf import spreadsheet
from trf.text import visible

KOpt = typer.Option(None, "--k", metavar="FILE",
                    help="CSV of id,K (FIDE id; start rank for players without one). Default: FIDE's K from "
                         "rating, birth year and date (B.02 8.3.3).")
CsvOpt = typer.Option(False, "--csv", help="CSV output (one row per player).")
DateOpt = typer.Option(None, "--date", metavar="YYYY-MM-DD",
                       help="The tournament's start date, for the rules in force (default: 042, else 132, else 052).")


def _date(text: Optional[str]) -> Any:
    from datetime import date

    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        fail(exitcodes.USAGE, f"--date {text!r}: expected a date as YYYY-MM-DD")

_STYLE = {"error": "bold red", "warning": "yellow", "info": "dim"}


def _k_table(path: Optional[Path], encoding: Optional[str] = None) -> Optional[dict[str, int]]:
    """The ``--k`` file (CSV ``id,K``; quoted fields, an Excel byte-order mark, ``--encoding``)."""
    from ratings.kfactor import KFileError, parse_k_text
    from trf.limits import K_FACTORS

    if path is None:
        return None
    try:
        return parse_k_text(read_text(path, encoding, "K file", K_FACTORS), str(path))
    except KFileError as exc:
        fail(exitcodes.INVALID_INPUT, str(exc))


def _require_individual(t: Any, file: Path, task: str) -> None:
    from trf.system import UnsupportedEvent, require_individual

    try:
        require_individual(t, task)
    except UnsupportedEvent as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")


def _fmt_change(v: Any) -> str:
    from ratings.output import dec

    text = dec(v)
    return "" if text is None else (text if text.startswith("-") or text == "0" else "+" + text)


def render_ratings(console: Console, r: Any, title: str) -> None:
    """The rating-change table: one row per player, then the rules applied."""
    from ratings.output import dec
    from ratings.tables import round_half_up

    table = Table(title=title, title_style="bold", header_style="bold")
    for head in ("No", "Name", "Rtg", "K", "Games", "Ra", "We", "W", "W-We", "Change", "Rounded", "Perf"):
        table.add_column(head, justify="left" if head == "Name" else "right", no_wrap=head != "Name")
    for p in r.players:
        ra = p.average_opponent
        perf = ""
        if p.performance is not None:
            perf = "" if p.performance.value is None else str(p.performance.value)
            if p.performance.value is not None and not p.performance.published:
                perf += "*"
        table.add_row(
            str(p.start_rank), p.name, str(p.rating or ""), str(p.k.value) if p.k else "", str(len(p.games)),
            "" if ra is None else str(round_half_up(ra)),
            dec(p.expected) if p.rating and p.games else "", dec(p.score) if p.games else "",
            _fmt_change(p.score - p.expected) if p.rating and p.games else "",
            _fmt_change(p.change_exact) if p.change_exact is not None else "",
            _fmt_change(p.change) if p.change is not None else "", perf)
    render.print_table(console, table, keep=2)  # whole in a pipe; wrapped or split on a narrow line
    when = r.date.isoformat() if r.date else "no date in the file"
    console.print(Text(f"Rules: {r.rules.name} (tournament date {when}, from {r.date_source}); "
                       f"{r.rules.cap}-point rule"
                       + (f" except for players rated {r.rules.cap_exempt_from}+" if r.rules.cap_exempt_from else "")
                       + ("; once per event" if r.rules.cap_once_per_event else "")
                       + "; change = K x (W - We), rounded .5 away from zero.", style="dim"))
    if any(p.performance and p.performance.value is not None and not p.performance.published for p in r.players):
        console.print(Text("* performance of an unrated player, not yet publishable (fewer than 5 games against "
                           "rated opponents, or under the floor)", style="dim"))
    for note in r.notes:
        console.print(Text(f"note: {note}", style="dim"))
    for u in r.rules.unconfirmed:
        console.print(Text(f"UNCONFIRMED for this edition: {u}", style="dim"))


def _compute_ratings(t: Any, k_table: Optional[dict[str, int]], when: Any) -> Any:
    from ratings.change import tournament_ratings

    return tournament_ratings(t, k_table, when)


@app.command()
def ratings(
    file: Path = FileArg,
    k: Optional[Path] = KOpt,
    when: Optional[str] = DateOpt,
    json_out: bool = JsonOpt,
    csv_out: bool = CsvOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Rating changes (FIDE B.02 8.3): rated games, average opponent, expected score from FIDE's table,
    K and the change per player, with the rules in force at the tournament's dates; unrated players'
    performance (8.2)."""
    from ratings.output import ratings_csv, ratings_dict

    refuse_conflicting_outputs(("--json", "json" if json_out else None), ("--csv", "csv" if csv_out else None))
    day = _date(when)
    k_table = _k_table(k, encoding)
    result = read_valid(file, encoding, "fix them before computing rating changes")
    t = result.tournament
    _require_individual(t, file, "rating changes of team events are not implemented")
    with busy(f"rating changes of {len(t.players)} players"):
        r = _compute_ratings(t, k_table, day)
    if json_out:
        emit_json(ratings_dict(r, str(file)))
    elif csv_out:
        sys.stdout.write(ratings_csv(r))
    else:
        render_ratings(out, r, f"{t.name or 'Tournament'}: rating changes (FIDE B.02)")


def _problems_csv(problems: Any) -> str:
    buf = io.StringIO()
    w = spreadsheet.writer(buf)
    w.writerow(["line", "column", "severity", "code", "message", "fix"])
    for p in problems:
        w.writerow([p.line, p.column, p.severity.value, p.code, p.message, p.fix])
    return buf.getvalue()


def _render_problems(console: Console, check: Any, filename: str) -> None:
    for p in check.problems:
        console.print(Text(visible(p.format(filename)), style=_STYLE[p.severity.value]))
    for note in check.notes:
        console.print(Text(f"note: {note}", style="dim"))


def _summary(check: Any, filename: str) -> Text:
    from collections import Counter

    counts = Counter(p.severity.value for p in check.problems)
    verdict = "not fit to be rated" if counts["error"] else "fit to be rated"
    style = "bold red" if counts["error"] else "bold green"
    by_code = Counter(p.code for p in check.problems if p.severity.value != "info")
    detail = ", ".join(f"{c} {n}" for c, n in sorted(by_code.items()))
    return Text.assemble((f"{visible(filename)}: ", ""), (verdict, style),
                         f" ({counts['error']} error(s), {counts['warning']} warning(s)"
                         + (f": {detail}" if detail else "") + ")")


@app.command()
def report(
    file: Path = FileArg,
    to: TrfFormat = typer.Option(TrfFormat.trf16, "--to", help="Format of the clean report: trf16 (default) or trf26."),
    output: Optional[Path] = typer.Option(None, "-o", "--output",
                                          help="Write the clean report here (atomically; never the input; - : standard "
                                               "output). Default: standard output, unless --ratings/--json/--csv."),
    tiebreaks: Optional[str] = typer.Option(None, "--tiebreaks", metavar="LIST",
                                            help="Tie-break list for the ranks (default: the file's 202/212, else "
                                                 "BH/C1,BH,DE,WIN,BWG or DE,SB,WIN,KS)."),
    strict: bool = typer.Option(False, "--strict", help="Write nothing (exit 3) when the report has errors."),
    with_ratings: bool = typer.Option(False, "--ratings", help="Also compute the rating changes (as `arbiter ratings`)."),
    k: Optional[Path] = KOpt,
    when: Optional[str] = DateOpt,
    json_out: bool = JsonOpt,
    csv_out: bool = typer.Option(False, "--csv", help="CSV output: the problems, or the rating changes with --ratings."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Check that a TRF file is fit to be rated (FIDE B.02 9.1) and write the clean report with recomputed
    points and ranks. Exit 0 when fit, 4 when it has errors (report still written), 3 with --strict or
    when the games contradict each other (nothing written)."""
    from ratings.output import ratings_csv, ratings_dict, report_dict
    from ratings.report import check_report, clean_report, unrated_games
    from tiebreaks.codes import parse_list

    refuse_conflicting_outputs(("--json", "json" if json_out else None), ("--csv", "csv" if csv_out else None))
    refuse_overwrite(output, file, k)
    output = standard_output(output)  # -o -
    tbs = None
    if tiebreaks is not None:
        try:
            tbs = parse_list(tiebreaks)
        except ValueError as exc:
            fail(exitcodes.USAGE, f"--tiebreaks: {exc}")
    result = read(file, encoding)
    refuse_non_trf(result, file)
    t = result.tournament
    _require_individual(t, file, "team rating reports are not implemented")
    day = _date(when)
    k_table = _k_table(k, encoding) if with_ratings else None
    try:
        with busy(f"checking the report of {len(t.players)} players"):
            check = check_report(t, result.diagnostics, tbs)
    except ValueError as exc:  # a bad 202/212 list in the file
        fail(exitcodes.INVALID_INPUT, f"{file}: record 202/212: {exc}")
    name = str(file)
    blocking = not check.ranks and bool(t.players)
    if blocking or (strict and check.errors):
        if json_out:
            emit_json(report_dict(check, name, to.value, str(output) if output else None, False, unrated_games(t)))
        else:
            _render_problems(err, check, name)
            err.print(_summary(check, name))
        why = "its games contradict each other" if blocking else "--strict"
        fail(exitcodes.INVALID_INPUT, f"{file} has {len(check.errors)} error(s); nothing written ({why})")
    clean, _notes = clean_report(t, check, to.value)
    text = dump_text(clean, to.value)
    if output is not None:
        write_file(output, text)
    r = None
    if with_ratings:
        with busy(f"rating changes of {len(t.players)} players"):
            r = _compute_ratings(t, k_table, day)
    to_stdout = output is None and not (with_ratings or json_out or csv_out)
    if json_out:
        data = report_dict(check, name, to.value, str(output) if output else None, output is not None,
                           unrated_games(t), text if output is None else None)
        data["ratings"] = ratings_dict(r, name) if r is not None else None
        emit_json(data)
    elif csv_out:
        sys.stdout.write(ratings_csv(r) if r is not None else _problems_csv(check.problems))
    else:
        console = err if to_stdout else out
        _render_problems(console, check, name)
        unrated = unrated_games(t)
        if unrated:
            from collections import Counter

            kinds = Counter(g["kind"] for g in unrated)
            console.print(Text("not rated (marked so in the file): "
                               + ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())), style="dim"))
        console.print(_summary(check, name))
        if output is not None:
            console.print(f"wrote {output} ({to.value}, {len(clean.players)} players, points and ranks recomputed)",
                          markup=False)
        if r is not None:
            render_ratings(out, r, f"{t.name or 'Tournament'}: rating changes (FIDE B.02)")
        if to_stdout:
            sys.stdout.write(text)
    raise typer.Exit(exitcodes.DISCREPANCY if check.errors else exitcodes.OK)
