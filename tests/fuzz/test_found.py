"""Failures the fuzzing found, fixed: one named test each (their inputs are also in
``regressions/``, replayed through their targets by ``test_targets.py``).  Each was an internal
error (exit 70) at the command line:

* ``str.isdigit()`` is true of characters ``int()`` rejects (superscripts such as '²'): a check
  ``isdigit()`` followed by ``int()`` raised ValueError.  The readers now take ASCII digits only.
* a lone CR in a CSV made ``csv.reader`` raise csv.Error; the CSV readers now read it as the end
  of a row (``newline=""``, as the csv module asks).
* a rotation session file whose schema is not UTF-8 raised UnicodeDecodeError out of sqlite3.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from event.change import EventError
from event.manual import ManualPairingError, parse_board
from event.registration import InvalidRegistrant, Registrant, normalised, parse_registrants
from event.results import BadResult, enter_results
from ratings.kfactor import KFileError, parse_k_text
from tests.fuzz.targets import ENV, _running_event
from tests.support import REPO

pytestmark = [pytest.mark.fast, pytest.mark.fuzz]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env=ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout + result.stderr


def test_a_superscript_k_factor_is_a_k_file_error(tmp_path: Path) -> None:
    with pytest.raises(KFileError, match="K must be a positive whole number, got '1²'"):
        parse_k_text("id,K\n1,1²\n", "k.csv")
    k = tmp_path / "k.csv"
    k.write_text("id,K\n1,1²\n", encoding="utf-8")
    code, output = run("ratings", str(REPO / "fixtures" / "example.trf"), "--k", str(k))
    assert code == exitcodes.INVALID_INPUT and "k.csv:2: K must be a positive whole number" in output


def test_a_superscript_rating_in_a_players_list_is_an_invalid_registrant() -> None:
    with pytest.raises(InvalidRegistrant, match="rating '1²'"):
        parse_registrants('name,rating\n"Doe, Jane",1²\n', "players.csv")


def test_a_superscript_rating_in_a_fide_list_extract_is_no_rating() -> None:
    text = ("ID Number      Name                              Fed Sex Tit  SRtng B-day\n"
            "1503014        Carlsen, Magnus                   NOR M   GM   28²0  1990\n")
    assert [r.rating for r in parse_registrants(text)] == [None]


def test_a_superscript_fide_id_is_refused() -> None:
    with pytest.raises(InvalidRegistrant, match="FIDE id '12²'"):
        normalised(Registrant("Doe, Jane", fide_id="12²"))


@pytest.mark.parametrize("text", ["board,result\n²,1-0\n", "white,black,result\n1,²,1-0\n"])
def test_a_superscript_board_or_start_rank_in_a_results_csv_is_a_bad_result(text: str) -> None:
    with pytest.raises(BadResult):
        enter_results(_running_event(), text, source="round2.csv")


def test_a_superscript_board_in_a_results_csv_is_invalid_input_at_the_command_line(tmp_path: Path) -> None:
    from trf.writer import dumps

    event = tmp_path / "event.trf"
    event.write_text(dumps(_running_event()), encoding="utf-8")
    results = tmp_path / "round2.csv"
    results.write_text("board,result\n²,1-0\n", encoding="utf-8")
    code, output = run("event", "result", str(event), "--csv", str(results))
    assert code == exitcodes.INVALID_INPUT and "round2.csv:2:1: '²,1-0': expected board,result or white,black,result" in output


def test_a_superscript_start_rank_in_a_manual_board_is_a_manual_pairing_error() -> None:
    with pytest.raises(ManualPairingError, match="is not a board"):
        parse_board("1-²")
    assert issubclass(ManualPairingError, EventError)


# A lone CR (the line ending of old Mac files, or a stray one) made ``csv.reader`` over
# ``io.StringIO(text)`` raise csv.Error ("new-line character seen in unquoted field"): an
# internal error.  The CSV readers now give csv the text with ``newline=""``, as its documentation
# asks, and a lone CR ends a row.


def test_a_k_file_with_lone_cr_line_endings_is_read() -> None:
    assert parse_k_text("id,K\r1,20\r2,40\r") == {"1": 20, "2": 40}


def test_a_players_list_with_lone_cr_line_endings_is_read() -> None:
    people = parse_registrants('name,rating\r"Doe, Jane",1850\rRoe,\r', "players.csv")
    assert [(r.name, r.rating, r.line) for r in people] == [("Doe, Jane", 1850, 2), ("Roe", None, 3)]


def test_a_results_csv_with_lone_cr_line_endings_is_read() -> None:
    change = enter_results(_running_event(), "board,result\r1,0-1\r2,1/2-1/2\r", source="round2.csv")
    assert [e["result"] for e in change.data["entered"]] == ["0-1", "½-½"]


def test_a_session_file_whose_schema_is_not_utf8_is_not_a_session_file(tmp_path: Path) -> None:
    """sqlite's message on a damaged schema quotes the schema's bytes; Python's sqlite3 decodes it
    as UTF-8 and raised UnicodeDecodeError, which no ``except sqlite3.Error`` catches."""
    from rotation import engine as rot
    from rotation import log as rlog

    path = tmp_path / "session.sqlite"
    rlog.create(path, rot.Config(tables=1))
    data = path.read_bytes()
    assert data.count(b"CREATE TABLE meta") == 1
    path.write_bytes(data.replace(b"CREATE TABLE meta", b"CREATE T\xffBLE meta"))
    with pytest.raises(rlog.SessionFileError, match="is not a rotation session file"):
        rlog.load(path)
    code, output = run("rotation", "status", "--session", str(path))
    assert code == exitcodes.FILE_ERROR and "is not a rotation session file" in output
