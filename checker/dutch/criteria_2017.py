"""The pairing criteria of C.04.3 as in force until 31 January 2026 (the "2017 rules": Baku
2016, with the Goynuk 2017 additions), evaluated on a whole round-pairing: the checker's own
reading, shaped as :mod:`checker.dutch.criteria` reads the 2026 text.  The criteria are the rows
of :data:`checker.dutch.names_2017.TABLE_2017`; :class:`Evaluator2017` is what their measures
read (the PSD, the following bracket's best, the float lists) and the brackets with the PPB.

What differs from the 2026 reading:

* The criteria are C.1-C.19 (C.1-C.3 absolute, C.4 completion, C.5-C.19 quality).  There is no
  round-wide PAB criterion (2026 C5) and no criterion on the PAB assignee's unplayed games (C9):
  the PAB goes to the player left over by the last bracket, and the last bracket's PSD (A.8)
  makes that the lowest score it can.
* C.6 minimises the bracket's Pairing Score Difference (A.8): the score difference of every pair
  *and* of every downfloater (against one point less than the bracket's lowest score), sorted
  from the highest, compared lexicographically.
* C.7 looks at the following bracket (its pairs, then its PSD) only in a bracket that is neither
  the Penultimate Pairing Bracket nor the Collapsed Last Bracket (nor the last bracket, which has
  no following one).
* A.9: when the downfloaters of the bracket just paired and the players below cannot complete
  the round-pairing, that bracket is the PPB; it is paired again choosing its downfloaters to
  complete the round (C.4), and they with every player of a lower score form the CLB, one
  bracket whose residents have different scores.  Every candidate the checker compares is a
  complete legal pairing, so C.4 holds for each; what the collapse changes is the brackets the
  criteria are counted in.  :func:`collapse_point` finds the PPB from the given pairing.
* Floats (A.4.b): a pair of different scores gives the higher player a downfloat and the lower
  an upfloat; a player who does not play in a round, for whatever reason, receives a downfloat.
  C.12-C.15 count every player of the bracket who receives the same float as one or two rounds
  before; C.16-C.19 minimise the score differences (as in A.8) of those players.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from algorithms.enumeration import augment
from checker.dutch.criteria import Evaluator, Mate, compatible
from checker.dutch.names_2017 import (ABSOLUTE_2017 as ABSOLUTE_2017, COLOUR_2017 as COLOUR_2017,
                                      CRITERIA_2017 as CRITERIA_2017, EDITION_2017, ONE_POINT,
                                      QUALITY_2017 as QUALITY_2017, SCALE, describe_2017 as describe_2017,
                                      show_value_2017 as show_value_2017)
from checker.dutch.state import Flt, RoundState
from checker.dutch.table import BracketParts


class Evaluator2017(Evaluator):
    """Brackets and 2017 criteria of any complete round-pairing of one :class:`RoundState`.

    ``collapse``: the index of the Penultimate Pairing Bracket (A.9), or ``None``; every
    scoregroup below it is one bracket, the CLB (its group in :attr:`groups`), whose residents
    keep their own scores."""

    rules = EDITION_2017

    def __init__(self, state: RoundState, collapse: int | None = None) -> None:
        super().__init__(state)
        self.collapse: int | None = None
        if collapse is not None and collapse + 1 < len(self.groups) - 1:
            merged = [x for g in self.groups[collapse + 1:] for x in g]
            self.groups = self.groups[:collapse + 1] + [merged]
            self.group_of = {i: k for k, g in enumerate(self.groups) for i in g}
        if collapse is not None and collapse + 1 < len(self.groups):
            self.collapse = collapse
        exact = all((pl.score * SCALE).denominator == 1 for pl in self.p.values())
        self._s: dict[int, Any] = {i: (int(pl.score * SCALE) if exact else pl.score) for i, pl in self.p.items()}
        self._one: Any = int(ONE_POINT * SCALE) if exact else ONE_POINT
        # A.8's "lowest ranked player of the current bracket", read as the endorsed engines do:
        # over the players the bracket's pairing looks at, the following scoregroup too (C.7), or
        # everyone still to pair in the PPB, the CLB and the last bracket
        low = [min(self._s[x] for x in g) for g in self.groups]
        last = len(self.groups) - 1
        self._low = [min(low[k:]) if self.special(k) else min(low[k], low[k + 1]) for k in range(last + 1)]
        self._following: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[Any, ...]]] = {}
        #: the players with a float one or two rounds before (the only ones C.12-C.19 count)
        self.floating = frozenset(i for i, pl in self.p.items() if pl.floats[0] is not None or pl.floats[1] is not None)
        self._graphs: dict[int, list[list[int]]] = {}
        self._shifted: dict[tuple[int, int], list[list[int]]] = {}
        self._floats: tuple[BracketParts | None, tuple[tuple[Any, ...], ...]] = (None, ())
        self._partners: dict[tuple[int, int], list[int]] = {}
        #: per pair (higher-ranked player first), what it adds to the rows C.6 and C.8-C.19 when it
        #: is one of a bracket's pairs (:func:`checker.dutch.rescore.pair_signature_2017`)
        self.signatures: dict[tuple[int, int], tuple[Any, ...]] = {}
        #: per pair, its weight in a move inside one bracket (:func:`checker.dutch.rescore.same_players_weight_2017`)
        self.weights: dict[tuple[int, int], tuple[int, bool] | None] = {}
        #: per scoregroup, its players' classes and colour codes (:func:`checker.dutch.rescore.class_codes_2017`)
        self.class_codes: dict[int, tuple[dict[int, int], list[list[int]]] | None] = {}
        #: per scoregroup, what its pairs' weights read by player (:func:`checker.dutch.rescore.class_weights_2017`)
        self.class_weights: dict[int, Any] = {}

    @property
    def units(self) -> dict[int, Any]:
        """Each player's score as the PSD reads it (whole multiples of 1/SCALE when exact)."""
        return self._s

    def resident_graph(self, k: int) -> list[list[int]]:
        """Who may meet whom among scoregroup ``k``'s players (C.1, C.3): for each, by position
        in the group, the positions of the others, in order."""
        got = self._graphs.get(k)
        if got is None:
            st, res = self.state, self.groups[k]
            got = [[] for _ in res]
            for i, x in enumerate(res):
                for j in range(i + 1, len(res)):
                    if compatible(st, x, res[j]):
                        got[i].append(j)
                        got[j].append(i)
            self._graphs[k] = got
        return got

    def shifted_graph(self, k: int, m: int) -> list[list[int]]:
        """:meth:`resident_graph` with each position moved up by ``m`` (the places of ``m`` MDPs
        before the residents), remembered per scoregroup and ``m``."""
        got = self._shifted.get((k, m))
        if got is None:
            got = self._shifted[(k, m)] = [[m + t for t in row] for row in self.resident_graph(k)]
        return got

    def resident_partners(self, k: int, x: int) -> list[int]:
        """The positions of scoregroup ``k``'s players whom ``x`` (placed before them) may meet."""
        got = self._partners.get((k, x))
        if got is None:
            st = self.state
            got = self._partners[(k, x)] = [j for j, y in enumerate(self.groups[k]) if compatible(st, x, y)]
        return got

    # ---- values
    def pab_score(self, mate: Mate) -> Fraction | None:
        """No round-wide PAB criterion in 2017: the table has no PAB row (it never decides)."""
        return None

    def special(self, k: int) -> bool:
        """The PPB, the CLB and the last bracket: no C.7 (A.9, C.7)."""
        return k == len(self.groups) - 1 or (self.collapse is not None and k >= self.collapse)

    def psd(self, k: int, members: frozenset[int] | set[int], opponent: Callable[[int], int | None]) -> tuple[Fraction, ...]:
        """A.8: the Pairing Score Difference of bracket ``k`` as ``opponent`` pairs its ``members``."""
        s, rank = self._s, self.rank
        floor = self._low[k] - self._one
        out = []
        for x in members:
            y = opponent(x)
            if y is not None and y in members:
                if rank[x] < rank[y]:
                    out.append(abs(s[x] - s[y]))
            else:
                out.append(s[x] - floor)
        out.sort(reverse=True)
        return tuple(out)

    def floor(self, k: int) -> Any:
        """A.8: one point less than the lowest score bracket ``k``'s pairing looks at, against
        which a downfloater's score difference is taken."""
        return self._low[k] - self._one

    def float_lists(self, b: BracketParts) -> tuple[tuple[Any, ...], ...]:
        """The score differences (A.8) of the players of bracket ``b`` who receive the same float
        (A.4.b) as before, largest first: the same downfloat and the same upfloat as in the
        previous round (C.12/C.16, C.13/C.17), then as two rounds before (C.14/C.18, C.15/C.19).
        A paired player's difference is the pair's, a downfloater's against :meth:`floor`.  The
        lists of the last bracket asked for are kept: each of C.12-C.19 reads them."""
        last, got = self._floats
        if last is b:
            return got
        p, s, opponent, members = self.p, self._s, b.opponent, b.members
        floor = self.floor(b.bracket)
        down: list[tuple[Flt | None, Flt | None, Any]] = []
        up: list[tuple[Flt | None, Flt | None, Any]] = []
        for x in members:
            fl = p[x].floats
            if fl[0] is None and fl[1] is None:
                continue
            y = opponent(x)
            if y is None or y not in members:
                down.append((fl[0], fl[1], s[x] - floor))
                continue
            if s[x] > s[y]:
                down.append((fl[0], fl[1], s[x] - s[y]))
            elif s[x] < s[y]:
                up.append((fl[0], fl[1], s[y] - s[x]))
        out = []
        for back in (0, 1):
            out.append(tuple(sorted((d for f0, f1, d in down if (f0, f1)[back] is Flt.DOWN), reverse=True)))
            out.append(tuple(sorted((d for f0, f1, d in up if (f0, f1)[back] is Flt.UP), reverse=True)))
        got = tuple(out)
        self._floats = (b, got)
        return got

    def following(self, k: int, downfloaters: tuple[int, ...]) -> tuple[int, tuple[Any, ...]]:
        """C.7: the most pairs, then the smallest PSD, that the following bracket can reach with
        these downfloaters as its MDPs (what it could do, not what a candidate does there: a
        candidate's following bracket may itself be the PPB, paired for completion)."""
        key = (k, tuple(sorted(downfloaters, key=self.rank.__getitem__)))
        got = self._following.get(key)
        if got is None:
            got = self._following[key] = best_bracket_choice(self, k + 1, key[1], last=k + 2 == len(self.groups))
        return got


