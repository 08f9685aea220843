"""The live rotation page in a real browser: ``arbiter rotation serve`` runs in one process on a
free loopback port, headless Chromium (driven by selenium) shows the page, and an evening is run
through the command line in other processes: arrivals, ``next``, games finishing, a pause, a late
arrival, a table set by hand, a resume, a departure, then the session damaged and repaired.

After each command the page must show the change by itself within two seconds (the DOM is polled;
the test fails at 2 s), and then say what the command line says: the tables and their sides
(``status --json``), the queue in order, each player's status and games, and for every table in
play its "why this game?" panel as ``arbiter rotation why T --json`` gives it (the players, their
games tonight, sit-outs before and owed time, who waited next and why, in order; "set by the
organiser" instead of reasons for the table set by hand).  A panel the user opened stays open
while the page updates.

Skipped, with the reason, where selenium, the browser or its driver is missing, or without the
serve extra (as ``test_publish_browser.py``)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install '.[serve]')")
pytest.importorskip("uvicorn", reason="the serve extra is not installed (pip install '.[serve]')")

from arbiter.cli import app  # noqa: E402
from tests.arbiter.test_publish_browser import browser  # noqa: E402,F401 - the fixture
from tests.support import REPO  # noqa: E402

WITHIN = 2.0  # seconds: the bound for the page to show a change
ENV = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "100", "NO_COLOR": "1"}

# The page as data, in one round trip (the hooks rotation_page.py documents).
_READ_PAGE = """
const q = (root, sel) => Array.from(root.querySelectorAll(sel));
const error = document.getElementById('error');
const content = document.getElementById('board-content');
return {
  live: document.getElementById('live').dataset.state,
  error: error ? error.textContent : null,
  version: content ? content.dataset.version : null,
  tables: q(document, 'section.rtable').map(s => {
    const why = s.querySelector('details.why');
    return {
      table: Number(s.dataset.table), state: s.dataset.state, by: s.dataset.by || null,
      sides: q(s, '.game .side').map(d => q(d, '.player').map(p => p.dataset.player)),
      why: why === null ? null : {
        open: why.open,
        by_hand: why.querySelector('p.by-hand') ? why.querySelector('p.by-hand').textContent : null,
        players: q(why, 'li.why-player').map(li => ({
          name: li.dataset.player, games_tonight: Number(li.dataset.gamesTonight),
          sitouts_before: Number(li.dataset.sitoutsBefore), was_owed: li.dataset.wasOwed === 'true',
          text: li.textContent})),
        waiting: q(why, 'li.waiting').map(li => ({name: li.dataset.player, reason: li.dataset.reason,
                                                  text: li.textContent})),
        teams: why.querySelector('p.why-teams') ? why.querySelector('p.why-teams').textContent : null,
      }};
  }),
  queue: q(document, 'ol#queue > li').map(li => li.dataset.player),
  players: q(document, 'tr.player-row').map(tr => [tr.dataset.player, tr.dataset.status,
                                                   Number(tr.dataset.games)]),
};
"""


def cli_json(*args: str) -> Any:
    """What the command line says (``--json``), run in this process."""
    result = CliRunner().invoke(app, ["rotation", *args, "--json"], env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def expected(session: Path) -> dict[str, Any]:
    """The page's content as ``status --json`` and ``why T --json`` give it."""
    status = cli_json("status", "-s", str(session))
    whys = {t["table"]: cli_json("why", str(t["table"]), "-s", str(session))
            for t in status["tables"] if t["teams"] is not None}
    return {"status": status, "whys": whys}


