"""What a move changes in one bracket's values: the incremental part of the checker's fast path.

Read :mod:`checker.dutch.reference` first: it measures every row of the criteria table on whole
brackets.  Here a candidate that differs from a pairing in a few pairs of one bracket is measured
from those pairs alone (:data:`FIRST_CHANGE`, one function per edition): for each quality row
in order, what the pairs taken out and put in change, until a row changes.  :mod:`checker.dutch.scoring` calls it for
every move of the local search; the tests (``tests/checker/test_search_equivalence.py``) prove
the verdicts equal to the reference reading's.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from checker.dutch.criteria import FLOATS_ON, Bracket, Evaluator, Mate
from checker.dutch.criteria_2017 import Evaluator2017
from checker.dutch.order_patch import GenerationIndex
from checker.dutch.state import Flt
from checker.dutch.table import PairSums

Pair = tuple[int, int]


class Change(NamedTuple):
    """A candidate's change to bracket ``bracket`` of the pairing ``mate``, with as many pairs:
    its pairs ``removed`` give way to the pairs ``added`` (each (higher-ranked, lower-ranked));
    ``downfloaters``: the candidate's (``same_downfloaters``: those of ``mate``); ``pab``: the
    candidate's PAB assignee among them, else ``None``; ``new``: the new opponent of every
    player the candidate changes (filled only when the bracket has MDPs or the candidate moves
    the PAB or changes the downfloaters).  A named tuple, read once by unpacking; the lists and
    dicts it holds are the caller's and are only read."""

    bracket: int
    removed: list[Pair]
    added: list[Pair]
    downfloaters: tuple[int, ...]
    same_downfloaters: bool
    pab: int | None
    new: dict[int, int | None]
    mate: Mate


#: The first quality row a :class:`Change` changes: ``(criterion, sign, value, local)``, the
#: row's name; ``sign`` 1 when the candidate's value is larger (worse), -1 when smaller; ``value``,
#: the candidate's value (computed when called); ``local``: whether the outcome reads only the
#: pairs the candidate takes out and puts in (not the bracket's MDPs or downfloaters).  A plain
#: tuple: the local search makes one for a third of its moves, a named tuple costs several times more.
Difference = tuple[str, int, Callable[[], Any], bool]


class BracketScore:
    """What the scoring keeps of one bracket of a pairing, computed when first needed: its
    members, MDPs, whether a bracket follows, its pair sums, its values, its generation order,
    and its residents not paired in it (they float down to a later bracket)."""

    __slots__ = ("members", "mdps", "has_next", "sums", "values", "order", "resident_down")

    def __init__(self, ev: Evaluator, b: Bracket, where: dict[int, int]) -> None:
        self.members = frozenset(b.members)
        self.mdps = frozenset(b.mdps)
        self.has_next = b.index + 1 < len(ev.groups)
        self.sums: PairSums = ev.pair_sums(b.pairs, self.mdps)
        self.values: dict[str, Any] | None = None
        self.order: GenerationIndex | None = None
        self.resident_down = tuple(x for x in b.residents if where[x] > b.index)


# --------------------------------------------------------------------------- sorted values


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


def _count_change(c: str, value: int, delta: int, local: bool) -> Difference:
    return c, (1 if delta > 0 else -1), (lambda: value + delta), local


def _sorted_change(c: str, value: tuple[Any, ...], out: list[Any], into: list[Any], local: bool) -> Difference | None:
    sign = lex_change(out, into)
    if not sign:
        return None
    return c, sign, (lambda: patched(value, out, into)), local


# --------------------------------------------------------------------------- pair sums, brackets


