"""CSV that a spreadsheet opens as data: a cell it would evaluate as a formula is written as text.

A spreadsheet reads a cell starting with ``=``, ``+``, ``-`` or ``@`` as a formula, and a name
taken from a file can start so (``=HYPERLINK(...)``, ``=cmd|' /C calc'!A0``, ``@SUM(1)``): the
name would run when the CSV is opened.  As OWASP's page on CSV injection recommends, such a cell,
and one starting with a tab or a carriage return (which some spreadsheets skip before reading the
rest), is written with a single quote in front, which spreadsheets show as text and do not
evaluate.  A plain number (``-12``, ``-0.5``: a rating change, a score difference) is left as
it is, so that it stays a number in the sheet; ``+1`` is not one of those (the toolkit never
writes a plus sign in a number), nor is ``-2+3``.

Every CSV the toolkit writes goes through :func:`writer` (tests/arbiter/test_injection.py
checks that no other module makes a ``csv.writer``).  The cells are otherwise kept exactly
(control characters too: a CSV is data, as a TRF file is).
"""

from __future__ import annotations

import csv
import re
from typing import Any, Iterable, Protocol

__all__ = ["FORMULA_START", "safe_cell", "safe_row", "writer", "SafeWriter"]

#: The first characters that make a spreadsheet evaluate a cell (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

# A number as the toolkit writes one: digits, a minus sign in front, a decimal point.
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet should read it: a text starting with one of
    :data:`FORMULA_START` that is not a plain number gets a ``'`` in front; anything else
    (numbers, ``None``, other text) is returned as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    """Every cell of ``row`` through :func:`safe_cell`."""
    return [safe_cell(v) for v in row]


class _Writable(Protocol):
    def write(self, s: str, /) -> object: ...


class SafeWriter:
    """A ``csv.writer`` whose rows go through :func:`safe_row`."""

    def __init__(self, stream: _Writable, **options: Any) -> None:
        self._writer = csv.writer(stream, **options)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow(safe_row(row))

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        self._writer.writerows(safe_row(r) for r in rows)


def writer(stream: _Writable, lineterminator: str = "\n", **options: Any) -> SafeWriter:
    """A CSV writer on ``stream`` (``\\n`` line ends unless told) that neutralises formulas."""
    return SafeWriter(stream, lineterminator=lineterminator, **options)
