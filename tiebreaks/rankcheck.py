"""The standings a file declares, checked against its own tie-break list: the rank column of the
player lines (TRF-16 columns 86-89), or of a team event's ``310`` lines (columns 69-71), against
the standings computed with record ``202``/``212`` (C.07 art. 4.2), as the TEC's pairings and
tie-breaks checker asks.

A rank is accepted when it lies within the computed place (participants still tied after the
last tie-break share a place, and any order among them is the organiser's: C.07 art. 2 leaves it
to a drawing of lots).  Each pair the file lists in the wrong order is named with the first
level that decides it, the primary score then each tie-break of the list, and both values there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tiebreaks.codes import TieBreak, file_tiebreaks
from tiebreaks.output import fmt_value
from tiebreaks.standings import Row, Standings, standings
from trf.model import Tournament

if TYPE_CHECKING:  # pragma: no cover
    from tiebreaks.teamstandings import TeamRow, TeamStandings
    from trf.teams import TeamEvent

__all__ = ["Misplaced", "RankCheck", "check_ranks", "check_team_ranks", "declared_list"]


@dataclass(frozen=True)
class Misplaced:
    """Two participants the file lists in the wrong order: ``above`` is listed higher, ``below``
    is placed higher by the standings, decided first by ``decided_by`` (``PTS``, a team event's
    ``MP``/``GP``, or a tie-break as written in the list) with these values.  ``unit``: what the
    numbers are, start ranks of players or a team event's TPNs."""

    above: int
    below: int
    above_rank: int | None
    below_rank: int | None
    decided_by: str
    above_value: str
    below_value: str
    unit: str = "player"

    def message(self) -> str:
        who = "team " if self.unit == "team" else ""
        return (f"{who}{self.below} (ranked {_rank(self.below_rank)}) should rank above {who}{self.above} (ranked "
                f"{_rank(self.above_rank)}): {self.decided_by} {self.below_value} against {self.above_value}")

    def as_dict(self) -> dict[str, Any]:
        return {"above": self.above, "below": self.below, "above_rank": self.above_rank,
                "below_rank": self.below_rank, "decided_by": self.decided_by,
                "above_value": self.above_value, "below_value": self.below_value, "unit": self.unit,
                "message": self.message()}


def _rank(r: int | None) -> str:
    return "nowhere" if r is None else str(r)


@dataclass(frozen=True)
class RankCheck:
    """The verdict on a file's rank column.  ``checked`` is false when there was nothing to check
    against (``note`` says why: no list, a list that cannot be read, no rank column).
    ``computed``: the standings the ranks were compared with (``None`` when not checked)."""

    checked: bool
    tiebreaks: str = ""  # the list as the file writes it
    source: str = ""  # "202", "212" or "given"
    note: str | None = None
    differences: tuple[dict[str, Any], ...] = ()  # participants whose rank is not within their place
    misplaced: tuple[Misplaced, ...] = ()
    unit: str = "player"
    computed: Any = None  # Standings | TeamStandings
    unusable: bool = False  # a list is declared, and the checker cannot rank by it

    @property
    def ok(self) -> bool:
        return not self.differences

    def as_dict(self) -> dict[str, Any]:
        return {"checked": self.checked, "ok": self.ok, "tiebreaks": self.tiebreaks, "source": self.source,
                "note": self.note, "unit": self.unit, "rank_differences": list(self.differences),
                "misplaced": [m.as_dict() for m in self.misplaced]}


Level = tuple[str, str, Any]  # (level name, value text, comparable value)


def _levels(s: Standings, row: Row) -> list[Level]:
    """PTS and each tie-break of an individual row."""
    out: list[Level] = [("PTS", fmt_value(row.points), row.points)]
    for tb, v in zip(s.tiebreaks, row.values):
        out.append((tb.text, fmt_value(v, tb.code), v))
    return out


def _team_levels(s: TeamStandings, row: TeamRow) -> list[Level]:
    """The primary score (C.04.6 / C.07 art. 11: match or game points, as 192 says) and each
    tie-break of a team row."""
    primary = row.match_points if s.primary == "MP" else row.game_points
    out: list[Level] = [(s.primary, fmt_value(primary), primary)]
    for tb, v in zip(s.tiebreaks, row.values):
        out.append((tb.text, fmt_value(v, tb.code), v))
    return out


def _decider(a: list[Level], b: list[Level]) -> tuple[str, str, str]:
    """The first level at which two participants of different places differ: at every level
    before it they were in the same group, so a DE rank is compared within the group it was
    computed for."""
    for (name, ta, va), (_, tb_, vb) in zip(a, b):
        if va != vb:
            return name, ta, tb_
    return "shared place", "", ""  # not reached for rows of different places


