"""Round robins beyond the bare tables: the Varma drawing of lots (C.05 Annex 2), numbering
constraints, the TRF-2026 file of an event, and ``arbiter check`` on round robins.

Expectations come from the rule texts (the Varma aim: a group never meets in the last three
rounds), from hand-worked tables (written out below), from the independent closed form in
``checker/roundrobin.py`` agreeing with FIDE's construction in ``roundrobin/berger.py``, and from a
real file: the FIDE tie-break exercises' round robin (Held), whose pairings are Berger's once two
players are renumbered."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbiter.cli import app
from checker.roundrobin import berger_round, check_round_robin, expected_round, find_numbering
from roundrobin.berger import BYE, berger_table, double_round_robin
from roundrobin.event import (Entrant, EntrantsError, numbered_entrants, parse_entrants, parse_groups, plan,
                                to_tournament)
from roundrobin.seeding import Apart, Fix, Meet, Unsatisfiable, parse_fix, parse_meet, solve
from roundrobin.varma import (VarmaError, drawing_order, table_conflicts, varma_conflicts, varma_draw,
                           varma_table)
from tests.support import shared_corpus
from trf import dumps, parse_text
from trf.model import Colour, Player, RoundEntry

pytestmark = pytest.mark.fast
runner = CliRunner()


def meetings(rounds) -> dict[frozenset[int], list[int]]:
    """Test-side reading of a schedule: the rounds in which each pair of numbers meets."""
    out: dict[frozenset[int], list[int]] = {}
    for r, rnd in enumerate(rounds, 1):
        for w, b in rnd:
            if b != BYE:
                out.setdefault(frozenset((w, b)), []).append(r)
    return out


# --------------------------------------------------------------------------- Varma tables

@pytest.mark.parametrize("n", range(9, 25))
def test_varma_envelopes_partition_the_numbers(n: int) -> None:
    """Four envelopes holding each of 1..n exactly once (the bye number N of an odd n left out)."""
    table = varma_table(n)
    numbers = [x for env in table.envelopes for x in env]
    assert sorted(numbers) == list(range(1, n + 1))
    assert len(table.envelopes) == 4


@pytest.mark.parametrize("n", range(9, 25))
def test_varma_envelopes_keep_apart_in_the_last_three_rounds(n: int) -> None:
    """The purpose of the tables (C.05 Annex 2): numbers of one envelope do not meet in the last
    three rounds.  The one exception is the Handbook's own 11/12 row: 6 and 12 of envelope C meet in
    round 11 of 12 players (digest 10.5), harmless with 11 players where 12 is the bye."""
    conflicts = table_conflicts(varma_table(n))
    if n == 12:
        assert conflicts == [("C", 6, 12, 11)]
    else:
        assert conflicts == []


def test_varma_outside_its_range() -> None:
    with pytest.raises(ValueError, match="9 to 24"):
        varma_table(8)
    with pytest.raises(ValueError, match="9 to 24"):
        varma_table(25)


def test_drawing_order_follows_annex_2_point_2() -> None:
    """Largest contingent first; equal sizes by FIDE code alphabetically; names alphabetically."""
    groups = {"Zed": "ENG", "Abe": "ENG", "Moe": "ENG", "Kim": "FRA", "Al": "FRA", "Bo": "ARM", "Cy": "ARM"}
    order = drawing_order(list(groups) + ["Solo"], groups)
    assert order[0] == ("ENG", ["Abe", "Moe", "Zed"])
    assert order[1] == ("ARM", ["Bo", "Cy"])
    assert order[2] == ("FRA", ["Al", "Kim"])
    assert order[3][1] == ["Solo"]


@settings(max_examples=60, deadline=None)
@given(st.integers(9, 24), st.lists(st.integers(1, 4), min_size=1, max_size=4), st.integers(0, 10**6))
def test_varma_draw_keeps_each_contingent_in_one_envelope(n: int, sizes: list[int], seed: int) -> None:
    """Any draw: numbers 1..n each once, a contingent's numbers all from one envelope, and so no
    two compatriots meet in the last three rounds (except through the Handbook's 11/12 C quirk)."""
    players = [f"p{i:02d}" for i in range(n)]
    groups: dict[str, str] = {}
    k = 0
    for g, size in enumerate(sizes):
        for _ in range(size):
            if k < n:
                groups[players[k]] = f"F{g}"
                k += 1
    try:
        draw = varma_draw(players, groups, seed)
    except VarmaError:
        table = varma_table(n)
        assert sum(sizes) > 0
        big = sorted((len(e) for e in table.envelopes), reverse=True)
        # refused only when the contingents really cannot be placed (checked by brute force)
        from itertools import product
        cont = sorted((s for s in (sum(1 for p in groups if groups[p] == f"F{g}") for g in range(len(sizes))) if s),
                      reverse=True)
        assert not any(all(sum(c for c, e in zip(cont, choice) if e == j) <= big[j] for j in range(4))
                       for choice in product(range(4), repeat=len(cont)))
        return
    assert sorted(draw.numbering.values()) == list(range(1, n + 1))
    table = varma_table(n)
    for g in {groups[p] for p in groups}:
        nums = {draw.numbering[p] for p in groups if groups[p] == g}
        assert any(nums <= set(env) for env in table.envelopes), (g, nums)
    conflicts = varma_conflicts(draw.numbering, groups, berger_table(n))
    assert all(n == 12 and {draw.numbering[c.a], draw.numbering[c.b]} == {6, 12} for c in conflicts)
    assert varma_draw(players, groups, seed) == draw  # the same seed, the same lots


def test_varma_refuses_a_contingent_larger_than_every_envelope() -> None:
    players = [f"p{i}" for i in range(10)]
    groups = {p: "ENG" for p in players[:4]}  # the largest envelope for 10 holds 3 numbers
    with pytest.raises(VarmaError, match="largest Varma envelope"):
        varma_draw(players, groups)


# --------------------------------------------------------------------------- numbering constraints

NAMES6 = ["Smith", "Jones", "Lee", "Khan", "Ode", "Wu"]


def test_parse_constraints() -> None:
    assert parse_fix("Smith=1") == Fix("Smith", 1)
    assert parse_meet("A-B@last") == Meet("A", "B", "last")
    assert parse_meet("C-D@1") == Meet("C", "D", 1)
    assert parse_meet("Smith-Jones - Lee@first") == Meet("Smith-Jones", "Lee", 1)
    with pytest.raises(ValueError, match="NAME=NUMBER"):
        parse_fix("Smith")
    with pytest.raises(ValueError, match="A-B@ROUND"):
        parse_meet("Smith@3")


def test_solve_meets_the_hand_constraints() -> None:
    """Lee=1, Smith and Jones in the last round (5), Khan and Wu in round 1, on the 6-player table
    (round 1: 1-6 2-5 3-4; round 5: 3-6 4-2 5-1)."""
    sol = solve(NAMES6, berger_table(6), [Fix("Lee", 1), Meet("Smith", "Jones", "last"), Meet("Khan", "Wu", 1)])
    num = sol.numbers
    assert num["Lee"] == 1
    assert frozenset((num["Smith"], num["Jones"])) in {frozenset(p) for p in berger_table(6)[4]}
    assert frozenset((num["Khan"], num["Wu"])) in {frozenset(p) for p in berger_table(6)[0]}
    assert sorted(num.values()) == list(range(1, 7))


def test_solve_keeps_the_given_order_without_constraints() -> None:
    sol = solve(NAMES6, berger_table(6), [])
    assert sol.numbers == {p: i for i, p in enumerate(NAMES6, 1)} and sol.moved == ()


@pytest.mark.parametrize("constraints, message", [
    ([Fix("Lee", 1), Fix("Wu", 1)], "Wu=1 cannot be met together with Lee=1: number 1 is already given to Lee"),
    ([Fix("Lee", 1), Fix("Jones", 2), Meet("Lee", "Jones", 1)],
     "Lee-Jones@1 cannot be met together with Lee=1, Jones=2: numbers 1 and 2 meet in round 2, not round 1"),
    ([Meet("Lee", "Jones", 1), Meet("Lee", "Wu", 1)],
     "Lee-Wu@1 cannot be met together with Lee-Jones@1: Lee-Jones@1 already pairs Lee in round 1"),
    ([Fix("Nobody", 1)], "'Nobody' is not one of the players"),
    ([Fix("Lee", 7)], "number 7 does not exist"),
    ([Meet("Lee", "Wu", 6)], "round 6 does not exist"),
    # three players cannot avoid each other in rounds 3-5 of 6: their three games need 3 rounds
    ([Apart("ENG", ("Smith", "Jones", "Lee"))], "no set of 3 numbers"),
])
def test_solve_names_the_constraint_that_cannot_be_met(constraints, message) -> None:
    with pytest.raises(Unsatisfiable) as exc:
        solve(NAMES6, berger_table(6), constraints)
    assert message in str(exc.value)


@settings(max_examples=80, deadline=None)
@given(st.integers(4, 16), st.booleans(), st.data())
def test_solve_finds_a_numbering_whenever_one_exists(n: int, double: bool, data) -> None:
    """Constraints read off a hidden numbering are satisfiable; the solver must meet all of them
    (checked here against the meetings of the schedule, computed by the test)."""
    names = [f"q{i}" for i in range(n)]
    hidden = data.draw(st.permutations(list(range(1, n + 1))))
    number = dict(zip(names, hidden))
    rounds = double_round_robin(n).rounds if double else berger_table(n)
    meets = meetings(rounds)
    cons: list = []
    for p in data.draw(st.lists(st.sampled_from(names), max_size=3, unique=True)):
        cons.append(Fix(p, number[p]))
    for a, b in data.draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=3)):
        if a != b:
            cons.append(Meet(a, b, data.draw(st.sampled_from(meets[frozenset((number[a], number[b]))]))))
    sol = solve(names, rounds, cons)
    got = sol.numbers
    assert sorted(got.values()) == list(range(1, n + 1))
    for c in cons:
        if isinstance(c, Fix):
            assert got[c.player] == c.number
        else:
            assert c.round in meets[frozenset((got[c.a], got[c.b]))]


