"""What the colour articles of C.04.5 and C.04.6 share (Art. 3.3.2 step 4, Art. 4.1, 4.3.1): the
colours are allocated after the whole round is paired, pair by pair, each by the first step of
the system's Art. 4.3 that decides; the first step of both is the initial-colour by the
first-ranked entrant's TPN.  The steps after it are each system's own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from pairing.lexicographic.procedure import RoundPlan
from pairing.result import PairingInputError
from trf.codes import Colour

__all__ = ["Allocation", "given", "initial_step", "allocate_plan"]


@dataclass(frozen=True)
class Allocation:
    """A pair's colours (of game 1 in C.04.5, of board 1 in C.04.6): ``white`` and ``black``
    TPNs and the step of Art. 4.3 that decided."""

    white: int
    black: int
    step: str


def given(first: int, other: int, colour: Colour, step: str) -> Allocation:
    """The allocation that gives ``colour`` to ``first`` (the higher-ranked player, the
    first-team) and the other colour to ``other``, decided by ``step``."""
    if colour is Colour.WHITE:
        return Allocation(first, other, step)
    return Allocation(other, first, step)


def initial_step(first: int, other: int, initial: Optional[Colour], handbook: str) -> Allocation:
    """Art. 4.3.1 (C.04.5 and C.04.6): neither has played a match: ``first`` gets the
    initial-colour (Art. 4.1) if its TPN is odd, the other colour if even."""
    if initial is None:
        raise ValueError(f"the initial-colour is needed ({handbook} Art. 4.1)")
    return given(first, other, initial if first % 2 else initial.opposite, "4.3.1")


def allocate_plan(plan: RoundPlan, allocate: Callable[[int, int, Optional[Colour]], Allocation],
                  new: Callable[[int, int], bool], initial: Optional[Colour], infer: Callable[[], Optional[Colour]],
                  handbook: str) -> list[Allocation]:
    """Art. 3.3.2 step 4: the colours of every pair of ``plan``, bracket by bracket.  The
    initial-colour (Art. 4.1: ``initial``, else what the first round shows, ``infer``) is looked
    for only when a pair of which neither has played a match (``new``) is coloured.  Raises
    :class:`~pairing.result.PairingInputError` when it is needed and unknown."""
    out = []
    for bracket in plan.brackets:
        for a, b in bracket.pairs:
            if initial is None and new(a, b):
                initial = infer()
                if initial is None:
                    raise PairingInputError("initial-colour", "the initial colour is unknown: the file needs '152 W' "
                                                              f"or '152 B' ({handbook} Art. 4.1)")
            out.append(allocate(a, b, initial))
    return out
