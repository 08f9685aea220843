"""Plain-data views of a tournament for JSON output (``arbiter show --json``).

The shape is part of the toolkit's interface: add keys, never rename or remove them.
Points are strings with one decimal (``"2.5"``), exact whatever the scoring system.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from trf.model import Player, RoundEntry, Tournament
from trf.scoring import ScoringSystem
from trf.writer import fmt_points

SCHEMA_VERSION = 1

if TYPE_CHECKING:
    from trf.teams import Team, TeamEvent


def points_str(value: Fraction | None) -> str | None:
    return None if value is None else fmt_points(value)


def scoring_dict(s: ScoringSystem) -> dict[str, str | None]:
    return {
        "win": points_str(s.win_white), "draw": points_str(s.draw_white), "loss": points_str(s.loss_white),
        "win_black": points_str(s.win_black), "draw_black": points_str(s.draw_black),
        "loss_black": points_str(s.loss_black), "forfeit_win": points_str(s.forfeit_win),
        "forfeit_loss": points_str(s.forfeit_loss), "zero_point_bye": points_str(s.zero_point_bye),
        "half_point_bye": points_str(s.half_point_bye), "full_point_bye": points_str(s.full_point_bye),
        "pairing_allocated_bye": points_str(s.pab_value),
        "adjourned": points_str(s.draw_white if s.unknown is None else s.unknown),  # 162 X, a '?' game
    }


def round_dict(r: int, e: RoundEntry) -> dict[str, Any]:
    """One round block of ``show --json``: the round first, then what the block holds."""
    return {
        "round": r,
        "opponent": e.opponent,
        "colour": e.colour.value,
        "result": e.code.value if e.code is not None else None,
        "played": e.is_played,
    }


def player_rounds(p: Player, through: int | None = None) -> list[tuple[int, RoundEntry]]:
    """The player's non-blank round blocks up to ``through``, with their round numbers."""
    last = len(p.rounds) if through is None else min(through, len(p.rounds))
    return [(r, e) for r, e in enumerate(p.rounds[:max(last, 0)], start=1) if e is not None]


def player_summary(t: Tournament, p: Player, through: int | None = None) -> dict[str, Any]:
    """A player of ``show --json`` without the ``"rounds"`` (the last key)."""
    return {
        "start_rank": p.start_rank,
        "name": p.name,
        "sex": p.sex,
        "title": p.fide_title,
        "rating": p.rating,
        "federation": p.federation,
        "fide_id": p.fide_id,
        "birth_date": p.birth_date,
        "listed_points": points_str(p.points),
        "points": points_str(t.score(p.start_rank, t.rounds_paired if through is None else through)),
        "listed_rank": p.rank,
    }


def player_dict(t: Tournament, p: Player, through: int | None = None) -> dict[str, Any]:
    data = player_summary(t, p, through)
    data["rounds"] = [round_dict(r, e) for r, e in player_rounds(p, through)]
    return data


def tournament_dict(t: Tournament, through: int | None = None, lazy: bool = False,
                    player: Callable[[Tournament, Player, int | None], Any] = player_dict) -> dict[str, Any]:
    """Everything ``arbiter show`` displays, as plain data.  ``lazy``: ``"players"`` is an
    iterator that builds each player's data (``player``) as it is asked for (a 9,999-player
    file's million round dictionaries are then never held at once)."""
    players = sorted(t.players, key=lambda p: p.start_rank)
    each = (player(t, p, through) for p in players)
    return {
        "schema": SCHEMA_VERSION,
        "tournament": {
            "name": t.name,
            "city": t.header("022") or "",
            "federation": t.header("032") or "",
            "start_date": t.header("042") or "",
            "end_date": t.header("052") or "",
            "chief_arbiter": t.header("102") or "",
            "system": t.header("192") or t.header("092") or "",
            "rounds": t.total_rounds,
            "rounds_paired": t.rounds_paired,
            "shown_through_round": through if through is not None else t.round_columns,
            "initial_colour": t.initial_colour.value if t.initial_colour else None,
            "scoring": scoring_dict(t.scoring),
            "players": len(players),
        },
        "players": each if lazy else list(each),
    }


# --------------------------------------------------------------------------- team events


