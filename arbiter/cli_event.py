"""``arbiter event ...``: run a whole tournament from the command line, in its TRF-2026 file.

Registered on :data:`arbiter.app.app` at import (see :mod:`arbiter.cli`).  Every command is one
library call of :mod:`event` (an operation on the tournament, logged in the file) and one safe
save (:mod:`event.store`: atomic, the previous version kept as ``FILE.bak``).  This module reads
arguments, words the library's typed errors and renders.

A player is named by start rank, FIDE id or name wherever a command names one (``bye``,
``withdraw``, ``forbid``, ``correct``, ``result --by-player``, ``manual``'s boards and ``--bye``:
:mod:`trf.naming`); a name that fits several players is refused listing them, one that fits
nobody with the closest names; the JSON names players by start rank.  Entry refuses rather than
guesses: a board given twice in one ``result`` command, a second withdrawal, and a results file
with any bad row (every bad row listed, ``file:line:column``) are refused, nothing written.

Exit codes: 0 done; 1 no legal pairing exists; 2 the command does not fit the event (unknown or
ambiguous player, board or round, a round already paired, a board given twice, a player already
withdrawn, a results file's row that does not fit the round...); 3 the file (or a list) is not
valid (a results file with a row that is no row or no result code), or a team event; 4 ``manual`` without ``--accept`` found the pairing does not conform; 5 a file cannot
be read or written (or changed meanwhile); 6 the previous round has games without a result;
7 past the last round; 8 the event is finished; 9 FIDE mode asks the arbiter to confirm the act
(``--confirm``; leaving FIDE mode: ``--yes``), nothing written; 10 FIDE mode refuses the act,
nothing written (:mod:`event.fidemode`: the acts, their levels and their ``###`` lines).

A team event (``event new --team``: :mod:`event.team`) is run by the same commands: each sends a
team event to its :mod:`event.team` call (teams registered from ``--teams-csv``, results entered
match by match, ``withdraw``/``bye`` naming teams), and ``forfeit`` and ``lineup`` are its own.
"""

from __future__ import annotations

import os
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import Any, Callable, NoReturn, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import JsonOpt, app, emit_json, err, fail, out, read_text

event_app = typer.Typer(
    help="Run a tournament in its TRF file: create, register, pair, enter results, byes, withdrawals, "
         "manual pairing, undo, log; a team event (new --team) too, with its line-ups and forfeited matches.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(event_app, name="event")

EventFile = typer.Argument(..., help="The event's TRF-2026 file (edited in place; the previous version is kept as FILE.bak; "
                                     "a symbolic link is followed: the file it names is edited, its backup beside it).",
                           show_default=False)


ConfirmOpt = typer.Option(False, "--confirm", help="Confirm an act FIDE mode asks the arbiter to confirm (level 3: "
                                                   "docs/fide-mode.md); without it nothing is written (exit 9).")

#: The command that does each act of :data:`event.fidemode.ACTS` (docs/fide-mode.md's table).
FIDE_MODE_COMMANDS = {
    "renumber-early": "event register FILE ... (a late entry); event correct FILE PLAYER ...",
    "full-point-bye": "event bye FILE PLAYER --kind full",
    "second-half-point-bye": "event bye FILE PLAYER --confirm",
    "prohibition-after-round-1": "event forbid FILE A B --confirm",
    "rounds-changed": "event rounds FILE N --confirm",
    "tiebreaks-changed": "event tiebreaks FILE LIST --confirm",
    "manual-pairing": "event manual FILE BOARD... --accept --confirm",
    "leave-fide-mode": "event fide-mode FILE --leave --reason TEXT --yes",
    "renumber-late": "event correct FILE PLAYER ... --renumber",
    "scoring-changed": "event scoring FILE SCORING",
}


class ColourChoice(str, Enum):
    white = "white"
    black = "black"
    lots = "lots"


class ByeKind(str, Enum):
    half = "half"
    zero = "zero"
    full = "full"


class Missed(str, Enum):
    zero = "zero"
    half = "half"


def _now() -> datetime:
    """The log's clock: ``SOURCE_DATE_EPOCH`` when set (reproducible runs), else the local time."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return datetime.fromtimestamp(int(epoch))
    return datetime.now()


def _date(text: Optional[str], option: str) -> Optional[date]:
    if text is None:
        return None
    try:
        return date.fromisoformat(text.replace("/", "-"))
    except ValueError:
        fail(exitcodes.USAGE, f"{option} {text!r}: expected a date YYYY-MM-DD")


def _printable(value: Any) -> Any:
    """The callback of the options whose text goes into the event's file (names, place,
    arbiters...): a control character is a usage error naming the option and its position
    (exit 2, as every value that does not fit), never written into the file."""
    from trf.text import control_in

    for text in [value] if isinstance(value, str) else value or ():
        found = control_in(text)
        if found is not None:
            raise typer.BadParameter(f"{found}: expected printable text")
    return value


#: The option of ``event register`` that gives each field of a registrant (a refused value is
#: named by its option; one from a list, by the list's line).
_REGISTRANT_OPTIONS = {
    "name": "--name", "title": "--title", "rating": "--rating", "FIDE id": "--fide-id", "federation": "--federation",
    "birth date": "--birth", "sex": "--sex",
}


def _refuse(exc: Exception, path: Path) -> NoReturn:
    """The one-line message and exit code of a library error: the refusals to pair
    (:data:`arbiter.refusals.REFUSALS`), then the event file's own."""
    from arbiter.refusals import refusal
    from event import store
    from event.change import EventError
    from event.fidemode import NeedsConfirmation, RefusedInFideMode
    from event.registration import InvalidRegistrant
    from event.results import BadResultsRow, BadResultsRows
    from event.team.records import TeamRecordsInvalid
    from trf.bounded import InputTooLarge
    from trf.naming import PlayerNotNamed

    found = refusal(exc, path)
    if found is not None:
        fail(*found)
    if isinstance(exc, InputTooLarge):
        fail(exitcodes.INVALID_INPUT, str(exc), file=path)
    if isinstance(exc, NeedsConfirmation):
        how = "confirm with --yes" if exc.level >= 4 else "give --confirm to do it"
        fail(exitcodes.NEEDS_CONFIRMATION, f"{path}: {exc}; nothing written: {how}")
    if isinstance(exc, RefusedInFideMode):
        fail(exitcodes.FIDE_MODE_REFUSES, f"{path}: {exc}; nothing written")
    if isinstance(exc, store.InvalidEventFile):
        render.diagnostics(err, list(exc.diagnostics), str(exc.path))
        fail(exitcodes.INVALID_INPUT, f"{exc}; fix them before editing the event")
    if isinstance(exc, store.UnwritableEvent):
        fail(exitcodes.INVALID_INPUT, str(exc))
    if isinstance(exc, (store.EventFileError, store.ConcurrentChange)):
        fail(exitcodes.FILE_ERROR, str(exc))
    if isinstance(exc, BadResultsRows):
        _bad_rows(exc)
    if isinstance(exc, (InvalidRegistrant, BadResultsRow)) and exc.source:  # a list's row: invalid input
        fail(exitcodes.INVALID_INPUT, str(exc))
    if isinstance(exc, TeamRecordsInvalid):
        fail(exitcodes.INVALID_INPUT, f"{path}: {exc}")
    if isinstance(exc, InvalidRegistrant) and exc.field in _REGISTRANT_OPTIONS:
        fail(exitcodes.USAGE, f"{_REGISTRANT_OPTIONS[exc.field]} {exc.value!r}: expected {exc.expected}")
    if isinstance(exc, (EventError, PlayerNotNamed)):
        fail(exitcodes.USAGE, f"{path}: {exc}")
    raise exc


