"""The criteria that a single pair can be judged on (C.04.3 Art. 2): the absolute ones that
decide whether two players may meet at all (C1, C3 and forbidden pairs) and the colour criteria
C10-C13, each a predicate "this pair does not fail it".

The other quality criteria (C6-C9, C14-C21) are about brackets and floats; they become weight
fields in :mod:`pairing.dutch.weights`.
"""

from __future__ import annotations

from pairing.dutch.players import PairingPlayer, Strength


def compatible(a: PairingPlayer, b: PairingPlayer, forbidden: frozenset[frozenset[int]]) -> bool:
    """C1 (no second game; unplayed pairings are no meeting, C.04.2 Art. 3.5), forbidden pairs,
    and C3 (two non-topscorers with the same absolute colour preference never meet)."""
    if b.id in a.met or frozenset((a.id, b.id)) in forbidden:
        return False
    if (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
            and a.preference is b.preference and not (a.topscorer or b.topscorer)):
        return False
    return True


def c10_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C10 (Art. 2.4.5): nobody ends beyond CD +-2.  Fails when both have |CD| >= 2 and want the
    same colour (only topscorers can meet so, C3)."""
    return not (abs(a.cd) >= 2 and abs(b.cd) >= 2 and a.preference is not None and a.preference is b.preference)


def c11_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C11 (Art. 2.4.6): nobody gets the same colour three times in a row.  With two absolute
    preferences for the same colour, 5.2.2 favours the larger |CD|; the other then repeats."""
    if not (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE and a.preference is b.preference):
        return True
    if abs(a.cd) != abs(b.cd):
        loser = a if abs(a.cd) < abs(b.cd) else b
        gets = loser.preference.opposite if loser.preference else None
        return not (loser.repeated and loser.colours[-1] is gets)
    return not (a.repeated and b.repeated)


def c12_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C12 (Art. 2.4.7): both get their preference unless they want the same colour."""
    return a.preference is None or b.preference is None or a.preference is not b.preference


def c13_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C13 (Art. 2.4.8): strong preferences.  Two absolute ones are C10/C11's business (bbp)."""
    strong = a.strength >= Strength.STRONG and b.strength >= Strength.STRONG
    both_absolute = a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
    return not (strong and not both_absolute and a.preference is b.preference)
