"""The tie-breaks of team events (FIDE C.07 art. 12 and 13), and the individual ones on teams.

Rules digest: ``../shared/reference/tiebreaks.md`` §3 and §9.  A team event has two scores,
match points (MP) and game points (GP); the primary one ranks (record 192).  Each row of
:data:`TEAM_TIEBREAKS` is one tie-break: its code, article, words and measure.

* The individual tie-breaks (art. 6-9: DE, BH, FB, AOB, SB, KS, PS, WIN, ...) run unchanged on a
  team's view (:mod:`tiebreaks.teamview`): on the primary score, or on the one ``:MP`` / ``:GP``
  names.  Art. 7's counts on game points count board games (``WIN:GP``: games won).
* MPvGP (13.1) is the secondary score; the Extended Sonneborn-Berger (13.2) weighs each
  opponent's MP or GP by the MP or GP scored against them; SSSC (13.4) adds the primary score's
  Buchholz, divided by k, to the secondary score.
* EDE (13.3) is a procedure on a tied group: direct encounter on the primary score, then on the
  secondary; for exactly two teams still tied the board tie-breaks of art. 12 decide their match
  (EDET: top-board result; EDEB: board elimination; EDEBT / EDEBB: board count first).
* BC, TBR, BBE (art. 12) on the whole event: board count (lower is better), top-board result
  (board 1's points, then board 2's, ...), board elimination (the points without the bottom
  board, then without the two bottom boards, ...).  For these, art. 12 counts a forfeited game
  as a normal win or loss and the PAB as a win on every board.

Art. 16 (unplayed rounds) applies to BH, SB, FB and ESB of a Swiss, on each score with its own
values (16.4: "points" are MP in the MP view, GP in the GP view).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Union

from tiebreaks.buchholz import BH, FB, kept_elements, total
from tiebreaks.codes import Modifiers, TieBreak
from tiebreaks.context import FORFEIT_LOSS, FORFEIT_WIN, RoundRecord, TBContext
from tiebreaks.direct import Games, encounter_ranking, encounter_split
from tiebreaks.teamview import TeamView

Value = Union[Fraction, int, None]
ZERO = Fraction(0)

#: Art. 7 counts that, on game points, count board games rather than matches.
BOARD_COUNTS = frozenset({"WIN", "WON", "BPG", "BWG", "REP", "STD"})
#: Art. 10 rates players; a team has no rating of its own in C.07.
RATING_CODES = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})


@dataclass(frozen=True)
class TeamTieBreak:
    """One row of :data:`TEAM_TIEBREAKS`."""

    code: str
    article: str
    words: str
    measure: str


TEAM_TIEBREAKS = (
    TeamTieBreak("MPVGP", "C.07 13.1", "Match points v game points",
                 "the secondary score: GP when MP are primary, MP when GP are"),
    TeamTieBreak("EMMSB", "C.07 13.2", "Extended Sonneborn-Berger",
                 "sum over rounds of the opponent's MP x the MP scored against it"),
    TeamTieBreak("EMGSB", "C.07 13.2", "Extended Sonneborn-Berger",
                 "sum over rounds of the opponent's MP x the GP scored against it"),
    TeamTieBreak("EGMSB", "C.07 13.2", "Extended Sonneborn-Berger",
                 "sum over rounds of the opponent's GP x the MP scored against it"),
    TeamTieBreak("EGGSB", "C.07 13.2", "Extended Sonneborn-Berger",
                 "sum over rounds of the opponent's GP x the GP scored against it"),
    TeamTieBreak("EDE", "C.07 13.3", "Extended direct encounter",
                 "direct encounter on the primary score, then on the secondary (a procedure on the tied group)"),
    TeamTieBreak("EDET", "C.07 13.3.2", "EDE, then top-board result",
                 "EDE; two teams still tied: board 1's points in their match, then board 2's, ..."),
    TeamTieBreak("EDEB", "C.07 13.3.2", "EDE, then board elimination",
                 "EDE; two teams still tied: their match's points without the bottom board, then without two, ..."),
    TeamTieBreak("EDEBT", "C.07 13.3.2", "EDE, then board count and top-board result",
                 "EDE; two teams still tied: board count of their match (lower better), then TBR"),
    TeamTieBreak("EDEBB", "C.07 13.3.2", "EDE, then board count and board elimination",
                 "EDE; two teams still tied: board count of their match (lower better), then BBE"),
    TeamTieBreak("EDEC", "C.07 13.3.2", "EDE, then board count",
                 "EDE; two teams still tied: board count of their match (lower better)"),
    TeamTieBreak("SSSC", "C.07 13.4", "Score and strength combination",
                 "secondary score + Buchholz of the primary score / k (k: /Kx, else the largest "
                 "integer not above the most primary points of the rounds / the most secondary points of a match)"),
    TeamTieBreak("BC", "C.07 12.1", "Board count",
                 "sum over rounds and boards of board number x points on it; lower is better"),
    TeamTieBreak("TBR", "C.07 12.2", "Top-board result",
                 "points on board 1 over the rounds, then on board 2, ... (a procedure on the tied group)"),
    TeamTieBreak("BBE", "C.07 12.3", "Board elimination",
                 "points without the bottom board, then without the two bottom boards, ... (a procedure)"),
)

#: Codes that rank a tied group rather than give each team a number (as DE, art. 6).
PROCEDURES = frozenset({"DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "EDEC", "TBR", "BBE"})


class TeamTieBreakError(ValueError):
    """A tie-break that a team event cannot take (a rating tie-break: teams have none)."""


# --------------------------------------------------------------------------- scalars


def MPVGP(view: TeamView, tpn: int, mod: Modifiers) -> Value:
    """Art. 13.1: the secondary score (GP when MP are primary, and vice versa)."""
    return view.view(view.secondary).score[tpn]


def _esb(opponents: str, scored: str) -> Callable[[TeamView, int, Modifiers], Value]:
    def esb(view: TeamView, tpn: int, mod: Modifiers) -> Value:
        """Art. 13.2: the Extended Sonneborn-Berger, sum over rounds of the opponent's score
        (16.3 adjusted; a dummy for an unplayed round, 16.4) x the score made against it; cuts
        rank by the opponent's score, then by the contribution, a VUR first (14.1, 16.5)."""
        return total(kept_elements(view.view(opponents), tpn, mod, sb=True, scored=view.view(scored)))
    esb.__name__ = f"E{opponents[0]}{scored[0]}SB"
    return esb


