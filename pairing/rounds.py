"""Which round to pair, and pairing it on the tournament as it stood before it.

A file may already hold the round asked for (an arbiter re-pairing round R to compare, or the
checker asking for the engine's pairing of a round it verifies): the tournament is then cut
back to the state before that round (:func:`trf.edit.cut_to_round`; the byes and absences
already declared for it stay) and paired from there.  Rounds after the next one cannot be
paired: their players' scores are not known yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.dutch import Pairing, pair_round
from trf.edit import cut_to_round
from trf.model import Colour, Tournament

__all__ = ["RoundOutOfRange", "RoundToPair", "round_to_pair", "pair_next_round"]


class RoundOutOfRange(ValueError):
    """The round asked for cannot be paired: only rounds 1..``last`` can (``last`` is the one
    after the last round paired in the file)."""

    def __init__(self, requested: int, last: int) -> None:
        super().__init__(f"round {requested} cannot be paired: only rounds 1-{last} can")
        self.requested = requested
        self.last = last


@dataclass(frozen=True)
class RoundToPair:
    """The round to pair and the tournament as it stood before it."""

    round: int
    before: Tournament
    cut: bool  # the file held the round (or later ones) and was cut back


def round_to_pair(t: Tournament, requested: int | None = None) -> RoundToPair:
    """The next round of ``t`` (default), or round ``requested`` on the file cut back before it.

    Raises :class:`RoundOutOfRange` for a round after the next one."""
    last = t.rounds_paired + 1
    rnd = requested if requested is not None else last
    if not 1 <= rnd <= last:
        raise RoundOutOfRange(rnd, last)
    if rnd < last:
        return RoundToPair(rnd, cut_to_round(t, rnd), True)
    return RoundToPair(rnd, t, False)


def pair_next_round(t: Tournament, requested: int | None = None, *, initial_colour: Colour | None = None,
                    total_rounds: int | None = None) -> tuple[RoundToPair, Pairing]:
    """Pair the next round of ``t``, or round ``requested`` as if the file stopped before it
    (see :func:`round_to_pair`), by the Dutch system (:func:`pairing.dutch.pair_round`, whose
    errors it raises)."""
    target = round_to_pair(t, requested)
    pairing = pair_round(target.before, target.round, initial_colour=initial_colour, total_rounds=total_rounds)
    return target, pairing
