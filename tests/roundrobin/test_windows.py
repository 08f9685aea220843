"""Availability windows and fixed placements in round-robin timetables (:mod:`roundrobin.windows`).

Hand-made cases on the six-team circle table (rounds: 1-6 2-5 3-4 | 1-5 6-4 2-3 | 1-4 5-3 6-2 |
1-3 4-2 5-6 | 1-2 3-6 4-5), two boards, 45-minute slots from 10:00 (slot s starts at
10:00 + 45(s-1) min: 1 10:00, 2 10:45, 3 11:30, 4 12:15, 5 13:00, 6 13:45, 7 14:30, ...).

The property test checks every timetable against the windows from its slots alone, and its
back-to-back count against an independent exhaustive minimum under the same windows: every
assignment of every round's games to the round's slots (the fewest slots after the previous
round's whose free boards hold the round, recomputed here), combined round by round by the
players of the played slots that touch in time.  So the count never exceeds what the windows
force: it equals the least count any layout within the windows reaches; with entrant windows
only it is also at least the count without windows (windows only take layouts away).
"""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from roundrobin.berger import BYE
from roundrobin.tables import lay_out
from roundrobin.timetable import Sessions, schedule, slot_times, timetable_dict
from roundrobin.windows import (Placement, Window, WindowConflict, WindowsFileError, parse_placement,
                                parse_unavailable, parse_windows_csv)

pytestmark = pytest.mark.fast

DAY = datetime(2026, 6, 13)
START = datetime(2026, 6, 13, 10, 0)
M45 = timedelta(minutes=45)
SIX = lay_out("circle", 6, False, False)


def at(h: int, m: int = 0) -> datetime:
    return DAY.replace(hour=h, minute=m)


def games_in(tt, number):
    return {frozenset((w, b)) for s in tt.slots if s.number == number for _, w, b in s.games}


# --------------------------------------------------------------------------- hand-made cases


def test_the_table_is_the_one_drawn_by_hand():
    assert [[tuple(g) for g in r] for r in SIX.rounds][:2] == [[(1, 6), (2, 5), (3, 4)], [(1, 5), (6, 4), (2, 3)]]


def test_a_team_never_in_slot_1_plays_later_in_round_1():
    # Round 1 has 3 games on 2 boards: slots 1-2.  Team 3 cannot play slot 1, so 3-4 is the game
    # of slot 2 and slot 1 holds 1-6 and 2-5 (without the window, the table's order puts 3-4 in
    # slot 2 too; with team 2 barred instead, 2-5 must move to slot 2).
    tt = schedule(SIX, 2, START, M45, windows=[Window(entrant=2, slots=frozenset({1}))])
    assert games_in(tt, 1) == {frozenset((1, 6)), frozenset((3, 4))}
    assert games_in(tt, 2) == {frozenset((2, 5))}
    assert [s.round for s in tt.slots] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert tt.exact and tt.minimal


def test_a_team_that_cannot_play_before_11_is_refused_by_name():
    # Slots 1 (10:00-10:45) and 2 (10:45-11:30) both start or run before 11:00; round 1 is played
    # in slots 1-2 and team 2 plays in round 1 (2-5): no layout, and the error says why.
    w = Window(entrant=2, end=at(11), label="Team B cannot play before 11:00")
    with pytest.raises(WindowConflict) as e:
        schedule(SIX, 2, START, M45, windows=[w], names={2: "B", 5: "E"})
    assert e.value.round == 1 and e.value.windows == (w,)
    assert str(e.value) == ("Team B cannot play before 11:00 but round 1 is played in slots 1-2 "
                            "(10:00-11:30): its game B-E fits in none of them")
    # from 10:45 on is fine: slot 2 does not overlap "before 10:45"
    tt = schedule(SIX, 2, START, M45, windows=[Window(entrant=2, end=at(10, 45))])
    assert games_in(tt, 2) == {frozenset((2, 5))}


