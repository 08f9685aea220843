"""Hand-made team files, built column by column, for the team tests.

The player lines follow TRF-16 2.2 (start rank 5-8, name 15-47, round blocks from column 90, ten
columns each); the team records TRF-2026 4.6 (``../shared/reference/trf.md``): ``310`` TPN 5-7,
name 9-40, nickname 42-46, strength 48-53, match points 55-60, game points 62-67, rank 69-71,
members 74-77, 79-82 ...; ``013`` name 5-36, members 37-40, 42-45 ...; ``320`` match points 5-8,
game points 10-13, round r's TPN at 15+4(r-1); ``330`` kind 5-6, round 8-10, White 12-14, Black
16-18; ``300`` round 5-7, team 9-11, opponent 13-15, boards 17-20, 22-25 ...

A round is a list of events, each a tuple:

* ``("m", white, black, results)`` a match; ``results`` one character per board from the White
  team's side (``1 = 0 + -``); an optional fifth item ``{tpn: (start ranks per board)}`` seats
  the team out of its default order (a ``300`` record; 0 an empty board, its opponent winning by
  forfeit without an opponent);
* ``("pab", tpn)``: the pairing-allocated bye (``320``);
* ``("330", kind, white, black)``: a forfeited match (``+-``, ``-+``, ``--``);
* ``("bye", "F" | "H" | "Z", tpn)``: a requested bye (``240``).

The listed match and game points, and the rank, are the builder's own sums (C.04.6 Art. 1.3-1.4:
2/1/0 match points by the game points of the boards; a PAB a drawn match; a forfeited match won
on every board); the team tests compare the reader with them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

BOARD_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}
OPPOSITE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
BLANK = " " * 10

Event = tuple[Any, ...]


def p001(n: int, name: str, blocks: Sequence[str], points: str = " 0.0") -> str:
    """A player line (TRF-16 2.2): the round blocks from column 90, trailing blanks cut."""
    line = f"001 {n:>4} m    {name:<33} {2400 - 10 * n:>4} NOR {1000 + n:>11} 2000/01/01 {points} {n:>4}"
    return (line + "".join(blocks)).rstrip()


def block(opponent: int, colour: str, result: str) -> str:
    return f"  {opponent:>4} {colour} {result}"


def fmt(value: Fraction) -> str:
    return f"{float(value):.1f}"


def r310(tpn: int, name: str, members: Sequence[int], mp: str = "", gp: str = "", rank: str = "",
         nickname: str = "") -> str:
    head = f"310 {tpn:>3} {name:<32} {nickname:<5} {'':>6} {mp:>6} {gp:>6} {rank:>3}  "
    return (head + " ".join(f"{m:>4}" for m in members)).rstrip()


def r013(name: str, members: Sequence[int]) -> str:
    return f"013 {name:<32}" + " ".join(f"{m:>4}" for m in members)


def r300(rnd: int, tpn: int, opponent: int, boards: Sequence[int]) -> str:
    return f"300 {rnd:>3} {tpn:>3} {opponent:>3} " + " ".join(f"{p:04d}" if p == 0 else f"{p:>4}" for p in boards)


def build(teams: Sequence[Sequence[int]], rounds: Sequence[Sequence[Event]], *, pattern: str = "WB",
          form: str = "310", total: int | None = None, headers: Sequence[str] = (),
          pab_points: tuple[str, str] | None = None, match_points: tuple[int, int, int] = (2, 1, 0)) -> list[str]:
    """The lines of a team file (see the module docstring); team ``i + 1`` is ``teams[i]``."""
    boards = len(pattern)
    win, draw, loss = (Fraction(x) for x in match_points)
    owner = {m: i + 1 for i, members in enumerate(teams) for m in members}
    players = sorted(owner)
    blocks: dict[int, list[str]] = {p: [] for p in players}
    mp = {i + 1: Fraction(0) for i in range(len(teams))}
    gp = dict(mp)
    pab_gp = Fraction(boards, 2) if pab_points is None else Fraction(pab_points[1])
    pab_mp = draw if pab_points is None else Fraction(pab_points[0])
    pabs: list[int] = []
    extra: list[str] = []
    for rnd, events in enumerate(rounds, start=1):
        done: dict[int, str] = {}
        pab = 0
        for ev in events:
            if ev[0] == "m":
                _, w, b, results = ev[:4]
                seats = ev[4] if len(ev) > 4 else {}
                sw = list(seats.get(w, teams[w - 1][:boards]))
                sb = list(seats.get(b, teams[b - 1][:boards]))
                for tpn, opp in ((w, b), (b, w)):
                    if tpn in seats:
                        extra.append(r300(rnd, tpn, opp, seats[tpn]))
                pw = pb = Fraction(0)
                for i, res in enumerate(results):
                    cw = "w" if pattern[i] == "W" else "b"
                    cb = "b" if cw == "w" else "w"
                    x, y = sw[i], sb[i]
                    if x and y:
                        done[x] = block(y, cw, res)
                        done[y] = block(x, cb, OPPOSITE[res])
                    elif x:
                        done[x] = block(0, "-", "+")
                        res = "+"
                    elif y:
                        done[y] = block(0, "-", "+")
                        res = "-"
                    pw += BOARD_POINTS[res]
                    pb += BOARD_POINTS[OPPOSITE[res]]
                gp[w] += pw
                gp[b] += pb
                mp[w] += win if pw > pb else draw if pw == pb else loss
                mp[b] += win if pb > pw else draw if pw == pb else loss
            elif ev[0] == "pab":
                pab = ev[1]
                for m in teams[pab - 1][:boards]:
                    done[m] = block(0, "-", "U")
                mp[pab] += pab_mp
                gp[pab] += pab_gp
            elif ev[0] == "330":
                _, kind, w, b = ev
                extra.append(f"330 {kind} {rnd:>3} {w:>3} {b:>3}")
                for tpn, won in ((w, kind == "+-"), (b, kind == "-+")):
                    for m in teams[tpn - 1][:boards]:
                        done[m] = block(0, "-", "+" if won else "-")
                    mp[tpn] += win if won else loss
                    gp[tpn] += boards if won else 0
            elif ev[0] == "bye":
                _, kind, tpn = ev
                extra.append(f"240 {kind} {rnd:>3} {tpn:>4}")
                for m in teams[tpn - 1][:boards]:
                    done[m] = block(0, "-", kind)
                mp[tpn] += {"F": win, "H": draw}.get(kind, Fraction(0))
                gp[tpn] += {"F": Fraction(boards), "H": Fraction(boards, 2)}.get(kind, Fraction(0))
        pabs.append(pab)
        for p in players:
            blocks[p].append(done.get(p, BLANK))
    order = sorted(mp, key=lambda t: (-mp[t], -gp[t], t))
    rank = {t: i for i, t in enumerate(order, start=1)}
    lines = ["012 Hand-made team event", "042 2026/03/01", "092 Team Swiss", "102 Arbiter, A",
             f"142 {total or len(rounds) + 1}", "192 FIDE_TEAM_TYPEA_MP_GP", f"352 {pattern}",
             "362 TW {} TD {} TL {}".format(*match_points), *headers]
    for p in players:
        t = owner[p]
        lines.append(p001(p, f"Team{t} Player{teams[t - 1].index(p) + 1}", blocks[p]))
    for i, members in enumerate(teams, start=1):
        if form == "310":
            lines.append(r310(i, f"Team {i}", members, fmt(mp[i]), fmt(gp[i]), str(rank[i]), f"T{i}"))
        else:
            lines.append(r013(f"Team {i}", members))
    if any(pabs):
        lines.append(f"320 {fmt(pab_mp):>4} {fmt(pab_gp):>4} " + " ".join(f"{x:03d}" for x in pabs))
    lines.extend(sorted(extra, key=lambda s: (s[:3] != "240", s)))
    return lines


def text(lines: Sequence[str]) -> str:
    return "\n".join(lines) + "\n"


#: Four teams of two players, two rounds (C.04.6 Art. 1.3 scoring, 352 WB):
#: round 1: team 1 - team 2 1-0 = (1.5-0.5), team 3 - team 4 = 0 (0.5-1.5);
#: round 2: team 4 - team 1 0 = (0.5-1.5), team 3 - team 2 = = (1-1).
#: Match points 4, 1, 1, 2; game points 3, 1.5, 1.5, 2.
FOUR_TEAMS = ((1, 2), (3, 4), (5, 6), (7, 8))
TWO_ROUNDS: tuple[tuple[Event, ...], ...] = (
    (("m", 1, 2, "1="), ("m", 3, 4, "=0")),
    (("m", 4, 1, "0="), ("m", 3, 2, "==")),
)


def base() -> list[str]:
    """The valid four-team file every malformed case is made from."""
    return build(FOUR_TEAMS, TWO_ROUNDS)