def shift_sums(ev: Evaluator, s: PairSums, removed: Any, added: Any, mdp_set: set[int] | frozenset[int]) -> PairSums:
    """``s`` with the pairs ``removed`` taken out and ``added`` put in."""
    c10, c11, c12, c13 = s.colour_diff, s.same_three, s.pref_unmet, s.strong_unmet
    up1: list[Any] | None = None
    up2: list[Any] | None = None
    terms = ev.pair_values
    for u, w in removed:
        colour_diff, same_three, pref_unmet, strong_unmet, upfloat_1, upfloat_2 = terms(u, w, u in mdp_set)
        c10 -= colour_diff
        c11 -= same_three
        c12 -= pref_unmet
        c13 -= strong_unmet
        if upfloat_1 is not None:
            up1 = list(s.upfloat_1) if up1 is None else up1
            up1.remove(upfloat_1)
        if upfloat_2 is not None:
            up2 = list(s.upfloat_2) if up2 is None else up2
            up2.remove(upfloat_2)
    for u, w in added:
        colour_diff, same_three, pref_unmet, strong_unmet, upfloat_1, upfloat_2 = terms(u, w, u in mdp_set)
        c10 += colour_diff
        c11 += same_three
        c12 += pref_unmet
        c13 += strong_unmet
        if upfloat_1 is not None:
            up1 = list(s.upfloat_1) if up1 is None else up1
            up1.append(upfloat_1)
        if upfloat_2 is not None:
            up2 = list(s.upfloat_2) if up2 is None else up2
            up2.append(upfloat_2)
    return PairSums(c10, c11, c12, c13,
                    s.upfloat_1 if up1 is None else tuple(sorted(up1, reverse=True)),
                    s.upfloat_2 if up2 is None else tuple(sorted(up2, reverse=True)))


def bracket_delta(ev: Evaluator, b: Bracket, members: set[int] | frozenset[int], a: Mate, q: Mate,
                  changed: frozenset[int]) -> tuple[Bracket, set[Pair], set[Pair]]:
    """Bracket ``b`` of pairing ``a`` as pairing ``q`` pairs it, when only the players in
    ``changed`` have other opponents in ``q``; also the pairs removed and added."""
    rank = ev.rank
    removed: set[Pair] = set()
    added: set[Pair] = set()
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


# --------------------------------------------------------------------------- the first row changed


def first_change_2026(ev: Evaluator, part: BracketScore, ch: Change) -> Difference | None:
    """The first 2026 quality row on which bracket ``ch.bracket`` (kept as ``part``, its values
    computed) differs when its pairs ``ch.removed`` give way to as many pairs ``ch.added``,
    keeping its downfloaters (this edition reads no other case here); ``None`` when every row
    ties.

    With the same downfloaters C6, C7, C14 and C16 are the same and C8 is not compared
    (Art. 3.8: it reads the next bracket); C9 changes only with the PAB assignee; C10-C13, C15
    and C17 change by what the pairs taken out and put in add to them; C18/C20 by the MDPs the
    candidate re-pairs, C19/C21 by the pairs' score differences.  Each is computed from those
    changes alone, in the order of C9-C21 (:func:`lex_change` for the sorted ones)."""
    p = ev.p
    va = part.values
    assert va is not None
    # unpacked once: reading a named field of a tuple is several times slower (hot path)
    _, removed, added, d, _, pab, new, mate = ch
    if pab is not None and len(d) == 1:
        a9, c9 = va["C9"], p[pab].unplayed
        if a9 is not None and a9 != c9:
            return "C9", (1 if a9 < c9 else -1), (lambda: c9), False
    terms, known = ev.pair_values, ev._terms
    mdp_set, members = part.mdps, part.members
    c10 = c11 = c12 = c13 = 0
    up_out: tuple[list[Any], list[Any]] = ([], [])
    up_in: tuple[list[Any], list[Any]] = ([], [])
    for u, w in removed:
        colour_diff, same_three, pref_unmet, strong_unmet, up1, up2 = (known.get((u, w, u in mdp_set))
                                                                       or terms(u, w, u in mdp_set))
        c10 -= colour_diff
        c11 -= same_three
        c12 -= pref_unmet
        c13 -= strong_unmet
        if up1 is not None:
            up_out[0].append(up1)
        if up2 is not None:
            up_out[1].append(up2)
    for u, w in added:
        colour_diff, same_three, pref_unmet, strong_unmet, up1, up2 = (known.get((u, w, u in mdp_set))
                                                                       or terms(u, w, u in mdp_set))
        c10 += colour_diff
        c11 += same_three
        c12 += pref_unmet
        c13 += strong_unmet
        if up1 is not None:
            up_in[0].append(up1)
        if up2 is not None:
            up_in[1].append(up2)
    if c10 or c11 or c12 or c13:  # the colours of the pairs alone
        for c, dv in (("C10", c10), ("C11", c11), ("C12", c12), ("C13", c13)):
            if dv:
                return _count_change(c, va[c], dv, True)
    if not mdp_set:  # no MDP: nothing more changes (C15-C21 are about MDPs and their opponents)
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


