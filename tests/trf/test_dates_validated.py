"""Every date field is validated where it is read (docs/trf.md, "Dates").

* ``042``/``052`` and each field of ``132``: a value written as a date that the calendar does not
  have (``2026/13/45``) is an error naming line, column and the expected form; text in another
  notation (lichess: ``May 29, 2020``) a warning; ``0000/00/00`` an unknown date, as a blank.
* birth dates (``001`` columns 70-79): a warning (TRF-16 marks the field "warning if wrong"), with
  the partial forms TRF files use allowed: a year alone, ``00`` for an unknown month or day.
* ``event register`` refuses a birth date that is no date; ``check`` and ``pair`` say which rules
  they use when the start date is no date.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from event.registration import InvalidRegistrant, Registrant, normalised
from trf import Severity
from trf.dates import birth_date_fault, date_fault

pytestmark = pytest.mark.fast

PLAYER = "001    1 m    Player 1                          2400 NOR        1001 {birth:<10}  0.0    1"
PLAYERS_R1 = (  # round 1 as the Dutch rules pair it: 1-3, 4-2
    "001    1 m    Player 1                          2400 NOR        1001 1990/01/01  1.0    1     3 w 1",
    "001    2 m    Player 2                          2390 NOR        1002 1990/01/01  0.0    2     4 b 0",
    "001    3 m    Player 3                          2380 NOR        1003 1990/01/01  0.0    3     1 b 0",
    "001    4 m    Player 4                          2370 NOR        1004 1990/01/01  1.0    4     2 w 1",
)


def findings(text: str) -> list[tuple[Severity, str, int, int]]:
    result = trf.parse_text(text)
    return [(d.severity, d.code, d.line, d.column) for d in result.diagnostics if d.severity is not Severity.INFO]


def messages(text: str) -> list[str]:
    return [d.message for d in trf.parse_text(text).diagnostics if d.severity is not Severity.INFO]


@pytest.mark.parametrize("value, fault", [
    ("2026/13/45", "month 13 is no month (01-12)"),
    ("2026/02/29", "day 29: month 02 of 2026 has 28 days"),
    ("2024/04/31", "day 31: month 04 of 2024 has 30 days"),
    ("2026/03/00", "day 00 is no day (days start at 01)"),
    ("45/13/2026", "month 13 is no month (01-12)"),      # DD/MM/YYYY
    ("May 29, 2020", "not a date in a form TRF uses"),
    ("2026/03/01", None), ("2024/02/29", None), ("26/03/01", None), ("28. 07. 2005", None),
    ("0000/00/00", None), ("", None), ("   ", None),
])
def test_date_fault(value: str, fault: str | None) -> None:
    assert date_fault(value) == fault


@pytest.mark.parametrize("value, fault", [
    ("2026/13/45", "month 13 is no month (01-12, or 00 when unknown)"),
    ("1990/02/30", "day 30: month 02 of 1990 has 28 days"),
    ("1987/00/05", "day 05 with an unknown month (00)"),
    ("0000/05/00", "year 0 is no year"),
    ("abcd", "not a date in a form TRF uses"),
    ("1978", None), ("1987/00/00", None), ("1987/05/00", None), ("0000/00/00", None),  # partial, as files write them
    ("1969.12.06", None), ("1990/01/01", None), ("", None),
])
def test_birth_date_fault(value: str, fault: str | None) -> None:
    assert birth_date_fault(value) == fault


def test_start_date_that_is_no_calendar_date_is_an_error_with_line_column_and_form() -> None:
    text = "012 T\n042 2026/13/45\n" + "\n".join(PLAYERS_R1) + "\n"
    assert findings(text) == [(Severity.ERROR, "bad-date", 2, 5)]
    assert messages(text) == ["042: start date '2026/13/45' is no date: month 13 is no month (01-12); expected "
                              "YYYY/MM/DD (the rules' edition is chosen by the start date)"]
    # the column is the value's first character, after any blanks
    assert findings("012 T\n052   2026/02/30\n" + "\n".join(PLAYERS_R1) + "\n") == [(Severity.ERROR, "bad-date", 2, 7)]


def test_a_date_in_another_notation_is_a_warning() -> None:
    text = "012 T\n042 May 29, 2020\n052 May 29, 2020\n" + "\n".join(PLAYERS_R1) + "\n"
    assert findings(text) == [(Severity.WARNING, "bad-date", 2, 5), (Severity.WARNING, "bad-date", 3, 5)]
    assert "expected YYYY/MM/DD" in messages(text)[0]


def test_round_dates_are_checked_field_by_field_at_their_columns() -> None:
    # 132: round r's date in columns 92+10(r-1); round 2's "26/02/30" starts at column 102
    value = " " * 87 + "26/03/01  26/02/30  26/03/03"
    text = "012 T\n132 " + value + "\n" + "\n".join(PLAYERS_R1) + "\n"
    assert findings(text) == [(Severity.ERROR, "bad-date", 2, 102)]
    assert "round date '26/02/30'" in messages(text)[0] and "expected YY/MM/DD" in messages(text)[0]


def test_end_before_start_is_a_warning() -> None:
    text = "012 T\n042 2026/03/05\n052 2026/03/01\n" + "\n".join(PLAYERS_R1) + "\n"
    assert findings(text) == [(Severity.WARNING, "bad-date", 3, 5)]


def test_birth_dates_warn_with_the_forms_allowed() -> None:
    good = ["1990/01/01", "1978", "1987/00/00", "0000/00/00", "1969.12.06", ""]
    for birth in good:
        assert findings("012 T\n" + PLAYER.format(birth=birth) + "\n") == [], birth
    text = "012 T\n" + PLAYER.format(birth="2026/13/45") + "\n"
    assert findings(text) == [(Severity.WARNING, "bad-date", 2, 70)]
    assert messages(text) == ["player 1: birth date '2026/13/45' is no date: month 13 is no month (01-12, or 00 when "
                              "unknown); expected YYYY/MM/DD, a year alone (YYYY), or 00 for what is unknown "
                              "(YYYY/00/00, 0000/00/00) in columns 70-79"]


def test_register_refuses_a_birth_date_that_is_no_date() -> None:
    with pytest.raises(InvalidRegistrant, match="month 13 is no month"):
        normalised(Registrant("Doe, Jane", birth_date="2026/13/45"))
    with pytest.raises(InvalidRegistrant, match="day 30"):
        normalised(Registrant("Doe, Jane", birth_date="1990-02-30"))
    assert normalised(Registrant("Doe, Jane", birth_date="1987")).birth_date == "1987/00/00"
    assert normalised(Registrant("Doe, Jane", birth_date="1990-2-3")).birth_date == "1990/02/03"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_event_register_names_the_option_of_a_bad_birth_date(tmp_path) -> None:
    event = tmp_path / "event.trf"
    assert run("event", "new", str(event), "--name", "Open", "--rounds", "5", "--initial-colour", "white",
               "--tiebreaks", "BH")[0] == 0
    before = event.read_bytes()
    code, _, err = run("event", "register", str(event), "--name", "Doe, Jane", "--birth", "2026/13/45")
    assert code == exitcodes.USAGE
    assert "--birth '2026/13/45': expected a date YYYY/MM/DD, YYYY-MM-DD or a year; month 13 is no month" in err
    assert event.read_bytes() == before  # nobody registered


def test_validate_rejects_a_start_date_that_is_no_date(tmp_path) -> None:
    path = tmp_path / "t.trf"
    path.write_text("012 T\n042 2026/13/45\n" + "\n".join(PLAYERS_R1) + "\n")
    code, out, _ = run("validate", str(path))
    assert code == exitcodes.INVALID_INPUT
    assert f"{path}:2:5: error bad-date 042: start date '2026/13/45' is no date" in out


def test_check_and_pair_refuse_a_start_date_that_is_no_date(tmp_path) -> None:
    path = tmp_path / "t.trf"
    path.write_text("012 T\nXXR 3\nXXC white1\n042 2026/13/45\n" + "\n".join(PLAYERS_R1) + "\n")
    for command in (["check", "--no-engine"], ["pair"]):
        code, _, err = run(*command, str(path))
        assert code == exitcodes.INVALID_INPUT, command
        assert "error bad-date 042" in err, command


def test_check_and_pair_say_which_rules_they_use_without_a_start_date(tmp_path) -> None:
    # lichess writes "May 29, 2020": a warning; the rules then are the ones in force now, and the
    # commands say why
    path = tmp_path / "t.trf"
    path.write_text("012 T\nXXR 3\nXXC white1\n042 May 29, 2020\n" + "\n".join(PLAYERS_R1) + "\n")
    code, out, _ = run("check", "--no-engine", str(path))
    assert code == exitcodes.OK
    assert "(042 'May 29, 2020' is no date (YYYY/MM/DD) and no round date (132) to choose by: the rules in force now)" in out
    code, out, _ = run("pair", str(path), "--format", "json")
    assert code == exitcodes.OK
    assert json.loads(out)["rules"]["reason"].startswith("042 'May 29, 2020' is no date")
