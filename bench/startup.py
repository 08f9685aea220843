"""Start-up cost of the command line: ``arbiter validate fixtures/example.trf`` (8 players, 5
rounds), and the same with ``show`` and ``pair``, run as fresh processes; then ``validate`` of
the same tournament as TRF-2026 (``fixtures/golden/convert_example_trf26.trf``), whose ``240``
record is read by the grammar's parser.

    python bench/startup.py                 # median of 10 runs per command
    python bench/startup.py --runs 20

For each command: the median wall-clock time and the median CPU time (user + system of the child
process, from ``resource``) over the runs, the fastest CPU time, and the CPU time of a bare
``python -c pass`` for reference (the interpreter's own start-up).  On a shared machine the CPU
time is the figure to read: the wall-clock time includes waiting for a core.

The runs are those of an installed program on its second use: modules compiled (the children
run without ``PYTHONDONTWRITEBYTECODE``, so the warm-up run writes the bytecode an installation
would have) and the grammar's parser stored in the user's cache folder (:mod:`trf.grammar`;
``example.trf`` has only lines the reader takes without it).  The last line is the TRF-2026
``validate`` with an empty cache folder every time: the first run after an installation or a
change of the grammar, which builds the parser with lark and stores it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "fixtures" / "example.trf"
EXAMPLE_2026 = REPO / "fixtures" / "golden" / "convert_example_trf26.trf"
CLI = [sys.executable, "-c", "from arbiter.cli import main; main()"]
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "arbiter validate": CLI + ["validate", str(EXAMPLE)],
    "arbiter show": CLI + ["show", str(EXAMPLE)],
    "arbiter pair": CLI + ["pair", str(EXAMPLE), "--format", "bbp"],
    "arbiter validate TRF-2026": CLI + ["validate", str(EXAMPLE_2026)],
}
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cold(cmd: list[str]) -> tuple[float, float]:
    """One run with an empty cache folder."""
    with tempfile.TemporaryDirectory() as cache:
        return once(cmd, {**ENV, "XDG_CACHE_HOME": cache})


def report(name: str, runs: list[tuple[float, float]]) -> None:
    walls, cpus = [w for w, _ in runs], [c for _, c in runs]
    print(f"{name:<26} {statistics.median(walls):>11.3f} {statistics.median(cpus):>10.3f} {min(cpus):>9.3f}",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; {args.runs} runs each; seconds")
    print(f"{'command':<26} {'wall median':>11} {'cpu median':>10} {'cpu best':>9}")
    for name, cmd in COMMANDS.items():
        once(cmd, ENV)  # warm the file cache, the bytecode and the stored parser
        report(name, [once(cmd, ENV) for _ in range(args.runs)])
    report("  the same, no cache", [cold(COMMANDS["arbiter validate TRF-2026"]) for _ in range(args.runs)])


if __name__ == "__main__":
    main()
