"""The checker's own candidates: moves from a pairing and the local search over them.

A move replaces a few pairs of a pairing (and may move the PAB): every re-pairing of two boards
and every move of the PAB to a board's player (:func:`neighbours`), every other pairing of the
pairs of a small bracket (:func:`bracket_repairings`, Art. 3-4 with the same downfloaters), and
re-pairings of three boards and PAB moves that re-pair two boards (:func:`triple_moves`).
:func:`improve` takes the best move by Art. 3.8 again and again.  Each move is judged by
:meth:`checker.dutch.scoring.ScoredPairing.verdict` from the one bracket it first changes, so a move
between brackets that adds downfloaters (C6) costs a few look-ups, and the pairing is built only
for a move that ranks above the current one; ``incremental=False`` judges every move by
:func:`checker.dutch.reference.compare` on the two whole pairings instead (the reading the tests
compare it with).  Read :mod:`checker.dutch.reference` first.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Any, Callable, Container, Hashable, Iterator

from algorithms.enumeration import perfect_matchings as perfect
from checker.dutch.compare import compare
from checker.dutch.reference import Verdict, compare as reference_compare
from checker.dutch.rescore import _PSD_BASE, CLASS_CODES, CLASS_WEIGHTS, SAME_PLAYERS_WEIGHT
from checker.dutch.scoring import Move, ScoredPairing, fewer_pairs
from checker.dutch.criteria import Bracket, Evaluator, Mate
from checker.dutch.state import Pref

#: Called with each candidate, as a move from the given pairing, and its verdict against it (the
#: candidate itself is ``move.apply(pairing)``, built only by an observer that keeps it).
Observer = Callable[[Move, Verdict], None]

ENUMERATE_LIMIT = 10  # paired players of a bracket re-paired in every possible way
EXHAUSTIVE_LIMIT = 12  # rounds this small are checked against every legal pairing
FULL_TRIPLES_LIMIT = 40  # rounds this small get every three-board move; larger ones a window
WINDOW = 6  # consecutive boards (in rank order) whose triples are re-paired in larger rounds

Pair = tuple[int, int]


def boards(mate: Mate, ev: Evaluator) -> list[Pair]:
    """The pairs of ``mate``, (higher-ranked, lower-ranked), in the rank order of the first."""
    out = []
    for u, v in mate.items():
        if v is not None and ev.rank[u] < ev.rank[v]:
            out.append((u, v))
    return sorted(out, key=lambda uv: ev.rank[uv[0]])


def compatibility(ev: Evaluator) -> Callable[[int, int], bool]:
    """Whether two players may meet (no C1 or C3 breach): :func:`checker.dutch.criteria.may_meet`'s
    three tests read once for the round as each player's set of barred opponents (the players met,
    the forbidden pairs, and for a non-topscorer with an absolute preference the others with the same
    one), so that each of the search's hundreds of thousands of questions is one set look-up."""
    st = ev.state
    players = st.players
    barred: dict[int, set[int]] = {x: set() for x in players}
    for x, p in players.items():
        for y in p.met:
            if y in barred:
                barred[x].add(y)
                barred[y].add(x)
    for pair in st.forbidden or ():
        if len(pair) == 2:
            x, y = tuple(pair)
            if x in barred and y in barred:
                barred[x].add(y)
                barred[y].add(x)
    absolute: dict[object, list[int]] = {}
    for x, p in players.items():
        if p.strength is Pref.ABSOLUTE and not p.topscorer:
            absolute.setdefault(p.pref, []).append(x)
    for same in absolute.values():
        group = set(same)
        for x in same:
            barred[x] |= group - {x}

    def ok(x: int, y: int) -> bool:
        return y not in barred[x]
    return ok


def _patterns(n: int, old: tuple[Pair, ...] = ()) -> tuple[tuple[Pair, ...], ...]:
    """The perfect matchings of positions 0..n-1 in :func:`perfect`'s order, without those that
    keep a pair of ``old``: filtering these by legality gives what :func:`perfect` yields on the
    players, in the same order."""
    kept = {frozenset(pr) for pr in old}
    return tuple(tuple(m) for m in perfect(list(range(n)), lambda x, y: True)
                 if not any(frozenset(pr) in kept for pr in m))


#: the re-pairings of three boards (positions 0-1, 2-3, 4-5) that keep none of them
_SIX_NEW = _patterns(6, ((0, 1), (2, 3), (4, 5)))
#: the pairings of four players (two boards around a moved PAB)
_FOUR = _patterns(4)