def test_a_court_free_only_from_14_00():
    # Court 2 is free from 14:00: slots 1-6 (10:00 to 14:30; slot 6 runs 13:45-14:30) have one
    # court, so rounds 1 and 2 take three slots each (1-3, 4-6), then two per round from slot 7.
    tt = schedule(SIX, 2, START, M45, windows=[Window(board=2, end=at(14))])
    assert [s.round for s in tt.slots] == [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5]
    assert all(b == 1 for s in tt.slots if s.start < at(14) for b, _, _ in s.games)
    assert tt.totals.last_end == at(19)
    # the back-to-backs: slot 6 holds round 2's last game and slot 7 round 3's first (two
    # games, as slot 8 has one), so 2-3 then 1-4 5-3 or 6-2 ...: the exact search finds 2
    # overall, as does the exhaustive check of the property test's brute force.
    assert len(tt.back_to_back) == brute_minimum(SIX.rounds, 2, [Window(board=2, end=at(14))], [])


def test_no_board_ever_free_is_refused():
    w = Window(board=1, start=at(12))
    with pytest.raises(WindowConflict) as e:
        schedule(SIX, 1, START, M45, windows=[w])
    # one board, 3 games a round: round 1 needs slots 1-3, but slot 3 (11:30-12:15) overlaps
    # "after 12:00" and so does every later one
    assert e.value.round == 1 and e.value.windows == (w,)
    assert str(e.value).startswith("no board is free from 2026-06-13 11:30 on (board 1 is not free after ")


def test_the_opening_match_in_slot_1_on_board_1():
    tt = schedule(SIX, 2, START, M45, placements=[Placement((6, 1), 1, 1)])
    assert tt.slots[0].games[0] == (1, 1, 6)
    # 2-5 on board 1 of slot 1 moves 1-6 to board 2
    tt = schedule(SIX, 2, START, M45, placements=[Placement((2, 5), 1, 1)])
    assert set(tt.slots[0].games) == {(1, 2, 5), (2, 1, 6)}
    # 3-4 first on board 2: 3-4 is the table's third game; slot 1 has 3-4 and one other game
    tt = schedule(SIX, 2, START, M45, placements=[Placement((3, 4), 1, 2)])
    assert (2, 3, 4) in tt.slots[0].games and len(tt.slots[0].games) == 2


def test_an_opening_match_of_another_round_is_refused():
    # 1-5 meet in round 2, played in slots 3-4: slot 1 is round 1's
    with pytest.raises(WindowConflict) as e:
        schedule(SIX, 2, START, M45, placements=[Placement((1, 5), 1, 1, "the opening match 1-5")])
    assert e.value.round == 2
    assert str(e.value) == "the opening match 1-5: 1-5 is a round-2 game and round 2 is played in slots 3-4"


def test_an_opening_match_against_a_window_is_refused():
    w = Window(entrant=3, slots=frozenset({1}), label="3 cannot play in slot 1")
    with pytest.raises(WindowConflict) as e:
        schedule(SIX, 2, START, M45, windows=[w], placements=[Placement((3, 4), 1, 1)])
    assert e.value.windows == (w,) and "3 cannot play in slot 1" in str(e.value)
    with pytest.raises(WindowConflict, match="board 2 is not free in slot 1"):
        schedule(SIX, 2, START, M45, windows=[Window(board=2, end=at(14))], placements=[Placement((1, 6), 1, 2)])


def test_too_many_games_for_one_slot_are_named():
    # teams 1, 2, 3 cannot play slot 2: round 1's three games (each with one of them) all need
    # slot 1, which has 2 boards.
    ws = [Window(entrant=p, slots=frozenset({2})) for p in (1, 2, 3)]
    with pytest.raises(WindowConflict) as e:
        schedule(SIX, 2, START, M45, windows=ws)
    assert e.value.round == 1
    assert str(e.value) == (
        "round 1 is played in slots 1-2 (10:00-11:30) but its games 1-6, 2-5, 3-4 can only be played in slot 1 "
        "(10:00-10:45), which has 2 free boards (player 1 cannot play in slot 2; player 2 cannot play in slot 2; "
        "player 3 cannot play in slot 2)")
    assert set(e.value.windows) == set(ws)


