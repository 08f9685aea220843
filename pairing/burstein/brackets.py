"""The round after the seeding rounds: the PAB first (Art. 3.1), then the brackets from the top
scoregroup down (Art. 3.2), each paired by the first candidate in the order of Art. 4 that best
satisfies C1-C8 (Art. 2).

Approach (Art. 3.2.2 asks for the rule's pairing, not for a method): each bracket is one
maximum-weight matching whose integer edge weights are made of fields, higher criteria in
higher positions, so that comparing two matchings' weights compares them criterion by
criterion.  Fields, high to low: completion (every remaining player paired, C4; only in the
full solve below), C5 (pairs inside the bracket), C6 (the bracket's non-floaters counted per
score, higher scores first: the floaters' scores sorted from the highest down, as small as can
be), C7 (the next bracket's pairs, then its own C6), C8 (pairs granting both colour
preferences), the Art. 4 order (BSN 1's opponent as large as can be, then BSN 2's, ...: a number
in base n+1 whose digit for BSN i is its opponent, 0 for a floater, additive over the pairs).

The matching is first solved on the bracket and the next scoregroup only; when what it leaves
cannot be completed (C4: checked by a cardinality matching of everyone left) it is solved
again over every player still unpaired, with the completion field on top.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from algorithms.cardinality import exposed, maximum_matching
from algorithms.matching import max_weight_matching
from pairing.burstein.players import Entrant, Strength, rank_key
from pairing.result import NoLegalPairing

__all__ = ["Legal", "choose_pab", "pair_brackets"]

class Legal:
    """Which of the round's players may meet: C1 (no rematch of a played game; the file's
    forbidden pairs too) and C3 (two players with the same absolute colour preference do not
    meet; no topscorer exception in this system), as one bit mask per player, so that C4 (the
    players left admit a pairing of everybody) is a cardinality matching on a mask."""

    def __init__(self, players: Sequence[Entrant], forbidden: frozenset[frozenset[int]]) -> None:
        self.index = {p.id: i for i, p in enumerate(players)}
        n = len(players)
        full = (1 << n) - 1
        absolute: dict[object, int] = {}
        for i, p in enumerate(players):
            if p.strength is Strength.ABSOLUTE:
                absolute[p.preference] = absolute.get(p.preference, 0) | (1 << i)
        self.adj = []
        for i, p in enumerate(players):
            bad = 1 << i
            for q in p.met:
                if q in self.index:
                    bad |= 1 << self.index[q]
            if p.strength is Strength.ABSOLUTE:
                bad |= absolute[p.preference]
            self.adj.append(full & ~bad)
        for pair in forbidden:
            a, b = tuple(pair) if len(pair) == 2 else (None, None)
            if a in self.index and b in self.index:
                ia, ib = self.index[a], self.index[b]
                self.adj[ia] &= ~(1 << ib)
                self.adj[ib] &= ~(1 << ia)

    def __call__(self, a: Entrant, b: Entrant) -> bool:
        return bool(self.adj[self.index[a.id]] >> self.index[b.id] & 1)

    def completable(self, players: Sequence[Entrant]) -> bool:
        """C4: ``players`` admit a pairing of everybody satisfying C1-C3."""
        if len(players) % 2:
            return False
        mask = 0
        for p in players:
            mask |= 1 << self.index[p.id]
        if not mask:
            return True
        return not exposed(mask, maximum_matching(self.adj, mask))


def pab_order(p: Entrant) -> tuple[Fraction, int, Fraction, Fraction, int]:
    """Art. 3.1.3-3.1.5: the lowest score, then the most games played, then the lowest ranked by
    Art. 1.8 (the lowest Index, then the largest TPN) first."""
    return (p.score, -p.played, p.index[0], p.index[1], -p.tpn)


def choose_pab(players: Sequence[Entrant], meet: Legal) -> Entrant:
    """Art. 3.1: the PAB goes to the first player, in :func:`pab_order`, who may have it (C2,
    Art. 3.1.1) and whose absence leaves a complete pairing of the others (C4, Art. 3.1.2)."""
    for p in sorted((q for q in players if q.pab_ok), key=pab_order):
        if meet.completable([q for q in players if q is not p]):
            return p
    raise NoLegalPairing("no player can receive the PAB and leave the others a legal pairing (Art. 3.1, 1.9.3: "
                         "the Chief Arbiter decides)", tuple(sorted(q.id for q in players)))


class _Fields:
    """A mixed-radix integer built from fields given high to low, each with its bound."""

    def __init__(self, bounds: Sequence[int]) -> None:
        self.scale = []
        s = 1
        for b in reversed(bounds):
            self.scale.append(s)
            s *= b
        self.scale.reverse()

    def weight(self, values: Sequence[int]) -> int:
        return sum(v * s for v, s in zip(values, self.scale))


def _levels(players: Sequence[Entrant]) -> tuple[dict[int, int], int]:
    """Each player's C6 multiplier: (count + 1) ** (rank of the score among the distinct scores,
    lowest 0), so that the non-floaters of a higher score outweigh all those of lower ones; and
    the bound of their total."""
    scores = sorted({p.score for p in players})
    base = len(players) + 1
    level = {s: base ** i for i, s in enumerate(scores)}
    mult = {p.id: level[p.score] for p in players}
    return mult, sum(mult.values()) + 1


def _solve(bracket: list[Entrant], nxt: list[Entrant], rest: list[Entrant], meet: Legal, full: bool) -> list[int]:
    """The matching (``mate`` by vertex: bracket, then next scoregroup, then, in a full solve,
    the rest) of the module docstring."""
    verts = bracket + nxt + (rest if full else [])
    nb, nn, nv = len(bracket), len(nxt), len(verts)
    half = nv // 2 + 1
    mult6, bound6 = _levels(bracket)
    mult7, bound7 = _levels(bracket + nxt)
    n = nb
    fields = _Fields([half, nb // 2 + 1, bound6, half, bound7, nb // 2 + 1, (n + 1) ** n, half])
    s_comp, s5, s6, s7a, s7b, s8, s_ord, _ = fields.scale
    # the order digit of BSN i (1-based, vertex i-1): (n+1) ** (n-i), already scaled
    digit = [(n + 1) ** (n - i) * s_ord for i in range(1, n + 1)]
    m6 = [mult6[p.id] * s6 for p in bracket]
    m7 = [mult7[p.id] * s7b for p in bracket + nxt]
    adj = [meet.adj[meet.index[p.id]] for p in verts]
    pos = [meet.index[p.id] for p in verts]
    base = (s_comp if full else 0) + 1
    w = [[0] * nv for _ in range(nv)]
    for i in range(nv):
        a = verts[i]
        row, wi = adj[i], w[i]
        for j in range(i + 1, nv):
            if not row >> pos[j] & 1:
                continue
            v = base
            if j < nb:  # both in the bracket
                b = verts[j]
                v += s5 + m6[i] + m6[j] + digit[i] * (j + 1) + digit[j] * (i + 1)
                if a.preference is None or b.preference is None or a.preference is not b.preference:
                    v += s8
            elif i < nb + nn and j < nb + nn:  # a pair of the next bracket (a floater's or a resident's)
                v += s7a + m7[i] + m7[j]
            wi[j] = w[j][i] = v
    return max_weight_matching(w)


def pair_bracket(bracket: list[Entrant], nxt: list[Entrant], rest: list[Entrant], meet: Legal
                 ) -> tuple[list[tuple[Entrant, Entrant]], list[Entrant]]:
    """The bracket's pairs and its outgoing floaters (Art. 3.2).  ``bracket`` in Art. 1.8 order
    (BSN 1 first), ``nxt`` the next scoregroup's residents, ``rest`` everyone below them."""
    nb, nn = len(bracket), len(nxt)
    if nb % 2 == 0 and meet.completable(bracket) and meet.completable(nxt + rest):
        # no floater at all (C5 at its best, C6-C7 then say nothing): the bracket alone decides
        mate = _solve(bracket, [], [], meet, full=False)
        return [(bracket[i], bracket[mate[i]]) for i in range(nb) if i < mate[i]], []
    mate = _solve(bracket, nxt, rest, meet, full=False)
    verts = bracket + nxt
    # C4 for the whole look-ahead: the bracket's floaters and the next bracket's, with the rest
    unpaired = [verts[i] for i in range(nb + nn) if mate[i] < 0] + rest
    if not meet.completable(unpaired):
        mate = _solve(bracket, nxt, rest, meet, full=True)
        if min(mate) < 0:
            raise NoLegalPairing("the players left cannot all be paired (C4)",
                                 tuple(sorted(p.id for p in bracket + nxt + rest)))
    pairs = [(bracket[i], bracket[mate[i]]) for i in range(nb) if i < mate[i] < nb]
    floaters = [bracket[i] for i in range(nb) if not 0 <= mate[i] < nb]
    return pairs, floaters


