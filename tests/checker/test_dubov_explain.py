"""The Dubov explanations (C.04.4.1, 2026; :mod:`checker.dubov.explain`) on the hand-worked
cases of tests/pairing/test_dubov_cases.py: what each board's "why" says is what the derivation
written beside the case says (the bracket, G1 and G2 before and after the shifts, the place of
the White seeker in S1, the upfloaters and why, the colour rule, the PAB)."""

from __future__ import annotations

import re

import pytest

import systems
from checker.explanation import BoardExplanation, RoundExplanation
from systems.base import CheckRequest
from tests.pairing.dubov_build import tournament
from tests.pairing.test_dubov_cases import CASES, Case
from trf.edit import with_pairing

pytestmark = pytest.mark.fast


def _explain(name: str) -> RoundExplanation:
    case: Case = next(c for c in CASES if c.name == name)
    t = tournament(case.n, case.rounds, case.total, extra=case.extra)
    rnd = len(case.rounds) + 1
    t = with_pairing(t, rnd, case.boards, case.bye)
    sel = systems.select(t)
    got = sel.system.explain(t, rnd, sel, CheckRequest(engine=False))
    assert got is not None and got.ok
    return got


def _board(e: RoundExplanation, white: int, black: int) -> BoardExplanation:
    return next(b for b in e.boards if (b.white, b.black) == (white, black))


def _plain(sentence: str) -> str:
    """The sentence with each player ("Player 5 (5)", the builder's names) as their number."""
    return re.sub(r"Player \d+ \((\d+)\)", r"\1", sentence)


def test_a_bracket_with_upfloaters_and_a_shifter() -> None:
    # Case 5: bracket 0.5 = {2, 5} and the upfloaters {4, 6} (2 and 5 met: C5 needs two; the
    # pool is exactly {4, 6}); G1 = {2, 4, 6} (White seekers), G2 = {5}; 6 moves to G2
    # (Art. 3.2.4.2, numbered from the middle); S1 = 2 (ARO 2650), 4; 2 meets 6, 4 meets 5;
    # 2-6: Art. 5.2.5, 4-5: Art. 5.2.2.
    e = _explain("upfloaters and a shifter")
    b = _board(e, 2, 6)
    assert b.bracket == 2 and b.bracket_score == "0.5" and b.mdps == (4, 6)
    said = _plain(b.bracket_sentence)
    assert "G1 is the players due White: 2, 4, 6; G2 the others: 5 (C.04.4.1 Art. 3.2.3)" in said
    assert "Moved between them to pair the bracket best and even the two groups: 6:" in said
    assert "2 is number 1 of G1 ordered by the average rating of their opponents (ARO 2650" in said
    assert "meets 6, the first player of G2" in said
    assert b.colour_rule == "5.2.5" and "(C.04.4.1 Art. 5.2.5)" in b.colour_sentence
    assert _board(e, 4, 5).colour_rule == "5.2.2"
    up = next(f for f in b.floats if f.direction == "up")
    assert up.player == 6 and up.criterion == "C4"  # no other set of two lets everybody pair
    assert "2 upfloaters" in _plain(up.sentence) and "no other set of 2" in _plain(up.sentence)
    down = next(f for f in b.floats if f.direction == "down")
    assert down.player == 2 and "moved up from 0 points" in _plain(down.sentence)
    # bracket 1 (3-1): no upfloater, nobody floats
    assert _board(e, 3, 1).floats == () and _board(e, 3, 1).mdps == ()


def test_the_pab_and_upfloaters() -> None:
    # Case 6: the PAB to 3 (C2 bars 5; 3 has the lowest score, 0: Art. 3.1.3); without 3 the
    # next is 4 (0.5 points, the larger TPN of 2 and 4; the others still pair: 1-2, 3-5).
    # Bracket 1 = {1, 5} with the upfloaters {2, 4} (1-5 leaves 2 and 4, who met: C4).
    e = _explain("PAB and upfloaters")
    assert e.bye is not None and e.bye.player == 3
    assert [r[0] for r in e.bye.reasons] == ["C2", "3.1.3"]
    alt = e.bye.alternative
    assert alt is not None and alt.boards == ((4, None),) and alt.criterion == "3.1.3"
    b = _board(e, 2, 1)
    assert b.bracket == 1 and b.mdps == (2, 4) and b.colour_rule == "5.2.2"
    assert "G1 is the players due White: 2; G2 the others: 1, 4, 5" in _plain(b.bracket_sentence)
    assert "2 is number 1 of G1" in _plain(b.bracket_sentence) and "meets 1," in _plain(b.bracket_sentence)
    assert _board(e, 5, 4).colour_rule == "5.2.3"


def test_the_first_legal_transposition() -> None:
    # Case 4 (6-7 forbidden): bracket 0 = {5, 6, 7, 8}, G1 = {5, 7}, G2 = {6, 8}; S1 = 7 (ARO
    # 2670), 5 (2690); 7-6 is illegal, so 7 meets 8 and 5 meets 6.  The alternative that keeps 7
    # and 8 apart is 7-6 ... illegal, so the closest one changes the bracket elsewhere and is worse
    # or later; in no case better.
    e = _explain("round 2: the first legal transposition")
    b = _board(e, 7, 8)
    assert "G1 is the players due White: 5, 7; G2 the others: 6, 8" in _plain(b.bracket_sentence)
    assert "7 is number 1 of G1 ordered by the average rating of their opponents (ARO 2670" in _plain(b.bracket_sentence)
    assert "meets 8, the first player of G2" in _plain(b.bracket_sentence)
    assert "5 is number 2 of G1" in _plain(_board(e, 5, 6).bracket_sentence)
    assert all(x.alternative is None or not x.alternative.better for x in e.boards)


def test_round_one_splits_by_starting_number() -> None:
    # Case 1: nobody has played: G1 is the upper half by TPN {1, 2, 3} (Art. 3.2.3.1); colours
    # Art. 5.2.1.
    e = _explain("round 1")
    b = _board(e, 1, 4)
    assert "G1 is the upper half by starting number, since nobody in it has played yet: 1, 2, 3; G2 the " \
           "others: 4, 5, 6" in _plain(b.bracket_sentence)
    assert b.colour_rule == "5.2.1" and "mild preference for Black" in b.preferences[1]
