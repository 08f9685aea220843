"""Hand-worked cases for the pairing checker (checker/): one per criterion C1-C21 of C.04.3 (2026)
and one per colour rule of Art. 5.2.

Every case is a small tournament whose last round is paired wrongly in one way; the docstring
works out by hand, from the rule text, why the given pairing loses exactly at the criterion under
test (equal on every higher one), and the test asserts what the checker reports.  The same history
with the correct pairing must be accepted, so every test can fail both ways.

Notation used in the docstrings and the builders: a round is a string of tokens, ``"4-1:0"`` = 4
(White) against 1 (Black), White scored 0 (results ``1 = 0``, forfeits ``+ -``); ``"4-1"`` = the
same board with the result still pending (the round being checked); ``"5:U"`` the PAB, ``"3:H"``
a half-point bye, ``"6:Z"`` a declared absence (zero-point bye).  Colour histories are written
oldest first (``WB`` = White, then Black); preferences as in Art. 1.7 (mild / strong / abs).
Floats are Art. 1.4: a game between different scores floats the higher player down (D) and the
lower up (U); a PAB, forfeit win or half-point bye is a downfloat; a Z bye is no float.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from checker.dutch.check import check_round
from checker.report import RoundReport
from checker.dutch.colours import allocate
from checker.dutch.state import round_state
from trf.model import Tournament

pytestmark = pytest.mark.fast


# --------------------------------------------------------------------------- builders

_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0),
           "U": Fraction(1), "F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0), None: Fraction(0)}
_OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", None: None}


def trf_text(n: int, rounds: list[str], total: int, initial: str = "white1") -> str:
    """TRF-16 text: players 1..n (rating 2500 - 10 * i, so start rank = TPN), one round block per
    string of ``rounds`` (see the module docstring), ``XXR total`` and ``XXC initial``.  A player
    not named in a round gets a blank block (not paired)."""
    blocks: dict[int, list[tuple[int | None, str, str | None] | None]] = {i: [] for i in range(1, n + 1)}
    for rnd in rounds:
        seen: dict[int, tuple[int | None, str, str | None]] = {}
        for tok in rnd.split():
            left, _, res = tok.partition(":")
            code = res or None
            if "-" in left:
                w, b = map(int, left.split("-"))
                seen[w] = (b, "w", code)
                seen[b] = (w, "b", _OTHER_SIDE[code])
            else:
                seen[int(left)] = (None, "-", code)
        for i in blocks:
            blocks[i].append(seen.get(i))
    lines = ["012 Checker hand case"]
    for i in range(1, n + 1):
        pts = sum((_POINTS[e[2]] for e in blocks[i] if e is not None), Fraction(0))
        head = (f"001 {i:>4} {'':1}{'':3} {f'Player {i}':<33} {2500 - 10 * i:>4} {'':3} {'':>11} {'':10} "
                f"{float(pts):>4.1f} {'':>4}")
        body = ""
        for e in blocks[i]:
            if e is None:
                body += " " * 10
            else:
                opp, col, code = e
                body += f"  {'0000' if opp is None else f'{opp:>4}'} {col} {code or ' '}"
        lines.append((head + body).rstrip())
    lines += [f"XXR {total}", f"XXC {initial}"]
    return "\n".join(lines) + "\n"


def tournament(n: int, rounds: list[str], total: int, initial: str = "white1",
               expect: frozenset[str] = frozenset()) -> Tournament:
    """The parsed tournament; the parser must not complain, except with the ``expect``ed codes."""
    parsed = trf.parse_text(trf_text(n, rounds, total, initial))
    complaints = {d.code for d in parsed.diagnostics if d.severity is not trf.Severity.INFO}
    assert complaints == set(expect), parsed.diagnostics
    return parsed.tournament


def check(n: int, history: list[str], pairing: str, total: int, initial: str = "white1",
          expect: frozenset[str] = frozenset()) -> RoundReport:
    """The checker's report on ``pairing`` as round len(history) + 1."""
    t = tournament(n, history + [pairing], total, initial, expect)
    return check_round(t, len(history) + 1)


def boards_of(pairing: str) -> tuple[set[tuple[int, int]], int | None]:
    """``"2-1 3-5 4:U"`` -> ({(2, 1), (3, 5)}, 4)."""
    boards, bye = set(), None
    for tok in pairing.split():
        left = tok.partition(":")[0]
        if "-" in left:
            w, b = map(int, left.split("-"))
            boards.add((w, b))
        else:
            bye = int(left)
    return boards, bye


def assert_accepted(rep: RoundReport) -> None:
    assert rep.ok, [f.message for f in rep.findings]


def assert_quality(rep: RoundReport, criterion: str, bracket: int | None, given: str, better: str,
                   correct: str | None = None) -> None:
    """The given pairing loses at ``criterion`` in ``bracket`` (None: round-wide, C5); the
    candidate's colour-allocated boards are ``correct`` when given."""
    assert not rep.ok
    assert len(rep.findings) == 1, [f.message for f in rep.findings]
    f = rep.findings[0]
    assert (f.kind, f.criterion) == ("quality", criterion), f.message
    assert f.bracket == bracket, f.message
    assert (f.given, f.better) == (given, better), f.message
    if correct is not None:
        boards, bye = boards_of(correct)
        assert set(rep.candidate or ()) == boards
        assert rep.candidate_bye == bye


