"""The documentation site (``mkdocs.yml``, ``docs/``) builds in strict mode: no warning, no broken
link or anchor (``validation:`` in ``mkdocs.yml``), every page in the navigation, and nothing
fetched from elsewhere when a page is shown.  Skipped, with the reason, where mkdocs is not
installed (the ``docs`` extra; ``.ci/run`` installs it, so CI builds the site)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import REPO

NEEDS_MKDOCS = pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None,
    reason="mkdocs and mkdocs-material are not installed (pip install '.[docs]'): the site is not built")


def _nav_pages() -> set[str]:
    """The pages ``mkdocs.yml``'s navigation names (``Title: page.md`` entries)."""
    text = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text[text.index("\nnav:"):]
    return set(re.findall(r":\s*([\w./-]+\.md)\s*$", nav, re.MULTILINE))


def test_every_page_is_in_the_navigation() -> None:
    pages = {p.relative_to(REPO / "docs").as_posix() for p in (REPO / "docs").rglob("*.md")}
    assert pages == _nav_pages()


@NEEDS_MKDOCS
def test_the_site_builds_in_strict_mode_without_a_warning(tmp_path: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(REPO / "mkdocs.yml"),
                           "--site-dir", str(tmp_path / "site")], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=600)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log
    assert not re.search(r"^(WARNING|ERROR)\b", log, re.MULTILINE), log
    site = tmp_path / "site"
    assert (site / "index.html").is_file() and (site / "publish-round.png").is_file()
    assert {p.parent.name for p in site.glob("*/index.html")} >= {"pair", "check", "event", "publish", "rules"}
    # offline: no page asks a font or anything else of another host when it is shown
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "fonts.googleapis.com" not in html and "fonts.gstatic.com" not in html, page


def test_every_link_of_the_readme_names_a_page_that_exists() -> None:
    """The README is read on GitHub, outside the site: its links to ``docs/`` are checked here."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)(?:#[^)]*)?\)", text)
    assert len(links) >= 20
    assert [link for link in links if not (REPO / link).is_file()] == []
