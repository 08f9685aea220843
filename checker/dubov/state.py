"""The checker's own reading of what C.04.4.1 (2026) knows of each player before a round:
written from the articles, independent of the engine (:mod:`pairing.dubov`).

Built from the games of each round (:meth:`trf.model.Tournament.games`) rather than from the
players' round blocks: the opponents met (C1), the colours of games played (Art. 1.5-1.6), the
ARO (Art. 1.7), the upfloats and MaxT (Art. 1.8) and the PAB bar (C2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import floor
from typing import Sequence

from algorithms.cardinality import exposed, maximum_matching

from checker.swiss_round import ABSOLUTE, MILD, STRONG, colour_preference, games_before, may_meet, numbered, pab_barred
from trf.edit import cut_to_round
from trf.model import Colour, Tournament

__all__ = ["Seat", "RoundFacts", "facts", "complete", "ABSOLUTE", "STRONG", "MILD"]


@dataclass(frozen=True)
class Seat:
    """A player to pair, as the checker reads them."""

    id: int
    tpn: int
    score: Fraction  # pairing score (virtual points included, C.04.7)
    aro: int  # Art. 1.7
    history: tuple[Colour, ...]  # colours of games played, in order
    want: Colour  # colour preference (Art. 1.6; Black before a first game, 1.6.4)
    strength: int  # 1 mild, 2 strong, 3 absolute
    may_have_pab: bool  # C2
    games: int  # games played
    ups: int  # times upfloated (Art. 1.8.1)
    up_last: bool  # upfloated in the previous round (C10)
    maximum: bool  # a maximum upfloater (Art. 1.8)

    @property
    def rank(self) -> tuple[Fraction, int]:
        """Art. 5.2.1: more points, then the smaller TPN, ranks higher."""
        return (-self.score, self.tpn)


@dataclass(frozen=True)
class RoundFacts:
    """The round as the checker reads it: the players to pair (by start rank), who met whom in a
    played game, the pairs the file forbids, and whether it is the last round (C8-C10)."""

    round: int
    seats: dict[int, Seat]
    met: frozenset[frozenset[int]]
    forbidden: frozenset[frozenset[int]]
    last_round: bool

    def legal(self, a: int, b: int) -> bool:
        """C1 and C3 (no topscorer exception in this system)."""
        return may_meet(self, a, b)

    @cached_property
    def index(self) -> dict[int, int]:
        """Each player's place among :attr:`seats` (their bit in :attr:`adjacency`)."""
        return {p: i for i, p in enumerate(self.seats)}

    @cached_property
    def adjacency(self) -> list[int]:
        """For each player by :attr:`index`, the bits of the players they may meet (C1, C3):
        worked out once for the round, since every bracket's search asks it of the players
        still to pair."""
        ids = list(self.seats)
        adj = [0] * len(ids)
        for i, a in enumerate(ids):
            for j in range(i + 1, len(ids)):
                if self.legal(a, ids[j]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        return adj


def _preference(history: tuple[Colour, ...]) -> tuple[Colour, int]:
    if not history:
        return Colour.BLACK, MILD  # Art. 1.6.4
    return colour_preference(history)


def _rounded(total: int, count: int) -> int:
    """Art. 1.7.1: the nearest integer, a half upwards."""
    return floor(Fraction(total, count) + Fraction(1, 2))


def facts(t: Tournament, rnd: int, total_rounds: int) -> RoundFacts:
    """What the checker reads before round ``rnd`` of ``t`` (cut back before it)."""
    before = cut_to_round(t, rnd)
    rating = {p.start_rank: p.rating or 0 for p in before.players}
    seen = games_before(before, rnd)
    ups: dict[int, list[int]] = {p.start_rank: [] for p in before.players}

    def paired_on(pid: int, r: int) -> Fraction:
        return before.score(pid, through=r - 1) + before.acceleration(pid, r)

    for r in range(1, rnd):
        for g in before.games(r):
            if g.is_played:
                sw, sb = paired_on(g.white, r), paired_on(g.black, r)
                if sw != sb:  # "upfloated" read as: met a player paired on a higher score
                    ups.setdefault(g.white if sw < sb else g.black, []).append(r)
    maxt = 2 + total_rounds // 5  # Art. 1.8.2
    seats: dict[int, Seat] = {}
    for p, number in numbered(before, rnd, seen.paired):
        pid = p.start_rank
        games = sorted(seen.played.get(pid, []))
        history = tuple(c for _, _, c in games)
        want, strength = _preference(history)
        aro = _rounded(sum(rating[o] for _, o, _ in games), len(games)) if games else 0
        up = ups.get(pid, [])
        seats[pid] = Seat(pid, number, before.score(pid, through=rnd - 1) + before.acceleration(pid, rnd), aro,
                          history, want, strength, not pab_barred(p, before, rnd), len(games), len(up),
                          rnd - 1 in up, len(up) >= maxt)
    return RoundFacts(rnd, seats, seen.met, before.forbidden(rnd), rnd >= total_rounds)


def complete(f: RoundFacts, ids: Sequence[int]) -> bool:
    """C4 (Art. 2.2.1): the players ``ids`` admit a pairing of everybody satisfying C1-C3 (one
    maximum matching on the round's :attr:`RoundFacts.adjacency`)."""
    if len(ids) % 2:
        return False
    if not ids:
        return True
    mask = sum(1 << f.index[p] for p in ids)
    return not exposed(mask, maximum_matching(f.adjacency, mask))
