"""Which edition of the FIDE Rating Regulations (B.02) applies, and the dates in a TRF file.

The rules changed over time; a tournament is rated under the rules in force at its dates.
Changes take effect for tournaments *starting* on or after the date (B.02 0.1 as worded up to
2008: "For tournaments, such changes will apply to those starting on or after that date").
The start date comes from record ``042``, else the first round date in ``132``, else ``052``
(every date is read by :mod:`trf.dates`, as for the tie-breaks and the pairing rules).

Editions (FIDE Handbook B.02 art. 8, its 2022 and 2024 revisions; secondary sources marked
UNCONFIRMED where the Handbook text was not seen):

=============  ======================================================================
from           change
=============  ======================================================================
(before)       350-point rule; K 25 (new player) / 15 / 10 (2400+)  [K 25 UNCONFIRMED]
2009-07-01     400-point rule replaces the 350-point rule
2011-07-01     K 30 for new players (15 / 10 unchanged)             [date UNCONFIRMED]
2014-07-01     K 40 (new; and juniors under 2300 until their 18th birthday) / 20 / 10;
               K x n <= 700 per rating period                        [700 rule date UNCONFIRMED]
2022-01-01     juniors keep K 40 until the end of the year of their 18th birthday; the
               400-point rule benefits a player once per event        [dates UNCONFIRMED]
2024-03-01     the once-per-event limit is abolished; new initial-rating method (two
               hypothetical 1800 opponents, draws; maximum 2200)
2025-10-01     the 400-point rule no longer applies to players rated 2650 and above
=============  ======================================================================

Everything here is data plus small pure functions; no floats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from trf.dates import parse_date

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import Tournament

__all__ = ["Rules", "EDITIONS", "rules_for", "birth_year", "tournament_date"]


@dataclass(frozen=True)
class Rules:
    """One edition of B.02 as far as a tournament's rating change is concerned.

    ``cap``: the rating-difference cap of 8.3.1 (350 or 400 points);
    ``cap_exempt_from``: players rated at least this much are not capped (2650 from Oct 2025);
    ``cap_once_per_event``: the 2022 limit "only one upgrade per tournament, for the game with
    the greatest difference" (applied to the higher-rated side, whom the cap benefits);
    ``k_new`` / ``k_standard`` / ``k_top``: 8.3.3 K factors (new player, under 2400, 2400+);
    ``k_junior``: K for juniors rated under ``junior_below`` (``None``: no junior rule);
    ``junior_end_of_year``: juniors keep it until the end of the year of their 18th birthday
    (else until the birthday itself); ``k_games_cap``: K x n must not exceed it (``None``: no cap);
    ``initial``: the initial-rating method for unrated players, ``"2024"`` or ``"pre2024"``.
    """

    since: date
    name: str
    cap: int
    cap_exempt_from: int | None
    cap_once_per_event: bool
    k_new: int
    k_standard: int
    k_top: int
    k_junior: int | None
    junior_below: int
    junior_end_of_year: bool
    k_games_cap: int | None
    initial: str
    unconfirmed: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {
            "edition": self.name, "since": self.since.isoformat(), "cap": self.cap,
            "cap_exempt_from": self.cap_exempt_from, "cap_once_per_event": self.cap_once_per_event,
            "k_new": self.k_new, "k_standard": self.k_standard, "k_top": self.k_top,
            "k_junior": self.k_junior, "junior_below": self.junior_below,
            "junior_until": "end of the year of the 18th birthday" if self.junior_end_of_year else "18th birthday",
            "k_games_cap": self.k_games_cap, "initial_rating_method": self.initial,
            "unconfirmed": list(self.unconfirmed),
        }


_ROUNDING = "rating change rounded to the nearest integer, .5 away from zero (8.3.4 as quoted for 2024; earlier editions assumed alike)"
_GAME_BY_GAME = "expected score game by game (PD per game); before mid-2009 FIDE may have used the tournament average"

#: The editions in date order; :func:`rules_for` picks the last one not after a date.
EDITIONS: tuple[Rules, ...] = (
    Rules(date(1900, 1, 1), "B.02 before 1 Jul 2009 (350-point rule)", 350, None, False, 25, 15, 10, None, 2300,
          False, None, "pre2024", ("K 25 for new players", _GAME_BY_GAME, _ROUNDING, "initial rating method")),
    Rules(date(2009, 7, 1), "B.02 from 1 Jul 2009 (400-point rule)", 400, None, False, 25, 15, 10, None, 2300,
          False, None, "pre2024", ("K 25 for new players", _ROUNDING, "initial rating method")),
    Rules(date(2011, 7, 1), "B.02 from 1 Jul 2011 (K 30 for new players)", 400, None, False, 30, 15, 10, None, 2300,
          False, None, "pre2024", ("effective date 1 Jul 2011", _ROUNDING, "initial rating method")),
    Rules(date(2014, 7, 1), "B.02 from 1 Jul 2014 (K 40/20/10)", 400, None, False, 40, 20, 10, 40, 2300,
          False, 700, "pre2024", ("K x n <= 700 from this date", _ROUNDING, "initial rating method")),
    Rules(date(2022, 1, 1), "B.02 2022 (400-point rule once per event)", 400, None, True, 40, 20, 10, 40, 2300,
          True, 700, "pre2024", ("effective date 1 Jan 2022", "once-per-event limit applies to the higher-rated side only",
                                 _ROUNDING, "initial rating method")),
    Rules(date(2024, 3, 1), "B.02 from 1 Mar 2024", 400, None, False, 40, 20, 10, 40, 2300,
          True, 700, "2024", ()),
    Rules(date(2025, 10, 1), "B.02 from 1 Oct 2025 (no 400-point rule for 2650+)", 400, 2650, False, 40, 20, 10, 40,
          2300, True, 700, "2024", ()),
)


def rules_for(when: date | None) -> Rules:
    """The edition in force for a tournament starting on ``when`` (``None``: the latest edition,
    i.e. the rules in force today)."""
    if when is None:
        return EDITIONS[-1]
    found = EDITIONS[0]
    for rules in EDITIONS:
        if rules.since <= when:
            found = rules
    return found


# --------------------------------------------------------------------------- dates


def birth_year(text: str | None) -> int | None:
    """The year of a birth-date field (``1969.12.06``, ``1969/12/06``, ``1978``), or ``None``."""
    if not text:
        return None
    d = parse_date(text)
    if d is not None:
        return d.year
    m = re.fullmatch(r"\s*(\d{4})(?:[/.-]0{1,2}[/.-]0{1,2})?\s*", text)
    return int(m.group(1)) if m else None


def tournament_date(t: Tournament) -> tuple[date | None, str]:
    """The date that decides which rules apply, and where it came from: the start date (``042``),
    else the first round date (``132``), else the end date (``052``); ``(None, "none")`` if none."""
    if t.start_date is not None:
        return t.start_date, "042"
    dates = [d for d in t.round_dates if d is not None]
    if dates:
        return dates[0], "132"
    if t.end_date is not None:
        return t.end_date, "052"
    return None, "none"
