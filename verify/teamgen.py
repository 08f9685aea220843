"""Team events as TRF-2026 text: a writer for given rounds (hand-worked cases, tests) and a random
team Swiss paired round by round by the Swiss Team Pairing System engine (C.04.6).

A team has ``boards`` members, on boards 1..boards in TPN order (TPN ``k`` has start ranks
``(k-1)*boards+1 ...``); board ``i`` of a match gives the White team's player the colour ``352``
names for it (``WBWB``).  A match is written as each board's result for the White team's player
(``1``, ``=``, ``0``); a forfeited match as ``330`` (``+-``: the White team won) with ``0000 - +`` / ``0000 - -``
in the players' columns; the PAB as ``320`` (a drawn match's points, C.04.6 Art. 1.4) with
``0000 - U``.  Records ``310`` carry each team's match and game points and rank after the last
round written.

:func:`random_team_event` pairs each round with the registry's system for a team event (the
Swiss Team Pairing System, :mod:`systems.team`) on the file written so far; board results are drawn from the players' ratings (Elo expectation, a share of
it as draws), a whole match is forfeited at ``forfeit_rate``.  Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Sequence

__all__ = ["TeamMatch", "TeamRoundRecord", "TeamEventSpec", "team_trf", "random_team_event", "TeamGenSettings"]


@dataclass(frozen=True)
class TeamMatch:
    """A match: ``white`` and ``black`` TPNs (the team with White on board 1) and each board's
    result for the White team's player (``"1"``, ``"="``, ``"0"``), or ``forfeit`` ``"+-"``
    (White won by forfeit), ``"-+"`` or ``"--"``."""

    white: int
    black: int
    boards: tuple[str, ...] = ()
    forfeit: Optional[str] = None


@dataclass(frozen=True)
class TeamRoundRecord:
    """One round: its matches and the PAB (a TPN or ``None``)."""

    matches: tuple[TeamMatch, ...]
    pab: Optional[int] = None


@dataclass(frozen=True)
class TeamEventSpec:
    """A team event to write: ``teams`` and ``boards``, the number of rounds (``None``: no
    ``142``/``XXR``), the ``192`` code, the initial colour (``"W"``/``"B"``, ``None``: no ``152``),
    the board pattern, players' ``ratings`` (start rank order; default descending from 2600),
    team ``names``, and extra records appended verbatim (``240``, ``250``, ``260``)."""

    teams: int
    boards: int = 4
    total_rounds: Optional[int] = 7
    code: str = "FIDE_TEAM_TYPEA_MP_GP"
    initial: Optional[str] = "W"
    pattern: str = "WBWB"
    ratings: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    title: str = "Team Swiss"


def _fmt(x: Fraction) -> str:
    return f"{float(x):.1f}"


def _board_points(result: str) -> Fraction:
    return {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}[result]


def team_trf(spec: TeamEventSpec, rounds: Sequence[TeamRoundRecord]) -> str:
    """The TRF-2026 text of ``spec`` with ``rounds`` played (module docstring)."""
    n, nb = spec.teams, spec.boards
    pattern = spec.pattern[:nb].ljust(nb, "W")
    players = n * nb
    ratings = spec.ratings or tuple(2600 - 5 * i for i in range(players))
    names = spec.names or tuple(f"Team {k}" for k in range(1, n + 1))
    blocks: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    mp = {k: Fraction(0) for k in range(1, n + 1)}
    gp = {k: Fraction(0) for k in range(1, n + 1)}
    pabs: list[int] = []
    forfeits: list[str] = []

    def member(tpn: int, board: int) -> int:
        return (tpn - 1) * nb + board + 1

    for rnd, record in enumerate(rounds, start=1):
        seen: set[int] = set()
        for m in record.matches:
            seen.update((m.white, m.black))
            if m.forfeit is not None:
                forfeits.append(f"330 {m.forfeit} {rnd:3d} {m.white:3d} {m.black:3d}")
                for b in range(nb):
                    blocks[member(m.white, b)].append("  0000 - " + ("+" if m.forfeit == "+-" else "-"))
                    blocks[member(m.black, b)].append("  0000 - " + ("+" if m.forfeit == "-+" else "-"))
                win_w = {"+-": Fraction(2), "-+": Fraction(0), "--": Fraction(0)}[m.forfeit]
                win_b = {"+-": Fraction(0), "-+": Fraction(2), "--": Fraction(0)}[m.forfeit]
                mp[m.white] += win_w
                mp[m.black] += win_b
                gp[m.white] += Fraction(nb) if m.forfeit == "+-" else 0
                gp[m.black] += Fraction(nb) if m.forfeit == "-+" else 0
                continue
            w_points = Fraction(0)
            for b, res in enumerate(m.boards):
                pw, pb = member(m.white, b), member(m.black, b)
                wc = "w" if pattern[b] == "W" else "b"
                bc = "b" if wc == "w" else "w"
                other = {"1": "0", "0": "1", "=": "="}[res]
                blocks[pw].append(f"  {pb:4d} {wc} {res}")
                blocks[pb].append(f"  {pw:4d} {bc} {other}")
                w_points += _board_points(res)
            b_points = Fraction(nb) - w_points
            gp[m.white] += w_points
            gp[m.black] += b_points
            mp[m.white] += 2 if w_points > b_points else 1 if w_points == b_points else 0
            mp[m.black] += 2 if b_points > w_points else 1 if w_points == b_points else 0
        pabs.append(record.pab or 0)
        if record.pab:
            seen.add(record.pab)
            for b in range(nb):
                blocks[member(record.pab, b)].append("  0000 - U")
            mp[record.pab] += 1
            gp[record.pab] += Fraction(nb, 2)
        for k in range(1, n + 1):
            if k not in seen:
                for b in range(nb):
                    blocks[member(k, b)].append("  0000 - Z")
    lines = [f"012 {spec.title}", "022 Nowhere", "032 FID", "042 2026/03/01", "052 2026/03/09",
             f"062 {players}", f"072 {players}", f"082 {n}", "092 Team Swiss", "102 Arbiter, Test", "122 90+30"]
    if spec.total_rounds is not None:
        lines.append(f"142 {spec.total_rounds}")
    if spec.initial is not None:
        lines.append(f"152 {spec.initial}")
    lines += [f"192 {spec.code}", f"352 {pattern}", "362 TW 2.0   TD 1.0   TL 0.0"]
    if spec.total_rounds is not None:
        lines.append(f"XXR {spec.total_rounds}")
    for p in range(1, players + 1):
        tpn = (p - 1) // nb + 1
        name = f"T{tpn:02d} Player{(p - 1) % nb + 1}"
        pts = Fraction(0)
        for blk in blocks[p]:
            res = blk[-1]
            pts += {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1)}.get(res, Fraction(0))  # the PAB's points are 320's
        lines.append(f"001 {p:4d} m    {name:<33} {ratings[p - 1]:4d} FID {'':11} {'':10} {float(pts):4.1f} "
                     f"{p:4d}" + "".join(blocks[p]))
    order = sorted(range(1, n + 1), key=lambda k: (-mp[k], -gp[k], k))
    rank = {k: i for i, k in enumerate(order, start=1)}
    for k in range(1, n + 1):
        members = " " + "".join(f" {member(k, b):4d}" for b in range(nb))  # ids at 74-77, 79-82, ...
        lines.append(f"310 {k:3d} {names[k - 1]:<32} {'T' + str(k):<5} {'':6} {_fmt(mp[k]):>6} {_fmt(gp[k]):>6} "
                     f"{rank[k]:3d}{members}")
    if any(pabs):
        lines.append("320  1.0 " + _fmt(Fraction(nb, 2)).rjust(4) + "".join(f" {x:3d}" for x in pabs))
    lines += forfeits
    lines += list(spec.extra)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class TeamGenSettings:
    """A random team Swiss: ``teams`` of ``boards`` players, ``rounds`` played of ``total``, the
    ``192`` code, the seed, the share of matches forfeited, and the draw rate of a board."""

    teams: int
    rounds: int
    total: Optional[int] = None
    boards: int = 4
    code: str = "FIDE_TEAM_TYPEA_MP_GP"
    seed: int = 1
    forfeit_rate: float = 0.0
    draw_rate: float = 0.3
    ratings: tuple[int, int] = (1400, 2700)
    initial: str = field(default="W")


def random_team_event(s: TeamGenSettings) -> tuple[str, TeamEventSpec, tuple[TeamRoundRecord, ...]]:
    """``s.rounds`` rounds paired by the C.04.6 engine with random results: the TRF text, the
    event and its rounds (module docstring)."""
    from systems import select
    from trf import parse_text

    rng = random.Random(s.seed)
    players = s.teams * s.boards
    strength = sorted((rng.randint(*s.ratings) for _ in range(s.teams)), reverse=True)
    ratings = tuple(max(1000, strength[(p) // s.boards] - 40 * (p % s.boards) + rng.randint(-60, 60))
                    for p in range(players))
    spec = TeamEventSpec(s.teams, s.boards, s.total if s.total is not None else s.rounds, s.code, s.initial,
                         ratings=ratings, title=f"Random Team Swiss seed {s.seed}")
    rounds: list[TeamRoundRecord] = []
    for rnd in range(1, s.rounds + 1):
        t = parse_text(team_trf(spec, rounds), validate=False).tournament
        sel = select(t)  # a team event: the Swiss Team Pairing System
        paired = sel.system.pair(t, rnd, sel)
        matches = []
        for w, b in paired.boards:
            if rng.random() < s.forfeit_rate:
                matches.append(TeamMatch(w, b, forfeit=rng.choice(["+-", "-+"])))
                continue
            results = []
            for board in range(s.boards):
                rw = ratings[(w - 1) * s.boards + board]
                rb = ratings[(b - 1) * s.boards + board]
                e = 1 / (1 + 10 ** ((rb - rw) / 400))
                draw = s.draw_rate * (1 - abs(2 * e - 1))
                x = rng.random()
                results.append("=" if x < draw else "1" if x < draw + (e - draw / 2) else "0")
            matches.append(TeamMatch(w, b, tuple(results)))
        rounds.append(TeamRoundRecord(tuple(matches), paired.bye))
    return team_trf(spec, rounds), spec, tuple(rounds)
