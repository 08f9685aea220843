"""What the event tests share: a seeded list of players as CSV, the command line run in-process,
and a whole individual event paired and played from it."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Callable, Optional

from typer.testing import CliRunner

import trf
from arbiter.cli import app
from event.results import boards

SYLLABLES = ("an", "ber", "cor", "dal", "en", "fro", "gil", "han", "is", "jor", "kal", "lin", "mor", "nor",
             "ol", "pet", "quin", "ros", "sta", "tor", "ul", "ven", "wil", "xan", "yor", "zel")
FEDERATIONS = ("NOR", "SWE", "DEN", "FIN", "ISL", "GER", "POL", "FRA", "ESP", "ITA")
TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM")

#: A fixed clock for the action log (SOURCE_DATE_EPOCH): 2026-10-03 08:00 UTC.
EPOCH = "1791014400"


def players(n: int, seed: int) -> list[dict[str, str]]:
    """``n`` distinct players: names, titles for the strongest, ratings 1400-2600 (a few unrated),
    FIDE ids, federations, birth dates, sex."""
    rng = random.Random(seed)
    out: list[dict[str, str]] = []
    names: set[str] = set()
    while len(out) < n:
        last = "".join(rng.choice(SYLLABLES) for _ in range(2)).capitalize()
        first = "".join(rng.choice(SYLLABLES) for _ in range(2)).capitalize()
        name = f"{last}, {first}"
        if name in names:
            continue
        names.add(name)
        rating = rng.randint(1400, 2600) if rng.random() > 0.08 else 0
        title = rng.choice(TITLES) if rating > 2300 and rng.random() < 0.6 else ""
        out.append({"name": name, "title": title, "rating": str(rating) if rating else "",
                    "fide_id": str(rng.randint(100_000, 99_999_999)), "federation": rng.choice(FEDERATIONS),
                    "birth": f"{rng.randint(1950, 2012)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}",
                    "sex": rng.choice("mw")})
    return out


def players_csv(rows: list[dict[str, str]]) -> str:
    head = "Name,Title,Rtg,FIDE ID,Fed,Birth,Sex"
    return "\n".join([head] + [",".join([f'"{r["name"]}"', r["title"], r["rating"], r["fide_id"], r["federation"],
                                        r["birth"], r["sex"]]) for r in rows]) + "\n"


def cli(*args: str | Path) -> tuple[int, str, str]:
    """``arbiter ARGS`` in-process: exit code, standard output, standard error."""
    result = CliRunner().invoke(app, [str(a) for a in args],
                                env={"COLUMNS": "120", "NO_COLOR": "1", "SOURCE_DATE_EPOCH": EPOCH})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


#: The results an event test enters, with the points each side scores (this test's own sums).
RESULTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)), "=": (Fraction(1, 2), Fraction(1, 2))}


def read(path: Path) -> trf.Tournament:
    """The file at ``path``, which must read without errors."""
    parsed = trf.parse_file(path)
    assert not parsed.errors, [d.message for d in parsed.errors]
    return parsed.tournament


def run_ok(*args: str | Path) -> str:
    """``arbiter ARGS`` in-process, which must succeed: its standard output."""
    code, out, err = cli(*args)
    assert code == 0, (args, out, err)
    return out


def play_event(path: Path, n: int, rounds: int, *, seed: int = 7,
               on_pair: Optional[Callable[[int, trf.Tournament, dict[int, Fraction]], None]] = None
               ) -> dict[int, dict[int, Fraction]]:
    """Pair and play every round of the individual event at ``path`` (``n`` players, one PAB a
    round) from the command line: ``event pair``, then ``event result`` with results drawn from
    ``random.Random(seed)``.  ``on_pair(r, t, before)`` looks at each round once paired.  Returns
    each round's points before it (``before[r]``) as this test sums them (a win 1, a draw ½, the
    PAB 1), and the final points as ``before[rounds + 1]``; the file's scores must equal them."""
    rng = random.Random(seed)
    points = {pid: Fraction(0) for pid in range(1, n + 1)}
    before: dict[int, dict[int, Fraction]] = {}
    for r in range(1, rounds + 1):
        before[r] = dict(points)
        assert f"round {r}" in run_ok("event", "pair", path)
        t = read(path)
        games = boards(t, r)
        assert len(games) == n // 2
        pab = [b.player for b in t.byes(r)]
        assert len(pab) == n % 2
        if on_pair is not None:
            on_pair(r, t, before[r])
        for pid in pab:
            points[pid] += 1
        chosen = {bd.number: rng.choice(list(RESULTS)) for bd in games}
        run_ok("event", "result", path, "--", *[x for k, res in chosen.items() for x in (str(k), res)])
        for bd in games:
            w, b = RESULTS[chosen[bd.number]]
            points[bd.white] += w
            points[bd.black] += b
    t = read(path)
    assert {p.start_rank: t.score(p.start_rank) for p in t.players} == points
    before[rounds + 1] = points
    return before
