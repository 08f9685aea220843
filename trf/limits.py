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
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["MAX_START_RANK", "MAX_ROUNDS", "MAX_260_ROUND", "MAX_POINTS", "PLAYER_LINE_MAX",
           "MAX_LIST_LINE", "MAX_NUMBER_TEXT"]

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
