"""An event of two-game matches (FIDE C.04.5, the Double-Swiss system) as the tie-breaks see it.

A file of such an event writes match ``k`` in round columns ``2k-1`` and ``2k``
(:mod:`trf.matches`, ``docs/double-swiss.md``).  Read column by column, C.07 would meet each
opponent twice per match (Buchholz counting each opponent's score twice) and a match with one
game forfeited would be half an unplayed round, which the Preface of C.04.5 forbids: "a match
counts as forfeited only when a player forfeits both games; otherwise it counts as regularly
played, for the standings and the tie-breaks".  So, as the team view (:mod:`tiebreaks.teamview`)
does for a team's matches, the rounds are rebuilt as the
:class:`~tiebreaks.context.RoundRecord` rows every individual tie-break already reads, twice:

* the **match view** (``matches``): one record per match, its points the match's game points
  (0 to 2), the "win" and "draw" of C.07 art. 16 a match's (two games won: 2; two games drawn:
  1).  The rounds, opponents and scores of art. 6, 7.5, 7.6, 8, 9 and 16 are read here
  (decisions D15-D18 of ``docs/double-swiss.md``);
* the **game view** (``games``): one record per game (the file's columns), each game of a match
  that counts as played counted as played, a forfeited one as won or lost (Preface).  The counts
  of games of art. 7.1-7.4 and 7.7 (WIN, WON, BPG, BWG, STD) are read here: points are awarded
  per game and the colours alternate within a match (D19).

A match's kind (the art. 16.2 category follows from it): a match forfeited on both games by a
player is that player's forfeit loss and the opponent's forfeit win (both players' losses when
both forfeited both games); any other match with an opponent is a game (``pending`` while a game
has no result); the PAB (``U H``) a PAB, two ``H``/``F``/``Z`` a half-/full-/zero-point bye, an
absence a zero-point bye.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from tiebreaks.buchholz import Value
from tiebreaks.codes import Modifiers, TieBreak
from tiebreaks.context import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    GAME,
    PENDING,
    ZPB,
    Edition,
    RoundRecord,
    TBContext,
    _with_categories,
    build_context,
    context_of,
)
from trf.codes import Colour, Result
from trf.model import Tournament

ZERO = Fraction(0)

#: read in the game view: the art. 7 counts of games (D19) and the rating tie-breaks of art. 10,
#: which read the games rated (D20)
GAME_COUNTS = frozenset({"WIN", "WON", "BPG", "BWG", "STD", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
_WITH_OPPONENT = frozenset({GAME, FORFEIT_WIN, FORFEIT_LOSS, PENDING})


@dataclass(frozen=True, eq=False)
class MatchView:
    """The two views of one event of two-game matches (module docstring)."""

    matches: TBContext  # one record per match, game points
    games: TBContext  # one record per game (column), the games of a match played counted as played

    @property
    def rounds(self) -> int:
        """The match rounds evaluated."""
        return self.matches.rounds


def _forfeits_both(games: TBContext, pid: int, match: int) -> bool:
    """``pid`` forfeited both games of ``match``: ``-`` in both its columns."""
    recs = games.records.get(pid)
    if recs is None or 2 * match > len(recs):
        return False
    return all(recs[c - 1].kind == FORFEIT_LOSS for c in (2 * match - 1, 2 * match))


def _match_record(games: TBContext, pid: int, match: int) -> RoundRecord:
    """``pid``'s match ``match`` folded from its two game records (module docstring)."""
    recs = games.records[pid]
    g1 = recs[2 * match - 2]
    g2 = recs[2 * match - 1] if 2 * match <= len(recs) else None
    both = (g1,) if g2 is None else (g1, g2)
    points = sum((g.points for g in both), ZERO)
    opponent = next((g.opponent for g in both if g.kind in _WITH_OPPONENT and g.opponent is not None), None)
    if opponent is None:  # a bye or an absence: game 1's code (both columns carry it), else game 2's
        kind = g1.kind if g1.kind != ZPB or g2 is None else g2.kind
        return RoundRecord(match, None, points, False, Colour.NONE, kind, None, g1.result)
    if _forfeits_both(games, pid, match):
        kind = FORFEIT_LOSS
    elif (_forfeits_both(games, opponent, match) if opponent in games.records
          else all(g.kind == FORFEIT_WIN for g in both) and len(both) == 2):
        kind = FORFEIT_WIN
    elif g2 is None or any(g.kind == PENDING for g in both):
        kind = PENDING
    else:
        kind = GAME
    colour = g1.colour if kind in (GAME, PENDING) else Colour.NONE
    return RoundRecord(match, opponent, points, kind == GAME, colour, kind, None, None)


