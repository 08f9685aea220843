"""The top-down lexicographic pairing procedure that the Double-Swiss system (C.04.5) and the
Swiss Team Pairing System (C.04.6) share: their Art. 3.3-3.6 (and the criteria C1-C5 they name)
are the same text but for the word "player" or "team".  Each system keeps its own facts, its
own pair costs (C.04.5: C8; C.04.6: C8, C9, C10), when its float criteria lapse, and its
words; :class:`Procedure` carries them.

The round (Art. 3.3.2 steps 1-3): the PAB first (3.4), then, while entrants are left, the
top-scoregroup with its set of upfloaters (3.5) paired as one bracket (3.6).  No downfloaters:
every resident of the top-scoregroup is paired in its bracket.

Legal pairing (Art. 3.1): no second meeting (C1, Art. 2.1.1; a forfeited match is no meeting,
C.04.2 Art. 3.5), no PAB for a barred entrant (C2, Art. 2.1.2), and the entrants left must
always admit one (C3, Art. 2.2.1).  A later bracket may take upfloaters from anywhere below, so
C3 is: the entrants not yet paired can all be paired among themselves.  Each such question is
one maximum matching on bitsets (:mod:`algorithms.cardinality`), remembered per set.

Upfloater sets (Art. 3.5): for the fewest upfloaters first (C4, Art. 2.3.1: the residents'
parity, then two more at a time), the score profiles from the best (C5, Art. 2.3.2: the
upfloaters' scores in ascending order, highest first), and within a profile the sets in the
order of Art. 3.5.3-3.5.4; of the sets that give a legal pairing of the bracket and leave a
legal pairing of the rest, the first of those that satisfy C6 (Art. 2.3.3) and, among them,
have the fewest previous-round floaters (C7, Art. 2.3.4, unless the system's float criteria
have lapsed).  A number of upfloaters or a profile with no legal set is passed over
(completion outranks quality).

C6 is read as a test: the next scoregroup (what is left of it) can be paired with the fewest
upfloaters its parity needs (none or one) and the rest still completed; it holds when that
scoregroup has been emptied.  Which scoregroup is "next" is the system's reading
(:attr:`Procedure.next_of_field`).

The bracket (Art. 3.6): of the legal pairings, the least total of the system's pair costs, then
the first identifier (top member: the smaller TPN, Art. 3.6.1-3.6.2) -
:func:`algorithms.lexicographic.first_best_pairing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Iterator, Optional

from algorithms.cardinality import bits_of, maximum_matching
from algorithms.lexicographic import first_best, first_best_pairing, ordered_choices, total_cost
from pairing.result import NoLegalPairing

__all__ = ["Entrant", "Procedure", "Bracket", "RoundPlan", "PairCost", "pair_round_plan", "profiles"]

#: The cost of pairing two entrants (TPNs) in a bracket of the given score: the system's
#: bracket criteria, most important first, each a count to minimise (Art. 3.6.4).
PairCost = Callable[[int, int, Fraction], tuple[int, ...]]


@dataclass(frozen=True)
class Entrant:
    """A player (C.04.5) or a team (C.04.6) as the procedure sees it: ``score`` (the score its
    scoregroup is made of: C.04.6 with acceleration, the pairing score), ``played`` (the matches
    played, Art. 3.4.3), ``met`` (the opponents it may not meet again, C1), ``pab_barred`` (C2)
    and ``floated`` (a floater in the previous round, C7)."""

    tpn: int
    score: Fraction
    played: int
    met: frozenset[int]
    pab_barred: bool
    floated: bool


@dataclass(frozen=True)
class Procedure:
    """What a system brings to the shared procedure.

    ``handbook`` (``"C.04.5"``), ``one`` and ``many`` (``"player"``, ``"players"``) and
    ``rematch`` (``"a second meeting"``) word its refusals; ``floats`` says whether C7 applies in
    this round (C.04.5: not in the last round; C.04.6: not in the last two); ``cost`` and
    ``width`` are its bracket criteria (:data:`PairCost`, with the number of its components);
    ``next_of_field``: C6's next scoregroup is the next lower score among all the round's
    entrants (C.04.6; a scoregroup emptied by an earlier bracket counts as emptied) or, when
    false, among those not yet paired (C.04.5, ``docs/double-swiss.md`` D1)."""

    handbook: str
    one: str
    many: str
    rematch: str
    floats: bool
    cost: PairCost
    width: int
    next_of_field: bool


@dataclass(frozen=True)
class Bracket:
    """One bracket as paired: the top-scoregroup's ``score``, its ``residents`` and
    ``upfloaters`` (TPNs), the ``pairs`` (top member, bottom member) in identifier order, the
    totals of the system's pair costs (``cost``), whether C6 held and the C7 count of the set
    chosen."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    cost: tuple[int, ...]
    c6: bool
    c7: int


