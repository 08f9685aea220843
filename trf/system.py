"""The pairing system and the kind of event a file describes, read once from its records.

Sources, in order: TRF-2026 ``192`` (the encoded tournament type, ETT26 codes such as
``FIDE_DUTCH_2026``, ``FIDE_DUTCH_BAKU``, ``FIDE_ROUNDROBIN``, ``FIDE_TEAM_...``), then ``092``
(TRF-16's free-text type, e.g. ``Individual: Swiss-System (Dutch)``, which producers also fill
with ETT codes).  Team records (``013``, ``310``) make a team event whatever the text says.
Nothing said at all is an individual Swiss by the Dutch system, the common case.

The Dutch edition (C.04.3): ``_2017`` is the text in force until 31 January 2026; ``_2026`` and
its draft alias ``_2025`` the one applied from 1 February 2026; plain ``FIDE_DUTCH`` (and any
Dutch or unnamed Swiss) is resolved by the start date (``042``, else the first ``132`` date): the
2026 rules for events starting on or after 1 February 2026, the 2017 rules before, the 2026 rules
when no date is readable.  :attr:`PairingSystem.edition_reason` says which of these applied.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import Tournament

__all__ = ["Family", "PairingSystem", "pairing_system", "DUTCH_2026_FROM", "dutch_edition_for", "UnsupportedEvent",
           "require_individual"]


#: First day of the 2026 Dutch rules (C.04.3 as applied from 1 February 2026).
DUTCH_2026_FROM = date(2026, 2, 1)


class Family(enum.Enum):
    """The pairing method, as far as the toolkit tells systems apart."""

    DUTCH = "dutch"
    DUBOV = "dubov"
    BURSTEIN = "burstein"
    DOUBLE_SWISS = "double_swiss"
    CUSTOM_SWISS = "custom_swiss"
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    SCHILLER = "schiller"
    SCHEVENINGEN = "scheveningen"
    KNOCKOUT = "knockout"

    @property
    def swiss(self) -> bool:
        return self in _SWISS

    @property
    def predetermined(self) -> bool:
        """Pairings fixed by a table before the event (round robins and the like)."""
        return not self.swiss


_SWISS = frozenset({Family.DUTCH, Family.DUBOV, Family.BURSTEIN, Family.DOUBLE_SWISS, Family.CUSTOM_SWISS})


@dataclass(frozen=True)
class PairingSystem:
    """What a file says about how it is paired.

    ``family``: the method; ``edition``: ``"2017"`` or ``"2026"`` for the Dutch system, else
    ``None``; ``edition_reason``: how the edition was chosen, in words; ``baku``: Baku
    acceleration (C.04.7) named by the code; ``team``: a team event; ``source``: the record the
    system was read from (``"192 FIDE_DUTCH_2026"``), ``None`` when the file says nothing.
    """

    family: Family
    edition: str | None
    edition_reason: str
    baku: bool
    team: bool
    source: str | None

    @property
    def is_swiss(self) -> bool:
        return self.family.swiss

    @property
    def is_round_robin(self) -> bool:
        """A single or double round robin (Berger tables, C.05 Annex 1)."""
        return self.family in (Family.ROUND_ROBIN, Family.DOUBLE_ROUND_ROBIN)

    @property
    def name(self) -> str:
        """The system in words, e.g. ``Dutch (C.04.3, 2026 rules) with Baku acceleration``."""
        words = {
            Family.DUTCH: "Dutch (C.04.3, {ed} rules)", Family.DUBOV: "Dubov", Family.BURSTEIN: "Burstein",
            Family.DOUBLE_SWISS: "Double-Swiss", Family.CUSTOM_SWISS: "custom Swiss",
            Family.ROUND_ROBIN: "round robin", Family.DOUBLE_ROUND_ROBIN: "double round robin",
            Family.SCHILLER: "Schiller", Family.SCHEVENINGEN: "Scheveningen", Family.KNOCKOUT: "knockout",
        }[self.family].format(ed=self.edition)
        if self.baku:
            words += " with Baku acceleration"
        return ("team event, " if self.team else "") + words


# ETT26 codes (TRF-2026 Annexure, table 192), most specific first.
_CODES: tuple[tuple[re.Pattern[str], Family], ...] = tuple((re.compile(p), f) for p, f in (
    (r"DOUBLE[\s_-]*SWISS", Family.DOUBLE_SWISS),
    (r"DOUBLE[\s_-]*(ROUND[\s_-]*ROBIN|BERGER|SCHEVENINGEN)|(?<![A-Z])DRR(?![A-Z])", Family.DOUBLE_ROUND_ROBIN),
    (r"SCHEVENINGEN", Family.SCHEVENINGEN),
    (r"SCHILLER", Family.SCHILLER),
    (r"KNOCK[\s_-]*OUT", Family.KNOCKOUT),
    (r"DUBOV", Family.DUBOV),
    (r"BURSTEIN", Family.BURSTEIN),
    (r"CUSTOM_SWISS", Family.CUSTOM_SWISS),
    (r"DUTCH", Family.DUTCH),
    (r"SWISS", Family.DUTCH),
    (r"ROUND[\s_-]*ROBIN|BERGER|(?<![A-Z])RR(?![A-Z])", Family.ROUND_ROBIN),
))

_EDITION = re.compile(r"DUTCH[\s_-]*(2017|2025|2026)")


def _family(text: str) -> Family | None:
    for pattern, family in _CODES:
        if pattern.search(text):
            return family
    return None


def dutch_edition_for(start: date | None) -> tuple[str, str]:
    """The Dutch edition in force for an event starting on ``start``, and the reason in words."""
    if start is None:
        return "2026", "no start date (042/132) to choose by: the rules in force now"
    if start >= DUTCH_2026_FROM:
        return "2026", f"the event starts on {start.isoformat()}, on or after {DUTCH_2026_FROM.isoformat()}"
    return "2017", f"the event starts on {start.isoformat()}, before {DUTCH_2026_FROM.isoformat()}"


def pairing_system(t: Tournament) -> PairingSystem:
    """The pairing system of ``t`` (see the module docstring for the sources and defaults)."""
    family, source, text = None, None, ""
    named = [(code, value) for code in ("192", "092") if (value := t.header(code))]
    for code, value in named:
        found = _family(value.upper())
        if found is not None:
            family, source, text = found, f"{code} {value}", value.upper()
            break
    said = " ".join(value.upper() for _, value in named)
    team = t.is_team_event or "TEAM" in said
    baku = "BAKU" in text
    if family is None:
        family = Family.DUTCH
    edition: str | None = None
    reason = ""
    if family is Family.DUTCH:
        m = _EDITION.search(text)
        if m is not None:
            edition = "2017" if m.group(1) == "2017" else "2026"
            reason = f"named by {source}" + (" (the draft name of the 2026 rules)" if m.group(1) == "2025" else "")
        else:
            start = t.start_date
            if start is None:
                start = next((d for d in t.round_dates if d is not None), None)
            edition, reason = dutch_edition_for(start)
    return PairingSystem(family, edition, reason, baku, team, source)


class UnsupportedEvent(ValueError):
    """A task the toolkit does not perform on this kind of event (today: team events, whose
    pairings, tie-breaks and rating reports are not implemented).  ``task`` says what was asked,
    in words."""

    def __init__(self, task: str) -> None:
        super().__init__(f"a team event; {task}")
        self.task = task


def require_individual(t: Tournament, task: str) -> None:
    """Raise :class:`UnsupportedEvent` when ``t`` is a team event (``task``: what is not
    implemented for team events, e.g. ``"team tie-breaks are not implemented yet"``)."""
    if t.is_team_event:
        raise UnsupportedEvent(task)
