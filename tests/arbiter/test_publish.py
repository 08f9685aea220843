"""``arbiter publish``: the site's content against the model, HTML5 validity, internal links,
"why" panels on every board, disputed rounds said so, and a site written whole or not at all.

Expected values come from the tournament model, from the checker's own report
(:func:`checker.dutch.check.check_round`), from ``tiebreaks`` via its JSON shape and, for the final
standings of corpus tournaments, from the reference tie-break values computed by gacrux."""

from __future__ import annotations

from checker.dutch.criteria import TABLE

import csv
import json
import os
import re
import time
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import html5lib
import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.publish import MARKER, Page, Site, SiteError, SiteOptions, build_pages, write_site
from checker.dutch.state import Flt, float_of
from tests.support import REPO, check_as_filed, shared_corpus
from tiebreaks.codes import file_tiebreaks
from tiebreaks.output import standings_dict
from tiebreaks.standings import standings
from trf import parse_file
from trf.model import Result, Tournament
from trf.writer import fmt_points

EXAMPLE = REPO / "fixtures" / "example.trf"
CORPUS_EVENTS = ["dev-0003-n19-r9", "dev-0032-n17-r11", "dev-0030-n53-r6"]

WHITE_RESULT = {Result.WIN: "1–0", Result.DRAW: "½–½", Result.LOSS: "0–1", Result.WIN_UNRATED: "1–0",
                Result.DRAW_UNRATED: "½–½", Result.LOSS_UNRATED: "0–1", Result.FORFEIT_WIN: "+/−",
                None: ""}


# --------------------------------------------------------------------------- helpers


def publish(path: Path, out: Path) -> tuple[Tournament, Path, Site]:
    t = parse_file(path).tournament
    site = build_pages(t, path.read_bytes(), str(path), SiteOptions(jobs=1, engine=False))
    write_site(out, site)
    return t, out, site


def parse(path: Path) -> Element:
    """The page as an element tree; html5lib's strict mode raises on any HTML5 parse error."""
    parser = html5lib.HTMLParser(strict=True, tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    return parser.parse(path.read_bytes())  # type: ignore[no-any-return]


def text(e: Element) -> str:
    return " ".join("".join(e.itertext()).split())


def rows(table: Element, cls: str | None = None) -> list[list[str]]:
    """The body rows of ``table`` (only those of class ``cls`` when given), as cell texts."""
    body = table.find("tbody")
    assert body is not None
    out = []
    for tr in body.findall("tr"):
        if tr.get("class") == "why-row" or (cls is not None and tr.get("class") != cls):
            continue
        out.append([text(c) for c in tr if c.tag in ("td", "th")])
    return out


def table_of(doc: Element, cls: str) -> Element:
    found = [t for t in doc.iter("table") if cls in (t.get("class") or "").split()]
    assert len(found) == 1, f"expected one table.{cls}"
    return found[0]


def headers(table: Element) -> list[str]:
    thead = table.find("thead")
    assert thead is not None, "every table has a header row"
    return [text(th) for th in thead.iter("th")]


def result_of(t: Tournament, w: int, b: int, rnd: int) -> str:
    we, be = t.player(w).entry(rnd), t.player(b).entry(rnd)
    code = we.result if we is not None else None
    if code is Result.FORFEIT_LOSS:
        return "−/−" if be is not None and be.result is Result.FORFEIT_LOSS else "−/+"
    return WHITE_RESULT[code]


@pytest.fixture(scope="module")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Tournament, Path, Site]:
    return publish(EXAMPLE, tmp_path_factory.mktemp("pub") / "site")


def _corpus_path(name: str) -> Path:
    return shared_corpus() / "dutch-2026" / "tournaments" / f"{name}.trf"


@pytest.fixture(scope="module", params=["example"] + CORPUS_EVENTS)
def any_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Tournament, Path, Site]:
    path = EXAMPLE if request.param == "example" else _corpus_path(request.param)
    return publish(path, tmp_path_factory.mktemp("pub") / "site")


# --------------------------------------------------------------------------- content


