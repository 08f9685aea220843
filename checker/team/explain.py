"""Why a team Swiss round is paired as it is, in words, read from the checker's verdict
(:class:`checker.team.check.TeamRoundReport`): for each bracket the rules that chose its
upfloaters (Art. 3.5: [C4]-[C7], then Art. 3.5.4) and measured its pairing (Art. 3.6.4:
[C8]-[C10]), for each match the first-team (Art. 4.2) and the step of Art. 4.3 that gave board 1's
colours with the two teams' facts, and for the PAB the rows of Art. 3.4 that chose it.

Each reason is a row (criterion, article, text) and the same read aloud (``sentence``: the teams
by name and pairing number, the rule's plain words from the criteria table, then its article in
brackets, :func:`said`).  A reason states what the checker measured on the given pairing; a comparison with the alternatives ("the fewest", "the highest") is stated
only where the verdict proves it: a bracket, PAB or colour the checker found against gets no
reasons (its finding says why), and the brackets after a finding are not cut.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb, prod
from typing import Mapping

from checker.team.brackets import SET_LIMIT, Upfloaters, show_score
from checker.team.check import BoardView, BracketView, TeamRoundReport
from checker.team.colours import STEPS
from checker.team.criteria import ABSOLUTE, PAB_ROWS, PAIR_ROWS, ROWS, SET_ORDER, SET_ROWS, row
from checker.team.graph import MeetGraph
from checker.report import Finding, cite, who
from checker.team.state import RoundState, TeamFacts, round_state
from trf.codes import Colour
from trf.teams import TeamEvent

__all__ = ["Reason", "RoundReasons", "explain_round", "bracket_reasons", "colour_reasons", "pab_reasons", "said",
           "team_names", "finding_sentence", "with_sentences", "HANDBOOK"]

#: the Handbook section the sentences cite
HANDBOOK = "C.04.6"

Names = Mapping[int, str]


def team_names(event: TeamEvent) -> dict[int, str]:
    """Each team's name by pairing number (TPN)."""
    return {t.tpn: t.name for t in event.teams}


def said(plain: str, article: str, name: str, fact: str) -> str:
    """A sentence an arbiter reads to a team captain: the rule's plain words, where C.04.6 states
    it in brackets, then what the checker found (``fact``)."""
    return f"{plain[:1].upper()}{plain[1:]} ({cite(HANDBOOK, article, name)}): {fact}."


def _words(text: str) -> str:
    """A count's words without the Handbook's terms (``upfloater`` -> a team playing up)."""
    return (text.replace("upfloater(s)", "team(s) playing up").replace("upfloaters", "teams playing up")
            .replace("floated in the previous round", "played up or down in the previous round")
            .replace("TPN ", "pairing number "))


def _points(x: Fraction) -> str:
    s = show_score(x)
    return f"{s} point" if s == "1" else f"{s} points"


@dataclass(frozen=True)
class Reason:
    """One rule that decided, where the Handbook states it, and what it measured, in words."""

    criterion: str
    article: str
    text: str
    sentence: str = ""

    def as_dict(self) -> dict[str, str]:
        return {"criterion": self.criterion, "article": self.article, "text": self.text,
                "sentence": self.sentence or self.text}


@dataclass(frozen=True)
class RoundReasons:
    """The reasons of a round: one tuple per bracket of the report (same order), one per match of
    its ``colours`` (same order), and the PAB's."""

    brackets: tuple[tuple[Reason, ...], ...]
    colours: tuple[tuple[Reason, ...], ...]
    bye: tuple[Reason, ...]


