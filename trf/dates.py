"""The dates of a TRF file: start (``042``), end (``052``) and the round dates (``132``).

One reader for every package: the tie-break edition (C.07), the rating rules (B.02) and the
Dutch edition (C.04.3, 2017 or 2026) are all chosen by the start date, so one file must never
get two different dates from two readers.

Forms accepted (TRF-16 gives 042/052 no format; TRF-2026 fixes ``YYYY/MM/DD``; producers write
others), separators ``/ - .`` and blanks, anything after the date ignored (a time of day):

* ``2026/03/01``, ``2026-03-01``, ``2026.03.01``: a four-digit first field is the year, then
  month and day;
* ``24/09/2010``, ``28. 07. 2005``: a four-digit last field is the year, day first;
* ``26/03/01``: three fields of at most two digits are **year, month, day**, the one two-digit
  form the format itself defines (TRF-16 record ``132``: ``YY/MM/DD``).  So ``042 01/03/26`` is
  2001-03-26, as the reference tie-break implementation (gacrux) reads it; a file meaning
  1 March 2026 must write ``2026/03/01``.  The validator warns about such a 042/052
  (``ambiguous-date``) and says how it was read.  Two-digit years are 2000-2069 for 00-69 and
  1970-1999 for 70-99.

Anything else (``May 29, 2020``, ``0000/00/00``, month 13) is no date: ``None``.

Birth dates (``001`` columns 70-79, ``YYYY/MM/DD``) may be partial: a year alone (``1978``, as
JaVaFo's sample writes it), ``00`` for an unknown month or day (``1987/00/00``, as the TEC's
sample writes it).  In every date field ``0000/00/00`` is an unknown date, as a blank field
(Swiss-Manager writes it so): no date, and nothing wrong.  :func:`date_fault` and :func:`birth_date_fault` say why a field is no date
in a form allowed there; the validator reports it (docs/trf.md, "Dates").
"""

from __future__ import annotations

import re
from datetime import date

from trf.limits import MAX_ROUNDS

__all__ = ["parse_date", "two_digit_year", "parse_round_dates", "date_fault", "birth_date_fault", "looks_like_date",
           "DATE_FORM", "BIRTH_DATE_FORMS"]

#: The form TRF-2026 fixes for 042/052 (and the one this toolkit writes).
DATE_FORM = "YYYY/MM/DD"
#: The forms of a birth date (TRF-16 columns 70-79).
BIRTH_DATE_FORMS = "YYYY/MM/DD, a year alone (YYYY), or 00 for what is unknown (YYYY/00/00, 0000/00/00)"

_FIELDS = re.compile(r"\s*(\d{1,4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,4})(?!\d)")


def _year(text: str) -> int:
    y = int(text)
    if len(text) <= 2:
        y += 2000 if y < 70 else 1900
    return y


def parse_date(text: str | None) -> date | None:
    """The date written at the start of ``text`` in one of the forms above, or ``None``."""
    if not text:
        return None
    m = _FIELDS.match(text)
    if m is None:
        return None
    a, b, c = m.groups()
    try:
        if len(a) == 4:
            return date(int(a), int(b), int(c))
        if len(c) == 4:
            return date(int(c), int(b), int(a))
        if len(a) <= 2 and len(c) <= 2:
            return date(_year(a), int(b), int(c))
    except ValueError:  # 0000/00/00, 2026/13/40 ...
        return None
    return None


def two_digit_year(text: str | None) -> bool:
    """Whether ``text`` is a date in the ``YY/MM/DD`` form (the one a reader could take for
    ``DD/MM/YY``)."""
    m = _FIELDS.match(text or "")
    return m is not None and len(m.group(1)) <= 2 and len(m.group(3)) <= 2


def parse_round_dates(text: str | None) -> list[date | None]:
    """The dates of a ``132`` value in round order (blank-separated ``YY/MM/DD`` fields), at most
    99 (TRF allows 99 rounds; a longer line is not read further)."""
    if not text:
        return []
    return [parse_date(tok) for tok in text.split(maxsplit=MAX_ROUNDS)[:MAX_ROUNDS]]


def looks_like_date(text: str | None) -> bool:
    """Whether ``text`` starts with three numbers and separators, as every date form above does:
    such a field that is no date (``2026/13/45``) is a wrong date, not a date in another notation."""
    return _FIELDS.match(text or "") is not None


def date_fault(text: str | None) -> str | None:
    """Why ``text`` (a 042/052 value, a 132 field) is no date in a form above, or ``None`` when it
    is one or is blank."""
    if not text or not text.strip() or parse_date(text) is not None:
        return None
    m = _FIELDS.match(text)
    if m is None:
        return "not a date in a form TRF uses"
    if not any(int(f) for f in m.groups()):
        return None  # 0000/00/00: unknown, as a blank field (Swiss-Manager writes it so)
    return _calendar_fault(*m.groups())


def _calendar_fault(a: str, b: str, c: str) -> str:
    """What is wrong with three date fields that do not make a date."""
    if len(a) == 4:
        year, month, day = int(a), int(b), int(c)
    elif len(c) == 4:
        year, month, day = int(c), int(b), int(a)
    elif len(a) <= 2 and len(c) <= 2:
        year, month, day = _year(a), int(b), int(c)
    else:
        return "the year must be the first field (YYYY/MM/DD) or the last (DD/MM/YYYY)"
    if year == 0:
        return "year 0 is no year"
    if not 1 <= month <= 12:
        return f"month {month:02d} is no month (01-12)"
    if day == 0:
        return "day 00 is no day (days start at 01)"
    return f"day {day:02d}: month {month:02d} of {year} has {_days_in(year, month)} days"


def _days_in(year: int, month: int) -> int:
    import calendar  # asked only to word an impossible date

    return calendar.monthrange(year, month)[1]


_BIRTH_PARTIAL = r"\s*(\d{4})\s*(?:[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2}))?\s*$"  # compiled at its first use (re's cache)


def birth_date_fault(text: str | None) -> str | None:
    """Why ``text`` (a birth date, TRF-16 columns 70-79) is no date in a form allowed there
    (:data:`BIRTH_DATE_FORMS`), or ``None``."""
    if not text or not text.strip() or parse_date(text) is not None or date_fault(text) is None:
        return None
    m = re.match(_BIRTH_PARTIAL, text)
    if m is not None:
        year, month, day = int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 0)
        if year == 0:
            return "year 0 is no year"
        if not 0 <= month <= 12:
            return f"month {month:02d} is no month (01-12, or 00 when unknown)"
        if month == 0 and day:
            return f"day {day:02d} with an unknown month (00)"
        if month and day > _days_in(year, month):
            return f"day {day:02d}: month {month:02d} of {year} has {_days_in(year, month)} days"
        return None  # a year alone, YYYY/00/00 or YYYY/MM/00
    return date_fault(text)
