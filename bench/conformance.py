"""Tournaments per minute through the verification workflow, on 1 and 2 processes, and what
50,000 tournaments (FIDE's scale: that many random tournaments from each engine's generator,
each checked by the other's checker) would take.

    python bench/conformance.py                      # 50 players x 9 rounds, 8 tournaments per run
    python bench/conformance.py --count 16 --jobs 1,2,4
    python bench/conformance.py --engine '/tmp/bbp/bbpPairings.exe --dutch {input} -p {output}'

The stages, each timed on its own (seeds derived from one master seed, as ``arbiter generate
--count`` derives them):

* generate: our RTG, every round paired by our engine (``arbiter generate --count``);
* check: every round of every file by our checker, and the rank column against its 202 list
  (``arbiter check DIR``, the engine candidate included as ``check`` does by default);
* gen+check: the two together, our generator's tournaments checked by our checker;
* bbp -c and gen+bbp -c: the same files checked by bbpPairings' own checker (``-c``; a round
  it would pair otherwise is printed with both pairings), the direction "our generator, the
  other engine's checker" of FIDE's procedure (only with bbpPairings);
* conformance: generation plus every round asked of another engine and compared (``arbiter
  conformance``): the direction "our generator, the other engine's pairing", when ``--engine``
  is given or bbpPairings is found at /tmp/bbp;
* bbp-rtg: bbpPairings' own generator (``-g``, same size), then ``bbp+check``: its files checked
  by our checker (``arbiter check DIR``), the reverse direction (only with bbpPairings).

The last lines give the time of 50,000 tournaments per direction at the best rate measured.

Wall-clock time on a process pool (1 process: this one), and the CPU time of this process and
its children: on a shared machine (the load average is printed) the wall-clock rate is what
was seen, the CPU-based rate what the same number of idle cores would give (an estimate).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from verify.batch import check_files, summarize  # noqa: E402
from verify.conformance import EngineCommand, Summary, conformance  # noqa: E402
from verify.generate import GeneratorSettings, generate_many  # noqa: E402

BBP = "/tmp/bbp/bbpPairings.exe"
TARGET = 50_000


def settings(players: int, rounds: int) -> GeneratorSettings:
    return GeneratorSettings(players=players, rounds=rounds, forfeit_rate=0.02, double_forfeit_rate=0.01,
                             unusual_rate=0.01, full_bye_rate=0.005, late_entries=0.04, withdrawals=0.04)


def pool(jobs: int) -> ProcessPoolExecutor | None:
    return ProcessPoolExecutor(jobs) if jobs > 1 else None


def bench_generate(s: GeneratorSettings, count: int, jobs: int, folder: Path) -> tuple[float, str]:
    start = time.perf_counter()
    ex = pool(jobs)
    failed = 0
    try:
        for g in generate_many(s, count, 1, executor=ex):
            if g.text is None:  # the field ran out of opponents (Art. 1.9.3): counted, not written
                failed += 1
                continue
            (folder / f"rtg-{g.index:05d}.trf").write_text(g.text, encoding="utf-8")
    finally:
        if ex is not None:
            ex.shutdown()
    return time.perf_counter() - start, f"{count - failed} written, {failed} could not be generated"


BBP_CONFIG = "PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage=30\nForfeitRate=40\n" \
             "RetiredRate=150\nHalfPointByeRate=40\n"


def _bbp_check_one(path: str) -> int:
    """Lines of ``bbpPairings -c`` on ``path`` other than its ``Round #N`` headers: 0 when every
    round is paired as bbpPairings pairs it."""
    out = subprocess.run([BBP, "--dutch", path, "-c"], capture_output=True, text=True, check=False).stdout
    return sum(1 for line in out.splitlines() if line.strip() and "Round #" not in line)


def bench_bbp_check(folder: Path, jobs: int) -> tuple[float, str]:
    files = sorted(str(p) for p in folder.glob("rtg-*.trf"))
    start = time.perf_counter()
    ex = pool(jobs)
    try:
        lines = list(map(_bbp_check_one, files)) if ex is None else list(ex.map(_bbp_check_one, files))
    finally:
        if ex is not None:
            ex.shutdown()
    return time.perf_counter() - start, f"{sum(1 for n in lines if n)} file(s) with a round paired otherwise"


def _bbp_one(config: str, out: str, seed: int) -> None:
    subprocess.run([BBP, "--dutch", "-g", config, "-o", out, "-s", str(seed)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def bench_bbp_generate(players: int, rounds: int, count: int, jobs: int, folder: Path) -> tuple[float, str]:
    """bbpPairings' random tournament generator (``-g``), ``jobs`` engine processes at a time."""
    config = folder / "rtg.cfg"
    config.write_text(BBP_CONFIG.format(players=players, rounds=rounds), encoding="ascii")
    start = time.perf_counter()
    ex = pool(jobs)
    jobs_ = [(str(config), str(folder / f"bbp-{i:05d}.trf"), i) for i in range(1, count + 1)]
    try:
        if ex is None:
            for job in jobs_:
                _bbp_one(*job)
        else:
            list(ex.map(_bbp_one, *zip(*jobs_)))
    finally:
        if ex is not None:
            ex.shutdown()
    config.unlink()
    return time.perf_counter() - start, f"{len(list(folder.glob('bbp-*.trf')))} written"


