"""Adjourned games (``?``) in standings and tie-breaks (docs/trf.md, "Adjourned games").

C.04.2 Art. 3.1 counts an adjourned game as a draw for pairing only; TRF-2026 162 gives it the
``X`` value (by default a draw's).  Until the real result replaces it, the standings count it as
a game played with its ``X`` value (as FIDE TEC's gacrux does: a played result ``A`` valued by
the score system's ``X``), and say that they are provisional.

Every case below is a hand-made tournament; each expected value is worked out by hand from the
C.07 article in the line beside it.  The same files were run through gacrux in scratch
(``compare.py``, not a test dependency): every value asserted here is also gacrux's, except
TPR/PTP, where gacrux scores an adjourned game 0 (its rating table maps the adjourned result to
a zero-point bye's value) and we score it as its X value reads on the 1 / ½ / 0 scale
(:func:`test_tpr_counts_the_x_value_not_zero`).

Notation of the builder: a round is a string of tokens, ``"3-1:?"`` = 3 (White) against 1
(Black), White's code ``?`` (the other side is derived: ``1``/``0``, ``=``/``=``, ``?``/``?``);
``"4:U"`` the PAB, ``"2:Z"`` a zero-point bye (absence).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from tiebreaks.codes import parse_list, parse_tiebreak
from tiebreaks.context import build_context
from tiebreaks.output import standings_dict
from tiebreaks.registry import value
from tiebreaks.standings import MissingResult, missing_results, provisional_text, standings
from trf.model import Tournament

pytestmark = pytest.mark.fast

F = Fraction
_OTHER = {"1": "0", "0": "1", "=": "=", "?": "?", "+": "-", "-": "+", "": ""}


def event_text(n: int, rounds: list[str], header: tuple[str, ...] = (), ratings: dict[int, int] | None = None,
               total: int | None = None) -> str:
    """TRF-16 text: players 1..n (rating 2400 - 100 (i - 1) unless ``ratings`` says), one round
    block per string of ``rounds``, the points column from the file's own scoring, ``XXR``
    (``total``, default the rounds given) and ``XXC white1``."""
    blocks: dict[int, list[str]] = {i: [] for i in range(1, n + 1)}
    for rnd in rounds:
        seen: dict[int, str] = {}
        for tok in rnd.split():
            left, _, code = tok.partition(":")
            if "-" in left:
                w, b = map(int, left.split("-"))
                seen[w] = f"  {b:>4} w {code or ' '}"
                seen[b] = f"  {w:>4} b {_OTHER[code] or ' '}"
            else:
                seen[int(left)] = f"  0000 - {code}"
        for i in blocks:
            blocks[i].append(seen.get(i, " " * 10))
    rating = ratings or {}

    def line(i: int, points: str) -> str:
        head = (f"001 {i:>4} {'':1}{'':3} {f'Player {i}':<33} {rating.get(i, 2500 - 100 * i):>4} {'':3} {'':>11} "
                f"{'':10} {points:>4} {'':>4}")
        return (head + "".join(blocks[i])).rstrip()

    def text(points: dict[int, str]) -> str:
        lines = ["012 Adjourned games", *header, *(line(i, points.get(i, "")) for i in range(1, n + 1)),
                 f"XXR {total or len(rounds)}", "XXC white1"]
        return "\n".join(lines) + "\n"

    first = trf.parse_text(text({})).tournament  # the points column from the file's own scoring
    return text({i: trf.writer.points4(first.score(i)).strip() for i in range(1, n + 1)})


def tournament(*args: object, **kw: object) -> Tournament:
    parsed = trf.parse_text(event_text(*args, **kw))  # type: ignore[arg-type]
    bad = [d for d in parsed.diagnostics if d.severity is not trf.Severity.INFO]
    assert not bad, bad
    return parsed.tournament


def val(t: Tournament, pid: int, code: str, **kw: object) -> object:
    return value(build_context(t, **kw), pid, parse_tiebreak(code))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the cases
# name -> (players, rounds, header records); compare.py (scratch) runs gacrux on the same texts.

CASES: dict[str, tuple[int, list[str], tuple[str, ...]]] = {
    # R1 1-0 on both boards; R2 3-1 adjourned, 2-4 drawn.  1 and 3 on 1.5, 2 and 4 on 0.5.
    "basic": (4, ["1-2:1 3-4:1", "3-1:? 2-4:="], ()),
    # the same games, an adjourned game worth nothing (162 X 0.0): 1 and 3 on 1
    "x-zero": (4, ["1-2:1 3-4:1", "3-1:? 2-4:="], ("162  X 0.0",)),
    # the same games under 3/1/0: X follows the draw (162 says nothing of X): 1 and 3 on 4
    "three-one-zero": (4, ["1-2:1 3-4:1", "3-1:? 2-4:="], ("162  W 3.0    D 1.0",)),
    # the same games, an adjourned game worth a win's points for both (162 X 1.0): 1 and 3 on 2
    "x-is-a-win": (4, ["1-2:1 3-4:1", "3-1:? 2-4:="], ("162  X 1.0",)),
    # the adjourned game in the final round: FB draws every final-round game anyway
    "final-round": (4, ["1-2:1 3-4:=", "4-1:0 2-3:1", "1-3:? 4-2:1"], ()),
    # three players tied on 2, their games 1-2 1-0, 1-3 ?, 2-3 ?: DE 1 (1.5), 3 (1), 2 (0.5)
    "direct-encounter": (5, ["1-2:1 3-4:1 5:Z", "1-3:? 2-5:= 4:Z", "4-1:= 3-5:0 2:Z",
                             "5-1:1 2-4:1 3:Z", "2-3:? 4-5:0 1:Z"], ()),
    # 2 withdraws after an adjourned game and a win; 4 gets the PAB in round 3; all on 1.5
    "withdrawn": (4, ["1-2:? 3-4:1", "2-3:1 4-1:=", "1-3:? 2:Z 4:U"], ()),
    # the same under the 2023 rules (042 before 2026-03-01): unplayed rounds' dummy uncapped
    "withdrawn-2023": (4, ["1-2:? 3-4:1", "2-3:1 4-1:=", "1-3:? 2:Z 4:U"], ("042 2025/06/01",)),
    # six players, two adjourned games in round 2 and one in round 3
    "several": (6, ["1-4:1 5-2:0 3-6:=", "2-1:? 4-3:? 6-5:1", "1-3:? 2-6:1 5-4:0"], ()),
    # an adjourned game against the PAB's receiver, who plays on
    "pab": (5, ["1-3:= 4-2:? 5:U", "2-1:0 5-4:? 3:U", "1-5:? 3-2:1 4:U"], ()),
    # an adjourned game won by nobody yet in a round robin-like complete 4-player event
    "everyone-met": (4, ["1-4:1 2-3:?", "4-3:0 1-2:=", "2-4:1 3-1:?"], ()),
}


def case(name: str) -> Tournament:
    n, rounds, header = CASES[name]
    return tournament(n, rounds, header)


# --------------------------------------------------------------------------- values, by hand


def test_basic_counts_the_adjourned_game_as_a_draw() -> None:
    t = case("basic")
    assert [t.score(i) for i in (1, 2, 3, 4)] == [F(3, 2), F(1, 2), F(3, 2), F(1, 2)]  # 1+½, 0+½, 1+½, 0+½
    assert val(t, 1, "BH") == F(2)  # opponents 2 (½) and 3 (1½)
    assert val(t, 1, "SB") == F(5, 4)  # 1 x ½ (beat 2) + ½ x 1½ (the ? against 3)
    assert val(t, 1, "WIN") == 1 and val(t, 3, "WIN") == 1  # the ? is a draw's points, no win
    assert val(t, 1, "STD") == F(3, 2)  # 1 + ½: the ? is exactly a draw's points (art. 7.7)
    assert val(t, 1, "BPG") == 1 and val(t, 4, "BPG") == 2  # 1 had Black only in the ?; 4 Black twice
    assert val(t, 1, "REP") == 2  # both rounds elected to play, the ? one too (art. 7.6)
    assert val(t, 1, "KS") == F(1, 2)  # 50% is 1 point: only 3 (1½) counts, the ? gives ½
    assert val(t, 2, "KS") == 0  # against 1 (1½ >= 1): lost; 4 (½) does not count
    assert val(t, 1, "PS") == F(5, 2)  # running 1, then 1½


def test_the_x_value_replaces_the_draw() -> None:
    t = case("x-zero")
    assert t.score(1) == 1 and t.score(3) == 1  # the ? is worth 0 by 162 X 0.0
    assert val(t, 1, "BH") == F(3, 2)  # opponents 2 (½) and 3 (1)
    assert val(t, 1, "SB") == F(1, 2)  # 1 x ½ + 0 x 1
    assert val(t, 1, "STD") == 1  # 1 + 0: the ? is less than a draw's points (art. 7.7)


def test_the_x_value_follows_the_draw_of_another_scoring() -> None:
    t = case("three-one-zero")
    assert t.score(1) == 4 and t.score(2) == 1  # 3 + 1 (X = D = 1), 0 + 1
    assert val(t, 1, "BH") == 5  # opponents 2 (1) and 3 (4)
    assert val(t, 1, "SB") == 7  # 3 x 1 + 1 x 4


def test_an_x_worth_a_win_counts_as_a_win() -> None:
    """Art. 7.1 counts the rounds with a win's points: a ? worth 1 (162 X 1.0) is one, as it is for
    gacrux (points == W); WON and BWG count it too, the result it stands for being a win's."""
    t = case("x-is-a-win")
    assert t.score(1) == 2 and t.score(3) == 2  # both sides of the ? get 1
    assert val(t, 1, "WIN") == 2 and val(t, 3, "WIN") == 2
    assert val(t, 1, "WON") == 2 and val(t, 1, "BWG") == 1  # 1 had Black in the ?


