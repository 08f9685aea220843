"""The published site on a phone (390 px wide) and on a desktop (1280 px), in a real browser
(headless Chromium driven by selenium, as ``test_publish_browser.py``; skipped with the reason
where the browser is missing).

On every page a reader opens first (the index, a round, the standings, a player's or a team's
card, a round with its "why" panels open) nothing overflows the screen: the page is no wider than
the window, and no visible element reaches past its right edge, except inside a box that scrolls
on its own (a cross-table, a wide table on a desktop).  On a phone, the Black player's name and the
result of board 1 are on the screen (a board is a two-line card), and so are the place, the name,
the points and the first tie-break of the standings' leader (a row reflows onto two lines).  A
printed round (the wall sheet) shows none of the checker's notes.

Sites: the README's example (``fixtures/example.trf``), the forty-player event of
``test_publish_public.py`` (long names, a round paired by hand, late entries), and a team event
of the Team Swiss sample (``fixtures/team-swiss/team-t0016``) with long team names.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from arbiter.publish import SiteOptions, build_pages, write_site
from arbiter.publish.teams import build_team_pages
from tests.arbiter.test_publish_browser import FLAGS, _browser
from tests.arbiter.test_publish_public import event_file
from tests.support import FIXTURES, REPO
from trf import parse_file

EXAMPLE = REPO / "fixtures" / "example.trf"
TEAM = FIXTURES / "team-swiss" / "team-t0016" / "full.trf"
PHONE, DESKTOP = 390, 1280

#: What overflows the viewport's right edge: elements (tag, class, right edge), ignoring those
#: inside a box that scrolls on its own (an ancestor whose computed overflow-x is not visible).
OVERFLOW = r"""
const W = window.innerWidth;
function inScrollBox(el) {
  for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    if (getComputedStyle(a).overflowX !== 'visible') return true;
  }
  return false;
}
const out = [];
for (const el of document.body.querySelectorAll('*')) {
  if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
  const r = el.getBoundingClientRect();
  if (r.width > 0 && r.right > W + 0.5 && !inScrollBox(el))
    out.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' ' + Math.round(r.right));
}
return {scroll: document.documentElement.scrollWidth, inner: W, over: out};
"""

#: Whether an element is shown and wholly on the screen (horizontally).
ON_SCREEN = r"""
const el = arguments[0], r = el.getBoundingClientRect();
return el.getClientRects().length > 0 && r.width > 0 && r.left >= -0.5 && r.right <= window.innerWidth + 0.5;
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    binary, driver = _browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    options = webdriver.ChromeOptions()
    for flag in FLAGS + ["--hide-scrollbars", f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.binary_location = binary
    d = webdriver.Chrome(service=Service(driver), options=options)
    try:
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _individual(path: Path, out: Path) -> Path:
    t = parse_file(path).tournament
    write_site(out, build_pages(t, path.read_bytes(), str(path), SiteOptions(engine=False)))
    return out


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("phone")
    team = folder / "team.trf"
    # long team names, as wide as the 310 record's 32 columns
    text = TEAM.read_text(encoding="utf-8")
    for n, name in ((1, "Sjakklubben Nordstjernen Tromsoe"), (8, "Schachfreunde Unterschleissheim")):
        text = text.replace(f"310 {n:>3} {f'Team {n}':<32}", f"310 {n:>3} {name:<32}")
    team.write_text(text, encoding="utf-8")
    t = parse_file(team).tournament
    write_site(folder / "team", build_team_pages(t, team.read_bytes(), str(team)))
    return {"example": _individual(EXAMPLE, folder / "example"),
            "event": _individual(event_file(folder), folder / "event"), "team": folder / "team"}


def _open(browser: Any, page: Path, width: int) -> None:
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.get(page.as_uri())
    assert browser.execute_script("return window.innerWidth") == width


def _pages(site: str, folder: Path) -> list[tuple[str, bool]]:
    """(page, open its panels) for each page a reader opens first."""
    last = max(int(p.stem.split("-")[1]) for p in folder.glob("round-*.html"))
    card = "team-1.html" if site == "team" else "player-1.html"
    return [("index.html", False), (f"round-{last - 1}.html", False), (f"standings-{last}.html", False),
            (card, False), (f"round-{last - 1}.html", True), ("crosstable.html" if site != "team" else "teams.html",
                                                               False)]


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
@pytest.mark.parametrize("site", ["example", "event", "team"])
def test_no_page_overflows_the_screen(browser: Any, sites: dict[str, Path], site: str, width: int) -> None:
    folder = sites[site]
    for page, panels in _pages(site, folder):
        _open(browser, folder / page, width)
        if panels:
            opened = browser.execute_script(
                "const d = document.querySelectorAll('details'); d.forEach(x => x.open = true); return d.length")
            assert opened > 0
        got = browser.execute_script(OVERFLOW)
        assert got["scroll"] <= got["inner"] == width, (page, panels, got)
        assert got["over"] == [], (page, panels, got["over"][:5])


@pytest.mark.parametrize("site", ["example", "event"])
def test_on_a_phone_board_1_shows_black_and_the_result(browser: Any, sites: dict[str, Path], site: str) -> None:
    from selenium.webdriver.common.by import By

    folder = sites[site]
    for rnd in (1, 2):
        _open(browser, folder / f"round-{rnd}.html", PHONE)
        board = browser.find_element(By.CSS_SELECTOR, "tr#board-1")
        cells = board.find_elements(By.CSS_SELECTOR, "td")
        black = cells[6].find_element(By.TAG_NAME, "a")  # the Black player's name (after White's No, name, Rtg, Pts, result, Pts)
        result = cells[4]
        result = (result.find_elements(By.CSS_SELECTOR, "*") or [result])[0]  # the result, not its note
        assert black.text and browser.execute_script(ON_SCREEN, black), (rnd, black.text)
        assert result.text and browser.execute_script(ON_SCREEN, result), (rnd, result.text)
        white = cells[1].find_element(By.TAG_NAME, "a")
        assert browser.execute_script(ON_SCREEN, white)
        # two lines: Black's name below White's
        assert black.location["y"] > white.location["y"]


def test_on_a_phone_a_team_board_shows_both_players_and_the_result(browser: Any, sites: dict[str, Path]) -> None:
    from selenium.webdriver.common.by import By

    _open(browser, sites["team"] / "round-1.html", PHONE)
    cells = browser.find_element(By.CSS_SELECTOR, "tr#board-1-1").find_elements(By.CSS_SELECTOR, "td")
    result = (cells[4].find_elements(By.CSS_SELECTOR, "*") or [cells[4]])[0]
    for what, e in (("first", cells[2].find_element(By.TAG_NAME, "a")), ("result", result),
                    ("second", cells[5].find_element(By.TAG_NAME, "a"))):
        assert e.text and browser.execute_script(ON_SCREEN, e), what


@pytest.mark.parametrize("site", ["example", "event", "team"])
def test_on_a_phone_the_standings_show_place_name_points_and_the_first_tiebreak(
        browser: Any, sites: dict[str, Path], site: str) -> None:
    from selenium.webdriver.common.by import By

    folder = sites[site]
    last = max(int(p.stem.split("-")[1]) for p in folder.glob("standings-*.html"))
    _open(browser, folder / f"standings-{last}.html", PHONE)
    heads = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "table.standings thead th")]
    row = browser.find_element(By.CSS_SELECTOR, "table.standings tbody tr")
    cells = row.find_elements(By.CSS_SELECTOR, "th, td")
    name = heads.index("Team" if site == "team" else "Name")
    points = name + 1 if site == "team" else heads.index("Pts")
    first_tb = (name + 3) if site == "team" else points + 1
    for k in (0, name, points, first_tb):
        assert cells[k].text or k == first_tb, (heads[k], k)  # a tie-break may have no value yet
        assert browser.execute_script(ON_SCREEN, cells[k]), heads[k]
    # the other tie-breaks are on the screen too, each after its name
    for k in range(first_tb + 1, len(heads) - 1):
        assert browser.execute_script(ON_SCREEN, cells[k]), heads[k]


def test_a_printed_round_shows_no_internal_note(browser: Any, sites: dict[str, Path]) -> None:
    """The forty-player rounds carry the checker's note on brackets too large to enumerate; round 2
    (paired by the arbiter) its comparison.  Printed, the pairings show and none of these."""
    from selenium.webdriver.common.by import By

    for rnd in (1, 2):
        _open(browser, sites["event"] / f"round-{rnd}.html", DESKTOP)
        assert "too large to enumerate" in browser.find_element(By.TAG_NAME, "body").text
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            shown = browser.find_element(By.TAG_NAME, "body").text
            assert browser.find_element(By.CSS_SELECTOR, "table.pairings").is_displayed()
            for words in ("too large to enumerate", "The checker's candidates", "The checker's notes",
                          "The checker's comparison", "The checker finds"):
                assert words not in shown, (rnd, words)
            if rnd == 2:
                assert "Paired by the arbiter" in shown  # a fact of the round, not a note
        finally:
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
