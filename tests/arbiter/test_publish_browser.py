"""The published site in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) driven by selenium opens the index from the file system, follows links to a
player card, opens a "why" panel without JavaScript on the page, and reads the visible text.

Skipped, with the reason, where selenium, the browser or its driver is missing (``.ci/run``
installs them with apt-get)."""

from __future__ import annotations

from checker.dutch.criteria import TABLE

import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from arbiter.publish import SiteOptions, build_pages, write_site
from tests.support import REPO
from trf import parse_file

EXAMPLE = REPO / "fixtures" / "example.trf"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _browser() -> tuple[str, str]:
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("selenium is not installed (pip install '.[test]')")
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver") or (
        "/usr/lib/chromium/chromedriver" if Path("/usr/lib/chromium/chromedriver").exists() else None)
    if binary is None or driver is None:
        pytest.skip("no headless browser: install Debian's chromium and chromium-driver "
                    "(apt-get install -y chromium chromium-driver)")
    return binary, driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    binary, driver = _browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    options = webdriver.ChromeOptions()
    for flag in FLAGS + [f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.binary_location = binary
    d = webdriver.Chrome(service=Service(driver), options=options)
    d.set_window_size(1000, 1400)
    try:
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    t = parse_file(EXAMPLE).tournament
    out = tmp_path_factory.mktemp("browser") / "site"
    write_site(out, build_pages(t, EXAMPLE.read_bytes(), str(EXAMPLE), SiteOptions(engine=False)))
    return out


def test_index_to_player_card_to_why_panel(browser: Any, site: Path) -> None:
    from selenium.webdriver.common.by import By

    t = parse_file(EXAMPLE).tournament
    browser.get((site / "index.html").as_uri())
    assert browser.find_element(By.TAG_NAME, "h1").text == t.name
    browser.find_element(By.LINK_TEXT, "Players").click()
    assert browser.current_url.endswith("/players.html")
    kowalczyk = t.player(4)
    browser.find_element(By.PARTIAL_LINK_TEXT, kowalczyk.name).click()
    assert browser.current_url.endswith("/player-4.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == kowalczyk.name
    card = browser.find_element(By.CSS_SELECTOR, "table.card").text
    assert "Lindqvist, Erik" in card  # round 2 opponent
    # "why?" of round 3 leads to the board's closed panel on the round page
    links = browser.find_elements(By.LINK_TEXT, "why?")
    assert len(links) == 3
    links[2].click()
    assert "round-3.html#why-" in browser.current_url
    panel = browser.find_element(By.CSS_SELECTOR, "details#" + browser.current_url.rsplit("#", 1)[1])
    body = panel.find_element(By.TAG_NAME, "dl")
    summary = panel.find_element(By.TAG_NAME, "summary")
    assert summary.text == "Why this pairing?"
    if panel.get_attribute("open") is None:
        assert not body.is_displayed(), "a closed panel shows only its summary"
        summary.click()  # a native <details>: the page has no script
    assert panel.get_attribute("open") is not None and body.is_displayed()
    shown = panel.text
    for words in ("Bracket", "Floats", "Colours", "Art. 5.2.", "Against the alternatives"):
        assert words in shown
    # both players' colour preferences (board 3-4 of round 3), named as an arbiter names them
    assert "Kowalczyk, Piotr (4):" in shown and "Moreau, Julien (3):" in shown


def test_disputed_round_and_bye_panel_are_visible(browser: Any, site: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get((site / "round-3.html").as_uri())
    dispute = browser.find_element(By.CSS_SELECTOR, "section.disputed")
    assert dispute.is_displayed() and "The checker disputes this round's pairing" in dispute.text
    bye = browser.find_element(By.CSS_SELECTOR, "details#why-bye")
    bye.find_element(By.TAG_NAME, "summary").click()
    text = bye.text
    assert "Why did Rossi, Giulia get the bye?" in text
    # each reason: the rule in plain words (the table's plain column), then its article
    for crit, article in (("C2", "2.1.2"), ("C5", "2.3.1")):
        rule = next(r for r in TABLE if r.name == crit)
        assert text.index(rule.plain[1:]) < text.index(f"(C.04.3 Art. {article} / {crit})")


def test_pages_have_no_script_and_print_hides_the_panels(browser: Any, site: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get((site / "round-1.html").as_uri())
    assert browser.find_elements(By.TAG_NAME, "script") == []
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.CSS_SELECTOR, "tr.why-row").is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, "table.pairings").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
