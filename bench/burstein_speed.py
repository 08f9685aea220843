"""Time the Burstein engine (C.04.4.2, 2026; the system ``burstein``) on one round after the
seeding rounds of a generated tournament, with its growth in the number of players.

    python bench/burstein_speed.py                                  # round 6 of 9: 100 ... 1000 players
    python bench/burstein_speed.py --round 5                        # the first round after the seeding rounds
    python bench/burstein_speed.py --round 3 --total 5              # an early round: large brackets
    python bench/burstein_speed.py --players 300 --repeat 3 --py4swiss ''   # without the peer

Each tournament is a ``--total``-round event made by the project's generator
(:mod:`verify.generate`, the system ``burstein``, seeded: the min(total/2, 4) seeding rounds by the
Dutch system, the later ones by our engine), cut back before round ``--round``, which is then
paired through the door (:meth:`systems.base.PairingSystem.pair`).  Columns: players, generation
CPU seconds (the whole event), our pairing's CPU seconds (best of ``--repeat``, the file already
read), the growth exponent from the size before (log of the time ratio over log of the size
ratio: 2 is quadratic), boards, and, when py4swiss is installed (``--py4swiss``, the one public
engine of the 2026 text), its CPU seconds on the same cut file (one run of its command line,
start-up included) and whether its pairing is ours (the same games and PAB).  The target: a
300-player round in under 1 s, growth no worse than quadratic.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import systems  # noqa: E402
import trf  # noqa: E402
from trf.edit import cut_to_round  # noqa: E402
from verify.generate import GeneratorSettings, generate  # noqa: E402

PY4SWISS = "/work/scratch/py4swiss-venv/bin/py4swiss"


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def peer(cut: trf.Tournament, py4swiss: str) -> tuple[float, tuple[frozenset[frozenset[int]], int | None] | None]:
    """py4swiss' CPU seconds on ``cut`` (its next round) and its pairing (``None``: it gave none)."""
    with tempfile.TemporaryDirectory() as tmp:
        cpath, opath = Path(tmp) / "cut.trf", Path(tmp) / "out.txt"
        cpath.write_text(trf.dumps(cut), encoding="utf-8")
        before = _children_cpu()
        subprocess.run([py4swiss, "-t", str(cpath), "-e", "burstein", "-p", str(opath)], capture_output=True,
                       timeout=1800, check=False)
        spent = _children_cpu() - before
        if not opath.exists():
            return spent, None
        rows = [line.split() for line in opath.read_text().splitlines()[1:] if line.strip()]
    games = frozenset(frozenset((int(w), int(b))) for w, b, *_ in rows if int(b) != 0)
    bye = next((int(w) for w, b, *_ in rows if int(b) == 0), None)
    return spent, (games, bye)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="100,300,600,1000", help="comma-separated field sizes")
    ap.add_argument("--round", type=int, default=6, help="the round timed (default 6)")
    ap.add_argument("--total", type=int, default=9, help="rounds of the event (default 9: 4 seeding rounds)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--py4swiss", default=PY4SWISS, help="py4swiss' command ('' or a missing file: no peer)")
    args = ap.parse_args()
    seeding = min(args.total // 2, 4)
    if not seeding < args.round <= args.total:
        ap.error(f"--round must be after the {seeding} seeding rounds and at most --total {args.total}")
    with_peer = bool(args.py4swiss) and os.access(args.py4swiss, os.X_OK)
    print(f"round {args.round} of {args.total} (seeding rounds: {seeding}), seed {args.seed}; CPU seconds")
    print(f"{'players':>7} {'generate':>8} {'pair':>7} {'growth':>6} {'boards':>6}"
          + (f" {'py4swiss':>8} {'same':>4}" if with_peer else ""))
    last: tuple[int, float] | None = None
    for n in [int(x) for x in args.players.split(",")]:
        t0 = time.process_time()
        t = generate(GeneratorSettings(players=n, rounds=args.total, seed=args.seed, system="burstein"))
        gen = time.process_time() - t0
        cut = cut_to_round(t, args.round)
        sel = systems.select(cut, system="burstein")
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.process_time()
            got = sel.system.pair(cut, args.round, sel)
            best = min(best, time.process_time() - t0)
        growth = f"{math.log(best / last[1]) / math.log(n / last[0]):6.2f}" if last and best > 0 < last[1] else "     -"
        line = f"{n:>7} {gen:>8.2f} {best:>7.3f} {growth} {len(got.boards):>6}"
        if with_peer:
            spent, theirs = peer(cut, args.py4swiss)
            ours = (frozenset(frozenset(b) for b in got.boards), got.bye)
            line += f" {spent:>8.2f} {'-' if theirs is None else 'yes' if theirs == ours else 'no':>4}"
        print(line, flush=True)
        last = (n, best)


if __name__ == "__main__":
    main()
