"""Plain-data and text forms of a round's pairing (``arbiter pair --format json|bbp``), and who the
participants are: players, or the teams of a team event (TPN, name, primary score before the
round, :mod:`trf.teams`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from pairing.result import Pairing
from trf.model import Tournament

if TYPE_CHECKING:
    from typing import Any

__all__ = ["Participant", "participants", "not_paired", "match_dict", "pairing_dict", "bbp_text"]


@dataclass(frozen=True)
class Participant:
    """A player (start rank, title and name, rating) or a team (TPN, name) and its points before
    the round (a team's primary score, C.04.6 Art. 1.2)."""

    number: int
    name: str
    points: Fraction
    title: str = ""
    rating: int | None = None


def _last_column(t: Tournament, rnd: int) -> int:
    """The last round column before round ``rnd``: ``rnd - 1``, or in a file of two-game matches
    (:mod:`trf.matches`, where the door's rounds are matches) game 2's column of match ``rnd - 1``."""
    from trf.matches import match_columns, writes_matches

    return match_columns(rnd)[0] - 1 if writes_matches(t) else rnd - 1


def participants(t: Tournament, rnd: int) -> dict[int, Participant]:
    """Everyone who can be paired in round ``rnd``, by number: the players, or in a team event the
    teams by TPN with their primary score through round ``rnd - 1`` (a file of two-game matches:
    the game points of the matches before match ``rnd``)."""
    if t.is_team_event:
        from trf.teams import team_event

        ev = team_event(t)
        return {x.tpn: Participant(x.tpn, x.name, ev.score(x.tpn, rnd - 1)) for x in ev.teams}
    last = _last_column(t, rnd)
    return {p.start_rank: Participant(p.start_rank, p.name, t.score(p.start_rank, through=last), p.fide_title,
                                      p.rating) for p in t.players}


def not_paired(t: Tournament, rnd: int) -> dict[int, str]:
    """The byes and absences declared for round ``rnd`` (number -> ``F``/``H``/``Z``): the players'
    (:meth:`~trf.model.Tournament.declared_absences`), or a team event's teams (``240``); in a
    file of two-game matches those declared for match ``rnd`` in either of its columns
    (:func:`trf.matches.declared_for_match`)."""
    if t.is_team_event:
        from trf.teams import team_event

        return {tpn: kind for r, kind, tpn in team_event(t).byes if r == rnd}
    from trf.matches import declared_for_match, writes_matches

    if writes_matches(t):
        return {pid: kind.value for pid, kind in declared_for_match(t, rnd).items()}
    return {pid: kind.value for pid, kind in t.declared_absences(rnd).items()}


def match_dict(t: Tournament, rnd: int) -> dict[str, Any] | None:
    """What a round of two-game matches adds (``docs/json.md``): ``match`` (its number: the door's
    round), ``columns`` (the two round columns of the file it is written in, games 1 and 2) and
    ``pab_points`` (the PAB's game points, C.04.5 Art. 1.4); ``None`` for a file of one game per
    round."""
    from trf.export import points_str
    from trf.matches import match_columns, pab_points, writes_matches

    if t.is_team_event or not writes_matches(t):
        return None
    return {"match": rnd, "columns": list(match_columns(rnd)), "pab_points": points_str(pab_points(t))}


def pairing_dict(t: Tournament, pairing: Pairing) -> dict[str, Any]:
    """Boards in order with both participants' numbers, names and points before the round (a team
    event: ``tpn`` for ``start_rank``, the teams' names and primary scores); a round of two-game
    matches adds :func:`match_dict` (the colours of a board are game 1's)."""
    from trf.export import points_str  # the writer's, loaded when JSON is asked for (bbp_text needs none of it)

    rnd = pairing.round
    who_is = participants(t, rnd)
    team = t.is_team_event

    def who(pid: int) -> dict[str, Any]:
        p = who_is[pid]
        if team:
            return {"tpn": pid, "name": p.name, "points": points_str(p.points)}
        return {"start_rank": pid, "name": p.name, "rating": p.rating, "points": points_str(p.points)}

    out: dict[str, Any] = {
        "round": rnd,
        "boards": [{"board": k, "white": who(w), "black": who(b)} for k, (w, b) in enumerate(pairing.boards, 1)],
        "bye": who(pairing.bye) if pairing.bye is not None else None,
        "absent": sorted(not_paired(t, rnd)),
    }
    out.update(match_dict(t, rnd) or {})
    return out


def bbp_text(pairing: Pairing) -> str:
    return "\n".join(pairing.bbp_lines()) + "\n"