# --------------------------------------------------------------------------- the PPB (A.9)


def best_bracket_choice(ev: Evaluator2017, k: int, mdps: tuple[int, ...],
                        last: bool = False) -> tuple[int, tuple[Fraction, ...]]:
    """The best (C.5, C.6) any pairing of bracket ``k`` (``mdps`` plus its residents) reaches,
    whatever the players below: the most pairs (MDPs never meet each other: they would have met
    in the bracket above), and of those the smallest PSD, which pairs the highest MDPs it can.
    Players a matching covers stay covered by augmenting paths, so augmenting from the MDPs in
    rank order, then from the residents, gives a maximum matching that pairs the best set of
    MDPs (the matching matroid's greedy basis).

    ``last``: the bracket is the round's last, whose player left over receives the PAB, so he
    must be one who may (C.2): when the best pairing leaves over a player C.2 bars, the best of
    those that leave over a player who may receive it (each tried in turn; the bracket's
    worst value when there is none: the round cannot be completed)."""
    members = list(mdps) + list(ev.groups[k])
    m = len(mdps)
    # the graph as pair_breach reads it, the earlier member first; residents' edges kept per
    # bracket, an MDP's per MDP (each list in increasing member order, as built pair by pair)
    adj: list[list[int]] = [[] for _ in members]
    for i, x in enumerate(mdps):
        row = ev.resident_partners(k, x)
        adj[i] = [m + j for j in row]
        for j in row:
            adj[m + j].append(i)
    for j, row in enumerate(ev.shifted_graph(k, m)):
        if adj[m + j]:
            adj[m + j].extend(row)
        else:
            adj[m + j] = row  # read only (the matchings never change a list of neighbours)
    match = _best_matching(ev, k, m, adj)
    left = [i for i in range(len(members)) if match[i] == -1]
    if last and len(left) == 1 and ev.p[members[left[0]]].pab_ban is not None:
        best: tuple[int, tuple[Fraction, ...]] | None = None
        for y, player in enumerate(members):
            if ev.p[player].pab_ban is not None:
                continue
            without = [[] if i == y else [t for t in row if t != y] for i, row in enumerate(adj)]
            other = _best_matching(ev, k, m, without)
            if sum(1 for i in range(len(members)) if other[i] == -1) == 1:
                value = (1, _psd(ev, k, members, other))
                best = value if best is None or value < best else best
        return best if best is not None else (len(members), ())
    return len(left), _psd(ev, k, members, match)


