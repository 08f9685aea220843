"""A team event's rounds: the next round paired into the file, a team's line-up for a round, and
taking a round's pairing back while it has no result.

The round is the one the file's system pairs (:func:`systems.next_round`, the call the individual
event makes, :mod:`event.next_round`): a match per pair of teams, the first team of each pair White
on board 1, and the team given the PAB.  It is written into the file (TRF-2026 4.6):

* each match board by board: board ``k`` of the White team has the colour of the ``352`` pattern's
  ``k``-th letter, the Black team's player the other one (C.04.6 Art. 1.6.2: the board colours
  follow the competition's pattern); each team's players in default board order (the ``310``
  order, the first as many as there are boards), each game as ``opp w`` / ``opp b`` with the
  result column blank, as the individual event writes a round without results;
* the team given the PAB: its number in ``320`` for the round, its players on the boards ``0000 - U``;
* a team with a bye or absence declared for the round (``240 F/H/Z``): ``0000 - F/H`` on its boards
  (``Z``: all its players);
* every other member of a team (a reserve not in the line-up): ``0000 - Z``, a zero for the round
  (the player did not play; FIDE's own sample writes ``0000 - -`` there, which reads the same).

A team's line-up out of default order (a reserve in, boards in another order, an empty board) is
given once the round is paired (:func:`set_lineup`): it is written as a ``300`` record and in the
players' lines; a player facing an empty board wins it by forfeit (``0000 - +``).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from event.absences import RoundAlreadyPaired
from event.change import Change, EventError
from event.next_round import NobodyToPair, NothingToUndo, with_round_date
from event.results import RoundNotPaired
from event.team.matches import Match, consistent, round_matches, team_label
from event.team.records import event_of, set_entries, team_records, with_team_records
from trf.model import Colour, Result, RoundEntry, Tournament
from trf.teams import Lineup, TeamEvent

__all__ = ["NotATeamPairing", "NoMatch", "BadLineup", "MatchHasResults", "match_of", "pair_into", "write_round", "set_lineup", "undo_pairing",
           "match_data"]


class NotATeamPairing(EventError):
    """The system's pairing of round ``round`` names ``numbers`` that are no team's pairing number."""

    kind = "not-a-team-pairing"

    def __init__(self, rnd: int, numbers: tuple[int, ...]) -> None:
        super().__init__(f"the pairing of round {rnd} names {', '.join(map(str, numbers))}, which are no team's "
                         "pairing number")
        self.round, self.numbers = rnd, numbers


class NoMatch(EventError):
    """Team ``team`` has no match in round ``round`` (``what``: its PAB, bye or absence)."""

    kind = "no-match"

    def __init__(self, team: int, rnd: int, what: str) -> None:
        super().__init__(f"team {team} has no match in round {rnd}: {what}")
        self.team, self.round, self.what = team, rnd, what


class MatchHasResults(EventError):
    """Round ``round`` already has results: on ``boards`` of match ``match``, or (``match`` 0) in
    ``matches``; ``what``: what cannot be done now."""

    kind = "has-results"

    def __init__(self, rnd: int, what: str, match: int = 0, boards: tuple[int, ...] = (),
                 matches: tuple[int, ...] = ()) -> None:
        where = (f"match {match} has results on board(s) {', '.join(map(str, boards))}" if match else
                 f"match(es) {', '.join(map(str, matches))} have results or are forfeited")
        super().__init__(f"round {rnd}: {where}; clear them first to {what}")
        self.round, self.match, self.boards, self.matches, self.what = rnd, match, boards, matches, what


class BadLineup(EventError):
    """A line-up that cannot be: ``reason`` in words (``team``, ``round``)."""

    kind = "bad-lineup"

    def __init__(self, team: int, rnd: int, reason: str) -> None:
        super().__init__(f"line-up of team {team} in round {rnd}: {reason}")
        self.team, self.round, self.reason = team, rnd, reason


def _colour(letter: str) -> Colour:
    return Colour.WHITE if letter == "W" else Colour.BLACK


def _default(ev: TeamEvent, tpn: int) -> tuple[int, ...]:
    """Team ``tpn``'s default line-up: its first members in ``310`` order, one per board."""
    members = ev.team(tpn).members
    return tuple(members[: ev.boards]) + (0,) * max(0, ev.boards - len(members))


