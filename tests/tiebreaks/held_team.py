"""IA Mario Held's team tournament (*Exercises in Tie-Breaking*, TEC, rev. 2403220900, C.07-2023,
exercises 34-49), written as a TRF-2026 team file for the team tie-break tests.

14 teams of 4 boards, 7 rounds, Swiss; match points 2/1/0 first, game points 1/½/0 second.  The
crosstable is Held's page 6 as transcribed in ``../shared/corpus/real/tiebreaks/EXPECTED.md`` §2:
``8w2.5`` = opponent 8, this team White on board 1, 2.5 game points scored.  The unplayed rounds:
team 1 won round 6 by forfeit against team 6 (the only pairing left in that round), team 12 had
the PAB in round 5 and team 14 in round 7 (worth a drawn match: 1 MP, 2 GP, C.04.6 Art. 1.4),
team 14 a half-point bye in round 5 and team 7 a zero-point bye in round 7.

Boards (needed only by the board tie-breaks): from the White team's point of view the boards are
filled in order with a win per whole game point, a draw for a half point, losses for the rest
(2.5 -> W W D L), except team 11 v team 14 in round 3, W D D L; odd boards take the team's colour
(352 ``WBWB``).  Player ``(team - 1) * 4 + board`` is the team's player on that board.
"""

from __future__ import annotations

from fractions import Fraction

ROWS = {
    1: ["8w2.5", "4b1.5", "7w3", "2b2.5", "5w1.5", "+F", "3b2.5"],
    2: ["9b3", "3w4", "5b0", "1w1.5", "13w3", "4b2.5", "10b3"],
    3: ["10w2.5", "2b0", "9w3", "6b2.5", "4w3", "5b3.5", "1w1.5"],
    4: ["11b3", "1w2.5", "13b3", "5w3.5", "3b1", "2w1.5", "9b2.5"],
    5: ["12w4", "6b3", "2w4", "4b0.5", "1b2.5", "3w0.5", "13b3.5"],
    6: ["13b2", "5w1", "8b3", "3w1.5", "11b2.5", "-F", "12w2.5"],
    7: ["14w2", "8b2", "1b1", "10w2.5", "9b2", "13w2", "ZPB"],
    8: ["1b1.5", "7w2", "6w1", "12b3.5", "10b2", "9w2", "11w3"],
    9: ["2w1", "12b4", "3b1", "14w3", "7w2", "8b2", "4w1.5"],
    10: ["3b1.5", "11w1.5", "12b2.5", "7b1.5", "8w2", "14b3", "2w1"],
    11: ["4w1", "10b2.5", "14w2", "13b1.5", "6w1.5", "12w2", "8b1"],
    12: ["5b0", "9w0", "10w1.5", "8w0.5", "PAB", "11b2", "6b1.5"],
    13: ["6w2", "14b2.5", "4w1", "11w2.5", "2b1", "7b2", "5w0.5"],
    14: ["7b2", "13w1.5", "11b2", "9b1", "HPB", "10w1", "PAB"],
}
BOARDS = 4
ROUNDS = 7
REVERSE = {"1": "0", "=": "=", "0": "1"}


def player(team: int, board: int) -> int:
    return (team - 1) * BOARDS + board


def board_results(game_points: Fraction) -> list[str]:
    """The White team's boards, ``1`` ``=`` ``0``: a win per whole point, a draw for a half."""
    out = ["1"] * int(game_points)
    if game_points - int(game_points):
        out.append("=")
    return out + ["0"] * (BOARDS - len(out))


def _parse(cell: str) -> tuple[int, str, Fraction]:
    colour = "w" if "w" in cell else "b"
    opp, gp = cell.split(colour)
    return int(opp), colour, Fraction(gp)


def blocks() -> dict[int, list[str]]:
    """Each player's round blocks (``opponent colour result``, TRF columns 92 on)."""
    out: dict[int, list[str]] = {player(t, b): [] for t in ROWS for b in range(1, BOARDS + 1)}
    for rnd in range(ROUNDS):
        for team, row in ROWS.items():
            cell = row[rnd]
            if not cell[-1].isdigit():
                code = {"+F": "+", "-F": "-", "ZPB": "Z", "PAB": "U", "HPB": "H"}[cell]
                for b in range(1, BOARDS + 1):
                    out[player(team, b)].append(f"0000 - {code}")
                continue
            opp, colour, gp = _parse(cell)
            if colour != "w":
                continue  # written from the White team's row
            results = ["1", "=", "=", "0"] if (team, opp) == (11, 14) else board_results(gp)
            for b, res in enumerate(results, start=1):
                mine, theirs = player(team, b), player(opp, b)
                if b % 2:  # the team's colour on odd boards
                    out[mine].append(f"{theirs:4d} w {res}")
                    out[theirs].append(f"{mine:4d} b {REVERSE[res]}")
                else:
                    out[mine].append(f"{theirs:4d} b {res}")
                    out[theirs].append(f"{mine:4d} w {REVERSE[res]}")
    return out


def _points(cells: list[str]) -> Fraction:
    value = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0),
             "U": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0)}
    return sum((value[c[-1]] for c in cells), Fraction(0))


def _place(line: list[str], col: int, text: str) -> None:
    line[col - 1:col - 1 + len(text)] = list(text)


def held_team_trf(start: str = "2024/03/20", tiebreaks: str | None = None, names: dict[int, str] | None = None) -> str:
    """The tournament as a TRF-2026 file (``start``: record 042, which picks the C.07 edition;
    ``names``: team names other than ``Team N``, at most 32 characters)."""
    lines = [
        "012 Held team exercises",
        f"042 {start}",
        "092 Team Swiss",
        f"142 {ROUNDS}",
        "192 FIDE_TEAM_TYPEA_MP_GP",
        "352 WBWB",
        "362 TW 2.0   TD 1.0   TL 0.0",
    ]
    if tiebreaks:
        lines.append(f"202 {tiebreaks}")
    cells = blocks()
    for start_rank in sorted(cells):
        team, board = divmod(start_rank - 1, BOARDS)
        line = [" "] * (91 + 10 * ROUNDS)
        _place(line, 1, "001")
        _place(line, 5, f"{start_rank:4d}")
        _place(line, 15, f"T{team + 1:02d} B{board + 1}")
        _place(line, 49, f"{2400 - start_rank:4d}")
        _place(line, 54, "FID")
        _place(line, 81, f"{float(_points(cells[start_rank])):4.1f}")
        for r, cell in enumerate(cells[start_rank]):
            _place(line, 92 + 10 * r, cell)
        lines.append("".join(line).rstrip())
    for team in ROWS:
        members = "  " + " ".join(f"{player(team, b):4d}" for b in range(1, BOARDS + 1))
        name = (names or {}).get(team, f"Team {team}")
        lines.append(f"310 {team:3d} {name:<32} T{team:<4d}" + " " * 25 + members)
    lines.append("320  1.0  2.0" + "".join(f" {({5: 12, 7: 14}.get(r, 0)):03d}" for r in range(1, ROUNDS + 1)))
    lines.append("330 +-   6   1   6")
    lines.append("240 H   5   14")
    lines.append("240 Z   7    7")
    return "\n".join(lines) + "\n"