def sssc_divisor(view: TeamView, mod: Modifiers = Modifiers()) -> Fraction:
    """Art. 13.4's k: ``/Kx`` when given, else the largest integer not above the most primary
    points of the rounds divided by the most secondary points of one match (MP first, 4 boards,
    2/1/0, 7 rounds: 14 / 4 -> 3; GP first: 28 / 2 -> 14), and at least 1."""
    if mod.divisor is not None:
        return mod.divisor
    primary, secondary = view.view(view.primary), view.view(view.secondary)
    most = primary.win * view.rounds
    return Fraction(max(1, math.floor(most / secondary.win))) if secondary.win else Fraction(1)


def SSSC(view: TeamView, tpn: int, mod: Modifiers) -> Value:
    """Art. 13.4: the secondary score plus the Buchholz of the primary score divided by k
    (:func:`sssc_divisor`); ``/F`` takes the Fore Buchholz, ``/P`` counts forfeits as games."""
    buchholz = (FB if mod.fore else BH)(view.view(view.primary), tpn, Modifiers(forfeits=mod.forfeits))
    return view.view(view.secondary).score[tpn] + buchholz / sssc_divisor(view, mod)


def BC(view: TeamView, tpn: int, mod: Modifiers) -> Value:
    """Art. 12.1: board count, the sum over rounds of board number x points on that board
    (art. 12 points: forfeits as wins and losses, the PAB a win on every board); lower is better."""
    return sum((b * pts for row in view.board_points[tpn] for b, pts in enumerate(row, start=1)), ZERO)


def MPTS(view: TeamView, tpn: int, mod: Modifiers) -> Value:
    """Match points."""
    return view.mp.score[tpn]


def GPTS(view: TeamView, tpn: int, mod: Modifiers) -> Value:
    """Game points."""
    return view.gp.score[tpn]


