"""``arbiter publish`` of a team event: every page valid HTML5 (html5lib, strict) with its internal links
resolving, each match with every board as the file has it, standings with the event's tie-breaks, a
card per team, "why this pairing?" from the checker, names escaped.

Expected values: a small event written here with results, pairings and the checker's reasons
worked out by hand from the articles of C.04.6 (2026); rounds of it paired by hand against the
rules, with the finding the rules give; for the standings, ``arbiter standings --json`` on the same
file (the site must show the same library call's values: the fixtures' team tournaments after every
round, a corpus tournament and FIDE's own sample after the last) and, after the last round, the 310
records of the corpus tournaments and of FIDE's sample (their final match and game points, written
by the programs that made them).
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
from tests.support import CORPUS, FIXTURES
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


def _event(round_2: tuple[tuple[tuple[int, int], ...], int] = (((3, 1),), 2)) -> Tournament:
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
    matches, pab = round_2
    t = write_round(t, 2, matches, pab)
    if round_2 != (((3, 1),), 2):  # a round paired by hand otherwise: its result does not matter here
        return trf.parse_bytes(trf.dumps(t).encode("utf-8")).tournament
    t = set_lineup(t, 1, (1, 2, 3, 0)).after
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
    _valid_and_linked(folder)


def _valid_and_linked(folder: Path) -> None:
    """Every page of the site parses as HTML5 (strict) and every internal link finds its page and
    its anchor."""
    pages = sorted(folder.glob("*.html"))
    ids = {p.name: {e.get("id") for e in _parse(p).iter() if e.get("id")} for p in pages}
    for p in pages:
        for a in _parse(p).iter("a"):
            href = a.get("href", "")
            target, _, anchor = href.partition("#")
            target = target or p.name  # "#match-2": on the same page
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
    assert len(byes) == 1 and byes[0].startswith("Bergen Sjakk (2): pairing-allocated bye (PAB), 1.0 MP, 2.0 GP")
    forfeit = _parse(folder / "round-3.html")
    assert "A forfeited match: Oslo SK wins, Bergen Sjakk did not come (no games, no colours)." in _text(forfeit)


@pytest.mark.fast
def test_standings_with_the_event_tie_breaks(site: tuple[Path, Tournament]) -> None:
    """The event's list is ``EDE,MPvGP`` (202).  After round 3 no two teams share a score (5, 3, 1
    MP): EDE (a procedure on tied teams, C.07 13.3) is blank for everyone, MPvGP (13.1) is the
    other score, the game points 9, 5.5, 3.5, and match points separate each team from the next."""
    folder, _ = site
    doc = _parse(folder / "standings-3.html")
    table = next(x for x in doc.iter("table") if "standings" in (x.get("class") or "").split())
    head = table.find("thead/tr")
    assert head is not None
    assert [_text(c) for c in head] == ["Pl", "No", "Team", "MP", "GP", "EDE", "MPvGP", "Separated from the next by"]
    assert [a.get("title") for a in head.iter("abbr")][2:] == ["extended direct encounter (art. 13.3)",
                                                               "the score that is not primary: MP v GP (art. 13.1)"]
    body = table.find("tbody")
    assert body is not None
    assert [[_text(c) for c in tr] for tr in body] == [
        ["1", "3", "Oslo SK", "5.0", "9.0", "", "9.0", "MP"],
        ["2", "1", "<b>Fjord</b> & Co", "3.0", "5.5", "", "5.5", "MP"],
        ["3", "2", "Bergen Sjakk", "1.0", "3.5", "", "3.5", ""]]  # a forfeited match is not played (C.04.2 Art. 3.5)
    assert "not computed" not in _text(doc)
    card = _parse(folder / "team-3.html")
    facts = [_text(x) for x in card.iter("dd")]
    assert "1 after round 3" in facts and facts[-2:] == ["", "9.0"]  # its place and its EDE, MPvGP


def _standings_rows(page: Path) -> tuple[list[str], list[list[str]]]:
    doc = _parse(page)
    table = next(x for x in doc.iter("table") if "standings" in (x.get("class") or "").split())
    head, body = table.find("thead/tr"), table.find("tbody")
    assert head is not None and body is not None
    return [_text(c) for c in head], [[_text(c) for c in tr] for tr in body]


def _standings_json(path: Path, rnd: int) -> tuple[list[str], list[list[str]]]:
    """``arbiter standings --json --after-round RND`` as the site's table would show it."""
    code, out, err = cli("standings", path, "--json", "--after-round", str(rnd))
    assert code == 0, err
    data = json.loads(out)
    scores = ["MP", "GP"] if data["primary"] == "MP" else ["GP", "MP"]
    head = ["Pl", "No", "Team", *scores, *(tb["code"] for tb in data["tiebreaks"]), "Separated from the next by"]
    key = {"MP": "match_points", "GP": "game_points"}
    rows = []
    for i, r in enumerate(data["standings"]):
        last = i == len(data["standings"]) - 1
        rows.append([r["place"], str(r["tpn"]), " ".join(r["team"].split()), *(r[key[x]] for x in scores),
                     *r["tiebreaks"].values(), "" if last else (r["separated_from_next_by"] or "shared place")])
    return head, rows


