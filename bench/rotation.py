"""Time one rotation command in a large room: wall time, peak memory, and how long it holds the
session's write lock.

    python bench/rotation.py                       # 91 players, 1 bughouse table: finish x 4
    python bench/rotation.py --players 60 --tables 2 --finishes 8
    python bench/rotation.py --next                # also the first fill (next) of a fresh room

The session is prepared through the library (players arrive, the organiser sets the first game
on every table, which needs no search); then each measured command runs as its own process
(``python -m arbiter rotation ...``), as an organiser would run it.  For each command it prints
the seconds, the peak resident memory of that process (``wait4``), and the longest time a probe
(trying ``BEGIN IMMEDIATE`` every 5 ms with no timeout) found the database locked.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # the commands run this checkout's code

from rotation import engine as rot  # noqa: E402
from rotation import log  # noqa: E402


class LockProbe(threading.Thread):
    """Records the longest stretch during which the session's write lock was held by others."""

    def __init__(self, path: Path) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.stop = threading.Event()
        self.longest = 0.0

    def run(self) -> None:
        busy_since: float | None = None
        while not self.stop.is_set():
            now = time.perf_counter()
            conn = sqlite3.connect(str(self.path), timeout=0, isolation_level=None)
            try:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("ROLLBACK")
                if busy_since is not None:
                    self.longest = max(self.longest, now - busy_since)
                busy_since = None
            except sqlite3.OperationalError:
                if busy_since is None:
                    busy_since = now
            finally:
                conn.close()
            time.sleep(0.005)
        if busy_since is not None:
            self.longest = max(self.longest, time.perf_counter() - busy_since)


def measure(path: Path, *args: str) -> tuple[float, float, float, str]:
    """(seconds, peak MB, longest lock hold in seconds, first output line) of one command."""
    probe = LockProbe(path)
    probe.start()
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "arbiter", "rotation", *args, "--session", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=ENV)
    assert proc.stdout is not None
    output = proc.stdout.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    dt = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    probe.stop.set()
    probe.join()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)} exited {proc.returncode}: {output}")
    return dt, usage.ru_maxrss / 1024, probe.longest, output.splitlines()[-1] if output else ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=91)
    ap.add_argument("--tables", type=int, default=1)
    ap.add_argument("--format", default=rot.BUGHOUSE, choices=rot.FORMATS)
    ap.add_argument("--finishes", type=int, default=4)
    ap.add_argument("--next", action="store_true", help="also time the first fill of a fresh room")
    args = ap.parse_args()
    config = rot.Config(tables=args.tables, format=args.format, seed=1)
    k = config.k
    names = [f"P{i:03d}" for i in range(args.players)]
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{args.players} players, {args.tables} {args.format} table(s)")
        print(f"{'command':<10} {'waiting':>7} {'seconds':>8} {'peak MB':>8} {'lock s':>7}  started")
        if args.next:
            fresh = Path(tmp) / "fresh.db"
            log.create(fresh, config)
            for n in names:
                log.arrive(fresh, n)
            dt, mb, lock, line = measure(fresh, "next")
            print(f"{'next':<10} {args.players:>7} {dt:>8.2f} {mb:>8.0f} {lock:>7.2f}  {line}")
        path = Path(tmp) / "club.db"
        log.create(path, config)
        for n in names:
            log.arrive(path, n)
        for t in range(args.tables):
            log.set_game(path, t + 1, names[t * k:(t + 1) * k])
        for i in range(args.finishes):
            table = i % args.tables + 1
            waiting = len(log.state(path).waiting()) + k
            dt, mb, lock, line = measure(path, "finish", str(table))
            print(f"{'finish ' + str(table):<10} {waiting:>7} {dt:>8.2f} {mb:>8.0f} {lock:>7.2f}  {line}")


if __name__ == "__main__":
    main()
