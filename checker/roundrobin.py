"""Checking a round robin against the Berger tables (FIDE C.05 Annex 1).

In a round robin the pairings are not chosen, they are read off the Berger table for the
players' numbers (their starting ranks in the TRF).  This module checks that every paired round
of a file is the table's round: the same boards, the same colours, the bye (odd number of
players) to the right player.  It computes the table **itself**, from the closed form of the
Berger table (:func:`berger_round`: partners modulo n - 1), and shares no code with
:mod:`roundrobin.berger` (which builds it by FIDE's construction): the two readings agree on every n (tests), and that is the proof.

Double round robins are checked against the three orders in use, and the report names the one
the file follows (or is closest to):

* ``fide``: cycle 1 with its last two rounds swapped, cycle 2 in the table's order with colours
  reversed (FIDE's recommendation, C.05 Annex 1, as TEC's ``berger.js``);
* ``plain``: both cycles in the table's order, cycle 2 with colours reversed: the swap is a
  recommendation ("it is recommended", C.05 Annex 1), not a requirement, so a file without it
  follows FIDE's table and conforms (``arbiter pair`` reads it the same way,
  :func:`roundrobin.rounds.layouts`), the note saying so;
* ``reverse``: cycle 1 swapped as in ``fide``, cycle 2 in reverse order, colours reversed.

A file labelled with the neutral ``192 CUSTOM_ROUNDROBIN`` (``arbiter roundrobin --table circle``
writes it) is also read against the rotation table drawn by hand (:func:`circle_round`: 1 fixed,
the others turning one step a round), single or double (``plain``/``reverse`` as above, colours
reversed in cycle 2); the report names the table that explains the file best, FIDE's on a tie.

Each deviation is reported in words: a pair the table does not have, a colour swapped, a bye
given to the wrong player, a player the table pairs who is missing from the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trf.model import Colour, Tournament

#: (White, Black); Black is 0 for the player who has the bye.
Board = tuple[int, int]

#: each kind of deviation's rule (C.05 Annex 1) as an arbiter says it (the ``plain`` column of the
#: system's rules, :func:`systems.berger._rules`)
PLAIN = {
    "pair": "in a round robin every round's games are fixed in advance by the Berger table, from the players' "
            "numbers",
    "colour": "the Berger table also fixes who has White: the player it names first (the other way round in a "
              "second cycle)",
    "bye": "with an odd number of players, the player the table pairs with the empty place rests that round",
    "extra": "a round robin has no games other than the table's",
    "unplayed": "a game of the table that neither player played (a withdrawal or a game not played)",
}

#: the section the sentences cite
SOURCE = "C.05 Annex 1"
#: what the sentences cite for the rotation table drawn by hand, which is no FIDE rule
CIRCLE_SOURCE = "the table the file names, 192 CUSTOM_ROUNDROBIN"


def _who(x: int, names: dict[int, str]) -> str:
    name = names.get(x, "").strip()
    return f"{name} ({x})" if name else str(x)


def berger_round(n: int, r: int) -> list[Board]:
    """Round ``r`` (1-based) of the Berger table for ``n`` players, by the closed form.

    With N = n rounded up to even and M = N-1: N's opponent p solves 2p = r+1 (mod M); board 1 is
    (p, N) in odd rounds and (N, p) in even ones; board k pairs White p+k-1 with Black p-(k-1),
    both taken mod M into 1..M.  For an odd n the phantom N is the bye, written (p, 0)."""
    big_n = n + n % 2
    m = big_n - 1
    p = next(q for q in range(1, m + 1) if (2 * q - (r + 1)) % m == 0)
    boards = [(p, big_n) if r % 2 else (big_n, p)]
    for k in range(2, big_n // 2 + 1):
        boards.append(((p + k - 2) % m + 1, (p - k) % m + 1))
    if n % 2:
        boards = [(w, 0) if b == big_n else (b, 0) if w == big_n else (w, b) for w, b in boards]
    return boards


def circle_round(n: int, r: int) -> list[Board]:
    """Round ``r`` (1-based) of the rotation table drawn by hand, by its closed form.

    With N = n rounded up to even and M = N-1, number 1 sits at place 0 and place p (1..N-1)
    holds number ((p - r) mod M) + 2 (every other number one place further each round); board
    k+1 pairs place k (White, listed first) with place N-1-k.  For an odd n the ghost N is the
    bye, written (player, 0)."""
    big_n = n + n % 2
    m = big_n - 1
    at = [1] + [(p - r) % m + 2 for p in range(1, big_n)]
    boards = [(at[k], at[big_n - 1 - k]) for k in range(big_n // 2)]
    if n % 2:
        boards = [(w, 0) if b == big_n else (b, 0) if w == big_n else (w, b) for w, b in boards]
    return boards


ORDERS = ("fide", "plain", "reverse")
#: the double orders of the rotation table drawn by hand: its own order (``plain``) or cycle 2 reversed
CIRCLE_ORDERS = ("plain", "reverse")
#: the tables a file is read against, by name: FIDE's and the rotation table drawn by hand
TABLE_ROUNDS = {"fide": berger_round, "circle": circle_round}


def expected_round(n: int, rnd: int, order: str = "table", table: str = "fide") -> list[Board]:
    """The boards of round ``rnd``: of the table itself (``order="table"``, a single round
    robin), or of a double round robin in ``order`` (``fide``, ``plain`` or ``reverse``);
    ``table``: ``fide`` (Berger) or ``circle`` (the rotation table drawn by hand)."""
    table_round_of = TABLE_ROUNDS[table]
    m = n - 1 + n % 2  # rounds per cycle
    if rnd <= m:
        table_round = rnd
        if order in ("fide", "reverse") and m >= 2 and rnd in (m - 1, m):
            table_round = 2 * m - 1 - rnd  # the last two rounds of cycle 1 swapped
        return table_round_of(n, table_round)
    k = rnd - m
    table_round = m + 1 - k if order == "reverse" else k
    return [(b, w) if b else (w, b) for w, b in table_round_of(n, table_round)]


@dataclass(frozen=True)
class Deviation:
    """One difference between the file's round and the table's: ``message`` in the checker's
    terms, ``sentence`` (JSON ``"sentence"``) read aloud, the players by name and number, the
    rule in plain words (:data:`PLAIN`) before its source in brackets."""

    round: int
    kind: str  # "pair", "colour", "bye", "extra"; "unplayed" (both unpaired) is only noted
    players: tuple[int, ...]
    expected: str
    found: str
    message: str
    sentence: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "players": list(self.players),
                "expected": self.expected, "found": self.found, "message": self.message,
                "sentence": self.sentence or self.message}


@dataclass(frozen=True)
class RoundRobinReport:
    """The verdict on a whole file."""

    players: int
    cycles: int
    order: str
    rounds_checked: tuple[int, ...]
    deviations: tuple[Deviation, ...]
    notes: tuple[str, ...] = field(default=())
    #: When the rounds deviate read with the starting ranks but another numbering makes every
    #: round the table's: starting rank -> table number (reported, not assumed: the deviations
    #: stay, since the file's numbers are the starting ranks).
    numbering: dict[int, int] | None = None
    #: the table the rounds were read against: ``fide`` (Berger) or ``circle`` (drawn by hand)
    table: str = "fide"

    @property
    def ok(self) -> bool:
        """No round contradicts the table.  A table game missing from the file with both players
        unpaired (a withdrawal) does not contradict it; it is listed in ``unplayed``."""
        return not any(d.kind != "unplayed" for d in self.deviations)

    @property
    def unplayed(self) -> tuple[Deviation, ...]:
        return tuple(d for d in self.deviations if d.kind == "unplayed")

    def as_dict(self) -> dict[str, Any]:
        return {
            "system": "berger",
            "players": self.players,
            "cycles": self.cycles,
            "order": self.order,
            "table": self.table,
            "ok": self.ok,
            "rounds_checked": list(self.rounds_checked),
            "rounds_with_deviations": sorted({d.round for d in self.deviations if d.kind != "unplayed"}),
            "deviations": [d.as_dict() for d in self.deviations if d.kind != "unplayed"],
            "unplayed": [d.as_dict() for d in self.unplayed],
            "notes": list(self.notes),
            "numbering": ({str(k): v for k, v in sorted(self.numbering.items())}
                          if self.numbering is not None else None),
        }


def _file_round(t: Tournament, rnd: int) -> tuple[dict[int, tuple[int, Colour]], set[int]]:
    """The file's round: for each paired player (opponent, colour); and players without opponent."""
    opp: dict[int, tuple[int, Colour]] = {}
    alone: set[int] = set()
    for p in t.players:
        e = p.entry(rnd)
        if e is None:
            alone.add(p.start_rank)
        elif e.opponent is None:
            alone.add(p.start_rank)
        else:
            opp[p.start_rank] = (e.opponent, e.colour)
    return opp, alone


