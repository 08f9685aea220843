"""Groups sharing the courts (``roundrobin --groups N``): the snake seeding worked by hand, every
group a complete round robin, the combined timetable (nobody twice in a slot, each group's rounds
in order, the rest rule's back-to-backs exactly those of touching slots), the CLI's outputs and
refusals, and the per-group TRF files read back by ``arbiter check``."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from roundrobin.berger import BYE
from roundrobin.event import Entrant
from roundrobin.groups import GroupsError, check_split, plan_groups, ranked, snake, split
from roundrobin.seeding import Fix, Meet, Unsatisfiable
from roundrobin.timetable import schedule
from tests.roundrobin.test_timetable import M45, START, check_invariants

runner = CliRunner()
pytestmark = pytest.mark.fast

# Nine entrants in the order given; Birch and Elm tie on 2350 (Birch is given first), Hazel is unrated.
NINE = [Entrant("Ash", "ENG", 2100), Entrant("Birch", "FRA", 2350), Entrant("Cedar", "GER", 2200),
        Entrant("Elm", "ENG", 2350), Entrant("Fir", "ESP", 1900), Entrant("Hazel", "ITA", None),
        Entrant("Larch", "NED", 2050), Entrant("Maple", "POL", 2280), Entrant("Oak", "SWE", 2150)]


def names(group):
    return [e.name for e in group.plan.players]


# --------------------------------------------------------------------------- seeding by hand


def test_snake_by_rating_worked_by_hand() -> None:
    """By rating: Birch 1 and Elm 2 (2350, Birch given first), Maple 3 (2280), Cedar 4 (2200),
    Oak 5 (2150), Ash 6 (2100), Larch 7 (2050), Fir 8 (1900), Hazel 9 (unrated, last).  The
    snake over three groups deals seeds 1, 2, 3 to A, B, C, then 4, 5, 6 back to C, B, A, then
    7, 8, 9 to A, B, C: A = 1, 6, 7; B = 2, 5, 8; C = 3, 4, 9, each numbered by seed."""
    assert [e.name for e in ranked(NINE, "rating")] == ["Birch", "Elm", "Maple", "Cedar", "Oak", "Ash", "Larch",
                                                        "Fir", "Hazel"]
    gs = plan_groups(NINE, 3, "rating")
    assert [g.name for g in gs.groups] == ["A", "B", "C"]
    assert names(gs.groups[0]) == ["Birch", "Ash", "Larch"] and gs.groups[0].seeds == (1, 6, 7)
    assert names(gs.groups[1]) == ["Elm", "Oak", "Fir"] and gs.groups[1].seeds == (2, 5, 8)
    assert names(gs.groups[2]) == ["Maple", "Cedar", "Hazel"] and gs.groups[2].seeds == (3, 4, 9)


def test_snake_by_the_order_given_worked_by_hand() -> None:
    """By the order given: Ash 1, Birch 2, Cedar 3, Elm 4, Fir 5, Hazel 6, Larch 7, Maple 8,
    Oak 9; two groups: A = 1, 4, 5, 8, 9 (Ash, Elm, Fir, Maple, Oak), B = 2, 3, 6, 7 (the
    unfinished last row, seed 9, goes to A: the fifth row runs A to B again)."""
    gs = plan_groups(NINE, 2, "order")
    assert names(gs.groups[0]) == ["Ash", "Elm", "Fir", "Maple", "Oak"]
    assert names(gs.groups[1]) == ["Birch", "Cedar", "Hazel", "Larch"]
    assert snake(9, 2) == [0, 1, 1, 0, 0, 1, 1, 0, 0]
    assert snake(10, 4) == [0, 1, 2, 3, 3, 2, 1, 0, 0, 1]


@pytest.mark.parametrize("count,groups,message", [
    (9, 4, "makes a group of 2: a group needs at least 3"),
    (41, 4, "makes a group of 11: a group holds at most 10"),
    (20, 5, "2 to 4 groups"),
    (20, 1, "2 to 4 groups"),
])
def test_splits_that_cannot_be_made_are_refused(count, groups, message) -> None:
    with pytest.raises(GroupsError, match=message):
        check_split(count, groups)


def test_the_limits_themselves_are_allowed() -> None:
    check_split(6, 2)
    check_split(40, 4)
    check_split(11, 3)  # 4, 4, 3


def test_constraints_go_to_their_group_and_a_meeting_across_groups_is_refused() -> None:
    """By rating Birch, Ash, Larch are group A and Maple, Cedar, Hazel group C.  --meet
    Ash-Birch@1 is group A's: in the Berger table for 3 round 1 is 2-3 (1 rests), so Larch
    takes number 1; --fix Hazel=1 is group C's number 1.  Ash and Elm (group B) never play."""
    gs = plan_groups(NINE, 3, "rating", constraints=[Meet("Ash", "Birch", 1), Fix("Hazel", 1)])
    a, c = gs.groups[0].plan, gs.groups[2].plan
    assert a.name(1) == "Larch" and {a.number("Ash"), a.number("Birch")} == {2, 3}
    assert c.name(1) == "Hazel"
    assert names(gs.groups[1]) == ["Elm", "Oak", "Fir"]  # untouched: numbered by seed
    with pytest.raises(Unsatisfiable, match="Ash is in group A and Elm in group B"):
        plan_groups(NINE, 3, "rating", constraints=[Meet("Ash", "Elm", 1)])
    with pytest.raises(Unsatisfiable, match="group A: .*numbered 1 to 3"):
        plan_groups(NINE, 3, "rating", constraints=[Fix("Ash", 4)])


