"""Time the pairings checker on every round of a generated tournament.

    python bench/check.py                          # 300 players x 11 rounds (engine=False),
                                                   # 100 players x 11 rounds (engine=True)
    python bench/check.py --players 300 --rounds 11 --engine-players 100
    python bench/check.py --file ../shared/corpus/dutch-2026/tournaments/dev-0180-n300-r8.trf
    python bench/check.py --file ../shared/corpus/real/karlmala2005.trf --total-rounds 9 \
        --rules 2017 --engine auto --process
    python bench/check.py --file ../shared/corpus/real/karlmala2005.trf --total-rounds 9 \
        --peer /path/to/bbpPairings.exe --runs 3

``--peer`` times ``arbiter check FILE --json`` and ``bbpPairings.exe --dutch FILE -c`` in fresh
processes, alternately, and prints the least CPU time of each and their ratio.

``--file`` checks one file (``--rules``: the edition, default the file's; ``--engine``: off,
on, or ``auto`` as ``arbiter check`` decides; ``--total-rounds`` as ``arbiter check --rounds``)
and prints each round's CPU seconds and findings; ``--process`` also runs ``arbiter check`` on
it in a fresh process and prints that process's CPU time (start-up, parsing and output
included).  The columns are CPU seconds of this process (``time.process_time``): the machine
may be shared, and CPU time is what a check costs.

The tournament is made by the generator (``arbiter generate``: every round paired by this
engine, results from ratings), so every round is a correct pairing and the checker does its full
work: absolute and colour checks, then the local search (two-board re-pairings and PAB moves,
repeated) that finds no better candidate, through the file's system as ``arbiter check`` runs it
(:meth:`systems.base.PairingSystem.check`).  ``engine=False`` times the checker alone;
``engine=True`` adds the pairing engine's pairing as one more candidate (so it includes one
``pair_round`` per round); the smaller tournament is timed both ways.  Each round is checked
once per mode.  ``--file`` skips generating.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
import systems  # noqa: E402
from verify.generate import GeneratorSettings, generate  # noqa: E402
from trf.model import Tournament  # noqa: E402


def tournament(players: int, rounds: int, seed: int) -> Tournament:
    t0 = time.perf_counter()
    t = generate(GeneratorSettings(players=players, rounds=rounds, seed=seed),
                 progress=lambda r: print(f"  generating {players}x{rounds}: round {r}", file=sys.stderr))
    print(f"generated {players} players x {rounds} rounds (seed {seed}) in {time.perf_counter() - t0:.1f}s")
    return t


def time_rounds(t: Tournament, engines: tuple[bool | None, ...], label: str, total_rounds: int | None = None,
                rules: str | None = None) -> None:
    """Check every round once per value of ``engine``; one column of CPU seconds each."""
    print(f"\n{label}: {len(t.players)} players, {t.rounds_paired} rounds")
    heads = "".join(f"{'engine=' + str(e):>14}" for e in engines)
    print(f"{'round':>6} {'players':>8} {'boards':>7}{heads} {'ok':>4}")
    totals = [0.0] * len(engines)
    flagged = []
    sel = systems.select(t, edition=rules)
    for rnd in range(1, t.rounds_paired + 1):
        times = []
        ok = True
        for k, engine in enumerate(engines):
            t1 = time.process_time()
            rep = sel.system.check(t, [rnd], sel, systems.CheckRequest(engine=engine, total_rounds=total_rounds))[0]
            dt = time.process_time() - t1
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


def time_process(path: Path, total_rounds: int | None, rules: str | None) -> float:
    """``arbiter check`` on ``path`` in a fresh process: its CPU time, start-up included."""
    cmd = [sys.executable, "-m", "arbiter", "check", str(path), "--json"]
    if total_rounds:
        cmd += ["--rounds", str(total_rounds)]
    if rules:
        cmd += ["--rules", rules]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - w0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"\narbiter check {path.name}{' --rounds ' + str(total_rounds) if total_rounds else ''}"
          f"{' --rules ' + rules if rules else ''}: {used:.1f} s CPU, {wall:.1f} s wall, exit {done.returncode}")
    return used


def time_peer(path: Path, peer: Path) -> float | None:
    """bbpPairings' checker (``--dutch FILE -c``) on ``path`` in a fresh process: its CPU time
    (None when it cannot be run)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run([str(peer), "--dutch", str(path), "-c"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
    except OSError as exc:
        print(f"bbpPairings could not be run: {exc}")
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def beside_peer(path: Path, total_rounds: int | None, rules: str | None, peer: Path, runs: int) -> None:
    """``arbiter check`` and bbpPairings' ``-c`` on the same file, alternately ``runs`` times each
    (the machine may be shared: the least CPU time of each is printed, and their ratio)."""
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(runs):
        ours.append(time_process(path, total_rounds, rules))
        got = time_peer(path, peer)
        if got is not None:
            theirs.append(got)
    line = f"\n{path.name}: arbiter check {min(ours):.2f} s CPU (least of {runs})"
    if theirs:
        line += f", bbpPairings -c {min(theirs):.2f} s; ratio {min(ours) / min(theirs):.2f}"
    print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--engine-players", type=int, default=100,
                    help="size of the tournament checked with engine=True (0: skip)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--file", type=Path, help="check this TRF file instead of generating one")
    ap.add_argument("--rules", help="with --file: the edition of the file's system (default: the file's)")
    ap.add_argument("--engine", choices=("off", "on", "auto"), default="off",
                    help="with --file: the engine candidate (auto: as arbiter check decides)")
    ap.add_argument("--total-rounds", type=int, help="with --file: as arbiter check --rounds")
    ap.add_argument("--process", action="store_true", help="with --file: also time arbiter check in a fresh process")
    ap.add_argument("--peer", type=Path, metavar="BBP",
                    help="with --file: only time arbiter check and bbpPairings' -c (this executable) on it, "
                         "in fresh processes, alternately")
    ap.add_argument("--runs", type=int, default=3, help="with --peer: runs of each (the least is printed)")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}")
    if args.file and args.peer:
        beside_peer(args.file, args.total_rounds, args.rules, args.peer, args.runs)
        return
    if args.file:
        t = trf.parse_file(args.file).tournament
        engine = {"off": False, "on": True, "auto": None}[args.engine]
        time_rounds(t, (engine,), str(args.file), args.total_rounds, args.rules)
        if args.process:
            time_process(args.file, args.total_rounds, args.rules)
        return
    time_rounds(tournament(args.players, args.rounds, args.seed), (False,), "checker only")
    if args.engine_players:
        t = tournament(args.engine_players, args.rounds, args.seed)
        time_rounds(t, (False, True), "checker alone, and with the engine candidate")


if __name__ == "__main__":
    main()
