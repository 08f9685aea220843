"""The rotation session file under damage and concurrency: an intact SQLite file whose rows are
damaged is invalid input naming the event, never an internal error; two ``new`` on one path at
once leave exactly one session, the winner's, and the loser removes nothing it did not create."""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arbiter import exitcodes
from rotation import engine as rot
from rotation import log
from tests.support import REPO

pytestmark = pytest.mark.fast

CONFIG = rot.Config(tables=1, format=rot.SINGLES, seed=3)


def arbiter(*args: str) -> subprocess.CompletedProcess[str]:
    """The command as an organiser runs it (its own process: the exit code is the real one)."""
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True, text=True,
                          cwd=REPO, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"})


@pytest.fixture
def session(tmp_path: Path) -> Path:
    """Singles, one table: four arrivals (events 1-4), a game (5), its end and the next game
    (6, 7)."""
    path = tmp_path / "club.db"
    log.create(path, CONFIG)
    for n in ("Ann", "Bob", "Cy", "Di"):
        log.arrive(path, n)
    log.next_games(path)
    log.finish(path, 1)
    return path


def execute(path: Path, sql: str, *params: Any) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql, params)
    conn.close()


def damaged(path: Path) -> log.DamagedSession:
    with pytest.raises(log.DamagedSession) as info:
        log.state(path)
    return info.value


# ----------------------------------------------------------------------------- damaged content

def test_bad_json_in_an_event_names_the_event(session: Path) -> None:
    execute(session, "UPDATE events SET data = ? WHERE seq = 3", '{"type": "arrive", "name": ')
    exc = damaged(session)
    assert exc.seq == 3 and "event 3" in str(exc) and "JSON" in str(exc)
    r = arbiter("rotation", "status", "--session", str(session))
    assert r.returncode == exitcodes.INVALID_INPUT, r.stderr
    assert r.stderr.count("\n") == 1 and "event 3" in r.stderr and "Traceback" not in r.stderr


def test_wrong_config_keys(session: Path) -> None:
    execute(session, "UPDATE meta SET value = ? WHERE key = 'config'",
            json.dumps({"tables": 1, "fmt": "singles", "seed": 3, "mode": "refill", "balanced": False}))
    exc = damaged(session)
    assert exc.seq is None and "config" in str(exc) and "fmt" in str(exc) and "format" in str(exc)
    r = arbiter("rotation", "arrive", "Eve", "--session", str(session))
    assert r.returncode == exitcodes.INVALID_INPUT and "config" in r.stderr
    assert r.stderr.count("\n") == 1


def test_config_with_a_bad_value(session: Path) -> None:
    execute(session, "UPDATE meta SET value = ? WHERE key = 'config'",
            json.dumps({"tables": 0, "format": "singles", "seed": 3, "mode": "refill", "balanced": False}))
    assert "config" in str(damaged(session))


def test_an_event_without_a_type(session: Path) -> None:
    execute(session, "UPDATE events SET data = ? WHERE seq = 6", json.dumps({"table": 1}))
    exc = damaged(session)
    assert exc.seq == 6 and "type" in str(exc)
    r = arbiter("rotation", "next", "--session", str(session))
    assert r.returncode == exitcodes.INVALID_INPUT and "event 6" in r.stderr


def test_type_column_disagreeing_with_the_event(session: Path) -> None:
    execute(session, "UPDATE events SET type = 'leave' WHERE seq = 2")
    exc = damaged(session)
    assert exc.seq == 2 and "leave" in str(exc) and "arrive" in str(exc)


@pytest.mark.parametrize("data, words", [
    ({"type": "arrive"}, "name"),
    ({"type": "arrive", "name": 7}, "name"),
    ({"type": "arrive", "name": "Eve", "rating": "high"}, "rating"),
    ({"type": "arrive", "name": "Eve", "colour": "white"}, "colour"),
    ({"type": "finish", "table": "1"}, "table"),
    ({"type": "finish", "table": True}, "table"),
    ({"type": "start", "games": []}, "games"),
    ({"type": "start", "games": [{"table": 1, "teams": [["Ann"]]}]}, "teams"),
    ({"type": "start", "games": [{"table": 1, "teams": [["Ann", "Bob"], ["Cy"]]}]}, "teams"),
    ({"type": "start", "games": [{"table": 1, "teams": [["Ann"], ["Bob"]], "by": "robot"}]}, "by"),
    ({"type": "dance"}, "dance"),
    ([1, 2, 3], "object"),
])
def test_malformed_events(session: Path, data: object, words: str) -> None:
    execute(session, "UPDATE events SET data = ? WHERE seq = 4", json.dumps(data))
    exc = damaged(session)
    assert exc.seq == 4 and words in str(exc)