def _teams(st: RoundState, teams: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{t} ({show_score(st.score(t))})" for t in teams)


def _named(st: RoundState, teams: tuple[int, ...] | list[int], names: Names | None) -> str:
    return ", ".join(f"{who(t, names)} on {_points(st.score(t))}" for t in teams)


def _score_words(x: Fraction) -> str:
    return f"score {show_score(x)}"


# --------------------------------------------------------------------------- brackets (Art. 3.5, 3.6)


def bracket_reasons(st: RoundState, graph: MeetGraph, unpaired: frozenset[int], view: BracketView,
                    names: Names | None = None) -> tuple[Reason, ...]:
    """Why bracket ``view`` (the top-scoregroup of ``unpaired``, the teams not yet paired) has its
    upfloaters and what its pairing measures (C.04.6 Art. 3.5, 3.6.4).  Only for a bracket the
    checker found no fault with: the given set is then the first legal one by [C4] and [C5] and
    the first of its group by [C6], [C7] and Art. 3.5.4 (:func:`checker.team.brackets.judge_set`),
    and the given pairing has the least value on [C8]-[C10] (:func:`judge_pairing`)."""
    if view.finding is not None:
        return ()
    up = Upfloaters(st, graph, unpaired)
    if up.residents != view.residents:  # not the bracket the verdict cut: say nothing rather than guess
        return ()
    out = _set_reasons(st, up, view.upfloaters, names)
    on = f"among the teams on {_points(up.score)}"
    # the colour rows count only where teams have preferences, C10 only where a team floated up
    applied = [r for r in PAIR_ROWS if r.applies(st) and (st.preference_type is not None if r.name in ("C8", "C9")
                                                          else bool(view.upfloaters))]
    values = dict(view.values)
    for r in applied:
        if r.name in values:
            out.append(Reason(r.name, r.article, f"the pairing leaves {values[r.name]} {r.counted}, the least this "
                                                 "bracket allows",
                              said(r.plain, r.article, r.name, f"{on}, this pairing leaves {values[r.name]} "
                                                               f"{_words(r.counted)}, the fewest possible")))
    if len(view.pairs) > 1:
        order = row("3.6.4")
        out.append(Reason(order.name, order.article, "of the pairings equal on these, the first in identifier order "
                                                     "(top members' TPNs ascending, then their opponents)",
                          said(order.plain, order.article, order.name, f"{on}, of the pairings equally good by the "
                                                                       "rules above, this one comes first")))
    return tuple(out)


def _set_reasons(st: RoundState, up: Upfloaters, ups: tuple[int, ...], names: Names | None = None) -> list[Reason]:
    c4, c5, c6, c7 = SET_ROWS
    n, score = len(up.residents), show_score(up.score)
    pts = _points(up.score)
    k = len(ups)
    if k == 0:
        return [Reason(c4.name, c4.article, f"no upfloater: the {n} teams on score {score} can all be paired among "
                                            "themselves",
                       said(c4.plain, c4.article, c4.name, f"no team plays up: the {n} teams on {pts} can all be "
                                                           "paired among themselves"))]
    out = []
    if k == n % 2:
        alone = f"team {up.residents[0]} is alone on score {score}" if n == 1 else \
            f"the teams on score {score} are an odd number ({n})"
        alone_said = f"{who(up.residents[0], names)} is alone on {pts}" if n == 1 else \
            f"the teams on {pts} are an odd number ({n})"
        out.append(Reason(c4.name, c4.article, f"one upfloater: {alone}",
                          said(c4.plain, c4.article, c4.name, f"one team plays up, because {alone_said}")))
    else:
        out.append(Reason(c4.name, c4.article,
                          f"{k} upfloaters, the fewest that give a legal bracket: with fewer, the {n} teams on score "
                          f"{score} cannot all be paired without a rematch ({ABSOLUTE[0].name}) or leave the other "
                          f"teams unpairable ({ABSOLUTE[2].name})",
                          said(c4.plain, c4.article, c4.name,
                               f"{k} teams play up, the fewest that work: with fewer, the {n} teams on {pts} could "
                               "not all be paired without a rematch, or other teams would be left without an "
                               "opponent")))
    counts = tuple(sum(1 for t in ups if st.score(t) == s) for s, _ in up.levels)
    same_size = [c for c, size in up.groups(k) if size == k]
    ordered = sorted(ups, key=lambda t: -st.score(t))
    scores = ", ".join(show_score(st.score(t)) for t in ordered)
    if same_size and same_size[0] == counts:
        out.append(Reason(c5.name, c5.article, f"the highest scores left below {score}: {scores}",
                          said(c5.plain, c5.article, c5.name, f"those playing up have the highest scores left below "
                                                              f"{pts}: {_named(st, ordered, names)}")))
    else:
        out.append(Reason(c5.name, c5.article, f"scores {scores}: no set of {k} with higher scores gives a legal "
                                               "bracket that leaves the other teams pairable",
                          said(c5.plain, c5.article, c5.name, f"{_named(st, ordered, names)}: no choice of {k} teams "
                                                              "with higher scores works and leaves the other teams "
                                                              "able to be paired")))
    sets = prod(comb(len(ts), c) for (_, ts), c in zip(up.levels, counts))
    examined_all = sets <= SET_LIMIT  # beyond, the checker examined only the first sets (its notes say so)
    if up.following is not None:
        following = show_score(up.following)
        nxt = f"the next score group ({_points(up.following)})"
        if up.c6(ups) == 0:
            emptied = not any(st.score(t) == up.following for t in up.unpaired - set(ups))
            out.append(Reason(c6.name, c6.article, f"the next scoregroup (score {following}) "
                              + ("is emptied by upfloating" if emptied else "can still be paired in its own bracket"),
                              said(c6.plain, c6.article, c6.name, nxt + (" is emptied by the teams playing up"
                                                                         if emptied else
                                                                         " can still be paired among itself"))))
        elif not examined_all:
            out.append(Reason(c6.name, c6.article, f"the next scoregroup (score {following}) cannot be paired in its "
                                                   "own bracket",
                              said(c6.plain, c6.article, c6.name, f"{nxt} cannot be paired among itself")))
        else:
            out.append(Reason(c6.name, c6.article, f"no legal set of these scores leaves the next scoregroup (score "
                                                   f"{following}) pairable in its own bracket",
                              said(c6.plain, c6.article, c6.name, f"no choice of teams with these scores leaves "
                                                                  f"{nxt} able to be paired among itself")))
    if c7.applies(st):
        floated = [t for t in ups if st.teams[t].floated]
        out.append(Reason(c7.name, c7.article, "none of them floated in the previous round" if not floated else
                          f"{len(floated)} of them floated in the previous round ({', '.join(map(str, floated))})"
                          + (", no legal set of these scores equal on C6 has fewer" if examined_all else ""),
                          said(c7.plain, c7.article, c7.name,
                               "none of them played up or down in the previous round" if not floated else
                               f"{len(floated)} of them played up or down in the previous round ("
                               + ", ".join(who(t, names) for t in floated) + ")"
                               + (", and no other choice with these scores has fewer" if examined_all else ""))))
    if sets > 1:
        chosen = sorted(ups, key=lambda t: (-st.score(t), t))
        out.append(Reason(SET_ORDER.name, SET_ORDER.article,
                          f"of the {sets} possible sets with these scores, the first by the rows above, then in "
                          "lexicographic order (higher score, then smaller TPN): "
                          + ", ".join(map(str, chosen)),
                          said(SET_ORDER.plain, SET_ORDER.article, SET_ORDER.name,
                               f"of the {sets} possible choices with these scores, the first: "
                               + ", ".join(who(t, names) for t in chosen))))
    return out


# --------------------------------------------------------------------------- the PAB (Art. 3.4)


def pab_reasons(st: RoundState, graph: MeetGraph, teams: frozenset[int], bye: int,
                names: Names | None = None) -> tuple[Reason, ...]:
    """Why team ``bye`` receives the PAB among ``teams`` (the round's teams), by Art. 3.4: [C2],
    the teams ranked above it whose bye would leave the others unpairable (3.4.1), then the first
    row of 3.4.2-3.4.4 that puts it before the next team allowed.  Call only when the checker
    found no fault with the PAB."""
    c2 = ABSOLUTE[1]
    wb = who(bye, names)
    out = [Reason(c2.name, c2.article, f"team {bye} may receive it: it has had no PAB, no match won by forfeit and "
                                       "no full-point bye",
                  said(c2.plain, c2.article, c2.name, f"{wb} has had none of these"))]
    rows = [r for r in PAB_ROWS if r.measure is not None]
    allowed = sorted((t for t in teams if st.teams[t].pab_bar is None),
                     key=lambda t: tuple(r.measure(st, t) for r in rows if r.measure is not None))
    if bye not in allowed:
        return ()
    above = allowed[:allowed.index(bye)]
    if above:
        r1 = PAB_ROWS[0]
        out.append(Reason(r1.name, r1.article, f"teams {_teams(st, above)} rank before it, but after a bye for any "
                                               "of them the other teams could not all be paired",
                          said(r1.plain, r1.article, r1.name, f"{_named(st, above, names)} come before {wb}, but "
                                                              "after a bye for any of them the other teams could not "
                                                              "all be paired")))
    below = allowed[allowed.index(bye) + 1:]
    if not below:
        out.append(Reason(rows[0].name, rows[0].article, "no other team may receive it" if not above else
                          "no other team leaves the others pairable",
                          said(rows[0].plain, rows[0].article, rows[0].name,
                               "no other team may have it" if not above else
                               "no other team leaves the others able to be paired")))
        return tuple(out)
    other = below[0]
    wo = who(other, names)
    words = {"3.4.2": lambda t: f"score {show_score(st.score(t))}",
             "3.4.3": lambda t: f"{st.teams[t].played} match(es) played", "3.4.4": lambda t: f"TPN {t}"}
    plain = {"3.4.2": lambda t: _points(st.score(t)),
             "3.4.3": lambda t: f"{st.teams[t].played} match{'' if st.teams[t].played == 1 else 'es'} played",
             "3.4.4": lambda t: f"pairing number {t}"}
    for r in rows:
        assert r.measure is not None
        mine, theirs = words[r.name](bye), words[r.name](other)
        if r.measure(st, bye) == r.measure(st, other):
            out.append(Reason(r.name, r.article, f"equal with team {other}, the next team allowed: {mine}",
                              said(r.plain, r.article, r.name, f"{wb} and {wo}, the next team allowed, are equal "
                                                               f"here ({plain[r.name](bye)})")))
            continue
        out.append(Reason(r.name, r.article, f"the PAB goes to the team that {r.words}: team {bye} ({mine}) before "
                                             f"team {other} ({theirs})",
                          said(r.plain, r.article, r.name, f"{wb} ({plain[r.name](bye)}) comes before {wo} "
                                                           f"({plain[r.name](other)})")))
        break
    return tuple(out)


# --------------------------------------------------------------------------- colours (Art. 4)


def _facts(st: RoundState, f: TeamFacts) -> str:
    history = "".join("W" if c is Colour.WHITE else "B" for c in f.colours) or "none"
    return (f"team {f.tpn}: score {show_score(f.score)}, board-1 colours {history}, colour difference {f.cd:+d}, "
            f"preference {f.describe_preference(st.preference_type)}")


def _facts_said(st: RoundState, f: TeamFacts, names: Names | None) -> str:
    history = ", ".join("White" if c is Colour.WHITE else "Black" for c in f.colours) or "no match played yet"
    due = f.describe_preference(st.preference_type)
    return (f"{who(f.tpn, names)} has {_points(f.score)}, on board 1 {history} (Whites minus Blacks {f.cd:+d}), "
            + ("no colour due" if due == "none" else f"due {due}"))


#: Art. 4.2, the first-team, in plain words
FIRST_TEAM = ("the first team, whose colour the rules settle, is the one with more points, then more secondary "
              "points, then the lower pairing number")


def colour_reasons(st: RoundState, view: BoardView, names: Names | None = None) -> tuple[Reason, ...]:
    """How Art. 4 gives board 1's colours of the match ``view``: the first-team (Art. 4.2) and
    why, the first step of Art. 4.3 that decides and the colour it gives, with the two teams'
    facts before the round (colours of their played matches, colour difference, preference)."""
    f, o = st.teams[view.first], st.teams[view.black if view.first == view.white else view.white]
    why = {"4.2.1": f"the higher score ({show_score(f.score)} against {show_score(o.score)})",
           "4.2.2": f"equal scores, the higher secondary score ({show_score(f.secondary or Fraction(0))} against "
                    f"{show_score(o.secondary or Fraction(0))})",
           "4.2.3": "equal scores" + (", equal secondary scores" if st.use_secondary else "") + ", the smaller TPN"}
    why_said = {"4.2.1": f"more points ({show_score(f.score)} against {show_score(o.score)})",
                "4.2.2": f"the same points and more secondary points ({show_score(f.secondary or Fraction(0))} "
                         f"against {show_score(o.secondary or Fraction(0))})",
                "4.2.3": "the same points" + (" and secondary points" if st.use_secondary else "")
                         + " and the lower pairing number"}
    out = [Reason("4.2", view.first_by, f"team {view.first} is the first-team: {why[view.first_by]}",
                  said(FIRST_TEAM, view.first_by, "4.2", f"{who(view.first, names)} is the first team, with "
                                                         f"{why_said[view.first_by]}"))]
    step = next((s for s in STEPS if s.article == view.step), None)
    if step is None:
        out.append(Reason("4.3", "4.3", "no step decides: the initial-colour (Art. 4.1) is unknown",
                          "No rule of Art. 4.3 decides: the colour drawn for the first round is not known "
                          f"({cite(HANDBOOK, '4.1')})."))
    else:
        out.append(Reason(step.article, step.article, f"{step.words}: team {view.rules_white} White",
                          said(step.plain, step.article, step.article,
                               f"{who(view.rules_white, names)} has White on board 1")))
    out.append(Reason("1.6", "1.6-1.7", f"{_facts(st, f)}; {_facts(st, o)}",
                      f"Before the round: {_facts_said(st, f, names)}; {_facts_said(st, o, names)} "
                      f"({cite(HANDBOOK, '1.6-1.7')})."))
    return tuple(out)


# --------------------------------------------------------------------------- the round


def explain_round(event: TeamEvent, report: TeamRoundReport) -> RoundReasons:
    """The reasons of every bracket, match and PAB of ``report``, the checker's verdict on round
    ``report.round`` of ``event`` (see the module docstring)."""
    st = round_state(event, report.round)
    names = team_names(event)
    teams = frozenset(t for b in report.boards for t in b) | ({report.bye} if report.bye is not None else set())
    absolute = any(f.kind == "absolute" for f in report.findings)
    brackets: list[tuple[Reason, ...]] = []
    bye: tuple[Reason, ...] = ()
    if teams and not absolute:
        graph = MeetGraph(st, teams)
        pab_fault = any(f.kind == "PAB" for f in report.findings)
        if report.bye is not None and not pab_fault:
            bye = pab_reasons(st, graph, teams, report.bye, names)
        unpaired = teams - ({report.bye} if report.bye is not None else set())
        for view in report.brackets:
            brackets.append(bracket_reasons(st, graph, unpaired, view, names) if unpaired else ())
            unpaired = unpaired - set(view.residents) - set(view.upfloaters)
    else:
        brackets = [() for _ in report.brackets]
    colours = tuple(colour_reasons(st, v, names) if v.ok else () for v in report.colours)
    return RoundReasons(tuple(brackets), colours, bye)


# --------------------------------------------------------------------------- the findings read aloud


def finding_sentence(st: RoundState, f: Finding, names: Names | None, score: Fraction | None = None) -> str:
    """A finding of the check (:func:`checker.team.check.check_round`) read aloud: the rule that
    decides in plain words (its row of the criteria tables), its article, then the teams by name
    and pairing number and what the rules give instead.  ``score``: the bracket's score, for a
    finding in a bracket."""
    import re

    r = next((x for x in ROWS if x.name == f.criterion), None)
    step = next((s for s in STEPS if s.article == f.criterion), None)
    if f.kind == "absolute" and f.criterion == ABSOLUTE[0].name and f.boards:
        w, b = f.boards[0]
        assert b is not None
        when = st.teams[w].met_in(b)
        c1 = ABSOLUTE[0]
        return said(c1.plain, c1.article, c1.name, f"{who(w, names)} and {who(b, names)} already played each other"
                    + (f" in round {when}" if when else ""))
    if f.kind == "absolute" and f.boards:
        x = f.boards[0][0]
        c2 = ABSOLUTE[1]
        return said(c2.plain, c2.article, c2.name, f"{who(x, names)} received the bye, but {st.teams[x].pab_bar}")
    if f.kind == "colour" and step is not None and f.boards:
        w, b = f.boards[0]
        assert b is not None
        white = int(str(f.better).split()[0]) if f.better else w
        other = b if white == w else w
        return said(step.plain, step.article, step.article, f"{who(white, names)} should have White on board 1 "
                                                            f"against {who(other, names)}; this pairing gives it to "
                                                            f"{who(w, names)}")
    if r is None:
        return f.message

    def named(text: str | None) -> str:
        """A value of the finding with every team number in it named (``team 3`` -> ``Oslo SK (3)``)."""
        text = _words(text or "")
        text = re.sub(r"\bteam (\d+)", lambda m: who(int(m.group(1)), names), text)
        text = re.sub(r"\b(\d+)-(\d+)\b", lambda m: f"{who(int(m.group(1)), names)} against "
                                                    f"{who(int(m.group(2)), names)}", text)
        return text.replace("TPN ", "pairing number ").replace("identifier ", "order ")
    if f.kind == "PAB":
        return said(r.plain, r.article, r.name, f"the bye should go to {named(f.better)}, not {named(f.given)}")
    where = f"among the teams on {_points(score)}, " if score is not None else ""
    concerned = "; the matches concerned: " + ", ".join(
        f"{who(w, names)} against {who(b, names)}" for w, b in f.boards if b is not None) if f.boards else ""
    return said(r.plain, r.article, r.name, f"{where}the rules choose {named(f.better)} where this pairing has "
                                            f"{named(f.given)}{concerned}")


def with_sentences(event: TeamEvent, report: TeamRoundReport) -> tuple[Finding, ...]:
    """The findings of ``report`` with their sentences (:func:`finding_sentence`)."""
    st = round_state(event, report.round)
    names = team_names(event)
    out = []
    for f in report.findings:
        score = report.brackets[f.bracket].score if f.bracket is not None and f.bracket < len(report.brackets) else None
        out.append(replace(f, sentence=finding_sentence(st, f, names, score)))
    return tuple(out)
