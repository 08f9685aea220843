"""The entry point's own ``pair --format bbp`` (:mod:`arbiter.launch`) against the full program.

Each command line runs twice in fresh processes: as the installed program runs it (``python -m
arbiter``: the entry point, which serves a plain ``pair --format bbp`` itself) and as the full
program alone (:func:`arbiter.cli.main`).  Standard output, standard error, the exit status and
the file written must be the same, byte for byte: on the command lines the entry point serves
(both editions of the Dutch system, Dubov, ``-o``, ``--opt=value``) and on those it hands over
(errors in the file, a refusal, an unknown edition, a missing file, ``-o`` naming the input,
other formats and options).  Then: what it serves loads neither typer nor rich, and what it hands
over it leaves untouched.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import trf
from arbiter import launch
from tests.support import FIXTURES, REPO
from trf.edit import cut_to_round
from verify.generate import GeneratorSettings, generate

pytestmark = pytest.mark.fast

EXAMPLE = FIXTURES / "example.trf"
DUBOV = FIXTURES / "dubov" / "dubov-rtg-t0049" / "r03.trf"

FULL = "import sys; sys.argv[0] = 'arbiter'; from arbiter.cli import main; main()"


def run(cwd: Path, entry: list[str], args: list[str]) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, *entry, *args], capture_output=True, text=True, cwd=cwd, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "COLUMNS": "100", "NO_COLOR": "1"})
    return proc.returncode, proc.stdout, proc.stderr


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with: the example cut before round 3; a 2017 event of 31 players (odd: a PAB)
    before round 4; the Dubov fixture; a file with an error; a file of a finished event."""
    folder = tmp_path_factory.mktemp("launch")
    t = trf.parse_file(EXAMPLE).tournament
    (folder / "example-r3.trf").write_text(trf.dumps(cut_to_round(t, 3)))
    (folder / "finished.trf").write_text(trf.dumps(t).replace("XXR 5", "XXR 3"))
    e17 = generate(GeneratorSettings(players=31, rounds=3, seed=5, rules="2017"))
    (folder / "d17.trf").write_text(trf.dumps(e17).replace("XXR 3", "XXR 5"))
    (folder / "dubov.trf").write_bytes(DUBOV.read_bytes())
    (folder / "broken.trf").write_bytes((FIXTURES / "invalid" / "broken.trf").read_bytes())
    return folder


SERVED = [
    ["pair", "example-r3.trf", "--format", "bbp"],
    ["pair", "--format=bbp", "example-r3.trf"],
    ["pair", "d17.trf", "--format", "bbp"],
    ["pair", "d17.trf", "--format", "bbp", "--rules", "2017"],
    ["pair", "d17.trf", "--rules", "2026", "--format", "bbp"],
    ["pair", "d17.trf", "--format", "bbp", "--system", "dutch"],
    ["pair", "dubov.trf", "--format", "bbp"],
    ["pair", "example-r3.trf", "--format", "bbp", "-o", "out.txt"],
    ["pair", "example-r3.trf", "--format", "bbp", "--output=out.txt"],
]

HANDED_OVER = [
    ["pair", "broken.trf", "--format", "bbp"],  # an error in the file: exit 3, the error listed
    ["pair", "finished.trf", "--format", "bbp"],  # past the last round: a refusal
    ["pair", "example-r3.trf", "--format", "bbp", "--rules", "2099"],  # no such edition: exit 2
    ["pair", "example-r3.trf", "--format", "bbp", "--system", "nonesuch"],
    ["pair", "missing.trf", "--format", "bbp"],  # exit 5
    ["pair", "example-r3.trf", "--format", "bbp", "-o", "example-r3.trf"],  # never over the input
    ["pair", "example-r3.trf", "--format", "bbp", "-o", "no-such-dir/out.txt"],  # cannot write: exit 5
    ["pair", "example-r3.trf"],  # the table: rich's
    ["pair", "example-r3.trf", "--format", "json"],
    ["pair", "example-r3.trf", "--format", "bbp", "--round", "2"],
    ["pair", "example-r3.trf", "--format", "bbp", "--json"],  # a conflict: exit 2
    ["pair", "example-r3.trf", "--format", "bbp", "--format", "bbp"],
    ["pair", "example-r3.trf", "--format"],
    ["pair", "example-r3.trf", "--format", "bbp", "--nonesuch"],
    ["--width", "80", "pair", "example-r3.trf", "--format", "bbp"],
]


@pytest.mark.parametrize("args", SERVED + HANDED_OVER, ids=lambda a: " ".join(a))
def test_the_entry_point_prints_what_the_full_program_prints(files: Path, args: list[str]) -> None:
    got, written = [], []
    for entry in (["-m", "arbiter"], ["-c", FULL]):
        out = files / "out.txt"
        out.unlink(missing_ok=True)
        got.append(run(files, entry, args))
        written.append(out.read_text() if out.exists() else None)
    assert got[0] == got[1]
    assert written[0] == written[1]
    if args in SERVED:
        assert got[0][0] == 0 and (got[0][1] or written[0])


def test_served_command_lines_are_served_and_load_neither_typer_nor_rich(files: Path) -> None:
    probe = ("import sys, json; sys.argv = ['arbiter', *sys.argv[1:]]\n"
             "from arbiter.launch import main\n"
             "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code\n"
             "sys.stderr.write(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n")
    code, out, err = run(files, ["-c", probe], ["pair", "d17.trf", "--format", "bbp", "--rules", "2017"])
    report = json.loads(err)
    lines = out.splitlines()  # 31 players: 15 games and the PAB, which the format lists as a pair with 0
    assert report["code"] == 0 and lines[0] == "16" and len(lines) == 17 and lines[-1].endswith(" 0")
    packages = {m.partition(".")[0] for m in report["modules"]}
    assert not packages & {"typer", "rich", "click"}
    assert "arbiter.cli" not in report["modules"]


@pytest.mark.parametrize("args", HANDED_OVER, ids=lambda a: " ".join(a))
def test_command_lines_not_plain_are_handed_over_untouched(files: Path, args: list[str],
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(files)
    (files / "out.txt").unlink(missing_ok=True)
    assert launch.quick(args) is None
    assert capsys.readouterr() == ("", "")
    assert not (files / "out.txt").exists() and not (files / "no-such-dir").exists()
