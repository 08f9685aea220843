"""``arbiter check`` on a round paired by hand and recorded by its ``### MPA`` line (draft VCL4THP
Q63, Q65-Q69, Q113; C.04.2 Art. 4.4).

The event is the hand-worked one of tests/event/test_manual.py: six players rated in
starting-rank order, White to 1 in round 1, round 1 is 1-4, 5-2, 3-6 and the higher players win.
Round 2 by the rules: the 1-point bracket {1, 2, 3} pairs 1-2 and floats 3 down; 3 meets 4, 5 and
6 remain; colours by Art. 5.2 give 2-1, 4-3, 6-5 (the engine's pairing).  Round 2 by hand: 5-1,
2-6, 4-3, which floats all three 1-pointers (C6, Art. 2.4.1: given 3 downfloaters, candidate 1).
The engine's boards the round lacks are 2-1 and 6-5, the round's boards the engine lacks 5-1 and
2-6, so the line that describes the round is ``### MPA @ Round 2: 2-1 6-5 => 5-1 2-6``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from event.manual import accept, assess
from tests.event.making import cli
from tests.event.test_manual import _event
from trf.comments import PairingSide, alteration_sides

pytestmark = pytest.mark.fast

LINE = "### MPA @ Round 2: 2-1 6-5 => 5-1 2-6"


@pytest.fixture(scope="module")
def by_hand() -> str:
    """The file of the event with round 2 paired by hand and accepted (its MPA line written)."""
    t = _event(6)
    return trf.dumps(accept(t, assess(t, ((5, 1), (2, 6), (4, 3))), acknowledged=True).after)


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "m.trf"
    path.write_text(text, encoding="utf-8")
    return path


def _json(*args: str | Path) -> tuple[int, dict[str, object]]:
    code, out, err = cli("check", *args, "--json")
    return code, json.loads(out)


def _round(report: dict[str, object], rnd: int) -> dict[str, object]:
    rounds = report["rounds"]
    assert isinstance(rounds, list)
    return next(r for r in rounds if r["round"] == rnd)


def test_the_accepted_round_carries_the_line_derived_by_hand(by_hand: str) -> None:
    assert LINE in by_hand.splitlines()


def test_a_recorded_round_is_paired_by_hand_not_a_discrepancy(tmp_path: Path, by_hand: str) -> None:
    path = _file(tmp_path, by_hand)
    code, report = _json(path)
    assert code == exitcodes.OK
    assert report["ok"] is True and report["pairings_ok"] is True
    assert report["rounds_with_discrepancies"] == [] and report["rounds_paired_by_hand"] == [2]
    r2 = _round(report, 2)
    assert r2["status"] == "manual" and r2["ok"] is False  # the round itself still has its finding
    assert [f["criterion"] for f in r2["findings"]] == ["C6"]  # what the alteration costs
    assert r2["alteration"] == {"line": LINE, "describes_round": True, "problem": None, "engine_compared": True}
    assert r2["engine_pairing"] == {"boards": [[2, 1], [4, 3], [6, 5]], "bye": None}
    assert _round(report, 1)["status"] == "ok"
    code, out, _ = cli("check", path)
    assert code == exitcodes.OK
    assert "Round 2: PAIRED BY HAND, recorded (### MPA, C.04.2 Art. 4.4" in out
    assert "(C.04.3 Art. 2.4.1 / C6)" in out and "DISCREPANCY" not in out.replace("Standings: OK", "")
    assert "round 2 paired by hand and recorded" in out


def test_strict_counts_the_recorded_round_as_a_discrepancy(tmp_path: Path, by_hand: str) -> None:
    path = _file(tmp_path, by_hand)
    code, report = _json(path, "--strict")
    assert code == exitcodes.DISCREPANCY
    assert report["ok"] is False and report["rounds_with_discrepancies"] == [2]
    assert _round(report, 2)["status"] == "manual"
    code, out, _ = cli("check", path, "--strict")
    assert code == exitcodes.DISCREPANCY and "discrepancies in round 2" in out


def test_without_the_line_the_round_is_a_discrepancy(tmp_path: Path, by_hand: str) -> None:
    path = _file(tmp_path, by_hand.replace(LINE + "\n", ""))
    code, report = _json(path)
    assert code == exitcodes.DISCREPANCY
    r2 = _round(report, 2)
    assert r2["status"] == "discrepancy" and r2["alteration"] is None
    assert report["rounds_with_discrepancies"] == [2] and report["rounds_paired_by_hand"] == []


@pytest.mark.parametrize("line, words", [
    # the right side names a board the round does not have (6-2: the colours the other way round)
    ("### MPA @ Round 2: 2-1 6-5 => 5-1 6-2", "its right side names 6-2, not in the round's pairing"),
    # the left side is not the engine's: the engine paired 6-5, not 5-6
    ("### MPA @ Round 2: 2-1 5-6 => 5-1 2-6",
     "the engine's pairing and the round differ by 2-1 6-5 => 2-6 5-1, the line says 2-1 5-6 => 5-1 2-6"),
    # a side cut short: the round also has 2-6 that the engine lacks
    ("### MPA @ Round 2: 2-1 6-5 => 5-1", "the line says 2-1 6-5 => 5-1"),
    ("### MPA @ Round 2: 2-1 6-5 -> 5-1 2-6", "does not follow the grammar"),
])
def test_a_line_that_does_not_describe_the_round_is_a_discrepancy(tmp_path: Path, by_hand: str, line: str,
                                                                  words: str) -> None:
    path = _file(tmp_path, by_hand.replace(LINE, line))
    code, report = _json(path)
    assert code == exitcodes.DISCREPANCY
    r2 = _round(report, 2)
    assert r2["status"] == "discrepancy"
    record = [f for f in r2["findings"] if f["criterion"] == "MPA"]
    assert len(record) == 1 and words in record[0]["message"]
    assert record[0]["message"].startswith("the ### MPA line of round 2 does not describe the round: ")
    assert [f["criterion"] for f in r2["findings"] if f["criterion"] != "MPA"] == ["C6"]  # the pairing's own


def test_a_line_for_a_round_the_engine_paired_is_a_discrepancy(tmp_path: Path, by_hand: str) -> None:
    # round 1 is the engine's pairing: a line saying it was altered describes nothing that happened
    path = _file(tmp_path, by_hand.replace(LINE, LINE + "\n### MPA @ Round 1: 4-1 => 1-4"))
    code, report = _json(path)
    assert code == exitcodes.DISCREPANCY and report["rounds_with_discrepancies"] == [1]
    (f,) = _round(report, 1)["findings"]
    assert "the round is the engine's own pairing" in f["message"]
    assert _round(report, 2)["status"] == "manual"


def test_two_lines_for_one_round_are_a_discrepancy(tmp_path: Path, by_hand: str) -> None:
    path = _file(tmp_path, by_hand.replace(LINE, LINE + "\n" + LINE))
    code, report = _json(path)
    assert code == exitcodes.DISCREPANCY
    assert any("2 such lines" in f["message"] for f in _round(report, 2)["findings"])


def test_without_the_engine_the_left_side_is_not_compared(tmp_path: Path, by_hand: str) -> None:
    path = _file(tmp_path, by_hand)
    code, report = _json(path, "--no-engine")
    r2 = _round(report, 2)
    assert code == exitcodes.OK and r2["status"] == "manual" and r2["engine_pairing"] is None
    assert r2["alteration"]["engine_compared"] is False
    assert any("left side was not compared" in n for n in r2["notes"])
    # a left side naming a board the round has cannot be the engine's boards the round lacks
    path = _file(tmp_path, by_hand.replace(LINE, "### MPA @ Round 2: 4-3 => 5-1 2-6"))
    code, report = _json(path, "--no-engine")
    assert code == exitcodes.DISCREPANCY
    assert any("its left side names 4-3, which the round has" in f["message"] for f in _round(report, 2)["findings"])


def test_the_grammar_reads_both_sides() -> None:
    assert alteration_sides("12-3 9-4 => 12-4 9-3 7=PAB") == (
        PairingSide(((12, 3), (9, 4))), PairingSide(((12, 4), (9, 3)), (7,)))
    assert alteration_sides(" => 1-2") == (PairingSide(), PairingSide(((1, 2),)))
    assert alteration_sides("12-3 => ") == (PairingSide(((12, 3),)), PairingSide())
    assert alteration_sides("12-3 9-4") is None and alteration_sides("12:3 => 3-12") is None


def test_publish_says_the_round_was_paired_by_the_arbiter(tmp_path: Path, by_hand: str) -> None:
    path = _file(tmp_path, by_hand)
    code, out, err = cli("publish", path, "-o", tmp_path / "site", "--jobs", "1")
    assert code == 0, err
    page = (tmp_path / "site" / "round-2.html").read_text(encoding="utf-8")
    assert "Paired by the arbiter: a manual pairing alteration, recorded" in page
    assert "The checker disputes this round&#39;s pairing" not in page and "disputes this round" not in page
    assert "MPA @ Round 2: 2-1 6-5 =&gt; 5-1 2-6" in page and "(C.04.3 Art. 2.4.1 / C6)" in page
    assert "paired by hand (recorded)" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "disputes" not in err
    # the same file without the line: the round is disputed
    path.write_text(by_hand.replace(LINE + "\n", ""), encoding="utf-8")
    code, out, err = cli("publish", path, "-o", tmp_path / "site", "--jobs", "1")
    assert code == 0, err
    page = (tmp_path / "site" / "round-2.html").read_text(encoding="utf-8")
    assert "disputes this round" in page and "Paired by the arbiter" not in page
