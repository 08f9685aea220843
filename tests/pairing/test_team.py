"""The Swiss Team Pairing System (C.04.6, 2026) on hand-worked cases: each expected pairing and
colour is derived from the articles in the test's docstring, independently of the engine.

Events are written with :func:`verify.teamgen.team_trf` (four boards, ``352 WBWB``, 2/1/0 match
points, board results for the White team's player) and read back through :mod:`trf.teams`;
bracket-level cases build the teams' facts directly (:class:`pairing.team.state.TeamState`).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.result import NoLegalPairing, PairingInputError
from pairing.team import pair_team_round
from pairing.team.acceleration import team_acceleration, team_baku_plan
from pairing.team.brackets import pair_cost, pair_teams, profiles
from pairing.team.colours import allocate, first_team
from pairing.team.state import RoundSettings, TeamState, colour_preference
from trf import parse_text
from trf.acceleration import AccelerationRefused
from trf.codes import Colour
from trf.teams import team_event
from verify.teamgen import TeamEventSpec, TeamMatch, TeamRoundRecord, team_trf

pytestmark = pytest.mark.fast

W, B = Colour.WHITE, Colour.BLACK


def _colours(text: str) -> tuple[Colour, ...]:
    return tuple(W if c == "W" else B for c in text)


def team(tpn: int, score: float = 0, colours: str = "", *, kind: str | None = "A", last: bool = False,
         floated: bool = False, met: tuple[int, ...] = (), secondary: float | None = None,
         played: int | None = None, barred: bool = False) -> TeamState:
    """A team's facts as the round sees them (the colour preference by Art. 1.7 from ``colours``)."""
    cols = _colours(colours)
    pref, strong = colour_preference(cols, kind, last)
    s = Fraction(score)
    return TeamState(tpn, s, s, Fraction(secondary) if secondary is not None else None, cols,
                     len(cols) if played is None else played, frozenset(met), barred, floated, pref, strong)


def field(*teams: TeamState) -> dict[int, TeamState]:
    return {t.tpn: t for t in teams}


def lines(pairing) -> set[str]:  # type: ignore[no-untyped-def]
    out = {f"{w} {b}" for w, b in pairing.boards}
    return out | ({f"{pairing.bye} 0"} if pairing.bye is not None else set())


def event(spec: TeamEventSpec, rounds: list[TeamRoundRecord]):  # type: ignore[no-untyped-def]
    t = parse_text(team_trf(spec, rounds)).tournament
    return pair_team_round(t)


# ------------------------------------------------------------------ the digest's worked examples


def test_identifier_order_gives_way_to_c8_digest_9_1() -> None:
    """Digest 9.1: one bracket {1, 2, 3, 4}, Type A; 1 and 3 prefer White (CD -2), 2 and 4 Black
    (CD +2).  In identifier order 1-3 2-4 comes first (Art. 3.6.2-3.6.3) but both pairs want the
    same colour (C8 = 2, Art. 2.3.5); 1-4 2-3 meets every preference (C8 = 0): it is chosen."""
    teams = field(team(1, 2, "BB"), team(2, 2, "WW"), team(3, 2, "BB"), team(4, 2, "WW"))
    plan = pair_teams(teams, RoundSettings(3, 7))
    assert [b.pairs for b in plan.brackets] == [((1, 4), (2, 3))] and plan.brackets[0].cost == (0, 0, 0)


SIX = TeamEventSpec(6, 4, 7, "FIDE_TEAM_TYPEA_MP_GP", "W")
R1 = TeamRoundRecord((TeamMatch(1, 4, ("1", "1", "1", "0")), TeamMatch(5, 2, ("1", "0", "=", "=")),
                      TeamMatch(3, 6, ("1", "0", "0", "="))))
R2 = TeamRoundRecord((TeamMatch(6, 1, ("1", "1", "=", "0")), TeamMatch(2, 4, ("1", "1", "1", "0")),
                      TeamMatch(3, 5, ("1", "0", "=", "="))))


def test_three_rounds_of_six_teams_round_1_digest_9_2() -> None:
    """Round 1: all on 0, one bracket; the first identifier is 1 2 3 4 5 6: 1-4, 2-5, 3-6.
    Colours (4.3.1, initial-colour White): first-team 1 (odd) White; 2 (even) Black, so 5 White;
    3 (odd) White."""
    got = event(SIX, [])
    assert got.pairing.boards == ((1, 4), (5, 2), (3, 6)) and got.pairing.bye is None
    assert {a.step for a in got.allocations} == {"4.3.1"}


