"""Game scoring systems: TRF-2026 ``162``, JaVaFo ``XXS`` and bbpPairings ``BB?`` lines.

The three notations describe the same thing with different precision, so the model keeps
one :class:`ScoringSystem` with the finest grain any of them can express (JaVaFo's
colour-specific values) and derives the others from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from math import gcd
from functools import cached_property
from operator import attrgetter
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from trf.codes import Result

if TYPE_CHECKING:  # pragma: no cover
    from typing import Iterable
    from trf.model import RoundEntry, ScoringRecord

_SCORING_KEY = attrgetter("scoring_key")
ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)


@dataclass(frozen=True)
class ScoringSystem:
    """Points for every kind of round outcome.

    ``pab`` is ``None`` while it follows the win value: TRF-2026 says ``P`` defaults to
    ``W``, bbpPairings' ``BBU`` to ``BBW``, and JaVaFo's ``XXS W=3 D=1`` gives a 3-point PAB.
    """

    win_white: Fraction = ONE
    win_black: Fraction = ONE
    draw_white: Fraction = HALF
    draw_black: Fraction = HALF
    loss_white: Fraction = ZERO
    loss_black: Fraction = ZERO
    forfeit_win: Fraction = ONE
    forfeit_loss: Fraction = ZERO
    zero_point_bye: Fraction = ZERO
    half_point_bye: Fraction = HALF
    full_point_bye: Fraction = ONE
    pab: Fraction | None = None
    unknown: Fraction | None = None  # TRF-2026 'X' (adjourned, unknown); defaults to the draw value

    @property
    def pab_value(self) -> Fraction:
        return self.win_white if self.pab is None else self.pab

    @property
    def is_default(self) -> bool:
        return self == ScoringSystem()

    def value(self, entry: RoundEntry) -> Fraction:
        """Points a round block is worth (TRF-16 2.3, TRF-2026 162, JaVaFo XXS)."""
        return self._table[entry.scoring_key]

    def total(self, entries: Iterable[RoundEntry]) -> Fraction:
        """Points of several round blocks.  Counts outcomes first (in C, over the blocks'
        :attr:`~trf.model.RoundEntry.scoring_key`) and multiplies integers over one common
        denominator: Fraction arithmetic is what a large file's validation would spend its time on."""
        counts = Counter(map(_SCORING_KEY, entries))
        scaled, denominator = self._scaled
        return Fraction(sum(scaled[k] * n for k, n in counts.items()), denominator)

    def running_totals(self, entries: Iterable[RoundEntry | None]) -> list[int]:
        """Points after each block of ``entries`` (a blank block, ``None``, is worth nothing),
        first the zero before any, as integers over :meth:`denominator`: entry ``k`` over it is
        :meth:`total` of the first ``k`` blocks.  One pass for every prefix: the Dutch engine
        reads each player's points after several rounds (the floats, C.04.3 Art. 1.4)."""
        scaled, _ = self._scaled
        out = [0]
        for e in entries:
            out.append(out[-1] + (scaled[e.scoring_key] if e is not None else 0))
        return out

    @property
    def denominator(self) -> int:
        """The least common denominator of the values (:meth:`running_totals`)."""
        return self._scaled[1]

    @cached_property
    def _scaled(self) -> tuple[dict[str, int], int]:
        """:attr:`_table` as integers over the least common denominator of its values."""
        denominator = 1
        for v in self._table.values():
            denominator = denominator * v.denominator // gcd(denominator, v.denominator)
        return {k: int(v * denominator) for k, v in self._table.items()}, denominator

    @cached_property
    def _table(self) -> dict[str, Fraction]:
        """Scoring key (the result code's value, ``b`` after it when played with Black; empty for
        a pending game, worth nothing yet) -> points."""

        table: dict[str, Fraction] = {}
        for black in (False, True):
            side = "b" if black else ""
            table[side] = ZERO
            for code in (Result.WIN, Result.WIN_UNRATED):
                table[code.value + side] = self.win_black if black else self.win_white
            for code in (Result.DRAW, Result.DRAW_UNRATED):
                table[code.value + side] = self.draw_black if black else self.draw_white
            for code in (Result.LOSS, Result.LOSS_UNRATED):
                table[code.value + side] = self.loss_black if black else self.loss_white
            table[Result.FORFEIT_WIN.value + side] = self.forfeit_win
            table[Result.FORFEIT_LOSS.value + side] = self.forfeit_loss
            table[Result.HALF_POINT_BYE.value + side] = self.half_point_bye
            table[Result.FULL_POINT_BYE.value + side] = self.full_point_bye
            table[Result.PAIRING_ALLOCATED_BYE.value + side] = self.pab_value
            table[Result.ZERO_POINT_BYE.value + side] = self.zero_point_bye
            # TRF-2026 162 X: an adjourned game is worth the X value, by default a draw's
            table[Result.ADJOURNED.value + side] = self.unknown if self.unknown is not None else (
                self.draw_black if black else self.draw_white)
        return table

    # ---- notations
    def as_162(self) -> tuple[tuple[str, Fraction], ...] | None:
        """The TRF-2026 ``162`` pairs that differ from the default, or ``None`` when 162 cannot
        express this system (colour-specific values, byes valued unlike W/D/A)."""
        w, d, l = self.win_white, self.draw_white, self.loss_white
        a = self.zero_point_bye
        if (self.win_black, self.forfeit_win, self.full_point_bye) != (w, w, w):
            return None
        if (self.draw_black, self.half_point_bye) != (d, d) or self.loss_black != l:
            return None
        if self.forfeit_loss != a:
            return None
        pairs: list[tuple[str, Fraction]] = []
        for sym, val, default in (("W", w, ONE), ("D", d, HALF), ("L", l, ZERO), ("A", a, ZERO)):
            if val != default:
                pairs.append((sym, val))
        if self.pab is not None and self.pab != w:
            pairs.append(("P", self.pab))
        if self.unknown is not None and self.unknown != d:
            pairs.append(("X", self.unknown))
        return tuple(pairs)

    def as_xxs(self) -> tuple[tuple[str, Fraction], ...]:
        """JaVaFo ``XXS`` assignments that differ from the default (XXS can express everything)."""
        names = {
            "win_white": "WW", "win_black": "BW", "draw_white": "WD", "draw_black": "BD",
            "loss_white": "WL", "loss_black": "BL", "forfeit_win": "FW", "forfeit_loss": "FL",
            "zero_point_bye": "ZPB", "half_point_bye": "HPB", "full_point_bye": "FPB",
        }
        default = ScoringSystem()
        out = [(code, getattr(self, f)) for f, code in names.items() if getattr(self, f) != getattr(default, f)]
        if self.pab is not None and self.pab != ONE:
            out.append(("PAB", self.pab))
        elif self.pab is None and self.win_white != ONE:
            out.append(("PAB", self.win_white))
        return tuple(out)

    def as_bbp(self) -> tuple[tuple[str, Fraction], ...] | None:
        """bbpPairings ``BB?`` values that differ from the default, or ``None`` if they cannot say it."""
        w, d, l = self.win_white, self.draw_white, self.loss_white
        if (self.win_black, self.forfeit_win, self.full_point_bye) != (w, w, w):
            return None
        if (self.draw_black, self.half_point_bye, self.loss_black) != (d, d, l):
            return None
        out: list[tuple[str, Fraction]] = []
        for code, val, default in (("BBW", w, ONE), ("BBD", d, HALF), ("BBL", l, ZERO),
                                   ("BBZ", self.zero_point_bye, ZERO), ("BBF", self.forfeit_loss, ZERO)):
            if val != default:
                out.append((code, val))
        if self.pab is not None and self.pab != w:
            out.append(("BBU", self.pab))
        return tuple(out)


