"""A round-robin file's next round, read off the table its rounds follow, for its players in
start-rank order: what "pair the next round" means for a round robin, whose pairings are
determined before the event.

The table is one of :data:`roundrobin.tables.TABLES` (FIDE's Berger table, C.05 Annex 1, or the
rotation table drawn by hand), laid out by :func:`roundrobin.tables.lay_out` in one cycle or
two, cycle 2 in the table's order or reversed: exactly the layouts ``arbiter roundrobin``
writes.  Which one a file follows is read from the file (:func:`layout_of`): the layouts its
header allows, in the order it suggests, the first whose every paired game it has.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.result import Pairing
from pairing.rounds import EventFinished, NextRound, PastLastRound, RoundOutOfRange, pending_games
from roundrobin.berger import BYE, RoundRobinSchedule, table_positions, two_cycles
from roundrobin.tables import DEFAULT_TABLE, TABLES, lay_out
from trf.model import Tournament

__all__ = ["Layout", "NotBergerNumbering", "layout_of", "layouts", "table_order", "next_berger_round"]

#: the table drawn by hand, which only a file saying it is not FIDE's (``192 CUSTOM_...``) may follow
_HAND = next(name for name, tab in TABLES.items() if not tab.fide)


class NotBergerNumbering(ValueError):
    """A round robin whose paired rounds follow none of the tables its header allows for its
    start ranks, so that its next round cannot be read off a table (``round``: the first round
    that differs from the table followed longest, ``pair``: a game of that round the table does
    not have, ``tables``: the tables tried, as the output names them)."""

    def __init__(self, rnd: int, pair: tuple[int, int], tables: tuple[str, ...] = (TABLES[DEFAULT_TABLE].title,)) -> None:
        named = " or the ".join(dict.fromkeys(tables))
        super().__init__(f"round {rnd} of this round robin does not follow the {named} for its start ranks "
                         f"(game {pair[0]}-{pair[1]}); its next round cannot be read off the table")
        self.round = rnd
        self.pair = pair
        self.tables = tables


@dataclass(frozen=True)
class Layout:
    """One way a round robin's rounds are laid out: ``table`` (a name in
    :data:`~roundrobin.tables.TABLES`), ``order`` of a second cycle (``table``: one cycle, or
    both cycles in the table's own order, no round swapped; ``fide``: FIDE's, cycle 1's last two
    rounds swapped, cycle 2 in the table's order; ``reverse``: cycle 1's last two rounds swapped,
    cycle 2 backwards) and the ``schedule`` itself."""

    table: str
    order: str
    schedule: RoundRobinSchedule

    @property
    def title(self) -> str:
        """The table as the output names it."""
        return TABLES[self.table].title

    @property
    def per_cycle(self) -> int:
        """The rounds of one cycle."""
        return len(self.schedule.rounds) // self.schedule.cycles

    def table_round(self, rnd: int) -> int:
        """The table's round that round ``rnd`` plays (in cycle 2 with colours reversed): cycle 1
        in the table's order but for its last two rounds swapped (``fide``, ``reverse``, C.05
        Annex 1), cycle 2 in the table's order or backwards (``reverse``)."""
        m = self.per_cycle
        if rnd > m:
            k = rnd - m
            return m + 1 - k if self.order == "reverse" else k
        if self.order in ("fide", "reverse") and m >= 2 and rnd in (m - 1, m):
            return 2 * m - 1 - rnd
        return rnd

    def where(self, rnd: int) -> str:
        """Round ``rnd`` in an arbiter's words: in a double round robin its cycle, its round in
        the cycle and the table's round it plays (``round 7, the second cycle's round 2: round 2
        of the rotation table ..., colours reversed``); in one cycle the table's round."""
        if self.schedule.cycles == 1:
            return f"round {rnd} of the {self.title}"
        m = self.per_cycle
        cycle, k = ("first", rnd) if rnd <= m else ("second", rnd - m)
        words = f"round {rnd}, the {cycle} cycle's round {k}: round {self.table_round(rnd)} of the {self.title}"
        if rnd > m:
            words += ", colours reversed" + (", the second cycle in reverse order" if self.order == "reverse" else "")
        elif self.table_round(rnd) != rnd:
            words += ", the first cycle's last two rounds swapped" + (" as FIDE recommends (C.05 Annex 1)"
                                                                     if self.order == "fide" else "")
        if self.order == "table" and TABLES[self.table].fide:
            words += ("; the file does not swap the first cycle's last two rounds: FIDE recommends the swap "
                      "(C.05 Annex 1) but does not require it")
        return words


def _cycles(t: Tournament, cycles: int) -> int:
    """Two cycles when the file's code says so (``cycles``) or its declared rounds (``142``/
    ``XXR``) are more than one cycle has: a ``CUSTOM_ROUNDROBIN`` file names no cycles."""
    n = len(t.players)
    per_cycle = table_positions(n) - 1
    declared = t.total_rounds or t.rounds_paired
    return 2 if cycles == 2 or declared > per_cycle else 1


