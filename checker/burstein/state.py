"""The checker's own reading of what C.04.4.2 (2026) knows of each player before a round:
written from the articles, independent of the engine (:mod:`pairing.burstein`).

Built from the games of each round (:meth:`trf.model.Tournament.games`) rather than from the
players' round blocks: the opponents met (C1), the colours of games played (Art. 1.4-1.5), the
Index of Art. 1.7 and the PAB bar (C2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from checker.swiss_round import ABSOLUTE, MILD, STRONG, colour_preference, games_before, may_meet, numbered, pab_barred
from trf.edit import cut_to_round
from trf.model import Colour, Tournament

__all__ = ["Seat", "RoundFacts", "facts", "seeding_count", "ABSOLUTE", "STRONG", "MILD"]


@dataclass(frozen=True)
class Seat:
    """A player to pair, as the checker reads them."""

    id: int
    tpn: int
    score: Fraction  # pairing score (virtual points included, C.04.7)
    bh: Fraction  # Art. 1.7.1 Buchholz
    sb: Fraction  # Art. 1.7.1 Sonneborn-Berger
    history: tuple[Colour, ...]  # colours of games played, in order
    want: Colour | None  # colour preference (Art. 1.5)
    strength: int  # 0 none, 1 mild, 2 strong, 3 absolute
    may_have_pab: bool  # C2
    games: int  # games played

    @property
    def rank(self) -> tuple[Fraction, Fraction, int]:
        """Art. 1.8: Index (Buchholz, then Sonneborn-Berger) descending, then TPN ascending."""
        return (-self.bh, -self.sb, self.tpn)


@dataclass(frozen=True)
class RoundFacts:
    """The round as the checker reads it: the players to pair (by start rank), who met whom in a
    played game, the pairs the file forbids."""

    round: int
    seats: dict[int, Seat]
    met: frozenset[frozenset[int]]
    forbidden: frozenset[frozenset[int]]

    def legal(self, a: int, b: int) -> bool:
        """C1 and C3."""
        return may_meet(self, a, b)


def seeding_count(t: Tournament, total_rounds: int | None) -> int:
    """Art. 1.6.2: min(rounds // 2, 4) seeding rounds; 0 when the number of rounds is unknown
    (then no round can be called a seeding round)."""
    total = total_rounds if total_rounds is not None else t.total_rounds
    return 0 if total is None else min(total // 2, 4)


def _preference(history: tuple[Colour, ...]) -> tuple[Colour | None, int]:
    if not history:
        return None, 0
    return colour_preference(history)


def facts(t: Tournament, rnd: int) -> RoundFacts:
    """What the checker reads before round ``rnd`` of ``t`` (cut back before it)."""
    before = cut_to_round(t, rnd)
    last = rnd - 1
    seen = games_before(before, rnd)
    paired = seen.paired

    def current(pid: int) -> Fraction:
        return before.score(pid, through=last)

    def as_opponent(pid: int) -> Fraction:
        # Art. 1.7.2.2: a run of zero-point byes up to the current round counts as draws
        run = 0
        for r in range(last, 0, -1):
            if r in paired.get(pid, set()) or before.round_points(pid, r) != 0:
                break
            run += 1
        return current(pid) + run * before.scoring.draw_white

    seats: dict[int, Seat] = {}
    for p, number in numbered(before, rnd, paired):
        pid = p.start_rank
        games = {r: (opp, col) for r, opp, col in seen.played.get(pid, [])}
        bh = sb = Fraction(0)
        for r in range(1, rnd):
            pts = before.round_points(pid, r)
            other = as_opponent(games[r][0]) if r in games else current(pid)  # Art. 1.7.2.1
            bh += other
            sb += pts * other
        history = tuple(games[r][1] for r in sorted(games))
        want, strength = _preference(history)
        seats[pid] = Seat(pid, number, current(pid) + before.acceleration(pid, rnd), bh, sb, history, want,
                          strength, not pab_barred(p, before, rnd), len(games))
    return RoundFacts(rnd, seats, seen.met, before.forbidden(rnd))
