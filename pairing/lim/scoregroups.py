"""Art. 2.2: scoregroups, the Median Scoregroup and the order in which the groups are paired.

"The Median Scoregroup is the scoregroup with players having the score equal to half the number
of rounds that have been played.  Pairing begins with the highest scoregroup and proceeds
downward until just before the Median Scoregroup, then continues with the lowest scoregroup and
proceeds upwards to the Median Scoregroup which is paired last.  The Median Scoregroup is paired
downward."  With a scoring other than 1-½-0 "half the number of rounds" is read as half of what
the rounds played can give, rounds x a win's points / 2 (docs/lim.md L7); the Median Scoregroup
may be empty (it then holds only the floaters that reach it).
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import Iterable, Sequence

from pairing.lim.players import Entrant

__all__ = ["Direction", "median_score", "pairing_order", "scoregroups"]


class Direction(Enum):
    """The direction a scoregroup is paired in (Art. 2.2).  Every upward rule of the text mirrors a
    downward one (3.2.4, 3.6/3.7, 4.1, 5.4), so the procedure is written in the downward frame and
    :meth:`arrange` mirrors it: downward the first player is #1 (the "highest numbered", Art. 4.2),
    upward the player with the largest pairing number."""

    DOWN = "down"
    UP = "up"

    def arrange(self, players: Iterable[Entrant]) -> list[Entrant]:
        """The players in the direction's order of pairing numbers."""
        return sorted(players, key=lambda p: p.tpn, reverse=self is Direction.UP)

    @property
    def mirrored(self) -> Direction:
        return Direction.UP if self is Direction.DOWN else Direction.DOWN


def median_score(rounds_played: int, win: Fraction) -> Fraction:
    """Art. 2.2: half the number of rounds played, in points (a win's points per round, L7)."""
    return Fraction(rounds_played) * win / 2


def scoregroups(players: Sequence[Entrant]) -> dict[Fraction, list[Entrant]]:
    """Art. 2.2: the players of each score, by pairing number."""
    out: dict[Fraction, list[Entrant]] = {}
    for p in sorted(players, key=lambda q: q.tpn):
        out.setdefault(p.score, []).append(p)
    return out


def pairing_order(scores: Iterable[Fraction], median: Fraction) -> tuple[list[Fraction], list[Fraction]]:
    """Art. 2.2: (the groups above the median, highest first; the groups below it, lowest first).
    The Median Scoregroup comes last, after both."""
    s = set(scores)
    above = sorted((x for x in s if x > median), reverse=True)
    below = sorted(x for x in s if x < median)
    return above, below
