"""The players to pair in a round and their tournament pairing numbers, as the Swiss systems of
2026 that number them alike read C.04.2: everyone not declared absent for the round is paired
(C.04.2 Art. 3.2-3.3), and the TPN follows the start rank, skipping a player who is absent and
was never paired (C.04.2 Art. 2; C.04.4.1 Art. 1.2).  The engines of those systems take it from
here; each checker keeps its own reading."""

from __future__ import annotations

from trf.model import Player, Tournament

__all__ = ["to_pair"]


def to_pair(t: Tournament, rnd: int) -> list[tuple[Player, int]]:
    """The players to pair in round ``rnd`` with their TPN, by start rank."""
    absent = t.declared_absences(rnd)
    out: list[tuple[Player, int]] = []
    tpn = 0
    for p in sorted(t.players, key=lambda q: q.start_rank):
        here = p.start_rank not in absent
        ever = any((e := p.entry(r)) is not None and e.is_paired for r in range(1, rnd))
        if not ever and not here:
            continue
        tpn += 1
        if here:
            out.append((p, tpn))
    return out