def _float_rows_change(va: Any, lists: Sequence[tuple[list[Any], list[Any]]], local: bool) -> Difference | None:
    """The first of the 2017 float rows a change moves: how many float entries of each kind
    (C.12-C.15: down- and upfloaters of the last two rounds), then their score differences
    (C.16-C.19); ``lists``: per kind, the entries taken out and put in."""
    for c, (gone, came) in zip(("C.12", "C.13", "C.14", "C.15"), lists):
        dv = len(came) - len(gone)
        if dv:
            return _count_change(c, va[c], dv, local)
    for c, (gone, came) in zip(("C.16", "C.17", "C.18", "C.19"), lists):
        found = _sorted_change(c, va[c], gone, came, local)
        if found is not None:
            return found
    return None


def first_change_2017(ev: Evaluator, part: BracketScore, ch: Change) -> Difference | None:
    """:func:`first_change_2026` for the 2017 rows C.6-C.19, for any candidate with as many pairs
    in the bracket (whatever its downfloaters).  Only the players of the pairs taken out and put
    in change their entry of the PSD (A.8: a pair's score difference, or a downfloater's against
    the floor) and of the float criteria (a player's float and its score difference in this
    bracket); C.7 reads the following bracket's best pairing with the candidate's downfloaters;
    C.8-C.11 change by what the pairs add to them."""
    assert isinstance(ev, Evaluator2017)
    va = part.values
    assert va is not None
    k, removed, added, d, same_down, _, _, _ = ch  # unpacked once (see first_change_2026)
    s = ev.units
    floor = ev.floor(k)
    before: dict[int, int] = {}
    after: dict[int, int] = {}
    for u, v in removed:
        before[u], before[v] = v, u
    for u, v in added:
        after[u], after[v] = v, u
    out = [abs(s[u] - s[v]) for u, v in removed]
    into = [abs(s[u] - s[v]) for u, v in added]
    if same_down:  # the same players paired: no downfloater's entry changes
        moved = list(before)
    else:
        moved = list(before) + [x for x in after if x not in before]
        out += [s[x] - floor for x in after if x not in before]
        into += [s[x] - floor for x in before if x not in after]
    if out != into:
        sign = lex_change(out, into)
        if sign:  # the floor is the bracket's, whatever its MDPs
            return "C.6", sign, (lambda: patched(va["C.6"], out, into)), True
    # past C.7 (when it is read), the outcome reads the downfloaters the move starts from
    local = same_down or not part.has_next or ev.special(k)
    if not local:
        c7 = ev.following(k, d)
        a7 = va["C.7"]
        if c7 != a7:
            return "C.7", (1 if a7 < c7 else -1), (lambda: c7), False
    terms, mdp_set = ev.pair_values, part.mdps
    c8 = c9 = c10 = c11 = 0
    for u, w in removed:
        colour_diff, same_three, pref_unmet, strong_unmet, _, _ = terms(u, w, u in mdp_set)
        c8 -= colour_diff
        c9 -= same_three
        c10 -= pref_unmet
        c11 -= strong_unmet
    for u, w in added:
        colour_diff, same_three, pref_unmet, strong_unmet, _, _ = terms(u, w, u in mdp_set)
        c8 += colour_diff
        c9 += same_three
        c10 += pref_unmet
        c11 += strong_unmet
    if c8 or c9 or c10 or c11:
        for c, dv in (("C.8", c8), ("C.9", c9), ("C.10", c10), ("C.11", c11)):
            if dv:
                return _count_change(c, va[c], dv, local)
    floating = ev.floating
    moved = [x for x in moved if x in floating]
    if not moved:
        return None
    # per float list (C.12/C.16 down and C.13/C.17 up a round before, C.14/C.18 and
    # C.15/C.19 two rounds before): the entries the candidate takes out and puts in
    lists: tuple[tuple[list[Any], list[Any]], ...] = (([], []), ([], []), ([], []), ([], []))
    p = ev.p
    for x in moved:
        fl = p[x].floats
        for side, partner in ((0, before), (1, after)):
            y = partner.get(x)
            if y is None:
                kind, diff = Flt.DOWN, s[x] - floor
            elif s[x] > s[y]:
                kind, diff = Flt.DOWN, s[x] - s[y]
            elif s[x] < s[y]:
                kind, diff = Flt.UP, s[y] - s[x]
            else:
                continue
            up = kind is Flt.UP
            for back in (0, 1):
                if fl[back] is kind:
                    lists[2 * back + up][side].append(diff)
    return _float_rows_change(va, lists, local)