def test_every_board_and_result_appears_on_its_round_page(any_site: tuple[Tournament, Path, Site]) -> None:
    t, site, _ = any_site
    for rnd in range(1, t.rounds_paired + 1):
        doc = parse(site / f"round-{rnd}.html")
        table = table_of(doc, "pairings")
        assert headers(table)[:3] == ["Bd", "No", "White"]
        got = {(int(r[1]), int(r[-1])): r for r in rows(table, "board")}
        games = t.games(rnd)
        assert set(got) == {(g.white, g.black) for g in games}, rnd
        assert sorted(int(r[0]) for r in got.values()) == list(range(1, len(games) + 1))
        for g in games:
            r = got[(g.white, g.black)]
            assert r[4] == fmt_points(t.score(g.white, rnd - 1)) and r[6] == fmt_points(t.score(g.black, rnd - 1))
            assert r[5].split(" (")[0] == result_of(t, g.white, g.black, rnd), (rnd, g)
        # every board has its panel, the PAB too
        panels = [d for d in doc.iter("details") if d.get("class") == "why"]
        summaries = [text(d.find("summary")) for d in panels]  # type: ignore[arg-type]
        assert summaries.count("Why this pairing?") == len(games)
        byes = {b.player: b.kind for b in t.byes(rnd)}
        listed = {int(li.get("id", "bye-0")[4:]): text(li) for li in doc.iter("li") if li.get("id", "").startswith("bye-")}
        assert set(listed) == set(byes), rnd
        for pid, kind in byes.items():
            assert f"({pid}, {fmt_points(t.score(pid, rnd - 1))} points before the round)" in listed[pid]
            if kind is Result.PAIRING_ALLOCATED_BYE:
                assert any(s.startswith("Why did ") and s.endswith("get the bye?") for s in summaries)
                # read aloud: the name, each rule's plain words (the table's column), then its article
                said = listed[pid]
                assert said.startswith(f"{t.player(pid).name} ({pid},")
                for crit, article in (("C2", "2.1.2"), ("C5", "2.3.1")):
                    rule = next(r for r in TABLE if r.name == crit)
                    assert said.index(rule.plain[1:]) < said.index(f"(C.04.3 Art. {article} / {crit})"), rnd


def test_standings_after_every_round_match_the_tiebreaks(any_site: tuple[Tournament, Path, Site]) -> None:
    t, site, _ = any_site
    tbs = file_tiebreaks(t)
    for rnd in range(1, t.rounds_paired + 1):
        expected = standings_dict(t, standings(t, tbs or [], after_round=rnd, default_list=tbs is None), "x")
        doc = parse(site / f"standings-{rnd}.html")
        table = table_of(doc, "standings")
        head = headers(table)
        codes = [tb["code"] for tb in expected["tiebreaks"]]
        assert head[6:6 + len(codes)] == codes and head[-1] == "Separated from the next by"
        got = rows(table)
        assert len(got) == len(expected["standings"])
        for i, (r, s) in enumerate(zip(got, expected["standings"])):
            assert (r[0], int(r[1]), r[5]) == (s["place"], s["start_rank"], s["points"])
            assert r[6:6 + len(codes)] == [s["tiebreaks"][c] for c in codes]
            last = i == len(got) - 1
            assert r[-1] == (s["separated_from_next_by"] or ("" if last else "shared place"))


@pytest.mark.corpus
@pytest.mark.parametrize("name", CORPUS_EVENTS)
def test_final_standings_agree_with_the_reference_tiebreaks(name: str, tmp_path: Path) -> None:
    """The tie-break values published after the last round are gacrux's (the corpus reference)."""
    path = _corpus_path(name)
    t, site, _ = publish(path, tmp_path / "site")
    ref_path = shared_corpus() / "dutch-2026" / "tiebreaks" / f"{name}.tsv"
    lines = [ln for ln in ref_path.read_text().splitlines() if not ln.startswith("#")]
    ref = {int(r["StartNo"]): r for r in csv.DictReader(lines, delimiter="\t")}
    table = table_of(parse(site / f"standings-{t.rounds_paired}.html"), "standings")
    head = headers(table)
    checked = 0
    for r in rows(table):
        values = dict(zip(head, r))
        pid = int(values["No"])
        assert values["Pts"] == ref[pid]["PTS"]
        for code in ("BH", "BH/C1", "WIN", "BWG", "SB"):
            if code in values:
                assert float(values[code]) == float(ref[pid][code]), (pid, code)
                checked += 1
    assert checked >= len(ref) * 3


