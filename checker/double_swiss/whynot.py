"""``--why-not A-B`` for the Double-Swiss system (C.04.5): why the rules did not pair players
``a`` and ``b`` in a round, judged on the round as the file gives it.

The procedure is walked as the check walks it (:mod:`checker.double_swiss.check`); at the first
decision that separates ``a`` and ``b`` the best alternative that keeps them together is built
and compared with the given decision, row by row: the PAB (Art. 3.4), the set of upfloaters of
their bracket (a set holding whichever of them is not a resident, [C4]-[C7], Art. 3.5.4), or the
pairing of their bracket with ``a``-``b`` forced ([C8], Art. 3.6.4).
"""

from __future__ import annotations

from itertools import combinations
from typing import Optional

from checker.double_swiss.check import (ARTICLES, SET_ROWS, SetKey, _Graph, _in_order, _set_value, c8_of, colour_of,
                                        identifier, pab_order, rules_bracket, set_key)
from checker.double_swiss.state import RoundState, given_round, round_state
from checker.report import WhyNot
from trf.model import Tournament

__all__ = ["why_not"]


def why_not(t: Tournament, rnd: int, a: int, b: int, *, total_rounds: Optional[int] = None) -> WhyNot:
    """Why the rules did not pair ``a`` and ``b`` (start ranks) in match round ``rnd``."""
    st = round_state(t, rnd, total_rounds)
    pairs, bye = given_round(t, rnd)
    pair = (a, b)
    for x in (a, b):
        if x not in st.facts:
            return WhyNot(rnd, pair, "impossible", None, f"player {x} is not paired in round {rnd} (absent, a "
                                                         "requested bye, or no such player)")
    if a == b:
        return WhyNot(rnd, pair, "impossible", None, "a player cannot play itself")
    if not st.may_meet(a, b):
        return WhyNot(rnd, pair, "impossible", "C1", f"C1 (Art. {ARTICLES['C1']}): players {a} and {b} have met "
                                                     "already (a match counts unless a player forfeited both games)")
    partner: dict[int, int] = {}
    for x, y in pairs:
        partner[x], partner[y] = y, x
    if partner.get(a) == b:
        return WhyNot(rnd, pair, "given", None, f"{a}-{b} is paired in round {rnd}")
    g = _Graph(st)
    players = frozenset(st.facts)
    if bye in (a, b) or (len(players) % 2 == 1 and bye is not None and not g.pairable(players - {a, b, bye})):
        return _other_pab(st, g, players, bye, a, b)
    remaining = players - ({bye} if bye is not None else set())
    while remaining:
        top = max(st.facts[p].score for p in remaining)
        residents = frozenset(p for p in remaining if st.facts[p].score == top)
        ups = _in_order(st, sorted({partner[p] for p in residents if p in partner} - residents))
        bracket = residents | frozenset(ups)
        inside = {a, b} & bracket
        if inside:
            return _in_round(st, g, residents, remaining, ups, bracket, a, b)
        remaining = remaining - bracket
    raise AssertionError("every player of the round is in a bracket")  # pragma: no cover


def _other_pab(st: RoundState, g: _Graph, players: frozenset[int], bye: Optional[int], a: int, b: int) -> WhyNot:
    rnd, pair = st.round, (a, b)
    options = sorted((p for p in players - {a, b} if not st.facts[p].barred and g.pairable(players - {p, a, b})),
                     key=lambda p: pab_order(st, p))
    if not options or bye is None:
        return WhyNot(rnd, pair, "incomplete", "C3", f"C3 (Art. {ARTICLES['C3']}): with {a}-{b} the other players "
                                                     "cannot all be paired whoever receives the PAB")
    best = options[0]
    mine, theirs = pab_order(st, best), pab_order(st, bye)
    names = ("3.4.2", "3.4.3", "3.4.4")
    i = next((i for i in range(3) if mine[i] != theirs[i]), 2)
    verdict = "better" if mine < theirs else "worse"
    return WhyNot(rnd, pair, verdict, names[i], f"with {a}-{b} the PAB goes to {best}, not {bye}: Art. {names[i]} "
                                                f"ranks {bye if verdict == 'worse' else best} first",
                  (colour_of(st, a, b)[:2],), best)


def _in_round(st: RoundState, g: _Graph, residents: frozenset[int], remaining: frozenset[int], ups: tuple[int, ...],
              bracket: frozenset[int], a: int, b: int) -> WhyNot:
    rnd, pair = st.round, (a, b)
    top = st.facts[next(iter(residents))].score
    need = {a, b} - residents
    lower = sorted(p for p in remaining if st.facts[p].score < top)

    def forced(x: int, y: int) -> bool:
        if {x, y} & {a, b}:
            return {x, y} == {a, b}
        return st.may_meet(x, y)

    given_key = set_key(st, g, residents, remaining, ups)
    best: Optional[tuple[SetKey, tuple[int, ...]]] = None
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        if k < len(need):
            continue
        for c in combinations([p for p in lower if p not in need], k - len(need)):
            s = _in_order(st, tuple(need) + c)
            key = set_key(st, g, residents, remaining, s)
            if key is None or rules_bracket(st, sorted(residents | set(s)), top, forced) is None:
                continue
            if best is None or key < best[0]:
                best = (key, s)
        if best is not None:
            break
    if best is None:
        return WhyNot(rnd, pair, "incomplete", "C3", f"C3 (Art. {ARTICLES['C3']}): no bracket of the "
                                                     f"top-scoregroup holding {a}-{b} leaves a legal pairing")
    found, s = best
    assert given_key is not None
    if found != given_key:
        i = next(i for i in range(len(SET_ROWS)) if found[i] != given_key[i])
        row = SET_ROWS[i]
        return WhyNot(rnd, pair, "worse" if given_key < found else "better", row,
                      f"{a}-{b} needs the upfloaters {' '.join(map(str, s))} instead of "
                      f"{' '.join(map(str, ups)) or 'none'}: {row} (Art. {ARTICLES[row]}) gives "
                      f"{_set_value(row, found)} against {_set_value(row, given_key)}")
    members = sorted(residents | set(s))
    with_pair = rules_bracket(st, members, top, forced)
    chosen = rules_bracket(st, members, top)
    assert with_pair is not None and chosen is not None
    wv = (sum(c8_of(st, top, x, y) for x, y in with_pair), identifier(with_pair))
    cv = (sum(c8_of(st, top, x, y) for x, y in chosen), identifier(chosen))
    row = "C8" if wv[0] != cv[0] else "3.6.4"
    shown = (str(wv[0]), str(cv[0])) if row == "C8" else (" ".join(map(str, wv[1])), " ".join(map(str, cv[1])))
    boards = tuple(colour_of(st, x, y)[:2] for x, y in with_pair)
    return WhyNot(rnd, pair, "worse" if cv < wv else "better", row,
                  f"with {a}-{b} the bracket is paired {', '.join(f'{x}-{y}' for x, y in with_pair)}: {row} "
                  f"(Art. {ARTICLES[row]}) gives {shown[0]} against {shown[1]}", boards)
