"""Small Dubov tournaments written as TRF text for the hand-worked cases (:mod:`tests.pairing.swiss_build`):
rounds of games ``(white, black, result)`` and byes ``(player, code)``.  Ratings: ``2700 - 10 *
start rank`` unless given."""

from __future__ import annotations

from typing import Sequence

import trf
from tests.pairing import swiss_build
from tests.pairing.swiss_build import Bye, Game, Round

__all__ = ["Bye", "Game", "Round", "text", "tournament"]


def text(n: int, rounds: Sequence[Round], total: int, *, extra: str = "", initial: str = "white1",
         code: str = "192 FIDE_DUBOV", ratings: Sequence[int] | None = None) -> str:
    """The TRF-16 text of an ``n``-player event of ``total`` rounds after ``rounds``; ``extra``:
    more records (``XXP ...``)."""
    return swiss_build.text("Dubov case", n, rounds, total, code=code, extra=extra, initial=initial, ratings=ratings)


def tournament(n: int, rounds: Sequence[Round], total: int, **kw: object) -> trf.Tournament:
    return swiss_build.parsed(text(n, rounds, total, **kw))  # type: ignore[arg-type]
