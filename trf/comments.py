"""The grammar of the irregularity lines a file keeps as TRF-2026 ``###`` comments, read by the
event runner that writes them (:mod:`event.log`) and by the checker that compares a round with
its ``### MPA`` line (:mod:`checker.event`): one grammar, at the bottom layer both may read.

A line is ``### KIND @ Round r: TEXT``, in the shape of the TEC manual's PIBE log that the draft
FIDE checklist for tournament handler programs asks for (draft VCL4THP Q63, Q65-Q69, Q113 for
the manual pairing alteration).  Each kind has a fixed grammar (:data:`GRAMMAR`); what each kind
means, and where the lines sit in the file, is :mod:`event.log`'s.

The manual pairing alteration, ``### MPA @ Round 5: 12-3 9-4 => 12-4 9-3``: on the left the
engine's boards the round does not have, on the right the round's boards the engine does not
have; a board is ``White-Black`` by starting rank (the colours count: the same two players with
the colours the other way round are a different board), a pairing-allocated bye ``7=PAB``
(:func:`alteration_sides`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import Tournament

__all__ = ["GRAMMAR", "KINDS", "STATE_KINDS", "Irregularity", "parse_line", "irregularities", "PairingSide", "alteration_sides"]

_BOARD = r"\d+(?:-\d+|=PAB)"
_ROUNDS = r"\d+(?:,\d+)*"

#: Each kind of irregularity line and the grammar of its text (after ``: ``; ``None``: no text).
GRAMMAR: dict[str, re.Pattern[str]] = {
    # none: the engine found no legal pairing and the round was paired by hand (draft VCL4THP Q63)
    "MPA": re.compile(rf"^(?:none|{_BOARD}(?: {_BOARD})*)? => (?:{_BOARD}(?: {_BOARD})*)?$"),
    "FPB": re.compile(r"^\d+=FPB(?: \d+=FPB)*$"),
    "HPB": re.compile(rf"^\d+=HPB \[rounds {_ROUNDS}\]$"),
    "Prohibition": re.compile(r"^\d+(?:-\d+)+ \[rounds \d+-\d+\]$"),
    "Rounds changed": re.compile(r"^(?:\d+|none) => \d+$"),  # none: the file had no 142/XXR
    "Tie-breaks changed": re.compile(r"^\S+ => \S+$"),
    "Scoring changed": re.compile(r"^\S.* => \S.*$"),
    "Pairing numbers changed": re.compile(r"^\d+->\d+(?: \d+->\d+)* \[[^\]]+\]$"),
    "FIDE mode exited": re.compile(r"^.*$"),  # the reason, in the arbiter's words (none in older files)
}
#: The kinds in the order a reader meets them.
KINDS = tuple(GRAMMAR)
#: The kinds that describe their round rather than record an act: one line per round, replaced.
STATE_KINDS = ("MPA", "FPB")

_PIBE = re.compile(r"^### (" + "|".join(re.escape(k) for k in KINDS) + r") @ Round (\d+)(?:: (.*))?$")


@dataclass(frozen=True)
class Irregularity:
    """An irregularity line: ``kind`` (one of :data:`KINDS`), the round, and its text after the
    colon (``""`` when there is none)."""

    kind: str
    round: int
    text: str = ""

    @property
    def line(self) -> str:
        return f"### {self.kind} @ Round {self.round}" + (f": {self.text}" if self.text else "")

    @property
    def well_formed(self) -> bool:
        """Whether the text follows its kind's grammar (:data:`GRAMMAR`; a line edited by hand may not)."""
        return bool(GRAMMAR[self.kind].match(self.text))

    def as_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "round": self.round, "text": self.text}


def parse_line(text: str) -> Irregularity | None:
    """The irregularity line ``text`` (a ``###`` comment), or ``None`` when it is not one."""
    m = _PIBE.match(text)
    return Irregularity(m.group(1), int(m.group(2)), m.group(3) or "") if m else None


def irregularities(t: Tournament) -> list[Irregularity]:
    """The irregularity lines of ``t`` in file order."""
    from trf.model import Comment

    return [item for rec in t.records if isinstance(rec, Comment) and (item := parse_line(rec.text)) is not None]


@dataclass(frozen=True)
class PairingSide:
    """One side of an ``MPA`` line: boards as (White, Black) starting ranks, and the players
    given the pairing-allocated bye."""

    boards: tuple[tuple[int, int], ...] = ()
    byes: tuple[int, ...] = ()

    @property
    def items(self) -> frozenset[tuple[int, int]]:
        """The side as a set: each board ``(white, black)``, each bye ``(player, 0)``."""
        return frozenset(self.boards) | frozenset((p, 0) for p in self.byes)

    def words(self) -> str:
        """The side as the line writes it (``12-3 7=PAB``; ``nothing`` for an empty side)."""
        text = " ".join([f"{w}-{b}" for w, b in self.boards] + [f"{p}=PAB" for p in self.byes])
        return text or "nothing"


def _side(text: str) -> PairingSide:
    boards: list[tuple[int, int]] = []
    byes: list[int] = []
    for token in text.split():
        if token == "none":  # the engine found no legal pairing (draft VCL4THP Q63)
            continue
        if token.endswith("=PAB"):
            byes.append(int(token[:-4]))
        else:
            w, b = token.split("-")
            boards.append((int(w), int(b)))
    return PairingSide(tuple(boards), tuple(byes))


def alteration_sides(text: str) -> tuple[PairingSide, PairingSide] | None:
    """The two sides of an ``MPA`` line's text (``12-3 9-4 => 12-4 9-3``): the engine's boards the
    round lacks, and the round's boards the engine lacks; ``None`` when the text does not follow
    the grammar (:data:`GRAMMAR`)."""
    if not GRAMMAR["MPA"].match(text):
        return None
    left, _, right = text.partition(" => ")
    return _side(left.strip()), _side(right.strip())
