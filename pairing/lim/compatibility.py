"""Art. 2.1: which players are compatible, and the questions the procedure asks of that relation
(can these players all be paired? how many pairs can they make?), answered by a maximum-cardinality
matching (:mod:`algorithms.cardinality`) on bitsets.

Two players are compatible when they have not met (nor are a forbidden pair of the file) and some
colour allocation gives neither the same colour in three successive rounds nor three more of one
colour than the other.  In the last round Art. 6 lets the pairing of equal scores (C.04.1 Art. 5)
override those colour limits: there only the meeting counts (docs/lim.md L8).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from algorithms.cardinality import maximum_matching
from pairing.lim.players import Entrant, may_receive
from trf.model import Colour

__all__ = ["Compatibility"]


class Compatibility:
    """The compatibility relation of one round's players (indexed by position in ``players``)."""

    def __init__(self, players: Sequence[Entrant], forbidden: Iterable[frozenset[int]], *,
                 last_round: bool) -> None:
        self.players = list(players)
        self.index = {p.id: i for i, p in enumerate(self.players)}
        self.last_round = last_round
        bad = set(forbidden)
        n = len(self.players)
        adj = [0] * n
        for i in range(n):
            a = self.players[i]
            for j in range(i + 1, n):
                b = self.players[j]
                if b.id in a.met or frozenset((a.id, b.id)) in bad:
                    continue
                if not last_round and not self._colours_allow(a, b):
                    continue
                adj[i] |= 1 << j
                adj[j] |= 1 << i
        self.adj = adj

    @staticmethod
    def _colours_allow(a: Entrant, b: Entrant) -> bool:
        """Art. 2.1: one of the two colour allocations keeps both players within the limits."""
        w, bl = Colour.WHITE, Colour.BLACK
        return (may_receive(a.colours, w) and may_receive(b.colours, bl)) or \
            (may_receive(a.colours, bl) and may_receive(b.colours, w))

    def ok(self, a: Entrant, b: Entrant) -> bool:
        """Whether ``a`` and ``b`` are compatible (Art. 2.1)."""
        return bool(self.adj[self.index[a.id]] >> self.index[b.id] & 1)

    def mask(self, players: Iterable[Entrant]) -> int:
        m = 0
        for p in players:
            m |= 1 << self.index[p.id]
        return m

    def pairs(self, players: Iterable[Entrant]) -> int:
        """The most pairs of compatible players that ``players`` can make."""
        mask = self.mask(players)
        mate = maximum_matching(self.adj, mask)
        return sum(1 for i in _bits(mask) if mate[i] >= 0) // 2

    def can_pair_all(self, players: Sequence[Entrant]) -> bool:
        """Whether ``players`` can all be paired with compatible opponents."""
        if len(players) % 2:
            return False
        if not players:
            return True
        return 2 * self.pairs(players) == len(players)

    def any_in(self, a: Entrant, others: Iterable[Entrant]) -> bool:
        """Whether ``a`` has a compatible opponent among ``others``."""
        return bool(self.adj[self.index[a.id]] & self.mask(others))


def _bits(x: int) -> Iterable[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low
