"""A team event as the tie-breaks see it (FIDE C.07 art. 11-13, with art. 15 and 16).

A participant is a team (its TPN) and a "game" is a match: each team's rounds become the
:class:`tiebreaks.context.RoundRecord` rows the individual tie-breaks already read, once with
the match points as the points of a round and once with the game points (C.07 art. 11: a team
has two scores, the primary one ranks, the other is the secondary).  Every individual
tie-break then runs unchanged on either view (``BH:MP``, ``SB:GP``, ``PS``, ``FB``, ...),
with the unplayed rounds of a Swiss handled by art. 16 exactly as for players (16.4: "points"
are MP in the MP view and GP in the GP view, each with its own win and draw value).

Two more views, for what only a team has:

* the **board view**: each board game of each round as a record, for the art. 7 counts on game
  points (``WIN:GP`` counts the games won, ``BPG:GP`` the games played with Black, ...);
* the **board points** of art. 12 (BC, TBR, BBE): per round, the points on each board, where
  "a forfeited game counts as a normal win or loss and a pairing-allocated bye as a win on every
  board" (C.07 art. 12, its opening words), whatever the PAB is worth in the standings.

Kinds of a team's round (:class:`trf.teams.MatchKind`) -> kinds of art. 16.2: a played match is
a game; a forfeited match a forfeit win or loss (a double forfeit a loss for both, digest
§6.2); the PAB a PAB; a ``240 F`` / ``H`` / ``Z`` bye an FPB / HPB / ZPB; a team without a match
or bye an absence (ZPB).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tiebreaks.context import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FPB,
    GAME,
    HPB,
    PAB,
    PENDING,
    ZPB,
    Edition,
    RoundRecord,
    TBContext,
    _with_categories,
    classify,
    context_of,
    default_edition,
)
from trf.codes import Colour, Result
from trf.model import RoundEntry
from trf.teams import MatchKind, TeamEvent, TeamRound

ZERO = Fraction(0)

#: Art. 16.2 kind of each kind of team round.
KIND_OF_MATCH = {
    MatchKind.PLAYED: GAME,
    MatchKind.FORFEIT_WIN: FORFEIT_WIN,
    MatchKind.FORFEIT_LOSS: FORFEIT_LOSS,
    MatchKind.DOUBLE_FORFEIT: FORFEIT_LOSS,
    MatchKind.PAB: PAB,
    MatchKind.FULL_BYE: FPB,
    MatchKind.HALF_BYE: HPB,
    MatchKind.ZERO_BYE: ZPB,
    MatchKind.ABSENT: ZPB,
}
_WITH_OPPONENT = frozenset({MatchKind.PLAYED, MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS,
                            MatchKind.DOUBLE_FORFEIT})


@dataclass(frozen=True, eq=False)
class TeamView:
    """The views of one team event for one (edition, rounds) pair; see the module docstring."""

    event: TeamEvent
    edition: Edition
    rounds: int
    round_robin: bool
    mp: TBContext  # the rounds with match points as their points
    gp: TBContext  # ... with game points
    board_games: TBContext  # each board game a record (art. 7 counts on game points)
    board_points: dict[int, tuple[tuple[Fraction, ...], ...]]  # TPN -> round -> board -> art. 12 points

    @property
    def primary(self) -> str:
        """``"MP"`` or ``"GP"`` (record 192, C.04.6 Art. 1.2.2; match points by default)."""
        return self.event.options.primary

    @property
    def secondary(self) -> str:
        """The other score (C.07 art. 13.1: MP when GP decide, and vice versa)."""
        return "GP" if self.primary == "MP" else "MP"

    def view(self, score: str | None = None) -> TBContext:
        """The MP or GP view (``None``: the primary score's)."""
        return self.mp if (score or self.primary) == "MP" else self.gp

    @property
    def teams(self) -> list[int]:
        return sorted(t.tpn for t in self.event.teams)


def _pending(event: TeamEvent, e: TeamRound) -> bool:
    """A match paired but not finished: a board whose result is still blank."""
    if e.kind != MatchKind.PLAYED:
        return False
    players = event.tournament.player_by_rank
    return any((entry := _entry(event, p, e.round)) is not None and entry.is_pending
               for p in e.boards if p and p in players)


def _entry(event: TeamEvent, start_rank: int, rnd: int) -> RoundEntry | None:
    p = event.tournament.player_by_rank.get(start_rank)
    return p.entry(rnd) if p is not None else None


def _match_result(event: TeamEvent, e: TeamRound) -> Result | None:
    """The match's outcome as a game result (art. 7.2 counts matches won over the board)."""
    if e.kind != MatchKind.PLAYED:
        return None
    if e.match_points == event.win:
        return Result.WIN
    if e.match_points == event.draw:
        return Result.DRAW
    return Result.LOSS


def match_records(event: TeamEvent, tpn: int, rounds: int, score: str, swiss: bool) -> tuple[RoundRecord, ...]:
    """Team ``tpn``'s rounds 1..``rounds`` as records, points in match (``"MP"``) or game points."""
    out = []
    for rnd in range(1, rounds + 1):
        e = event.entry(tpn, rnd)
        kind = PENDING if _pending(event, e) else KIND_OF_MATCH[e.kind]
        opponent = e.opponent if e.kind in _WITH_OPPONENT else None
        out.append(RoundRecord(
            round=rnd, opponent=opponent, points=e.match_points if score == "MP" else e.game_points,
            played=kind == GAME, colour=e.colour if kind in (GAME, PENDING) else Colour.NONE, kind=kind,
            category=None, result=_match_result(event, e),
        ))
    return _with_categories(out, swiss)


def _board_kind(entry: RoundEntry | None, points: Fraction, win: Fraction) -> str:
    """A board of a played match: a game, or a game won or lost without play (an empty board,
    a forfeit); written as a bye code (``0000 - +``) it is still a board of the match."""
    kind = classify(entry)
    if kind in (GAME, FORFEIT_WIN, FORFEIT_LOSS, PENDING):
        return kind
    return FORFEIT_WIN if points >= win else FORFEIT_LOSS


def board_records(event: TeamEvent, tpn: int, rounds: int) -> tuple[RoundRecord, ...]:
    """Team ``tpn``'s board games, board by board in each round: the games of a played match as
    the players' lines give them (an empty board a game lost without play); a round without a
    match (a forfeited match, the PAB, a bye, an absence) as that round's kind on every board, each
    board worth its share of the round's game points (a team PAB of 2 GP on 4 boards: a draw on
    each, C.04.6 Art. 1.4)."""
    sc = event.tournament.scoring
    out: list[RoundRecord] = []
    n = event.boards
    for rnd in range(1, rounds + 1):
        e = event.entry(tpn, rnd)
        if e.kind == MatchKind.PLAYED:
            for b in range(n):
                player = e.boards[b] if b < len(e.boards) else 0
                entry = _entry(event, player, rnd) if player else None
                points = sc.value(entry) if entry is not None else ZERO
                kind = _board_kind(entry, points, sc.win_white)
                out.append(RoundRecord(
                    round=rnd, opponent=entry.opponent if entry is not None else None, points=points,
                    played=kind == GAME, colour=entry.colour if entry is not None and kind == GAME else Colour.NONE,
                    kind=kind, category=None, result=entry.code if entry is not None else None,
                ))
            continue
        kind = KIND_OF_MATCH[e.kind]
        share = e.game_points / n if n else ZERO
        out.extend(RoundRecord(round=rnd, opponent=None, points=share, played=False, colour=Colour.NONE, kind=kind,
                               category=None) for _ in range(n))
    return tuple(out)


def board_points(event: TeamEvent, tpn: int, rounds: int) -> tuple[tuple[Fraction, ...], ...]:
    """C.07 art. 12: the points of team ``tpn`` on each board in each round, a forfeited game a
    normal win or loss and the PAB a win on every board (its opening words); a forfeited match
    is a forfeit on every board, a full- / half- / zero-point bye a win / draw / loss on each."""
    sc = event.tournament.scoring
    win, draw, loss = sc.win_white, sc.draw_white, sc.loss_white
    n = event.boards
    out = []
    for rnd in range(1, rounds + 1):
        e = event.entry(tpn, rnd)
        if e.kind == MatchKind.PLAYED:
            row = []
            for b in range(n):
                player = e.boards[b] if b < len(e.boards) else 0
                entry = _entry(event, player, rnd) if player else None
                if entry is None:
                    row.append(loss)
                elif entry.code is Result.FORFEIT_WIN:
                    row.append(win)
                elif entry.code is Result.FORFEIT_LOSS:
                    row.append(loss)
                else:
                    row.append(sc.value(entry))
            out.append(tuple(row))
            continue
        each = {MatchKind.PAB: win, MatchKind.FORFEIT_WIN: win, MatchKind.FULL_BYE: win,
                MatchKind.HALF_BYE: draw}.get(e.kind, loss)
        out.append((each,) * n)
    return tuple(out)


def _context(event: TeamEvent, records: dict[int, tuple[RoundRecord, ...]], edition: Edition, rounds: int,
             round_robin: bool, win: Fraction, draw: Fraction, loss: Fraction, fore: bool = True) -> TBContext:
    t = event.tournament
    return context_of(t, records, edition, rounds, round_robin, win, draw, max(t.total_rounds or event.rounds, rounds),
                      loss=loss, fore=fore)


def evaluated_rounds(event: TeamEvent, after_round: int | None = None) -> int:
    """The rounds the standings take: ``after_round`` (within the rounds read), else every round
    with a match or a PAB less trailing rounds whose matches all still wait for results."""
    if after_round is not None:
        return max(0, min(after_round, event.rounds))
    r = event.rounds
    while r > 0:
        entries = [event.entry(t.tpn, r) for t in event.teams]
        if any(e.kind != MatchKind.ABSENT and not _pending(event, e) for e in entries):
            break
        r -= 1
    return r


def team_view(event: TeamEvent, edition: Edition | str | None = None, after_round: int | None = None,
              round_robin: bool = False) -> TeamView:
    """The views of ``event`` (see the module docstring).  ``edition``: by the start date (042)
    unless given; ``round_robin``: pre-determined pairings (art. 15.2 instead of art. 16)."""
    t = event.tournament
    ed = default_edition(t) if edition is None else Edition(edition)
    rounds = evaluated_rounds(event, after_round)
    swiss = not round_robin
    tpns = sorted(x.tpn for x in event.teams)
    sc = t.scoring
    boards = event.boards
    mp = _context(event, {p: match_records(event, p, rounds, "MP", swiss) for p in tpns}, ed, rounds, round_robin,
                  event.win, event.draw, event.loss)
    gp = _context(event, {p: match_records(event, p, rounds, "GP", swiss) for p in tpns}, ed, rounds, round_robin,
                  sc.win_white * boards, sc.draw_white * boards, sc.loss_white * boards)
    games = _context(event, {p: board_records(event, p, rounds) for p in tpns}, ed, rounds, round_robin,
                     sc.win_white, sc.draw_white, sc.loss_white, fore=False)
    return TeamView(event, ed, rounds, round_robin, mp, gp, games,
                    {p: board_points(event, p, rounds) for p in tpns})


__all__ = ["KIND_OF_MATCH", "TeamView", "board_points", "board_records", "evaluated_rounds", "match_records",
           "team_view"]
