"""The registry of pairing systems: which systems the toolkit has, and which one pairs a tournament.

Every system is a :class:`~systems.base.PairingSystem` (the door: pair a round, check rounds,
force a pair, explain a round), registered under its name.  The built-in ones are
:mod:`systems.dutch` (the FIDE (Dutch) System, C.04.3, 2026 and 2017 editions),
:mod:`systems.berger` (round robins by the Berger tables, C.05 Annex 1) and :mod:`systems.team`
(the Swiss Team Pairing System, C.04.6), loaded when first asked for; :func:`register` adds
another.

:func:`select` maps a tournament to its system: the caller's choice (``--system``), else the
system its ``192`` record names (TRF-2026's ETT codes), else the one its ``092`` record names
(TRF-16's free text), else the Dutch system; a team event (team records ``310``/``013``) is
paired by the team system unless the caller chooses another or the file names another system
than a Swiss one (a team round robin names Berger: refused, as it pairs no team events).  Each system declares its own codes
(:class:`~systems.base.Code`); the longest match decides, a generic word (``SWISS``) only when
nothing more specific matches.  A file that names a FIDE system the toolkit does not pair
(Schiller, Scheveningen, ...) is refused by that system's name (:class:`UnsupportedSystem`).
"""

from __future__ import annotations

import sys
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import (CheckRequest, Code, Edition, NotOffered, PairingSystem, PairRequest, Rule, Selection,
                          UnknownEdition)

if TYPE_CHECKING:  # pragma: no cover
    from typing import Iterator
    from pairing.rounds import NextRound
    from trf.model import Tournament

__all__ = ["PairingSystem", "Edition", "Rule", "Code", "Selection", "PairRequest", "CheckRequest", "NotOffered",
           "UnknownEdition", "UnknownSystem", "UnsupportedSystem", "register", "unregister", "get", "names",
           "systems", "select", "find", "name_of", "next_round", "DEFAULT"]

#: The system of a file that names none (C.04.3 is FIDE's Swiss system for rated events).
DEFAULT = "dutch"

#: The built-in systems: name -> the module that defines ``SYSTEM``, imported when first needed.
_BUILT_IN = {"dutch": "systems.dutch", "berger": "systems.berger", "team-swiss": "systems.team",
             "burstein": "systems.burstein", "double-swiss": "systems.double_swiss", "dubov": "systems.dubov",
             "lim": "systems.lim"}

#: The system of a team event that names no system the toolkit pairs team events with.
TEAM = "team-swiss"

_registered: dict[str, PairingSystem] = {}

#: The ETT code of a Swiss system outside TRF-2026's table: the ``092`` text then says which.
_CUSTOM_SWISS = Code(r"CUSTOM_SWISS")

#: FIDE systems a file may name that the toolkit does not pair, with their name in words.
_OTHERS: tuple[tuple[Code, str], ...] = (
    (Code(r"SCHEVENINGEN"), "Scheveningen"),
    (Code(r"SCHILLER"), "Schiller"),
    (Code(r"KNOCK[\s_-]*OUT"), "knockout"),
    (_CUSTOM_SWISS, "custom Swiss"),
)


class UnknownSystem(ValueError):
    """``--system NAME`` names no registered system (``known``: the names that are)."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        super().__init__(f"unknown pairing system {name!r} (expected {' or '.join(known)})")
        self.name = name
        self.known = known


class UnsupportedSystem(ValueError):
    """The file names a pairing system the toolkit does not pair (``system``: its name in words,
    ``source``: the record it was read from)."""

    def __init__(self, system: str, source: str | None) -> None:
        super().__init__(f"the event is paired by the {system} system" + (f" ({source})" if source else "")
                         + f"; the toolkit pairs {_offered()} only")
        self.system = system
        self.source = source


def _offered() -> str:
    words = [s.words for s in systems()]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def register(system: PairingSystem) -> None:
    """Add ``system`` under its name (replacing a system of that name)."""
    _registered[system.name] = system


def unregister(name: str) -> None:
    """Remove the system ``name`` (a built-in one is loaded again when next asked for)."""
    _registered.pop(name, None)


def _load(name: str) -> PairingSystem | None:
    got = _registered.get(name)
    if got is None and name in _BUILT_IN:
        __import__(_BUILT_IN[name])  # as importlib.import_module, which loads warnings at start-up
        got = _registered[name] = sys.modules[_BUILT_IN[name]].SYSTEM
    return got


def names() -> tuple[str, ...]:
    """The registered systems' names: the built-in ones first."""
    return tuple(dict.fromkeys([*_BUILT_IN, *_registered]))


def systems() -> Iterator[PairingSystem]:
    """Every registered system, the built-in ones first."""
    for name in names():
        got = _load(name)
        if got is not None:
            yield got


