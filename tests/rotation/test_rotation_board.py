"""The board of a session (``rotation.board``): hand-made evenings whose games are forced (set by
hand, or the only game the waiting players allow), so that every player's evening, the queue and
the free tables follow from the rules by hand (docs/rotation.md: a pass is a game for those placed
and a sit-out for every waiting player not placed; the queue is most sit-outs in a row first, then
fewest games, then arrival); each table's explanation is compared with ``rotation.log.why``.
"""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from rotation import engine as rot
from rotation import log
from rotation.board import read_board

pytestmark = pytest.mark.fast


def evening(board: Any, name: str) -> list[tuple[Any, ...]]:
    """A player's evening as (pass, kind, table, opponents, by, in progress) tuples."""
    p = board.player(name)
    assert p is not None
    return [(s.pass_no, s.kind) + ((s.table, s.opponents, s.by, s.in_progress) if s.kind == "game" else ())
            for s in p.tonight]


@pytest.fixture
def singles(tmp_path: Path) -> Path:
    """Singles, two tables, wait mode (a finished table stays free until the organiser acts).

    pass 0: ``set 1 Ann Bob`` - Ann v Bob at table 1; Cy and Di wait and sit out.
    pass 1: table 1 finished; ``set 1 Cy Di`` - Cy v Di; Ann and Bob sit out.
    Then table 1 finishes: the queue is Ann, Bob (one sit-out in a row each), Cy, Di (none)."""
    path = tmp_path / "club.db"
    log.create(path, rot.Config(tables=2, format=rot.SINGLES, seed=1, mode=rot.Mode.WAIT))
    for n in ("Ann", "Bob", "Cy", "Di"):
        log.arrive(path, n)
    log.set_game(path, 1, ["Ann", "Bob"])
    log.finish(path, 1)
    log.set_game(path, 1, ["Cy", "Di"])
    log.finish(path, 1)
    return path


def test_the_queue_free_tables_and_evenings_after_two_games_set_by_hand(singles: Path) -> None:
    b = read_board(singles)
    assert b.free_tables == (1, 2) and all(t.why is None and t.teams is None for t in b.tables)
    assert b.queue == ("Ann", "Bob", "Cy", "Di")
    assert evening(b, "Ann") == [(0, "game", 1, ("Bob",), "organiser", False), (1, "sitout")]
    assert evening(b, "Cy") == [(0, "sitout"), (1, "game", 1, ("Di",), "organiser", False)]
    ann = b.player("Ann")
    assert ann is not None and (ann.games, ann.sitouts, ann.sitouts_total, ann.status) == (1, 1, 1, "active")


def test_a_paused_player_has_no_pass_and_a_late_one_starts_when_they_come(singles: Path) -> None:
    """pass 2: Ann paused; ``set 1 Bob Cy`` - Di sits out.  Eve arrives.  pass 3: ``next`` - Di
    and Eve are the only players waiting, so the engine puts them on table 2 (the free one)."""
    log.status_change(singles, "pause", "Ann")
    log.set_game(singles, 1, ["Bob", "Cy"])
    log.arrive(singles, "Eve")
    log.next_games(singles)
    b = read_board(singles)
    assert evening(b, "Ann") == [(0, "game", 1, ("Bob",), "organiser", False), (1, "sitout")]
    assert evening(b, "Bob") == [(0, "game", 1, ("Ann",), "organiser", False), (1, "sitout"),
                                 (2, "game", 1, ("Cy",), "organiser", True)]
    assert evening(b, "Di") == [(0, "sitout"), (1, "game", 1, ("Cy",), "organiser", False), (2, "sitout"),
                                (3, "game", 2, ("Eve",), "engine", True)]
    assert evening(b, "Eve") == [(3, "game", 2, ("Di",), "engine", True)]
    assert b.queue == () and b.free_tables == ()
    assert [(p.name, p.status, p.table, p.games, p.sitouts_total) for p in b.players] == [
        ("Ann", "paused", None, 1, 1), ("Bob", "active", 1, 2, 1), ("Cy", "active", 1, 2, 1),
        ("Di", "active", 2, 2, 2), ("Eve", "active", 2, 1, 0)]
    # each table's explanation is the one ``rotation why`` gives, from the same log
    for t in b.tables:
        assert t.why == log.why(singles, t.table)
    assert (b.tables[0].by, b.tables[0].why["text"]) == ("organiser", "set by the organiser")  # type: ignore[index]
    assert (b.tables[1].by, b.tables[1].why["by"]) == ("engine", "engine")  # type: ignore[index]
    # a player's games and sit-outs in a row are the engine's own counts
    st = log.state(singles)
    for p in b.players:
        q = st.players[p.name]
        assert (p.games, p.sitouts) == (q.games, q.sitouts)
        assert sum(1 for s in p.tonight if s.kind == "game") == q.games


