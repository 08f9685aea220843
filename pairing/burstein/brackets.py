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
from typing import Callable, Sequence

from algorithms.cardinality import maximum_matching
from algorithms.matching import max_weight_matching
from pairing.burstein.players import Entrant, Strength, rank_key
from pairing.result import NoLegalPairing

__all__ = ["may_meet_rule", "choose_pab", "pair_brackets", "Meet"]

Meet = Callable[[Entrant, Entrant], bool]


def may_meet_rule(forbidden: frozenset[frozenset[int]]) -> Meet:
    """C1 (no rematch of a played game; the file's forbidden pairs too) and C3 (two players with
    the same absolute colour preference do not meet; no topscorer exception in this system)."""
    def ok(a: Entrant, b: Entrant) -> bool:
        if b.id in a.met or frozenset((a.id, b.id)) in forbidden:
            return False
        return not (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
                    and a.preference is b.preference)
    return ok


def completable(players: Sequence[Entrant], meet: Meet) -> bool:
    """C4: ``players`` admit a pairing of everybody satisfying C1-C3."""
    n = len(players)
    if n % 2:
        return False
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if meet(players[i], players[j]):
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return n == 0 or min(maximum_matching(adj, (1 << n) - 1)) >= 0


def pab_order(p: Entrant) -> tuple[Fraction, int, Fraction, Fraction, int]:
    """Art. 3.1.3-3.1.5: the lowest score, then the most games played, then the lowest ranked by
    Art. 1.8 (the lowest Index, then the largest TPN) first."""
    return (p.score, -p.played, p.index[0], p.index[1], -p.tpn)


def choose_pab(players: Sequence[Entrant], meet: Meet) -> Entrant:
    """Art. 3.1: the PAB goes to the first player, in :func:`pab_order`, who may have it (C2,
    Art. 3.1.1) and whose absence leaves a complete pairing of the others (C4, Art. 3.1.2)."""
    for p in sorted((q for q in players if q.pab_ok), key=pab_order):
        if completable([q for q in players if q is not p], meet):
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


def _solve(bracket: list[Entrant], nxt: list[Entrant], rest: list[Entrant], meet: Meet, full: bool) -> list[int]:
    """The matching (``mate`` by vertex: bracket, then next scoregroup, then, in a full solve,
    the rest) of the module docstring."""
    verts = bracket + nxt + (rest if full else [])
    nb, nn, nv = len(bracket), len(nxt), len(verts)
    half = nv // 2 + 1
    mult6, bound6 = _levels(bracket)
    mult7, bound7 = _levels(bracket + nxt)
    n = nb
    digit = [(n + 1) ** (n - i) for i in range(1, n + 1)]  # BSN i (1-based) at position i-1
    fields = _Fields([half, nb // 2 + 1, bound6, half, bound7, nb // 2 + 1, (n + 1) ** n, half])
    w = [[0] * nv for _ in range(nv)]
    for i in range(nv):
        a = verts[i]
        for j in range(i + 1, nv):
            b = verts[j]
            if not meet(a, b):
                continue
            inside = j < nb
            nextish = i < nb + nn and j < nb + nn and not inside
            c8 = int(inside and (a.preference is None or b.preference is None or a.preference is not b.preference))
            order = digit[i] * (j + 1) + digit[j] * (i + 1) if inside else 0
            v = fields.weight([
                1 if full else 0,
                1 if inside else 0,
                mult6[a.id] + mult6[b.id] if inside else 0,
                1 if nextish else 0,
                mult7[a.id] + mult7[b.id] if nextish else 0,
                c8, order, 1])
            w[i][j] = w[j][i] = v
    return max_weight_matching(w)


def pair_bracket(bracket: list[Entrant], nxt: list[Entrant], rest: list[Entrant], meet: Meet
                 ) -> tuple[list[tuple[Entrant, Entrant]], list[Entrant]]:
    """The bracket's pairs and its outgoing floaters (Art. 3.2).  ``bracket`` in Art. 1.8 order
    (BSN 1 first), ``nxt`` the next scoregroup's residents, ``rest`` everyone below them."""
    nb, nn = len(bracket), len(nxt)
    mate = _solve(bracket, nxt, rest, meet, full=False)
    verts = bracket + nxt
    # C4 for the whole look-ahead: the bracket's floaters and the next bracket's, with the rest
    unpaired = [verts[i] for i in range(nb + nn) if mate[i] < 0] + rest
    if not completable(unpaired, meet):
        mate = _solve(bracket, nxt, rest, meet, full=True)
        if min(mate) < 0:
            raise NoLegalPairing("the players left cannot all be paired (C4)",
                                 tuple(sorted(p.id for p in bracket + nxt + rest)))
    pairs = [(bracket[i], bracket[mate[i]]) for i in range(nb) if i < mate[i] < nb]
    floaters = [bracket[i] for i in range(nb) if not 0 <= mate[i] < nb]
    return pairs, floaters


def pair_brackets(players: Sequence[Entrant], meet: Meet) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
    """The round's pairs (each pair's first player the higher-ranked by Art. 1.8 within the
    bracket) and the PAB: Art. 1.9.2, the PAB first, then the brackets top-down."""
    bye = choose_pab(players, meet) if len(players) % 2 else None
    if bye is None and not completable(list(players), meet):
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
