"""The Dutch pairing process (C.04.3 Art. 1.9, 3 and 4) as named stages over one
:class:`~pairing.dutch.state.RoundState`.

The round: a pre-pass fixes C4 for the whole round and the lowest PAB score (C5); then the brackets
are paired from the top score down (Art. 1.9), each one's unpaired players moving down into the
next one as MDPs.

A bracket: its criteria go into the weights (:mod:`pairing.dutch.weights`), and the generation
order of Art. 3.6-3.7 and 4.1-4.5 is reproduced by fixing one decision at a time, each with a
bonus below every criterion bit: the MDP set (Art. 4.4) and the MDPs' opponents (Art. 4.2), the
remainder's exchange (Art. 4.3, keys 1-4), the remainder's transpositions (Art. 4.2).  The first
best candidate is the lexicographically smallest generation key among the optimal candidates, and
a lexicographic minimum is found one coordinate at a time.

The 2017 edition (C.04.3 as in force until 31 January 2026) pairs its brackets with the same
stages (its B.6-B.7 and D.1-D.3 generate the candidates in the same nested order: MDP-exchanges,
transpositions of S2, the remainder's exchanges and transpositions) over its own weights, and
differs at the level of the round (:func:`pair_all_brackets_2017`): no pre-pass and no completion
criterion in ordinary brackets, but the PPB and the CLB of A.9.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from algorithms.cardinality import bits_of, can_be_left_over, exposed, maximum_matching, one_left_over_among
from pairing.dutch.perfect import pair_perfect
from pairing.result import NoLegalPairing
from pairing.dutch.state import RoundState
from pairing.dutch.weights import Layout2017, prepass_weight, weight_2017
from algorithms.matching import max_weight_matching


# --------------------------------------------------------------------------- the round


def completion_prepass(st: RoundState) -> None:
    """C4 for the whole round and the lowest PAB score (Art. 2.2.1, 2.1.2, 2.3.1).

    Complete means every player paired but at most one, who must be eligible for the PAB (C2);
    the PAB score is the lowest score such a player can have (C5).  A maximum-cardinality
    matching answers both: in an odd field, the players some complete pairing can leave over are
    those an even alternating path reaches from the one a maximum matching leaves over
    (Gallai-Edmonds).  The weighted pre-pass (:func:`weighted_prepass`) is the reference; it
    also decides the rare cases this one does not (no complete pairing: which players cannot be
    paired; the PAB on the top score below which there are other players)."""
    if st.full_field:
        weighted_prepass(st)
        return
    p, n = st.p, st.n
    everyone = (1 << n) - 1
    if not st.odd:
        if exposed(everyone, maximum_matching(st.adj, everyone)):
            weighted_prepass(st)  # raises NoLegalPairing
        return
    eligible = [i for i in range(n) if p[i].bye_eligible]
    if not eligible:
        weighted_prepass(st)
        return
    last = eligible[-1]  # an eligible player with the lowest score
    mate = maximum_matching(st.adj, everyone & ~(1 << last))
    if not exposed(everyone & ~(1 << last), mate):
        pab_score = p[last].score
    else:
        mate = maximum_matching(st.adj, everyone, mate)
        left = exposed(everyone, mate)
        reach = can_be_left_over(st.adj, everyone, mate) if len(left) == 1 else 0
        at = [i for i in eligible if reach >> i & 1]
        if not at:
            weighted_prepass(st)  # raises NoLegalPairing
            return
        pab_score = min(p[i].score for i in at)
    if pab_score >= p[0].score and len(st.groups) > 1:
        weighted_prepass(st)  # C9 may start in the top bracket: the reference decides
        return
    _set_pab(st, pab_score, c9=pab_score >= p[0].score)


def weighted_prepass(st: RoundState) -> None:
    """The pre-pass as one weighted solve over the whole field (the reference).

    Complete and leaving over a PAB-eligible player, then the PAB score as low as possible, then
    pairs inside the top scoregroup (which decides whether C9 applies to the first bracket).
    Raises :class:`NoLegalPairing` when no complete pairing exists."""
    p, L = st.p, st.L
    top_group = set(st.groups[0])
    odd = st.odd
    n = st.n
    weight = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in bits_of(st.adj[i] >> (i + 1) << (i + 1)):
            top = 1 + (not p[i].bye_eligible) + (not p[j].bye_eligible) if odd else 1
            weight[i][j] = weight[j][i] = prepass_weight(
                L, top, st.level[i], st.level[j], i in top_group and j in top_group, odd)
    st.full_solves += 1
    st.solves += 1
    st.matchings += 1
    mate = {a: b for a, b in enumerate(max_weight_matching(weight)) if b >= 0}
    unmatched = [i for i in range(n) if i not in mate]
    if len(unmatched) > (1 if odd else 0) or (odd and unmatched and not p[unmatched[0]].bye_eligible):
        ids = tuple(sorted(p[i].id for i in unmatched))
        why = ("players " + ", ".join(map(str, ids)) + " cannot all be paired without a rematch, a forbidden "
               "pair or two non-topscorers with the same absolute colour preference (C1-C3)")
        if odd and len(unmatched) == 1:
            why = (f"the only player who can be left unpaired is {ids[0]}, who may not receive the PAB (C2: "
                   "already had a PAB or scored a win without playing)")
        raise NoLegalPairing(f"no legal pairing exists: {why} (C.04.3 Art. 1.9.3: the Chief Arbiter decides)", ids)
    if odd:
        pab_score = p[unmatched[0]].score
        _set_pab(st, pab_score, c9=pab_score >= p[0].score and all(
            mate.get(i) is None or mate[i] in top_group for i in top_group))


def _set_pab(st: RoundState, pab_score: Fraction, c9: bool) -> None:
    """Bye candidates (C2-eligible, at most the PAB score) and C9's ranking of those at the PAB
    score: a player's rank is the last position of its number of games played, most first, so
    pairing the high ranks leaves over one with the most games played (Art. 2.4.4)."""
    p = st.p
    st.pab_score = pab_score
    st.candidate = [pl.bye_eligible and pl.score <= pab_score for pl in p]
    at = sorted((i for i in range(st.n) if p[i].score == pab_score and st.candidate[i]),
                key=lambda i: -p[i].played_games)
    last: dict[int, int] = {}  # games played -> the last position with that many
    for k, i in enumerate(at):
        last[p[i].played_games] = k
    st.c9_rank = {i: last[p[i].played_games] for i in at}
    st.c9 = c9


def pair_all_brackets_2026(st: RoundState) -> None:
    """The round under the text applied from 1 February 2026 (Art. 1.9): the pre-pass, then every
    bracket from the top score down; the player left over (if any) receives the PAB
    (``st.bye``).  The 2017 edition's round: :func:`pair_all_brackets_2017`."""
    completion_prepass(st)
    p = st.p
    mdps: list[int] = []
    for gi, group in enumerate(st.groups):
        residents = list(group)
        nxt = list(st.groups[gi + 1]) if gi + 1 < len(st.groups) else []
        st.window = mdps + residents + nxt
        st.next_group = nxt
        st.next_score = p[nxt[0]].score if nxt else None
        if gi:
            st.c9 = _c9_applies(st, mdps, residents, nxt)
        pair_bracket(st, mdps, residents, nxt)
        carried = sorted(i for i in mdps + residents if i in st.alive)
        # what this bracket leaves between the players it carries down stays (two MDPs are never
        # re-weighted); every other pair is weighed afresh by the brackets below
        keep = set(carried)
        st.w = {e: x for e, x in st.w.items() if e[0] in keep and e[1] in keep}
        mdps = carried
    # pairs the last optimum still holds (players who floated through every bracket below)
    for v in sorted(st.alive):
        m = st.mate.get(v)
        if m is not None and m in st.alive and v in st.alive:
            st.freeze(v, m)
    left = sorted(st.alive)
    if len(left) > 1:  # cannot happen after a successful pre-pass
        raise NoLegalPairing("no legal pairing exists for players " + ", ".join(str(p[i].id) for i in left),
                             tuple(p[i].id for i in left))
    st.bye = left[0] if left else None


