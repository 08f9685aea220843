"""The shape of a table of pairing criteria: one row per criterion of C.04.3 Art. 2 (2026) or
C (2017), in priority order, and what a row measures a candidate on.

:mod:`checker.dutch.criteria` holds the 2026 table (C1-C21), :mod:`checker.dutch.names_2017` the
2017 one (C.1-C.19).  Each quality row gives a bracket's value (smaller is better) as a function
of the bracket as a candidate pairs it (:class:`BracketParts`); a row whose value adds up over
the bracket's pairs also gives what one pair adds (:class:`PairTerms`), which is how
:mod:`checker.dutch.reference` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from enum import Enum
from fractions import Fraction
from typing import Any, Callable, NamedTuple

#: a round-pairing: player -> opponent, or ``None`` for the PAB
Mate = dict[int, "int | None"]


class Kind(Enum):
    """What a criterion constrains (C.04.3 Art. 2.1-2.4; 2017 C.1-C.19)."""

    ABSOLUTE = "absolute"  # Art. 2.1: a pair or a PAB that may not be
    COMPLETION = "completion"  # Art. 2.2: the round must still be pairable
    PAB = "PAB"  # Art. 2.3: round-wide, read before any bracket
    QUALITY = "quality"  # Art. 2.4: compared bracket by bracket (Art. 3.8)


class PairTerms(NamedTuple):
    """What one pair adds to its bracket's values (Art. 2.4.5-2.4.8, 2.4.10-2.4.16; 2017
    C.8-C.11): the players of the pair who end with a colour difference beyond +-2, who get the
    same colour three times running (both counted only when a topscorer plays), who miss their
    colour preference, who miss a strong one; and, when the higher player is an MDP, the score
    difference of the pair if the opponent upfloated one (``upfloat_1``) or two rounds before
    (``upfloat_2``), else ``None``."""

    colour_diff: int
    same_three: int
    pref_unmet: int
    strong_unmet: int
    upfloat_1: Fraction | None
    upfloat_2: Fraction | None


#: :class:`PairTerms` as a plain tuple, in the same order (what the fast path keeps and unpacks)
PairValues = tuple[int, int, int, int, "Fraction | None", "Fraction | None"]


class PairSums(NamedTuple):
    """:class:`PairTerms` added up over a bracket's pairs: the four counts, and the score
    differences of ``upfloat_1`` and ``upfloat_2``, largest first."""

    colour_diff: int
    same_three: int
    pref_unmet: int
    strong_unmet: int
    upfloat_1: tuple[Fraction, ...]
    upfloat_2: tuple[Fraction, ...]


class BracketParts(NamedTuple):
    """A bracket as a candidate pairs it, in the parts the criteria read: its index (``bracket``), its
    downfloaters (rank order), MDPs (rank order, and as a set), members, the next bracket's
    downfloaters (``None``: no next bracket), each member's opponent, the PAB assignee among the
    downfloaters, and the bracket's :class:`PairSums`."""

    bracket: int
    downfloaters: tuple[int, ...]
    mdps: tuple[int, ...]
    mdp_set: frozenset[int] | set[int]
    members: frozenset[int] | set[int]
    next_down: tuple[int, ...] | None
    opponent: Callable[[int], "int | None"]
    pab: int | None
    sums: PairSums


#: a quality row's value of a bracket: ``measure(evaluator, parts)``; the PAB row's, of a round:
#: ``measure(evaluator, mate)`` (the evaluator of the row's edition)
Measure = Callable[[Any, Any], Any]


@dataclass(frozen=True)
class Criterion:
    """One row of a criteria table.

    ``name`` as findings report it (``C12``, ``C.10``); ``article`` of the Handbook (``2.4.7``;
    2017: ``C.10``); ``words``, a one-line paraphrase; ``kind``; ``measure``, the value (quality
    and PAB rows; smaller is better); ``per_pair``, for a value that adds up over the bracket's
    pairs, what one pair adds (a count, or a score difference or ``None``), ``listed`` when the
    value is those score differences largest first rather than their sum.  ``next_bracket``:
    the value reads the next bracket, so it cannot tell apart two choices with the same
    downfloaters and is not compared between them; ``optional``: ``None`` means the criterion
    does not apply, and it is compared only when it applies to both.  ``downfloaters``: the row
    judges the bracket's choice of downfloaters (how many, their scores, what the next bracket
    makes of them, the PAB assignee's unplayed games): a bracket summary shows its value, not a
    failure.  ``plain``: the rule as an arbiter says it to a player, without the Handbook's terms
    (no "downfloater", "MDP", "bracket"); ``counted``: what the value counts, in the same words
    (``{s}`` marks the plural: "player{s} without the colour they prefer")."""

    name: str
    article: str
    words: str
    kind: Kind
    measure: Measure | None = None
    per_pair: Callable[[PairTerms], Any] | None = None
    listed: bool = False
    next_bracket: bool = False
    optional: bool = False
    downfloaters: bool = False
    plain: str = ""
    counted: str = ""


@dataclass(frozen=True)
class Edition:
    """One text of C.04.3 as a table: its ``rows`` in priority order; ``any_downfloaters``: the
    incremental re-scoring (:mod:`checker.dutch.rescore`) reads a move that changes a bracket's
    downfloaters without rebuilding the bracket (2026: only when its downfloaters stay)."""

    name: str
    rows: tuple[Criterion, ...]
    any_downfloaters: bool

    @cached_property
    def quality(self) -> tuple[Criterion, ...]:
        """The quality rows, compared bracket by bracket (Art. 3.8)."""
        return tuple(r for r in self.rows if r.kind is Kind.QUALITY)

    @cached_property
    def measures(self) -> tuple[tuple[str, Measure], ...]:
        """Each quality row's name and measure, in order."""
        out = []
        for r in self.quality:
            assert r.measure is not None, f"{r.name}: a quality criterion needs a measure"
            out.append((r.name, r.measure))
        return tuple(out)

    @cached_property
    def pab(self) -> Criterion | None:
        """The round-wide PAB row (2026 C5), read before any bracket; 2017 has none."""
        return next((r for r in self.rows if r.kind is Kind.PAB), None)

    def words(self) -> dict[str, tuple[str, str]]:
        """Each criterion's article and words, by name."""
        return {r.name: (r.article, r.words) for r in self.rows}

    def row(self, name: str) -> Criterion | None:
        """The row called ``name`` (``None``: not a criterion of this text)."""
        return next((r for r in self.rows if r.name == name), None)


def first_difference(rows: tuple[Criterion, ...], va: dict[str, Any], vb: dict[str, Any],
                     same_downfloaters: bool) -> str | None:
    """The first of ``rows`` on which two value vectors of the same bracket differ (Art. 3.8.1):
    a row that reads the next bracket is not compared between two choices with the same
    downfloaters, an optional row only when it applies to both."""
    for row in rows:
        if row.next_bracket and same_downfloaters:
            continue
        x, y = va[row.name], vb[row.name]
        if x != y and not (row.optional and (x is None or y is None)):
            return row.name
    return None
