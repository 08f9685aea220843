"""Colour allocation, C.04.4.1 Art. 5.2: for each pair the first rule that decides.

"Higher ranked" is the ranking of Art. 5.2.1: more points, then the smaller TPN."""

from __future__ import annotations

from pairing.allocation import allocate as allocate_by
from pairing.dubov.players import Entrant, rank_key
from trf.model import Colour

__all__ = ["allocate", "STEPS"]

#: The colour rules in order: (article, words).
STEPS: tuple[tuple[str, str], ...] = (
    ("5.2.1", "neither has played: the higher-ranked player (more points, then the smaller TPN) gets the "
              "initial colour if their TPN is odd, else the other"),
    ("5.2.2", "grant both colour preferences"),
    ("5.2.3", "grant the stronger colour preference"),
    ("5.2.4", "alternate from the most recent round in which one had White and the other Black"),
    ("5.2.5", "grant the higher-ranked player's colour preference"),
)


def allocate(a: Entrant, b: Entrant, initial: Colour) -> tuple[tuple[Entrant, Entrant], str]:
    """``((white, black), article)``: the colours of the pair ``a``-``b`` and the rule of Art.
    5.2 that decided them (:func:`pairing.allocation.allocate`, higher ranked by :func:`rank_key`).
    A player who has not played has a mild preference for Black (Art. 1.6.4), so rules
    5.2.2-5.2.5 also decide a pair with one newcomer."""
    return allocate_by(a, b, initial, rank_key)
