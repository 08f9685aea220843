"""``arbiter pair`` and ``arbiter generate``: a Swiss round paired by the Dutch system, and random
tournaments paired round by round (FIDE's RTG).

Thin: which round to pair, the refusals, the cut and the pairing are
:func:`pairing.rounds.next_round`; the generator is :mod:`pairing.generate`.  This module reads arguments and renders.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import (BakuGroupOpt, EncodingOpt, FileArg, RulesOpt, JsonOpt, app, dump_text, emit_json, err, fail, out, read_valid,
                         standard_output, write_or_print)
from arbiter.rtg import (DateOpt, DoubleForfeitRateOpt, DrawRateOpt, ForfeitRateOpt, FullByesOpt, HalfByeRateOpt,
                         HalfByesOpt, LateEntriesOpt, LateMissedOpt, LateMissedOption, PlayersOpt, PointsOpt, RatingsOpt,
                         RoundsOpt, TieBreakRecordOpt, TieBreakRecordOption, TieBreaksOpt, UnusualRateOpt, WithdrawalsOpt,
                         ZeroByeRateOpt, ZeroByesOpt, settings_from)
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


_RULES_HELP = ("Edition of the Dutch rules (C.04.3): 2017 (in force until 31 January 2026) or 2026. "
               "Default: the one the file names (192/092), else the one in force on its start date.")
_BAKU_HELP = ("Baku acceleration (C.04.7) for a file without virtual points (XXA/250); default: when the file "
              "names it (192 FIDE_DUTCH_BAKU). A file's own XXA/250 records are always used.")
_GROUP_HELP = ("Group A of Baku acceleration: handbook (the rule: 2 x ceil(N/4) players registered before round 1) "
               "or engine (bbpPairings' automatic mode: ceil(N/2) of all player records).")


def _input_error(file: Path, exc: Exception) -> str:
    """A :class:`pairing.players.PairingInputError` with the options that give what is missing."""
    flag = {"total-rounds": "--rounds N", "initial-colour": "--initial-colour white1|black1"}.get(
        str(getattr(exc, "missing", "")))
    return f"{file}: {exc}" + (f", or give {flag}" if flag else "")


def _rules_words(nxt: object) -> tuple[dict[str, object], dict[str, object], str]:
    """The edition and the acceleration applied, as JSON data and as lines of text."""
    from pairing.rounds import NextRound
    from trf.export import points_str

    assert isinstance(nxt, NextRound)
    if nxt.edition is None:
        berger: dict[str, object] = {"edition": None, "reason": "a round robin (Berger table, C.05 Annex 1)"}
        return berger, {"kind": "none"}, ""
    reason = f"--rules {nxt.edition}" if nxt.edition_reason == "chosen by the caller" else nxt.edition_reason
    rules: dict[str, object] = {"edition": nxt.edition, "reason": reason}
    acc = nxt.acceleration
    accel: dict[str, object] = {"kind": acc.kind}
    if acc.kind == "baku":
        plan = acc.plan
        assert plan is not None
        why = "--baku" if acc.asked else f"named by {acc.source}"
        accel.update({
            "reason": why, "group_rule": plan.group, "registered": plan.registered, "late_entries": list(plan.late),
            "group_a": list(plan.group_a), "accelerated_rounds": plan.accelerated, "full_rounds": plan.full,
            "full_points": points_str(plan.win), "half_points": points_str(plan.half), "description": acc.describe()})
        words = f"acceleration: Baku (C.04.7, {why})\n  " + plan.describe().replace("; ", "\n  ")
    elif acc.kind == "records":
        accel["reason"] = "the file's XXA/250 records"
        words = "acceleration: the file's virtual points (XXA/250 records)"
    else:
        accel["reason"] = "--no-baku" if acc.asked else "the file names none"
        words = "acceleration: none"
    return rules, accel, f"Dutch rules of {nxt.edition}: {reason}\n{words}"


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
    rules: Optional[RulesOpt] = typer.Option(None, "--rules", help=_RULES_HELP),
    baku: Optional[bool] = typer.Option(None, "--baku/--no-baku", help=_BAKU_HELP, show_default=False),
    baku_group: BakuGroupOpt = typer.Option(BakuGroupOpt.handbook, "--baku-group", help=_GROUP_HELP),
    json_out: bool = typer.Option(False, "--json", help="Same as --format json."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Pair the next round with the FIDE Dutch system (C.04.3, the 2026 or the 2017 rules, with
    Baku acceleration when asked); a round robin gets its next Berger round. Refuses (each with its own exit code) while the previous round has games without
    a result (6), past the last round (7), on a finished event (8), on team events (3). Exit 1 if
    no legal pairing exists."""
    from pairing.dutch import NoLegalPairing
    from pairing.output import bbp_text, pairing_dict
    from pairing.players import PairingInputError
    from pairing.rounds import (EventFinished, NotBergerNumbering, PastLastRound, PreviousRoundIncomplete,
                                RoundOutOfRange, UnsupportedSystem, next_round)
    from trf.edit import recompute_points, with_byes, with_pairing
    from trf.acceleration import AccelerationRefused
    from trf.model import Colour, Result
    from trf.system import UnsupportedEvent

    output = standard_output(output)  # -o -
    result = read_valid(file, encoding, "fix them before pairing")
    colour = None
    if initial_colour is not None:
        colour = Colour.WHITE if initial_colour is InitialColourOpt.white1 else Colour.BLACK
    try:
        nxt = next_round(result.tournament, round_, initial_colour=colour, total_rounds=rounds,
                         rules=rules.value if rules is not None else None, baku=baku, baku_group=baku_group.value)
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
        fail(exitcodes.INVALID_INPUT, _input_error(file, exc))
    except AccelerationRefused as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    t, rnd, pairing = nxt.before, nxt.round, nxt.pairing
    berger = nxt.system == "berger"
    rules_data, accel_data, rules_line = _rules_words(nxt)
    if json_out:
        fmt = PairFormat.json
    if fmt is PairFormat.json:
        import json

        data = pairing_dict(t, pairing)
        data["system"] = nxt.system
        data["rules"] = rules_data
        data["acceleration"] = accel_data
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
        note: str | None = rules_line or None
        if berger:
            note = (f"round robin: round {rnd} of the Berger table (C.05 Annex 1)"
                    + (f"; {nxt.rests} rests" if nxt.rests is not None else "")
                    + ("; the file already holds this round" if nxt.in_file else ""))
        if output is None:
            render.pairing_table(out, t, rnd, list(pairing.boards), pairing.bye)
            if note:  # wrapped to a terminal's width, whole lines to a pipe
                out.print(note, markup=False, soft_wrap=out.soft_wrap and not out.is_terminal)
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
    players: str = PlayersOpt,
    rounds: str = RoundsOpt,
    seed: int = typer.Option(1, "--seed", help="Random seed: the same seed always gives the same file; with --count, "
                                               "the master seed each tournament's seed is derived from."),
    count: int = typer.Option(1, "--count", min=1, help="Generate this many tournaments into the directory -o."),
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
    rules: RulesOpt = typer.Option(RulesOpt.r2026, "--rules", help="Edition of the Dutch rules (C.04.3) the rounds "
                                                                  "are paired by, named in record 092."),
    baku: bool = typer.Option(False, "--baku/--no-baku", help="Baku acceleration (C.04.7), decided before round 1 and "
                                                             "written as XXA records."),
    baku_group: BakuGroupOpt = typer.Option(BakuGroupOpt.handbook, "--baku-group", help=_GROUP_HELP),
    output: Optional[Path] = typer.Option(None, "-o", "--output",
                                          help="Write the TRF here (default: standard output); with --count, a directory."),
    jobs: int = JobsOpt,
    scheduler: Optional[str] = SchedulerOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Generate random tournaments paired round by round by the Dutch engine (FIDE's RTG), as TRF:
    ratings, results from the B.02 expected score with a draw model, byes, forfeits, games of less
    than one move, late entries, withdrawals, the tie-break list; the 2026 or 2017 rules, with or
    without Baku acceleration."""
    from dataclasses import replace

    from rich.progress import Progress

    from pairing.dutch import NoLegalPairing
    from pairing.generate import generate as run, settings_for
    from trf.export import tournament_dict

    settings, p_range, r_range = settings_from(
        players=players, rounds=rounds, seed=seed, draw_rate=draw_rate, forfeit_rate=forfeit_rate,
        double_forfeit_rate=double_forfeit_rate, unusual_rate=unusual_rate, full_byes=full_byes, half_byes=half_byes,
        zero_byes=zero_byes, half_bye_rate=half_bye_rate, zero_bye_rate=zero_bye_rate, late_entries=late_entries,
        late_missed=late_missed, withdrawals=withdrawals, tiebreaks=tiebreaks, tiebreak_record=tiebreak_record,
        ratings=ratings, start=start, points=points)
    try:
        settings = replace(settings, rules=rules.value, baku=baku, baku_group=baku_group.value)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"--baku: {exc}")
    output = standard_output(output)  # -o -
    if count > 1 or output is not None and output.is_dir():
        _generate_many(settings, count, seed, p_range, r_range, output, jobs, scheduler, json_out)
        return
    if p_range[0] != p_range[1] or r_range[0] != r_range[1]:
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
