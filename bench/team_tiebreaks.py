"""Compare the team tie-breaks (C.07 art. 12, 13, and the individual ones on :MP / :GP) with
gacrux's tie-break calculator, the FIDE TEC's reference (OttoMilvang/TieBreakServer).

    python bench/team_tiebreaks.py                       # every team-swiss full.trf + Grandmommy's Cup
    python bench/team_tiebreaks.py --gacrux /path/to/python --show 20
    python bench/team_tiebreaks.py --cuts 3              # also the files cut before rounds 3, 5, 7, ...
    python bench/team_tiebreaks.py --answers /tmp/g.json # keep gacrux's answers (rerun without gacrux)

Each file is computed twice, under the 2023 rules and under the 2026 ones (art. 16.4 caps):
arbiter with ``--edition``, gacrux with ``/V1`` or ``/V2`` on every code.  A scalar tie-break is
compared team by team; a procedure (DE, EDE and its variants, TBR, BBE) is run alone after the
primary score, and its value is the team's rank within its tied group (0 when the team was not
tied, or when the procedure separated nothing in its group: gacrux's convention).  Three whole
lists (:data:`RANKED`) are also compared by each team's place in the standings.  gacrux is told
the rounds to evaluate (``-n``): a file cut before round R is evaluated after round R-1, not over
the scheduled rounds (142) with the rounds to come as absences.  gacrux rounds
SSSC to 0.01 and AOB to 0.01 / 0.001: those are compared rounded the same way.

gacrux runs in its own interpreter (``--gacrux``, default ``../scratch/gvenv/bin/python``): a
small driver reads each file once and computes every list in the same process.  It is an oracle
for this comparison only; no test depends on it.  Prints, per code, the values compared, equal
and different; then each difference's kind, found by recomputing our value under gacrux's reading
(an explained difference is one where that gives gacrux's value exactly), with its article
(``docs/team-swiss-tiebreaks.md``); then the first unexplained differences.
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
#: Whole lists whose standings (each team's place) are compared: the TEC sample's, and the
#: defaults of ``arbiter standings`` for MP and for GP first.
RANKED = ["EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", "EDE,EMGSB/C1,BH:MP/C1,MPvGP", "EDE,EGGSB/C1,BH:GP/C1,MPvGP"]
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
    sys.argv = ["tiebreakchecker", "-i", item["file"], "-s", "-n", str(item["rounds"]), "-t", "PTS"]
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
            results.append({str(c["cid"]): [plain(v) for v in c["tiebreakScore"]] + [c["rank"]]
                            for c in res["competitors"]})
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


# --------------------------------------------------------------------------- explaining a difference
#
# Each kind of difference found, with its article (docs/team-swiss-tiebreaks.md).  A difference is
# explained only when recomputing our value under gacrux's reading gives gacrux's value exactly.

FORE = {"FB:MP": "BH:MP", "FB:GP": "BH:GP", "FB:MP/C1": "BH:MP/C1", "SSSC/F": "SSSC"}
WHY = {
    "pab-win": "WIN:GP: gacrux counts the PAB as a win on every board; its 320 value is a draw on each "
               "(C.07 7.1: a PAB is a win only if worth one; C.04.6 Art. 1.4)",
    "pab-std": "STD:GP: gacrux scores the PAB's boards by its game-score P, not by the PAB's game points "
               "(C.07 7.7: an unplayed round worth a draw's points is a half)",
    "fore-final": "FB on a file cut before the last round: gacrux applies FB only when the scheduled last "
                  "round (142) is evaluated, else FB = BH; we take the last round evaluated (C.07 8.3, "
                  "as for individual events)",
    "fore-categories": "FB:GP: gacrux's GP view keeps a requested bye before a forfeited final round in "
                       "cat. .5 after FB made that round a drawn game (its MP view does not; C.07 8.3, 16.2.3)",
    "cap-rounds": "2026, file cut before the last round: gacrux caps a bye's dummy at a draw x the rounds "
                  "evaluated; we take the scheduled rounds, 142 (C.07 16.4.2, as for individual events)",
    "cap-rounds-aob": "AOB of a cut file in 2026: the opponents' BH differ by the 16.4.2 cap (above)",
}


def _with_rounds_cap(view: Any) -> Any:
    """The view with the 16.4.2 cap taken over the rounds evaluated instead of the scheduled ones."""
    from dataclasses import replace

    return replace(view, mp=replace(view.mp, total_rounds=view.rounds, cache={}),
                   gp=replace(view.gp, total_rounds=view.rounds, cache={}))


def _gacrux_fore_categories(view: Any) -> Any:
    """The GP view whose FB keeps the real view's bye categories (gacrux's GP view)."""
    from dataclasses import replace

    from tiebreaks.context import _adjusted

    g = view.gp
    fr = {p: tuple(replace(r, category=o.category) if i < len(rs) - 1 else r
                   for i, (r, o) in enumerate(zip(rs, g.records[p]))) for p, rs in g.fore_records.items()}
    fa = {p: _adjusted(rs, g.draw, g.edition, not g.round_robin) for p, rs in fr.items()}
    return replace(view, gp=replace(g, fore_records=fr, fore_adjusted=fa, cache={}))


def explain(code: str, view: Any, tpn: int, ours: Fraction | None, their: Fraction | None) -> str:
    """The kind of a difference (a key of :data:`WHY`), or ``"unexplained"``."""
    from trf.teams import MatchKind

    if their is None or ours is None:
        return "unexplained"
    pabs = sum(1 for e in view.event.entries(tpn, view.rounds) if e.kind == MatchKind.PAB)
    boards = view.event.boards
    if code == "WIN:GP" and pabs and their - ours == boards * pabs:
        return "pab-win"
    if code == "STD:GP" and pabs and ((their - ours) * 2 / boards) % pabs == 0:
        return "pab-std"
    scheduled = view.event.tournament.total_rounds or view.rounds
    if code in FORE and view.rounds < scheduled and ours_scalar(FORE[code], view, tpn, view.rounds) == their:
        return "fore-final"
    if code == "FB:GP" and ours_scalar(code, _gacrux_fore_categories(view), tpn, view.rounds) == their:
        return "fore-categories"
    if view.edition.value == "2026" and view.rounds < scheduled:
        if ours_scalar(code, _with_rounds_cap(view), tpn, view.rounds) == their:
            return "cap-rounds-aob" if code.startswith("AOB") else "cap-rounds"
        fore = FORE.get(code)
        if fore and ours_scalar(fore, _with_rounds_cap(view), tpn, view.rounds) == their:
            return "fore-final"
    return "unexplained"


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
    ap.add_argument("--answers", type=Path, help="gacrux's answers: read from this file when it exists, "
                                                   "else computed and written there")
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
    events = {}
    for path in paths:
        events[path] = team_event(parse_file(path).tournament, str(path))
        rounds = team_view(events[path]).rounds  # a cut file's standings: after its last round
        for suffix in editions.values():
            lists = [["PTS"] + [c + suffix for c in SCALARS]] + [["PTS", c + suffix] for c in ALONE + PROCS] \
                + [["PTS"] + [c + suffix for c in codes.split(",")] for codes in RANKED]
            jobs.append({"file": str(path), "rounds": rounds, "lists": lists})
    if args.answers and args.answers.exists():
        answers = json.loads(args.answers.read_text())
    else:
        print(f"{len(paths)} files x {len(editions)} editions; running gacrux ...", flush=True)
        answers = gacrux_values(args.gacrux, jobs)
        if args.answers:
            args.answers.write_text(json.dumps(answers))
    compared: Counter[str] = Counter()
    equal: Counter[str] = Counter()
    diffs: list[dict[str, Any]] = []
    k = 0
    for path in paths:
        event = events[path]
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
                                      "team": tpn, "arbiter": str(ours), "gacrux": str(their),
                                      "why": explain(code, view, tpn, ours, their)})
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
                        why = explain(code, view, tpn, mine[tpn], their) if code in ALONE else "unexplained"
                        diffs.append({"file": str(path.relative_to(SHARED)), "edition": edition, "code": code,
                                      "team": tpn, "arbiter": str(mine[tpn]), "gacrux": str(their), "why": why})
            for j, codes in enumerate(RANKED, start=1 + len(ALONE + PROCS)):
                g = answer[j]
                if "error" in g:
                    print(f"{path} {codes}: gacrux failed: {g['error']}")
                    continue
                s = team_standings(event, parse_list(codes), edition=edition)
                for r in s.rows:
                    place = int(r.place.split("-")[0])
                    their_rank = g[str(r.tpn)][-1]
                    key = "place " + codes
                    compared[key] += 1
                    if place == their_rank:
                        equal[key] += 1
                    else:
                        diffs.append({"file": str(path.relative_to(SHARED)), "edition": edition, "code": key,
                                      "team": r.tpn, "arbiter": str(place), "gacrux": str(their_rank),
                                      "why": "unexplained"})
    total, same = sum(compared.values()), sum(equal.values())
    print(f"values compared: {total}, equal: {same}, different: {total - same}")
    names = SCALARS + ALONE + PROCS + ["place " + c for c in RANKED]
    width = max(map(len, names)) + 2
    print(f"{'code':<{width}}{'compared':>10}{'equal':>10}{'different':>10}")
    for code in names:
        print(f"{code:<{width}}{compared[code]:>10}{equal[code]:>10}{compared[code] - equal[code]:>10}")
    kinds = Counter(d["why"] for d in diffs)
    print("differences by kind:")
    for kind, n in kinds.most_common():
        print(f"  {n:>7}  {kind}: {WHY.get(kind, 'no article explains it')}")
    unexplained = [d for d in diffs if d["why"] == "unexplained"]
    for d in (unexplained or diffs)[:args.show]:
        print(f"  {d['file']} {d['edition']} {d['code']} team {d['team']}: arbiter {d['arbiter']}, gacrux {d['gacrux']}")
    if args.json:
        args.json.write_text(json.dumps(diffs, indent=1))
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
