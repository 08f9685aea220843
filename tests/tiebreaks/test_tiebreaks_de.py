"""Direct encounter (C.07 art. 6) and the tie-break code grammar.

DE: the Held exercises 23-26 (expected ranks transcribed in ../shared/corpus/real/tiebreaks/
EXPECTED.md, section 1f), hand-worked groups, and a property: DE on a group depends only on the
members' mutual games.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trf
from tiebreaks.codes import Modifiers, parse_list, parse_tiebreak
from tiebreaks.direct import de_scores, direct_encounter
from tiebreaks.standings import rank_groups

from tests.support import shared_corpus


def ranks(t: trf.model.Tournament, round_robin: bool) -> dict[int, int]:
    """Final ranks with the list [PTS, DE]."""
    pts = {p.start_rank: t.score(p.start_rank) for p in t.players}
    groups, _, _ = rank_groups(sorted(pts), pts, parse_list("DE"), lambda tb, p: None,
                               lambda tb, g: direct_encounter(t, g, t.rounds_paired, tb.mods, round_robin))
    out, pos = {}, 1
    for g in groups:
        for p in g:
            out[p] = pos
        pos += len(g)
    return out


@pytest.mark.corpus
def test_held_exercises_23_and_24() -> None:
    t = trf.parse_file(shared_corpus() / "real" / "tiebreaks" / "held_swiss_5.trf").tournament
    r = ranks(t, round_robin=False)
    assert [r[p] for p in (1, 3, 4, 16)] == [2, 2, 2, 2]
    assert [r[p] for p in (5, 8, 11)] == [7, 7, 7]


@pytest.mark.corpus
def test_held_exercise_25() -> None:
    t = trf.parse_file(shared_corpus() / "real" / "tiebreaks" / "held_swiss_9.trf").tournament
    r = ranks(t, round_robin=False)
    assert [r[p] for p in range(1, 17)] == [3, 5, 1, 3, 9, 2, 6, 6, 14, 9, 13, 14, 16, 9, 9, 6]


@pytest.mark.corpus
def test_held_exercise_26_round_robin_counts_the_forfeit() -> None:
    """Art. 15.2: in a round robin the forfeit (6 beat 5 by forfeit) counts as a game, which is
    what puts 6 above 5 above 4."""
    t = trf.parse_file(shared_corpus() / "real" / "tiebreaks" / "held_round_robin.trf").tournament
    r = ranks(t, round_robin=True)
    assert r == {1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 4}


# ---------------------------------------------------------------- hand-worked groups

def _line(n: int, pts: str, rounds: list[str]) -> str:
    head = f"001 {n:>4} {'':1}{'':3} {f'Player {n}':<33} {2500 - 10 * n:>4} {'':3} {'':>11} {'':10} {pts:>4} {'':>4}"
    return head + "".join(f"  {cell}" for cell in rounds)


def _rr4(results: dict[tuple[int, int], str]) -> trf.model.Tournament:
    """Four players, three rounds (1-4 2-3 / 1-3 4-2 / 1-2 3-4); ``results[(a, b)]`` is a's code."""
    sched = [[(1, 4), (2, 3)], [(1, 3), (4, 2)], [(1, 2), (3, 4)]]
    comp = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    cells: dict[int, list[str]] = {p: [] for p in range(1, 5)}
    pts = {p: Fraction(0) for p in range(1, 5)}
    val = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}
    for games in sched:
        for w, b in games:
            rw = results.get((w, b)) or comp[results[(b, w)]]
            rb = comp[rw]
            cells[w].append(f"{b:4d} w {rw}")
            cells[b].append(f"{w:4d} b {rb}")
            pts[w] += val[rw]
            pts[b] += val[rb]
    lines = ["012 DE hand cases", "XXR 3"] + [_line(p, f"{float(pts[p]):.1f}", cells[p]) for p in range(1, 5)]
    result = trf.parse_text("\n".join(lines) + "\n")
    assert not [d for d in result.diagnostics if d.severity.name == "ERROR"], result.diagnostics
    return result.tournament