def _standings_files() -> list[object]:
    """Two fixture tournaments (match points first, with forfeits; game points first), and with the
    shared corpus a corpus tournament and FIDE's sample (``202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP``)."""
    out: list[object] = [pytest.param(FIXTURES / "team-swiss" / name / "full.trf", True, id=f"fixtures/{name}")
                         for name in ("team-t0016", "team-t0037")]
    reason = f"../shared/corpus not present: {CORPUS} does not exist"
    for path, name in ((CORPUS / "team-swiss" / "team-t0003" / "full.trf", "team-t0003"),
                       (CORPUS / "real" / "grandmommyscup.trf", "grandmommyscup")):
        out.append(pytest.param(path, False, id=name, marks=() if CORPUS.is_dir() else pytest.mark.skip(reason=reason)))
    return out


@pytest.mark.parametrize(("path", "every_round"), _standings_files())
def test_standings_equal_arbiter_standings(path: Path, every_round: bool, tmp_path: Path) -> None:
    """The site's standings, columns and rows, equal ``arbiter standings --json`` on the same file:
    after every round for the fixtures, after the last for the corpus files."""
    t = trf.parse_file(path).tournament
    code, _, err = cli("publish", path, "-o", tmp_path / "site", "--no-why")
    assert code == 0, err
    rounds = range(1, t.rounds_paired + 1) if every_round else [t.rounds_paired]
    for rnd in rounds:
        got = _standings_rows(tmp_path / "site" / f"standings-{rnd}.html")
        assert got == _standings_json(path, rnd), rnd
    if path.name == "grandmommyscup.trf":  # the file's own list, as the TEC wrote it
        assert got[0][5:9] == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]


def test_a_tie_break_list_the_event_cannot_take_is_refused(tmp_path: Path) -> None:
    """A rating tie-break (C.07 art. 10) rates players, and a team has none: the site is not written,
    and the message is ``arbiter standings``'s."""
    path = tmp_path / "cup.trf"
    path.write_text(trf.dumps(_event()).replace("202 EDE,MPvGP", "202 EDE,ARO"), encoding="utf-8")
    code, _, err = cli("publish", path, "-o", tmp_path / "site")
    standings_code, _, standings_err = cli("standings", path)
    assert code == standings_code == 3 and not (tmp_path / "site").exists()
    assert "record 202/212: ARO: rating tie-breaks" in " ".join(err.split())
    assert " ".join(err.split()).split("record 202/212")[1] == " ".join(standings_err.split()).split("record 202/212")[1]


