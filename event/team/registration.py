"""Registering teams with their line-ups, from a CSV list.

**The list** (``arbiter event register FILE --teams-csv LIST``): a header row naming the columns,
in any order, comma, semicolon or tab separated, then one row per player, each team's players in
its default board order (C.04.6: the ``310`` order is the board order of a match whose line-up is
not given):

=============  ===============================================================================
``team``       the team's name (also ``team name``, ``club``): rows with the same name are one team
``tpn``        optional: the team's pairing number (also ``team no``, ``team number``); C.04.6
               Art. 1.1.2 leaves the numbering to the competition, so it is taken as given
``nickname``   optional: the team's short name, at most 5 characters (``310`` columns 42-46)
``name``       the player (Lastname, Firstname), then the player columns of an individual list:
               ``title``, ``rating``, ``fide_id``, ``federation``, ``birth``, ``sex`` (the
               same spellings: ``Rtg``, ``ID Number``, ``Fed``...; :mod:`event.registration`)
=============  ===============================================================================

A team's ``tpn`` and ``nickname`` may be given on any of its rows (twice only with the same value).
Blank rows and rows starting with ``#`` are skipped.

**Team pairing numbers** (C.04.6 Art. 1.1): as the list gives them; a team without one takes the
smallest free number, in the order of the list.  They must then run from 1 to the number of teams
(Art. 1.1.1).  A team already registered (the same name, or the same TPN and name) gets the rows'
players as further members (a reserve added later).

**Players' start ranks**: before round 1 is paired, every player is numbered team by team in TPN
order, each team's players in board order (C.04.2 Art. 2.1-2.3 do not apply to teams); later
entries take the next free numbers.  A team registered once rounds are paired (a late entry,
C.04.2 Art. 2.4 as C.04.6 applies it) misses those rounds: each is a zero-point bye (or a
half-point bye, as the arbiter decides), declared by a ``240`` record naming the team and written
``0000 - Z``/``H`` in its players' lines.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from event.absences import declare
from event.change import Change, EventError, NotATeamEvent, Notice
from event.registration import (COLUMN_ALIASES, DuplicateEntry, InvalidRegistrant, Registrant, RegistrationClosed,
                                csv_rows, normalised, rating_text)
from event.team import is_team_event
from event.team.matches import consistent
from event.team.records import NAME_WIDTH, NICKNAME_WIDTH, TEAM_CODES, team_records, with_team_records
from pairing.rounds import is_finished
from trf.model import ByeRecord, Colour, Player, PreservedRecord, Record, Result, RoundEntry, Tournament
from trf.teams import Team
from trf.text import control_in

__all__ = ["TeamEntry", "NotATeamEvent", "TeamNumbers", "TooFewMembers", "parse_teams", "register_teams",
           "TEAM_COLUMNS"]

#: The team columns of a list, by their lower-case spellings.
TEAM_COLUMNS = {
    "team": "team", "team name": "team", "club": "team", "team_name": "team",
    "tpn": "tpn", "team no": "tpn", "team number": "tpn", "team pairing number": "tpn", "team_no": "tpn",
    "nickname": "nickname", "team nickname": "nickname", "short name": "nickname", "short": "nickname",
}


@dataclass(frozen=True)
class TeamEntry:
    """A team as a list gives it: its name, TPN (``None``: the next free one), nickname, and its
    players in board order (``line``: the list's line of its first row)."""

    name: str
    members: tuple[Registrant, ...]
    tpn: int | None = None
    nickname: str = ""
    line: int = 0


class TeamNumbers(EventError):
    """The team pairing numbers would not run from 1 to the number of teams (C.04.6 Art. 1.1.1):
    ``missing`` numbers, or ``taken``: a number given twice (``name`` and ``other``)."""

    kind = "team-numbers"

    def __init__(self, missing: tuple[int, ...] = (), taken: int | None = None, name: str = "", other: str = "") -> None:
        if taken is not None:
            message = f"team pairing number {taken} is given to both {other!r} and {name!r}"
        else:
            shown = ", ".join(map(str, missing[:8])) + (" ..." if len(missing) > 8 else "")
            message = (f"team pairing numbers must run from 1 to the number of teams (C.04.6 Art. 1.1.1): "
                       f"{shown} would be missing")
        super().__init__(message)
        self.missing, self.taken, self.name, self.other = missing, taken, name, other


class TooFewMembers(EventError):
    """Team ``name`` has ``members`` players for ``boards`` boards."""

    kind = "too-few-members"

    def __init__(self, name: str, members: int, boards: int) -> None:
        super().__init__(f"team {name!r} has {members} player(s) for {boards} boards: a team fields a player on "
                         "every board (352)")
        self.name, self.members, self.boards = name, members, boards


# ---------------------------------------------------------------------------------- the list


def parse_teams(text: str, source: str = "<teams>") -> list[TeamEntry]:
    """The teams of a CSV list (module docstring).  Raises
    :class:`~event.registration.InvalidRegistrant` for a list without a team or name column, a bad
    rating or TPN, or a team given two TPNs or nicknames."""
    text = text.lstrip("\ufeff")
    rows, delimiter = csv_rows(text, source)
    if not rows:
        return []
    header = [TEAM_COLUMNS.get(h.strip().lower()) or COLUMN_ALIASES.get(h.strip().lower()) for h in rows[0]]
    if "team" not in header or "name" not in header:
        raise InvalidRegistrant("header", delimiter.join(rows[0])[:200],
                                "a first row naming the columns, with a team column and a name column", source, 1)
    teams: dict[str, TeamEntry] = {}
    for no, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row) or row[0].lstrip().startswith("#"):
            continue
        values = {key: row[i].strip() for i, key in enumerate(header) if key is not None and i < len(row)}
        name = " ".join(values.get("team", "").split())
        if not name:
            raise InvalidRegistrant("team", "", "the name of the player's team", source, no)
        entry = teams.get(name.casefold(), TeamEntry(name, (), line=no))
        given_tpn, nickname = values.get("tpn", ""), values.get("nickname", "")
        if given_tpn:
            if not (given_tpn.isascii() and given_tpn.isdigit() and len(given_tpn.lstrip("0")) <= 3
                    and int(given_tpn) >= 1):
                raise InvalidRegistrant("TPN", given_tpn[:20], "a team pairing number from 1 to 999", source, no)
            if entry.tpn not in (None, int(given_tpn)):
                raise InvalidRegistrant("TPN", given_tpn, f"the same value on every row of team {name!r} ({entry.tpn})",
                                        source, no)
            entry = replace(entry, tpn=int(given_tpn))
        if nickname:
            if entry.nickname not in ("", nickname):
                raise InvalidRegistrant("nickname", nickname[:20], f"the same value on every row of team {name!r} "
                                                                   f"({entry.nickname})", source, no)
            entry = replace(entry, nickname=nickname)
        rating = values.get("rating", "")
        if rating and not rating_text(rating):
            raise InvalidRegistrant("rating", rating if len(rating) <= 20 else rating[:20] + "...",
                                    "a whole number of at most 4 digits (blank or 0 for an unrated player)", source, no)
        player = Registrant(values.get("name", ""), values.get("title", ""), int(rating) if rating else None,
                            values.get("fide_id", ""), values.get("federation", ""), values.get("birth_date", ""),
                            values.get("sex", ""), no)
        teams[name.casefold()] = replace(entry, members=entry.members + (player,))
    return list(teams.values())


