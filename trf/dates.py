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
"""

from __future__ import annotations

import re
from datetime import date

from trf.limits import MAX_ROUNDS

__all__ = ["parse_date", "two_digit_year", "parse_round_dates"]

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
