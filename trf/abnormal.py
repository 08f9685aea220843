"""TRF-2026 record ``299``, abnormal points assignment: reading a line, and what the records mean.

Columns (TRF-2026; docs/trf.md "Record 299"): type at 5 (``W D L F H Z + -``, blank for a
penalty or bonus), match points at 8-11 (teams), points at 14-17 (an individual's points, a
team's game points), round at 20-22 (``000`` or blank: every round), ids from 24 (24-27,
29-32, ...).  Programs place the fields differently (Sharly-Chess writes the points at 7-10 and
12-15), so a line is read by its fields rather than its columns: after column 5 it is split on
blanks, a field with a decimal point (or ending by column 18) is points, the others are the
round and the ids; one points field is the match points when it ends by column 12, else the
points; the first whole number is the round when it ends by column 22, else the round is blank
and every number is an id.

The four forms and what each means (the decisions, and why, are in docs/trf.md):

* **a value** -- a type, no round, no ids (``299 +         2.5``): every result of that type
  is worth these points (the TRF-2026 note's example makes a forfeit win worth 2.5);
* **an assignment** -- a type, a round and ids (``299 W         1.0    2   17``): that player's
  round counts as a result of that type, worth these points;
* **an adjustment** -- no type (``299          -1.0    4   12``): a penalty or bonus from that
  round on: in the score every pairing after the round reads, and in the standings after it;
  round ``000`` or blank from the start; no ids: every player;
* **a final adjustment** -- no type, round ``999``: in the standings after the last round only
  (neither in a pairing score nor in the scores the tie-breaks read); the reference
  implementation's reading.

A type with a round but no ids, or with ids but no round, has no meaning in the text: the
validator refuses it (:func:`form`).  Team events are not applied (their ids are team pairing
numbers; :attr:`trf.model.Tournament.abnormal_points` is empty there).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf import limits
from trf.codes import Result
from trf.diagnostics import Severity
from trf.scoring import ScoringSystem

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import Tournament

#: The result each type of column 5 makes a round count as (TRF-2026 299: W D L relate to
#: 162/362, F H Z to 240, + - to 330).  ``W`` is a game won (``+`` is the forfeit win).
RESULT_OF_TYPE = {
    "W": Result.WIN, "D": Result.DRAW, "L": Result.LOSS,
    "F": Result.FULL_POINT_BYE, "H": Result.HALF_POINT_BYE, "Z": Result.ZERO_POINT_BYE,
    "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS,
}

#: The scoring fields a value record sets: a type names one kind of result, so ``W`` is the
#: won game only (162's ``W`` also sets forfeit wins and full-point byes; 299 has ``+`` and ``F``
#: for those).
FIELDS_OF_TYPE = {
    "W": ("win_white", "win_black"), "D": ("draw_white", "draw_black"), "L": ("loss_white", "loss_black"),
    "F": ("full_point_bye",), "H": ("half_point_bye",), "Z": ("zero_point_bye",),
    "+": ("forfeit_win",), "-": ("forfeit_loss",),
}

#: The round of a final adjustment: after the last round (TRF allows 99 rounds).
FINAL_ROUND = 999

VALUE = "value"
ASSIGNMENT = "assignment"
ADJUSTMENT = "adjustment"
FINAL = "final"

# Compiled at their first use (re's cache): read only for a file with 299 records.
_NUMBER = r"[+-]?(\d+(\.\d*)?|\.\d+)"
_FIELD = r"\S+"


# --------------------------------------------------------------------------- the record


@dataclass(frozen=True)
class AbnormalPoints:
    """``299``: abnormal points assignment (TRF-2026; what each form means: the module's
    docstring, docs/trf.md "Record 299").  The model's record (:mod:`trf.model` re-exports it).

    ``kind`` is the type of column 5 (``W D L F H Z + -``), empty for a penalty or bonus;
    ``points`` the points of columns 14-17 (an individual's points, a team's game points),
    ``match_points`` those of columns 8-11 (teams); ``round`` the round of columns 20-22
    (``None`` when blank; ``0`` and blank mean every round, ``999`` the final standings only);
    ``players`` the ids from column 24.  ``text`` is the line as read (written back when it still
    says the same); the columns of the round and of each id serve the diagnostics."""

    kind: str
    match_points: Fraction | None
    points: Fraction | None
    round: int | None
    players: tuple[int, ...]
    line: int = field(default=0, compare=False, repr=False)
    text: str = field(default="", compare=False, repr=False)
    round_column: int = field(default=20, compare=False, repr=False)
    player_columns: tuple[int, ...] = field(default=(), compare=False, repr=False)



# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Finding:
    """What is wrong with a ``299`` line: a diagnostic without its line number."""

    severity: Severity
    code: str
    message: str
    column: int


def read_line(raw: str, line: int = 0) -> tuple[AbnormalPoints | None, list[Finding]]:
    """The record of a ``299`` line and what is wrong with it.  ``None`` when a field cannot be
    read (an unknown type, a field that is no number, a value out of range): such a line is an
    error, and a half-read record must not change a score."""
    findings: list[Finding] = []

    def error(code: str, message: str, column: int) -> None:
        findings.append(Finding(Severity.ERROR, code, message, column))

    if len(raw) > 3 and raw[3] not in " \t":
        error("syntax", f"299: expected a blank in column 4, found {raw[3]!r}", 4)
        return None, findings
    kind = raw[4].upper() if len(raw) > 4 and raw[4] not in " \t" else ""
    if kind and kind not in RESULT_OF_TYPE:
        error("bad-code", f"299 type should be one of W D L F H Z + - or blank (a penalty or bonus), "
                          f"found {raw[4]!r}", 5)
    fields = [(m.group(), 6 + m.start()) for m in re.finditer(_FIELD, raw[5:])]
    points: list[tuple[str, int]] = []
    numbers: list[tuple[str, int]] = []
    for text, column in fields:
        end = column + len(text) - 1
        if ("." in text or end <= 18) and not numbers:
            points.append((text, column))
        else:
            numbers.append((text, column))
    values: list[tuple[Fraction, int]] = []
    for text, column in points:
        if len(text) > limits.MAX_NUMBER_TEXT or not re.fullmatch(_NUMBER, text):
            error("bad-number", f"299 points should be a number such as -1.0 or 2.5, found {_shown(text)}", column)
            continue
        value = Fraction(text)
        if abs(value) > limits.MAX_POINTS:
            error("out-of-range", f"299 points should be at most {float(limits.MAX_POINTS)} either way, "
                                  f"found {_shown(text)}", column)
            continue
        values.append((value, column + len(text) - 1))
    if len(points) > 2:
        error("syntax", "299 has two points fields at most: match points (columns 8-11) and points "
                        f"(columns 14-17); found {len(points)}", points[2][1])
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    if len(values) == 2:
        (match_points, _), (game_points, _) = values
    elif len(values) == 1 and len(points) == 1:
        one, end = values[0]
        if end <= 12:
            match_points = one
        else:
            game_points = one
    ints: list[tuple[int, int]] = []
    round_field = bool(numbers) and numbers[0][1] + len(numbers[0][0]) - 1 <= 22
    for text, column in numbers:
        if not text.isdecimal() or len(text) > limits.MAX_NUMBER_TEXT:
            what = "a points value after the round" if "." in text else "a round or an id (a whole number)"
            error("bad-number", f"299: expected {what}, found {_shown(text)}", column)
            continue
        ints.append((int(text), column))
    rnd: int | None = None
    round_column = 20
    if round_field and ints and ints[0][1] == numbers[0][1]:
        rnd, round_column = ints.pop(0)
        if rnd > limits.MAX_ROUNDS and rnd != FINAL_ROUND:
            error("out-of-range", f"299 round should be 0-{limits.MAX_ROUNDS} (0 or blank: every round) or "
                                  f"{FINAL_ROUND} (the final standings), found {rnd}", round_column)
    for pid, column in ints:
        if pid > limits.MAX_START_RANK:
            error("out-of-range", f"299 id should be 1-{limits.MAX_START_RANK}, found {pid}", column)
    if any(f.severity is Severity.ERROR for f in findings):
        return None, findings
    return AbnormalPoints(kind, match_points, game_points, rnd, tuple(p for p, _ in ints), line=line, text=raw,
                          round_column=round_column, player_columns=tuple(c for _, c in ints)), findings


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 24 else f"{text[:12]!r}... ({len(text)} characters)"


# --------------------------------------------------------------------------- meaning


def form(rec: AbnormalPoints) -> str | None:
    """Which of the four forms a record is (module docstring); ``None`` for a type with a round
    but no ids, with ids but no round, or with round 999: the text gives these no meaning."""
    every_round = rec.round is None or rec.round == 0
    if not rec.kind:
        return FINAL if rec.round == FINAL_ROUND else ADJUSTMENT
    if every_round and not rec.players:
        return VALUE
    if not every_round and rec.round != FINAL_ROUND and rec.players:
        return ASSIGNMENT
    return None


@dataclass(frozen=True)
class Applied:
    """The ``299`` records of a tournament, ready to score with (:func:`applied`).

    ``scoring``: the file's scoring with the value records applied; ``assigned``: start rank ->
    round -> the assignment; ``adjustments``: start rank -> (round from which it counts, 0 for
    every round; points); ``final``: start rank -> the final adjustments' sum."""

    scoring: ScoringSystem
    assigned: dict[int, dict[int, AbnormalPoints]] = field(default_factory=dict)
    adjustments: dict[int, tuple[tuple[int, Fraction], ...]] = field(default_factory=dict)
    final: dict[int, Fraction] = field(default_factory=dict)

    def points(self, t: Tournament, pid: int, rnd: int) -> Fraction:
        """Points of one round: an assignment's, else the block's value (a blank block: a
        zero-point bye's)."""
        rec = self.assigned.get(pid, {}).get(rnd)
        if rec is not None:
            return rec.points or Fraction(0)
        block = t.player(pid).entry(rnd)
        return self.scoring.value(block) if block is not None else self.scoring.zero_point_bye

    def adjustment(self, pid: int, through: int | None = None) -> Fraction:
        """The adjustments counted after round ``through`` (every one with ``None``); a final
        adjustment is never one of them."""
        return sum((pts for rnd, pts in self.adjustments.get(pid, ()) if through is None or rnd <= through),
                   Fraction(0))

    def score(self, t: Tournament, pid: int, through: int | None = None) -> Fraction:
        """:meth:`trf.model.Tournament.score` with the records applied: the blocks under
        :attr:`scoring` (blank blocks worth nothing, as without records), each assigned round
        worth its assignment, and the adjustments counted after ``through`` (by default after
        the last round the file's lines hold: a record for a round still to come counts later)."""
        rounds = t.player(pid).rounds
        if through is not None:
            rounds = rounds[:max(through, 0)]
        last = t.round_columns if through is None else through  # every column: the rounds the file has
        total = self.scoring.total(filter(None, rounds))
        for rnd, rec in self.assigned.get(pid, {}).items():
            if rnd <= last:
                block = rounds[rnd - 1] if rnd <= len(rounds) else None
                total += (rec.points or Fraction(0)) - (self.scoring.value(block) if block is not None else 0)
        return total + self.adjustment(pid, last)