#: moves that re-pair one group of boards (two boards, three, the PAB and one or two boards, one
#: bracket), under a key naming the group; :func:`improve` keeps them from one step to the next
Group = tuple[Hashable, tuple[Move, ...]]
#: the moves of each group of boards, once built (they depend on nothing else)
GroupCache = dict[Hashable, tuple[Move, ...]]


def _cached(cache: GroupCache | None, key: Hashable, build: Callable[[], list[Move]]) -> tuple[Move, ...]:
    got = cache.get(key) if cache is not None else None
    if got is None:
        got = tuple(build())
        if cache is not None:
            cache[key] = got
    return got


def neighbour_groups(ev: Evaluator, mate: Mate, frozen: frozenset[int] = frozenset(),
                     ok: Callable[[int, int], bool] | None = None, cache: GroupCache | None = None,
                     skip: Container[Hashable] = (), losing: bool = True) -> Iterator[Group]:
    """:func:`neighbours`, by pair of boards and by board the PAB moves to (but the groups whose
    key is in ``skip``).  ``losing=False``: without the pairs of boards whose every move
    :func:`checker.dutch.scoring.fewer_pairs` says loses by C6 (2017: C.5), told from the boards'
    brackets without building the moves: boards in brackets ``k1`` < ``k2`` (a board's bracket
    is its lower-ranked player's group, Art. 1.9) where both players of the ``k2`` board belong
    to groups below ``k1``.  Each re-pairing of two boards pairs a player of one with a player
    of the other, so each new pair holds a player of a group below ``k1`` and lies below
    ``k1``: the move takes bracket ``k1``'s pair out and puts none in, and ``k1`` is the first
    bracket it changes."""
    st = ev.state
    compatible = ok or compatibility(ev)
    bds = [bd for bd in boards(mate, ev) if not (bd[0] in frozen or bd[1] in frozen)]
    g = ev.group_of
    # each board's bracket and the group of its higher-ranked player (the smaller index)
    k_of = [g[v] if g[v] > g[u] else g[u] for u, v in bds]
    top = [g[u] if g[u] < g[v] else g[v] for u, v in bds]

    def two(bd1: Pair, bd2: Pair) -> list[Move]:
        (a, b), (c, d) = bd1, bd2
        out = []
        first = compatible(a, c) and compatible(b, d)
        second = compatible(a, d) and compatible(b, c)
        if first or second:
            four = frozenset((a, b, c, d))
            if first:
                out.append(Move(four, (bd1, bd2), ((a, c), (b, d))))
            if second:
                out.append(Move(four, (bd1, bd2), ((a, d), (b, c))))
        return out

    for i in range(len(bds)):
        bi = bds[i]
        ki, ti = k_of[i], top[i]
        for bj, kj, tj in zip(bds[i + 1:], k_of[i + 1:], top[i + 1:]):
            if not losing and ((ki < kj and tj > ki) or (kj < ki and ti > kj)):
                continue
            key = (bi, bj)
            if key in skip:
                continue
            got = cache.get(key) if cache is not None else None
            if got is None:
                got = tuple(two(bi, bj))
                if cache is not None:
                    cache[key] = got
            if got:
                yield key, got
    byes = [u for u, v in mate.items() if v is None]
    if byes:
        p = byes[0]

        def to_board(bd: Pair) -> list[Move]:
            c, d = bd
            return [Move(frozenset((p, c, d)), ((c, d),), ((p, stay),), leave)
                    for stay, leave in ((c, d), (d, c)) if st.players[leave].pab_ban is None and compatible(p, stay)]

        for bd in bds:
            if (p, bd) in skip:
                continue
            got = _cached(cache, (p, bd), lambda: to_board(bd))
            if got:
                yield (p, bd), got


def neighbours(ev: Evaluator, mate: Mate, frozen: frozenset[int] = frozenset(),
               ok: Callable[[int, int], bool] | None = None) -> Iterator[Move]:
    """Every legal re-pairing of two boards, and every legal move of the PAB to a board's player
    (boards with a ``frozen`` player stay as they are)."""
    for _, group in neighbour_groups(ev, mate, frozen, ok):
        yield from group