def test_without_windows_the_search_is_unchanged():
    plain = schedule(SIX, 2, START, M45)
    # a window that blocks nothing (slot 40) goes through the windows search: same count
    tt = schedule(SIX, 2, START, M45, windows=[Window(entrant=1, slots=frozenset({40}))])
    assert len(tt.back_to_back) == len(plain.back_to_back) == 3
    d = timetable_dict(tt)
    assert d["windows"] == [{"entrant": 1, "board": None, "from": None, "until": None, "slots": [40],
                             "label": "player 1 cannot play in slot 40"}]
    assert timetable_dict(plain)["windows"] == [] and timetable_dict(plain)["placements"] == []


# --------------------------------------------------------------------------- parsers


NAMES = {"Ashby": 1, "Brook": 2, "Carlow": 3}


def test_parse_unavailable():
    w = parse_unavailable("Brook@before 11:00", NAMES, DAY.date())
    assert (w.entrant, w.start, w.end, w.label) == (2, None, at(11), "Brook cannot play before 11:00")
    w = parse_unavailable("court 2@before 14:00", NAMES, DAY.date())
    assert (w.board, w.end, w.label) == (2, at(14), "court 2 is not free before 14:00")
    assert parse_unavailable("Carlow@slots 1, 3", NAMES, DAY.date()).slots == {1, 3}
    w = parse_unavailable("Ashby@12:00-13:30", NAMES, DAY.date())
    assert (w.start, w.end) == (at(12), at(13, 30))
    w = parse_unavailable("Ashby@after 2026-06-14 09:00", NAMES, DAY.date())
    assert w.start == datetime(2026, 6, 14, 9)
    for bad in ("Brook", "Nobody@slot 1", "Brook@soon", "Brook@before 25:00", "Brook@13:00-12:00"):
        with pytest.raises(ValueError, match="--unavailable"):
            parse_unavailable(bad, NAMES, DAY.date())


def test_parse_placement():
    assert parse_placement("Ashby-Brook@3/2") == ("Ashby", "Brook", 3, 2)
    with pytest.raises(ValueError, match="A-B@SLOT/BOARD"):
        parse_placement("Ashby-Brook@3")


def test_parse_windows_csv_and_its_errors():
    text = 'who,from,until,slots\n# a comment\nBrook,,11:00,\ncourt 2,,14:00,\nCarlow,,,"1,2"\n'
    ws = parse_windows_csv(text, "w.csv", NAMES, DAY.date())
    assert [(w.entrant, w.board, w.end, w.slots) for w in ws] == [
        (2, None, at(11), frozenset()), (None, 2, at(14), frozenset()), (3, None, None, frozenset({1, 2}))]
    cases = [("who,when\n", 1, 1, "expected the header"),
             ("who,from,until,slots\nBrook,,25:00,\n", 2, 8, "not a time"),
             ("who,from,until,slots\nNobody,,11:00,\n", 2, 1, "neither one of the entrants"),
             ("who,from,until,slots\nBrook,,,\n", 2, 7, "expected from and/or until"),
             ("who,from,until,slots\nBrook,10:00,11:00,1\n", 2, 19, "either slots or from/until"),
             ('who,from,until,slots\n"Brook",12:00,11:00,\n', 2, 9, "must end after it starts"),
             ("who,from,until,slots\nBrook,,11:00\n", 2, 8, "expected 4 fields")]
    for body, line, col, what in cases:
        with pytest.raises(WindowsFileError) as e:
            parse_windows_csv(body, "w.csv", NAMES, DAY.date())
        assert (e.value.line, e.value.column) == (line, col) and what in e.value.message, (body, str(e.value))


# --------------------------------------------------------------------------- property: brute force


