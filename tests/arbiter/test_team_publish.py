"""``arbiter publish`` of a team event: every page valid HTML5 (html5lib, strict) with its internal links
resolving, each match with every board as the file has it, standings by match and game points, a
card per team, names escaped.

Expected values: a small event written here with results worked out by hand, and, for the standings
after the last round, the 310 records of the 48 team tournaments of the corpus and of FIDE's own
sample (their final match and game points, written by the programs that made them).
"""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree.ElementTree import Element

import html5lib
import pytest

import trf
from event.create import EventSettings
from event.team.create import TeamSettings, new_team_event
from event.team.registration import parse_teams, register_teams
from event.team.results import enter_match_result, forfeit_match
from event.team.rounds import set_lineup, write_round
from tests.event.making import cli
from tests.support import CORPUS
from trf.model import Colour, Tournament
from trf.teams import team_event
from trf.writer import fmt_points

TEAMS = """Team,Nickname,Name,Rating,Fed
<b>Fjord</b> & Co,FJO,"Lindqvist, Erik",2541,SWE
<b>Fjord</b> & Co,,"Okafor, Adaeze",2433,NGR
<b>Fjord</b> & Co,,"Moreau, Julien",2378,FRA
<b>Fjord</b> & Co,,"Vik, Ola",2100,NOR
Bergen Sjakk,BER,"Tanaka, Yui",2201,JPN
Bergen Sjakk,,"Haddad, Karim",2105,LBN
Bergen Sjakk,,"Schmidt, Lukas",1987,GER
Bergen Sjakk,,"Lee, Minho",2150,KOR
Bergen Sjakk,,"Reserve, Rolf",1800,NOR
Oslo SK,OSL,"Berg, Anna",2320,NOR
Oslo SK,,"Dahl, Per",2250,NOR
Oslo SK,,"Eik, Kari",2180,NOR
Oslo SK,,"Fos, Siv",2010,NOR
"""


def _event() -> Tournament:
    """Three teams, 4 boards WBWB, three rounds (worked out by hand):

    * round 1: 1-2 (White team 1): 1 ½ 0 1 from team 1's side: 2½-1½, 2 MP to 0; team 3 the PAB (1 MP, 2 GP);
    * round 2: 3-1: team 1 fields nobody on board 4 (a 300 line-up): boards ½ 0 ½ and team 3's board-4
      player wins the empty board: team 3 3-1, 2 MP; team 2 the PAB;
    * round 3: 2-3 forfeited, team 2 did not come (330 -+): team 3 2 MP, 4 GP; team 1 the PAB.

    After round 3: team 3 1+2+2 = 5 MP, 2+3+4 = 9 GP; team 1 2+0+1 = 3 MP, 2½+1+2 = 5½ GP; team 2
    0+1+0 = 1 MP, 1½+2+0 = 3½ GP."""
    t = new_team_event(EventSettings("Fjord Team Cup", 3, initial_colour=Colour.WHITE, tiebreaks="EDE,MPvGP"),
                       TeamSettings()).after
    t = register_teams(t, parse_teams(TEAMS)).after
    t = enter_match_result(write_round(t, 1, ((1, 2),), 3), "1", "1 = 0 1").after
    t = set_lineup(write_round(t, 2, ((3, 1),), 2), 1, (1, 2, 3, 0)).after
    t = enter_match_result(t, "1", "= 1 = .").after
    t = forfeit_match(write_round(t, 3, ((2, 3),), 1), "1", "-+").after
    # a player's name carrying an escape character, as a file made elsewhere may hold
    text = trf.dumps(t).replace("Berg, Anna", "Berg,\x1bAnna")  # the same width
    return trf.parse_bytes(text.encode("utf-8")).tournament


def _parse(path: Path) -> Element:
    parser = html5lib.HTMLParser(strict=True, tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    return parser.parse(path.read_bytes())  # type: ignore[no-any-return]


def _text(e: Element) -> str:
    return " ".join("".join(e.itertext()).split())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Tournament]:
    folder = tmp_path_factory.mktemp("team")
    path = folder / "cup.trf"
    t = _event()
    path.write_text(trf.dumps(t), encoding="utf-8")
    code, out, err = cli("publish", path, "-o", folder / "site", "--json")
    assert code == 0, err
    assert json.loads(out)["teams"] == 3
    return folder / "site", t


@pytest.mark.fast
def test_every_page_is_valid_html_and_its_links_resolve(site: tuple[Path, Tournament]) -> None:
    folder, _ = site
    pages = sorted(folder.glob("*.html"))
    assert {p.name for p in pages} == {"index.html", "teams.html", *(f"round-{r}.html" for r in (1, 2, 3)),
                                       *(f"standings-{r}.html" for r in (1, 2, 3)), *(f"team-{n}.html" for n in (1, 2, 3))}
    ids = {p.name: {e.get("id") for e in _parse(p).iter() if e.get("id")} for p in pages}
    for p in pages:
        for a in _parse(p).iter("a"):
            href = a.get("href", "")
            target, _, anchor = href.partition("#")
            assert (folder / target).exists(), (p.name, href)
            if anchor:
                assert anchor in ids[target], (p.name, href)


