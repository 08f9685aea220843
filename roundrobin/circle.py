"""The rotation table drawn by hand (the "circle" method), a table beside FIDE's Berger tables.

The paper method club and league organisers draw: write the numbers in two rows, 1 to N/2 along
the top and N/2+1 to N back along the bottom (N: the number of entrants rounded up to even), so
that round 1 pairs each number with the one below it (``1-N, 2-(N-1), ...``).  After each round
number 1 **stays where it is** and every other number **turns one step** around the two rows
(clockwise: the number after 1 on the top row moves right, the last of the top row drops to the
bottom row, the first of the bottom row climbs next to 1).  For six::

    round 1   1 2 3     round 2   1 6 2     round 3   1 5 6
              6 5 4               5 4 3               4 3 2

gives round 1 ``1-6, 2-5, 3-4``, round 2 ``1-5, 6-4, 2-3``, round 3 ``1-4, 5-3, 6-2``, round 4
``1-3, 4-2, 5-6`` and round 5 ``1-2, 3-6, 4-5``.  With an odd number a ghost takes the last place
(N, under number 1 in round 1) and turns with the others; whoever the ghost meets rests (five
entrants, round 1: ``2-5, 3-4``, 1 rests).  Every number passes every place once in N-1 rounds,
so every pair meets exactly once.

Colours: a pair is listed **as drawn**, the top-row number first, and the first-listed number
has White (the home side).  That is the sheet on the wall, unchanged; its colours are the
method's own: number 1 has White in every round of a cycle, every other number has N/2-1
Whites and N/2 Blacks (it walks the top row, then the bottom row), and in a double cycle the
second cycle reverses every colour, so that over both cycles every pair has had one White each.
FIDE's Berger table (:mod:`roundrobin.berger`) alternates colours and is the one to use when
colours matter in a single cycle.
"""

from __future__ import annotations

from roundrobin.berger import Pair, Round, table_positions, with_byes


def circle_round(big_n: int, r: int) -> tuple[Pair, ...]:
    """Round ``r`` (1-based) of the hand rotation for ``big_n`` (even) places, as drawn: the
    numbers' places after ``r - 1`` steps, then top place k against bottom place N-1-k, top
    first, the pair with number 1 on board 1."""
    others = list(range(2, big_n + 1))
    turn = (r - 1) % (big_n - 1)
    places = [1] + others[len(others) - turn:] + others[: len(others) - turn]
    return tuple((places[k], places[big_n - 1 - k]) for k in range(big_n // 2))


def circle_table(n: int) -> tuple[Round, ...]:
    """The hand rotation table for ``n`` entrants: N-1 rounds (N: n rounded up to even), each
    its pairs in the sheet's order (top row left to right), the first-listed White; with an odd
    ``n`` the ghost N's opponent rests, written ``(player, BYE)`` in the ghost's place."""
    big_n = table_positions(n)
    return with_byes([list(circle_round(big_n, r)) for r in range(1, big_n)], n)
