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
players' ratings (B.02's expected score with the 400-point rule, a share of it as draws, as in
:mod:`verify.generate`), a whole match is forfeited at ``forfeit_rate`` (a share
``double_forfeit_share`` of them lost by both) or by both teams at ``double_forfeit_rate``, a
board of a played match at ``board_forfeit_rate``; each team asks for a bye (``240``, a kind of
``bye_kinds``) in a round at ``bye_rate``, or by the schedules ``byes`` of each kind;
``late_entries`` teams miss the first one or two rounds (announced as ``240 Z`` before each, then
written as absent, ``240 Z`` or ``240 H`` by ``late_record``).  With ``baku`` the ``192`` code
names Baku acceleration and the rule's virtual points are written as ``250`` records before round
1; with ``tiebreaks`` the list is written as ``202`` and the ``310`` rank column follows it; with
``record`` a ``### RTG`` line gives the ``arbiter generate`` options that make the file again
(``arbiter generate --teams``).  Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Callable, Iterator, Optional, Sequence

from verify.generate import GeneratedTournament, rtg_comment

if TYPE_CHECKING:
    from verify.generate import Schedule

__all__ = ["TeamMatch", "TeamRoundRecord", "TeamEventSpec", "team_trf", "random_team_event", "TeamGenSettings",
           "Pairer", "PairedRound", "TEAM_VARY_RANGES", "TEAM_VARY_TIEBREAKS",
           "vary_team_settings", "team_settings_for", "generate_team_event", "generate_many_teams"]

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
    comments: tuple[str, ...] = ()  # ``###`` lines written after the header records
    ranks: tuple[int, ...] = ()  # the 310 rank column by TPN (default: match points, game points, TPN)


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
             f"062 {players}", f"072 {players}", f"082 {n}", "092 Team Swiss", "102 Arbiter, Test", "122 90+30",
             *spec.comments]
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
    rank = dict(zip(range(1, n + 1), spec.ranks)) if spec.ranks else {k: i for i, k in enumerate(order, start=1)}
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
    double_forfeit_rate: float = 0.0  # matches both teams forfeit, besides ``double_forfeit_share``
    byes: tuple[tuple[str, Schedule], ...] = ()  # (kind, schedule) for F, H, Z: instead of ``bye_rate``
    baku: bool = False  # Baku acceleration (C.04.7): ``_BAKU`` in 192, the engine's team Baku rule
    tiebreaks: str | None = None  # written as 202; the 310 rank column then follows it (C.07 art. 4.2)
    record: bool = False  # write the ``### RTG`` line (:meth:`options`) that reproduces the file

    def options(self) -> tuple[str, ...]:
        """The ``arbiter generate`` options that make this very event (its ``### RTG`` line);
        ``ValueError`` for settings the options cannot say (``bye_rate``, a share of
        double forfeits, another ``192`` code, mixed late records)."""
        from verify.generate import count_text

        if self.bye_rate or self.double_forfeit_share or self.late_record not in ("Z", "H") or \
                self.code != "FIDE_TEAM_TYPEA_MP_GP" or self.total not in (None, self.rounds) or self.initial != "W":
            raise ValueError("these team settings have no arbiter generate options")
        kinds = dict(self.byes)
        return (
            "--teams", str(self.teams), "--boards", str(self.boards), "--rounds", str(self.rounds),
            "--seed", str(self.seed), "--baku" if self.baku else "--no-baku",
            "--ratings", f"{self.ratings[0]}-{self.ratings[1]}", "--draw-rate", repr(self.draw_rate),
            "--forfeit-rate", repr(self.forfeit_rate), "--double-forfeit-rate", repr(self.double_forfeit_rate),
            "--board-forfeit-rate", repr(self.board_forfeit_rate),
            *(x for kind, option in (("F", "--full-byes"), ("H", "--half-byes"), ("Z", "--zero-byes"))
              for x in (option, kinds[kind].option_text() if kind in kinds else "0")),
            "--late-entries", count_text(self.late_entries),
            "--late-missed", "half" if self.late_record == "H" else "zero",
            "--tiebreaks", self.tiebreaks or "none",
        )


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


#: The start date team events are written with (``042``): the rating rules the results follow.
_START = date(2026, 3, 1)


