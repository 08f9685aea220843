"""The checker's verdict on a bracket too large to search set by set (C.04.4.2 Art. 2.3, 3.2, 4):
one maximum-weight matching of everybody still to pair decides it.

Why one matching is enough.  Every quality criterion of a candidate is a sum over its pairs once
the players still to pair are matched all at once (the bracket ``B``, the next scoregroup ``N``
and everybody below, ``R``):

* C4: the matching is perfect (everybody below is paired too);
* C5: the pairs with both players in ``B``;
* C6: the scores of the players of ``B`` matched outside it (the outgoing floaters): with their
  number fixed by C5, the list of their scores from the highest down is lexicographically
  smallest exactly when the sum of ``base ** level(score)`` over them is smallest (``base`` larger
  than the bracket, ``level`` the rank of the score among the bracket's), that is when the same
  sum over the players paired inside ``B`` is largest;
* C7: the next bracket is the floaters and ``N``; its pairs are the pairs inside ``B`` + ``N``
  that are not inside ``B``, its floaters the players of the floaters and ``N`` matched into
  ``R``, whose scores are weighed as in C6;
* C8: the colour preferences not met in the pairs inside ``B``.

Given the floaters, the pairs inside ``B`` and the matching of the next bracket and below are
independent, so the best perfect matching by (C5, C6, C7, C8) in that order has the bracket's
best value: each criterion is a layer of the edge weights, each layer's unit larger than
everything the layers below can add up to.  Whether a given candidate is the *first* with that
value in the order of Art. 4 is then asked member by member, from BSN 1 down: with the given
opponents of the members before it fixed, can this member have an opponent of larger BSN (or,
where the given candidate floats it, any opponent) and the best value still be had?  A member
whose given opponent is the largest BSN still free and legal needs no matching.

Written from the articles, independent of the engine (:mod:`pairing.burstein`); the set-by-set
search of :mod:`checker.burstein.search` judges the small brackets, and the tests compare the two
on generated rounds."""

from __future__ import annotations

from typing import Optional, Sequence

from algorithms.matching import max_weight_matching
from checker.burstein.search import Value
from checker.burstein.state import RoundFacts

__all__ = ["LayeredBracket"]

Pairs = list[tuple[int, int]]


def _misses(f: RoundFacts, a: int, b: int) -> int:
    x, y = f.seats[a], f.seats[b]
    return int(x.want is not None and x.want == y.want)


def _levels(f: RoundFacts, ids: Sequence[int]) -> tuple[dict[int, int], int]:
    """``base ** level`` of each player's score among ``ids`` (C6, C7) and their sum."""
    scores = sorted({f.seats[p].score for p in ids})
    base = len(ids) + 1
    mult = {p: base ** scores.index(f.seats[p].score) for p in ids}
    return mult, sum(mult.values())


