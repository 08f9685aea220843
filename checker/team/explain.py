"""Why a team Swiss round is paired as it is, in words, read from the checker's verdict
(:class:`checker.team.check.TeamRoundReport`): for each bracket the rules that chose its
upfloaters (Art. 3.5: [C4]-[C7], then Art. 3.5.4) and measured its pairing (Art. 3.6.4:
[C8]-[C10]), for each match the first-team (Art. 4.2) and the step of Art. 4.3 that gave board 1's
colours with the two teams' facts, and for the PAB the rows of Art. 3.4 that chose it.

Each reason is a row (criterion, article, text).  A reason states what the checker measured on
the given pairing; a comparison with the alternatives ("the fewest", "the highest") is stated
only where the verdict proves it: a bracket, PAB or colour the checker found against gets no
reasons (its finding says why), and the brackets after a finding are not cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod

from checker.team.brackets import SET_LIMIT, Upfloaters, show_score
from checker.team.check import BoardView, BracketView, TeamRoundReport
from checker.team.colours import STEPS
from checker.team.criteria import ABSOLUTE, PAB_ROWS, PAIR_ROWS, SET_ORDER, SET_ROWS, row
from checker.team.graph import MeetGraph
from checker.team.state import RoundState, TeamFacts, round_state
from trf.codes import Colour
from trf.teams import TeamEvent

__all__ = ["Reason", "RoundReasons", "explain_round", "bracket_reasons", "colour_reasons", "pab_reasons"]


@dataclass(frozen=True)
class Reason:
    """One rule that decided, where the Handbook states it, and what it measured, in words."""

    criterion: str
    article: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"criterion": self.criterion, "article": self.article, "text": self.text}


@dataclass(frozen=True)
class RoundReasons:
    """The reasons of a round: one tuple per bracket of the report (same order), one per match of
    its ``colours`` (same order), and the PAB's."""

    brackets: tuple[tuple[Reason, ...], ...]
    colours: tuple[tuple[Reason, ...], ...]
    bye: tuple[Reason, ...]