def bench_check(folder: Path, jobs: int) -> tuple[float, str]:
    start = time.perf_counter()
    ex = pool(jobs)
    try:
        s = summarize(check_files([folder], executor=ex))
    finally:
        if ex is not None:
            ex.shutdown()
    note = (f"{s.rounds} rounds, {s.discrepant_rounds} discrepant, rank columns {s.standings_checked} checked / "
            f"{s.standings_discrepant} discrepant")
    return time.perf_counter() - start, note


def bench_conformance(s: GeneratorSettings, count: int, jobs: int, engine: str) -> tuple[float, str]:
    start = time.perf_counter()
    ex = pool(jobs)
    total = Summary()
    try:
        for run in conformance(s, count, 1, EngineCommand(engine), executor=ex):
            total.add(run)
    finally:
        if ex is not None:
            ex.shutdown()
    note = (f"{total.rounds} rounds, {total.different} different, engine {total.engine_seconds:.1f} s "
            f"of process time")
    return time.perf_counter() - start, note


def cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the pool's, the engine's)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def show(stage: str, jobs: int, count: int, seconds: float, cpu_seconds: float,
         note: str = "") -> tuple[float, float]:
    """Wall-clock rate, and the rate an idle machine with ``jobs`` free cores would reach from the
    CPU time (an estimate: the machine is shared), both with the time 50,000 would take."""
    per_minute = count / seconds * 60
    idle = count / (cpu_seconds / jobs) * 60
    print(f"{stage:<12} {jobs:>5} {count:>6} {seconds:>9.1f} {per_minute:>10.1f} {TARGET / per_minute / 60:>10.1f} "
          f"{cpu_seconds:>9.1f} {idle:>10.1f} {TARGET / idle / 60:>10.1f}   {note}", flush=True)
    return per_minute, idle


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--count", type=int, default=8, help="tournaments per run")
    ap.add_argument("--jobs", default="1,2", help="process counts to time, e.g. 1,2")
    ap.add_argument("--engine", default=None, help="'CMD {input} {output}' for the conformance stage")
    args = ap.parse_args()
    engine = args.engine or (f"{BBP} --dutch {{input}} -p {{output}}" if os.path.exists(BBP) else None)
    s = settings(args.players, args.rounds)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.players} players x {args.rounds} rounds, {args.count} tournaments per run; "
          f"{os.cpu_count()} cores, load average {load:.1f}")
    print(f"{'stage':<12} {'procs':>5} {'count':>6} {'wall s':>9} {'per min':>10} {'50,000 h':>10} "
          f"{'cpu s':>9} {'idle/min':>10} {'50,000 h':>10}")
    best: dict[str, tuple[float, float, int]] = {}  # direction -> (a minute seen, idle estimate, processes)

    def record(direction: str, rates: tuple[float, float], jobs: int) -> None:
        if rates[0] > best.get(direction, (0.0, 0.0, 0))[0]:
            best[direction] = (*rates, jobs)

    for jobs in (int(x) for x in args.jobs.split(",")):
        folder = Path(tempfile.mkdtemp(prefix="bench-rtg-"))
        try:
            c0 = cpu()
            gen_s, note = bench_generate(s, args.count, jobs, folder)
            gen_cpu = cpu() - c0
            show("generate", jobs, args.count, gen_s, gen_cpu, note)
            c0 = cpu()
            check_s, note = bench_check(folder, jobs)
            check_cpu = cpu() - c0
            show("check", jobs, args.count, check_s, check_cpu, note)
            record("ours, our checker", show("gen+check", jobs, args.count, gen_s + check_s, gen_cpu + check_cpu),
                   jobs)
            if os.path.exists(BBP):
                c0 = cpu()
                bc_s, note = bench_bbp_check(folder, jobs)
                bc_cpu = cpu() - c0
                show("bbp -c", jobs, args.count, bc_s, bc_cpu, note)
                record("ours, bbp's checker", show("gen+bbp -c", jobs, args.count, gen_s + bc_s, gen_cpu + bc_cpu),
                       jobs)
            if engine is not None:
                c0 = cpu()
                seconds, note = bench_conformance(s, args.count, jobs, engine)
                record("ours, bbp pairs", show("conformance", jobs, args.count, seconds, cpu() - c0, note), jobs)
            if os.path.exists(BBP):
                theirs = folder / "bbp"
                theirs.mkdir()
                c0 = cpu()
                bgen_s, note = bench_bbp_generate(args.players, args.rounds, args.count, jobs, theirs)
                bgen_cpu = cpu() - c0
                show("bbp-rtg", jobs, args.count, bgen_s, bgen_cpu, note)
                c0 = cpu()
                bcheck_s, note = bench_check(theirs, jobs)
                bcheck_cpu = cpu() - c0
                show("check bbp", jobs, args.count, bcheck_s, bcheck_cpu, note)
                record("bbp's RTG, our checker", show("bbp+check", jobs, args.count, bgen_s + bcheck_s,
                                                      bgen_cpu + bcheck_cpu), jobs)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    if engine is None:
        print("conformance not timed: give --engine (bbpPairings not found at /tmp/bbp)")
    print(f"{TARGET:,} tournaments per direction (generator, checker), at the best wall-clock rate seen, and "
          f"on as many idle cores (from the CPU time: an estimate):")
    for direction, (rate, idle, jobs) in best.items():
        print(f"  {direction:<24} {rate:>7.1f} a minute on {jobs} process(es): {TARGET / rate / 60:>6.1f} h seen, "
              f"{TARGET / idle / 60:>6.1f} h idle ({idle:.1f} a minute)")


if __name__ == "__main__":
    main()
