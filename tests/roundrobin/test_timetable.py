"""Round-robin timetables: :mod:`roundrobin.timetable`.

The invariants are checked against the slots themselves (not against the scheduler's own
bookkeeping): every game scheduled once, capacity, one game per player per slot, rounds in
order in ceil(games/boards) slots, slots in time order inside their sessions, and the
back-to-back list equal to the players found in two slots that touch in time.  The number of
back-to-backs is compared with an independent exhaustive search (every assignment of every
round's games to its slots, combined round by round) on small instances.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from datetime import datetime, time, timedelta

import pytest
from hypothesis import given, settings, strategies as st

from roundrobin.berger import BYE, double_round_robin, single_round_robin
from roundrobin.timetable import (
    Sessions,
    format_duration,
    parse_duration,
    parse_sessions,
    parse_start,
    schedule,
    slot_times,
    timetable_csv,
    timetable_dict,
    timetable_rows,
)

pytestmark = pytest.mark.fast

START = datetime(2026, 12, 5, 9, 0)
M45 = timedelta(minutes=45)


# --------------------------------------------------------------------------- independent checks


def games_of(rnd):
    return [(w, b) for w, b in rnd if w != BYE and b != BYE]


def ceil_div(a, b):
    return -(-a // b)


def check_invariants(rounds, boards, tt, slot=M45, sessions=None):
    """Assert every schedule invariant from the slots alone."""
    sessions = sessions or Sessions.unlimited()
    slots = tt.slots
    # every game of every round exactly once, in its own round
    placed = sorted((s.round, w, b) for s in slots for _, w, b in s.games)
    wanted = sorted((r, w, b) for r, rnd in enumerate(rounds, 1) for w, b in games_of(rnd))
    assert placed == wanted
    assert sorted(tt.byes) == sorted(
        (r, w if b == BYE else b) for r, rnd in enumerate(rounds, 1) for w, b in rnd
        if BYE in (w, b) and (w, b) != (BYE, BYE))
    # capacity, boards numbered 1.., nobody twice in a slot
    for s in slots:
        assert 1 <= len(s.games) <= boards
        assert [g[0] for g in s.games] == list(range(1, len(s.games) + 1))
        players = [p for _, w, b in s.games for p in (w, b)]
        assert len(players) == len(set(players))
    # slots numbered in time order, rounds in order, each round in ceil(g/b) adjacent slots
    assert [s.number for s in slots] == list(range(1, len(slots) + 1))
    assert [s.round for s in slots] == sorted(s.round for s in slots)
    for r, rnd in enumerate(rounds, 1):
        assert sum(s.round == r for s in slots) == ceil_div(len(games_of(rnd)), boards)
    for s in slots:
        assert s.end - s.start == slot
    for a, b in zip(slots, slots[1:]):
        assert b.start >= a.end
        assert b.day in (a.day, a.day + 1)
        if not sessions.per_day:
            assert (b.day == a.day) == (b.start.date() == a.start.date())
    # sessions
    if sessions.windows:
        for s in slots:
            assert s.start.date() == s.end.date()
            lo, hi = sessions.windows[s.session - 1]
            assert lo <= s.start.time() and s.end.time() <= hi
    elif sessions.per_day:
        per_day: dict[int, list] = {}
        for s in slots:
            per_day.setdefault(s.day, []).append(s)
        for ss in per_day.values():
            assert len(ss) <= sessions.per_day
            assert ss[0].start.time() == slots[0].start.time()
            assert all(b.start == a.end for a, b in zip(ss, ss[1:]))
    else:
        for a, b in zip(slots, slots[1:]):
            assert b.start == a.end
    # back-to-backs: exactly the players of two slots that touch in time
    expected = set()
    for a, b in zip(slots, slots[1:]):
        if a.end == b.start:
            pa = {p for _, w, k in a.games for p in (w, k)}
            pb = {p for _, w, k in b.games for p in (w, k)}
            expected |= {(p, a.number, b.number, a.round, b.round) for p in pa & pb}
    got = {(x.player, *x.slots, *x.rounds) for x in tt.back_to_back}
    assert got == expected and len(tt.back_to_back) == len(expected)
    for x in tt.back_to_back:
        assert slots[x.slots[0] - 1].end == slots[x.slots[1] - 1].start  # never across a break
        assert x.rounds[0] < x.rounds[1]
        assert x.reason
    assert len(tt.back_to_back) >= tt.lower_bound
    t = tt.totals
    assert (t.games, t.rounds, t.slots) == (len(wanted), len(rounds), len(slots))
    if slots:
        assert (t.first_start, t.last_end, t.days) == (slots[0].start, slots[-1].end, slots[-1].day)


def brute_force_minimum(rounds, boards, touching):
    """Fewest back-to-backs over every layout, by exhaustive enumeration.

    Each round with g games gets k = ceil(g/boards) slots; every assignment of its games to
    those slots with at most ``boards`` games per slot is tried (k**g candidates, filtered).
    ``touching(s)`` says whether global slot s (0-based) is followed without a break by s+1.
    Only adjacent rounds interact, so the rounds are combined one at a time keeping, for each
    layout of the current round, the best total so far (an exhaustive search, not a heuristic:
    every layout of every round is a state)."""
    best: dict[tuple, int] = {(): 0}
    first = 0
    prev_last_players: dict[tuple, set] = {(): set()}
    prev_last_slot = None
    for rnd in rounds:
        games = games_of(rnd)
        if not games:
            continue
        k = ceil_div(len(games), boards)
        layouts = []
        for assign in itertools.product(range(k), repeat=len(games)):
            counts = [assign.count(i) for i in range(k)]
            if max(counts) <= boards and min(counts) >= 1:
                layouts.append(assign)
        seam = prev_last_slot is not None and touching(prev_last_slot)
        new_best = {}
        new_last = {}
        for lay in layouts:
            first_players = {p for g, s in zip(games, lay) if s == 0 for p in g}
            last_players = {p for g, s in zip(games, lay) if s == k - 1 for p in g}
            cost = min(c + (len(prev_last_players[key] & first_players) if seam else 0)
                       for key, c in best.items())
            new_best[lay] = cost
            new_last[lay] = last_players
        best, prev_last_players = new_best, new_last
        first += k
        prev_last_slot = first - 1
    return min(best.values())


def always(_):
    return True


def per_day(n):
    return lambda s: (s + 1) % n != 0


# --------------------------------------------------------------------------- hand-worked examples


def test_six_players_two_boards_four_slots_a_day():
    """6 players (Berger table), 2 boards, 45-minute slots, 4 slots a day from 2026-12-05 09:00.

    Hand calculation.  Each round has 3 games, so 2 slots a round, 10 slots in all:
    day 1 slots 1-4 at 09:00, 09:45, 10:30, 11:15 (rounds 1, 1, 2, 2), day 2 slots 5-8 at the
    same times (rounds 3, 3, 4, 4), day 3 slots 9-10 at 09:00 and 09:45 (round 5).
    Seams: round 1->2 (slots 2|3) and 3->4 (slots 6|7) touch; 2->3 and 4->5 cross a night.
    Table: R1 1-6 2-5 3-4; R2 6-4 5-3 1-2; R3 2-6 3-1 4-5; R4 6-5 1-4 2-3; R5 3-6 4-2 5-1.
    Seam 1->2 without back-to-back: the last slot of round 1 and the first of round 2 share
    no player.  Default cut (boards 1-2 | board 3) gives 3-4 | 6-4 5-3: players 3 and 4
    twice.  The zero layouts moving fewest games (3 moves): {3-4} | {1-2}, {2-5} | {6-4},
    {1-6} | {5-3} (a first slot of 2 games of round 2 always meets every game of round 1).
    Likewise seam 3->4: default 4-5 | 6-5 1-4 (4, 5 twice); zero layouts exist, e.g.
    {4-5} | {2-3}.  So the minimum is 0 back-to-backs."""
    rr = single_round_robin(6)
    tt = schedule(rr.rounds, 2, parse_start("2026-12-05 09:00"), parse_duration("45m"), parse_sessions("4"))
    check_invariants(rr.rounds, 2, tt, sessions=Sessions.slots_per_day(4))
    got = [(s.day, s.start.strftime("%d %H:%M"), s.round) for s in tt.slots]
    assert got == [(1, "05 09:00", 1), (1, "05 09:45", 1), (1, "05 10:30", 2), (1, "05 11:15", 2),
                   (2, "06 09:00", 3), (2, "06 09:45", 3), (2, "06 10:30", 4), (2, "06 11:15", 4),
                   (3, "07 09:00", 5), (3, "07 09:45", 5)]
    assert [s.end.strftime("%H:%M") for s in tt.slots][:4] == ["09:45", "10:30", "11:15", "12:00"]
    assert tt.back_to_back == ()
    assert tt.minimal
    last1 = {(w, b) for _, w, b in tt.slots[1].games}
    first2 = {(w, b) for _, w, b in tt.slots[2].games}
    assert (last1, first2) in [({(3, 4)}, {(1, 2)}), ({(2, 5)}, {(6, 4)}), ({(1, 6)}, {(5, 3)})]
    t = tt.totals
    assert (t.games, t.rounds, t.slots, t.days) == (15, 5, 10, 3)
    assert (t.first_start, t.last_end) == (datetime(2026, 12, 5, 9), datetime(2026, 12, 7, 10, 30))


def test_round_in_one_slot_every_player_back_to_back():
    """4 players on 2 boards, unlimited sessions: each round (2 games) fits in one slot, slots
    09:00, 09:45, 10:30 follow each other, so all 4 players play back-to-back at both seams:
    8 back-to-backs, and that is forced (lower bound 8)."""
    rr = single_round_robin(4)
    tt = schedule(rr.rounds, 2, START, M45)
    check_invariants(rr.rounds, 2, tt)
    assert [s.start.strftime("%H:%M") for s in tt.slots] == ["09:00", "09:45", "10:30"]
    assert len(tt.back_to_back) == 8 and tt.lower_bound == 8 and tt.minimal
    assert {x.player for x in tt.back_to_back if x.rounds == (1, 2)} == {1, 2, 3, 4}
    x = tt.back_to_back[0]
    assert x.reason == "round 2 fits in one slot: every player of rounds 1 and 2 plays in consecutive slots"


def test_one_board_four_players_each_seam_forced():
    """4 players on 1 board, 1-hour slots from 10:00: 6 slots 10:00..16:00, 2 per round.
    R1 1-4 2-3; R2 4-3 1-2; R3 2-4 3-1.  Whatever game of round r is played last, each game
    of round r+1 contains one of its two players (each game of r+1 takes one player from
    each game of r), so each seam has exactly 1 back-to-back: 2 in all (slots 2|3, 4|5)."""
    rr = single_round_robin(4)
    tt = schedule(rr.rounds, 1, datetime(2026, 12, 5, 10), timedelta(hours=1))
    check_invariants(rr.rounds, 1, tt, slot=timedelta(hours=1))
    assert [s.start.hour for s in tt.slots] == [10, 11, 12, 13, 14, 15]
    assert [x.slots for x in tt.back_to_back] == [(2, 3), (4, 5)]
    assert tt.minimal
    assert tt.back_to_back[0].reason == (
        "round 2's 2 games on 1 board: its first slot needs at least 1 game and every game of "
        "round 2 involves a player of round 1's last slot")


def test_windows_hand_times():
    """Windows 09:00-10:30 and 11:00-12:30, 45-minute slots, start 2026-12-05 09:50.
    Day 1: 09:50-10:35 would overrun the first window, so slots 11:00 and 11:45.
    Day 2: 09:00, 09:45, 11:00, 11:45.  Touching pairs: 11:00|11:45 (each day) and
    09:00|09:45; 12:30 -> next day and 10:30 -> 11:00 are breaks."""
    sess = parse_sessions("09:00-10:30,11:00-12:30")
    times = slot_times(datetime(2026, 12, 5, 9, 50), M45, sess, 6)
    assert [(s.strftime("%d %H:%M"), e.strftime("%H:%M"), d, w) for s, e, d, w in times] == [
        ("05 11:00", "11:45", 1, 2), ("05 11:45", "12:30", 1, 2),
        ("06 09:00", "09:45", 2, 1), ("06 09:45", "10:30", 2, 1),
        ("06 11:00", "11:45", 2, 2), ("06 11:45", "12:30", 2, 2)]
    rr = single_round_robin(5)  # 2 games a round, byes: 5 rounds of 2 games
    tt = schedule(rr.rounds, 2, datetime(2026, 12, 5, 9, 50), M45, sess)
    check_invariants(rr.rounds, 2, tt, sessions=sess)
    # one slot a round: back-to-backs only between touching slots 1|2, 3|4 and 5 (day 3) ...
    assert {x.slots for x in tt.back_to_back} == {(1, 2), (3, 4)}
    assert len(tt.byes) == 5


def test_per_day_slot_times():
    """3 slots a day of 1h30m from 18:00: day 2 starts at 18:00 the next day."""
    t = slot_times(datetime(2026, 1, 30, 18), parse_duration("1h30m"), Sessions.slots_per_day(3), 4)
    assert [(s.strftime("%m-%d %H:%M"), d) for s, _, d, _ in t] == [
        ("01-30 18:00", 1), ("01-30 19:30", 1), ("01-30 21:00", 1), ("01-31 18:00", 2)]


def test_teams_not_berger_and_bye_takes_no_board():
    """Any rounds of pairs: teams 11..15 with a bye written (0, team) or (team, 0)."""
    rounds = [((11, 12), (13, 14), (0, 15)), ((15, 11), (12, 13), (14, 0))]
    tt = schedule(rounds, 1, START, M45)
    check_invariants(rounds, 1, tt)
    assert tt.byes == ((1, 15), (2, 14))
    # 1 board: 2 slots a round; minimum back-to-back is 0 here: last of round 1 = 13-14,
    # first of round 2 = 15-11 share nobody.
    assert len(tt.back_to_back) == brute_force_minimum(rounds, 1, always) == 0


# --------------------------------------------------------------------------- properties


@pytest.mark.parametrize("double, sizes", [
    (False, list(range(2, 22)) + [24, 27, 31, 40]),
    (True, [2, 3, 4, 5, 6, 7, 8, 9, 11, 14, 19, 25, 40]),
])
def test_invariants_all_sizes(double, sizes):
    """n up to 40, boards 1, 2, n/4, n/2-1, n/2; unlimited, 4 a day and two windows a day."""
    sessions = [Sessions.unlimited(), Sessions.slots_per_day(4), parse_sessions("09:00-12:00,14:00-18:00")]
    for n in sizes:
        rr = (double_round_robin if double else single_round_robin)(n)
        for boards in sorted({b for b in (1, 2, n // 4, n // 2 - 1, n // 2) if 1 <= b <= n // 2}):
            sess = sessions[(n + boards) % 3]
            tt = schedule(rr.rounds, boards, START, M45, sess, exact_budget=20_000)
            check_invariants(rr.rounds, boards, tt, sessions=sess)


@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize("double", [False, True])
def test_minimum_equals_brute_force_berger(n, double):
    """The number of back-to-backs equals the exhaustive minimum, every board count, with
    and without night breaks."""
    rr = (double_round_robin if double else single_round_robin)(n)
    assert_minimal_on_every_board_count(rr.rounds if not double or n <= 6 else rr.rounds[: n + 1], n)


def assert_minimal_on_every_board_count(rounds, n):
    """Every board count from 1 to n/2, with and without night breaks (3 slots a day): the
    timetable keeps every invariant, its back-to-backs equal the exhaustive minimum and it says
    it is minimal."""
    for boards in range(1, n // 2 + 1):
        for per, touching in ((None, always), (3, per_day(3))):
            sess = Sessions.slots_per_day(per) if per else Sessions.unlimited()
            tt = schedule(rounds, boards, START, M45, sess)
            check_invariants(rounds, boards, tt, sessions=sess)
            assert len(tt.back_to_back) == brute_force_minimum(rounds, boards, touching), (n, boards, per)
            assert tt.minimal


@st.composite
def random_rounds(draw):
    players = draw(st.integers(2, 9))
    count = draw(st.integers(1, 6))
    rounds = []
    for _ in range(count):
        order = draw(st.permutations(range(1, players + 1)))
        playing = draw(st.integers(0, players // 2))  # some rounds short of games
        pairs = [(order[2 * i], order[2 * i + 1]) for i in range(playing)]
        pairs += [(p, BYE) for p in order[2 * playing: 2 * playing + 1]]
        rounds.append(tuple(pairs))
    return rounds


@settings(max_examples=150, deadline=None)
@given(random_rounds(), st.integers(1, 4), st.sampled_from([None, 1, 2, 3, 5]))
def test_minimum_random_rounds(rounds, boards, per):
    """Random rounds (not Berger; some with few games or none): invariants hold, the exact
    search hits the brute-force minimum, and the descent alone never claims minimality
    wrongly."""
    sess = Sessions.slots_per_day(per) if per else Sessions.unlimited()
    touching = per_day(per) if per else always
    best = brute_force_minimum(rounds, boards, touching)
    tt = schedule(rounds, boards, START, M45, sess)
    check_invariants(rounds, boards, tt, sessions=sess)
    assert len(tt.back_to_back) == best and tt.minimal
    quick = schedule(rounds, boards, START, M45, sess, exact_budget=0)
    check_invariants(rounds, boards, quick, sessions=sess)
    assert len(quick.back_to_back) >= best
    if quick.minimal:
        assert len(quick.back_to_back) == best


@settings(max_examples=150, deadline=None)
@given(random_rounds(), st.integers(1, 4))
def test_seam_bound_is_the_single_seam_minimum(rounds, boards):
    """The per-seam lower bound: for two rounds it is the exhaustive minimum itself (nothing
    else couples them); over more rounds the sum never exceeds the exhaustive minimum."""
    from roundrobin.timetable import _prepare, _seam_bound

    rds, _, _ = _prepare(rounds, boards)
    bounds = [_seam_bound(a, b, boards) for a, b in zip(rds, rds[1:])]
    played = [r for r in rounds if games_of(r)]
    for i, bound in enumerate(bounds):
        assert bound == brute_force_minimum(played[i: i + 2], boards, always)
    assert sum(bounds) <= brute_force_minimum(rounds, boards, always)


def test_seam_bound_reason():
    """16 players on 7 boards, 2 slots a round (sizes 1..7 + 7..1).  Round 1 is 1-16 2-15
    3-14 4-13 5-12 6-11 7-10 8-9; round 2 is 16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2.  Each game
    of round 1 shares a player with some game of round 2 (every player plays in both), so
    whichever single game is last in round 1 and whichever single game is first in round 2 can
    be disjoint: the seam alone costs 0.  Here the reasons must never claim a seam is forced
    beyond what that seam's own minimum allows."""
    rr = single_round_robin(16)
    tt = schedule(rr.rounds, 7, START, M45)
    check_invariants(rr.rounds, 7, tt)
    assert tt.minimal and tt.exact
    assert all("every such choice" not in x.reason for x in tt.back_to_back)