def test_three_rounds_of_six_teams_round_2_digest_9_2() -> None:
    """After 1-4 3-1, 5-2 2-2, 3-6 1.5-2.5: 1 2 MP (3 GP), 6 2 (2.5), 2 and 5 1 (2), 3 and 4 0.
    {1, 6}: 1-6.  {2, 5} met: C4 takes two upfloaters, {3, 4}; bracket {2, 3, 4, 5}: first
    identifier 2 3 4 5 (2-4, 3-5), no preference (one match each), nobody floated.  Colours:
    1-6, first-team 1 (more GP): 4.3.5, CD 6 = -1 < +1: 6 White; 2-4, first-team 2: CDs -1,
    same history, 4.3.8: 2 had Black, 2 White; 3-5, first-team 5: 4.3.8: 5 had White, 3 White.
    Boards: 6-1 (2 MP), 2-4 (1 MP), 3-5 (sum 1, TPN 3... 2-4 and 3-5 both 1 MP high, sum 1)."""
    got = event(SIX, [R1])
    assert lines(got.pairing) == {"6 1", "2 4", "3 5"}
    assert [(b.residents, b.upfloaters) for b in got.plan.brackets] == [((1, 6), ()), ((2, 5), (3, 4))]
    assert {(a.white, a.step) for a in got.allocations} == {(6, "4.3.5"), (2, "4.3.8"), (3, "4.3.8")}
    assert got.pairing.boards[0] == (6, 1)


def test_three_rounds_of_six_teams_round_3_digest_9_2() -> None:
    """After 6-1 2.5-1.5, 2-4 3-1, 3-5 2-2: 6 4 MP; 2 3; 1 2 (4.5 GP) and 5 2 (4); 3 1; 4 0.
    {6}: one upfloater, C5 from 3 MP: 2 (C7 counts it, the only set): 2-6.  {1, 5}: 1-5, and
    C6 holds ({3} pairs with the upfloater 4).  {3} + 4: 3-4.  Colours: 2-6, first-team 6,
    no preference, CD 0 both, same colours each round, 4.3.8: 6 had White: 2 White.  1-5,
    first-team 1 (GP): 4.3.8, 1 had Black: 1 White.  3-4: 3 prefers Black (WW), 4 White (BB):
    4.3.3, 4 White.  Boards: 2-6, 1-5, 4-3."""
    got = event(SIX, [R1, R2])
    assert got.pairing.boards == ((2, 6), (1, 5), (4, 3))
    assert [(a.white, a.step) for a in got.allocations] == [(2, "4.3.8"), (1, "4.3.8"), (4, "4.3.3")]
    b = got.plan.brackets
    assert [(x.residents, x.upfloaters, x.c6, x.c7) for x in b] == [((6,), (2,), True, 1), ((1, 5), (), True, 0),
                                                                   ((3,), (4,), True, 1)]


# ------------------------------------------------------------------ colour preferences (Art. 1.7)


@pytest.mark.parametrize("colours, kind, last, want", [
    ("", "A", False, (None, False)),          # no match played
    ("B", "A", False, (None, False)),         # CD -1: Type A none
    ("BB", "A", False, (W, True)),            # CD -2
    ("WB", "A", False, (None, False)),        # CD 0, last two differ
    ("WWBB", "A", False, (W, True)),          # CD 0, the last two Black
    ("WBB", "A", False, (W, True)),           # CD -1, the last two Black
    ("WWWBB", "A", False, (None, False)),     # CD +1 after two Blacks: no Type A preference
    ("WWWBB", "B", False, (B, False)),        # ... a mild Black under Type B
    ("W", "B", False, (B, False)),            # CD +1: mild Black
    ("B", "B", True, (W, False)),             # CD -1 is mild White in the last round too
    ("BW", "B", False, (B, False)),           # CD 0, last White: mild Black
    ("BW", "B", True, (None, False)),         # ... none in the last round
    ("WWBB", "B", True, (W, True)),           # CD 0, two Blacks: strong even in the last round (A1)
    ("WW", "B", False, (B, True)),            # CD +2: strong Black
    ("WW", None, False, (None, False)),       # no colour preferences at all
])
def test_colour_preferences_art_1_7(colours: str, kind: str | None, last: bool,
                                    want: tuple[Colour | None, bool]) -> None:
    assert colour_preference(_colours(colours), kind, last) == want


