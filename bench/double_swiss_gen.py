"""Random Double-Swiss (C.04.5) events for the benches: each round paired by the engine
(:mod:`pairing.double_swiss`), each game's result drawn from the ratings, written in the
two-column layout of :mod:`trf.matches` (``docs/double-swiss.md``).

    python bench/double_swiss_gen.py --players 40 --rounds 7 --seed 3 > event.trf
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from pairing.double_swiss import NoLegalPairing, pair_match_round  # noqa: E402
from trf.model import Tournament  # noqa: E402

_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


@dataclass(frozen=True)
class GenSettings:
    players: int = 30
    rounds: int = 7           # match rounds played
    total: int = 9            # match rounds of the event
    seed: int = 1
    forfeit_game: float = 0.01    # a single game forfeited
    forfeit_match: float = 0.005  # a player forfeits both games
    bye_rate: float = 0.01        # a half-point bye requested for a round


def _game(rng: random.Random, rw: int, rb: int) -> str:
    """White's result of one game from the ratings (1 / = / 0)."""
    e = 1 / (1 + 10 ** ((rb - rw - 35) / 400))
    draw = 0.3
    x = rng.random()
    if x < e - draw / 2:
        return "1"
    if x < e + draw / 2:
        return "="
    return "0"


def text_of(n: int, ratings: list[int], blocks: dict[int, list[str]], total: int) -> str:
    lines = ["012 Random Double-Swiss event", f"062 {n}", f"142 {2 * total}", "152 W", "192 FIDE_DOUBLESWISS"]
    for p in range(1, n + 1):
        line = f"001 {p:4d}      {'Player ' + str(p):<33} {ratings[p - 1]:4d} FID {'':<22} {0.0:4.1f} {p:4d}"
        for b in blocks[p]:
            line += "  " + b
        lines.append(line)
    return "\n".join(lines) + "\n"


def generate(s: GenSettings, until: Optional[int] = None) -> tuple[Tournament, list[str]]:
    """An event with ``s.rounds`` (or ``until``) match rounds played, and the text of the file
    before each round (for the differential and agreement runs).  A round that has no legal
    pairing (Art. 3.3.3: a small field late in the event) ends the event early; its text is the
    last of the list."""
    rng = random.Random(s.seed)
    n = s.players
    ratings = sorted((rng.randint(1400, 2700) for _ in range(n)), reverse=True)
    blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    before: list[str] = []
    last = until if until is not None else s.rounds
    for r in range(1, last + 1):
        byes = {p for p in range(1, n + 1) if rng.random() < s.bye_rate}
        for p in byes:
            blocks[p] += ["0000 - H", "0000 - H"]
        text = text_of(n, ratings, blocks, s.total)
        before.append(text)
        t = trf.parse_text(text).tournament
        try:
            got = pair_match_round(t, r).pairing
        except NoLegalPairing:
            break
        for w, b in got.boards:
            x = rng.random()
            if x < s.forfeit_match:
                loser = rng.choice((w, b))
                g = ["-", "-"] if loser == w else ["+", "+"]
            else:
                g = [_game(rng, ratings[w - 1], ratings[b - 1]), _game(rng, ratings[b - 1], ratings[w - 1])]
                g[1] = _OTHER[g[1]]  # White-of-game-1's result in game 2
                for i in range(2):
                    if rng.random() < s.forfeit_game:
                        g[i] = rng.choice("+-")
            blocks[w] += [f"{b:4d} w {g[0]}", f"{b:4d} b {g[1]}"]
            blocks[b] += [f"{w:4d} b {_OTHER[g[0]]}", f"{w:4d} w {_OTHER[g[1]]}"]
        if got.bye is not None:
            blocks[got.bye] += ["0000 - U", "0000 - H"]
    text = text_of(n, ratings, blocks, s.total)
    return trf.parse_text(text).tournament, before


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--total", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    t, _ = generate(GenSettings(a.players, a.rounds, max(a.total, a.rounds), a.seed))
    sys.stdout.write(trf.dumps(t))


if __name__ == "__main__":
    main()
