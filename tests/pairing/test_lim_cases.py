"""The Lim system (C.04.4.3, 2026) on hand-worked cases: each a small tournament built here
(:mod:`tests.pairing.lim_build`), its expected round derived step by step from the articles in the
comment beside it (not produced by the engine and copied back).  Every case is paired by the engine
through the registry's door and through ``arbiter pair --json`` on the file as written (its
``092`` names the system, L2, and the Maxi-tournament, L3), the expected round is judged by the
checker's own reading, which must find nothing, and each mutation of the round must be flagged by
the article named.  Where a case was changed after comparing with the engine or the checker, its
comment says so and why (the disagreements and answers: the helpers' board of this work).

Notation: R1, R2 ... the rounds already played, ``(white, black, result)``; ratings are
``2700 - 10 * start rank`` unless the case gives them.  "Ranked higher" is the smaller pairing
number; the text's "highest numbered player" is #1 (Art. 4.2: "Player #1, the highest numbered
player"), its "lowest numbered" the largest pairing number.  "Due W/B": the colour Art. 5 gives a
player (5.5: alternate in an odd round; 5.6: equalise in an even one); "!W"/"!B": the only colour
Art. 2.1 lets him have (two in a row: 2.3.3/5.3, or two more of one colour: 2.3.2).  "Median":
half the rounds played (Art. 2.2).  "DF"/"UF": a floater moved down/up (Art. 2.3, 3.2.1).

The readings these derivations rest on where the text leaves room (each case names the one it
uses; docs/lim.md's decisions, named beside each, record the same readings):
  L-a  (L13, L11) A floater's opponent (3.8): a downfloater meets the highest-ranked resident who
       is compatible and due the colour opposite to his own; an upfloater the lowest-ranked such
       resident; with none due the opposite colour, the highest- (lowest-) ranked compatible one.
  L-b  (L10, L11) Scrutiny (4.1-4.3): the player scrutinised takes the first compatible opponent
       in the order of 4.2 (the bottom half in order, then the top half from the bottom up; the rest is
       proposed afresh); cases keep that first compatible opponent also due the opposite colour,
       so the colour exchanges of 2.5/5.2 change nothing unless the case says so.
  L-c  (L12) Floater choice (3.2, 3.9, 3.10): first the type (3.9: d before c before b before
       a), then not one who floated in the round before (3.10), then the colour balance of the rest
       (3.2.2; in a Maxi-tournament only within 100 points of the default, 3.2.3), then the
       default of 3.2.4 (pairing down: the lowest ranked; up: the highest ranked).
  L-e  (L14) 2.6: when the median group cannot be completed, the last pairing made on the side
       opposite to the one that sent it more floaters (the lower side when more came from
       above) is undone and its two players join the median group; if that side has none, the
       other side's.
  L-f  (L16) 7.2: "the odd-numbered players of the top half" are counted by their place in the top
       half of the players paired (1st, 3rd, ...), also when an absent player or the PAB leaves
       a gap in the pairing numbers.
  L-g  (L7) An empty median group (no player on half the rounds played): the floaters of both
       sides are moved towards it and meet there (the cases keep this round the same under the other
       reading, a DF passed on to the next lower group).
  L-d  (L17, L18, L6) A game lost by forfeit is no meeting (2.1) and gives no colour; a PAB or a
       forfeit win bars a later PAB (C.04.1 Art. 3/4).
"""

from __future__ import annotations

import importlib.util
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

import pytest

import systems
from systems.base import CheckRequest, NotOffered
from tests.pairing.lim_build import Round, text, tournament

pytestmark = pytest.mark.fast

W, D, L = "1-0", "=", "0-1"
FW, FL = "+-", "-+"

Boards = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Case:
    name: str
    n: int
    rounds: Sequence[Round]
    total: int
    boards: Boards
    bye: Optional[int] = None
    extra: str = ""
    initial: str = "white1"
    maxi: bool = False
    ratings: Optional[Sequence[int]] = None
    # mutations: (boards, bye, the article the checker must name first)
    mutants: Sequence[tuple[Boards, Optional[int], str]] = field(default_factory=tuple)
    # a case the engine or checker still reads otherwise: the board entry and article
    xfail_engine: str = ""
    xfail_checker: str = ""


CASES: list[Case] = []


def case(*args: object, **kw: object) -> None:
    CASES.append(Case(*args, **kw))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Round 1 (Art. 7)
# ---------------------------------------------------------------------------------------------

# 1. Eight players, the lot gave #1 White (XXC white1).  7.2: top half 1-4 against the bottom half
#    5-8 (2.4: 1 v 5, 2 v 6, 3 v 7, 4 v 8); #1 has the drawn colour and so do the odd-numbered
#    players of the top half (1, 3); the even-numbered (2, 4) have the other.
case("round 1: top half against bottom half, colours by lot", 8, [], 5,
     ((1, 5), (6, 2), (3, 7), (8, 4)),
     mutants=[(((5, 1), (6, 2), (3, 7), (8, 4)), None, "7.2"),
              (((1, 6), (5, 2), (3, 7), (8, 4)), None, "2.4")])

# 2. The same with Black drawn for #1 (XXC black1): 7.2 gives 1 and 3 Black, 2 and 4 White.
case("round 1: Black drawn for #1", 8, [], 5, ((5, 1), (2, 6), (7, 3), (4, 8)), initial="black1",
     mutants=[(((1, 5), (2, 6), (7, 3), (4, 8)), None, "7.2")])

# 3. Seven players, ratings in pairing-number order.  7.1: the PAB to the lowest-rated player:
#    #7.  The other six: 1 v 4, 2 v 5, 3 v 6 (2.4); 7.2 colours: 1, 3 White, 2 Black.
case("round 1: the PAB to the lowest rated", 7, [], 5, ((1, 4), (5, 2), (3, 6)), bye=7,
     mutants=[(((1, 4), (5, 2), (3, 7)), 6, "7.1")])

# 4. Seven players whose pairing numbers are not in rating order: #5 is rated 1500, the lowest.
#    7.1 gives #5 the PAB, not #7, the lowest ranked (L5: ties would go to the lowest ranked).
#    The other six, by pairing number: 1, 2, 3 | 4, 6, 7 -> 1 v 4, 2 v 6, 3 v 7; 7.2: 1, 3
#    White, 2 Black.
case("round 1: the PAB to the lowest rated, not the lowest ranked", 7, [], 5,
     ((1, 4), (6, 2), (3, 7)), bye=5, ratings=[2400, 2350, 2300, 2250, 1500, 2200, 2150],
     mutants=[(((1, 4), (5, 2), (3, 6)), 7, "7.1")])

# ---------------------------------------------------------------------------------------------
# Round 2 and the order of 2.2
# ---------------------------------------------------------------------------------------------

R1_8 = [(1, 5, W), (6, 2, L), (3, 7, L), (8, 4, W)]

