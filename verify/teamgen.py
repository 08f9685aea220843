"""Team events as TRF-2026 text: a writer for given rounds (hand-worked cases, tests) and a random
team Swiss paired round by round by the Swiss Team Pairing System engine (C.04.6).

A team has ``boards`` members, on boards 1..boards in TPN order (TPN ``k`` has start ranks
``(k-1)*boards+1 ...``); board ``i`` of a match gives the White team's player the colour ``352``
names for it (``WBWB``).  A match is written as each board's result for the White team's player
(``1``, ``=``, ``0``; ``+`` / ``-``: that board won / lost by forfeit, the opponent named, TRF-16
results ``+``/``-``); a forfeited match as ``330`` (``+-``: the White team won, ``--``: both lost)
with ``0000 - +`` / ``0000 - -`` in the players' columns; the PAB as ``320`` (a drawn match's points,
C.04.6 Art. 1.4) with ``0000 - U``; a team's requested bye as ``240 F/H/Z`` (one record per kind
and round) with ``0000 - F/H/Z`` on each board; a team with neither match nor bye in a round
(absent, e.g. before a late entry) as ``0000 - Z`` without a ``240``.  Byes announced for the
round after the last one written (``team_trf(..., upcoming=...)``) are ``240`` records only: the
team is not paired in that round.  Records ``310`` carry each team's match and game points and
rank after the last round written.

:func:`random_team_event` pairs each round with the registry's system for a team event (the
Swiss Team Pairing System, :mod:`systems.team`), or with the ``pair`` function given, on the file
cut before it (the byes announced for that round included); board results are drawn from the
players' ratings (Elo expectation, a share of it as draws), a whole match is forfeited at
``forfeit_rate`` (a share ``double_forfeit_share`` of them lost by both), a board of a played
match at ``board_forfeit_rate``; each team asks for a bye (``240``, a kind of ``bye_kinds``) in a
round at ``bye_rate``; ``late_entries`` teams miss the first one or two rounds (announced as
``240 Z`` before each, then written as absent, ``240 Z`` or ``240 H`` by ``late_record``).
Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Optional, Sequence

__all__ = ["TeamMatch", "TeamRoundRecord", "TeamEventSpec", "team_trf", "random_team_event", "TeamGenSettings",
           "Pairer", "PairedRound"]

#: A round's pairing: the (White, Black) TPNs of each match and the PAB's TPN (``None``: none).
PairedRound = tuple[tuple[tuple[int, int], ...], Optional[int]]
#: Pairs round ``rnd`` of the file cut before it (its text); ``None`` ends the event there.
Pairer = Callable[[str, int], Optional[PairedRound]]


@dataclass(frozen=True)
class TeamMatch:
    """A match: ``white`` and ``black`` TPNs (the team with White on board 1) and each board's
    result for the White team's player (``"1"``, ``"="``, ``"0"``; ``"+"`` / ``"-"``: that board
    won / lost by forfeit), or ``forfeit`` ``"+-"`` (White won by forfeit), ``"-+"`` or ``"--"``."""

    white: int
    black: int
    boards: tuple[str, ...] = ()
    forfeit: Optional[str] = None


@dataclass(frozen=True)
class TeamRoundRecord:
    """One round: its matches, the PAB (a TPN or ``None``) and the teams' requested byes
    (``240``: kind ``F``/``H``/``Z`` and TPN)."""

    matches: tuple[TeamMatch, ...]
    pab: Optional[int] = None
    byes: tuple[tuple[str, int], ...] = ()


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
    return {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}[result]


#: A board's result for the other team's player.
_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
#: A requested bye's match points (won, drawn, lost match) and game points a board.
_BYE_POINTS = {"F": (Fraction(2), Fraction(1)), "H": (Fraction(1), Fraction(1, 2)), "Z": (Fraction(0), Fraction(0))}


def _bye_lines(rnd: int, byes: Sequence[tuple[str, int]]) -> list[str]:
    """``240`` records of round ``rnd``: one a kind (TRF-2026: at most one a type and round)."""
    return [f"240 {kind} {rnd:03d}" + "".join(f" {tpn:>4}" for k, tpn in sorted(byes) if k == kind)
            for kind in "FHZ" if any(k == kind for k, _ in byes)]


def team_trf(spec: TeamEventSpec, rounds: Sequence[TeamRoundRecord],
             upcoming: Sequence[tuple[str, int]] = ()) -> str:
    """The TRF-2026 text of ``spec`` with ``rounds`` played and the byes ``upcoming`` (kind, TPN)
    announced for the next round (module docstring)."""
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
    bye_records: list[str] = []

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
                other = _OTHER[res]
                blocks[pw].append(f"  {pb:4d} {wc} {res}")
                blocks[pb].append(f"  {pw:4d} {bc} {other}")
                w_points += _board_points(res)
            b_points = sum((_board_points(_OTHER[res]) for res in m.boards), Fraction(0))
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
        for kind, k in record.byes:
            seen.add(k)
            for b in range(nb):
                blocks[member(k, b)].append(f"  0000 - {kind}")
            mp[k] += _BYE_POINTS[kind][0]
            gp[k] += _BYE_POINTS[kind][1] * nb
        bye_records += _bye_lines(rnd, record.byes)
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
            pts += {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1), "F": Fraction(1),
                    "H": Fraction(1, 2)}.get(res, Fraction(0))  # the PAB's points are 320's
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
    lines += bye_records + _bye_lines(len(rounds) + 1, upcoming)
    lines += list(spec.extra)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class TeamGenSettings:
    """A random team Swiss: ``teams`` of ``boards`` players, ``rounds`` played of ``total``, the
    ``192`` code, the seed, the share of matches forfeited (``double_forfeit_share`` of them lost by
    both teams), the share of boards of a played match forfeited, the draw rate of a board, the
    chance that a team asks for a bye in a round (its kind drawn from ``bye_kinds``), and the number
    of teams entering late (module docstring; ``late_record``: ``"absent"``, ``"Z"``, ``"H"`` or
    ``"mixed"``, drawn a team)."""

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
    double_forfeit_share: float = 0.0
    board_forfeit_rate: float = 0.0
    bye_rate: float = 0.0
    bye_kinds: str = "FHZ"
    late_entries: int = 0
    late_record: str = "mixed"


def _engine_pairing(text: str, rnd: int) -> PairedRound:
    """Round ``rnd`` of ``text`` paired by the registry's system for a team event (C.04.6)."""
    from systems import select
    from trf import parse_text

    t = parse_text(text, validate=False).tournament
    sel = select(t)  # a team event: the Swiss Team Pairing System
    paired = sel.system.pair(t, rnd, sel)
    return tuple(paired.boards), paired.bye


