"""The pairing criteria of C.04.3 (2026) Art. 2, evaluated on a whole round-pairing.

A round-pairing is a *mate* map: player -> opponent, or ``None`` for the PAB.  It is cut into
the brackets the Dutch process would have worked through (Art. 1.3, 1.9): the top scoregroup,
then each lower scoregroup joined by the players left unpaired above (MDPs).  A pair belongs to
the bracket of its lower-ranked scoregroup; the higher player floated down to meet it.

Each bracket gets its vector of quality values C6-C21 (Art. 2.4), compared lexicographically
(Art. 3.8.1), after the absolute criteria C1-C4 and the round-wide PAB criterion C5.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from checker.dutch.colours import allocate
from checker.dutch.names_2017 import describe_2017, show_value_2017
from checker.dutch.state import CPlayer, Flt, Pref, RoundState
from trf.model import Colour

Mate = dict[int, "int | None"]

# criterion -> (article, one-line paraphrase, better is ...)
CRITERIA: dict[str, tuple[str, str]] = {
    "C1": ("2.1.1", "two players may not meet twice"),
    "C2": ("2.1.2", "no PAB for a player who already had one or scored a win without playing"),
    "C3": ("2.1.3", "two non-topscorers with the same absolute colour preference may not meet"),
    "C4": ("2.2.1", "the players left after each bracket must still be pairable (completion)"),
    "C5": ("2.3.1", "minimise the score of the player who receives the PAB"),
    "C6": ("2.4.1", "minimise the number of downfloaters (maximise the pairs in the bracket)"),
    "C7": ("2.4.2", "minimise the scores of the downfloaters"),
    "C8": ("2.4.3", "choose the downfloaters so that the next bracket pairs as well as possible (C6-C7 there)"),
    "C9": ("2.4.4", "minimise the unplayed games of the player who receives the PAB"),
    "C10": ("2.4.5", "minimise topscorers or their opponents ending with a colour difference beyond +-2"),
    "C11": ("2.4.6", "minimise topscorers or their opponents getting the same colour three times in a row"),
    "C12": ("2.4.7", "minimise the players who do not get their colour preference"),
    "C13": ("2.4.8", "minimise the players who do not get their strong colour preference"),
    "C14": ("2.4.9", "minimise resident downfloaters who also downfloated in the previous round"),
    "C15": ("2.4.10", "minimise MDP opponents who upfloated in the previous round"),
    "C16": ("2.4.11", "minimise resident downfloaters who downfloated two rounds before"),
    "C17": ("2.4.12", "minimise MDP opponents who upfloated two rounds before"),
    "C18": ("2.4.13", "minimise the score differences of MDPs who downfloated in the previous round"),
    "C19": ("2.4.14", "minimise the score differences of MDP opponents who upfloated in the previous round"),
    "C20": ("2.4.15", "minimise the score differences of MDPs who downfloated two rounds before"),
    "C21": ("2.4.16", "minimise the score differences of MDP opponents who upfloated two rounds before"),
}
QUALITY = tuple(f"C{i}" for i in range(6, 22))

# Art. 2.4.13/2.4.15 do not define the score difference of an MDP who floats on; the TEC's
# annotated rules treat it as larger than any paired one.
FLOATS_ON = Fraction(10**6)


def describe(criterion: str) -> str:
    """A criterion in words with its article: 2026 names (``C12``) or 2017 ones (``C.10``)."""
    if criterion not in CRITERIA:
        return describe_2017(criterion)
    art, text = CRITERIA[criterion]
    return f"{criterion} (Art. {art}): {text}"


# --------------------------------------------------------------------------- absolute criteria


def same_absolute(a: CPlayer, b: CPlayer) -> bool:
    return a.strength is Pref.ABSOLUTE and b.strength is Pref.ABSOLUTE and a.pref is b.pref


def pair_breach(state: RoundState, a: CPlayer, b: CPlayer) -> tuple[str, str] | None:
    """The absolute criterion the pair ``a``-``b`` breaks, with the reason, or ``None``."""
    if b.id in a.met:
        return "C1", f"{a.id} and {b.id} already met in round {a.met[b.id]}"
    if state.forbidden and frozenset((a.id, b.id)) in state.forbidden:
        return "C1", f"{a.id}-{b.id} is a forbidden pair (XXP/260; C.04.1 treats it like a previous meeting)"
    if same_absolute(a, b) and not (a.topscorer or b.topscorer):
        col = "White" if a.pref is Colour.WHITE else "Black"
        return "C3", f"{a.id} and {b.id} both have an absolute preference for {col} and neither is a topscorer"
    return None


def may_meet(state: RoundState, a: CPlayer, b: CPlayer) -> bool:
    """Whether :func:`pair_breach` finds nothing: the same three tests, without the reasons (the
    local search asks this of tens of thousands of pairs a round)."""
    if b.id in a.met:
        return False
    if state.forbidden and frozenset((a.id, b.id)) in state.forbidden:
        return False
    return not (a.strength is Pref.ABSOLUTE and b.strength is Pref.ABSOLUTE and a.pref is b.pref
                and not (a.topscorer or b.topscorer))


def compatible(state: RoundState, a: int, b: int) -> bool:
    return may_meet(state, state.players[a], state.players[b])


# --------------------------------------------------------------------------- brackets


@dataclass(frozen=True)
class Bracket:
    """One bracket as a candidate pairs it."""

    index: int
    score: Fraction  # the residents' score
    mdps: tuple[int, ...]  # in rank order
    residents: tuple[int, ...]
    pairs: frozenset[tuple[int, int]]  # (higher-ranked, lower-ranked)
    downfloaters: tuple[int, ...]  # in rank order

    @property
    def members(self) -> tuple[int, ...]:
        return self.mdps + self.residents

    def same_choice(self, other: Bracket) -> bool:
        return self.pairs == other.pairs and self.downfloaters == other.downfloaters


@dataclass(frozen=True)
class PairSums:
    """The per-pair part of a bracket's values: C10-C13 counts, and the score differences of
    MDP opponents who upfloated one and two rounds before (C15/C19, C17/C21)."""

    c10: int
    c11: int
    c12: int
    c13: int
    up0: tuple[Any, ...]
    up1: tuple[Any, ...]


class Evaluator:
    """Brackets and criteria of any complete round-pairing of one :class:`RoundState`."""

    #: the C.04.3 text this evaluator reads (:class:`checker.dutch.criteria_2017.Evaluator2017`: "2017")
    edition = "2026"
    #: its quality criteria, in priority order
    criteria_names: tuple[str, ...] = QUALITY
    #: whether :meth:`first_change` reads a change of downfloaters too (2026: only the same ones)
    first_change_any_downfloaters = False

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.p = state.players
        ranked = state.ranked()
        self.rank = {pl.id: i for i, pl in enumerate(ranked)}
        groups: list[list[int]] = []
        for pl in ranked:
            if groups and self.p[groups[-1][0]].score == pl.score:
                groups[-1].append(pl.id)
            else:
                groups.append([pl.id])
        self.groups = groups
        self.group_of = {i: k for k, g in enumerate(groups) for i in g}
        self._terms: dict[tuple[int, int, bool], tuple[int, int, int, int, Any, Any]] = {}

    # ---- decomposition
    def bracket(self, k: int, mdps: tuple[int, ...], mate: Mate) -> Bracket:
        residents = tuple(self.groups[k])
        members = mdps + residents
        inside = set(members)
        pairs = set()
        down = []
        for u in members:
            v = mate.get(u)
            if v is not None and v in inside:
                if self.rank[u] < self.rank[v]:
                    pairs.add((u, v))
            else:
                down.append(u)
        return Bracket(k, self.p[residents[0]].score, mdps, residents, frozenset(pairs), tuple(down))

    def brackets(self, mate: Mate) -> list[Bracket]:
        out = []
        mdps: tuple[int, ...] = ()
        for k in range(len(self.groups)):
            b = self.bracket(k, mdps, mate)
            out.append(b)
            mdps = b.downfloaters
        return out

    # ---- values
    def pab_score(self, mate: Mate) -> Fraction | None:
        byes = [i for i, m in mate.items() if m is None]
        return self.p[byes[0]].score if byes else None

    def pair_terms(self, u: int, w: int, mdp_pair: bool) -> tuple[int, int, int, int, Any, Any]:
        """What one pair adds to C10, C11, C12, C13 and, against an MDP ``u``, the score
        differences for C15/C19 and C17/C21 (``None`` when the opponent did not upfloat)."""
        key = (u, w, mdp_pair)
        hit = self._terms.get(key)
        if hit is not None:
            return hit
        p = self.p
        a, c = p[u], p[w]
        c10 = c11 = c12 = c13 = 0
        if a.pref is not None and a.pref is c.pref:
            c12 = 1
            if min(a.strength, c.strength) is Pref.STRONG:
                c13 = 1
        if a.topscorer or c.topscorer:
            al = allocate(a, c, self.state.initial_colour)
            for pl in (a, c):
                col = Colour.WHITE if al.white == pl.id else Colour.BLACK
                if abs(pl.cd + (1 if col is Colour.WHITE else -1)) > 2:
                    c10 += 1
                if len(pl.colours) >= 2 and pl.colours[-1] is col and pl.colours[-2] is col:
                    c11 += 1
        ups = tuple((a.score - c.score) if (mdp_pair and c.floats[back] is Flt.UP) else None for back in (0, 1))
        out = (c10, c11, c12, c13, ups[0], ups[1])
        self._terms[key] = out
        return out

    def pair_sums(self, pairs: Any, mdp_set: set[int] | frozenset[int]) -> PairSums:
        c = [0, 0, 0, 0]
        up: tuple[list[Any], list[Any]] = ([], [])
        for u, w in pairs:
            t = self.pair_terms(u, w, u in mdp_set)
            for i in range(4):
                c[i] += t[i]
            for back in (0, 1):
                if t[4 + back] is not None:
                    up[back].append(t[4 + back])
        return PairSums(c[0], c[1], c[2], c[3], tuple(sorted(up[0], reverse=True)), tuple(sorted(up[1], reverse=True)))

    def shift_sums(self, s: PairSums, removed: Any, added: Any, mdp_set: set[int] | frozenset[int]) -> PairSums:
        """``s`` with the pairs ``removed`` taken out and ``added`` put in."""
        c10, c11, c12, c13 = s.c10, s.c11, s.c12, s.c13
        up0: list[Any] | None = None
        up1: list[Any] | None = None
        terms = self.pair_terms
        for u, w in removed:
            t = terms(u, w, u in mdp_set)
            c10 -= t[0]
            c11 -= t[1]
            c12 -= t[2]
            c13 -= t[3]
            if t[4] is not None:
                up0 = list(s.up0) if up0 is None else up0
                up0.remove(t[4])
            if t[5] is not None:
                up1 = list(s.up1) if up1 is None else up1
                up1.remove(t[5])
        for u, w in added:
            t = terms(u, w, u in mdp_set)
            c10 += t[0]
            c11 += t[1]
            c12 += t[2]
            c13 += t[3]
            if t[4] is not None:
                up0 = list(s.up0) if up0 is None else up0
                up0.append(t[4])
            if t[5] is not None:
                up1 = list(s.up1) if up1 is None else up1
                up1.append(t[5])
        return PairSums(c10, c11, c12, c13,
                        s.up0 if up0 is None else tuple(sorted(up0, reverse=True)),
                        s.up1 if up1 is None else tuple(sorted(up1, reverse=True)))

    def values(self, b: Bracket, nxt: Bracket | None, mate: Mate, sums: PairSums | None = None) -> dict[str, Any]:
        """C6-C21 for bracket ``b`` (smaller is better for every entry)."""
        if sums is None:
            sums = self.pair_sums(b.pairs, set(b.mdps))
        d = b.downfloaters
        pab = next((i for i in d if mate.get(i, 0) is None), None)
        return self.quality(d, b.mdps, frozenset(b.members), None if nxt is None else nxt.downfloaters,
                            mate.get, pab, sums)

    def quality(self, d: tuple[int, ...], mdps: tuple[int, ...], members: frozenset[int] | set[int],
                next_down: tuple[int, ...] | None, opponent: Callable[[int], int | None], pab: int | None,
                sums: PairSums, index: int | None = None) -> dict[str, Any]:
        """C6-C21 of a bracket from its parts: downfloaters ``d``, MDPs, members, the next
        bracket's downfloaters (``None``: no next bracket), each MDP's opponent, the PAB
        assignee among ``d`` and the per-pair sums.  :meth:`values` reads the parts off a
        bracket; the local search (:mod:`checker.dutch.search`) off a bracket it changes in place."""
        p = self.p
        mdp_set = set(mdps)
        v: dict[str, Any] = {
            "C6": len(d),
            "C7": tuple(sorted((p[i].score for i in d), reverse=True)),
            "C8": (len(next_down), tuple(sorted((p[i].score for i in next_down), reverse=True)))
            if next_down is not None else (0, ()),
        }
        v["C9"] = p[pab].unplayed if (pab is not None and len(d) == 1) else None
        v.update(C10=sums.c10, C11=sums.c11, C12=sums.c12, C13=sums.c13)
        for back, (cd_, cu_, sd_, su_) in enumerate((("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21"))):
            v[cd_] = sum(1 for i in d if i not in mdp_set and p[i].floats[back] is Flt.DOWN)
            up = sums.up0 if back == 0 else sums.up1
            v[cu_] = len(up)
            v[sd_] = self.mdp_downfloat_differences(mdps, members, opponent, back)
            v[su_] = up
        return {k: v[k] for k in QUALITY}

    def first_change(self, k: int, va: dict[str, Any], mdps: tuple[int, ...], mdp_set: frozenset[int],
                     members: frozenset[int], removed: list[tuple[int, int]], added: list[tuple[int, int]],
                     d: tuple[int, ...], same_down: bool, has_next: bool, pab: int | None,
                     new: dict[int, int | None], mate: Mate) -> Change | None:
        """The first quality criterion on which bracket ``k`` (values ``va``) differs when its
        pairs ``removed`` give way to as many pairs ``added``, keeping its downfloaters ``d``
        (``same_down``; this edition reads no other case here): ``(criterion, sign, value)``,
        ``sign`` 1 when the candidate's value is larger (worse), -1 when smaller, ``value`` the
        candidate's value when asked for; ``None`` when every criterion ties.  ``pab``: the
        candidate's PAB assignee among ``d``; ``new``: the new opponent of every player the
        candidate changes, ``mate`` the old ones.

        With the same downfloaters C6, C7, C14 and C16 are the same and C8 is not compared
        (:func:`first_difference`); C9 changes only with the PAB assignee; C10-C13, C15 and C17
        change by what the pairs taken out and put in add to them; C18/C20 by the MDPs the
        candidate re-pairs, C19/C21 by the pairs' score differences.  Each is computed from
        those changes alone, in the order of C9-C21 (:func:`lex_change` for the sorted ones)."""
        p = self.p
        if pab is not None and len(d) == 1:
            a9, c9 = va["C9"], p[pab].unplayed
            if a9 is not None and a9 != c9:
                return "C9", (1 if a9 < c9 else -1), (lambda: c9), False
        terms, known = self.pair_terms, self._terms
        c10 = c11 = c12 = c13 = 0
        up_out: tuple[list[Any], list[Any]] = ([], [])
        up_in: tuple[list[Any], list[Any]] = ([], [])
        for u, w in removed:
            t = known.get((u, w, u in mdp_set)) or terms(u, w, u in mdp_set)
            c10 -= t[0]
            c11 -= t[1]
            c12 -= t[2]
            c13 -= t[3]
            if t[4] is not None:
                up_out[0].append(t[4])
            if t[5] is not None:
                up_out[1].append(t[5])
        for u, w in added:
            t = known.get((u, w, u in mdp_set)) or terms(u, w, u in mdp_set)
            c10 += t[0]
            c11 += t[1]
            c12 += t[2]
            c13 += t[3]
            if t[4] is not None:
                up_in[0].append(t[4])
            if t[5] is not None:
                up_in[1].append(t[5])
        if c10 or c11 or c12 or c13:  # the colours of the pairs alone
            for c, dv in (("C10", c10), ("C11", c11), ("C12", c12), ("C13", c13)):
                if dv:
                    return _count_change(c, va[c], dv, True)
        if not mdps:  # no MDP: nothing more changes (C15-C21 are about MDPs and their opponents)
            return None
        for c, back in (("C15", 0), ("C17", 1)):
            dv = len(up_in[back]) - len(up_out[back])
            if dv:  # which of the pairs hold an MDP: the bracket's MDPs
                return _count_change(c, va[c], dv, False)
        touched = [m for m in new if m in mdp_set]
        for back, (c_down, c_up) in enumerate((("C18", "C19"), ("C20", "C21"))):
            if touched:
                out, into = [], []
                for m in touched:
                    if p[m].floats[back] is Flt.DOWN:
                        o = mate.get(m)
                        out.append(p[m].score - p[o].score if (o is not None and o in members) else FLOATS_ON)
                        o = new[m]
                        into.append(p[m].score - p[o].score if (o is not None and o in members) else FLOATS_ON)
                if out:
                    found = _sorted_change(c_down, va[c_down], out, into, False)
                    if found is not None:
                        return found
            if up_out[back] or up_in[back]:
                found = _sorted_change(c_up, va[c_up], up_out[back], up_in[back], False)
                if found is not None:
                    return found
        return None

    def first_difference(self, va: dict[str, Any], vb: dict[str, Any], same_downfloaters: bool) -> str | None:
        """:func:`first_difference` (the 2017 reading has its own)."""
        return first_difference(va, vb, same_downfloaters)

    def mdp_downfloat_differences(self, mdps: tuple[int, ...], members: frozenset[int] | set[int],
                                  opponent: Callable[[int], int | None], back: int) -> tuple[Fraction, ...]:
        """C18 (``back`` 0) or C20 (1): the score differences of the MDPs who downfloated one or
        two rounds before, largest first; an MDP who floats on counts as :data:`FLOATS_ON`."""
        p = self.p
        down = []
        for m in mdps:
            if p[m].floats[back] is Flt.DOWN:
                o = opponent(m)
                down.append(p[m].score - p[o].score if (o is not None and o in members) else FLOATS_ON)
        return tuple(sorted(down, reverse=True))

    def bracket_delta(self, b: Bracket, members: set[int] | frozenset[int], a: Mate, q: Mate,
                      changed: frozenset[int]) -> tuple[Bracket, set[tuple[int, int]], set[tuple[int, int]]]:
        """Bracket ``b`` of pairing ``a`` as pairing ``q`` pairs it, when only the players in
        ``changed`` have other opponents in ``q``; also the pairs removed and added."""
        rank = self.rank
        removed: set[tuple[int, int]] = set()
        added: set[tuple[int, int]] = set()
        for x in changed:
            if x not in members:
                continue
            for m, out in ((a, removed), (q, added)):
                y = m.get(x)
                if y is not None and y in members:
                    out.add((x, y) if rank[x] < rank[y] else (y, x))
        common = removed & added
        removed -= common
        added -= common
        if not removed and not added:
            down = b.downfloaters
        else:
            down = tuple(sorted(
                [u for u in b.downfloaters if u not in changed]
                + [x for x in changed if x in members and (q.get(x) is None or q[x] not in members)],
                key=rank.__getitem__))
        pairs = (b.pairs - removed) | added if (removed or added) else b.pairs
        return Bracket(b.index, b.score, b.mdps, b.residents, frozenset(pairs), down), removed, added


#: the first criterion a candidate changes: its name, 1 when the candidate's value is larger
#: (worse) or -1 when smaller, the candidate's value (computed when called), and whether the
#: outcome reads only the pairs the candidate takes out and puts in (not the bracket's MDPs or
#: downfloaters)
Change = tuple[str, int, Callable[[], Any], bool]


def lex_change(out: list[Any], into: list[Any]) -> int:
    """How a tuple sorted from the largest compares once its entries ``out`` give way to
    ``into``, when the two have the same length: 1 larger, -1 smaller, 0 equal.  Two sequences
    of the same length sorted from the largest first differ at the largest value that one holds
    more often than the other, and the one holding it more often is the larger; only the
    entries that change can hold such a value."""
    if not out and not into:
        return 0
    a = sorted(out, reverse=True)
    b = sorted(into, reverse=True)
    i = j = 0
    while i < len(a) and j < len(b):
        x, y = a[i], b[j]
        if x == y:
            i += 1
            j += 1
        else:
            return -1 if x > y else 1
    return -1 if i < len(a) else 1 if j < len(b) else 0


def patched(values: tuple[Any, ...], out: list[Any], into: list[Any]) -> tuple[Any, ...]:
    """``values`` (sorted from the largest) with the entries ``out`` replaced by ``into``."""
    rest = list(values)
    for x in out:
        rest.remove(x)
    rest.extend(into)
    rest.sort(reverse=True)
    return tuple(rest)


def _count_change(c: str, value: int, delta: int, local: bool) -> Change:
    return c, (1 if delta > 0 else -1), (lambda: value + delta), local


def _sorted_change(c: str, value: tuple[Any, ...], out: list[Any], into: list[Any], local: bool) -> Change | None:
    sign = lex_change(out, into)
    if not sign:
        return None
    return c, sign, (lambda: patched(value, out, into)), local


def first_difference(va: dict[str, Any], vb: dict[str, Any], same_downfloaters: bool) -> str | None:
    """The first quality criterion on which two vectors of the same bracket differ.  C8 looks at
    what the downfloaters allow next, so it cannot tell apart two choices with the same ones; C9
    applies only when both candidates leave the PAB assignee as the bracket's only downfloater."""
    for c in QUALITY:
        if c == "C8" and same_downfloaters:
            continue
        x, y = va[c], vb[c]
        if c == "C9" and (x is None or y is None):
            continue
        if x != y:
            return c
    return None


def show_value(criterion: str, value: Any) -> str:
    """A value as an arbiter reads it."""
    if criterion.startswith("C."):
        return show_value_2017(criterion, value)
    def num(x: Fraction) -> str:
        if x == FLOATS_ON:
            return "floats on"
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
    if criterion == "C8":
        n, scores = value
        return f"{n} downfloater(s) next" + (f" (scores {', '.join(num(s) for s in scores)})" if scores else "")
    if isinstance(value, tuple):
        return "[" + ", ".join(num(x) for x in value) + "]"
    if isinstance(value, Fraction):
        return num(value)
    if value is None:
        return "n/a"
    return str(value)