def assert_absolute(rep: RoundReport, criterion: str, kind: str = "absolute",
                    boards: set[tuple[int, int | None]] | None = None) -> None:
    """Every finding is ``criterion`` of ``kind``; quality is not compared after an absolute breach,
    and with engine=False no candidate is offered."""
    assert not rep.ok
    assert {(f.kind, f.criterion) for f in rep.findings} == {(kind, criterion)}, [f.message for f in rep.findings]
    if boards is not None:
        assert {b for f in rep.findings for b in f.boards} == boards
    assert rep.candidate is None


# --------------------------------------------------------------------------- absolute and completion


C1_HISTORY = ["1-3:1 4-2:0"]


def test_c1_rematch() -> None:
    """Round 2 of 5.  After round 1 (1-3 1-0, 4-2 0-1): 1 and 2 have 1 point, 3 and 4 have 0.
    Pairing 1-3 and 2-4 again repeats both round-1 games: C1 (Art. 2.1.1) on each board.  Correct:
    the scoregroups pair inside, 1-2 and 3-4; colours 5.2.1 (1 and 4 had White, 2 and 3 Black)."""
    rep = check(4, C1_HISTORY, "3-1 2-4", total=5)
    assert_absolute(rep, "C1", boards={(3, 1), (2, 4)})
    assert_accepted(check(4, C1_HISTORY, "2-1 3-4", total=5))


FIVE_WITH_PAB = ["1-3:1 4-2:0 5:U"]


def test_c2_second_pab() -> None:
    """Round 2 of 5.  Round 1: 1-3 1-0, 4-2 0-1, 5 received the PAB.  Giving 5 the PAB again
    breaks C2 (Art. 2.1.2).  Correct: top bracket {1, 2, 5} (1 point) downfloats one player;
    C5-C13 tie (the PAB goes to a 0-point player whatever happens, no colour clashes: 1 wants
    Black, 2 White, 5 has no preference), C14 rejects 5 as downfloater (PAB in round 1 = downfloat),
    and of 1-5 (2 downfloats) and 2-5 (1 downfloats) 1-5 comes first (a transposition, the other
    needs an exchange).  2 has met 4, so 2-3 and 4 gets the PAB.  Colours: 5-1 (5.2.1, 5 has no
    preference), 2-3 (both want White after Black in round 1, same histories: 5.2.4, 2 ranks higher)."""
    rep = check(5, FIVE_WITH_PAB, "2-1 3-4 5:U", total=5)
    assert_absolute(rep, "C2", boards={(5, None)})
    assert_accepted(check(5, FIVE_WITH_PAB, "5-1 2-3 4:U", total=5))


C3_HISTORY = ["1-4:1 2-5:1 3-6:1", "1-6:1 2-4:1 5-3:0"]


def test_c3_same_absolute_preference() -> None:
    """Round 3 of 5 (not the last: nobody is a topscorer).  1, 2, 3 have 2 points; 1 and 2 both
    played White twice (WW: absolute Black), so 1-2 breaks C3 (Art. 2.1.3).  Correct: in {1, 2, 3}
    only 1-3 and 2-3 are legal; 2-3 would send 1 down, and 1 has met 4 and 6 and cannot play 5
    without leaving 4-6 (both BB, absolute White: C3) - incomplete.  So 1-3 (3 White: 1 is
    absolute), 2 floats down to 6 (2 has met 4 and 5; 6 White, absolute), and 4-5 (4 absolute
    White against 5's mild Black)."""
    rep = check(6, C3_HISTORY, "2-1 4-3 6-5", total=5)
    assert_absolute(rep, "C3", boards={(2, 1)})
    assert_accepted(check(6, C3_HISTORY, "3-1 6-2 4-5", total=5))


C4_HISTORY = ["1-4:1 5-2:0 3-6:1"]


def test_c4_two_pabs() -> None:
    """Round 2 of 5, six players: a complete pairing leaves nobody without opponent (Art. 1.9, C4
    Art. 2.2.1), yet 3 and 4 both get a PAB.  Correct: {1, 2, 3} pairs 1-2 (first transposition,
    1 wants Black, 2 White) and 3 floats (C8 ties: 3-4 and 5-6 complete the round, as 1-5/4-6
    would after 2-3); then 3-4 (first transposition, 3 wants Black, 4 White) and 6-5."""
    rep = check(6, C4_HISTORY, "2-1 3:U 4:U 6-5", total=5, expect=frozenset({"multiple-pab"}))
    assert_absolute(rep, "C4", kind="completion", boards={(3, None), (4, None)})
    assert_accepted(check(6, C4_HISTORY, "2-1 4-3 6-5", total=5))


# --------------------------------------------------------------------------- C5-C9


C5_HISTORY = ["1-3:1 4-2:0 5:Z"]  # 5 was absent in round 1: no game, no float, still PAB-eligible


def test_c5_pab_score() -> None:
    """Round 2 of 3.  1 and 2 have 1 point, 3, 4, 5 have 0.  Giving the PAB to 2 (score 1) while
    a 0-point player could have it loses at C5 (Art. 2.3.1, round-wide, above every bracket
    criterion): given 1, candidate 0.  Correct pairing: see the C9 case (2-1, 3-5, 4 PAB)."""
    rep = check(5, C5_HISTORY, "5-1 3-4 2:U", total=3)
    assert_quality(rep, "C5", None, "1", "0", correct="2-1 3-5 4:U")
    assert_accepted(check(5, C5_HISTORY, "2-1 3-5 4:U", total=3))


