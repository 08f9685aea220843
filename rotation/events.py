"""The events of a rotation log and the check that a stored event has the shape of its type.

The log is written only by :mod:`rotation.log`, but it is a file: it can be damaged or edited
by hand.  Every stored event is checked here before it is replayed, so that the replay meets
only the errors of the rules (an unknown player, a busy table: :class:`rotation.engine.RotationError`),
never a missing key or a value of the wrong type.  The shapes (docs/rotation.md, "SQLite schema")::

    {"type": "arrive", "name": str, "rating"?: int | null}
    {"type": "pause" | "resume" | "leave", "name": str}
    {"type": "start", "games": [{"table": int, "teams": [[str...], [str...]],
                                 "by"?: "engine" | "organiser", "fixed"?: [str...], "restrict"?: [str...]}...]}
    {"type": "finish", "table": int}
    {"type": "set", "table": int, "teams": [[str...], [str...]]}

Teams have k/2 players a side (two for bughouse, one for singles); a game's ``fixed`` players
are among its players.
"""

from __future__ import annotations

from typing import Any, Mapping

from rotation.engine import By, Config


class BadEvent(ValueError):
    """A stored event that does not have the shape of its type (the message says what is wrong)."""


EVENT_TYPES = ("arrive", "pause", "resume", "leave", "start", "finish", "set")

_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {  # type -> (required, optional)
    "arrive": (frozenset({"type", "name"}), frozenset({"rating"})),
    "pause": (frozenset({"type", "name"}), frozenset()),
    "resume": (frozenset({"type", "name"}), frozenset()),
    "leave": (frozenset({"type", "name"}), frozenset()),
    "start": (frozenset({"type", "games"}), frozenset()),
    "finish": (frozenset({"type", "table"}), frozenset()),
    "set": (frozenset({"type", "table", "teams"}), frozenset()),
}
_GAME_KEYS = (frozenset({"table", "teams"}), frozenset({"by", "fixed", "restrict"}))


def _keys(obj: Mapping[str, Any], required: frozenset[str], optional: frozenset[str], what: str) -> None:
    missing = sorted(required - obj.keys())
    if missing:
        raise BadEvent(f"{what} has no {', '.join(repr(k) for k in missing)}")
    unknown = sorted(obj.keys() - required - optional)
    if unknown:
        raise BadEvent(f"{what} has unknown key(s) {', '.join(repr(k) for k in unknown)}")


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadEvent(f"{what} must be a whole number, not {value!r}")
    return value


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadEvent(f"{what} must be a player's name, not {value!r}")
    return value


def _names(value: object, what: str) -> list[str]:
    if not isinstance(value, list):
        raise BadEvent(f"{what} must be a list of names, not {value!r}")
    return [_name(v, what) for v in value]


def _teams(value: object, k: int) -> list[list[str]]:
    side = k // 2
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(t, list) and len(t) == side for t in value)):
        raise BadEvent(f"teams must be two sides of {side} player(s), not {value!r}")
    return [_names(t, "a team") for t in value]


def check_event(raw: object, config: Config) -> dict[str, Any]:
    """``raw`` (decoded JSON) if it is an event of the documented shape, else :class:`BadEvent`."""
    if not isinstance(raw, dict):
        raise BadEvent(f"an event must be a JSON object, not {type(raw).__name__}")
    if "type" not in raw:
        raise BadEvent("the event has no type")
    kind = raw["type"]
    if kind not in EVENT_TYPES:
        raise BadEvent(f"unknown event type {kind!r}")
    required, optional = _KEYS[kind]
    _keys(raw, required, optional, f"a {kind} event")
    if "name" in raw:
        _name(raw["name"], "name")
    if raw.get("rating") is not None:
        _whole(raw["rating"], "rating")
    if "table" in raw:
        _whole(raw["table"], "table")
    if "teams" in raw:
        _teams(raw["teams"], config.k)
    if kind == "start":
        games = raw["games"]
        if not isinstance(games, list) or not games:
            raise BadEvent(f"games must be a non-empty list, not {games!r}")
        for g in games:
            if not isinstance(g, dict):
                raise BadEvent(f"a game must be a JSON object, not {g!r}")
            _keys(g, *_GAME_KEYS, "a game")
            _whole(g["table"], "table")
            players = {n for side in _teams(g["teams"], config.k) for n in side}
            if "by" in g and g["by"] not in tuple(By):
                raise BadEvent(f"by must be one of {', '.join(By)}, not {g['by']!r}")
            if not set(_names(g.get("fixed", []), "fixed")) <= players:
                raise BadEvent(f"fixed players {g['fixed']!r} are not all in the game")
            _names(g.get("restrict", []), "restrict")
    return raw
