"""FIDE mode from the command line: ``event fide-mode``, ``rounds``, ``tiebreaks``, ``scoring``,
``correct`` and the ``--confirm`` of ``bye``, ``forbid`` and ``manual``: exit codes 9 (confirm)
and 10 (refused) with nothing written, the lines written, ``event log`` and ``event status``
reading the mode and the lines back (``--json`` shapes), and the exit-code tables of the README and
``docs/exit-codes.md``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from event.results import boards
from tests.event.making import cli
from tests.support import REPO

pytestmark = pytest.mark.fast


def _event(path: Path, players: int = 6, rounds: int = 5) -> None:
    assert cli("event", "new", path, "--name", "Mode Cup", "--rounds", str(rounds), "--initial-colour", "white",
               "--tiebreaks", "BH,SB")[0] == 0
    for i in range(players):
        assert cli("event", "register", path, "--name", f"Player {chr(65 + i)}", "--rating", str(2400 - 50 * i))[0] == 0


def _play(path: Path, rounds: int = 1) -> None:
    for _ in range(rounds):
        assert cli("event", "pair", path)[0] == 0
        t = trf.parse_file(path).tournament
        pairs = [x for b in boards(t, t.rounds_paired) for x in (str(b.number), "1-0")]
        assert cli("event", "result", path, *pairs)[0] == 0


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("### ") and not line.startswith("### LOG")]


def _unchanged(path: Path, *args: str | Path, code: int) -> str:
    """Run ``args``, expect exit ``code`` and the file (and its backup) untouched; the error."""
    backup = path.with_name(path.name + ".bak")
    before, bak = path.read_bytes(), backup.read_bytes() if backup.exists() else None
    got, out, err = cli(*args)
    assert got == code, (args, out, err)
    assert path.read_bytes() == before and (backup.read_bytes() if backup.exists() else None) == bak
    return err


def test_a_new_event_shows_fide_mode_and_the_acts(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _event(path)
    code, out, err = cli("event", "fide-mode", path)
    assert code == 0 and out == "FIDE mode: on\n"
    code, out, err = cli("event", "fide-mode", path, "--json")
    data = json.loads(out)
    assert (data["fide_mode"], data["left_at_round"], data["reason"]) == (True, None, None)
    assert [a["level"] for a in data["acts"]] == sorted(a["level"] for a in data["acts"])
    assert {a["level"] for a in data["acts"]} == {1, 2, 3, 4, 5}
    code, out, err = cli("event", "status", path)
    assert out.splitlines()[1] == "FIDE mode: on"
    status = json.loads(cli("event", "status", path, "--json")[1])
    assert status["fide_mode"] == {"fide_mode": True, "left_at_round": None, "reason": None}


def test_an_imported_file_without_an_exit_line_is_in_fide_mode(tmp_path: Path) -> None:
    path = tmp_path / "example.trf"
    path.write_bytes((REPO / "fixtures" / "example.trf").read_bytes())
    assert cli("event", "fide-mode", path)[1] == "FIDE mode: on\n"
    # its round 4 is paired: a new tie-break list needs a confirmation
    _unchanged(path, "event", "tiebreaks", path, "SB,BH", code=exitcodes.NEEDS_CONFIRMATION)


def test_leaving_fide_mode_takes_a_reason_and_a_confirmation_and_is_final(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "e.trf"
    _event(path)
    _play(path)
    err = _unchanged(path, "event", "fide-mode", path, "--leave", code=exitcodes.USAGE)
    assert "--leave needs --reason TEXT" in err
    _unchanged(path, "event", "fide-mode", path, "--reason", "x", code=exitcodes.USAGE)
    _unchanged(path, "event", "fide-mode", path, "--leave", "--reason", "bad\x1b[2J", code=exitcodes.USAGE)
    err = _unchanged(path, "event", "fide-mode", path, "--leave", "--reason", "club rules", code=exitcodes.NEEDS_CONFIRMATION)
    assert "level 4" in err and "confirm with --yes" in err
    # at a terminal the arbiter is asked; "no" writes nothing
    import arbiter.cli_event as cli_event

    monkeypatch.setattr(cli_event, "_interactive", lambda: True)
    from typer.testing import CliRunner

    from arbiter.cli import app

    said_no = CliRunner().invoke(app, ["event", "fide-mode", str(path), "--leave", "--reason", "club rules"], input="n\n")
    assert said_no.exit_code == exitcodes.NEEDS_CONFIRMATION and "Leave FIDE mode for good?" in said_no.stderr
    assert _lines(path) == []
    said_yes = CliRunner().invoke(app, ["event", "fide-mode", str(path), "--leave", "--reason", "club rules",
                                        "--json"], input="y\n")
    assert said_yes.exit_code == exitcodes.NEEDS_CONFIRMATION  # --json never prompts: --yes is the confirmation
    said_yes = CliRunner().invoke(app, ["event", "fide-mode", str(path), "--leave", "--reason", "club rules"],
                                  input="y\n")
    assert said_yes.exit_code == 0, said_yes.stderr
    assert _lines(path) == ["### FIDE mode exited @ Round 2: club rules"]
    monkeypatch.undo()
    err = _unchanged(path, "event", "fide-mode", path, "--leave", "--reason", "again", "--yes", code=exitcodes.USAGE)
    assert "leaving FIDE mode is final" in err
    assert cli("event", "fide-mode", path)[1] == "FIDE mode: left at round 2 (club rules)\n"
    assert "FIDE mode: left at round 2 (club rules)" in cli("event", "status", path)[1]


def test_each_confirmed_act_needs_confirm_and_writes_its_line(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _event(path, players=7)
    assert cli("event", "bye", path, "3", "--round", "2")[0] == 0
    _play(path)
    cases = [
        (("event", "bye", path, "3", "--round", "3"), "### HPB @ Round 3: 3=HPB [rounds 2,3]"),
        (("event", "forbid", path, "1", "2"), "### Prohibition @ Round 2: 1-2 [rounds 2-5]"),
        (("event", "rounds", path, "6"), "### Rounds changed @ Round 2: 5 => 6"),
        (("event", "tiebreaks", path, "DE,BH"), "### Tie-breaks changed @ Round 2: BH,SB => DE,BH"),
    ]
    for args, line in cases:
        err = _unchanged(path, *args, code=exitcodes.NEEDS_CONFIRMATION)
        assert "(level 3)" in err and "nothing written: give --confirm to do it" in err
        code, out, err = cli(*args, "--confirm", "--json")
        assert code == 0, err
        data = json.loads(out)
        assert data["written"] and any(w["data"]["level"] == 3 for w in data["warnings"])
        assert _lines(path)[-1] == line or line in _lines(path)
    code, out, err = cli("event", "bye", path, "4", "--round", "3", "--kind", "full")
    assert code == 0 and "FIDE rules deprecate it" in err  # level 2: warned, no confirmation
    assert "### FPB @ Round 3: 4=FPB" in _lines(path)


def test_refused_acts_exit_10_and_are_done_outside_fide_mode(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _event(path, players=8)  # 2400, 2350, ..., 2050
    _play(path, 4)
    code, out, err = cli("event", "correct", path, "8", "--rating", "2450", "--renumber", "--json")
    assert code == exitcodes.FIDE_MODE_REFUSES and "FIDE mode refuses it (level 5)" in err
    error = json.loads(out)
    assert error["exit_code"] == 10 and error["meaning"] == exitcodes.MEANING[10]
    _unchanged(path, "event", "scoring", path, "3/1/0", code=exitcodes.FIDE_MODE_REFUSES)
    # the correction itself is allowed: for rating only, numbers kept (C.04.2 Art. 2.3)
    code, out, err = cli("event", "correct", path, "8", "--rating", "2450")
    assert code == 0 and "starting ranks do not change once round 4 is paired" in err and _lines(path) == []
    assert cli("event", "fide-mode", path, "--leave", "--reason", "rapid rules", "--yes")[0] == 0
    assert cli("event", "correct", path, "8", "--title", "FM", "--renumber")[0] == 0  # 2450: above 1 (2400)
    assert cli("event", "scoring", path, "3/1/0")[0] == 0
    assert _lines(path) == ["### FIDE mode exited @ Round 5: rapid rules",
                            "### Pairing numbers changed @ Round 5: 1->2 2->3 3->4 4->5 5->6 6->7 7->8 8->1 "
                            "[correction of 1]",
                            "### Scoring changed @ Round 5: 1/0.5/0 => 3/1/0"]


def test_a_manual_round_needs_confirm_when_it_differs_from_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _event(path)
    _play(path)
    from event.next_round import next_round

    engine = next_round(trf.parse_file(path).tournament).pairing.boards
    crossed = [f"{engine[0][0]}-{engine[1][1]}", f"{engine[1][0]}-{engine[0][1]}"]
    err = _unchanged(path, "event", "manual", path, *crossed, "--accept", code=exitcodes.NEEDS_CONFIRMATION)
    assert "differs from the engine's pairing" in err and "give --confirm" in err
    code, out, err = cli("event", "manual", path, *crossed, "--accept", "--confirm")
    assert code == 0 and "differs from the engine's pairing" in err
    assert [x.split(":")[0] for x in _lines(path)] == ["### MPA @ Round 2"]


def test_event_log_reads_every_line_back_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _event(path, players=4)
    _play(path)
    assert cli("event", "rounds", path, "4", "--confirm")[0] == 0
    assert cli("event", "bye", path, "2", "--round", "3", "--kind", "full")[0] == 0
    code, out, err = cli("event", "log", path, "--json")
    data = json.loads(out)
    shapes = {tuple(sorted(x)) for x in data["lines"]}
    assert shapes == {("kind", "level", "line", "round", "text", "when")}
    found = [(x["kind"], x["round"], x["text"], x["level"]) for x in data["lines"] if x["kind"] != "LOG"]
    assert found == [("Rounds changed", 2, "5 => 4", 3), ("FPB", 3, "2=FPB", 2)]
    logged = [x for x in data["lines"] if x["kind"] == "LOG"]
    assert [x["text"].split(":")[0] for x in logged][-2:] == ["number of rounds", "bye for 2 (Player B)"]
    assert all(x["when"] == "2026-10-03 08:00" and x["round"] is None and x["level"] is None for x in logged)
    numbers = [x["line"] for x in data["lines"]]
    assert numbers == sorted(numbers) and numbers[0] > 0  # file order
    assert data["fide_mode"]["fide_mode"] is True and data["entries"] and len(data["irregularities"]) == 2
    code, out, err = cli("event", "log", path)
    assert out.splitlines()[:2] == ["### Rounds changed @ Round 2: 5 => 4  (level 3)", "### FPB @ Round 3: 2=FPB  (level 2)"]


def test_settings_changed_before_round_1_write_no_line(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    _event(path)
    for args in (("rounds", "7"), ("tiebreaks", "DE"), ("scoring", "3/1/0,PAB=1")):
        code, out, err = cli("event", args[0], path, args[1])
        assert code == 0 and err == "", (args, err)
    text = path.read_text()
    assert "\n142 7\n" in text and "\n202 DE\n" in text and "162  W 3.0    D 1.0    P 1.0" in text
    assert _lines(path) == []
    _unchanged(path, "event", "rounds", path, "7", code=exitcodes.USAGE)  # nothing to change
    _unchanged(path, "event", "tiebreaks", path, "XX", code=exitcodes.USAGE)
    _unchanged(path, "event", "correct", path, "1", code=exitcodes.USAGE)  # nothing to correct


def test_the_readme_and_the_exit_codes_page_document_every_exit_code() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    page = (REPO / "docs" / "exit-codes.md").read_text(encoding="utf-8")
    for table in (readme[readme.index("## Exit codes"):readme.index("## Documentation")],
                  page[:page.index("\n## ")]):
        rows = {int(m.group(1)) for m in re.finditer(r"^\| (\d+) \|", table, re.MULTILINE)}
        assert rows == set(exitcodes.MEANING)
