"""The FIDE Rating Regulations' conversion tables (B.02 8.1.1 and 8.1.2) and FIDE's rounding.

Data, not formulas: neither the logistic curve nor the normal CDF reproduces these values.
Used by the rating-based tie-breaks (:mod:`tiebreaks.rating`, C.07 art. 10) and by the rating
changes (:mod:`ratings.change`); this module sits below both and imports nothing of the project.
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["DP_TABLE", "PD_TABLE", "PD_BANDS", "PD_MAX", "dp", "expected", "round_half_up", "percentage"]

# --------------------------------------------------------------------------- B.02 tables
#
# Source: FIDE Handbook B.02 (FIDE Rating Regulations), table 8.1.1 "conversion of fractional
# score p into rating differences dp" and table 8.1.2 "conversion of difference in rating D
# into scoring probability PD", as the Handbook text is quoted in TieBreakServer's
# gacrux/fidetables.py. The p -> dp column was cross-checked against two
# independent copies of the regulation's table (scribd "The working of the FIDE Rating System",
# table 10.1a; chess.sainfo.ru "Рейтинговая система FIDE", table 8.1a); the D -> PD bands
# against the same copies' first rows and against gacrux's per-point array (identical for
# D = 0..800). Neither the logistic curve nor the normal CDF reproduces these values: they
# are data, not a formula.

#: 8.1.1, p = 1.00, 0.99, ..., 0.50 -> dp (the lower half is symmetric: dp(1 - p) = -dp(p)).
_DP_UPPER_HALF = """
800 677 589 538 501 470 444 422 401 383 366 351 336 322 309 296 284 273 262 251
240 230 220 211 202 193 184 175 166 158 149 141 133 125 117 110 102  95  87  80
 72  65  57  50  43  36  29  21  14   7   0
"""

#: 8.1.2, |D| band -> H, the higher-rated player's expected score (the lower-rated gets 1 - H).
_PD_BANDS_TEXT = """
0-3 .50      4-10 .51     11-17 .52    18-25 .53    26-32 .54    33-39 .55    40-46 .56
47-53 .57    54-61 .58    62-68 .59    69-76 .60    77-83 .61    84-91 .62    92-98 .63
99-106 .64   107-113 .65  114-121 .66  122-129 .67  130-137 .68  138-145 .69  146-153 .70
154-162 .71  163-170 .72  171-179 .73  180-188 .74  189-197 .75  198-206 .76  207-215 .77
216-225 .78  226-235 .79  236-245 .80  246-256 .81  257-267 .82  268-278 .83  279-290 .84
291-302 .85  303-315 .86  316-328 .87  329-344 .88  345-357 .89  358-374 .90  375-391 .91
392-411 .92  412-432 .93  433-456 .94  457-484 .95  485-517 .96  518-559 .97  560-619 .98
620-735 .99  736- 1.00
"""


def _build_dp_table() -> dict[Fraction, int]:
    upper = [int(v) for v in _DP_UPPER_HALF.split()]
    assert len(upper) == 51, "8.1.1 has 51 entries from 1.00 down to 0.50"
    table: dict[Fraction, int] = {}
    for i, value in enumerate(upper):  # i = 0 -> p = 1.00
        table[Fraction(100 - i, 100)] = value
        table[Fraction(i, 100)] = -value
    return dict(sorted(table.items()))


def _build_pd_bands() -> tuple[tuple[int, int | None, Fraction], ...]:
    bands = []
    tokens = _PD_BANDS_TEXT.split()
    for rng, h in zip(tokens[::2], tokens[1::2]):
        lo, _, hi = rng.partition("-")
        bands.append((int(lo), int(hi) if hi else None, Fraction(h if not h.startswith(".") else "0" + h)))
    # contiguity: every |D| >= 0 falls in exactly one band
    for (_, end, _), (start, _, _) in zip(bands, bands[1:]):
        assert end is not None and start == end + 1, "8.1.2 bands must be contiguous"
    return tuple(bands)


#: B.02 8.1.1: p (a ``Fraction`` in hundredths, 0 .. 1) -> dp.
DP_TABLE: dict[Fraction, int] = _build_dp_table()

#: B.02 8.1.2 as printed: (lowest |D|, highest |D| or ``None`` for "> 735", H).
PD_BANDS: tuple[tuple[int, int | None, Fraction], ...] = _build_pd_bands()

#: B.02 8.1.2 per rating difference: |D| = 0 .. 736 -> H (736 stands for every |D| > 735).
PD_TABLE: dict[int, Fraction] = {
    d: h for lo, hi, h in PD_BANDS for d in range(lo, (hi if hi is not None else lo) + 1)
}
PD_MAX = max(PD_TABLE)  # 736


def round_half_up(x: Fraction | int) -> int:
    """Round to the nearest integer, .5 up (FIDE's rounding for ARO, APRO, APPO)."""
    return math.floor(Fraction(x) + Fraction(1, 2))


def percentage(score: Fraction | int, games: int) -> Fraction:
    """p = score / games rounded to 2 decimals, .5 up (TPR, C.07 10.2)."""
    return Fraction(round_half_up(Fraction(score) * 100 / games), 100)


def dp(p: Fraction | int | str) -> int:
    """B.02 8.1.1: the rating difference for a fractional score ``p`` (rounded to 2 decimals,
    .5 up, first). p = 0 gives -800 and p = 1 gives +800."""
    q = Fraction(p)
    if not 0 <= q <= 1:
        raise ValueError(f"p must lie in 0 .. 1, got {p}")
    return DP_TABLE[Fraction(round_half_up(q * 100), 100)]


def expected(diff: int) -> Fraction:
    """B.02 8.1.2: the expected score of a player rated ``diff`` points above the opponent
    (``diff`` < 0: below). No 400-point cap (tie-breaks use the real difference)."""
    d = abs(int(diff))
    h = PD_TABLE[min(d, PD_MAX)]
    return h if diff >= 0 else 1 - h
