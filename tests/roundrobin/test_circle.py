"""The rotation table drawn by hand (``--table circle``, :mod:`roundrobin.circle`).

Expectations are hand-written from the method as organisers draw it (number 1 fixed, every
other number turning one step around the two rows after each round; an odd field adds a ghost
whose opponent rests), the six- and five-entrant sheets below copied from that drawing, and
counting arguments (every pair once per cycle, colours reversed in cycle 2)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from roundrobin.berger import BYE, double_round_robin, single_round_robin
from roundrobin.circle import circle_table
from roundrobin.event import numbered_entrants, plan, to_tournament
from roundrobin.seeding import Fix, Meet, Unsatisfiable
from roundrobin.tables import TABLES, UnknownTable, lay_out, table
from tests.roundrobin.test_timetable import assert_minimal_on_every_board_count
from trf import parse_text
from trf.model import Colour

pytestmark = pytest.mark.fast
runner = CliRunner()

# The sheets, drawn by hand (two rows; 1 stays, the others turn one step clockwise):
#   round 1   1 2 3   round 2   1 6 2   round 3   1 5 6   round 4   1 4 5   round 5   1 3 4
#             6 5 4             5 4 3             4 3 2             3 2 6             2 6 5
SIX = [
    [(1, 6), (2, 5), (3, 4)],
    [(1, 5), (6, 4), (2, 3)],
    [(1, 4), (5, 3), (6, 2)],
    [(1, 3), (4, 2), (5, 6)],
    [(1, 2), (3, 6), (4, 5)],
]
# Five: the ghost 0 takes place 6 (under 1 in round 1) and turns with the others.
#   round 1   1 2 3   round 2   1 0 2   round 3   1 5 0   round 4   1 4 5   round 5   1 3 4
#             0 5 4             5 4 3             4 3 2             3 2 0             2 0 5
FIVE = [
    [(1, BYE), (2, 5), (3, 4)],
    [(1, 5), (4, BYE), (2, 3)],
    [(1, 4), (5, 3), (2, BYE)],
    [(1, 3), (4, 2), (5, BYE)],
    [(1, 2), (3, BYE), (4, 5)],
]


def pairs_met(rounds) -> dict[frozenset[int], list[tuple[int, int]]]:
    """Test-side reading: each pair of numbers -> its games (White, Black), byes left out."""
    out: dict[frozenset[int], list[tuple[int, int]]] = {}
    for rnd in rounds:
        for w, b in rnd:
            if b != BYE:
                out.setdefault(frozenset((w, b)), []).append((w, b))
    return out


def test_six_entrants_the_sheet_exactly() -> None:
    assert [list(r) for r in circle_table(6)] == SIX


def test_five_entrants_with_the_ghost() -> None:
    """Round 1: 2-5, 3-4, 1 rests."""
    rounds = circle_table(5)
    assert [list(r) for r in rounds] == FIVE
    sched = lay_out("circle", 5)
    assert sched.games(1) == ((2, 5), (3, 4)) and sched.bye(1) == 1
    assert [sched.bye(r) for r in range(1, 6)] == [1, 4, 2, 5, 3]


@pytest.mark.parametrize("n", range(2, 31))
def test_every_pair_meets_once_in_a_cycle(n: int) -> None:
    rounds = circle_table(n)
    big_n = n + n % 2
    assert len(rounds) == big_n - 1
    met = pairs_met(rounds)
    assert set(met) == {frozenset((a, b)) for a in range(1, n + 1) for b in range(a + 1, n + 1)}
    assert all(len(g) == 1 for g in met.values())
    for r, rnd in enumerate(rounds, 1):  # nobody twice in a round; every entrant in every round
        seen = [p for w, b in rnd for p in (w, b) if p != BYE]
        assert sorted(seen) == list(range(1, n + 1)), r
        assert sum(b == BYE for _, b in rnd) == n % 2


@pytest.mark.parametrize("n", range(2, 31))
@pytest.mark.parametrize("reverse", [False, True])
def test_every_pair_meets_twice_colours_reversed_in_the_double_cycle(n: int, reverse: bool) -> None:
    sched = lay_out("circle", n, double=True, reverse_second_cycle=reverse)
    half = len(sched.rounds) // 2
    assert sched.cycles == 2 and half == n + n % 2 - 1
    for cycle in (sched.rounds[:half], sched.rounds[half:]):
        assert all(len(g) == 1 for g in pairs_met(cycle).values()) and len(pairs_met(cycle)) == n * (n - 1) // 2
    for games in pairs_met(sched.rounds).values():
        (w1, b1), (w2, b2) = games
        assert (w2, b2) == (b1, w1)
    if n == 2:  # one game in all: played in rounds 1 and 2
        return
    # no pair meets in two consecutive rounds (the seam between the cycles)
    seam = {frozenset(p) for p in sched.rounds[half - 1] if p[1] != BYE}
    assert not seam & {frozenset(p) for p in sched.rounds[half] if p[1] != BYE}


def test_double_cycle_orders() -> None:
    """Cycle 2 in table order: cycle 1 is the sheet as drawn, cycle 2 the sheet reversed in
    colour.  Cycle 2 backwards: cycle 1's last two rounds swapped (else 4-5, 3-6, 1-2 would
    be played twice running), cycle 2 from the sheet's round 5 back to round 1."""
    flip = [[(b, w) for w, b in r] for r in SIX]
    sched = lay_out("circle", 6, double=True)
    assert [list(r) for r in sched.rounds] == SIX + flip
    rev = lay_out("circle", 6, double=True, reverse_second_cycle=True)
    assert [list(r) for r in rev.rounds] == SIX[:3] + [SIX[4], SIX[3]] + flip[::-1]


