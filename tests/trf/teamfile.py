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


# --------------------------------------------------------------------------- malformed files


def replaced(lines: list[str], number: int, new: str) -> list[str]:
    """``lines`` with line ``number`` (1-based) replaced."""
    return lines[:number - 1] + [new] + lines[number:]


def with_block(lines: list[str], player: int, rnd: int, new: str) -> list[str]:
    """``lines`` with round ``rnd``'s block of ``player``'s line replaced by ``new``."""
    number = next(i for i, x in enumerate(lines, start=1) if x.startswith("001") and int(x[4:8]) == player)
    line = lines[number - 1].ljust(89 + 10 * rnd)
    start = 89 + 10 * (rnd - 1)
    return replaced(lines, number, (line[:start] + new + line[start + 10:]).rstrip())


def _two_teams_in_a_round() -> list[str]:
    # round 1: player 2 (team 1) plays player 6 (team 3) instead of player 4; player 4 (team 2)
    # plays player 8 (team 4): every game mirrored, but team 1 meets teams 2 and 3
    lines = base()
    for p, b in ((2, block(6, "b", "=")), (6, block(2, "w", "=")), (4, block(8, "w", "=")), (8, block(4, "b", "="))):
        lines = with_block(lines, p, 1, b)
    return lines


def _no_team_opponent() -> list[str]:
    # player 9, team 4's reserve, played board 2 in round 2; then the 310 of team 4 leaves him out
    rounds = (TWO_ROUNDS[0], (("m", 4, 1, "0=", {4: (7, 9)}), ("m", 3, 2, "==")))
    lines = [x for x in build(((1, 2), (3, 4), (5, 6), (7, 8, 9)), rounds) if not x.startswith("300")]
    return [r310(4, "Team 4", (7, 8)) if x.startswith("310   4") else x for x in lines]


def _missing_300() -> list[str]:
    rounds = ((("m", 1, 2, "1=", {1: (3, 1)}), ("m", 3, 4, "==")),)
    return [x for x in build(((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)), rounds) if not x.startswith("300")]


