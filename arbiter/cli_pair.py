"""``arbiter pair`` and ``arbiter generate``: a Swiss round paired by the Dutch system, and random
tournaments paired round by round (FIDE's RTG).

Thin: which round to pair, the refusals, the cut and the pairing are
:func:`pairing.rounds.next_round`; the generator is :mod:`pairing.generate`.  This module reads arguments and renders.
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import EncodingOpt, FileArg, JsonOpt, app, dump_text, emit_json, err, fail, out, read_valid, write_or_print
from arbiter.workers import JobsOpt, SchedulerOpt, workers

if TYPE_CHECKING:
    from pairing.generate import GeneratorSettings


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


class LateMissedOpt(str, Enum):
    zero = "zero"
    half = "half"


class TieBreakRecordOpt(str, Enum):
    r202 = "202"
    r212 = "212"


def _count_or_share(text: str, what: str) -> int | float:
    """``"3"`` -> 3 players; ``"5%"`` or ``"0.05"`` -> a share of the field."""
    from pairing.generate import parse_schedule

    try:
        sched = parse_schedule(text)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"{what}: {exc}")
    if sched.rounds:
        fail(exitcodes.USAGE, f"{what}: a number of players or a share of the field, not per round")
    share = sched.default
    return share.count if share.count is not None else float(share.rate)


@app.command()
def generate(
    players: str = typer.Option(..., "--players", metavar="N|LO-HI",
                                help="Number of players (2-9999), or a range drawn per tournament, e.g. 15-415."),
    rounds: str = typer.Option(..., "--rounds", metavar="N|LO-HI",
                               help="Number of rounds, or a range drawn per tournament (at most players - 1)."),
    seed: int = typer.Option(1, "--seed", help="Random seed: the same seed always gives the same file; with --count, "
                                               "the master seed each tournament's seed is derived from."),
    count: int = typer.Option(1, "--count", min=1, help="Generate this many tournaments into the directory -o."),
    draw_rate: float = typer.Option(0.3, "--draw-rate", min=0, max=1,
                                    help="Draws between equal players; P(draw) = rate x (1 - |2E - 1|), E by B.02."),
    forfeit_rate: float = typer.Option(0.02, "--forfeit-rate", min=0, max=1, help="Share of games one side forfeits."),
    double_forfeit_rate: float = typer.Option(0.0, "--double-forfeit-rate", min=0, max=1,
                                              help="Share of games both sides forfeit."),
    unusual_rate: float = typer.Option(0.0, "--unusual-rate", min=0, max=1,
                                       help="Share of games of less than one move (W/D/L: played, not rated)."),
    full_byes: str = typer.Option("0", "--full-byes", metavar="SPEC",
                                  help="Full-point byes: N players a round, P% (or 0.P) each player's chance, "
                                       "and R=... for round R, e.g. '1,9=0'."),
    half_byes: Optional[str] = typer.Option(None, "--half-byes", metavar="SPEC", help="Half-point byes (as --full-byes; default 2%)."),
    zero_byes: Optional[str] = typer.Option(None, "--zero-byes", metavar="SPEC", help="Zero-point byes (as --full-byes; default 2%)."),
    half_bye_rate: Optional[float] = typer.Option(None, "--half-bye-rate", min=0, max=1, hidden=True),
    zero_bye_rate: Optional[float] = typer.Option(None, "--zero-bye-rate", min=0, max=1, hidden=True),
    late_entries: str = typer.Option("0", "--late-entries", metavar="N|P%",
                                     help="Players who miss the first rounds (a number, or a share of the field)."),
    late_missed: LateMissedOpt = typer.Option(LateMissedOpt.zero, "--late-missed",
                                              help="What a late entry gets for a missed round (C.04.2 Art. 2: zero)."),
    withdrawals: str = typer.Option("0", "--withdrawals", metavar="N|P%",
                                    help="Players who withdraw: absent from a round to the end."),
    tiebreaks: str = typer.Option("BH/C1,BH,DE,WIN,BWG", "--tiebreaks", metavar="LIST",
                                  help="Tie-break list written in the file; the rank column follows it. 'none': no list."),
    tiebreak_record: TieBreakRecordOpt = typer.Option(TieBreakRecordOpt.r202, "--tiebreak-record",
                                                      help="Write the list as 202, or as 212 led by PTS."),
    ratings: str = typer.Option("1400-2600", "--ratings", metavar="LO-HI", help="Range the ratings are drawn from."),
    start: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD",
                                        help="Start date (042; default 2026-03-01): the rating rules and the tie-break edition."),
    points: str = typer.Option("1/0.5/0", "--points", help="Points for win/draw/loss, e.g. 3/1/0."),
    output: Optional[Path] = typer.Option(None, "-o", "--output",
                                          help="Write the TRF here (default: standard output); with --count, a directory."),
    jobs: int = JobsOpt,
    scheduler: Optional[str] = SchedulerOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Generate random tournaments paired round by round by the Dutch engine (FIDE's RTG), as TRF:
    ratings, results from the B.02 expected score with a draw model, byes, forfeits, games of less
    than one move, late entries, withdrawals, the tie-break list."""
    from datetime import date

    from rich.progress import Progress

    from pairing.dutch import NoLegalPairing
    from pairing.generate import GeneratorSettings, Schedule, generate as run, parse_points, parse_range, parse_schedule
    from trf.export import tournament_dict
    from trf.model import Result

    def rng(text: str, what: str, low: int) -> tuple[int, int]:
        try:
            lo, hi = parse_range(text, what)
        except ValueError as exc:
            fail(exitcodes.USAGE, f"{what}: {exc}")
        if lo < low or hi > 9999:
            fail(exitcodes.USAGE, f"{what}: {text!r} is outside {low}-9999")
        return lo, hi

    def sched(text: str | None, legacy: float | None, what: str) -> float | Schedule:
        if text is None:
            return legacy if legacy is not None else 0.02
        try:
            return parse_schedule(text)
        except ValueError as exc:
            fail(exitcodes.USAGE, f"{what}: {exc}")

    p_range = rng(players, "--players", 2)
    r_range = rng(rounds, "--rounds", 1)
    try:
        pts = parse_points(points)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"--points: {exc}")
    when = date(2026, 3, 1)
    if start is not None:
        try:
            when = date.fromisoformat(start)
        except ValueError:
            fail(exitcodes.USAGE, f"--date: expected YYYY-MM-DD, not {start!r}")
    try:
        settings = GeneratorSettings(
            players=p_range[0], rounds=r_range[0], seed=seed, draw_rate=draw_rate, forfeit_rate=forfeit_rate,
            half_bye_rate=sched(half_byes, half_bye_rate, "--half-byes"),
            zero_bye_rate=sched(zero_byes, zero_bye_rate, "--zero-byes"),
            points=pts, full_bye_rate=sched(full_byes, None, "--full-byes"),
            double_forfeit_rate=double_forfeit_rate, unusual_rate=unusual_rate,
            late_entries=_count_or_share(late_entries, "--late-entries"),
            late_missed=Result.HALF_POINT_BYE if late_missed is LateMissedOpt.half else Result.ZERO_POINT_BYE,
            withdrawals=_count_or_share(withdrawals, "--withdrawals"),
            tiebreaks=None if tiebreaks.strip().lower() in ("", "none") else tiebreaks,
            tiebreak_record=tiebreak_record.value, rating_range=rng(ratings, "--ratings", 1), start_date=when)
    except ValueError as exc:
        fail(exitcodes.USAGE, str(exc))
    if count > 1 or output is not None and output.is_dir():
        _generate_many(settings, count, seed, p_range, r_range, output, jobs, scheduler, json_out)
        return
    if p_range[0] != p_range[1] or r_range[0] != r_range[1]:
        from pairing.generate import settings_for

        settings = settings_for(settings, seed, 1, p_range, r_range)
    try:
        with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"pairing {settings.players} players", total=settings.rounds)
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


