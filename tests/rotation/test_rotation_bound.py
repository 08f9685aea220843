"""The bounded candidate search of the rotation: rooms within the bound are searched whole (every
smaller room chooses as before), a larger room is cut to the players first in the queue while
the hard limits still count everyone, and the per-group checks agree with their definition."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation import engine as rot
from rotation import log
from rotation import simulate as sim


def room(config: rot.Config, n: int) -> rot.State:
    s = rot.State.new(config)
    for i in range(n):
        s = rot.arrive(s, f"P{i:03d}")
    return s


@pytest.mark.fast
def test_bound_sizes() -> None:
    """10,626 groups: every group of 4 among 24 players (bughouse), of 2 among 146 (singles)."""
    assert rot.MAX_GROUPS == comb(24, 4) and comb(146, 2) <= rot.MAX_GROUPS < comb(147, 2)
    s = room(rot.Config(tables=1), 30)
    pool = s.waiting()
    assert rot.candidate_players(pool[:24], 4) == [p.name for p in pool[:24]]
    assert len(rot.candidate_players(pool[:25], 4)) == 24
    assert len(rot.candidate_players(pool, 3)) == 30  # one place fixed: C(30, 3) is within the bound
    assert len(rot.candidate_players(room(rot.Config(tables=1), 50).waiting(), 3)) == 40  # C(40, 3) = 9,880 <= 10,626 < C(41, 3)
    singles = room(rot.Config(tables=1, format=rot.SINGLES), 150).waiting()
    assert len(rot.candidate_players(singles[:146], 2)) == 146 and len(rot.candidate_players(singles, 2)) == 146


@pytest.mark.fast
def test_the_cut_keeps_the_queue_head_and_the_kept_players() -> None:
    """30 waiting: P029 has sat out 3, P028 2, P020 is owed a game (kept), P000-P004 have played
    one game more than the others: the 24 are P020, P029, P028, then the least played in arrival
    order (P005-P027 except P020, 21 of them), never the five who played more."""
    s = room(rot.Config(tables=1), 30)
    players = dict(s.players)
    players["P029"] = replace(players["P029"], sitouts=3)
    players["P028"] = replace(players["P028"], sitouts=2)
    for i in range(5):
        players[f"P{i:03d}"] = replace(players[f"P{i:03d}"], games=1)
    s = replace(s, players=players)
    got = rot.candidate_players(s.waiting(), 4, keep=["P020"])
    assert got[:3] == ["P020", "P029", "P028"]
    assert got[3:] == [f"P{i:03d}" for i in range(5, 28) if i != 20][:21]


@pytest.mark.fast
def test_work_per_choice_is_bounded() -> None:
    """91 waiting players, one bughouse table: the first fill checks at most MAX_GROUPS groups per
    level of limits tried (it had C(91, 4) = 2,672,670), and the choice reports the 24 players
    its groups were drawn from."""
    s = room(rot.Config(tables=1, seed=1), 91)
    calls = 0
    original = rot._Room.group_ok

    def counting(self: rot._Room, *args: object) -> bool:
        nonlocal calls
        calls += 1
        return original(self, *args)  # type: ignore[arg-type]

    rot._Room.group_ok = counting  # type: ignore[method-assign]
    try:
        (choice,) = rot.plan_next(s)
    finally:
        rot._Room.group_ok = original  # type: ignore[method-assign]
    assert choice.limits.relaxed == ()
    assert calls == rot.MAX_GROUPS  # the first level admitted a group
    assert len(choice.considered) == 24 and set(choice.teams[0] + choice.teams[1]) <= set(choice.considered)


def test_why_in_a_large_room(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Players beyond the search are told they were further back in the queue; the others get
    the usual reasons; the explanation says how many players the game was chosen among."""
    path = tmp_path / "big.db"
    log.create(path, rot.Config(tables=1, seed=2))
    for i in range(30):
        log.arrive(path, f"P{i:03d}")
    log.next_games(path)
    why = log.why(path, 1)
    assert why["candidate_players"] == 24
    reasons = {w["name"]: w["reason"] for w in why["waiting_next"]}
    assert len(reasons) == 26
    beyond = {n for n, r in reasons.items() if r == "queue"}
    assert beyond == {f"P{i:03d}" for i in range(24, 30)}  # everyone level: arrival order decides
    assert all(r == "seeded-draw" for n, r in reasons.items() if n not in beyond)


@pytest.mark.parametrize("players,tables,fmt,games", [(30, 1, rot.BUGHOUSE, 45), (34, 2, rot.BUGHOUSE, 34),
                                                     (150, 1, rot.SINGLES, 150)])
