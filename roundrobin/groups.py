"""Groups sharing the courts: the entrants split into 2-4 round robins played side by side.

From about eight entrants an organiser splits the field into groups, seeded so that the
strongest are apart, and the groups play their round robins on the same boards (courts) at the
same time.  Design decisions:

* **Seeding.** The entrants are ranked (``rating``: by rating, highest first, ties and unrated
  entrants in the order given, the unrated after every rated one; ``order``: the order given
  is the ranking) and dealt in *snake* order: seeds 1..k go to groups A..k, seeds k+1..2k back
  from the last group to A, and so on (9 entrants, 3 groups: A 1, 6, 7; B 2, 5, 8; C 3, 4, 9).
  Seed 1 and seed 2 are in different groups, and every group gets one of each "row" of k
  seeds, so the groups' strengths are as even as the rows allow.  Group sizes differ by at most
  one (an unfinished last row goes to the groups the snake reaches first on that row: A, B..
  on the 1st, 3rd.. row, the last group backwards on the 2nd, 4th..); every group must hold 3
  to 10 entrants.
* **Numbers inside a group.** A group's numbers are its seeds in order (its strongest is number
  1), unless ``--fix``/``--meet`` constraints of its own players ask otherwise; each group is then
  an ordinary round robin (:func:`roundrobin.event.plan`: FIDE's table or the rotation table,
  single or double cycle).  A ``--meet`` between players of different groups cannot be met: they
  never play.
* **One combined timetable.** Round k of every group is played in combined round k, so each
  group's rounds keep their order and the groups start together.  The groups' entrants are
  disjoint and a group's round has each of its entrants once, so a combined round has each
  entrant at most once; :func:`roundrobin.timetable.schedule` then lays the combined rounds out
  over the shared boards with its rest rule (back-to-backs only at the seams between combined
  rounds, minimised, proved minimal where it can).  Groups of different sizes have different
  numbers of rounds (n-1 for an even n, n for an odd one, twice that for a double cycle): the
  groups are aligned at the **start**, so a smaller group finishes first and the last combined
  rounds hold only the larger groups' games (the boards they leave free are not used by anyone
  else: no group's round moves ahead of its own previous round).
* **Entrants in the combined rounds** are numbered one after the other, group A's first
  (:attr:`Groups.offsets`): group g's number i is ``offsets[g] + i``; :meth:`Groups.locate` turns
  a combined number back into (group, number).

No FIDE rule in the reference digests governs groups played side by side; the snake seeding
is the usual way of spreading seeds over groups (as in the Olympiad-style preliminary groups),
an organiser's choice, not a regulation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from roundrobin.berger import BYE, Round
from roundrobin.event import Entrant, Plan, plan
from roundrobin.seeding import Apart, Constraint, Fix, Meet, Unsatisfiable
from roundrobin.tables import DEFAULT_TABLE

#: The groups' names, in dealing order.
GROUP_NAMES = "ABCD"
MIN_GROUPS, MAX_GROUPS = 2, 4
MIN_SIZE, MAX_SIZE = 3, 10
#: How the entrants are ranked before the snake deals them.
SEEDINGS = ("rating", "order")


class GroupsError(ValueError):
    """A split into groups that cannot be made: too few or too many groups or entrants, an
    unknown seeding, a constraint across groups.  ``reason`` is the message."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def ranked(entrants: Sequence[Entrant], seeding: str = "rating") -> list[Entrant]:
    """The entrants in seed order.  ``rating``: highest rating first; equal ratings, and the
    unrated (after every rated entrant), keep the order given (a stable sort).  ``order``: as
    given."""
    if seeding not in SEEDINGS:
        raise GroupsError(f"unknown seeding {seeding!r}: expected {' or '.join(SEEDINGS)}")
    if seeding == "order":
        return list(entrants)
    return sorted(entrants, key=lambda e: (e.rating is None, -(e.rating or 0)))


def snake(count: int, groups: int) -> list[int]:
    """The group index (0 = A) of each seed 1..count dealt in snake order: seeds 1..k to groups
    0..k-1, the next k back from k-1 to 0, and so on."""
    out = []
    for i in range(count):
        row, pos = divmod(i, groups)
        out.append(pos if row % 2 == 0 else groups - 1 - pos)
    return out


def check_split(count: int, groups: int) -> None:
    """Raise :class:`GroupsError` unless ``count`` entrants make ``groups`` groups of
    :data:`MIN_SIZE`-:data:`MAX_SIZE`: the smallest group holds count // groups entrants, the
    largest one more when it does not divide."""
    if not MIN_GROUPS <= groups <= MAX_GROUPS:
        raise GroupsError(f"{groups} groups: the entrants are split into {MIN_GROUPS} to {MAX_GROUPS} groups")
    small, large = count // groups, -(-count // groups)
    if small < MIN_SIZE:
        raise GroupsError(f"{count} entrants in {groups} groups makes a group of {small}: a group needs at least "
                          f"{MIN_SIZE} entrants (at least {MIN_SIZE * groups} entrants for {groups} groups)")
    if large > MAX_SIZE:
        raise GroupsError(f"{count} entrants in {groups} groups makes a group of {large}: a group holds at most "
                          f"{MAX_SIZE} entrants (at most {MAX_SIZE * groups} entrants for {groups} groups)")


