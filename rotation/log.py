"""A rotation session as an append-only event log in an SQLite file (standard library).

The state is never stored, only derived by replaying the log (:func:`rotation.engine.replay`).
A command reads a consistent snapshot of the log, replays it and decides *without* holding the
write lock; it then takes the lock (``BEGIN IMMEDIATE``), checks that nobody appended since its
snapshot, and appends its events in the same transaction.  If the log moved meanwhile, it decides
again from the new log (after a few tries, it decides under the lock, so a command always ends).
So the lock is held only to compare and append, the decision is always made on the log it is
appended to, and an interrupted command leaves the log as it was.

Every stored row is checked before it is replayed: a file that is not a session (or of another
schema version) is a :class:`SessionFileError`; a session whose configuration or events are
damaged (bad JSON, a missing key, an event that contradicts the ones before it) is a
:class:`DamagedSession` naming the event.

A session file is created whole: the database is built in a temporary file beside it and linked
into place, which fails if the name exists, so of two ``create`` calls on one path exactly one
succeeds and the other removes nothing but its own temporary file.

Schema (version 1)::

    CREATE TABLE meta   (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        -- 'schema' -> '1', 'config' -> JSON {"tables", "format", "seed", "mode", "balanced"}
    CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT,
                         at TEXT NOT NULL,      -- UTC time, ISO 8601 (information only)
                         type TEXT NOT NULL,    -- arrive|pause|resume|leave|start|finish|set
                         data TEXT NOT NULL);   -- the event as JSON (rotation.events)
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import sqlite3
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, MutableMapping, Optional, Sequence

from rotation import engine as rot
from rotation.events import BadEvent, check_event
from rotation.explain import explain
from trf.writer import process_alive

SCHEMA_VERSION = "1"
CONFIG_KEYS = frozenset({"tables", "format", "seed", "mode", "balanced"})
OPTIMISTIC_TRIES = 3  # decisions made outside the lock before one is made under it
STALE_AFTER = 60.0  # seconds: a temporary file of a dead ``create`` older than this is removed
_TEMP_SUFFIX = ".creating"

Decide = Callable[[rot.Config, list[dict[str, Any]], rot.State], list[dict[str, Any]]]


class SessionFileError(OSError):
    """The session file cannot be created, opened or is not a rotation session."""


class DamagedSession(Exception):
    """A rotation session whose stored content cannot be replayed.  ``seq`` is the number of the
    event at fault (None when the configuration is), ``kind`` its type when it has one."""

    def __init__(self, path: Path, what: str, seq: Optional[int] = None, kind: Optional[str] = None) -> None:
        self.path, self.what, self.seq, self.kind = path, what, seq, kind
        where = "config" if seq is None else f"event {seq}" + (f" ({kind})" if kind else "")
        super().__init__(f"{path}: {where}: {what}")


@dataclass(frozen=True)
class Outcome:
    """What a command did: the events it appended and the state afterwards."""

    events: tuple[dict[str, Any], ...]
    state: rot.State
    started: tuple[rot.Game, ...] = ()


@dataclass(frozen=True)
class _Row:
    seq: int
    kind: Optional[str]
    event: dict[str, Any]
    at: Optional[str] = None  # when it was recorded (information only: not checked, never replayed)


@dataclass(frozen=True)
class _Snapshot:
    """The log as read in one transaction, replayed."""

    config: rot.Config
    rows: tuple[_Row, ...]
    version: tuple[str, int, int]  # (config text, number of events, last seq): changes on append
    state: rot.State
    # every pass started, in order: the state just before it and its start event (manual
    # changes folded in), recorded by the one replay that made ``state`` (states are immutable)
    starts: tuple[tuple[rot.State, dict[str, Any]], ...] = ()

    @property
    def events(self) -> list[dict[str, Any]]:
        return [r.event for r in self.rows]


Snapshot = _Snapshot  # the public name of what :func:`snapshot` returns


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(str(path), isolation_level=None, timeout=10)


# --------------------------------------------------------------------------- creation

def create(path: str | Path, config: rot.Config) -> None:
    """Create a new session file; refuses an existing name (a session file is never
    overwritten).  Safe against a concurrent ``create`` of the same path: the database is built
    under a temporary name and linked into place, which fails if the name exists meanwhile."""
    path = Path(path)
    if path.is_symlink() and not path.exists():  # a dangling link names the file to create (as convert -o)
        path = Path(os.path.realpath(path))
    if path.exists() or path.is_symlink():
        raise SessionFileError(f"{path} already exists (a session file is never overwritten)")
    _remove_stale_temporaries(path)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=_TEMP_SUFFIX,
                                        dir=path.parent)
    except OSError as exc:
        raise SessionFileError(f"cannot create {path}: {exc.strerror or exc}") from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        _build(tmp, config)
        _link(tmp, path)
    except sqlite3.Error as exc:
        raise SessionFileError(f"cannot create {path}: {exc}") from None
    finally:
        tmp.unlink(missing_ok=True)


def _build(tmp: Path, config: rot.Config) -> None:
    conn = sqlite3.connect(str(tmp), isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, "
                     "type TEXT NOT NULL, data TEXT NOT NULL)")
        conn.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
        conn.execute("INSERT INTO meta VALUES ('config', ?)", (json.dumps(config.as_dict()),))
        conn.execute("COMMIT")
    finally:
        conn.close()


def _link(tmp: Path, path: Path) -> None:
    """Give the built file its name, only if the name is free (atomic)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise SessionFileError(f"{path} already exists (a session file is never overwritten)") from None
    except OSError:  # a file system without hard links: create-if-absent, then copy
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            raise SessionFileError(f"{path} already exists (a session file is never overwritten)") from None
        except OSError as exc:
            raise SessionFileError(f"cannot create {path}: {exc.strerror or exc}") from None
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(tmp.read_bytes())
                out.flush()
                os.fsync(out.fileno())
        except OSError as exc:  # a full disk: the half-written file is removed, the name stays free
            path.unlink(missing_ok=True)
            raise SessionFileError(f"cannot create {path}: {exc.strerror or exc}") from None
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files that a ``create`` of ``path`` killed before it finished left
    behind (named ``.NAME.PID.*.creating``): only those whose process is gone and that are older
    than :data:`STALE_AFTER`, so that a ``create`` running now is never disturbed."""
    prefix = f".{path.name}."
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return
    now = time.time()
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(_TEMP_SUFFIX)):
            continue
        pid_text = name[len(prefix):].split(".", 1)[0]
        if not pid_text.isdigit() or process_alive(int(pid_text)):
            continue
        try:
            if now - entry.stat().st_mtime > STALE_AFTER:
                entry.unlink()
        except OSError:
            pass


# --------------------------------------------------------------------------- reading

@contextmanager
def _open(path: Path) -> Iterator[sqlite3.Connection]:
    if not path.is_file():
        raise SessionFileError(f"cannot open {path}: no such session file (create it with 'arbiter rotation new')")
    try:
        conn = _connect(path)
    except sqlite3.Error as exc:
        raise SessionFileError(f"cannot open {path}: {exc}") from None
    try:
        yield conn
    finally:
        conn.close()


def _text(value: object) -> Optional[str]:
    """A stored TEXT value (read as bytes), or None when it is not UTF-8 text."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value if isinstance(value, str) else None


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _read(conn: sqlite3.Connection, path: Path) -> tuple[rot.Config, tuple[_Row, ...], tuple[str, int, int]]:
    """The configuration and the events, each checked (inside the caller's transaction)."""
    conn.text_factory = bytes
    try:
        meta_rows = conn.execute("SELECT key, value FROM meta").fetchall()
        rows = conn.execute("SELECT seq, type, data, at FROM events ORDER BY seq").fetchall()
    except (sqlite3.DatabaseError, UnicodeDecodeError):  # sqlite's message on a damaged schema may not be UTF-8
        raise SessionFileError(f"{path} is not a rotation session file") from None
    meta = {_text(k): v for k, v in meta_rows}
    if _text(meta.get("schema")) != SCHEMA_VERSION:
        raise SessionFileError(f"{path}: unsupported session schema {_text(meta.get('schema'))!r}")
    if "config" not in meta:
        raise DamagedSession(path, "the session has no configuration")
    config_text = _text(meta["config"])
    config = _config(path, config_text)
    assert config_text is not None
    out = []
    for seq, kind_raw, data, at in rows:
        kind = _text(kind_raw)
        text = _text(data)
        if text is None:
            raise DamagedSession(path, "the event is not UTF-8 text", seq, kind)
        try:
            event = check_event(_json(text), config)
        except ValueError as exc:  # json.JSONDecodeError, BadEvent
            what = f"not valid JSON ({exc})" if not isinstance(exc, BadEvent) else str(exc)
            raise DamagedSession(path, what, seq, kind) from None
        if kind != event["type"]:
            raise DamagedSession(path, f"the type column says {kind!r}, the event says {event['type']!r}",
                                 seq, event["type"])
        out.append(_Row(seq=seq, kind=kind, event=event, at=_text(at)))
    version = (config_text, len(out), out[-1].seq if out else 0)
    return config, tuple(out), version


