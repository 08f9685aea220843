"""Team standings: the primary score, then each tie-break of the list on each group still tied
(C.07 art. 4.2), for a :class:`trf.teams.TeamEvent`; and their data outputs (JSON shape, CSV,
the check of the 310 rank column).

The ranking is :func:`tiebreaks.standings.rank_groups`, the one of individual standings: a
scalar tie-break is computed once per team, a procedure (DE, EDE and its variants, TBR, BBE) on
each group it reaches.  Teams still tied after the last tie-break share the place.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tiebreaks.codes import TieBreak, parse_list
from tiebreaks.context import Edition
from tiebreaks.standings import rank_groups
from tiebreaks.teambreaks import PROCEDURES, RATING_CODES, TeamTieBreakError, team_procedure, team_value
from tiebreaks.teamview import TeamView, team_view
from trf import spreadsheet
from trf.teams import TeamEvent

#: Used when neither the file (202/212) nor the command gives a list.  C.07 prescribes none;
#: these follow the TEC's team sample (``202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP``) on the
#: event's primary score.
DEFAULT_MP = "EDE,EMGSB/C1,BH:MP/C1,MPvGP"
DEFAULT_GP = "EDE,EGGSB/C1,BH:GP/C1,MPvGP"


@dataclass(frozen=True)
class TeamRow:
    rank: int  # 1-based position in the table
    place: str  # "3" or "3-5" when shared
    tpn: int
    name: str
    match_points: Fraction
    game_points: Fraction
    values: tuple[Any, ...]  # one per tie-break; a procedure's as the rank within its tied group, 0 when it ranked nobody


@dataclass
class TeamStandings:
    tiebreaks: list[TieBreak]
    rows: list[TeamRow]
    rounds: int
    edition: str
    primary: str
    secondary: str
    notes: list[str] = field(default_factory=list)
    separated_by: dict[tuple[int, int], str] = field(default_factory=dict)  # neighbours -> deciding tie-break
    view: TeamView | None = None
    round_robin: bool = False


def check_team_list(tiebreaks: list[TieBreak]) -> None:
    """Raise :class:`TeamTieBreakError` for a tie-break a team event cannot take."""
    for tb in tiebreaks:
        if tb.code in RATING_CODES:
            raise TeamTieBreakError(f"{tb.text}: rating tie-breaks (C.07 art. 10) rate players; a team has no rating")


def team_standings(event: TeamEvent, tiebreaks: list[TieBreak], edition: Edition | str | None = None,
                   after_round: int | None = None, round_robin: bool = False,
                   default_list: bool = False) -> TeamStandings:
    """Rank the teams of ``event`` by the primary score (192: MP unless GP), then ``tiebreaks``
    (``default_list``: :data:`DEFAULT_MP` or :data:`DEFAULT_GP` instead)."""
    view = team_view(event, edition, after_round, round_robin)
    notes = []
    if default_list:
        text = DEFAULT_MP if view.primary == "MP" else DEFAULT_GP
        tiebreaks = parse_list(text)
        notes.append(f"no tie-break list in the file (202/212) or --tiebreaks: using {text}")
    check_team_list(tiebreaks)
    primary = view.view()
    teams = view.teams
    cache: dict[tuple[str, int], Any] = {}

    def scalar(tb: TieBreak, p: int) -> Any:
        key = (tb.text, p)
        if key not in cache:
            cache[key] = team_value(view, p, tb)
        return cache[key]

    def procedure(tb: TieBreak, group: list[int]) -> list[list[int]]:
        return team_procedure(view, tb, group)

    groups, why, ranks = rank_groups(teams, primary.score, tiebreaks, scalar, procedure, PROCEDURES)
    why = {pair: view.primary if name == "PTS" else name for pair, name in why.items()}
    rows = []
    pos = 1
    for g in groups:
        place = str(pos) if len(g) == 1 else f"{pos}-{pos + len(g) - 1}"
        for p in sorted(g):
            vals = tuple(ranks.get(i, {}).get(p) if tb.code in PROCEDURES else scalar(tb, p)
                         for i, tb in enumerate(tiebreaks))
            rows.append(TeamRow(pos, place, p, event.team(p).name, view.mp.score[p], view.gp.score[p], vals))
        pos += len(g)
    return TeamStandings(tiebreaks, rows, view.rounds, view.edition.value, view.primary, view.secondary, notes,
                         why, view, round_robin)


# --------------------------------------------------------------------------- outputs


def team_standings_dict(s: TeamStandings, path: str) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter standings --json`` for a team event."""
    from tiebreaks.output import fmt_value

    rows = []
    for i, r in enumerate(s.rows):
        nxt = s.rows[i + 1].tpn if i + 1 < len(s.rows) else None
        rows.append({
            "rank": r.rank, "place": r.place, "tpn": r.tpn, "team": r.name,
            "match_points": fmt_value(r.match_points), "game_points": fmt_value(r.game_points),
            "tiebreaks": {tb.text: fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)},
            "separated_from_next_by": s.separated_by.get((r.tpn, nxt)) if nxt is not None else None,
        })
    return {"file": path, "team_event": True, "rounds": s.rounds, "edition": s.edition, "round_robin": s.round_robin,
            "primary": s.primary, "secondary": s.secondary,
            "tiebreaks": [{"code": tb.text, "name": tb.description} for tb in s.tiebreaks],
            "notes": s.notes, "standings": rows}


def team_standings_csv(s: TeamStandings) -> str:
    """CSV, one row per team; every cell through :mod:`trf.spreadsheet` (a team name that a
    spreadsheet would read as a formula is written as text)."""
    from tiebreaks.output import fmt_value

    buf = io.StringIO()
    w = spreadsheet.writer(buf)
    w.writerow(["rank", "place", "tpn", "team", "match_points", "game_points"] + [tb.text for tb in s.tiebreaks])
    for r in s.rows:
        w.writerow([r.rank, r.place, r.tpn, r.name, fmt_value(r.match_points), fmt_value(r.game_points)]
                   + [fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)])
    return buf.getvalue()


def team_rank_check(event: TeamEvent, s: TeamStandings) -> list[dict[str, Any]]:
    """Teams whose 310 rank is not a place the computed standings allow (any rank within a
    shared place is accepted)."""
    out = []
    for r in s.rows:
        listed = event.team(r.tpn).rank
        lo, _, hi = r.place.partition("-")
        if listed is None or not int(lo) <= listed <= int(hi or lo):
            out.append({"tpn": r.tpn, "team": r.name, "file_rank": listed, "computed_place": r.place})
    return out


__all__ = ["DEFAULT_GP", "DEFAULT_MP", "TeamRow", "TeamStandings", "check_team_list", "team_rank_check",
           "team_standings", "team_standings_csv", "team_standings_dict"]
