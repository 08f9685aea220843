"""A team's withdrawal and requested byes: ``240`` records naming the team (TRF-2026 4.5: in a team
event ``240`` names team pairing numbers, and ``F``/``H`` byes must be given there).

The convention of the individual event (:mod:`event.absences`): a round not yet paired is told its
absentees by ``240`` records; when it is paired the team's players' lines get the bye in that
round's column (:mod:`event.team.rounds`).

* A withdrawal (C.04.2 Art. 3.2 as C.04.6 applies it: withdrawn teams are not paired) declares a
  zero-point bye for every remaining round.
* A requested bye (C.04.2 Art. 3.3): ``H`` a drawn match's points, ``Z`` nothing, ``F`` a won
  match's (deprecated by FIDE, and it bars the PAB, C.04.6 Art. 2.1.2).
"""

from __future__ import annotations

from event.absences import BYE_KINDS, AlreadyWithdrawn, check_future_round, declare
from event.change import Change, EventError, Notice
from event.team.matches import consistent, round_matches, team_label
from event.team.records import event_of
from trf.model import Result, Tournament
from trf.teams import TeamEvent

__all__ = ["UnknownTeam", "NothingDeclared", "withdraw", "request_bye", "cancel_bye", "declarations", "withdrawn",
           "withdrawals"]


class UnknownTeam(EventError):
    """No team has pairing number ``team`` (the event has ``teams``)."""

    kind = "unknown-team"

    def __init__(self, team: int, teams: int) -> None:
        super().__init__(f"no team has pairing number {team}" + (f" (the event has 1-{teams})" if teams else
                                                                 " (no team is registered)"))
        self.team, self.teams = team, teams


class NothingDeclared(EventError):
    """Team ``team`` has no bye declared for round ``round``."""

    kind = "nothing-declared"

    def __init__(self, team: int, rnd: int) -> None:
        super().__init__(f"team {team} has no bye or absence declared for round {rnd}")
        self.team, self.round = team, rnd


def _team(t: Tournament, tpn: int) -> TeamEvent:
    ev = event_of(t)
    if ev is None or tpn not in ev.team_by_tpn:
        raise UnknownTeam(tpn, len(ev.teams) if ev is not None else 0)
    return ev


def _total(t: Tournament) -> int:
    return t.total_rounds if t.total_rounds is not None else max(t.rounds_paired, 1)


def declarations(ev: TeamEvent, tpn: int, after: int) -> dict[int, str]:
    """Round -> the bye (``F``/``H``/``Z``) declared for team ``tpn`` in a round after ``after``."""
    return {r: kind for r, kind, team in ev.byes if team == tpn and r > after}


def withdrawn(t: Tournament) -> list[int]:
    """Teams declared absent (zero-point) for every remaining round: withdrawn (:func:`withdrawals`)."""
    return sorted(withdrawals(t))


def withdrawals(t: Tournament) -> dict[int, int]:
    """Team -> the round it is withdrawn from: the teams with a zero-point absence (``240 Z``,
    kept once the round is paired) in every round from that one to the event's last, that one
    being at most the next round to pair.  So a finished event still shows its withdrawals."""
    ev = event_of(t)
    if ev is None:
        return {}
    total = _total(t)
    out: dict[int, int] = {}
    for team in ev.teams:
        zero = declarations(ev, team.tpn, 0)
        r = total
        while r >= 1 and zero.get(r) == "Z":
            r -= 1
        if r < total and r <= t.rounds_paired:
            out[team.tpn] = r + 1
    return dict(sorted(out.items()))