def triple_groups(ev: Evaluator, mate: Mate, frozen: frozenset[int] = frozenset(),
                  ok: Callable[[int, int], bool] | None = None, cache: GroupCache | None = None,
                  skip: Container[Hashable] = ()) -> Iterator[Group]:
    """:func:`triple_moves`, by triple of boards and by pair of boards around the PAB (but the
    groups whose key is in ``skip``)."""
    compatible = ok or compatibility(ev)
    st = ev.state
    bds = [bd for bd in boards(mate, ev) if not (bd[0] in frozen or bd[1] in frozen)]
    full = len(st.players) <= FULL_TRIPLES_LIMIT
    nb = len(bds)

    def three(key: tuple[Pair, Pair, Pair]) -> list[Move]:
        six = (*key[0], *key[1], *key[2])
        changed: frozenset[int] | None = None
        out = []
        for (p0, p1), (p2, p3), (p4, p5) in _SIX_NEW:
            x0, x1, x2, x3, x4, x5 = six[p0], six[p1], six[p2], six[p3], six[p4], six[p5]
            if compatible(x0, x1) and compatible(x2, x3) and compatible(x4, x5):
                changed = changed or frozenset(six)
                out.append(Move(changed, key, ((x0, x1), (x2, x3), (x4, x5))))
        return out

    for i in range(nb):
        hi = nb if full else min(nb, i + WINDOW)
        for j in range(i + 1, hi):
            for k in range(j + 1, hi):
                key = (bds[i], bds[j], bds[k])
                if key in skip:
                    continue
                got = cache.get(key) if cache is not None else None
                if got is None:
                    got = tuple(three(key))
                    if cache is not None:
                        cache[key] = got
                if got:
                    yield key, got
    byes = [u for u, v in mate.items() if v is None]
    if not byes or byes[0] in frozen:
        return
    p = byes[0]
    pool = bds if full else bds[-2 * WINDOW:]

    def around(bd1: Pair, bd2: Pair) -> list[Move]:
        five = [p, *bd1, *bd2]
        changed = frozenset(five)
        out = []
        for leave in five[1:]:
            if st.players[leave].pab_ban is not None:
                continue
            rest = [x for x in five if x != leave]
            for (p0, p1), (p2, p3) in _FOUR:
                x0, x1, x2, x3 = rest[p0], rest[p1], rest[p2], rest[p3]
                if compatible(x0, x1) and compatible(x2, x3):
                    out.append(Move(changed, (bd1, bd2), ((x0, x1), (x2, x3)), leave))
        return out

    for i in range(len(pool)):
        for j in range(i + 1, len(pool)):
            key2 = (p, pool[i], pool[j])
            if key2 in skip:
                continue
            got = _cached(cache, key2, lambda: around(pool[i], pool[j]))
            if got:
                yield key2, got


def triple_moves(ev: Evaluator, mate: Mate, frozen: frozenset[int] = frozenset(),
                 ok: Callable[[int, int], bool] | None = None) -> Iterator[Move]:
    """Re-pairings of three boards that keep none of them (two-board moves cover the rest), and
    moves of the PAB that re-pair two boards around it.  Every triple when the round has at most
    :data:`FULL_TRIPLES_LIMIT` players; otherwise triples within :data:`WINDOW` consecutive
    boards, and PAB moves over the last :data:`WINDOW` * 2 boards."""
    for _, group in triple_groups(ev, mate, frozen, ok):
        yield from group


def bracket_repairings(ev: Evaluator, mate: Mate, brs: list[Bracket], limit: int = ENUMERATE_LIMIT,
                       frozen: frozenset[int] = frozenset(), too_large: list[int] | None = None,
                       ok: Callable[[int, int], bool] | None = None) -> Iterator[Move]:
    """Every other way to pair the players a bracket pairs, keeping its downfloaters (so the
    rest of the round stands): all the candidates Art. 3-4 generate with that choice of
    downfloaters, MDPs against residents only (Art. 3.2).  Brackets with more than ``limit``
    paired players are skipped (listed in ``too_large``)."""
    compatible = ok or compatibility(ev)
    for b in brs:
        players = sorted((x for pr in b.pairs for x in pr if x not in frozen), key=ev.rank.__getitem__)
        if len(players) < 4:
            continue
        if len(players) > limit:
            if too_large is not None:
                too_large.append(b.index)
            continue
        mdps = set(b.mdps)
        inside = set(players)
        current = {(u, v) for u, v in b.pairs if u in inside}
        removed = tuple(sorted(current, key=lambda uv: ev.rank[uv[0]]))
        changed = frozenset(players)

        def legal(u: int, v: int) -> bool:
            return not (u in mdps and v in mdps) and compatible(u, v)

        for m in perfect(players, legal):
            if set(m) == current:
                continue
            yield Move(changed, removed, tuple(m))


