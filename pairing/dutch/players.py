"""What the Dutch system needs to know about each player before a round is paired.

Everything here is derived from the :mod:`trf` model for the rounds before the one being
paired: pairing score (C.04.3 Art. 1.2, with C.04.7 acceleration), colour difference and
preference (Art. 1.6-1.7, played games only, C.04.2 Art. 3.4), float history (Art. 1.4),
PAB eligibility (C2 / C.04.1 Art. 4), unplayed games (C9) and topscorer status (Art. 1.8).

Two definitions differ between the editions (:mod:`pairing.dutch.editions`), each held in a
:class:`PlayerRules` the edition carries:

* floats (:attr:`PlayerRules.unplayed_float`): 2026 Art. 1.4.3-1.4.4 float down only a player
  who scored more than a loss without playing; 2017 A.4.b floats down every player who did not
  play in a round, "for whatever reason";
* the PAB (:attr:`PlayerRules.pab_barred`): 2026 C2 bars a player who had the PAB or scored a
  win's points without playing (forfeit win, full-point bye); 2017 C.2 bars a player who had the
  PAB or "scored a (forfeit) win due to an opponent not appearing in time": a full-point bye
  does not bar.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from fractions import Fraction
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from pairing.pab import bars_pab, pab_eligible  # C.04.3 Art. 2.1.2 (C2)
from pairing.result import PairingInputError
from pairing.preference import Strength as Strength  # Art. 1.7, re-exported
from pairing.preference import colour_difference as colour_difference  # Art. 1.6, re-exported
from pairing.preference import colour_preference as colour_preference
from trf.acceleration import has_explicit_acceleration
from trf.model import Colour, Result, RoundEntry, Tournament

if TYPE_CHECKING:
    from typing import Callable
    from pairing.dutch.editions import Edition


class Float(enum.Enum):
    DOWN = "D"
    UP = "U"


@dataclass(frozen=True)
class PairingPlayer:
    """A player available for the round being paired, as the criteria see them."""

    id: int  # start rank in the file (TRF pairing number)
    tpn: int  # effective tournament pairing number (Art. 1.1; never-paired absentees skipped)
    score: Fraction  # pairing score: points + virtual points of this round (Art. 1.2, C.04.7)
    points: Fraction  # points without acceleration (board order)
    colours: tuple[Colour, ...]  # colours of played games, in order
    preference: Colour | None
    strength: Strength
    floats: tuple[Float | None, Float | None]  # previous round, two rounds before
    bye_eligible: bool  # C2
    played_games: int
    topscorer: bool
    met: frozenset[int]  # opponents of played games (C1)
    #: Colour difference: Whites minus Blacks, played games only (Art. 1.6); the colour criteria
    #: read it of every pair, so it is counted once, from :attr:`colours`
    cd: int = field(init=False, repr=False, compare=False)
    #: The same colour in the two latest played games.
    repeated: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        colours = self.colours
        object.__setattr__(self, "cd", colour_difference(colours))
        object.__setattr__(self, "repeated", len(colours) >= 2 and colours[-1] is colours[-2])


def available_players(t: Tournament, rnd: int) -> list[int]:
    """Players to pair in ``rnd``: everyone not declared absent for it (a ``0000 - Z/H/F`` in its
    column, ``240``, ``XXZ``; C.04.2 Art. 3.2-3.3)."""
    absent = t.declared_absences(rnd)
    return sorted(p.start_rank for p in t.players if p.start_rank not in absent)


def _historic_score(t: Tournament, pid: int, rnd: int, points: Callable[[int, int], Fraction] | None = None) -> Fraction:
    """Pairing score a player had when round ``rnd`` was paired: points of rounds before it plus
    that round's virtual points.  Floats are judged on it (Art. 1.4, C.04.7)."""
    before = points(pid, rnd - 1) if points is not None else t.score(pid, through=rnd - 1)
    return before + t.acceleration(pid, rnd)


