"""What the Lim system (C.04.4.3, 2026) reads of each player before a round is paired.

Everything comes from the :mod:`trf` model for the rounds before the one being paired: the score
(C.04.1; no virtual points: Baku acceleration is not offered with Lim, docs/lim.md L4), the
rating (Art. 7.1 and the Maxi-tournament rules 3.2.3, 3.8, 5.7), the colours of the games played
over the board (C.04.1: only played games count for colours), the opponents met, whether the
player may receive the PAB (Art. 1.1 with C.04.1 Art. 4) and whether he floated in the previous
round (Art. 3.10).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.pab import pab_eligible
from pairing.tpn import to_pair
from trf.model import Colour, Tournament

__all__ = ["Entrant", "entrants", "due_colour", "may_receive", "floated_in"]


@dataclass(frozen=True)
class Entrant:
    """A player to pair in the round, as the Lim rules see him."""

    id: int  # start rank
    tpn: int  # pairing number: #1 is the "highest numbered" player of the text (Art. 4.2)
    score: Fraction
    rating: int
    colours: tuple[Colour, ...]  # colours of played games, in round order
    met: frozenset[int]  # opponents of played games
    pab_ok: bool  # C.04.1 Art. 4: no second PAB, no PAB after a forfeit win or full-point bye
    floated_last: bool  # Art. 3.10: floated in the previous round


def due_colour(colours: tuple[Colour, ...]) -> Colour | None:
    """Art. 5.1/5.5/5.6: the colour due to a player: the one that equalises his colours when he has
    had more of one, else the one that alternates from his last game; none before a first game."""
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if diff > 0:
        return Colour.BLACK
    if diff < 0:
        return Colour.WHITE
    return colours[-1].opposite if colours else None


def may_receive(colours: tuple[Colour, ...], colour: Colour) -> bool:
    """Art. 2.1 (and 5.1, 5.3): ``colour`` would give the player neither the same colour in three
    successive rounds nor three more of one colour than the other."""
    if len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour:
        return False
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours) + (1 if colour is Colour.WHITE else -1)
    return abs(diff) < 3


def floated_in(t: Tournament, pid: int, rnd: int) -> bool:
    """Art. 3.10 ("a player who floated in the previous round"): read as having played, in round
    ``rnd - 1``, an opponent whose score before that round differed from his (docs/lim.md L9);
    a PAB or an unplayed game is no float."""
    if rnd < 2:
        return False
    e = t.player(pid).entry(rnd - 1)
    if e is None or not e.is_played or e.opponent is None:
        return False
    return t.score(e.opponent, through=rnd - 2) != t.score(pid, through=rnd - 2)


def entrants(t: Tournament, rnd: int) -> list[Entrant]:
    """The players to pair in round ``rnd`` (everyone not declared absent, C.04.2 Art. 3.2-3.3)
    with their pairing numbers (:func:`pairing.tpn.to_pair`), by start rank."""
    prev = rnd - 1
    out: list[Entrant] = []
    for p, tpn in to_pair(t, rnd):
        out.append(Entrant(
            id=p.start_rank, tpn=tpn, score=t.score(p.start_rank, through=prev), rating=p.rating or 0,
            colours=p.colour_history(through=prev), met=frozenset(p.opponents(through=prev)),
            pab_ok=pab_eligible(t, p.start_rank, rnd), floated_last=floated_in(t, p.start_rank, rnd)))
    return out
