"""Random tournament generator (an RTG as C.04.A A.5 and the TEC checklist of 2026 describe):
complete Swiss tournaments paired round by round by our Dutch engine, with results drawn from the FIDE rating
table.

What a tournament can hold (every rate is per round, see :class:`Schedule`):

* players and rounds; ratings drawn uniformly from ``rating_range``, birth dates so that some
  players are juniors (K 40 under B.02 8.3.3);
* full-, half- and zero-point byes declared before a round is paired (``0000 - F/H/Z`` in its
  column, C.04.3 Art. 1.1.4: such players are not paired), each as a number of players or a
  share, optionally different in given rounds;
* forfeits (``+``/``-``), double forfeits (``-``/``-``) and games of less than one move
  (``W``/``D``/``L``: played for the pairing, not rated);
* late entries (players who miss the first rounds: zero-point byes by default, C.04.2 Art. 2,
  or half-point byes) and withdrawals (absent from a round to the end);
* the tie-break list as record ``202`` (or ``212``, led by ``PTS``), the rank column the
  standings give with it (C.07 art. 4.2);
* a start date (``042``/``052``): the rating rules and the tie-break edition follow from it.

Results follow B.02: a game's expected score for the higher-rated player is the 8.1.2 table's
PD for the rating difference counted by the 400-point rule of 8.3.1 (the same expected score
:mod:`ratings.change` computes), the lower-rated player's is one minus it, so every player's
expected rating change is zero (except, since October 2025, the lower-rated opponent of a
2650+ player more than 400 points below, whose expected score the table puts above what the
uncapped difference gives; the default rating range stops below 2650).  The draw model:
``P(draw) = draw_rate x (1 - |2E - 1|)`` with E the expected score, so draws are likeliest
between equal players and vanish as E nears 0 or 1; the rest of E is the win probability,
which keeps the expected score exactly E.  There is no first-move advantage (the table has
none).

Deterministic: the same settings (seed included) always give the same tournament, and the
file says which: a ``### RTG`` line (TRF-2026 comment) gives the seed and every option of
``arbiter generate`` that makes it again (:func:`rtg_comment`).  The PAB's value (``pab``, a
win's by default, C.04.1 Art. 3) is written as ``162 P``.  :func:`vary_settings` draws options at
random from the ranges of :data:`VARY_RANGES` (the checklist's "unset options drawn at random"),
with a generator of its own, so that the file's line makes the same file without it.
:func:`derived_seed` gives the seeds of a run of many tournaments from one master seed, and
:func:`generate_many` runs them on any :class:`concurrent.futures.Executor`.

The rounds are paired by the engine of a pairing system of the registry (``system``, the Dutch
system by default; :meth:`systems.base.PairingSystem.pair`), by the edition ``rules`` of its
rules (for the Dutch system the 2026 text, or the 2017 one in force until 31 January 2026),
named in record ``092`` in the system's words.  A system whose rounds are matches of two games
(C.04.5, the Double-Swiss system: its ``092`` words are read so, :mod:`trf.matches`) has each
round written as a match in two round columns by :mod:`verify.matchgen`; ``rounds`` then counts
matches.  Baku acceleration (``baku``, C.04.7) is decided before round 1, as the
rule wants: the virtual points are written as ``XXA`` records
(:func:`trf.acceleration.with_baku`, the planned late entries left out of group A's count), so
the file says what every round was paired with and any engine reproduces it.
"""

from __future__ import annotations

import hashlib
import random
import re
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Iterator, Protocol, Sequence

from pairing.result import NoLegalPairing
from ratings.change import counted_difference
from ratings.rules import rules_for
from ratings.tables import expected as table_expected
from systems import DEFAULT, Selection, get
from trf.acceleration import GROUPS, with_baku
from trf.edit import with_pairing
from trf.matches import match_columns
from trf.model import (
    Colour, Comment, Header, InitialColour, Player, Record, Result, RoundCount, RoundEntry, ScoringRecord, Tournament,
)

if TYPE_CHECKING:  # pragma: no cover
    from verify.matchgen import MatchResult

__all__ = ["Share", "Schedule", "GeneratorSettings", "parse_points", "parse_schedule", "parse_range",
           "generate", "expected_score", "result_probabilities", "derived_seed", "GeneratedTournament",
           "generate_many", "DEFAULT_TIEBREAKS", "default_tiebreaks", "game_result", "game_outcome", "match_result", "rtg_comment", "RTG_COMMENT", "decimal_text", "generator_version", "count_text",
           "settings_for", "drawn_size", "vary_settings", "VARY_RANGES", "VARY_TIEBREAKS"]

#: The tie-break list written when none is given (the standings' default for a Swiss).
DEFAULT_TIEBREAKS = "BH/C1,BH,DE,WIN,BWG"


# --------------------------------------------------------------------------- rates


