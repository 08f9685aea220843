"""FIDE's 2026 requirements for tournament software (C.02.03 §7, ``docs/fide-checklist.md``) ask
for standings with every tie-break of C.07 (2026).  This pins the catalogue: each code of the
art. 5 list (individual: arts. 6-10; team: arts. 12-13) is accepted by ``arbiter standings
--tiebreaks`` and gives a column for every row.  The values are pinned elsewhere (the Held
exercises and the reference tool, ``test_tiebreaks_values.py``, ``test_team_tiebreaks.py``); here
two values that need no derivation are checked too: TPN (art. 7.8) is the start rank, RTNG
(art. 10.6) the player's rating.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from tests.support import FIXTURES

pytestmark = pytest.mark.fast

#: C.07 (2026) art. 6-10, in the order of the catalogue.
INDIVIDUAL = ("DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN", "BH", "AOB", "FB", "SB", "KS",
              "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")
#: C.07 (2026) art. 12-13.
TEAM = ("MPvGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "SSSC", "BC",
        "TBR", "BBE")


def _standings(path: str, codes: tuple[str, ...]) -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(app, ["standings", path, "--tiebreaks", ",".join(codes), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_every_individual_tie_break_of_c07_is_computed() -> None:
    data = _standings(str(FIXTURES / "example.trf"), INDIVIDUAL)
    assert [t["code"] for t in data["tiebreaks"]] == list(INDIVIDUAL)
    for row in data["standings"]:
        assert set(row["tiebreaks"]) == set(INDIVIDUAL)
        assert row["tiebreaks"]["TPN"] == str(row["start_rank"])
        assert row["tiebreaks"]["RTNG"] == str(row["rating"])


def test_every_team_tie_break_of_c07_is_computed() -> None:
    data = _standings(str(FIXTURES / "team-swiss" / "team-t0010" / "full.trf"), TEAM)
    assert data["team_event"] is True
    assert [t["code"] for t in data["tiebreaks"]] == list(TEAM)
    for row in data["standings"]:
        assert set(row["tiebreaks"]) == set(TEAM)
