"""Differential bench: the Swiss Team Pairing System engine (C.04.6, the system ``team-swiss``)
against FIDE's reference engine (gacrux) on fresh random team tournaments, round by round.

    python bench/team_differential.py --out DIR [--count N] [--seed S] [--min-teams A] [--max-teams B]
                                      [--workers W] [--gacrux PYTHON] [--checker-only] [--heavy]
                                      [--json FILE] [--ids 3,17]

Tournament ``i`` (``0 .. N-1``) is drawn from the seed ``S * 1000 + i``: a number of teams
log-uniform in ``[A, B]``, 5-11 rounds, 4 boards (one in five: 6), the ``192`` code taken in turn
from every variant (Type A, Type B, no colour preference; match or game points first; with and
without a secondary score), the initial colour White or Black, up to 6% of the matches forfeited
(``330``, a fifth of them lost by both teams), up to 3% of the boards of played matches forfeited,
up to 4% of the teams asking for a bye (``240 F/H/Z``) each round, and up to three teams entering
late (:mod:`verify.teamgen`).  Each round is cut before it (the byes announced for it included)
and paired by both engines:

* ours: the registry's system for a team event (``systems.select(t).system.pair``), in the worker
  process (CPU: ``time.process_time`` around reading and pairing);
* gacrux: ``PYTHON -m gacrux.pairingchecker -i CUT -p -d B`` (it prints the number of matches, then
  ``White Black`` a match, the PAB as ``team 0``; it always exits 0, and an error is a line
  ``### Error NNN`` followed by its message; CPU: the child's user + system time).

The two are compared as sets of matches (teams and colours) and the PAB; the tournament goes on
with gacrux's pairing (as the corpus did), with ours when gacrux gives none that can be played (an
error, a team paired twice or left out), and ends when neither gives one.  A difference is kept in
``DIR/diffs/tNNNN-rRR/``: ``cut.trf``, ``ours.txt`` and ``gacrux.txt`` (gacrux's layout) and
``judgement.json``: each pairing judged by the project's checker
(:func:`checker.team.check_pairing` on the cut's team event), which says which one the text
prefers and by which criterion (its first finding).  Its kind is one of ``pab`` (another PAB),
``pairs`` (other pairs), ``colours`` (the same pairs, another board-1 colour), ``teams`` (another
set of teams paired), ``ours-none`` / ``gacrux-none`` (one side found no pairing).

Each finished tournament is saved as ``DIR/results/tNNNN.json``; a run given the same ``--out``
skips those (resumable).  The summary (printed, and with ``--json``): tournaments, rounds
compared, identical, different by kind and by the checker's verdict, gacrux errors, the CPU
seconds of each side.

``--checker-only`` pairs with ours alone (no gacrux) and has the checker judge every round;
in every run the checker also judges each round both engines pair alike, and a round it finds
against is kept in ``DIR/dissents/`` (``checker_dissents`` in the summary).

Figures, on the development machine (2 cores shared with a fuzz run: a worker got about a third
of a core), gacrux 1.11 at ``/work/scratch/gvenv``::

    python bench/team_differential.py --out /tmp/td1 --count 40 --seed 2026 --min-teams 20 --max-teams 200
    python bench/team_differential.py --out /tmp/td1c --count 40 --seed 2026 --min-teams 20 --max-teams 200 \
        --checker-only --workers 1
    python bench/team_differential.py --out /tmp/td2 --count 40 --seed 2027 --min-teams 20 --max-teams 40
    python bench/team_differential.py --out /tmp/td3 --count 20 --seed 2028 --min-teams 20 --max-teams 40 --heavy

=====  ===========  ==================  ========  =========  =========  ======  ==========  ========  =====
run    tournaments  teams (20-49/50-99  rounds    identical  different  gacrux  ours CPU s  gacrux    wall
                    /100-149/150+)      compared                        errors              CPU s     s
=====  ===========  ==================  ========  =========  =========  ======  ==========  ========  =====
td1    40           22-194 (12/13/9/6)  332       332        0          0       21.0        738.0     1,243
td2    40           21-39               343       343        0          0       5.3         158.1     459
td3    20           20-40, heavy        164       164        0          0       2.9         88.6      152
=====  ===========  ==================  ========  =========  =========  ======  ==========  ========  =====

``td1c`` replays td1's 40 events (the same, since every round was identical) with the checker on
every round: 332 rounds, no dissent (95.8 CPU s of checking; 0.5 s a round of 200 teams); the
same replay of td2 (``--checker-only``) and td3's own checking found nothing against their 343
and 164 rounds either.  In all: 100 tournaments, 839 rounds, every
one paired alike by both engines, teams, colours and PAB; every ``192`` variant (the nine codes
of ``CODES`` in turn); 6 boards in 12 of td1/td2's 80 events, initial colour Black in 39, match
forfeits in 54, board forfeits in 53, requested byes in 56, late entries in 55 (td3: all of them
in every event).  A 200-team round costs gacrux 5-10 CPU s and ours 0.1-0.2 s.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Optional

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from a checkout

from verify.teamgen import PairedRound, TeamGenSettings, random_team_event  # noqa: E402

GACRUX = "/work/scratch/gvenv/bin/python"

#: The ``192`` codes taken in turn: preference type x primary score, then the codes without a
#: secondary score and the bare one (Type A, match points then game points).
CODES = ("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP",
         "FIDE_TEAM_TYPEA_GP_MP", "FIDE_TEAM_TYPEB_GP_MP", "FIDE_TEAM_GP_MP",
         "FIDE_TEAM_TYPEA_MP", "FIDE_TEAM_TYPEB_GP", "FIDE_TEAM")


# --------------------------------------------------------------------------- one tournament


@dataclass(frozen=True)
class Side:
    """One engine's answer for a round: its pairing (``None``: none), the error it gave instead,
    its output as printed, and its CPU seconds."""

    pairing: Optional[PairedRound]
    error: Optional[str]
    output: str
    cpu: float


def settings_of(seed: int, index: int, min_teams: int, max_teams: int, heavy: bool = False) -> TeamGenSettings:
    """Tournament ``index`` of a run seeded ``seed`` (module docstring); ``heavy``: 10% of the
    matches forfeited, 5% of the boards, 10% of the teams asking for a bye each round, five late
    teams."""
    rng = random.Random(seed * 1000 + index)
    teams = round(math.exp(rng.uniform(math.log(min_teams), math.log(max_teams))))
    total = rng.randint(5, 11)
    s = TeamGenSettings(
        teams=teams, rounds=total, total=total, boards=6 if rng.random() < 0.2 else 4,
        code=CODES[index % len(CODES)], seed=seed * 1000 + index, initial=rng.choice("WB"),
        forfeit_rate=rng.choice([0.0, 0.02, 0.06]), double_forfeit_share=0.2,
        board_forfeit_rate=rng.choice([0.0, 0.01, 0.03]), bye_rate=rng.choice([0.0, 0.01, 0.04]),
        late_entries=rng.randint(0, 3))
    if heavy:
        s = replace(s, forfeit_rate=0.1, board_forfeit_rate=0.05, bye_rate=0.1, late_entries=5)
    return s


def ours(text: str, rnd: int) -> Side:
    """Round ``rnd`` of the cut ``text`` paired by the registry's team system, in this process."""
    from pairing.result import NoLegalPairing
    from systems import select
    from trf import parse_text

    t0 = time.process_time()
    try:
        t = parse_text(text, validate=False).tournament
        sel = select(t)
        p = sel.system.pair(t, rnd, sel)
    except NoLegalPairing as e:
        return Side(None, f"no legal pairing: {e}", "", time.process_time() - t0)
    cpu = time.process_time() - t0
    boards = tuple((w, b) for w, b in p.boards)
    lines = [str(len(boards) + (p.bye is not None))] + [f"{w} {b}" for w, b in boards]
    lines += [f"{p.bye} 0"] if p.bye is not None else []
    return Side((boards, p.bye), None, "\n".join(lines) + "\n", cpu)


