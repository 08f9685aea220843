"""``arbiter roundrobin``: Berger tables, numbering constraints, Varma draw, timetable, TRF-2026.

Registered on :data:`arbiter.app.app` at import (see :mod:`arbiter.cli`).  Every rule
lives in :mod:`roundrobin.event`, :mod:`roundrobin.berger`, :mod:`roundrobin.seeding`,
:mod:`roundrobin.varma` and :mod:`roundrobin.timetable`; this module reads options and renders."""

from __future__ import annotations

import io
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

import typer
from rich.table import Table
from rich.markup import escape

from arbiter import exitcodes, render
from arbiter.app import (app, check_encoding_option, emit_json, fail, option_given, out, read_text, refuse_conflicting_outputs,
                         refuse_overwrite, standard_output, write_file)
from roundrobin.berger import BYE
from trf import spreadsheet

if TYPE_CHECKING:  # pragma: no cover
    from roundrobin.event import Plan
    from roundrobin.timetable import Timetable
    from roundrobin.seeding import Meet
    from roundrobin.windows import Placement, Window


def plan_dict(p: Plan) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter roundrobin --json`` (without the timetable)."""
    sched = p.schedule
    rounds = []
    for r, rnd in enumerate(sched.rounds, 1):
        boards = [{"board": b, "white": w, "black": k, "white_name": p.name(w), "black_name": p.name(k)}
                  for b, (w, k) in enumerate((x for x in rnd if x[1] != BYE), 1)]
        rounds.append({"round": r, "cycle": 1 if r <= len(sched.rounds) // sched.cycles else 2,
                       "boards": boards, "bye": sched.bye(r)})
    numbering: dict[str, Any] = {"method": p.method, "moved": list(p.moved),
                                 "constraints": [str(c) for c in p.constraints]}
    if p.draw is not None:
        numbering["varma"] = {
            "table_source": p.draw.table.source,
            "envelopes": {name: list(env) for name, env in zip("ABCD", p.draw.table.envelopes)},
            "draws": [{"group": g, "envelope": e, "numbers": list(nums)} for g, e, nums in p.draw.envelopes],
        }
    return {
        "table": p.table,
        "players": [{"number": i, "name": e.name, "federation": e.federation, "rating": e.rating,
                     "group": p.groups.get(e.name) or None}
                    for i, e in enumerate(p.players, 1)],
        "cycles": sched.cycles,
        "order": p.order,
        "games": sum(len(sched.games(r)) for r in range(1, len(sched.rounds) + 1)),
        "numbering": numbering,
        "group_meetings_in_last_rounds": [{"group": c.group, "players": [c.a, c.b], "round": c.round}
                                          for c in p.conflicts],
        "rounds": rounds,
    }


def plan_csv(p: Plan, tt: Timetable | None = None) -> str:
    """One row per board: round, board, white number and name, black number and name (the bye
    as a row with black 0 and "bye"); with a timetable, its slot, day, start and end first."""
    buf = io.StringIO()
    w = spreadsheet.writer(buf)
    if tt is not None:
        w.writerow(["slot", "day", "start", "end", "round", "board", "white_no", "white", "black_no", "black"])
        for s in tt.slots:
            for b, white, black in s.games:
                w.writerow([s.number, s.day, s.start.isoformat(sep=" "), s.end.isoformat(sep=" "), s.round, b,
                            white, p.name(white), black, p.name(black)])
        for r, player in tt.byes:
            w.writerow(["", "", "", "", r, "", player, p.name(player), 0, "bye"])
        return buf.getvalue()
    w.writerow(["round", "board", "white_no", "white", "black_no", "black"])
    for r, rnd in enumerate(p.schedule.rounds, 1):
        b = 0
        for white, black in rnd:
            if black == BYE:
                w.writerow([r, "", white, p.name(white), 0, "bye"])
            else:
                b += 1
                w.writerow([r, b, white, p.name(white), black, p.name(black)])
    return buf.getvalue()


def _render(p: Plan, tt: Timetable | None = None) -> None:
    sched = p.schedule
    games = sum(len(sched.games(r)) for r in range(1, len(sched.rounds) + 1))
    from roundrobin.tables import table as table_named

    kind = "double round robin" if sched.cycles == 2 else "round robin"
    cycle2 = {"reverse": "reverse order", "fide": "FIDE order", "table": "table order"}[p.order]
    out.print(f"[bold]{kind}[/bold]: {len(p.players)} players, {len(sched.rounds)} rounds, {games} games"
              + (f" (cycle 2: {cycle2}, colours reversed)" if sched.cycles == 2 else ""), markup=True)
    if not table_named(p.table).fide:
        out.print(f"{table_named(p.table).title}: pairs as drawn, the first-listed White")
    how = {"given": "numbers in the order given",
           "varma": "numbers drawn with the Varma tables (C.05 Annex 2)",
           "constraints": "numbers chosen to meet the constraints"}[p.method]
    out.print(how + (f"; moved: {', '.join(p.moved)}" if p.moved and p.method == "constraints" else ""))
    if p.draw is not None:
        out.print(f"Varma envelopes for {len(p.players)} players ({p.draw.table.source}): "
                  + "; ".join(f"{n}: {', '.join(map(str, env))}" for n, env in zip("ABCD", p.draw.table.envelopes)))
        for g, env, nums in p.draw.envelopes:
            if len(nums) > 1:
                out.print(f"  {g} drew envelope {env}: {', '.join(map(str, nums))}")
    for c in p.conflicts:
        out.print(f"[yellow]note[/yellow]: {escape(str(c.a))} and {escape(str(c.b))} (group {escape(str(c.group))}) "
                  f"meet in round {c.round}, one of the last three", markup=True)
    players = Table(title="Players", show_edge=False)
    for col in ("No", "Name", "Fed", "Rating", "Group"):
        players.add_column(col, justify="right" if col in ("No", "Rating") else "left")
    for i, e in enumerate(p.players, 1):
        players.add_row(str(i), e.name, e.federation, str(e.rating or ""), p.groups.get(e.name, ""))
    render.print_table(out, players, keep=2)
    if tt is not None:
        from arbiter.timetable_text import render_timetable

        render_timetable(tt, "Timetable", str, lambda n: f"{n} {p.name(n)}")
        return
    table = Table(title="Rounds (White-Black, board 1 first)", show_edge=False)
    table.add_column("Rd", justify="right")
    boards = max(len(sched.games(r)) for r in range(1, len(sched.rounds) + 1))
    for b in range(1, boards + 1):
        table.add_column(f"Bd {b}", justify="center")
    if any(sched.bye(r) for r in range(1, len(sched.rounds) + 1)):
        table.add_column("Bye", justify="center")
    for r in range(1, len(sched.rounds) + 1):
        cells = [f"{w}-{k}" for w, k in sched.games(r)]
        row = [str(r)] + cells + [""] * (boards - len(cells))
        if table.columns[-1].header == "Bye":
            row.append(str(sched.bye(r) or ""))
        table.add_row(*row)
    render.print_table(out, table, keep=1)


@app.command()
def roundrobin(
    players: Optional[int] = typer.Option(None, "--players", min=2, max=500, help="Number of players (named Player 1..N)."),
    names: Optional[Path] = typer.Option(None, "--names", help="Entrants file (CSV): Name[,Federation[,Rating]] per line, in "
                                                           "number order; quote a name with a comma (\"Smith, John\",ENG,2300)."),
    table_name: str = typer.Option("fide", "--table", metavar="fide|circle",
                                   help="The table: fide (the Berger tables, C.05 Annex 1) or circle (the rotation "
                                        "table drawn by hand: 1 fixed, the others turning one step a round)."),
    double: bool = typer.Option(False, "--double", help="Double round robin (two cycles, colours reversed in cycle 2)."),
    reverse_second_cycle: bool = typer.Option(False, "--reverse-second-cycle",
                                              help="Cycle 2 in reverse round order (with --double; not FIDE's order)."),
    varma: Optional[str] = typer.Option(None, "--varma", metavar="GROUPS",
                                        help="Keep groups apart in the last three rounds (C.05 Annex 2): 'federation' "
                                             "(the names file's second column), a file of 'GROUP: name, name' lines, "
                                             "or the same inline separated by ';'."),
    fix: list[str] = typer.Option([], "--fix", metavar="NAME=N", help="Give a player a number, e.g. \"Smith=1\" (repeatable)."),
    meet: list[str] = typer.Option([], "--meet", metavar="A-B@R",
                                   help="Two players meet in round R (a number, 'first' or 'last'), e.g. \"Lee-Khan@last\" (repeatable)."),
    boards: Optional[int] = typer.Option(None, "--boards", min=1, help="Boards (or courts) available: lay the rounds out in time slots."),
    start: Optional[str] = typer.Option(None, "--start", metavar="\"YYYY-MM-DD HH:MM\"", help="Start of the first slot (with --boards)."),
    slot: Optional[str] = typer.Option(None, "--slot", metavar="45m", help="Length of a slot: 45m, 90m, 2h, 1h30m (with --boards)."),
    sessions: str = typer.Option("unlimited", "--sessions",
                                 help="Slots per day (e.g. 4), daily windows (\"09:00-13:00,15:00-19:00\") or unlimited."),
    group_count: Optional[int] = typer.Option(None, "--groups", metavar="N",
                                              help="Split the entrants into N groups (2-4, of 3-10 each) seeded apart "
                                                   "in snake order, each a round robin, sharing the boards "
                                                   "(docs/roundrobin.md, Groups)."),
    seeding: str = typer.Option("rating", "--seeding", metavar="rating|order",
                                help="With --groups: rank the entrants by rating (ties and the unrated in the "
                                     "order given) or by the order given, before dealing them in snake order."),
    unavailable: list[str] = typer.Option(
        [], "--unavailable", metavar="WHO@WHEN",
        help="An entrant (by name) or a board (\"board N\" / \"court N\") unavailable: \"Team B@before 11:00\", "
             "\"court 2@before 14:00\", \"Team C@slot 1\", \"Team D@from 12:00 until 13:00\" (with --boards; "
             "repeatable; a time alone is on the --start date)."),
    windows_file: Optional[Path] = typer.Option(None, "--windows", metavar="FILE",
                                                help="Windows from a CSV file: header who,from,until,slots, one "
                                                     "unavailability a line (see docs/roundrobin.md)."),
    open_match: Optional[str] = typer.Option(None, "--open", metavar="A-B",
                                             help="The opening match: A and B meet in round 1 (as --meet A-B@1) "
                                                  "and play in slot 1 on board 1 (with --boards)."),
    place: list[str] = typer.Option([], "--place", metavar="A-B@SLOT/BOARD",
                                    help="Put A-B's game in a slot on a board, e.g. \"Lee-Khan@3/1\" (with --boards; "
                                         "the slot must be one of the round in which they meet; repeatable)."),
    seed: str = typer.Option("0", "--seed", help="Seed of the Varma drawing of lots (same seed, same draw)."),
    name: str = typer.Option("Round robin", "--name", help="Tournament name for --trf."),
    json_out: bool = typer.Option(False, "--json", help="Machine-readable output (stable shape, see docs/json.md)."),
    csv_out: bool = typer.Option(False, "--csv", help="One CSV row per board."),
    trf_out: Optional[Path] = typer.Option(None, "--trf", metavar="OUT",
                                           help="Write a TRF-2026 file with every round paired, results pending "
                                                "(- : standard output, instead of the tables)."),
    encoding: Optional[str] = typer.Option(None, "--encoding",
                                           help="Text encoding of --names and a --varma file (default UTF-8, a BOM honoured; "
                                                "e.g. latin-1, cp1252)."),
) -> None:
    """Round-robin pairings by the FIDE Berger tables (C.05 Annex 1) or, with --table circle, the rotation
    table drawn by hand: numbering (Varma draw, --fix, --meet), the rounds, a timetable over boards and
    time slots, and a TRF-2026 file.  Exit 1 when the constraints cannot be met."""

    from roundrobin.event import EntrantsError, numbered_entrants, parse_entrants, parse_groups, plan, to_tournament
    from roundrobin.seeding import Meet, Unsatisfiable, parse_fix, parse_meet
    from roundrobin.tables import UnknownTable, table as table_named
    from roundrobin.timetable import parse_duration, parse_sessions, parse_start, schedule, timetable_dict
    from roundrobin.varma import VarmaError
    from roundrobin.windows import WindowConflict, parse_placement
    from trf.bounded import InputTooLarge
    from trf.limits import ENTRANTS
    if (players is None) == (names is None):
        fail(exitcodes.USAGE, "give either --players N or --names FILE")
    try:
        chosen = table_named(table_name)
    except UnknownTable as exc:
        fail(exitcodes.USAGE, f"--table: {exc}")
    if reverse_second_cycle and not double:
        fail(exitcodes.USAGE, "--reverse-second-cycle needs --double")
    refuse_conflicting_outputs(("--json", "json" if json_out else None), ("--csv", "csv" if csv_out else None))
    if trf_out is None and option_given("name"):
        fail(exitcodes.USAGE, "--name names the tournament in the --trf file: give --trf too")
    trf_to_stdout = trf_out is not None and standard_output(trf_out) is None
    if trf_to_stdout and (json_out or csv_out):
        fail(exitcodes.USAGE, f"--trf - and {'--json' if json_out else '--csv'} would both write to standard output")
    varma_file = Path(varma) if varma and Path(varma).is_file() else None
    refuse_overwrite(trf_out, names, varma_file, windows_file)
    timing = None
    if boards is not None:
        if start is None or slot is None:
            fail(exitcodes.USAGE, "--boards needs --start \"YYYY-MM-DD HH:MM\" and --slot (e.g. 45m)")
        try:
            timing = (parse_start(start), parse_duration(slot), parse_sessions(sessions))
        except ValueError as exc:
            fail(exitcodes.USAGE, str(exc))
    elif start is not None or slot is not None:
        fail(exitcodes.USAGE, "--start and --slot lay out a timetable: give --boards too")
    elif option_given("sessions"):
        fail(exitcodes.USAGE, "--sessions lays out a timetable: give --boards, --start and --slot too")
    window_options = [o for o, v in (("--unavailable", unavailable), ("--windows", windows_file),
                                     ("--open", open_match), ("--place", place)) if v]
    if window_options and timing is None:
        fail(exitcodes.USAGE, f"{window_options[0]} places games in the timetable: give --boards, --start and --slot too")
    try:
        placed = [parse_placement(x) for x in place]
    except ValueError as exc:
        fail(exitcodes.USAGE, str(exc))
    if open_match is not None:
        try:
            opening = parse_meet(open_match + "@1")
        except ValueError:
            fail(exitcodes.USAGE, f"--open {open_match!r}: expected A-B, two entrants' names, e.g. \"Team A-Team B\"")
        placed.insert(0, (opening.a, opening.b, 1, 1))
    if names is not None:
        try:
            entrants = parse_entrants(read_text(names, encoding, "entrants file", ENTRANTS), str(names))
        except EntrantsError as exc:
            fail(exitcodes.INVALID_INPUT, str(exc))
    else:
        entrants = numbered_entrants(players or 0)
    known = {e.name for e in entrants}
    for i, (a, b, _s, _b) in enumerate(placed):
        option = '--open' if open_match is not None and i == 0 else '--place'
        for who in (a, b):
            if who not in known:
                fail(exitcodes.USAGE, f"{option}: {who!r} is not one of the entrants")
        if a == b:  # a game needs two entrants: the option is mistyped, not a wish the table cannot grant
            fail(exitcodes.USAGE, f"{option}: {a}-{b} is not a game: {a} cannot play himself")
    try:
        constraints = [parse_fix(f) for f in fix] + [parse_meet(m) for m in meet]
        opening_meet = None
        if open_match is not None and not any(
                isinstance(c, Meet) and {c.a, c.b} == {placed[0][0], placed[0][1]} and c.round in (1, "first")
                for c in constraints):
            opening_meet = Meet(placed[0][0], placed[0][1], 1)
            constraints.append(opening_meet)
        if varma_file is not None:
            check_encoding_option(encoding)
        groups = parse_groups(varma, entrants, encoding) if varma else None
    except InputTooLarge as exc:
        fail(exitcodes.INVALID_INPUT, str(exc), file=varma_file)
    except (ValueError, OSError) as exc:
        fail(exitcodes.USAGE, str(exc))
    if varma and not groups:
        fail(exitcodes.USAGE, f"--varma {varma}: no player has a group")
    if group_count is not None or option_given("seeding"):
        _groups(entrants, names, group_count, seeding, double, reverse_second_cycle, constraints, chosen.name, varma,
                trf_out, trf_to_stdout, boards, timing, json_out, csv_out, name,
                lambda number: _window_terms(number, unavailable, windows_file, placed, open_match is not None,
                                             timing[0].date() if timing is not None else date.today(), encoding),
                opening_meet)
        return
    try:
        p = plan(entrants, double=double, reverse_second_cycle=reverse_second_cycle,
                 constraints=constraints, groups=groups, seed=seed, table=chosen.name)
    except (Unsatisfiable, VarmaError) as exc:
        fail(exitcodes.NO_PAIRING, _unmet(exc, opening_meet))
    tt = None
    if timing is not None:
        number = {e.name: i for i, e in enumerate(p.players, 1)}
        windows, placements = _window_terms(number, unavailable, windows_file, placed, open_match is not None,
                                            timing[0].date(), encoding)
        try:
            tt = schedule(p.schedule, boards or 1, *timing, windows=windows, placements=placements,
                          names={i: e.name for i, e in enumerate(p.players, 1)})
            _refuse_slots_beyond(tt)
        except WindowConflict as exc:
            fail(exitcodes.NO_PAIRING, str(exc))
        except ValueError as exc:
            fail(exitcodes.USAGE, str(exc))
    if trf_out is not None:
        from trf.writer import WriteError, dumps

        dates: list[str] = []
        if tt is not None:
            first: dict[int, datetime] = {}
            for s in tt.slots:
                first.setdefault(s.round, s.start)
            dates = [first[r].strftime("%y/%m/%d") for r in sorted(first)]
        begin = tt.totals.first_start.strftime("%Y/%m/%d") if tt is not None else None
        try:
            text = dumps(to_tournament(p, name=name, start=begin, round_dates=dates))
        except WriteError as exc:
            fail(exitcodes.INVALID_INPUT, f"cannot write {trf_out}: {exc}")
        write_file(trf_out, text)
        if trf_to_stdout:
            return
    if json_out:
        emit_json({**plan_dict(p), "timetable": timetable_dict(tt) if tt is not None else None})
    elif csv_out:
        out.file.write(plan_csv(p, tt))
    else:
        _render(p, tt)
        if trf_out is not None:
            out.print(f"wrote {trf_out}")




def _refuse_slots_beyond(tt: Timetable) -> None:
    """A window on slots the day never reaches (``Carlow@slot 99`` when the games end in slot 10)
    keeps nothing: from the command line it is a slip (slot 9?), refused by name, not kept silently
    (the library takes it as a window that blocks nothing)."""
    last = tt.slots[-1].number if tt.slots else 0
    for w in tt.windows:
        if w.slots and min(w.slots) > last:
            beyond = ", ".join(str(n) for n in sorted(w.slots))
            fail(exitcodes.USAGE, f"{w.describe()}: the timetable has no slot {beyond} (its games end in slot {last})")

def _window_terms(number: dict[str, int], unavailable: list[str], windows_file: Optional[Path],
                  placed: list[tuple[str, str, int, int]], opening: bool, day: date,
                  encoding: Optional[str]) -> tuple[list["Window"], list["Placement"]]:
    """The windows (``--unavailable``, ``--windows``) and placements (``--open``, ``--place``) over the
    entrants' numbers in the timetable (``number``: name -> number; with --groups the combined ones)."""
    from roundrobin.windows import Placement, Window, WindowsFileError, parse_unavailable, parse_windows_csv
    from trf.limits import ENTRANTS

    windows: list[Window] = []
    try:
        windows += [parse_unavailable(u, number, day) for u in unavailable]
    except ValueError as exc:
        fail(exitcodes.USAGE, str(exc))
    if windows_file is not None:
        try:
            windows += parse_windows_csv(read_text(windows_file, encoding, "windows file", ENTRANTS),
                                         str(windows_file), number, day)
        except WindowsFileError as exc:
            fail(exitcodes.INVALID_INPUT, str(exc), file=windows_file)
    placements: list[Placement] = []
    for a, b, at_slot, at_board in placed:
        label = (f"opening match {a}-{b} in slot 1 on board 1" if opening and not placements
                 else f"{a}-{b} in slot {at_slot} on board {at_board}")
        placements.append(Placement((number[a], number[b]), at_slot, at_board, label))
    return windows, placements


