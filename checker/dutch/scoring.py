"""The fast path: moves judged against a pairing from the one bracket they change.

Read :mod:`checker.dutch.reference` first: Art. 3.8 between two whole pairings.
:class:`ScoredPairing` holds one pairing cut into its brackets, with each bracket's values, and
re-scores a *move* (a few of its pairs replaced by others, the PAB perhaps moved) from the one
bracket where the move first changes anything: a pair lies in the bracket of its lower-ranked
player's scoregroup (Art. 1.9: the higher player floats down to it), so the brackets above are
untouched and the first changed bracket has the same members in both pairings.  That bracket
alone decides between the two (Art. 3.8 stops at the first bracket that differs), and most moves
are decided there by the count of its downfloaters (C6) before anything else is looked at; the
rest by the rows the move changes (:mod:`checker.dutch.rescore`) and the patched generation
order (:mod:`checker.dutch.order_patch`).  Verdicts are remembered from one search step to the
next.  The verdict is the reference's on the two whole pairings: the tests
(``tests/checker/test_search_equivalence.py``) compare the two on random and corpus rounds.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from checker.dutch.criteria import Bracket, Evaluator, Mate
from checker.dutch.order import generation_key
from checker.dutch.order_patch import GenerationIndex
from checker.dutch.reference import Verdict
from checker.dutch.rescore import FIRST_CHANGE, SAME_PLAYERS, BracketScore, Change, shift_sums
from checker.dutch.table import BracketParts

Pair = tuple[int, int]


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


def fewer_pairs(group_of: dict[int, int], move: Move) -> tuple[int, int] | None:
    """``(k, d)`` when ``move`` (not a move of the PAB) takes ``d`` > 0 pairs more out of bracket
    ``k``, the first bracket it changes, than it puts in: it then ranks below the pairing by C6
    (2017: C.5), which no later criterion can overturn, whatever the rest of the pairing.  A
    pair's bracket is the larger of its players' group indices (the groups follow the ranking,
    Art. 1.9: the higher player floats down to the lower one's bracket); a pair taken out and put
    in again counts on both sides, so it changes neither the bracket nor the difference."""
    if move.pab is not None or not move.removed or not move.added:
        return None
    g = group_of
    k_rem = [g[u] if g[u] > g[v] else g[v] for u, v in move.removed]
    k0 = min(k_rem)
    k_add = [g[u] if g[u] > g[v] else g[v] for u, v in move.added]
    more = k_rem.count(k0) - k_add.count(k0)
    return (k0, more) if more > 0 and min(k_add) >= k0 else None


#: how long a remembered verdict holds: while the bracket that decided and the next one stand
#: (their version), while the bracket's context stands (:meth:`ScoredPairing.context`), or for
#: the whole search (it reads nothing but the pairs the move takes out and puts in)
VERSION, CONTEXT, MOVE = 0, 1, 2
#: a remembered verdict: the bracket that decided, its version, its context (-1: held for the
#: version only, -2: for the whole search), the verdict, and whether it is exact (``False``:
#: ``None`` stands for any verdict that does not rank the move above)
_Memo = tuple[int, int, int, "Verdict | None", bool]


class ScoredPairing:
    """A complete legal pairing cut into brackets once (see the module docstring), against which
    moves are judged by :meth:`verdict` without building the candidate pairing.

    ``previous``: the pairing this one replaces in a search.  A move's verdict depends only on
    the bracket it first changes and the next one (C8), and on who receives the PAB; the brackets
    the two pairings share keep their values, and the verdicts of moves decided in them are
    remembered (a move that changes the PAB is always judged afresh).  Most verdicts depend on
    less (see :meth:`_judge`): on the pairs the move takes out and puts in alone, or on those and
    the bracket's *context* (its MDPs, its downfloaters and the MDPs' pairs), not on how the
    bracket's other residents are paired.  Such a verdict that does not rank the move above is
    kept while what it reads stands, so a search step that re-pairs a few boards of a large
    bracket re-judges only the moves that touch them."""

    def __init__(self, ev: Evaluator, mate: Mate, previous: ScoredPairing | None = None) -> None:
        self.ev = ev
        self.mate = mate
        self.brackets = ev.brackets(mate)
        n = len(self.brackets)
        g = ev.group_of
        #: the bracket each player is paired in (``n`` for the PAB assignee: they float through all)
        self.where = {u: (n if v is None else max(g[u], g[v])) for u, v in mate.items()}
        self.pab = next((u for u, v in mate.items() if v is None), None)
        self._parts: list[BracketScore | None] = [None] * n
        #: per bracket, a number that changes when the bracket or the next one does
        self.versions: list[int] = [0] * n
        self._contexts: list[int] = [-1] * n
        self._memo: dict[Move, _Memo] = {}
        self._clock = [0]
        self._context_ids: dict[Any, int] = {}
        #: whether the memo holds verdicts of earlier pairings (a search step tries each move once)
        self._inherited = False
        #: the C6 (2017: C.5) verdicts by bracket and the change in its number of pairs
        self._counts: dict[tuple[int, int], Verdict] = {}
        # the edition's data: its round-wide PAB row (2026 C5) if any, its first quality row (the
        # number of downfloaters), whether a move that changes a bracket's downfloaters is
        # re-scored from its pairs, and how (:mod:`checker.dutch.rescore`)
        self._pab_row = ev.rules.pab
        self._count_row = ev.quality_rows[0].name
        self._any_downfloaters = ev.rules.any_downfloaters
        self._first_change = FIRST_CHANGE[ev.edition]
        self._same_players = SAME_PLAYERS.get(ev.edition)
        if previous is not None and previous.ev is ev and len(previous.brackets) == n:
            self._memo, self._clock, self._context_ids = previous._memo, previous._clock, previous._context_ids
            self._inherited = True
            same = [previous.pab == self.pab and b == o for b, o in zip(self.brackets, previous.brackets)]
            for k in range(n):
                if same[k] and (k + 1 == n or same[k + 1]):
                    self.versions[k] = previous.versions[k]
                    self._parts[k] = previous._parts[k]
                else:
                    self._clock[0] += 1
                    self.versions[k] = self._clock[0]

    def part(self, k: int) -> BracketScore:
        got = self._parts[k]
        if got is None:
            got = self._parts[k] = BracketScore(self.ev, self.brackets[k], self.where)
        return got

    def context(self, k: int) -> int:
        """A number for bracket ``k``'s MDPs, downfloaters and MDP pairs, the same for every
        pairing of the search that gives the bracket the same ones."""
        got = self._contexts[k]
        if got < 0:
            b = self.brackets[k]
            mdps = b.mdps
            mdp_pairs = frozenset(pr for pr in b.pairs if pr[0] in mdps) if mdps else frozenset()
            key = (k, mdps, b.downfloaters, mdp_pairs)
            got = self._context_ids.setdefault(key, len(self._context_ids))
            self._contexts[k] = got
        return got

    def verdict(self, move: Move) -> Verdict | None:
        """:func:`checker.dutch.reference.compare` between this pairing (``a``) and ``move``
        applied to it (``b``)."""
        if self._inherited and move.pab is None:
            hit = self._memo.get(move)
            if hit is not None and hit[4] and self.versions[hit[0]] == hit[1]:
                return hit[3]
        fewer = fewer_pairs(self.ev.group_of, move)  # the commonest verdict, from the groups alone
        if fewer is not None:
            return self._c6(move, fewer[0], fewer[1], True)
        return self._judge(move, True)

    def ranks_above(self, move: Move) -> Verdict | None:
        """The :meth:`verdict` when it ranks ``move`` above this pairing, else ``None``; a move
        that loses is left as soon as that is known (a generation order is then decided where
        the two orders first part, without building the move's)."""
        if self._inherited and move.pab is None:
            hit = self._memo.get(move)
            if hit is not None:
                k = hit[0]
                ctx = hit[2]
                if ctx == -2 or self.versions[k] == hit[1] or (ctx >= 0 and self.context(k) == ctx):
                    v = hit[3]
                    return v if v is not None and v.winner == "b" else None
        v = self._judge(move, False)
        return v if v is not None and v.winner == "b" else None

    def order_above(self, move: Move, k: int, removed: list[Pair], added: tuple[Pair, ...]) -> Verdict | None:
        """:meth:`ranks_above` for a move that keeps the PAB and re-pairs, among themselves, the
        players of the pairs ``removed`` of bracket ``k`` (each (higher-ranked, lower-ranked)) as
        the pairs ``added`` of ``k`` (none in both; either player first: the order's patch reads
        a pair both ways), when its reading from those pairs
        (:data:`checker.dutch.rescore.SAME_PLAYERS`) ties on every quality row, as
        :func:`checker.dutch.search._same_bracket_plan` tells once for the whole search: the
        generation order decides (Art. 3.8), as :meth:`_judge` would find after the same
        reading, remembered as long (the bracket's context)."""
        if self._inherited:
            hit = self._memo.get(move)
            if hit is not None:
                kh, ctx = hit[0], hit[2]
                if ctx == -2 or self.versions[kh] == hit[1] or (ctx >= 0 and self.context(kh) == ctx):
                    v = hit[3]
                    return v if v is not None and v.winner == "b" else None
        part = self._parts[k] or self.part(k)
        order = part.order
        if order is None:
            order = part.order = GenerationIndex(self.brackets[k], self.ev.rank)
        if order.precedes(removed, added) is False:  # the commonest outcome, remembered as :meth:`_order` does
            self._memo[move] = (k, self.versions[k], self.context(k), None, False)
            return None
        rank = self.ev.rank
        add = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in added]
        v = self._order(move, k, part, removed, add, self.brackets[k].downfloaters, CONTEXT, False)
        return v if v is not None and v.winner == "b" else None

    def order_group(self, moves: tuple[Move, ...], ties: tuple[tuple[int, list[Pair], tuple[Pair, ...]], ...]
                    ) -> tuple[list[tuple[Move, Verdict]], tuple[int, int] | None]:
        """:meth:`order_above` for each of ``moves`` (a group of boards of one bracket, every move
        tied as ``ties`` says, all taking out the same pairs), in order: those that rank above,
        with their verdicts; and how long the group is settled (:meth:`lasting`'s answer).  What
        every move reads is read once for the group (the memo, the bracket's version and
        context, its generation order).

        A move the order alone ranks below the pairing is not remembered one by one: its
        verdict reads the pairs it changes and the bracket's members, MDPs and MDPs' pairs (the
        generation order of its remainder, Art. 4), which the bracket's context holds, so when
        every move of the group is such a move the group is settled while the context stands
        (``(k, context)``), as :meth:`lasting` would find from their remembered verdicts; and
        a group is judged again only when that context changes, when those verdicts would not
        be read.  ``None`` (not settled) when a move ranks above or was judged otherwise."""
        k, removed, _ = ties[0]
        memo, versions = self._memo, self.versions
        inherited = self._inherited
        ctx = self.context(k)
        part = self._parts[k] or self.part(k)
        order = part.order
        if order is None:
            order = part.order = GenerationIndex(self.brackets[k], self.ev.rank)
        # the moves re-pair the same players: the order's patch reads their new pairs alone
        precedes = order.precedes_same
        out: list[tuple[Move, Verdict]] = []
        settled = True
        for mv, tie in zip(moves, ties):
            if inherited:
                hit = memo.get(mv)
                if hit is not None:
                    kh, held = hit[0], hit[2]
                    if held == -2 or versions[kh] == hit[1] or (held >= 0 and self.context(kh) == held):
                        settled = False
                        v = hit[3]
                        if v is not None and v.winner == "b":
                            out.append((mv, v))
                        continue
            if precedes(tie[2]) is False:
                continue
            settled = False
            v = self.order_above(mv, k, removed, tie[2])
            if v is not None:
                out.append((mv, v))
        return out, ((k, ctx) if settled and not out else None)

    def lasting(self, moves: tuple[Move, ...]) -> tuple[int, int] | None:
        """After :meth:`verdict` or :meth:`ranks_above` judged each of ``moves`` against this
        pairing: how long what is remembered says that none of them ranks above, if it says so
        for all: ``(k, c)`` while bracket ``k``'s context is ``c`` (:meth:`context`), ``(0, -2)``
        for the rest of the search; ``None`` when it does not (a move that ranks above, a
        verdict kept for this version only, a move of the PAB)."""
        held = (0, -2)
        memo = self._memo
        for mv in moves:
            hit = memo.get(mv)
            if hit is None or hit[2] == -1:
                return None
            if hit[2] == -2:
                continue
            if held[1] == -2:
                held = (hit[0], hit[2])
            elif held != (hit[0], hit[2]):
                return None
        return held

    def _remember(self, move: Move, k: int, v: Verdict | None, exact: bool, holds: int) -> Verdict | None:
        """Keep ``v``; ``holds``: what it reads (:data:`VERSION`, :data:`CONTEXT`, :data:`MOVE`).
        It is kept beyond the version only when it does not rank the move above: a better move
        is always judged again, with the values of the pairing it is judged against."""
        if move.pab is None:
            if holds == VERSION or (v is not None and v.winner == "b"):
                ctx = -1
            else:
                ctx = -2 if holds == MOVE else self.context(k)
            self._memo[move] = (k, self.versions[k], ctx, v, exact)
        return v

    def _c6(self, move: Move, k0: int, more: int, exact: bool) -> Verdict | None:
        """The verdict of a move that takes ``more`` pairs more out of bracket ``k0``, the first it
        changes, than it puts in (fewer when negative): C6 (2017: C.5), which no later criterion
        can overturn."""
        if more > 0 and not exact:
            return self._remember(move, k0, None, False, MOVE)
        counted = self._counts.get((k0, more))
        if counted is None:
            nd = len(self.brackets[k0].downfloaters)
            counted = self._counts[(k0, more)] = Verdict(self._count_row, k0, nd, nd + 2 * more,
                                                         "a" if more > 0 else "b")
        return self._remember(move, k0, counted, exact, MOVE)

    def _judge(self, move: Move, exact: bool) -> Verdict | None:
        """The verdict; with ``exact`` false, ``None`` also when this pairing ranks first.

        A pair lies in the bracket of its lower-ranked player.  In the first bracket the move
        changes, with the pairs ``r0`` taken out and ``n0`` put in:

        * a different number of pairs decides by C6 (2017: C.5) from the two counts alone;
        * otherwise each criterion is compared from what the move changes
          (:func:`checker.dutch.rescore.first_change_2026`), which depends only on the pairs
          that change and on the bracket's MDPs and downfloaters.  The 2026 C8 (the next
          bracket's downfloaters, compared when the downfloaters differ) is read from the
          candidate's next bracket, and so is every 2026 criterion after it then;
        * the generation order, when every criterion ties, depends only on the pairs that
          change, on the bracket's members and its number of pairs and, in a heterogeneous
          bracket, on the MDPs' pairs (:class:`checker.dutch.order_patch.GenerationIndex`), unless the move
          re-pairs an MDP (the whole key is built then).

        What depends on more than the bracket's context is remembered for this version only."""
        ev = self.ev
        rank, g = ev.rank, ev.group_of
        rem = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in move.removed]
        add = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in move.added]
        if [pr for pr in rem if pr in add]:  # a pair taken out and put in again changes nothing
            rem, add = [pr for pr in rem if pr not in add], [pr for pr in add if pr not in rem]
        pab_row = self._pab_row
        if move.pab is not None and move.pab != self.pab and pab_row is not None:  # 2026 C5: the PAB's score
            assert self.pab is not None
            sa, sb = ev.p[self.pab].score, ev.p[move.pab].score
            if sa != sb:
                return Verdict(pab_row.name, None, sa, sb, "a" if sa < sb else "b")
        if not rem and not add:
            return None
        # a pair's bracket is its lower-ranked player's scoregroup (groups follow the ranking)
        k_rem = [g[v] for _, v in rem]
        k_add = [g[v] for _, v in add]
        k0 = min(k_rem + k_add)
        in_rem, in_add = k_rem.count(k0), k_add.count(k0)
        if in_rem != in_add:  # C6 (2017: C.5), which no later criterion can overturn
            return self._c6(move, k0, in_rem - in_add, exact)
        b = self.brackets[k0]
        same_players, any_bracket = self._same_players or (None, False)
        if (same_players is not None and move.pab is None and in_rem == len(rem) and in_add == len(add)
                and (any_bracket or not (b.mdps or (self.pab is not None and self.pab in b.downfloaters)))):
            # every pair the move changes lies in bracket k0, and a move that keeps the PAB
            # re-pairs the players it takes out among themselves: the same downfloaters
            part = self._parts[k0] or self.part(k0)
            if part.values is None:
                part.values = ev.values(b, self.brackets[k0 + 1] if k0 + 1 < len(self.brackets) else None,
                                        self.mate, part.sums)
            found = same_players(ev, part, rem, add)
            if found is not None:
                crit, sign, value_b, _ = found  # local: it reads the move's pairs alone
                if sign > 0 and not exact:
                    return self._remember(move, k0, None, False, MOVE)
                return self._remember(move, k0, Verdict(crit, k0, part.values[crit], value_b(), "a" if sign > 0 else "b"),
                                      exact, MOVE)
            return self._order(move, k0, part, rem, add, b.downfloaters, CONTEXT, exact)
        r0 = rem if in_rem == len(rem) else [pr for pr in rem if g[pr[1]] == k0]
        n0 = add if in_add == len(add) else [pr for pr in add if g[pr[1]] == k0]
        da = b.downfloaters
        inside = {x for pr in n0 for x in pr}
        taken = [x for pr in r0 for x in pr]
        same_down = inside.issuperset(taken)  # as many players: the same ones
        db = da if same_down else tuple(sorted([x for x in da if x not in inside] + [x for x in taken if x not in inside],
                                               key=rank.__getitem__))
        part = self._parts[k0] or self.part(k0)
        n = len(self.brackets)
        na = self.brackets[k0 + 1] if k0 + 1 < n else None
        new: dict[int, int | None] = {}
        any_down = self._any_downfloaters
        if b.mdps or move.pab is not None or not (same_down or any_down):
            for u, v in add:
                new[u], new[v] = v, u
            if move.pab is not None:
                new[move.pab] = None
        if part.values is None:
            part.values = ev.values(b, na, self.mate, part.sums)
        va = part.values
        pab = self.pab if move.pab is None else move.pab
        pab_b = pab if pab in db else None
        holds = CONTEXT
        if same_down or any_down:
            found = self._first_change(ev, part, Change(k0, r0, n0, db, same_down, pab_b, new, self.mate))
            if found is not None:
                crit, sign, value_b, local = found  # a Difference
                winner = "a" if sign > 0 else "b"
                holds = MOVE if local else CONTEXT
                if winner == "a" and not exact:
                    return self._remember(move, k0, None, False, holds)
                return self._remember(move, k0, Verdict(crit, k0, va[crit], value_b(), winner), exact, holds)
        else:
            mate = self.mate

            def opponent(x: int) -> int | None:
                return new[x] if x in new else mate.get(x)
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
            sums_b = shift_sums(ev, part.sums, r0, n0, part.mdps)
            vb = ev.quality(BracketParts(k0, db, b.mdps, part.mdps, part.members, next_down, opponent, pab_b, sums_b))
            c = ev.first_difference(va, vb, same_down)
            holds = VERSION  # C8, and everything after it, is read from the next bracket
            if c is not None:
                winner = "a" if va[c] < vb[c] else "b"
                if c == "C7":  # the scores of the downfloaters the move changes
                    holds = MOVE
                if winner == "a" and not exact:
                    return self._remember(move, k0, None, False, holds)
                return self._remember(move, k0, Verdict(c, k0, va[c], vb[c], winner), exact, holds)
        return self._order(move, k0, part, r0, n0, db, holds, exact)

    def _order(self, move: Move, k0: int, part: BracketScore, r0: list[Pair], n0: list[Pair],
               db: tuple[int, ...], holds: int, exact: bool) -> Verdict | None:
        """The verdict of ``move`` when every criterion ties in bracket ``k0``, where it takes
        out the pairs ``r0`` and puts in ``n0`` and leaves the downfloaters ``db``: the
        generation order (Art. 4), remembered as ``holds`` says."""
        rank = self.ev.rank
        b = self.brackets[k0]
        if part.order is None:
            part.order = GenerationIndex(b, rank)
        order = part.order
        if not exact:
            first = order.precedes(r0, n0)
            if first is None:  # an MDP re-paired: the MDPs' part of the key decides
                first = order.mdps_precede(r0, n0)
            if first is False:  # read from the MDPs' pairs at most, which the context holds
                return self._remember(move, k0, None, False, holds)
        kb = order.key_of(r0, n0)
        if kb is None:  # an MDP re-paired: the whole key, which reads every pair of the bracket
            holds = VERSION
            bb = Bracket(k0, b.score, b.mdps, b.residents, (b.pairs - set(r0)) | set(n0), db)
            kb = generation_key(bb, rank, order.bsn)
        return self._remember(move, k0, Verdict("order", k0, order.key, kb, "a" if order.key <= kb else "b"),
                              exact, holds)


__all__ = ["Move", "ScoredPairing", "fewer_pairs"]
