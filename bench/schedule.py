"""Time the round-robin timetable search (:func:`roundrobin.timetable.schedule`).

    python bench/schedule.py                   # n = 10, 20, 40; single and double; 1, 2, n/4 boards
    python bench/schedule.py --sessions 4      # 4 slots a day (night breaks cut the seams)

For each case prints the seconds taken, the slots, the back-to-backs, whether the count is
proved minimal and whether the exact search ran (it runs only when the descent misses the
lower bound and the search fits in the budget).
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from roundrobin.berger import double_round_robin, single_round_robin  # noqa: E402
from roundrobin.timetable import parse_sessions, schedule  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", default="unlimited", help="4, 09:00-13:00,15:00-19:00 or unlimited")
    ap.add_argument("--players", default="10,20,40")
    args = ap.parse_args()
    sessions = parse_sessions(args.sessions)
    print(f"{'n':>3} {'cycles':>6} {'boards':>6} {'seconds':>8} {'slots':>5} {'b2b':>5} minimal exact")
    for n in (int(x) for x in args.players.split(",")):
        for cycles, make in ((1, single_round_robin), (2, double_round_robin)):
            rr = make(n)
            for boards in sorted({1, 2, max(1, n // 4)}):
                t0 = time.perf_counter()
                tt = schedule(rr.rounds, boards, datetime(2026, 12, 5, 9), timedelta(minutes=45), sessions)
                dt = time.perf_counter() - t0
                print(f"{n:>3} {cycles:>6} {boards:>6} {dt:>8.3f} {tt.totals.slots:>5} "
                      f"{len(tt.back_to_back):>5} {str(tt.minimal):>7} {tt.exact}")


if __name__ == "__main__":
    main()