def test_crosstable_and_player_cards(any_site: tuple[Tournament, Path, Site]) -> None:
    t, site, _ = any_site
    n = t.rounds_paired
    doc = parse(site / "crosstable.html")
    table = table_of(doc, "crosstable")
    assert headers(table)[6:6 + n] == [f"R{r}" for r in range(1, n + 1)]
    got = {int(r[1]): r for r in rows(table)}
    place_of = {pid: i + 1 for i, pid in enumerate(got)}
    assert set(got) == set(t.player_by_rank)
    for p in t.players:
        r = got[p.start_rank]
        assert r[5] == fmt_points(t.score(p.start_rank, n))
        for rnd in range(1, n + 1):
            e = p.entry(rnd)
            cell = r[5 + rnd]
            if e is not None and e.opponent is not None:
                assert cell.startswith(f"{place_of[e.opponent]}{e.colour.value if e.colour.value != '-' else ''}"), (p.start_rank, rnd, cell)
        card = parse(site / f"player-{p.start_rank}.html")
        h1 = text(next(card.iter("h1")))
        assert h1.endswith(p.name)
        ctab = table_of(card, "card")
        crows = rows(ctab)
        assert [int(c[0]) for c in crows] == list(range(1, n + 1))
        for rnd, c in zip(range(1, n + 1), crows):
            e = p.entry(rnd)
            assert c[6] == fmt_points(t.score(p.start_rank, rnd))
            fl = float_of(t, p.start_rank, rnd)
            assert c[7] == ("down" if fl is Flt.DOWN else "up" if fl is Flt.UP else ""), (p.start_rank, rnd)
            if e is not None and e.opponent is not None:
                assert c[3].endswith(f"({e.opponent})")
                assert c[2] == {"w": "White", "b": "Black"}.get(e.colour.value, "")
                assert c[8] == "why?"


def test_disputed_rounds_say_so(example_site: tuple[Tournament, Path, Site]) -> None:
    t, site, _ = example_site
    index = parse(site / "index.html")
    verdicts = {int(r[0]): r[-1] for r in rows(table_of(index, "rounds-table"))}
    for rnd in range(1, t.rounds_paired + 1):
        rep = check_as_filed(t, rnd)
        page = text(parse(site / f"round-{rnd}.html"))
        disputed = "The checker disputes this round's pairing" in page
        assert disputed == (not rep.ok), rnd
        assert verdicts[rnd] == ("conforms" if rep.ok else "disputed")
        for f in rep.findings:  # as read aloud (the sentence), not in the checker's terms
            assert " ".join(f.plain.split()) in page and f.sentence
    assert verdicts[2] == "disputed"  # the README's example: round 2 is not the engine's pairing


def test_every_page_is_html5_with_language_headers_and_no_broken_link(any_site: tuple[Tournament, Path, Site]) -> None:
    t, site, built = any_site
    files = {p.path for p in built.pages}
    assert {"index.html", "crosstable.html", "players.html", "style.css"} <= files
    assert any(f.endswith(".trf") for f in files)
    ids: dict[str, set[str]] = {}
    links: list[tuple[str, str]] = []
    for name in sorted(f for f in files if f.endswith(".html")):
        doc = parse(site / name)
        assert doc.get("lang") == "en"
        assert doc.find("head/title") is not None and doc.find("head/meta[@name='viewport']") is not None
        ids[name] = {e.get("id", "") for e in doc.iter() if e.get("id")}
        for table in doc.iter("table"):
            assert table.find("thead") is not None and table.find("caption") is not None, name
        for e in doc.iter():
            for attr in ("href", "src"):
                if e.get(attr):
                    links.append((name, e.get(attr, "")))
        assert not list(doc.iter("script")), "no JavaScript"
    for page, link in links:
        assert not re.match(r"^[a-z]+:|^//", link), f"{page} links outside the site: {link}"
        target, _, frag = link.partition("#")
        target = target or page
        assert (site / target).is_file(), f"{page}: broken link {link}"
        if frag:
            assert frag in ids[target], f"{page}: no #{frag} in {target}"
    assert (site / MARKER).is_file()
    css = (site / "style.css").read_text()
    assert "@media print" in css and "size: A4" in css
    assert "url(" not in css and "@import" not in css


