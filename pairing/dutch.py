"""FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.

Approach (C.04.3 says any method that yields the rule's pairing is acceptable): one maximum-
weight matching over every player still to pair, whose integer edge weights are made of
bit fields, one per criterion, higher criteria in higher bits.  Comparing two matchings'
total weights is then comparing them criterion by criterion (Art. 3.8).  Brackets are
processed from the top score down (Art. 1.9); within a bracket the Handbook's generation
order (Art. 3.6-3.7, 4.1-4.5) is reproduced by fixing one decision at a time with a small
bonus below every criterion bit and re-solving: the MDP set (4.4), the MDPs' opponents
(4.2), the remainder's exchange (4.3, keys 1-4), the remainder's transpositions (4.2).
Colours are allocated afterwards (Art. 5.2) and never change who meets whom.

Field layout, most significant first (a reward for every pair that satisfies the criterion):

    completion/PAB  C4, C2, C5: 1 + [upper end not a bye candidate] + [lower end not one]
    C6   pairs in the bracket                 C7   their upper members' scores, by level
    C8   pairs in the next bracket, and their upper members' scores, by level
    C9   PAB assignee's unplayed games (rank by games played)
    C10-C13 colour criteria                   C14-C17 repeated floats
    C18-C21 score differences of repeated floats, by level
    ordering room: generation-order bonuses
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from pairing.matching import max_weight_matching
from pairing.players import Float, PairingInputError, PairingPlayer, Strength, infer_initial_colour, pairing_players
from trf.model import Colour, Tournament


class NoLegalPairing(Exception):
    """No round-pairing satisfies C1-C4 (Art. 1.9.3: the Chief Arbiter decides)."""

    def __init__(self, message: str, players: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.players = players


@dataclass(frozen=True)
class Pairing:
    """One round's pairing: boards as (white, black) start ranks, in board order, and the PAB."""

    round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None

    def bbp_lines(self) -> list[str]:
        """The ``-p`` output of bbpPairings/JaVaFo: line count, ``white black`` lines, ``N 0``."""
        lines = [f"{w} {b}" for w, b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines))] + lines


def _bits(n: int) -> int:
    return max(1, n.bit_length())


# --------------------------------------------------------------------------- compatibility


def compatible(a: PairingPlayer, b: PairingPlayer, forbidden: frozenset[frozenset[int]]) -> bool:
    """C1 (no second game; unplayed pairings are no meeting, C.04.2 Art. 3.5), forbidden pairs,
    and C3 (two non-topscorers with the same absolute colour preference never meet)."""
    if b.id in a.met or frozenset((a.id, b.id)) in forbidden:
        return False
    if (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
            and a.preference is b.preference and not (a.topscorer or b.topscorer)):
        return False
    return True


# --------------------------------------------------------------------------- colour criteria


def c10_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C10 (Art. 2.4.5): nobody ends beyond CD +-2.  Fails when both have |CD| >= 2 and want the
    same colour (only topscorers can meet so, C3)."""
    return not (abs(a.cd) >= 2 and abs(b.cd) >= 2 and a.preference is not None and a.preference is b.preference)


def c11_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C11 (Art. 2.4.6): nobody gets the same colour three times in a row.  With two absolute
    preferences for the same colour, 5.2.2 favours the larger |CD|; the other then repeats."""
    if not (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE and a.preference is b.preference):
        return True
    if abs(a.cd) != abs(b.cd):
        loser = a if abs(a.cd) < abs(b.cd) else b
        gets = loser.preference.opposite if loser.preference else None
        return not (loser.repeated and loser.colours[-1] is gets)
    return not (a.repeated and b.repeated)


def c12_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C12 (Art. 2.4.7): both get their preference unless they want the same colour."""
    return a.preference is None or b.preference is None or a.preference is not b.preference


def c13_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
    """C13 (Art. 2.4.8): strong preferences.  Two absolute ones are C10/C11's business (bbp)."""
    strong = a.strength >= Strength.STRONG and b.strength >= Strength.STRONG
    both_absolute = a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
    return not (strong and not both_absolute and a.preference is b.preference)


# --------------------------------------------------------------------------- layout


