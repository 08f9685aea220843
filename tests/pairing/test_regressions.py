"""Disagreements found by cross-checking at scale, each fixed and kept here.

The C9 PAB (C.04.3 Art. 2.4.4: minimise the unplayed games of the player who receives the PAB).
In ``arbiter generate --players 122 --rounds 8 --seed 102040325102273 ...`` round 3 has 28
players on 0 points; the PAB must go to one who played both earlier games, not to 120, who lost
round 2 by forfeit (an unplayed game).  bbpPairings v6, gacrux and the checker agree.  The
engine's bracket-local solve had stood in sinks for the last scoregroup and recorded the players
floating into it as paired "below", so the last bracket was paired as if C9 did not apply
(the reference solve over the whole field was right)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import trf
from arbiter.cli import app
from pairing.dutch import pair_round
from tests.support import FIXTURES
from trf.edit import cut_to_round

import pytest

pytestmark = pytest.mark.fast

ARGS = ["--players", "122", "--rounds", "8", "--seed", "102040325102273", "--forfeit-rate", "0.04",
        "--double-forfeit-rate", "0.005", "--full-byes", "0.5%", "--half-byes", "2%", "--zero-byes", "2%",
        "--late-entries", "3%", "--withdrawals", "3%"]


def _played(t: trf.Tournament, pid: int, before: int) -> int:
    return sum(1 for r in range(1, before) if (e := t.player(pid).entry(r)) is not None and e.is_played)


def test_c9_gives_the_pab_to_a_player_who_played_every_game() -> None:
    path = FIXTURES / "regressions" / "arbiter-rtg-122-r8.trf"
    t = trf.parse_file(path).tournament
    before = cut_to_round(t, 3)
    p = pair_round(before, 3, total_rounds=8)
    assert p.bye == 116 and _played(t, 116, 3) == 2 and _played(t, 120, 3) == 1
    assert p == pair_round(before, 3, total_rounds=8, full_field=True)


def test_the_generated_event_pairs_every_round_as_the_reference_solve(tmp_path: Path) -> None:
    """The same event generated again: every round as the whole-field solve pairs it, and round
    3's PAB to a player on the lowest score with the most games played (C5, then C9)."""
    out = tmp_path / "rtg.trf"
    res = CliRunner().invoke(app, ["generate", *ARGS, "-o", str(out)])
    assert res.exit_code == 0, res.output
    t = trf.parse_file(out).tournament
    for rnd in range(1, t.rounds_paired + 1):
        before = cut_to_round(t, rnd)
        assert pair_round(before, rnd) == pair_round(before, rnd, full_field=True), rnd
    bye = next(b.player for b in t.byes(3) if b.kind.value == "U")
    score = t.score(bye, through=2)
    eligible = [p.start_rank for p in t.players if t.score(p.start_rank, through=2) == score
                and (e := p.entry(3)) is not None and e.is_paired]
    assert _played(t, bye, 3) == max(_played(t, q, 3) for q in eligible)


def test_c9_is_not_applied_to_a_bracket_that_downfloats_two_players() -> None:
    """Round 9 of a 27-player tournament (``arbiter crosscheck --rules 2026 --seed 2026``,
    tournament 59).  The 3.0 scoregroup (18-22, 25, 26, with 15 on 3.5 floating in) must send two
    players down: 23, 24 and 27 below have all had the PAB and 23 has met everyone of 24 and 27,
    so one 3.0 player pairs 23 and another receives the PAB.  C9 (Art. 2.4.4) concerns a bracket
    whose single downfloater receives the PAB, so here C12 (Art. 2.4.7) decides between giving the
    PAB to 18 and to 20: 15 (colours b w b w b w b w) and 20 (w b w b w b w, round 8 forfeited)
    want Black, 18 (w b w b w b w b) and 21 (b w b b w w - b) White, 19 (w w in rounds 7-8)
    must have Black.  With 20 floating, 21-15 and 18-19 give everyone their colour; with 18
    floating, 15 and 19 both want Black and one of them loses it.  bbpPairings v6 agrees; the
    engine once gave the PAB to 18 because the 4.0 bracket was frozen by its perfect candidate
    without a solve, and the (empty) optimum read as "nobody floats below the 3.0 scoregroup"."""
    t = trf.parse_file(FIXTURES / "regressions" / "arbiter-rtg-27-r9.trf").tournament
    p = pair_round(t, 9)
    assert p.bye == 20
    assert {(21, 15), (18, 19), (23, 25), (24, 27), (26, 22)} <= set(p.boards)
    assert p == pair_round(t, 9, full_field=True)


def test_c9_is_applied_to_a_bracket_whose_single_downfloater_receives_the_pab() -> None:
    """Round 7 of an 18-player tournament (``arbiter crosscheck --rules 2026 --seed 2026``,
    tournament 1697).  The PAB goes to a 2.0 player (C5, Art. 2.3.1): 4 and 17 on 1.5 have had
    the PAB (``U``) and pair each other, and so has 14.  The 2.0 bracket (12, 14, 16, 18, with 15
    on 2.5 floating in) has five players, so two pairs and one downfloater, who receives the PAB:
    C9 (Art. 2.4.4) applies and the PAB goes to the candidate with no unplayed game, 18 (12 and
    16 each had a half-point bye).  15-16 and 14-12 are legal, so nothing above C9 stands in the
    way.  bbpPairings v6 agrees; the engine once read C9's scope from the optimum of the bracket
    above, whose look-ahead (C8) had sent 15 and 14 to partners on 1.5, and gave the PAB to 16."""
    t = trf.parse_file(FIXTURES / "regressions" / "arbiter-rtg-18-r7.trf").tournament
    p = pair_round(t, 7)
    assert p.bye == 18
    assert {(15, 16), (14, 12), (17, 4)} <= set(p.boards)
    assert _played(t, 18, 7) == 6 and _played(t, 16, 7) == 5 and _played(t, 12, 7) == 5
    assert p == pair_round(t, 7, full_field=True)
