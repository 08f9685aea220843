"""Nothing is read forever, nothing crashes: every file a command reads is read no further than
its purpose can need (:mod:`trf.limits`), and what the README promises another exit code for
never reaches exit 70.

* ``/dev/zero``, an endless pipe on standard input, a FIFO fed forever: each command's inputs
  stop at their limit, exit 3 naming the file, the limit and what the file was taken for.  These
  run ``python -m arbiter`` under a 2 GiB address-space limit, so that a read that did not stop
  fails the test with a memory error instead of taking the machine's memory.
* An oversize regular file (sparse) and a file of too many lines: refused before parsing.
* CSV fields over the csv module's 131,072 characters: exit 3 naming the file and the line.
* The rotation session's writers on a full disk and on a read-only session: exit 5, as every
  writer, with nothing recorded.
* Numbers ``int()`` cannot take (``²``, 5,000 digits) and options sized to exhaust memory:
  refusals in words, never exit 70.
"""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from rotation import log as rlog
from tests.support import REPO
from trf.limits import ENTRANTS, GENERATOR_CONFIG, K_FACTORS, RESULTS, TRF_FILE

pytestmark = pytest.mark.fast

EXAMPLE = REPO / "fixtures" / "example.trf"
CONFORMING = REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0004-n12-r5.trf"
TRF_MESSAGE = "is larger than a TRF file can be (86,471,352 bytes: 9,999 players x 99 rounds"
ADDRESS_SPACE = 2 << 30  # bytes a test process may map: a few times what the largest bounded read needs


