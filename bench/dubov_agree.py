"""Engine against checker for the Dubov system (C.04.4.1, 2026; the system ``dubov``) on
tournaments made by the project's generator (``arbiter generate --system dubov``), with mutated
rounds that the checker must flag.

    python bench/dubov_agree.py [--count N] [--seed S] [--min-players A] [--max-players B]
                                [--workers W] [--json FILE] [--keep DIR]

The run is :mod:`bench.agree`'s (shared with ``bench/burstein_agree.py``): tournament ``i`` made
by the generator with the options of :data:`bench.agree.VARY` drawn for it (draws, forfeits,
byes of every kind, late entries, withdrawals, 3/1/0 scoring, a PAB worth a draw, Baku
acceleration), every round from the first judged by the checker's own reading
(:mod:`checker.dubov`, through the registry's door), which must find nothing; then each round
mutated (one board's colours reversed, Art. 5.2; the black players of two neighbouring boards or
of two boards drawn at random exchanged; the PAB given to a player of a board, Art. 3.1, C2) and
judged again: every mutation must be flagged.  The rules fix one pairing (the first in the order
of Art. 4 among the best on C5-C10, the PAB by Art. 3.1, the colours by Art. 5.2), so a mutation
the checker lets pass is a gap in the checker (or the engine's round was not the rules' one).
Exit 0 when the checker accepts every round and flags every mutation, 1 otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import agree  # noqa: E402
from bench.agree import MUTATIONS, VARY, summarise  # noqa: E402

__all__ = ["BENCH", "MUTATIONS", "VARY", "agree_one", "summarise"]

#: Every round is the Dubov engine's (no seeding rounds in C.04.4.1).
BENCH = agree.Bench("dubov")


def agree_one(index: int, master: int, lo: int, hi: int, keep: Optional[str] = None) -> dict[str, Any]:
    """Tournament ``index`` of the run with master seed ``master`` (:func:`bench.agree.agree_one`)."""
    return agree.agree_one(BENCH, index, master, lo, hi, keep)


if __name__ == "__main__":
    raise SystemExit(agree.main(BENCH, __doc__.split("\n\n")[0]))
