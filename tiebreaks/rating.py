"""Rating-based tie-breaks (FIDE C.07 art. 10): ARO, TPR, PTP, APRO, APPO.

Two layers:

* pure functions over explicit inputs: a list of :class:`Game` (opponent rating, points
  scored on the 1 / ½ / 0 scale) for the games a participant played over the board;
  :func:`aro`, :func:`tpr`, :func:`ptp`, :func:`apro`, :func:`appo`, and the two FIDE B.02
  tables with :func:`dp` and :func:`expected`;
* an adapter that reads a :class:`trf.model.Tournament` directly: :func:`ARO`, :func:`TPR`,
  :func:`PTP`, :func:`APRO`, :func:`APPO` with the signature
  ``f(t, pid, cut=0, median=0, unrated=None, after_round=None) -> int | None``, and
  :func:`rating_value` (dispatch on the code, accepts a ``TBContext`` or a ``Tournament``).

Rules applied (rules digest ``../shared/reference/tiebreaks.md`` §3, §4.4, §11):

* Only games played over the board count (``1 = 0`` and the under-one-move ``W D L``);
  forfeits and byes never do, also in round robins (2026 art. 15.2 makes forfeits count as
  played only for the tie-breaks of art. 6, 8 and 9, not for art. 10).
* Scores are on the 1 / ½ / 0 scale whatever the tournament's point system (digest §2
  "Scoring systems").
* ARO: mean rating of the OTB opponents, rounded to an integer, .5 up. ``/C1 /C2`` drop the
  lowest-rated opponents, ``/M1 /M2`` also the highest (art. 14); nothing left: ``None``.
* TPR: ARO + dp(p), p = OTB score / OTB games rounded to 2 decimals (.5 up); p = 0 -> -800,
  p = 1 -> +800 (the table's ends).
* PTP: the lowest integer R with sum PD(R - Ri) >= OTB score, full table, no 400 cap. A zero
  score gives lowest-rated opponent - 800; a full score falls out of the definition as
  highest-rated opponent + 736 (PD = 1.00 needs D > 735; digest §13 item 3).
* APRO / APPO: mean TPR / PTP of the OTB opponents (each encounter counts, digest §2 "4.4
  Repeated opponents"), rounded to an integer, .5 up.
* Unrated opponents: ``/Unnnn`` (``unrated``) gives them that rating. Without it C.07 says a
  rating-based tie-break must not be used when unrated players are present (digest §3, after
  the catalogue); :func:`has_unrated` tells a caller to drop it. The values computed anyway
  follow the reference implementation (gacrux): an unrated opponent is left out of the
  ratings and the score, and a cut removes such games first.
* No OTB game (or none left after a cut): ``None`` (undefined, sorts last, digest §4.4).

Everything is exact (``Fraction``); no floats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from trf.model import Result

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import Tournament

__all__ = [
    "DP_TABLE", "PD_TABLE", "PD_BANDS", "dp", "expected", "round_half_up", "percentage",
    "Game", "aro", "tpr", "ptp", "apro", "appo",
    "otb_games", "has_unrated", "ARO", "TPR", "PTP", "APRO", "APPO", "rating_value", "FUNCTIONS",
]

# --------------------------------------------------------------------------- B.02 tables
#
# Source: FIDE Handbook B.02 (FIDE Rating Regulations), table 8.1.1 "conversion of fractional
# score p into rating differences dp" and table 8.1.2 "conversion of difference in rating D
# into scoring probability PD", as transcribed in the project's rules digest
# (../shared/reference/tiebreaks.md §11.1, itself taken from the Handbook text quoted in
# TieBreakServer's gacrux/fidetables.py). The p -> dp column was cross-checked against two
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
    for (_, hi, _), (lo, _, _) in zip(bands, bands[1:]):
        assert hi is not None and lo == hi + 1, "8.1.2 bands must be contiguous"
    return tuple(bands)


#: B.02 8.1.1: p (a ``Fraction`` in hundredths, 0 .. 1) -> dp.
DP_TABLE: dict[Fraction, int] = _build_dp_table()

#: B.02 8.1.2 as printed: (lowest |D|, highest |D| or ``None`` for "> 735", H).
PD_BANDS: tuple[tuple[int, int | None, Fraction], ...] = _build_pd_bands()

#: B.02 8.1.2 per rating difference: |D| = 0 .. 736 -> H (736 stands for every |D| > 735).
PD_TABLE: dict[int, Fraction] = {
    d: h for lo, hi, h in PD_BANDS for d in range(lo, (hi if hi is not None else lo) + 1)
}
_PD_MAX = max(PD_TABLE)  # 736


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
    h = PD_TABLE[min(d, _PD_MAX)]
    return h if diff >= 0 else 1 - h


# --------------------------------------------------------------------------- pure functions


@dataclass(frozen=True)
class Game:
    """A game played over the board: the opponent's rating (``None`` = unrated and no
    ``/Unnnn``), the points scored on the 1 / ½ / 0 scale, the round and the opponent."""

    rating: int | None
    score: Fraction
    round: int = 0
    opponent: int = 0


def _games(games: Iterable[Any]) -> list[Game]:
    out = []
    for g in games:
        if isinstance(g, Game):
            out.append(g)
        else:
            rating, score = g[0], g[1]
            out.append(Game(rating, Fraction(score) if not isinstance(score, float) else Fraction(str(score))))
    return out


def _apply_cuts(games: Sequence[Game], cut: int = 0, median: int = 0) -> list[Game]:
    """Drop the ``cut + median`` least significant games (lowest opponent rating) and the
    ``median`` most significant (highest), C.07 14.1-14.4. Games against unrated opponents
    (rating ``None``) are the first to go, in either direction (as gacrux does). Among equal
    ratings the earliest game is cut low and the latest cut high (stable order)."""
    rest = list(games)
    low, high = cut + median, median
    for _ in range(low):
        if not rest:
            break
        unrated = [g for g in rest if g.rating is None]
        victim = unrated[0] if unrated else min(rest, key=lambda g: g.rating)
        rest.remove(victim)
    for _ in range(high):
        if not rest:
            break
        unrated = [g for g in rest if g.rating is None]
        if unrated:
            victim = unrated[0]
        else:
            top = max(g.rating for g in rest)
            victim = [g for g in rest if g.rating == top][-1]
        rest.remove(victim)
    return rest


def _rated(games: Iterable[Game]) -> list[Game]:
    return [g for g in games if g.rating is not None]


def aro(games: Iterable[Any], cut: int = 0, median: int = 0) -> int | None:
    """Average Rating of Opponents (C.07 10.1), .5 up; ``None`` when no rated game is left."""
    rated = _rated(_apply_cuts(_games(games), cut, median))
    if not rated:
        return None
    return round_half_up(Fraction(sum(g.rating for g in rated), len(rated)))


def tpr(games: Iterable[Any], cut: int = 0, median: int = 0) -> int | None:
    """Tournament Performance Rating (C.07 10.2): ARO + dp(p)."""
    rated = _rated(_apply_cuts(_games(games), cut, median))
    if not rated:
        return None
    score = sum((g.score for g in rated), Fraction(0))
    return aro(rated) + DP_TABLE[percentage(score, len(rated))]


#: H in hundredths per |D| (0 .. 736), for the integer arithmetic of the PTP search.
_PD100 = [int(PD_TABLE[d] * 100) for d in range(_PD_MAX + 1)]


def _sum_expected100(r: int, ratings: Sequence[int]) -> int:
    """100 x sum PD(r - Ri): exact, in integers."""
    total = 0
    for ri in ratings:
        d = r - ri
        total += _PD100[min(d, _PD_MAX)] if d >= 0 else 100 - _PD100[min(-d, _PD_MAX)]
    return total


def ptp(games: Iterable[Any], cut: int = 0, median: int = 0) -> int | None:
    """Perfect Tournament Performance (C.07 10.3): the lowest integer R with
    sum PD(R - Ri) >= score. Zero score: lowest-rated opponent - 800."""
    rated = _rated(_apply_cuts(_games(games), cut, median))
    if not rated:
        return None
    ratings = [g.rating for g in rated]
    score = sum((g.score for g in rated), Fraction(0))
    if score <= 0:
        return min(ratings) - 800
    if score > len(ratings):  # impossible on the 1 / ½ / 0 scale
        raise ValueError(f"score {score} exceeds the number of games {len(ratings)}")
    # sum PD is non-decreasing in R; at min - _PD_MAX it is 0 (< score), at max + _PD_MAX it is
    # the number of games (>= score): binary search for the first R that reaches the score
    target = score * 100  # an integer: scores are multiples of 1/2
    lo, hi = min(ratings) - _PD_MAX, max(ratings) + _PD_MAX  # invariant: f(lo) < score <= f(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _sum_expected100(mid, ratings) >= target:
            hi = mid
        else:
            lo = mid
    return hi


def _average(values: Iterable[int | None]) -> int | None:
    vals = [v for v in values if v is not None and v > 0]
    if not vals:
        return None
    return round_half_up(Fraction(sum(vals), len(vals)))


def apro(opponent_tprs: Iterable[int | None]) -> int | None:
    """Average Performance Rating of Opponents (C.07 10.4): the mean of the OTB opponents'
    TPRs (one per encounter), .5 up. Undefined opponent values are left out (as gacrux)."""
    return _average(opponent_tprs)


def appo(opponent_ptps: Iterable[int | None]) -> int | None:
    """Average Perfect Performance of Opponents (C.07 10.5): the mean of the OTB opponents'
    PTPs (one per encounter), .5 up."""
    return _average(opponent_ptps)


# --------------------------------------------------------------------------- tournament adapter

_RATING_SCORE = {
    Result.WIN: Fraction(1), Result.WIN_UNRATED: Fraction(1),
    Result.DRAW: Fraction(1, 2), Result.DRAW_UNRATED: Fraction(1, 2),
    Result.LOSS: Fraction(0), Result.LOSS_UNRATED: Fraction(0),
}


def _rounds(t: Tournament, after_round: int | None) -> int:
    return t.rounds_paired if after_round is None else after_round


def _rating_of(t: Tournament, pid: int, unrated: int | None) -> int | None:
    p = t.player_by_rank.get(pid)
    r = p.rating if p is not None else None
    if not r:  # None or 0: unrated
        return unrated if unrated else None
    return r


def otb_games(t: Tournament, pid: int, unrated: int | None = None, after_round: int | None = None) -> list[Game]:
    """The games ``pid`` played over the board in rounds 1..``after_round`` (default: every
    paired round), with the opponent's rating (``unrated`` for unrated opponents, else ``None``)
    and the points scored on the 1 / ½ / 0 scale. Forfeits, byes and pending games are skipped."""
    player = t.player_by_rank[pid]
    out = []
    for rnd in range(1, _rounds(t, after_round) + 1):
        e = player.entry(rnd)
        if e is None or not e.is_played:
            continue
        out.append(Game(_rating_of(t, e.opponent, unrated), _RATING_SCORE[e.result], rnd, e.opponent))
    return out


# APRO / APPO need every opponent's TPR / PTP: the values are memoised per tournament object
# (identity, with a strong reference so an id is never reused while cached), a few at a time.
_MEMO: dict[int, tuple[Tournament, dict[tuple, int | None]]] = {}
_MEMO_SIZE = 4


def _memo(t: Tournament) -> dict[tuple, int | None]:
    hit = _MEMO.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.pop(next(iter(_MEMO)))
    table: dict[tuple, int | None] = {}
    _MEMO[id(t)] = (t, table)
    return table


def _value(fn: Callable[..., int | None], t: Tournament, pid: int, cut: int, median: int,
           unrated: int | None, after_round: int | None) -> int | None:
    table = _memo(t)
    key = (fn.__name__, pid, cut, median, unrated, after_round)
    if key not in table:
        table[key] = fn(otb_games(t, pid, unrated, after_round), cut, median)
    return table[key]


def has_unrated(t: Tournament) -> bool:
    """Whether some participant has no rating: then C.07 forbids ARO/TPR/PTP/APRO/APPO/RTNG
    unless the regulations say how unrated players are rated (``/Unnnn``)."""
    return any(not p.rating for p in t.players)


def ARO(t: Tournament, pid: int, cut: int = 0, median: int = 0, unrated: int | None = None,
        after_round: int | None = None) -> int | None:
    return _value(aro, t, pid, cut, median, unrated, after_round)


def TPR(t: Tournament, pid: int, cut: int = 0, median: int = 0, unrated: int | None = None,
        after_round: int | None = None) -> int | None:
    return _value(tpr, t, pid, cut, median, unrated, after_round)


def PTP(t: Tournament, pid: int, cut: int = 0, median: int = 0, unrated: int | None = None,
        after_round: int | None = None) -> int | None:
    return _value(ptp, t, pid, cut, median, unrated, after_round)


def APRO(t: Tournament, pid: int, cut: int = 0, median: int = 0, unrated: int | None = None,
         after_round: int | None = None) -> int | None:
    """Mean TPR of the OTB opponents; each opponent's TPR uses the same modifiers and rounds.
    Every OTB opponent counts, rated or not (an opponent's TPR does not need their own rating)."""
    return apro(TPR(t, g.opponent, cut, median, unrated, after_round)
                for g in otb_games(t, pid, unrated, after_round))


def APPO(t: Tournament, pid: int, cut: int = 0, median: int = 0, unrated: int | None = None,
         after_round: int | None = None) -> int | None:
    """Mean PTP of the OTB opponents."""
    return appo(PTP(t, g.opponent, cut, median, unrated, after_round)
                for g in otb_games(t, pid, unrated, after_round))


FUNCTIONS: dict[str, Callable[..., int | None]] = {"ARO": ARO, "TPR": TPR, "PTP": PTP, "APRO": APRO, "APPO": APPO}


def rating_value(ctx_or_t: Any, pid: int, code: str, mods: Any = None) -> int | None:
    """The value of rating tie-break ``code`` (ARO, TPR, PTP, APRO, APPO) for ``pid``.

    ``ctx_or_t`` is a ``TBContext`` (its ``t`` and ``rounds`` are used) or a ``Tournament``
    (every paired round). ``mods`` is anything with ``cut``, ``median`` and ``unrated``
    attributes (``codes.Modifiers``), or ``None``."""
    if hasattr(ctx_or_t, "t"):  # a TBContext
        t, after_round = ctx_or_t.t, ctx_or_t.rounds
    else:
        t, after_round = ctx_or_t, None
    try:
        f = FUNCTIONS[code.upper()]
    except KeyError:
        raise ValueError(f"{code!r} is not a rating tie-break (expected one of {', '.join(FUNCTIONS)})") from None
    return f(t, pid, cut=getattr(mods, "cut", 0) or 0, median=getattr(mods, "median", 0) or 0,
             unrated=getattr(mods, "unrated", None), after_round=after_round)