def _config(path: Path, text: Optional[str]) -> rot.Config:
    if text is None:
        raise DamagedSession(path, "the configuration is not UTF-8 text")
    try:
        raw = _json(text)
    except ValueError as exc:
        raise DamagedSession(path, f"not valid JSON ({exc})") from None
    if not isinstance(raw, dict):
        raise DamagedSession(path, f"the configuration must be a JSON object, not {type(raw).__name__}")
    if raw.keys() != CONFIG_KEYS:
        missing, unknown = sorted(CONFIG_KEYS - raw.keys()), sorted(raw.keys() - CONFIG_KEYS)
        parts = ([f"no {', '.join(missing)}"] if missing else []) + ([f"unknown {', '.join(unknown)}"] if unknown else [])
        raise DamagedSession(path, f"expected the keys {', '.join(sorted(CONFIG_KEYS))}: {'; '.join(parts)}")
    try:
        return rot.Config(**raw)
    except rot.RotationError as exc:
        raise DamagedSession(path, str(exc)) from None


def _replay(path: Path, config: rot.Config, rows: Sequence[_Row]
            ) -> tuple[rot.State, tuple[tuple[rot.State, dict[str, Any]], ...]]:
    """The state after the stored events, and for every start the state just before it with
    the start event (manual changes folded in); an event the rules refuse is damage, named by
    its number (for a game rewritten by a manual change, the ``set`` that rewrote it)."""
    resolved, sources = rot.resolve_manual_sources([r.event for r in rows])
    state = rot.State.new(config)
    starts: list[tuple[rot.State, dict[str, Any]]] = []
    for ev, src in zip(resolved, sources):
        if ev["type"] == "start":
            starts.append((state, ev))
        try:
            state = rot.apply_event(state, ev)
        except rot.RotationError as exc:
            culprit = src[0]
            if ev["type"] == "start":
                for m in range(1, len(ev["games"]) + 1):  # the first game that cannot start
                    try:
                        rot.apply_event(state, {**ev, "games": ev["games"][:m]})
                    except rot.RotationError:
                        culprit = src[m - 1]
                        break
            row = rows[culprit]
            raise DamagedSession(path, f"cannot be replayed: {exc}", row.seq, row.kind) from None
    return state, tuple(starts)


