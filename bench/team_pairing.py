"""Time the Swiss Team Pairing System engine (C.04.6) on a round of a generated team event, beside
FIDE's reference engine (gacrux) on the same file.

    python bench/team_pairing.py                              # 200 teams, round 6 of 9, Type A/B, MP/GP
    python bench/team_pairing.py --teams 100,200,400 --played 5 --codes FIDE_TEAM_TYPEB_MP_GP
    python bench/team_pairing.py --gacrux /path/to/venv/bin/python --keep /tmp/team-bench

Each event is made by :func:`verify.teamgen.random_team_event` (rounds 1..P paired by this engine,
board results from ratings, 2% of matches forfeited, seeded), then round P + 1 is paired.  Columns:

* ``pair``: CPU time of ``pair_team_round`` for that round in this process (best of ``--repeat``;
  the file already read);
* ``cli``: whole-process CPU time of ``arbiter pair FILE --format bbp`` (start-up, reading,
  pairing, printing);
* ``gacrux``: whole-process CPU time of ``python -m gacrux.pairingchecker -i FILE -p -d B`` (the
  Python given by ``--gacrux``, default this one; skipped when it has no gacrux), and whether its
  pairing (teams and colours) is ours.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from pairing.team import pair_team_round  # noqa: E402
from verify.teamgen import TeamGenSettings, random_team_event  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def child_cpu(cmd: list[str], cwd: Path | None = None) -> tuple[float, str]:
    """Run ``cmd``; its CPU time (user + system) and standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=cwd,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out.stdout


def has_gacrux(python: str) -> bool:
    return subprocess.run([python, "-c", "import gacrux"], capture_output=True, check=False).returncode == 0


def pairing_lines(text: str) -> set[str]:
    """The ``White Black`` lines of a ``-p`` output (the count line dropped)."""
    rows = [x.strip() for x in text.splitlines() if x.strip()]
    return set(rows[1:]) if rows and rows[0].isdigit() else set()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teams", default="200", help="comma-separated numbers of teams (default 200)")
    ap.add_argument("--played", type=int, default=5, help="rounds played before the one timed (default 5)")
    ap.add_argument("--total", type=int, default=9, help="rounds of the event (default 9)")
    ap.add_argument("--codes", default="FIDE_TEAM_TYPEA_MP_GP,FIDE_TEAM_TYPEB_MP_GP,FIDE_TEAM_TYPEA_GP_MP",
                    help="192 codes, comma-separated")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--gacrux", default=sys.executable, help="the Python that has gacrux installed")
    ap.add_argument("--keep", type=Path, help="keep the generated files here")
    args = ap.parse_args()
    use_gacrux = has_gacrux(args.gacrux)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="team-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    rnd = args.played + 1
    print(f"round {rnd} of {args.total}, seed {args.seed}; CPU seconds; gacrux "
          f"{'at ' + args.gacrux if use_gacrux else 'not installed'}")
    head = f"{'teams':>6} {'192':<24} {'generate':>8} {'pair':>7} {'cli':>7}"
    if use_gacrux:
        head += f" {'gacrux':>7} {'same':>5}"
    print(head)
    for n in [int(x) for x in args.teams.split(",")]:
        for code in args.codes.split(","):
            t0 = time.process_time()
            text, _, _ = random_team_event(TeamGenSettings(teams=n, rounds=args.played, total=args.total,
                                                           seed=args.seed, code=code, forfeit_rate=0.02))
            gen = time.process_time() - t0
            path = folder / f"team-{n}-{code.lower()}-r{rnd}.trf"
            path.write_text(text, encoding="utf-8")
            t = trf.parse_file(path).tournament
            best = float("inf")
            ours: set[str] = set()
            for _ in range(args.repeat):
                t0 = time.process_time()
                got = pair_team_round(t, rnd).pairing
                best = min(best, time.process_time() - t0)
                ours = {f"{w} {b}" for w, b in got.boards} | ({f"{got.bye} 0"} if got.bye is not None else set())
            cli_cpu, cli_out = child_cpu([sys.executable, "-m", "arbiter", "pair", str(path), "--format", "bbp"])
            assert pairing_lines(cli_out) == ours, "arbiter pair printed another pairing"
            row = f"{n:>6} {code:<24} {gen:>8.2f} {best:>7.3f} {cli_cpu:>7.2f}"
            if use_gacrux:
                g_cpu, g_out = child_cpu([args.gacrux, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-d", "B"],
                                         cwd=folder)
                row += f" {g_cpu:>7.2f} {'yes' if pairing_lines(g_out) == ours else 'NO':>5}"
            print(row, flush=True)


if __name__ == "__main__":
    main()
