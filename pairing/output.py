"""Plain-data and text forms of a round's pairing (``arbiter pair --format json|bbp``)."""

from __future__ import annotations

from typing import Any

from pairing.result import Pairing
from trf.export import points_str
from trf.model import Tournament


def pairing_dict(t: Tournament, pairing: Pairing) -> dict[str, Any]:
    """Boards in order with both players' start ranks, names and points before the round."""
    rnd = pairing.round

    def who(pid: int) -> dict[str, Any]:
        p = t.player(pid)
        return {"start_rank": pid, "name": p.name, "rating": p.rating,
                "points": points_str(t.score(pid, through=rnd - 1))}

    return {
        "round": rnd,
        "boards": [{"board": k, "white": who(w), "black": who(b)} for k, (w, b) in enumerate(pairing.boards, 1)],
        "bye": who(pairing.bye) if pairing.bye is not None else None,
        "absent": sorted(t.declared_absences(rnd)),
    }


def bbp_text(pairing: Pairing) -> str:
    return "\n".join(pairing.bbp_lines()) + "\n"
