"""Perfect candidates (C.04.3 Art. 3.4): a candidate that meets C1-C5 and leaves every quality
criterion at its ideal value is accepted at once, and the first one generated wins.

No candidate can do better than ideal, so the first perfect candidate in the generation order of
Art. 3.6-3.7 and 4.1-4.5 is the bracket's pairing, and it is what the weighted stages would find.
It is searched here directly, depth first in that order, before any weighted solve: every MDP is
paired (M1 = M0, so C7 is ideal and the MDP set is the first one), the MDPs take residents in
transposition order (Art. 4.2), then the remainder is paired S1R against S2R in transposition
order, without exchange (Art. 4.3 exchanges come after every transposition).  Each pair must be
compatible and fail none of C10, C11, C15, C17, C19, C21; C12 and C13 may fail in as many pairs
as a counting bound shows every candidate must (then each is at its optimum: a candidate at those
bounds and ideal everywhere else is the best one, and the first such one is generated first); the
players left over must be residents who did not downfloat in the previous two rounds (C14, C16,
C18, C20), the next scoregroup must take every one of them and pair the rest of itself as far as
possible (C8 at its bound), and the players below must still pair completely (C4, C5).

Criteria are numbered here as in the text applied from 1 February 2026; the 2017 edition's
brackets use the same search, its criteria read the same pairs (C.5-C.19, mapped in
:func:`pairing.dutch.stages.pair_bracket_2017`).

The MDPs' partners (Art. 4.2) are tried in transposition order, and the candidates of one
MDP-Pairing come before those of the next, its remainder's exchanges included (Art. 4.3 comes
before the next MDP transposition).  So the search may move on to the next MDP-Pairing only when
no candidate with the current one can be perfect, whatever the remainder's exchange: that is told
by counting (:func:`_remainder_hopeless`), exactly, since every pairing of the remainder fails
C12 (C13) in at least as many pairs as :func:`same_preference_bound` counts for it, whichever
players go to S1R.  When the remainder could reach those bounds but has no perfect
transposition, it is not known without an exchange, and the search gives up (and the weighted
stages decide); so it does after more steps than its budget.

Why the first perfect candidate found is the weighted stages' choice: the bounds are lower
bounds on C12 and C13 over every candidate of the bracket, and every other criterion checked
here is at its ideal value, so a candidate meeting them all is optimal and the optimum is
exactly those values; the first optimal candidate in the generation order is the bracket's
pairing, and the candidates skipped before it (MDP-Pairings whose remainders the count rules
out, transpositions failing a check) are each shown to miss a bound.

The search is not used while C9 applies (but in the last bracket), nor when the next bracket
might start C9 and players below it could take part (whether it starts depends on the matching
the weighted stages leave).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from algorithms.cardinality import bits_of, exposed, maximum_matching, one_left_over_among
from pairing.dutch.criteria import (colour_difference_ok, no_third_same_colour, preferences_compatible,
                                    strong_preferences_compatible)
from pairing.dutch.state import RoundState
from pairing.dutch.players import PairingPlayer

if TYPE_CHECKING:
    from typing import Any, Iterator

#: Search steps per bracket player before the weighted stages take over.
STEPS_PER_PLAYER = 20


class _GiveUp(Exception):
    pass


def pair_perfect(st: RoundState, mdps: list[int], residents: list[int], nxt: list[int]) -> bool:
    """Freeze the bracket's first perfect candidate and return True, or change nothing and
    return False."""
    if st.full_field or (st.c9 and nxt):
        return False
    if st.odd and nxt and st.pab_score is not None and st.pab_score >= st.p[nxt[0]].score \
            and any(v > nxt[-1] for v in st.alive):
        return False  # whether C9 starts below depends on who the matching sends below the next group
    if len(mdps) > len(residents):
        return False
    pairs = _search(st, mdps, residents)
    if pairs is None:
        return False
    paired = {v for pr in pairs for v in pr}
    left = [r for r in residents if r not in paired]
    if not _ideal_leftovers(st, left) or not _completes(st, left, nxt, paired):
        return False
    for a, b in pairs:
        st.freeze(a, b)
    st.mate = {}
    return True


PERFECT, SAME_PREFERENCE, SAME_STRONG_PREFERENCE = 0, 1, 2


def _class_masks(st: RoundState, mdps: list[int], residents: list[int],
                 res_index: dict[int, int]) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """For each bracket player ``a``, the residents below it (bitsets of resident indices) it may
    meet in a pair of each class: PERFECT, SAME_PREFERENCE, SAME_STRONG_PREFERENCE
    (:func:`_colour_class`); an MDP pair fails C15, C17 (and C19, C21) on a resident who
    upfloated in the previous two rounds.

    The colour criteria depend on the two players' colour keys only
    (:func:`~pairing.dutch.criteria.colour_key`, numbered per round as
    :attr:`~pairing.dutch.state.RoundState.colour_kind`) and the upfloat rule on the resident
    alone, so each class is the union of the residents of the keys in that class, the same for
    every bracket player of one key, less those ``a`` may not meet; :func:`_colour_class` is
    asked once per pair of keys in the round.  Residents
    share a score (a scoregroup), so ``a`` is an MDP exactly when its score is higher."""
    everyone = (1 << len(residents)) - 1
    colour_kind = st.colour_kind
    by_key: dict[int, int] = {}  # colour kind -> the residents of that kind
    sample: dict[int, int] = {}
    for r in residents:
        key = colour_kind[r]
        by_key[key] = by_key.get(key, 0) | 1 << res_index[r]
        sample.setdefault(key, r)
    upfloaters = st.upfloaters
    upfloated = 0
    for r in residents:
        if upfloaters >> r & 1:
            upfloated |= 1 << res_index[r]
    first = residents[0] if residents else 0
    contiguous = bool(residents) and residents[-1] - first + 1 == len(residents)
    group = st.group_of[first] if residents else -1
    kinds = st.colour_classes
    # the residents of each class, for a bracket player of a given colour kind: the same for
    # every player of that kind (what may meet whom is applied per player below)
    classes: dict[int, tuple[int, int, int]] = {}
    good: dict[int, int] = {}
    fair: dict[int, int] = {}  # the pair fails C12 only
    poor: dict[int, int] = {}  # the pair fails C12 and C13
    for a in mdps + residents:
        adj = st.adj[a]
        if contiguous:
            meets = adj >> first & everyone
        else:
            meets = 0
            for r in residents:
                if adj >> r & 1:
                    meets |= 1 << res_index[r]
        mdp = st.group_of[a] != group
        if mdp:
            meets &= ~upfloated
        else:
            meets &= everyone & ~((2 << res_index[a]) - 1)  # residents below a
        a_key = colour_kind[a]
        got = classes.get(a_key)
        if got is None:
            row = spare = worse = 0
            for key, members in by_key.items():
                kind = kinds.get((a_key, key), -1)
                if kind == -1:
                    kind = kinds[(a_key, key)] = _colour_class(st.p[a], st.p[sample[key]])
                if kind == PERFECT:
                    row |= members
                elif kind == SAME_PREFERENCE:
                    spare |= members
                elif kind == SAME_STRONG_PREFERENCE:
                    worse |= members
            got = classes[a_key] = (row, spare, worse)
        good[a], fair[a], poor[a] = got[0] & meets, got[1] & meets, got[2] & meets
    return good, fair, poor


def _colour_class(pa: PairingPlayer, pb: PairingPlayer) -> int | None:
    """Two players who may meet: PERFECT when the pair fails no colour criterion,
    SAME_PREFERENCE when it fails C12 alone (both prefer the same colour),
    SAME_STRONG_PREFERENCE when it fails C12 and C13 (both preferences strong or absolute, not
    both absolute), None when it fails C10 or C11."""
    if not (colour_difference_ok(pa, pb) and no_third_same_colour(pa, pb)):
        return None
    if preferences_compatible(pa, pb):
        return PERFECT
    return SAME_PREFERENCE if strong_preferences_compatible(pa, pb) else SAME_STRONG_PREFERENCE


def _same_colour_bound(st: RoundState, players: list[int], strong: bool) -> int:
    """How many pairs of two players preferring the same colour every candidate pairing
    ``players`` in as many pairs as possible must hold: a pair holds at most one player of each
    preferred colour unless it fails, so with P pairs and w players preferring White, at least
    w - P pairs hold two of them (one player may be left over).  ``strong``: count only strong
    and absolute preferences (C13).  The players who prefer each colour are counted from the
    round's bitsets (:attr:`~pairing.dutch.state.RoundState.prefers`)."""
    pairs = len(players) // 2
    left = len(players) - 2 * pairs
    mask = 0
    for v in players:
        mask |= 1 << v
    white, black = st.prefers[2:] if strong else st.prefers[:2]
    w = (mask & white).bit_count()
    b = (mask & black).bit_count()
    best = max(0, w - pairs) + max(0, b - pairs)
    if left:
        best = min(best, max(0, w - 1 - pairs) + max(0, b - pairs), max(0, w - pairs) + max(0, b - 1 - pairs))
    return best