# --------------------------------------------------------------------------- the combined timetable


def check_groups(gs, tt, boards) -> None:
    """Independent checks of a grouped event and its timetable, from the slots alone."""
    check_invariants(list(gs.rounds), boards, tt)  # every combined game once, nobody twice in a slot, rest rule
    cycles = gs.groups[0].plan.schedule.cycles
    members = []
    for g, off in zip(gs.groups, gs.offsets):
        n = len(g.plan.players)
        members.append(set(range(off + 1, off + n + 1)))
    # the groups split the entrants: disjoint, sizes differing by at most one, 3-10 each
    sizes = [len(m) for m in members]
    assert max(sizes) - min(sizes) <= 1 and 3 <= min(sizes) and max(sizes) <= 10
    # every group a complete round robin over the timetable: each pair of the group once per cycle, no other game
    met: Counter[frozenset[int]] = Counter()
    for s in tt.slots:
        for _, w, b in s.games:
            grp = [i for i, m in enumerate(members) if w in m]
            assert len(grp) == 1 and b in members[grp[0]], "a game across groups"
            met[frozenset((w, b))] += 1
    wanted = {frozenset(p): cycles for m in members for p in combinations(sorted(m), 2)}
    assert dict(met) == wanted
    # a group's round r is the combined round r, and its rounds are played in order
    for g, off, m in zip(gs.groups, gs.offsets, members):
        last_slot = 0
        for r, rnd in enumerate(g.plan.schedule.rounds, 1):
            games = {frozenset((w + off, b + off)) for w, b in rnd if BYE not in (w, b)}
            placed = [(s.number, frozenset((w, b))) for s in tt.slots for _, w, b in s.games if w in m and s.round == r]
            assert {x for _, x in placed} == games
            assert min(n for n, _ in placed) > last_slot
            last_slot = max(n for n, _ in placed)
    # nobody twice in one slot (again, by names through locate)
    for s in tt.slots:
        who = [gs.label(p) for _, w, b in s.games for p in (w, b)]
        assert len(who) == len(set(who))


@settings(max_examples=60, deadline=None)
@given(groups=st.integers(2, 4), data=st.data(), boards=st.integers(1, 4), double=st.booleans(),
       table=st.sampled_from(["fide", "circle"]), seeding=st.sampled_from(["rating", "order"]))
