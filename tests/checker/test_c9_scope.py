"""C9's scope (C.04.3 Art. 2.4.4, 2026), a point our digest of the rules leaves open: the
criterion weighs the unplayed games of the PAB assignee in a bracket whose only downfloater is
that assignee; a bracket that downfloats two players is judged by the criteria after C9
(``docs/rules.md``, "C9's scope").

The tournament is ``fixtures/regressions/arbiter-rtg-27-r9.trf`` (worked out by hand in
``tests/pairing/test_regressions.py``): the 3.0 scoregroup must downfloat two players, one to
pair 23, one to receive the PAB.  Giving the PAB to 18 (no unplayed game) instead of 20 (round 8
forfeited) costs a colour preference: under C9 the first would win, under C12 the second.
bbpPairings v6 pairs the second."""

from __future__ import annotations

import pytest

import trf
from checker.dutch.check import check_round
from tests.support import FIXTURES
from trf.edit import with_pairing

pytestmark = pytest.mark.fast

COMMON = [(3, 2), (11, 1), (9, 5), (6, 4), (12, 7), (8, 17), (10, 14), (16, 13), (26, 22), (23, 25), (24, 27)]
RIGHT = COMMON + [(21, 15), (18, 19)]  # PAB 20
WRONG = COMMON + [(15, 19), (21, 20)]  # PAB 18


def _round_9(boards: list[tuple[int, int]], bye: int) -> trf.Tournament:
    t = trf.parse_file(FIXTURES / "regressions" / "arbiter-rtg-27-r9.trf").tournament
    return with_pairing(t, 9, boards, bye)


def test_two_downfloaters_leave_c9_out_and_c12_decides() -> None:
    assert check_round(_round_9(RIGHT, 20), 9, total_rounds=10).ok
    report = check_round(_round_9(WRONG, 18), 9, total_rounds=10)
    assert not report.ok
    f = report.findings[0]
    assert (f.criterion, f.article) == ("C12", "2.4.7"), f.message
