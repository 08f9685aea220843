"""Time the Burstein engine (C.04.4.2, 2026; the system ``burstein``) on a round after the seeding
rounds of a generated tournament, with growth in the number of players.

    python bench/burstein_speed.py                         # 100, 300, 600 and 1000 players
    python bench/burstein_speed.py --players 300 --played 5 --total 9 --repeat 3

Each tournament is made by the project's generator (:mod:`verify.generate`, the system
``burstein``, ``--played`` rounds, seeded); then round ``played + 1`` of a ``--total``-round event
(past the min(total/2, 4) seeding rounds, so the Burstein engine itself pairs it) is paired through
the door (:meth:`systems.base.PairingSystem.pair`).  Columns: players, generation CPU seconds, the
pairing's CPU seconds (best of ``--repeat``, the file already read), boards.  The target: a
300-player round in under 1 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import systems  # noqa: E402
from verify.generate import GeneratorSettings, generate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="100,300,600,1000", help="comma-separated field sizes")
    ap.add_argument("--played", type=int, default=5, help="rounds played before the one timed (default 5)")
    ap.add_argument("--total", type=int, default=9, help="rounds of the event (default 9: 4 seeding rounds)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rnd = args.played + 1
    print(f"round {rnd} of {args.total} (seeding rounds: {min(args.total // 2, 4)}), seed {args.seed}; CPU seconds")
    print(f"{'players':>7} {'generate':>8} {'pair':>7} {'boards':>6}")
    for n in [int(x) for x in args.players.split(",")]:
        t0 = time.process_time()
        t = generate(GeneratorSettings(players=n, rounds=args.played, seed=args.seed, system="burstein"))
        gen = time.process_time() - t0
        sel = systems.select(t, system="burstein")
        best = float("inf")
        boards = 0
        for _ in range(args.repeat):
            t0 = time.process_time()
            got = sel.system.pair(t, rnd, sel, total_rounds=args.total)
            best = min(best, time.process_time() - t0)
            boards = len(got.boards)
        print(f"{n:>7} {gen:>8.2f} {best:>7.3f} {boards:>6}", flush=True)


if __name__ == "__main__":
    main()
