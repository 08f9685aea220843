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

The Art. 4 field makes the weights n log n bits long and the matching slow (a bracket of 400:
seconds), so the first solve is done in two steps that give the same pairs (:func:`_first`):
the matching without the order field gives the best value on C5-C8 (short weights); then the
pairs are chosen in the order of Art. 4 (BSN 1's largest opponent first, floating last), each
the first that some necessary conditions allow, and the whole is accepted when its value is that
best value: every choice could then be completed, so each was the first possible one, as in the
weighted matching.  When it is not (the conditions let a choice through that cannot be
completed), the matching with the order field decides, as before.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Sequence

from algorithms.cardinality import exposed, maximum_matching
from algorithms.matching import max_weight_matching
from pairing.burstein.players import Entrant, rank_key
from pairing.legal import Legal  # C1, C3, C4 (re-exported)
from pairing.result import NoLegalPairing
from trf.model import Colour

__all__ = ["Legal", "choose_pab", "pair_brackets"]


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


def _solve(bracket: list[Entrant], nxt: list[Entrant], rest: list[Entrant], meet: Legal, full: bool,
           order: bool = True) -> list[int]:
    """The matching (``mate`` by vertex: bracket, then next scoregroup, then, in a full solve,
    the rest) of the module docstring; ``order=False``: without the Art. 4 field (the best value
    on C4-C8 only, short weights)."""
    verts = bracket + nxt + (rest if full else [])
    nb, nn, nv = len(bracket), len(nxt), len(verts)
    half = nv // 2 + 1
    mult6, bound6 = _levels(bracket)
    mult7, bound7 = _levels(bracket + nxt)
    n = nb
    fields = _Fields([half, nb // 2 + 1, bound6, half, bound7, nb // 2 + 1, (n + 1) ** n if order else 1, half])
    s_comp, s5, s6, s7a, s7b, s8, s_ord, _ = fields.scale
    # the order digit of BSN i (1-based, vertex i-1): (n+1) ** (n-i), already scaled
    digit = [(n + 1) ** (n - i) * s_ord if order else 0 for i in range(1, n + 1)]
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
                if not _misses(a, b):
                    v += s8
            elif i < nb + nn and j < nb + nn:  # a pair of the next bracket (a floater's or a resident's)
                v += s7a + m7[i] + m7[j]
            wi[j] = w[j][i] = v
    return max_weight_matching(w)


def _misses(a: Entrant, b: Entrant) -> bool:
    """C8: the pair cannot grant both colour preferences (the same colour is preferred)."""
    return a.preference is not None and a.preference is b.preference


def _value(bracket: list[Entrant], nxt: list[Entrant], mate: Sequence[int]) -> tuple[int, int, int, int, int]:
    """A matching's value on C5, C6, C7 (the next bracket's pairs, then its non-floaters per
    score), C8 (pairs granting both preferences), the fields of :func:`_solve`; vertices as
    there (bracket, then next scoregroup)."""
    nb, nv = len(bracket), len(bracket) + len(nxt)
    verts = bracket + nxt
    mult6, _ = _levels(bracket)
    mult7, _ = _levels(verts)
    c5 = c6 = c7a = c7b = c8 = 0
    for i in range(nv):
        j = mate[i]
        if not i < j < nv:
            continue
        if j < nb:
            c5 += 1
            c6 += mult6[verts[i].id] + mult6[verts[j].id]
            c8 += not _misses(verts[i], verts[j])
        else:
            c7a += 1
            c7b += mult7[verts[i].id] + mult7[verts[j].id]
    return c5, c6, c7a, c7b, c8


def _next_bracket(bracket: list[Entrant], floaters: list[Entrant], nxt: list[Entrant], meet: Legal
                  ) -> tuple[tuple[int, int], list[Entrant]]:
    """C7 for the outgoing ``floaters``: the next bracket at its best (pairs, then non-floaters
    per score, as :func:`_value` counts them; two floaters of one bracket do not meet there:
    they would be a pair of the bracket), and the players a matching at that best leaves."""
    mult7, bound7 = _levels(bracket + nxt)
    verts = floaters + nxt
    nf, nv = len(floaters), len(floaters) + len(nxt)
    scale7a = bound7 * (nv // 2 + 1)
    w = [[0] * nv for _ in range(nv)]
    for i in range(nv):
        row = meet.adj[meet.index[verts[i].id]]
        for j in range(max(i + 1, nf), nv):
            if row >> meet.index[verts[j].id] & 1:
                w[i][j] = w[j][i] = scale7a + (mult7[verts[i].id] + mult7[verts[j].id]) * (nv // 2 + 1) + 1
    mate = max_weight_matching(w)
    pairs = [(i, mate[i]) for i in range(nv) if i < mate[i]]
    value = (len(pairs), sum(mult7[verts[i].id] + mult7[verts[j].id] for i, j in pairs))
    return value, [verts[i] for i in range(nv) if mate[i] < 0]


def _next_bound(bracket: list[Entrant], floaters: list[Entrant], nxt: list[Entrant]) -> tuple[int, int]:
    """The most :func:`_next_bracket` can give: everybody paired, but one of the lowest
    multipliers when their number is odd."""
    mult7, _ = _levels(bracket + nxt)
    m = sorted(mult7[p.id] for p in floaters + nxt)
    if len(m) % 2:
        m = m[1:]
    return len(m) // 2, sum(m)


def _in_order(bracket: list[Entrant], meet: Legal, pairs: int, floater_scores: Counter[Fraction], misses: int
              ) -> list[int] | None:
    """The bracket's pairs chosen in the order of Art. 4 (``mate`` by vertex, -1 for a
    floater): for BSN 1, 2, ... not yet paired, the largest BSN that the necessary conditions
    allow, else floating.  The conditions, for a candidate of value ``pairs`` pairs, floaters
    of the scores ``floater_scores`` and at most ``misses`` colour preferences not granted
    (C8): the pair is legal (C1, C3); a floater's score is still wanted; the colour
    preferences not granted so far plus those the players still undecided must leave (by
    their counts) stay within ``misses``; and, once few players are undecided, they admit a
    pairing of all but the floaters still wanted (a cardinality matching).  ``None`` when
    some player has no choice left."""
    nb = len(bracket)
    mate = [-1] * nb
    undecided = set(range(nb))
    count: Counter[object] = Counter(p.preference for p in bracket)
    left = Counter(floater_scores)
    missed = 0

    def bound(floats: int) -> int:
        # the fewest preferences a pairing of the undecided can leave not granted: the excess of
        # one colour over the other, less the players without a preference and those to float
        excess = abs(count[Colour.WHITE] - count[Colour.BLACK]) - count[None] - floats
        return max(0, (excess + 1) // 2)

    def completes(floats: int) -> bool:
        if len(undecided) > 24:
            return True
        mask = 0
        for i in undecided:
            mask |= 1 << meet.index[bracket[i].id]
        return len(exposed(mask, maximum_matching(meet.adj, mask))) <= floats

    for p in range(nb):
        if p not in undecided:
            continue
        a = bracket[p]
        undecided.discard(p)
        count[a.preference] -= 1
        floats = sum(left.values())
        for q in range(nb - 1, p, -1):
            if q not in undecided or not meet(a, bracket[q]):
                continue
            b = bracket[q]
            m = missed + _misses(a, b)
            undecided.discard(q)
            count[b.preference] -= 1
            if m + bound(floats) <= misses and completes(floats):
                mate[p], mate[q], missed = q, p, m
                break
            undecided.add(q)
            count[b.preference] += 1
        else:
            if not left[a.score] or missed + bound(floats - 1) > misses or not completes(floats - 1):
                return None
            left[a.score] -= 1
    if sum(1 for i in range(nb) if mate[i] > i) != pairs:
        return None
    return mate


def _first(bracket: list[Entrant], nxt: list[Entrant], meet: Legal) -> tuple[list[int], list[Entrant]]:
    """The optimum of :func:`_solve` (not full) on ``bracket`` and ``nxt``, as its bracket's
    ``mate`` (-1 for a floater) and the players that a matching at the best C7 leaves unpaired
    (the bracket's floaters and the next bracket's): the two steps of the module docstring."""
    nb = len(bracket)
    # first against the bounds: the most pairs (a cardinality matching), the lowest scores
    # floating, the fewest preferences not granted that the counts allow, and a next bracket
    # paired as far as it can be; a candidate that reaches them all is at the best value
    mask = 0
    for p in bracket:
        mask |= 1 << meet.index[p.id]
    k = len(exposed(mask, maximum_matching(meet.adj, mask)))
    prefs = Counter(p.preference for p in bracket)
    fewest = max(0, (abs(prefs[Colour.WHITE] - prefs[Colour.BLACK]) - prefs[None] - k + 1) // 2)
    mate = _in_order(bracket, meet, (nb - k) // 2, Counter(sorted(p.score for p in bracket)[:k]), fewest)
    if mate is not None:
        floaters = [bracket[i] for i in range(nb) if mate[i] < 0]
        seven, unpaired = _next_bracket(bracket, floaters, nxt, meet)
        if seven == _next_bound(bracket, floaters, nxt):
            return mate, unpaired
    short = _solve(bracket, nxt, [], meet, full=False, order=False)
    best = _value(bracket, nxt, short)
    c5, c8 = best[0], best[4]
    # C6 at its best fixes how many floaters of each score there are (one field per score)
    scores = Counter(bracket[i].score for i in range(nb) if not 0 <= short[i] < nb)
    mate = _in_order(bracket, meet, c5, scores, c5 - c8)
    if mate is not None:
        seven, unpaired = _next_bracket(bracket, [bracket[i] for i in range(nb) if mate[i] < 0], nxt, meet)
        got = _value(bracket, [], mate)
        if (got[0], got[1], seven[0], seven[1], got[4]) == best:
            return mate, unpaired
    whole = _solve(bracket, nxt, [], meet, full=False)
    verts = bracket + nxt
    return [m if m < nb else -1 for m in whole[:nb]], [verts[i] for i in range(len(verts)) if whole[i] < 0]


def pair_bracket(bracket: list[Entrant], nxt: list[Entrant], rest: list[Entrant], meet: Legal
                 ) -> tuple[list[tuple[Entrant, Entrant]], list[Entrant]]:
    """The bracket's pairs and its outgoing floaters (Art. 3.2).  ``bracket`` in Art. 1.8 order
    (BSN 1 first), ``nxt`` the next scoregroup's residents, ``rest`` everyone below them."""
    nb = len(bracket)
    if nb % 2 == 0 and meet.completable(bracket) and meet.completable(nxt + rest):
        # no floater at all (C5 at its best, C6-C7 then say nothing): the bracket alone decides
        mate, _ = _first(bracket, [], meet)
        return [(bracket[i], bracket[mate[i]]) for i in range(nb) if i < mate[i]], []
    mate, unpaired = _first(bracket, nxt, meet)
    # C4 for the whole look-ahead: the bracket's floaters and the next bracket's, with the rest
    # (left by a matching at the best C7; when they cannot be completed, the full solve decides:
    # it keeps these pairs whenever some matching at the best C7 completes)
    if not meet.completable(unpaired + rest):
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
