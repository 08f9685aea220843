"""A whole event run from the command line: 40 players registered from a CSV, 9 rounds paired into
the file, seeded random results (with forfeits), a late entry, two requested byes and a
withdrawal, to the end.

Independent expectations: every paired round is what ``arbiter pair`` gives on the file cut
before it (the checker's procedure of C.04.A A.4); the independent checker finds no
discrepancy in any round; each player's points are the sum of what this test entered (its own
bookkeeping by name, not the file's); the late entry, the byes and the withdrawal show in the
player lines as the rules say; standings and the rating report run on the final file, which
round-trips byte for byte and validates without a warning.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from event.log import entries
from event.results import boards
from tests.event.making import cli, players, players_csv
from trf.edit import cut_to_round
from trf.model import Result

N, ROUNDS = 40, 9
LATE = {"name": "Latecomer, Lena", "rating": "2450", "title": "IM", "fide_id": "77700077", "federation": "NOR"}

POINTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)), "=": (Fraction(1, 2), Fraction(1, 2)),
          "+-": (Fraction(1), Fraction(0)), "-+": (Fraction(0), Fraction(1)), "--": (Fraction(0), Fraction(0)),
          "1-0f": (Fraction(1), Fraction(0)), "0-1f": (Fraction(0), Fraction(1)), "0-0f": (Fraction(0), Fraction(0))}


def _read(path: Path) -> trf.Tournament:
    parsed = trf.parse_file(path)
    assert not parsed.errors, [d.message for d in parsed.errors]
    return parsed.tournament


def _by_name(t: trf.Tournament, name: str) -> int:
    return next(p.start_rank for p in t.players if p.name == name)


def _pick(rng: random.Random, r: int, board: int) -> str:
    """A seeded result; forfeits planted on fixed boards (a double forfeit in round 5)."""
    if (r, board) in ((2, 3), (6, 7)):
        return "+-"
    if (r, board) == (4, 5):
        return "0-1f"
    if (r, board) == (5, 4):
        return "0-0f"
    return rng.choices(["1-0", "0-1", "="], weights=[4, 3, 3])[0]


def test_a_whole_event_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "open.trf"
    rows = players(N, seed=2026)
    csv_path = tmp_path / "players.csv"
    csv_path.write_text(players_csv(rows), encoding="utf-8")
    commands = 0

    def run(*args: str | Path, expect: int = 0) -> str:
        nonlocal commands
        code, out, err = cli(*args)
        assert code == expect, (args, out, err)
        if args[0] == "event" and args[1] not in ("boards", "status", "log") and expect == 0:
            commands += 1
        return out

    run("event", "new", path, "--name", "Fjord Open 2026", "--rounds", str(ROUNDS), "--city", "Tromso",
        "--federation", "NOR", "--start", "2026-10-03", "--end", "2026-10-11", "--arbiter", "IA Test Arbiter (1500000)",
        "--seed", "11", "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--time-control", "90'+30\"")
    data = json.loads(run("event", "register", path, "--csv", csv_path, "--json"))
    assert len(data["data"]["players"]) == N
    t = _read(path)
    # starting ranks in the C.04.2 Art. 2 order, checked against the CSV itself
    titles = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
    want = sorted(rows, key=lambda r: (-int(r["rating"] or 0), titles.index(r["title"]) if r["title"] else 8,
                                       r["name"].casefold()))
    assert [p.name for p in sorted(t.players, key=lambda p: p.start_rank)] == [r["name"] for r in want]

    rng = random.Random(99)
    points: dict[str, Fraction] = {r["name"]: Fraction(0) for r in rows}
    bye_a, bye_b, leaver = want[10]["name"], want[25]["name"], want[33]["name"]
    for r in range(1, ROUNDS + 1):
        if r == 2:  # a bye requested two rounds ahead
            run("event", "bye", path, str(_by_name(_read(path), bye_a)), "--round", "4")
        if r == 3:  # a late entry, inserted in rating order before round 4 is paired
            run("event", "register", path, "--name", LATE["name"], "--title", LATE["title"], "--rating", LATE["rating"],
                "--fide-id", LATE["fide_id"], "--federation", LATE["federation"])
            points[LATE["name"]] = Fraction(0)
        if r == 5:
            run("event", "bye", path, str(_by_name(_read(path), bye_b)), "--round", "7", "--kind", "half")
        if r == 6:
            run("event", "withdraw", path, str(_by_name(_read(path), leaver)))
        out = run("event", "pair", path, "--date", f"2026-10-{2 + r:02d}")
        assert f"round {r}" in out
        t = _read(path)
        assert t.rounds_paired == r
        name = {p.start_rank: p.name for p in t.players}
        for b in t.byes(r):
            points[name[b.player]] += {Result.PAIRING_ALLOCATED_BYE: Fraction(1), Result.HALF_POINT_BYE: Fraction(1, 2),
                                       Result.ZERO_POINT_BYE: Fraction(0)}[b.kind]
        chosen = {bd.number: _pick(rng, r, bd.number) for bd in boards(t, r)}
        for bd in boards(t, r):
            w, b = POINTS[chosen[bd.number]]
            points[name[bd.white]] += w
            points[name[bd.black]] += b
        numbers = sorted(chosen)
        if r % 3 == 1:  # the whole round from a CSV
            csv_text = "board,result\n" + "".join(f"{k},{chosen[k]}\n" for k in numbers)
            (tmp_path / f"r{r}.csv").write_text(csv_text, encoding="utf-8")
            run("event", "result", path, "--csv", tmp_path / f"r{r}.csv")
        elif r % 3 == 2:  # board by board, several per command
            for part in (numbers[: len(numbers) // 2], numbers[len(numbers) // 2:]):
                run("event", "result", path, "--", *[x for k in part for x in (str(k), chosen[k])])
        else:  # by player: White's own result
            own = {"1-0": "1", "0-1": "0", "=": "=", "+-": "+", "-+": "-", "--": "--", "1-0f": "1f", "0-1f": "0f",
                   "0-0f": "0-0f"}
            for k in numbers:
                run("event", "result", path, "--by-player", "--", str(boards(t, r)[k - 1].white), own[chosen[k]])
        assert not [b for b in boards(_read(path), r) if b.pending]

    before_last = path.read_bytes()
    run("event", "status", path)
    final_bytes = path.read_bytes()
    assert final_bytes == before_last  # status writes nothing
    t = _read(path)

    # the points this test entered, player by player
    assert {p.name: p.points for p in t.players} == points
    assert {p.name: t.score(p.start_rank) for p in t.players} == points
    # the late entry: rounds 1-2 zero-point byes, plays from round 3, numbered by its rating
    late = t.player(_by_name(t, LATE["name"]))
    assert [late.entry(r).code for r in (1, 2)] == [Result.ZERO_POINT_BYE] * 2
    assert all(late.entry(r).opponent is not None or late.entry(r).code is Result.PAIRING_ALLOCATED_BYE
               for r in range(3, ROUNDS + 1))
    stronger = sum(1 for row in rows if int(row["rating"] or 0) > 2450)
    assert late.start_rank == stronger + 1
    # the requested byes and the withdrawal
    assert t.player(_by_name(t, bye_a)).entry(4).code is Result.HALF_POINT_BYE
    assert t.player(_by_name(t, bye_b)).entry(7).code is Result.HALF_POINT_BYE
    gone = t.player(_by_name(t, leaver))
    assert [gone.entry(r).code for r in range(6, ROUNDS + 1)] == [Result.ZERO_POINT_BYE] * (ROUNDS - 5)
    assert gone.entry(5).opponent is not None
    # forfeits are in the file as forfeits
    codes = {e.code for p in t.players for e in p.rounds if e is not None}
    assert {Result.FORFEIT_WIN, Result.FORFEIT_LOSS} <= codes

    # every round is what `arbiter pair` gives on the file cut before it
    for r in range(1, ROUNDS + 1):
        cut = tmp_path / f"cut{r}.trf"
        cut.write_text(trf.dumps(cut_to_round(t, r)), encoding="utf-8")
        code, out, err = cli("pair", cut, "--format", "bbp")
        assert code == 0, err
        pab = [f"{b.player} 0" for b in t.byes(r) if b.kind is Result.PAIRING_ALLOCATED_BYE]
        in_file = [f"{b.white} {b.black}" for b in boards(t, r)] + pab
        assert out.split("\n")[1:-1] == in_file, r
        assert out.split("\n")[0] == str(len(in_file))

    # the independent checker finds no discrepancy in any round
    code, out, err = cli("check", path, "--json")
    report = json.loads(out)
    assert code == 0 and report["rounds_checked"] == list(range(1, ROUNDS + 1)) and report["ok"], [
        (x["round"], x["findings"]) for x in report["rounds"] if not x["ok"]]

    # the event is over: no further pairing
    assert cli("pair", path)[0] == exitcodes.FINISHED
    assert cli("event", "pair", path)[0] == exitcodes.FINISHED

    # standings (the file's ranks are the standings'), the rating report and the rating changes
    code, out, err = cli("standings", path, "--check", "--json")
    assert code == 0, err
    table = json.loads(out)
    assert [row["start_rank"] for row in table["standings"]][:1] == [
        max(t.players, key=lambda p: (p.points, -p.rank)).start_rank]
    code, out, err = cli("ratings", path, "--json")
    assert code == 0, err
    assert len(json.loads(out)["players"]) == N + 1
    code, out, err = cli("report", path, "-o", tmp_path / "clean.trf", "--json")
    problems = json.loads(out)["problems"]
    assert code == 0 and json.loads(out)["fit"], problems

    # the final file round-trips and validates cleanly
    parsed = trf.parse_bytes(final_bytes)
    assert trf.dumps(parsed.tournament).encode("utf-8") == final_bytes
    assert [d.message for d in parsed.diagnostics if d.severity is not trf.Severity.INFO] == []

    # the log: one line per command that changed the file, in order
    log = entries(t)
    assert len(log) == commands
    assert log[0].text.startswith("create event: Fjord Open 2026")
    assert [e.text.split(":")[0] for e in log].count("withdraw " + f"{gone.start_rank} ({leaver})") == 1
    assert log[-1].text.startswith(f"result round {ROUNDS}") or log[-1].text.startswith(f"results round {ROUNDS}")


@pytest.mark.fast
def test_the_backup_is_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    assert cli("event", "new", path, "--name", "Backup Cup", "--rounds", "3", "--initial-colour", "white")[0] == 0
    first = path.read_bytes()
    assert not (tmp_path / "e.trf.bak").exists()
    assert cli("event", "register", path, "--name", "Doe, Jane", "--rating", "1800")[0] == 0
    assert (tmp_path / "e.trf.bak").read_bytes() == first
    second = path.read_bytes()
    assert cli("event", "register", path, "--name", "Roe, Rick", "--rating", "1900")[0] == 0
    assert (tmp_path / "e.trf.bak").read_bytes() == second
    # a refused command writes nothing, not even the backup
    assert cli("event", "register", path, "--name", "X" * 40)[0] == exitcodes.USAGE
    assert (tmp_path / "e.trf.bak").read_bytes() == second
