"""Time the weighted matcher (``algorithms.matching.max_weight_matching``) on the engine's own instances.

    cp algorithms/matching.py /tmp/old_matching.py        # before changing the matcher
    python bench/matching.py record /tmp/m26.pkl.gz --matcher /tmp/old_matching.py \
        --corpus '../shared/corpus/dutch-2026/rounds/*.trf'
    python bench/matching.py record /tmp/m17.pkl.gz --matcher /tmp/old_matching.py \
        --corpus '../shared/corpus/dutch-2017/rounds/*.trf' --rules 2017
    python bench/matching.py record /tmp/gen.pkl.gz --matcher /tmp/old_matching.py \
        --generate 400,7,1,2017 --generate 1600,2,2026,2026,9    # players,rounds,seed[,rules[,total]]
    python bench/matching.py compare /tmp/m26.pkl.gz /tmp/m17.pkl.gz [--reference /tmp/old_matching.py]

``record`` pairs every round given (each corpus file's next round; every round of a generated
event, and with ``total`` then round ``rounds + 1`` of an event of that many rounds, as
bench/pair.py does) with ``max_weight_matching`` wrapped, and stores each distinct weight matrix
it is asked to solve with the matching returned and the CPU time it took (gzipped pickles; keep
them outside the repository: a large event's instances take hundreds of megabytes).  With
``--matcher`` the matchings (and so the engine's pairings) are those of another ``matching.py``,
the one to compare against.

``compare`` solves every stored instance again with the current ``max_weight_matching`` and
checks that the matching is the stored one, vertex for vertex (the engine's pairings depend on
which optimum is returned, not only on its weight).  With ``--reference`` (a copy of an earlier
``matching.py``) it times that implementation on the same instances in the same process and
checks it too (best of ``--repeat`` runs each).  Columns, per range of instance sizes (vertices):
instances, total CPU seconds of each implementation, the ratio, and the largest instance's times.
Exit status 1 when a matching differs.
"""

from __future__ import annotations

import argparse
import glob
import gzip
import hashlib
import importlib.util
import pickle
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
import systems  # noqa: E402
from algorithms import matching as matcher  # noqa: E402
from pairing.dutch import pair_round  # noqa: E402  (loads every module that imported the matcher)
from verify.generate import GeneratorSettings, generate  # noqa: E402
from trf.model import RoundCount  # noqa: E402

Matcher = Callable[[list[list[int]]], list[int]]


def fingerprint(weight: list[list[int]]) -> bytes:
    return hashlib.blake2b(pickle.dumps(weight, protocol=pickle.HIGHEST_PROTOCOL), digest_size=16).digest()


def instances(paths: list[Path]) -> Iterator[dict[str, Any]]:
    for path in paths:
        with gzip.open(path, "rb") as f:
            while True:
                try:
                    yield pickle.load(f)
                except EOFError:
                    break


def record(out: Path, corpus: list[str], generated: list[str], rules: str | None, solver: Path | None) -> None:
    original: Matcher = matcher.max_weight_matching
    solve = load_reference(solver) if solver else original
    seen: set[bytes] = set()
    calls = stored = 0
    source = ""
    with gzip.open(out, "wb", compresslevel=3) as f:
        def wrapped(weight: list[list[int]]) -> list[int]:
            nonlocal calls, stored
            calls += 1
            t0 = time.process_time()
            mate = solve(weight)
            spent = time.process_time() - t0
            key = fingerprint(weight)
            if key not in seen:
                seen.add(key)
                stored += 1
                pickle.dump({"source": source, "n": len(weight), "weight": weight, "mate": list(mate),
                             "seconds": spent}, f, protocol=pickle.HIGHEST_PROTOCOL)
            return mate

        patched = [m for m in list(sys.modules.values())
                   if m is not None and getattr(m, "max_weight_matching", None) is original]
        for m in patched:
            setattr(m, "max_weight_matching", wrapped)
        try:
            for pattern in corpus:
                for name in sorted(glob.glob(pattern)):
                    source = Path(name).name
                    t = trf.parse_file(name).tournament
                    t0 = time.process_time()
                    try:
                        sel = systems.select(t, edition=rules)  # the file's edition and Baku, as arbiter pair
                        pair_round(t, rules=sel.edition.name, baku="BAKU" in sel.code,
                                   baku_group="engine" if "-auto-" in source else "handbook")
                    except Exception as exc:  # noqa: BLE001  (a bench: report and go on)
                        print(f"{source}: {type(exc).__name__}: {exc}")
                    print(f"{source}: {time.process_time() - t0:.1f}s, {calls} calls, {stored} stored", flush=True)
            for spec in generated:
                players, rounds, seed, *more = (int(x) if x.isdigit() else x for x in spec.split(","))
                edition = str(more[0]) if more else "2026"
                total = int(more[1]) if len(more) > 1 else None
                source = f"generate n{players} r{rounds} s{seed} {edition}"
                t0 = time.process_time()

                def progress(r: int) -> None:
                    print(f"  {source} round {r}: {time.process_time() - t0:.0f}s, {calls} calls, {stored} stored",
                          flush=True)

                t = generate(GeneratorSettings(players=int(players), rounds=int(rounds), seed=int(seed),
                                               rules=edition), progress=progress)
                if total:
                    source += f" then round {int(rounds) + 1} of {total}"
                    pair_round(longer(t, total), int(rounds) + 1)
                    progress(int(rounds) + 1)
        finally:
            for m in patched:
                setattr(m, "max_weight_matching", original)
    print(f"{calls} calls, {stored} distinct instances in {out}")