def structure(rounds, boards, windows, sessions, count=60):
    """Each round's clock slots (0-based) and every slot's free boards: recomputed here."""
    times = slot_times(START, M45, sessions, count)
    free = []
    for i, (s, e, _, _) in enumerate(times):
        free.append([b for b in range(1, boards + 1)
                     if not any(w.board == b and w.blocks(i + 1, s, e) for w in windows)])
    out, i = [], 0
    for rnd in rounds:
        g = sum(1 for w, b in rnd if BYE not in (w, b))
        if not g:
            continue
        mine, room = [], 0
        while room < g:
            if i >= count:
                return None, times, free
            if free[i]:
                mine.append(i)
                room += len(free[i])
            i += 1
        out.append(mine)
    return out, times, free


def brute_minimum(rounds, boards, windows, placements, sessions=Sessions.unlimited()):
    """The fewest back-to-backs of any layout within the windows (None: no layout)."""
    slots_of, times, free = structure(rounds, boards, windows, sessions)
    if slots_of is None:
        return None
    played = [[(w, b) for w, b in rnd if BYE not in (w, b)] for rnd in rounds]
    played = [g for g in played if g]
    best: dict = {None: 0}  # (last played slot, its players) -> fewest back-to-backs so far
    for games, mine in zip(played, slots_of):
        layouts = []
        choices = []
        for g in games:
            pins = [p for p in placements if set(p.pair) == set(g)]
            opts = [i for i in mine if not any(w.entrant in g and w.blocks(i + 1, *times[i][:2]) for w in windows)]
            if pins:
                opts = [i for i in opts if i + 1 == pins[0].slot and pins[0].board in free[i]]
            choices.append(opts)
        for assign in itertools.product(*choices):
            if any(assign.count(i) > len(free[i]) for i in mine):
                continue
            pinned = [(p.slot, p.board) for p in placements if any(set(p.pair) == set(g) for g in games)]
            if len(set(pinned)) < len(pinned):
                continue
            used = sorted(set(assign))
            first = (used[0], frozenset(p for g, i in zip(games, assign) if i == used[0] for p in g))
            last = (used[-1], frozenset(p for g, i in zip(games, assign) if i == used[-1] for p in g))
            layouts.append((first, last))
        if not layouts:
            return None
        nxt: dict = {}
        for (fi, fp), last in layouts:
            for prev, cost in best.items():
                add = 0
                if prev is not None and times[prev[0]][1] == times[fi][0]:
                    add = len(prev[1] & fp)
                if cost + add < nxt.get(last, 1 << 30):
                    nxt[last] = cost + add
        best = nxt
    return min(best.values())


def check_respects(rounds, boards, windows, placements, tt):
    """Every window, placement, the round order and the back-to-back list, from the slots alone."""
    wanted = sorted((r, w, b) for r, rnd in enumerate(rounds, 1) for w, b in rnd if BYE not in (w, b))
    assert sorted((s.round, w, b) for s in tt.slots for _, w, b in s.games) == wanted
    assert [s.round for s in tt.slots] == sorted(s.round for s in tt.slots)  # rounds in order
    assert [s.start for s in tt.slots] == sorted(s.start for s in tt.slots)
    for s in tt.slots:
        bs = [b for b, _, _ in s.games]
        assert len(set(bs)) == len(bs) and all(1 <= b <= boards for b in bs)
        players = [p for _, w, b in s.games for p in (w, b)]
        assert len(set(players)) == len(players)
        for w in windows:
            if w.blocks(s.number, s.start, s.end):
                assert w.board not in bs, (w, s)
                assert w.entrant not in players, (w, s)
    for p in placements:
        s = next(s for s in tt.slots if any({w, b} == set(p.pair) for _, w, b in s.games))
        assert s.number == p.slot and any(b == p.board and {w, k} == set(p.pair) for b, w, k in s.games)
    found = sorted((p, a.number) for a, b in zip(tt.slots, tt.slots[1:]) if a.end == b.start
                   for p in {x for _, w, k in a.games for x in (w, k)} & {x for _, w, k in b.games for x in (w, k)})
    assert sorted((x.player, x.slots[0]) for x in tt.back_to_back) == found


