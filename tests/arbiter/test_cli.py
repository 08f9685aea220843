"""The command line: golden outputs (pytest-regressions, stored in fixtures/golden/), exit codes,
error messages, and the promise that no Python traceback reaches the user."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from tests.support import REPO

ROOT = REPO
EXAMPLE = ROOT / "fixtures" / "example.trf"
SAMPLE = ROOT / "fixtures" / "dutch-2026"

pytestmark = pytest.mark.fast


@pytest.fixture
def original_datadir() -> Path:
    """Golden files live with the other fixtures, not beside the tests."""
    return ROOT / "fixtures" / "golden"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "100", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """The example with two planted faults: player 2's round-1 colour flipped (6 also has
    White), and player 4's listed points raised from 2.5 to 3.0."""
    text = EXAMPLE.read_text()
    text = text.replace("     6 b =     3 w 1  0000 - H", "     6 w =     3 w 1  0000 - H")
    text = text.replace(" 2.5    2     8 b 1", " 3.0    2     8 b 1")
    path = tmp_path / "broken.trf"
    path.write_text(text)
    return path


# ---------------------------------------------------------------- golden outputs


def test_show_example(file_regression) -> None:
    code, out, _ = run("show", str(EXAMPLE))
    assert code == 0
    file_regression.check(out, basename="show_example", extension=".txt")


def test_show_after_round_two(file_regression) -> None:
    code, out, _ = run("show", str(EXAMPLE), "--round", "2")
    assert code == 0
    # after round 2: 1, 2 and 4 have 1.5 (1 beat 5, 2 beat 3, 4 beat 8; 1-4 drawn; 2-6 drawn)
    assert "standing after round 2" in out
    file_regression.check(out, basename="show_example_round2", extension=".txt")


def test_show_json_example(data_regression) -> None:
    code, out, _ = run("show", str(EXAMPLE), "--json")
    assert code == 0
    data = json.loads(out)
    data["file"] = "example.trf"
    data_regression.check(data, basename="show_example_json")


def test_show_json_points_are_exact_and_match_the_results() -> None:
    code, out, _ = run("show", str(EXAMPLE), "--json")
    data = json.loads(out)
    by_rank = {p["start_rank"]: p for p in data["players"]}
    # hand-checked: player 4 beat 8, drew 1, beat 3 -> 2.5; player 6: =, forfeit loss, = -> 1.0
    assert by_rank[4]["points"] == "2.5"
    assert by_rank[6]["points"] == "1.0"
    # player 6's listed points include the half-point bye declared for round 4 (JaVaFo style)
    assert by_rank[6]["listed_points"] == "1.5"
    assert data["tournament"]["rounds"] == 5 and data["tournament"]["rounds_paired"] == 3


def test_validate_clean_example(file_regression) -> None:
    code, out, _ = run("validate", str(EXAMPLE))
    assert code == exitcodes.OK
    file_regression.check(out.replace(str(EXAMPLE), "example.trf"), basename="validate_example", extension=".txt")


def test_validate_reports_planted_faults(broken: Path, file_regression) -> None:
    code, out, _ = run("validate", str(broken))
    assert code == exitcodes.INVALID_INPUT
    assert f"{broken}:12:97: error colour-mismatch" in out
    assert f"{broken}:14:81: warning points-mismatch player 4 lists 3.0 points, the results give 2.5" in out
    file_regression.check(out.replace(str(broken), "broken.trf"), basename="validate_broken", extension=".txt")


def test_validate_json_shape(broken: Path) -> None:
    code, out, _ = run("validate", str(broken), "--json")
    assert code == exitcodes.INVALID_INPUT
    data = json.loads(out)
    assert set(data) == {"file", "encoding", "valid", "counts", "diagnostics"}
    assert data["valid"] is False
    assert data["counts"] == {"info": 0, "warning": 1, "error": 1}
    assert data["diagnostics"][0] == {
        "severity": "error", "code": "colour-mismatch", "line": 12, "column": 97,
        "message": "player 2, round 1: colour 'w' against 6, who has 'w'",
    }


def test_strict_turns_warnings_into_errors(tmp_path: Path) -> None:
    path = tmp_path / "points.trf"
    path.write_text(EXAMPLE.read_text().replace(" 2.5    2     8 b 1", " 3.0    2     8 b 1"))
    assert run("validate", str(path))[0] == exitcodes.OK
    code, out, _ = run("validate", str(path), "--strict")
    assert code == exitcodes.INVALID_INPUT
    assert "error points-mismatch" in out


def test_convert_example_to_trf26(file_regression) -> None:
    code, out, _ = run("convert", str(EXAMPLE), "--to", "trf26")
    assert code == 0
    assert "142 5\n152 W\n240 H 004    6\n240 Z 004    3\n" in out
    file_regression.check(out, basename="convert_example_trf26", extension=".trf")


def test_convert_trf26_sample_back_to_trf16() -> None:
    """A TRF-2026 case of the corpus sample converts back to its TRF-16 source byte for byte."""
    src = SAMPLE / "features" / "trf26" / "dev-0004-n12-r5-r4.trf"
    code, out, _ = run("convert", str(src), "--to", "trf16")
    assert code == 0
    assert out == (SAMPLE / "rounds" / "dev-0004-n12-r5-r4.trf").read_bytes().decode()