def get(name: str) -> PairingSystem:
    """The system called ``name``; raises :class:`UnknownSystem`."""
    got = _load(name)
    if got is None:
        raise UnknownSystem(name, names())
    return got


def _named(text: str) -> tuple[PairingSystem | str, Code] | None:
    """The system (or, for one the toolkit does not pair, its name in words) that ``text`` names."""
    best: tuple[int, PairingSystem | str, Code] | None = None
    fallback: tuple[PairingSystem | str, Code] | None = None
    rows: list[tuple[PairingSystem | str, Code]] = [(s, c) for s in systems() for c in s.codes]
    rows += [(words, c) for c, words in _OTHERS]
    for owner, code in rows:
        n = code.match_length(text)
        if not n:
            continue
        if code.fallback:
            fallback = fallback or (owner, code)
        elif best is None or n > best[0]:
            best = (n, owner, code)
    if best is not None:
        return best[1], best[2]
    return fallback


def _declared(t: Tournament) -> tuple[PairingSystem | str, Code, str, str] | None:
    """What the file's 192, else 092, names: the system, the code, the source record and its text.
    A ``192 CUSTOM_SWISS`` (a Swiss system outside the ETT table) gives way to a ``092`` that names
    a system by its own code (not the generic ``SWISS``); else it stays a custom Swiss, refused."""
    found_all = []
    for record, value in t.system_code.named:
        text = value.upper()
        found = _named(text)
        if found is not None:
            found_all.append((found[0], found[1], f"{record} {value}", text))
    if not found_all:
        return None
    first = found_all[0]
    if first[1] is _CUSTOM_SWISS:
        for later in found_all[1:]:
            if isinstance(later[0], PairingSystem) and not later[1].fallback:
                return later
    return first


def select(t: Tournament, *, system: str | None = None, edition: str | None = None) -> Selection:
    """The system that pairs ``t`` and the edition of its rules (module docstring): ``system`` and
    ``edition`` are the caller's choice (``--system``, ``--rules``).

    Raises :class:`UnknownSystem`, :class:`~systems.base.UnknownEdition`, and
    :class:`UnsupportedSystem` for a file that names a system the toolkit does not pair (unless
    the caller chooses one)."""
    declared = _declared(t)
    source, text, variant = None, "", None
    if system is not None:
        chosen = get(system)
        if declared is not None and declared[0] is chosen:
            source, text, variant = declared[2], declared[3], declared[1].variant
    elif declared is not None and isinstance(declared[0], str):
        raise UnsupportedSystem(declared[0], declared[2])
    elif t.is_team_event and (declared is None or declared[1].fallback or declared[0] is get(DEFAULT)):
        chosen = get(TEAM)  # a team event naming no system, or only a Swiss one
    elif declared is not None:
        assert isinstance(declared[0], PairingSystem)
        chosen, source, text, variant = declared[0], declared[2], declared[3], declared[1].variant
    else:
        chosen = get(DEFAULT)
    if edition is not None:
        return Selection(chosen, chosen.edition(edition), "chosen by the caller", source, text, variant,
                         system is not None, True)
    ed, reason = chosen.edition_for(t, text, source)
    return Selection(chosen, ed, reason, source, text, variant, system is not None, False)


def next_round(t: Tournament, *, system: str | None = None, edition: str | None = None,
               request: PairRequest = PairRequest()) -> NextRound:
    """Round ``request.round`` (default: the next one) of ``t`` paired by its system, as
    ``arbiter pair`` pairs it: :func:`select`, then the system's
    :meth:`~systems.base.PairingSystem.next_round` (whose refusals it raises); a team event chosen
    for a system that pairs no team events is refused (:class:`trf.system.UnsupportedEvent`)."""
    from trf.system import require_individual

    sel = select(t, system=system, edition=edition)
    if not sel.system.team_events:
        require_individual(t, f"{sel.system.words} pairs no team events")
    return sel.system.next_round(t, sel, request)


def find(t: Tournament) -> Selection | None:
    """:func:`select` without the refusal: ``None`` for a file that names a system the toolkit
    does not pair."""
    try:
        return select(t)
    except UnsupportedSystem:
        return None


def name_of(t: Tournament) -> str:
    """The file's system in words (``Dutch (C.04.3, 2026 rules) with Baku acceleration``; ``team
    event, ...``), also for a system the toolkit does not pair: for status lines and pages."""
    declared = _declared(t)
    if declared is not None and isinstance(declared[0], str):
        words = declared[0] + (" with Baku acceleration" if "BAKU" in declared[3] else "")
    else:
        sel = select(t)
        words = sel.describe()
    return ("team event, " if t.system_code.team else "") + words
