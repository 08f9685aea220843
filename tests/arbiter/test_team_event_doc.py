"""The walkthrough of ``docs/team-event.md`` (a team event from ``event new`` to ``publish``) is
there, as one session: it is run command by command and its printed output compared with the
document's with every page's examples (:mod:`tests.arbiter.test_readme_examples`): the document
shows real outputs."""

from __future__ import annotations

from tests.arbiter.test_readme_examples import ALL, sessions
from tests.support import REPO

DOC = REPO / "docs" / "team-event.md"
FOUND = sessions(DOC.read_text(encoding="utf-8"), "docs/team-event.md")


def test_the_document_has_its_walkthrough() -> None:
    commands = [step.command for s in FOUND for step in s.steps]
    assert len(FOUND) == 1 and commands[0].startswith("arbiter event new cup.trf --team")
    assert any(c.startswith("arbiter publish cup.trf") for c in commands)
    assert FOUND[0].id in {s.id for s in ALL}  # test_readme_examples.py runs it
