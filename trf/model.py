"""The tournament model shared by every package of the toolkit.

A :class:`Tournament` is the ordered list of the records of a TRF file
(TRF-16, TRF-2026 and the JaVaFo/bbpPairings extension records), kept in file
order so that writing it back is byte-stable, plus derived views that the
pairing, checking and tie-break packages need (scores, colour histories, byes,
the games of a round, declared absences ...).

Views never raise on what a file holds: the reader reports what is wrong
(:mod:`trf.parser`, :mod:`trf.validate`) and a view reads what is left (a ``240``
of an unknown type declares nothing).  Asking for a start rank no player has
(:meth:`Tournament.player`, :meth:`Tournament.score`) is the caller's mistake
and raises ``KeyError``.

All dataclasses are frozen.  Points are exact: ``Fraction``, never floats, so
that 3/1/0 scoring and half points add up exactly.  Source line numbers are
kept for diagnostics but never take part in equality.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from functools import cached_property
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf.abnormal import RESULT_OF_TYPE, AbnormalPoints as AbnormalPoints  # re-exported: the record of 299
from trf.codes import Colour as Colour, Result as Result  # re-exported: many modules import them from the model
from trf.codes import _PLAYED as _PLAYED_CODES

_set = object.__setattr__  # a frozen block's derived fields, set once
_BLACK = Colour.BLACK
from trf.dates import parse_date, parse_round_dates
from trf.limits import MAX_ROUNDS
from trf.scoring import ZERO, ScoringSystem, scoring_from_records

if TYPE_CHECKING:  # pragma: no cover
    from typing import Iterator

    from trf.abnormal import Applied
    from trf.system import SystemCode


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One 10-column round block of a player line.

    ``opponent`` is ``None`` for ``0000`` (bye, absence).  ``result`` is ``None``
    when the result column is blank: with an opponent that is a game whose
    result is pending (a freshly paired round); without one TRF-16 reads it as
    ``Z``, which :attr:`code` reports.
    """

    opponent: int | None
    colour: Colour
    result: Result | None
    #: What scores the block: the effective code's value (empty: pending), then ``b`` when it
    #: was played with Black; computed once per block (:meth:`trf.scoring.ScoringSystem.total`).
    scoring_key: str = field(init=False, repr=False, compare=False)
    #: The colour's code and the result's (blank when pending), e.g. ``"w1"``: what
    #: :mod:`trf.validate` compares with the opponent's block.
    state: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        result, colour = self.result, self.colour
        if result is not None:
            key = result._value_
            state = colour._value_ + key
        else:  # pending with an opponent; without one TRF-16's Z
            key = "" if self.opponent is not None else "Z"
            state = colour._value_ + " "
        _set(self, "scoring_key", key + "b" if colour is _BLACK else key)
        _set(self, "state", state)

    @property
    def code(self) -> Result | None:
        """The effective result code: a blank result without opponent is ``Z``."""
        if self.result is None and self.opponent is None:
            return Result.ZERO_POINT_BYE
        return self.result

    @property
    def is_played(self) -> bool:
        """A game over the board (counts as a meeting and for colours, C.04.1): an opponent and a
        played result (:attr:`Result.is_played`, read from :attr:`state`'s result code: the
        engines ask it of every block, several times a round)."""
        return self.opponent is not None and self.state[1] in _PLAYED_CODES

    @property
    def is_pending(self) -> bool:
        """Paired, result not yet known."""
        return self.opponent is not None and self.result is None

    @property
    def is_paired(self) -> bool:
        """The pairing program put this player on a board or gave the PAB."""
        return self.opponent is not None or self.result is Result.PAIRING_ALLOCATED_BYE