def test_every_grouped_timetable_keeps_the_rules(groups, data, boards, double, table, seeding) -> None:
    count = data.draw(st.integers(3 * groups, 10 * groups), label="entrants")
    ratings = data.draw(st.lists(st.one_of(st.none(), st.integers(1000, 2800)), min_size=count, max_size=count))
    entrants = [Entrant(f"E{i}", "", r) for i, r in enumerate(ratings, 1)]
    gs = plan_groups(entrants, groups, seeding, double=double, table=table)
    # seeds: every group holds one seed of each full row of `groups` seeds
    order = ranked(entrants, seeding)
    for row in range(count // groups):
        seeds = set(range(row * groups + 1, (row + 1) * groups + 1))
        assert all(len(seeds & set(g.seeds)) == 1 for g in gs.groups)
    assert sorted(s for g in gs.groups for s in g.seeds) == list(range(1, count + 1))
    for g in gs.groups:
        assert [order[s - 1].name for s in g.seeds] == [e.name for e in g.plan.players]
    tt = schedule(gs.rounds, boards, START, M45)
    check_groups(gs, tt, boards)


def test_groups_of_different_sizes_start_together_and_the_larger_finishes_last() -> None:
    """Five and four (by rating: A Birch, Cedar, Oak, Fir, Hazel; B Elm, Maple, Ash, Larch):
    A plays 5 rounds (odd: one rests each round), B 3; combined rounds 1-3 hold both groups,
    4 and 5 group A alone."""
    gs = plan_groups(NINE, 2, "rating")
    assert [len(r) for r in gs.rounds] == [5, 5, 5, 3, 3]  # A's 2 games and a rest, B's 2 games
    tt = schedule(gs.rounds, 2, START, M45)
    check_groups(gs, tt, 2)
    assert {gs.locate(w)[0].name for s in tt.slots if s.round > 3 for _, w, _b in s.games} == {"A"}


# --------------------------------------------------------------------------- the command


def _names(tmp_path):
    path = tmp_path / "nine.csv"
    path.write_text("Name,Fed,Rating\n" + "".join(f"{e.name},{e.federation},{e.rating or ''}\n" for e in NINE))
    return path


TIMING = ["--boards", "2", "--start", "2026-12-05 09:00", "--slot", "45m"]


def test_cli_json_shape(tmp_path) -> None:
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "3", *TIMING, "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert set(d) == {"seeding", "groups", "timetable"} and d["seeding"] == "rating"
    assert [g["group"] for g in d["groups"]] == ["A", "B", "C"]
    a = d["groups"][0]
    assert {"table", "players", "cycles", "order", "games", "numbering", "rounds"} <= set(a)
    assert [(p["number"], p["seed"], p["name"]) for p in a["players"]] == [(1, 1, "Birch"), (2, 6, "Ash"), (3, 7, "Larch")]
    # each player carries the letter of the group he plays in (the snake by hand, above: B gets
    # seeds 2, 5, 8 = Elm, Oak, Fir; C 3, 4, 9 = Maple, Cedar, Hazel), not the --varma group,
    # which --groups refuses and which was therefore always null
    assert {p["name"]: p["group"] for g in d["groups"] for p in g["players"]} == {
        "Birch": "A", "Ash": "A", "Larch": "A", "Elm": "B", "Oak": "B", "Fir": "B",
        "Maple": "C", "Cedar": "C", "Hazel": "C"}
    tt = d["timetable"]
    games = [(s["round"], g["group"], g["white"], g["black"]) for s in tt["slots"] for g in s["games"]]
    assert len(games) == tt["totals"]["games"] == 9
    # group A's Berger table for 3 (4 with the phantom): round 1 2-3 (1 rests), round 2 1-2, round 3 3-1
    assert [(r, w, b) for r, grp, w, b in games if grp == "A"] == [(1, 2, 3), (2, 1, 2), (3, 3, 1)]
    assert sorted((b["round"], b["group"], b["player"]) for b in tt["byes"]) == [
        (r, g, p) for r, p in ((1, 1), (2, 3), (3, 2)) for g in "ABC"]
    assert all({"group", "player", "slots", "rounds", "reason"} <= set(x) for x in tt["back_to_back"])
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "3", "--json"])
    assert json.loads(res.output)["timetable"] is None


