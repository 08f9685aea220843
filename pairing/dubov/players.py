"""What the Dubov system (C.04.4.1, 2026) reads of each player before a round is paired.

Everything is derived from the :mod:`trf` model for the rounds before the one being paired: the
pairing score (points plus the round's virtual points, C.04.7), the rating (Art. 1.1: every
player must have one), the ARO (Art. 1.7), the colour difference and preference (Art. 1.5-1.6,
played games only, C.04.2 Art. 3.4), the upfloats (Art. 1.8: MaxT, C8-C10) and the PAB bar
(C2, C.04.1 Art. 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.pab import pab_eligible  # C2 (re-exported)
from pairing.preference import Strength  # Art. 1.6 (re-exported)
from pairing.preference import colour_preference as shared_preference
from pairing.result import PairingInputError
from pairing.tpn import to_pair
from trf.model import Colour, Tournament

__all__ = ["Strength", "Entrant", "colour_preference", "aro_of", "max_upfloats", "entrants", "pab_eligible",
           "rank_key", "upfloat_history"]


@dataclass(frozen=True)
class Entrant:
    """A player to pair in the round, as the criteria see them."""

    id: int  # start rank
    tpn: int  # tournament pairing number (Art. 1.2, C.04.2 Art. 2; never-paired absentees skipped)
    score: Fraction  # pairing score: points + virtual points of the round (C.04.7)
    rating: int  # Art. 1.1
    aro: int  # Art. 1.7
    colours: tuple[Colour, ...]  # colours of played games, in order
    preference: Colour  # Art. 1.6 (1.6.4: Black for a player who has not played)
    strength: Strength
    pab_ok: bool  # C2
    played: int  # games played over the board (Art. 3.1.4)
    met: frozenset[int]  # opponents of played games (C1)
    upfloats: int  # times upfloated (Art. 1.8.1)
    upfloated_last: bool  # upfloated in the previous round (C10)
    maximum: bool  # a maximum upfloater (Art. 1.8)


def rank_key(p: Entrant) -> tuple[Fraction, int]:
    """The ranking of Art. 5.2.1/5.2.5 ("higher ranked": more points, then the smaller TPN):
    sorting by this key puts the highest-ranked first."""
    return (-p.score, p.tpn)


def colour_preference(colours: tuple[Colour, ...]) -> tuple[Colour, Strength]:
    """Art. 1.6: the preference of C.04.4.2 Art. 1.5 and C.04.3 Art. 1.7 (the same words,
    :func:`pairing.preference.colour_preference`), except that a player who has not played yet
    has a mild preference for Black (Art. 1.6.4) instead of none."""
    colour, strength = shared_preference(colours)
    if colour is None:
        return Colour.BLACK, Strength.MILD
    return colour, strength


def aro_of(ratings: list[int]) -> int:
    """Art. 1.7: the mean rating of the opponents met over the board, rounded to the nearest
    integer (x.5 upwards); 0 before a first game (Art. 1.7.3).  Exact: no float is involved."""
    if not ratings:
        return 0
    q = Fraction(sum(ratings), len(ratings))
    return int(q + Fraction(1, 2)) if q >= 0 else -int(-q + Fraction(1, 2))


def max_upfloats(total_rounds: int) -> int:
    """Art. 1.8.2: MaxT = 2 + floor(rounds / 5)."""
    return 2 + total_rounds // 5


def _pairing_score(t: Tournament, pid: int, rnd: int) -> Fraction:
    """The score a player was paired on in round ``rnd``: points before it plus its virtual points."""
    return t.score(pid, through=rnd - 1) + t.acceleration(pid, rnd)


def upfloat_history(t: Tournament, pid: int, rnd: int) -> tuple[int, bool]:
    """How often the player was upfloated before round ``rnd`` and whether in round ``rnd - 1``.
    Art. 1.8.1 does not define "upfloated"; read as "met over the board an opponent paired on a
    higher score" (docs/dubov.md, decision D3): a PAB or an unplayed game is no upfloat."""
    p = t.player(pid)
    count, last = 0, False
    for r in range(1, rnd):
        e = p.entry(r)
        up = False
        if e is not None and e.is_played and e.opponent is not None:
            up = _pairing_score(t, e.opponent, r) > _pairing_score(t, pid, r)
        count += up
        last = up
    return count, last


def entrants(t: Tournament, rnd: int, total_rounds: int) -> list[Entrant]:
    """The players to pair in round ``rnd`` (everyone not declared absent for it, C.04.2 Art.
    3.2-3.3), by start rank.  Raises :class:`PairingInputError` for a player without a rating
    (Art. 1.1: the Chief Arbiter gives a provisional one)."""
    prev = rnd - 1
    maxt = max_upfloats(total_rounds)
    ratings = {p.start_rank: p.rating for p in t.players}
    out: list[Entrant] = []
    for p, tpn in to_pair(t, rnd):
        if not p.rating:
            raise PairingInputError(
                "rating", f"player {p.start_rank} has no rating: the Dubov system pairs by rating (C.04.4.1 Art. "
                "1.1: the Chief Arbiter gives a provisional rating, written in the player's line)")
        met = p.opponents(through=prev)
        colours = p.colour_history(through=prev)
        pref, strength = colour_preference(colours)
        ups, last = upfloat_history(t, p.start_rank, rnd)
        opp_ratings = [ratings[o] or 0 for o in met]
        out.append(Entrant(
            id=p.start_rank, tpn=tpn, score=t.score(p.start_rank, through=prev) + t.acceleration(p.start_rank, rnd),
            rating=p.rating, aro=aro_of(opp_ratings), colours=colours, preference=pref, strength=strength,
            pab_ok=pab_eligible(t, p.start_rank, rnd), played=len(met), met=frozenset(met), upfloats=ups,
            upfloated_last=last, maximum=ups >= maxt))
    return out
