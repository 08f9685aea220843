"""Where a team event stands and what the arbiter does next."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from event.log import entries, irregularities
from event.team.absences import withdrawals
from event.team.matches import Match, round_matches
from event.team.records import event_of
from trf.model import Tournament

__all__ = ["TeamStatus", "status"]


@dataclass(frozen=True)
class TeamStatus:
    """``state``: ``registration`` (no team yet), ``results`` (the last round paired has boards
    without a result), ``ready`` (the next round can be paired) or ``finished``; ``next_step`` in
    words; ``pending``: the matches of the last round paired with boards still without a result."""

    name: str
    system: str
    total_rounds: int | None
    rounds_paired: int
    teams: int
    players: int
    boards: int
    withdrawn: tuple[int, ...]
    state: str
    next_step: str
    next_round: int | None
    pending: tuple[Match, ...]
    declared: dict[int, dict[int, str]]  # round -> team -> F/H/Z, rounds not yet paired
    irregularities: tuple[str, ...]
    log_entries: int
    withdrawals: dict[int, int] = field(default_factory=dict)  # team -> the round it is withdrawn from

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "system": self.system, "team": True, "rounds": self.total_rounds,
                "rounds_paired": self.rounds_paired, "teams": self.teams, "players": self.players,
                "boards": self.boards, "withdrawn": list(self.withdrawn), "state": self.state,
                "next_step": self.next_step, "next_round": self.next_round,
                "pending": [{"match": m.number, "white": m.white, "black": m.black, "boards": list(m.pending)}
                            for m in self.pending],
                "declared": {str(r): {str(p): k for p, k in d.items()} for r, d in self.declared.items()},
                "irregularities": list(self.irregularities), "log_entries": self.log_entries,
                "withdrawals": [{"team": p, "from_round": r} for p, r in self.withdrawals.items()]}


def status(t: Tournament) -> TeamStatus:
    ev = event_of(t)
    total = t.total_rounds
    paired = t.rounds_paired
    pending = round_matches(t, paired, ev).pending if paired and ev is not None else ()
    declared: dict[int, dict[int, str]] = {}
    if ev is not None:
        for r, kind, tpn in sorted(ev.byes):
            if r > paired:
                declared.setdefault(r, {})[tpn] = kind
    nxt: int | None = None
    if ev is None or not ev.teams:
        state, step = "registration", "register teams (event register FILE --teams-csv LIST)"
    elif pending:
        boards = sum(len(m.pending) for m in pending)
        state, step = "results", (f"enter the results of round {paired}: {len(pending)} match(es) with {boards} "
                                  "board(s) without a result")
    elif total is not None and paired >= total:
        state, step = "finished", f"the event is finished ({total} rounds); publish the standings"
    else:
        nxt = paired + 1
        state, step = "ready", f"pair round {nxt}"
    from systems import name_of

    boards = ev.boards if ev is not None else len((t.header("352") or "").strip())
    gone = withdrawals(t)
    return TeamStatus(t.name, name_of(t), total, paired, len(ev.teams) if ev is not None else 0, len(t.players),
                      boards, tuple(gone), state, step, nxt, pending, declared,
                      tuple(i.line for i in irregularities(t)), len(entries(t)), gone)
