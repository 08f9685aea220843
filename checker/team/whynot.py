"""``--why-not A-B`` for a team Swiss round: why C.04.6 (2026) did not pair teams ``a`` and ``b``.

The pair is forced into the decision of the given pairing where it would have to be made, and
the best alternative that contains it is ranked against the given decision on the same rows:

* one of the two received the PAB: the PAB goes to another team (Art. 3.4.2-3.4.4 rank them);
* they meet in no bracket of the given pairing until one of them is placed: that bracket's set of
  upfloaters must change (the resident's opponent must float up, or the upfloater must stay down
  for a later bracket), ranked by [C4]-[C7] and Art. 3.5.4;
* both are in the same bracket: its pairing with a-b, ranked by [C8]-[C10] and the identifier
  order of Art. 3.6.

The verdict (:class:`checker.report.WhyNot`) is ``given`` (they are paired), ``impossible`` (an
absolute criterion forbids it), ``incomplete`` (the other teams could not all be paired), ``worse``
(the rule named costs it), ``later`` (as good, but later in the order of Art. 3.5.4 or 3.6) or
``better`` (the alternative ranks above the given decision: the given pairing is wrong there).
Each answer also comes read aloud (:attr:`checker.report.WhyNot.sentence`: the teams by name and
pairing number, the deciding rule's plain words, then its article; :func:`checker.team.explain.said`).
"""

from __future__ import annotations

from checker.report import WhyNot, who
from checker.team.explain import _points, _words, said, team_names
from checker.team.brackets import (Upfloaters, best_pairing, first_set, identifier, pab_value, pairs_text, show_score,
                                   value_of)
from checker.team.check import given_matches
from checker.team.colours import allocate
from checker.team.criteria import ABSOLUTE, ORDER, PAB_ROWS, PAIR_ROWS, SET_ORDER, Criterion, upfloater_order
from checker.team.graph import MeetGraph
from checker.team.state import RoundState, round_state
from trf.teams import TeamEvent

__all__ = ["why_not"]

Pair = tuple[int, int]


def why_not(event: TeamEvent, rnd: int, a: int, b: int) -> WhyNot:
    """Why the rules did not pair teams ``a`` and ``b`` (TPNs) in round ``rnd`` of ``event``,
    judged on the round as its file gives it and the history before it."""
    st = round_state(event, rnd)
    matches = given_matches(st, event.matches(rnd), event.pab(rnd))
    names = team_names(event)
    if a != b and a in st.teams and b in st.teams and not st.may_meet(a, b):
        when = st.teams[a].met_in(b)
        c1 = ABSOLUTE[0]
        return WhyNot(rnd, (a, b), "impossible", c1.name,
                      f"{c1.label}: {c1.words}: teams {a} and {b} played each other"
                      + (f" in round {when}" if when else ""),
                      sentence=said(c1.plain, c1.article, c1.name,
                                    f"{who(a, names)} and {who(b, names)} already played each other"
                                    + (f" in round {when}" if when else "") + ", so they cannot meet again"))
    return _why(st, [(w, x) for w, x, _ in matches], event.pab(rnd), a, b, names)


def _boards(st: RoundState, pairs: tuple[Pair, ...] | list[Pair]) -> tuple[Pair, ...]:
    out = []
    for x, y in pairs:
        al = allocate(st, x, y)
        out.append((al.white, al.black))
    return tuple(out)


def _why(st: RoundState, matches: list[Pair], bye: int | None, a: int, b: int,
         names: dict[int, str] | None = None) -> WhyNot:
    rnd, pair = st.round, (a, b)
    wa, wb = who(a, names), who(b, names)
    opponent: dict[int, int] = {}
    for w, x in matches:
        opponent[w], opponent[x] = x, w
    teams = frozenset(opponent) | ({bye} if bye is not None else set())
    for x in (a, b):
        if x not in teams:
            return WhyNot(rnd, pair, "impossible", None, f"team {x} is not paired in round {rnd} (absent, a requested "
                                                         "bye, or no such team)",
                          sentence=f"{who(x, names)} is not paired in round {rnd} (absent, a requested bye, or no "
                                   "such team).")
    if a == b:
        return WhyNot(rnd, pair, "impossible", None, "a team cannot play itself",
                      sentence=f"{wa} cannot play against itself.")
    if opponent.get(a) == b:
        return WhyNot(rnd, pair, "given", None, f"{a}-{b} is paired in round {rnd}",
                      sentence=f"{wa} and {wb} are paired in round {rnd}.")
    graph = MeetGraph(st, teams)
    if bye in (a, b) or not graph.pairable(teams - {a, b} - ({bye} if bye is not None else set())):
        return _other_pab(st, graph, teams, bye, a, b, names)
    unpaired = teams - ({bye} if bye is not None else set())
    while unpaired:
        up = Upfloaters(st, graph, unpaired)
        residents = set(up.residents)
        given_set = upfloater_order(st, tuple({opponent[t] for t in residents} - residents))
        bracket = residents | set(given_set)
        inside = {a, b} & bracket
        if inside == {a, b}:
            return _in_bracket(st, up, tuple(sorted(bracket)), a, b, opponent, names)
        if inside:
            x = inside.pop()
            return _other_set(st, up, given_set, x, b if x == a else a, names)
        unpaired = unpaired - bracket
    raise AssertionError("every team of the round is in a bracket")