# 5. Eight players after R1_8: 1, 2, 7, 8 on 1 point; 3, 4, 5, 6 on 0.  Median: 1/2 (one round
#    played, 2.2), an empty group; 1 is above it (paired first, downward), 0 below (upward).
#    Both groups even: no floater (2.3.4).  Round 2 is even: 5.6 equalise = alternate here.
#    Group 1 {1, 2, 7, 8}: proposed (2.4) 1 v 7, 2 v 8; scrutiny (4.1, downward from #1): both
#    compatible (2.1: not met, colours free).  Colours: 1 (W) due B, 7 (B) due W -> 7-1; 2 (B)
#    due W, 8 (W) due B -> 2-8.
#    Group 0 {3, 4, 5, 6}: proposed 3 v 5, 4 v 6; scrutiny upward from #6 (4.1): 6-4, then 5-3,
#    both compatible.  3 (W) due B, 5 (B) due W -> 5-3; 4 (B) due W, 6 (W) due B -> 4-6.
#    Mutation: 1-2 and 7-8 in group 1, with no incompatibility to call for an exchange: 2.4.
case("round 2: top half against bottom half in each group", 8, [R1_8], 5,
     ((7, 1), (2, 8), (5, 3), (4, 6)),
     mutants=[(((2, 1), (7, 8), (5, 3), (4, 6)), None, "2.4")])

# 6. Ten players, round 3 of 5 (median 1).  R1: 1-6 1-0, 7-2 0-1, 3-8 1-0, 9-4 0-1, 5-10 0-1;
#    R2: 5-1 0-1, 2-4 1-0, 10-3 0-1, 6-9 0-1, 8-7 0-1.
#    Scores 1, 2, 3: 2 | 4, 7, 9, 10: 1 (the median group) | 5, 6, 8: 0.  Colours (round 3 odd,
#    5.5 alternate): 1 WB due W, 2 BW due B, 3 WB due W, 4 BB !W, 7 WB due W, 9 WB due W, 10 BW
#    due B, 5 WW !B, 6 BW due B, 8 BW due B.  Last round 1 floated down (met 5), 5 up; no other.
#    Order (2.2): 2 (down), then 0 (up), then the median group 1 (down, last).
#    Group 2 {1, 2, 3}: odd -> one DF (2.3.4).  3.2.2: taking 1 or 3 leaves one due W and one due
#    B, taking 2 leaves two due W: 1 or 3; 3.2.4 (down): the lowest ranked, 3 (type d: 4 can
#    meet him, 3.9; did not float last round, 3.10).  1-2: 1 due W, 2 due B -> 1-2.
#    Group 0 {5, 6, 8}: odd -> one UF.  Every one is due B (3.2.2 cannot balance); 3.2.4 (up):
#    the highest ranked, 5, but 5 floated (up) last round: 3.10 -> 6 (type d: 4 can meet him).
#    8-5: 5 must have Black (two Whites, 2.1/5.3), 8 takes White.
#    Median group {4, 7, 9, 10} with DF 3 and UF 6: the floaters first, the DF before the UF
#    (3.6.3).  3 (due W) meets the highest-ranked resident due B who is compatible (3.8, L-a):
#    only 10 is due B and 3 met 10 -> the highest-ranked compatible, 4: 4 must have White ->
#    4-3.  6 (due B) meets the lowest-ranked resident due W: 10 is due B, 9 met 6, 7 -> 7-6.
#    Left 9, 10: 9 due W, 10 due B -> 9-10.
#    Mutations: 5 floats up instead of 6 (6-8 below, 5 meets 7 in the median group): 3.10;
#    7 meets the DF 3 instead of 4 (4-6 for the UF): 3.8.
case("round 3: the 2.2 order, a floater each way, 3.10 upward, 3.8", 10,
     [[(1, 6, W), (7, 2, L), (3, 8, W), (9, 4, L), (5, 10, L)],
      [(5, 1, L), (2, 4, W), (10, 3, L), (6, 9, L), (8, 7, L)]], 5,
     ((1, 2), (8, 5), (4, 3), (7, 6), (9, 10)),
     mutants=[(((1, 2), (8, 6), (4, 3), (7, 5), (9, 10)), None, "3.10"),
              (((1, 2), (8, 5), (7, 3), (4, 6), (9, 10)), None, "3.8")])


# 7. Ten players, round 3 of 5 (median 1, an empty group).  R1: 1-5 1-0, 10-2 0-1, 3-7 1-0,
#    8-4 0-1, 9-6 1/2; R2: 6-1 0-1, 2-9 1-0, 5-3 1/2, 4-10 1/2, 7-8 1/2.
#    Scores 1, 2: 2 | 3, 4: 3/2 | 5-10: 1/2 (below the median, paired upward, 2.2).  Colours
#    (5.5): 1 due W, 2 B, 3 W, 4 B, 5 B, 6 B, 7 B, 8 W, 9 W, 10 W.  Inside the 1/2 group only
#    6-9 and 7-8 have met.
#    Group 2: 1-2 (1 due W).  Group 3/2: 3-4 (3 due W).  Group 1/2 {5, ..., 10}, upward: 4.1
#    scrutiny begins with the lowest numbered, #10, and exchanges the higher numbered: the
#    proposal (2.4) 5 v 8, 6 v 9, 7 v 10 read from #10: 10-7 compatible; the rest proposed
#    afresh (9, 8 | 6, 5): 9 v 6 met -> 9 takes the next, 5; 8-6.  Colours: 10-7, 9-5, 8-6 (each
#    the first compatible opponent and due the other colour, L-b).
#    Pairing this group downward instead (from #5: 5-8, then 6-9 met -> 6-10, 7-9) gives 5-8,
#    6-10, 7-9: the mutation, 4.1.
case("upward scrutiny starts from the lowest numbered (4.1)", 10,
     [[(1, 5, W), (10, 2, L), (3, 7, W), (8, 4, L), (9, 6, D)],
      [(6, 1, L), (2, 9, W), (5, 3, D), (4, 10, D), (7, 8, D)]], 5,
     ((1, 2), (3, 4), (10, 7), (9, 5), (8, 6)),
     mutants=[(((1, 2), (3, 4), (8, 5), (10, 6), (9, 7)), None, "4.1")])

# 8. The table of 4.2, column 2.  Six players, R1 all drawn: 4-1, 6-2, 5-3 -> all on 1/2, the
#    median group (2.2), paired downward.  Due (5.6): 1, 2, 3 W; 4, 5, 6 B.  Proposed 1 v 4,
#    2 v 5, 3 v 6; 1 v 4 met -> #1 takes the next of 4.2's order (4, 5, 6, 3, 2): 5; the rest
#    proposed afresh: 2 v 4, 3 v 6 (4.2 column 2: 1-5 2-4 3-6).  Colours: 1-5, 2-4, 3-6.
#    Mutation: 1-5 with 2-3, 4-6 (compatible, but not the rest proposed afresh by 2.4, the
#    checker's name for it; 4.2's column 2 says the same).  (A first mutation, 1-6 2-4 3-5, was a
#    rematch of 3-5 and so a 2.1 finding: corrected after the board's 07:48 entry.)
case("4.2 column 2: #1 takes 5 when 1-4 is barred", 6, [[(4, 1, D), (6, 2, D), (5, 3, D)]], 5,
     ((1, 5), (2, 4), (3, 6)),
     mutants=[(((1, 5), (2, 3), (6, 4)), None, "2.4")])