@dataclass(frozen=True)
class Player:
    """A ``001`` record (TRF-16 2.2).  Text fields are kept as written, stripped."""

    start_rank: int
    sex: str = ""
    title: str = ""
    name: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Fraction | None = None
    rank: int | None = None
    rounds: tuple[RoundEntry | None, ...] = ()
    line: int = field(default=0, compare=False, repr=False)

    def entry(self, round_number: int) -> RoundEntry | None:
        """The block of round ``round_number`` (1-based), ``None`` when blank or absent."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None

    @property
    def fide_title(self) -> str:
        """The title in FIDE's spelling; legacy one-letter codes (``g``, ``wm``) mapped as Gacrux does."""
        return LEGACY_TITLES.get(self.title.lower(), self.title.upper()) if self.title else ""

    def played_rounds(self) -> tuple[int, ...]:
        return tuple(r for r, e in self._entries() if e.is_played)

    def unplayed_rounds(self, through: int | None = None) -> tuple[int, ...]:
        """Rounds up to ``through`` (default: every round column) without a game over the board."""
        last = len(self.rounds) if through is None else through
        return tuple(r for r in range(1, last + 1) if not ((e := self.entry(r)) and e.is_played))

    def colour_history(self, through: int | None = None) -> tuple[Colour, ...]:
        """Colours of played games in round order.  Forfeits and byes are skipped: C.04.1 lets only
        games actually played count for colours."""
        return tuple(e.colour for r, e in self._entries(through) if e.is_played)

    def opponents(self, through: int | None = None, played_only: bool = True) -> tuple[int, ...]:
        """Start ranks met.  By default only games played over the board: a forfeited game is no
        meeting for C1 (C.04.1 rule on unplayed games)."""
        return tuple(
            e.opponent
            for r, e in self._entries(through)
            if e.opponent is not None and (e.is_played or not played_only)
        )

    def byes(self, kind: Result, through: int | None = None) -> tuple[int, ...]:
        """Rounds in which this player had a bye of ``kind`` (U, H, F or Z)."""
        return tuple(r for r, e in self._entries(through) if e.opponent is None and e.code is kind)

    def _entries(self, through: int | None = None) -> Iterator[tuple[int, RoundEntry]]:
        last = len(self.rounds) if through is None else min(through, len(self.rounds))
        for r in range(1, last + 1):
            e = self.rounds[r - 1]
            if e is not None:
                yield r, e


#: The bye types of a ``240`` record (TRF-2026 4.5).
_DECLARED_KINDS = {"F": Result.FULL_POINT_BYE, "H": Result.HALF_POINT_BYE, "Z": Result.ZERO_POINT_BYE}

LEGACY_TITLES = {
    "g": "GM", "m": "IM", "f": "FM", "c": "CM",
    "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM",
}


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Header:
    """A free-text tournament record (012-132, 172, 182, 192, 202, 212, 222, 352, 362).

    ``value`` is the text from column 5 as written (trailing blanks included) so that
    it writes back unchanged.
    """

    code: str
    value: str
    line: int = field(default=0, compare=False, repr=False)

    @property
    def text(self) -> str:
        return self.value.strip()


