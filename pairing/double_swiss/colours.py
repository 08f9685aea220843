"""Colour allocation of the Double-Swiss system (C.04.5 Art. 4): the colour of game 1 of each
match (game 2 reverses it), after the whole round is paired.  No colour criterion exists (a
match gives each player one White and one Black game), so a colour never stops a pairing; the
five steps of Art. 4.3 always decide.

The higher-ranked player (HRP) of a pair is the first in the order of Art. 1.2: the higher
score, then the smaller TPN.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pairing.double_swiss.state import TAKEN, PlayerState, Switches
from pairing.lexicographic import Allocation, given, initial_step
from trf.codes import Colour

__all__ = ["ColourStep", "STEPS", "Allocation", "allocate", "higher_ranked"]


@dataclass(frozen=True)
class ColourStep:
    """One step of Art. 4.3: its article and the rule in words."""

    article: str
    words: str


#: The five steps of C.04.5 Art. 4.3, in priority order.
STEPS: tuple[ColourStep, ...] = (
    ColourStep("4.3.1", "neither player has played a match: the higher-ranked player gets the initial-colour if its "
                        "TPN is odd, the other colour if even"),
    ColourStep("4.3.2", "White to the player who has had fewer Whites (game 1 of the matches played)"),
    ColourStep("4.3.3", "going back through the matches played, at the latest where one had White and the other "
                        "Black, alternate both"),
    ColourStep("4.3.4", "alternate the higher-ranked player's colour from its last match played"),
    ColourStep("4.3.5", "alternate the other player's colour from its last match played"),
)


def higher_ranked(a: PlayerState, b: PlayerState) -> bool:
    """Whether ``a`` ranks above ``b`` (C.04.5 Art. 1.2: score, then TPN)."""
    return (-a.score, a.tpn) < (-b.score, b.tpn)


def allocate(a: PlayerState, b: PlayerState, initial: Optional[Colour], switches: Switches = TAKEN) -> Allocation:
    """The game-1 colours of the pair ``a``-``b`` (C.04.5 Art. 4.3; ``initial``: the
    initial-colour of Art. 4.1, needed only when neither player has played a match).

    Art. 4.3.2 compares the numbers of Whites as counted (not colour differences): the text
    speaks of fewer Whites (``docs/double-swiss.md``, D10).  Art. 4.3.3 goes back from each
    player's latest match (D21).  ``switches``: the other readings (``d10``, ``d21``)."""
    hrp, other = (a, b) if higher_ranked(a, b) else (b, a)

    def give(colour: Colour, step: str) -> Allocation:
        return given(hrp.tpn, other.tpn, colour, step)

    if not hrp.colours and not other.colours:                                    # 4.3.1
        return initial_step(hrp.tpn, other.tpn, initial, "C.04.5")
    if switches.d10:                                                             # 4.3.2, D10 other
        h, o = (2 * p.whites - len(p.colours) for p in (hrp, other))
    else:
        h, o = hrp.whites, other.whites
    if h != o:                                                                   # 4.3.2
        return give(Colour.WHITE if h < o else Colour.BLACK, "4.3.2")
    n = min(len(hrp.colours), len(other.colours)) if switches.d21 else None      # D21 other: k-th matches
    for x, y in zip(reversed(hrp.colours[:n]), reversed(other.colours[:n])):     # 4.3.3
        if x is not y:
            return give(x.opposite, "4.3.3")
    if hrp.colours:                                                              # 4.3.4
        return give(hrp.colours[-1].opposite, "4.3.4")
    return give(other.colours[-1], "4.3.5")                                      # 4.3.5
