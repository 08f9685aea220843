"""Club-night rotation: fair casual pairings over several boards.

No FIDE rule governs a casual evening; every choice here is documented in ``docs/rotation.md``.

The model
---------
* One shared queue: every present, active player who is not at a board is *waiting*.
* A *pass* fills one or more free tables at once (``next`` fills every free table in one pass,
  and so does the all-tables mode; ``finish`` in the refill and reshuffle modes fills the one
  table that freed).  Every waiting player not chosen in a pass *sits out* once.
* A *candidate* is a group of waiting players with a split into two sides (bughouse: four
  players, three splits into two teams; singles: two players).  Candidates that pass the hard
  limits are compared strictly lexicographically by :data:`CRITERIA`, a table of (name,
  function) pairs: the first criterion that differs decides (:func:`best_candidates`).
* Hard limits, relaxed in the fixed order of :class:`Relaxation` when nothing is admissible.

The state is derived by replaying events (:func:`replay`); the engine functions are pure.
"""

from __future__ import annotations

import hashlib
import itertools
from json.encoder import encode_basestring_ascii as _json_string
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import ceil, comb
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Optional, Sequence, Union

from rotation.kinds import By as By, Format as Format, Mode as Mode, Relaxation as Relaxation, Status as Status

BUGHOUSE = Format.BUGHOUSE
SINGLES = Format.SINGLES
FORMATS = tuple(Format)
MODES = tuple(Mode)
RELAXATIONS = tuple(Relaxation)
BALANCE_GAP = 250  # rating gap allowed between the two sides when balancing
DEFAULT_RATING = 1500  # a player arriving without a rating counts as 1500 for balancing only
OWED_FIX = Fraction(1)  # a player owed at least one whole game is fixed into the next game
MAX_OWED_FIXED = 2  # at most two fixed places, so the evening does not freeze into the same groups
#: The most tables a session may have: the toolkit's largest field (9,999 players, TRF's start
#: ranks) seated two to a table.  A session's state holds every table, so a --tables of 10^12
#: would be a memory error, not an evening.
MAX_TABLES = 5000


class RotationError(ValueError):
    """An event or command that cannot be applied (unknown player, busy table, ...)."""


class NoGame(RotationError):
    """No game can be started: every table is busy or too few players are waiting."""


def parse_format(name: object) -> Format:
    """The format named ``name`` (``bughouse`` or ``singles``)."""
    if isinstance(name, str) and name in FORMATS:
        return Format(name)
    raise RotationError(f"format must be one of {', '.join(FORMATS)}, not {name!r}")


def parse_mode(name: object) -> Mode:
    """The table mode named ``name`` (``refill``, ``reshuffle``, ``wait`` or ``all``)."""
    if isinstance(name, str) and name in MODES:
        return Mode(name)
    raise RotationError(f"mode must be one of {', '.join(MODES)}, not {name!r}")