window = st.one_of(
    st.builds(lambda who, slots: Window(entrant=who, slots=frozenset(slots)),
              st.integers(1, 7), st.sets(st.integers(1, 12), min_size=1, max_size=3)),
    st.builds(lambda who, a, n, side: Window(entrant=who, start=None if side == 1 else at(10) + timedelta(minutes=15 * a),
                                            end=None if side == 2 else at(10) + timedelta(minutes=15 * (a + n))),
              st.integers(1, 7), st.integers(0, 30), st.integers(1, 12), st.integers(0, 2)),
    st.builds(lambda b, slots: Window(board=b, slots=frozenset(slots)),
              st.integers(1, 2), st.sets(st.integers(1, 12), min_size=1, max_size=3)),
    st.builds(lambda b, a, n: Window(board=b, start=at(10) + timedelta(minutes=15 * a),
                                     end=at(10) + timedelta(minutes=15 * (a + n))),
              st.integers(1, 2), st.integers(0, 30), st.integers(1, 16)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 6), table=st.sampled_from(["fide", "circle"]), boards=st.integers(1, 3),
       windows=st.lists(window, min_size=1, max_size=4), pin=st.none() | st.tuples(st.integers(0, 2), st.integers(1, 3)))
def test_every_timetable_respects_the_windows_and_is_minimal(n, table, boards, windows, pin):
    rounds = lay_out(table, n, False, False).rounds
    windows = [w for w in windows if (w.entrant or 0) <= n and (w.board or 0) <= boards]
    placements = []
    if pin is not None:
        games = [g for g in rounds[0] if BYE not in g]
        placements = [Placement(games[pin[0] % len(games)], 1, min(pin[1], boards))]
    sessions = Sessions.slots_per_day(6)  # 6 slots a day: the night is a rest
    want = brute_minimum(rounds, boards, windows, placements, sessions)
    try:
        tt = schedule(rounds, boards, START, M45, sessions, windows=windows, placements=placements)
    except WindowConflict as e:
        assert want is None, f"refused ({e}) but a layout with {want} back-to-backs exists"
        event("refused")
        return
    event(f"laid out, {want} back-to-backs")
    assert want is not None
    check_respects(rounds, boards, windows, placements, tt)
    assert tt.minimal and len(tt.back_to_back) == want and tt.lower_bound <= want
    # without the exact search (budget 0): a greedy layout and a descent, within the windows still;
    # minimal only when it meets the lower bound, which never exceeds the true minimum
    quick = schedule(rounds, boards, START, M45, sessions, windows=windows, placements=placements, exact_budget=0)
    check_respects(rounds, boards, windows, placements, quick)
    assert len(quick.back_to_back) >= want and quick.lower_bound <= want
    assert not quick.minimal or len(quick.back_to_back) == want
    if (windows or placements) and not quick.minimal:
        event("greedy above the minimum" if len(quick.back_to_back) > want else "greedy at the minimum, unproved")
    if all(w.entrant is not None for w in windows) and not placements:
        # entrant windows only take layouts away: never fewer back-to-backs than without them
        assert len(tt.back_to_back) >= len(schedule(rounds, boards, START, M45, sessions).back_to_back)


# --------------------------------------------------------------------------- the command line


def _cli(*args):
    from typer.testing import CliRunner

    from arbiter.cli import app

    return CliRunner().invoke(app, ["roundrobin", "--names", "fixtures/teams.csv", "--table", "circle", "--boards", "2",
                                    "--start", "2026-06-13 10:00", "--slot", "45m", *args])


