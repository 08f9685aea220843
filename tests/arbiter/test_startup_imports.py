"""What a command loads: only its own command module and the library packages it calls.

Each case runs the command line in a fresh process (``python -m arbiter``) and reads
``sys.modules`` at exit, so what is checked is what a user's run imports.  The cache folder is a
temporary one: a first run stores the grammar's parser there and the later ones read it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter import exitcodes
from tests.support import FIXTURES, REPO

pytestmark = pytest.mark.fast

EXAMPLE = FIXTURES / "example.trf"
EXAMPLE_2026 = FIXTURES / "golden" / "convert_example_trf26.trf"  # the same tournament as TRF-2026, with a 240 record

# Runs the command line as ``python -m arbiter`` does, then prints the modules loaded as JSON on
# standard error's last line (after whatever the command printed).
_PROBE = """
import json, sys
sys.argv = ["arbiter", *sys.argv[1:]]
try:
    from arbiter.cli import main
    main()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
sys.stderr.write("\\n" + json.dumps({"code": code, "modules": sorted(sys.modules)}) + "\\n")
"""

COMMAND_MODULES = {"arbiter.cli_files", "arbiter.cli_pair", "arbiter.cli_generate", "arbiter.cli_check",
                   "arbiter.cli_standings", "arbiter.cli_ratings", "arbiter.cli_roundrobin", "arbiter.cli_publish",
                   "arbiter.cli_conformance", "arbiter.cli_crosscheck", "arbiter.cli_systems", "arbiter.cli_rotation",
                   "arbiter.cli_event"}
ENGINES = ("pairing", "checker", "tiebreaks", "ratings", "roundrobin", "rotation", "event", "parallel")


def loaded(cache: Path, *args: str) -> tuple[int, set[str], str]:
    """Exit code, modules loaded and standard output of ``arbiter ARGS`` in a fresh process."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "COLUMNS": "100", "NO_COLOR": "1"}
    proc = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, env=env, cwd=REPO,
                          timeout=120)
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"]), proc.stdout