@dataclass(frozen=True)
class RoundPlan:
    """The round as the procedure of Art. 3 pairs it (before colours): the PAB and the brackets
    in the order they were paired."""

    pab: Optional[int]
    brackets: tuple[Bracket, ...]


def profiles(levels: list[tuple[Fraction, int]], k: int) -> Iterator[tuple[Fraction, ...]]:
    """The score profiles of ``k`` upfloaters (their scores in ascending order) that the lower
    scoregroups ``levels`` (score, number of entrants) allow, best first by C5 (Art. 2.3.2: the
    scores taken in ascending order, maximised lexicographically: the lowest upfloater's score
    as high as it can be, then the next one's, ...)."""
    desc = sorted(levels, key=lambda x: -x[0])
    sizes = [n for _, n in desc]

    def rec(k: int, last: int, used: int) -> Iterator[tuple[Fraction, ...]]:
        # the next score at or above the previous one (index <= last), the highest first
        if k == 0:
            yield ()
            return
        for i in range(last + 1):
            taken = used if i == last else 0
            if taken >= sizes[i] or sum(sizes[:i]) + sizes[i] - taken - 1 < k - 1:
                continue
            for tail in rec(k - 1, i, taken + 1):
                yield (desc[i][0],) + tail

    yield from rec(k, len(desc) - 1, 0)


class _Field:
    """The entrants of the round as bitsets: who may meet whom (C1 and forbidden pairs) and
    whether a set of them can all be paired (one maximum matching, remembered)."""

    def __init__(self, entrants: dict[int, Entrant], forbidden: frozenset[frozenset[int]]) -> None:
        self.tpns = sorted(entrants)
        self.index = {tpn: i for i, tpn in enumerate(self.tpns)}
        n = len(self.tpns)
        self.adj = [0] * n
        for i, a in enumerate(self.tpns):
            for j in range(i + 1, n):
                b = self.tpns[j]
                if b not in entrants[a].met and frozenset((a, b)) not in forbidden:
                    self.adj[i] |= 1 << j
                    self.adj[j] |= 1 << i
        self._pairable: dict[int, bool] = {0: True}

    def mask(self, tpns: Iterable[int]) -> int:
        """The bitset of the entrants ``tpns``."""
        out = 0
        for tpn in tpns:
            out |= 1 << self.index[tpn]
        return out

    def members(self, mask: int) -> list[int]:
        """The TPNs of the bitset ``mask``, ascending."""
        return [self.tpns[i] for i in bits_of(mask)]

    def may_meet(self, a: int, b: int) -> bool:
        """C1 and the forbidden pairs (``260``) between the entrants ``a`` and ``b``."""
        return self.adj[self.index[a]] >> self.index[b] & 1 == 1

    def pairable(self, mask: int) -> bool:
        """Whether the entrants of ``mask`` can all be paired among themselves (C1)."""
        got = self._pairable.get(mask)
        if got is None:
            if bin(mask).count("1") % 2:
                got = False
            else:
                mate = maximum_matching(self.adj, mask)
                got = all(mate[v] >= 0 for v in bits_of(mask))
            self._pairable[mask] = got
        return got


def pair_round_plan(entrants: dict[int, Entrant], procedure: Procedure,
                    forbidden: frozenset[frozenset[int]] = frozenset()) -> RoundPlan:
    """Pair the entrants (Art. 3.3.2 steps 1-3; module docstring).  Raises
    :class:`~pairing.result.NoLegalPairing` when no complete legal pairing exists (Art. 3.3.3:
    the Chief Arbiter decides)."""
    field = _Field(entrants, forbidden)
    everyone = field.mask(entrants)
    pab = None
    if len(entrants) % 2:
        pab = _choose_pab(entrants, field, everyone, procedure)
        remaining = everyone & ~field.mask([pab])
    else:
        remaining = everyone
        if not field.pairable(remaining):
            raise NoLegalPairing(f"no pairing of all the {procedure.many} avoids {procedure.rematch} "
                                 f"({procedure.handbook} Art. 2.1.1, 3.3.3)", tuple(sorted(entrants)))
    scores = sorted({e.score for e in entrants.values()}, reverse=True)
    brackets = []
    while remaining:
        bracket = _pair_top_scoregroup(entrants, field, remaining, scores, procedure)
        brackets.append(bracket)
        remaining &= ~field.mask(bracket.residents + bracket.upfloaters)
    return RoundPlan(pab, tuple(brackets))


