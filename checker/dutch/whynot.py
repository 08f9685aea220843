"""``--why-not A-B``: force a pair into a round and say what it costs.

The answer is one of: the pair is impossible (the absolute criterion it breaks); no complete
pairing containing it was found (C4); it is worse at criterion Cn in some bracket (both values);
it is as good on every criterion but generated later (Art. 3.8); or it is better, in which case
the given pairing itself is wrong.  Each answer also comes as a sentence an arbiter reads to the
players (:attr:`checker.report.WhyNot.sentence`, :mod:`checker.dutch.sentences`).
"""

from __future__ import annotations

from checker.dutch.check import _colour_boards, _named, evaluator, explain
from checker.dutch.compare import compare
from checker.dutch.search import best_of, boards as _boards, compatibility, improve
from checker.dutch.criteria import Evaluator, Mate, describe, pair_breach
from checker.dutch.editions import reading
from checker.dutch.state import given_pairing, mate_of, round_state
from checker.dutch.sentences import Names, breach_sentence, cap, cited, names_of, order_steps, plain_of, verdict_sentence
from checker.report import WhyNot, who
from trf.model import Tournament


def _forced(ev: Evaluator, mate: Mate, a: int, b: int) -> list[Mate]:
    """Complete legal pairings that contain a-b and differ little from ``mate``: a-b plus the two
    abandoned partners paired together (or one of them given the PAB), or re-paired with a third
    board's players."""
    ok = compatibility(ev)
    st = ev.state
    pa, pb = mate.get(a), mate.get(b)
    base = dict(mate)
    base[a], base[b] = b, a
    loose = [x for x in (pa, pb) if x is not None]
    out: list[Mate] = []
    if len(loose) == 2:
        x, y = loose
        if ok(x, y):
            m = dict(base)
            m[x], m[y] = y, x
            out.append(m)
        others = [(u, v) for u, v in _boards(mate, ev) if u not in (a, b, x, y) and v not in (a, b, x, y)]
        for u, v in others:
            for (x1, y1), (x2, y2) in (((x, u), (y, v)), ((x, v), (y, u))):
                if ok(x1, y1) and ok(x2, y2):
                    m = dict(base)
                    m[x1], m[y1], m[x2], m[y2] = y1, x1, y2, x2
                    out.append(m)
        bye = next((u for u, v in mate.items() if v is None), None)
        if bye is not None and bye not in (a, b):
            for stay, leave in ((x, y), (y, x)):
                if ok(bye, stay) and st.players[leave].pab_ban is None:
                    m = dict(base)
                    m[bye], m[stay], m[leave] = stay, bye, None
                    out.append(m)
    elif len(loose) == 1:  # one of a, b had the PAB: the other's partner takes it
        x = loose[0]
        if st.players[x].pab_ban is None:
            m = dict(base)
            m[x] = None
            out.append(m)
        for u, v in _boards(mate, ev):
            if {u, v} & {a, b, x}:
                continue
            for stay, leave in ((u, v), (v, u)):
                if ok(x, stay) and st.players[leave].pab_ban is None:
                    m = dict(base)
                    m[x], m[stay], m[leave] = stay, x, None
                    out.append(m)
    return out


def why_not(t: Tournament, rnd: int, a: int, b: int, rules: str = "2026") -> WhyNot:
    """Force ``a``-``b`` into round ``rnd`` and judge the best pairing found around it against
    the given one, by the edition ``rules`` of C.04.3 (``"2026"`` or ``"2017"``)."""
    rd = reading(rules)
    st = round_state(t, rnd, edition=rd.name)
    g = given_pairing(t, rnd)
    names = names_of(t)
    pair = (a, b)
    x_, y_ = who(a, names), who(b, names)
    for x in (a, b):
        if x not in st.players:
            return WhyNot(rnd, pair, "impossible", None, f"player {x} is not paired in round {rnd} (absent or unknown)",
                          sentence=f"{who(x, names)} is not paired in round {rnd} (absent, or no such player), so "
                                   f"cannot play {y_ if x == a else x_}.")
    if a == b:
        return WhyNot(rnd, pair, "impossible", None, "a player cannot play themself",
                      sentence=f"{x_} cannot play against themself.")
    hit = pair_breach(st, st.players[a], st.players[b])
    if hit is not None:
        name = _named(st, hit[0])
        return WhyNot(rnd, pair, "impossible", name, f"{describe(name)}: {hit[1]}",
                      sentence=breach_sentence(st, st.players[a], st.players[b], name, names)
                      + f", so they cannot be paired in round {rnd}.")
    mate = mate_of(g.boards, g.bye)
    if mate.get(a) == b:
        return WhyNot(rnd, pair, "given", None, f"{a}-{b} is already paired in round {rnd}",
                      sentence=f"{x_} and {y_} are already paired in round {rnd}.")
    ev = evaluator(st, mate)
    cands = _forced(ev, mate, a, b)
    c4 = _named(st, "C4")
    with_pair = f"a pairing with {x_} against {y_}"
    if not cands:
        return WhyNot(rnd, pair, "incomplete", c4,
                      f"{describe(c4)}: no complete pairing with {a}-{b} was found near the given one "
                      "(the abandoned partners cannot be re-paired legally)",
                      sentence=f"{cap(plain_of(c4, rd.name))} ({cited(c4, rd.name)}): with {x_} against {y_}, "
                               f"their opponents in round {rnd} could not both be given another opponent within the "
                               "rules (no complete pairing was found near the given one).")
    best = best_of(ev, cands)
    # the rest of the round re-paired as well as local search can around the forced pair
    best = _polish(ev, best, a, b)
    v = compare(ev, mate, best)
    boards = tuple(_colour_boards(st, best, ev))
    bye = next((u for u, w in best.items() if w is None), None)
    if v is None:
        return WhyNot(rnd, pair, "given", None, "the forced pairing is the given one", boards, bye,
                      sentence=f"With {x_} against {y_} the round is paired as given.")
    if v.winner == "b":
        return WhyNot(rnd, pair, "better", v.criterion,
                      f"a pairing with {a}-{b} is BETTER than the given one: {explain(ev, v)}", boards, bye,
                      sentence=f"{cap(with_pair)} is better than the given one, so the given pairing is wrong. "
                               + verdict_sentence(ev, v, names, mate=mate, this="the given pairing",
                                                  other=with_pair) + ".")
    if v.criterion == "order":
        where = "the round" if v.bracket is None else f"bracket {v.bracket + 1}"
        order = rd.why_not_order
        return WhyNot(rnd, pair, "later", "order",
                      f"with {a}-{b} the round is as good on every criterion, but in {where} the given pairing is "
                      f"generated earlier ({order})", boards, bye,
                      sentence=verdict_sentence(ev, v, names, mate=mate, this="the given pairing",
                                                other=with_pair) + ".")
    return WhyNot(rnd, pair, "worse", v.criterion, f"with {a}-{b}: {explain(ev, v)}", boards, bye,
                  sentence=verdict_sentence(ev, v, names, mate=mate, this="the given pairing", other=with_pair) + ".")


def _polish(ev: Evaluator, mate: Mate, a: int, b: int) -> Mate:
    """Improve the rest of the round by local search while keeping a-b together."""
    polished, _ = improve(ev, mate, rounds=4, frozen=frozenset((a, b)))
    return polished
