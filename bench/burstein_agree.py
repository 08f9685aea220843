"""Engine against checker for the Burstein system (C.04.4.2, 2026; the system ``burstein``) on
tournaments made by the project's generator (``arbiter generate --system burstein``), with
mutated rounds that the checker must flag.

    python bench/burstein_agree.py [--count N] [--seed S] [--min-players A] [--max-players B]
                                   [--workers W] [--json FILE] [--keep DIR] [--matching]

Tournament ``i`` (1..N) is made by :func:`verify.generate.generate` with the settings
:func:`verify.generate.settings_for` derives from the master seed ``S`` (players uniform in
``[A, B]``, 3-11 rounds, at most players - 1) and the options of :data:`VARY` drawn at random
for it (draws, forfeits of one or both sides, full-, half- and zero-point byes, late entries and
what they get for the rounds they missed, withdrawals, the 3/1/0 scoring, a PAB worth a draw, Baku
acceleration).  The seeding rounds are the Dutch system's; every later round is the engine's.

Each round after the seeding rounds is judged by the checker's own reading
(:mod:`checker.burstein`, through the registry's door; the run is :mod:`bench.agree`'s, shared
with ``bench/dubov_agree.py``): it must find nothing (``dissents``
counts the rounds where it does; a note that a bracket was not searched counts in ``notes``).
Then the round is mutated, each mutation written into the file cut before the round
(:func:`trf.edit.with_pairing`) and judged again; every one must be flagged (a finding):

* ``colours``   one board's colours reversed (Art. 5.2);
* ``adjacent``  the black players of two neighbouring boards exchanged;
* ``exchange``  the black players of two boards drawn at random exchanged;
* ``pab``       the PAB given to a player of a board drawn at random, the old PAB taking their
  place (Art. 3.1, C2).

Since the rules fix one pairing (the first in the order of Art. 4 among the best on C5-C8, the PAB
by Art. 3.1, the colours by Art. 5.2), any other pairing breaks a rule: a mutation the checker lets
pass is a gap in the checker (or the engine's round was not the rules' one).  Exit 0 when the
checker accepts every round and flags every mutation, 1 otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import agree  # noqa: E402
from bench.agree import MUTATIONS, VARY, summarise  # noqa: E402

#: The checker's own threshold between its two ways of judging a bracket.
from checker.burstein.check import SEARCH_SETS  # noqa: E402

__all__ = ["BENCH", "MUTATIONS", "VARY", "agree_one", "summarise"]


def _after_seeding(rounds: int) -> int:
    """The first round the Burstein engine pairs: after the seeding rounds (Art. 1.6)."""
    return min(rounds // 2, 4) + 1


def _setup(options: dict[str, Any]) -> None:
    """``--matching``: every bracket judged by the checker's one-matching verdict
    (:mod:`checker.burstein.layered`), not only the large ones."""
    import checker.burstein.check as bcheck

    bcheck.SEARCH_SETS = 0 if options.get("matching") else SEARCH_SETS


BENCH = agree.Bench("burstein", first_round=_after_seeding, setup=_setup)


def agree_one(index: int, master: int, lo: int, hi: int, keep: Optional[str] = None,
              matching: bool = False) -> dict[str, Any]:
    """Tournament ``index`` of the run with master seed ``master`` (:func:`bench.agree.agree_one`)."""
    return agree.agree_one(BENCH, index, master, lo, hi, keep, {"matching": matching})


def _options(ap: Any) -> None:
    ap.add_argument("--matching", action="store_true",
                    help="judge every bracket by the one-matching verdict, not only the large ones")


if __name__ == "__main__":
    raise SystemExit(agree.main(BENCH, __doc__.split("\n\n")[0], _options))
