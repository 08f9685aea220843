"""``--why-not A-B`` for a round after the seeding rounds (C.04.4.2, 2026): the pair forced into
the bracket where the higher of the two is paired, and what it costs there by the checker's
reading (:mod:`checker.burstein.search`)."""

from __future__ import annotations

from checker.burstein.check import brackets_of, given_round, pab_choice
from checker.burstein.search import BracketSearch, TooLarge
from checker.burstein.state import facts
from checker.report import WhyNot
from checker.swiss_round import opponents, why_not_before_brackets
from trf.model import Tournament

__all__ = ["why_not"]


def why_not(t: Tournament, rnd: int, a: int, b: int) -> WhyNot:
    """Why players ``a`` and ``b`` (start ranks) are not paired in round ``rnd`` of ``t``."""
    f = facts(t, rnd)
    boards, pab = given_round(t, rnd)
    pair = (a, b)
    answer, rules_pab = why_not_before_brackets(f, rnd, a, b, boards, lambda: pab_choice(f))
    if answer is not None:
        return answer
    opponent = opponents(boards)
    for k, (score, members, nxt, rest) in enumerate(brackets_of(f, opponent, rules_pab), start=1):
        inside = set(members)
        if a not in inside and b not in inside:
            continue
        search = BracketSearch(f, members, nxt, rest)
        try:
            best = search.best()
            if a in inside and b in inside:
                forced = search.best(forced=pair)
            else:
                top = a if a in inside else b
                forced = search.best(floating=top)
        except TooLarge as exc:
            return WhyNot(rnd, pair, "incomplete", None, f"bracket {k} not searched: {exc}")
        if best is None or forced is None:
            return WhyNot(rnd, pair, "incomplete", "C4", f"C4 (Art. 2.2.1): with {a}-{b} the players below cannot "
                                                         "all be paired")
        rule = forced[0].first_difference(best[0])
        if rule is None and not (a in inside and b in inside):
            continue  # the higher one may float at no cost: judged where both meet
        if rule is not None:
            return WhyNot(rnd, pair, "worse", rule, f"bracket {k}: with {a}-{b}, {forced[0].show(rule)}; without, "
                                                    f"{best[0].show(rule)}")
        return WhyNot(rnd, pair, "later", "order", f"bracket {k}: {a}-{b} is as good on C1-C8 but comes later in "
                                                   "the order of Art. 4")
    return WhyNot(rnd, pair, "incomplete", None, "neither player is in a bracket of the round")
