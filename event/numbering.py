"""Starting ranks (pairing numbers): the initial order of C.04.2 Art. 2, and renumbering a file.

C.04.2 Art. 2 (2026): players are listed by strength (rating), then FIDE title in the order GM,
IM, WGM, FM, WIM, CM, WFM, WCM, none, then alphabetically, and the starting rank is the place in
that list.  The list stays provisional until the participant list closes; a late entry gets the
place the order gives it, and everyone below moves down one, but starting ranks are not changed
after round :data:`FROZEN_AFTER` has been paired (the reference digest's reading of Art. 2,
UNCONFIRMED against the Handbook text): a later entry takes the next free number.

Renumbering a file rewrites every reference to a starting rank: the ``001`` lines and their
opponents, ``240`` ``250`` ``260`` ``XXA`` ``XXP`` ``XXZ`` records and the players the
irregularity lines name (``### MPA @ Round r: 12-3 ...``, :func:`event.log.renumbered_line`).
The engines give a pairing number only to players who have been paired at least once (C.04.2
Art. 2; bbpPairings and Gacrux skip the others), so inserting a late entry changes no pairing
number any earlier round was paired with.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from event.create import TITLE_ORDER
from event.log import renumbered_line
from trf.model import (AbsentRecord, AccelerationRange, ByeRecord, Comment, ForbiddenPairs, Player,
                       PlayerAcceleration, Record, RoundEntry, Tournament)

__all__ = ["FROZEN_AFTER", "order_key", "initial_order", "renumber", "ranks_frozen"]

#: Starting ranks are not changed once this round has been paired (C.04.2 Art. 2, see above).
FROZEN_AFTER = 4


def order_key(rating: int | None, title: str, name: str) -> tuple[int, int, str]:
    """The C.04.2 Art. 2 order: higher rating first (unrated last), then title, then name."""
    t = title.upper()
    rank = TITLE_ORDER.index(t) if t in TITLE_ORDER else len(TITLE_ORDER)
    return (-(rating or 0), rank, name.casefold())


def initial_order(players: list[Player]) -> list[Player]:
    return sorted(players, key=lambda p: order_key(p.rating, p.fide_title, p.name) + (p.start_rank,))


def ranks_frozen(t: Tournament) -> bool:
    return t.rounds_paired >= FROZEN_AFTER


def _ids(ids: tuple[int, ...], m: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(m.get(i, i) for i in ids)


def _ranges(first_player: int, last_player: int, m: Mapping[int, int]) -> list[tuple[int, int]]:
    """The contiguous runs the renumbered ids of ``first_player..last_player`` form."""
    ids = sorted(m.get(i, i) for i in range(first_player, last_player + 1))
    runs: list[tuple[int, int]] = []
    for i in ids:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def renumber(t: Tournament, mapping: Mapping[int, int]) -> Tournament:
    """``t`` with starting rank ``a`` renamed ``mapping[a]`` everywhere (ranks not in the mapping
    keep their number; the mapping must be one-to-one); player lines in the new order."""
    m = dict(mapping)

    def entry(e: RoundEntry | None) -> RoundEntry | None:
        if e is None or e.opponent is None:
            return e
        return replace(e, opponent=m.get(e.opponent, e.opponent))

    records: list[Record] = []
    for rec in t.records:
        if isinstance(rec, Player):
            rec = replace(rec, start_rank=m.get(rec.start_rank, rec.start_rank),
                          rounds=tuple(entry(e) for e in rec.rounds))
        elif isinstance(rec, ByeRecord):
            rec = replace(rec, players=tuple(sorted(_ids(rec.players, m))))
        elif isinstance(rec, AbsentRecord):
            rec = replace(rec, players=_ids(rec.players, m))
        elif isinstance(rec, ForbiddenPairs):
            rec = replace(rec, players=_ids(rec.players, m))
        elif isinstance(rec, PlayerAcceleration):
            rec = replace(rec, player=m.get(rec.player, rec.player))
        elif isinstance(rec, AccelerationRange):
            for lo, hi in _ranges(rec.first_player, rec.last_player, m):
                records.append(replace(rec, first_player=lo, last_player=hi))
            continue
        elif isinstance(rec, Comment):
            rec = replace(rec, text=renumbered_line(rec.text, m))
        records.append(rec)
    slots = [i for i, r in enumerate(records) if isinstance(r, Player)]
    players = sorted((r for r in records if isinstance(r, Player)), key=lambda p: p.start_rank)
    for i, p in zip(slots, players):
        records[i] = p
    return t.replace_records(tuple(records))