# --------------------------------------------------------------------------- one bracket


def _c9_applies(st: RoundState, mdps: list[int], residents: list[int], nxt: list[int]) -> bool:
    """Whether C9 (Art. 2.4.4) weighs this bracket: the PAB is given at its score or above and
    the bracket downfloats one player only, who is then the PAB assignee (docs/rules.md, "C9's
    scope").  How many the bracket downfloats is fixed by C6 (Art. 2.4.1), above C9, so one
    solve over the bracket's weights without C9 tells it; the optimum of the bracket above
    cannot, as its look-ahead (C8) weighs the pairs inside this scoregroup, not this bracket's
    MDPs' partners.  The top bracket's answer comes from the pre-pass."""
    if not st.odd or st.pab_score is None or st.pab_score < st.p[residents[0]].score:
        return False
    if not nxt and not st.full_field:
        # the last bracket holds every player still unpaired, and the pre-pass found the round
        # completable (C4, Art. 2.2.1): its optimum pairs all of them but the one who receives
        # the PAB, so it downfloats exactly one player; the solve (kept for the reference mode)
        # would say so too
        return True
    st.c9 = False
    bracket_weights(st, mdps, residents, nxt)
    mate = st.solve()
    inside = {v for v in mdps + residents if v in st.alive}
    return sum(1 for v in inside if mate.get(v) not in inside) == 1