@dataclass(frozen=True)
class Share:
    """How many of a round's eligible players something happens to: exactly ``count`` of them
    (fewer when there are not that many), or each one independently with probability ``rate``."""

    count: int | None = None
    rate: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 0:
            raise ValueError("a count of players cannot be negative")
        if not 0 <= self.rate <= 1:
            raise ValueError("a rate must lie between 0 and 1 (0% and 100%)")

    @property
    def never(self) -> bool:
        return self.count == 0 or (self.count is None and self.rate == 0)

    def pick(self, rng: random.Random, eligible: Sequence[int]) -> list[int]:
        """The players it happens to, in ``eligible``'s order."""
        if self.count is not None:
            chosen = set(rng.sample(list(eligible), min(self.count, len(eligible))))
            return [p for p in eligible if p in chosen]
        rate = float(self.rate)
        return [p for p in eligible if rng.random() < rate]

    def text(self) -> str:
        if self.count is not None:
            return str(self.count)
        pct = self.rate * 100
        return f"{pct.numerator}%" if pct.denominator == 1 else f"{float(pct):g}%"

    def option_text(self) -> str:
        """The share as :func:`parse_schedule` reads it back to the same draws: a count, a whole
        percentage, or the rate as a decimal (:meth:`pick` draws with the rate as a float, so
        its shortest decimal is exact enough even for a rate such as 1/30)."""
        if self.count is not None:
            return str(self.count)
        pct = self.rate * 100
        if pct.denominator == 1:
            return f"{pct.numerator}%"
        return decimal_text(float(self.rate))


@dataclass(frozen=True)
class Schedule:
    """A :class:`Share` for every round (``default``), with exceptions for given rounds."""

    default: Share = Share()
    rounds: tuple[tuple[int, Share], ...] = ()

    def at(self, rnd: int) -> Share:
        for r, share in self.rounds:
            if r == rnd:
                return share
        return self.default

    @property
    def never(self) -> bool:
        return self.default.never and all(s.never for _, s in self.rounds)

    def text(self) -> str:
        return ",".join([self.default.text()] + [f"{r}={s.text()}" for r, s in self.rounds])

    def option_text(self) -> str:
        """The schedule as :func:`parse_schedule` reads it back to the same draws."""
        return ",".join([self.default.option_text()] + [f"{r}={s.option_text()}" for r, s in self.rounds])

    @staticmethod
    def of(value: float | Fraction | Share | Schedule) -> Schedule:
        """A rate (each player's chance per round), a share or a schedule, as a schedule."""
        if isinstance(value, Schedule):
            return value
        if isinstance(value, Share):
            return Schedule(value)
        return Schedule(Share(rate=Fraction(value).limit_denominator(10**6)))


def decimal_text(x: float) -> str:
    """``x``'s shortest round-trip digits written without an exponent, with a decimal point
    (``1e-05`` -> ``0.00001``, ``1.0`` -> ``1.0``): read back as a rate, not a count."""
    from decimal import Decimal

    text = format(Decimal(repr(x)), "f")
    return text if "." in text else text + ".0"


_SHARE = re.compile(r"^\s*(?:(\d+)\s*=\s*)?(\d+(?:\.\d*)?|\.\d+)\s*(%?)\s*$")


def _share(number: str, percent: bool, item: str) -> Share:
    value = Fraction(number)
    if percent:
        value /= 100
    elif "." not in number:
        return Share(count=int(number))
    if not 0 <= value <= 1:
        raise ValueError(f"{item!r}: a rate must lie between 0 and 1 (0% and 100%)")
    return Share(rate=value)


def parse_schedule(text: str) -> Schedule:
    """``"3"`` (three players a round), ``"5%"`` or ``"0.05"`` (each player's chance a round), and
    per-round exceptions ``R=...``: ``"2%,9=0"`` (2 % a round, none in round 9), ``"1=4,2=10%"``
    (four players in round 1, 10 % in round 2, none elsewhere)."""
    default: Share | None = None
    rounds: dict[int, Share] = {}
    items = [x for x in text.split(",") if x.strip()]
    if not items:
        raise ValueError("expected a number of players (3), a rate (5% or 0.05), or R=... per round")
    for item in items:
        m = _SHARE.match(item)
        if m is None:
            raise ValueError(f"{item.strip()!r}: expected a number of players (3), a rate (5% or 0.05), "
                             "or R=N / R=P% for round R")
        rnd, number, percent = m.group(1), m.group(2), m.group(3) == "%"
        share = _share(number, percent, item.strip())
        if rnd is None:
            if default is not None:
                raise ValueError(f"{item.strip()!r}: more than one value for every round")
            default = share
        else:
            r = int(rnd)
            if r < 1:
                raise ValueError(f"{item.strip()!r}: rounds are numbered from 1")
            if r in rounds:
                raise ValueError(f"{item.strip()!r}: round {r} given twice")
            rounds[r] = share
    return Schedule(default if default is not None else Share(count=0), tuple(sorted(rounds.items())))


def parse_range(text: str, what: str = "value") -> tuple[int, int]:
    """``"50"`` -> (50, 50); ``"15-415"`` -> (15, 415)."""
    m = re.match(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$", text)
    if m is None:
        raise ValueError(f"{what} must be a number or a range LOW-HIGH, not {text!r}")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) is not None else lo
    if hi < lo:
        raise ValueError(f"{what}: the range {text!r} ends below its start")
    return lo, hi


def parse_points(text: str) -> tuple[Fraction, Fraction, Fraction]:
    """``"3/1/0"`` or ``"1/0.5/0"`` -> (win, draw, loss)."""
    parts = text.split("/")
    if len(parts) != 3:
        raise ValueError(f"points must be W/D/L, e.g. 3/1/0, not {text!r}")
    try:
        win, draw, loss = (Fraction(p.strip()) for p in parts)
    except ValueError:
        raise ValueError(f"points must be numbers, e.g. 3/1/0, not {text!r}") from None
    for value in (win, draw, loss):
        if (value * 10).denominator != 1:
            raise ValueError(f"points must have at most one decimal, not {text!r}")
    return win, draw, loss


