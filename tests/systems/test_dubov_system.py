"""The Dubov system behind the door: how a file names it, how it is described, and what the
command line makes of it (bad input included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import systems
from arbiter import exitcodes
from tests.pairing.dubov_build import text, tournament

pytestmark = pytest.mark.fast

# Eight players, one round (tests/pairing/test_dubov_cases.py, case 3): round 2 is 4-1, 2-3, 7-6, 5-8.
R1 = [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "0-1")]


@pytest.mark.parametrize("record", ["192 FIDE_DUBOV", "192 FIDE_DUBOV_BAKU", "092 Individual: Swiss Dubov"])
def test_a_file_naming_dubov_is_paired_by_it(record: str) -> None:
    t = tournament(8, [R1], 5, code=record)
    sel = systems.select(t)
    assert sel.system.name == "dubov" and sel.edition.name == "2026"
    assert sel.describe() == "Dubov (C.04.4.1, 2026 rules)" + (" with Baku acceleration" if "BAKU" in record else "")
    assert systems.name_of(t).startswith("Dubov")


def test_the_rules_table_names_every_criterion() -> None:
    rules = systems.get("dubov").editions[0].rules
    assert [r.name for r in rules if r.kind in ("absolute", "completion", "quality")] == \
        ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10"]
    assert {r.name for r in rules if r.kind == "colour"} == {"5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"}
    assert systems.get("dubov").editions[0].article("C9") == "2.3.5"
    assert all(r.plain for r in rules)


def _cli(*args: str) -> tuple[int, str, str]:
    from tests.event.making import cli  # the project's CLI runner

    return cli(*args)


def test_pair_on_the_command_line(tmp_path: Path) -> None:
    """Round 2 of case 3 (S1 by ascending ARO: 4 before 2, 7 before 5)."""
    path = tmp_path / "d.trf"
    path.write_text(text(8, [R1], 5), encoding="utf-8")
    code, out, err = _cli("pair", str(path), "--format", "bbp")
    assert code == 0, err
    assert sorted(out.split("\n")[1:-1]) == sorted(["4 1", "2 3", "7 6", "5 8"])


def test_check_names_the_article(tmp_path: Path) -> None:
    """Round 2 played as 2-1, 4-3 (S1 in TPN order instead of ARO order): equal on C1-C10, so
    the transposition of Art. 4.4 is the first departure."""
    rounds = [R1, [(2, 1, "1-0"), (4, 3, "1-0"), (7, 6, "1-0"), (5, 8, "1-0")]]
    path = tmp_path / "d.trf"
    path.write_text(text(8, rounds, 5), encoding="utf-8")
    code, out, err = _cli("check", str(path), "--json")
    assert code == exitcodes.DISCREPANCY, err
    got = json.loads(out)
    findings = [f for r in got["rounds"] for f in r["findings"]]
    assert [(f["criterion"], f["article"]) for f in findings] == [("order", "4.4")]


def test_why_not(tmp_path: Path) -> None:
    """In round 2 of case 3, 1-5 met in round 1 (C1); 2-1 is as good on C1-C10 but later in the
    order of Art. 4."""
    rounds = [R1, [(4, 1, "1-0"), (2, 3, "1-0"), (7, 6, "1-0"), (5, 8, "1-0")]]
    t = tournament(8, rounds, 5)
    sel = systems.select(t)
    assert sel.system.why_not(t, 2, 1, 5, sel).criterion == "C1"
    got = sel.system.why_not(t, 2, 2, 1, sel)
    assert (got.verdict, got.criterion) == ("later", "order")


def test_a_file_without_the_number_of_rounds_is_refused(tmp_path: Path) -> None:
    """MaxT (Art. 1.8.2) and the last round (C8-C10) need the number of rounds: no XXR/142 ->
    invalid input, nothing written."""
    path = tmp_path / "d.trf"
    path.write_text(text(8, [R1], 5).replace("XXR 5\n", ""), encoding="utf-8")
    out = tmp_path / "out.trf"
    code, _, err = _cli("pair", str(path), "-o", str(out))
    assert code == exitcodes.INVALID_INPUT and "number of rounds" in err and "Traceback" not in err
    assert not out.exists()


def test_a_player_without_a_rating_is_refused(tmp_path: Path) -> None:
    """Art. 1.1: every player needs a rating (the ARO is made of them)."""
    ratings = [2690, 2680, 2670, 2660, 2650, 2640, 2630, 0]
    path = tmp_path / "d.trf"
    path.write_text(text(8, [R1], 5, ratings=ratings).replace("   0 FID", "     FID"), encoding="utf-8")
    code, _, err = _cli("pair", str(path))
    assert code == exitcodes.INVALID_INPUT and "player 8 has no rating" in err and "Traceback" not in err