TEAM_SCALARS: dict[str, Callable[[TeamView, int, Modifiers], Value]] = {
    "MPTS": MPTS,
    "GPTS": GPTS,
    "MPVGP": MPVGP,
    "EMMSB": _esb("MP", "MP"),
    "EMGSB": _esb("MP", "GP"),
    "EGMSB": _esb("GP", "MP"),
    "EGGSB": _esb("GP", "GP"),
    "SSSC": SSSC,
    "BC": BC,
}


def team_value(view: TeamView, tpn: int, tb: TieBreak) -> Value:
    """The value of scalar tie-break ``tb`` for team ``tpn``: a team tie-break, else the
    individual one on the view of the score it names (the primary by default)."""
    from tiebreaks.registry import value

    if tb.code in TEAM_SCALARS:
        return TEAM_SCALARS[tb.code](view, tpn, tb.mods)
    if tb.code in RATING_CODES:
        raise TeamTieBreakError(f"{tb.text}: rating tie-breaks (C.07 art. 10) rate players; a team has no rating")
    if tb.code in BOARD_COUNTS and (tb.score or view.primary) == "GP":
        return value(view.board_games, tpn, tb)
    return value(view.view(tb.score), tpn, tb)


# --------------------------------------------------------------------------- procedures


def _games(ctx: TBContext, forfeits: bool, points: Callable[[int, RoundRecord], Fraction]) -> Games:
    """Mutual results for art. 6 from a view: each match between members of the group (a
    forfeited one only with ``/P``, art. 6.1.1; always in a round robin, art. 15.2), worth
    ``points(team, record)``."""
    counted = forfeits or ctx.round_robin

    def games(members: list[int]) -> dict[int, dict[int, list[Fraction]]]:
        inside = set(members)
        out: dict[int, dict[int, list[Fraction]]] = {p: {} for p in members}
        for p in members:
            for rec in ctx.recs(p):
                if rec.opponent is None or rec.opponent not in inside or rec.opponent == p:
                    continue
                if not rec.played and not (counted and rec.kind in (FORFEIT_WIN, FORFEIT_LOSS)):
                    continue
                out[p].setdefault(rec.opponent, []).append(points(p, rec))
        return out
    return games


def _own_points(p: int, rec: RoundRecord) -> Fraction:
    return rec.points


@dataclass(frozen=True)
class Step:
    """One criterion of EDE: mutual results, the most a missing match can bring (art. 6.3), and
    whether it applies only to two teams (art. 13.3.2)."""

    name: str
    games: Games
    win: Fraction
    pairs_only: bool = False


def _board_step(view: TeamView, name: str, forfeits: bool, measure: Callable[[tuple[Fraction, ...]], Fraction]) -> Step:
    """An art. 12 criterion applied to the match(es) of two tied teams (art. 13.3.2)."""
    rows = view.board_points

    def points(p: int, rec: RoundRecord) -> Fraction:
        return measure(rows[p][rec.round - 1])
    return Step(name, _games(view.mp, forfeits, points), ZERO, pairs_only=True)


def _board_count(row: tuple[Fraction, ...]) -> Fraction:
    return -sum((b * x for b, x in enumerate(row, start=1)), ZERO)  # lower is better: negated


def _board(b: int) -> Callable[[tuple[Fraction, ...]], Fraction]:
    """Art. 12.2's measure: the points on board ``b + 1``."""
    def measure(row: tuple[Fraction, ...]) -> Fraction:
        return row[b] if b < len(row) else ZERO
    return measure


def _top_boards(k: int) -> Callable[[tuple[Fraction, ...]], Fraction]:
    """Art. 12.3's measure: the points on the top ``k`` boards (the bottom ones eliminated)."""
    def measure(row: tuple[Fraction, ...]) -> Fraction:
        return sum(row[:k], ZERO)
    return measure