def packages(modules: set[str]) -> set[str]:
    return {m.partition(".")[0] for m in modules}


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding the stored parser (made by a first run)."""
    folder = tmp_path_factory.mktemp("cache")
    code, modules, _ = loaded(folder, "validate", str(EXAMPLE_2026))
    assert code == exitcodes.OK and "lark" in modules
    return folder


def test_validate_imports_its_command_module_and_the_reader_only(cache: Path) -> None:
    code, modules, out = loaded(cache, "validate", str(EXAMPLE))
    assert code == exitcodes.OK and "valid (8 players" in out
    assert modules & COMMAND_MODULES == {"arbiter.cli_files"}
    assert not packages(modules) & set(ENGINES)
    assert {"trf.parser", "trf.validate"} <= modules
    assert "rich.table" not in modules  # nothing to lay out
    assert "lark" not in packages(modules) and "_arbiter_trf_grammar" not in modules  # every line read directly


def test_a_file_that_needs_the_grammar_runs_the_stored_parser(cache: Path) -> None:
    code, modules, out = loaded(cache, "validate", str(EXAMPLE_2026))
    assert code == exitcodes.OK and "valid (8 players" in out
    assert "_arbiter_trf_grammar" in modules and "lark" not in packages(modules)  # not lark's grammar compiler


def test_show_lays_out_a_table_without_the_engines(cache: Path) -> None:
    code, modules, out = loaded(cache, "show", str(EXAMPLE))
    assert code == exitcodes.OK and "Lindqvist" in out
    assert modules & COMMAND_MODULES == {"arbiter.cli_files"}
    assert not packages(modules) & set(ENGINES)
    assert "rich.table" in modules


def test_pair_imports_the_engine_but_not_the_checker_nor_the_generator(cache: Path) -> None:
    code, modules, out = loaded(cache, "pair", str(EXAMPLE), "--format", "bbp")
    assert code == exitcodes.OK and out == "3\n2 1\n4 5\n7 8\n"
    assert modules & COMMAND_MODULES == {"arbiter.cli_pair"}
    assert "pairing.rounds" in modules
    assert not packages(modules) & {"checker", "tiebreaks", "ratings", "rotation", "event", "parallel"}
    assert not {"verify.generate", "arbiter.rtg", "arbiter.workers", "concurrent.futures", "rich.table"} & modules


def test_help_loads_every_command_and_lists_them_in_order(cache: Path) -> None:
    code, modules, out = loaded(cache, "--help")
    assert code == exitcodes.OK
    assert COMMAND_MODULES <= modules
    names = [m.group(1) for m in re.finditer(r"^│ ([a-z]+) {2,}\S", out, re.M)]  # the Commands panel's rows
    assert names == ["validate", "show", "convert", "pair", "generate", "check", "standings", "ratings", "report",
                     "roundrobin", "publish", "conformance", "crosscheck", "systems", "rotation", "event"]


def test_an_unknown_command_names_them_all_with_the_near_one(cache: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    proc = subprocess.run([sys.executable, "-m", "arbiter", "sho", str(EXAMPLE)], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=120)
    assert proc.returncode == exitcodes.USAGE
    assert "unknown command 'sho'; did you mean 'show'? (commands:" in proc.stderr
    assert "(commands: check, conformance, convert, crosscheck, event, generate, pair, publish, ratings, report, rotation, " \
           "roundrobin, show, standings, systems, validate)" in proc.stderr


def test_a_group_of_commands_runs_from_its_module(cache: Path) -> None:
    code, modules, out = loaded(cache, "rotation", "--help")
    assert code == exitcodes.OK and "Club-night rotation" in out
    assert modules & COMMAND_MODULES == {"arbiter.cli_rotation"}


# The console script's entry point (``arbiter.launch:main``, as the installed ``arbiter`` runs it),
# reporting the modules its run added to those the interpreter's own start loaded (a development
# install's import hooks load some of them before any of the program).
_LAUNCH_PROBE = """
import json, sys
before = set(sys.modules)
sys.argv = ["arbiter", *sys.argv[1:]]
try:
    from arbiter.launch import main
    main()
except SystemExit as exc:
    code = exc.code
sys.stderr.write("\\n" + json.dumps({"code": code, "modules": sorted(set(sys.modules) - before)}) + "\\n")
"""

#: What a served ``pair --format bbp`` of a file whose lines are all read directly must not load:
#: the framework, the full program, the writer, the grammar and its parser, the layout of two-game
#: matches (a file of one game per round), and standard modules that cost start-up time without
#: use here: typing (the library's type names are for the type checker), copy (only
#: :mod:`dataclasses` imports it, for ``asdict``: :mod:`arbiter.compiled`), contextlib,
#: importlib's package and warnings, zlib, pathlib.
NOT_IN_A_PAIRING_CALL = {"typer", "rich", "click", "arbiter.cli", "arbiter.cli_pair", "trf.writer", "trf.grammar",
                         "trf.matches", "lark", "_arbiter_trf_grammar", "checker", "typing", "copy", "contextlib",
                         "importlib", "warnings", "zlib", "pathlib"}
#: What Python 3.11's dataclasses imports for what no pairing call asks (:mod:`arbiter.compiled`;
#: from 3.12 it reads every class's annotations with inspect, which the first class then loads).
INSPECT_AND_WHAT_IT_BRINGS = {"inspect", "ast", "dis", "tokenize", "linecache"}


def test_the_entry_points_own_pair_loads_the_engine_and_nothing_it_does_not_use(cache: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    proc = subprocess.run([sys.executable, "-c", _LAUNCH_PROBE, "pair", str(EXAMPLE), "--format", "bbp"],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report["code"] == exitcodes.OK and proc.stdout == "3\n2 1\n4 5\n7 8\n"
    added = set(report["modules"])
    assert {"arbiter.launch", "trf.parser", "pairing.dutch.engine", "dataclasses"} <= added
    assert not (added | packages(added)) & NOT_IN_A_PAIRING_CALL
    if sys.version_info < (3, 12):
        assert not added & INSPECT_AND_WHAT_IT_BRINGS
