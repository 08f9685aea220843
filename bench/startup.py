"""Start-up cost of the command line: ``arbiter validate fixtures/example.trf`` (8 players, 5
rounds), and the same with ``show`` and ``pair``, run as fresh processes.

    python bench/startup.py                 # median of 10 runs per command
    python bench/startup.py --runs 20

For each command: the median wall-clock time and the median CPU time (user + system of the child
process, from ``resource``) over the runs, the fastest CPU time, and the CPU time of a bare
``python -c pass`` for reference (the interpreter's own start-up).  On a shared machine the CPU
time is the figure to read: the wall-clock time includes waiting for a core.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "fixtures" / "example.trf"
CLI = [sys.executable, "-c", "from arbiter.cli import main; main()"]
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "arbiter validate": CLI + ["validate", str(EXAMPLE)],
    "arbiter show": CLI + ["show", str(EXAMPLE)],
    "arbiter pair": CLI + ["pair", str(EXAMPLE), "--format", "bbp"],
}


def once(cmd: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; {args.runs} runs each; seconds")
    print(f"{'command':<18} {'wall median':>11} {'cpu median':>10} {'cpu best':>9}")
    for name, cmd in COMMANDS.items():
        once(cmd)  # warm the file cache and the bytecode
        runs = [once(cmd) for _ in range(args.runs)]
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        print(f"{name:<18} {statistics.median(walls):>11.3f} {statistics.median(cpus):>10.3f} {min(cpus):>9.3f}",
              flush=True)


if __name__ == "__main__":
    main()