@dataclass(frozen=True)
class RoundCount:
    """Total number of rounds: ``142 n`` (TRF-2026) or ``XXR n`` (JaVaFo)."""

    rounds: int
    code: str = "142"
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class InitialColour:
    """Colour of the top player in round 1: ``152 W|B`` or ``XXC [rank] white1|black1``.

    ``by_rank`` is JaVaFo's ``XXC rank`` (pair by file position); TRF-2026 has no equivalent.
    """

    colour: Colour | None
    code: str = "152"
    by_rank: bool = False
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class ScoringRecord:
    """A scoring line: ``162`` (symbol/value pairs), ``XXS`` (CODE=value) or one ``BB?`` line."""

    code: str
    values: tuple[tuple[str, Fraction], ...]
    line: int = field(default=0, compare=False, repr=False)
    #: the column of each value's symbol as read (162), for diagnostics
    columns: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class ByeRecord:
    """``240 T RRR id id ...``: full (F), half (H) or zero (Z) point byes of a round (TRF-2026 4.5)."""

    kind: str
    round: int
    players: tuple[int, ...]
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class AbsentRecord:
    """``XXZ id ...``: players not to be paired in the next round (JaVaFo)."""

    players: tuple[int, ...]
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class AccelerationRange:
    """``250``: fictitious points for a contiguous id range over a round range (TRF-2026 4.5)."""

    match_points: Fraction | None
    game_points: Fraction | None
    first_round: int
    last_round: int
    first_player: int
    last_player: int
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class PlayerAcceleration:
    """``XXA id p p p ...``: one player's fictitious points per round (JaVaFo); ``None`` = blank."""

    player: int
    points: tuple[Fraction | None, ...]
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class ForbiddenPairs:
    """``260 r1 r2 id id ...`` (rounds given) or ``XXP id id ...`` (all rounds): no two may meet."""

    players: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None
    code: str = "260"
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Comment:
    """A ``###`` line (TRF-2026 only)."""

    text: str
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class BlankLine:
    """An empty line, kept so that files with one write back unchanged."""

    text: str = ""
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class PreservedRecord:
    """A record kept verbatim: team records (013, 300, 310, 320, 330, 801, 802), NRS lines,
    Tornelo ``DAT`` lines, and unknown records (``known=False``, reported with a warning)."""

    code: str
    text: str
    known: bool = True
    line: int = field(default=0, compare=False, repr=False)


Record = (
    Player | Header | RoundCount | InitialColour | ScoringRecord | ByeRecord | AbsentRecord
    | AccelerationRange | PlayerAcceleration | ForbiddenPairs | Comment | BlankLine | PreservedRecord
    | AbnormalPoints
)


@dataclass(frozen=True)
class Game:
    """A game of a round, seen from the board: ``white`` and ``black`` start ranks and their codes."""

    round: int
    white: int
    black: int
    white_result: Result | None
    black_result: Result | None

    @property
    def is_played(self) -> bool:
        return self.white_result is not None and self.white_result.is_played


@dataclass(frozen=True)
class Bye:
    """A player without an opponent in a round, with the kind of bye (U, H, F or Z)."""

    round: int
    player: int
    kind: Result


# --------------------------------------------------------------------------- tournament


