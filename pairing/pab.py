"""The pairing-allocated bye as the Swiss systems of 2026 that state it alike read it: who may
receive it (C2, C.04.1 Art. 4: C.04.3, C.04.4.1 and C.04.4.2 Art. 2.1.2) and the first steps of
its choice (C.04.4.1 and C.04.4.2 Art. 3.1.2-3.1.4).  The engines of those systems take it from
here; each checker keeps its own reading."""

from __future__ import annotations

from trf.model import Result, RoundEntry, Tournament

TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)
if TYPE_CHECKING:
    from typing import Callable

__all__ = ["pab_eligible", "bars_pab", "CHOICE"]

#: Art. 3.1.2-3.1.4 as rows ``(name, article, words, kind)``; the last step (3.1.5) is each
#: system's own.
CHOICE: tuple[tuple[str, str, str, str], ...] = (
    ("3.1.2", "3.1.2", "the PAB leaves a complete pairing of the others", "pab"),
    ("3.1.3", "3.1.3", "the PAB goes to the lowest score", "pab"),
    ("3.1.4", "3.1.4", "then to the most games played", "pab"),
)


def pab_eligible(t: Tournament, pid: int, rnd: int, *, full_bye_bars: bool = True,
                 barred: Callable[[Tournament, int, int, RoundEntry], bool] | None = None) -> bool:
    """C2 (Art. 2.1.2, C.04.1 Art. 4): no PAB for a player who already had one or scored a win's
    points in a round without playing (forfeit win, full-point bye).  Art. 3.1.1 of C.04.4.2 says
    "(forfeit) win" only; C2 is the wider bar and is absolute (``full_bye_bars=False``: the
    narrower reading, a full-point bye does not bar the PAB; Burstein's decision B8 names it).
    ``barred``: another reading of which round without a game bars the PAB (the 2017 Dutch C.2),
    in place of :func:`bars_pab`."""
    for r, e in enumerate(t.player(pid).rounds[:max(rnd - 1, 0)], start=1):
        if e is not None and not e.is_played and (bars_pab(t, pid, r, e, full_bye_bars=full_bye_bars)
                                                  if barred is None else barred(t, pid, r, e)):
            return False
    return True


def bars_pab(t: Tournament, pid: int, r: int, e: RoundEntry, *, full_bye_bars: bool = True) -> bool:
    """Whether the block ``e`` of round ``r``, a round in which the player had no game over the
    board, bars the PAB for good (:func:`pab_eligible`): the PAB itself, or a win's points
    without playing (a forfeit win; a full-point bye unless ``full_bye_bars`` is False)."""
    if e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE:
        return True
    return t.round_points(pid, r) >= t.scoring.win_white and (full_bye_bars or e.opponent is not None)
