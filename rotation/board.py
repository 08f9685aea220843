"""The session at one moment, as everyone in the hall may see it: the tables in play with "why
this game?", the free tables, the queue, and each player's evening game by game.

Everything here comes from one snapshot of the log (:func:`rotation.log.snapshot`, one read
transaction), so a board never mixes two moments of a session that another terminal is writing:
the tables, the queue, the players and every table's explanation describe the same log, whose
``version`` the board carries (it changes whenever an event is appended, so a page can tell when
to redraw).  The explanations are :func:`rotation.log.whys` on that snapshot: for each table,
exactly what ``rotation why --json`` says for it (:func:`rotation.log.why`).

A player's evening (``tonight``) lists, pass by pass, what the pass did to them, with the
engine's own counting (:func:`rotation.engine.start_pass`): a game when they were placed in
it, a sit-out when they were waiting (present, unpaused, not at a board) and not placed.  A
player at a board, paused, gone, or not yet arrived has no entry for that pass.  A game set
by hand over an engine's game is the organiser's game in every count
(:func:`rotation.engine.resolve_manual`), here too.

Reading a bad file raises what :func:`rotation.log.state` raises (:class:`rotation.log.SessionFileError`,
:class:`rotation.log.DamagedSession`), so a caller gives the command line's messages.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Optional

from rotation import engine as rot
from rotation import log as rlog

VERSION_TAG_DIGITS = 12

__all__ = ["Board", "BoardTable", "BoardPlayer", "Spell", "read_board", "board_from"]


@dataclass(frozen=True)
class Spell:
    """One pass of a player's evening: a game (``table``, partners, opponents, who set it, and
    whether it is still being played) or a sit-out."""

    pass_no: int
    kind: str  # "game" | "sitout"
    table: Optional[int] = None
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()
    by: Optional[str] = None  # "engine" | "organiser" for a game
    in_progress: bool = False

    def as_dict(self) -> dict[str, Any]:
        if self.kind == "sitout":
            return {"pass": self.pass_no, "kind": "sitout"}
        return {"pass": self.pass_no, "kind": "game", "table": self.table, "partners": list(self.partners),
                "opponents": list(self.opponents), "by": self.by, "in_progress": self.in_progress}


@dataclass(frozen=True)
class BoardPlayer:
    """A player tonight: ``sitouts`` counts the sit-outs in a row now (what the sit-out limit
    judges), ``sitouts_total`` every sit-out of the evening."""

    name: str
    rating: Optional[int]
    status: str  # "active" | "paused" | "left"
    table: Optional[int]
    games: int
    sitouts: int
    sitouts_total: int
    streak: int
    owed: str
    tonight: tuple[Spell, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rating": self.rating, "status": self.status, "table": self.table,
                "games": self.games, "sitouts": self.sitouts, "sitouts_total": self.sitouts_total,
                "streak": self.streak, "owed": self.owed, "tonight": [s.as_dict() for s in self.tonight]}


@dataclass(frozen=True)
class BoardTable:
    """A table: its game's sides and who chose it, and "why this game?" (``None`` when free)."""

    table: int
    teams: Optional[tuple[tuple[str, ...], tuple[str, ...]]]
    by: Optional[str]
    why: Optional[Mapping[str, Any]]

    @property
    def free(self) -> bool:
        return self.teams is None

    def as_dict(self) -> dict[str, Any]:
        return {"table": self.table, "teams": [list(t) for t in self.teams] if self.teams else None,
                "by": self.by, "why": dict(self.why) if self.why is not None else None}


