"""Varma tables: a restricted drawing of lots for round robins (FIDE C.05 Annex 2).

When regulations ask that players of the same federation (or club) should not meet in the
**last three rounds** of a round robin, the arbiter draws the numbers with the Varma tables: the
numbers 1..N (N = players rounded up to even) are split into four envelopes A, B, C and D such
that no two numbers of one envelope meet in the last three rounds of the Berger table, and a
whole contingent draws its numbers from one envelope.

The procedure (C.05 Annex 2, points 1-4):

* contingents draw in order of size, largest first; equal sizes by the FIDE federation code in
  alphabetical order; inside a contingent by name in alphabetical order;
* the first player of a contingent chooses an envelope that holds enough numbers for the whole
  contingent, and the contingent's players draw their numbers from it; numbers left in the
  envelope stay available to the next contingents.

:func:`varma_draw` performs that drawing with seeded lots (so a published draw can be
reproduced); :func:`varma_conflicts` is the check that any numbering (drawn with or without
the tables) keeps each group apart in the last three rounds.

The tables for 9/10 up to 21/22 players (envelopes A and B of 21/22) are those of the Handbook.
Envelopes C and D of 21/22 and the whole 23/24 row could not be checked against the Handbook
text (reference digest 10.5, UNCONFIRMED); they are **constructed** to satisfy the same rule,
and :func:`varma_table` says so in its ``source``.  Outside 9..24 players there is no FIDE table.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from roundrobin.berger import BYE, berger_table

#: The Handbook's envelopes, by N (players rounded up to even): A, B, C, D (C.05 Annex 2 point 5).
_HANDBOOK: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
}

#: Rows not confirmed against the Handbook (digest 10.5): A and B of 21/22 are the Handbook's,
#: C and D one of the two splits of the remaining numbers that keep the rule; 23/24 follows the
#: pattern of the rows above.  Both pass :func:`table_conflicts` (see the tests).
_CONSTRUCTED: dict[int, tuple[tuple[int, ...], ...]] = {
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: ((6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 5, 13, 14, 15, 16), (12, 17, 23), (18, 24)),
}

ENVELOPES = ("A", "B", "C", "D")

#: How many final rounds the Varma tables keep a group apart in (C.05 Annex 2, introduction).
LAST_ROUNDS = 3


@dataclass(frozen=True)
class VarmaTable:
    """The four envelopes for ``players`` players.  With an odd number of players the highest
    number of the even table is the bye ("the highest number counts as a bye"), so it is left
    out of its envelope."""

    players: int
    envelopes: tuple[tuple[int, ...], ...]
    source: str  # "C.05 Annex 2" or "constructed (not in the Handbook text available to us)"


def varma_table(players: int) -> VarmaTable:
    """The Varma envelopes A-D for 9..24 players (C.05 Annex 2 point 5)."""
    big_n = players + players % 2
    if big_n in _HANDBOOK:
        rows, source = _HANDBOOK[big_n], "C.05 Annex 2"
    elif big_n in _CONSTRUCTED:
        rows = _CONSTRUCTED[big_n]
        source = ("C.05 Annex 2 (A, B); C, D constructed" if big_n == 22
                  else "constructed to the C.05 Annex 2 rule")
    else:
        raise ValueError(f"the Varma tables cover 9 to 24 players, not {players}")
    envelopes = tuple(tuple(x for x in row if x <= players) for row in rows)
    return VarmaTable(players, envelopes, source)


def last_round_meetings(players: int, rounds: Sequence[Sequence[tuple[int, int]]] | None = None,
                        last: int = LAST_ROUNDS) -> dict[frozenset[int], int]:
    """Pairs of numbers that meet in the last ``last`` rounds, with the round (Berger table of
    ``players`` unless ``rounds`` is given)."""
    table = rounds if rounds is not None else berger_table(players)
    first = len(table) - last + 1
    out: dict[frozenset[int], int] = {}
    for r in range(max(first, 1), len(table) + 1):
        for white, black in table[r - 1]:
            if black != BYE:
                out[frozenset((white, black))] = r
    return out


def table_conflicts(table: VarmaTable) -> list[tuple[str, int, int, int]]:
    """Pairs of one envelope that meet in the last three rounds: (envelope, a, b, round).

    The self-check of a table.  The Handbook's 11/12 row has one: 6 and 12 (envelope C) meet in
    round 11 of a 12-player event (digest 10.5); with 11 players 12 is the bye, so it is harmless
    there.  It is reported, not "fixed": the table is FIDE's."""
    meets = last_round_meetings(table.players + table.players % 2)
    out = []
    for name, env in zip(ENVELOPES, table.envelopes):
        for i, a in enumerate(env):
            for b in env[i + 1:]:
                r = meets.get(frozenset((a, b)))
                if r is not None:
                    out.append((name, a, b, r))
    return out