class _Layout:
    """Bit positions of the criteria fields (C4/C5 top ... ordering room bottom)."""

    def __init__(self, players: list[PairingPlayer], groups: list[list[int]], rounds_played: int) -> None:
        self.B = max(_bits(len(g)) for g in groups) + 1
        # level offsets from the lowest score up: each level owns bits(size)+1 bits (C7, C8, C18-C21)
        self.offset: dict[Fraction, int] = {}
        total = 0
        for g in reversed(groups):
            self.offset[players[g[0]].score] = total
            total += _bits(len(g)) + 1
        self.S = total
        B, S = self.B, self.S
        n = len(players)
        # ordering room: generation-order digits (one per S1 player, Art. 4.2) in the low D bits,
        # then MDP locks (Art. 4.4) and the exchange terms (Art. 4.3) above them
        biggest = max(len(g) for g in groups)
        self.D = (2 * biggest + 2) * (_bits(n + 2) + 1)  # wider needs fall back to one solve per player
        widths: list[tuple[str, int]] = [("order", self.D + n + 3 * B + _bits(n) + 8)]
        if rounds_played >= 2:
            widths += [("C21", S), ("C20", S)]
        if rounds_played >= 1:
            widths += [("C19", S), ("C18", S)]
        if rounds_played >= 2:
            widths += [("C17", B), ("C16", B)]
        if rounds_played >= 1:
            widths += [("C15", B), ("C14", B)]
        widths += [("C13", B), ("C12", B), ("C11", B), ("C10", B), ("C9", 2 * B + 1),
                   ("C8s", S), ("C8p", B), ("C7", S), ("C6", B), ("top", 0)]
        self.shift: dict[str, int] = {}
        pos = 0
        for name, width in widths:
            self.shift[name] = pos
            pos += width
        self.bits = pos + 4

    def has(self, name: str) -> bool:
        return name in self.shift


# --------------------------------------------------------------------------- the round


