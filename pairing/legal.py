"""Which of a round's players may meet, as the Swiss systems of 2026 that state the same absolute
criteria read them (C.04.4.1 and C.04.4.2 Art. 2.1-2.2): C1 (no rematch of a played game,
C.04.2 Art. 3.5; the file's forbidden pairs too), C3 (two players with the same absolute colour
preference do not meet; these texts have no topscorer exception) and C4 (the players not yet
paired always admit a pairing satisfying C1-C3).  The engines of those systems take it from
here; each checker keeps its own reading."""

from __future__ import annotations

from typing import Protocol, Sequence

from algorithms.cardinality import exposed, maximum_matching
from pairing.preference import Strength
from trf.model import Colour

__all__ = ["Meeting", "Legal", "CRITERIA"]

#: The absolute criteria and the completion criterion as rows ``(name, article, words, kind)``,
#: in the words the two texts share.
CRITERIA: tuple[tuple[str, str, str, str], ...] = (
    ("C1", "2.1.1", "two players do not meet twice (an unplayed game is no meeting, C.04.2 Art. 3.5)", "absolute"),
    ("C2", "2.1.2", "no PAB for a player who had one or scored a win's points without playing (C.04.1 Art. 4)",
     "absolute"),
    ("C3", "2.1.3", "two players with the same absolute colour preference do not meet", "absolute"),
    ("C4", "2.2.1", "the players not yet paired always admit a pairing satisfying C1-C3", "completion"),
)


class Meeting(Protocol):
    """What C1 and C3 read of a player: the start rank, the opponents of played games, the
    colour preference and its strength."""

    @property
    def id(self) -> int: ...

    @property
    def met(self) -> frozenset[int]: ...

    @property
    def preference(self) -> Colour | None: ...

    @property
    def strength(self) -> Strength: ...


class Legal:
    """Which of the round's players may meet: C1 and C3, one bit mask per player, so that C4
    (the players left admit a pairing of everybody) is a cardinality matching on a mask."""

    def __init__(self, players: Sequence[Meeting], forbidden: frozenset[frozenset[int]]) -> None:
        self.index = {p.id: i for i, p in enumerate(players)}
        full = (1 << len(players)) - 1
        absolute: dict[Colour | None, int] = {}
        for i, p in enumerate(players):
            if p.strength is Strength.ABSOLUTE:
                absolute[p.preference] = absolute.get(p.preference, 0) | (1 << i)
        self.adj: list[int] = []
        for i, p in enumerate(players):
            bad = 1 << i
            for q in p.met:
                if q in self.index:
                    bad |= 1 << self.index[q]
            if p.strength is Strength.ABSOLUTE:
                bad |= absolute[p.preference]
            self.adj.append(full & ~bad)
        for pair in forbidden:
            if len(pair) != 2:
                continue
            a, b = tuple(pair)
            if a in self.index and b in self.index:
                self.adj[self.index[a]] &= ~(1 << self.index[b])
                self.adj[self.index[b]] &= ~(1 << self.index[a])

    def __call__(self, a: Meeting, b: Meeting) -> bool:
        """C1 and C3: ``a`` and ``b`` may meet."""
        return bool(self.adj[self.index[a.id]] >> self.index[b.id] & 1)

    def completable(self, players: Sequence[Meeting]) -> bool:
        """C4: ``players`` admit a pairing of everybody satisfying C1-C3."""
        if len(players) % 2:
            return False
        mask = 0
        for p in players:
            mask |= 1 << self.index[p.id]
        return not mask or not exposed(mask, maximum_matching(self.adj, mask))