def test_solve_gives_up_with_a_message_not_a_hang() -> None:
    names = [f"p{i}" for i in range(40)]
    with pytest.raises(Unsatisfiable, match="gave up"):
        solve(names, berger_table(40), [Apart("A", tuple(names[:21]))], budget=20_000)


# --------------------------------------------------------------------------- plans and TRF files

def test_parse_entrants() -> None:
    text = "name,fed,rating\n# comment\nSmith,ENG,2400\n\nLee\tKOR\nKhan\n"
    got = parse_entrants(text, "x.csv")
    assert [(e.name, e.federation, e.rating, e.line) for e in got] == [
        ("Smith", "ENG", 2400, 3), ("Lee", "KOR", None, 5), ("Khan", "", None, 6)]
    with pytest.raises(EntrantsError, match=r"x.csv:2: 'A' is already on line 1"):
        parse_entrants("A\nA\n", "x.csv")
    with pytest.raises(EntrantsError, match=r"x.csv:2: rating '2k' is not a whole number"):
        parse_entrants("A\nB,ENG,2k\n", "x.csv")


def test_groups_from_a_column_a_file_or_inline(tmp_path) -> None:
    entrants = parse_entrants("Smith,ENG\nJones,ENG\nLee,KOR\n")
    assert parse_groups("federation", entrants) == {"Smith": "ENG", "Jones": "ENG", "Lee": "KOR"}
    assert parse_groups("club A: Smith, Lee; club B: Jones", entrants) == {
        "Smith": "club A", "Lee": "club A", "Jones": "club B"}
    f = tmp_path / "groups.txt"
    f.write_text("X: Smith, Jones\n")
    assert parse_groups(str(f), entrants) == {"Smith": "X", "Jones": "X"}
    with pytest.raises(ValueError, match="'Nobody' .* is not one of the entrants"):
        parse_groups("X: Nobody", entrants)


