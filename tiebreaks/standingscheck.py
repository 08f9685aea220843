"""The standings half of the pairings and tie-breaks checker (the TEC's PTC): what a file declares
about its standings, checked against the rules.

* the rank column (player lines, columns 86-89; a team event's ``310`` lines, 69-71) against the
  standings computed with the file's ``202``/``212`` list (C.07 art. 4.2;
  :mod:`tiebreaks.rankcheck`), the first pair in the wrong order named with the tie-break that
  decides it and both values;
* the points column (columns 81-84) against the results: the reader's validation already compares
  them (``points-mismatch``, a warning there, since a file is still readable with them); here the
  same comparison is a discrepancy.  A team event's players list informative points only
  (TRF-2026 4.3): its ``310`` match and game points are compared with the team scores instead;
* the list itself: a Buchholz tie-break in a round robin (C.07 art. 8, :mod:`tiebreaks.suitability`).

A finding's ``severity`` is ``error`` (a discrepancy: the check fails) or ``warning`` (said, and
the check still passes: a list the checker cannot compute, which art. 4.1 allows the organiser to
define; a Buchholz in a round robin under rules older than 2026).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from tiebreaks.codes import TieBreak
from tiebreaks.context import Edition, default_edition
from tiebreaks.output import fmt_value
from tiebreaks.rankcheck import RankCheck, check_ranks, check_team_ranks, declared_list
from tiebreaks.suitability import round_robin_buchholz
from trf.diagnostics import Diagnostic
from trf.model import Tournament

__all__ = ["StandingsFinding", "StandingsCheck", "check_standings", "RANK_RULE", "POINTS_RULE", "TEAM_POINTS_RULE"]

RANK_RULE = "C.07 art. 4.2"
POINTS_RULE = "TRF-16 columns 81-84"
TEAM_POINTS_RULE = "TRF-2026 record 310"


@dataclass(frozen=True)
class StandingsFinding:
    """One thing the standings check found.  ``kind``: ``rank``, ``points`` or ``list``;
    ``participants``: start ranks (a team event: TPNs), the one that should rank higher first;
    ``decided_by`` and ``values`` (that one's value, then the other's) for a rank."""

    kind: str
    severity: str  # "error" or "warning"
    rule: str
    message: str
    participants: tuple[int, ...] = ()
    decided_by: str | None = None
    values: tuple[str, str] | None = None
    line: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "severity": self.severity, "rule": self.rule, "message": self.message,
                "participants": list(self.participants), "decided_by": self.decided_by,
                "values": None if self.values is None else list(self.values), "line": self.line}


@dataclass(frozen=True)
class StandingsCheck:
    """A file's standings, checked.  ``ranks`` is the rank column's verdict (with its detail);
    ``points_checked``: the points column was compared; ``table``: the computed standings after
    ``table["rounds"]`` rounds, when asked for (the JSON shape of ``arbiter standings``)."""

    unit: str  # "player" or "team"
    declared: tuple[str, ...]
    source: str  # "202", "212" or "" (no list)
    edition: str
    round_robin: bool
    ranks: RankCheck
    points_checked: bool
    findings: tuple[StandingsFinding, ...] = ()
    notes: tuple[str, ...] = ()
    table: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def checked(self) -> bool:
        """Whether the rank column was compared with computed standings."""
        return self.ranks.checked

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    @property
    def errors(self) -> tuple[StandingsFinding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")

    def as_dict(self, table: bool = True) -> dict[str, Any]:
        """The stable JSON shape (``standings`` of ``arbiter check --json``).  ``rank_differences``,
        ``misplaced`` and ``tiebreaks`` are the rank column's detail, as before the findings."""
        ranks = self.ranks.as_dict()
        return {"checked": self.checked, "ok": self.ok, "unit": self.unit, "declared": list(self.declared),
                "source": self.source, "tiebreaks": ranks["tiebreaks"], "edition": self.edition,
                "round_robin": self.round_robin, "note": ranks["note"], "points_checked": self.points_checked,
                "findings": [f.as_dict() for f in self.findings], "notes": list(self.notes),
                "rank_differences": ranks["rank_differences"], "misplaced": ranks["misplaced"],
                "table": self.table if table else None}


def _rank_findings(c: RankCheck) -> list[StandingsFinding]:
    """Each pair listed in the wrong order, then each rank outside its place that no such pair
    explains (two players given the same rank, a rank past the last place, none)."""
    out = [StandingsFinding("rank", "error", RANK_RULE, m.message(), (m.below, m.above), m.decided_by,
                            (m.below_value, m.above_value)) for m in c.misplaced]
    named = {x for m in c.misplaced for x in (m.above, m.below)}
    key = "tpn" if c.unit == "team" else "start_rank"
    who = "team " if c.unit == "team" else ""
    for d in c.differences:
        if d[key] in named:
            continue
        listed = "no rank" if d["file_rank"] is None else f"rank {d['file_rank']}"
        out.append(StandingsFinding("rank", "error", RANK_RULE, f"{who}{d[key]} has {listed}; the standings "
                                                                f"place them {d['computed_place']}", (d[key],)))
    return out


def _points_findings(t: Tournament, diagnostics: Iterable[Diagnostic]) -> list[StandingsFinding]:
    """The validation's ``points-mismatch`` warnings as discrepancies (the reader's comparison,
    not a second one: results it reads as points, and the JaVaFo convention of bye points for
    rounds not yet paired, stay its reading)."""
    by_line = {p.line: p.start_rank for p in t.players}
    return [StandingsFinding("points", "error", POINTS_RULE, f"{d.message} (line {d.line}, columns 81-84)",
                             (by_line[d.line],) if d.line in by_line else (), line=d.line)
            for d in diagnostics if d.code == "points-mismatch"]