def test_complete_group_orders_by_mutual_points_then_recurses() -> None:
    """1 beat 2, 3 and 4; 2 beat 3; 3 beat 4; 4 beat 2 (a cycle among 2, 3, 4).  Mutual scores in
    {1,2,3,4}: 3, 1, 1, 1, so 1 is first (6.2) and 2, 3, 4 are re-examined among themselves
    (6.2, recursion): 1 each again, so they stay tied."""
    t = _rr4({(1, 4): "1", (2, 3): "1", (1, 3): "1", (4, 2): "1", (1, 2): "1", (3, 4): "1"})
    assert direct_encounter(t, [1, 2, 3, 4], 3) == [[1], [2, 3, 4]]
    # the sub-group {2, 3} alone: 2 beat 3
    assert direct_encounter(t, [2, 3], 3) == [[2], [3]]


def test_forfeit_left_out_unless_p() -> None:
    """Art. 6.1.1: 2's forfeit win over 3 is not a game for DE, so {2, 3} have not met and stay
    tied (6.3: either could still catch the other); with /P it counts and 2 is ahead."""
    t = _rr4({(1, 4): "=", (2, 3): "+", (1, 3): "1", (4, 2): "0", (1, 2): "0", (3, 4): "1"})
    assert direct_encounter(t, [2, 3], 3) == [[2, 3]]
    assert direct_encounter(t, [2, 3], 3, Modifiers(forfeits=True)) == [[2], [3]]
    # in a round robin forfeits always count (art. 15.2)
    assert direct_encounter(t, [2, 3], 3, round_robin=True) == [[2], [3]]


def test_incomplete_group_separates_only_the_uncatchable() -> None:
    """Art. 6.3 on {1, 2, 3} where 2-3 was a forfeit: 1 has 2 mutual points (beat 2 and 3); 2 and
    3 have 0 each with one missing game, so at most 1; 1 is first whatever happens; 2 and 3 stay
    together (their own DE is still incomplete)."""
    t = _rr4({(1, 4): "=", (2, 3): "+", (1, 3): "1", (4, 2): "0", (1, 2): "1", (3, 4): "1"})
    assert de_scores(t, [1, 2, 3], 3, False) == ({1: Fraction(2), 2: Fraction(0), 3: Fraction(0)}, {1: 0, 2: 1, 3: 1})
    assert direct_encounter(t, [1, 2, 3], 3) == [[1], [2, 3]]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["1", "=", "0"]), min_size=6, max_size=6), st.permutations([1, 2, 3, 4]))
def test_de_depends_only_on_mutual_games(codes: list[str], members: list[int]) -> None:
    """DE on a group uses only games among its members: changing games with outsiders never
    changes it, and the members' order in the call does not matter."""
    keys = [(1, 4), (2, 3), (1, 3), (4, 2), (1, 2), (3, 4)]
    t = _rr4(dict(zip(keys, codes)))
    group = members[:3]
    outsider = members[3]
    base = direct_encounter(t, sorted(group), 3)
    assert direct_encounter(t, group, 3) == base
    flipped = {k: ({"1": "0", "0": "1", "=": "="}[c] if outsider in k else c) for k, c in zip(keys, codes)}
    assert direct_encounter(_rr4(flipped), sorted(group), 3) == base


# ---------------------------------------------------------------- codes

@pytest.mark.parametrize("text, code, mods", [
    ("BH/C1", "BH", Modifiers(cut=1)),
    ("bh-c1", "BH", Modifiers(cut=1)),
    ("BH/M2/P", "BH", Modifiers(median=2, forfeits=True)),
    ("GE", "REP", Modifiers()),
    ("KS/L-2", "KS", Modifiers(limit=-2)),
    ("ARO/U1400", "ARO", Modifiers(unrated=1400)),
    ("TPN/R", "TPN", Modifiers(reverse=True)),
    ("AOB/F", "AOB", Modifiers(fore=True)),
])
def test_parse_tiebreak(text: str, code: str, mods: Modifiers) -> None:
    tb = parse_tiebreak(text)
    assert (tb.code, tb.mods, tb.text) == (code, mods, text)


