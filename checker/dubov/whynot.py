"""``--why-not A-B`` (C.04.4.1, 2026): the pair forced into the bracket where the higher of the two
is paired, and what it costs there by the checker's reading (:mod:`checker.dubov.search`)."""

from __future__ import annotations

from checker.dubov.check import brackets_of, given_round, pab_choice, total_of
from checker.dubov.search import BracketSearch, TooLarge
from checker.dubov.state import complete, facts
from checker.report import WhyNot
from trf.model import Tournament

__all__ = ["why_not"]


def why_not(t: Tournament, rnd: int, a: int, b: int) -> WhyNot:
    """Why players ``a`` and ``b`` (start ranks) are not paired in round ``rnd`` of ``t``."""
    f = facts(t, rnd, total_of(t, None, rnd))
    boards, pab = given_round(t, rnd)
    pair = (a, b)
    for x in (a, b):
        if x not in f.seats:
            return WhyNot(rnd, pair, "impossible", None, f"player {x} is not paired in round {rnd} (absent, a "
                                                         "requested bye, or no such player)")
    if a == b:
        return WhyNot(rnd, pair, "impossible", None, "a player cannot play themselves")
    if any({w, x} == {a, b} for w, x in boards):
        return WhyNot(rnd, pair, "given", None, f"{a}-{b} is paired in round {rnd}")
    if frozenset(pair) in f.met:
        return WhyNot(rnd, pair, "impossible", "C1", f"C1 (Art. 2.1.1): {a} and {b} played each other before")
    if not f.legal(a, b):
        return WhyNot(rnd, pair, "impossible", "C3", f"C3 (Art. 2.1.3): {a} and {b} both have an absolute "
                                                     "preference for the same colour, or the pair is forbidden")
    rules_pab = pab_choice(f)
    if rules_pab in pair:
        return WhyNot(rnd, pair, "worse", "3.1", f"the PAB goes to {rules_pab} (Art. 3.1)")
    opponent: dict[int, int] = {}
    for w, x in boards:
        opponent[w], opponent[x] = x, w
    for k, (score, residents, ups, lower) in enumerate(brackets_of(f, opponent, rules_pab), start=1):
        if a not in residents and b not in residents:
            continue
        hi, lo = (a, b) if a in residents else (b, a)
        search = BracketSearch(f, residents, lower)
        try:
            first = search.first()
        except TooLarge as exc:
            return WhyNot(rnd, pair, "incomplete", None, f"bracket {k} not searched: {exc}")
        if first is None:
            return WhyNot(rnd, pair, "incomplete", "C4", f"bracket {k} cannot be paired (C4)")
        best, _ = first
        forced_ups = [] if lo in residents else [lo]
        others = [p for p in residents if p not in pair]
        # the best the bracket can do with a-b as one of its pairs
        sub = BracketSearch(f, others, [p for p in lower if p != lo])
        try:
            rest = sub.first()
        except TooLarge as exc:
            return WhyNot(rnd, pair, "incomplete", None, f"bracket {k} not searched: {exc}")
        if rest is None or not complete(f, [p for p in lower if p != lo and p not in (rest[1] or ())]):
            return WhyNot(rnd, pair, "worse", "C4", f"C4 (Art. 2.2.1): with {a}-{b} the others cannot all be paired")
        ups_with = list(rest[1]) + forced_ups
        c7 = search.mismatches([pair]) + rest[0].c7
        forced = search.set_value(ups_with, c7)
        rule = forced.first_difference(best)
        if rule is not None and best < forced:
            return WhyNot(rnd, pair, "worse", rule, f"bracket {k}: with {a}-{b}, {forced.show(rule)}; without, "
                                                    f"{best.show(rule)}")
        return WhyNot(rnd, pair, "later", "order", f"bracket {k}: {a}-{b} is as good on C1-C10 but another pairing "
                                                   "comes first in the order of Art. 4")
    return WhyNot(rnd, pair, "incomplete", None, "neither player is in a bracket of the round")
