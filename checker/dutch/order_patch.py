"""The generation-order key of :mod:`checker.dutch.order`, patched for a few replaced pairs.

Read :func:`checker.dutch.order.generation_key` first: the key of a bracket's candidate built
from its pairs.  The local search judges hundreds of thousands of candidates that replace two or
three pairs of a bracket; :class:`GenerationIndex` keeps a bracket's key in parts so that such a
candidate's key is patched rather than rebuilt.  ``tests/checker/test_order_patch.py`` proves the
patched key equal to the key built from scratch.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Sequence

from checker.dutch.criteria import Bracket
from checker.dutch.order import generation_key


class HomogeneousIndex:
    """:func:`checker.dutch.order.homogeneous_key` of one set of pairs, kept in parts so that the key of the same
    players with a few pairs replaced is patched rather than rebuilt: a player's side of the
    exchange depends only on its own partner (an S1 player goes to S2 when unpaired or paired
    with a smaller BSN; an S2 player comes to S1 when paired with a larger BSN in S2)."""

    __slots__ = ("bsn", "n1", "partner", "out", "into", "pos", "key", "sum_out", "sum_in", "s1", "_side", "_at", "_with")

    def __init__(self, order: list[int] | tuple[int, ...], pairs: set[tuple[int, int]] | frozenset[tuple[int, int]],
                 bsn: dict[int, int] | None = None) -> None:
        if bsn is None:
            bsn = {pid: i + 1 for i, pid in enumerate(order)}
        self.bsn = bsn
        n1 = self.n1 = len(pairs)
        partner: dict[int, int] = {}
        for u, v in pairs:
            a, b = bsn[u], bsn[v]
            partner[a], partner[b] = b, a
        self.partner = partner
        self.out = {x for x in range(1, n1 + 1) if x not in partner or partner[x] < x}
        self.into = {x for x, y in partner.items() if n1 < x < y}
        self.sum_out, self.sum_in = sum(self.out), sum(self.into)
        # S1 after the exchange: the BSNs up to n1 that stay, then those coming in, all above n1,
        # so the list is in increasing order
        s1 = self.s1 = [x for x in range(1, n1 + 1) if x not in self.out] + sorted(self.into)
        self.pos = {x: i for i, x in enumerate(s1)}
        self.key = (self._exchange(self.out, self.into, self.sum_out, self.sum_in), tuple(partner[x] for x in s1))
        # the same by BSN, in lists (read by :meth:`precedes`): the side of the exchange (1: S1 ->
        # S2, 2: S2 -> S1, 0: stays), the place in S1 after the exchange (-1: none), the partner
        size = max(bsn.values(), default=0) + 1
        self._side = [1 if x in self.out else 2 if x in self.into else 0 for x in range(size)]
        at = [-1] * size
        for i, x in enumerate(s1):
            at[x] = i
        self._at = at
        self._with = [partner.get(x, 0) for x in range(size)]

    @staticmethod
    def _exchange(out: set[int], into: set[int], sum_out: int, sum_in: int) -> tuple[Any, ...]:
        return (len(out), sum_in - sum_out, tuple(-x for x in sorted(out, reverse=True)), tuple(sorted(into)))

    def _partners(self, removed: list[tuple[int, int]], added: list[tuple[int, int]]) -> dict[int, int | None]:
        """The BSNs whose partner the replacement changes, with the new partner (``None``: unpaired)."""
        bsn = self.bsn
        new: dict[int, int | None] = {}
        for u, v in removed:
            new[bsn[u]] = None
            new[bsn[v]] = None
        for u, v in added:
            a, b = bsn[u], bsn[v]
            new[a], new[b] = b, a
        return new

    def _sides(self, new: dict[int, int | None]) -> tuple[set[int], set[int], int, int] | None:
        """The exchange's S1 -> S2 and S2 -> S1 sets (and their sums) after the partner changes
        ``new``; ``None`` when they are this key's."""
        n1 = self.n1
        out, into, sum_out, sum_in = self.out, self.into, self.sum_out, self.sum_in
        copied = False
        for x, y in new.items():
            is_out = x <= n1 and (y is None or y < x)
            is_in = y is not None and n1 < x < y
            if is_out != (x in out) or is_in != (x in into):
                if not copied:
                    out, into, copied = set(out), set(into), True
                if is_out != (x in out):
                    (out.add if is_out else out.discard)(x)
                    sum_out += x if is_out else -x
                if is_in != (x in into):
                    (into.add if is_in else into.discard)(x)
                    sum_in += x if is_in else -x
        return (out, into, sum_out, sum_in) if copied else None

    def precedes(self, removed: Sequence[tuple[int, int]], added: Sequence[tuple[int, int]]) -> bool:
        """Whether the key with ``removed`` replaced by as many pairs ``added`` is smaller than
        this one (:meth:`patched` compared with :attr:`key`, without building it)."""
        bsn = self.bsn  # :meth:`_partners`, inlined (the local search asks this of most moves)
        new: dict[int, int | None] = {}
        for u, v in removed:
            new[bsn[u]] = None
            new[bsn[v]] = None
        for u, v in added:
            a, b = bsn[u], bsn[v]
            new[a], new[b] = b, a
        return self._precedes(new)

    def precedes_same(self, added: Sequence[tuple[int, int]]) -> bool:
        """:meth:`precedes` when ``added`` re-pairs the players of the pairs it replaces (every
        player taken out gets a new partner, so those pairs need not be read)."""
        bsn = self.bsn
        new: dict[int, int | None] = {}
        for u, v in added:
            a, b = bsn[u], bsn[v]
            new[a], new[b] = b, a
        return self._precedes(new)

    def _precedes(self, new: dict[int, int | None]) -> bool:
        """:meth:`precedes` from the BSNs whose partner changes, with the new partner."""
        # whether the exchange's sets change, and how its first two keys (Art. 4.3: the number
        # of players exchanged, then the BSNs' sums) do, without copying the sets: a player's side
        # depends only on its own partner (see :meth:`_sides`)
        n1, side = self.n1, self._side
        changed = False
        d_count = d_sum = 0
        for x, y in new.items():
            was = side[x]
            now = (1 if x <= n1 else 0) if (y is None or y < x) else (2 if x > n1 else 0)
            if now != was:
                changed = True
                if was == 1:
                    d_count -= 1
                    d_sum += x
                elif was == 2:
                    d_sum -= x
                if now == 1:
                    d_count += 1
                    d_sum -= x
                elif now == 2:
                    d_sum += x
        if changed:  # another exchange decides: by its number, its sums, else the sets themselves
            if d_count:
                return d_count < 0
            if d_sum:
                return d_sum < 0
            sides = self._sides(new)
            assert sides is not None
            return bool(self._exchange(*sides) < self.key[0])
        # the same exchange: the first place of S1 whose partner changes decides (Art. 4.2)
        at, partner = self._at, self._with
        first = -1
        first_at = len(at)
        for x, y in new.items():
            i = at[x]
            if i >= 0 and i < first_at and y != partner[x]:
                first, first_at = x, i
        return first >= 0 and new[first] < partner[first]  # type: ignore[operator]

    def patched(self, removed: list[tuple[int, int]], added: list[tuple[int, int]]) -> tuple[Any, ...]:
        """The key with the pairs ``removed`` replaced by as many pairs ``added``."""
        n1 = self.n1
        new = self._partners(removed, added)
        sides = self._sides(new)
        if sides is None:
            tr: list[Any] = list(self.key[1])
            pos = self.pos
            for x, y in new.items():
                if x in pos:
                    tr[pos[x]] = y
            return (self.key[0], tuple(tr))
        # another exchange: S1 loses and gains the few BSNs whose side changed (each has a new
        # partner), the rest keep their places' order and partners; S1 stays sorted
        out, into, _, _ = sides

        def in_s1(x: int) -> bool:
            return x not in out if x <= n1 else x in into

        s1, tr = list(self.s1), list(self.key[1])
        for x in sorted(new, reverse=True):
            if x in self.pos and not in_s1(x):
                i = bisect_left(s1, x)
                del s1[i], tr[i]
        for x in sorted(new):
            if x not in self.pos and in_s1(x):
                i = bisect_left(s1, x)
                s1.insert(i, x)
                tr.insert(i, None)
        for x, y in new.items():
            if in_s1(x):
                tr[bisect_left(s1, x)] = y
        return (self._exchange(*sides), tuple(tr))


