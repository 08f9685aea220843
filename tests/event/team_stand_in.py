"""A stand-in for the Team Swiss engine, for the event tests only, until ``systems.next_round``
pairs team events (the registry's team system): it is NOT C.04.6.  It pairs the teams not declared
absent by score (match points, then TPN) top-down, each with the first team below it that it has not
met, the higher-placed team White on board 1; with an odd number, the lowest team without a PAB gets
it.  The event runner only writes what it is given, so its tests need no more than a legal pairing.

``use_stand_in(monkeypatch)`` puts it behind :func:`systems.next_round` (the call the event makes).
"""

from __future__ import annotations

from typing import Any

import pytest

from pairing.result import Pairing
from pairing.rounds import NextRound, target_round
from trf.model import Tournament
from trf.teams import team_event


def stand_in_team_pairing(t: Tournament, **_: Any) -> NextRound:
    target = target_round(t, None, t.total_rounds)
    rnd, before = target.round, target.before
    ev = team_event(before)
    absent = {tpn for r, _kind, tpn in ev.byes if r == rnd}
    teams = [x.tpn for x in ev.teams if x.tpn not in absent]
    teams.sort(key=lambda tpn: (-ev.match_points(tpn), tpn))
    bye = None
    if len(teams) % 2:
        had = {x for x in ev.pab_teams if x}
        bye = next(tpn for tpn in reversed(teams) if tpn not in had)
        teams.remove(bye)
    met = {tpn: set(ev.opponents(tpn)) for tpn in teams}
    pairs: list[tuple[int, int]] = []
    left = list(teams)
    while left:
        a = left.pop(0)
        b = next((x for x in left if x not in met[a]), left[0])
        left.remove(b)
        pairs.append((a, b))
    return NextRound(rnd, before, False, Pairing(rnd, tuple(pairs), bye), "stand-in")


def use_stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`systems.next_round` answers with :func:`stand_in_team_pairing` for team events."""
    import systems

    real = systems.next_round

    def next_round(t: Tournament, **kwargs: Any) -> NextRound:
        if t.system_code.team:
            return stand_in_team_pairing(t, **kwargs)
        return real(t, **kwargs)

    monkeypatch.setattr(systems, "next_round", next_round)
