"""``pair_round``: one round of a team event paired by the Swiss Team Pairing System (C.04.6),
colours allocated (Art. 4) and boards in order (C.04.2 Art. 3.6)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from pairing.lexicographic import allocate_plan
from pairing.result import Pairing, PairingInputError
from pairing.team.acceleration import team_acceleration
from pairing.team.brackets import RoundPlan, pair_teams
from pairing.team.colours import Allocation, allocate
from pairing.team.state import RoundSettings, TeamState, team_states
from trf.acceleration import BakuPlan
from trf.codes import Colour
from trf.model import Tournament
from trf.teams import TeamEvent, team_event

__all__ = ["TeamRoundPairing", "pair_round", "pair_team_round", "board_key", "infer_initial_colour"]


@dataclass(frozen=True)
class TeamRoundPairing:
    """A team round paired: ``pairing`` (boards as (White team, Black team) TPNs in board order,
    the PAB), the ``plan`` the procedure made (brackets, upfloaters), each board's colour
    ``allocations`` (with the step of Art. 4.3 that decided), the ``settings`` and the
    acceleration (``acceleration``: ``"none"``, ``"records"`` or ``"baku"``, with its plan)."""

    pairing: Pairing
    plan: RoundPlan
    allocations: tuple[Allocation, ...]
    settings: RoundSettings
    teams: dict[int, TeamState]
    acceleration: str = "none"
    baku: Optional[BakuPlan] = None


def board_key(a: TeamState, b: TeamState) -> tuple[Fraction, Fraction, int]:
    """Board order (C.04.2 Art. 3.6, by pairing scores, C.04.7 Art. 1.5): the higher score of the
    pair's higher-ranked team, then the higher sum of both scores, then the smaller TPN of the
    higher-ranked team (ranked by score, then TPN)."""
    x, y = sorted((a, b), key=lambda t: (-t.pairing_score, t.tpn))
    return (-x.pairing_score, -(x.pairing_score + y.pairing_score), x.tpn)


def infer_initial_colour(ev: TeamEvent) -> Optional[Colour]:
    """The initial-colour a file without ``152`` shows (C.04.6 Art. 4.3.1 read backwards): in
    round 1's played match of the smallest TPN, the first-team is the smaller TPN (every score is
    zero, Art. 4.2.3); it had the initial-colour when its TPN is odd."""
    best: Optional[tuple[int, Colour]] = None
    for team in ev.teams:
        e = ev.entry(team.tpn, 1)
        if e.played and e.opponent is not None and team.tpn < e.opponent and e.colour is not Colour.NONE:
            if best is None or team.tpn < best[0]:
                best = (team.tpn, e.colour)
    if best is None:
        return None
    tpn, colour = best
    return colour if tpn % 2 else colour.opposite


def pair_round(t: Tournament, rnd: Optional[int] = None, *, initial_colour: Optional[Colour] = None,
               total_rounds: Optional[int] = None, baku: Optional[bool] = None) -> Pairing:
    """Round ``rnd`` (default: the next one) of the team event ``t`` (cut before that round)
    paired by C.04.6: :func:`pair_team_round`'s pairing."""
    return pair_team_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds, baku=baku).pairing


def pair_team_round(t: Tournament, rnd: Optional[int] = None, *, initial_colour: Optional[Colour] = None,
                    total_rounds: Optional[int] = None, baku: Optional[bool] = None) -> TeamRoundPairing:
    """Pair round ``rnd`` (default: the next one) of the team event ``t`` by C.04.6 (Art. 3.3.2:
    the PAB, the brackets from the top, then the colours), with the details.

    The teams' history is read from :func:`trf.teams.team_event` through round ``rnd - 1``; the
    number of rounds (``142``/``XXR``, or ``total_rounds``) is required (C7, C10 and Type B read
    the last rounds); the initial colour (``152``, ``initial_colour``, else what round 1 shows) only
    when a pair of teams that have not played is coloured.  ``baku``: Baku acceleration
    (``None``: as ``192`` says).

    Raises :class:`~pairing.result.PairingInputError` (the number of rounds or the initial colour
    missing), :class:`~pairing.result.NoLegalPairing` (Art. 3.3.3),
    :class:`~trf.teams.TeamFileError` (team records that cannot be read) and
    :class:`~trf.acceleration.AccelerationRefused`."""
    ev = team_event(t)
    if rnd is None:
        rnd = max(t.rounds_paired, ev.rounds) + 1
    total = total_rounds if total_rounds is not None else t.total_rounds
    if total is None:
        raise PairingInputError("total-rounds", "the number of rounds is unknown: the file needs 'XXR n' or '142 n' "
                                                "(C.04.6 Art. 2.3.4, 2.3.7 and 1.7.2 read the last rounds)")
    options = ev.options
    initial = initial_colour or t.initial_colour
    settings = RoundSettings(rnd, max(total, rnd), options.preference, options.secondary is not None)
    virtual, kind, plan_baku = team_acceleration(t, ev, total, baku)
    teams = team_states(ev, settings, virtual)
    plan = pair_teams(teams, settings, t.forbidden(rnd))
    allocations = allocate_plan(plan, lambda a, b, initial: allocate(teams[a], teams[b], settings, initial),
                                lambda a, b: not teams[a].colours and not teams[b].colours,
                                initial, lambda: infer_initial_colour(ev), "C.04.6")
    allocations.sort(key=lambda x: board_key(teams[x.white], teams[x.black]))
    pairing = Pairing(rnd, tuple((x.white, x.black) for x in allocations), plan.pab)
    return TeamRoundPairing(pairing, plan, tuple(allocations), settings, teams, kind, plan_baku)