C5_RESHAPE_HISTORY = ["1-4:1 5-2:0 3-6:1", "5-1:0 4-3:0 6-2:1"]  # 5 is absent in round 3 ("5:Z")


def test_c5_pab_score_reshapes_the_top_bracket() -> None:
    """Round 3 of 3 (bbp's dutch_2025_C5 idea, worked again here).  1 and 3 have 2 points, 2 and 6
    have 1 (and met in round 2), 4 has 0, 5 is absent.  The natural 1-3 leaves 2 and 6 to float,
    one of them plays 4 and the other gets the PAB with 1 point.  C5 wants the PAB on 4 (0
    points): 1, 2, 3, 6 must then pair among themselves, and only 1-6, 2-3 avoids rematches.  C5
    ranks above the top bracket's C6, so 1-6, 2-3, 4 PAB is the pairing (colours: 1 mild White v
    6 mild Black, 5.2.1; 2 absolute White v 3 mild White, 5.2.2).
    From 1-3, 2-4, 6 PAB no two-board re-pairing is legal (1-2 leaves 3-4, who met; 1-4 met) and
    every PAB move leaves the PAB on a player with 1 or 2 points."""
    assert_accepted(check(6, C5_RESHAPE_HISTORY, "1-6 2-3 4:U 5:Z", total=3))
    rep = check(6, C5_RESHAPE_HISTORY, "1-3 2-4 6:U 5:Z", total=3)
    assert_quality(rep, "C5", None, "1", "0", correct="1-6 2-3 4:U")


C6_HISTORY = ["1-5:1 6-2:0 3-7:1 8-4:0"]


def test_c6_pairs_in_the_bracket() -> None:
    """Round 2 of 5, eight players.  1-4 won round 1 (1 point), 5-8 lost.  The given pairing plays
    2-5 and 6-3 across the scoregroups, so the top bracket {1, 2, 3, 4} has two downfloaters where
    it could have none: C6 (Art. 2.4.1) in bracket 1, given 2, candidate 0.  Correct: in {1..4}
    1-3/2-4 would give two pairs of equal preferences (1, 3 had White; 2, 4 Black), 1-4, 2-3 none
    (C12); same in {5..8}: 5-8, 6-7.  Colours 5.2.1 throughout."""
    rep = check(8, C6_HISTORY, "4-1 2-5 6-3 7-8", total=5)
    assert_quality(rep, "C6", 1, "2", "0", correct="4-1 2-3 5-8 7-6")
    assert_accepted(check(8, C6_HISTORY, "4-1 2-3 5-8 7-6", total=5))


C7_HISTORY = ["1-5:1 2-4:1 3-6:1", "6-1:0 5-2:= 3:H 4:H"]


def test_c7_downfloater_scores() -> None:
    """Round 3 of 5.  Scores: 1: 2; 2, 3: 1.5; 4, 5: 0.5; 6: 0.  1 has met 5 and 6, 2 has met 4
    and 5, 3 only 6.  Bracket 1 ({1}) downfloats 1.  Bracket 2 = {1 | 2, 3}: one pair, one
    downfloater.  Given 2-3 lets the MDP 1 (score 2) float on: C7 (Art. 2.4.2) compares the
    downfloaters' scores, [2] against [1.5] when 1 plays 2 or 3; C6 ties (one downfloater each).
    Correct: 1-2 (3 floats; C8: 3 can play 4 in bracket 3, leaving 5 (0.5) to float, while after
    1-3 the downfloater 2 (met 4 and 5) would float on with 1.5).  Bracket 3 {3 | 4, 5}: 3-4
    (3 strong Black v 4 strong White) rather than 3-5 (both want Black: C12), and 5-6 last.
    Colours: 1-2 both mild White with equal histories, 5.2.4 gives 1 White; 4-3 5.2.1; 6-5 both
    mild Black, equal histories, 5 ranks higher (5.2.4)."""
    rep = check(6, C7_HISTORY, "2-3 4-1 6-5", total=5)
    assert_quality(rep, "C7", 2, "[2]", "[1.5]", correct="1-2 4-3 6-5")
    assert_accepted(check(6, C7_HISTORY, "1-2 4-3 6-5", total=5))


C8_HISTORY = ["4-3:0 5-2:0 1-6:1", "3-5:= 4-1:= 2:H 6:Z"]