def same_preference_bound(st: RoundState, players: list[int]) -> int:
    """A lower bound on C12 (Art. 2.4.7) over every candidate of the bracket."""
    return _same_colour_bound(st, players, strong=False)


def same_strong_preference_bound(st: RoundState, players: list[int]) -> int:
    """A lower bound on C13 (Art. 2.4.8): as C12, strong and absolute preferences only.  Two
    absolute preferences for one colour fail C13 nowhere but they meet only when a topscorer is
    among them (C3), so with a topscorer in the bracket the bound is 0."""
    topscorers = st.topscorers
    if topscorers and any(topscorers >> v & 1 for v in players):
        return 0
    return _same_colour_bound(st, players, strong=True)


def _search(st: RoundState, mdps: list[int], residents: list[int]) -> list[tuple[int, int]] | None:
    """The first candidate whose pairs all fail nothing but C12, as few of them as
    :func:`same_preference_bound` allows (so C12 is at its optimum too), or None (none, or not
    found within the budget)."""
    budget = [STEPS_PER_PLAYER * (len(mdps) + len(residents)) + 50]
    res_index = {r: k for k, r in enumerate(residents)}
    good, fair, poor = _class_masks(st, mdps, residents, res_index)
    bracket = mdps + residents
    allowance = (same_preference_bound(st, bracket), same_strong_preference_bound(st, bracket))
    topscorers = st.topscorers
    no_topscorer = not (topscorers and any(topscorers >> v & 1 for v in bracket))
    # who prefers White, Black (any strength), then White, Black (strong or absolute): the
    # round's bitsets, and the same over the residents' indices
    kinds = st.prefers
    masks = [0, 0, 0, 0]
    for r in residents:
        bit = 1 << res_index[r]
        for i, members in enumerate(kinds):
            if members >> r & 1:
                masks[i] |= bit

    def step() -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _GiveUp

    def assign(choosers: list[int], free: int, allowed: tuple[int, int],
               spare_ok: int = -1) -> Iterator[tuple[list[int], tuple[int, int]]]:
        """Each chooser, in order, takes the first free resident it may pair with, with at most
        ``allowed`` pairs failing C12 and C13, and the residents nobody takes among
        ``spare_ok`` (a bitset of resident indices).  The chosen residents (indices) and what is
        left of the allowance, each such assignment in transposition order (Art. 4.2)."""
        chosen: list[int] = []
        # how many of choosers[k:] prefer White / Black (any strength, then strong or absolute)
        suffix = [[0, 0, 0, 0] for _ in range(len(choosers) + 1)]
        for k in range(len(choosers) - 1, -1, -1):
            v = choosers[k]
            suffix[k] = [suffix[k + 1][i] + (members >> v & 1) for i, members in enumerate(kinds)]

        def hopeless(k: int, free: int, a12: int, a13: int) -> bool:
            """Counting, as in :func:`same_preference_bound`: choosers preferring a colour beyond
            the free partners who do not prefer it must fail."""
            size = free.bit_count()
            c = suffix[k]
            white = c[0] - size + (free & masks[0]).bit_count()
            black = c[1] - size + (free & masks[1]).bit_count()
            if (white if white > 0 else 0) + (black if black > 0 else 0) > a12:
                return True
            if no_topscorer:
                white = c[2] - size + (free & masks[2]).bit_count()
                black = c[3] - size + (free & masks[3]).bit_count()
                if (white if white > 0 else 0) + (black if black > 0 else 0) > a13:
                    return True
            return False

        def usable(c: int, a12: int, a13: int) -> int:
            return good[c] | (fair[c] if a12 else 0) | (poor[c] if a12 and a13 else 0)

        def options(k: int, free: int, a12: int, a13: int) -> tuple[int, int, list[tuple[int, int]]] | None:
            """Chooser ``k``'s candidate partners (a bitset, consumed lowest first) and the
            forward check's base (its depth, then the choosers in order of how many options
            they had there), or None when the search may not continue below this node:
            hopeless, or a chooser still to choose without an option.

            The forward check is done in full at the base, where the allowance changed last
            (the usable sets depend on it); below it each step takes one resident, so only the
            choosers with at most as many options as steps taken since can have run out."""
            step()
            if hopeless(k, free, a12, a13):
                return None
            counts = []
            for j in range(k, len(choosers)):
                got = (usable(choosers[j], a12, a13) & free).bit_count()
                if not got:
                    return None
                counts.append((got, j))
            counts.sort()
            return usable(choosers[k], a12, a13) & free, k, counts

        def still_possible(k: int, free: int, a12: int, a13: int, base: int, counts: list[tuple[int, int]]) -> bool:
            step()
            if hopeless(k, free, a12, a13):
                return False
            taken = k - base
            for got, j in counts:
                if got > taken:
                    break
                if j >= k and not usable(choosers[j], a12, a13) & free:
                    return False
            return True

        # depth-first in transposition order (Art. 4.2), without recursion: frame k holds what
        # is free before chooser k, the allowance, the options left and the forward check's base
        size = len(choosers)
        if size == 0:
            if not free & ~spare_ok:
                yield [], allowed
            return
        first = options(0, free, *allowed)
        if first is None:
            return
        # [free, a12, a13, options left, base depth, base counts]
        frames: list[list[Any]] = [[free, allowed[0], allowed[1], first[0], first[1], first[2]]]
        while frames:
            k = len(frames) - 1
            frame = frames[-1]
            opts = frame[3]
            if not opts:
                frames.pop()
                continue
            low = opts & -opts
            frame[3] = opts ^ low
            c = choosers[k]
            u12 = 0 if good[c] & low else 1
            u13 = 1 if poor[c] & low and not good[c] & low and not fair[c] & low else 0
            del chosen[k:]
            chosen.append(low.bit_length() - 1)
            nfree, a12, a13 = frame[0] & ~low, frame[1] - u12, frame[2] - u13
            if k + 1 == size:
                if not nfree & ~spare_ok:
                    yield list(chosen), (a12, a13)
                continue
            if bool(a12) == bool(frame[1]) and bool(a12 and a13) == bool(frame[1] and frame[2]):
                if still_possible(k + 1, nfree, a12, a13, frame[4], frame[5]):
                    frames.append([nfree, a12, a13, usable(choosers[k + 1], a12, a13) & nfree, frame[4], frame[5]])
            else:
                got = options(k + 1, nfree, a12, a13)
                if got is not None:
                    frames.append([nfree, a12, a13, got[0], got[1], got[2]])

    everyone = (1 << len(residents)) - 1
    # residents who may be left over to float down: C14, C16 (and C18, C20) ideal
    downfloaters = st.downfloaters
    floatable = 0
    for r in residents:
        if not downfloaters >> r & 1:
            floatable |= 1 << res_index[r]
    try:
        if not mdps:
            got = _remainder(residents, everyone, allowance, assign, res_index, floatable)
            return None if got is None or any(got[1]) else got[0]
        # MDP partners in transposition order; an assignment is passed over only when no
        # remainder of it, exchanges included, can keep C12 and C13 at their bounds (a
        # remainder that could, but has no fitting transposition, would call for exchanges,
        # which come before the next assignment)
        for chosen, allowed in assign(mdps, everyone, allowance):
            free = everyone
            for x in chosen:
                free &= ~(1 << x)
            if _remainder_hopeless(st, [residents[x] for x in bits_of(free)], allowed):
                step()
                continue
            rest = _remainder(residents, free, allowed, assign, res_index, floatable)
            if rest is None or any(rest[1]):
                return None
            return [(m, residents[x]) for m, x in zip(mdps, chosen)] + rest[0]
        return None
    except _GiveUp:
        return None


