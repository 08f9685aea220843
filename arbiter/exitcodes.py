"""Exit codes shared by every ``arbiter`` command (documented in docs/exit-codes.md)."""

OK = 0
NO_PAIRING = 1  # no legal pairing exists
USAGE = 2  # bad arguments
INVALID_INPUT = 3  # the input file is not valid TRF, or contradicts itself
DISCREPANCY = 4  # a check found discrepancies
FILE_ERROR = 5  # a file cannot be read or written
RESULTS_MISSING = 6  # the round asked for cannot be paired yet: the previous round has games without a result
PAST_LAST_ROUND = 7  # the round asked for is after the event's last round
FINISHED = 8  # the event is finished: every round is paired and played
NEEDS_CONFIRMATION = 9  # FIDE mode asks the arbiter to confirm the act (--confirm; leaving FIDE mode: --yes)
FIDE_MODE_REFUSES = 10  # FIDE mode refuses the act (event/fidemode.py, level 5)
INTERNAL = 70  # a bug in arbiter (EX_SOFTWARE); reported in one line, never as a traceback

#: What each exit code means, as ``--json`` error objects and the README say.
MEANING = {
    OK: "success",
    NO_PAIRING: "no legal pairing exists",
    USAGE: "usage error (bad option, unknown encoding, output would overwrite the input)",
    INVALID_INPUT: "invalid input (the file has errors; --strict: warnings too)",
    DISCREPANCY: "a check found discrepancies",
    FILE_ERROR: "a file cannot be read or written",
    RESULTS_MISSING: "the round cannot be paired yet: the previous round has games without a result",
    PAST_LAST_ROUND: "past the last round: the round asked for is after the event's last round",
    FINISHED: "the event is finished: every round is paired and played",
    NEEDS_CONFIRMATION: "FIDE mode asks the arbiter to confirm the act: nothing was written",
    FIDE_MODE_REFUSES: "FIDE mode refuses the act: nothing was written",
    INTERNAL: "an internal error (a bug)",
}