def move_groups(ev: Evaluator, mate: Mate, brs: list[Bracket], frozen: frozenset[int] = frozenset(),
                too_large: list[int] | None = None, ok: Callable[[int, int], bool] | None = None,
                cache: GroupCache | None = None, skip: Container[Hashable] = (), losing: bool = True) -> Iterator[Group]:
    """:func:`moves` by group of boards they re-pair (a bracket's re-pairings: one group each,
    under no key, never kept), but the groups whose key is in ``skip`` (``losing=False``: see
    :func:`neighbour_groups`)."""
    ok = ok or compatibility(ev)
    yield from neighbour_groups(ev, mate, frozen, ok, cache, skip, losing)
    for mv in bracket_repairings(ev, mate, brs, frozen=frozen, too_large=too_large, ok=ok):
        yield None, (mv,)
    yield from triple_groups(ev, mate, frozen, ok, cache, skip)


def moves(ev: Evaluator, mate: Mate, brs: list[Bracket], frozen: frozenset[int] = frozenset(),
          too_large: list[int] | None = None, ok: Callable[[int, int], bool] | None = None) -> Iterator[Move]:
    """Every move the local search tries from ``mate``, in the order it tries them."""
    for _, group in move_groups(ev, mate, brs, frozen, too_large, ok):
        yield from group


def _one_bracket(group_of: dict[int, int], key: Hashable) -> bool:
    """Whether ``key`` names two or three boards that all lie in one bracket (a board lies in its
    lower-ranked player's group, Art. 1.9): then no move of the group takes a pair out of a
    bracket without putting one in (:func:`checker.dutch.scoring.fewer_pairs` keeps them all).
    Every pair a move takes out lies in that bracket ``k``, and every pair it puts in pairs two
    of those players, so lies in ``k`` or above it: either all lie in ``k`` (as many pairs in
    as out), or one lies above ``k``, which the move then changes first (a change there is not
    a loss of pairs in ``k``).  Judging a move the filter would drop gives the same search
    anyway (it loses); this only spares the filter."""
    if not isinstance(key, tuple) or len(key) < 2 or not all(isinstance(bd, tuple) for bd in key):
        return False
    ks = {group_of[u] if group_of[u] > group_of[v] else group_of[v] for u, v in key}
    return len(ks) == 1


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Python's cyclic garbage collector paused: the search allocates hundreds of thousands of
    small objects (moves, verdicts, remembered verdicts) that form no reference cycle, and the
    collector would walk all that are alive at each of its full passes (a third of a large
    round's time) without finding anything to free; reference counting frees them anyway (and
    the collector, running again after, whatever else).  Nested uses leave it paused."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def improve(ev: Evaluator, mate: Mate, rounds: int = 1, frozen: frozenset[int] = frozenset(),
            too_large: list[int] | None = None, observe: Observer | None = None,
            incremental: bool = True) -> tuple[Mate, Verdict | None]:
    """Best-improvement local search: the best move (:func:`moves`) that Art. 3.8 ranks above
    ``mate``, repeated ``rounds`` times; of equally good moves the first tried stands.  Returns
    the final pairing and the verdict of its first step.  ``observe`` sees every candidate of
    ``mate`` itself (the first step) with its verdict against ``mate``: the explanations
    (:mod:`checker.dutch.explain`) read the alternatives from it.  ``incremental=False``: every
    candidate built and compared whole by :func:`checker.dutch.reference.compare` (the reading the
    tests compare the incremental re-scoring with).

    A group of moves (the re-pairings of the same boards) whose every verdict is remembered as
    lasting (:meth:`checker.dutch.scoring.ScoredPairing.lasting`: none ranks its move above, for the
    rest of the search or while a bracket's context stands) is passed over in the later steps
    while that holds: its moves would be judged as before, and none of them is the best."""
    with without_cycle_collection():
        return _improve(ev, mate, rounds, frozen, too_large, observe, incremental)