def test_exact_beats_or_matches_descent_medium():
    """16 players on 7 boards (2 nearly full slots a round): exact search, proved minimal."""
    rr = single_round_robin(16)
    tt = schedule(rr.rounds, 7, START, M45)
    check_invariants(rr.rounds, 7, tt)
    quick = schedule(rr.rounds, 7, START, M45, exact_budget=0)
    assert tt.exact and tt.minimal
    assert len(tt.back_to_back) <= len(quick.back_to_back)


# --------------------------------------------------------------------------- output shapes


def test_json_and_csv_shapes():
    rr = single_round_robin(5)
    tt = schedule(rr.rounds, 1, START, M45, Sessions.slots_per_day(4))
    d = json.loads(json.dumps(timetable_dict(tt)))
    assert set(d) == {"boards", "slot_minutes", "sessions", "totals", "slots", "byes", "back_to_back",
                      "windows", "placements"}
    assert set(d["totals"]) == {"games", "rounds", "slots", "days", "first_start", "last_end",
                                "back_to_back", "minimal", "lower_bound", "exact"}
    assert d["slot_minutes"] == 45 and d["sessions"] == "4"
    assert d["slots"][0]["start"] == "2026-12-05T09:00:00"
    assert set(d["slots"][0]) == {"number", "day", "session", "start", "end", "round", "games"}
    assert d["totals"]["games"] == 10 and d["totals"]["slots"] == 10 and d["totals"]["days"] == 3
    rows = list(csv.reader(io.StringIO(timetable_csv(tt))))
    assert rows[0] == ["slot", "day", "start", "end", "round", "board", "white", "black"]
    assert len(rows) == 11 and rows[1][:5] == ["1", "1", "2026-12-05 09:00", "2026-12-05 09:45", "1"]
    assert len(timetable_rows(tt)) == 11


