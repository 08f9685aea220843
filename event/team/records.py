"""The team records of an event file, written from their values (TRF-2026 4.6, ``../reference/trf.md``).

:mod:`trf.teams` reads them (the one reading every consumer shares); this module writes them, in
the columns of the transcription, which that reader reads back:

* ``310`` a team: TPN (columns 5-7), name (9-40), nickname (42-46), strength (48-53), match points
  (55-60), game points (62-67), rank (69-71), members' start ranks in default board order (74-77,
  79-82, ...);
* ``320`` the PAB: its match points (5-8) and game points (10-13), then the TPN given it in each
  round (15-17, 19-21, ...; ``000``: none);
* ``330`` a forfeited match: ``+-`` / ``-+`` / ``--``, round, White team, Black team;
* ``300`` a line-up out of default order: round, team, opponent, the player on each board
  (``0000``: an empty board).

The team records of a file are written together, in one place: after the player lines, ``310`` in
TPN order, then ``320``, ``330`` by round, ``300`` by round and team; the ``240`` declarations and
the action log follow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from event.change import EventError
from event.log import before_log
from trf.diagnostics import Severity
from trf.model import (AccelerationRange, ByeRecord, ForbiddenPairs, Header, Player, PlayerAcceleration,
                       PreservedRecord, Record, RoundEntry, Tournament)
from trf.teams import ForfeitedMatch, Lineup, Team, TeamEvent, read_team_event
from trf.writer import WriteError, fmt_points

__all__ = ["TEAM_CODES", "TeamRecordsInvalid", "TeamRecords", "event_of", "team_records", "format_team",
           "format_pab", "format_forfeit", "format_lineup", "with_team_records", "pab_value", "set_entries",
           "NAME_WIDTH", "NICKNAME_WIDTH"]

#: The records this module writes (``013``, the TRF-16 form of a team, is replaced by ``310``).
TEAM_CODES = ("310", "013", "320", "330", "300")
NAME_WIDTH = 32      # 310 columns 9-40
NICKNAME_WIDTH = 5   # 310 columns 42-46


class TeamRecordsInvalid(EventError):
    """The team records contradict each other or the players' lines (``messages``: what
    :func:`trf.teams.read_team_event` reports, with their lines)."""

    kind = "team-records"

    def __init__(self, messages: tuple[str, ...]) -> None:
        shown = "; ".join(messages[:3]) + (f" and {len(messages) - 3} more" if len(messages) > 3 else "")
        super().__init__(f"the team records cannot be read: {shown}")
        self.messages = messages


@dataclass(frozen=True)
class TeamRecords:
    """The values of the team records: ``teams`` (310), the PAB's match and game points and the
    team given it in each round (320, index 0: round 1, 0: none), ``forfeits`` (330), ``lineups``
    (300)."""

    teams: tuple[Team, ...] = ()
    pab_match_points: Fraction = Fraction(1)
    pab_game_points: Fraction = Fraction(2)
    pab_teams: tuple[int, ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()
    lineups: tuple[Lineup, ...] = ()


def event_of(t: Tournament) -> TeamEvent | None:
    """The team event ``t`` holds (:func:`trf.teams.read_team_event`), ``None`` before any team is
    registered.  Raises :class:`TeamRecordsInvalid` when its team records hold errors."""
    if not t.is_team_event:
        return None
    event, diags = read_team_event(t)
    if event is None:
        errors = tuple(f"line {d.line}: {d.message}" if d.line else d.message
                       for d in diags if d.severity is Severity.ERROR)
        raise TeamRecordsInvalid(errors or ("no team record can be read",))
    return event


_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")


def pab_value(t: Tournament) -> tuple[Fraction, Fraction] | None:
    """The match and game points of a PAB as the file's ``320`` gives them (``None``: no ``320``)."""
    for rec in t.records:
        if isinstance(rec, PreservedRecord) and rec.code == "320":
            fields = rec.text[3:].split()
            if len(fields) >= 2 and _NUMBER.match(fields[0]) and _NUMBER.match(fields[1]):
                return Fraction(fields[0]), Fraction(fields[1])
            return None
    return None


def team_records(t: Tournament) -> TeamRecords:
    """The team records of ``t`` as values (:class:`TeamRecords`); an event without teams yet has
    only its PAB value (``320``).  Raises :class:`TeamRecordsInvalid`."""
    ev = event_of(t)
    if ev is None:
        value = pab_value(t)
        return TeamRecords() if value is None else TeamRecords(pab_match_points=value[0], pab_game_points=value[1])
    return TeamRecords(ev.teams, ev.pab_match_points, ev.pab_game_points, ev.pab_teams, ev.forfeits, ev.lineups)


# --------------------------------------------------------------------------- formatting


