"""The Lim engine (C.04.4.3, 2026) concept by concept, on hand-derived expectations: the derivation
from the articles is written beside each case.  Decisions L5-L19 are those of docs/lim.md."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.lim import pair_round
from pairing.lim.colours import allocate
from pairing.lim.compatibility import Compatibility
from pairing.lim.exchange import exchange_order, scrutinise, tentative
from pairing.lim.floaters import FloaterType, floater_type, select_floaters
from pairing.lim.median import pair_scoregroups
from pairing.lim.pab import choose_pab
from pairing.lim.players import Entrant, due_colour, may_receive
from pairing.lim.scoregroups import Direction, median_score, pairing_order
from tests.pairing import swiss_build
from trf.model import Colour

pytestmark = pytest.mark.fast

W, B = Colour.WHITE, Colour.BLACK
CODE = "192 CUSTOM_SWISS\n092 Individual: Swiss-System (FIDE Lim System)"


def E(tpn: int, score: float = 0, colours: str = "", met: tuple[int, ...] = (), rating: int | None = None,
      floated: bool = False, pab: bool = True) -> Entrant:
    """A player: start rank = pairing number; colours as 'WB...'."""
    return Entrant(id=tpn, tpn=tpn, score=Fraction(score).limit_denominator(2), rating=rating or 2700 - 10 * tpn,
                   colours=tuple(W if c == "W" else B for c in colours), met=frozenset(met), pab_ok=pab,
                   floated_last=floated)


def comp(players: list[Entrant], last: bool = False, forbidden: tuple[tuple[int, int], ...] = ()) -> Compatibility:
    return Compatibility(players, [frozenset(f) for f in forbidden], last_round=last)


def ids(pairs: list[tuple[Entrant, Entrant]] | tuple[tuple[Entrant, Entrant], ...]) -> list[tuple[int, int]]:
    return [(a.id, b.id) for a, b in pairs]


# ---- Art. 7: round 1


def test_round_one_ten_players() -> None:
    """Art. 7.2 (the digest's worked example): #1 drawn White; top half 1-5 against 6-10; the
    odd-numbered players of the top half (1, 3, 5) get White, the even ones (2, 4) Black."""
    t = swiss_build.parsed(swiss_build.text("r1", 10, [], 5, code=CODE))
    got = pair_round(t, 1)
    assert got.boards == ((1, 6), (7, 2), (3, 8), (9, 4), (5, 10)) and got.bye is None


def test_round_one_drawn_black() -> None:
    """Art. 7.2 with #1 drawn Black: every colour of the ten-player example turns round."""
    t = swiss_build.parsed(swiss_build.text("r1", 10, [], 5, code=CODE, initial="black1"))
    assert pair_round(t, 1).boards == ((6, 1), (2, 7), (8, 3), (4, 9), (10, 5))


def test_round_one_eleven_players() -> None:
    """Art. 7.1 (L5): the lowest-RATED player gets the PAB, here #8 (rated 1500), not #11; then
    (L16) the ten others are paired as ten: 1, 2, 3, 4, 5 against 6, 7, 9, 10, 11."""
    ratings = [2700 - 10 * i for i in range(1, 12)]
    ratings[7] = 1500
    t = swiss_build.parsed(swiss_build.text("r1", 11, [], 5, code=CODE, ratings=ratings))
    got = pair_round(t, 1)
    assert got.bye == 8
    assert got.boards == ((1, 6), (7, 2), (3, 9), (10, 4), (5, 11))


def test_round_one_rating_tie_goes_to_the_lowest_ranked() -> None:
    """Art. 7.1 (L5): #10 and #11 share the lowest rating: the lowest-ranked, #11, has the PAB."""
    ratings = [2700 - 10 * i for i in range(1, 10)] + [1500, 1500]
    t = swiss_build.parsed(swiss_build.text("r1", 11, [], 5, code=CODE, ratings=ratings))
    assert pair_round(t, 1).bye == 11


# ---- Art. 2.2: the median and the order of the groups


def test_median_score() -> None:
    """Art. 2.2: half the rounds played; L7: in points, rounds x a win's points / 2."""
    assert median_score(4, Fraction(1)) == 2
    assert median_score(3, Fraction(1)) == Fraction(3, 2)
    assert median_score(4, Fraction(3)) == 6


def test_pairing_order_example() -> None:
    """Art. 2.2 (the digest's example, after 4 rounds, median 2): 4, 3.5, 3, 2.5, then 0, 0.5, 1,
    1.5, then 2."""
    scores = [Fraction(k, 2) for k in range(9)]
    above, below = pairing_order(scores, median_score(4, Fraction(1)))
    assert above == [4, Fraction(7, 2), 3, Fraction(5, 2)]
    assert below == [0, Fraction(1, 2), 1, Fraction(3, 2)]


# ---- Art. 2.1 and 5: colours a player may receive and is due


def test_due_colour() -> None:
    """Art. 5.1, 5.5, 5.6: equalise when unequal, else alternate; none before a first game."""
    assert due_colour(()) is None
    assert due_colour((W,)) is B
    assert due_colour((W, B)) is W            # equal: alternate from the last (B)
    assert due_colour((W, W, B)) is B         # one more White: equalise
    assert due_colour((B, B, W)) is W


def test_colour_limits() -> None:
    """Art. 2.1: no third colour in a row, no three more of one colour than the other."""
    assert not may_receive((W, W), W) and may_receive((W, W), B)
    assert not may_receive((W, B, W, W, B, W), W)  # +2 already: a third White makes +3
    assert may_receive((W, B, W), W)               # W after B, W: +2 is allowed


def test_compatibility() -> None:
    """Art. 2.1: 1 and 2 both had White twice running: neither may have White, so they are not
    compatible; 1 and 3 (Black twice) are; 4 met 3; 3-5 is forbidden by the file (L17)."""
    ps = [E(1, colours="WW"), E(2, colours="WW"), E(3, colours="BB", met=(4,)), E(4, met=(3,)), E(5)]
    c = comp(ps, forbidden=((3, 5),))
    assert not c.ok(ps[0], ps[1]) and c.ok(ps[0], ps[2])
    assert not c.ok(ps[2], ps[3]) and not c.ok(ps[2], ps[4])


def test_the_last_round_relaxes_the_colour_limits() -> None:
    """Art. 6 (L8): in the last round only the meeting counts: 1-2 (both WW) become compatible."""
    ps = [E(1, colours="WW"), E(2, colours="WW")]
    assert comp(ps, last=True).ok(ps[0], ps[1])
    assert not comp(ps, last=False).ok(ps[0], ps[1])


# ---- Art. 2.4 and 4: the tentative pairing, scrutiny and exchanges


def test_tentative_pairing() -> None:
    """Art. 2.4: 1 v n/2+1, 2 v n/2+2, ..."""
    ps = [E(i) for i in range(1, 7)]
    assert ids(tentative(ps)) == [(1, 4), (2, 5), (3, 6)]


def test_exchange_order_generalises_the_six_player_table() -> None:
    """Art. 4.2 (L10): #1 of six tries 4, 5, 6, then 3, 2; of eight, 5-8 then 4, 3, 2; upward the
    arrangement is reversed, so the last player (#6) tries 3, 2, 1, then 4, 5."""
    six = [E(i) for i in range(1, 7)]
    bottom, top = exchange_order(six)
    assert [p.id for p in bottom] == [4, 5, 6] and [p.id for p in top] == [3, 2]
    bottom, top = exchange_order([E(i) for i in range(1, 9)])
    assert [p.id for p in bottom] == [5, 6, 7, 8] and [p.id for p in top] == [4, 3, 2]
    bottom, top = exchange_order(Direction.UP.arrange(six))
    assert [p.id for p in bottom] == [3, 2, 1] and [p.id for p in top] == [4, 5]


@pytest.mark.parametrize("met, expected", [
    # 1-4 met: #1 takes the next of the bottom half, 5; the rest proposed afresh: 2-4, 3-6.
    ([(1, 4)], [(1, 5), (2, 4), (3, 6)]),
    # also 3-6 met: after 1-5, 2-4 would leave 3-6 (met): 4.4 makes 2 take 6, and 3-4 remain.
    ([(1, 4), (3, 6)], [(1, 5), (2, 6), (3, 4)]),
    # 1 met the whole bottom half: he tries the top half from the bottom up: 3; then 2-5, 4-6.
    ([(1, 4), (1, 5), (1, 6)], [(1, 3), (2, 5), (4, 6)]),
    # nobody met: the tentative pairing stands.
    ([], [(1, 4), (2, 5), (3, 6)]),
])
def test_scrutiny_exchanges(met: list[tuple[int, int]], expected: list[tuple[int, int]]) -> None:
    """Art. 4 (L10): scrutiny from #1, exchanges in the generalised order, every exchange leaving
    the rest pairable (4.4).  Nobody has a colour yet, so colours never choose (L11)."""
    opp: dict[int, set[int]] = {i: set() for i in range(1, 7)}
    for a, b in met:
        opp[a].add(b)
        opp[b].add(a)
    ps = [E(i, met=tuple(opp[i])) for i in range(1, 7)]
    assert ids(scrutinise(ps, comp(ps), Direction.DOWN.arrange, maxi=False)) == expected


def test_an_exchange_for_colour() -> None:
    """Art. 5.2 (L11): 1 and 3 are both due White (each had Black), 2 and 4 due Black: the
    tentative 1-3 gives one of them the wrong colour; 4, next in the bottom half, lets both have
    their due colours: 1-4, then 2-3."""
    ps = [E(1, colours="B"), E(2, colours="W"), E(3, colours="B"), E(4, colours="W")]
    assert ids(scrutinise(ps, comp(ps), Direction.DOWN.arrange, maxi=False)) == [(1, 4), (2, 3)]


def test_maxi_limits_the_exchange_for_colour() -> None:
    """Art. 5.7 (L3, L11): in a Maxi-tournament the exchange of 3 for 4 is made only if 4 is rated
    within 100 points of 3: 4 is 140 below, so 1-3 and 2-4 stand; 4 at 90 below is taken."""
    far = [E(1, colours="B", rating=2000), E(2, colours="W", rating=1995), E(3, colours="B", rating=1990),
           E(4, colours="W", rating=1850)]
    assert ids(scrutinise(far, comp(far), Direction.DOWN.arrange, maxi=True)) == [(1, 3), (2, 4)]
    near = far[:3] + [E(4, colours="W", rating=1900)]
    assert ids(scrutinise(near, comp(near), Direction.DOWN.arrange, maxi=True)) == [(1, 4), (2, 3)]


# ---- Art. 2.3 and 3: floaters


def test_floater_above_the_median_is_the_lowest_ranked() -> None:
    """Art. 3.2.4: three players, nobody due a colour, all with opponents next door: above the
    median the lowest-ranked (#3) floats down; below it the highest-ranked (#1) floats up."""
    ps, nxt = [E(1), E(2), E(3)], [E(9)]
    c = comp(ps + nxt)
    assert [p.id for p in select_floaters(ps, frozenset(), nxt, Direction.DOWN, c, maxi=False)] == [3]
    assert [p.id for p in select_floaters(ps, frozenset(), nxt, Direction.UP, c, maxi=False)] == [1]


def test_floater_who_floated_last_round_is_spared() -> None:
    """Art. 3.10: #3 floated in the previous round, so #2 floats instead."""
    ps, nxt = [E(1), E(2), E(3, floated=True)], [E(9)]
    assert [p.id for p in select_floaters(ps, frozenset(), nxt, Direction.DOWN, comp(ps + nxt), maxi=False)] == [2]


def test_floater_evens_the_colours() -> None:
    """Art. 3.2.2: #1 and #2 are due White (had Black), #3 due Black: the floater is due the
    majority colour, White; of #1 and #2 the lowest-ranked, #2 (3.2.4)."""
    ps, nxt = [E(1, colours="B"), E(2, colours="B"), E(3, colours="W")], [E(9)]
    assert [p.id for p in select_floaters(ps, frozenset(), nxt, Direction.DOWN, comp(ps + nxt), maxi=False)] == [2]


def test_floater_maxi_keeps_the_colour_choice_within_100_points() -> None:
    """Art. 3.2.3 (L3): in a Maxi-tournament the colour-evening floater #2 is chosen only if rated
    within 100 points of #3 (whom 3.2.4 would take): 150 apart, so #3 floats."""
    ps = [E(1, colours="B", rating=2300), E(2, colours="B", rating=2250), E(3, colours="W", rating=2100)]
    nxt = [E(9)]
    assert [p.id for p in select_floaters(ps, frozenset(), nxt, Direction.DOWN, comp(ps + nxt), maxi=True)] == [3]


def test_floater_types() -> None:
    """Art. 3.9: d (resident with an opponent next door) floats before c (resident without), c
    before b (received floater with one), b before a.  Here #3 met the only player next door
    (type c), #4 floated into the group (type b): #2, type d, floats although higher-ranked."""
    nxt = [E(9, met=(3,))]
    ps = [E(1), E(2), E(3, met=(9,)), E(4, score=1)]
    c = comp(ps + nxt)
    incoming = frozenset({4})
    assert [floater_type(p, incoming, nxt, c) for p in ps] == [FloaterType.D, FloaterType.D, FloaterType.C,
                                                                FloaterType.B]
    five = ps + [E(5, score=1, met=(9,))]
    assert floater_type(five[4], frozenset({4, 5}), nxt, comp(five + nxt)) is FloaterType.A
    assert [p.id for p in select_floaters(five[:3] + [five[3]] + [E(6)], incoming, nxt, Direction.DOWN,
                                          comp(five[:4] + [E(6)] + nxt), maxi=False)] == [6]


def test_a_player_who_met_the_whole_group_must_float() -> None:
    """Art. 2.3.1: #1 met #2 and #3: he floats although 3.2.4 would pick the lowest-ranked."""
    ps, nxt = [E(1, met=(2, 3)), E(2, met=(1,)), E(3, met=(1,))], [E(9)]
    assert [p.id for p in select_floaters(ps, frozenset(), nxt, Direction.DOWN, comp(ps + nxt), maxi=False)] == [1]


# ---- Art. 2.6: the Median Scoregroup


def test_a_blocked_median_group_cracks_a_neighbour() -> None:
    """Art. 2.2/2.6 (L14), median 1.  Above: group 2 {1, 2, 3}, each met #4, so all are type c
    and #3, the lowest-ranked, floats down; 1-2 paired.  Below: group 0 {5, 6} paired 5-6.  The
    Median Scoregroup {4} with #3 cannot be paired (3-4 met); more floaters came from above (1)
    than from below (0), so the last pairing below, 5-6, is undone and both join it.  #3, the
    down-floater, is paired first: his group's own player #4 is not available, so the first
    floater, 5; then 6-4."""
    ps = [E(1, 2, met=(4,)), E(2, 2, met=(4,)), E(3, 2, met=(4,)), E(4, 1, met=(1, 2, 3)), E(5, 0), E(6, 0)]
    made, cracked = pair_scoregroups(ps, Fraction(1), comp(ps), maxi=False)
    assert cracked == 1
    assert sorted(tuple(sorted((m.a.id, m.b.id))) for m in made) == [(1, 2), (3, 5), (4, 6)]
    assert {(m.a.id, m.median_or_above) for m in made} == {(1, True), (3, True), (6, True)}


def test_the_median_group_with_floaters_from_both_sides() -> None:
    """Round 2 of fixtures/lim/lim-example.trf (docs/lim.md): after 1-5 1-0, 6-2 0-1, 3-7 =, 8-4
    0-1 the median is ½.  Group 1 {1, 2, 4}: 2 and 4 due White, 1 Black, so #4 (due the majority
    colour, the lowest-ranked of those) floats down (3.2.2, 3.2.4); 1-2, White to 2 (due White).
    Group 0 {5, 6, 8} upward: 6 and 8 due Black, the highest-ranked of them, #6, floats up; 8-5,
    White to 5.  Median {3, 7} (they met) with #4 from above, paired first with 3 (White to 4, due
    White), and #6 from below with 7 (White to 7, due White).  Boards by C.04.2 Art. 3.6."""
    t = swiss_build.parsed((__import__("pathlib").Path(__file__).parents[2] / "fixtures" / "lim" /
                            "lim-example.trf").read_text(encoding="utf-8"))
    got = pair_round(t, 2)
    assert got.boards == ((2, 1), (4, 3), (7, 6), (5, 8)) and got.bye is None


# ---- Art. 1.1: the PAB


def test_the_pab_goes_to_the_lowest_ranked_of_the_lowest_group() -> None:
    """Art. 1.1: lowest score 0 holds #4 and #5: the lowest-ranked, #5; if #5 may not have it
    (C.04.1 Art. 4), #4."""
    ps = [E(1, 2), E(2, 1), E(3, 1), E(4, 0), E(5, 0)]
    assert choose_pab(ps, comp(ps), first_round=False) is ps[4]
    ps[4] = E(5, 0, pab=False)
    assert choose_pab(ps, comp(ps), first_round=False) is ps[3]


def test_the_pab_skips_a_player_whose_bye_leaves_no_pairing() -> None:
    """L6: without #3 only 1-2 would remain, and they met: #2 has the PAB, 1-3 play."""
    ps = [E(1, 1, met=(2,)), E(2, 0, met=(1,)), E(3, 0)]
    assert choose_pab(ps, comp(ps), first_round=False) is ps[1]


# ---- Art. 5: colours


def test_colours_limits_first() -> None:
    """Art. 5.3: #1 had White twice running, so he has Black although both are due..."""
    a, b = E(1, colours="WW"), E(2, colours="WB")
    (white, black), rule = allocate(a, b, median_or_above=True, initial=W)
    assert (white.id, black.id, rule) == (2, 1, "5.3")


def test_colours_due() -> None:
    """Art. 5.2: #2 is due White (had Black), #1 due Black: both have them."""
    (white, black), rule = allocate(E(1, colours="W"), E(2, colours="B"), median_or_above=True, initial=W)
    assert (white.id, black.id, rule) == (2, 1, "5.2")


def test_colours_history() -> None:
    """Art. 5.4: both due White (B W W B and W B W B: equal, alternate from Black); going back the
    last two games agree (B, W), the third from the end differs: #1 had White then, #2 Black: #1
    gets Black now, #2 White."""
    (white, black), rule = allocate(E(1, colours="BWWB"), E(2, colours="WBWB"), median_or_above=True, initial=W)
    assert (white.id, black.id, rule) == (2, 1, "5.4")


@pytest.mark.parametrize("median_or_above, white", [(True, 1), (False, 2)])
def test_colours_rank_depends_on_the_median(median_or_above: bool, white: int) -> None:
    """Art. 5.4: same due colour (White) and the same history: in and above the Median
    Scoregroup the higher-ranked #1 has it, below it the lower-ranked #2."""
    (w, _), rule = allocate(E(1, colours="B"), E(2, colours="B"), median_or_above=median_or_above, initial=W)
    assert (w.id, rule) == (white, "5.4-rank")


def test_an_up_floater_meets_the_lowest_ranked_of_the_median_group() -> None:
    """Art. 3.6-3.7 (L13), median 1: #1 floats down from group 2, #6 up from group 0; the Median
    Scoregroup {2, 3, 4, 5} pairs the down-floater first with its highest-ranked player, 2, then
    the up-floater with its lowest-ranked, 5; 3-4 remain."""
    ps = [E(1, 2), E(2, 1), E(3, 1), E(4, 1), E(5, 1), E(6, 0)]
    made, cracked = pair_scoregroups(ps, Fraction(1), comp(ps), maxi=False)
    assert cracked == 0
    assert [(m.a.id, m.b.id) for m in made] == [(1, 2), (6, 5), (3, 4)]


def test_floated_in_the_previous_round() -> None:
    """Art. 3.10 (L9): round 1 1-4 1-0, 2-5 1-0, 3-6 =, #7 the PAB; round 2 1-2 (1 v 1), 3-5 (½ v 0),
    6-4 (½ v 0), #7 the PAB again in this made-up file: before round 3, 3, 4, 5 and 6 floated (met a
    different score), 1 and 2 did not, nor #7 (a PAB is no float)."""
    from pairing.lim.players import floated_in

    rounds = [[(1, 4, "1-0"), (2, 5, "1-0"), (3, 6, "="), (7, "U")],
              [(1, 2, "="), (3, 5, "="), (6, 4, "="), (7, "U")]]
    t = swiss_build.parsed(swiss_build.text("f", 7, rounds, 5, code=CODE))
    assert {p for p in range(1, 8) if floated_in(t, p, 3)} == {3, 4, 5, 6}
    assert not any(floated_in(t, p, 2) for p in range(1, 8) if p not in (1, 2, 3, 4, 5, 6))


@pytest.mark.parametrize("initial, white", [(W, 1), (B, 2)])
def test_colours_tie_without_games_takes_the_colour_drawn(initial: Colour, white: int) -> None:
    """L15: two players who never played (late entries) tie through Art. 5.4: in the median group
    the higher-ranked #1 decides and, due no colour, takes the colour drawn for round 1."""
    (w, _), rule = allocate(E(1), E(2), median_or_above=True, initial=initial)
    assert (w.id, rule) == (white, "5.4-rank")


def test_a_cracked_pairing_from_below_joins_as_up_floaters() -> None:
    """Art. 2.6 (L14), median 1: #1 floats down from group 2; group 0 pairs 5-6; the Median
    Scoregroup {2, 3, 4} with #1 is blocked (1 met them all).  More came from above (1) than from
    below (0): 5-6 is undone and both join as up-floaters (from below).  The down-floater #1 first:
    his group's players all met him, so the first floater, 5.  Then the up-floaters, the largest
    number first (3.7): 6 meets the lowest-ranked available player, 4 (L13); 2-3 remain.  (Were 5
    and 6 taken as down-floaters, 6 would meet 2 and 3-4 would remain.)"""
    ps = [E(1, 2, met=(2, 3, 4)), E(2, 1, met=(1,)), E(3, 1, met=(1,)), E(4, 1, met=(1,)), E(5, 0), E(6, 0)]
    made, cracked = pair_scoregroups(ps, Fraction(1), comp(ps), maxi=False)
    assert cracked == 1
    assert [(m.a.id, m.b.id) for m in made] == [(1, 5), (6, 4), (2, 3)]
