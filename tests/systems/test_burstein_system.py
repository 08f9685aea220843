"""The Burstein system behind the door: how a file names it, how it is described, and what the
command line makes of it (bad input included)."""

from __future__ import annotations

from pathlib import Path

import pytest

import systems
from arbiter import exitcodes
from tests.pairing.burstein_build import text, tournament

pytestmark = pytest.mark.fast

R1 = [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "0-1")]


@pytest.mark.parametrize("record", ["192 FIDE_BURSTEIN", "192 FIDE_BURSTEIN_BAKU", "092 Individual: Swiss burstein"])
def test_a_file_naming_burstein_is_paired_by_it(record: str) -> None:
    t = tournament(8, [R1], 5, code=record)
    sel = systems.select(t)
    assert sel.system.name == "burstein" and sel.edition.name == "2026"
    assert sel.describe() == "Burstein (C.04.4.2, 2026 rules)" + (" with Baku acceleration" if "BAKU" in record else "")
    assert systems.name_of(t).startswith("Burstein")


def test_the_rules_table_names_every_criterion() -> None:
    rules = systems.get("burstein").editions[0].rules
    assert [r.name for r in rules if r.kind in ("absolute", "completion", "quality")] == \
        ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"]
    assert {r.name for r in rules if r.kind == "colour"} == {"5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"}
    assert systems.get("burstein").editions[0].article("C6") == "2.3.2"


def _cli(*args: str) -> tuple[int, str, str]:
    from tests.event.making import cli  # the project's CLI runner

    return cli(*args)


def test_pair_on_the_command_line(tmp_path: Path) -> None:
    """Round 2 of case 4 (tests/pairing/test_burstein_cases.py): 4-1, 2-3, 5-8, 7-6; the note
    says the round is a Burstein round after one seeding round."""
    path = tmp_path / "b.trf"
    path.write_text(text(8, [R1], 3), encoding="utf-8")
    code, out, err = _cli("pair", str(path), "--format", "bbp")
    assert code == 0, err
    assert out.split() == ["4", "4", "1", "2", "3", "5", "8", "7", "6"]


def test_a_file_without_the_number_of_rounds_is_refused(tmp_path: Path) -> None:
    """Art. 1.6.2 needs the number of rounds: no XXR/142 -> invalid input, nothing written."""
    path = tmp_path / "b.trf"
    path.write_text(text(8, [R1], 3).replace("XXR 3\n", ""), encoding="utf-8")
    out = tmp_path / "out.trf"
    code, _, err = _cli("pair", str(path), "--system", "burstein", "-o", str(out))
    assert code == exitcodes.INVALID_INPUT and "number of rounds" in err and "Traceback" not in err
    assert not out.exists()
