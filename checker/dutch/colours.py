"""Colour allocation, C.04.3 (2026) Art. 5.2: the checker's own reading.

Colours are decided after the pairing and never change who meets whom; the first rule of
5.2.1-5.2.5 that decides, decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from checker.dutch.state import CPlayer, Pref
from trf.model import Colour

class ColourRule(NamedTuple):
    """One rule of Art. 5.2: its words, and the same as an arbiter says it to a player."""

    words: str
    plain: str


#: Art. 5.2.1-5.2.5, in priority order
RULES: dict[str, ColourRule] = {
    "5.2.1": ColourRule("both colour preferences can be granted", "both players can get the colour they are due"),
    "5.2.2": ColourRule("the stronger colour preference is granted",
                        "both are due the same colour, and the player who needs it more gets it"),
    "5.2.3": ColourRule("colours alternate from the latest round in which the two had different colours",
                        "colours are swapped from the last round in which the two players had different colours"),
    "5.2.4": ColourRule("the higher-ranked player's colour preference is granted",
                        "the higher-ranked player gets the colour they are due"),
    "5.2.5": ColourRule("the higher-ranked player gets the initial colour with an odd TPN, the other colour with an even "
                        "one", "neither is due a colour, so the higher-ranked player gets the colour drawn for the "
                        "first round if their pairing number is odd, the other colour if it is even"),
}


@dataclass(frozen=True)
class Allocation:
    white: int
    black: int
    rule: str  # "5.2.1" ... "5.2.5"

    @property
    def why(self) -> str:
        return f"Art. {self.rule}: {RULES[self.rule].words}"


def _give(p: CPlayer, colour: Colour, other: CPlayer, rule: str) -> Allocation:
    return Allocation(p.id, other.id, rule) if colour is Colour.WHITE else Allocation(other.id, p.id, rule)


def allocate(a: CPlayer, b: CPlayer, initial: Colour | None) -> Allocation:
    """The colours Art. 5.2 gives the pair ``a``-``b``."""
    high, low = (a, b) if a.rank_key() < b.rank_key() else (b, a)
    # 5.2.1: grant both preferences (one without a preference lets the other have theirs)
    if high.pref is not None and low.pref is not None and high.pref is not low.pref:
        return _give(high, high.pref, low, "5.2.1")
    if high.pref is None and low.pref is not None:
        return _give(low, low.pref, high, "5.2.1")
    if low.pref is None and high.pref is not None:
        return _give(high, high.pref, low, "5.2.1")
    if high.pref is not None and low.pref is not None:  # the same colour wanted
        # 5.2.2: the stronger preference; two absolutes: the larger colour difference
        if high.strength != low.strength:
            s = high if high.strength > low.strength else low
            return _give(s, s.pref, low if s is high else high, "5.2.2")  # type: ignore[arg-type]
        if high.strength is Pref.ABSOLUTE and abs(high.cd) != abs(low.cd):
            s = high if abs(high.cd) > abs(low.cd) else low
            return _give(s, s.pref, low if s is high else high, "5.2.2")  # type: ignore[arg-type]
    # 5.2.3: alternate from the latest round in which they had different colours, the histories
    # aligned at their latest played games (C.04.2 Art. 3.4: unplayed rounds do not count)
    for ch, cl in zip(reversed(high.colours), reversed(low.colours)):
        if ch is not cl:
            return _give(high, ch.opposite, low, "5.2.3")
    # 5.2.4: the higher-ranked player's preference
    if high.pref is not None:
        return _give(high, high.pref, low, "5.2.4")
    # 5.2.5: the initial colour to the higher-ranked player when their TPN is odd
    init = initial or Colour.WHITE
    return _give(high, init if high.tpn % 2 == 1 else init.opposite, low, "5.2.5")
