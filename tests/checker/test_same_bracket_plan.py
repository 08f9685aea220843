"""The unwatched search's reading of moves inside one scoregroup from their pairs' weights
(:func:`checker.dutch.search._same_bracket_plan`, 2017) gives the verdicts of the plain reading.

A move that re-pairs two or three boards whose players all belong to one scoregroup is read,
once for the whole search, from what its pairs add to C.6 and C.8-C.11
(:func:`checker.dutch.rescore.same_players_weight_2017`, or the colour codes of the players'
classes when the scoregroup has one score and no topscorer,
:func:`checker.dutch.rescore.class_codes_2017`): a move worse there is left out, a move that
ties there (and has no float entry) is judged by the generation order alone
(:meth:`checker.dutch.scoring.ScoredPairing.order_above`).  Each outcome is checked against the
whole comparison (:func:`checker.dutch.reference.compare` on the two complete pairings), on the
given pairings and on pairings walked a few random moves away, so that moves win, lose and tie.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from checker.dutch.criteria_2017 import Evaluator2017
from checker.dutch.rescore import SAME_PLAYERS_WEIGHT, class_codes_2017, pair_signature_2017
from checker.dutch.scoring import ScoredPairing
from checker.dutch.search import _one_bracket, _same_bracket_plan, compatibility, move_groups
from tests.checker.test_search_equivalence import WALKS, _cases, _reference, _rounds, _walk, _winning, moves_above_in_pairs

#: the files whose rounds have no scoregroup of several scores or with topscorers where a move
#: re-pairs boards (so only the classes' colour codes are read)
ONE_READING = {"dev-0004-n12-r5.trf", "dev-0032-n17-r11.trf"}
#: the files whose rounds have no scoregroup of several scores without topscorers
NO_MIXED = {"dev-0004-n12-r5.trf", "d17-0009-n36-r5.trf"}
#: the cases whose walks give no two moves better on the same row with the same downfloaters
NO_SAME_ROW = {("dev-0004-n12-r5.trf", "2017"), ("dev-0007-n36-r13.trf", "2026"), ("d17-0009-n36-r5.trf", "2017")}
#: the rows the weights read (C.6, then the colour rows C.8-C.11 of 2017)
WEIGHED_ROWS = {"C.6", "C.8", "C.9", "C.10", "C.11"}


def _cases_2017() -> list[object]:
    return [c for c in _cases() if c.values[1] == "2017"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("path", "rules"), _cases_2017())
def test_moves_left_out_lose_and_moves_kept_as_ties_are_ordered(path: Path, rules: str) -> None:
    """For every group of two or three boards inside one bracket: each move the plan leaves out
    ranks below the pairing by C.6 or a colour row (the whole comparison says so, in the
    bracket of its boards); each move it keeps as a tie ties on every quality row there (the
    whole comparison decides by the order, or finds no difference), and
    :meth:`ScoredPairing.order_above` says whether it ranks above as the whole comparison
    does.  Both readings (the classes' colour codes and the pairs' weights) are met, and moves
    of each outcome."""
    rng = random.Random(f"plan:{path.name}:{rules}")
    weight = SAME_PLAYERS_WEIGHT[rules]
    dropped = tied = other = grouped = 0
    readings: set[bool] = set()
    for ev, given in _rounds(path, rules):
        ok = compatibility(ev)
        for steps in WALKS:
            mate = _walk(ev, given, steps, rng)
            scored = ScoredPairing(ev, mate)
            for key, group in move_groups(ev, mate, scored.brackets, ok=ok):
                if not _one_bracket(ev.group_of, key):
                    continue
                kept, ties = _same_bracket_plan(ev, weight, {}, group)
                assert len(kept) == len(ties)
                k = ev.group_of[group[0].removed[0][1]]
                if all(ev.group_of[x] == k for x in group[0].changed):
                    readings.add(class_codes_2017(ev, k) is not None)
                for mv in group:
                    ref = _reference(ev, mate, mv)
                    if mv not in kept:
                        assert ref is not None and ref.winner == "a" and ref.criterion in WEIGHED_ROWS, (mv, ref)
                        assert ref.bracket == k, (mv, ref)
                        dropped += 1
                        continue
                    tie = ties[kept.index(mv)]
                    if tie is None:
                        other += 1
                        continue
                    assert ref is None or (ref.criterion == "order" and ref.bracket == tie[0]), (mv, ref)
                    assert scored.order_above(mv, *tie) == _winning(ref), (mv, ref)
                    tied += 1
                if ties and None not in ties:  # the group judged at once, as the search does then
                    won = [(mv, w) for mv in kept if (w := _winning(_reference(ev, mate, mv))) is not None]
                    fresh = ScoredPairing(ev, mate)
                    got, held = fresh.order_group(kept, ties)  # type: ignore[arg-type]
                    assert got == won
                    # settled while the bracket's context stands exactly when no move ranks above
                    assert held == (None if won else (k, fresh.context(k))), (key, held, won)
                    grouped += 1
    assert dropped + tied > 0
    print("READINGS", path.name, readings, dropped, tied, other)


@pytest.mark.parametrize(("path", "rules"), _cases_2017())
def test_the_classes_colour_codes_are_the_pairs_codes(path: Path, rules: str) -> None:
    """In a scoregroup of one score without topscorers, the colour code the players' classes give
    every pair (:func:`class_codes_2017`) is the pair's own (:func:`pair_signature_2017`), with
    no PSD entry and no float entry, for every pair of its players."""
    compared = 0
    for ev, _ in _rounds(path, rules):
        assert isinstance(ev, Evaluator2017)
        for k, group in enumerate(ev.groups):
            codes = class_codes_2017(ev, k)
            if codes is None:
                assert len({ev.units[x] for x in group}) > 1 or any(ev.p[x].topscorer for x in group)
                continue
            cls, table = codes
            for i, u in enumerate(group):
                for w in group[i + 1:]:
                    hi, lo = (u, w) if ev.rank[u] < ev.rank[w] else (w, u)
                    sig = pair_signature_2017(ev, hi, lo)
                    assert (sig[0], sig[6], sig[7]) == (0, table[cls[u]][cls[w]], True), (u, w)
                    compared += 1
    assert compared > 100


@pytest.mark.parametrize(("path", "rules"), _cases_2017())
def test_the_weights_give_the_outcome_of_the_first_rows(path: Path, rules: str) -> None:
    """For every move that keeps the PAB and re-pairs the players of a few pairs of one bracket
    among themselves (any bracket: MDPs' pairs have PSD entries, and floats may be read), the
    weights it puts in less those it takes out (:func:`same_players_weight_2017`) are above
    zero exactly when :func:`same_players_2017` finds it worse on C.6 or C.8-C.11, below zero
    exactly when better there, and zero when those rows tie (the float rows then decide, and
    tie when no pair has a float entry)."""
    from checker.dutch.rescore import same_players_2017, same_players_weight_2017

    rng = random.Random(f"weights:{path.name}:{rules}")
    signs: dict[int, int] = {1: 0, -1: 0, 0: 0}
    with_psd = 0
    for ev, given in _rounds(path, rules):
        assert isinstance(ev, Evaluator2017)
        for steps in WALKS:
            mate = _walk(ev, given, steps, rng)
            scored = ScoredPairing(ev, mate)
            rank, g = ev.rank, ev.group_of
            for _, group in move_groups(ev, mate, scored.brackets, ok=compatibility(ev)):
                for mv in group:
                    rem = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in mv.removed]
                    add = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in mv.added]
                    ks = {g[v] for _, v in rem + add}
                    if (mv.pab is not None or len(ks) != 1 or len(rem) != len(add) or set(rem) & set(add)
                            or {x for pr in rem for x in pr} != {x for pr in add for x in pr}):
                        continue
                    weighed = [same_players_weight_2017(ev, u, v) for u, v in add + rem]
                    weights = [w for w in weighed if w is not None]
                    if len(weights) < len(weighed):
                        continue
                    total = sum(w[0] for w in weights[:len(add)]) - sum(w[0] for w in weights[len(add):])
                    floats = any(w[1] for w in weights)
                    k = ks.pop()
                    part = scored.part(k)
                    if part.values is None:
                        part.values = ev.values(scored.brackets[k], scored.brackets[k + 1] if k + 1 < len(scored.brackets)
                                                else None, mate, part.sums)
                    found = same_players_2017(ev, part, rem, add)
                    sign = (total > 0) - (total < 0)
                    if sign:
                        assert found is not None and found[0] in WEIGHED_ROWS and found[1] == sign, (mv, found, total)
                    else:
                        assert found is None or (floats and found[0] not in WEIGHED_ROWS), (mv, found)
                    signs[sign] += 1
                    with_psd += any(ev.units[u] != ev.units[v] for u, v in add + rem)
    assert all(n > 0 for n in signs.values()) and with_psd > 0, (signs, with_psd)


def test_the_weights_digits_hold_every_change() -> None:
    """The weights' writing (:func:`same_players_weight_2017`) reads each row's change from its
    digit only while no change overflows: a move read from weights takes out and puts in at most
    ``_WEIGHED`` pairs, so at one PSD value the two sides' counts differ by less than the PSD
    base; each colour term of a pair is 0, 1 or 2, so each colour row changes by less than half
    the colour base; and the colour codes of all those pairs stay below the PSD part's shift."""
    from checker.dutch import rescore
    from checker.dutch.search import _WEIGHED

    assert _WEIGHED < rescore._PSD_BASE
    assert 2 * 2 * _WEIGHED < rescore._BASE // 2
    largest = ((2 * rescore._BASE + 2) * rescore._BASE + 2) * rescore._BASE + 2
    assert 2 * _WEIGHED * largest < 1 << rescore._PSD_SHIFT


def test_the_groups_passed_over_are_those_settled_now() -> None:
    """:class:`checker.dutch.search.PassedOver`, kept up to date by the brackets whose context
    changes, passes over in each step exactly the groups dropped, settled for good, or settled
    while a bracket's context stands that stands in the step (the test the search made of each
    group it met), over random sequences of steps and settlements."""
    from checker.dutch.search import PassedOver

    rng = random.Random("passed-over")
    checked = 0
    for _ in range(200):
        passed = PassedOver()
        dropped: set[int] = set()
        settled: dict[int, tuple[int, int]] = {}
        contexts = [rng.randint(0, 2) for _ in range(4)]
        for _ in range(12):
            contexts = [c if rng.random() < 0.6 else rng.randint(0, 2) for c in contexts]
            passed.step(list(contexts))
            for _ in range(rng.randint(0, 6)):
                key = rng.randint(0, 30)
                if key in dropped or key in passed.keys:
                    continue  # the search meets only the groups not passed over
                if rng.random() < 0.15 and key not in settled:
                    passed.drop(key)
                    dropped.add(key)
                    continue
                k = rng.randrange(4)
                held = (0, -2) if rng.random() < 0.2 else (k, rng.choice([contexts[k], rng.randint(0, 2)]))
                passed.settle(key, held)
                settled[key] = held
            expected = dropped | {key for key, (k, c) in settled.items() if c == -2 or contexts[k] == c}
            assert passed.keys == expected
            checked += 1
    assert checked == 2400


@pytest.mark.parametrize(("path", "rules"), [c for c in _cases() if "fixtures" in c.id or "n36" in c.id])  # type: ignore[attr-defined]
def test_moves_better_on_the_same_row_rank_by_their_values(path: Path, rules: str) -> None:
    """Two moves that both rank above a pairing on the same quality row of the same bracket, both
    keeping its downfloaters and the PAB, with different values there, are ranked against each
    other by those values (:func:`checker.dutch.search._by_one_row`, by which the search spares
    itself the whole comparison): the reference comparison of the two candidates agrees on every
    such pair, on given and walked-away pairings of both editions."""
    from checker.dutch.reference import compare
    from checker.dutch.search import _by_one_row

    read = 0
    for ev, mate, (a, va), (b, vb) in moves_above_in_pairs(path, rules, "one-row", False, 60):
        if va.bracket is None or not _by_one_row(ev.group_of, va.bracket, a, va, b, vb):
            continue
        ref = compare(ev, a.apply(mate), b.apply(mate))
        assert ref is not None and ref.winner == ("b" if vb.value_b < va.value_b else "a"), (a, b, ref)
        read += 1
    assert read > 0 or (path.name, rules) in NO_SAME_ROW


@pytest.mark.parametrize(("path", "rules"), _cases_2017())
def test_the_weights_read_by_player_are_the_pairs_weights(path: Path, rules: str) -> None:
    """In a scoregroup without topscorers (any scores, the CLB's too), the weight of every pair
    of its players read from the players (:func:`class_weights_2017`: the PSD part from their
    scores, the colour code from their classes, the float entry from their scores and float
    histories) is the pair's own (:func:`same_players_weight_2017`)."""
    from checker.dutch.rescore import _PSD_BASE, _PSD_SHIFT, class_weights_2017, same_players_weight_2017

    compared = with_floats = mixed = 0
    for ev, _ in _rounds(path, rules):
        assert isinstance(ev, Evaluator2017)
        for k, group in enumerate(ev.groups):
            read = class_weights_2017(ev, k)
            if read is None:
                assert any(ev.p[x].topscorer for x in group) or any(type(ev.units[x]) is not int for x in group)
                continue
            cls, table, units, down, up = read
            for i, u in enumerate(group):
                for w in group[i + 1:]:
                    hi, lo = (u, w) if ev.rank[u] < ev.rank[w] else (w, u)
                    su, sw = units[u], units[w]
                    floats = su != sw and ((down[u] or up[w]) if su > sw else (down[w] or up[u]))
                    got = ((_PSD_BASE ** abs(su - sw) << _PSD_SHIFT) + table[cls[u]][cls[w]], floats)
                    assert got == same_players_weight_2017(ev, hi, lo), (u, w)
                    compared += 1
                    with_floats += floats
                    mixed += su != sw
    assert compared > 100 and ((mixed > 0 and with_floats > 0) or path.name in NO_MIXED)