@pytest.mark.fast
def test_a_team_card(site: tuple[Path, Tournament]) -> None:
    folder, _ = site
    doc = _parse(folder / "team-1.html")
    heads = [_text(h) for h in doc.iter("h3")]
    assert heads == ["Round 1: against Bergen Sjakk (White on board 1): 2½–1½, 2.0 MP (2.0 MP in all)",
                     "Round 2: against Oslo SK (Black on board 1): 1–3, 0.0 MP (2.0 MP in all)",
                     "Round 3: pairing-allocated bye (PAB), 1.0 MP (3.0 MP in all)"]
    players = next(x for x in doc.iter("table") if "players" in (x.get("class") or "").split())
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
    table = next(x for x in doc.iter("table") if "standings" in (x.get("class") or "").split())
    got = {int(_text(tr[1])): (_text(tr[3]), _text(tr[4])) for tr in table.find("tbody") or []}
    primary_mp = ev.options.primary == "MP"
    want = {x.tpn: (fmt_points(x.match_points), fmt_points(x.game_points)) if primary_mp else
            (fmt_points(x.game_points), fmt_points(x.match_points)) for x in ev.teams
            if x.match_points is not None and x.game_points is not None}
    assert got == want


# --------------------------------------------------------------------------- why this pairing?


def _why(doc: Element, ident: str) -> str:
    found = next((e for e in doc.iter("details") if e.get("id") == ident), None)
    assert found is not None, ident
    return _text(found)


def _plain(name: str) -> str:
    """A rule's plain words as a sentence starts them (the ``plain`` column of the checker's table)."""
    from checker.team.criteria import row

    words = row(name).plain
    return words[:1].upper() + words[1:]


def _step(article: str) -> str:
    """A colour step's plain words as a sentence starts them."""
    from checker.team.colours import STEPS

    words = next(s.plain for s in STEPS if s.article == article)
    return words[:1].upper() + words[1:]


@pytest.mark.fast
def test_why_round_1(site: tuple[Path, Tournament]) -> None:
    """Round 1 (three teams on 0, Type A, initial-colour White from 152):

    * the PAB (Art. 3.4): no team is barred ([C2]); all have score 0 (3.4.2) and no match played
      (3.4.3), so the largest TPN, team 3, before team 2 (3.4.4);
    * one bracket of teams 1 and 2, no upfloater ([C4]);
    * board 1 of 1-2: the first-team is team 1 (equal scores, equal secondary scores, smaller TPN:
      Art. 4.2.3); neither has played (4.3.1): the first-team's TPN is odd, so the initial-colour,
      White, to team 1."""
    folder, _ = site
    doc = _parse(folder / "round-1.html")
    assert "The checker finds this pairing conforms to the Swiss Team (C.04.6, 2026 rules)" in _text(doc)
    assert not [s for s in doc.iter("section") if "disputed" in (s.get("class") or "").split()]
    # each reason read aloud: the rule's plain words (its row of the criteria table), its article, then the
    # teams by name and pairing number
    pab = _why(doc, "why-bye")
    assert "Why did Oslo SK get the PAB?" in pab
    assert f"{_plain('C2')} (C.04.6 Art. 2.1.2 / C2): Oslo SK (3) has had none of these." in pab
    assert f"{_plain('3.4.2')} (C.04.6 Art. 3.4.2): Oslo SK (3) and Bergen Sjakk (2), the next team allowed, " \
           "are equal here (0 points)." in pab
    assert f"{_plain('3.4.3')} (C.04.6 Art. 3.4.3): Oslo SK (3) and Bergen Sjakk (2), the next team allowed, " \
           "are equal here (0 matches played)." in pab
    assert f"{_plain('3.4.4')} (C.04.6 Art. 3.4.4): Oslo SK (3) (pairing number 3) comes before Bergen Sjakk (2) " \
           "(pairing number 2)." in pab
    match = _why(doc, "why-match-1")
    assert "Bracket 1 (score 0): both teams on score 0." in match
    assert "<b>Fjord</b> & Co White by Art. 4.3.1." in match
    assert "(C.04.6 Art. 4.2.3): <b>Fjord</b> & Co (1) is the first team, with the same points and secondary " \
           "points and the lower pairing number." in match
    assert f"{_step('4.3.1')} (C.04.6 Art. 4.3.1): <b>Fjord</b> & Co (1) has White on board 1." in match
    bracket = _why(doc, "bracket-1")
    assert "Teams on score 0 <b>Fjord</b> & Co (1), Bergen Sjakk (2) Upfloaters none" in bracket
    assert f"{_plain('C4')} (C.04.6 Art. 2.3.1 / C4): no team plays up: the 2 teams on 0 points can all be paired " \
           "among themselves." in bracket


