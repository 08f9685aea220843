"""``arbiter generate``: random tournaments paired round by round by a system's engine (FIDE's RTG).

Thin: the generator is :mod:`verify.generate`; its options are :mod:`arbiter.rtg`'s.  This module
reads arguments and writes the files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from arbiter import exitcodes
from arbiter.app import (BAKU_GROUP_HELP, BakuGroupOpt, JsonOpt, app, dump_text, emit_json, err,
                         fail, out, standard_output, write_or_print)
from arbiter.rtg import (DateOpt, DoubleForfeitRateOpt, DrawRateOpt, ForfeitRateOpt, FullByesOpt, HalfByeRateOpt,
                         HalfByesOpt, LateEntriesOpt, LateMissedOpt, LateMissedOption, PlayersOpt, PointsOpt, RatingsOpt,
                         RoundsOpt, TieBreakRecordOpt, TieBreakRecordOption, TieBreaksOpt, UnusualRateOpt, WithdrawalsOpt,
                         ZeroByeRateOpt, ZeroByesOpt, settings_from)
from arbiter.workers import JobsOpt, SchedulerOpt, workers

if TYPE_CHECKING:
    from verify.generate import GeneratorSettings
    from verify.rtgconfig import RtgConfig


@app.command()
def generate(
    ctx: typer.Context,
    players: Optional[str] = PlayersOpt,
    rounds: Optional[str] = RoundsOpt,
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
    system: Optional[str] = typer.Option(None, "--system", metavar="NAME",
                                         help="Pairing system whose engine pairs the rounds (arbiter systems lists "
                                              "them; default: the FIDE Dutch system), named in record 092."),
    rules: Optional[str] = typer.Option(None, "--rules", metavar="EDITION",
                                        help="Edition of the system's rules the rounds are paired by (for the Dutch "
                                             "system 2026, the default, or 2017), named in record 092."),
    baku: bool = typer.Option(False, "--baku/--no-baku", help="Baku acceleration (C.04.7), decided before round 1 and "
                                                             "written as XXA records."),
    baku_group: BakuGroupOpt = typer.Option(BakuGroupOpt.handbook, "--baku-group", help=BAKU_GROUP_HELP),
    output: Optional[Path] = typer.Option(None, "-o", "--output",
                                          help="Write the TRF here (default: standard output); with --count, a directory."),
    config: Optional[Path] = typer.Option(None, "--config", metavar="FILE",
                                          help="Settings from a JaVaFo/bbpPairings generator configuration "
                                               "(PlayersNumber=, RoundsNumber=, DrawPercentage=, ForfeitRate=, "
                                               "RetiredRate=, HalfPointByeRate=, HighestRating=, LowestRating=, "
                                               "PointsFor...=); options given here take precedence."),
    jobs: int = JobsOpt,
    scheduler: Optional[str] = SchedulerOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Generate random tournaments paired round by round by a system's engine (FIDE's RTG; the Dutch
    system unless --system names another), as TRF: ratings, results from the B.02 expected score
    with a draw model, byes, forfeits, games of less than one move, late entries, withdrawals, the
    tie-break list; the 2026 or 2017 rules, with or without Baku acceleration."""
    from dataclasses import replace

    from rich.progress import Progress

    from pairing.result import NoLegalPairing
    from verify.generate import generate as run, settings_for
    from trf.export import tournament_dict

    cfg = _config(config) if config is not None else None
    for value, option, key in ((players, "--players", "PlayersNumber"), (rounds, "--rounds", "RoundsNumber")):
        if value is None and (cfg is None or cfg.get(key) is None):
            fail(exitcodes.USAGE, f"{option} is required (or {key} in a --config file)")
    settings, p_range, r_range = settings_from(
        players=players or "2", rounds=rounds or "1", seed=seed, draw_rate=draw_rate, forfeit_rate=forfeit_rate,
        double_forfeit_rate=double_forfeit_rate, unusual_rate=unusual_rate, full_byes=full_byes, half_byes=half_byes,
        zero_byes=zero_byes, half_bye_rate=half_bye_rate, zero_bye_rate=zero_bye_rate, late_entries=late_entries,
        late_missed=late_missed, withdrawals=withdrawals, tiebreaks=tiebreaks, tiebreak_record=tiebreak_record,
        ratings=ratings, start=start, points=points)
    if config is not None and cfg is not None:
        settings, p_range, r_range = _with_config(ctx, config, cfg, settings, p_range, r_range)
    import systems

    try:
        systems.get(system or systems.DEFAULT).edition(rules)
    except systems.UnknownSystem as exc:
        fail(exitcodes.USAGE, f"--system {system}: {exc}")
    except systems.UnknownEdition as exc:
        fail(exitcodes.USAGE, f"--rules {rules}: {exc}")
    try:
        settings = replace(settings, rules=rules, baku=baku, baku_group=baku_group.value,
                           system=system or systems.DEFAULT)
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


def _config(path: Path) -> RtgConfig:
    """The ``--config`` file; exit 5 if it cannot be read, 3 naming its line and column if it is not
    a generator configuration."""
    from arbiter.app import read_text
    from trf.limits import GENERATOR_CONFIG
    from verify.rtgconfig import ConfigError, parse_config

    text = read_text(path, None, "generator configuration", GENERATOR_CONFIG)
    try:
        return parse_config(text)
    except ConfigError as exc:
        fail(exitcodes.INVALID_INPUT, f"{path}:{exc.line}:{exc.column}: {exc.message}")


def _with_config(ctx: typer.Context, path: Path, cfg: RtgConfig, settings: GeneratorSettings,
                 p_range: tuple[int, int], r_range: tuple[int, int]
                 ) -> tuple[GeneratorSettings, tuple[int, int], tuple[int, int]]:
    """``--config``: the file's settings over the options', except the options given on the command
    line (exit 3 for a combination the generator refuses)."""
    given = {name for name in ("players", "rounds", "draw_rate", "forfeit_rate", "withdrawals", "half_byes",
                               "half_bye_rate", "ratings", "points")
             if getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE"}
    if "half_bye_rate" in given:
        given.add("half_byes")
    try:
        settings = cfg.apply(settings, frozenset(given))
    except ValueError as exc:
        fail(exitcodes.INVALID_INPUT, f"{path}: {exc}")
    if "players" not in given and cfg.get("PlayersNumber") is not None:
        p_range = (settings.players, settings.players)
    if "rounds" not in given and cfg.get("RoundsNumber") is not None:
        r_range = (settings.rounds, settings.rounds)
    return settings, p_range, r_range


def _generate_many(settings: GeneratorSettings, count: int, master: int, players: tuple[int, int],
                   rounds: tuple[int, int], output: Optional[Path], jobs: int, scheduler: Optional[str],
                   json_out: bool) -> None:
    """``--count``: the tournaments written into the directory ``output`` as ``rtg-NNNNN.trf``."""
    from rich.progress import Progress

    from arbiter.app import write_file
    from verify.generate import generate_many

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
