"""What the Burstein system (C.04.4.2, 2026) reads of each player before a round is paired.

Everything is derived from the :mod:`trf` model for the rounds before the one being paired:
the pairing score (points plus the round's virtual points, C.04.7), the Index of Art. 1.7
(Buchholz, then Sonneborn-Berger, as *this* text defines them: an unplayed round is a game
against oneself, Art. 1.7.2.1; an opponent absent with zero-point byes up to the current round
has those byes counted as draws when the opponents use the score, Art. 1.7.2.2; virtual points
never enter the Index, Art. 1.7.2.3), the colour difference and preference (Art. 1.4-1.5,
played games only, C.04.2 Art. 3.4) and the PAB bar (C2, C.04.1 Art. 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.pab import pab_eligible  # C2 (re-exported)
from pairing.preference import Strength, colour_preference  # Art. 1.5 (re-exported)
from pairing.tpn import to_pair
from trf.model import Colour, Tournament

__all__ = ["Strength", "Entrant", "colour_preference", "seeding_rounds", "entrants", "index_of", "rank_key",
           "pab_eligible", "seen_score"]


@dataclass(frozen=True)
class Entrant:
    """A player to pair in the round, as the criteria see them."""

    id: int  # start rank
    tpn: int  # tournament pairing number (C.04.2 Art. 2; never-paired absentees skipped)
    score: Fraction  # pairing score: points + virtual points of the round (C.04.7)
    points: Fraction  # points without virtual points
    index: tuple[Fraction, Fraction]  # (Buchholz, Sonneborn-Berger), Art. 1.7
    colours: tuple[Colour, ...]  # colours of played games, in order (squeezed, C.04.2 Art. 3.4)
    preference: Colour | None
    strength: Strength
    pab_ok: bool  # C2
    played: int  # games played over the board (Art. 3.1.4)
    met: frozenset[int]  # opponents of played games (C1)


def rank_key(p: Entrant) -> tuple[Fraction, Fraction, int]:
    """Art. 1.8: the higher Index ranks higher (Buchholz, then Sonneborn-Berger), then the
    smaller TPN; scores are not used.  Sorting by this key puts the highest-ranked first."""
    return (-p.index[0], -p.index[1], p.tpn)


def seeding_rounds(total: int) -> int:
    """Art. 1.6.2: the number of seeding rounds, paired by the Dutch system: half the rounds
    (rounded down), at most four."""
    return min(total // 2, 4)


def _zero_bye_run(t: Tournament, pid: int, prev: int) -> int:
    """How many rounds, counted back from ``prev``, the player spent in a row on zero-point byes
    (no opponent, no point: ``Z``, an absence, a blank block)."""
    p = t.player(pid)
    run = 0
    for r in range(prev, 0, -1):
        e = p.entry(r)
        if (e is None or e.opponent is None) and t.round_points(pid, r) == 0:
            run += 1
        else:
            break
    return run


def seen_score(t: Tournament, pid: int, prev: int) -> Fraction:
    """A player's score as their over-the-board opponents use it in their Index (Art. 1.7.2.2):
    the current score, plus a draw for each zero-point bye of a run reaching up to the current
    round (a player absent since, or withdrawn)."""
    return t.score(pid, through=prev) + t.scoring.draw_white * _zero_bye_run(t, pid, prev)


def index_of(t: Tournament, pid: int, prev: int, seen: dict[int, Fraction] | None = None
             ) -> tuple[Fraction, Fraction]:
    """Art. 1.7.1: Buchholz (the opponents' scores) and Sonneborn-Berger (the points scored
    against each opponent times that opponent's score) over rounds 1..``prev``; an unplayed
    round is a game against oneself with the points registered for it (Art. 1.7.2.1).  Real
    points only (Art. 1.7.2.3).  ``seen``: the opponents' scores by start rank, when known."""
    own = t.score(pid, through=prev)
    p = t.player(pid)
    bh = sb = Fraction(0)
    for r in range(1, prev + 1):
        e = p.entry(r)
        got = t.round_points(pid, r)
        if e is not None and e.is_played and e.opponent is not None:
            opp = seen[e.opponent] if seen is not None and e.opponent in seen else seen_score(t, e.opponent, prev)
        else:
            opp = own
        bh += opp
        sb += got * opp
    return bh, sb


def entrants(t: Tournament, rnd: int) -> list[Entrant]:
    """The players to pair in round ``rnd`` (everyone not declared absent for it, C.04.2 Art.
    3.2-3.3), by start rank."""
    prev = rnd - 1
    seen = {p.start_rank: seen_score(t, p.start_rank, prev) for p in t.players}
    out: list[Entrant] = []
    for p, tpn in to_pair(t, rnd):
        colours = p.colour_history(through=prev)
        pref, strength = colour_preference(colours)
        points = t.score(p.start_rank, through=prev)
        out.append(Entrant(
            id=p.start_rank, tpn=tpn, score=points + t.acceleration(p.start_rank, rnd), points=points,
            index=index_of(t, p.start_rank, prev, seen), colours=colours, preference=pref, strength=strength,
            pab_ok=pab_eligible(t, p.start_rank, rnd),
            played=sum(1 for r in range(1, rnd) if (e := p.entry(r)) is not None and e.is_played),
            met=frozenset(p.opponents(through=prev))))
    return out