# 9. The table of 4.2, column 4.  Six players, three rounds all drawn (median 3/2): R1 1-4,
#    2-6, 3-5; R2 5-1, 4-2, 6-3; R3 1-6, 2-3, 4-5.  #1 has met 4, 5, 6: the bottom half is
#    exhausted, so #1 takes the top half from the bottom up: 3 (4.2 column 4); the rest afresh
#    (2, 4 | 5, 6): 2 v 5, 4 v 6, both compatible -> 1-3 2-5 4-6.  Due (round 4, 5.6 equalise):
#    1 B, 2 B, 3 !W (two Blacks), 4 !B (two Whites), 5 W, 6 W -> 3-1, 5-2, 6-4.
#    Mutation: 1-2 (column 5) with 3-4, 5-6, all compatible, while column 4 is: 4.2.  (The first
#    mutation, 1-2 3-5 4-6, was a rematch of 3-5: corrected after the board's 07:48 entry.)
case("4.2 column 4: #1 takes the top half from the bottom up", 6,
     [[(1, 4, D), (2, 6, D), (3, 5, D)], [(5, 1, D), (4, 2, D), (6, 3, D)], [(1, 6, D), (2, 3, D), (4, 5, D)]], 5,
     ((3, 1), (5, 2), (6, 4)),
     mutants=[(((2, 1), (3, 4), (5, 6)), None, "4.2")])

# 10. The table of 4.3, column 2.  Six players, two rounds drawn (median 1): R1 1-4, 2-3, 5-6;
#     R2 5-1, 4-2, 6-3.  #1 has met 4 and 5 -> 1-6 (4.2 column 3); #2 then tries 4 (met), 5:
#     1-6 2-5 3-4 (4.3 column 2).  Due (5.5): 1 W, 2 W, 3 !W, 4 B, 5 !B, 6 B -> 1-6, 2-5, 3-4.
#     Mutation: 1-6 2-3 4-5 (column 3; 2-3 also met): 2.1.
case("4.3 column 2: #2 takes 5 once #1 has 6", 6,
     [[(1, 4, D), (2, 3, D), (5, 6, D)], [(5, 1, D), (4, 2, D), (6, 3, D)]], 5,
     ((1, 6), (2, 5), (3, 4)),
     mutants=[(((1, 6), (3, 2), (4, 5)), None, "2.1")])

# 11. 2.3.1 both ways.  Eight players, round 4 of 5 (median 3/2).  R1: 1-2 1/2, 3-4 1-0, 5-6
#     1/2, 7-8 1/2; R2: 3-1 1/2, 2-5 1-0, 4-7 1-0, 6-8 1/2; R3: 1-6 1-0, 4-2 1/2, 7-3 1/2, 8-5
#     0-1.  Scores 1, 2, 3: 2 | 4, 5: 3/2 (median) | 6, 7, 8: 1.  Due (round 4, 5.6): 1 B, 2 W,
#     3 B, 4 !B, 5 !W, 6 W, 7 B, 8 W.
#     Group 2 {1, 2, 3}: 1 has played 2 and 3, all of his group: 2.3.1 moves him down (not 3,
#     whom 3.2.4 would pick to make the number even).  2-3 (2 due W).
#     Group 1 {6, 7, 8}, upward: 8 has played 6 and 7: 2.3.1 moves him up.  6-7 (6 due W).
#     Median {4, 5} with DF 1 and UF 8; the DF first (3.6.3): 1 (due B) meets the highest-ranked
#     resident due W: 5 (4 must have Black) -> 5-1 (3.8).  8 (due W) meets the lowest-ranked
#     left due B: 4 -> 8-4.  (Without the colour rule 3.8, 1-4 would leave 8 only 5, met: 4.4
#     gives 5-1 as well.)
#     Mutation: 3-2 (2 due W, 3 due B, round 4: 5.6).
case("2.3.1: a player who met his whole group floats, down and up", 8,
     [[(1, 2, D), (3, 4, W), (5, 6, D), (7, 8, D)],
      [(3, 1, D), (2, 5, W), (4, 7, W), (6, 8, D)],
      [(1, 6, W), (4, 2, D), (7, 3, D), (8, 5, L)]], 5,
     ((2, 3), (6, 7), (5, 1), (8, 4)),
     mutants=[(((3, 2), (6, 7), (5, 1), (8, 4)), None, "5.6")])

# ---------------------------------------------------------------------------------------------
# Colours (Art. 5) and the last round (Art. 6)
# ---------------------------------------------------------------------------------------------

# 12. 5.4 on both sides of the median.  Four players, R1: 1-3 1-0, 2-4 1-0.  Median 1/2 (empty).
#     Group 1 {1, 2} (above): 1-2; both had White, both due Black, the same history -> 5.4: in
#     and above the median group the higher ranked gets his due colour: 1 Black -> 2-1.
#     Group 0 {3, 4} (below): both due White, the same history -> below the median the lower
#     ranked gets his due colour: 4 White -> 4-3.
case("5.4: the higher ranked above the median, the lower ranked below", 4, [[(1, 3, W), (2, 4, W)]], 5,
     ((2, 1), (4, 3)),
     mutants=[(((1, 2), (4, 3)), None, "5.4"), (((2, 1), (3, 4)), None, "5.4")])

# 13. Art. 6: the last round (3 of 3).  Six players, R1: 1-4 1-0, 2-5 1-0, 3-6 0-1; R2: 1-3
#     1-0, 2-6 1-0, 4-5 1-0.  Scores 1, 2: 2 | 4, 6: 1 (median) | 3, 5: 0.  1 and 2 both had
#     White twice (!B).  Outside the last round they would not be compatible (2.1); Art. 6 puts
#     the same-score pairing before the colour limits -> 1-2 (not met).  Colours: both due
#     Black with the same history (WW): 5.4, above the median the higher ranked, 1, gets Black:
#     2-1 (2's third White, which Art. 6 allows).
#     Median {4, 6}: 4 due B, 6 !W -> 6-4.  Group 0 {3, 5} (upward): 3 due W, 5 !W -> 5-3.
#     Mutation: 1-2 with 1 White: 5.4.
case("Art. 6: the last round pairs the leaders despite the colour limits", 6,
     [[(1, 4, W), (2, 5, W), (3, 6, L)], [(1, 3, W), (2, 6, W), (4, 5, W)]], 3,
     ((2, 1), (6, 4), (5, 3)),
     mutants=[(((1, 2), (6, 4), (5, 3)), None, "5.4")])