#: by edition, the function that finds the first quality row a :class:`Change` changes
FIRST_CHANGE: dict[str, Callable[[Evaluator, BracketScore, Change], "Difference | None"]] = {
    "2026": first_change_2026, "2017": first_change_2017}


# --------------------------------------------------------------------------- players kept in place


def pair_signature_2017(ev: Evaluator2017, u: int, w: int) -> tuple[Any, ...]:
    """What the pair ``(u, w)`` (``u`` ranked higher) adds to a 2017 bracket's quality rows
    when both its players are residents of the bracket it lies in: its PSD entry (A.8: the
    score difference), its four colour terms (C.8-C.11) and, per float list (C.12/C.16,
    C.13/C.17, C.14/C.18, C.15/C.19), the score differences of its players who receive the same
    float as one or two rounds before.  Each entry reads the pair alone, so a candidate that
    re-pairs players inside one bracket changes the rows by what its pairs' signatures add up
    to; remembered per pair."""
    got = ev.signatures.get((u, w))
    if got is not None:
        return got
    s = ev.units
    colour_diff, same_three, pref_unmet, strong_unmet, _, _ = ev.pair_values(u, w, False)
    code = ((colour_diff * _BASE + same_three) * _BASE + pref_unmet) * _BASE + strong_unmet
    floating = ev.floating
    if s[u] == s[w] or (u not in floating and w not in floating):  # no float entry (the commonest pair)
        got = ev.signatures[(u, w)] = (abs(s[u] - s[w]), colour_diff, same_three, pref_unmet, strong_unmet,
                                       _NO_FLOATS, code, True)
        return got
    lists: tuple[list[Any], list[Any], list[Any], list[Any]] = ([], [], [], [])
    p = ev.p
    for x, y in ((u, w), (w, u)):
        if x not in floating or s[x] == s[y]:
            continue
        kind, diff = (Flt.DOWN, s[x] - s[y]) if s[x] > s[y] else (Flt.UP, s[y] - s[x])
        up = kind is Flt.UP
        fl = p[x].floats
        for back in (0, 1):
            if fl[back] is kind:
                lists[2 * back + up].append(diff)
    got = ev.signatures[(u, w)] = (abs(s[u] - s[w]), colour_diff, same_three, pref_unmet, strong_unmet,
                                   tuple(tuple(x) for x in lists), code, not any(lists))
    return got


_NO_FLOATS: tuple[tuple[Any, ...], ...] = ((), (), (), ())