@pytest.mark.fast
def test_why_round_2(site: tuple[Path, Tournament]) -> None:
    """Round 2, after round 1 (team 1 2 MP, White; team 3 1 MP, the PAB; team 2 0 MP, Black):

    * the PAB: team 3 is barred (it had the PAB, [C2]); team 2 has the lowest score (3.4.2);
    * the top-scoregroup is team 1 alone on 2: one upfloater ([C4]), the highest score left below 2
      is team 3's 1 ([C5]), which empties the next scoregroup (score 1, [C6]); C7 is off in the last
      two rounds (Art. 2.3.4: round 2 of 3); the pair leaves nobody without a colour preference
      (Type A: team 1's W gives no preference, team 3 has none): [C8] 0;
    * board 1: team 1 is the first-team (2 against 1, Art. 4.2.1); no team has a preference
      (4.3.2-4.3.4 do not decide); team 3 has the lower colour difference (0 against +1), so White
      (4.3.5)."""
    folder, _ = site
    doc = _parse(folder / "round-2.html")
    pab = _why(doc, "why-bye")
    assert f"{_plain('3.4.2')} (C.04.6 Art. 3.4.2): Bergen Sjakk (2) (0 points) comes before <b>Fjord</b> & Co (1) " \
           "(2 points)." in pab
    bracket = _why(doc, "bracket-1")
    assert "Upfloaters Oslo SK (3, score 1)" in bracket
    for reason in (f"{_plain('C4')} (C.04.6 Art. 2.3.1 / C4): one team plays up, because <b>Fjord</b> & Co (1) is "
                   "alone on 2 points.",
                   f"{_plain('C5')} (C.04.6 Art. 2.3.2 / C5): those playing up have the highest scores left below "
                   "2 points: Oslo SK (3) on 1 point.",
                   f"{_plain('C6')} (C.04.6 Art. 2.3.3 / C6): the next score group (1 point) is emptied by the teams "
                   "playing up.",
                   f"{_plain('C8')} (C.04.6 Art. 2.3.5 / C8): among the teams on 2 points, this pairing leaves 0 "
                   "team(s) without their colour preference, the fewest possible."):
        assert reason in bracket
    assert "/ C7" not in bracket and "Art. 3.5.3-3.5.4" not in bracket  # off in the last two rounds; one set only
    match = _why(doc, "why-match-1")
    assert "Bracket 1 (score 2): Oslo SK (score 1) floated up into it." in match
    assert "Oslo SK White by Art. 4.3.5." in match
    assert "(C.04.6 Art. 4.2.1): <b>Fjord</b> & Co (1) is the first team, with more points (2 against 1)." in match
    assert f"{_step('4.3.5')} (C.04.6 Art. 4.3.5): Oslo SK (3) has White on board 1." in match
    assert "<b>Fjord</b> & Co (1) has 2 points, on board 1 White (Whites minus Blacks +1), no colour due" in match


@pytest.mark.fast
def test_publish_json_lists_the_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "cup.trf"
    path.write_text(trf.dumps(_event()), encoding="utf-8")
    code, out, err = cli("publish", path, "-o", tmp_path / "site", "--json")
    assert code == 0, err
    assert json.loads(out)["checked"] == [{"round": r, "ok": True, "findings": []} for r in (1, 2, 3)]
    code, out, err = cli("publish", path, "-o", tmp_path / "site", "--json", "--no-why")
    assert code == 0 and json.loads(out)["checked"] == []
    assert "Why this pairing?" not in (tmp_path / "site" / "round-1.html").read_text(encoding="utf-8")