def split(entrants: Sequence[Entrant], groups: int, seeding: str = "rating") -> list[list[tuple[int, Entrant]]]:
    """The groups, each a list of ``(seed, entrant)`` in seed order (:func:`ranked`, :func:`snake`)."""
    check_split(len(entrants), groups)
    order = ranked(entrants, seeding)
    out: list[list[tuple[int, Entrant]]] = [[] for _ in range(groups)]
    for seed, (g, e) in enumerate(zip(snake(len(order), groups), order), 1):
        out[g].append((seed, e))
    return out


@dataclass(frozen=True)
class Group:
    """One group: its name (``A``..), its round robin, and each number's overall seed
    (``seeds[i]`` is the seed of the group's number i+1)."""

    name: str
    plan: Plan
    seeds: tuple[int, ...]


@dataclass(frozen=True)
class Groups:
    """The groups of an event and their combined rounds (round k of every group that has one).

    ``offsets[g]``: added to group g's numbers to give its entrants' numbers in ``rounds``."""

    groups: tuple[Group, ...]
    seeding: str
    offsets: tuple[int, ...]
    rounds: tuple[Round, ...]

    def locate(self, number: int) -> tuple[Group, int]:
        """The group and the group's number of the combined number ``number``."""
        for g, off in zip(reversed(self.groups), reversed(self.offsets)):
            if number > off:
                return g, number - off
        raise ValueError(f"no entrant has the combined number {number}")

    def label(self, number: int) -> str:
        """``A3``: the group's name and the number inside it."""
        g, i = self.locate(number)
        return f"{g.name}{i}"


def _route(constraints: Sequence[Constraint], where: dict[str, int], groups: int) -> list[list[Constraint]]:
    """Each ``--fix``/``--meet`` constraint to the group of its players (a number in a ``--fix``
    is the player's number inside the group).  Raises :class:`roundrobin.seeding.Unsatisfiable`
    for a name that is not an entrant's and for a meeting of two groups' players, which never
    play each other."""
    out: list[list[Constraint]] = [[] for _ in range(groups)]
    for c in constraints:
        if isinstance(c, Apart):
            raise GroupsError(f"{c}: groups are seeded apart, not by federation")
        names = (c.player,) if isinstance(c, Fix) else (c.a, c.b)
        for n in names:
            if n not in where:
                raise Unsatisfiable(c, f"{c} cannot be met: {n!r} is not one of the players")
        if isinstance(c, Meet) and where[c.a] != where[c.b]:
            raise Unsatisfiable(c, f"{c} cannot be met: {c.a} is in group {GROUP_NAMES[where[c.a]]} and {c.b} "
                                   f"in group {GROUP_NAMES[where[c.b]]}, and players of different groups never meet")
        out[where[names[0]]].append(c)
    return out


def combine(plans: Sequence[Plan]) -> tuple[tuple[int, ...], tuple[Round, ...]]:
    """The offsets and the combined rounds: round k of every group that has a round k, group A's
    boards first, numbers shifted by the group's offset (a rest stays a rest)."""
    offsets, off = [], 0
    for p in plans:
        offsets.append(off)
        off += len(p.players)
    rounds = []
    for k in range(max(len(p.schedule.rounds) for p in plans)):
        rnd: list[tuple[int, int]] = []
        for p, o in zip(plans, offsets):
            if k < len(p.schedule.rounds):
                rnd += [(w + o if w != BYE else BYE, b + o if b != BYE else BYE) for w, b in p.schedule.rounds[k]]
        rounds.append(tuple(rnd))
    return tuple(offsets), tuple(rounds)


def plan_groups(entrants: Sequence[Entrant], groups: int, seeding: str = "rating", double: bool = False,
                reverse_second_cycle: bool = False, constraints: Sequence[Constraint] = (),
                table: str = DEFAULT_TABLE) -> Groups:
    """Split ``entrants`` into ``groups`` groups (:func:`split`), plan each group's round robin
    (:func:`roundrobin.event.plan`, the group's constraints only) and combine their rounds
    (:func:`combine`).  Raises :class:`GroupsError`, and what ``plan`` raises
    (:class:`roundrobin.seeding.Unsatisfiable`, :class:`roundrobin.tables.UnknownTable`)."""
    parts = split(entrants, groups, seeding)
    where = {e.name: g for g, part in enumerate(parts) for _, e in part}
    routed = _route(constraints, where, groups)
    built = []
    for g, part in enumerate(parts):
        try:
            p = plan([e for _, e in part], double=double, reverse_second_cycle=reverse_second_cycle,
                     constraints=routed[g], table=table)
        except Unsatisfiable as exc:  # say which group's numbering it is
            raise Unsatisfiable(exc.constraint, f"group {GROUP_NAMES[g]}: {exc.reason}") from None
        seed_of = {e.name: s for s, e in part}
        built.append(Group(GROUP_NAMES[g], p, tuple(seed_of[e.name] for e in p.players)))
    offsets, rounds = combine([g.plan for g in built])
    return Groups(tuple(built), seeding, offsets, rounds)


__all__ = ["GROUP_NAMES", "Group", "Groups", "GroupsError", "MAX_GROUPS", "MAX_SIZE", "MIN_GROUPS", "MIN_SIZE",
           "SEEDINGS", "check_split", "combine", "plan_groups", "ranked", "snake", "split"]
