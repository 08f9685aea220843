"""The pairing procedure of the Double-Swiss system (C.04.5 Art. 3): the PAB first (3.4), then,
while players are left, the top-scoregroup with its set of upfloaters (3.5) paired as one
bracket (3.6).  No downfloaters: every resident of the top-scoregroup is paired in its bracket.

Legal pairing (Art. 3.1): no second meeting (C1, Art. 2.1.1; a match forfeited on both games is
no meeting), no PAB for a barred player (C2, Art. 2.1.2), and the players left must always admit
a legal pairing (C3, Art. 2.2.1).  A later bracket may take upfloaters from anywhere below, so C3
is: the players not yet paired can all be paired among themselves.  Each such question is one
maximum matching on bitsets (:mod:`algorithms.cardinality`), remembered per set of players.

Upfloater sets (Art. 3.5): for the fewest upfloaters first (C4, Art. 2.3.1: the residents'
parity, then two more at a time), the score profiles from the best (C5, Art. 2.3.2: the
upfloaters' scores in ascending order, highest first), and within a profile the sets in the
order of Art. 3.5.3-3.5.4; of the sets that give a legal pairing of the bracket and leave a
legal pairing of the rest, the first of those that satisfy C6 (Art. 2.3.3) and, among them,
have the fewest previous-round floaters (C7, Art. 2.3.4, not in the last round).  A number of
upfloaters or a profile with no legal set is passed over (completion outranks quality).

C6 is read as a test (``docs/double-swiss.md``, D1): the next scoregroup (the highest score
below the top-scoregroup among the players not yet paired; what this set leaves of it) can be
paired with the fewest upfloaters its parity needs (none or one) and the rest still completed;
it holds when the set takes all of it.

The bracket (Art. 3.6): of the legal pairings the fewest C8 (Art. 2.3.5, not in the last round:
each upfloater's opponent that floated in the previous round, also an opponent that is an
upfloater itself, D3), then the first identifier (top member: the smaller TPN, Art.
3.6.1-3.6.2) - :func:`algorithms.lexicographic.first_best_pairing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Iterator, Optional

from algorithms.cardinality import bits_of, maximum_matching
from algorithms.lexicographic import first_best, first_best_pairing, ordered_choices, total_cost
from pairing.double_swiss.state import PlayerState, RoundSettings
from pairing.result import NoLegalPairing

__all__ = ["Bracket", "RoundPlan", "pair_players", "pair_cost", "profiles"]


@dataclass(frozen=True)
class Bracket:
    """One bracket as paired: the top-scoregroup's ``score``, its ``residents`` and
    ``upfloaters`` (TPNs), the ``pairs`` (top member, bottom member) in identifier order, the C8
    total, whether C6 held and the C7 count of the set chosen."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    c8: int
    c6: bool
    c7: int


@dataclass(frozen=True)
class RoundPlan:
    """The round as the procedure of Art. 3 pairs it (before colours): the PAB and the brackets
    in the order they were paired."""

    pab: Optional[int]
    brackets: tuple[Bracket, ...]


def pair_cost(a: PlayerState, b: PlayerState, bracket_score: Fraction, settings: RoundSettings) -> int:
    """C8 (Art. 2.3.5) of the pair ``a``-``b`` in a bracket of ``bracket_score``: for each
    upfloater of the pair, whether its opponent floated in the previous round (not in the last
    round)."""
    if settings.last_round:
        return 0
    return sum(int(opp.floated) for p, opp in ((a, b), (b, a)) if p.score < bracket_score)


def profiles(levels: list[tuple[Fraction, int]], k: int) -> Iterator[tuple[Fraction, ...]]:
    """The score profiles of ``k`` upfloaters (their scores in ascending order) that the lower
    scoregroups ``levels`` (score, number of players) allow, best first by C5 (Art. 2.3.2: the
    lowest upfloater's score as high as it can be, then the next one's, ...)."""
    desc = sorted(levels, key=lambda x: -x[0])
    sizes = [n for _, n in desc]

    def rec(k: int, last: int, used: int) -> Iterator[tuple[Fraction, ...]]:
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
    """The players of the round as bitsets: who may meet whom (C1, forbidden pairs) and whether
    a set of them can all be paired (one maximum matching, remembered)."""

    def __init__(self, players: dict[int, PlayerState], forbidden: frozenset[frozenset[int]]) -> None:
        self.tpns = sorted(players)
        self.index = {tpn: i for i, tpn in enumerate(self.tpns)}
        n = len(self.tpns)
        self.adj = [0] * n
        for i, a in enumerate(self.tpns):
            met = players[a].met
            for j in range(i + 1, n):
                b = self.tpns[j]
                if b not in met and frozenset((a, b)) not in forbidden:
                    self.adj[i] |= 1 << j
                    self.adj[j] |= 1 << i
        self._pairable: dict[int, bool] = {0: True}

    def mask(self, tpns: Iterable[int]) -> int:
        out = 0
        for tpn in tpns:
            out |= 1 << self.index[tpn]
        return out

    def members(self, mask: int) -> list[int]:
        return [self.tpns[i] for i in bits_of(mask)]

    def pairable(self, mask: int) -> bool:
        """Whether the players of ``mask`` can all be paired among themselves (C1)."""
        got = self._pairable.get(mask)
        if got is None:
            if bin(mask).count("1") % 2:
                got = False
            else:
                mate = maximum_matching(self.adj, mask)
                got = all(mate[v] >= 0 for v in bits_of(mask))
            self._pairable[mask] = got
        return got