def mismatches(page: dict[str, Any], want: dict[str, Any]) -> list[str]:
    """What the page shows differently from the command line (empty when it agrees)."""
    status, whys = want["status"], want["whys"]
    bad = []
    if page["error"] is not None:
        bad.append(f"error banner: {page['error']}")
    if page["queue"] != status["queue"]:
        bad.append(f"queue {page['queue']} != {status['queue']}")
    rows = [[p["name"], p["status"], p["games"]] for p in status["players"]]
    if page["players"] != rows:
        bad.append(f"players {page['players']} != {rows}")
    if [t["table"] for t in page["tables"]] != [t["table"] for t in status["tables"]]:
        return bad + ["tables"]
    for shown, t in zip(page["tables"], status["tables"]):
        n = t["table"]
        if t["teams"] is None:
            if shown["state"] != "free" or shown["why"] is not None:
                bad.append(f"table {n} should be free")
            continue
        if (shown["state"], shown["sides"], shown["by"]) != ("playing", t["teams"], t["by"]):
            bad.append(f"table {n}: {shown['sides']} by {shown['by']} != {t['teams']} by {t['by']}")
            continue
        bad += [f"table {n} why: {m}" for m in why_mismatches(shown["why"], whys[n])]
    return bad


def why_mismatches(panel: dict[str, Any] | None, why: dict[str, Any]) -> list[str]:
    """The "why" panel against ``why T --json``."""
    if panel is None:
        return ["no panel"]
    bad = []
    people = [(p["name"], p["games_tonight"], p["sitouts_before"], p["was_owed"]) for p in why["players"]]
    shown = [(p["name"], p["games_tonight"], p["sitouts_before"], p["was_owed"]) for p in panel["players"]]
    if shown != people:
        bad.append(f"players {shown} != {people}")
    for p, li in zip(why["players"], panel["players"]):
        owed = f"owed {p['owed']}" if p["was_owed"] or p["fixed_as_owed"] else "no game was owed to them"
        if owed not in li["text"]:
            bad.append(f"{p['name']}: {owed!r} not in {li['text']!r}")
    if why["by"] == "organiser":
        if panel["by_hand"] is None or "Set by the organiser" not in panel["by_hand"]:
            bad.append("a table set by hand must say so")
        if panel["waiting"] or panel["teams"] is not None:
            bad.append("a table set by hand gives no reasons")
        return bad
    if panel["by_hand"] is not None:
        bad.append("an engine's table says it was set by hand")
    waiting = [(w["name"], w["reason"]) for w in why["waiting_next"]]
    if [(w["name"], w["reason"]) for w in panel["waiting"]] != waiting:
        bad.append(f"waiting next {panel['waiting']} != {waiting}")
    for w, li in zip(why["waiting_next"], panel["waiting"]):
        if w["text"] not in li["text"]:
            bad.append(f"{w['name']}: {w['text']!r} not in {li['text']!r}")
    if panel["teams"] is None or why["why_teams"]["text"][1:] not in panel["teams"]:
        bad.append(f"teams: {why['why_teams']['text']!r} not in {panel['teams']!r}")
    return bad


