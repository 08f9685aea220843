"""The ``arbiter`` command line.  Thin by design: every rule lives in the library packages;
this module reads arguments, calls them, and renders the result (rich tables or JSON).

Exit codes are the same for every command (see :mod:`arbiter.exitcodes`).
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
from rich.console import Console

from arbiter import exitcodes, render
from trf import Severity, dumps, parse_file
from trf.convert import convert as convert_tournament
from trf.diagnostics import Diagnostic
from trf.export import tournament_dict
from trf.model import Tournament
from trf.parser import ParseResult
from trf.writer import WriteError, write_atomic


app = typer.Typer(
    name="arbiter",
    help="A toolkit for chess arbiters built around FIDE's Tournament Report File (TRF).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

FileArg = typer.Argument(..., help="A TRF file (TRF-16, TRF-2026, with or without XX?/BB? records).", show_default=False)
EncodingOpt = typer.Option(None, "--encoding", help="Text encoding of the file (default UTF-8; e.g. latin-1, cp1252).")
JsonOpt = typer.Option(False, "--json", help="Machine-readable output (stable shape, see README).")


class Format(str, Enum):
    trf16 = "trf16"
    trf26 = "trf26"


class PairFormat(str, Enum):
    table = "table"
    bbp = "bbp"
    json = "json"
    trf = "trf"


class CheckSystem(str, Enum):
    auto = "auto"
    dutch = "dutch"
    berger = "berger"


class InitialColourOpt(str, Enum):
    white1 = "white1"
    black1 = "black1"


def _fail(code: int, message: str) -> NoReturn:
    err.print(f"arbiter: {message}", markup=False)
    raise typer.Exit(code)


def _read(path: Path, encoding: Optional[str]) -> ParseResult:
    """Read a file or exit 5 with the reason."""
    if encoding:
        try:
            "".encode(encoding)
        except LookupError:
            _fail(exitcodes.USAGE, f"unknown encoding {encoding!r}")
    try:
        return parse_file(path, encoding=encoding)
    except IsADirectoryError:
        _fail(exitcodes.FILE_ERROR, f"cannot read {path}: it is a directory")
    except FileNotFoundError:
        _fail(exitcodes.FILE_ERROR, f"cannot read {path}: no such file")
    except OSError as exc:
        _fail(exitcodes.FILE_ERROR, f"cannot read {path}: {exc.strerror or exc}")


def _read_valid(path: Path, encoding: Optional[str], consequence: str) -> ParseResult:
    """Read a file and exit 3 listing its errors when it has any (``consequence``: what the
    user is told, e.g. "fix them before pairing")."""
    result = _read(path, encoding)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        render.diagnostics(err, errors, str(path))
        _fail(exitcodes.INVALID_INPUT, f"{path} has {len(errors)} error(s); {consequence}")
    return result


def _emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _diagnostics(result: ParseResult, strict: bool) -> list[Diagnostic]:
    diags = list(result.diagnostics)
    return [d.promoted() for d in diags] if strict else diags


def _has_errors(diags: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)


@app.command()
def validate(
    file: Path = FileArg,
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Check a TRF file: layout, mirrored games, points, byes. Exit 0 if clean, 3 if invalid."""
    result = _read(file, encoding)
    diags = _diagnostics(result, strict)
    counts = {s.value: sum(d.severity is s for d in diags) for s in Severity}
    if json_out:
        _emit_json({
            "file": str(file),
            "encoding": result.encoding,
            "valid": not _has_errors(diags),
            "counts": counts,
            "diagnostics": [d.as_dict() for d in diags],
        })
    else:
        render.diagnostics(out, diags, str(file))
        render.summary(out, counts, str(file), len(result.tournament.players))
    if _has_errors(diags):
        raise typer.Exit(exitcodes.INVALID_INPUT)


