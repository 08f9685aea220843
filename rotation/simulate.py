"""A simulated club evening for the rotation engine: random game lengths, optional
arrivals and departures, and the fairness figures the organiser cares about.

Randomness comes from :class:`random.Random` seeded with a sha256 of the arguments, so the
same arguments give the same evening in any process (Python's salted ``hash()`` is not used)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from math import ceil
from typing import Any, Callable, Optional

from rotation import engine as rot

GAME_LENGTH = (10, 30)  # minutes, uniform
#: The most players and games a simulation takes: the toolkit's largest field (9,999 players,
#: TRF's start ranks), and games enough for any evening (100,000 run for minutes already).
MAX_PLAYERS = 9999
MAX_GAMES = 100_000


def rng_for(*parts: object) -> random.Random:
    """A reproducible generator: the seed is a sha256 of the parts' text."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


@dataclass(frozen=True)
class SimResult:
    """The evening and its fairness figures.

    ``max_sitouts``: the longest run of sit-outs anyone had (passes in a row left waiting),
    counted only while the room was as at the start (no churn);  ``spreads``: the spread of
    games played (max - min) at the end of every complete cycle (whenever k x games started is
    a multiple of N: every player could have played equally often);  ``relaxations``: how often each hard
    limit had to be relaxed;  ``timeline``: ``(table, start minute, end minute)`` of every game
    started, in start order (the end is drawn when the game starts; the tests use it to decide
    what an engine that does not know game lengths could guarantee)."""

    config: rot.Config
    players: int
    events: tuple[dict[str, Any], ...]
    games: tuple[rot.Game, ...]
    max_sitouts: int
    sitout_bound: int
    spreads: tuple[int, ...]
    final_games: dict[str, int]
    relaxations: dict[str, int] = field(default_factory=dict)
    timeline: tuple[tuple[int, int, int], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "config": self.config.as_dict(), "players": self.players, "games": len(self.games),
            "max_sitouts": self.max_sitouts, "sitout_bound": self.sitout_bound,
            "max_spread_at_cycle_end": max(self.spreads, default=0), "cycles": len(self.spreads),
            "final_games": self.final_games,
            "relaxations": self.relaxations,
        }


def expected_bound(n: int, k: int, tables: int, mode: str) -> int:
    """The sit-out bound promised to the players (docs/rotation.md, "Sit-out limit"): ceil(B/k)
    (+1 when B is a multiple of k) in refill mode, ceil(B/(kC)) (at least 1) in all-tables
    mode, with B = n - kC on the bench."""
    b = max(0, n - k * tables)
    if mode == rot.Mode.ALL:
        return max(1, ceil(b / (k * tables)))
    return ceil(b / k) + (1 if b % k == 0 else 0)


def simulate(players: int, tables: int, games: int, seed: int, churn: bool = False,
             fmt: str = rot.BUGHOUSE, mode: str = "refill", check: Optional[Callable[[rot.State, list[rot.Choice]], None]] = None) -> SimResult:
    """Run an evening of ``games`` games.  ``check(state_before, choices)`` is called before every
    pass is applied (the tests use it to verify each choice independently).  Raises
    :class:`rotation.engine.RotationError` for more than :data:`MAX_PLAYERS` players or
    :data:`MAX_GAMES` games (the work and the memory grow with both)."""
    if not 0 <= players <= MAX_PLAYERS:
        raise rot.RotationError(f"a simulation has at most {MAX_PLAYERS} players, not {players}")
    if not 0 <= games <= MAX_GAMES:
        raise rot.RotationError(f"a simulation plays at most {MAX_GAMES} games, not {games}")
    config = rot.Config(tables=tables, format=rot.parse_format(fmt), seed=seed, mode=rot.parse_mode(mode))
    k = config.k
    rng = rng_for("rotation-sim", players, tables, games, seed, churn, fmt, mode)
    state = rot.State.new(config)
    events: list[dict[str, Any]] = []

    def do(ev: dict[str, Any]) -> None:
        nonlocal state
        state = rot.apply_event(state, ev)
        events.append(ev)

    for i in range(players):
        do({"type": "arrive", "name": f"P{i + 1:02d}", "rating": 1200 + rng.randrange(0, 1000)})
    ends: dict[int, int] = {}
    now = 0
    max_sit = 0
    relax: dict[str, int] = {}
    spreads: list[int] = []
    next_arrival = players + 1
    timeline: list[tuple[int, int, int]] = []

    def start(choices: list[rot.Choice]) -> None:
        nonlocal max_sit
        if not choices:
            return
        if check is not None:
            check(state, choices)
        for c in choices:
            for r in c.limits.relaxed:
                relax[str(r)] = relax.get(str(r), 0) + 1
        do(rot.choices_event(choices))
        for c in choices:
            ends[c.table] = now + rng.randint(*GAME_LENGTH)
            timeline.append((c.table, now, ends[c.table]))
        if not churn:
            max_sit = max([max_sit] + [p.sitouts for p in state.active()])
            if len(state.history) * k % players == 0:  # a complete cycle: all could be level
                spreads.append(_spread(state))

    start(rot.plan_next(state))
    while len(state.history) < games:
        if not ends:
            # wait mode (or a room that ran short): the organiser says "next" once every table is free
            choices = rot.plan_next(state)
            if not choices:
                break
            start(choices)
            continue
        table = min(ends, key=lambda t: (ends[t], t))
        now = ends.pop(table)
        do({"type": "finish", "table": table})
        if churn and rng.random() < 0.25:
            waiting = state.waiting()
            if rng.random() < 0.5 or len(state.active()) <= k * tables + 1:
                do({"type": "arrive", "name": f"P{next_arrival:02d}", "rating": 1200 + rng.randrange(0, 1000)})
                next_arrival += 1
            elif waiting:
                do({"type": "leave", "name": rng.choice(waiting).name})
        start(rot.plan_after_finish(state, table))
    return SimResult(
        config=config, players=players, events=tuple(events), games=state.history,
        max_sitouts=max_sit, sitout_bound=expected_bound(players, k, tables, mode),
        spreads=tuple(spreads), final_games={p.name: p.games for p in state.players.values()},
        relaxations=relax, timeline=tuple(timeline),
    )


def _spread(state: rot.State) -> int:
    g = [p.games for p in state.active()]
    return max(g) - min(g) if g else 0