class Evening:
    """A session served in one process, changed by command lines in others, seen in the browser."""

    def __init__(self, session: Path, browser: Any) -> None:
        self.session, self.browser = session, browser
        self.slowest = 0.0
        self.seen: set[str] = set()  # what the compared panels contained (so the test shows it compared it)

    def run(self, *args: str) -> Any:
        """``arbiter rotation ARGS`` in another process; the page must show the change within 2 s
        of the command's end (timed on the board's version, which every change of the log moves),
        then agree with what the command line says (``status``/``why --json``, computed after)."""
        before = self.page()["version"]
        proc = subprocess.run([sys.executable, "-m", "arbiter", "rotation", *args, "-s", str(self.session), "--json"],
                              capture_output=True, text=True, env=ENV, cwd=REPO, timeout=60)
        done = time.monotonic()
        assert proc.returncode == 0, proc.stderr
        self.shows(lambda p: p["version"] not in (None, before), f"the change of {' '.join(args)!r}", since=done)
        self.agrees(" ".join(args))
        return json.loads(proc.stdout)

    def agrees(self, what: str) -> None:
        """The page says what the command line says; the expectation is computed first (other
        processes: not the page's time), then the page has 2 s to agree."""
        want = expected(self.session)
        since = time.monotonic()
        while True:
            bad = mismatches(self.page(), want)
            took = time.monotonic() - since
            if not bad:
                for why in want["whys"].values():
                    self.seen.add(f"by {why['by']}")
                    self.seen.update("owed" for p in why["players"] if p["fixed_as_owed"] or p["was_owed"])
                    self.seen.update("sat out" for p in why["players"] if p["sitouts_before"])
                    self.seen.update("waiting next" for _ in why.get("waiting_next") or ())
                return
            if took > WITHIN:
                pytest.fail(f"after {what!r} the page did not agree within {WITHIN} s: " + "; ".join(bad))
            time.sleep(0.05)

    def page(self) -> dict[str, Any]:
        page: dict[str, Any] = self.browser.execute_script(_READ_PAGE)
        return page

    def shows(self, predicate: Any, what: str, since: float | None = None) -> dict[str, Any]:
        """The page shows ``predicate`` within 2 s of ``since`` (default: now); the time is kept."""
        since = time.monotonic() if since is None else since
        while True:
            page = self.page()
            if predicate(page):
                self.slowest = max(self.slowest, time.monotonic() - since)
                return page
            if time.monotonic() - since > WITHIN:
                pytest.fail(f"the page did not show {what} within {WITHIN} s")
            time.sleep(0.05)


@pytest.fixture(params=[False], ids=["read-only"])
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Path, str]]:
    """A new session (two bughouse tables) served in another process (``--actions`` when the
    test's parameter says so); yields the session and the URL printed (the organiser's with
    ``--actions``)."""
    session = tmp_path / "club.db"
    assert subprocess.run([sys.executable, "-m", "arbiter", "rotation", "new", str(session), "--tables", "2",
                           "--seed", "11"], env=ENV, cwd=REPO, capture_output=True).returncode == 0
    actions = ["--actions"] if request.param else []
    proc = subprocess.Popen([sys.executable, "-m", "arbiter", "rotation", "serve", str(session), "--port", "0",
                             "--json", *actions], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                            cwd=REPO)
    assert proc.stdout is not None and proc.stderr is not None
    lines: list[str] = []
    while not lines or lines[-1] != "}\n":
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        lines.append(line)
    info = json.loads("".join(lines))
    try:
        yield session, info["organiser_url"] if request.param else info["url"]
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(10)
        err = proc.stderr.read()
        assert (code, err) == (0, ""), err  # no traceback on the terminal, whatever the page saw