def _unmet(exc: ValueError, opening: "Meet | None") -> str:
    """The message of a numbering that cannot be found, in the options' words: the round-1
    meeting that ``--open A-B`` adds (``opening``, or None) is named as the option the organiser
    gave, not as a ``--meet A-B@1`` they never typed."""
    message = str(exc)
    if opening is None:
        return message
    given = f"--open {opening.a}-{opening.b} (a game of round 1)"
    return message.replace(str(opening), given, 1) if getattr(exc, "constraint", None) is opening else message


def _groups(entrants: Any, names: Optional[Path], count: Optional[int], seeding: str, double: bool, reverse_second_cycle: bool,
            constraints: Any, table_name: str, varma: Optional[str], trf_out: Optional[Path], trf_to_stdout: bool,
            boards: Optional[int], timing: Any, json_out: bool, csv_out: bool, name: str,
            window_terms: Callable[[dict[str, int]], tuple[list["Window"], list["Placement"]]],
            opening: "Meet | None" = None) -> None:
    """``--groups N``: refuse what makes no sense with groups, plan, lay out, emit (:mod:`arbiter.cli_rrgroups`).
    ``opening``: the meeting in round 1 that ``--open`` adds to the constraints (:func:`_unmet`).
    Windows and placements name entrants; the timetable numbers them across the groups (group g's
    number i is ``offsets[g] + i``)."""
    from arbiter.cli_rrgroups import emit, group_paths
    from roundrobin.groups import SEEDINGS, GroupsError, plan_groups
    from roundrobin.seeding import Unsatisfiable
    from roundrobin.timetable import schedule
    from roundrobin.windows import WindowConflict

    if count is None:
        fail(exitcodes.USAGE, "--seeding ranks the entrants for --groups: give --groups N too")
    if seeding not in SEEDINGS:
        fail(exitcodes.USAGE, f"--seeding {seeding}: expected rating or order")
    if varma:
        fail(exitcodes.USAGE, "--varma numbers one round robin to keep compatriots apart; with --groups the "
                              "snake seeding spreads the entrants: give one of them")
    if trf_to_stdout:
        fail(exitcodes.USAGE, "--trf - with --groups: one TRF file per group cannot go to standard output; "
                              "give a file name (club.trf writes club-A.trf, club-B.trf, ...)")
    try:
        gs = plan_groups(entrants, count, seeding, double=double, reverse_second_cycle=reverse_second_cycle,
                         constraints=constraints, table=table_name)
    except GroupsError as exc:
        fail(exitcodes.USAGE, f"--groups: {exc}")
    except Unsatisfiable as exc:
        fail(exitcodes.NO_PAIRING, _unmet(exc, opening))
    if trf_out is not None:
        for path in group_paths(trf_out, gs):
            refuse_overwrite(path, names)
    tt = None
    if timing is not None:
        number = {e.name: off + i for g, off in zip(gs.groups, gs.offsets) for i, e in enumerate(g.plan.players, 1)}
        windows, placements = window_terms(number)
        try:
            tt = schedule(gs.rounds, boards or 1, *timing, windows=windows, placements=placements,
                          names={n: f"{who} ({gs.label(n)})" for who, n in number.items()})
            _refuse_slots_beyond(tt)
        except WindowConflict as exc:
            fail(exitcodes.NO_PAIRING, str(exc))
        except ValueError as exc:
            fail(exitcodes.USAGE, str(exc))
    emit(gs, tt, json_out, csv_out, trf_out, name, plan_dict)
