"""Perfect candidates (C.04.3 Art. 3.4): a candidate that meets C1-C5 and leaves every quality
criterion at its ideal value is accepted at once, and the first one generated wins.

No candidate can do better than ideal, so the first perfect candidate in the generation order of
Art. 3.6-3.7 and 4.1-4.5 is the bracket's pairing, and it is what the weighted stages would find.
It is searched here directly, depth first in that order, before any weighted solve: every MDP is
paired (M1 = M0, so C7 is ideal and the MDP set is the first one), the MDPs take residents in
transposition order (Art. 4.2), then the remainder is paired S1R against S2R in transposition
order, without exchange (Art. 4.3 exchanges come after every transposition).  Each pair must be
compatible and fail none of C10-C13, C15, C17, C19, C21; the players left over must be residents
who did not downfloat in the previous two rounds (C14, C16, C18, C20), the next scoregroup must
take every one of them and pair the rest of itself as far as possible (C8 at its bound), and the
players below must still pair completely (C4, C5).

The search gives up (and the weighted stages decide) when it would have to look past the
transpositions: an exchange, a second MDP transposition after a remainder with no perfect
transposition, or more steps than its budget.  It is not used while C9 applies, nor when the
next bracket might start C9 (both depend on the matching the weighted stages leave).
"""

from __future__ import annotations

from pairing.cardinality import bits_of, can_be_left_over, exposed, maximum_matching
from pairing.dutch.criteria import c10_ok, c11_ok, c12_ok, c13_ok
from pairing.dutch.state import RoundState
from pairing.players import Float

#: Search steps per bracket player before the weighted stages take over.
STEPS_PER_PLAYER = 20


class _GiveUp(Exception):
    pass


def pair_perfect(st: RoundState, mdps: list[int], residents: list[int], nxt: list[int]) -> bool:
    """Freeze the bracket's first perfect candidate and return True, or change nothing and
    return False."""
    if st.full_field or (st.c9 and nxt):
        return False
    if st.odd and nxt and st.pab_score is not None and st.pab_score >= st.p[nxt[0]].score:
        return False
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


def _pair_ok(st: RoundState, a: int, b: int) -> bool:
    """``a`` above ``b``, ``b`` a resident: compatible and no quality criterion of the pair fails."""
    if not st.compatible(a, b):
        return False
    pa, pb = st.p[a], st.p[b]
    if not (c10_ok(pa, pb) and c11_ok(pa, pb) and c12_ok(pa, pb) and c13_ok(pa, pb)):
        return False
    if pa.score > pb.score:  # an MDP pair: C15, C17 (and C19, C21) fail on an upfloater
        depth = min(2, st.rounds_played)
        if any(pb.floats[k] is Float.UP for k in range(depth)):
            return False
    return True


def _search(st: RoundState, mdps: list[int], residents: list[int]) -> list[tuple[int, int]] | None:
    """The first candidate whose pairs are all perfect, or None (none, or not found in budget)."""
    budget = [STEPS_PER_PLAYER * (len(mdps) + len(residents)) + 50]
    res_index = {r: k for k, r in enumerate(residents)}
    ok = {}
    for a in mdps + residents:
        row = 0
        for r in residents:
            if r > a and _pair_ok(st, a, r):
                row |= 1 << res_index[r]
        ok[a] = row

    def step() -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _GiveUp

    def assign(choosers: list[int], free: int, k: int, chosen: list[int]) -> list[int] | None:
        """Each chooser, in order, takes the first free resident it pairs perfectly with."""
        if k == len(choosers):
            return chosen
        step()
        for c in choosers[k:]:  # forward check: everyone still to choose has an option
            if not ok[c] & free:
                return None
        options = ok[choosers[k]] & free
        for x in bits_of(options):
            chosen.append(x)
            got = assign(choosers, free & ~(1 << x), k + 1, chosen)
            if got is not None:
                return got
            chosen.pop()
        return None

    everyone = (1 << len(residents)) - 1
    try:
        if not mdps:
            return _remainder(residents, everyone, assign, res_index)
        # MDP partners in transposition order; the first assignment decides (a remainder with no
        # perfect transposition would call for exchanges, which come before the next assignment)
        got = assign(mdps, everyone, 0, [])
        if got is None:
            return None
        mdp_pairs = [(m, residents[x]) for m, x in zip(mdps, got)]
        free = everyone
        for x in got:
            free &= ~(1 << x)
        rest = _remainder(residents, free, assign, res_index)
        if rest is None:
            return None
        return mdp_pairs + rest
    except _GiveUp:
        return None


def _remainder(residents: list[int], free: int, assign, res_index: dict[int, int]) -> list[tuple[int, int]] | None:  # type: ignore[no-untyped-def]
    """The remainder (Art. 3.3, fresh BSNs): S1R its first half, each taking S2R players in
    order; None when no transposition is perfect."""
    remainder = [residents[x] for x in bits_of(free)]
    half = len(remainder) // 2
    if half == 0:
        return []
    s1, s2 = remainder[:half], remainder[half:]
    s2_mask = 0
    for r in s2:
        s2_mask |= 1 << res_index[r]
    got = assign(s1, s2_mask, 0, [])
    if got is None:
        return None
    return [(a, residents[x]) for a, x in zip(s1, got)]


def _ideal_leftovers(st: RoundState, left: list[int]) -> bool:
    """C14, C16, C18, C20: nobody left over downfloated in the previous two rounds."""
    depth = min(2, st.rounds_played)
    return not any(st.p[v].floats[k] is Float.DOWN for v in left for k in range(depth))


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
    mate = maximum_matching(only_cross, bracket_mask)
    if any(mate[v] < 0 for v in left):
        return False
    mate = maximum_matching(cross, bracket_mask, mate)
    spare = exposed(bracket_mask, mate)
    if len(spare) > 1:
        return False
    # below: the next bracket's player left over (if any) and everyone under it, completely
    rest_mask = (mask & ~bracket_mask) | sum(1 << v for v in spare)
    rest_adj = [a & rest_mask for a in st.adj]
    rmate = maximum_matching(rest_adj, rest_mask)
    out = exposed(rest_mask, rmate)
    if not st.odd:
        return not out
    if len(out) != 1:
        return False
    if st.candidate[out[0]]:
        return True
    reach = can_be_left_over(rest_adj, rest_mask, rmate)
    return any(st.candidate[v] for v in bits_of(reach))
