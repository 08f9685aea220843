"""Colour allocation of the Swiss Team Pairing System (C.04.6 Art. 4): the board-1 colours of a
pair, after the whole round is paired (Art. 3.3.2 step 4).  There are no absolute colour rules
(C.04.1 Arts. 6-7 never apply to teams): a colour never stops a pairing, and the nine steps of
Art. 4.3 always decide.

The *first-team* of a pair (Art. 4.2): the higher score (4.2.1), then the higher secondary score
when the rules use it (4.2.2), then the smaller TPN (4.2.3).  The scores compared are the real
ones, without virtual points: C.04.7 Art. 1.5 lists what the pairing score is for (scoregroups,
their order, board order), and colours are not on the list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pairing.lexicographic import Allocation, given, initial_step
from pairing.team.state import RoundSettings, TeamState
from trf.codes import Colour

__all__ = ["ColourStep", "STEPS", "first_team", "allocate", "Allocation"]


@dataclass(frozen=True)
class ColourStep:
    """One step of Art. 4.3: its name (the article), the rule in words, and the same in plain words."""

    article: str
    words: str
    plain: str = ""


#: The nine steps of C.04.6 Art. 4.3, in priority order.
STEPS: tuple[ColourStep, ...] = (
    ColourStep("4.3.1", "neither team has played a match: the first-team gets the initial-colour if its TPN is "
                        "odd, the other colour if even",
               plain="neither team has played yet: the first team gets the colour drawn for the first round if "
                     "its pairing number is odd, the other colour if it is even"),
    ColourStep("4.3.2", "only one team has a colour preference: grant it",
               plain="only one team is due a colour, and it gets it"),
    ColourStep("4.3.3", "the two preferences are for opposite colours: grant both",
               plain="the two teams are due opposite colours, and both get them"),
    ColourStep("4.3.4", "(Type B) only one team has a strong preference: grant it",
               plain="only one team strongly needs its colour (Type B), and it gets it"),
    ColourStep("4.3.5", "White to the team with the lower colour difference",
               plain="the team that has had White less often gets White"),
    ColourStep("4.3.6", "going back through the played matches, at the latest where one had White and the other"
                        " Black, alternate both",
               plain="colours are swapped from the last match in which the two teams had different colours"),
    ColourStep("4.3.7", "grant the first-team's colour preference",
               plain="the first team gets the colour it is due"),
    ColourStep("4.3.8", "alternate the first-team's colour from its last played match",
               plain="the first team gets the other colour than in its last match"),
    ColourStep("4.3.9", "alternate the other team's colour from its last played match",
               plain="the other team gets the other colour than in its last match"),
)


def first_team(a: TeamState, b: TeamState, use_secondary: bool) -> bool:
    """Whether ``a`` is the first-team of the pair (C.04.6 Art. 4.2)."""
    if a.score != b.score:
        return a.score > b.score                              # 4.2.1
    if use_secondary and a.secondary is not None and b.secondary is not None and a.secondary != b.secondary:
        return a.secondary > b.secondary                      # 4.2.2
    return a.tpn < b.tpn                                      # 4.2.3


def allocate(a: TeamState, b: TeamState, settings: RoundSettings, initial: Optional[Colour]) -> Allocation:
    """The board-1 colours of the pair ``a``-``b`` (C.04.6 Art. 4.3; ``initial``: the
    initial-colour of Art. 4.1, needed only when neither team has played a match)."""
    first, other = (a, b) if first_team(a, b, settings.use_secondary) else (b, a)

    def give(colour: Colour, step: str) -> Allocation:
        return given(first.tpn, other.tpn, colour, step)

    if not first.colours and not other.colours:                                    # 4.3.1
        return initial_step(first.tpn, other.tpn, initial, "C.04.6")
    fp, op = first.preference, other.preference
    if fp is not None and op is None:                                              # 4.3.2
        return give(fp, "4.3.2")
    if fp is None and op is not None:
        return give(op.opposite, "4.3.2")
    if fp is not None and op is not None and fp is not op:                         # 4.3.3
        return give(fp, "4.3.3")
    if settings.preference == "B" and fp is not None and op is not None and first.strong != other.strong:  # 4.3.4
        return give(fp if first.strong else op.opposite, "4.3.4")
    if first.cd != other.cd:                                                       # 4.3.5
        return give(Colour.WHITE if first.cd < other.cd else Colour.BLACK, "4.3.5")
    for x, y in zip(reversed(first.colours), reversed(other.colours)):             # 4.3.6
        if x is not y:
            return give(x.opposite, "4.3.6")
    if fp is not None:                                                             # 4.3.7
        return give(fp, "4.3.7")
    if first.colours:                                                              # 4.3.8
        return give(first.colours[-1].opposite, "4.3.8")
    return give(other.colours[-1], "4.3.9")                                        # 4.3.9
