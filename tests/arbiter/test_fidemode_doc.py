"""``docs/fide-mode.md`` tells the truth: its table of acts is the code's table
(:data:`event.fidemode.ACTS` and the commands of :data:`arbiter.cli_event.FIDE_MODE_COMMANDS`),
each line it shows reads back as its act's kind and follows that kind's grammar, its table of
levels names the code's levels, and its walkthrough prints what the commands print (run with every
page's examples by :mod:`tests.arbiter.test_readme_examples`; here, that it is there)."""

from __future__ import annotations

import pytest

from arbiter.cli_event import FIDE_MODE_COMMANDS
from event.fidemode import ACTS, LEVELS
from event.log import parse_line
from tests.arbiter.test_readme_examples import ALL, sessions
from tests.support import REPO

DOC = REPO / "docs" / "fide-mode.md"
TEXT = DOC.read_text(encoding="utf-8")


def _table(heading: str) -> list[list[str]]:
    """The rows (cells, without the header) of the first table under ``## heading``."""
    part = TEXT[TEXT.index(f"## {heading}\n"):]
    rows: list[list[str]] = []
    for line in part.splitlines()[1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows[2:]  # the header and the |---| line


@pytest.mark.fast
def test_the_acts_table_is_the_code_s_table() -> None:
    rows = _table("The acts")
    assert [(r[0], r[1], int(r[2]), r[3]) for r in rows] == [(a.act, a.articles, a.level, a.handling) for a in ACTS]
    assert [r[5].strip("`") for r in rows] == [FIDE_MODE_COMMANDS[a.code] for a in ACTS]
    assert set(FIDE_MODE_COMMANDS) == {a.code for a in ACTS}
    for row, a in zip(rows, ACTS):
        item = parse_line(row[4].strip("`"))
        assert item is not None and item.kind == a.line and item.well_formed, row[4]


@pytest.mark.fast
def test_the_levels_table_is_the_code_s_levels() -> None:
    assert [(int(r[0]), r[1]) for r in _table("Levels")] == sorted(LEVELS.items())


def test_the_walkthrough_is_one_session_run_with_the_pages_examples() -> None:
    found = sessions(TEXT, "docs/fide-mode.md")
    assert len(found) == 1 and found[0].steps[0].command.startswith("arbiter event new cup.trf")
    assert found[0].id in {s.id for s in ALL}  # test_readme_examples.py runs it and compares its outputs
