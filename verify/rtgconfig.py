"""The random tournament generator's configuration file of JaVaFo and bbpPairings (``-g FILE``),
read for our generator, so that any cross-check script that drives an endorsed engine's
generator as ``CMD -g {config} -o {output} -s {seed}`` drives ours the same way
(``arbiter generate --config {config} -o {output} --seed {seed}``).

The file holds ``Key=Value`` lines (``#`` starts a comment line).  The keys and what our
generator makes of each (:class:`verify.generate.GeneratorSettings`):

=====================  ===================================================================
``PlayersNumber``      players
``RoundsNumber``       rounds
``DrawPercentage``     the share of played games drawn, 0-100 (our draw model's rate:
                       draws likeliest between equal players)
``ForfeitRate``        one game in N forfeited by one side (N >= 1)
``RetiredRate``        one player in N withdraws during the event (N >= 2)
``HalfPointByeRate``   one player in N takes a half-point bye during the event (N >= 1);
                       ours: each player's chance a round, 1 / (N x rounds)
``HighestRating``,     the rating range
``LowestRating``
``PointsForWin``,      the scoring (default 1, 0.5, 0)
``PointsForDraw``,
``PointsForLoss``
``PointsForPAB``       the PAB's value (C.04.1 Art. 3; ``--pab``, written as ``162 P``)
``PointsForZPB``,      accepted when they are what our generator scores them: a zero-point
``PointsForForfeitLoss``  bye and a forfeit loss as a loss
=====================  ===================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verify.generate import GeneratorSettings

__all__ = ["KEYS", "ConfigError", "RtgConfig", "parse_config"]

#: Every key the file may hold, with the generator option it stands for.
KEYS: dict[str, str] = {
    "PlayersNumber": "players", "RoundsNumber": "rounds", "DrawPercentage": "draw_rate",
    "ForfeitRate": "forfeit_rate", "RetiredRate": "withdrawals", "HalfPointByeRate": "half_byes",
    "HighestRating": "ratings", "LowestRating": "ratings", "PointsForWin": "points", "PointsForDraw": "points",
    "PointsForLoss": "points", "PointsForPAB": "pab", "PointsForZPB": "points", "PointsForForfeitLoss": "points",
}


class ConfigError(ValueError):
    """A line of the file that is not a setting we read: its line and column (1-based) and why."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


@dataclass(frozen=True)
class RtgConfig:
    """The settings a configuration file gives (None: the file does not say)."""

    values: tuple[tuple[str, Fraction], ...] = ()

    def get(self, key: str) -> Fraction | None:
        for k, v in self.values:
            if k == key:
                return v
        return None

    @property
    def options(self) -> frozenset[str]:
        """The generator options the file sets (:data:`KEYS`)."""
        return frozenset(KEYS[k] for k, _ in self.values)

    def apply(self, s: GeneratorSettings, keep: frozenset[str] = frozenset()) -> GeneratorSettings:
        """``s`` with what the file sets, except the options in ``keep`` (given on the command
        line, which take precedence).  Raises ValueError for a combination the generator refuses."""
        from verify.generate import Share

        changes: dict[str, object] = {}
        rounds = s.rounds
        if (v := self.get("PlayersNumber")) is not None and "players" not in keep:
            changes["players"] = int(v)
        if (v := self.get("RoundsNumber")) is not None and "rounds" not in keep:
            changes["rounds"] = rounds = int(v)
        if (v := self.get("DrawPercentage")) is not None and "draw_rate" not in keep:
            changes["draw_rate"] = float(v / 100)
        if (v := self.get("ForfeitRate")) is not None and "forfeit_rate" not in keep:
            changes["forfeit_rate"] = float(1 / v)
        if (v := self.get("RetiredRate")) is not None and "withdrawals" not in keep:
            changes["withdrawals"] = float(1 / v)
        if (v := self.get("HalfPointByeRate")) is not None and "half_byes" not in keep:
            changes["half_bye_rate"] = Share(rate=(1 / (v * rounds)).limit_denominator(10**6))
        hi, lo = self.get("HighestRating"), self.get("LowestRating")
        if (hi is not None or lo is not None) and "ratings" not in keep:
            low = int(lo) if lo is not None else s.rating_range[0]
            high = int(hi) if hi is not None else max(low, s.rating_range[1])
            changes["rating_range"] = (low, high)
        if "points" in self.options and "points" not in keep:
            win, draw, loss = (self.get(k) for k in ("PointsForWin", "PointsForDraw", "PointsForLoss"))
            points = (s.points[0] if win is None else win, s.points[1] if draw is None else draw,
                      s.points[2] if loss is None else loss)
            for key, value, means in (("PointsForZPB", points[2], "a loss"),
                                      ("PointsForForfeitLoss", points[2], "a loss")):
                given = self.get(key)
                if given is not None and given != value:
                    raise ValueError(f"{key}={_text(given)}: our generator scores it as {means} ({_text(value)})")
            changes["points"] = points
        if (v := self.get("PointsForPAB")) is not None and "pab" not in keep:
            changes["pab"] = v
        return replace(s, **changes)  # type: ignore[arg-type]


def _text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


#: The smallest value of each key (the engines' own bounds: a rate of one in N needs N >= 1, or 2
#: for withdrawals; a tournament two players and one round).
_LEAST: dict[str, Fraction] = {"PlayersNumber": Fraction(2), "RoundsNumber": Fraction(1), "ForfeitRate": Fraction(1),
                               "RetiredRate": Fraction(2), "HalfPointByeRate": Fraction(1),
                               "HighestRating": Fraction(1), "LowestRating": Fraction(1)}
_INTEGER = ("PlayersNumber", "RoundsNumber", "DrawPercentage", "HighestRating", "LowestRating")


def parse_config(text: str) -> RtgConfig:
    """The settings of a configuration file's text; :class:`ConfigError` names the first line that
    is not one (an unknown key, a value that is not a number or out of range, a key twice)."""
    values: dict[str, Fraction] = {}
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip()) + 1
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep:
            raise ConfigError(number, indent, f"expected Key=Value, not {line!r}")
        if key not in KEYS:
            raise ConfigError(number, indent, f"unknown key {key!r} (expected one of {', '.join(KEYS)})")
        if key in values:
            raise ConfigError(number, indent, f"{key} is given twice")
        column = indent + len(raw.strip().partition("=")[0]) + 1
        try:
            x = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):  # '3/0': Fraction reads a ratio and divides by zero
            raise ConfigError(number, column, f"{key} must be a number, not {value.strip()!r}") from None
        if key in _INTEGER and x.denominator != 1:
            raise ConfigError(number, column, f"{key} must be a whole number, not {value.strip()!r}")
        if key.startswith("PointsFor") and ((x * 10).denominator != 1 or x < 0):
            raise ConfigError(number, column, f"{key} must be at least 0 with at most one decimal, "
                                              f"not {value.strip()!r}")
        least = _LEAST.get(key, Fraction(0))
        if x < least or (key == "DrawPercentage" and x > 100):
            bound = "between 0 and 100" if key == "DrawPercentage" else f"at least {least}"
            raise ConfigError(number, column, f"{key} must be {bound}, not {value.strip()!r}")
        values[key] = x
    lo, hi = values.get("LowestRating"), values.get("HighestRating")
    if lo is not None and hi is not None and hi < lo:
        raise ConfigError(1, 1, f"HighestRating ({hi}) is below LowestRating ({lo})")
    return RtgConfig(tuple(values.items()))
