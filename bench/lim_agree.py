"""Engine against checker for the Lim System (C.04.4.3, 2026; the system ``lim``) on tournaments
made by the project's generator (``arbiter generate --system lim``), with mutated rounds that the
checker must flag.

    python bench/lim_agree.py [--count N] [--seed S] [--min-players A] [--max-players B]
                              [--workers W] [--json FILE] [--keep DIR]

Tournament ``i`` (1..N) is made by :func:`verify.generate.generate` with the settings
:func:`verify.generate.settings_for` derives from the master seed ``S`` (players uniform in
``[A, B]``, 3-11 rounds, at most players - 1) and the options of :data:`VARY` drawn at random
for it (draws, forfeits of one or both sides, full-, half- and zero-point byes, late entries and
what they get for the rounds they missed, withdrawals, the 3/1/0 scoring, a PAB worth a draw; no
Baku acceleration, which the Lim System refuses).  Every round is the engine's.

Each round is judged by the checker's own reading (:mod:`checker.lim`, through the registry's
door): it must find nothing (``dissents`` counts the rounds where it does).  Then the round is
mutated, each mutation written into the file cut before the round (:func:`trf.edit.with_pairing`)
and judged again; every one must be flagged (a finding naming its article):

* ``colours``   one board's colours reversed (Art. 5; round 1 Art. 7.2);
* ``adjacent``  the black players of two neighbouring boards exchanged;
* ``exchange``  the black players of two boards drawn at random exchanged;
* ``pab``       the PAB given to a player of a board drawn at random, the old PAB taking their
  place (Art. 1.1, 7.1, C.04.1 Art. 3-4).

The Lim System is a procedure: its articles fix one pairing, so any other pairing departs from
an article; a mutation the checker lets pass is a gap in the checker (or the engine's round was
not the rules' one).  Exit 0 when the checker accepts every round and flags every mutation, 1
otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import agree  # noqa: E402
from bench.agree import MUTATIONS, summarise  # noqa: E402

__all__ = ["BENCH", "MUTATIONS", "VARY", "agree_one", "summarise"]

#: The generator's options drawn for each tournament: :data:`bench.agree.VARY` without Baku
#: acceleration, which the Lim System refuses (docs/lim.md L4).
VARY = agree.VARY - {"baku"}

#: Every round is the Lim engine's.
BENCH = agree.Bench("lim", vary=VARY)


def agree_one(index: int, master: int, lo: int, hi: int, keep: Optional[str] = None) -> dict[str, Any]:
    """Tournament ``index`` of the run with master seed ``master`` (:func:`bench.agree.agree_one`)."""
    return agree.agree_one(BENCH, index, master, lo, hi, keep)


if __name__ == "__main__":
    raise SystemExit(agree.main(BENCH, __doc__.split("\n\n")[0]))
