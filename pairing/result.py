"""What every pairing engine returns: a round's pairing, or the reason there is none, or what the
tournament lacks for it."""

from __future__ import annotations

from dataclasses import dataclass


class NoLegalPairing(Exception):
    """No round-pairing satisfies C1-C4 (Art. 1.9.3: the Chief Arbiter decides).

    ``players`` are the start ranks of the players who cannot all be paired."""

    def __init__(self, message: str, players: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.players = players


@dataclass(frozen=True)
class Pairing:
    """One round's pairing: boards as (white, black) start ranks, in board order, and the PAB."""

    round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None

    def bbp_lines(self) -> list[str]:
        """The ``-p`` output of bbpPairings/JaVaFo: line count, ``white black`` lines, ``N 0``."""
        lines = [f"{w} {b}" for w, b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines))] + lines


class PairingInputError(ValueError):
    """The tournament lacks something the pairing needs.  ``missing`` names it:
    ``"initial-colour"`` (C.04.3 Art. 5.1) or ``"total-rounds"`` (Art. 1.8: topscorers in the
    last round depend on it); the message says which records would give it."""

    def __init__(self, missing: str, message: str) -> None:
        super().__init__(message)
        self.missing = missing


def known_total_rounds(given: int | None, in_file: int | None, why: str) -> int:
    """The number of rounds of the event: ``given`` by the caller (``--rounds``), else the file's
    (``XXR`` / ``142``).  A system whose rules read it (the last round, the seeding rounds, MaxT)
    cannot pair without it: raises :class:`PairingInputError` (``total-rounds``), ``why`` saying
    what depends on it."""
    total = given if given is not None else in_file
    if total is None:
        raise PairingInputError("total-rounds", "the total number of rounds is unknown: the file needs an XXR or "
                                f"142 record ({why})")
    return total