class LayeredBracket:
    """One bracket: ``members`` (ranked here by Art. 1.8), the next scoregroup's residents
    ``nxt`` and everyone below them ``rest``."""

    def __init__(self, f: RoundFacts, members: Sequence[int], nxt: Sequence[int], rest: Sequence[int]) -> None:
        self.f = f
        self.members = sorted(members, key=lambda p: f.seats[p].rank)  # BSN 1, 2, ...
        self.bsn = {p: i + 1 for i, p in enumerate(self.members)}
        self.nxt = list(nxt)
        self.ids = self.members + self.nxt + list(rest)
        self.at = {p: i for i, p in enumerate(self.ids)}
        self._base = self._weights()
        self._best: Optional[tuple[Value, Pairs, frozenset[int]]] = None
        self._solved = False

    def _weights(self) -> list[list[int]]:
        f, nb, nn = self.f, len(self.members), len(self.nxt)
        m6, s6 = _levels(f, self.members)
        m7, s7 = _levels(f, self.ids[:nb + nn])
        u8 = 1
        u7b = u8 * (nb // 2 + 1)
        u7a = u7b * (s7 + 1)
        u6 = u7a * ((nb + nn) // 2 + 1)
        u5 = u6 * (s6 + 1)
        big = u5 * (nb // 2 + 1)
        n = len(self.ids)
        w = [[0] * n for _ in range(n)]
        for i in range(n):
            a = self.ids[i]
            for j in range(i + 1, n):
                b = self.ids[j]
                if not f.legal(a, b):
                    continue
                x = big
                if j < nb:  # a pair of the bracket (C5, C6, C8)
                    x += u5 + u6 * (m6[a] + m6[b]) + u8 * (1 - _misses(f, a, b))
                elif j < nb + nn:  # a pair of the next bracket (C7)
                    x += u7a + u7b * (m7[a] + m7[b])
                w[i][j] = w[j][i] = x
        return w

    def _decode(self, mate: list[int]) -> Optional[tuple[Value, Pairs, frozenset[int]]]:
        if min(mate, default=0) < 0:
            return None  # C4: the players below cannot all be paired
        f, nb, nn = self.f, len(self.members), len(self.nxt)
        pairs: Pairs = []
        floaters = set()
        for i in range(nb):
            if mate[i] < nb:
                if i < mate[i]:
                    pairs.append((self.ids[i], self.ids[mate[i]]))
            else:
                floaters.add(self.ids[i])
        nxt = {i for i in range(nb + nn) if i >= nb or self.ids[i] in floaters}  # the next bracket (C7)
        npairs = sum(1 for i in nxt if i < mate[i] and mate[i] in nxt)
        nout = sorted((f.seats[self.ids[i]].score for i in nxt if mate[i] >= nb + nn), reverse=True)
        value = Value(-len(pairs), tuple(sorted((f.seats[p].score for p in floaters), reverse=True)),
                      (-npairs, tuple(nout)), sum(_misses(f, a, b) for a, b in pairs))
        return value, pairs, frozenset(floaters)

    def _solve(self, fixed: Sequence[tuple[int, int]] = (), floating: Sequence[int] = (),
               member: Optional[int] = None, allowed: frozenset[int] = frozenset()
               ) -> Optional[tuple[Value, Pairs, frozenset[int]]]:
        """The best candidate with the pairs ``fixed``, the members ``floating`` floated, and
        ``member`` (if any) paired inside the bracket with one of ``allowed``."""
        nb = len(self.members)
        w = self._base
        if fixed or floating or member is not None:
            w = [list(row) for row in w]
            n = len(w)

            def keep_only(i: int, ok: object) -> None:
                for j in range(n):
                    if w[i][j] and not ok(j):  # type: ignore[operator]
                        w[i][j] = w[j][i] = 0

            for a, b in fixed:
                i, j = self.at[a], self.at[b]
                keep_only(i, lambda x, j=j: x == j)
                keep_only(j, lambda x, i=i: x == i)
            for p in floating:
                keep_only(self.at[p], lambda x: x >= nb)
            if member is not None:
                keep_only(self.at[member], lambda x: x < nb and self.ids[x] in allowed)
        return self._decode(max_weight_matching(w))

    def best(self) -> Optional[tuple[Value, Pairs, frozenset[int]]]:
        """The bracket's best value on C5-C8 (``None``: C4 cannot be met) and a candidate that has
        it (its pairs inside the bracket and its floaters)."""
        if not self._solved:
            self._best, self._solved = self._solve(), True
        return self._best

    def earlier(self, pairs: Sequence[tuple[int, int]], floaters: frozenset[int]
                ) -> Optional[tuple[Pairs, frozenset[int]]]:
        """A candidate with the best value that comes before the given one (``pairs``,
        ``floaters``, which has the best value) in the order of Art. 4, or ``None``."""
        got = self.best()
        assert got is not None
        best = got[0]
        opponent: dict[int, int] = {}
        for a, b in pairs:
            opponent[a], opponent[b] = b, a
        used: set[int] = set()
        fixed: Pairs = []
        for p in self.members:
            if p in used:
                continue
            q = opponent.get(p)
            floor = self.bsn[q] if q is not None else 0
            allowed = frozenset(r for r in self.members if r not in used and r != p and self.bsn[r] > floor
                                and self.f.legal(p, r))
            if allowed:
                trial = self._solve(fixed, sorted(floaters & used), p, allowed)
                if trial is not None and trial[0] == best:
                    return trial[1], trial[2]
            used.add(p)
            if q is not None:
                used.add(q)
                fixed.append((p, q))
        return None
