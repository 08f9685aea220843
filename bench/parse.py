"""Benchmark: reading (with and without validation) and writing a large TRF file.

    /work/venv/bin/python bench/parse.py [--repeat N] [--players N] [--rounds N]

Builds a valid Swiss tournament through the model (seeded ``random.Random``, so every run
times the same file): mirrored games with complementary results, a PAB for the odd player out,
a few requested byes and absences, points equal to the score.  Writes it with ``trf.dump`` to a
temporary directory, then times ``trf.parse_file`` (parse + validation), ``parse_file(...,
validate=False)`` and ``trf.dumps``, and prints a scaling table.  Standard library + trf only.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout too

import trf  # noqa: E402
from trf import Colour, Header, Player, Result, RoundCount, RoundEntry, Tournament  # noqa: E402

GAME_RESULTS = (
    (Result.WIN, Result.LOSS), (Result.LOSS, Result.WIN), (Result.DRAW, Result.DRAW),
    (Result.WIN, Result.LOSS), (Result.LOSS, Result.WIN), (Result.DRAW, Result.DRAW),
    (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), (Result.WIN_UNRATED, Result.LOSS_UNRATED),
)
ABSENCES = (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE, Result.FULL_POINT_BYE)
FEDERATIONS = ("NOR", "GER", "FRA", "IND", "USA", "ESP", "NED", "POL", "")
TITLES = ("", "", "", "", "FM", "IM", "GM", "WGM", "CM")
SYLLABLES = ("an", "ber", "cor", "dal", "en", "fis", "gar", "han", "iv", "jo", "kar", "lin", "mo", "nor")


def make_tournament(players: int, rounds: int, seed: int = 2026) -> Tournament:
    """A valid ``players`` x ``rounds`` Swiss tournament, the same for the same arguments."""
    rng = random.Random(seed)
    blocks: dict[int, list[RoundEntry]] = {pid: [] for pid in range(1, players + 1)}
    for _ in range(rounds):
        order = list(blocks)
        rng.shuffle(order)
        n_out = rng.randint(0, max(1, players // 50))
        for pid in order[:n_out]:
            blocks[pid].append(RoundEntry(None, Colour.NONE, rng.choice(ABSENCES)))
        paired = order[n_out:]
        if len(paired) % 2:
            blocks[paired.pop()].append(RoundEntry(None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE))
        for a, b in zip(paired[0::2], paired[1::2]):
            ra, rb = rng.choice(GAME_RESULTS)
            ca = rng.choice((Colour.WHITE, Colour.BLACK))
            blocks[a].append(RoundEntry(b, ca, ra))
            blocks[b].append(RoundEntry(a, ca.opposite, rb))

    def name() -> str:
        last = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
        first = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3))).capitalize()
        return f"{last}, {first}"

    people = [
        Player(
            start_rank=pid, sex=rng.choice("mw"), title=rng.choice(TITLES), name=name(),
            rating=rng.choice((None, rng.randint(1000, 2800))), federation=rng.choice(FEDERATIONS),
            fide_id=str(rng.randint(1_000_000, 999_999_999)),
            birth_date=f"{rng.randint(1940, 2015)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}",
            points=None, rank=pid, rounds=tuple(blocks[pid]),
        )
        for pid in range(1, players + 1)
    ]
    headers = [
        Header("012", f"Benchmark Open {players}x{rounds}"), Header("022", "Tromso"), Header("032", "NOR"),
        Header("042", "2026/08/01"), Header("052", "2026/08/15"), Header("062", str(players)),
        Header("072", str(sum(1 for p in people if p.rating))), Header("092", "Individual: Swiss-System"),
        Header("102", "IA Arbiter, Chief (1234567)"), Header("122", "90'/40 + 30'+30\""),
        RoundCount(rounds, "XXR"),
    ]
    draft = Tournament(tuple(headers + people), "\r\n")
    scored = tuple(replace(p, points=draft.score(p.start_rank)) for p in people)
    return draft.replace_records(tuple(headers) + scored)


def timings(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def summary(times: list[float]) -> str:
    return f"best {min(times):.3f} s, median {statistics.median(times):.3f} s"


def check(path: Path, t: Tournament) -> None:
    """The benchmark file must be what it claims: valid, and read back unchanged."""
    result = trf.parse_file(path)
    problems = [d for d in result.diagnostics if d.severity is not trf.Severity.INFO]
    if problems or result.tournament != t:
        sys.exit(f"benchmark file is not valid: {problems[:3]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--sizes", default="250,500,1000,2000", help="player counts of the scaling table")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="trf-bench-") as tmp:
        t = make_tournament(args.players, args.rounds)
        path = Path(tmp) / "bench.trf"
        trf.dump(t, path)
        check(path, t)
        size = path.stat().st_size
        parse_validate = timings(lambda: trf.parse_file(path), args.repeat)
        parse_only = timings(lambda: trf.parse_file(path, validate=False), args.repeat)
        parsed = trf.parse_file(path, validate=False).tournament
        write = timings(lambda: trf.dumps(parsed), args.repeat)
        print(f"python {sys.version.split()[0]}, {args.repeat} repetitions")
        print(f"players={args.players} rounds={args.rounds} bytes={size} lines={len(t.records)}")
        print(f"  parse+validate: {summary(parse_validate)}")
        print(f"  parse only:     {summary(parse_only)}")
        print(f"  dumps:          {summary(write)}")

        print()
        print("scaling (rounds fixed, median of repetitions):")
        print(f"{'players':>8} {'bytes':>9} {'parse+validate':>15} {'parse only':>11} {'validate':>9} {'dumps':>7}"
              f" {'us/line':>8}")
        for n in (int(x) for x in args.sizes.split(",")):
            tn = make_tournament(n, args.rounds)
            pn = Path(tmp) / f"bench-{n}.trf"
            trf.dump(tn, pn)
            check(pn, tn)
            reps = max(3, args.repeat * 1000 // max(n, 1000) if n >= 1000 else args.repeat)
            full = statistics.median(timings(lambda: trf.parse_file(pn), reps))
            only = statistics.median(timings(lambda: trf.parse_file(pn, validate=False), reps))
            tp = trf.parse_file(pn, validate=False).tournament
            write_n = statistics.median(timings(lambda: trf.dumps(tp), reps))
            print(f"{n:>8} {pn.stat().st_size:>9} {full:>13.3f} s {only:>9.3f} s {full - only:>7.3f} s"
                  f" {write_n:>5.3f} s {full / len(tn.records) * 1e6:>8.0f}")


if __name__ == "__main__":
    main()