def layouts(t: Tournament, cycles: int = 1) -> list[Layout]:
    """The layouts a round-robin file may follow, most likely first.

    FIDE's Berger table always; the table drawn by hand only for a file whose ``192`` code says
    it is not FIDE's (``CUSTOM_ROUNDROBIN``, as ``arbiter roundrobin --table circle`` writes; a
    FIDE code labels FIDE's table only, as the checker reads it), and first when its ``092``
    names a rotation table.  In two cycles the table's own order first (FIDE's, C.05
    Annex 1, for FIDE's table), cycle 2 reversed first when ``092`` says so (``arbiter
    roundrobin`` writes ``cycle 2 reversed``) or, for FIDE's table, when the code is ``CUSTOM``
    (a FIDE code labels FIDE's order).  FIDE's table is also read in both cycles without the
    swap of cycle 1's last two rounds (``table``), after FIDE's order: C.05 Annex 1 recommends
    the swap and does not require it, so a file without it is FIDE's table all the same, as
    ``arbiter check`` reads it (:data:`checker.roundrobin.ORDERS`, ``plain``); while the
    paired rounds cannot tell the two apart the next round is FIDE's order's."""
    n = len(t.players)
    code = (t.header("192") or "").strip().upper()
    text = (t.header("092") or "").upper()
    custom, hand = code.startswith("CUSTOM"), "ROTATION" in text
    names = [DEFAULT_TABLE] + ([_HAND] if custom else [])
    if custom and hand:
        names.reverse()
    out: list[Layout] = []
    for name in names:
        if _cycles(t, cycles) == 1:
            out.append(Layout(name, "table", lay_out(name, n)))
            continue
        fide = TABLES[name].fide
        own = ["fide", "table"] if fide else ["table"]
        reverse_first = "REVERSE" in text or (custom and fide)
        orders = ["reverse", *own] if reverse_first else [*own, "reverse"]
        out += [Layout(name, o, _double(name, n, o)) for o in orders]
    return out


def _double(name: str, n: int, order: str) -> RoundRobinSchedule:
    """Two cycles of table ``name`` in ``order`` (:class:`Layout`): the orders ``arbiter
    roundrobin`` writes (:func:`roundrobin.tables.lay_out`), and FIDE's table with no round
    swapped, which it does not write but C.05 Annex 1 allows."""
    if order == "table" and TABLES[name].swap_last_two:
        return two_cycles(TABLES[name].build(n), n, swap_last_two=False)
    return lay_out(name, n, True, order == "reverse")


def _numbers(t: Tournament) -> dict[int, int]:
    """Table number -> start rank: the players numbered 1..n in start-rank order."""
    return dict(enumerate(sorted(p.start_rank for p in t.players), 1))


def _first_difference(t: Tournament, layout: Layout) -> tuple[int, tuple[int, int]] | None:
    """The first paired round with a game ``layout`` does not have (with its colours), and the
    game; ``None`` when every paired game is the layout's."""
    sched = layout.schedule
    number = _numbers(t)
    index = {pid: i for i, pid in number.items()}
    for r in range(1, min(t.rounds_paired, len(sched.rounds)) + 1):
        table = {frozenset(pair): pair for pair in sched.games(r)}
        for g in t.games(r):
            pair = table.get(frozenset((index.get(g.white, 0), index.get(g.black, 0))))
            if pair is None or (number[pair[0]], number[pair[1]]) != (g.white, g.black):
                return r, (g.white, g.black)
    return None


def layout_of(t: Tournament, cycles: int = 1) -> Layout:
    """The layout a round-robin file follows: the first of :func:`layouts` that has every game
    of its paired rounds.  Raises :class:`NotBergerNumbering` (naming the round and game where
    the layout followed longest leaves the file) when none does."""
    candidates = layouts(t, cycles)
    worst: tuple[int, tuple[int, int]] | None = None
    for layout in candidates:
        diff = _first_difference(t, layout)
        if diff is None:
            return layout
        if worst is None or diff[0] > worst[0]:
            worst = diff
    assert worst is not None
    raise NotBergerNumbering(worst[0], worst[1], tuple(c.title for c in candidates))


def table_order(t: Tournament, rnd: int, cycles: int = 1) -> dict[frozenset[int], int]:
    """Round ``rnd``'s games in the order of the file's table (board 1 first), as pairs of start
    ranks; the first layout's when the file follows none."""
    try:
        sched = layout_of(t, cycles).schedule
    except NotBergerNumbering:
        sched = layouts(t, cycles)[0].schedule
    if not 1 <= rnd <= len(sched.rounds):
        return {}
    number = _numbers(t)
    return {frozenset((number[w], number[b])): i for i, (w, b) in enumerate(sched.games(rnd))}


def next_berger_round(t: Tournament, requested: int | None, cycles: int = 1, *, system: str = "") -> NextRound:
    """The round robin's next round, read off the table it follows (:func:`layout_of`): the
    first round with a game still to play (a round-robin file may hold every round already,
    results pending), or round ``requested``; ``system``: the name the round is reported under.
    Raises :class:`NotBergerNumbering`, :class:`~pairing.rounds.PastLastRound`,
    :class:`~pairing.rounds.RoundOutOfRange` and :class:`~pairing.rounds.EventFinished`."""
    layout = layout_of(t, cycles)
    sched = layout.schedule
    number = _numbers(t)
    total = len(sched.rounds)
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
    fide = TABLES[layout.table].fide
    title = layout.title
    note = (f"round robin: {layout.where(rnd)}" + (f"; {rest} rests" if rest is not None else "")
            + ("; the file already holds this round" if in_file else ""))
    reason = "a round robin (Berger table, C.05 Annex 1)" if fide else f"a round robin by the {title}, not FIDE's"
    return NextRound(rnd, t, False, Pairing(rnd, boards, None), system, rest, in_file,
                     edition_reason=reason, round_robin=True, note=note)
