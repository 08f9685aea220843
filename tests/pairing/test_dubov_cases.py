"""The Dubov system (C.04.4.1, 2026) on hand-worked cases: each a small tournament built here, its
expected round derived step by step from the articles in the comment beside it (not produced by
the engine and copied back).  Every case is paired by the engine through the registry's door,
and the expected round, written into the file, is judged by the checker's own reading, which
must find nothing; a mutation of the round must be flagged by the rule named.

Notation: R1, R2 ... the rounds already played, ``(white, black, result)``; ratings are
``2700 - 10 * start rank`` (r1 = 2690, r2 = 2680, ...); ARO (Art. 1.7) the mean rating of the
opponents met; after one game every player's colour difference is +-1, a strong preference
(Art. 1.6.2); a player who has not played has a mild preference for Black (1.6.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import pytest

import systems
from systems.base import CheckRequest
from tests.pairing.dubov_build import Round, tournament
from trf.edit import with_pairing

pytestmark = pytest.mark.fast

W, D, L = "1-0", "=", "0-1"

# Eight players, one round: 1-5, 6-2, 3-7, 8-4 (case 3's round 1), each higher-rated player wins.
R1_8: Round = [(1, 5, W), (6, 2, L), (3, 7, W), (8, 4, L)]


@dataclass(frozen=True)
class Case:
    name: str
    n: int
    rounds: Sequence[Round]
    total: int
    boards: tuple[tuple[int, int], ...]
    bye: Optional[int] = None
    extra: str = ""
    # mutations: (boards, bye, the rule the checker must name first)
    mutants: Sequence[tuple[tuple[tuple[int, int], ...], Optional[int], str]] = field(default_factory=tuple)


CASES = [
    # 1. Round 1, six players.  Nobody has played: G1 is the first half by TPN (Art. 3.2.3.1),
    #    {1, 2, 3}; G2 = {4, 5, 6}; sizes equal, no shift.  S1: ascending ARO (all 0), then TPN:
    #    1, 2, 3; T2 = the first transposition, 4 5 6 (every pair legal): 1-4, 2-5, 3-6.  Colours
    #    Art. 5.2.1 (initial colour White): the higher-ranked player (smaller TPN) has White if
    #    their TPN is odd: 1 White, 2 Black, 3 White.
    Case("round 1", 6, [], 5, ((1, 4), (5, 2), (3, 6)),
         mutants=[(((4, 1), (5, 2), (3, 6)), None, "5.2.1"),
                  (((1, 5), (4, 2), (3, 6)), None, "order")]),
    # 2. Round 1, seven players: the PAB first (Art. 3.1): everybody may have it, all on 0 with no
    #    game; 3.1.5 the largest TPN: 7.  Then case 1.
    Case("round 1 with a PAB", 7, [], 5, ((1, 4), (5, 2), (3, 6)), bye=7,
         mutants=[(((1, 4), (5, 2), (3, 7)), 6, "3.1.5")]),
    # 3. Round 2 after R1_8.  Scoregroup 1: {1, 2, 3, 4}; 1 and 3 had White (want Black), 2 and 4
    #    had Black (want White): G1 = {2, 4}, G2 = {1, 3}, no shift.  ARO(2) = r6 = 2640,
    #    ARO(4) = r8 = 2620: S1 = 4, 2 (ascending ARO, Art. 3.2.5); T2 = 1 3 (legal): 4-1, 2-3.
    #    Scoregroup 0: {5, 6, 7, 8}; 5 and 7 want White: G1 = {5, 7}, ARO(5) = r1 = 2690,
    #    ARO(7) = r3 = 2670: S1 = 7, 5; T2 = 6 8: 7-6, 5-8.  Colours 5.2.2: the White seekers White.
    Case("round 2: S1 by ascending ARO", 8, [R1_8], 5, ((4, 1), (2, 3), (7, 6), (5, 8)),
         mutants=[(((2, 1), (4, 3), (7, 6), (5, 8)), None, "order"),
                  (((1, 4), (2, 3), (7, 6), (5, 8)), None, "5.2.2"),
                  (((4, 1), (2, 3), (5, 6), (7, 8)), None, "order")]),
    # 4. Case 3 with 6-7 forbidden (XXP 6 7, read as C1).  Scoregroup 0: S1 = 7, 5; the first
    #    transposition 6 8 gives 7-6 (illegal), the next, 8 6, gives 7-8, 5-6 (Art. 4.4; the
    #    digest's worked example is the same step).
    Case("round 2: the first legal transposition", 8, [R1_8], 5, ((4, 1), (2, 3), (7, 8), (5, 6)), extra="XXP 6 7",
         mutants=[(((4, 1), (2, 3), (7, 6), (5, 8)), None, "C1")]),
    # 5. Six players, R1: 1-4 1-0, 5-2 =, 3-6 1-0.  Scores 1: {1, 3}; 0.5: {2, 5}; 0: {4, 6}.
    #    Bracket 1: 1-3 legal and {2, 5, 4, 6} still pairs (2-4, 5-6): no upfloater (C5).  Both
    #    want Black (strong), 5.2.3 equal, 5.2.4 both had White, 5.2.5: the higher ranked (1: equal
    #    score, smaller TPN) gets Black: 3-1.
    #    Bracket 0.5: 2 and 5 met: two upfloaters (C5), the whole pool {4, 6}.  Bracket {2, 5, 4, 6}:
    #    G1 (want White) = {2, 4, 6}, G2 = {5}.  3.2.4.1: nobody in G2 must meet another.  3.2.4.2:
    #    one shifter from G1, sorted by ARO: 2 (r5 = 2650), 6 (r3 = 2670), 4 (r1 = 2690); numbered
    #    from the middle (Art. 4.3.3): 6 first; 6 can meet 2 (G1) in a best pairing (2-6, 4-5: one
    #    colour preference missed, as few as any pairing): 6 moves.  G1 = {2, 4}, G2 = {5, 6};
    #    S1 = 2, 4; T2 = 5 6 gives 2-5 (met), next 6 5: 2-6, 4-5.  Colours: 2-6 both want White,
    #    equal strength, same history: 5.2.5 the higher ranked (2, 0.5 points) White; 4-5: 5.2.2.
    Case("upfloaters and a shifter", 6, [[(1, 4, W), (5, 2, D), (3, 6, W)]], 5, ((3, 1), (2, 6), (4, 5)),
         mutants=[(((1, 3), (2, 6), (4, 5)), None, "5.2.5"),
                  (((3, 1), (2, 4), (6, 5)), None, "4.3")]),
    # 6. Five players, R1: 1-3 1-0, 4-2 =, 5 PAB.  Scores: 1, 5: 1; 2, 4: 0.5; 3: 0.
    #    PAB (Art. 3.1): not 5 (C2); the lowest score: 3; the others pair (1-2, 5-4): PAB 3.
    #    Bracket 1 {1, 5}: 1-5 is legal but leaves {2, 4}, who met: C4 fails, so two upfloaters,
    #    {2, 4}.  G1 (want White) = {2}; G2 = {1, 4, 5} (5 has not played: mild Black, 1.6.4).
    #    Equalise: one shifter from G2, by TPN 1, 4, 5, numbered from the middle: 4 first; 4 can
    #    meet 1 (G2) in a best pairing (4-1, 2-5: one preference missed): G1 = {2, 4}, G2 = {1, 5}.
    #    S1 by ARO: 2 (r4 = 2660), 4 (r2 = 2680); T2 = 1 5, legal: 2-1, 4-5 (2-5, 4-1 is the later
    #    transposition 5 1: "order").  Colours: 2-1 by
    #    5.2.2; 4-5 both want Black, 4 strongly, 5 mildly: 5.2.3, 4 Black.
    Case("PAB and upfloaters", 5, [[(1, 3, W), (4, 2, D), (5, "U")]], 5, ((2, 1), (5, 4)), bye=3,
         mutants=[(((2, 1), (5, 3)), 4, "3.1.3"),
                  (((2, 1), (4, 5)), 3, "5.2.3"),
                  (((2, 5), (4, 1)), 3, "order")]),
]


def _check(t, rnd, boards, bye):  # type: ignore[no-untyped-def]
    sel = systems.select(t, system="dubov")
    alt = with_pairing(t, rnd, boards, bye)
    return sel.system.check(alt, [rnd], sel, CheckRequest(engine=False))[0]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_engine_pairs_as_derived(case: Case) -> None:
    t = tournament(case.n, case.rounds, case.total, extra=case.extra)
    sel = systems.select(t)
    assert sel.system.name == "dubov"
    got = sel.system.pair(t, len(case.rounds) + 1, sel)
    assert set(got.boards) == set(case.boards) and got.bye == case.bye


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_checker_finds_the_derived_round_conforming(case: Case) -> None:
    t = tournament(case.n, case.rounds, case.total, extra=case.extra)
    report = _check(t, len(case.rounds) + 1, case.boards, case.bye)
    assert [f.message for f in report.findings] == []


@pytest.mark.parametrize("case, mutant", [(c, m) for c in CASES for m in c.mutants],
                         ids=[f"{c.name}: {m[2]}" for c in CASES for m in c.mutants])
def test_a_mutation_is_flagged_by_the_rule(case: Case, mutant: tuple[tuple[tuple[int, int], ...], Optional[int], str]
                                           ) -> None:
    boards, bye, rule = mutant
    t = tournament(case.n, case.rounds, case.total, extra=case.extra)
    report = _check(t, len(case.rounds) + 1, boards, bye)
    assert report.findings and report.findings[0].criterion == rule, [f.message for f in report.findings]


def test_upfloats_are_games_against_a_higher_score() -> None:
    """Decision D1 (docs/dubov.md): "upfloated" (Art. 1.8.1) is a game played over the board
    against an opponent paired on a higher score.  Case 5 with its round 2 played: 4 and 6
    (score 0) met 5 and 2 (score 0.5); before round 3 each has one upfloat, in the previous
    round (C10); nobody else has one (1-3 and the PAB-free round 1 are games between equals)."""
    from checker.dubov.state import facts
    from pairing.dubov.players import entrants

    rounds = [[(1, 4, W), (5, 2, D), (3, 6, W)], [(3, 1, D), (2, 6, W), (4, 5, L)]]
    t = tournament(6, rounds, 5)
    ours = {p.id: (p.upfloats, p.upfloated_last) for p in entrants(t, 3, 5)}
    theirs = {p: (s.ups, s.up_last) for p, s in facts(t, 3, 5).seats.items()}
    want = {1: (0, False), 2: (0, False), 3: (0, False), 4: (1, True), 5: (0, False), 6: (1, True)}
    assert ours == want and theirs == want


def test_aro_rounds_a_half_up() -> None:
    """Art. 1.7.1: the mean rounded to the nearest integer, x.5 upwards; 0 before a first game."""
    from pairing.dubov.players import aro_of

    assert aro_of([2001, 2000]) == 2001 and aro_of([2001, 2002]) == 2002 and aro_of([]) == 0
    assert aro_of([2000, 2001, 2001]) == 2001


def test_the_shifters_are_numbered_from_the_middle() -> None:
    """Art. 4.3.3: A..G get D, C, E, B, F, A, G; of two middle players the upper first."""
    from checker.dubov.search import middle_out as checker_order
    from pairing.dubov.brackets import middle_out as engine_order

    assert engine_order(7) == checker_order(7) == [3, 2, 4, 1, 5, 0, 6]
    assert engine_order(4) == checker_order(4) == [1, 2, 0, 3]
