"""Virtual points of a team event (C.04.7, Baku acceleration): the file's own ``250`` (or ``XXA``)
records, else the Baku rule when ``192`` names it (``FIDE_TEAM..._BAKU``) or the caller asks.

For teams the ids of ``250`` are TPNs and the virtual points are match points: C.04.7 Art. 1.4.4
forbids acceleration when game points are the primary score.  A ``250`` carries a match-point
and a game-point field; TRF-2026's own team example writes the match points in the game-point
field and FIDE's team sample in the match-point field, so the match-point field is read, and the
game-point field when the match-point field is empty or zero.  A later record overrides an
earlier one for the same team and round.

The Baku rule for teams: group A is the first 2 x ceil(N/4) TPNs of the N teams; the first
ceil(R/2) rounds of R are accelerated; group A gets a won match's match points before each of the
first ceil(A/2) accelerated rounds (A of them) and a drawn match's after; nobody else gets any.
It needs a scoring where a win is worth two draws and a loss nothing (C.04.7 Art. 1.4).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Optional

from trf.acceleration import AccelerationRefused, BakuPlan
from trf.model import AccelerationRange, PlayerAcceleration, Tournament
from trf.teams import TeamEvent

__all__ = ["Virtual", "team_acceleration", "team_baku_plan"]

#: Virtual points of a team (TPN) for a round.
Virtual = Callable[[int, int], Fraction]

ZERO = Fraction(0)


def _none(tpn: int, rnd: int) -> Fraction:
    return ZERO


def _refuse_game_points(ev: TeamEvent) -> None:
    if ev.options.primary == "GP":
        raise AccelerationRefused("scoring", "acceleration cannot be used when game points are the primary score "
                                             "(C.04.7 Art. 1.4.4)")


def _from_records(records: tuple[AccelerationRange | PlayerAcceleration, ...]) -> Virtual:
    """The records' virtual points (module docstring), the last record first."""
    ordered = tuple(reversed(records))

    def points(tpn: int, rnd: int) -> Fraction:
        for rec in ordered:
            if isinstance(rec, PlayerAcceleration):
                if rec.player == tpn and 1 <= rnd <= len(rec.points) and rec.points[rnd - 1]:
                    return rec.points[rnd - 1] or ZERO
                continue
            if rec.first_round <= rnd <= rec.last_round and rec.first_player <= tpn <= rec.last_player:
                value = rec.match_points or rec.game_points
                if value:
                    return value
        return ZERO
    return points


def team_baku_plan(ev: TeamEvent, total_rounds: int) -> BakuPlan:
    """The Baku rule for a team event (module docstring); raises
    :class:`~trf.acceleration.AccelerationRefused` for game points as the primary score or a
    scoring that is not win = two draws, loss = 0."""
    _refuse_game_points(ev)
    if ev.loss != 0 or ev.win != 2 * ev.draw or ev.win <= 0:
        raise AccelerationRefused("scoring", f"Baku acceleration (C.04.7) needs match points where a win is worth "
                                             f"two draws and a loss nothing; this event gives {ev.win}/{ev.draw}/"
                                             f"{ev.loss} (362)")
    n = len(ev.teams)
    size = 2 * ((n + 3) // 4)
    tpns = tuple(sorted(t.tpn for t in ev.teams))
    group_a = tuple(x for x in tpns if x <= size)
    accelerated = (total_rounds + 1) // 2
    return BakuPlan("handbook", n, (), group_a, group_a[-1] if group_a else None, total_rounds, accelerated,
                    (accelerated + 1) // 2, ev.win, ev.draw)


def team_acceleration(t: Tournament, ev: TeamEvent, total_rounds: int, baku: Optional[bool] = None
                      ) -> tuple[Virtual, str, Optional[BakuPlan]]:
    """The virtual points the round is paired with, their kind (``"records"``, ``"baku"`` or
    ``"none"``) and the Baku plan when it is the rule's.  ``baku``: ``None`` as the file says
    (``_BAKU`` in ``192``), ``True``/``False`` the caller's choice; a file's own records are
    always used."""
    records = tuple(r for r in t.records if isinstance(r, (AccelerationRange, PlayerAcceleration)))
    if records:
        _refuse_game_points(ev)
        return _from_records(records), "records", None
    if baku if baku is not None else ev.options.baku:
        plan = team_baku_plan(ev, total_rounds)
        return plan.points, "baku", plan
    return _none, "none", None