def test_c8_downfloater_choice_for_the_next_bracket() -> None:
    """Round 3 of 5.  1, 2, 3 have 1.5; 4, 5 have 0.5; 6 has 0.  3 has met both 4 and 5; 2 has
    met only 5; 1 has met 4 and 6.  Bracket 1 {1, 2, 3} pairs one couple (2-3 would also do) and
    downfloats one player of score 1.5 whatever it does (C6, C7 tie).  C8 (Art. 2.4.3) looks at
    the next bracket {dn | 4, 5}: with 3 down nobody can play 3, so 4-5 and 3 floats on (one
    downfloater of 1.5); with 2 down, 2-4 and 5 (0.5) floats; with 1 down, 1-5 and 4 (0.5)
    floats.  Given 1-2 (3 down): C8 in bracket 1, given one downfloater of 1.5 next, candidate one
    of 0.5.  Correct: 1-3 (2 down) comes before 2-3 (1 down) - they tie on C8-C21 (C12: both pairs
    fine; C14: both 2 (half-point bye) and 1 (drew down with 4) downfloated in round 2) and 1-3 is
    a transposition.  Then 2-4, 5-6.  Colours: 1 mild White v 3 mild Black (5.2.1); 2 strong White
    v 4 absolute Black; 5 mild White v 6 strong White: 6 is stronger (5.2.2).
    (The given 1-2 also breaks C12 - both want White - but C8 comes first.)"""
    rep = check(6, C8_HISTORY, "2-1 5-4 6-3", total=5)
    assert_quality(rep, "C8", 1, "1 downfloater(s) next (scores 1.5)", "1 downfloater(s) next (scores 0.5)",
                   correct="1-3 2-4 6-5")
    assert_accepted(check(6, C8_HISTORY, "1-3 2-4 6-5", total=5))


def test_c9_pab_unplayed_games() -> None:
    """Round 2 of 3 (the C5 tournament).  1-2 meet (2 had Black: "2-1").  {3, 4, 5} have 0 points
    and one of them gets the PAB; 5 missed round 1, 3 and 4 played.  C9 (Art. 2.4.4): the PAB
    assignee should have as few unplayed games as possible, so not 5 (one unplayed round):
    bracket 2, given 1, candidate 0.  Of 3-5 (4 PAB) and 4-5 (3 PAB), 3-5 is a transposition and
    comes first.  3 (Black in round 1) gets White against 5 who has no preference (5.2.1)."""
    rep = check(5, C5_HISTORY, "2-1 3-4 5:U", total=3)
    assert_quality(rep, "C9", 2, "1", "0", correct="2-1 3-5 4:U")
    assert_accepted(check(5, C5_HISTORY, "2-1 3-5 4:U", total=3))


# --------------------------------------------------------------------------- colour criteria C10-C13


C10_HISTORY = ["1-3:= 2-5:1 6-4:0", "2-4:= 1-5:1 6-3:0"]


def test_c10_topscorer_colour_difference() -> None:
    """Round 3 of 3 (final): topscorers have more than 1 point (Art. 1.8).  1, 2, 3, 4 have 1.5
    (topscorers); 1, 2 played White twice (CD +2), 3, 4 Black twice (CD -2); 5, 6 have 0.  1-3 and
    2-4 already met, so the top bracket is 1-2, 3-4 or 1-4, 2-3; C3 does not forbid 1-2 (both
    topscorers).  In 1-2 one of them gets White a third time (CD +3), in 3-4 one gets Black (CD
    -3): C10 (Art. 2.4.5) counts 2; 1-4, 2-3 gives everyone the colour wanted: 0.  Colours of the
    given: 1-2 both absolute Black with equal |CD| and histories, 5.2.4 gives the higher-ranked
    1 Black; 3-4 likewise 3 White.  5-6: absolute White v absolute Black."""
    rep = check(6, C10_HISTORY, "2-1 3-4 5-6", total=3)
    assert_quality(rep, "C10", 1, "2", "0", correct="4-1 3-2 5-6")
    assert_accepted(check(6, C10_HISTORY, "4-1 3-2 5-6", total=3))


C11_HISTORY = ["5-1:1 7-2:1 3-6:1 4-8:1", "1-6:1 2-8:1 5-3:0 7-4:0", "1-7:1 2-5:1 8-3:1 6-4:1"]


def test_c11_topscorer_same_colour_three_times() -> None:
    """Round 4 of 4 (final): topscorers have more than 1.5.  1-4 have 2 points and have not met
    each other; 1, 2 played BWW (CD +1, absolute Black), 3, 4 WBB (CD -1, absolute White).  In
    1-2 one of them gets White a third time running, in 3-4 Black: C11 (Art. 2.4.6) counts 2,
    C10 0 (|CD| reaches only 2), higher criteria tie (full pairs).  1-3, 2-4 (first
    transposition) gives everyone their colour.  The 1-point bracket {5..8} (strong Black, strong
    White, strong Black, strong White) pairs 5-8, 6-7 (the first transposition 5-7/6-8 fails C12
    twice).  Colours: 3-1, 4-2 (5.2.1); the given 1-2: equal absolute preferences and histories,
    5.2.4 gives 1 Black; 3-4: 3 White."""
    rep = check(8, C11_HISTORY, "2-1 3-4 8-5 6-7", total=4)
    assert_quality(rep, "C11", 1, "2", "0", correct="3-1 4-2 8-5 6-7")
    assert_accepted(check(8, C11_HISTORY, "3-1 4-2 8-5 6-7", total=4))


def test_c12_colour_preferences() -> None:
    """Round 2 of 5 (the C6 tournament).  {1, 2, 3, 4} have 1 point; 1 and 3 played White (they
    want Black), 2 and 4 Black.  The first transposition 1-3, 2-4 leaves two pairs whose players
    want the same colour: C12 (Art. 2.4.7) in bracket 1, given 2, candidate 0 (1-4, 2-3); C6-C11
    tie (full pairs, no topscorers).  (After one game every preference is strong, so C13 would
    differ too; C12 comes first.)"""
    rep = check(8, C6_HISTORY, "3-1 2-4 5-8 7-6", total=5)
    assert_quality(rep, "C12", 1, "2", "0", correct="4-1 2-3 5-8 7-6")
    assert_accepted(check(8, C6_HISTORY, "4-1 2-3 5-8 7-6", total=5))


