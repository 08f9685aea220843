"""The published rotation page in a real browser (headless Chromium driven by selenium, as
``test_publish_phone.py``; skipped with the reason where the browser is missing).

The evening of ``test_rotation_page.py`` (two bughouse tables, one set by hand, a paused player, a
late arrival), with a name of 58 letters and no place to break it (a Welsh village's, as a
nickname), published by ``arbiter rotation publish``: on a phone (390 px) and a desktop (1280 px),
nothing overflows the screen, panels closed or all open; every table and its "why this game?" are
on the screen, and opening a panel by a tap shows its reasons; ``?large=1`` (a wall screen's
bookmark) sets the page in large type, and so does the switch without a script.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from rotation.board import read_board
from tests.arbiter.test_publish_phone import DESKTOP, ON_SCREEN, OVERFLOW, PHONE, browser  # noqa: F401 - the fixture
from tests.arbiter.test_rotation_page import evening

LONG = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch"  # 58 letters, no place to break


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    folder = tmp_path_factory.mktemp("rotation-page")
    session = evening(folder / "club.db", ("Anna", "Ben", "Chloe", "Dev", LONG, "Farid", "Greta", "Hugo", "Ines"))
    result = CliRunner().invoke(app, ["rotation", "publish", str(session), "-o", str(folder / "site")])
    assert result.exit_code == 0, result.output
    return folder / "site" / "index.html", read_board(session)


def _open(browser: Any, page: Path, width: int, query: str = "") -> None:
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.get(page.as_uri() + query)
    assert browser.execute_script("return window.innerWidth") == width


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_nothing_overflows_with_panels_closed_or_open(browser: Any, site: tuple[Path, Any], width: int) -> None:
    page, board = site
    _open(browser, page, width)
    for opened in (False, True):
        if opened:
            n = browser.execute_script("const d = document.querySelectorAll('details.why');"
                                       "d.forEach(x => x.open = true); return d.length")
            assert n == sum(1 for t in board.tables if not t.free) == 2
        got = browser.execute_script(OVERFLOW)
        assert got["scroll"] <= got["inner"] == width, (opened, got)
        assert got["over"] == [], (opened, got["over"][:5])


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_each_table_and_its_why_panel_is_on_the_screen(browser: Any, site: tuple[Path, Any], width: int) -> None:
    from selenium.webdriver.common.by import By

    page, board = site
    _open(browser, page, width)
    for t in board.tables:
        section = browser.find_element(By.ID, f"table-{t.table}")
        assert browser.execute_script(ON_SCREEN, section)
        names = [e.get_attribute("data-player") for e in section.find_elements(By.CSS_SELECTOR, ".side .player")]
        assert names == list(t.teams[0] + t.teams[1])
        for e in section.find_elements(By.CSS_SELECTOR, ".side .player"):
            assert browser.execute_script(ON_SCREEN, e), e.get_attribute("data-player")
        panel = browser.find_element(By.ID, f"why-{t.table}")
        summary = panel.find_element(By.TAG_NAME, "summary")
        assert summary.text == "Why this game?" and browser.execute_script(ON_SCREEN, summary)
        browser.execute_script("arguments[0].scrollIntoView()", summary)
        summary.click()
        assert panel.get_attribute("open") is not None
        shown = panel.text
        if t.by == "organiser":
            assert "Set by the organiser." in shown
        else:
            assert "Who waited next" in shown and "Why these teams" in shown
            for w in t.why["waiting_next"]:
                assert w["text"] in shown
        for p in t.why["players"]:
            assert p["name"] in shown


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_large_type_from_the_address(browser: Any, site: tuple[Path, Any], width: int) -> None:
    page, _ = site
    size = "return parseFloat(getComputedStyle(document.querySelector('.game')).fontSize)"
    _open(browser, page, width)
    normal = browser.execute_script(size)
    assert not browser.execute_script("return document.getElementById('large').checked")
    _open(browser, page, width, "?large=1")
    assert browser.execute_script("return document.getElementById('large').checked")
    assert browser.execute_script(size) >= 2 * normal * (15 / 16 if width == PHONE else 1)
    browser.execute_script("document.querySelectorAll('details.why').forEach(x => x.open = true)")
    got = browser.execute_script(OVERFLOW)
    assert got["over"] == [] and got["scroll"] <= width, got


def test_the_large_type_switch_works_without_a_script(browser: Any, site: tuple[Path, Any]) -> None:
    """The switch is a checkbox and its label: a tap on "Large type" sets it, scripts or not."""
    from selenium.webdriver.common.by import By

    page, _ = site
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        _open_without_script(browser, page)
        browser.find_element(By.CSS_SELECTOR, "label[for=large]").click()
        assert browser.find_element(By.ID, "large").is_selected()
        assert float(browser.find_element(By.CSS_SELECTOR, ".game").value_of_css_property("font-size")[:-2]) > 30
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def _open_without_script(browser: Any, page: Path) -> None:
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": DESKTOP, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.get(page.as_uri())