def _other_pab(st: RoundState, graph: MeetGraph, teams: frozenset[int], bye: int | None, a: int, b: int,
               names: dict[int, str] | None = None) -> WhyNot:
    """a-b needs another PAB: the best team that can take it, ranked against the given PAB."""
    rnd, pair = st.round, (a, b)
    wa, wb = who(a, names), who(b, names)
    ranks = [r for r in PAB_ROWS if r.measure is not None]

    def rank(p: int) -> tuple[object, ...]:
        return tuple(r.measure(st, p) for r in ranks if r.measure is not None)
    options = [p for p in teams - {a, b} if st.teams[p].pab_bar is None and graph.pairable(teams - {p, a, b})]
    if (len(teams) % 2 == 0) or not options:
        c3 = ABSOLUTE[2]
        return WhyNot(rnd, pair, "incomplete", c3.name,
                      f"{c3.label}: with {a}-{b} the other teams cannot all be paired"
                      + ("" if len(teams) % 2 == 0 else " whichever team receives the PAB"),
                      sentence=said(c3.plain, c3.article, c3.name,
                                    f"with {wa} against {wb} the other teams could not all be paired"
                                    + ("" if len(teams) % 2 == 0 else ", whichever team had the bye")))
    best = min(options, key=rank)
    assert bye is not None
    for r in ranks:
        assert r.measure is not None
        mine, theirs = r.measure(st, best), r.measure(st, bye)
        if mine == theirs:
            continue
        words = (f"with {a}-{b} the PAB cannot go to team {bye}"
                 if bye in pair else f"with {a}-{b} the other teams cannot be paired while team {bye} has the PAB")
        spoken = (f"with {wa} against {wb}, {who(bye, names)} could not have the bye" if bye in pair else
                  f"with {wa} against {wb}, the other teams could not be paired while {who(bye, names)} has the bye")
        boards = _boards(st, ((a, b),))  # the rest of the round would follow from the new PAB
        if mine < theirs:
            return WhyNot(rnd, pair, "better", r.name, f"{words}; team {best} could take it and {r.label} ranks it "
                                                       f"first (the PAB goes to the team that {r.words}): the given "
                                                       f"PAB is wrong", boards, best,
                          sentence=said(r.plain, r.article, r.name,
                                        f"{spoken}; {who(best, names)} could take it and comes first, so the given "
                                        "bye is wrong"))
        return WhyNot(rnd, pair, "worse", r.name, f"{words}; the best other team for it is {best}, but {r.label}: the "
                                                  f"PAB goes to the team that {r.words}: team {bye} "
                                                  f"({pab_value(st, r, bye)}) before team {best} "
                                                  f"({pab_value(st, r, best)})", boards, best,
                      sentence=said(r.plain, r.article, r.name,
                                    f"{spoken}; the best other team for it is {who(best, names)}, but "
                                    f"{who(bye, names)} ({_words(pab_value(st, r, bye))}) comes before "
                                    f"{who(best, names)} ({_words(pab_value(st, r, best))})"))
    raise AssertionError("two teams with the same TPN")


def _pairs_said(pairs: tuple[Pair, ...] | list[Pair], names: dict[int, str] | None) -> str:
    return ", ".join(f"{who(x, names)} against {who(y, names)}" for x, y in pairs) or "no match"


