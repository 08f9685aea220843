"""The Double-Swiss checker (C.04.5, 2026; :mod:`checker.double_swiss`, its own reading) on the
hand-worked rounds: it accepts each as given, pairs each itself the same way, flags every mutated
round naming a rule, and answers ``--why-not``."""

from __future__ import annotations

import pytest

import systems
from checker.double_swiss import check_pairing, check_round, rules_pairing
from checker.double_swiss.whynot import why_not
from tests.pairing.double_swiss_cases import build
from tests.pairing.double_swiss_handworked import CASES, Case
from systems.base import CheckRequest

IDS = [c.name for c in CASES]


@pytest.mark.parametrize("c", CASES, ids=IDS)
def test_accepts_the_hand_worked_round(c: Case) -> None:
    report = check_pairing(c.make(), c.round, c.boards, c.bye)
    assert report.findings == []


@pytest.mark.parametrize("c", CASES, ids=IDS)
def test_pairs_the_hand_worked_round_itself(c: Case) -> None:
    assert rules_pairing(c.make(), c.round) == (c.boards, c.bye)


def _mutations(c: Case) -> list[tuple[str, tuple[tuple[int, int], ...], int | None]]:
    """Changed rounds: colours of each board reversed; two boards' partners exchanged; the PAB
    given to a board's player instead."""
    out = []
    for i, (w, b) in enumerate(c.boards):
        boards = list(c.boards)
        boards[i] = (b, w)
        out.append((f"colours of board {i + 1}", tuple(boards), c.bye))
    for i in range(len(c.boards)):
        for j in range(i + 1, len(c.boards)):
            (a, b), (x, y) = c.boards[i], c.boards[j]
            boards = list(c.boards)
            boards[i], boards[j] = (a, y), (x, b)
            out.append((f"boards {i + 1} and {j + 1} exchanged", tuple(boards), c.bye))
    if c.bye is not None:
        for i, (w, b) in enumerate(c.boards):
            boards = list(c.boards)
            boards[i] = (w, c.bye)
            out.append((f"PAB to {b}", tuple(boards), b))
    return out


@pytest.mark.parametrize("c", CASES, ids=IDS)
def test_every_mutation_is_flagged(c: Case) -> None:
    t = c.make()
    for what, boards, bye in _mutations(c):
        report = check_pairing(t, c.round, boards, bye)
        assert report.findings, what
        f = report.findings[0]
        assert f.criterion and f.article, what


def test_names_the_deciding_rule() -> None:
    # each case's decisive rule, where a mutation shows it (case 5: 1-7, 2-6 instead of 1-6, 2-7)
    c = CASES[4]
    report = check_pairing(c.make(), 2, ((7, 1), (2, 6), (3, 5)), 4)
    assert [(f.criterion, f.article) for f in report.findings] == [("3.6.4", "3.6.2-3.6.4")]
    c8 = next(x for x in CASES if x.rule == "C8")
    report = check_pairing(c8.make(), 3, ((6, 2), (5, 1), (4, 7)), 3)
    assert [f.criterion for f in report.findings] == ["C8"]
    c7 = next(x for x in CASES if x.rule == "C7")
    report = check_pairing(c7.make(), 3, ((2, 3), (5, 1)), 4)
    assert [f.criterion for f in report.findings] == ["C7"]
    c6 = next(x for x in CASES if x.rule == "C6")
    report = check_pairing(c6.make(), 2, ((2, 1), (3, 4), (5, 6)), None)
    assert report.findings[0].criterion in ("C1", "C6")
    report = check_pairing(c6.make(), 2, ((2, 1), (3, 5), (4, 6)), None)
    assert [f.criterion for f in report.findings] == ["C6"]
    c2 = next(x for x in CASES if x.rule == "C2")
    report = check_pairing(c2.make(), 3, ((2, 3), (5, 4)), 1)
    assert [f.criterion for f in report.findings] == ["C2"]