def _bad_rows(exc: Any) -> NoReturn:
    """Every bad row of a results file, one line each (``file:line:column: what, expected``), then
    the verdict: exit 3 when a row is not a row of the form or holds no result code, else 2 (rows
    that do not fit the round); nothing entered either way."""
    from trf.diagnostics import Diagnostic, Severity

    for p in exc.problems:
        err.print(f"{p.where(exc.source)}: {p.message}", markup=False)
    n = len(exc.problems)
    code = exitcodes.INVALID_INPUT if exc.invalid else exitcodes.USAGE
    fail(code, f"{exc.source}: {n} bad row{'' if n == 1 else 's'}; nothing entered (every row is checked before any "
               "is entered)",
         [Diagnostic(Severity.ERROR, p.kind, p.message, p.line, p.column) for p in exc.problems], Path(exc.source))


def _call(path: Path, fn: Callable[[], Any]) -> Any:
    from arbiter.refusals import refusals
    from event.change import EventError
    from trf.bounded import InputTooLarge

    from trf.naming import PlayerNotNamed

    try:
        return fn()
    except Exception as exc:
        if isinstance(exc, (EventError, InputTooLarge, PlayerNotNamed, *refusals())):
            _refuse(exc, path)
        raise


def _player(t: Any, text: str) -> int:
    """The start rank of the player ``text`` names: a start rank, a FIDE id or an unambiguous name
    (:func:`trf.naming.resolve_player`; several players or none: exit 2, listing the candidates or
    the closest names).  A number of at most four digits that names nobody is passed on: the
    library refuses it (:class:`event.change.UnknownPlayer`) after the event's own refusals."""
    from trf.naming import PlayerNotNamed, resolve_player

    try:
        return resolve_player(t, text)
    except PlayerNotNamed:
        if text.isascii() and text.isdecimal() and len(text.lstrip("0")) <= 4:
            return int(text)  # a start rank nobody has: the library refuses it after the event's own refusals
        raise


def _team_number(text: str) -> int:
    """A team named by its pairing number (a team event's withdrawals and byes)."""
    if not (text.isascii() and text.isdecimal() and len(text.lstrip("0")) <= 4):
        fail(exitcodes.USAGE, f"{text[:20]!r}: expected a team's pairing number")
    return int(text)


#: How the help names a player.
PLAYER_HELP = ("The player: start rank, FIDE id or name (\"Okafor\", \"Okafor, Adaeze\"; a name that fits "
               "several players is refused, listing them)")


def _print_warnings(warnings: Any) -> None:
    for w in warnings:
        err.print(f"warning: {w.message}", markup=False)


def _commit(path: Path, operation: Callable[[Any], Any], json_out: bool,
            show: Optional[Callable[[Any], None]] = None) -> Any:
    """Load the event, run ``operation`` on its tournament, log and save it; report."""
    from event import log, store

    loaded = _call(path, lambda: store.load(path))
    change = _call(path, lambda: operation(loaded.tournament))
    saved = _call(path, lambda: store.save(path, log.record(change, _now()), loaded.data))
    _report(path, change, saved, json_out, show)
    return change


def _report(path: Path, change: Any, saved: Any, json_out: bool, show: Optional[Callable[[Any], None]]) -> None:
    if json_out:
        emit_json({"file": str(path), "action": change.action, "details": change.details,
                   "warnings": [w.as_dict() for w in change.warnings], "data": change.data,
                   "written": True, "backup": str(saved.backup) if saved.backup else None})
        return
    out.print(change.summary, markup=False)
    _print_warnings(change.warnings)
    if show is not None:
        show(change)


# ---------------------------------------------------------------------------------- new


#: The option of ``event new`` that gives each setting of :class:`event.create.EventSettings`,
#: so that a refused setting is named as the user wrote it.
_SETTING_OPTIONS = {
    "name": "--name", "number of rounds": "--rounds", "federation": "--federation", "end date": "--end",
    "scoring": "--scoring", "PAB value": "--scoring", "tie-break list": "--tiebreaks",
    "pairing system": "--system", "edition of the rules": "--rules",
    "team pairing code": "--team-code", "board colours": "--board-colours", "number of boards": "--boards",
    "match points": "--match-points", "team PAB value": "--pab",
}


