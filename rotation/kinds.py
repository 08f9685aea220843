"""The named kinds of the rotation: formats, table modes, player states, who chose a game, and
the hard limits that may give way.  A module of its own, below :mod:`rotation.engine`, so that
the command line can offer the choices without loading the engine.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Format", "Mode", "Status", "By", "Relaxation"]


class Format(StrEnum):
    """What is played at a table: bughouse (two boards, two-player teams) or singles."""

    BUGHOUSE = "bughouse"
    SINGLES = "singles"


class Mode(StrEnum):
    """What a table does when its game ends (docs/rotation.md, "Table modes")."""

    REFILL = "refill"  # refilled at once from the shared queue
    RESHUFFLE = "reshuffle"  # the same players again in a new split, unless others are due
    WAIT = "wait"  # stays free until the organiser says next
    ALL = "all"  # nothing starts until every table is free; then all tables in one pass


class Status(StrEnum):
    """A player's presence tonight."""

    ACTIVE = "active"  # present: at a board or waiting
    PAUSED = "paused"  # present but skipped until resumed
    LEFT = "left"  # gone; their games still count in every statistic


class By(StrEnum):
    """Who chose a game."""

    ENGINE = "engine"
    ORGANISER = "organiser"


class Relaxation(StrEnum):
    """The hard limits that may give way, in the order they are relaxed."""

    BALANCE = "balance"
    OWED_DUTY = "owed duty"
    REST_CHECK = "rest check"
    SITOUT_LIMIT = "sit-out limit"
