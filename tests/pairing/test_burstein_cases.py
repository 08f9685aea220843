"""The Burstein system (C.04.4.2, 2026) on hand-worked cases: each a small tournament built here,
its expected round derived step by step from the articles in the comment beside it (not produced by
the engine and copied back).  Every case is paired by the engine (through the registry's door:
a seeding round goes to the Dutch system) and the expected round, written into the file, is judged
by the checker's own reading, which must find nothing; a mutation of the round must be flagged by
the rule named.

Notation: R1, R2 ... the rounds already played, ``(white, black, result)``; "BH"/"SB" the
Buchholz and Sonneborn-Berger of Art. 1.7 (an unplayed round is a game against oneself,
1.7.2.1); "BSN" the in-bracket number of Art. 4.1 (Index descending, then TPN); misses are
colour preferences not granted (C8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import pytest

import systems
from pairing.result import NoLegalPairing
from systems.base import CheckRequest
from tests.pairing.burstein_build import Round, tournament

pytestmark = pytest.mark.fast

W = "1-0"
D = "="
L = "0-1"

# Eight players, one round: winners 1-4 (1 and 3 had White), losers 5-8.
R1_8 = [(1, 5, W), (6, 2, L), (3, 7, W), (8, 4, L)]
# The digest's worked example (burstein.md section 6): two rounds of eight players.
DIGEST = [R1_8[:1] + [(6, 2, L), (3, 7, L), (8, 4, L)], [(4, 1, L), (2, 7, L), (6, 3, L), (5, 8, D)]]


@dataclass(frozen=True)
class Case:
    name: str
    players: int
    history: Sequence[Round]
    total: int
    boards: tuple[tuple[int, int], ...]
    bye: Optional[int] = None
    extra: str = ""
    initial: str = "white1"
    # a pairing of the round that breaks a rule, and the rule the checker must name first
    wrong: Optional[tuple[tuple[tuple[int, int], ...], Optional[int], str]] = None
    dutch: bool = False  # a seeding round (Art. 1.6): the checker's reading is the Dutch system's
    notes: tuple[str, ...] = field(default=())


CASES = [
    # 1. The digest's example, round 3 of 5 (Art. 1.6.2: min(5 // 2, 4) = 2 seeding rounds).
    # Scores: 1: 2, 7: 2, 2: 1, 3: 1, 4: 1, 5: 1/2, 8: 1/2, 6: 0.  Preferences: 6 WW absolute B,
    # 7 BB absolute W, the others mild.
    # Bracket 2 {1, 7}: 1-7; 5.2.3 the stronger (7, absolute W) -> 7-1.
    # Bracket 1 {2, 3, 4}: BH 2: 0+2 = 2, 3: 2+0 = 2, 4: 1/2+2 = 5/2 (SB 1/2) -> BSN 4, 2, 3.
    #   {4-3, 2 floats} first; C5-C7 equal for all three; C8: 4 (B) - 3 (W) no miss -> 4-3, 3 White.
    # Bracket 1/2 {5, 2, 8}: BH 5: 2+1/2, 2: 2, 8: 1+1/2 -> BSN 5, 2, 8; 5-8 met.
    #   {5-2, 8 floats}: 5 and 2 both want B (1 miss); {5 floats, 2-8}: none -> C8: 2-8, 8 White.
    # Bracket 0 {6, 5}: 5.2.3 6 absolute B -> 5-6.  Boards (C.04.2 Art. 3.6): 7-1, 3-4, 8-2, 5-6.
    # Wrong: 4-2 with 3 floating: 4 and 2 both want Black, C8 in bracket 1.
    Case("digest example", 8, DIGEST, 5, ((7, 1), (3, 4), (8, 2), (5, 6)),
         wrong=(((7, 1), (2, 4), (3, 8), (5, 6)), None, "C8")),
    # 2. The digest's example with 5-8 won by 5: scores 1: 2, 7: 2; 2, 3, 4, 5: 1; 6, 8: 0.
    # Bracket 1 {2, 3, 4, 5}: BH all 2 (2: 0+2, 3: 2+0, 4: 0+2, 5: 2+0), SB all 0 -> BSN by TPN
    #   2, 3, 4, 5.  Preferences: 2 B, 3 W, 4 B, 5 B (mild): every pairing misses one (only 3
    #   wants White) -> C8 equal, the first in Art. 4 order: 2-5, 3-4.
    #   2-5: both mild B, histories BW and BW equal (5.2.4 nothing) -> 5.2.5 the higher ranked (2,
    #   BSN 1) gets Black: 5-2.  3-4: 3-4 (both granted).
    # Bracket 0 {6, 8}: 6 WW absolute B, 8 WB mild W -> 8-6.
    # Wrong: 2-3, 4-5 is as good on C1-C8 but later in the order.
    Case("equal on C8: the first in Art. 4 order", 8,
         [DIGEST[0], [(4, 1, L), (2, 7, L), (6, 3, L), (5, 8, W)]], 5,
         ((7, 1), (5, 2), (3, 4), (8, 6)),
         wrong=(((7, 1), (2, 3), (5, 4), (8, 6)), None, "order")),
    # 3. The digest's example with 8-5 drawn (8 had White twice: absolute B; 5 Black twice:
    # absolute W).  Bracket 1 as in case 1 (4: BH 1/2+2): {4-3, 2 floats} (C8 0 misses); the
    # other two candidates are also legal, but {2-3, 4 floats} leaves {4, 5, 8, 6}: 4-8 met,
    # 5-8 met, 8-6 both absolute B (C3): no completion (C4).
    # Bracket 1/2 {5, 2, 8}: BSN 5 (BH 5/2), 2 (2), 8 (3/2); 5-8 met; {5-2, 8 floats} leaves
    # {8, 6}: C3 -> C4 fails; {5 floats, 2-8}: 2-8, 5.2.3 8 absolute B -> 2-8.
    # Bracket 0 {5, 6}: 5 absolute W, 6 absolute B -> 5-6.
    # Wrong: 8-6 (both absolute Black): C3.
    Case("C3 and C4 through the next brackets", 8,
         [DIGEST[0], [(4, 1, L), (2, 7, L), (6, 3, L), (8, 5, D)]], 5,
         ((7, 1), (3, 4), (2, 8), (5, 6)),
         wrong=(((7, 1), (3, 4), (5, 2), (8, 6)), None, "C3")),
    # 4. Eight players after one round of three (1 seeding round): bracket 1 {1, 2, 3, 4}, every
    # BH 0 -> BSN by TPN; the first candidate 1-4, 2-3 grants every preference (1 B, 4 W, 2 W,
    # 3 B) -> 4-1, 2-3.  Bracket 0 {5, 6, 7, 8}: BH all 1 -> 5-8 (5 W), 6-7 (7 W).
    # Wrong: 1-3, 2-4: 1 and 3 both want B, 2 and 4 both W: C8.
    Case("the fold, everything granted", 8, [R1_8], 3, ((4, 1), (2, 3), (5, 8), (7, 6)),
         wrong=(((3, 1), (2, 4), (5, 8), (7, 6)), None, "C8")),
    # 5. As 4 with 8-4 drawn: 1, 2, 3: 1; 4, 8: 1/2; 5, 6, 7: 0.
    # Bracket 1 {1, 2, 3}: BH 0 each -> BSN 1, 2, 3; one floats; C5-C7 equal; C8: {1-3} 1 and 3
    # both want B (miss), {1-2}: none -> 2-1, 3 floats.
    # Bracket 1/2 {3, 4, 8}: by Index, not score (Art. 1.8): 4 and 8 BH 1/2 SB 1/4, 3 BH 0 ->
    # BSN 4, 8, 3; 4-8 met; {4-3, 8 floats} and {4 floats, 8-3}: C6 both 1/2, C7 equal; C8: 4
    # wants W, 3 B (none) but 8 and 3 both want B -> 4-3.
    # Bracket 0 {8, 5, 6, 7}: BH 5, 6, 7: 1, 8: 1/2 -> BSN 5, 6, 7, 8: 5-8 (5 W), 6-7 (7 W).
    # Boards: 2-1, 4-3 (a 1 and a 1/2), 5-8, 7-6.  Wrong: 8-3 in bracket 1/2: C8.
    Case("the Index, not the score, ranks an incoming floater", 8,
         [R1_8[:3] + [(8, 4, D)]], 3, ((2, 1), (4, 3), (5, 8), (7, 6)),
         wrong=(((2, 1), (3, 8), (5, 4), (7, 6)), None, "C8")),
    # 6. Five players, R1: 1-4 1-0, 5-2 0-1, 3 the PAB.  Round 2 (of 3): PAB first (Art. 3.1):
    # 3 had one (C2); lowest score 4, 5; both played 1 game; BH 4: 1, 5: 1, SB 0 -> the lowest
    # ranked is the larger TPN: 5.
    # Bracket 1 {1, 2, 3}: 3's unplayed round is a game against himself (Art. 1.7.2.1): BH 1,
    # SB 1 -> BSN 3, 1, 2.  {3-2, 1 floats}: {1, 4} met -> C4 fails; {3-1, 2 floats}: next
    # {2, 4} pairs; C8: 3 has no preference -> 3-1 (5.2.2: 1 wants B).
    # Bracket 0 {2, 4}: both mild W, same history -> 5.2.5 the higher ranked by Index (4: BH 1,
    # 2: BH 0) gets White: 4-2.  Wrong: the PAB to 4 (3.1.5: 5 ranks lower).
    Case("PAB: lowest ranked; the unplayed round in the Index", 5, [[(1, 4, W), (5, 2, L), (3, "U")]], 3,
         ((3, 1), (4, 2)), bye=5, wrong=(((2, 1), (3, 5)), 4, "3.1.5")),
    # 7. Five players, R1: 1-4 1-0, 2-5 1-0, 3 absent (zero-point bye).  PAB: lowest score 3, 4,
    # 5; most games played (Art. 3.1.4): 4 and 5 (one each), not 3; BH 4: 1, 5: 1 -> 5.
    # Bracket 1 {1, 2}: BH 0 each -> 1-2; both mild B, histories W and W -> 5.2.5 1 (BSN 1)
    # gets Black: 2-1.  Bracket 0 {3, 4}: 3 no preference, 4 wants W: 4-3.
    # Wrong: the PAB to 3 (3.1.4).
    Case("PAB: most games played", 5, [[(1, 4, W), (2, 5, W), (3, "Z")]], 3, ((2, 1), (4, 3)), bye=5,
         wrong=(((2, 1), (4, 5)), 3, "3.1.4")),
    # 8. Four players, nobody has played (R1: 1, 2 zero-point byes, 3, 4 half-point byes).
    # Bracket 1/2 {3, 4}: BH 1/2 each (own score), SB 1/4 -> 3 ranks higher; 5.2.1: TPN 3 is
    # odd -> the initial colour (White): 3-4.  Bracket 0 {1, 2}: 1 odd -> 1-2.
    Case("5.2.1 initial colour white", 4, [[(1, "Z"), (2, "Z"), (3, "H"), (4, "H")]], 3, ((3, 4), (1, 2)),
         wrong=(((4, 3), (1, 2)), None, "5.2.1")),
    # 9. The same with the initial colour Black: 4-3, 2-1.
    Case("5.2.1 initial colour black", 4, [[(1, "Z"), (2, "Z"), (3, "H"), (4, "H")]], 3, ((4, 3), (2, 1)),
         initial="black1"),
    # 10. Four players, R1: 1-4 1/2, 2-3 1/2: everybody 1/2, BH 1/2, SB 1/4 -> BSN 1, 2, 3, 4;
    # 1-4 met (C1) -> the next candidate 1-3, 2-4: 1 W->B, 3 B->W, 2 W->B, 4 B->W granted:
    # 3-1, 4-2.  Wrong: 1-4 again (C1).
    Case("C1: the fold's rematch skipped", 4, [[(1, 4, D), (2, 3, D)]], 3, ((3, 1), (4, 2)),
         wrong=(((4, 1), (3, 2)), None, "C1")),
    # 11. Six players, last round of three.  R1: 1-3 1-0, 2-4 1-0, 5-6 1/2; R2: 1-5 1-0,
    # 2-6 1-0, 3-4 1/2.  1 and 2 (2 points) both had White twice: absolute B; no topscorer
    # exception in this system (C3): they float.  Bracket 1/2 {1..6}: BH 3, 4, 5, 6: 5/2 (SB
    # 1/4), 1, 2: 1 -> BSN 3, 4, 5, 6, 1, 2.  Legal: 1-4, 1-6, 2-3, 2-5, 3-5, 3-6, 4-5 (4-6
    # both absolute W).  Perfect pairings: {1-4, 2-5, 3-6} (no miss), {1-6, 2-3, 4-5} (2
    # misses) -> C8: 4-1, 5-2, 6-3 (absolute preferences granted; 6 absolute W).
    # Wrong: 2-1 (C3).
    Case("C3 in the last round: no topscorer exception", 6,
         [[(1, 3, W), (2, 4, W), (5, 6, D)], [(1, 5, W), (2, 6, W), (3, 4, D)]], 3,
         ((4, 1), (5, 2), (6, 3)), wrong=(((2, 1), (6, 3), (5, 4)), None, "C3")),
    # 12. The zero-point-bye exception (Art. 1.7.2.2).  R1: 1-4 1-0, 2-5 1-0, 3 full-point bye,
    # 6 absent; R2: 1-2 1/2, 6-4... (4-6 0-1), 3 full-point bye, 5 absent.  Scores: 3: 2, 1, 2:
    # 3/2, 6: 1, 4, 5: 0.  5's zero-point byes reach the current round: for 2 (his opponent) 5
    # counts 0 + 1/2.  BH 1: 0 + 3/2, SB 3/4; BH 2: 1/2 + 3/2 = 2, SB 1/2 + 3/4; 3: 2 + 2 = 4.
    # Bracket 2 {3}: floats.  Bracket 3/2 {3, 2, 1}: BSN 3, 2, 1 (without the exception 1 and 2
    # would tie and 1 would come first); 1-2 met; {3-1, 2 floats} first; C6 (3/2 either), C7
    # (2-6 or 1-6), C8 (3 has no preference) equal -> 3-1, 1 absolute B (WW) -> 3-1.
    # Bracket 1 {2, 6}: both want W; 2 (WB, colour difference 0) mildly, 6 (one game, Black:
    # difference -1, Art. 1.5.2) strongly -> 5.2.3: 6-2.  Bracket 0 {4, 5}: 4 (BW) mild B, 5
    # (B) strong W -> 5-4.  Wrong: 3-2, 1-6 (later in the order).
    Case("zero-point byes up to the current round count as draws for the opponents", 6,
         [[(1, 4, W), (2, 5, W), (3, "F"), (6, "Z")], [(1, 2, D), (4, 6, L), (3, "F"), (5, "Z")]], 5,
         ((3, 1), (6, 2), (5, 4)), wrong=(((3, 2), (1, 6), (5, 4)), None, "order")),
    # 13. Virtual points (C.04.7) form the scoregroups, not the Index.  R1: 1-3 1-0, 2-4 1-0;
    # XXA gives 3 one virtual point in round 2: bracket 1 {1, 2, 3}.  Index on real points: 3:
    # BH 1 (1's score), SB 0; 1: BH 0; 2: BH 0 -> BSN 3, 1, 2; 3-1 met; {3-2, 1 floats}: 3
    # wants W, 2 B (none); {3 floats, 1-2}: both want B (miss) -> 3-2.  Bracket 0 {1, 4}: 4-1.
    Case("virtual points: scoregroups, not the Index", 4, [[(1, 3, W), (2, 4, W)]], 3, ((3, 2), (4, 1)),
         extra="XXA    3  0.0  1.0", wrong=(((2, 1), (4, 3)), None, "C8")),
    # 14. Seeding round 1 of 8 (Art. 1.6: the Dutch system): S1 {1-4} against S2 {5-8}; 1 (odd
    # TPN) gets the initial colour, the colours alternate down the boards: 1-5, 6-2, 3-7, 8-4.
    Case("seeding round 1 by the Dutch system", 8, [], 5, ((1, 5), (6, 2), (3, 7), (8, 4)), dutch=True),
    # 15. Seeding round 2 of 5 (two seeding rounds), after R1 of case 4: Dutch bracket 1: S1
    # {1, 2}, S2 {3, 4}; 1-3 and 2-4 would deny four preferences, the exchange 1-4, 2-3 none ->
    # 4-1, 2-3; bracket 0 likewise 5-8, 7-6.
    Case("seeding round 2 by the Dutch system", 8, [R1_8], 5, ((4, 1), (2, 3), (5, 8), (7, 6)), dutch=True),
    # 16. C6: the incoming floater is paired, a resident floats.  Nine players, R1: 1-4 1-0,
    # 3-2 1-0, 5-6 1/2, 7-8 1/2, 9 the PAB.  PAB (round 2 of 3): lowest score 2, 4; BH 1 each ->
    # the larger TPN, 4.  Bracket 1 {1, 3, 9}: 9's unplayed round: BH 1, SB 1 -> BSN 9, 1, 3;
    # C6-C7 equal; {9-3, 1 floats}: 9 has no preference -> 9-3.
    # Bracket 1/2 {1, 5, 6, 7, 8} (5-6, 7-8 met): BH 5-8 1/2 (SB 1/4), 1: 0 -> BSN 5, 6, 7, 8, 1.
    # Two pairs; C6: a resident (1/2) floats, not 1 (1 point).  Preferences 1 B, 5 B, 6 W, 7 B,
    # 8 W.  No miss: {float 5: 1-8, 6-7} and {float 7: 1-6, 5-8}; Art. 4: BSN 1 (5) takes BSN 4
    # (8) in the second, nothing larger is as good -> 8-5, 6-1, 7 floats.  Bracket 0 {7, 2}: 2-7.
    # Wrong: 8-5, 6-7, 1 floating (no miss either, 1-2 possible below): C6.
    Case("C6: a resident floats, not the incoming floater", 9,
         [[(1, 4, W), (3, 2, W), (5, 6, D), (7, 8, D), (9, "U")]], 3, ((9, 3), (6, 1), (8, 5), (2, 7)), bye=4,
         wrong=(((9, 3), (8, 5), (6, 7), (2, 1)), 4, "C6")),
    # 17. C7: the floater the next bracket can pair.  Seven players, R1: 1-5 1-0, 2-6 1-0, 3-7
    # 1-0, 4 a half-point bye; the file forbids 1-4 and 2-4 (XXP).  PAB: 5, 6, 7 (0, one game,
    # BH 1, SB 0) -> the largest TPN, 7.  Bracket 1 {1, 2, 3}: BSN 1, 2, 3; every candidate has
    # one colour miss (all three want Black); C7: the next bracket {floater, 4} has a pair only
    # if 3 floats -> 1-2 (5.2.5: 1, BSN 1, gets Black): 2-1.  Bracket 1/2 {3, 4}: 4 has no
    # preference -> 4-3.  Bracket 0 {5, 6}: both want White after Black; 5.2.5, equal Index, the
    # smaller TPN: 5-6.  Wrong: 3-1 with 2 floating (first in the order): C7.
    Case("C7: the floater the next bracket can pair", 7,
         [[(1, 5, W), (2, 6, W), (3, 7, W), (4, "H")]], 3, ((2, 1), (4, 3), (5, 6)), bye=7,
         extra="XXP    1    4\nXXP    2    4", wrong=(((3, 1), (2, 5), (4, 6)), 7, "C7")),
    # 18. C5: as case 4; floating 2 and 3 out of bracket 1 leaves one pair where two can be had.
    Case("C5: the most pairs", 8, [R1_8], 3, ((4, 1), (2, 3), (5, 8), (7, 6)),
         wrong=(((4, 1), (2, 5), (3, 6), (7, 8)), None, "C5")),
    # 19. 5.2.4.  Four players, round 4 of 7 (three seeding rounds): R1 2-1 1/2, 3-4 1/2; R2 2-4
    # 1/2, 1 and 3 half-point byes; R3 4-3 1/2, 1 and 2 half-point byes.  Everybody 3/2, one
    # bracket; 1-2, 3-4, 2-4 met -> 2-3 and 1-4.  2 (WW) absolute B, 3 (WB) mild W -> 3-2.  1
    # (B) and 4 (BBW) both strong W (5.2.2, 5.2.3 say nothing); 5.2.4: the latest round in which
    # one had White and the other Black, from the end of the squeezed histories: 1's B against
    # 4's W -> 1 White, 4 Black: 1-4.  Boards: equal scores and Index, by TPN: 1-4, 3-2.
    Case("5.2.4: alternate from the latest round with different colours", 4,
         [[(2, 1, D), (3, 4, D)], [(2, 4, D), (1, "H"), (3, "H")], [(4, 3, D), (1, "H"), (2, "H")]], 7,
         ((1, 4), (3, 2)), wrong=(((4, 1), (3, 2)), None, "5.2.4")),
    # 20. 3.1.3: the lowest score.  Five players, R1: 1-2 1/2, 3-4 1-0, 5 a half-point bye.  PAB:
    # 4 alone has 0 (the others 1/2 or 1), eligible, and 1-3/2-5 or 1-5/2-3 remain -> 4.
    # Bracket 1 {3}: floats.  Bracket 1/2 {3, 1, 2, 5}: BH 1: 1/2 (SB 1/4), 2: 1/2 (1/4), 5
    # (unplayed: himself) 1/2 (1/4), 3: 0 -> BSN 1, 2, 5, 3.  Two pairs; 1-2 met; {1-3, 2-5}:
    # 1 and 3 both want Black (1 miss); {1-5, 2-3}: none -> 5-1 (1 wants Black), 2-3.
    # Boards: 2-3 (a 1 and a 1/2), 5-1.  Wrong: the PAB to 5 (1/2): 3.1.3.
    Case("PAB: the lowest score", 5, [[(1, 2, D), (3, 4, W), (5, "H")]], 3, ((2, 3), (5, 1)), bye=4,
         wrong=(((2, 3), (4, 1)), 5, "3.1.3")),
    # 21. 3.1.2: the PAB leaves a complete pairing.  Five players, R1: 1-2 1-0, 3-4 1-0, 5 a
    # half-point bye; the file forbids 2-3 and 2-5.  Lowest scores 2, 4 (BH 1 each, SB 0): 4
    # first (larger TPN) but without 4, 2 can meet nobody (1 met, 3 and 5 forbidden) -> 2.
    # Bracket 1 {1, 3}: both want Black after White, same history -> 5.2.5, BH 1: 0 (2), 3: 0
    # (4) -> 1 (smaller TPN) gets Black: 3-1.  Bracket 1/2 {5} floats; bracket 0 {5, 4}: 4 wants
    # White, 5 has no preference -> 4-5.
    Case("PAB: a complete pairing of the others", 5, [[(1, 2, W), (3, 4, W), (5, "H")]], 3, ((3, 1), (4, 5)),
         bye=2, extra="XXP    2    3\nXXP    2    5"),
    # 22. Art. 1.8: Buchholz equal, Sonneborn-Berger decides.  Six players, round 3 of 5.  R1:
    # 6-3 0-1, 5-4 1-0, 1-2 1-0; R2: 2-5 1/2, 4-6 1/2, 1-3 0-1.  Scores 3: 2, 5: 3/2, 1: 1;
    # 2, 4, 6: 1/2.  Colours: 1 WW absolute B, 3 BB absolute W, 2 BW and 4 BW mild B, 5 WB and
    # 6 WB mild W.  Index (opponents' current scores): 1: 2 (1/2, won) + 3 (2, lost): BH 5/2,
    # SB 1/2; 2: 1 (1, lost) + 5 (3/2, drew): BH 5/2, SB 3/4; 6: 3 (2, lost) + 4 (1/2, drew): BH
    # 5/2, SB 1/4; 4: 5 (3/2, lost) + 6 (1/2, drew): BH 2, SB 1/4; 3: BH 1/2 + 1 = 3/2; 5: BH 1/2
    # + 1/2 = 1.  No PAB (six players).
    # Bracket 2 {3} floats alone; bracket 3/2 {3, 5}: never met, 3 absolute W, 5 mild -> 3-5
    # (5.2.3), and {1, 2, 4, 6} below can be completed (1-4, 2-6).  Bracket 1 {1} floats.
    # Bracket 1/2 {1, 2, 4, 6}: BH 5/2 for 1, 2, 6, SB 2 (3/4) > 1 (1/2) > 6 (1/4); 4 (BH 2) ->
    # BSN 2, 1, 6, 4 (by TPN alone 1 would come first).  1-2 and 4-6 met.  {2-4, 1-6}: 2 and 4
    # both want Black (one miss), 1 B and 6 W granted; {2-6, 1-4}: 1 and 4 both want Black (one
    # miss).  C8 equal -> the first in the order (BSN 1 = 2 takes BSN 4 = 4): 2-4, 1-6.
    # Colours: 2-4 both mild B, histories BW and BW alike (5.2.4 nothing) -> 5.2.5: 2 ranks
    # higher (Sonneborn-Berger) and gets Black: 4-2; 6-1 (5.2.2).  Boards: 3-5, 6-1, 4-2.
    # Wrong: 2-6, 1-4 (the fold of the TPN order): as good on C1-C8, later in the order.
    Case("Art. 1.8: equal Buchholz, Sonneborn-Berger decides", 6,
         [[(6, 3, L), (5, 4, W), (1, 2, W)], [(2, 5, D), (4, 6, D), (1, 3, L)]], 5,
         ((3, 5), (6, 1), (4, 2)), wrong=(((3, 5), (6, 2), (4, 1)), None, "order")),
    # 23. 3.1.5: the PAB to the lowest Index, not the largest TPN.  Five players, round 3 of 5.
    # R1: 1-5 1-0, 2-4 1-0, 3 the PAB; R2: 5-3 0-1, 4-1 0-1, 2 a half-point bye.  Scores 1: 2,
    # 3: 2, 2: 3/2, 4: 0, 5: 0.  PAB (Art. 3.1): 3 had one (C2); the lowest score (3.1.3): 4 and
    # 5; both played two games (3.1.4); Index (3.1.5): 4: 2 (3/2) + 1 (2) = BH 7/2; 5: 1 (2) + 3
    # (2) = BH 4 -> 4 is ranked lowest and gets the PAB although 5 has the larger TPN; the others
    # complete (1-3, 2-5; 1-5, 3-5, 1-4, 2-4 met).  Bracket 2 {1, 3}: 1 (WB) mild W, 3 (one game,
    # Black: colour difference -1) strong W -> 5.2.3: 3-1.  Bracket 3/2 {2} floats; bracket 0
    # {2, 5}: 2 (W) strong B, 5 (BW) mild B -> 5.2.3: 5-2.  Boards: 3-1, 5-2.
    # Wrong: the PAB to 5 (then 4 meets 3, 1-2): 3.1.5.
    Case("PAB: the lowest Index, not the largest TPN", 5,
         [[(1, 5, W), (2, 4, W), (3, "U")], [(5, 3, L), (4, 1, L), (2, "H")]], 5,
         ((3, 1), (5, 2)), bye=4, wrong=(((4, 3), (1, 2)), 5, "3.1.5")),
    # 24. The outgoing floater chosen by the Index (Art. 1.8, 4).  Eight players, round 3 of 5.
    # R1: 4-8 1-0, 7-5 1/2, 1-6 1/2, 3-2 0-1; R2: 7-6 1/2, 5-2 1-0, 1-4 1-0, 8-3 1-0.  Scores
    # 1, 5: 3/2; 2, 4, 6, 7, 8: 1; 3: 0.  Colours: 1 WW, 7 WW absolute B; 2 BB, 6 BB absolute W;
    # 3 WB, 4 WB mild W; 5 BW, 8 BW mild B.  Index: 4: 8 (1, won) + 1 (3/2, lost): BH 5/2, SB 1;
    # 6: 1 (3/2, drew) + 7 (1, drew): BH 5/2, SB 5/4; 7: 5 (3/2) + 6 (1), both drawn: BH 5/2, SB
    # 5/4; 2: 3 (0, won) + 5 (3/2, lost): BH 3/2; 8: 4 (1, lost) + 3 (0, won): BH 1.
    # Bracket 3/2 {1, 5}: never met, only 1 absolute -> 5-1 (5.2.3: 1 gets Black).
    # Bracket 1 {6, 7, 4, 2, 8} (BSN in that order: 6 and 7 tie, TPN): one floats, who must meet
    # 3 below (C4; 3 met 2 and 8): 6, 7 or 4.  C6, C7 equal (each floater can meet 3).  C8:
    # float 6 -> 7-4, 2-8 (no miss) or 7-8, 4-2 (two); float 7 -> 6-4 or 4-2 (one miss each,
    # 6-2 is C3, 6-7 and 4-8 met); float 4 -> 6-8, 7-2 (no miss).  Of the two without a miss,
    # BSN 1 (6) takes BSN 5 (8) in {6-8, 7-2, 4 floats} and floats in the other -> 4, BSN 3,
    # floats (by TPN alone the bracket would be 2, 4, 6, 7, 8).  6-8 (5.2.2), 2-7 (5.2.2).
    # Bracket 0 {4, 3}: both mild W, histories WB alike -> 5.2.5: 4 (BH 5/2 against 3's 2)
    # gets White: 4-3.  Boards: 5-1; 6-8 and 2-7 (a 1 each, the higher ranked 6 before 7); 4-3.
    # Wrong: 7-4, 2-8 with 6 floating (no miss either): later in the order.
    Case("the outgoing floater chosen by the Index", 8,
         [[(4, 8, W), (7, 5, D), (1, 6, D), (3, 2, L)], [(7, 6, D), (5, 2, W), (1, 4, W), (8, 3, W)]], 5,
         ((5, 1), (6, 8), (2, 7), (4, 3)), wrong=(((5, 1), (4, 7), (2, 8), (6, 3)), None, "order")),
    # 25. 5.2.1: the higher ranked by Art. 1.8, not by TPN.  Six players, round 2 of 3; the file
    # forbids 1-5 and 1-6.  R1: 2-5 1-0, 4-6 1-0, 1 absent (zero-point bye), 3 a half-point bye.
    # Bracket 1 {2, 4}: both mild B, histories W and W -> 5.2.5: Index 2: 0, 4: 0 (their
    # opponents' scores), the smaller TPN 2 gets Black: 4-2.  Bracket 1/2 {3} floats.
    # Bracket 0 {3, 1, 5, 6}: Index 5: BH 1 (2's score), 6: BH 1 (4's), 3: BH 1/2 (his bye,
    # a game against himself), SB 1/4; 1: BH 0 -> BSN 5, 6, 3, 1.  5-1 forbidden; 5-3 leaves
    # 6-1 (forbidden) -> 5-6 and 3-1.  5-6: both want White after Black, equal Index -> 5.2.5
    # the smaller TPN: 5-6.  3-1: neither has played -> 5.2.1: the higher ranked is 3 (Index
    # 1/2 against 0), TPN 3 odd -> the initial colour (White): 3-1 (the higher TPN, 1, odd
    # too, would have had White).  Boards: 4-2, 3-1, 5-6.  Wrong: 1-3: 5.2.1.
    Case("5.2.1: the higher ranked by the Index", 6, [[(2, 5, W), (4, 6, W), (1, "Z"), (3, "H")]], 3,
         ((4, 2), (3, 1), (5, 6)), extra="XXP    1    5\nXXP    1    6",
         wrong=(((4, 2), (1, 3), (5, 6)), None, "5.2.1")),
    # 26. A forfeit is an unplayed round: a game against oneself (Art. 1.7.2.1).  Six players,
    # round 2 of 3.  R1: 1-4 forfeited by 4 (1 wins), 2-5 1-0, 3-6 1-0.  Index: 1: BH 1 (his
    # own score), SB 1; 2, 3: BH 0; 4: BH 0 (his own score; not 1's), 5: BH 1 (2's score), 6: BH
    # 1 (3's).  Colours: 1 and 4 have played nothing (no preference), 2, 3 mild B, 5, 6 mild W.
    # Bracket 1 {1, 2, 3}: BSN 1, 2, 3; one floats (C5); C6 equal; C7: any floater pairs in
    # {floater, 4, 5, 6} (1-4 was not played: no meeting, C.04.2 Art. 3.5).  C8: {1-3} and
    # {1-2} no miss, {2-3} one -> the first, 1-3, 2 floats; 1-3 (1 no preference: 3 Black).
    # Bracket 0 {2, 4, 5, 6}: BSN 5, 6 (BH 1), 2, 4 (BH 0, TPN) -> {5-4, 6-2}: 5 and 6 want
    # White, 4 none, 2 Black: no miss -> 5-4, 6-2 (5-2 met; 5-6, 2-4 misses one).  (Had 4's
    # forfeit counted 1's score, 4 would be BSN 1.)  Boards: 1-3, 6-2, 5-4.
    # Wrong: 5-6, 4-2: C8.
    Case("a forfeit counts as a game against oneself in the Index", 6,
         [[(1, 4, "+-"), (2, 5, W), (3, 6, W)]], 3, ((1, 3), (6, 2), (5, 4)),
         wrong=(((1, 3), (5, 6), (4, 2)), None, "C8")),
    # 27. The last round (3 of 3): a heterogeneous bracket, C3 without a topscorer exception.
    # Eight players.  R1: 2-1 0-1, 7-8 1/2, 5-3 0-1, 4-6 0-1; R2: 2-3 0-1, 7-6 0-1, 5-8 1/2,
    # 1 and 4 half-point byes.  Scores 3, 6: 2; 1: 3/2; 8: 1; 4, 5, 7: 1/2; 2: 0.  Colours: 3,
    # 6, 8 (BB) absolute W; 2, 5, 7 (WW) absolute B; 1 (B) strong W; 4 (W) strong B.
    # Bracket 2 {3, 6}: both absolute W (C3): no pair, both float.
    # Bracket 3/2 {3, 6, 1}: Index 1: 2 (0) + his bye against himself (3/2): BH 3/2; 6: 4 (1/2)
    # + 7 (1/2): BH 1; 3: 5 (1/2) + 2 (0): BH 1/2 -> BSN 1, 6, 3.  3-6 C3, so one of 3, 6 floats
    # (C6 equal: 2 either way); C7 equal (the floater and 8, all absolute W: no pair, floaters 2
    # and 1 either way); C8: 1-3 and 1-6 each miss one (all want White) -> the first, 1-3
    # (BSN 3), 6 floats; 5.2.3: 3 (absolute) White: 3-1.
    # Bracket 1 {6, 8}: C3 -> both float.
    # Bracket 1/2 {6, 8, 4, 5, 7}, incoming floaters of 2 and 1 points: legal pairs 5-4, 5-6,
    # 7-4, 4-8 (4-6, 7-8, 5-8, 6-7 met; 6-8, 5-7 C3).  One floats to meet 2 below (C4; 2,
    # absolute B, can meet only 4, 6 or 8): 7 meets only 4, so 7-4, then 5-6 and 8 floats (the
    # only pairing with two pairs).  4-7 (5.2.3, 7 absolute B), 6-5 (5.2.2).  Bracket 0: 8-2.
    # Boards: 3-1 (2, sum 7/2) before 6-5 (2, sum 5/2), 8-2, 4-7.
    # Wrong: 6-1 with 3 floating (3-7, 4-5 below): as good on C1-C8, later in the order.
    Case("the last round: a heterogeneous bracket", 8,
         [[(2, 1, L), (7, 8, D), (5, 3, L), (4, 6, L)], [(2, 3, L), (7, 6, L), (5, 8, D), (1, "H"), (4, "H")]], 3,
         ((3, 1), (6, 5), (8, 2), (4, 7)), wrong=(((6, 1), (3, 7), (4, 5), (8, 2)), None, "order")),
    # 28. The zero-point-bye exception decides the PAB (Art. 1.7.2.2, 3.1.5).  Eight players,
    # round 3 of 5; 8 withdrew after round 1 (absent in round 2, a zero-point bye, and in round 3,
    # XXZ).  R1: 1-4 1-0, 2-6 1-0, 3-7 1-0, 5-8 0-1; R2: 1-2 1-0, 6-4 1-0, 3-5 1-0, 7 the PAB.
    # Scores 1, 3: 2; 2, 6, 7, 8: 1; 4, 5: 0.  PAB: 7 had one (C2); the lowest score 4 and 5, two
    # games each; Index: 4: 1 (2) + 6 (1) = BH 3; 5: 8 + 3 (2), and 8's zero-point bye up to the
    # current round counts as a draw when his score is used by 5: 1 + 1/2 -> BH 7/2.  4 is ranked
    # lowest and gets the PAB (without the exception 4 and 5 tie, BH 3, SB 0, and 5, the larger
    # TPN, would have it).  Colours: 1, 3 (WW) absolute B; 2 (WB), 5 (WB) mild W; 6 (BW) mild B;
    # 7 (B, then the PAB) strong W.
    # Bracket 2 {1, 3}: C3 -> both float.  Bracket 1 {1, 3, 2, 6, 7}: Index 2: 6 (1) + 1 (2):
    # BH 3, SB 1; 7: 3 (2) + his PAB against himself (1): BH 3, SB 1; 1: 4 (0) + 2 (1): BH 1, SB
    # 1; 3: 7 (1) + 5 (0): BH 1, SB 1; 6: 2 (1) + 4 (0): BH 1, SB 0 -> BSN 2, 7, 1, 3, 6.  One
    # floats to meet 5 below; C6: a 1-point floater (2, 6 or 7), since 1-3 is C3.  Float 2:
    # 1-7, 3-6 (3, 6 both want Black: one miss); float 7: 1-6, 3-2 (one miss); float 6: 1-7,
    # 3-2 (none); C7 equal (5 can meet 2, 6 or 7) -> C8: 2-3, 7-1, 6 floats.  Bracket 0 {6, 5}:
    # 5-6 (5.2.2).  Boards: 7-1 and 2-3 (2 and 1 each; 1 before 3), 5-6.
    # Wrong: the PAB to 5 (4-2, 7-1, 6-3 the others): 3.1.5.
    Case("the zero-point-bye exception decides the PAB", 8,
         [[(1, 4, W), (2, 6, W), (3, 7, W), (5, 8, L)], [(1, 2, W), (6, 4, W), (3, 5, W), (7, "U"), (8, "Z")]], 5,
         ((7, 1), (2, 3), (5, 6)), bye=4, extra="XXZ 8",
         wrong=(((7, 1), (6, 3), (4, 2)), 5, "3.1.5")),
]


def _sel(t: object) -> systems.Selection:
    return systems.select(t, system="burstein")  # type: ignore[arg-type]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_engine_pairs_the_hand_worked_round(case: Case) -> None:
    t = tournament(case.players, case.history, case.total, extra=case.extra, initial=case.initial)
    sel = _sel(t)
    rnd = len(case.history) + 1
    got = sel.system.pair(t, rnd, sel)
    assert (got.boards, got.bye) == (case.boards, case.bye)


def _with_round(case: Case, boards: Sequence[tuple[int, int]], bye: Optional[int]) -> object:
    played: list = [(w, b, D) for w, b in boards] + ([(bye, "U")] if bye is not None else [])
    return tournament(case.players, [*case.history, played], case.total, extra=case.extra, initial=case.initial)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_checker_finds_the_hand_worked_round_conforms(case: Case) -> None:
    t = _with_round(case, case.boards, case.bye)
    sel = _sel(t)
    rnd = len(case.history) + 1
    report = sel.system.check(t, [rnd], sel, CheckRequest(engine=False))[0]
    assert report.ok, [f.message for f in report.findings]


@pytest.mark.parametrize("case", [c for c in CASES if c.wrong is not None], ids=lambda c: c.name)
def test_the_checker_names_the_rule_a_mutation_breaks(case: Case) -> None:
    assert case.wrong is not None
    boards, bye, rule = case.wrong
    t = _with_round(case, boards, bye)
    sel = _sel(t)
    rnd = len(case.history) + 1
    report = sel.system.check(t, [rnd], sel, CheckRequest(engine=False))[0]
    assert report.findings and report.findings[0].criterion == rule, [f.as_dict() for f in report.findings]


def test_no_topscorer_exception_leaves_no_pairing() -> None:
    """Four players, last round of three: R1 1-3 1-0, 2-4 1-0; R2 1-4 1-0, 2-3 1-0.  1 and 2
    had White twice (absolute Black): C3 bars 1-2 and every other pair is a rematch (C1) -> no
    pairing satisfies C1-C3 (Art. 1.9.3: the Chief Arbiter decides).  (The Dutch system would
    pair the two topscorers in the last round.)"""
    t = tournament(4, [[(1, 3, W), (2, 4, W)], [(1, 4, W), (2, 3, W)]], 3)
    sel = _sel(t)
    with pytest.raises(NoLegalPairing):
        sel.system.pair(t, 3, sel)


def test_the_index_of_case_12_in_both_readings() -> None:
    """Case 12's Index, as derived there: 1: BH 0 + 3/2, SB 3/4; 2: BH 1/2 (5's zero-point bye
    counts as a draw for 2, Art. 1.7.2.2) + 3/2 = 2, SB 1/2 + 3/4 = 5/4; 3 (two full-point byes,
    games against himself, Art. 1.7.2.1): BH 2 + 2 = 4, SB 1*2 + 1*2 = 4; 5 himself is not
    changed by the exception (BH 3/2: 2's score, and his own 0)."""
    from fractions import Fraction as F

    from checker.burstein.state import facts
    from pairing.burstein.players import entrants

    case = next(c for c in CASES if c.name.startswith("zero-point byes"))
    t = tournament(case.players, case.history, case.total)
    want = {1: (F(3, 2), F(3, 4)), 2: (F(2), F(5, 4)), 3: (F(4), F(4)), 5: (F(3, 2), F(0))}
    engine = {e.id: e.index for e in entrants(t, 3)}
    seats = facts(t, 3).seats
    for pid, index in want.items():
        assert engine[pid] == index
        assert (seats[pid].bh, seats[pid].sb) == index


def test_a_full_point_bye_bars_the_pab_in_both_readings() -> None:
    """C2 (Art. 2.1.2, C.04.1 Art. 4) bars a player who scored a win's points without playing;
    Art. 3.1.1 says "(forfeit) win" only.  Decision (docs/burstein.md): C2, the absolute
    criterion, governs, so a full-point bye bars the PAB like a forfeit win; a half-point bye
    does not."""
    from checker.burstein.state import facts
    from pairing.burstein.players import entrants

    t = tournament(5, [[(1, 2, W), (3, "F"), (4, "H"), (5, "Z")]], 3)
    engine = {e.id: e.pab_ok for e in entrants(t, 2)}
    seats = facts(t, 2).seats
    assert engine == {1: True, 2: True, 3: False, 4: True, 5: True}
    assert {p: s.may_have_pab for p, s in seats.items()} == engine


@pytest.mark.parametrize("total, seeding", [(1, 0), (2, 1), (3, 1), (5, 2), (7, 3), (8, 4), (9, 4), (11, 4), (13, 4)])
def test_the_number_of_seeding_rounds(total: int, seeding: int) -> None:
    """Art. 1.6.2: min(rounds / 2 rounded down, 4): 5 rounds -> 2, 9 -> 4, 11 -> 4."""
    from checker.burstein.state import seeding_count
    from pairing.burstein import seeding_rounds

    t = tournament(4, [], total)
    assert seeding_rounds(total) == seeding == seeding_count(t, None)


def test_why_not_names_the_rule() -> None:
    """The digest's round 3 (case 1): 5-2 would miss a colour preference where 2-8 misses none
    (C8, in the 1/2 bracket); 1-4 played in round 2 (C1); 7-1 is given."""
    case = CASES[0]
    t = _with_round(case, case.boards, case.bye)
    sel = _sel(t)
    assert sel.system.why_not(t, 3, 5, 2, sel).criterion == "C8"
    assert sel.system.why_not(t, 3, 1, 4, sel).criterion == "C1"
    assert sel.system.why_not(t, 3, 7, 1, sel).verdict == "given"
