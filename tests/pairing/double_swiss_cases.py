"""Small Double-Swiss tournaments written as TRF text (two columns per match, docs/double-swiss.md),
for the hand-worked cases of the engine's and the checker's tests."""

from __future__ import annotations

from typing import Sequence

import trf
from trf.model import Tournament

#: a match: (White in game 1, Black in game 1, game-1 result of White, game-2 result of White),
#: results as TRF codes of White's line ("1", "=", "0", "+", "-"; "--": both players forfeit that game;
#: "=:0": an unusual result, White's code then the opponent's);
#: a bye: ("U" | "H" | "F" | "Z", player), written in both columns (the PAB: "U" then "H")
Match = tuple[int, int, str, str]
Bye = tuple[str, int]

_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def _other(r: str) -> str:
    """The opponent's code of a game whose White-in-game-1 code is ``r`` (``"--"``: both forfeit;
    an unusual result ``"=:0"`` is written as a draw, the ``0`` by a ``299`` adjustment)."""
    if ":" in r:
        return "="
    return "-" if r == "--" else _OTHER[r]


def _own(r: str) -> str:
    """White's code of a game written ``r``."""
    return "=" if ":" in r else r[0]


def _unusual(r: str, column: int, w: int, b: int) -> list[str]:
    """``299`` adjustments (a penalty from that column on) for an unusual result ``"=:0"`` or
    ``"0:="``: the game is written as a draw and the side that scored 0 loses the half point
    (docs/double-swiss.md, "Unusual results")."""
    if ":" not in r:
        return []
    mine, theirs = r.split(":")
    loser = b if theirs == "0" else w
    return [f"299 {'':9}-0.5  {column:3d} {loser:4d}"]


def build(n: int, rounds: Sequence[Sequence[Match | Bye]], *, total: int = 5, initial: str | None = "W",
          extra: Sequence[str] = (), ahead: Sequence[Bye] = ()) -> Tournament:
    """A tournament of ``n`` players (TPN 1..n, ratings descending) with the matches of ``rounds``.
    Players missing from a round are absent (``Z`` in both columns).  ``ahead``: byes declared
    for the round to pair.  ``total``: match rounds (``142`` is twice that);  A PAB is written ``U`` then ``H``."""
    blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    adjustments: list[str] = []
    for k, matches in enumerate(rounds, 1):
        seen = set()
        for m in matches:
            if len(m) == 2:
                code, p = m
                blocks[p] += [f"0000 - {code}", "0000 - H" if code == "U" else f"0000 - {code}"]
                seen.add(p)
                continue
            w, b, r1, r2 = m
            o1 = _other(r1)
            o2 = _other(r2)
            adjustments += _unusual(r1, 2 * k - 1, w, b) + _unusual(r2, 2 * k, w, b)
            blocks[w] += [f"{b:4d} w {_own(r1)}", f"{b:4d} b {_own(r2)}"]
            blocks[b] += [f"{w:4d} b {o1}", f"{w:4d} w {o2}"]
            seen |= {w, b}
        for p in blocks:
            if p not in seen:
                blocks[p] += ["0000 - Z", "0000 - Z"]
    for code, p in ahead:
        blocks[p] += [f"0000 - {code}", f"0000 - {code}"]
    lines = ["012 Double-Swiss case", f"062 {n}", f"142 {2 * total}", *([f"152 {initial}"] if initial else []),
             "192 FIDE_DOUBLESWISS", *extra, *adjustments]
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
