"""Small Double-Swiss tournaments written as TRF text (two columns per match, docs/double-swiss.md),
for the hand-worked cases of the engine's and the checker's tests."""

from __future__ import annotations

from typing import Sequence

import trf
from trf.model import Tournament

#: a match: (White in game 1, Black in game 1, game-1 result of White, game-2 result of White),
#: results as TRF codes of White's line ("1", "=", "0", "+", "-"); a bye: ("U" | "H" | "F" | "Z", player)
Match = tuple[int, int, str, str]
Bye = tuple[str, int]

_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def build(n: int, rounds: Sequence[Sequence[Match | Bye]], *, total: int = 5, initial: str = "W",
          extra: Sequence[str] = ()) -> Tournament:
    """A tournament of ``n`` players (TPN 1..n, ratings descending) with the matches of ``rounds``.
    ``total``: match rounds (``142`` is twice that);  A PAB is written ``U`` then ``H``."""
    blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    for matches in rounds:
        seen = set()
        for m in matches:
            if len(m) == 2:
                code, p = m  # type: ignore[misc]
                blocks[p] += [f"0000 - {code}", "0000 - H" if code == "U" else f"0000 - {code}"]
                seen.add(p)
                continue
            w, b, r1, r2 = m  # type: ignore[misc]
            r1b = _OTHER[r1] if not (r1 == "-" and r2 == "--") else "-"
            blocks[w] += [f"{b:4d} w {r1}", f"{b:4d} b {r2}"]
            blocks[b] += [f"{w:4d} b {_OTHER[r1]}", f"{w:4d} w {_OTHER[r2]}"]
            seen |= {w, b}
        for p in blocks:
            if p not in seen:
                blocks[p] += ["0000 - Z", "0000 - Z"]
    lines = ["012 Double-Swiss case", f"062 {n}", f"142 {2 * total}", f"152 {initial}",
             "192 FIDE_DOUBLESWISS", *extra]
    for p in range(1, n + 1):
        rating = 2400 - 10 * p
        name = f"Player {p}"
        line = f"001 {p:4d}      {name:<33} {rating:4d} FID {'':<22} {0.0:4.1f} {p:4d}"
        for blk in blocks[p]:
            line += "  " + blk
        lines.append(line)
    got = trf.parse_text("\n".join(lines) + "\n")
    errors = [d for d in got.diagnostics if d.severity.name == "ERROR"]
    assert not errors, errors
    return got.tournament
