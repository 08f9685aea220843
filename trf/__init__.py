"""The tournament model and FIDE Tournament Report File (TRF-16, TRF-2026) reading and writing.

``parse_file`` never raises for bad content: it returns the tournament it could read and the
diagnostics; ``dumps``/``dump`` write it back (byte for byte when the file was canonical);
``trf.convert.convert`` rewrites it as TRF-16 or TRF-2026.
"""

from trf.diagnostics import Diagnostic, Severity, TrfError
from trf.model import (
    AbsentRecord, AccelerationRange, BlankLine, Bye, ByeRecord, Colour, Comment, ForbiddenPairs,
    Game, Header, InitialColour, Player, PlayerAcceleration, PreservedRecord, Record, Result,
    RoundCount, RoundEntry, ScoringRecord, Tournament,
)
from trf.parser import ParseResult, parse_bytes, parse_file, parse_text
from trf.scoring import ScoringSystem
from trf.system import Family, PairingSystem
from trf.writer import WriteError, dump, dumps, format_record, write_atomic

__all__ = [
    "AbsentRecord", "AccelerationRange", "BlankLine", "Bye", "ByeRecord", "Colour", "Comment",
    "Diagnostic", "Family", "ForbiddenPairs", "Game", "Header", "InitialColour", "ParseResult", "Player",
    "PairingSystem", "PlayerAcceleration", "PreservedRecord", "Record", "Result", "RoundCount", "RoundEntry",
    "ScoringRecord", "ScoringSystem", "Severity", "Tournament", "TrfError", "WriteError", "dump",
    "dumps", "format_record", "parse_bytes", "parse_file", "parse_text", "write_atomic",
]
