"""``arbiter validate``, ``show`` and ``convert``: a TRF file checked, shown, rewritten.

Thin: the rules live in :mod:`trf`; this module reads arguments, calls it and renders.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import (EncodingOpt, FileArg, JsonOpt, SharedTail, Streamed, TrfFormat, app, diagnostics_of, dump_text, emit_json,
                         err, fail, has_errors, json_requested, out, read, read_valid, refuse_non_trf, refuse_overwrite, standard_output,
                         write_file)
from trf import Severity
from trf.diagnostics import in_order


@app.command()
def validate(
    file: Path = FileArg,
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Check a TRF file: layout, mirrored games, points, byes. Exit 0 if clean, 3 if invalid."""
    result = read(file, encoding)
    diags = in_order(diagnostics_of(result, strict))
    counts = {s.value: sum(d.severity is s for d in diags) for s in Severity}
    if json_out:
        emit_json({
            "file": str(file),
            "encoding": result.encoding,
            "valid": not has_errors(diags),
            "counts": counts,
            "diagnostics": [d.as_dict() for d in diags],
        })
    else:
        render.diagnostics(out, diags, str(file))
        render.summary(out, counts, str(file), len(result.tournament.players))
    if has_errors(diags):
        raise typer.Exit(exitcodes.INVALID_INPUT)


@app.command()
def show(
    file: Path = FileArg,
    round_: Optional[int] = typer.Option(None, "--round", min=0, help="Show the tournament as it stood after this round."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Print the cross-table: rank, name, rating, points and every round's opponent, colour and
    result; for a team event (310/013 records) the teams (TPN, name, match and game points,
    members) and every round's matches, forfeited matches, PAB and byes."""
    from trf.export import team_event_dict, tournament_dict

    result = read(file, encoding)
    t = result.tournament
    refuse_non_trf(result, file)
    if round_ is not None and round_ > t.round_columns:
        fail(exitcodes.USAGE, f"--round {round_}: the file has {t.round_columns} round(s)")
    event = _team_event(t)
    if json_out:
        data = tournament_dict(t, round_, lazy=True, player=_player_json)
        data["players"] = Streamed(data["players"])
        if event is not None:
            data.update(team_event_dict(event, round_))
        data["file"] = str(file)
        data["diagnostics"] = [d.as_dict() for d in result.diagnostics if d.severity is not Severity.INFO]
        emit_json(data)
    elif event is not None:
        render.team_event(out, team_event_dict(event, round_), t.name or "Team event", round_)
    else:
        render.crosstable(out, t, round_)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        if not json_out:
            render.diagnostics(err, errors, str(file))
        raise typer.Exit(exitcodes.INVALID_INPUT)


def _team_event(t: Any) -> Any:
    """The team event of a file with team records that read without errors, else ``None`` (the
    players' cross-table is shown, and the errors after it)."""
    if not t.is_team_event:
        return None
    from trf.teams import read_team_event

    return read_team_event(t)[0]


def _player_json(t: Any, p: Any, through: Optional[int]) -> dict[str, Any]:
    """A player of ``show --json``, its round blocks encoded once per distinct block."""
    from trf.export import player_summary, round_dict

    data = player_summary(t, p, through)
    last = len(p.rounds) if through is None else min(through, len(p.rounds))
    data["rounds"] = SharedTail(enumerate(p.rounds[:max(last, 0)], start=1), round_dict)
    return data


def _refuse_invalid_output(file: Path, text: str, fmt: str) -> None:
    """Exit 70 without writing when the converted text does not read back without errors: the
    input was valid, so that is a bug of the conversion, and its output must not be written
    (``convert`` never writes what ``validate`` rejects)."""
    from trf.parser import parse_text

    errors = [d for d in parse_text(text).diagnostics if d.severity is Severity.ERROR]
    if errors:
        if not json_requested():
            render.diagnostics(err, errors, f"{file} as {fmt}")
        fail(exitcodes.INTERNAL, f"converting {file} to {fmt} gave a file with {len(errors)} error(s) (a bug of the "
                                 "conversion); nothing written", errors, file)


@app.command()
def convert(
    file: Path = FileArg,
    to: TrfFormat = typer.Option(..., "--to", help="Target format: trf16 (with XX?/BB? records) or trf26 (TRF-2026)."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Output file (default, or -: standard output). Never the input."),
    json_out: bool = JsonOpt,
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Rewrite a file as TRF-16 or TRF-2026. The input is never modified; output is written atomically
    (-o - is standard output)."""
    from trf.convert import convert as convert_tournament

    refuse_overwrite(output, file)
    output = standard_output(output)
    result = read_valid(file, encoding, "nothing written")
    converted, notes = convert_tournament(result.tournament, to.value)
    text = dump_text(converted, to.value)
    _refuse_invalid_output(file, text, to.value)
    if output is not None:
        write_file(output, text)
    if json_out:
        emit_json({
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
