"""The random tournament generator's options, shared by ``arbiter generate`` and ``arbiter
conformance`` (which generates the tournaments it compares), and the settings they make
(:class:`verify.generate.GeneratorSettings`), bad values worded for the command line (exit 2)."""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Optional

import typer

from arbiter import exitcodes
from arbiter.app import fail

if TYPE_CHECKING:
    from verify.generate import GeneratorSettings, Schedule

__all__ = ["LateMissedOpt", "TieBreakRecordOpt", "PlayersOpt", "RoundsOpt", "DrawRateOpt", "ForfeitRateOpt",
           "DoubleForfeitRateOpt", "UnusualRateOpt", "FullByesOpt", "HalfByesOpt", "ZeroByesOpt", "HalfByeRateOpt",
           "ZeroByeRateOpt", "LateEntriesOpt", "LateMissedOption", "WithdrawalsOpt", "TieBreaksOpt",
           "TieBreakRecordOption", "RatingsOpt", "DateOpt", "PointsOpt", "PabOpt", "settings_from", "parse_pab",
           "option_range", "parse_count_or_share", "parse_rating_range", "parse_schedule_option"]


class LateMissedOpt(str, Enum):
    zero = "zero"
    half = "half"


class TieBreakRecordOpt(str, Enum):
    r202 = "202"
    r212 = "212"


PlayersOpt = typer.Option(None, "--players", metavar="N|LO-HI", show_default=False,
                          help="Number of players (2-9999), or a range drawn per tournament, e.g. 15-415 "
                               "(required unless --teams, --vary, or --config with PlayersNumber).")
RoundsOpt = typer.Option(None, "--rounds", metavar="N|LO-HI", show_default=False,
                         help="Number of rounds, or a range drawn per tournament (at most players - 1; "
                              "required unless --vary, or --config with RoundsNumber).")
DrawRateOpt = typer.Option(0.3, "--draw-rate", min=0, max=1,
                           help="Draws between equal players; P(draw) = rate x (1 - |2E - 1|), E by B.02.")
ForfeitRateOpt = typer.Option(0.02, "--forfeit-rate", min=0, max=1, help="Share of games one side forfeits.")
DoubleForfeitRateOpt = typer.Option(0.0, "--double-forfeit-rate", min=0, max=1, help="Share of games both sides forfeit.")
UnusualRateOpt = typer.Option(0.0, "--unusual-rate", min=0, max=1,
                              help="Share of games of less than one move (W/D/L: played, not rated).")
FullByesOpt = typer.Option("0", "--full-byes", metavar="SPEC",
                           help="Full-point byes: N players a round, P% (or 0.P) each player's chance, "
                                "and R=... for round R, e.g. '1,9=0'.")
HalfByesOpt = typer.Option(None, "--half-byes", metavar="SPEC", help="Half-point byes (as --full-byes; default 2%).")
ZeroByesOpt = typer.Option(None, "--zero-byes", metavar="SPEC", help="Zero-point byes (as --full-byes; default 2%).")
HalfByeRateOpt = typer.Option(None, "--half-bye-rate", min=0, max=1, hidden=True)
ZeroByeRateOpt = typer.Option(None, "--zero-bye-rate", min=0, max=1, hidden=True)
LateEntriesOpt = typer.Option("0", "--late-entries", metavar="N|P%",
                              help="Players who miss the first rounds (a number, or a share of the field).")
LateMissedOption = typer.Option(LateMissedOpt.zero, "--late-missed",
                                help="What a late entry gets for a missed round (C.04.2 Art. 2: zero).")
WithdrawalsOpt = typer.Option("0", "--withdrawals", metavar="N|P%",
                              help="Players who withdraw: absent from a round to the end.")
TieBreaksOpt = typer.Option("BH/C1,BH,DE,WIN,BWG", "--tiebreaks", metavar="LIST",
                            help="Tie-break list written in the file; the rank column follows it. 'none': no list.")
TieBreakRecordOption = typer.Option(TieBreakRecordOpt.r202, "--tiebreak-record",
                                    help="Write the list as 202, or as 212 led by PTS.")
RatingsOpt = typer.Option("1400-2600", "--ratings", metavar="LO-HI", help="Range the ratings are drawn from.")
DateOpt = typer.Option(None, "--date", metavar="YYYY-MM-DD",
                       help="Start date (042; default 2026-03-01): the rating rules and the tie-break edition.")
PointsOpt = typer.Option("1/0.5/0", "--points", help="Points for win/draw/loss, e.g. 3/1/0 (written as 162).")
PabOpt = typer.Option(None, "--pab", metavar="POINTS", show_default=False,
                      help="Points of the pairing-allocated bye, the same for every PAB (C.04.1 Art. 3; "
                           "default: a win's), written as 162 P.")