def test_an_evening_run_from_the_command_line_shows_live(browser: Any, served: tuple[Path, str]) -> None:
    from selenium.webdriver.common.by import By

    session, url = served
    browser.get(url)
    evening = Evening(session, browser)
    evening.shows(lambda p: p["live"] == "live", "the live state")
    evening.agrees("opening the page")  # two free tables, nobody yet
    assert [t["state"] for t in evening.page()["tables"]] == ["free", "free"]

    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"):
        evening.run("arrive", name)
    assert evening.page()["queue"][0] == "Ann"
    started = evening.run("next")["started"]
    assert [g["table"] for g in started] == [1, 2]

    # a player opens table 2's panel; it stays open while table 1 changes
    browser.find_element(By.CSS_SELECTOR, "details#why-2 > summary").click()
    evening.run("finish", "1")
    panel = browser.find_element(By.CSS_SELECTOR, "details#why-2")
    assert panel.get_attribute("open") is not None
    assert "Who waited next" in panel.text and "Why these teams" in panel.text  # seen, not only in the DOM

    waiting = evening.page()["queue"][0]
    evening.run("pause", waiting)
    assert dict((n, s) for n, s, _ in evening.page()["players"])[waiting] == "paused"
    evening.run("arrive", "Jon")  # a late arrival
    evening.run("finish", "2")
    table1 = cli_json("status", "-s", str(session))["tables"][0]["teams"]
    a, b = table1
    evening.run("set", "1", a[0], b[0], a[1], b[1])  # the organiser re-splits table 1 by hand
    page = evening.page()
    assert page["tables"][0]["by"] == "organiser" and page["tables"][0]["why"]["by_hand"] is not None
    browser.find_element(By.CSS_SELECTOR, "details#why-1 > summary").click()
    assert "Set by the organiser" in browser.find_element(By.CSS_SELECTOR, "details#why-1").text
    evening.run("resume", waiting)
    evening.run("finish", "2")
    evening.run("leave", "Jon")

    # the session damaged while served: the banner with the command line's message, then recovery
    conn = sqlite3.connect(session, isolation_level=None)
    (good,) = conn.execute("SELECT data FROM events WHERE seq = 3").fetchone()
    conn.execute("UPDATE events SET data = '{' WHERE seq = 3")
    status = subprocess.run([sys.executable, "-m", "arbiter", "rotation", "status", "-s", str(session)],
                            capture_output=True, text=True, env=ENV, cwd=REPO)
    message = status.stderr.strip().removeprefix("arbiter: ")
    assert status.returncode == 3 and "event 3" in message
    evening.shows(lambda p: p["error"] is not None and message in " ".join(p["error"].split()), "the error banner")
    assert "Traceback" not in browser.find_element(By.TAG_NAME, "body").text
    conn.execute("UPDATE events SET data = ? WHERE seq = 3", (good,))
    conn.close()
    evening.shows(lambda p: p["error"] is None and p["version"] is not None, "the repaired session")
    evening.agrees("the repaired session")
    assert evening.slowest < WITHIN
    assert evening.seen == {"by engine", "by organiser", "owed", "sat out", "waiting next"}
    print(f"slowest update seen: {evening.slowest:.2f} s")


@pytest.mark.parametrize("served", [True], ids=["actions"], indirect=True)
def test_the_organisers_page_runs_the_evening_too(browser: Any, served: tuple[Path, str]) -> None:
    """Arrivals, ``next`` and a finish from the organiser's page in the browser: the log gets the
    command line's events, and the players' page agrees with ``status`` and ``why``."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.expected_conditions import staleness_of
    from selenium.webdriver.support.wait import WebDriverWait

    def submit(button: str) -> Any:
        """Press a button of the organiser's page; the page it leads to says what happened."""
        old = browser.find_element(By.TAG_NAME, "html")
        browser.find_element(By.ID, button).click()
        WebDriverWait(browser, 10).until(staleness_of(old))
        return browser.find_element(By.ID, "said")

    session, organiser = served
    browser.get(organiser)
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        browser.find_element(By.ID, "arrive-name").send_keys(name)
        assert submit("arrive").text == f"{name} arrived"
    said = submit("next").text  # as the command line prints it (spaces collapsed)
    teams = cli_json("status", "-s", str(session))["tables"][0]["teams"]
    assert said == "started: table 1: " + " & ".join(teams[0]) + " vs " + " & ".join(teams[1])
    assert submit("finish-1").text.startswith("table 1 finished; table 1: ")
    browser.find_element(By.ID, "arrive-name").send_keys("Ann")  # refused as the command line refuses it
    said_element = submit("arrive")
    assert said_element.text == "Ann is already here" and "refused" in (said_element.get_attribute("class") or "")
    conn = sqlite3.connect(session)
    kinds = [k for (k,) in conn.execute("SELECT type FROM events ORDER BY seq")]
    conn.close()
    assert kinds == ["arrive"] * 5 + ["start", "finish", "start"]
    browser.get(organiser.split("organiser?")[0])
    evening = Evening(session, browser)
    evening.shows(lambda p: p["live"] == "live", "the live state")
    evening.agrees("the organiser's evening")
