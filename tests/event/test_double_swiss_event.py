"""A Double-Swiss event (C.04.5) run from the command line, and published.

Ten players, four rounds, each round a match of two games (the file: two round columns per
match, docs/double-swiss.md).  The results are this test's own; the pairings are the engine's
and every round is accepted by ``arbiter check`` (the checker's own reading of C.04.5).  Round 1
and the PAB of round 2 are derived here from the articles; every player's points from the
results entered, by hand, in :data:`POINTS`.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from tests.event.making import cli

PLAYERS = """name,title,rating,fide id,federation,birth date,sex
"Aune, Astrid",GM,2600,1000001,NOR,1990/01/01,w
"Berg, Bjorn",IM,2500,1000002,NOR,1991/01/01,m
"Carlsen, Cato",FM,2400,1000003,NOR,1992/01/01,m
"Dahl, Dina",,2300,1000004,NOR,1993/01/01,w
"Eide, Erik",,2200,1000005,NOR,1994/01/01,m
"Foss, Frida",,2100,1000006,NOR,1995/01/01,w
"Gran, Geir",,2000,1000007,NOR,1996/01/01,m
"Holm, Hanna",,1900,1000008,NOR,1997/01/01,w
"Isaksen, Ivar",,1800,1000009,NOR,1998/01/01,m
"Jensen, Jorun",,1700,1000010,NOR,1999/01/01,w
"""

#: Round 1, by hand: one bracket of all ten on 0 points; Art. 3.6.2-3.6.4, the first identifier
#: 1 2 3 4 5 | 6 7 8 9 10, i.e. 1-6 2-7 3-8 4-9 5-10.  Game-1 colours by Art. 4.3.1 with the
#: initial colour White (152 W): the higher-ranked (smaller TPN) player of each pair gets White
#: when his TPN is odd, Black when even: 1 W, 2 B (7 W), 3 W, 4 B (9 W), 5 W.
ROUND1 = [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
#: Each round's results by board, each game from the board's first-named player's side.
RESULTS = {
    1: ["1", "1-0", "=", "2", "=", "=", "3", "0-1", "0-1", "4", "1-0", "1-0",
        "5", "=", "+-"],  # board 5 (5-10): game 2 forfeited by 10 (one game: the match is played)
    2: ["1", "1-0", "0-1", "2", "=", "1-0", "3", "=", "=", "4", "0-1", "="],
    3: ["1", "=", "=", "2", "1-0", "0-1", "3", "=", "1-0", "4", "-+", "-+",  # 4 forfeits both games
        "5", "1-0", "0-1"],
    4: ["1", "1-0", "1-0", "2", "=", "=", "3", "0-1", "=", "4", "=", "0-½"],  # 2-10 game 2: 0-½
}
#: The game points, by hand from the results above and the pairings the test reads (round by
#: round: the match's two games; U H = 1½, H H = 1, Z Z = 0):
#:  1 Aune:    R1 1 ½ (1½) + R2 ½ 0 (½) + R3 ½ 1 (1½) + R4 ½ ½ (1)          = 4½
#:  2 Berg:    R1 ½ ½ (1) + R2 ½ ½ (1) + R3 ½ 0 (½) + R4 ½ 0 (½: 0-½)       = 3
#:  3 Carlsen: R1 0 0 + R2 0 ½ (½) + R3 0 1 (1) + R4 PAB U H (1½)           = 3
#:  4 Dahl:    R1 0 0 + R2 PAB (1½) + R3 both games forfeited (0) + R4 Z Z  = 1½
#:  5 Eide:    R1 ½ + (1½) + R2 ½ 1 (1½) + R3 ½ ½ (1) + R4 1 1 (2)         = 6
#:  6 Foss:    R1 0 ½ (½) + R2 ½ ½ (1) + R3 + + (2) + R4 0 ½ (½)            = 4
#:  7 Gran:    R1 ½ ½ (1) + R2 1 ½ (1½) + R3 0 1 (1) + R4 1 ½ (1½)          = 5
#:  8 Holm:    R1 1 1 (2) + R2 1 0 (1) + R3 ½ ½ (1) + R4 ½ ½ (1)            = 5
#:  9 Isaksen: R1 1 1 (2) + R2 0 1 (1) + R3 1 0 (1) + R4 0 0                = 4
#: 10 Jensen:  R1 ½ - (½) + R2 H H (1) + R3 1 0 (1) + R4 ½ ½ (1: ½ in 0-½)  = 3½
POINTS = {1: "4.5", 2: "3", 3: "3", 4: "1.5", 5: "6", 6: "4", 7: "5", 8: "5", 9: "4", 10: "3.5"}
#: The boards each round is expected to have (round 1 by hand, above; rounds 2-4 as the engine
#: pairs them, each accepted by the checker).  Round 2, by hand: 10 is away (H H), nine play;
#: the PAB (Art. 3.4) goes to the lowest score among those C2 allows, 3 and 4 on 0, both with one
#: match played (3.4.3), the higher TPN (3.4.4): 4.  Then 8-9 (2 points), 5-1 (1½: 5 has had
#: Black once, 1 White once: 4.3.2 gives 5 White), and {2, 7} on 1 point met in round 1 (C1): the
#: fewest upfloaters that pair them, 6 (½) and 3 (0) (C4, C5), first identifier 2 3 | 6 7: 2-6, 3-7.
BOARDS = {1: ROUND1, 2: [(8, 9), (5, 1), (2, 6), (3, 7)], 3: [(8, 5), (9, 7), (1, 2), (4, 6), (10, 3)],
          4: [(5, 9), (1, 8), (6, 7), (2, 10)]}
PAB = {1: None, 2: 4, 3: None, 4: 3}


def _read(path: Path) -> trf.Tournament:
    parsed = trf.parse_file(path)
    assert not parsed.errors, [d.message for d in parsed.errors]
    return parsed.tournament


def _ok(*args: str | Path) -> str:
    code, out, err = cli(*args)
    assert code == 0, (args, out, err)
    return out


def _boards(path: Path, rnd: int) -> dict[str, object]:
    return json.loads(_ok("event", "boards", path, "--round", str(rnd), "--json"))  # type: ignore[no-any-return]


def run_event(folder: Path) -> Path:
    """The event of the module docstring, round by round; returns the file."""
    path = folder / "double.trf"
    (folder / "players.csv").write_text(PLAYERS, encoding="utf-8")
    out = _ok("event", "new", path, "--name", "Fjord Double", "--rounds", "4", "--system", "double-swiss",
              "--initial-colour", "white", "--tiebreaks", "BH,SB")
    assert "4 rounds of two-game matches" in out and "192 FIDE_DOUBLESWISS" in out
    _ok("event", "register", path, "--csv", folder / "players.csv")
    assert "half-point bye (two drawn games, H H) in round 2" in _ok("event", "bye", path, "10", "--round", "2")
    for rnd in range(1, 5):
        if rnd == 4:
            assert "from round 4 (zero-point absence, Z Z, in round 4)" in _ok("event", "withdraw", path, "4")
            (folder / "before-4.trf").write_bytes(path.read_bytes())
        out = _ok("event", "pair", path)
        assert f"pair round {rnd}:" in out
        got = _boards(path, rnd)
        assert [(b["white"], b["black"]) for b in got["boards"]] == BOARDS[rnd]  # type: ignore[index]
        _ok("event", "result", path, "--", *RESULTS[rnd])
    return path


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_event(tmp_path_factory.mktemp("double"))


def test_the_file_holds_each_match_in_two_columns(event: Path) -> None:
    t = _read(event)
    assert t.total_rounds == 8 and t.rounds_paired == 8  # 142 counts columns: twice the matches
    # points per player, as derived by hand above
    assert {p.start_rank: p.points for p in t.players} == {k: Fraction(v) for k, v in POINTS.items()}  # 81-84
    assert {p.start_rank: t.score(p.start_rank) for p in t.players} == {k: Fraction(v) for k, v in POINTS.items()}
    lines = {p.start_rank: p for p in t.players}
    # game 2 reverses game 1's colours, same opponent (Art. 1.1)
    for rnd, pairs in BOARDS.items():
        for w, b in pairs:
            g1, g2 = lines[w].entry(2 * rnd - 1), lines[w].entry(2 * rnd)
            assert (g1.opponent, g1.colour.value, g2.opponent, g2.colour.value) == (b, "w", b, "b")
    # the PAB: U in game 1's column, H in game 2's (Art. 1.4: a won and a drawn game)
    for rnd, pid in PAB.items():
        if pid is not None:
            codes = [lines[pid].entry(c).code.value for c in (2 * rnd - 1, 2 * rnd)]  # type: ignore[union-attr]
            assert codes == ["U", "H"]
    # requested bye and withdrawal: whole matches, the same code in both columns
    assert [lines[10].entry(c).code.value for c in (3, 4)] == ["H", "H"]  # type: ignore[union-attr]
    assert [lines[4].entry(c).code.value for c in (7, 8)] == ["Z", "Z"]  # type: ignore[union-attr]
    # one game forfeited (round 1, 5-10 game 2), both games forfeited (round 3, 4-6)
    assert (lines[5].entry(2).code.value, lines[10].entry(2).code.value) == ("+", "-")  # type: ignore[union-attr]
    assert [lines[4].entry(c).code.value for c in (5, 6)] == ["-", "-"]  # type: ignore[union-attr]
    # 0-½ in round 4 game 2 (column 8): '=' on both lines and 2 loses half a point from column 8
    assert (lines[2].entry(8).code.value, lines[10].entry(8).code.value) == ("=", "=")  # type: ignore[union-attr]
    assert [(r.points, r.round, r.players) for r in t.abnormal_points] == [(Fraction(-1, 2), 8, (2,))]


def test_each_round_is_accepted_by_check(event: Path) -> None:
    code, out, err = cli("check", event)
    assert code == 0, out + err
    for rnd in range(1, 5):
        assert re.search(rf"^Round {rnd}: OK", out, re.M), out
    assert "4 rounds checked, all conform to C.04.5 (2026)" in out


def test_status_counts_matches(event: Path) -> None:
    out = _ok("event", "status", event)
    assert "4 of 4 rounds paired (each a match of two games)" in out
    assert "the event is finished (4 rounds of two-game matches)" in out
    code, _, err = cli("event", "pair", event)
    assert code == exitcodes.FINISHED and "the event is finished: all 4 rounds are paired" in err


def test_the_published_round_shows_both_games_and_explains(event: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    out = _ok("publish", event, "-o", site, "--jobs", "1")
    assert "4 round(s)" in out
    assert not (site / "round-5.html").exists()  # rounds are matches, not columns
    r1 = (site / "round-1.html").read_text(encoding="utf-8")
    board1 = r1[r1.index('id="board-1"'):r1.index('id="board-2"')]
    # 1-6: game 1 1-0, game 2 ½-½, the match 1½-½
    assert ">1–0<" in board1 and ">½–½<" in board1 and ">1½–½<" in board1
    assert "Aune, Astrid (1) has White in game 1 and Black in game 2, Foss, Frida (6) the reverse" in board1
    assert "(Art. 4.3.1)" in board1
    board5 = r1[r1.index('id="board-5"'):]
    assert "+/−" in board5 and "a game forfeited: the match counts as played (Preface)" in board5
    r2 = (site / "round-2.html").read_text(encoding="utf-8")
    assert "pairing-allocated bye (PAB): a won and a drawn game (U H), 1½ points (Art. 1.4); 1½ points" in r2
    assert "Why did <bdi>Dahl, Dina</bdi> get the bye?" in r2 and "(Art. 3.4.2)" in r2
    # 3 moved up to play 7 (C4, C5): the explanation names the articles
    board4 = r2[r2.index('id="board-4"'):]
    assert "Carlsen, Cato (3), on 0 points, was moved up to play Gran, Geir (7), on 1 point" in board4
    assert "C4, Art. 2.3.1; C5, Art. 2.3.2" in board4
    r3 = (site / "round-3.html").read_text(encoding="utf-8")
    assert "a match forfeited on both games is not played (Preface)" in r3
    standings = (site / "standings-4.html").read_text(encoding="utf-8")
    assert re.search(r"Eide, Erik.*?>6(\.0)?<", standings, re.S)
    player = (site / "player-10.html").read_text(encoding="utf-8")
    assert "half-point bye: two drawn games (H H)" in player
    assert "FIDE C.04.5 (2026)" in r1


def test_undo_takes_both_columns_back(tmp_path: Path) -> None:
    path = tmp_path / "u.trf"
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    _ok("event", "new", path, "--name", "U", "--rounds", "2", "--system", "double-swiss", "--initial-colour", "white")
    _ok("event", "register", path, "--csv", tmp_path / "players.csv")
    before = [p.rounds for p in _read(path).players]
    _ok("event", "pair", path)
    assert _read(path).rounds_paired == 2
    assert "undo pairing of round 1: 5 board(s) of two games taken back" in _ok("event", "undo", path)
    assert [p.rounds for p in _read(path).players] == before


def _refused(path: Path, *args: str) -> tuple[int, str]:
    before = path.read_bytes()
    code, out, err = cli(*args)
    assert path.read_bytes() == before, args  # nothing written
    assert err.count("\n") == 1, err  # one line
    return code, err


def test_refusals_write_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.trf"
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    _ok("event", "new", path, "--name", "R", "--rounds", "2", "--system", "double-swiss", "--initial-colour", "white")
    _ok("event", "register", path, "--csv", tmp_path / "players.csv")
    _ok("event", "pair", path)
    cases = [
        (("1", "1-0"), "board 1: only '1-0': expected the results of both games"),
        (("1", "1½-½"), "'1½-½' is a match score, which does not say how each game ended"),
        (("1", "2-0"), "'2-0' is a match score"),
        (("1", "1", "0"), "board 1: no result, then '1', read as a board number"),
        (("1", "1-0", "x"), "'x' is not a game's result"),
        (("9", "1-0", "="), "board 9"),
        (("1", "1-0", "=", "1", "=", "="), "board 1"),
        (("x", "1-0", "="), "'x': expected a board number"),
    ]
    for given, words in cases:
        code, err = _refused(path, "event", "result", str(path), "--", *given)
        assert code == exitcodes.USAGE and words in err, (given, err)
    code, err = _refused(path, "event", "result", str(path), "--by-player", "1", "1")  # a pair, not a triple
    assert code == exitcodes.USAGE and "give PLAYER GAME1 GAME2 triples with --by-player" in err
    code, err = _refused(path, "event", "bye", str(path), "3", "--round", "1")
    assert code == exitcodes.USAGE and "round 1 is already paired" in err
    code, err = _refused(path, "event", "pair", str(path))
    assert code == exitcodes.RESULTS_MISSING and "round 2 cannot be paired: 5 game(s) of round 1" in err
    _ok("event", "result", path, "1", "1-0", "*", "2", "=", "=", "3", "=", "=", "4", "=", "=", "5", "=", "=")
    code, err = _refused(path, "event", "pair", str(path))  # game 2 of board 1 still pending
    assert code == exitcodes.RESULTS_MISSING and "1 game(s) of round 1 have no result (1-6)" in err
    code, _, err = cli("event", "new", tmp_path / "big.trf", "--name", "B", "--rounds", "50", "--system",
                       "double-swiss")
    assert code == exitcodes.USAGE and "at most 49" in err and not (tmp_path / "big.trf").exists()


def test_manual_is_judged_by_the_double_swiss_checker(event: Path, tmp_path: Path) -> None:
    """Round 4 given by hand as 9-5 instead of the engine's 5-9: colours against Art. 4.3, the
    checker names the step; without --accept nothing is written (exit 4)."""
    path = tmp_path / "m.trf"
    path.write_bytes((event.parent / "before-4.trf").read_bytes())  # the event before round 4 was paired
    before = path.read_bytes()
    code, out, err = cli("event", "manual", path, "9-5")
    assert code == exitcodes.DISCREPANCY, out + err
    assert "the engine's pairing differs: 5-9 => 9-5" in out
    assert re.search(r"checker: loses on 4\.3\.\d: 9-5: Art\. 4\.3\.\d gives White in game 1 to 5", out), out
    assert path.read_bytes() == before
    code, out, err = cli("event", "manual", path, "9-5", "--accept", "--confirm")
    assert code == 0, out + err
    assert "### MPA @ Round 4: 5-9 => 9-5" in path.read_text(encoding="utf-8")
    code, out, _ = cli("check", path)
    assert "Round 4: PAIRED BY HAND, recorded" in out


def test_late_entry_rounds_and_forbid_take_matches(tmp_path: Path) -> None:
    """A late entry after match 1 misses a whole match (Z in both columns); ``rounds 3`` writes
    ``142 6``; ``forbid --from-round 2`` bans the pair from column 3 (match 2's game 1) on."""
    path = tmp_path / "l.trf"
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    _ok("event", "new", path, "--name", "L", "--rounds", "2", "--system", "double-swiss", "--initial-colour", "white")
    _ok("event", "register", path, "--csv", tmp_path / "players.csv")
    _ok("event", "pair", path)
    out = _ok("event", "register", path, "--name", "Kvam, Kari", "--rating", "1600")
    assert "plays from round 2, round 1 Z Z" in out
    late = next(p for p in _read(path).players if p.name == "Kvam, Kari")
    assert [e.code.value for e in late.rounds] == ["Z", "Z"]  # type: ignore[union-attr]
    assert "number of rounds: 2 => 3 (two-game matches: 142 6)" in _ok("event", "rounds", path, "3", "--confirm")
    assert _read(path).total_rounds == 6
    _ok("event", "forbid", path, "1", "2", "--from-round", "2", "--to-round", "3", "--confirm")
    t = _read(path)
    assert frozenset((1, 2)) in t.forbidden(3) and frozenset((1, 2)) in t.forbidden(6)
    assert frozenset((1, 2)) not in t.forbidden(2)


def _codes(t: trf.Tournament, pid: int) -> list[str]:
    """A player's result codes of match 1 (columns 1 and 2)."""
    return [e.code.value if e is not None and e.code is not None else "" for e in t.player(pid).rounds[:2]]


def test_results_by_player_and_from_a_results_file(tmp_path: Path) -> None:
    """``result --by-player`` and ``result --csv`` for a match round, as for single games: the
    player's own results turned to the board's first-named side, a file's rows all or nothing.
    Round 1 is :data:`ROUND1` (by hand): 1-6, 7-2, 3-8, 9-4, 5-10."""
    path = tmp_path / "p.trf"
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    _ok("event", "new", path, "--name", "P", "--rounds", "2", "--system", "double-swiss", "--initial-colour", "white")
    _ok("event", "register", path, "--csv", tmp_path / "players.csv")
    _ok("event", "pair", path)
    # by player: 6 (second-named on board 1) wins game 1 and draws game 2, so board 1 is 0-1 ½-½;
    # Gran (7, first-named on board 2, by name) scores 0 and 2 scores ½ in game 1 (an unusual
    # result: = with a 299 of -0.5 for 7), 7 wins game 2
    for refused, words in (((["1", "1", "=", "6", "=", "="]), "board 1 given twice"),
                           ((["1", "1", "x"]), "player 1: 'x' is not a game's result"),
                           ((["1", "1½-½", "="]), "'1½-½' is a match score")):
        code, err = _refused(path, "event", "result", str(path), "--by-player", "--", *refused)
        assert code == exitcodes.USAGE and words in err, (refused, err)
    out = _ok("event", "result", path, "--by-player", "6", "1", "=", "Gran, Geir", "0-½", "1")
    assert "1 (Aune, Astrid) - 6 (Foss, Frida) ½-1½ (game 1 0-1, game 2 ½-½)" in out
    assert "7 (Gran, Geir) - 2 (Berg, Bjorn) 1-½ (game 1 0-½, game 2 1-0)" in out
    t = _read(path)
    assert (_codes(t, 1), _codes(t, 6), _codes(t, 7), _codes(t, 2)) == (["0", "="], ["1", "="], ["=", "1"], ["=", "0"])
    # points: 1 0+½, 6 1+½, 7 (½-½ for the 299) + 1, 2 ½+0
    assert {p: t.player(p).points for p in (1, 6, 7, 2)} == {1: Fraction(1, 2), 6: Fraction(3, 2), 7: Fraction(1),
                                                                2: Fraction(1, 2)}
    # a results file: a bad row (one game only: invalid, exit 3) and a board the round lacks; nothing entered
    bad = tmp_path / "bad.csv"
    bad.write_text("board,game1,game2\n3,1-0\n7,=,=\n5,1½-½,=\n", encoding="utf-8")
    before = path.read_bytes()
    code, out, err = cli("event", "result", path, "--csv", bad)
    assert code == exitcodes.INVALID_INPUT and path.read_bytes() == before
    assert f"{bad}:2:1: '3,1-0': expected board,game1,game2 or white,black,game1,game2" in err
    assert f"{bad}:3:1: round 1 has no board 7: expected a board 1-5" in err
    assert (f"{bad}:4:3: '1½-½' is a match score, which does not say how each game ended: expected each game in "
            "its own field, game 1 then game 2, e.g. 3,1-0,½-½") in err
    # board 3 (3-8) by number; 4,9 names board 4 (9-4) the other way round: 4 draws game 1 and
    # loses game 2, i.e. 9's side ½-½ 1-0 (a warning says so); board 5 (5-10) by number
    good = tmp_path / "good.csv"
    good.write_text("board,game1,game2\n3,1-0,1-0\n4,9,=,0-1\n5,=,=\n", encoding="utf-8")
    code, out, err = cli("event", "result", path, "--csv", good)
    assert code == 0, out + err
    assert f"{good}:3: 4-9 is 9-4 in the pairing; the results were read for the players in the order given" in err
    t = _read(path)
    assert (_codes(t, 3), _codes(t, 8), _codes(t, 9), _codes(t, 4), _codes(t, 5), _codes(t, 10)) == (
        ["1", "1"], ["0", "0"], ["=", "1"], ["=", "0"], ["=", "="], ["=", "="])
    assert "pair round 2:" in _ok("event", "pair", path)  # every game of match 1 has its result