def _generate_many(settings: GeneratorSettings, count: int, master: int, players: tuple[int, int],
                   rounds: tuple[int, int], output: Optional[Path], jobs: int, scheduler: Optional[str],
                   json_out: bool) -> None:
    """``--count``: the tournaments written into the directory ``output`` as ``rtg-NNNNN.trf``."""
    from rich.progress import Progress

    from arbiter.app import write_file
    from pairing.generate import generate_many

    if output is None:
        fail(exitcodes.USAGE, "--count needs -o DIRECTORY to write the tournaments into")
    if output.exists() and not output.is_dir():
        fail(exitcodes.USAGE, f"-o {output}: not a directory (--count writes one file per tournament)")
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot create {output}: {exc.strerror or exc}")
    width = max(5, len(str(count)))
    written: list[dict[str, object]] = []
    failed: list[dict[str, object]] = []
    with workers(jobs, scheduler) as ex, Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"generating {count} tournaments", total=count)
        for g in generate_many(settings, count, master, players=players, rounds=rounds, executor=ex):
            row: dict[str, object] = {"index": g.index, "seed": g.seed, "players": g.players, "rounds": g.rounds}
            if g.text is None:
                failed.append({**row, "error": g.error})
            else:
                path = output / f"rtg-{g.index:0{width}d}.trf"
                write_file(path, g.text)
                written.append({"file": str(path), **row})
            bar.update(task, advance=1)
    if json_out:
        emit_json({"output": str(output), "count": count, "master_seed": master, "settings": settings.describe(),
                   "written": written, "failed": failed})
    else:
        out.print(f"wrote {len(written)} tournament(s) to {output} (seeds derived from master seed {master})",
                  markup=False)
        for f in failed:
            out.print(f"not written: tournament {f['index']} (seed {f['seed']}, {f['players']} players, "
                      f"{f['rounds']} rounds): {f['error']}", markup=False)
    if failed:
        raise typer.Exit(exitcodes.NO_PAIRING)
