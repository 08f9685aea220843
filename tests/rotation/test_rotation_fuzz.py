"""Fuzzing the rotation log: random evenings (arrivals, pauses, departures, games started by the
engine or set by the organiser, finishes) are stored in a session file, then its rows are
corrupted at random (bytes of the JSON text, keys and values of the decoded events, the type
column, rows deleted, duplicated or swapped, the configuration).  Whatever the damage, reading the
session gives either a clear error naming the event (or the configuration) or a replay that is
consistent: the rules hold in the replayed state, the library and the engine replay it alike,
``status`` and ``why`` work on it, and the next command either applies or is refused by the
rules, after which the log still replays.

``ROTATION_FUZZ_EXAMPLES`` sets the number of evenings per format (default 60)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from rotation import engine as rot
from rotation import log

EXAMPLES = int(os.environ.get("ROTATION_FUZZ_EXAMPLES", "60"))
NAMES = [f"P{i}" for i in range(10)] + ["Zoë", "Ann \"A\""]

OPS = st.lists(st.tuples(st.sampled_from(["arrive", "pause", "resume", "leave", "set"] + ["finish"] * 4 + ["next"] * 3),
                         st.integers(0, len(NAMES) - 1), st.randoms(use_true_random=False)),
               min_size=1, max_size=35)


def evening(config: rot.Config, initial: int, ops: list[tuple[str, int, Any]]) -> list[dict[str, Any]]:
    """A valid event sequence, built through the engine as the commands would."""
    s = rot.State.new(config)
    events: list[dict[str, Any]] = []

    def apply(ev: dict[str, Any]) -> None:
        nonlocal s, events
        events = events + [ev]
        s = rot.replay(config, events) if ev["type"] == "set" else rot.apply_event(s, ev)

    for name in NAMES[:initial]:
        apply({"type": "arrive", "name": name, "rating": 1500 + 10 * len(name)})
    for op, i, rnd in [("next", 0, None)] + ops:
        name = NAMES[i]
        p = s.players.get(name)
        if op == "arrive" and (p is None or p.status == "left"):
            apply({"type": "arrive", "name": name})
        elif op in ("pause", "leave") and p is not None and p.status == "active" or (
                op == "leave" and p is not None and p.status == "paused"):
            apply({"type": op, "name": name})
        elif op == "resume" and p is not None and p.status == "paused":
            apply({"type": "resume", "name": name})
        elif op == "finish" and len(s.free_tables()) < config.tables:
            table = next(t + 1 for t, g in enumerate(s.tables) if g is not None)
            apply({"type": "finish", "table": table})
            choices = rot.plan_after_finish(s, table)
            if choices:
                apply(rot.choices_event(choices))
        elif op == "next" and s.free_tables():
            choices = rot.plan_next(s)
            if choices:
                apply(rot.choices_event(choices))
        elif op == "set" and rnd is not None:
            present = [q.name for q in s.active()]
            if len(present) >= config.k:
                who = rnd.sample(present, config.k)
                table = rnd.randint(1, config.tables)
                ev = {"type": "set", "table": table, "teams": [who[: config.k // 2], who[config.k // 2:]]}
                try:
                    rot.replay(config, events + [ev])
                except rot.RotationError:
                    continue
                apply(ev)
    return events


def store(path: Path, config: rot.Config, events: list[dict[str, Any]]) -> None:
    log.create(path, config)
    conn = sqlite3.connect(path)
    with conn:
        for ev in events:
            conn.execute("INSERT INTO events (at, type, data) VALUES ('', ?, ?)", (ev["type"], json.dumps(ev)))
    conn.close()


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=True)
                           | st.sampled_from(NAMES + ["", " ", "start", "engine", "organiser"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                               st.sampled_from(["type", "name", "table", "teams", "games", "by", "fixed", "x"]),
                               inner, max_size=3), max_leaves=6)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, prefix + (i,))
    return out


def _mutate_json(value: Any, rnd: Any, new: Any) -> Any:
    """Replace, delete or rename at a random place of a decoded JSON value."""
    paths = _paths(value)
    path = rnd.choice(paths)
    if not path:
        return new
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = rnd.randrange(3)
    if how == 0:
        parent[last] = new
    elif how == 1:
        del parent[last]
    elif isinstance(parent, dict):
        parent[rnd.choice(["type", "name", "table", "teams", "games", "by", "fixed", "restrict", "nmae"])] = parent.pop(last)
    else:
        parent.insert(last, new)
    return value


CORRUPTIONS = st.lists(st.tuples(st.sampled_from(["bytes", "json", "json", "json", "type", "delete", "duplicate",
                                                  "swap", "config", "not-utf8"]),
                                 st.randoms(use_true_random=False), JSON_VALUES), min_size=1, max_size=3)


def _decoded(data: bytes) -> Any:
    """The row's JSON, or None when an earlier corruption already broke it."""
    try:
        return json.loads(data.decode())
    except ValueError:
        return None


def _mutate_bytes(data: bytes, rnd: Any) -> bytes:
    b = bytearray(data or b"{}")
    for _ in range(rnd.randint(1, 3)):
        if not b:
            break
        i = rnd.randrange(len(b))
        action = rnd.randrange(3)
        if action == 0:
            b[i] = rnd.choice(b'{}[]":,0123456789abcnrstuelf \\')
        elif action == 1:
            del b[i]
        else:
            del b[i:]
            break
    return bytes(b)