# --------------------------------------------------------------------------- writing the site


def test_site_replaces_an_old_site_and_refuses_other_folders(tmp_path: Path) -> None:
    t = parse_file(EXAMPLE).tournament
    site = build_pages(t, EXAMPLE.read_bytes(), str(EXAMPLE), SiteOptions(explain=False))
    target = tmp_path / "site"
    write_site(target, site)
    (target / "stale.html").write_text("old")
    write_site(target, site)
    assert not (target / "stale.html").exists(), "the new site replaces the old one whole"
    assert sorted(os.listdir(tmp_path)) == ["site"], "no temporary folder left behind"
    other = tmp_path / "documents"
    other.mkdir()
    (other / "letter.txt").write_text("keep me")
    with pytest.raises(SiteError) as exc:
        write_site(other, site)
    assert exc.value.usage and (other / "letter.txt").read_text() == "keep me"
    with pytest.raises(SiteError):
        write_site(tmp_path, site, source=tmp_path / "site" / "example.trf")


def test_a_failed_write_leaves_the_old_site(tmp_path: Path) -> None:
    t = parse_file(EXAMPLE).tournament
    good = build_pages(t, EXAMPLE.read_bytes(), str(EXAMPLE), SiteOptions(explain=False))
    target = tmp_path / "site"
    write_site(target, good)
    before = {p: (target / p).read_bytes() for p in os.listdir(target)}
    # a page whose path is a folder of the site: the write fails half-way
    bad = Site(good.pages + (Page("index.html/oops.html", b"x"),), good.verdicts)
    with pytest.raises(OSError):
        write_site(target, bad)
    assert {p: (target / p).read_bytes() for p in os.listdir(target)} == before
    assert sorted(os.listdir(tmp_path)) == ["site"]


def test_cli_publish_json_and_refusals(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["publish", str(EXAMPLE), "-o", str(tmp_path / "site"), "--no-engine", "--json",
                              "--jobs", "2"])
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)
    assert data["rounds"] == 3 and data["players"] == 8
    assert "round-3.html" in data["files"] and "player-8.html" in data["files"]
    assert [c["ok"] for c in data["checked"]] == [check_as_filed(parse_file(EXAMPLE).tournament, r).ok
                                                  for r in (1, 2, 3)]
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("x")
    res = runner.invoke(app, ["publish", str(EXAMPLE), "-o", str(tmp_path / "notes")])
    assert res.exit_code == 2 and "not empty" in res.stderr


def test_a_republication_reuses_the_explanations_of_unchanged_rounds(tmp_path: Path) -> None:
    from arbiter.publish import read_stored

    path = REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0004-n12-r5.trf"
    t = parse_file(path).tournament
    fresh = build_pages(t, path.read_bytes(), str(path), SiteOptions(engine=False))
    write_site(tmp_path / "site", fresh)
    stored = read_stored(tmp_path / "site")
    assert sorted(stored, key=int) == [str(r) for r in range(1, t.rounds_paired + 1)]
    again = build_pages(t, path.read_bytes(), str(path), SiteOptions(engine=False, stored=stored))
    assert {p.path: p.data for p in again.pages} == {p.path: p.data for p in fresh.pages}
    # a stored explanation is used only while its key matches the round's inputs
    marked = json.loads(json.dumps(stored))
    for r in ("2", "3"):
        marked[r]["explanation"]["boards"][0]["colour_sentence"] = f"STORED-{r}"
    marked["3"]["key"] = "stale"
    site = build_pages(t, path.read_bytes(), str(path), SiteOptions(engine=False, stored=marked))
    pages = {p.path: p.data.decode("utf-8", "replace") for p in site.pages}
    assert "STORED-2" in pages["round-2.html"], "an unchanged round is not checked again"
    assert "STORED-3" not in pages["round-3.html"], "a round whose inputs changed is checked again"


