"""Every ``$ arbiter ...`` example of the README is run against the bundled files and its printed
output compared with the README's: the README shows real outputs.

A code block is one shell session, run in a fresh folder where ``fixtures/`` is the repository's
(so ``fixtures/example.trf`` reads as in a checkout, and files an example writes land in the
folder): each ``$`` line is run by ``bash`` (``export`` lines carry over; ``echo $?`` prints the
previous command's exit code), standard output and error together, and the lines that follow it
are its expected output.  An expected line ``...`` stands for any number of lines; trailing
blanks are not compared.  The README's own wording of elided long commands (a ``\\`` at the end
of a line) continues the command on the next line.

Blocks known not to match yet are listed in ``OWNED_ELSEWHERE`` with the reason
(strict expected failures: when they match, the test says so and the entry goes).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support import REPO

README = REPO / "README.md"
BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Step:
    line: int  # 1-based line of the README
    command: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class Session:
    line: int
    section: str
    steps: tuple[Step, ...]

    @property
    def id(self) -> str:
        first = self.steps[0].command.split()
        return f"README:{self.line}:{' '.join(first[:3])}"


def sessions(text: str) -> list[Session]:
    """The code blocks with ``$`` lines, in README order."""
    out: list[Session] = []
    lines = text.splitlines()
    section = ""
    i = 0
    while i < len(lines):
        if lines[i].startswith("#"):
            section = lines[i].lstrip("#").strip()
        if not lines[i].startswith("```"):
            i += 1
            continue
        start = i
        i += 1
        block: list[tuple[int, str]] = []
        while i < len(lines) and not lines[i].startswith("```"):
            block.append((i + 1, lines[i]))
            i += 1
        i += 1
        if not any(raw.startswith("$ ") for _, raw in block):
            continue
        steps: list[Step] = []
        k = 0
        while k < len(block):
            number, raw = block[k]
            if not raw.startswith("$ "):
                k += 1
                continue
            command = raw[2:]
            while command.endswith("\\") and k + 1 < len(block):
                k += 1
                command = command[:-1].rstrip() + " " + block[k][1].strip()
            k += 1
            expected = []
            while k < len(block) and not block[k][1].startswith("$ "):
                expected.append(block[k][1])
                k += 1
            steps.append(Step(number, command, tuple(expected)))
        out.append(Session(start + 1, section, tuple(steps)))
    return out


def matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """``expected`` (``...`` = any lines) against ``actual``, trailing blanks ignored."""
    want = [e.rstrip() for e in expected]
    got = [a.rstrip() for a in actual]
    while want and not want[-1]:
        want.pop()
    while got and not got[-1]:
        got.pop()

    def walk(i: int, j: int) -> bool:
        if i == len(want):
            return j == len(got)
        if want[i] == "...":
            return any(walk(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and got[j] == want[i] and walk(i + 1, j + 1)

    return walk(0, 0)


#: README blocks known not to match yet, by a part of their section's heading, and why.  Strict: an entry whose block matches fails, so that it is removed.
OWNED_ELSEWHERE: dict[str, str] = {
}


def run_session(session: Session, folder: Path) -> None:
    (folder / "fixtures").symlink_to(REPO / "fixtures")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "PYTHONIOENCODING")}
    env.update(NO_COLOR="1", TZ="UTC", SOURCE_DATE_EPOCH="1791018000",  # 2026-10-03 09:00 UTC, the event log's clock
               PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}")
    last = 0
    for step in session.steps:
        command = step.command.split("  #")[0].rstrip() if "  #" in step.command else step.command
        m = re.fullmatch(r"export (\w+)=(\S+)", command)
        if m:
            env[m.group(1)] = m.group(2)
            continue
        if command == "echo $?":
            output = [str(last)]
        else:
            proc = subprocess.run(["bash", "-c", command], cwd=folder, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, timeout=900)
            last = proc.returncode
            output = proc.stdout.splitlines()
        if not matches(step.expected, output):
            shown = "\n".join(output)
            want = "\n".join(step.expected)
            pytest.fail(f"README line {step.line}: `{command}` printed\n{shown}\n--- the README shows ---\n{want}")


ALL = sessions(README.read_text(encoding="utf-8"))


def _param(s: Session) -> object:
    marks = [pytest.mark.fast] if "check" not in s.id and "publish" not in s.id and "event" not in s.section else []
    for part, why in OWNED_ELSEWHERE.items():
        if part in s.section:
            marks.append(pytest.mark.xfail(strict=True, reason=why))
    return pytest.param(s, id=s.id, marks=marks)


@pytest.mark.parametrize("session", [_param(s) for s in ALL])
def test_readme_example(session: Session, tmp_path: Path) -> None:
    if shutil.which("bash") is None:  # pragma: no cover
        pytest.skip("bash is needed to run the README's shell lines")
    run_session(session, tmp_path)


def test_every_readme_command_is_an_example_here() -> None:
    """The parser of this file finds the README's examples (a format change would silently skip them)."""
    commands = [step.command for s in ALL for step in s.steps]
    assert len(ALL) >= 12 and any(c.startswith("arbiter show fixtures/example.trf") for c in commands)
    assert sum(c.startswith("arbiter ") for c in commands) >= 40


def test_the_matcher() -> None:
    assert matches(("a", "...", "d"), ["a", "b", "c", "d"])
    assert matches(("a", "...", "b"), ["a", "b"])
    assert not matches(("a", "b"), ["a", "c"])
    assert matches(("a  ",), ["a", ""])
    assert not matches(("a",), ["a", "b"])
