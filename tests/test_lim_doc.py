"""docs/lim.md states each open point of the Lim text once: the engine's decisions (L1-L19) give
the reading and its reason, and the section on the checker names the decisions it shares instead
of repeating them in a table of its own (its `$` example is run by
tests/arbiter/test_readme_examples.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "lim.md").read_text(encoding="utf-8")


def _tables(text: str) -> list[list[str]]:
    """The page's Markdown tables, each as its header line then its rows."""
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and re.match(r"^\|(\s*:?-+:?\s*\|)+$", lines[i + 1]):
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            out.append([lines[i]] + lines[i + 2:j])
            i = j
        else:
            i += 1
    return out


def test_one_table_and_no_point_stated_twice() -> None:
    tables = _tables(PAGE)
    # the checks that hold whatever the procedure; the readings of the open points are the decisions
    assert [t[0] for t in tables] == ["| Check | Article |"]
    rows = [row for t in tables for row in t[1:]]
    assert len(rows) == len(set(rows)) == 4


def test_the_checker_section_names_decisions_that_exist() -> None:
    decisions = {int(n) for n in re.findall(r"^\*\*L(\d+) ", PAGE, re.M)}
    assert decisions == set(range(1, 20))
    section = PAGE[PAGE.index("### The points the text leaves open"):PAGE.index("### What the check says")]
    named = {int(n) for n in re.findall(r"\bL(\d+)\b", section)}
    # rank, the last round, the colour exchanges, who floats, the floaters' opponents, cracking
    assert named == {8, 11, 12, 13, 14, 17} and named <= decisions
    # each reason the checker's table gave is now said once, in its decision
    for n, reason in ((17, "naming the score apart from the rank"), (13, "every upward rule of the text mirrors"),
                      (13, "two floaters meeting would"), (11, "top half against the bottom half of 2.4"),
                      (12, '"identified and transferred"'), (14, "UNCONFIRMED")):
        decision = PAGE[PAGE.index(f"**L{n} "):]
        decision = decision[:decision.index("\n\n")]
        assert reason in decision.replace("\n", " "), (n, reason)
        assert PAGE.replace("\n", " ").count(reason) == 1, reason
