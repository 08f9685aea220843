"""The checker's own reading of what C.04.4.1 (2026) knows of each player before a round:
written from the articles, independent of the engine (:mod:`pairing.dubov`).

Built from the games of each round (:meth:`trf.model.Tournament.games`) rather than from the
players' round blocks: the opponents met (C1), the colours of games played (Art. 1.5-1.6), the
ARO (Art. 1.7), the upfloats and MaxT (Art. 1.8) and the PAB bar (C2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from algorithms.cardinality import maximum_matching
from trf.edit import cut_to_round
from trf.model import Colour, Result, Tournament

__all__ = ["Seat", "RoundFacts", "facts", "complete", "ABSOLUTE", "STRONG", "MILD"]

ABSOLUTE, STRONG, MILD = 3, 2, 1


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
        if a == b:
            return False
        key = frozenset((a, b))
        if key in self.met or key in self.forbidden:
            return False
        x, y = self.seats[a], self.seats[b]
        return not (x.strength == ABSOLUTE and y.strength == ABSOLUTE and x.want == y.want)


def complete(f: RoundFacts, ids: list[int]) -> bool:
    """C4: the players ``ids`` admit a pairing of everybody satisfying C1-C3."""
    n = len(ids)
    if n % 2:
        return False
    if n == 0:
        return True
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if f.legal(ids[i], ids[j]):
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return min(maximum_matching(adj, (1 << n) - 1)) >= 0


def _preference(history: tuple[Colour, ...]) -> tuple[Colour, int]:
    if not history:
        return Colour.BLACK, MILD  # Art. 1.6.4
    whites = sum(1 for c in history if c is Colour.WHITE)
    diff = whites - (len(history) - whites)
    if diff >= 2:
        return Colour.BLACK, ABSOLUTE
    if diff <= -2:
        return Colour.WHITE, ABSOLUTE
    if len(history) > 1 and history[-1] == history[-2]:
        return (Colour.BLACK if history[-1] is Colour.WHITE else Colour.WHITE), ABSOLUTE
    if diff == 1:
        return Colour.BLACK, STRONG
    if diff == -1:
        return Colour.WHITE, STRONG
    return (Colour.BLACK if history[-1] is Colour.WHITE else Colour.WHITE), MILD


def _rounded(total: int, count: int) -> int:
    """Art. 1.7.1: the nearest integer, a half upwards."""
    return floor(Fraction(total, count) + Fraction(1, 2))


def facts(t: Tournament, rnd: int, total_rounds: int) -> RoundFacts:
    """What the checker reads before round ``rnd`` of ``t`` (cut back before it)."""
    before = cut_to_round(t, rnd)
    rating = {p.start_rank: p.rating or 0 for p in before.players}
    played: dict[int, list[tuple[int, int, Colour]]] = {p.start_rank: [] for p in before.players}
    paired: dict[int, set[int]] = {p.start_rank: set() for p in before.players}
    met: set[frozenset[int]] = set()
    ups: dict[int, list[int]] = {p.start_rank: [] for p in before.players}

    def paired_on(pid: int, r: int) -> Fraction:
        return before.score(pid, through=r - 1) + before.acceleration(pid, r)

    for r in range(1, rnd):
        for g in before.games(r):
            for x in (g.white, g.black):
                paired.setdefault(x, set()).add(r)
            if g.is_played:
                played.setdefault(g.white, []).append((r, g.black, Colour.WHITE))
                played.setdefault(g.black, []).append((r, g.white, Colour.BLACK))
                met.add(frozenset((g.white, g.black)))
                sw, sb = paired_on(g.white, r), paired_on(g.black, r)
                if sw != sb:  # "upfloated" read as: met a player paired on a higher score
                    ups.setdefault(g.white if sw < sb else g.black, []).append(r)
        for b in before.byes(r):
            if b.kind is Result.PAIRING_ALLOCATED_BYE:
                paired.setdefault(b.player, set()).add(r)
    maxt = 2 + total_rounds // 5  # Art. 1.8.2
    absent = before.declared_absences(rnd)
    seats: dict[int, Seat] = {}
    number = 0
    for p in sorted(before.players, key=lambda q: q.start_rank):
        pid = p.start_rank
        if pid in absent and not paired.get(pid):
            continue  # never paired and absent now: no pairing number
        number += 1
        if pid in absent:
            continue
        games = sorted(played.get(pid, []))
        history = tuple(c for _, _, c in games)
        want, strength = _preference(history)
        bar = any((e := p.entry(r)) is not None and not e.is_played and (
            (e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE)
            or before.round_points(pid, r) >= before.scoring.win_white) for r in range(1, rnd))
        aro = _rounded(sum(rating[o] for _, o, _ in games), len(games)) if games else 0
        up = ups.get(pid, [])
        seats[pid] = Seat(pid, number, before.score(pid, through=rnd - 1) + before.acceleration(pid, rnd), aro,
                          history, want, strength, not bar, len(games), len(up), rnd - 1 in up, len(up) >= maxt)
    return RoundFacts(rnd, seats, frozenset(met), before.forbidden(rnd), rnd >= total_rounds)
