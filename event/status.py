"""Where an event stands and what the arbiter does next."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from event.absences import withdrawals
from event.fidemode import Mode, mode
from event.log import entries, irregularities
from event.results import Board, adjourned_games, boards, current_round
from trf.model import Tournament

__all__ = ["Status", "status"]


@dataclass(frozen=True)
class Status:
    """``state``: ``registration`` (no player yet), ``results`` (the last round paired has games
    without a result, or every round is paired and adjourned games wait for theirs), ``ready``
    (the next round can be paired: an adjourned game counts as a draw for pairing, C.04.2
    Art. 3.1) or ``finished``; ``next_step`` in words; ``mode``: FIDE mode or not
    (:mod:`event.fidemode`).  ``adjourned``: every adjourned game (``?``) of the event, as
    (round, board).  ``withdrawn``: the players withdrawn, ``withdrawals`` each with the round
    he is withdrawn from (:func:`event.absences.withdrawals`), the event finished or not."""

    name: str
    system: str
    total_rounds: int | None
    rounds_paired: int
    players: int
    withdrawn: tuple[int, ...]
    state: str
    next_step: str
    next_round: int | None
    pending: tuple[Board, ...]
    declared: dict[int, dict[int, str]]  # round -> player -> H/Z/F, rounds not yet paired
    irregularities: tuple[str, ...]
    log_entries: int
    mode: Mode = Mode(True)  # FIDE mode, or when and why the event left it (event.fidemode)
    adjourned: tuple[tuple[int, Board], ...] = ()
    withdrawals: dict[int, int] = field(default_factory=dict)  # player -> the round he is withdrawn from

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "system": self.system, "rounds": self.total_rounds,
                "rounds_paired": self.rounds_paired, "players": self.players, "withdrawn": list(self.withdrawn),
                "state": self.state, "next_step": self.next_step, "next_round": self.next_round,
                "pending": [{"board": b.number, "white": b.white, "black": b.black} for b in self.pending],
                "declared": {str(r): {str(p): k for p, k in d.items()} for r, d in self.declared.items()},
                "irregularities": list(self.irregularities), "log_entries": self.log_entries,
                "fide_mode": self.mode.as_dict(),
                "adjourned": [{"round": r, "board": b.number, "white": b.white, "black": b.black}
                              for r, b in self.adjourned],
                "withdrawals": [{"player": p, "from_round": r} for p, r in self.withdrawals.items()]}


def status(t: Tournament) -> Status:
    total = t.total_rounds
    paired = t.rounds_paired
    current = current_round(t)  # a round robin's file holds every round: the first with a game to play
    pending = tuple(b for b in boards(t, current) if b.pending) if paired else ()
    declared: dict[int, dict[int, str]] = {}
    for r in range(paired + 1, (total or paired) + 1):
        d = t.declared_absences(r)
        if d:
            declared[r] = {pid: kind.value for pid, kind in sorted(d.items())}
    adjourned = tuple(adjourned_games(t))
    waiting = (f"{len(adjourned)} adjourned game(s): "
               + ", ".join(f"round {r} board {b.number}" for r, b in adjourned)) if adjourned else ""
    nxt: int | None = None
    if not t.players:
        state, step = "registration", "register players"
    elif pending:
        state, step = "results", f"enter the results of round {current}: {len(pending)} board(s) without a result"
    elif total is not None and paired >= total:
        if adjourned:
            state, step = "results", f"enter the results of the {waiting}; then compute the standings"
        else:
            state, step = "finished", f"the event is finished ({total} rounds); compute the standings"
    else:
        nxt = paired + 1
        state, step = "ready", f"pair round {nxt}" + (f" ({waiting}, each a draw for pairing until its result is "
                                                      "entered, C.04.2 Art. 3.1)" if adjourned else "")
    from systems import name_of

    gone = withdrawals(t)
    return Status(t.name, name_of(t), total, paired, len(t.players), tuple(gone), state, step, nxt,
                  pending, declared, tuple(i.line for i in irregularities(t)), len(entries(t)), mode(t), adjourned,
                  gone)
