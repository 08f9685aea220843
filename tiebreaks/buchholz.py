"""The Buchholz family (FIDE C.07 art. 8): BH, FB, AOB, with the cut and median modifiers of
art. 14 and the art. 16.5 rule that cuts a voluntary unplayed round first.

Each round of a participant gives one :class:`Element`: the opponent's value (their adjusted
score for a game, art. 16.3; the dummy opponent's score for an unplayed round of a Swiss, art.
16.4) and the contribution it makes to the tie-break (for BH the value itself, for SB the value
times the points scored, see :mod:`tiebreaks.sonneborn`).  :func:`apply_cuts` removes the
elements a ``/Cn`` or ``/Mn`` drops; the sum of the rest is the tie-break.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Union

from tiebreaks.codes import Modifiers
from tiebreaks.context import Edition, TBContext

Value = Union[Fraction, int, None]
ZERO = Fraction(0)


@dataclass(frozen=True)
class Element:
    """One round's part in a BH/FB/SB sum."""

    round: int
    score: Fraction  # the opponent's (adjusted or dummy) score: what a cut ranks by
    value: Fraction  # what the round adds to the tie-break
    vur: bool  # a voluntary unplayed round (art. 16.1), cut first by art. 16.5


def elements(ctx: TBContext, pid: int, sb: bool = False, fore: bool = False, forfeits: bool = False,
             scored: TBContext | None = None) -> list[Element]:
    """The rounds of ``pid`` that take part in BH (``sb``: SB, ``fore``: FB), in round order.

    Every round of a Swiss gives an element (a dummy for the unplayed ones, art. 16.4); in a
    round robin only rounds with an opponent do (the bye of an odd round robin contributes
    nothing, art. 15.2).  ``scored``: for SB, the view whose points weight each round (the
    Extended Sonneborn-Berger of a team event, C.07 art. 13.2, weighs the opponents' match
    points by the game points scored against them, or the other way round); by default ``ctx``'s
    own points."""
    out = []
    weights = ctx if scored is None else scored
    for rec in ctx.recs(pid, fore):
        if not ctx.contributes(pid, rec.round):
            continue
        score = ctx.opponent_value(pid, rec.round, fore, forfeits)
        value = score * weights.rec(pid, rec.round, fore).points if sb else score
        out.append(Element(rec.round, score, value, ctx.is_vur(pid, rec.round, fore, forfeits)))
    return out


def _low(e: Element) -> tuple[Fraction, Fraction]:
    """Least significant first: the lowest opponent score, then the lowest contribution
    (art. 14.1/14.2; for SB, "the lowest of their contributions" when scores tie)."""
    return (e.score, e.value)


def cut(elems: list[Element], low: int, high: int = 0, vur_first: bool = True) -> tuple[list[Element], list[Element]]:
    """Drop ``low`` least and then ``high`` most significant values: (kept, removed in order).

    Art. 16.5: when a low cut meets a participant with voluntary unplayed rounds, the
    contribution of a VUR is cut *instead of* the least significant value provided it is not
    lower than that value; repeated for every further cut.  The VUR candidate is the one with
    the lowest contribution (then the lowest score): choosing it by dummy score is the
    reference implementation's old bug (digest §6.4).  For BH this always cuts a VUR first,
    since the least significant value is the minimum of all.  High cuts (medians) take no VUR
    exception.  A cut larger than the number of values leaves nothing (total 0).
    ``vur_first=False`` (the pre-2023 rules, which have no art. 16.5) cuts plainly.
    """
    kept = list(elems)
    removed: list[Element] = []
    for _ in range(low):
        if not kept:
            break
        lsv = min(kept, key=_low)
        victim = lsv
        if vur_first:
            vurs = [e for e in kept if e.vur]
            if vurs:
                cand = min(vurs, key=lambda e: (e.value, e.score))
                if cand.value >= lsv.value:
                    victim = cand
        kept.remove(victim)
        removed.append(victim)
    for _ in range(high):
        if not kept:
            break
        victim = max(kept, key=_low)
        kept.remove(victim)
        removed.append(victim)
    return kept, removed


def apply_cuts(elems: list[Element], low: int, high: int = 0, vur_first: bool = True) -> list[Element]:
    """The elements left after the cuts (see :func:`cut`)."""
    return cut(elems, low, high, vur_first)[0]


def cut_counts(mod: Modifiers) -> tuple[int, int]:
    """(low, high) cuts of a modifier set: ``/Cn`` drops n low values, ``/Mn`` n low and n high
    (art. 14.1-14.4); both together add up on the low side."""
    return mod.cut + mod.median, mod.median


def cut_elements(ctx: TBContext, pid: int, mod: Modifiers, sb: bool = False,
                 fore: bool = False, scored: TBContext | None = None) -> tuple[list[Element], list[Element]]:
    """``pid``'s elements split by ``mod``'s cuts: (kept, cut in order).  The art. 16.5 VUR
    rule applies from the 2023 edition on.  ``scored``: see :func:`elements`."""
    low, high = cut_counts(mod)
    elems = elements(ctx, pid, sb=sb, fore=fore, forfeits=mod.forfeits, scored=scored)
    return cut(elems, low, high, vur_first=ctx.edition is not Edition.PRE2023)


def kept_elements(ctx: TBContext, pid: int, mod: Modifiers, sb: bool = False, fore: bool = False,
                  scored: TBContext | None = None) -> list[Element]:
    """The elements that remain after ``mod``'s cuts."""
    return cut_elements(ctx, pid, mod, sb=sb, fore=fore, scored=scored)[0]


def total(elems: list[Element]) -> Fraction:
    return sum((e.value for e in elems), ZERO)


def BH(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Fraction:
    """Buchholz (art. 8.1): the sum of the opponents' adjusted scores, a dummy for each own
    unplayed round (art. 16)."""
    key = ("BH", pid, mod)
    if key not in ctx.cache:
        ctx.cache[key] = total(kept_elements(ctx, pid, mod))
    return ctx.cache[key]


def FB(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Fraction:
    """Fore Buchholz (art. 8.3): Buchholz as if every game of the final round had been drawn
    (final-round byes keep their points; forfeits of the final round count as drawn games)."""
    key = ("FB", pid, mod)
    if key not in ctx.cache:
        ctx.cache[key] = total(kept_elements(ctx, pid, mod, fore=True))
    return ctx.cache[key]


def AOB(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Average of opponents' Buchholz (art. 8.2): the mean (uncut) BH of the opponents met over
    the board, each encounter counted (digest §4.4); ``/F`` averages their FB (2026).  Exact:
    the reference prints it rounded (2 or 3 decimals); ``None`` without any game."""
    plain = Modifiers()
    values = [
        (FB if mod.fore else BH)(ctx, rec.opponent, plain)
        for rec in ctx.recs(pid)
        if rec.opponent is not None and ctx.as_game(pid, rec.round, "bh")
    ]
    values = [v for v in values if v is not None]
    if not values:
        return None
    return sum(values, ZERO) / len(values)
