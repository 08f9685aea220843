"""The checker's reasons in words for a team Swiss round (:mod:`checker.team.explain`).

* The digest's example 9.2 (three rounds of six teams), the reasons worked out by hand from the
  articles beside each test.
* Random small brackets: every comparison a bracket's reasons state ("the fewest", "the highest
  scores left", "no legal set of these scores ... has fewer") is checked by plain enumeration of
  every set of upfloaters, as :func:`tests.checker.test_team_checker._brute_set` does.
* Every round of the team corpus (or the fixtures' sample): every bracket and match of a round that
  conforms has its reasons, and a colour's reason names the step the verdict names.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from checker.team import check_round
from checker.team.check import BracketView
from checker.team.explain import bracket_reasons, explain_round
from checker.team.graph import MeetGraph
from tests.checker.test_team_checker import EX92, FOLDERS, _brute_set, _event, _hand_event, _pairable, _random_state


def _texts(reasons: tuple[object, ...]) -> list[str]:
    return [f"{r.criterion}: {r.text}" for r in reasons]  # type: ignore[attr-defined]


@pytest.mark.fast
def test_example_9_2_round_2() -> None:
    """After R1 (1-4 3-1, 5-2 2-2, 3-6 1.5-2.5): 1 and 6 on 2 MP (3 and 2.5 GP), 2 and 5 on 1, 3 and 4
    on 0.  R2: {1, 6} pair among themselves ([C4]: no upfloater); 2 and 5 met in round 1, so the
    two alone cannot be paired: two upfloaters, the fewest that give a legal bracket ([C4]), 3 and 4,
    the highest scores left (0 and 0, [C5]).  No PAB (six teams).  Colours of 6-1: equal scores,
    first-team 1 by the higher game points (3 against 2.5, Art. 4.2.2); no preferences (Type A, one
    match each); 6 (CD -1, Black in R1) has the lower colour difference: White (4.3.5)."""
    ev = _hand_event(6, EX92)
    report = check_round(ev, 2)
    why = explain_round(ev, report)
    assert why.bye == ()
    assert _texts(why.brackets[0])[0] == "C4: no upfloater: the 2 teams on score 2 can all be paired among themselves"
    second = _texts(why.brackets[1])
    assert second[0].startswith("C4: 2 upfloaters, the fewest that give a legal bracket: with fewer, the 2 teams on "
                                "score 1 cannot all be paired without a rematch (C1)")
    assert "C5: the highest scores left below 1: 0, 0" in second
    colours = {(v.white, v.black): _texts(r) for v, r in zip(report.colours, why.colours)}
    assert colours[(6, 1)][:2] == ["4.2: team 1 is the first-team: equal scores, the higher secondary score (3 "
                                   "against 2.5)",
                                   "4.3.5: White to the team with the lower colour difference: team 6 White"]


@pytest.mark.fast
def test_example_9_2_round_3() -> None:
    """R3 (the digest): {6} on 4 MP takes one upfloater ([C4]: alone), team 2, the highest score left
    (3 MP, [C5]); the next scoregroup {2} is then emptied ([C6]).  {1, 5} on 2 pair without upfloater.
    {3} on 1 takes 4 (0 MP), the only team left.  3-4: first-team 3 (1 MP against 0, Art. 4.2.1),
    opposite preferences (3 Black, CD +2; 4 White, CD -2): both granted (4.3.3), 4 White."""
    ev = _hand_event(6, EX92)
    report = check_round(ev, 3)
    why = explain_round(ev, report)
    first, second, third = (_texts(b) for b in why.brackets)
    assert first[:3] == ["C4: one upfloater: team 6 is alone on score 4", "C5: the highest scores left below 4: 3",
                         "C6: the next scoregroup (score 3) is emptied by upfloating"]
    assert second[0] == "C4: no upfloater: the 2 teams on score 2 can all be paired among themselves"
    assert third[:2] == ["C4: one upfloater: team 3 is alone on score 1", "C5: the highest scores left below 1: 0"]
    colours = {(v.white, v.black): _texts(r) for v, r in zip(report.colours, why.colours)}
    assert colours[(4, 3)] == [
        "4.2: team 3 is the first-team: the higher score (1 against 0)",
        "4.3.3: the two preferences are opposite: both are granted: team 4 White",
        "1.6: team 3: score 1, board-1 colours WW, colour difference +2, preference Black; "
        "team 4: score 0, board-1 colours BB, colour difference -2, preference White"]


@pytest.mark.fast
def test_a_finding_has_no_reasons() -> None:
    """Where the verdict finds against the pairing, its finding says why: the bracket and the
    colours found against get no reasons; the brackets after a finding are not cut."""
    from checker.team import check_pairing

    ev = _hand_event(6, EX92)
    report = check_pairing(ev, 3, [(5, 6), (1, 2), (4, 3)], None)  # C5 in the first bracket
    assert report.first is not None and report.first.criterion == "C5"
    why = explain_round(ev, report)
    assert why.brackets == ((),)
    report = check_pairing(ev, 3, [(2, 6), (1, 5), (3, 4)], None)  # 4.3.3: 3-4's colours reversed
    why = explain_round(ev, report)
    assert [bool(r) for r in why.colours] == [v.ok for v in report.colours] == [True, True, False]


@pytest.mark.fast
@pytest.mark.parametrize("seed", range(40))
def test_set_reasons_hold_by_enumeration(seed: int) -> None:
    """The rules' set of upfloaters of a random bracket (found by plain enumeration) with its
    reasons: each comparison they state holds over every set of lower teams."""
    rng = random.Random(5000 + seed)
    n = rng.choice((6, 8, 10))
    teams = frozenset(range(1, n + 1))
    st = _random_state(rng, n, "A")
    while not _pairable(st, teams):
        st = _random_state(rng, n, "A")
    ups = _brute_set(st, teams)
    top = max(st.score(t) for t in teams)
    residents = tuple(sorted(t for t in teams if st.score(t) == top))
    lower = sorted(teams - set(residents))
    view = BracketView(top, residents, ups, (), ())
    texts = {r.criterion: r.text for r in bracket_reasons(st, MeetGraph(st, teams), teams, view)}

    def legal(f: tuple[int, ...]) -> bool:
        return _pairable(st, set(residents) | set(f)) and _pairable(st, teams - set(residents) - set(f))

    def c5(f: tuple[int, ...]) -> tuple[Fraction, ...]:
        return tuple(-s for s in sorted(st.score(t) for t in f))

    k = len(ups)
    c4 = texts["C4"]
    if k == 0:
        assert c4.startswith("no upfloater") and legal(())
        return
    if c4.startswith("one upfloater"):
        assert k == 1 and len(residents) % 2 == 1
    else:
        assert c4.startswith(f"{k} upfloaters, the fewest")
        assert not any(legal(f) for j in range(len(residents) % 2, k, 2) for f in combinations(lower, j))
    same = list(combinations(lower, k))
    if texts["C5"].startswith("the highest scores left"):
        assert c5(ups) == min(c5(f) for f in same)
    else:
        assert not any(legal(f) for f in same if c5(f) < c5(ups))
    if "C7" in texts and "no legal set of these scores equal on C6 has fewer" in texts["C7"]:
        floated = sum(st.teams[t].floated for t in ups)
        from checker.team.brackets import Upfloaters

        up = Upfloaters(st, MeetGraph(st, teams), teams)
        rivals = [f for f in same if c5(f) == c5(ups) and legal(f) and up.c6(f) == up.c6(ups)]
        assert all(sum(st.teams[t].floated for t in f) >= floated for f in rivals)


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_conforming_round_is_explained(folder: Path | None) -> None:
    """Every bracket and match of a conforming round has its reasons; a colour's reasons name the
    step of Art. 4.3 the verdict names; a PAB has its reasons."""
    ev = _event(folder)
    for rnd in range(1, ev.rounds + 1):
        report = check_round(ev, rnd)
        if not report.ok:
            continue
        why = explain_round(ev, report)
        assert len(why.brackets) == len(report.brackets) and all(why.brackets), rnd
        for view, reasons in zip(report.colours, why.colours):
            assert reasons[1].criterion == (view.step or "4.3"), (rnd, view)
        assert bool(why.bye) == (report.bye is not None), rnd
