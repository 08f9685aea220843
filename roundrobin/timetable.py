"""Timetables for round robins: the rounds laid out on boards (or courts) and clock time.

Given the rounds of an all-play-all (a :class:`roundrobin.berger.RoundRobinSchedule`'s ``rounds``,
or any sequence of rounds of pairs, for players, teams or courts), a number of boards, a start
time, a slot length and the sessions, :func:`schedule` assigns every game a slot (a time
interval) and a board.  Design decisions:

* **Inputs.** ``rounds[i]`` is round i+1: its boards in table order, each ``(white, black)``;
  ``(player, BYE)`` (BYE = 0, either side) is a bye and takes no board.  ``boards`` is an int
  >= 1, ``start`` a datetime, ``slot`` a timedelta > 0, ``sessions`` a :class:`Sessions`:
  a number of slots per day (each later day starts at the start time's clock time on the next
  calendar day), daily windows such as ``09:00-13:00,15:00-19:00`` (a slot must fit wholly
  inside a window; the first day starts at ``start``, later days at the first window), or
  unlimited (one continuous run).  Parsers: :func:`parse_duration`, :func:`parse_sessions`,
  :func:`parse_start` (ValueError saying what was expected).
* **Rounds in order, fewest slots.** Round r takes exactly ceil(games/boards) slots, all of them
  after every slot of round r-1 (round r+1 never starts in a slot that still holds games of
  round r).  Slots are numbered 1.. in time order, boards 1..boards in each slot.
* **Rest.** Two slots are *consecutive* (no rest between them) when the second starts exactly
  when the first ends; a gap between windows or days is a rest.  A player (team) who plays in
  two consecutive slots is a *back-to-back*.  Within a round each player plays once, so
  back-to-backs arise only at the seam between the last slot of round r and the first slot of
  round r+1, when those are consecutive; when a round fits in one slot every player of it and
  of the neighbouring round (if consecutive) plays back-to-back, which is unavoidable.
* **Objective.** Among the layouts allowed above, choose which games of each round go in which
  slot (and how many per slot, <= boards) to minimise the number of back-to-backs (one per
  player per seam), then the number of games moved out of their default slot (the table's
  board order cut into slots of ``boards`` games).  Inside a slot the games keep the table's
  board order.  With k = ceil(g/b) slots for g games on b boards there are E = k*b - g empty
  places; the first and last slots together hold at least 2b - E games (for k = 2, exactly
  g), and holding exactly that many is never worse (a game moved to a middle slot cannot
  create a back-to-back), so the middle slots are always full.
* **Search.** First block coordinate descent (from the default layout and from three greedy
  sweeps, the best kept): each round's first/middle/last split is re-optimised exactly given
  its neighbours, until nothing improves.  If that reaches the lower bound it is minimal.
  The lower bound sums, over the touching seams, the fewest back-to-backs of each seam on
  its own (round r's last slot and round r+1's first slot at their smallest sizes; an exact
  DP over the chains of games that share players, :func:`_seam_bound`); next to a round that
  fits in one slot it is what that round forces.  Otherwise an exact dynamic programme over
  the rounds, whose state is the set of games in a round's last slot, is run when its size
  (estimated from binomial coefficients) is within ``exact_budget`` (default 12,000,000
  steps); it returns the true minimum.  Beyond that the descent's layout is kept and
  ``Timetable.minimal`` is False unless it meets the bound: the count may be above the minimum
  (README, Performance, says by how much on the Berger tables).
* **Report.** Each back-to-back lists the player, the two slots and rounds, and the reason in
  plain words.  :class:`Totals` gives games, rounds, slots, days, first start and last end.
  :func:`timetable_dict` is the JSON-ready shape, :func:`timetable_rows` / :func:`timetable_csv`
  the CSV form (slot, day, start, end, round, board, white, black).  Pure functions; nothing
  is printed.

Availability windows (an entrant or a board unavailable, a game fixed to a slot and board) are
laid out by :mod:`roundrobin.windows` (``schedule``'s keyword arguments ``windows`` and
``placements``).

No FIDE rule in the reference digests governs slots or rest between games (UNCONFIRMED against
the Handbook); the rest rule here is an organiser's convenience, not a regulation.
"""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence, cast

from roundrobin.berger import BYE, RoundRobinSchedule
from trf import spreadsheet

if TYPE_CHECKING:  # pragma: no cover
    from roundrobin.windows import Placement, Window

__all__ = [
    "BackToBack", "CSV_HEADER", "Sessions", "Slot", "Timetable", "Totals", "format_duration",
    "parse_duration",
    "parse_sessions", "parse_start", "schedule", "slot_times", "timetable_csv", "timetable_dict",
    "timetable_rows",
]

#: The most work of the exact search with windows (:func:`roundrobin.windows.lay_out_windows`): about a
#: second or two of CPU; beyond it a greedy layout and a descent are kept (minimal when the
#: count meets the lower bound).
WINDOWS_BUDGET = 60_000

#: Weight of one back-to-back against one moved game in the search's single integer cost.
_BIG = 10**6
_F, _M, _L = 0, 1, 2  # a game's place in its round: first slot, a middle slot, last slot


# --------------------------------------------------------------------------- sessions, parsers