def test_a_set_over_an_engine_game_is_the_organisers_game_in_every_evening(tmp_path: Path) -> None:
    """Singles, one table: the engine starts a game among Ann, Bob and Cy (one of them sits out);
    the organiser then sets the table to Ann v Cy from that game's start.  Whoever the engine
    chose, the evening is the organiser's: Ann and Cy played pass 0, Bob sat it out."""
    path = tmp_path / "s.db"
    log.create(path, rot.Config(tables=1, format=rot.SINGLES, seed=5))
    for n in ("Ann", "Bob", "Cy"):
        log.arrive(path, n)
    log.next_games(path)
    log.set_game(path, 1, ["Ann", "Cy"])
    b = read_board(path)
    assert evening(b, "Ann") == [(0, "game", 1, ("Cy",), "organiser", True)]
    assert evening(b, "Bob") == [(0, "sitout")]
    assert b.queue == ("Bob",)


def test_bughouse_partners_and_opponents(tmp_path: Path) -> None:
    path = tmp_path / "b.db"
    log.create(path, rot.Config(tables=1, seed=2))
    for n in ("A", "B", "C", "D", "E"):
        log.arrive(path, n)
    log.set_game(path, 1, ["A", "B", "C", "D"])
    p = read_board(path).player("B")
    assert p is not None and p.tonight[0].partners == ("A",) and p.tonight[0].opponents == ("C", "D")
    assert [s.kind for s in read_board(path).player("E").tonight] == ["sitout"]  # type: ignore[union-attr]


def test_json_shape(singles: Path) -> None:
    log.set_game(singles, 2, ["Ann", "Bob"])
    data = read_board(singles).to_json()
    json.dumps(data)  # plain JSON
    assert set(data) == {"session", "version", "updated", "config", "passes", "games_started", "sitout_limit", "tables",
                         "free_tables", "queue", "players"}
    assert data["session"] == "club.db" and data["free_tables"] == [1]
    assert data["tables"][0] == {"table": 1, "teams": None, "by": None, "why": None}
    t2 = data["tables"][1]
    assert t2["teams"] == [["Ann"], ["Bob"]] and t2["by"] == "organiser"
    assert t2["why"] == json.loads(json.dumps(log.why(singles, 2)))
    ann = data["players"][0]
    assert ann["tonight"] == [
        {"pass": 0, "kind": "game", "table": 1, "partners": [], "opponents": ["Bob"], "by": "organiser",
         "in_progress": False},
        {"pass": 1, "kind": "sitout"},
        {"pass": 2, "kind": "game", "table": 2, "partners": [], "opponents": ["Bob"], "by": "organiser",
         "in_progress": True}]
    assert data["queue"] == ["Cy", "Di"]
    conn = sqlite3.connect(singles)
    last_at = conn.execute("SELECT at FROM events ORDER BY seq DESC LIMIT 1").fetchone()[0]
    conn.close()
    assert data["updated"] == last_at


def test_the_version_changes_with_every_event_and_only_then(singles: Path) -> None:
    a, b = read_board(singles), read_board(singles)
    assert a.version == b.version and a == b
    log.arrive(singles, "Eve")
    c = read_board(singles)
    assert c.version != a.version and c.version[1] == a.version[1] + 1
    assert c.version_tag != a.version_tag