#: the base in which a pair's four colour terms (C.8-C.11, each a count of at most two players)
#: are written as one number (:func:`pair_signature_2017`): a move's changes to the four rows,
#: each far smaller than half the base in size, are then all zero exactly when the sum of the
#: numbers its pairs add and take away is zero (a number has one writing in base ``_BASE`` with
#: digits between minus and plus half the base)
_BASE = 1 << 16


def same_players_2017(ev: Evaluator, part: BracketScore, removed: list[Pair], added: list[Pair]) -> Difference | None:
    """:func:`first_change_2017` for a candidate whose pairs ``removed`` and ``added`` all lie in
    bracket ``part`` and pair the same players (so its downfloaters are the pairing's, and C.7 is
    not read), from the pairs' signatures (:func:`pair_signature_2017`): the same rows in the
    same order, the same outcome."""
    assert isinstance(ev, Evaluator2017)
    va = part.values
    assert va is not None
    sig = ev.signatures
    gone = [sig.get(pr) or pair_signature_2017(ev, *pr) for pr in removed]
    came = [sig.get(pr) or pair_signature_2017(ev, *pr) for pr in added]
    if len(gone) == 2:  # two boards, the commonest move: no sorting
        g0, g1 = gone
        n0, n1 = came
        if (g0 == n0 and g1 == n1) or (g0 == n1 and g1 == n0):
            return None  # the same entries: every row ties
    elif sorted(gone) == sorted(came):
        return None
    out = [x[0] for x in gone]
    into = [x[0] for x in came]
    if out != into:
        sign = lex_change(out, into)
        if sign:
            return "C.6", sign, (lambda: patched(va["C.6"], out, into)), True
    code = 0
    for x in came:
        code += x[6]
    for x in gone:
        code -= x[6]
    if code:  # some colour row changes: the first that does decides
        d8 = d9 = d10 = d11 = 0
        for x in came:
            d8 += x[1]
            d9 += x[2]
            d10 += x[3]
            d11 += x[4]
        for x in gone:
            d8 -= x[1]
            d9 -= x[2]
            d10 -= x[3]
            d11 -= x[4]
        for c, dv in (("C.8", d8), ("C.9", d9), ("C.10", d10), ("C.11", d11)):
            if dv:
                return _count_change(c, va[c], dv, True)
    if all(x[7] for x in gone) and all(x[7] for x in came):
        return None  # no float entry taken out or put in
    lists = [([e for x in gone for e in x[5][j]], [e for x in came for e in x[5][j]]) for j in range(4)]
    return _float_rows_change(va, lists, True)


#: the base of the PSD entries in a pair's weight (:func:`same_players_weight_2017`): a move
#: inside one bracket takes out and puts in at most three pairs, so at each score difference the
#: two sides' counts differ by at most three, less than half the base
_PSD_BASE = 8
#: where the PSD part of a weight starts: above every sum of the colour codes of a few pairs
#: (each code is below ``_BASE`` ** 4 = 2 ** 64 in size, a move adds and takes away at most six)
_PSD_SHIFT = 72


def same_players_weight_2017(ev: Evaluator, u: int, w: int) -> tuple[int, bool] | None:
    """What the pair ``(u, w)`` (``u`` ranked higher, both in the bracket the pair lies in) adds
    to :func:`same_players_2017`'s first rows, as one number, and whether it has a float entry
    (C.12-C.19); ``None`` when the scores are not whole units (no number then).

    The number is ``_PSD_BASE ** psd`` shifted above the colour code of
    :func:`pair_signature_2017` (C.8-C.11 in base ``_BASE``).  For a move that re-pairs at most
    three pairs of one bracket among the same players, the weights the move puts in less those
    it takes out is:

    * ``> 0`` exactly when :func:`same_players_2017` finds the candidate worse on C.6 or, C.6
      tying, on the first of C.8-C.11 that differs: the PSD part is the sorted PSD lists'
      comparison (A.8, C.6: two lists of as many entries sorted from the largest first differ
      at the largest value one holds more often, and in base 8 with digits of at most 3 in size
      the largest differing digit gives the sign of the sum); when it is zero the colour code's
      sign is the first differing row's (see ``_BASE``);
    * ``< 0`` exactly when it finds the candidate better there;
    * ``0`` exactly when C.6 and C.8-C.11 all tie (a number has one writing with such digits):
      the float rows (C.12-C.19) then decide, and tie when no pair has a float entry.

    Remembered per pair on the evaluator."""
    assert isinstance(ev, Evaluator2017)
    key = (u, w)
    got = ev.weights.get(key, False)
    if got is not False:
        return got  # type: ignore[return-value]
    sig = ev.signatures.get(key) or pair_signature_2017(ev, u, w)
    psd = sig[0]
    out = ((_PSD_BASE ** psd << _PSD_SHIFT) + sig[6], not sig[7]) if type(psd) is int else None
    ev.weights[key] = out
    return out


