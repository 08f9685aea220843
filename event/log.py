"""The event's action log and its audit lines, both kept in the file as TRF-2026 ``###``
comments, so the file alone answers an appeal ("who changed this result, and when?").

* Log lines, appended in order at the end of the file, one per action:
  ``### LOG 2026-10-03 14:02 pair round 3: 20 boards, PAB 41 (engine)``.
* Irregularity lines, placed before the player records in round order, in the shape of the TEC
  manual's PIBE log that the FIDE verification checklist for tournament handler programs asks
  for: ``### KIND @ Round r: TEXT``.  Each kind has a fixed grammar (:data:`GRAMMAR`):

  - ``### MPA @ Round 5: 12-3 9-4 => 12-4 9-3``: a manual pairing alteration accepted, the
    engine's boards, then the round's (``7=PAB`` for a bye); ``none => 2-1 4-3`` when the engine
    found no legal pairing and the arbiter paired the round by hand;
  - ``### FPB @ Round 4: 7=FPB``: the full-point byes of a round;
  - ``### HPB @ Round 6: 7=HPB [rounds 2,6]``: a second or later half-point bye, with every round
    of the player's half-point byes;
  - ``### Prohibition @ Round 3: 4-9 [rounds 3-9]``: a forbidden pair added once round 1 was
    paired, and the rounds of the ban;
  - ``### Rounds changed @ Round 3: 9 => 11``, ``### Tie-breaks changed @ Round 3: BH,SB =>
    BH/C1,BH``, ``### Scoring changed @ Round 3: 1/0.5/0 => 3/1/0``: a setting announced before
    the start changed once round 1 was paired;
  - ``### Pairing numbers changed @ Round 3: 6->7 7->8 [late entry 6]``: starting ranks changed
    once round 1 was paired (the numbers of that time: this line is never renumbered);
  - ``### FIDE mode exited @ Round 3: reason``: the event left FIDE mode (:mod:`event.fidemode`).

  ``@ Round r`` is the round the line is about: the round paired by hand (MPA), the round of the
  bye (FPB, HPB), else the first round paired after the act (the rounds paired then, plus one).
  MPA and FPB lines describe their round and follow it (one per round, replaced, taken away with
  the round's pairing or the bye); the others record an act and are never replaced or removed.

  The grammar itself is :mod:`trf.comments` (the checker reads ``MPA`` lines by it too); it is
  re-exported here.

Comments are legal in TRF-2026 only; the endorsed engines skip them (bbpPairings reads every
line by its first three characters and ignores ``###``; Gacrux reads ``###`` as a comment).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Mapping

from event.change import Change
from trf.comments import GRAMMAR, KINDS, STATE_KINDS, Irregularity, irregularities, parse_line
from trf.model import (AccelerationRange, ByeRecord, Comment, ForbiddenPairs, Player, PlayerAcceleration, Record,
                       Tournament)

__all__ = ["LogEntry", "record", "entries", "log_entry", "Irregularity", "irregularities", "with_irregularity",
           "without_irregularity", "LOG_PREFIX", "before_log", "KINDS", "GRAMMAR", "parse_line", "renumbered_line",
           "STATE_KINDS"]

LOG_PREFIX = "### LOG "
_LOG = re.compile(r"^### LOG (\d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)?) (.*)$")

#: The part of a line's text that names players by starting rank (renumbered with the file).
_PLAYERS_PART = re.compile(r"^(.*?)( \[[^\]]*\])?$")


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


def log_entry(rec: Comment) -> LogEntry | None:
    """The log line ``rec``, or ``None`` when the comment is not one."""
    m = _LOG.match(rec.text)
    return LogEntry(m.group(1), m.group(2), rec.line) if m else None


def entries(t: Tournament) -> list[LogEntry]:
    """The log lines of ``t`` in file order (the order the actions were taken)."""
    return [e for rec in t.records if isinstance(rec, Comment) and (e := log_entry(rec)) is not None]


def renumbered_line(text: str, mapping: Mapping[int, int]) -> str:
    """The comment ``text`` with the starting ranks it names renamed by ``mapping``: the players
    of an irregularity line (not the rounds in brackets); a ``Pairing numbers changed`` line
    records the numbers of its time and stays as it is, as does any other comment."""
    item = parse_line(text)
    if item is None or item.kind not in ("MPA", "FPB", "HPB", "Prohibition") or not item.text:
        return text
    m = _PLAYERS_PART.match(item.text)
    assert m is not None
    players = re.sub(r"\d+", lambda x: str(mapping.get(int(x.group()), int(x.group()))), m.group(1))
    return Irregularity(item.kind, item.round, players + (m.group(2) or "")).line


def without_irregularity(t: Tournament, kind: str, rnd: int) -> Tournament:
    """``t`` without the ``kind`` line of round ``rnd`` (a round whose pairing is taken back)."""
    keep = []
    for rec in t.records:
        if isinstance(rec, Comment) and (item := parse_line(rec.text)) and item.kind == kind and item.round == rnd:
            continue
        keep.append(rec)
    return t.replace_records(tuple(keep))


def _block_end(records: list[Record]) -> int:
    """Where the irregularity lines end: before the first player record, or, in a file without
    one, before the records that follow the players (240, 250, 260...) and the action log."""
    first_player = next((i for i, r in enumerate(records) if isinstance(r, Player)), None)
    if first_player is not None:
        return first_player
    return next((i for i, r in enumerate(records) if isinstance(r, (ByeRecord, ForbiddenPairs, AccelerationRange,
                                                                     PlayerAcceleration))),
                before_log(records))


def with_irregularity(t: Tournament, item: Irregularity, *, replace: bool = True) -> Tournament:
    """``t`` with ``item``'s line placed with the other irregularity lines before the first player
    record, in round order (after the lines of its round already there).  ``replace``: a line of
    the same kind and round goes (the kinds that describe their round, :data:`STATE_KINDS`); an
    act's line is added beside the others."""
    if replace:
        t = without_irregularity(t, item.kind, item.round)
    records = list(t.records)
    end = _block_end(records)
    at = end
    for i in range(end - 1, -1, -1):  # after the irregularity lines of earlier rounds and of its own
        rec = records[i]
        found = parse_line(rec.text) if isinstance(rec, Comment) else None
        if found is None or found.round <= item.round:
            break
        at = i
    records.insert(at, Comment(item.line))
    return t.replace_records(tuple(records))
