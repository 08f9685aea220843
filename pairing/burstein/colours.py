"""Colour allocation, C.04.4.2 Art. 5.2: for each pair the first rule that decides.

"Higher ranked" is the ranking of Art. 1.8 (Index, then TPN), not the score."""

from __future__ import annotations

from pairing.allocation import allocate as allocate_by
from pairing.burstein.players import TAKEN, Entrant, Switches, rank_key
from trf.model import Colour

__all__ = ["allocate", "STEPS"]

#: The colour rules in order: (article, words).
STEPS: tuple[tuple[str, str], ...] = (
    ("5.2.1", "neither has played: the higher-ranked player gets the initial colour if their TPN is odd, "
              "else the other"),
    ("5.2.2", "grant both colour preferences"),
    ("5.2.3", "grant the stronger colour preference"),
    ("5.2.4", "alternate from the most recent round in which one had White and the other Black"),
    ("5.2.5", "grant the higher-ranked player's colour preference (Art. 1.8)"),
)


def allocate(a: Entrant, b: Entrant, initial: Colour, sw: Switches = TAKEN) -> tuple[tuple[Entrant, Entrant], str]:
    """``((white, black), article)``: the colours of the pair ``a``-``b`` and the rule of Art.
    5.2 that decided them (:func:`pairing.allocation.allocate`); "higher ranked" by Art. 1.8
    (:func:`rank_key`, ``sw.colour_rank_by_index``, decision B15) or, the other reading, by the
    smaller TPN."""
    return allocate_by(a, b, initial, rank_key if sw.colour_rank_by_index else _by_tpn)


def _by_tpn(e: Entrant) -> tuple[int]:
    """The other reading of "higher ranked" in Art. 5.2 (decision B15): the smaller TPN."""
    return (e.tpn,)
