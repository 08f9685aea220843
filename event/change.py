"""What every operation on an event returns, and what it may raise.

An operation is a pure function of a :class:`~trf.model.Tournament` (and its arguments): it
returns a :class:`Change`, the new tournament with the warnings the arbiter should read and the
action in words, which the action log records (:func:`event.log.record`).  Nothing is written
to disk here: :mod:`event.store` does that.

Errors are :class:`EventError` subclasses carrying their data as attributes; their messages speak
of the event (players, rounds, boards), never of command-line options.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from trf.edit import recompute_points
from trf.model import Header, Player, Tournament

__all__ = ["EventError", "NoChange", "NotATeamEvent", "Notice", "Change", "consistent", "player_label", "refuse_team_event",
           "UnknownPlayer", "check_player"]


class EventError(ValueError):
    """An operation that cannot be done on this event; ``kind`` names the reason for machines."""

    kind = "event"


class NoChange(EventError):
    """The ``setting`` already has ``value``: nothing to change (and nothing is logged)."""

    kind = "no-change"

    def __init__(self, setting: str, value: object) -> None:
        super().__init__(f"the {setting} is already {value}: nothing to change")
        self.setting, self.value = setting, value


class NotATeamEvent(EventError):
    """The operation (``what``) is for team events and this event is individual, or (``team``) the
    event is a team event and the operation is for individual events: :mod:`event.team` runs those."""

    kind = "kind-of-event"

    def __init__(self, what: str, team: bool = False) -> None:
        super().__init__(f"a team event: {what}" if team else f"not a team event: {what}")
        self.what, self.team = what, team


def refuse_team_event(t: Tournament, what: str) -> None:
    """Raise :class:`NotATeamEvent` when ``t`` is a team event (its records or its ``192``/``092``
    say so); ``what``: what to do instead, in words."""
    if t.system_code.team:
        raise NotATeamEvent(what, team=True)


@dataclass(frozen=True)
class Notice:
    """A warning for the arbiter: ``code`` for machines (``rematch``, ``second-half-point-bye``...),
    ``message`` in words, ``data`` the values it speaks of."""

    code: str
    message: str
    data: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **({"data": self.data} if self.data else {})}


@dataclass(frozen=True)
class Change:
    """The result of an operation: the tournament ``after`` it, ``warnings``, the ``action`` (a
    short verb phrase: ``pair round 3``) and its ``details`` in words, and ``data`` for JSON."""

    after: Tournament
    action: str
    details: str = ""
    warnings: tuple[Notice, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def summary(self) -> str:
        return f"{self.action}: {self.details}" if self.details else self.action


class UnknownPlayer(EventError):
    """No player has starting rank ``start_rank``."""

    kind = "unknown-player"

    def __init__(self, start_rank: int, players: int) -> None:
        super().__init__(f"no player has starting rank {start_rank}" + (f" (the event has 1-{players})" if players else ""))
        self.start_rank, self.players = start_rank, players


def check_player(t: Tournament, pid: int) -> None:
    """Raise :class:`UnknownPlayer` unless ``t`` has a player of starting rank ``pid`` (here, below
    :mod:`event.absences` and :mod:`event.results`, so that each may use the other's functions)."""
    if pid not in t.player_by_rank:
        raise UnknownPlayer(pid, len(t.players))


def player_label(t: Tournament, pid: int) -> str:
    """``12 (Smith, John)``: a start rank with the name, as the log and the messages write it."""
    p = t.player_by_rank.get(pid)
    return f"{pid} ({p.name})" if p is not None and p.name else str(pid)


def _complete_rounds(t: Tournament) -> int:
    """The last round up to which every paired round has all its results."""
    last = 0
    for r in range(1, t.rounds_paired + 1):
        if any(g.white_result is None or g.black_result is None for g in t.games(r)):
            break
        last = r
    return last


def consistent(t: Tournament) -> Tournament:
    """The listed points and ranks made to agree with the results, as the endorsed engines and the
    rating report require: points from the round blocks (:func:`trf.edit.recompute_points`), the
    rank column from the standings after the last round with all its results (the file's
    tie-breaks, 202/212, else the toolkit's default list; C.07), start ranks before round 1;
    the player counts of 062/072 when the file has them."""
    t = recompute_points(t, fill_blank=True)
    done = _complete_rounds(t)
    if done == 0:
        ranks = {p.start_rank: p.start_rank for p in t.players}
    else:
        from tiebreaks.codes import file_tiebreaks
        from tiebreaks.standings import standings

        tbs = file_tiebreaks(t)
        s = standings(t, tbs or [], after_round=done, default_list=tbs is None)
        ranks = {row.pid: row.rank for row in s.rows}
    counts = {"062": str(len(t.players)), "072": str(sum(1 for p in t.players if p.rating))}
    records = [replace(r, rank=ranks.get(r.start_rank, r.rank)) if isinstance(r, Player)
               else Header(r.code, counts[r.code]) if isinstance(r, Header) and r.code in counts else r
               for r in t.records]
    return t.replace_records(tuple(records))