# 14. The same two rounds with five rounds to play: round 3 is not the last.  1 and 2 both must
#     have Black (2.1), so neither has a compatible opponent in group 2: 2.3.3 moves both to the
#     median group {4, 6}.  Group 0 first (2.2): 5-3.  Median: the DFs first (3.6), 1 before 2
#     (same score, 1 ranked higher): 1 (!B) meets the highest-ranked resident due W: 6 (!W) ->
#     6-1; 2 (!B) meets the one left, 4 (due B, may take White: BW then W) -> 4-2.
#     Mutation: the round-3 leaders paired as in the last round: 2.1 (2's third White in a row).
case("2.3.3: two players due the same colour twice running float", 6,
     [[(1, 4, W), (2, 5, W), (3, 6, L)], [(1, 3, W), (2, 6, W), (4, 5, W)]], 5,
     ((6, 1), (4, 2), (5, 3)),
     mutants=[(((2, 1), (6, 4), (5, 3)), None, "2.1")])

# ---------------------------------------------------------------------------------------------
# The PAB after round 1 (Art. 1.1), forfeits and withdrawals
# ---------------------------------------------------------------------------------------------

# 15. Seven players, round 2.  R1 (case 3's): 1-4 1-0, 5-2 0-1, 3-6 0-1, 7 the PAB.  Scores 1,
#     2, 6, 7: 1 | 3, 4, 5: 0.  1.1: the PAB to the lowest ranked of the lowest group: 5.
#     Group 1 {1, 2, 6, 7}: 1 v 6 (1 due B, 6 due W) -> 6-1; 2 v 7 (7 has no colour yet) ->
#     2-7 (2 due W).  Group 0 {3, 4}: 3 due B, 4 due W -> 4-3.
#     Mutation: the PAB to 4: 1.1.
case("1.1: the PAB to the lowest ranked of the lowest group", 7,
     [[(1, 4, W), (5, 2, L), (3, 6, L), (7, "U")]], 5,
     ((6, 1), (2, 7), (4, 3)), bye=5,
     mutants=[(((6, 1), (2, 7), (5, 3)), 4, "1.1")])

# 16. Seven players, round 3 of 5.  R1: 1-4 1-0, 2-5 1/2, 3-6 1/2, 7 the PAB; R2: 7-1 0-1, 2-3
#     1/2, 5-6 1/2, 4 the PAB.  Scores 1: 2 | 2-7: 1 (median).  1.1 with C.04.1 Art. 4: the
#     lowest ranked of the lowest group is 7, who had a PAB; then 6, who may have it -> PAB 6.
#     Group 2 {1}: alone, he floats down (2.3.4).  Median {2, 3, 4, 5, 7} with DF 1 (due W):
#     the DF first, against the highest-ranked resident due B: 2 (!B) -> 1-2 (3.8).  The rest
#     3, 4 | 5, 7: 3 v 5 (W/B) -> 3-5, 4 v 7 (W/B) -> 4-7.
#     Mutation: the PAB to 7, who had one (6-4 instead of 4-7): 1.1.
case("1.1: the lowest ranked had a PAB already", 7,
     [[(1, 4, W), (2, 5, D), (3, 6, D), (7, "U")], [(7, 1, L), (2, 3, D), (5, 6, D), (4, "U")]], 5,
     ((1, 2), (3, 5), (4, 7)), bye=6,
     mutants=[(((1, 2), (3, 5), (6, 4)), 7, "1.1")])

# 17. Forfeits (L-d).  Seven players, round 3 of 5.  R1: 6-1 0-1, 5-2 won by 5 by forfeit
#     (2 absent), 3-4 1-0, 7 the PAB; R2: 2-1 1-0, 4-3 1-0, 7-5 1-0, 6 the PAB.  Scores 7: 2 |
#     1-6: 1.  PAB: 6 had one, 5 won by forfeit (C.04.1 Art. 4 bars both), 4 may -> PAB 4.
#     Colours: a forfeited game gives none: 1 BB !W, 2 (-, W) due B, 3 WB due W, 5 (-, B) due
#     W, 6 (W, -) due B, 7 (-, W) due B.
#     Group 2 {7}: floats down.  Median {1, 2, 3, 5, 6} + DF 7: 7 (due B) meets the highest-
#     ranked resident due W: 1 -> 1-7.  The rest 2, 3 | 5, 6: 2 v 5 — the forfeit was no
#     meeting (2.1), so compatible -> 5-2; 3 v 6 -> 3-6.
#     Mutations: the PAB to 5 (forfeit win): 1.1; 2-5 avoided as if they had met: 2.4.
case("a forfeit is no meeting and a forfeit win bars the PAB", 7,
     [[(6, 1, L), (5, 2, FW), (3, 4, W), (7, "U")], [(2, 1, W), (4, 3, W), (7, 5, W), (6, "U")]], 5,
     ((1, 7), (5, 2), (3, 6)), bye=4,
     mutants=[(((1, 7), (4, 2), (3, 6)), 5, "1.1"), (((1, 7), (3, 2), (5, 6)), 4, "2.4")])

# 18. A withdrawal.  Eight players, R1: 1-5 1-0, 6-2 0-1, 3-7 0-1, 8-4 1/2; 8 withdraws before
#     round 2 (XXZ 8).  Seven to pair: scores 1, 2, 7: 1 | 4: 1/2 (median) | 3, 5, 6: 0.
#     PAB (1.1): the lowest ranked of group 0: 6.
#     Group 1 {1, 2, 7}: odd -> a DF.  Due 1 B, 2 W, 7 W: 3.2.2 floats 2 or 7 (either leaves
#     one W, one B); 3.2.4 the lowest ranked: 7 (type d: 4 can meet him; nobody floated in
#     round 1).  2-1.  Group 0 {3, 5}: 3 due B, 5 due W -> 5-3.
#     Median {4} + DF 7: both due W with the same history (B): 5.4, in the median group the
#     higher ranked, 4, has White -> 4-7.
#     Mutation: 7-4: 5.4.
case("a withdrawn player is not paired", 8, [[(1, 5, W), (6, 2, L), (3, 7, L), (8, 4, D)]], 5,
     ((2, 1), (5, 3), (4, 7)), bye=6, extra="XXZ 8",
     mutants=[(((2, 1), (5, 3), (7, 4)), 6, "5.4")])

# ---------------------------------------------------------------------------------------------
# Choosing the floater (Art. 3.2, 3.9, 3.10) and the Maxi-tournament (3.2.3, 3.8)
# ---------------------------------------------------------------------------------------------

# Twelve players rated 2600 ... 2280 in pairing-number order; R1: 9-1 0-1, 10-2 0-1, 3-7 1-0,
# 11-4 0-1, 5-8 1-0, 6-12 1/2.  Scores 1-5: 1 | 6, 12: 1/2 (the median) | 7-11: 0.  Due (round 2,
# 5.6): 1 W, 2 W, 3 B, 4 W, 5 B; 6 B, 12 W; 7 W, 8 W, 9 B, 10 B, 11 B.  Nobody floated in R1.
R12 = [[(9, 1, L), (10, 2, L), (3, 7, W), (11, 4, L), (5, 8, W), (6, 12, D)]]
RATED12 = [2600, 2550, 2520, 2500, 2350, 2340, 2330, 2320, 2310, 2300, 2290, 2280]