@pytest.mark.fast
def test_each_match_with_every_board(site: tuple[Path, Tournament]) -> None:
    folder, t = site
    doc = _parse(folder / "round-2.html")
    heads = [_text(h) for h in doc.iter("h2") if (h.get("id") or "").startswith("match-")]
    assert heads == ["Match 1: Oslo SK (3, 1.0) – <b>Fjord</b> & Co (1, 2.0) 3–1"]
    rows = [[_text(c) for c in tr] for tr in doc.iter("tr") if (tr.get("id") or "").startswith("board-1-")]
    # Oslo SK (White team) on the WBWB boards; Fjord's board 4 empty, won by Oslo's player
    assert [r[:2] + r[5:6] for r in rows] == [["1", "White", "½–½"], ["2", "Black", "1–0"], ["3", "White", "½–½"],
                                              ["4", "Black", "+–"]]
    assert rows[3][6] == "empty board"
    byes = [_text(li) for li in doc.iter("li") if "pairing-allocated bye" in _text(li)]
    assert byes == ["Bergen Sjakk (2): pairing-allocated bye (PAB), 1.0 MP, 2.0 GP"]
    forfeit = _parse(folder / "round-3.html")
    assert "A forfeited match: Oslo SK wins, Bergen Sjakk did not come (no games, no colours)." in _text(forfeit)


@pytest.mark.fast
def test_standings_by_match_then_game_points(site: tuple[Path, Tournament]) -> None:
    folder, _ = site
    doc = _parse(folder / "standings-3.html")
    table = next(x for x in doc.iter("table") if x.get("class") == "standings")
    body = table.find("tbody")
    assert body is not None
    assert [[_text(c) for c in tr] for tr in body] == [
        ["1", "3", "Oslo SK", "5.0", "9.0", "1"], ["2", "1", "<b>Fjord</b> & Co", "3.0", "5.5", "2"],
        ["3", "2", "Bergen Sjakk", "1.0", "3.5", "1"]]  # a forfeited match is not played (C.04.2 Art. 3.5)
    assert "are not computed by this program yet" in _text(doc) and "EDE,MPvGP" in _text(doc)


@pytest.mark.fast
def test_a_team_card(site: tuple[Path, Tournament]) -> None:
    folder, _ = site
    doc = _parse(folder / "team-1.html")
    heads = [_text(h) for h in doc.iter("h3")]
    assert heads == ["Round 1: against Bergen Sjakk (White on board 1): 2½–1½, 2.0 MP (2.0 MP in all)",
                     "Round 2: against Oslo SK (Black on board 1): 1–3, 0.0 MP (2.0 MP in all)",
                     "Round 3: pairing-allocated bye (PAB), 1.0 MP (3.0 MP in all)"]
    players = next(x for x in doc.iter("table") if x.get("class") == "players")
    assert [_text(tr[2]) for tr in players.find("tbody") or []] == ["Lindqvist, Erik", "Okafor, Adaeze",
                                                                     "Moreau, Julien", "Vik, Ola"]


@pytest.mark.fast
def test_names_are_escaped(site: tuple[Path, Tournament]) -> None:
    folder, _ = site
    raw = (folder / "teams.html").read_text(encoding="utf-8")
    assert "<b>Fjord</b>" not in raw and "&lt;b&gt;Fjord&lt;/b&gt; &amp; Co" in raw
    assert "\x1b" not in raw and "Berg,\\x1bAnna" in raw
    for page in folder.glob("*.html"):
        assert "\x1b" not in page.read_text(encoding="utf-8")


def _corpus_files() -> list[object]:
    """Every 8th corpus team tournament and FIDE's sample, or one skipped case without the corpus."""
    if not CORPUS.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"../shared/corpus not present: {CORPUS} does not "
                                                                  "exist"))]
    files = sorted((CORPUS / "team-swiss").glob("*/full.trf"))[::8] + [CORPUS / "real" / "grandmommyscup.trf"]
    return [pytest.param(f, id=f.parent.name if f.name == "full.trf" else f.stem) for f in files]


@pytest.mark.parametrize("path", _corpus_files())
def test_final_standings_are_the_310_points(path: Path, tmp_path: Path) -> None:
    """The standings after the last round against the final match and game points of the file's 310
    records (written by gacrux for the corpus, by the TEC for its sample)."""
    t = trf.parse_file(path).tournament
    ev = team_event(t)
    code, out, err = cli("publish", path, "-o", tmp_path / "site")
    assert code == 0, err
    doc = _parse(tmp_path / "site" / f"standings-{t.rounds_paired}.html")
    table = next(x for x in doc.iter("table") if x.get("class") == "standings")
    got = {int(_text(tr[1])): (_text(tr[3]), _text(tr[4])) for tr in table.find("tbody") or []}
    primary_mp = ev.options.primary == "MP"
    want = {x.tpn: (fmt_points(x.match_points), fmt_points(x.game_points)) if primary_mp else
            (fmt_points(x.game_points), fmt_points(x.match_points)) for x in ev.teams
            if x.match_points is not None and x.game_points is not None}
    assert got == want
