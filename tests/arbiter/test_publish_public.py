"""What the published site tells the public: a round the arbiter paired by hand says so (the
checker's comparison in a panel, not a public dispute), a late entry reads "not yet entered" in the
rounds before he arrived, printed sheets carry none of the checker's internal notes, and the file's
dates are written in one form.

The event is run here with the event library, as ``arbiter event`` runs it (forty players, names
long enough to wrap on a phone, the engine's pairings; ``tests/arbiter/test_publish_phone.py``
opens the same site in a browser):

* round 1 as the engine pairs it, every game won by White but every third drawn;
* round 2 paired by hand: the engine's board 1 with the colours the other way round, accepted
  and recorded by its ``### MPA`` line (C.04.2 Art. 4.4);
* before round 3, a late entry (C.04.2 Art. 2.4): he scores nothing for rounds 1-2, written
  ``0000 - Z`` by the event runner; and player :data:`ABSENT`, who played rounds 1-2, asks for a
  zero-point bye in round 3 (C.04.2 Art. 3.3): absent, not "not yet entered";
* a second late entry registered from round 5, while round 4 is being paired: rounds 1-4 are his
  missed rounds (the paired ones ``0000 - Z``, round 4 ... declared by ``240 Z``);
* rounds 3 and 4 as the engine pairs them, round 4 without results.
"""

from __future__ import annotations

import random
import re
from datetime import date
from functools import lru_cache
from pathlib import Path
from xml.etree.ElementTree import Element

import html5lib
import pytest

import trf
from arbiter.publish import SiteOptions, build_pages, write_site
from event.absences import request_bye
from event.create import EventSettings, new_event
from event.manual import accept, assess
from event.next_round import pair_into
from event.registration import Registrant, register
from event.results import boards, enter_result
from tests.support import REPO
from trf.comments import irregularities
from trf.model import Colour, Result, Tournament

EXAMPLE = REPO / "fixtures" / "example.trf"
LATE = "Lateentrantsson, Bartholomew"  # registered after round 2, plays from round 3
LATER = "Verylateentrant, Maximiliana"  # registered from round 5
ABSENT_ROUND = 3
SYLLABLES = ("an", "ber", "cor", "dal", "en", "fro", "gil", "han", "is", "jor", "kal", "lin", "mor", "nor",
             "ol", "pet", "quin", "ros", "sta", "tor", "ul", "ven", "wil", "xan", "yor", "zel")


def _name(rng: random.Random) -> str:
    """A name of up to 33 characters (the TRF's field) with a long surname, as wide as names get."""
    last = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(5, 9))).capitalize()
    first = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
    return f"{last}, {first}"[:33].rstrip(", ")


def _play(t: Tournament, rnd: int) -> Tournament:
    for bd in boards(t, rnd):
        t = enter_result(t, bd.number, "½-½" if bd.number % 3 == 0 else "1-0").after
    return t


@lru_cache(maxsize=1)
def forty_player_event() -> str:
    """The event of the module docstring, as its TRF text (built once)."""
    rng = random.Random(30)
    names: set[str] = set()
    people: list[Registrant] = []
    while len(people) < 40:
        name = _name(rng)
        if name in names:
            continue
        names.add(name)
        rating = rng.randint(1500, 2600)
        people.append(Registrant(name, title="GM" if rating > 2500 else "", rating=rating,
                                 federation=rng.choice(("NOR", "SWE", "GER", "POL", "ITA"))))
    days = tuple(date(2026, 10, d) for d in range(3, 8))
    t = new_event(EventSettings("Phone Open", 5, city="Bergen", start=days[0], end=days[-1], round_dates=days,
                                initial_colour=Colour.WHITE, tiebreaks="BH/C1,BH,DE,WIN,BWG")).after
    t = register(t, people).after
    t = _play(pair_into(t).after, 1)
    engine = assess(t, ())  # the engine's round 2
    w, b = engine.boards[0]
    t = accept(t, assess(t, ((b, w),)), acknowledged=True).after  # board 1 the other way round
    t = _play(t, 2)
    t = register(t, [Registrant(LATE, rating=2450, federation="NOR")]).after
    late = next(p.start_rank for p in t.players if p.name == LATE)
    absent = next(p.start_rank for p in t.players if p.name != LATE and (e := p.entry(2)) is not None and e.is_played)
    t = request_bye(t, absent, ABSENT_ROUND, Result.ZERO_POINT_BYE).after
    t = _play(pair_into(t).after, 3)
    t = register(t, [Registrant(LATER, rating=1600, federation="SWE")], first_round=5).after
    t = pair_into(t).after
    assert t.player(late).entry(1) is not None
    return trf.dumps(t)


def event_file(folder: Path) -> Path:
    path = folder / "phone.trf"
    path.write_text(forty_player_event(), encoding="utf-8")
    return path


def publish(path: Path, out: Path) -> Path:
    t = trf.parse_file(path).tournament
    write_site(out, build_pages(t, path.read_bytes(), str(path), SiteOptions(engine=False)))
    return out


