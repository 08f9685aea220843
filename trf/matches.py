"""Matches of two games written in a TRF file: how a two-game match (FIDE C.04.5, the
Double-Swiss system: each round a match of two games between the same players, colours
reversed in game 2) is written, and read back as matches.

The layout (``docs/double-swiss.md``, "How a match is written"): match ``k`` occupies the two
round columns ``2k-1`` (game 1) and ``2k`` (game 2) of every ``001`` line.  Each column is an
ordinary TRF round block, so every reader of the format sees the games, their results and their
points; the folding below is the only thing that knows they are pairs.

* A match: the same opponent in both columns, the colours reversed (the game-1 colour is the
  match's colour, C.04.5 Art. 1.6), each column with its own result code (``1 = 0`` played,
  ``+ -`` forfeited, ``W D L`` played and not rated, ``?`` adjourned, blank pending).
* The PAB (Art. 1.4: the points of a match with one game won and the other drawn): ``U`` in
  game 1's column (a game won without playing: the ``162`` value ``P``, by default the win's)
  and ``H`` in game 2's (a game drawn without playing: the value ``H``, by default the draw's),
  so that every reader of the format counts 1½ points, and the points of a won and a drawn game
  under any ``162`` scoring.
* A requested bye or an absence (Preface: byes exist for whole matches only): the same code in
  both columns (``H``: two drawn games, 1 point; ``F``: 2; ``Z``: 0).
* Every round number of the file is a column number: ``142``/``XXR`` count columns (twice the
  matches), ``240``/``260`` name columns.

A match counts as forfeited only when a player forfeits both games (Preface): then it is no
meeting (C1) and gives no colour (Art. 1.6); otherwise it counts as played, also when one game
was forfeited.  A player "had" a colour in a match when at least one of its games was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf.codes import Colour, Result
from trf.diagnostics import Diagnostic, Severity
from trf.edit import recompute_points, with_byes, with_pairing
from trf.model import RoundCount, RoundEntry, Tournament
from trf.system import TWO_GAME_MATCHES, writes_matches  # re-exported: the layout is read with them

if TYPE_CHECKING:
    from typing import Optional, Sequence

__all__ = ["MatchEntry", "MatchLayoutError", "player_matches", "matches_paired", "match_columns",
           "layout_problems", "FORFEIT_CODES", "TWO_GAME_MATCHES", "writes_matches", "match_diagnostics",
           "declared_for_match", "pab_points", "with_match_pairing"]


FORFEIT_CODES = frozenset({Result.FORFEIT_WIN, Result.FORFEIT_LOSS})


def match_columns(match: int) -> tuple[int, int]:
    """The two round columns (1-based) of match ``match``: games 1 and 2."""
    return 2 * match - 1, 2 * match


@dataclass(frozen=True)
class MatchEntry:
    """One player's match of one round, folded from its two columns.

    ``kind``: ``"match"`` (an opponent in both columns), ``"pab"``, ``"half-bye"``,
    ``"full-bye"``, ``"zero-bye"`` (the bye code of both columns; a blank column is read as
    ``Z``), or ``"none"`` (no column written).  ``games``: the two round blocks (game 1, game 2);
    ``points``: their value under the file's scoring."""

    round: int
    opponent: Optional[int]
    colour: Colour
    games: tuple[Optional[RoundEntry], Optional[RoundEntry]]
    kind: str
    points: Fraction
    #: the opponent forfeited both games (read from the opponent's line: this line's ``+ -`` is
    #: one forfeit each when the opponent's is ``- +``, but the opponent's two forfeits when it is
    #: ``- -``, the game of this player's ``-`` forfeited by both)
    opponent_forfeited_both: bool = False

    @property
    def forfeited_by(self) -> bool:
        """This player forfeited both games."""
        return self.kind == "match" and all(g is not None and g.result is Result.FORFEIT_LOSS for g in self.games)

    @property
    def won_by_forfeit(self) -> bool:
        """The opponent forfeited both games and this player did not (a match won by forfeit,
        C.04.5 Art. 2.1.2)."""
        return self.kind == "match" and all(g is not None and g.result is Result.FORFEIT_WIN for g in self.games)

    @property
    def forfeited(self) -> bool:
        """A forfeited match (C.04.5 Preface): a player forfeited both games, this one (``-`` in
        both columns) or the opponent (``-`` in both of its columns).  A match in which each
        player forfeited one game (``+ -`` against ``- +``) is not forfeited: it counts as a
        meeting without a colour (decision D7)."""
        return self.kind == "match" and (self.forfeited_by or self.opponent_forfeited_both)

    @property
    def pending(self) -> bool:
        """Paired, and a game without a result yet."""
        return self.kind == "match" and any(g is None or g.result is None for g in self.games)

    @property
    def meeting(self) -> bool:
        """The match counts as played (C.04.5 Preface): paired against an opponent and not
        forfeited on both games by a player (C1 then bars a second meeting)."""
        return self.kind == "match" and not self.forfeited and not self.pending

    @property
    def games_played(self) -> int:
        """How many of the two games were played over the board."""
        return sum(1 for g in self.games if g is not None and g.is_played)

    @property
    def had_colour(self) -> bool:
        """C.04.5 Art. 1.6: the player had the game-1 colour when at least one game was played."""
        return self.kind == "match" and self.games_played > 0 and self.colour is not Colour.NONE


