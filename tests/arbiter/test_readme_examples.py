"""Every ``$ arbiter ...`` example of the README and of every page of the documentation site
(``docs/**/*.md``) is run against the bundled files and its printed output compared with the
page's: the pages show real outputs.  A test's id is ``PAGE:LINE:COMMAND``.

A code block is one shell session, run in a fresh folder where ``fixtures/`` is the repository's
(so ``fixtures/example.trf`` reads as in a checkout, and files an example writes land in the
folder): each ``$`` line is run by ``bash`` (``export`` lines carry over; ``echo $?`` prints the
previous command's exit code), standard output and error together, and the lines that follow it
are its expected output.  An expected line ``...`` stands for any number of lines; trailing
blanks are not compared.  The README's own wording of elided long commands (a ``\\`` at the end
of a line) continues the command on the next line.

Blocks known not to match yet are listed in ``OWNED_ELSEWHERE`` with the reason
(strict expected failures: when they match, the test says so and the entry goes).

After a change that alters what a command prints, re-run a page's examples and write their new
outputs into it (a diff of each page is printed; read it before committing)::

    python -m tests.arbiter.test_readme_examples --update README.md docs/event.md
    python -m tests.arbiter.test_readme_examples --update --all

An expected output that still matches is left as written; one that does not is replaced by the
new output, keeping the page's elisions where it can (the lines before the first ``...`` and after
the last one are taken from the new output, the elided middle stays elided).
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
DOCS = REPO / "docs"
BIN = Path(sys.executable).parent


def pages() -> list[Path]:
    """The README and every page of the documentation site, in a stable order."""
    return [README] + sorted(DOCS.rglob("*.md"))


def page_name(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


@dataclass(frozen=True)
class Step:
    line: int  # 1-based line of the page where the command starts
    command: str
    expected: tuple[str, ...]
    output_line: int = 0  # 1-based line of the page where its expected output starts


@dataclass(frozen=True)
class Session:
    line: int
    section: str
    steps: tuple[Step, ...]
    page: str = "README.md"

    @property
    def id(self) -> str:
        first = self.steps[0].command.split()
        return f"{self.page}:{self.line}:{' '.join(first[:3])}"


def sessions(text: str, page: str = "README.md") -> list[Session]:
    """The code blocks with ``$`` lines, in the page's order."""
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
            output_line = block[k][0] if k < len(block) else i  # i: the closing fence's line
            expected = []
            while k < len(block) and not block[k][1].startswith("$ "):
                expected.append(block[k][1])
                k += 1
            steps.append(Step(number, command, tuple(expected), output_line))
        out.append(Session(start + 1, section, tuple(steps), page))
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


#: Blocks known not to match yet, by a part of their section's heading, and why.  Strict: an entry whose block matches fails, so that it is removed.
OWNED_ELSEWHERE: dict[str, str] = {
}


def outputs(session: Session, folder: Path) -> list[list[str]]:
    """What each step of ``session`` prints, run in ``folder`` (see the module's docstring)."""
    (folder / "fixtures").symlink_to(REPO / "fixtures")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "PYTHONIOENCODING")}
    env.update(NO_COLOR="1", TZ="UTC", SOURCE_DATE_EPOCH="1791018000",  # 2026-10-03 09:00 UTC, the event log's clock
               PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
               PYTHONPATH=os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p))  # this checkout's code
    last = 0
    printed: list[list[str]] = []
    for step in session.steps:
        command = step.command.split("  #")[0].rstrip() if "  #" in step.command else step.command
        m = re.fullmatch(r"export (\w+)=(\S+)", command)
        if m:
            env[m.group(1)] = m.group(2)
            printed.append([])
            continue
        if command == "echo $?":
            output = [str(last)]
        else:
            proc = subprocess.run(["bash", "-c", command], cwd=folder, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, timeout=900)
            last = proc.returncode
            output = proc.stdout.splitlines()
        printed.append(output)
    return printed


def run_session(session: Session, folder: Path) -> None:
    for step, output in zip(session.steps, outputs(session, folder)):
        if not matches(step.expected, output):
            shown = "\n".join(output)
            want = "\n".join(step.expected)
            pytest.fail(f"{session.page} line {step.line}: `{step.command}` printed\n{shown}\n--- the page shows ---\n{want}")


ALL = [s for path in pages() for s in sessions(path.read_text(encoding="utf-8"), page_name(path))]

#: commands slower than the quick subset wants (the checker's search, a published site, an event's saves)
SLOW = ("arbiter check", "arbiter publish", "arbiter event", "arbiter crosscheck", "arbiter rotation simulate")


def _param(s: Session) -> object:
    slow = any(step.command.startswith(SLOW) for step in s.steps) or "event" in s.section
    marks = [] if slow else [pytest.mark.fast]
    for part, why in OWNED_ELSEWHERE.items():
        if part in s.section:
            marks.append(pytest.mark.xfail(strict=True, reason=why))
    return pytest.param(s, id=s.id, marks=marks)


@pytest.mark.parametrize("session", [_param(s) for s in ALL])
def test_readme_example(session: Session, tmp_path: Path) -> None:
    if shutil.which("bash") is None:  # pragma: no cover
        pytest.skip("bash is needed to run the README's shell lines")
    run_session(session, tmp_path)