def test_board_json_gives_a_readable_version(singles: Path) -> None:
    """Four arrivals, set, finish, set, finish: eight events numbered 1 to 8.  The tag is
    computed here from the stored configuration text and the two numbers, one a line."""
    import hashlib

    conn = sqlite3.connect(singles)
    config_text = conn.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()[0]
    conn.close()
    version = read_board(singles).to_json()["version"]
    tag = hashlib.sha256(f"{config_text}\n8\n8".encode("utf-8")).hexdigest()[:12]
    assert version == {"events": 8, "last_event": 8, "tag": tag}
    log.arrive(singles, "Eve")
    assert read_board(singles).to_json()["version"]["events"] == 9
    assert read_board(singles).to_json()["version"]["tag"] != tag


def test_bad_files_raise_the_logs_errors(tmp_path: Path, singles: Path) -> None:
    with pytest.raises(log.SessionFileError):
        read_board(tmp_path / "none.db")
    conn = sqlite3.connect(singles)
    with conn:
        conn.execute("UPDATE events SET data = ? WHERE seq = 2", ('{"type": "arrive"}',))
    conn.close()
    with pytest.raises(log.DamagedSession) as info:
        read_board(singles)
    assert info.value.seq == 2


def _finish_many(path: str, tables: int, times: int) -> None:
    """Another terminal: games finishing one after another (each refills its table)."""
    for i in range(times):
        log.finish(path, 1 + i % tables)


def test_a_board_read_while_the_log_is_written_is_one_moment(tmp_path: Path) -> None:
    """While another process finishes forty games, every board read is of one log: its tables'
    explanations are of the games on those tables, the games counted in the players' evenings
    are the games started, and the queue is exactly the players waiting."""
    path = tmp_path / "busy.db"
    log.create(path, rot.Config(tables=2, seed=9))
    for i in range(10):
        log.arrive(path, f"P{i}")
    log.next_games(path)
    writer = multiprocessing.get_context("spawn").Process(target=_finish_many, args=(str(path), 2, 40))
    writer.start()
    versions = set()
    try:
        while writer.is_alive() or not versions:
            b = read_board(path)
            versions.add(b.version)
            for t in b.tables:
                assert t.teams is not None and t.why is not None
                assert [tuple(x) for x in t.why["teams"]] == list(t.teams)
            assert sum(p.games for p in b.players) == 4 * b.games_started
            assert all(sum(1 for s in p.tonight if s.kind == "game") == p.games for p in b.players)
            waiting = {p.name for p in b.players if p.status == "active" and p.table is None}
            assert set(b.queue) == waiting and len(b.queue) == len(waiting)
    finally:
        writer.join(60)
    assert writer.exitcode == 0
    assert len(versions) > 1  # the reads saw the log move


def test_a_reader_that_keeps_the_explanations_gets_the_same_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A board read with the previous read's explanations is the board read afresh, and only
    the games whose start (or an event before it) is new are explained again: an arrival
    explains nothing; a finish that starts a game explains that game; a ``set`` rewriting the
    game of the first pass changes everything after it, so both games are explained again."""
    path = tmp_path / "club.db"
    log.create(path, rot.Config(tables=2, seed=3))
    for n in ("A", "B", "C", "D", "E", "F", "G", "H", "I"):
        log.arrive(path, n)
    log.next_games(path)
    explained: list[int] = []
    real = log.explain

    def counting(before: Any, game: Any, tables: Any) -> Any:
        explained.append(game.table)
        return real(before, game, tables)

    cache: log.WhyCache = {}

    def read_both() -> list[int]:
        monkeypatch.setattr(log, "explain", counting)
        explained.clear()
        kept = read_board(path, cache)
        calls = sorted(explained)
        monkeypatch.setattr(log, "explain", real)
        assert kept.to_json() == read_board(path).to_json()
        assert len(cache) == sum(1 for t in kept.tables if not t.free)
        return calls

    assert read_both() == [1, 2]
    log.arrive(path, "J")
    assert read_both() == []
    log.finish(path, 1)
    assert read_both() == [1]
    game = log.state(path).game(2)
    assert game is not None and game.pass_no == 0
    (a, b), (c, d) = game.teams
    log.set_game(path, 2, [a, c, b, d])
    assert read_both() == [1, 2]
    board = read_board(path, cache)
    assert board.tables[1].by == "organiser" and board.tables[1].why == log.why(path, 2)