# Which fields each notation's symbols set.
_162 = {
    "W": ("win_white", "win_black", "forfeit_win", "full_point_bye"),
    "D": ("draw_white", "draw_black", "half_point_bye"),
    "L": ("loss_white", "loss_black"),
    "A": ("zero_point_bye", "forfeit_loss"),
    "Z": ("zero_point_bye", "forfeit_loss"),  # bbpPairings before PR #36 wrote Z for A
    "P": ("pab",),
    "X": ("unknown",),
}
_XXS = {
    "WW": ("win_white",), "BW": ("win_black",), "WD": ("draw_white",), "BD": ("draw_black",),
    "WL": ("loss_white",), "BL": ("loss_black",), "ZPB": ("zero_point_bye",),
    "HPB": ("half_point_bye",), "FPB": ("full_point_bye",), "PAB": ("pab",),
    "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
    "W": ("win_white", "win_black", "forfeit_win", "full_point_bye"),
    "D": ("draw_white", "draw_black", "half_point_bye"),
}
_BBP = {
    "BBW": ("win_white", "win_black", "forfeit_win", "full_point_bye"),
    "BBD": ("draw_white", "draw_black", "half_point_bye"),
    "BBL": ("loss_white", "loss_black"),
    "BBZ": ("zero_point_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pab",),
}

SYMBOLS_162 = frozenset(_162)
CODES_XXS = frozenset(_XXS)
CODES_BBP = frozenset(_BBP)


def _apply(system: ScoringSystem, table: dict[str, tuple[str, ...]], pairs: Iterable[tuple[str, Fraction]]) -> ScoringSystem:
    for sym, val in pairs:
        targets = table.get(sym.upper())
        if targets:
            system = replace(system, **{t: val for t in targets})
    return system


def scoring_from_records(records: Iterable[ScoringRecord]) -> ScoringSystem:
    """The scoring system of a file: the highest-precedence notation present, ``162`` > ``XXS`` >
    ``BB?``, applied over the FIDE defaults.  Notations are not mixed: TRF-2026 lists in 162 only
    the values that differ from the default, so a 162 without ``D`` means a draw is worth 0.5 even
    if an XXS line for JaVaFo says otherwise.  Within one notation later lines override earlier
    ones (JaVaFo: left to right, top to bottom)."""
    records = list(records)
    for kind, table in (("162", _162), ("XXS", _XXS), ("BB", _BBP)):
        chosen = [r for r in records if r.code.startswith(kind)]
        if not chosen:
            continue
        system = ScoringSystem()
        for rec in chosen:
            if kind == "BB":
                system = _apply(system, table, [(rec.code, v) for _, v in rec.values])
            else:
                system = _apply(system, table, rec.values)
        return system
    return ScoringSystem()
