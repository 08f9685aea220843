"""Hostile and odd input at the command line, and outputs that never clobber.

One named test per case: the input, the exit code and the message.  Most run the app in-process
(``CliRunner``); those about the process itself (stdout encodings, kill -9, special files) run
``python -m arbiter``.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from tests.support import REPO
from trf.writer import STALE_AFTER_SECONDS, remove_stale_temporaries, write_atomic

EXAMPLE = REPO / "fixtures" / "example.trf"
SAMPLE = REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0004-n12-r5.trf"

pytestmark = pytest.mark.fast


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "100", "NO_COLOR": "1", **(env or {})})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def process(*args: str, env: dict[str, str] | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "PYTHONIOENCODING")}
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True, text=True, env=full,
                          cwd=REPO, timeout=300, **kw)  # type: ignore[call-overload]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """The non-TRF inputs of the cases below."""
    made = {
        "pgn": b'[Event "Club championship"]\n[Site "Bergen"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n',
        "binary": bytes(range(256)) * 16,
        "empty": b"",
    }
    out = {}
    for name, data in made.items():
        out[name] = tmp_path / f"{name}.trf"
        out[name].write_bytes(data)
    out["utf16"] = tmp_path / "utf16.trf"
    out["utf16"].write_bytes(EXAMPLE.read_text().encode("utf-16"))
    out["headers"] = tmp_path / "headers.trf"
    out["headers"].write_text("012 Club championship\n142 5\n")
    return out


# --------------------------------------------------------------------------- input that is not TRF


@pytest.mark.parametrize("name, why", [
    ("pgn", "this looks like a PGN file"), ("binary", "the file holds NUL bytes"), ("empty", "the file is empty"),
])
@pytest.mark.parametrize("command", [["validate"], ["show"], ["convert", "--to", "trf26"], ["pair"], ["standings"],
                                     ["check"], ["ratings"], ["report"]])
def test_non_trf_input_is_invalid_input_saying_what_was_expected(files: dict[str, Path], name: str, why: str,
                                                                 command: list[str]) -> None:
    code, out, err = run(command[0], str(files[name]), *command[1:])
    assert code == exitcodes.INVALID_INPUT, (out, err)
    assert f"error not-trf {why}" in out + err
    assert "expected a FIDE Tournament Report File" in out + err
    assert "[Event" not in out  # convert no longer echoes a PGN back


def test_utf16_file_with_a_byte_order_mark_is_read(files: dict[str, Path]) -> None:
    code, out, _ = run("validate", str(files["utf16"]))
    assert code == exitcodes.OK
    assert "valid (8 players; 0 errors, 0 warnings" in out


@pytest.mark.parametrize("command", [["pair"], ["standings"], ["check"], ["ratings"]])
def test_a_file_without_players_is_refused_by_commands_that_need_them(files: dict[str, Path], command: list[str]) -> None:
    code, _, err = run(*command, str(files["headers"]))
    assert code == exitcodes.INVALID_INPUT
    assert "has no player record (no '001' line)" in err


def test_pair_on_an_empty_file_no_longer_blames_the_initial_colour(files: dict[str, Path]) -> None:
    code, _, err = run("pair", str(files["empty"]))
    assert code == exitcodes.INVALID_INPUT
    assert "initial colour" not in err and "the file is empty" in err


# --------------------------------------------------------------------------- numbers and sizes


@pytest.mark.parametrize("line, message", [
    ("XXR 99999999", "the number of rounds should be 0-99, found '99999999'"),
    ("XXR " + "9" * 100, "(100 characters)"),
    ("240 H 99999999999    1", "the round should be 1-99"),
    ("162  W 1000000", "162 W should be at most 99.9"),
    ("XXS W=100000000000000000000", "XXS 'W' should be at most 99.9"),
    ("BBW 99999.0", "the points should be at most 99.9"),
])
@pytest.mark.parametrize("command", ["validate", "pair", "standings"])
def test_huge_numbers_are_diagnostics_not_hangs(tmp_path: Path, line: str, message: str, command: str) -> None:
    path = tmp_path / "huge.trf"
    path.write_text(EXAMPLE.read_text() + line + "\n" + "250  1.0  1.0   1 999    1 9999\n")
    start = time.perf_counter()
    code, out, err = run(command, str(path))
    assert time.perf_counter() - start < 20
    assert code == exitcodes.INVALID_INPUT
    assert "out-of-range" in out + err and message in out + err


def test_a_one_megabyte_player_line_is_one_diagnostic(tmp_path: Path) -> None:
    lines = EXAMPLE.read_text().splitlines()
    lines[10] += "  0000 - Z" * 100_000
    path = tmp_path / "giant.trf"
    path.write_text("\n".join(lines) + "\n")
    start = time.perf_counter()
    code, out, _ = run("validate", str(path))
    assert time.perf_counter() - start < 20
    assert code == exitcodes.INVALID_INPUT
    assert out.count("too-many-rounds") == 1 and "TRF allows 99 rounds" in out
    code, out, _ = run("show", str(path))
    assert code == exitcodes.INVALID_INPUT
    header = next(line for line in out.splitlines() if " Rk " in line or "Rk" in line.split())
    assert "R99" in out and "R100" not in out, header


@pytest.mark.parametrize("args, message", [
    (["--rounds", "5"], "--rounds 5: the file says the event has 9 rounds"),
    (["--rounds", "200"], "--rounds 200: TRF allows 99 rounds"),
])
def test_rounds_option_must_fit_the_file(tmp_path: Path, args: list[str], message: str) -> None:
    path = tmp_path / "nine.trf"
    path.write_text((REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0003-n19-r9.trf").read_text() + "XXR 9\n")
    for command in ("pair", "check"):
        code, _, err = run(command, str(path), *args)
        assert code == exitcodes.USAGE, err
        assert message in err


def test_rounds_option_on_a_file_with_every_round_played_does_not_pair_another(tmp_path: Path) -> None:
    """--rounds 9 on a 9-round file with 9 rounds played: the event is finished (exit 8), as
    `arbiter pair` says without --rounds when the file declares them; fewer is a usage error."""
    path = REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0003-n19-r9.trf"
    code, _, err = run("pair", str(path), "--rounds", "9")
    assert code == exitcodes.FINISHED and "all 9 rounds are paired and played" in err
    code, _, err = run("pair", str(path), "--rounds", "7")
    assert code == exitcodes.USAGE and "--rounds 7: the file already has 9 rounds paired" in err
    code, _, err = run("check", str(path), "--rounds", "7")
    assert code == exitcodes.USAGE and "--rounds 7: the file already has 9 rounds paired" in err


# --------------------------------------------------------------------------- encodings


@pytest.mark.parametrize("encoding, reason", [("punycode", "cannot decode"), ("rot13", "not a text encoding"),
                                              ("zlib", "not a text encoding"), ("klingon", "unknown encoding")])
@pytest.mark.parametrize("command", ["validate", "show", "pair", "standings"])
def test_an_encoding_that_fails_is_a_usage_error_naming_it(encoding: str, reason: str, command: str) -> None:
    code, _, err = run(command, str(EXAMPLE), "--encoding", encoding)
    assert code == exitcodes.USAGE, err
    assert err.startswith(f"arbiter: --encoding {encoding}: ") and reason in err
    assert "internal error" not in err


@pytest.mark.parametrize("command", [["show"], ["pair"], ["convert", "--to", "trf26"], ["standings", "--csv"],
                                     ["standings"], ["ratings"]])
def test_an_unencodable_character_on_stdout_is_replaced(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "polish.trf"
    path.write_text(EXAMPLE.read_text().replace("Rossi, Giulia", "Łosik, Giulia"), encoding="utf-8")
    proc = process(command[0], str(path), *command[1:], env={"PYTHONIOENCODING": "cp1252"})
    assert proc.returncode == exitcodes.OK, proc.stderr
    assert "?osik, Giulia" in proc.stdout or "?osik" in proc.stdout
    assert "internal error" not in proc.stderr


def test_json_under_a_narrow_encoding_stays_lossless(tmp_path: Path) -> None:
    path = tmp_path / "polish.trf"
    path.write_text(EXAMPLE.read_text().replace("Rossi, Giulia", "Łosik, Giulia"), encoding="utf-8")
    proc = process("show", str(path), "--json", env={"PYTHONIOENCODING": "cp1252"})
    assert proc.returncode == 0
    assert '"\\u0141osik, Giulia"' in proc.stdout
    assert json.loads(proc.stdout)["players"][7]["name"] == "Łosik, Giulia"


# --------------------------------------------------------------------------- --json whatever happens


@pytest.mark.parametrize("args, code", [
    (["validate", "{missing}", "--json"], exitcodes.FILE_ERROR),
    (["show", "{pgn}", "--json"], exitcodes.INVALID_INPUT),
    (["convert", "{pgn}", "--to", "trf16", "--json"], exitcodes.INVALID_INPUT),
    (["pair", "{pgn}", "--json"], exitcodes.INVALID_INPUT),
    (["pair", "{pgn}", "--format", "json"], exitcodes.INVALID_INPUT),
    (["check", "{pgn}", "--json"], exitcodes.INVALID_INPUT),
    (["standings", "{pgn}", "--json"], exitcodes.INVALID_INPUT),
    (["ratings", "{pgn}", "--json"], exitcodes.INVALID_INPUT),
    (["report", "{pgn}", "--json"], exitcodes.INVALID_INPUT),
    (["standings", "{example}", "--json", "--explain", "Nobody"], exitcodes.USAGE),
    (["show", "{example}", "--json", "--round", "x"], exitcodes.USAGE),
    (["validate", "{example}", "--json", "--encoding", "punycode"], exitcodes.USAGE),
    (["roundrobin", "--names", "{missing}", "--json"], exitcodes.FILE_ERROR),
    (["pair", "{finished}", "--json", "--rounds", "9"], exitcodes.FINISHED),
])
def test_json_commands_print_a_json_object_whatever_happens(files: dict[str, Path], tmp_path: Path, args: list[str],
                                                            code: int) -> None:
    names = {"missing": str(tmp_path / "nope.trf"), "pgn": str(files["pgn"]), "example": str(EXAMPLE),
             "finished": str(REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0003-n19-r9.trf") + ""}
    got, out, err = run(*[a.format(**names) for a in args])
    assert got == code, err
    data = json.loads(out)
    assert data["exit_code"] == code and data["meaning"] == exitcodes.MEANING[code]
    assert data["error"] and isinstance(data["diagnostics"], list)
    if code == exitcodes.INVALID_INPUT:
        assert [d["code"] for d in data["diagnostics"]] == ["not-trf"]


# --------------------------------------------------------------------------- outputs


def test_dash_is_standard_output_everywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (["convert", str(EXAMPLE), "--to", "trf26", "-o", "-"], ["pair", str(EXAMPLE), "--format", "trf", "-o", "-"],
                 ["report", str(EXAMPLE), "-o", "-"], ["generate", "--players", "6", "--rounds", "2", "-o", "-"],
                 ["roundrobin", "--players", "4", "--trf", "-"]):
        code, out, err = run(*args)
        assert code in (exitcodes.OK, exitcodes.DISCREPANCY), err
        assert out.startswith("012 ") and "\n001 " in out, args
    assert not (tmp_path / "-").exists()


def test_output_mode_follows_the_umask_and_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        new = tmp_path / "new.trf"
        assert run("convert", str(EXAMPLE), "--to", "trf26", "-o", str(new))[0] == 0
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        os.umask(0o077)
        assert run("convert", str(EXAMPLE), "--to", "trf26", "-o", str(tmp_path / "private.trf"))[0] == 0
        assert stat.S_IMODE((tmp_path / "private.trf").stat().st_mode) == 0o600
        new.chmod(0o640)
        assert run("convert", str(EXAMPLE), "--to", "trf16", "-o", str(new))[0] == 0
        assert stat.S_IMODE(new.stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_a_symlink_output_writes_its_target_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real.trf"
    target.write_text("old\n")
    link = tmp_path / "link.trf"
    link.symlink_to(target)
    assert run("convert", str(EXAMPLE), "--to", "trf26", "-o", str(link))[0] == 0
    assert link.is_symlink() and "142 5" in target.read_text()


def test_a_symlink_to_the_input_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "in.trf"
    src.write_bytes(EXAMPLE.read_bytes())
    link = tmp_path / "alias.trf"
    link.symlink_to(src)
    code, _, err = run("convert", str(src), "--to", "trf26", "-o", str(link))
    assert code == exitcodes.USAGE and "refusing to overwrite the input file" in err
    assert src.read_bytes() == EXAMPLE.read_bytes()


def test_a_fifo_output_is_written_through_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    proc = process("convert", str(EXAMPLE), "--to", "trf26", "-o", str(fifo))
    got, _ = reader.communicate(timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert b"142 5" in got
    assert stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize("device", ["/dev/null", "/dev/stdout"])
def test_a_device_output_is_written_through_not_replaced(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist here")
    before = os.stat(device, follow_symlinks=True)
    proc = process("convert", str(EXAMPLE), "--to", "trf26", "-o", device)
    assert proc.returncode == 0, proc.stderr
    after = os.stat(device, follow_symlinks=True)
    assert not stat.S_ISREG(after.st_mode) or device == "/dev/stdout"  # /dev/stdout here is the pipe of the test
    assert (before.st_ino, before.st_dev) == (after.st_ino, after.st_dev) or device == "/dev/stdout"
    if device == "/dev/stdout":
        assert "142 5" in proc.stdout


def test_roundrobin_never_writes_over_its_entrants_file(tmp_path: Path) -> None:
    entrants = tmp_path / "e2.csv"
    entrants.write_text("Smith,ENG,2400\nLee,KOR,2300\nKhan,PAK,2200\n")
    before = entrants.read_bytes()
    code, _, err = run("roundrobin", "--names", str(entrants), "--trf", str(entrants))
    assert code == exitcodes.USAGE and "refusing to overwrite the input file" in err
    assert entrants.read_bytes() == before
    groups = tmp_path / "groups.txt"
    groups.write_text("X: Smith, Lee\n")
    code, _, err = run("roundrobin", "--names", str(entrants), "--varma", str(groups), "--trf", str(groups))
    assert code == exitcodes.USAGE and groups.read_text() == "X: Smith, Lee\n"


def test_report_never_writes_over_its_k_file(tmp_path: Path) -> None:
    k = tmp_path / "k.csv"
    k.write_text("id,K\n1700123,20\n")
    code, _, err = run("report", str(EXAMPLE), "--ratings", "--k", str(k), "-o", str(k))
    assert code == exitcodes.USAGE and k.read_text() == "id,K\n1700123,20\n"


def test_a_killed_write_leaves_a_temporary_file_that_the_next_write_removes(tmp_path: Path) -> None:
    """kill -9 inside a write: the hidden temporary file stays; the next write to the same
    target removes it (its process is gone), and never one of a live writer."""
    target = tmp_path / "out.trf"
    code = (f"import os, sys, time\nsys.path.insert(0, {str(REPO)!r})\nimport trf.writer as w\n"
            "real = os.fsync\n"
            "def hang(fd):\n    print('writing', flush=True)\n    time.sleep(600)\n"
            "w.os.fsync = hang\n"
            f"w.write_atomic({str(target)!r}, b'x' * 1000)\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "writing"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(f".out.trf.{child.pid}.")
    live = tmp_path / f".out.trf.{os.getpid()}.abcdefgh.tmp"  # a writer still running: ours
    live.write_text("in flight")
    old = tmp_path / ".out.trf.zzzzzzzz.tmp"  # an older naming without a process id
    old.write_text("stale")
    os.utime(old, (time.time() - STALE_AFTER_SECONDS - 10,) * 2)
    young = tmp_path / ".out.trf.yyyyyyyy.tmp"
    young.write_text("maybe another writer's")
    assert run("convert", str(EXAMPLE), "--to", "trf26", "-o", str(target))[0] == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert left[0] not in names and old.name not in names
    assert live.name in names and young.name in names  # never a file a running writer may rename
    assert "142 5" in target.read_text()


def test_write_atomic_removes_its_temporary_file_on_failure(tmp_path: Path) -> None:
    target = tmp_path / "dir"
    target.mkdir()
    with pytest.raises(IsADirectoryError):
        write_atomic(target, b"x")
    assert [p.name for p in tmp_path.iterdir()] == ["dir"]
    assert remove_stale_temporaries(tmp_path / "nothing.trf") == []


# --------------------------------------------------------------------------- CSV and names


def test_roundrobin_names_reads_quoted_fields_an_excel_bom_and_latin1(tmp_path: Path) -> None:
    excel = tmp_path / "excel.csv"
    excel.write_bytes(b'\xef\xbb\xbfname,fed,rating\r\n"Smith, John",ENG,2300\r\n"Lee, Anna",KOR,2200\r\nW\xc3\xb3jcik,POL,\r\n')
    code, out, err = run("roundrobin", "--names", str(excel), "--json")
    assert code == 0, err
    players = [(p["name"], p["federation"], p["rating"]) for p in json.loads(out)["players"]]
    assert players == [("Smith, John", "ENG", 2300), ("Lee, Anna", "KOR", 2200), ("Wójcik", "POL", None)]
    latin = tmp_path / "latin1.csv"
    latin.write_bytes("Smith, John\tENG\nWójcik\tPOL\n".encode("latin-1"))
    code, out, err = run("roundrobin", "--names", str(latin), "--encoding", "latin-1", "--json")
    assert code == 0 and [p["name"] for p in json.loads(out)["players"]] == ["Smith, John", "Wójcik"]
    code, out, err = run("roundrobin", "--names", str(latin), "--json")  # without --encoding: cp1252, with a warning
    assert code == 0 and "is not valid UTF-8; read the file as cp1252" in err
    unquoted = tmp_path / "unquoted.csv"
    unquoted.write_text("Smith, John,ENG,2300\nLee,KOR\n")
    code, _, err = run("roundrobin", "--names", str(unquoted))
    assert code == exitcodes.INVALID_INPUT and 'a name with a comma must be quoted: "Smith, John",ENG,2300' in err


def test_k_file_reads_an_excel_bom_and_quoted_ids(tmp_path: Path) -> None:
    k = tmp_path / "k.csv"
    k.write_bytes(b'\xef\xbb\xbf"1700123","10"\r\n')
    code, out, err = run("ratings", str(EXAMPLE), "--k", str(k), "--json")
    assert code == 0, err
    player = next(p for p in json.loads(out)["players"] if p["start_rank"] == 1)
    assert player["k"] == 10 and player["k_source"] != "default"


@pytest.mark.parametrize("who, rank", [("2", 2), ("Okafor", 2), ("okafor, adaeze", 2), ("Lindqvist, Erik", 1)])
def test_standings_explain_takes_a_name(who: str, rank: int) -> None:
    code, out, _ = run("standings", str(EXAMPLE), "--explain", who, "--json")
    assert code == 0 and json.loads(out)["start_rank"] == rank


@pytest.mark.parametrize("who, message", [
    ("a", "--explain 'a': 7 players match: 2 (Okafor, Adaeze)"),
    ("Carlsen", "--explain 'Carlsen': no player's name is or contains it"),
    ("42", "--explain 42: no player has starting rank 42 (the event has 1-8) or FIDE id 42"),
])
def test_standings_explain_of_no_one_or_several_is_a_usage_error(who: str, message: str) -> None:
    code, _, err = run("standings", str(EXAMPLE), "--explain", who)
    assert code == exitcodes.USAGE and message in err


# --------------------------------------------------------------------------- usage errors, version, completion


@pytest.mark.parametrize("args, line", [
    (["show", "{example}", "--round", "x"], "arbiter show: --round: expected a whole number, got 'x'"),
    (["show", "{example}", "--round", "-1"], "arbiter show: --round: -1 is out of range: expected a value at least 0"),
    (["show", "{example}", "--bogus"], "arbiter show: unknown option --bogus (see arbiter show --help)"),
    (["convert", "{example}"], "arbiter convert: --to (trf16 or trf26) is required (see arbiter convert --help)"),
    (["convert", "{example}", "--to", "x"], "arbiter convert: --to: expected trf16 or trf26, got 'x'"),
    (["show"], "arbiter show: missing FILE (see arbiter show --help)"),
    (["show", "{example}", "extra"], "arbiter show: unexpected argument extra (see arbiter show --help)"),
    (["frobnicate"], "arbiter: unknown command 'frobnicate' (commands: check,"),
    (["pair", "{example}", "--format", "pdf"], "arbiter pair: --format: expected table, bbp, json or trf, got 'pdf'"),
])
def test_usage_errors_are_one_line_in_the_toolkits_words(args: list[str], line: str) -> None:
    code, out, err = run(*[a.format(example=EXAMPLE) for a in args])
    assert code == exitcodes.USAGE
    assert err.strip().startswith(line), err
    assert len(err.strip().splitlines()) == 1
    assert "Invalid value" not in err and "Usage:" not in err and "Try '" not in err


def test_version() -> None:
    from importlib.metadata import version

    code, out, _ = run("--version")
    assert code == 0 and out == f"arbiter {version('arbiter')}\n"


def test_shell_completion_is_available() -> None:
    code, out, _ = run("--help")
    assert code == 0 and "--install-completion" in out and "--show-completion" in out
    proc = process("--show-completion", "bash", env={"SHELL": "/bin/bash"})
    assert proc.returncode == 0 and "complete" in proc.stdout and "arbiter" in proc.stdout.lower()


def test_progress_is_silent_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    proc = process("generate", "--players", "10", "--rounds", "3", "--seed", "1", "-o", str(tmp_path / "g.trf"))
    assert proc.returncode == 0 and proc.stderr == ""  # a seed given: no 'seed: N' line either
    proc = process("standings", str(SAMPLE))
    assert proc.returncode == 0 and proc.stderr == ""
