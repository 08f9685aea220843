"""The round's decisions, one at a time, judged against the alternatives the rules rank higher.

C.04.6 pairs a round top-down (Art. 3.3.2): the PAB first (Art. 3.4), then, while teams remain,
the top-scoregroup with the set of upfloaters Art. 3.5 chooses, paired by Art. 3.6.  The given
pairing shows each decision: the PAB, and for each top-scoregroup its residents' opponents from
lower scoregroups (the upfloaters) and its pairs.  Each decision is judged here by comparing it
with every alternative of the same step on the rows of :mod:`checker.team.criteria`:

* the PAB (:func:`judge_pab`): every team [C2] allows, ranked by Art. 3.4.2-3.4.4, the first that
  leaves the others pairable (3.4.1);
* the upfloaters (:class:`Upfloaters`, :func:`judge_set`): every set of lower teams of the right
  parity, grouped by their number ([C4]) and scores ([C5]), each tested for a legal bracket and a
  pairable rest ([C3]); among the legal sets of the first such group, [C6], [C7], then the
  lexicographic order of Art. 3.5.4;
* the bracket's pairing (:func:`judge_pairing`): the least value a pairing of the bracket can
  have on [C8]-[C10] (a weighted matching), then, among the pairings with that value, the first
  in identifier order (Art. 3.6.2-3.6.3), found one decision at a time - each team a top member
  if it can be, then each top member's smallest opponent - where every decision is tested by a
  matching restricted to it, or by a pairing already known to satisfy it.

The given set of upfloaters is read as the residents' opponents from lower scoregroups: any set
the rules choose pairs each upfloater with a resident (a pair of two upfloaters could leave the
bracket, and [C4] prefers the smaller set), so the given pairing holds no other reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Callable, Iterator

from checker.team.criteria import (ORDER, PAB_ROWS, PAIR_ROWS, SET_ORDER, SET_ROWS, Criterion, SetContext,
                                   pair_cost, upfloater_order)
from checker.team.graph import MeetGraph, least_cost
from checker.team.state import RoundState

__all__ = ["Pair", "Decision", "judge_pab", "rules_pab", "Upfloaters", "judge_set", "first_set", "value_of",
           "judge_pairing", "best_pairing", "pairs_text", "identifier", "normal", "show_score", "SET_LIMIT"]

Pair = tuple[int, int]

#: sets of upfloaters examined at most in one group of [C4]/[C5] (beyond: the report says so)
SET_LIMIT = 20000


# --------------------------------------------------------------------------- words


def show_score(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def normal(pairs: list[Pair] | tuple[Pair, ...]) -> tuple[Pair, ...]:
    """Pairs as (top member, bottom member) (Art. 3.6.1: the smaller TPN on top), in the order of
    their top members."""
    return tuple(sorted((min(a, b), max(a, b)) for a, b in pairs))


def identifier(pairs: tuple[Pair, ...]) -> tuple[int, ...]:
    """Art. 3.6.2: the top members ascending, then their opponents in the same order."""
    p = normal(pairs)
    return tuple(a for a, _ in p) + tuple(b for _, b in p)


def pairs_text(pairs: tuple[Pair, ...] | list[Pair]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in normal(pairs)) or "(none)"


def _teams_text(st: RoundState, teams: tuple[int, ...] | list[int]) -> str:
    if not teams:
        return "none"
    return ", ".join(f"{t} (score {show_score(st.score(t))})" for t in teams)


def _first_difference(rows: list[Criterion], a: tuple[object, ...], b: tuple[object, ...]) -> int:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return len(rows) - 1


@dataclass(frozen=True)
class Decision:
    """A step where the rules choose otherwise than the given pairing: the row that decides
    (``criterion``), the reason in words, the given and preferred values, the bracket pairing the
    rules prefer (``alternative``, as (top, bottom) pairs; empty for the PAB), the set of
    upfloaters they prefer (``alternative_set``) and the team they give the PAB
    (``alternative_pab``)."""

    criterion: Criterion
    message: str
    given: str
    better: str
    alternative: tuple[Pair, ...] = ()
    alternative_set: tuple[int, ...] | None = None
    alternative_pab: int | None = None


# --------------------------------------------------------------------------- the PAB (Art. 3.4)


def pab_value(st: RoundState, row: Criterion, t: int) -> str:
    """Team ``t``'s value on the PAB rule ``row`` (Art. 3.4.2-3.4.4) in words."""
    if row.name == "3.4.2":
        return f"score {show_score(st.score(t))}"
    if row.name == "3.4.3":
        return f"{st.teams[t].played} match(es) played"
    return f"TPN {t}"


