"""Diagnostics collected while reading a TRF file.

The reader is forgiving in the manner of python-chess: it keeps going after a
problem, records what it saw (severity, stable code, line, column, message) and
leaves the decision to the caller.  ``--strict`` promotes warnings to errors.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

if TYPE_CHECKING:
    from typing import Iterable


class Severity(enum.Enum):
    """How bad a finding is.

    ``INFO`` marks an adjustment made on import (a lichess-style blank bye
    opponent read as ``0000``); the file is still valid.  ``WARNING`` is a
    questionable but usable value.  ``ERROR`` makes the file invalid input.
    """

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True)
class Diagnostic:
    """One finding, located by 1-based line and column (columns in characters)."""

    severity: Severity
    code: str
    message: str
    line: int = 0
    column: int = 0

    def format(self, filename: str = "<input>") -> str:
        """``file:line:col: severity code message``, the compiler convention editors understand."""
        return f"{filename}:{self.line}:{self.column}: {self.severity.value} {self.code} {self.message}"

    def as_dict(self) -> dict[str, object]:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }

    def promoted(self) -> Diagnostic:
        """The same finding as an error (``--strict``)."""
        if self.severity is Severity.WARNING:
            return Diagnostic(Severity.ERROR, self.code, self.message, self.line, self.column)
        return self


# Stable diagnostic codes.  They appear in `arbiter validate` output and in
# `--json`; scripts may match on them, so never rename one.
CODES: dict[str, str] = {
    "syntax": "a field does not match the TRF layout",
    "unknown-record": "a record type this reader does not know (kept verbatim)",
    "bad-number": "a numeric field holds something else",
    "bad-code": "a code field holds a value outside its table",
    "encoding": "the bytes are not valid in the requested encoding",
    "line-ending": "the file mixes line endings",
    "normalised": "a value was read in a legacy or non-canonical form",
    "duplicate-player": "two player records share a start rank",
    "missing-player": "start ranks are not contiguous",
    "unknown-opponent": "an opponent start rank names no player",
    "self-opponent": "a player is paired against themself",
    "not-mirrored": "a game does not appear on the opponent's line",
    "colour-mismatch": "both players of a game have the same colour",
    "result-mismatch": "the two results of a game are not complementary",
    "bye-with-opponent": "a bye code is written with an opponent",
    "game-without-colour": "a game result is written without a colour or opponent",
    "multiple-pab": "more than one pairing-allocated bye in a round",
    "round-beyond-total": "a round beyond the declared number of rounds",
    "points-mismatch": "listed points differ from the computed score",
    "bad-record": "a record's values contradict each other or the players",
    "duplicate-record": "a record that may appear once appears again",
    "ambiguous-date": "a start or end date with a two-digit year (read as YY/MM/DD)",
    "not-canonical": "the file will be written back differently (same meaning)",
    "not-trf": "the file is not a TRF file (empty, binary, a PGN ...): nothing in it is a TRF record",
    "out-of-range": "a number outside the range the format allows (the record is kept verbatim, not read)",
    "too-many-rounds": "a player line with round blocks past round 99, the most TRF allows (not read)",
    "line-too-long": "a record line longer than its record can be (kept verbatim, not read)",
    "control-character": "a line holds a control character or a bidirectional override (TRF text is printable)",
    "bad-date": "a date field (042, 052, 132, a birth date) that is no date in a form TRF allows",
    "empty-round": "a round nobody played (no game, no bye) before the last round paired",
    "match-layout": "in a file of two-game matches (C.04.5), two round columns that are not one match or one bye",
    "match-rounds": "in a file of two-game matches, an odd number of rounds (142/XXR count game columns)",
}

#: The codes of findings that compare a record with others (a game with the opponent's line,
#: points with the results, a record with the player list).  A line the reader could not read
#: (a syntax error, a number out of range) is missing from those comparisons and so causes
#: some of them: :func:`in_order` puts these after the findings on single lines.
CONSEQUENCES = frozenset({
    "duplicate-player", "missing-player", "unknown-opponent", "not-mirrored", "colour-mismatch", "result-mismatch",
    "multiple-pab", "round-beyond-total", "points-mismatch", "bad-record", "duplicate-record", "empty-round",
    "match-layout",
})


def in_order(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics in the order to read them: causes before consequences.  First what each line
    shows by itself (layout, numbers, codes, dates: the reader's findings), then what comparing
    records shows (:data:`CONSEQUENCES`), each part in line and column order.  So an
    ``unknown-opponent`` on line 11 comes after the syntax error on line 14 that left the
    opponent's line unread."""
    return sorted(diagnostics, key=lambda d: (d.code in CONSEQUENCES, d.line, d.column))


class TrfError(Exception):
    """Raised by :meth:`trf.ParseResult.raise_on_errors` when a file holds errors.

    Carries every diagnostic so a caller can still print them all.
    """

    def __init__(self, diagnostics: list[Diagnostic], filename: str = "<input>") -> None:
        self.diagnostics = diagnostics
        self.filename = filename
        errors = [d for d in diagnostics if d.severity is Severity.ERROR]
        first = errors[0].format(filename) if errors else "invalid TRF"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(first + more)