C13_HISTORY = ["1-5:+ 2-6:+ 7-3:0 4-8:1", "1-7:1 2-8:1 3-5:1 6-4:0"]


def test_c13_strong_colour_preferences() -> None:
    """Round 3 of 5.  1-4 have 2 points, 5-8 none.  1 and 2 won round 1 by forfeit and played
    White once (CD +1: strong Black); 3 played BW (mild Black), 4 WB (mild White).  Any pairing of
    {1, 2, 3, 4} has one pair wanting Black twice (three players want Black): C12 = 1 always.
    1-2 makes that pair two strong preferences - C13 (Art. 2.4.8) counts it; 1-3 (first
    transposition) pairs strong with mild: 0.  Bottom bracket: 5 strong White, 6 strong Black, 7
    mild White, 8 absolute White; 5-7, 6-8 (first transposition) has one mild clash (C12 1, C13 0),
    the least possible.  Colours: 3-1, 5.2.2 (1's strong Black beats 3's mild Black); 4-2 and
    8-6, 5.2.1; 5-7: strong beats mild White (5.2.2).  Given 1-2: equal strong preferences and histories,
    5.2.4 gives 1 Black."""
    rep = check(8, C13_HISTORY, "2-1 4-3 5-7 8-6", total=5)
    assert_quality(rep, "C13", 1, "1", "0", correct="3-1 4-2 5-7 8-6")
    assert_accepted(check(8, C13_HISTORY, "3-1 4-2 5-7 8-6", total=5))


# --------------------------------------------------------------------------- float criteria C14-C21


def test_c14_resident_downfloater_floated_last_round() -> None:
    """Round 2 of 5 (the C2 tournament: 5 had the PAB in round 1, which is a downfloat).  The
    1-point bracket {1, 2, 5} downfloats one player; given 1-2 floats 5 again.  C5 ties (the PAB
    goes to 4, 0 points, either way), C6-C13 tie (one downfloater of score 1, the next bracket
    pairs it and leaves one 0-point player, no colour clash).  C14 (Art. 2.4.9): given 1
    resident downfloater who downfloated in the previous round, candidate 0 (1-5, 2 floats and
    plays 3)."""
    rep = check(5, FIVE_WITH_PAB, "2-1 3-5 4:U", total=5)
    assert_quality(rep, "C14", 1, "1", "0", correct="5-1 2-3 4:U")
    assert_accepted(check(5, FIVE_WITH_PAB, "5-1 2-3 4:U", total=5))


C15_HISTORY = ["4-1:0 6-3:0 2:Z 5:Z", "1-6:1 3-2:0 4-5:1"]


def test_c15_mdp_opponent_upfloated_last_round() -> None:
    """Round 3 of 5.  1 has 2 points, 2, 3, 4 have 1, 5, 6 none.  1 (alone) floats into {2, 3, 4};
    1 has met 4, so the MDP-pairing is 1-2 (first) or 1-3, the remainder 3-4 or 2-4 (both legal).
    2 (0 points) beat 3 (1 point) in round 2: an upfloat; 3 downfloated there.  Colours: 1 and 3
    mild Black (BW), 2 strong White, 4 absolute Black (WW): each choice has one pair wanting
    Black (3-4 or 1-3), never two strong ones - C12, C13 tie; no downfloaters (C6-C9, C14 tie).
    C15 (Art. 2.4.10): 1-2 pairs the MDP with a resident who upfloated in the previous round:
    given 1, candidate 0.  Correct 3-1 (5.2.4: same mild preferences and histories, 1 ranks
    higher and gets Black), 2-4, 5-6 (5 strong White beats 6's mild White)."""
    rep = check(6, C15_HISTORY, "2-1 3-4 5-6", total=5)
    assert_quality(rep, "C15", 2, "1", "0", correct="3-1 2-4 5-6")
    assert_accepted(check(6, C15_HISTORY, "3-1 2-4 5-6", total=5))


C16_HISTORY = ["1-5:= 6-2:= 3:H 4:H", "4-1:0 2-5:1 3-6:1"]


def test_c16_resident_downfloater_floated_two_rounds_before() -> None:
    """Round 3 of 5.  1, 2, 3 have 1.5, 4, 5, 6 have 0.5.  3 took a half-point bye in round 1 (a
    downfloat two rounds before); nobody floated in round 2 (all games between equal scores).
    The top bracket floats one player; colours: 1 mild White, 2 mild Black, 3 strong Black, so 1-2
    and 1-3 are both clash-free (C12/C13 tie) and 2-3 clashes.  Every choice lets the next
    bracket pair completely (C8: 3-4 5-6; 2-4 5-6; 1-6 4-5), C14 ties (nobody downfloated in
    round 2).  C16 (Art. 2.4.11): 1-2 floats 3: given 1, candidate 0 (1-3, 2 floats).  2 has met 5
    and 6, so 2-4 (4 strong Black beats 2's mild Black, 5.2.2) and 5-6 (absolute White).
    (The given 4-3 in bracket 2 is also a strong-strong clash - 3-5, 4-6 would be clash-free - but
    bracket 1 is compared first; with 3-5, 4-6 the repair would change three boards.)"""
    rep = check(6, C16_HISTORY, "1-2 4-3 5-6", total=5)
    assert_quality(rep, "C16", 1, "1", "0", correct="1-3 2-4 5-6")
    assert_accepted(check(6, C16_HISTORY, "1-3 2-4 5-6", total=5))