class GenerationIndex:
    """:func:`generation_key` of a bracket, kept so that a candidate replacing a few of its pairs
    (as many as it removes) gets its key by :meth:`key_of` without a rebuild, when no replaced
    pair holds an MDP (the MDPs' part of the key and the remainder then stand)."""

    __slots__ = ("key", "bsn", "mdps", "_prefix", "_rest", "_mdp_pairs")

    def __init__(self, b: Bracket, rank: dict[int, int]) -> None:
        self.bsn = {pid: i + 1 for i, pid in enumerate(b.members)}
        self.key = generation_key(b, rank, self.bsn)
        self.mdps = frozenset(b.mdps)
        self._prefix = self.key[:2]
        #: each paired MDP's opponent (an MDP ranks above every resident: first in its pair)
        self._mdp_pairs = {u: v for u, v in b.pairs if u in self.mdps}
        if not b.mdps:
            self._rest = HomogeneousIndex(b.members, b.pairs, self.bsn)
        else:
            in_mdp_pairs = {v for u, v in b.pairs if u in self.mdps}
            remainder = [r for r in b.residents if r not in in_mdp_pairs]
            self._rest = HomogeneousIndex(remainder, {(u, v) for u, v in b.pairs if u not in self.mdps})

    def _patchable(self, removed: Sequence[tuple[int, int]], added: Sequence[tuple[int, int]]) -> bool:
        mdps = self.mdps
        return not (mdps and any(u in mdps or v in mdps for u, v in (*removed, *added)))

    def key_of(self, removed: list[tuple[int, int]], added: list[tuple[int, int]]) -> tuple[Any, ...] | None:
        """The key with ``removed`` replaced by ``added``; ``None`` when a pair of either holds an MDP."""
        if not self._patchable(removed, added):
            return None
        return (*self._prefix, self._rest.patched(removed, added))

    def precedes(self, removed: Sequence[tuple[int, int]], added: Sequence[tuple[int, int]]) -> bool | None:
        """Whether :meth:`key_of` is smaller than :attr:`key` (generated first); ``None`` when
        :meth:`key_of` is."""
        if self.mdps and not self._patchable(removed, added):
            return None
        return self._rest.precedes(removed, added)

    def precedes_same(self, added: Sequence[tuple[int, int]]) -> bool | None:
        """:meth:`precedes` for pairs ``added`` that re-pair, among themselves, the players of the
        pairs they replace."""
        if self.mdps and not self._patchable((), added):
            return None
        return self._rest.precedes_same(added)

    def mdps_precede(self, removed: Sequence[tuple[int, int]], added: Sequence[tuple[int, int]]) -> bool | None:
        """:meth:`precedes` when a pair of ``removed`` or ``added`` (each (higher-ranked,
        lower-ranked)) holds an MDP, read from the key's MDP part alone (Art. 4.4 (2017: D.3),
        then the MDPs' transposition): the candidate pairs another set of MDPs or an MDP with
        another resident, so its set of paired MDPs or their opponents' BSNs differ, and the
        keys part there, before the remainder is read; ``None`` when they do not differ (the
        MDPs' pairs the same: not a re-pairing of an MDP)."""
        mdps, bsn = self.mdps, self.bsn
        partner = dict(self._mdp_pairs)
        for u, v in removed:
            if u in mdps and partner.get(u) == v:
                del partner[u]
        for u, v in added:
            if u in mdps:
                partner[u] = v
        paired = sorted(partner, key=bsn.__getitem__)
        prefix = (tuple(bsn[m] for m in paired), tuple(bsn[partner[m]] for m in paired))
        if prefix == self._prefix:
            return None
        return prefix < self._prefix
