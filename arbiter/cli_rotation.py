"""``arbiter rotation ...``: club-night rotation sessions.

Registered on :data:`arbiter.app.app` at import (see :mod:`arbiter.cli`).

The session file: ``new FILE`` creates it; every other session command takes
``--session FILE`` (``-s``), defaulting to the environment variable ``ARBITER_ROTATION``, so an
evening can be run as ``export ARBITER_ROTATION=club.db`` followed by short commands.
All the work is done by :mod:`rotation.log` (the same Python calls give the same result).

Exit codes: 0 ok; 1 no game could be started (every table busy, too few players waiting);
2 the command does not fit the session (unknown player, busy table, bad option); 3 the session
file is damaged (its configuration or an event, named by its number); 5 the session file cannot
be created, read or written (a full disk, a read-only file or folder: nothing is recorded)."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional, Sequence, TypeVar

import typer
from rich.table import Table
from rich.text import Text

from arbiter import exitcodes
from arbiter.app import JsonOpt, app, emit_json, fail, out
from rotation.kinds import Format, Mode

if TYPE_CHECKING:  # pragma: no cover
    from rotation import log as rlog

rotation_app = typer.Typer(
    help="Club-night rotation: fair casual pairings (bughouse or singles) over several boards.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(rotation_app, name="rotation")

ENV = "ARBITER_ROTATION"
SessionOpt = typer.Option(None, "--session", "-s", envvar=ENV, show_default=False,
                          help=f"The session file (default: ${ENV}).")


def _session(path: Optional[Path]) -> Path:
    if path is None:
        fail(exitcodes.USAGE, f"no session file: give --session FILE or set {ENV}")
    return path


_T = TypeVar("_T")


def _run(call: Callable[[], _T]) -> _T:
    """Run a library call, turning its errors into the documented one-line messages
    (:func:`arbiter.rotation_errors.session_error`, which the live page uses too)."""
    from arbiter.rotation_errors import session_error
    try:
        return call()
    except Exception as exc:
        known = session_error(exc)
        if known is None:
            raise
        fail(*known)


def _teams_text(teams: Sequence[Sequence[str]]) -> str:
    return " & ".join(teams[0]) + "  vs  " + " & ".join(teams[1])


def _report(session: Path, outcome: rlog.Outcome, json_out: bool, message: str) -> None:
    if json_out:
        emit_json({"session": str(session), "events": list(outcome.events),
                    "started": [g.as_dict() for g in outcome.started]})
        return
    out.print(message, markup=False)
    for g in outcome.started:
        by = " (set by the organiser)" if g.by == "organiser" else ""
        out.print(f"table {g.table}: {_teams_text(g.teams)}{by}", markup=False)


@rotation_app.command("new")
def new(
    file: Path = typer.Argument(..., help="The session file to create (SQLite; never overwritten).", show_default=False),
    tables: int = typer.Option(..., "--tables", min=1, help="Number of tables (bughouse: two boards each)."),
    format_: Format = typer.Option(Format.BUGHOUSE, "--format", help="bughouse (4 per table) or singles (2)."),
    seed: int = typer.Option(..., "--seed", help="Session seed: same seed and events give the same evening."),
    mode: Mode = typer.Option(Mode.REFILL, "--mode", help="What a freed table does (docs/rotation.md)."),
    balanced: bool = typer.Option(False, "--balanced", help="Balanced sides: rating gap within 250 points."),
    json_out: bool = JsonOpt,
) -> None:
    """Create a session file."""
    from rotation import engine as rot
    from rotation import log as rlog
    config = _run(lambda: rot.Config(tables=tables, format=rot.parse_format(format_.value), seed=seed,
                                     mode=rot.parse_mode(mode.value), balanced=balanced))
    _run(lambda: rlog.create(file, config))
    if json_out:
        emit_json({"session": str(file), "config": config.as_dict()})
    else:
        out.print(f"created {file}: {tables} table(s), {format_.value}, mode {mode.value}, seed {seed}"
                  + (", balanced" if balanced else ""), markup=False)


@rotation_app.command("arrive")
def arrive(
    name: str = typer.Argument(..., show_default=False),
    rating: Optional[int] = typer.Option(None, "--rating", min=0, help="Rating (used when balancing)."),
    session: Optional[Path] = SessionOpt,
    json_out: bool = JsonOpt,
) -> None:
    """A player arrives and joins the shared queue (no owed time for before they came)."""
    from rotation import log as rlog
    path = _session(session)
    outcome = _run(lambda: rlog.arrive(path, name, rating))
    _report(path, outcome, json_out, f"{name.strip()} arrived")


def _status_command(kind: str, doc: str) -> None:
    def command(name: str = typer.Argument(..., show_default=False), session: Optional[Path] = SessionOpt,
                json_out: bool = JsonOpt) -> None:
        from rotation import log as rlog

        path = _session(session)
        outcome = _run(lambda: rlog.status_change(path, kind, name))
        _report(path, outcome, json_out, f"{name.strip()}: {kind}")
    command.__doc__ = doc
    rotation_app.command(kind)(command)


_status_command("pause", "Pause a player: they keep their history and are skipped until resumed.")
_status_command("resume", "A paused player is back in the queue.")
_status_command("leave", "A player leaves; their games count for every statistic.")


@rotation_app.command("next")
def next_(
    table: Optional[int] = typer.Option(None, "--table", "-t", help="Fill only this table."),
    session: Optional[Path] = SessionOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Start games on every free table in one pass (or on --table)."""
    from rotation import log as rlog
    path = _session(session)
    outcome = _run(lambda: rlog.next_games(path, table))
    _report(path, outcome, json_out, "started:")


