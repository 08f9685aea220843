"""The rotation page (``arbiter.publish.rotation_page``) and ``arbiter rotation publish``.

The page is read back with html5lib in strict mode (any HTML5 parse error fails) and compared
with the library: each table's "why this game?" panel with ``rotation.log.why`` for that table,
the queue and the players with the board.  Hostile names stay text.  The command writes the page
whole or not at all, and refuses bad session files and unsuitable folders with the documented
exit codes (docs/rotation-page.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import html5lib
import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from arbiter.publish import MARKER, ROTATION_MARKER
from arbiter.publish import rotation_page
from arbiter.publish.rotation_page import render_fragment, render_page
from rotation import engine as rot
from rotation import log
from rotation.board import read_board

pytestmark = pytest.mark.fast

HOSTILE = ("<script>alert(1)</script>", 'Tom "Rook" O\'Neil', "A&B", "</details><b>x</b>")


def parse(html: str) -> Element:
    parser = html5lib.HTMLParser(strict=True, tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    return parser.parse(html)  # type: ignore[no-any-return]


def parse_fragment(html: str) -> Element:
    """A fragment, as the live page puts it into ``<main>``."""
    return parse(f"<!DOCTYPE html><title>t</title><main id=board>{html}</main>")


def text(e: Element) -> str:
    return " ".join("".join(e.itertext()).split())


def by_id(root: Element, ident: str) -> Element:
    found = root.find(f".//*[@id='{ident}']")
    assert found is not None, ident
    return found


def evening(path: Path, names: tuple[str, ...] = ("Anna", "Ben", "Chloe", "Dev", "Elif", "Farid", "Greta",
                                                   "Hugo", "Ines")) -> Path:
    """Two bughouse tables: nine arrivals, both tables filled, table 1 refilled, a late arrival,
    table 2 refilled, a waiting player paused (the first in the queue after table 1 is refilled,
    so that it is not playing), table 2 then set by hand with its own four players in another
    split."""
    log.create(path, rot.Config(tables=2, seed=2026))
    for n in names:
        log.arrive(path, n)
    log.next_games(path)
    log.finish(path, 1)
    log.arrive(path, "Jonas")
    log.finish(path, 2)
    log.finish(path, 1)
    waiting = [p.name for p in log.state(path).waiting()]
    log.status_change(path, "pause", waiting[0])
    log.finish(path, 2)
    game = log.state(path).game(2)
    assert game is not None
    a, b = game.teams
    log.set_game(path, 2, [a[0], b[0], a[1], b[1]])
    return path


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return evening(tmp_path_factory.mktemp("club") / "club.db")


def chips(evening: Element) -> list[tuple[Any, ...]]:
    """An evening as the page shows it: ("earlier", passes, games, sit-outs) for the counted
    passes, then (kind, pass) for each pass shown."""
    out: list[tuple[Any, ...]] = []
    for c in evening.iter("li"):
        if c is evening or c.get("class") == "none":  # "no game yet"
            continue
        if c.get("class") == "earlier":
            out.append(("earlier", int(c.get("data-passes") or -1), int(c.get("data-games") or -1),
                        int(c.get("data-sitouts") or -1)))
        else:
            out.append((c.get("data-kind"), int(c.get("data-pass") or -1)))
    return out


def window(spells: Any, keep: int) -> list[tuple[Any, ...]]:
    """What :func:`chips` should read for an evening shown to its last ``keep`` passes."""
    spells = list(spells)
    old, shown = spells[:max(0, len(spells) - keep)], spells[max(0, len(spells) - keep):]
    head = [("earlier", len(old), sum(s.kind == "game" for s in old), sum(s.kind == "sitout" for s in old))]
    return (head if old else []) + [(s.kind, s.pass_no) for s in shown]


def test_each_why_panel_says_what_rotation_why_says(club: Path) -> None:
    board = read_board(club)
    root = parse(render_page(board, live=False))
    assert [t.by for t in board.tables] == ["engine", "organiser"]
    for t in board.tables:
        why = log.why(club, t.table)
        section = by_id(root, f"table-{t.table}")
        assert (section.get("data-state"), section.get("data-by")) == ("playing", why["by"])
        sides = [[p.get("data-player") for p in s.iter("span") if p.get("class") == "player"]
                 for s in section.iter("div") if s.get("class") == "side"]
        assert sides == why["teams"]
        panel = by_id(root, f"why-{t.table}")
        assert panel.tag == "details" and panel.get("open") is None  # closed until opened
        lines = [li for li in panel.iter("li") if li.get("class") == "why-player"]
        assert [(li.get("data-player"), int(li.get("data-games-tonight") or -1), int(li.get("data-sitouts-before") or -1),
                 li.get("data-was-owed") == "true") for li in lines] == [
            (p["name"], p["games_tonight"], p["sitouts_before"], p["was_owed"]) for p in why["players"]]
        for li, p in zip(lines, why["players"]):
            assert f"{p['games_tonight']}" in text(li).split(":")[1]
            player = board.player(p["name"])
            assert player is not None
            assert chips(li) == window(player.tonight, max(rotation_page.PANEL_PASSES, p["sitouts_before"] + 1))
        if why["by"] == "organiser":
            assert "Set by the organiser" in text(panel)
            assert not [li for li in panel.iter("li") if li.get("class") == "waiting"]
            continue
        waiting = [li for li in panel.iter("li") if li.get("class") == "waiting"]
        assert [(li.get("data-player"), li.get("data-reason")) for li in waiting] == [
            (w["name"], w["reason"]) for w in why["waiting_next"]]
        for li, w in zip(waiting, why["waiting_next"]):
            assert w["text"] in text(li)
        teams = next(p for p in panel.iter("p") if p.get("class") == "why-teams")
        assert why["why_teams"]["text"] in text(teams)
        assert teams.get("data-decided-by") == (why["why_teams"]["decided_by"] or "")
        relaxed = next(p for p in panel.iter("p") if p.get("class") == "relaxed")
        assert relaxed.get("data-relaxed") == "|".join(why["limits"]["relaxed"])


def test_queue_players_and_the_paused_player(club: Path) -> None:
    board = read_board(club)
    root = parse(render_page(board, live=False))
    queue = by_id(root, "queue")
    assert [li.get("data-player") for li in queue.findall("li")] == list(board.queue)
    rows = [tr for tr in by_id(root, "players").iter("tr") if tr.get("class") == "player-row"]
    assert [(tr.get("data-player"), tr.get("data-status"), tr.get("data-games")) for tr in rows] == [
        (p.name, p.status, str(p.games)) for p in board.players]
    paused = [tr for tr in rows if tr.get("data-status") == "paused"]
    assert len(paused) == 1 and "paused" in text(paused[0])
    assert "10 players here" in text(by_id(root, "summary"))


def test_a_free_table_has_no_panel(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    log.create(path, rot.Config(tables=2, format=rot.SINGLES, seed=1))
    for n in ("Ann", "Bob", "Cy"):
        log.arrive(path, n)
    log.next_games(path)  # one game: three players fill one singles table
    root = parse(render_page(read_board(path), live=False))
    assert by_id(root, "table-2").get("data-state") == "free"
    assert root.find(".//*[@id='why-2']") is None and by_id(root, "why-1").tag == "details"
    assert "not enough players waiting" in text(by_id(root, "table-2"))


def test_hostile_names_are_text(tmp_path: Path) -> None:
    path = tmp_path / "h.db"
    log.create(path, rot.Config(tables=1, seed=3))
    for n in HOSTILE + ("Eve",):
        log.arrive(path, n)
    log.next_games(path)
    html = render_page(read_board(path), live=False)
    root = parse(html)
    assert len(root.findall(".//script")) == 1  # the page's own (?large=1), nothing from a name
    assert root.find(".//b") is None
    assert "<script>alert" not in html
    named = {e.get("data-player") for e in root.iter() if e.get("data-player")}
    assert set(HOSTILE) <= named
    assert all(n in text(root) for n in HOSTILE)


def test_live_page_error_banner_and_fragment() -> None:
    message = "club.db: event 3 (arrive): not valid JSON (<b>)"
    root = parse(render_page(None, live=True, error=message))
    assert by_id(root, "error").get("role") == "alert" and message in text(by_id(root, "error"))
    scripts = [text(s) for s in root.findall(".//script")]
    assert len(scripts) == 2 and "EventSource('events')" in scripts[1]
    assert by_id(root, "live").get("data-state") == "connecting"
    assert "refresh" in html5lib_noscript(render_page(None, live=True))
    static = render_page(None, live=False)
    assert "EventSource" not in static and "refresh" not in static
    fragment = render_fragment(None, error=message)
    assert "<main" not in fragment and "&lt;b&gt;" in fragment and "Traceback" not in fragment


def html5lib_noscript(html: str) -> str:
    """The text of the head's ``noscript`` (html5lib reads it as text when scripting is on)."""
    start = html.index("<noscript>")
    return html[start:html.index("</noscript>", start)]


