"""Time the Dutch pairer on the last round of generated tournaments of growing size.

    python bench/pair.py                                  # 50 .. 1,600 players, last round of 9
    python bench/pair.py --sizes 50,100,200 --repeat 3
    python bench/pair.py --keep /tmp/bench-files          # keep the generated TRF files
    python bench/pair.py --rules 2017 --sizes 295 --bbp PATH/bbpPairings.exe   # the 2017 edition beside bbpPairings v5

Each tournament is made by the generator (``arbiter generate``: rounds 1..R-1 paired by this
engine, results from ratings, seeded), then round R is paired.  Columns:

* ``pair``: CPU time of ``pair_round`` for round R in this process (best of ``--repeat``);
* ``matchings``: weighted matchings it computed (and ``solves``, the stages' requests);
* ``process``: whole-process CPU time of a Python process that reads the file and pairs round R
  (``import trf, pairing.dutch``: start-up, parsing, pairing, printing);
* ``cli``: the same for ``python -m arbiter pair FILE --format bbp`` (the installed program's
  entry point, which pairs that command line without the command-line framework,
  :mod:`arbiter.launch`);
* ``gacrux``: whole-process CPU time of ``python -m gacrux.pairingchecker -i FILE -p -n R -m dutch``
  on the same file (only when gacrux is installed: ``pip install '.[bench]'``), the ratio
  gacrux / process, and whether gacrux's pairing is ours;
* ``bbp``: whole-process CPU time of bbpPairings (``--dutch FILE -p OUT``, the endorsed C++
  engine) on the same file, when it is built (``--bbp PATH``, default /tmp/bbp/bbpPairings.exe),
  and whether its pairing is ours;
* ``growth``: the exponent k in time ~ players^k between consecutive sizes; the last line fits
  k over all sizes (least squares on the logarithms).

``--worst`` pairs *every* round of whole generated events instead (the worst round, not the
last one, decides whether an arbiter waits)::

    python bench/pair.py --worst                                   # 200, 800, 1,600, 3,000 players
    python bench/pair.py --worst --sizes 200,800 --seeds 7,8,9 --keep /tmp/worst

Each event (``arbiter generate --players N --rounds R --seed S``, run as a child process so that
the generator's memory is not this process's; reused from ``--keep``) is cut before each round
(:func:`trf.edit.cut_to_round`) and that round is paired in this process (CPU of
``pair_round``; ``same``: whether it is the pairing the file holds).  Per size and seed: the
worst round, its CPU, the whole-process CPU of pairing it from its file (start-up included), and
gacrux's whole-process CPU on the same file with the ratio gacrux / ours and whether gacrux's
pairing is ours; the same for bbpPairings when it is built (``--bbp``).  ``--rules 2017`` generates
and pairs by the 2017 edition (both modes).  Then the fitted exponent of the worst round's time over the sizes, and the
largest fitted exponent of any one round number (time ~ players^k).
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from pairing.dutch import pair_round  # noqa: E402
from pairing.dutch.state import RoundState  # noqa: E402
from verify.generate import GeneratorSettings, generate  # noqa: E402
from trf.edit import cut_to_round  # noqa: E402
from trf.model import RoundCount  # noqa: E402


def child_cpu(cmd: list[str]) -> tuple[float, str]:
    """Run ``cmd``; its CPU time (user + system) and standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out.stdout


#: the Python that runs gacrux (``--gacrux``; default: this one)
GACRUX_PYTHON = [sys.executable]


def gacrux_available() -> bool:
    return subprocess.run(GACRUX_PYTHON + ["-c", "import gacrux"], capture_output=True, check=False).returncode == 0


def gacrux_pairs(path: Path, rnd: int) -> tuple[float, set[tuple[int, int]] | None]:
    out = path.with_suffix(".gacrux.json")
    cpu, _ = child_cpu([GACRUX_PYTHON[0], "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-n", str(rnd),
                        "-m", "dutch", "-o", str(out)])
    try:
        data = json.loads(out.read_text())
        pairs = {(min(a, b), max(a, b)) for a, b in data["pairingResult"]["pairs"]}
    except (OSError, ValueError, KeyError, TypeError):
        return cpu, None
    return cpu, pairs


