"""Which round to pair, whether it may be paired, and the tournament as it stood before it: what
every system's "pair the next round" shares.

A file may already hold the round asked for (an arbiter re-pairing round R to compare, or the
checker asking for the engine's pairing of a round it verifies): the tournament is then cut
back to the state before that round (:func:`trf.edit.cut_to_round`; the byes and absences
already declared for it stay) and paired from there.  Rounds after the next one cannot be
paired: their players' scores are not known yet.

:func:`target_round` is what an arbiter's "pair the next round" means, and refuses what the
endorsed engines refuse, each for its own reason:

* a round after the last one (:class:`PastLastRound`; C.04.1 Art. 1: the number of rounds is
  declared beforehand) and a finished event (:class:`EventFinished`);
* a round whose previous round still has games without a result (:class:`PreviousRoundIncomplete`):
  a pending game would count as unplayed, its players could meet again (C1) and their scores
  would be wrong (C.04.3 Art. 1.2).

:class:`NextRound` is a round paired for the arbiter by whichever system (:mod:`systems`), with
the rules and the acceleration (:class:`Acceleration`) applied and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.result import Pairing
from trf.acceleration import BakuPlan
from trf.edit import cut_to_round
from trf.model import Game, Tournament

__all__ = ["RoundOutOfRange", "RoundToPair", "round_to_pair", "target_round", "refuse", "pending_games",
           "PreviousRoundIncomplete", "PastLastRound", "EventFinished", "NextRound", "Reading", "is_finished", "Acceleration"]


class RoundOutOfRange(ValueError):
    """The round asked for cannot be paired: only rounds 1..``last`` can (``last`` is the one
    after the last round paired in the file)."""

    def __init__(self, requested: int, last: int) -> None:
        super().__init__(f"round {requested} cannot be paired: only rounds 1-{last} can")
        self.requested = requested
        self.last = last


class PreviousRoundIncomplete(ValueError):
    """Round ``round`` cannot be paired: round ``round - 1`` has games without a result,
    ``games`` as (white, black) start ranks in board order of the file."""

    def __init__(self, rnd: int, games: tuple[tuple[int, int], ...]) -> None:
        shown = ", ".join(f"{w}-{b}" for w, b in games[:8]) + (", ..." if len(games) > 8 else "")
        super().__init__(f"round {rnd} cannot be paired: {len(games)} game(s) of round {rnd - 1} have no result "
                         f"({shown}); pending games would count as unplayed")
        self.round = rnd
        self.previous = rnd - 1
        self.games = games


class PastLastRound(ValueError):
    """Round ``round`` is after the last round of the event (``total``).  ``last_paired``: the
    rounds already paired, ``pending``: games of the last round still without a result."""

    def __init__(self, rnd: int, total: int, last_paired: int, pending: int) -> None:
        if rnd > total and last_paired >= total and pending:
            why = (f"the event has {total} rounds and all are paired; round {total} still has "
                   f"{pending} game(s) without a result")
        else:
            why = f"the event has {total} rounds"
        super().__init__(f"round {rnd} is past the last round: {why}")
        self.round = rnd
        self.total = total
        self.last_paired = last_paired
        self.pending = pending


class EventFinished(ValueError):
    """Every round of the event (``total``) is paired and has all its results."""

    def __init__(self, total: int) -> None:
        super().__init__(f"the event is finished: all {total} rounds are paired and played")
        self.total = total


@dataclass(frozen=True)
class RoundToPair:
    """The round to pair and the tournament as it stood before it."""

    round: int
    before: Tournament
    cut: bool  # the file held the round (or later ones) and was cut back


def round_to_pair(t: Tournament, requested: int | None = None) -> RoundToPair:
    """The next round of ``t`` (default), or round ``requested`` on the file cut back before it.

    Raises :class:`RoundOutOfRange` for a round after the next one."""
    last = t.rounds_paired + 1
    rnd = requested if requested is not None else last
    if not 1 <= rnd <= last:
        raise RoundOutOfRange(rnd, last)
    if rnd < last:
        return RoundToPair(rnd, cut_to_round(t, rnd), True)
    return RoundToPair(rnd, t, False)


@dataclass(frozen=True)
class Acceleration:
    """The acceleration a round was paired with: ``kind`` ``"none"``, ``"records"`` (the file's
    own ``XXA``/``250`` virtual points) or ``"baku"`` (C.04.7 computed by
    :func:`trf.acceleration.with_baku`, ``plan`` saying who gets what); ``asked``: chosen by the
    caller rather than named by the file (``source``, e.g. ``"192 FIDE_DUTCH_BAKU"``)."""

    kind: str
    asked: bool = False
    source: str | None = None
    plan: BakuPlan | None = None

    def describe(self) -> str:
        """In words, without the caller's option names."""
        if self.kind == "records":
            return "the file's virtual points (XXA/250 records)"
        if self.kind == "none":
            return "none"
        assert self.plan is not None
        return "Baku (C.04.7): " + self.plan.describe()