def _deviations(t: Tournament, rnd: int, expected: list[Board], table: str = "fide") -> list[Deviation]:
    opp, alone = _file_round(t, rnd)
    names = {p.start_rank: p.name for p in t.players}

    def who(x: int) -> str:
        return _who(x, names)

    def said(kind: str, fact: str) -> str:
        if table == "circle":
            rule = PLAIN[kind].replace("the Berger table", "the rotation table drawn by hand")
            return f"Round {rnd}: {rule} ({CIRCLE_SOURCE}), {fact}."
        return f"Round {rnd}: {PLAIN[kind]} ({SOURCE}), {fact}."
    out: list[Deviation] = []
    for w, b in expected:
        if b == 0:
            if w in opp:
                o = opp[w][0]
                out.append(Deviation(rnd, "bye", (w,), f"{w} has the bye", f"{w} plays {o}",
                                     f"round {rnd}: {w} should have the bye (the table pairs him with the "
                                     f"phantom player), but plays {o}",
                                     said("bye", f"so {who(w)} should rest, but plays {who(o)}")))
            continue
        got_w = opp.get(w)
        if got_w is None and w in alone and b in alone:
            out.append(Deviation(rnd, "unplayed", (w, b), f"{w}-{b}", "neither paired",
                                 f"round {rnd}: {w}-{b} is not in the file: neither has an opponent "
                                 "(a withdrawal, or a game not played)",
                                 f"Round {rnd}: the table's game {who(w)} against {who(b)} is not in the file: "
                                 "neither has an opponent (a withdrawal, or a game not played)."))
            continue
        if got_w is not None and got_w[0] == b:
            if got_w[1] is Colour.BLACK:
                out.append(Deviation(rnd, "colour", (w, b), f"{w}-{b}", f"{b}-{w}",
                                     f"round {rnd}: {w}-{b} is right but the colours are swapped: "
                                     f"the table gives White to {w}",
                                     said("colour", f"so {who(w)} should have White against {who(b)}, but the file "
                                                    "has the colours the other way round")))
            continue
        found_w = f"{w} plays {got_w[0]}" if got_w else f"{w} is not paired"
        got_b = opp.get(b)
        found_b = f"{b} plays {got_b[0]}" if got_b else f"{b} is not paired"
        said_w = f"{who(w)} plays {who(got_w[0])}" if got_w else f"{who(w)} has no opponent"
        said_b = f"{who(b)} plays {who(got_b[0])}" if got_b else f"{who(b)} has no opponent"
        out.append(Deviation(rnd, "pair", (w, b), f"{w}-{b}", f"{found_w}; {found_b}",
                             f"round {rnd}: the table pairs {w} (White) with {b}, but {found_w} and {found_b}",
                             said("pair", f"so {who(w)} should play {who(b)} with White, but {said_w} and "
                                          f"{said_b}")))
    in_table = {x for pair in expected for x in pair if x}
    for p in sorted(set(opp) - in_table):
        out.append(Deviation(rnd, "extra", (p,), "not in the table", f"{p} plays {opp[p][0]}",
                             f"round {rnd}: {p} is not one of the table's {len(in_table)} players but plays {opp[p][0]}",
                             said("extra", f"but {who(p)}, who is not one of the table's {len(in_table)} players, "
                                           f"plays {who(opp[p][0])}")))
    return out


