"""``arbiter pair`` on a file of two-game matches (C.04.5, docs/double-swiss.md "How a match is
written"): the table and ``--json`` speak of the match (its number, its two columns, the game points
of the matches before it, the PAB's 1½), and ``--format trf`` writes both columns of the match so
that ``validate`` and ``check`` accept the file it writes.

The pairings are those of the hand-worked cases (tests/pairing/double_swiss_handworked.py, derived
there from the articles); what is checked here is what the command says about them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from tests.pairing.double_swiss_cases import build

pytestmark = pytest.mark.fast


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _digest_round_1(tmp_path: Path) -> Path:
    """Case 5 of the hand-worked rounds: R1 1-4 1½-½, 5-2 1-1, 3-6 ½-1½, PAB 7 (U H).  Match 2
    pairs 6-1, 2-7, 3-5 and gives the PAB to 4 (derived there)."""
    f = tmp_path / "ds.trf"
    f.write_text(trf.dumps(build(7, [[(1, 4, "1", "="), (5, 2, "=", "="), (3, 6, "0", "="), ("U", 7)]])))
    return f


def test_json_names_the_match_and_its_game_points(tmp_path: Path) -> None:
    code, out, _ = run("pair", str(_digest_round_1(tmp_path)), "--json")
    assert code == exitcodes.OK
    data = json.loads(out)
    # match 2 is written in columns 3 and 4; the shape of every system's JSON is kept
    assert (data["round"], data["match"], data["columns"], data["pab_points"]) == (2, 2, [3, 4], "1.5")
    boards = [(b["white"]["start_rank"], b["black"]["start_rank"]) for b in data["boards"]]
    assert boards == [(6, 1), (2, 7), (3, 5)]
    # game points of match 1 (both columns): 1: 1+½; 6: 1+½ (0 and = on 3's line); 2: ½+½; 7: the
    # PAB U+H = 1½; 3: 0+½; 5: ½+½; 4 (the PAB now): 0+½.  Column 1 alone would give 1, 1, ½, 1, 0, ½, 0.
    points = {p["start_rank"]: p["points"] for b in data["boards"] for p in (b["white"], b["black"])}
    assert points == {6: "1.5", 1: "1.5", 2: "1.0", 7: "1.5", 3: "0.5", 5: "1.0"}
    assert data["bye"]["start_rank"] == 4 and data["bye"]["points"] == "0.5"
    # 7's game-2 H is the PAB's second half, not a bye declared for a round: nobody is absent
    assert data["absent"] == []


def test_json_of_a_one_game_system_has_no_match_keys(tmp_path: Path) -> None:
    f = tmp_path / "dutch.trf"
    text = trf.dumps(build(6, [])).replace("192 FIDE_DOUBLESWISS", "192 FIDE_DUTCH_2025").replace("142 10", "142 5")
    f.write_text(text)
    code, out, _ = run("pair", str(f), "--json")
    assert code == exitcodes.OK
    assert not {"match", "columns", "pab_points"} & set(json.loads(out))


def test_a_bye_declared_for_the_match_is_reported(tmp_path: Path) -> None:
    """Case 4: 2 requested a half-point bye for match 1 (H in both columns): not paired, listed."""
    f = tmp_path / "bye.trf"
    f.write_text(trf.dumps(build(5, [], ahead=[("H", 2)])))
    code, out, _ = run("pair", str(f), "--json")
    assert code == exitcodes.OK
    data = json.loads(out)
    assert data["absent"] == [2] and data["match"] == 1 and data["columns"] == [1, 2]
    code, out, _ = run("pair", str(f))
    assert "Not paired: 2 (H)" in out


def test_table_says_match_columns_and_pab_value(tmp_path: Path) -> None:
    code, out, _ = run("pair", str(_digest_round_1(tmp_path)))
    assert code == exitcodes.OK
    assert "match 2 (games in round columns 3 and 4; colours of game 1)" in out
    assert "Pairing-allocated bye: 4 Player 4 (0.5; the bye gives 1.5)" in out
    row = next(line for line in out.splitlines() if "Player 6" in line)
    assert "1.5" in row and "Player 1" in row  # 6 (1½) White in game 1 against 1 (1½)


def _blocks(line: str) -> list[str]:
    """The round blocks of a 001 line (10 characters each from text column 92)."""
    return [line[91 + 10 * k: 91 + 10 * k + 8].strip() for k in range((len(line) - 91 + 9) // 10)]


def test_trf_writes_both_games_of_the_match(tmp_path: Path) -> None:
    src = _digest_round_1(tmp_path)
    out_file = tmp_path / "next.trf"
    code, _, err = run("pair", str(src), "--format", "trf", "-o", str(out_file))
    assert code == exitcodes.OK, err
    lines = {int(line[4:8]): line for line in out_file.read_text().splitlines() if line.startswith("001")}
    # game 1 as paired (6 White against 1), game 2 the colours reversed, results pending
    assert _blocks(lines[6])[2:] == ["1 w", "1 b"]
    assert _blocks(lines[1])[2:] == ["6 b", "6 w"]
    assert _blocks(lines[3])[2:] == ["5 w", "5 b"]
    # the PAB: U in game 1's column, H in game 2's; the points column adds 1½ to 4's ½
    assert _blocks(lines[4])[2:] == ["0000 - U", "0000 - H"]
    assert lines[4][80:84] == " 2.0"
    code, out, _ = run("validate", str(out_file))
    assert code == exitcodes.OK and "0 errors, 0 warnings" in out
    code, out, _ = run("check", str(out_file))
    assert code == exitcodes.OK, out
    assert "Round 2: OK" in out


def test_trf_keeps_a_bye_declared_in_one_column_for_both(tmp_path: Path) -> None:
    """A bye declared ahead in game 1's column only (the layout reads it for the match) is written
    in game 2's column too once the match is paired, or the file would not be one of matches."""
    text = trf.dumps(build(5, []))
    lines = [line + "  0000 - H" if line.startswith("001    2") else line for line in text.splitlines()]
    f = tmp_path / "ahead.trf"
    f.write_text("\n".join(lines) + "\n")
    out_file = tmp_path / "next.trf"
    code, _, err = run("pair", str(f), "--format", "trf", "-o", str(out_file))
    assert code == exitcodes.OK, err
    two = next(line for line in out_file.read_text().splitlines() if line.startswith("001    2"))
    assert _blocks(two) == ["0000 - H", "0000 - H"]
    code, out, _ = run("validate", str(out_file))
    assert code == exitcodes.OK and "0 errors" in out