def _choose_pab(entrants: dict[int, Entrant], field: _Field, everyone: int, procedure: Procedure) -> int:
    """The PAB (Art. 3.4): among the entrants C2 does not bar, the first that leaves a legal
    pairing of all the others (3.4.1), by the lowest score (3.4.2), the most matches played
    (3.4.3), the largest TPN (3.4.4)."""
    candidates = sorted((e for e in entrants.values() if not e.pab_barred),
                        key=lambda e: (e.score, -e.played, -e.tpn))
    for e in candidates:
        if field.pairable(everyone & ~field.mask([e.tpn])):
            return e.tpn
    raise NoLegalPairing(f"no {procedure.one} can receive the pairing-allocated bye and leave a legal pairing of the "
                         f"others ({procedure.handbook} Art. 2.1.2, 3.4.1, 3.3.3)", tuple(sorted(entrants)))


def _pair_top_scoregroup(entrants: dict[int, Entrant], field: _Field, remaining: int, scores: list[Fraction],
                         procedure: Procedure) -> Bracket:
    """The top-scoregroup of ``remaining``, its upfloaters (Art. 3.5) and its pairing (Art. 3.6)."""
    left = field.members(remaining)
    top = max(entrants[x].score for x in left)
    residents = [x for x in left if entrants[x].score == top]
    lower: dict[Fraction, list[int]] = {}
    for x in left:
        if entrants[x].score < top:
            lower.setdefault(entrants[x].score, []).append(x)
    if procedure.next_of_field:
        following = next((s for s in scores if s < top), None)
    else:
        following = max(lower) if lower else None
    res_mask = field.mask(residents)
    n_lower = sum(len(v) for v in lower.values())

    def c6(rest: int) -> bool:
        """C6 (Art. 2.3.3): the next scoregroup (what is left of it) pairable with the fewest
        upfloaters its parity needs, the rest completed; true when it has been emptied."""
        if following is None:
            return True
        group = [x for x in field.members(rest) if entrants[x].score == following]
        if not group:
            return True
        gmask = field.mask(group)
        options = [0] if len(group) % 2 == 0 else [1 << field.index[x] for x in field.members(rest)
                                                   if entrants[x].score < following]
        return any(field.pairable(gmask | up) and field.pairable(rest & ~(gmask | up)) for up in options)

    def judge(chosen: tuple[int, ...]) -> Optional[tuple[int, int]]:
        bmask = res_mask | field.mask(chosen)
        if not field.pairable(bmask):
            return None                                  # no legal pairing of the bracket (C1)
        rest = remaining & ~bmask
        if not field.pairable(rest):
            return None                                  # C3
        c7 = sum(entrants[x].floated for x in chosen) if procedure.floats else 0
        return (0 if c6(rest) else 1, c7)

    for k in range(len(residents) % 2, n_lower + 1, 2):                              # C4
        for profile in profiles([(s, len(v)) for s, v in lower.items()], k):         # C5
            counts: dict[Fraction, int] = {}
            for s in profile:
                counts[s] = counts.get(s, 0) + 1
            groups = [(tuple(lower[s]), counts[s]) for s in sorted(counts, reverse=True)]  # 3.5.3
            floor = 0 if not procedure.floats else sum(
                max(0, c - sum(1 for x in lower[s] if not entrants[x].floated)) for s, c in counts.items())
            best = first_best(ordered_choices(groups), judge, (0, floor))            # 3.5.4-3.5.5
            if best is None:
                continue
            chosen, (c6_fails, c7) = best
            return _bracket(residents, chosen, top, field, procedure, c6=not c6_fails, c7=c7)
    raise NoLegalPairing(f"the top-scoregroup {' '.join(map(str, residents))} cannot be paired with any set of "
                         f"upfloaters ({procedure.handbook} Art. 3.5, 3.3.3)", tuple(residents))


def _bracket(residents: list[int], upfloaters: tuple[int, ...], score: Fraction, field: _Field,
             procedure: Procedure, *, c6: bool, c7: int) -> Bracket:
    """The bracket paired by Art. 3.6 (module docstring)."""
    members = sorted(residents + list(upfloaters))

    def cost(a: int, b: int) -> tuple[int, ...]:
        return procedure.cost(a, b, score)

    pairs = first_best_pairing(members, field.may_meet, cost)
    assert pairs is not None, "the set was chosen for a legal pairing"
    return Bracket(score, tuple(residents), tuple(upfloaters), pairs, total_cost(pairs, cost, procedure.width),
                   c6, c7)