def test_large_rooms_keep_the_sitout_limit_and_level_cycles(players: int, tables: int, fmt: str, games: int) -> None:
    """Above the bound the sit-out limit is never exceeded and nothing is relaxed; with one table
    everyone has played equally often at every cycle end, as in small rooms.  (Two tables in
    refill mode: only the sit-out limit is promised, docs/rotation.md.)"""
    r = sim.simulate(players, tables, games, 1, fmt=fmt)
    assert r.max_sitouts <= r.sitout_bound
    assert r.relaxations == {}
    if tables == 1:
        assert r.spreads and max(r.spreads) == 0


# ----------------------------------------------------------------------------- the group checks

def reference_ok(state: rot.State, pool: frozenset[str], placed: frozenset[str], normal: int,
                 group: frozenset[str], limits: rot.Limits, tables_after: int, last: bool) -> bool:
    """The hard limits of docs/rotation.md written out over the whole room, group by group."""
    k = state.config.k
    if not (group >= set(limits.organiser_fixed) and group >= set(limits.owed_fixed)):
        return False
    sit = {n: state.players[n].sitouts for n in pool}
    left = pool - group
    if sum(sit[n] >= limits.sitout_limit for n in left) > k * tables_after:
        return False
    if limits.rest_check and last:
        places = k * rot.next_pass_tables(state)
        need = sorted(max(1, normal - sit[n]) for n in left)
        if any(i > places * j for i, j in enumerate(need, start=1)):
            return False
    if limits.owed_cap:
        levels = {p.name: p.level for p in state.active()}
        if any(levels[n] >= rot.cycle_share(state, len(placed) // k) for n in group):
            return False
        allowed = max(1, max(levels.values()) - min(levels.values()))

        def spread(bumped: frozenset[str]) -> int:
            values = [v + (n in bumped) for n, v in levels.items()]
            return max(values) - min(values)
        if spread(group | placed) > allowed:
            return False
        due = frozenset(n for n in left if sit[n] + 1 >= normal) if last else frozenset()
        if due and spread(group | placed | due) > allowed:
            return False
    return True


@st.composite
def rooms(draw: st.DrawFn) -> tuple[rot.State, frozenset[str], frozenset[str], int, rot.Limits, int, bool]:
    fmt = draw(st.sampled_from(rot.FORMATS))
    config = rot.Config(tables=draw(st.integers(1, 3)), format=fmt, mode=draw(st.sampled_from(rot.MODES)))
    k = config.k
    n = draw(st.integers(k, 13))
    players = {}
    for i in range(n):
        name = f"P{i:02d}"
        players[name] = rot.Player(name=name, order=i, games=draw(st.integers(0, 4)), credit=draw(st.integers(0, 2)),
                                   sitouts=draw(st.integers(0, 6)), expected=Fraction(draw(st.integers(0, 8)), 2),
                                   table=draw(st.sampled_from([None, None, None, 1])))
    history = tuple(rot.Game(1, (("x",), ("y",)), i) for i in range(draw(st.integers(0, 9))))
    state = replace(rot.State.new(config), players=players, history=history)
    waiting = sorted(p.name for p in state.waiting())
    placed_n = k if len(waiting) >= 2 * k and draw(st.booleans()) else 0
    placed = frozenset(draw(st.permutations(waiting))[:placed_n])
    pool = frozenset(waiting) - placed
    normal = rot.sitout_limit(state)
    ordered = sorted(pool)
    limits = rot.Limits(sitout_limit=normal + draw(st.integers(0, 2)), normal_limit=normal,
                        rest_check=draw(st.booleans()),
                        owed_fixed=tuple(draw(st.lists(st.sampled_from(ordered), max_size=2, unique=True))) if ordered else (),
                        owed_cap=draw(st.booleans()), balance=False,
                        organiser_fixed=tuple(draw(st.lists(st.sampled_from(ordered), max_size=1))) if ordered else (),
                        relaxed=())
    return state, pool, placed, normal, limits, draw(st.integers(0, 2)), draw(st.booleans())


@pytest.mark.fast
@settings(max_examples=150, deadline=None)
@given(rooms())
def test_group_checks_agree_with_their_definition(case: tuple[rot.State, frozenset[str], frozenset[str], int,
                                                              rot.Limits, int, bool]) -> None:
    """The O(k) checks of ``_Room.group_ok`` (counts over the pool, the spread kept as counts per
    level) give the same verdict as the definition on every group of every drawn room."""
    state, pool, placed, normal, limits, tables_after, last = case
    r = rot._Room(state, pool, placed, normal)
    for g in itertools.combinations(sorted(pool), state.config.k):
        group = frozenset(g)
        assert r.group_ok(group, limits, tables_after, last) == reference_ok(
            state, pool, placed, normal, group, limits, tables_after, last), sorted(group)
