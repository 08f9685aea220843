"""An adjourned game (``?``) is a draw for pairing (C.04.2 Art. 3.1): the next round is paired as
if it were drawn, by both editions of the Dutch rules and by the checker.

The hand case: six players (TPN = start rank = rating order), 3 rounds, initial colour White.
Round 1 (S1 = 1 2 3 against S2 = 4 5 6, colours alternating from White on top): 1-4, 5-2, 3-6.
1-4 is adjourned, 2 beat 5, 3 beat 6.

Before round 2, counting 1-4 as a draw: 2 and 3 on 1, 1 and 4 on ½ (each with a game: 1 had
White, 4 Black), 5 and 6 on 0 (5 had White, 6 Black).

* Bracket 1: {2, 3}, not met: 2 (had Black) wants White, 3 (had White) Black: 2-3.
* Bracket ½: {1, 4} met in round 1 (C1: the adjourned game is a meeting), so both float down.
* Bracket 0: 1 and 4 (the downfloaters) against 5 and 6.  1-5 / 4-6 and 1-6 / 4-5 are both
  legal, no rematch; the colour criteria choose: 1 wants Black and 5 wants Black (both had
  White), while 1-6 gives 6 (wants White) White and 1 Black, and 4-5 gives 4 (wants White) White
  and 5 Black: every preference granted.  So 6-1 and 4-5.

Pairing: 2-3, 6-1, 4-5, the same as with ``=`` in place of the ``?``.  Read as a game without a
result instead (no meeting, no colour, no points) 1 and 4 would stand on 0 with 5 and 6 and be
paired 1-5, 6-4: the test tells the two readings apart.  Team events have results of their own
(event.team) and are not concerned.
"""

from __future__ import annotations

import pytest

import trf
from checker.dutch.check import check_round
from pairing.dutch import pair_round
from trf.model import Tournament

pytestmark = pytest.mark.fast


def _line(pid: int, rating: int, blocks: str) -> str:
    return f"001 {pid:>4}      Player {pid:<26} {rating:>4}" + " " * 28 + f"{'':>4} {pid:>4}" + blocks


def _file(code: str, round2: dict[int, str] | None = None) -> Tournament:
    """The round-1 file with ``code`` on board 1 (1-4); ``round2``: blocks of round 2 to check."""
    r1 = {1: f"     4 w {code}", 2: "     5 b 1", 3: "     6 w 1", 4: f"     1 b {code}", 5: "     2 w 0",
          6: "     3 b 0"}
    two = round2 or {}
    lines = [_line(i, 2500 - 100 * i, r1[i] + two.get(i, "")) for i in range(1, 7)]
    parsed = trf.parse_text("\n".join(["012 Adjourned pairing", *lines, "XXR 3", "XXC white1"]) + "\n")
    assert [d for d in parsed.diagnostics if d.severity is not trf.Severity.INFO] == []
    return parsed.tournament


EXPECTED = ["3", "2 3", "6 1", "4 5"]


@pytest.mark.parametrize("rules", ["2026", "2017"])
def test_the_next_round_is_paired_as_if_drawn(rules: str) -> None:
    assert pair_round(_file("="), rules=rules).bbp_lines() == EXPECTED
    assert pair_round(_file("?"), rules=rules).bbp_lines() == EXPECTED


def test_a_game_without_result_is_paired_otherwise() -> None:
    """The contrast the docstring works out: a blank result is no meeting, no colour, no points."""
    assert pair_round(_file(" ")).bbp_lines() == ["3", "2 3", "1 5", "6 4"]


ROUND2 = {2: "     3 w  ", 3: "     2 b  ", 6: "     1 w  ", 1: "     6 b  ", 4: "     5 w  ", 5: "     4 b  "}


@pytest.mark.parametrize("rules", ["2026", "2017"])
def test_the_checker_accepts_that_pairing(rules: str) -> None:
    rep = check_round(_file("?", ROUND2), 2, rules=rules)
    assert rep.ok, [f.message for f in rep.findings]


@pytest.mark.parametrize("rules", ["2026", "2017"])
def test_the_checker_refuses_the_adjourned_pair_again(rules: str) -> None:
    """1 and 4 met in the adjourned game: pairing them again breaks C1 (Art. 2.1.1 / 2017 C.1)."""
    again = {2: "     3 w  ", 3: "     2 b  ", 4: "     1 w  ", 1: "     4 b  ", 6: "     5 w  ", 5: "     6 b  "}
    rep = check_round(_file("?", again), 2, rules=rules)
    assert not rep.ok
    assert {f.criterion for f in rep.findings} == {"C1" if rules == "2026" else "C.1"}, [f.message for f in rep.findings]