PROCESS = """
import sys, trf
from pairing.dutch import pair_round
t = trf.parse_file(sys.argv[1]).tournament
rules = sys.argv[3] if len(sys.argv) > 3 else None
print("\\n".join(pair_round(t, int(sys.argv[2]), rules=rules).bbp_lines()))
"""


def bbp_pairs(exe: str, path: Path) -> tuple[float, set[tuple[int, int]] | None]:
    out = path.with_suffix(".bbp.txt")
    cpu, _ = child_cpu([exe, "--dutch", str(path), "-p", str(out)])
    try:
        lines = out.read_text().split()
        nums = list(map(int, lines[1:]))
    except (OSError, ValueError):
        return cpu, None
    return cpu, {(min(a, b), max(a, b)) for a, b in zip(nums[::2], nums[1::2]) if a and b}


def process_pairs(cmd: list[str]) -> tuple[float, set[tuple[int, int]]]:
    cpu, text = child_cpu(cmd)
    pairs = set()
    for line in text.splitlines()[1:]:
        a, b = map(int, line.split())
        pairs.add((min(a, b), max(a, b)) if b else (a, 0))
    return cpu, pairs


def fit(points: list[tuple[int, float]]) -> float:
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def played_pairs(t: trf.Tournament, rnd: int) -> set[tuple[int, int]]:
    """The games of round ``rnd`` as the file holds them (pairs of starting ranks)."""
    out = set()
    for pl in t.players:
        e = pl.entry(rnd)
        if e is not None and e.opponent is not None:
            out.add((min(pl.start_rank, e.opponent), max(pl.start_rank, e.opponent)))
    return out