def test_the_separating_tiebreak_is_the_first_value_that_differs(any_site: tuple[Tournament, Path, Site]) -> None:
    """Read off the published table itself: neighbours on different points are separated by PTS,
    else by the first tie-break of the list whose values differ; equal on all: a shared place."""
    t, site, _ = any_site
    for rnd in range(1, t.rounds_paired + 1):
        table = table_of(parse(site / f"standings-{rnd}.html"), "standings")
        head = headers(table)
        got = rows(table)
        codes = head[6:-1]
        for a, b in zip(got, got[1:]):
            if a[5] != b[5]:
                want = "PTS"
            else:
                want = next((c for c, x, y in zip(codes, a[6:-1], b[6:-1]) if x != y), "shared place")
            assert a[-1] == want, (rnd, a, b)
            assert (a[0] == b[0]) == (want == "shared place")


def test_a_round_breaking_an_absolute_criterion_says_so(tmp_path: Path) -> None:
    """Round 3 of the example re-paired with 1 against 4, who met in round 2 (C1): the page
    says the checker disputes it and does not weigh alternatives."""
    from trf import dumps
    from trf.edit import unpair_round, with_pairing

    t0 = parse_file(EXAMPLE).tournament
    assert 4 in t0.player(1).opponents(2)
    t = with_pairing(unpair_round(t0, 3), 3, [(4, 1), (3, 7), (6, 5)], 8)
    path = tmp_path / "c1.trf"
    path.write_text(dumps(t))
    _, site, _ = publish(path, tmp_path / "site")
    page = text(parse(site / "round-3.html"))
    assert "The checker disputes this round's pairing" in page
    # C1 in plain words first, then its article; the two players by name and number
    assert "Two players may not play each other twice (C.04.3 Art. 2.1.1 / C1)" in page
    assert "Kowalczyk, Piotr (4) and Lindqvist, Erik (1) already played each other in round 2" in page
    assert "Not compared: the round breaks an absolute criterion" in page


@pytest.mark.fast
def test_a_2017_event_publishes_with_the_2017_verdicts_named(tmp_path: Path) -> None:
    """A file the 2017 rules apply to (``192 FIDE_DUTCH_2017``): every round is explained (the
    checker's alternatives come from the 2017 criteria, C.5-C.19, whose names and articles the
    pages show), and each round page says which text its words follow."""
    from systems import CheckRequest, select

    source = REPO / "fixtures" / "dutch-2026" / "tournaments" / "dev-0003-n19-r9.trf"
    path = tmp_path / "event-2017.trf"
    path.write_text("192 FIDE_DUTCH_2017\n" + source.read_text(encoding="utf-8"), encoding="utf-8")
    t, site, _ = publish(path, tmp_path / "site")
    named_2017 = 0
    for rnd in range(1, t.rounds_paired + 1):
        sel = select(t)
        ex = sel.system.explain(t, rnd, sel, CheckRequest(engine=False))
        assert ex is not None
        assert any("by the 2017 Dutch rules" in n for n in ex.notes)
        for alt in [b.alternative for b in ex.boards if b.alternative is not None]:
            assert not (alt.criterion.startswith("C") and alt.criterion[1:].isdigit())  # no 2026 name
            if alt.criterion.startswith("C."):
                named_2017 += 1
                assert alt.article == f"{alt.criterion} (2017)" and "(2017:" in alt.text
        page = text(parse(site / f"round-{rnd}.html"))
        assert "by the 2017 Dutch rules" in page
    assert named_2017 > 0


# --------------------------------------------------------------------------- killed while publishing

#: A child that publishes ``NEW`` over the site at argv[1], killing itself (SIGKILL: no clean-up,
#: no ``finally``) just before its argv[2]-th step, a step being any call that changes the file
#: system or flushes it (and the exchange of the two folders); with argv[3] == "fallback" the
#: exchange is not available, as on a system or file system without it.
_KILLED_PUBLISH = r"""
import os, signal, sys
from pathlib import Path
import arbiter.publish as publish
from arbiter.publish import Page, Site, write_site

target, at, fallback = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "fallback"
calls = 0

def dying(real):
    def step(*args, **kwargs):
        global calls
        calls += 1
        if calls == at:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    return step

if fallback:
    publish._exchange = lambda a, b: False
for name in ("mkdir", "open", "write", "chmod", "sync", "fsync", "rename", "replace", "rmdir", "unlink"):
    setattr(os, name, dying(getattr(os, name)))
if hasattr(publish, "_exchange"):
    publish._exchange = dying(publish._exchange)
write_site(target, Site(tuple(Page(path, data) for path, data in %(new)r.items()), ()))
"""