def _in_bracket(st: RoundState, up: Upfloaters, bracket: tuple[int, ...], a: int, b: int,
                opponent: dict[int, int], names: dict[int, str] | None = None) -> WhyNot:
    """Both teams are in the same bracket: its best pairing with a-b against the given one."""
    rnd, pair = st.round, (a, b)
    wa, wb = who(a, names), who(b, names)
    on = f"among the teams on {_points(up.score)}"
    where = f"the bracket of score {show_score(up.score)} ({', '.join(map(str, bracket))})"
    given = tuple(sorted((t, opponent[t]) for t in bracket if t < opponent[t]))

    def allowed(u: int, v: int) -> bool:
        return {u, v} == {a, b} or (u not in (a, b) and v not in (a, b))

    found = best_pairing(st, bracket, up.score, allowed=allowed)
    if found is None:
        c1 = ABSOLUTE[0]
        return WhyNot(rnd, pair, "incomplete", "C1",
                      f"in {where}, with {a}-{b} the other teams of the bracket cannot be paired by C1 (Art. 2.1.1); "
                      f"its set of upfloaters is chosen before its pairing (Art. 3.5)",
                      sentence=said(c1.plain, c1.article, c1.name,
                                    f"{on}, with {wa} against {wb} the other teams could not all be paired without "
                                    "a rematch (who plays up into the group is decided before its pairing, "
                                    f"Art. 3.5)"))
    forced, value = found
    gvalue = value_of(st, up.score, given)
    rows = [r for r in PAIR_ROWS if r.applies(st)]
    boards = _boards(st, forced)
    for r, mine, theirs in zip(rows, value, gvalue):
        if mine == theirs:
            continue
        if mine < theirs:
            return WhyNot(rnd, pair, "better", r.name, f"in {where}, {pairs_text(forced)} leaves {mine} {r.counted}, "
                                                       f"the given {pairs_text(given)} {theirs} ({r.label}): the "
                                                       f"given pairing is wrong", boards,
                          sentence=said(r.plain, r.article, r.name,
                                        f"{on}, {_pairs_said(forced, names)} leaves {mine} {_words(r.counted)}, the "
                                        f"given pairing {theirs}, so the given pairing is wrong"))
        return WhyNot(rnd, pair, "worse", r.name, f"{r.label} in {where}: with {a}-{b} the best pairing, "
                                                  f"{pairs_text(forced)}, leaves {mine} {r.counted}; the given "
                                                  f"{pairs_text(given)} leaves {theirs}", boards,
                      sentence=said(r.plain, r.article, r.name,
                                    f"{on}, the best pairing with {wa} against {wb} ({_pairs_said(forced, names)}) "
                                    f"leaves {mine} {_words(r.counted)}, the given pairing only {theirs}"))
    mine_id, given_id = identifier(forced), identifier(given)
    shown_m, shown_g = " ".join(map(str, mine_id)), " ".join(map(str, given_id))
    if mine_id < given_id:
        return WhyNot(rnd, pair, "better", ORDER.name, f"in {where}, {pairs_text(forced)} is as good on C8-C10 as the "
                                                       f"given {pairs_text(given)} and comes first in identifier "
                                                       f"order ({shown_m} before {shown_g}): the given pairing is "
                                                       f"wrong", boards,
                      sentence=said(ORDER.plain, ORDER.article, ORDER.name,
                                    f"{on}, {_pairs_said(forced, names)} is as good as the given pairing and comes "
                                    "first, so the given pairing is wrong"))
    return WhyNot(rnd, pair, "later", ORDER.name, f"{ORDER.label} in {where}: with {a}-{b} the best pairing, "
                                                  f"{pairs_text(forced)}, is as good on C8-C10 as the given "
                                                  f"{pairs_text(given)}, but its identifier comes later "
                                                  f"({shown_m} after {shown_g})", boards,
                  sentence=said(ORDER.plain, ORDER.article, ORDER.name,
                                f"{on}, the best pairing with {wa} against {wb} ({_pairs_said(forced, names)}) is as "
                                "good as the given one by every rule, but the given one comes first in that order "
                                f"(pairing numbers {shown_g} before {shown_m})"))


