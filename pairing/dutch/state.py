"""The round being paired: its players in rank order (Art. 1.2), their scoregroups, who may meet
whom, the edge weights, and the maximum-weight matching the stages read.

The matching is the one over every player still unpaired, with the criteria in the weights;
completion (C4) sits in the most significant field, so a decision is frozen only if it belongs to
some complete optimal pairing (Art. 2.2.1 for every bracket).  Two ways to compute it, with the
same optimum:

* **full field** (the reference): one weighted matching over all unpaired players;
* **bracket-local** (the default): while a bracket is paired, only its players and the next
  scoregroup (the *window*) carry criteria; everyone below carries the completion field alone.
  The players below are replaced by a few interchangeable *sinks*, each able to take any window
  player who has a possible opponent below.  Such a model can only do better than the real field
  (a relaxation), and once its optimum leaves two sinks paired with each other, more sinks would
  not change it.  If the players it sends below can really be paired there (a maximum-cardinality
  check on the real graph), its optimum is the full field's.  Otherwise the solve is redone over
  the full field.

An edition without completion in every bracket (the 2017 text, whose C.4 holds in the special
brackets of A.9 alone; :attr:`~pairing.dutch.editions.Edition.whole_field_matching`) has a
bracket's matching hold the bracket and the next scoregroup only, or everyone still to pair in
the PPB, the CLB and the last bracket, and it is solved exactly over those players
(:meth:`RoundState.solve`); its weights are :data:`~pairing.dutch.weights.FIELDS_2017`, laid out
per bracket.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property, reduce
from operator import or_

TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from algorithms.cardinality import bits_of, can_be_left_over, exposed, maximum_matching
from pairing.dutch.criteria import colour_key
from pairing.dutch.weights import Layout, Layout2017, bracket_weight, next_weight, top_weight
from algorithms.matching import Squeeze, max_weight_matching
from pairing.dutch.players import Float, PairingPlayer, Strength
from trf.model import Colour

if TYPE_CHECKING:
    from pairing.dutch.editions import Edition

#: How many sinks the first bracket-local solve gets (doubled while the optimum uses them all).
FIRST_SINKS = 6


def compatibility(players: list[PairingPlayer], forbidden: frozenset[frozenset[int]]) -> list[int]:
    """``adj[i]``: the bitset of the players ``i`` may meet (C1, C3, forbidden pairs), as
    :func:`~pairing.dutch.criteria.compatible` says for each pair ``i < j``, built from the
    exceptions: everyone, less the opponents met (read from the higher-ranked player's games, as
    that call does), the forbidden partners and, for a non-topscorer with an absolute
    preference, the other non-topscorers with the same absolute preference (C3)."""
    n = len(players)
    index = {pl.id: i for i, pl in enumerate(players)}
    barred = [1 << i for i in range(n)]

    for i, pl in enumerate(players):
        row = barred[i]
        for opponent in pl.met:
            j = index.get(opponent, -1)
            if j > i:
                row |= 1 << j
                barred[j] |= 1 << i
        barred[i] = row
    for pair in forbidden:
        ends = [index[x] for x in pair if x in index]
        if len(ends) == 2:
            i, j = ends
            barred[i] |= 1 << j
            barred[j] |= 1 << i
    same_absolute: dict[Colour, int] = {}
    for i, pl in enumerate(players):
        if pl.strength is Strength.ABSOLUTE and not pl.topscorer and pl.preference is not None:
            same_absolute[pl.preference] = same_absolute.get(pl.preference, 0) | 1 << i
    everyone = (1 << n) - 1
    adj = []
    for i, pl in enumerate(players):
        out = barred[i]
        if pl.strength is Strength.ABSOLUTE and not pl.topscorer and pl.preference is not None:
            out |= same_absolute[pl.preference]
        adj.append(everyone & ~out)
    return adj


def _float_code(floats: tuple[Float | None, Float | None]) -> int:
    """The two floats of a player's history as one small number (none 0, down 1, up 2 each)."""
    a, b = floats
    return (0 if a is None else 1 if a is Float.DOWN else 2) * 3 + (0 if b is None else 1 if b is Float.DOWN else 2)