@dataclass(frozen=True)
class Sessions:
    """When slots may be played: unlimited, ``per_day`` slots a day, or daily ``windows``.

    Build with :meth:`unlimited`, :meth:`slots_per_day` or :meth:`daily_windows` (or
    :func:`parse_sessions`).  At most one of ``per_day``/``windows`` is set."""

    per_day: int | None = None
    windows: tuple[tuple[time, time], ...] = ()

    def __post_init__(self) -> None:
        if self.per_day is not None and self.windows:
            raise ValueError("sessions: give either a number of slots per day or windows, not both")
        if self.per_day is not None and (not isinstance(self.per_day, int) or self.per_day < 1):
            raise ValueError(f"sessions: slots per day must be a whole number >= 1, got {self.per_day!r}")
        for (a, b), nxt in zip(self.windows, self.windows[1:] + ((None, None),)):
            if not a < b:
                raise ValueError(f"sessions: window {a:%H:%M}-{b:%H:%M} must end after it starts")
            if nxt[0] is not None and nxt[0] < b:
                raise ValueError(
                    f"sessions: windows must be in time order without overlap "
                    f"({a:%H:%M}-{b:%H:%M} then {nxt[0]:%H:%M}-{nxt[1]:%H:%M})")

    @classmethod
    def unlimited(cls) -> "Sessions":
        """One continuous run of slots."""
        return cls()

    @classmethod
    def slots_per_day(cls, n: int) -> "Sessions":
        """``n`` slots a day, each day starting at the start time's clock time."""
        return cls(per_day=n)

    @classmethod
    def daily_windows(cls, windows: Sequence[tuple[time, time]]) -> "Sessions":
        """The same windows every day, e.g. ``[(time(9), time(13)), (time(15), time(19))]``."""
        return cls(windows=tuple(windows))

    def describe(self) -> str:
        """The sessions as :func:`parse_sessions` reads them (``unlimited``, ``4``, windows)."""
        if self.per_day is not None:
            return str(self.per_day)
        if self.windows:
            return ",".join(f"{a:%H:%M}-{b:%H:%M}" for a, b in self.windows)
        return "unlimited"


#: The most slots a day can hold: one a minute.
MAX_SLOTS_PER_DAY = 24 * 60

_DURATION = re.compile(r"^(?:(\d+)h)?(?:(\d+)m(?:in)?)?$")


def parse_duration(text: str) -> timedelta:
    """A slot length: ``45m``, ``90m``, ``2h``, ``1h30m`` (hours and/or minutes, > 0)."""
    s = text.strip().lower().replace(" ", "")
    m = _DURATION.match(s)
    if not s or not m or (m.group(1) is None and m.group(2) is None):
        raise ValueError(f"bad duration {text!r}: expected hours and/or minutes like 45m, 90m, 2h or 1h30m")
    if sum(len(g or "") for g in m.groups()) > 9:  # 10^9 minutes is 1,900 years: no int() of 5,000 digits
        raise ValueError(f"bad duration {text!r}: a slot is at most 999999999 minutes")
    try:
        d = timedelta(hours=int(m.group(1) or 0), minutes=int(m.group(2) or 0))
    except OverflowError:  # more days than a timedelta holds
        raise ValueError(f"bad duration {text!r}: a slot is at most 999999999 minutes") from None
    if d <= timedelta(0):
        raise ValueError(f"bad duration {text!r}: a slot must be longer than 0 minutes")
    return d