def test_no_games():
    tt = schedule([((1, BYE),)], 2, START, M45)
    assert tt.slots == () and tt.totals.games == 0 and tt.totals.days == 0 and tt.byes == ((1, 1),)


# --------------------------------------------------------------------------- parsers and errors


@pytest.mark.parametrize("text, minutes", [("45m", 45), ("90m", 90), ("2h", 120), ("1h30m", 90),
                                           (" 1h 5m ", 65), ("45min", 45)])
def test_parse_duration(text, minutes):
    assert parse_duration(text) == timedelta(minutes=minutes)
    assert parse_duration(format_duration(parse_duration(text))) == timedelta(minutes=minutes)


@pytest.mark.parametrize("text", ["", "45", "m", "1.5h", "30s", "h30m", "0m", "-5m"])
def test_parse_duration_errors(text):
    with pytest.raises(ValueError, match="bad duration .*(expected hours and/or minutes like 45m|longer than 0)"):
        parse_duration(text)


def test_parse_sessions():
    assert parse_sessions("4") == Sessions.slots_per_day(4)
    assert parse_sessions("unlimited") == Sessions.unlimited()
    assert parse_sessions("09:00-13:00,15:00-19:00").windows == ((time(9), time(13)), (time(15), time(19)))
    assert parse_sessions("09:00-13:00,15:00-19:00").describe() == "09:00-13:00,15:00-19:00"