def test_cli_windows_and_opening_match_in_json():
    import json

    # Ashby-Brook meet in round 5 of the circle table as numbered (1-2): --open renumbers so that
    # they meet in round 1 and puts their game in slot 1 on board 1; Carlow never plays slot 1.
    res = _cli("--unavailable", "Carlow@slot 1", "--open", "Ashby-Brook", "--json")
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    num = {p["name"]: p["number"] for p in d["players"]}
    assert d["numbering"]["constraints"] == ["Ashby-Brook@1"]
    s1 = d["timetable"]["slots"][0]
    assert s1["number"] == 1 and {s1["games"][0]["white"], s1["games"][0]["black"]} == {num["Ashby"], num["Brook"]}
    assert s1["games"][0]["board"] == 1
    assert num["Carlow"] not in {x for g in s1["games"] for x in (g["white"], g["black"])}
    assert d["timetable"]["windows"] == [{"entrant": num["Carlow"], "board": None, "from": None, "until": None,
                                          "slots": [1], "label": "Carlow cannot play in slot 1"}]
    assert d["timetable"]["placements"] == [{"white": num["Ashby"], "black": num["Brook"], "slot": 1, "board": 1,
                                             "label": "opening match Ashby-Brook in slot 1 on board 1"}]


def test_cli_window_conflict_exits_1_naming_the_window():
    res = _cli("--unavailable", "Brook@before 11:00")
    assert res.exit_code == 1
    assert res.output.strip().endswith("arbiter: Brook cannot play before 11:00 but round 1 is played in slots 1-2 "
                                       "(10:00-11:30): its game Brook-Elton fits in none of them")


def test_cli_windows_file(tmp_path):
    f = tmp_path / "w.csv"
    f.write_text("who,from,until,slots\ncourt 2,,14:00,\nCarlow,,,1\n")
    res = _cli("--windows", str(f), "--csv")
    assert res.exit_code == 0, res.output
    rows = [r.split(",") for r in res.output.splitlines()[1:]]
    assert all(r[5] == "1" for r in rows if r[2] < "2026-06-13 13:45")  # one court until 14:00
    assert not any("Carlow" in (r[7], r[9]) for r in rows if r[0] == "1")
    f.write_text("who,from,until,slots\ncourt 2,,14:00,\nCarlow,,soon,\n")
    res = _cli("--windows", str(f))
    assert res.exit_code == 3
    assert f"arbiter: {f}:3:9: 'soon' is not a time" in res.output


def test_cli_window_usage_errors():
    from typer.testing import CliRunner

    from arbiter.cli import app

    assert _cli("--unavailable", "Nobody@slot 1").exit_code == 2
    assert _cli("--unavailable", "Brook").exit_code == 2
    assert _cli("--place", "Ashby-Brook@x").exit_code == 2
    assert _cli("--open", "Ashby-Nobody").exit_code == 2
    res = _cli("--unavailable", "court 3@slot 1")  # two courts only: a usage error, not a conflict
    assert res.exit_code == 2 and "there are boards 1 to 2 only" in res.output
    assert _cli("--place", "Ashby-Brook@1/3").exit_code == 2
    # a placement in another round's slot is a conflict (Ashby-Brook meet in round 5, slots 9-10)
    res = _cli("--place", "Ashby-Brook@1/1")
    assert res.exit_code == 1 and "Ashby-Brook is a round-5 game and round 5 is played in slots 9-10" in res.output
    res = CliRunner().invoke(app, ["roundrobin", "--players", "4", "--unavailable", "Player 1@slot 1"])
    assert res.exit_code == 2 and "give --boards" in res.output


def test_a_window_on_a_slot_the_timetable_never_reaches_is_refused():
    """Six teams on two courts: 15 games, three a round, two slots a round: the day ends in slot
    10.  "Carlow@slot 99" can only be a slip (slot 9?): refused as a usage error naming the slot and
    the last one, never silently kept; a window reaching into the day (slots 10-11) is a window."""
    res = _cli("--unavailable", "Carlow@slot 99")
    assert res.exit_code == 2, res.output
    assert "slot 99" in res.output and "slot 10" in res.output
    assert _cli("--unavailable", "Carlow@slots 10, 11").exit_code == 0
