"""What the team-event tests share: a seeded list of teams as CSV, and a new team event with them."""

from __future__ import annotations

import random

from event.create import EventSettings
from event.team.create import TeamSettings, new_team_event
from event.team.registration import parse_teams, register_teams
from tests.event.making import players
from trf.model import Colour, Tournament

TEAM_NAMES = ("Fjord SK", "Bergen Sjakk", "Oslo SK", "Tromso Tarn", "Narvik Dronning", "Bodo Springer",
              "Alta Loper", "Molde Konge", "Stavanger SK", "Hamar Bonde")


def teams_rows(n: int, members: int | list[int], seed: int) -> list[tuple[str, list[dict[str, str]]]]:
    """``n`` teams (names from :data:`TEAM_NAMES`, then ``Team N``), each with ``members`` players
    (a list gives each team's count), strongest first."""
    counts = members if isinstance(members, list) else [members] * n
    people = players(sum(counts), seed)
    rng = random.Random(seed)
    rng.shuffle(people)
    out, at = [], 0
    for i in range(n):
        squad = sorted(people[at: at + counts[i]], key=lambda p: -int(p["rating"] or 0))
        at += counts[i]
        out.append((TEAM_NAMES[i] if i < len(TEAM_NAMES) else f"Team {i + 1}", squad))
    return out


def teams_csv(rows: list[tuple[str, list[dict[str, str]]]], tpns: dict[str, int] | None = None) -> str:
    """The list as ``event register --teams-csv`` reads it: team, tpn, then the player columns."""
    lines = ["Team,TPN,Name,Title,Rtg,FIDE ID,Fed,Birth,Sex"]
    for team, squad in rows:
        tpn = str((tpns or {}).get(team, ""))
        for p in squad:
            lines.append(",".join([team, tpn, f'"{p["name"]}"', p["title"], p["rating"], p["fide_id"],
                                   p["federation"], p["birth"], p["sex"]]))
    return "\n".join(lines) + "\n"


def team_event(n: int = 5, boards: str = "WBWB", members: int | list[int] = 5, rounds: int = 5, seed: int = 7,
               code: str = "FIDE_TEAM") -> Tournament:
    """A new team event with ``n`` teams registered (TPN in list order), the initial colour White."""
    t = new_team_event(EventSettings("Team Test Cup", rounds, initial_colour=Colour.WHITE, tiebreaks="EDE,MPvGP"),
                       TeamSettings(code, boards)).after
    return register_teams(t, parse_teams(teams_csv(teams_rows(n, members, seed)))).after
