"""``arbiter conformance --engine CMD --corpus DIR``: an outside engine run over a corpus folder of
rounds (each file the tournament before the round to pair), compared round by round with our
engine of the system asked for, the checker judging each difference.

The outside engine here is a tiny script, never a real program: it answers each file with the
pairing stored beside the corpus file it was given (``rRR.expected``, the pairing two
independent Dubov engines agree on; found by the file's content, since the engine is handed a
copy), in the CSV layout some engines write (``White,Black``, the PAB as ``N,-1``).  Told to, it
breaks some rounds: one board's colours reversed, the black players of two boards exchanged, or
no answer at all."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from arbiter import exitcodes
from tests.arbiter.test_verification_cli import run
from verify.conformance import EngineCommand, Summary, conformance_corpus, parse_pairs

pytestmark = pytest.mark.fast

REPO = Path(__file__).resolve().parents[2]

ENGINE = '''\
import sys
from pathlib import Path
given, out, corpus = Path(sys.argv[1]).read_bytes(), sys.argv[2], Path(sys.argv[3])
how = sys.argv[4] if len(sys.argv) > 4 else ""
source = next(p for p in sorted(corpus.rglob("*.trf")) if p.read_bytes() == given)
lines = [ln.split() for ln in source.with_suffix(".expected").read_text().splitlines() if ln.strip()]
boards = [(w, b) for w, b in lines if b != "0"]
bye = [w for w, b in lines if b == "0"]
if how and source.name == "r02.trf":
    boards[0] = boards[0][::-1]                      # colours of board 1 reversed
if how and source.name == "r03.trf":
    (a, b), (c, d) = boards[0], boards[1]            # the black players of boards 1 and 2 exchanged
    boards[0], boards[1] = (a, d), (c, b)
if how and source.name == "r04.trf":
    sys.exit("no pairing")
Path(out).write_text("White,Black\\n" + "".join(f"{w},{b}\\n" for w, b in boards)
                     + "".join(f"{w},-1\\n" for w in bye))
'''


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    shutil.copytree(REPO / "fixtures" / "dubov" / "dubov-drive-d0001", folder / "d0001")
    return folder


def _command(tmp_path: Path, corpus: Path, how: str = "") -> str:
    script = tmp_path / "engine.py"
    script.write_text(ENGINE, encoding="utf-8")
    return f"{sys.executable} {script} {{input}} {{output}} {corpus}" + (f" {how}" if how else "")


def test_the_csv_layout_is_read() -> None:
    p = parse_pairs("White,Black\n8,1\n2,7\n5,-1\n")
    assert p.boards == ((8, 1), (2, 7)) and p.bye == 5
    with pytest.raises(ValueError, match="line 3"):
        parse_pairs("White,Black\n8,1\n2;7\n")


def test_an_engine_that_pairs_as_the_corpus_agrees_with_ours(tmp_path: Path, corpus: Path) -> None:
    total = Summary()
    for got in conformance_corpus(corpus, EngineCommand(_command(tmp_path, corpus)), "dubov", pattern="r*.trf"):
        total.add(got)
    assert total.tournaments == 5 and total.rounds == 5
    assert total.same == 5 and total.different == 0


def test_every_broken_round_is_found_and_judged(tmp_path: Path, corpus: Path) -> None:
    code, out, err = run("conformance", "--engine", _command(tmp_path, corpus, "broken"), "--corpus", corpus,
                         "--pattern", "r*.trf", "--system", "dubov", "--json")
    assert code == exitcodes.DISCREPANCY, err
    data = json.loads(out)
    assert data["files"] == 5 and data["rounds"] == 5 and data["same"] == 2 and data["different"] == 3
    cases = {c["file"]: c for c in data["cases"]}
    assert set(cases) == {"d0001/r02.trf", "d0001/r03.trf", "d0001/r04.trf"}
    assert cases["d0001/r02.trf"]["kind"] == "colours" and cases["d0001/r02.trf"]["better"] == "ours"
    assert cases["d0001/r02.trf"]["criterion"].startswith("5.2.")  # Art. 5.2 decides a board's colours
    assert cases["d0001/r03.trf"]["kind"] == "pairs" and cases["d0001/r03.trf"]["better"] == "ours"
    assert cases["d0001/r03.trf"]["criterion"] and cases["d0001/r03.trf"]["article"]
    assert cases["d0001/r04.trf"]["kind"] == "engine" and "no pairing" in cases["d0001/r04.trf"]["message"]


def test_the_human_report_and_a_clean_run(tmp_path: Path, corpus: Path) -> None:
    code, out, err = run("conformance", "--engine", _command(tmp_path, corpus), "--corpus", corpus,
                         "--pattern", "r*.trf", "--system", "dubov")
    assert code == exitcodes.OK, err
    assert "5 file(s), 5 round(s) compared" in out and "same pairing: 5 round(s); different: 0" in out


def test_bad_corpus_input(tmp_path: Path, corpus: Path) -> None:
    command = _command(tmp_path, corpus)
    code, _, err = run("conformance", "--engine", command, "--corpus", tmp_path / "nowhere", "--system", "dubov")
    assert code == exitcodes.USAGE and "not a folder" in err
    code, _, err = run("conformance", "--engine", command, "--corpus", corpus, "--pattern", "x*.trf")
    assert code == exitcodes.USAGE and "no file matching 'x*.trf'" in err
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "r01.trf").write_text("001    1 m    Broken                            abcd\n", encoding="utf-8")
    code, out, err = run("conformance", "--engine", command, "--corpus", bad, "--system", "dubov")
    assert code == exitcodes.INVALID_INPUT, (out, err)
    assert "not compared: r01.trf:1:" in out and "Traceback" not in out + err
