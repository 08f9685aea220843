"""Time the rating report check, the clean report and the rating changes for a large event.

    python bench/ratings.py                      # 1,000 players x 11 rounds
    python bench/ratings.py --players 2000 --rounds 13

The event is the synthetic Swiss of ``bench/standings.py`` (neighbour pairings, a few forfeits,
byes and absences). Prints the time to read the file, check it (standings with the default
tie-break list included), write the clean TRF and compute every player's rating change.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import trf  # noqa: E402
from ratings.change import tournament_ratings  # noqa: E402
from ratings.report import check_report, clean_report  # noqa: E402


def _synthetic() -> Callable[[int, int, int], str]:
    """``bench/standings.py``'s synthetic event writer (players, rounds, seed -> TRF text)."""
    spec = importlib.util.spec_from_file_location("bench_standings", ROOT / "bench" / "standings.py")
    mod = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    writer: Callable[[int, int, int], str] = mod.synthetic
    return writer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    text = _synthetic()(args.players, args.rounds, args.seed)
    t0 = time.perf_counter()
    result = trf.parse_text(text)
    t1 = time.perf_counter()
    check = check_report(result.tournament, result.diagnostics)
    t2 = time.perf_counter()
    clean, _ = clean_report(result.tournament, check, "trf16")
    trf.dumps(clean)
    t3 = time.perf_counter()
    r = tournament_ratings(result.tournament)
    t4 = time.perf_counter()
    games = sum(len(p.games) for p in r.players)
    print(f"{args.players} players x {args.rounds} rounds: read {t1 - t0:.2f} s, check {t2 - t1:.2f} s "
          f"({len(check.problems)} problems), clean TRF {t3 - t2:.2f} s, rating changes {t4 - t3:.2f} s "
          f"({games} rated game sides)")


if __name__ == "__main__":
    main()
