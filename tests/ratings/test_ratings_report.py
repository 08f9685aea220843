"""The rating report check (FIDE B.02 9.1; TRF-16 / TRF-2026 rating-mandatory fields) and the
clean report: every problem found with its line, points and ranks recomputed, the written file
re-read without diagnostics, its points and ranks equal to the standings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import trf
from ratings.report import check_report, clean_report, unrated_games
from tiebreaks.codes import parse_list
from tiebreaks.standings import standings
from tests.support import CORPUS, REPO

pytestmark = pytest.mark.fast

ROOT = REPO
SHARED = CORPUS

#: A small tournament fit to be rated (2026): every mandatory record, FIDE ids, birth dates, round
#: dates; player 4 unrated; a forfeit in round 3. Points: 1: W W + = 3; 2: L L = = 0.5;
#: 3: = L = = 1; 4: = W - = 1.5. Ranks by points (no ties): 1, 4, 3, 2.
FIT = """012 Fit Open 2026
022 Oslo
032 NOR
042 2026/03/01
052 2026/03/03
092 Individual: Swiss-System
102 IA Test Arbiter (1000099)
132                                                                                        26/03/01  26/03/02  26/03/03
001    1 mGM  Alpha, Anna                       2400 NOR     1000001 1980/01/02  3.0    1     2 w 1     3 w 1     4 w +
001    2 m    Bravo, Bo                         2000 SWE     1000002 1990/05/06  0.5    4     1 b 0     4 w 0     3 w =
001    3 w    Charlie, Cy                       1500 DEN     1000003 2010/07/08  1.0    3     4 w =     1 b 0     2 b =
001    4 m    Delta, Di                              FIN     1000004 2000/09/10  1.5    2     3 b =     2 b 1     1 b -
"""


def _put(text: str, line: int, column: int, value: str) -> str:
    """``text`` with ``value`` written over line ``line`` (1-based) from column ``column`` (1-based)."""
    lines = text.splitlines()
    row = lines[line - 1].ljust(column - 1 + len(value))
    lines[line - 1] = row[:column - 1] + value + row[column - 1 + len(value):]
    return "\n".join(lines) + "\n"


def _check(text: str, tiebreaks: str | None = None):  # type: ignore[no-untyped-def]
    result = trf.parse_text(text)
    return result.tournament, check_report(result.tournament, result.diagnostics,
                                           parse_list(tiebreaks) if tiebreaks else None)


def _codes(check) -> list[tuple[str, str, int, int]]:  # type: ignore[no-untyped-def]
    return [(p.severity.value, p.code, p.line, p.column) for p in check.problems]


def test_fit_file_has_no_problem() -> None:
    t, check = _check(FIT)
    assert check.problems == ()
    assert check.ranks == {1: 1, 4: 2, 3: 3, 2: 4}
    assert unrated_games(t) == [{"round": 3, "player": 1, "opponent": 4, "code": "+", "kind": "forfeit"}]


@pytest.mark.parametrize("code, line", [("022", 2), ("032", 3), ("042", 4), ("052", 5), ("102", 7), ("132", 8)])
def test_missing_mandatory_header_is_an_error(code: str, line: int) -> None:
    """Each rating-mandatory record removed in turn: one error, on the line of the first player
    (where the record belongs, before the players)."""
    text = "\n".join(l for l in FIT.splitlines() if not l.startswith(code)) + "\n"
    _, check = _check(text)
    assert [(s, c) for s, c, *_ in _codes(check)] == [("error", "report-header")]
    assert check.problems[0].line == 8 and code in check.problems[0].message


def test_empty_header_reported_on_its_line() -> None:
    _, check = _check(FIT.replace("022 Oslo", "022"))
    assert _codes(check) == [("error", "report-header", 2, 5)]


def test_dates_checked() -> None:
    """An end date before the start date is an error; a round date outside the event a warning;
    a round without a date an error at that round's columns (92 + 10(r - 1))."""
    _, check = _check(FIT.replace("052 2026/03/03", "052 2026/02/27"))
    assert ("error", "report-date", 5, 5) in _codes(check)
    _, check = _check(FIT.replace("03/02  26/03/03", "03/02  26/03/09"))
    assert _codes(check) == [("warning", "report-date", 8, 112)]
    _, check = _check(FIT.replace("  26/03/03", ""))
    assert _codes(check) == [("error", "report-date", 8, 112)]


def test_player_fields() -> None:
    """FIDE id (mandatory: error at column 58), federation and birth date (warnings at 54, 70)."""
    text = _put(FIT, 10, 58, " " * 22)  # player 2: no FIDE id, no birth date
    text = _put(text, 11, 54, "   ")  # player 3: no federation
    text = _put(text, 12, 58, "    1000001")  # player 4: player 1's id
    _, check = _check(text)
    assert sorted(_codes(check)) == sorted([
        ("error", "report-fide-id", 10, 58), ("warning", "report-birth-date", 10, 70),
        ("warning", "report-federation", 11, 54), ("error", "report-fide-id", 12, 58)])
    assert "player 1" in check.problems[-1].message  # the duplicate names the first holder


def test_points_and_ranks_are_checked_and_fixed() -> None:
    """Player 2 lists 1.0 instead of 0.5 and ranks 2 and 4 are swapped: warnings at columns 81 and
    86; the clean report writes 0.5 and the ranks by points (4 before 2)."""
    text = FIT.replace("1000002 1990/05/06  0.5    4", "1000002 1990/05/06  1.0    2")
    text = text.replace("1000004 2000/09/10  1.5    2", "1000004 2000/09/10  1.5    4")
    t, check = _check(text)
    assert _codes(check) == [("warning", "report-points", 10, 81), ("warning", "report-rank", 10, 86),
                             ("warning", "report-rank", 12, 86)]
    clean, _ = clean_report(t, check, "trf16")
    assert trf.dumps(clean) == FIT