class _Round:
    def __init__(self, players: list[PairingPlayer], forbidden: frozenset[frozenset[int]], rounds_played: int) -> None:
        self.p = players
        self.n = len(players)
        self.rounds_played = rounds_played
        groups: list[list[int]] = []
        for i, pl in enumerate(players):
            if groups and players[groups[-1][0]].score == pl.score:
                groups[-1].append(i)
            else:
                groups.append([i])
        self.groups = groups
        self.L = _Layout(players, groups, rounds_played)
        self.level = [self.L.offset[pl.score] for pl in players]
        self.compat = {(i, j) for i, j in combinations(range(self.n), 2) if compatible(players[i], players[j], forbidden)}
        self.alive = set(range(self.n))
        self.w: dict[tuple[int, int], int] = {}
        self.pairs: list[tuple[int, int]] = []
        self.mate: dict[int, int] = {}
        self.solves = 0
        self.c9 = False
        self.c9_rank: dict[int, int] = {}

    # ---- matching
    def solve(self) -> dict[int, int]:
        """Maximum-weight matching of the players still unpaired.

        C9 (Art. 2.4.4), while it applies, rewards pairing the bye candidates at the PAB score
        with the fewest games played, wherever their partner is, so that the one left over has
        the most games played; ties in games played are equal."""
        verts = sorted(self.alive)
        local = {v: k for k, v in enumerate(verts)}
        m = len(verts)
        weight = [[0] * m for _ in range(m)]
        rank = self.c9_rank if self.c9 else {}
        sh9 = self.L.shift["C9"]
        for (i, j), w in self.w.items():
            if w > 0 and i in local and j in local:
                if rank and (i in rank or j in rank):
                    w += (rank.get(i, 0) + rank.get(j, 0)) << sh9
                a, b = local[i], local[j]
                weight[a][b] = weight[b][a] = w
        mate: dict[int, int] = {}
        for a, b in enumerate(max_weight_matching(weight)):
            if b >= 0:
                mate[verts[a]] = verts[b]
        self.solves += 1
        self.mate = mate
        return mate

    def freeze(self, a: int, b: int) -> None:
        self.pairs.append((min(a, b), max(a, b)))
        self.alive.discard(a)
        self.alive.discard(b)
        self.mate.pop(a, None)
        self.mate.pop(b, None)

    def add(self, i: int, j: int, delta: int) -> None:
        key = (i, j) if i < j else (j, i)
        if key in self.w:
            self.w[key] += delta

    # ---- pre-pass: C4 for the whole round and the lowest PAB score (C5)
    def prepass(self) -> None:
        p, L = self.p, self.L
        top_group = set(self.groups[0])
        odd = self.n % 2 == 1
        self.odd = odd
        sh_pab, sh_top = L.B, L.B + L.S
        w = {}
        for i, j in self.compat:
            top = 1 + (not p[i].bye_eligible) + (not p[j].bye_eligible) if odd else 1
            pab = (1 << self.level[i]) + (1 << self.level[j]) if odd else 0
            tg = 1 if (i in top_group and j in top_group) else 0
            w[(i, j)] = (top << sh_top) + (pab << sh_pab) + tg
        self.w = w
        mate = self.solve()
        unmatched = [i for i in range(self.n) if i not in mate]
        if len(unmatched) > (1 if odd else 0) or (odd and unmatched and not p[unmatched[0]].bye_eligible):
            ids = tuple(sorted(p[i].id for i in unmatched))
            why = ("players " + ", ".join(map(str, ids)) + " cannot all be paired without a rematch, a forbidden "
                   "pair or two non-topscorers with the same absolute colour preference (C1-C3)")
            if odd and len(unmatched) == 1:
                why = (f"the only player who can be left unpaired is {ids[0]}, who may not receive the PAB (C2: "
                       "already had a PAB or scored a win without playing)")
            raise NoLegalPairing(f"no legal pairing exists: {why} (C.04.3 Art. 1.9.3: the Chief Arbiter decides)", ids)
        if odd:
            self.pab_score: Fraction | None = p[unmatched[0]].score
            self.candidate = [pl.bye_eligible and pl.score <= self.pab_score for pl in p]
            at = sorted((i for i in range(self.n) if p[i].score == self.pab_score and self.candidate[i]),
                        key=lambda i: -p[i].played_games)
            self.c9_rank = {}
            for pos, i in enumerate(at):
                last = max(k for k, x in enumerate(at) if p[x].played_games == p[i].played_games)
                self.c9_rank[i] = last
            self.c9 = self.pab_score >= p[0].score and all(
                mate.get(i) is None or mate[i] in top_group for i in top_group)
        else:
            self.pab_score = None
            self.candidate = [True] * self.n
            self.c9_rank = {}
            self.c9 = False
        # every edge: completion/PAB field only (plus C9 while it applies)
        self.w = {(i, j): self.base_other(i, j) for i, j in self.compat}

    # ---- edge weights
    def top(self, i: int, j: int) -> int:
        return (1 + (not self.candidate[i]) + (not self.candidate[j])) << self.L.shift["top"]

    def base_other(self, i: int, j: int) -> int:
        return self.top(i, j)

    def base_next(self, i: int, j: int) -> int:
        """Lower end in the next scoregroup: C8 look-ahead (Art. 2.4.3), one bracket ahead."""
        sh = self.L.shift
        return self.top(i, j) + (1 << sh["C8p"]) + ((1 << self.level[i]) << sh["C8s"])

    def base_bracket(self, i: int, j: int, resident_i: bool) -> int:
        """Lower end a resident of the bracket: every quality criterion C6-C21."""
        a, b = self.p[i], self.p[j]
        sh, L = self.L.shift, self.L
        li, lj = 1 << self.level[i], 1 << self.level[j]
        w = self.top(i, j) + (1 << sh["C6"]) + (li << sh["C7"])
        w += (c10_ok(a, b) << sh["C10"]) + (c11_ok(a, b) << sh["C11"])
        w += (c12_ok(a, b) << sh["C12"]) + (c13_ok(a, b) << sh["C13"])
        mdp_pair = a.score > b.score
        for back, (cnt_d, cnt_u, sd_d, sd_u) in enumerate((("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21"))):
            if not L.has(cnt_d):
                continue
            fa, fb = a.floats[back], b.floats[back]
            # C14/C16: resident downfloaters who downfloated before (reward pairing them)
            w += ((fb is Float.DOWN) + (fa is Float.DOWN and resident_i)) << sh[cnt_d]
            # C15/C17: MDP opponents who upfloated before
            w += (not (mdp_pair and fb is Float.UP)) << sh[cnt_u]
            # C18/C20: scores of repeat downfloaters, by level
            w += ((lj if fb is Float.DOWN else 0) + (li if fa is Float.DOWN else 0)) << sh[sd_d]
            # C19/C21: MDP scores against repeat upfloaters, by level
            w += (0 if (mdp_pair and fb is Float.UP) else li) << sh[sd_u]
        return w

    # ---- the brackets
    def run(self) -> None:
        self.prepass()
        p = self.p
        mdps: list[int] = []
        for gi, group in enumerate(self.groups):
            residents = list(group)
            nxt = list(self.groups[gi + 1]) if gi + 1 < len(self.groups) else []
            self.bracket(mdps, residents, nxt)
            carried = sorted(i for i in mdps + residents if i in self.alive)
            # C9 applies to the next bracket when it will downfloat nobody but the PAB assignee
            if self.odd and nxt and self.pab_score is not None:
                below = min(nxt)  # first index of the next group
                after_next = below + len(nxt)
                self.c9 = self.pab_score >= p[below].score and all(
                    self.mate.get(i) is None or self.mate[i] < after_next for i in carried + nxt)
            else:
                self.c9 = False
            mdps = carried
        # pairs the last optimum still holds (players who floated through every bracket below)
        for v in sorted(self.alive):
            m = self.mate.get(v)
            if m is not None and m in self.alive and v in self.alive:
                self.freeze(v, m)
        left = sorted(self.alive)
        if len(left) > 1:  # cannot happen after a successful pre-pass
            raise NoLegalPairing("no legal pairing exists for players " + ", ".join(str(p[i].id) for i in left),
                                 tuple(p[i].id for i in left))
        self.bye = left[0] if left else None

    def bracket(self, mdps: list[int], residents: list[int], nxt: list[int]) -> None:
        res_set, mdp_set, next_set = set(residents), set(mdps), set(nxt)
        working = mdps + residents + nxt
        base: dict[tuple[int, int], int] = {}
        for i, j in combinations(sorted(working), 2):
            if (i, j) not in self.compat or (i in mdp_set and j in mdp_set):
                continue
            if j in res_set:
                base[(i, j)] = self.base_bracket(i, j, i in res_set)
            elif j in next_set:
                base[(i, j)] = self.base_next(i, j)
            else:
                continue
            self.w[(i, j)] = base[(i, j)]
        R = len(residents)
        unit = 1 << self.L.D  # MDP-set bits sit above every generation-order digit

        def with_resident(v: int) -> bool:
            return self.mate.get(v) in res_set

        # Stages A and B in one solve.  Art. 4.4: the MDP set is the first valid one in order of
        # smallest differing BSN, i.e. the lexicographically greatest "is paired" vector over the
        # MDPs in BSN order (C7 already fixes how many of each score are paired): MDP k earns
        # 2^(m-1-k) units.  Art. 4.2: then each paired MDP, in BSN order, takes the highest-ranked
        # resident that still allows an optimal candidate: digit k of one number (most significant
        # first) says how high its opponent ranks.  The maximum of the sum is the lexicographic
        # maximum, which is what fixing the MDPs one by one would give.
        if mdps:
            m = len(mdps)
            radix = R + 2
            together = self.fits(radix, m)
            for k, v in enumerate(mdps):
                bonus = unit << (m - 1 - k)
                place = radix ** (m - 1 - k) if together else 0
                for d, r in enumerate(reversed(residents), start=1):
                    self.add(v, r, bonus + d * place)
            self.solve()
            paired = [v for v in mdps if with_resident(v)]
            if together:
                for v in paired:
                    self.freeze(v, self.mate[v])
            else:
                self.one_by_one([(v, residents) for v in paired])
        # Stage C, Art. 3.3: the remainder, with fresh BSNs
        remainder = [r for r in residents if r in self.alive]
        rem_set = set(remainder)
        pos = {v: k for k, v in enumerate(remainder)}
        rem_pairs = [(a, b) for a, b in combinations(remainder, 2) if (a, b) in self.w]
        rem_base = {e: self.w[e] for e in rem_pairs}
        T = 1 << (2 * self.L.B)

        def upper(v: int) -> bool:
            m = self.mate.get(v)
            return m is not None and m in rem_set and m > v

        def count_pairs() -> int:
            return sum(1 for v in remainder if upper(v))

        # The remainder's MaxPairs is the number of its pairs in an optimum (C6 fixes it).  Usually
        # the best candidate needs no exchange; then keys 1-2 and the transpositions can be solved
        # together: exchange terms above the transposition digits.  If the optimum still shows an
        # exchange, the full procedure below decides keys 3 and 4 first.
        pairs_now = count_pairs() if mdps else len(remainder) // 2
        done = False
        radix = len(remainder) + 2
        for _attempt in range(3):
            if pairs_now == 0:
                done = True
                break
            if not self.fits(radix, pairs_now):
                break
            s1 = remainder[:pairs_now]
            s1_idx = {v: k for k, v in enumerate(s1)}
            shift = (radix ** len(s1)).bit_length()
            for a, b in rem_pairs:
                key = 2 * ((T if a in s1_idx else 0) - pos[a])
                digit = (len(remainder) - pos[b]) * radix ** (len(s1) - 1 - s1_idx[a]) if a in s1_idx else 0
                self.w[(a, b)] = rem_base[(a, b)] + (key << shift) + digit
            self.solve()
            actual = count_pairs()
            if actual != pairs_now:
                pairs_now = actual
                continue
            if all(upper(v) for v in s1):
                for u in s1:
                    self.freeze(u, self.mate[u])
                done = True
            break
        s1 = remainder[:pairs_now]
        s2 = remainder[pairs_now:]

        if not done:
            # Stage D, Art. 4.3: keys 1 (fewest exchanges) and 2 (smallest BSN-sum difference) in the
            # weights; the factor 2 keeps the lowest bit free for the probes of keys 3 and 4
            s1_set = set(s1)
            for a, b in rem_pairs:
                self.w[(a, b)] = rem_base[(a, b)] + 2 * ((T if a in s1_set else 0) - pos[a])
            self.solve()
            exchanges = sum(1 for v in s1 if not upper(v))
            # key 3: move out the highest BSNs of S1
            chosen = 0
            for v in reversed(s1):
                if chosen == exchanges:
                    break
                lower = [b for b in remainder if b > v]
                if upper(v):
                    for b in lower:
                        self.add(v, b, -1)
                    self.solve()
                    for b in lower:
                        self.add(v, b, 1)
                if not upper(v):
                    for b in lower:
                        if (v, b) in self.w:
                            self.w[(v, b)] = 0
                    chosen += 1
            # key 4: move in the lowest BSNs of S2 (the last one follows from key 2)
            decided = 0
            for v in s2:
                if exchanges - decided <= 1:
                    break
                lower = [b for b in remainder if b > v]
                if not upper(v):
                    for b in lower:
                        self.add(v, b, 1)
                    self.solve()
                    for b in lower:
                        self.add(v, b, -1)
                if upper(v):
                    for a in remainder:
                        if a < v and (a, v) in self.w:
                            self.w[(a, v)] = 0
                    for x in nxt:
                        if (v, x) in self.w:
                            self.w[(v, x)] = 0
                    decided += 1
            # freeze the exchange: upper members pair only below themselves, with lower members
            uppers = {v for v in remainder if upper(v)}
            for a, b in rem_pairs:
                self.w[(a, b)] = rem_base[(a, b)] if (a in uppers and b not in uppers and self.w[(a, b)] > 0) else 0
            # Stage E, Art. 4.2: transpositions, each upper member with the highest-ranked partner
            # (one solve, digits as in Stage B)
            ordered = sorted(uppers)
            if not self.fits(radix, len(ordered)):
                self.one_by_one([(u, [b for b in remainder if b > u]) for u in ordered])
                return
            for k, u in enumerate(ordered):
                place = radix ** (len(ordered) - 1 - k)
                for d, b in enumerate(reversed(remainder), start=1):
                    if b > u and self.w.get((u, b), 0) > 0:
                        self.add(u, b, d * place)
            self.solve()
            for u in ordered:
                self.freeze(u, self.mate[u])

    def fits(self, radix: int, places: int) -> bool:
        """Whether ``places`` generation-order digits of base ``radix`` fit below the MDP-set bits."""
        return (radix ** places).bit_length() < self.L.D

    def one_by_one(self, choosers: list[tuple[int, list[int]]]) -> None:
        """Art. 4.2 the slow way: each player in turn takes the highest-ranked partner (of its list,
        in rank order) that still allows an optimal candidate; one solve each."""
        for v, partners in choosers:
            cands = [r for r in partners if r in self.alive and self.w.get((min(v, r), max(v, r)), 0) > 0]
            for d, r in enumerate(reversed(cands), start=1):
                self.add(v, r, d)
            self.solve()
            self.freeze(v, self.mate[v])