@dataclass(frozen=True)
class Tournament:
    """A whole TRF file: its records in order, and how its lines were terminated.

    The views below are computed on first use and cached (the instance is
    immutable, so they never go stale).
    """

    records: tuple[Record, ...]
    line_ending: str = "\n"
    final_newline: bool = True

    # ---- headers
    def header(self, code: str) -> str | None:
        """The stripped value of the first ``code`` record (``"012"`` ...), or ``None``."""
        for rec in self.records:
            if isinstance(rec, Header) and rec.code == code:
                return rec.text
        return None

    @property
    def name(self) -> str:
        return self.header("012") or ""

    # ---- dates (one reader for every package: :mod:`trf.dates`)
    @cached_property
    def start_date(self) -> date | None:
        """The start date (``042``), or ``None`` when absent or unreadable."""
        return parse_date(self.header("042"))

    @cached_property
    def end_date(self) -> date | None:
        """The end date (``052``), or ``None`` when absent or unreadable."""
        return parse_date(self.header("052"))

    @cached_property
    def round_dates(self) -> tuple[date | None, ...]:
        """The round dates of ``132`` in round order (``None`` for a field that is no date)."""
        return tuple(parse_round_dates(self.header("132")))

    @cached_property
    def system_code(self) -> SystemCode:
        """The records that name how the file is paired (``192``/``092``) and whether it is a team
        event (:func:`trf.system.system_code`; which system that is: :func:`systems.select`)."""
        from trf.system import system_code

        return system_code(self)

    @cached_property
    def is_team_event(self) -> bool:
        """Team records present (``013`` or ``310``): then ``240``/``250``/``260`` name team pairing
        numbers, and player points are informative (TRF-2026 4.3)."""
        return any(isinstance(r, PreservedRecord) and r.code in ("013", "310") for r in self.records)

    # ---- players
    @cached_property
    def players(self) -> tuple[Player, ...]:
        """Players in file order (not necessarily start-rank order)."""
        return tuple(r for r in self.records if isinstance(r, Player))

    @cached_property
    def player_by_rank(self) -> dict[int, Player]:
        """Start rank -> player (the first record wins if a rank is duplicated)."""
        out: dict[int, Player] = {}
        for p in self.players:
            out.setdefault(p.start_rank, p)
        return out

    def player(self, start_rank: int) -> Player:
        return self.player_by_rank[start_rank]

    # ---- round structure
    @cached_property
    def round_columns(self) -> int:
        """How many round blocks the longest player line has."""
        return max((len(p.rounds) for p in self.players), default=0)

    @cached_property
    def rounds_paired(self) -> int:
        """The last round in which anybody was paired (an opponent, or the PAB).

        Columns after it only hold declared absences/byes for rounds still to be paired
        (the JaVaFo convention ``0000 - Z/H/F`` in the next round's column).
        """
        last = 0
        for p in self.players:
            for r in range(len(p.rounds), last, -1):
                e = p.rounds[r - 1]
                if e is not None and e.is_paired:
                    last = r
                    break
        return last

    @cached_property
    def total_rounds(self) -> int | None:
        """Declared number of rounds (``142`` preferred over ``XXR``), else ``None``."""
        found = [r for r in self.records if isinstance(r, RoundCount)]
        for rec in found:
            if rec.code == "142":
                return rec.rounds
        return found[0].rounds if found else None

    @cached_property
    def initial_colour(self) -> Colour | None:
        """Colour of the top player in round 1 (``152`` preferred over ``XXC``)."""
        found = [r for r in self.records if isinstance(r, InitialColour) and r.colour is not None]
        for rec in found:
            if rec.code == "152":
                return rec.colour
        return found[0].colour if found else None

    @cached_property
    def scoring(self) -> ScoringSystem:
        """The game scoring: ``162`` > ``XXS`` > ``BB?`` > FIDE default 1 / ½ / 0."""
        return scoring_from_records([r for r in self.records if isinstance(r, ScoringRecord)])

    # ---- scores
    def score(self, start_rank: int, through: int | None = None) -> Fraction:
        """Points from the round blocks under the tournament's scoring system, with the ``299``
        records that count for pairing (TRF-2026: values of result types, assigned results,
        penalties and bonuses from their round on; not the final adjustments of round 999).

        ``through`` limits the rounds counted; by default every column, which includes
        the points of a bye already declared for the next round (JaVaFo convention).
        """
        if self.abnormal_points:  # TRF-2026 299 (trf/abnormal.py)
            return self._abnormal.score(self, start_rank, through)
        rounds = self.player(start_rank).rounds
        if through is not None:
            rounds = rounds[:max(through, 0)]
        return self.scoring.total(filter(None, rounds))

    # ---- record 299, abnormal points (TRF-2026; trf/abnormal.py, docs/trf.md "Record 299")
    @cached_property
    def abnormal_points(self) -> tuple[AbnormalPoints, ...]:
        """The ``299`` records that apply to the players' scores: none in a team event, where
        they name teams and are not applied (the validator says so)."""
        if self.is_team_event:
            return ()
        return tuple(r for r in self.records if isinstance(r, AbnormalPoints))

    @cached_property
    def _abnormal(self) -> Applied:
        from trf.abnormal import applied

        return applied(self)

    @property
    def effective_scoring(self) -> ScoringSystem:
        """What each result code is worth: :attr:`scoring` with the ``299`` values of result
        types (a type, no round, no ids) applied."""
        return self._abnormal.scoring if self.abnormal_points else self.scoring

    def counted_entry(self, start_rank: int, round_number: int) -> RoundEntry | None:
        """The block of a round as it counts: a ``299`` assignment (a type, a round, ids) makes
        it the assigned result against the block's opponent (a bye type drops the opponent when
        the round is classified, :func:`tiebreaks.context.classify`); else the block itself."""
        block = self.player(start_rank).entry(round_number)
        rec = self._abnormal.assigned.get(start_rank, {}).get(round_number) if self.abnormal_points else None
        if rec is None:
            return block
        if block is None:
            return RoundEntry(None, Colour.NONE, RESULT_OF_TYPE[rec.kind])
        return RoundEntry(block.opponent, block.colour, RESULT_OF_TYPE[rec.kind])

    def round_points(self, start_rank: int, round_number: int) -> Fraction:
        """Points of one round (a blank block: a zero-point bye's), ``299`` values and
        assignments applied; penalties and bonuses are not a round's (:meth:`adjustment`)."""
        if self.abnormal_points:
            return self._abnormal.points(self, start_rank, round_number)
        e = self.player(start_rank).entry(round_number)
        return self.scoring.value(e) if e is not None else self.scoring.zero_point_bye

    def adjustment(self, start_rank: int, through: int | None = None) -> Fraction:
        """``299`` penalties and bonuses counted after round ``through`` (all with ``None``),
        final adjustments (round 999) excepted: they are :meth:`final_adjustment`."""
        return self._abnormal.adjustment(start_rank, through) if self.abnormal_points else Fraction(0)

    def final_adjustment(self, start_rank: int) -> Fraction:
        """``299`` penalties and bonuses of round 999: the standings after the last round only."""
        return self._abnormal.final.get(start_rank, Fraction(0)) if self.abnormal_points else Fraction(0)

    def acceleration(self, start_rank: int, round_number: int) -> Fraction:
        """Fictitious points of a player for a round (``XXA`` and ``250``; C.04.3 Baku, C.04.5).
        A later record overrides an earlier one for the same player and round."""
        if not 1 <= round_number <= MAX_ROUNDS:
            return ZERO
        return self._acceleration_of_round(round_number).get(start_rank, ZERO)

    @cached_property
    def _acceleration_records(self) -> tuple[PlayerAcceleration | AccelerationRange, ...]:
        return tuple(r for r in self.records if isinstance(r, (PlayerAcceleration, AccelerationRange)))

    def _acceleration_of_round(self, round_number: int) -> dict[int, Fraction]:
        """Start rank -> fictitious points in one round.  The records are applied last first,
        each player taking the first value found, and a ``250`` range only over the start
        ranks it has not met yet (a pointer to the next free rank skips the others): the work
        is the number of records plus the number of players, whatever ranges the records
        name (a ``250`` may say 1-9999 for rounds 1-999)."""
        cache = self._acceleration_cache
        if round_number in cache:
            return cache[round_number]
        recs = self._acceleration_records
        top = max((p.start_rank for p in self.players), default=0)
        table: dict[int, Fraction] = {}
        nxt: dict[int, int] = {}  # start rank -> a rank at or after it that may be free

        def free(k: int) -> int:
            path = []
            while k in nxt:
                path.append(k)
                k = nxt[k]
            for j in path:
                nxt[j] = k
            return k

        def take(k: int, pts: Fraction) -> None:
            table[k] = pts
            nxt[k] = k + 1

        for rec in reversed(recs):  # a value of 0 or blank overrides nothing
            if isinstance(rec, PlayerAcceleration):
                if 1 <= rec.player <= top and round_number <= len(rec.points) and rec.player not in nxt:
                    value = rec.points[round_number - 1]
                    if value:
                        take(rec.player, value)
                continue
            if not rec.first_round <= round_number <= rec.last_round:
                continue
            pts = rec.game_points if rec.game_points else rec.match_points
            if not pts:
                continue
            k, last = free(max(rec.first_player, 1)), min(rec.last_player, top)
            while k <= last:
                take(k, pts)
                k = free(k + 1)
        cache[round_number] = table
        return table

    @cached_property
    def _acceleration_cache(self) -> dict[int, dict[int, Fraction]]:
        return {}

    @cached_property
    def _acceleration_table(self) -> dict[tuple[int, int], Fraction]:
        """(start rank, round) -> fictitious points, every round the records name (at most 99)."""
        last = 0
        for rec in self._acceleration_records:
            last = max(last, len(rec.points) if isinstance(rec, PlayerAcceleration) else rec.last_round)
        return {(pid, rnd): pts for rnd in range(1, min(last, MAX_ROUNDS) + 1)
                for pid, pts in sorted(self._acceleration_of_round(rnd).items())}

    # ---- forbidden pairs
    def forbidden(self, round_number: int) -> frozenset[frozenset[int]]:
        """Pairs that may not meet in ``round_number`` (``XXP``: every round; ``260``: its range)."""
        out: set[frozenset[int]] = set()
        for rec in self.records:
            if not isinstance(rec, ForbiddenPairs):
                continue
            if rec.first_round is not None and round_number < rec.first_round:
                continue
            if rec.last_round is not None and round_number > rec.last_round:
                continue
            ids = rec.players
            out.update(frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1:] if a != b)
        return frozenset(out)

    # ---- byes and rounds
    def games(self, round_number: int) -> tuple[Game, ...]:
        """The games of a round, each once, ordered by the higher-placed player's start rank."""
        seen: set[int] = set()
        out: list[Game] = []
        for p in sorted(self.players, key=lambda q: q.start_rank):
            e = p.entry(round_number)
            if e is None or e.opponent is None or p.start_rank in seen:
                continue
            opp = self.player_by_rank.get(e.opponent)
            oe = opp.entry(round_number) if opp else None
            seen.update((p.start_rank, e.opponent))
            other = oe.result if oe is not None and oe.opponent == p.start_rank else None
            if e.colour is Colour.BLACK:
                out.append(Game(round_number, e.opponent, p.start_rank, other, e.result))
            else:
                out.append(Game(round_number, p.start_rank, e.opponent, e.result, other))
        return tuple(out)

    def byes(self, round_number: int) -> tuple[Bye, ...]:
        """Players without an opponent in a round, with their code: U, H, F or Z (a blank result
        counts as Z), and also ``-``/``+`` where a file writes an absence as a forfeit without
        opponent (lichess exports; team files' ``0000 - -``).

        For a round not yet paired this lists the absences declared in its column only; see
        :meth:`declared_absences` for the union with ``240`` and ``XXZ``.
        """
        out = []
        for p in sorted(self.players, key=lambda q: q.start_rank):
            e = p.entry(round_number)
            if e is not None and e.opponent is None and e.code is not None:
                out.append(Bye(round_number, p.start_rank, e.code))
        return tuple(out)

    def declared_absences(self, round_number: int) -> dict[int, Result]:
        """Byes and absences declared before ``round_number`` is paired.

        The union of ``240`` records for that round, ``XXZ`` (only for the round after the
        last one paired) and ``0000 - Z/H/F`` entries in that round's column (C.04.3 Art. 1.1.4
        players who will not be paired).  ``240`` gives the kind; ``XXZ`` means a zero-point bye.
        """
        out: dict[int, Result] = {}
        for b in self.byes(round_number):
            if b.kind in (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE):
                out[b.player] = b.kind
        if self.is_team_event:
            return out  # there 240 names teams; their players' lines carry the byes
        for rec in self.records:
            if isinstance(rec, ByeRecord) and rec.round == round_number:
                kind = _DECLARED_KINDS.get(rec.kind)
                if kind is None:  # a 240 type other than F/H/Z: reported by the reader, declares nothing
                    continue
                for pid in rec.players:
                    out.setdefault(pid, kind)
            elif isinstance(rec, AbsentRecord) and round_number == self.rounds_paired + 1:
                for pid in rec.players:
                    out.setdefault(pid, Result.ZERO_POINT_BYE)
        return out

    def replace_records(self, records: tuple[Record, ...]) -> Tournament:
        """A copy with other records and the same line layout."""
        return Tournament(records, self.line_ending, self.final_newline)