def test_the_page_is_the_fragment_inside_main(club: Path) -> None:
    board = read_board(club)
    page = render_page(board, live=True)
    fragment = render_fragment(board)
    assert f'<main id="board">\n{fragment}' in page
    assert by_id(parse(page), "board-content").get("data-version") == f"{board.version[1]}.{board.version[2]}"


# ----------------------------------------------------------------------------- the command


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["rotation", *args], env={"COLUMNS": "100", "NO_COLOR": "1", **(env or {})})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_publish_writes_the_page_and_the_board(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    code, out, err = run("publish", str(club), "-o", str(site), "--json")
    assert code == 0, err
    board = read_board(club)
    data: dict[str, Any] = json.loads(out)
    assert data == {"session": str(club), "output": str(site), "files": ["board.json", "index.html"],
                    "version": board.version_json(), "tables": 2, "in_play": 2, "players": 10,
                    "queue": len(board.queue)}
    assert (site / "index.html").read_text(encoding="utf-8") == render_page(board, live=False)
    assert json.loads((site / "board.json").read_text(encoding="utf-8")) == json.loads(json.dumps(board.to_json()))
    assert sorted(p.name for p in site.iterdir()) == [ROTATION_MARKER, "board.json", "index.html"]
    # again, after a change, from $ARBITER_ROTATION: the folder is replaced whole
    log.status_change(club, "resume", next(p.name for p in board.players if p.status == "paused"))
    code, out, err = run("publish", "-o", str(site), env={"ARBITER_ROTATION": str(club)})
    assert code == 0 and out.startswith(f"wrote {site}/ (index.html, board.json): 2 of 2 table(s) in play"), err
    assert json.loads((site / "board.json").read_text(encoding="utf-8"))["version"] == read_board(club).version_json()


@pytest.mark.parametrize("case", ["missing", "damaged", "no-session", "not-a-site", "holds-the-session"])
def test_publish_refusals_write_nothing(case: str, club: Path, tmp_path: Path) -> None:
    import shutil
    import sqlite3

    session = tmp_path / "club.db"
    shutil.copy(club, session)
    site = tmp_path / "site"
    args = ["publish", str(session), "-o", str(site)]
    expected = exitcodes.USAGE
    if case == "missing":
        args[1], expected = str(tmp_path / "none.db"), exitcodes.FILE_ERROR
    elif case == "damaged":
        conn = sqlite3.connect(session)
        with conn:
            conn.execute("UPDATE events SET data = ? WHERE seq = 4", ("{",))
        conn.close()
        expected = exitcodes.INVALID_INPUT
    elif case == "no-session":
        args = ["publish", "-o", str(site)]
    elif case == "not-a-site":
        site.mkdir()
        (site / "notes.txt").write_text("mine")
    else:
        args[3] = str(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run(*args)
    assert code == expected, (out, err)
    assert err.count("\n") == 1 and err.startswith("arbiter: ") and "Traceback" not in err
    if case == "damaged":
        assert "event 4" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    if case == "not-a-site":
        assert [p.name for p in site.iterdir()] == ["notes.txt"]


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_rotation_page_and_a_tournament_site_never_replace_each_other(club: Path, tmp_path: Path) -> None:
    """Each publish command replaces only a folder of its own kind (its own marker file): a slip
    of ``-o`` onto the other kind's folder is refused with a message naming what is there, and
    the folder is left as it was."""
    example = Path(__file__).resolve().parents[2] / "fixtures" / "example.trf"
    site, page = tmp_path / "site", tmp_path / "page"
    runner = CliRunner()
    env = {"COLUMNS": "200", "NO_COLOR": "1"}
    made = runner.invoke(app, ["publish", str(example), "-o", str(site), "--no-engine", "--no-why"], env=env)
    assert made.exit_code == 0, made.stderr
    code, out, err = run("publish", str(club), "-o", str(page))
    assert code == 0, err
    assert (site / MARKER).is_file() and not (site / ROTATION_MARKER).exists()
    assert (page / ROTATION_MARKER).is_file() and not (page / MARKER).exists()
    site_files, page_files = _files(site), _files(page)

    code, out, err = run("publish", str(club), "-o", str(site))
    assert code == exitcodes.USAGE and "Traceback" not in err
    assert err == (f"arbiter: {site} holds a site written by arbiter publish, which arbiter rotation publish "
                   "does not replace; choose another folder\n")
    assert _files(site) == site_files

    other = runner.invoke(app, ["publish", str(example), "-o", str(page), "--no-engine", "--no-why"], env=env)
    assert other.exit_code == exitcodes.USAGE
    assert other.stderr == (f"arbiter: {page} holds a rotation page written by arbiter rotation publish, which "
                            "arbiter publish does not replace; choose another folder\n")
    assert _files(page) == page_files

    # each still replaces its own
    log.arrive(club, "Kim")
    code, out, err = run("publish", str(club), "-o", str(page))
    assert code == 0, err
    assert json.loads((page / "board.json").read_text(encoding="utf-8"))["version"] == read_board(club).version_json()


def test_long_evenings_show_their_latest_passes_and_count_the_earlier_ones(
        club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the caps lowered to 1 pass in a panel and 2 in the players' table, every evening
    longer than that shows its latest passes after one item counting the earlier ones; a panel
    still shows the sit-outs in a row just before the game (``sitouts_before`` of ``rotation
    why``), however low the cap."""
    monkeypatch.setattr(rotation_page, "PANEL_PASSES", 1)
    monkeypatch.setattr(rotation_page, "TABLE_PASSES", 2)
    board = read_board(club)
    root = parse(render_page(board, live=False))
    longer = 0
    for p in board.players:
        row = next(tr for tr in root.iter("tr") if tr.get("data-player") == p.name)
        ol = next(e for e in row.iter("ol"))
        assert chips(ol) == window(p.tonight, 2)
        longer += len(p.tonight) > 2
        if chips(ol) and chips(ol)[0][0] == "earlier":
            earlier = chips(ol)[0]  # the counts add up to the evening's
            assert earlier[1] + len(chips(ol)) - 1 == len(p.tonight)
            assert earlier[2] + sum(1 for c in chips(ol)[1:] if c[0] == "game") == p.games
    assert longer == 9  # everyone but Jonas (two passes since he came late) has more passes than shown
    seen_run = False
    for t in board.tables:
        why = log.why(club, t.table)
        panel = by_id(root, f"why-{t.table}")
        for li, p in zip([li for li in panel.iter("li") if li.get("class") == "why-player"], why["players"]):
            player = board.player(p["name"])
            assert player is not None
            shown = chips(li)
            assert shown == window(player.tonight, max(1, p["sitouts_before"] + 1))
            assert shown[-1][0] == "game"
            assert [c[0] for c in shown[-1 - p["sitouts_before"]:-1]] == ["sitout"] * p["sitouts_before"]
            seen_run |= p["sitouts_before"] > 0
    assert seen_run  # a player of a game had sat out just before it


def test_relaxed_limits_and_the_split_in_players_words(club: Path) -> None:
    """The panel words ``why``'s fields: the limits that gave way in their order, the rule that
    chose the split (here made the opponents' coverage), first-time partnerships, meetings."""
    from dataclasses import replace

    board = read_board(club)
    t = board.tables[0]
    assert t.why is not None and t.by == "engine"
    why = {**t.why, "limits": {**t.why["limits"], "relaxed": ["owed duty", "rest check"]},
           "why_teams": {**t.why["why_teams"], "decided_by": "opponent coverage",
                         "first_time_partnerships": [["Anna", "Ben"]], "met_before": 2}}
    board = replace(board, tables=(replace(t, why=why),) + board.tables[1:])
    panel = by_id(parse_fragment(render_fragment(board)), "why-1")
    relaxed = next(p for p in panel.iter("p") if p.get("class") == "relaxed")
    assert relaxed.get("data-relaxed") == "owed duty|rest check"
    assert text(relaxed).startswith("No game kept every limit, so these gave way, in this order: seating first the "
                                    "players owed a game; the look-ahead")
    teams = text(next(p for p in panel.iter("p") if p.get("class") == "why-teams"))
    assert "this one was chosen because its opponents had met each other the fewest times." in teams
    assert "Partners for the first time tonight: Anna & Ben." in teams and "have met 2 times before" in teams


def test_singles_has_one_way_to_seat_two(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    log.create(path, rot.Config(tables=1, format=rot.SINGLES, seed=1))
    for n in ("Ann", "Bob", "Cy"):
        log.arrive(path, n)
    log.next_games(path)
    panel = by_id(parse_fragment(render_fragment(read_board(path))), "why-1")
    teams = text(next(p for p in panel.iter("p") if p.get("class") == "why-teams"))
    assert teams.startswith("One against one") and "meet for the first time" in teams and "Partners" not in teams
    assert len([li for li in panel.iter("li") if li.get("class") == "waiting"]) == 1


def test_a_game_the_organiser_began_and_the_engine_completed(tmp_path: Path) -> None:
    """``set 1 Ann`` on a free table: Ann is fixed, the engine completes the game and gives its
    reasons; the panel names Ann as the organiser's choice."""
    path = tmp_path / "s.db"
    log.create(path, rot.Config(tables=1, format=rot.SINGLES, seed=1, mode=rot.Mode.WAIT))
    for n in ("Ann", "Bob", "Cy"):
        log.arrive(path, n)
    log.set_game(path, 1, ["Ann"])
    why = log.why(path, 1)
    assert why["by"] == "engine" and why["organiser_fixed"] == ["Ann"]
    panel = by_id(parse_fragment(render_fragment(read_board(path))), "why-1")
    fixed = next(p for p in panel.iter("p") if p.get("class") == "fixed")
    assert fixed.get("data-fixed") == "Ann" and text(fixed).startswith("The organiser put Ann in this game")
    assert why["text"] in text(panel).lower()
    assert [li.get("data-player") for li in panel.iter("li") if li.get("class") == "waiting"] == [
        w["name"] for w in why["waiting_next"]]


def test_an_engine_game_whose_reasons_no_longer_apply(club: Path) -> None:
    """After a manual change rewrote an earlier game, ``why`` gives only its text and players
    (rotation.explain): the panel says that and nothing more."""
    from dataclasses import replace

    board = read_board(club)
    t = board.tables[0]
    assert t.why is not None
    text_only = "chosen by the engine before the organiser changed an earlier game; its reasons no longer apply"
    why = {"table": 1, "teams": t.why["teams"], "by": "engine", "text": text_only, "players": t.why["players"]}
    panel = by_id(parse_fragment(render_fragment(replace(board, tables=(replace(t, why=why),) + board.tables[1:]))),
                  "why-1")
    assert text_only[1:] in text(panel) and "Who waited next" not in text(panel)
    assert len([li for li in panel.iter("li") if li.get("class") == "why-player"]) == 4


def test_the_time_of_the_last_change(tmp_path: Path) -> None:
    """The summary gives when the last event was recorded (UTC without a script; the page's
    script shows it in the reader's time); a time column that does not read as a time (it is
    information only) is left out, the page still drawn."""
    import sqlite3

    path = tmp_path / "s.db"
    log.create(path, rot.Config(tables=1, format=rot.SINGLES, seed=1))
    log.arrive(path, "Ann")
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE events SET at = '2026-10-03T20:41:07+00:00'")
    conn.close()
    stamp = by_id(parse(render_page(read_board(path), live=False)), "summary").find("time")
    assert stamp is not None and stamp.get("datetime") == "2026-10-03T20:41:07+00:00" and text(stamp) == "20:41 UTC"
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE events SET at = 'yesterday'")
    conn.close()
    summary = by_id(parse(render_page(read_board(path), live=False)), "summary")
    assert summary.find("time") is None and "1 player here" in text(summary)


def test_a_session_before_anyone_came(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    log.create(path, rot.Config(tables=2, seed=1))
    board = read_board(path)
    assert board.updated is None
    root = parse(render_page(board, live=False))
    assert [by_id(root, f"table-{t}").get("data-state") for t in (1, 2)] == ["free", "free"]
    assert by_id(root, "queue").findall("li") == [] and "Nobody is waiting" in text(by_id(root, "board"))
    assert "0 players here" in text(by_id(root, "summary")) and by_id(root, "summary").find("time") is None
