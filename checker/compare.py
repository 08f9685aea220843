"""Art. 3.8 between two round-pairings: C5 round-wide, then the brackets top-down, and in the
first bracket where they choose differently the first quality criterion that differs (C6-C21),
else the order in which Art. 3-4 generate the two choices.

:func:`compare` reads two complete pairings.  :class:`ScoredPairing` holds one pairing cut into
its brackets, with each bracket's values, and re-scores a *move* (a few of its pairs replaced by
others, the PAB perhaps moved) from the one bracket where the move first changes anything: a
pair lies in the bracket of its lower-ranked player's scoregroup (Art. 1.9: the higher player
floats down to it), so the brackets above are untouched and the first changed bracket has the
same members in both pairings.  That bracket alone decides between the two (Art. 3.8 stops at the
first bracket that differs), and most moves are decided there by the count of its downfloaters
(C6) before anything else is looked at.  The verdict is the one :func:`compare` gives on the two
whole pairings (the tests compare the two on random and corpus rounds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from checker.criteria import Bracket, Evaluator, Mate, PairSums
from checker.order import GenerationIndex, generation_key

Pair = tuple[int, int]


@dataclass(frozen=True)
class Verdict:
    """How Art. 3.8 ranks candidate ``b`` against ``a``: ``winner`` is "a" or "b"."""

    criterion: str  # C5..C21 or "order"
    bracket: int | None
    value_a: Any
    value_b: Any
    winner: str


def compare(ev: Evaluator, a: Mate, b: Mate, a_brackets: list[Bracket] | None = None, start: int = 0,
            cache: dict[Any, Any] | None = None, changed: frozenset[int] | None = None) -> Verdict | None:
    """Art. 3.8 between two complete, legal round-pairings; ``None`` when they are the same.

    C5 is round-wide; then the brackets top-down, and in the first bracket where the two choose
    differently, the first quality criterion that differs, or else the generation order.
    ``start``: a bracket above which the two are known to agree; ``changed``: the only players
    whose opponents differ, when known."""
    if ev.edition == "2017":  # no round-wide PAB criterion: the last bracket's PSD places the PAB
        sa = sb = None
    elif changed is not None:
        byes = [x for x in changed if a[x] is None or b[x] is None]
        sa = next((ev.p[x].score for x in byes if a[x] is None), None)
        sb = next((ev.p[x].score for x in byes if b[x] is None), None)
    else:
        sa, sb = ev.pab_score(a), ev.pab_score(b)
    if sa != sb:
        return Verdict("C5", None, sa, sb, "a" if sa < sb else "b")  # type: ignore[operator]
    ab = a_brackets if a_brackets is not None else ev.brackets(a)
    n = len(ab)
    mdps = ab[start].mdps if start < n else ()
    for k in range(start, n):
        ba = ab[k]
        entry = cache.get(k) if cache is not None else None
        if entry is None:
            members = frozenset(ba.members)
            sums_a = ev.pair_sums(ba.pairs, frozenset(ba.mdps))
            entry = (None, sums_a, members)
            if cache is not None:
                cache[k] = entry
        va, sums_a, members = entry
        if changed is not None:
            bb, removed, added = ev.bracket_delta(ba, members, a, b, changed)
            if bb.downfloaters == ba.downfloaters and not removed and not added:
                mdps = bb.downfloaters
                continue
            sums_b = ev.shift_sums(sums_a, removed, added, frozenset(ba.mdps))
        else:
            bb = ev.bracket(k, mdps, b)
            if bb.same_choice(ba):
                mdps = bb.downfloaters
                continue
            sums_b = None
        na = ab[k + 1] if k + 1 < n else None
        same_down = ba.downfloaters == bb.downfloaters
        nb = (na if same_down else ev.bracket(k + 1, bb.downfloaters, b)) if k + 1 < n else None
        if va is None:
            va = ev.values(ba, na, a, sums_a)
            if cache is not None:
                cache[k] = (va, sums_a, members)
        vb = ev.values(bb, nb, b, sums_b)
        c = ev.first_difference(va, vb, same_down)
        if c is not None:
            return Verdict(c, k, va[c], vb[c], "a" if va[c] < vb[c] else "b")
        if cache is not None:
            got = cache.get(("key", k))
            if got is None:
                bsn = {pid: i + 1 for i, pid in enumerate(ba.members)}
                got = cache[("key", k)] = (generation_key(ba, ev.rank, bsn), bsn)
            ka, bsn = got
        else:
            bsn = {pid: i + 1 for i, pid in enumerate(ba.members)}
            ka = generation_key(ba, ev.rank, bsn)
        kb = generation_key(bb, ev.rank, bsn)
        return Verdict("order", k, ka, kb, "a" if ka <= kb else "b")
    return None


class Move(NamedTuple):
    """A candidate as a change of a pairing: the pairs ``removed`` (pairs of the pairing) give way
    to the pairs ``added``; ``pab``: the player who receives the PAB instead, when the move
    changes it (the old PAB assignee is then in an added pair).  ``changed``: every player the
    move touches."""

    changed: frozenset[int]
    removed: tuple[Pair, ...]
    added: tuple[Pair, ...]
    pab: int | None = None

    def apply(self, mate: Mate) -> Mate:
        q = dict(mate)
        for u, v in self.added:
            q[u], q[v] = v, u
        if self.pab is not None:
            q[self.pab] = None
        return q


class _Bracket:
    """What :class:`ScoredPairing` keeps of one bracket, computed when first needed."""

    __slots__ = ("members", "mdps", "sums", "values", "order", "resident_down")

    def __init__(self, ev: Evaluator, b: Bracket, where: dict[int, int]) -> None:
        self.members = frozenset(b.members)
        self.mdps = frozenset(b.mdps)
        self.sums: PairSums = ev.pair_sums(b.pairs, self.mdps)
        self.values: dict[str, Any] | None = None
        self.order: GenerationIndex | None = None
        # residents not paired in this bracket (they float down to a later one)
        self.resident_down = tuple(x for x in b.residents if where[x] > b.index)


class ScoredPairing:
    """A complete legal pairing cut into brackets once (see the module docstring), against which
    moves are judged by :meth:`verdict` without building the candidate pairing.

    ``previous``: the pairing this one replaces in a search.  A move's verdict depends only on
    the bracket it first changes and the next one (C8), and on who receives the PAB; the brackets
    the two pairings share keep their values, and the verdicts of moves decided in them are
    remembered (a move that changes the PAB is always judged afresh)."""

    def __init__(self, ev: Evaluator, mate: Mate, previous: ScoredPairing | None = None) -> None:
        self.ev = ev
        self.mate = mate
        self.brackets = ev.brackets(mate)
        n = len(self.brackets)
        g = ev.group_of
        #: the bracket each player is paired in (``n`` for the PAB assignee: they float through all)
        self.where = {u: (n if v is None else max(g[u], g[v])) for u, v in mate.items()}
        self.pab = next((u for u, v in mate.items() if v is None), None)
        self._parts: list[_Bracket | None] = [None] * n
        #: per bracket, a number that changes when the bracket or the next one does
        self.versions: list[int] = [0] * n
        self._memo: dict[Move, tuple[int, int, Verdict | None, bool]] = {}
        self._clock = [0]
        if previous is not None and previous.ev is ev and len(previous.brackets) == n:
            self._memo, self._clock = previous._memo, previous._clock
            same = [previous.pab == self.pab and b == o for b, o in zip(self.brackets, previous.brackets)]
            for k in range(n):
                if same[k] and (k + 1 == n or same[k + 1]):
                    self.versions[k] = previous.versions[k]
                    self._parts[k] = previous._parts[k]
                else:
                    self._clock[0] += 1
                    self.versions[k] = self._clock[0]

    def part(self, k: int) -> _Bracket:
        got = self._parts[k]
        if got is None:
            got = self._parts[k] = _Bracket(self.ev, self.brackets[k], self.where)
        return got

    def verdict(self, move: Move) -> Verdict | None:
        """:func:`compare` between this pairing (``a``) and ``move`` applied to it (``b``)."""
        if move.pab is None:
            hit = self._memo.get(move)
            if hit is not None and hit[3] and self.versions[hit[0]] == hit[1]:
                return hit[2]
        return self._judge(move, True)

    def ranks_above(self, move: Move) -> Verdict | None:
        """The :meth:`verdict` when it ranks ``move`` above this pairing, else ``None``; a move
        that loses is left as soon as that is known (a generation order is then decided where
        the two orders first part, without building the move's)."""
        if move.pab is None:
            hit = self._memo.get(move)
            if hit is not None and self.versions[hit[0]] == hit[1]:
                v = hit[2]
                return v if v is not None and v.winner == "b" else None
        v = self._judge(move, False)
        return v if v is not None and v.winner == "b" else None

    def _remember(self, move: Move, k: int, v: Verdict | None, exact: bool = True) -> Verdict | None:
        if move.pab is None:
            self._memo[move] = (k, self.versions[k], v, exact)
        return v

    def _judge(self, move: Move, exact: bool) -> Verdict | None:
        """The verdict; with ``exact`` false, ``None`` also when this pairing ranks first by the
        generation order."""
        ev = self.ev
        rank, g, p = ev.rank, ev.group_of, ev.p
        rem = {(u, v) if rank[u] < rank[v] else (v, u) for u, v in move.removed}
        add = {(u, v) if rank[u] < rank[v] else (v, u) for u, v in move.added}
        common = rem & add
        if common:
            rem -= common
            add -= common
        pab = self.pab if move.pab is None else move.pab
        if pab != self.pab and ev.edition != "2017":  # C5: the round-wide PAB score
            assert self.pab is not None
            sa, sb = p[self.pab].score, p[pab].score  # type: ignore[index]
            if sa != sb:
                return Verdict("C5", None, sa, sb, "a" if sa < sb else "b")
        if not rem and not add:
            return None
        k0 = min(max(g[u], g[v]) for u, v in (*rem, *add))
        r0 = [pr for pr in rem if max(g[pr[0]], g[pr[1]]) == k0]
        n0 = [pr for pr in add if max(g[pr[0]], g[pr[1]]) == k0]
        b = self.brackets[k0]
        da = b.downfloaters
        cb = len(da) + 2 * (len(r0) - len(n0))
        if cb != len(da):  # C6 (2017: C.5), which no later criterion can overturn
            return self._remember(move, k0, Verdict(ev.criteria_names[0], k0, len(da), cb, "a" if len(da) < cb else "b"))
        inside = {x for pr in n0 for x in pr}
        db = tuple(sorted([x for x in da if x not in inside] + [x for pr in r0 for x in pr if x not in inside],
                          key=rank.__getitem__))
        same_down = db == da
        part = self.part(k0)
        n = len(self.brackets)
        na = self.brackets[k0 + 1] if k0 + 1 < n else None
        new: dict[int, int | None] = {}
        for u, v in add:
            new[u], new[v] = v, u
        if move.pab is not None:
            new[move.pab] = None
        if part.values is None:
            part.values = ev.values(b, na, self.mate, part.sums)
        va = part.values
        sums_b = ev.shift_sums(part.sums, r0, n0, part.mdps)
        mate = self.mate

        def opponent(x: int) -> int | None:
            return new[x] if x in new else mate.get(x)
        pab_b = pab if pab in db else None
        if same_down and ev.edition == "2026":
            found = self._first_difference(va, db, b.mdps, part.members, opponent, pab_b, sums_b, new)
            if found is not None:
                crit, y = found
                return self._remember(move, k0, Verdict(crit, k0, va[crit], y, "a" if va[crit] < y else "b"))
        else:
            if na is None:
                next_down: tuple[int, ...] | None = None
            else:
                k1 = k0 + 1
                where = self.where

                def where_b(x: int) -> int:
                    if x in new:
                        y = new[x]
                        return n if y is None else max(g[x], g[y])
                    return where[x]
                next_down = tuple([x for x in db if where_b(x) > k1]
                                  + [x for x in self.part(k1).resident_down if x not in new]
                                  + [x for x in new if g[x] == k1 and where_b(x) > k1])
            vb = ev.quality(db, b.mdps, part.members, next_down, opponent, pab_b, sums_b, k0)
            c = ev.first_difference(va, vb, same_down)
            if c is not None:
                return self._remember(move, k0, Verdict(c, k0, va[c], vb[c], "a" if va[c] < vb[c] else "b"))
        if part.order is None:
            part.order = GenerationIndex(b, rank)
        order = part.order
        if not exact:
            first = order.precedes(r0, n0)
            if first is False:
                return self._remember(move, k0, None, False)
        kb = order.key_of(r0, n0)
        if kb is None:
            bb = Bracket(k0, b.score, b.mdps, b.residents, (b.pairs - set(r0)) | set(n0), db)
            kb = generation_key(bb, rank, order.bsn)
        return self._remember(move, k0, Verdict("order", k0, order.key, kb, "a" if order.key <= kb else "b"))

    def _first_difference(self, va: dict[str, Any], d: tuple[int, ...], mdps: tuple[int, ...],
                          members: frozenset[int], opponent: Callable[[int], int | None], pab: int | None,
                          sums: PairSums, new: dict[int, int | None]) -> tuple[str, Any] | None:
        """:func:`checker.criteria.first_difference` and the candidate's value there, for a
        candidate with the same downfloaters: C6, C7, C14 and C16 are then the same and C8 is not
        compared, so only what its pairs change is computed, in the order of C9-C21."""
        ev = self.ev
        c9 = ev.p[pab].unplayed if (pab is not None and len(d) == 1) else None
        if va["C9"] is not None and c9 is not None and va["C9"] != c9:
            return "C9", c9
        for c, y in (("C10", sums.c10), ("C11", sums.c11), ("C12", sums.c12), ("C13", sums.c13),
                     ("C15", len(sums.up0)), ("C17", len(sums.up1))):
            if va[c] != y:
                return c, y
        touched = any(m in new for m in mdps)
        for back, (c_down, c_up, up) in enumerate((("C18", "C19", sums.up0), ("C20", "C21", sums.up1))):
            if touched:
                diffs = ev.mdp_downfloat_differences(mdps, members, opponent, back)
                if va[c_down] != diffs:
                    return c_down, diffs
            if va[c_up] != up:
                return c_up, up
        return None


__all__ = ["Move", "ScoredPairing", "Verdict", "compare"]
