"""What the format bounds, in one place: the reader reports a value outside these ranges (and
keeps its record verbatim, out of the model), so that no input makes the toolkit's work grow
beyond what the file's real size implies.

* Start ranks are a 4-column field (TRF-16 columns 5-8): 1-9999.
* TRF allows 99 rounds: a player line holds at most 99 round blocks (columns 92-1079), and the
  number of rounds (``142``/``XXR``) and a ``240`` round are 1-99.  ``260`` may name round
  999 ("to the end", the writer's spelling of an open range).
* Points are written in 4 columns with one decimal (TRF-16 columns 81-84; ``162``'s values at
  7-10 + 9k): at most 99.9, the largest value a scoring line (``162``, ``XXS``, ``BB?``) or an
  acceleration (``XXA``) may give.
* A record of start ranks (``240``, ``260``, ``XXP``, ``XXZ``) names at most every player once:
  a line of such a record longer than :data:`MAX_LIST_LINE` is not read.

The same bounds size every file the toolkit reads (:class:`InputLimit`, read by
:func:`trf.bounded.read_bounded`): a file larger than the largest its purpose can need is refused
before a byte of it is parsed, so ``/dev/zero``, an endless pipe or a 50 GB log given by mistake
costs a bounded read, never all the memory there is.

* **A TRF file** (:data:`TRF_FILE`): 9,999 players x 99 rounds.  A player line is 89 characters
  and 10 per round, 1,079 for 99 rounds, 1,081 with a CRLF ending: 10,808,919 characters for
  every player.  The rest of a file (header records, team records ``013``/``310``-``330``, the
  round lists ``240``/``260`` naming every player in each of 99 rounds, ``XXA`` lines,
  comments) is given as much room again: 21,617,838 characters.  A character takes at most 4
  bytes in an encoding the reader takes (UTF-8, or UTF-32 chosen by its byte-order mark):
  **86,471,352 bytes** (about 86 MB).  And at most **101,980 lines** (ten per player, ten per
  round and a thousand more): the reader's work grows with the lines, and a file of a few MB of
  empty lines would otherwise cost minutes and gigabytes before being found not to be TRF.
* **A CSV or settings file** is sized by the same 9,999 players: a header and one row per player
  (10,000 rows; twice that many lines, for blank and comment lines), each row as wide as its
  purpose needs, 4 bytes a character: a list of entrants or players (``event register --csv``,
  ``roundrobin --names``, a ``--varma`` file; rows of 512 characters, a FIDE rating-list line
  being about 150): 20,480,000 bytes; a round's results (``event result --csv``; 128):
  5,120,000 bytes; K factors (``--k``; 256): 10,240,000 bytes; a generator configuration
  (``generate --config``: fourteen ``Key=Value`` settings and their comments, 1,000 lines of 256
  characters): 1,024,000 bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["MAX_START_RANK", "MAX_ROUNDS", "MAX_260_ROUND", "MAX_POINTS", "PLAYER_LINE_MAX",
           "MAX_LIST_LINE", "MAX_NUMBER_TEXT", "BYTES_PER_CHARACTER", "MAX_TRF_CHARACTERS", "MAX_TRF_BYTES",
           "MAX_TRF_LINES", "InputLimit", "TRF_FILE", "ENTRANTS", "RESULTS", "K_FACTORS", "GENERATOR_CONFIG"]

MAX_START_RANK = 9999
MAX_ROUNDS = 99
MAX_260_ROUND = 999
MAX_POINTS = Fraction(999, 10)

#: The last column of round block 99 (TRF-16: round r ends at column 99 + 10(r-1)).
PLAYER_LINE_MAX = 99 + 10 * (MAX_ROUNDS - 1)

#: ``260 RRR RRR`` and one `` NNNN`` per player.
MAX_LIST_LINE = 11 + 5 * MAX_START_RANK

#: The longest text of a number the reader converts (``00099.90`` fits; a 100-digit number
#: is out of range before any conversion).
MAX_NUMBER_TEXT = 12


# --------------------------------------------------------------------------- file sizes

#: The most bytes a character takes in an encoding the reader takes: UTF-8 (1-4), UTF-16 (2 or 4)
#: and UTF-32 (4), the last two chosen by a byte-order mark.
BYTES_PER_CHARACTER = 4

#: The characters of the largest TRF file: every player's line with 99 round blocks and a CRLF
#: ending (1,081 characters; 10,808,919 for 9,999 players), and as much again for every other
#: record and comment.
MAX_TRF_CHARACTERS = 2 * MAX_START_RANK * (PLAYER_LINE_MAX + 2)

#: 86,471,352: the largest TRF file in bytes, at :data:`BYTES_PER_CHARACTER` a character.
MAX_TRF_BYTES = BYTES_PER_CHARACTER * MAX_TRF_CHARACTERS

#: 101,980: ten lines per player (its record, acceleration, team and comment lines, with room to
#: spare), ten per round (the round's lists and dates) and a thousand header and comment lines.
MAX_TRF_LINES = 10 * MAX_START_RANK + 10 * MAX_ROUNDS + 1000


@dataclass(frozen=True)
class InputLimit:
    """The most a file read for one purpose may hold: ``size`` bytes and ``lines`` lines.

    ``what`` names the purpose ("a TRF file", "a list of players") and ``why`` says how the
    bound was derived; both go into the refusal, so a user told that a file is too large also
    learns what the toolkit took it for and why that much is enough."""

    what: str
    size: int
    lines: int
    why: str

    @classmethod
    def rows(cls, what: str, rows: int, width: int, lines: int | None = None, why: str = "") -> InputLimit:
        """A text file of ``rows`` rows of at most ``width`` characters (and ``lines`` lines in
        all, blank and comment lines included: twice ``rows`` unless given)."""
        return cls(what, rows * width * BYTES_PER_CHARACTER, lines if lines is not None else 2 * rows,
                   why or f"{rows:,} rows of at most {width:,} characters")


#: A TRF file: 9,999 players x 99 rounds (the module docstring gives the derivation).
TRF_FILE = InputLimit("a TRF file", MAX_TRF_BYTES, MAX_TRF_LINES,
                      f"{MAX_START_RANK:,} players x {MAX_ROUNDS} rounds, with room for every other record")

_ROWS = MAX_START_RANK + 1  # a header and a row per player

#: A list of players: ``event register --csv`` (a CSV or a FIDE rating-list extract),
#: ``roundrobin --names``, a ``--varma`` file.
ENTRANTS = InputLimit.rows("a list of players", _ROWS, 512,
                           why=f"a header and a row for each of {MAX_START_RANK:,} players, 512 characters a row")

#: A round's results, ``event result --csv`` (``board,result`` or ``white,black,result``).
RESULTS = InputLimit.rows("a round's results", _ROWS, 128,
                          why=f"a header and a row for each of {MAX_START_RANK:,} players, 128 characters a row")

#: The K factors of ``ratings --k`` / ``report --k`` (``id,K``).
K_FACTORS = InputLimit.rows("a K-factor file", _ROWS, 256,
                            why=f"a header and a row for each of {MAX_START_RANK:,} players, 256 characters a row")

#: A generator configuration, ``generate --config`` (fourteen ``Key=Value`` settings, comments).
GENERATOR_CONFIG = InputLimit.rows("a generator configuration", 1000, 256, lines=1000,
                                   why="fourteen settings and their comments, 1,000 lines of 256 characters")
