"""The standings half of the checker on a team event (the 310 rank column and match/game points)
and the round-robin reading of C.07 art. 8, with expectations read off the file by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

import trf
from tests.support import REPO
from tiebreaks.codes import parse_list
from tiebreaks.context import Edition
from tiebreaks.standingscheck import check_standings
from tiebreaks.suitability import BUCHHOLZ_FAMILY, require_round_robin_codes, round_robin_buchholz

pytestmark = pytest.mark.fast

# Eight teams, six rounds, paired by FIDE's reference engine (fixtures/team-swiss/README.md).
# Its 310 lines: teams 1 and 2 both on 11 match points, with 21 and 22 game points (the sums of
# their players' points: 5 + 5 + 6 + 5 and 6 + 5 + 5 + 6); ranked 2 and 1.
TEAM = REPO / "fixtures" / "team-swiss" / "team-t0010" / "full.trf"
TEAM_1 = "310   1 Team 1                           T1             11.0   21.0   2 "
TEAM_2 = "310   2 Team 2                           T2             11.0   22.0   1 "


def team_text(extra: str = "", swap: bool = False) -> str:
    text = TEAM.read_text(encoding="utf-8")
    assert TEAM_1 in text and TEAM_2 in text
    if swap:
        text = text.replace(TEAM_1, TEAM_1[:-3] + "1 ").replace(TEAM_2, TEAM_2[:-3] + "2 ")
    return text + extra


def parse(text: str) -> trf.ParseResult:
    return trf.parse_text(text)


def test_the_team_rank_column_by_the_secondary_score() -> None:
    """``202 MPvGP`` (C.07 art. 13.1: the score that is not primary, here game points): team 2
    (22) above team 1 (21), as the file ranks them."""
    r = parse(team_text("202 MPvGP\n"))
    c = check_standings(r.tournament, diagnostics=r.diagnostics)
    assert (c.unit, c.checked, c.ok, c.points_checked, c.findings) == ("team", True, True, True, ())
    r = parse(team_text("202 MPvGP\n", swap=True))
    c = check_standings(r.tournament, diagnostics=r.diagnostics)
    assert not c.ok
    [f] = c.findings
    assert (f.kind, f.participants, f.decided_by, f.values) == ("rank", (2, 1), "MPvGP", ("22.0", "21.0"))
    assert f.message == "team 2 (ranked 2) should rank above team 1 (ranked 1): MPvGP 22.0 against 21.0"
    assert {d["tpn"]: (d["file_rank"], d["computed_place"]) for d in c.ranks.differences} == {1: (1, "2"), 2: (2, "1")}


def test_the_team_points_columns() -> None:
    """Team 3 scored 8 match points; a 310 line saying 9 is a finding (its 13.5 game points stand)."""
    text = team_text().replace("310   3 Team 3                           T3              8.0",
                               "310   3 Team 3                           T3              9.0")
    r = parse(text)
    c = check_standings(r.tournament, diagnostics=r.diagnostics)
    [f] = c.findings
    assert (f.kind, f.participants) == ("points", (3,))
    assert f.message.startswith("team 3 lists 9.0 match points, the results give 8.0")
    assert not c.checked  # no 202/212: the ranks are not compared, the points are


def test_without_a_list_nothing_is_ranked_and_nothing_fails() -> None:
    r = parse(team_text())
    c = check_standings(r.tournament, diagnostics=r.diagnostics)
    assert c.ok and not c.checked and "no tie-break list" in (c.ranks.note or "")


def test_an_unusable_list_is_a_warning() -> None:
    """Art. 4.1 lets the organiser define tie-breaks of their own: a code the checker does not
    know leaves the ranks unchecked, said as a warning, not a discrepancy."""
    text = (Path(REPO / "fixtures" / "example.trf")).read_text(encoding="utf-8") + "202 BH,NOPE\n"
    r = parse(text)
    c = check_standings(r.tournament, diagnostics=r.diagnostics)
    assert c.ok and not c.checked
    [f] = c.findings
    assert (f.kind, f.severity) == ("list", "warning") and "NOPE" in f.message


def test_the_buchholz_family_in_a_round_robin() -> None:
    """C.07 art. 8 (8.1 BH, 8.2 AOB, 8.3 FB), its 2026 note: "must not be used in round-robins".
    Other tie-breaks pass, whatever their modifiers; a Buchholz on match points (``BH:MP``) is
    art. 8 too."""
    assert BUCHHOLZ_FAMILY == {"BH", "AOB", "FB"}
    tbs = parse_list("DE,BH/C1,SB,AOB,FB/M1,WIN,KS,BH:MP")
    found = round_robin_buchholz(tbs, Edition.V2026)
    assert [u.text for u in found] == ["BH/C1", "AOB", "FB/M1", "BH:MP"] and all(u.forbidden for u in found)
    assert not any(u.forbidden for u in round_robin_buchholz(tbs, Edition.V2023))
    with pytest.raises(ValueError, match="BH/C1, AOB, FB/M1, BH:MP"):
        require_round_robin_codes(tbs, Edition.V2026)
    require_round_robin_codes(tbs, Edition.V2023)  # the 2023 text has no such note
    require_round_robin_codes(parse_list("DE,SB,WIN,KS"), Edition.V2026)


def test_a_swiss_may_use_buchholz() -> None:
    """The note is about round robins: the same list in a Swiss is no finding."""
    text = (Path(REPO / "fixtures" / "example.trf")).read_text(encoding="utf-8") + "202 BH,SB\n"
    r = parse(text)
    c = check_standings(r.tournament, diagnostics=r.diagnostics, round_robin=False)
    assert not [f for f in c.findings if f.kind == "list"]
    c = check_standings(r.tournament, diagnostics=r.diagnostics, round_robin=True)
    assert [f.kind for f in c.findings if f.kind == "list"] == ["list"]