class PassedOver:
    """The keys of the groups of moves the search passes over in a step, not even looked up
    (:attr:`keys`, the generators' ``skip``): those with no move left that may rank above
    (:meth:`drop`), and those :meth:`checker.dutch.scoring.ScoredPairing.lasting` settled
    (:attr:`settled`): for the rest of the search (``(0, -2)``), or while bracket ``k``'s
    context is ``c`` (``(k, c)``), that is while it is ``c`` in the step's pairing.  Kept up to
    date from step to step by re-reading, when a bracket's context changes, the groups settled
    by it (not every settled group each step)."""

    __slots__ = ("keys", "settled", "_by", "_now", "_gone")

    def __init__(self) -> None:
        self.keys: set[Hashable] = set()
        self._gone: set[Hashable] = set()
        self.settled: dict[Hashable, tuple[int, int]] = {}
        self._by: dict[int, set[Hashable]] = {}
        self._now: list[int] = []

    def holds(self, key: Hashable) -> bool:
        """Whether ``key``'s settlement holds in the step (what :attr:`keys` says of it)."""
        held = self.settled.get(key)
        return held is not None and (held[1] == -2 or self._now[held[0]] == held[1])

    def step(self, contexts: list[int]) -> None:
        """A new step, whose pairing gives each bracket the context in ``contexts``."""
        before, self._now = self._now, contexts
        for k in range(len(contexts) if before else 0):
            if contexts[k] != before[k]:
                for key in self._by.get(k, ()):
                    if self.holds(key):
                        self.keys.add(key)
                    elif key not in self._gone:
                        self.keys.discard(key)

    def settle(self, key: Hashable, held: tuple[int, int]) -> None:
        """``key``'s group settled as ``held`` says, in the current step."""
        self.settled[key] = held
        k, c = held
        if c == -2:
            self.keys.add(key)
            return
        by = self._by.get(k)
        if by is None:
            by = self._by[k] = set()
        by.add(key)
        if self._now[k] == c:
            self.keys.add(key)

    def drop(self, key: Hashable) -> None:
        """``key``'s group passed over for the rest of the search."""
        self._gone.add(key)
        self.keys.add(key)


def _improve(ev: Evaluator, mate: Mate, rounds: int, frozen: frozenset[int], too_large: list[int] | None,
             observe: Observer | None, incremental: bool) -> tuple[Mate, Verdict | None]:
    first: Verdict | None = None
    current = mate
    ok = compatibility(ev)
    scored: ScoredPairing | None = None
    cache: GroupCache = {}
    passed = PassedOver()
    settled = passed.settled
    # each group's moves that may rank above a pairing: a move that takes more pairs out of its
    # first changed bracket than it puts in never does (C6), whatever the pairing it is judged
    # against, nor one that re-pairs players inside one bracket and is worse by what its pairs
    # add (:func:`_same_bracket_plan`); nobody watching, those are not judged at all.  With each
    # group's moves, which of them tie up to the generation order there (``()``: none known)
    live: dict[Hashable, tuple[tuple[Move, ...], tuple[Tied | None, ...], bool]] = {}
    g = ev.group_of
    # moves inside one bracket read from their pairs' weights once (:func:`_same_bracket_plan`):
    # for each group in ``live``, which of its moves tie there up to the generation order
    weight = SAME_PLAYERS_WEIGHT.get(ev.edition) if incremental and observe is None else None
    weights: dict[Pair, tuple[int, bool] | None] = {}
    for step in range(rounds):
        scored = ScoredPairing(ev, current, scored) if incremental else None
        brs = scored.brackets if scored is not None else ev.brackets(current)
        watch = observe if step == 0 else None
        best: Mate | None = None
        best_move: Move | None = None
        best_verdict: Verdict | None = None
        best_brs: list[Bracket] | None = None
        best_cache: dict[Any, Any] = {}
        if scored is not None:
            passed.step([scored.context(k) for k in range(len(brs))])
        skip = passed.keys
        def consider(mv: Move, v: Verdict, cand: Mate | None) -> None:
            """A move that ranks above the pairing (``v``; ``cand``: the candidate, when built)
            against the best so far (Art. 3.8; of equals, the first tried stands)."""
            nonlocal best, best_move, best_verdict, best_brs, best_cache
            assert best_move is not None and best_verdict is not None
            if scored is not None:
                kb, kc = best_verdict.bracket, v.bracket
                if kb is not None and kc is not None and kb != kc:
                    # each ranks above the pairing in the first bracket it changes: the one
                    # that changes the earlier bracket makes the other's choice there worse
                    if kc < kb:
                        best, best_move, best_verdict, best_brs = cand, mv, v, None
                    return
                if (kc is not None and (_by_order_alone(g, kc, best_move, best_verdict, mv, v)
                                        or _by_one_row(g, kc, best_move, best_verdict, mv, v))):
                    if v.value_b < best_verdict.value_b:
                        best, best_move, best_verdict, best_brs = cand, mv, v, None
                    return
                best = best or best_move.apply(current)
                cand = cand or mv.apply(current)
                if best_brs is None:
                    best_brs, best_cache = ev.brackets(best), {}
                both = best_move.changed | mv.changed
                w = compare(ev, best, cand, best_brs, min(ev.group_of[x] for x in both), best_cache, both)
            else:
                assert best is not None and cand is not None
                w = reference_compare(ev, best, cand)
            if w is not None and w.winner == "b":
                best, best_move, best_verdict, best_brs = cand, mv, v, None

        # nobody watching, the groups whose every move loses by C6 are not even built
        for key, group in move_groups(ev, current, brs, frozen, too_large if step == 0 else None, ok, cache, skip,
                                      losing=scored is None or watch is not None):
            if scored is not None and key is not None:
                held = settled.get(key)
                if held is not None and (held[1] == -2 or scored.context(held[0]) == held[1]):
                    continue
            ties: tuple[Tied | None, ...] = ()
            ordered = False  # every move of the group tied (read by the order alone)
            if scored is not None and watch is None:
                plan = live.get(key) if key is not None else None
                if plan is None:
                    one = _one_bracket(g, key)
                    kept = group if one else tuple(mv for mv in group if fewer_pairs(g, mv) is None)
                    if weight is not None and one and kept:
                        kept, ties = _same_bracket_plan(ev, weight, weights, kept)
                        ordered = bool(ties) and None not in ties
                    if key is not None:
                        live[key] = (kept, ties, ordered)
                else:
                    kept, ties, ordered = plan
                group = kept
                if not group:
                    if key is not None:
                        passed.drop(key)
                    continue
            if ordered and scored is not None:  # every move tied: judged by the order, for the group at once
                winners, held = scored.order_group(group, ties)  # type: ignore[arg-type]
                for mv, won in winners:
                    if best_move is None:
                        best, best_move, best_verdict, best_brs = None, mv, won, None
                    else:
                        consider(mv, won, None)
                if held is not None and key is not None:
                    passed.settle(key, held)
                continue
            else:
                for i, mv in enumerate(group):
                    cand: Mate | None = None
                    if scored is not None:
                        if watch is not None:
                            v = scored.verdict(mv)
                        else:
                            tie = ties[i] if ties else None
                            v = scored.ranks_above(mv) if tie is None else scored.order_above(mv, *tie)
                    else:
                        cand = mv.apply(current)
                        v = reference_compare(ev, current, cand)
                    if v is None:
                        continue
                    if watch is not None:
                        watch(mv, v)
                    if v.winner == "a":
                        continue
                    # the candidates themselves are built when compared whole, or at the end of the step
                    if best_move is None:
                        best, best_move, best_verdict, best_brs = cand, mv, v, None
                        continue
                    consider(mv, v, cand)
            if scored is not None and key is not None:
                held = scored.lasting(group)
                if held is not None:
                    passed.settle(key, held)
        if best_move is None:
            break
        if first is None:
            first = best_verdict
        current = best or best_move.apply(current)
    return current, first