def test_cli_csv_has_a_group_column(tmp_path) -> None:
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "3", "--csv"])
    rows = [line.split(",") for line in res.output.splitlines()]
    assert rows[0] == ["round", "board", "group", "white_no", "white", "black_no", "black"]
    assert ["1", "", "A", "1", "Birch", "0", "bye"] in rows and ["1", "1", "A", "2", "Ash", "3", "Larch"] in rows
    assert len(rows) == 1 + 3 * 3 * 2  # three groups, three rounds, a game and a rest each
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "3", *TIMING, "--csv"])
    rows = [line.split(",") for line in res.output.splitlines()]
    assert rows[0][:7] == ["slot", "day", "start", "end", "round", "board", "group"]
    assert sum(1 for r in rows[1:] if r[-1] != "bye") == 9


@pytest.mark.parametrize("table", ["fide", "circle"])
def test_cli_trf_one_file_per_group_read_back_by_check(tmp_path, table) -> None:
    out = tmp_path / "club.trf"
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "2", "--double",
                              "--table", table, *TIMING, "--trf", str(out), "--name", "Club"])
    assert res.exit_code == 0, res.output
    assert not out.exists()
    for letter, n in (("A", 5), ("B", 4)):
        path = tmp_path / f"club-{letter}.trf"
        assert f"wrote {path}" in res.output
        text = path.read_text()
        assert f"012 Club, group {letter}" in text and f"062 {n}" in text
        checked = runner.invoke(app, ["check", str(path), "--json"])
        assert checked.exit_code == 0, checked.output
        report = json.loads(checked.stdout)
        assert report["ok"] and report["table"] == table and report["deviations"] == []
        assert report["players"] == n and report["cycles"] == 2
        human = runner.invoke(app, ["check", str(path)]).output
        assert f"double round robin of {n} players" in human and "every round follows the table" in human


def test_cli_trf_writes_all_files_or_none(tmp_path) -> None:
    """club-B.trf cannot be written (a folder has its name): club-A.trf is not written either."""
    (tmp_path / "club-B.trf").mkdir()
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "2",
                              "--trf", str(tmp_path / "club.trf")])
    assert res.exit_code == exitcodes.FILE_ERROR
    assert "club-B.trf" in res.output and "no file written" in res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club-B.trf", "nine.csv"]


@pytest.mark.parametrize("args,code,message", [
    (["--groups", "4"], exitcodes.USAGE, "9 entrants in 4 groups makes a group of 2"),
    (["--groups", "5"], exitcodes.USAGE, "2 to 4 groups"),
    (["--seeding", "order"], exitcodes.USAGE, "give --groups N too"),
    (["--groups", "2", "--seeding", "elo"], exitcodes.USAGE, "--seeding elo: expected rating or order"),
    (["--groups", "2", "--varma", "federation"], exitcodes.USAGE, "give one of them"),
    (["--groups", "2", "--trf", "-"], exitcodes.USAGE, "cannot go to standard output"),
    (["--groups", "2", "--meet", "Ash-Birch@1"], exitcodes.NO_PAIRING, "players of different groups never meet"),
])
def test_cli_refusals(tmp_path, args, code, message) -> None:
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), *args])
    assert res.exit_code == code, res.output
    assert message in res.output and "Traceback" not in res.output