def _compare(rows: Sequence[Any], ident: Callable[[Any], int], listed: dict[int, int | None],
             levels: Callable[[Any], list[Level]], unit: str) -> tuple[list[Any], tuple[Misplaced, ...]]:
    """The rows whose listed rank is outside their computed place, and each pair of them the file
    lists in the wrong order (the lower one's whole place above the higher one's), in the file's
    order."""
    place: dict[int, tuple[int, int]] = {}
    for r in rows:
        first, _, last = r.place.partition("-")
        place[ident(r)] = (int(first), int(last or first))
    wrong = []
    for r in rows:
        rank = listed.get(ident(r))
        lo, hi = place[ident(r)]
        if rank is None or not lo <= rank <= hi:
            wrong.append(r)
    row_of = {ident(r): r for r in wrong}
    order = sorted(row_of, key=lambda i: (listed[i] is None, listed[i] or 0, i))
    misplaced = []
    for k, a in enumerate(order):
        for b in order[k + 1:]:
            if place[b][1] < place[a][0]:  # b's whole place is above a's
                name, va, vb = _decider(levels(row_of[a]), levels(row_of[b]))
                misplaced.append(Misplaced(a, b, listed[a], listed[b], name, va, vb, unit))
    return wrong, tuple(misplaced)


def declared_list(t: Tournament) -> tuple[list[TieBreak] | None, str, str | None]:
    """The file's list, the record it comes from (``"202"``, ``"212"``; ``""``: none), and why
    there is none to check by."""
    source = "202" if t.header("202") else "212" if t.header("212") else ""
    try:
        tiebreaks = file_tiebreaks(t)
    except ValueError as exc:
        return None, source, f"the file's tie-break list cannot be read: {exc}"
    if tiebreaks is None:
        return None, "", "the file has no tie-break list (202/212): its ranks are not checked"
    return tiebreaks, source, None


def check_ranks(t: Tournament, tiebreaks: list[TieBreak] | None = None, round_robin: bool | None = None,
                computed: Standings | None = None) -> RankCheck:
    """Check ``t``'s rank column against the standings with ``tiebreaks`` (default: the file's
    202/212 list; without one there is nothing to check).  ``round_robin``: pre-determined
    pairings (C.07 art. 15.2; default: as the file's system says); ``computed``: those standings
    when the caller has them already."""
    source = "given"
    if tiebreaks is None:
        tiebreaks, source, why = declared_list(t)
        if tiebreaks is None:
            return RankCheck(False, (t.header(source) or "") if source else "", source, why, unusable=bool(source))
    text = ",".join(tb.text for tb in tiebreaks)
    ranks = {p.start_rank: p.rank for p in t.players}
    if all(r is None for r in ranks.values()):
        return RankCheck(False, text, source, "the file has no rank column: nothing to check")
    s = computed if computed is not None else standings(t, list(tiebreaks), round_robin=round_robin)
    wrong, misplaced = _compare(s.rows, lambda r: r.pid, ranks, lambda r: _levels(s, r), "player")
    differences = tuple({"start_rank": r.pid, "name": t.player(r.pid).name, "file_rank": ranks.get(r.pid),
                         "computed_place": r.place} for r in wrong)
    return RankCheck(True, text, source, None, differences, misplaced, "player", s)


def check_team_ranks(t: Tournament, event: TeamEvent, round_robin: bool = False) -> RankCheck:
    """Check a team event's ``310`` rank column (columns 69-71) against the team standings with
    the file's 202/212 list (C.07 art. 4.2 with the team tie-breaks of art. 12, 13).  A list a
    team event cannot take is said in ``note``, not raised."""
    from tiebreaks.teambreaks import TeamTieBreakError
    from tiebreaks.teamstandings import team_standings

    tiebreaks, source, why = declared_list(t)
    if tiebreaks is None:
        return RankCheck(False, (t.header(source) or "") if source else "", source, why, unit="team",
                         unusable=bool(source))
    text = ",".join(tb.text for tb in tiebreaks)
    ranks = {team.tpn: team.rank for team in event.teams}
    if all(r is None for r in ranks.values()):
        return RankCheck(False, text, source, "the file's 310 records have no rank: nothing to check", unit="team")
    try:
        s = team_standings(event, tiebreaks, round_robin=round_robin)
    except TeamTieBreakError as exc:
        return RankCheck(False, text, source, f"the file's tie-break list cannot rank teams: {exc}", unit="team",
                         unusable=True)
    wrong, misplaced = _compare(s.rows, lambda r: r.tpn, ranks, lambda r: _team_levels(s, r), "team")
    differences = tuple({"tpn": r.tpn, "team": r.name, "file_rank": ranks.get(r.tpn), "computed_place": r.place}
                        for r in wrong)
    return RankCheck(True, text, source, None, differences, misplaced, "team", s)
