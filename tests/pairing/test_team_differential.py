"""``bench/team_differential.py`` (our Team Swiss engine against gacrux on random events): reading
gacrux's output, telling differences apart, and one whole tournament against a stand-in for
gacrux that swaps the colours of a match, fails on one round and leaves a team out on another.
The stand-in is a package ``gacrux.pairingchecker`` written into a temporary folder (gacrux itself
is never a test dependency)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.support import REPO, load_bench

td = load_bench("team_differential")

STAND_IN = '''
import sys
from trf import parse_file
from systems import select

args = sys.argv[1:]
t = parse_file(args[args.index("-i") + 1]).tournament
rnd = t.rounds_paired + 1
if rnd == 2:
    print("### Error 999\\nstand-in failure")
    sys.exit(0)
sel = select(t)
p = sel.system.pair(t, rnd, sel)
boards = list(p.boards)
if rnd == 1:
    boards[0] = boards[0][::-1]      # the colours of one match swapped
if rnd == 3:
    boards = boards[1:]              # a match left out
lines = [f"{w} {b}" for w, b in boards] + ([f"{p.bye} 0"] if p.bye else [])
print(len(lines))
print("\\n".join(lines))
'''


@pytest.mark.fast
def test_read_gacrux_output() -> None:
    assert td.read_gacrux("3\n1 4\n5 2\n3 0\n\n") == ((((1, 4), (5, 2)), 3), None)
    pairing, error = td.read_gacrux("### Error 504\n\rNumber of rounds = 5, can't pair round 6\n")
    assert pairing is None and error is not None and "504" in error


@pytest.mark.fast
def test_kinds_of_difference() -> None:
    def side(p):  # type: ignore[no-untyped-def]
        return td.Side(p, None, "", 0.0)

    base = side((((1, 2), (3, 4)), 5))
    assert td.kind_of(base, side((((3, 4), (1, 2)), 5))) is None
    assert td.kind_of(base, side((((2, 1), (3, 4)), 5))) == "colours"
    assert td.kind_of(base, side((((1, 3), (2, 4)), 5))) == "pairs"
    assert td.kind_of(base, side((((1, 2), (3, 5)), 4))) == "pab"
    assert td.kind_of(base, side((((1, 2),), 5))) == "teams"
    assert td.kind_of(base, side(None)) == "gacrux-none" and td.kind_of(side(None), base) == "ours-none"


def test_a_tournament_against_a_stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "fake"
    (fake / "gacrux").mkdir(parents=True)
    (fake / "gacrux" / "__init__.py").write_text("")
    (fake / "gacrux" / "pairingchecker.py").write_text(STAND_IN)
    monkeypatch.setenv("PYTHONPATH", f"{fake}:{REPO}")
    out = tmp_path / "out"
    r = td.run_tournament(0, 7, 20, 20, sys.executable, out)
    assert r["teams"] == 20 and r["compared"] == r["rounds"] >= 5
    # round 1: colours (the checker prefers ours: Art. 4.3 gives the other colour), round 2: the
    # stand-in's error (the round goes on with ours), round 3: a team set that differs
    kinds = {d["round"]: (d["kind"], d["prefers"]) for d in r["different"]}
    assert kinds[1] == ("colours", "ours") and kinds[2][0] == "gacrux-none" and kinds[3][0] == "teams"
    assert r["identical"] == r["rounds"] - 3 and [e["round"] for e in r["gacrux_errors"]] == [2]
    assert r["followed"] == {"gacrux": r["rounds"] - 1, "ours": 1}
    assert r["dissents"] == []  # the checker finds nothing against the rounds both engines agree on
    saved = out / "diffs" / "t0000-r01"
    assert {p.name for p in saved.iterdir()} == {"cut.trf", "ours.txt", "gacrux.txt", "judgement.json"}
    judged = json.loads((saved / "judgement.json").read_text())
    assert judged["ours"]["ok"] and judged["gacrux"]["criterion"].startswith("4.")
    assert json.loads((out / "results" / "t0000.json").read_text())["id"] == "t0000"
    figures = td.summary([r], 1.0)
    assert figures["different_by_kind"] == {"colours": 1, "gacrux-none": 1, "teams": 1}
