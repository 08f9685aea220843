"""Editing a tournament: cutting it back to a round, and writing a new round's pairing into it.

Both return new :class:`~trf.model.Tournament` objects (the model is immutable) and keep
every other record in place, so the result writes back like the original.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from trf.model import ByeRecord, Colour, Player, Result, RoundEntry, Tournament

_DECLARED = (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE)


def cut_to_round(t: Tournament, rnd: int) -> Tournament:
    """The tournament as it stood before round ``rnd`` was paired: rounds ``rnd`` and later are
    dropped, except the byes and absences already declared for round ``rnd`` (``0000 - Z/H/F``);
    ``240`` records for later rounds are dropped; listed points are recomputed."""
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
        records.append(rec)
    cut = t.replace_records(tuple(records))
    return _recompute_points(cut)


def _recompute_points(t: Tournament) -> Tournament:
    records = [replace(r, points=t.score(r.start_rank)) if isinstance(r, Player) and r.points is not None else r
               for r in t.records]
    return t.replace_records(tuple(records))


def with_pairing(t: Tournament, rnd: int, boards: Iterable[tuple[int, int]], bye: int | None) -> Tournament:
    """Write round ``rnd``'s pairing into the player lines: ``opp w`` / ``opp b`` with the result
    pending (blank), the PAB as ``0000 - U`` (its points added: the PAB is decided by the
    pairing itself).  Declared byes already in that column stay as they are."""
    entries: dict[int, RoundEntry] = {}
    for white, black in boards:
        entries[white] = RoundEntry(black, Colour.WHITE, None)
        entries[black] = RoundEntry(white, Colour.BLACK, None)
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
