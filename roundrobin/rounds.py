"""A round-robin file's next round, read off the Berger table (C.05 Annex 1) for its players in
start-rank order: what "pair the next round" means for a round robin, whose pairings are
determined before the event.
"""

from __future__ import annotations

from pairing.result import Pairing
from pairing.rounds import EventFinished, NextRound, PastLastRound, RoundOutOfRange, pending_games
from roundrobin.berger import BYE, RoundRobinSchedule, double_round_robin, single_round_robin
from trf.model import Tournament

__all__ = ["NotBergerNumbering", "schedule", "table_order", "next_berger_round"]


class NotBergerNumbering(ValueError):
    """A round robin whose paired rounds do not follow the Berger table for its start ranks, so
    that its next round cannot be read off the table (``round``: the first round that differs,
    ``pair``: a game of that round the table does not have)."""

    def __init__(self, rnd: int, pair: tuple[int, int]) -> None:
        super().__init__(f"round {rnd} of this round robin does not follow the Berger table for its start ranks "
                         f"(game {pair[0]}-{pair[1]}); its next round cannot be read off the table")
        self.round = rnd
        self.pair = pair


def schedule(t: Tournament, cycles: int = 1) -> RoundRobinSchedule:
    """The Berger schedule of a round-robin file: its players numbered by start rank, one cycle
    or two."""
    n = len(t.players)
    return double_round_robin(n) if cycles == 2 else single_round_robin(n)


def table_order(t: Tournament, rnd: int, cycles: int = 1) -> dict[frozenset[int], int]:
    """Round ``rnd``'s games in the order of the Berger table, as pairs of start ranks."""
    sched = schedule(t, cycles)
    if not 1 <= rnd <= len(sched.rounds):
        return {}
    number = dict(enumerate(sorted(p.start_rank for p in t.players), 1))
    return {frozenset((number[w], number[b])): i for i, (w, b) in enumerate(sched.games(rnd))}


def next_berger_round(t: Tournament, requested: int | None, cycles: int = 1, *, system: str = "") -> NextRound:
    """The round robin's next round: the first round with a game still to play (a round-robin
    file may hold every round already, results pending), or round ``requested``; ``system``: the
    name the round is reported under.  Raises :class:`NotBergerNumbering`,
    :class:`~pairing.rounds.PastLastRound`, :class:`~pairing.rounds.RoundOutOfRange` and
    :class:`~pairing.rounds.EventFinished`."""
    sched = schedule(t, cycles)
    number = dict(enumerate(sorted(p.start_rank for p in t.players), 1))  # table number -> start rank
    index = {pid: i for i, pid in number.items()}
    total = len(sched.rounds)
    for r in range(1, min(t.rounds_paired, total) + 1):
        table = {frozenset(pair): pair for pair in sched.games(r)}
        for g in t.games(r):
            pair = table.get(frozenset((index.get(g.white, 0), index.get(g.black, 0))))
            if pair is None or (number[pair[0]], number[pair[1]]) != (g.white, g.black):
                raise NotBergerNumbering(r, (g.white, g.black))
    if requested is not None:
        rnd = requested
        if rnd > total:
            raise PastLastRound(rnd, total, t.rounds_paired, 0)
        if rnd > t.rounds_paired + 1:
            raise RoundOutOfRange(rnd, t.rounds_paired + 1)
    else:
        rnd = next((r for r in range(1, total + 1) if r > t.rounds_paired or pending_games(t, r)), total + 1)
        if rnd > total:
            raise EventFinished(total)
    boards = tuple((number[w], number[b]) for w, b in sched.rounds[rnd - 1] if b != BYE)
    rest = next((number[w] for w, b in sched.rounds[rnd - 1] if b == BYE), None)
    in_file = rnd <= t.rounds_paired
    note = (f"round robin: round {rnd} of the Berger table (C.05 Annex 1)" + (f"; {rest} rests" if rest is not None else "")
            + ("; the file already holds this round" if in_file else ""))
    return NextRound(rnd, t, False, Pairing(rnd, boards, None), system, rest, in_file,
                     edition_reason="a round robin (Berger table, C.05 Annex 1)", round_robin=True, note=note)
