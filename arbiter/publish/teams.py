"""The pages of a published team event (FIDE Team Swiss, C.04.6), gathered from the library and
rendered with the site's templates and escaping (:mod:`arbiter.publish.site`).

No rules here: the matches, their boards and points come from :mod:`event.team.matches` (which
reads the file's team records through :mod:`trf.teams`); the standings after each round are
:func:`tiebreaks.teamstandings.team_standings` with the file's ``202``/``212`` list (C.07 Art.
11-13), the call and the JSON rows of ``arbiter standings``; "why this pairing?" is the checker
reading of the event's pairing system through the door (:meth:`systems.base.PairingSystem.check`):
each round's verdict and findings, its brackets with their upfloaters and the rules that chose
them, each match's board-1 colours and the step of Art. 4.3 that gave them, and the PAB.

Pages: ``index.html``; ``round-N.html`` (each match with its boards and why it is paired so, the
PAB, the byes, the brackets); ``standings-N.html`` (after each round); ``teams.html`` (every team
and its players in board order); ``team-N.html`` (a team's card: its players, its place and
tie-breaks, its matches, board by board); the TRF file.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from arbiter.publish.site import NOT_ENTERED, STYLE, Page, Site, display_date, environment, trf_name
from checker.explanation import score_text
from checker.report import RoundReport
from event.team.matches import Match, RoundMatches, half_points, round_matches
from event.team.records import event_of
from trf.model import Colour, Player, Tournament
from trf.teams import MatchKind, TeamEvent
from trf.writer import fmt_points

__all__ = ["build_team_pages", "TieBreakListInvalid"]

ZERO = Fraction(0)

KIND_WORDS = {
    MatchKind.PAB: "pairing-allocated bye (PAB)", MatchKind.FULL_BYE: "full-point bye",
    MatchKind.HALF_BYE: "half-point bye", MatchKind.ZERO_BYE: "zero-point bye or absent",
    MatchKind.ABSENT: "not paired",
}


class TieBreakListInvalid(ValueError):
    """The file's tie-break list (``202``/``212``) cannot rank this team event: ``detail`` says why
    (an unknown code, a rating tie-break, ...), as ``arbiter standings`` says it."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def _first_rounds(ev: TeamEvent, rounds: int) -> dict[int, int]:
    """Each team's first round: the first of rounds ``1..rounds`` in which it has a match or a bye
    that scores (``rounds + 1``: none yet); the rounds before it read "not yet entered", as a
    player's do (:func:`arbiter.publish.site.first_rounds`, which says why the file's rounds alone
    decide): a late team (C.04.6 Art. 1.1.3; C.04.2 Art. 2.4) is written with zero-point byes for
    the rounds it missed (:mod:`event.team.registration`)."""
    out: dict[int, int] = {}
    for x in ev.teams:
        out[x.tpn] = next((r for r in range(1, rounds + 1)
                           if ev.entry(x.tpn, r).kind not in (MatchKind.ZERO_BYE, MatchKind.ABSENT)), rounds + 1)
    return out


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
                teams: dict[int, dict[str, Any]], why: dict[int, dict[str, Any]] | None = None,
                first: dict[int, int] | None = None) -> dict[str, Any]:
    """Round ``rm.round``'s page: its matches (each with ``why``, by match number, when the checker
    judged the round), the PAB, the byes and the teams not paired; ``first``: each team's first round
    (:func:`_first_rounds`), before which a team reads "not yet entered"."""
    first = first or {}
    rnd = rm.round
    matches = []
    for m in rm.matches:
        matches.append({"number": m.number, "white": teams[m.white], "black": teams[m.black],
                        "white_points": fmt_points(ev.score(m.white, rnd - 1)),
                        "black_points": fmt_points(ev.score(m.black, rnd - 1)),
                        "result": m.result.replace("-", "–") if m.result else "", "forfeit": m.forfeited,
                        "pending": bool(m.pending), "boards": _board_rows(m, people),
                        "why": why.get(m.number) if why is not None else None})
    byes = []
    if rm.pab is not None:
        byes.append({"team": teams[rm.pab], "kind": KIND_WORDS[MatchKind.PAB],
                     "points": f"{fmt_points(ev.pab_match_points)} MP, {fmt_points(ev.pab_game_points)} GP"})
    words = {"F": MatchKind.FULL_BYE, "H": MatchKind.HALF_BYE, "Z": MatchKind.ZERO_BYE}
    for tpn, kind in sorted(rm.byes.items()):
        e = ev.entry(tpn, rnd)
        entered = rnd >= first.get(tpn, 1)
        byes.append({"team": teams[tpn], "kind": KIND_WORDS[words[kind]] if entered else NOT_ENTERED,
                     "points": f"{fmt_points(e.match_points)} MP, {fmt_points(e.game_points)} GP"})
    date = t.round_dates[rnd - 1] if rnd - 1 < len(t.round_dates) else None
    return {"round": rnd, "matches": matches, "byes": byes,
            "unpaired": [teams[tpn] for tpn in rm.unpaired if rnd >= first.get(tpn, 1)],
            "not_entered": [teams[tpn] for tpn in rm.unpaired if rnd < first.get(tpn, 1)],
            "date": date.isoformat() if date else "", "pending": any(m["pending"] for m in matches)}