def _late_entries(rng: random.Random, s: TeamGenSettings) -> dict[int, tuple[int, str]]:
    """The teams entering late: TPN -> (rounds missed, how they are written)."""
    if s.late_entries <= 0:
        return {}
    out = {}
    for tpn in sorted(rng.sample(range(1, s.teams + 1), min(s.late_entries, s.teams - 2))):
        missed = rng.randint(1, 2)
        record = rng.choice(["absent", "Z", "H"]) if s.late_record == "mixed" else s.late_record
        out[tpn] = (missed, record)
    return out


def _board_result(rng: random.Random, s: TeamGenSettings, rw: int, rb: int) -> str:
    """A board's result for the White team's player: Elo expectation, a share of it drawn, and a
    forfeit at ``board_forfeit_rate``."""
    e = 1 / (1 + 10 ** ((rb - rw) / 400))
    draw = s.draw_rate * (1 - abs(2 * e - 1))
    x = rng.random()
    res = "=" if x < draw else "1" if x < draw + (e - draw / 2) else "0"
    if s.board_forfeit_rate > 0 and rng.random() < s.board_forfeit_rate:
        res = rng.choice("+-")
    return res


def random_team_event(s: TeamGenSettings, pair: Optional[Pairer] = None
                      ) -> tuple[str, TeamEventSpec, tuple[TeamRoundRecord, ...]]:
    """Up to ``s.rounds`` rounds, each paired by ``pair`` (default: the C.04.6 engine) on the file
    cut before it, with random results: the TRF text, the event and its rounds (module docstring).
    The event ends early when ``pair`` returns ``None``."""
    pair = pair or _engine_pairing
    rng = random.Random(s.seed)
    players = s.teams * s.boards
    strength = sorted((rng.randint(*s.ratings) for _ in range(s.teams)), reverse=True)
    ratings = tuple(max(1000, strength[(p) // s.boards] - 40 * (p % s.boards) + rng.randint(-60, 60))
                    for p in range(players))
    spec = TeamEventSpec(s.teams, s.boards, s.total if s.total is not None else s.rounds, s.code, s.initial,
                         pattern="WB" * ((s.boards + 1) // 2), ratings=ratings,
                         title=f"Random Team Swiss seed {s.seed}")
    late = _late_entries(rng, s)
    rounds: list[TeamRoundRecord] = []
    for rnd in range(1, s.rounds + 1):
        announced = [("Z", tpn) for tpn, (missed, _) in late.items() if rnd <= missed]
        if s.bye_rate > 0:
            away = {tpn for _, tpn in announced}
            announced += [(rng.choice(s.bye_kinds), tpn) for tpn in range(1, s.teams + 1)
                          if tpn not in away and rng.random() < s.bye_rate]
        paired = pair(team_trf(spec, rounds, announced), rnd)
        if paired is None:
            break
        boards, pab = paired
        matches = []
        for w, b in boards:
            if rng.random() < s.forfeit_rate:
                both = s.double_forfeit_share > 0 and rng.random() < s.double_forfeit_share
                matches.append(TeamMatch(w, b, forfeit="--" if both else rng.choice(["+-", "-+"])))
                continue
            results = [_board_result(rng, s, ratings[(w - 1) * s.boards + board], ratings[(b - 1) * s.boards + board])
                       for board in range(s.boards)]
            matches.append(TeamMatch(w, b, tuple(results)))
        missing = {tpn: record for tpn, (missed, record) in late.items() if rnd <= missed}
        written = tuple((missing.get(tpn, kind), tpn) for kind, tpn in announced if missing.get(tpn) != "absent")
        rounds.append(TeamRoundRecord(tuple(matches), pab, written))
    return team_trf(spec, rounds), spec, tuple(rounds)
