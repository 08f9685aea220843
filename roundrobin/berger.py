"""FIDE Berger tables for round-robin (all-play-all) tournaments, C.05 Annex 1.

A Berger table says, for players numbered 1..n, who meets whom in which round and with which
colour.  FIDE publishes the tables (C.05 Annex 1) for 3/4 up to 15/16 players; this module
computes them for any n >= 2 by FIDE's construction (the TEC ``berger.js`` algorithm,
:func:`berger_table`): round 1 is ``b - (N+1-b)`` on board b, and each later round is read off
the previous one.  The checker's closed form (:func:`checker.roundrobin.berger_round`) is the
independent reading the tests compare it with.

With an odd number of players the table for n+1 is used and "the highest number counts as a
bye" (C.05 Annex 1): the opponent of the phantom player n+1 has the bye, written ``(player, 0)``.
As in the TEC tools the bye keeps its place in the table, on board 1, so the boards of the
table for n and n+1 coincide.

:func:`double_round_robin` builds a double round robin (two cycles) as FIDE recommends: the
last two rounds of cycle 1 swapped, cycle 2 in the original order with colours reversed.
"""

from __future__ import annotations

from dataclasses import dataclass

#: One board of a round: (White, Black); ``(player, BYE)`` when the player has the bye.
Pair = tuple[int, int]
#: The boards of one round, board 1 first.
Round = tuple[Pair, ...]

#: Opponent number of a player who has the bye (no game, no colour).
BYE = 0


def table_positions(n: int) -> int:
    """Number of table positions N: n rounded up to even (C.05 Annex 1, odd n: n+1 is the bye).
    Raises ValueError for fewer than 2 players."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {n!r}")
    return n + (n % 2)


def with_byes(rounds: list[list[Pair]], n: int) -> tuple[Round, ...]:
    """Replace the phantom player n+1 of an odd n by a bye for his opponent, in the phantom's
    place (in a Berger table the phantom, player N, always sits on board 1)."""
    if n % 2 == 0:
        return tuple(tuple(r) for r in rounds)
    phantom = n + 1
    out = []
    for r in rounds:
        boards = []
        for white, black in r:
            if white == phantom:
                boards.append((black, BYE))
            elif black == phantom:
                boards.append((white, BYE))
            else:
                boards.append((white, black))
        out.append(tuple(boards))
    return tuple(out)


def berger_table(n: int) -> tuple[Round, ...]:
    """The Berger table for n players, by FIDE's construction (reference digest 10.1).

    Returns the rounds in order; each round is its boards in board order, each board a
    (White, Black) pair.  With an odd n the round's bye is the pair ``(player, 0)`` on board 1.

    Construction (TEC-FIDE ``berger.js``, whose output equals the tables published in C.05
    Annex 1), with N = n rounded up to even:

    * round 1: board b is player b (White) against player N+1-b (Black);
    * each later round: list players 1..N-1 in the previous round's board order, White before
      Black.  Player N meets the last one of the list on board 1, Black in odd rounds and White
      in even rounds (so player N alternates colours); then, from the end of the remaining
      list, the penultimate (White) meets the last (Black) on boards 2, 3, ...
    """
    big_n = table_positions(n)
    rounds: list[list[Pair]] = [[(b, big_n + 1 - b) for b in range(1, big_n // 2 + 1)]]
    for r in range(2, big_n):
        order = [p for pair in rounds[-1] for p in pair if p != big_n]
        last = order.pop()
        boards = [(big_n, last) if r % 2 == 0 else (last, big_n)]
        while order:
            black = order.pop()
            white = order.pop()
            boards.append((white, black))
        rounds.append(boards)
    return with_byes(rounds, n)


@dataclass(frozen=True)
class RoundRobinSchedule:
    """The rounds of a round robin, in the order they are played.

    ``rounds[i]`` is round i+1: its boards in board order, each (White, Black), or
    ``(player, BYE)`` for the player who sits out (odd number of players only)."""

    players: int
    cycles: int
    rounds: tuple[Round, ...]

    def games(self, round_number: int) -> tuple[Pair, ...]:
        """The games of round ``round_number`` (1-based), byes left out."""
        return tuple(p for p in self.rounds[round_number - 1] if p[1] != BYE)

    def bye(self, round_number: int) -> int | None:
        """The player who has the bye in round ``round_number`` (1-based), if any."""
        for white, black in self.rounds[round_number - 1]:
            if black == BYE:
                return white
        return None


def _reversed_colours(rnd: Round) -> Round:
    """The same boards with colours swapped; a bye has no colour and stays ``(player, BYE)``."""
    return tuple(pair if pair[1] == BYE else (pair[1], pair[0]) for pair in rnd)


def single_round_robin(n: int) -> RoundRobinSchedule:
    """One cycle: the Berger table played in its own order."""
    return RoundRobinSchedule(players=n, cycles=1, rounds=berger_table(n))


def two_cycles(table: tuple[Round, ...], n: int, *, swap_last_two: bool,
               reverse_second_cycle: bool = False) -> RoundRobinSchedule:
    """A double round robin from any table: cycle 1 the table (its last two rounds swapped when
    ``swap_last_two``), cycle 2 the table with colours reversed, in table order or, with
    ``reverse_second_cycle``, backwards (table rounds N-1, ..., 1)."""
    first = list(table)
    if swap_last_two and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second_order = reversed(table) if reverse_second_cycle else iter(table)
    second = [_reversed_colours(rnd) for rnd in second_order]
    return RoundRobinSchedule(players=n, cycles=2, rounds=tuple(first + second))


def double_round_robin(n: int, reverse_second_cycle: bool = False) -> RoundRobinSchedule:
    """Two cycles of the Berger table for n players (reference digest 10.4).

    FIDE's recommendation (C.05 Annex 1, as implemented by TEC ``berger.js`` with ``swap`` and
    by TieBreakServer): cycle 1 is the table with its **last two rounds swapped**, cycle 2 is the
    table in its **original order** with **colours reversed**.  Why the swap: in every round of
    the table except the first, each player has the opposite of his round-1 colour in the last
    round; replaying round 1 reversed right after it would give him the same colour twice, and
    players 1 and N/2+1 (who repeat a colour in rounds 1-2) three times in a row.  With the swap
    nobody gets the same colour three times in a row (see the tests).

    ``reverse_second_cycle=True`` (not FIDE) keeps cycle 1 as above and plays cycle 2 in the
    reverse table order (table rounds N-1, N-2, ..., 1, colours reversed), so that the round-1
    opponents meet again in the very last round rather than at the start of cycle 2.  Cycle 1
    keeps the swap: without it cycle 1 would end with table round N-1 and cycle 2 would start
    with it, the same opponents twice in a row.
    """
    return two_cycles(berger_table(n), n, swap_last_two=True, reverse_second_cycle=reverse_second_cycle)