def _hand_site(tmp_path: Path, matches: tuple[tuple[int, int], ...], pab: int) -> tuple[Path, dict[str, object], str]:
    path = tmp_path / "cup.trf"
    path.write_text(trf.dumps(_event((matches, pab))), encoding="utf-8")
    code, out, err = cli("publish", path, "-o", tmp_path / "site", "--json")
    assert code == 0, err
    data = json.loads(out)
    return tmp_path / "site", data, err


@pytest.mark.fast
def test_a_pab_given_by_hand_against_the_rules(tmp_path: Path) -> None:
    """Round 2 paired by hand: 2-3 with the PAB to team 1.  Team 3 is barred ([C2]: PAB in round 1);
    of teams 1 (2 MP) and 2 (0 MP) the PAB goes to the lowest score, team 2 (Art. 3.4.2), and
    teams 1 and 3 could then meet (3.4.1 holds): the finding is 3.4.2, and with the PAB wrong the
    brackets are not judged; the colours still are (2-3: first-team 3 on 1 MP, 4.3.5 gives White
    to team 2, CD -1 against 0: as given)."""
    folder, data, _ = _hand_site(tmp_path, ((2, 3),), 1)
    (second,) = [c for c in data["checked"] if c["round"] == 2]  # type: ignore[attr-defined]
    assert second["ok"] is False and second["findings"][0].startswith("Art. 3.4.2")
    doc = _parse(folder / "round-2.html")
    dispute = next(s for s in doc.iter("section") if "disputed" in (s.get("class") or "").split())
    text = _text(dispute)
    assert "The checker disputes this round's pairing" in text
    assert "Art. 3.4.2: the PAB goes to the lowest score." in text
    assert "the PAB of <b>Fjord</b> & Co" in text
    assert "This pairing: team 1 (score 2); the rules: team 2 (score 0)." in text
    assert not [d for d in doc.iter("details") if (d.get("id") or "").startswith("bracket-")]
    assert "Not judged: the checker stops at the round's first finding (above)." in _why(doc, "why-match-1")
    assert "Bergen Sjakk White by Art. 4.3.5." in _why(doc, "why-match-1")
    raw = (folder / "round-2.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;Fjord&lt;/b&gt; &amp; Co" in raw and "<b>Fjord</b>" not in raw
    index = _parse(folder / "index.html")
    assert [_text(tr[-1]) for tr in index.iter("tr")][1:] == ["conforms", "disputed"]
    _valid_and_linked(folder)  # the index's "disputed" leads to the finding


@pytest.mark.fast
def test_colours_given_by_hand_against_the_rules(tmp_path: Path) -> None:
    """Round 2 paired as the rules pair it (team 1 against team 3, PAB team 2) but with team 1 White
    on board 1: Art. 4.3.5 gives White to team 3 (colour difference 0 against team 1's +1)."""
    folder, data, err = _hand_site(tmp_path, ((1, 3),), 2)
    assert "round 2: the checker disputes the pairing: Art. 4.3.5" not in err  # --json: the verdicts are in the JSON
    (second,) = [c for c in data["checked"] if c["round"] == 2]  # type: ignore[attr-defined]
    assert second["ok"] is False and len(second["findings"]) == 1 and second["findings"][0].startswith("Art. 4.3.5")
    doc = _parse(folder / "round-2.html")
    text = _text(next(s for s in doc.iter("section") if "disputed" in (s.get("class") or "").split()))
    assert "Art. 4.3.5: White to the team with the lower colour difference." in text
    assert "Concerns Match 1 (<b>Fjord</b> & Co – Oslo SK)." in text
    assert "This pairing: 1 White; the rules: 3 White." in text
    # the finding read aloud: the step's plain words, its article, the teams by name
    assert (f"{_step('4.3.5')} (C.04.6 Art. 4.3.5): Oslo SK (3) should have White on board 1 against "
            "<b>Fjord</b> & Co (1); this pairing gives it to <b>Fjord</b> & Co (1).") in text
    match = _why(doc, "why-match-1")
    assert ("The checker disputes these colours: by Art. 4.3.5 (White to the team with the lower colour difference), "
            "Oslo SK should have White on board 1.") in match
    assert "one team plays up, because <b>Fjord</b> & Co (1) is alone on 2 points" in _why(doc, "bracket-1")
    _valid_and_linked(folder)


@pytest.mark.parametrize("folder", [pytest.param(FIXTURES / "team-swiss" / n, id=n)
                                    for n in ("team-t0016", "team-t0021")])
def test_corpus_rounds_conform_and_every_match_is_explained(folder: Path, tmp_path: Path) -> None:
    """gacrux's pairings (the FIDE TEC's reference engine) conform; every match of every round has
    its bracket and the step of Art. 4.3 that gave its colours, every bracket its reasons; the pages
    are valid HTML5 and their links resolve."""
    path = folder / "full.trf"
    t = trf.parse_file(path).tournament
    code, out, err = cli("publish", path, "-o", tmp_path / "site", "--json")
    assert code == 0, err
    assert [c["ok"] for c in json.loads(out)["checked"]] == [True] * t.rounds_paired
    site = tmp_path / "site"
    for rnd in range(1, t.rounds_paired + 1):
        doc = _parse(site / f"round-{rnd}.html")
        matches = [e.get("id") for e in doc.iter("section") if (e.get("id") or "").startswith("match-")]
        assert matches
        for m in matches:
            why = _why(doc, f"why-{m}")
            assert "Bracket " in why and " by Art. 4.3." in why, (rnd, m, why)
        brackets = [d for d in doc.iter("details") if (d.get("id") or "").startswith("bracket-")]
        assert brackets and all("(C.04.6 Art. 2.3.1 / C4)" in _text(d) for d in brackets)
    _valid_and_linked(site)


PHONE = 360  # CSS pixels: a small phone's screen


def test_why_panels_at_a_phone_width(site: tuple[Path, Tournament]) -> None:
    """In headless Chromium at a phone's width (360 CSS pixels): each page fits the width (the wide
    tables scroll inside their ``.scroll`` box, the page itself does not), and a "why" panel, a
    native ``<details>`` (no script on the page), opens and shows its reasons within the width.
    Skipped where selenium, the browser or its driver is missing (as the individual site's test)."""
    from tests.arbiter.test_publish_browser import FLAGS, _browser

    binary, driver = _browser()
    import tempfile

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    folder, _ = site
    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    options = webdriver.ChromeOptions()
    for flag in FLAGS + [f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.binary_location = binary
    d = webdriver.Chrome(service=Service(driver), options=options)
    try:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": PHONE, "height": 740, "deviceScaleFactor": 2, "mobile": True})
        for page in ("round-2.html", "standings-3.html", "team-1.html", "index.html"):
            d.get((folder / page).as_uri())
            assert d.find_elements(By.TAG_NAME, "script") == []
            # a phone's browser widens its layout viewport to content that overflows: measure against the screen
            assert d.execute_script("return document.documentElement.scrollWidth") <= PHONE, page
        d.get((folder / "round-2.html").as_uri())
        panel = d.find_element(By.CSS_SELECTOR, "details#why-match-1")
        panel.find_element(By.TAG_NAME, "summary").click()
        assert panel.get_attribute("open") is not None
        assert f"{_step('4.3.5')} (C.04.6 Art. 4.3.5): Oslo SK (3) has White on board 1." in panel.text
        box = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", panel)
        assert 0 <= box[0] and box[1] <= PHONE
        bracket = d.find_element(By.CSS_SELECTOR, "details#bracket-1")
        bracket.find_element(By.TAG_NAME, "summary").click()
        assert "(C.04.6 Art. 2.3.2 / C5)" in bracket.text
        assert d.execute_script("return document.documentElement.scrollWidth") <= PHONE
    finally:
        d.quit()
        import shutil

        shutil.rmtree(profile, ignore_errors=True)
