"""Checking a whole file: which rounds can be checked.  Which system's reading checks them (the
Dutch system's for individual events, the Swiss Team Pairing System's for team events) is the
registry's business (:mod:`systems`: :meth:`~systems.base.PairingSystem.check`).
"""

from __future__ import annotations

from trf.model import Tournament

__all__ = ["NothingToCheck", "RoundNotInFile", "rounds_to_check"]


class NothingToCheck(ValueError):
    """No round of the file is paired yet."""

    def __init__(self) -> None:
        super().__init__("no round is paired yet; nothing to check")


class RoundNotInFile(ValueError):
    """The round asked for is not paired in the file (it has rounds 1..``last``)."""

    def __init__(self, requested: int, last: int) -> None:
        super().__init__(f"round {requested} is not in the file: it has rounds 1-{last}")
        self.requested = requested
        self.last = last


def rounds_to_check(t: Tournament, requested: int | None = None) -> list[int]:
    """Every paired round of ``t``, or round ``requested`` alone.

    Raises :class:`NothingToCheck` when no round is paired and :class:`RoundNotInFile` for a round
    the file does not have."""
    if t.rounds_paired < 1:
        raise NothingToCheck()
    if requested is not None:
        if not 1 <= requested <= t.rounds_paired:
            raise RoundNotInFile(requested, t.rounds_paired)
        return [requested]
    return list(range(1, t.rounds_paired + 1))
