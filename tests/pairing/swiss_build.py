"""Small individual Swiss tournaments written as TRF text for the hand-worked cases: every player's
round blocks from a list of rounds, each a list of games ``(white, black, result)`` (result
``"1-0"``, ``"0-1"``, ``"="``, ``"+-"``, ``"-+"``) and byes ``(player, code)`` (``"U"``, ``"H"``,
``"F"``, ``"Z"``); a player in neither has a ``Z`` block.  Ratings: ``2700 - 10 * start rank``
unless given.  Each system's builder (``dubov_build``, ``burstein_build``) names its event and
its ``192`` record."""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence, Union

import trf

Game = tuple[int, int, str]
Bye = tuple[int, str]
Round = Sequence[Union[Game, Bye]]

_SIDES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("=", "="), "+-": ("+", "-"), "-+": ("-", "+")}
_VALUE = {"1": Fraction(1), "0": Fraction(0), "=": Fraction(1, 2), "+": Fraction(1), "-": Fraction(0),
          "U": Fraction(1), "F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0)}


def text(name: str, n: int, rounds: Sequence[Round], total: int, *, code: str, extra: str = "",
         initial: str = "white1", ratings: Sequence[int] | None = None) -> str:
    """The TRF-16 text of the ``n``-player event ``name`` of ``total`` rounds after ``rounds``;
    ``code``: the system's record (``192 ...``; none when empty); ``extra``: more records."""
    blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    for rnd in rounds:
        seen = set()
        for item in rnd:
            if len(item) == 3:
                w, b, res = item
                rw, rb = _SIDES[res]
                blocks[w].append(f"{b:4d} w {rw}")
                blocks[b].append(f"{w:4d} b {rb}")
                seen |= {w, b}
            else:
                p, code_ = item
                blocks[p].append(f"0000 - {code_}")
                seen.add(p)
        for p in range(1, n + 1):
            if p not in seen:
                blocks[p].append("0000 - Z")
    lines = [f"012 {name}", f"XXR {total}", f"XXC {initial}"] + ([code] if code else []) + ([extra] if extra else [])
    for p in range(1, n + 1):
        pts = sum(_VALUE[b[-1]] for b in blocks[p])
        rating = ratings[p - 1] if ratings is not None else 2700 - 10 * p
        head = f"001 {p:4d} m    {'Player ' + str(p):<33} {rating:4d} FID {'':11} {'':10} {float(pts):4.1f} {p:4d}"
        lines.append(head + "".join("  " + b for b in blocks[p]))
    return "\n".join(lines) + "\n"


def parsed(source: str) -> trf.Tournament:
    """The tournament of a builder's text, which must parse without an error."""
    got = trf.parse_text(source)
    assert not [d for d in got.diagnostics if d.severity.name == "ERROR"], got.diagnostics
    return got.tournament