def option_range(text: str, what: str, low: int, high: int = 9999) -> tuple[int, int]:
    """An ``N`` or ``LO-HI`` option within ``low``-``high``; a usage error (exit 2) naming the option."""
    from verify.generate import parse_range

    try:
        lo, hi = parse_range(text, what)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"{what}: {exc}")
    if lo < low or hi > high:
        fail(exitcodes.USAGE, f"{what}: {text!r} is outside {low}-{high}")
    return lo, hi


def _schedule(text: str | None, legacy: float | None, what: str) -> float | Schedule:
    from verify.generate import parse_schedule

    if text is None:
        return legacy if legacy is not None else 0.02
    try:
        return parse_schedule(text)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"{what}: {exc}")


def _count_or_share(text: str, what: str) -> int | float:
    """``"3"`` -> 3 players; ``"5%"`` or ``"0.05"`` -> a share of the field."""
    from verify.generate import parse_schedule

    try:
        sched = parse_schedule(text)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"{what}: {exc}")
    if sched.rounds:
        fail(exitcodes.USAGE, f"{what}: a number of players or a share of the field, not per round")
    share = sched.default
    return share.count if share.count is not None else float(share.rate)


def parse_count_or_share(text: str, what: str) -> int | float:
    """A number of players or teams (``"3"``), or a share of the field (``"5%"``); exit 2 naming ``what``."""
    return _count_or_share(text, what)


def parse_rating_range(text: str) -> tuple[int, int]:
    """``--ratings LO-HI``; exit 2 for a bad range."""
    return option_range(text, "--ratings", 1)


def parse_schedule_option(text: str | None, what: str) -> float | Schedule:
    """A bye option (``--half-byes 3%,1=0``; ``None``: 2 % a round); exit 2 naming ``what``."""
    return _schedule(text, None, what)


def parse_pab(text: Optional[str]) -> Optional[Fraction]:
    """``--pab``: points, at least 0 with at most one decimal (exit 2 otherwise); ``None``: a win's."""
    if text is None:
        return None
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        fail(exitcodes.USAGE, f"--pab: expected points such as 1, 0.5 or 3, not {text!r}")
    if value < 0 or (value * 10).denominator != 1:
        fail(exitcodes.USAGE, f"--pab: points are at least 0 with at most one decimal, not {text!r}")
    return value


def settings_from(*, players: str, rounds: str, seed: int, draw_rate: float, forfeit_rate: float,
                  double_forfeit_rate: float, unusual_rate: float, full_byes: str, half_byes: Optional[str],
                  zero_byes: Optional[str], half_bye_rate: Optional[float], zero_bye_rate: Optional[float],
                  late_entries: str, late_missed: LateMissedOpt, withdrawals: str, tiebreaks: str,
                  tiebreak_record: TieBreakRecordOpt, ratings: str, start: Optional[str],
                  points: str, pab: Optional[str] = None) -> tuple[GeneratorSettings, tuple[int, int], tuple[int, int]]:
    """The settings of the options (size: the ranges' lower ends), the players' and the rounds'
    ranges; exit 2 naming the option of a bad value."""
    from datetime import date

    from verify.generate import GeneratorSettings, parse_points
    from trf.model import Result

    p_range = option_range(players, "--players", 2)
    r_range = option_range(rounds, "--rounds", 1)
    try:
        pts = parse_points(points)
    except ValueError as exc:
        fail(exitcodes.USAGE, f"--points: {exc}")
    when = date(2026, 3, 1)
    if start is not None:
        try:
            when = date.fromisoformat(start)
        except ValueError:
            fail(exitcodes.USAGE, f"--date: expected YYYY-MM-DD, not {start!r}")
    try:
        settings = GeneratorSettings(
            players=p_range[0], rounds=r_range[0], seed=seed, draw_rate=draw_rate, forfeit_rate=forfeit_rate,
            half_bye_rate=_schedule(half_byes, half_bye_rate, "--half-byes"),
            zero_bye_rate=_schedule(zero_byes, zero_bye_rate, "--zero-byes"),
            points=pts, full_bye_rate=_schedule(full_byes, None, "--full-byes"),
            double_forfeit_rate=double_forfeit_rate, unusual_rate=unusual_rate,
            late_entries=_count_or_share(late_entries, "--late-entries"),
            late_missed=Result.HALF_POINT_BYE if late_missed is LateMissedOpt.half else Result.ZERO_POINT_BYE,
            withdrawals=_count_or_share(withdrawals, "--withdrawals"),
            tiebreaks=None if tiebreaks.strip().lower() in ("", "none") else tiebreaks,
            tiebreak_record=tiebreak_record.value, rating_range=option_range(ratings, "--ratings", 1), start_date=when,
            pab=parse_pab(pab))
    except ValueError as exc:
        fail(exitcodes.USAGE, str(exc))
    return settings, p_range, r_range