def _as_played(games: TBContext, pid: int, rec: RoundRecord, match_kind: str) -> RoundRecord:
    """A forfeited game of a match that counts as played, counted as a game won (``+``) or lost
    (``-``) against the scheduled opponent (C.04.5 Preface: the match "counts as regularly played"
    for the tie-breaks)."""
    if match_kind != GAME or rec.kind not in (FORFEIT_WIN, FORFEIT_LOSS):
        return rec
    return replace(rec, kind=GAME, played=True, result=Result.WIN if rec.kind == FORFEIT_WIN else Result.LOSS)


def match_view(t: Tournament, edition: Edition | str | None = None, after_round: int | None = None) -> MatchView:
    """The views of ``t`` after match ``after_round`` (default: every match with a result; a match
    whose game 2 is still unpaired or pending counts as pending).  ``edition``: by the start date
    (042) unless given.  A Double-Swiss event is a Swiss: art. 16 applies."""
    columns = None if after_round is None else 2 * after_round
    games = build_context(t, edition=edition, after_round=columns, round_robin=False)
    matches = (games.rounds + 1) // 2
    if games.rounds % 2:  # game 1 of the last match only: game 2's column blank (pending)
        games = build_context(t, edition=edition, after_round=games.rounds + 1, round_robin=False)
    folded = {p: _with_categories([_match_record(games, p, m) for m in range(1, matches + 1)], True)
              for p in games.records}
    rewritten = {p: _with_categories([_as_played(games, p, r, folded[p][(r.round - 1) // 2].kind)
                                      for r in games.records[p][: 2 * matches]], True)
                 for p in games.records}
    own = {p: games.score[p] - sum((r.points for r in games.records[p]), ZERO) for p in games.records}
    game_ctx = context_of(t, rewritten, games.edition, 2 * matches, False, games.win, games.draw,
                          games.total_rounds, own=own, final=games.final_adjustments)
    total = (games.total_rounds + 1) // 2
    match_ctx = context_of(t, folded, games.edition, matches, False, 2 * games.win, 2 * games.draw,
                           max(total, matches), loss=2 * (t.scoring.loss_white), own=own,
                           final=games.final_adjustments)
    return MatchView(match_ctx, game_ctx)


def match_value(view: MatchView, pid: int, tb: TieBreak) -> Value:
    """The value of scalar tie-break ``tb`` for ``pid``: the counts of games (:data:`GAME_COUNTS`)
    in the game view, everything else in the match view; the rating tie-breaks of art. 10 read the
    games rated (each game on its own, :mod:`tiebreaks.rating`)."""
    from tiebreaks.registry import value

    return value(view.games if tb.code in GAME_COUNTS else view.matches, pid, tb)


def mutual_match_results(view: MatchView, group: list[int], forfeits: bool) -> dict[int, dict[int, list[Fraction]]]:
    """Art. 6.1 over matches (D18): for each member, the game points of each match against another
    member (a match forfeited on both games only with ``/P``, art. 6.1.1; a pending one not)."""
    members = set(group)
    out: dict[int, dict[int, list[Fraction]]] = {p: {} for p in group}
    for p in group:
        for rec in view.matches.records[p]:
            if rec.opponent is None or rec.opponent not in members or rec.opponent == p:
                continue
            if rec.kind == GAME or (forfeits and rec.kind in (FORFEIT_WIN, FORFEIT_LOSS)):
                out[p].setdefault(rec.opponent, []).append(rec.points)
    return out


def match_direct_encounter(view: MatchView, group: list[int], mods: Modifiers = Modifiers()) -> list[list[int]]:
    """Art. 6 on a tied group, over matches (:func:`mutual_match_results`); a match not played
    among the group can bring at most a match's win (two games won, art. 6.3)."""
    from tiebreaks.direct import encounter_ranking

    def games(members: list[int]) -> dict[int, dict[int, list[Fraction]]]:
        return mutual_match_results(view, members, mods.forfeits)

    return encounter_ranking(group, games, view.matches.win)


__all__ = ["GAME_COUNTS", "MatchView", "match_direct_encounter", "match_value", "match_view", "mutual_match_results"]
