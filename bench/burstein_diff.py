"""Differential bench: the Burstein system (C.04.4.2, 2026; the system ``burstein``) against
py4swiss (``py4swiss -t CUT.trf -e burstein -p OUT``, the one public engine that targets the 2026
text; its author calls it "not mature") on fresh random tournaments, round by round.

    python bench/burstein_diff.py --out DIR [--count N] [--seed S] [--min-players A] [--max-players B]
                                  [--workers W] [--py4swiss PATH] [--json FILE]

Tournament ``i`` is made by the project's generator (:mod:`verify.generate`, the system
``burstein``: the seeding rounds by the Dutch system through the registry, the later ones by our
engine) from the seed ``S * 1000 + i``: a number of players uniform in ``[A, B]``, 5-11 rounds, the
generator's default byes and forfeits.  Each round after the seeding rounds is cut before it and
paired by py4swiss; our pairing is the file's round (our engine made it on the same cut).  The
two are compared as sets of games (players and colours) and the PAB.  A difference is kept in
``DIR/diffs/tNNNN-rRR/`` (``cut.trf``, ``ours.txt``, ``theirs.txt``, ``judgement.json``: py4swiss'
pairing written into the round and judged by the project's checker, which names the first rule
it breaks) and classified by kind: ``pab`` (another PAB), ``pairs`` (other games), ``colours``
(the same games, other colours), ``theirs-none`` (py4swiss gave no pairing).  The checker also
judges each of our rounds (a finding there is our bug: ``checker_dissents``).

The summary (printed, and with ``--json``): tournaments, rounds compared, identical, different by
kind and by the checker's first finding against py4swiss' pairing.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PY4SWISS = "/work/scratch/py4swiss-venv/bin/py4swiss"


def _read_theirs(path: Path) -> tuple[list[tuple[int, int]], int | None] | None:
    try:
        lines = [ln.split() for ln in path.read_text().splitlines() if ln.strip()]
    except OSError:
        return None
    if not lines:
        return None
    boards, bye = [], None
    for parts in lines[1:]:
        w, b = int(parts[0]), int(parts[1])
        if b == 0:
            bye = w
        else:
            boards.append((w, b))
    return boards, bye


def one(index: int, seed: int, lo: int, hi: int, out: str, py4swiss: str) -> dict[str, Any]:
    import systems
    import trf
    from systems.base import CheckRequest
    from trf.edit import cut_to_round, with_pairing
    from verify.generate import GeneratorSettings, generate

    rng = random.Random(seed * 1000 + index)
    players, rounds = rng.randint(lo, hi), rng.randint(5, 11)
    rounds = min(rounds, players - 1)
    from pairing.result import NoLegalPairing

    while True:  # a small field may run out of opponents (C1, C3): fewer rounds then
        try:
            t = generate(GeneratorSettings(players=players, rounds=rounds, seed=seed * 1000 + index,
                                           system="burstein"))
            break
        except NoLegalPairing:
            rounds -= 1
    sel = systems.select(t, system="burstein")
    seeding = min(rounds // 2, 4)
    got: dict[str, Any] = {"index": index, "players": players, "rounds": rounds, "compared": 0, "same": 0,
                           "kinds": Counter(), "verdicts": Counter(), "dissents": 0}
    for r in range(seeding + 1, t.rounds_paired + 1):
        cut = cut_to_round(t, r)
        ours_boards = tuple((g.white, g.black) for g in t.games(r))
        ours_bye = next((b.player for b in t.byes(r) if b.kind.name == "PAIRING_ALLOCATED_BYE"), None)
        ours_check = sel.system.check(t, [r], sel, CheckRequest(engine=False))[0]
        if not ours_check.ok:
            got["dissents"] += 1
        with tempfile.TemporaryDirectory() as tmp:
            cpath, opath = Path(tmp) / "cut.trf", Path(tmp) / "out.txt"
            cpath.write_text(trf.dumps(cut), encoding="utf-8")
            try:
                subprocess.run([py4swiss, "-t", str(cpath), "-e", "burstein", "-p", str(opath)], capture_output=True,
                               timeout=300, check=False)
            except subprocess.TimeoutExpired:
                pass
            theirs = _read_theirs(opath)
        got["compared"] += 1
        if theirs is None:
            got["kinds"]["theirs-none"] += 1
            continue
        tb, tbye = theirs
        if set(tb) == set(ours_boards) and tbye == ours_bye:
            got["same"] += 1
            continue
        if tbye != ours_bye:
            kind = "pab"
        elif {frozenset(x) for x in tb} != {frozenset(x) for x in ours_boards}:
            kind = "pairs"
        else:
            kind = "colours"
        got["kinds"][kind] += 1
        try:
            alt = with_pairing(cut, r, tb, tbye)
            verdict = sel.system.check(alt, [r], sel, CheckRequest(engine=False))[0]
            first = verdict.findings[0] if verdict.findings else None
            label = f"{first.criterion}" if first else "conforms"
        except Exception as exc:  # a pairing the file cannot hold: recorded as such
            first, label = None, f"unreadable: {type(exc).__name__}"
        got["verdicts"][f"{kind}:{label}"] += 1
        d = Path(out) / "diffs" / f"t{index:04d}-r{r:02d}"
        d.mkdir(parents=True, exist_ok=True)
        (d / "cut.trf").write_text(trf.dumps(cut), encoding="utf-8")
        (d / "ours.txt").write_text("\n".join(f"{w} {b}" for w, b in ours_boards) + (f"\n{ours_bye} 0" if ours_bye else "") + "\n")
        (d / "theirs.txt").write_text("\n".join(f"{w} {b}" for w, b in tb) + (f"\n{tbye} 0" if tbye else "") + "\n")
        (d / "judgement.json").write_text(json.dumps({"kind": kind, "theirs_first_finding":
                                                      first.as_dict() if first else None}, indent=1))
    got["kinds"], got["verdicts"] = dict(got["kinds"]), dict(got["verdicts"])
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-players", type=int, default=8)
    ap.add_argument("--max-players", type=int, default=40)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--py4swiss", default=PY4SWISS)
    ap.add_argument("--json")
    a = ap.parse_args()
    Path(a.out).mkdir(parents=True, exist_ok=True)
    total: dict[str, Any] = {"tournaments": 0, "compared": 0, "same": 0, "kinds": Counter(), "verdicts": Counter(),
                             "checker_dissents": 0}
    with ProcessPoolExecutor(a.workers) as ex:
        futs = [ex.submit(one, i, a.seed, a.min_players, a.max_players, a.out, a.py4swiss) for i in range(a.count)]
        for fut in futs:
            g = fut.result()
            total["tournaments"] += 1
            total["compared"] += g["compared"]
            total["same"] += g["same"]
            total["checker_dissents"] += g["dissents"]
            total["kinds"].update(g["kinds"])
            total["verdicts"].update(g["verdicts"])
    total["kinds"], total["verdicts"] = dict(total["kinds"]), dict(total["verdicts"])
    text = json.dumps(total, indent=1, sort_keys=True)
    print(text)
    if a.json:
        Path(a.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
