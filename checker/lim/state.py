"""What the checker's own reading of the Lim System (C.04.4.3, 2026) knows of each player before
a round: written from the articles, independent of the engine (:mod:`pairing`).

Read from the games of each round (:func:`checker.swiss_round.games_before`): who met whom over
the board (Art. 2.1 "not yet played each other"; an unplayed game is no meeting), the colours of
the games played (Art. 2.1, 5), the score (Art. 2.2), the pairing number, the rating (Art. 7.1,
and the 100 points of a Maxi-tournament, Art. 3.2.3, 3.8, 5.7), whether the player floated in the
previous round (Art. 3.10) and whether they may receive the pairing-allocated bye (C.04.1 Art. 3,
4, by way of Art. 1.1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Sequence

from algorithms.cardinality import bits_of, maximum_matching
from checker.swiss_round import games_before, numbered, pab_barred
from trf.edit import cut_to_round
from trf.model import Colour, Tournament

__all__ = ["Seat", "RoundFacts", "Graph", "facts", "other", "MAXI_BAND"]

#: Art. 3.2.3, 3.8, 5.7: in a Maxi-tournament the choices are made between players rated within
#: this many points of each other.
MAXI_BAND = 100


def other(c: Colour) -> Colour:
    return Colour.BLACK if c is Colour.WHITE else Colour.WHITE


@dataclass(frozen=True)
class Seat:
    """A player to pair, as the checker reads them."""

    id: int
    tpn: int  # the pairing number (#1 is the "highest numbered", Art. 4)
    score: Fraction
    rating: int  # 0 when unrated (the lowest, Art. 7.1)
    history: tuple[Colour, ...]  # colours of the games played, in round order
    may_have_pab: bool  # C.04.1 Art. 3-4
    floated_last: bool  # Art. 3.10: met a player of another score in the previous round

    @property
    def difference(self) -> int:
        """Whites minus Blacks of the games played."""
        w = sum(1 for c in self.history if c is Colour.WHITE)
        return 2 * w - len(self.history)

    def may_receive(self, c: Colour) -> bool:
        """Art. 2.1 (and 5.3): ``c`` would be neither the third of one colour in a row nor leave three
        more of one colour than the other."""
        h = self.history
        if len(h) >= 2 and h[-1] is c and h[-2] is c:
            return False
        return abs(self.difference + (1 if c is Colour.WHITE else -1)) < 3

    @property
    def due(self) -> Optional[Colour]:
        """Art. 5.1: the colour that equalises (after unequal colours), else the one that
        alternates; none before a first game."""
        d = self.difference
        if d > 0:
            return Colour.BLACK
        if d < 0:
            return Colour.WHITE
        return other(self.history[-1]) if self.history else None

    @property
    def rank(self) -> tuple[Fraction, int]:
        """The rank: more points first, then the smaller pairing number."""
        return (-self.score, self.tpn)


@dataclass(frozen=True)
class RoundFacts:
    """The round as the checker reads it: the players to pair (by start rank), the meetings, the
    pairs the file forbids, the median score (Art. 2.2), whether it is the last round (Art. 6), the
    first (Art. 7) and a Maxi-tournament (L3)."""

    round: int
    seats: dict[int, Seat]
    met: frozenset[frozenset[int]]
    forbidden: frozenset[frozenset[int]]
    median: Fraction
    last_round: bool
    maxi: bool
    #: each player's colours allowed by the limits (White, Black), worked out once
    allowed: dict[int, tuple[bool, bool]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for p, s in self.seats.items():
            self.allowed[p] = (s.may_receive(Colour.WHITE), s.may_receive(Colour.BLACK))

    def compatible(self, a: int, b: int) -> bool:
        """Art. 2.1: not yet played each other, and some colours keep both inside the limits; in the
        last round (Art. 6) the same-score rule of C.04.1 comes before the colour limits, so only
        the meeting counts."""
        if a == b:
            return False
        key = frozenset((a, b))
        if key in self.met or key in self.forbidden:
            return False
        if self.last_round:
            return True
        xw, xb = self.allowed[a]
        yw, yb = self.allowed[b]
        return (xw and yb) or (xb and yw)

    def legal(self, a: int, b: int) -> bool:
        """The shared checker's name for the pairing relation (:mod:`checker.swiss_round`)."""
        return self.compatible(a, b)

    def max_pairs(self, ids: Sequence[int]) -> int:
        """The most pairs of compatible players among ``ids`` (Art. 2.1)."""
        n = len(ids)
        if n < 2:
            return 0
        adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if self.compatible(ids[i], ids[j]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        mate = maximum_matching(adj, (1 << n) - 1)
        return sum(1 for m in mate if m >= 0) // 2

    def pairable(self, ids: Sequence[int]) -> bool:
        """Every one of ``ids`` can have a compatible opponent among them."""
        return len(ids) % 2 == 0 and 2 * self.max_pairs(ids) == len(ids)

    def within_band(self, a: int, b: int) -> bool:
        """Art. 3.2.3, 3.8, 5.7: rated within :data:`MAXI_BAND` points (always, outside a Maxi-tournament)."""
        return not self.maxi or abs(self.seats[a].rating - self.seats[b].rating) <= MAXI_BAND

    def graph(self, ids: Sequence[int]) -> "Graph":
        """The compatibility graph of ``ids`` (Art. 2.1), to ask many questions of."""
        return Graph(self, ids)


class Graph:
    """The compatibility graph (Art. 2.1) of a set of players with a maximum matching kept: asks
    "can the others still all be paired?" by repairing that matching (a few augmenting searches)
    rather than solving afresh."""

    def __init__(self, f: RoundFacts, ids: Sequence[int]) -> None:
        self.ids = list(ids)
        self.index = {p: i for i, p in enumerate(self.ids)}
        n = len(self.ids)
        self.adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if f.compatible(self.ids[i], self.ids[j]):
                    self.adj[i] |= 1 << j
                    self.adj[j] |= 1 << i
        self.mask = (1 << n) - 1
        self.mate = maximum_matching(self.adj, self.mask)

    def size(self) -> int:
        """Pairs in the kept maximum matching of the players still in."""
        return sum(1 for v in bits_of(self.mask) if self.mate[v] >= 0) // 2

    def _without(self, gone: Sequence[int]) -> tuple[int, list[int]]:
        mate = list(self.mate)
        mask = self.mask
        for p in gone:
            v = self.index[p]
            mask &= ~(1 << v)
            u = mate[v]
            if u >= 0:
                mate[u] = -1
            mate[v] = -1
        return mask, maximum_matching(self.adj, mask, mate)

    def size_without(self, gone: Sequence[int]) -> int:
        """The most pairs once ``gone`` are out."""
        mask, mate = self._without(gone)
        return sum(1 for v in bits_of(mask) if mate[v] >= 0) // 2

    def pairable_without(self, gone: Sequence[int]) -> bool:
        """The players still in, but ``gone``, can all be paired."""
        mask, mate = self._without(gone)
        return all(mate[v] >= 0 for v in bits_of(mask))

    def remove(self, gone: Sequence[int]) -> None:
        """Take ``gone`` out for good (paired or floated)."""
        self.mask, self.mate = self._without(gone)




def facts(t: Tournament, rnd: int, total_rounds: int, maxi: bool = False) -> RoundFacts:
    """What the checker reads before round ``rnd`` of ``t`` (cut back before it)."""
    before = cut_to_round(t, rnd)
    seen = games_before(before, rnd)
    scores = {p.start_rank: before.score(p.start_rank, through=rnd - 1) for p in before.players}
    floated: set[int] = set()
    for g in before.games(rnd - 1) if rnd > 1 else ():
        if g.is_played:
            sw = before.score(g.white, through=rnd - 2)
            sb = before.score(g.black, through=rnd - 2)
            if sw != sb:
                floated |= {g.white, g.black}
    seats: dict[int, Seat] = {}
    for p, number in numbered(before, rnd, seen.paired):
        pid = p.start_rank
        history = tuple(c for _, _, c in sorted(seen.played.get(pid, [])))
        seats[pid] = Seat(pid, number, scores[pid], p.rating or 0, history, not pab_barred(p, before, rnd),
                          pid in floated)
    win = before.scoring.win_white
    return RoundFacts(rnd, seats, seen.met, before.forbidden(rnd), Fraction(rnd - 1) * win / 2,
                      rnd >= total_rounds, maxi)
