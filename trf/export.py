"""Plain-data views of a tournament for JSON output (``arbiter show --json``).

The shape is part of the toolkit's interface: add keys, never rename or remove them.
Points are strings with one decimal (``"2.5"``), exact whatever the scoring system.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from trf.model import Player, RoundEntry, Tournament
from trf.scoring import ScoringSystem
from trf.writer import fmt_points

SCHEMA_VERSION = 1


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