@pytest.mark.parametrize("n", range(2, 31, 2))
def test_colours_as_drawn(n: int) -> None:
    """The first-listed has White: 1 has White in every round of cycle 1, every other number
    N/2-1 Whites and N/2 Blacks; over both cycles everyone n-1 of each."""
    whites = {p: 0 for p in range(1, n + 1)}
    for rnd in circle_table(n):
        for w, _ in rnd:
            whites[w] += 1
    assert whites[1] == n - 1
    assert all(whites[p] == n // 2 - 1 for p in range(2, n + 1))
    both = {p: 0 for p in range(1, n + 1)}
    for rnd in lay_out("circle", n, double=True).rounds:
        for w, _ in rnd:
            both[w] += 1
    assert set(both.values()) == {n - 1}


def test_fide_stays_the_default_and_unchanged() -> None:
    for n in (2, 5, 6, 11):
        assert lay_out("fide", n) == single_round_robin(n)
        assert lay_out("fide", n, double=True) == double_round_robin(n)
        assert lay_out("fide", n, double=True, reverse_second_cycle=True) == double_round_robin(n, True)
        assert plan(numbered_entrants(n)).schedule == single_round_robin(n)
    assert list(TABLES) == ["fide", "circle"]


def test_bad_input() -> None:
    with pytest.raises(UnknownTable, match="unknown table 'square': expected one of fide, circle"):
        table("square")
    with pytest.raises(ValueError, match="at least 2 players"):
        circle_table(1)
    with pytest.raises(ValueError, match="at least 2 players"):
        lay_out("circle", 0)


# --------------------------------------------------------------------------- numbering constraints

def test_constraints_are_met_on_the_circle_table() -> None:
    """--fix and --meet choose numbers, on the circle table's own rounds: with Lee=1 and
    Smith-Jones@last, Smith and Jones meet in the circle's last round."""
    entrants = numbered_entrants(6)
    p = plan(entrants, table="circle", constraints=[Fix("Player 4", 1), Meet("Player 2", "Player 3", "last")])
    assert p.table == "circle" and p.method == "constraints" and p.number("Player 4") == 1
    a, b = p.number("Player 2"), p.number("Player 3")
    assert frozenset((a, b)) in {frozenset(x) for x in SIX[4]}


def test_a_constraint_the_circle_cannot_meet_is_refused_by_name() -> None:
    """A=1, B=2 and A-B in round 2: FIDE's table has 1-2 in round 2 (C.05 Annex 1, six players),
    the hand table only in round 5 (1 meets 6, 5, 4, 3, 2 in turn)."""
    cons = [Fix("Player 1", 1), Fix("Player 2", 2), Meet("Player 1", "Player 2", 2)]
    assert plan(numbered_entrants(6), constraints=cons).number("Player 2") == 2
    with pytest.raises(Unsatisfiable) as exc:
        plan(numbered_entrants(6), constraints=cons, table="circle")
    assert exc.value.constraint == cons[2]
    res = runner.invoke(app, ["roundrobin", "--players", "6", "--table", "circle", "--fix", "Player 1=1",
                              "--fix", "Player 2=2", "--meet", "Player 1-Player 2@2"])
    assert res.exit_code == 1
    assert "Player 1-Player 2@2 cannot be met together with Player 1=1, Player 2=2" in res.output
    assert "Traceback" not in res.output


def test_groups_apart_by_the_exact_search_not_the_varma_envelopes() -> None:
    """The Varma envelopes (C.05 Annex 2) are made for the Berger tables; on the circle table
    groups are kept apart in the last three rounds by the exact search."""
    entrants = numbered_entrants(10)
    groups = {"Player 1": "A", "Player 2": "A", "Player 3": "A"}
    p = plan(entrants, groups=groups, table="circle")
    assert p.method == "constraints" and p.draw is None
    last3 = {frozenset(x) for r in p.schedule.rounds[-3:] for x in r}
    nums = [p.number(x) for x in groups]
    assert not any(frozenset((a, b)) in last3 for a in nums for b in nums if a < b)


# --------------------------------------------------------------------------- timetable

@pytest.mark.parametrize("n", range(2, 9))
def test_timetable_on_the_circle_table_is_minimal(n: int) -> None:
    assert_minimal_on_every_board_count(lay_out("circle", n).rounds, n)


# --------------------------------------------------------------------------- CLI

def test_cli_json_shape() -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "5", "--table", "circle", "--double", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["table"] == "circle" and data["cycles"] == 2 and data["order"] == "table" and data["games"] == 20
    r1 = data["rounds"][0]
    assert [(b["board"], b["white"], b["black"]) for b in r1["boards"]] == [(1, 2, 5), (2, 3, 4)] and r1["bye"] == 1
    r6 = data["rounds"][5]
    assert r6["cycle"] == 2 and [(b["white"], b["black"]) for b in r6["boards"]] == [(5, 2), (4, 3)] and r6["bye"] == 1
    assert json.loads(runner.invoke(app, ["roundrobin", "--players", "4", "--json"]).stdout)["table"] == "fide"


def test_cli_csv_and_trf(tmp_path) -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "6", "--table", "circle", "--csv"])
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert [(int(r["white_no"]), int(r["black_no"])) for r in rows if r["round"] == "2"] == SIX[1]
    out = tmp_path / "rr.trf"
    res = runner.invoke(app, ["roundrobin", "--players", "5", "--table", "circle", "--trf", str(out)])
    assert res.exit_code == 0, res.output
    t = parse_text(out.read_text()).tournament
    assert t.header("192") == "CUSTOM_ROUNDROBIN"  # not FIDE's table: no FIDE code labels it
    assert "rotation table" in t.header("092")
    got = [sorted((g.white, g.black) for g in t.games(r)) for r in range(1, 6)]
    assert got == [sorted(x for x in r if x[1] != BYE) for r in FIVE]
    p1 = next(p for p in t.players if p.start_rank == 1)
    assert p1.rounds[0].opponent is None and all(e.colour is Colour.WHITE for e in p1.rounds[1:])