@event_app.command("new")
def new(
    file: Path = typer.Argument(..., help="The TRF file to create (never written over an existing file).", show_default=False),
    name: str = typer.Option(..., "--name", help="Name of the event (012).", callback=_printable),
    rounds: int = typer.Option(..., "--rounds", min=1, help="Number of rounds (142; C.04.1 Art. 1)."),
    city: str = typer.Option("", "--city", help="Place (022).", callback=_printable),
    federation: str = typer.Option("", "--federation", help="Federation, three letters (032).", callback=_printable),
    start: Optional[str] = typer.Option(None, "--start", help="First day, YYYY-MM-DD (042)."),
    end: Optional[str] = typer.Option(None, "--end", help="Last day, YYYY-MM-DD (052)."),
    arbiter: str = typer.Option("", "--arbiter", help="Chief arbiter (102), e.g. \"IA Jane Doe (1500000)\".",
                                 callback=_printable),
    deputy: Optional[list[str]] = typer.Option(None, "--deputy", help="Deputy arbiter (112); repeat for several.",
                                                callback=_printable),
    time_control: str = typer.Option("", "--time-control", help="Time control in words (122), e.g. 90'+30\".",
                                      callback=_printable),
    round_dates: Optional[str] = typer.Option(None, "--round-dates", help="Date of each round, comma-separated YYYY-MM-DD (132)."),
    scoring: str = typer.Option("1/0.5/0", "--scoring", help="Points for win/draw/loss, e.g. 3/1/0; add ,PAB=x for another PAB value."),
    colour: ColourChoice = typer.Option(ColourChoice.lots, "--initial-colour",
                                        help="Colour of the top player in round 1: white, black, or lots (drawn with --seed)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the drawing of lots (default: a random seed, logged)."),
    tiebreaks: Optional[str] = typer.Option(None, "--tiebreaks", metavar="LIST",
                                            help="Tie-break list for 202, e.g. \"BH/C1,BH,SB,DE\" (default BH/C1,BH,DE,WIN,BWG)."),
    system: Optional[str] = typer.Option(None, "--system", metavar="NAME",
                                         help="Pairing system (arbiter systems lists them; default: the FIDE Dutch "
                                              "system, C.04.3)."),
    rules: Optional[str] = typer.Option(None, "--rules", metavar="EDITION",
                                        help="Edition of the system's rules (default: the one in force)."),
    team: bool = typer.Option(False, "--team", help="A team event: the FIDE Team Swiss (C.04.6), 192 FIDE_TEAM."),
    team_code: Optional[str] = typer.Option(None, "--team-code", metavar="CODE",
                                            help="The team event's 192 code: FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]"
                                                 "[_BAKU] (default FIDE_TEAM: Type A colours, match points first); "
                                                 "implies --team."),
    boards: Optional[int] = typer.Option(None, "--boards", min=1, help="Boards per match (352 WBWB...; default 4)."),
    board_colours: Optional[str] = typer.Option(None, "--board-colours", metavar="PATTERN",
                                                help="The White team's board colours (352), e.g. WBBW."),
    match_points: str = typer.Option("2/1/0", "--match-points", help="Match points for a won/drawn/lost match (362)."),
    pab: Optional[str] = typer.Option(None, "--pab", metavar="MP/GP",
                                      help="Match and game points of a team's PAB (320; default: a drawn match's)."),
    json_out: bool = JsonOpt,
) -> None:
    """Create an event file: headers, rounds, scoring, initial colour (or a drawing of lots), tie-breaks;
    with --team, a team event (192 FIDE_TEAM, 352 board colours, 362 match points, 320 PAB)."""
    from event import log, store
    from event.create import EventSettings, InvalidSetting, new_event, parse_scoring
    from trf.model import Colour

    team = team or team_code is not None
    if not team and (boards is not None or board_colours is not None or pab is not None or match_points != "2/1/0"):
        fail(exitcodes.USAGE, "--boards, --board-colours, --match-points and --pab are for a team event (--team)")
    if boards is not None and board_colours is not None and len(board_colours) != boards:
        fail(exitcodes.USAGE, f"--board-colours {board_colours}: {len(board_colours)} boards, --boards says {boards}")

    dates: tuple[date, ...] = ()
    if round_dates:
        dates = tuple(d for d in (_date(x.strip(), "--round-dates") for x in round_dates.split(",") if x.strip())
                      if d is not None)
    try:
        settings = EventSettings(
            name=name, rounds=rounds, city=city, federation=federation, start=_date(start, "--start"),
            end=_date(end, "--end"), chief_arbiter=arbiter, deputy_arbiters=tuple(deputy or ()),
            time_control=time_control, round_dates=dates, scoring=parse_scoring(scoring),
            initial_colour=None if colour is ColourChoice.lots else (
                Colour.WHITE if colour is ColourChoice.white else Colour.BLACK),
            seed=seed, tiebreaks=tiebreaks, system=system, rules=rules)
        if team:
            from event.team.create import DEFAULT_CODE, TeamSettings, board_pattern, new_team_event, parse_match_points, \
                parse_pab

            pattern = board_colours if board_colours is not None else board_pattern(boards if boards is not None else 4)
            change = new_team_event(settings, TeamSettings(team_code or DEFAULT_CODE, pattern,
                                                           parse_match_points(match_points),
                                                           parse_pab(pab) if pab is not None else None))
        else:
            change = new_event(settings)
    except InvalidSetting as exc:
        option = _SETTING_OPTIONS.get(exc.setting)
        fail(exitcodes.USAGE, f"{option} {exc.value}: expected {exc.expected}" if option else str(exc))
    saved = _call(file, lambda: store.save(file, log.record(change, _now()), None))
    _report(file, change, saved, json_out, None)


# ---------------------------------------------------------------------------------- register


@event_app.command("register")
def register(
    file: Path = EventFile,
    csv_file: Optional[Path] = typer.Option(None, "--csv", help="Register everyone in this list (CSV with a header row, "
                                                                "or a FIDE rating-list extract)."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of one player (Lastname, Firstname).",
                                       callback=_printable),
    title: str = typer.Option("", "--title", help="FIDE title: GM IM WGM FM WIM CM WFM WCM.", callback=_printable),
    rating: Optional[int] = typer.Option(None, "--rating", min=0, help="FIDE rating (blank or 0: unrated)."),
    fide_id: str = typer.Option("", "--fide-id", help="FIDE id.", callback=_printable),
    federation: str = typer.Option("", "--federation", help="Federation, three letters.", callback=_printable),
    birth: str = typer.Option("", "--birth", help="Birth date YYYY/MM/DD (or a year).", callback=_printable),
    sex: str = typer.Option("", "--sex", help="m or w.", callback=_printable),
    from_round: Optional[int] = typer.Option(None, "--from-round", min=1,
                                             help="First round the player(s) play (default: the next round to pair)."),
    missed: Missed = typer.Option(Missed.zero, "--missed", help="The rounds missed before it: zero (default) or half-point byes."),
    teams_csv: Optional[Path] = typer.Option(None, "--teams-csv", help="A team event: register the teams of this list "
                                                                       "(CSV: team, tpn, nickname, then the player "
                                                                       "columns; each team's players in board order)."),
    json_out: bool = JsonOpt,
) -> None:
    """Register players, with starting ranks by C.04.2 Art. 2 (rating, title, name); after round 1, late entries.
    In a team event, teams with their players (--teams-csv)."""
    from event.registration import Registrant, parse_registrants, register as run
    from trf.limits import ENTRANTS
    from trf.model import Result

    if teams_csv is not None:
        if csv_file is not None or name is not None or from_round is not None:
            fail(exitcodes.USAGE, "give --teams-csv LIST alone (a team list registers teams; --from-round is for players)")
        from event.team.registration import parse_teams, register_teams

        text = read_text(teams_csv, None, "list of teams", ENTRANTS)
        entries = _call(file, lambda: parse_teams(text, str(teams_csv)))
        code = Result.HALF_POINT_BYE if missed is Missed.half else Result.ZERO_POINT_BYE
        _commit(file, lambda t: register_teams(t, entries, missed=code, source=str(teams_csv)), json_out)
        return
    if (csv_file is None) == (name is None):
        fail(exitcodes.USAGE, "give either --csv LIST or --name NAME (or --teams-csv LIST in a team event)")
    if csv_file is not None:
        text = read_text(csv_file, None, "list of players", ENTRANTS)
        people = _call(file, lambda: parse_registrants(text, str(csv_file)))
        source = str(csv_file)
    else:
        assert name is not None
        people = [Registrant(name, title, rating, fide_id, federation, birth, sex)]
        source = ""
    kind = Result.HALF_POINT_BYE if missed is Missed.half else Result.ZERO_POINT_BYE
    from event.matches import is_match_event, register_players

    _commit(file, lambda t: register_players(t, people, first_match=from_round, missed=kind, source=source)
            if is_match_event(t) else run(t, people, first_round=from_round, missed=kind, source=source), json_out)


