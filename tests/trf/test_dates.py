"""The one date reader (``trf/dates.py``) and the facts the packages derive from it."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, strategies as st

import trf
from ratings.rules import rules_for, tournament_date
from tiebreaks.context import Edition, default_edition
from trf.dates import parse_date, parse_round_dates, two_digit_year
from trf.validate import validate

pytestmark = pytest.mark.fast

PLAYER = "001    1      Test0001 Player0001               2477                             0.0    1\n"


def tournament(headers: str) -> trf.Tournament:
    return trf.parse_text("012 T\n" + headers + PLAYER).tournament


@pytest.mark.parametrize("text, expected", [
    ("2026/03/01", date(2026, 3, 1)),
    ("2026-03-01", date(2026, 3, 1)),
    ("2005.07.28", date(2005, 7, 28)),
    ("2026-02-28   ", date(2026, 2, 28)),
    ("2026-02-28 10:00", date(2026, 2, 28)),
    ("28. 07. 2005", date(2005, 7, 28)),
    ("24/09/2010", date(2010, 9, 24)),
    ("15.01.2022", date(2022, 1, 15)),
    ("26/03/01", date(2026, 3, 1)),       # YY/MM/DD, TRF-16 132
    ("01/03/26", date(2001, 3, 26)),       # the same form: year first
    ("99/12/31", date(1999, 12, 31)),
    ("69/01/01", date(2069, 1, 1)),
    ("70/01/01", date(1970, 1, 1)),
    ("0000/00/00", None),
    ("2026/13/01", None),
    ("May 29, 2020", None),
    ("soon", None),
    ("", None),
    (None, None),
])
def test_forms(text: str | None, expected: date | None) -> None:
    assert parse_date(text) == expected


def test_round_dates_in_round_order() -> None:
    assert parse_round_dates("26/03/01  26/03/02  xx/yy/zz") == [date(2026, 3, 1), date(2026, 3, 2), None]
    assert parse_round_dates(None) == []


@given(st.dates(min_value=date(1000, 1, 1), max_value=date(9999, 12, 31)), st.sampled_from("/-."))
def test_four_digit_years_round_trip(d: date, sep: str) -> None:
    assert parse_date(f"{d.year:04d}{sep}{d.month:02d}{sep}{d.day:02d}") == d
    assert parse_date(f"{d.day:02d}{sep}{d.month:02d}{sep}{d.year:04d}") == d
    assert not two_digit_year(f"{d.year:04d}{sep}{d.month:02d}{sep}{d.day:02d}")


@given(st.text(max_size=30))
def test_never_raises(text: str) -> None:
    parse_date(text)
    parse_round_dates(text)


@pytest.mark.parametrize("start", ["01/03/26", "2026/03/01", "26/03/01", "24/09/2010", "2001.03.26"])
def test_one_file_one_date_for_standings_and_ratings(start: str) -> None:
    """The tie-break edition (C.07) and the rating rules (B.02) are chosen from the same start
    date: a file never gets two dates from two readers."""
    t = tournament(f"042 {start}\n")
    when, source = tournament_date(t)
    assert source == "042" and when == t.start_date == parse_date(start)
    assert when is not None
    expected_tb = (Edition.PRE2023 if when < date(2023, 9, 1) else
                   Edition.V2023 if when < date(2026, 3, 1) else Edition.V2026)
    assert default_edition(t) is expected_tb
    assert rules_for(when).since <= when


def test_two_digit_start_date_is_the_2001_edition_everywhere() -> None:
    """``042 01/03/26`` was read as 1 March 2026 by the tie-breaks and as 26 March 2001 by the
    rating rules; now both read 2001-03-26: pre-2023 tie-break rules and the 350-point rule."""
    t = tournament("042 01/03/26\n")
    assert default_edition(t) is Edition.PRE2023
    when, _ = tournament_date(t)
    assert when == date(2001, 3, 26)
    assert rules_for(when).cap == 350


def test_validator_warns_about_two_digit_start_and_end_dates() -> None:
    t = tournament("042 01/03/26\n052 2026/03/05\n")
    found = [d for d in validate(t) if d.code == "ambiguous-date"]
    assert len(found) == 1
    d = found[0]
    assert d.severity is trf.Severity.WARNING and d.line == 2 and d.column == 5
    assert "2001-03-26" in d.message and "YYYY/MM/DD" in d.message
    assert not [d for d in validate(tournament("042 2026/03/01\n")) if d.code == "ambiguous-date"]