def _remainder_hopeless(st: RoundState, remainder: list[int], allowed: tuple[int, int]) -> bool:
    """Whether every pairing of ``remainder`` in as many pairs as possible (any exchange, any
    transposition, any player left over) fails C12, or C13, in more pairs than the allowance
    left after the MDP-Pairing (Art. 2.4.7-2.4.8): :func:`same_preference_bound` and
    :func:`same_strong_preference_bound` are lower bounds over all of them (the latter 0 when a
    topscorer is among them)."""
    return (same_preference_bound(st, remainder) > allowed[0]
            or same_strong_preference_bound(st, remainder) > allowed[1])


def _remainder(residents: list[int], free: int, allowed: tuple[int, int], assign,  # type: ignore[no-untyped-def]
               res_index: dict[int, int], floatable: int) -> tuple[list[tuple[int, int]], tuple[int, int]] | None:
    """The remainder (Art. 3.3, fresh BSNs): S1R its first half, each taking S2R players in
    order, the one left over (odd remainders) among ``floatable``; None when no transposition
    fits.  Also the allowance not used.

    The S2R player nobody takes is the remainder's downfloater, so the first transposition
    (Art. 4.2: lexicographic in S2R's first N1 BSNs) with an ideal downfloater is the first
    whose pairs and leftover are all ideal; the earlier ones leave a player who floated down in
    the previous two rounds (C14, C16)."""
    remainder = [residents[x] for x in bits_of(free)]
    half = len(remainder) // 2
    if half == 0:
        return ([], allowed) if not free & ~floatable else None
    s1, s2 = remainder[:half], remainder[half:]
    s2_mask = 0
    for r in s2:
        s2_mask |= 1 << res_index[r]
    got = next(assign(s1, s2_mask, allowed, floatable), None)
    if got is None:
        return None
    chosen, rest = got
    return [(a, residents[x]) for a, x in zip(s1, chosen)], rest