def _points(value: Fraction | None, width: int, what: str) -> str:
    if value is None:
        return " " * width
    if (value * 10).denominator != 1:
        raise WriteError(f"{what} {value} cannot be written with one decimal")
    text = fmt_points(value)
    if len(text) > width:
        raise WriteError(f"{what} {text} does not fit in {width} columns")
    return text.rjust(width)


def _text(value: str, width: int, what: str) -> str:
    if len(value) > width:
        raise WriteError(f"{what} {value!r} is longer than {width} characters")
    return value.ljust(width)


def format_team(team: Team) -> str:
    """A ``310`` line (module docstring): ``310   1 Fjord SK ...   1    2    3    4``."""
    if not 1 <= team.tpn <= 999:
        raise WriteError(f"team pairing number {team.tpn} does not fit in 3 columns (1-999)")
    rank = "" if team.rank is None else str(team.rank)
    head = (f"310 {team.tpn:>3} {_text(team.name, NAME_WIDTH, 'team name')} "
            f"{_text(team.nickname, NICKNAME_WIDTH, 'team nickname')} {_text(team.strength, 6, 'team strength')} "
            f"{_points(team.match_points, 6, 'match points')} {_points(team.game_points, 6, 'game points')} "
            f"{rank:>3}")
    if len(rank) > 3:
        raise WriteError(f"team rank {rank} does not fit in 3 columns")
    members = "".join(f" {m:>4}" for m in team.members)
    return (head + " " + members).rstrip() if members else head.rstrip()


def format_pab(match_points: Fraction, game_points: Fraction, teams: tuple[int, ...]) -> str:
    """A ``320`` line: the PAB's match and game points, then the TPN given it in each round
    (``000``: none): ``320  1.0  2.0 000   7``."""
    return (f"320 {_points(match_points, 4, 'PAB match points')} {_points(game_points, 4, 'PAB game points')}"
            + "".join(f" {tpn:>3}" if tpn else " 000" for tpn in teams))


def format_forfeit(f: ForfeitedMatch) -> str:
    """A ``330`` line: ``330 +-   4  12   7`` (round 4, White team 12 won by forfeit against 7)."""
    return f"330 {f.kind} {f.round:>3} {f.white:>3} {f.black:>3}"


def format_lineup(lineup: Lineup) -> str:
    """A ``300`` line: ``300   3   1   5    1    3 0000    4`` (round 3, team 1 against team 5:
    players 1, 3, an empty board, 4)."""
    return (f"300 {lineup.round:>3} {lineup.team:>3} {lineup.opponent:>3}"
            + "".join(f" {p:>4}" if p else " 0000" for p in lineup.boards))


# --------------------------------------------------------------------------- writing


def _after_players(records: list[Record]) -> int:
    """Where the team records go: after the last player line, or, in a file without one, before
    the other player-related records (240, 250, 260) and the action log."""
    last = max((i for i, r in enumerate(records) if isinstance(r, Player)), default=None)
    if last is not None:
        return last + 1
    return next((i for i, r in enumerate(records) if isinstance(r, (ByeRecord, ForbiddenPairs, AccelerationRange,
                                                                     PlayerAcceleration))), before_log(records))


def with_team_records(t: Tournament, values: TeamRecords) -> Tournament:
    """``t`` with its team records (``310``, ``320``, ``330``, ``300``; an ``013`` too) replaced by
    ``values``, written in one place (module docstring); ``082``, the number of teams, updated
    when the file has it."""
    records: list[Record] = [r for r in t.records if not (isinstance(r, PreservedRecord) and r.code in TEAM_CODES)]
    lines = [format_team(team) for team in sorted(values.teams, key=lambda x: x.tpn)]
    pab_teams = list(values.pab_teams)
    while pab_teams and not pab_teams[-1]:
        pab_teams.pop()
    lines.append(format_pab(values.pab_match_points, values.pab_game_points, tuple(pab_teams)))
    lines += [format_forfeit(f) for f in sorted(values.forfeits, key=lambda f: (f.round, f.white))]
    lines += [format_lineup(x) for x in sorted(values.lineups, key=lambda x: (x.round, x.team))]
    at = _after_players(records)
    records[at:at] = [PreservedRecord(line[:3], line) for line in lines]
    records = [Header("082", str(len(values.teams))) if isinstance(r, Header) and r.code == "082" else r
               for r in records]
    return t.replace_records(tuple(records))


def set_entries(t: Tournament, rnd: int, entries: dict[int, RoundEntry | None]) -> Tournament:
    """``t`` with round ``rnd``'s block of each player of ``entries`` set (``None``: blank; blank
    blocks at the end of a line are dropped); later rounds kept."""
    records: list[Record] = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank in entries:
            rounds = list(rec.rounds) + [None] * max(0, rnd - len(rec.rounds))
            rounds[rnd - 1] = entries[rec.start_rank]
            while rounds and rounds[-1] is None:
                rounds.pop()
            rec = replace(rec, rounds=tuple(rounds))
        records.append(rec)
    return t.replace_records(tuple(records))
