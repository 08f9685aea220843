"""A TRF-2026 ``299`` penalty moves a player to a lower score group, and the Dutch engine and the
checker pair by the penalised score (:meth:`trf.model.Tournament.score`, docs/trf.md "Record 299").

Eight players, two rounds played (152 W; rounds 1 and 2 are the Dutch pairings of their
brackets), then ``299          -1.0    2    5``: player 5 loses a point from round 2 on.

After round 2 (colours in brackets):

* 1: beat 5 (w), beat 3 (b): 2.0        * 2: beat 6 (b), beat 4 (w): 2.0
* 3: beat 7 (w), lost to 1 (w): 1.0     * 4: beat 8 (b), lost to 2 (b): 1.0
* 5: lost to 1 (b), beat 7 (w): 1.0, with the penalty 0.0
* 6: lost to 2 (w), beat 8 (b): 1.0     * 7: lost to 3 (b), lost to 5 (b): 0.0
* 8: lost to 4 (w), lost to 6 (w): 0.0

Without the penalty (C.04.3 2026): bracket 2.0 {1, 2}: 1-2 (1 had b last, 2 had w: 1 White).
Bracket 1.0 {3, 4, 5, 6}, S1 {3, 4}, S2 {5, 6}: 3 has had White twice and must have Black, 4
Black twice and must have White; 5 expects Black, 6 White.  The first candidate 3-5, 4-6 leaves
5 and 6 without their colour; the transposition 3-6, 4-5 gives everybody theirs: 6-3, 4-5.
Bracket 0.0 {7, 8}: 7 (b, b) White, 8 (w, w) Black: 7-8.

With the penalty: bracket 1.0 is {3, 4, 6} (odd), S1 {3}, S2 {4, 6}.  The first candidate 3-4
(4 White, 3 Black: both their colour) leaves 6 to float down; 3-6 would leave 4, and gives no
better colours: 4-3, 6 floats.  Bracket 0.0 is {6 (downfloater), 5, 7, 8}: S1 {6}, S2 {5, 7, 8};
6 has met 2 and 8, not 5: 6-5 (6 expects White, 5 Black); then 7-8.
"""

from __future__ import annotations

import pytest

import trf
from pairing.dutch import pair_round
from tests.support import check_as_filed

pytestmark = pytest.mark.fast

FILE = """\
012 Penalty and score groups
042 2026/03/07
142 5
152 W
192 FIDE_DUTCH_2026
001    1 m    Aas, Anna                         2280 NOR        1601             2.0          5 w 1     3 b 1
001    2 m    Bakke, Bo                         2260 NOR        1602             2.0          6 b 1     4 w 1
001    3 m    Dahl, Cato                        2240 NOR        1603             1.0          7 w 1     1 w 0
001    4 m    Eng, Dag                          2220 NOR        1604             1.0          8 b 1     2 b 0
001    5 m    Fjell, Eli                        2200 NOR        1605             {p5}          1 b 0     7 w 1
001    6 m    Gran, Finn                        2180 NOR        1606             1.0          2 w 0     8 b 1
001    7 m    Haug, Gro                         2160 NOR        1607             0.0          3 b 0     5 b 0
001    8 m    Ise, Hans                         2140 NOR        1608             0.0          4 w 0     6 w 0
"""
PENALTY = "299          -1.0    2    5\n"

WITHOUT = ((1, 2), (6, 3), (4, 5), (7, 8))
WITH = ((1, 2), (4, 3), (6, 5), (7, 8))


def tournament(penalty: bool) -> trf.Tournament:
    result = trf.parse_text(FILE.format(p5="0.0" if penalty else "1.0") + (PENALTY if penalty else ""))
    assert result.diagnostics == (), [d.format() for d in result.diagnostics]
    return result.tournament


def test_the_penalty_moves_player_5_to_the_lowest_score_group() -> None:
    assert tournament(False).score(5, 2) == 1 and tournament(True).score(5, 2) == 0
    assert tournament(True).score(5, 1) == 0  # 1 lost (b): the penalty counts from round 2


def test_the_engine_pairs_by_the_penalised_score() -> None:
    assert pair_round(tournament(False)).boards == WITHOUT
    assert pair_round(tournament(True)).boards == WITH


def _with_round_3(t: trf.Tournament, boards: tuple[tuple[int, int], ...]) -> trf.Tournament:
    from dataclasses import replace

    from trf.model import Colour, Player, RoundEntry

    colour = {w: (b, Colour.WHITE) for w, b in boards} | {b: (w, Colour.BLACK) for w, b in boards}
    records = tuple(replace(r, rounds=r.rounds + (RoundEntry(colour[r.start_rank][0], colour[r.start_rank][1], None),))
                    if isinstance(r, Player) else r for r in t.records)
    return t.replace_records(records)


def test_the_checker_judges_round_3_by_the_penalised_score() -> None:
    """The checker accepts the engine's pairing of each file, and refuses the other: with the
    penalty, 3-6 and 4-5 is no longer the best pairing of the 1.0 bracket (5 is not in it)."""
    for penalty, good, bad in ((False, WITHOUT, WITH), (True, WITH, WITHOUT)):
        t = tournament(penalty)
        assert check_as_filed(_with_round_3(t, good), 3).ok, penalty
        assert not check_as_filed(_with_round_3(t, bad), 3).ok, penalty


def test_floats_and_pab_eligibility_read_what_the_round_scored() -> None:
    """C.04.3 Art. 1.4.3 (a round without a game that scored more than a loss is a downfloat) and
    Art. 2.1.2 (no PAB for a player who scored a win's points without playing) read the round's
    points with its 299 records, in the engine and in the checker alike (fixtures/abnormal):
    player 2's round-2 half-point bye is worth 0.5 (a downfloat, no bar to the PAB); worth 0 by
    ``299 H 0.0`` it is no downfloat; counted as a full-point bye worth 1 by ``299 F 1.0 2 2``
    it bars the PAB."""
    from checker.dutch.state import float_of, pab_ban
    from pairing.dutch.players import Float, pab_eligible_2026, unplayed_float_2026
    from tests.support import FIXTURES

    def read(name: str) -> trf.Tournament:
        return trf.parse_file(FIXTURES / "abnormal" / name).tournament

    base, zero, full = read("00-base.trf"), read("02-value-half-bye.trf"), read("06-assign-full-bye.trf")
    assert unplayed_float_2026(base, 2, 2) is Float.DOWN and float_of(base, 2, 2) is not None
    assert unplayed_float_2026(zero, 2, 2) is None and float_of(zero, 2, 2) is None
    assert pab_eligible_2026(base, 2, 5) and pab_ban(base, 2, 5) is None
    assert not pab_eligible_2026(full, 2, 5)
    assert pab_ban(full, 2, 5) == "scored a win's points without playing in round 2"
