"""Time the Double-Swiss engine (C.04.5) on one round of generated events, and the checker's
judgement of that round.

    python bench/double_swiss_speed.py                          # 100, 300, 600, 1000 players, round 6 of 9
    python bench/double_swiss_speed.py --players 300 --played 5 --repeat 5

Each event: :func:`bench.double_swiss_gen.generate` (rounds 1..P paired by the engine, results
from the ratings, a few forfeits and half-point byes); then round P + 1 is timed.  Columns: CPU
seconds of ``pair_match_round`` (best of ``--repeat``, the file already read) and of
``check_pairing`` on the engine's pairing (the checker's own reading), and whether the checker
accepts it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.double_swiss_gen import GenSettings, generate  # noqa: E402
from checker.double_swiss import check_pairing  # noqa: E402
from pairing.double_swiss import pair_match_round  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="100,300,600,1000")
    ap.add_argument("--played", type=int, default=5)
    ap.add_argument("--total", type=int, default=9)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-check", action="store_true", help="time the engine only")
    a = ap.parse_args()
    rnd = a.played + 1
    print(f"round {rnd} of {a.total}, seed {a.seed}; CPU seconds")
    print(f"{'players':>7} {'generate':>9} {'pair':>7} {'check':>7} {'accepted':>8}")
    for n in [int(x) for x in a.players.split(",")]:
        t0 = time.process_time()
        t, _ = generate(GenSettings(players=n, rounds=a.played, total=a.total, seed=a.seed))
        gen = time.process_time() - t0
        best = float("inf")
        got = None
        for _ in range(a.repeat):
            t0 = time.process_time()
            got = pair_match_round(t, rnd).pairing
            best = min(best, time.process_time() - t0)
        assert got is not None
        if a.no_check:
            print(f"{n:>7} {gen:>9.2f} {best:>7.3f}", flush=True)
            continue
        t0 = time.process_time()
        report = check_pairing(t, rnd, got.boards, got.bye)
        chk = time.process_time() - t0
        print(f"{n:>7} {gen:>9.2f} {best:>7.3f} {chk:>7.3f} {'yes' if report.ok else 'NO':>8}", flush=True)


if __name__ == "__main__":
    main()