# ---------------------------------------------------------------- files and errors


def test_convert_writes_output_atomically_and_leaves_input(tmp_path: Path) -> None:
    src = tmp_path / "in.trf"
    src.write_bytes(EXAMPLE.read_bytes())
    dst = tmp_path / "out.trf"
    code, out, err = run("convert", str(src), "--to", "trf26", "-o", str(dst))
    assert code == 0
    assert src.read_bytes() == EXAMPLE.read_bytes()
    assert "142 5" in dst.read_text()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_convert_refuses_to_overwrite_input(tmp_path: Path) -> None:
    src = tmp_path / "in.trf"
    src.write_bytes(EXAMPLE.read_bytes())
    code, _, err = run("convert", str(src), "--to", "trf26", "-o", str(src))
    assert code == exitcodes.USAGE
    assert "refusing to overwrite the input file" in err
    assert src.read_bytes() == EXAMPLE.read_bytes()


def test_convert_invalid_input_writes_nothing(broken: Path, tmp_path: Path) -> None:
    dst = tmp_path / "out.trf"
    code, _, err = run("convert", str(broken), "--to", "trf26", "-o", str(dst))
    assert code == exitcodes.INVALID_INPUT
    assert not dst.exists()
    assert "nothing written" in err


def test_convert_unwritable_output(tmp_path: Path) -> None:
    code, _, err = run("convert", str(EXAMPLE), "--to", "trf26", "-o", str(tmp_path / "no" / "such" / "dir.trf"))
    assert code == exitcodes.FILE_ERROR
    assert "cannot write" in err


@pytest.mark.parametrize("command", ["validate", "show"])
def test_missing_file(command: str, tmp_path: Path) -> None:
    code, _, err = run(command, str(tmp_path / "nope.trf"))
    assert code == exitcodes.FILE_ERROR
    assert "no such file" in err


def test_directory_is_not_a_file(tmp_path: Path) -> None:
    code, _, err = run("validate", str(tmp_path))
    assert code == exitcodes.FILE_ERROR
    assert "is a directory" in err


def test_unknown_encoding() -> None:
    code, _, err = run("validate", str(EXAMPLE), "--encoding", "klingon")
    assert code == exitcodes.USAGE
    assert "unknown encoding" in err


def test_round_beyond_file() -> None:
    code, _, err = run("show", str(EXAMPLE), "--round", "9")
    assert code == exitcodes.USAGE
    assert "the file has 4 round(s)" in err


def test_latin1_file_read_with_warning_or_encoding(tmp_path: Path) -> None:
    path = tmp_path / "latin1.trf"
    path.write_bytes(EXAMPLE.read_text().replace("Rossi, Giulia", "Rossi, Gi\u00falia").encode("latin-1"))
    code, out, _ = run("validate", str(path))
    assert code == exitcodes.OK
    assert "warning encoding byte 0xfa is not valid UTF-8; read the file as cp1252" in out
    code, out, _ = run("validate", str(path), "--encoding", "latin-1")
    assert code == exitcodes.OK and "encoding" not in out.split("valid")[0]
    code, out, _ = run("show", str(path), "--encoding", "latin-1")
    assert "Rossi, Gi\u00falia" in out


def test_garbage_never_raises(tmp_path: Path) -> None:
    path = tmp_path / "garbage.trf"
    path.write_bytes(bytes(range(256)) * 4 + b"\n001 xx\n012\n" + EXAMPLE.read_bytes()[:500])
    for command in (["validate"], ["show"], ["convert", "--to", "trf16"]):
        code, out, err = run(*command[:1], str(path), *command[1:])
        assert code in (exitcodes.OK, exitcodes.INVALID_INPUT)
        assert "Traceback" not in out + err


def test_python_dash_m_entry_point() -> None:
    """`python -m arbiter` runs the same app and keeps the exit codes."""
    env = dict(os.environ, COLUMNS="100")
    proc = subprocess.run([sys.executable, "-m", "arbiter", "validate", str(EXAMPLE)],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "valid (8 players; 0 errors, 0 warnings, 0 adjustments)" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "arbiter", "validate", "/nonexistent.trf"],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert proc.returncode == exitcodes.FILE_ERROR
    assert "Traceback" not in proc.stderr


def test_library_raise_on_errors(broken: Path) -> None:
    """The library's exception form carries the same findings the CLI prints."""
    import trf

    trf.parse_file(EXAMPLE).raise_on_errors()  # clean: no exception
    result = trf.parse_file(broken)
    with pytest.raises(trf.TrfError) as exc:
        result.raise_on_errors("broken.trf")
    assert str(exc.value) == "broken.trf:12:97: error colour-mismatch player 2, round 1: colour 'w' against 6, who has 'w'"
    with pytest.raises(trf.TrfError) as exc:
        result.raise_on_errors("broken.trf", strict=True)
    assert str(exc.value).endswith("(and 1 more)")