# ---------------------------------------------------------------------------------- registering


def _checked(entry: TeamEntry, source: str) -> TeamEntry:
    """``entry`` with its name, nickname and players checked and in the TRF's spelling."""
    def bad(field: str, value: str, expected: str) -> InvalidRegistrant:
        return InvalidRegistrant(field, value, expected, source, entry.line)

    for field, value in (("team name", entry.name), ("team nickname", entry.nickname)):
        found = control_in(value)
        if found is not None:
            raise bad(field, value, f"printable text, found {found}")
    name = " ".join(entry.name.split())
    if not name:
        raise bad("team name", entry.name, "the team's name")
    if len(name) > NAME_WIDTH:
        raise bad("team name", name, f"at most {NAME_WIDTH} characters (310 columns 9-40)")
    nickname = entry.nickname.strip()
    if len(nickname) > NICKNAME_WIDTH or " " in nickname:
        raise bad("team nickname", nickname, f"at most {NICKNAME_WIDTH} characters without a blank (310 columns 42-46)")
    if entry.tpn is not None and not 1 <= entry.tpn <= 999:
        raise bad("TPN", str(entry.tpn), "a team pairing number from 1 to 999")
    members = tuple(normalised(r, source) for r in entry.members)
    return TeamEntry(name, members, entry.tpn, nickname, entry.line)