def with_value(scoring: ScoringSystem, kind: str, points: Fraction) -> ScoringSystem:
    """``scoring`` with the results of type ``kind`` worth ``points``.  The PAB and an unknown
    result keep the values 162 gives them: they follow 162's ``W`` and ``D``, not a 299 value
    for won or drawn games."""
    frozen = replace(scoring, pab=scoring.pab_value,
                     unknown=scoring.draw_white if scoring.unknown is None else scoring.unknown)
    return replace(frozen, **{name: points for name in FIELDS_OF_TYPE[kind]})


def applied(t: Tournament) -> Applied:
    """The tournament's ``299`` records (:attr:`trf.model.Tournament.abnormal_points`), in file
    order.  A record of no form, or without points, is an error of the file
    (:func:`trf.validate.validate`) and is left out.  Where two value records give a type a
    value, or two assignments the same round of a player, the first is read (the validator warns)."""
    scoring = t.scoring
    seen_values: set[str] = set()
    assigned: dict[int, dict[int, AbnormalPoints]] = {}
    adjustments: dict[int, list[tuple[int, Fraction]]] = {}
    final: dict[int, Fraction] = {}
    everyone = tuple(sorted(t.player_by_rank))
    for rec in t.abnormal_points:
        kind = form(rec)
        if kind is None or rec.points is None:
            continue
        if kind == VALUE:
            if rec.kind not in seen_values:
                seen_values.add(rec.kind)
                scoring = with_value(scoring, rec.kind, rec.points)
            continue
        ids = [p for p in (rec.players or everyone) if p in t.player_by_rank]
        for pid in ids:
            if kind == ASSIGNMENT:
                assigned.setdefault(pid, {}).setdefault(rec.round or 0, rec)
            elif kind == FINAL:
                final[pid] = final.get(pid, Fraction(0)) + rec.points
            else:
                adjustments.setdefault(pid, []).append((rec.round or 0, rec.points))
    return Applied(scoring, assigned, {p: tuple(v) for p, v in adjustments.items()}, final)
