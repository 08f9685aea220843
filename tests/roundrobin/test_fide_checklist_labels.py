"""VCL.06 of FIDE's checklist for pairing programs (``docs/fide-checklist.md``): "FIDE" labels only
what FIDE's rules give.  A double round robin's second cycle in FIDE's order (C.05 Annex 1: the
last two rounds of cycle 1 swapped, cycle 2 in table order, colours reversed) is called FIDE's;
the reversed second cycle, an organiser's choice the Handbook does not give, is not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter.cli import app
from checker.roundrobin import check_round_robin

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


def test_the_trf_of_a_reversed_second_cycle_carries_no_fide_code(tmp_path: Path) -> None:
    """``192`` (ETT26, trf.md 4.10): ``FIDE_DOUBLEROUNDROBIN`` names FIDE's order; the reversed
    second cycle gets the neutral ``CUSTOM_ROUNDROBIN``, and the file still reads as a round
    robin whose every round the checker finds in the table (cycle 2 reversed)."""
    fide, reverse = tmp_path / "fide.trf", tmp_path / "reverse.trf"
    _run("roundrobin", "--players", "4", "--double", "--trf", str(fide))
    _run("roundrobin", "--players", "4", "--double", "--reverse-second-cycle", "--trf", str(reverse))
    headers = {p.name: trf.parse_file(p).tournament.header("192") for p in (fide, reverse)}
    assert headers == {"fide.trf": "FIDE_DOUBLEROUNDROBIN", "reverse.trf": "CUSTOM_ROUNDROBIN"}
    t = trf.parse_file(reverse).tournament
    assert t.total_rounds == t.rounds_paired == 6
    rep = check_round_robin(t)
    assert rep.ok and rep.deviations == () and rep.order == "reverse"
    assert "pairings and standings conform" in _run("check", str(reverse))