_OLD = {"index.html": b"old index", "round-1.html": b"old round", "sub/old.html": b"old only"}
_NEW = {"index.html": b"new index " * 200, "round-2.html": b"new round", "sub/new.html": b"new only"}


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _site(pages: dict[str, bytes]) -> Site:
    return Site(tuple(Page(path, data) for path, data in pages.items()), ())


def _kill_at_every_step(tmp_path: Path, mode: str) -> dict[str, int]:
    """Publish ``_NEW`` over ``_OLD`` in a child killed at step 1, 2, ... until one finishes; after
    each, what stands at the site path (``"old"``, ``"new"``, or ``"none"``) is a whole site, and
    the next publish succeeds and leaves nothing beside it."""
    import subprocess
    import sys

    old = {**_OLD, MARKER: b""}
    new = {**_NEW, MARKER: b""}
    outcomes: dict[str, int] = {}
    at = 1
    while True:
        parent = tmp_path / mode / str(at)
        target = parent / "site"
        write_site(target, _site(_OLD))
        child = subprocess.run([sys.executable, "-c", _KILLED_PUBLISH % {"new": _NEW}, str(target), str(at), mode],
                               cwd=REPO, capture_output=True, text=True, timeout=120)
        assert child.returncode in (0, -9), child.stderr
        if target.exists():
            assert target.is_dir() and not target.is_symlink()
            got = {k: (b"" if k == MARKER else v) for k, v in _files(target).items()}
            assert got in (old, new), (at, sorted(got))
            seen = "new" if got == new else "old"
        else:
            seen = "none"  # only between the fallback's two renames: the old site is aside, whole
            aside = [p for p in parent.iterdir() if p.name.startswith(".site.old-")]
            assert mode == "fallback" and len(aside) == 1, (at, os.listdir(parent))
            assert {k: (b"" if k == MARKER else v) for k, v in _files(aside[0]).items()} == old
            from arbiter.publish import recover

            recover(target)
            assert {k: (b"" if k == MARKER else v) for k, v in _files(target).items()} == old, "put back"
        outcomes[seen] = outcomes.get(seen, 0) + 1
        write_site(target, _site({"index.html": b"third"}))
        assert _files(target) == {"index.html": b"third", MARKER: (target / MARKER).read_bytes()}
        assert os.listdir(parent) == ["site"], (at, "what the killed publish left is cleaned")
        if child.returncode == 0:
            break
        at += 1
    assert at > 20, "every write, flush, rename and removal was a place to die"
    return outcomes


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL")
def test_a_publish_killed_at_any_step_leaves_the_old_or_the_new_site(tmp_path: Path) -> None:
    import arbiter.publish

    probe = tmp_path / "probe"
    (probe / "a").mkdir(parents=True)
    (probe / "b").mkdir()
    exchange = getattr(arbiter.publish, "_exchange", lambda a, b: True)
    if not exchange(probe / "a", probe / "b"):
        pytest.skip("this file system cannot exchange two folders (the fallback is tested below)")
    outcomes = _kill_at_every_step(tmp_path, "exchange")
    assert set(outcomes) == {"old", "new"} and outcomes["new"] > 1  # killed after the exchange: the new site


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL")
def test_a_publish_killed_between_the_fallbacks_renames_is_recovered(tmp_path: Path) -> None:
    outcomes = _kill_at_every_step(tmp_path, "fallback")
    assert outcomes.get("none") == 1 and set(outcomes) == {"old", "new", "none"}


