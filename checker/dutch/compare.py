"""Art. 3.8 between two round-pairings, with the shortcuts the checker's search passes: the fast
path's whole-pairing comparison.

Read :mod:`checker.dutch.reference` first: :func:`compare` gives its verdict (the tests prove it,
``tests/checker/test_reference.py``), but can start from brackets already cut, below a bracket
where the two pairings are known to agree, with the values of the first pairing kept from one
comparison to the next, and from the players whose opponents differ (the bracket they change is
then re-scored from the pairs it loses and gains).  The local search judges its moves
incrementally (:class:`checker.dutch.scoring.ScoredPairing`) and compares with this function only
the candidates that rank above its pairing.
"""

from __future__ import annotations

from typing import Any

from checker.dutch.criteria import Bracket, Evaluator, Mate
from checker.dutch.order import generation_key
from checker.dutch.reference import Verdict as Verdict
from checker.dutch.rescore import bracket_delta, shift_sums
from checker.dutch.scoring import Move as Move, ScoredPairing as ScoredPairing


def compare(ev: Evaluator, a: Mate, b: Mate, a_brackets: list[Bracket] | None = None, start: int = 0,
            cache: dict[Any, Any] | None = None, changed: frozenset[int] | None = None) -> Verdict | None:
    """:func:`checker.dutch.reference.compare` between two complete, legal round-pairings;
    ``None`` when they are the same.  ``a_brackets``: ``a``'s brackets; ``cache``: what is kept
    of ``a``'s brackets from one call to the next (the same ``a``); ``start``: a bracket above
    which the two are known to agree; ``changed``: the only players whose opponents differ, when
    known."""
    pab = ev.rules.pab
    if pab is not None:  # 2026 C5, round-wide (2017 has none: the last bracket's PSD places the PAB)
        if changed is not None:  # the PAB assignees differ only if one of the changed players is one
            byes = [x for x in changed if a[x] is None or b[x] is None]
            sa = next((ev.p[x].score for x in byes if a[x] is None), None)
            sb = next((ev.p[x].score for x in byes if b[x] is None), None)
        else:
            assert pab.measure is not None
            sa, sb = pab.measure(ev, a), pab.measure(ev, b)
        if sa != sb:
            return Verdict(pab.name, None, sa, sb, "a" if sa < sb else "b")  # type: ignore[operator]
    ab = a_brackets if a_brackets is not None else ev.brackets(a)
    n = len(ab)
    mdps = ab[start].mdps if start < n else ()
    for k in range(start, n):
        ba = ab[k]
        entry = cache.get(k) if cache is not None else None
        if entry is None:
            members = frozenset(ba.members)
            sums_a = ev.pair_sums(ba.pairs, frozenset(ba.mdps))
            entry = (None, sums_a, members)
            if cache is not None:
                cache[k] = entry
        va, sums_a, members = entry
        if changed is not None:
            bb, removed, added = bracket_delta(ev, ba, members, a, b, changed)
            if bb.downfloaters == ba.downfloaters and not removed and not added:
                mdps = bb.downfloaters
                continue
            sums_b = shift_sums(ev, sums_a, removed, added, frozenset(ba.mdps))
        else:
            bb = ev.bracket(k, mdps, b)
            if bb.same_choice(ba):
                mdps = bb.downfloaters
                continue
            sums_b = None
        na = ab[k + 1] if k + 1 < n else None
        same_down = ba.downfloaters == bb.downfloaters
        nb = (na if same_down else ev.bracket(k + 1, bb.downfloaters, b)) if k + 1 < n else None
        if va is None:
            va = ev.values(ba, na, a, sums_a)
            if cache is not None:
                cache[k] = (va, sums_a, members)
        vb = ev.values(bb, nb, b, sums_b)
        c = ev.first_difference(va, vb, same_down)
        if c is not None:
            return Verdict(c, k, va[c], vb[c], "a" if va[c] < vb[c] else "b")
        if cache is not None:
            got = cache.get(("key", k))
            if got is None:
                bsn = {pid: i + 1 for i, pid in enumerate(ba.members)}
                got = cache[("key", k)] = (generation_key(ba, ev.rank, bsn), bsn)
            ka, bsn = got
        else:
            bsn = {pid: i + 1 for i, pid in enumerate(ba.members)}
            ka = generation_key(ba, ev.rank, bsn)
        kb = generation_key(bb, ev.rank, bsn)
        return Verdict("order", k, ka, kb, "a" if ka <= kb else "b")
    return None


__all__ = ["Move", "ScoredPairing", "Verdict", "compare"]
