"""The cross-check (``verify.crosscheck``, ``arbiter crosscheck``) on a handful of tournaments,
against deliberately broken programs whose faults are planted and logged, so the test knows
independently which rounds must come out as discrepancies:

* ours -> theirs: an "engine" that pairs with our engine and then, for some inputs, swaps the
  Black players of its first two boards.  Every round it broke must be a ``pairs`` discrepancy
  that our checker decides for our pairing, naming a criterion; no other round may be one.
* theirs -> ours: a "generator" that reads the JaVaFo/bbpPairings configuration keys, makes a
  tournament with our generator and, for some seeds, pairs its last round with the same swap.
  That round must be a discrepancy our checker finds (a ``finding``); the tournaments it left
  alone must have none.

Each discrepancy is a self-contained case folder (the input before the round, both pairings, the
verdict, the commands).  A run keeps one file per tournament: started again with a larger count
it runs only the tournaments that are missing (the programs' call logs say so).
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import trf
from verify.conformance import EngineCommand, parse_pairs
from verify.crosscheck import GeneratorCommand, crosscheck, read_state, summarize

RULES = "2026"
MASTER = 31
PLAYERS, ROUNDS = (8, 12), (4, 5)

BROKEN_ENGINE = '''\
import hashlib, sys
from trf import parse_file
from systems import next_round
from pairing.output import bbp_text
text = open(sys.argv[1], "rb").read()
t = parse_file(sys.argv[1]).tournament
nxt = next_round(t)
lines = bbp_text(nxt.pairing).split("\\n")
boards = [i for i, ln in enumerate(lines[1:], 1) if ln.strip() and not ln.endswith(" 0")]
broken = len(boards) >= 2 and hashlib.sha256(text).digest()[0] % 3 == 0
if broken:
    i, j = boards[0], boards[1]
    (a, b), (c, d) = lines[i].split(), lines[j].split()
    lines[i], lines[j] = f"{a} {d}", f"{c} {b}"
with open(sys.argv[3], "a") as log:
    log.write(f"{t.name}|{nxt.round}|{int(broken)}\\n")
with open(sys.argv[2], "w") as f:
    f.write("\\n".join(lines))
'''

BROKEN_GENERATOR = '''\
import sys
from trf.codes import Colour, Result
from trf.edit import cut_to_round, recompute_points, with_pairing
from trf.model import RoundEntry
from trf.writer import dumps
from verify.generate import GeneratorSettings, _set_entry, generate
import systems
config = dict(line.split("=", 1) for line in open(sys.argv[1]).read().split())
seed = int(sys.argv[3])
n, r = int(config["PlayersNumber"]), int(config["RoundsNumber"])
t = generate(GeneratorSettings(players=n, rounds=r, seed=seed, draw_rate=int(config["DrawPercentage"]) / 100))
broken = seed % 2 == 0
if broken:
    # the last round paired again by the rules, then two boards' Black players swapped; every game drawn
    t = cut_to_round(t, r)
    pairing = systems.next_round(t).pairing
    boards = list(pairing.boards)
    (a, b), (c, d) = boards[0], boards[1]
    boards[0], boards[1] = (a, d), (c, b)
    t = with_pairing(t, r, boards, pairing.bye)
    drawn = {}
    for w, bl in boards:
        drawn[w] = RoundEntry(bl, Colour.WHITE, Result.DRAW)
        drawn[bl] = RoundEntry(w, Colour.BLACK, Result.DRAW)
    t = recompute_points(_set_entry(t, r, drawn))
with open(sys.argv[4], "a") as log:
    log.write(f"{seed}|{r}|{int(broken)}\\n")
with open(sys.argv[2], "w") as f:
    f.write(dumps(t))
'''


def commands(tmp: Path) -> tuple[EngineCommand, GeneratorCommand, Path, Path]:
    engine, generator = tmp / "engine.py", tmp / "generator.py"
    engine.write_text(BROKEN_ENGINE, encoding="utf-8")
    generator.write_text(BROKEN_GENERATOR, encoding="utf-8")
    elog, glog = tmp / "engine.log", tmp / "generator.log"
    return (EngineCommand(f"{sys.executable} {engine} {{input}} {{output}} {elog}"),
            GeneratorCommand(f"{sys.executable} {generator} {{config}} {{output}} {{seed}} {glog}"), elog, glog)


def logged(path: Path) -> list[tuple[str, int, bool]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name, rnd, broken = line.rsplit("|", 2)
        out.append((name, int(rnd), broken == "1"))
    return out


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list, Path, Path, EngineCommand, GeneratorCommand]:
    tmp = tmp_path_factory.mktemp("crosscheck")
    pair, gen, elog, glog = commands(tmp)
    state = tmp / "state"
    with ProcessPoolExecutor(2) as pool:
        outcomes = list(crosscheck(RULES, 5, MASTER, pair=pair, generator=gen, players=PLAYERS, rounds=ROUNDS,
                                   state=state, executor=pool))
    return state, outcomes, elog, glog, pair, gen


def test_every_round_the_broken_engine_changed_is_a_discrepancy_decided_for_ours(run: tuple) -> None:
    state, outcomes, elog, _, _, _ = run
    ours = [o for o in outcomes if o.direction == "ours"]
    assert [o.index for o in ours] == [1, 2, 3, 4, 5] and all(o.error is None for o in ours)
    calls = logged(elog)
    assert len(calls) == sum(o.compared for o in ours) > 15  # one call per round compared
    planted = {(name, rnd) for name, rnd, broken in calls if broken}
    assert len(planted) >= 3
    found = [d for o in ours for d in o.discrepancies]
    seen = set()
    for d in found:
        case = Path(d.case)
        t = trf.parse_file(case / "input.trf").tournament
        seen.add((t.name, d.round))
        assert d.kind == "pairs" and d.better == "ours" and d.criterion and d.article, d.as_dict()
        # the case holds both pairings: theirs is ours with two Black players swapped
        mine, theirs = parse_pairs((case / "ours.pairs").read_text()), parse_pairs((case / "theirs.pairs").read_text())
        assert mine != theirs and sorted(p for b in mine.boards for p in b) == sorted(p for b in theirs.boards for p in b)
        assert json.loads((case / "verdict.json").read_text())["rules"] == RULES
        assert "theirs.pairs" in (case / "command.txt").read_text()
    assert seen == planted


def test_every_round_the_broken_generator_changed_is_a_finding_of_our_checker(run: tuple) -> None:
    _, outcomes, _, glog, _, _ = run
    theirs = [o for o in outcomes if o.direction == "theirs"]
    assert [o.index for o in theirs] == [1, 2, 3, 4, 5] and all(o.error is None for o in theirs)
    made = {seed: (rnd, broken) for seed, rnd, broken in ((int(s), r, b) for s, r, b in logged(glog))}
    assert set(made) == {o.seed for o in theirs}
    assert 0 < sum(b for _, b in made.values()) < 5  # some broken, some not
    for o in theirs:
        last, broken = made[o.seed]
        assert o.compared == last == o.rounds
        if broken:
            assert [(d.round, d.kind, d.better) for d in o.discrepancies] == [(last, "finding", "ours")], o.as_dict()
            d = o.discrepancies[0]
            assert d.criterion and d.article
            case = Path(d.case)
            assert {"tournament.trf", "input.trf", "config.txt", "command.txt", "verdict.json", "ours.pairs"} <= \
                {p.name for p in case.iterdir()}
            assert f"--round {last} --rules {RULES}" in (case / "command.txt").read_text()
        else:
            assert o.discrepancies == (), o.as_dict()


def test_the_summary_counts_each_direction(run: tuple) -> None:
    _, outcomes, _, _, _, _ = run
    totals = summarize(outcomes).as_dict()
    for d in ("ours", "theirs"):
        found = [x for o in outcomes if o.direction == d for x in o.discrepancies]
        assert totals[d]["tournaments"] == 5 and totals[d]["not_made"] == 0
        assert totals[d]["rounds"] == sum(o.compared for o in outcomes if o.direction == d)
        assert totals[d]["discrepancies"] == len(found) > 0
        assert sum(totals[d]["by_kind"].values()) == len(found)
        assert totals[d]["better"] == {"ours": len(found)}


def test_a_run_started_again_does_only_what_is_missing(run: tuple) -> None:
    state, outcomes, elog, glog, pair, gen = run
    engine_calls, generator_calls = len(logged(elog)), len(logged(glog))
    (state / "theirs" / "00002.json").unlink()  # as if interrupted before that tournament was written
    again = list(crosscheck(RULES, 6, MASTER, pair=pair, generator=gen, players=PLAYERS, rounds=ROUNDS, state=state))
    assert [(o.direction, o.index) for o in again] == [(d, i) for i in range(1, 7) for d in ("ours", "theirs")]
    new_engine = logged(elog)[engine_calls:]
    sixth = next(o for o in again if (o.direction, o.index) == ("ours", 6))
    assert len(new_engine) == sixth.compared  # the engine paired only tournament 6's rounds
    new_generator = logged(glog)[generator_calls:]
    assert sorted(int(s) for s, _, _ in new_generator) == sorted(o.seed for o in again if o.direction == "theirs"
                                                                 and o.index in (2, 6))
    # what was kept is read back unchanged
    before = {(o.direction, o.index): o for o in outcomes}
    for o in again:
        if (o.direction, o.index) in before and (o.direction, o.index) != ("theirs", 2):
            assert o.as_dict() == before[(o.direction, o.index)].as_dict()
    assert len(read_state(state)) == 12


def test_fides_ranges_are_drawn_per_tournament() -> None:
    """Over 300 tournaments every parameter varies within its range; other scorings only when
    asked, and Baku acceleration under the 2017 rules (C.04.5.1) with the standard scoring only."""
    from fractions import Fraction

    from verify.crosscheck import our_settings, their_config

    standard = (Fraction(1), Fraction(1, 2), Fraction(0))
    for rules in ("2026", "2017"):
        drawn = [our_settings(rules, 7, i, (9, 150), (5, 13)) for i in range(1, 301)]
        assert {s.players for s in drawn} <= set(range(9, 151)) and len({s.players for s in drawn}) > 80
        assert all(5 <= s.rounds <= 13 for s in drawn)
        assert 15 < sum(s.baku for s in drawn) < 90
        assert 10 < sum(s.points != standard for s in drawn) < 60
        assert all(s.forfeit_rate <= 0.05 and s.withdrawals <= 0.05 and s.late_entries <= 0.05 for s in drawn)
        if rules == "2017":
            assert all(s.points == standard for s in drawn if s.baku)
        plain = [our_settings(rules, 7, i, (9, 150), (5, 13), other_scorings=False) for i in range(1, 301)]
        assert all(s.points == standard for s in plain)
    configs = [their_config(7, i, (9, 150), (5, 13))[0] for i in range(1, 301)]
    assert 30 < sum("PointsForWin" in c for c in configs) < 100
    assert not any("PointsForWin" in their_config(7, i, (9, 150), (5, 13), other_scorings=False)[0]
                   for i in range(1, 301))
