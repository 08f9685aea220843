"""A whole 9-round event run from the command line in FIDE mode, doing every act of
:data:`event.fidemode.ACTS` once: each warned act first without its confirmation (exit 9, the
file unchanged byte for byte), each refused act refused (exit 10, unchanged), then done; FIDE mode
left before round 7, and the two refused acts done outside it.

Independent expectations: the list of acts this test did, in its own bookkeeping, is what
``event log --json`` reads back as irregularity lines: one line per act, with the act's round
(the round paired by hand, the round of the bye, else the rounds paired then plus one) and the
level of the table; one log line per command that changed the file; the file round-trips byte
for byte after every command; the rounds paired before FIDE mode was left, except the round
paired by hand, are what the independent checker finds conforming.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import trf
from arbiter import exitcodes
from event.fidemode import ACTS
from event.next_round import next_round
from event.results import boards
from tests.event.making import cli, players, players_csv

N = 16


def _read(path: Path) -> trf.Tournament:
    parsed = trf.parse_file(path)
    assert not parsed.errors, [d.message for d in parsed.errors]
    return parsed.tournament


def test_a_whole_event_in_fide_mode_doing_every_act_once(tmp_path: Path) -> None:
    path = tmp_path / "mode.trf"
    rows = players(N, seed=77)
    (tmp_path / "p.csv").write_text(players_csv(rows), encoding="utf-8")
    rng = random.Random(5)
    changed = 0
    acts: list[tuple[str, int, int]] = []  # (line kind, round, level), this test's own bookkeeping

    def run(*args: str | Path, expect: int = 0) -> str:
        nonlocal changed
        before = path.read_bytes() if path.exists() else b""
        code, out, err = cli(*args)
        assert code == expect, (args, out, err)
        if expect != 0:  # refused or not confirmed: nothing written
            assert path.read_bytes() == before, args
            return err
        text = path.read_text(encoding="utf-8")
        assert trf.dumps(_read(path)) == text  # byte-stable round trip after every command
        if path.read_bytes() != before:
            changed += 1
        return out + err

    def play_round() -> None:
        run("event", "pair", path)
        t = _read(path)
        pairs = []
        for b in boards(t, t.rounds_paired):
            pairs += [str(b.number), rng.choice(["1-0", "0-1", "="])]
        run("event", "result", path, *pairs)

    run("event", "new", path, "--name", "Mode Open", "--rounds", "8", "--initial-colour", "white",
        "--tiebreaks", "BH/C1,BH,SB", "--start", "2026-10-03")
    run("event", "register", path, "--csv", tmp_path / "p.csv")
    t = _read(path)
    top, fifth, tenth, last = (t.player(r).name for r in (1, 5, 10, N))

    def rank(name: str) -> int:
        return next(p.start_rank for p in _read(path).players if p.name == name)

    # before round 1: a full-point bye (warned, level 2) and a first half-point bye (no act)
    out = run("event", "bye", path, str(rank(fifth)), "--round", "3", "--kind", "full")
    assert "FIDE rules deprecate it" in out
    acts.append(("FPB", 3, 2))
    run("event", "bye", path, str(rank(tenth)), "--round", "2")
    play_round()

    # round 1 paired: a late entry above everyone but the top player moves them down (level 1)
    run("event", "register", path, "--name", "Late, Lena", "--rating", "2999", "--fide-id", "999000999")
    assert rank("Late, Lena") == 1  # the highest rating: the first place
    acts.append(("Pairing numbers changed", 2, 1))
    # a second half-point bye (level 3)
    err = run("event", "bye", path, str(rank(tenth)), "--round", "4", expect=exitcodes.NEEDS_CONFIRMATION)
    assert "give --confirm" in err
    run("event", "bye", path, str(rank(tenth)), "--round", "4", "--confirm")
    acts.append(("HPB", 4, 3))
    # a forbidden pair (level 3)
    run("event", "forbid", path, str(rank(top)), str(rank(last)), expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "forbid", path, str(rank(top)), str(rank(last)), "--confirm")
    acts.append(("Prohibition", 2, 3))
    play_round()

    # round 2 played: the number of rounds and the tie-break list (level 3 each)
    run("event", "rounds", path, "9", expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "rounds", path, "9", "--confirm")
    acts.append(("Rounds changed", 3, 3))
    run("event", "tiebreaks", path, "BH,SB,DE", expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "tiebreaks", path, "BH,SB,DE", "--confirm")
    acts.append(("Tie-breaks changed", 3, 3))
    play_round()
    play_round()

    # round 5 paired by hand, the engine's two top boards crossed (level 3)
    engine = next_round(_read(path)).pairing.boards
    crossed = [f"{engine[0][0]}-{engine[1][1]}", f"{engine[1][0]}-{engine[0][1]}"]
    run("event", "manual", path, *crossed, "--accept", expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "manual", path, *crossed, "--accept", "--confirm")
    acts.append(("MPA", 5, 3))
    t = _read(path)
    run("event", "result", path, *[x for b in boards(t, 5) for x in (str(b.number), "=")])
    play_round()

    in_fide_mode = tmp_path / "rounds-1-6.trf"  # the rounds paired in FIDE mode, for the checker below
    in_fide_mode.write_bytes(path.read_bytes())
    # round 6 played: FIDE mode refuses renumbering and a new scoring (level 5)
    err = run("event", "correct", path, str(rank(last)), "--rating", "2998", "--renumber",
              expect=exitcodes.FIDE_MODE_REFUSES)
    assert "VCL.09" in err
    run("event", "scoring", path, "3/1/0", expect=exitcodes.FIDE_MODE_REFUSES)
    # leaving FIDE mode (level 4): a reason and a confirmation
    run("event", "fide-mode", path, "--leave", "--reason", "the organiser adds a game-fee round",
        expect=exitcodes.NEEDS_CONFIRMATION)
    run("event", "fide-mode", path, "--leave", "--reason", "the organiser adds a game-fee round", "--yes")
    acts.append(("FIDE mode exited", 7, 4))
    # outside FIDE mode the refused acts are done, and recorded
    run("event", "correct", path, str(rank(last)), "--rating", "2998", "--renumber")
    assert rank(last) == 2  # 2998: below the late entry's 2999
    acts.append(("Pairing numbers changed", 7, 5))
    run("event", "scoring", path, "3/1/0")
    acts.append(("Scoring changed", 7, 5))
    run("event", "fide-mode", path, "--leave", "--reason", "again", "--yes", expect=exitcodes.USAGE)  # final
    for _ in range(7, 10):
        play_round()

    code, out, err = cli("event", "status", path, "--json")
    status = json.loads(out)
    assert status["state"] == "finished" and status["rounds"] == 9
    assert status["fide_mode"] == {"fide_mode": False, "left_at_round": 7, "reason": "the organiser adds a game-fee round"}

    code, out, err = cli("event", "log", path, "--json")
    lines = json.loads(out)["lines"]
    read_back = [(x["kind"], x["round"], x["level"]) for x in lines if x["kind"] not in ("LOG", "comment")]
    assert sorted(read_back, key=lambda x: x[1]) == sorted(acts, key=lambda x: x[1])  # one line per act, in round order
    assert read_back == sorted(read_back, key=lambda x: x[1])
    assert len(read_back) == len(acts) == len(ACTS)  # every act of the table, once
    assert sum(1 for x in lines if x["kind"] == "LOG") == changed

    # the rounds the engine paired in FIDE mode conform (round 5 was paired by hand)
    code, out, err = cli("check", in_fide_mode, "--json")
    report = json.loads(out)
    assert report["rounds_checked"] == [1, 2, 3, 4, 5, 6]
    assert {x["round"] for x in report["rounds"] if not x["ok"]} <= {5}