def test_c16_natural_wrong_pairing_needs_three_board_changes() -> None:
    """The C16 tournament with the wrong downfloater (3) but bracket 2 paired as well as it can be
    for that choice: 3-5 (3 strong Black v 5 absolute White) and 4-6 (strong Black v mild White),
    no clash.  By the rules this is still wrong at C16 in bracket 1 (given 1, candidate 0) and
    1-3, 2-4, 5-6 is the pairing.  Its neighbours: 1-2 with 5-3 -> 1-5 or 2-5 (both met); 1-2
    with 6-4 -> 1-4 (met) or 1-6 + 2-4 (bracket 1 then pairs nobody: C6); 5-3 with 6-4 -> 3-6
    (met) or 3-4 + 5-6 (a strong clash: C12 worse); bracket 2 has no downfloater-preserving
    re-pairing that is better.  So the breach is only visible to a search of three-board changes
    (or the engine)."""
    rep = check(6, C16_HISTORY, "1-2 5-3 6-4", total=5)
    assert_quality(rep, "C16", 1, "1", "0", correct="1-3 2-4 5-6")


C17_HISTORY = ["1-4:= 5-2:= 3-6:1", "1-6:1 2-3:= 4-5:1", "5-1:0 6-2:= 3:Z 4:Z"]


def test_c17_mdp_opponent_upfloated_two_rounds_before() -> None:
    """Round 4 of 5.  1 has 2.5, 2, 3, 4 have 1.5, 5, 6 have 0.5.  1 floats into {2, 3, 4} and
    has met 4: 1-2 + 3-4 (first) or 1-3 + 2-4.  In round 2, 2 (0.5) drew with 3 (1): 2 upfloated,
    3 downfloated; in round 3 2 played down and 3 was absent: no upfloat in the previous round
    (C15 ties at 0).  Colours: 1 strong Black (WWB), 2 strong White (BWB), 3 mild White (WB),
    4 mild Black (BW): both choices are clash-free (C12, C13 tie).  C17 (Art. 2.4.12): 1-2 pairs
    the MDP with a resident who upfloated two rounds before: given 1, candidate 0.  Correct 3-1,
    2-4 (5.2.1), 6-5 (5.2.1)."""
    rep = check(6, C17_HISTORY, "2-1 3-4 6-5", total=5)
    assert_quality(rep, "C17", 2, "1", "0", correct="3-1 2-4 6-5")
    assert_accepted(check(6, C17_HISTORY, "3-1 2-4 6-5", total=5))


C18_HISTORY = ["1-2:0 3-4:1 6-5:0", "4-1:0 2-5:1 6-3:1", "5-1:0 4-2:1 3:H 6:Z"]


def test_c18_mdp_downfloated_last_round_floats_on() -> None:
    """Round 4 of 5.  1 and 2 have 2 points but met in round 1: both float into bracket 2, whose
    only resident is 3 (1.5); 4, 5, 6 have 1.  One MDP plays 3, the other floats on (C6 1, C7
    [2] either way); both 1 and 2 can play 6 in bracket 3 with 4-5 left (C8 ties).  Colours: 1
    absolute White, 2 strong White, 3 mild White: 1-3 and 2-3 both have one non-strong clash (C12
    1, C13 0).  3 took a half-point bye in round 3 (no upfloat: C15, C19 tie).  2 downfloated in
    round 3 (2 points v 4 with 0); 1 did not (1-5 between equal scores).  C18 (Art. 2.4.13): given
    1-3 lets 2 float on, whose score difference counts as larger than any [floats on]; candidate
    2-3 gives [0.5] (2 minus 1.5), while 1 floating on does not count.  Correct 2-3 (strong beats
    mild White, 5.2.2), 1-6 (absolute White v absolute Black), 5-4 (5.2.1).  The given is the
    first in generation order (MDP set {1} before {2}), so only C18 can reject it."""
    rep = check(6, C18_HISTORY, "1-3 2-6 5-4", total=5)
    assert_quality(rep, "C18", 2, "[floats on]", "[0.5]", correct="2-3 1-6 5-4")
    assert_accepted(check(6, C18_HISTORY, "2-3 1-6 5-4", total=5))


C19_HISTORY = ["1-5:= 2-6:= 3-4:0", "1-6:1 5-2:0 3:Z 4:Z", "2-1:0 6-3:0 4:Z 5:Z"]