def pair_bracket(st: RoundState, mdps: list[int], residents: list[int], nxt: list[int]) -> None:
    """Pair one bracket: its MDPs (carried from above) and residents, looking one scoregroup
    ahead (C8).  Unpaired players stay alive and become the next bracket's MDPs."""
    if pair_perfect(st, mdps, residents, nxt):
        return
    bracket_weights(st, mdps, residents, nxt)
    bracket_stages(st, mdps, residents, nxt, perfect_next=nxt)


def bracket_stages(st: RoundState, mdps: list[int], residents: list[int], nxt: list[int],
                   perfect_next: list[int] | None = None) -> None:
    """The stages of one bracket over the weights set for it, in the generation order both
    editions share (2026 Art. 4.4/4.2, 4.3, 4.2; 2017 B.6-B.7, D.1-D.3): the MDP set and its
    opponents, then the remainder as it stands, else its exchanges and transpositions.

    ``perfect_next`` (the next scoregroup as :func:`~pairing.dutch.perfect.pair_perfect` reads
    it; None: the bracket is not one where perfect candidates are taken): once every MDP is
    paired, the remainder is a bracket of residents alone (Art. 3.3, fresh BSNs), whose criteria
    the MDP-Pairing already left at their best reachable values, so its first perfect candidate
    (Art. 3.4), when there is one, is what its weighted solve would choose."""
    if mdps:
        mdp_pairing(st, mdps, residents)
        left = [r for r in residents if r in st.alive]
        if perfect_next is not None and left and not any(v in st.alive for v in mdps) \
                and pair_perfect(st, [], left, perfect_next):
            return
    rem = Remainder.of(st, residents)
    if remainder_without_exchange(st, rem, had_mdps=bool(mdps)):
        return
    exchange(st, rem, nxt)
    transpositions(st, rem)


def bracket_weights(st: RoundState, mdps: list[int], residents: list[int], nxt: list[int]) -> None:
    """Every quality criterion on the pairs whose lower end is a resident; the C8 look-ahead on
    the pairs whose lower end is in the next scoregroup.  Two MDPs are never re-weighted: had
    they been able to meet, they would have met in an earlier bracket."""
    res_set, mdp_set, next_set = set(residents), set(mdps), set(nxt)
    for i, j in combinations(sorted(mdps + residents + nxt), 2):
        if not st.compatible(i, j) or (i in mdp_set and j in mdp_set):
            continue
        if j in res_set:
            st.w[(i, j)] = st.base_bracket(i, j, i in res_set)
        elif j in next_set:
            st.w[(i, j)] = st.base_next(i, j)


def mdp_pairing(st: RoundState, mdps: list[int], residents: list[int]) -> None:
    """Art. 4.4 (the MDP set) and Art. 4.2 (the MDPs' opponents, S2 transpositions) in one solve.

    The MDP set is the first valid one in order of smallest differing BSN, i.e. the
    lexicographically greatest "is paired" vector over the MDPs in BSN order (C7 already fixes
    how many of each score are paired): MDP k earns 2^(m-1-k) units.  Then each paired MDP, in
    BSN order, takes the highest-ranked resident that still allows an optimal candidate: digit k
    of one number (most significant first) says how high its opponent ranks.  The maximum of the
    sum is the lexicographic maximum, which is what fixing the MDPs one by one would give."""
    res_set = set(residents)
    unit = 1 << st.order.D  # MDP-set bits sit above every generation-order digit
    m = len(mdps)
    radix = len(residents) + 2
    together = st.fits(radix, m)
    for k, v in enumerate(mdps):
        bonus = unit << (m - 1 - k)
        place = radix ** (m - 1 - k) if together else 0
        for d, r in enumerate(reversed(residents), start=1):
            st.add(v, r, bonus + d * place)
    st.solve()
    paired = [v for v in mdps if st.mate.get(v) in res_set]
    if together:
        for v in paired:
            st.freeze(v, st.mate[v])
    else:
        one_by_one(st, [(v, residents) for v in paired])