def _player(r: Registrant, rank: int) -> Player:
    return Player(start_rank=rank, sex=r.sex, title=r.title, name=r.name, rating=r.rating, federation=r.federation,
                  fide_id=r.fide_id, birth_date=r.birth_date, points=None, rank=rank, rounds=())


def _numbers(existing: tuple[Team, ...], new: list[TeamEntry]) -> list[int]:
    """The TPN of each new team (module docstring)."""
    taken = {team.tpn: team.name for team in existing}
    for e in new:
        if e.tpn is not None:
            if e.tpn in taken:
                raise TeamNumbers(taken=e.tpn, name=e.name, other=taken[e.tpn])
            taken[e.tpn] = e.name
    out = []
    free = 1
    for e in new:
        if e.tpn is not None:
            out.append(e.tpn)
            continue
        while free in taken:
            free += 1
        taken[free] = e.name
        out.append(free)
    missing = tuple(sorted(set(range(1, max(taken, default=0) + 1)) - set(taken)))
    if missing:
        raise TeamNumbers(missing)
    return out


def _renumbered(t: Tournament, teams: list[Team]) -> tuple[Tournament, list[Team]]:
    """Before round 1: players numbered team by team in TPN order, each in board order."""
    mapping: dict[int, int] = {}
    for team in sorted(teams, key=lambda x: x.tpn):
        for m in team.members:
            mapping[m] = len(mapping) + 1
    records: list[Record] = [replace(r, start_rank=mapping[r.start_rank], rank=mapping[r.start_rank])
                             if isinstance(r, Player) and r.start_rank in mapping else r for r in t.records]
    slots = [i for i, r in enumerate(records) if isinstance(r, Player)]
    players = sorted((r for r in records if isinstance(r, Player)), key=lambda p: p.start_rank)
    for i, p in zip(slots, players):
        records[i] = p
    return (t.replace_records(tuple(records)),
            [replace(team, members=tuple(mapping[m] for m in team.members)) for team in teams])


def _insert_players(t: Tournament, players: list[Player]) -> Tournament:
    """``players`` after the last player line, or, in a file without one, before its team records."""
    records: list[Record] = list(t.records)
    last = max((i for i, r in enumerate(records) if isinstance(r, Player)), default=None)
    if last is not None:
        at = last + 1
    else:
        at = next((i for i, r in enumerate(records) if isinstance(r, (PreservedRecord, ByeRecord))
                   and (not isinstance(r, PreservedRecord) or r.code in TEAM_CODES)), len(records))
    records[at:at] = players
    return t.replace_records(tuple(records))


