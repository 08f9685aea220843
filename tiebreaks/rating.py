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

Rules applied (FIDE Handbook C.07 art. 10 and 14; B.02 tables 8.1.1 and 8.1.2):

* Only games played over the board count (``1 = 0`` and the under-one-move ``W D L``);
  forfeits and byes never do, also in round robins (2026 art. 15.2 makes forfeits count as
  played only for the tie-breaks of art. 6, 8 and 9, not for art. 10).
* Scores are on the 1 / ½ / 0 scale whatever the tournament's point system (C.07 art. 4,
  scoring systems).
* ARO: mean rating of the OTB opponents, rounded to an integer, .5 up. ``/C1 /C2`` drop the
  lowest-rated opponents, ``/M1 /M2`` also the highest (art. 14); nothing left: ``None``.
* TPR: ARO + dp(p), p = OTB score / OTB games rounded to 2 decimals (.5 up); p = 0 -> -800,
  p = 1 -> +800 (the table's ends).
* PTP: the lowest integer R with sum PD(R - Ri) >= OTB score, full table, no 400 cap. A zero
  score gives lowest-rated opponent - 800; a full score falls out of the definition as
  highest-rated opponent + 736 (PD = 1.00 needs D > 735 in B.02 table 8.1.2).
* APRO / APPO: mean TPR / PTP of the OTB opponents (each encounter counts, C.07 art. 4,
  repeated opponents), rounded to an integer, .5 up.
* Unrated opponents: ``/Unnnn`` (``unrated``) gives them that rating. Without it C.07 says a
  rating-based tie-break must not be used when unrated players are present (art. 10, unless
  the regulations say how unrated players count); :func:`has_unrated` tells a caller to drop it. The values computed anyway
  follow the reference implementation (gacrux): an unrated opponent is left out of the
  ratings and the score, and a cut removes such games first.
* No OTB game (or none left after a cut): ``None`` (undefined, sorts last, digest §4.4).

Everything is exact (``Fraction``); no floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, cast

from trf.model import Colour, Result

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import RoundEntry, Tournament

__all__ = [
    "DP_TABLE", "PD_TABLE", "PD_BANDS", "dp", "expected", "round_half_up", "percentage",
    "Game", "aro", "tpr", "ptp", "apro", "appo",
    "otb_games", "has_unrated", "ARO", "TPR", "PTP", "APRO", "APPO", "rating_value", "FUNCTIONS",
]

from ratings.tables import DP_TABLE, PD_BANDS, PD_MAX, PD_TABLE, dp, expected, percentage, round_half_up  # noqa: F401



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
        victim = unrated[0] if unrated else min(rest, key=lambda g: cast(int, g.rating))
        rest.remove(victim)
    for _ in range(high):
        if not rest:
            break
        unrated = [g for g in rest if g.rating is None]
        if unrated:
            victim = unrated[0]
        else:
            top = max(_ratings(rest))
            victim = [g for g in rest if g.rating == top][-1]
        rest.remove(victim)
    return rest


def _rated(games: Iterable[Game]) -> list[Game]:
    return [g for g in games if g.rating is not None]


def _ratings(rated: Iterable[Game]) -> list[int]:
    """The ratings of games known to be rated (none is ``None``)."""
    return cast("list[int]", [g.rating for g in rated])


def aro(games: Iterable[Any], cut: int = 0, median: int = 0) -> int | None:
    """Average Rating of Opponents (C.07 10.1), .5 up; ``None`` when no rated game is left."""
    rated = _rated(_apply_cuts(_games(games), cut, median))
    if not rated:
        return None
    return round_half_up(Fraction(sum(_ratings(rated)), len(rated)))


def tpr(games: Iterable[Any], cut: int = 0, median: int = 0) -> int | None:
    """Tournament Performance Rating (C.07 10.2): ARO + dp(p)."""
    rated = _rated(_apply_cuts(_games(games), cut, median))
    if not rated:
        return None
    score = sum((g.score for g in rated), Fraction(0))
    return cast(int, aro(rated)) + DP_TABLE[percentage(score, len(rated))]  # rated games: an ARO


#: H in hundredths per |D| (0 .. 736), for the integer arithmetic of the PTP search.
_PD100 = [int(PD_TABLE[d] * 100) for d in range(PD_MAX + 1)]


def _sum_expected100(r: int, ratings: Sequence[int]) -> int:
    """100 x sum PD(r - Ri): exact, in integers."""
    total = 0
    for ri in ratings:
        d = r - ri
        total += _PD100[min(d, PD_MAX)] if d >= 0 else 100 - _PD100[min(-d, PD_MAX)]
    return total


def ptp(games: Iterable[Any], cut: int = 0, median: int = 0) -> int | None:
    """Perfect Tournament Performance (C.07 10.3): the lowest integer R with
    sum PD(R - Ri) >= score. Zero score: lowest-rated opponent - 800."""
    rated = _rated(_apply_cuts(_games(games), cut, median))
    if not rated:
        return None
    ratings = _ratings(rated)
    score = sum((g.score for g in rated), Fraction(0))
    if score <= 0:
        return min(ratings) - 800
    if score > len(ratings):  # impossible on the 1 / ½ / 0 scale
        raise ValueError(f"score {score} exceeds the number of games {len(ratings)}")
    # sum PD is non-decreasing in R; at min - PD_MAX it is 0 (< score), at max + PD_MAX it is
    # the number of games (>= score): binary search for the first R that reaches the score
    target = score * 100  # an integer: scores are multiples of 1/2
    lo, hi = min(ratings) - PD_MAX, max(ratings) + PD_MAX  # invariant: f(lo) < score <= f(hi)
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


def _adjourned_score(t: Tournament, e: RoundEntry) -> Fraction:
    """An adjourned game (``?``) on the 1 / ½ / 0 scale: the result its 162 ``X`` value is worth,
    read as art. 7.7 (STD) reads points: more than a draw's is 1, a draw's ½, less 0.  By default
    X is a draw's value, so ½: the draw C.04.2 Art. 3.1 counts for pairing (gacrux counts 0,
    docs/trf.md "Adjourned games")."""
    value, draw = t.scoring.value(e), (t.scoring.draw_black if e.colour is Colour.BLACK else t.scoring.draw_white)
    return Fraction(1) if value > draw else Fraction(1, 2) if value == draw else Fraction(0)


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
        opponent, result = cast(int, e.opponent), cast(Result, e.result)  # a played game has both
        score = _adjourned_score(t, e) if result is Result.ADJOURNED else _RATING_SCORE[result]
        out.append(Game(_rating_of(t, opponent, unrated), score, rnd, opponent))
    return out


# APRO / APPO need every opponent's TPR / PTP: the values are memoised per tournament object
# (identity, with a strong reference so an id is never reused while cached), a few at a time.
#: (function name, player, cut, median, rating of the unrated, after round)
_Key = tuple[str, int, int, int, int | None, int | None]
_MEMO: dict[int, tuple[Tournament, dict[_Key, int | None]]] = {}
_MEMO_SIZE = 4


def _memo(t: Tournament) -> dict[_Key, int | None]:
    hit = _MEMO.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.pop(next(iter(_MEMO)))
    table: dict[_Key, int | None] = {}
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