def format_duration(d: timedelta) -> str:
    """A duration as :func:`parse_duration` reads it: ``45m``, ``2h``, ``1h30m``."""
    minutes = int(d.total_seconds() // 60)
    h, m = divmod(minutes, 60)
    return (f"{h}h" if h else "") + (f"{m}m" if m or not h else "")


def _parse_clock(text: str, whole: str) -> time:
    try:
        return datetime.strptime(text.strip(), "%H:%M").time()
    except ValueError:
        raise ValueError(
            f"bad sessions {whole!r}: expected a number of slots per day (e.g. 4) or daily windows "
            f"HH:MM-HH:MM separated by commas (e.g. 09:00-13:00,15:00-19:00)") from None


def parse_sessions(text: str) -> Sessions:
    """``4`` (slots per day), ``09:00-13:00,15:00-19:00`` (daily windows) or ``unlimited``."""
    s = text.strip()
    if s.lower() in ("unlimited", "none", ""):
        return Sessions.unlimited()
    if s.isdecimal():  # what int() reads: isdigit() also takes '²'
        if len(s.lstrip("0")) > 4 or int(s) > MAX_SLOTS_PER_DAY:
            raise ValueError(f"bad sessions {text!r}: at most {MAX_SLOTS_PER_DAY} slots a day (one a minute)")
        if int(s) < 1:
            raise ValueError(f"bad sessions {text!r}: the number of slots per day must be at least 1")
        return Sessions.slots_per_day(int(s))
    windows = []
    for part in s.split(","):
        ends = part.split("-")
        if len(ends) != 2:
            _parse_clock("x", text)  # raises the message saying what was expected
        windows.append((_parse_clock(ends[0], text), _parse_clock(ends[1], text)))
    try:
        return Sessions.daily_windows(windows)
    except ValueError as e:
        raise ValueError(f"bad sessions {text!r}: {str(e).removeprefix('sessions: ')}") from None


def parse_start(text: str) -> datetime:
    """The first slot's start: ``2026-12-05 09:00`` (also ``2026-12-05T09:00``)."""
    s = text.strip().replace("T", " ")
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"):
        try:
            return datetime.strptime(s, fmt)
        except ValueError:
            pass
    raise ValueError(f"bad start {text!r}: expected a date and time like 2026-12-05 09:00")


# --------------------------------------------------------------------------- output model


@dataclass(frozen=True)
class Slot:
    """One time slot: its games as ``(board, white, black)``, boards 1.. in table order.

    ``day`` counts the days that have slots (1 = first day played): calendar days of the slots'
    starts for windows and unlimited sessions, blocks of ``per_day`` slots for slots per day
    (a block may run past midnight); ``session`` is the window's number in the day (1 for
    slots-per-day and unlimited sessions)."""

    number: int
    start: datetime
    end: datetime
    day: int
    session: int
    round: int
    games: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class BackToBack:
    """A player who plays in two consecutive slots (the last of one round, the first of the next)."""

    player: int
    slots: tuple[int, int]
    rounds: tuple[int, int]
    reason: str


@dataclass(frozen=True)
class Totals:
    """What the timetable needs: games, rounds, slots, days, first start and last end."""

    games: int
    rounds: int
    slots: int
    days: int
    first_start: datetime
    last_end: datetime


@dataclass(frozen=True)
class Timetable:
    """Slots in time order, the byes ``(round, player)``, the back-to-backs and the totals.

    ``minimal`` is True when the number of back-to-backs is proved minimal (exact search, or
    equal to the lower bound ``lower_bound``)."""

    boards: int
    slot_length: timedelta
    sessions: Sessions
    slots: tuple[Slot, ...]
    byes: tuple[tuple[int, int], ...]
    back_to_back: tuple[BackToBack, ...]
    totals: Totals
    minimal: bool
    lower_bound: int
    exact: bool
    windows: tuple[Window, ...] = ()
    placements: tuple[Placement, ...] = ()


# --------------------------------------------------------------------------- clock times


def slot_times(start: datetime, slot: timedelta, sessions: Sessions, count: int
               ) -> list[tuple[datetime, datetime, int, int]]:
    """The first ``count`` slots as ``(start, end, day, session)``, in time order.

    Slots follow each other without gaps inside a session; a new day (slots per day) begins at
    ``start``'s clock time on the next calendar day; with windows a slot is placed only if it
    ends inside its window (the first day from ``start`` on, later days from the first window).
    Raises ValueError for a timetable that would end after the last date a clock can say (long
    slots, the year 9999).
    """
    try:
        return _slot_times(start, slot, sessions, count)
    except OverflowError:
        raise ValueError(f"slots of {format_duration(slot)} from {start:%Y-%m-%d %H:%M} run past the year "
                         f"{datetime.max.year}") from None


def _slot_times(start: datetime, slot: timedelta, sessions: Sessions, count: int
                ) -> list[tuple[datetime, datetime, int, int]]:
    if not isinstance(slot, timedelta) or slot <= timedelta(0):
        raise ValueError(f"slot length must be longer than 0, got {slot!r}")
    out: list[tuple[datetime, datetime, int, int]] = []
    if count <= 0:
        return out
    if sessions.per_day is not None:
        if slot * sessions.per_day > timedelta(days=1):
            raise ValueError(f"{sessions.per_day} slots of {format_duration(slot)} do not fit in one day")
        for i in range(count):
            d, j = divmod(i, sessions.per_day)
            s = start + timedelta(days=d) + j * slot
            out.append((s, s + slot, d, 1))
    elif sessions.windows:
        if all(datetime.combine(date.min, b) - datetime.combine(date.min, a) < slot
               for a, b in sessions.windows):
            raise ValueError(f"a slot of {format_duration(slot)} does not fit in any session window "
                             f"({sessions.describe()})")
        day = start.date()
        while len(out) < count:
            for w, (a, b) in enumerate(sessions.windows, start=1):
                t = datetime.combine(day, a, tzinfo=start.tzinfo)
                end = datetime.combine(day, b, tzinfo=start.tzinfo)
                if day == start.date():
                    t = max(t, start)
                while t + slot <= end and len(out) < count:
                    out.append((t, t + slot, (day - start.date()).days, w))
                    t += slot
            day += timedelta(days=1)
    else:
        out = [(start + i * slot, start + (i + 1) * slot, (i * slot + start - datetime.combine(
            start.date(), time(), tzinfo=start.tzinfo)).days, 1) for i in range(count)]
    # days: 1 = first calendar day that has a slot, counting only days with slots
    used = sorted({d for _, _, d, _ in out})
    rank = {d: i + 1 for i, d in enumerate(used)}
    return [(s, e, rank[d], w) for s, e, d, w in out]


# --------------------------------------------------------------------------- the search


@dataclass(frozen=True)
class _Round:
    """A round with games, prepared for the search (indices into ``games`` in table order)."""

    number: int
    games: tuple[tuple[int, int], ...]
    masks: tuple[int, ...]  # bit mask of the game's two players
    k: int  # slots: ceil(g / boards)
    total: int  # games in first + last slot together (2b - E; g when k == 2); unused if k == 1
    default: tuple[int, ...]  # _F/_M/_L of each game in the default layout

    @property
    def all_mask(self) -> int:
        m = 0
        for x in self.masks:
            m |= x
        return m

    def sizes(self, boards: int) -> list[int]:
        """Possible numbers of games in the first slot (the last slot holds ``total`` minus it)."""
        return list(range(max(1, self.total - boards), min(boards, self.total - 1) + 1))


def _prepare(rounds: Sequence[Sequence[tuple[int, int]]], boards: int
             ) -> tuple[list[_Round], list[tuple[int, int]], dict[int, int]]:
    bit: dict[int, int] = {}
    prepared: list[_Round] = []
    byes: list[tuple[int, int]] = []
    for r, rnd in enumerate(rounds, start=1):
        seen: set[int] = set()
        games = []
        for pair in rnd:
            try:
                white, black = pair
            except (TypeError, ValueError):
                raise ValueError(f"round {r}: a board must be a (white, black) pair, got {pair!r}") from None
            for p in (white, black):
                if p != BYE:
                    if p in seen:
                        raise ValueError(f"round {r}: player {p} appears twice")
                    seen.add(p)
            if white == BYE and black == BYE:
                continue
            if BYE in (white, black):
                byes.append((r, black if white == BYE else white))
                continue
            games.append((white, black))
        if not games:
            continue
        masks = []
        for white, black in games:
            for p in (white, black):
                bit.setdefault(p, 1 << len(bit))
            masks.append(bit[white] | bit[black])
        g = len(games)
        k = -(-g // boards)
        empty = k * boards - g
        total = g if k == 2 else 2 * boards - empty
        if k == 1:
            default = tuple(_F for _ in games)
        else:
            default = tuple(_F if i < boards else _L if i >= (k - 1) * boards else _M for i in range(g))
        prepared.append(_Round(r, tuple(games), tuple(masks), k, total, default))
    return prepared, byes, bit


def _mask(rd: _Round, cats: Sequence[int], which: int) -> int:
    """Players in the first (``_F``) or last (``_L``) slot of a round; all players if k == 1."""
    m = 0
    for x, c in zip(rd.masks, cats):
        if rd.k == 1 or c == which:
            m |= x
    return m


def _moves(rd: _Round, cats: Sequence[int]) -> int:
    return sum(c != d for c, d in zip(cats, rd.default))


def _cost(rds: list[_Round], consec: list[bool], cats: list[tuple[int, ...]]) -> int:
    """The search's cost: _BIG * back-to-backs + moved games."""
    total = sum(_moves(rd, c) for rd, c in zip(rds, cats))
    for i in range(len(rds) - 1):
        if consec[i]:
            total += _BIG * (_mask(rds[i], cats[i], _L) & _mask(rds[i + 1], cats[i + 1], _F)).bit_count()
    return total


def _local(rd: _Round, boards: int, before: int, after: int) -> tuple[int, ...]:
    """Best first/middle/last split of one round given the players it must avoid.

    ``before``: players of the previous round's last slot (if consecutive); ``after``: players
    of the next round's first slot (if consecutive).  Exact, by a DP over the games whose state
    is (games in first slot, games in last slot)."""
    g = len(rd.games)
    middle = g - rd.total
    states: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
    for i, (x, d) in enumerate(zip(rd.masks, rd.default)):
        nxt: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
        options = ((_F, _BIG * (x & before).bit_count() + (d != _F)),
                   (_L, _BIG * (x & after).bit_count() + (d != _L)),
                   (_M, int(d != _M)))
        for (f, l), (c, cats) in states.items():
            for cat, add in options:
                nf, nl = f + (cat == _F), l + (cat == _L)
                if nf > boards or nl > boards or (i + 1 - nf - nl) > middle:
                    continue
                key = (nf, nl)
                val = c + add
                if key not in nxt or val < nxt[key][0]:
                    nxt[key] = (val, cats + (cat,))
        states = nxt
    best = min((v for (f, l), v in states.items() if f >= 1 and l >= 1 and f + l == rd.total),
               key=lambda v: v[0])
    return best[1]


def _improve(rds: list[_Round], boards: int, consec: list[bool], cats: list[tuple[int, ...]]
             ) -> tuple[int, list[tuple[int, ...]]]:
    """Block coordinate descent: re-optimise each round by :func:`_local` until nothing improves.

    Each step minimises exactly the terms that involve the round (its two seams and its moved
    games) with the others fixed, so the cost never increases."""
    cats = list(cats)
    best = _cost(rds, consec, cats)
    while True:
        for order in (range(len(rds)), reversed(range(len(rds)))):
            for i in order:
                if rds[i].k == 1:
                    continue
                before = _mask(rds[i - 1], cats[i - 1], _L) if i > 0 and consec[i - 1] else 0
                after = _mask(rds[i + 1], cats[i + 1], _F) if i + 1 < len(rds) and consec[i] else 0
                cats[i] = _local(rds[i], boards, before, after)
        now = _cost(rds, consec, cats)
        if now >= best:
            return best, cats
        best = now


def _starts(rds: list[_Round], boards: int, consec: list[bool]) -> list[list[tuple[int, ...]]]:
    """Starting layouts for the descent: the default cut, and three greedy sweeps.

    * forward: each round avoids the previous round's last slot (next round ignored);
    * forward, cautious: the same, but as if every player of the next round were in its first
      slot (keeps last slots small; best with byes, i.e. odd n);
    * backward, cautious: from the last round back, each round avoids the next round's first
      slot, as if every player of the previous round were in its last slot."""
    out = [[rd.default for rd in rds]]
    n = len(rds)
    for cautious in (False, True):
        cats: list[tuple[int, ...]] = []
        for i, rd in enumerate(rds):
            before = _mask(rds[i - 1], cats[i - 1], _L) if i > 0 and consec[i - 1] else 0
            after = rds[i + 1].all_mask if cautious and i + 1 < n and consec[i] else 0
            cats.append(rd.default if rd.k == 1 else _local(rd, boards, before, after))
        out.append(cats)
    back: list[tuple[int, ...]] = [rd.default for rd in rds]
    for i in reversed(range(n)):
        if rds[i].k > 1:
            after = _mask(rds[i + 1], back[i + 1], _F) if i + 1 < n and consec[i] else 0
            before = rds[i - 1].all_mask if i > 0 and consec[i - 1] else 0
            back[i] = _local(rds[i], boards, before, after)
    out.append(back)
    return out


def _descent(rds: list[_Round], boards: int, consec: list[bool]) -> list[tuple[int, ...]]:
    """The best layout :func:`_improve` reaches from the :func:`_starts`."""
    return min((_improve(rds, boards, consec, c) for c in _starts(rds, boards, consec)),
               key=lambda t: t[0])[1]


def _splits(rd: _Round, boards: int) -> Iterator[tuple[int, ...]]:
    """Every allowed first/middle/last split of a round (middle slots full)."""
    g = len(rd.games)
    if rd.k == 1:
        yield rd.default
        return
    for f in rd.sizes(boards):
        for first in combinations(range(g), f):
            rest = [i for i in range(g) if i not in first]
            for last in combinations(rest, rd.total - f):
                cats = [_M] * g
                for i in first:
                    cats[i] = _F
                for i in last:
                    cats[i] = _L
                yield tuple(cats)


def _work(rds: list[_Round], boards: int) -> int:
    """An estimate of the exact DP's work: splits per round plus states x first slots per seam."""
    def splits(rd: _Round) -> int:
        if rd.k == 1:
            return 1
        g = len(rd.games)
        return sum(comb(g, f) * comb(g - f, rd.total - f) for f in rd.sizes(boards))

    def firsts(rd: _Round) -> int:
        return 1 if rd.k == 1 else sum(comb(len(rd.games), f) for f in rd.sizes(boards))

    def lasts(rd: _Round) -> int:
        return 1 if rd.k == 1 else sum(comb(len(rd.games), rd.total - f) for f in rd.sizes(boards))

    w = sum(splits(rd) for rd in rds)
    w += sum(lasts(a) * firsts(b) for a, b in zip(rds, rds[1:]))
    return w


def _exact(rds: list[_Round], boards: int, consec: list[bool]) -> list[tuple[int, ...]]:
    """The minimum-cost layout by DP over the rounds; state = the games of a round's last slot."""
    # dp: last-slot key -> (cost, last-slot player mask, back pointer index)
    history: list[dict[tuple[int, ...], tuple[int, tuple[int, ...], tuple[int, ...] | None]]] = []
    prev: dict[tuple[int, ...], tuple[int, int]] = {}
    for i, rd in enumerate(rds):
        cur: dict[tuple[int, ...], tuple[int, int]] = {}
        back: dict[tuple[int, ...], tuple[int, tuple[int, ...], tuple[int, ...] | None]] = {}
        h: dict[int, tuple[int, tuple[int, ...] | None]] = {}
        for cats in _splits(rd, boards):
            fmask = _mask(rd, cats, _F)
            if fmask not in h:
                if i == 0:
                    h[fmask] = (0, None)
                elif not consec[i - 1]:
                    key, (c, _) = min(prev.items(), key=lambda kv: kv[1][0])
                    h[fmask] = (c, key)
                else:
                    h[fmask] = min(((c + _BIG * (lm & fmask).bit_count(), key)
                                    for key, (c, lm) in prev.items()), key=lambda t: t[0])
            base, key_prev = h[fmask]
            val = base + _moves(rd, cats)
            lkey = tuple(j for j, c in enumerate(cats) if c == _L) if rd.k > 1 else ()
            if lkey not in cur or val < cur[lkey][0]:
                cur[lkey] = (val, _mask(rd, cats, _L))
                back[lkey] = (val, cats, key_prev)
        history.append(back)
        prev = cur
    key = min(prev, key=lambda k: prev[k][0])
    out: list[tuple[int, ...]] = []
    for back in reversed(history):
        _, cats, pkey = back[key]
        out.append(cats)
        key = pkey  # type: ignore[assignment]
    return out[::-1]


def _forced(a: _Round, b: _Round, boards: int) -> int:
    """Back-to-backs forced at a consecutive seam by a round that fits in one slot.

    If round b fits in one slot, every player of a's last slot who plays in b plays
    back-to-back: at least the ``l_min`` smallest overlaps of a's games; symmetrically for a."""
    if a.k == 1 and b.k == 1:
        return (a.all_mask & b.all_mask).bit_count()
    if a.k == 1:
        w = sorted((x & a.all_mask).bit_count() for x in b.masks)
        return sum(w[: b.sizes(boards)[0]])
    if b.k == 1:
        w = sorted((x & b.all_mask).bit_count() for x in a.masks)
        return sum(w[: a.total - a.sizes(boards)[-1]])
    return 0


def _chains(a: _Round, b: _Round) -> list[tuple[list[int], bool]]:
    """The games of rounds a and b as chains: players are vertices, games edges.

    Each player plays at most one game in each round, so the union is disjoint paths and
    cycles whose edges alternate between the rounds; two edges next to each other in a chain
    share a player.  Returns each chain as its edges (``0`` for a game of a, ``1`` for b) in
    order, and whether it is a cycle."""
    at: dict[int, list[tuple[int, int, tuple[int, int]]]] = {}
    edges = [(0, i, g) for i, g in enumerate(a.games)] + [(1, i, g) for i, g in enumerate(b.games)]
    for e in edges:
        for p in e[2]:
            at.setdefault(p, []).append(e)
    used: set[tuple[int, int]] = set()
    out: list[tuple[list[int], bool]] = []

    def walk(p: int, e: tuple[int, int, tuple[int, int]]) -> list[int]:
        seq = []
        while (e[0], e[1]) not in used:
            used.add((e[0], e[1]))
            seq.append(e[0])
            p = e[2][1] if e[2][0] == p else e[2][0]
            nxt = [f for f in at[p] if (f[0], f[1]) not in used]
            if not nxt:
                break
            e = nxt[0]
        return seq

    for p, es in at.items():  # paths start at a player with a single game
        if len(es) == 1 and (es[0][0], es[0][1]) not in used:
            out.append((walk(p, es[0]), False))
    for e in edges:  # what is left is cycles
        if (e[0], e[1]) not in used:
            out.append((walk(e[2][0], e), True))
    return out


def _seam_bound(a: _Round, b: _Round, boards: int) -> int:
    """Fewest back-to-backs at one seam, ignoring the other seams (a lower bound).

    Round a's last slot holds at least ``l`` games (all if a fits in one slot) and round b's
    first slot at least ``f``; smaller sets never cost more, so exactly l and f.  A shared
    player is two neighbouring chosen edges of a chain (:func:`_chains`); a DP along each chain
    over (a-games chosen, b-games chosen) and a knapsack over chains give the exact minimum."""
    l = len(a.games) if a.k == 1 else a.total - a.sizes(boards)[-1]
    f = len(b.games) if b.k == 1 else b.sizes(boards)[0]
    inf = 1 << 30
    total: dict[tuple[int, int], int] = {(0, 0): 0}
    for seq, cycle in _chains(a, b):
        # state (x, y, first chosen, last chosen) -> fewest shared players
        st: dict[tuple[int, int, bool, bool], int] = {(0, 0, False, False): 0}
        for pos, side in enumerate(seq):
            nxt: dict[tuple[int, int, bool, bool], int] = {}
            for (x, y, first, last), c in st.items():
                for take in (False, True):
                    nx, ny = x + (take and side == 0), y + (take and side == 1)
                    if nx > l or ny > f:
                        continue
                    key = (nx, ny, first if pos else take, take)
                    val = c + (take and last and pos > 0)
                    if val < nxt.get(key, inf):
                        nxt[key] = val
            st = nxt
        table: dict[tuple[int, int], int] = {}
        for (x, y, first, last), c in st.items():
            c += cycle and first and last  # the cycle closes: last and first edges share a player
            if c < table.get((x, y), inf):
                table[(x, y)] = c
        merged: dict[tuple[int, int], int] = {}
        for (x, y), c in total.items():
            for (dx, dy), d in table.items():
                if x + dx <= l and y + dy <= f and c + d < merged.get((x + dx, y + dy), inf):
                    merged[(x + dx, y + dy)] = c + d
        total = merged
    return total[(l, f)]


def _one_slot_reason(a: int, b: int, a_single: bool, b_single: bool) -> str:
    """Why a back-to-back is forced when round ``a`` or the next round ``b`` fits in one slot:
    both in one slot, everybody who plays in both rounds plays twice running; only one, whoever
    plays in it and in the other round's slot next to it."""
    if a_single and b_single:
        return f"round {b} fits in one slot: every player of rounds {a} and {b} plays in consecutive slots"
    if b_single:
        return (f"round {b} fits in one slot: every player of round {a}'s last slot who plays in round {b} "
                "plays in consecutive slots")
    return (f"round {a} fits in one slot: every player of it who plays in round {b}'s first slot "
            "plays in consecutive slots")


def _reason(a: _Round, b: _Round, boards: int, lmask: int, fmask: int, minimal: bool, exact: bool,
            count: int) -> str:
    """Why a player plays in the last slot of round a and the first slot of round b."""
    on = f"on {boards} board{'s' if boards > 1 else ''}"
    if b.k == 1 or a.k == 1:
        return _one_slot_reason(a.number, b.number, a.k == 1, b.k == 1)
    gb, ga = len(b.games), len(a.games)
    if all(x & lmask for x in b.masks):
        n = b.sizes(boards)[0]
        return (f"round {b.number}'s {gb} games {on}: its first slot needs at least {n} "
                f"game{'s' if n > 1 else ''} and every game of round {b.number} involves a player of "
                f"round {a.number}'s last slot")
    if all(x & fmask for x in a.masks):
        n = a.total - a.sizes(boards)[-1]
        return (f"round {a.number}'s {ga} games {on}: its last slot needs at least {n} "
                f"game{'s' if n > 1 else ''} and every game of round {a.number} involves a player of "
                f"round {b.number}'s first slot")
    at_seam = (lmask & fmask).bit_count()
    if at_seam and _seam_bound(a, b, boards) == at_seam:
        l = a.total - a.sizes(boards)[-1]
        f = b.sizes(boards)[0]
        return (f"round {a.number}'s last slot needs at least {l} game{'s' if l > 1 else ''} and round "
                f"{b.number}'s first slot at least {f} ({on}): every such choice has at least "
                f"{at_seam} player{'s' if at_seam > 1 else ''} in both")
    if minimal:
        how = "exhaustive search" if exact else "lower bound"
        return (f"no layout of the games {on} has fewer back-to-backs in all "
                f"({count}, proved minimal by {how})")
    return (f"the search found no layout {on} with fewer back-to-backs in all "
            f"({count}; not proved minimal)")


# --------------------------------------------------------------------------- public API


def schedule(rounds: Sequence[Sequence[tuple[int, int]]] | RoundRobinSchedule, boards: int, start: datetime,
             slot: timedelta, sessions: Sessions | None = None, *,
             exact_budget: int = 12_000_000, windows: Sequence[Window] = (),
             placements: Sequence[Placement] = (), names: Mapping[int, str] | None = None) -> Timetable:
    """Lay the rounds out on ``boards`` boards from ``start`` in slots of length ``slot``.

    Rounds are played in order, each in ceil(games/boards) slots; inside those limits the games
    are placed to minimise back-to-backs (see the module docstring), exactly when the search
    fits in ``exact_budget`` (an estimate of the DP's steps), else by coordinate descent with a
    lower bound check (``Timetable.minimal``).  Raises ValueError for bad input.

    ``windows`` (entrants or boards unavailable) and ``placements`` (a game fixed to a slot and
    board) are laid out by :mod:`roundrobin.windows`: each round takes the fewest slots whose free
    boards hold it, and :class:`roundrobin.windows.WindowConflict` (a ValueError) names the window
    and the round when no layout keeps them all; ``names`` (number -> name) words its messages."""
    if not isinstance(boards, int) or isinstance(boards, bool) or boards < 1:
        raise ValueError(f"boards must be a whole number >= 1, got {boards!r}")
    pairings = cast("Sequence[Sequence[tuple[int, int]]]", getattr(rounds, "rounds", rounds))  # a RoundRobinSchedule or its rounds
    sessions = sessions or Sessions.unlimited()
    rds, byes, bit = _prepare(pairings, boards)
    if windows or placements:
        return _schedule_windows(rds, byes, len(pairings), boards, start, slot, sessions, exact_budget,
                                 tuple(windows), tuple(placements), names)
    count = sum(rd.k for rd in rds)
    times = slot_times(start, slot, sessions, count)
    first_slot, s = [], 0
    for rd in rds:
        first_slot.append(s)
        s += rd.k
    consec = [times[first_slot[i + 1] - 1][1] == times[first_slot[i + 1]][0] for i in range(len(rds) - 1)]

    seams = [i for i in range(len(rds) - 1) if consec[i]]
    lower = sum(_forced(rds[i], rds[i + 1], boards) for i in seams)
    cats = _descent(rds, boards, consec)
    exact = False
    if _cost(rds, consec, cats) // _BIG > lower:
        lower = sum(_seam_bound(rds[i], rds[i + 1], boards) for i in seams)
    if _cost(rds, consec, cats) // _BIG > lower and _work(rds, boards) <= exact_budget:
        cats, exact = _exact(rds, boards, consec), True
    b2b_count = _cost(rds, consec, cats) // _BIG
    minimal = exact or b2b_count == lower

    slots: list[Slot] = []
    for rd, cs in zip(rds, cats):
        order = [[i for i, c in enumerate(cs) if c == _F]]
        mid = [i for i, c in enumerate(cs) if c == _M]
        order += [mid[j: j + boards] for j in range(0, len(mid), boards)]
        if rd.k > 1:
            order.append([i for i, c in enumerate(cs) if c == _L])
        for idx in order:
            st, en, day, ses = times[len(slots)]
            games = tuple((b + 1, *rd.games[i]) for b, i in enumerate(idx))
            slots.append(Slot(len(slots) + 1, st, en, day, ses, rd.number, games))

    player_of = {v: p for p, v in bit.items()}
    b2b: list[BackToBack] = []
    for i in range(len(rds) - 1):
        if not consec[i]:
            continue
        a, b = rds[i], rds[i + 1]
        lmask, fmask = _mask(a, cats[i], _L), _mask(b, cats[i + 1], _F)
        both = lmask & fmask
        reason = _reason(a, b, boards, lmask, fmask, minimal, exact, b2b_count)
        s_last = first_slot[i + 1]  # 1-based number of a's last slot
        for v in sorted(player_of):
            if both & v:
                b2b.append(BackToBack(player_of[v], (s_last, s_last + 1), (a.number, b.number), reason))
    b2b.sort(key=lambda x: (x.slots, x.player))

    game_count = sum(len(rd.games) for rd in rds)
    totals = Totals(games=game_count, rounds=len(pairings), slots=len(slots),
                    days=max((sl.day for sl in slots), default=0),
                    first_start=slots[0].start if slots else start,
                    last_end=slots[-1].end if slots else start)
    return Timetable(boards, slot, sessions, tuple(slots), tuple(byes), tuple(b2b), totals,
                     minimal, lower, exact)


def _schedule_windows(rds: list[_Round], byes: list[tuple[int, int]], rounds: int, boards: int, start: datetime,
                      slot: timedelta, sessions: Sessions, budget: int, windows: tuple[Window, ...],
                      placements: tuple[Placement, ...], names: Mapping[int, str] | None) -> Timetable:
    """:func:`schedule` with windows and placements (:func:`roundrobin.windows.lay_out_windows`)."""
    from roundrobin.windows import lay_out_windows

    lower = 0
    if not any(w.board is not None for w in windows):
        # the boards are all free: the rounds take the slots they take without windows, and
        # windows only take layouts away, so the seams' bounds without windows still hold
        times = slot_times(start, slot, sessions, sum(rd.k for rd in rds))
        ends = list(itertools.accumulate(rd.k for rd in rds))
        lower = sum(_seam_bound(rds[i], rds[i + 1], boards) for i in range(len(rds) - 1)
                    if times[ends[i] - 1][1] == times[ends[i]][0])
    clock, played, _consec, exact, minimal = lay_out_windows(
        rds, boards, lambda n: slot_times(start, slot, sessions, n), windows, placements, names,
        min(budget, WINDOWS_BUDGET), lower)
    days = sorted({clock.times[ci][2] for ci, _, _ in played})
    slots = [Slot(ci + 1, clock.times[ci][0], clock.times[ci][1], days.index(clock.times[ci][2]) + 1,
                  clock.times[ci][3], rnd, tuple(games)) for ci, rnd, games in played]
    # what the layouts were searched within: the windows, the games placed by hand, or both
    scope = {(True, False): "of the games within the windows", (False, True): "keeping the placed games where asked",
             (True, True): "within the windows and keeping the placed games where asked"}[bool(windows), bool(placements)]
    b2b: list[BackToBack] = []
    for a, b in zip(slots, slots[1:]):
        if a.end != b.start:
            continue
        both = {p for _, w, k in a.games for p in (w, k)} & {p for _, w, k in b.games for p in (w, k)}
        if not both:
            continue
        one = {x.number for x in rds if x.number in (a.round, b.round) and -(-len(x.games) // boards) == 1
               and sum(s.round == x.number for s in slots) == 1}
        if one:
            reason = _one_slot_reason(a.round, b.round, a.round in one, b.round in one)
        elif minimal:
            reason = (f"no layout {scope} has fewer back-to-backs in all "
                      f"(proved minimal by {'exhaustive search' if exact else 'lower bound'})")
        else:
            reason = f"a layout {scope.removeprefix('of the games ')}; not proved minimal"
        b2b += [BackToBack(p, (a.number, b.number), (a.round, b.round), reason) for p in sorted(both)]
    game_count = sum(len(rd.games) for rd in rds)
    totals = Totals(games=game_count, rounds=rounds, slots=len(slots), days=len(days),
                    first_start=slots[0].start if slots else start, last_end=slots[-1].end if slots else start)
    return Timetable(boards, slot, sessions, tuple(slots), tuple(byes), tuple(b2b), totals, minimal,
                     len(b2b) if minimal else lower, exact, windows, placements)


def _minutes(d: timedelta) -> int:
    return int(d.total_seconds() // 60)


def timetable_dict(tt: Timetable) -> dict[str, Any]:
    """The timetable as a JSON-ready dict with a stable shape (ISO 8601 datetimes)::

        {"boards", "slot_minutes", "sessions",
         "totals": {"games", "rounds", "slots", "days", "first_start", "last_end",
                    "back_to_back", "minimal", "lower_bound", "exact"},
         "slots": [{"number", "day", "session", "start", "end", "round",
                    "games": [{"board", "white", "black"}]}],
         "byes": [{"round", "player"}],
         "back_to_back": [{"player", "slots": [s, s+1], "rounds": [r, r+1], "reason"}],
         "windows": [{"entrant", "board", "from", "until", "slots", "label"}],
         "placements": [{"white", "black", "slot", "board", "label"}]}

    Slot numbers are the clock's (1 = the slot at the start); with windows a slot in which no
    board is free holds no games and is left out.  ``entrant``/``board``: one of them is null;
    ``from``/``until``: ISO datetimes or null; ``slots``: [] for a period.
    """
    t = tt.totals
    return {
        "boards": tt.boards,
        "slot_minutes": _minutes(tt.slot_length),
        "sessions": tt.sessions.describe(),
        "totals": {"games": t.games, "rounds": t.rounds, "slots": t.slots, "days": t.days,
                   "first_start": t.first_start.isoformat(), "last_end": t.last_end.isoformat(),
                   "back_to_back": len(tt.back_to_back), "minimal": tt.minimal,
                   "lower_bound": tt.lower_bound, "exact": tt.exact},
        "slots": [{"number": s.number, "day": s.day, "session": s.session,
                   "start": s.start.isoformat(), "end": s.end.isoformat(), "round": s.round,
                   "games": [{"board": b, "white": w, "black": k} for b, w, k in s.games]}
                  for s in tt.slots],
        "byes": [{"round": r, "player": p} for r, p in tt.byes],
        "back_to_back": [{"player": x.player, "slots": list(x.slots), "rounds": list(x.rounds),
                          "reason": x.reason} for x in tt.back_to_back],
        "windows": [{"entrant": w.entrant, "board": w.board,
                     "from": w.start.isoformat() if w.start else None,
                     "until": w.end.isoformat() if w.end else None,
                     "slots": sorted(w.slots), "label": w.describe()} for w in tt.windows],
        "placements": [{"white": p.pair[0], "black": p.pair[1], "slot": p.slot, "board": p.board,
                        "label": p.describe()} for p in tt.placements],
    }


CSV_HEADER = ("slot", "day", "start", "end", "round", "board", "white", "black")


def timetable_rows(tt: Timetable) -> list[tuple[str | int, ...]]:
    """One row per game: (slot, day, start, end, round, board, white, black), header first."""
    rows: list[tuple[str | int, ...]] = [CSV_HEADER]
    for s in tt.slots:
        for b, w, k in s.games:
            rows.append((s.number, s.day, s.start.isoformat(sep=" ", timespec="minutes"),
                         s.end.isoformat(sep=" ", timespec="minutes"), s.round, b, w, k))
    return rows


def timetable_csv(tt: Timetable) -> str:
    """:func:`timetable_rows` as CSV text (write it with ``trf.writer.write_atomic``)."""
    buf = io.StringIO()
    spreadsheet.writer(buf).writerows(timetable_rows(tt))
    return buf.getvalue()