def _points_memo(t: Tournament) -> Callable[[int, int], Fraction]:
    """``t.score(pid, through=r)``, each asked once (a round's floats ask for both players)."""
    memo: dict[tuple[int, int], Fraction] = {}
    if t.abnormal_points:  # TRF-2026 299: the tournament's own reading (trf/abnormal.py)
        def points(pid: int, through: int) -> Fraction:
            key = (pid, through)
            if key not in memo:
                memo[key] = t.score(pid, through=through)
            return memo[key]

        return points
    scoring = t.scoring
    denominator = scoring.denominator
    totals: dict[int, list[int]] = {}

    def running(pid: int, through: int) -> Fraction:
        """``t.score(pid, through=through)``: the player's blocks summed once, every prefix kept."""
        key = (pid, through)
        if key not in memo:
            if pid not in totals:
                totals[pid] = scoring.running_totals(t.player(pid).rounds)
            prefix = totals[pid]
            memo[key] = Fraction(prefix[min(max(through, 0), len(prefix) - 1)], denominator)
        return memo[key]

    return running


@dataclass(frozen=True)
class PlayerRules:
    """The two player facts an edition reads its own way (module docstring)."""

    #: the float of a round in which the player has no game, given its entry for the round
    #: (``None`` when the record has none)
    unplayed_float: Callable[[Tournament, int, int], Float | None]
    #: whether a round without a game (the player's start rank, the round, its block) bars the
    #: PAB from then on (C2, C.2)
    pab_barred: Callable[[Tournament, int, int, RoundEntry], bool]

    def pab_eligible(self, t: Tournament, pid: int, rnd: int) -> bool:
        """Whether the player of this start rank may receive the PAB in round ``rnd``: no round
        before it without a game bars it (:attr:`pab_barred`)."""
        return pab_eligible(t, pid, rnd, barred=self.pab_barred)


def unplayed_float_2026(t: Tournament, pid: int, rnd: int) -> Float | None:
    """C.04.3 Art. 1.4.3-1.4.4: a round without a game floats down a player who scored more than
    a loss in it (PAB, forfeit win, full- or half-point bye), and nobody else.  What the round
    scored counts TRF-2026 ``299`` values and assignments (:meth:`Tournament.round_points`)."""
    return Float.DOWN if t.round_points(pid, rnd) > t.scoring.loss_white else None


def unplayed_float_2017(t: Tournament, pid: int, rnd: int) -> Float | None:
    """2017 A.4.b: a player who does not play in a round, "for whatever reason", floats down
    (forfeits either way, every bye, absences, rounds before a late entry)."""
    return Float.DOWN


def pab_barred_2017(t: Tournament, pid: int, r: int, e: RoundEntry) -> bool:
    """2017 C.2 (C.04.1.d of that time): no PAB for a player who already had one (whatever it
    was worth) or "scored a (forfeit) win due to an opponent not appearing in time"; a
    full-point bye does not bar."""
    return e.code in (Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN)


#: The player facts of C.04.3 applied from 1 February 2026 (C2: :func:`pairing.pab.bars_pab`),
#: and of the text in force until then.
RULES_2026 = PlayerRules(unplayed_float_2026, bars_pab)
RULES_2017 = PlayerRules(unplayed_float_2017, pab_barred_2017)


def pab_eligible_2026(t: Tournament, pid: int, rnd: int) -> bool:
    """C2 (Art. 2.1.2): :func:`pairing.pab.pab_eligible`."""
    return pab_eligible(t, pid, rnd)


def float_in_round(t: Tournament, pid: int, rnd: int, points: Callable[[int, int], Fraction] | None = None, *,
                   edition: Edition) -> Float | None:
    """:func:`_float` by ``edition``'s player rules."""
    memo = points if points is not None else _points_memo(t)
    return _float(t, pid, rnd, lambda q, r: _historic_score(t, q, r, memo), edition.players)