def rules_pab(st: RoundState, graph: MeetGraph, teams: frozenset[int]) -> int | None:
    """Art. 3.4: among the teams [C2] allows, ranked by 3.4.2-3.4.4, the first that leaves the
    others pairable (3.4.1); ``None``: none does (Art. 3.3.3)."""
    ranked = sorted((t for t in teams if st.teams[t].pab_bar is None),
                    key=lambda t: tuple(r.measure(st, t) for r in PAB_ROWS if r.measure is not None))
    return next((t for t in ranked if graph.pairable(teams - {t})), None)


def judge_pab(st: RoundState, graph: MeetGraph, teams: frozenset[int], given: int) -> Decision | None:
    """The given PAB against Art. 3.4's choice among ``teams`` (all the round's teams)."""
    chosen = rules_pab(st, graph, teams)
    if chosen is None or chosen == given:
        return None
    if not graph.pairable(teams - {given}):
        r = PAB_ROWS[0]
        return Decision(r, f"{r.label}: the PAB goes to a team that {r.words}: team {chosen}, not the given team "
                           f"{given}, after whose bye the other teams cannot all be paired", f"team {given}",
                        f"team {chosen}", alternative_pab=chosen)
    for r in PAB_ROWS[1:]:
        assert r.measure is not None
        if r.measure(st, chosen) != r.measure(st, given):
            return Decision(r, f"{r.label}: the PAB goes to the team that {r.words}: team {chosen} "
                               f"({pab_value(st, r, chosen)}), not the given team {given} "
                               f"({pab_value(st, r, given)})",
                            f"team {given} ({pab_value(st, r, given)})",
                            f"team {chosen} ({pab_value(st, r, chosen)})", alternative_pab=chosen)
    raise AssertionError("two teams with the same TPN")


# --------------------------------------------------------------------------- the upfloaters (Art. 3.5)