@dataclass(frozen=True)
class Conflict:
    """Two players of one group who meet in one of the last rounds."""

    group: str
    a: str
    b: str
    round: int


def varma_conflicts(numbering: Mapping[str, int], groups: Mapping[str, str],
                    rounds: Sequence[Sequence[tuple[int, int]]], last: int = LAST_ROUNDS) -> list[Conflict]:
    """Every pair of one group that meets in the last ``last`` rounds of ``rounds`` under
    ``numbering`` (player -> number).  Empty means the Varma aim is met."""
    meets = last_round_meetings(0, rounds, last)
    by_number = {n: p for p, n in numbering.items()}
    out = []
    for pair, r in sorted(meets.items(), key=lambda kv: (kv[1], sorted(kv[0]))):
        a, b = sorted(pair)
        pa, pb = by_number.get(a), by_number.get(b)
        if pa is None or pb is None:
            continue
        ga, gb = groups.get(pa), groups.get(pb)
        if ga and ga == gb:
            out.append(Conflict(ga, pa, pb, r))
    return out


class VarmaError(ValueError):
    """The Varma procedure cannot place every contingent (a contingent larger than every
    envelope, or contingents that cannot all fit)."""


@dataclass(frozen=True)
class Draw:
    """The outcome of a Varma drawing: the numbers, and for each contingent its envelope."""

    numbering: dict[str, int]
    envelopes: tuple[tuple[str, str, tuple[int, ...]], ...]  # (group, envelope, numbers drawn)
    order: tuple[str, ...]  # the order in which players drew
    table: VarmaTable


def drawing_order(players: Sequence[str], groups: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """Contingents in drawing order (C.05 Annex 2 point 2): largest first, equal sizes by
    federation code alphabetically; players inside a contingent alphabetically.  A player
    without a group is a contingent of one, named after himself."""
    contingents: dict[str, list[str]] = {}
    for p in players:
        contingents.setdefault(groups.get(p) or f"\x00{p}", []).append(p)
    order = sorted(contingents.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return [(g.lstrip("\x00"), sorted(members)) for g, members in order]


def _rng(seed: int | str, what: str) -> random.Random:
    """A generator that gives the same lots for the same seed on every machine and Python."""
    digest = hashlib.sha256(f"{seed}:{what}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _fits(sizes: Sequence[int], capacities: list[int]) -> bool:
    """Can contingents of ``sizes`` (in drawing order) each take an envelope with room?"""
    if not sizes:
        return True
    first, rest = sizes[0], sizes[1:]
    for i, cap in enumerate(capacities):
        if cap >= first:
            capacities[i] -= first
            ok = _fits(rest, capacities)
            capacities[i] += first
            if ok:
                return True
    return False


def varma_draw(players: Sequence[str], groups: Mapping[str, str], seed: int | str = 0) -> Draw:
    """Draw the numbers with the Varma tables (C.05 Annex 2), the lots seeded by ``seed``.

    The contingent's choice of envelope is by lot among the envelopes that have room for it and
    still leave room for every contingent after it (an arbiter would not let a small contingent
    take the only envelope a larger one could use); the numbers inside the envelope are drawn by
    lot.  Raises :class:`VarmaError` when the contingents cannot all be placed."""
    n = len(players)
    table = varma_table(n)
    left = [list(env) for env in table.envelopes]
    order = drawing_order(players, groups)
    sizes = [len(m) for _, m in order]
    biggest = max(len(env) for env in table.envelopes)
    for g, members in order:
        if len(members) > biggest:
            raise VarmaError(f"group {g} has {len(members)} players but the largest Varma envelope for "
                             f"{n} players holds {biggest} numbers: its players cannot all be kept apart "
                             f"in the last {LAST_ROUNDS} rounds")
    if not _fits(sizes, [len(e) for e in left]):
        raise VarmaError(f"the groups ({', '.join(f'{g}: {len(m)}' for g, m in order if len(m) > 1)}) "
                         f"do not fit in the Varma envelopes for {n} players "
                         f"({', '.join(f'{e}: {len(x)}' for e, x in zip(ENVELOPES, table.envelopes))})")
    numbering: dict[str, int] = {}
    chosen = []
    drawn_by: list[str] = []
    for k, (g, members) in enumerate(order):
        rng = _rng(seed, f"envelope:{k}:{g}")
        rest = sizes[k + 1:]
        options = []
        for i, env in enumerate(left):
            if len(env) < len(members):
                continue
            caps = [len(e) - (len(members) if j == i else 0) for j, e in enumerate(left)]
            if _fits(rest, caps):
                options.append(i)
        i = rng.choice(options)
        env = left[i]
        got = []
        for p in members:
            num = env.pop(_rng(seed, f"number:{p}").randrange(len(env)))
            numbering[p] = num
            got.append(num)
            drawn_by.append(p)
        chosen.append((g, ENVELOPES[i], tuple(got)))
    return Draw(numbering, tuple(chosen), tuple(drawn_by), table)
