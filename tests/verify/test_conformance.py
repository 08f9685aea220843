"""The verification workflow end to end, at test scale: 200 random tournaments with every RTG
parameter, checked by our checker (no discrepancy: the generator pairs with our engine), then
``conformance`` against our own engine run as an outside program (no difference), and against
a deliberately broken engine that swaps two boards' Black players now and then (every planted
difference found, and the checker prefers our pairing each time, naming the criterion).

An outside program costs a process start per round (about half a second for a Python one), so
the two conformance runs take the first 16 tournaments of the same 200 (the same seeds).
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import trf
from verify.batch import check_files, summarize
from verify.conformance import EngineCommand, Summary, conformance, parse_pairs, pairs_text, run_engine, write_golden
from verify.generate import GeneratorSettings, Share, generate_many, parse_schedule
from trf.edit import cut_to_round

MASTER = 2026
TEMPLATE = GeneratorSettings(
    players=8, rounds=4, draw_rate=0.35, forfeit_rate=0.03, double_forfeit_rate=0.02, unusual_rate=0.04,
    full_bye_rate=parse_schedule("3%,1=0"), half_bye_rate=parse_schedule("4%"), zero_bye_rate=Share(count=1),
    late_entries=0.1, withdrawals=0.1, tiebreaks="BH/C1,BH,SB,DE,WIN", tiebreak_record="212")
PLAYERS, ROUNDS = (7, 10), (3, 4)

OWN_ENGINE = '''\
import sys
from trf import parse_file
from systems import next_round
from pairing.output import bbp_text
pairing = next_round(parse_file(sys.argv[1]).tournament).pairing
with open(sys.argv[2], "w") as f:
    f.write(bbp_text(pairing))
'''

BROKEN_ENGINE = OWN_ENGINE + '''\
import hashlib
text = open(sys.argv[1], "rb").read()
lines = open(sys.argv[2]).read().split("\\n")
boards = [i for i, ln in enumerate(lines[1:], 1) if ln.strip() and not ln.endswith(" 0")]
if len(boards) >= 2 and hashlib.sha256(text).digest()[0] % 3 == 0:
    i, j = boards[0], boards[1]
    (a, b), (c, d) = lines[i].split(), lines[j].split()
    lines[i], lines[j] = f"{a} {d}", f"{c} {b}"
    name = text.decode().splitlines()[0][4:].strip()
    rnd = next_round(parse_file(sys.argv[1]).tournament).round
    with open(sys.argv[3], "a") as log:
        log.write(f"{name}|{rnd}\\n")
with open(sys.argv[2], "w") as f:
    f.write("\\n".join(lines))
'''


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rtg")
    with ProcessPoolExecutor(2) as pool:
        runs = list(generate_many(TEMPLATE, 200, MASTER, players=PLAYERS, rounds=ROUNDS, executor=pool))
    assert [g.error for g in runs if g.text is None] == []
    for g in runs:
        (folder / f"rtg-{g.index:05d}.trf").write_text(g.text or "", encoding="utf-8")
    return folder


def test_200_generated_tournaments_have_every_parameter_and_no_discrepancy(generated: Path) -> None:
    files = sorted(generated.glob("*.trf"))
    assert len(files) == 200
    codes = set()
    for f in files:
        t = trf.parse_file(f).tournament
        assert t.header("212") == "PTS,BH/C1,BH,SB,DE,WIN"
        codes |= {e.code for p in t.players for e in p.rounds if e is not None}
    assert {"1", "=", "0", "+", "-", "W", "L", "F", "H", "Z", "U"} <= {c.value for c in codes if c is not None}
    with ProcessPoolExecutor(2) as pool:
        outcomes = list(check_files([generated], executor=pool))
    s = summarize(outcomes)
    bad = [(o.path, o.error, [r.message for r in o.discrepant_rounds], o.standings) for o in outcomes if not o.ok]
    assert bad == []
    assert s.files == s.checked == 200 and s.discrepant_rounds == 0 and s.rounds > 600
    assert s.standings_checked == 200 and s.standings_discrepant == 0


def test_conformance_against_our_own_engine_finds_no_difference(tmp_path: Path) -> None:
    script = tmp_path / "own.py"
    script.write_text(OWN_ENGINE, encoding="utf-8")
    cmd = EngineCommand(f"{sys.executable} {script} {{input}} {{output}}")
    total = Summary()
    with ProcessPoolExecutor(2) as pool:
        for run in conformance(TEMPLATE, 16, MASTER, cmd, players=PLAYERS, rounds=ROUNDS, executor=pool):
            total.add(run)
    assert total.tournaments == 16 and total.not_generated == 0 and total.rounds > 48
    assert total.different == 0 and total.same == total.rounds


def test_conformance_finds_and_attributes_every_planted_difference(tmp_path: Path, generated: Path) -> None:
    script = tmp_path / "broken.py"
    script.write_text(BROKEN_ENGINE, encoding="utf-8")
    log = tmp_path / "planted.log"
    cmd = EngineCommand(f"{sys.executable} {script} {{input}} {{output}} {log}")
    found = {}
    seeds = {}
    with ProcessPoolExecutor(2) as pool:
        for run in conformance(TEMPLATE, 16, MASTER, cmd, players=PLAYERS, rounds=ROUNDS, executor=pool):
            seeds[run.seed] = run.index
            for c in run.cases:
                found[(c.index, c.round)] = c
    planted = set()
    for line in log.read_text(encoding="utf-8").splitlines():
        name, rnd = line.rsplit("|", 1)
        planted.add((seeds[int(name.rsplit(" ", 1)[1])], int(rnd)))
    assert len(planted) >= 10
    assert set(found) == planted
    for key, case in found.items():
        assert case.kind == "pairs" and case.better == "ours", (key, case.as_dict())
        assert case.judgement is not None and case.judgement.criterion is not None and case.judgement.article
        # the engine was given the tournament as it stood before the round: our generated file cut there
        original = trf.parse_file(generated / f"rtg-{case.index:05d}.trf").tournament
        assert case.input_text == trf.dumps(cut_to_round(original, case.round))
    criteria = {c.judgement.criterion for c in found.values() if c.judgement}
    assert "C1" in criteria  # a swap that re-pairs players who already met
    # every case becomes a golden pair: the input and the pairing the checker prefers (ours)
    case = next(iter(found.values()))
    paths = write_golden(tmp_path / "golden", case)
    names = sorted(p.name for p in paths)
    assert names == sorted(f"{case.name}{ext}" for ext in (".trf", ".pairs", ".engine.pairs", ".json"))
    assert parse_pairs((tmp_path / "golden" / f"{case.name}.pairs").read_text()) == case.ours
    assert (tmp_path / "golden" / f"{case.name}.trf").read_text() == case.input_text


@pytest.mark.fast
def test_the_pairs_layout_is_read_strictly() -> None:
    p = parse_pairs("3\n1 4\n2 3\n5 0\n")
    assert p.boards == ((1, 4), (2, 3)) and p.bye == 5
    assert pairs_text(p) == "3\n1 4\n2 3\n5 0\n"
    for bad, said in (("", "empty"), ("x\n", "number of pairs"), ("2\n1 2\n", "announces 2"),
                      ("1\n1 b\n", "line 2"), ("2\n1 0\n2 0\n", "second PAB")):
        with pytest.raises(ValueError, match=said):
            parse_pairs(bad)


@pytest.mark.fast
def test_an_engine_that_fails_is_a_case_not_a_crash(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import sys\nsys.stderr.write('cannot pair this\\n')\nsys.exit(1)\n", encoding="utf-8")
    runs = list(conformance(GeneratorSettings(players=6, rounds=2), 1, 1,
                            EngineCommand(f"{sys.executable} {bad} {{input}} {{output}}")))
    assert [c.kind for c in runs[0].cases] == ["engine", "engine"]
    assert runs[0].cases[0].engine_error == "exit 1 (no legal pairing): cannot pair this"
    assert runs[0].cases[0].better == "ours"
    answer = run_engine(EngineCommand("no-such-program-here {input} {output}"), "012 x\n")
    assert answer.pairing is None and "not found" in (answer.error or "")