def class_codes_2017(ev: Evaluator, k: int) -> tuple[dict[int, int], list[list[int]]] | None:
    """For scoregroup ``k`` when its players all have one score and none is a topscorer: each
    player's class (its colour preference and the preference's strength, Art. 1.7 of 2017's
    A.6) and, per two classes, the colour code of :func:`pair_signature_2017` of a pair of
    players of those classes; ``None`` otherwise.  Remembered per scoregroup on the evaluator.

    Between two players of one score the PSD entry is zero and no float entry is made (a float
    needs two scores), so a pair's :func:`same_players_weight_2017` is the same constant plus its
    colour code; and without a topscorer, the code reads only whether the two preferences are
    the same colour and the weaker one's strength (C.10, C.11;
    :meth:`checker.dutch.criteria.Evaluator.pair_values` computes C.8 and C.9 for topscorers
    only), so it is a function of the two classes, read here from one pair of each."""
    assert isinstance(ev, Evaluator2017)
    got = ev.class_codes.get(k, False)
    if got is not False:
        return got  # type: ignore[return-value]
    s, p = ev.units, ev.p
    group = ev.groups[k]
    out: tuple[dict[int, int], list[list[int]]] | None = None
    if len({s[x] for x in group}) == 1 and not any(p[x].topscorer for x in group):
        out = _class_table(ev, group)
    ev.class_codes[k] = out
    return out


def _class_table(ev: Evaluator, group: list[int]) -> tuple[dict[int, int], list[list[int]]]:
    """Each player's class (colour preference and its strength) and, per two classes, the colour
    code (:func:`pair_signature_2017`) of a pair of players of those classes, when none is a
    topscorer (see :func:`class_codes_2017`)."""
    p = ev.p
    ids: dict[Any, int] = {}
    cls: dict[int, int] = {}
    one: list[int] = []
    for x in group:
        c = ids.setdefault((p[x].pref, p[x].strength), len(ids))
        if c == len(one):
            one.append(x)
        cls[x] = c
    table = []
    for a in one:
        row = []
        for b in one:
            colour_diff, same_three, pref_unmet, strong_unmet, _, _ = ev.pair_values(a, b, False)
            row.append(((colour_diff * _BASE + same_three) * _BASE + pref_unmet) * _BASE + strong_unmet)
        table.append(row)
    return cls, table


#: a scoregroup's players' classes and the classes' colour codes, each player's score in whole
#: units, and whether each had a downfloat, and an upfloat, one or two rounds before
#: (:func:`class_weights_2017`)
ClassWeights = tuple[dict[int, int], list[list[int]], dict[int, int], dict[int, bool], dict[int, bool]]