def _standings(s: Any, path: str, teams: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of team standings ``s`` (:class:`tiebreaks.teamstandings.TeamStandings`) as
    ``arbiter standings --json`` writes them (:func:`~tiebreaks.teamstandings.team_standings_dict`),
    each with its team's links."""
    from tiebreaks.teamstandings import team_standings_dict

    rows = []
    for row in team_standings_dict(s, path)["standings"]:
        nxt = row["separated_from_next_by"]
        rows.append({"place": row["place"], "team": teams[row["tpn"]], "mp": row["match_points"],
                     "gp": row["game_points"], "values": list(row["tiebreaks"].values()),
                     "separated": nxt if nxt is not None else "shared place"})
    if rows:
        rows[-1]["separated"] = ""
    return rows


def _all_standings(t: Tournament, ev: TeamEvent, rounds: int) -> dict[int, Any]:
    """The team standings after each round (C.07 Art. 11-13): the library call of ``arbiter
    standings`` on a team event, with the file's ``202``/``212`` list (none: the team default,
    named in the standings' notes).  Raises :class:`TieBreakListInvalid`."""
    from tiebreaks.codes import file_tiebreaks
    from tiebreaks.teamstandings import team_standings

    try:
        tbs = file_tiebreaks(t)
        return {r: team_standings(ev, tbs if tbs is not None else [], after_round=r, default_list=tbs is None)
                for r in range(1, rounds + 1)}
    except ValueError as exc:  # an unknown code, or one a team event cannot take (TeamTieBreakError)
        raise TieBreakListInvalid(str(exc)) from exc


# --------------------------------------------------------------------------- the checker's verdicts


def _checks(t: Tournament, rounds: int) -> tuple[Any, dict[int, RoundReport], dict[int, str]]:
    """The checker's verdict on every round through the system's door
    (:meth:`systems.base.PairingSystem.check`), with the reasons a reading adds to its reports:
    the selection (``None``: no system the toolkit pairs, or one that pairs no team event), the
    reports by round, and the rounds the checker cannot judge with why (a typed error: a team
    paired twice, ...)."""
    from systems import CheckRequest, NotOffered, find

    sel = find(t)
    reports: dict[int, RoundReport] = {}
    errors: dict[int, str] = {}
    if sel is None or not sel.system.team_events:
        return None, reports, errors
    for r in range(1, rounds + 1):
        try:
            reports[r] = sel.system.check(t, [r], sel, CheckRequest())[0]
        except NotOffered:
            return None, {}, {}
        except ValueError as exc:  # a pairing the checker cannot judge
            errors[r] = str(exc)
    return sel, reports, errors


def _rules(sel: Any) -> str:
    """The rules the checker reads, in words (``Swiss Team (C.04.6, 2026 rules)``): the system's
    edition, without what the file's code adds (the checker's notes say what it does not apply)."""
    return str(sel.system.describe(sel.edition))


def _label(criterion: str, article: str | None) -> str:
    """A rule as the findings cite it: ``C4 (Art. 2.3.1)``, or ``Art. 4.3.5`` for a rule named
    by its article."""
    if not article:
        return criterion
    return f"Art. {article}" if criterion[:1].isdigit() else f"{criterion} (Art. {article})"


def _reasons(rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Each reason with its label and words, and read aloud (``sentence``: the teams by name, the
    rule's plain words, then its article; empty for a reason stored without one)."""
    return [{"label": _label(x["criterion"], x["article"]), "text": x["text"], "sentence": x.get("sentence", "")}
            for x in rows]


def _why(sel: Any, report: RoundReport, ev: TeamEvent, rm: RoundMatches, teams: dict[int, dict[str, Any]]
         ) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The round's verdict for its page (findings, brackets, the PAB, notes) and, by match
    number, why the match is paired so (its bracket, its upfloater, its colours)."""
    rnd = rm.round
    number = {frozenset((m.white, m.black)): m.number for m in rm.matches}

    def words(name: str) -> str:
        rule = sel.edition.rule(name)
        return rule.words if rule is not None else ""

    def team(tpn: int) -> dict[str, Any]:
        return teams.get(tpn) or {"no": tpn, "name": f"Team {tpn}", "nickname": "", "href": "teams.html"}

    findings = []
    for f in report.findings:
        matches = [{"number": number[frozenset((w, b))], "white": team(w), "black": team(b)}
                   for w, b in f.boards if b is not None and frozenset((w, b)) in number]
        findings.append({"label": _label(f.criterion, f.article), "words": words(f.criterion), "message": f.message,
                         "sentence": f.plain,
                         "matches": matches, "pab": [team(b[0]) for b in f.boards if b[1] is None],
                         "given": f.given or "", "better": f.better or ""})
    brackets: list[dict[str, Any]] = []
    per_match: dict[int, dict[str, Any]] = {m.number: {"bracket": None, "floated": [], "colour": None}
                                            for m in rm.matches}
    for k, b in enumerate(report.brackets, 1):
        ups: list[dict[str, Any]] = [{"team": team(x), "score": score_text(ev.score(x, rnd - 1))}
                                     for x in b.get("upfloaters", [])]
        numbers = sorted(number[frozenset(p)] for p in b.get("pairs", []) if frozenset(p) in number)
        brackets.append({"number": k, "score": b["score"], "residents": [team(x) for x in b.get("residents", [])],
                         "upfloaters": ups, "reasons": _reasons(b.get("reasons", [])), "matches": numbers,
                         "finding": b.get("finding")})
        floaters = set(b.get("upfloaters", []))
        for p in b.get("pairs", []):
            n = number.get(frozenset(p))
            if n is not None:
                per_match[n]["bracket"] = {"number": k, "score": b["score"]}
                per_match[n]["floated"] = [u for u in ups if u["team"]["no"] in floaters and u["team"]["no"] in p]
    for c in report.colours:
        n = number.get(frozenset((c["white"], c["black"])))
        if n is None:
            continue
        rule = c.get("rule")
        white = c.get("rules_white")
        per_match[n]["colour"] = {"label": _label(rule, rule) if rule else "", "words": words(rule) if rule else "",
                                  "ok": bool(c.get("ok", True)), "white": team(white) if white else None,
                                  "reasons": _reasons(c.get("reasons", []))}
    verdict = {"ok": report.ok, "rules": _rules(sel), "findings": findings, "brackets": brackets,
               "bye": _reasons(report.bye_reasons), "bye_team": team(report.bye) if report.bye is not None else None,
               "notes": list(report.notes), "error": ""}
    return verdict, per_match


def _card(t: Tournament, ev: TeamEvent, tpn: int, rounds: dict[int, RoundMatches], people: dict[int, dict[str, Any]],
          teams: dict[int, dict[str, Any]], first: int = 1) -> dict[str, Any]:
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
                            "result": KIND_WORDS.get(te.kind, te.kind) if rnd >= first else NOT_ENTERED,
                            "mp": fmt_points(te.match_points),
                            "total": fmt_points(mp_total), "boards": []})
    return {"team": teams[tpn], "members": members, "rounds": history, "mp": fmt_points(mp_total),
            "gp": fmt_points(gp_total)}


def _event_rows(t: Tournament, ev: TeamEvent) -> list[tuple[str, str]]:
    rows = []
    for code, label in (("022", "City"), ("032", "Federation"), ("042", "Start date"), ("052", "End date"),
                        ("102", "Chief arbiter"), ("112", "Deputy arbiter(s)"), ("122", "Time control")):
        value = t.header(code)
        if value:
            rows.append((label, display_date(value) if code in ("042", "052") else value))
    rows.append(("Boards", f"{ev.boards} (the White team's colours {ev.board_colours})"))
    rows.append(("Match points", f"{fmt_points(ev.win)} won, {fmt_points(ev.draw)} drawn, {fmt_points(ev.loss)} lost"))
    other = "game points" if ev.options.primary == "MP" else "match points"
    rows.append(("Score", f"{'match' if ev.options.primary == 'MP' else 'game'} points first, then {other}"))
    return rows


def build_team_pages(t: Tournament, trf_bytes: bytes, source: str, explain: bool = True) -> Site:
    """Every file of the site of team event ``t`` (``trf_bytes``: the file as read, offered for
    download under the name of ``source``); ``explain``: each round judged by the checker, with
    "why this pairing?" (otherwise none is, and the site's verdicts are empty).  Raises
    :class:`~event.team.records.TeamRecordsInvalid` and :class:`TieBreakListInvalid`."""
    from systems import name_of

    ev = event_of(t)
    assert ev is not None, "a team event has teams"
    rounds = t.rounds_paired
    people = _people(t, ev)
    teams = _teams(ev)
    by_round = {r: round_matches(t, r, ev) for r in range(1, rounds + 1)}
    standings = _all_standings(t, ev, rounds)
    sel, reports, errors = _checks(t, rounds) if explain else (None, {}, {})
    first = _first_rounds(ev, rounds)
    env = environment()
    last = standings.get(rounds)
    common: Mapping[str, Any] = {
        "event": t.name or "Team tournament", "rounds": rounds, "total_rounds": t.total_rounds or rounds,
        "trf_file": trf_name(source), "style": STYLE, "team_event": True,
        "tiebreaks": [{"code": tb.text, "name": tb.description} for tb in (last.tiebreaks if last else [])],
        "checked": sel is not None,
    }
    pages: list[Page] = []

    def render(name: str, template: str, **data: Any) -> None:
        html = env.get_template(template).render(**common, **data)
        pages.append(Page(name, html.encode("utf-8")))

    verdicts: dict[int, dict[str, Any]] = {}
    why: dict[int, dict[int, dict[str, Any]]] = {}
    for r, report in reports.items():
        verdicts[r], why[r] = _why(sel, report, ev, by_round[r], teams)
    for r, message in errors.items():
        verdicts[r] = {"ok": None, "error": message, "findings": [], "brackets": [], "bye": [], "bye_team": None,
                       "notes": [], "rules": _rules(sel) if sel is not None else ""}
    index_rounds = []
    for r, rm in by_round.items():
        date = t.round_dates[r - 1] if r - 1 < len(t.round_dates) else None
        v = verdicts.get(r)
        index_rounds.append({"round": r, "date": date.isoformat() if date else "", "pending": bool(rm.pending),
                             "matches": len(rm.matches), "checked": v is not None and v["ok"] is not None,
                             "ok": v["ok"] if v is not None else None})
    primary = "MP" if ev.options.primary == "MP" else "GP"
    render("index.html", "team_index.html", info=_event_rows(t, ev), system=name_of(t), teams=len(ev.teams),
           players=len(t.players), index_rounds=index_rounds)
    path = trf_name(source)
    for r, rm in by_round.items():
        render(f"round-{r}.html", "team_round.html", r=_round_page(t, ev, rm, people, teams, why.get(r), first),
               check=verdicts.get(r))
        s = standings[r]
        render(f"standings-{r}.html", "team_standings.html", round=r, rows=_standings(s, path, teams),
               primary=primary, pending=bool(rm.pending), edition=s.edition,
               tb=[{"code": tb.text, "name": tb.description} for tb in s.tiebreaks], notes=list(s.notes))
    render("teams.html", "teams.html", teams=[{**teams[x.tpn], "members": [people[m] for m in x.members]}
                                              for x in ev.teams])
    final = {row["team"]["no"]: row for row in _standings(last, path, teams)} if last is not None else {}
    for x in ev.teams:
        row = final.get(x.tpn)
        render(f"team-{x.tpn}.html", "team.html", card=_card(t, ev, x.tpn, by_round, people, teams, first.get(x.tpn, 1)),
               place=row["place"] if row else "", tb_values=row["values"] if row else [])
    pages.append(Page(STYLE, (Path(__file__).parent / "templates" / STYLE).read_bytes()))
    pages.append(Page(common["trf_file"], trf_bytes))
    judged = tuple((r, bool(v["ok"]), tuple(f["message"] for f in v["findings"]))
                   for r, v in sorted(verdicts.items()) if v["ok"] is not None)
    return Site(tuple(pages), judged)
