"""The Burstein engine's bracket optimum found in steps (the pairs chosen one by one in the order
of Art. 4 against the best value on C5-C8, :func:`pairing.burstein.brackets._first`) is the
optimum of the one weighted matching with the Art. 4 field that it replaces.

Independent expectation: the same rounds paired with the step method switched off (every
bracket then solved by the weighted matching whose weights carry the order of Art. 4 as a
number in base n + 1), and with only its first step switched off (the candidate checked against
the best value of the matching without the order field, not against the bounds).  Generated
tournaments of 20-60 players, 9 rounds, byes, forfeits and late entries, every round after the
four seeding rounds re-paired on the file cut before it.
"""

from __future__ import annotations

from typing import Any

import pytest

import pairing.burstein.brackets as brackets
import systems
from pairing.rounds import cut_to_round
from trf.model import Tournament
from verify.generate import GeneratorSettings, generate

CASES = [(20, 11), (33, 12), (47, 13), (60, 14)]


def _pairings(t: Tournament) -> dict[int, Any]:
    sel = systems.select(t, system="burstein")
    return {r: sel.system.pair(cut_to_round(t, r), r, sel) for r in range(5, 10)}


@pytest.mark.parametrize("players,seed", CASES)
def test_the_steps_pair_as_the_weighted_matching_with_the_order_field(players: int, seed: int,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    t = generate(GeneratorSettings(players=players, rounds=9, seed=seed, system="burstein", late_entries=1,
                                   zero_bye_rate=0.03, half_bye_rate=0.03, forfeit_rate=0.03))
    steps = _pairings(t)
    monkeypatch.setattr(brackets, "_next_bound", lambda *a: (-1, -1))  # never at the bounds: the short matching
    assert _pairings(t) == steps
    monkeypatch.setattr(brackets, "_in_order", lambda *a: None)  # no steps: the matching with the order field
    assert _pairings(t) == steps