@pytest.mark.parametrize("n", [2, 3, 6, 9, 14])
@pytest.mark.parametrize("double", [False, True])
def test_trf_of_a_plan_rereads_clean_and_follows_the_table(n: int, double: bool) -> None:
    """The written TRF-2026 re-reads without diagnostics, says it is a round robin (192), has
    every round paired with results pending, and the independent checker finds the table in it."""
    p = plan(numbered_entrants(n), double=double)
    result = parse_text(dumps(to_tournament(p, name="Club championship", start="2026/12/05")))
    assert result.diagnostics == ()
    t = result.tournament
    assert t.header("192") == ("FIDE_DOUBLEROUNDROBIN" if double else "FIDE_ROUNDROBIN")
    assert t.total_rounds == len(p.schedule.rounds) == t.rounds_paired
    for pl in t.players:
        for e in pl.rounds:
            assert e.opponent is None or e.result is None  # pending
    rep = check_round_robin(t)
    assert rep.ok and rep.deviations == () and rep.order == ("fide" if double else "table")


def test_plan_with_varma_draws_when_there_are_no_other_constraints() -> None:
    entrants = [Entrant(f"E{i}", "ENG" if i < 3 else f"X{i}") for i in range(10)]
    p = plan(entrants, groups={e.name: e.federation for e in entrants}, seed=5)
    assert p.method == "varma" and p.conflicts == ()
    same = plan(entrants, groups={e.name: e.federation for e in entrants}, seed=5)
    assert [e.name for e in same.players] == [e.name for e in p.players]