def test_cli_timetable_with_the_circle_table() -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "6", "--table", "circle", "--boards", "2",
                              "--start", "2026-12-05 09:00", "--slot", "45m", "--json"])
    assert res.exit_code == 0, res.output
    tt = json.loads(res.stdout)["timetable"]
    placed = sorted((s["round"], g["white"], g["black"]) for s in tt["slots"] for g in s["games"])
    assert placed == sorted((r, w, b) for r, rnd in enumerate(SIX, 1) for w, b in rnd)
    assert tt["totals"]["minimal"] and tt["totals"]["slots"] == 10


def test_cli_bad_table() -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "6", "--table", "square"])
    assert res.exit_code == 2
    assert "--table: unknown table 'square': expected one of fide, circle" in res.output
    assert "Traceback" not in res.output
    assert runner.invoke(app, ["roundrobin", "--players", "6", "--table", ""]).exit_code == 2


def test_cli_human_output_says_which_table() -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "6", "--table", "circle"])
    assert res.exit_code == 0 and "rotation table" in res.output
    assert "rotation table" not in runner.invoke(app, ["roundrobin", "--players", "6"]).output


# --------------------------------------------------------------------------- arbiter check

@pytest.mark.parametrize("n", range(2, 31))
def test_the_checkers_closed_form_agrees_with_the_rotation(n: int) -> None:
    """Two readings of the hand table: the checker's closed form (place p holds ((p - r) mod M) + 2)
    and the construction's turning list."""
    from checker.roundrobin import circle_round

    assert [circle_round(n, r) for r in range(1, n + n % 2)] == [list(r) for r in circle_table(n)]