# ---------------------------------------------------------------------------------- pair / undo


def _show_round(change: Any) -> None:
    from trf.model import Tournament

    t: Tournament = change.after
    rnd = change.data["round"]
    if change.data.get("team"):
        _show_team_round(t, rnd)
        return
    if change.data.get("columns"):  # a round of two-game matches (event.matches)
        from arbiter.render_matches import match_table

        match_table(out, t, rnd)
        return
    pairs = [(b["white"], b["black"]) for b in change.data["boards"]]
    render.pairing_table(out, t, rnd, pairs, change.data.get("bye"))


@event_app.command("pair")
def pair(
    file: Path = EventFile,
    day: Optional[str] = typer.Option(None, "--date", help="Date of the round, YYYY-MM-DD, for record 132."),
    json_out: bool = JsonOpt,
) -> None:
    """Pair the next round into the file (after checking that every game of the previous round has a result); a
    team event: each match board by board by the 352 colours."""
    from event.next_round import pair_into
    from event.team import is_team_event
    from event.team.rounds import pair_into as pair_team_round

    from event.matches import is_match_event, pair_match

    when = _date(day, "--date")
    _commit(file, lambda t: (pair_team_round if is_team_event(t) else pair_match if is_match_event(t) else pair_into)(
        t, day=when), json_out, _show_round)


def _show_team_round(t: Any, rnd: int) -> None:
    from event.team.matches import round_matches
    from event.team.records import event_of

    ev = event_of(t)
    render.team_round(out, t, round_matches(t, rnd, ev), ev)


@event_app.command("undo")
def undo(file: Path = EventFile, json_out: bool = JsonOpt) -> None:
    """Take back the last round's pairing while none of its games has a result (a team event: no board of any
    match, no match forfeited)."""
    from event.next_round import undo_pairing
    from event.team import is_team_event
    from event.team.rounds import undo_pairing as undo_team_pairing

    from event.matches import is_match_event, undo_match

    _commit(file, lambda t: (undo_team_pairing if is_team_event(t) else undo_match if is_match_event(t)
                             else undo_pairing)(t), json_out)


# ---------------------------------------------------------------------------------- results


@event_app.command("result")
def result(
    file: Path = EventFile,
    items: Optional[list[str]] = typer.Argument(None, help="BOARD RESULT pairs (White's result first: 1-0 0-1 ½-½ = +- "
                                                           "1-0f 0-1f 0-0f W-L L-W D-D, ? adjourned, * clears); with "
                                                           "--by-player, PLAYER RESULT pairs (the player by start rank, "
                                                           "FIDE id or name; 1 0 = + - 1f 0f W D L ?). A board given "
                                                           "twice is refused, nothing entered. Put -- before "
                                                           "codes that start with a minus: -- 3 -+. In a team event, "
                                                           "MATCH RESULTS pairs: the match's number or its teams (4-7), "
                                                           "then one code per board from the first team's side "
                                                           "(\"1 = 0 +\" or \"1=0+\"; . keeps a board, * clears it).",
                                                show_default=False),
    by_player: bool = typer.Option(False, "--by-player", help="The pairs name players (start rank, FIDE id or name) "
                                                              "and their own results (two-game matches: PLAYER GAME1 "
                                                              "GAME2, each game from the player's side)."),
    csv_file: Optional[Path] = typer.Option(None, "--csv", help="A whole round: rows board,result or white,black,result "
                                                                "(a team event: match,results or match,board,result; "
                                                                "two-game matches: board,game1,game2 or "
                                                                "white,black,game1,game2); "
                                                                "all or nothing: a file with a bad row enters nothing "
                                                                "and every bad row is listed (exit 3 for a row that is "
                                                                "no row or no result, else 2)."),
    round_: Optional[int] = typer.Option(None, "--round", min=1, help="The round (default: the last round paired; "
                                                                       "a round robin's first with a game without a "
                                                                       "result)."),
    json_out: bool = JsonOpt,
) -> None:
    """Enter results by board or by player, one or several at a time, or a whole round from a CSV; in a team
    event, match by match, every board from the first-named team's side. A board given twice in one command,
    or a results file with any bad row, is refused (exit 2; a row that is no row or no result: 3), nothing
    entered."""
    from event.change import Change, NotATeamEvent
    from event.results import enter_given, enter_results
    from event.team import is_team_event
    from event.team import results as team
    from trf.limits import RESULTS

    from event import matches, store

    values = list(items or [])
    loaded = _call(file, lambda: store.load(file))
    in_matches = matches.is_match_event(loaded.tournament)
    if csv_file is not None:
        if values:
            fail(exitcodes.USAGE, f"give either --csv FILE or {'BOARD GAME1 GAME2 triples' if in_matches else 'BOARD RESULT pairs'}"
                                  ", not both")
        text = read_text(csv_file, None, "results file", RESULTS)
        _commit(file, lambda t: (matches.enter_match_results_csv if in_matches else team.enter_results
                                 if is_team_event(t) else enter_results)(t, text, round_, str(csv_file)),
                json_out, _show_results)
        return
    if in_matches:
        if by_player:
            if not values or len(values) % 3:
                fail(exitcodes.USAGE, "each round is a match of two games: give PLAYER GAME1 GAME2 triples with "
                                      "--by-player, each game from the player's own side (e.g. 3 1 =)")
            _commit(file, lambda t: matches.enter_match_results_by_player(
                t, [(_player(t, values[k]), values[k + 1], values[k + 2]) for k in range(0, len(values), 3)], round_),
                json_out, _show_results)
            return
        parsed = _call(file, lambda: matches.parse_match_items(values))
        _commit(file, lambda t: matches.enter_match_results(t, parsed, round_), json_out, _show_results)
        return
    if not values or len(values) % 2:
        fail(exitcodes.USAGE, "give BOARD RESULT pairs (e.g. 3 1-0), PLAYER RESULT pairs with --by-player, MATCH "
                              "RESULTS pairs in a team event (e.g. 2 \"1 = 0 1\"), or --csv FILE")

    def run_team(t: Any) -> Change:
        if by_player:
            raise NotATeamEvent("its results are entered match by match (MATCH RESULTS), not by player", team=True)
        done = []
        for k in range(0, len(values), 2):
            change = team.enter_match_result(t, values[k], values[k + 1], round_)
            t = change.after
            done.append(change)
        if len(done) == 1:
            return done[0]
        last = done[-1]
        return Change(t, f"results round {last.data['round']}", "; ".join(c.details for c in done),
                      tuple(w for c in done for w in c.warnings), {"round": last.data["round"],
                                                                   "entered": [c.data for c in done]})

    def run(t: Any) -> Change:
        if is_team_event(t):
            return run_team(t)
        pairs = []
        for k in range(0, len(values), 2):
            if by_player:
                pairs.append((_player(t, values[k]), values[k + 1]))
                continue
            # isdecimal: what int() reads ('²' is a digit to isdigit); 4 digits: TRF's start ranks, and
            # a 5,000-digit number never reaches int()
            if not values[k].isdecimal() or len(values[k].lstrip("0")) > 4:
                shown = values[k] if len(values[k]) <= 20 else values[k][:20] + "..."
                fail(exitcodes.USAGE, f"{shown!r}: expected a board number (at most 4 digits)")
            pairs.append((int(values[k]), values[k + 1]))
        return enter_given(t, pairs, round_, by_player=by_player)

    _commit(file, run, json_out, _show_results)