def test_c19_mdp_opponent_upfloated_last_round_score_difference() -> None:
    """Round 4 of 5.  Scores: 1 2.5, 2 1.5 (1 and 2 met in round 3), 3 and 4 1, 5 and 6 0.5.
    1 floats into {2}, cannot play 2, both float into {3, 4}: two MDPs, two residents, both
    MDP-pairings legal (1-3 2-4 first, or 1-4 2-3).  3 (0 points) beat 6 (0.5) in round 3: an
    upfloat in the previous round; 4 was absent.  Colours: 1, 2 strong Black, 3 mild White, 4
    strong White: no clash either way (C12, C13).  C15 ties (3 is an MDP opponent either way),
    C18 ties (neither MDP downfloated in round 3: 1-2 was between equal scores).  C19 (Art.
    2.4.14): the score differences of MDP opponents who upfloated last round: 1-3 gives [1.5]
    (2.5 - 1), 2-3 gives [0.5] (1.5 - 1).  Correct 4-1, 3-2 (5.2.1), 6-5 (strong White v mild
    Black)."""
    rep = check(6, C19_HISTORY, "3-1 4-2 6-5", total=5)
    assert_quality(rep, "C19", 3, "[1.5]", "[0.5]", correct="4-1 3-2 6-5")
    assert_accepted(check(6, C19_HISTORY, "4-1 3-2 6-5", total=5))


C20_HISTORY = ["1-2:= 3-4:= 5-6:=", "1-5:= 4-6:= 2:H 3:Z", "4-1:0 2-5:1 6-3:0"]


def test_c20_mdp_downfloated_two_rounds_before_floats_on() -> None:
    """Round 4 of 5: as the C18 case, two rounds back.  1 and 2 have 2 points and met in round 1;
    3 has 1.5; 4, 5, 6 have 1.  2 took a half-point bye in round 2 (downfloat two rounds
    before); neither MDP downfloated in round 3 (both games between equal scores: C18 ties at []).
    3 upfloated in round 3 (0.5 v 6 with 1), so C15 (1) and C19 ([0.5]) tie as 3 meets an MDP
    either way.  Colours: 1 strong Black, 2 mild Black, 3 mild White: no clash.  Next bracket: the
    MDP left plays 6 (1 met 4 and 5, 2 met 5; 2-4 would leave 5-6 who met) and 4-5 (C8 ties).
    C20 (Art. 2.4.15): given 1-3 lets 2 float on [floats on], candidate 2-3 [0.5].  Correct 3-2,
    6-1 (5.2.1), 5-4 (absolute White v absolute Black)."""
    rep = check(6, C20_HISTORY, "3-1 6-2 5-4", total=5)
    assert_quality(rep, "C20", 2, "[floats on]", "[0.5]", correct="3-2 6-1 5-4")
    assert_accepted(check(6, C20_HISTORY, "3-2 6-1 5-4", total=5))


C21_HISTORY = ["1-2:1 3-5:= 4-6:1", "5-1:0 2-6:1 3-4:1", "6-1:= 5-2:0 4:H 3:Z"]


def test_c21_mdp_opponent_upfloated_two_rounds_before_score_difference() -> None:
    """Round 4 of 5: as the C19 case, two rounds back.  1 2.5, 2 2 (met 1 in round 1), 3 and 4
    1.5, 5 and 6 0.5.  1 and 2 float into {3, 4}.  3 beat 4 in round 2 from 0.5 v 1: an upfloat
    two rounds before; in round 3 3 was absent and 4 had a half-point bye: no upfloat last round
    (C15, C19 tie at 0 / []), C17 ties (3 meets an MDP either way).  Both MDPs downfloated in
    rounds 2 (1 only) and 3 (both), the same score differences either way (C18 [1, 0.5], C20
    [1]).  Colours: 1 absolute White, 2 strong White, 3 absolute Black, 4 mild White: one
    non-strong clash either way (2-4 or 1-4: C12 1, C13 0).  C21 (Art. 2.4.16): 1-3 gives [1]
    (2.5 - 1.5), 2-3 [0.5].  Correct 1-4 (absolute beats mild, 5.2.2), 2-3 (5.2.1), 6-5."""
    rep = check(6, C21_HISTORY, "1-3 2-4 6-5", total=5)
    assert_quality(rep, "C21", 3, "[1]", "[0.5]", correct="1-4 2-3 6-5")
    assert_accepted(check(6, C21_HISTORY, "1-4 2-3 6-5", total=5))


# --------------------------------------------------------------------------- colour rules, Art. 5.2


def assert_colour(rep: RoundReport, rule: str, board: tuple[int, int]) -> None:
    assert not rep.ok
    assert [(f.kind, f.criterion, f.boards) for f in rep.findings] == [("colour", rule, (board,))], \
        [f.message for f in rep.findings]


def allocation(n: int, history: list[str], pairing: str, a: int, b: int, total: int = 5,
               initial: str = "white1") -> tuple[int, int, str]:
    t = tournament(n, history + [pairing], total, initial)
    st = round_state(t, len(history) + 1)
    al = allocate(st.players[a], st.players[b], st.initial_colour)
    return al.white, al.black, al.rule


def test_colour_5_2_1_both_preferences() -> None:
    """Round 2 (the C1 tournament): 1 played White, 2 Black; 1 wants Black, 2 White: both are
    granted (5.2.1), 2-1.  Given 1-2 reversed."""
    rep = check(4, C1_HISTORY, "1-2 3-4", total=5)
    assert_colour(rep, "5.2.1", (1, 2))
    assert_accepted(check(4, C1_HISTORY, "2-1 3-4", total=5))
    assert allocation(4, C1_HISTORY, "2-1 3-4", 1, 2) == (2, 1, "5.2.1")
    assert allocation(4, C1_HISTORY, "2-1 3-4", 4, 3) == (3, 4, "5.2.1")
    # a player without any game lets the other have the preference (C5 tournament, 5 was absent)
    assert allocation(5, C5_HISTORY, "2-1 3-5 4:U", 5, 3) == (3, 5, "5.2.1")


