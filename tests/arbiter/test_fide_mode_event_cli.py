"""The done-means of FIDE mode, as one test: a 9-round event run in FIDE mode through ``arbiter
event`` with every warned act performed once, then checked whole by ``arbiter check``.

* The warned acts (levels 1-3 of :data:`event.fidemode.ACTS`) are each done once, in FIDE mode:
  a late entry that moves starting ranks before round 4 (1), a full-point bye (2), a second
  half-point bye, a forbidden pair after round 1, a new number of rounds, a new tie-break list and
  round 5 paired by hand (3, each first refused without ``--confirm``).  The refused acts (level 5)
  are refused and leave the file as it was.
* The file then carries one ``###`` line per act (this test's own bookkeeping, read back by
  ``event log --json``), the rank column the standings give (written as results are entered:
  :func:`event.change.consistent`), and ``arbiter check FILE`` finds nothing: every round ``ok``
  but round 5, ``manual`` (its ``### MPA`` line describes it), the standings by the declared list
  without a finding; exit 0.
* Leaving FIDE mode (level 4) works once; a second leave is refused and nothing re-enters it.

The two endorsed oracles (bbpPairings, gacrux) read the same file in the scratch comparison, not
here (no test depends on them).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from event.fidemode import ACTS
from event.next_round import next_round
from event.results import boards
from tests.event.making import cli, players, players_csv

N = 16
TIEBREAKS = "BH/C1,BH,DE,WIN,BWG"


def _read(path: Path) -> trf.Tournament:
    parsed = trf.parse_file(path)
    assert not parsed.errors, [d.message for d in parsed.errors]
    return parsed.tournament


def build_event(path: Path, csv: Path, seed: int = 5) -> list[tuple[str, int, int]]:
    """Run the event into ``path`` from the command line (players from ``csv``); the acts done, as
    (line kind, round, level), in this function's own bookkeeping."""
    rng = random.Random(seed)
    acts: list[tuple[str, int, int]] = []

    def run(*args: str | Path, expect: int = 0) -> str:
        before = path.read_bytes() if path.exists() else b""
        code, out, err = cli(*args)
        assert code == expect, (args, out, err)
        if expect != 0:  # refused or not confirmed: nothing written
            assert path.read_bytes() == before, args
        return out + err

    def play_round() -> None:
        run("event", "pair", path)
        t = _read(path)
        pairs = []
        for b in boards(t, t.rounds_paired):
            pairs += [str(b.number), rng.choice(["1-0", "0-1", "="])]
        run("event", "result", path, *pairs)

    def rank(name: str) -> int:
        return next(p.start_rank for p in _read(path).players if p.name == name)

    run("event", "new", path, "--name", "FIDE Mode Open", "--rounds", "8", "--initial-colour", "white",
        "--tiebreaks", "BH/C1,BH,SB", "--start", "2026-10-03")
    run("event", "register", path, "--csv", csv)
    t = _read(path)
    top, fifth, tenth, last = (t.player(r).name for r in (1, 5, 10, N))

    run("event", "bye", path, str(rank(fifth)), "--round", "3", "--kind", "full")  # level 2: warned
    acts.append(("FPB", 3, 2))
    run("event", "bye", path, str(rank(tenth)), "--round", "2")  # a first half-point bye: no act
    play_round()

    run("event", "register", path, "--name", "Late, Lena", "--rating", "2999", "--fide-id", "999000999")
    acts.append(("Pairing numbers changed", 2, 1))
    run("event", "bye", path, str(rank(tenth)), "--round", "4", expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "bye", path, str(rank(tenth)), "--round", "4", "--confirm")
    acts.append(("HPB", 4, 3))
    run("event", "forbid", path, str(rank(top)), str(rank(last)), expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "forbid", path, str(rank(top)), str(rank(last)), "--confirm")
    acts.append(("Prohibition", 2, 3))
    play_round()

    run("event", "rounds", path, "9", expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "rounds", path, "9", "--confirm")
    acts.append(("Rounds changed", 3, 3))
    run("event", "tiebreaks", path, TIEBREAKS, expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "tiebreaks", path, TIEBREAKS, "--confirm")
    acts.append(("Tie-breaks changed", 3, 3))
    play_round()
    play_round()

    # round 5 by hand: the engine's two top boards crossed
    engine = next_round(_read(path)).pairing.boards
    crossed = [f"{engine[0][0]}-{engine[1][1]}", f"{engine[1][0]}-{engine[0][1]}"]
    run("event", "manual", path, *crossed, "--accept", expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "manual", path, *crossed, "--accept", "--confirm")
    acts.append(("MPA", 5, 3))
    t = _read(path)
    run("event", "result", path, *[x for b in boards(t, 5) for x in (str(b.number), rng.choice(["1-0", "0-1", "="]))])

    # the refused acts (level 5), once round 4 is paired: refused, nothing written
    run("event", "correct", path, str(rank(last)), "--rating", "2998", "--renumber",
        expect=exitcodes.FIDE_MODE_REFUSES)
    run("event", "scoring", path, "3/1/0", expect=exitcodes.FIDE_MODE_REFUSES)
    for _ in range(6, 10):
        play_round()
    return acts


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[str, int, int]]]:
    folder = tmp_path_factory.mktemp("fide-event")
    csv = folder / "p.csv"
    csv.write_text(players_csv(players(N, seed=77)), encoding="utf-8")
    path = folder / "event.trf"
    return path, build_event(path, csv)