#: a move inside one bracket whose reading from its pairs ties up to the generation order: the
#: bracket, the pairs it takes out, each (higher-ranked, lower-ranked), and the pairs it puts in
Tied = tuple[int, list[Pair], tuple[Pair, ...]]
#: the most pairs a move read from its pairs' weights may take out (the weights' digits hold
#: differences of up to seven entries: :func:`checker.dutch.rescore.same_players_weight_2017`)
_WEIGHED = 7
#: a pair's weight (:data:`checker.dutch.rescore.SAME_PLAYERS_WEIGHT`)
Weight = Callable[[Evaluator, int, int], "tuple[int, bool] | None"]


def _same_bracket_plan(ev: Evaluator, weight: Weight, weights: dict[Pair, tuple[int, bool] | None],
                       group: tuple[Move, ...]) -> tuple[tuple[Move, ...], tuple[Tied | None, ...]]:
    """The moves of a group of boards (two or three, :func:`neighbour_groups`,
    :func:`triple_groups`) that the unwatched search judges, with how, when every player of the
    boards belongs to the scoregroup ``k`` of the boards' bracket (else all, judged as any
    move).  Each move keeps the PAB and re-pairs those players among themselves, each pair it
    takes out and puts in different and lying in ``k`` (a pair lies in its lower-ranked
    player's scoregroup, Art. 1.9): whatever the pairing it is judged against, ``k`` is the
    first bracket it changes, with as many pairs and the same players, so the same downfloaters
    and no C.7, and it is read from its pairs alone (:data:`checker.dutch.rescore.SAME_PLAYERS`).
    The sum of the weights it puts in less those it takes out
    (:func:`checker.dutch.rescore.same_players_weight_2017`; in a scoregroup of one score
    without topscorers, the colour codes of the players' classes,
    :func:`checker.dutch.rescore.class_codes_2017`, which differ from the weights by the same
    constant per pair) gives that reading's outcome:

    * above zero, the candidate is worse on C.6 or the first of C.8-C.11 that differs, which
      no later row can overturn (Art. 3.8: the first differing row of the first differing
      bracket decides): the move never ranks above a pairing, and is left out like the moves
      :func:`checker.dutch.scoring.fewer_pairs` drops;
    * zero with no float entry among its pairs, every quality row ties and the generation
      order decides (:meth:`checker.dutch.scoring.ScoredPairing.order_above`, given ``k`` and
      the pairs: a :data:`Tied`);
    * otherwise (better there, a float row to read, scores not in whole units), judged by
      :meth:`checker.dutch.scoring.ScoredPairing.ranks_above` as any move (``None``).

    Every move of such a group keeps the PAB, takes out the group's boards (its key) and puts
    in as many pairs, none of them one of the boards (:func:`neighbour_groups` pairs players of
    different boards, :func:`triple_groups` keeps no board).  ``weights``: the pairs' weights by
    the search, under both orders of the pair.
    ``tests/checker/test_search_equivalence.py`` compares each outcome with the whole
    comparison."""
    first = group[0]
    g = ev.group_of
    removed = first.removed
    n = len(removed)
    k = g[removed[0][1]]
    # the key's boards lie in bracket ``k``: each board's other player is the one to look at
    for u, v in removed:
        if g[u] != k or g[v] != k:
            return group, (None,) * len(group)
    if n > _WEIGHED:
        return group, (None,) * len(group)
    rank = ev.rank
    rem = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in removed]
    kept: list[Move] = []
    ties: list[Tied | None] = []
    codes = CLASS_CODES[ev.edition](ev, k) if ev.edition in CLASS_CODES else None
    if codes is not None:  # the pairs' weights less a constant each: their classes' colour codes
        cls, table = codes
        base = 0
        for u, v in removed:
            base += table[cls[u]][cls[v]]
        for mv in group:
            total = -base
            for u, v in mv.added:
                total += table[cls[u]][cls[v]]
            if total > 0:
                continue  # worse on C.8-C.11 wherever it is judged
            kept.append(mv)
            ties.append((k, rem, mv.added) if total == 0 else None)
        return tuple(kept), tuple(ties)

    mixed = CLASS_WEIGHTS[ev.edition](ev, k) if ev.edition in CLASS_WEIGHTS else None
    if mixed is not None:  # the weights read by player: the PSD part and the code apart
        cls, table, units, down, up = mixed
        base_psd = base_code = 0
        base_floats = False
        for u, v in removed:
            su, sv = units[u], units[v]
            if su == sv:
                base_psd += 1
            else:
                base_psd += _PSD_BASE ** (su - sv if su > sv else sv - su)
                base_floats = base_floats or ((down[u] or up[v]) if su > sv else (down[v] or up[u]))
            base_code += table[cls[u]][cls[v]]
        for mv in group:
            d_psd = -base_psd
            d_code = -base_code
            floats = base_floats
            for u, v in mv.added:
                su, sv = units[u], units[v]
                if su == sv:
                    d_psd += 1
                else:
                    d_psd += _PSD_BASE ** (su - sv if su > sv else sv - su)
                    floats = floats or ((down[u] or up[v]) if su > sv else (down[v] or up[u]))
                d_code += table[cls[u]][cls[v]]
            if d_psd > 0 or (d_psd == 0 and d_code > 0):
                continue  # worse on C.6 or C.8-C.11 wherever it is judged
            kept.append(mv)
            ties.append((k, rem, mv.added) if d_psd == 0 and d_code == 0 and not floats else None)
        return tuple(kept), tuple(ties)

    def of(u: int, v: int) -> tuple[int, bool] | None:
        got = weights.get((u, v), False)
        if got is False:
            got = weight(ev, u, v) if rank[u] < rank[v] else weight(ev, v, u)
            weights[(u, v)] = weights[(v, u)] = got
        return got  # type: ignore[return-value]

    base = 0
    base_floats = False
    for u, v in removed:
        w = of(u, v)
        if w is None:
            return group, (None,) * len(group)  # scores not in whole units
        base += w[0]
        base_floats = base_floats or w[1]
    for mv in group:
        change = -base
        floats = base_floats
        whole = True  # every pair weighed (scores in whole units)
        for u, v in mv.added:
            w = of(u, v)
            if w is None:
                whole = False
                break
            change += w[0]
            floats = floats or w[1]
        if whole and change > 0:
            continue  # worse on C.6 or C.8-C.11 wherever it is judged
        kept.append(mv)
        ties.append((k, rem, mv.added) if whole and change == 0 and not floats else None)
    return tuple(kept), tuple(ties)