# --------------------------------------------------------------------------- colours (Art. 5)


def allocate_colours(h: PairingPlayer, l: PairingPlayer, initial: Colour) -> tuple[PairingPlayer, PairingPlayer]:
    """(white, black) for a pair whose higher-ranked player is ``h`` (Art. 5.2.1-5.2.5)."""
    def give(player: PairingPlayer, colour: Colour) -> tuple[PairingPlayer, PairingPlayer]:
        other = l if player is h else h
        return (player, other) if colour is Colour.WHITE else (other, player)

    ph, pl = h.preference, l.preference
    if ph is None and pl is None:
        return give(h, initial if h.tpn % 2 == 1 else initial.opposite)  # 5.2.5
    if ph is None or pl is None or ph is not pl:  # 5.2.1
        return give(h, ph) if ph is not None else give(l, pl)  # type: ignore[arg-type]
    # same preferred colour
    if h.strength != l.strength:  # 5.2.2
        return give(h, ph) if h.strength > l.strength else give(l, pl)
    if h.strength is Strength.ABSOLUTE and abs(h.cd) != abs(l.cd):
        return give(h, ph) if abs(h.cd) > abs(l.cd) else give(l, pl)
    for ch, cl in zip(reversed(h.colours), reversed(l.colours)):  # 5.2.3
        if ch is not cl:
            return give(h, cl)
    return give(h, ph)  # 5.2.4


