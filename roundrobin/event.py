"""A round-robin event from a list of entrants: numbers, Berger rounds, and its TRF-2026 file.

This is what ``arbiter roundrobin`` does, as library calls:

* :func:`read_entrants` reads the entrants (``Name[,Federation[,Rating]]`` per line);
* :func:`plan` gives them their numbers (the given order; or the Varma drawing of lots, C.05
  Annex 2; or the numbering that meets ``--fix``/``--meet``/groups constraints,
  :mod:`roundrobin.seeding`) and lays out the rounds by a table (:mod:`roundrobin.tables`:
  FIDE's Berger table, C.05 Annex 1, or the rotation table drawn by hand);
* :func:`to_tournament` writes the event as a TRF-2026 tournament whose rounds are all paired
  with results pending (a round robin's pairings are pre-determined), the bye of an odd-sized
  event written ``0000 - Z`` (it scores nothing in a round robin).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from roundrobin.berger import BYE, RoundRobinSchedule
from roundrobin.seeding import Apart, Constraint, Numbering, solve
from roundrobin.tables import DEFAULT_TABLE, lay_out, table as table_named
from roundrobin.varma import Conflict, Draw, VarmaError, varma_conflicts, varma_draw
from trf.model import Colour, Header, InitialColour, Player, Record, Result, RoundCount, RoundEntry, Tournament
from trf.text import control_in


@dataclass(frozen=True)
class Entrant:
    """One line of the entrants file."""

    name: str
    federation: str = ""
    rating: int | None = None
    line: int = 0


class EntrantsError(ValueError):
    """An entrants file that cannot be read, with the line at fault."""

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")
        self.path, self.line, self.message = path, line, message


def parse_entrants(text: str, path: str = "<names>") -> list[Entrant]:
    """``Name[,Federation[,Rating]]`` per line, CSV: fields may be quoted (``"Smith, John",ENG,2300``:
    FIDE writes names "Last, First"), separated by commas, or by tabs on a line that has one (a
    spreadsheet's tab-separated export: ``Smith, John<TAB>ENG``); blank lines and lines starting
    with ``#`` are skipped, and so is a first line ``name,...`` (a CSV header).  A byte-order mark
    at the start is ignored."""
    out: list[Entrant] = []
    seen: dict[str, int] = {}
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    data = [(no, raw) for no, raw in enumerate(lines, 1) if raw.strip() and not raw.strip().startswith("#")]
    for no, raw in data:
        delimiter = "\t" if "\t" in raw else ","
        try:
            row = next(csv.reader([raw.strip()], delimiter=delimiter, skipinitialspace=True))
        except csv.Error as exc:
            raise EntrantsError(path, no, f"not a CSV line ({exc})") from None
        fields = [f.strip() for f in row]
        if not out and fields and fields[0].lower() in ("name", "player", "names"):
            continue
        if len(fields) > 3:
            hint = (' (a name with a comma must be quoted: "Smith, John",ENG,2300)'
                    if delimiter == "," and '"' not in raw else "")
            raise EntrantsError(path, no, f"expected Name[,Federation[,Rating]], got {len(fields)} fields{hint}")
        name = fields[0] if fields else ""
        if not name:
            raise EntrantsError(path, no, "the name is empty")
        for label, value in zip(("name", "federation", "rating"), fields):
            found = control_in(value)
            if found is not None:  # TRF text is printable, and the name goes into the file (--trf)
                raise EntrantsError(path, no, f"the {label} holds {found}")
        if name in seen:
            raise EntrantsError(path, no, f"{name!r} is already on line {seen[name]}; names must be unique")
        rating = None
        if len(fields) == 3 and fields[2]:
            if not fields[2].isdecimal() or len(fields[2]) > 4:
                raise EntrantsError(path, no, f"rating {fields[2]!r} is not a whole number of at most 4 digits")
            rating = int(fields[2])
        seen[name] = no
        out.append(Entrant(name, fields[1] if len(fields) > 1 else "", rating, no))
    if len(out) < 2:
        raise EntrantsError(path, 0, f"a round robin needs at least 2 entrants, the file has {len(out)}")
    return out


def read_entrants(path: str | Path, encoding: str | None = None) -> list[Entrant]:
    """Read an entrants file: UTF-8 by default (a byte-order mark, as Excel writes, is read too;
    a UTF-16 one chooses UTF-16), or ``encoding`` (``latin-1``, ``cp1252``).  Raises
    :class:`EntrantsError`, ``OSError``, :class:`trf.bounded.InputTooLarge` (a file larger than a
    list of players can be, :data:`trf.limits.ENTRANTS`; not read past that) and
    :class:`trf.parser.UnusableEncoding`."""
    from trf.bounded import read_bounded
    from trf.limits import ENTRANTS
    from trf.parser import decode

    text, _used, problems = decode(read_bounded(path, ENTRANTS), encoding)
    errors = [d for d in problems if d.severity.value == "error"]
    if errors:
        raise EntrantsError(str(path), errors[0].line, errors[0].message)
    return parse_entrants(text, str(path))


def numbered_entrants(n: int) -> list[Entrant]:
    """``--players N``: entrants called by their numbers."""
    return [Entrant(f"Player {i}") for i in range(1, n + 1)]


def parse_groups(spec: str, entrants: Sequence[Entrant], encoding: str | None = None) -> dict[str, str]:
    """Player -> group, from ``--varma``: ``federation`` (the entrants' second column), a file of
    lines ``GROUP: name, name, ...`` (a name with a comma quoted: ``ENG: "Smith, John", Lee``; read as
    :func:`read_entrants` reads, in ``encoding``), or the
    same inline with ``;`` between groups.  Raises ValueError naming the line at fault, and for a
    file ``OSError`` and :class:`trf.bounded.InputTooLarge` (larger than a list of players can
    be, :data:`trf.limits.ENTRANTS`)."""
    if spec.strip().lower() in ("federation", "fed", "federations"):
        return {e.name: e.federation for e in entrants if e.federation}
    p = Path(spec)
    if p.is_file():
        from trf.bounded import read_bounded
        from trf.limits import ENTRANTS
        from trf.parser import decode

        text = decode(read_bounded(p, ENTRANTS), encoding)[0].removeprefix("\ufeff")
    else:
        text = spec.replace(";", "\n")
    names = {e.name for e in entrants}
    groups: dict[str, str] = {}
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise ValueError(f"--varma line {no}: expected GROUP: name, name, ... (got {line!r})")
        group, _, members = line.partition(":")
        try:
            row = next(csv.reader([members.strip()], skipinitialspace=True), [])  # "Smith, John" quoted
        except csv.Error as exc:  # a field over the csv module's 131,072 characters: no player's name
            raise ValueError(f"--varma line {no}: not a CSV line ({exc})") from None
        for m in (x.strip() for x in row):
            if not m:
                continue
            if m not in names:
                raise ValueError(f"--varma: {m!r} (group {group.strip()}) is not one of the entrants")
            if m in groups:
                raise ValueError(f"--varma: {m!r} is in two groups ({groups[m]} and {group.strip()})")
            groups[m] = group.strip()
    return groups


@dataclass(frozen=True)
class Plan:
    """A numbered round robin: ``players[i]`` has number i+1."""

    players: tuple[Entrant, ...]
    schedule: RoundRobinSchedule
    method: str  # "given", "varma", "constraints"
    order: str  # "table" (single, or the hand table's double in its own order), "fide" or "reverse" (double)
    moved: tuple[str, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    groups: Mapping[str, str] = field(default_factory=dict)
    draw: Draw | None = None
    conflicts: tuple[Conflict, ...] = ()
    table: str = DEFAULT_TABLE  # the table's name in roundrobin.tables.TABLES

    def number(self, name: str) -> int:
        return next(i for i, e in enumerate(self.players, 1) if e.name == name)

    def name(self, number: int) -> str:
        return self.players[number - 1].name


def plan(entrants: Sequence[Entrant], double: bool = False, reverse_second_cycle: bool = False,
         constraints: Sequence[Constraint] = (), groups: Mapping[str, str] | None = None,
         seed: int | str = 0, table: str = DEFAULT_TABLE) -> Plan:
    """Number the entrants and lay out the rounds by ``table`` (a name in
    :data:`roundrobin.tables.TABLES`; the numbering constraints are met on that table's rounds).

    * no constraints: the given order is the numbering (the lots were drawn before);
    * groups only, 9-24 entrants, FIDE's table: the Varma drawing of lots (C.05 Annex 2, whose
      envelopes are made for the Berger tables), seeded by ``seed``;
    * otherwise: :func:`roundrobin.seeding.solve`, with each group of two or more as an
      :class:`~roundrobin.seeding.Apart` constraint (not in the last three rounds) after the
      ``--fix``/``--meet`` constraints.

    Raises :class:`roundrobin.seeding.Unsatisfiable`, :class:`roundrobin.varma.VarmaError` or
    :class:`roundrobin.tables.UnknownTable`."""
    n = len(entrants)
    schedule = lay_out(table, n, double, reverse_second_cycle)
    # cycle 2's order: FIDE's (C.05 Annex 1), the table's own (the hand table as drawn), or reversed
    order = ("reverse" if reverse_second_cycle else "fide" if table_named(table).fide else "table") if double else "table"
    names = [e.name for e in entrants]
    groups = dict(groups or {})
    moved: tuple[str, ...]
    method, moved, draw = "given", (), None
    numbers: dict[str, int] = {p: i for i, p in enumerate(names, 1)}
    if groups and not constraints and 9 <= n <= 24 and table_named(table).fide:
        draw = varma_draw(names, groups, seed)
        numbers, method = dict(draw.numbering), "varma"
        moved = tuple(p for p in names if numbers[p] != names.index(p) + 1)
    elif groups or constraints:
        members: dict[str, list[str]] = {}
        for p in names:
            if groups.get(p):
                members.setdefault(groups[p], []).append(p)
        apart: list[Constraint] = [Apart(g, tuple(ps)) for g, ps in sorted(members.items()) if len(ps) > 1]
        sol: Numbering = solve(names, schedule.rounds, list(constraints) + apart)
        numbers, moved, method = sol.numbers, sol.moved, "constraints"
    by_number = sorted(entrants, key=lambda e: numbers[e.name])
    conflicts = tuple(varma_conflicts(numbers, groups, schedule.rounds)) if groups else ()
    return Plan(tuple(by_number), schedule, method, order, moved, tuple(constraints), groups, draw, conflicts, table)


def _system_code(p: Plan) -> str:
    """The ``192`` code (ETT26): ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN`` for a second
    cycle in FIDE's order (C.05 Annex 1), and the neutral ``CUSTOM_ROUNDROBIN`` for a second
    cycle in reverse order, which is not FIDE's: a FIDE code must not label it (the file's
    rounds say the order; the checker reads it from them); the neutral code too for a table that
    is not FIDE's (the rotation table drawn by hand)."""
    if not table_named(p.table).fide:
        return "CUSTOM_ROUNDROBIN"
    if p.schedule.cycles == 1:
        return "FIDE_ROUNDROBIN"
    return "CUSTOM_ROUNDROBIN" if p.order == "reverse" else "FIDE_DOUBLEROUNDROBIN"


def _system_text(p: Plan) -> str:
    """The ``092`` text: the table, and a second cycle played backwards, which no code says
    (``CUSTOM_ROUNDROBIN`` labels the hand table in either order), so that the next round of a
    file paired round by round is read off the right layout (:func:`roundrobin.rounds.layouts`)."""
    words = "Berger tables" if table_named(p.table).fide else "rotation table"
    return f"Individual: Round robin ({words}{', cycle 2 reversed' if p.order == 'reverse' else ''})"


def to_tournament(p: Plan, name: str = "Round robin", start: str | None = None,
                  round_dates: Sequence[str] = ()) -> Tournament:
    """The event as a TRF-2026 tournament: headers, ``142`` rounds, ``192`` the system
    (:func:`_system_code`), and
    every player's rounds paired with results pending (the bye ``0000 - Z``).

    ``start``: the first day (``YYYY/MM/DD``) for ``042``; ``round_dates``: ``YY/MM/DD`` per
    round for ``132``."""
    sched = p.schedule
    rounds_by_player: dict[int, list[RoundEntry]] = {i: [] for i in range(1, len(p.players) + 1)}
    for rnd in sched.rounds:
        for white, black in rnd:
            if black == BYE:
                rounds_by_player[white].append(RoundEntry(None, Colour.NONE, Result.ZERO_POINT_BYE))
            else:
                rounds_by_player[white].append(RoundEntry(black, Colour.WHITE, None))
                rounds_by_player[black].append(RoundEntry(white, Colour.BLACK, None))
    system = _system_code(p)
    records: list[Record] = [Header("012", name)]
    if start:
        records.append(Header("042", start))
    records += [Header("062", str(len(p.players))), Header("092", _system_text(p))]
    if round_dates:
        records.append(Header("132", " " * 87 + "".join(f"{d:<10}" for d in round_dates).rstrip()))
    records += [RoundCount(len(sched.rounds)), InitialColour(Colour.WHITE), Header("192", system)]
    for i, e in enumerate(p.players, 1):
        records.append(Player(start_rank=i, name=e.name, rating=e.rating, federation=e.federation,
                              points=Fraction(0), rank=i, rounds=tuple(rounds_by_player[i])))
    return Tournament(tuple(records))


__all__ = ["Entrant", "EntrantsError", "Plan", "VarmaError", "numbered_entrants", "parse_entrants",
           "parse_groups", "plan", "read_entrants", "to_tournament"]