_BYE_KINDS = {Result.PAIRING_ALLOCATED_BYE: "pab", Result.HALF_POINT_BYE: "half-bye",
              Result.FULL_POINT_BYE: "full-bye", Result.ZERO_POINT_BYE: "zero-bye"}


class MatchLayoutError(ValueError):
    """Two columns that do not make one match (``line``/``column``: where game 2's block starts,
    1-based; ``expected``: what the layout needs there)."""

    def __init__(self, line: int, column: int, player: int, match: int, expected: str) -> None:
        super().__init__(f"line {line}, column {column}: player {player}, match {match}: expected {expected}")
        self.line = line
        self.column = column
        self.player = player
        self.match = match
        self.expected = expected


def _block_column(round_column: int) -> int:
    """The 1-based text column where the round block of ``round_column`` starts (TRF 001: 92 + 10(r-1))."""
    return 92 + 10 * (round_column - 1)


def _forfeited_both(t: Tournament, player: int, match: int) -> bool:
    """``player`` forfeited both games of ``match`` (``-`` in both its columns; a player the file
    does not list forfeited nothing)."""
    p = t.player_by_rank.get(player)
    if p is None:
        return False
    games = [p.entry(c) for c in match_columns(match)]
    return all(g is not None and g.result is Result.FORFEIT_LOSS for g in games)


def _fold(t: Tournament, player: int, match: int) -> MatchEntry:
    p = t.player(player)
    c1, c2 = match_columns(match)
    g1, g2 = p.entry(c1), p.entry(c2)
    points = t.scoring.total([g for g in (g1, g2) if g is not None])
    if g1 is None and g2 is None:
        return MatchEntry(match, None, Colour.NONE, (None, None), "none", points)
    opp = next((g.opponent for g in (g1, g2) if g is not None and g.opponent is not None), None)
    if g1 is not None and g1.code is Result.PAIRING_ALLOCATED_BYE:
        return MatchEntry(match, None, Colour.NONE, (g1, g2), "pab", points)
    if opp is not None:
        colour = g1.colour if g1 is not None else (g2.colour.opposite if g2 is not None else Colour.NONE)
        return MatchEntry(match, opp, colour, (g1, g2), "match", points, _forfeited_both(t, opp, match))
    code = (g1.code if g1 is not None else None) or (g2.code if g2 is not None else None)
    kind = _BYE_KINDS.get(code, "zero-bye") if code is not None else "zero-bye"
    return MatchEntry(match, None, Colour.NONE, (g1, g2), kind, points)