@pytest.mark.parametrize("text, message", [
    ("0", "at least 1"),
    ("four", "expected a number of slots per day \\(e.g. 4\\) or daily windows"),
    ("09:00-13:00;15:00-19:00", "expected a number of slots per day"),
    ("9-13", "expected a number of slots per day"),
    ("13:00-09:00", "must end after it starts"),
    ("09:00-13:00,12:00-14:00", "in time order without overlap"),
])
def test_parse_sessions_errors(text, message):
    with pytest.raises(ValueError, match=f"bad sessions .*{message}"):
        parse_sessions(text)


@pytest.mark.parametrize("text", ["2026-12-05", "05/12/2026 09:00", "2026-12-05 25:00", "tomorrow"])
def test_parse_start_errors(text):
    with pytest.raises(ValueError, match="bad start .*expected a date and time like 2026-12-05 09:00"):
        parse_start(text)


def test_parse_start():
    assert parse_start("2026-12-05 09:00") == START == parse_start("2026-12-05T09:00")


def test_bad_inputs():
    rr = single_round_robin(4)
    with pytest.raises(ValueError, match="boards must be a whole number >= 1"):
        schedule(rr.rounds, 0, START, M45)
    with pytest.raises(ValueError, match="slot length must be longer than 0"):
        schedule(rr.rounds, 1, START, timedelta(0))
    with pytest.raises(ValueError, match="round 1: player 1 appears twice"):
        schedule([((1, 2), (1, 3))], 1, START, M45)
    with pytest.raises(ValueError, match="a slot of 5h does not fit in any session window \\(09:00-13:00\\)"):
        schedule(rr.rounds, 1, START, timedelta(hours=5), parse_sessions("09:00-13:00"))
    with pytest.raises(ValueError, match="4 slots of 7h do not fit in one day"):
        schedule(rr.rounds, 1, START, timedelta(hours=7), Sessions.slots_per_day(4))
