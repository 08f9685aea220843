"""The 2017 criteria (C.04.3 as in force until 31 January 2026) as a table, and how their values
read: what :mod:`checker.dutch.criteria` needs to word a 2017 finding without importing the 2017
evaluation (:mod:`checker.dutch.criteria_2017`), whose evaluator the rows' measures call."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from checker.dutch.table import BracketParts, Criterion, Edition, Kind

if TYPE_CHECKING:
    from checker.dutch.criteria_2017 import Evaluator2017


def _pairs(ev: Evaluator2017, b: BracketParts) -> int:
    return len(b.downfloaters)


def _psd(ev: Evaluator2017, b: BracketParts) -> tuple[Any, ...]:
    return ev.psd(b.bracket, b.members, b.opponent)


def _following(ev: Evaluator2017, b: BracketParts) -> tuple[int, tuple[Any, ...]]:
    """C.7, read only in a bracket that is neither the PPB nor the CLB nor the last one."""
    if b.next_down is not None and not ev.special(b.bracket):
        return ev.following(b.bracket, b.downfloaters)
    return (0, ())


def _float_count(i: int) -> Callable[[Evaluator2017, BracketParts], int]:
    def measure(ev: Evaluator2017, b: BracketParts) -> int:
        return len(ev.float_lists(b)[i])
    return measure


def _float_differences(i: int) -> Callable[[Evaluator2017, BracketParts], tuple[Any, ...]]:
    def measure(ev: Evaluator2017, b: BracketParts) -> tuple[Any, ...]:
        return ev.float_lists(b)[i]
    return measure


_Q = Kind.QUALITY

#: C.04.3 (2017) C.1-C.19, one row per criterion in priority order; the float lists
#: (:meth:`checker.dutch.criteria_2017.Evaluator2017.float_lists`) are, in order, the same
#: downfloat and upfloat as in the previous round, then as two rounds before
TABLE_2017: tuple[Criterion, ...] = (
    Criterion("C.1", "C.1", "two players may not meet twice", Kind.ABSOLUTE,
              plain="two players may not play each other twice"),
    Criterion("C.2", "C.2", "no PAB for a player who already had one or scored a forfeit win", Kind.ABSOLUTE,
              plain="nobody gets the bye who already had one or already won a game by forfeit"),
    Criterion("C.3", "C.3", "two non-topscorers with the same absolute colour preference may not meet", Kind.ABSOLUTE,
              plain="two players who must both have the same colour may not meet, except in the last round when one "
                    "of them has more than half of the possible points"),
    Criterion("C.4", "C.4", "the downfloaters of the PPB must allow the round-pairing to be completed", Kind.COMPLETION,
              plain="every player must still be able to get an opponent"),
    Criterion("C.5", "C.5", "maximise the number of pairs (minimise the downfloaters)", _Q, _pairs, downfloaters=True,
              plain="as many players as possible play someone on their own score",
              counted="player{s} moved down to a lower score"),
    Criterion("C.6", "C.6", "minimise the PSD (the score differences of pairs and downfloaters, A.8)", _Q, _psd,
              downfloaters=True,
              plain="the score gaps between opponents (and of the players moved down) are as small as possible",
              counted="pairs and players moved down, with score gaps"),
    Criterion("C.7", "C.7", "choose the downfloaters so that the following bracket has the most pairs, then the "
              "smallest PSD", _Q, _following, next_bracket=True, downfloaters=True,
              plain="the players moved down are chosen so that the next score group pairs as well as possible",
              counted="player{s} moved down again from the next score group"),
    Criterion("C.8", "C.8", "minimise topscorers or their opponents ending with a colour difference beyond +-2", _Q,
              lambda ev, b: b.sums.colour_diff, lambda t: t.colour_diff,
              plain="in the last round, as few players with more than half of the possible points (or their "
                    "opponents) as possible end up with three or more games more with one colour than the other",
              counted="player{s} with such a colour difference"),
    Criterion("C.9", "C.9", "minimise topscorers or their opponents getting the same colour three times in a row", _Q,
              lambda ev, b: b.sums.same_three, lambda t: t.same_three,
              plain="in the last round, as few players with more than half of the possible points (or their "
                    "opponents) as possible get the same colour three times in a row",
              counted="player{s} with the same colour three times in a row"),
    Criterion("C.10", "C.10", "minimise the players who do not get their colour preference", _Q,
              lambda ev, b: b.sums.pref_unmet, lambda t: t.pref_unmet,
              plain="as many players as possible get the colour they are due",
              counted="player{s} without the colour they are due"),
    Criterion("C.11", "C.11", "minimise the players who do not get their strong colour preference", _Q,
              lambda ev, b: b.sums.strong_unmet, lambda t: t.strong_unmet,
              plain="as many players as possible who strongly need a colour get it",
              counted="player{s} without the colour they strongly need"),
    Criterion("C.12", "C.12", "minimise the players who receive the same downfloat as in the previous round", _Q,
              _float_count(0), plain="as few players as possible move down to a lower score in two rounds running",
              counted="player{s} moved down again after moving down in the previous round"),
    Criterion("C.13", "C.13", "minimise the players who receive the same upfloat as in the previous round", _Q,
              _float_count(1), plain="as few players as possible play someone with a higher score in two rounds running",
              counted="player{s} playing up again after playing up in the previous round"),
    Criterion("C.14", "C.14", "minimise the players who receive the same downfloat as two rounds before", _Q,
              _float_count(2),
              plain="as few players as possible move down to a lower score again after moving down two rounds ago",
              counted="player{s} moved down again after moving down two rounds ago"),
    Criterion("C.15", "C.15", "minimise the players who receive the same upfloat as two rounds before", _Q,
              _float_count(3),
              plain="as few players as possible play someone with a higher score again after doing so two rounds ago",
              counted="player{s} playing up again after playing up two rounds ago"),
    Criterion("C.16", "C.16", "minimise the score differences of players who receive the same downfloat as in the "
              "previous round", _Q, _float_differences(0),
              plain="a player who moved down in the previous round and moves down again does so by as small a score "
                    "gap as possible",
              counted="players moving down again after moving down in the previous round, with score gaps"),
    Criterion("C.17", "C.17", "minimise the score differences of players who receive the same upfloat as in the "
              "previous round", _Q, _float_differences(1),
              plain="a player who played up in the previous round and plays up again does so by as small a score gap "
                    "as possible",
              counted="players playing up again after playing up in the previous round, with score gaps"),
    Criterion("C.18", "C.18", "minimise the score differences of players who receive the same downfloat as two "
              "rounds before", _Q, _float_differences(2),
              plain="a player who moved down two rounds ago and moves down again does so by as small a score gap as "
                    "possible",
              counted="players moving down again after moving down two rounds ago, with score gaps"),
    Criterion("C.19", "C.19", "minimise the score differences of players who receive the same upfloat as two "
              "rounds before", _Q, _float_differences(3),
              plain="a player who played up two rounds ago and plays up again does so by as small a score gap as "
                    "possible",
              counted="players playing up again after playing up two rounds ago, with score gaps"),
)

#: the 2017 text: its table (no round-wide PAB criterion); the incremental re-scoring reads any
#: move with as many pairs in a bracket, whatever its downfloaters (C.7 reads the following
#: bracket's best, not the candidate's)
EDITION_2017 = Edition("2017", TABLE_2017, any_downfloaters=True)

#: criterion -> (article, one-line paraphrase)
CRITERIA_2017: dict[str, tuple[str, str]] = EDITION_2017.words()
#: the quality criteria, in priority order
QUALITY_2017: tuple[str, ...] = tuple(r.name for r in EDITION_2017.quality)

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
