"""C.07 tie-breaks of a Double-Swiss event (C.04.5) over its matches, in game points
(tiebreaks/matchview.py; decisions D15-D20 of docs/double-swiss.md), each value worked by hand
below from the articles.

The event (five players, two matches, ``142 4``, no start date: the 2026 rules):

* match 1: 1-2 (1 wins game 1, game 2 drawn: 1½-½); 3-4 (4 forfeits game 1, wins game 2: 1-1, a
  partly forfeited match, played by the Preface); PAB 5 (``U H``: 1½).
* match 2: 1-5 (two draws: 1-1); 3-2 (2 forfeits both games: a forfeited match, 3 2-0); PAB 4.

Scores (game points): 1: 1½+1 = 2½; 2: ½+0 = ½; 3: 1+2 = 3; 4: 1+1½ = 2½; 5: 1½+1 = 2½.

Art. 16.2 categories per match: 2's match 2 a forfeit loss (.4, a VUR); 3's match 2 a forfeit win
(.2); the PABs (.1).  No .5 rounds, so the scores the opponents see (16.3) are the raw ones.
A match's draw is two drawn games, 1 point (D15): the 16.4.2 cap is 1 x 2 matches = 2.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import trf
from tests.pairing.double_swiss_cases import build
from tiebreaks.codes import parse_list
from tiebreaks.direct import direct_encounter
from tiebreaks.matchview import match_direct_encounter, match_view
from tiebreaks.rankcheck import check_ranks
from tiebreaks.standings import standings
from trf.model import Tournament

pytestmark = pytest.mark.fast


def event() -> Tournament:
    return build(5, [[(1, 2, "1", "="), (3, 4, "+", "0"), ("U", 5)],
                     [(1, 5, "=", "="), (3, 2, "+", "+"), ("U", 4)]], total=2)


def values(codes: str) -> dict[int, list[F]]:
    s = standings(event(), parse_list(codes))
    return {r.pid: [F(v) for v in r.values] for r in s.rows}  # type: ignore[arg-type]


def test_scores_are_game_points() -> None:
    s = standings(event(), parse_list("BH"))
    assert {r.pid: r.points for r in s.rows} == {1: F(5, 2), 2: F(1, 2), 3: F(3), 4: F(5, 2), 5: F(5, 2)}
    assert s.rounds == 2  # matches, not the four columns


def test_d15_buchholz_counts_each_opponent_once_per_match() -> None:
    # BH (art. 8.1) over matches:
    # 1: 2 (½) + 5 (2½) = 3                      (per column it would be ½+½+2½+2½ = 6)
    # 2: 1 (2½) + match 2 forfeited by 2: 16.4.1 min(own ½, 3's 3) = ½  -> 3
    # 3: 4 (2½: the partly forfeited match is played, D16) + forfeit win: min(own 3, 2's ½) = ½ -> 3
    # 4: 3 (3) + PAB: 16.4.2 min(own 2½, cap 2) = 2 -> 5
    # 5: PAB min(2½, 2) = 2 + 1 (2½) -> 4½
    got = values("BH")
    assert {p: v[0] for p, v in got.items()} == {1: 3, 2: 3, 3: 3, 4: 5, 5: F(9, 2)}


def test_d17_d18_unplayed_matches_and_the_cut() -> None:
    # BH/C1: the lowest value goes, a VUR first when not lower (16.5): 2 loses its forfeit
    # loss's ½ (a VUR) -> 2½; 1 loses ½ -> 2½; 3 loses the forfeit win's ½ -> 2½; 4 the PAB's 2
    # -> 3; 5 the PAB's 2 -> 2½.
    got = values("BH/C1")
    assert {p: v[0] for p, v in got.items()} == {1: F(5, 2), 2: F(5, 2), 3: F(5, 2), 4: 3, 5: F(5, 2)}


def test_sonneborn_berger_and_progressive_over_matches() -> None:
    # SB (art. 9.1 as opponent's score x points scored against them, per match):
    # 1: 2's ½ x 1½ + 5's 2½ x 1 = 3¼; 3: 4's 2½ x 1 + forfeit win's dummy ½ x 2 = 3½;
    # 4: 3's 3 x 1 + PAB dummy 2 x 1½ = 6.  PS (art. 7.5, after each match): 1: 1½ + 2½ = 4;
    # 4: 1 + 2½ = 3½; 2: ½ + ½ = 1.
    got = values("SB,PS")
    assert (got[1], got[3][0], got[4], got[2][1]) == ([F(13, 4), 4], F(7, 2), [6, F(7, 2)], 1)


def test_d19_counts_of_games() -> None:
    # WIN (art. 7.1, a win's points with or without playing, per game): 1: game 1 of match 1 -> 1;
    # 2: 0; 3: game 1 by forfeit, both games of match 2 by forfeit -> 3; 4: game 2 of match 1 and
    # the PAB's U (a won game, Art. 1.4) -> 2; 5: the PAB's U -> 1.
    # WON (7.2, over the board): 3's game 1 won by forfeit counts, its match being played (D16) -> 1;
    # its forfeit wins of match 2 do not.  4: game 2 -> 1.
    # BPG (7.3): 4 had Black in game 1 (forfeited, counted as played, D16) -> 1; 1: Black in game 2
    # of both matches -> 2; 2: Black in game 1 of match 1 (match 2 forfeited) -> 1.
    got = values("WIN,WON,BPG")
    assert {p: v for p, v in got.items()} == {1: [1, 1, 2], 2: [0, 0, 1], 3: [3, 1, 1], 4: [2, 1, 1], 5: [1, 0, 1]}


def test_rep_counts_matches_elected_to_play() -> None:
    # REP (art. 7.6): 2 forfeited match 2 -> 1; everybody else 2 (a PAB counts).
    got = values("REP")
    assert {p: v[0] for p, v in got.items()} == {1: 2, 2: 1, 3: 2, 4: 2, 5: 2}


def fore_buchholz_ranking() -> str:
    """FB (art. 8.3: Buchholz as if the final round's games had been drawn, byes keeping their
    points), the final round being match 2 (a drawn match: 1 point, D15).  Fore scores: 1: 1½+1 =
    2½; 2: ½+1 = 1½ (its forfeited match a drawn one); 3: 1+1 = 2; 4: 1+1½ (the PAB kept) = 2½;
    5: 1½+1 = 2½.  FB: 5: PAB dummy min(2½, 2) + 1's 2½ = 4½; 1: 2's 1½ + 5's 2½ = 4; 4: 3's 2 +
    PAB dummy 2 = 4.  Tied on 2½ (1, 4, 5): 5 first, then 1 and 4 share the place.  (Per column
    4 and 5 would share the first place with 9 and 1 follow with 7.)"""
    return "FB"


def test_ranking_with_the_match_fore_buchholz() -> None:
    s = standings(event(), parse_list(fore_buchholz_ranking()))
    assert [(r.pid, r.place, r.values[0]) for r in s.rows] == [
        (3, "1", 4), (5, "2", F(9, 2)), (1, "3-4", 4), (4, "3-4", 4), (2, "5", F(9, 2))]


def test_d16_direct_encounter_counts_a_partly_forfeited_match() -> None:
    # 1-2: 1 wins game 1 by forfeit, 2 wins game 2: the match is 1-1 and played (Preface).  Art. 6
    # over matches: each scored 1 against the other -> not separated.  Per column, the forfeited
    # game is left out (6.1.1) and 2 would be first with its game-2 win.
    t = build(4, [[(1, 2, "+", "0"), (3, 4, "=", "=")]], total=1)
    assert match_direct_encounter(match_view(t), [1, 2]) == [[1, 2]]
    assert direct_encounter(t, [1, 2], 2) == [[2], [1]]
    # a match won 1½-½ separates (1 scored 1½ of the 2 the match has)
    t = build(4, [[(1, 2, "1", "="), (3, 4, "=", "=")]], total=1)
    assert match_direct_encounter(match_view(t), [2, 1]) == [[1], [2]]


def test_each_player_forfeits_one_game_is_a_played_match() -> None:
    # 1 wins game 1 by forfeit, 2 wins game 2 by forfeit: nobody forfeited both games (Preface):
    # a played match, BH counts the opponent (1), not a dummy.  1: 2's 1 -> BH 1.
    t = build(4, [[(1, 2, "+", "-"), (3, 4, "=", "=")]], total=1)
    view = match_view(t)
    assert view.matches.rec(1, 1).kind == "game" and view.matches.rec(1, 1).played
    assert standings(t, parse_list("BH")).rows[0].values[0] == 1


def test_check_reads_the_ranks_by_the_match_tiebreaks() -> None:
    # the file's ranks as the match Fore Buchholz orders them (3, 5, then 1 and 4 sharing, 2) and
    # 202 FB: no difference (per column 4 would have to stand above 1)
    text = trf.dumps(event())
    ranks = {3: 1, 5: 2, 1: 3, 4: 4, 2: 5}
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            pid = int(line[4:8])
            line = line[:85] + f"{ranks[pid]:4d}" + line[89:]
        lines.append(line)
    lines.insert(1, "202 " + fore_buchholz_ranking())
    t = trf.parse_text("\n".join(lines) + "\n").tournament
    got = check_ranks(t)
    assert got.checked and got.differences == ()


def test_standings_command_counts_matches(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from arbiter import exitcodes
    from arbiter.cli import app

    f = tmp_path / "ds.trf"
    f.write_text(trf.dumps(event()))
    got = CliRunner().invoke(app, ["standings", str(f), "--tiebreaks", "BH", "--json"])
    assert got.exit_code == exitcodes.OK, got.output
    import json

    data = json.loads(got.stdout)
    assert data["rounds"] == 2  # two matches (four columns)
    got = CliRunner().invoke(app, ["standings", str(f), "--after-round", "3"])
    assert got.exit_code == exitcodes.USAGE and "matches 1-2" in got.output
    # after match 1: 4 on 1 point, its BH 3's 1 (the partly forfeited match is played, D16)
    got = CliRunner().invoke(app, ["standings", str(f), "--after-round", "1", "--tiebreaks", "BH", "--json"])
    row = next(r for r in json.loads(got.stdout)["standings"] if r["start_rank"] == 4)
    assert (row["points"], row["tiebreaks"]) == ("1.0", {"BH": "1.0"})
    got = CliRunner().invoke(app, ["standings", str(f)], env={"COLUMNS": "120"})
    assert "after match 2 (C.07" in got.stdout
