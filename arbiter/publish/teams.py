"""The pages of a published team event (FIDE Team Swiss, C.04.6), gathered from the library and
rendered with the site's templates and escaping (:mod:`arbiter.publish.site`).

No rules here: the matches, their boards and points come from :mod:`event.team.matches` (which
reads the file's team records through :mod:`trf.teams`), the standings' order from the same
module's points: the primary score (match points unless ``192`` says game points), then the other
one, teams still equal sharing the place.  The ``202`` tie-breaks of a team event (C.07 Art. 11-13)
are not computed by the toolkit yet: the standings page says so and lists them.

Pages: ``index.html``; ``round-N.html`` (each match with its boards, the PAB, the byes);
``standings-N.html`` (after each round); ``teams.html`` (every team and its players in board
order); ``team-N.html`` (a team's card: its players and its matches, board by board); the TRF file.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from arbiter.publish.site import STYLE, Page, Site, environment, trf_name
from event.team.matches import Match, RoundMatches, completed_points, half_points, ranks, round_matches
from event.team.records import event_of
from trf.model import Colour, Player, Tournament
from trf.teams import MatchKind, TeamEvent
from trf.writer import fmt_points

__all__ = ["build_team_pages"]

ZERO = Fraction(0)

KIND_WORDS = {
    MatchKind.PAB: "pairing-allocated bye (PAB)", MatchKind.FULL_BYE: "full-point bye",
    MatchKind.HALF_BYE: "half-point bye", MatchKind.ZERO_BYE: "zero-point bye or absent",
    MatchKind.ABSENT: "not paired",
}


def _people(t: Tournament, ev: TeamEvent) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for p in t.players:
        tpn = ev.team_of_player.get(p.start_rank)
        out[p.start_rank] = {"no": p.start_rank, "name": p.name or f"Player {p.start_rank}", "title": p.fide_title,
                             "rating": p.rating or "", "fed": p.federation, "fide_id": p.fide_id,
                             "href": f"team-{tpn}.html#player-{p.start_rank}" if tpn else ""}
    return out


def _teams(ev: TeamEvent) -> dict[int, dict[str, Any]]:
    return {x.tpn: {"no": x.tpn, "name": x.name or f"Team {x.tpn}", "nickname": x.nickname,
                    "href": f"team-{x.tpn}.html"} for x in ev.teams}


def _board_rows(m: Match, people: dict[int, dict[str, Any]], flipped: bool = False) -> list[dict[str, Any]]:
    """A match's boards from the White team's side (``flipped``: the Black team's)."""
    rows = []
    for b in m.boards:
        mine, theirs = (b.black_team_player, b.white_team_player) if flipped else (b.white_team_player,
                                                                                   b.black_team_player)
        colour = b.colour.opposite if flipped else b.colour
        result = b.result
        if flipped and result:
            result = "-".join(reversed(result.split("-"))) if "-" in result[1:-1] else result[::-1]
        rows.append({"board": b.board, "colour": "White" if colour is Colour.WHITE else "Black",
                     "mine": people.get(mine) if mine else None, "theirs": people.get(theirs) if theirs else None,
                     "result": result.replace("-", "–") if result else ""})
    return rows


def _round_page(t: Tournament, ev: TeamEvent, rm: RoundMatches, people: dict[int, dict[str, Any]],
                teams: dict[int, dict[str, Any]]) -> dict[str, Any]:
    rnd = rm.round
    matches = []
    for m in rm.matches:
        matches.append({"number": m.number, "white": teams[m.white], "black": teams[m.black],
                        "white_points": fmt_points(ev.score(m.white, rnd - 1)),
                        "black_points": fmt_points(ev.score(m.black, rnd - 1)),
                        "result": m.result.replace("-", "–") if m.result else "", "forfeit": m.forfeited,
                        "pending": bool(m.pending), "boards": _board_rows(m, people)})
    byes = []
    if rm.pab is not None:
        byes.append({"team": teams[rm.pab], "kind": KIND_WORDS[MatchKind.PAB],
                     "points": f"{fmt_points(ev.pab_match_points)} MP, {fmt_points(ev.pab_game_points)} GP"})
    words = {"F": MatchKind.FULL_BYE, "H": MatchKind.HALF_BYE, "Z": MatchKind.ZERO_BYE}
    for tpn, kind in sorted(rm.byes.items()):
        e = ev.entry(tpn, rnd)
        byes.append({"team": teams[tpn], "kind": KIND_WORDS[words[kind]],
                     "points": f"{fmt_points(e.match_points)} MP, {fmt_points(e.game_points)} GP"})
    date = t.round_dates[rnd - 1] if rnd - 1 < len(t.round_dates) else None
    return {"round": rnd, "matches": matches, "byes": byes, "unpaired": [teams[tpn] for tpn in rm.unpaired],
            "date": date.isoformat() if date else "", "pending": any(m["pending"] for m in matches)}


def _standings(t: Tournament, ev: TeamEvent, rnd: int, teams: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """The teams after round ``rnd`` by the primary score, then the other one (equal teams share the place)."""
    points = completed_points(t, ev, rnd)
    place = ranks(points, ev.options.primary)
    rows: list[dict[str, Any]] = []
    for tpn in sorted(points, key=lambda x: (place[x], x)):
        played = sum(1 for r in range(1, rnd + 1) if ev.entry(tpn, r).played)
        mp, gp = points[tpn]
        rows.append({"place": place[tpn], "team": teams[tpn], "mp": fmt_points(mp), "gp": fmt_points(gp),
                     "played": played})
    return rows


def _card(t: Tournament, ev: TeamEvent, tpn: int, rounds: dict[int, RoundMatches], people: dict[int, dict[str, Any]],
          teams: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Team ``tpn``'s card: its players (board order) with their games' points, and its rounds."""
    team = ev.team(tpn)
    members = []
    for k, pid in enumerate(team.members, 1):
        p: Player = t.player(pid)
        seated = [r for r in rounds if pid in ev.entry(tpn, r).boards]
        score = sum((t.scoring.value(e) for r in seated if (e := p.entry(r)) is not None and e.code is not None), ZERO)
        games = seated
        members.append({"place": k, "person": people[pid], "games": len(games), "points": fmt_points(score)})
    history = []
    mp_total = gp_total = ZERO
    for rnd, rm in sorted(rounds.items()):
        m = next((x for x in rm.matches if tpn in (x.white, x.black)), None)
        te = ev.entry(tpn, rnd)
        if m is not None:
            flipped = m.black == tpn
            opp = m.white if flipped else m.black
            mine_gp = m.black_game_points if flipped else m.white_game_points
            their_gp = m.white_game_points if flipped else m.black_game_points
            mine_mp = m.black_match_points if flipped else m.white_match_points
            if m.forfeited:
                code = m.forfeit_code[::-1] if flipped else m.forfeit_code
                result = {"+-": "won by forfeit", "-+": "lost by forfeit", "--": "double forfeit"}[code]
            else:
                result = "" if m.pending else f"{half_points(mine_gp)}–{half_points(their_gp)}"
            if not m.pending:
                mp_total += mine_mp
                gp_total += mine_gp
            history.append({"round": rnd, "match": m.number, "opponent": teams[opp],
                            "colour": "" if m.forfeited else ("Black" if flipped else "White"), "result": result,
                            "mp": "" if m.pending else fmt_points(mine_mp), "total": fmt_points(mp_total),
                            "boards": [] if m.forfeited else _board_rows(m, people, flipped)})
        else:
            mp_total += te.match_points
            gp_total += te.game_points
            history.append({"round": rnd, "match": None, "opponent": None, "colour": "",
                            "result": KIND_WORDS.get(te.kind, te.kind), "mp": fmt_points(te.match_points),
                            "total": fmt_points(mp_total), "boards": []})
    return {"team": teams[tpn], "members": members, "rounds": history, "mp": fmt_points(mp_total),
            "gp": fmt_points(gp_total)}


def _event_rows(t: Tournament, ev: TeamEvent) -> list[tuple[str, str]]:
    rows = []
    for code, label in (("022", "City"), ("032", "Federation"), ("042", "Start date"), ("052", "End date"),
                        ("102", "Chief arbiter"), ("112", "Deputy arbiter(s)"), ("122", "Time control")):
        value = t.header(code)
        if value:
            rows.append((label, value))
    rows.append(("Boards", f"{ev.boards} (the White team's colours {ev.board_colours})"))
    rows.append(("Match points", f"{fmt_points(ev.win)} won, {fmt_points(ev.draw)} drawn, {fmt_points(ev.loss)} lost"))
    other = "game points" if ev.options.primary == "MP" else "match points"
    rows.append(("Score", f"{'match' if ev.options.primary == 'MP' else 'game'} points first, then {other}"))
    return rows


def build_team_pages(t: Tournament, trf_bytes: bytes, source: str) -> Site:
    """Every file of the site of team event ``t`` (``trf_bytes``: the file as read, offered for
    download under the name of ``source``).  Raises :class:`~event.team.records.TeamRecordsInvalid`."""
    from systems import name_of

    ev = event_of(t)
    assert ev is not None, "a team event has teams"
    rounds = t.rounds_paired
    people = _people(t, ev)
    teams = _teams(ev)
    by_round = {r: round_matches(t, r, ev) for r in range(1, rounds + 1)}
    env = environment()
    tiebreaks = t.header("202") or ""
    common: Mapping[str, Any] = {
        "event": t.name or "Team tournament", "rounds": rounds, "total_rounds": t.total_rounds or rounds,
        "trf_file": trf_name(source), "style": STYLE, "team_event": True, "tiebreaks": [],
    }
    pages: list[Page] = []

    def render(name: str, template: str, **data: Any) -> None:
        html = env.get_template(template).render(**common, **data)
        pages.append(Page(name, html.encode("utf-8")))

    index_rounds = []
    for r, rm in by_round.items():
        date = t.round_dates[r - 1] if r - 1 < len(t.round_dates) else None
        index_rounds.append({"round": r, "date": date.isoformat() if date else "", "pending": bool(rm.pending),
                             "matches": len(rm.matches)})
    primary = "MP" if ev.options.primary == "MP" else "GP"
    render("index.html", "team_index.html", info=_event_rows(t, ev), system=name_of(t), teams=len(ev.teams),
           players=len(t.players), index_rounds=index_rounds)
    for r, rm in by_round.items():
        render(f"round-{r}.html", "team_round.html", r=_round_page(t, ev, rm, people, teams))
        render(f"standings-{r}.html", "team_standings.html", round=r, rows=_standings(t, ev, r, teams),
               primary=primary, pending=bool(rm.pending), declared_tiebreaks=tiebreaks)
    render("teams.html", "teams.html", teams=[{**teams[x.tpn], "members": [people[m] for m in x.members]}
                                              for x in ev.teams])
    for x in ev.teams:
        render(f"team-{x.tpn}.html", "team.html", card=_card(t, ev, x.tpn, by_round, people, teams))
    pages.append(Page(STYLE, (Path(__file__).parent / "templates" / STYLE).read_bytes()))
    pages.append(Page(common["trf_file"], trf_bytes))
    return Site(tuple(pages), ())
