"""``arbiter pair`` and ``arbiter generate``: a Swiss round paired by the Dutch system, and random
tournaments paired round by round (FIDE's RTG).

Thin: which round to pair, the refusals, the cut and the pairing are
:func:`pairing.rounds.next_round`; the generator is :mod:`pairing.generate`.  This module reads arguments and renders.
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import EncodingOpt, FileArg, JsonOpt, app, dump_text, emit_json, err, fail, out, read_valid, write_or_print


class PairFormat(str, Enum):
    table = "table"
    bbp = "bbp"
    json = "json"
    trf = "trf"


class InitialColourOpt(str, Enum):
    white1 = "white1"
    black1 = "black1"


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
    """Pair the next round with the FIDE Dutch system (C.04.3, 2026); a round robin gets its next
    Berger round. Refuses (each with its own exit code) while the previous round has games without
    a result (6), past the last round (7), on a finished event (8), on team events (3). Exit 1 if
    no legal pairing exists."""
    from pairing.dutch import NoLegalPairing
    from pairing.output import bbp_text, pairing_dict
    from pairing.players import PairingInputError
    from pairing.rounds import (EventFinished, NotBergerNumbering, PastLastRound, PreviousRoundIncomplete,
                                RoundOutOfRange, UnsupportedSystem, next_round)
    from trf.edit import recompute_points, with_byes, with_pairing
    from trf.model import Colour, Result
    from trf.system import UnsupportedEvent

    result = read_valid(file, encoding, "fix them before pairing")
    colour = None
    if initial_colour is not None:
        colour = Colour.WHITE if initial_colour is InitialColourOpt.white1 else Colour.BLACK
    try:
        nxt = next_round(result.tournament, round_, initial_colour=colour, total_rounds=rounds)
    except RoundOutOfRange as exc:
        fail(exitcodes.USAGE, f"--round {exc.requested}: only rounds 1-{exc.last} can be paired")
    except PreviousRoundIncomplete as exc:
        fail(exitcodes.RESULTS_MISSING, f"{file}: {exc}; enter the results of round {exc.previous} first")
    except PastLastRound as exc:
        fail(exitcodes.PAST_LAST_ROUND, f"{file}: {exc}")
    except EventFinished as exc:
        fail(exitcodes.FINISHED, f"{file}: {exc}")
    except (UnsupportedEvent, UnsupportedSystem, NotBergerNumbering) as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    except NoLegalPairing as exc:
        fail(exitcodes.NO_PAIRING, str(exc))
    except PairingInputError as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    t, rnd, pairing = nxt.before, nxt.round, nxt.pairing
    berger = nxt.system == "berger"
    if json_out:
        fmt = PairFormat.json
    if fmt is PairFormat.json:
        data = pairing_dict(t, pairing)
        data["system"] = nxt.system
        if berger:
            data["rests"] = nxt.rests
            data["in_file"] = nxt.in_file
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    elif fmt is PairFormat.bbp:
        text = bbp_text(pairing)
    elif fmt is PairFormat.trf:
        from trf.writer import WriteError, dumps

        paired = with_pairing(t, rnd, pairing.boards, pairing.bye, keep_results=berger)
        if nxt.rests is not None:
            paired = recompute_points(with_byes(paired, rnd, {nxt.rests: Result.ZERO_POINT_BYE}))
        try:
            text = dumps(paired)
        except WriteError as exc:
            fail(exitcodes.INVALID_INPUT, f"cannot write the TRF: {exc}")
    else:
        note = None
        if berger:
            note = (f"round robin: round {rnd} of the Berger table (C.05 Annex 1)"
                    + (f"; {nxt.rests} rests" if nxt.rests is not None else "")
                    + ("; the file already holds this round" if nxt.in_file else ""))
        if output is None:
            render.pairing_table(out, t, rnd, list(pairing.boards), pairing.bye)
            if note:
                out.print(note, markup=False)
            return
        from io import StringIO

        from rich.console import Console

        buf = Console(file=StringIO(), width=200, highlight=False)
        render.pairing_table(buf, t, rnd, list(pairing.boards), pairing.bye)
        if note:
            buf.print(note, markup=False)
        text = buf.file.getvalue()  # type: ignore[attr-defined]
    write_or_print(text, output, file)


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
    from trf.export import tournament_dict

    try:
        pts = parse_points(points)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"--points: {exc}")
    settings = GeneratorSettings(players, rounds, seed, draw_rate, forfeit_rate, half_bye_rate, zero_bye_rate, pts)
    try:
        with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"pairing {players} players", total=rounds)
            t = run(settings, progress=lambda rnd: bar.update(task, completed=rnd))
    except NoLegalPairing as exc:
        fail(exitcodes.NO_PAIRING, str(exc))
    text = dump_text(t, "trf")
    if json_out:
        data = tournament_dict(t)
        data["trf"] = text if output is None else None
        if output is not None:
            write_or_print(text, output)
        emit_json(data)
        return
    write_or_print(text, output)
