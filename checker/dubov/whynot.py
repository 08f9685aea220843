"""``--why-not A-B`` (C.04.4.1, 2026): the pair forced into the bracket where the higher of the two
is paired, and what it costs there by the checker's reading (:mod:`checker.dubov.search`)."""

from __future__ import annotations

from checker.dubov.check import brackets_of, given_round, pab_choice, total_of
from checker.dubov.search import BracketSearch, TooLarge
from checker.dubov.state import complete, facts
from checker.report import WhyNot
from checker.swiss_round import opponents, why_not_before_brackets
from trf.model import Tournament

__all__ = ["why_not"]


def why_not(t: Tournament, rnd: int, a: int, b: int) -> WhyNot:
    """Why players ``a`` and ``b`` (start ranks) are not paired in round ``rnd`` of ``t``."""
    f = facts(t, rnd, total_of(t, None, rnd))
    boards, pab = given_round(t, rnd)
    pair = (a, b)
    answer, rules_pab = why_not_before_brackets(f, rnd, a, b, boards, lambda: pab_choice(f))
    if answer is not None:
        return answer
    opponent = opponents(boards)
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