def ede_steps(view: TeamView, tb: TieBreak) -> list[Step]:
    """The criteria of ``tb`` (EDE and its variants) in order (art. 13.3.1, 13.3.2)."""
    forfeits = tb.mods.forfeits
    primary, secondary = view.view(view.primary), view.view(view.secondary)
    steps = [Step(view.primary, _games(primary, forfeits, _own_points), primary.win),
             Step(view.secondary, _games(secondary, forfeits, _own_points), secondary.win)]
    n = view.event.boards
    count = [_board_step(view, "BC", forfeits, _board_count)]
    top = [_board_step(view, f"TBR{b + 1}", forfeits, _board(b)) for b in range(n)]
    elim = [_board_step(view, f"BBE{k}", forfeits, _top_boards(k)) for k in range(n - 1, 0, -1)]
    extra = {"EDE": [], "EDEC": count, "EDET": top, "EDEB": elim, "EDEBT": count + top, "EDEBB": count + elim}
    return steps + extra[tb.code]


def extended_direct_encounter(group: list[int], steps: list[Step], current: int | None = None) -> list[list[int]]:
    """Art. 13.3: the group in ordered parts, best first.

    13.3.1: direct encounter (art. 6) on the primary score; when it separates nothing, on the
    secondary score; 13.3.2: when exactly two teams are still tied, the board criteria on their
    match(es).  A part that a criterion splits off is examined again with that same criterion
    first, as art. 6.2 applies DE again to a sub-group ("still using the GP because we are still
    within the same application of the tie-break": the TEC's exercise 45, where the five teams
    level on MP in their mini-table are split by GP into 4, {1, 2, 3}, 5 and {1, 2, 3} is then
    ordered 2, 1, 3 by GP, not 1, 2, 3 by MP); once that criterion separates nothing more, 13.3.3
    starts again at 13.3.1 for every part still tied.  ``current``: the criterion that made
    ``group``."""
    if len(group) < 2:
        return [sorted(group)]
    order = ([current] if current is not None else []) + [i for i in range(len(steps)) if i != current]
    for i in order:
        step = steps[i]
        if step.pairs_only and len(group) != 2:
            continue
        parts = encounter_split(group, step.games, step.win)
        if len(parts) > 1:
            out: list[list[int]] = []
            for part in parts:
                out += extended_direct_encounter(part, steps, i)
            return out
    return [sorted(group)]


def _lexicographic(group: list[int], key: Callable[[int], tuple[Fraction, ...]]) -> list[list[int]]:
    """Order by a sequence of values compared in turn, higher first; equal sequences stay tied."""
    out: list[list[int]] = []
    for p in sorted(group, key=lambda p: (tuple(-x for x in key(p)), p)):
        if out and key(out[-1][0]) == key(p):
            out[-1].append(p)
        else:
            out.append([p])
    return out


def board_totals(view: TeamView, tpn: int) -> tuple[Fraction, ...]:
    """The team's art. 12 points on each board over the rounds (board 1 first)."""
    rows = view.board_points[tpn]
    return tuple(sum((row[b] for row in rows), ZERO) for b in range(view.event.boards))


def top_board_key(view: TeamView, tpn: int) -> tuple[Fraction, ...]:
    """Art. 12.2: points on board 1, then on board 2, ..."""
    return board_totals(view, tpn)


def elimination_key(view: TeamView, tpn: int) -> tuple[Fraction, ...]:
    """Art. 12.3: the points without the bottom board, then without the two bottom boards, ..."""
    totals = board_totals(view, tpn)
    return tuple(sum(totals[:k], ZERO) for k in range(len(totals) - 1, 0, -1))


def team_procedure(view: TeamView, tb: TieBreak, group: list[int]) -> list[list[int]]:
    """The tied ``group`` in ordered parts by procedure ``tb`` (DE, EDE*, TBR, BBE)."""
    if tb.code == "DE":
        ctx = view.view(tb.score)
        return encounter_ranking(group, _games(ctx, tb.mods.forfeits, _own_points), ctx.win)
    if tb.code == "TBR":
        return _lexicographic(group, lambda p: top_board_key(view, p))
    if tb.code == "BBE":
        return _lexicographic(group, lambda p: elimination_key(view, p))
    return extended_direct_encounter(group, ede_steps(view, tb))


__all__ = ["BOARD_COUNTS", "PROCEDURES", "TEAM_SCALARS", "TEAM_TIEBREAKS", "Step", "TeamTieBreak",
           "TeamTieBreakError", "board_totals", "ede_steps", "extended_direct_encounter", "sssc_divisor",
           "team_procedure", "team_value"]
