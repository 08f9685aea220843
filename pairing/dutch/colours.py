"""Colour allocation (C.04.3 Art. 5.2), pair by pair, once the pairs are known.  Colours never
change who meets whom: the colour criteria C10-C13 have already weighed them."""

from __future__ import annotations

from pairing.dutch.players import PairingPlayer, Strength
from trf.model import Colour


def allocate_colours(h: PairingPlayer, l: PairingPlayer, initial: Colour) -> tuple[PairingPlayer, PairingPlayer]:
    """(white, black) for a pair whose higher-ranked player is ``h`` (Art. 5.2.1-5.2.5)."""
    def give(player: PairingPlayer, colour: Colour) -> tuple[PairingPlayer, PairingPlayer]:
        other = l if player is h else h
        return (player, other) if colour is Colour.WHITE else (other, player)

    ph, pl = h.preference, l.preference
    if ph is None and pl is None:
        return give(h, initial if h.tpn % 2 == 1 else initial.opposite)  # 5.2.5
    if ph is None or pl is None or ph is not pl:  # 5.2.1
        return give(h, ph) if ph is not None else give(l, pl)  # type: ignore[arg-type]
    # same preferred colour
    if h.strength != l.strength:  # 5.2.2
        return give(h, ph) if h.strength > l.strength else give(l, pl)
    if h.strength is Strength.ABSOLUTE and abs(h.cd) != abs(l.cd):
        return give(h, ph) if abs(h.cd) > abs(l.cd) else give(l, pl)
    for ch, cl in zip(reversed(h.colours), reversed(l.colours)):  # 5.2.3
        if ch is not cl:
            return give(h, cl)
    return give(h, ph)  # 5.2.4