def test_an_event_that_contradicts_the_log_is_damage_not_a_usage_error(session: Path) -> None:
    """A well-formed start naming a player who never arrived: the log cannot be replayed (exit 3,
    naming the event), not the organiser's mistake (exit 2)."""
    execute(session, "UPDATE events SET data = ? WHERE seq = 5",
            json.dumps({"type": "start", "games": [{"table": 1, "teams": [["Ann"], ["Zed"]], "by": "engine"}]}))
    exc = damaged(session)
    assert exc.seq == 5 and "Zed" in str(exc)
    r = arbiter("rotation", "status", "--session", str(session))
    assert r.returncode == exitcodes.INVALID_INPUT and "event 5" in r.stderr


def test_a_bad_manual_change_is_named_not_the_start_it_rewrote(session: Path) -> None:
    """A set (event 8) rewriting the game of event 7 with a player who never arrived: the set is
    the event named."""
    execute(session, "INSERT INTO events (at, type, data) VALUES ('', 'set', ?)",
            json.dumps({"type": "set", "table": 1, "teams": [["Ann"], ["Zed"]]}))
    exc = damaged(session)
    assert exc.seq == 8 and "Zed" in str(exc)


def test_text_that_is_not_utf8(session: Path) -> None:
    execute(session, "UPDATE events SET data = CAST(? AS TEXT) WHERE seq = 2", b'{"type": "arrive", "name": "\xff"}')
    assert damaged(session).seq == 2


def test_a_row_that_is_not_text(session: Path) -> None:
    execute(session, "UPDATE events SET data = 12 WHERE seq = 1")
    assert damaged(session).seq == 1


def test_deep_nesting(session: Path) -> None:
    execute(session, "UPDATE events SET data = ? WHERE seq = 1", "[" * 100_000 + "]" * 100_000)
    assert damaged(session).seq == 1


def test_a_database_that_is_not_a_session_is_a_file_error(tmp_path: Path) -> None:
    """Not ours at all (no meta table): exit 5 as before, not invalid input."""
    path = tmp_path / "other.db"
    execute(path, "CREATE TABLE t (x)")
    with pytest.raises(log.SessionFileError):
        log.state(path)


def test_why_and_commands_on_a_damaged_file_say_the_same(session: Path) -> None:
    execute(session, "UPDATE events SET data = ? WHERE seq = 2", "{}")
    for call in (lambda: log.why(session, 1), lambda: log.arrive(session, "Eve"), lambda: log.finish(session, 1),
                 lambda: log.load(session)):
        with pytest.raises(log.DamagedSession) as info:
            call()
        assert info.value.seq == 2
    before = sqlite3.connect(session).execute("SELECT count(*) FROM events").fetchone()
    assert before == (7,)  # nothing was appended to a damaged log


# ----------------------------------------------------------------------------- concurrent creation

def _create_on_barrier(path: str, seed: int, barrier: Any, results: Any) -> None:
    """One ``new``: both processes enter SQLite (the creation proper) only once both have
    checked that the file does not exist, which is the interleaving that lost the winner's file."""
    real_connect = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        barrier.wait(timeout=30)
        return real_connect(*args, **kwargs)

    sqlite3.connect = connect  # type: ignore[assignment]
    try:
        log.create(path, rot.Config(tables=1, format=rot.SINGLES, seed=seed))
        results.put((seed, "created"))
    except log.SessionFileError as exc:
        results.put((seed, f"refused: {exc}"))
    except BaseException as exc:  # reported, so that the test fails with the reason
        results.put((seed, f"{type(exc).__name__}: {exc}"))