def _teams(st: RoundState, teams: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{t} ({show_score(st.score(t))})" for t in teams)


def _score_words(x: Fraction) -> str:
    return f"score {show_score(x)}"


# --------------------------------------------------------------------------- brackets (Art. 3.5, 3.6)


def bracket_reasons(st: RoundState, graph: MeetGraph, unpaired: frozenset[int], view: BracketView
                    ) -> tuple[Reason, ...]:
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
    out = _set_reasons(st, up, view.upfloaters)
    # the colour rows count only where teams have preferences, C10 only where a team floated up
    applied = [r for r in PAIR_ROWS if r.applies(st) and (st.preference_type is not None if r.name in ("C8", "C9")
                                                          else bool(view.upfloaters))]
    values = dict(view.values)
    for r in applied:
        if r.name in values:
            out.append(Reason(r.name, r.article, f"the pairing leaves {values[r.name]} {r.counted}, the least this "
                                                 "bracket allows"))
    if len(view.pairs) > 1:
        order = row("3.6.4")
        out.append(Reason(order.name, order.article, "of the pairings equal on these, the first in identifier order "
                                                     "(top members' TPNs ascending, then their opponents)"))
    return tuple(out)


def _set_reasons(st: RoundState, up: Upfloaters, ups: tuple[int, ...]) -> list[Reason]:
    c4, c5, c6, c7 = SET_ROWS
    n, score = len(up.residents), show_score(up.score)
    k = len(ups)
    if k == 0:
        return [Reason(c4.name, c4.article, f"no upfloater: the {n} teams on score {score} can all be paired among "
                                            "themselves")]
    out = []
    if k == n % 2:
        alone = f"team {up.residents[0]} is alone on score {score}" if n == 1 else \
            f"the teams on score {score} are an odd number ({n})"
        out.append(Reason(c4.name, c4.article, f"one upfloater: {alone}"))
    else:
        out.append(Reason(c4.name, c4.article,
                          f"{k} upfloaters, the fewest that give a legal bracket: with fewer, the {n} teams on score "
                          f"{score} cannot all be paired without a rematch ({ABSOLUTE[0].name}) or leave the other "
                          f"teams unpairable ({ABSOLUTE[2].name})"))
    counts = tuple(sum(1 for t in ups if st.score(t) == s) for s, _ in up.levels)
    same_size = [c for c, size in up.groups(k) if size == k]
    scores = ", ".join(show_score(st.score(t)) for t in sorted(ups, key=lambda t: -st.score(t)))
    if same_size and same_size[0] == counts:
        out.append(Reason(c5.name, c5.article, f"the highest scores left below {score}: {scores}"))
    else:
        out.append(Reason(c5.name, c5.article, f"scores {scores}: no set of {k} with higher scores gives a legal "
                                               "bracket that leaves the other teams pairable"))
    sets = prod(comb(len(ts), c) for (_, ts), c in zip(up.levels, counts))
    examined_all = sets <= SET_LIMIT  # beyond, the checker examined only the first sets (its notes say so)
    if up.following is not None:
        following = show_score(up.following)
        if up.c6(ups) == 0:
            emptied = not any(st.score(t) == up.following for t in up.unpaired - set(ups))
            out.append(Reason(c6.name, c6.article, f"the next scoregroup (score {following}) "
                              + ("is emptied by upfloating" if emptied else "can still be paired in its own bracket")))
        elif not examined_all:
            out.append(Reason(c6.name, c6.article, f"the next scoregroup (score {following}) cannot be paired in its "
                                                   "own bracket"))
        else:
            out.append(Reason(c6.name, c6.article, f"no legal set of these scores leaves the next scoregroup (score "
                                                   f"{following}) pairable in its own bracket"))
    if c7.applies(st):
        floated = [t for t in ups if st.teams[t].floated]
        out.append(Reason(c7.name, c7.article, "none of them floated in the previous round" if not floated else
                          f"{len(floated)} of them floated in the previous round ({', '.join(map(str, floated))})"
                          + (", no legal set of these scores equal on C6 has fewer" if examined_all else "")))
    if sets > 1:
        out.append(Reason(SET_ORDER.name, SET_ORDER.article,
                          f"of the {sets} possible sets with these scores, the first by the rows above, then in "
                          "lexicographic order (higher score, then smaller TPN): "
                          + ", ".join(map(str, sorted(ups, key=lambda t: (-st.score(t), t))))))
    return out


# --------------------------------------------------------------------------- the PAB (Art. 3.4)


def pab_reasons(st: RoundState, graph: MeetGraph, teams: frozenset[int], bye: int) -> tuple[Reason, ...]:
    """Why team ``bye`` receives the PAB among ``teams`` (the round's teams), by Art. 3.4: [C2],
    the teams ranked above it whose bye would leave the others unpairable (3.4.1), then the first
    row of 3.4.2-3.4.4 that puts it before the next team allowed.  Call only when the checker
    found no fault with the PAB."""
    c2 = ABSOLUTE[1]
    out = [Reason(c2.name, c2.article, f"team {bye} may receive it: it has had no PAB, no match won by forfeit and "
                                       "no full-point bye")]
    rows = [r for r in PAB_ROWS if r.measure is not None]
    allowed = sorted((t for t in teams if st.teams[t].pab_bar is None),
                     key=lambda t: tuple(r.measure(st, t) for r in rows if r.measure is not None))
    if bye not in allowed:
        return ()
    above = allowed[:allowed.index(bye)]
    if above:
        r1 = PAB_ROWS[0]
        out.append(Reason(r1.name, r1.article, f"teams {_teams(st, above)} rank before it, but after a bye for any "
                                               "of them the other teams could not all be paired"))
    below = allowed[allowed.index(bye) + 1:]
    if not below:
        out.append(Reason(rows[0].name, rows[0].article, "no other team may receive it" if not above else
                          "no other team leaves the others pairable"))
        return tuple(out)
    other = below[0]
    words = {"3.4.2": lambda t: f"score {show_score(st.score(t))}",
             "3.4.3": lambda t: f"{st.teams[t].played} match(es) played", "3.4.4": lambda t: f"TPN {t}"}
    for r in rows:
        assert r.measure is not None
        mine, theirs = words[r.name](bye), words[r.name](other)
        if r.measure(st, bye) == r.measure(st, other):
            out.append(Reason(r.name, r.article, f"equal with team {other}, the next team allowed: {mine}"))
            continue
        out.append(Reason(r.name, r.article, f"the PAB goes to the team that {r.words}: team {bye} ({mine}) before "
                                             f"team {other} ({theirs})"))
        break
    return tuple(out)


# --------------------------------------------------------------------------- colours (Art. 4)


def _facts(st: RoundState, f: TeamFacts) -> str:
    history = "".join("W" if c is Colour.WHITE else "B" for c in f.colours) or "none"
    return (f"team {f.tpn}: score {show_score(f.score)}, board-1 colours {history}, colour difference {f.cd:+d}, "
            f"preference {f.describe_preference(st.preference_type)}")


def colour_reasons(st: RoundState, view: BoardView) -> tuple[Reason, ...]:
    """How Art. 4 gives board 1's colours of the match ``view``: the first-team (Art. 4.2) and
    why, the first step of Art. 4.3 that decides and the colour it gives, with the two teams'
    facts before the round (colours of their played matches, colour difference, preference)."""
    f, o = st.teams[view.first], st.teams[view.black if view.first == view.white else view.white]
    why = {"4.2.1": f"the higher score ({show_score(f.score)} against {show_score(o.score)})",
           "4.2.2": f"equal scores, the higher secondary score ({show_score(f.secondary or Fraction(0))} against "
                    f"{show_score(o.secondary or Fraction(0))})",
           "4.2.3": "equal scores" + (", equal secondary scores" if st.use_secondary else "") + ", the smaller TPN"}
    out = [Reason("4.2", view.first_by, f"team {view.first} is the first-team: {why[view.first_by]}")]
    step = next((s for s in STEPS if s.article == view.step), None)
    if step is None:
        out.append(Reason("4.3", "4.3", "no step decides: the initial-colour (Art. 4.1) is unknown"))
    else:
        out.append(Reason(step.article, step.article, f"{step.words}: team {view.rules_white} White"))
    out.append(Reason("1.6", "1.6-1.7", f"{_facts(st, f)}; {_facts(st, o)}"))
    return tuple(out)


# --------------------------------------------------------------------------- the round


def explain_round(event: TeamEvent, report: TeamRoundReport) -> RoundReasons:
    """The reasons of every bracket, match and PAB of ``report``, the checker's verdict on round
    ``report.round`` of ``event`` (see the module docstring)."""
    st = round_state(event, report.round)
    teams = frozenset(t for b in report.boards for t in b) | ({report.bye} if report.bye is not None else set())
    absolute = any(f.kind == "absolute" for f in report.findings)
    brackets: list[tuple[Reason, ...]] = []
    bye: tuple[Reason, ...] = ()
    if teams and not absolute:
        graph = MeetGraph(st, teams)
        pab_fault = any(f.kind == "PAB" for f in report.findings)
        if report.bye is not None and not pab_fault:
            bye = pab_reasons(st, graph, teams, report.bye)
        unpaired = teams - ({report.bye} if report.bye is not None else set())
        for view in report.brackets:
            brackets.append(bracket_reasons(st, graph, unpaired, view) if unpaired else ())
            unpaired = unpaired - set(view.residents) - set(view.upfloaters)
    else:
        brackets = [() for _ in report.brackets]
    colours = tuple(colour_reasons(st, v) if v.ok else () for v in report.colours)
    return RoundReasons(tuple(brackets), colours, bye)