# ------------------------------------------------------------------ colour allocation (Art. 4)

A = RoundSettings(3, 7, "A")
TB = RoundSettings(3, 7, "B")


def test_first_team_art_4_2() -> None:
    """4.2.1 the higher score; 4.2.2 the higher secondary score when it is used; 4.2.3 the smaller TPN."""
    assert first_team(team(5, 3), team(2, 1), True)
    assert first_team(team(5, 3, secondary=10), team(2, 3, secondary=9), True)
    assert not first_team(team(5, 3, secondary=10), team(2, 3, secondary=9), False)
    assert first_team(team(2, 3, secondary=9), team(5, 3, secondary=9), True)


@pytest.mark.parametrize("a, b, settings, initial, white, step", [
    # 4.3.1: first-team 1 (odd TPN) gets the initial-colour; first-team 2 (even) the other one
    (team(1), team(2), A, W, 1, "4.3.1"),
    (team(2), team(4), A, W, 4, "4.3.1"),
    (team(1), team(2), A, B, 2, "4.3.1"),
    # 4.3.2: only 3 has a preference (Black, CD +2): 3 Black
    (team(3, 2, "WW"), team(5, 2, "WB"), A, None, 5, "4.3.2"),
    # 4.3.3: 3 prefers Black, 5 White
    (team(3, 2, "WW"), team(5, 2, "BB"), A, None, 5, "4.3.3"),
    # 4.3.4 (Type B): both want Black; 5 strongly (CD +2), 3 mildly (CD +1): 5 Black
    (team(3, 2, "W", kind="B"), team(5, 2, "WW", kind="B"), TB, None, 3, "4.3.4"),
    # 4.3.5: no Type A preference after one match; CD 3 = +1, 5 = -1: White to the lower, 5
    (team(3, 2, "W"), team(5, 2, "B"), A, None, 5, "4.3.5"),
    # 4.3.6: CD 0 both; the last round where they differ: 3 Black, 5 White: alternate, 3 White
    (team(3, 2, "WB"), team(5, 2, "BW"), A, None, 3, "4.3.6"),
    # 4.3.7: both prefer White (two Blacks), same CD and history: the first-team 4 (more points)
    (team(4, 3, "BB"), team(2, 1, "BB"), A, None, 4, "4.3.7"),
    # 4.3.8: no preference, same history: the first-team 3 had Black last: 3 White
    (team(3, 2, "WB"), team(5, 2, "WB"), A, None, 3, "4.3.8"),
    # 4.3.9: the first-team 3 (more points) never played (forfeits); 5 had Black last: 5 White
    (team(3, 4, "", played=0), team(5, 2, "WB"), A, None, 5, "4.3.9"),
])
def test_colour_steps_art_4_3(a: TeamState, b: TeamState, settings: RoundSettings, initial: Colour | None,
                              white: int, step: str) -> None:
    got = allocate(a, b, settings, initial)
    assert (got.white, got.step) == (white, step)
    assert {got.white, got.black} == {a.tpn, b.tpn}
    assert allocate(b, a, settings, initial) == got  # the order the pair is given in does not matter


# ------------------------------------------------------------------ brackets (Art. 3.5, 3.6)


def test_type_b_c9_decides_between_pairs_that_leave_one_preference_unmet() -> None:
    """Type B bracket {1, 2, 3, 4}: 1 and 3 strongly prefer White (CD -2), 2 mildly White (CD -1),
    4 mildly Black (CD +1).  Every pairing leaves one White preference unmet (C8 = 1).  1-3 2-4
    (first identifier) leaves a strong one unmet (C9 = 1, Art. 2.3.6); 1-4 2-3 and 1-2 3-4 only a
    mild one: the first of them, 1-4 2-3 (``1 2 4 3``).  Colours: 1-4 opposite wishes (4.3.3), 1
    White; 2-3 both White, only 3 strongly (4.3.4): 3 White."""
    s = RoundSettings(3, 7, "B")
    teams = field(team(1, 2, "BB", kind="B"), team(2, 2, "B", kind="B"), team(3, 2, "BB", kind="B"),
                  team(4, 2, "W", kind="B"))
    plan = pair_teams(teams, s)
    assert plan.brackets[0].pairs == ((1, 4), (2, 3)) and plan.brackets[0].cost == (1, 0, 0)
    assert [(x.white, x.step) for x in (allocate(teams[1], teams[4], s, None), allocate(teams[2], teams[3], s, None))] \
        == [(1, "4.3.3"), (3, "4.3.4")]
    score = Fraction(2)
    assert [pair_cost(teams[x], teams[y], score, s) for x, y in ((1, 3), (2, 4), (1, 4), (2, 3))] == \
        [(1, 1, 0), (0, 0, 0), (0, 0, 0), (1, 0, 0)]