@dataclass(frozen=True)
class Config:
    """The session settings, fixed when the session is created.  ``format`` and ``mode`` may be
    given as their names; they are stored as :class:`Format` and :class:`Mode`."""

    tables: int
    format: Format = Format.BUGHOUSE
    seed: int = 0
    mode: Mode = Mode.REFILL
    balanced: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.tables, int) or isinstance(self.tables, bool) or self.tables < 1:
            raise RotationError(f"a session needs at least 1 table, not {self.tables!r}")
        if self.tables > MAX_TABLES:
            raise RotationError(f"a session has at most {MAX_TABLES} tables, not {self.tables}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise RotationError(f"the seed must be a whole number, not {self.seed!r}")
        if not isinstance(self.balanced, bool):
            raise RotationError(f"balanced must be true or false, not {self.balanced!r}")
        object.__setattr__(self, "format", parse_format(self.format))
        object.__setattr__(self, "mode", parse_mode(self.mode))

    @property
    def k(self) -> int:
        """Players per table: 4 for bughouse (two boards), 2 for singles."""
        return 4 if self.format == Format.BUGHOUSE else 2

    def as_dict(self) -> dict[str, Any]:
        return {"tables": self.tables, "format": str(self.format), "seed": self.seed,
                "mode": str(self.mode), "balanced": self.balanced}


@dataclass(frozen=True)
class Player:
    """One player's standing tonight.  ``sitouts``: passes sat out in a row while waiting;
    ``streak``: games played in a row without a sit-out; ``expected``: the share of the room's
    places since arrival (``owed = expected - games``)."""

    name: str
    rating: Optional[int] = None
    status: Status = Status.ACTIVE
    order: int = 0  # arrival order
    arrived_pass: int = 0
    games: int = 0
    sitouts: int = 0
    streak: int = 0
    expected: Fraction = Fraction(0)
    table: Optional[int] = None
    last_pass: int = -1
    fresh: bool = False  # finished a game and has not sat out (or paused) since
    credit: int = 0  # games credited at arrival/resume: no owed time for before they came

    @property
    def level(self) -> int:
        """Games counted from arrival: games played plus the arrival credit (the least-played
        present player's count when they came), so a late arrival is level with the least
        played, ahead of those who have played more."""
        return self.games + self.credit

    @property
    def owed(self) -> Fraction:
        """Games owed relative to the rest of the room, counted from arrival (docs: "owed")."""
        return self.expected - self.games

    @property
    def back_to_back(self) -> bool:
        """Would go straight back on: has just finished a game and not sat out since."""
        return self.fresh


Side = tuple[str, ...]
Teams = tuple[Side, Side]


@dataclass(frozen=True)
class Game:
    """A game started at ``table`` in selection pass ``pass_no``, chosen by the engine or set by
    the organiser."""

    table: int
    teams: Teams
    pass_no: int
    by: By = By.ENGINE
    fixed: tuple[str, ...] = ()  # players the organiser fixed into an engine-completed game
    restrict: tuple[str, ...] = ()  # reshuffle mode: the players the candidates were drawn from

    @property
    def players(self) -> tuple[str, ...]:
        return self.teams[0] + self.teams[1]

    def as_dict(self) -> dict[str, Any]:
        return {"table": self.table, "teams": [list(t) for t in self.teams], "pass": self.pass_no,
                "by": str(self.by), "fixed": list(self.fixed), "restrict": list(self.restrict)}


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def canonical(teams: Teams) -> Teams:
    """Sides sorted inside and between themselves: the identity of "the exact same pairing"."""
    s = sorted(tuple(sorted(t)) for t in teams)
    return (s[0], s[1])


@dataclass(frozen=True)
class State:
    """Everything derived from the log up to some event."""

    config: Config
    players: Mapping[str, Player] = field(default_factory=dict)
    tables: tuple[Optional[Game], ...] = ()
    passes: int = 0
    history: tuple[Game, ...] = ()  # every game started (finished or not), in order
    partners: Mapping[tuple[str, str], int] = field(default_factory=dict)
    partner_last: Mapping[tuple[str, str], int] = field(default_factory=dict)
    opponents: Mapping[tuple[str, str], int] = field(default_factory=dict)
    opponent_last: Mapping[tuple[str, str], int] = field(default_factory=dict)
    pairings: Mapping[Teams, int] = field(default_factory=dict)
    last_finished: Mapping[int, Game] = field(default_factory=dict)  # table -> its last finished game

    @staticmethod
    def new(config: Config) -> "State":
        return State(config=config, tables=(None,) * config.tables)

    def active(self) -> list[Player]:
        """Present, unpaused players (at a board or waiting), in arrival order."""
        return [p for p in self.players.values() if p.status == Status.ACTIVE]

    def waiting(self) -> list[Player]:
        return [p for p in self.active() if p.table is None]

    def free_tables(self) -> list[int]:
        return [i + 1 for i, g in enumerate(self.tables) if g is None]

    def game(self, table: int) -> Optional[Game]:
        _check_table(self, table)
        return self.tables[table - 1]


def _check_table(state: State, table: int) -> None:
    if not 1 <= table <= state.config.tables:
        raise RotationError(f"table {table} does not exist (tables 1-{state.config.tables})")


# --------------------------------------------------------------------------- limits

def bench_size(state: State) -> int:
    """B: players left on the bench while every table is busy."""
    return max(0, len(state.active()) - state.config.k * state.config.tables)


def sitout_limit(state: State) -> int:
    """The most passes a player may sit out in a row (docs/rotation.md, "Sit-out limit").

    Refill-style modes: ceil(B/k), plus one when B is a multiple of k (a limit of exactly B/k
    would force the same group back together every time).  All-tables mode: ceil(B/(kC))
    rounds, and at least one."""
    k, c, b = state.config.k, state.config.tables, bench_size(state)
    if state.config.mode == Mode.ALL:
        return max(1, ceil(b / (k * c)))
    return ceil(b / k) + (1 if b % k == 0 else 0)


def next_pass_tables(state: State) -> int:
    """How many tables the next pass will fill (the look-ahead of the rest check): all of them
    in the all-tables mode and in the wait mode (where ``next`` fills every free table), one in
    the refill and reshuffle modes."""
    return state.config.tables if state.config.mode in (Mode.ALL, Mode.WAIT) else 1


# --------------------------------------------------------------------------- candidates

def splits(group: Sequence[str], fmt: str) -> list[Teams]:
    """Every way to split a group into two sides: 3 for four players (bughouse), 1 for two."""
    g = sorted(group)
    if fmt == Format.SINGLES:
        return [((g[0],), (g[1],))]
    a, b, c, d = g
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


def _opp_pairs(teams: Teams) -> list[tuple[str, str]]:
    return [_pair(x, y) for x in teams[0] for y in teams[1]]


def _partner_pairs(teams: Teams) -> list[tuple[str, str]]:
    return [_pair(t[0], t[1]) for t in teams if len(t) == 2]


def seeded_hash(seed: int, teams: Teams) -> str:
    """The last criterion: sha256 of the seed and the canonical candidate (stable across
    processes, unlike Python's salted ``hash()``)."""
    # The text of json.dumps([seed, [[names...], [names...]]]) written out directly (the same
    # characters: default separators, ASCII escapes); this runs once per candidate.
    sides = ", ".join("[" + ", ".join(_json_string(n) for n in side) + "]" for side in canonical(teams))
    text = f"[{int(seed)}, [{sides}]]"
    return hashlib.sha256(text.encode()).hexdigest()


# --------------------------------------------------------------------------- the criteria

Value = tuple[Union[int, Fraction, str], ...]  # a criterion's value for a candidate; lower is better


@dataclass(frozen=True)
class CandidatePool:
    """What the pruning needs to know about the candidates being compared: the players they are
    drawn from, and whether every candidate has the same number of players."""

    names: frozenset[str]
    uniform: bool


def _partner_coverage(state: State, teams: Teams) -> Value:
    """The partnerships' previous counts, largest first: nobody partners anyone twice while
    everyone has not partnered everyone."""
    return tuple(sorted((state.partners.get(p, 0) for p in _partner_pairs(teams)), reverse=True))


def _repeated_pairing(state: State, teams: Teams) -> Value:
    """Times this exact pairing (same two sides) was played."""
    return (state.pairings.get(canonical(teams), 0),)


def _partner_recency(state: State, teams: Teams) -> Value:
    """The latest pass either partnership was used (older is better)."""
    return (max((state.partner_last.get(p, -1) for p in _partner_pairs(teams)), default=-1),)


def _opponent_coverage(state: State, teams: Teams) -> Value:
    """The opponent pairs' previous counts, largest first."""
    return tuple(sorted((state.opponents.get(p, 0) for p in _opp_pairs(teams)), reverse=True))


def _opponent_recency(state: State, teams: Teams) -> Value:
    """The latest pass any of the opponent pairs met."""
    return (max(state.opponent_last.get(p, -1) for p in _opp_pairs(teams)),)


def _wait_fairness(state: State, teams: Teams) -> Value:
    """The chosen players' sit-outs in a row, most first; more is better, hence negated."""
    return tuple(-s for s in sorted((state.players[n].sitouts for n in teams[0] + teams[1]), reverse=True))


def _games_played(state: State, teams: Teams) -> Value:
    """The chosen players' games tonight, most first (fewer is better)."""
    return tuple(sorted((state.players[n].games for n in teams[0] + teams[1]), reverse=True))


def _owed_time(state: State, teams: Teams) -> Value:
    """Total owed time of the chosen players; more owed is better, hence negated."""
    return (-sum((state.players[n].owed for n in teams[0] + teams[1]), Fraction(0)),)


def _back_to_back(state: State, teams: Teams) -> Value:
    """How many of the chosen players would go straight back on."""
    return (sum(state.players[n].back_to_back for n in teams[0] + teams[1]),)


def _seeded_draw(state: State, teams: Teams) -> Value:
    return (seeded_hash(state.config.seed, teams),)


def _met_among(history: Iterable[tuple[str, str]], names: frozenset[str]) -> bool:
    return any(a in names and b in names for (a, b) in history)


def _same_for_all(stat: Callable[[Player], object]) -> Callable[[State, CandidatePool], bool]:
    """For a criterion that reads one statistic per player: every candidate ties when every
    player has the same value (each candidate then has k equal values)."""
    def ties(state: State, pool: CandidatePool) -> bool:
        return pool.uniform and len({stat(state.players[n]) for n in pool.names}) <= 1
    return ties


def _no_partners_among(state: State, pool: CandidatePool) -> bool:
    return not _met_among(state.partners, pool.names)


def _no_opponents_among(state: State, pool: CandidatePool) -> bool:
    return not _met_among(state.opponents, pool.names)


def _no_pairing_among(state: State, pool: CandidatePool) -> bool:
    return not any(all(n in pool.names for side in t for n in side) for t in state.pairings)


def _never(state: State, pool: CandidatePool) -> bool:
    return False


class Criterion(NamedTuple):
    """One lexicographic criterion: its name (as ``why`` reports it), its value for a candidate
    (lower is better), and a test that every candidate drawn from a pool provably has the same
    value, found without listing the values (a pruning that never changes a choice)."""

    name: str
    value: Callable[[State, Teams], Value]
    ties: Callable[[State, CandidatePool], bool]


# The lexicographic criteria, in order; docs/rotation.md gives the reason for each.  The first
# five are about who plays with whom, the next four about who plays, the last breaks ties.
CRITERIA: tuple[Criterion, ...] = (
    Criterion("partner coverage", _partner_coverage, _no_partners_among),
    Criterion("repeated pairing", _repeated_pairing, _no_pairing_among),
    Criterion("partner recency", _partner_recency, _no_partners_among),
    Criterion("opponent coverage", _opponent_coverage, _no_opponents_among),
    Criterion("opponent recency", _opponent_recency, _no_opponents_among),
    Criterion("wait fairness", _wait_fairness, _same_for_all(lambda p: p.sitouts)),
    Criterion("games played", _games_played, _same_for_all(lambda p: p.games)),
    Criterion("owed time", _owed_time, _same_for_all(lambda p: p.owed)),
    Criterion("back-to-back", _back_to_back, _same_for_all(lambda p: p.back_to_back)),
    Criterion("seeded hash", _seeded_draw, _never),
)


def criterion_value(state: State, teams: Teams, index: int) -> Value:
    """The value of criterion ``index`` (0-based in :data:`CRITERIA`) for a candidate."""
    return CRITERIA[index].value(state, teams)


def candidate_key(state: State, teams: Teams) -> tuple[Value, ...]:
    """The full lexicographic key of a candidate (smaller is better)."""
    return tuple(c.value(state, teams) for c in CRITERIA)


def best_candidates(state: State, cands: Iterable[Teams]) -> list[Teams]:
    """Strict lexicographic choice: keep the candidates best on the first criterion, then among
    those the best on the second, and so on; later criteria are consulted only on ties.  Returns
    the survivors (one, unless two candidates are identical on every criterion)."""
    pool = list(cands)
    constant = _constant_criteria(state, pool)
    for i, criterion in enumerate(CRITERIA):
        if len(pool) <= 1:
            break
        if i in constant:  # every candidate has the same value: the criterion cannot decide
            continue
        vals = [criterion.value(state, t) for t in pool]
        best = min(vals)
        pool = [t for t, v in zip(pool, vals) if v == best]
    return pool


def _constant_criteria(state: State, cands: Sequence[Teams]) -> frozenset[int]:
    """The criteria (indices in :data:`CRITERIA`) on which every candidate ties, by each
    criterion's own ``ties`` test.

    Skipping a criterion on which all candidates tie leaves the same survivors for the next one,
    so the choice is unchanged.  The pairing criteria tie when no two of the candidates' players
    have played together or against each other (every count is 0, every recency -1, every
    pairing new); the per-player ones when every such player has the same sit-outs, games, owed
    time or back-to-back flag.  This is what makes the first fill of a large room fast: there,
    only the seeded hash decides (docs/rotation.md, "Speed")."""
    pool = CandidatePool(names=frozenset(n for t in cands for side in t for n in side),
                         uniform=len({len(t[0]) + len(t[1]) for t in cands}) == 1)
    return frozenset(i for i, c in enumerate(CRITERIA) if c.ties(state, pool))


def deciding_criterion(state: State, a: Teams, b: Teams) -> Optional[int]:
    """The first criterion (index in :data:`CRITERIA`) on which two candidates differ (None when
    identical)."""
    for i, criterion in enumerate(CRITERIA):
        if criterion.value(state, a) != criterion.value(state, b):
            return i
    return None


def rating_gap(state: State, teams: Teams) -> Fraction:
    """Gap between the sides' average ratings (unrated players count as 1500)."""
    def avg(side: Side) -> Fraction:
        rs = [state.players[n].rating or DEFAULT_RATING for n in side]
        return Fraction(sum(rs), len(rs))
    return abs(avg(teams[0]) - avg(teams[1]))


# --------------------------------------------------------------------------- hard limits

@dataclass(frozen=True)
class Limits:
    """The hard limits in force for one table of a pass, and how far they were relaxed."""

    sitout_limit: int  # the limit in force (raised above the normal limit only as a last resort)
    normal_limit: int
    rest_check: bool
    owed_fixed: tuple[str, ...]  # players fixed by the owed-time duty (empty when relaxed)
    owed_cap: bool  # owed-time duty, second part: nobody goes two games ahead of anyone present
    balance: bool
    organiser_fixed: tuple[str, ...]
    relaxed: tuple[Relaxation, ...]  # the limits that had to be relaxed, in relaxation order

    def as_dict(self) -> dict[str, Any]:
        return {"sitout_limit": self.sitout_limit, "normal_limit": self.normal_limit,
                "rest_check": self.rest_check, "owed_fixed": list(self.owed_fixed), "owed_cap": self.owed_cap,
                "balance": self.balance, "organiser_fixed": list(self.organiser_fixed),
                "relaxed": [str(r) for r in self.relaxed]}


def owed_players(state: State, pool: Sequence[Player]) -> tuple[str, ...]:
    """Players fallen a whole game or more behind the room, most owed first, at most two."""
    owed = [p for p in pool if p.owed >= OWED_FIX]
    owed.sort(key=lambda p: (-p.owed, -p.sitouts, p.games, p.order))
    return tuple(p.name for p in owed[:MAX_OWED_FIXED])


def cycle_share(state: State, placed_games: int = 0) -> int:
    """The level everyone should have at the next complete-cycle end (docs/rotation.md, "Cycle").

    With N present active players and G games started (``placed_games`` of them chosen earlier
    in the current pass), a cycle ends after game G* whenever k x G* is a multiple of N: the
    k x G* places can then be shared equally.  The next game is number G+1; the share is the
    room's total level after G* games divided by N, rounded up (exact without arrivals, where
    levels are games).  A player already at the share who plays again before G* makes the
    spread at that cycle end at least one, hence all but certainly two."""
    act = state.active()
    n, k = len(act), state.config.k
    if n == 0:
        return 0
    g = len(state.history) + placed_games
    g_end = g + 1
    while (k * g_end) % n:
        g_end += 1
    total = sum(p.level for p in act) + k * placed_games + k * (g_end - g)
    return -(-total // n)


def behind_share(state: State, pool: Sequence[Player], placed_games: int = 0) -> tuple[str, ...]:
    """When nobody is owed a whole game: the waiting players furthest below the next cycle end's
    share (most games short first, then most sit-outs, then arrival), at most two.  They are
    fixed into the game like owed players: a player left behind now may be at a board, out of
    reach, when the cycle ends (docs/rotation.md, "Spread at cycle ends").  Nobody is fixed when
    every waiting player is equally short (the first fill, for one): that would be an arbitrary
    draw, which the criteria make instead."""
    share = cycle_share(state, placed_games)
    short = [p for p in pool if share - p.level >= 1]
    if not short:
        return ()
    most = max(share - p.level for p in short)
    top = [p for p in short if share - p.level == most]
    if len(top) == len(pool):  # everyone equally short: fixing would only be an arbitrary draw
        return ()
    top.sort(key=lambda p: (-p.sitouts, p.order))
    return tuple(p.name for p in top[:MAX_OWED_FIXED])


class _Bumped:
    """The games-from-arrival of the present players once a fixed set of them has played one
    more game, kept as counts per value, so that the spread after a group also plays is found
    in O(k) (moves are by one game, so the least value is either kept or raised by one)."""

    def __init__(self, levels: Mapping[str, int], bumped: frozenset[str]) -> None:
        self.bumped = bumped
        counts: dict[int, int] = {}
        for n, v in levels.items():
            v += n in bumped
            counts[v] = counts.get(v, 0) + 1
        self.counts = counts
        self.hi = max(counts, default=0)
        self.lo = min(counts, default=0)

    def spread_with(self, group: Iterable[str], levels: Mapping[str, int]) -> int:
        """The spread (max - min) once ``group`` plays too (members already bumped count once)."""
        if not self.counts:
            return 0
        hi, at_lo = self.hi, 0
        for n in group:
            if n in self.bumped:
                continue
            v = levels[n]
            hi = max(hi, v + 1)
            at_lo += v == self.lo
        lo = self.lo if self.counts[self.lo] > at_lo else self.lo + 1
        return hi - lo


class _Room:
    """Per-choice precomputation for the hard limits, so that each group is checked in O(k):
    counts over the pool (sit-outs at each limit, passes until the limit for the rest check,
    players due at the limit next pass) and the spread of levels before and after the pass's
    fixed moves; a group only subtracts its own players from them."""

    def __init__(self, state: State, pool_names: frozenset[str], placed: frozenset[str],
                 normal_limit: int) -> None:
        act = state.active()
        self.levels = {p.name: p.level for p in act}
        self.sit = {n: state.players[n].sitouts for n in pool_names}
        self.pool_names = pool_names
        self.placed = placed
        self.normal = normal_limit
        self.k = state.config.k
        self.next_tables = next_pass_tables(state)
        lv = list(self.levels.values())
        self.spread_before = max(lv) - min(lv) if lv else 0
        self.cycle_share = cycle_share(state, len(placed) // self.k)
        self._at_limit: dict[int, int] = {}
        # The rest check: each pool player's passes until the sit-out limit, and how many of the
        # pool are due within j passes for every j; only the j where the pool alone exceeds the
        # places can fail once a group's k players are taken out.
        self.passes_to_limit = {n: max(1, normal_limit - s) for n, s in self.sit.items()}
        within = [0] * (normal_limit + 1)
        for j in self.passes_to_limit.values():
            within[j] += 1
        for j in range(1, normal_limit + 1):
            within[j] += within[j - 1]
        places = self.k * self.next_tables
        self.rest_critical = [(j, within[j]) for j in range(1, normal_limit + 1) if within[j] > places * j]
        self.due = frozenset(n for n, s in self.sit.items() if s + 1 >= normal_limit)
        self.after_placed = _Bumped(self.levels, placed)
        self.after_due = _Bumped(self.levels, placed | self.due)

    def _left_at_limit(self, group: frozenset[str], limit: int) -> int:
        """How many pool players outside ``group`` have sat out ``limit`` passes or more."""
        if limit not in self._at_limit:
            self._at_limit[limit] = sum(1 for s in self.sit.values() if s >= limit)
        return self._at_limit[limit] - sum(1 for n in group if self.sit.get(n, -1) >= limit)

    def _can_serve(self, group: frozenset[str]) -> bool:
        """The rest check (look-ahead): after this pass every waiting player left out sits out
        once more; for every j >= 1, those who would reach the limit within the next j passes
        must fit into the places of those j passes (k per table filled)."""
        places = self.k * self.next_tables
        for j, count in self.rest_critical:
            if count - sum(1 for n in group if self.passes_to_limit.get(n, j + 1) <= j) > places * j:
                return False
        return True

    def group_ok(self, group: frozenset[str], limits: Limits, tables_after: int, last_of_pass: bool) -> bool:
        """Every hard limit that depends on who plays (not on the split)."""
        if not group.issuperset(limits.organiser_fixed) or not group.issuperset(limits.owed_fixed):
            return False
        if self._left_at_limit(group, limits.sitout_limit) > self.k * tables_after:
            return False
        if limits.rest_check and last_of_pass and not self._can_serve(group):
            return False
        if limits.owed_cap:
            # (c) nobody goes above the next cycle end's equal share (docs: "cycle cap")
            if any(self.levels[n] >= self.cycle_share for n in group):
                return False
            allowed = max(1, self.spread_before)
            if self.after_placed.spread_with(group, self.levels) > allowed:
                return False
            # the players the sit-out limit will force into the next pass play there too
            due_left = last_of_pass and len(self.due) > sum(1 for n in group if n in self.due)
            if due_left and self.after_due.spread_with(group, self.levels) > allowed:
                return False
        return True


def _admissible(state: State, group: frozenset[str], teams: Teams, pool_names: frozenset[str],
                limits: Limits, tables_after: int, last_of_pass: bool, normal_limit: int,
                placed: frozenset[str] = frozenset(), room: Optional[_Room] = None) -> bool:
    """Whether a candidate passes the hard limits in ``limits`` (see :func:`choose_table`)."""
    room = room or _Room(state, pool_names, placed, normal_limit)
    if not room.group_ok(group, limits, tables_after, last_of_pass):
        return False
    return not (limits.balance and rating_gap(state, teams) > BALANCE_GAP)


@dataclass(frozen=True)
class Choice:
    """One table's choice: the game, the limits it was chosen under, and the candidates pool."""

    table: int
    teams: Teams
    limits: Limits
    pool: tuple[str, ...]  # waiting players it was chosen from
    admissible: int  # how many candidates were admissible
    restrict: tuple[str, ...] = ()  # reshuffle mode: the players the candidates were drawn from
    considered: tuple[str, ...] = ()  # in a room above the search bound: the players groups were drawn from


# The search bound: at most this many groups of players are considered for one table (every
# group of 4 among 24 players, of 2 among 146); a larger pool is cut to the players first in
# the queue (docs/rotation.md, "Speed").
MAX_GROUPS = 10_626


def queue_order(p: Player) -> tuple[int, int, Fraction, bool, int]:
    """The order of the shared queue for the search bound: most sit-outs in a row first (they
    are nearest the sit-out limit), then fewest games from arrival (the owed duty's measure),
    most owed, not straight off a board, and arrival order; criteria 6-9 in that order."""
    return (-p.sitouts, p.level, -p.owed, p.back_to_back, p.order)


def candidate_players(pool: Sequence[Player], need: int, keep: Iterable[str] = ()) -> list[str]:
    """The players the groups for one table are drawn from (``need`` places to fill): the whole
    pool when its groups number at most :data:`MAX_GROUPS`, else the players in ``keep`` (those
    the owed duty fixes, the reshuffled table's players) and the first in :func:`queue_order`,
    as many as keep the groups within the bound.  The hard limits are still judged on the
    whole pool (a player left out of the search still sits out, and the sit-out limit and the
    rest check count them), so the bound narrows only the variety the criteria can find."""
    names = [p.name for p in pool]
    if need <= 0 or comb(len(names), need) <= MAX_GROUPS:
        return names
    size = need
    while comb(size + 1, need) <= MAX_GROUPS:
        size += 1
    keep = set(keep)
    kept = [n for n in names if n in keep]
    ranked = [p.name for p in sorted(pool, key=queue_order) if p.name not in keep]
    return kept + ranked[:max(0, size - len(kept))]


def _levels(normal: int, max_sit: int, owed: tuple[str, ...], organiser_fixed: tuple[str, ...],
            balanced: bool) -> list[Limits]:
    """The hard limits to try, strictest first, each relaxation adding to the previous ones."""
    def limits(sitout: int, rest: bool, duty: bool, balance: bool, relaxed: tuple[Relaxation, ...]) -> Limits:
        return Limits(sitout_limit=sitout, normal_limit=normal, rest_check=rest,
                      owed_fixed=owed if duty else (), owed_cap=duty, balance=balance,
                      organiser_fixed=organiser_fixed, relaxed=relaxed)
    out = []
    if balanced:
        out.append(limits(normal, True, True, True, ()))
    r1 = (Relaxation.BALANCE,) if balanced else ()
    out.append(limits(normal, True, True, False, r1))
    r2 = r1 + (Relaxation.OWED_DUTY,)
    out.append(limits(normal, True, False, False, r2))
    r3 = r2 + (Relaxation.REST_CHECK,)
    out.append(limits(normal, False, False, False, r3))
    for lim in range(normal + 1, max(normal, max_sit) + 2):
        out.append(limits(lim, False, False, False, r3 + (Relaxation.SITOUT_LIMIT,)))
    return out


def choose_table(state: State, pool: Sequence[Player], table: int, tables_after: int,
                 last_of_pass: bool, organiser_fixed: Sequence[str] = (),
                 restrict: Optional[Sequence[str]] = None, placed: frozenset[str] = frozenset()) -> Choice:
    """Choose the game for one table from ``pool`` (waiting players not yet placed in this pass).

    Hard limits are tried strictest first and relaxed in the order of :class:`Relaxation`:
    balance, then the owed-time duty, then the rest check, then the sit-out limit itself,
    raised one game at a time (exceeded by as few games as possible, never ignored).
    Organiser-fixed players are never dropped.  ``restrict`` (reshuffle mode) limits the
    candidates to those players plus anyone the sit-out limit forces in."""
    k = state.config.k
    if len(pool) < k:
        raise RotationError(f"table {table}: {len(pool)} player(s) waiting, {k} needed")
    normal = sitout_limit(state)
    pool_names = frozenset(p.name for p in pool)
    owed = owed_players(state, pool) or behind_share(state, pool, len(placed) // k)
    fixed = tuple(organiser_fixed)
    fixed_set = set(fixed)
    need = k - len(fixed)
    keep = set(owed) | set(restrict or ())
    rest = candidate_players([p for p in pool if p.name not in fixed_set], need, keep)
    bounded = len(rest) < len(pool) - len(fixed_set & pool_names)
    groups = [frozenset(fixed) | frozenset(c) for c in itertools.combinations(sorted(rest), need)]
    narrowed: list[frozenset[str]] = []
    if restrict is not None:
        allowed_all = set(restrict) | {p.name for p in pool if p.sitouts >= normal} | fixed_set
        narrowed = [g for g in groups if g <= allowed_all]
    max_sit = max(p.sitouts for p in pool)
    room = _Room(state, pool_names, placed, normal)
    fmt = state.config.format
    for limits in _levels(normal, max_sit, owed, fixed, state.config.balanced):
        # Reshuffle mode: the same players are preferred over the owed duty; the rest check and
        # the sit-out limit still bind, so once the owed duty is relaxed the whole pool is open.
        tries = [narrowed] if narrowed else []
        if restrict is None or not narrowed or Relaxation.OWED_DUTY in limits.relaxed:
            tries.append(groups)
        ok: list[Teams] = []
        for gs in tries:
            ok = [t for g in gs if room.group_ok(g, limits, tables_after, last_of_pass)
                  for t in splits(sorted(g), fmt)
                  if not (limits.balance and rating_gap(state, t) > BALANCE_GAP)]
            if ok:
                break
        if ok:
            best = best_candidates(state, ok)
            return Choice(table=table, teams=best[0], limits=limits, pool=tuple(p.name for p in pool),
                          admissible=len(ok), restrict=tuple(restrict) if restrict is not None else (),
                          considered=tuple(sorted(fixed_set | set(rest))) if bounded else ())
    raise RotationError(f"table {table}: the organiser-fixed players cannot all play")  # pragma: no cover


def choose_pass(state: State, tables: Sequence[int], organiser_fixed: Mapping[int, Sequence[str]] = {},
                restrict: Mapping[int, Sequence[str]] = {}) -> list[Choice]:
    """Fill ``tables`` in one pass, table by table from the shared queue (pure: the state is not
    changed).  Tables that cannot be filled (fewer than k players left) are skipped."""
    k = state.config.k
    waiting = state.waiting()
    chosen: list[Choice] = []
    placed: set[str] = set()
    fillable = min(len(tables), len(waiting) // k)
    for j, table in enumerate(list(tables)[:fillable]):
        pool = [p for p in waiting if p.name not in placed]
        c = choose_table(state, pool, table, fillable - j - 1, j == fillable - 1,
                         organiser_fixed.get(table, ()), restrict.get(table), frozenset(placed))
        chosen.append(c)
        placed.update(c.teams[0] + c.teams[1])
    return chosen


# --------------------------------------------------------------------------- events and replay

Event = Mapping[str, Any]  # one logged event, as JSON (docs/rotation.md gives the shapes)


def _bump(d: dict[Any, int], key: Any, value: int = 1) -> None:
    d[key] = d.get(key, 0) + value


def start_pass(state: State, games: Sequence[Game]) -> State:
    """Apply one pass: the games start, every other waiting player sits out once, and every
    active player's expected share grows by k/active for each game (the "owed" bookkeeping)."""
    if not games:
        return state
    players = dict(state.players)
    tables = list(state.tables)
    partners, partner_last = dict(state.partners), dict(state.partner_last)
    opponents, opponent_last = dict(state.opponents), dict(state.opponent_last)
    pairings = dict(state.pairings)
    pass_no = state.passes
    active = [p for p in players.values() if p.status == Status.ACTIVE]
    share = Fraction(state.config.k * len(games), len(active)) if active else Fraction(0)
    in_game: set[str] = set()
    for g in games:
        _check_table(state, g.table)
        if tables[g.table - 1] is not None:
            raise RotationError(f"table {g.table} is busy")
        for n in g.players:
            p = players.get(n)
            if p is None:
                raise RotationError(f"unknown player {n!r}")
            if p.status != Status.ACTIVE or p.table is not None or n in in_game:
                raise RotationError(f"{n} is not waiting")
            in_game.add(n)
        tables[g.table - 1] = g
        for pr in _partner_pairs(g.teams):
            _bump(partners, pr)
            partner_last[pr] = pass_no
        for pr in _opp_pairs(g.teams):
            _bump(opponents, pr)
            opponent_last[pr] = pass_no
        _bump(pairings, canonical(g.teams))
    for p in active:
        n = p.name
        q = replace(p, expected=p.expected + share)
        if n in in_game:
            table = next(g.table for g in games if n in g.players)
            q = replace(q, games=p.games + 1, sitouts=0, streak=p.streak + 1, table=table, last_pass=pass_no,
                        fresh=False)
        elif p.table is None:
            q = replace(q, sitouts=p.sitouts + 1, streak=0, fresh=False)
        players[n] = q
    return replace(state, players=players, tables=tuple(tables), passes=pass_no + 1,
                   history=state.history + tuple(games), partners=partners, partner_last=partner_last,
                   opponents=opponents, opponent_last=opponent_last, pairings=pairings)


def finish(state: State, table: int) -> State:
    """A game ends: its players go back to the queue (their sit-out count starts at 0)."""
    g = state.game(table)
    if g is None:
        raise RotationError(f"table {table} has no game in progress")
    players = dict(state.players)
    for n in g.players:
        players[n] = replace(players[n], table=None, fresh=True)
    tables = list(state.tables)
    tables[table - 1] = None
    last = dict(state.last_finished)
    last[table] = g
    return replace(state, players=players, tables=tuple(tables), last_finished=last)


def arrive(state: State, name: str, rating: Optional[int] = None) -> State:
    """A player arrives (or comes back after leaving): no owed time for before they came."""
    name = name.strip()
    if not name:
        raise RotationError("a player needs a name")
    players = dict(state.players)
    old = players.get(name)
    if old is not None and old.status != Status.LEFT:
        raise RotationError(f"{name} is already here")
    floor = _least_level(state)
    if old is not None:  # back after leaving: keeps the games, owes nothing for the absence
        players[name] = replace(old, status=Status.ACTIVE, sitouts=0, streak=0, fresh=False,
                                expected=Fraction(old.games),
                                rating=rating if rating is not None else old.rating,
                                credit=max(old.credit, floor - old.games))
    else:
        players[name] = Player(name=name, rating=rating, order=len(players), arrived_pass=state.passes,
                               credit=floor)
    return replace(state, players=players)


def set_status(state: State, name: str, status: Status | str) -> State:
    """pause / resume / leave.  A paused player keeps their history and is skipped; a player
    who leaves keeps their games for every statistic.  A player at a board finishes the game
    first (games in progress are never rewritten): the new status applies when it ends."""
    status = Status(status)
    p = state.players.get(name)
    if p is None:
        raise RotationError(f"unknown player {name!r}")
    if p.status == Status.LEFT:
        raise RotationError(f"{name} has left (use arrive to bring them back)")
    if status == Status.ACTIVE and p.status != Status.PAUSED:
        raise RotationError(f"{name} is not paused")
    if status == Status.PAUSED and p.status == Status.PAUSED:
        raise RotationError(f"{name} is already paused")
    players = dict(state.players)
    # Owed time does not grow while paused: resuming restarts the count from the games played.
    expected = Fraction(p.games) if status == Status.ACTIVE else p.expected
    credit = max(p.credit, _least_level(state) - p.games) if status == Status.ACTIVE else p.credit
    players[name] = replace(p, status=status, expected=expected, credit=credit, fresh=False,
                            sitouts=0 if status == Status.ACTIVE else p.sitouts)
    return replace(state, players=players)


def _least_level(state: State) -> int:
    """The least games-from-arrival among present players (0 in an empty room)."""
    return min((p.level for p in state.active()), default=0)


STATUS_AFTER = {"pause": Status.PAUSED, "resume": Status.ACTIVE, "leave": Status.LEFT}


def apply_event(state: State, event: Event) -> State:
    """Apply one logged event (see docs/rotation.md for the shapes)."""
    kind = event["type"]
    if kind == "arrive":
        return arrive(state, event["name"], event.get("rating"))
    if kind in STATUS_AFTER:
        return set_status(state, event["name"], STATUS_AFTER[kind])
    if kind == "start":
        games = [Game(table=g["table"], teams=_teams(g["teams"]), pass_no=state.passes,
                      by=By(g.get("by", By.ENGINE)), fixed=tuple(g.get("fixed", ())),
                      restrict=tuple(g.get("restrict", ())))
                 for g in event["games"]]
        return start_pass(state, games)
    if kind == "finish":
        return finish(state, event["table"])
    raise RotationError(f"unknown event type {kind!r}")


def _teams(raw: Sequence[Sequence[str]]) -> Teams:
    return (tuple(raw[0]), tuple(raw[1]))


def resolve_manual(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Fold manual changes ("set") into the event stream: a ``set`` on a table with a game in
    progress replaces that game where it started (the organiser's game is what was played; the
    engine's discarded choice never counts); a ``set`` on a free table starts a game there."""
    return resolve_manual_sources(events)[0]


def resolve_manual_sources(events: Sequence[Event]) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """:func:`resolve_manual`, and for each event it returns the index in ``events`` of the
    event each part comes from: one index per game for a start (a game rewritten by a ``set``
    comes from that ``set``), one for any other event."""
    out: list[dict[str, Any]] = []
    sources: list[list[int]] = []
    open_start: dict[int, tuple[int, int]] = {}  # table -> (index in out, index in its games)
    for index, raw in enumerate(events):
        ev = dict(raw)
        if ev["type"] == "start":
            ev["games"] = [dict(g) for g in ev["games"]]
            for gi, g in enumerate(ev["games"]):
                open_start[g["table"]] = (len(out), gi)
            out.append(ev)
            sources.append([index] * len(ev["games"]))
        elif ev["type"] == "finish":
            open_start.pop(ev["table"], None)
            out.append(ev)
            sources.append([index])
        elif ev["type"] == "set":
            game = {"table": ev["table"], "teams": ev["teams"], "by": str(By.ORGANISER)}
            if ev["table"] in open_start:
                i, gi = open_start[ev["table"]]
                out[i]["games"][gi] = game
                sources[i][gi] = index
            else:
                open_start[ev["table"]] = (len(out), 0)
                out.append({"type": "start", "games": [game]})
                sources.append([index])
        else:
            out.append(ev)
            sources.append([index])
    return out, sources


def replay(config: Config, events: Sequence[Event]) -> State:
    """The state after a log of events (manual changes folded in first)."""
    state = State.new(config)
    for ev in resolve_manual(events):
        state = apply_event(state, ev)
    return state


# --------------------------------------------------------------------------- what happens when a table frees

def plan_next(state: State, table: Optional[int] = None) -> list[Choice]:
    """The games to start now on ``table`` alone, or on every free table in one pass (players
    left out sit out once, however many tables the pass fills)."""
    free = state.free_tables()
    if table is not None:
        _check_table(state, table)
        if state.tables[table - 1] is not None:
            raise RotationError(f"table {table} is busy (finish it first)")
        free = [table]
    if not free:
        return []
    return choose_pass(state, free)


def plan_after_finish(state: State, table: int) -> list[Choice]:
    """What the table mode does once ``table`` has been finished (``state`` is after the finish).

    refill: refill that table from the shared queue;  reshuffle: the same players in a new
    split (bench players come in only when the sit-out limit forces them);  wait: nothing
    starts, the table stays free until the organiser says ``next`` (:func:`plan_next`, which
    fills every free table in one pass);  all: nothing until every table is free, then all are
    refilled in one pass."""
    mode = state.config.mode
    if mode == Mode.REFILL:
        return plan_next(state, table)
    if mode == Mode.RESHUFFLE:
        last = state.last_finished.get(table)
        names = [n for n in last.players if state.players[n].status == Status.ACTIVE] if last else []
        restrict = {table: names} if names else {}
        return choose_pass(state, [table], restrict=restrict) if len(state.waiting()) >= state.config.k else []
    if mode == Mode.ALL and state.free_tables() == list(range(1, state.config.tables + 1)):
        return plan_next(state)
    return []


def choices_event(choices: Sequence[Choice]) -> dict[str, Any]:
    """The log event that starts the chosen games."""
    games = []
    for c in choices:
        g: dict[str, Any] = {"table": c.table, "teams": [list(c.teams[0]), list(c.teams[1])],
                             "by": str(By.ENGINE)}
        if c.restrict:
            g["restrict"] = list(c.restrict)
        games.append(g)
    return {"type": "start", "games": games}


def apply_choices(state: State, choices: Sequence[Choice]) -> State:
    """Start the chosen games as one pass."""
    return apply_event(state, choices_event(choices)) if choices else state