def test_forfeit_without_opponent_is_flagged() -> None:
    text = FIT.replace("     4 w +", "  0000 - +").replace("     1 b -", "  0000 - -")
    _, check = _check(text)
    assert [(c, l, col) for _, c, l, col in _codes(check)] == [("report-unrated-game", 9, 119),
                                                               ("report-unrated-game", 12, 119)]


def test_contradictory_games_block_the_recomputation() -> None:
    """A result that the opponent's line contradicts: the reader's error, with a fix; points and
    ranks are not recomputed and no clean report can be written."""
    t, check = _check(FIT.replace("     1 b 0     4 w 0", "     1 b 1     4 w 0"))
    assert any(p.code == "result-mismatch" and p.severity.value == "error" for p in check.problems)
    assert check.ranks == {}
    with pytest.raises(ValueError):
        clean_report(t, check)


def test_clean_report_in_trf26_rereads() -> None:
    t, check = _check(FIT)
    clean, _ = clean_report(t, check, "trf26")
    again = trf.parse_text(trf.dumps(clean))
    assert not again.diagnostics
    assert [(p.start_rank, p.points, p.rank) for p in again.tournament.players] == \
        [(p.start_rank, p.points, p.rank) for p in t.players]


# ---------------------------------------------------------------- real and corpus files


def _raw_forfeits(path: Path) -> int:
    """Forfeit codes counted from the raw text (independent of the parser): a round block is
    ``NNNN c R`` at 10-column steps from column 92; a mirrored game counts once, from the lower
    start rank, and a forfeit without opponent once."""
    games = set()
    for line in path.read_text(encoding="latin-1").splitlines():
        if not line.startswith("001"):
            continue
        me = int(line[4:8])
        for r, start in enumerate(range(91, len(line), 10), start=1):
            block = line[start:start + 8]
            if len(block) == 8 and block[7] in "+-":
                opp = int(block[:4].strip() or 0)
                games.add((r, min(me, opp) if opp else me, max(me, opp)))
    return len(games)


def test_karlmala_2005_report() -> None:
    """FIDE's example1: 032 and 132 are empty (errors on lines 3 and 13); two forfeits written
    without an opponent (lines 295 and 297); every forfeit listed as a game FIDE does not rate."""
    path = SHARED / "real" / "karlmala2005.trf"
    if not path.is_file():
        pytest.skip(f"{path} absent (../shared/corpus not present)")
    result = trf.parse_file(path)
    check = check_report(result.tournament, result.diagnostics)
    headers = [(p.line, p.message.split()[1]) for p in check.problems if p.code == "report-header"]
    assert headers == [(3, "032"), (13, "132")]
    assert [p.line for p in check.problems if p.code == "report-unrated-game"] == [295, 297]
    assert len([g for g in unrated_games(result.tournament) if g["kind"] == "forfeit"]) == _raw_forfeits(path)
    missing_ids = [p for p in check.problems if p.code == "report-fide-id"]
    raw = [l for l in path.read_text(encoding="latin-1").splitlines() if l.startswith("001")]
    assert len(missing_ids) == sum(1 for l in raw if not l[57:68].strip())


def _tournament_files() -> list:  # type: ignore[type-arg]
    """The sample tournaments in fixtures/ (fast) and every tournament of ../shared/corpus (corpus)."""
    files = [pytest.param(p, id=f"fixtures/{p.name}")
             for p in sorted((ROOT / "fixtures" / "dutch-2026" / "tournaments").glob("*.trf"))]
    if (SHARED / "dutch-2026" / "tournaments").is_dir():
        files += [pytest.param(p, id=p.name, marks=pytest.mark.corpus)
                  for p in sorted((SHARED / "dutch-2026" / "tournaments").glob("*.trf"))]
    return files


@pytest.mark.parametrize("path", _tournament_files())
@pytest.mark.parametrize("to", ["trf16", "trf26"])
def test_corpus_report_rereads_and_matches_standings(path: Path, to: str) -> None:
    """A report written for a corpus tournament re-reads without diagnostics; its points equal the
    results under the file's scoring, and its ranks the order of `arbiter standings` (same default
    list), each rank inside the standings' place."""
    result = trf.parse_file(path)
    t = result.tournament
    check = check_report(t, result.diagnostics)
    clean, _ = clean_report(t, check, to)
    again = trf.parse_text(trf.dumps(clean))
    assert not again.diagnostics
    s = standings(t, [], default_list=True)
    places = {row.pid: row.place for row in s.rows}
    for p in again.tournament.players:
        assert p.points == t.score(p.start_rank, through=t.rounds_paired)
        lo, _, hi = places[p.start_rank].partition("-")
        assert int(lo) <= p.rank <= int(hi or lo)
    assert sorted(p.rank for p in again.tournament.players) == list(range(1, len(t.players) + 1))
    # the listed ranks the check complains about are exactly those outside their place
    wrong = {int(re.search(r"player (\d+)", p.message).group(1)) for p in check.problems if p.code == "report-rank"}
    expect = set()
    for p in t.players:
        lo, _, hi = places[p.start_rank].partition("-")
        if p.rank is None or not int(lo) <= p.rank <= int(hi or lo):
            expect.add(p.start_rank)
    assert wrong == expect