def _best_matching(ev: Evaluator2017, k: int, m: int, adj: list[list[int]]) -> list[int]:
    """:func:`best_bracket_choice`'s maximum matching of the bracket's members (MDPs first)."""
    match = [-1] * len(adj)
    for i in range(m):
        if match[i] == -1:
            augment(adj, match, i)
    s = ev.units
    if len({s[x] for x in ev.groups[k]}) == 1:
        # residents of one score: the PSD reads only which MDPs are paired (decided above: an
        # MDP paired stays paired, and one that could not be added cannot be later) and the
        # number of pairs, so any maximum matching will do; pair residents greedily first and
        # augment only from those still unpaired
        for j in range(m, len(adj)):
            if match[j] == -1:
                for t in adj[j]:
                    if t > j and match[t] == -1:
                        match[j], match[t] = t, j
                        break
    for i in range(m, len(adj)):
        if match[i] == -1:
            augment(adj, match, i)
    return match


def _psd(ev: Evaluator2017, k: int, members: list[int], match: list[int]) -> tuple[Fraction, ...]:
    mate = {x: (members[match[i]] if match[i] != -1 else None) for i, x in enumerate(members)}
    return ev.psd(k, frozenset(members), mate.get)


def collapse_point(st: RoundState, mate: Mate) -> int | None:
    """The Penultimate Pairing Bracket of the round (A.9) as the given pairing ``mate`` shows it,
    or ``None``.  Above the PPB every bracket takes its best pairing, which also completes the
    round; the PPB is the first bracket whose best pairing (by C.5-C.19) would leave players who
    cannot complete the round, so it is paired again.  Read top-down: the first bracket whose
    pairing in ``mate`` falls short of the most pairs or the smallest PSD that bracket alone
    could reach (:func:`best_bracket_choice`) is the PPB, since ``mate`` completes the round
    and a pairing that reaches more could not."""
    ev = Evaluator2017(st)
    mdps: tuple[int, ...] = ()
    last = len(ev.groups) - 1
    for k in range(last):
        b = ev.bracket(k, mdps, mate)
        given = (len(b.downfloaters), ev.psd(k, frozenset(b.members), mate.get))
        if best_bracket_choice(ev, k, mdps) < given:
            return k
        mdps = b.downfloaters
    return None


__all__ = ["ABSOLUTE_2017", "COLOUR_2017", "CRITERIA_2017", "QUALITY_2017", "Evaluator2017", "best_bracket_choice",
           "collapse_point", "describe_2017", "show_value_2017"]
