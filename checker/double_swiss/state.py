"""The checker's own reading of a Double-Swiss file before a round (C.04.5), straight from the
round columns (two per match, ``docs/double-swiss.md``): who plays, scores, game-1 colours, who
met whom, who floated, who may not have the PAB.  It shares nothing with the engine's reading.

Definitions applied:

* score: the game points of every column before the match (Preface: a player's score is the sum
  of its game points), under the file's ``162``;
* a match is a meeting unless a player forfeited both of its games (Preface; C.04.2 Art. 3.5):
  this player's two columns or the opponent's both carry ``-`` (each forfeiting one game, ``+ -``
  against ``- +``, is a meeting without a colour: decision D7);
* a match gives its game-1 colour when at least one of its games was played (Art. 1.6);
* matches played (Art. 3.4.3): the meetings;
* floated in the previous round (Art. 1.5): met an opponent whose score differed before that
  round (a PAB or an unplayed match floats nobody);
* barred from the PAB (Art. 2.1.2): a PAB (``U``), a full-point bye (``F``), a match won by
  forfeit (``+`` in both columns).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from trf.codes import Colour, Result
from trf.model import RoundEntry, Tournament

__all__ = ["Facts", "RoundState", "round_state", "given_round"]

_PLAYED_CODES = frozenset({Result.WIN, Result.DRAW, Result.LOSS, Result.WIN_UNRATED, Result.DRAW_UNRATED,
                           Result.LOSS_UNRATED, Result.ADJOURNED})


@dataclass(frozen=True)
class Facts:
    """One player before the round (module docstring)."""

    tpn: int
    score: Fraction
    colours: tuple[Colour, ...]
    matches: int
    met: frozenset[int]
    barred: bool
    floated: bool


@dataclass(frozen=True)
class RoundState:
    """The round to check: its number, the number of match rounds, the initial colour, the
    players to be paired and their facts, the pairs the file forbids."""

    round: int
    total: int
    initial: Optional[Colour]
    facts: dict[int, Facts]
    forbidden: frozenset[frozenset[int]]

    @property
    def last_round(self) -> bool:
        """C7 and C8 do not apply (Art. 2.3.4-2.3.5)."""
        return self.round >= self.total

    def may_meet(self, a: int, b: int) -> bool:
        """C1 (Art. 2.1.1) and the file's forbidden pairs."""
        return b not in self.facts[a].met and frozenset((a, b)) not in self.forbidden


def _cell(t: Tournament, pid: int, column: int) -> Optional[RoundEntry]:
    rounds = t.player(pid).rounds
    return rounds[column - 1] if 0 < column <= len(rounds) else None


def _score(t: Tournament, pid: int, matches: int) -> Fraction:
    """Game points of the first ``matches`` matches (their columns), ``299`` adjustments included."""
    return t.score(pid, through=2 * matches)


def _match(t: Tournament, pid: int, m: int) -> tuple[Optional[RoundEntry], Optional[RoundEntry]]:
    return _cell(t, pid, 2 * m - 1), _cell(t, pid, 2 * m)


def _lost_both_by_forfeit(t: Tournament, pid: int, m: int) -> bool:
    if pid not in t.player_by_rank:
        return False
    return all(g is not None and g.result is Result.FORFEIT_LOSS for g in _match(t, pid, m))


def _is_meeting(t: Tournament, pid: int, m: int) -> Optional[int]:
    """The opponent of match ``m`` of ``pid`` when it counts as a meeting, else ``None``: paired in
    both games and neither player forfeited both (Preface)."""
    g1, g2 = _match(t, pid, m)
    if g1 is None or g2 is None or g1.opponent is None:
        return None
    if _lost_both_by_forfeit(t, pid, m) or _lost_both_by_forfeit(t, g1.opponent, m):
        return None
    return g1.opponent


def _initial(t: Tournament) -> Optional[Colour]:
    """``152`` (or ``XXC``), else what match 1 shows (Art. 4.3.1 backwards: the smallest TPN with a
    game-1 opponent of larger TPN had the initial-colour if its TPN is odd)."""
    if t.initial_colour is not None:
        return t.initial_colour
    for p in sorted(t.players, key=lambda p: p.start_rank):
        c = _cell(t, p.start_rank, 1)
        if c is not None and c.opponent is not None and c.opponent > p.start_rank and c.colour is not Colour.NONE:
            return c.colour if p.start_rank % 2 else c.colour.opposite
    return None


def round_state(t: Tournament, rnd: int, total: Optional[int] = None) -> RoundState:
    """The state before match round ``rnd`` (``total``: match rounds; default ``142``/``XXR``
    halved)."""
    if total is None:
        total = (t.total_rounds or 2 * rnd) // 2
    c1, c2 = 2 * rnd - 1, 2 * rnd
    pab = {p.start_rank for p in t.players
           if (e := _cell(t, p.start_rank, c1)) is not None and e.code is Result.PAIRING_ALLOCATED_BYE}
    away = set(t.declared_absences(c1)) | (set(t.declared_absences(c2)) - pab)
    # a bye written in the round's own columns: not paired by the system (the PAB is)
    for p in t.players:
        g = _cell(t, p.start_rank, c1)
        if g is not None and g.opponent is None and g.code in (Result.HALF_POINT_BYE, Result.FULL_POINT_BYE,
                                                                 Result.ZERO_POINT_BYE) and g.result is not None:
            away.add(p.start_rank)
    facts: dict[int, Facts] = {}
    for p in t.players:
        pid = p.start_rank
        if pid in away:
            continue
        colours: list[Colour] = []
        met: set[int] = set()
        n = 0
        barred = False
        for m in range(1, rnd):
            g1, g2 = _match(t, pid, m)
            opp = _is_meeting(t, pid, m)
            if opp is not None:
                n += 1
                met.add(opp)
                if g1 is not None and g2 is not None and (g1.result in _PLAYED_CODES or g2.result in _PLAYED_CODES):
                    colours.append(g1.colour)
            codes = [g.code if g is not None else None for g in (g1, g2)]
            if Result.PAIRING_ALLOCATED_BYE in codes or Result.FULL_POINT_BYE in codes:
                barred = True
            if codes == [Result.FORFEIT_WIN, Result.FORFEIT_WIN]:
                barred = True
        floated = False
        if rnd > 1:
            opp = _is_meeting(t, pid, rnd - 1)
            if opp is not None:
                floated = _score(t, pid, rnd - 2) != _score(t, opp, rnd - 2)
        facts[pid] = Facts(pid, _score(t, pid, rnd - 1), tuple(colours), n, frozenset(met), barred, floated)
    forbidden = t.forbidden(c1) | t.forbidden(c2)
    return RoundState(rnd, max(total, rnd), _initial(t), facts, forbidden)


def given_round(t: Tournament, rnd: int) -> tuple[list[tuple[int, int]], Optional[int]]:
    """The round as the file gives it: the pairs (White in game 1, Black in game 1) and the PAB."""
    c1 = 2 * rnd - 1
    pairs = []
    bye = None
    for p in t.players:
        g = _cell(t, p.start_rank, c1)
        if g is None:
            continue
        if g.opponent is not None and g.colour is Colour.WHITE:
            pairs.append((p.start_rank, g.opponent))
        elif g.opponent is not None and g.colour is Colour.NONE and p.start_rank < g.opponent:
            pairs.append((p.start_rank, g.opponent))
        elif g.code is Result.PAIRING_ALLOCATED_BYE:
            bye = p.start_rank
    return pairs, bye
