"""Time and measure ``arbiter generate``: CPU seconds per round split between the pairing engine
and the generator's own work (drawing byes and results, writing the rounds, points and ranks),
and the process's peak memory (resident set).

    python bench/generate.py --players 2000 --rounds 11 --seed 1
    python bench/generate.py --players 5000 --rounds 11 --stub

``--stub`` replaces the engine by a stand-in that pairs the players present in a shuffled order
(no pairing rule, repeats allowed): what is left is the generator's own cost, which is what a
tournament of that size costs apart from its pairings.  CPU seconds are this process's
(``time.process_time``); the peak is ``ru_maxrss``.  The machine may be shared.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import systems  # noqa: E402
from pairing.result import Pairing  # noqa: E402
from trf.model import Tournament  # noqa: E402
from verify.generate import GeneratorSettings, generate  # noqa: E402


def peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def stub_pair(t: Tournament, rnd: int) -> Pairing:
    """The players not given a bye for ``rnd``, shuffled and paired in that order."""
    ids = [p.start_rank for p in t.players if (e := p.entry(rnd)) is None or e.result is None]
    random.Random(rnd).shuffle(ids)
    bye = ids.pop() if len(ids) % 2 else None
    return Pairing(rnd, tuple((ids[k], ids[k + 1]) for k in range(0, len(ids), 2)), bye)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--system", default=systems.DEFAULT)
    ap.add_argument("--stub", action="store_true", help="pair with a stand-in instead of the engine")
    args = ap.parse_args()
    settings = GeneratorSettings(players=args.players, rounds=args.rounds, seed=args.seed, system=args.system)
    system: Any = systems.get(args.system)
    own_pair = system.pair
    spent = [0.0]

    def timed(t: Tournament, rnd: int, sel: Any, **kw: Any) -> Pairing:
        t0 = time.process_time()
        try:
            return stub_pair(t, rnd) if args.stub else own_pair(t, rnd, sel, **kw)
        finally:
            spent[0] += time.process_time() - t0

    system.pair = timed  # this process only: the registry's instance, for the generator's calls
    start = time.process_time()
    last = [start, 0.0]
    print(f"{args.players} players x {args.rounds} rounds, seed {args.seed}{' (stub pairing)' if args.stub else ''}")
    print(f"{'round':>6} {'pairing s':>10} {'generator s':>12} {'peak MB':>8}")

    def progress(rnd: int) -> None:
        now = time.process_time()
        pairing = spent[0] - last[1]
        print(f"{rnd:>6} {pairing:>10.2f} {now - last[0] - pairing:>12.2f} {peak_mb():>8}", flush=True)
        last[0], last[1] = now, spent[0]

    generate(settings, progress=progress)
    total = time.process_time() - start
    print(f"{'total':>6} {spent[0]:>10.2f} {total - spent[0]:>12.2f} {peak_mb():>8}  ({total:.1f} s CPU; the last "
          f"row's generator time includes the final ranks)")


if __name__ == "__main__":
    main()
