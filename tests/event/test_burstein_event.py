"""A whole Burstein event (C.04.4.2, 2026) run from the command line as an arbiter runs it: 13
players registered from a CSV, 5 rounds (Art. 1.6.2: min(5 // 2, 4) = 2 seeding rounds paired by
the Dutch system, rounds 3-5 by the Burstein rules), seeded results, standings, the checker,
and the published site with its "why this pairing?".

Independent expectations: the file names the system (192 FIDE_BURSTEIN) and every round is
paired (6 boards and a PAB for 13 players); the checker's own reading accepts every round, and
flags the round 4 pairing once two of its players are swapped; each player's points are the sum
this test entered; on each published round page after the seeding rounds every board has an
explanation whose sentences cite C.04.4.2 articles (the colour rule of Art. 5.2, the criteria of
Art. 2.3 or the order of Art. 4), the PAB's explanation cites Art. 3.1; and each player's float
in rounds 3-5 on their page is the one the scores this test kept give (down when they had more
points than their opponent, up when fewer, Art. 1.4).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from event.results import boards
from systems import CheckRequest, select
from tests.event.making import play_event, players, players_csv, read, run_ok
from trf.edit import with_pairing

N, ROUNDS, SEEDING = 13, 5, 2



def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def test_a_whole_burstein_event_paired_checked_and_published(tmp_path: Path) -> None:
    path = tmp_path / "cup.trf"
    (tmp_path / "players.csv").write_text(players_csv(players(N, seed=5)), encoding="utf-8")

    run_ok("event", "new", path, "--name", "Burstein Cup", "--rounds", str(ROUNDS), "--system", "burstein",
        "--seed", "3", "--start", "2026-05-01", "--tiebreaks", "BH/C1,BH,SB")
    run_ok("event", "register", path, "--csv", tmp_path / "players.csv")
    assert read(path).header("192") == "FIDE_BURSTEIN"
    before = play_event(path, N, ROUNDS)
    t = read(path)
    assert "Burstein Cup: after round 5" in run_ok("standings", path)

    # the checker's own reading: every round conforms (rounds 1-2 by the Dutch system's reading)
    sel = select(t)
    assert sel.system.name == "burstein"
    reports = sel.system.check(t, list(range(1, ROUNDS + 1)), sel, CheckRequest(engine=False))
    assert [r.ok for r in reports] == [True] * ROUNDS, [r.findings for r in reports]
    assert all("seeding round" in " ".join(r.notes) for r in reports[:SEEDING])
    # ... and it is not a rubber stamp: round 4 with two players of different boards swapped
    (w1, b1), (w2, b2) = [(g.white, g.black) for g in t.games(4)][:2]
    swapped = with_pairing(t, 4, ((w1, b2), (w2, b1)) + tuple((g.white, g.black) for g in t.games(4)[2:]),
                           t.byes(4)[0].player)
    assert not sel.system.check(swapped, [4], sel, CheckRequest(engine=False))[0].ok

    site = tmp_path / "site"
    run_ok("publish", path, "-o", site)
    for r in range(SEEDING + 1, ROUNDS + 1):
        page = (site / f"round-{r}.html").read_text(encoding="utf-8")
        assert "conforms to the Burstein (C.04.4.2, 2026 rules)" in _text(page)
        assert "found a better pairing" not in _text(page)  # every alternative shown loses, as the verdict says
        whys = re.findall(r'<details class="why" id="why-\d+">(.*?)</details>', page, re.S)
        assert len(whys) == N // 2
        for why in whys:
            said = _text(why)
            assert re.search(r"has White: .*\(C\.04\.4\.2 Art\. 5\.2\.[1-5]\)", said), said
            assert re.search(r"C\.04\.4\.2 Art\. (2\.3\.[1-4]|4)\b", said), said
        bye = re.search(r'<details class="why" id="why-bye">(.*?)</details>', page, re.S)
        assert bye is not None and "C.04.4.2 Art. 3.1.3" in _text(bye.group(1))
    # floats in rounds 3-5, as the points this test kept say
    floated = 0
    for pid in range(1, N + 1):
        page = _text((site / f"player-{pid}.html").read_text(encoding="utf-8"))
        seq = re.search(r"Floats ((?:[↓↑·] ){%d}[↓↑·])" % (ROUNDS - 1), page)
        assert seq is not None, page[:400]
        marks = seq.group(1).split()
        for r in range(SEEDING + 1, ROUNDS + 1):
            e = t.player(pid).entry(r)
            opp = e.opponent if e is not None and e.is_played else None
            mine, theirs = before[r][pid], before[r][opp] if opp is not None else before[r][pid]
            want = "↓" if mine > theirs else "↑" if mine < theirs else "·"
            assert marks[r - 1] == want, (pid, r, marks)
            floated += want != "·"
    assert floated >= 4  # the seeded results make floats (two per game between different scores)
