"""Plain-data and text forms of a round's pairing (``arbiter pair --format json|bbp``), and who the
participants are: players, or the teams of a team event (TPN, name, primary score before the
round, :mod:`trf.teams`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pairing.result import Pairing
from trf.export import points_str
from trf.model import Tournament

__all__ = ["Participant", "participants", "not_paired", "pairing_dict", "bbp_text"]


@dataclass(frozen=True)
class Participant:
    """A player (start rank, title and name, rating) or a team (TPN, name) and its points before
    the round (a team's primary score, C.04.6 Art. 1.2)."""

    number: int
    name: str
    points: Fraction
    title: str = ""
    rating: int | None = None


def participants(t: Tournament, rnd: int) -> dict[int, Participant]:
    """Everyone who can be paired in round ``rnd``, by number: the players, or in a team event the
    teams by TPN with their primary score through round ``rnd - 1``."""
    if t.is_team_event:
        from trf.teams import team_event

        ev = team_event(t)
        return {x.tpn: Participant(x.tpn, x.name, ev.score(x.tpn, rnd - 1)) for x in ev.teams}
    return {p.start_rank: Participant(p.start_rank, p.name, t.score(p.start_rank, through=rnd - 1), p.fide_title,
                                      p.rating) for p in t.players}


def not_paired(t: Tournament, rnd: int) -> dict[int, str]:
    """The byes and absences declared for round ``rnd`` (number -> ``F``/``H``/``Z``): the players'
    (:meth:`~trf.model.Tournament.declared_absences`), or a team event's teams (``240``)."""
    if t.is_team_event:
        from trf.teams import team_event

        return {tpn: kind for r, kind, tpn in team_event(t).byes if r == rnd}
    return {pid: kind.value for pid, kind in t.declared_absences(rnd).items()}


def pairing_dict(t: Tournament, pairing: Pairing) -> dict[str, Any]:
    """Boards in order with both participants' numbers, names and points before the round (a team
    event: ``tpn`` for ``start_rank``, the teams' names and primary scores)."""
    rnd = pairing.round
    who_is = participants(t, rnd)
    team = t.is_team_event

    def who(pid: int) -> dict[str, Any]:
        p = who_is[pid]
        if team:
            return {"tpn": pid, "name": p.name, "points": points_str(p.points)}
        return {"start_rank": pid, "name": p.name, "rating": p.rating, "points": points_str(p.points)}

    return {
        "round": rnd,
        "boards": [{"board": k, "white": who(w), "black": who(b)} for k, (w, b) in enumerate(pairing.boards, 1)],
        "bye": who(pairing.bye) if pairing.bye is not None else None,
        "absent": sorted(not_paired(t, rnd)),
    }


def bbp_text(pairing: Pairing) -> str:
    return "\n".join(pairing.bbp_lines()) + "\n"