def withdraw(t: Tournament, tpn: int, from_round: int | None = None) -> Change:
    """Withdraw team ``tpn`` from round ``from_round`` (default: the next round to pair) to the end:
    a zero-point absence declared for each of those rounds; a team already withdrawn from that
    round or an earlier one is refused (:class:`~event.absences.AlreadyWithdrawn`)."""
    ev = _team(t, tpn)
    total = _total(t)
    first = from_round if from_round is not None else t.rounds_paired + 1
    check_future_round(t, first, "a withdrawal takes effect from a round not yet paired")
    zero = declarations(ev, tpn, 0)
    since = total
    while since >= 1 and zero.get(since) == "Z":
        since -= 1
    if since + 1 <= first:
        raise AlreadyWithdrawn(tpn, f"team {team_label(ev, tpn)}", since + 1, first)
    warnings: list[Notice] = []
    if t.rounds_paired:
        rm = round_matches(t, t.rounds_paired, ev)
        mine = next((m for m in rm.matches if tpn in (m.white, m.black)), None)
        if mine is not None and mine.pending:
            warnings.append(Notice("result-pending", f"team {team_label(ev, tpn)}'s match in round {t.rounds_paired} "
                                                     f"has boards without a result: enter them (a forfeit if the "
                                                     "match is not played)", {"round": t.rounds_paired,
                                                                             "match": mine.number}))
    before = declarations(ev, tpn, t.rounds_paired)
    for r in range(first, total + 1):
        old = before.get(r)
        if old is not None and old != "Z":
            warnings.append(Notice("bye-replaced", f"the {old} bye declared for round {r} is replaced by the withdrawal",
                                   {"round": r, "was": old}))
        t = declare(t, r, tpn, Result.ZERO_POINT_BYE, in_player_lines=False)
    rounds = f"round {first}" if first == total else f"rounds {first}-{total}"
    return Change(consistent(t), f"withdraw team {team_label(ev, tpn)}",
                  f"from round {first} (zero-point absence in {rounds})", tuple(warnings),
                  {"team": tpn, "from_round": first, "rounds": list(range(first, total + 1))})


def request_bye(t: Tournament, tpn: int, rnd: int, kind: Result = Result.HALF_POINT_BYE) -> Change:
    """A bye requested for team ``tpn`` in round ``rnd`` (not yet paired): ``H`` (default), ``Z`` or ``F``."""
    ev = _team(t, tpn)
    if kind not in BYE_KINDS:
        raise ValueError(f"a requested bye is H, Z or F, not {kind.value}")
    check_future_round(t, rnd, "a bye is requested before its round is paired")
    warnings: list[Notice] = []
    old = declarations(ev, tpn, t.rounds_paired).get(rnd)
    if old == kind.value:
        warnings.append(Notice("already-declared", f"team {team_label(ev, tpn)} already has a {kind.value} bye in "
                                                   f"round {rnd}", {"round": rnd}))
    elif old is not None:
        warnings.append(Notice("bye-replaced", f"the {old} declaration for round {rnd} is replaced by {kind.value}",
                               {"round": rnd, "was": old}))
    if kind is Result.FULL_POINT_BYE:
        warnings.append(Notice("full-point-bye", "a full-point bye: the FIDE rules deprecate it, and it makes the "
                                                 "team ineligible for the pairing-allocated bye (C.04.6 Art. 2.1.2)",
                               {"round": rnd}))
    t = declare(t, rnd, tpn, kind, in_player_lines=False)
    names = {Result.HALF_POINT_BYE: "half-point bye", Result.ZERO_POINT_BYE: "zero-point bye",
             Result.FULL_POINT_BYE: "full-point bye"}
    return Change(consistent(t), f"bye for team {team_label(ev, tpn)}", f"{names[kind]} ({kind.value}) in round {rnd}",
                  tuple(warnings), {"team": tpn, "round": rnd, "kind": kind.value})


def cancel_bye(t: Tournament, tpn: int, rnd: int) -> Change:
    """Withdraw the bye or absence declared for team ``tpn`` in round ``rnd`` (not yet paired)."""
    ev = _team(t, tpn)
    check_future_round(t, rnd, "its byes are in the pairing")
    old = declarations(ev, tpn, t.rounds_paired).get(rnd)
    if old is None:
        raise NothingDeclared(tpn, rnd)
    t = declare(t, rnd, tpn, None, in_player_lines=False)
    return Change(consistent(t), f"cancel bye of team {team_label(ev, tpn)}", f"{old} in round {rnd}: to be paired",
                  (), {"team": tpn, "round": rnd, "was": old})
