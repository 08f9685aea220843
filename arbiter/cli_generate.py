"""``arbiter generate``: random tournaments paired round by round by a system's engine (a random
tournament generator, RTG, as FIDE's rules for tournament software describe).

Thin: the generators are :mod:`verify.generate` (players) and :mod:`verify.teamgen` (teams);
their options are :mod:`arbiter.rtg`'s and the team ones here.  This module reads arguments,
draws the seed when none is given, and writes the files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

import typer

from arbiter import exitcodes
from arbiter.app import (BAKU_GROUP_HELP, BakuGroupOpt, JsonOpt, app, dump_text, emit_json, err,
                         fail, out, standard_output, write_or_print)
from arbiter.rtg import (DateOpt, DoubleForfeitRateOpt, DrawRateOpt, ForfeitRateOpt, FullByesOpt, HalfByeRateOpt,
                         HalfByesOpt, LateEntriesOpt, LateMissedOpt, LateMissedOption, PabOpt, PlayersOpt, PointsOpt,
                         RatingsOpt, RoundsOpt, TieBreakRecordOpt, TieBreakRecordOption, TieBreaksOpt, UnusualRateOpt,
                         WithdrawalsOpt, ZeroByeRateOpt, ZeroByesOpt, option_range, settings_from)
from arbiter.workers import JobsOpt, SchedulerOpt, workers

if TYPE_CHECKING:
    from verify.generate import GeneratedTournament, GeneratorSettings
    from verify.rtgconfig import RtgConfig
    from verify.teamgen import TeamGenSettings

#: Seeds drawn when none is given lie below this (the width of the derived seeds of
#: :func:`verify.generate.derived_seed`).
_LARGEST_SEED = 2 ** 48


@app.command()
def generate(
    ctx: typer.Context,
    players: Optional[str] = PlayersOpt,
    teams: Optional[str] = typer.Option(None, "--teams", metavar="N|LO-HI", show_default=False,
                                        help="Generate a team Swiss of N teams (or a range drawn per event) "
                                             "instead of players, paired by the Swiss Team Pairing System (C.04.6)."),
    boards: int = typer.Option(4, "--boards", min=1, max=99, help="With --teams: players (boards) per team."),
    rounds: Optional[str] = RoundsOpt,
    seed: Optional[int] = typer.Option(None, "--seed", min=0, show_default=False,
                                       help="Random seed: the same seed always gives the same file; with --count, "
                                            "the master seed each tournament's seed is derived from.  Default: "
                                            "drawn at random and printed (standard error: 'seed: N'; --json: "
                                            "\"seed\"), so two runs differ."),
    vary: bool = typer.Option(False, "--vary",
                              help="Draw every option not given on the command line at random, per tournament, "
                                   "from the ranges the README lists (players, rounds, rates, byes, late entries, "
                                   "withdrawals, ratings, points, PAB, tie-break list, acceleration); the file's "
                                   "### RTG line records the values drawn."),
    count: int = typer.Option(1, "--count", min=1, help="Generate this many tournaments into the directory -o."),
    draw_rate: float = DrawRateOpt,
    forfeit_rate: float = ForfeitRateOpt,
    double_forfeit_rate: float = DoubleForfeitRateOpt,
    board_forfeit_rate: float = typer.Option(0.0, "--board-forfeit-rate", min=0, max=1,
                                             help="With --teams: share of the boards of a played match forfeited "
                                                  "(--forfeit-rate and --double-forfeit-rate count whole matches)."),
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
    pab: Optional[str] = PabOpt,
    system: Optional[str] = typer.Option(None, "--system", metavar="NAME",
                                         help="Pairing system whose engine pairs the rounds (arbiter systems lists "
                                              "them; default: the FIDE Dutch system, or with --teams the Swiss "
                                              "Team Pairing System), named in record 092."),
    rules: Optional[str] = typer.Option(None, "--rules", metavar="EDITION",
                                        help="Edition of the system's rules the rounds are paired by (for the Dutch "
                                             "system 2026, the default, or 2017), named in record 092."),
    baku: bool = typer.Option(False, "--baku/--no-baku", help="Baku acceleration (C.04.7), decided before round 1 and "
                                                             "written as XXA records (teams: 192 ..._BAKU); refused "
                                                             "for a system that takes none."),
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
    """Generate random tournaments of players or teams, paired round by round by a system's engine
    (a random tournament generator (RTG) as FIDE's rules for tournament software describe; the Dutch
    system, or the Swiss Team Pairing System with --teams, unless --system
    names another), as TRF: ratings, results from the B.02 expected score (400-point rule) with a
    draw model, byes, forfeits, games of less than one move, late entries, withdrawals, the points
    system and the PAB's value, the tie-break list, with or without Baku acceleration.  Without
    --seed the seed is drawn and printed; every file records in a ### RTG line the seed and the
    options that make it again; --vary draws the options not given."""
    opts = dict(locals())  # every parameter's value, as typer converted it
    import systems

    given = _given(ctx)
    seed_drawn = seed is None
    master = _random_seed() if seed is None else seed
    try:
        chosen = systems.get(system) if system is not None else None
    except systems.UnknownSystem as exc:
        fail(exitcodes.USAGE, f"--system {system}: {exc}")
    if teams is not None or (chosen is not None and chosen.team_events):
        if chosen is not None and not chosen.team_events:
            fail(exitcodes.USAGE, f"--teams: {chosen.words} pairs no team events (arbiter systems lists the systems)")
        _generate_teams(given, teams, boards, rounds, master, seed_drawn, vary, count, opts, output, jobs,
                        scheduler, json_out)
        return
    if chosen is not None and chosen.round_robin:
        fail(exitcodes.USAGE, f"--system {system}: {chosen.words} have pre-determined pairings, no random "
                              f"tournament to generate (arbiter roundrobin writes their tables)")
    if "boards" in given or "board_forfeit_rate" in given:
        fail(exitcodes.USAGE, f"--{'boards' if 'boards' in given else 'board-forfeit-rate'}: for team events "
                              f"(--teams N)")
    _generate_players(ctx, given, master, seed_drawn, vary, count, opts, output, jobs, scheduler, json_out)


def _given(ctx: typer.Context) -> frozenset[str]:
    """The parameters given on the command line (not defaults)."""
    return frozenset(name for name in ctx.params
                     if getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE")


def _random_seed() -> int:
    """A seed drawn from the operating system's entropy: two runs without ``--seed`` differ
    (draft VCL4THP Q19-Q33: the RTG differs per run without a seed and says the one it used)."""
    import secrets

    return secrets.randbelow(_LARGEST_SEED - 1) + 1


def _say_seed(seed: int, drawn: bool, json_out: bool) -> None:
    """``seed: N`` on standard error when the seed was drawn (standard output stays a clean TRF)."""
    if drawn and not json_out:
        err.print(f"seed: {seed}", markup=False)


def _option_values(options: tuple[str, ...]) -> dict[str, str]:
    """``("--players", "12", "--no-baku", ...)`` -> ``{"players": "12", "baku": "no", ...}``."""
    values: dict[str, str] = {}
    k = 0
    while k < len(options):
        flag = options[k]
        if flag in ("--baku", "--no-baku"):
            values["baku"] = "yes" if flag == "--baku" else "no"
            k += 1
            continue
        values[flag[2:].replace("-", "_")] = options[k + 1]
        k += 2
    return values


def _drawn(options: tuple[str, ...], names: frozenset[str]) -> dict[str, str]:
    """The values ``--vary`` drew (the options ``names``), as the options write them."""
    values = _option_values(options)
    return {name: values[name] for name in sorted(names) if name in values}


# --------------------------------------------------------------------------- players


def _generate_players(ctx: typer.Context, given: frozenset[str], master: int, seed_drawn: bool, vary: bool,
                      count: int, opts: dict[str, Any], output: Optional[Path], jobs: int, scheduler: Optional[str],
                      json_out: bool) -> None:
    from dataclasses import replace

    import systems
    from verify.generate import VARY_RANGES

    config: Optional[Path] = opts["config"]
    cfg = _config(config) if config is not None else None
    players, rounds = opts["players"], opts["rounds"]
    for value, option, key in ((players, "--players", "PlayersNumber"), (rounds, "--rounds", "RoundsNumber")):
        if value is None and not vary and (cfg is None or cfg.get(key) is None):
            fail(exitcodes.USAGE, f"{option} is required (or {key} in a --config file, or --vary to draw it)")
    settings, p_range, r_range = settings_from(
        players=players or "2", rounds=rounds or "1", seed=master, draw_rate=opts["draw_rate"],
        forfeit_rate=opts["forfeit_rate"], double_forfeit_rate=opts["double_forfeit_rate"],
        unusual_rate=opts["unusual_rate"], full_byes=opts["full_byes"], half_byes=opts["half_byes"],
        zero_byes=opts["zero_byes"], half_bye_rate=opts["half_bye_rate"], zero_bye_rate=opts["zero_bye_rate"],
        late_entries=opts["late_entries"], late_missed=opts["late_missed"], withdrawals=opts["withdrawals"],
        tiebreaks=opts["tiebreaks"], tiebreak_record=opts["tiebreak_record"], ratings=opts["ratings"],
        start=opts["start"], points=opts["points"], pab=opts["pab"])
    set_by_file: frozenset[str] = frozenset()
    if config is not None and cfg is not None:
        settings, p_range, r_range = _with_config(ctx, config, cfg, settings, p_range, r_range)
        set_by_file = cfg.options
    system, rules = opts["system"], opts["rules"]
    try:
        systems.get(system or systems.DEFAULT).edition(rules)
    except systems.UnknownEdition as exc:
        fail(exitcodes.USAGE, f"--rules {rules}: {exc}")
    try:
        settings = replace(settings, rules=rules, baku=opts["baku"], baku_group=opts["baku_group"].value,
                           system=system or systems.DEFAULT)
    except ValueError as exc:  # the system refuses Baku, or (two-game matches) a PAB not a won and a drawn game
        fail(exitcodes.USAGE, f"--baku: {exc}" if opts["baku"] else str(exc))
    if "tiebreaks" not in given:  # the system's own default list (two-game matches: no BWG)
        from verify.generate import default_tiebreaks

        settings = replace(settings, tiebreaks=default_tiebreaks(settings.system, settings.rules))
    names = _vary_names(vary, given | set_by_file | ({"half_byes"} if "half_bye_rate" in given else set()) |
                        ({"zero_byes"} if "zero_bye_rate" in given else set()), VARY_RANGES)
    output = standard_output(output)  # -o -
    if count > 1 or output is not None and output.is_dir():
        _generate_many(settings, count, master, seed_drawn, p_range, r_range, names, output, jobs, scheduler,
                       json_out)
        return
    settings = _one_settings(settings, master, p_range, r_range, names)
    _say_seed(master, seed_drawn, json_out)
    _write_one(lambda progress: _tournament_text(settings, progress), settings.players, settings.rounds, "players",
               settings.options(), master, seed_drawn, settings.seed, names, output, json_out)


def _one_settings(settings: GeneratorSettings, master: int, p_range: tuple[int, int], r_range: tuple[int, int],
                  names: frozenset[str]) -> GeneratorSettings:
    """The one tournament's settings: the size drawn from ranges with a seed derived from the
    master (as tournament 1 of a run), the ``--vary`` options drawn; exit 2 for a combination
    the generator refuses."""
    from dataclasses import replace

    from verify.generate import settings_for, vary_settings

    try:
        if p_range[0] != p_range[1] or r_range[0] != r_range[1]:
            return settings_for(settings, master, 1, p_range, r_range, names)
        return vary_settings(replace(settings, seed=master), names) if names else settings
    except ValueError as exc:
        fail(exitcodes.USAGE, str(exc))


def _vary_names(vary: bool, given: frozenset[str], ranges: dict[str, str]) -> frozenset[str]:
    """The options ``--vary`` draws: every one it can that the command line (or ``--config``) does not give."""
    return frozenset(ranges) - given if vary else frozenset()


def _tournament_text(settings: GeneratorSettings, progress: Callable[[int], None]) -> str:
    from pairing.result import NoLegalPairing
    from verify.generate import generate as run

    try:
        t = run(settings, progress=progress)
    except NoLegalPairing as exc:
        fail(exitcodes.NO_PAIRING, str(exc))
    return dump_text(t, "trf")


def _write_one(make: Callable[[Callable[[int], None]], str], size: int, rounds: int, what: str,
               options: tuple[str, ...], master: int, seed_drawn: bool, own_seed: int, names: frozenset[str],
               output: Optional[Path], json_out: bool) -> None:
    """Make the one file (a progress bar on a terminal) and write it, or its JSON."""
    import shlex

    from rich.progress import Progress

    from trf import parse_text
    from trf.export import tournament_dict

    with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"pairing {size} {what}", total=rounds)
        text = make(lambda rnd: bar.update(task, completed=rnd))
    if not json_out:
        write_or_print(text, output)
        return
    data = tournament_dict(parse_text(text, validate=False).tournament)
    data["trf"] = text if output is None else None
    data["generator"] = {"seed": master, "seed_drawn": seed_drawn, "tournament_seed": own_seed,
                         "command": "arbiter generate " + " ".join(map(shlex.quote, options)),
                         "drawn": _drawn(options, names)}
    if output is not None:
        write_or_print(text, output)
    emit_json(data)


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
    given = set(_given(ctx) & {"players", "rounds", "draw_rate", "forfeit_rate", "withdrawals", "half_byes",
                                "half_bye_rate", "ratings", "points", "pab"})
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


def _generate_many(settings: GeneratorSettings, count: int, master: int, seed_drawn: bool, players: tuple[int, int],
                   rounds: tuple[int, int], names: frozenset[str], output: Optional[Path], jobs: int,
                   scheduler: Optional[str], json_out: bool) -> None:
    """``--count``: the tournaments written into the directory ``output`` as ``rtg-NNNNN.trf``."""
    from verify.generate import generate_many, settings_for

    def run(executor: Any) -> Iterator[GeneratedTournament]:
        return generate_many(settings, count, master, players=players, rounds=rounds, vary=names, executor=executor)

    def drawn(index: int) -> dict[str, str]:
        return _drawn(settings_for(settings, master, index, players, rounds, names).options(), names)

    _write_many(run, drawn if names else None, count, master, seed_drawn, "players", settings.describe(), output,
                jobs, scheduler, json_out)


def _write_many(run: Callable[[Any], Iterator[GeneratedTournament]], drawn: Optional[Callable[[int], dict[str, str]]],
                count: int, master: int, seed_drawn: bool, what: str, described: dict[str, str],
                output: Optional[Path], jobs: int, scheduler: Optional[str], json_out: bool) -> None:
    """Write a run's files (``rtg-NNNNN.trf``) into the directory ``output`` and report them."""
    from rich.progress import Progress

    from arbiter.app import write_file

    if output is None:
        fail(exitcodes.USAGE, "--count needs -o DIRECTORY to write the tournaments into")
    if output.exists() and not output.is_dir():
        fail(exitcodes.USAGE, f"-o {output}: not a directory (--count writes one file per tournament)")
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot create {output}: {exc.strerror or exc}")
    _say_seed(master, seed_drawn, json_out)
    width = max(5, len(str(count)))
    written: list[dict[str, object]] = []
    failed: list[dict[str, object]] = []
    with workers(jobs, scheduler) as ex, Progress(console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"generating {count} tournaments", total=count)
        for g in run(ex):
            row: dict[str, object] = {"index": g.index, "seed": g.seed, what: g.players, "rounds": g.rounds}
            if drawn is not None:
                row["drawn"] = drawn(g.index)
            if g.text is None:
                failed.append({**row, "error": g.error})
            else:
                path = output / f"rtg-{g.index:0{width}d}.trf"
                write_file(path, g.text)
                written.append({"file": str(path), **row})
            bar.update(task, advance=1)
    if json_out:
        emit_json({"output": str(output), "count": count, "master_seed": master, "seed_drawn": seed_drawn,
                   "settings": described, "written": written, "failed": failed})
    else:
        out.print(f"wrote {len(written)} tournament(s) to {output} (seeds derived from master seed {master})",
                  markup=False)
        for f in failed:
            out.print(f"not written: tournament {f['index']} (seed {f['seed']}, {f[what]} {what}, "
                      f"{f['rounds']} rounds): {f['error']}", markup=False)
    if failed:
        raise typer.Exit(exitcodes.NO_PAIRING)