@dataclass
class Remainder:
    """The residents left after the MDP-Pairing (Art. 1.3.4, 3.3), with fresh BSNs."""

    players: list[int]
    pos: dict[int, int]
    pairs: list[tuple[int, int]]  # compatible pairs inside the remainder, i < j
    base: dict[tuple[int, int], int]  # their criteria weights
    T: int  # exchange-count unit (key 1), above every key-2 term
    st: RoundState = field(repr=False)
    s1: list[int] = field(default_factory=list)  # S1R and S2R once MaxPairs is known
    s2: list[int] = field(default_factory=list)
    uppers: list[int] = field(default_factory=list)  # the upper members once the exchange is fixed

    @classmethod
    def of(cls, st: RoundState, residents: list[int]) -> "Remainder":
        remainder = [r for r in residents if r in st.alive]
        pairs = [(a, b) for a, b in combinations(remainder, 2) if (a, b) in st.w]
        return cls(remainder, {v: k for k, v in enumerate(remainder)}, pairs, {e: st.w[e] for e in pairs},
                   1 << (2 * st.order.B), st)

    def upper(self, v: int) -> bool:
        """``v`` is the upper member of a remainder pair in the current optimum."""
        m = self.st.mate.get(v)
        return m is not None and m in self.pos and m > v

    def count_pairs(self) -> int:
        return sum(1 for v in self.players if self.upper(v))


def remainder_without_exchange(st: RoundState, rem: Remainder, had_mdps: bool) -> bool:
    """Art. 3.3: the remainder paired as a homogeneous bracket, when its best candidate needs no
    exchange (the usual case).  True when the remainder is done.

    Its MaxPairs is the number of its pairs in an optimum (C6 fixes it).  Keys 1-2 of Art. 4.3
    (exchange terms) and the transpositions (digits below them) are solved together; if the
    optimum still shows an exchange, :func:`exchange` decides keys 3 and 4 first."""
    remainder = rem.players
    pairs_now = rem.count_pairs() if had_mdps else len(remainder) // 2
    radix = len(remainder) + 2
    for _attempt in range(3):
        if pairs_now == 0:
            return True
        if not st.fits(radix, pairs_now):
            break
        s1 = remainder[:pairs_now]
        s1_idx = {v: k for k, v in enumerate(s1)}
        shift = (radix ** len(s1)).bit_length()
        for a, b in rem.pairs:
            key = 2 * ((rem.T if a in s1_idx else 0) - rem.pos[a])
            digit = (len(remainder) - rem.pos[b]) * radix ** (len(s1) - 1 - s1_idx[a]) if a in s1_idx else 0
            st.w[(a, b)] = rem.base[(a, b)] + (key << shift) + digit
        st.solve()
        actual = rem.count_pairs()
        if actual != pairs_now:
            pairs_now = actual
            continue
        if all(rem.upper(v) for v in s1):
            for u in s1:
                st.freeze(u, st.mate[u])
            return True
        break
    rem.s1 = remainder[:pairs_now]
    rem.s2 = remainder[pairs_now:]
    return False


def exchange(st: RoundState, rem: Remainder, nxt: list[int]) -> None:
    """Art. 4.3: the remainder's resident exchange, key by key.

    Keys 1 (fewest exchanges) and 2 (smallest BSN-sum difference) in the weights; the factor 2
    keeps the lowest bit free for the probes of keys 3 (move out the highest BSNs of S1R) and 4
    (move in the lowest BSNs of S2R; the last one follows from key 2).  Then the exchange is
    frozen: upper members pair only below themselves, with lower members."""
    remainder = rem.players
    s1, s2 = rem.s1, rem.s2
    upper = rem.upper
    s1_set = set(s1)
    for a, b in rem.pairs:
        st.w[(a, b)] = rem.base[(a, b)] + 2 * ((rem.T if a in s1_set else 0) - rem.pos[a])
    st.solve()
    exchanges = sum(1 for v in s1 if not upper(v))
    # key 3: move out the highest BSNs of S1
    chosen = 0
    for v in reversed(s1):
        if chosen == exchanges:
            break
        lower = [b for b in remainder if b > v]
        if upper(v):
            for b in lower:
                st.add(v, b, -1)
            st.solve()
            for b in lower:
                st.add(v, b, 1)
        if not upper(v):
            for b in lower:
                if (v, b) in st.w:
                    st.w[(v, b)] = 0
            chosen += 1
    # key 4: move in the lowest BSNs of S2 (the last one follows from key 2)
    decided = 0
    for v in s2:
        if exchanges - decided <= 1:
            break
        lower = [b for b in remainder if b > v]
        if not upper(v):
            for b in lower:
                st.add(v, b, 1)
            st.solve()
            for b in lower:
                st.add(v, b, -1)
        if upper(v):
            for a in remainder:
                if a < v and (a, v) in st.w:
                    st.w[(a, v)] = 0
            for x in nxt:  # a player moved into S1 is paired in the bracket (Art. 4.3): it does not downfloat
                if (v, x) in st.w:
                    st.w[(v, x)] = 0
            decided += 1
    # freeze the exchange: upper members pair only below themselves, with lower members
    uppers = {v for v in remainder if upper(v)}
    for a, b in rem.pairs:
        st.w[(a, b)] = rem.base[(a, b)] if (a in uppers and b not in uppers and st.w[(a, b)] > 0) else 0
    rem.uppers = sorted(uppers)


