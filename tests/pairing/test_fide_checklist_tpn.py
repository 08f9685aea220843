"""VCL.08 of FIDE's checklist for pairing programs (``docs/fide-checklist.md``): pairings follow
the pairing numbers (TPN, C.04.2 Art. 2 and C.04.3 Art. 1.1), never the ratings.

Every hand case elsewhere rates its players in starting-rank order, so an engine that ranked by
rating would pass them; here the ratings run the other way (start rank 1 is the lowest rated).
"""

from __future__ import annotations

import pytest

import trf
from pairing.dutch import pair_round

pytestmark = pytest.mark.fast


def _reversed_ratings(n: int) -> trf.Tournament:
    """``n`` players, start rank k rated 1500 + 10k (the highest start rank is the best rated)."""
    lines = [f"001 {k:>4}      Player {k:<26} {1500 + 10 * k:>4}" for k in range(1, n + 1)]
    return trf.parse_text("\n".join(["012 TPN case", *lines, "XXR 5", "XXC white1"]) + "\n").tournament


def test_round_one_pairs_by_pairing_number_not_rating() -> None:
    """Round 1, six players, one bracket (C.04.3 Art. 3.2): S1 = TPN 1-3, S2 = TPN 4-6, so 1-4,
    2-5, 3-6; colours by Art. 5.2.5 (initial colour White to the higher-ranked player of odd TPN,
    Black to the even ones): 1-4, 5-2, 3-6.  By rating the same scheme would give 6-3, 2-5, 4-1."""
    assert pair_round(_reversed_ratings(6)).bbp_lines() == ["3", "1 4", "5 2", "3 6"]


def test_the_pab_goes_to_the_lowest_pairing_number() -> None:
    """Five players: MaxPairs 2, S1 = TPN 1-2, S2 = TPN 3-5; 1-3, 4-2, and TPN 5 (the best rated
    player here) downfloats to the PAB (Art. 3, C5: all on 0 points, the generation order decides)."""
    assert pair_round(_reversed_ratings(5)).bbp_lines() == ["3", "1 3", "4 2", "5 0"]