def test_two_new_on_one_path_started_together(tmp_path: Path) -> None:
    """Both processes pass the existence check, then meet on a barrier before creating: one
    creates the session, the other is refused with "already exists", and the file is the
    winner's (its seed), complete and usable; no temporary file is left behind."""
    ctx = multiprocessing.get_context("spawn")
    path = tmp_path / "club.db"
    for attempt in range(2):
        path.unlink(missing_ok=True)
        barrier, results = ctx.Barrier(2), ctx.Queue()
        procs = [ctx.Process(target=_create_on_barrier, args=(str(path), seed, barrier, results))
                 for seed in (1, 2)]
        for p in procs:
            p.start()
        outcome = dict(results.get(timeout=60) for _ in procs)
        for p in procs:
            p.join(timeout=60)
        created = [seed for seed, what in outcome.items() if what == "created"]
        assert len(created) == 1, outcome
        (loser,) = set(outcome) - set(created)
        assert outcome[loser].startswith("refused") and "already exists" in outcome[loser], outcome
        assert path.is_file()
        config, events = log.load(path)
        assert config.seed == created[0] and events == []
        log.arrive(path, "Ann")
        assert [p.name for p in tmp_path.iterdir()] == ["club.db"]


def test_new_refuses_an_existing_file_and_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    path.write_bytes(b"precious")
    with pytest.raises(log.SessionFileError, match="already exists"):
        log.create(path, CONFIG)
    assert path.read_bytes() == b"precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.db"]


def test_stale_temporary_file_of_a_killed_new_is_removed(tmp_path: Path) -> None:
    """A ``new`` killed before linking its file leaves its temporary file, named for the target
    and its process; the next ``new`` of that target removes it once that process is gone (an
    old enough file of a live process, or another target's, is left alone)."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    stale = tmp_path / f".club.db.{pid}.x1.creating"
    stale.write_bytes(b"half")
    old = os.stat(stale).st_mtime - 3600
    os.utime(stale, (old, old))
    live = tmp_path / f".club.db.{os.getpid()}.x2.creating"
    live.write_bytes(b"mine")
    os.utime(live, (old, old))
    other = tmp_path / f".other.db.{pid}.x3.creating"
    other.write_bytes(b"theirs")
    os.utime(other, (old, old))
    log.create(tmp_path / "club.db", CONFIG)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["club.db", live.name, other.name])


# ----------------------------------------------------------------------------- deciding outside the lock

def test_a_command_decides_again_when_the_log_moved(session: Path) -> None:
    """The decision is made on a snapshot without the write lock; when another command appends
    meanwhile, the decision is made again on the log it will be appended to."""
    seen: list[int] = []

    def decide(config: rot.Config, events: list[dict[str, Any]], st: rot.State) -> list[dict[str, Any]]:
        seen.append(len(events))
        if len(seen) == 1:
            log.arrive(session, "Eve")  # another organiser's command, between snapshot and append
        return [{"type": "arrive", "name": f"Late{len(events)}"}]

    out = log._command(session, decide)
    assert seen == [7, 8]
    assert out.events == ({"type": "arrive", "name": "Late8"},)
    names = [e.get("name") for e in log.load(session)[1]]
    assert names[-2:] == ["Eve", "Late8"] and "Late7" not in names


def test_a_command_ends_under_contention(session: Path) -> None:
    """If the log moves under every snapshot, the last try decides under the write lock."""
    seen: list[int] = []

    def decide(config: rot.Config, events: list[dict[str, Any]], st: rot.State) -> list[dict[str, Any]]:
        seen.append(len(events))
        if len(seen) <= log.OPTIMISTIC_TRIES:
            log.arrive(session, f"Other{len(seen)}")
        return [{"type": "arrive", "name": "Mine"}]

    log._command(session, decide)
    assert seen == [7, 8, 9, 10]
    assert [e.get("name") for e in log.load(session)[1]][-4:] == ["Other1", "Other2", "Other3", "Mine"]


def test_a_refused_command_appends_nothing_and_takes_no_lock(session: Path) -> None:
    """A command refused by the rules never reaches the write lock: a reader holding the
    database does not make it wait."""
    holder = sqlite3.connect(session, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(rot.RotationError, match="already here"):
            log.arrive(session, "Ann")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(log.load(session)[1]) == 7


def test_nothing_is_appended_that_could_not_be_read_back(session: Path) -> None:
    """A library call with a value the log's check refuses (a rating that is not a number) is
    refused before it is written, so the session stays readable."""
    with pytest.raises(rot.RotationError, match="rating"):
        log.arrive(session, "Eve", rating="high")  # type: ignore[arg-type]
    assert len(log.load(session)[1]) == 7
