"""The walkthrough of ``docs/team-event.md`` (a team event from ``event new`` to ``publish``) is run
command by command and its printed output compared with the document's, as the README's examples
are (:mod:`tests.arbiter.test_readme_examples`): the document shows real outputs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.arbiter.test_readme_examples import run_session, sessions
from tests.support import REPO

DOC = REPO / "docs" / "team-event.md"
ALL = sessions(DOC.read_text(encoding="utf-8"))


def _pairs_team_events() -> bool:
    import systems

    return any(getattr(s, "team_events", False) for s in systems.systems())


def test_the_document_has_its_walkthrough() -> None:
    commands = [step.command for s in ALL for step in s.steps]
    assert len(ALL) == 1 and commands[0].startswith("arbiter event new cup.trf --team")
    assert any(c.startswith("arbiter publish cup.trf") for c in commands)


@pytest.mark.parametrize("session", ALL, ids=lambda s: s.id)
def test_team_event_walkthrough(session: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if shutil.which("bash") is None:  # pragma: no cover
        pytest.skip("bash is needed to run the document's shell lines")
    if not _pairs_team_events():
        pytest.skip("the registry pairs no team event yet (systems.next_round refuses them)")
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the commands run this checkout's code
    run_session(session, tmp_path)  # type: ignore[arg-type]
