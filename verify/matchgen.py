"""Rounds of two-game matches in a generated tournament: what :mod:`verify.generate` writes for a
system whose every round is a match of two games between the same players, game 2 with the
colours of game 1 reversed (C.04.5, the Double-Swiss system), in the layout of
:mod:`trf.matches` (``docs/double-swiss.md``, "How a match is written in a TRF file").

* Match ``k`` is written in round columns ``2k-1`` (game 1) and ``2k`` (game 2); ``XXR`` counts
  the columns (twice the matches).
* Each game's result is drawn from the ratings as a single game's is (the caller's
  :data:`Outcome`: :func:`verify.generate.game_outcome`, B.02's expected score and the draw
  model), with the game's own White: the game-1 Black is White in game 2.
* The PAB is ``U`` in game 1's column and ``H`` in game 2's (Art. 1.4: the points of a won and a
  drawn game); a requested bye, a late entry's missed match and a withdrawal are the same code in
  both columns (Preface: byes exist for whole matches only).
* Forfeits (``forfeit_rate``, each match's chance of one): one side forfeits game 1 only, game 2
  only, or both games (a forfeited match: no meeting, Preface), or each side forfeits one game
  (a meeting without a colour, decision D7), one time in four each; a double forfeit
  (``double_forfeit_rate``) is both sides forfeiting both games.
* Unusual results (``unusual_rate``, each played game's chance): one time in two a game of less
  than one move (``W D L``, played and not rated, as for single games), else a score the result
  codes cannot write (½-0, 0-½, 0-0, one time in three each; Preface): the game is written as a
  draw and the player who scored nothing gets a ``299`` adjustment of minus a draw's points from
  the game's column on.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Sequence

from trf.codes import Colour, Result
from trf.matches import TWO_GAME_MATCHES, match_columns
from trf.model import AbnormalPoints, Player, Record, RoundEntry, Tournament

if TYPE_CHECKING:  # pragma: no cover
    from verify.generate import GeneratorSettings

__all__ = ["names_matches", "Outcome", "Game", "MatchResult", "match_result", "with_match_round", "bye_entries",
           "MATCH_TIEBREAKS", "MATCH_VARY_TIEBREAKS"]

#: The tie-break list written for an event of two-game matches when none is given: the
#: standings' Swiss default without ``BWG`` (C.07 Art. 7.4, games won with Black): every match
#: gives each player one game with each colour, so a count of Black wins rewards no colour
#: imbalance the pairing made, only which game of the match was won.
MATCH_TIEBREAKS = "BH/C1,BH,DE,WIN"

#: The lists ``--vary`` chooses from for such an event: the usual Swiss lists of
#: :data:`verify.generate.VARY_TIEBREAKS` without ``BWG``.
MATCH_VARY_TIEBREAKS: tuple[str, ...] = (
    MATCH_TIEBREAKS, "ARO/C1,BH/C1,BH,DE", "BH/C1,BH,SB,DE,WIN", "DE,BH/C1,BH,PS", "BH,SB,DE",
)


def names_matches(words: str) -> bool:
    """Whether a system named ``words`` in record ``092`` is read as two-game matches
    (:data:`trf.matches.TWO_GAME_MATCHES`, the pattern :func:`trf.matches.writes_matches`
    reads the file with): the generator writes the layout the file will be read in."""
    return re.search(TWO_GAME_MATCHES, words.upper()) is not None


@dataclass(frozen=True)
class Game:
    """One game of a match from its two players' sides (``first``: game 1's White): the result
    codes written, and whether a side scored nothing in a game written as a draw (½-0, 0-½, 0-0)."""

    first: Result
    second: Result
    first_zero: bool = False
    second_zero: bool = False


@dataclass(frozen=True)
class MatchResult:
    """The two games of a match, each from the sides of game 1's White and Black."""

    games: tuple[Game, Game]


_OTHER = {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW, Result.LOSS: Result.WIN}
_UNRATED = {Result.WIN: Result.WIN_UNRATED, Result.DRAW: Result.DRAW_UNRATED, Result.LOSS: Result.LOSS_UNRATED}
_FORFEITED = (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)


#: White's result (``1 = 0``) of a game between players rated White's and Black's, drawn with
#: the generator given (:func:`verify.generate.game_outcome`: B.02's expected score and the
#: draw model).
Outcome = Callable[[random.Random, int, int], Result]