def _keeps_downfloaters(group_of: dict[int, int], move: Move, k: int) -> bool:
    """Whether ``move`` leaves bracket ``k`` the same downfloaters: the players of the pairs it
    takes out of ``k`` (a pair lies in its lower-ranked player's group, Art. 1.9) are those of
    the pairs it puts in ``k``.  A player taken out of a pair of ``k`` and not put in one is
    paired elsewhere or not at all, so floats down; the other members keep their pairs."""
    if move.pab is not None:
        return False
    g = group_of
    out = {x for u, v in move.removed if (g[u] if g[u] > g[v] else g[v]) == k for x in (u, v)}
    into = {x for u, v in move.added if (g[u] if g[u] > g[v] else g[v]) == k for x in (u, v)}
    return out == into


def _by_one_row(group_of: dict[int, int], k: int, a: Move, va: Verdict, b: Move, vb: Verdict) -> bool:
    """:func:`_by_order_alone` for two moves that rank above the same pairing ``P`` in its
    bracket ``k``, the first each changes, on the same quality row with different values there:
    they rank against each other by those values (Art. 3.8: smaller first).  It holds when both
    keep ``P``'s downfloaters in ``k`` and the PAB: the brackets above ``k`` are ``P``'s in
    both; in ``k`` the three have the same members and downfloaters, so the same rows are
    compared in each comparison (a row read from the next bracket, 2026 C8 or 2017 C.7, reads
    the same downfloaters), and each move equals ``P`` on every row before the one it wins on,
    so the two tie there; on that row each verdict holds the move's value (``value_b``), and
    different values decide."""
    return (va.criterion == vb.criterion and va.criterion != "order" and va.bracket == k and vb.bracket == k
            and va.value_b != vb.value_b and _keeps_downfloaters(group_of, a, k) and _keeps_downfloaters(group_of, b, k))


