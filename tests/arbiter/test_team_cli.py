"""Team files through the commands: a malformed team file is refused by ``validate``, ``pair``,
``convert`` and ``show`` with exit 3 (:data:`arbiter.exitcodes.INVALID_INPUT`, the README's
exit-code table) and one line naming the file, the line, the column and what was expected;
never a traceback, nothing written.  The files are :data:`tests.trf.teamfile.MALFORMED`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from tests.trf.teamfile import MALFORMED, text

pytestmark = pytest.mark.fast


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name, lines, line, column, code, words", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_team_file_is_refused_by_every_command(tmp_path: Path, name: str, lines: list[str], line: int,
                                                           column: int, code: str, words: str) -> None:
    src = tmp_path / "team.trf"
    src.write_text(text(lines))
    expected = f"{src}:{line}:{column}: error {code} {words}"

    status, out, err = run("validate", str(src))
    assert status == exitcodes.INVALID_INPUT
    found = [x for x in out.splitlines() if ": error " in x]
    assert len(found) == 1 and found[0].startswith(expected), out
    assert out.splitlines()[-1] == f"{src}: invalid ({_players(lines)} players; 1 error, " \
                                   "0 warnings, 0 adjustments)"

    status, out, err = run("pair", str(src))
    assert status == exitcodes.INVALID_INPUT and out == ""
    assert err.splitlines() == [found[0], f"arbiter: {src} has 1 error(s); fix them before pairing"]

    for to in ("trf16", "trf26"):
        dst = tmp_path / f"out-{to}.trf"
        status, out, err = run("convert", str(src), "--to", to, "-o", str(dst))
        assert status == exitcodes.INVALID_INPUT and not dst.exists()
        assert err.splitlines() == [found[0], f"arbiter: {src} has 1 error(s); nothing written"]

    status, out, err = run("show", str(src))
    assert status == exitcodes.INVALID_INPUT and found[0] in err.splitlines()
    assert "Traceback" not in out + err


def _players(lines: list[str]) -> int:
    return sum(x.startswith("001") for x in lines)


@pytest.mark.parametrize("form, to", [("013", "trf26"), ("310", "trf16")])
def test_convert_writes_a_team_file_that_validates(tmp_path: Path, form: str, to: str) -> None:
    from tests.trf.teamfile import FOUR_TEAMS, TWO_ROUNDS, build

    src, dst = tmp_path / "team.trf", tmp_path / "out.trf"
    src.write_text(text(build(FOUR_TEAMS, TWO_ROUNDS, form=form)))
    status, out, err = run("convert", str(src), "--to", to, "-o", str(dst))
    assert status == exitcodes.OK, err
    assert f"the {form} teams are written as {'310' if form == '013' else '013'} records" in err
    status, out, err = run("validate", str(dst))
    assert status == exitcodes.OK and "valid (8 players; 0 errors, 0 warnings" in out
    written = dst.read_text().splitlines()
    assert sum(x.startswith("310" if form == "013" else "013") for x in written) == 4
    assert not any(x.startswith(form) for x in written)