def test_plan_with_constraints_and_groups_uses_the_solver() -> None:
    entrants = [Entrant(n, f) for n, f in [("A", "ENG"), ("B", "ENG"), ("C", "FRA"), ("D", "FRA"),
                                           ("E", "GER"), ("F", "ITA"), ("G", "ESP"), ("H", "NED")]]
    groups = {e.name: e.federation for e in entrants}
    p = plan(entrants, constraints=[Fix("E", 1)], groups=groups)
    assert p.method == "constraints" and p.number("E") == 1 and p.conflicts == ()
    meets = meetings(p.schedule.rounds)
    for a, b in (("A", "B"), ("C", "D")):
        assert max(meets[frozenset((p.number(a), p.number(b)))]) <= len(p.schedule.rounds) - 3


# --------------------------------------------------------------------------- checking round robins

@pytest.mark.parametrize("n", range(2, 41))
def test_checker_table_agrees_with_the_construction(n: int) -> None:
    """Two independent readings of C.05 Annex 1: the checker's closed form and FIDE's construction."""
    table = berger_table(n)
    assert [tuple(berger_round(n, r)) for r in range(1, len(table) + 1)] == list(table)
    for rev, order in ((False, "fide"), (True, "reverse")):
        d = double_round_robin(n, rev).rounds
        assert [tuple(expected_round(n, r, order)) for r in range(1, len(d) + 1)] == list(d)


def _tournament(n: int, double: bool = False):
    return parse_text(dumps(to_tournament(plan(numbered_entrants(n), double=double)))).tournament


def _set(t, rank: int, rnd: int, entry: RoundEntry | None):
    recs = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank == rank:
            rounds = list(rec.rounds)
            rounds[rnd - 1] = entry
            rec = replace(rec, rounds=tuple(rounds))
        recs.append(rec)
    return t.replace_records(tuple(recs))


def test_check_reports_swapped_colours_on_the_right_board() -> None:
    """6 players, round 3 of the table: 2-6, 3-1, 4-5.  Give 3 Black and 1 White."""
    t = _tournament(6)
    t = _set(_set(t, 3, 3, RoundEntry(1, Colour.BLACK, None)), 1, 3, RoundEntry(3, Colour.WHITE, None))
    rep = check_round_robin(t, order="table")
    assert not rep.ok
    assert [(d.round, d.kind, d.players) for d in rep.deviations] == [(3, "colour", (3, 1))]


def test_check_reports_exchanged_opponents() -> None:
    """Round 1 of 6: 1-6, 2-5, 3-4.  The file pairs 1-5 and 2-6 instead."""
    t = _tournament(6)
    t = _set(t, 1, 1, RoundEntry(5, Colour.WHITE, None))
    t = _set(t, 5, 1, RoundEntry(1, Colour.BLACK, None))
    t = _set(t, 2, 1, RoundEntry(6, Colour.WHITE, None))
    t = _set(t, 6, 1, RoundEntry(2, Colour.BLACK, None))
    rep = check_round_robin(t, [1], order="table")
    assert {(d.kind, d.players) for d in rep.deviations} == {("pair", (1, 6)), ("pair", (2, 5))}
    assert "the table pairs 1 (White) with 6, but 1 plays 5 and 6 plays 2" in rep.deviations[0].message


def test_check_reports_a_bye_given_to_the_wrong_player() -> None:
    """5 players, round 1: the bye is player 1's (the phantom 6 meets 1); 2-5, 3-4 play."""
    t = _tournament(5)
    t = _set(t, 1, 1, RoundEntry(2, Colour.WHITE, None))
    t = _set(t, 2, 1, RoundEntry(1, Colour.BLACK, None))
    rep = check_round_robin(t, [1], order="table")
    kinds = {d.kind for d in rep.deviations}
    assert "bye" in kinds and not rep.ok