def corrupt(path: Path, how: str, rnd: Any, new: Any) -> str:
    """Damage the stored session in one of several ways (several may follow one another)."""
    conn = sqlite3.connect(path)
    conn.text_factory = bytes
    rows = conn.execute("SELECT seq, type, data FROM events ORDER BY seq").fetchall()
    with conn:
        if how == "config":
            text = conn.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()[0]
            value = _decoded(text)
            mutated = _mutate_bytes(text, rnd) if value is None else json.dumps(_mutate_json(value, rnd, new)).encode()
            conn.execute("UPDATE meta SET value = CAST(? AS TEXT) WHERE key = 'config'", (mutated,))
        elif not rows:
            how = "none"
        else:
            seq, kind, data = rnd.choice(rows)
            value = _decoded(data)
            if how == "json" and value is not None:
                conn.execute("UPDATE events SET data = ? WHERE seq = ?",
                             (json.dumps(_mutate_json(value, rnd, new)), seq))
            elif how in ("bytes", "json"):
                conn.execute("UPDATE events SET data = ? WHERE seq = ?",
                             (_mutate_bytes(data, rnd).decode("utf-8", "replace"), seq))
            elif how == "type":
                conn.execute("UPDATE events SET type = ? WHERE seq = ?",
                             (rnd.choice(["arrive", "start", "finish", "set", "leave", "", "START"]), seq))
            elif how == "delete":
                conn.execute("DELETE FROM events WHERE seq = ?", (seq,))
            elif how == "duplicate":
                conn.execute("INSERT INTO events (at, type, data) VALUES ('', CAST(? AS TEXT), CAST(? AS TEXT))",
                             (kind, data))
            elif how == "swap":
                seq2, kind2, data2 = rnd.choice(rows)
                conn.execute("UPDATE events SET type = CAST(? AS TEXT), data = CAST(? AS TEXT) WHERE seq = ?",
                             (kind2, data2, seq))
                conn.execute("UPDATE events SET type = CAST(? AS TEXT), data = CAST(? AS TEXT) WHERE seq = ?",
                             (kind, data, seq2))
            elif how == "not-utf8":
                conn.execute("UPDATE events SET data = CAST(? AS TEXT) WHERE seq = ?",
                             (data[:5] + b"\xc3\x28" + data[5:], seq))
    conn.close()
    return how


def consistent(st_: rot.State) -> None:
    """The rules hold in a replayed state."""
    k = st_.config.k
    seated: list[str] = []
    for i, g in enumerate(st_.tables):
        if g is None:
            continue
        assert g.table == i + 1 and len(set(g.players)) == k
        for n in g.players:
            assert st_.players[n].table == g.table
        seated += g.players
    assert len(seated) == len(set(seated))
    for p in st_.players.values():
        assert (p.table is None) == (p.name not in seated)
        assert p.games >= 0 and p.sitouts >= 0
    assert sum(p.games for p in st_.players.values()) == k * len(st_.history)


def check_session(path: Path) -> str:
    """Read the session as the commands do; return what happened."""
    try:
        st_ = log.state(path)
    except log.DamagedSession as exc:
        seqs = {r[0] for r in sqlite3.connect(path).execute("SELECT seq FROM events")}
        if exc.seq is None:
            assert str(exc).startswith(f"{path}: config: ")
        else:
            assert exc.seq in seqs and f"event {exc.seq}" in str(exc)
        return "damaged"
    consistent(st_)
    config, events = log.load(path)
    assert rot.replay(config, events) == st_  # the engine replays the checked events alike
    assert log.state(path) == st_
    json.dumps(log.status(st_))
    for i, g in enumerate(st_.tables):
        if g is not None:
            why = log.why(path, i + 1)
            assert why["teams"] == [list(side) for side in g.teams]
    try:
        if st_.free_tables():
            log.next_games(path)
        else:
            log.finish(path, 1)
    except rot.RotationError:
        pass
    consistent(log.state(path))
    return "replayed"


@pytest.mark.parametrize("fmt", [rot.BUGHOUSE, rot.SINGLES])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(ops=OPS, corruption=CORRUPTIONS, mode=st.sampled_from(rot.MODES), tables=st.integers(1, 2),
       seed=st.integers(0, 3), initial=st.integers(2, 9), data=st.data())
def test_corrupted_logs_give_a_clear_error_or_a_consistent_replay(
        tmp_path_factory: pytest.TempPathFactory, fmt: str, ops: list[tuple[str, int, Any]],
        corruption: list[tuple[str, Any, Any]], mode: str, tables: int, seed: int, initial: int,
        data: st.DataObject) -> None:
    config = rot.Config(tables=tables, format=rot.parse_format(fmt), seed=seed, mode=rot.parse_mode(mode))
    events = evening(config, initial, ops)
    path = tmp_path_factory.mktemp("fuzz") / "club.db"
    store(path, config, events)
    assert check_session(path) == "replayed"  # the evening as written is a valid log
    path.unlink()
    store(path, config, events)
    kinds = [corrupt(path, how, rnd, new) for how, rnd, new in corruption]
    outcome = check_session(path)
    event(f"{'+'.join(sorted(set(kinds)))}: {outcome}")
    event(f"outcome: {outcome}")
    if data.draw(st.integers(0, 9), label="cli") == 0:  # now and then, the command line on it too
        result = CliRunner().invoke(app, ["rotation", "status", "--json", "--session", str(path)],
                                    env={"NO_COLOR": "1"})
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.exit_code in (0, exitcodes.INVALID_INPUT)
        if result.exit_code:
            assert result.stderr.count("\n") == 1