@dataclass(frozen=True)
class Board:
    """The session at one moment (one snapshot of its log)."""

    name: str  # the session file's name, for a title
    version: tuple[str, int, int]  # the log's version (configuration text, events, last event
    # number): changes whenever an event is appended; compared whole to tell a change
    updated: Optional[str]  # when the last event was recorded (UTC, ISO 8601; None before any)
    config: rot.Config
    passes: int
    games_started: int
    sitout_limit: int
    tables: tuple[BoardTable, ...]
    queue: tuple[str, ...]
    players: tuple[BoardPlayer, ...]

    @property
    def free_tables(self) -> tuple[int, ...]:
        return tuple(t.table for t in self.tables if t.free)

    @property
    def version_tag(self) -> str:
        """A short name of :attr:`version` (12 hexadecimal digits of the SHA-256 of its three
        parts, one a line): two boards of one session have the same tag exactly when their logs
        have the same events, for a reader that compares one string."""
        text = "\n".join(str(part) for part in self.version)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:VERSION_TAG_DIGITS]

    def version_json(self) -> dict[str, Any]:
        """The version as ``board.json`` gives it: the number of events, the last event's
        number, and :attr:`version_tag` (the configuration text stays out: it is ``config``)."""
        return {"events": self.version[1], "last_event": self.version[2], "tag": self.version_tag}

    def player(self, name: str) -> Optional[BoardPlayer]:
        return next((p for p in self.players if p.name == name), None)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON shape (docs/rotation-page.md): ``why`` of a table in play is what
        ``arbiter rotation why --json`` prints for it, ``null`` for a free table."""
        return {"session": self.name, "version": self.version_json(), "updated": self.updated,
                "config": self.config.as_dict(),
                "passes": self.passes, "games_started": self.games_started, "sitout_limit": self.sitout_limit,
                "tables": [t.as_dict() for t in self.tables], "free_tables": list(self.free_tables),
                "queue": list(self.queue), "players": [p.as_dict() for p in self.players]}


def read_board(path: str | Path, cache: Optional[rlog.WhyCache] = None) -> Board:
    """The board of the session file at ``path``, from one consistent read of its log (safe
    while the command line writes).  ``cache``: explanations kept from the previous read, for
    a reader that reads again after every change (:func:`rotation.log.whys`).  Raises
    :class:`rotation.log.SessionFileError` or :class:`rotation.log.DamagedSession` as
    :func:`rotation.log.state` does."""
    path = Path(path)
    return board_from(rlog.snapshot(path), path.name, cache)


def board_from(snap: rlog.Snapshot, name: str, cache: Optional[rlog.WhyCache] = None) -> Board:
    """The board of one snapshot (pure, but for what ``cache`` keeps)."""
    st = snap.state
    whys = rlog.whys(snap, cache)  # the explanations and the evenings reuse the snapshot's one replay
    tables = tuple(BoardTable(table=i + 1, teams=g.teams if g else None, by=str(g.by) if g else None,
                              why=whys[i + 1] if g else None) for i, g in enumerate(st.tables))
    evenings = _evenings(snap)
    players = tuple(BoardPlayer(name=p.name, rating=p.rating, status=str(p.status), table=p.table, games=p.games,
                                sitouts=p.sitouts,
                                sitouts_total=sum(1 for s in evenings.get(p.name, ()) if s.kind == "sitout"),
                                streak=p.streak, owed=_frac(p.owed), tonight=tuple(evenings.get(p.name, ())))
                    for p in st.players.values())
    return Board(name=name, version=snap.version, updated=snap.rows[-1].at if snap.rows else None,
                 config=snap.config, passes=st.passes,
                 games_started=len(st.history), sitout_limit=rot.sitout_limit(st), tables=tables,
                 queue=tuple(rlog.status(st)["queue"]), players=players)


def _frac(x: Any) -> str:
    return str(x) if x.denominator != 1 else str(x.numerator)


def _evenings(snap: rlog.Snapshot) -> dict[str, list[Spell]]:
    """Each player's passes, in order, from the starts the snapshot's replay recorded (manual
    changes folded in): at every start, who was placed and who sat out, as
    :func:`rotation.engine.start_pass` counts them.  A game is ``in_progress`` while it is still
    on its table in the snapshot's state (same table, same pass)."""
    out: dict[str, list[Spell]] = {}
    playing = {(g.table, g.pass_no) for g in snap.state.tables if g is not None}
    for before, ev in snap.starts:
        placed: set[str] = set()
        for g in ev["games"]:
            sides = (tuple(g["teams"][0]), tuple(g["teams"][1]))
            by = str(g.get("by", rot.By.ENGINE))
            in_progress = (g["table"], before.passes) in playing
            for s, side in enumerate(sides):
                for n in side:
                    out.setdefault(n, []).append(Spell(pass_no=before.passes, kind="game", table=g["table"],
                                                       partners=tuple(x for x in side if x != n),
                                                       opponents=sides[1 - s], by=by, in_progress=in_progress))
                    placed.add(n)
        for p in before.waiting():
            if p.name not in placed:
                out.setdefault(p.name, []).append(Spell(pass_no=before.passes, kind="sitout"))
    return out
