"""FIDE mode: the event's operating mode for the FIDE rules, read from its file, and the one table
of the acts it refuses, warns or records.

A tournament handler program must run in a *FIDE mode*, by default (C.04.A A.2; VCL.01), that
blocks what FIDE prohibits (VCL.05), warns on what the rules allow but mark, and records what
was done.  Here the mode belongs to the event and lives in its file:

* an event is in FIDE mode unless its file has a ``### FIDE mode exited @ Round r: reason`` line
  (:mod:`event.log`).  A new event is in it, and so is every TRF file given to ``event`` (an
  imported event) that has no such line: no marker line is written, so the one rule serves new
  and imported files alike and reading a file never changes it;
* leaving FIDE mode is an act of its own (:func:`leave`): the arbiter asks for it explicitly,
  with a reason, and confirms; the line names the round and the reason; it is final (no
  operation re-enters FIDE mode, and leaving again is refused with :class:`AlreadyLeft`);
* every act of :data:`ACTS` passes :func:`check` before it changes anything, and writes its
  ``###`` line; outside FIDE mode the same acts are done without confirmation, and still
  written.

Levels.  The draft checklist for tournament handler programs (VCL4THP, known only from third-party
notes) grades non-conforming acts by *warning levels 1-5* defined in the TEC Manual, which we
have not seen: the definitions below are our reading, consistent with the levels the draft gives
(a full-point bye: level 2; a manual pairing alteration: level 3; leaving FIDE mode: a level-4
"double" warning):

1. *recorded*: conforming, done without a warning, and written as a ``###`` line because a
   checker or an appeal needs to know it happened;
2. *warned*: done, with a warning the arbiter reads;
3. *confirmed*: done only when the arbiter confirms it (``acknowledged``), else
   :class:`NeedsConfirmation`, nothing changed;
4. *confirmed twice*: asked for explicitly, with a reason, then confirmed (leaving FIDE mode);
5. *refused*: FIDE mode refuses it (:class:`RefusedInFideMode`); it can be done only once the
   event has left FIDE mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from event.change import Change, EventError, Notice, consistent
from event.log import Irregularity, irregularities, log_entry, parse_line, with_irregularity
from event.numbering import FROZEN_AFTER
from trf.model import Comment, Tournament
from trf.text import control_in

__all__ = ["Act", "ACTS", "LEVELS", "act", "Mode", "mode", "in_fide_mode", "check", "write_line", "leave",
           "NeedsConfirmation", "RefusedInFideMode", "AlreadyLeft", "InvalidReason", "AuditLine", "trail",
           "level_of", "next_round_number"]

#: Each level's handling, in words (see the module docstring).
LEVELS = {
    1: "recorded",
    2: "warned",
    3: "confirmed",
    4: "confirmed twice, with a reason",
    5: "refused",
}


@dataclass(frozen=True)
class Act:
    """An act FIDE mode knows: ``code`` (for machines: the warning's code too), the ``act`` in
    words, the ``articles`` (and checklist questions) it rests on, its ``level`` (1-5), the
    ``words`` of its warning or refusal, and the ``line`` kind it writes (:data:`event.log.KINDS`)."""

    code: str
    act: str
    articles: str
    level: int
    words: str
    line: str

    @property
    def handling(self) -> str:
        """What FIDE mode does with it: :data:`LEVELS`'s words."""
        return LEVELS[self.level]

    @property
    def refused(self) -> bool:
        return self.level >= 5

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "act": self.act, "articles": self.articles, "level": self.level,
                "handling": self.handling, "words": self.words, "line": self.line}