#: Malformed team files: (name, lines, line, column, code, words of the message).  The valid file
#: they are made from is :func:`base`: headers on lines 1-8 (192 on 6, 352 on 7, 362 on 8), the
#: players on 9-16, the 310 records of teams 1-4 on 17-20; records added come from line 21.
MALFORMED: list[tuple[str, list[str], int, int, str, str]] = [
    ("member listed twice", replaced(base(), 17, r310(1, "Team 1", (1, 2, 2))), 17, 87, "duplicate-record",
     "310: player 2 is listed twice in team 1"),
    ("player in two teams", replaced(base(), 18, r310(2, "Team 2", (3, 4, 1))), 18, 87, "duplicate-record",
     "310: player 1 is listed in team 1 (line 17) and in team 2: a player plays for one team"),
    ("team without members", replaced(base(), 19, r310(3, "Team 3", ())), 19, 74, "bad-record",
     "310: team 3 ('Team 3') has no members: expected their start ranks from column 74"),
    ("member who is no player", replaced(base(), 20, r310(4, "Team 4", (7, 8, 9))), 20, 87, "unknown-opponent",
     "310: member 9 of team 4 is no player (no 001 line with start rank 9)"),
    ("TPNs not 1 to N", replaced(base(), 20, r310(5, "Team 4", (7, 8))), 20, 5, "bad-number",
     "310: team pairing number 5, but there are 4 teams: the numbers must run from 1 to 4 (C.04.6 Art. 1.1.1; "
     "4 missing)"),
    ("duplicate TPN", replaced(base(), 20, r310(3, "Team 4", (7, 8))), 20, 5, "duplicate-record",
     "310: team pairing number 3 is already team 'Team 3' (line 19)"),
    ("TPN not a number", replaced(base(), 17, "310 one" + base()[16][7:]), 17, 5, "syntax",
     "310: expected a team pairing number 1-999 in columns 5-7, found 'one'"),
    ("member not a number", replaced(base(), 17, r310(1, "Team 1", (1,)) + "    x"), 17, 82, "bad-number",
     "310: expected a member's start rank, found 'x'"),
    ("fewer members than boards", replaced(base(), 20, r310(4, "Team 4", (7,))), 20, 74, "bad-record",
     "team 4 has 1 member for 2 boards (352 WB): a team needs a player for every board"),
    ("players of a team meet two teams", _two_teams_in_a_round(), 10, 92, "bad-record",
     "round 1: the players of team 1 meet two teams, 2 (player 1) and 3 (player 2)"),
    ("both teams White on board 1", base() + [r300(1, 1, 2, (1, 2)), r300(1, 2, 1, (4, 3))], 22, 1,
     "colour-mismatch", "round 1: teams 1 and 2 would both have white on board 1"),
    ("a line-up out of order without its 300", _missing_300(), 21, 5, "colour-mismatch",
     "round 1: teams 1 and 2 would both have black on board 1"),
    ("a player of no team", _no_team_opponent(), 10, 102, "unknown-opponent",
     "round 2: player 2 of team 1 played player 9, who is a member of no team (310)"),
    ("330 for a match that was played", base() + ["330 +-   1   1   2"], 21, 10, "bad-record",
     "330: the match of teams 1 and 2 in round 1 is written as forfeited, but player 1 of team 1 played a game"),
    ("330 naming an unknown team", base() + ["330 +-   3   1   9"], 21, 18, "unknown-opponent",
     "330: no team has pairing number 9"),
    ("330 naming itself", base() + ["330 +-   3   1   1"], 21, 18, "self-opponent", "330: team 1 cannot play itself"),
    ("330 malformed", base() + ["330 ++   3   1   2"], 21, 5, "syntax",
     "330: expected +-, -+ or -- then the round, the White team and the Black team (330 +- 3 12 7)"),
    ("330 a team twice in a round", base() + ["330 +-   3   1   2", "330 -+   3   3   1"], 22, 10,
     "duplicate-record", "330: team 1 already has a forfeited match in round 3 (line 21)"),
    ("320 naming an unknown team", base() + ["320  1.0  1.0 000 000 009"], 21, 23, "unknown-opponent",
     "320: round 3: no team has pairing number 9"),
    ("320 PAB team whose players played", base() + ["320  1.0  1.0 001"], 21, 15, "bad-record",
     "320: round 1: team 1 has the pairing-allocated bye, but its player 1 was paired against team 2 that round"),
    ("320 points not a number", base() + ["320  x    1.0 000 000 003"], 21, 5, "syntax",
     "320: expected the match points and game points of a PAB"),
    ("a second 320", base() + ["320  1.0  1.0 000 000 003", "320  1.0  1.0 000 000 004"], 22, 1,
     "duplicate-record", "320: a second 320 record (the first is on line 21)"),
    ("352 letters", replaced(base(), 7, "352 WXWB"), 7, 5, "bad-code",
     "352: expected the board colours of the White team as W and B, starting with W (e.g. WBWB), found 'WXWB'"),
    ("362 points not a number", replaced(base(), 8, "362 TW 2 TD x TL 0"), 8, 13, "bad-number",
     "362: expected the match points after TD (a number such as 2.0), found 'x'"),
    ("362 unknown key", replaced(base(), 8, "362 TW 2 TX 1 TL 0"), 8, 10, "syntax",
     "362: expected TW, TD or TL (a won, drawn, lost match)"),
    ("300 naming a non-member", base() + ["300   1   1   2    1    5"], 21, 25, "bad-record",
     "300: player 5 is not a member of team 1 (310)"),
    ("300 a player on two boards", base() + ["300   1   1   2    1    1"], 21, 25, "duplicate-record",
     "300: player 1 is on two boards"),
    ("300 too many boards", base() + ["300   1   1   2    1    2 0000"], 21, 27, "bad-record",
     "300: 3 boards listed, the match has 2 (352)"),
    ("300 naming an unknown team", base() + ["300   1   9   2    1    2"], 21, 11, "unknown-opponent",
     "300: no team has pairing number 9"),
    ("192 malformed FIDE_TEAM code", replaced(base(), 6, "192 FIDE_TEAM_TYPEC"), 6, 5, "bad-code",
     "192: 'FIDE_TEAM_TYPEC' is not a FIDE Team Swiss code: expected FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]"
     "[_BAKU], in that order"),
    ("240 naming an unknown team", base() + ["240 F   3    9"], 21, 11, "unknown-opponent",
     "240 F: no team has pairing number 9"),
    ("240 bye for a team that played", base() + ["240 F   1    1"], 21, 11, "bad-record",
     "240 F: team 1 has a bye in round 1, but its player 1 was paired against team 2 that round (line 9)"),
]
