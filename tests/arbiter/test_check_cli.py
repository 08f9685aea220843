"""``arbiter check``: exit codes, the three output formats, ``--why-not``, and what they say about
pairings whose correct answer is known independently (bbpPairings' pairings of the fixtures
sample; hand-checked facts of ``example.trf``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from typer.testing import CliRunner

from arbiter import exitcodes
from arbiter.cli import app
from trf import dumps, parse_file
from systems import select
from trf.edit import cut_to_round, with_pairing
from tests.support import REPO

pytestmark = pytest.mark.fast

ROOT = REPO
EXAMPLE = ROOT / "fixtures" / "example.trf"
SAMPLE = ROOT / "fixtures" / "dutch-2026"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "100", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr

SAMPLE_17 = SAMPLE / "tournaments" / "dev-0032-n17-r11.trf"


def test_corpus_tournament_conforms() -> None:
    """bbpPairings paired every round of the sample: nothing to report, exit 0."""
    code, out, _ = run("check", str(SAMPLE_17))
    assert code == exitcodes.OK, out
    assert "11 rounds checked, all conform" in out
    assert sum(line.startswith("Round ") and ": OK" in line for line in out.splitlines()) == 11


def _swapped(tmp_path: Path, rnd: int) -> tuple[Path, list[tuple[int, int]], list[tuple[int, int]]]:
    """Round ``rnd`` of the sample with the opponents of its first two boards exchanged, whites
    kept; the file is cut after that round.  Returns the path, the original and the new boards."""
    t = parse_file(SAMPLE_17).tournament
    games = [(g.white, g.black) for g in t.games(rnd)]
    bye = next((b.player for b in t.byes(rnd) if b.kind.value == "U"), None)
    (a, b), (c, d) = games[0], games[1]
    new = [(a, d), (c, b)] + games[2:]
    mutant = with_pairing(cut_to_round(t, rnd), rnd, new, bye)
    path = tmp_path / "mutant.trf"
    path.write_text(dumps(mutant))
    return path, games[:2], [(a, d), (c, b)]


def test_mutant_is_flagged_and_bbp_layout(tmp_path: Path) -> None:
    path, original, new = _swapped(tmp_path, 6)
    code, out, _ = run("check", str(path), "--format", "bbp")
    assert code == exitcodes.DISCREPANCY
    lines = out.splitlines()
    assert [ln for ln in lines if "Round #" in ln] == [f"{path}: Round #{r}" for r in range(1, 7)]
    at = lines.index(f"{path}: Round #6")
    assert lines[at + 1] == "  Checker pairings        Tournament pairings "
    body = lines[at + 2:]
    # the checker's column holds bbpPairings' boards (the engine candidate is used at 17 players)
    checker_col = {tuple(int(x) for x in ln[:13].split(" - ")) for ln in body if ln.strip()}
    given_col = {tuple(int(x) for x in ln[29:].split(" - ")) for ln in body if ln.strip()}
    assert set(original) <= checker_col
    assert set(new) <= given_col
    for ln in body:
        if ln.strip():  # "    %3d - %3d" + 16 spaces + "%3d - %3d", as bbpPairings prints it
            assert len(ln) == 4 + 9 + 16 + 9 and ln[:4] == "    " and ln[13:29] == " " * 16


def test_mutant_json_names_round_and_criterion(tmp_path: Path) -> None:
    path, original, _ = _swapped(tmp_path, 6)
    code, out, _ = run("check", str(path), "--round", "6", "--json")
    assert code == exitcodes.DISCREPANCY
    data = json.loads(out)
    assert data["ok"] is False and data["rounds_with_discrepancies"] == [6]
    (rnd,) = data["rounds"]
    assert set(rnd) >= {"round", "ok", "players", "boards", "bye", "findings", "candidate", "brackets",
                        "candidate_sources", "notes", "engine_disagrees"}
    f = rnd["findings"][0]
    assert set(f) == {"kind", "criterion", "article", "message", "boards", "bracket", "given_value",
                      "candidate_value", "sentence"}
    assert f["kind"] in ("quality", "order", "absolute", "colour")
    assert f["criterion"] in f["message"] or f["kind"] == "colour" or f["criterion"] == "order"
    cand = {tuple(b) for b in rnd["candidate"]["boards"]}
    assert set(original) <= cand


def test_example_round_two_candidate_is_the_engines() -> None:
    """example.trf is hand-made: its round 2 pairs 5-8 and 7-6 in the score-0 bracket, where the
    Dutch system's first transposition gives 5-6 and 7-8 (BSNs 1-3, 2-4 come before 1-4, 2-3 when
    every criterion ties); `arbiter pair --round 2` gives the same."""
    code, out, _ = run("check", str(EXAMPLE), "--round", "2", "--format", "bbp")
    assert code == exitcodes.DISCREPANCY
    assert out.splitlines()[1:4] == [
        "  Checker pairings        Tournament pairings ",
        "      5 -   6                  5 -   8",
        "      7 -   8                  7 -   6",
    ]
    code, out, _ = run("pair", str(EXAMPLE), "--round", "2", "--format", "bbp")
    assert "5 6" in out.splitlines() and "7 8" in out.splitlines()


def test_why_not_rematch_names_round() -> None:
    code, out, _ = run("check", str(EXAMPLE), "--round", "3", "--why-not", "1-4")
    assert code == exitcodes.OK
    said = " ".join(out.split())  # read aloud: the rule's plain words, its article, the two by name
    assert "Two players may not play each other twice (C.04.3 Art. 2.1.1 / C1): Lindqvist, Erik (1) and " \
           "Kowalczyk, Piotr (4) already played each other in round 2" in said


def test_why_not_json_and_verdicts() -> None:
    code, out, _ = run("check", str(SAMPLE_17), "--round", "5", "--why-not", "1-2", "--json")
    assert code == exitcodes.OK
    data = json.loads(out)
    # keys may be added, never removed (README, JSON output): the why-not keys and the rules applied
    assert set(data) == {"round", "pair", "verdict", "criterion", "message", "candidate",
                         "edition", "edition_reason", "acceleration", "sentence"}
    assert data["edition"] == select(parse_file(SAMPLE_17).tournament).edition.name
    assert data["pair"] == [1, 2] and data["round"] == 5
    assert data["verdict"] in ("impossible", "incomplete", "worse", "later", "given")
    if data["verdict"] == "worse":
        assert data["criterion"].startswith("C") and data["criterion"] in data["message"]


def test_why_not_given_pair() -> None:
    t = parse_file(SAMPLE_17).tournament
    g = t.games(4)[0]
    code, out, _ = run("check", str(SAMPLE_17), "--round", "4", "--why-not", f"{g.white}-{g.black}")
    assert code == exitcodes.OK and "already paired" in out


@pytest.mark.parametrize("arg", ["1x4", "1-", "a-b", "1-2-3"])
def test_why_not_bad_argument(arg: str) -> None:
    code, _, err = run("check", str(EXAMPLE), "--why-not", arg)
    assert code == exitcodes.USAGE and "expected two start ranks" in err


def test_round_out_of_range_and_invalid_file(tmp_path: Path) -> None:
    code, _, err = run("check", str(EXAMPLE), "--round", "9")
    assert code == exitcodes.USAGE and "rounds 1-3" in err
    bad = tmp_path / "bad.trf"
    bad.write_text(EXAMPLE.read_text().replace("2541 SWE", "25x1 SWE"))
    code, _, err = run("check", str(bad))
    assert code == exitcodes.INVALID_INPUT
    code, _, err = run("check", str(tmp_path / "missing.trf"))
    assert code == exitcodes.FILE_ERROR