def _replayed(path: Path, config: rot.Config, rows: tuple[_Row, ...], version: tuple[str, int, int]) -> _Snapshot:
    state, starts = _replay(path, config, rows)
    return _Snapshot(config=config, rows=rows, version=version, state=state, starts=starts)


def _snapshot(path: Path) -> _Snapshot:
    """Read the log in one (read) transaction, without the write lock, and replay it."""
    with _open(path) as conn:
        try:
            conn.execute("BEGIN")
            config, rows, version = _read(conn, path)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise SessionFileError(f"cannot read {path}: {exc}") from None
    return _replayed(path, config, rows, version)


def load(path: str | Path) -> tuple[rot.Config, list[dict[str, Any]]]:
    """The session's configuration and its events, in order (read-only, checked)."""
    snap = _snapshot(Path(path))
    return snap.config, snap.events


def state(path: str | Path) -> rot.State:
    """The current state, replayed from the log."""
    return _snapshot(Path(path)).state


def version(path: str | Path) -> tuple[str, int, int]:
    """The log's version as a snapshot's ``version`` gives it (configuration text, number of
    events, last event number), read in one transaction without checking or replaying the
    events: cheap enough for a page that follows the session to ask every few seconds whether
    anything was appended.  A file that is not a session is a :class:`SessionFileError`."""
    path = Path(path)
    with _open(path) as conn:
        conn.text_factory = bytes
        try:
            conn.execute("BEGIN")
            row = conn.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()
            count, last = conn.execute("SELECT count(*), coalesce(max(seq), 0) FROM events").fetchone()
            conn.execute("COMMIT")
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            raise SessionFileError(f"{path} is not a rotation session file") from None
    return (_text(row[0]) if row else None) or "", int(count), int(last)


# --------------------------------------------------------------------------- commands

def _append(conn: sqlite3.Connection, events: Sequence[dict[str, Any]]) -> None:
    at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for ev in events:
        conn.execute("INSERT INTO events (at, type, data) VALUES (?, ?, ?)", (at, ev["type"], json.dumps(ev)))


