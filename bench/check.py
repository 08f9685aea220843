"""Time the pairings checker on every round of a generated tournament.

    python bench/check.py                          # 300 players x 11 rounds (engine=False),
                                                   # 100 players x 11 rounds (engine=True)
    python bench/check.py --players 300 --rounds 11 --engine-players 100
    python bench/check.py --file ../shared/corpus/dutch-2026/tournaments/dev-0180-n300-r8.trf

The tournament is made by the generator (``arbiter generate``: every round paired by this
engine, results from ratings), so every round is a correct pairing and the checker does its full
work: absolute and colour checks, then the local search (two-board re-pairings and PAB moves,
repeated) that finds no better candidate.  ``check_round(engine=False)`` times the checker alone;
``engine=True`` adds the pairing engine's pairing as one more candidate (so it includes one
``pair_round`` per round); the smaller tournament is timed both ways.  Each round is checked
once per mode; the columns are seconds.  Generating the 300 x 11 tournament takes about three
minutes (``--file`` skips it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from checker.check import check_round  # noqa: E402
from pairing.generate import GeneratorSettings, generate  # noqa: E402
from trf.model import Tournament  # noqa: E402


def tournament(players: int, rounds: int, seed: int) -> Tournament:
    t0 = time.perf_counter()
    t = generate(GeneratorSettings(players=players, rounds=rounds, seed=seed),
                 progress=lambda r: print(f"  generating {players}x{rounds}: round {r}", file=sys.stderr))
    print(f"generated {players} players x {rounds} rounds (seed {seed}) in {time.perf_counter() - t0:.1f}s")
    return t


def time_rounds(t: Tournament, engines: tuple[bool, ...], label: str) -> None:
    """Check every round once per value of ``engine``; one column of seconds each."""
    print(f"\n{label}: {len(t.players)} players, {t.rounds_paired} rounds")
    heads = "".join(f"{'engine=' + str(e):>14}" for e in engines)
    print(f"{'round':>6} {'players':>8} {'boards':>7}{heads} {'ok':>4}")
    totals = [0.0] * len(engines)
    flagged = []
    for rnd in range(1, t.rounds_paired + 1):
        times = []
        ok = True
        for k, engine in enumerate(engines):
            t1 = time.perf_counter()
            rep = check_round(t, rnd, engine=engine)
            dt = time.perf_counter() - t1
            totals[k] += dt
            times.append(dt)
            if not rep.ok or rep.engine_disagrees is not None:
                ok = False
                flagged.append((rnd, engine, [f"{f.kind} {f.criterion}" for f in rep.findings], rep.engine_disagrees))
        cols = "".join(f"{x:>14.2f}" for x in times)
        print(f"{rnd:>6} {rep.players:>8} {len(rep.boards):>7}{cols} {'yes' if ok else 'NO':>4}")
    cols = "".join(f"{x:>14.2f}" for x in totals)
    print(f"{'total':>6} {'':>8} {'':>7}{cols}")
    cols = "".join(f"{x / max(1, t.rounds_paired):>14.2f}" for x in totals)
    print(f"{'/round':>6} {'':>8} {'':>7}{cols}")
    for rnd, engine, findings, disagree in flagged:
        print(f"  round {rnd} (engine={engine}) flagged: {findings} {disagree or ''}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--engine-players", type=int, default=100,
                    help="size of the tournament checked with engine=True (0: skip)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--file", type=Path, help="check this TRF file instead of generating one (engine=False)")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}")
    if args.file:
        t = trf.parse_file(args.file).tournament
        time_rounds(t, (False,), str(args.file))
    else:
        time_rounds(tournament(args.players, args.rounds, args.seed), (False,), "checker only")
    if args.engine_players:
        t = tournament(args.engine_players, args.rounds, args.seed)
        time_rounds(t, (False, True), "checker alone, and with the engine candidate")


if __name__ == "__main__":
    main()
