"""Which round to pair, whether it may be paired, and pairing it on the tournament as it stood
before it.

A file may already hold the round asked for (an arbiter re-pairing round R to compare, or the
checker asking for the engine's pairing of a round it verifies): the tournament is then cut
back to the state before that round (:func:`trf.edit.cut_to_round`; the byes and absences
already declared for it stay) and paired from there.  Rounds after the next one cannot be
paired: their players' scores are not known yet.

:func:`pair_next_round` pairs whatever it is given (the checker's engine candidate needs exactly
that).  :func:`next_round` is what an arbiter's "pair the next round" means, and refuses what
the endorsed engines refuse, each for its own reason:

* a team event (:class:`trf.system.UnsupportedEvent`: team pairing is not implemented);
* a system the toolkit cannot pair (:class:`UnsupportedSystem`: Dubov, Burstein, Schiller...);
* a round after the last one (:class:`PastLastRound`; C.04.1 Art. 1: the number of rounds is
  declared beforehand) and a finished event (:class:`EventFinished`);
* a round whose previous round still has games without a result (:class:`PreviousRoundIncomplete`):
  a pending game would count as unplayed, its players could meet again (C1) and their scores
  would be wrong (C.04.3 Art. 1.2).

The Dutch edition and Baku acceleration are the file's (:attr:`trf.model.Tournament.system`)
unless the caller chooses them: ``rules`` (``"2017"``/``"2026"``), ``baku`` (C.04.7 for a file
without acceleration records; explicit ``XXA``/``250`` records are always used) and
``baku_group`` (:data:`trf.acceleration.GROUPS`).  :class:`NextRound` says which were applied
and why; its ``before`` carries the virtual points as records, so that writing it (with the new
round) gives a file any engine pairs the same.

A round robin (``192``/``092`` naming one) is not paired by the Dutch system: its next round is
the Berger table's (C.05 Annex 1, :mod:`roundrobin.berger`), for the players in start-rank order.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.dutch import pair_round
from pairing.dutch.engine import EDITIONS
from pairing.result import Pairing, PairingInputError
from roundrobin.berger import BYE, RoundRobinSchedule, double_round_robin, single_round_robin
from trf.acceleration import AccelerationRefused, BakuPlan, baku_plan, has_explicit_acceleration, with_baku
from trf.edit import cut_to_round
from trf.model import Colour, Game, Tournament
from trf.system import Family, require_individual

__all__ = ["RoundOutOfRange", "RoundToPair", "round_to_pair", "pair_next_round", "pending_games",
           "PreviousRoundIncomplete", "PastLastRound", "EventFinished", "UnsupportedSystem",
           "NotBergerNumbering", "NextRound", "next_round", "berger_schedule", "is_finished", "Acceleration",
           "accelerated"]


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


class UnsupportedSystem(ValueError):
    """The file's pairing system is not one the toolkit pairs (``system``: its name in words,
    ``source``: the record it was read from)."""

    def __init__(self, system: str, source: str | None) -> None:
        super().__init__(f"the event is paired by the {system} system"
                         + (f" ({source})" if source else "")
                         + "; the toolkit pairs the Dutch system and round robins only")
        self.system = system
        self.source = source


class NotBergerNumbering(ValueError):
    """A round robin whose paired rounds do not follow the Berger table for its start ranks, so
    that its next round cannot be read off the table (``round``: the first round that differs,
    ``pair``: a game of that round the table does not have)."""

    def __init__(self, rnd: int, pair: tuple[int, int]) -> None:
        super().__init__(f"round {rnd} of this round robin does not follow the Berger table for its start ranks "
                         f"(game {pair[0]}-{pair[1]}); its next round cannot be read off the table")
        self.round = rnd
        self.pair = pair


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


def accelerated(t: Tournament, *, baku: bool | None = None, baku_group: str = "handbook",
                total_rounds: int | None = None, edition: str | None = None) -> tuple[Tournament, Acceleration]:
    """``t`` with the acceleration it is paired with written as records, and which one that is.
    ``baku`` ``None``: as the file's system says.  Raises
    :class:`~trf.acceleration.AccelerationRefused`, and :class:`~pairing.result.PairingInputError`
    when the number of rounds, which fixes the accelerated rounds, is unknown."""
    asked = baku is not None
    if has_explicit_acceleration(t):
        return t, Acceleration("records", source=t.system.source if t.system.baku else None)
    if not (baku if baku is not None else t.system.baku):
        return t, Acceleration("none", asked)
    try:
        plan = baku_plan(t, baku_group, total_rounds=total_rounds, edition=edition)
    except AccelerationRefused as exc:
        if exc.reason != "total-rounds":
            raise
        raise PairingInputError("total-rounds", f"{exc} and the file has no XXR or 142 record") from None
    source = None if asked else t.system.source
    return (with_baku(t, baku_group, total_rounds=total_rounds, edition=edition),
            Acceleration("baku", asked, source, plan))


def pair_next_round(t: Tournament, requested: int | None = None, *, initial_colour: Colour | None = None,
                    total_rounds: int | None = None, rules: str | None = None, baku: bool | None = None,
                    baku_group: str = "handbook") -> tuple[RoundToPair, Pairing]:
    """Pair the next round of ``t``, or round ``requested`` as if the file stopped before it
    (see :func:`round_to_pair`), by the Dutch system (:func:`pairing.dutch.pair_round`, whose
    errors it raises), with the edition and acceleration of the module docstring; the returned
    ``before`` carries the virtual points applied.  No refusal: see :func:`next_round` for those."""
    target = round_to_pair(t, requested)
    edition = _edition(target.before, rules)
    before, _ = accelerated(target.before, baku=baku, baku_group=baku_group, total_rounds=total_rounds,
                            edition=edition)
    target = RoundToPair(target.round, before, target.cut)
    pairing = pair_round(before, target.round, initial_colour=initial_colour, total_rounds=total_rounds,
                         rules=edition, baku=False)
    return target, pairing


def _edition(t: Tournament, rules: str | None) -> str:
    edition = rules if rules is not None else (t.system.edition or "2026")
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition of the Dutch rules: {edition!r} (expected one of {', '.join(EDITIONS)})")
    return edition


def pending_games(t: Tournament, rnd: int) -> tuple[Game, ...]:
    """The games of round ``rnd`` without a result on either side (paired, not yet played)."""
    return tuple(g for g in t.games(rnd) if g.white_result is None or g.black_result is None)


def is_finished(t: Tournament, total_rounds: int | None = None) -> bool:
    """Every declared round is paired and the last one has all its results."""
    total = total_rounds if total_rounds is not None else t.total_rounds
    return total is not None and t.rounds_paired >= total and not pending_games(t, total)


@dataclass(frozen=True)
class NextRound:
    """A round paired for the arbiter: ``pairing`` (boards in board order, the PAB), the
    tournament ``before`` it, whether the file was ``cut`` back, the ``system`` that paired it
    (``"dutch"`` or ``"berger"``) and, in a round robin, the player who ``rests`` (the table's
    bye: no game, no points)."""

    round: int
    before: Tournament
    cut: bool
    pairing: Pairing
    system: str
    rests: int | None = None
    in_file: bool = False  # a round robin's round the file already holds
    edition: str | None = None  # the Dutch edition applied ("2017"/"2026"); None for a round robin
    edition_reason: str = ""  # why: the file's system (trf.system) or "chosen by the caller"
    acceleration: Acceleration = Acceleration("none")


def _refuse(t: Tournament, rnd: int, total: int | None, *, requested: bool) -> None:
    if total is not None and rnd > total:
        pending = len(pending_games(t, total)) if t.rounds_paired >= total else 0
        if not requested and t.rounds_paired >= total and not pending:
            raise EventFinished(total)
        raise PastLastRound(rnd, total, t.rounds_paired, pending)
    if rnd > 1:
        missing = pending_games(t, rnd - 1)
        if missing:
            raise PreviousRoundIncomplete(rnd, tuple((g.white, g.black) for g in missing))


def next_round(t: Tournament, requested: int | None = None, *, initial_colour: Colour | None = None,
               total_rounds: int | None = None, rules: str | None = None, baku: bool | None = None,
               baku_group: str = "handbook") -> NextRound:
    """Pair the next round of ``t`` (or re-pair round ``requested`` on the file cut back before
    it) after the refusals of the module docstring; a round robin gets its Berger round.
    ``rules``, ``baku``, ``baku_group``: see the module docstring.

    Raises :class:`trf.system.UnsupportedEvent`, :class:`UnsupportedSystem`,
    :class:`PastLastRound`, :class:`EventFinished`, :class:`PreviousRoundIncomplete`,
    :class:`RoundOutOfRange`, :class:`~trf.acceleration.AccelerationRefused`, and the engine's
    errors."""
    require_individual(t, "team pairing is not implemented yet")
    system = t.system
    total = total_rounds if total_rounds is not None else t.total_rounds
    if system.is_round_robin:
        return _berger_next(t, requested)
    if system.family is not Family.DUTCH:
        raise UnsupportedSystem(system.name, system.source)
    if requested is not None and total is not None and requested > total:
        _refuse(t, requested, total, requested=True)
    target = round_to_pair(t, requested)
    _refuse(target.before, target.round, total, requested=requested is not None)
    edition = _edition(target.before, rules)
    reason = "chosen by the caller" if rules is not None else system.edition_reason
    before, accel = accelerated(target.before, baku=baku, baku_group=baku_group, total_rounds=total_rounds,
                                edition=edition)
    pairing = pair_round(before, target.round, initial_colour=initial_colour, total_rounds=total_rounds,
                         rules=edition, baku=False)
    return NextRound(target.round, before, target.cut, pairing, "dutch", edition=edition, edition_reason=reason,
                     acceleration=accel)


def berger_schedule(t: Tournament) -> RoundRobinSchedule:
    """The Berger schedule of a round-robin file: its players numbered by start rank, one cycle
    or two (``FIDE_DOUBLEROUNDROBIN``)."""
    n = len(t.players)
    if t.system.family is Family.DOUBLE_ROUND_ROBIN:
        return double_round_robin(n)
    return single_round_robin(n)


def _berger_next(t: Tournament, requested: int | None) -> NextRound:
    """The round robin's next round: the first round with a game still to play (a round-robin
    file may hold every round already, results pending), or round ``requested``."""
    sched = berger_schedule(t)
    number = dict(enumerate(sorted(p.start_rank for p in t.players), 1))  # table number -> start rank
    index = {pid: i for i, pid in number.items()}
    total = len(sched.rounds)
    for r in range(1, min(t.rounds_paired, total) + 1):
        table = {frozenset(pair): pair for pair in sched.games(r)}
        for g in t.games(r):
            pair = table.get(frozenset((index.get(g.white, 0), index.get(g.black, 0))))
            if pair is None or (number[pair[0]], number[pair[1]]) != (g.white, g.black):
                raise NotBergerNumbering(r, (g.white, g.black))
    if requested is not None:
        rnd = requested
        if rnd > total:
            raise PastLastRound(rnd, total, t.rounds_paired, 0)
        if rnd > t.rounds_paired + 1:
            raise RoundOutOfRange(rnd, t.rounds_paired + 1)
    else:
        rnd = next((r for r in range(1, total + 1) if r > t.rounds_paired or pending_games(t, r)), total + 1)
        if rnd > total:
            raise EventFinished(total)
    boards = tuple((number[w], number[b]) for w, b in sched.rounds[rnd - 1] if b != BYE)
    rest = next((number[w] for w, b in sched.rounds[rnd - 1] if b == BYE), None)
    in_file = rnd <= t.rounds_paired
    return NextRound(rnd, t, False, Pairing(rnd, boards, None), "berger", rest, in_file)