class RoundState:
    """Players are vertices ``0..n-1`` in rank order.  ``w`` holds the weights set for pairs
    ``(i, j)``, ``i < j`` (criteria of the current bracket, generation-order bonuses, and what
    earlier brackets left between players still unpaired); any other compatible pair weighs the
    completion field alone (:meth:`top`).  ``edition``: the edition of C.04.3 being applied
    (:mod:`pairing.dutch.editions`)."""

    def __init__(self, players: list[PairingPlayer], forbidden: frozenset[frozenset[int]], rounds_played: int,
                 *, edition: Edition, full_field: bool = False) -> None:
        self.p = players
        self.n = len(players)
        self.rounds_played = rounds_played
        self.full_field = full_field
        self.edition = edition
        groups: list[list[int]] = []
        #: each player's scoregroup, an index into :attr:`groups` (players come in rank order, so
        #: two players' scores compare as their indices do, reversed)
        self.group_of: list[int] = []
        last = None
        for i, pl in enumerate(players):
            score = pl.score
            if groups and (score is last or score == last):  # equal scores are often one object
                groups[-1].append(i)
            else:
                groups.append([i])
                last = score
            self.group_of.append(len(groups) - 1)
        self.groups = groups
        self.L = Layout(players, groups, rounds_played, edition.fields)
        #: the 2017 edition's layout of the bracket being paired (set by its stages)
        self.L17: Layout2017 | None = None
        levels = [self.L.offset[players[g[0]].score] for g in groups]
        self.level = [levels[g] for g in self.group_of]
        # what the colour criteria read of a player (C10-C13; 2017 C.8-C.11), as a small number:
        # two players of one kind fail the same colour criteria against anyone
        # (:mod:`pairing.dutch.perfect`, which keeps the class of each pair of kinds met here)
        colour_kinds: dict[tuple[object, ...], int] = {}
        self.colour_kind = [colour_kinds.setdefault(colour_key(pl), len(colour_kinds)) for pl in players]
        self.colour_classes: dict[tuple[int, int], int | None] = {}
        #: bitsets of the players who prefer White, Black (any strength), then White, Black with
        #: a strong or absolute preference (C12, C13 and their bounds, :mod:`pairing.dutch.perfect`)
        prefers = [0, 0, 0, 0]
        #: the bitset of the topscorers (Art. 1.8, 2017 A.7)
        self.topscorers = 0
        #: the bitsets of the players who floated down, and up, in the previous two rounds (as
        #: many as were played): the perfect candidates' floats (C14-C21, 2017 C.12-C.19)
        self.downfloaters = self.upfloaters = 0
        depth = min(2, rounds_played)
        for i, pl in enumerate(players):
            if pl.topscorer:
                self.topscorers |= 1 << i
            floats = pl.floats[:depth]
            if Float.DOWN in floats:
                self.downfloaters |= 1 << i
            if Float.UP in floats:
                self.upfloaters |= 1 << i
            side = 0 if pl.preference is Colour.WHITE else 1 if pl.preference is Colour.BLACK else -1
            if side >= 0:
                prefers[side] |= 1 << i
                if pl.strength >= Strength.STRONG:
                    prefers[2 + side] |= 1 << i
        self.prefers = tuple(prefers)
        self._bracket_weights: dict[tuple[int, int, bool, bool, bool], int] = {}
        self._next_weights: dict[tuple[int, bool, bool], int] = {}
        self.adj = compatibility(players, forbidden)
        self.alive = set(range(self.n))
        self.w: dict[tuple[int, int], int] = {}
        self.pairs: list[tuple[int, int]] = []
        #: the last solve's optimum: each player's partner; a solve that stands in sinks for players
        #: records a partner among them as :attr:`BELOW` (under the window) or :attr:`INTO_NEXT`
        #: (into the next scoregroup, whose players it left out)
        self.mate: dict[int, int] = {}
        self.BELOW = self.n
        self.INTO_NEXT = self.n + 1
        self.solves = 0
        self.full_solves = 0  # solves done over the whole field (all, in the reference mode)
        self.compressed_solves = 0  # solves with the next scoregroup as sinks too
        self.matchings = 0  # weighted matchings computed (a solve may need more than one)
        self.window: list[int] | None = None  # the current bracket and the next scoregroup
        self.next_group: list[int] = []  # the next scoregroup
        self.next_score: Fraction | None = None  # the next scoregroup's score
        # set by the pre-pass (stages.completion_prepass)
        self.odd = self.n % 2 == 1
        self.pab_score: Fraction | None = None
        self.candidate: list[bool] = [True] * self.n
        self._candidates_of: list[bool] | None = None  # the list candidate_mask was made of
        self._candidates = 0
        self.c9 = False
        self.c9_rank: dict[int, int] = {}
        self.bye: int | None = None

    @cached_property
    def _kind(self) -> list[int]:
        """What bracket_weight reads of each player, as a small number (see
        :meth:`base_bracket`): the score (its scoregroup), the colour history (the colour kind,
        and whether two games or more were played: with the kind's last colour and repetition,
        the last two colours) and the floats (each None, down or up).  Made when a bracket is
        first weighed (a round whose brackets all have perfect candidates weighs none)."""
        profiles: dict[tuple[int, int, int, int], int] = {}
        return [profiles.setdefault((g, c, min(len(pl.colours), 2), _float_code(pl.floats)), len(profiles))
                for g, c, pl in zip(self.group_of, self.colour_kind, self.p)]

    @cached_property
    def kind_2017(self) -> list[int]:
        """What :func:`~pairing.dutch.weights.weight_2017` reads of each player, as a small
        number: its kind (:attr:`_kind`: the score, what the colour criteria read, the floats)
        and whether it may receive the PAB (C.2, the completion and C.7 fields).  The score
        gives its levels in a bracket's layout (its score difference to the floor, its rank
        among the bracket's scores); two players of one kind weigh alike against anyone."""
        profiles: dict[tuple[int, bool], int] = {}
        return [profiles.setdefault((k, pl.bye_eligible), len(profiles)) for k, pl in zip(self._kind, self.p)]

    def candidate_mask(self) -> int:
        """The bitset of the bye candidates (:attr:`candidate`), made once for each list the
        stages set (they replace the list whole, never an item of it)."""
        if self._candidates_of is not self.candidate:
            self._candidates_of = self.candidate
            self._candidates = sum(1 << i for i, c in enumerate(self.candidate) if c)
        return self._candidates

    def compatible(self, i: int, j: int) -> bool:
        return bool(self.adj[i] >> j & 1)

    # ---- matching
    def weight(self, i: int, j: int) -> int:
        """The current weight of the pair ``i < j`` (0: they may not meet), with C9's term.

        C9 (Art. 2.4.4), while it applies, rewards pairing the bye candidates at the PAB score
        with the fewest games played, wherever their partner is, so that the one left over has
        the most games played; ties in games played are equal."""
        if not self.adj[i] >> j & 1:
            return 0
        w = self.w.get((i, j))
        if w is None:
            w = self.top(i, j)
        if w > 0 and self.c9:
            rank = self.c9_rank
            if i in rank or j in rank:
                w += (rank.get(i, 0) + rank.get(j, 0)) << self.L.shift["C9"]
        return w

    def solve(self) -> dict[int, int]:
        """The maximum-weight matching of the players still unpaired (``mate``; a window player
        paired below the window gets ``n``, "someone below")."""
        self.solves += 1
        if not self.edition.whole_field_matching:
            self._solve_window()
        elif self.full_field or self.window is None or not self._solve_local():
            self._solve_full()
        return self.mate

    def squeeze(self) -> Squeeze:
        """The bit ranges no weight of this solve can use, to be squeezed out of every weight
        before the matching (:class:`~algorithms.matching.Squeeze`: the same matching, on shorter
        numbers): the room for generation-order digits (:class:`~pairing.dutch.weights.Layout`)
        is as wide as the largest scoregroup's transpositions could need, and most solves write
        a few of its digits.  The bits any weight may have: those of the weights set
        (:attr:`w`), the completion field (every other pair, and the sinks) and, while C9
        applies, its whole field.  A matrix of at most :attr:`n` vertices."""
        used = reduce(or_, self.w.values(), 0)
        if used < 0:
            return Squeeze(0, self.n)
        shift = self.L.shift
        used |= 3 << shift["top"]
        if self.c9:
            above = min((x for x in shift.values() if x > shift["C9"]), default=self.L.bits)
            used |= ((1 << (above - shift["C9"])) - 1) << shift["C9"]
        return Squeeze(used, self.n)

    def _weights_among(self, verts: list[int], set_only: bool = False,
                       squeeze: Squeeze | None = None) -> list[list[int]]:
        """The symmetric weight matrix of ``verts`` (in rank order; 0: no edge): :meth:`weight`
        of each pair, or with ``set_only`` the weights set in :attr:`w` alone (any other pair: no
        edge: the window's matching, whose pairs are then all that :attr:`w` holds); each
        squeezed by ``squeeze`` (default: :meth:`squeeze`) as it is made, so that the matrix of
        full-width numbers is never held."""
        sq = squeeze if squeeze is not None else self.squeeze()
        squeezed: dict[int, int] = {}  # pairs alike share their weight (base_bracket): squeezed once

        def short(x: int) -> int:
            y = squeezed.get(x)
            if y is None:
                y = squeezed[x] = sq(x)
            return y

        m = len(verts)
        matrix = [[0] * m for _ in range(m)]
        if set_only:
            at = [-1] * (self.n + 2)  # each player's place in ``verts`` (-1: not there)
            for a, v in enumerate(verts):
                at[v] = a
            for (i, j), x in self.w.items():
                a = at[i]
                if a < 0 or not x:
                    continue
                b = at[j]
                if b >= 0:
                    y = squeezed.get(x)
                    if y is None:
                        y = squeezed[x] = sq(x)
                    matrix[a][b] = matrix[b][a] = y
            return matrix
        weight = self.weight
        for a in range(m):
            i = verts[a]
            row = matrix[a]
            for b in range(a + 1, m):
                x = weight(i, verts[b])
                if x:
                    row[b] = matrix[b][a] = short(x)
        return matrix

    def _solve_window(self) -> None:
        """A bracket's matching that holds its window alone (the 2017 edition, A.9): the window's
        players still unpaired, over the weights set for them (any other pair: no edge)."""
        assert self.window is not None
        verts = [v for v in self.window if v in self.alive]
        self.full_solves += 1
        self.matchings += 1
        weight = self._weights_among(verts, set_only=True)
        self.mate = {verts[a]: verts[b] for a, b in enumerate(max_weight_matching(weight)) if b >= 0}

    def _solve_full(self) -> None:
        self.full_solves += 1
        self.matchings += 1
        verts = sorted(self.alive)
        mate: dict[int, int] = {}
        for a, b in enumerate(max_weight_matching(self._weights_among(verts))):
            if b >= 0:
                mate[verts[a]] = verts[b]
        self.mate = mate

    def _solve_local(self) -> bool:
        """The bracket-local solve; False when its optimum cannot be shown to be the full one."""
        assert self.window is not None
        window = [v for v in self.window if v in self.alive]
        inside = set(window)
        below = [v for v in sorted(self.alive) if v not in inside]
        below_mask = 0
        for v in below:
            below_mask |= 1 << v
        # the player left over (odd fields) is below the window when the PAB score is
        leftover_below = self.odd and self.pab_score is not None and self.next_score is not None \
            and self.pab_score < self.next_score
        if self._solve_compressed(window, below, below_mask, leftover_below):
            return True
        if len(below) <= FIRST_SINKS + 1:
            return self._solve_exact_window(window + below)
        top_shift = self.L.shift["top"]
        m = len(window)
        sq = self.squeeze()
        base = self._weights_among(window, squeeze=sq)
        # what a window player earns when paired below: the completion field (its partner below
        # not a bye candidate) and its C9 term
        to_below: list[int] = []
        for i in window:
            if not self.adj[i] & below_mask:
                to_below.append(0)
                continue
            x = (2 + (not self.candidate[i])) << top_shift
            if self.c9 and i in self.c9_rank:
                x += self.c9_rank[i] << self.L.shift["C9"]
            to_below.append(x)
        sinks = FIRST_SINKS + (len(below) - FIRST_SINKS) % 2
        while True:
            mate, spare = self._with_sinks(base, to_below, sinks, leftover_below, top_shift, sq)
            if spare or sinks >= len(below):
                break
            sinks = min(len(below), 2 * sinks + (len(below) - 2 * sinks) % 2)
        sent = [window[a] for a in range(m) if mate[a] >= m]
        if not self._completes_below(sent, below_mask, leftover_below):
            return False
        out: dict[int, int] = {}
        for a in range(m):
            b = mate[a]
            if b < 0:
                continue
            out[window[a]] = window[b] if b < m else self.BELOW
        self.mate = out
        return True

    def _solve_compressed(self, window: list[int], below: list[int], below_mask: int, leftover_below: bool) -> bool:
        """The bracket alone, the next scoregroup as sinks too (when its players are alike to the
        bracket: every pair ending there weighs the same for a given bracket player, as C8 and the
        completion field make it, which holds unless C9 or the PAB may reach it).  False when
        this does not apply or its optimum cannot be shown to be the full one."""
        # the player left over (odd fields) is in the next scoregroup when the PAB score is its score
        leftover_next = self.odd and not leftover_below and self.next_score is not None \
            and self.pab_score == self.next_score
        if self.c9 or (self.odd and not leftover_below and not leftover_next):
            return False
        nxt = [v for v in self.next_group if v in self.alive]
        if len(nxt) <= 2 * FIRST_SINKS + 2:
            return False
        next_set = set(nxt)
        bracket = [v for v in window if v not in next_set]
        if any(self.candidate[v] != self.candidate[nxt[0]] for v in nxt):
            return False
        if leftover_next and not self.candidate[nxt[0]]:
            return False
        next_mask = sum(1 << v for v in nxt)
        top_shift = self.L.shift["top"]
        to_next: list[int] = []
        for b in bracket:
            values = {self.weight(min(b, x), max(b, x)) for x in bits_of(self.adj[b] & next_mask)}
            values.discard(0)
            if len(values) > 1:
                return False
            to_next.append(values.pop() if values else 0)
        x0, x1 = nxt[0], nxt[1]
        pair_next = self.base_next(x0, x1)  # every pair inside the next scoregroup (C8)
        m = len(bracket)
        sq = self.squeeze()
        base = self._weights_among(bracket, squeeze=sq)
        to_below: list[int] = []
        for i in bracket:
            if not self.adj[i] & below_mask:
                to_below.append(0)
                continue
            to_below.append((2 + (not self.candidate[i])) << top_shift)
        next_below = (2 + (not self.candidate[x0])) << top_shift
        if not any(self.adj[x] & below_mask for x in nxt):
            next_below = 0
        kn = FIRST_SINKS + (len(nxt) - FIRST_SINKS) % 2
        # few players below: as many sinks as players (none when the next scoregroup is the last)
        kl = FIRST_SINKS + (len(below) - FIRST_SINKS) % 2 if len(below) > FIRST_SINKS + 1 else len(below)
        while True:
            mate, spare_n, spare_l = self._with_two_sinks(base, to_next, to_below, pair_next, next_below,
                                                           kn, kl, leftover_below, top_shift, sq)
            grow_n = not spare_n and kn < len(nxt)
            grow_l = not spare_l and kl < len(below)
            if not grow_n and not grow_l:
                break
            if grow_n:
                kn = min(len(nxt), 2 * kn + (len(nxt) - 2 * kn) % 2)
            if grow_l:
                kl = min(len(below), 2 * kl + (len(below) - 2 * kl) % 2)
        if kn >= len(nxt):
            return False  # the real next scoregroup is as small: the window solve does it exactly
        to_n = [bracket[a] for a in range(m) if m <= mate[a] < m + kn]
        to_l = [bracket[a] for a in range(m) if mate[a] >= m + kn]
        sent_down = sum(1 for s in range(m, m + kn) if mate[s] >= m + kn)
        unpaired = sum(1 for s in range(m, m + kn) if mate[s] < 0)  # the next scoregroup's player left over
        if unpaired != (1 if leftover_next else 0) or any(mate[a] < 0 for a in range(m)):
            return False
        # the real next scoregroup: those sent there, then as many of its own pairs as the model
        into = list(self.adj)
        to_n_mask = sum(1 << v for v in to_n)
        for v in to_n:
            into[v] = self.adj[v] & next_mask
        cross = list(into)
        for v in nxt:
            cross[v] = self.adj[v] & to_n_mask
        group = next_mask | to_n_mask
        nmate = maximum_matching(cross, group, roots=to_n_mask)  # bipartite: every path ends in ``to_n``
        if any(nmate[v] < 0 for v in to_n):
            return False
        nmate = maximum_matching(into, group, nmate)
        spare = exposed(group, nmate)
        if len(spare) != sent_down + unpaired:
            return False
        if leftover_next:
            if not self._completes_below_but_one(to_l, spare, below_mask):
                return False
        elif not self._completes_below(to_l + spare, below_mask, leftover_below):
            return False
        out: dict[int, int] = {}
        for a in range(m):
            b = mate[a]
            if b < 0:
                continue
            out[bracket[a]] = bracket[b] if b < m else self.INTO_NEXT if b < m + kn else self.BELOW
        self.mate = out
        self.compressed_solves += 1
        return True

    def _with_two_sinks(self, base: list[list[int]], to_next: list[int], to_below: list[int], pair_next: int,
                        next_below: int, kn: int, kl: int, leftover_below: bool,
                        top_shift: int, sq: Squeeze) -> tuple[list[int], bool, bool]:
        """Solve the bracket plus ``kn`` sinks for the next scoregroup and ``kl`` for the players
        below it; also whether two sinks of each kind were paired together.  ``base`` is squeezed
        by ``sq`` already; the sinks' weights are squeezed here."""
        m = len(base)
        size = m + kn + kl
        weight = [row + [0] * (kn + kl) for row in base] + [[0] * size for _ in range(kn + kl)]
        ln = m + kn  # the first sink below; with a player left over below, it is the bye candidate
        for a in range(m):
            x, y = sq(to_next[a]), to_below[a]
            if x:
                for s in range(m, ln):
                    weight[a][s] = weight[s][a] = x
            if y:
                for s in range(ln, size):
                    z = y - (1 << top_shift) if (leftover_below and s == ln) else y
                    weight[a][s] = weight[s][a] = sq(z)
        pair_next = sq(pair_next)
        for s in range(m, ln):
            for r in range(s + 1, ln):
                weight[s][r] = weight[r][s] = pair_next
            if next_below:
                for r in range(ln, size):
                    z = next_below - (1 << top_shift) if (leftover_below and r == ln) else next_below
                    weight[s][r] = weight[r][s] = sq(z)
        for s in range(ln, size):
            for r in range(s + 1, size):
                units = 2 if (leftover_below and s == ln) else 3
                weight[s][r] = weight[r][s] = sq(units << top_shift)
        self.matchings += 1
        mate = max_weight_matching(weight)
        spare_n = any(m <= mate[s] < ln and mate[s] > s for s in range(m, ln))
        first = ln + 1 if leftover_below else ln
        spare_l = any(mate[s] > s for s in range(first, size))
        return mate, spare_n, spare_l

    def _with_sinks(self, base: list[list[int]], to_below: list[int], sinks: int, leftover_below: bool,
                    top_shift: int, sq: Squeeze) -> tuple[list[int], bool]:
        """Solve the window plus ``sinks`` sinks; also whether two sinks were paired together.

        Sinks are not bye candidates, except one when the player left over is below the window
        (then that sink stays unpaired, as the real player left over would)."""
        m = len(base)
        size = m + sinks
        weight = [row + [0] * sinks for row in base] + [[0] * size for _ in range(sinks)]
        for a in range(m):
            x = to_below[a]
            if x:
                for s in range(m, size):
                    y = x - (1 << top_shift) if (leftover_below and s == m) else x
                    weight[a][s] = weight[s][a] = sq(y)
        for s in range(m, size):
            for r in range(s + 1, size):
                units = 2 if (leftover_below and s == m) else 3
                weight[s][r] = weight[r][s] = sq(units << top_shift)
        self.matchings += 1
        mate = max_weight_matching(weight)
        spare = any(mate[s] > s for s in range(m + 1, size)) if leftover_below else \
            any(mate[s] > s for s in range(m, size))
        return mate, spare

    def _completes_below(self, sent: list[int], below_mask: int, leftover_below: bool) -> bool:
        """Whether the players below plus those the window sends there can be paired completely,
        each sent player with a player below (and the one left over, if any, a bye candidate)."""
        n = self.n
        mask = below_mask
        adj = self.adj
        sent_mask = 0
        for v in sent:
            sent_mask |= 1 << v
        mask |= sent_mask
        # sent players may only meet players below
        local = list(adj)
        for v in sent:
            local[v] = adj[v] & below_mask
        mate = maximum_matching(local, mask)
        left = exposed(mask, mate)
        if not leftover_below:
            return not left
        if len(left) != 1:
            return False
        if self.candidate[left[0]] and not sent_mask >> left[0] & 1:
            return True
        reach = can_be_left_over(local, mask, mate)
        return any(self.candidate[v] for v in bits_of(reach & ~sent_mask))

    def _completes_below_but_one(self, sent: list[int], spare: list[int], below_mask: int) -> bool:
        """Whether the players below plus ``sent`` and all but one of ``spare`` can be paired
        completely, each of those with a player below, the one of ``spare`` left over a bye
        candidate (the PAB at the next scoregroup's score)."""
        adj = self.adj
        spare_mask = 0
        for v in spare:
            spare_mask |= 1 << v
        mask = below_mask | spare_mask
        local = list(adj)
        for v in sent + spare:
            mask |= 1 << v
            local[v] = adj[v] & below_mask
        mate = maximum_matching(local, mask)
        left = exposed(mask, mate)
        if len(left) != 1:
            return False
        if spare_mask >> left[0] & 1 and self.candidate[left[0]]:
            return True
        reach = can_be_left_over(local, mask, mate)
        return any(self.candidate[v] for v in bits_of(reach & spare_mask))

    def _solve_exact_window(self, verts: list[int]) -> bool:
        """Few players below: solve them with the window, exactly."""
        verts = sorted(verts)
        self.matchings += 1
        mate: dict[int, int] = {}
        for a, b in enumerate(max_weight_matching(self._weights_among(verts))):
            if b >= 0:
                mate[verts[a]] = verts[b]
        self.mate = mate
        return True

    def freeze(self, a: int, b: int) -> None:
        """Pair ``a`` and ``b`` for good: both leave the graph."""
        self.pairs.append((min(a, b), max(a, b)))
        self.alive.discard(a)
        self.alive.discard(b)
        self.mate.pop(a, None)
        self.mate.pop(b, None)

    def add(self, i: int, j: int, delta: int) -> None:
        """Add ``delta`` to the weight of the pair (nothing if they may not meet)."""
        key = (i, j) if i < j else (j, i)
        if key in self.w:
            self.w[key] += delta

    def fits(self, radix: int, places: int) -> bool:
        """Whether ``places`` generation-order digits of base ``radix`` fit below the MDP-set bits."""
        size: int = radix ** places
        return size.bit_length() < self.order.D

    @property
    def order(self) -> Layout | Layout2017:
        """The layout whose ordering room holds the generation-order bonuses now."""
        return self.L17 if self.L17 is not None else self.L

    # ---- edge weights
    def top(self, i: int, j: int) -> int:
        return top_weight(self.L, self.candidate[i], self.candidate[j])

    def base_next(self, i: int, j: int) -> int:
        """:func:`~pairing.dutch.weights.next_weight` of the pair, made once per kind (it reads
        the upper end's score level and whether each end is a bye candidate)."""
        key = (self.level[i], self.candidate[i], self.candidate[j])
        w = self._next_weights.get(key)
        if w is None:
            w = self._next_weights[key] = next_weight(self.L, self.top(i, j), self.level[i])
        return w

    def base_bracket(self, i: int, j: int, resident_i: bool) -> int:
        """:func:`~pairing.dutch.weights.bracket_weight` of the pair, made once per kind of pair:
        it reads of each player only the score, the colour history (CD, the last two colours),
        the colour preference and its strength and the floats, and of the pair whether each end
        is a bye candidate; pairs alike in all of that share one number (a bracket of a thousand
        players holds half a million pairs but a few thousand kinds)."""
        kinds = self._kind
        key = (kinds[i], kinds[j], self.candidate[i], self.candidate[j], resident_i)
        w = self._bracket_weights.get(key)
        if w is None:
            w = bracket_weight(self.L, self.p[i], self.p[j], self.level[i], self.level[j], self.top(i, j), resident_i)
            self._bracket_weights[key] = w
        return w