def test_adjourned_in_the_final_round() -> None:
    t = case("final-round")
    assert [t.score(i) for i in (1, 2, 3, 4)] == [F(5, 2), 1, 1, F(3, 2)]  # 1+1+½, 0+1+0, ½+0+½, ½+0+1
    assert val(t, 1, "BH") == F(7, 2)  # opponents 2 (1), 4 (1½), 3 (1)
    # FB: the final round drawn for everybody: 1 -> 2½, 2 -> 1½, 3 -> 1, 4 -> 1
    assert val(t, 4, "FB") == 5  # opponents 3 (1), 1 (2½), 2 (1½)
    assert val(t, 4, "BH") == F(9, 2)  # opponents 3 (1), 1 (2½), 2 (1)
    assert val(t, 1, "PS") == F(11, 2)  # running 1, 2, 2½


def test_direct_encounter_counts_the_adjourned_games() -> None:
    """1, 2 and 3 end on 2 points (1: 1 + ½ + ½ + 0, 2: 0 + ½ + 1 + ½, 3: 1 + ½ + 0 + ½), and
    have all met: art. 6.2 ranks them by their points against each other, the ? as ½: 1 has
    1½ (beat 2, ? with 3), 3 has 1 (two ?), 2 has ½.  Counting a ? as nothing would give 1, 0,
    0 and leave 2 and 3 tied."""
    t = case("direct-encounter")
    s = standings(t, parse_list("DE"))
    assert [(r.pid, r.place) for r in s.rows] == [(5, "1"), (1, "2"), (3, "3"), (2, "4"), (4, "5")]