def pending_games(t: Tournament, rnd: int) -> tuple[Game, ...]:
    """The games of round ``rnd`` without a result on either side (paired, not yet played).  An
    adjourned game (``?``) is not one: C.04.2 Art. 3.1 pairs the next round with it as a draw.

    When every block of the round with an opponent has a result and the opponent's block of the
    round names the player back with a result too, each game :meth:`~trf.model.Tournament.games`
    makes has both results, and there is none (the usual case: the previous round complete,
    told without making the round's games)."""
    if _every_game_has_both_results(t, rnd):
        return ()
    return tuple(g for g in t.games(rnd) if g.white_result is None or g.black_result is None)


def _every_game_has_both_results(t: Tournament, rnd: int) -> bool:
    """Every block of round ``rnd`` with an opponent has a result, and so has the opponent's
    block of the round, which names the player back (see :func:`pending_games`)."""
    if rnd < 1:
        return False
    by_rank = t.player_by_rank
    k = rnd - 1
    for p in t.players:
        rounds = p.rounds
        e = rounds[k] if k < len(rounds) else None
        if e is None or e.opponent is None:
            continue
        if e.result is None:
            return False
        opp = by_rank.get(e.opponent)
        oe = opp.rounds[k] if opp is not None and k < len(opp.rounds) else None
        if oe is None or oe.opponent != p.start_rank or oe.result is None:
            return False
    return True


def is_finished(t: Tournament, total_rounds: int | None = None) -> bool:
    """Every declared round is paired and the last one has all its results."""
    total = total_rounds if total_rounds is not None else t.total_rounds
    return total is not None and t.rounds_paired >= total and not pending_games(t, total)


@dataclass(frozen=True)
class Reading:
    """A point the rules text leaves open that decided this round: ``decision`` (its name in the
    system's decisions page, e.g. ``D7``), ``page`` (that page, ``docs/double-swiss.md``),
    ``article``, ``taken`` (the reading applied, in plain words) and the pairing the other
    reading gives (``other_boards``, ``other_bye``).  A system names a reading only when the
    other one pairs the round differently."""

    decision: str
    page: str
    article: str
    taken: str
    other_boards: tuple[tuple[int, int], ...]
    other_bye: int | None = None


@dataclass(frozen=True)
class NextRound:
    """A round paired for the arbiter: ``pairing`` (boards in board order, the PAB), the
    tournament ``before`` it, whether the file was ``cut`` back, the ``system`` that paired it
    (its name in the registry, :mod:`systems`) and, in a round robin, the player who ``rests``
    (the table's bye: no game, no points).  ``edition``: the edition of the system's rules
    applied (``None`` for a system with one text), ``edition_reason``: why; ``note``: what the
    system says of the round under the pairing (the rules applied, the acceleration, the
    table's round)."""

    round: int
    before: Tournament
    cut: bool
    pairing: Pairing
    system: str
    rests: int | None = None
    in_file: bool = False  # a round robin's round the file already holds
    edition: str | None = None
    edition_reason: str = ""  # why: the file's code or dates, or "chosen by the caller"
    acceleration: Acceleration = Acceleration("none")
    round_robin: bool = False  # pre-determined pairings (a table's round)
    note: str = ""
    readings: tuple[Reading, ...] = ()  # the open points that decided the pairing (:class:`Reading`)


def refuse(t: Tournament, rnd: int, total: int | None, *, requested: bool) -> None:
    """Raise :class:`EventFinished`, :class:`PastLastRound` or :class:`PreviousRoundIncomplete`
    when round ``rnd`` of ``t`` may not be paired (``total``: the number of rounds, when known;
    ``requested``: the caller named the round)."""
    if total is not None and rnd > total:
        pending = len(pending_games(t, total)) if t.rounds_paired >= total else 0
        if not requested and t.rounds_paired >= total and not pending:
            raise EventFinished(total)
        raise PastLastRound(rnd, total, t.rounds_paired, pending)
    if rnd > 1:
        missing = pending_games(t, rnd - 1)
        if missing:
            raise PreviousRoundIncomplete(rnd, tuple((g.white, g.black) for g in missing))


def target_round(t: Tournament, requested: int | None, total: int | None) -> RoundToPair:
    """The round an arbiter's "pair the next round" (or "re-pair round ``requested``") pairs, and
    the tournament before it, after the refusals of the module docstring (``total``: the number
    of rounds, when known).  Raises :class:`PastLastRound`, :class:`EventFinished`,
    :class:`PreviousRoundIncomplete` and :class:`RoundOutOfRange`."""
    if requested is not None and total is not None and requested > total:
        refuse(t, requested, total, requested=True)
    target = round_to_pair(t, requested)
    refuse(target.before, target.round, total, requested=requested is not None)
    return target
