"""The standings a file declares, checked against its own tie-break list: the rank column of the
player lines (TRF-16 columns 86-89) against the standings computed with record ``202``/``212``
(C.07 art. 4.2), as the TEC's pairings and tie-breaks checker asks.

A rank is accepted when it lies within the player's computed place (players still tied after the
last tie-break share a place, and any order among them is the organiser's: C.07 art. 2 leaves it
to a drawing of lots).  Each pair the file lists in the wrong order is named with the first
level that decides it, points then each tie-break of the list, and both values there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tiebreaks.codes import TieBreak, file_tiebreaks
from tiebreaks.output import fmt_value
from tiebreaks.standings import Row, Standings, standings
from trf.model import Tournament

__all__ = ["Misplaced", "RankCheck", "check_ranks"]


@dataclass(frozen=True)
class Misplaced:
    """Two players the file lists in the wrong order: ``above`` is listed higher, ``below`` is
    placed higher by the standings, decided first by ``decided_by`` (``PTS`` or a tie-break as
    written in the list) with these values."""

    above: int
    below: int
    above_rank: int | None
    below_rank: int | None
    decided_by: str
    above_value: str
    below_value: str

    def message(self) -> str:
        return (f"{self.below} (ranked {_rank(self.below_rank)}) should rank above {self.above} (ranked "
                f"{_rank(self.above_rank)}): {self.decided_by} {self.below_value} against {self.above_value}")

    def as_dict(self) -> dict[str, Any]:
        return {"above": self.above, "below": self.below, "above_rank": self.above_rank,
                "below_rank": self.below_rank, "decided_by": self.decided_by,
                "above_value": self.above_value, "below_value": self.below_value, "message": self.message()}


def _rank(r: int | None) -> str:
    return "nowhere" if r is None else str(r)


@dataclass(frozen=True)
class RankCheck:
    """The verdict on a file's rank column.  ``checked`` is false when there was nothing to check
    against (``note`` says why: no list, a list that cannot be read, no rank column)."""

    checked: bool
    tiebreaks: str = ""  # the list as the file writes it
    source: str = ""  # "202", "212" or "given"
    note: str | None = None
    differences: tuple[dict[str, Any], ...] = ()  # players whose rank is not within their place
    misplaced: tuple[Misplaced, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.differences

    def as_dict(self) -> dict[str, Any]:
        return {"checked": self.checked, "ok": self.ok, "tiebreaks": self.tiebreaks, "source": self.source,
                "note": self.note, "rank_differences": list(self.differences),
                "misplaced": [m.as_dict() for m in self.misplaced]}


def _levels(s: Standings, row: Row) -> list[tuple[str, str, Any]]:
    """(level name, value text, comparable value) for PTS and each tie-break of the row."""
    out: list[tuple[str, str, Any]] = [("PTS", fmt_value(row.points), row.points)]
    for tb, v in zip(s.tiebreaks, row.values):
        out.append((tb.text, fmt_value(v, tb.code), v))
    return out


def _decider(s: Standings, a: Row, b: Row) -> tuple[str, str, str]:
    """The first level at which two players of different places differ: at every level before it
    they were in the same group, so a DE rank is compared within the group it was computed for."""
    for (name, ta, va), (_, tb_, vb) in zip(_levels(s, a), _levels(s, b)):
        if va != vb:
            return name, ta, tb_
    return "shared place", "", ""  # not reached for rows of different places


def check_ranks(t: Tournament, tiebreaks: list[TieBreak] | None = None) -> RankCheck:
    """Check ``t``'s rank column against the standings with ``tiebreaks`` (default: the file's
    202/212 list; without one there is nothing to check)."""
    source = "given"
    if tiebreaks is None:
        source = "202" if t.header("202") else "212" if t.header("212") else ""
        try:
            tiebreaks = file_tiebreaks(t)
        except ValueError as exc:
            return RankCheck(False, t.header(source) or "", source, f"the file's tie-break list cannot be read: {exc}")
        if tiebreaks is None:
            return RankCheck(False, note="the file has no tie-break list (202/212): its ranks are not checked")
    text = ",".join(tb.text for tb in tiebreaks)
    ranks = {p.start_rank: p.rank for p in t.players}
    if all(r is None for r in ranks.values()):
        return RankCheck(False, text, source, "the file has no rank column: nothing to check")
    s = standings(t, list(tiebreaks))
    row_of = {r.pid: r for r in s.rows}
    place: dict[int, tuple[int, int]] = {}
    for r in s.rows:
        first, _, last = r.place.partition("-")
        place[r.pid] = (int(first), int(last or first))
    differences = []
    wrong: set[int] = set()
    for r in s.rows:
        listed = ranks.get(r.pid)
        lo, hi = place[r.pid]
        if listed is None or not lo <= listed <= hi:
            wrong.add(r.pid)
            differences.append({"start_rank": r.pid, "name": t.player(r.pid).name, "file_rank": listed,
                                "computed_place": r.place})
    listed_order = sorted(wrong, key=lambda pid: (ranks[pid] is None, ranks[pid] or 0, pid))
    misplaced = []
    for i, a in enumerate(listed_order):
        for b in listed_order[i + 1:]:
            if place[b][1] < place[a][0]:  # b's whole place is above a's
                name, va, vb = _decider(s, row_of[a], row_of[b])
                misplaced.append(Misplaced(a, b, ranks[a], ranks[b], name, va, vb))
    return RankCheck(True, text, source, None, tuple(differences), tuple(misplaced))

