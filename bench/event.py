"""Time running a whole event through the library and the safe store, as ``arbiter event`` does
(less the program's start-up, which ``--cli`` adds back by running the real commands).

    python bench/event.py                          # 100 players x 9 rounds
    python bench/event.py --players 300 --rounds 9
    python bench/event.py --players 40 --cli       # the arbiter command itself, each step

Each round: load the file, pair it in (engine), save; load, enter the round's results from a CSV,
save.  Prints the median and total time of each kind of step.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from event import log, store  # noqa: E402
from event.create import EventSettings, new_event  # noqa: E402
from event.next_round import pair_into  # noqa: E402
from event.registration import parse_registrants, register  # noqa: E402
from event.results import boards, enter_results  # noqa: E402
from trf.model import Colour  # noqa: E402


def players_csv(n: int, seed: int) -> str:
    rng = random.Random(seed)
    rows = [f"Player {i:04d},{rng.randint(1200, 2700)},{1000000 + i}" for i in range(n)]
    return "name,rating,fide_id\n" + "\n".join(rows) + "\n"


def results_csv(t, rnd: int, rng: random.Random) -> str:  # type: ignore[no-untyped-def]
    return "".join(f"{b.number},{rng.choice(['1-0', '0-1', '='])}\n" for b in boards(t, rnd))


def library(n: int, rounds: int, seed: int, folder: Path) -> dict[str, list[float]]:
    path = folder / "bench.trf"
    times: dict[str, list[float]] = {"register": [], "pair": [], "results": []}
    rng = random.Random(seed)

    def step(kind: str, op) -> None:  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        loaded = store.load(path)
        change = op(loaded.tournament)
        store.save(path, log.record(change, datetime(2026, 1, 1)), loaded.data)
        times[kind].append(time.perf_counter() - start)

    first = new_event(EventSettings("Bench", rounds, initial_colour=Colour.WHITE, tiebreaks="BH/C1,BH,SB,DE"))
    store.save(path, log.record(first, datetime(2026, 1, 1)), None)
    people = parse_registrants(players_csv(n, seed))
    step("register", lambda t: register(t, people))
    for r in range(1, rounds + 1):
        step("pair", pair_into)
        step("results", lambda t: enter_results(t, results_csv(t, r, rng)))
    return times


def command_line(n: int, rounds: int, seed: int, folder: Path) -> dict[str, list[float]]:
    path = folder / "cli.trf"
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"new": [], "register": [], "pair": [], "results": []}

    def run(kind: str, *args: str) -> None:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "arbiter", "event", *args], check=True, capture_output=True)
        times[kind].append(time.perf_counter() - start)

    (folder / "p.csv").write_text(players_csv(n, seed))
    run("new", "new", str(path), "--name", "Bench", "--rounds", str(rounds), "--initial-colour", "white")
    run("register", "register", str(path), "--csv", str(folder / "p.csv"))
    for r in range(1, rounds + 1):
        run("pair", "pair", str(path))
        t = store.load(path).tournament
        (folder / "r.csv").write_text(results_csv(t, r, rng))
        run("results", "result", str(path), "--csv", str(folder / "r.csv"))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cli", action="store_true", help="run the arbiter command for each step")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        times = (command_line if a.cli else library)(a.players, a.rounds, a.seed, Path(tmp))
    how = "arbiter event (one process per step)" if a.cli else "library + safe store"
    print(f"{a.players} players x {a.rounds} rounds, {how}:")
    for kind, values in times.items():
        print(f"  {kind:9s} median {statistics.median(values):6.3f} s   total {sum(values):7.2f} s   ({len(values)} step(s))")


if __name__ == "__main__":
    main()
