"""The safe store: a crash at any point of a save leaves the old file or the new one, never a mix,
and the backup is the previous version.

Two ways of crashing: every step of a save (each write, flush, permission change and rename)
made to fail in turn, the failing write having written half its bytes and nothing cleaned up
after it (as after a power cut); and a real process killed with SIGKILL at random moments while
it saves version after version.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import trf
import trf.writer as trf_writer
from event import store
from event.create import EventSettings, new_event
from event.log import entries
from event.registration import Registrant, register
from tests.support import REPO
from trf.model import Comment, Tournament

class Crash(BaseException):
    """The process dies here."""


class CrashingOS:
    """``os`` as :mod:`event.store` sees it, dying at its ``at``-th step; after the crash nothing
    more happens (no clean-up: the process is gone)."""

    STEPS = ("write", "fsync", "replace", "fchmod")

    def __init__(self, at: int) -> None:
        self.at, self.calls, self.dead = at, 0, False

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name == "unlink":
            return lambda *a, **k: None if self.dead else real(*a, **k)
        if name not in self.STEPS:
            return real

        def step(*args: Any) -> Any:
            if self.dead:
                raise Crash()
            self.calls += 1
            if self.calls == self.at:
                self.dead = True
                if name == "write":  # half of this write reaches the disk
                    fd, data = args
                    os.write(fd, bytes(data[: len(data) // 2]))
                raise Crash()
            return real(*args)
        return step


def _version(base: Tournament, n: int, lines: int = 0) -> Tournament:
    extra = tuple(Comment(f"### version {n} padding {i:06d} " + "x" * 80) for i in range(lines))
    return base.replace_records(base.records + (Comment(f"### version {n}"),) + extra)


def _base() -> Tournament:
    t = new_event(EventSettings("Store Test", 5, seed=1)).after
    return register(t, [Registrant(f"Player {i:03d}", rating=1500 + i) for i in range(30)]).after


@pytest.mark.fast
def test_a_crash_at_any_step_leaves_the_old_or_the_new_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = _base()
    v1, v2 = trf.dumps(_version(base, 1)).encode(), trf.dumps(_version(base, 2)).encode()
    v3_t = _version(base, 3, lines=3000)  # several write calls (store.CHUNK bytes each)
    v3 = trf.dumps(v3_t).encode()
    assert len(v3) > 3 * store.CHUNK
    outcomes: dict[str, int] = {}
    at = 1
    while True:
        folder = tmp_path / f"crash{at}"
        folder.mkdir()
        path = folder / "e.trf"
        path.write_bytes(v2)
        store.backup_path(path).write_bytes(v1)
        fake = CrashingOS(at)
        monkeypatch.setattr(store, "os", fake)
        monkeypatch.setattr(trf_writer, "os", fake)  # the folder's flush (trf.writer.fsync_folder)
        try:
            store.save(path, v3_t, v2)
            crashed = False
        except Crash:
            crashed = True
        finally:
            monkeypatch.setattr(store, "os", os)
            monkeypatch.setattr(trf_writer, "os", os)
        now, backup = path.read_bytes(), store.backup_path(path).read_bytes()
        assert now in (v2, v3), at
        assert backup in (v1, v2), at
        if now == v3:
            assert backup == v2, at  # the backup is the version the save replaced
        assert not trf.parse_bytes(now).errors
        outcomes["new" if now == v3 else "old"] = outcomes.get("new" if now == v3 else "old", 0) + 1
        # the next save works from what is on disk and clears what the crash left behind
        store.save(path, _version(base, 4), now)
        assert store.backup_path(path).read_bytes() == now
        assert not list(folder.glob(".*.tmp"))
        if not crashed:
            break
        at += 1
    steps = at - 1
    assert steps >= 10  # writes of both files, flushes, modes and two renames were each a crash point
    assert outcomes["old"] == steps - 1  # up to the last rename the old file stands
    assert outcomes["new"] == 2  # a crash while flushing the folder after it, and no crash


@pytest.mark.fast
def test_a_concurrent_change_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    base = _base()
    store.save(path, _version(base, 1), None)
    seen = store.load(path)
    path.write_bytes(trf.dumps(_version(base, 99)).encode())  # someone else saves meanwhile
    with pytest.raises(store.ConcurrentChange):
        store.save(path, _version(base, 2), seen.data)
    assert b"### version 99" in path.read_bytes()
    with pytest.raises(store.EventExists):
        store.save(path, base, None)


@pytest.mark.fast
def test_the_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    store.save(path, _base(), None)
    path.chmod(0o640)
    store.save(path, _version(_base(), 1), path.read_bytes())
    assert path.stat().st_mode & 0o777 == 0o640
    assert store.backup_path(path).stat().st_mode & 0o777 == 0o640


_WRITER = """
import sys
from datetime import datetime
sys.path.insert(0, {repo!r})
from event import log, store
from event.change import Change
path = {path!r}
n = 0
while True:
    loaded = store.load(path)
    n = len(log.entries(loaded.tournament))
    change = Change(loaded.tournament, "version", str(n + 1))
    store.save(path, log.record(change, datetime(2026, 1, 1)), loaded.data)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_killed_writer_leaves_a_whole_version(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    store.save(path, _version(_base(), 0, lines=1500), None)  # about 150 KB
    rng = random.Random(5)
    last = 0
    for _ in range(8):
        child = subprocess.Popen([sys.executable, "-c", _WRITER.format(repo=str(REPO), path=str(path))])
        time.sleep(rng.uniform(1.0, 2.5))  # the child starts (imports) in about 0.5 s
        child.send_signal(signal.SIGKILL)
        child.wait()
        now = trf.parse_bytes(path.read_bytes())
        assert not now.errors
        version = len(entries(now.tournament))
        assert version >= last
        backup = store.backup_path(path)
        if backup.exists():
            before = len(entries(trf.parse_bytes(backup.read_bytes()).tournament))
            assert before in (version - 1, version)  # the previous version, or (killed between renames) the same
        last = version
    assert last > 0


# --------------------------------------------------------------------------- symbolic links


def _linked(tmp_path: Path) -> tuple[Path, Path]:
    """An event file in ``real/`` and a relative symbolic link to it in ``links/``."""
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    real = tmp_path / "real" / "e.trf"
    store.save(real, _version(_base(), 1), None)
    link = tmp_path / "links" / "e.trf"
    link.symlink_to(Path("..") / "real" / "e.trf")
    return real, link


@pytest.mark.fast
def test_a_save_through_a_link_writes_the_real_file_and_keeps_the_link(tmp_path: Path) -> None:
    real, link = _linked(tmp_path)
    before = real.read_bytes()
    real.chmod(0o640)
    seen = store.load(link)
    saved = store.save(link, _version(_base(), 2), seen.data)
    assert link.is_symlink() and os.readlink(link) == os.path.join("..", "real", "e.trf")
    assert b"### version 2" in real.read_bytes()
    assert real.stat().st_mode & 0o777 == 0o640
    assert saved.backup == real.with_name("e.trf.bak") == store.backup_path(link)
    assert real.with_name("e.trf.bak").read_bytes() == before
    assert sorted(os.listdir(tmp_path / "links")) == ["e.trf"], "no backup or temporary file beside the link"
    assert sorted(os.listdir(tmp_path / "real")) == ["e.trf", "e.trf.bak"]


@pytest.mark.fast
def test_two_links_to_one_event_take_the_same_lock(tmp_path: Path) -> None:
    """The lock is the real file's folder's: a save through a link waits while that folder is
    locked (as another save through the file's own name or another link would hold it)."""
    import threading

    fcntl = pytest.importorskip("fcntl")

    real, link = _linked(tmp_path)
    seen = store.load(link)
    fd = os.open(real.parent, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        saver = threading.Thread(target=store.save, args=(link, _version(_base(), 2), seen.data))
        saver.start()
        saver.join(0.5)
        assert saver.is_alive(), "the save did not wait for the real file's lock"
        assert b"### version 2" not in real.read_bytes()
    finally:
        os.close(fd)
    saver.join(10)
    assert not saver.is_alive() and b"### version 2" in real.read_bytes()


@pytest.mark.fast
def test_a_dangling_link_names_the_new_event_file(tmp_path: Path) -> None:
    """A new event through a link whose target does not exist yet creates that target (as
    ``convert -o`` does); reading through it says there is no such file."""
    (tmp_path / "real").mkdir()
    link = tmp_path / "e.trf"
    link.symlink_to(tmp_path / "real" / "e.trf")
    with pytest.raises(store.EventFileError, match="no such file"):
        store.load(link)
    saved = store.save(link, _base(), None)
    assert link.is_symlink() and (tmp_path / "real" / "e.trf").is_file()
    assert saved.backup is None and not list(tmp_path.glob("*.bak")) and not list(tmp_path.glob("real/*.bak"))
    with pytest.raises(store.EventExists):
        store.save(link, _base(), None)
    gone = tmp_path / "gone.trf"
    gone.symlink_to(tmp_path / "no-folder" / "e.trf")
    with pytest.raises(store.EventFileError):
        store.save(gone, _base(), None)
    assert gone.is_symlink() and not (tmp_path / "no-folder").exists()
