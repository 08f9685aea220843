"""A player's colour preference, as the FIDE Swiss systems of 2026 that define it alike read it:
C.04.3 Art. 1.7 and C.04.4.2 Art. 1.5 (the same words: absolute, strong, mild, from the colour
difference and the last two games played; played games only, C.04.2 Art. 3.4).  The engines of
those systems take it from here; each checker keeps its own reading."""

from __future__ import annotations

import enum

from trf.model import Colour

__all__ = ["Strength", "colour_preference"]


class Strength(enum.IntEnum):
    """Strength of a colour preference."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


def colour_difference(colours: tuple[Colour, ...]) -> int:
    """Colour difference: games with White minus games with Black, played games only (Art. 1.6,
    2017 A.6), counted in C: any colour other than White counts as a Black."""
    return 2 * colours.count(Colour.WHITE) - len(colours)


def colour_preference(colours: tuple[Colour, ...]) -> tuple[Colour | None, Strength]:
    """The preference of a player who played ``colours`` (in order): absolute if the colour
    difference (CD, Whites minus Blacks) is beyond +-1 or the last two played games had the
    same colour; strong if CD is +-1; mild if CD is 0 (alternate from the last game); none
    before the first played game."""
    if not colours:
        return None, Strength.NONE
    cd = colour_difference(colours)
    fewer = Colour.WHITE if cd < 0 else Colour.BLACK
    if abs(cd) > 1:
        return fewer, Strength.ABSOLUTE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, Strength.ABSOLUTE
    if cd != 0:
        return fewer, Strength.STRONG
    return colours[-1].opposite, Strength.MILD
