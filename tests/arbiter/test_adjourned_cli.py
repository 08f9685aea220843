"""Adjourned games on the command line and the published site: ``standings`` says the table is
provisional and lists the games (human and ``--json``), ``show`` writes ``?`` for an adjourned game
and ``*`` for a game without a result, ``publish`` marks the standings page provisional and writes
the board as adjourned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.publish import SiteOptions, build_pages, write_site
from tests.arbiter.test_cli import run
from tests.arbiter.test_publish import parse, text
from tests.tiebreaks.test_adjourned_tiebreaks import event_text
from trf import parse_file

pytestmark = pytest.mark.fast

# R1 1-2 1-0, 3-4 1-0; R2 3-1 adjourned, 2-4 drawn (tests/tiebreaks/test_adjourned_tiebreaks.py "basic")
BASIC = event_text(4, ["1-2:1 3-4:1", "3-1:? 2-4:="])
# the same with round 2's 2-4 not yet entered
PENDING = event_text(4, ["1-2:1 3-4:1", "3-1:? 2-4"])


@pytest.fixture
def basic(tmp_path: Path) -> Path:
    path = tmp_path / "basic.trf"
    path.write_text(BASIC)
    return path


def test_standings_say_provisional(basic: Path) -> None:
    code, out, _ = run("standings", str(basic), "--tiebreaks", "BH")
    assert code == 0
    assert "provisional: 1 result missing (round 2: 3-1 adjourned)" in out.splitlines()


def test_standings_json(tmp_path: Path, basic: Path) -> None:
    code, out, _ = run("standings", str(basic), "--tiebreaks", "BH", "--json")
    data = json.loads(out)
    assert data["final"] is False and data["missing"] == [{"round": 2, "white": 3, "black": 1, "result": "?"}]
    pending = tmp_path / "pending.trf"
    pending.write_text(PENDING)
    code, out, _ = run("standings", str(pending), "--tiebreaks", "BH")
    assert "provisional: 2 results missing (round 2: 3-1 adjourned, 2-4 no result)" in out.splitlines()
    done = tmp_path / "done.trf"
    done.write_text(event_text(4, ["1-2:1 3-4:1", "3-1:1 2-4:="]))
    code, out, _ = run("standings", str(done), "--tiebreaks", "BH", "--json")
    assert json.loads(out)["final"] is True
    assert "provisional" not in run("standings", str(done), "--tiebreaks", "BH")[1]


def test_show_tells_adjourned_from_pending(tmp_path: Path) -> None:
    pending = tmp_path / "pending.trf"
    pending.write_text(PENDING)
    code, out, _ = run("show", str(pending))
    assert code == 0
    assert "3b?" in out and "4w*" in out  # 1's round 2: the ? against 3; 2's: 4 with no result yet


def test_publish_marks_the_standings_provisional(tmp_path: Path, basic: Path) -> None:
    t = parse_file(basic).tournament
    site = tmp_path / "site"
    write_site(site, build_pages(t, basic.read_bytes(), str(basic), SiteOptions(jobs=1, engine=False)))
    assert "Provisional: 1 result missing (round 2: 3-1 adjourned)." in text(parse(site / "standings-2.html"))
    assert "Provisional" not in text(parse(site / "standings-1.html"))
    round2 = text(parse(site / "round-2.html"))
    assert "adj. (adjourned: a draw for pairing until its result is entered (C.04.2 Art. 3.1))" in round2
    assert "(results pending)" in text(parse(site / "index.html"))