def _ideal_leftovers(st: RoundState, left: list[int]) -> bool:
    """C14, C16, C18, C20: nobody left over downfloated in the previous two rounds."""
    downfloaters = st.downfloaters
    return not any(downfloaters >> v & 1 for v in left)


def _completes(st: RoundState, left: list[int], nxt: list[int], paired: set[int]) -> bool:
    """C8 at its bound and C4/C5: the next scoregroup pairs every player left over and as many of
    its own as it can (all but one at most), and everyone below still pairs completely.  In the
    last bracket, the one player left over (odd fields) receives the PAB: a bye candidate, with
    as many games played as any bye candidate of the bracket while C9 applies."""
    if not nxt:
        if len(left) != (1 if st.odd else 0):
            return False
        if not left:
            return True
        bye = left[0]
        if not st.candidate[bye]:
            return False
        if st.c9 and bye in st.c9_rank:
            best = max(st.p[v].played_games for v in st.alive if v in st.c9_rank)
            return st.p[bye].played_games == best
        return not st.c9
    if st.c9:
        return False
    mask = 0
    for v in st.alive:
        if v not in paired:
            mask |= 1 << v
    left_mask = sum(1 << v for v in left)
    next_mask = sum(1 << v for v in nxt)
    bracket_mask = next_mask | left_mask
    # the players left over meet only the next scoregroup there: first all of them, then as
    # many of the next scoregroup's own pairs as possible
    cross = list(st.adj)
    for v in left:
        cross[v] = st.adj[v] & next_mask
    only_cross = list(cross)
    for v in nxt:
        only_cross[v] = st.adj[v] & left_mask
    mate = maximum_matching(only_cross, bracket_mask, roots=left_mask)  # bipartite: every path ends in ``left``
    if any(mate[v] < 0 for v in left):
        return False
    mate = maximum_matching(cross, bracket_mask, mate)
    spare = exposed(bracket_mask, mate)
    if len(spare) > 1:
        return False
    # below: the next bracket's player left over (if any) and everyone under it, completely
    rest_mask = (mask & ~bracket_mask) | sum(1 << v for v in spare)
    rest_adj = st.adj  # the matcher reads every adjacency inside the mask given
    rmate = maximum_matching(rest_adj, rest_mask)
    out = exposed(rest_mask, rmate)
    if not st.odd:
        return not out
    if len(out) != 1:
        return False
    return one_left_over_among(rest_adj, rest_mask, rmate, st.candidate_mask() & rest_mask)
