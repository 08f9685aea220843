"""Art. 3.8 read plainly: which of two complete, legal round-pairings the rules rank first.

Read this module first.  It takes the criteria as tables of rows
(:data:`checker.dutch.criteria.TABLE` for the 2026 text, :data:`checker.dutch.names_2017.TABLE_2017`
for the 2017 one) and, for each pairing:

1. cuts it into brackets (C.04.3 Art. 1.9; 2017 A.9): top-down, each scoregroup joined by the
   players the bracket above left unpaired (its MDPs); a pair lies in the bracket of its
   lower-ranked player, who is a resident there.  Under the 2017 text the scoregroups below the
   Penultimate Pairing Bracket form one group, the Collapsed Last Bracket
   (:class:`checker.dutch.criteria_2017.Evaluator2017`);
2. computes every quality row's value of a bracket straight from the table: a row that adds up
   over the bracket's pairs from what each pair adds, any other from its measure;
3. compares (Art. 3.8; 2017 B.8): the round-wide PAB row first (2026 C5, Art. 2.3.1: the
   smaller score of the PAB assignee); then the brackets top-down, and in the first bracket
   where the two choose differently, the first row that differs (Art. 3.8.1); if none, the
   candidate that Art. 3-4 generate first (:func:`checker.dutch.order.generation_key`).

Nothing here is remembered or patched.  The checker's fast path gives the same verdicts without
rebuilding whole pairings: :func:`checker.dutch.compare.compare` (with the shortcuts the search
passes it), :class:`checker.dutch.scoring.ScoredPairing` (a move judged from what it changes,
:mod:`checker.dutch.rescore`), :mod:`checker.dutch.order_patch` (patched generation keys) and the
local search :mod:`checker.dutch.search`.  The tests prove them equal to this module
(``tests/checker/test_reference.py``, ``test_search_equivalence.py``, ``test_order_patch.py``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from checker.dutch.criteria import Bracket, Evaluator, Mate
from checker.dutch.order import generation_key
from checker.dutch.table import Criterion, first_difference


class Verdict(NamedTuple):
    """How Art. 3.8 ranks candidate ``b`` against ``a``: ``winner`` is "a" or "b".  (A named
    tuple rather than a frozen dataclass: the local search makes one for each of hundreds of
    thousands of candidates, and a tuple is made in a third of the time.)"""

    criterion: str  # the PAB row, a quality row, or "order"
    bracket: int | None
    value_a: Any
    value_b: Any
    winner: str


def brackets(ev: Evaluator, mate: Mate) -> list[Bracket]:
    """The brackets of ``mate``, top-down (Art. 1.9; 2017 A.9): each group of :attr:`ev.groups`
    with the players left unpaired above; each member is paired in the bracket (a pair listed
    higher-ranked first) or left unpaired, a downfloater (in rank order, as the members are)."""
    out = []
    mdps: tuple[int, ...] = ()
    for k, group in enumerate(ev.groups):
        residents = tuple(group)
        members = mdps + residents
        inside = set(members)
        pairs = set()
        down = []
        for u in members:
            v = mate.get(u)
            if v is not None and v in inside:
                if ev.rank[u] < ev.rank[v]:
                    pairs.add((u, v))
            else:
                down.append(u)
        out.append(Bracket(k, ev.p[residents[0]].score, mdps, residents, frozenset(pairs), tuple(down)))
        mdps = tuple(down)
    return out


def over_pairs(ev: Evaluator, row: Criterion, b: Bracket) -> Any:
    """A row that adds up over bracket ``b``'s pairs: the sum of what each pair adds, or, for a
    ``listed`` row, the score differences the pairs give, largest first."""
    assert row.per_pair is not None
    mdps = set(b.mdps)
    each = [row.per_pair(ev.pair_terms(u, w, u in mdps)) for u, w in b.pairs]
    if row.listed:
        return tuple(sorted((x for x in each if x is not None), reverse=True))
    return sum(each)


def values(ev: Evaluator, brs: list[Bracket], k: int, mate: Mate) -> dict[str, Any]:
    """Every quality row's value for bracket ``k`` of ``mate`` (``brs``: its brackets)."""
    b = brs[k]
    parts = ev.parts(b, brs[k + 1] if k + 1 < len(brs) else None, mate)
    out = {}
    for row in ev.quality_rows:
        if row.per_pair is not None:
            out[row.name] = over_pairs(ev, row, b)
        else:
            assert row.measure is not None
            out[row.name] = row.measure(ev, parts)
    return out


def compare(ev: Evaluator, a: Mate, b: Mate) -> Verdict | None:
    """Art. 3.8 between two complete, legal round-pairings of the same players; ``None`` when
    they are the same."""
    pab = ev.rules.pab
    if pab is not None:  # 2026 C5, round-wide
        assert pab.measure is not None
        sa, sb = pab.measure(ev, a), pab.measure(ev, b)
        if sa != sb:
            return Verdict(pab.name, None, sa, sb, "a" if sa < sb else "b")
    brs_a, brs_b = brackets(ev, a), brackets(ev, b)
    for k, (ba, bb) in enumerate(zip(brs_a, brs_b)):
        # the brackets above agree, so this one has the same members in both
        if ba.pairs == bb.pairs and ba.downfloaters == bb.downfloaters:
            continue
        va, vb = values(ev, brs_a, k, a), values(ev, brs_b, k, b)
        c = first_difference(ev.quality_rows, va, vb, ba.downfloaters == bb.downfloaters)
        if c is not None:
            return Verdict(c, k, va[c], vb[c], "a" if va[c] < vb[c] else "b")
        bsn = {pid: i + 1 for i, pid in enumerate(ba.members)}  # the same members: the same BSNs
        ka, kb = generation_key(ba, ev.rank, bsn), generation_key(bb, ev.rank, bsn)
        return Verdict("order", k, ka, kb, "a" if ka <= kb else "b")
    return None