@pytest.mark.parametrize("args", [["--players", "6"], ["--players", "7", "--double"],
                                  ["--players", "8", "--double", "--reverse-second-cycle"]])
def test_check_accepts_the_circle_file_it_wrote(tmp_path, args) -> None:
    out = tmp_path / "rr.trf"
    assert runner.invoke(app, ["roundrobin", *args, "--table", "circle", "--trf", str(out)]).exit_code == 0
    res = runner.invoke(app, ["check", str(out), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["ok"] and data["table"] == "circle" and data["deviations"] == []
    text = runner.invoke(app, ["check", str(out)]).output
    assert "checked against the rotation table drawn by hand" in text


def test_check_names_a_circle_deviation_in_its_own_terms(tmp_path) -> None:
    """Round 2 of the six-entrant sheet with 1-5 played the other way round."""
    out = tmp_path / "rr.trf"
    runner.invoke(app, ["roundrobin", "--players", "6", "--table", "circle", "--trf", str(out)])
    text = out.read_text().splitlines()
    t = parse_text("\n".join(text) + "\n").tournament
    from dataclasses import replace

    from trf.model import Player, RoundEntry
    recs = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank in (1, 5):
            rounds = list(rec.rounds)
            rounds[1] = RoundEntry(5 if rec.start_rank == 1 else 1,
                                   Colour.BLACK if rec.start_rank == 1 else Colour.WHITE, None)
            rec = replace(rec, rounds=tuple(rounds))
        recs.append(rec)
    from trf import dumps
    bad = tmp_path / "bad.trf"
    bad.write_text(dumps(t.replace_records(tuple(recs))))
    res = runner.invoke(app, ["check", str(bad), "--json"])
    assert res.exit_code == 4
    data = json.loads(res.stdout)
    assert data["table"] == "circle"
    (dev,) = data["deviations"]
    assert dev["round"] == 2 and dev["kind"] == "colour" and dev["players"] == [1, 5]
    assert "rotation table drawn by hand" in dev["sentence"] and "C.05" not in dev["sentence"]


def test_a_fide_labelled_file_is_read_against_fide_only(tmp_path) -> None:
    """The circle's rounds under a FIDE code (192 FIDE_ROUNDROBIN) are FIDE's deviations."""
    out = tmp_path / "rr.trf"
    runner.invoke(app, ["roundrobin", "--players", "6", "--table", "circle", "--trf", str(out)])
    out.write_text(out.read_text().replace("CUSTOM_ROUNDROBIN", "FIDE_ROUNDROBIN"))
    res = runner.invoke(app, ["check", str(out), "--json"])
    assert res.exit_code == 4
    data = json.loads(res.stdout)
    assert data["table"] == "fide" and data["rounds_with_deviations"] == [2, 3, 4, 5]