def pair_players(players: dict[int, PlayerState], settings: RoundSettings,
                 forbidden: frozenset[frozenset[int]] = frozenset()) -> RoundPlan:
    """Pair the players (C.04.5 Art. 3.3.2 steps 1-3; module docstring).  Raises
    :class:`~pairing.result.NoLegalPairing` when no complete legal pairing exists (Art. 3.3.3:
    the Chief Arbiter decides)."""
    field = _Field(players, forbidden)
    everyone = field.mask(players)
    pab = None
    if len(players) % 2:
        pab = _choose_pab(players, field, everyone)
        remaining = everyone & ~field.mask([pab])
    else:
        remaining = everyone
        if not field.pairable(remaining):
            raise NoLegalPairing("no pairing of all the players avoids a second meeting (C.04.5 Art. 2.1.1, 3.3.3)",
                                 tuple(sorted(players)))
    brackets = []
    while remaining:
        bracket = _pair_top_scoregroup(players, field, remaining, settings)
        brackets.append(bracket)
        remaining &= ~field.mask(bracket.residents + bracket.upfloaters)
    return RoundPlan(pab, tuple(brackets))


def _choose_pab(players: dict[int, PlayerState], field: _Field, everyone: int) -> int:
    """The PAB (Art. 3.4): among the players C2 does not bar, the first that leaves a legal
    pairing of all the others (3.4.1), by the lowest score (3.4.2), the most matches played
    (3.4.3), the largest TPN (3.4.4)."""
    candidates = sorted((p for p in players.values() if not p.pab_barred),
                        key=lambda p: (p.score, -p.played, -p.tpn))
    for p in candidates:
        if field.pairable(everyone & ~field.mask([p.tpn])):
            return p.tpn
    raise NoLegalPairing("no player can receive the pairing-allocated bye and leave a legal pairing of the others "
                         "(C.04.5 Art. 2.1.2, 3.4.1, 3.3.3)", tuple(sorted(players)))


def _pair_top_scoregroup(players: dict[int, PlayerState], field: _Field, remaining: int,
                         settings: RoundSettings) -> Bracket:
    """The top-scoregroup of ``remaining``, its upfloaters (Art. 3.5) and its pairing (Art. 3.6)."""
    left = field.members(remaining)
    top = max(players[x].score for x in left)
    residents = [x for x in left if players[x].score == top]
    lower: dict[Fraction, list[int]] = {}
    for x in left:
        if players[x].score < top:
            lower.setdefault(players[x].score, []).append(x)
    following = max(lower) if lower else None
    res_mask = field.mask(residents)
    n_lower = sum(len(v) for v in lower.values())

    def c6(rest: int) -> bool:
        """C6 (Art. 2.3.3): the next scoregroup (what is left of it) pairable with the fewest
        upfloaters its parity needs, the rest completed; true when the set took all of it."""
        if following is None:
            return True
        group = [x for x in field.members(rest) if players[x].score == following]
        if not group:
            return True
        gmask = field.mask(group)
        options = [0] if len(group) % 2 == 0 else [1 << field.index[x] for x in field.members(rest)
                                                   if players[x].score < following]
        return any(field.pairable(gmask | up) and field.pairable(rest & ~(gmask | up)) for up in options)

    def judge(chosen: tuple[int, ...]) -> Optional[tuple[int, int]]:
        bmask = res_mask | field.mask(chosen)
        if not field.pairable(bmask):
            return None                                  # no legal pairing of the bracket (C1)
        rest = remaining & ~bmask
        if not field.pairable(rest):
            return None                                  # C3
        c7 = 0 if settings.last_round else sum(players[x].floated for x in chosen)
        return (0 if c6(rest) else 1, c7)

    for k in range(len(residents) % 2, n_lower + 1, 2):                              # C4
        for profile in profiles([(s, len(v)) for s, v in lower.items()], k):         # C5
            counts: dict[Fraction, int] = {}
            for s in profile:
                counts[s] = counts.get(s, 0) + 1
            groups = [(tuple(lower[s]), counts[s]) for s in sorted(counts, reverse=True)]  # 3.5.3
            floor = 0 if settings.last_round else sum(
                max(0, c - sum(1 for x in lower[s] if not players[x].floated)) for s, c in counts.items())
            best = first_best(ordered_choices(groups), judge, (0, floor))            # 3.5.4-3.5.5
            if best is None:
                continue
            chosen, (c6_fails, c7) = best
            return _bracket(players, residents, chosen, top, settings, field, c6=not c6_fails, c7=c7)
    raise NoLegalPairing(f"the top-scoregroup {' '.join(map(str, residents))} cannot be paired with any set of "
                         f"upfloaters (C.04.5 Art. 3.5, 3.3.3)", tuple(residents))


def _bracket(players: dict[int, PlayerState], residents: list[int], upfloaters: tuple[int, ...], score: Fraction,
             settings: RoundSettings, field: _Field, *, c6: bool, c7: int) -> Bracket:
    """The bracket paired by Art. 3.6 (module docstring)."""
    members = sorted(residents + list(upfloaters))

    def may_meet(a: int, b: int) -> bool:
        return field.adj[field.index[a]] >> field.index[b] & 1 == 1

    def cost(a: int, b: int) -> tuple[int]:
        return (pair_cost(players[a], players[b], score, settings),)

    pairs = first_best_pairing(members, may_meet, cost)
    assert pairs is not None, "the set was chosen for a legal pairing"
    return Bracket(score, tuple(residents), tuple(upfloaters), pairs, total_cost(pairs, cost, 1)[0], c6, c7)