#: The acts, in the order of their level: the one table the operations, the log and the
#: documentation (docs/fide-mode.md, checked by a test) read.
ACTS: tuple[Act, ...] = (
    Act("renumber-early", "pairing numbers changed before round 4 is paired (a late entry put in its place, a "
                          "corrected rating, title or name)",
        "C.04.2 Art. 2.3-2.5", 1,
        "starting ranks change until round 4 is paired; the rounds already paired were paired with the old numbers",
        "Pairing numbers changed"),
    Act("full-point-bye", "a full-point bye", "draft VCL4THP Q174-Q178; VCL.17; C.04.1 Art. 4", 2,
        "the FIDE rules deprecate it (it is logged as an irregularity), and it makes the player ineligible for the "
        "pairing-allocated bye (C.04.1 Art. 4)", "FPB"),
    Act("second-half-point-bye", "a player's second or later half-point bye", "draft VCL4THP Q174-Q178", 3,
        "a second or later half-point bye needs the arbiter's confirmation: check that the regulations allow another",
        "HPB"),
    Act("prohibition-after-round-1", "a forbidden pair added once round 1 is paired",
        "draft VCL4THP Q195-Q196; C.05 5.2", 3,
        "forbidden pairs are announced before round 1 is paired; one added later is recorded, and the event stays "
        "in FIDE mode", "Prohibition"),
    Act("rounds-changed", "the number of rounds changed once round 1 is paired", "C.04.1 Art. 1", 3,
        "the number of rounds is announced before the start, and the pairing of the last rounds depends on it",
        "Rounds changed"),
    Act("tiebreaks-changed", "the tie-break list changed once round 1 is paired", "C.07 Art. 4", 3,
        "the tie-break list is published before round 1", "Tie-breaks changed"),
    Act("manual-pairing", "a manual pairing that differs from the engine's", "draft VCL4THP Q63, Q65-Q69; "
                                                                            "C.04.2 Art. 4.4", 3,
        "a round paired by hand that differs from the engine's pairing is confirmed by the arbiter and recorded",
        "MPA"),
    Act("leave-fide-mode", "leaving FIDE mode", "draft VCL4THP Q40-Q46; C.04.A A.2; VCL.01", 4,
        "the event leaves FIDE mode for good: no operation brings it back, and the file says from which round and "
        "why", "FIDE mode exited"),
    Act("renumber-late", "pairing numbers changed once round 4 is paired", "C.04.2 Art. 2.3; VCL.09", 5,
        "pairing numbers do not change once round 4 is paired (a correction still applies for rating, without "
        "renumbering)", "Pairing numbers changed"),
    Act("scoring-changed", "the scoring or the PAB value changed once round 1 is paired",
        "draft VCL4THP Q71-Q75, Q81, Q83, Q85; C.04.1 Art. 3", 5,
        "the scoring and the PAB value are locked once round 1 is paired: every PAB of the event is worth the same",
        "Scoring changed"),
)

_BY_CODE = {a.code: a for a in ACTS}


def act(code: str) -> Act:
    """The act ``code`` of :data:`ACTS` (a ``KeyError`` for a code the table does not have: a bug)."""
    return _BY_CODE[code]


# ---------------------------------------------------------------------------------- errors


class NeedsConfirmation(EventError):
    """In FIDE mode, ``act`` (level 3 or 4) is done only when the arbiter confirms it: nothing was
    changed.  ``level`` and ``words`` are the act's; ``detail``: this case in words."""

    kind = "needs-confirmation"

    def __init__(self, a: Act, detail: str) -> None:
        super().__init__(f"{detail}: {a.words} ({a.articles}); FIDE mode asks the arbiter to confirm it "
                         f"(level {a.level})")
        self.act, self.level, self.words, self.detail = a, a.level, a.words, detail


class RefusedInFideMode(EventError):
    """FIDE mode refuses ``act`` (level 5): nothing was changed; ``detail``: this case in words."""

    kind = "refused-in-fide-mode"

    def __init__(self, a: Act, detail: str) -> None:
        super().__init__(f"{detail}: {a.words} ({a.articles}); FIDE mode refuses it (level 5)")
        self.act, self.level, self.words, self.detail = a, a.level, a.words, detail


class AlreadyLeft(EventError):
    """The event left FIDE mode before round ``round`` (``reason``): it is not re-entered, and it
    cannot be left twice."""

    kind = "fide-mode-left"

    def __init__(self, rnd: int, reason: str) -> None:
        super().__init__(f"the event already left FIDE mode at round {rnd}" + (f" ({reason})" if reason else "")
                         + ": leaving FIDE mode is final")
        self.round, self.reason = rnd, reason


class InvalidReason(EventError):
    """The reason given for leaving FIDE mode (``reason``) is not what was ``expected``."""

    kind = "invalid-reason"

    def __init__(self, reason: str, expected: str) -> None:
        super().__init__(f"reason {reason!r}: expected {expected}")
        self.reason, self.expected = reason, expected


# ---------------------------------------------------------------------------------- the mode


@dataclass(frozen=True)
class Mode:
    """The event's mode: ``fide`` (in FIDE mode), else the round of the exit line and its reason."""

    fide: bool
    left_at: int | None = None
    reason: str = ""

    @property
    def words(self) -> str:
        if self.fide:
            return "FIDE mode"
        return f"left FIDE mode at round {self.left_at}" + (f": {self.reason}" if self.reason else "")

    def as_dict(self) -> dict[str, Any]:
        return {"fide_mode": self.fide, "left_at_round": self.left_at, "reason": self.reason if not self.fide else None}


def mode(t: Tournament) -> Mode:
    """The mode the file says: FIDE mode unless it has a ``FIDE mode exited`` line (the first one
    counts; a file of an older version has it without a reason)."""
    for item in irregularities(t):
        if item.kind == "FIDE mode exited":
            return Mode(False, item.round, item.text)
    return Mode(True)


def in_fide_mode(t: Tournament) -> bool:
    return mode(t).fide


