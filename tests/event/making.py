"""What the event tests share: a seeded list of players as CSV, and the command line run in-process."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

from arbiter.cli import app

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
    out, names = [], set()
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