# 19. 3.2.2 both ways.  Group 1 {1, ..., 5} (down): odd -> a DF (2.3.4).  Every one has an
#     opponent among 6, 12 (type d, 3.9); 3.2.2: floating a player due W (1, 2 or 4) leaves two
#     due W and two due B; 3.2.4 the lowest ranked of them: 4 (not 5, the default).  The rest
#     1, 2 | 3, 5: 1-3, 2-5, each due the other colour.
#     Group 0 {7, ..., 11} (up): 7 W, 8 W, 9 B, 10 B, 11 B: floating one due B leaves 2 + 2;
#     3.2.4 (up) the highest ranked of them: 9 (not 7).  The rest (11, 10 | 8, 7 read upward):
#     11 v 8 -> 8-11, 10 v 7 -> 7-10.
#     Median {6, 12} + DF 4 + UF 9: the DF first (3.6.3): 4 (due W) meets the highest-ranked
#     resident due B: 6 -> 4-6; 9 (due B) meets the lowest-ranked resident due W: 12 -> 12-9.
#     Mutation: the defaults 5 (down) and 7 (up) float: 3.2.2.
case("3.2.2: the floater that evens the colours, down and up", 12, R12, 5,
     ((1, 3), (2, 5), (8, 11), (7, 10), (4, 6), (12, 9)), ratings=RATED12,
     mutants=[(((1, 3), (2, 4), (9, 11), (8, 10), (12, 5), (7, 6)), None, "3.2.2")])

# 20. The same event declared a Maxi-tournament (L3).  3.2.3: the colour choice is allowed only
#     within 100 points of the player 3.2.4 would float.  Down: 4 (2500) against 5 (2350): 150 ->
#     5 floats.  Up: 9 (2310) against 7 (2330): 20 -> 9 still floats.
#     Group 1 rest {1, 2, 3, 4}: 1 v 3 (W/B) -> 1-3; 2 v 4 both due W, the same history (B):
#     5.4, above the median the higher ranked, 2, has White -> 2-4.  Group 0 as in case 19.
#     Median {6, 12} + DF 5 (due B) + UF 9 (due B): 5 meets the highest-ranked resident due W,
#     12 (2280; 3.8 in a Maxi-tournament: within 100 of 6, 2340, whom he would meet otherwise,
#     and of 5 himself) -> 12-5; 9 and 6 both due B, the same history (W): 5.4 in the median
#     group, the higher ranked, 6, has Black -> 9-6.
#     Mutation: case 19's pairing (4 floats, 150 points from 5): 3.2.3.
case("3.2.3: in a Maxi-tournament the colour choice stays within 100 points", 12, R12, 5,
     ((1, 3), (2, 4), (8, 11), (7, 10), (12, 5), (9, 6)), ratings=RATED12, maxi=True,
     mutants=[(((1, 3), (2, 5), (8, 11), (7, 10), (4, 6), (12, 9)), None, "3.2.3")])

# 21. 3.9: not a floater with no opponent below (type c).  Eight players, round 3 of 5 (median
#     1).  R1: 6-1 0-1, 2-7 1-0, 3-4 1-0, 8-5 0-1; R2: 1-7 1-0, 8-2 0-1, 5-3 0-1, 4-6 1-0.
#     Scores 1, 2, 3: 2 | 4, 5: 1 (median) | 6, 7, 8: 0.  Due (5.5): 1 B, 2 W, 3 W, 4 B, 5 B,
#     6 W, 7 !W, 8 !B.  1 and 2 floated down in R2; 7 and 8 up.
#     Group 2 {1, 2, 3}: a DF.  3.2.2: 2 or 3 (either leaves one W, one B); 3.2.4 would take 3,
#     but 3 has met 4 and 5, the whole next group: type c; 2 has an opponent there: type d ->
#     2 floats (3.9 before 3.10, L-c: 2 floated in R2, 3 did not).  3-1 (3 due W).
#     Group 0 {6, 7, 8} (up): 3.2.2: 6 or 7 (8 would leave two due W); 3.2.4 (up): 6 (type d:
#     5 can meet him; 6 did not float in R2) -> 7-8 (7 !W, 8 !B).
#     Median {4, 5} + DF 2 (due W) + UF 6 (due W): 2 meets the highest-ranked resident due B:
#     4 -> 2-4; 6 meets 5 (due B) -> 6-5.
#     Mutation: 3-1 with 1 White: 5.5 (1 had W last, 3 B; round 3 alternates).
case("3.9: a floater of type d before one of type c", 8,
     [[(6, 1, L), (2, 7, W), (3, 4, W), (8, 5, L)], [(1, 7, W), (8, 2, L), (5, 3, L), (4, 6, W)]], 5,
     ((3, 1), (7, 8), (2, 4), (6, 5)),
     mutants=[(((1, 3), (7, 8), (2, 4), (6, 5)), None, "5.5")])

# 22. 3.9: a resident (type d) floats on rather than the player who just floated in (type b).
#     Eight players, round 4 of 5 (median 3/2).  R1: 1-4 1-0, 5-2 1-0, 3-6 1-0, 8-7 1-0; R2:
#     5-1 1/2, 2-3 1-0, 4-7 1-0, 6-8 0-1; R3: 1-6 1/2, 7-2 0-1, 3-4 1/2, 8-5 1-0.  Scores 8: 3 |
#     1, 2: 2 | 3, 4, 5: 3/2 (median) | 6: 1/2 | 7: 0.  Due (round 4, 5.6): 8 B, 1 B, 2 W, 3 B,
#     4 W, 5 B, 6 W, 7 W.  8, 1 and 2 all floated down in R3 (3.10 tells nobody apart).
#     Group 3 {8}: DF to group 2.  Group 2 {1, 2} + 8: odd.  8 floated in and can meet 3 or 4
#     (type b); 1 (can meet 3) and 2 (can meet 4) are type d -> one of them (3.9); 3.2.2: taking
#     1 leaves 2 (W) and 8 (B), taking 2 leaves two due B -> 1 floats (3.2.4 alone would take 8,
#     the lowest ranked).  The DF 8 first (3.6): 2-8.
#     Group 0 {7}: UF to group 1/2 {6}: 6-7 (not met); both due W: 5.4, their histories
#     (BWB, BBW) differ last in R3, where 7 had White -> 7 Black: 6-7.
#     Median {3, 4, 5} + DF 1 (due B): no resident due W that 1 has not met (4 met) -> the
#     highest-ranked compatible, 3 (L-a); both due B, the same history (WBW): 5.4, the higher
#     ranked, 1, has Black -> 3-1.  4-5 (4 due W).
#     Mutation: 8 floats on (2-1 above, 4-8 and 5-3 in the median group): 3.9.
case("3.9: a resident floats rather than the incoming floater", 8,
     [[(1, 4, W), (5, 2, W), (3, 6, W), (8, 7, W)], [(5, 1, D), (2, 3, W), (4, 7, W), (6, 8, L)],
      [(1, 6, D), (7, 2, L), (3, 4, D), (8, 5, W)]], 5,
     ((2, 8), (6, 7), (3, 1), (4, 5)),
     mutants=[(((2, 1), (6, 7), (4, 8), (5, 3)), None, "3.9")])

