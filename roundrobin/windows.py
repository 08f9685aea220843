"""Availability windows for round-robin timetables: when an entrant or a board cannot be used,
and games fixed to a slot and board (the opening match).

:func:`roundrobin.timetable.schedule` takes ``windows`` and ``placements`` and, when either is
given, lays the rounds out here.  Design decisions:

* **A window is unavailability.** :class:`Window` says that an entrant (a number of the table)
  or a board (1..boards) cannot be used during a period ``[start, end)`` (either end open:
  "before 11:00" is ``end=11:00``, "after 17:00" is ``start=17:00``) or in given slot numbers.
  A slot is blocked when it overlaps the period at any moment: a game of 10:45-11:30 is "before
  11:00" in part, so a team that cannot play before 11:00 does not play it.
* **Slot numbers are the clock's.** Slot 1 starts at ``start``, slot s is the s-th slot the
  sessions allow (:func:`roundrobin.timetable.slot_times`), whether or not games are played in
  it; a slot in which no board is free holds no games and is a rest for everybody.
* **Boards decide the slots of a round.** Rounds are played in order; round r takes the fewest
  slots after round r-1 whose free boards hold its games (ceil(games/boards) when every board is
  free).  Entrant windows and placements never lengthen a round or the day: when they leave no
  layout of a round's games in its slots, :class:`WindowConflict` names the windows and the
  round (and what a game cannot fit into) instead of a timetable that breaks a window.
* **Rest and objective as without windows.** A back-to-back is a player in two slots of which
  the second starts when the first ends; the layout minimises back-to-backs, then games moved
  out of the slot the table's order would give them.
* **Search and proof** (:func:`lay_out_windows`). A greedy layout first (each round keeps the players of the slot before
  it out of its first slot); when every board is free the rounds take the slots they take
  without windows, and windows only take layouts away, so the seams' lower bound without
  windows (:func:`roundrobin.timetable._seam_bound`) holds: a layout that meets it is minimal.
  Otherwise an exact dynamic programme over the rounds (state: the games of a round's last
  slot; each round's options are its first and last slots' games that leave the others a place
  in the middle slots) when its work is within the budget; beyond it a descent over the
  rounds' options, ``minimal`` only if it meets the bound (0 with board windows).
* **Placements.** :class:`Placement` puts a pair's game in a slot on a board; the slot must
  belong to the round in which the pair meets (choose the numbering so that they meet in round 1
  for an opening match: ``--meet A-B@1``).

No FIDE rule governs slots, rest or availability (the reference digests are silent;
UNCONFIRMED against the Handbook): these are an organiser's constraints, not regulations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import re
from datetime import date, datetime
from itertools import combinations
from math import comb
from typing import Callable, Mapping, Protocol, Sequence

#: The first ``count`` clock slots as (start, end, day, session): ``roundrobin.timetable.slot_times``
#: for the event's start, slot length and sessions.
ClockSlots = Callable[[int], list[tuple[datetime, datetime, int, int]]]


class _Round(Protocol):
    """A round as the timetable prepares it: its number, games and the games' player masks."""

    @property
    def number(self) -> int: ...
    @property
    def games(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def masks(self) -> tuple[int, ...]: ...

__all__ = ["WINDOWS_HEADER", "Placement", "Window", "WindowConflict", "WindowsFileError", "parse_placement",
           "parse_unavailable", "parse_windows_csv"]

#: The most clock slots looked at before a round is declared impossible (no board ever free).
MAX_CLOCK_SLOTS = 100_000
_BIG = 10**6


@dataclass(frozen=True)
class Window:
    """An entrant or a board unavailable in a period ``[start, end)`` or in given slots.

    Exactly one of ``entrant`` (a number of the table) and ``board`` (1..boards); either
    ``slots`` (clock slot numbers, 1 = the first) or a period with at least one end.  ``label``
    names the window in messages (e.g. ``Team B cannot play before 11:00``); :meth:`describe`
    makes one when it is empty."""

    entrant: int | None = None
    board: int | None = None
    start: datetime | None = None
    end: datetime | None = None
    slots: frozenset[int] = field(default_factory=frozenset)
    label: str = ""

    def __post_init__(self) -> None:
        if (self.entrant is None) == (self.board is None):
            raise ValueError("a window is for an entrant or for a board (exactly one)")
        if self.slots and (self.start is not None or self.end is not None):
            raise ValueError("a window gives either slot numbers or a period, not both")
        if not self.slots and self.start is None and self.end is None:
            raise ValueError("a window needs slot numbers or a period (from and/or until)")
        if self.start is not None and self.end is not None and not self.start < self.end:
            raise ValueError(f"a window must end after it starts ({self.start:%Y-%m-%d %H:%M} to "
                             f"{self.end:%Y-%m-%d %H:%M})")
        if any(not isinstance(s, int) or s < 1 for s in self.slots):
            raise ValueError("slot numbers start at 1")

    def blocks(self, number: int, start: datetime, end: datetime) -> bool:
        """Whether clock slot ``number`` (from ``start`` to ``end``) overlaps the window."""
        if self.slots:
            return number in self.slots
        return (self.start is None or end > self.start) and (self.end is None or start < self.end)

    def describe(self) -> str:
        """The label, or a sentence such as ``player 3 cannot play before 11:00``."""
        if self.label:
            return self.label
        who = f"player {self.entrant}" if self.entrant is not None else f"board {self.board}"
        verb = "cannot play" if self.entrant is not None else "is not free"
        return f"{who} {verb} {self.when()}"

    def when(self) -> str:
        """``before 11:00``, ``after 17:00``, ``from 12:00 to 13:00`` or ``in slots 1, 2``."""
        if self.slots:
            s = sorted(self.slots)
            return f"in slot{'s' if len(s) > 1 else ''} {', '.join(map(str, s))}"
        if self.start is None:
            assert self.end is not None
            return f"before {self.end:%Y-%m-%d %H:%M}"
        if self.end is None:
            return f"after {self.start:%Y-%m-%d %H:%M}"
        return f"from {self.start:%Y-%m-%d %H:%M} to {self.end:%Y-%m-%d %H:%M}"


@dataclass(frozen=True)
class Placement:
    """The game of ``pair`` (either colour) in clock slot ``slot`` on board ``board``."""

    pair: tuple[int, int]
    slot: int = 1
    board: int = 1
    label: str = ""

    def describe(self) -> str:
        return self.label or f"{self.pair[0]}-{self.pair[1]} in slot {self.slot} on board {self.board}"


class WindowConflict(ValueError):
    """The windows and placements leave no timetable: ``round`` (or None) is the round that cannot
    be laid out, ``windows`` and ``placements`` the ones in conflict with it."""

    def __init__(self, message: str, round: int | None = None, windows: Sequence[Window] = (),
                 placements: Sequence[Placement] = ()) -> None:
        super().__init__(message)
        self.round = round
        self.windows = tuple(windows)
        self.placements = tuple(placements)


# --------------------------------------------------------------------------- parsers


class WindowsFileError(ValueError):
    """A windows file that cannot be read: ``path``, ``line``, ``column`` (1-based, in characters)
    and what was expected."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path, self.line, self.column, self.message = path, line, column, message


_BOARD = re.compile(r"^(board|court)\s*(\d{1,4})$", re.IGNORECASE)
_TIME = ("%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M")


def _moment(text: str, day: date) -> datetime:
    """``11:00`` (on ``day``, the first slot's date) or ``2026-06-14 11:00``."""
    t = text.strip()
    for fmt in _TIME:
        try:
            d = datetime.strptime(t, fmt)
        except ValueError:
            continue
        return datetime.combine(day, d.time()) if fmt == "%H:%M" else d
    raise ValueError(f"{text.strip()!r} is not a time: expected HH:MM (on the first day) or YYYY-MM-DD HH:MM")


def _slot_numbers(text: str) -> frozenset[int]:
    parts = [x for x in re.split(r"[\s,;]+", text.strip()) if x]
    if not parts or not all(x.isdecimal() and len(x) <= 6 and int(x) >= 1 for x in parts):
        raise ValueError(f"{text.strip()!r}: expected slot numbers 1, 2, ... separated by spaces, commas or ';'")
    return frozenset(int(x) for x in parts)


def _who(text: str, entrants: Mapping[str, int]) -> tuple[int | None, int | None, str]:
    """An entrant's name or ``board N`` / ``court N``: (entrant, board, the name as written)."""
    w = text.strip()
    if w in entrants:
        return entrants[w], None, w
    m = _BOARD.match(w)
    if m:
        return None, int(m.group(2)), f"{m.group(1).lower()} {int(m.group(2))}"
    raise ValueError(f"{w!r} is neither one of the entrants nor a board (board N or court N)")


def _window(entrant: int | None, board: int | None, who: str, start: datetime | None, end: datetime | None,
            slots: frozenset[int], when: str) -> Window:
    verb = "cannot play" if entrant is not None else "is not free"
    return Window(entrant=entrant, board=board, start=start, end=end, slots=slots, label=f"{who} {verb} {when}")


def parse_unavailable(text: str, entrants: Mapping[str, int], day: date) -> Window:
    """``WHO@WHEN`` (``--unavailable``): WHO an entrant's name, or ``board N`` / ``court N``; WHEN
    ``before 11:00``, ``after 17:00``, ``from 12:00 until 13:00`` (also ``12:00-13:00``),
    ``slot 1`` or ``slots 1,2``.  A time alone is on ``day`` (the first slot's date); another day
    as ``2026-06-14 11:00``.  Raises ValueError saying what was expected."""
    who, at, when = text.rpartition("@")
    if not at or not who.strip() or not when.strip():
        raise ValueError(f"--unavailable {text!r}: expected WHO@WHEN, e.g. \"Team B@before 11:00\", "
                         f"\"court 2@before 14:00\" or \"Team C@slot 1\"")
    try:
        entrant, board, name = _who(who, entrants)
        w = " ".join(when.split())
        low = w.lower()
        start = end = None
        slots: frozenset[int] = frozenset()
        if low.startswith(("slot ", "slots ")):
            slots = _slot_numbers(w.split(" ", 1)[1])
            words = f"in slot{'s' if len(slots) > 1 else ''} {', '.join(map(str, sorted(slots)))}"
        elif low.startswith("before "):
            end, words = _moment(w[7:], day), w
        elif low.startswith(("after ", "from ")) and not re.search(r"\s(until|to)\s", low):
            start, words = _moment(w.split(" ", 1)[1], day), w
        elif low.startswith("until "):
            end, words = _moment(w[6:], day), f"before {w[6:]}"
        elif m := re.match(r"^(?:from\s+)?(.+?)\s*(?:\s(?:until|to)\s|-)\s*(\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2})$",
                           w, re.IGNORECASE):
            start, end = _moment(m.group(1), day), _moment(m.group(2), day)
            words = f"from {m.group(1)} until {m.group(2)}"
        else:
            raise ValueError("expected before T, after T, from T until T (or HH:MM-HH:MM), slot N or slots N,M")
        return _window(entrant, board, name, start, end, slots, words)
    except ValueError as exc:
        raise ValueError(f"--unavailable {text!r}: {exc}") from None


def parse_placement(text: str) -> tuple[str, str, int, int]:
    """``A-B@SLOT/BOARD`` (``--place``): the names and the clock slot and board numbers."""
    pair, at, where = text.rpartition("@")
    m = re.match(r"^\s*(\d{1,6})\s*/\s*(\d{1,4})\s*$", where)
    if not at or not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise ValueError(f"--place {text!r}: expected A-B@SLOT/BOARD, e.g. \"Team A-Team B@1/1\"")
    from roundrobin.seeding import parse_meet

    try:
        meet = parse_meet(pair + "@1")
    except ValueError:
        raise ValueError(f"--place {text!r}: expected A-B@SLOT/BOARD, e.g. \"Team A-Team B@1/1\"") from None
    return meet.a, meet.b, int(m.group(1)), int(m.group(2))


#: The windows file's header (``--windows``): who, unavailable from, until, or slot numbers.
WINDOWS_HEADER = ("who", "from", "until", "slots")


def _fields(line: str) -> list[tuple[str, int]]:
    """A CSV line's fields with the 1-based column where each starts (quotes ``"`` as Excel)."""
    out: list[tuple[str, int]] = []
    cur: list[str] = []
    col, quoted, i = 1, False, 0
    while i < len(line):
        ch = line[i]
        if quoted:
            if ch == '"' and line[i + 1: i + 2] == '"':
                cur.append('"')
                i += 1
            elif ch == '"':
                quoted = False
            else:
                cur.append(ch)
        elif ch == '"':
            quoted = True
        elif ch == ",":
            out.append(("".join(cur), col))
            cur, col = [], i + 2
        else:
            cur.append(ch)
        i += 1
    out.append(("".join(cur), col))
    return out


def parse_windows_csv(text: str, path: str, entrants: Mapping[str, int], day: date) -> list[Window]:
    """A windows file: the header ``who,from,until,slots`` then one window a line.  ``who`` is an
    entrant's name or ``board N`` / ``court N``; ``from`` and ``until`` (either may be empty: open)
    the period when it is unavailable, or ``slots`` the clock slot numbers (``1`` or ``"1,2"`` or
    ``1 2``).  Times as in :func:`parse_unavailable`.  Blank lines and ``#`` lines are skipped.
    Raises :class:`WindowsFileError` naming the line and column."""
    out: list[Window] = []
    header: list[str] | None = None
    for no, raw in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        cells = _fields(raw)
        if header is None:
            header = [c.strip().lower() for c, _ in cells]
            if sorted(header) != sorted(WINDOWS_HEADER):
                raise WindowsFileError(path, no, 1, f"expected the header {','.join(WINDOWS_HEADER)} (got {raw.strip()!r})")
            continue
        if len(cells) != len(header):
            raise WindowsFileError(path, no, cells[-1][1], f"expected {len(header)} fields "
                                   f"({','.join(header)}), got {len(cells)}")
        row = {h: (c.strip(), col) for h, (c, col) in zip(header, cells)}
        try:
            entrant, board, name = _who(row["who"][0], entrants)
        except ValueError as exc:
            raise WindowsFileError(path, no, row["who"][1], str(exc)) from None
        start = end = None
        slots: frozenset[int] = frozenset()
        for key in ("from", "until"):
            if row[key][0]:
                try:
                    moment = _moment(row[key][0], day)
                except ValueError as exc:
                    raise WindowsFileError(path, no, row[key][1], str(exc)) from None
                start, end = (moment, end) if key == "from" else (start, moment)
        if row["slots"][0]:
            if start is not None or end is not None:
                raise WindowsFileError(path, no, row["slots"][1], "give either slots or from/until, not both")
            try:
                slots = _slot_numbers(row["slots"][0])
            except ValueError as exc:
                raise WindowsFileError(path, no, row["slots"][1], str(exc)) from None
        elif start is None and end is None:
            raise WindowsFileError(path, no, row["from"][1], "expected from and/or until (a time), or slots")
        f, u = row["from"][0], row["until"][0]
        words = (f"in slot{'s' if len(slots) > 1 else ''} {', '.join(map(str, sorted(slots)))}" if slots else
                 f"before {u}" if not f else f"after {f}" if not u else f"from {f} until {u}")
        try:
            out.append(_window(entrant, board, name, start, end, slots, words))
        except ValueError as exc:
            raise WindowsFileError(path, no, row["from"][1], str(exc)) from None
    return out


# --------------------------------------------------------------------------- the clock slots


@dataclass(frozen=True)
class _Clock:
    """Clock slot i (0-based): its times, day, session and free boards."""

    times: list[tuple[datetime, datetime, int, int]]
    free: list[tuple[int, ...]]


def _clock(clock_slots: ClockSlots, boards: int, windows: Sequence[Window], count: int) -> _Clock:
    times = clock_slots(count)
    bw = [w for w in windows if w.board is not None]
    free = [tuple(b for b in range(1, boards + 1)
                  if not any(w.board == b and w.blocks(i + 1, s, e) for w in bw))
            for i, (s, e, _, _) in enumerate(times)]
    return _Clock(times, free)


def _layout(rds: Sequence[_Round], boards: int, clock_slots: ClockSlots,
            windows: Sequence[Window]) -> tuple[_Clock, list[list[int]]]:
    """Each round's clock slots (0-based, only those with a free board): the fewest after the
    previous round's whose free boards hold its games."""
    need = sum(-(-len(rd.games) // boards) for rd in rds)
    count = max(8, 2 * need)
    bw = [w for w in windows if w.board is not None]
    horizon = max([e for w in bw for e in (w.start, w.end) if e is not None], default=None)
    last_numbered = max((s for w in bw for s in w.slots), default=0)
    while True:
        clock = _clock(clock_slots, boards, windows, count)
        out: list[list[int]] = []
        i = 0
        short = False
        for rd in rds:
            mine: list[int] = []
            room = 0
            while room < len(rd.games):
                if i >= count:
                    short = True
                    break
                if clock.free[i]:
                    mine.append(i)
                    room += len(clock.free[i])
                elif (horizon is None or clock.times[i][0] >= horizon) and i + 1 > last_numbered:
                    # past every window's bounds the free boards never change again
                    first = i
                    while first > 0 and not clock.free[first - 1]:
                        first -= 1
                    raise WindowConflict(
                        f"no board is free from {clock.times[first][0]:%Y-%m-%d %H:%M} on "
                        f"({'; '.join(w.describe() for w in bw)}): round {rd.number} cannot be played",
                        rd.number, bw)
                i += 1
            if short:
                break
            out.append(mine)
        if not short:
            return clock, out
        if count >= MAX_CLOCK_SLOTS:
            raise WindowConflict(f"the boards' windows leave no room for round {rds[len(out)].number} in the "
                                 f"first {MAX_CLOCK_SLOTS} slots", rds[len(out)].number, bw)
        count = min(MAX_CLOCK_SLOTS, count * 2)


# --------------------------------------------------------------------------- one round's slots


def _match(allowed: Sequence[Sequence[int]], caps: Sequence[int], prefer: Sequence[Sequence[int]] | None = None
           ) -> tuple[list[int], list[int]]:
    """Games to slots (indices into ``caps``) within ``allowed`` (tried in the order of
    ``prefer`` when given), as many as possible, by augmenting paths.  Returns each game's slot
    (-1: none) and the games left out."""
    order = prefer if prefer is not None else allowed
    at: list[int] = [-1] * len(allowed)
    holds: list[list[int]] = [[] for _ in caps]

    def place(g: int, seen: set[int]) -> bool:
        for s in order[g]:
            if s in seen:
                continue
            seen.add(s)
            if len(holds[s]) < caps[s]:
                holds[s].append(g)
                at[g] = s
                return True
            for h in list(holds[s]):
                if place(h, seen):  # h moved to another slot: its place in s is g's
                    holds[s].remove(h)
                    holds[s].append(g)
                    at[g] = s
                    return True
        return False

    left = [g for g in range(len(allowed)) if not place(g, set())]
    return at, left


def _hall(allowed: Sequence[Sequence[int]], caps: Sequence[int], at: Sequence[int], g0: int) -> tuple[list[int], list[int]]:
    """A set of games (with ``g0``, left out by :func:`_match`) and the slots they may use, whose
    boards are fewer than the games: the games reachable from ``g0`` by alternating paths."""
    games, slots = {g0}, set()
    todo = [g0]
    while todo:
        g = todo.pop()
        for s in allowed[g]:
            if s not in slots:
                slots.add(s)
                for h, t in enumerate(at):
                    if t == s and h not in games:
                        games.add(h)
                        todo.append(h)
    return sorted(games), sorted(slots)


# --------------------------------------------------------------------------- the search


@dataclass(frozen=True)
class _Option:
    """One choice for a round: the games of its first and of its last slot (indices)."""

    first: frozenset[int]
    last: frozenset[int]
    fmask: int
    lmask: int
    moves: int


def _options(rd: _Round, allowed: Sequence[frozenset[int]], caps: Sequence[int], default: Sequence[int],
             limit: int) -> tuple[list[_Option], int] | None:
    """Every (first slot, last slot) choice that leaves the other games a place in the middle
    slots, and the work counted against the budget (the candidate first and last slots); None
    when that is more than ``limit``."""
    g, k = len(rd.games), len(caps)
    mask = rd.masks
    if k == 1:
        allg = frozenset(range(g))
        m = 0
        for x in mask:
            m |= x
        return [_Option(allg, allg, m, m, 0)], 1
    cand_f = [i for i in range(g) if 0 in allowed[i]]
    cand_l = [i for i in range(g) if k - 1 in allowed[i]]
    must_f = [i for i in range(g) if allowed[i] == frozenset({0})]
    must_l = [i for i in range(g) if allowed[i] == frozenset({k - 1})]
    est = sum(comb(len(cand_f), f) for f in range(caps[0] + 1))
    if k > 2:  # with two slots the last holds the rest
        est *= sum(comb(len(cand_l), x) for x in range(caps[-1] + 1))
    if est > limit:
        return None
    out: list[_Option] = []
    mids = list(range(1, k - 1))
    for nf in range(min(caps[0], len(cand_f)) + 1):
        for first in combinations(cand_f, nf):
            fs = frozenset(first)
            if not fs.issuperset(must_f):
                continue
            rest_l = [i for i in cand_l if i not in fs]
            for nl in range(min(caps[-1], len(rest_l)) + 1):
                for last in combinations(rest_l, nl):
                    ls = frozenset(last)
                    if not ls.issuperset(must_l):
                        continue
                    middle = [i for i in range(g) if i not in fs and i not in ls]
                    if middle:
                        if not mids:
                            continue
                        allowed_m = [[j - 1 for j in mids if j in allowed[i]] for i in middle]
                        if _match(allowed_m, [caps[j] for j in mids])[1]:
                            continue
                    fm = lm = 0
                    for i in fs:
                        fm |= mask[i]
                    for i in ls:
                        lm |= mask[i]
                    moves = sum((default[i] == 0) != (i in fs) for i in range(g)) + \
                        sum((default[i] == k - 1) != (i in ls) for i in range(g))
                    out.append(_Option(fs, ls, fm, lm, moves))
    return out, est


def _dp(opts: list[list[_Option]], consec: list[bool]) -> list[_Option]:
    """The options of least cost (_BIG per back-to-back plus moves), by a DP over the rounds."""
    prev: dict[frozenset[int], tuple[int, int, list[_Option]]] = {}
    for i, ops in enumerate(opts):
        cur: dict[frozenset[int], tuple[int, int, list[_Option]]] = {}
        for o in ops:
            best: tuple[int, list[_Option]]
            if i == 0:
                best = (0, [])
            else:
                best = min(((c + (_BIG * (lm & o.fmask).bit_count() if consec[i - 1] else 0), path)
                            for c, lm, path in prev.values()), key=lambda t: t[0])
            val = best[0] + o.moves
            if o.last not in cur or val < cur[o.last][0]:
                cur[o.last] = (val, o.lmask, best[1] + [o])
        prev = cur
    return min(prev.values(), key=lambda t: t[0])[2]


def _nearest(default: int) -> Callable[[int], int]:
    """Sort key: slots nearest a game's default slot first."""
    return lambda j: abs(j - default)


def _clear(default: int, meets_before: bool) -> Callable[[int], tuple[bool, int]]:
    """Sort key: a game with a player of the slot before the round keeps out of its first slot."""
    return lambda j: (meets_before and j == 0, abs(j - default))


def lay_out_windows(rds: Sequence[_Round], boards: int, clock_slots: ClockSlots,
            windows: Sequence[Window], placements: Sequence[Placement], names: Mapping[int, str] | None,
            budget: int, lower: int = 0
            ) -> tuple[_Clock, list[tuple[int, int, list[tuple[int, int, int]]]], list[bool], bool, bool]:
    """The games of every round in clock slots and on boards, within the windows.

    Returns the clock, the played slots as ``(clock index, round, [(board, white, black)])`` in time
    order, for each pair of neighbouring rounds whether round r's last slot and round r+1's first
    touch, whether the exact search ran and whether the layout is proved minimal (by it, or by a
    greedy layout meeting ``lower``, a lower bound of the back-to-backs).  The exact search's
    work (candidate first and last slots of the rounds, and the DP's transitions) is held to
    ``budget``.  Raises :class:`WindowConflict`, and ValueError for a board that does not exist."""
    def nm(p: int) -> str:
        return names.get(p, str(p)) if names else str(p)

    def game(rd: _Round, i: int) -> str:
        w, b = rd.games[i]
        return f"{nm(w)}-{nm(b)}"

    for w in windows:
        if w.board is not None and not 1 <= w.board <= boards:
            raise ValueError(f"{w.describe()}: there are boards 1 to {boards} only")
    clock, slots_of = _layout(rds, boards, clock_slots, windows)

    def when(i: int) -> str:
        s, e, _, _ = clock.times[i]
        return f"slot {i + 1} ({s:%H:%M}-{e:%H:%M})"

    ew = [w for w in windows if w.entrant is not None]
    # placements: round, slot, board
    pinned: dict[tuple[int, int], tuple[int, int]] = {}  # (round index, game index) -> (slot pos, board)
    used_boards: dict[tuple[int, int], Placement] = {}
    for pl in placements:
        if not 1 <= pl.board <= boards:
            raise ValueError(f"{pl.describe()}: there are boards 1 to {boards} only")
        where = [(ri, gi) for ri, rd in enumerate(rds) for gi, g in enumerate(rd.games) if set(g) == set(pl.pair)]
        if not where:
            raise WindowConflict(f"{pl.describe()}: {nm(pl.pair[0])} and {nm(pl.pair[1])} do not play each other "
                                 f"in a game of this timetable", None, placements=[pl])
        ri, gi = where[0]
        rd = rds[ri]
        if pl.slot - 1 not in slots_of[ri]:
            span = slots_of[ri]
            raise WindowConflict(
                f"{pl.describe()}: {game(rd, gi)} is a round-{rd.number} game and round {rd.number} is played in "
                f"slots {span[0] + 1}-{span[-1] + 1}" if len(span) > 1 else
                f"{pl.describe()}: {game(rd, gi)} is a round-{rd.number} game and round {rd.number} is played in "
                f"slot {span[0] + 1}", rd.number, placements=[pl])
        if pl.board not in clock.free[pl.slot - 1]:
            blocking = [w for w in windows if w.board == pl.board]
            raise WindowConflict(f"{pl.describe()}: board {pl.board} is not free in slot {pl.slot}"
                                 + (f" ({'; '.join(w.describe() for w in blocking)})" if blocking else
                                    f" (boards 1 to {boards})"), rd.number, blocking, [pl])
        key = (pl.slot, pl.board)
        if key in used_boards or (ri, gi) in pinned:
            other = used_boards.get(key) or next(p for p in placements if set(p.pair) == set(pl.pair))
            raise WindowConflict(f"{pl.describe()} and {other.describe()} cannot both hold", rd.number,
                                 placements=[other, pl])
        used_boards[key] = pl
        s, e, _, _ = clock.times[pl.slot - 1]
        blocking = [w for w in ew if w.entrant in rd.games[gi] and w.blocks(pl.slot, s, e)]
        if blocking:
            raise WindowConflict(f"{pl.describe()}: {'; '.join(w.describe() for w in blocking)}", rd.number,
                                 blocking, [pl])
        pinned[(ri, gi)] = (slots_of[ri].index(pl.slot - 1), pl.board)

    # allowed slots (positions in the round's slots) of every game, and the rounds' capacities
    allowed: list[list[frozenset[int]]] = []
    caps: list[list[int]] = []
    defaults: list[list[int]] = []
    for ri, rd in enumerate(rds):
        mine = slots_of[ri]
        cap = [len(clock.free[i]) for i in mine]
        al: list[frozenset[int]] = []
        for gi, g in enumerate(rd.games):
            if (ri, gi) in pinned:
                al.append(frozenset({pinned[(ri, gi)][0]}))
                continue
            al.append(frozenset(j for j, i in enumerate(mine)
                                if not any(w.entrant in g and w.blocks(i + 1, *clock.times[i][:2]) for w in ew)))
        at, left = _match([sorted(a) for a in al], cap)
        if left:
            g0 = left[0]
            played_in = (f"slots {mine[0] + 1}-{mine[-1] + 1}" if len(mine) > 1 else f"slot {mine[0] + 1}") + \
                f" ({clock.times[mine[0]][0]:%H:%M}-{clock.times[mine[-1]][1]:%H:%M})"
            if not al[g0]:
                blocking = [w for w in ew if w.entrant in rd.games[g0]
                            and any(w.blocks(i + 1, *clock.times[i][:2]) for i in mine)]
                pins = [p for p in placements if set(p.pair) == set(rd.games[g0])]
                raise WindowConflict(
                    f"{'; '.join(w.describe() for w in blocking)} but round {rd.number} is played in {played_in}: "
                    f"its game {game(rd, g0)} fits in none of them", rd.number, blocking, pins)
            gs, ss = _hall([sorted(a) for a in al], cap, at, g0)
            inside = {mine[j] for j in ss}
            blocking = [w for w in ew if any(w.entrant in rd.games[g] for g in gs)
                        and any(w.blocks(i + 1, *clock.times[i][:2]) for i in mine if i not in inside)]
            bblock = [w for w in windows if w.board is not None
                      and any(w.blocks(i + 1, *clock.times[i][:2]) for i in inside)]
            pins = [p for p in placements if any(set(p.pair) == set(rd.games[g]) for g in gs)]
            boards_in = sum(cap[j] for j in ss)
            room_text = ", ".join(when(mine[j]) for j in ss)
            raise WindowConflict(
                f"round {rd.number} is played in {played_in} but its games {', '.join(game(rd, g) for g in gs)} can only "
                f"be played in {room_text}, which ha{'ve' if len(ss) > 1 else 's'} {boards_in} free "
                f"board{'s' if boards_in != 1 else ''}"
                + (f" ({'; '.join(x.describe() for x in [*blocking, *bblock])}"
                   + ("; " if pins and (blocking or bblock) else "") + "; ".join(p.describe() for p in pins) + ")"
                   if blocking or bblock or pins else ""),
                rd.number, [*blocking, *bblock], pins)
        allowed.append(al)
        caps.append(cap)
        dflt: list[int] = []
        j, left_in = 0, cap[0]
        for _ in rd.games:  # the table's order cut into the slots by their free boards
            while left_in == 0:
                j += 1
                left_in = cap[j]
            dflt.append(j)
            left_in -= 1
        defaults.append(dflt)

    consec = [clock.times[slots_of[i][-1]][1] == clock.times[slots_of[i + 1][0]][0] for i in range(len(rds) - 1)]

    def build(chosen: list[_Option] | None) -> tuple[list[tuple[int, int, list[tuple[int, int, int]]]], list[_Option]]:
        """The slots of the chosen options, or (None) of a greedy layout within the windows, and
        each round's option."""
        out: list[tuple[int, int, list[tuple[int, int, int]]]] = []
        used: list[_Option] = []
        prev_last = 0
        for ri, rd in enumerate(rds):
            mine, cap, al = slots_of[ri], caps[ri], allowed[ri]
            k = len(mine)
            if chosen is not None:
                pick = chosen[ri]
                fixed = {i: 0 for i in pick.first} | {i: k - 1 for i in pick.last}
            else:  # greedy: each round keeping clear of the last slot before it
                fixed = {}
            # the rest in the middle slots (greedy: anywhere), nearest their default slot
            free_games = [i for i in range(len(rd.games)) if i not in fixed]
            room = list(cap)
            for i, j in fixed.items():
                room[j] -= 1
            if chosen is not None:
                cand = [sorted((j for j in al[i] if 0 < j < k - 1), key=_nearest(defaults[ri][i])) for i in free_games]
            else:
                touch = bool(ri) and consec[ri - 1]
                cand = [sorted(al[i], key=_clear(defaults[ri][i], touch and bool(rd.masks[i] & prev_last)))
                        for i in free_games]
            at, left = _match(cand, room, cand)
            assert not left, "the options were checked feasible"
            slot_of = dict(fixed)
            for i, j in zip(free_games, at):
                slot_of[i] = j
            used.append(_option_of(rd, slot_of, k, defaults[ri]))
            last = 0
            for j, ci in enumerate(mine):
                idx = [i for i in range(len(rd.games)) if slot_of[i] == j]
                if not idx:
                    continue
                boards_free = list(clock.free[ci])
                placed: dict[int, int] = {}
                for i in idx:
                    if (ri, i) in pinned:
                        placed[i] = pinned[(ri, i)][1]
                        boards_free.remove(placed[i])
                for i in idx:
                    if i not in placed:
                        placed[i] = boards_free.pop(0)
                games = sorted((placed[i], *rd.games[i]) for i in idx)
                out.append((ci, rd.number, [(b, w, x) for b, w, x in games]))
                if j == k - 1:
                    for i in idx:
                        last |= rd.masks[i]
            prev_last = last
        return out, used

    greedy, greedy_opts = build(None)
    if _count(greedy, clock) <= lower:  # the greedy layout meets the lower bound: minimal
        return clock, greedy, consec, False, True
    # every round's options (a round with too many keeps the greedy one: the search is then exact
    # only among the others' choices), then the DP over them or, beyond the budget, a descent
    opts: list[list[_Option]] = []
    complete = True
    spent = 0
    for ri, rd in enumerate(rds):
        found = _options(rd, allowed[ri], caps[ri], defaults[ri], max(0, budget - spent))
        if found is None:
            complete = False
            opts.append([greedy_opts[ri]])
            continue
        spent += found[1]
        opts.append(found[0])
    work = sum(len(set(x.last for x in a)) * len(set(x.fmask for x in b)) for a, b in zip(opts, opts[1:]))
    if spent + work <= budget:
        chosen = _dp(opts, consec)
    else:
        chosen = _descend(opts, consec, greedy_opts)
    best, _ = build(chosen)
    if _count(best, clock) >= _count(greedy, clock) and not (complete and spent + work <= budget):
        best = greedy
    exact = complete and spent + work <= budget
    return clock, best, consec, exact, exact or _count(best, clock) <= lower


def _option_of(rd: _Round, slot_of: Mapping[int, int], k: int, default: Sequence[int]) -> _Option:
    """The option (first and last slot's games) of a layout of one round."""
    first = frozenset(i for i, j in slot_of.items() if j == 0)
    last = frozenset(i for i, j in slot_of.items() if j == k - 1)
    fm = lm = 0
    for i in first:
        fm |= rd.masks[i]
    for i in last:
        lm |= rd.masks[i]
    g = len(rd.games)
    moves = 0 if k == 1 else (sum((default[i] == 0) != (i in first) for i in range(g))
                              + sum((default[i] == k - 1) != (i in last) for i in range(g)))
    return _Option(first, last, fm, lm, moves)


def _descend(opts: list[list[_Option]], consec: list[bool], start: list[_Option]) -> list[_Option]:
    """Block coordinate descent from ``start``: each round takes its best option given its
    neighbours', until nothing improves (the cost never increases)."""
    cur = list(start)

    def local(i: int, o: _Option) -> int:
        c = o.moves
        if i > 0 and consec[i - 1]:
            c += _BIG * (cur[i - 1].lmask & o.fmask).bit_count()
        if i + 1 < len(cur) and consec[i]:
            c += _BIG * (o.lmask & cur[i + 1].fmask).bit_count()
        return c

    improved = True
    while improved:
        improved = False
        for i in range(len(cur)):
            best = min(opts[i], key=lambda o, i=i: local(i, o))  # type: ignore[misc]
            if local(i, best) < local(i, cur[i]):
                cur[i] = best
                improved = True
    return cur


def _count(played: Sequence[tuple[int, int, list[tuple[int, int, int]]]], clock: _Clock) -> int:
    """Back-to-backs of a layout: players of two played slots of which the second starts as the
    first ends."""
    n = 0
    for (a, _, ga), (b, _, gb) in zip(played, played[1:]):
        if clock.times[a][1] == clock.times[b][0]:
            n += len({p for _, w, x in ga for p in (w, x)} & {p for _, w, x in gb for p in (w, x)})
    return n
