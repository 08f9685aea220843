"""Tie-breaks on the participant's own results and data (FIDE C.07 art. 7, and RTNG of 10.6).

They read only the participant's own rounds (:class:`tiebreaks.context.RoundRecord`).  In a
round robin art. 15.2 treats forfeits as games; the 2026 text keeps forfeit losses unplayed for
art. 7 (see :meth:`tiebreaks.context.TBContext.as_game`).
"""

from __future__ import annotations

from fractions import Fraction

from tiebreaks.buchholz import Value
from tiebreaks.codes import Modifiers
from tiebreaks.context import FORFEIT_LOSS, FORFEIT_WIN, FPB, GAME, PAB, PENDING, RoundRecord, TBContext
from trf.model import Colour, Result

ZERO = Fraction(0)
_WON = (Result.WIN, Result.WIN_UNRATED)


def PTS(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Points after the rounds evaluated (tournament scoring; after the last round with the
    TRF-2026 ``299`` adjustments of the standings only, round 999)."""
    return ctx.score[pid] + ctx.final_adjustments.get(pid, ZERO)


def _game_won(ctx: TBContext, rec: RoundRecord) -> bool:
    """A game's result is a win: ``1`` or ``W``; an adjourned game (``?``) when its 162 ``X`` value
    is a win's points (it counts as the result its value is worth until the real result
    replaces it, as gacrux counts it; with the default X, a draw's value, never)."""
    if rec.result is Result.ADJOURNED:
        return rec.points == ctx.win
    return rec.result in _WON


def _is_win(ctx: TBContext, rec: RoundRecord) -> bool:
    """A win's points, with or without playing (art. 7.1): a game won, a forfeit win, a
    full-point bye, a pairing-allocated bye worth a win."""
    if rec.kind == GAME:
        return _game_won(ctx, rec)
    if rec.kind in (FORFEIT_WIN, FPB):
        return True
    return rec.kind == PAB and rec.points == ctx.win


def _won_game(ctx: TBContext, pid: int, rec: RoundRecord) -> bool:
    """A game won over the board (a forfeit win in a round robin, art. 15.2)."""
    if not ctx.record_as_game(rec, "own"):
        return False
    return rec.kind == FORFEIT_WIN or (rec.kind == GAME and _game_won(ctx, rec))


def WIN(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.1: rounds in which a win's points were obtained, played or not."""
    return sum(1 for rec in ctx.recs(pid) if _is_win(ctx, rec))


def WON(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.2: games won over the board (games of less than one move, ``W``, included)."""
    return sum(1 for rec in ctx.recs(pid) if _won_game(ctx, pid, rec))


def BPG(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.3: games played with Black."""
    return sum(1 for rec in ctx.recs(pid) if rec.colour is Colour.BLACK and ctx.record_as_game(rec, "own"))


def BWG(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.4: games won with Black."""
    return sum(1 for rec in ctx.recs(pid) if rec.colour is Colour.BLACK and _won_game(ctx, pid, rec))


def REP(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.6 (formerly GE): rounds one elected to play, i.e. the rounds less half- and
    zero-point byes (absences, withdrawal) and forfeit losses.  Forfeit wins, the PAB and a
    full-point bye count; in a round robin before 2026 a forfeit loss is a game (art. 15.2)."""
    return sum(
        1 for rec in ctx.recs(pid)
        if rec.kind in (GAME, FORFEIT_WIN, PAB, FPB, PENDING)
        or (rec.kind == FORFEIT_LOSS and ctx.record_as_game(rec, "own"))
    )


def PS(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.5: progressive score, the sum of the running score after each round (all
    awarded points, byes included).  ``/Cn`` drops the running scores of the first n rounds
    (art. 14); ``/Mn`` also the last n (the largest)."""
    running = ZERO
    cumulative = []
    for rec in ctx.recs(pid):
        running += rec.points
        cumulative.append(running)
    low, high = mod.cut + mod.median, mod.median
    kept = cumulative[low:]
    kept = kept[: max(0, len(kept) - high)]
    return sum(kept, ZERO)


def STD(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.7 (2026): the score on the standard 1 / ½ / 0 scale: 1 for each round scored more
    than a draw's points (a win against the scheduled opponent, or an unplayed round worth more
    than a draw), ½ for exactly a draw's points, 0 otherwise.  With symmetric scoring "more
    than the opponent" and "more than a draw" coincide; a double forfeit is a loss for both."""
    out = ZERO
    for rec in ctx.recs(pid):
        if rec.kind == PENDING:
            continue
        if rec.points > ctx.draw:
            out += 1
        elif rec.points == ctx.draw:
            out += Fraction(1, 2)
    return out


def TPN(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 7.8 (2026): the tournament pairing number (lower is better unless ``/R``)."""
    return pid


def _rating(ctx: TBContext, pid: int) -> int | None:
    r = ctx.t.player(pid).rating
    return r if r else None


def RTNG(ctx: TBContext, pid: int, mod: Modifiers = Modifiers()) -> Value:
    """Art. 10.6 (2026): the participant's own rating.  Rating tie-breaks must not be used when
    unrated participants are present unless the regulations say how to rate them (``/Unnnn``):
    without it the tie-break is dropped, ``None`` for everybody."""
    own = _rating(ctx, pid)
    if own is not None:
        if mod.unrated is None and any(_rating(ctx, q) is None for q in ctx.score):
            return None
        return own
    return mod.unrated
