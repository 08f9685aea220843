"""The two texts of C.04.3 the checker reads, as data: what differs between the text applied from
1 February 2026 and the one in force until 31 January 2026 (the "2017 rules").

Each :class:`Reading` holds the edition's criteria table (names, articles, words: the rows of
:data:`checker.dutch.criteria.CRITERIA` or :data:`checker.dutch.names_2017.CRITERIA_2017`), how
its findings name the absolute criteria and colour rules the two texts share (2026 ``C1`` is
2017 ``C.1``, Art. 5.2.3 is E.3), how it cites the generation order (2026 Art. 3.8 and Art. 4.2-4.4;
2017 B.8 and D.1-D.3), the evaluator of its quality criteria, whether a round is re-read for a
Penultimate Pairing Bracket (2017 A.9), how a round without a game floats (2026 Art. 1.4.3-1.4.4;
2017 A.4.b: a downfloat whatever the reason) and which unplayed wins bar the PAB (2026 C2, Art.
2.1.2: any win's points without playing; 2017 C.2: a forfeit win only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

from checker.dutch.state import PLAYER_FACTS, PlayerFacts

if TYPE_CHECKING:  # pragma: no cover
    from checker.dutch.criteria import Evaluator, Mate
    from checker.dutch.table import Criterion
    from checker.dutch.state import RoundState

__all__ = ["Reading", "READINGS", "reading", "EDITIONS"]


@dataclass(frozen=True)
class Reading:
    """One edition of C.04.3 as the checker reads it (module docstring)."""

    name: str
    #: the criteria: name -> (article, words)
    criteria: Mapping[str, tuple[str, str]]
    #: the quality criteria in priority order
    quality: tuple[str, ...]
    #: 2026 names of the absolute criteria and colour rules -> this edition's
    names: Mapping[str, str]
    #: how an article is cited in a finding: a format with ``{article}``
    article_style: str
    #: the generation order: its article in a finding, in a sentence, and the articles of the MDP
    #: choice, the transpositions and the exchanges
    order_article: str
    order_words: str
    order_parts: tuple[str, str, str]
    #: the order's words in ``--why-not``
    why_not_order: str
    #: A.9: the round is re-read for a Penultimate Pairing Bracket (and the players below it form
    #: the Collapsed Last Bracket)
    collapses: bool
    #: the players' facts (floats of rounds without a game, what bars the PAB)
    players: PlayerFacts
    #: the evaluator of the quality criteria for a state, with the PPB when the edition has one
    evaluator: Callable[[RoundState, int | None], Evaluator]
    #: the PPB a complete pairing shows (A.9), for an edition that :attr:`collapses`
    collapse_point: Callable[[RoundState, Mate], int | None] | None = None
    #: the criteria as the table's rows, in priority order (:mod:`checker.dutch.table`)
    rows: tuple[Criterion, ...] = ()

    def named(self, criterion: str) -> str:
        """A 2026 criterion or colour rule by this edition's name (``C1`` -> ``C.1``, ``5.2.3`` -> ``E.3``)."""
        return self.names.get(criterion, criterion)

    def article(self, criterion: str) -> str:
        """The article of a criterion, a colour rule or the generation order, as a finding cites it."""
        if criterion in self.criteria:
            return self.article_style.format(article=self.criteria[criterion][0])
        if criterion.startswith("E."):
            return self.article_style.format(article=criterion)
        if criterion.startswith("5."):
            return criterion
        return self.order_article


def _readings() -> dict[str, Reading]:
    from checker.dutch.criteria import CRITERIA, QUALITY, TABLE, Evaluator
    from checker.dutch.criteria_2017 import Evaluator2017, collapse_point
    from checker.dutch.names_2017 import ABSOLUTE_2017, COLOUR_2017, CRITERIA_2017, QUALITY_2017, TABLE_2017

    return {
        "2026": Reading("2026", CRITERIA, QUALITY, {}, "{article}", "3.8", "Art. 3.8",
                        ("Art. 4.4", "Art. 4.2", "Art. 4.3"), "Art. 3.8; order of Art. 4", False, PLAYER_FACTS["2026"],
                        lambda st, _ppb: Evaluator(st), rows=TABLE),
        "2017": Reading("2017", CRITERIA_2017, QUALITY_2017, {**ABSOLUTE_2017, **COLOUR_2017}, "{article} (2017)",
                        "B.8 (2017)", "B.8, 2017", ("D.3", "D.1", "D.2"), "B.8; order of D.1-D.3, 2017", True,
                        PLAYER_FACTS["2017"], Evaluator2017, collapse_point, TABLE_2017),
    }


#: The editions the checker reads, the one in force first.
EDITIONS = ("2026", "2017")

READINGS: dict[str, Reading] = {}


def reading(edition: str) -> Reading:
    """The :class:`Reading` of ``edition`` (``"2026"`` or ``"2017"``); raises ``ValueError``."""
    if not READINGS:
        READINGS.update(_readings())
    got = READINGS.get(edition)
    if got is None:
        raise ValueError(f"unknown edition of the Dutch rules: {edition!r} (expected 2017 or 2026)")
    return got