def next_round_number(t: Tournament) -> int:
    """The round an act's line names (:mod:`event.log`): the first round paired after it."""
    return t.rounds_paired + 1


def check(t: Tournament, code: str, detail: str, *, acknowledged: bool = False) -> Notice | None:
    """The gate of act ``code`` on ``t``, before the operation changes anything: in FIDE mode a
    level-5 act raises :class:`RefusedInFideMode` and a level-3 or 4 act not ``acknowledged``
    raises :class:`NeedsConfirmation`; otherwise the warning to show (``None`` for a level-1
    act, which is recorded without one).  Outside FIDE mode nothing is refused and nothing needs
    a confirmation; the warning says so."""
    a = act(code)
    on = in_fide_mode(t)
    if on and a.level >= 5:
        raise RefusedInFideMode(a, detail)
    if on and a.level >= 3 and not acknowledged:
        raise NeedsConfirmation(a, detail)
    if a.level == 1:
        return None
    message = f"{detail}: {a.words}"
    if not on:
        message += " (the event is not in FIDE mode: done, and recorded)"
    elif a.level >= 3:
        message += " (confirmed by the arbiter)"
    return Notice(a.code, message, {"act": a.code, "level": a.level, "fide_mode": on})


def write_line(t: Tournament, code: str, rnd: int, text: str) -> Tournament:
    """``t`` with act ``code``'s ``###`` line (:mod:`event.log`): ``@ Round rnd: text``, added
    beside the lines already there (an act's line is never replaced)."""
    item = Irregularity(act(code).line, rnd, text)
    assert item.well_formed, item.line
    return with_irregularity(t, item, replace=False)


def leave(t: Tournament, reason: str, *, acknowledged: bool = False) -> Change:
    """The event leaves FIDE mode for good (level 4, draft VCL4THP Q40-Q46): ``reason`` in the
    arbiter's words (one printable line), confirmed (``acknowledged``, else
    :class:`NeedsConfirmation`); the ``### FIDE mode exited @ Round r: reason`` line names the
    first round paired outside FIDE mode.  Raises :class:`AlreadyLeft` when the event is not in
    FIDE mode (no re-entry, so no second exit) and :class:`InvalidReason`."""
    now = mode(t)
    if not now.fide:
        raise AlreadyLeft(now.left_at or 0, now.reason)
    found = control_in(reason)
    if found is not None:
        raise InvalidReason(reason, f"printable text, found {found}")
    words = " ".join(reason.split())
    if not words:
        raise InvalidReason(reason, "the reason for leaving FIDE mode, in words")
    rnd = next_round_number(t)
    notice = check(t, "leave-fide-mode", f"leaving FIDE mode at round {rnd}", acknowledged=acknowledged)
    after = write_line(t, "leave-fide-mode", rnd, words)
    return Change(consistent(after), "leave FIDE mode", f"at round {rnd}: {words}", (notice,) if notice else (),
                  {"round": rnd, "reason": words, **act("leave-fide-mode").as_dict()})


# ---------------------------------------------------------------------------------- the trail


@dataclass(frozen=True)
class AuditLine:
    """A ``###`` line of the file: ``kind`` (``LOG``, an irregularity kind of :data:`event.log.KINDS`,
    or ``comment`` for any other), its ``round`` (``None`` for a log line or a comment), its
    ``text`` (a log line's action, an irregularity line's text after the colon, a comment's whole
    line), the ``level`` of its act (``None`` when it records none), ``when`` (a log line's time)
    and its ``line`` in the file (0 for a line not read from a file)."""

    kind: str
    round: int | None
    text: str
    level: int | None
    when: str | None = None
    line: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "round": self.round, "text": self.text, "level": self.level, "when": self.when,
                "line": self.line}


def level_of(item: Irregularity) -> int:
    """The level of the act an irregularity line records: its kind's act; a ``Pairing numbers
    changed`` line is level 1 while round 4 was not paired yet (the line's round at most 4), else
    level 5 (done outside FIDE mode)."""
    if item.kind == "Pairing numbers changed":
        return act("renumber-late" if item.round > FROZEN_AFTER else "renumber-early").level
    return next(a.level for a in ACTS if a.line == item.kind)


def trail(t: Tournament) -> list[AuditLine]:
    """Every ``###`` line of ``t`` in file order: the action log and the irregularity lines, with
    the level of the act each records, and any other comment."""
    out: list[AuditLine] = []
    for rec in t.records:
        if not isinstance(rec, Comment):
            continue
        item = parse_line(rec.text)
        logged = log_entry(rec)
        if item is not None:
            out.append(AuditLine(item.kind, item.round, item.text, level_of(item), None, rec.line))
        elif logged is not None:
            out.append(AuditLine("LOG", None, logged.text, None, logged.when, rec.line))
        else:
            out.append(AuditLine("comment", None, rec.text, None, None, rec.line))
    return out
