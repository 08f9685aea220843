"""Compare the team tie-breaks (C.07 art. 12, 13, and the individual ones on :MP / :GP) with
gacrux's tie-break calculator, the FIDE TEC's reference (OttoMilvang/TieBreakServer).

    python bench/team_tiebreaks.py                       # every team-swiss full.trf + Grandmommy's Cup
    python bench/team_tiebreaks.py --gacrux /path/to/python --show 20
    python bench/team_tiebreaks.py --cuts 3              # also the files cut before rounds 3, 5, 7, ...

Each file is computed twice, under the 2023 rules and under the 2026 ones (art. 16.4 caps):
arbiter with ``--edition``, gacrux with ``/V1`` or ``/V2`` on every code.  A scalar tie-break is
compared team by team; a procedure (DE, EDE and its variants, TBR, BBE) is run alone after the
primary score, and its value is the team's rank within its tied group (0 when the team was not
tied, or when the procedure separated nothing in its group: gacrux's convention).  gacrux rounds
SSSC to 0.01 and AOB to 0.01 / 0.001: those are compared rounded the same way.

gacrux runs in its own interpreter (``--gacrux``, default ``../scratch/gvenv/bin/python``): a
small driver reads each file once and computes every list in the same process.  It is an oracle
for this comparison only; no test depends on it.  Prints, per code, the values compared, equal
and different, then the first differences; ``docs/team-swiss-tiebreaks.md`` explains each kind
of difference by its article.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter, defaultdict
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tiebreaks.codes import parse_list, parse_tiebreak  # noqa: E402
from tiebreaks.teambreaks import PROCEDURES, team_value  # noqa: E402
from tiebreaks.teamstandings import team_standings  # noqa: E402
from tiebreaks.teamview import team_view  # noqa: E402
from trf import parse_file  # noqa: E402
from trf.teams import team_event  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpus"
GACRUX = ROOT.parent / "scratch" / "gvenv" / "bin" / "python"

#: Every team tie-break gacrux computes, and the individual ones on each score, with the
#: modifiers that change their computation.
SCALARS = [
    "MPTS", "GPTS", "MPvGP",
    "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EMGSB/C1", "EGMSB/C1", "EGGSB/C1", "EMGSB/C1/P", "EMMSB/C2",
    "EGGSB/M1", "EMGSB/P",
    "SSSC", "SSSC/P", "SSSC/K5", "BC",
    "BH", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/C2", "BH:MP/M1", "BH:MP/C1/P", "BH:GP/P",
    "AOB:MP", "AOB:GP",
    "SB", "SB:MP", "SB:GP", "SB:MP/C1", "SB:GP/C1",
    "PS:MP", "PS:GP", "PS:MP/C1", "KS:MP", "KS:GP",
    "WIN:MP", "WIN:GP", "WON:MP", "WON:GP", "BPG:MP", "BPG:GP", "BWG:MP", "BWG:GP", "REP:MP", "REP:GP",
    "STD:MP", "STD:GP", "TPN",
]
#: Codes in fore mode (FB, SSSC/F) leave gacrux's state changed for the codes after them in the
#: same list (the digest's "state leak", tiebreaks.md §12): each runs in a list of its own.
ALONE = ["FB:MP", "FB:GP", "FB:MP/C1", "SSSC/F"]
PROCS = ["DE", "DE:GP", "DE/P", "EDE", "EDE/P", "EDEC", "EDET", "EDET/P", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"]

DRIVER = r'''
import copy, json, sys
from gacrux.tiebreakchecker import tiebreakchecker
from gacrux.tiebreak import tiebreak

def plain(v):
    if v is None or isinstance(v, bool):
        return v
    return str(v)

job = json.load(sys.stdin)
out = []
for item in job:
    sys.argv = ["tiebreakchecker", "-i", item["file"], "-s", "-t", "PTS"]
    tbc = tiebreakchecker()
    tbc.read_command_line()
    tbc.read_input_file()
    tbc.prepare_tournament()
    base = tbc.chessfile.get_tournament(tbc.tournamentno)
    results = []
    for codes in item["lists"]:
        tm = copy.deepcopy(base)
        params = dict(tbc.params)
        params["tiebreak"] = list(codes)
        try:
            res = tiebreak(tm, params["current_round"], params).compute_tiebreaks(tm, params)
            results.append({str(c["cid"]): [plain(v) for v in c["tiebreakScore"]] for c in res["competitors"]})
        except Exception as exc:
            results.append({"error": repr(exc)})
    out.append(results)
json.dump(out, sys.stdout)
'''


def gacrux_values(python: Path, jobs: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Run the driver under gacrux's interpreter on every (file, lists) job."""
    done = subprocess.run([str(python), "-c", DRIVER], input=json.dumps(jobs), capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"gacrux driver failed:\n{done.stderr[-3000:]}")
    result: list[list[dict[str, Any]]] = json.loads(done.stdout)
    return result


def rounded(v: Fraction, places: str) -> Fraction:
    """``v`` rounded half up to ``places`` (``"0.01"``), as gacrux prints SSSC and AOB."""
    step = Fraction(Decimal(places))
    return Fraction(((v / step) + Fraction(1, 2)).__floor__()) * step if v >= 0 else -rounded(-v, places)