def test_check_recognises_the_double_round_robin_order() -> None:
    """A double round robin without the swap of cycle 1's last two rounds is 'plain', not an error;
    one in FIDE's order is 'fide'."""
    n = 6
    plain = [berger_table(n)[r - 1] for r in range(1, n)]
    plain += [tuple((b, w) for w, b in rnd) for rnd in berger_table(n)]
    t = _tournament(n, double=True)
    for r, rnd in enumerate(plain, 1):
        for w, b in rnd:
            t = _set(_set(t, w, r, RoundEntry(b, Colour.WHITE, None)), b, r, RoundEntry(w, Colour.BLACK, None))
    rep = check_round_robin(t)
    assert rep.ok and rep.order == "plain"
    assert check_round_robin(_tournament(n, double=True)).order == "fide"


def test_check_finds_the_drawn_numbers_when_ranks_differ() -> None:
    """Relabel a 6-player table (ranks 1<->4, 2<->6): not Berger read by rank, Berger renumbered."""
    t = _tournament(6)
    swap = {1: 4, 4: 1, 2: 6, 6: 2}
    recs = []
    for rec in t.records:
        if isinstance(rec, Player):
            rounds = tuple(replace(e, opponent=swap.get(e.opponent, e.opponent)) for e in rec.rounds)
            rec = replace(rec, start_rank=swap.get(rec.start_rank, rec.start_rank), rounds=rounds)
        recs.append(rec)
    relabelled = t.replace_records(tuple(sorted(recs, key=lambda r: getattr(r, "start_rank", 0))))
    assert find_numbering(relabelled, list(range(1, 6)), "table") == {1: 4, 2: 6, 3: 3, 4: 1, 5: 5, 6: 2}
    rep = check_round_robin(relabelled)
    # the file's numbers are its starting ranks: the deviations stay, the renumbering is reported
    assert not rep.ok and rep.numbering == {1: 4, 2: 6, 3: 3, 4: 1, 5: 5, 6: 2}
    assert "starting rank->number: 1->4, 2->6, 4->1, 6->2" in " ".join(rep.notes)


def test_held_round_robin_is_berger_with_two_players_renumbered() -> None:
    """FIDE's tie-break exercises include a 6-player round robin (Held); its players are listed by
    rating, and its pairings are the Berger table's with 5 and 6 exchanged."""
    path = shared_corpus() / "real" / "tiebreaks" / "held_round_robin.trf"
    from trf import parse_file

    rep = check_round_robin(parse_file(path).tournament)
    assert not rep.ok and rep.numbering == {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 5}
    # with 5 and 6 exchanged, the checker finds nothing to report
    from checker.roundrobin import _renumbered

    assert check_round_robin(_renumbered(parse_file(path).tournament, rep.numbering)).ok


# --------------------------------------------------------------------------- CLI

def test_cli_roundrobin_json_shape() -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "4", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["games"] == 6 and data["cycles"] == 1 and data["order"] == "table"
    assert [(b["white"], b["black"]) for b in data["rounds"][0]["boards"]] == [(1, 4), (2, 3)]
    assert [(b["white"], b["black"]) for b in data["rounds"][1]["boards"]] == [(4, 3), (1, 2)]
    assert data["numbering"]["method"] == "given"


