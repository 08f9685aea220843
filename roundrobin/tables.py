"""The tables a round robin can be laid out by, behind one interface.

A table is data: for entrants numbered 1..n, its rounds in order, each a tuple of (White, Black)
pairs, ``(player, BYE)`` for the one who rests.  Everything after the table (the numbering
constraints of :mod:`roundrobin.seeding`, the double cycle, the timetable, the TRF file) reads
only those rounds, so a table is chosen by name and nothing else changes:

* ``fide``: FIDE's Berger tables (C.05 Annex 1, :mod:`roundrobin.berger`), the default;
* ``circle``: the rotation table drawn by hand (:mod:`roundrobin.circle`), 1 fixed, the others
  turning one step a round; not FIDE's grouping of the games into rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from roundrobin.berger import Round, RoundRobinSchedule, berger_table, two_cycles
from roundrobin.circle import circle_table


@dataclass(frozen=True)
class Table:
    """A named table: ``build(n)`` its rounds; ``swap_last_two``: whether cycle 1 of a double
    round robin swaps its last two rounds in the table's own double order (FIDE's, C.05 Annex 1,
    so that nobody has one colour three times running); ``fide``: whether the table is FIDE's (a
    FIDE system code may label its file); ``title``: how the output names it."""

    name: str
    build: Callable[[int], tuple[Round, ...]]
    swap_last_two: bool
    fide: bool
    title: str


#: The tables by name; ``fide`` first (the default).
TABLES: dict[str, Table] = {
    "fide": Table("fide", berger_table, swap_last_two=True, fide=True, title="Berger table (C.05 Annex 1)"),
    "circle": Table("circle", circle_table, swap_last_two=False, fide=False,
                    title="rotation table (1 fixed, the others turning)"),
}

DEFAULT_TABLE = "fide"


class UnknownTable(ValueError):
    """A table name that is not one of :data:`TABLES` (``name``: the name given)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown table {name!r}: expected one of {', '.join(TABLES)}")
        self.name = name


def table(name: str) -> Table:
    """The table called ``name``; raises :class:`UnknownTable`."""
    try:
        return TABLES[name]
    except KeyError:
        raise UnknownTable(name) from None


def lay_out(name: str, n: int, double: bool = False, reverse_second_cycle: bool = False) -> RoundRobinSchedule:
    """The rounds of a round robin of ``n`` entrants by table ``name``: one cycle, or two with
    colours reversed in cycle 2.  Cycle 2 in table order: FIDE's table swaps cycle 1's last two
    rounds (C.05 Annex 1), the hand table keeps the sheet as drawn (its last round and cycle 2's
    first have different opponents).  Cycle 2 backwards (``reverse_second_cycle``, not FIDE's
    order): every table swaps cycle 1's last two rounds, or cycle 1's last opponents would meet
    again at once in cycle 2's first round."""
    t = table(name)
    rounds = t.build(n)
    if not double:
        return RoundRobinSchedule(players=n, cycles=1, rounds=rounds)
    return two_cycles(rounds, n, swap_last_two=t.swap_last_two or reverse_second_cycle,
                      reverse_second_cycle=reverse_second_cycle)