def _show_results(change: Any) -> None:
    left = change.data.get("pending_boards") or []
    if not left:
        return
    out.print(f"boards without a result: {', '.join(map(str, left))}", markup=False)


@event_app.command("forfeit")
def forfeit(
    file: Path = EventFile,
    match: str = typer.Argument(..., help="The match: its number, or its teams (4-7).", show_default=False),
    code: str = typer.Argument(..., help="+- the first team wins by forfeit (the other did not come), -+ the other "
                                         "way round, -- neither came; * takes the forfeit back. Put -- before a code "
                                         "that starts with a minus: -- 3 -+", show_default=False),
    round_: Optional[int] = typer.Option(None, "--round", min=1, help="The round (default: the last round paired)."),
    json_out: bool = JsonOpt,
) -> None:
    """A team event: a whole match forfeited (330), or the forfeit taken back."""
    from event.team import is_team_event
    from event.team.results import forfeit_match

    def run(t: Any) -> Any:
        if not is_team_event(t):
            from event.change import NotATeamEvent

            raise NotATeamEvent("a forfeited game is a board result (event result FILE BOARD +-)")
        return forfeit_match(t, match, code, round_)

    _commit(file, run, json_out)


@event_app.command("lineup")
def lineup(
    file: Path = EventFile,
    team: int = typer.Argument(..., help="The team's pairing number.", show_default=False),
    players: list[str] = typer.Argument(..., help="The player on each board, by place in the team's list (1 = its "
                                                  "first player; with --start-ranks, by start rank); 0 or - for an "
                                                  "empty board.", show_default=False),
    start_ranks: bool = typer.Option(False, "--start-ranks", help="The players are given by start rank."),
    round_: Optional[int] = typer.Option(None, "--round", min=1, help="The round (default: the last round paired)."),
    json_out: bool = JsonOpt,
) -> None:
    """A team event: a team's line-up for a round paired (300), when it is not the default board order."""
    from event.team import is_team_event
    from event.team.rounds import set_lineup

    numbers = []
    for p in players:
        if p in ("-", "0"):
            numbers.append(0)
        elif p.isascii() and p.isdigit() and len(p.lstrip("0")) <= 4:
            numbers.append(int(p))
        else:
            fail(exitcodes.USAGE, f"{p[:20]!r}: expected a player's place in the team (or start rank), 0 or - for an empty board")

    def run(t: Any) -> Any:
        if not is_team_event(t):
            from event.change import NotATeamEvent

            raise NotATeamEvent("line-ups belong to team events")
        return set_lineup(t, team, tuple(numbers), round_, places=not start_ranks)

    _commit(file, run, json_out)