def transpositions(st: RoundState, rem: Remainder) -> None:
    """Art. 4.2: the remainder's transpositions once the exchange is fixed: each upper member, in
    rank order, takes the highest-ranked partner that still allows an optimal candidate (one
    solve, digits as in :func:`mdp_pairing`)."""
    remainder = rem.players
    ordered = rem.uppers
    radix = len(remainder) + 2
    if not st.fits(radix, len(ordered)):
        one_by_one(st, [(u, [b for b in remainder if b > u]) for u in ordered])
        return
    for k, u in enumerate(ordered):
        place = radix ** (len(ordered) - 1 - k)
        for d, b in enumerate(reversed(remainder), start=1):
            if b > u and st.w.get((u, b), 0) > 0:
                st.add(u, b, d * place)
    st.solve()
    for u in ordered:
        st.freeze(u, st.mate[u])


def one_by_one(st: RoundState, choosers: list[tuple[int, list[int]]]) -> None:
    """Art. 4.2 the slow way: each player in turn takes the highest-ranked partner (of its list,
    in rank order) that still allows an optimal candidate; one solve each."""
    for v, partners in choosers:
        cands = [r for r in partners if r in st.alive and st.w.get((min(v, r), max(v, r)), 0) > 0]
        for d, r in enumerate(reversed(cands), start=1):
            st.add(v, r, d)
        st.solve()
        st.freeze(v, st.mate[v])


# --------------------------------------------------------------------------- the 2017 edition


def round_completes(st: RoundState, mask: int) -> bool:
    """The players of ``mask`` can all be paired (C.1, C.3 and forbidden pairs) but at most one,
    who may receive the PAB (C.2): the round-pairing can be completed (A.9)."""
    mate = maximum_matching(st.adj, mask)
    left = exposed(mask, mate)
    if not left:
        return True
    if len(left) != 1:
        return False
    eligible = 0
    for v in bits_of(mask):
        if st.p[v].bye_eligible:
            eligible |= 1 << v
    return one_left_over_among(st.adj, mask, mate, eligible)


def pair_all_brackets_2017(st: RoundState) -> None:
    """A.9 (2017): the brackets from the top scoregroup down, each paired with the next scoregroup
    in view (C.7).  When the downfloaters of the bracket just paired and the players still to pair
    cannot complete the round-pairing, that bracket is the Penultimate Pairing Bracket: it is
    re-paired with everyone below in its matching and completion first (C.4), and its downfloaters
    with everyone below form the Collapsed Last Bracket, which completes the round.  The last
    bracket, like the PPB and the CLB, is special: completion first, no C.7, and the player left
    over (if any) receives the PAB."""
    if not round_completes(st, (1 << st.n) - 1):
        weighted_prepass(st)  # raises NoLegalPairing naming the players
        raise NoLegalPairing("no legal pairing exists (C.04.3 A.9: the arbiter decides)")
    st.candidate = [q.bye_eligible for q in st.p]  # C.2: who may receive the PAB
    groups = st.groups
    gi = 0
    current = list(groups[0])  # the bracket: its MDPs first, then its residents
    mdps = 0
    special = len(groups) == 1
    while len(current) > 1 or gi + 1 < len(groups):
        inside = set(current)
        rest = sorted(v for v in st.alive if v not in inside) if special else list(groups[gi + 1])
        final = special or gi + 2 >= len(groups)
        mark = len(st.pairs)
        shown = pair_bracket_2017(st, current[:mdps], current[mdps:], rest, special, final)
        if not special and not shown and not round_completes(st, sum(1 << v for v in st.alive)):
            for a, b in st.pairs[mark:]:  # the PPB: undo it and pair it again
                st.alive.update((a, b))
            del st.pairs[mark:]
            special = True
            continue
        carried = [v for v in current if v in st.alive]
        if special:  # the CLB follows the PPB; after the last bracket nobody is left but the PAB
            current = carried + [v for v in rest if v in st.alive]
            gi = len(groups) - 1
        else:
            gi += 1
            current = carried + list(groups[gi])
            special = gi == len(groups) - 1
        mdps = len(carried)
    st.window = None
    st.L17 = None
    left = [v for v in current if v in st.alive]
    if len(left) > 1:  # cannot happen once the round was found completable
        raise NoLegalPairing("no legal pairing exists for players " + ", ".join(str(st.p[i].id) for i in left),
                             tuple(st.p[i].id for i in left))
    st.bye = left[0] if left else None


