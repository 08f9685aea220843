"""A rotation session as an append-only event log in an SQLite file (standard library).

Every command is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``): it reads the log, replays
it, decides, and appends its events; an interrupted command leaves the log as it was.  The state
is never stored, only derived (:func:`rotation.engine.replay`).

Schema (version 1)::

    CREATE TABLE meta   (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        -- 'schema' -> '1', 'config' -> JSON {"tables", "format", "seed", "mode", "balanced"}
    CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT,
                         at TEXT NOT NULL,      -- UTC time, ISO 8601 (information only)
                         type TEXT NOT NULL,    -- arrive|pause|resume|leave|start|finish|set
                         data TEXT NOT NULL);   -- the event as JSON (docs/rotation.md)
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator, Optional, Sequence

from rotation import engine as rot
from rotation.explain import explain

SCHEMA_VERSION = "1"


class SessionFileError(OSError):
    """The session file cannot be created, opened or is not a rotation session."""


@dataclass(frozen=True)
class Outcome:
    """What a command did: the events it appended and the state afterwards."""

    events: tuple[dict, ...]
    state: rot.State
    started: tuple[rot.Game, ...] = ()


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=10)
    return conn


def create(path: str | Path, config: rot.Config) -> None:
    """Create a new session file (refuses to overwrite an existing file)."""
    path = Path(path)
    if path.exists():
        raise SessionFileError(f"{path} already exists (a session file is never overwritten)")
    try:
        conn = _connect(path)
    except sqlite3.Error as exc:
        raise SessionFileError(f"cannot create {path}: {exc}") from None
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, "
                     "type TEXT NOT NULL, data TEXT NOT NULL)")
        conn.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
        conn.execute("INSERT INTO meta VALUES ('config', ?)", (json.dumps(config.as_dict()),))
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        conn.close()
        path.unlink(missing_ok=True)
        raise SessionFileError(f"cannot create {path}: {exc}") from None
    conn.close()


@contextmanager
def _transaction(path: Path) -> Iterator[sqlite3.Connection]:
    if not path.is_file():
        raise SessionFileError(f"cannot open {path}: no such session file (create it with 'arbiter rotation new')")
    try:
        conn = _connect(path)
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise SessionFileError(f"cannot open {path}: {exc}") from None
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        raise
    finally:
        conn.close()


def _load(conn: sqlite3.Connection, path: Path) -> tuple[rot.Config, list[dict]]:
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        rows = conn.execute("SELECT data FROM events ORDER BY seq").fetchall()
    except sqlite3.DatabaseError:
        raise SessionFileError(f"{path} is not a rotation session file") from None
    if meta.get("schema") != SCHEMA_VERSION or "config" not in meta:
        raise SessionFileError(f"{path}: unsupported session schema {meta.get('schema')!r}")
    config = rot.Config(**json.loads(meta["config"]))
    return config, [json.loads(r[0]) for r in rows]


def _append(conn: sqlite3.Connection, events: Sequence[dict]) -> None:
    at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for ev in events:
        conn.execute("INSERT INTO events (at, type, data) VALUES (?, ?, ?)", (at, ev["type"], json.dumps(ev)))


def load(path: str | Path) -> tuple[rot.Config, list[dict]]:
    """The session's configuration and its events, in order (read-only)."""
    with _transaction(Path(path)) as conn:
        return _load(conn, Path(path))


def state(path: str | Path) -> rot.State:
    """The current state, replayed from the log."""
    config, events = load(path)
    return rot.replay(config, events)


def _command(path: str | Path, decide) -> Outcome:
    """Run ``decide(config, events, state) -> new events`` in one transaction, checking by replay
    that the new events apply before they are appended."""
    path = Path(path)
    with _transaction(path) as conn:
        config, events = _load(conn, path)
        current = rot.replay(config, events)
        new = decide(config, events, current)
        after = rot.replay(config, events + list(new))
        _append(conn, new)
    started: list[rot.Game] = []
    for ev in new:
        if ev["type"] == "start":
            started.extend(g for g in after.tables if g is not None
                           and any(g.table == x["table"] for x in ev["games"]))
        elif ev["type"] == "set":
            g = after.tables[ev["table"] - 1]
            if g is not None:
                started.append(g)
    return Outcome(events=tuple(new), state=after, started=tuple(started))


def arrive(path: str | Path, name: str, rating: Optional[int] = None) -> Outcome:
    """A player arrives (joins the shared queue)."""
    ev = {"type": "arrive", "name": name.strip()}
    if rating is not None:
        ev["rating"] = rating
    return _command(path, lambda c, e, s: [ev])