@pytest.mark.parametrize("text, message", [
    ("XYZ", "unknown tie-break 'XYZ'"),
    ("BH/Q", "unknown modifier /Q"),
    ("WIN/C1", "WIN takes no cut"),
    ("BH/L+1", "only KS takes a limit"),
])
def test_parse_tiebreak_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_tiebreak(text)


def test_list_drops_leading_pts_and_tpn_is_ascending() -> None:
    tbs = parse_list("PTS, BH/C1,BH;SB DE")
    assert [tb.text for tb in tbs] == ["BH/C1", "BH", "SB", "DE"]
    assert parse_tiebreak("TPN").higher_is_better is False
    assert parse_tiebreak("TPN/R").higher_is_better is True


# ---------------------------------------------------------------- the value shown (standings)

def _swiss(rounds: list[list[tuple[int, int, str]]], players: int) -> trf.model.Tournament:
    """A Swiss of ``players`` players; ``rounds[r]`` lists (white, black, white's result)."""
    comp = {"1": "0", "0": "1", "=": "="}
    val = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
    cells: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    pts = {p: Fraction(0) for p in cells}
    for games in rounds:
        for w, b, rw in games:
            cells[w].append(f"{b:4d} w {rw}")
            cells[b].append(f"{w:4d} b {comp[rw]}")
            pts[w] += val[rw]
            pts[b] += val[comp[rw]]
    lines = ["012 DE shown", f"XXR {len(rounds)}"] + [_line(p, f"{float(pts[p]):.1f}", cells[p]) for p in cells]
    result = trf.parse_text("\n".join(lines) + "\n")
    assert not [d for d in result.diagnostics if d.severity.name == "ERROR"], result.diagnostics
    return result.tournament


def _de_column(t: trf.model.Tournament) -> dict[int, object]:
    from tiebreaks.standings import standings

    return {r.pid: r.values[0] for r in standings(t, parse_list("DE")).rows}


def test_tied_players_who_never_met_show_0() -> None:
    """Round 1: 1 beats 2, 3 beats 4; round 2: 4-1 and 2-3 drawn.  1 and 3 are tied on 1.5 and
    never met; 2 and 4 are tied on 0.5 and never met.  Art. 6.3: a player is ranked first only if
    no result of the missing games could catch him; the one missing game (1-3, 2-4) could give
    either player the point, so DE ranks nobody in either group, and the value shown is 0, not a
    shared 1 (which would claim that DE ranked both first).  gacrux (FIDE TEC's reference,
    ``-t PTS DE``) shows 0 for all four as well."""
    t = _swiss([[(1, 2, "1"), (3, 4, "1")], [(4, 1, "="), (2, 3, "=")]], 4)
    assert _de_column(t) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_a_group_de_splits_shows_ranks_within_it() -> None:
    """Round 1: 1 beats 2, 3 beats 4; round 2: 3 beats 1, 2 beats 4.  Points 3: 2, 1: 1, 2: 1,
    4: 0.  {1, 2} is the only tied group; they met and 1 won (6.2): ranks 1 and 2 within the
    group.  3 and 4 were never tied: DE does not apply to them (shown empty)."""
    t = _swiss([[(1, 2, "1"), (3, 4, "1")], [(3, 1, "1"), (2, 4, "1")]], 4)
    assert _de_column(t) == {1: 1, 2: 2, 3: None, 4: None}


def test_procedure_ranks() -> None:
    """The value of a procedure's parts: ranks within the group when it splits it (the first
    separated, the other two still tied: 1, 2, 2), 0 for every member when it ranks nobody."""
    from tiebreaks.standings import procedure_ranks

    assert procedure_ranks([[5], [2, 7]]) == {5: 1, 2: 2, 7: 2}
    assert procedure_ranks([[2, 7], [5]]) == {2: 1, 7: 1, 5: 3}
    assert procedure_ranks([[2, 5, 7]]) == {2: 0, 5: 0, 7: 0}
