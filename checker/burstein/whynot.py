"""``--why-not A-B`` for a round after the seeding rounds (C.04.4.2, 2026): the pair forced into
the bracket where the higher of the two is paired, and what it costs there by the checker's
reading (:mod:`checker.burstein.search`)."""

from __future__ import annotations

from checker.burstein.check import brackets_of, given_round, pab_choice
from checker.burstein.search import BracketSearch, TooLarge
from checker.burstein.state import facts
from checker.report import WhyNot
from trf.model import Tournament

__all__ = ["why_not"]


def why_not(t: Tournament, rnd: int, a: int, b: int) -> WhyNot:
    """Why players ``a`` and ``b`` (start ranks) are not paired in round ``rnd`` of ``t``."""
    f = facts(t, rnd)
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
