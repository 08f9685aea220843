"""Sonneborn-Berger and Koya (FIDE C.07 art. 9).

SB (9.1) weights each round's opponent value (as for Buchholz, art. 16.3/16.4) by the points
scored in that round; its cuts rank by the opponent's score, then the contribution, and cut a
voluntary unplayed round first when its contribution is not lower (art. 16.5, see
:func:`tiebreaks.buchholz.apply_cuts`).  KS (9.2) sums the points scored against the
participants who finished with at least half the maximum score; it is outside art. 16.
"""

from __future__ import annotations

from fractions import Fraction

from tiebreaks.buchholz import Value, kept_elements, total
from tiebreaks.codes import Modifiers
from tiebreaks.context import TBContext

ZERO = Fraction(0)


def SB(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Sonneborn-Berger (art. 9.1): sum over rounds of opponent value x points scored; own
    unplayed rounds of a Swiss against the dummy with the awarded points (a forfeit loss adds
    0, a half-point bye half the dummy)."""
    key = ("SB", pid, mod)
    if key not in ctx.cache:
        ctx.cache[key] = total(kept_elements(ctx, pid, mod, sb=True))
    return ctx.cache[key]


def koya_limit(ctx: TBContext, mod: Modifiers = Modifiers()) -> Fraction:
    """Art. 9.2: 50 % of the maximum possible score (win points x games); in a round robin with
    an odd number of players the bye rounds are no games.  ``/L+n`` / ``/L-n`` move the limit
    by n half-points (art. 14.5: half a win's points each)."""
    games = ctx.rounds
    n = len(ctx.score)
    if ctx.round_robin and n % 2 == 1 and n > 0:
        games -= ctx.rounds // n
    return ctx.win * games / 2 + mod.limit * ctx.win / 2


def KS(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Koya (art. 9.2): points scored against the participants whose final score reaches the
    limit.  Every round against an opponent counts with the points awarded (a forfeit too: KS
    is a round-robin tie-break, where art. 15.2 treats forfeits as games)."""
    limit = koya_limit(ctx, mod)
    return sum(
        (rec.points for rec in ctx.recs(pid)
         if rec.opponent in ctx.score and ctx.score[rec.opponent] >= limit),
        ZERO,
    )
