"""Small things a new user meets in the first hour: a suggestion for a mistyped command asked as a
question, options that choose different outputs refused instead of one silently ignored, the
help listing each command in one complete sentence, and a table split for a narrow terminal
titled in words."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from tests.support import REPO

EXAMPLE = REPO / "fixtures" / "example.trf"
ENV = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}

pytestmark = pytest.mark.fast


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "100", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def program(args: list[str], columns: int | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(ENV, **({"COLUMNS": str(columns)} if columns else {}))
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True, text=True, env=env, cwd=REPO,
                          timeout=300)


# ---------------------------------------------------------------- did you mean ...?

@pytest.mark.parametrize("args, line", [
    (["pari", str(EXAMPLE)], "arbiter: unknown command 'pari'; did you mean 'pair'? (commands: check, "),
    (["event", "statsu", "x.trf"], "arbiter event: unknown command 'statsu'; did you mean 'status'? (commands: boards, "),
    (["rotation", "nxt"], "arbiter rotation: unknown command 'nxt'; did you mean 'next'? (commands: arrive, "),
    (["pair", str(EXAMPLE), "--jsno"], "arbiter pair: unknown option --jsno; did you mean --json? (see arbiter pair --help)"),
])
def test_a_suggestion_is_a_question(args: list[str], line: str) -> None:
    code, _, err = run(*args)
    assert code == exitcodes.USAGE
    assert err.startswith(line), err
    assert len(err.strip().splitlines()) == 1
    # every "did you mean" ends its suggestion with a question mark
    assert all(m.group(1).rstrip().endswith("?") for m in re.finditer(r"did you mean ([^(;]*)", err, re.I))


def test_no_suggestion_when_nothing_is_near() -> None:
    code, _, err = run("zzzz")
    assert code == exitcodes.USAGE
    assert err.startswith("arbiter: unknown command 'zzzz' (commands: check, ") and "mean" not in err


# ---------------------------------------------------------------- options choosing different outputs

def _event_file(tmp_path: Path) -> str:
    path = tmp_path / "event.trf"
    shutil.copy(EXAMPLE, path)
    return str(path)


CONFLICTS = [
    (["pair", "{example}", "--json", "--format", "bbp"], ("--json", "--format bbp")),
    (["pair", "{example}", "--format", "table", "--json"], ("--json", "--format table")),
    (["pair", "{example}", "--format", "trf", "--json"], ("--json", "--format trf")),
    (["standings", "{example}", "--json", "--csv"], ("--json", "--csv")),
    (["standings", "{example}", "--csv", "--format", "json"], ("--csv", "--format json")),
    (["standings", "{example}", "--json", "--format", "table"], ("--json", "--format table")),
    (["check", "{example}", "--json", "--format", "bbp"], ("--json", "--format bbp")),
    (["check", "{example}", "--json", "--csv"], ("--json", "--csv")),
    (["check", "{example}", "--csv", "--format", "report"], ("--csv", "--format report")),
    (["ratings", "{example}", "--json", "--csv"], ("--json", "--csv")),
    (["report", "{example}", "--json", "--csv"], ("--json", "--csv")),
    (["roundrobin", "--players", "4", "--json", "--csv"], ("--json", "--csv")),
    (["event", "boards", "{event}", "--json", "--csv"], ("--json", "--csv")),
]


@pytest.mark.parametrize("args, flags", CONFLICTS, ids=[" ".join(a) for a, _ in CONFLICTS])
def test_options_choosing_different_outputs_are_refused(tmp_path: Path, args: list[str], flags: tuple[str, str]) -> None:
    """Never one of them silently ignored (``--json --format bbp`` used to print JSON): exit 2,
    one line naming both, and nothing else printed but the error object a ``--json`` asks for."""
    argv = [a.format(example=EXAMPLE, event=_event_file(tmp_path)) for a in args]
    code, out, err = run(*argv)
    assert code == exitcodes.USAGE, (out, err)
    assert err.strip() == f"arbiter: {flags[0]} and {flags[1]} conflict: each chooses what is printed; give one of them"
    if "--json" in argv or "--format json" in " ".join(argv):
        assert json.loads(out)["exit_code"] == exitcodes.USAGE
    else:
        assert out == ""


@pytest.mark.parametrize("args, same", [
    (["pair", str(EXAMPLE), "--json", "--format", "json"], ["pair", str(EXAMPLE), "--json"]),
    (["standings", str(EXAMPLE), "--csv", "--format", "csv"], ["standings", str(EXAMPLE), "--csv"]),
    (["check", str(EXAMPLE), "--no-engine", "--json", "--format", "json"], ["check", str(EXAMPLE), "--no-engine", "--json"]),
])
def test_one_output_asked_twice_is_no_conflict(args: list[str], same: list[str]) -> None:
    assert run(*args) == run(*same)


@pytest.mark.parametrize("args, line", [
    (["standings", str(EXAMPLE), "--explain", "4", "--csv"],
     "--explain shows one player's rounds as a table or JSON: --csv has no layout for them"),
    (["standings", str(EXAMPLE), "--explain", "4", "--format", "csv"],
     "--explain shows one player's rounds as a table or JSON: --format csv has no layout for them"),
    (["standings", str(EXAMPLE), "--explain", "4", "--check"],
     "--explain and --check conflict: one shows a player's rounds, the other checks the rank column; run them one "
     "at a time"),
    (["roundrobin", "--players", "4", "--name", "Club RR"], "--name names the tournament in the --trf file: give --trf too"),
    (["roundrobin", "--players", "4", "--sessions", "4"],
     "--sessions lays out a timetable: give --boards, --start and --slot too"),
])
def test_an_option_that_would_be_ignored_is_refused(args: list[str], line: str) -> None:
    """``standings --explain`` printed its table whatever --csv said and never checked the
    ranks --check asked for; ``roundrobin --name`` and ``--sessions`` do nothing without the
    output they shape."""
    code, out, err = run(*args)
    assert code == exitcodes.USAGE
    assert err.strip() == f"arbiter: {line}" and out == ""


# ---------------------------------------------------------------- --help: one sentence per command

def _commands_panel(text: str) -> list[str]:
    """The rows of the help's Commands panel."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("╭─ Commands"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("╰"))
    return lines[start + 1:end]