def longer(t: trf.Tournament, total: int) -> trf.Tournament:
    """``t`` as an event of ``total`` rounds (its XXR record replaced), read back from its text."""
    records = tuple(RoundCount(total, "XXR") if isinstance(r, RoundCount) else r for r in t.records)
    return trf.parse_text(trf.dumps(t.replace_records(records))).tournament


def load_reference(path: Path) -> Matcher:
    spec = importlib.util.spec_from_file_location("reference_matching", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.max_weight_matching  # type: ignore[no-any-return]


BUCKETS = [(0, 19), (20, 49), (50, 99), (100, 199), (200, 299), (300, 399), (400, 10**9)]


def timed(solve: Matcher, w: list[list[int]], repeat: int) -> tuple[list[int], float]:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        mate = solve(w)
        best = min(best, time.process_time() - t0)
    return mate, best


def compare(paths: list[Path], reference: Path | None, min_size: int, repeat: int) -> None:
    new: Matcher = matcher.max_weight_matching
    old = load_reference(reference) if reference else None
    rows: dict[tuple[int, int], list[float]] = {b: [0, 0.0, 0.0, 0.0, 0.0, 0] for b in BUCKETS}
    different = 0
    for inst in instances(paths):
        n = inst["n"]
        if n < min_size:
            continue
        w = inst["weight"]
        t_old = inst["seconds"]
        if old is not None:
            mate_old, t_old = timed(old, w, repeat)
            if mate_old != inst["mate"]:
                print(f"reference differs from the stored matching: {inst['source']} n={n}")
        mate, t_new = timed(new, w, repeat)
        if mate != inst["mate"]:
            different += 1
            print(f"DIFFERENT matching: {inst['source']} n={n}", flush=True)
        bucket = next(b for b in BUCKETS if b[0] <= n <= b[1])
        row = rows[bucket]
        row[0] += 1
        row[1] += t_old
        row[2] += t_new
        if n >= row[5]:
            row[3], row[4], row[5] = t_old, t_new, n
    what = "reference, re-timed" if old else "as recorded"
    print(f"python {sys.version.split()[0]}; CPU seconds; old = {what}")
    print(f"{'vertices':>9} {'count':>6} {'old':>9} {'new':>9} {'speedup':>7}   {'largest':>7} {'old':>8} {'new':>8}")
    total = [0, 0.0, 0.0]
    for (lo, hi), (count, t_old, t_new, big_old, big_new, big_n) in rows.items():
        if not count:
            continue
        total = [total[0] + count, total[1] + t_old, total[2] + t_new]
        span = f"{lo}-{hi}" if hi < 10**9 else f"{lo}+"
        print(f"{span:>9} {int(count):>6} {t_old:>8.2f}s {t_new:>8.2f}s {t_old / max(t_new, 1e-9):>6.1f}x"
              f"   {int(big_n):>7} {big_old:>7.2f}s {big_new:>7.2f}s")
    if total[0]:
        ratio = total[1] / max(total[2], 1e-9)
        print(f"{'all':>9} {int(total[0]):>6} {total[1]:>8.2f}s {total[2]:>8.2f}s {ratio:>6.1f}x")
    print(f"{different} of {int(total[0])} matchings differ from the stored ones")
    if different:
        sys.exit(1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="pair rounds and store the matcher's instances")
    rec.add_argument("out", type=Path)
    rec.add_argument("--corpus", action="append", default=[], help="glob of TRF files: pair each one's next round")
    rec.add_argument("--generate", action="append", default=[],
                     help="players,rounds,seed[,rules[,total]] of a generated event (every round paired; with "
                          "total, then round rounds+1 of an event of that many rounds)")
    rec.add_argument("--rules", default=None, help="the edition for --corpus files (default: the file's)")
    rec.add_argument("--matcher", type=Path, default=None,
                     help="solve with this matching.py instead of algorithms.matching (e.g. a copy of the old one)")
    cmp_ = sub.add_parser("compare", help="solve stored instances again and compare")
    cmp_.add_argument("files", type=Path, nargs="+")
    cmp_.add_argument("--reference", type=Path, default=None, help="an earlier matching.py to time beside")
    cmp_.add_argument("--min-size", type=int, default=0, help="skip instances with fewer vertices")
    cmp_.add_argument("--repeat", type=int, default=1, help="time each solve this many times, keep the best")
    args = ap.parse_args()
    if args.command == "record":
        record(args.out, args.corpus, args.generate, args.rules, args.matcher)
    else:
        compare(args.files, args.reference, args.min_size, args.repeat)


if __name__ == "__main__":
    main()