def worst_mode(args: argparse.Namespace) -> None:
    """Every round of generated events: per size and seed the worst round beside gacrux."""
    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-worst-"))
    folder.mkdir(parents=True, exist_ok=True)
    use_gacrux = gacrux_available() and not args.no_gacrux
    use_bbp = Path(args.bbp).is_file()
    edition = [args.rules] if args.rules else []
    rounds = args.rounds
    print(f"python {sys.version.split()[0]}; every round of {rounds}; CPU seconds; "
          f"gacrux {'installed' if use_gacrux else 'not installed'}")
    head = f"{'players':>7} {'seed':>5} {'generate':>9} {'worst':>6} {'pair':>7} {'process':>8} {'same':>5}"
    if use_gacrux:
        head += f" {'gacrux':>7} {'ratio':>6} {'same':>5}"
    if use_bbp:
        head += f" {'bbp':>7} {'ratio':>6} {'same':>5}"
    print(head + "  every round")
    worst_by_size: dict[int, float] = {}
    by_round: dict[int, list[tuple[int, float]]] = {}
    for n in (int(x) for x in args.sizes.split(",")):
        for seed in (int(x) for x in args.seeds.split(",")):
            path = folder / f"worst-n{n}-r{rounds}-s{seed}.trf"
            gen = math.nan
            if not path.is_file():
                gen, _ = child_cpu([sys.executable, "-c", "from arbiter.cli import main; main()", "generate",
                                    "--players", str(n), "--rounds", str(rounds), "--seed", str(seed),
                                    *(["--rules", args.rules] if args.rules else []),
                                    "-o", str(path)])
            if not path.is_file():
                print(f"{n:>7} {seed:>5} generation failed")
                continue
            t = trf.parse_file(path).tournament
            times: list[float] = []
            all_same = True
            for rnd in range(1, t.rounds_paired + 1):
                cut = cut_to_round(t, rnd)
                t0 = time.process_time()
                pairing = pair_round(cut, rnd, rules=args.rules)
                times.append(time.process_time() - t0)
                all_same &= {(min(a, b), max(a, b)) for a, b in pairing.boards} == played_pairs(t, rnd)
                by_round.setdefault(rnd, []).append((n, times[-1]))
            k = max(range(len(times)), key=times.__getitem__)
            rnd = k + 1
            cut_path = folder / f"worst-n{n}-r{rounds}-s{seed}-round{rnd}.trf"
            cut_path.write_text(trf.dumps(cut_to_round(t, rnd)))
            whole, ours = process_pairs([sys.executable, "-c", PROCESS, str(cut_path), str(rnd), *edition])
            mine = {p for p in ours if p[1]}
            worst_by_size[n] = max(worst_by_size.get(n, 0.0), times[k])
            made = f"{gen:>8.1f}s" if gen == gen else f"{'(kept)':>9}"
            line = f"{n:>7} {seed:>5} {made} {rnd:>6} {times[k]:>6.2f}s {whole:>7.2f}s {'yes' if all_same else 'no':>5}"
            if use_gacrux:
                gcpu, gp = gacrux_pairs(cut_path, rnd)
                same = "?" if gp is None else ("yes" if {p for p in gp if p[0] and p[1]} == mine else "no")
                line += f" {gcpu:>6.2f}s {gcpu / whole:>5.1f}x {same:>5}"
            if use_bbp:
                bcpu, bp = bbp_pairs(args.bbp, cut_path)
                same = "?" if bp is None else ("yes" if {p for p in bp if p[1]} == mine else "no")
                line += f" {bcpu:>6.2f}s {bcpu / whole:>5.2f}x {same:>5}"
            print(line + "  " + " ".join(f"{x:.2f}" for x in times), flush=True)
    points = sorted(worst_by_size.items())
    if len(points) > 1:
        print(f"worst round over {points[0][0]}..{points[-1][0]} players: time ~ n^{fit(points):.2f}")
        slopes = {}
        for rnd, pts in by_round.items():
            best: dict[int, float] = {}
            for n, x in pts:
                best[n] = max(best.get(n, 0.0), x)
            if len(best) > 1 and min(best.values()) > 0:
                slopes[rnd] = fit(sorted(best.items()))
        if slopes:
            steep = max(slopes, key=slopes.__getitem__)
            print("per round: " + ", ".join(f"r{r} n^{k:.2f}" for r, k in sorted(slopes.items()))
                  + f" (steepest: round {steep})")
    print(f"files in {folder}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="50,100,200,400,800,1600")
    ap.add_argument("--rounds", type=int, default=9, help="the round paired (rounds 1..R-1 are generated)")
    ap.add_argument("--total", type=int, default=None, help="rounds of the tournament (default: --rounds)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--keep", type=Path, default=None, help="write the generated files here (reused if present)")
    ap.add_argument("--no-gacrux", action="store_true", help="do not time gacrux even if it is installed")
    ap.add_argument("--bbp", default="/tmp/bbp/bbpPairings.exe", help="bbpPairings' executable (timed if present)")
    ap.add_argument("--worst", action="store_true", help="pair every round of whole events (sizes default to "
                    "200,800,1600,3000); print each size's worst round beside gacrux")
    ap.add_argument("--seeds", default="7", help="--worst: the events' seeds, comma-separated")
    ap.add_argument("--rules", default=None, metavar="EDITION",
                    help="the Dutch system's edition the events are generated and paired by (2026, the default, or 2017)")
    ap.add_argument("--gacrux", default=sys.executable, help="the Python interpreter that has gacrux installed")
    args = ap.parse_args()
    GACRUX_PYTHON[0] = args.gacrux
    if args.worst:
        if args.sizes == ap.get_default("sizes"):
            args.sizes = "200,800,1600,3000"
        worst_mode(args)
        return
    total = args.total or args.rounds
    edition = [args.rules] if args.rules else []
    edition_option = ["--rules", args.rules] if args.rules else []
    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-pair-"))
    folder.mkdir(parents=True, exist_ok=True)
    use_gacrux = gacrux_available() and not args.no_gacrux
    use_bbp = Path(args.bbp).is_file()
    print(f"python {sys.version.split()[0]}; round {args.rounds} of {total}; CPU seconds; "
          f"gacrux {'installed' if use_gacrux else 'not installed'}")
    head = (f"{'players':>7} {'generate':>9} {'pair':>7} {'matchings':>9} {'solves':>6} {'growth':>6} {'process':>8}"
            f" {'cli':>7}")
    if use_gacrux:
        head += f" {'gacrux':>7} {'ratio':>6} {'same':>5}"
    if use_bbp:
        head += f" {'bbp':>7} {'ratio':>6} {'same':>5}"
    print(head)
    points: list[tuple[int, float]] = []
    prev: tuple[int, float] | None = None
    for n in (int(x) for x in args.sizes.split(",")):
        path = folder / f"bench-n{n}-r{args.rounds}-of{total}-s{args.seed}.trf"
        gen = math.nan
        if path.is_file():
            t = trf.parse_file(path).tournament
        else:
            t0 = time.process_time()
            t = generate(GeneratorSettings(players=n, rounds=args.rounds - 1, seed=args.seed, rules=args.rules))
            gen = time.process_time() - t0
            t = t.replace_records(tuple(RoundCount(total, "XXR") if isinstance(r, RoundCount) else r
                                        for r in t.records))
            path.write_text(trf.dumps(t))
            t = trf.parse_file(path).tournament
        states: list[RoundState] = []
        original = RoundState.__init__

        def keep(self: RoundState, *a: object, _orig=original, **kw: object) -> None:  # type: ignore[no-untyped-def]
            _orig(self, *a, **kw)
            states.append(self)

        best = math.inf
        RoundState.__init__ = keep  # type: ignore[method-assign]
        try:
            for _ in range(args.repeat):
                t1 = time.process_time()
                pairing = pair_round(t, args.rounds, rules=args.rules)
                best = min(best, time.process_time() - t1)
        finally:
            RoundState.__init__ = original  # type: ignore[method-assign]
        st = states[-1]
        points.append((n, best))
        growth = f"{math.log(best / prev[1]) / math.log(n / prev[0]):.2f}" if prev else "-"
        prev = (n, best)
        whole, ours = process_pairs([sys.executable, "-c", PROCESS, str(path), str(args.rounds), *edition])
        cli, by_cli = process_pairs([sys.executable, "-m", "arbiter", "pair", str(path), *edition_option,
                                     "--format", "bbp"])
        mine = {(min(w, b), max(w, b)) for w, b in pairing.boards}
        assert {p for p in ours if p[1]} == mine == {p for p in by_cli if p[1]}, "the three runs disagree"
        made = f"{gen:>8.1f}s" if gen == gen else f"{'(kept)':>9}"
        line = (f"{n:>7} {made} {best:>6.2f}s {st.matchings:>9} {st.solves:>6} {growth:>6} {whole:>7.2f}s"
                f" {cli:>6.2f}s")
        if use_gacrux:
            gcpu, gp = gacrux_pairs(path, args.rounds)
            same = "?" if gp is None else ("yes" if {p for p in gp if p[0] and p[1]} == mine else "no")
            line += f" {gcpu:>6.2f}s {gcpu / whole:>5.1f}x {same:>5}"
        if use_bbp:
            bcpu, bp = bbp_pairs(args.bbp, path)
            same = "?" if bp is None else ("yes" if bp == mine else "no")
            line += f" {bcpu:>6.2f}s {bcpu / whole:>5.2f}x {same:>5}"
        print(line, flush=True)
    if len(points) > 1:
        print(f"fitted growth over {points[0][0]}..{points[-1][0]} players: time ~ n^{fit(points):.2f}")
    print(f"files in {folder}")


if __name__ == "__main__":
    main()