def test_buchholz_around_a_withdrawal() -> None:
    """Art. 16 (2026): 2's round-3 absence is the last round, a cat. .5 bye, so 2's opponents see
    2's score with it as a draw (2); 2's and 4's own unplayed rounds get a dummy worth their own
    score capped at ½ x 3 rounds (16.4.2): 1½."""
    t = case("withdrawn")
    assert all(t.score(i) == F(3, 2) for i in (1, 2, 3, 4))  # ½+½+½, ½+1+0, 1+0+½, 0+½+1
    assert val(t, 1, "BH") == 5  # 2 seen as 2 (16.3), 4: 1½, 3: 1½
    assert val(t, 2, "BH") == F(9, 2)  # 1: 1½, 3: 1½, dummy 1½
    assert val(t, 3, "BH") == 5  # 4: 1½, 2 seen as 2, 1: 1½
    assert val(t, 4, "BH") == F(9, 2)  # 3: 1½, 1: 1½, PAB's dummy 1½


def test_buchholz_around_a_withdrawal_2023() -> None:
    t = case("withdrawn-2023")
    assert val(t, 1, "BH") == 5 and val(t, 2, "BH") == F(9, 2)  # as in 2026: the dummy (own score) is 1½ anyway


def test_several_adjourned_games() -> None:
    t = case("several")
    # 1: 1 + ½ + ½; 2: 1 + ½ + 1; 3: ½ + ½ + ½; 4: 0 + ½ + 1; 5: 0 + 0 + 0; 6: ½ + 1 + 0
    assert [t.score(i) for i in range(1, 7)] == [2, F(5, 2), F(3, 2), F(3, 2), 0, F(3, 2)]
    assert val(t, 1, "BH") == F(11, 2)  # opponents 4 (1½), 2 (2½), 3 (1½)
    assert val(t, 1, "SB") == F(7, 2)  # 1 x 1½ + ½ x 2½ + ½ x 1½
    assert val(t, 3, "BH") == 5  # opponents 6 (1½), 4 (1½), 1 (2)
    assert val(t, 3, "PS") == 3  # running ½, 1, 1½
    assert val(t, 4, "BWG") == 1 and val(t, 4, "BPG") == 2  # Black against 1 (lost) and 5 (won), White in the ?