# ---------------------------------------------------------------------------------------------
# The median group cannot be completed (Art. 2.6)
# ---------------------------------------------------------------------------------------------

# 23. Eight players, round 4 of 5 (median 3/2).  R1: 4-1 1/2, 2-6 1-0, 8-3 0-1, 5-7 1/2; R2: 4-2
#     1/2, 1-5 1-0, 7-3 0-1, 6-8 1-0; R3: 3-4 1/2, 6-1 0-1, 2-7 1-0, 8-5 1/2.  Scores 1, 2, 3:
#     5/2 | 4: 3/2 (median) | 5, 6: 1 | 7, 8: 1/2.  4 has met 1, 2 and 3.  Due (5.6): 1 W, 2 B,
#     3 W, 4 B, 5 !W, 6 !B, 7 W, 8 B.
#     Group 5/2 {1, 2, 3}: a DF; all are type c (all met 4) and all floated in R3; 3.2.2: 1 or
#     3; 3.2.4: 3.  1-2.  Then upward: 7-8 (group 1/2), 5-6 (group 1).
#     Median {4} + DF 3: 3 met 4 -> the median group cannot be completed.  2.6 (L-e): more
#     floaters came from above (1) than from below (0), so the last pairing made on the lower
#     side, 5-6 next to the median, is undone and 5, 6 join it: {4, 3, 5, 6}.  The DF first:
#     3 (due W) meets the highest-ranked due B he has not met: 6 (5 must have White) -> 3-6;
#     5-4 (5 !W).
#     Mutation: 5-3 and 4-6 (3 not given the player due the other colour): 3.8 (the checker
#     names the same exchange 5.2; either is accepted).  (First written
#     6-4, a third White for 6: a 2.1 finding, corrected.)
case("2.6: the blocked median group cracks its neighbour's pairing", 8,
     [[(4, 1, D), (2, 6, W), (8, 3, L), (5, 7, D)], [(4, 2, D), (1, 5, W), (7, 3, L), (6, 8, W)],
      [(3, 4, D), (6, 1, L), (2, 7, W), (8, 5, D)]], 5,
     ((1, 2), (7, 8), (3, 6), (5, 4)),
     mutants=[(((1, 2), (7, 8), (5, 3), (4, 6)), None, "3.8|5.2")])

# ---------------------------------------------------------------------------------------------
# More of Art. 3, 4 and 5
# ---------------------------------------------------------------------------------------------

# 24. 3.10 both ways.  Ten players, round 3 of 5 (median 1).  R1 (case 6's): 1-6 1-0, 7-2 0-1,
#     3-8 1-0, 9-4 0-1, 5-10 0-1; R2: 4-1 0-1, 2-10 1-0, 5-3 0-1, 6-7 0-1, 8-9 1-0.  Scores 1,
#     2, 3: 2 | 4, 7, 8, 10: 1 (median) | 5, 6, 9: 0.  Due (5.5): 1 W, 2 B, 3 W, 4 B, 7 W, 8 B,
#     10 !W, 5 !B, 6 B, 9 W.  In R2 3 floated down (met 5, on 0) and 5 up; nobody else.
#     Group 2 {1, 2, 3}: 3.2.2 allows 1 or 3 (either leaves one W, one B); 3.2.4 would take 3,
#     who floated in R2: 3.10 -> 1 (type d: 8 can meet him).  3-2 (3 due W).
#     Group 0 {5, 6, 9} (up): 3.2.2 allows 5 or 6 (9 would leave two due B); 3.2.4 (up) would
#     take 5, who floated in R2: 3.10 -> 6 (type d: 4 can meet him).  9-5 (5 !B).
#     Median {4, 7, 8, 10} + DF 1 (due W) + UF 6 (due B): 1 meets the highest-ranked resident
#     due B he has not met: 8 (4 met) -> 1-8; 6 meets the lowest-ranked due W: 10 -> 10-6; 7-4.
#     Mutation: 3 and 5 float (the defaults): 1-2, 9-6; the median group then 3-4 (3 due W meets
#     4, due B), 7-5 (10, due W, met 5), 10-8: 3.10.  (First written with 8-3, a rematch: a 2.1
#     finding, corrected.)
case("3.10: not again a floater who floated in the round before, down and up", 10,
     [[(1, 6, W), (7, 2, L), (3, 8, W), (9, 4, L), (5, 10, L)],
      [(4, 1, L), (2, 10, W), (5, 3, L), (6, 7, L), (8, 9, W)]], 5,
     ((3, 2), (9, 5), (1, 8), (10, 6), (7, 4)),
     mutants=[(((1, 2), (9, 6), (3, 4), (7, 5), (10, 8)), None, "3.10")])

R1_STD = [(1, 5, W), (6, 2, L), (3, 7, W), (8, 4, L)]

# 25. The colour exchange (2.4 "proper colour", 2.5, 5.2; L-b).  Eight players after R1: 1-5,
#     6-2, 3-7, 8-4, the higher ranked winning.  Group 1 {1, 2, 3, 4}: due 1 B, 2 W, 3 B, 4 W;
#     the proposal 1 v 3 is compatible but both are due Black: #1 takes the next in 4.2's order
#     who is due White: 4 -> 4-1; then 2-3.  Group 0 {5, 6, 7, 8} (up): due 5 W, 6 B, 7 W, 8 B;
#     #8's proposal 6 is due Black as he is: the next, 5 -> 5-8; 7-6.
#     Mutation: 3-1, 2-4 (the proposal kept, each pair due one colour): 5.2.
case("5.2: opponents exchanged for the colours due", 8, [R1_STD], 5,
     ((4, 1), (2, 3), (5, 8), (7, 6)),
     mutants=[(((3, 1), (2, 4), (5, 8), (7, 6)), None, "5.2")])

# 26. The same in a Maxi-tournament (L3) with 3 (2500) and 4 (2350) 150 points apart: 5.7
#     allows the exchange only between players within 100 points, so group 1 keeps the
#     proposal 1 v 3, 2 v 4; 5.4 (same histories, above the median): 1 has Black -> 3-1, 2 has
#     White -> 2-4.  Group 0: 5 (2300) and 6 (2280) are within 100 -> 5-8, 7-6 as in case 25.
#     Mutation: case 25's pairing: 5.7.
case("5.7: in a Maxi-tournament no exchange beyond 100 points", 8, [R1_STD], 5,
     ((3, 1), (2, 4), (5, 8), (7, 6)), maxi=True,
     ratings=[2600, 2550, 2500, 2350, 2300, 2280, 2260, 2240],
     mutants=[(((4, 1), (2, 3), (5, 8), (7, 6)), None, "5.7")])