def _played(rng: random.Random, s: GeneratorSettings, white: int, black: int, outcome: Outcome
            ) -> tuple[Result, Result, bool, bool]:
    """A game played between players rated ``white`` and ``black``: White's result, Black's,
    and who scored nothing in a game written as a draw (module docstring)."""
    rw = outcome(rng, white, black)
    if s.unusual_rate and rng.random() < s.unusual_rate:
        if rng.random() < 0.5:
            return _UNRATED[rw], _UNRATED[_OTHER[rw]], False, False
        kind = rng.randrange(3)  # 0: ½-0, 1: 0-½, 2: 0-0
        return Result.DRAW, Result.DRAW, kind != 0, kind != 1
    return rw, _OTHER[rw], False, False


def _forfeit(loser: int) -> Game:
    """A game forfeited by side ``loser`` (0: game 1's White, 1: its Black)."""
    return Game(_FORFEITED[loser], _FORFEITED[1 - loser])


def match_result(rng: random.Random, s: GeneratorSettings, first: int, second: int, outcome: Outcome) -> MatchResult:
    """The result of a match between players rated ``first`` (White in game 1) and ``second``
    (White in game 2): forfeits at ``s.double_forfeit_rate`` and ``s.forfeit_rate`` (module
    docstring), else two games drawn by ``outcome`` from the ratings, each with its own White."""

    def game(n: int) -> Game:
        if n == 1:
            rw, rb, zw, zb = _played(rng, s, first, second, outcome)
            return Game(rw, rb, zw, zb)
        rw, rb, zw, zb = _played(rng, s, second, first, outcome)
        return Game(rb, rw, zb, zw)

    x = rng.random()
    if x < s.double_forfeit_rate:
        both = Game(Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
        return MatchResult((both, both))
    if x < s.double_forfeit_rate + s.forfeit_rate:
        side, kind = rng.randrange(2), rng.randrange(4)
        if kind == 0:
            return MatchResult((_forfeit(side), game(2)))
        if kind == 1:
            return MatchResult((game(1), _forfeit(side)))
        if kind == 2:
            return MatchResult((_forfeit(side), _forfeit(side)))
        return MatchResult((_forfeit(side), _forfeit(1 - side)))
    return MatchResult((game(1), game(2)))


def bye_entries(code: Result) -> tuple[RoundEntry, RoundEntry]:
    """The two columns of a match a player does not play: the PAB ``U`` then ``H`` (Art. 1.4);
    any other bye or absence its code in both (Preface)."""
    if code is Result.PAIRING_ALLOCATED_BYE:
        return RoundEntry(None, Colour.NONE, code), RoundEntry(None, Colour.NONE, Result.HALF_POINT_BYE)
    return RoundEntry(None, Colour.NONE, code), RoundEntry(None, Colour.NONE, code)


def with_match_round(t: Tournament, rnd: int, boards: Sequence[tuple[int, int]], bye: int | None,
                     results: Sequence[MatchResult], draw: Fraction) -> Tournament:
    """``t`` with match round ``rnd`` written: each board's two games in columns ``2k-1`` and
    ``2k`` (``boards``: game 1's White and Black, ``results`` in the same order), the PAB, and a
    ``299`` adjustment of ``-draw`` from a game's column for each side that scored nothing in a
    game written as a draw (after the player lines)."""
    c1, c2 = match_columns(rnd)
    entries: dict[int, tuple[RoundEntry, RoundEntry]] = {}
    penalties: list[AbnormalPoints] = []
    for (white, black), result in zip(boards, results):
        g1, g2 = result.games
        entries[white] = (RoundEntry(black, Colour.WHITE, g1.first), RoundEntry(black, Colour.BLACK, g2.first))
        entries[black] = (RoundEntry(white, Colour.BLACK, g1.second), RoundEntry(white, Colour.WHITE, g2.second))
        for column, g in ((c1, g1), (c2, g2)):
            for pid, zero in ((white, g.first_zero), (black, g.second_zero)):
                if zero:
                    penalties.append(AbnormalPoints("", None, -draw, column, (pid,)))
    if bye is not None:
        entries[bye] = bye_entries(Result.PAIRING_ALLOCATED_BYE)
    penalties.sort(key=lambda p: (p.round or 0, p.players))
    records: list[Record] = []
    last_player = max((k for k, r in enumerate(t.records) if isinstance(r, Player)), default=len(t.records) - 1)
    previous = sum(1 for r in t.records if isinstance(r, AbnormalPoints))
    for k, rec in enumerate(t.records):
        if isinstance(rec, Player) and rec.start_rank in entries:
            rounds = list(rec.rounds) + [None] * max(0, c2 - len(rec.rounds))
            rounds[c1 - 1], rounds[c2 - 1] = entries[rec.start_rank]
            rec = replace(rec, rounds=tuple(rounds))
        records.append(rec)
        if k == last_player + previous:
            records.extend(penalties)
    return t.replace_records(tuple(records))
