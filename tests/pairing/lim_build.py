"""Small Lim-system tournaments written as TRF text for the hand-worked cases
(:mod:`tests.pairing.swiss_build`): rounds of games ``(white, black, result)`` and byes
``(player, code)``; ratings ``2700 - 10 * start rank`` unless given.  The file names its system as
the toolkit writes a Lim event (no ETT26 ``192`` code exists for it): ``192 CUSTOM_SWISS`` and a
``092`` text naming the Lim system, with "Maxi-tournament" in it when the organiser declared one."""

from __future__ import annotations

from typing import Sequence

import trf
from tests.pairing import swiss_build
from tests.pairing.swiss_build import Bye, Game, Round

__all__ = ["Bye", "Game", "Round", "text", "tournament", "NAMING", "MAXI_NAMING"]

#: How a Lim event names its system (``192`` and ``092``).
NAMING = "092 Individual: Swiss-System (FIDE Lim System)"
#: The same, declared a Maxi-tournament by the organiser.
MAXI_NAMING = "092 Individual: Swiss-System (FIDE Lim System, Maxi-tournament)"


def text(n: int, rounds: Sequence[Round], total: int, *, extra: str = "", initial: str = "white1",
         maxi: bool = False, ratings: Sequence[int] | None = None) -> str:
    """The TRF-16 text of an ``n``-player Lim event of ``total`` rounds after ``rounds``; ``extra``:
    more records (``XXZ ...``); ``maxi``: declared a Maxi-tournament."""
    naming = MAXI_NAMING if maxi else NAMING
    records = naming + ("\n" + extra if extra else "")
    return swiss_build.text("Lim case", n, rounds, total, code="192 CUSTOM_SWISS", extra=records,
                            initial=initial, ratings=ratings)


def tournament(n: int, rounds: Sequence[Round], total: int, *, extra: str = "", initial: str = "white1",
               maxi: bool = False, ratings: Sequence[int] | None = None) -> trf.Tournament:
    return swiss_build.parsed(text(n, rounds, total, extra=extra, initial=initial, maxi=maxi, ratings=ratings))