def pair_bracket_2017(st: RoundState, mdps: list[int], residents: list[int], rest: list[int], special: bool,
                      final: bool) -> bool:
    """One bracket of the 2017 edition: its weights (:data:`~pairing.dutch.weights.FIELDS_2017`)
    over the bracket and ``rest`` (the next scoregroup, or everyone below in a special bracket),
    then the stages of the 2026 edition, whose generation order B.6-B.7 and D.1-D.3 share.

    First the bracket's perfect candidate (:mod:`pairing.dutch.perfect`), in an ordinary bracket
    and in the last one (not in a PPB or a CLB, whose matching holds everyone below): the 2017
    criteria read the same pairs as the 2026 ones it checks (C.5-C.6 = C6-C7: every MDP paired
    and at most one resident left over; C.7 = C8: the next scoregroup takes the players left
    over and pairs the rest of itself but one at most, who in the last scoregroup may receive
    the PAB; C.8-C.11 = C10-C13, the same colour tests; C.12-C.19 = C14-C21: nobody left over
    downfloated, no MDP meets a resident who upfloated, in the previous two rounds), so a
    candidate ideal by those is the bracket's optimum, and the first one in the shared
    generation order is what the weighted stages choose.  Whether the round-pairing can still
    be completed below is decided after the bracket, as for any bracket (A.9: the PPB).

    True when the bracket's pairing has shown that the round-pairing can still be completed:
    a perfect candidate of an ordinary bracket is taken only if the next scoregroup pairs every
    player left over and all of itself but one at most, and everyone below that one pairs
    completely, but one bye candidate in an odd field
    (:func:`~pairing.dutch.perfect.pair_perfect`'s C4 and C8 checks): together, a pairing of
    every player still unpaired but at most one, who may receive the PAB (C.2), which is what
    A.9 asks of the round (:func:`round_completes`).  False: not known."""
    homogeneous = len({st.group_of[v] for v in residents}) <= 1  # a CLB's residents span scoregroups
    if homogeneous and (not special or not rest) and pair_perfect(st, mdps, residents, [] if special else rest):
        st.window = None
        return not special and bool(rest)
    bracket = mdps + residents
    window = bracket + rest
    st.window = window
    st.next_group = rest
    st.L17 = layout = Layout2017(st.p, bracket, window, residents, st.rounds_played, st.edition.fields)
    inside, mdp_set = set(bracket), set(mdps)
    w: dict[tuple[int, int], int] = {}
    p = st.p
    # a pair's weight reads of each player only what its kind holds (RoundState.kind_2017) and
    # whether it is in the bracket: made once per kind of pair
    kinds = st.kind_2017
    made: dict[tuple[int, int, bool, bool], int] = {}
    for i, j in combinations(sorted(window), 2):
        if not st.compatible(i, j) or (i in mdp_set and j in mdp_set):
            continue  # two MDPs never meet: they would have met in the bracket above
        in_i, in_j = i in inside, j in inside
        key = (kinds[i], kinds[j], in_i, in_j)
        x = made.get(key)
        if x is None:
            x = made[key] = weight_2017(layout, p[i], p[j], i, j, in_i, in_j, special, final)
        w[(i, j)] = x
    st.w = w
    st.mate = {}
    perfect = homogeneous and (not special or not rest)
    bracket_stages(st, mdps, residents, rest, perfect_next=([] if special else rest) if perfect else None)
    return False
