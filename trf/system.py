"""What a file says about how it is paired, read once from its records: the values of ``192``
(TRF-2026, the encoded tournament type: ETT codes such as ``FIDE_DUTCH_2026``) and ``092``
(TRF-16's free-text type, e.g. ``Individual: Swiss-System (Dutch)``, which producers also fill
with ETT codes), as written, and whether it is a team event (team records ``013``/``310``, or
``TEAM`` in those codes).

Which pairing system a code names, and which edition of its rules applies, is not a fact of the
format but of the systems: the registry (:func:`systems.select`) reads it from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import Tournament

__all__ = ["SystemCode", "system_code", "UnsupportedEvent", "require_individual", "TWO_GAME_MATCHES", "writes_matches"]

#: How ``192``/``092`` name a system whose rounds are matches of two games (the ETT codes
#: ``FIDE_DOUBLESWISS``, ``CUSTOM_DOUBLESWISS``, and free text): the files read in this layout
#: (:mod:`trf.matches`).
TWO_GAME_MATCHES = r"DOUBLE[\s_-]*SWISS"


@dataclass(frozen=True)
class SystemCode:
    """The records that name how a file is paired: ``named``, the non-empty values of ``192``
    then ``092`` as ``(record, value)``, in that order of precedence; ``team``: a team event."""

    named: tuple[tuple[str, str], ...]
    team: bool


def system_code(t: Tournament) -> SystemCode:
    """The :class:`SystemCode` of ``t``."""
    named = tuple((code, value) for code in ("192", "092") if (value := t.header(code)))
    said = " ".join(value.upper() for _, value in named)
    return SystemCode(named, t.is_team_event or "TEAM" in said)


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


def writes_matches(t: Tournament) -> bool:
    """Whether the file names a system of two-game matches (:data:`TWO_GAME_MATCHES`) in ``192``
    or ``092``: its columns are read in pairs (:mod:`trf.matches`; here, where the reader's
    validation asks it of every file without loading that module)."""
    return any(re.search(TWO_GAME_MATCHES, value.upper()) for _, value in t.system_code.named)
