"""Time the Dutch pairer on the last round of generated tournaments of growing size.

    python bench/pair.py                       # 50, 100, 200, 400 players, 9 rounds
    python bench/pair.py --sizes 50,100,200,400,800 --rounds 9

Each tournament is made by the generator (``arbiter generate``: rounds 1..R-1 paired by this
engine, results from ratings); then round R is paired ``--repeat`` times and the best time kept.
The growth column is the exponent k in time ~ players^k between consecutive sizes.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.dutch import pair_round  # noqa: E402
from pairing.dutch.state import RoundState  # noqa: E402
from pairing.generate import GeneratorSettings, generate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="50,100,200,400")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; last round of a {args.rounds}-round tournament, best of {args.repeat}")
    print(f"{'players':>8} {'generate':>10} {'pair last':>10} {'solves':>7} {'growth':>7}")
    prev: tuple[int, float] | None = None
    for n in (int(x) for x in args.sizes.split(",")):
        t0 = time.perf_counter()
        settings = GeneratorSettings(players=n, rounds=args.rounds - 1, seed=args.seed)
        t = generate(settings, progress=lambda r: print(f"  generating {n}: round {r}", file=sys.stderr))
        gen = time.perf_counter() - t0
        from trf.model import RoundCount
        t = t.replace_records(tuple(RoundCount(args.rounds, "XXR") if isinstance(r, RoundCount) else r
                                    for r in t.records))
        best = math.inf
        solves = 0
        for _ in range(args.repeat):
            counter = {"n": 0}
            original = RoundState.solve

            def counting(self, _orig=original, _c=counter):
                _c["n"] += 1
                return _orig(self)

            RoundState.solve = counting  # type: ignore[method-assign]
            try:
                t1 = time.perf_counter()
                pair_round(t, args.rounds)
                best = min(best, time.perf_counter() - t1)
            finally:
                RoundState.solve = original  # type: ignore[method-assign]
            solves = counter["n"]
        growth = f"{math.log(best / prev[1]) / math.log(n / prev[0]):.2f}" if prev else "-"
        print(f"{n:>8} {gen:>9.1f}s {best:>9.2f}s {solves:>7} {growth:>7}")
        prev = (n, best)


if __name__ == "__main__":
    main()
