"""Team tie-breaks on corpus files (``../shared/corpus``; skipped without it), values derived by
hand from the files, the derivation beside each.

``bench/team_tiebreaks.py`` compares every team tie-break with gacrux on all of these files; this
test pins a few values worked out term by term, and needs no gacrux.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tiebreaks.codes import parse_list, parse_tiebreak
from tiebreaks.teambreaks import team_value
from tiebreaks.teamstandings import team_standings
from tiebreaks.teamview import team_view
from trf.teams import TeamEvent, team_event

from tests.support import parse_path, shared_corpus

pytestmark = pytest.mark.corpus


def event(rel: str) -> TeamEvent:
    return team_event(parse_path(shared_corpus() / rel).tournament)


def value(ev: TeamEvent, edition: str, code: str, tpn: int) -> F:
    return F(team_value(team_view(ev, edition), tpn, parse_tiebreak(code)))  # type: ignore[arg-type]


def test_t0043_forfeited_match() -> None:
    """team-t0043 (8 teams, 6 rounds, MP first): team 6 won round 3 by forfeit against team 4
    (``330 +- 3 6 4``).  Final MP: 1 9, 2 8, 3 10, 4 6, 5 5, 6 8, 7 2, 8 0 (no other unplayed round).

    * Team 4's BH:MP: opponents 8 (0), 1 (9), 7 (2), 3 (10), 5 (5) and round 3, lost by forfeit,
      a dummy with its own 6 MP (2023; 2026: min(6, team 6's 8) = 6, art. 16.4.1): 32 both ways.
      BH:MP/C1 cuts that round, a VUR whose 6 is not below the least value 0 (art. 16.5): 26.
    * Team 6's BH:MP: 2 (8), 3 (10), 1 (9), 8 (0), 7 (2) and its forfeit win: a dummy of 8 (2023),
      min(8, team 4's 6) = 6 (2026): 37 / 35; the forfeit win is no VUR, so /C1 cuts team 8's 0.
    * Team 6's EMGSB (opponent's MP x GP scored): 8 x 2.5 + 10 x 1 + dummy x 4 + 9 x 0.5 + 0 x 4 +
      2 x 4 = 42.5 + 4 x dummy: 74.5 (2023), 66.5 (2026).
    * SSSC (13.4): GP 16 + BH:MP / k, k = floor(6 rounds x 2 MP / 4 GP) = 3: 16 + 37/3, 16 + 35/3.
    """
    ev = event("team-swiss/team-t0043/full.trf")
    for edition, dummy in (("2023", 8), ("2026", 6)):
        assert value(ev, edition, "BH:MP", 4) == 32
        assert value(ev, edition, "BH:MP/C1", 4) == 26
        assert value(ev, edition, "BH:MP", 6) == 29 + dummy
        assert value(ev, edition, "BH/C1", 6) == 29 + dummy
        assert value(ev, edition, "EMGSB", 6) == F("42.5") + 4 * dummy
        assert value(ev, edition, "SSSC", 6) == 16 + F(29 + dummy, 3)
        assert value(ev, edition, "MPvGP", 6) == 16


def test_t0043_extended_direct_encounter() -> None:
    """Teams 2 and 6 share 8 MP; 6 beat 2 2.5-1.5 in round 1, so EDE puts 6 ahead; the rest have
    distinct MP: 3 (10), 1 (9), {6, 2} (8), 4 (6), 5 (5), 7 (2), 8 (0)."""
    s = team_standings(event("team-swiss/team-t0043/full.trf"), parse_list("EDE"), edition="2023")
    assert [r.tpn for r in s.rows] == [3, 1, 6, 2, 4, 5, 7, 8]
    assert s.separated_by[(6, 2)] == "EDE"


def test_t0002_pab() -> None:
    """team-t0002: team 9's only points are its round-1 PAB (1 MP, 2 GP, ``320``).  BH: the PAB a
    dummy with its own 1 MP (2026: min(1, 1 MP x 5 rounds) = 1), then teams 5 (4), 8 (3), 6 (5),
    4 (6): 19."""
    ev = event("team-swiss/team-t0002/full.trf")
    assert value(ev, "2023", "BH", 9) == 19
    assert value(ev, "2026", "BH", 9) == 19


def test_grandmommys_cup_tec_list() -> None:
    """FIDE's team sample, ``202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP`` (2023 rules: 042 2024/12/01).

    * 19 MP: teams 3, 6, 8, 11, 13, 18, 19 all met one another; mini-table MP 19 8, 6 7, 13 7,
      8 6, 3 5, 11 5, 18 4.  {6, 13}: their round-7 match was 2-2 on 1-1 MP, so 13.3.2's TBR
      decides: board 1 ½ each, board 2 team 6 1, team 13 0; {3, 11}: 3 won their round-3 match.
      19, 6, 13, 8, 3, 11, 18.
    * 20 MP: teams 16 and 22 never met (EDET leaves them tied); EMGSB/C1/P: team 22's terms
      (opponent's adjusted MP x GP scored) 14x2, 14x3, 19x2, 19x1.5, 14x2.5, 19x2, [13x2.5 cut:
      the lowest opponent], 15x2.5 (team 7's 9 MP and six absences at the end, each a draw, art.
      16.3), 14x2.5, round 10 a full-point bye: a dummy with its own 20 MP x 4, 19x2.5, 19x0.5,
      19x2.5, 19x2 = 504.5, below team 16's 528: 16 first.
    """
    ev = event("real/grandmommyscup.trf")
    s = team_standings(ev, parse_list("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"))
    assert s.edition == "2023"
    order = [r.tpn for r in s.rows]
    assert order[:9] == [16, 22, 19, 6, 13, 8, 3, 11, 18]
    assert value(ev, "2023", "EMGSB/C1/P", 22) == F("504.5")
    assert s.separated_by[(16, 22)] == "EMGSB/C1/P"
    assert s.separated_by[(6, 13)] == "EDET/P"