def write_round(t: Tournament, rnd: int, pairs: tuple[tuple[int, int], ...], bye: int | None) -> Tournament:
    """Round ``rnd``'s pairing (``pairs``: White team, Black team; ``bye``: the PAB's team) written
    into the file by the module docstring; points and ranks recomputed.  Raises
    :class:`NotATeamPairing` for numbers that are no team's."""
    ev = event_of(t)
    if ev is None:
        raise NobodyToPair(rnd, 0)
    named = [tpn for pair in pairs for tpn in pair] + ([bye] if bye is not None else [])
    unknown = tuple(sorted({tpn for tpn in named if tpn not in ev.team_by_tpn}))
    if unknown:
        raise NotATeamPairing(rnd, unknown)
    entries: dict[int, RoundEntry | None] = {m: RoundEntry(None, Colour.NONE, Result.ZERO_POINT_BYE)
                                             for team in ev.teams for m in team.members}
    for white, black in pairs:
        for k, (w, b) in enumerate(zip(_default(ev, white), _default(ev, black))):
            colour = _colour(ev.board_colours[k])
            if w:
                entries[w] = RoundEntry(b or None, colour if b else Colour.NONE, None if b else Result.FORFEIT_WIN)
            if b:
                entries[b] = RoundEntry(w or None, colour.opposite if w else Colour.NONE,
                                        None if w else Result.FORFEIT_WIN)
    if bye is not None:
        for m in _default(ev, bye):
            if m:
                entries[m] = RoundEntry(None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE)
    for r, kind, tpn in ev.byes:
        if r != rnd or kind not in ("F", "H") or any(tpn in pair for pair in pairs) or tpn == bye:
            continue
        for m in _default(ev, tpn):
            if m:
                entries[m] = RoundEntry(None, Colour.NONE, Result(kind))
    values = team_records(t)
    t = set_entries(t, rnd, entries)
    pab = list(values.pab_teams) + [0] * max(0, rnd - len(values.pab_teams))
    pab[rnd - 1] = bye or 0
    values = replace(values, pab_teams=tuple(pab), lineups=tuple(x for x in values.lineups if x.round != rnd),
                     forfeits=tuple(f for f in values.forfeits if f.round != rnd))
    return consistent(with_team_records(t, values))


def match_data(t: Tournament, m: Match) -> dict[str, object]:
    """A match for ``--json``: the teams, its result and every board."""
    return {"match": m.number, "white": m.white, "black": m.black, "kind": m.kind, "result": m.result or None,
            "game_points": [str(m.white_game_points), str(m.black_game_points)] if m.complete else None,
            "match_points": [str(m.white_match_points), str(m.black_match_points)] if m.complete else None,
            "boards": [{"board": b.board, "white_team_player": b.white_team_player or None,
                        "black_team_player": b.black_team_player or None, "white_team_colour": b.colour.value,
                        "result": b.result or None} for b in m.boards]}


def pair_into(t: Tournament, *, day: date | None = None, initial_colour: Colour | None = None) -> Change:
    """The next round paired by the file's system (:func:`systems.next_round`, whose refusals and
    engine errors it raises) and written into the file; ``day``: the round's date for ``132``."""
    import systems

    ev = event_of(t)
    if ev is None or not ev.teams:
        raise NobodyToPair(t.rounds_paired + 1, 0)
    nxt = systems.next_round(t, request=systems.PairRequest(initial_colour=initial_colour))
    if not nxt.pairing.boards and nxt.pairing.bye is None:
        raise NobodyToPair(nxt.round, len(ev.teams))
    if nxt.in_file:
        raise RoundAlreadyPaired(nxt.round, t.rounds_paired, "the round is already in the file")
    rnd = nxt.round
    after = write_round(t, rnd, nxt.pairing.boards, nxt.pairing.bye)
    if day is not None:
        after = with_round_date(after, rnd, day)
    rm = round_matches(after, rnd)
    words = f"{len(rm.matches)} match(es)"
    if rm.pab is not None:
        words += f", PAB {team_label(ev, rm.pab)}"
    if rm.byes:
        words += ", not paired: " + " ".join(f"{tpn}({kind})" for tpn, kind in sorted(rm.byes.items()))
    words += f"; {systems.name_of(t)}, by the engine"
    data = {"round": rnd, "system": nxt.system, "team": True,
            "matches": [match_data(after, m) for m in rm.matches], "pab": rm.pab,
            "byes": {str(tpn): kind for tpn, kind in sorted(rm.byes.items())}}
    return Change(after, f"pair round {rnd}", words, (), data)


def match_of(t: Tournament, ev: TeamEvent, tpn: int, rnd: int) -> Match:
    """Team ``tpn``'s match in round ``rnd``; :class:`NoMatch` when it has none (its PAB, a bye)."""
    rm = round_matches(t, rnd, ev)
    for m in rm.matches:
        if tpn in (m.white, m.black):
            return m
    what = ("the PAB" if rm.pab == tpn else {"F": "a full-point bye", "H": "a half-point bye",
                                             "Z": "a zero-point bye"}.get(rm.byes.get(tpn, ""), "not paired"))
    raise NoMatch(tpn, rnd, what)