def test_adjourned_beside_pairing_allocated_byes() -> None:
    t = case("pab")
    # 1: ½ + 1 + ½; 2: ½ + 0 + 0; 3: ½ + 1 (PAB) + 1; 4: ½ + ½ + 1 (PAB); 5: 1 (PAB) + ½ + ½
    assert [t.score(i) for i in range(1, 6)] == [2, F(1, 2), F(5, 2), 2, 2]
    assert val(t, 5, "BH") == F(11, 2)  # PAB dummy min(2, ½ x 3) = 1½ (16.4.2), 4: 2, 1: 2
    assert val(t, 1, "BH") == 5  # 3 (2½, the PAB keeps its points: cat. .1), 2 (½), 5 (2)
    assert val(t, 5, "WIN") == 1  # the PAB is a win's points (art. 7.1); the two ? are not
    assert val(t, 5, "REP") == 3  # the PAB and two ? games (art. 7.6)


def test_everyone_met_and_everything_tied() -> None:
    """1, 2 and 3 on 2 points (1: 1 + ½ + ½, 2: ½ + ½ + 1, 3: ½ + 1 + ½), all met, ½ against
    each other in total 1 each (two of those games adjourned): DE, BH (4 each: two opponents on 2
    and 4 on 0) and SB (2 each) leave them sharing 1-3."""
    t = case("everyone-met")
    s = standings(t, parse_list("DE,BH,SB"))
    assert [(r.pid, r.place) for r in s.rows] == [(1, "1-3"), (2, "1-3"), (3, "1-3"), (4, "4")]
    assert [r.values[1:] for r in s.rows[:3]] == [(4, 2)] * 3


def test_tpr_counts_the_x_value_not_zero() -> None:
    """TPR (art. 10.2) of 1 in "basic": ratings 2300 (2, beaten) and 2200 (3, the ?).  The ? is
    scored as its X value on the 1 / ½ / 0 scale, ½ (a draw for pairing, C.04.2 Art. 3.1): 1½ of
    2 = 75%, dp 193, average 2250 -> 2443.  gacrux scores it 0 (50%, dp 0 -> 2250): the divergence
    docs/trf.md records.  ARO (art. 10.1) counts the game either way: (2300 + 2200) / 2 = 2250."""
    t = case("basic")
    assert val(t, 1, "ARO") == 2250
    assert val(t, 1, "TPR") == 2443
    zero = case("x-zero")  # a ? worth 0 is less than a draw's points, a loss on the scale: 50%, dp 0
    assert val(zero, 1, "TPR") == 2250


# --------------------------------------------------------------------------- final or provisional


def test_standings_are_provisional_while_a_result_is_adjourned_or_missing() -> None:
    """"basic" with its round 2 adjourned game: not final, the one game listed.  The same file with
    round 2 freshly paired but 2-4 entered and 3-1 blank: 3-1 is missing without a result.  With
    3-1 entered (1-0) the standings are final."""
    t = case("basic")
    s = standings(t, parse_list("BH"))
    assert not s.final and s.missing == (MissingResult(2, 3, 1, True),)
    blank = tournament(4, ["1-2:1 3-4:1", "3-1 2-4:="])
    s2 = standings(blank, parse_list("BH"))
    assert not s2.final and s2.missing == (MissingResult(2, 3, 1, False),)
    done = tournament(4, ["1-2:1 3-4:1", "3-1:1 2-4:="])
    assert standings(done, parse_list("BH")).final and standings(done, parse_list("BH")).missing == ()


def test_the_missing_results_of_the_rounds_counted_only() -> None:
    """Standings after round 1 of "several" are final (its games all have results); after round 2
    two games are adjourned, after round 3 three, listed by round and the smaller start rank."""
    t = case("several")
    assert missing_results(t, 1) == ()
    assert standings(t, parse_list("BH"), after_round=1).final
    assert missing_results(t, 3) == (MissingResult(2, 2, 1, True), MissingResult(2, 4, 3, True),
                                     MissingResult(3, 1, 3, True))


def test_provisional_text() -> None:
    missing = (MissingResult(2, 2, 1, True), MissingResult(2, 4, 3, False), MissingResult(3, 1, 3, True))
    assert provisional_text(missing) == "3 results missing (round 2: 2-1 adjourned, 4-3 no result; round 3: 1-3 adjourned)"
    assert provisional_text(missing[:1]) == "1 result missing (round 2: 2-1 adjourned)"
    assert provisional_text(missing, shown=2) == "3 results missing (round 2: 2-1 adjourned, 4-3 no result; ...)"


def test_standings_json_says_final_and_missing() -> None:
    t = case("several")
    data = standings_dict(t, standings(t, parse_list("BH")), "several.trf")
    assert data["final"] is False
    assert data["missing"] == [{"round": 2, "white": 2, "black": 1, "result": "?"},
                               {"round": 2, "white": 4, "black": 3, "result": "?"},
                               {"round": 3, "white": 1, "black": 3, "result": "?"}]
    done = tournament(4, ["1-2:1 3-4:1", "3-1:1 2-4:="])
    data = standings_dict(done, standings(done, parse_list("BH")), "done.trf")
    assert data["final"] is True and data["missing"] == []