def status_change(path: str | Path, kind: str, name: str) -> Outcome:
    """``pause``, ``resume`` or ``leave``."""
    if kind not in ("pause", "resume", "leave"):
        raise rot.RotationError(f"unknown status change {kind!r}")
    return _command(path, lambda c, e, s: [{"type": kind, "name": name.strip()}])


def next_games(path: str | Path, table: Optional[int] = None) -> Outcome:
    """Fill ``table``, or every free table in one pass."""
    def decide(config, events, st):
        choices = rot.plan_next(st, table)
        if not choices:
            if not st.free_tables():
                raise rot.NoGame("every table is busy")
            raise rot.NoGame(f"not enough players waiting ({len(st.waiting())}, {config.k} needed per table)")
        return [rot.choices_event(choices)]
    return _command(path, decide)


def finish(path: str | Path, table: int) -> Outcome:
    """A game ends; the table mode decides what starts next (refill at once by default)."""
    def decide(config, events, st):
        fin = {"type": "finish", "table": table}
        after = rot.apply_event(st, fin)
        choices = rot.plan_after_finish(after, table)
        return [fin] + ([rot.choices_event(choices)] if choices else [])
    return _command(path, decide)


def set_game(path: str | Path, table: int, names: Sequence[str]) -> Outcome:
    """A manual change by the organiser.  With k names the game on ``table`` is exactly those
    players (bughouse: first two against last two); it replaces the game in progress there from
    its start, or starts on a free table.  With fewer names (free table only) they are fixed
    into the game and the engine completes it; fixed players are never dropped."""
    names = [n.strip() for n in names]

    def decide(config, events, st):
        k = config.k
        rot._check_table(st, table)
        if len(set(names)) != len(names):
            raise rot.RotationError("a player is named twice")
        for n in names:
            if n not in st.players:
                raise rot.RotationError(f"unknown player {n!r}")
        if len(names) > k or not names:
            raise rot.RotationError(f"give 1 to {k} names for a {config.format} table, not {len(names)}")
        if len(names) == k:
            teams = [names[: k // 2], names[k // 2:]]
            ev = {"type": "set", "table": table, "teams": teams}
            try:
                rot.replay(config, events + [ev])
            except rot.RotationError as exc:
                raise rot.RotationError(f"cannot set table {table}: {exc}") from None
            return [ev]
        if st.tables[table - 1] is not None:
            raise rot.RotationError(f"table {table} is busy: name all {k} players to replace its game")
        for n in names:
            p = st.players[n]
            if p.status != "active" or p.table is not None:
                raise rot.RotationError(f"{n} is not waiting")
        choices = rot.choose_pass(st, [table], organiser_fixed={table: names})
        if not choices:
            raise rot.NoGame(f"not enough players waiting to complete table {table}")
        ev = rot.choices_event(choices)
        ev["games"][0]["fixed"] = list(names)
        return [ev]
    return _command(path, decide)


def _history_states(config: rot.Config, events: Sequence[dict]):
    """Replay, yielding (state before, start event) for every start."""
    st = rot.State.new(config)
    for ev in rot.resolve_manual(events):
        if ev["type"] == "start":
            yield st, ev
        st = rot.apply_event(st, ev)


def why(path: str | Path, table: int) -> dict:
    """"Why this game?" for the game in progress on ``table``."""
    config, events = load(path)
    now = rot.replay(config, events)
    game = now.game(table)
    if game is None:
        raise rot.RotationError(f"table {table} has no game in progress")
    found = None
    for before, ev in _history_states(config, events):
        if before.passes == game.pass_no:
            found = (before, ev)
    assert found is not None
    before, ev = found
    return explain(before, game, [g["table"] for g in ev["games"]])


def status(st: rot.State) -> dict:
    """The stable JSON shape of ``arbiter rotation status``."""
    return {
        "config": st.config.as_dict(),
        "passes": st.passes,
        "games_started": len(st.history),
        "sitout_limit": rot.sitout_limit(st),
        "tables": [{"table": i + 1, "teams": [list(t) for t in g.teams] if g else None,
                    "by": g.by if g else None} for i, g in enumerate(st.tables)],
        "players": [{"name": p.name, "rating": p.rating, "status": p.status, "table": p.table,
                     "games": p.games, "sitouts": p.sitouts, "streak": p.streak,
                     "owed": str(p.owed)} for p in st.players.values()],
        "queue": [p.name for p in sorted(st.waiting(), key=lambda p: (-p.sitouts, p.games, p.order))],
    }