# --------------------------------------------------------------------------- entry point


def pair_round(t: Tournament, rnd: int | None = None, *, initial_colour: Colour | None = None,
               total_rounds: int | None = None) -> Pairing:
    """Pair round ``rnd`` (default: the next one) of ``t`` by the Dutch system.

    Raises :class:`NoLegalPairing` when no pairing satisfies C1-C4 and
    :class:`~pairing.players.PairingInputError` when the file lacks the initial colour or the
    number of rounds.
    """
    rnd = rnd if rnd is not None else t.rounds_paired + 1
    initial = initial_colour or t.initial_colour or infer_initial_colour(t)
    if initial is None:
        raise PairingInputError(
            "the initial colour is unknown: add 'XXC white1' / 'XXC black1' (TRF-16) or '152 W' / '152 B' "
            "(TRF-2026), or give --initial-colour white1|black1 (C.04.3 Art. 5.1)")
    players = pairing_players(t, rnd, total_rounds)
    if not players:
        return Pairing(rnd, (), None)
    state = _Round(players, t.forbidden(rnd), rnd - 1)
    state.run()
    boards = []
    for a, b in state.pairs:
        h, l = players[a], players[b]  # a < b: h is higher ranked (score, then TPN)
        white, black = allocate_colours(h, l, initial)
        boards.append((white, black))

    def board_key(pair: tuple[PairingPlayer, PairingPlayer]) -> tuple:
        # board order (bbp): the higher player's points, the lower one's, the higher one's TPN,
        # all without acceleration (C.04.2 Art. 3.6)
        x, y = sorted(pair, key=lambda q: (-q.points, q.tpn))
        return (-x.points, -y.points, x.tpn)

    boards.sort(key=board_key)
    bye = players[state.bye].id if state.bye is not None else None
    return Pairing(rnd, tuple((w.id, b.id) for w, b in boards), bye)