def class_weights_2017(ev: Evaluator, k: int) -> ClassWeights | None:
    """For scoregroup ``k`` when none of its players is a topscorer and the scores are whole
    units: what :func:`same_players_weight_2017` reads of a pair of its players, by player
    (``None`` otherwise; remembered per scoregroup).  A pair's weight is ``_PSD_BASE`` to the
    power of its score difference (A.8), shifted by ``_PSD_SHIFT``, plus the colour code of its
    players' classes (:func:`class_codes_2017`'s reading, which holds for any scores without a
    topscorer); it has a float entry (C.12-C.19, :func:`pair_signature_2017`) exactly when the
    scores differ and the higher player had a downfloat one or two rounds before, or the lower
    one an upfloat (a player floats down to a lower score and up to a higher one, A.4)."""
    assert isinstance(ev, Evaluator2017)
    if k in ev.class_weights:
        known: ClassWeights | None = ev.class_weights[k]
        return known
    s, p = ev.units, ev.p
    group = ev.groups[k]
    out: ClassWeights | None = None
    if not any(p[x].topscorer for x in group) and all(type(s[x]) is int for x in group):
        cls, table = _class_table(ev, group)
        floating = ev.floating
        down = {x: x in floating and Flt.DOWN in p[x].floats[:2] for x in group}
        up = {x: x in floating and Flt.UP in p[x].floats[:2] for x in group}
        out = (cls, table, {x: s[x] for x in group}, down, up)
    ev.class_weights[k] = out
    return out


#: by edition, the colour codes of a scoregroup's pairs by their players' classes
#: (:func:`class_codes_2017`); an edition not here weighs each pair
CLASS_CODES: dict[str, Callable[[Evaluator, int], "tuple[dict[int, int], list[list[int]]] | None"]] = {
    "2017": class_codes_2017}
#: by edition, a scoregroup's pairs' weights by their players (:func:`class_weights_2017`)
CLASS_WEIGHTS: dict[str, Callable[[Evaluator, int], "ClassWeights | None"]] = {"2017": class_weights_2017}


#: by edition, the weight of a pair for :func:`checker.dutch.search`'s reading of moves inside
#: one bracket (:func:`same_players_weight_2017`); an edition not here is read move by move
SAME_PLAYERS_WEIGHT: dict[str, Callable[[Evaluator, int, int], "tuple[int, bool] | None"]] = {
    "2017": same_players_weight_2017}


def same_players_2026(ev: Evaluator, part: BracketScore, removed: list[Pair], added: list[Pair]) -> Difference | None:
    """:func:`first_change_2026` for a candidate whose pairs ``removed`` and ``added`` all lie in
    bracket ``part``, a bracket without MDPs, and pair the same players, the PAB assignee not
    among its downfloaters (:data:`SAME_PLAYERS` says when it is called): C9 is not read, and of
    C10-C21 only the colour rows C10-C13 can change (the rest are about MDPs), by what the pairs
    taken out and put in add to them."""
    va = part.values
    assert va is not None
    known = ev._terms
    c10 = c11 = c12 = c13 = 0
    for u, w in removed:
        colour_diff, same_three, pref_unmet, strong_unmet, _, _ = known.get((u, w, False)) or ev.pair_values(u, w, False)
        c10 -= colour_diff
        c11 -= same_three
        c12 -= pref_unmet
        c13 -= strong_unmet
    for u, w in added:
        colour_diff, same_three, pref_unmet, strong_unmet, _, _ = known.get((u, w, False)) or ev.pair_values(u, w, False)
        c10 += colour_diff
        c11 += same_three
        c12 += pref_unmet
        c13 += strong_unmet
    if c10 or c11 or c12 or c13:
        for c, dv in (("C10", c10), ("C11", c11), ("C12", c12), ("C13", c13)):
            if dv:
                return _count_change(c, va[c], dv, True)
    return None


#: by edition, :data:`FIRST_CHANGE` for a candidate that keeps the PAB and re-pairs its players
#: inside one bracket, with whether it also reads a bracket with MDPs or with the PAB assignee
#: among its downfloaters (else :data:`FIRST_CHANGE` reads those)
SAME_PLAYERS: dict[str, tuple[Callable[[Evaluator, BracketScore, list[Pair], list[Pair]], "Difference | None"], bool]] = {
    "2017": (same_players_2017, True), "2026": (same_players_2026, False)}
