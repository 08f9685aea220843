"""The facts the Double-Swiss system (C.04.5) reads of each player before a round, from the
matches of :mod:`trf.matches`: score (game points), game-1 colours, matches played, meetings,
whether the player floated in the previous round and whether it may receive the PAB.

A player's score is the sum of its game points, byes included (Preface); a match forfeited on
both games by a player is no meeting (Preface, C.04.2 Art. 3.5) and gives no colour; a match
with at least one game played gives its game-1 colour (Art. 1.6); a partly forfeited match
counts as played.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trf.codes import Colour, Result
from trf.matches import MatchEntry, match_columns, player_matches
from trf.model import Tournament

__all__ = ["RoundSettings", "PlayerState", "Switches", "TAKEN", "player_states", "not_paired"]


@dataclass(frozen=True)
class RoundSettings:
    """The match round paired and the number of match rounds (C7 and C8 lapse in the last
    round, C.04.5 Art. 2.3.4-2.3.5)."""

    round: int
    total: int

    @property
    def last_round(self) -> bool:
        return self.round >= self.total


@dataclass(frozen=True)
class Switches:
    """The reading applied of each open point of C.04.5 that can change a pairing
    (``docs/double-swiss.md``): every switch off is the decision taken; a switch on is the
    other reading, for naming a reading that decided a round (:mod:`pairing.double_swiss.readings`).

    ``d3``: C8 (Art. 2.3.5) counts an upfloater's opponent only when it is a resident;
    ``d6``: every paired match is a "match played" (Art. 3.4.3), also one forfeited on both games;
    ``d9``: the PAB's receiver floated (Art. 1.5);
    ``d10``: Art. 4.3.2 compares colour differences (Whites less Blacks), not Whites;
    ``d11``: one game won by forfeit bars the PAB (Art. 2.1.2);
    ``d12``: a float is read from the player's last match played, not the previous match round (Art. 1.5);
    ``d21``: Art. 4.3.3 compares the players' k-th matches, from the latest both have."""

    d3: bool = False
    d6: bool = False
    d9: bool = False
    d10: bool = False
    d11: bool = False
    d12: bool = False
    d21: bool = False


#: The decisions taken (``docs/double-swiss.md``).
TAKEN = Switches()


@dataclass(frozen=True)
class PlayerState:
    """One player as the pairing of a round sees it (module docstring)."""

    tpn: int
    score: Fraction                 # game points before the round (Preface)
    colours: tuple[Colour, ...]     # game-1 colours of the matches with a game played (Art. 1.6), squeezed
    played: int                     # matches that count as played (Art. 3.4.3; Preface)
    met: frozenset[int]             # opponents of matches that count as played (Art. 2.1.1 [C1])
    pab_barred: bool                # Art. 2.1.2 [C2]
    floated: bool                   # a floater in the previous round (Art. 1.5)

    @property
    def whites(self) -> int:
        """Matches with White in game 1 (Art. 4.3.2 counts them)."""
        return sum(1 for c in self.colours if c is Colour.WHITE)


def not_paired(t: Tournament, rnd: int) -> frozenset[int]:
    """Players with a bye or absence declared for match ``rnd`` (in either of its columns, or by
    ``240`` for either column): not paired (C.04.2 Art. 3.3).  Game 2's ``H`` of a PAB (``U`` in
    game 1's column) is the PAB's, not a bye of its own."""
    c1, c2 = match_columns(rnd)
    pab = {p.start_rank for p in t.players
           if (e := p.entry(c1)) is not None and e.code is Result.PAIRING_ALLOCATED_BYE}
    return frozenset(t.declared_absences(c1)) | (frozenset(t.declared_absences(c2)) - pab)


def _bars_pab(m: MatchEntry, one_game: bool = False) -> bool:
    """C.04.5 Art. 2.1.2 [C2]: a PAB, a match won by forfeit, a full-point bye (``one_game``:
    the other reading of D11, a single game won by forfeit bars it too)."""
    if one_game and m.kind == "match" and any(g is not None and g.result is Result.FORFEIT_WIN for g in m.games):
        return True
    return m.kind in ("pab", "full-bye") or m.won_by_forfeit


def player_states(t: Tournament, settings: RoundSettings, switches: Switches = TAKEN) -> dict[int, PlayerState]:
    """The players to pair in ``settings.round`` (all but those :func:`not_paired`), by TPN
    (``switches``: the readings of D6, D9, D11, D12, :class:`Switches`)."""
    rnd = settings.round
    absent = not_paired(t, rnd)
    history = {p.start_rank: player_matches(t, p.start_rank, rnd - 1) for p in t.players}
    before = rnd - 1

    def score(tpn: int, through: int) -> Fraction:
        return t.score(tpn, through=2 * through)

    out: dict[int, PlayerState] = {}
    for p in t.players:
        tpn = p.start_rank
        if tpn in absent:
            continue
        ms = history[tpn]
        floated = False
        if before >= 1:
            last = ms[before - 1]
            if switches.d12:                               # D12 other reading: the last match played
                last = next((m for m in reversed(ms) if m.meeting), last)
            if last.meeting and last.opponent is not None:
                floated = score(tpn, last.round - 1) != score(last.opponent, last.round - 1)
            elif switches.d9 and last.kind == "pab":         # D9 other reading: the PAB floats
                floated = True
        out[tpn] = PlayerState(
            tpn=tpn,
            score=score(tpn, before),
            colours=tuple(m.colour for m in ms if m.had_colour),
            played=sum(1 for m in ms if ((m.kind == "match" and not m.pending) if switches.d6 else m.meeting)),
            met=frozenset(m.opponent for m in ms if m.meeting and m.opponent is not None),
            pab_barred=any(_bars_pab(m, switches.d11) for m in ms),
            floated=floated,
        )
    return out