def find_numbering(t: Tournament, rounds: list[int], order: str, table_name: str = "fide") -> dict[int, int] | None:
    """A numbering (starting rank -> table number) under which every round in ``rounds`` is the
    table's round with its colours, or None.

    Files often list the players by rating while the pairing numbers were drawn by lot, so a
    round robin that deviates from the table read with the starting ranks may still be exactly
    Berger's.  The first player's number is tried 1..n; each choice forces his opponents'
    numbers round by round, theirs force their opponents', and so on; any contradiction (a
    number taken twice, a colour or a bye that does not fit) rejects the choice."""
    n = len(t.players)
    table: dict[int, dict[int, tuple[int, Colour]]] = {}
    for r in rounds:
        tab: dict[int, tuple[int, Colour]] = {}
        for w, b in expected_round(n, r, order, table_name):
            if b == 0:
                tab[w] = (0, Colour.NONE)
            else:
                tab[w], tab[b] = (b, Colour.WHITE), (w, Colour.BLACK)
        table[r] = tab
    files = {r: _file_round(t, r) for r in rounds}
    ranks = sorted(p.start_rank for p in t.players)
    for first_number in range(1, n + 1):
        sigma, inv = {ranks[0]: first_number}, {first_number: ranks[0]}
        todo, ok = [ranks[0]], True
        while todo and ok:
            x = todo.pop()
            for r in rounds:
                opp, alone = files[r]
                tn, tc = table[r][sigma[x]]
                if x in alone:
                    ok = tn == 0 or t.player(x).entry(r) is None
                elif x in opp:
                    y, col = opp[x]
                    ok = tn != 0 and col is tc
                    if ok and y in sigma:
                        ok = sigma[y] == tn
                    elif ok:
                        ok = tn not in inv
                        if ok:
                            sigma[y], inv[tn] = tn, y
                            todo.append(y)
                if not ok:
                    break
        if not ok:
            continue
        free = iter(k for k in range(1, n + 1) if k not in inv)
        for x in ranks:
            if x not in sigma:
                sigma[x] = next(free)
        if not any(d.kind != "unplayed" for r in rounds
                   for d in _deviations(_renumbered(t, sigma), r, expected_round(n, r, order, table_name), table_name)):
            return sigma
    return None