C522_HISTORY = ["1-3:1 4-2:0", "4-1:0 3-2:0"]


def test_colour_5_2_2_stronger_preference() -> None:
    """Round 3 of 5.  1 (WB, mild White) and 2 (BB, absolute White) both have 2 points; the
    stronger preference wins (5.2.2) although 1 ranks higher: 2-1.  3 (BW, mild Black) and 4
    (WW, absolute Black): 4 gets Black, 3-4.  Both scoregroups pair inside (1-2 and 3-4 have not
    met, no C3: only one absolute player per pair)."""
    rep = check(4, C522_HISTORY, "1-2 3-4", total=5)
    assert_colour(rep, "5.2.2", (1, 2))
    assert_accepted(check(4, C522_HISTORY, "2-1 3-4", total=5))
    assert allocation(4, C522_HISTORY, "2-1 3-4", 1, 2) == (2, 1, "5.2.2")
    assert allocation(4, C522_HISTORY, "2-1 3-4", 3, 4) == (3, 4, "5.2.2")
    # two absolute preferences: the larger |CD| wins, here for the lower-ranked player (C18
    # tournament: 4 BWW and 6 WW, both 1 point, both want Black; 6 has CD +2, 4 +1)
    assert allocation(6, C18_HISTORY, "2-3 1-6 5-4", 4, 6) == (4, 6, "5.2.2")
    # equal |CD| and equal histories fall through to 5.2.4 (C10 tournament: 1 and 2 both WW)
    assert allocation(6, C10_HISTORY, "4-1 3-2 5-6", 1, 2, total=3) == (2, 1, "5.2.4")


C523_HISTORY = ["1-3:1 2-4:1 5-6:=", "1-5:1 6-2:0 3-4:1", "6-1:0 2-3:1 4-5:="]


def test_colour_5_2_3_alternate_from_last_difference() -> None:
    """Round 4 of 5.  1 (WWB) and 2 (WBW) have 3 points, both CD +1: strong Black, equal.  Looking
    back from the latest round, in round 3 1 had Black and 2 White, so colours alternate from
    there (5.2.3): 1 White, 2 Black - although 5.2.4 would give the higher-ranked 1 Black.  The
    rest: 3 (BWB, strong White) and 5 (WBB, absolute White) have 1 point: 5-3 (5.2.2); 4 (BBW,
    strong White) and 6 (BWW, absolute Black), 0.5: 4-6 (5.2.1).  1-2, 3-5, 4-6 are the only
    pairs inside the scoregroups and none has met."""
    rep = check(6, C523_HISTORY, "2-1 5-3 4-6", total=5)
    assert_colour(rep, "5.2.3", (2, 1))
    assert_accepted(check(6, C523_HISTORY, "1-2 5-3 4-6", total=5))
    assert allocation(6, C523_HISTORY, "1-2 5-3 4-6", 1, 2) == (1, 2, "5.2.3")


C524_HISTORY = ["1-3:1 2-4:1"]


def test_colour_5_2_4_higher_ranked_preference() -> None:
    """Round 2 of 5.  1 and 2 both played White once (strong Black, same history): 5.2.1-5.2.3 do
    not decide, the higher-ranked 1 gets Black (5.2.4): 2-1.  3 and 4 (both Black once): 3 gets
    White."""
    rep = check(4, C524_HISTORY, "1-2 3-4", total=5)
    assert_colour(rep, "5.2.4", (1, 2))
    assert_accepted(check(4, C524_HISTORY, "2-1 3-4", total=5))
    assert allocation(4, C524_HISTORY, "2-1 3-4", 2, 1) == (2, 1, "5.2.4")
    assert allocation(4, C524_HISTORY, "2-1 3-4", 4, 3) == (3, 4, "5.2.4")


def test_colour_5_2_5_initial_colour() -> None:
    """Round 1: nobody has a preference.  The higher-ranked player gets the initial colour with an
    odd TPN and the other with an even one (5.2.5): with XXC white1, 1-3 and 4-2; with black1,
    3-1 and 2-4."""
    rep = check(4, [], "1-3 2-4", total=5)
    assert_colour(rep, "5.2.5", (2, 4))
    assert_accepted(check(4, [], "1-3 4-2", total=5))
    assert_accepted(check(4, [], "3-1 2-4", total=5, initial="black1"))
    assert_colour(check(4, [], "1-3 2-4", total=5, initial="black1"), "5.2.5", (1, 3))
    assert allocation(4, [], "1-3 4-2", 1, 3) == (1, 3, "5.2.5")
    assert allocation(4, [], "1-3 4-2", 2, 4) == (4, 2, "5.2.5")
    assert allocation(4, [], "3-1 2-4", 1, 3, initial="black1") == (3, 1, "5.2.5")
    assert allocation(4, [], "3-1 2-4", 2, 4, initial="black1") == (2, 4, "5.2.5")