def test_every_page_command_is_an_example_here() -> None:
    """The parser of this file finds the pages' examples (a format change would silently skip them)."""
    commands = [step.command for s in ALL for step in s.steps]
    assert len(ALL) >= 24 and any(c.startswith("arbiter show fixtures/example.trf") for c in commands)
    assert sum(c.startswith("arbiter ") for c in commands) >= 100
    by_page = {s.page for s in ALL}
    assert {"README.md", "docs/pair.md", "docs/check.md", "docs/event.md", "docs/publish.md", "docs/fide-mode.md",
            "docs/team-event.md", "docs/rotation.md", "docs/roundrobin.md", "docs/ratings.md", "docs/files.md"} <= by_page


def test_the_readme_quick_start_runs_an_event_to_its_published_site() -> None:
    """The README's quick start is one session (one fresh folder) from ``event new`` to ``publish``,
    reading nothing of the checkout (every line runs in an empty folder)."""
    quick = [s for s in ALL if s.page == "README.md" and s.section == "Quick start"]
    assert len(quick) == 1
    commands = [step.command for step in quick[0].steps]
    assert commands[0].startswith("arbiter event new ") and commands[-1].startswith("arbiter publish ")
    assert 8 <= len(commands) <= 14 and not any("fixtures/" in c for c in commands)


def test_the_readme_starts_with_the_two_set_up_commands_and_ci_runs_the_second() -> None:
    """The README's first two commands: install and pair a bundled file; install with the test
    extras, run the suite and mypy, which is exactly the line ``.ci/run`` runs."""
    blocks = re.findall(r"^```sh\n(.*?)\n```$", README.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL)
    first, second = blocks[0], blocks[1]
    assert first.startswith("python3 -m venv .venv && ") and "pip install . && arbiter pair fixtures/" in first
    assert second.startswith("python3 -m venv .venv && ") and "pip install '.[test,dask,docs]' && pytest && mypy " in second
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci[-1] == second
    text = README.read_text(encoding="utf-8")
    assert text.index(first) < text.index("```\n$ ")  # before any example


def test_the_updater_writes_new_outputs_and_keeps_the_elisions() -> None:
    assert updated(("a", "...", "d"), ["a", "b", "c", "d"]) == ["a", "...", "d"]  # still matches: as written
    assert updated(("a", "...", "d"), ["A", "b", "c", "D"]) == ["A", "...", "D"]
    assert updated(("a", "...", "d"), ["A", "D"]) == ["A", "D"]  # too short to elide
    assert updated(("a", "b"), ["a", "c", ""]) == ["a", "c"]
    assert updated(("x", "..."), ["y", "z", "w"]) == ["y", "..."]
    assert updated(("...", "x"), ["y", "z", "w"]) == ["...", "w"]


def test_the_matcher() -> None:
    assert matches(("a", "...", "d"), ["a", "b", "c", "d"])
    assert matches(("a", "...", "b"), ["a", "b"])
    assert not matches(("a", "b"), ["a", "c"])
    assert matches(("a  ",), ["a", ""])
    assert not matches(("a",), ["a", "b"])


def updated(expected: tuple[str, ...], actual: list[str]) -> list[str]:
    """The expected lines to write for ``actual``: unchanged when they still match, else the new
    output with the page's elision kept (the lines before the first ``...`` and after the last one
    taken from ``actual``, ``...`` between them) when ``actual`` is long enough for it."""
    if matches(expected, actual):
        return list(expected)
    got = [a.rstrip() for a in actual]
    while got and not got[-1]:
        got.pop()
    if "..." not in expected:
        return got
    head = expected.index("...")
    tail = len(expected) - 1 - list(reversed(expected)).index("...")
    after = [e for e in expected[tail + 1:]]
    while after and not after[-1].strip():
        after.pop()
    n_after = len(after)
    if head + n_after >= len(got):
        return got
    return got[:head] + ["..."] + (got[len(got) - n_after:] if n_after else [])


def update_page(path: Path) -> bool:
    """Re-runs every example of ``path`` and writes the new expected outputs into it; prints a
    unified diff and returns whether the page changed."""
    import difflib
    import tempfile

    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    replacements: list[tuple[int, int, list[str]]] = []  # (first index, end index, new lines)
    for session in sessions(text, page_name(path)):
        with tempfile.TemporaryDirectory() as folder:
            printed = outputs(session, Path(folder))
        for step, output in zip(session.steps, printed):
            if step.command.startswith("export ") and not step.expected:
                continue
            first = step.output_line - 1
            replacements.append((first, first + len(step.expected), updated(step.expected, output)))
    new = list(lines)
    for first, end, block in sorted(replacements, reverse=True):
        new[first:end] = block
    if new == lines:
        print(f"{page_name(path)}: every example prints what the page shows")
        return False
    sys.stdout.writelines(difflib.unified_diff([l + "\n" for l in lines], [l + "\n" for l in new],
                                               f"a/{page_name(path)}", f"b/{page_name(path)}"))
    path.write_text("\n".join(new) + ("\n" if text.endswith("\n") else ""), encoding="utf-8")
    return True


def main(argv: list[str]) -> int:
    """``--update PAGE...`` (or ``--update --all``): rewrite the pages' expected outputs in place."""
    if not argv or argv[0] != "--update" or len(argv) < 2:
        print("usage: python -m tests.arbiter.test_readme_examples --update PAGE... | --all", file=sys.stderr)
        return 2
    targets = pages() if argv[1:] == ["--all"] else [Path(a).resolve() for a in argv[1:]]
    changed = [page_name(p) for p in targets if update_page(p)]
    print(f"updated: {', '.join(changed)}" if changed else "nothing to update", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
