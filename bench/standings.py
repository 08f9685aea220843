"""Time standings with ten tie-breaks for a large Swiss event.

    python bench/standings.py                      # 1,000 players x 11 rounds, then 9,999 before round 1
    python bench/standings.py --players 2000 --rounds 13 --entries 0

The event is synthetic (the Dutch engine is too slow to pair 1,000 players quickly): each round
pairs neighbours in score order, avoiding rematches where it can, with results drawn from the
rating difference, a few forfeits, half-point byes and absences, and a PAB for an odd count.
Tie-breaks do not care whether the pairings are FIDE-correct; they do care about unplayed rounds,
which this event has plenty of.  Prints the time to read the file, build the context and rank.

Then (``--entries``, default 9,999, 0 to skip) the standings of an event before round 1: every
player on 0 points, one group tied on every tie-break down to DE (C.07 art. 6), which must cost
about as much per player as a small group does (the figure grows linearly: 2,000 and 9,999
players are printed, wall and CPU seconds).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from tiebreaks.codes import parse_list  # noqa: E402
from tiebreaks.standings import standings  # noqa: E402

TEN = "BH/C1,BH,BH/M1,FB,SB,SB/C1,DE,WIN,PS,ARO/C1"


def synthetic(players: int, rounds: int, seed: int) -> str:
    rng = random.Random(seed)
    rating = {i: 2700 - i * 1400 // players for i in range(1, players + 1)}
    score = {i: 0.0 for i in range(1, players + 1)}
    met: dict[int, set[int]] = {i: set() for i in range(1, players + 1)}
    cells: dict[int, list[str]] = {i: [] for i in range(1, players + 1)}
    had_pab: set[int] = set()
    for _ in range(rounds):
        order = sorted(score, key=lambda i: (-score[i], i))
        absent = [i for i in order if rng.random() < 0.02]
        for i in absent:
            kind = rng.choice("HZ")
            cells[i].append(f"0000 - {kind}")
            score[i] += 0.5 if kind == "H" else 0.0
        pool = [i for i in order if i not in absent]
        if len(pool) % 2:
            pab = next(i for i in reversed(pool) if i not in had_pab)
            pool.remove(pab)
            had_pab.add(pab)
            cells[pab].append("0000 - U")
            score[pab] += 1
        while pool:
            a = pool.pop(0)
            j = next((k for k, b in enumerate(pool) if b not in met[a]), 0)
            b = pool.pop(j)
            met[a].add(b)
            met[b].add(a)
            if rng.random() < 0.01:
                ra, rb = "+", "-"
            else:
                e = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
                x = rng.random()
                ra, rb = ("1", "0") if x < e - 0.15 else ("=", "=") if x < e + 0.15 else ("0", "1")
            wa = rng.random() < 0.5
            cells[a].append(f"{b:4d} {'w' if wa else 'b'} {ra}")
            cells[b].append(f"{a:4d} {'b' if wa else 'w'} {rb}")
            score[a] += {"1": 1, "=": 0.5, "0": 0, "+": 1, "-": 0}[ra]
            score[b] += {"1": 1, "=": 0.5, "0": 0, "+": 1, "-": 0}[rb]
    lines = [f"012 Synthetic {players}x{rounds}", "042 2026/06/01", f"XXR {rounds}"]
    for i in range(1, players + 1):
        head = f"001 {i:>4} {'':1}{'':3} {f'Player {i}':<33} {rating[i]:>4} {'':3} {'':>11} {'':10} {score[i]:>4.1f} {'':>4}"
        lines.append(head + "".join(f"  {c}" for c in cells[i]))
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tiebreaks", default=TEN)
    ap.add_argument("--entries", type=int, default=9999, help="players of the before-round-1 figure (0: skip it)")
    args = ap.parse_args()
    text = synthetic(args.players, args.rounds, args.seed)
    t0 = time.perf_counter()
    t = trf.parse_text(text).tournament
    t1 = time.perf_counter()
    tbs = parse_list(args.tiebreaks)
    s = standings(t, tbs)
    t2 = time.perf_counter()
    print(f"{args.players} players x {args.rounds} rounds, {len(tbs)} tie-breaks ({args.tiebreaks})")
    print(f"  parse {t1 - t0:.2f} s, standings {t2 - t1:.2f} s, total {t2 - t0:.2f} s")
    print(f"  winner: {s.rows[0].pid} on {s.rows[0].points}; {sum(1 for r in s.rows if '-' in r.place)} players share a place")
    if args.entries:
        for n in sorted({min(2000, args.entries), args.entries}):
            entries(n, tbs)


def entries(players: int, tbs: list) -> None:
    """The standings of ``players`` registered players before round 1 (all tied on 0 points)."""
    lines = ["012 Before round 1", "042 2026/06/01", "XXR 9"]
    for i in range(1, players + 1):
        lines.append(f"001 {i:>4}      {f'Player {i}':<33} {2700 - i * 1400 // players:>4}"
                     f" {'':3} {'':>11} {'':10}  0.0 {i:>4}")
    t = trf.parse_text("\n".join(lines) + "\n").tournament
    w0, c0 = time.perf_counter(), time.process_time()
    s = standings(t, tbs)
    w1, c1 = time.perf_counter(), time.process_time()
    print(f"{players} players before round 1: standings {w1 - w0:.2f} s ({c1 - c0:.2f} s CPU); "
          f"{sum(1 for r in s.rows if '-' in r.place)} players share a place")


if __name__ == "__main__":
    main()
