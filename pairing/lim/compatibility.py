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
        n = len(self.players)
        # Art. 2.1 by colour class: a pair is allowed when one may have White and the other Black
        may_w = [may_receive(p.colours, Colour.WHITE) or last_round for p in self.players]
        may_b = [may_receive(p.colours, Colour.BLACK) or last_round for p in self.players]
        mask_w = sum(1 << i for i in range(n) if may_w[i])
        mask_b = sum(1 << i for i in range(n) if may_b[i])
        adj = [((mask_b if may_w[i] else 0) | (mask_w if may_b[i] else 0)) & ~(1 << i) for i in range(n)]
        met = [(i, self.index.get(o)) for i, p in enumerate(self.players) for o in p.met]
        bad = [tuple(self.index.get(x) for x in pair) for pair in forbidden if len(pair) == 2]
        for a, b in met + bad:
            if a is not None and b is not None:  # a meeting or a forbidden pair bars both ways
                adj[a] &= ~(1 << b)
                adj[b] &= ~(1 << a)
        self.adj = adj

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