# 27. 3.8 in a Maxi-tournament: case 20 with 12 rated 2220.  The DF 5 (2350, due B) would meet
#     12, the highest-ranked resident due W, but 12 is 120 points from 6 (whom he meets
#     otherwise) and 130 from 5 -> 5 meets 6; both due B with the same history (W): 5.4 in the
#     median group, 5 ranked higher has Black -> 6-5.  The UF 9 (2310) meets 12, the one left
#     and 90 points from him -> 12-9.
#     Mutation: case 20's 12-5, 9-6: 3.8.
case("3.8: in a Maxi-tournament the floater's colour choice stays within 100 points", 12, R12, 5,
     ((1, 3), (2, 4), (8, 11), (7, 10), (6, 5), (12, 9)), maxi=True, ratings=RATED12[:11] + [2220],
     mutants=[(((1, 3), (2, 4), (8, 11), (7, 10), (12, 5), (9, 6)), None, "3.8")])

# 28. The table of 4.2, column 3.  Six players, two rounds drawn (median 1): R1 1-4, 2-3, 5-6;
#     R2 5-1, 6-2, 4-3.  #1 has met 4 and 5 -> 6; the rest afresh: 2 v 4, 3 v 5 (column 3:
#     1-6 2-4 3-5).  Due (5.5): 1 W, 2 W, 3 !W, 4 B, 5 !B, 6 B -> 1-6, 2-4, 3-5.
#     Mutation: 1-2 (column 5) while column 3 is compatible: 4.2.
case("4.2 column 3: #1 takes 6 when 4 and 5 are barred", 6,
     [[(1, 4, D), (2, 3, D), (5, 6, D)], [(5, 1, D), (6, 2, D), (4, 3, D)]], 5,
     ((1, 6), (2, 4), (3, 5)),
     mutants=[(((2, 1), (3, 5), (6, 4)), None, "4.2")])

# 29. Round 1 with a player absent (XXZ 3): nine entered, eight to pair: 1, 2, 4, 5 | 6, 7, 8, 9
#     -> 1 v 6, 2 v 7, 4 v 8, 5 v 9.  7.2 (L-f): "the odd-numbered players of the top half" are
#     counted in the top half of the players paired: 1 (first) and 4 (third) have #1's colour,
#     2 and 5 the other.  (First derived by pairing number, 1 and 5 White; engine and checker
#     both count the top half, as the toolkit's Dutch and Burstein engines do in round 1 with
#     an absent player: the case was changed, see the board's 08:00 entry.)
#     Mutation: colours by pairing number (4 Black, 5 White): 7.2.
case("round 1 with an absent player: colours by place in the top half", 9, [], 5,
     ((1, 6), (7, 2), (4, 8), (9, 5)), extra="XXZ 3",
     mutants=[(((1, 6), (7, 2), (8, 4), (5, 9)), None, "7.2")])

# 30. 7.1 with a tie for the lowest rating (L5): seven players, #5 and #7 both rated 1500 -> the
#     lower ranked of them, 7, has the PAB; 1 v 4, 2 v 5, 3 v 6, 7.2: 1-4, 5-2, 3-6.
#     Mutation: the PAB to 5: 7.1.
case("round 1: a tie for the lowest rating goes to the lowest ranked", 7, [], 5,
     ((1, 4), (5, 2), (3, 6)), bye=7, ratings=[2400, 2350, 2300, 2250, 1500, 2200, 1500],
     mutants=[(((1, 4), (6, 2), (3, 7)), 5, "7.1")])

# 31. An empty median group.  Six players, R1: 1-4 1-0, 5-2 0-1, 3-6 1-0 -> 1, 2, 3: 1 | 4, 5,
#     6: 0; the median 1/2 has nobody (2.2).  Due (5.6): 1 B, 2 W, 3 B; 4 W, 5 B, 6 W.
#     Group 1 {1, 2, 3} (down): a DF; 3.2.2: 1 or 3 (2 would leave two due B); 3.2.4: 3.  2-1.
#     Group 0 {4, 5, 6} (up): a UF; 3.2.2: 4 or 6; 3.2.4 (up): 4.  6-5.
#     Median (empty) with DF 3 and UF 4: 4-3.  (Were the DF sent on to group 0 instead, 3 would
#     meet its highest-ranked player due W, 4, and 6-5 follow: the same round, L-g.)
#     Mutation: 1 and 6 float instead (2-3, 4-5, 6-1): 3.2.4 (1 and 3 both even the colours).
case("an empty median group: the two floaters meet", 6, [[(1, 4, W), (5, 2, L), (3, 6, W)]], 5,
     ((2, 1), (6, 5), (4, 3)),
     mutants=[(((2, 3), (4, 5), (6, 1)), None, "3.2.4")])

# 32. The table of 4.2, column 5.  Six players, four rounds drawn (median 2): R1 1-3, 2-4, 5-6;
#     R2 1-4, 2-5, 3-6; R3 5-1, 6-2, 4-3; R4 1-6, 3-2, 4-5.  #1 has met 3, 4, 5, 6: the last of
#     4.2's order is left, 2 (column 5: 1-2 3-5 4-6; 3-5 and 4-6 have not met).  Due (5.5, and
#     2.1's limits): 1 WWBW !B (two Whites more: he may still have Black, so 2.3.2 does not move
#     him), 2 WWBB !W, 3 B, 4 BBWW !B, 5 W, 6 !W -> 2-1, 5-3, 6-4.
#     Mutation: 1-2 with 1 White (three Whites more): the pair is compatible (2.1: 1 may have
#     Black), the colour is wrong: 5.3 (first expected as 2.1; the checker's 5.3 is the better
#     name, changed).
case("4.2 column 5: #1 has met all but #2", 6,
     [[(1, 3, D), (2, 4, D), (5, 6, D)], [(1, 4, D), (2, 5, D), (3, 6, D)], [(5, 1, D), (6, 2, D), (4, 3, D)],
      [(1, 6, D), (3, 2, D), (4, 5, D)]], 5,
     ((2, 1), (5, 3), (6, 4)),
     mutants=[(((1, 2), (5, 3), (6, 4)), None, "5.3")])