def run(*args: Any, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """The command in-process; an exception that is not an exit is raised (it would be exit 70)."""
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "100", "NO_COLOR": "1", **(env or {})})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _bounded_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def process(*args: Any, stdin: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    """``python -m arbiter ARGS`` in its own process, its memory bounded (module docstring)."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "PYTHONIOENCODING")}
    return subprocess.run([sys.executable, "-m", "arbiter", *map(str, args)], capture_output=True, text=True,
                          env={**env, "NO_COLOR": "1"}, cwd=REPO, stdin=stdin, timeout=120,
                          preexec_fn=_bounded_memory)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """An event of four players with round 1 paired (boards 1 and 2)."""
    path = tmp_path / "event.trf"
    assert run("event", "new", path, "--name", "Club", "--rounds", "3", "--tiebreaks", "BH")[0] == 0
    players = tmp_path / "players.csv"
    players.write_text('name,rating\n"Ames, A",2000\n"Bell, B",1900\n"Cole, C",1800\n"Dunn, D",1700\n')
    assert run("event", "register", path, "--csv", players)[0] == 0
    assert run("event", "pair", path)[0] == 0
    return path


# --------------------------------------------------------------------------- endless inputs

#: Each command's inputs given /dev/zero (``{event}``: the event fixture), and what it is read as.
ENDLESS: list[tuple[list[Any], str]] = [
    (["validate", "/dev/zero"], "a TRF file"),
    (["show", "/dev/zero"], "a TRF file"),
    (["convert", "/dev/zero", "--to", "trf26"], "a TRF file"),
    (["pair", "/dev/zero"], "a TRF file"),
    (["check", "/dev/zero"], "a TRF file"),
    (["standings", "/dev/zero"], "a TRF file"),
    (["ratings", "/dev/zero"], "a TRF file"),
    (["report", "/dev/zero"], "a TRF file"),
    (["publish", "/dev/zero", "-o", "{tmp}/site"], "a TRF file"),
    (["event", "status", "/dev/zero"], "a TRF file"),
    (["event", "register", "{event}", "--csv", "/dev/zero"], "a list of players"),
    (["event", "result", "{event}", "--csv", "/dev/zero"], "a round's results"),
    (["roundrobin", "--names", "/dev/zero"], "a list of players"),
    (["ratings", EXAMPLE, "--k", "/dev/zero"], "a K-factor file"),
    (["report", EXAMPLE, "--ratings", "--k", "/dev/zero"], "a K-factor file"),
    (["generate", "--config", "/dev/zero"], "a generator configuration"),
]


ENDLESS_IDS = ["validate", "show", "convert", "pair", "check", "standings", "ratings", "report", "publish",
               "event-file", "register-csv", "result-csv", "names", "ratings-k", "report-k", "generate-config"]


@pytest.mark.parametrize("args, what", ENDLESS, ids=ENDLESS_IDS)
def test_dev_zero_stops_at_the_limit_of_what_it_is_read_as(tmp_path: Path, event: Path, args: list[Any],
                                                          what: str) -> None:
    argv = [str(a).format(tmp=tmp_path, event=event) for a in args]
    proc = process(*argv)
    assert proc.returncode == exitcodes.INVALID_INPUT, proc.stderr
    assert f"arbiter: /dev/zero is larger than {what} can be (" in proc.stderr
    assert "; not read" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "site").exists()


def test_an_endless_standard_input_stops(tmp_path: Path) -> None:
    """``/dev/stdin`` on a pipe that never ends (``yes``): stops at a TRF file's limit."""
    yes = subprocess.Popen(["yes", "001"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        proc = process("validate", "/dev/stdin", stdin=yes.stdout)
    finally:
        yes.kill()
        yes.wait(timeout=30)
    assert proc.returncode == exitcodes.INVALID_INPUT, proc.stderr
    assert "/dev/stdin has more lines than a TRF file can have (101,980:" in proc.stderr


def test_a_fifo_fed_forever_stops(tmp_path: Path) -> None:
    fifo = tmp_path / "entrants"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"yes 'Ames, A' > '{fifo}'"], stderr=subprocess.DEVNULL)
    try:
        proc = process("roundrobin", "--names", fifo)
    finally:
        writer.kill()
        writer.wait(timeout=30)
    assert proc.returncode == exitcodes.INVALID_INPUT, proc.stderr
    assert f"{fifo} has more lines than a list of players can have (20,000:" in proc.stderr


def test_check_of_many_files_reports_the_endless_one_and_checks_the_others() -> None:
    proc = process("check", "/dev/zero", CONFORMING)
    assert proc.returncode == exitcodes.INVALID_INPUT, proc.stderr
    assert f"/dev/zero: invalid: /dev/zero {TRF_MESSAGE}" in proc.stdout
    assert "1 not checked" in proc.stdout


# --------------------------------------------------------------------------- oversize regular files


def sparse(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that takes no room on disk."""
    with open(path, "wb") as f:
        f.truncate(size)
    return path


@pytest.mark.parametrize("args", [["validate", "{file}"], ["convert", "{file}", "--to", "trf16"],
                                  ["standings", "{file}"], ["event", "log", "{file}"]])
def test_a_trf_file_one_byte_over_the_limit_is_refused_unread(tmp_path: Path, args: list[str]) -> None:
    big = sparse(tmp_path / "big.trf", TRF_FILE.size + 1)
    code, out, err = run(*[a.format(file=big) for a in args])
    assert code == exitcodes.INVALID_INPUT
    assert f"arbiter: {big} {TRF_MESSAGE}, with room for every other record); not read" in err


def test_json_says_the_refusal_as_an_error_object(tmp_path: Path) -> None:
    big = sparse(tmp_path / "big.trf", TRF_FILE.size + 1)
    code, out, _ = run("validate", big, "--json")
    data = json.loads(out)
    assert code == exitcodes.INVALID_INPUT
    assert data["exit_code"] == 3 and data["file"] == str(big) and TRF_MESSAGE in data["error"]


@pytest.mark.parametrize("limit, args", [
    (ENTRANTS, ["event", "register", "{event}", "--csv", "{file}"]),
    (RESULTS, ["event", "result", "{event}", "--csv", "{file}"]),
    (ENTRANTS, ["roundrobin", "--names", "{file}"]),
    (ENTRANTS, ["roundrobin", "--players", "4", "--varma", "{file}"]),
    (K_FACTORS, ["ratings", str(EXAMPLE), "--k", "{file}"]),
    (GENERATOR_CONFIG, ["generate", "--config", "{file}"]),
], ids=["register", "result", "names", "varma", "k", "config"])
def test_a_csv_one_byte_over_its_limit_is_refused_unread(tmp_path: Path, event: Path, limit: Any,
                                                        args: list[str]) -> None:
    big = sparse(tmp_path / "big.csv", limit.size + 1)
    before = event.read_bytes()
    code, _, err = run(*[a.format(event=event, file=big) for a in args])
    assert code == exitcodes.INVALID_INPUT, err
    assert f"arbiter: {big} is larger than {limit.what} can be ({limit.size:,} bytes: {limit.why}); not read" in err
    assert event.read_bytes() == before


def test_a_file_of_empty_lines_is_refused_before_the_parser_spends_minutes_on_it(tmp_path: Path) -> None:
    blank = tmp_path / "blank.trf"
    blank.write_bytes(b"\r\n" * (TRF_FILE.lines + 1))
    code, _, err = run("validate", blank)
    assert code == exitcodes.INVALID_INPUT
    assert f"{blank} has more lines than a TRF file can have (101,980: 9,999 players x 99 rounds" in err


def test_a_file_within_the_limits_is_read_as_before(tmp_path: Path) -> None:
    """The bound costs a real file nothing: a file padded with comment lines up to near the
    line limit is still validated."""
    padded = tmp_path / "padded.trf"
    padded.write_text(EXAMPLE.read_text() + "### a comment\n" * 50_000)
    code, out, err = run("validate", padded)
    assert code == exitcodes.OK, err
    assert "valid (8 players" in out


# --------------------------------------------------------------------------- CSV fields over 131,072 characters

FIELD = "x" * 131_073


@pytest.mark.parametrize("args, text, line", [
    (["event", "register", "{event}", "--csv", "{file}"], f"name,rating\n\"{FIELD}\",2000\n", 2),
    (["event", "result", "{event}", "--csv", "{file}"], f"board,result\n1,{FIELD}\n", 2),
    (["ratings", str(EXAMPLE), "--k", "{file}"], f"id,K\n1,{FIELD}\n", 2),
    (["report", str(EXAMPLE), "--ratings", "--k", "{file}"], f"id,K\n{FIELD},40\n", 2),
    (["roundrobin", "--names", "{file}"], f"Ames\n{FIELD}\n", 2),
], ids=["register", "result", "k", "report-k", "names"])
def test_a_csv_field_over_the_csv_modules_limit_is_invalid_input_naming_the_line(
        tmp_path: Path, event: Path, args: list[str], text: str, line: int) -> None:
    """The csv module's limit stays (raising it is a process-wide setting, and no name, rating,
    id, K or result is near 131,072 characters): the refusal names the file and the line."""
    path = tmp_path / "long.csv"
    path.write_text(text)
    before = event.read_bytes()
    code, _, err = run(*[a.format(event=event, file=path) for a in args])
    assert code == exitcodes.INVALID_INPUT, err
    assert f"{path}:{line}:" in err
    assert "131,072" in err or "131072" in err
    assert event.read_bytes() == before


def test_a_varma_line_over_the_csv_modules_limit_is_refused_in_words(tmp_path: Path) -> None:
    groups = tmp_path / "groups.txt"
    groups.write_text(f"ENG: {FIELD}\n")
    code, _, err = run("roundrobin", "--players", "4", "--varma", groups)
    assert code == exitcodes.USAGE  # as every --varma refusal
    assert "--varma line 1: not a CSV line (field larger than field limit (131072))" in err


# --------------------------------------------------------------------------- CSVs: numbers and encodings


@pytest.mark.parametrize("text, message", [
    ("id,K\n1,\u00b2\n", "k.csv:2: K must be a positive whole number, got '\u00b2'"),
    ("id,K\n1," + "9" * 5000 + "\n", "k.csv:2: K must be a positive whole number of at most 4 digits"),
])
def test_k_values_int_cannot_read_are_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "k.csv"
    path.write_text(text)
    code, _, err = run("ratings", EXAMPLE, "--k", path)
    assert code == exitcodes.INVALID_INPUT
    assert message in err


def test_a_k_file_with_classic_mac_line_endings_is_read(tmp_path: Path) -> None:
    path = tmp_path / "k.csv"
    path.write_bytes(b"id,K\r1700123,40\r8500321,40\r")  # the FIDE ids of start ranks 1 and 2
    code, out, err = run("ratings", EXAMPLE, "--k", path, "--json")
    assert code == exitcodes.OK, err
    players = json.loads(out)["players"]
    assert [(p["k_base"], p["k_source"]) for p in players[:3]] == [(40, "file"), (40, "file"), (20, "default")]


@pytest.mark.parametrize("rating", ["\u00b2", "9" * 5000])
def test_a_rating_int_cannot_read_is_refused_naming_the_line(tmp_path: Path, event: Path, rating: str) -> None:
    path = tmp_path / "late.csv"
    path.write_text(f'name,rating\n"Eade, E",{rating}\n')
    code, _, err = run("event", "register", event, "--csv", path)
    assert code == exitcodes.INVALID_INPUT
    assert f"{path}:2: rating " in err and "expected a whole number of at most 4 digits" in err


@pytest.mark.parametrize("row, message", [
    ("\u00b2,1-0", "'\u00b2,1-0': expected board,result or white,black,result"),
    ("9" * 5000 + ",1-0", "expected boards and start ranks of at most 4 digits"),
    ("1," + "9" * 5000 + ",1-0", "expected boards and start ranks of at most 4 digits"),
    ("1,two", "'two': expected a result"),
])
def test_a_results_row_that_is_not_one_is_invalid_input_naming_the_line(tmp_path: Path, event: Path, row: str,
                                                                        message: str) -> None:
    path = tmp_path / "round.csv"
    path.write_text(f"board,result\n2,1-0\n{row}\n")
    before = event.read_bytes()
    code, _, err = run("event", "result", event, "--csv", path)
    assert code == exitcodes.INVALID_INPUT, err
    assert f"{path}:3:" in err and message in err
    assert event.read_bytes() == before  # nothing entered, not even board 2


def test_a_results_file_that_is_not_utf8_is_read_as_cp1252_with_a_warning(tmp_path: Path, event: Path) -> None:
    path = tmp_path / "round.csv"
    path.write_bytes("board,result\n# entr\u00e9es\n1,1-0\r\n2,0-1\r\n".encode("cp1252"))
    code, out, err = run("event", "result", event, "--csv", path)
    assert code == exitcodes.OK, err
    assert "not valid UTF-8; read the file as cp1252" in err
    assert "2 result(s) entered" in out


@pytest.mark.parametrize("number", ["\u00b2", "9" * 5000])
@pytest.mark.parametrize("by_player", [False, True])
def test_a_board_or_player_number_int_cannot_read_is_a_usage_error(event: Path, number: str, by_player: bool) -> None:
    code, _, err = run("event", "result", event, *(["--by-player"] if by_player else []), number, "1-0" if not by_player
                       else "1")
    assert code == exitcodes.USAGE
    if by_player:  # a player may be named by start rank, FIDE id or name (trf.naming): no one is named so
        assert "no player" in err and len(err) < 300
    else:
        assert "expected a board number (at most 4 digits)" in err


# --------------------------------------------------------------------------- the rotation session's writers


@pytest.fixture
def session(tmp_path: Path) -> Path:
    """Singles on one table, four players waiting, with long names: every event that names them
    takes more than a database page, so that a full disk refuses it."""
    path = tmp_path / "club.db"
    assert run("rotation", "new", path, "--tables", "1", "--format", "singles", "--seed", "3")[0] == 0
    for n in NAMES:
        assert run("rotation", "arrive", n, "-s", path)[0] == 0
    return path


NAMES = [c * 6000 for c in "ABCD"]

#: Every command that appends to the session.
WRITERS = [
    ["arrive", "E" * 6000], ["pause", NAMES[0]], ["leave", NAMES[0]], ["next"], ["finish", "1"],
    ["set", "1", NAMES[0], NAMES[1]],
]
WRITER_IDS = ["arrive", "pause", "leave", "next", "finish", "set"]


def _events(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])
    finally:
        conn.close()


def _with_connection(monkeypatch: pytest.MonkeyPatch, make: Any) -> None:
    monkeypatch.setattr(rlog, "_connect", make)


@pytest.mark.parametrize("args", WRITERS, ids=WRITER_IDS)
def test_a_rotation_writer_on_a_full_disk_exits_5_recording_nothing(session: Path, args: list[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's own "disk full" (SQLITE_FULL): the database may grow no page past what it has."""
    if args[0] == "finish":  # a game to finish
        assert run("rotation", "next", "-s", session)[0] == 0
    before = _events(session)
    connect = rlog._connect

    def full(path: Path) -> sqlite3.Connection:
        conn = connect(path)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    _with_connection(monkeypatch, full)
    code, _, err = run("rotation", *args, "-s", session)
    assert code == exitcodes.FILE_ERROR, err
    assert f"arbiter: cannot write {session}: database or disk is full; nothing was recorded" in err
    monkeypatch.undo()
    assert _events(session) == before


@pytest.mark.parametrize("args", WRITERS, ids=WRITER_IDS)
def test_a_rotation_writer_on_a_read_only_session_exits_5_recording_nothing(
        session: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's SQLITE_READONLY, as a file opened read-only gives it (a read-only URI: the test
    also holds when run as root, whom file modes do not stop)."""
    if args[0] == "finish":
        assert run("rotation", "next", "-s", session)[0] == 0
    before = _events(session)
    _with_connection(monkeypatch, lambda path: sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None,
                                                                timeout=10))
    code, _, err = run("rotation", *args, "-s", session)
    assert code == exitcodes.FILE_ERROR, err
    assert f"arbiter: cannot write {session}: attempt to write a readonly database; nothing was recorded" in err
    monkeypatch.undo()
    assert _events(session) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="running as root: file modes do not stop root from writing, so a "
                                              "chmod'ed session is not read-only to this process")
@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_rotation_writer_on_a_chmod_read_only_session_exits_5(session: Path, what: str) -> None:
    target = session if what == "file" else session.parent
    mode = target.stat().st_mode
    target.chmod(0o444 if what == "file" else 0o555)
    try:
        proc = process("rotation", "arrive", "Eve", "-s", session)
    finally:
        target.chmod(mode)
    assert proc.returncode == exitcodes.FILE_ERROR, proc.stderr
    assert f"arbiter: cannot write {session}:" in proc.stderr or f"arbiter: cannot open {session}:" in proc.stderr


def test_rotation_new_on_a_full_disk_exits_5_and_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    connect = sqlite3.connect

    def full(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn: sqlite3.Connection = connect(*args, **kwargs)
        conn.execute("PRAGMA max_page_count = 1")
        return conn

    monkeypatch.setattr(sqlite3, "connect", full)
    path = tmp_path / "club.db"
    code, _, err = run("rotation", "new", path, "--tables", "1", "--seed", "1")
    assert code == exitcodes.FILE_ERROR
    assert f"cannot create {path}: database or disk is full" in err
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- sizes given as options


@pytest.mark.parametrize("args, message", [
    (["rotation", "new", "{tmp}/s.db", "--tables", "9" * 30, "--seed", "1"], "a session has at most 5000 tables"),
    (["rotation", "simulate", "--players", "100000000", "--tables", "1", "--games", "1", "--seed", "1"],
     "a simulation has at most 9999 players"),
    (["rotation", "simulate", "--players", "4", "--tables", "9" * 30, "--games", "1", "--seed", "1", "--mode",
      "reshuffle"], "a session has at most 5000 tables"),
    (["rotation", "simulate", "--players", "4", "--tables", "1", "--games", "9" * 30, "--seed", "1"],
     "a simulation plays at most 100000 games"),
    (["roundrobin", "--players", "4", "--boards", "1", "--start", "2026-01-01 10:00", "--slot", "9" * 30 + "m"],
     "a slot is at most 999999999 minutes"),
    (["roundrobin", "--players", "4", "--boards", "1", "--start", "2026-01-01 10:00", "--slot", "999999999m"],
     "run past the year 9999"),
    (["roundrobin", "--players", "4", "--boards", "1", "--start", "2026-01-01 10:00", "--slot", "45m", "--sessions",
      "9" * 30], "at most 1440 slots a day"),
    (["roundrobin", "--players", "4", "--boards", "1", "--start", "2026-01-01 10:00", "--slot", "45m", "--sessions",
      "\u00b2"], "bad sessions"),
], ids=["rotation-tables", "simulate-players", "simulate-tables", "simulate-games", "slot-digits", "slot-years",
        "sessions-digits", "sessions-superscript"])
def test_sizes_given_as_options_are_usage_errors_not_memory_errors(tmp_path: Path, args: list[str],
                                                                   message: str) -> None:
    code, _, err = run(*[a.format(tmp=tmp_path) for a in args])
    assert code == exitcodes.USAGE, err
    assert message in err
    assert not (tmp_path / "s.db").exists()


# --------------------------------------------------------------------------- files and folders mistaken


@pytest.mark.parametrize("args", [
    ["validate", "{dir}"], ["event", "status", "{dir}"], ["event", "register", "{event}", "--csv", "{dir}"],
    ["event", "result", "{event}", "--csv", "{dir}"], ["roundrobin", "--names", "{dir}"],
    ["ratings", str(EXAMPLE), "--k", "{dir}"], ["generate", "--config", "{dir}"],
], ids=["validate", "event-file", "register", "result", "names", "k", "config"])
def test_a_folder_given_for_a_file_cannot_be_read(tmp_path: Path, event: Path, args: list[str]) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    code, _, err = run(*[a.format(dir=folder, event=event) for a in args])
    assert code == exitcodes.FILE_ERROR
    assert f"{folder}: it is a directory" in err


@pytest.mark.parametrize("args", [
    ["convert", str(EXAMPLE), "--to", "trf26", "-o", "/dev/full"],
    ["generate", "--players", "6", "--rounds", "2", "-o", "/dev/full"],
    ["roundrobin", "--players", "4", "--trf", "/dev/full"],
], ids=["convert", "generate", "roundrobin"])
def test_a_full_device_is_a_file_error(args: list[str]) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    code, _, err = run(*args)
    assert code == exitcodes.FILE_ERROR
    assert "cannot write /dev/full: No space left on device" in err


def test_crosscheck_state_on_a_full_disk_is_a_file_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An outcome that cannot be kept in ``--state`` (every write there is atomic: ENOSPC from the
    write) ends the run with exit 5, not an internal error."""
    import errno

    import trf.writer

    def no_space(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(trf.writer, "write_atomic", no_space)
    state = tmp_path / "state"
    code, _, err = run("crosscheck", "--engine", "false {input} {output}", "--state", state, "--count", "1",
                       "--players", "9-9", "--rounds", "5-5", "--jobs", "1")
    assert code == exitcodes.FILE_ERROR, err
    assert f"arbiter: cannot write in {state}: No space left on device" in err