def test_cli_roundrobin_writes_a_trf_that_check_accepts(tmp_path) -> None:
    names = tmp_path / "names.csv"
    names.write_text("Smith,ENG,2400\nJones,ENG,2300\nLee,KOR,2350\nKhan,PAK,2200\nOde,NGR,2100\n")
    out = tmp_path / "rr.trf"
    res = runner.invoke(app, ["roundrobin", "--names", str(names), "--double", "--fix", "Lee=1",
                              "--meet", "Smith-Jones@last", "--trf", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["check", str(out), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["system"] == "berger" and data["ok"] and data["cycles"] == 2


def test_cli_roundrobin_unsatisfiable_exits_1_with_the_reason() -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "6", "--fix", "Player 1=2", "--fix", "Player 2=2"])
    assert res.exit_code == 1
    assert "Player 2=2 cannot be met together with Player 1=2: number 2 is already given to Player 1" in res.output


def test_cli_roundrobin_usage_errors(tmp_path) -> None:
    assert runner.invoke(app, ["roundrobin"]).exit_code == 2
    assert runner.invoke(app, ["roundrobin", "--players", "4", "--reverse-second-cycle"]).exit_code == 2
    bad = tmp_path / "bad.csv"
    bad.write_text("A\nA\n")
    res = runner.invoke(app, ["roundrobin", "--names", str(bad)])
    assert res.exit_code == 3 and "bad.csv:2:" in res.output


def test_cli_check_berger_reports_a_deviation(tmp_path) -> None:
    t = _tournament(4)
    t = _set(_set(t, 1, 2, RoundEntry(2, Colour.BLACK, None)), 2, 2, RoundEntry(1, Colour.WHITE, None))
    f = tmp_path / "rr.trf"
    f.write_text(dumps(t))
    res = runner.invoke(app, ["check", str(f), "--system", "berger"])
    assert res.exit_code == 4
    # read aloud: the players by name and number, the table's rule in plain words, then C.05 Annex 1
    # (the Berger table for 4 players gives 1 White against 2 in round 2: 1 is named first there)
    line = next(ln for ln in res.output.splitlines() if "Round 2:" in ln and "White" in ln)
    assert "Player 1 (1) should have White against Player 2 (2)" in line
    assert line.index("fixes who has White") < line.index("(C.05 Annex 1)") < line.index("Player 1 (1)")
    # the JSON keeps the checker's message and adds the sentence beside it
    res = runner.invoke(app, ["check", str(f), "--system", "berger", "--json"])
    (dev,) = json.loads(res.output)["deviations"]
    assert dev["message"] == "round 2: 1-2 is right but the colours are swapped: the table gives White to 1"
    assert dev["sentence"] == line.strip()


def test_cli_roundrobin_timetable_totals_first_and_trf_dates(tmp_path) -> None:
    """6 players on 2 boards, 45-minute slots, 4 a day from Sat 5 Dec 2026 09:00: each round's
    3 games take 2 slots, so 10 slots, 4 + 4 + 2 over 3 days; round r+1 starts when round r ends."""
    out = tmp_path / "rr.trf"
    res = runner.invoke(app, ["roundrobin", "--players", "6", "--boards", "2", "--start", "2026-12-05 09:00",
                              "--slot", "45m", "--sessions", "4", "--json", "--trf", str(out)])
    assert res.exit_code == 0, res.output
    tt = json.loads(res.stdout)["timetable"]
    assert (tt["totals"]["games"], tt["totals"]["rounds"], tt["totals"]["slots"], tt["totals"]["days"]) == (15, 5, 10, 3)
    starts = [s["start"] for s in tt["slots"]]
    assert starts[:5] == ["2026-12-05T09:00:00", "2026-12-05T09:45:00", "2026-12-05T10:30:00",
                          "2026-12-05T11:15:00", "2026-12-06T09:00:00"]
    rounds = [s["round"] for s in tt["slots"]]
    assert rounds == sorted(rounds) and all(rounds.count(r) == 2 for r in range(1, 6))
    assert tt["back_to_back"] == []  # 3 games on 2 boards leave room to rest everyone
    t = parse_text(out.read_text()).tournament
    assert t.header("042") == "2026/12/05"
    assert t.header("132").split() == ["26/12/05", "26/12/05", "26/12/06", "26/12/06", "26/12/07"]
    text = runner.invoke(app, ["roundrobin", "--players", "6", "--boards", "2", "--start", "2026-12-05 09:00",
                               "--slot", "45m", "--sessions", "4"]).output
    assert text.index("Timetable: 15 games, 5 rounds, 10 slots") < text.index("Sat 05 09:00-09:45")


def test_cli_roundrobin_reports_a_forced_back_to_back() -> None:
    """4 players on 1 board: round 2 (4-3, 1-2) after round 1 (1-4, 2-3): whichever game of round 1
    is played second, both of its players are in a game of round 2, so one plays twice in a row."""
    res = runner.invoke(app, ["roundrobin", "--players", "4", "--boards", "1", "--start", "2026-12-05 10:00",
                              "--slot", "1h"])
    assert res.exit_code == 0, res.output
    assert "2 back-to-back game(s), proved minimal" in res.output
    assert "every game of round 2 involves a player of round 1's last slot" in res.output


def test_cli_roundrobin_timetable_usage_errors() -> None:
    res = runner.invoke(app, ["roundrobin", "--players", "4", "--boards", "1", "--start", "2026-12-05 10:00",
                              "--slot", "45"])
    assert res.exit_code == 2 and "bad duration '45'" in res.output
    res = runner.invoke(app, ["roundrobin", "--players", "4", "--boards", "1", "--slot", "1h"])
    assert res.exit_code == 2 and "--boards needs --start" in res.output
    res = runner.invoke(app, ["roundrobin", "--players", "4", "--start", "2026-12-05 10:00"])
    assert res.exit_code == 2
