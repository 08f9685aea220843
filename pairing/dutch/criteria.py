"""The criteria that a single pair can be judged on (C.04.3 Art. 2): the absolute ones that
decide whether two players may meet at all (C1, C3 and forbidden pairs) and the four colour
criteria, each a predicate "this pair does not fail it", named by the rule it tests: both
editions have these four rules, numbered C10-C13 (Art. 2.4.5-2.4.8) in the text applied from
1 February 2026 and C.8-C.11 in the one in force until 31 January 2026.

The other quality criteria (2026 C6-C9, C14-C21; 2017 C.5-C.7, C.12-C.19) are about brackets and
floats; they become weight fields in :mod:`pairing.dutch.weights`.
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


def colour_key(q: PairingPlayer) -> tuple[str, int, int, bool, str]:
    """What the four colour criteria below read of a player: two players with the same key fail
    the same colour criteria against anyone.  The preference, its strength, the colour
    difference, whether the last two games had one colour, the last colour (colours by their
    codes, ``""`` for none)."""
    last = q.colours[-1]._value_ if q.colours else ""
    return q.preference._value_ if q.preference is not None else "", int(q.strength), q.cd, q.repeated, last


def colour_difference_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """Nobody ends beyond CD +-2: 2026 C10 (C.04.3 Art. 2.4.5), 2017 C.8 (topscorers or their
    opponents with a colour difference beyond +-2).  Fails when both have |CD| >= 2 and want the
    same colour (only topscorers can meet so: 2026 C3, 2017 C.3)."""
    return not (abs(a.cd) >= 2 and abs(b.cd) >= 2 and a.preference is not None and a.preference is b.preference)


def no_third_same_colour(a: PairingPlayer, b: PairingPlayer) -> bool:
    """Nobody gets the same colour three times in a row: 2026 C11 (C.04.3 Art. 2.4.6), 2017 C.9
    (topscorers or their opponents).  With two absolute preferences for the same colour, Art.
    5.2.2 (2017 E.2) favours the larger |CD|; the other then repeats."""
    if not (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE and a.preference is b.preference):
        return True
    if abs(a.cd) != abs(b.cd):
        loser = a if abs(a.cd) < abs(b.cd) else b
        gets = loser.preference.opposite if loser.preference else None
        return not (loser.repeated and loser.colours[-1] is gets)
    return not (a.repeated and b.repeated)


def preferences_compatible(a: PairingPlayer, b: PairingPlayer) -> bool:
    """Both get their colour preference (of any strength) unless they want the same colour: 2026
    C12 (C.04.3 Art. 2.4.7), 2017 C.10."""
    return a.preference is None or b.preference is None or a.preference is not b.preference


def strong_preferences_compatible(a: PairingPlayer, b: PairingPlayer) -> bool:
    """Both get their strong colour preference unless they both have one for the same colour:
    2026 C13 (C.04.3 Art. 2.4.8), 2017 C.11.  Two absolute preferences are left to the CD and
    three-in-a-row rules (:func:`colour_difference_ok`, :func:`no_third_same_colour`), as
    bbpPairings reads it."""
    strong = a.strength >= Strength.STRONG and b.strength >= Strength.STRONG
    both_absolute = a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
    return not (strong and not both_absolute and a.preference is b.preference)
