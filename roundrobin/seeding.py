"""Seeding constraints for round robins: choose the players' numbers, never the pairs.

A Berger table is fixed once the players have their numbers (C.05 Annex 1), so every wish an
organiser has about who meets whom, and when, is met by **permuting the numbers**: "Smith must
be number 1" (``Fix``), "A and B meet in the last round" or "C and D in round 1" (``Meet``),
"the players of one federation do not meet in the last three rounds" (``Apart``, the Varma aim,
C.05 Annex 2).  :func:`solve` finds a numbering that satisfies all of them, trying for each constrained player
the numbers nearest his place in the given order first (the drawing of lots, or the rating
order; unconstrained players keep their relative order), or raises
:class:`Unsatisfiable` naming the first constraint, in the order given, that cannot be met
together with the ones before it.

The search is exact: a backtracking over the constrained players only (the others keep their
relative order in the numbers left over), with every constraint checked as soon as both of its
players have a number.  It stops after a node budget and says so rather than run for ever.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from roundrobin.berger import BYE, Round

#: A search that has not finished after this many placements gives up (and says so).
NODE_BUDGET = 400_000


@dataclass(frozen=True)
class Fix:
    """``player`` gets number ``number`` (``--fix "Smith=1"``)."""

    player: str
    number: int

    def __str__(self) -> str:
        return f"{self.player}={self.number}"


@dataclass(frozen=True)
class Meet:
    """``a`` and ``b`` meet in round ``round`` (``--meet "A-B@last"``, ``"C-D@1"``).  ``round``
    is 1-based; ``"last"`` is resolved against the schedule when solving."""

    a: str
    b: str
    round: int | str

    def __str__(self) -> str:
        return f"{self.a}-{self.b}@{self.round}"


@dataclass(frozen=True)
class Apart:
    """The players of ``group`` do not meet each other in the last ``last`` rounds (the Varma
    aim, C.05 Annex 2: "players of the same federation do not meet in the last three rounds")."""

    group: str
    players: tuple[str, ...]
    last: int = 3

    def __str__(self) -> str:
        return f"group {self.group} ({', '.join(self.players)}) apart in the last {self.last} rounds"


Constraint = Fix | Meet | Apart


class Unsatisfiable(ValueError):
    """No numbering meets ``constraint`` together with the constraints before it."""

    def __init__(self, constraint: Constraint | None, reason: str) -> None:
        super().__init__(reason)
        self.constraint = constraint
        self.reason = reason


_FIX = re.compile(r"^\s*(.+?)\s*=\s*(\d+)\s*$")
_MEET = re.compile(r"^\s*(.+?)\s*-\s*(.+?)\s*@\s*(\d+|last|first)\s*$", re.IGNORECASE)


def parse_fix(text: str) -> Fix:
    """``"Smith=1"`` -> Fix("Smith", 1)."""
    m = _FIX.match(text)
    if not m:
        raise ValueError(f"--fix {text!r}: expected NAME=NUMBER, e.g. \"Smith=1\"")
    return Fix(m.group(1), int(m.group(2)))


def parse_meet(text: str) -> Meet:
    """``"A-B@last"``, ``"C-D@1"``, ``"E-F@first"`` -> Meet.  Names may contain hyphens when
    written with spaces around the separating one (``"Smith-Jones - Lee@2"``)."""
    if " - " in text:
        left, _, right = text.partition(" - ")
        m = re.match(r"^\s*(.+?)\s*@\s*(\d+|last|first)\s*$", right, re.IGNORECASE)
        if m and left.strip():
            return Meet(left.strip(), m.group(1), _round_word(m.group(2)))
    m = _MEET.match(text)
    if not m:
        raise ValueError(f"--meet {text!r}: expected A-B@ROUND with ROUND a number, 'first' or 'last', "
                         "e.g. \"Smith-Jones@last\"")
    return Meet(m.group(1), m.group(2), _round_word(m.group(3)))


def _round_word(word: str) -> int | str:
    w = word.lower()
    return 1 if w == "first" else ("last" if w == "last" else int(w))


@dataclass(frozen=True)
class Numbering:
    """Player -> number, and how far it moved from the given order."""

    numbers: dict[str, int]
    moved: tuple[str, ...]  # players whose number differs from their position in the given order

    def by_number(self) -> dict[int, str]:
        return {n: p for p, n in self.numbers.items()}


def meeting_rounds(rounds: Sequence[Round]) -> dict[frozenset[int], tuple[int, ...]]:
    """For each pair of numbers, the rounds (1-based) in which they meet."""
    out: dict[frozenset[int], list[int]] = {}
    for r, rnd in enumerate(rounds, 1):
        for white, black in rnd:
            if black != BYE:
                out.setdefault(frozenset((white, black)), []).append(r)
    return {k: tuple(v) for k, v in out.items()}


def _resolve(c: Constraint, total: int) -> Constraint:
    if isinstance(c, Meet) and c.round == "last":
        return Meet(c.a, c.b, total)
    return c


def _static_problem(c: Constraint, players: set[str], n: int, total: int) -> str | None:
    """What is wrong with one constraint on its own (unknown name, number out of range...)."""
    names = [c.player] if isinstance(c, Fix) else [c.a, c.b] if isinstance(c, Meet) else list(c.players)
    for name in names:
        if name not in players:
            return f"{name!r} is not one of the players"
    if isinstance(c, Fix) and not 1 <= c.number <= n:
        return f"number {c.number} does not exist: the players are numbered 1 to {n}"
    if isinstance(c, Meet):
        if c.a == c.b:
            return f"{c.a} cannot meet himself"
        if not isinstance(c.round, int) or not 1 <= c.round <= total:
            return f"round {c.round} does not exist: the schedule has rounds 1 to {total}"
    return None


def solve(players: Sequence[str], rounds: Sequence[Round], constraints: Sequence[Constraint],
          budget: int = NODE_BUDGET) -> Numbering:
    """A numbering of ``players`` (given order = numbers 1..n) meeting every constraint.

    When the constraints cannot all be met, the constraints are taken in the order given and
    :class:`Unsatisfiable` names the first that cannot be met with those before it, with the
    reason in words."""
    n, total = len(players), len(rounds)
    names = set(players)
    if len(names) != n:
        dup = sorted({p for p in players if list(players).count(p) > 1})
        raise Unsatisfiable(None, f"player names must be unique: {', '.join(dup)} appear more than once")
    resolved = [_resolve(c, total) for c in constraints]
    for c, r in zip(constraints, resolved):
        problem = _static_problem(r, names, n, total)
        if problem:
            raise Unsatisfiable(c, f"{c}: {problem}")
    meets = meeting_rounds(rounds)
    result = _search(players, meets, resolved, budget)
    if result is not None:
        return result
    # Find the first constraint that breaks satisfiability, for the message.
    for k in range(1, len(resolved) + 1):
        if _search(players, meets, resolved[:k], budget) is None:
            before = ", ".join(str(c) for c in constraints[: k - 1])
            why = _explain(resolved[k - 1], resolved[: k - 1], meets, n, total)
            tail = f" together with {before}" if before else ""
            raise Unsatisfiable(constraints[k - 1], f"{constraints[k - 1]} cannot be met{tail}: {why}")
    raise Unsatisfiable(None, "no numbering found")  # pragma: no cover - the loop always finds one


def _explain(c: Constraint, before: Sequence[Constraint], meets: Mapping[frozenset[int], tuple[int, ...]],
             n: int, total: int) -> str:
    fixed = {f.player: f.number for f in before if isinstance(f, Fix)}
    if isinstance(c, Fix):
        other = [p for p, num in fixed.items() if num == c.number and p != c.player]
        if other:
            return f"number {c.number} is already given to {other[0]}"
        if c.player in fixed and fixed[c.player] != c.number:
            return f"{c.player} is already fixed as number {fixed[c.player]}"
    if isinstance(c, Meet) and c.a in fixed and c.b in fixed:
        rs = meets.get(frozenset((fixed[c.a], fixed[c.b])), ())
        where = f"round{'s' if len(rs) > 1 else ''} {', '.join(map(str, rs))}" if rs else "no round"
        return f"numbers {fixed[c.a]} and {fixed[c.b]} meet in {where}, not round {c.round}"
    if isinstance(c, Meet):
        busy = [m for m in before if isinstance(m, Meet) and m.round == c.round and {m.a, m.b} & {c.a, c.b}]
        if busy:
            return f"{busy[0]} already pairs {'/'.join(sorted({busy[0].a, busy[0].b} & {c.a, c.b}))} in round {c.round}"
    if isinstance(c, Apart):
        return (f"no set of {len(c.players)} numbers that avoid each other in the last {c.last} rounds "
                f"is left for them")
    return "no numbering of the players satisfies them all"


def _search(players: Sequence[str], meets: Mapping[frozenset[int], tuple[int, ...]],
            constraints: Sequence[Constraint], budget: int) -> Numbering | None:
    n = len(players)
    total = max((r for rs in meets.values() for r in rs), default=0)
    position = {p: i + 1 for i, p in enumerate(players)}
    fixed: dict[str, int] = {}
    for c in constraints:
        if isinstance(c, Fix):
            if fixed.get(c.player, c.number) != c.number:
                return None
            fixed[c.player] = c.number
    if len(set(fixed.values())) != len(fixed):
        return None
    # Binary relations between players: a check on their two numbers, ("meet", round) or
    # ("apart", first round of the last ones).
    checks: dict[str, list[tuple[str, tuple[str, int]]]] = {}

    def add(a: str, b: str, test: tuple[str, int]) -> None:
        checks.setdefault(a, []).append((b, test))
        checks.setdefault(b, []).append((a, test))

    for c in constraints:
        if isinstance(c, Meet):
            add(c.a, c.b, ("meet", cast(int, c.round)))  # "last" resolved, checked by solve
        elif isinstance(c, Apart):
            first = total - c.last + 1
            for i, a in enumerate(c.players):
                for b in c.players[i + 1:]:
                    add(a, b, ("apart", first))
    involved = [p for p in players if p in checks or p in fixed]
    # Most constrained first: fixed players, then by number of relations.
    involved.sort(key=lambda p: (p not in fixed, -len(checks.get(p, ())), position[p]))

    def ok(num_a: int, num_b: int, test: tuple[str, int]) -> bool:
        kind, value = test
        rs = meets.get(frozenset((num_a, num_b)), ())
        if kind == "meet":
            return value in rs
        return all(r < value for r in rs)

    assigned: dict[str, int] = {}
    used: set[int] = set()
    nodes = 0

    def candidates(p: str) -> list[int]:
        if p in fixed:
            return [fixed[p]]
        home = position[p]
        return sorted((x for x in range(1, n + 1) if x not in used), key=lambda x: (abs(x - home), x))

    class Budget(Exception):
        pass

    def place(k: int) -> bool:
        nonlocal nodes
        if k == len(involved):
            return True
        p = involved[k]
        for num in candidates(p):
            if num in used:
                continue
            nodes += 1
            if nodes > budget:
                raise Budget
            if all(ok(num, assigned[q], t) for q, t in checks.get(p, ()) if q in assigned):
                assigned[p] = num
                used.add(num)
                if place(k + 1):
                    return True
                del assigned[p]
                used.discard(num)
        return False

    try:
        found = place(0)
    except Budget:
        raise Unsatisfiable(None, f"the search for a numbering gave up after {budget:,} steps; "
                                  "loosen or reorder the constraints") from None
    if not found:
        return None
    free = iter(x for x in range(1, n + 1) if x not in used)
    numbers = dict(assigned)
    for p in players:
        if p not in numbers:
            numbers[p] = next(free)
    moved = tuple(p for p in players if numbers[p] != position[p])
    return Numbering(numbers, moved)