def read_gacrux(out: str) -> tuple[Optional[PairedRound], Optional[str]]:
    """gacrux's ``-p -d B`` output: the pairing, or the error it printed (``### Error NNN``)."""
    rows = [x.strip() for x in out.splitlines() if x.strip()]
    errors = [x for x in rows if x.startswith("###")]
    if errors:
        return None, " ".join(rows[:3])
    if not rows or not rows[0].isdigit() or int(rows[0]) == 0:
        return None, "no pairing printed: " + " ".join(rows[:2])
    boards, bye = [], None
    for row in rows[1:]:
        w, b = (int(x) for x in row.split())
        if b == 0:
            bye = w
        else:
            boards.append((w, b))
    return (tuple(boards), bye), None


def gacrux(python: str, text: str, folder: Path) -> Side:
    """The cut ``text`` paired by gacrux in a child process."""
    path = folder / "cut.trf"
    path.write_text(text, encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run([python, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-d", "B"],
                         capture_output=True, text=True, check=False, cwd=folder)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    pairing, error = read_gacrux(run.stdout)
    if error is not None and run.stderr.strip():
        error += " | " + run.stderr.strip().splitlines()[-1]
    return Side(pairing, error, run.stdout, cpu)


def teams_of(p: PairedRound) -> list[int]:
    boards, bye = p
    return [x for wb in boards for x in wb] + ([bye] if bye is not None else [])


def playable(p: Optional[PairedRound], text: str, rnd: int) -> bool:
    """A pairing the tournament can go on with: every team at most once, none with a bye of its own."""
    if p is None:
        return False
    seen = teams_of(p)
    return len(seen) == len(set(seen)) and not (set(seen) & announced(text, rnd))


def announced(text: str, rnd: int) -> set[int]:
    """The TPNs the cut's ``240`` records name for round ``rnd``."""
    return {int(x) for line in text.splitlines() if line.startswith("240 ") and int(line[6:9]) == rnd
            for x in line[10:].split()}


def kind_of(a: Side, b: Side) -> Optional[str]:
    """How two answers differ (``None``: the same pairing, or neither has one)."""
    if a.pairing is None and b.pairing is None:
        return None
    if a.pairing is None:
        return "ours-none"
    if b.pairing is None:
        return "gacrux-none"
    (ab, abye), (bb, bbye) = a.pairing, b.pairing
    if set(ab) == set(bb) and abye == bbye:
        return None
    if sorted(teams_of(a.pairing)) != sorted(teams_of(b.pairing)):
        return "teams"
    if abye != bbye:
        return "pab"
    if {frozenset(x) for x in ab} != {frozenset(x) for x in bb}:
        return "pairs"
    return "colours"


def judge(text: str, rnd: int, p: Optional[PairedRound]) -> dict[str, Any]:
    """A pairing of round ``rnd`` of the cut ``text`` judged by the checker's reading of C.04.6."""
    from checker.team import PairingInputError, check_pairing
    from trf import parse_text
    from trf.teams import team_event

    if p is None:
        return {"ok": None, "finding": "no pairing"}
    try:
        report = check_pairing(team_event(parse_text(text, validate=False).tournament), rnd, p[0], p[1])
    except PairingInputError as e:
        return {"ok": False, "criterion": "input", "article": None, "finding": str(e)}
    first = report.first
    return {"ok": report.ok, "criterion": first.criterion if first else None,
            "article": first.article if first else None, "finding": first.message if first else None,
            "findings": len(report.findings)}


def verdict(j_ours: dict[str, Any], j_gacrux: dict[str, Any]) -> str:
    """Which pairing the checker prefers: ``ours``, ``gacrux``, ``neither`` (both conform: the
    checker cannot tell them apart) or ``both-flawed``."""
    if j_ours["ok"] and not j_gacrux["ok"]:
        return "ours"
    if j_gacrux["ok"] and not j_ours["ok"]:
        return "gacrux"
    return "neither" if j_ours["ok"] else "both-flawed"


def run_tournament(index: int, seed: int, min_teams: int, max_teams: int, python: str, out: Path,
                   heavy: bool = False) -> dict[str, Any]:
    """Tournament ``index``, every round paired by both engines (module docstring): its record."""
    s = settings_of(seed, index, min_teams, max_teams, heavy)
    name = f"t{index:04d}"
    record: dict[str, Any] = {"id": name, "teams": s.teams, "rounds": s.rounds, "boards": s.boards, "code": s.code,
                              "seed": s.seed, "initial": s.initial, "forfeit_rate": s.forfeit_rate,
                              "board_forfeit_rate": s.board_forfeit_rate, "bye_rate": s.bye_rate,
                              "late_entries": s.late_entries, "compared": 0, "identical": 0, "different": [],
                              "gacrux_errors": [], "dissents": [], "ours_cpu": 0.0, "gacrux_cpu": 0.0, "checker_cpu": 0.0, "ended": None,
                              "followed": Counter()}
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"team-diff-{name}-") as tmp:
        folder = Path(tmp)

        def pair(text: str, rnd: int) -> Optional[PairedRound]:
            a = ours(text, rnd)
            b = gacrux(python, text, folder) if python else a
            record["ours_cpu"] += a.cpu
            record["gacrux_cpu"] += b.cpu if python else 0.0
            if b.error is not None and b.output.lstrip().startswith("###"):
                record["gacrux_errors"].append({"round": rnd, "error": b.error})
            kind = kind_of(a, b)
            if a.pairing is not None or b.pairing is not None:
                record["compared"] += 1
            if kind is None and a.pairing is not None:
                record["identical"] += 1
                t1 = time.process_time()
                j = judge(text, rnd, a.pairing)
                record["checker_cpu"] += time.process_time() - t1
                if not j["ok"]:  # both engines agree, the checker's reading does not
                    where = out / "dissents" / f"{name}-r{rnd:02d}"
                    where.mkdir(parents=True, exist_ok=True)
                    (where / "cut.trf").write_text(text, encoding="utf-8")
                    (where / "pairing.txt").write_text(a.output, encoding="utf-8")
                    (where / "judgement.json").write_text(json.dumps(j, indent=2) + "\n", encoding="utf-8")
                    record["dissents"].append({"round": rnd, **j, "folder": str(where)})
                    print(f"{name} r{rnd}: both engines agree, the checker finds {j['criterion']} -> {where}",
                          flush=True)
            elif kind is not None:
                where = out / "diffs" / f"{name}-r{rnd:02d}"
                where.mkdir(parents=True, exist_ok=True)
                (where / "cut.trf").write_text(text, encoding="utf-8")
                (where / "ours.txt").write_text(a.output or (a.error or "") + "\n", encoding="utf-8")
                (where / "gacrux.txt").write_text(b.output, encoding="utf-8")
                j_a, j_b = judge(text, rnd, a.pairing), judge(text, rnd, b.pairing)
                diff = {"round": rnd, "kind": kind, "prefers": verdict(j_a, j_b), "ours": j_a, "gacrux": j_b,
                        "ours_error": a.error, "gacrux_error": b.error, "folder": str(where)}
                (where / "judgement.json").write_text(json.dumps(diff, indent=2) + "\n", encoding="utf-8")
                record["different"].append(diff)
                print(f"{name} r{rnd}: {kind}, the checker prefers {diff['prefers']} -> {where}", flush=True)
            if python and playable(b.pairing, text, rnd):
                record["followed"]["gacrux"] += 1
                return b.pairing
            if playable(a.pairing, text, rnd):
                record["followed"]["ours"] += 1
                return a.pairing
            record["ended"] = {"round": rnd, "ours": a.error, "gacrux": b.error}
            return None

        try:
            random_team_event(s, pair)
        except Exception:  # a crash of either side is a finding, not the end of the run
            record["crash"] = traceback.format_exc()
            print(f"{name}: crashed\n{record['crash']}", flush=True)
    record["wall"] = time.monotonic() - t0
    record["followed"] = dict(record["followed"])
    results = out / "results"
    results.mkdir(parents=True, exist_ok=True)
    tmp_path = results / f"{name}.json.tmp"
    tmp_path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp_path, results / f"{name}.json")
    return record