def layout_problems(t: Tournament) -> list[MatchLayoutError]:
    """Every pair of columns that is not one match or one bye (module docstring): a different
    opponent in game 2, colours not reversed, a bye in one column only or two different byes,
    a game 2 without its game 1."""
    out: list[MatchLayoutError] = []
    for p in t.players:
        columns = len(p.rounds)
        for m in range(1, (columns + 1) // 2 + 1):
            c1, c2 = match_columns(m)
            g1, g2 = p.entry(c1), p.entry(c2)
            where = (p.line, _block_column(c2), p.start_rank, m)
            if g1 is None and g2 is None:
                continue
            if g1 is None or g2 is None:
                if g1 is not None and g1.opponent is None and g1.code is not None and g1.code is not Result.PAIRING_ALLOCATED_BYE \
                        and c2 > columns:
                    continue  # a bye declared ahead in game 1's column only: read for the match
                out.append(MatchLayoutError(*where, "both games of a match are written (columns "
                                                    f"{c1} and {c2} of the round blocks)"))
                continue
            if g1.opponent != g2.opponent:
                out.append(MatchLayoutError(*where, f"game 2 against the opponent of game 1 "
                                                    f"({g1.opponent if g1.opponent is not None else '0000'})"))
            elif g1.opponent is not None and g2.colour is not g1.colour.opposite and g1.colour is not Colour.NONE:
                out.append(MatchLayoutError(*where, f"game 2 with the colour reversed ('{g1.colour.opposite.value}')"))
            elif g1.opponent is None and g1.code is Result.PAIRING_ALLOCATED_BYE:
                if g2.code is not Result.HALF_POINT_BYE:
                    out.append(MatchLayoutError(*where, "the PAB written 'U' in game 1 and 'H' in game 2"))
            elif g1.opponent is None and g1.code is not g2.code:
                shown = g1.code.value if g1.code is not None else " "
                out.append(MatchLayoutError(*where, f"the same bye in both games ('{shown}')"))
    return out


def player_matches(t: Tournament, player: int, through: Optional[int] = None) -> tuple[MatchEntry, ...]:
    """The matches of ``player`` (start rank) in rounds 1..``through`` (default: every match
    written), folded from the columns (module docstring)."""
    last = through if through is not None else (len(t.player(player).rounds) + 1) // 2
    return tuple(_fold(t, player, m) for m in range(1, last + 1))


def matches_paired(t: Tournament) -> int:
    """The last match round in which anybody was paired (the columns' rounds, halved up)."""
    return (t.rounds_paired + 1) // 2


def match_diagnostics(t: Tournament) -> list[Diagnostic]:
    """What :func:`trf.validate.validate` reports of a file of two-game matches: each pair of
    columns that is not one match or one bye (an error: the matches cannot be read), and a number
    of rounds (``142``/``XXR``) that is not even (it counts game columns)."""
    if not writes_matches(t):
        return []
    out = [Diagnostic(Severity.ERROR, "match-layout", "expected " + e.expected + f" (player {e.player}, match {e.match})",
                      e.line, e.column) for e in layout_problems(t)]
    for rec in t.records:
        if isinstance(rec, RoundCount) and rec.rounds % 2:
            out.append(Diagnostic(Severity.WARNING, "match-rounds", f"{rec.code} says {rec.rounds} rounds, an odd "
                                  "number: in a file of two-game matches it counts game columns, twice the matches",
                                  rec.line, 5))
    return out


_DECLARED = (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE)


def declared_for_match(t: Tournament, match: int) -> dict[int, Result]:
    """The byes and absences declared for match ``match`` (start rank -> ``Z``/``H``/``F``): in
    either of its columns or by a ``240`` naming either (byes exist for whole matches only,
    C.04.5 Preface).  Game 2's ``H`` of a PAB (``U`` in game 1's column) is the PAB's, not a
    bye of its own."""
    c1, c2 = match_columns(match)
    pab = {p.start_rank for p in t.players
           if (e := p.entry(c1)) is not None and e.code is Result.PAIRING_ALLOCATED_BYE}
    out = {pid: kind for pid, kind in t.declared_absences(c2).items() if pid not in pab}
    out.update(t.declared_absences(c1))
    return out


def pab_points(t: Tournament) -> Fraction:
    """What the PAB of a match is worth under the file's scoring: game 1's ``U`` (the ``162``
    value ``P``) and game 2's ``H`` (C.04.5 Art. 1.4: a won and a drawn game, 1½ by default)."""
    return t.scoring.pab_value + t.scoring.half_point_bye


def with_match_pairing(t: Tournament, match: int, boards: Sequence[tuple[int, int]], bye: Optional[int]) -> Tournament:
    """Match ``match``'s pairing written in its two columns (module docstring): each board
    ``opp w`` / ``opp b`` in game 1's column and the colours reversed in game 2's, results
    pending; the PAB ``U`` then ``H``; a bye or absence declared in one column only of a player
    not paired is written in both (the layout :func:`layout_problems` reads).  The listed
    points are recomputed when the file has them."""
    c1, c2 = match_columns(match)
    game2 = [(b, w) for w, b in boards]
    out = with_pairing(t, c1, boards, bye)
    out = with_pairing(out, c2, game2, None)
    if bye is not None:
        out = with_byes(out, c2, {bye: Result.HALF_POINT_BYE})
    paired = {p for pair in boards for p in pair} | ({bye} if bye is not None else set())
    fill: dict[int, dict[int, Result]] = {c1: {}, c2: {}}
    for p in out.players:
        if p.start_rank in paired:
            continue
        g1, g2 = p.entry(c1), p.entry(c2)
        for have, other, column in ((g1, g2, c2), (g2, g1, c1)):
            if have is not None and have.opponent is None and have.code in _DECLARED and other is None:
                fill[column][p.start_rank] = have.code
    for column, byes in fill.items():
        if byes:
            out = with_byes(out, column, byes)
    return recompute_points(out)
