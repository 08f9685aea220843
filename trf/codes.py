"""The codes of a TRF round block: its colour (TRF-16 column 97 + 10(r-1)) and its result
(column 99 + 10(r-1), TRF-16 table 2.3, plus ``?`` for an adjourned game: docs/trf.md,
"Adjourned games").  The lowest module of :mod:`trf`: the model and the scoring systems both
read these codes.
"""

from __future__ import annotations

import enum

__all__ = ["Colour", "Result"]


class Colour(enum.Enum):
    """Colour of a round block (TRF-16 column 97 + 10(r-1))."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    #: A member is equal to itself only (an Enum's ``==``), so the object's own hash serves: the
    #: Enum's, ``hash(self._name_)``, is a Python call each time a colour is a key (the engines
    #: look colours up by the thousand in a round).
    __hash__ = object.__hash__

    @property
    def opposite(self) -> Colour:
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE


class Result(enum.Enum):
    """Result codes of a round block (TRF-16 column 99 + 10(r-1)), TRF-16 table 2.3."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    WIN_UNRATED = "W"  # game lasted less than one move: played, not rated
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    #: An adjourned or postponed game, result not known yet (TRF-2026 162 symbol ``X``; no
    #: TRF-16 code: ``?`` is written, ``?`` and ``X`` are read, as FIDE TEC's gacrux does).
    #: C.04.2 Art. 3.1: a draw for pairing only, so it is played (a meeting, a colour) and
    #: scores the ``X`` value; not rated until the real result replaces it.
    ADJOURNED = "?"

    __hash__ = object.__hash__  # as Colour's: a member is equal to itself only

    # The sets below hold the codes' values: a member's own hash is computed in Python (by
    # enum), a string's in C, and these properties are asked for every round block of a file.
    @property
    def is_played(self) -> bool:
        """A game over the board.  FIDE C.04.1: forfeited games do not count as played; an
        adjourned one does (C.04.2 Art. 3.1: a draw for pairing)."""
        return self._value_ in _PLAYED

    @property
    def is_rated(self) -> bool:
        """Rated when the result is final: not a game of less than one move, not adjourned (B.02)."""
        return self._value_ in _RATED

    @property
    def is_bye(self) -> bool:
        """A round without an opponent: PAB, requested byes and absences."""
        return self._value_ in _BYES

    @property
    def is_adjourned(self) -> bool:
        """The game is not finished: its ``?`` stands in for a result still to come (C.04.2 Art. 3.1)."""
        return self._value_ == "?"

    @property
    def complement(self) -> frozenset[Result]:
        """Codes the opponent may carry for the same game (TRF-16 2.4)."""
        return _COMPLEMENT_BY_VALUE.get(self._value_, _NONE)


_PLAYED = frozenset("1=0WDL?")
_RATED = frozenset("1=0")
_BYES = frozenset("HFUZ")
_NONE: frozenset[Result] = frozenset()
_COMPLEMENT = {
    Result.WIN: frozenset({Result.LOSS}),
    Result.LOSS: frozenset({Result.WIN}),
    Result.DRAW: frozenset({Result.DRAW}),
    Result.WIN_UNRATED: frozenset({Result.LOSS_UNRATED}),
    Result.LOSS_UNRATED: frozenset({Result.WIN_UNRATED}),
    Result.DRAW_UNRATED: frozenset({Result.DRAW_UNRATED}),
    Result.ADJOURNED: frozenset({Result.ADJOURNED}),  # both lines carry ? until the result is known
    Result.FORFEIT_WIN: frozenset({Result.FORFEIT_LOSS}),
    # a double forfeit is written "-" on both sides
    Result.FORFEIT_LOSS: frozenset({Result.FORFEIT_WIN, Result.FORFEIT_LOSS}),
}
_COMPLEMENT_BY_VALUE = {code.value: others for code, others in _COMPLEMENT.items()}