def test_the_finished_event_carries_one_line_per_warned_act(finished: tuple[Path, list[tuple[str, int, int]]]) -> None:
    path, acts = finished
    code, out, _ = cli("event", "status", path, "--json")
    status = json.loads(out)
    assert status["state"] == "finished" and status["rounds"] == 9
    assert status["fide_mode"]["fide_mode"] is True
    code, out, _ = cli("event", "log", path, "--json")
    read_back = [(x["kind"], x["round"], x["level"]) for x in json.loads(out)["lines"]
                 if x["kind"] not in ("LOG", "comment")]
    assert sorted(read_back) == sorted(acts)
    assert {a.line for a in ACTS if a.level <= 3} == {kind for kind, _, _ in acts}  # every warned act, once
    assert len(acts) == sum(1 for a in ACTS if a.level <= 3)
    t = _read(path)
    assert t.rounds_paired == 9 and all(g.white_result is not None for r in range(1, 10) for g in t.games(r))
    assert "202 " + TIEBREAKS in path.read_text(encoding="utf-8").splitlines()


def test_check_finds_nothing_in_the_finished_event(finished: tuple[Path, list[tuple[str, int, int]]]) -> None:
    path, _ = finished
    code, out, err = cli("check", path, "--json")
    report = json.loads(out)
    assert code == exitcodes.OK, (out, err)
    assert report["ok"] is True and report["rounds_checked"] == list(range(1, 10))
    assert {r["round"]: r["status"] for r in report["rounds"]} == {**{r: "ok" for r in range(1, 10)}, 5: "manual"}
    assert report["rounds_with_discrepancies"] == [] and report["rounds_paired_by_hand"] == [5]
    assert all(not r["findings"] for r in report["rounds"] if r["round"] != 5)
    st = report["standings"]
    assert st["ok"] is True and st["checked"] is True and st["points_checked"] is True and not st["findings"]
    assert st["tiebreaks"] == TIEBREAKS and st["rank_differences"] == [] and st["misplaced"] == []
    # the rank column the file carries is the standings' own, not start ranks left in place
    t = _read(path)
    assert sorted(p.rank for p in t.players) == list(range(1, len(t.players) + 1))
    assert [p.rank for p in t.players] != [p.start_rank for p in t.players]
    # the hand-paired round is what --strict counts
    code, out, _ = cli("check", path, "--json", "--strict")
    assert code == exitcodes.DISCREPANCY and json.loads(out)["rounds_with_discrepancies"] == [5]


def test_leaving_fide_mode_works_once_and_is_final(finished: tuple[Path, list[tuple[str, int, int]]],
                                                   tmp_path: Path) -> None:
    path = tmp_path / "left.trf"
    path.write_bytes(finished[0].read_bytes())
    code, _, err = cli("event", "fide-mode", path, "--leave", "--reason", "the event is over")
    assert code == exitcodes.NEEDS_CONFIRMATION  # level 4: the confirmation is asked for
    code, _, err = cli("event", "fide-mode", path, "--leave", "--reason", "the event is over", "--yes")
    assert code == 0, err
    assert "### FIDE mode exited @ Round 10: the event is over" in path.read_text(encoding="utf-8").splitlines()
    after = path.read_bytes()
    code, _, err = cli("event", "fide-mode", path, "--leave", "--reason", "again", "--yes")
    assert code == exitcodes.USAGE and "leaving FIDE mode is final" in err
    code, _, err = cli("event", "fide-mode", path, "--enter")  # no command re-enters FIDE mode
    assert code == exitcodes.USAGE
    assert path.read_bytes() == after
    code, out, _ = cli("event", "fide-mode", path, "--json")
    assert json.loads(out)["fide_mode"] is False
    code, out, _ = cli("check", path, "--json")  # the line changes no verdict
    assert code == exitcodes.OK, out
