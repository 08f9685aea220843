"""The tournament model and FIDE Tournament Report File (TRF-16, TRF-2026) reading and writing.

``parse_file`` never raises for bad content: it returns the tournament it could read and the
diagnostics (a file larger than any TRF file can be, :data:`trf.limits.TRF_FILE`, is not bad
content but the wrong file: it is refused unread, :class:`trf.bounded.InputTooLarge`);
``dumps``/``dump`` write it back (byte for byte when the file was canonical);
``trf.convert.convert`` rewrites it as TRF-16 or TRF-2026.

The names below are the package's; each is imported from its module when first used
(``trf.parse_file`` imports the reader and its grammar, ``trf.Severity`` only the
diagnostics), so that a program using one part of the package does not load the others.
"""

from __future__ import annotations

import sys
from types import ModuleType
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

if TYPE_CHECKING:
    from trf.diagnostics import Diagnostic, Severity, TrfError
    from trf.model import (
        AbnormalPoints, AbsentRecord, AccelerationRange, BlankLine, Bye, ByeRecord, Colour, Comment, ForbiddenPairs,
        Game, Header, InitialColour, Player, PlayerAcceleration, PreservedRecord, Record, Result,
        RoundCount, RoundEntry, ScoringRecord, Tournament,
    )
    from trf.parser import ParseResult, parse_bytes, parse_file, parse_text
    from trf.scoring import ScoringSystem
    from trf.system import SystemCode
    from trf.writer import WriteError, dump, dumps, format_record, write_atomic

__all__ = [
    "AbnormalPoints", "AbsentRecord", "AccelerationRange", "BlankLine", "Bye", "ByeRecord", "Colour", "Comment",
    "Diagnostic", "ForbiddenPairs", "Game", "Header", "InitialColour", "ParseResult", "Player",
    "PlayerAcceleration", "PreservedRecord", "Record", "Result", "RoundCount", "RoundEntry",
    "ScoringRecord", "ScoringSystem", "Severity", "SystemCode", "Tournament", "TrfError", "WriteError", "dump",
    "dumps", "format_record", "parse_bytes", "parse_file", "parse_text", "write_atomic",
]

# The module of each name of __all__.
_DIAGNOSTICS = ("Diagnostic", "Severity", "TrfError")
_MODEL = ("AbnormalPoints", "AbsentRecord", "AccelerationRange", "BlankLine", "Bye", "ByeRecord", "Colour", "Comment",
          "ForbiddenPairs", "Game", "Header", "InitialColour", "Player", "PlayerAcceleration", "PreservedRecord",
          "Record", "Result", "RoundCount", "RoundEntry", "ScoringRecord", "Tournament")
_PARSER = ("ParseResult", "parse_bytes", "parse_file", "parse_text")
_SCORING = ("ScoringSystem",)
_SYSTEM = ("SystemCode",)
_WRITER = ("WriteError", "dump", "dumps", "format_record", "write_atomic")


def __getattr__(name: str) -> object:
    """A name of :data:`__all__`, imported from its module on first use (PEP 562)."""
    module: ModuleType
    if name in _DIAGNOSTICS:
        from trf import diagnostics
        module = diagnostics
    elif name in _MODEL:
        from trf import model
        module = model
    elif name in _PARSER:
        from trf import parser
        module = parser
    elif name in _SCORING:
        from trf import scoring
        module = scoring
    elif name in _SYSTEM:
        from trf import system
        module = system
    elif name in _WRITER:
        from trf import writer
        module = writer
    else:
        return _submodule(name)
    value = getattr(module, name)
    globals()[name] = value  # the next use is a plain attribute
    return value


def _submodule(name: str) -> object:
    """``trf.model`` after a bare ``import trf``, as when the package imported its modules."""
    if name.startswith("_"):
        raise AttributeError(f"module 'trf' has no attribute {name!r}")
    try:
        __import__(f"{__name__}.{name}")  # as importlib.import_module, which loads warnings at start-up
        return sys.modules[f"{__name__}.{name}"]
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module 'trf' has no attribute {name!r}") from None


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