@event_app.command("boards")
def boards(
    file: Path = EventFile,
    round_: Optional[int] = typer.Option(None, "--round", min=1, help="The round (default: the last round paired; "
                                                                       "a round robin's first with a game without a "
                                                                       "result)."),
    csv_out: bool = typer.Option(False, "--csv", help="A team event: the round as a CSV sheet to fill in "
                                                     "(match,board,result,... read back by 'result --csv')."),
    json_out: bool = JsonOpt,
) -> None:
    """The boards of a round with their results, numbered as entered with 'result'; a team event: every match
    with its boards."""
    from rich.table import Table

    from event import store
    from event.results import RoundNotPaired, boards as board_list, current_round

    from arbiter.app import refuse_conflicting_outputs

    refuse_conflicting_outputs(("--json", "json" if json_out else None), ("--csv", "csv" if csv_out else None))
    t = _call(file, lambda: store.load(file)).tournament
    rnd = round_ if round_ is not None else current_round(t)
    if not 1 <= rnd <= t.rounds_paired:
        _refuse(RoundNotPaired(rnd, t.rounds_paired), file)
    from event.team import is_team_event

    if is_team_event(t):
        _team_boards(file, t, rnd, json_out, csv_out)
        return
    from event.matches import is_match_event

    if is_match_event(t):
        _match_boards(file, t, round_, json_out, csv_out)
        return
    if csv_out:
        fail(exitcodes.USAGE, "--csv writes a team event's result sheet; this event is individual")
    rows = board_list(t, rnd)
    byes = t.byes(rnd)
    if json_out:
        emit_json({"file": str(file), "round": rnd,
                   "boards": [{"board": b.number, "white": b.white, "black": b.black, "result": b.result or None}
                              for b in rows],
                   "byes": [{"player": b.player, "kind": b.kind.value} for b in byes]})
        return
    table = Table(title=f"{t.name}: round {rnd}", header_style="bold")
    for head, justify in (("Bd", "right"), ("No", "right"), ("White", "left"), ("Result", "center"),
                          ("Black", "left"), ("No", "right")):
        table.add_column(head, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for b in rows:
        table.add_row(str(b.number), str(b.white), t.player(b.white).name, b.result or "", t.player(b.black).name,
                      str(b.black))
    if byes:
        table.caption = "Byes: " + ", ".join(f"{b.player} ({b.kind.value})" for b in byes)
    width = None if out.is_terminal else max(out.width, out.measure(table).maximum)
    out.print(table, width=width)


def _match_boards(file: Path, t: Any, round_: Optional[int], json_out: bool, csv_out: bool) -> None:
    """``event boards`` of an event of two-game matches: the match round's boards with both games."""
    from event.matches import match_boards
    from event.results import RoundNotPaired
    from trf.matches import matches_paired

    from arbiter.render_matches import match_table

    if csv_out:
        fail(exitcodes.USAGE, "--csv writes a team event's result sheet; this event is individual")
    k = round_ if round_ is not None else matches_paired(t)
    if not 1 <= k <= matches_paired(t):
        _refuse(RoundNotPaired(k, matches_paired(t)), file)
    if json_out:
        emit_json({"file": str(file), "round": k, "boards": [
            {"board": b.number, "white": b.white, "black": b.black, "games": [b.game_text(1) or None,
                                                                              b.game_text(2) or None],
             "score": None if b.pending else [str(b.points[0]), str(b.points[1])]} for b in match_boards(t, k)]})
        return
    match_table(out, t, k)


def _team_boards(file: Path, t: Any, rnd: int, json_out: bool, csv_out: bool) -> None:
    """``event boards`` of a team event: every match of the round with every board (``--csv``: the
    sheet to fill in, every cell a spreadsheet would run as a formula written as text)."""
    from event.team.matches import result_sheet, round_matches
    from event.team.records import event_of
    from event.team.rounds import match_data

    ev = _call(file, lambda: event_of(t))
    if csv_out:
        import io

        from trf import spreadsheet

        buf = io.StringIO()
        spreadsheet.writer(buf).writerows(_call(file, lambda: result_sheet(t, rnd, ev)))
        out.file.write(buf.getvalue())
        return
    rm = _call(file, lambda: round_matches(t, rnd, ev))
    if json_out:
        emit_json({"file": str(file), "round": rnd, "team": True, "matches": [match_data(t, m) for m in rm.matches],
                   "pab": rm.pab, "byes": {str(tpn): kind for tpn, kind in sorted(rm.byes.items())}})
        return
    render.team_round(out, t, rm, ev)


# ---------------------------------------------------------------------------------- absences


@event_app.command("withdraw")
def withdraw(
    file: Path = EventFile,
    player: str = typer.Argument(..., help=PLAYER_HELP + " (a team event: the team's pairing number).",
                                 show_default=False),
    from_round: Optional[int] = typer.Option(None, "--from-round", min=1, help="First round missed (default: the next round to pair)."),
    json_out: bool = JsonOpt,
) -> None:
    """Withdraw a player: not paired from that round on (C.04.2 Art. 3.2); in a team event, a team. A player
    (or team) already withdrawn from that round or an earlier one is refused (exit 2), nothing written."""
    from event.absences import withdraw as run
    from event.team import is_team_event
    from event.team.absences import withdraw as run_team

    def act(t: Any) -> Any:
        if is_team_event(t):
            return run_team(t, _team_number(player), from_round)
        from event.matches import is_match_event, withdraw_from_match

        if is_match_event(t):
            return withdraw_from_match(t, _player(t, player), from_round)
        return run(t, _player(t, player), from_round)

    _commit(file, act, json_out)


@event_app.command("bye")
def bye(
    file: Path = EventFile,
    player: str = typer.Argument(..., help=PLAYER_HELP + " (a team event: the team's pairing number).",
                                 show_default=False),
    round_: Optional[int] = typer.Option(None, "--round", min=1, help="The round (default: the next round to pair)."),
    kind: ByeKind = typer.Option(ByeKind.half, "--kind", help="half (H, default), zero (Z) or full (F, deprecated by FIDE)."),
    cancel: bool = typer.Option(False, "--cancel", help="Withdraw the bye declared for that round instead."),
    confirm: bool = ConfirmOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Grant a requested bye for a round not yet paired (C.04.2 Art. 3.3), or cancel one; in a team event,
    to a team. FIDE mode warns a full-point bye (### FPB) and asks to confirm a second half-point bye (### HPB)."""
    from event.absences import cancel_bye, request_bye
    from event.team import absences as team
    from event.team import is_team_event
    from trf.model import Result

    code = {ByeKind.half: Result.HALF_POINT_BYE, ByeKind.zero: Result.ZERO_POINT_BYE,
            ByeKind.full: Result.FULL_POINT_BYE}[kind]

    def run(t: Any) -> Any:
        from event import matches
        from trf.matches import matches_paired

        if matches.is_match_event(t):
            k = round_ if round_ is not None else matches_paired(t) + 1
            pid = _player(t, player)
            return matches.cancel_match_bye(t, pid, k) if cancel else matches.request_match_bye(
                t, pid, k, code, acknowledged=confirm)
        rnd = round_ if round_ is not None else t.rounds_paired + 1
        if is_team_event(t):
            tpn = _team_number(player)
            return team.cancel_bye(t, tpn, rnd) if cancel else team.request_bye(t, tpn, rnd, code)
        pid = _player(t, player)
        return cancel_bye(t, pid, rnd) if cancel else request_bye(t, pid, rnd, code, acknowledged=confirm)

    _commit(file, run, json_out)


@event_app.command("forbid")
def forbid(
    file: Path = EventFile,
    players: list[str] = typer.Argument(..., help="Two or more players who may not meet: start ranks, FIDE ids or names.",
                                        show_default=False),
    from_round: Optional[int] = typer.Option(None, "--from-round", min=1, help="First round of the ban (default: the next round)."),
    to_round: Optional[int] = typer.Option(None, "--to-round", min=1, help="Last round of the ban (default: the last round)."),
    confirm: bool = ConfirmOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Forbid pairings (260): announced before round 1 is paired; later FIDE mode asks to confirm it and it is
    recorded (### Prohibition)."""
    from event.absences import forbid as run
    from event.matches import is_match_event

    def act(t: Any) -> Any:
        first, last = from_round, to_round
        if is_match_event(t):  # match rounds: the ban covers both columns of each match
            first = 2 * first - 1 if first is not None else None
            last = 2 * last if last is not None else None
        return run(t, tuple(_player(t, p) for p in players), first, last, acknowledged=confirm)

    _commit(file, act, json_out)


# ---------------------------------------------------------------------------------- manual pairing


def _show_assessment(a: Any, t: Any) -> None:
    rnd = a.round
    given = set(a.given)
    from event.matches import is_match_event

    if is_match_event(a.after):
        from arbiter.render_matches import match_table

        match_table(out, a.after, rnd)
    else:
        render.pairing_table(out, a.after, rnd, list(a.boards), a.bye)
    added = [f"{w}-{b}" for w, b in a.boards if (w, b) not in given]
    if added:
        out.print(f"paired by the engine: {' '.join(added)}", markup=False)
    for note in a.notes:
        out.print(f"note: {note}", markup=False)
    for w in a.warnings:
        out.print(f"warning: {w.message}", markup=False)
    if a.engine_found_none:  # draft VCL4THP Q63: the round is paired by hand
        out.print(f"the engine found no legal pairing: {a.engine_none}", markup=False)
        for finding in a.check.get("findings") or []:
            out.print(f"checker: {finding['message']}", markup=False)
        return
    if a.same_as_engine:
        out.print("the engine pairs the round the same way", markup=False)
    else:
        engine, mine = a.differences()
        out.print(f"the engine's pairing differs: {' '.join(engine)} => {' '.join(mine)}", markup=False)
    findings = a.findings
    if a.conforms:
        from systems import select

        out.print(f"checker: the round conforms to {select(a.after).edition.title}", markup=False)
    elif findings:  # every finding, as check reports them once the round is written
        out.print(f"checker: loses on {findings[0]['criterion']}: {findings[0]['message']}", markup=False)
        for finding in findings[1:]:
            out.print(f"checker: also {finding['message']}", markup=False)


@event_app.command("manual")
def manual(
    file: Path = EventFile,
    given: list[str] = typer.Argument(..., help="Boards as WHITE-BLACK, e.g. 12-7 3-4 (the engine pairs the rest); each "
                                                "player by start rank, FIDE id or name (\"Okafor-Lee\"; a name with a "
                                                "'-' is read where only one split names two players).",
                                      show_default=False),
    bye: Optional[str] = typer.Option(None, "--bye", help="The player who gets the pairing-allocated bye (start rank, "
                                                          "FIDE id or name)."),
    accept_: bool = typer.Option(False, "--accept", help="Write the round into the file (recorded as '### MPA @ Round n')."),
    confirm: bool = typer.Option(False, "--confirm", help="With --accept: confirm a round that differs from the "
                                                         "engine's pairing (FIDE mode, level 3); without it nothing is "
                                                         "written (exit 9)."),
    json_out: bool = JsonOpt,
) -> None:
    """Pair the next round by hand: warnings, the engine's pairing and every finding of the checker (those
    'arbiter check' reports once the round is written); --accept writes it."""
    from event import log, store
    from event.manual import accept, assess, parse_board

    loaded = _call(file, lambda: store.load(file))
    t = loaded.tournament
    boards_given = tuple(_call(file, lambda: [parse_board(g, t) for g in given]))
    bye_player = _call(file, lambda: _player(t, bye)) if bye is not None else None
    from event.matches import assess_match, is_match_event

    a = _call(file, lambda: (assess_match if is_match_event(t) else assess)(t, boards_given, bye_player))
    if not accept_:
        if json_out:
            emit_json({"file": str(file), "accepted": False, **a.as_dict()})
        else:
            _show_assessment(a, loaded.tournament)
            out.print("nothing written (give --accept to write this round)", markup=False)
        if not a.conforms:
            raise typer.Exit(exitcodes.DISCREPANCY)
        return
    if not json_out:
        _show_assessment(a, loaded.tournament)
    change = _call(file, lambda: accept(loaded.tournament, a, acknowledged=confirm))
    saved = _call(file, lambda: store.save(file, log.record(change, _now()), loaded.data))
    acts = [w for w in change.warnings if w not in a.warnings]  # FIDE mode's (event.fidemode)
    if json_out:
        emit_json({"file": str(file), "accepted": True, **a.as_dict(), "fide_mode": [w.as_dict() for w in acts],
                   "backup": str(saved.backup) if saved.backup else None})
        return
    out.print(change.summary, markup=False)
    _print_warnings(acts)


# ---------------------------------------------------------------------------------- FIDE mode, settings


def _mode_words(mode: Any) -> str:
    if mode.fide:
        return "FIDE mode: on"
    return f"FIDE mode: left at round {mode.left_at}" + (f" ({mode.reason})" if mode.reason else "")


def _interactive() -> bool:
    """Whether the arbiter can be asked at a prompt: standard input and error are terminals."""
    import sys

    return sys.stdin.isatty() and err.is_terminal


@event_app.command("fide-mode")
def fide_mode(
    file: Path = EventFile,
    leave_: bool = typer.Option(False, "--leave", help="Leave FIDE mode, for good (needs --reason, and --yes or an "
                                                        "answer at the prompt)."),
    reason: Optional[str] = typer.Option(None, "--reason", metavar="TEXT", help="Why the event leaves FIDE mode "
                                                                                 "(written into the file).",
                                         callback=_printable),
    yes: bool = typer.Option(False, "--yes", help="Confirm leaving FIDE mode without a prompt."),
    json_out: bool = JsonOpt,
) -> None:
    """The event's mode (FIDE mode, or when and why it was left); --leave --reason TEXT --yes leaves FIDE mode,
    for good: no command re-enters it (### FIDE mode exited @ Round r: TEXT)."""
    from event import fidemode, store

    if not leave_:
        if reason is not None or yes:
            fail(exitcodes.USAGE, "--reason and --yes go with --leave")
        t = _call(file, lambda: store.load(file)).tournament
        mode = fidemode.mode(t)
        if json_out:
            emit_json({"file": str(file), **mode.as_dict(),
                       "acts": [{**a.as_dict(), "command": FIDE_MODE_COMMANDS[a.code]} for a in fidemode.ACTS]})
            return
        out.print(_mode_words(mode), markup=False)
        return
    if reason is None or not reason.strip():
        fail(exitcodes.USAGE, "--leave needs --reason TEXT: the file says why the event left FIDE mode")
    confirmed = yes
    if not yes and not json_out and _interactive() and fidemode.mode(_call(file, lambda: store.load(file)).tournament).fide:
        err.print(f"warning: {fidemode.act('leave-fide-mode').words}", markup=False)
        confirmed = typer.confirm("Leave FIDE mode for good?", default=False, err=True)
    _commit(file, lambda t: fidemode.leave(t, reason, acknowledged=confirmed), json_out)


@event_app.command("rounds")
def rounds_(
    file: Path = EventFile,
    rounds: int = typer.Argument(..., help="The number of rounds (142; C.04.1 Art. 1).", show_default=False),
    confirm: bool = ConfirmOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Change the number of rounds (142/XXR); once round 1 is paired FIDE mode asks to confirm it (### Rounds
    changed)."""
    from event.settings import change_rounds

    from event.matches import change_match_rounds, is_match_event

    _commit(file, lambda t: (change_match_rounds if is_match_event(t) else change_rounds)(t, rounds,
                                                                                         acknowledged=confirm), json_out)


@event_app.command("tiebreaks")
def tiebreaks_(
    file: Path = EventFile,
    codes: str = typer.Argument(..., metavar="LIST", help="The tie-break list, e.g. \"BH/C1,BH,SB,DE\" (202; C.07).",
                                show_default=False),
    confirm: bool = ConfirmOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Change the tie-break list (202/212); once round 1 is paired FIDE mode asks to confirm it (### Tie-breaks
    changed)."""
    from event.settings import change_tiebreaks

    _commit(file, lambda t: change_tiebreaks(t, codes, acknowledged=confirm), json_out)


@event_app.command("scoring")
def scoring_(
    file: Path = EventFile,
    scoring: str = typer.Argument(..., metavar="SCORING", help="Points for win/draw/loss, e.g. 3/1/0; add ,PAB=x for "
                                                               "another PAB value.", show_default=False),
    json_out: bool = JsonOpt,
) -> None:
    """Change the scoring and the PAB value (162) before round 1 is paired; after it FIDE mode refuses (exit 10),
    and outside FIDE mode it is recorded (### Scoring changed)."""
    from event.create import parse_scoring
    from event.settings import change_scoring

    _commit(file, lambda t: change_scoring(t, parse_scoring(scoring)), json_out)


@event_app.command("correct")
def correct_(
    file: Path = EventFile,
    player: str = typer.Argument(..., help=PLAYER_HELP + ", by the data before the correction.", show_default=False),
    name: Optional[str] = typer.Option(None, "--name", help="Name (Lastname, Firstname).", callback=_printable),
    title: Optional[str] = typer.Option(None, "--title", help="FIDE title: GM IM WGM FM WIM CM WFM WCM, or none.",
                                        callback=_printable),
    rating: Optional[int] = typer.Option(None, "--rating", min=0, help="FIDE rating (0: unrated)."),
    fide_id: Optional[str] = typer.Option(None, "--fide-id", help="FIDE id.", callback=_printable),
    federation: Optional[str] = typer.Option(None, "--federation", help="Federation, three letters.",
                                             callback=_printable),
    birth: Optional[str] = typer.Option(None, "--birth", help="Birth date YYYY/MM/DD (or a year).", callback=_printable),
    sex: Optional[str] = typer.Option(None, "--sex", help="m or w.", callback=_printable),
    renumber: Optional[bool] = typer.Option(None, "--renumber/--keep-numbers",
                                            help="Follow the corrected order with the starting ranks, or keep them "
                                                 "(default: follow it until round 4 is paired, C.04.2 Art. 2.3; "
                                                 "--renumber after that is refused in FIDE mode, exit 10)."),
    json_out: bool = JsonOpt,
) -> None:
    """Correct a player's data; the starting ranks follow the corrected order until round 4 is paired (C.04.2
    Art. 2.3), then the correction applies for rating only."""
    from event.registration import correct

    given = {"name": name, "title": "" if title is not None and title.lower() == "none" else title, "rating": rating,
             "fide_id": fide_id, "federation": federation, "birth_date": birth, "sex": sex}
    changes: dict[str, object] = {k: v for k, v in given.items() if v is not None}
    if not changes:
        fail(exitcodes.USAGE, "give what to correct: --name, --title, --rating, --fide-id, --federation, --birth or "
                              "--sex")
    _commit(file, lambda t: correct(t, _player(t, player), changes, renumber_players=renumber), json_out)


# ---------------------------------------------------------------------------------- log, status


@event_app.command("log")
def log_(file: Path = EventFile, json_out: bool = JsonOpt) -> None:
    """Every ### line of the event in file order: the irregularity lines (MPA, FPB, HPB, Prohibition, rounds,
    tie-breaks, scoring or pairing numbers changed, FIDE mode exited) and the actions taken, in order."""
    from event import fidemode, log, store

    t = _call(file, lambda: store.load(file)).tournament
    lines = fidemode.trail(t)
    if json_out:
        emit_json({"file": str(file), "entries": [e.as_dict() for e in log.entries(t)],
                   "irregularities": [i.as_dict() for i in log.irregularities(t)],
                   "lines": [x.as_dict() for x in lines], "fide_mode": fidemode.mode(t).as_dict()})
        return
    for x in lines:
        if x.kind == "LOG":
            out.print(f"{x.when}  {x.text}", markup=False)
        elif x.kind == "comment":
            out.print(x.text, markup=False)
        else:
            out.print(log.Irregularity(x.kind, x.round or 0, x.text).line + f"  (level {x.level})", markup=False)
    if not any(x.kind == "LOG" for x in lines):
        out.print(f"{file}: no action logged", markup=False)


@event_app.command("status")
def status(file: Path = EventFile, json_out: bool = JsonOpt) -> None:
    """Where the event stands: rounds paired, boards without a result, byes declared, what comes next (a team
    event: the matches with boards still without a result)."""
    from event import store
    from event.status import status as run

    t = _call(file, lambda: store.load(file)).tournament
    from event.team import is_team_event

    if is_team_event(t):
        _team_status(file, t, json_out)
        return
    from event.matches import is_match_event, match_status

    match_event = is_match_event(t)
    s = match_status(t) if match_event else run(t)
    if json_out:
        emit_json({"file": str(file), **s.as_dict()})
        return
    rounds = f"{s.rounds_paired} of {s.total_rounds} rounds paired" if s.total_rounds else f"{s.rounds_paired} rounds paired"
    if match_event:
        rounds += " (each a match of two games)"
    out.print(f"{s.name}: {s.players} players, {rounds}; {s.system}", markup=False)
    out.print(_mode_words(s.mode), markup=False)
    if s.withdrawals:
        out.print("withdrawn: " + ", ".join(f"{p} from round {r}" for p, r in s.withdrawals.items()), markup=False)
    for rnd, who in s.declared.items():
        out.print(f"round {rnd} byes declared: " + ", ".join(f"{p} ({k})" for p, k in who.items()), markup=False)
    if s.pending and match_event:
        out.print("boards with a game without a result: " + ", ".join(
            f"{b.number} ({b.white}-{b.black}: {b.result or 'no result'})" for b in s.pending), markup=False)
    elif s.pending:
        out.print("boards without a result: " + ", ".join(f"{b.number} ({b.white}-{b.black})" for b in s.pending),
                  markup=False)
    if s.adjourned:
        out.print("adjourned: " + ", ".join(f"round {rnd} board {b.number} ({b.white}-{b.black})" for rnd, b in s.adjourned),
                  markup=False)
    for line in s.irregularities:
        out.print(line, markup=False)
    out.print(f"next: {s.next_step}", markup=False)


def _team_status(file: Path, t: Any, json_out: bool) -> None:
    """``event status`` of a team event: teams, rounds, the matches still without every result,
    every pending board of them, byes declared, what comes next."""
    from event.team.status import status as run

    s = _call(file, lambda: run(t))
    if json_out:
        emit_json({"file": str(file), **s.as_dict()})
        return
    rounds = f"{s.rounds_paired} of {s.total_rounds} rounds paired" if s.total_rounds else f"{s.rounds_paired} rounds paired"
    out.print(f"{s.name}: {s.teams} teams ({s.players} players, {s.boards} boards), {rounds}; {s.system}", markup=False)
    if s.withdrawals:
        out.print("withdrawn teams: " + ", ".join(f"{p} from round {r}" for p, r in s.withdrawals.items()),
                  markup=False)
    for rnd, who in s.declared.items():
        out.print(f"round {rnd} byes declared: " + ", ".join(f"team {p} ({k})" for p, k in who.items()), markup=False)
    for m in s.pending:
        boards = ", ".join(f"{b.board} ({b.white_player}-{b.black_player})" for b in m.boards if b.pending)
        out.print(f"match {m.number} ({m.white}-{m.black}): boards without a result: {boards}", markup=False)
    for line in s.irregularities:
        out.print(line, markup=False)
    out.print(f"next: {s.next_step}", markup=False)