def _renumbered(t: Tournament, sigma: dict[int, int]) -> Tournament:
    """The tournament with starting ranks replaced by ``sigma``'s numbers (opponents too)."""
    from dataclasses import replace

    from trf.model import Player

    records = []
    for rec in t.records:
        if isinstance(rec, Player):
            rounds = tuple(None if e is None else replace(e, opponent=None if e.opponent is None else sigma.get(e.opponent, e.opponent))
                           for e in rec.rounds)
            rec = replace(rec, start_rank=sigma[rec.start_rank], rounds=rounds)
        records.append(rec)
    return t.replace_records(tuple(records))


def cycles_of(t: Tournament) -> int:
    """1 or 2: from the pairing system (``192 ..DOUBLE..``) or the number of rounds."""
    n = len(t.players)
    per_cycle = n - 1 + n % 2
    text = " ".join((t.header(c) or "") for c in ("192", "092")).upper()
    if "DOUBLE" in text:
        return 2
    total = t.total_rounds or t.rounds_paired
    return 2 if total > per_cycle else 1


def check_round_robin(t: Tournament, rounds: list[int] | None = None, order: str | None = None) -> RoundRobinReport:
    """Check every paired round (or ``rounds``) against the Berger table of the file's players,
    numbered by starting rank.  For a double round robin, ``order`` (``fide``/``plain``/
    ``reverse``) or, by default, the order that explains the file best."""
    n = len(t.players)
    numbers = sorted(p.start_rank for p in t.players)
    notes: list[str] = []
    if numbers != list(range(1, n + 1)):
        notes.append(f"starting ranks are not 1..{n}; the table is read with the ranks as numbers")
    cycles = cycles_of(t)
    per_cycle = n - 1 + n % 2
    todo = rounds or list(range(1, t.rounds_paired + 1))
    too_far = [r for r in todo if r > cycles * per_cycle]
    todo = [r for r in todo if r <= cycles * per_cycle]
    candidates = [("fide", o) for o in ([order] if order else (list(ORDERS) if cycles == 2 else ["table"]))]
    if (t.header("192") or "").strip().upper().startswith("CUSTOM"):  # not FIDE's: the hand table too
        candidates += [("circle", o) for o in ([order] if order else (list(CIRCLE_ORDERS) if cycles == 2 else ["table"]))]
    best: tuple[int, tuple[str, str], list[Deviation]] | None = None
    for tab, o in candidates:
        devs = [d for r in todo for d in _deviations(t, r, expected_round(n, r, o, tab), tab)]
        if best is None or len(devs) < best[0]:
            best = (len(devs), (tab, o), devs)
    assert best is not None
    _, (table, chosen), devs = best
    numbering = None
    if any(d.kind != "unplayed" for d in devs) and rounds is None and len(todo) >= 2:
        for tab, o in ([(table, chosen)] + [x for x in candidates if x != (table, chosen)]):
            numbering = find_numbering(t, todo, o, tab)
            if numbering is not None:
                moved = ", ".join(f"{k}->{v}" for k, v in sorted(numbering.items()) if k != v)
                whose = "the rotation table's" if tab == "circle" else "the Berger table's"
                notes.append(f"every round would be {whose} with the players renumbered "
                             f"(starting rank->number: {moved}); if those were the numbers drawn, the "
                             "pairings are right and only the file's starting ranks differ from them")
                break
    devs += [Deviation(r, "extra", (), "no such round", "a paired round",
                       f"round {r} is beyond the {cycles * per_cycle} rounds of the table",
                       f"Round {r}: {PLAIN['extra']} ({SOURCE}), and the table has only {cycles * per_cycle} rounds.")
             for r in too_far]
    if table == "circle":
        notes.append("read against the rotation table drawn by hand (1 fixed, the others turning one step a round), "
                      "not FIDE's Berger table: the file says CUSTOM_ROUNDROBIN")
    if cycles == 2 and not order:
        notes.append({"fide": "double round robin in FIDE's order: last two rounds of cycle 1 swapped, "
                              "cycle 2 in the table's order with colours reversed",
                      "plain": "double round robin, both cycles in the table's order (no swap of the "
                               "last two rounds of cycle 1), cycle 2 with colours reversed"
                               + (": FIDE recommends the swap (C.05 Annex 1) but does not require it"
                                  if table == "fide" else ""),
                      "reverse": "double round robin, cycle 2 in reverse order with colours reversed"}[chosen])
    return RoundRobinReport(n, cycles, chosen, tuple(todo), tuple(devs), tuple(notes), numbering, table)