def _integer_points(t: Tournament) -> dict[int, list[int]] | None:
    """Each player's points after each round (the first entry before any) as integers over the
    scoring's common denominator (:meth:`~trf.scoring.ScoringSystem.running_totals`: the blocks
    summed once, no Fraction made): the pairing score a round was paired with is the points
    before it when no ``299`` record and no acceleration record (``XXA``, ``250``: no virtual
    points in any round) makes it otherwise; None when one does."""
    if t.abnormal_points or has_explicit_acceleration(t):
        return None
    running = t.scoring.running_totals
    return {pid: running(p.rounds) for pid, p in t.player_by_rank.items()}


def _historic_scores(t: Tournament, totals: dict[int, list[int]] | None) -> Callable[[int, int], Fraction | int]:
    """The pairing score a player had when round ``r`` was paired (:func:`_historic_score`), as
    a value that compares as that score does, which is all the floats read of it (Art. 1.4):
    from ``totals`` (:func:`_integer_points`) when it applies, else the exact score."""
    if totals is None:
        points = _points_memo(t)
        return lambda pid, r: _historic_score(t, pid, r, points)

    def historic(pid: int, r: int) -> int:
        prefix = totals[pid]
        k = r - 1 if r >= 1 else 0
        return prefix[k] if k < len(prefix) else prefix[-1]

    return historic


def _float(t: Tournament, pid: int, rnd: int, historic: Callable[[int, int], Fraction | int],
           rules: PlayerRules) -> Float | None:
    """A played game between different pairing scores floats the higher player down and the
    lower one up (2026 Art. 1.4.2, 2017 A.4.b); ``historic(player, rnd)`` is the pairing score
    each had then (:func:`_historic_scores`).  A round without a game floats as ``edition``
    says (:attr:`PlayerRules.unplayed_float`: 2026 Art. 1.4.3-1.4.4, 2017 A.4.b)."""
    if rnd < 1:
        return None
    return _float_of(t, pid, rnd, t.player(pid).entry(rnd), historic, rules)


def _float_of(t: Tournament, pid: int, rnd: int, e: RoundEntry | None,
              historic: Callable[[int, int], Fraction | int], rules: PlayerRules) -> Float | None:
    """:func:`_float` of round ``rnd`` (at least 1), whose block ``e`` is given."""
    if e is not None and e.is_played and e.opponent in t.player_by_rank:
        mine, theirs = historic(pid, rnd), historic(e.opponent, rnd)
        if mine > theirs:
            return Float.DOWN
        if mine < theirs:
            return Float.UP
        return None
    return rules.unplayed_float(t, pid, rnd)


def bye_eligible(t: Tournament, pid: int, rnd: int, edition: Edition) -> bool:
    """Whether the player may receive the PAB in round ``rnd``, as ``edition`` says
    (:attr:`PlayerRules.pab_eligible`: 2026 C2, Art. 2.1.2 and C.04.1 Art. 4; 2017 C.2)."""
    return edition.players.pab_eligible(t, pid, rnd)


