"""The reference reading (:mod:`checker.dutch.reference`) and the fast path give the same answers.

The reference cuts a pairing into brackets, computes every row of the criteria table from the
table itself (a row that adds up over pairs from what each pair adds) and compares two pairings
by Art. 3.8.  Checked here against it, on the rounds of ``test_search_equivalence`` (fixtures
under both editions, corpus rounds of each) and pairings a few random moves away from them:

* :meth:`checker.dutch.criteria.Evaluator.brackets` and :meth:`~checker.dutch.criteria.Evaluator.values`
  (the per-pair rows read from the added-up :class:`~checker.dutch.table.PairSums`);
* :func:`checker.dutch.compare.compare` on whole pairings, and with every shortcut the search
  passes it (brackets already cut, a bracket to start from, the first pairing's values kept from
  one call to the next, the players whose opponents differ);
* :func:`checker.dutch.search.best_of_all` (the exact pairing of a small round): the reference's
  best of every legal pairing.

And the tables themselves: the names, articles and order of the criteria as findings report them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from checker.dutch import reference
from checker.dutch.compare import compare
from checker.dutch.criteria import CRITERIA, EDITION, QUALITY, TABLE, Evaluator, Mate
from checker.dutch.names_2017 import CRITERIA_2017, EDITION_2017, QUALITY_2017, TABLE_2017
from checker.dutch.search import EXHAUSTIVE_LIMIT, all_pairings, best_of_all, moves
from checker.dutch.table import Kind
from tests.checker.test_search_equivalence import WALKS, _cases, _rounds, _walk
from tests.support import CORPUS, FIXTURES


def test_the_tables_name_the_criteria_as_before() -> None:
    """Names (they appear in JSON output), order, kinds and articles of both tables."""
    assert [r.name for r in TABLE] == [f"C{i}" for i in range(1, 22)]
    assert QUALITY == tuple(f"C{i}" for i in range(6, 22))
    assert [r.kind for r in TABLE[:5]] == [Kind.ABSOLUTE] * 3 + [Kind.COMPLETION, Kind.PAB]
    assert [r.article for r in TABLE] == (["2.1.1", "2.1.2", "2.1.3", "2.2.1", "2.3.1"]
                                          + [f"2.4.{i}" for i in range(1, 17)])
    assert CRITERIA["C12"] == ("2.4.7", "minimise the players who do not get their colour preference")
    assert [r.name for r in TABLE_2017] == [f"C.{i}" for i in range(1, 20)]
    assert QUALITY_2017 == tuple(f"C.{i}" for i in range(5, 20))
    assert all(art == name for name, (art, _) in CRITERIA_2017.items())
    assert EDITION.pab is not None and EDITION.pab.name == "C5" and EDITION_2017.pab is None
    for ed in (EDITION, EDITION_2017):
        assert all(r.measure is not None for r in ed.quality)
        assert [r.name for r in ed.rows if r.next_bracket] == (["C8"] if ed is EDITION else ["C.7"])


def _pairings(ev: Evaluator, given: Mate, rng: random.Random) -> list[Mate]:
    """The given pairing and pairings a few random moves away from it."""
    return [_walk(ev, given, steps, rng) for steps in WALKS]


@pytest.mark.parametrize(("path", "rules"), _cases())
def test_brackets_and_values_are_the_tables(path: Path, rules: str) -> None:
    """The evaluator's brackets and values of every bracket are the reference's."""
    rng = random.Random(f"values:{path.name}:{rules}")
    seen = 0
    for ev, given in _rounds(path, rules):
        for mate in _pairings(ev, given, rng):
            brs = ev.brackets(mate)
            assert reference.brackets(ev, mate) == brs
            for k, b in enumerate(brs):
                nxt = brs[k + 1] if k + 1 < len(brs) else None
                assert ev.values(b, nxt, mate) == reference.values(ev, brs, k, mate)
                seen += 1
    assert seen > 30


@pytest.mark.parametrize(("path", "rules"), _cases())
def test_the_whole_comparison_is_the_references(path: Path, rules: str) -> None:
    """:func:`compare` (plain, and with each shortcut the search uses) gives the reference's
    verdict, between a pairing and each of its moves and between two moves of the same pairing."""
    rng = random.Random(f"compare:{path.name}:{rules}")
    judged = won = 0
    for ev, given in _rounds(path, rules):
        for mate in _pairings(ev, given, rng):
            options = list(moves(ev, mate, ev.brackets(mate)))
            sample = rng.sample(options, min(len(options), 40))
            for mv in sample:
                cand = mv.apply(mate)
                ref = reference.compare(ev, mate, cand)
                assert compare(ev, mate, cand) == ref
                assert compare(ev, mate, cand, ev.brackets(mate), 0, {}, mv.changed) == ref
                judged += 1
                won += ref is not None and ref.winner == "b"
            # two moves of the same pairing, as the search compares its best move with another:
            # from the first bracket either changes, the first's values kept between calls
            for first in sample[:6]:
                a = first.apply(mate)
                brs, cache = ev.brackets(a), dict[Any, Any]()
                for mv in sample:
                    b = mv.apply(mate)
                    both = first.changed | mv.changed
                    start = min(ev.group_of[x] for x in both)
                    ref = reference.compare(ev, a, b)
                    assert compare(ev, a, b, brs, start, cache, both) == ref, (first, mv)
                    assert compare(ev, a, b, brs, 0, cache) == ref
                    judged += 1
    assert judged > 300 and won > 0


#: small tournaments (every round at most :data:`EXHAUSTIVE_LIMIT` players)
SMALL = [pytest.param(FIXTURES / "dutch-2026" / "tournaments" / "dev-0004-n12-r5.trf", "2026", id="fixtures/n12",
                      marks=pytest.mark.fast),
         pytest.param(FIXTURES / "dutch-2026" / "tournaments" / "dev-0004-n12-r5.trf", "2017", id="fixtures/n12:2017")]
SMALL += [pytest.param(CORPUS / ed / "tournaments" / name, rules, id=name, marks=pytest.mark.corpus)
          for ed, rules, name in (("dutch-2026", "2026", "dev-0118-n8-r6.trf"), ("dutch-2026", "2026", "dev-0058-n9-r7.trf"),
                                  ("dutch-2017", "2017", "d17-0019-n7-r6.trf"), ("dutch-2017", "2017", "d17-0052-n9-r6.trf"))]


@pytest.mark.parametrize(("path", "rules"), SMALL)
def test_the_exact_pairing_of_a_small_round_is_the_references_best(path: Path, rules: str) -> None:
    """:func:`best_of_all` (its comparisons keep the current best's values) returns the pairing
    the reference ranks first among every legal pairing of the round."""
    tried = 0
    for ev, given in _rounds(path, rules):
        if len(ev.p) > EXHAUSTIVE_LIMIT:
            continue
        best: Any = None
        for q in all_pairings(ev):
            if best is None:
                best = q
                continue
            v = reference.compare(ev, best, q)
            if v is not None and v.winner == "b":
                best = q
        assert best_of_all(ev) == best
        tried += 1
    assert tried > 0