@app.command()
def show(
    file: Path = FileArg,
    round_: Optional[int] = typer.Option(None, "--round", min=0, help="Show the tournament as it stood after this round."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Print the cross-table: rank, name, rating, points and every round's opponent, colour and result."""
    result = _read(file, encoding)
    t = result.tournament
    if round_ is not None and round_ > t.round_columns:
        _fail(exitcodes.USAGE, f"--round {round_}: the file has {t.round_columns} round(s)")
    if json_out:
        data = tournament_dict(t, round_)
        data["file"] = str(file)
        data["diagnostics"] = [d.as_dict() for d in result.diagnostics if d.severity is not Severity.INFO]
        _emit_json(data)
    else:
        render.crosstable(out, t, round_)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        if not json_out:
            render.diagnostics(err, errors, str(file))
        raise typer.Exit(exitcodes.INVALID_INPUT)


@app.command()
def convert(
    file: Path = FileArg,
    to: Format = typer.Option(..., "--to", help="Target format: trf16 (with XX?/BB? records) or trf26 (TRF-2026)."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Output file (default: standard output). Never the input."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Rewrite a file as TRF-16 or TRF-2026. The input is never modified; output is written atomically."""
    if output is not None and output.exists() and output.resolve() == file.resolve():
        _fail(exitcodes.USAGE, f"refusing to overwrite the input file {file}; choose another -o")
    result = _read_valid(file, encoding, "nothing written")
    converted, notes = convert_tournament(result.tournament, to.value)
    text = _dump(converted, to.value)
    if output is not None:
        _write_file(output, text)
    if json_out:
        _emit_json({
            "file": str(file),
            "format": to.value,
            "output": str(output) if output is not None else None,
            "notes": [d.as_dict() for d in notes],
            "text": None if output is not None else text,
        })
        return
    render.diagnostics(err, notes, str(file))
    if output is None:
        sys.stdout.write(text)
    else:
        err.print(f"wrote {output} ({to.value}, {len(converted.players)} players)", markup=False)


def _write_file(output: Path, text: str) -> None:
    """Write ``text`` to ``output`` atomically (UTF-8), or exit 5 with the reason."""
    try:
        write_atomic(output, text.encode("utf-8"))
    except OSError as exc:
        _fail(exitcodes.FILE_ERROR, f"cannot write {output}: {exc.strerror or exc}")


def _dump(t: Tournament, fmt: str) -> str:
    """The TRF text of ``t``, or exit 3 when a value does not fit the format's columns."""
    try:
        return dumps(t)
    except WriteError as exc:
        _fail(exitcodes.INVALID_INPUT, f"cannot write {fmt}: {exc}")


def _write_or_print(text: str, output: Optional[Path], source: Optional[Path] = None) -> None:
    """Standard output, or ``output`` written atomically; never over the ``source`` file."""
    if output is None:
        sys.stdout.write(text)
        return
    if source is not None and output.exists() and output.resolve() == source.resolve():
        _fail(exitcodes.USAGE, f"refusing to overwrite the input file {source}; choose another -o")
    _write_file(output, text)


@app.command()
def pair(
    file: Path = FileArg,
    round_: Optional[int] = typer.Option(None, "--round", min=1,
                                         help="Pair this round; a file that already contains it is cut back first "
                                              "(its declared absences are kept). Default: the next round."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write the result here (default: standard output)."),
    fmt: PairFormat = typer.Option(PairFormat.table, "--format", help="table, bbp (the engines' -p format), json, or trf."),
    initial_colour: Optional[InitialColourOpt] = typer.Option(
        None, "--initial-colour", help="Colour of the top player in round 1 when the file does not say (XXC/152)."),
    rounds: Optional[int] = typer.Option(None, "--rounds", min=1, help="Total number of rounds when the file does not say (XXR/142)."),
    json_out: bool = typer.Option(False, "--json", help="Same as --format json."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Pair the next round with the FIDE Dutch system (C.04.3, 2026). Exit 1 if no legal pairing exists."""
    from pairing.dutch import NoLegalPairing, pair_round
    from pairing.output import bbp_text, pairing_dict
    from pairing.players import PairingInputError
    from trf.edit import cut_to_round, with_pairing
    from trf.model import Colour

    result = _read_valid(file, encoding, "fix them before pairing")
    t = result.tournament
    rnd = round_ if round_ is not None else t.rounds_paired + 1
    if rnd > t.rounds_paired + 1:
        _fail(exitcodes.USAGE, f"--round {rnd}: only rounds 1-{t.rounds_paired + 1} can be paired")
    if rnd <= t.rounds_paired:
        t = cut_to_round(t, rnd)
    colour = None
    if initial_colour is not None:
        colour = Colour.WHITE if initial_colour is InitialColourOpt.white1 else Colour.BLACK
    try:
        pairing = pair_round(t, rnd, initial_colour=colour, total_rounds=rounds)
    except NoLegalPairing as exc:
        _fail(exitcodes.NO_PAIRING, str(exc))
    except PairingInputError as exc:
        _fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    if json_out:
        fmt = PairFormat.json
    if fmt is PairFormat.json:
        text = json.dumps(pairing_dict(t, pairing), indent=2, ensure_ascii=False) + "\n"
    elif fmt is PairFormat.bbp:
        text = bbp_text(pairing)
    elif fmt is PairFormat.trf:
        try:
            text = dumps(with_pairing(t, rnd, pairing.boards, pairing.bye))
        except WriteError as exc:
            _fail(exitcodes.INVALID_INPUT, f"cannot write the TRF: {exc}")
    else:
        if output is None:
            render.pairing_table(out, t, rnd, list(pairing.boards), pairing.bye)
            return
        from io import StringIO

        buf = Console(file=StringIO(), width=200, highlight=False)
        render.pairing_table(buf, t, rnd, list(pairing.boards), pairing.bye)
        text = buf.file.getvalue()  # type: ignore[attr-defined]
    _write_or_print(text, output, file)


@app.command()
def generate(
    players: int = typer.Option(..., "--players", min=2, max=9999, help="Number of players."),
    rounds: int = typer.Option(..., "--rounds", min=1, help="Number of rounds."),
    seed: int = typer.Option(1, "--seed", help="Random seed: the same seed always gives the same file."),
    draw_rate: float = typer.Option(0.3, "--draw-rate", min=0, max=1, help="Share of draws between equal players."),
    forfeit_rate: float = typer.Option(0.02, "--forfeit-rate", min=0, max=1, help="Share of games lost by forfeit."),
    half_bye_rate: float = typer.Option(0.02, "--half-bye-rate", min=0, max=1, help="Chance a player takes a half-point bye."),
    zero_bye_rate: float = typer.Option(0.02, "--zero-bye-rate", min=0, max=1, help="Chance a player is absent (zero-point bye)."),
    points: str = typer.Option("1/0.5/0", "--points", help="Points for win/draw/loss, e.g. 3/1/0."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write the TRF here (default: standard output)."),
    json_out: bool = JsonOpt,
) -> None:
    """Generate a random tournament paired round by round by the Dutch engine (FIDE's RTG), as TRF."""
    from rich.progress import Progress

    from pairing.dutch import NoLegalPairing
    from pairing.generate import GeneratorSettings, generate as run, parse_points

    try:
        pts = parse_points(points)
    except ValueError as exc:
        _fail(exitcodes.USAGE, f"--points: {exc}")
    settings = GeneratorSettings(players, rounds, seed, draw_rate, forfeit_rate, half_bye_rate, zero_bye_rate, pts)
    try:
        with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"pairing {players} players", total=rounds)
            t = run(settings, progress=lambda rnd: bar.update(task, completed=rnd))
    except NoLegalPairing as exc:
        _fail(exitcodes.NO_PAIRING, str(exc))
    text = dumps(t)
    if json_out:
        data = tournament_dict(t)
        data["trf"] = text if output is None else None
        if output is not None:
            _write_or_print(text, output)
        _emit_json(data)
        return
    _write_or_print(text, output)


class CheckFormat(str, Enum):
    report = "report"
    bbp = "bbp"
    json = "json"


@app.command()
def check(
    file: Path = FileArg,
    round_: Optional[int] = typer.Option(None, "--round", min=1, help="Check only this round (default: every round)."),
    why_not: Optional[str] = typer.Option(None, "--why-not", metavar="A-B",
                                          help="Force the pair A-B (start ranks) into the round and say what it costs."),
    fmt: CheckFormat = typer.Option(CheckFormat.report, "--format", help="report, bbp (bbpPairings' -c layout), or json."),
    engine: Optional[bool] = typer.Option(None, "--engine/--no-engine",
                                          help="Also compare with the pairing engine's pairing (default: for rounds of "
                                               "at most 120 players)."),
    rounds: Optional[int] = typer.Option(None, "--rounds", min=1, help="Total number of rounds when the file does not say (XXR/142)."),
    brackets: bool = typer.Option(False, "--brackets", help="Also show each round's brackets and the criteria not at their ideal."),
    system: CheckSystem = typer.Option(CheckSystem.auto, "--system",
                                       help="dutch, berger (round robin: every round against the Berger table), or auto "
                                            "(berger when 192/092 names a round robin)."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Check a file's pairings against FIDE Dutch C.04.3 (2026), C1-C21 and the colour rules, and name the
    criterion that decides; or a round robin against the Berger tables (C.05 Annex 1).  Exit 0 when every
    round conforms, 4 on a discrepancy, 3 for invalid input."""
    from rich.progress import Progress

    from checker.check import check_round
    from checker.output import bbp_text, report_dict

    result = _read_valid(file, encoding, "fix them before checking")
    t = result.tournament
    if t.is_team_event:
        _fail(exitcodes.INVALID_INPUT, f"{file}: a team event; the checker verifies individual Dutch-system pairings")
    if t.rounds_paired < 1:
        _fail(exitcodes.INVALID_INPUT, f"{file}: no round is paired yet; nothing to check")
    if round_ is not None and round_ > t.rounds_paired:
        _fail(exitcodes.USAGE, f"--round {round_}: the file has rounds 1-{t.rounds_paired}")
    if json_out:
        fmt = CheckFormat.json
    if system is CheckSystem.berger or (system is CheckSystem.auto and t.system.is_round_robin):
        from checker.roundrobin import check_round_robin

        if why_not is not None:
            _fail(exitcodes.USAGE, "--why-not applies to Swiss pairings; a round robin's pairings come from the table")
        rr = check_round_robin(t, [round_] if round_ is not None else None)
        if fmt is CheckFormat.json:
            _emit_json({"file": str(file), **rr.as_dict()})
        else:
            render.round_robin_check(out, rr, str(file))
        raise typer.Exit(exitcodes.OK if rr.ok else exitcodes.DISCREPANCY)
    if why_not is not None:
        from checker.whynot import why_not as run_why_not

        try:
            a, b = (int(x) for x in why_not.replace(" ", "").split("-"))
        except ValueError:
            _fail(exitcodes.USAGE, f"--why-not {why_not!r}: expected two start ranks as A-B, e.g. 3-12")
        rnd = round_ if round_ is not None else t.rounds_paired
        w = run_why_not(t, rnd, a, b)
        if fmt is CheckFormat.json:
            _emit_json(w.as_dict())
        else:
            render.why_not(out, w)
        raise typer.Exit(exitcodes.DISCREPANCY if w.verdict == "better" else exitcodes.OK)
    todo = [round_] if round_ is not None else list(range(1, t.rounds_paired + 1))
    reports = []
    with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"checking {len(todo)} round(s)", total=len(todo))
        for r in todo:
            reports.append(check_round(t, r, engine=engine, total_rounds=rounds))
            bar.update(task, advance=1)
    if fmt is CheckFormat.json:
        _emit_json(report_dict(str(file), reports))
    elif fmt is CheckFormat.bbp:
        out.file.write(bbp_text(str(file), reports))
    else:
        render.check_report(out, reports, str(file), brackets=brackets)
    raise typer.Exit(exitcodes.OK if all(r.ok for r in reports) else exitcodes.DISCREPANCY)


class StandingsFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


class EditionOpt(str, Enum):
    pre2023 = "pre2023"
    v2023 = "2023"
    v2026 = "2026"


@app.command()
def standings(
    file: Path = FileArg,
    tiebreaks: Optional[str] = typer.Option(None, "--tiebreaks", metavar="LIST",
                                            help='Tie-break list, e.g. "BH/C1,BH,SB,DE,WIN" (default: the file\'s 202/212 '
                                                 "record, else BH/C1,BH,DE,WIN,BWG for a Swiss and DE,SB,WIN,KS for a round robin)."),
    edition: Optional[EditionOpt] = typer.Option(None, "--edition",
                                                 help="Rules for unplayed rounds: pre2023, 2023 or 2026 (default: from the start date, 042)."),
    after_round: Optional[int] = typer.Option(None, "--after-round", min=1, help="Standings after this round (default: the last one paired)."),
    round_robin: Optional[bool] = typer.Option(None, "--round-robin/--swiss",
                                               help="Treat the event as a round robin (art. 15.2) or a Swiss (default: from 192/092)."),
    explain: Optional[int] = typer.Option(None, "--explain", metavar="PLAYER", help="Show the per-round contributions of a player's tie-breaks."),
    check_ranks: bool = typer.Option(False, "--check", help="Compare the file's rank column with the computed standings (exit 4 on a difference)."),
    fmt: StandingsFormat = typer.Option(StandingsFormat.table, "--format", help="table, json or csv."),
    json_out: bool = JsonOpt,
    csv_out: bool = typer.Option(False, "--csv", help="Same as --format csv."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Standings with FIDE tie-breaks (C.07): rank, shared places, points and every tie-break, exact."""
    from tiebreaks.codes import file_tiebreaks, parse_list
    from tiebreaks.context import Edition
    from tiebreaks.output import explain_dict, rank_check, standings_csv, standings_dict
    from tiebreaks.standings import standings as compute

    result = _read_valid(file, encoding, "fix them before computing standings")
    t = result.tournament
    if t.is_team_event:
        _fail(exitcodes.INVALID_INPUT, f"{file}: a team event; team tie-breaks are not implemented yet")
    if after_round is not None and after_round > t.rounds_paired:
        _fail(exitcodes.USAGE, f"--after-round {after_round}: the file has rounds 1-{t.rounds_paired}")
    try:
        tbs = parse_list(tiebreaks) if tiebreaks is not None else file_tiebreaks(t)
    except ValueError as exc:
        _fail(exitcodes.USAGE if tiebreaks is not None else exitcodes.INVALID_INPUT,
              f"{'--tiebreaks' if tiebreaks is not None else str(file) + ': record 202/212'}: {exc}")
    ed = Edition(edition.value) if edition is not None else None
    s = compute(t, tbs if tbs is not None else [], edition=ed, after_round=after_round, round_robin=round_robin,
                default_list=tbs is None)
    if json_out:
        fmt = StandingsFormat.json
    if csv_out:
        fmt = StandingsFormat.csv
    if explain is not None:
        if explain not in t.player_by_rank:
            _fail(exitcodes.USAGE, f"--explain {explain}: no player with start rank {explain}")
        data = explain_dict(t, s, explain)
        if fmt is StandingsFormat.json:
            _emit_json(data)
        else:
            render.explain(out, data)
        return
    problems = rank_check(t, s) if check_ranks else []
    if fmt is StandingsFormat.json:
        data = standings_dict(t, s, str(file))
        if check_ranks:
            data["rank_differences"] = problems
        _emit_json(data)
    elif fmt is StandingsFormat.csv:
        out.file.write(standings_csv(t, s))
    else:
        render.standings(out, t, s)
        if check_ranks:
            render.rank_check(out, problems, str(file))
    if check_ranks and problems:
        raise typer.Exit(exitcodes.DISCREPANCY)


# Commands defined in their own modules register themselves on ``app`` when imported; they
# use the helpers above, so they are imported once those exist.
from arbiter import cli_ratings, cli_rotation, cli_roundrobin  # noqa: E402,F401


def main() -> None:
    """Console-script entry point: no Python traceback ever reaches the user."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        err.print("arbiter: interrupted", markup=False)
        sys.exit(130)
    except Exception as exc:  # pragma: no cover - last line of defence
        err.print(f"arbiter: internal error: {type(exc).__name__}: {exc} (please report this)", markup=False)
        sys.exit(exitcodes.INTERNAL)


if __name__ == "__main__":  # pragma: no cover
    main()
