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

from pairing.pab import pab_eligible as _pab_eligible
from pairing.preference import Strength, colour_preference  # Art. 1.5 (re-exported)
from pairing.tpn import to_pair
from trf.model import Colour, Tournament

__all__ = ["Strength", "Entrant", "Switches", "TAKEN", "colour_preference", "seeding_rounds", "entrants", "index_of",
           "rank_key", "pab_eligible", "seen_score"]


@dataclass(frozen=True)
class Switches:
    """The readings of the open points of C.04.4.2 that can change a pairing (docs/burstein.md);
    the defaults are the decisions taken, each field says what ``False``/``True`` departs to.

    ``zero_bye_draws`` (B2, Art. 1.7.2.2): an absent opponent's run of zero-point byes counts as
    draws in the Index (``False``: the score as it stands, as py4swiss in effect reads it).
    ``full_bye_bars_pab`` (B8, Art. 3.1.1 with C2): a full-point bye bars the PAB (``False``:
    Art. 3.1.1's "(forfeit) win" alone).  ``forfeits_are_games`` (B13, Art. 3.1.4): a forfeit
    counts as a game played (default ``False``: games over the board only).
    ``colour_rank_by_index`` (B15, Art. 5.2): "higher ranked" is Art. 1.8's ranking (``False``:
    the smaller TPN, as py4swiss reads it).  ``boards_by_pairing_score`` (B6, C.04.2 Art. 3.6
    under C.04.7 Art. 1.5): boards are ordered by the pairing scores (``False``: the real scores,
    as bbpPairings)."""

    zero_bye_draws: bool = True
    full_bye_bars_pab: bool = True
    forfeits_are_games: bool = False
    colour_rank_by_index: bool = True
    boards_by_pairing_score: bool = True


#: The decisions taken (docs/burstein.md).
TAKEN = Switches()


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


def seen_score(t: Tournament, pid: int, prev: int, sw: Switches = TAKEN) -> Fraction:
    """A player's score as their over-the-board opponents use it in their Index (Art. 1.7.2.2):
    the current score, plus a draw for each zero-point bye of a run reaching up to the current
    round (a player absent since, or withdrawn)."""
    if not sw.zero_bye_draws:
        return t.score(pid, through=prev)
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


def pab_eligible(t: Tournament, pid: int, rnd: int, sw: Switches = TAKEN) -> bool:
    """C2 (:func:`pairing.pab.pab_eligible`); ``sw.full_bye_bars_pab`` (decision B8)."""
    return _pab_eligible(t, pid, rnd, full_bye_bars=sw.full_bye_bars_pab)


def entrants(t: Tournament, rnd: int, sw: Switches = TAKEN) -> list[Entrant]:
    """The players to pair in round ``rnd`` (everyone not declared absent for it, C.04.2 Art.
    3.2-3.3), by start rank; ``sw``: the readings of the open points (:class:`Switches`)."""
    prev = rnd - 1
    seen = {p.start_rank: seen_score(t, p.start_rank, prev, sw) for p in t.players}
    out: list[Entrant] = []
    for p, tpn in to_pair(t, rnd):
        colours = p.colour_history(through=prev)
        pref, strength = colour_preference(colours)
        points = t.score(p.start_rank, through=prev)
        out.append(Entrant(
            id=p.start_rank, tpn=tpn, score=points + t.acceleration(p.start_rank, rnd), points=points,
            index=index_of(t, p.start_rank, prev, seen), colours=colours, preference=pref, strength=strength,
            pab_ok=pab_eligible(t, p.start_rank, rnd, sw),
            played=sum(1 for r in range(1, rnd) if (e := p.entry(r)) is not None
                       and (e.is_played or (sw.forfeits_are_games and e.opponent is not None))),
            met=frozenset(p.opponents(through=prev))))
    return out
