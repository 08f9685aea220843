"""The event's action log and its pairing-irregularity lines, both kept in the file as TRF-2026
``###`` comments, so the file alone answers an appeal ("who changed this result, and when?").

* Log lines, appended in order at the end of the file, one per action:
  ``### LOG 2026-10-03 14:02 pair round 3: 20 boards, PAB 41 (engine)``.
* Irregularity lines, placed before the player records, one per round and kind, in the shape of
  the TEC manual's PIBE log that the FIDE verification checklist for tournament handler programs
  asks for: ``### MPA @ Round 5: 12-3 9-4 => 12-4 9-3`` (a manual pairing alteration accepted:
  the engine's boards, then the round's), ``### FIDE mode exited @ Round 3`` (a rule the FIDE
  systems do not know, e.g. a forbidden pair added once the event had begun), ``### FPB @ Round 4:
  7=FPB`` (a full-point bye).

Comments are legal in TRF-2026 only; the endorsed engines skip them (bbpPairings reads every
line by its first three characters and ignores ``###``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from event.change import Change
from trf.model import Comment, Player, Record, Tournament

__all__ = ["LogEntry", "record", "entries", "Irregularity", "irregularities", "with_irregularity",
           "without_irregularity", "LOG_PREFIX", "before_log"]

LOG_PREFIX = "### LOG "
_LOG = re.compile(r"^### LOG (\d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)?) (.*)$")
_PIBE = re.compile(r"^### (MPA|FIDE mode exited|FPB) @ Round (\d+)(?:: (.*))?$")


@dataclass(frozen=True)
class LogEntry:
    """One action: ``when`` (local time, ``YYYY-MM-DD HH:MM``) and what was done, in words."""

    when: str
    text: str
    line: int = 0

    def as_dict(self) -> dict[str, object]:
        return {"when": self.when, "text": self.text, "line": self.line}


def _one_line(text: str) -> str:
    return " ".join(text.split())


def before_log(records: list[Record] | tuple[Record, ...]) -> int:
    """Where a new record goes: after the last record that is not an action-log line."""
    i = len(records)
    while i > 0 and isinstance(rec := records[i - 1], Comment) and rec.text.startswith(LOG_PREFIX):
        i -= 1
    return i


def record(change: Change, when: datetime) -> Tournament:
    """The tournament after ``change`` with its log line appended (the time to the minute)."""
    line = f"{LOG_PREFIX}{when:%Y-%m-%d %H:%M} {_one_line(change.summary)}"
    t = change.after
    return t.replace_records(t.records + (Comment(line),))


def entries(t: Tournament) -> list[LogEntry]:
    """The log lines of ``t`` in file order (the order the actions were taken)."""
    out = []
    for rec in t.records:
        if isinstance(rec, Comment) and (m := _LOG.match(rec.text)):
            out.append(LogEntry(m.group(1), m.group(2), rec.line))
    return out


@dataclass(frozen=True)
class Irregularity:
    """A pairing-irregularity line: ``kind`` (``MPA``, ``FIDE mode exited``, ``FPB``), the round,
    and its text after the colon (``""`` when there is none)."""

    kind: str
    round: int
    text: str = ""

    @property
    def line(self) -> str:
        return f"### {self.kind} @ Round {self.round}" + (f": {self.text}" if self.text else "")

    def as_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "round": self.round, "text": self.text}


def irregularities(t: Tournament) -> list[Irregularity]:
    out = []
    for rec in t.records:
        if isinstance(rec, Comment) and (m := _PIBE.match(rec.text)):
            out.append(Irregularity(m.group(1), int(m.group(2)), m.group(3) or ""))
    return out


def without_irregularity(t: Tournament, kind: str, rnd: int) -> Tournament:
    """``t`` without the ``kind`` line of round ``rnd`` (a round whose pairing is taken back)."""
    keep = []
    for rec in t.records:
        if isinstance(rec, Comment) and (m := _PIBE.match(rec.text)) and m.group(1) == kind and int(m.group(2)) == rnd:
            continue
        keep.append(rec)
    return t.replace_records(tuple(keep))


def with_irregularity(t: Tournament, item: Irregularity) -> Tournament:
    """``t`` with ``item``'s line, replacing a line of the same kind and round, placed with the
    other irregularity lines before the first player record, in round order."""
    t = without_irregularity(t, item.kind, item.round)
    records = list(t.records)
    first_player = next((i for i, r in enumerate(records) if isinstance(r, Player)), len(records))
    at = first_player
    for i in range(first_player - 1, -1, -1):  # after the irregularity lines of earlier rounds
        rec = records[i]
        if not (isinstance(rec, Comment) and _PIBE.match(rec.text)):
            break
        m = _PIBE.match(rec.text)
        assert m is not None
        if int(m.group(2)) <= item.round:
            break
        at = i
    records.insert(at, Comment(item.line))
    return t.replace_records(tuple(records))