@pytest.fixture(scope="module")
def event_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Tournament, Path]:
    folder = tmp_path_factory.mktemp("phone")
    path = event_file(folder)
    return trf.parse_file(path).tournament, publish(path, folder / "site")


def parse(path: Path) -> Element:
    parser = html5lib.HTMLParser(strict=True, tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    return parser.parse(path.read_bytes())  # type: ignore[no-any-return]


def text(e: Element) -> str:
    return " ".join("".join(e.itertext()).split())


def classes(e: Element) -> list[str]:
    return (e.get("class") or "").split()


def _player(t: Tournament, name: str) -> int:
    return next(p.start_rank for p in t.players if p.name == name)


# --------------------------------------------------------------------------- the round paired by hand


def test_a_round_paired_by_the_arbiter_is_labelled_so_with_the_comparison_in_a_panel(
        event_site: tuple[Tournament, Path]) -> None:
    """Round 2 carries its ``### MPA`` line (the engine's board 1 and the round's, the colours the
    other way round): the page says the arbiter paired it (C.04.2 Art. 4.4) and keeps what the
    checker finds (the colours: Art. 5.2) inside a closed panel, with no public dispute banner."""
    t, site = event_site
    (line,) = [i.line for i in irregularities(t) if i.kind == "MPA"]
    assert line.startswith("### MPA @ Round 2: ")
    doc = parse(site / "round-2.html")
    (manual,) = [s for s in doc.iter("section") if "manual" in classes(s)]
    assert text(manual).startswith("Paired by the arbiter")
    assert not [s for s in doc.iter("section") if "disputed" in classes(s)], "no dispute banner"
    assert "disputes this round" not in text(doc)
    (panel,) = [d for d in manual.iter("details")]
    assert panel.get("open") is None  # closed: the comparison is there for whoever opens it
    inside = text(panel)
    assert text(panel.find("summary")) == "The checker's comparison"  # type: ignore[arg-type]
    assert line.replace("### ", "") in inside and "Art. 5.2" in inside
    index = parse(site / "index.html")
    verdict = {text(tr[0]): text(tr[-1]) for tr in index.iter("tr")}
    assert verdict["2"].endswith("paired by hand (recorded)") and verdict["1"].endswith("conforms")


def test_the_same_round_without_its_mpa_line_is_disputed_in_public(tmp_path: Path) -> None:
    """Without the line nothing records the arbiter's decision: the checker's dispute is the banner."""
    path = tmp_path / "phone.trf"
    path.write_text("\n".join(x for x in forty_player_event().splitlines() if not x.startswith("### MPA ")) + "\n",
                    encoding="utf-8")
    site = publish(path, tmp_path / "site")
    doc = parse(site / "round-2.html")
    (banner,) = [s for s in doc.iter("section") if "disputed" in classes(s)]
    assert "The checker disputes this round's pairing" in text(banner)
    assert not [s for s in doc.iter("section") if "manual" in classes(s)]


# --------------------------------------------------------------------------- late entries


def test_a_late_entry_reads_not_yet_entered_before_his_first_round(event_site: tuple[Tournament, Path]) -> None:
    """The late entry's rounds 1-2 are ``0000 - Z`` in the file (C.04.2 Art. 2.4: no points for the
    rounds missed); he plays from round 3.  Player ABSENT played rounds 1-2 and is absent in round 3
    by his own request: that stays a zero-point bye."""
    t, site = event_site
    late, later = _player(t, LATE), _player(t, LATER)
    assert [t.player(late).entry(r).code for r in (1, 2)] == [Result.ZERO_POINT_BYE] * 2  # type: ignore[union-attr]
    assert t.player(late).entry(3).opponent is not None  # type: ignore[union-attr]
    (absent,) = [b.player for b in t.byes(ABSENT_ROUND) if b.player not in (late, later)]
    for rnd in (1, 2):
        page = parse(site / f"round-{rnd}.html")
        byes = {int(li.get("id", "")[4:]): text(li) for li in page.iter("li") if li.get("id", "").startswith("bye-")}
        assert late not in byes and later not in byes, "not listed among the byes and absences"
        (note,) = [p for p in page.iter("p") if "not-entered" in classes(p)]
        assert text(note).startswith("Not yet entered") and LATE in text(note) and LATER in text(note)
        assert "zero-point bye or absent" not in text(page)
    r3 = parse(site / f"round-{ABSENT_ROUND}.html")
    byes = {int(li.get("id", "")[4:]): text(li) for li in r3.iter("li") if li.get("id", "").startswith("bye-")}
    assert byes[absent].endswith("zero-point bye or absent")  # present before, absent now
    assert late not in byes and LATE in text(r3)  # on a board
    card = parse(site / f"player-{late}.html")
    (table,) = [x for x in card.iter("table") if "card" in classes(x)]
    rows = [[text(c) for c in tr] for tr in table.find("tbody") or []]
    assert [r[3] for r in rows[:2]] == ["not yet entered", "not yet entered"]
    assert rows[2][3].endswith(")") and "not yet entered" not in rows[2][3]
    card = parse(site / f"player-{absent}.html")
    (table,) = [x for x in card.iter("table") if "card" in classes(x)]
    rows = [[text(c) for c in tr] for tr in table.find("tbody") or []]
    assert rows[ABSENT_ROUND - 1][3] == "zero-point bye or absent"


def test_a_late_entry_declared_for_a_later_round_reads_not_yet_entered_in_the_next_round(tmp_path: Path) -> None:
    """With round 3 the last paired, the second late entry (from round 5) has ``240 Z`` for round 4:
    the index's declared absences for round 4 say he has not entered yet."""
    text_ = forty_player_event()
    t = trf.parse_text(text_).tournament
    later = _player(t, LATER)
    from event.next_round import undo_pairing

    back = undo_pairing(t).after  # round 4 not paired: the index lists its declared absences
    path = tmp_path / "phone.trf"
    path.write_text(trf.dumps(back), encoding="utf-8")
    assert back.declared_absences(4).get(later) is Result.ZERO_POINT_BYE
    site = publish(path, tmp_path / "site")
    index = parse(site / "index.html")
    items = {text(li) for li in index.iter("li")}
    assert f"{LATER} ({later}): not yet entered" in items
    assert not any(LATER in i and "zero-point" in i for i in items)


# --------------------------------------------------------------------------- print


def test_the_checkers_notes_are_kept_out_of_print(event_site: tuple[Tournament, Path]) -> None:
    """Every internal note a round page can carry (the checker's notes, e.g. a bracket too large to
    enumerate, its sources, its verdict, its findings, the comparison of a round paired by hand)
    sits in an element of class ``internal``, which the stylesheet's print rules hide; the browser
    test prints the page (``test_publish_phone.py``)."""
    t, site = event_site
    style = re.sub(r"/\*.*?\*/", "", (site / "style.css").read_text(encoding="utf-8"), flags=re.S)
    printing = style[style.index("@media print"):]
    hidden = re.search(r"\n\s*([^{}]*)\{\s*display:\s*none;\s*\}", printing)
    assert hidden is not None and ".internal" in hidden.group(1).strip().split(", ")
    found = 0
    for rnd in range(1, t.rounds_paired + 1):
        doc = parse(site / f"round-{rnd}.html")
        parents = {c: p for p in doc.iter() for c in p}

        def internal(e: Element) -> bool:
            while e is not None:
                if "internal" in classes(e):
                    return True
                e = parents.get(e)  # type: ignore[assignment]
            return False

        for e in doc.iter():
            own = "".join([e.text or ""])
            if "too large to enumerate" in own or "The checker's candidates" in own or "checker finds" in own:
                found += "too large to enumerate" in own
                assert internal(e), (rnd, own)
        for e in doc.iter("li"):
            if "notes" in classes(parents[e]):
                assert internal(e)
    assert found >= 1, "the 40-player rounds have a bracket too large to enumerate"


# --------------------------------------------------------------------------- dates


ISO = re.compile(r"(?<!\d)\d{4}-\d\d-\d\d(?!\d)")
OTHER_DATE = re.compile(r"(?<!\d)(?:\d{4}/\d\d/\d\d|\d\d/\d\d/\d\d|\d\d\.\d\d\.\d{2,4}|\d\d/\d\d/\d{4})(?!\d)")


def nodes(doc: Element) -> list[str]:
    """Every text node of a page, one by one (a table's neighbouring cells do not run together)."""
    return [x for e in doc.iter() for x in (e.text, e.tail) if x and x.strip()]


@pytest.mark.parametrize("which", ["event", "example"])
def test_every_date_on_the_site_is_written_one_way(which: str, event_site: tuple[Tournament, Path],
                                                   tmp_path: Path) -> None:
    """The event writes its start and end (042/052) as ``2026/10/03`` and its round dates (132) as
    ``26/10/03``; the site writes every one as ``2026-10-03``."""
    if which == "event":
        t, site = event_site
        assert t.header("042") == "2026/10/03" and t.header("132").split()[0] == "26/10/03"  # type: ignore[union-attr]
        want = {"2026-10-03", "2026-10-07"} | {f"2026-10-0{d}" for d in range(3, 7)}
    else:
        t = trf.parse_file(EXAMPLE).tournament
        site = publish(EXAMPLE, tmp_path / "site")
        assert (t.header("042"), t.header("052")) == ("2026/10/03", "2026/10/05")
        want = {"2026-10-03", "2026-10-05"}
    index = nodes(parse(site / "index.html"))
    assert {d for x in index for d in ISO.findall(x)} == want
    for page in sorted(site.glob("*.html")):
        assert not [x for x in nodes(parse(page)) if OTHER_DATE.search(x)], page.name