@rotation_app.command("finish")
def finish(
    table: int = typer.Argument(..., show_default=False),
    session: Optional[Path] = SessionOpt,
    json_out: bool = JsonOpt,
) -> None:
    """A game ends; the table mode decides what starts (refill: the table is refilled at once)."""
    from rotation import log as rlog
    path = _session(session)
    outcome = _run(lambda: rlog.finish(path, table))
    msg = f"table {table} finished" + ("" if outcome.started else "; nothing started (table mode or too few players)")
    _report(path, outcome, json_out, msg)


@rotation_app.command("set")
def set_(
    table: int = typer.Argument(..., show_default=False),
    names: list[str] = typer.Argument(..., show_default=False,
                                      help="k names (bughouse: first two vs last two) or fewer to fix them."),
    session: Optional[Path] = SessionOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Manual change: set the game on a table (replaces the game in progress there)."""
    from rotation import log as rlog
    path = _session(session)
    outcome = _run(lambda: rlog.set_game(path, table, names))
    _report(path, outcome, json_out, f"table {table} set by the organiser")


@rotation_app.command("why")
def why(
    table: int = typer.Argument(..., show_default=False),
    session: Optional[Path] = SessionOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Why this game? Each player's games and sit-outs, who waited next and why, why these teams."""
    from rotation import log as rlog
    path = _session(session)
    data = _run(lambda: rlog.why(path, table))
    if json_out:
        emit_json(data)
        return
    out.print(Text(f"table {table}: {_teams_text(data['teams'])}  ({data['text']})", style="bold"))
    t = Table(show_edge=False, box=None, padding=(0, 1), header_style="bold")
    for col in ("Player", "Games tonight", "Sat out before", "Owed"):
        t.add_column(col, justify="left" if col == "Player" else "right")
    for p in data["players"]:
        owed = p["owed"] + (" (owed a game)" if p["was_owed"] else "")
        t.add_row(p["name"], str(p["games_tonight"]), str(p["sitouts_before"]), owed)
    out.print(t)
    if data["by"] == "organiser":
        return
    if data["waiting_next"]:
        out.print("Waiting next:", markup=False)
        for w in data["waiting_next"]:
            out.print(f"  {w['name']} ({w['games']} game(s), {w['sitouts']} sit-out(s)): {w['text']}", markup=False)
    out.print(f"Teams: {data['why_teams']['text']}", markup=False)
    if data["limits"]["relaxed"]:
        out.print(f"Relaxed to find a game: {', '.join(data['limits']['relaxed'])}", markup=False)


@rotation_app.command("status")
def status(session: Optional[Path] = SessionOpt, json_out: bool = JsonOpt) -> None:
    """Tables in play, the queue and every player's games, sit-outs and owed time."""
    from rotation import log as rlog
    path = _session(session)
    data = rlog.status(_run(lambda: rlog.state(path)))
    if json_out:
        emit_json(data)
        return
    cfg = data["config"]
    out.print(Text(f"{path}: {cfg['tables']} table(s), {cfg['format']}, mode {cfg['mode']}, "
                   f"{data['games_started']} game(s) started, sit-out limit {data['sitout_limit']}", style="bold"))
    for tb in data["tables"]:
        out.print(f"table {tb['table']}: " + (_teams_text(tb["teams"]) if tb["teams"] else "free"), markup=False)
    t = Table(show_edge=False, box=None, padding=(0, 1), header_style="bold")
    for col in ("Player", "Status", "Table", "Games", "Sat out", "Owed"):
        t.add_column(col, justify="left" if col in ("Player", "Status") else "right")
    for p in data["players"]:
        t.add_row(p["name"], p["status"], str(p["table"] or ""), str(p["games"]), str(p["sitouts"]), p["owed"])
    out.print(t)
    out.print("queue: " + (", ".join(data["queue"]) or "(empty)"), markup=False)


@rotation_app.command("simulate")
def simulate(
    players: int = typer.Option(..., "--players", min=2, help="Players at the start."),
    tables: int = typer.Option(..., "--tables", min=1),
    games: int = typer.Option(..., "--games", min=1),
    seed: int = typer.Option(..., "--seed"),
    churn: bool = typer.Option(False, "--churn", help="Random arrivals and departures."),
    format_: Format = typer.Option(Format.BUGHOUSE, "--format"),
    mode: Mode = typer.Option(Mode.REFILL, "--mode"),
    json_out: bool = JsonOpt,
) -> None:
    """A simulated evening (random game lengths) and its fairness figures."""
    from rotation import simulate as rsim
    k = 4 if format_ is Format.BUGHOUSE else 2
    if players < k * tables and mode is not Mode.RESHUFFLE:
        fail(exitcodes.USAGE, f"--players {players}: at least {k * tables} needed for {tables} {format_.value} table(s)")
    r = _run(lambda: rsim.simulate(players, tables, games, seed, churn=churn, fmt=format_.value, mode=mode.value))
    data = r.as_dict()
    if json_out:
        emit_json(data)
        return
    out.print(Text(f"simulated {data['games']} games: {players} players, {tables} table(s), "
                   f"{format_.value}, mode {mode.value}, seed {seed}" + (", churn" if churn else ""), style="bold"))
    if not churn:
        out.print(f"longest run of sit-outs: {data['max_sitouts']} (bound {data['sitout_bound']})", markup=False)
        out.print(f"largest spread of games at a cycle end: {data['max_spread_at_cycle_end']} "
                  f"({data['cycles']} cycle(s))", markup=False)
    g = sorted(data["final_games"].values())
    out.print(f"games per player: min {g[0]}, max {g[-1]}", markup=False)
    out.print("relaxations: " + (", ".join(f"{k} x{v}" for k, v in data["relaxations"].items()) or "none"),
              markup=False)


@rotation_app.command("publish")
def publish(
    file: Optional[Path] = typer.Argument(None, envvar=ENV, show_default=False, metavar="SESSION",
                                         help=f"The session file (default: ${ENV})."),
    output: Path = typer.Option(..., "-o", "--output", metavar="DIR",
                                help="Folder of the page: new, empty, or one published before (replaced whole)."),
    json_out: bool = JsonOpt,
) -> None:
    """Write the session as a web page for the players (docs/rotation-page.md): the tables in play
    with "why this game?" on each, the queue, and every player's games and sit-outs tonight.  The
    folder holds index.html (self-contained: no script needed, nothing fetched) and board.json;
    it is written whole or not at all, replacing a page published there before."""
    import json

    from arbiter.publish import ROTATION_MARKER, Page, SiteError, Site, check_target, write_site
    from arbiter.publish.rotation_page import render_page
    from rotation.board import read_board

    path = _session(file)
    try:
        check_target(output, path, ROTATION_MARKER)
    except SiteError as exc:
        fail(exitcodes.USAGE, str(exc))
    board = _run(lambda: read_board(path))
    data = board.to_json()
    pages = (Page("index.html", render_page(board, live=False).encode("utf-8")),
             Page("board.json", (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")))
    try:
        write_site(output, Site(pages=pages, verdicts=()), path, ROTATION_MARKER)
    except SiteError as exc:
        fail(exitcodes.USAGE if exc.usage else exitcodes.FILE_ERROR, str(exc))
    except OSError as exc:
        fail(exitcodes.FILE_ERROR, f"cannot write {output}: {exc.strerror or exc}")
    playing = sum(1 for t in board.tables if not t.free)
    present = sum(1 for p in board.players if p.status != "left")
    if json_out:
        emit_json({"session": str(path), "output": str(output), "files": sorted(p.path for p in pages),
                   "version": board.version_json(), "tables": len(board.tables), "in_play": playing,
                   "players": present, "queue": len(board.queue)})
        return
    out.print(f"wrote {str(output).rstrip('/')}/ (index.html, board.json): {playing} of {len(board.tables)} "
              f"table(s) in play, {present} player(s) here, {len(board.queue)} waiting", markup=False)


@rotation_app.command("serve")
def serve(
    session: Optional[Path] = typer.Argument(None, envvar=ENV, show_default=False,
                                             help=f"The session file (default: ${ENV})."),
    host: str = typer.Option("127.0.0.1", "--host",
                             help="The one address to listen on: an IP address of this machine "
                                  "(0.0.0.0 or :: only to listen on every interface)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="The port (0: any free port)."),
    actions: bool = typer.Option(False, "--actions",
                                 help="Also an organiser's page (finish, next, set, arrive, pause, resume, leave) "
                                      "behind a token printed now."),
    json_out: bool = JsonOpt,
) -> None:
    """The live page of the session (tables, queue, players, every table's "why this game?"),
    updated as the session changes; read-only unless --actions. Needs the serve extra. Ctrl-C stops it."""
    path = _session(session)
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        fail(exitcodes.USAGE, "the live page needs the serve extra: pip install 'arbiter[serve]'")
    from arbiter import rotation_server as rs
    from rotation.board import read_board
    _run(lambda: read_board(path))  # a bad session file: the command line's message and exit code
    try:
        sock, address = rs.listen(host, port)
    except rs.ListenError as exc:
        fail(exitcodes.USAGE, str(exc))
    url = rs.url(address)
    token = secrets.token_urlsafe(16) if actions else None
    organiser = f"{url}organiser?token={token}" if token else None
    if json_out:
        emit_json({"session": str(path), "host": address[0], "port": address[1], "url": url,
                   "every_interface": rs.is_wildcard(address[0]), "organiser_url": organiser})
    else:
        out.print(f"serving {path} at {url} ({'read-only; ' if not actions else ''}Ctrl-C stops)", markup=False)
        if organiser:
            out.print(f"organiser's page (keep this address to yourself): {organiser}", markup=False)
        if rs.is_wildcard(address[0]):
            out.print(f"listening on every interface: open http://ADDRESS-OF-THIS-MACHINE:{address[1]}/ "
                      "on a phone; anyone on these networks can read the page", markup=False)
    sys.stdout.flush()  # the address, before the server starts (a pipe is read at once)
    rs.run(rs.make_app(path, token=token), sock)