# --------------------------------------------------------------------------- the run


def summary(records: list[dict[str, Any]], wall: float) -> dict[str, Any]:
    """The run's figures (module docstring)."""
    kinds: Counter[str] = Counter(d["kind"] for r in records for d in r["different"])
    prefers: Counter[str] = Counter(d["prefers"] for r in records for d in r["different"])
    criteria: Counter[str] = Counter(f"{d['prefers']}: ours {d['ours'].get('criterion')}, "
                                     f"gacrux {d['gacrux'].get('criterion')}" for r in records for d in r["different"])
    sizes = sorted(r["teams"] for r in records)
    return {
        "tournaments": len(records),
        "teams": {"min": sizes[0] if sizes else None, "max": sizes[-1] if sizes else None,
                  "20-49": sum(1 for x in sizes if x < 50), "50-99": sum(1 for x in sizes if 50 <= x < 100),
                  "100-149": sum(1 for x in sizes if 100 <= x < 150), "150+": sum(1 for x in sizes if x >= 150)},
        "codes": dict(Counter(r["code"] for r in records)),
        "rounds_compared": sum(r["compared"] for r in records),
        "identical": sum(r["identical"] for r in records),
        "different": sum(len(r["different"]) for r in records),
        "different_by_kind": dict(kinds),
        "checker_prefers": dict(prefers),
        "checker_criteria": dict(criteria),
        "gacrux_errors": sum(len(r["gacrux_errors"]) for r in records),
        "checker_dissents": sum(len(r.get("dissents", ())) for r in records),
        "ended_early": sum(1 for r in records if r["ended"]),
        "crashes": sum(1 for r in records if r.get("crash")),
        "followed": dict(sum((Counter(r["followed"]) for r in records), Counter())),
        "ours_cpu": round(sum(r["ours_cpu"] for r in records), 1),
        "gacrux_cpu": round(sum(r["gacrux_cpu"] for r in records), 1),
        "checker_cpu": round(sum(r.get("checker_cpu", 0.0) for r in records), 1),
        "wall": round(wall, 1),
    }


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True, help="folder for the results and the differences")
    ap.add_argument("--count", type=int, default=40, help="tournaments (default 40)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--min-teams", type=int, default=20)
    ap.add_argument("--max-teams", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2, help="processes (at most 2)")
    ap.add_argument("--gacrux", default=GACRUX, help="the Python that has gacrux installed")
    ap.add_argument("--checker-only", action="store_true",
                    help="no gacrux: each round paired by ours and judged by the checker only")
    ap.add_argument("--heavy", action="store_true", help="many forfeits, byes and late entries (settings_of)")
    ap.add_argument("--ids", help="only these tournament indices (comma-separated)")
    ap.add_argument("--json", type=Path, help="write the summary here")
    args = ap.parse_args(argv)
    python = "" if args.checker_only else args.gacrux
    if python and subprocess.run([python, "-c", "import gacrux"], capture_output=True, check=False).returncode:
        print(f"no gacrux at {args.gacrux}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    wanted = [int(x) for x in args.ids.split(",")] if args.ids else list(range(args.count))
    records: list[dict[str, Any]] = []
    todo = []
    for i in wanted:
        done = args.out / "results" / f"t{i:04d}.json"
        if done.exists():
            records.append(json.loads(done.read_text(encoding="utf-8")))
        else:
            todo.append(i)
    print(f"{len(records)} tournament(s) already done, {len(todo)} to run", flush=True)
    # the largest first, so that the two workers finish together
    todo.sort(key=lambda i: -settings_of(args.seed, i, args.min_teams, args.max_teams).teams
              * settings_of(args.seed, i, args.min_teams, args.max_teams).rounds)
    t0 = time.monotonic()
    with ProcessPoolExecutor(max_workers=max(1, min(2, args.workers))) as pool:
        pending: set[Future[dict[str, Any]]] = {
            pool.submit(run_tournament, i, args.seed, args.min_teams, args.max_teams, python, args.out,
                        args.heavy)
            for i in todo}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                r = f.result()
                records.append(r)
                print(f"[{len(records)}/{len(wanted)}] {r['id']}: {r['teams']} teams, {r['code']}, "
                      f"{r['compared']} rounds, {r['identical']} identical, {len(r['different'])} different, "
                      f"ours {r['ours_cpu']:.1f} s, gacrux {r['gacrux_cpu']:.1f} s CPU, {r['wall']:.0f} s "
                      f"({time.monotonic() - t0:.0f} s into the run)", flush=True)
    figures = summary(sorted(records, key=lambda r: r["id"]), time.monotonic() - t0)
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
