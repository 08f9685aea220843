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

import random
from fractions import Fraction
from pathlib import Path

import trf
from event.results import boards
from systems import select
from tests.event.making import cli, players, players_csv
from trf.model import Colour

N, ROUNDS = 13, 5
RESULTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)), "=": (Fraction(1, 2), Fraction(1, 2))}


def _read(path: Path) -> trf.Tournament:
    parsed = trf.parse_file(path)
    assert not parsed.errors, [d.message for d in parsed.errors]
    return parsed.tournament


def test_a_whole_lim_event_paired_and_published(tmp_path: Path) -> None:
    path = tmp_path / "cup.trf"
    (tmp_path / "players.csv").write_text(players_csv(players(N, seed=5)), encoding="utf-8")

    def run(*args: str | Path) -> str:
        code, out, err = cli(*args)
        assert code == 0, (args, out, err)
        return out

    run("event", "new", path, "--name", "Lim Cup", "--rounds", str(ROUNDS), "--system", "lim",
        "--seed", "3", "--start", "2026-05-01", "--tiebreaks", "BH/C1,BH,SB")
    run("event", "register", path, "--csv", tmp_path / "players.csv")
    t = _read(path)
    assert t.header("192") == "CUSTOM_SWISS" and "Lim" in (t.header("092") or "")
    assert select(t).system.name == "lim"
    rng = random.Random(7)
    points = {pid: Fraction(0) for pid in range(1, N + 1)}
    had_pab: set[int] = set()
    for r in range(1, ROUNDS + 1):
        before = dict(points)
        out = run("event", "pair", path)
        assert f"round {r}" in out
        t = _read(path)
        games = boards(t, r)
        assert len(games) == N // 2
        pab = [b.player for b in t.byes(r)]
        assert len(pab) == 1
        if r == 1:
            # Art. 7.1: the lowest rating (unrated: 0), ties to the largest start rank
            lowest = min(t.players, key=lambda p: (p.rating or 0, -p.start_rank)).start_rank
            assert pab[0] == lowest
            rest = sorted(p.start_rank for p in t.players if p.start_rank != lowest)
            pairs = {frozenset((bd.white, bd.black)) for bd in games}
            assert pairs == {frozenset((rest[k], rest[k + 6])) for k in range(6)}
        else:
            eligible = [pid for pid in points if pid not in had_pab]
            assert before[pab[0]] == min(before[pid] for pid in eligible) and pab[0] not in had_pab
        had_pab.add(pab[0])
        points[pab[0]] += 1
        chosen = {bd.number: rng.choice(list(RESULTS)) for bd in games}
        run("event", "result", path, "--", *[x for k, res in chosen.items() for x in (str(k), res)])
        for bd in games:
            w, b = RESULTS[chosen[bd.number]]
            points[bd.white] += w
            points[bd.black] += b
    t = _read(path)
    assert {p.start_rank: t.score(p.start_rank) for p in t.players} == points
    for p in t.players:
        assert len(set(p.opponents())) == len(p.opponents())  # nobody met twice
        colours = p.colour_history(through=ROUNDS - 1)
        for k in range(1, len(colours) + 1):
            seen = colours[:k]
            assert abs(sum(1 if c is Colour.WHITE else -1 for c in seen)) < 3, (p.start_rank, colours)
            assert k < 3 or len(set(seen[-3:])) > 1, (p.start_rank, colours)
    assert "Lim Cup: after round 5" in run("standings", path)
    site = tmp_path / "site"
    run("publish", path, "-o", site)
    for r in range(1, ROUNDS + 1):
        assert "Lim" in (site / f"round-{r}.html").read_text(encoding="utf-8")