# 33. 4.4: an opponent must leave the rest of the group pairable.  Ten players, round 3 of 5.
#     R1 (case 6's); R2: 4-1 0-1, 2-10 1-0, 5-3 0-1, 6-9 0-1, 8-7 0-1.  Scores 1, 2, 3: 2 | 4, 7,
#     9, 10: 1 (median) | 5, 6, 8: 0.  Due (5.5): 1 W, 2 B, 3 W, 4 B, 7 W, 9 W, 10 !W, 5 !B, 6 B,
#     8 B.  In R2 3 floated down, 5 up.
#     Group 2: 3.2.2 allows 1 or 3; 3 floated in R2 (3.10) -> DF 1; 3-2.
#     Group 0 {5, 6, 8}: all due B (3.2.2 cannot help); 3.2.4 (up) 5, who floated in R2 -> UF 6;
#     8-5 (5 !B).
#     Median {4, 7, 9, 10} + DF 1 + UF 6.  1 (due W): the only resident due B, 4, met him -> the
#     highest-ranked compatible, 7, leaving 4, 9, 10, 6 pairable (4-6, 9-10) -> 1-7, both due W,
#     the same history: 5.4 in the median group, 1 White.  6 (due B): the lowest-ranked resident
#     due W is 10, but 6-10 would leave 4 and 9, who met in R1: 4.4 (the opponent must leave a
#     compatible opponent for the others) -> 9 met 6, so the lowest-ranked left who keeps the
#     group pairable: 4 -> 6-4 (both due B, same history: 5.4, 4 ranked higher has Black); 10-9
#     (10 !W).
#     Mutation: 1-9, 10-6, 7-4 (the DF not given the highest-ranked compatible resident): 3.8.
case("4.4: an opponent that leaves the rest pairable", 10,
     [[(1, 6, W), (7, 2, L), (3, 8, W), (9, 4, L), (5, 10, L)],
      [(4, 1, L), (2, 10, W), (5, 3, L), (6, 9, L), (8, 7, L)]], 5,
     ((3, 2), (8, 5), (1, 7), (6, 4), (10, 9)),
     mutants=[(((3, 2), (8, 5), (1, 9), (10, 6), (7, 4)), None, "3.8")])

# ---------------------------------------------------------------------------------------------
# The door
# ---------------------------------------------------------------------------------------------


def _lim() -> systems.PairingSystem:
    try:
        return systems.get("lim")
    except systems.UnknownSystem:
        pytest.skip("the Lim system is not registered yet (systems/__init__.py _BUILT_IN)")


def _build(c: Case, extra_round: Optional[Round] = None) -> object:
    rounds = list(c.rounds) + ([extra_round] if extra_round is not None else [])
    return tournament(c.n, rounds, c.total, extra=c.extra, initial=c.initial, maxi=c.maxi, ratings=c.ratings)


def _sel(t: object) -> systems.Selection:
    _lim()
    return systems.select(t, system="lim")  # type: ignore[arg-type]


def _played(c: Case, boards: Boards, bye: Optional[int]) -> object:
    """The tournament with the round played (every game drawn) as ``boards`` and ``bye`` say."""
    rnd: list = [(w, b, D) for w, b in boards] + ([(bye, "U")] if bye is not None else [])
    return _build(c, rnd)


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.name)
def test_the_command_line_pairs_the_hand_worked_round(c: Case, tmp_path: Path) -> None:
    """The other door: ``arbiter pair FILE --json`` on the file as written (its ``092`` names the
    Lim system, L2; no ``--system``) gives the same round."""
    _lim()
    from typer.testing import CliRunner

    from arbiter.cli import app

    f = tmp_path / "lim.trf"
    f.write_text(text(c.n, list(c.rounds), c.total, extra=c.extra, initial=c.initial, maxi=c.maxi,
                      ratings=c.ratings))
    got = CliRunner().invoke(app, ["pair", str(f), "--json"], env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert got.exit_code == 0, got.output
    out = json.loads(got.stdout)
    assert out["system"] == "lim"
    boards = sorted((b["white"]["start_rank"], b["black"]["start_rank"]) for b in out["boards"])
    bye = out["bye"]["start_rank"] if out.get("bye") else None
    assert (boards, bye) == (sorted(c.boards), c.bye)


def _report(c: Case, boards: Boards, bye: Optional[int]) -> object:
    if importlib.util.find_spec("checker.lim") is None:
        pytest.skip("the Lim checker (checker/lim) is not there yet")
    t = _played(c, boards, bye)
    sel = _sel(t)
    try:
        return sel.system.check(t, [len(c.rounds) + 1], sel, CheckRequest(engine=False))[0]
    except NotOffered:
        pytest.skip("the Lim system offers no checker yet")


def _names(criterion: str, article: str) -> bool:
    """Whether a finding's criterion names ``article`` (``"3.8"`` in ``"3.8"``, ``"C.04.4.3 3.8"``,
    ``"Art. 3.8"``; not in ``"3.8.1"`` nor ``"13.8"``); ``"3.8|5.2"``: either names the step."""
    return any(re.search(rf"(?<![\d.]){re.escape(a)}(?![\d])(?!\.\d)", criterion) is not None
               for a in article.split("|"))


def _xfail(reason: str) -> None:
    if reason:
        pytest.xfail(reason)


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.name)
def test_the_engine_pairs_the_hand_worked_round(c: Case) -> None:
    t = _build(c)
    sel = _sel(t)
    got = sel.system.pair(t, len(c.rounds) + 1, sel)
    if c.xfail_engine and (set(got.boards), got.bye) != (set(c.boards), c.bye):
        pytest.xfail(c.xfail_engine)
    assert (sorted(got.boards), got.bye) == (sorted(c.boards), c.bye)


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.name)
def test_the_checker_finds_the_hand_worked_round_conforms(c: Case) -> None:
    report = _report(c, c.boards, c.bye)
    ok = report.ok  # type: ignore[attr-defined]
    if c.xfail_checker and not ok:
        pytest.xfail(c.xfail_checker)
    assert ok, [f.message for f in report.findings]  # type: ignore[attr-defined]


#: Mutants whose first finding the checker names otherwise, with the board entry
#: (/work/scratch/s42/lim-board.md) that says why the article named here decides: strict, so the
#: test says when the checker comes round.
NAMED_OTHERWISE: dict[tuple[str, int], str] = {
    # none left: the three of the board's 08:03 entry (3.2.3, 3.9, 5.7) were named otherwise by the
    # checker until its 08:08 answer; the 3.9 one was a checker bug (types compared without the
    # next group's residents).
}


def _mutant(c: Case, i: int) -> object:
    reason = NAMED_OTHERWISE.get((c.name, i))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(c, i, id=f"{c.name} #{i + 1}", marks=marks)


MUTANTS = [_mutant(c, i) for c in CASES for i in range(len(c.mutants))]


@pytest.mark.parametrize("c, i", MUTANTS)
def test_the_checker_names_the_article_a_mutation_breaks(c: Case, i: int) -> None:
    boards, bye, article = c.mutants[i]
    report = _report(c, boards, bye)
    findings = report.findings  # type: ignore[attr-defined]
    assert findings, f"{boards} {bye}: nothing found, {article} expected"
    first = findings[0]
    assert _names(first.criterion, article), [(f.criterion, f.message) for f in findings]


def test_every_case_is_well_formed() -> None:
    """The expected rounds themselves: every present player once, no pair twice in a round,
    the mutants differ from the expected round (this runs before the engine exists)."""
    for c in CASES:
        seen = [p for b in c.boards for p in b] + ([c.bye] if c.bye is not None else [])
        absent = {int(x) for line in c.extra.splitlines() if line.startswith("XXZ") for x in line.split()[1:]}
        assert sorted(seen) == sorted(set(range(1, c.n + 1)) - absent), c.name
        for boards, bye, _ in c.mutants:
            m = [p for b in boards for p in b] + ([bye] if bye is not None else [])
            assert sorted(m) == sorted(seen), (c.name, boards)
            assert (sorted(boards), bye) != (sorted(c.boards), c.bye), c.name
