"""VCL.06 of FIDE's checklist for pairing programs (``docs/fide-checklist.md``): "FIDE" labels only
what FIDE's rules give, never one of the toolkit's own services (the generator, the checker).  A double round robin's second cycle in FIDE's order (C.05 Annex 1: the
last two rounds of cycle 1 swapped, cycle 2 in table order, colours reversed) is called FIDE's;
the reversed second cycle, an organiser's choice the Handbook does not give, is not.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import trf
from arbiter.cli import app
from checker.roundrobin import check_round_robin
from tests.support import REPO

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


#: Words that would present one of the toolkit's own services as FIDE's (VCL.06).
FIDE_LABELS = re.compile(r"FIDE's RTG|FIDE checker|FIDE[- ]approved|FIDE[- ]endorsed (?:generator|checker|tool)|"
                         r"FIDE's random tournament generator|FIDE's cross-check")


def _helps(group: Any, path: tuple[str, ...] = ()) -> dict[str, str]:
    """Every command's ``--help``, by its name (``event manual``), in one line."""
    out = {}
    ctx = typer.Context(group)
    for name in group.list_commands(ctx):  # the commands built on first use are built here
        cmd = group.get_command(ctx, name)
        if hasattr(cmd, "list_commands"):  # a group (typer carries its own click)
            out.update(_helps(cmd, path + (name,)))
        else:
            out[" ".join(path + (name,))] = " ".join(_run(*path, name, "--help").split())
    return out


def test_no_help_and_no_readme_calls_our_services_fide_s() -> None:
    """VCL.06: the generator is "a random tournament generator (RTG) as FIDE's rules for
    tournament software describe", not FIDE's RTG; so for every command's help, the README and the
    documentation site."""
    helps = _helps(typer.main.get_command(app))
    assert "as FIDE's rules for tournament software describe" in helps["generate"]
    assert len(helps) > 20 and {cmd: FIDE_LABELS.findall(text) for cmd, text in helps.items()
                                if FIDE_LABELS.search(text)} == {}
    # the README and the documentation site; the checklist page itself quotes the labels it bans
    pages = [REPO / "README.md"] + [p for p in sorted((REPO / "docs").rglob("*.md")) if p.name != "fide-checklist.md"]
    assert len(pages) > 20
    for page in pages:
        text = " ".join(page.read_text(encoding="utf-8").split())
        assert FIDE_LABELS.findall(text) == [], page