# --------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class GeneratorSettings:
    """One tournament to generate.  Rates of byes are a float (each player's chance a round), a
    :class:`Share` or a :class:`Schedule`; ``late_entries`` and ``withdrawals`` are a number of
    players (an ``int``) or a share of the field (a float below 1)."""

    players: int
    rounds: int
    seed: int = 1
    draw_rate: float = 0.3
    forfeit_rate: float = 0.02  # games one side forfeits
    half_bye_rate: float | Share | Schedule = 0.02
    zero_bye_rate: float | Share | Schedule = 0.02
    points: tuple[Fraction, Fraction, Fraction] = (Fraction(1), Fraction(1, 2), Fraction(0))
    full_bye_rate: float | Share | Schedule = 0.0
    double_forfeit_rate: float = 0.0  # games both sides forfeit
    unusual_rate: float = 0.0  # games of less than one move (W/D/L), of the games played
    late_entries: int | float = 0
    late_missed: Result = Result.ZERO_POINT_BYE  # what a late entry gets for a round it missed
    withdrawals: int | float = 0
    tiebreaks: str | None = DEFAULT_TIEBREAKS  # written as 202 (212 with ``tiebreak_record``); None: none
    tiebreak_record: str = "202"
    rating_range: tuple[int, int] = (1400, 2600)
    start_date: date = date(2026, 3, 1)
    name: str | None = None  # record 012; default "Random tournament PxR seed S"
    rules: str | None = None  # the edition of the system's rules (default: the one in force)
    baku: bool = False  # Baku acceleration (C.04.7)
    baku_group: str = "handbook"  # group A by the rule, or "engine" (bbpPairings' automatic mode)
    system: str = DEFAULT  # the pairing system (its name in the registry, :mod:`systems`)
    pab: Fraction | None = None  # the PAB's points (C.04.1 Art. 3); None: a win's

    def __post_init__(self) -> None:
        import systems

        try:
            edition = get(self.system).edition(self.rules)
        except (systems.UnknownSystem, systems.UnknownEdition) as exc:
            raise ValueError(str(exc)) from None
        object.__setattr__(self, "rules", edition.name)
        if self.baku_group not in GROUPS:
            raise ValueError(f"unknown Baku group rule {self.baku_group!r}: expected {' or '.join(GROUPS)}")
        if self.baku:
            win, draw, loss = self.points
            if not systems.get(self.system).accelerations:
                why = (" (C.04.7 is not offered for two-game matches: whether a win's points are a game's or a "
                       "match's is open; docs/double-swiss.md, D4/D5)" if self.two_game_matches else "")
                raise ValueError(f"{systems.get(self.system).words} take no Baku acceleration{why}")
            if edition.baku_standard_only and self.points != (Fraction(1), Fraction(1, 2), Fraction(0)):
                raise ValueError(f"Baku acceleration {edition.baku_standard_only} needs the standard scoring 1/0.5/0")
            if loss != 0 or win != 2 * draw or win <= 0:
                raise ValueError("Baku acceleration needs a scoring where a win is worth two draws and a loss nothing")
        if self.players < 2:
            raise ValueError("a tournament needs at least 2 players")
        if self.rounds < 1:
            raise ValueError("a tournament needs at least 1 round")
        for what, value in (("draw rate", self.draw_rate), ("forfeit rate", self.forfeit_rate),
                            ("double-forfeit rate", self.double_forfeit_rate),
                            ("rate of games of less than one move", self.unusual_rate)):
            if not 0 <= value <= 1:
                raise ValueError(f"the {what} must lie between 0 and 1")
        if self.forfeit_rate + self.double_forfeit_rate > 1:
            raise ValueError("the forfeit and double-forfeit rates add up to more than 1")
        if self.tiebreak_record not in ("202", "212"):
            raise ValueError("the tie-break list is written as record 202 or 212")
        if self.late_missed not in (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE):
            raise ValueError("a late entry's missed rounds are zero- or half-point byes")
        lo, hi = self.rating_range
        if not 0 < lo <= hi <= 9999:
            raise ValueError("the rating range must be LOW-HIGH with 0 < LOW <= HIGH <= 9999")
        for what, value in (("late entries", self.late_entries), ("withdrawals", self.withdrawals)):
            if isinstance(value, float) and not 0 <= value <= 1:
                raise ValueError(f"{what}: a share of the field lies between 0 and 1")
            if isinstance(value, int) and value < 0:
                raise ValueError(f"{what}: a number of players cannot be negative")
        if self.pab is not None and (self.pab < 0 or (self.pab * 10).denominator != 1):
            raise ValueError("the PAB's value must be at least 0 with at most one decimal")
        if self.two_game_matches and self.pab is not None and self.pab != self.points[0]:
            raise ValueError(f"the PAB of {get(self.system).words} is a won and a drawn game (C.04.5 Art. 1.4: "
                             f"'U' then 'H'): --pab must be a win's points ({_points_text(self.points[0])})")
        if self.tiebreaks is not None:
            from tiebreaks.codes import parse_list

            parse_list(self.tiebreaks)  # raises ValueError naming the bad code

    @property
    def two_game_matches(self) -> bool:
        """Whether each round is a match of two games (C.04.5): the system's words in record
        ``092`` make the file read so (:func:`verify.matchgen.names_matches`), and the rounds
        are written in that layout (:mod:`verify.matchgen`)."""
        from verify.matchgen import names_matches

        return names_matches(_words(self))

    @property
    def pab_value(self) -> Fraction:
        """The PAB's points: ``pab``, else a win's (C.04.1 Art. 3: a win's points unless the
        tournament rules say otherwise, the same for every PAB of the event)."""
        return self.points[0] if self.pab is None else self.pab

    def describe(self) -> dict[str, str]:
        """The settings as text, for reports (the seed and size excluded)."""
        pts = "/".join(str(float(p)).removesuffix(".0") for p in self.points)
        return {
            "draw_rate": f"{self.draw_rate:g}", "forfeit_rate": f"{self.forfeit_rate:g}",
            "double_forfeit_rate": f"{self.double_forfeit_rate:g}", "unusual_rate": f"{self.unusual_rate:g}",
            "full_byes": Schedule.of(self.full_bye_rate).text(), "half_byes": Schedule.of(self.half_bye_rate).text(),
            "zero_byes": Schedule.of(self.zero_bye_rate).text(), "late_entries": f"{self.late_entries:g}",
            "withdrawals": f"{self.withdrawals:g}", "points": pts,
            "tiebreaks": self.tiebreaks or "", "ratings": f"{self.rating_range[0]}-{self.rating_range[1]}",
            "system": self.system, "rules": self.rules or "", "baku": self.baku_group if self.baku else "no",
            "pab": _points_text(self.pab_value),
        }

    def options(self) -> tuple[str, ...]:
        """The ``arbiter generate`` options that make this very tournament (every value written,
        the defaults too, so that a later change of a default does not change what the file
        says): what its ``### RTG`` line records (:func:`rtg_comment`)."""
        sched = (Schedule.of(self.full_bye_rate), Schedule.of(self.half_bye_rate), Schedule.of(self.zero_bye_rate))
        return (
            "--players", str(self.players), "--rounds", str(self.rounds), "--seed", str(self.seed),
            "--system", self.system, "--rules", self.rules or "", "--baku" if self.baku else "--no-baku",
            *(("--baku-group", self.baku_group) if self.baku else ()),
            "--ratings", f"{self.rating_range[0]}-{self.rating_range[1]}", "--date", self.start_date.isoformat(),
            "--points", "/".join(_points_text(p) for p in self.points), "--pab", _points_text(self.pab_value),
            "--draw-rate", repr(self.draw_rate), "--forfeit-rate", repr(self.forfeit_rate),
            "--double-forfeit-rate", repr(self.double_forfeit_rate), "--unusual-rate", repr(self.unusual_rate),
            "--full-byes", sched[0].option_text(), "--half-byes", sched[1].option_text(),
            "--zero-byes", sched[2].option_text(),
            "--late-entries", count_text(self.late_entries), "--late-missed",
            "half" if self.late_missed is Result.HALF_POINT_BYE else "zero",
            "--withdrawals", count_text(self.withdrawals),
            "--tiebreaks", self.tiebreaks or "none", "--tiebreak-record", self.tiebreak_record,
        )


