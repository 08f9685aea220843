"""Which tie-breaks a kind of event may use: the Buchholz family in a round robin.

C.07 (2026) art. 8 ends with a note, "These tie-breaks must not be used in round-robins", which
covers the whole article: Buchholz (8.1), Average of Opponents' Buchholz (8.2) and Fore Buchholz
(8.3), on whatever score they are computed (``BH:MP`` of a team event is art. 8 on match points).
The note is new in 2026; the 2023 and 2024 texts only describe the family and leave the choice of
list to the Chief Organiser (art. 4.1), so an earlier event is warned, not refused.  SSSC (art.
13.4) uses a Buchholz inside a team tie-break of its own article and is not covered.  The reading
and its sources are in ``docs/tiebreaks.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from tiebreaks.codes import TieBreak
from tiebreaks.context import Edition

__all__ = ["BUCHHOLZ_FAMILY", "Unsuitable", "round_robin_buchholz", "require_round_robin_codes"]

#: The tie-breaks of C.07 art. 8 (8.1 BH, 8.2 AOB, 8.3 FB).
BUCHHOLZ_FAMILY = frozenset({"BH", "AOB", "FB"})


@dataclass(frozen=True)
class Unsuitable:
    """A tie-break of the list the event's kind does not take.  ``forbidden``: the edition's text
    says so (C.07 2026 art. 8); otherwise the later text does, and this is a warning."""

    text: str  # the code as the list writes it
    edition: Edition
    forbidden: bool

    @property
    def rule(self) -> str:
        return "C.07 art. 8 (2026)"

    def message(self) -> str:
        said = f"{self.text}: Buchholz is not a round-robin tie-break (C.07 art. 8: \"must not be used in round-robins\""
        if self.forbidden:
            return said + ")"
        return said + f", a note of the 2026 rules; the {self.edition.value} rules this event follows do not say it)"


def round_robin_buchholz(tiebreaks: Iterable[TieBreak], edition: Edition) -> list[Unsuitable]:
    """Every Buchholz-family tie-break (:data:`BUCHHOLZ_FAMILY`) of a round robin's list;
    ``forbidden`` under the 2026 rules, which added the note to art. 8."""
    return [Unsuitable(tb.text, edition, edition is Edition.V2026) for tb in tiebreaks if tb.code in BUCHHOLZ_FAMILY]


def require_round_robin_codes(tiebreaks: Iterable[TieBreak] | None, edition: Edition) -> None:
    """Raise ``ValueError`` naming the Buchholz tie-breaks of a round robin's list the 2026 rules
    forbid (C.07 art. 8); an earlier edition's list passes (:func:`round_robin_buchholz` gives the
    warning)."""
    bad = [u for u in round_robin_buchholz(tiebreaks or [], edition) if u.forbidden]
    if bad:
        codes = ", ".join(u.text for u in bad)
        raise ValueError(f"{codes}: Buchholz is not a round-robin tie-break (C.07 art. 8, 2026: the Buchholz "
                         "tie-breaks \"must not be used in round-robins\"); use DE, SB, WIN, KS ...")