def pair_brackets(players: Sequence[Entrant], meet: Legal) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
    """The round's pairs (each pair's first player the higher-ranked by Art. 1.8 within the
    bracket) and the PAB: Art. 1.9.2, the PAB first, then the brackets top-down."""
    bye = choose_pab(players, meet) if len(players) % 2 else None
    if bye is None and not meet.completable(list(players)):
        raise NoLegalPairing("no pairing of all the players satisfies C1-C3 (Art. 1.9.3: the Chief Arbiter decides)",
                             tuple(sorted(q.id for q in players)))
    todo = [p for p in players if p is not bye]
    scores = sorted({p.score for p in todo}, reverse=True)
    groups = {s: [p for p in todo if p.score == s] for s in scores}
    pairs: list[tuple[Entrant, Entrant]] = []
    floaters: list[Entrant] = []
    for k, s in enumerate(scores):
        bracket = sorted(floaters + groups[s], key=rank_key)
        nxt = groups[scores[k + 1]] if k + 1 < len(scores) else []
        rest = [p for t in scores[k + 2:] for p in groups[t]]
        got, floaters = pair_bracket(bracket, nxt, rest, meet)
        pairs += got
    if floaters:
        raise NoLegalPairing("the last bracket cannot be paired (C4)", tuple(sorted(p.id for p in floaters)))
    return pairs, bye
