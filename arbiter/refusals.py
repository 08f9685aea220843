"""The library's refusals to pair, each with its exit code and its one line: one table for every
command that pairs a round (``pair``, ``event pair``, ``event manual``, ``generate``).

Each row names an exception (its module and class: imported only when a refusal is worded, so a
command loads nothing more when it succeeds), the exit code of :mod:`arbiter.exitcodes`, and the
message: ``{file}`` the file, ``{exc}`` the library's words, ``{flag}`` the option that gives
what the file lacks (``pair`` only; other commands have no such option).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import NoReturn, Optional

from arbiter import exitcodes

__all__ = ["REFUSALS", "refusal", "refuse"]

#: (module, class, exit code, message), the first matching row wins.
REFUSALS: tuple[tuple[str, str, int, str], ...] = (
    ("pairing.rounds", "PreviousRoundIncomplete", exitcodes.RESULTS_MISSING,
     "{file}: {exc}; enter the results of round {previous} first"),
    ("pairing.rounds", "PastLastRound", exitcodes.PAST_LAST_ROUND, "{file}: {exc}"),
    ("pairing.rounds", "EventFinished", exitcodes.FINISHED, "{file}: {exc}"),
    ("trf.system", "UnsupportedEvent", exitcodes.INVALID_INPUT, "{file}: {exc}"),
    ("systems", "UnsupportedSystem", exitcodes.INVALID_INPUT, "{file}: {exc}"),
    ("roundrobin.rounds", "NotBergerNumbering", exitcodes.INVALID_INPUT, "{file}: {exc}"),
    ("trf.acceleration", "AccelerationRefused", exitcodes.INVALID_INPUT, "{file}: {exc}"),
    ("pairing.result", "PairingInputError", exitcodes.INVALID_INPUT, "{file}: {exc}{flag}"),
    ("pairing.result", "NoLegalPairing", exitcodes.NO_PAIRING, "{exc}"),
    ("pairing.rounds", "RoundOutOfRange", exitcodes.USAGE, "{exc}"),
    ("systems", "UnknownSystem", exitcodes.USAGE, "--system {name}: {exc}"),
    ("systems.base", "UnknownEdition", exitcodes.USAGE, "--rules {asked}: {exc}"),
    ("systems.base", "NotOffered", exitcodes.USAGE, "{file}: {exc}"),
)

#: The options that give what a file lacks (:class:`pairing.result.PairingInputError`'s ``missing``).
FLAGS = {"total-rounds": "--rounds N", "initial-colour": "--initial-colour white1|black1"}


def refusal(exc: BaseException, file: Path | str, *, flags: bool = False) -> Optional[tuple[int, str]]:
    """The exit code and message of ``exc`` by :data:`REFUSALS`, or ``None`` for another error.
    ``flags``: name the option that gives what the file lacks."""
    for module, name, code, words in REFUSALS:
        kind = getattr(importlib.import_module(module), name)
        if isinstance(exc, kind):
            flag = FLAGS.get(str(getattr(exc, "missing", ""))) if flags else None
            return code, words.format(file=file, exc=exc, flag=f", or give {flag}" if flag else "",
                                      previous=getattr(exc, "previous", ""), name=getattr(exc, "name", ""),
                                      asked=getattr(exc, "asked", ""))
    return None


def refusals() -> tuple[type[BaseException], ...]:
    """Every exception type of :data:`REFUSALS` (for an ``except`` clause)."""
    return tuple(getattr(importlib.import_module(m), n) for m, n, _, _ in REFUSALS)


def refuse(exc: BaseException, file: Path | str, *, flags: bool = False) -> NoReturn:
    """Exit with ``exc``'s code and message (:func:`refusal`); re-raise another error."""
    from arbiter.app import fail

    found = refusal(exc, file, flags=flags)
    if found is None:
        raise exc
    fail(found[0], found[1])