def _played(c: Case) -> str:
    """The hand-worked round written into its file (every game drawn)."""
    import trf

    t = c.make()
    text = trf.dumps(t)
    lines = text.splitlines()
    blocks: dict[int, str] = {}
    for w, b in c.boards:
        blocks[w] = f"  {b:4d} w =  {b:4d} b ="
        blocks[b] = f"  {w:4d} b =  {w:4d} w ="
    if c.bye is not None:
        blocks[c.bye] = "  0000 - U  0000 - H"
    out = []
    for line in lines:
        if line.startswith("001"):
            pid = int(line[4:8])
            width = 89 + 10 * 2 * (c.round - 1)
            line = line.ljust(width)[:width] + blocks.get(pid, "  0000 - Z  0000 - Z")
        out.append(line)
    text = "\n".join(out) + "\n"
    got = trf.parse_text(text)
    assert not [d for d in got.diagnostics if d.severity.name == "ERROR"]
    assert got.tournament.rounds_paired == 2 * c.round
    return text


@pytest.mark.parametrize("c", [x for x in CASES if x.round > 1][:6], ids=[x.name for x in CASES if x.round > 1][:6])
def test_checks_the_round_the_file_holds(c: Case) -> None:
    import trf

    t = trf.parse_text(_played(c)).tournament
    assert check_round(t, c.round).findings == []
    sel = systems.select(t)
    reports = sel.system.check(t, [c.round], sel, CheckRequest())
    assert reports[0].ok


def test_why_not() -> None:
    t = build(7, [[(1, 4, "1", "="), (5, 2, "=", "="), (3, 6, "0", "="), ("U", 7)],
                  [(6, 1, "=", "="), (2, 7, "=", "="), (3, 5, "=", "="), ("U", 4)]])
    assert why_not(t, 2, 1, 4).criterion == "C1"          # met in round 1
    assert why_not(t, 2, 5, 3).verdict == "given"
    got = why_not(t, 2, 1, 7)                                # same bracket: a later identifier
    assert (got.verdict, got.criterion) == ("worse", "3.6.4")
    got = why_not(t, 2, 3, 4)                                # 4 has the PAB: it would go to 5
    assert (got.verdict, got.criterion, got.candidate_bye) == ("worse", "3.4.2", 5)
    got = why_not(t, 2, 1, 5)                                # 5 instead of 2 as the upfloater
    assert (got.verdict, got.criterion) == ("worse", "3.5.4")


def test_the_door_reads_match_rounds() -> None:
    # a caller that counts the file's round columns (4 for two matches) asks for rounds 1-4:
    # the matches the file holds are checked, --why-not goes to the last match
    import trf

    c = CASES[4]
    t = trf.parse_text(_played(c)).tournament
    sel = systems.select(t)
    reports = sel.system.check(t, [1, 2, 3, 4], sel, CheckRequest())
    assert [r.round for r in reports] == [1, 2] and all(r.ok for r in reports)
    got = sel.system.why_not(t, 4, 1, 7, sel)
    assert (got.round, got.criterion) == (2, "3.6.4")


def test_d7_the_checker_reads_forfeits_from_both_lines() -> None:
    # The checker's own reading of the case of tests/pairing/test_double_swiss.py (D7): "+ -"
    # against "- +" is a meeting (1 and 2 may not meet again); "+ -" against "- -" is not (4
    # forfeited both games), so 3 and 4 may meet again.
    from checker.double_swiss.state import round_state

    t = build(4, [[(1, 2, "+", "-"), (3, 4, "+", "--")]])
    facts = round_state(t, 2).facts
    assert (facts[1].met, facts[1].matches, facts[1].colours) == (frozenset({2}), 1, ())
    assert (facts[3].met, facts[3].matches) == (frozenset(), 0)
    assert (facts[4].met, facts[4].matches) == (frozenset(), 0)
