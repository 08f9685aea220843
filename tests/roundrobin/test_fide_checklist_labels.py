"""VCL.06 of FIDE's checklist for pairing programs (``docs/fide-checklist.md``): "FIDE" labels only
what FIDE's rules give.  A double round robin's second cycle in FIDE's order (C.05 Annex 1: the
last two rounds of cycle 1 swapped, cycle 2 in table order, colours reversed) is called FIDE's;
the reversed second cycle, an organiser's choice the Handbook does not give, is not.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from arbiter.cli import app

pytestmark = pytest.mark.fast


def _run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_only_fide_s_order_is_called_fide_s() -> None:
    fide = _run("roundrobin", "--players", "4", "--double").splitlines()[0]
    reverse = _run("roundrobin", "--players", "4", "--double", "--reverse-second-cycle").splitlines()[0]
    assert fide == "double round robin: 4 players, 6 rounds, 12 games (cycle 2: FIDE order, colours reversed)"
    assert reverse == "double round robin: 4 players, 6 rounds, 12 games (cycle 2: reverse order, colours reversed)"
    assert "not FIDE's order" in " ".join(_run("roundrobin", "--help").split())