def _points_text(x: Fraction) -> str:
    """Points as the options write them (``1``, ``0.5``, ``2.5``: at most one decimal)."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def count_text(value: int | float) -> str:
    """A number of players (``3``) or a share of the field (``0.05``) as the options read it."""
    return str(value) if isinstance(value, int) else decimal_text(value)


#: What a ``###`` line of a generated file starts with (:func:`rtg_comment`).
RTG_COMMENT = "### RTG"


class Reproducible(Protocol):
    """Settings that a ``### RTG`` line reproduces: a seed and the options that give the file
    (:class:`GeneratorSettings`, :class:`verify.teamgen.TeamGenSettings`)."""

    @property
    def seed(self) -> int: ...

    def options(self) -> tuple[str, ...]: ...


def rtg_comment(s: Reproducible, program: str = "arbiter generate") -> str:
    """The ``###`` line that makes a generated file reproduce itself: the seed, the program's
    version, and the command whose output is this very file (TRF-2026 reads ``###`` lines as
    comments; bbpPairings and our reader skip them).  ``### RTG seed 7 (arbiter 0.1.0): arbiter
    generate --players 12 ...``."""
    import shlex

    return f"{RTG_COMMENT} seed {s.seed} ({generator_version()}): {program} " + " ".join(map(shlex.quote, s.options()))


def generator_version() -> str:
    """``arbiter X.Y.Z``: the generator's version (the same seed gives the same file within one)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"arbiter {version('arbiter')}"
    except PackageNotFoundError:  # pragma: no cover - a checkout that is not installed
        return "arbiter"


# --------------------------------------------------------------------------- results


def expected_score(white: int, black: int, when: date) -> Fraction:
    """White's expected score by B.02: the higher-rated player's is table 8.1.2's PD for the
    difference counted under the rules in force on ``when`` (8.3.1), the other's one minus it."""
    rules = rules_for(when)
    if white >= black:
        return table_expected(counted_difference(white, black, rules))
    return 1 - table_expected(counted_difference(black, white, rules))


def result_probabilities(e: Fraction, draw_rate: float) -> tuple[float, float, float]:
    """(win, draw, loss) probabilities of the side whose expected score is ``e``: the draw model
    of the module docstring; win + draw / 2 = e."""
    draw = draw_rate * float(1 - abs(2 * e - 1))
    win = float(e) - draw / 2
    return max(0.0, win), draw, max(0.0, 1.0 - win - draw)


_UNUSUAL = {Result.WIN: Result.WIN_UNRATED, Result.DRAW: Result.DRAW_UNRATED, Result.LOSS: Result.LOSS_UNRATED}
_OTHER = {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW, Result.LOSS: Result.WIN}