# --------------------------------------------------------------------------- teams

#: Options of the individual generator a team event has no use for, and why (exit 2 when given).
_NOT_FOR_TEAMS = {
    "players": "a team event has --teams and --boards",
    "unusual_rate": "a team event's boards are written 1, =, 0, + or -",
    "withdrawals": "team events are generated without withdrawals",
    "points": "a team event scores matches 2/1/0 (362) and boards 1/0.5/0",
    "pab": "a team event's PAB is a drawn match (C.04.6 Art. 1.4, record 320)",
    "start": "team events are written with 042 2026/03/01",
    "rules": "the Swiss Team Pairing System has one edition",
    "tiebreak_record": "a team event's list is written as 202",
    "baku_group": "a team event's group A is the team Baku rule's",
    "config": "the JaVaFo/bbpPairings configuration describes individual events",
    "half_bye_rate": "use --half-byes", "zero_bye_rate": "use --zero-byes",
}


def _generate_teams(given: frozenset[str], teams: Optional[str], boards: int, rounds: Optional[str], master: int,
                    seed_drawn: bool, vary: bool, count: int, opts: dict[str, Any], output: Optional[Path], jobs: int,
                    scheduler: Optional[str], json_out: bool) -> None:
    """``--teams``: random team Swiss events (:mod:`verify.teamgen`)."""
    from dataclasses import replace

    from verify.teamgen import TEAM_VARY_RANGES, team_settings_for, vary_team_settings

    if teams is None and "players" in given:
        fail(exitcodes.USAGE, "--players: the Swiss Team Pairing System pairs teams: give --teams N (and --boards)")
    for name, why in _NOT_FOR_TEAMS.items():
        if name in given:
            fail(exitcodes.USAGE, f"--{name.replace('_', '-')}: not with --teams ({why})")
    for value, option in ((teams, "--teams"), (rounds, "--rounds")):
        if value is None and not vary:
            fail(exitcodes.USAGE, f"{option} is required (or --vary to draw it)")
    t_range = option_range(teams or "6", "--teams", 2, 999)
    r_range = option_range(rounds or "1", "--rounds", 1, 999)
    template = _team_template(opts, boards, given, t_range[0], r_range[0], master)
    names = _vary_names(vary, given, TEAM_VARY_RANGES)
    output = standard_output(output)
    if count > 1 or output is not None and output.is_dir():
        from verify.teamgen import generate_many_teams

        def run(executor: Any) -> Iterator[GeneratedTournament]:
            return generate_many_teams(template, count, master, teams=t_range, rounds=r_range, vary=names,
                                       executor=executor)

        def drawn(index: int) -> dict[str, str]:
            return _drawn(team_settings_for(template, master, index, t_range, r_range, names).options(), names)

        _write_many(run, drawn if names else None, count, master, seed_drawn, "teams", _team_described(template),
                    output, jobs, scheduler, json_out)
        return
    if t_range[0] != t_range[1] or r_range[0] != r_range[1]:
        s = team_settings_for(template, master, 1, t_range, r_range, names)
    else:
        s = vary_team_settings(replace(template, seed=master), names) if names else template
    _say_seed(master, seed_drawn, json_out)
    _write_one(lambda progress: _team_text(s), s.teams, s.rounds, "teams", s.options(), master, seed_drawn, s.seed,
               names, output, json_out)



