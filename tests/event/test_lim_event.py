"""A whole Lim event (C.04.4.3, 2026) run from the command line as an arbiter runs it: 13 players
registered from a CSV, 5 rounds, seeded results, standings and the published site.

Independent expectations: the file names the system as docs/lim.md L2 says (192 CUSTOM_SWISS and
a 092 naming Lim) and is read back as Lim; round 1 gives the PAB to the lowest-rated player (Art.
7.1, L5: an unrated player counts as the lowest) and pairs the top half against the bottom half
(Art. 7.2: the k-th of the twelve others by pairing number meets the (k+6)-th); every later round
pairs 6 boards and a PAB; the PAB goes to a player of the lowest score who never had one (Art.
1.1, C.04.1 Art. 4); nobody meets twice; before the last round nobody gets a colour three times
running or three more of one colour (Art. 2.1; Art. 6 lifts that in the last round); each player's
points are the sum this test entered; the site is written with a page for every round.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import trf
from event.results import boards
from systems import select
from tests.event.making import play_event, players, players_csv, read, run_ok
from trf.model import Colour

N, ROUNDS = 13, 5



def test_a_whole_lim_event_paired_and_published(tmp_path: Path) -> None:
    path = tmp_path / "cup.trf"
    (tmp_path / "players.csv").write_text(players_csv(players(N, seed=5)), encoding="utf-8")

    run_ok("event", "new", path, "--name", "Lim Cup", "--rounds", str(ROUNDS), "--system", "lim",
        "--seed", "3", "--start", "2026-05-01", "--tiebreaks", "BH/C1,BH,SB")
    run_ok("event", "register", path, "--csv", tmp_path / "players.csv")
    t = read(path)
    assert t.header("192") == "CUSTOM_SWISS" and "Lim" in (t.header("092") or "")
    assert select(t).system.name == "lim"
    had_pab: set[int] = set()

    def pab_rule(r: int, t: trf.Tournament, before: dict[int, Fraction]) -> None:
        games = boards(t, r)
        pab = [b.player for b in t.byes(r)]
        if r == 1:
            # Art. 7.1: the lowest rating (unrated: 0), ties to the largest start rank
            lowest = min(t.players, key=lambda p: (p.rating or 0, -p.start_rank)).start_rank
            assert pab[0] == lowest
            rest = sorted(p.start_rank for p in t.players if p.start_rank != lowest)
            pairs = {frozenset((bd.white, bd.black)) for bd in games}
            assert pairs == {frozenset((rest[k], rest[k + 6])) for k in range(6)}
        else:
            eligible = [pid for pid in before if pid not in had_pab]
            assert before[pab[0]] == min(before[pid] for pid in eligible) and pab[0] not in had_pab
        had_pab.add(pab[0])

    play_event(path, N, ROUNDS, on_pair=pab_rule)
    t = read(path)
    for p in t.players:
        assert len(set(p.opponents())) == len(p.opponents())  # nobody met twice
        colours = p.colour_history(through=ROUNDS - 1)
        for k in range(1, len(colours) + 1):
            seen = colours[:k]
            assert abs(sum(1 if c is Colour.WHITE else -1 for c in seen)) < 3, (p.start_rank, colours)
            assert k < 3 or len(set(seen[-3:])) > 1, (p.start_rank, colours)
    assert "Lim Cup: after round 5" in run_ok("standings", path)
    site = tmp_path / "site"
    run_ok("publish", path, "-o", site)
    for r in range(1, ROUNDS + 1):
        assert "Lim" in (site / f"round-{r}.html").read_text(encoding="utf-8")