@pytest.mark.parametrize("group", [[], ["event"], ["rotation"]], ids=["arbiter", "event", "rotation"])
def test_help_lists_each_command_in_one_complete_sentence(group: list[str]) -> None:
    """At 80 columns each command is one line of the Commands panel whose description is a whole
    sentence (the descriptions used to be the whole docstring, broken where its source lines
    broke: "... round's opponent, colour and" / "result; ...")."""
    proc = program([*group, "--help"], columns=80)
    assert proc.returncode == 0
    rows = _commands_panel(proc.stdout)
    names = []
    for row in rows:
        assert len(row) <= 80
        m = re.match(r"^│ (\S+) +(\S.*?) *│$", row)
        assert m, f"a description wrapped onto a second line: {row!r}"
        names.append(m.group(1))
        text = m.group(2)
        assert text[0].isupper() and text.endswith(".") and not text.endswith(".."), row
    import typer

    from arbiter.cli import app as the_app

    command = typer.main.get_command(the_app)
    ctx = typer.Context(command)
    for name in group:
        command = command.get_command(ctx, name)  # type: ignore[attr-defined]
    assert sorted(names) == sorted(command.list_commands(ctx))  # type: ignore[attr-defined]


# ---------------------------------------------------------------- tables split for a narrow line

def _parts(text: str) -> list[tuple[str, int, int, list[str]]]:
    """Each part of a split table: its title's column words, n, of N, and the headers it shows."""
    lines = text.splitlines()
    out = []
    for i, ln in enumerate(lines):
        m = re.search(r"\b(columns? .+?) \(part (\d+) of (\d+)\)", ln)
        if m:
            head = next(h for h in lines[i + 1:] if "┃" in h and re.search(r"[A-Za-z]", h))
            heads = [h.strip() for h in head.strip("┃ ").split("┃")]
            out.append((m.group(1), int(m.group(2)), int(m.group(3)), heads))
    return out


def _named(heads: list[str]) -> str:
    if len(heads) == 1:
        return f"column {heads[0]}"
    if len(heads) == 2:
        return f"columns {heads[0]} and {heads[1]}"
    return f"columns {heads[0]} to {heads[-1]}"


@pytest.mark.parametrize("width", [40, 60])
@pytest.mark.parametrize("args, kept", [
    (["show", str(EXAMPLE)], ["Rk", "No", "Name"]),
    (["standings", str(EXAMPLE), "--tiebreaks", "BH/C1,BH,SB,DE,WIN"], ["Pl", "No", "Name"]),
])
def test_a_split_table_names_its_columns_in_words(args: list[str], kept: list[str], width: int) -> None:
    """``columns Rtg to R2 (part 1 of 2)``, not ``(Rtg-R2, part 1 of 2)``: each part's title
    names the columns it shows besides the repeated ones, and the parts are numbered 1 to N."""
    text = program(["--width", str(width), *args]).stdout
    assert not re.search(r"\(\S+-\S+, part \d", text)
    parts = _parts(text)
    assert len(parts) >= 2
    assert [n for _, n, _, _ in parts] == list(range(1, len(parts) + 1))
    assert {total for _, _, total, _ in parts} == {len(parts)}
    for words, _, _, heads in parts:
        assert heads[:3] == kept
        assert words == _named(heads[3:])
    assert all(len(ln) <= width for ln in text.splitlines())


@pytest.mark.parametrize("args", [["show", str(EXAMPLE)], ["standings", str(EXAMPLE)]])
def test_a_pipe_gets_the_table_whole(args: list[str]) -> None:
    text = program(args).stdout
    assert "(part " not in text and "columns " not in text


def test_explain_on_a_narrow_line_cuts_no_header_and_shows_a_dash_for_de_not_applied() -> None:
    """``--explain`` at 40 columns: rich's layout shrank the "Counted for BH" header to
    ``Count…`` although the table's minimum width fitted; the part is now split further.  DE,
    not applied to a player no longer tied (C.07 art. 4.2), reads ``DE -``, not ``DE ,``."""
    text = program(["--width", "40", "standings", str(EXAMPLE), "--explain", "4"]).stdout
    assert "…" not in text
    assert "Counted for BH" in text
    assert "DE -," in text and "DE ," not in text