def _board_result(rng: random.Random, s: TeamGenSettings, rw: int, rb: int) -> str:
    """A board's result for the White team's player: the expected score of B.02 (table 8.1.2
    with the 400-point rule of 8.3.1, :func:`verify.generate.expected_score`), a share of it
    drawn as in the individual generator, and a forfeit at ``board_forfeit_rate``."""
    from verify.generate import expected_score

    e = float(expected_score(rw, rb, _START))
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
    code = s.code + ("_BAKU" if s.baku else "")
    extra = (f"202 {s.tiebreaks}",) if s.tiebreaks else ()
    spec = TeamEventSpec(s.teams, s.boards, s.total if s.total is not None else s.rounds, code, s.initial,
                         pattern="WB" * ((s.boards + 1) // 2), ratings=ratings,
                         title=f"Random Team Swiss seed {s.seed}", extra=extra,
                         comments=(rtg_comment(s),) if s.record else ())
    if s.baku:
        spec = replace(spec, extra=spec.extra + _baku_records(team_trf(spec, [])))
    late = _late_entries(rng, s)
    rounds: list[TeamRoundRecord] = []
    for rnd in range(1, s.rounds + 1):
        announced = [("Z", tpn) for tpn, (missed, _) in late.items() if rnd <= missed]
        if s.bye_rate > 0:
            away = {tpn for _, tpn in announced}
            announced += [(rng.choice(s.bye_kinds), tpn) for tpn in range(1, s.teams + 1)
                          if tpn not in away and rng.random() < s.bye_rate]
        announced += _scheduled_byes(rng, s, rnd, announced)
        paired = pair(team_trf(spec, rounds, announced), rnd)
        if paired is None:
            break
        boards, pab = paired
        matches = []
        for w, b in boards:
            x = rng.random()
            if x < s.forfeit_rate + s.double_forfeit_rate:
                both = x < s.double_forfeit_rate or (s.double_forfeit_share > 0 and rng.random() < s.double_forfeit_share)
                matches.append(TeamMatch(w, b, forfeit="--" if both else rng.choice(["+-", "-+"])))
                continue
            results = [_board_result(rng, s, ratings[(w - 1) * s.boards + board], ratings[(b - 1) * s.boards + board])
                       for board in range(s.boards)]
            matches.append(TeamMatch(w, b, tuple(results)))
        missing = {tpn: record for tpn, (missed, record) in late.items() if rnd <= missed}
        written = tuple((missing.get(tpn, kind), tpn) for kind, tpn in announced if missing.get(tpn) != "absent")
        rounds.append(TeamRoundRecord(tuple(matches), pab, written))
    if s.tiebreaks:
        spec = replace(spec, ranks=_ranks(team_trf(spec, rounds), s.tiebreaks))
    return team_trf(spec, rounds), spec, tuple(rounds)


def _baku_records(text: str) -> tuple[str, ...]:
    """The virtual points of the Baku rule for the team event ``text`` (before round 1), as
    ``250`` records, asked of the team system's engine: the file then says what every round is
    paired with, and a checker or another engine reads them instead of computing the rule."""
    from systems import PairRequest, select
    from trf import parse_text
    from trf.acceleration import acceleration_records
    from trf.writer import format_record

    t = parse_text(text, validate=False).tournament
    sel = select(t)
    plan = sel.system.next_round(t, sel, PairRequest(round=1, baku=True)).acceleration.plan
    return tuple(format_record(r) for r in acceleration_records(plan, "trf26")) if plan is not None else ()


def _scheduled_byes(rng: random.Random, s: TeamGenSettings, rnd: int,
                    announced: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """The requested byes of round ``rnd`` by ``s.byes`` (full, half, zero in that order), among
    the teams not yet away; none that would leave fewer than two teams to pair."""
    away = {tpn for _, tpn in announced}
    out: list[tuple[str, int]] = []
    for kind, schedule in s.byes:
        share = schedule.at(rnd)
        if share.never:
            continue
        for tpn in share.pick(rng, [k for k in range(1, s.teams + 1) if k not in away]):
            out.append((kind, tpn))
            away.add(tpn)
    return out if s.teams - len(away) >= 2 else []


def _ranks(text: str, tiebreaks: str) -> tuple[int, ...]:
    """The 310 rank column by TPN: the team standings with ``tiebreaks`` (C.07 art. 4.2; teams
    sharing a place in TPN order)."""
    from tiebreaks.codes import parse_list
    from tiebreaks.teamstandings import team_standings
    from trf import parse_text
    from trf.teams import team_event

    rows = team_standings(team_event(parse_text(text, validate=False).tournament), parse_list(tiebreaks)).rows
    rank = {row.tpn: k for k, row in enumerate(rows, start=1)}
    return tuple(rank[k] for k in sorted(rank))


# --------------------------------------------------------------------------- options drawn at random, many events

#: What ``arbiter generate --teams --vary`` draws (the parameter names) and from where, uniformly
#: unless said (:data:`verify.generate.VARY_RANGES` for the rates' reasons).
TEAM_VARY_RANGES: dict[str, str] = {
    "teams": "6-40",
    "boards": "2-6",
    "rounds": "3-9, at most half the teams",
    "ratings": "lowest 1000-1800, highest 400-1000 above it up to 2800 (steps of 100)",
    "draw_rate": "0.10-0.50",
    "forfeit_rate": "0-0.03 of the matches",
    "double_forfeit_rate": "0-0.01 of the matches",
    "board_forfeit_rate": "0-0.03 of the boards",
    "full_byes": "0 (four times in five), else 1%",
    "half_byes": "0-5%",
    "zero_byes": "0-5%",
    "late_entries": "0-2 teams",
    "late_missed": "zero (three times in four) or half",
    "tiebreaks": "one of TEAM_VARY_TIEBREAKS",
    "baku": "on or off, even odds",
}

#: The team tie-break lists ``--vary`` chooses from: the team standings' default, the TEC's
#: team sample's, and a Sonneborn-Berger variant.
TEAM_VARY_TIEBREAKS: tuple[str, ...] = (
    "EDE,EMGSB/C1,BH:MP/C1,MPvGP", "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", "EDE,BH:MP/C1,SB:MP,MPvGP",
)


def vary_team_settings(s: TeamGenSettings, names: frozenset[str]) -> TeamGenSettings:
    """``s`` with the options ``names`` (keys of :data:`TEAM_VARY_RANGES`) drawn with a
    generator seeded by ``s.seed`` (:func:`verify.generate.vary_settings`)."""
    from verify.generate import Schedule, Share

    unknown = names - TEAM_VARY_RANGES.keys()
    if unknown:
        raise KeyError(f"not drawn at random: {', '.join(sorted(unknown))}")
    rng = random.Random(f"vary-teams:{s.seed}")
    c: dict[str, object] = {}
    teams = rng.randint(6, 40) if "teams" in names else s.teams
    c["teams"] = teams
    if "boards" in names:
        c["boards"] = rng.randint(2, 6)
    if "rounds" in names:
        c["rounds"] = rng.randint(3, min(9, max(3, teams // 2)))
    if "ratings" in names:
        lo = 100 * rng.randint(10, 18)
        c["ratings"] = (lo, 100 * rng.randint(lo // 100 + 4, min(lo // 100 + 10, 28)))
    for name, lo_, hi in (("draw_rate", 100, 500), ("forfeit_rate", 0, 30), ("double_forfeit_rate", 0, 10),
                          ("board_forfeit_rate", 0, 30)):
        if name in names:
            c[name] = rng.randint(lo_, hi) / 1000
    byes = dict(s.byes)
    if "full_byes" in names:
        byes["F"] = Schedule(Share(rate=Fraction(1, 100))) if rng.random() < 0.2 else Schedule(Share(count=0))
    for kind, name in (("H", "half_byes"), ("Z", "zero_byes")):
        if name in names:
            byes[kind] = Schedule(Share(rate=Fraction(rng.randint(0, 5), 100)))
    c["byes"] = tuple((k, byes[k]) for k in "FHZ" if k in byes)
    if "late_entries" in names:
        c["late_entries"] = rng.randint(0, 2)
    if "late_missed" in names:
        c["late_record"] = "H" if rng.random() < 0.25 else "Z"
    if "tiebreaks" in names:
        c["tiebreaks"] = rng.choice(TEAM_VARY_TIEBREAKS)
    if "baku" in names:
        c["baku"] = rng.random() < 0.5
    return replace(s, **c)  # type: ignore[arg-type]


def team_settings_for(template: TeamGenSettings, master: int, index: int, teams: tuple[int, int],
                      rounds: tuple[int, int], vary: frozenset[str] = frozenset()) -> TeamGenSettings:
    """Event ``index`` of a run (:func:`verify.generate.settings_for`, teams for players)."""
    from verify.generate import drawn_size

    seed, n, r = drawn_size(master, index, teams, rounds)
    s = replace(template, teams=n, rounds=r, seed=seed)
    return vary_team_settings(s, vary) if vary else s


def generate_team_event(s: TeamGenSettings) -> str:
    """The TRF-2026 text of the random team Swiss ``s``, paired by the C.04.6 engine.  Raises
    :class:`pairing.result.NoLegalPairing` when a round cannot be paired."""
    return random_team_event(s)[0]


def _one_team(s: TeamGenSettings, index: int) -> GeneratedTournament:
    from pairing.result import NoLegalPairing

    try:
        return GeneratedTournament(index, s.seed, s.teams, s.rounds, generate_team_event(s))
    except NoLegalPairing as exc:
        return GeneratedTournament(index, s.seed, s.teams, s.rounds, None, str(exc))


def generate_many_teams(template: TeamGenSettings, count: int, master: int, *, teams: tuple[int, int],
                        rounds: tuple[int, int], vary: frozenset[str] = frozenset(),
                        executor: Optional[Executor] = None, window: int = 64) -> Iterator[GeneratedTournament]:
    """``count`` team events (:func:`verify.generate.generate_many`; ``players`` of each result
    counts its teams)."""
    from parallel import ordered_map

    jobs = ((team_settings_for(template, master, i, teams, rounds, vary), i) for i in range(1, count + 1))
    yield from ordered_map(_one_team, jobs, executor, window)
