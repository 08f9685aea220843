"""Differential bench: the Dubov system (C.04.4.1, 2026; the system ``dubov``) against
CPPDubovSystem (``CPPDubovSystem --pairings CUT.trf --output OUT.csv``, built from its snapshot
with cmake; its authors tested it with a member of FIDE's pairing commission) and, with
``--py4swiss``, py4swiss' ``dubov`` engine, on fresh random tournaments, round by round.

    python bench/dubov_diff.py --out DIR --cpp PATH [--count N] [--seed S] [--min-players A]
                               [--max-players B] [--workers W] [--py4swiss PATH] [--json FILE]

Tournament ``i`` is made by the project's generator (:mod:`verify.generate`, the system
``dubov``: our engine pairs every round) from the seed ``S * 1000 + i``: a number of players
uniform in ``[A, B]``, 5-9 rounds, forfeits in 0, 2 or 5 % of the games and no requested byes
(CPPDubovSystem reads no absence declared for the round to pair: it would pair the absentees).  Each round is cut
before it and written as CPPDubovSystem reads a file (TRF-16 player lines padded to 90 columns;
only the records 012, 042, 052, 092, XXR and XXC: it stops on others) and paired by it; our
pairing is the file's round (our engine made it on the same cut).  The two are compared as sets
of games (players and colours) and the PAB.  A difference is kept in ``DIR/diffs/tNNNN-rRR/``
(``cut.trf``, ``ours.txt``, ``theirs.txt``, ``judgement.json``: their pairing written into the
round and judged by the project's checker, which names the first rule it breaks) and classified
by kind: ``pab`` (another PAB), ``pairs`` (other games), ``colours`` (the same games, other
colours), ``theirs-none`` (no pairing: a crash, a refusal).  With ``--py4swiss`` the third
engine's pairing is recorded too, and whether it sides with us or with CPPDubovSystem.  The
checker also judges each of our rounds (a finding there is our bug: ``checker_dissents``).

The summary (printed, and with ``--json``): tournaments, rounds compared, identical, different by
kind and by the checker's first finding against their pairing, and the third engine's side.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CPP = "/work/scratch/dubov/cpp/build/CPPDubovSystem"
PY4SWISS = "/work/scratch/py4swiss-venv/bin/py4swiss"
KEEP = ("001", "012", "042", "052", "092", "XXR", "XXC")

Pairing = tuple[frozenset[tuple[int, int]], Optional[int]]


def for_cpp(text: str) -> str:
    """A cut file as CPPDubovSystem reads it (module docstring)."""
    out = []
    for line in text.splitlines():
        if not line.startswith(KEEP):
            continue
        out.append(line.ljust(90) if line.startswith("001") else line)
    return "\n".join(out) + "\n"


def run_cpp(cpp: str, cut_text: str) -> Optional[Pairing]:
    with tempfile.TemporaryDirectory() as tmp:
        cpath, opath = Path(tmp) / "cut.trf", Path(tmp) / "out.csv"
        cpath.write_text(for_cpp(cut_text), encoding="utf-8")
        try:
            subprocess.run([cpp, "--pairings", str(cpath), "--output", str(opath)], capture_output=True, timeout=120,
                           check=False)
            lines = opath.read_text().splitlines()[1:]
        except (subprocess.TimeoutExpired, OSError):
            return None
    boards, bye = set(), None
    for ln in lines:
        w, b = (int(x) for x in ln.split(","))
        if b == -1:
            bye = w
        else:
            boards.add((w, b))
    return (frozenset(boards), bye) if boards or bye else None


def run_py4swiss(py4swiss: str, cut_text: str) -> Optional[Pairing]:
    with tempfile.TemporaryDirectory() as tmp:
        cpath, opath = Path(tmp) / "cut.trf", Path(tmp) / "out.txt"
        cpath.write_text(for_cpp(cut_text), encoding="utf-8")
        try:
            subprocess.run([py4swiss, "-t", str(cpath), "-e", "dubov", "-p", str(opath)], capture_output=True,
                           timeout=300, check=False)
            lines = [ln.split() for ln in opath.read_text().splitlines() if ln.strip()][1:]
        except (subprocess.TimeoutExpired, OSError):
            return None
    boards, bye = set(), None
    for parts in lines:
        w, b = int(parts[0]), int(parts[1])
        if b == 0:
            bye = w
        else:
            boards.add((w, b))
    return (frozenset(boards), bye) if boards or bye else None


def one(index: int, seed: int, lo: int, hi: int, out: str, cpp: str, py4swiss: Optional[str]) -> dict[str, Any]:
    import systems
    import trf
    from pairing.result import NoLegalPairing
    from systems.base import CheckRequest
    from trf.edit import cut_to_round, with_pairing
    from verify.generate import GeneratorSettings, generate

    rng = random.Random(seed * 1000 + index)
    players, rounds = rng.randint(lo, hi), rng.randint(5, 9)
    forfeits = rng.choice((0.0, 0.0, 0.02, 0.05))
    rounds = min(rounds, players - 1)
    while True:  # a small field may run out of opponents (C1, C3): fewer rounds then
        try:
            t = generate(GeneratorSettings(players=players, rounds=rounds, seed=seed * 1000 + index, system="dubov",
                                           half_bye_rate=0.0, zero_bye_rate=0.0, forfeit_rate=forfeits))
            break
        except NoLegalPairing:
            rounds -= 1
    sel = systems.select(t, system="dubov")
    got: dict[str, Any] = {"index": index, "players": players, "rounds": rounds, "compared": 0, "same": 0,
                           "kinds": Counter(), "verdicts": Counter(), "third": Counter(), "dissents": 0}
    for r in range(1, t.rounds_paired + 1):
        cut = cut_to_round(t, r)
        ours: Pairing = (frozenset((g.white, g.black) for g in t.games(r)),
                         next((b.player for b in t.byes(r) if b.kind.name == "PAIRING_ALLOCATED_BYE"), None))
        if not sel.system.check(t, [r], sel, CheckRequest(engine=False))[0].ok:
            got["dissents"] += 1
        text = trf.dumps(cut)
        theirs = run_cpp(cpp, text)
        got["compared"] += 1
        if theirs is None:
            got["kinds"]["theirs-none"] += 1
            continue
        if theirs == ours:
            got["same"] += 1
            continue
        tb, tbye = theirs
        if tbye != ours[1]:
            kind = "pab"
        elif {frozenset(x) for x in tb} != {frozenset(x) for x in ours[0]}:
            kind = "pairs"
        else:
            kind = "colours"
        got["kinds"][kind] += 1
        try:
            alt = with_pairing(cut, r, sorted(tb), tbye)
            verdict = sel.system.check(alt, [r], sel, CheckRequest(engine=False))[0]
            first = verdict.findings[0] if verdict.findings else None
            label = f"{first.criterion}" if first else "conforms"
        except Exception as exc:  # a pairing the file cannot hold: recorded as such
            first, label = None, f"unreadable: {type(exc).__name__}"
        got["verdicts"][f"{kind}:{label}"] += 1
        side = "not run"
        if py4swiss:
            third = run_py4swiss(py4swiss, text)
            side = "none" if third is None else "ours" if third == ours else "theirs" if third == theirs else "neither"
            got["third"][side] += 1
        d = Path(out) / "diffs" / f"t{index:04d}-r{r:02d}"
        d.mkdir(parents=True, exist_ok=True)
        (d / "cut.trf").write_text(text, encoding="utf-8")
        for name, (bs, bye) in (("ours", ours), ("theirs", theirs)):
            (d / f"{name}.txt").write_text("".join(f"{w} {b}\n" for w, b in sorted(bs)) + (f"{bye} 0\n" if bye else ""))
        (d / "judgement.json").write_text(json.dumps({"kind": kind, "py4swiss": side, "theirs_first_finding":
                                                      first.as_dict() if first else None}, indent=1))
    for k in ("kinds", "verdicts", "third"):
        got[k] = dict(got[k])
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--cpp", default=CPP)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-players", type=int, default=8)
    ap.add_argument("--max-players", type=int, default=40)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--py4swiss", nargs="?", const=PY4SWISS, default=None)
    ap.add_argument("--json")
    a = ap.parse_args()
    Path(a.out).mkdir(parents=True, exist_ok=True)
    total: dict[str, Any] = {"tournaments": 0, "compared": 0, "same": 0, "kinds": Counter(), "verdicts": Counter(),
                             "third": Counter(), "checker_dissents": 0}
    with ProcessPoolExecutor(a.workers) as ex:
        futs = [ex.submit(one, i, a.seed, a.min_players, a.max_players, a.out, a.cpp, a.py4swiss)
                for i in range(a.count)]
        for fut in futs:
            g = fut.result()
            total["tournaments"] += 1
            total["compared"] += g["compared"]
            total["same"] += g["same"]
            total["checker_dissents"] += g["dissents"]
            for k in ("kinds", "verdicts", "third"):
                total[k].update(g[k])
    for k in ("kinds", "verdicts", "third"):
        total[k] = dict(total[k])
    text = json.dumps(total, indent=1, sort_keys=True)
    print(text)
    if a.json:
        Path(a.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
