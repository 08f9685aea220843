"""Baku acceleration (C.04.7, formerly C.04.5.1) as a fact of the tournament: who gets virtual
points in which round, written as explicit acceleration records.

The rule: before round 1 the players are split into group A, the first half of the list rounded
up to an even number (2 x ceil(N/4) for N players), and group B, everyone else.  The first
ceil(R/2) rounds of an R-round event are accelerated: group A players get a win's points as
virtual points before each of the first ceil(A/2) accelerated rounds (A = accelerated rounds)
and half a win before the rest; group B never gets any.  Virtual points count for the pairing
(scoregroups, order, floats), never for standings.  Late entries do not move the boundary: the
last player of group A stays the one chosen before round 1 (C.04.2 Art. 2 inserts late entries
by strength, so one placed above the boundary joins group A, which may become odd).

Group rules (``group``):

* ``"handbook"`` (default): the rule above.  N counts the players registered before round 1:
  every player record except the late entries (:func:`late_entries`);
* ``"engine"``: the endorsed engine's (bbpPairings') automatic mode for ``FIDE_DUTCH_BAKU``:
  the first ceil(N/2) start ranks of *all* player records, with no frozen boundary.  It differs
  from the rule when N is 1 or 2 mod 4 (21 players: 11 instead of 12); a compatibility mode.

Only with standard scoring: the text of C.04.7 any scoring where a win is worth two draws and a
loss nothing; an older text (C.04.5.1, in force with the Dutch rules until 31 January 2026)
requires 1 / 1/2 / 0, which the caller asks for with ``standard_only`` (the words naming that
text, for the refusal).  Anything else raises :class:`AccelerationRefused` with the reason.

The result of :func:`with_baku` is a new tournament that carries the virtual points as ``XXA``
records (TRF-16) or ``250`` records (TRF-2026), so that the engine, the checker and the writer
read them through :meth:`trf.model.Tournament.acceleration` alone, and any engine given the
written file pairs the same.  A file that already has acceleration records keeps them: they are
the arbiter's (or an earlier round's) decision, and freezing the group is exactly what they do.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf.model import (
    AccelerationRange, ByeRecord, Comment, ForbiddenPairs, InitialColour, PlayerAcceleration, Record, Result,
    RoundCount, ScoringRecord, Tournament,
)

if TYPE_CHECKING:
    from typing import Collection

__all__ = ["GROUPS", "AccelerationRefused", "BakuPlan", "late_entries", "baku_plan", "has_explicit_acceleration",
           "acceleration_records", "with_baku", "dialect"]

#: How group A is chosen: the rule (C.04.7), or bbpPairings' automatic mode.
GROUPS = ("handbook", "engine")


class AccelerationRefused(ValueError):
    """Baku acceleration cannot be applied to this tournament.  ``reason`` says why, as a word a
    caller can act on: ``"scoring"`` (not the standard scoring the rule requires; ``detail``
    gives the points), ``"total-rounds"`` (the number of rounds, which fixes the accelerated
    rounds, is unknown), ``"team-event"``."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class BakuPlan:
    """The virtual points of a Baku-accelerated event.

    ``group``: the group rule (:data:`GROUPS`); ``registered``: N, the players the group size is
    computed from; ``late``: the late entries left out of N (handbook rule); ``group_a``: start
    ranks of group A; ``last_of_a``: start rank of the last group A player (the boundary);
    ``accelerated``: rounds 1..this are accelerated; ``full``: rounds 1..this give ``win``, the
    other accelerated rounds ``half``."""

    group: str
    registered: int
    late: tuple[int, ...]
    group_a: tuple[int, ...]
    last_of_a: int | None
    total_rounds: int
    accelerated: int
    full: int
    win: Fraction
    half: Fraction

    def points(self, start_rank: int, rnd: int) -> Fraction:
        """Virtual points of a player for round ``rnd`` (C.04.7)."""
        if start_rank not in self.group_a or not 1 <= rnd <= self.accelerated:
            return Fraction(0)
        return self.win if rnd <= self.full else self.half

    def describe(self) -> str:
        """The plan in words, e.g. ``group A = start ranks 1-12 (12 of N = 21: 2 x ceil(N/4)); +1
        in rounds 1-2, +0.5 in rounds 3-4``."""
        size = "2 x ceil(N/4)" if self.group == "handbook" else "ceil(N/2) of all records, engine mode"
        ranks = _runs(self.group_a)
        late = f", {len(self.late)} late entr{'y' if len(self.late) == 1 else 'ies'} not counted" if self.late else ""
        text = f"group A = start ranks {ranks} ({len(self.group_a)} of N = {self.registered}: {size}{late})"
        parts = [f"+{_num(self.win)} in {_rounds(1, self.full)}"]
        if self.accelerated > self.full:
            parts.append(f"+{_num(self.half)} in {_rounds(self.full + 1, self.accelerated)}")
        return text + "; " + ", ".join(parts)