def _after(snap: _Snapshot, new: Sequence[dict[str, Any]]) -> rot.State:
    """The state once ``new`` is appended (a RotationError if it cannot be; the stored events
    were checked when read, so any error is the new events').  The new events are checked as
    a read will check them: nothing is appended that could not be read back."""
    for ev in new:
        try:
            check_event(ev, snap.config)
        except BadEvent as exc:
            raise rot.RotationError(str(exc)) from None
    if any(ev["type"] == "set" for ev in new):  # a manual change may rewrite an earlier game
        return rot.replay(snap.config, snap.events + list(new))
    st = snap.state
    for ev in new:
        st = rot.apply_event(st, ev)
    return st


def _append_if_unchanged(path: Path, version: tuple[str, int, int], new: Sequence[dict[str, Any]]) -> bool:
    """Append ``new`` under the write lock if the log is still at ``version``."""
    with _open(path) as conn:
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise SessionFileError(f"cannot open {path}: {exc}") from None
        try:
            conn.text_factory = bytes
            row = conn.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()
            config_text = _text(row[0]) if row else None
            count, last = conn.execute("SELECT count(*), coalesce(max(seq), 0) FROM events").fetchone()
            if (config_text, count, last) != version:
                conn.execute("ROLLBACK")
                return False
            _append(conn, new)
            conn.execute("COMMIT")
            return True
        except BaseException as exc:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(exc, sqlite3.Error):
                raise _unwritable(path, exc) from None
            raise


def _unwritable(path: Path, exc: sqlite3.Error) -> SessionFileError:
    """An append the database refused (a full disk: ``database or disk is full``; a read-only
    file or folder: ``attempt to write a readonly database``, ``unable to open database file``
    for its journal; an I/O error), as every writer of the toolkit says it: the file cannot be
    written, and nothing was appended (the transaction is rolled back)."""
    return SessionFileError(f"cannot write {path}: {exc}; nothing was recorded")


def _command(path: str | Path, decide: Decide) -> Outcome:
    """Run ``decide(config, events, state) -> new events`` on a snapshot of the log, check by
    replay that the new events apply, and append them if the log has not moved meanwhile (else
    decide again).  Only the comparison and the append hold the write lock."""
    path = Path(path)
    for _ in range(OPTIMISTIC_TRIES):
        snap = _snapshot(path)
        new = decide(snap.config, snap.events, snap.state)
        after = _after(snap, new)
        if _append_if_unchanged(path, snap.version, new):
            return _outcome(new, after)
    return _command_locked(path, decide)


def _command_locked(path: Path, decide: Decide) -> Outcome:
    """The same, deciding under the write lock (when the log kept moving under the snapshots)."""
    with _open(path) as conn:
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise SessionFileError(f"cannot open {path}: {exc}") from None
        try:
            config, rows, version = _read(conn, path)
            snap = _replayed(path, config, rows, version)
            new = decide(snap.config, snap.events, snap.state)
            after = _after(snap, new)
            _append(conn, new)
            conn.execute("COMMIT")
        except BaseException as exc:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(exc, sqlite3.Error):
                raise _unwritable(path, exc) from None
            raise
    return _outcome(new, after)


def _outcome(new: Sequence[dict[str, Any]], after: rot.State) -> Outcome:
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
    ev: dict[str, Any] = {"type": "arrive", "name": name.strip()}
    if rating is not None:
        ev["rating"] = rating
    return _command(path, lambda c, e, s: [ev])


def status_change(path: str | Path, kind: str, name: str) -> Outcome:
    """``pause``, ``resume`` or ``leave``."""
    if kind not in rot.STATUS_AFTER:
        raise rot.RotationError(f"unknown status change {kind!r}")
    return _command(path, lambda c, e, s: [{"type": kind, "name": name.strip()}])


def next_games(path: str | Path, table: Optional[int] = None) -> Outcome:
    """Fill ``table``, or every free table in one pass."""
    def decide(config: rot.Config, events: list[dict[str, Any]], st: rot.State) -> list[dict[str, Any]]:
        choices = rot.plan_next(st, table)
        if not choices:
            if not st.free_tables():
                raise rot.NoGame("every table is busy")
            raise rot.NoGame(f"not enough players waiting ({len(st.waiting())}, {config.k} needed per table)")
        return [rot.choices_event(choices)]
    return _command(path, decide)