def _other_set(st: RoundState, up: Upfloaters, given: tuple[int, ...], x: int, y: int,
               names: dict[int, str] | None = None) -> WhyNot:
    """Only ``x`` is in the bracket: a resident ``x`` needs ``y`` among its upfloaters, an upfloater
    ``x`` must stay down to meet ``y`` later.  The best such set against the given one."""
    rnd, pair = st.round, (x, y)
    residents = set(up.residents)
    graph = up.graph
    where = f"the bracket of score {show_score(up.score)} (residents {', '.join(map(str, up.residents))})"
    if x in residents:
        def accept(members: tuple[int, ...]) -> bool:
            if y not in members:
                return False
            bracket = residents | set(members)
            return graph.pairable(bracket - {x, y}) and graph.pairable(up.unpaired - bracket)
        how = f"team {y} would have to float up to {where}"
        how_said = (f"{who(y, names)} would have to play up into the group on {_points(up.score)} to meet "
                    f"{who(x, names)}")
    else:
        def accept(members: tuple[int, ...]) -> bool:
            if x in members:
                return False
            bracket = residents | set(members)
            return graph.pairable(bracket) and graph.pairable(up.unpaired - bracket - {x, y})
        how = f"team {x} would have to stay out of {where} (it floats up to it)"
        how_said = (f"{who(x, names)} would have to stay out of the group on {_points(up.score)}, which it plays up "
                    f"into, to meet {who(y, names)} later")
    found = first_set(up, accept)
    if found is None:
        c3 = ABSOLUTE[2]
        return WhyNot(rnd, (x, y), "incomplete", c3.name,
                      f"{how}, but no set of upfloaters then gives a legal bracket and leaves the other teams "
                      f"pairable ({c3.label})",
                      sentence=said(c3.plain, c3.article, c3.name,
                                    f"{how_said}, but no choice of teams playing up then works and leaves the other "
                                    "teams able to be paired"))
    members, key = found
    gkey = up.key(given)
    rows = up.rows
    def allowed(u: int, v: int) -> bool:
        return {u, v} == {x, y} or (u not in (x, y) and v not in (x, y))
    if x in residents:
        paired = best_pairing(st, tuple(sorted(residents | set(members))), up.score, allowed=allowed)
        boards = _boards(st, paired[0]) if paired else ((x, y),)
    else:
        paired = best_pairing(st, tuple(sorted(residents | set(members))), up.score)
        boards = _boards(st, ((x, y),) + (paired[0] if paired else ()))
    i = next((k for k, (m, g) in enumerate(zip(key, gkey)) if m != g), len(rows) - 1)
    r: Criterion = rows[i]
    listed = ", ".join(map(str, members)) or "none"
    glisted = ", ".join(map(str, given)) or "none"
    detail = _set_words(st, up, r, members, given)
    members_said = ", ".join(who(t, names) for t in members) or "no team"
    given_said = ", ".join(who(t, names) for t in given) or "no team"
    if key < gkey:
        return WhyNot(rnd, pair, "better", r.name, f"{how}: upfloaters {listed} rank before the given {glisted} by "
                                                   f"{r.label} ({detail}): the given set is wrong", boards,
                      sentence=said(r.plain, r.article, r.name,
                                    f"{how_said}: {members_said} playing up come before the given choice, "
                                    f"{given_said} ({_words(detail)}), so the given choice is wrong"))
    verdict = "later" if r is SET_ORDER else "worse"
    return WhyNot(rnd, pair, verdict, r.name, f"{how}; the best set of upfloaters allowing it is {listed}, which ranks "
                                              f"after the given {glisted} by {r.label}: {r.words} ({detail})", boards,
                  sentence=said(r.plain, r.article, r.name,
                                f"{how_said}; the best choice of teams playing up that allows it is {members_said}, "
                                f"which comes after the given choice, {given_said} ({_words(detail)})"))


def _set_words(st: RoundState, up: Upfloaters, r: Criterion, members: tuple[int, ...], given: tuple[int, ...]) -> str:
    def scores(ts: tuple[int, ...]) -> str:
        return ", ".join(f"{t}: {show_score(st.score(t))}" for t in ts) or "none"
    if r.name == "C4":
        return f"{len(members)} upfloater(s) against {len(given)}"
    if r.name == "C5":
        return f"scores {scores(members)} against {scores(given)}"
    if r.name == "C6":
        state = {0: "pairable", 1: "not pairable"}
        return (f"the next scoregroup is {state[up.c6(members)]} with them, {state[up.c6(given)]} with the given "
                f"set")
    if r.name == "C7":
        return (f"{sum(st.teams[t].floated for t in members)} floated in the previous round, against "
                f"{sum(st.teams[t].floated for t in given)}")
    return "equal on C4-C7; the lexicographic order of the upfloaters decides"