def _by_order_alone(group_of: dict[int, int], k: int, a: Move, va: Verdict, b: Move, vb: Verdict) -> bool:
    """Whether two moves that rank above the same pairing ``P`` in its bracket ``k``, the first
    each changes, by the generation order (``va``, ``vb``: their verdicts against ``P``) rank
    against each other by their generation keys in ``k`` alone (Art. 3.8: the first bracket
    that differs, every quality row, then the order).  It holds when both keep ``P``'s
    downfloaters in ``k`` and the PAB, and their keys differ: the brackets above ``k`` are
    ``P``'s in both; in ``k`` every row each was compared with ``P`` on equals ``P``'s (an order
    verdict), and with the same downfloaters in all three the rows compared are the same ones
    (C8, 2017 C.7: the next bracket, the same in all three), so the two tie on every row; the
    members are the same, so the keys are read with the same numbers; different keys are
    different pairs in ``k``, where the two then first differ."""
    return (va.criterion == "order" and vb.criterion == "order" and va.bracket == k and vb.bracket == k
            and va.value_b != vb.value_b and _keeps_downfloaters(group_of, a, k) and _keeps_downfloaters(group_of, b, k))


def best_of(ev: Evaluator, cands: list[Mate]) -> Mate:
    """The candidate Art. 3.8 ranks first (the earliest of equals)."""
    best = cands[0]
    for c in cands[1:]:
        w = compare(ev, best, c)
        if w is not None and w.winner == "b":
            best = c
    return best


def all_pairings(ev: Evaluator) -> Iterator[Mate]:
    """Every legal complete pairing of the round (C1-C4; the PAB to a C2-eligible player)."""
    ok = compatibility(ev)
    ids = sorted(ev.p, key=ev.rank.__getitem__)
    odd = len(ids) % 2 == 1
    for bye in (ids if odd else [None]):
        if bye is not None and ev.p[bye].pab_ban is not None:
            continue
        rest = [x for x in ids if x != bye]
        for m in perfect(rest, ok):
            q: Mate = {}
            for u, v in m:
                q[u], q[v] = v, u
            if bye is not None:
                q[bye] = None
            yield q


def best_of_all(ev: Evaluator) -> Mate | None:
    """The pairing Art. 3.8 ranks first among every legal pairing: an exact pairing by the
    checker's own reading, for rounds small enough to enumerate."""
    best: Mate | None = None
    brs: list[Bracket] = []
    cache: dict[Any, Any] = {}
    for q in all_pairings(ev):
        if best is None:
            best, brs, cache = q, ev.brackets(q), {}
            continue
        v = compare(ev, best, q, brs, 0, cache)
        if v is not None and v.winner == "b":
            best, brs, cache = q, ev.brackets(q), {}
    return best
