"""Small Burstein tournaments written as TRF text for the hand-worked cases (:mod:`tests.pairing.swiss_build`):
rounds of games ``(white, black, result)`` and byes ``(player, code)``; ratings descending with
the start rank."""

from __future__ import annotations

from typing import Sequence

import trf
from tests.pairing import swiss_build
from tests.pairing.swiss_build import Bye, Game, Round

__all__ = ["Bye", "Game", "Round", "text", "tournament"]


def text(n: int, rounds: Sequence[Round], total: int, *, extra: str = "", initial: str = "white1",
         code: str = "192 FIDE_BURSTEIN") -> str:
    """The TRF-16 text of an ``n``-player event of ``total`` rounds after ``rounds``; ``extra``:
    more records (``XXZ ...``, ``240 ...``)."""
    return swiss_build.text("Burstein case", n, rounds, total, code=code, extra=extra, initial=initial)


def tournament(n: int, rounds: Sequence[Round], total: int, **kw: str) -> trf.Tournament:
    return swiss_build.parsed(text(n, rounds, total, **kw))