def ours_scalar(code: str, view: Any, tpn: int, rounds: int) -> Fraction | None:
    tb = parse_tiebreak(code)
    v = team_value(view, tpn, tb)
    if v is None:
        return None
    f = Fraction(v)
    if tb.code == "SSSC":
        return rounded(f, "0.01")
    if tb.code == "AOB":
        return rounded(f, "0.01" if rounds < 9 else "0.001" if rounds < 27 else "0.0001")
    return f


def ours_procedure(code: str, event: Any, edition: str) -> dict[int, Fraction]:
    """The team's rank within its tied group by ``code`` after the primary score, 0 for a team
    not tied or a group the procedure left whole (gacrux's convention)."""
    s = team_standings(event, parse_list(code), edition=edition)
    ranks = {r.tpn: r.values[0] for r in s.rows}
    points = {r.tpn: (r.match_points if s.primary == "MP" else r.game_points) for r in s.rows}
    groups: dict[Fraction, list[int]] = defaultdict(list)
    for tpn, p in points.items():
        groups[p].append(tpn)
    out = {}
    for members in groups.values():
        whole = all(ranks[m] in (None, 1) for m in members)
        for m in members:
            out[m] = Fraction(0) if whole or ranks[m] is None else Fraction(ranks[m])
    return out


def theirs(v: Any) -> Fraction | None:
    if v is None:
        return None
    if isinstance(v, bool):
        return Fraction(int(v))
    return Fraction(Decimal(v))


def files(cuts: int) -> list[Path]:
    out = sorted((SHARED / "team-swiss").glob("*/full.trf"))
    if cuts:
        for folder in sorted((SHARED / "team-swiss").glob("team-t*")):
            out += sorted(p for p in folder.glob("r*.trf") if int(p.stem[1:]) >= cuts and int(p.stem[1:]) % 2 == 1)
    gm = SHARED / "real" / "grandmommyscup.trf"
    if gm.exists():
        out.append(gm)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gacrux", type=Path, default=GACRUX, help="the Python that has gacrux installed")
    ap.add_argument("--show", type=int, default=30, help="differences to print (default 30)")
    ap.add_argument("--cuts", type=int, default=0, help="also the files cut before odd rounds from this one")
    ap.add_argument("--json", type=Path, help="write every difference to this file")
    args = ap.parse_args(argv)
    if not args.gacrux.exists():
        print(f"no gacrux interpreter at {args.gacrux} (--gacrux)", file=sys.stderr)
        return 2
    paths = files(args.cuts)
    if not paths:
        print(f"no team files under {SHARED}", file=sys.stderr)
        return 2
    editions = {"2023": "/V1", "2026": "/V2"}
    jobs = []
    for path in paths:
        for suffix in editions.values():
            lists = [["PTS"] + [c + suffix for c in SCALARS]] + [["PTS", c + suffix] for c in ALONE + PROCS]
            jobs.append({"file": str(path), "lists": lists})
    print(f"{len(paths)} files x {len(editions)} editions; running gacrux ...", flush=True)
    answers = gacrux_values(args.gacrux, jobs)
    compared: Counter[str] = Counter()
    equal: Counter[str] = Counter()
    diffs: list[dict[str, Any]] = []
    k = 0
    for path in paths:
        t = parse_file(path).tournament
        event = team_event(t, str(path))
        for edition in editions:
            answer = answers[k]
            k += 1
            view = team_view(event, edition)
            g = answer[0]
            if "error" in g:
                print(f"{path}: gacrux failed: {g['error']}")
                continue
            for i, code in enumerate(SCALARS, start=1):
                for tpn in view.teams:
                    ours = ours_scalar(code, view, tpn, view.rounds)
                    their = theirs(g[str(tpn)][i])
                    compared[code] += 1
                    if ours == their:
                        equal[code] += 1
                    else:
                        diffs.append({"file": str(path.relative_to(SHARED)), "edition": edition, "code": code,
                                      "team": tpn, "arbiter": str(ours), "gacrux": str(their)})
            for j, code in enumerate(ALONE + PROCS, start=1):
                g = answer[j]
                if "error" in g:
                    print(f"{path} {code}: gacrux failed: {g['error']}")
                    continue
                if code in ALONE:
                    mine = {tpn: ours_scalar(code, view, tpn, view.rounds) for tpn in view.teams}
                else:
                    mine = ours_procedure(code, event, edition)
                for tpn in view.teams:
                    their = theirs(g[str(tpn)][1])
                    compared[code] += 1
                    if mine[tpn] == their:
                        equal[code] += 1
                    else:
                        diffs.append({"file": str(path.relative_to(SHARED)), "edition": edition, "code": code,
                                      "team": tpn, "arbiter": str(mine[tpn]), "gacrux": str(their)})
    total, same = sum(compared.values()), sum(equal.values())
    print(f"values compared: {total}, equal: {same}, different: {total - same}")
    print(f"{'code':<14}{'compared':>10}{'equal':>10}{'different':>10}")
    for code in SCALARS + ALONE + PROCS:
        print(f"{code:<14}{compared[code]:>10}{equal[code]:>10}{compared[code] - equal[code]:>10}")
    for d in diffs[:args.show]:
        print(f"  {d['file']} {d['edition']} {d['code']} team {d['team']}: arbiter {d['arbiter']}, gacrux {d['gacrux']}")
    if args.json:
        args.json.write_text(json.dumps(diffs, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