def test_c7_prefers_an_upfloater_that_did_not_float_except_in_the_last_two_rounds() -> None:
    """{1} (2 points) needs one upfloater from {2, 3, 4} (1 point); 2 floated in the previous round.
    Rounds 1-5 of 7: C7 (Art. 2.3.4) passes over 2 for 3 (the next set in order; C6 holds, {2, 4}
    pairs): 1-3, 2-4.  Round 6 (one of the last two): C7 does not apply: the first set, 2: 1-2, 3-4."""
    teams = field(team(1, 2), team(2, 1, floated=True), team(3, 1), team(4, 1))
    early = pair_teams(teams, RoundSettings(5, 7))
    assert [b.pairs for b in early.brackets] == [((1, 3),), ((2, 4),)] and early.brackets[0].c7 == 0
    late = pair_teams(teams, RoundSettings(6, 7))
    assert [b.pairs for b in late.brackets] == [((1, 2),), ((3, 4),)]


def test_c10_prefers_an_upfloaters_opponent_that_did_not_float_except_in_the_last_two_rounds() -> None:
    """{1, 2, 3} (2 points) take one upfloater from {4, 5} (1 point): 4 (first set; C6: 5 pairs with
    6 below).  2 floated in the previous round.  Bracket {1, 2, 3, 4}: 1-3 2-4 is first but 4's
    opponent 2 floated (C10 = 1, Art. 2.3.7); 1-4 2-3 (``1 2 4 3``) costs nothing.  In the last
    two rounds C10 does not apply: 1-3 2-4."""
    teams = field(team(1, 2), team(2, 2, floated=True), team(3, 2), team(4, 1), team(5, 1), team(6, 0))
    early = pair_teams(teams, RoundSettings(3, 7))
    assert early.brackets[0].upfloaters == (4,) and early.brackets[0].pairs == ((1, 4), (2, 3))
    late = pair_teams(teams, RoundSettings(7, 7))
    assert late.brackets[0].pairs == ((1, 3), (2, 4))


def test_c6_keeps_the_next_scoregroup_pairable() -> None:
    """{1} (3 points) takes one of {2, 3, 4} (2 points), where 3 and 4 have met.  Taking 2 (the
    first set) leaves {3, 4}, which cannot be paired without upfloaters: C6 (Art. 2.3.3) fails;
    taking 3 leaves {2, 4}, which can: 1-3, then 2-4, 5-6."""
    teams = field(team(1, 3), team(2, 2), team(3, 2, met=(4,)), team(4, 2, met=(3,)), team(5, 1), team(6, 1))
    plan = pair_teams(teams, RoundSettings(3, 7))
    assert [b.pairs for b in plan.brackets] == [((1, 3),), ((2, 4),), ((5, 6),)]
    assert plan.brackets[0].c6


def test_c4_and_c5_fewest_upfloaters_and_the_highest_scores() -> None:
    """{1, 2} (3 points) have met: no pairing without upfloaters; C4 (Art. 2.3.1) takes two; C5
    (Art. 2.3.2) the highest scores in ascending order: one of 2 points is better than none, so
    (2 points, 2 points) = {3, 4} before any set with a 1-point team: bracket {1, 2, 3, 4}: 1-3 2-4."""
    teams = field(team(1, 3, met=(2,)), team(2, 3, met=(1,)), team(3, 2), team(4, 2), team(5, 1), team(6, 1))
    plan = pair_teams(teams, RoundSettings(3, 7))
    assert plan.brackets[0].upfloaters == (3, 4) and plan.brackets[0].pairs == ((1, 3), (2, 4))
    two, one = Fraction(2), Fraction(1)
    assert list(profiles([(two, 2), (one, 2)], 2)) == [(two, two), (one, two), (one, one)]