def set_lineup(t: Tournament, tpn: int, players: tuple[int, ...], rnd: int | None = None, *,
               places: bool = False) -> Change:
    """Team ``tpn``'s players on boards 1..n in round ``rnd`` (default: the last round paired), by
    start rank (``places``: by their place in the team's list, 1 its first player), ``0`` for an
    empty board, written as the module docstring says.  Only while the match has no result.  Raises :class:`NoMatch`, :class:`BadLineup`,
    :class:`~event.results.RoundNotPaired` and :class:`MatchHasResults`."""
    r = rnd if rnd is not None else t.rounds_paired
    if not 1 <= r <= t.rounds_paired:
        raise RoundNotPaired(r, t.rounds_paired)
    ev = event_of(t)
    if ev is None:
        raise NobodyToPair(r, 0)
    if tpn not in ev.team_by_tpn:
        raise BadLineup(tpn, r, "no team has this pairing number")
    team = ev.team(tpn)
    if places:
        beyond = [n for n in players if n > len(team.members)]
        if beyond:
            raise BadLineup(tpn, r, f"the team has {len(team.members)} players: there is no player {beyond[0]} in its list")
        players = tuple(team.members[n - 1] if n else 0 for n in players)
    m = match_of(t, ev, tpn, r)
    if m.forfeited:
        raise BadLineup(tpn, r, f"the match is forfeited ({m.forfeit_code}); take the forfeit back first")
    if len(players) != ev.boards:
        raise BadLineup(tpn, r, f"{len(players)} player(s) given for {ev.boards} boards (0 for an empty board)")
    strangers = [p for p in players if p and p not in team.members]
    if strangers:
        raise BadLineup(tpn, r, f"player {strangers[0]} is not a member of the team (its members: "
                                f"{', '.join(map(str, team.members))})")
    twice = [p for p in set(players) if p and players.count(p) > 1]
    if twice:
        raise BadLineup(tpn, r, f"player {twice[0]} is on two boards")
    done = tuple(b.board for b in m.boards if b.white_team_player and b.black_team_player and not b.pending)
    if done:
        raise MatchHasResults(r, "change a line-up", match=m.number, boards=done)
    white = m.white == tpn
    opp = m.black if white else m.white
    theirs = [b.black_team_player if white else b.white_team_player for b in m.boards]
    entries: dict[int, RoundEntry | None] = {p: RoundEntry(None, Colour.NONE, Result.ZERO_POINT_BYE)
                                             for p in team.members}
    for k, (mine, other) in enumerate(zip(players, theirs)):
        colour = _colour(ev.board_colours[k]) if white else _colour(ev.board_colours[k]).opposite
        if mine:
            entries[mine] = RoundEntry(other, colour, None) if other else RoundEntry(None, Colour.NONE,
                                                                                   Result.FORFEIT_WIN)
        if other:
            entries[other] = RoundEntry(mine, colour.opposite, None) if mine else RoundEntry(None, Colour.NONE,
                                                                                           Result.FORFEIT_WIN)
    values = team_records(t)
    after = set_entries(t, r, entries)
    lineups = tuple(x for x in values.lineups if (x.round, x.team) != (r, tpn))
    if players != _default(ev, tpn):
        lineups += (Lineup(r, tpn, opp, players),)
    after = consistent(with_team_records(after, replace(values, lineups=lineups)))
    shown = " ".join(str(p) if p else "-" for p in players)
    default = players == _default(ev, tpn)
    return Change(after, f"line-up round {r} team {team_label(ev, tpn)}",
                  f"boards {shown} against {team_label(ev, opp)}" + (" (the default order)" if default else ""),
                  (), {"round": r, "team": tpn, "opponent": opp, "players": list(players), "default": default})


def undo_pairing(t: Tournament) -> Change:
    """The last round's pairing taken back while none of its boards has a result and no match is
    forfeited: the file as it was before the round was paired (its declared byes stay declared)."""
    rnd = t.rounds_paired
    if rnd == 0:
        raise NothingToUndo()
    ev = event_of(t)
    if ev is None:
        raise NothingToUndo()
    rm = round_matches(t, rnd, ev)
    done = tuple(m.number for m in rm.matches
                 if m.forfeited or any(b.white_team_player and b.black_team_player and not b.pending for b in m.boards))
    if done:
        raise MatchHasResults(rnd, "take the round's pairing back", matches=done)
    values = team_records(t)
    after = set_entries(t, rnd, {p.start_rank: None for p in t.players if p.entry(rnd) is not None})
    pab = list(values.pab_teams)[: rnd - 1]
    after = with_team_records(after, replace(values, pab_teams=tuple(pab),
                                             lineups=tuple(x for x in values.lineups if x.round != rnd)))
    return Change(consistent(after), f"undo pairing of round {rnd}", f"{len(rm.matches)} match(es) taken back", (),
                  {"round": rnd})
