"""The pairing-allocated bye: Art. 1.1 (in addition to C.04.1 Art. 3, the PAB goes to the player
with the lowest rank in the lowest scoregroup) and Art. 7.1 (in round 1, the lowest-rated player).

Read with C.04.1 Art. 4 (no PAB for a player who already had one, or a forfeit win, or a full-point
bye) and C.04.1 Art. 3 (the bye must leave the others a pairing): the first candidate in that order
whose bye leaves every other player a compatible opponent (docs/lim.md L5, L17).  Ties in rating
in round 1 go to the lowest-ranked, the largest pairing number.
"""

from __future__ import annotations

from typing import Sequence

from pairing.lim.compatibility import Compatibility
from pairing.lim.players import Entrant

__all__ = ["pab_order", "choose_pab"]


def pab_order(players: Sequence[Entrant], *, first_round: bool) -> list[Entrant]:
    """The players who may receive the PAB, in the order of Art. 7.1 (round 1: lowest rating, then
    largest pairing number) or Art. 1.1 (lowest score, then largest pairing number)."""
    ok = [p for p in players if p.pab_ok]
    if first_round:
        return sorted(ok, key=lambda p: (p.rating, -p.tpn))
    return sorted(ok, key=lambda p: (p.score, -p.tpn))


def choose_pab(players: Sequence[Entrant], comp: Compatibility, *, first_round: bool) -> Entrant | None:
    """The PAB (module docstring); ``None`` with an even number of players, or when no candidate's
    bye leaves the others a pairing."""
    if len(players) % 2 == 0:
        return None
    for p in pab_order(players, first_round=first_round):
        if comp.can_pair_all([q for q in players if q is not p]):
            return p
    return None