def pairing_players(t: Tournament, rnd: int, total_rounds: int | None = None,
                    edition: Edition | None = None) -> list[PairingPlayer]:
    """The players to pair in round ``rnd``, in rank order (score desc, TPN asc; Art. 1.2), with
    the floats and PAB eligibility of ``edition`` (module docstring), by default those of the
    edition applied now (:data:`RULES_2026`).

    Each player's blocks before the round are read once (colours, opponents, games played,
    whether ever paired, whether a round without a game bars the PAB, the blocks of the floats'
    rounds), and the scores are integers over the scoring's common denominator when no ``299``
    record or acceleration makes them otherwise (:func:`_integer_points`)."""
    rules = edition.players if edition is not None else RULES_2026
    total = total_rounds if total_rounds is not None else t.total_rounds
    prev = rnd - 1
    available = set(available_players(t, rnd))
    if total is None and available:
        raise PairingInputError(
            "total-rounds", "the total number of rounds is unknown: the file needs an XXR or 142 record "
            "(topscorers in the last round depend on it, C.04.3 Art. 1.8)")
    scoring = t.scoring
    top_threshold = None
    if total is not None and prev >= total - 1:
        top_threshold = Fraction(prev) * max(scoring.win_white, scoring.draw_white) / 2

    totals = _integer_points(t)
    historic = _historic_scores(t, totals)
    points = None if totals is not None else _points_memo(t)
    denominator = scoring.denominator if totals is not None else 1
    # an integer score over the denominator is above the threshold when above its floor
    top_whole = math.floor(top_threshold * denominator) if top_threshold is not None else None
    pab_barred = rules.pab_barred
    made: dict[int, Fraction] = {}  # each score made once: players of a scoregroup share it
    out: list[tuple[Fraction | int, int, PairingPlayer]] = []
    tpn = 0
    for p in sorted(t.players, key=lambda q: q.start_rank):
        pid = p.start_rank
        before = p.rounds[:max(prev, 0)]
        here = pid in available
        ever_paired = False
        colours: list[Colour] = []
        met: list[int] = []
        barred = False
        for r, e in enumerate(before, start=1):
            if e is None:
                continue
            if e.is_played:
                colours.append(e.colour)
                met.append(e.opponent)  # type: ignore[arg-type]  # a played game has one
                ever_paired = True
                continue
            if not ever_paired and e.is_paired:
                ever_paired = True
            if not barred and here and pab_barred(t, pid, r, e):
                barred = True
        if not ever_paired and not here:
            continue  # never paired and not here: takes no pairing number (bbp, Gacrux)
        tpn += 1
        if not here:
            continue
        history = tuple(colours)
        pref, strength = colour_preference(history)
        key: Fraction | int
        if totals is not None:
            prefix = totals[pid]
            whole = key = prefix[min(max(prev, 0), len(prefix) - 1)]
            pts = made.get(whole)
            if pts is None:
                pts = made[whole] = Fraction(whole, denominator)
            score = pts
            topscorer = top_whole is not None and whole > top_whole
        else:
            assert points is not None
            pts = points(pid, prev)
            score = key = pts + t.acceleration(pid, rnd)
            topscorer = top_threshold is not None and score > top_threshold
        last = before[prev - 1] if 1 <= prev <= len(before) else None
        floats = (_float_of(t, pid, prev, last, historic, rules) if prev >= 1 else None,
                  _float_of(t, pid, prev - 1, before[prev - 2] if 2 <= prev <= len(before) + 1 else None,
                            historic, rules) if prev >= 2 else None)
        out.append((key, tpn, PairingPlayer(
            id=pid,
            tpn=tpn,
            score=score,
            points=pts,
            colours=history,
            preference=pref,
            strength=strength,
            floats=floats,
            bye_eligible=not barred,
            played_games=len(history),
            topscorer=topscorer,
            met=frozenset(met),
        )))
    # score descending, TPN ascending: the players come in TPN order and the sort is stable
    out.sort(key=lambda x: x[0], reverse=True)
    return [q for _, _, q in out]


def infer_initial_colour(t: Tournament) -> Colour | None:
    """The initial colour implied by round 1 (as bbpPairings does when the file does not say it):
    in round 1 nobody has a preference, so Art. 5.2.5 gave the higher-ranked player of each game
    the initial colour if their TPN is odd, the other colour if even."""
    if t.rounds_paired < 1:
        return None
    ranked = {q.id: q for q in pairing_players(t, 1, total_rounds=t.total_rounds or t.round_columns)}
    for g in t.games(1):
        if g.white in ranked and g.black in ranked:
            w, b = ranked[g.white], ranked[g.black]
            higher_is_white = (-w.score, w.tpn) < (-b.score, b.tpn)
            h = w if higher_is_white else b
            got = Colour.WHITE if higher_is_white else Colour.BLACK
            return got if h.tpn % 2 == 1 else got.opposite
    return None
