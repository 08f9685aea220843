"""A whole Dubov event (C.04.4.1, 2026) run from the command line as an arbiter runs it: 13
players registered from a CSV (every one rated: Art. 1.1; the Chief Arbiter's provisional rating
for the unrated), 5 rounds, seeded results, the checker, and the published site with its "why
this pairing?".

Independent expectations: the file names the system (192 FIDE_DUBOV) and every round is paired
(6 boards and a PAB for 13 players); the checker's own reading accepts every round; on each
published round page every board has an explanation that names its bracket by the points this
test kept (Art. 1.3), splits it into G1 and G2 (Art. 3.2.3), cites the colour rule of Art. 5.2,
and, for a board between two scores, says the lower-scored player moved up and cites C5 (Art.
2.3.1); the PAB's explanation cites Art. 3.1.3; the footer credits the checker's reading of
C.04.4.1; and each player's float on their page is the one the scores this test kept give (up
when they had fewer points than their opponent, down when more).
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

from event.results import boards
from systems import CheckRequest, select
from tests.event.making import play_event, players, players_csv, read, run_ok

N, ROUNDS = 13, 5



def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def _points(x: Fraction) -> str:
    text = str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
    return f"{text} point" if text == "1" else f"{text} points"


def test_a_whole_dubov_event_paired_checked_and_published(tmp_path: Path) -> None:
    path = tmp_path / "cup.trf"
    field = players(N, seed=5)
    for k, row in enumerate(field):  # Art. 1.1: every player rated (a provisional rating for the unrated)
        row["rating"] = row["rating"] or str(1500 + 10 * k)
    (tmp_path / "players.csv").write_text(players_csv(field), encoding="utf-8")

    run_ok("event", "new", path, "--name", "Dubov Cup", "--rounds", str(ROUNDS), "--system", "dubov",
        "--seed", "3", "--start", "2026-05-01", "--tiebreaks", "BH/C1,BH,SB")
    run_ok("event", "register", path, "--csv", tmp_path / "players.csv")
    assert read(path).header("192") == "FIDE_DUBOV"
    before = play_event(path, N, ROUNDS)
    t = read(path)

    sel = select(t)
    assert sel.system.name == "dubov"
    reports = sel.system.check(t, list(range(1, ROUNDS + 1)), sel, CheckRequest(engine=False))
    assert [r.ok for r in reports] == [True] * ROUNDS, [r.findings for r in reports]

    site = tmp_path / "site"
    run_ok("publish", path, "-o", site)
    moved_up = 0
    for r in range(1, ROUNDS + 1):
        page = (site / f"round-{r}.html").read_text(encoding="utf-8")
        assert "conforms to the Dubov (C.04.4.1, 2026 rules)" in _text(page)
        assert "found a better pairing" not in _text(page)  # every alternative shown loses, as the verdict says
        whys = re.findall(r'<details class="why" id="why-(\d+)">(.*?)</details>', page, re.S)
        assert len(whys) == N // 2
        games = {k: (g.white, g.black) for k, g in enumerate(t.games(r), start=1)}  # the explanation's numbers
        for number, why in whys:
            said = _text(why)
            w, b = games[int(number)]
            sw, sb = before[r][w], before[r][b]
            assert re.search(r"Bracket \d+: the players on " + re.escape(_points(max(sw, sb))), said), said
            assert "(C.04.4.1 Art. 3.2.3)" in said and "G1 is" in said, said
            assert re.search(r"has White: .*\(C\.04\.4\.1 Art\. 5\.2\.[1-5]\)", said), said
            if sw != sb:
                lo = w if sw < sb else b
                assert re.search(rf"\({lo}\) \({re.escape(_points(min(sw, sb)))}\) moved up to play", said), said
                assert "(C.04.4.1 Art. 2.3.1)" in said, said
                moved_up += 1
        bye = re.search(r'<details class="why" id="why-bye">(.*?)</details>', page, re.S)
        assert bye is not None and "C.04.4.1 Art. 3.1.3" in _text(bye.group(1))
    assert moved_up >= 3  # the seeded results make upfloaters
    footer = _text((site / "index.html").read_text(encoding="utf-8"))
    assert "independent checker (FIDE Dubov (C.04.4.1, 2026 rules))" in footer
    # floats, as the points this test kept say
    floated = 0
    for pid in range(1, N + 1):
        page = _text((site / f"player-{pid}.html").read_text(encoding="utf-8"))
        seq = re.search(r"Floats ((?:[↓↑·] ){%d}[↓↑·])" % (ROUNDS - 1), page)
        assert seq is not None, page[:400]
        marks = seq.group(1).split()
        for r in range(1, ROUNDS + 1):
            e = t.player(pid).entry(r)
            opp = e.opponent if e is not None and e.is_played else None
            mine, theirs = before[r][pid], before[r][opp] if opp is not None else before[r][pid]
            want = "↓" if mine > theirs else "↑" if mine < theirs else "·"
            assert marks[r - 1] == want, (pid, r, marks)
            floated += want != "·"
    assert floated >= 6