def _team_template(opts: dict[str, Any], boards: int, given: frozenset[str], teams: int, rounds: int,
                   seed: int) -> TeamGenSettings:
    """The team generator's settings of the options (exit 2 naming a bad value)."""
    from arbiter.rtg import parse_count_or_share, parse_rating_range, parse_schedule_option
    from tiebreaks.codes import parse_list
    from tiebreaks.teamstandings import DEFAULT_MP, check_team_list
    from verify.generate import Schedule
    from verify.teamgen import TeamGenSettings

    f, d = opts["forfeit_rate"], opts["double_forfeit_rate"]
    if f + d > 1:
        fail(exitcodes.USAGE, "--forfeit-rate and --double-forfeit-rate add up to more than 1")
    tiebreaks: Optional[str] = opts["tiebreaks"] if "tiebreaks" in given else DEFAULT_MP
    if tiebreaks is not None and tiebreaks.strip().lower() in ("", "none"):
        tiebreaks = None
    if tiebreaks is not None:
        try:
            check_team_list(parse_list(tiebreaks))
        except ValueError as exc:
            fail(exitcodes.USAGE, f"--tiebreaks: {exc}")
    byes = tuple((kind, Schedule.of(parse_schedule_option(text, option)))
                 for kind, text, option in (("F", opts["full_byes"], "--full-byes"),
                                            ("H", opts["half_byes"], "--half-byes"),
                                            ("Z", opts["zero_byes"], "--zero-byes")))
    late = parse_count_or_share(opts["late_entries"], "--late-entries")
    return TeamGenSettings(
        teams=teams, rounds=rounds, boards=boards, seed=seed, forfeit_rate=f, double_forfeit_rate=d,
        board_forfeit_rate=opts["board_forfeit_rate"], draw_rate=opts["draw_rate"],
        ratings=parse_rating_range(opts["ratings"]), byes=byes,
        late_entries=late if isinstance(late, int) else round(late * teams),
        late_record="H" if opts["late_missed"] is LateMissedOpt.half else "Z", baku=opts["baku"],
        tiebreaks=tiebreaks, record=True)


def _team_described(s: TeamGenSettings) -> dict[str, str]:
    """The run's settings for the JSON report (the options without the size and the seed)."""
    values = _option_values(s.options())
    return {k: v for k, v in values.items() if k not in ("teams", "rounds", "seed")}


def _team_text(s: TeamGenSettings) -> str:
    from pairing.result import NoLegalPairing
    from trf.acceleration import AccelerationRefused
    from verify.teamgen import generate_team_event

    try:
        return generate_team_event(s)
    except NoLegalPairing as exc:
        fail(exitcodes.NO_PAIRING, str(exc))
    except AccelerationRefused as exc:
        fail(exitcodes.USAGE, f"--baku: {exc}")
