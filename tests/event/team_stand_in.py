"""A stand-in for the Team Swiss engine, for the event tests only, while the registry pairs no team
event (:func:`systems.next_round` refuses them): it is NOT C.04.6 beyond round 1.

* Round 1 as C.04.6 pairs it when every team is present (one bracket; Art. 3.6.2's first identifier
  pairs the first half of the TPNs with the second; Art. 4.3.1: the first team of a pair, the
  smaller TPN, gets the initial colour when its TPN is odd, the other colour when even), the PAB,
  with an odd number, to the largest TPN (Art. 3.4.2-3.4.4 on equal scores and no match played).
* Later rounds: by score (match points, then TPN) top-down, each team with the first below it that it
  has not met, the higher-placed team White on board 1; the PAB to the lowest team without one.

The event runner only writes what it is given, so its tests need no more than a legal pairing; where
the registry pairs team events (:func:`pairs_team_events`), the tests use it instead
(:func:`use_stand_in` does nothing) and :func:`expected_pairing` asks it.
"""

from __future__ import annotations

from typing import Any

import pytest

from pairing.result import Pairing
from pairing.rounds import NextRound, target_round
from trf.model import Colour, Tournament
from trf.teams import team_event


def pairs_team_events() -> bool:
    """The registry has a system that pairs team events."""
    import systems

    return any(getattr(s, "team_events", False) for s in systems.systems())


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
    pairs: list[tuple[int, int]] = []
    if rnd == 1 and not absent:
        half = len(teams) // 2
        initial = before.initial_colour or Colour.WHITE
        for a, b in zip(teams[:half], teams[half:]):
            first_white = (a % 2 == 1) == (initial is Colour.WHITE)
            pairs.append((a, b) if first_white else (b, a))
        return NextRound(rnd, before, False, Pairing(rnd, tuple(pairs), bye), "stand-in")
    met = {tpn: set(ev.opponents(tpn)) for tpn in teams}
    left = list(teams)
    while left:
        a = left.pop(0)
        b = next((x for x in left if x not in met[a]), left[0])
        left.remove(b)
        pairs.append((a, b))
    return NextRound(rnd, before, False, Pairing(rnd, tuple(pairs), bye), "stand-in")


def expected_pairing(t: Tournament) -> Pairing:
    """The pairing of the next round of ``t``: the registry's, else the stand-in's."""
    import systems

    return systems.next_round(t).pairing if pairs_team_events() else stand_in_team_pairing(t).pairing


def use_stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`systems.next_round` answers team events with :func:`stand_in_team_pairing`, unless the
    registry pairs them itself."""
    import systems

    if pairs_team_events():
        return
    real = systems.next_round

    def next_round(t: Tournament, **kwargs: Any) -> NextRound:
        if t.system_code.team:
            return stand_in_team_pairing(t, **kwargs)
        return real(t, **kwargs)

    monkeypatch.setattr(systems, "next_round", next_round)
