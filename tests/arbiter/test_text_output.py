"""Human output survives a pipe and a narrow terminal: every table command, written to a file
(its natural width) and laid out for 80 columns (``--width 80`` and a real 80-column terminal),
keeps every board number, start number, point and value; no cell is cut (no ``…``); colours obey
``NO_COLOR``.

The expected values come from the model and from each command's ``--json`` (a different
renderer), never from the text under test."""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from arbiter.render import entry_cell
from tests.support import REPO, shared_corpus
from trf import parse_file
from trf.writer import fmt_points

EXAMPLE = REPO / "fixtures" / "example.trf"
ENV = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}


def run(args: list[str], width: int | None = None, env: dict[str, str] | None = None) -> str:
    """The command's standard output when it goes to a pipe (``width``: with ``--width``)."""
    cmd = [sys.executable, "-m", "arbiter"] + (["--width", str(width)] if width else []) + args
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env or ENV, cwd=REPO, timeout=600)
    assert proc.returncode in (0, 4), proc.stderr
    return proc.stdout


def run_tty(args: list[str], columns: int = 80, extra_env: dict[str, str] | None = None) -> str:
    """The command's output on a real terminal of ``columns`` columns (a pseudo-terminal)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = dict(ENV, TERM="xterm-256color", **(extra_env or {}))
    proc = subprocess.Popen([sys.executable, "-m", "arbiter"] + args, stdin=slave, stdout=slave, stderr=slave,
                            env=env, cwd=REPO, close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        if not ready:
            proc.kill()
            break
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")


ANSI = re.compile(r"\x1b\[([0-9;]*)m")


def plain(text: str) -> str:
    return ANSI.sub("", text)


def cells(text: str) -> list[list[str]]:
    """The rows of every table in ``text``, as lists of stripped cells."""
    out = []
    for line in plain(text).splitlines():
        if "│" in line or "┃" in line:
            out.append([c.strip() for c in re.split("[│┃]", line)])
    return out


def assert_fits(text: str, width: int) -> None:
    lines = plain(text).splitlines()
    assert lines, "no output"
    too_long = [ln for ln in lines if len(ln) > width]
    assert not too_long, f"{len(too_long)} line(s) wider than {width}: {too_long[0]!r}"
    assert "…" not in text, "a cell was cut"


# --------------------------------------------------------------------------- pair


def _gros() -> Path:
    return shared_corpus() / "real" / "gros_r5.trfx"


@pytest.mark.corpus
@pytest.mark.parametrize("mode", ["pipe", "width80", "tty80"])
def test_pair_keeps_boards_start_numbers_and_points(mode: str) -> None:
    path = str(_gros())
    expected = json.loads(run(["pair", path, "--json"]))
    text = {"pipe": lambda: run(["pair", path]), "width80": lambda: run(["pair", path], width=80),
            "tty80": lambda: run_tty(["pair", path])}[mode]()
    if mode != "pipe":
        assert_fits(text, 80)
    assert "…" not in text
    rows = [r for r in cells(text) if len(r) > 2 and r[1].isdigit()]
    by_board = {int(r[1]): r for r in rows}
    for b in expected["boards"]:
        row = by_board[b["board"]]
        assert row[2] == str(b["white"]["start_rank"]) and row[-2] == str(b["black"]["start_rank"]), row
        assert row[4] == b["white"]["points"] and row[5] == b["black"]["points"], row
    assert len(by_board) == len(expected["boards"])


# --------------------------------------------------------------------------- show (cross-table)


def _check_crosstable(text: str, path: Path) -> None:
    """Every player's rank, start number, points and every round cell, whether the table is whole
    or split into parts (each part repeats Rk, No and Name)."""
    t = parse_file(path).tournament
    got: dict[int, list[str]] = {}
    heads: list[str] = []
    for row in cells(text):
        if len(row) < 4:
            continue
        if row[1] == "Rk":
            heads = row
            continue
        if row[2].isdigit():
            got.setdefault(int(row[2]), []).extend(f"{h}={c}" for h, c in zip(heads, row) if h)
    assert set(got) == set(t.player_by_rank)
    for p in t.players:
        seen = got[p.start_rank]
        assert f"Pts={fmt_points(t.score(p.start_rank, t.rounds_paired))}" in seen
        for r in range(1, t.round_columns + 1):
            want = entry_cell(p.entry(r)).strip()
            assert f"R{r}={want}" in seen, (p.start_rank, r, want)


@pytest.mark.corpus
@pytest.mark.parametrize("mode", ["pipe", "width80", "tty80"])
def test_show_keeps_every_cell(mode: str) -> None:
    path = shared_corpus() / "real" / "karlmala2005.trf"
    text = {"pipe": lambda: run(["show", str(path)]), "width80": lambda: run(["show", str(path)], width=80),
            "tty80": lambda: run_tty(["show", str(path)])}[mode]()
    if mode != "pipe":
        assert_fits(text, 80)
    assert "…" not in text
    _check_crosstable(text, path)


@pytest.mark.fast
@pytest.mark.parametrize("width", [None, 80, 60, 40, 24])
def test_show_example_at_any_width(width: int | None) -> None:
    text = run(["show", str(EXAMPLE)], width=width)
    if width:
        assert_fits(text, width)
    if width == 24:  # too narrow for a table: one "header: value" block per player
        t = parse_file(EXAMPLE).tournament
        for p in t.players:
            assert f"No: {p.start_rank}" in text
        return
    _check_crosstable(text, EXAMPLE)


# --------------------------------------------------------------------------- standings, ratings, check, roundrobin


@pytest.mark.corpus
@pytest.mark.parametrize("width", [None, 80])
def test_standings_keep_places_points_and_tiebreaks(width: int | None) -> None:
    path = str(shared_corpus() / "real" / "karlmala2005.trf")
    data = json.loads(run(["standings", path, "--json"]))
    text = run(["standings", path], width=width)
    if width:
        assert_fits(text, width)
    codes = [tb["code"] for tb in data["tiebreaks"]]
    got: dict[int, dict[str, str]] = {}
    heads: list[str] = []
    for row in cells(text):
        if len(row) > 3 and row[1] == "Pl":
            heads = row
        elif len(row) > 3 and row[2].isdigit():
            got.setdefault(int(row[2]), {}).update({h: c for h, c in zip(heads, row) if h})
    for s in data["standings"]:
        row = got[s["start_rank"]]
        assert row["Pl"] == s["place"] and row["Pts"] == s["points"]
        for code in codes:
            assert row[code] == s["tiebreaks"][code], (s["start_rank"], code)


@pytest.mark.corpus
@pytest.mark.parametrize("width", [None, 80])
def test_ratings_keep_every_change(width: int | None) -> None:
    path = str(shared_corpus() / "real" / "karlmala2005.trf")
    data = json.loads(run(["ratings", path, "--json"]))
    text = run(["ratings", path], width=width)
    if width:
        assert_fits(text, width)
    got: dict[int, dict[str, str]] = {}
    heads: list[str] = []
    for row in cells(text):
        if len(row) > 3 and row[1] == "No":
            heads = row
        elif len(row) > 3 and row[1].isdigit():
            got.setdefault(int(row[1]), {}).update({h: c for h, c in zip(heads, row) if h})
    assert set(got) == {p["start_rank"] for p in data["players"]}
    for p in data["players"]:
        if p["change_rounded"] is not None:
            r = int(p["change_rounded"])
            assert got[p["start_rank"]]["Rounded"] == (f"{r:+d}" if r else "0")
        assert got[p["start_rank"]]["Games"] == str(len(p["games"]))


@pytest.mark.fast
def test_check_brackets_at_80_columns() -> None:
    data = json.loads(run(["check", str(EXAMPLE), "--json", "--no-engine"]))
    text = run(["check", str(EXAMPLE), "--brackets", "--no-engine"], width=80)
    assert_fits(text, 80)
    for rnd in data["rounds"]:
        for b in rnd["brackets"]:
            assert any(f" {b['bracket']} " in ln and f" {b['score']} " in ln for ln in plain(text).splitlines())


@pytest.mark.fast
@pytest.mark.parametrize("width", [None, 80])
def test_roundrobin_keeps_every_game(width: int | None) -> None:
    data = json.loads(run(["roundrobin", "--players", "20", "--json"]))
    text = run(["roundrobin", "--players", "20"], width=width)
    if width:
        assert_fits(text, width)
    rows = {}
    for row in cells(text):
        if len(row) >= 2 and row[0].isdigit():
            rows.setdefault(int(row[0]), []).extend(row[1:])
    for rnd in data["rounds"]:
        games = {f"{b['white']}-{b['black']}" for b in rnd["boards"]}
        assert games <= set(rows[rnd["round"]]), rnd["round"]


@pytest.mark.fast
def test_standings_explain_at_80_columns() -> None:
    data = json.loads(run(["standings", str(EXAMPLE), "--explain", "4", "--json"]))
    text = run(["standings", str(EXAMPLE), "--explain", "4"], width=80)
    assert_fits(text, 80)
    flat = " ".join(plain(text).split())
    for r in data["rounds"]:
        assert r["opponent_score_counted"] in flat and r["sb_contribution"] in flat


# --------------------------------------------------------------------------- colour


SGR_COLOUR = re.compile(r"^(3[0-8]|9[0-7]|4[0-8]|10[0-7])$")


def _colours_used(text: str) -> bool:
    return any(SGR_COLOUR.match(p) for m in ANSI.finditer(text) for p in m.group(1).split(";"))


@pytest.mark.fast
def test_no_color_is_respected_on_a_terminal() -> None:
    args = ["validate", str(EXAMPLE)]
    assert _colours_used(run_tty(args)), "a terminal gets colours by default"
    assert not _colours_used(run_tty(args, extra_env={"NO_COLOR": "1"}))
    assert "\x1b[" not in run(args), "a pipe gets no escape codes at all"


@pytest.mark.fast
@pytest.mark.parametrize("args", [["show"], ["pair"], ["standings"]])
def test_names_are_printed_as_written(tmp_path: Path, args: list[str]) -> None:
    """Names and the event's name are text, not console markup: brackets and colon-words (a
    nickname ``[ger]``, ``:smile:``) print as written, in a pipe and on a terminal."""
    text = EXAMPLE.read_text(encoding="utf-8")
    odd = {"Lindqvist, Erik": "Lind [ger], Erik", "Okafor, Adaeze": "Okafor :smile: A"}
    for old, new in odd.items():
        text = text.replace(old.ljust(33), new.ljust(33))
    text = text.replace("012 Riverside Autumn Open 2026", "012 [bold]Riverside[/bold] Open")
    path = tmp_path / "odd.trf"
    path.write_text(text, encoding="utf-8")
    names = [p.name for p in parse_file(path).tournament.players]
    assert set(odd.values()) <= set(names)  # the file says what the test expects it to say
    for output in (run(args + [str(path)]), run_tty(args + [str(path)], columns=200)):
        flat = re.sub(r"\x1b\[[0-9;]*m", "", output)
        for name in odd.values():
            assert name in flat
        if args == ["show"]:
            assert "[bold]Riverside[/bold] Open" in flat


def test_a_width_given_once_does_not_stay_for_the_next_command_in_the_same_process(tmp_path: Path) -> None:
    # a library or a test runs several commands in one process: `--width 40` lays out that
    # command only; the next one, without it, writes its message whole to the pipe again
    from typer.testing import CliRunner

    from arbiter.cli import app

    missing = tmp_path / ("a-file-name-long-enough-to-pass-forty-columns-" * 3 + ".trf")
    runner = CliRunner()
    narrow = runner.invoke(app, ["--width", "40", "validate", str(missing)])
    again = runner.invoke(app, ["validate", str(missing)])
    assert narrow.exit_code == again.exit_code != 0
    assert "\n" in narrow.output.strip() and "\n" not in again.output.strip()
