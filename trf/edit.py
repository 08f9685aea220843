"""Editing a tournament: cutting it back to a round, writing a new round's pairing (or its byes)
into it, taking a round's pairing out again, and recomputing the listed points.

Every function returns a new :class:`~trf.model.Tournament` (the model is immutable) and keeps
every other record in place, so the result writes back like the original.
"""

from __future__ import annotations

from dataclasses import replace
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf.model import AbnormalPoints, ByeRecord, Colour, Player, Result, RoundEntry, Tournament

if TYPE_CHECKING:
    from typing import Iterable, Mapping

_DECLARED = (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE)


def cut_to_round(t: Tournament, rnd: int) -> Tournament:
    """The tournament as it stood before round ``rnd`` was paired: rounds ``rnd`` and later are
    dropped, except the byes and absences already declared for round ``rnd`` (``0000 - Z/H/F``);
    ``240`` records for later rounds are dropped, and ``299`` records for round ``rnd`` or later
    (from the start, round 0, they stay); listed points are recomputed."""
    records = []
    for rec in t.records:
        if isinstance(rec, Player):
            rounds = list(rec.rounds[: rnd - 1])
            e = rec.entry(rnd)
            if e is not None and e.opponent is None and e.code in _DECLARED:
                rounds += [None] * (rnd - 1 - len(rounds)) + [e]
            while rounds and rounds[-1] is None:
                rounds.pop()
            rec = replace(rec, rounds=tuple(rounds))
        elif isinstance(rec, ByeRecord) and rec.round > rnd:
            continue
        elif isinstance(rec, AbnormalPoints) and rec.round is not None and rec.round >= rnd:
            continue  # a 299 for round rnd or later (or the final standings): not yet there
        records.append(rec)
    cut = t.replace_records(tuple(records))
    return recompute_points(cut)


def recompute_points(t: Tournament, *, fill_blank: bool = False) -> Tournament:
    """Listed points (columns 81-84) set to what the round blocks give under the tournament's
    scoring, declared byes of a round still to pair included (the JaVaFo convention, which the
    endorsed engines accept): the engines refuse a file whose points disagree with its results.
    A blank points field stays blank unless ``fill_blank``."""
    records = [replace(r, points=t.score(r.start_rank))
               if isinstance(r, Player) and (r.points is not None or fill_blank) else r
               for r in t.records]
    return t.replace_records(tuple(records))




def with_pairing(t: Tournament, rnd: int, boards: Iterable[tuple[int, int]], bye: int | None, *,
                 keep_results: bool = False) -> Tournament:
    """Write round ``rnd``'s pairing into the player lines: ``opp w`` / ``opp b`` with the result
    pending (blank), the PAB as ``0000 - U`` (its points added: the PAB is decided by the
    pairing itself).  Declared byes already in that column stay as they are.  ``keep_results``:
    a game already written with the same opponent and colour keeps its result (a round robin's
    round written again over the file that holds it)."""
    entries: dict[int, RoundEntry] = {}
    for white, black in boards:
        entries[white] = RoundEntry(black, Colour.WHITE, None)
        entries[black] = RoundEntry(white, Colour.BLACK, None)
    if keep_results:
        for pid, new in list(entries.items()):
            old = t.player(pid).entry(rnd) if pid in t.player_by_rank else None
            if old is not None and (old.opponent, old.colour) == (new.opponent, new.colour):
                entries[pid] = old
    if bye is not None:
        entries[bye] = RoundEntry(None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE)
    records = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank in entries:
            rounds = list(rec.rounds[: rnd - 1])
            rounds += [None] * (rnd - 1 - len(rounds))
            e = entries[rec.start_rank]
            rounds.append(e)
            points = rec.points
            if points is not None and e.result is Result.PAIRING_ALLOCATED_BYE:
                points = points + t.scoring.pab_value
            rec = replace(rec, rounds=tuple(rounds) + rec.rounds[rnd:], points=points)
        records.append(rec)
    return t.replace_records(tuple(records))


def with_byes(t: Tournament, rnd: int, byes: Mapping[int, Result]) -> Tournament:
    """Write ``0000 - X`` in round ``rnd``'s column for each player of ``byes`` (X: ``Z``, ``H``,
    ``F`` or ``U``), replacing what the column held; listed points are not changed (see
    :func:`recompute_points`)."""
    records = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank in byes:
            rounds = list(rec.rounds[: rnd - 1])
            rounds += [None] * (rnd - 1 - len(rounds))
            rounds.append(RoundEntry(None, Colour.NONE, byes[rec.start_rank]))
            rec = replace(rec, rounds=tuple(rounds) + rec.rounds[rnd:])
        records.append(rec)
    return t.replace_records(tuple(records))


def unpair_round(t: Tournament, rnd: int) -> Tournament:
    """Take round ``rnd``'s pairing out of the player lines: games and the PAB go, byes and
    absences declared for it (``0000 - Z/H/F``) stay, later columns are kept; listed points are
    recomputed.  The inverse of :func:`with_pairing` for a round whose results are pending."""
    records = []
    for rec in t.records:
        if isinstance(rec, Player):
            e = rec.entry(rnd)
            if e is not None and not (e.opponent is None and e.code in _DECLARED):
                rounds = list(rec.rounds)
                rounds[rnd - 1] = None
                while rounds and rounds[-1] is None:
                    rounds.pop()
                rec = replace(rec, rounds=tuple(rounds))
        records.append(rec)
    return recompute_points(t.replace_records(tuple(records)))