def test_only_dead_publishes_temporary_folders_are_removed(tmp_path: Path) -> None:
    """The clean-up removes the folders named as a publish's whose process is gone, and those of
    earlier versions (no process id) once an hour old; never a running publish's, a link, a
    file, or any other name."""
    import subprocess
    import sys

    from arbiter.publish import STALE_AFTER_SECONDS, recover

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(gone.stdout)
    target = tmp_path / "site"
    write_site(target, _site(_OLD))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    names = {f".site.new-{dead}-abcd1234": "removed", f".site.old-{dead}-abcd_234": "removed",
             f".site.new-{os.getpid()}-abcd1234": "kept",  # a publish running now (this process)
             ".site.new-abcdefgh": "kept", ".site.old-zzzzzzzz": "removed",  # earlier versions': young, old
             f".site.new-{dead}-ABCD1234": "kept", ".site.new-notours": "kept", f".other.new-{dead}-abcd1234": "kept"}
    for name in names:
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.html").write_text(name)
    hour_ago = time.time() - STALE_AFTER_SECONDS - 60
    os.utime(tmp_path / ".site.old-zzzzzzzz", (hour_ago, hour_ago))
    (tmp_path / f".site.new-{dead}-link1234").symlink_to(outside)
    (tmp_path / f".site.new-{dead}-file1234").write_text("a file")
    recover(target)
    left = set(os.listdir(tmp_path))
    assert {n for n, fate in names.items() if fate == "kept"} <= left
    assert not {n for n, fate in names.items() if fate == "removed"} & left
    assert {f".site.new-{dead}-link1234", f".site.new-{dead}-file1234"} <= left
    assert (outside / "keep.txt").read_text() == "keep"
    assert _files(target) == {**_OLD, MARKER: (target / MARKER).read_bytes()}, "a standing site is not touched"


@pytest.mark.parametrize("codes, said", [
    ("BH,XYZ", "record 202/212: unknown tie-break 'XYZ'"),
    ("BH,EMGSB", "record 202/212: EMGSB is a tie-break of team events (C.07 art. 12, 13), and this event is individual"),
])
def test_a_tiebreak_list_standings_cannot_use_is_refused_before_anything_is_written(
        tmp_path: Path, codes: str, said: str) -> None:
    # the standings pages use the file's 202 list (C.07 art. 4.2): a code that is no tie-break, or
    # a team tie-break in an individual event, is invalid input (exit 3, as `standings` says), not
    # an internal error, and no site is written
    source = tmp_path / "listed.trf"
    lines = (REPO / "fixtures" / "example.trf").read_text(encoding="utf-8").splitlines(keepends=True)
    source.write_text(lines[0] + f"202 {codes}\n" + "".join(lines[1:]), encoding="utf-8")
    site = tmp_path / "site"
    result = CliRunner().invoke(app, ["publish", str(source), "-o", str(site)])
    assert result.exit_code == 3 and said in result.output and not site.exists()


def test_the_footer_credits_the_checker_only_where_it_explains(tmp_path: Path) -> None:
    # The footer says the "why" panels come from the checker, naming the rules it read: on a
    # Dutch site (the checker explains every round) it names C.04.3; on a Dubov site it names
    # C.04.4.1 (its checker explains the Dubov rounds); a site published without explanations
    # gets no such sentence rather than a claim about panels it does not have.
    src = tmp_path / "d.trf"  # a Dubov sample round, named by its 192 code
    sample = sorted((REPO / "fixtures" / "dubov").rglob("*.trf"))[0].read_text(encoding="utf-8")
    src.write_text("192 FIDE_DUBOV\n" + sample, encoding="utf-8")
    _, dutch, _ = publish(EXAMPLE, tmp_path / "dutch")
    footer = text(parse(dutch / "index.html").find(".//footer"))  # type: ignore[arg-type]
    assert "independent checker (FIDE Dutch (C.04.3" in footer
    t = parse_file(src).tournament
    for explain, folder in ((True, "dubov"), (False, "plain")):
        site = build_pages(t, src.read_bytes(), str(src), SiteOptions(jobs=1, engine=False, explain=explain))
        write_site(tmp_path / folder, site)
    footer = text(parse(tmp_path / "dubov" / "index.html").find(".//footer"))  # type: ignore[arg-type]
    assert "independent checker (FIDE Dubov (C.04.4.1" in footer and "C.04.3" not in footer
    footer = text(parse(tmp_path / "plain" / "index.html").find(".//footer"))  # type: ignore[arg-type]
    assert footer.startswith("Published with arbiter") and "checker" not in footer
