"""Every command that reads a Baku event (192 FIDE_DUTCH_BAKU) without virtual points of its own
applies the rule's (C.04.7), and refuses it, saying why, where the rule cannot apply: Baku needs a
win worth two draws and a loss worth nothing (a 3/1/0 event is refused by pair, check, check DIR
and publish alike, exit 3, never an internal error)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from tests.support import FIXTURES

pytestmark = pytest.mark.fast


def _baku(tmp_path: Path, scoring: str) -> Path:
    f = tmp_path / "baku.trf"
    f.write_text((FIXTURES / "example.trf").read_text(encoding="utf-8") + "192 FIDE_DUTCH_BAKU\n" + scoring,
                 encoding="utf-8")
    return f


@pytest.mark.parametrize("command", [["pair"], ["check"], ["publish", "-o", "{site}"]])
def test_non_standard_scoring_is_refused_with_the_reason(tmp_path: Path, command: list[str]) -> None:
    f = _baku(tmp_path, "BBW  3.0\nBBD  1.0\n")
    args = [a.replace("{site}", str(tmp_path / "site")) for a in command]
    r = CliRunner().invoke(app, [args[0], str(f), *args[1:]])
    assert r.exit_code == exitcodes.INVALID_INPUT, r.output
    assert "win is worth two draws" in r.output and "win 3, draw 1" in r.output
    assert not (tmp_path / "site").exists()


def test_check_of_many_files_reports_the_refused_file_and_goes_on(tmp_path: Path) -> None:
    _baku(tmp_path, "BBW  3.0\nBBD  1.0\n")
    (tmp_path / "plain.trf").write_text((FIXTURES / "example.trf").read_text(encoding="utf-8"), encoding="utf-8")
    r = CliRunner().invoke(app, ["check", str(tmp_path), "--json"])
    import json

    files = {Path(f["file"]).name: f for f in json.loads(r.stdout)["files"]}
    assert "Baku acceleration cannot be applied" in files["baku.trf"]["error"]
    assert files["plain.trf"]["rounds_checked"] == [1, 2, 3], files["plain.trf"]
    assert files["baku.trf"]["status"] == "invalid"


def test_publish_checks_a_baku_event_with_the_rules_virtual_points(tmp_path: Path) -> None:
    """Standard scoring: the site is written, and its check of round 1 reads the virtual points
    (the example's round 1 was paired without them, so the checker disputes it, as `check` does)."""
    f = _baku(tmp_path, "")
    site = tmp_path / "site"
    pub = CliRunner().invoke(app, ["publish", str(f), "-o", str(site), "--json"])
    chk = CliRunner().invoke(app, ["check", str(f), "--round", "1", "--json"])
    assert pub.exit_code == exitcodes.OK, pub.output
    import json

    checked = {c["round"]: c["ok"] for c in json.loads(pub.stdout)["checked"]}
    assert checked[1] is json.loads(chk.stdout)["ok"] is False
