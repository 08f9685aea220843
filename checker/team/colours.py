"""Board-1 colours (C.04.6 Art. 4): the first-team of a pair (Art. 4.2) and the nine steps of
Art. 4.3, as a table of rows; the first step that decides gives the colours.

Each step reads the two teams' facts before the round (:class:`checker.team.state.TeamFacts`)
and returns the colour of the *first-team*, or ``None`` when it does not decide.  Colour
histories hold played matches only (Art. 1.6.1, C.04.2 Art. 3.4); step 6 compares them from
their ends (the squeezed histories aligned at the last played match, A12).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from checker.team.state import RoundState, TeamFacts
from trf.codes import Colour

__all__ = ["ColourStep", "STEPS", "first_team", "allocate", "Allocation"]

Step = Callable[[RoundState, TeamFacts, TeamFacts], "Colour | None"]


@dataclass(frozen=True)
class ColourStep:
    """One step of Art. 4.3: its article, its words, the colour it gives the first-team, and the
    step as an arbiter says it to a team captain (``plain``)."""

    article: str
    words: str
    decide: Step
    plain: str = ""


def _none_played(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    if f.colours or s.colours or st.initial_colour is None:
        return None
    return st.initial_colour if f.tpn % 2 else st.initial_colour.opposite


def _only_one(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    if f.preference is not Colour.NONE and s.preference is Colour.NONE:
        return f.preference
    if f.preference is Colour.NONE and s.preference is not Colour.NONE:
        return s.preference.opposite
    return None


def _opposite(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    if f.preference is not Colour.NONE and s.preference is f.preference.opposite:
        return f.preference
    return None


def _only_strong(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    if st.preference_type != "B" or f.preference is Colour.NONE or s.preference is Colour.NONE:
        return None
    if f.strong and not s.strong:
        return f.preference
    if s.strong and not f.strong:
        return s.preference.opposite
    return None


def _lower_cd(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    if f.cd == s.cd:
        return None
    return Colour.WHITE if f.cd < s.cd else Colour.BLACK


def _alternate_both(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    for a, b in zip(reversed(f.colours), reversed(s.colours)):
        if a is not b:
            return a.opposite
    return None


def _first_preference(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    return f.preference if f.preference is not Colour.NONE else None


def _alternate_first(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    return f.colours[-1].opposite if f.colours else None


def _alternate_other(st: RoundState, f: TeamFacts, s: TeamFacts) -> Colour | None:
    return s.colours[-1] if s.colours else None


#: C.04.6 Art. 4.3, in priority order
STEPS: tuple[ColourStep, ...] = (
    ColourStep("4.3.1", "neither team has played a match: the first-team gets the initial-colour if its TPN is odd, "
                        "the other colour if even", _none_played,
               "neither team has played yet: the first team gets the colour drawn for the first round if its "
               "pairing number is odd, the other colour if it is even"),
    ColourStep("4.3.2", "only one team has a colour preference: it is granted", _only_one,
               "only one team is due a colour, and it gets it"),
    ColourStep("4.3.3", "the two preferences are opposite: both are granted", _opposite,
               "the two teams are due opposite colours, and both get them"),
    ColourStep("4.3.4", "only one team has a strong preference (Type B): it is granted", _only_strong,
               "only one team strongly needs its colour (Type B), and it gets it"),
    ColourStep("4.3.5", "White to the team with the lower colour difference", _lower_cd,
               "the team that has had White less often gets White"),
    ColourStep("4.3.6", "alternate from the latest match in which one team had White and the other Black",
               _alternate_both,
               "colours are swapped from the last match in which the two teams had different colours"),
    ColourStep("4.3.7", "the first-team's preference is granted", _first_preference,
               "the first team gets the colour it is due"),
    ColourStep("4.3.8", "the first-team's colour alternates from its last played match", _alternate_first,
               "the first team gets the other colour than in its last match"),
    ColourStep("4.3.9", "the other team's colour alternates from its last played match", _alternate_other,
               "the other team gets the other colour than in its last match"),
)


def first_team(st: RoundState, a: int, b: int) -> tuple[int, str]:
    """Art. 4.2: the first-team of the pair and the article that decided (4.2.1 higher score,
    4.2.2 higher secondary score when used, 4.2.3 smaller TPN)."""
    ta, tb = st.teams[a], st.teams[b]
    if ta.score != tb.score:
        return (a if ta.score > tb.score else b), "4.2.1"
    if st.use_secondary and ta.secondary is not None and tb.secondary is not None and ta.secondary != tb.secondary:
        return (a if ta.secondary > tb.secondary else b), "4.2.2"
    return min(a, b), "4.2.3"


@dataclass(frozen=True)
class Allocation:
    """The colours Art. 4 gives a pair: ``white`` and ``black`` (TPNs), the ``first`` team and the
    article that made it first (``first_by``), and the step that decided (``step``, ``None``: no
    step can decide, e.g. 4.3.1 with no initial-colour known)."""

    white: int
    black: int
    first: int
    first_by: str
    step: ColourStep | None


def allocate(st: RoundState, a: int, b: int) -> Allocation:
    """The board-1 colours of the pair a-b by Art. 4.2-4.3."""
    first, by = first_team(st, a, b)
    second = b if first == a else a
    f, s = st.teams[first], st.teams[second]
    for step in STEPS:
        colour = step.decide(st, f, s)
        if colour is not None:
            white, black = (first, second) if colour is Colour.WHITE else (second, first)
            return Allocation(white, black, first, by, step)
    return Allocation(first, second, first, by, None)