def finish(path: str | Path, table: int) -> Outcome:
    """A game ends; the table mode decides what starts next (refill at once by default)."""
    def decide(config: rot.Config, events: list[dict[str, Any]], st: rot.State) -> list[dict[str, Any]]:
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

    def decide(config: rot.Config, events: list[dict[str, Any]], st: rot.State) -> list[dict[str, Any]]:
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
            ev: dict[str, Any] = {"type": "set", "table": table, "teams": teams}
            try:
                rot.replay(config, events + [ev])
            except rot.RotationError as exc:
                raise rot.RotationError(f"cannot set table {table}: {exc}") from None
            return [ev]
        if st.tables[table - 1] is not None:
            raise rot.RotationError(f"table {table} is busy: name all {k} players to replace its game")
        for n in names:
            p = st.players[n]
            if p.status != rot.Status.ACTIVE or p.table is not None:
                raise rot.RotationError(f"{n} is not waiting")
        choices = rot.choose_pass(st, [table], organiser_fixed={table: names})
        if not choices:
            raise rot.NoGame(f"not enough players waiting to complete table {table}")
        ev = rot.choices_event(choices)
        ev["games"][0]["fixed"] = list(names)
        return [ev]
    return _command(path, decide)


def why(path: str | Path, table: int) -> dict[str, Any]:
    """"Why this game?" for the game in progress on ``table``."""
    snap = _snapshot(Path(path))
    if snap.state.game(table) is None:
        raise rot.RotationError(f"table {table} has no game in progress")
    return whys(snap)[table]


def snapshot(path: str | Path) -> Snapshot:
    """The log as read in one (read) transaction and replayed: its configuration, events,
    version (which changes whenever anything is appended) and state.  Everything derived from
    one snapshot (:func:`whys`, :mod:`rotation.board`) describes one moment of the session,
    however the log moves meanwhile."""
    return _snapshot(Path(path))


#: Explanations already computed, by :func:`explanation_key` (see :func:`whys`).
WhyCache = MutableMapping[str, dict[str, Any]]


def whys(snap: Snapshot, cache: Optional[WhyCache] = None) -> dict[int, dict[str, Any]]:
    """"Why this game?" (:func:`rotation.explain.explain`) for every game in progress in
    ``snap``, by table, from the replay that made the snapshot (no replay of its own): each game
    is explained from the state just before the pass that started it.

    With ``cache`` (for a reader that reads the session again after every change), an
    explanation is reused while the events up to its game's start are unchanged: it is a
    function of them alone (the state before the pass, the pass and the game), so a cached one
    is the one :func:`rotation.explain.explain` would give again.  The cache keeps only the
    games of this snapshot afterwards, so it never grows past the number of tables."""
    games: dict[int, list[rot.Game]] = {}
    for g in snap.state.tables:
        if g is not None:
            games.setdefault(g.pass_no, []).append(g)
    keys = explanation_keys(snap) if cache is not None else []
    out: dict[int, dict[str, Any]] = {}
    used: dict[str, dict[str, Any]] = {}
    for i, (before, ev) in enumerate(snap.starts):
        for g in games.get(before.passes, ()):
            if cache is None:
                out[g.table] = explain(before, g, [x["table"] for x in ev["games"]])
                continue
            key = f"{keys[i]}:{g.table}"
            found = cache.get(key)
            if found is None:
                found = explain(before, g, [x["table"] for x in ev["games"]])
            used[key] = found
            out[g.table] = copy.deepcopy(found)
    if cache is not None:
        cache.clear()
        cache.update(used)
    return out


def explanation_keys(snap: Snapshot) -> list[str]:
    """For each start of ``snap.starts``, in order, a digest (SHA-256) of the configuration and
    every event up to and including that start, manual changes folded in: what an explanation
    of a game it started depends on.  A ``set`` that rewrites an earlier game changes the
    digests of every start from that game's on."""
    digest = hashlib.sha256(json.dumps(snap.config.as_dict(), sort_keys=True).encode("utf-8"))
    out: list[str] = []
    for ev in rot.resolve_manual(snap.events):
        digest.update(b"\n" + json.dumps(ev, sort_keys=True).encode("utf-8"))
        if ev["type"] == "start":
            out.append(digest.copy().hexdigest())
    assert len(out) == len(snap.starts)  # the same folding as the snapshot's replay
    return out


def status(st: rot.State) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter rotation status``."""
    return {
        "config": st.config.as_dict(),
        "passes": st.passes,
        "games_started": len(st.history),
        "sitout_limit": rot.sitout_limit(st),
        "tables": [{"table": i + 1, "teams": [list(t) for t in g.teams] if g else None,
                    "by": str(g.by) if g else None} for i, g in enumerate(st.tables)],
        "players": [{"name": p.name, "rating": p.rating, "status": str(p.status), "table": p.table,
                     "games": p.games, "sitouts": p.sitouts, "streak": p.streak,
                     "owed": str(p.owed)} for p in st.players.values()],
        "queue": [p.name for p in sorted(st.waiting(), key=lambda p: (-p.sitouts, p.games, p.order))],
    }
