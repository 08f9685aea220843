"""Checking a whole file: which rounds can be checked, by which system, and the run over them.

The system comes from the file (:attr:`trf.model.Tournament.system`): a round robin is checked
against the Berger tables (:mod:`checker.roundrobin`), anything else as a Dutch-system Swiss
(:mod:`checker.dutch.check`), unless the caller names one.  Team events are refused: the checker
verifies individual pairings.
"""

from __future__ import annotations

import enum
from typing import Callable

from checker.dutch.check import RoundReport, check_round
from trf.model import Tournament
from trf.system import require_individual

__all__ = ["CheckSystem", "NothingToCheck", "RoundNotInFile", "rounds_to_check", "uses_berger", "check_tournament"]


class CheckSystem(enum.Enum):
    AUTO = "auto"
    DUTCH = "dutch"
    BERGER = "berger"


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

    Raises :class:`trf.system.UnsupportedEvent` for a team event, :class:`NothingToCheck` when no
    round is paired and :class:`RoundNotInFile` for a round the file does not have."""
    require_individual(t, "the checker verifies individual Dutch-system pairings")
    if t.rounds_paired < 1:
        raise NothingToCheck()
    if requested is not None:
        if not 1 <= requested <= t.rounds_paired:
            raise RoundNotInFile(requested, t.rounds_paired)
        return [requested]
    return list(range(1, t.rounds_paired + 1))


def uses_berger(t: Tournament, system: CheckSystem = CheckSystem.AUTO) -> bool:
    """Whether ``t`` is checked against the Berger tables: asked for, or (``AUTO``) a round robin
    by its 192/092 record."""
    return system is CheckSystem.BERGER or (system is CheckSystem.AUTO and t.system.is_round_robin)


def check_tournament(t: Tournament, rounds: list[int] | None = None, *, engine: bool | None = None,
                     total_rounds: int | None = None,
                     progress: Callable[[int], None] | None = None, rules: str | None = None) -> list[RoundReport]:
    """Check each of ``rounds`` (default: every paired round) as a Dutch-system Swiss
    (:func:`checker.dutch.check.check_round`) by the edition ``rules`` (default: the file's);
    ``progress`` is called with each round once checked."""
    todo = rounds if rounds is not None else list(range(1, t.rounds_paired + 1))
    reports = []
    for r in todo:
        reports.append(check_round(t, r, engine=engine, total_rounds=total_rounds, rules=rules))
        if progress is not None:
            progress(r)
    return reports