def _team_points_findings(event: Any, rounds: int | None = None) -> list[StandingsFinding]:
    """Each team whose ``310`` match or game points differ from its results (the points a team
    scored in its matches, C.04.6 Art. 1.2, and its PAB's)."""
    from tiebreaks.teamview import team_view

    view = team_view(event, after_round=rounds)
    out = []
    for team in event.teams:
        for what, written, scored in (("match points", team.match_points, view.mp.score[team.tpn]),
                                      ("game points", team.game_points, view.gp.score[team.tpn])):
            if written is not None and written != scored:
                out.append(StandingsFinding("points", "error", TEAM_POINTS_RULE,
                                            f"team {team.tpn} lists {fmt_value(written)} {what}, the results give "
                                            f"{fmt_value(scored)} (line {team.line})", (team.tpn,), line=team.line))
    return out


def _list_findings(tiebreaks: list[TieBreak] | None, round_robin: bool, edition: Edition) -> list[StandingsFinding]:
    if not round_robin or not tiebreaks:
        return []
    return [StandingsFinding("list", "error" if u.forbidden else "warning", u.rule, u.message())
            for u in round_robin_buchholz(tiebreaks, edition)]


def _unreadable(c: RankCheck) -> list[StandingsFinding]:
    """A declared list the checker cannot rank by: art. 4.1 lets the organiser define tie-breaks
    of their own, so it is said, and the ranks are left unchecked."""
    if c.unusable:
        return [StandingsFinding("list", "warning", "C.07 art. 4.1", f"record {c.source}: {c.note}; the rank "
                                                                     "column is not checked")]
    return []


def check_standings(t: Tournament, *, diagnostics: Iterable[Diagnostic] | None = None, round_robin: bool = False,
                    edition: Edition | None = None, table_after: int | None = None) -> StandingsCheck:
    """Check ``t``'s standings (see the module docstring).  ``diagnostics``: the reader's, for the
    points column (``None``: not compared); ``round_robin``: pre-determined pairings, as the
    pairing check reads the event (C.07 art. 8, 15.2); ``table_after``: also compute the standings
    after that round (the file's list, else the default one, as ``arbiter standings`` does)."""
    ed = edition or default_edition(t)
    tiebreaks, source, _ = declared_list(t)
    declared = tuple(tb.text for tb in tiebreaks or ())
    if t.is_team_event:
        return _check_team(t, tiebreaks, source, declared, ed, round_robin, diagnostics is not None, table_after)
    ranks = _individual_ranks(t, tiebreaks, round_robin)
    findings = _list_findings(tiebreaks, round_robin, ed) + _unreadable(ranks) + _rank_findings(ranks)
    if diagnostics is not None:
        findings += _points_findings(t, diagnostics)
    notes: tuple[str, ...] = tuple(ranks.computed.notes) if ranks.computed is not None else ()
    table = None
    if table_after is not None:
        from tiebreaks.output import standings_dict
        from tiebreaks.standings import standings

        s = standings(t, tiebreaks or [], edition=ed, after_round=table_after, round_robin=round_robin,
                      default_list=tiebreaks is None)
        table = standings_dict(t, s, "")
        del table["file"]
    return StandingsCheck("player", declared, source, ed.value, round_robin, ranks, diagnostics is not None,
                          tuple(findings), notes, table)


def _individual_ranks(t: Tournament, tiebreaks: list[TieBreak] | None, round_robin: bool) -> RankCheck:
    """The rank column's check, or why it was not made (a team tie-break has no value for a
    player: C.07 art. 12, 13)."""
    from tiebreaks.codes import require_individual_codes

    if tiebreaks is not None:
        try:
            require_individual_codes(tiebreaks)
        except ValueError as exc:
            return RankCheck(False, ",".join(tb.text for tb in tiebreaks), "202" if t.header("202") else "212",
                             f"the file's tie-break list cannot rank players: {exc}", unusable=True)
    return check_ranks(t, round_robin=round_robin)


def _check_team(t: Tournament, tiebreaks: list[TieBreak] | None, source: str, declared: tuple[str, ...],
                ed: Edition, round_robin: bool, points: bool, table_after: int | None) -> StandingsCheck:
    from trf.teams import read_team_event

    event, _ = read_team_event(t)
    if event is None:
        ranks = RankCheck(False, ",".join(declared), source, "the team records cannot be read", unit="team")
        return StandingsCheck("team", declared, source, ed.value, round_robin, ranks, False,
                              tuple(_list_findings(tiebreaks, round_robin, ed)))
    ranks = check_team_ranks(t, event, round_robin)
    findings = _list_findings(tiebreaks, round_robin, ed) + _unreadable(ranks) + _rank_findings(ranks)
    if points:
        findings += _team_points_findings(event)
    notes: tuple[str, ...] = tuple(ranks.computed.notes) if ranks.computed is not None else ()
    table = None
    if table_after is not None:
        from tiebreaks.teambreaks import TeamTieBreakError
        from tiebreaks.teamstandings import team_standings, team_standings_dict

        try:
            s = team_standings(event, tiebreaks or [], edition=ed, after_round=table_after, round_robin=round_robin,
                               default_list=tiebreaks is None)
        except TeamTieBreakError as exc:
            notes += (f"no table after round {table_after}: {exc}",)
        else:
            table = team_standings_dict(s, "")
            del table["file"]
    return StandingsCheck("team", declared, source, ed.value, round_robin, ranks, points, tuple(findings), notes,
                          table)

