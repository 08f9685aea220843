"""``arbiter convert`` never writes what ``arbiter validate`` rejects; ``validate`` prints causes
first; ``event new`` names the option of a number of rounds TRF cannot hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app

pytestmark = pytest.mark.fast


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def p001(n: int, points: str, *blocks: str) -> str:
    line = f"001 {n:>4} m    {f'Player {n}':<33} {2400 - 10 * n:>4} NOR {1000 + n:>11} 2000/01/01 {points} {n:>4}"
    return line + "".join(blocks)


FOUR = (p001(1, " 1.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0"),
        p001(3, " 1.0", "     4 w 1"), p001(4, " 0.0", "     3 b 0"))


def write(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "in.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


# players 1, 2, 3 and 5: no player has start rank 4 (a warning)
GAP = (p001(1, " 1.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0"), p001(3, " 1.0", "     5 w 1"),
       p001(5, " 0.0", "     3 b 0"))


@pytest.mark.parametrize("records", [("XXR 0", "142 5"), ("142 5", "250       1.0   1   2    1    6")],
                         ids=["XXR 0 beside 142 5", "250 over a start rank no player has"])
@pytest.mark.parametrize("to", ["trf16", "trf26"])
def test_what_convert_writes_validates(tmp_path: Path, records: tuple[str, str], to: str) -> None:
    src = write(tmp_path, "012 T", *records, *GAP)
    dst = tmp_path / "out.trf"
    code, _, _ = run("convert", str(src), "--to", to, "-o", str(dst))
    assert code == exitcodes.OK
    code, out, _ = run("validate", str(dst))
    assert code == exitcodes.OK and " 0 errors, 1 warning" in out, out  # the missing start rank 4
    t = trf.parse_file(dst).tournament
    assert t.total_rounds == 5
    if "250" in records[1]:
        assert [t.acceleration(n, r) for n in (1, 2, 3, 5) for r in (1, 2, 3)] == [1, 1, 0] * 4


def test_xxz_naming_no_player_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    src = write(tmp_path, "012 T", "XXR 5", "XXZ 9", *FOUR)
    for to in ("trf16", "trf26"):
        dst = tmp_path / f"out-{to}.trf"
        code, _, err = run("convert", str(src), "--to", to, "-o", str(dst))
        assert code == exitcodes.INVALID_INPUT
        assert f"{src}:3:1: error bad-record XXZ names start rank 9, which no player has" in err
        assert "nothing written" in err and not dst.exists()


def test_a_conversion_that_would_write_an_invalid_file_writes_nothing(tmp_path: Path, monkeypatch) -> None:
    # a fault of the converter itself (here planted: a 240 for a player who does not exist) is
    # caught by reading the text back before anything is written: exit 70, not a bad file
    import trf.convert

    def faulty(t: trf.Tournament, to: str) -> tuple[trf.Tournament, list]:
        return t.replace_records(t.records + (trf.ByeRecord("Z", 2, (9,)),)), []

    monkeypatch.setattr(trf.convert, "convert", faulty)
    src = write(tmp_path, "012 T", "142 5", *FOUR)
    dst = tmp_path / "out.trf"
    code, _, err = run("convert", str(src), "--to", "trf26", "-o", str(dst))
    assert code == exitcodes.INTERNAL
    assert "240 names start rank 9" in err and "nothing written" in err
    assert not dst.exists()
    code, out, _ = run("convert", str(src), "--to", "trf26", "--json")
    assert code == exitcodes.INTERNAL
    assert json.loads(out)["diagnostics"][0]["code"] == "bad-record"


def test_validate_prints_the_syntax_error_before_the_missing_opponent(tmp_path: Path) -> None:
    src = write(tmp_path, "012 T", "XXR 5", p001(1, " 1.0", "     5 w 1"), p001(2, " 0.0", "     3 b 0"),
                p001(3, " 1.0", "     2 w 1"), p001(4, " 0.0", "  0000 - Z"), p001(5, " 0.0", "     1 x 0"))
    code, out, _ = run("validate", str(src))
    assert code == exitcodes.INVALID_INPUT
    lines = out.splitlines()
    assert lines[0].startswith(f"{src}:7:96: error syntax")
    assert lines[1].startswith(f"{src}:3:92: error unknown-opponent player 1, round 1: opponent 5")
    code, out, _ = run("validate", str(src), "--json")
    assert [(d["code"], d["line"]) for d in json.loads(out)["diagnostics"]] == [("syntax", 7), ("unknown-opponent", 3)]


@pytest.mark.parametrize("rounds", ["100", "1000"])
def test_event_new_names_the_rounds_limit(tmp_path: Path, rounds: str) -> None:
    # once: "scoring '1/0.5/0': expected at most 99.9 points over 100 rounds"
    path = tmp_path / "event.trf"
    code, _, err = run("event", "new", str(path), "--name", "Open", "--rounds", rounds)
    assert code == exitcodes.USAGE
    assert f"--rounds {rounds}: expected at most 99 (TRF allows 99 rounds" in err
    assert "scoring" not in err and not path.exists()
    assert run("event", "new", str(path), "--name", "Open", "--rounds", "99", "--initial-colour", "white",
               "--tiebreaks", "BH")[0] == exitcodes.OK
    assert trf.parse_file(path).tournament.total_rounds == 99


def test_event_new_names_the_option_of_other_settings(tmp_path: Path) -> None:
    code, _, err = run("event", "new", str(tmp_path / "e.trf"), "--name", "Open", "--rounds", "50", "--scoring", "3/1/0")
    assert code == exitcodes.USAGE
    assert "--scoring 3/1/0: expected at most 99.9 points over 50 rounds" in err