def test_no_complete_pairing_art_3_3_3() -> None:
    with pytest.raises(NoLegalPairing):
        pair_teams(field(team(1, 1, met=(2,)), team(2, 1, met=(1,))), RoundSettings(2, 5))


# ------------------------------------------------------------------ the PAB (Art. 3.4, C2)


def test_pab_by_score_matches_played_and_tpn_art_3_4() -> None:
    """Seven teams; round 1: 1 beat 5, 2 beat 6, 3 won by forfeit against 7 (330), 4 the PAB.  C2
    bars 3 (a forfeit win) and 4 (a PAB).  Lowest score (3.4.2): 5, 6, 7 with 0; most matches played
    (3.4.3): 5 and 6 (7's match was not played); largest TPN (3.4.4): 6."""
    spec = TeamEventSpec(7, 4, 5, "FIDE_TEAM_TYPEA_MP_GP", "W")
    r1 = TeamRoundRecord((TeamMatch(1, 5, ("1", "1", "1", "1")), TeamMatch(6, 2, ("0", "0", "0", "0")),
                          TeamMatch(3, 7, forfeit="+-")), pab=4)
    got = event(spec, [r1])
    assert got.pairing.bye == 6
    assert got.teams[3].pab_barred and got.teams[4].pab_barred and got.teams[7].played == 0


def test_pab_leaves_a_legal_pairing_art_3_4_1() -> None:
    """3 has the lowest score, but 1 and 2 have met: 3.4.1 passes 3 over; 2 (next lowest) leaves 1-3."""
    plan = pair_teams(field(team(1, 2, met=(2,)), team(2, 1, met=(1,)), team(3, 0)), RoundSettings(2, 5))
    assert plan.pab == 2 and plan.brackets[0].pairs == ((1, 3),)


def test_pab_barred_for_everybody_art_2_1_2() -> None:
    with pytest.raises(NoLegalPairing):
        pair_teams(field(team(1, 2, barred=True), team(2, 1, barred=True), team(3, 0, barred=True)),
                   RoundSettings(2, 5))


# ------------------------------------------------------------------ primary score, inputs


GP_R1 = TeamRoundRecord((TeamMatch(1, 4, ("1", "1", "=", "0")), TeamMatch(5, 2, ("0", "0", "0", "0")),
                         TeamMatch(3, 6, ("1", "=", "0", "0"))))


def test_game_points_as_the_primary_score_art_1_2() -> None:
    """Round 1: 1 beat 4 2.5-1.5, 2 beat 5 4-0, 6 beat 3 2.5-1.5.  Game points first
    (FIDE_TEAM_TYPEA_GP_MP): scoregroups 2 (4), {1, 6} (2.5), {3, 4} (1.5), 5 (0).  {2} takes 1
    (C5, first set; C6: 6 pairs with 4): 1-2; {6} takes 3? met, so 4: 4-6; {3} takes 5: 3-5.
    Colours: 2-1, first-team 2 (4 GP), 4.3.5 CD -1 < +1: 2 White; 4-6, first-team 6, both CD -1,
    4.3.8: 6 had Black: 6 White; 3-5, first-team 3, both +1, 4.3.8: 3 had White: 5 White.
    Match points first (FIDE_TEAM_TYPEA_MP_GP): {1, 2, 6} (2 MP) take one of {3, 4, 5}: 3 (first
    set, C6: 4-5): 1-3, 2-6, then 4-5.  Colours: 1-3 first-team 1, 4.3.8 (1 had White): 3 White;
    2-6 first-team 2 (4 GP > 2.5), 4.3.8 (2 had Black): 2 White; 4-5 first-team 4 (1.5 GP > 0),
    4.3.5 CD -1 < +1: 4 White."""
    gp = event(TeamEventSpec(6, 4, 7, "FIDE_TEAM_TYPEA_GP_MP", "W"), [GP_R1])
    assert lines(gp.pairing) == {"2 1", "6 4", "5 3"}
    mp = event(TeamEventSpec(6, 4, 7, "FIDE_TEAM_TYPEA_MP_GP", "W"), [GP_R1])
    assert lines(mp.pairing) == {"3 1", "2 6", "4 5"}


