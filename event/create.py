"""A new event: the TRF-2026 file an arbiter starts from, before anyone registers.

The file carries what the pairing needs before round 1 (TRF-2026 4.2; the ITDX conditions):
``142`` the number of rounds (C.04.1 Art. 1: declared beforehand), ``152`` the initial colour
(C.04.3 Art. 5.1: chosen by lot unless the regulations fix it; the drawing is seeded and its
seed logged, so it can be repeated), ``162`` the scoring when it is not 1/½/0, ``192`` the
pairing system and ``202`` the tie-breaks (C.07), and the report headers (012 name, 022 place,
032 federation, 042/052 dates, 102/112 arbiters, 122 time control, 132 round dates).

``192`` and ``092`` are what the event's pairing system writes for a new event
(:meth:`systems.base.PairingSystem.event_codes`; the Dutch system by default, in its edition in
force).  The Dutch system writes ``FIDE_DUTCH`` for an event starting on or after 1 February
2026: by the ETT26 table that code means the Dutch rules in force at the start date, the 2026
rules, and the endorsed engine bbpPairings (up to its 2026-02 release) reads ``FIDE_DUTCH`` but
refuses ``FIDE_DUTCH_2026``; an earlier start date gets the edition's code written out.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from event.change import Change, EventError, Notice
from trf.limits import MAX_POINTS, MAX_ROUNDS
from trf.matches import TWO_GAME_MATCHES
from trf.model import Colour, Header, InitialColour, Record, RoundCount, ScoringRecord, Tournament
from trf.scoring import ScoringSystem
from trf.text import control_in
from trf.writer import short_decimal

__all__ = ["InvalidSetting", "Scoring", "parse_scoring", "require_points_fit", "EventSettings", "new_event", "round_dates_value",
           "TITLE_ORDER"]

#: FIDE titles in the order of C.04.2 Art. 2 (initial order: rating, then title, then name).
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


class InvalidSetting(EventError):
    """A setting of the new event that cannot be used: ``setting`` (its name in words), the
    ``value`` given and what was ``expected``."""

    kind = "setting"

    def __init__(self, setting: str, value: object, expected: str) -> None:
        super().__init__(f"{setting} {value!r}: expected {expected}")
        self.setting, self.value, self.expected = setting, value, expected


@dataclass(frozen=True)
class Scoring:
    """Points for a win, a draw and a loss; the PAB's value (``None``: a win's, C.04.1 Art. 3)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    pab: Fraction | None = None

    def system(self) -> ScoringSystem:
        return ScoringSystem(win_white=self.win, win_black=self.win, draw_white=self.draw, draw_black=self.draw,
                             loss_white=self.loss, loss_black=self.loss, forfeit_win=self.win,
                             half_point_bye=self.draw, full_point_bye=self.win, pab=self.pab)

    @property
    def text(self) -> str:
        words = "/".join(short_decimal(v) for v in (self.win, self.draw, self.loss))
        return words + (f", PAB {short_decimal(self.pab)}" if self.pab is not None else "")


_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)?|\d*½|\d+/\d+)\s*$")


def _points(text: str, what: str) -> Fraction:
    if not _NUMBER.match(text):
        raise InvalidSetting(what, text, "a number of points such as 1, 0.5 or ½")
    text = text.strip()
    if text.endswith("½"):
        return Fraction(int(text[:-1] or 0)) + Fraction(1, 2)
    return Fraction(text)


def parse_scoring(text: str) -> Scoring:
    """``win/draw/loss`` (``1/0.5/0``, ``3/1/0``, ``1/½/0``), optionally ``,PAB=x``."""
    main, _, rest = text.partition(",")
    parts = [p for p in re.split(r"[/:;\s]+", main.strip()) if p]
    if len(parts) != 3:
        raise InvalidSetting("scoring", text, "win/draw/loss points such as 1/0.5/0 or 3/1/0")
    win, draw, loss = (_points(p, "scoring") for p in parts)
    pab = None
    if rest.strip():
        key, _, value = rest.partition("=")
        if key.strip().upper() != "PAB" or not value.strip():
            raise InvalidSetting("scoring", text, "win/draw/loss, then optionally ,PAB=points")
        pab = _points(value, "PAB value")
    if not win > draw >= loss >= 0:
        raise InvalidSetting("scoring", text, "a win worth more than a draw, a draw at least a loss, no negative points")
    for v in (win, draw, loss) + ((pab,) if pab is not None else ()):
        if (v * 10).denominator != 1:
            raise InvalidSetting("scoring", text, "points with at most one decimal (the TRF writes 11.5)")
    return Scoring(win, draw, loss, pab)