def game_outcome(rng: random.Random, s: GeneratorSettings, white: int, black: int) -> Result:
    """White's result (``1 = 0``) of a game played between players rated ``white`` and
    ``black``: drawn from :func:`result_probabilities` with White's :func:`expected_score` (one
    draw of ``rng``, as :func:`game_result` draws a played game)."""
    win, draw, _ = result_probabilities(expected_score(white, black, s.start_date), s.draw_rate)
    y = rng.random()
    return Result.WIN if y < win else Result.DRAW if y < win + draw else Result.LOSS


def match_result(rng: random.Random, s: GeneratorSettings, first: int, second: int) -> MatchResult:
    """The result of a two-game match between players rated ``first`` (White in game 1) and
    ``second`` (:func:`verify.matchgen.match_result`, each game by :func:`game_outcome`)."""
    from verify.matchgen import match_result as drawn

    return drawn(rng, s, first, second, lambda r, white, black: game_outcome(r, s, white, black))


def game_result(rng: random.Random, s: GeneratorSettings, white: int, black: int) -> tuple[Result, Result]:
    """The result of a game between players rated ``white`` and ``black`` (White's, Black's):
    a double forfeit at ``s.double_forfeit_rate``, a forfeit by either side at
    ``s.forfeit_rate``, else a game drawn from :func:`result_probabilities` with White's
    :func:`expected_score` (B.02 8.1.2 with the 400-point rule of 8.3.1), played in less than
    one move at ``s.unusual_rate``."""
    x = rng.random()
    if x < s.double_forfeit_rate:
        return Result.FORFEIT_LOSS, Result.FORFEIT_LOSS
    if x < s.double_forfeit_rate + s.forfeit_rate:
        return (Result.FORFEIT_WIN, Result.FORFEIT_LOSS) if rng.random() < 0.5 else (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
    win, draw, _ = result_probabilities(expected_score(white, black, s.start_date), s.draw_rate)
    y = rng.random()
    rw = Result.WIN if y < win else Result.DRAW if y < win + draw else Result.LOSS
    rb = _OTHER[rw]
    if s.unusual_rate and rng.random() < s.unusual_rate:
        return _UNUSUAL[rw], _UNUSUAL[rb]
    return rw, rb


# --------------------------------------------------------------------------- the tournament


def _set_entry(t: Tournament, rnd: int, entries: dict[int, RoundEntry]) -> Tournament:
    records = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank in entries:
            rounds = list(rec.rounds) + [None] * max(0, rnd - len(rec.rounds))
            rounds[rnd - 1] = entries[rec.start_rank]
            rec = replace(rec, rounds=tuple(rounds))
        records.append(rec)
    return t.replace_records(tuple(records))


def _with_points(t: Tournament) -> Tournament:
    score = {p.start_rank: t.score(p.start_rank) for p in t.players}
    order = sorted(score, key=lambda pid: (-score[pid], pid))
    rank = {pid: k for k, pid in enumerate(order, 1)}
    return t.replace_records(tuple(
        replace(r, points=score[r.start_rank], rank=rank[r.start_rank]) if isinstance(r, Player) else r
        for r in t.records))


def _with_ranks(t: Tournament, tiebreaks: str) -> Tournament:
    """The rank column as the standings give it with the file's tie-break list (C.07 art. 4.2)."""
    from tiebreaks.codes import parse_list
    from tiebreaks.standings import standings

    rank = {row.pid: row.rank for row in standings(t, parse_list(tiebreaks)).rows}
    return t.replace_records(tuple(
        replace(r, rank=rank[r.start_rank]) if isinstance(r, Player) and r.start_rank in rank else r
        for r in t.records))


def _how_many(value: int | float, players: int) -> int:
    return value if isinstance(value, int) else round(value * players)


@dataclass(frozen=True)
class _Plan:
    """Who is away when, decided before round 1: late entries (first round played) and
    withdrawals (first round missed)."""

    arrives: dict[int, int] = field(default_factory=dict)
    leaves: dict[int, int] = field(default_factory=dict)

    def away(self, pid: int, rnd: int) -> Result | None:
        if pid in self.arrives and rnd < self.arrives[pid]:
            return Result.ZERO_POINT_BYE
        if pid in self.leaves and rnd >= self.leaves[pid]:
            return Result.ZERO_POINT_BYE
        return None


def _plan(rng: random.Random, s: GeneratorSettings) -> _Plan:
    ids = list(range(1, s.players + 1))
    arrives: dict[int, int] = {}
    leaves: dict[int, int] = {}
    if s.rounds >= 2:
        late = _how_many(s.late_entries, s.players)
        for pid in sorted(rng.sample(ids, min(late, len(ids)))):
            arrives[pid] = rng.randint(2, max(2, (s.rounds + 1) // 2 + 1))
        gone = _how_many(s.withdrawals, s.players)
        for pid in sorted(rng.sample(ids, min(gone, len(ids)))):
            first = arrives.get(pid, 1) + 1
            if first <= s.rounds:
                leaves[pid] = rng.randint(first, s.rounds)
    return _Plan(arrives, leaves)


def _birth_date(rng: random.Random, when: date) -> str:
    year = when.year - rng.choice((rng.randint(8, 18), rng.randint(19, 75), rng.randint(19, 75)))
    return f"{year:04d}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"


def _selection(s: GeneratorSettings) -> Selection:
    system = get(s.system)
    return Selection(system, system.edition(s.rules), "chosen by the caller", asked=True, edition_asked=True)


def _words(s: GeneratorSettings) -> str:
    """The system and edition as record 092 names them (``FIDE Dutch 2026, Baku acceleration``)."""
    sel = _selection(s)
    return sel.system.code_words(sel.edition) + (", Baku acceleration" if s.baku else "")


def _custom_code(s: GeneratorSettings) -> str | None:
    """The ``192`` code of a system outside TRF-2026's ETT table (``CUSTOM_SWISS``: its ``092``
    words then say which system, as :func:`systems.select` reads them), else ``None``."""
    from systems import NotOffered

    sel = _selection(s)
    try:
        code = sel.system.event_codes(sel.edition, s.start_date)[0]
    except NotOffered:
        return None
    return code if code.startswith("CUSTOM_") else None


def _start(s: GeneratorSettings, rng: random.Random) -> Tournament:
    lo, hi = s.rating_range
    ratings = sorted((rng.randint(lo, hi) for _ in range(s.players)), reverse=True)
    births = [_birth_date(rng, s.start_date) for _ in range(s.players)]
    initial = rng.choice((Colour.WHITE, Colour.BLACK))
    end = s.start_date + timedelta(days=s.rounds - 1)
    headers: list[Record] = [
        Header("012", s.name or f"Random tournament {s.players}x{s.rounds} seed {s.seed}"),
        Header("042", s.start_date.strftime("%Y/%m/%d")),
        Header("052", end.strftime("%Y/%m/%d")),
        Header("092", f"Individual: Swiss-System ({_words(s)}), generated by arbiter"),
    ]
    custom = _custom_code(s)
    if custom is not None:
        headers.append(Header("192", custom))
    players = [Player(start_rank=i, name=f"Player {i:04d}", rating=r, birth_date=b, points=Fraction(0), rank=i)
               for i, (r, b) in enumerate(zip(ratings, births), 1)]
    columns = 2 * s.rounds if s.two_game_matches else s.rounds  # two games a match: XXR counts the columns
    tail: list[Record] = [RoundCount(columns, "XXR"), InitialColour(initial, "XXC")]
    if s.tiebreaks:
        text = s.tiebreaks if s.tiebreak_record == "202" else "PTS," + s.tiebreaks
        tail.append(Header(s.tiebreak_record, text))
    win, draw, loss = s.points
    pab = () if s.pab is None or s.pab == win else (("P", s.pab),)
    if (win, draw, loss) != (Fraction(1), Fraction(1, 2), Fraction(0)) or pab:
        tail.append(ScoringRecord("162", (("W", win), ("D", draw), ("L", loss)) + pab))
    return Tournament(tuple(headers) + tuple(players) + tuple(tail))


def _with_comment(t: Tournament, s: GeneratorSettings) -> Tournament:
    """``t`` with its ``### RTG`` line (:func:`rtg_comment`) after the header records, added
    once the rounds are paired: a ``###`` line makes a file TRF-2026 for
    :func:`trf.acceleration.dialect`, and the Baku records are written before it as ``XXA``."""
    records = list(t.records)
    at = next((k for k, r in enumerate(records) if not isinstance(r, Header)), len(records))
    return t.replace_records(tuple(records[:at]) + (Comment(rtg_comment(s)),) + tuple(records[at:]))


def _before_round(t: Tournament, rnd: int, rng: random.Random, s: GeneratorSettings, plan: _Plan,
                  schedules: tuple[Schedule, Schedule, Schedule]) -> Tournament:
    """Round ``rnd``'s input as the arbiter declares it before pairing: late entries' missed
    rounds and withdrawals, then the requested byes (full, half, zero) among the players still
    present, written as ``0000 - F/H/Z`` in the round's column (C.04.3 Art. 1.1.4: not paired),
    or in both columns of a two-game match (C.04.5 Preface: byes for whole matches only).
    Byes that would leave fewer than two players to pair are dropped."""
    absent: dict[int, RoundEntry] = {}
    ids = [p.start_rank for p in t.players]
    for pid in ids:
        away = plan.away(pid, rnd)
        if away is not None:
            kind = s.late_missed if pid in plan.arrives and rnd < plan.arrives[pid] else away
            absent[pid] = RoundEntry(None, Colour.NONE, kind)
    fixed = dict(absent)
    for schedule, kind in zip(schedules, (Result.FULL_POINT_BYE, Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE)):
        share = schedule.at(rnd)
        if share.never:
            continue
        eligible = [pid for pid in ids if pid not in absent]
        for pid in share.pick(rng, eligible):
            absent[pid] = RoundEntry(None, Colour.NONE, kind)
    if len(ids) - len(absent) < 2:
        absent = fixed
    if not absent:
        return t
    if s.two_game_matches:
        from verify.matchgen import bye_entries

        first, second = match_columns(rnd)
        codes = {pid: e.result for pid, e in absent.items() if e.result is not None}
        t = _set_entry(t, first, {pid: bye_entries(code)[0] for pid, code in codes.items()})
        return _set_entry(t, second, {pid: bye_entries(code)[1] for pid, code in codes.items()})
    return _set_entry(t, rnd, absent)


def generate(s: GeneratorSettings, progress: Callable[[int], None] | None = None,
             observe: Callable[[Tournament, int], None] | None = None) -> Tournament:
    """Generate and pair a whole tournament.  ``progress(round)`` is called after each round;
    ``observe(t, round)`` before each round is paired, with the file the engine pairs it from
    (the byes declared; a differential run checks the engine's round against that input).  A
    system of two-game matches (:attr:`GeneratorSettings.two_game_matches`) has its rounds
    written by :mod:`verify.matchgen`; ``s.rounds`` then counts matches.

    Raises :class:`pairing.result.NoLegalPairing` when a round cannot be paired (a small field
    that has run out of opponents)."""
    rng = random.Random(s.seed)
    t = _start(s, rng)
    plan = _plan(rng, s)
    sel = _selection(s)
    if s.baku:
        t = with_baku(t, s.baku_group, standard_only=sel.edition.baku_standard_only, late=frozenset(plan.arrives))
    schedules = (Schedule.of(s.full_bye_rate), Schedule.of(s.half_bye_rate), Schedule.of(s.zero_bye_rate))
    for rnd in range(1, s.rounds + 1):
        t = _before_round(t, rnd, rng, s, plan, schedules)
        if observe is not None:
            observe(t, rnd)
        pairing = sel.system.pair(t, rnd, sel)
        if s.two_game_matches:
            t = _with_points(_match_round(t, rnd, rng, s, pairing.boards, pairing.bye))
            if progress is not None:
                progress(rnd)
            continue
        t = with_pairing(t, rnd, pairing.boards, pairing.bye)
        results: dict[int, RoundEntry] = {}
        for white, black in pairing.boards:
            rw, rb = game_result(rng, s, t.player(white).rating or 0, t.player(black).rating or 0)
            results[white] = RoundEntry(black, Colour.WHITE, rw)
            results[black] = RoundEntry(white, Colour.BLACK, rb)
        t = _with_points(_set_entry(t, rnd, results))
        if progress is not None:
            progress(rnd)
    if s.tiebreaks:
        t = _with_ranks(t, s.tiebreaks)
    return _with_comment(t, s)


def _match_round(t: Tournament, rnd: int, rng: random.Random, s: GeneratorSettings,
                 boards: Sequence[tuple[int, int]], bye: int | None) -> Tournament:
    """Match round ``rnd`` written with each match's two games drawn (:mod:`verify.matchgen`)."""
    from verify.matchgen import with_match_round

    results = [match_result(rng, s, t.player(white).rating or 0, t.player(black).rating or 0)
               for white, black in boards]
    return with_match_round(t, rnd, boards, bye, results, s.points[1])


# --------------------------------------------------------------------------- many tournaments


def derived_seed(master: int, index: int) -> int:
    """The seed of tournament ``index`` (1-based) of a run with seed ``master``: the first six
    bytes of SHA-256 of ``"master:index"``, so any one can be generated again on its own."""
    digest = hashlib.sha256(f"{master}:{index}".encode("ascii")).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True)
class GeneratedTournament:
    """One tournament of a run: its ``index``, seed and size, and the TRF ``text``, or the
    ``error`` that stopped it (the round that could not be paired)."""

    index: int
    seed: int
    players: int
    rounds: int
    text: str | None
    error: str | None = None


def _one(s: GeneratorSettings, index: int) -> GeneratedTournament:
    from trf.writer import dumps

    try:
        return GeneratedTournament(index, s.seed, s.players, s.rounds, dumps(generate(s)))
    except NoLegalPairing as exc:
        return GeneratedTournament(index, s.seed, s.players, s.rounds, None, str(exc))


def settings_for(template: GeneratorSettings, master: int, index: int, players: tuple[int, int],
                 rounds: tuple[int, int], vary: frozenset[str] = frozenset()) -> GeneratorSettings:
    """Tournament ``index`` of a run: its seed (:func:`derived_seed`), and its size drawn from
    the ranges with that seed (rounds at most players - 1); the options named in ``vary`` then
    drawn for it (:func:`vary_settings`)."""
    seed, n, r = drawn_size(master, index, players, rounds)
    s = replace(template, players=n, rounds=r, seed=seed)
    return vary_settings(s, vary) if vary else s


def drawn_size(master: int, index: int, entrants: tuple[int, int], rounds: tuple[int, int]) -> tuple[int, int, int]:
    """Tournament ``index`` of a run: its seed (:func:`derived_seed`), and its number of entrants
    (players or teams) and of rounds drawn from the ranges with that seed (rounds at most
    entrants - 1)."""
    seed = derived_seed(master, index)
    rng = random.Random(seed)
    n = rng.randint(*entrants)
    return seed, n, rng.randint(rounds[0], max(rounds[0], min(rounds[1], n - 1)))


# --------------------------------------------------------------------------- options drawn at random

#: The options ``--vary`` draws (the ``arbiter generate`` parameter names) and the ranges they
#: are drawn from, uniformly unless said: the sizes of an open Swiss, rates of a real event's
#: incidents, a sensible tie-break list.  The pairing system, its edition, the start date and
#: the Baku group rule are the caller's: they say what is tested, not what happens in a
#: tournament.
VARY_RANGES: dict[str, str] = {
    "players": "12-150",
    "rounds": "3-11, at most half the players",
    "ratings": "lowest 1000-1800, highest 400-1000 above it up to 2800 (steps of 100)",
    "draw_rate": "0.10-0.50",
    "forfeit_rate": "0-0.05",
    "double_forfeit_rate": "0-0.01",
    "unusual_rate": "0-0.02",
    "full_byes": "0 (four times in five), else 1%",
    "half_byes": "0-5%",
    "zero_byes": "0-5%",
    "late_entries": "0-5% of the field",
    "late_missed": "zero (three times in four) or half",
    "withdrawals": "0-5% of the field",
    "tiebreaks": "one of VARY_TIEBREAKS (two-game matches: of verify.matchgen.MATCH_VARY_TIEBREAKS)",
    "tiebreak_record": "202 (three times in four) or 212",
    "points": "1/0.5/0 (four times in five) or 3/1/0",
    "pab": "a win's points (four times in five) or a draw's (two-game matches: a win's)",
    "baku": "on or off, even odds (off unless the system takes it and a win is worth two draws)",
}

#: The tie-break lists ``--vary`` chooses from (C.07 prescribes none; these are the usual Swiss
#: lists: the standings' default, the GSC's of 2019 with ARO first, Sonneborn-Berger and
#: progressive score variants).
VARY_TIEBREAKS: tuple[str, ...] = (
    DEFAULT_TIEBREAKS, "ARO/C1,BH/C1,BH,DE", "BH/C1,BH,SB,DE,WIN", "DE,BH/C1,BH,PS", "BH,SB,DE,BWG",
)


def _vary_tiebreaks(matches: bool) -> tuple[str, ...]:
    """The lists ``--vary`` chooses from: :data:`VARY_TIEBREAKS`, or for two-game matches
    :data:`verify.matchgen.MATCH_VARY_TIEBREAKS`."""
    from verify.matchgen import MATCH_VARY_TIEBREAKS

    return MATCH_VARY_TIEBREAKS if matches else VARY_TIEBREAKS


def default_tiebreaks(system: str, rules: str | None = None) -> str:
    """The tie-break list written when none is given: :data:`DEFAULT_TIEBREAKS`, or for a system
    of two-game matches :data:`verify.matchgen.MATCH_TIEBREAKS`."""
    from verify.matchgen import MATCH_TIEBREAKS, names_matches

    sel = get(system)
    return MATCH_TIEBREAKS if names_matches(sel.code_words(sel.edition(rules))) else DEFAULT_TIEBREAKS


def _rate(rng: random.Random, hi: int) -> float:
    """A rate from 0 to ``hi`` thousandths, in thousandths (so that the file writes it short)."""
    return rng.randint(0, hi) / 1000


def vary_settings(s: GeneratorSettings, names: frozenset[str]) -> GeneratorSettings:
    """``s`` with the options ``names`` (keys of :data:`VARY_RANGES`) drawn at random from their
    ranges, with a generator seeded by ``s.seed`` (the tournament's own draws are not touched:
    the file's ``### RTG`` line, which lists every value, makes the same file without
    ``--vary``).  Raises ``KeyError`` for a name that is not drawn."""
    unknown = names - VARY_RANGES.keys()
    if unknown:
        raise KeyError(f"not drawn at random: {', '.join(sorted(unknown))}")
    rng = random.Random(f"vary:{s.seed}")
    c: dict[str, object] = {}
    standard = (Fraction(1), Fraction(1, 2), Fraction(0))
    players = rng.randint(12, 150) if "players" in names else s.players
    c["players"] = players
    if "rounds" in names:
        c["rounds"] = rng.randint(3, min(11, max(3, players // 2)))
    if "ratings" in names:
        lo = 100 * rng.randint(10, 18)
        c["rating_range"] = (lo, 100 * rng.randint(lo // 100 + 4, min(lo // 100 + 10, 28)))
    for name, hi in (("draw_rate", 500), ("forfeit_rate", 50), ("double_forfeit_rate", 10), ("unusual_rate", 20)):
        if name in names:
            c[name] = (rng.randint(100, hi) if name == "draw_rate" else rng.randint(0, hi)) / 1000
    if "full_byes" in names:
        c["full_bye_rate"] = Schedule(Share(rate=Fraction(1, 100))) if rng.random() < 0.2 else Schedule(Share(count=0))
    for name, field_name in (("half_byes", "half_bye_rate"), ("zero_byes", "zero_bye_rate")):
        if name in names:
            c[field_name] = Schedule(Share(rate=Fraction(rng.randint(0, 5), 100)))
    for name in ("late_entries", "withdrawals"):
        if name in names:
            c[name] = _rate(rng, 50)
    if "late_missed" in names:
        c["late_missed"] = Result.HALF_POINT_BYE if rng.random() < 0.25 else Result.ZERO_POINT_BYE
    matches = s.two_game_matches
    if "tiebreaks" in names:
        c["tiebreaks"] = rng.choice(_vary_tiebreaks(matches))
    if "tiebreak_record" in names:
        c["tiebreak_record"] = "212" if rng.random() < 0.25 else "202"
    points = s.points
    if "points" in names and not s.baku:
        points = standard if rng.random() < 0.8 else (Fraction(3), Fraction(1), Fraction(0))
        c["points"] = points
    if "pab" in names:  # a two-game match's PAB is a won and a drawn game (C.04.5 Art. 1.4)
        c["pab"] = points[0] if rng.random() < 0.8 or matches else points[1]
    if "baku" in names:
        takes = get(s.system).accelerations and points == standard
        c["baku"] = takes and rng.random() < 0.5
    return replace(s, **c)  # type: ignore[arg-type]


def generate_many(template: GeneratorSettings, count: int, master: int, *, players: tuple[int, int] | None = None,
                  rounds: tuple[int, int] | None = None, vary: frozenset[str] = frozenset(),
                  executor: Executor | None = None, window: int = 64) -> Iterator[GeneratedTournament]:
    """``count`` tournaments made like ``template`` with seeds derived from ``master``, sizes
    drawn from ``players`` and ``rounds`` (default: the template's), the options ``vary`` drawn
    for each (:func:`vary_settings`), in index order.  With an ``executor`` (a process pool, a
    Dask client's executor) they are generated in parallel, at most ``window`` at a time in
    flight."""
    p = players or (template.players, template.players)
    r = rounds or (template.rounds, template.rounds)
    jobs = ((settings_for(template, master, i, p, r, vary), i) for i in range(1, count + 1))
    from parallel import ordered_map

    yield from ordered_map(_one, jobs, executor, window)