def test_the_number_of_rounds_and_the_initial_colour_are_needed() -> None:
    text = team_trf(TeamEventSpec(4, 4, None, "FIDE_TEAM", "W"), [])
    with pytest.raises(PairingInputError) as exc:
        pair_team_round(parse_text(text).tournament)
    assert exc.value.missing == "total-rounds"
    assert pair_team_round(parse_text(text).tournament, total_rounds=5).pairing.boards == ((1, 3), (4, 2))
    text = team_trf(TeamEventSpec(4, 4, 5, "FIDE_TEAM", None), [])
    with pytest.raises(PairingInputError) as exc:
        pair_team_round(parse_text(text).tournament)
    assert exc.value.missing == "initial-colour"
    assert pair_team_round(parse_text(text).tournament, initial_colour=B).pairing.boards == ((3, 1), (2, 4))


def test_a_team_with_a_bye_of_its_own_is_not_paired() -> None:
    """240 H for team 2 in round 1: the other three are paired, 3 (lowest, then largest TPN... all
    on 0: the largest TPN, 4) gets the PAB (Art. 3.4.4); 1-3."""
    spec = TeamEventSpec(4, 4, 5, "FIDE_TEAM", "W", extra=("240 H   1    2",))
    got = event(spec, [])
    assert got.pairing.bye == 4 and lines(got.pairing) == {"1 3", "4 0"}


# ------------------------------------------------------------------ acceleration (C.04.7)


def test_baku_for_teams() -> None:
    """10 teams, 7 rounds: group A = the first 2 x ceil(10/4) = 6 TPNs; ceil(7/2) = 4 accelerated
    rounds, a won match's 2 MP in the first ceil(4/2) = 2, a drawn match's 1 MP in rounds 3-4."""
    t = parse_text(team_trf(TeamEventSpec(10, 4, 7, "FIDE_TEAM_TYPEA_MP_GP_BAKU", "W"), [])).tournament
    ev = team_event(t)
    plan = team_baku_plan(ev, 7)
    assert plan.group_a == (1, 2, 3, 4, 5, 6) and (plan.accelerated, plan.full) == (4, 2)
    virtual, kind, _ = team_acceleration(t, ev, 7)
    assert kind == "baku"
    assert [virtual(1, r) for r in range(1, 6)] == [2, 2, 1, 1, 0] and virtual(7, 1) == 0
    # round 1: group A {1..6} (2 MP) and group B {7..10} (0 MP) are paired apart: 1-4, 2-5, 3-6,
    # 7-9, 8-10; colours by 4.3.1 (initial White): odd first-teams 1, 3, 7 White, even 2, 8 Black
    got = pair_team_round(t, 1)
    assert lines(got.pairing) == {"1 4", "5 2", "3 6", "7 9", "10 8"}
    gp = parse_text(team_trf(TeamEventSpec(10, 4, 7, "FIDE_TEAM_TYPEA_GP_MP_BAKU", "W"), [])).tournament
    with pytest.raises(AccelerationRefused):
        team_acceleration(gp, team_event(gp), 7)


def test_baku_from_250_records_uses_the_match_point_field() -> None:
    """250 for teams: MP field 2.0 for rounds 1-2 and TPNs 1-4 (and a GP field that is ignored); a
    250 with its GP field only is read too (TRF-2026's own team example writes the MP there)."""
    spec = TeamEventSpec(8, 4, 7, "FIDE_TEAM_TYPEA_MP_GP", "W", extra=("250  2.0  8.0   1   2    1    4",))
    t = parse_text(team_trf(spec, [])).tournament
    virtual, kind, _ = team_acceleration(t, team_event(t), 7)
    assert kind == "records" and virtual(1, 1) == 2 and virtual(4, 2) == 2 and virtual(5, 1) == 0 and virtual(1, 3) == 0
    spec = TeamEventSpec(8, 4, 7, "FIDE_TEAM_TYPEA_MP_GP", "W", extra=("250       1.0   3   3    2    3",))
    t = parse_text(team_trf(spec, [])).tournament
    virtual, kind, _ = team_acceleration(t, team_event(t), 7)
    assert [virtual(x, 3) for x in (1, 2, 3, 4)] == [0, 1, 1, 0] and virtual(2, 2) == 0
