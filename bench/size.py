"""Benchmark: the largest files TRF allows, through the command line.

    python bench/size.py [--players 9999] [--rounds 99] [--repeat 3] [--giant 1,10,100]

Builds the ``players`` x ``rounds`` tournament of ``bench/parse.py`` (valid, mirrored games, byes,
points equal to the results; 9,999 x 99 is about 10.8 MB), then runs ``arbiter validate`` and
``arbiter show --json`` on it as separate processes and prints, for each, the best wall-clock
time, the CPU time (user + system) and the peak memory (maximum resident set size) over the
repetitions.  Then a player line of 1, 10 and 100 MB of round blocks (``--giant``): ``arbiter
validate`` on each (the blocks past round 99 are one diagnostic).

The machine's load changes wall-clock times; the CPU time of a fixed loop (``sum(range(10**8))``)
is printed first, to compare runs.  Standard library + the project only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import trf  # noqa: E402
from parse import make_tournament  # noqa: E402


def reference() -> float:
    start = time.process_time()
    sum(range(10**8))
    return time.process_time() - start


_WRAPPER = ("import resource, subprocess, sys, time\n"
            "start = time.perf_counter()\n"
            "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode\n"
            "wall = time.perf_counter() - start\n"
            "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(wall, r.ru_utime + r.ru_stime, r.ru_maxrss, code)\n")


def measure(args: list[str], repeat: int) -> tuple[float, float, float, int]:
    """(best wall s, best CPU s, peak RSS MB, exit code) of ``python -m arbiter ARGS``, each run
    in a fresh wrapper process so that its peak memory is its own."""
    walls, cpus, peaks, code = [], [], [], 0
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", _WRAPPER, sys.executable, "-m", "arbiter", *args],
                             capture_output=True, text=True, cwd=ROOT, check=True).stdout.split()
        walls.append(float(out[0]))
        cpus.append(float(out[1]))
        peaks.append(int(out[2]) / 1024)  # Linux reports kB
        code = int(out[3])
    return min(walls), min(cpus), max(peaks), code


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=9999)
    ap.add_argument("--rounds", type=int, default=99)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--giant", default="1,10,100", help="sizes in MB of the giant player lines")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; reference loop: {reference():.2f} s CPU")
    with tempfile.TemporaryDirectory(prefix="trf-size-") as tmp:
        path = Path(tmp) / "big.trf"
        trf.dump(make_tournament(args.players, args.rounds), path)
        size = path.stat().st_size
        print(f"{args.players} players x {args.rounds} rounds: {size / 1e6:.1f} MB")
        print(f"{'command':<28} {'wall':>8} {'CPU':>8} {'peak RSS':>10}")
        for label, cmd in (("arbiter --version", ["--version"]), ("arbiter validate", ["validate", str(path)]),
                           ("arbiter show --json", ["show", str(path), "--json"])):
            wall, cpu, peak, code = measure(cmd, args.repeat)
            print(f"{label:<28} {wall:>6.2f} s {cpu:>6.2f} s {peak:>7.0f} MB" + (f"  (exit {code})" if code else ""))
        example = (ROOT / "fixtures" / "example.trf").read_text().splitlines()
        for mb in (int(x) for x in args.giant.split(",") if x):
            lines = list(example)
            lines[10] = lines[10] + "  0000 - Z" * (mb * 100_000)
            giant = Path(tmp) / f"giant-{mb}.trf"
            giant.write_text("\n".join(lines) + "\n")
            wall, cpu, peak, code = measure(["validate", str(giant)], 1)
            print(f"{'validate, ' + str(mb) + ' MB line':<28} {wall:>6.2f} s {cpu:>6.2f} s {peak:>7.0f} MB  (exit {code})")
            os.unlink(giant)


if __name__ == "__main__":
    main()
