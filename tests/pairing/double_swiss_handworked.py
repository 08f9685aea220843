"""Hand-worked Double-Swiss (C.04.5, 2026) rounds: each a small tournament, the round to pair and
the pairing derived from the articles in the comment beside it (never copied from the engine).
The engine's tests (``test_double_swiss.py``) and the checker's (``tests/checker/test_double_swiss.py``)
both pass them.

Notation: a match ``(w, b, r1, r2)`` has ``w`` White in game 1 and Black in game 2, ``r1``/``r2``
``w``'s results of the two games (``"--"``: both players forfeit that game); scores are game
points.  Expected boards are (White in game 1, Black in game 1) in board order (C.04.2 Art. 3.6:
the higher-ranked player's score, then the sum of the pair's scores, then its TPN).  Initial
colour White unless said otherwise; five match rounds unless said otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from tests.pairing.double_swiss_cases import build
from trf.model import Tournament


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[], Tournament]
    round: int
    boards: tuple[tuple[int, int], ...]
    bye: Optional[int] = None
    #: the decisive rule, for the mutation tests: what a checker must name when the round is changed
    rule: str = ""


CASES: list[Case] = []


def case(name: str, rnd: int, boards: tuple[tuple[int, int], ...], bye: Optional[int] = None, rule: str = ""
         ) -> Callable[[Callable[[], Tournament]], Callable[[], Tournament]]:
    def wrap(f: Callable[[], Tournament]) -> Callable[[], Tournament]:
        CASES.append(Case(name, f, rnd, boards, bye, rule))
        return f
    return wrap


# 1. Round 1, six players.  One scoregroup (0), even: no PAB, no upfloaters (Art. 3.3.2).  No
# meetings: the first identifier (Art. 3.6.2-3.6.4) puts the first half on top, 1 2 3 4 5 6 ->
# 1-4, 2-5, 3-6.  Colours, Art. 4.3.1 (nobody has played): the HRP (Art. 1.2: equal scores, the
# smaller TPN) gets the initial-colour (White) if its TPN is odd, Black if even: 1 White, 2 Black
# (5 White), 3 White.  Boards: equal scores and sums, HRP TPN 1, 2, 3.
@case("round 1, six players", 1, ((1, 4), (5, 2), (3, 6)))
def _r1_six() -> Tournament:
    return build(6, [])


# 2. Round 1, seven players.  Odd: the PAB first (Art. 3.4): nobody barred, all scores 0, all 0
# matches played -> the largest TPN, 7 (3.4.4); 1-6 can be paired (3.4.1).  Then as case 1.
@case("round 1, seven players: PAB to the largest TPN", 1, ((1, 4), (5, 2), (3, 6)), 7, "3.4.4")
def _r1_seven() -> Tournament:
    return build(7, [])


# 3. Round 1, initial-colour Black (152 B).  1-3, 2-4 (first identifier).  4.3.1: HRP 1 odd gets
# the initial-colour, Black: 3-1; HRP 2 even gets the other colour, White: 2-4.
@case("round 1, initial colour Black", 1, ((3, 1), (2, 4)))
def _r1_black() -> Tournament:
    return build(4, [], initial="B")


# 4. Round 1 with a half-point bye requested by 2 (H in both columns, declared ahead): 2 is not
# paired (C.04.2 Art. 3.3).  Players 1 3 4 5, even: the first identifier 1 3 4 5 -> 1-4, 3-5.
# 4.3.1: HRP 1 odd -> White; HRP 3 odd -> White.
@case("round 1, a requested bye is not paired", 1, ((1, 4), (3, 5)))
def _r1_requested_bye() -> Tournament:
    return build(5, [], ahead=[("H", 2)])


# 5. The reference digest's worked example, round 2.  Round 1: 1-4 1½-½, 5-2 1-1, 3-6 ½-1½, PAB 7
# (1½).  Scores: 1, 6, 7: 1½; 2, 5: 1; 3, 4: ½.
# PAB (3.4): 7 barred (C2).  Lowest score ½: 3 and 4, one match each -> larger TPN 4 (3.4.4); the
# rest pairs (1-2, 3-5, 6-7) (3.4.1).  Top-scoregroup {1, 6, 7}: odd -> one upfloater (C4) from
# the 1-point group (C5), in order 2, 5 (3.5.4): {2}: bracket {1 2 6 7} legal, rest {3 5} legal
# (C3); next scoregroup {5} odd pairs with upfloater 3 (C6 holds); 2 did not float (C7 0) -> {2}.
# Bracket: first identifier 1 2 6 7 (1-6, 2-7), legal; C8: nobody floated in round 1 -> 1-6, 2-7.
# Then {5} with upfloater 3 (the only lower player left): 3-5.
# Colours: 1-6: HRP 1; Whites 1 vs 0 -> 6 White (4.3.2).  2-7: HRP 7 (1½); Whites 0-0; no
# differing round; HRP 7 never played; 2 had Black -> 2 White (4.3.5).  3-5: HRP 5; Whites 1-1;
# both White in round 1 (4.3.3 finds no difference); HRP 5 had White -> Black, 3 White (4.3.4).
# Boards: 6-1 (HRP 1½, sum 3), 2-7 (HRP 1½, sum 2½), 3-5 (HRP 1).
@case("digest example, round 2", 2, ((6, 1), (2, 7), (3, 5)), 4, "3.6.4")
def _digest_r2() -> Tournament:
    return build(7, [[(1, 4, "1", "="), (5, 2, "=", "="), (3, 6, "0", "="), ("U", 7)]])


def _forfeit_history(total: int) -> Tournament:
    # R1: 1 wins by forfeit against 5 (5 forfeits both games: no meeting), 2-4 1-1, PAB 3.
    # R2: PAB 5, 1-2 0-2, 3-4 2-0.
    return build(5, [[(1, 5, "+", "+"), (2, 4, "=", "="), ("U", 3)],
                     [(1, 2, "0", "0"), (3, 4, "1", "1"), ("U", 5)]], total=total)


# 6. A match won by forfeit bars the PAB; a match forfeited on both games is no meeting.
# R1: 1-5 won by 1 by forfeit (5 forfeits both games), 2-4 1-1, PAB 3.  R2: 1-2 0-2, 3-4 2-0,
# PAB 5.  Scores: 3: 3½, 2: 3, 1: 2, 5: 1½, 4: 1.
# PAB (3.4): barred (C2) 1 (won a match by forfeit), 3 and 5 (PAB).  Left 2 (3) and 4 (1) -> 4
# (3.4.2); the rest {1 2 3 5} pairs (1-3 or 1-5, 2-5 or 2-3; 1-2 met) (3.4.1).
# Top {3} (3½), odd: one upfloater (C4), the highest lower score (C5): {2} (3): 2-3 legal, rest
# {1 5} legal (1-5 was no meeting, Preface); C6: {2} emptied -> 2-3.  Then {1} (2) with 5: 1-5.
# Colours: 2-3: HRP 3; 3 [W], 2 [W B] (R1 White, R2 Black): Whites 1-1 (4.3.2 no); 4.3.3: the
# latest match, 3 White, 2 Black, differ -> 3 gets Black: 2-3.  1-5: HRP 1; 1 [W] (R1 unplayed
# gives no colour), 5 [] -> Whites 1 vs 0: 5-1 (4.3.2).  Boards: 2-3 (HRP 3½), 5-1 (HRP 2).
@case("a forfeit win bars the PAB; a double forfeit is no meeting", 3, ((2, 3), (5, 1)), 4, "C2")
def _forfeit_bar() -> Tournament:
    return _forfeit_history(5)


# 7. Most matches played (3.4.3), a match forfeited on both games not counted.  R1: 3 absent (Z Z),
# 1-4 1-1, 2-5 0-2.  Scores: 5: 2, 1: 1, 4: 1, 2: 0, 3: 0.  PAB: lowest 2 and 3 (0); 2 played one
# match, 3 none -> 2 (3.4.3, before the TPN of 3.4.4); rest {1 3 4 5}: 1-3, 4-5 legal.
# Top {5} (2): one upfloater from score 1, order 1, 4: {1}: bracket {1 5} legal, rest {3 4} legal;
# C6: the 1-point group keeps {4}, odd, pairs with upfloater 3 -> holds; C7: 1 did not float
# (R1 1-4 equal scores) -> {1}: 1-5.  Then {4} with 3: 3-4.
# Colours: 1-5: HRP 5 (2); Whites 5: 0 (Black in R1), 1: 1 -> 5 White (4.3.2).  3-4: HRP 4 (1);
# 3 never played, 4 [B]; Whites 0-0; 4.3.3 nothing to compare; HRP 4 had Black -> White (4.3.4).
@case("PAB to the player with more matches played", 2, ((5, 1), (4, 3)), 2, "3.4.3")
def _most_matches() -> Tournament:
    return build(5, [[(1, 4, "=", "="), (2, 5, "0", "0")]])


# 8. The PAB must leave a legal pairing (3.4.1).  R1: 1-3 2-0, 2-4 1-1, PAB 5; XXP forbids 1-2,
# 1-4, 2-4.  Scores: 1: 2, 5: 1½, 2: 1, 4: 1, 3: 0.  PAB: 5 barred; lowest 3 (0), but {1 2 4 5}
# cannot be paired (1 may meet only 5, 2-4 forbidden) -> next: 2 and 4 (1, one match each) ->
# larger TPN 4; {1 2 3 5}: 1-5, 2-3 legal.  Top {1} (2): upfloater {5} (1½), 1-5 legal, rest
# {2 3} legal, C6: {5} emptied -> 1-5.  Then {2} (1) with 3: 2-3.
# Colours: 1-5: HRP 1; Whites 1 vs 0 -> 5 White.  2-3: HRP 2; 2 [W], 3 [B]: Whites 1 vs 0 -> 3
# White.  Boards: 5-1 (HRP 2), 3-2 (HRP 1).
@case("the PAB leaves a legal pairing (3.4.1)", 2, ((5, 1), (3, 2)), 4, "3.4.1")
def _pab_legal() -> Tournament:
    return build(5, [[(1, 3, "1", "1"), (2, 4, "=", "="), ("U", 5)]], extra=["XXP 1 2 4"])


# 9. A half-point bye does not bar the PAB (C2 lists PAB, forfeit win, full-point bye).  R1: 5
# requested a half-point bye (1 point), 1-3 2-0, 2-4 2-0.  Round 2: 3 and 4 absent (declared).
# Players 1 (2), 2 (2), 5 (1): odd -> PAB to the lowest, 5 (3.4.2); {1 2} never met (3.4.1).
# 1-2: HRP 1; Whites 1-1; both White in R1 (no difference); HRP 1 had White -> Black: 2-1 (4.3.4).
@case("a half-point bye does not bar the PAB", 2, ((2, 1),), 5, "3.4.2")
def _half_bye() -> Tournament:
    return build(5, [[("H", 5), (1, 3, "1", "1"), (2, 4, "1", "1")]], ahead=[("Z", 3), ("Z", 4)])


# 10. A match forfeited on both games is no meeting: the last round pairs it again.  R1: 1-2 and
# 3-4 forfeited by both players (no game played).  R2: 1-3 2-0, 2-4 1-1.  R3: 4-1 ½-1½, 3-2 1-1.
# Scores: 1: 3½, 2: 2, 4: 1½, 3: 1.  Round 4 of 4 (the last).  Top {1}: one upfloater, C5: {2}
# (2): 1-2 legal (R1 no meeting); rest {3 4}: legal (R1 no meeting).  C6: {2} emptied -> 1-2.
# Then {4} (1½) with 3: 3-4.  Colours: 1-2: HRP 1; 1 [W B], 2 [W B] (R1 gives no colour): Whites
# 1-1, the same colours in R3 and R2; HRP 1 had Black -> White: 1-2 (4.3.4).  3-4: HRP 4 (1½);
# 4 [B W], 3 [B W]; HRP 4 had White -> Black: 3-4 (4.3.4).
@case("a match forfeited on both games is no meeting", 4, ((1, 2), (3, 4)), None, "C1")
def _double_forfeit() -> Tournament:
    return build(4, [[(1, 2, "--", "--"), (3, 4, "--", "--")],
                     [(1, 3, "1", "1"), (2, 4, "=", "=")],
                     [(4, 1, "0", "="), (3, 2, "1", "0")]], total=4)


# 11. A match with one game forfeited counts as played (Preface): no second meeting, and it gives
# the game-1 colour.  R1: 1-2 (1 wins game 1 by forfeit, loses game 2: 1-1), 3-5 2-0, 4-6 1½-½.
# Scores: 3: 2, 4: 1½, 1: 1, 2: 1, 6: ½, 5: 0.  Even: no PAB.  Top {3}: upfloater {4} (C5, the
# only 1½) legal, rest {1 2 5 6} legal (1-5, 2-6); C6 ({4} emptied) -> 3-4.  Next {1 2} (1):
# 1-2 met -> no pairing with 0 upfloaters; C4: two, the only lower players {5 6} (C5 profile
# 0, ½): bracket {1 2 5 6}: first identifier avoiding 1-2 is 1 2 5 6 (1-5, 2-6); C8: 5's and
# 6's opponents 1 and 2 did not float in R1 (1-2 equal scores) -> 1-5, 2-6.
# Colours: 3-4: HRP 3; Whites 1-1, both White in R1; HRP 3 had White -> 4-3 (4.3.4).  1-5: HRP 1
# (1 > 0); 1 had White in R1 (game 2 was played), 5 Black: Whites 1 vs 0 -> 5-1 (4.3.2).  2-6: HRP
# 2 (1 > ½); both Black in R1, no White, no difference; HRP 2 had Black -> 2-6 (4.3.4).
# Boards: 4-3 (HRP 2), 2-6 (HRP 1, sum 1½), 5-1 (HRP 1, sum 1).
@case("one game forfeited: still a meeting", 2, ((4, 3), (2, 6), (5, 1)), None, "C1")
def _partial_forfeit() -> Tournament:
    return build(6, [[(1, 2, "+", "0"), (3, 5, "1", "1"), (4, 6, "1", "=")]])


# 12. Each player forfeits one game: a meeting (nobody forfeited both), but no game was played, so
# no colour (Art. 1.6).  R1: 1-2 (1 wins game 1 by forfeit, forfeits game 2), 3-4 1-1.  All on 1.
# One scoregroup {1 2 3 4}: 1-2 and 3-4 met -> first legal identifier 1 2 3 4 (1-3, 2-4).
# Colours: 1-3: HRP 1; 1 has no colour, 3 [W]: Whites 0 vs 1 -> 1 White (4.3.2).  2-4: HRP 2, no
# colour; 4 [B]: Whites 0-0; nothing to compare (4.3.3); HRP 2 has no last match (4.3.4); 4 had
# Black -> 4 White (4.3.5).  Boards: HRP TPN 1, then 2.
@case("each player forfeits one game: a meeting without colour", 2, ((1, 3), (4, 2)), None, "4.3.2")
def _each_forfeits_one() -> Tournament:
    return build(4, [[(1, 2, "+", "-"), (3, 4, "=", "=")]])


# 13. C6 picks the upfloater.  R1: 2 half-point bye (1), 6 absent (0), 1-5 2-0, 3-4 1-1.  Scores:
# 1: 2; 2, 3, 4: 1; 5, 6: 0.  Even.  Top {1}: one upfloater from {2 3 4} (C5).  {2}: legal, rest
# {3 4 5 6} legal (3-5, 4-6); but the rest of the 1-point group, {3 4}, cannot be paired alone
# (met): C6 fails.  {3}: 1-3 legal, rest {2 4 5 6} legal; {2 4} pairs alone -> C6 holds -> {3}.
# Then {2 4}: 2-4; then {5 6}: 5-6.  Colours: 1-3: HRP 1; both [W]; HRP 1 had White -> 3-1
# (4.3.4).  2-4: HRP 2, never played; 4 [B]; Whites 0-0; 4.3.5: 4 had Black -> 4-2.  5-6: HRP 5
# [B], 6 never played: Whites 0-0; HRP 5 had Black -> 5-6 (4.3.4).
@case("C6: the next scoregroup must pair", 2, ((3, 1), (4, 2), (5, 6)), None, "C6")
def _c6() -> Tournament:
    return build(6, [[("H", 2), (1, 5, "1", "1"), (3, 4, "=", "=")]])


def _c7_history(total: int) -> Tournament:
    # R1 as case 6; R2: 1-2 0-2, 3-4 0-2, PAB 5.
    return build(5, [[(1, 5, "+", "+"), (2, 4, "=", "="), ("U", 3)],
                     [(1, 2, "0", "0"), (3, 4, "0", "0"), ("U", 5)]], total=total)


# 14. C7 chooses the upfloater.  Scores after R2: 2: 3, 4: 3, 1: 2, 3: 1½, 5: 1½.  PAB: barred 1
# (forfeit win), 3, 5 (PAB); 2 and 4 (3 points, two matches each) -> 4 (3.4.4); {1 2 3 5} pairs
# (1-3, 2-5) (3.4.1).  Top {2} (3): one upfloater; C5: {1} (2) meets 2 again (R2) -> illegal;
# next profile 1½: {3} then {5} (3.5.4).  {3}: 2-3 legal, rest {1 5} legal (no meeting), C6: the
# next scoregroup {1} with upfloater 5 pairs -> holds; C7: 3 floated in R2 (1½ against 4's 1) ->
# 1.  {5}: 2-5 legal, rest {1 3} legal, C6 holds (1-3); C7: 5 had the PAB in R2, no opponent, no
# float (Art. 1.5) -> 0.  Round 3 of 5: C7 applies -> {5}: 2-5.  Then {1} (2) with 3: 1-3.
# Colours: 2-5: HRP 2 [W B]; 5 has no colour (R1 unplayed, R2 PAB): Whites 1 vs 0 -> 5-2
# (4.3.2).  1-3: HRP 1 [W], 3 [W]: Whites 1-1, the same colour; HRP 1 had White -> 3-1 (4.3.4).
@case("C7 prefers the upfloater who did not float", 3, ((5, 2), (3, 1)), 4, "C7")
def _c7() -> Tournament:
    return _c7_history(5)


# 15. The same in the last round (3 of 3): C7 does not apply (Art. 2.3.4), {3} and {5} tie on
# C4-C6 -> the first in order, {3} (3.5.4): 2-3.  Then {1} with 5: 1-5 (no meeting in R1).
# Colours: 2-3: HRP 2 [W B], 3 [W]: Whites 1-1; latest: 2 Black, 3 White -> 2 White (4.3.3).
# 1-5: HRP 1 [W], 5 none -> 5-1 (4.3.2).  Boards: 2-3 (HRP 3), 5-1 (HRP 2).
@case("C7 lapses in the last round", 3, ((2, 3), (5, 1)), 4, "3.5.4")
def _c7_last() -> Tournament:
    return _c7_history(3)


# 16. An unusual game result (½-0) counts as written on each line.  R1: 1-3: game 1 won by 3,
# game 2 ½ for 1 and 0 for 3 (1: ½, 3: 1); 2-4 1-1.  Scores: 2, 3, 4: 1; 1: ½.  Top {2 3 4}, odd:
# upfloater 1 (the only lower player).  Bracket {1 2 3 4}: 1-3, 2-4 met -> the first legal
# identifier 1 2 4 3 (1-4, 2-3); C8: nobody floated in R1 -> 1-4, 2-3.  Colours: 1-4: HRP 4 (1);
# 4 [B], 1 [W] -> 4 White (4.3.2).  2-3: HRP 2; 2 [W], 3 [B] -> 3 White (4.3.2).  Boards: both
# HRPs on 1; sums 2 (3-2) and 1½ (4-1) -> 3-2, 4-1.  (Read as a draw, game 2 would give 3 1½
# points and a scoregroup of its own.)
@case("an unusual result (½-0) counts per line", 2, ((3, 2), (4, 1)), None, "3.6.4")
def _unusual() -> Tournament:
    return build(4, [[(1, 3, "0", "=:0"), (2, 4, "=", "=")]])


# 17. A second bracket with an upfloater.  R1: 1-2 1-1, 3-4 1½-½, 5-6 1-1.  Scores: 3: 1½; 1, 2,
# 5, 6: 1; 4: ½.  Top {3}: one upfloater from score 1, order 1 2 5 6: {1}: 1-3 legal; rest {2 4 5
# 6} legal; C6: the 1-point group keeps {2 5 6}, odd, pairs with upfloater 4 (2-4? 2-5|4-6 legal)
# -> holds; C7: round 1 floats nobody -> {1}: 1-3.  Next {2 5 6} (1): odd, upfloater 4 (the only
# lower player).  Bracket {2 4 5 6}: 5-6 met; first identifier 2 4 5 6 (2-5, 4-6) legal; C8: 4's
# opponent 6 did not float -> 2-5, 4-6.  Colours: 1-3: HRP 3; both [W]; HRP 3 had White -> 1-3
# (4.3.4).  2-5: HRP 2 [B], 5 [W] -> 2 White (4.3.2).  4-6: HRP 6 (1) [B], 4 [B]: Whites 0-0,
# same colour; HRP 6 had Black -> 6-4 (4.3.4).  Boards: 1-3 (HRP 1½), 2-5 (HRP 1, sum 2), 6-4
# (HRP 1, sum 1½).
@case("a second bracket with an upfloater", 2, ((1, 3), (2, 5), (6, 4)), None, "C5")
def _second_bracket() -> Tournament:
    return build(6, [[(1, 2, "=", "="), (3, 4, "1", "="), (5, 6, "=", "=")]])


def _c8_history(total: int) -> Tournament:
    # R1: 1-4 0-2, 5-2 0-2, 3-6 ½-1½, PAB 7.  R2: 2-4 2-0, 6-7 1½-½, 1-3 2-0, PAB 5.
    return build(7, [[(1, 4, "0", "0"), (5, 2, "0", "0"), (3, 6, "=", "0"), ("U", 7)],
                     [(2, 4, "1", "1"), (6, 7, "=", "1"), (1, 3, "1", "1"), ("U", 5)]], total=total)


# 18. C8 decides the bracket (round 3 of 5).  Scores: 2: 4; 6: 3; 1, 4, 7: 2; 5: 1½; 3: ½.  Floats
# in R2 (Art. 1.5): 1-3 (0 against ½) -> 1 and 3; 2-4 and 6-7 equal scores; 5 had the PAB (no
# float).  PAB: 5 and 7 barred (C2); lowest 3 (½); the rest pairs (2-6, 1-7, 4-5) -> 3.
# Top {2} (4): upfloater {6} (C5: 3 points), 2-6 never met, rest {1 4 5 7} pairs, {6} emptied
# (C6) -> 2-6.  Next {1 4 7} (2), odd: one upfloater, the only lower player left, 5.  Bracket
# {1 4 5 7} (1-4 met): identifiers 1 4 5 7 (1-5, 4-7) and 1 4 7 5 (1-7, 4-5).  C8 (Art. 2.3.5):
# in 1-5 the upfloater's opponent 1 floated in R2 -> 1; in 4-5, 4 did not -> 0.  C8 before the
# identifier -> 1-7, 4-5.
# Colours: 2-6: HRP 2 [B W], 6 [B W]: Whites 1-1, no difference; HRP 2 had White -> 6-2 (4.3.4).
# 1-7: HRP 1 (2, TPN 1) [W W], 7 [B] -> Whites 2 vs 0 -> 7-1 (4.3.2).  4-5: HRP 4 [B B], 5 [W]
# -> 4-5 (4.3.2).  Boards: 6-2 (HRP 4), 7-1 (HRP 2, sum 4), 4-5 (HRP 2, sum 3½).
@case("C8: the upfloater's opponent did not float", 3, ((6, 2), (7, 1), (4, 5)), 3, "C8")
def _c8() -> Tournament:
    return _c8_history(5)


# 19. The same in the last round (3 of 3): C8 does not apply -> the first identifier, 1-5, 4-7.
# Colours: 1-5: HRP 1 [W W], 5 [W] -> Whites 2 vs 1 -> 5-1 (4.3.2).  4-7: HRP 4 [B B], 7 [B]:
# Whites 0-0; the latest colours equal (B, B), 7 has no earlier one; HRP 4 had Black -> 4-7
# (4.3.4).  Boards: 6-2, then 4-7 (HRP 2, sum 4) before 5-1 (HRP 2, sum 3½).
@case("C8 lapses in the last round", 3, ((6, 2), (4, 7), (5, 1)), 3, "3.6.4")
def _c8_last() -> Tournament:
    return _c8_history(3)


# 20. Round 1 with a forbidden pair (XXP 1 5).  Eight players on 0: the first identifier
# 1 2 3 4 5 6 7 8 pairs 1-5 (forbidden).  Identifiers compare the top members first: {1 2 3 4}
# stays possible, then 1's smallest allowed partner, 6, leaving 2-5, 3-7, 4-8: 1 2 3 4 6 5 7 8.
# Colours 4.3.1: HRP 1 odd White (1-6), 2 even Black (5-2), 3 White (3-7), 4 Black (8-4).
@case("round 1 with a forbidden pair", 1, ((1, 6), (5, 2), (3, 7), (8, 4)), None, "3.6.4")
def _forbidden() -> Tournament:
    return build(8, [], extra=["XXP 1 5"])


# 21. Two upfloaters (C4) of the best scores (C5).  R1: 1-2 1-1; 3-4 two unusual games (3 ½-0,
# then 0-½: 3 ½, 4 ½); 5 and 6 absent.  Scores: 1, 2: 1; 3, 4: ½; 5, 6: 0.  Top {1 2}: met ->
# no legal bracket without upfloaters; two (C4): the best profile is ½ ½ (C5) -> {3 4}: bracket
# {1 2 3 4} (1-2 and 3-4 met): 1-3, 2-4 (identifier 1 2 3 4), rest {5 6} legal; C6: the ½ group
# emptied.  Then 5-6.  Colours: 1-3: HRP 1 [W], 3 [W] -> HRP 1 had White -> 3-1 (4.3.4).  2-4:
# HRP 2 [B], 4 [B] -> 2-4 (4.3.4).  5-6: neither played: HRP 5 odd gets White (4.3.1).
# Boards: 3-1 and 2-4 (HRP on 1, sums 1½; TPN 1 then 2), 5-6.
@case("two upfloaters", 2, ((3, 1), (2, 4), (5, 6)), None, "C4")
def _two_upfloaters() -> Tournament:
    return build(6, [[(1, 2, "=", "="), (3, 4, "=:0", "0:=")]])


# 22. The lowest score before the matches played (3.4.2 before 3.4.3).  R1: 5 absent, 1-3 1½-½,
# 2-4 1½-½.  PAB: 5 (0 points, no match) before 3 and 4 (½, one match) -> 5; the rest pairs.
# Top {1 2} (1½): 1-2.  Then {3 4}: 3-4.  Colours: 1-2: HRP 1 [W], 2 [W] -> 1 had White ->
# 2-1 (4.3.4).  3-4: HRP 3 [B], 4 [B] -> 3 had Black -> 3-4 (4.3.4).
@case("the PAB by score before matches played", 2, ((2, 1), (3, 4)), 5, "3.4.2")
def _pab_score_first() -> Tournament:
    return build(5, [[(1, 3, "1", "="), (2, 4, "1", "=")]])


# 23. No 152: the initial-colour is what round 1 shows (Art. 4.3.1 read backwards: 1, odd and the
# HRP of 1-3, had White -> White).  R1: 1-3 1-1, 2-4 1-1, 5 and 6 absent.  Top {1 2 3 4} (1):
# 1-3, 2-4 met -> 1 2 4 3 (1-4, 2-3).  Then 5-6.  Colours: 1-4: HRP 1 [W], 4 [B] -> 4-1 (4.3.2).
# 2-3: HRP 2 [W], 3 [B] -> 3-2 (4.3.2).  5-6: neither played: HRP 5 odd -> White (4.3.1).
@case("the initial colour read from round 1", 2, ((4, 1), (3, 2), (5, 6)), None, "4.3.1")
def _initial_inferred() -> Tournament:
    return build(6, [[(1, 3, "=", "="), (2, 4, "=", "=")]], initial=None)


# 24. Round 2, everybody equal: R1 1-4, 2-5, 3-6 all 1-1.  One scoregroup of six; met 1-4, 2-5,
# 3-6.  First identifier 1 2 3 4 5 6 has 1-4: the top set {1 2 3} stays, 1's smallest allowed
# partner 5, then 2's: 4, leaving 3-6 (met) -> 2-6, 3-4: identifier 1 2 3 5 6 4.  Colours: 1-5:
# HRP 1 [W], 5 [W] -> 1 had White -> 5-1 (4.3.4).  2-6: HRP 2 [B], 6 [B] -> 2-6 (4.3.4).  3-4:
# HRP 3 [W], 4 [B] -> Whites 1 vs 0 -> 4-3 (4.3.2).  Boards by HRP TPN: 1, 2, 3.
@case("round 2, one scoregroup, rematches avoided", 2, ((5, 1), (2, 6), (4, 3)), None, "3.6.4")
def _all_equal() -> Tournament:
    return build(6, [[(1, 4, "=", "="), (5, 2, "=", "="), (3, 6, "=", "=")]])


# 25. A requested full-point bye (F in both columns: 2 points) is not paired, and bars the PAB
# later (C2).  R1: 3 full-point bye; 1-2 1-1.  R2: players 1 (1), 2 (1), 3 (2): odd -> PAB: 3
# barred; 1 and 2 (1 point, one match each) -> 2 (3.4.4); {1 3} never met.  1-3: HRP 3 (2),
# never played; 1 [W] -> Whites 0 vs 1 -> 3-1 (4.3.2).
@case("a full-point bye bars the PAB", 2, ((3, 1),), 2, "C2")
def _full_bye() -> Tournament:
    return build(3, [[("F", 3), (1, 2, "=", "=")]])