def require_points_fit(scoring: Scoring, rounds: int) -> None:
    """Raise :class:`InvalidSetting` when ``rounds`` wins (or PABs) at ``scoring`` would not fit the
    points column of a player line (TRF columns 81-84: at most 99.9)."""
    best = max(scoring.win, scoring.pab or 0)
    if best * rounds > MAX_POINTS:
        raise InvalidSetting("scoring", scoring.text, f"at most 99.9 points over {rounds} rounds (TRF columns 81-84)")


@dataclass(frozen=True)
class EventSettings:
    """What an event is created with.  ``initial_colour``: the colour of the top player in
    round 1, or ``None`` to draw it by lot with ``seed`` (a random seed, logged, when ``None``)."""

    name: str
    rounds: int
    city: str = ""
    federation: str = ""
    start: date | None = None
    end: date | None = None
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[date, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    initial_colour: Colour | None = None
    seed: int | None = None
    tiebreaks: str | None = None
    system: str | None = None  # the pairing system's name in the registry (default: the Dutch system)
    rules: str | None = None  # the edition of its rules (default: the one in force)


def round_dates_value(dates: tuple[date | None, ...]) -> str:
    """The value of record 132: round r's date (``YY/MM/DD``) at columns 92+10(r-1) of the line."""
    cells = "".join(f"{d:%y/%m/%d}  " if d is not None else " " * 10 for d in dates)
    return (" " * 87 + cells).rstrip()


def _check_printable(s: EventSettings) -> None:
    """The settings written as text into the file (012, 022, 032, 102, 112, 122) hold no control
    character: TRF text is printable, and a name holding ESC would act on every terminal that
    shows it (see :mod:`trf.text`)."""
    texts = [("name", s.name), ("place", s.city), ("federation", s.federation), ("chief arbiter", s.chief_arbiter),
             *(("deputy arbiter", d) for d in s.deputy_arbiters), ("time control", s.time_control)]
    for setting, value in texts:
        found = control_in(value)
        if found is not None:
            raise InvalidSetting(setting, value, f"printable text, found {found}")


def _check(s: EventSettings) -> None:
    _check_printable(s)
    if not s.name.strip():
        raise InvalidSetting("name", s.name, "the name of the event")
    if s.rounds < 1:
        raise InvalidSetting("number of rounds", s.rounds, "at least 1 (C.04.1 Art. 1)")
    if s.rounds > MAX_ROUNDS:
        raise InvalidSetting("number of rounds", s.rounds, f"at most {MAX_ROUNDS} (TRF allows {MAX_ROUNDS} rounds: a "
                                                           "player line holds 99 round blocks)")
    if s.federation and not re.fullmatch(r"[A-Za-z]{3}", s.federation):
        raise InvalidSetting("federation", s.federation, "a three-letter FIDE code such as NOR")
    if s.start and s.end and s.end < s.start:
        raise InvalidSetting("end date", s.end.isoformat(), f"a date on or after the start date {s.start.isoformat()}")
    if s.round_dates and len(s.round_dates) != s.rounds:
        raise InvalidSetting("round dates", len(s.round_dates), f"one date for each of the {s.rounds} rounds")
    require_points_fit(s.scoring, s.rounds)
    if s.tiebreaks is not None:
        from tiebreaks.codes import parse_list

        try:
            parse_list(s.tiebreaks)
        except ValueError as exc:
            raise InvalidSetting("tie-break list", s.tiebreaks, f"C.07 codes such as BH/C1,BH,SB,DE ({exc})") from None


def new_event(s: EventSettings) -> Change:
    """The new event's tournament (no players yet).  Raises :class:`InvalidSetting`."""
    _check(s)
    warnings: list[Notice] = []
    seed = s.seed
    if s.initial_colour is not None:
        colour, how = s.initial_colour, "fixed by the regulations"
    else:
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        colour = Colour.WHITE if random.Random(f"initial colour {seed}").random() < 0.5 else Colour.BLACK
        how = f"drawn by lot, seed {seed}"
    from tiebreaks.standings import DEFAULT_SWISS

    tiebreaks = s.tiebreaks if s.tiebreaks is not None else DEFAULT_SWISS
    if s.tiebreaks is None:
        warnings.append(Notice("default-tiebreaks", f"no tie-break list given: {DEFAULT_SWISS} written in record 202 "
                                                    "(the regulations must announce the list, C.07)",
                               {"tiebreaks": DEFAULT_SWISS}))
    import systems

    try:
        pairing_system = systems.get(s.system or systems.DEFAULT)
        edition = pairing_system.edition(s.rules)
        system, kind, words = pairing_system.event_codes(edition, s.start)
    except systems.UnknownSystem as exc:
        raise InvalidSetting("pairing system", s.system, f"one of {', '.join(exc.known)}") from None
    except systems.UnknownEdition as exc:
        raise InvalidSetting("edition of the rules", s.rules, f"one of {', '.join(exc.editions)}") from None
    except systems.NotOffered as exc:
        raise InvalidSetting("pairing system", s.system, f"a system that runs events here ({exc.system} offers no "
                                                         f"{exc.what})") from None
    # a system of two-game matches (C.04.5) writes each match in two round columns
    # (trf.matches): 142 counts the columns, 132 gives each column its match's date
    per_round = 2 if re.search(TWO_GAME_MATCHES, system.upper()) else 1
    if s.rounds * per_round > MAX_ROUNDS:
        raise InvalidSetting("number of rounds", s.rounds, f"at most {MAX_ROUNDS // per_round} (each round takes "
                                                           f"{per_round} of the {MAX_ROUNDS} round columns of TRF)")
    require_points_fit(s.scoring, s.rounds * per_round)
    records: list[Record] = [Header("012", s.name.strip())]
    if s.city:
        records.append(Header("022", s.city))
    if s.federation:
        records.append(Header("032", s.federation.upper()))
    if s.start:
        records.append(Header("042", f"{s.start:%Y/%m/%d}"))
    if s.end:
        records.append(Header("052", f"{s.end:%Y/%m/%d}"))
    records += [Header("062", "0"), Header("072", "0"), Header("092", kind)]
    if s.chief_arbiter:
        records.append(Header("102", s.chief_arbiter))
    records += [Header("112", d) for d in s.deputy_arbiters]
    if s.time_control:
        records.append(Header("122", s.time_control))
    if s.round_dates:
        records.append(Header("132", round_dates_value(tuple(d for d in s.round_dates for _ in range(per_round)))))
    records += [RoundCount(s.rounds * per_round), InitialColour(colour)]
    pairs = s.scoring.system().as_162()
    if pairs:
        records.append(ScoringRecord("162", pairs))
    records += [Header("192", system), Header("202", tiebreaks)]
    t = Tournament(tuple(records))
    colour_word = "White" if colour is Colour.WHITE else "Black"
    unit = "rounds" if per_round == 1 else "rounds of two-game matches"
    details = (f"{s.name.strip()}, {s.rounds} {unit}, {words}, "
               f"scoring {s.scoring.text}, initial colour {colour_word} ({how}), tie-breaks {tiebreaks}")
    data = {"name": s.name.strip(), "rounds": s.rounds, "system": system, "scoring": s.scoring.text,
            "initial_colour": colour_word.lower(), "initial_colour_drawn": s.initial_colour is None,
            "seed": seed if s.initial_colour is None else None, "tiebreaks": tiebreaks}
    return Change(t, "create event", details, tuple(warnings), data)