def register_teams(t: Tournament, entries: list[TeamEntry], *, missed: Result = Result.ZERO_POINT_BYE,
                   source: str = "") -> Change:
    """Register ``entries`` (module docstring).  Raises :class:`NotATeamEvent`,
    :class:`~event.registration.InvalidRegistrant`, :class:`~event.registration.DuplicateEntry`,
    :class:`TeamNumbers`, :class:`TooFewMembers` and :class:`~event.registration.RegistrationClosed`."""
    if not is_team_event(t):
        raise NotATeamEvent("teams are registered in a team event (event new --team)")
    if is_finished(t):
        raise RegistrationClosed(t.total_rounds or 0)
    if missed not in (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE):
        raise ValueError("missed rounds are zero-point (Z) or half-point (H) byes")
    values = team_records(t)
    boards = len((t.header("352") or "").strip()) or 4
    checked = [_checked(e, source) for e in entries]
    existing = {team.name.casefold(): team for team in values.teams}
    additions: dict[int, list[Registrant]] = {}
    new: list[TeamEntry] = []
    for e in checked:
        old = existing.get(e.name.casefold())
        if old is not None and e.tpn in (None, old.tpn):
            additions.setdefault(old.tpn, []).extend(e.members)
        else:
            new.append(e)
    ids = {p.fide_id: p.start_rank for p in t.players if p.fide_id}
    seen: set[str] = set()
    for e in checked:
        for r in e.members:
            if r.fide_id and (r.fide_id in ids or r.fide_id in seen):
                raise DuplicateEntry(r.fide_id, ids.get(r.fide_id), r.name)
            if r.fide_id:
                seen.add(r.fide_id)
    for e in new:
        if len(e.members) < boards:
            raise TooFewMembers(e.name, len(e.members), boards)
    numbers = _numbers(values.teams, new)
    warnings: list[Notice] = []
    paired = t.rounds_paired
    next_rank = max((p.start_rank for p in t.players), default=0) + 1
    players: list[Player] = []
    teams = {team.tpn: team for team in values.teams}
    added: dict[int, tuple[int, ...]] = {}
    for tpn, people in sorted(additions.items()):
        ranks = tuple(range(next_rank, next_rank + len(people)))
        players += [_player(r, rank) for r, rank in zip(people, ranks)]
        next_rank += len(people)
        teams[tpn] = replace(teams[tpn], members=teams[tpn].members + ranks)
        added[tpn] = ranks
    for e, tpn in zip(new, numbers):
        ranks = tuple(range(next_rank, next_rank + len(e.members)))
        players += [_player(r, rank) for r, rank in zip(e.members, ranks)]
        next_rank += len(e.members)
        teams[tpn] = Team(tpn, e.name, ranks, e.nickname)
        added[tpn] = ranks
    names = {p.name.casefold(): p.start_rank for p in t.players}
    for p in players:
        if p.name.casefold() in names:
            warnings.append(Notice("same-name", f"{p.name} has the same name as player {names[p.name.casefold()]}",
                                   {"name": p.name, "player": names[p.name.casefold()]}))
        names.setdefault(p.name.casefold(), p.start_rank)
    t = _insert_players(t, players)
    team_list = sorted(teams.values(), key=lambda x: x.tpn)
    if paired == 0:
        t, team_list = _renumbered(t, team_list)
        old_to_new = {old: new_rank for team_old, team_new in zip(sorted(teams.values(), key=lambda x: x.tpn), team_list)
                      for old, new_rank in zip(team_old.members, team_new.members)}
        added = {tpn: tuple(old_to_new[m] for m in ranks) for tpn, ranks in added.items()}
    t = with_team_records(t, replace(values, teams=tuple(team_list)))
    late_teams = list(numbers) if paired else []
    if paired:
        for tpn in late_teams:  # the rounds the team missed: declared byes, written in its players' lines
            for rnd in range(1, paired + 1):
                t = declare(t, rnd, tpn, missed, in_player_lines=False)
        byes = {pid: RoundEntry(None, Colour.NONE, missed if tpn in late_teams else Result.ZERO_POINT_BYE)
                for tpn, ranks in added.items() for pid in ranks}
        t = t.replace_records(tuple(replace(r, rounds=tuple(byes[r.start_rank] for _ in range(paired)))
                                    if isinstance(r, Player) and r.start_rank in byes else r for r in t.records))
        if missed is Result.HALF_POINT_BYE and late_teams:
            warnings.append(Notice("missed-rounds-half-point", "half-point byes for the missed rounds: the regulations "
                                                               "must say so (by default a late entry scores nothing "
                                                               "for them, C.04.2 Art. 2.4)", {"rounds": list(range(1, paired + 1))}))
    t = consistent(t)
    ev_teams = {team.tpn: team for team in team_list}
    parts = []
    for tpn in sorted(added):
        team = ev_teams[tpn]
        verb = ":" if tpn in numbers else " adds"
        parts.append(f"{tpn} ({team.name}){verb} " + ", ".join(f"{pid} ({t.player(pid).name})" for pid in added[tpn]))
    how = "team pairing numbers as given (C.04.6 Art. 1.1.2), players numbered team by team in board order" \
        if paired == 0 else f"late entry after round {paired}: rounds 1-{paired} {missed.value}" if late_teams else \
        f"further members, numbered from {min(min(r) for r in added.values())}" if added else "nothing registered"
    details = "; ".join(parts) + f"; {how}"
    data = {"teams": [{"tpn": tpn, "name": ev_teams[tpn].name, "new": tpn in numbers,
                       "players": [{"start_rank": pid, "name": t.player(pid).name} for pid in added[tpn]]}
                      for tpn in sorted(added)],
            "late": bool(paired), "missed": missed.value if late_teams else None}
    kind = "late entry" if late_teams else "register teams"
    return Change(t, kind, details, tuple(warnings), data)
