"""Game scoring: TRF-2026 ``162``, JaVaFo ``XXS`` and bbpPairings ``BB?`` lines.

Expected values are worked out by hand from the notations (TRF-2026 4.2 for 162, the JaVaFo
AUM table for XXS, bbpPairings' BB? defaults; see ../shared/reference/trf.md 3.1, 3.2, 4.2) and
from listed points written by the corpus generator (bbpPairings).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import trf
from trf import Result, Severity
from trf.scoring import ScoringSystem
from tests.support import REPO

HALF = Fraction(1, 2)


def p001(n: int, points: str, *blocks: str) -> str:
    """A player line built column by column (TRF-16 2.2)."""
    assert len(points) == 4 and all(len(b) == 10 for b in blocks)
    return f"001 {n:>4} m    {f'Player {n}':<33} {2400 - 10 * n:>4} NOR {1000 + n:>11} 2000/01/01 {points} {n:>4}" + "".join(blocks)


def tournament(*lines: str) -> trf.ParseResult:
    return trf.parse_text("\n".join(lines) + "\n")


# 1 beats 2 (1 White), 3 and 4 draw (3 White); 5 gets the pairing-allocated bye.
ROUND = (
    p001(1, "    ", "     2 w 1"),
    p001(2, "    ", "     1 b 0"),
    p001(3, "    ", "     4 w ="),
    p001(4, "    ", "     3 b ="),
    p001(5, "    ", "  0000 - U"),
)


def scores(*header: str) -> list[Fraction]:
    t = tournament("012 T", *header, *ROUND).tournament
    return [t.score(n) for n in range(1, 6)]


@pytest.mark.fast
def test_default_scoring_is_one_half_zero() -> None:
    assert scores() == [1, 0, HALF, HALF, 1]
    assert tournament("012 T", *ROUND).tournament.scoring.is_default


@pytest.mark.fast
@pytest.mark.parametrize(
    ("lines", "win"),
    [
        pytest.param(("BBW  2.0",), 2, id="BB-only"),
        pytest.param(("BBW  2.0", "XXS W=3"), 3, id="XXS-over-BB"),
        pytest.param(("XXS W=3", "BBW  2.0"), 3, id="XXS-over-BB-whatever-the-order"),
        pytest.param(("BBW  2.0", "XXS W=3", "162  W 4.0"), 4, id="162-over-XXS-and-BB"),
        pytest.param(("162  W 4.0", "XXS W=3", "BBW  2.0"), 4, id="162-first-in-the-file"),
        pytest.param(("XXS W=3", "162  W 4.0"), 4, id="162-over-XXS"),
        pytest.param(("BBW  2.0", "162  W 4.0"), 4, id="162-over-BB"),
    ],
)
def test_precedence_162_then_xxs_then_bb(lines: tuple[str, ...], win: int) -> None:
    # the win value every notation sets; the PAB follows it in all three (P = W, PAB via
    # W, BBU = BBW), the draw stays 0.5
    assert scores(*lines) == [win, 0, HALF, HALF, win]


@pytest.mark.fast
def test_notations_are_not_mixed() -> None:
    """A 162 line lists only what differs from the default (TRF-2026 4.2), so the draw it omits is
    worth 0.5 even when an XXS line for JaVaFo gives 1: the highest notation present decides alone."""
    assert scores("XXS W=3 D=1", "162  W 2.0") == [2, 0, HALF, HALF, 2]
    assert scores("BBD  1.0", "XXS W=3") == [3, 0, HALF, HALF, 3]


@pytest.mark.fast
def test_xxs_w3_d1_gives_a_three_point_pab() -> None:
    # JaVaFo AUM: "XXS W=3 D=1" is 3/1/0 with PAB = 3
    assert scores("XXS W=3 D=1") == [3, 0, 1, 1, 3]
    s = tournament("XXS W=3 D=1").tournament.scoring
    assert (s.win_white, s.win_black, s.forfeit_win, s.full_point_bye, s.pab_value) == (3, 3, 3, 3, 3)
    assert (s.draw_white, s.draw_black, s.half_point_bye) == (1, 1, 1)
    assert (s.loss_white, s.forfeit_loss, s.zero_point_bye) == (0, 0, 0)


@pytest.mark.fast
def test_explicit_pab_values() -> None:
    assert scores("XXS W=3 D=1 PAB=1") == [3, 0, 1, 1, 1]
    assert scores("XXS PAB=.5") == [1, 0, HALF, HALF, HALF]  # the AUM's own example
    assert scores("162  W 3.0    D 1.0    P 1.0") == [3, 0, 1, 1, 1]
    assert scores("BBW  3.0", "BBD  1.0") == [3, 0, 1, 1, 3]  # BBU defaults to BBW
    assert scores("BBW  3.0", "BBU  1.0") == [3, 0, HALF, HALF, 1]


@pytest.mark.fast
def test_xxs_later_assignments_override_earlier_ones() -> None:
    # left to right, top to bottom: W=3 sets WW and BW, then WW=2 overrides the white win only
    s = tournament("XXS W=3", "XXS WW=2").tournament.scoring
    assert (s.win_white, s.win_black) == (2, 3)
    s = tournament("XXS WW=2 W=3").tournament.scoring
    assert (s.win_white, s.win_black) == (3, 3)


@pytest.mark.fast
def test_colour_specific_xxs_values_apply_by_colour() -> None:
    # R1: 1 (w) beats 2 (b); 3 (w) draws 4 (b).  R2: 1 (b) beats 4 (w); 2 (w) draws 3 (b).
    # WW=1 BW=1.5 WD=0.5 BD=0.7 WL=0 BL=0.1:
    #   1: WW 1 + BW 1.5 = 2.5;  2: BL 0.1 + WD 0.5 = 0.6;  3: WD 0.5 + BD 0.7 = 1.2;  4: BD 0.7 + WL 0 = 0.7
    result = tournament(
        "012 Colours",
        "XXS WW=1 BW=1.5 WD=0.5 BD=0.7 BL=0.1",
        p001(1, " 2.5", "     2 w 1", "     4 b 1"),
        p001(2, " 0.6", "     1 b 0", "     3 w ="),
        p001(3, " 1.2", "     4 w =", "     2 b ="),
        p001(4, " 0.7", "     3 b =", "     1 w 0"),
    )
    assert result.diagnostics == ()  # in particular no points-mismatch
    t = result.tournament
    assert [t.score(n) for n in (1, 2, 3, 4)] == [Fraction(5, 2), Fraction(3, 5), Fraction(6, 5), Fraction(7, 10)]
    assert [t.score(n, through=1) for n in (1, 2, 3, 4)] == [1, Fraction(1, 10), HALF, Fraction(7, 10)]
    # 162 cannot express it
    assert t.scoring.as_162() is None
    assert t.scoring.as_bbp() is None


@pytest.mark.fast
def test_162_symbols_cover_byes_and_forfeits() -> None:
    # W: OTB win, forfeit win, FPB; D: draw, HPB; A: ZPB and forfeit loss; P: PAB; X: unknown
    s = tournament("162  W 3.0    D 1.0    L 0.5    A 0.2    P 2.0    X 1.5").tournament.scoring
    e = trf.RoundEntry
    none, white = trf.Colour.NONE, trf.Colour.WHITE
    assert [s.value(x) for x in (
        e(2, white, Result.WIN), e(2, white, Result.FORFEIT_WIN), e(None, none, Result.FULL_POINT_BYE),
        e(2, white, Result.DRAW), e(None, none, Result.HALF_POINT_BYE),
        e(2, white, Result.LOSS),
        e(None, none, Result.ZERO_POINT_BYE), e(2, white, Result.FORFEIT_LOSS), e(None, none, None),
        e(None, none, Result.PAIRING_ALLOCATED_BYE),
    )] == [3, 3, 3, 1, 1, HALF, Fraction(1, 5), Fraction(1, 5), Fraction(1, 5), 2]
    assert s.unknown == Fraction(3, 2)


@pytest.mark.fast
def test_162_symbol_z_is_read_as_a() -> None:
    # bbpPairings wrote Z for A before its PR #36: accepted, with an INFO
    result = tournament("162  W 3.0    D 1.0    Z 0.5")
    assert [(d.severity, d.code) for d in result.diagnostics] == [(Severity.INFO, "normalised")]
    s = result.tournament.scoring
    assert (s.zero_point_bye, s.forfeit_loss) == (HALF, HALF)


# --------------------------------------------------------------------------- corpus 3/1/0 tournaments

FIXTURE_310 = REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0032-n17-r11.trf"


@pytest.mark.fast
def test_162_w3_d1_scores_dev_0032_listed_points() -> None:
    result = trf.parse_file(FIXTURE_310)
    assert result.diagnostics == ()
    t = result.tournament
    assert t.scoring == ScoringSystem(
        win_white=Fraction(3), win_black=Fraction(3), forfeit_win=Fraction(3), full_point_bye=Fraction(3),
        draw_white=Fraction(1), draw_black=Fraction(1), half_point_bye=Fraction(1),
    )
    # by hand: player 1  1 1 1 = 1 1 - 1 1 1 1 -> 9 x 3 + 1 = 28.0 (listed 28.0)
    #          player 3  1 1 + = 1 = 1 1 1 1 1 -> 9 x 3 + 2 = 29.0 (listed 29.0; the forfeit win is a W)
    #          player 17 U 0 = = 0 0 0 0 0 0 0 -> 3 + 2 = 5.0 (listed 5.0; the PAB is worth a win)
    assert [(t.player(n).points, t.score(n)) for n in (1, 3, 17)] == [(28, 28), (29, 29), (5, 5)]
    assert all(p.points == t.score(p.start_rank) for p in t.players)
    # under 1 / 0.5 / 0 the listed points would not match: 9.5, 10, 2
    default = t.replace_records(tuple(r for r in t.records if not isinstance(r, trf.ScoringRecord)))
    assert [default.score(n) for n in (1, 3, 17)] == [Fraction(19, 2), 10, 2]


@pytest.mark.corpus
def test_162_scores_every_corpus_310_tournament(corpus_dir: Path) -> None:
    found = 0
    for path in sorted((corpus_dir / "dutch-2026" / "tournaments").glob("*.trf")):
        data = path.read_bytes()
        if b"\n162 " not in data:
            continue
        found += 1
        t = trf.parse_bytes(data).tournament
        assert (t.scoring.win_white, t.scoring.draw_white, t.scoring.pab_value) == (3, 1, 3), path.name
        assert all(p.points == t.score(p.start_rank) for p in t.players), path.name
    assert found == 30  # grep -l '^162' tournaments/*.trf | wc -l


@pytest.mark.fast
def test_running_totals_are_each_prefix_total() -> None:
    # The colour-specific XXS above: player 1 scores WW 1 then BW 1.5, player 2 BL 0.1 then WD 0.5;
    # over the least common denominator 10: 0, 10, 25 and 0, 1, 6.  A blank block (None) adds 0.
    result = tournament(
        "012 Colours",
        "XXS WW=1 BW=1.5 WD=0.5 BD=0.7 BL=0.1",
        p001(1, " 2.5", "     2 w 1", "     4 b 1"),
        p001(2, " 0.6", "     1 b 0", "     3 w ="),
        p001(3, " 1.2", "     4 w =", "     2 b ="),
        p001(4, " 0.7", "     3 b =", "     1 w 0"),
    )
    tt = result.tournament
    s = tt.scoring
    assert s.denominator == 10
    assert s.running_totals(tt.player(1).rounds) == [0, 10, 25]
    assert s.running_totals(tt.player(2).rounds) == [0, 1, 6]
    assert s.running_totals([None, *tt.player(2).rounds, None]) == [0, 0, 1, 6, 6]
    for n in (1, 2, 3, 4):
        totals = s.running_totals(tt.player(n).rounds)
        assert [Fraction(x, s.denominator) for x in totals] == [tt.score(n, through=k) for k in range(3)]