def _num(x: Fraction) -> str:
    """Points as a decimal (1, 0.5, 1.5)."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def _span(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}-{b}"


def _rounds(a: int, b: int) -> str:
    return f"round {a}" if a == b else f"rounds {a}-{b}"


def _runs(ranks: tuple[int, ...]) -> str:
    if not ranks:
        return "none"
    out: list[str] = []
    start = prev = ranks[0]
    for k in ranks[1:] + (0,):
        if k == prev + 1:
            prev = k
            continue
        out.append(_span(start, prev))
        start = prev = k
    return ", ".join(out)


def late_entries(t: Tournament) -> frozenset[int]:
    """Players who were not registered before round 1, as far as a file can tell: those not
    paired in round 1 who got nothing for it (a zero-point bye ``Z``, an absence ``-`` or a
    blank round-1 column once round 1 is paired; before it is paired, a zero-point absence
    declared for it by ``0000 - Z``, ``240 Z`` or ``XXZ``).  C.04.2 Art. 2: late entries are
    paired only when they arrive and score nothing for the rounds they missed; a half- or
    full-point bye in round 1 is a registered player's request, so it does not make a late
    entry.  A caller who knows better passes the late entries to :func:`baku_plan`."""
    declared = t.declared_absences(1) if t.rounds_paired == 0 else {}
    out: set[int] = set()
    for p in t.players:
        e = p.entry(1)
        if e is not None:
            if not e.is_paired and e.code in (Result.ZERO_POINT_BYE, Result.FORFEIT_LOSS):
                out.add(p.start_rank)
        elif t.rounds_paired >= 1 or declared.get(p.start_rank) is Result.ZERO_POINT_BYE:
            out.add(p.start_rank)
    return frozenset(out)


def _standard(t: Tournament, standard_only: str | None) -> tuple[Fraction, Fraction]:
    """The virtual points of a full and a half acceleration (a win, a draw), or the refusal."""
    s = t.scoring
    w, d, loss = s.win_white, s.draw_white, s.loss_white
    shown = f"win {_num(w)}, draw {_num(d)}, loss {_num(loss)}"
    if (s.win_black, s.draw_black, s.loss_black) != (w, d, loss):
        raise AccelerationRefused("scoring", f"Baku acceleration needs the same points for White and Black "
                                             f"(C.04.7); this event scores {shown} for White only")
    if standard_only is not None:
        if (w, d, loss) != (Fraction(1), Fraction(1, 2), Fraction(0)):
            raise AccelerationRefused("scoring", f"Baku acceleration {standard_only} needs the "
                                                 f"standard scoring 1 / 1/2 / 0; this event scores {shown}")
    elif loss != 0 or w != 2 * d or w <= 0:
        raise AccelerationRefused("scoring", f"Baku acceleration (C.04.7) needs a scoring where a win is worth two "
                                             f"draws and a loss nothing; this event scores {shown}")
    return w, d


def baku_plan(t: Tournament, group: str = "handbook", *, total_rounds: int | None = None,
              standard_only: str | None = None, late: Collection[int] | None = None) -> BakuPlan:
    """Who gets which virtual points (module docstring).  ``total_rounds`` when the file does
    not say (``XXR``/``142``); ``standard_only``: the words naming a text that allows the standard
    scoring only (module docstring), ``None`` for C.04.7; ``late``: the late entries, when the caller knows them (default
    :func:`late_entries`; the engine rule ignores them)."""
    if group not in GROUPS:
        raise ValueError(f"unknown Baku group rule {group!r} (expected one of {', '.join(GROUPS)})")
    if t.is_team_event:
        raise AccelerationRefused("team-event", "Baku acceleration of team events is not implemented")
    win, half = _standard(t, standard_only)
    total = total_rounds if total_rounds is not None else t.total_rounds
    if total is None:
        raise AccelerationRefused("total-rounds", "the number of rounds is unknown, and it decides which rounds "
                                                  "are accelerated (C.04.7: the first half, rounded up)")
    ranks = sorted(p.start_rank for p in t.players)
    if group == "engine":
        left_out: tuple[int, ...] = ()
        n = len(ranks)
        group_a = tuple(ranks[:(n + 1) // 2])
    else:
        left_out = tuple(sorted(set(late if late is not None else late_entries(t)) & set(ranks)))
        registered = [k for k in ranks if k not in left_out]
        n = len(registered)
        size = 2 * ((n + 3) // 4)
        boundary = registered[size - 1] if size else 0
        group_a = tuple(k for k in ranks if k <= boundary)
    accelerated = (total + 1) // 2
    return BakuPlan(group, n, left_out, group_a, group_a[-1] if group_a else None, total, accelerated,
                    (accelerated + 1) // 2, win, half)


def has_explicit_acceleration(t: Tournament) -> bool:
    """The file carries its own virtual points (``XXA`` or ``250``)."""
    return any(isinstance(r, (PlayerAcceleration, AccelerationRange)) for r in t.records)


_TRF26_ONLY = (ByeRecord, AccelerationRange, Comment)


def dialect(t: Tournament) -> str:
    """``"trf26"`` when the file uses a record only TRF-2026 has (``142``, ``152``, ``162``,
    ``240``, ``250``, ``260``, ``###``), else ``"trf16"`` (``192`` alone does not count:
    producers add it to TRF-16 files)."""
    for r in t.records:
        if isinstance(r, _TRF26_ONLY):
            return "trf26"
        if isinstance(r, (RoundCount, InitialColour, ScoringRecord, ForbiddenPairs)) and r.code in ("142", "152", "162", "260"):
            return "trf26"
    return "trf16"


def acceleration_records(plan: BakuPlan, form: str = "trf16") -> tuple[Record, ...]:
    """The plan as records: one ``XXA`` per group A player (``form="trf16"``, JaVaFo's TRF(x):
    a value for every accelerated round), or ``250`` ranges over runs of consecutive start ranks
    (``"trf26"``: one for the full rounds, one for the half rounds)."""
    if not plan.group_a or plan.accelerated == 0:
        return ()
    if form == "trf16":
        values = tuple(plan.points(plan.group_a[0], r) for r in range(1, plan.accelerated + 1))
        return tuple(PlayerAcceleration(k, tuple(values)) for k in plan.group_a)
    if form != "trf26":
        raise ValueError(f"unknown TRF form {form!r} (expected trf16 or trf26)")
    out: list[Record] = []
    runs: list[tuple[int, int]] = []
    for k in plan.group_a:
        if runs and runs[-1][1] == k - 1:
            runs[-1] = (runs[-1][0], k)
        else:
            runs.append((k, k))
    for first, last in runs:
        out.append(AccelerationRange(None, plan.win, 1, plan.full, first, last))
        if plan.accelerated > plan.full:
            out.append(AccelerationRange(None, plan.half, plan.full + 1, plan.accelerated, first, last))
    return tuple(out)


def with_baku(t: Tournament, group: str = "handbook", *, total_rounds: int | None = None,
              standard_only: str | None = None, late: Collection[int] | None = None,
              form: str | None = None) -> Tournament:
    """``t`` with its Baku virtual points as explicit records (appended after the other
    records), or ``t`` itself when it already has acceleration records.  ``form``: ``"trf16"``
    (``XXA``) or ``"trf26"`` (``250``), default the file's :func:`dialect`.  Raises
    :class:`AccelerationRefused` (see :func:`baku_plan`)."""
    if has_explicit_acceleration(t):
        return t
    plan = baku_plan(t, group, total_rounds=total_rounds, standard_only=standard_only, late=late)
    return t.replace_records(t.records + acceleration_records(plan, form or dialect(t)))