def test_cli_human_output_shows_each_group_and_the_combined_timetable(tmp_path) -> None:
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "2", *TIMING])
    assert res.exit_code == 0, res.output
    text = res.output
    assert "2 groups (A 5, B 4), seeded by rating in snake order" in text
    assert "Group A: 5 players, 5 rounds, 10 games" in text and "Group B: 4 players, 3 rounds, 6 games" in text
    assert "Combined timetable: 16 games, 5 rounds, 8 slots" in text
    assert "1: B1-B4" in text  # group B's round 1 board 1 by FIDE's table for 4: 1-4


def test_cli_trf_dates_are_each_groups_own(tmp_path) -> None:
    """Two slots a day on two boards: combined rounds 1-3 hold A's two games and B's two (two
    slots, one day each: 5, 6, 7 December); rounds 4 and 5 are A's alone, one slot each, both on
    the 8th.  So A's 132 line has 05, 06, 07, 08, 08 and B's 05, 06, 07."""
    out = tmp_path / "club.trf"
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "2", "--boards", "2",
                              "--start", "2026-12-05 09:00", "--slot", "2h", "--sessions", "2", "--trf", str(out)])
    assert res.exit_code == 0, res.output
    for letter, days in (("A", ["05", "06", "07", "08", "08"]), ("B", ["05", "06", "07"])):
        lines = (tmp_path / f"club-{letter}.trf").read_text().splitlines()
        assert "042 2026/12/05" in lines
        line132 = next(x for x in lines if x.startswith("132"))
        assert line132[91:].split() == [f"26/12/{d}" for d in days]


def test_windows_and_an_opening_match_apply_to_the_groups_timetable(tmp_path) -> None:
    """Seeds (by rating, Birch before Elm on the tie): 1 Birch, 2 Elm, 3 Maple, 4 Cedar, 5 Oak, 6 Ash,
    7 Larch, 8 Fir, 9 Hazel; snake: A = Birch, Ash, Larch; B = Elm, Oak, Fir; C = Maple, Cedar, Hazel.
    Round 1 of a 3-entrant Berger table is 2-3: Ash-Larch, Oak-Fir, Cedar-Hazel: three games on two
    boards, two slots.  Ash cannot play in slot 1 and Oak-Fir opens on board 1, so slot 1 holds Oak-Fir
    on board 1, Ash-Larch is in slot 2 and Cedar-Hazel in either (the layout's choice)."""
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "3", *TIMING,
                              "--unavailable", "Ash@slot 1", "--open", "Oak-Fir", "--json"])
    assert res.exit_code == 0, res.output
    tt = json.loads(res.output)["timetable"]
    slots = {s["number"]: {(g["group"], g["white"], g["black"], g["board"]) for g in s["games"]} for s in tt["slots"]}
    assert ("B", 2, 3, 1) in slots[1] and all(g != "A" for g, *_ in slots[1])
    assert ("A", 2, 3) in {(g, w, b) for g, w, b, _ in slots[2]}
    assert sorted(g for s in (1, 2) for g, *_ in slots[s]) == ["A", "B", "C"]
    assert [(w["group"], w["entrant"], w["board"]) for w in tt["windows"]] == [("A", 2, None)]
    assert [(p["group"], p["white"], p["black"], p["slot"], p["board"]) for p in tt["placements"]] == [("B", 2, 3, 1, 1)]
    # Larch barred from slot 2 as well: Ash-Larch fits in neither slot of round 1 (refused, named)
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "3", *TIMING,
                              "--unavailable", "Ash@slot 1", "--unavailable", "Larch@slot 2"])
    assert res.exit_code == exitcodes.NO_PAIRING and "Ash" in res.output and "Larch" in res.output, res.output
    # an opening match across groups cannot be played: the two never meet
    res = runner.invoke(app, ["roundrobin", "--names", str(_names(tmp_path)), "--groups", "3", *TIMING,
                              "--open", "Ash-Oak"])
    assert res.exit_code == exitcodes.NO_PAIRING, res.output
