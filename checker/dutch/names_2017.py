"""The names of the 2017 criteria (C.04.3 as in force until 31 January 2026) and how their values
read: what :mod:`checker.dutch.criteria` needs to word a 2017 finding without importing the 2017
evaluation (:mod:`checker.dutch.criteria_2017`), which builds on it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

# criterion -> (article, one-line paraphrase)
CRITERIA_2017: dict[str, tuple[str, str]] = {
    "C.1": ("C.1", "two players may not meet twice"),
    "C.2": ("C.2", "no PAB for a player who already had one or scored a forfeit win"),
    "C.3": ("C.3", "two non-topscorers with the same absolute colour preference may not meet"),
    "C.4": ("C.4", "the downfloaters of the PPB must allow the round-pairing to be completed"),
    "C.5": ("C.5", "maximise the number of pairs (minimise the downfloaters)"),
    "C.6": ("C.6", "minimise the PSD (the score differences of pairs and downfloaters, A.8)"),
    "C.7": ("C.7", "choose the downfloaters so that the following bracket has the most pairs, then the smallest PSD"),
    "C.8": ("C.8", "minimise topscorers or their opponents ending with a colour difference beyond +-2"),
    "C.9": ("C.9", "minimise topscorers or their opponents getting the same colour three times in a row"),
    "C.10": ("C.10", "minimise the players who do not get their colour preference"),
    "C.11": ("C.11", "minimise the players who do not get their strong colour preference"),
    "C.12": ("C.12", "minimise the players who receive the same downfloat as in the previous round"),
    "C.13": ("C.13", "minimise the players who receive the same upfloat as in the previous round"),
    "C.14": ("C.14", "minimise the players who receive the same downfloat as two rounds before"),
    "C.15": ("C.15", "minimise the players who receive the same upfloat as two rounds before"),
    "C.16": ("C.16", "minimise the score differences of players who receive the same downfloat as in the previous round"),
    "C.17": ("C.17", "minimise the score differences of players who receive the same upfloat as in the previous round"),
    "C.18": ("C.18", "minimise the score differences of players who receive the same downfloat as two rounds before"),
    "C.19": ("C.19", "minimise the score differences of players who receive the same upfloat as two rounds before"),
}
QUALITY_2017 = tuple(f"C.{i}" for i in range(5, 20))

#: 2026 names of the absolute criteria -> 2017 names (the same three rules)
ABSOLUTE_2017 = {"C1": "C.1", "C2": "C.2", "C3": "C.3", "C4": "C.4"}

#: the colour rules, Art. 5.2.x in 2026, E.x in 2017 (the same text)
COLOUR_2017 = {"5.2.1": "E.1", "5.2.2": "E.2", "5.2.3": "E.3", "5.2.4": "E.4", "5.2.5": "E.5"}

#: A.8: a downfloater's score difference is taken against "one point less" than the bracket's lowest score
ONE_POINT = Fraction(1)

#: Score differences are kept as whole multiples of 1/SCALE (TRF points have at most one decimal,
#: so every score is one): integers compare much faster than fractions.  A score that is not a
#: multiple falls back to :class:`~fractions.Fraction` values.
SCALE = 2520


def unscaled(x: Any) -> Fraction:
    return Fraction(x, SCALE) if isinstance(x, int) else x


def describe_2017(criterion: str) -> str:
    art, text = CRITERIA_2017[criterion]
    return f"{art} (2017): {text}"


def show_value_2017(criterion: str, value: Any) -> str:
    """A value as an arbiter reads it."""
    def num(x: Any) -> str:
        x = unscaled(x)
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
    if criterion == "C.7":
        n, psd = value
        return f"{n} downfloater(s) next" + (f" (PSD {', '.join(num(s) for s in psd)})" if psd else "")
    if isinstance(value, tuple):
        return "[" + ", ".join(num(x) for x in value) + "]"
    if value is None:
        return "n/a"
    return str(value)