def team_standing(event: TeamEvent, through: int | None = None) -> list[Team]:
    """The teams in order of their primary, then secondary score (``192``; C.04.6 Art. 1.2)
    after round ``through`` (all rounds read: ``None``), then TPN: an order, not a ranking by
    the tie-breaks."""
    first, second = event.options.primary, event.options.secondary

    def key(team: Team) -> tuple[Fraction, Fraction, int]:
        a = event.score(team.tpn, through, first)
        b = event.score(team.tpn, through, second) if second else Fraction(0)
        return -a, -b, team.tpn

    return sorted(event.teams, key=key)


def _team_side(event: TeamEvent, tpn: int, rnd: int) -> dict[str, Any]:
    e = event.entry(tpn, rnd)
    return {"team": tpn, "kind": e.kind, "colour": e.colour.value, "game_points": points_str(e.game_points),
            "match_points": points_str(e.match_points), "boards": list(e.boards)}


def team_round_dict(event: TeamEvent, rnd: int) -> dict[str, Any]:
    """Round ``rnd`` of a team event: its matches (White team on board 1 first; a forfeited match
    with its ``330`` sides, ``result`` ``+-`` ``-+`` ``--``), the PAB, the byes (``240``) and the
    teams with neither."""
    matches: list[dict[str, Any]] = []
    busy: set[int] = set()
    for white, black, kind in event.matches(rnd):
        busy.update((white, black))
        result = None
        if kind != "played":
            result = {"forfeit-win": "+-", "forfeit-loss": "-+"}.get(kind, "--")
        matches.append({"white": _team_side(event, white, rnd), "black": _team_side(event, black, rnd),
                        "forfeited": kind != "played", "result": result})
    byes: list[dict[str, Any]] = []
    absent: list[int] = []
    pab: dict[str, Any] | None = None
    for team in event.teams:
        e = event.entry(team.tpn, rnd)
        if team.tpn in busy:
            continue
        if e.kind == "pab":
            pab = {"team": team.tpn, "match_points": points_str(e.match_points),
                   "game_points": points_str(e.game_points)}
        elif e.kind in ("full-bye", "half-bye", "zero-bye"):
            byes.append({"team": team.tpn, "kind": {"full-bye": "F", "half-bye": "H"}.get(e.kind, "Z"),
                         "match_points": points_str(e.match_points), "game_points": points_str(e.game_points)})
        else:
            absent.append(team.tpn)
    return {"round": rnd, "matches": matches, "pab": pab, "byes": byes, "absent": absent}


def team_event_dict(event: TeamEvent, through: int | None = None) -> dict[str, Any]:
    """What ``arbiter show`` adds for a team event (:class:`trf.teams.TeamEvent`): the teams
    (TPN, name, members, scores after ``through``, the ``310`` values as listed) in TPN order,
    the rules read (boards, ``352``, ``362``, the ``320`` PAB, ``192``), and each round's
    matches (:func:`team_round_dict`)."""
    last = event.rounds if through is None else min(through, event.rounds)
    players = event.tournament.player_by_rank
    order = {team.tpn: i for i, team in enumerate(team_standing(event, last), start=1)}
    teams = [{
        "tpn": team.tpn, "name": team.name, "nickname": team.nickname,
        "members": [{"start_rank": m, "name": players[m].name if m in players else None} for m in team.members],
        "match_points": points_str(event.match_points(team.tpn, last)),
        "game_points": points_str(event.game_points(team.tpn, last)),
        "order": order[team.tpn],
        "listed_match_points": points_str(team.match_points), "listed_game_points": points_str(team.game_points),
        "listed_rank": team.rank,
    } for team in event.teams]
    o = event.options
    return {
        "team_rules": {
            "boards": event.boards, "board_colours": event.board_colours,
            "match_points": {"win": points_str(event.win), "draw": points_str(event.draw),
                             "loss": points_str(event.loss)},
            "pab": {"match_points": points_str(event.pab_match_points),
                    "game_points": points_str(event.pab_game_points)},
            "options": {"code": o.code, "colour_preference": o.preference, "primary": o.primary,
                        "secondary": o.secondary, "baku": o.baku},
            "rounds_read": event.rounds,
        },
        "teams": teams,
        "rounds": [team_round_dict(event, r) for r in range(1, last + 1)],
    }
