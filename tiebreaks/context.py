"""The per-round facts every tie-break reads (FIDE C.07 art. 15 and 16).

:func:`build_context` makes one pass over a tournament and classifies each round of each
participant (a game, a forfeit, one of the byes, an absence), gives the unplayed rounds of a
Swiss their C.07 art. 16.2 category, and derives the three scores of art. 16: the raw score,
the score as the participant's opponents see it (16.3) and the dummy opponent's score for the
participant's own unplayed rounds (16.4, by rule edition).  Round robins and other events with
pre-determined pairings bypass art. 16 (art. 15.2).

Rule editions (FIDE Handbook C.07 and, before 2023, C.02 art. 13):

* ``PRE2023``: C.02 art. 13.15.2, unplayed rounds of an opponent count as draws and the
  participant's own unplayed rounds are games against a *virtual opponent*;
* ``V2023``: the 2023 text and its 2024 re-issues, dummy opponent = the participant's score;
* ``V2026``: in force from 2026-03-01, the dummy's score is capped (art. 16.4.1, 16.4.2) and
  round robins get the art. 15.2 exceptions for art. 7 and art. 10.

Everything is exact (``Fraction``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from enum import Enum
from fractions import Fraction
from typing import Any

from trf.model import Colour, Result, RoundEntry, Tournament

ZERO = Fraction(0)


class Edition(str, Enum):
    """The C.07 rule edition a computation follows."""

    PRE2023 = "pre2023"
    V2023 = "2023"
    V2026 = "2026"


#: First day of each edition (digest §1): the 2023 text applies to events from 1 Sep 2023, the
#: 2026 changes (approved 02/02/2026) to events starting on or after 1 Mar 2026.
V2023_FROM = date(2023, 9, 1)
V2026_FROM = date(2026, 3, 1)


def default_edition(t: Tournament) -> Edition:
    """The edition in force at the event's start date (record 042): before 2023-09-01 the
    pre-2023 rules, before 2026-03-01 the 2023 rules, else (and when the date is missing or
    unreadable) the newest, as the reference implementation does."""
    d = t.start_date
    if d is None:
        return Edition.V2026
    if d < V2023_FROM:
        return Edition.PRE2023
    if d < V2026_FROM:
        return Edition.V2023
    return Edition.V2026


# --------------------------------------------------------------------------- rounds

GAME = "game"
FORFEIT_WIN = "forfeit_win"
FORFEIT_LOSS = "forfeit_loss"
PAB = "pab"
FPB = "fpb"
HPB = "hpb"
ZPB = "zpb"
PENDING = "pending"  # paired, result not known yet (not a C.07 notion: neither played nor a VUR)

#: Voluntary unplayed rounds (art. 16.1): requested byes (HPB, ZPB; every round after a
#: withdrawal is a ZPB) and forfeit losses.
VUR_KINDS = frozenset({HPB, ZPB, FORFEIT_LOSS})
REQUESTED_BYES = frozenset({HPB, ZPB})


@dataclass(frozen=True)
class RoundRecord:
    """One round of one participant, as the tie-breaks see it."""

    round: int
    opponent: int | None  # scheduled opponent (also for forfeits); None for byes/absence
    points: Fraction  # points awarded in the round (tournament scoring)
    played: bool  # a game over the board (W/D/L quick games count as played)
    colour: Colour  # as in the file
    kind: str  # "game", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb" ("pending")
    category: int | None  # C.07 16.2 category 1..5 for unplayed rounds of a Swiss, else None
    result: Result | None = None  # the file's result code (None: blank)


def classify(entry: RoundEntry | None) -> str:
    """The kind of a round block.

    A missing or blank block is an absence (ZPB: art. 15 "every round after a withdrawal is a
    ZPB").  A double forfeit (``-`` on both sides) is a forfeit loss for both (digest §6.2).
    Byes written as forfeit codes without an opponent (some exports write ``0000 - +``) read
    as a full-point bye (``+``) or an absence (``-``)."""
    if entry is None:
        return ZPB
    code = entry.code
    if entry.opponent is not None:
        if code is None:
            return PENDING
        if code.is_played:
            return GAME
        if code is Result.FORFEIT_WIN:
            return FORFEIT_WIN
        if code is Result.FORFEIT_LOSS:
            return FORFEIT_LOSS
        # a bye code with an opponent number: the opponent is not scheduled
    if code is Result.PAIRING_ALLOCATED_BYE:
        return PAB
    if code in (Result.FULL_POINT_BYE, Result.FORFEIT_WIN, Result.WIN, Result.WIN_UNRATED):
        return FPB
    if code in (Result.HALF_POINT_BYE, Result.DRAW, Result.DRAW_UNRATED):
        return HPB
    return ZPB


def categories(kinds: list[str]) -> list[int | None]:
    """C.07 art. 16.2 category of each round of a Swiss participant (None: not unplayed).

    .1 PAB/FPB, .2 forfeit win, .4 forfeit loss; a requested bye is .3 when at least one later
    round is not a VUR and .5 when only VURs follow (or it is the last round): this is why the
    whole list is needed."""
    out: list[int | None] = [None] * len(kinds)
    later_non_vur = False
    for i in range(len(kinds) - 1, -1, -1):
        k = kinds[i]
        if k in (PAB, FPB):
            out[i] = 1
        elif k == FORFEIT_WIN:
            out[i] = 2
        elif k == FORFEIT_LOSS:
            out[i] = 4
        elif k in REQUESTED_BYES:
            out[i] = 3 if later_non_vur else 5
        if k not in VUR_KINDS:
            later_non_vur = True
    return out


def _with_categories(recs: list[RoundRecord], swiss: bool) -> tuple[RoundRecord, ...]:
    if not swiss:
        return tuple(recs)
    cats = categories([r.kind for r in recs])
    return tuple(r if r.category == c else _replace(r, category=c) for r, c in zip(recs, cats))


def _replace(r: RoundRecord, **kw: Any) -> RoundRecord:
    return replace(r, **kw)


def default_rounds(t: Tournament) -> int:
    """Rounds to evaluate by default: every paired round, less trailing rounds whose games all
    still wait for a result (a freshly paired round)."""
    r = t.rounds_paired
    while r > 0:
        entries = [e for p in t.players if (e := p.entry(r)) is not None and e.is_paired]
        if any(not e.is_pending for e in entries):
            break
        r -= 1
    return r


# --------------------------------------------------------------------------- context


@dataclass(frozen=True, eq=False)
class TBContext:
    """Everything a scalar tie-break needs, computed once per (tournament, edition, rounds)."""

    t: Tournament
    edition: Edition
    rounds: int  # rounds taken into account (after_round, default: all paired)
    win: Fraction  # the tournament's points for a win
    draw: Fraction  # ... and for a draw
    round_robin: bool  # pre-determined pairings: art. 15.2 instead of art. 16
    records: dict[int, tuple[RoundRecord, ...]]  # start rank -> rounds 1..rounds
    score: dict[int, Fraction]  # raw points after `rounds`
    adjusted: dict[int, Fraction]  # 16.3 (cat. 5 as draws); pre2023: all unplayed as draws
    fore_adjusted: dict[int, Fraction]  # the same in the Fore Buchholz view (art. 8.3)
    fore_records: dict[int, tuple[RoundRecord, ...]] = field(default_factory=dict)
    fore_score: dict[int, Fraction] = field(default_factory=dict)  # raw points, FB view
    total_rounds: int = 0  # the event's scheduled rounds (art. 16.4.2 cap)
    loss: Fraction | None = None  # points of a loss (None: the tournament's 162 value); a team view sets its own
    #: TRF-2026 299 round 999: start rank -> points the standings after the last round add (not in `score`)
    final_adjustments: dict[int, Fraction] = field(default_factory=dict)
    cache: dict[tuple[object, ...], Fraction] = field(default_factory=dict, compare=False, repr=False)

    # ---- views
    def recs(self, pid: int, fore: bool = False) -> tuple[RoundRecord, ...]:
        return (self.fore_records if fore else self.records)[pid]

    def rec(self, pid: int, rnd: int, fore: bool = False) -> RoundRecord:
        return self.recs(pid, fore)[rnd - 1]

    def own_score(self, pid: int, fore: bool = False) -> Fraction:
        return (self.fore_score if fore else self.score)[pid]

    def seen_score(self, pid: int, fore: bool = False) -> Fraction:
        """``pid``'s score as their opponents' Buchholz sees it (16.3; the raw score in a round
        robin, where art. 16 does not apply)."""
        return (self.fore_adjusted if fore else self.adjusted)[pid]

    # ---- art. 16
    def dummy(self, pid: int, rnd: int, fore: bool = False) -> Fraction:
        """The opponent value of ``pid``'s own unplayed round ``rnd`` (art. 16.4).

        * 2023: a game against a dummy opponent whose score is ``pid``'s own score;
        * 2026: the same, capped: for a forfeit (cat. .2, .4) at the scheduled opponent's
          adjusted score (16.4.1), for any other unplayed round at draw points x the event's
          number of rounds (16.4.2: the scheduled number, EXPECTED.md §3d);
        * pre-2023 (C.02 13.15.2): a virtual opponent that starts the round on ``pid``'s score,
          gets the complement of ``pid``'s result and draws every later round.
        For FB (``fore``) the own score is the Fore Buchholz one (final-round games as draws).
        """
        key = ("dummy", pid, rnd, fore)
        if key in self.cache:
            return self.cache[key]
        recs = self.recs(pid, fore)
        rec = recs[rnd - 1]
        own = self.own_score(pid, fore)
        if self.edition is Edition.PRE2023:
            before = sum((r.points for r in recs[: rnd - 1]), ZERO)
            value = before + self._complement(rec.points) + self.draw * (self.rounds - rnd)
        elif self.edition is Edition.V2023:
            value = own
        elif rec.kind in (FORFEIT_WIN, FORFEIT_LOSS) and rec.opponent in self.score:
            value = min(own, self.seen_score(rec.opponent, fore))
        else:
            value = min(own, self.draw * self.total_rounds)
        self.cache[key] = value
        return value

    def _complement(self, points: Fraction) -> Fraction:
        """The virtual opponent's result in the round: a win against a loss, a draw against a
        draw, a loss against a win (C.02 13.15.2: ``1 - Sf``)."""
        loss = self.t.scoring.loss_white if self.loss is None else self.loss
        if points == self.win:
            return loss
        if points == self.draw:
            return self.draw
        if points == loss:
            return self.win
        return max(self.win + loss - points, ZERO)

    def counts_as_game(self, pid: int, rnd: int, fore: bool = False, forfeits: bool = False) -> bool:
        """Does the round count as a game against the scheduled opponent for BH/SB/FB?

        Games over the board always; forfeits in a round robin (art. 15.2) or with ``/P``;
        in the FB view the final round's paired games (drawn there)."""
        rec = self.rec(pid, rnd, fore)
        if rec.opponent is None or rec.opponent not in self.score:
            return False
        if rec.played or rec.kind == PENDING or self.round_robin:
            return True
        return forfeits and rec.kind in (FORFEIT_WIN, FORFEIT_LOSS)

    def contributes(self, pid: int, rnd: int) -> bool:
        """Whether the round yields a Buchholz value at all: always in a Swiss (art. 16.4 gives
        every unplayed round a dummy), only against an opponent in a round robin (the bye round
        of an odd round robin and absences contribute nothing, digest §4.2)."""
        return not self.round_robin or self.rec(pid, rnd).opponent in self.score

    def opponent_value(self, pid: int, rnd: int, fore: bool = False, forfeits: bool = False) -> Fraction:
        """The Buchholz contribution of one round: the opponent's adjusted score for a game
        (16.3; in a round robin the opponent's score), the dummy for an unplayed round of a
        Swiss (16.4).  A round robin round without an opponent gives 0 (and does not
        :meth:`contribute`)."""
        if self.counts_as_game(pid, rnd, fore, forfeits):
            return self.seen_score(self.rec(pid, rnd, fore).opponent, fore)  # type: ignore[arg-type]
        if self.round_robin:
            return ZERO
        return self.dummy(pid, rnd, fore)

    def is_vur(self, pid: int, rnd: int, fore: bool = False, forfeits: bool = False) -> bool:
        """A voluntary unplayed round (art. 16.1: requested bye or forfeit loss) of a Swiss.
        Round robins have none (art. 15.2 treats their forfeits as games); ``/P`` makes a
        forfeit a game; in the FB view the final round's paired games are games."""
        if self.round_robin or self.counts_as_game(pid, rnd, fore, forfeits):
            return False
        return self.rec(pid, rnd, fore).kind in VUR_KINDS

    def as_game(self, pid: int, rnd: int, purpose: str = "own") -> bool:
        """Whether a round counts as a played game for a family of tie-breaks.

        Over-the-board games always.  Forfeits only in round robins (art. 15.2), where they
        count as games against the scheduled opponent, with the 2026 exceptions: forfeit losses
        stay unplayed for the art. 7 tie-breaks (``purpose="own"``) and all forfeits for the
        rating tie-breaks of art. 10 (``purpose="rating"``).  ``purpose="bh"``: art. 6, 8, 9.
        """
        return self.record_as_game(self.rec(pid, rnd), purpose)

    def record_as_game(self, rec: RoundRecord, purpose: str = "own") -> bool:
        """:meth:`as_game` for one record (a view whose participants have several records in a
        round, the board games of a team, asks by record rather than by round)."""
        if rec.played:
            return True
        if not self.round_robin or rec.kind not in (FORFEIT_WIN, FORFEIT_LOSS):
            return False
        if self.edition is not Edition.V2026 or purpose == "bh":
            return True
        if purpose == "rating":
            return False
        return rec.kind == FORFEIT_WIN


def _records(t: Tournament, pid: int, rounds: int, swiss: bool) -> tuple[RoundRecord, ...]:
    """``pid``'s rounds; with TRF-2026 ``299`` records, each round as it counts (a value of a
    result type, a result assigned to the round: :meth:`Tournament.counted_entry`)."""
    p = t.player(pid)
    sc = t.scoring
    abnormal = bool(t.abnormal_points)
    out = []
    for r in range(1, rounds + 1):
        e = t.counted_entry(pid, r) if abnormal else p.entry(r)
        kind = classify(e)
        opp = e.opponent if e is not None and kind in (GAME, FORFEIT_WIN, FORFEIT_LOSS, PENDING) else None
        if abnormal:
            points = t.round_points(pid, r)
        else:
            points = sc.value(e) if e is not None else sc.zero_point_bye
        out.append(RoundRecord(
            round=r, opponent=opp, points=points, played=kind == GAME, colour=e.colour if e else Colour.NONE,
            kind=kind, category=None, result=e.code if e is not None else None,
        ))
    return _with_categories(out, swiss)


def _fore(recs: tuple[RoundRecord, ...], draw: Fraction, swiss: bool) -> tuple[RoundRecord, ...]:
    """The Fore Buchholz view (art. 8.3): the final round's paired result (a game, a forfeit,
    a pending game) becomes a drawn game; final-round byes keep their points.  Categories are
    recomputed: a requested bye followed by that drawn game is now cat. .3."""
    if not recs or recs[-1].opponent is None:
        return recs
    last = _replace(recs[-1], kind=GAME, played=True, points=draw, category=None)
    return _with_categories([*recs[:-1], last], swiss)


def _adjusted(recs: tuple[RoundRecord, ...], draw: Fraction, edition: Edition, swiss: bool) -> Fraction:
    """Art. 16.3: the score seen by the opponents.  Cat. .5 rounds count as draws (so a
    withdrawn player's remaining rounds give ½ each); pre-2023 (C.02 13.15.2) every unplayed
    round counts as a draw; a round robin keeps the raw score (art. 15.2)."""
    if not swiss:
        return sum((r.points for r in recs), ZERO)
    if edition is Edition.PRE2023:
        return sum((r.points if r.played or r.kind == PENDING else draw for r in recs), ZERO)
    return sum((draw if r.category == 5 else r.points for r in recs), ZERO)


def context_of(t: Tournament, records: dict[int, tuple[RoundRecord, ...]], edition: Edition, rounds: int,
               round_robin: bool, win: Fraction, draw: Fraction, total_rounds: int, *, loss: Fraction | None = None,
               own: dict[int, Fraction] | None = None, final: dict[int, Fraction] | None = None,
               fore: bool = True) -> TBContext:
    """A :class:`TBContext` over records a view built (a team's matches, the two-game matches of a
    Double-Swiss event): the art. 16 scores derived from them as :func:`build_context` derives them
    from a file's columns.  ``own``: what a participant's own score adds to the rounds' points
    (``299`` penalties and bonuses, not seen by the opponents, art. 16.3); ``final``: those of round
    999; ``fore``: build the Fore Buchholz view (art. 8.3)."""
    swiss = not round_robin
    extra = own or {}
    fore_records = {p: _fore(rs, draw, swiss) for p, rs in records.items()} if fore else dict(records)
    return TBContext(
        t=t, edition=edition, rounds=rounds, win=win, draw=draw, round_robin=round_robin, records=records,
        score={p: sum((r.points for r in rs), ZERO) + extra.get(p, ZERO) for p, rs in records.items()},
        adjusted={p: _adjusted(rs, draw, edition, swiss) for p, rs in records.items()},
        fore_adjusted={p: _adjusted(rs, draw, edition, swiss) for p, rs in fore_records.items()},
        fore_records=fore_records,
        fore_score={p: sum((r.points for r in rs), ZERO) + extra.get(p, ZERO) for p, rs in fore_records.items()},
        total_rounds=total_rounds, loss=loss, final_adjustments=dict(final or {}),
    )


def round_robin_by_system(t: Tournament) -> bool:
    """Whether the system that pairs ``t`` pre-determines its pairings (a round robin), as the
    registry of systems reads the file's code (:func:`systems.find`; a system the toolkit does
    not pair counts as a Swiss)."""
    from systems import find

    sel = find(t)
    return sel is not None and sel.system.round_robin


def build_context(t: Tournament, edition: Edition | str | None = None, after_round: int | None = None,
                  round_robin: bool | None = None) -> TBContext:
    """Classify every round of every player and derive the art. 16 scores.

    ``edition``: default from the start date (:func:`default_edition`); ``after_round``:
    standings after that round (default: every paired round); ``round_robin``: pre-determined
    pairings (C.07 Art. 15.2), default: whether the file's pairing system has them
    (:func:`round_robin_by_system`)."""
    ed = default_edition(t) if edition is None else Edition(edition)
    rr = round_robin_by_system(t) if round_robin is None else bool(round_robin)
    rounds = default_rounds(t) if after_round is None else max(0, min(after_round, t.round_columns))
    swiss = not rr
    sc = t.scoring
    win, draw = sc.win_white, sc.draw_white
    records: dict[int, tuple[RoundRecord, ...]] = {}
    fore_records: dict[int, tuple[RoundRecord, ...]] = {}
    for pid in sorted(t.player_by_rank):
        records[pid] = _records(t, pid, rounds, swiss)
        fore_records[pid] = _fore(records[pid], draw, swiss)
    # TRF-2026 299 penalties and bonuses count in a participant's own score from their round on
    # (as for pairing), not in the score the opponents' Buchholz sees (16.3: the rounds' points);
    # those of round 999 only in the standings after the last round (docs/trf.md "Record 299")
    score = {p: sum((r.points for r in rs), ZERO) + t.adjustment(p, rounds) for p, rs in records.items()}
    fore_score = {p: sum((r.points for r in rs), ZERO) + t.adjustment(p, rounds) for p, rs in fore_records.items()}
    last = t.total_rounds if t.total_rounds is not None else t.rounds_paired
    final = {p: v for p in records if rounds >= last and (v := t.final_adjustment(p))}
    adjusted = {p: _adjusted(rs, draw, ed, swiss) for p, rs in records.items()}
    fore_adjusted = {p: _adjusted(rs, draw, ed, swiss) for p, rs in fore_records.items()}
    total = max(t.total_rounds or t.round_columns, rounds)
    return TBContext(
        t=t, edition=ed, rounds=rounds, win=win, draw=draw, round_robin=rr, records=records, score=score,
        adjusted=adjusted, fore_adjusted=fore_adjusted, fore_records=fore_records, fore_score=fore_score,
        total_rounds=total, final_adjustments=final,
    )


__all__ = [
    "Edition", "RoundRecord", "TBContext", "build_context", "categories", "classify", "context_of", "default_edition",
    "default_rounds", "round_robin_by_system",
]
