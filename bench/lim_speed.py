"""Time the Lim engine (C.04.4.3, 2026; the system ``lim``) on each round of a generated
tournament, with growth in the number of players.

    python bench/lim_speed.py                           # 100, 300 and 1,000 players
    python bench/lim_speed.py --players 300 --total 9 --repeat 3

Each tournament is made by the project's generator (:mod:`verify.generate`, the system ``lim``,
``--total`` rounds, seeded); then every round is paired again through the door
(:meth:`systems.base.PairingSystem.pair`) on the file cut back before it.  Columns: players,
generation CPU seconds, round 1's, the middle round's and the last round's pairing CPU seconds,
the slowest round's (and which) and the mean (best of ``--repeat``, the file already read).
The target: a 300-player round in under 1 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import systems  # noqa: E402
from pairing.rounds import round_to_pair  # noqa: E402
from verify.generate import GeneratorSettings, generate  # noqa: E402

SYSTEM = "lim"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="100,300,1000", help="comma-separated field sizes")
    ap.add_argument("--total", type=int, default=9, help="rounds of the event (default 9)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    middle = (args.total + 1) // 2
    print(f"{args.total} rounds, seed {args.seed}; CPU seconds per round (middle round {middle})")
    print(f"{'players':>7} {'generate':>8} {'round 1':>7} {'middle':>7} {'last':>7} {'slowest':>11} {'mean':>6}")
    for n in [int(x) for x in args.players.split(",")]:
        t0 = time.process_time()
        t = generate(GeneratorSettings(players=n, rounds=args.total, seed=args.seed, system=SYSTEM))
        gen = time.process_time() - t0
        sel = systems.select(t, system=SYSTEM)
        times = []
        for rnd in range(1, args.total + 1):
            before = round_to_pair(t, rnd).before
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.process_time()
                sel.system.pair(before, rnd, sel, total_rounds=args.total)
                best = min(best, time.process_time() - t0)
            times.append(best)
        worst = max(range(len(times)), key=times.__getitem__)
        print(f"{n:>7} {gen:>8.2f} {times[0]:>7.3f} {times[middle - 1]:>7.3f} {times[-1]:>7.3f} "
              f"{times[worst]:>6.3f} (r{worst + 1}) {sum(times) / len(times):>6.3f}", flush=True)


if __name__ == "__main__":
    main()