class Upfloaters:
    """The choice of upfloaters for the top-scoregroup of ``unpaired`` (the teams not yet paired,
    the PAB excluded): its residents, the lower teams by score, and the rows that rank sets."""

    def __init__(self, st: RoundState, graph: MeetGraph, unpaired: frozenset[int]) -> None:
        """``graph`` holds every team of the round (the PAB's too): their scores are the round's
        scoregroups, some of which earlier brackets may have emptied."""
        self.st = st
        self.graph = graph
        self.unpaired = unpaired
        self.score = max(st.score(t) for t in unpaired)
        self.residents = tuple(sorted(t for t in unpaired if st.score(t) == self.score))
        lower: dict[Fraction, list[int]] = {}
        for t in sorted(unpaired):
            if st.score(t) < self.score:
                lower.setdefault(st.score(t), []).append(t)
        #: the lower scoregroups, highest first: (score, TPNs ascending)
        self.levels = sorted(((s, tuple(ts)) for s, ts in lower.items()), reverse=True)
        #: the scoregroup following the top-scoregroup among the round's teams (Art. 2.3.3)
        self.following = max((st.score(t) for t in graph.teams if st.score(t) < self.score), default=None)
        self.rows = [r for r in SET_ROWS if r.applies(st)] + [SET_ORDER]
        self.ctx = SetContext(st, self.score, self.c6)
        self.truncated = False
        self._c6: dict[tuple[int, ...], int] = {}

    # ---- what a set is worth
    def legal(self, members: tuple[int, ...]) -> bool:
        """The bracket (residents and ``members``) can be paired by [C1], and the teams left can
        still all be paired ([C3] Art. 2.2.1)."""
        bracket = set(self.residents) | set(members)
        return self.graph.pairable(bracket) and self.graph.pairable(self.unpaired - bracket)

    def c6(self, members: tuple[int, ...]) -> int:
        """[C6] Art. 2.3.3: 0 when the scoregroup following the top-scoregroup (the next lower score
        among the round's teams) is empty, its teams having become upfloaters in this set or an
        earlier bracket, or can be paired in its own bracket with the fewest upfloaters its size
        allows ([C4]: none when even, one when odd) by [C1] and [C3]; 1 otherwise."""
        key = tuple(sorted(members))
        if key in self._c6:
            return self._c6[key]
        self._c6[key] = value = self._c6_value(set(members))
        return value

    def _c6_value(self, members: set[int]) -> int:
        if self.following is None:
            return 0
        next_score = self.following
        left = [t for t in self.unpaired - members if self.st.score(t) == next_score]
        if not left:
            return 0  # emptied: its teams became upfloaters (here or in an earlier bracket)
        rest = self.unpaired - set(self.residents) - members
        below = sorted(t for t in rest if self.st.score(t) < next_score)
        extra: list[tuple[int, ...]] = [()] if len(left) % 2 == 0 else [(x,) for x in below]
        for up in extra:
            bracket = set(left) | set(up)
            if self.graph.pairable(bracket) and self.graph.pairable(rest - bracket):
                return 0
        return 1

    def key(self, members: tuple[int, ...]) -> tuple[object, ...]:
        """The set's value on each row in force, then its place in Art. 3.5.4's order."""
        return tuple(r.measure(self.ctx, members) for r in self.rows if r.measure is not None)

    # ---- the sets, in the order of the rows
    def groups(self, most: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """The groups of sets of up to ``most`` upfloaters with the parity the residents need,
        best first by [C4] then [C5]: each as (how many to take from each lower scoregroup, size).
        Produced one size at a time: a caller that stops early never builds the larger ones."""
        sizes = [len(ts) for _, ts in self.levels]

        def spread(k: int, i: int) -> Iterator[tuple[int, ...]]:
            if i == len(sizes):
                if k == 0:
                    yield ()
                return
            for c in range(min(sizes[i], k) + 1):
                for tail in spread(k - c, i + 1):
                    yield (c,) + tail

        for k in range(len(self.residents) % 2, most + 1, 2):
            ranked = []
            for counts in spread(k, 0):
                scores = sorted(s for (s, _), c in zip(self.levels, counts) for _ in range(c))
                ranked.append((tuple(-s for s in scores), counts))
            ranked.sort()
            for _, counts in ranked:
                yield counts, k

    def sets(self, counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The sets taking ``counts[i]`` teams of the i-th lower scoregroup, in the lexicographic
        order of Art. 3.5.3-3.5.4 (upfloaters by descending score, then ascending TPN)."""
        choices = [list(combinations(ts, c)) for (_, ts), c in zip(self.levels, counts)]
        for parts in product(*choices):
            yield tuple(t for part in parts for t in part)

    def best(self, counts: tuple[int, ...], accept: Callable[[tuple[int, ...]], bool] | None = None
             ) -> tuple[tuple[int, ...], tuple[object, ...]] | None:
        """The legal set of the group that the rows rank first (``None``: no legal set); with
        ``accept``, among the sets it accepts (instead of the legal ones)."""
        found: tuple[tuple[int, ...], tuple[object, ...]] | None = None
        floor = len(self.rows) - 1  # the order row
        for seen, members in enumerate(self.sets(counts)):
            if seen >= SET_LIMIT:
                self.truncated = True
                break
            if not (accept(members) if accept is not None else self.legal(members)):
                continue
            k = self.key(members)
            if found is None or k < found[1]:
                found = (members, k)
            # C6 and C7 at 0: no later set of the group can come first
            if all(v == 0 for v in k[2:floor]):
                break
        return found


def first_set(up: Upfloaters, accept: Callable[[tuple[int, ...]], bool]
              ) -> tuple[tuple[int, ...], tuple[object, ...]] | None:
    """The set the rows rank first among those ``accept`` admits, of any size."""
    lower = sum(len(ts) for _, ts in up.levels)
    for counts, _ in up.groups(lower):
        found = up.best(counts, accept)
        if found is not None:
            return found
    return None


def judge_set(up: Upfloaters, given: tuple[int, ...]) -> tuple[Decision | None, tuple[int, ...]]:
    """The given upfloaters against Art. 3.5's choice: the decision (``None``: the same set) and
    the set the rules choose."""
    st = up.st
    given = upfloater_order(st, given)
    gkey = up.key(given)
    for counts, _ in up.groups(len(given)):
        best = up.best(counts)
        if best is None:
            continue  # no legal set in this group: the next one by [C4], [C5]
        members, bkey = best
        if members == given or bkey > gkey:
            return None, given  # (bkey > gkey only when the examination was cut short)
        i = _first_difference(up.rows, bkey, gkey)
        r = up.rows[i]
        paired = best_pairing(st, up.residents + members, up.score)
        alternative = paired[0] if paired is not None else ()
        return Decision(r, _set_message(up, r, members, given) + f" (the rules' bracket: {pairs_text(alternative)})",
                        _set_value(up, r, given), _set_value(up, r, members), alternative, members), members
    return None, given


def _set_value(up: Upfloaters, r: Criterion, members: tuple[int, ...]) -> str:
    st = up.st
    names = ", ".join(map(str, members)) or "none"
    if r.name == "C4":
        return f"{len(members)} upfloater(s) ({names})"
    if r.name == "C5":
        return f"upfloaters {_teams_text(st, members)}"
    if r.name == "C6":
        return f"upfloaters {names}: next scoregroup " + ("pairable" if up.c6(members) == 0 else "not pairable")
    if r.name == "C7":
        floated = [t for t in members if st.teams[t].floated]
        return f"upfloaters {names}: {len(floated)} floated in the previous round" + (
            f" ({', '.join(map(str, floated))})" if floated else "")
    return f"upfloaters {names}"


def _set_message(up: Upfloaters, r: Criterion, members: tuple[int, ...], given: tuple[int, ...]) -> str:
    st = up.st
    where = f"bracket of score {show_score(up.score)} (residents {', '.join(map(str, up.residents))})"
    if r.name == "C4":
        return (f"{r.label} in the {where}: {r.words}: {len(members)} upfloater(s) "
                f"({', '.join(map(str, members)) or 'none'}) give a legal bracket and leave the other teams "
                f"pairable; the given bracket takes {len(given)} ({', '.join(map(str, given))})")
    if r.name == "C5":
        return (f"{r.label} in the {where}: {r.words}: upfloaters {_teams_text(st, members)} can be taken; "
                f"the given ones are {_teams_text(st, given)}")
    if r.name == "C6":
        nxt = show_score(up.following) if up.following is not None else "?"
        return (f"{r.label} in the {where}: with upfloaters {', '.join(map(str, members))} the next scoregroup "
                f"(score {nxt}) can still be paired in its own bracket; with the given "
                f"{', '.join(map(str, given))} it cannot")
    if r.name == "C7":
        return (f"{r.label} in the {where}: {r.words}: {_set_value(up, r, members)}; given "
                f"{_set_value(up, r, given)}")
    return (f"{r.label} in the {where}: upfloaters {', '.join(map(str, members))} and the given "
            f"{', '.join(map(str, given))} are equal on C4-C7, and {', '.join(map(str, members))} comes first "
            f"in lexicographic order")


# --------------------------------------------------------------------------- the bracket's pairing (Art. 3.6)


def _rows(st: RoundState) -> tuple[Criterion, ...]:
    return tuple(r for r in PAIR_ROWS if r.applies(st))


def value_of(st: RoundState, score: Fraction, pairs: tuple[Pair, ...] | list[Pair]) -> tuple[int, ...]:
    """The pairing's value on each pair row in force, added over its pairs."""
    rows = _rows(st)
    total = [0] * len(rows)
    for a, b in pairs:
        for i, x in enumerate(pair_cost(st, score, a, b, rows)):
            total[i] += x
    return tuple(total)


def best_pairing(st: RoundState, teams: list[int] | tuple[int, ...], score: Fraction,
                 known: tuple[tuple[Pair, ...], ...] = (),
                 allowed: Callable[[int, int], bool] | None = None) -> tuple[tuple[Pair, ...], tuple[int, ...]] | None:
    """Art. 3.6.4: the first pairing of ``teams``, in identifier order, among those of least value
    on [C8]-[C10] (``allowed`` may forbid pairs beyond [C1]); with its value.  ``known`` pairings
    spare matchings when they satisfy a decision.  ``None``: the teams cannot be paired."""
    rows = _rows(st)
    order = sorted(teams)
    may: Callable[[int, int], bool] = allowed or (lambda a, b: True)

    def cost(a: int, b: int) -> tuple[int, ...]:
        return pair_cost(st, score, a, b, rows)

    def legal(a: int, b: int) -> bool:
        return st.may_meet(a, b) and may(a, b)

    found = least_cost(order, cost, legal, len(rows))
    if found is None:
        return None
    target, witness = found
    witnesses = [normal(w) for w in known if all(legal(a, b) for a, b in w)
                 and value_of(st, score, w) == target] + [normal(witness)]
    role: dict[int, str] = {}
    fixed: dict[int, int] = {}

    def ok(a: int, b: int) -> bool:  # a < b
        if not legal(a, b) or role.get(a) == "bottom" or role.get(b) == "top":
            return False
        return fixed.get(a, b) == b and fixed.get(b, a) == a

    def feasible() -> bool:
        if any(all(ok(a, b) for a, b in w) for w in witnesses):
            return True
        got = least_cost(order, cost, ok, len(rows))
        if got is None or got[0] != target:
            return False
        witnesses.append(normal(got[1]))
        return True

    # the top members: each team, smallest TPN first, is one if a least-valued pairing allows it
    for t in order:
        role[t] = "top"
        if not feasible():
            role[t] = "bottom"
    tops = [t for t in order if role[t] == "top"]
    # then each top member, in order, meets the smallest bottom member that still allows one
    for t in tops:
        for b in order:
            if b <= t or role[b] != "bottom" or b in fixed or not legal(t, b):
                continue
            fixed[t], fixed[b] = b, t
            if feasible():
                break
            del fixed[t], fixed[b]
    result = normal([(t, fixed[t]) for t in tops])
    return result, target


def judge_pairing(st: RoundState, teams: tuple[int, ...], score: Fraction,
                  given: tuple[Pair, ...]) -> tuple[Decision | None, tuple[Pair, ...]]:
    """The given pairing of a bracket against Art. 3.6.4's choice: the decision (``None``: the same
    pairing) and the pairing the rules choose."""
    given = normal(given)
    found = best_pairing(st, teams, score, (given,))
    if found is None:
        return None, given
    best, target = found
    if best == given:
        return None, given
    rows = _rows(st)
    gvalue = value_of(st, score, given)
    where = f"bracket of score {show_score(score)} ({', '.join(map(str, sorted(teams)))})"
    for r, g, b in zip(rows, gvalue, target):
        if g != b:
            return Decision(r, f"{r.label} in the {where}: {pairs_text(best)} leaves {b} {r.counted}; the given "
                               f"{pairs_text(given)} leaves {g}", f"{pairs_text(given)}: {g}",
                            f"{pairs_text(best)}: {b}", alternative=best), best
    ident_b = " ".join(map(str, identifier(best)))
    ident_g = " ".join(map(str, identifier(given)))
    shown = ", ".join(f"{r.name} {v}" for r, v in zip(rows, target)) or "no criterion in force"
    return Decision(ORDER, f"{ORDER.label} in the {where}: {pairs_text(best)} and the given {pairs_text(given)} "
                           f"are equal on C8-C10 ({shown}), and {pairs_text(best)} comes first in identifier "
                           f"order ({ident_b} before {ident_g})", f"identifier {ident_g}",
                    f"identifier {ident_b}", alternative=best), best
