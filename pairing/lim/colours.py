"""Art. 5 (colours), Art. 6 (the last round) and Art. 7.2 (round 1): who gets White in each pair.

For a pair made after round 1, the first rule that decides:

1. Art. 5.3 (the limits of Art. 2.1): a colour that would be the third in a row or three more of
   one colour is not given when the other allocation avoids it (in the last round, Art. 6, the
   pairing may have left both allocations outside the limits: then the next rules decide);
2. Art. 5.1-5.2, 5.5-5.6: each player gets the colour due to him (equalising, else alternating)
   when the two are due different colours, or only one is due a colour;
3. Art. 5.4: the earlier colours, going back from the most recent game: at the latest game where
   they differ each gets the colour the other had then;
4. Art. 5.4: in and above the Median Scoregroup the higher-ranked player gets his due colour, below
   it the lower-ranked one does (docs/lim.md L15: a player due no colour, never having played,
   takes the colour drawn for round 1).

Round 1 (Art. 7.2): the colour drawn for #1 goes to the odd-numbered players of the top half: the
higher-ranked player of each pair gets it when his position among the players paired (by pairing
number, the PAB removed) is odd (1st, 3rd, ...), the other colour otherwise (docs/lim.md L16).
"""

from __future__ import annotations

from pairing.lim.players import Entrant, due_colour, may_receive
from trf.model import Colour

__all__ = ["allocate", "first_round_colour", "STEPS"]

#: The colour rules in order: (article, words).
STEPS: tuple[tuple[str, str], ...] = (
    ("5.3", "a colour beyond the limits of Art. 2.1 (three in a row, three more of one colour) is not given"),
    ("5.2", "each player gets his due colour (equalising, else alternating: Art. 5.1, 5.5, 5.6)"),
    ("5.4", "the colour histories, from the most recent game back: at the latest difference each gets the "
            "colour the other had"),
    ("5.4-rank", "in and above the Median Scoregroup the higher-ranked player's due colour, below it the "
                 "lower-ranked player's"),
)


def _white_first(a: Entrant, b: Entrant, a_white: bool) -> tuple[Entrant, Entrant]:
    return (a, b) if a_white else (b, a)


def allocate(a: Entrant, b: Entrant, *, median_or_above: bool, initial: Colour | None
             ) -> tuple[tuple[Entrant, Entrant], str]:
    """``((white, black), article)`` for a pair made after round 1 (module docstring)."""
    w, bl = Colour.WHITE, Colour.BLACK
    a_w = may_receive(a.colours, w) and may_receive(b.colours, bl)
    a_b = may_receive(a.colours, bl) and may_receive(b.colours, w)
    if a_w != a_b:
        return _white_first(a, b, a_w), "5.3"
    da, db = due_colour(a.colours), due_colour(b.colours)
    if da is not None and da is not db:
        return _white_first(a, b, da is w), "5.2"
    if db is not None and da is None:
        return _white_first(a, b, db is bl), "5.2"
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca is not cb:
            return _white_first(a, b, ca is bl), "5.4"
    higher, lower = (a, b) if a.tpn < b.tpn else (b, a)
    decider = higher if median_or_above else lower
    got = due_colour(decider.colours) or initial
    if got is None:
        raise ValueError("the colour drawn for round 1 is unknown")
    return _white_first(decider, lower if decider is higher else higher, got is w), "5.4-rank"


def first_round_colour(higher: Entrant, lower: Entrant, position: int, initial: Colour
                       ) -> tuple[Entrant, Entrant]:
    """Art. 7.2: (white, black) for a round-1 pair whose higher-ranked player is at ``position``
    (0-based) among the players paired, by pairing number."""
    got = initial if position % 2 == 0 else initial.opposite
    return (higher, lower) if got is Colour.WHITE else (lower, higher)
