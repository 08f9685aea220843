"""``arbiter pair`` names the reading of an open point of C.04.5 (``docs/double-swiss.md``, the
decisions table) when the other reading pairs the match round differently, with that other
pairing (:func:`pairing.double_swiss.readings`); a round where the point arises but both readings
pair alike names nothing.  Each round is worked by hand from the articles beside it."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from pairing.double_swiss import pair_match_round, readings
from pairing.double_swiss.brackets import pair_cost
from pairing.double_swiss.colours import allocate
from pairing.double_swiss.state import PlayerState, RoundSettings, Switches, player_states
from tests.pairing.double_swiss_cases import build
from trf.codes import Colour
from trf.model import Tournament

pytestmark = pytest.mark.fast


def _pair_json(tmp_path: Path, t: Tournament) -> dict[str, object]:
    f = tmp_path / "ds.trf"
    f.write_text(trf.dumps(t))
    result = CliRunner().invoke(app, ["pair", str(f), "--json"], env={"COLUMNS": "120", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == exitcodes.OK, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def _boards(data: dict[str, object]) -> list[tuple[int, int]]:
    boards = data["boards"]
    assert isinstance(boards, list)
    return [(b["white"]["start_rank"], b["black"]["start_rank"]) for b in boards]


def _d6_round() -> Tournament:
    """Match 1: 2 forfeits both games against 1 (``+ +`` / ``- -``), 3 is absent (``Z Z``).
    Match 2 pairs all three."""
    return build(3, [[(1, 2, "+", "+")]])


def test_d6_the_pab_by_matches_played_names_the_reading(tmp_path: Path) -> None:
    # Match 2, three players: a PAB (Art. 3.4).  C2 (Art. 2.1.2): 1 won match 1 by forfeit -> barred.
    # 2 and 3 have 0 points (3.4.2 ties).  3.4.3, the most matches played: a match forfeited on both
    # games is not played (Preface; D6), so 0 and 0 -> 3.4.4 the largest TPN: 3.  1-2 is legal (the
    # forfeited match is no meeting, C1).  Colours: neither has a game played -> 4.3.1: the HRP 1
    # (2 points), odd TPN, initial-colour W -> 1 White: 1-2, PAB 3.
    # The other reading (every paired match played): 2 played 1 match, 3 none -> PAB 2; 1-3 by
    # 4.3.1 again -> 1 White: 1-3, PAB 2.
    data = _pair_json(tmp_path, _d6_round())
    assert _boards(data) == [(1, 2)]
    bye = data["bye"]
    assert isinstance(bye, dict) and bye["start_rank"] == 3
    assert data["readings"] == [{"decision": "D6", "page": "docs/double-swiss.md", "article": "Art. 3.4.3",
                                 "taken": "a match forfeited on both games is not a match played",
                                 "other": {"boards": [[1, 3]], "bye": 2}}]


def test_d6_the_table_names_the_reading(tmp_path: Path) -> None:
    f = tmp_path / "ds.trf"
    f.write_text(trf.dumps(_d6_round()))
    result = CliRunner().invoke(app, ["pair", str(f)], env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert result.exit_code == exitcodes.OK
    assert ("Reading D6 (docs/double-swiss.md, Art. 3.4.3): a match forfeited on both games is not a match "
            "played; the other reading pairs 1-3, bye 2.") in " ".join(result.stdout.split())


def _d21_round() -> Tournament:
    """Match 1: 3-1 ½-½ twice (1 Black), 2-6 (2 White, wins both), 4-5 draws.  Match 2: 1-4 (1
    White, wins both), 6-3 draws, 2 a half-point bye (``H H``), 5 absent.  Match 3: 5-1 (1 Black,
    wins both), 3-2 (2 Black, wins both), 4-6 draws."""
    return build(6, [[(3, 1, "=", "="), (2, 6, "1", "1"), (4, 5, "=", "=")],
                     [(1, 4, "1", "1"), (6, 3, "=", "="), ("H", 2)],
                     [(5, 1, "0", "0"), (3, 2, "0", "0"), (4, 6, "=", "=")]])


def test_d21_colours_going_back_from_each_players_latest_match(tmp_path: Path) -> None:
    # Scores before match 4: 1: 1+2+2 = 5, 2: 2+1+2 = 5, 3: 1+1+0 = 2, 4: 1+0+1 = 2, 6: 0+1+1 = 2,
    # 5: 1+0+0 = 1.  Top-scoregroup {1, 2}: not met -> 1-2.  Next {3, 4, 6} (odd, one upfloater:
    # 5, the only lower player): 6 met 3 and 4, so 6-5 and 3-4.
    # Colours (Art. 4.3).  1-2: HRP 1 [B W B], 2 [W B] (the bye has no colour): one White each
    # (4.3.2 does not decide).  4.3.3 going back from each one's latest match (D21): B-B, W-W, then 2
    # has no more -> 4.3.4: 1 had Black last -> 1 White.  The other reading (k-th matches, from the
    # latest both have): 1's second W against 2's second B differ -> 1 alternates its W: 2 White.
    # (D10 agrees here: colour differences -1 and 0 also give 1 White.)
    # 3-4: HRP 3 [W B W], 4 [W B W]: equal -> 4.3.4: 3 had White -> 4 White.  6-5: HRP 6 [B W B],
    # 5 [B W]: one White each; going back B-W differ -> 6 alternates its B: 6 White; read by k-th
    # match: W-W, B-B -> 4.3.4, 6's last B -> 6 White: the same.
    # Board order (C.04.2 Art. 3.6): 1-2 (5 points), 4-3 (HRP 3, sum 4), 6-5 (HRP 6, sum 3).
    data = _pair_json(tmp_path, _d21_round())
    assert _boards(data) == [(1, 2), (4, 3), (6, 5)]
    assert data["readings"] == [{"decision": "D21", "page": "docs/double-swiss.md", "article": "Art. 4.3.3",
                                 "taken": "the colours are compared going back from each player's latest match",
                                 "other": {"boards": [[2, 1], [4, 3], [6, 5]], "bye": None}}]


def test_d11_a_game_won_by_forfeit_does_not_bar_the_pab(tmp_path: Path) -> None:
    # Match 1: 5-4, 5 wins game 1 by forfeit and loses game 2 over the board; 1-2 two draws; 3 a
    # half-point bye (H H).  Everyone has 1 point.  Match 2, five players: a PAB (Art. 3.4).  C2
    # (Art. 2.1.2): 5 won a game, not the match, by forfeit -> not barred (D11).  3.4.2: all tie;
    # 3.4.3: 1, 2, 4, 5 played a match, 3 none (a bye) -> 3.4.4 the largest TPN: 5.  The rest
    # {1, 2, 3, 4}, one scoregroup: 1-2 met -> the first identifier 1-3, 2-4.  Colours: 1-3: HRP 1
    # [W], 3 none -> 4.3.2: 3 fewer Whites -> 3 White; 2-4: [B] and [B] -> 4.3.4: 2 had Black -> 2
    # White.  Boards (both 1 point, sums 2): HRP 1 first: 3-1, 2-4, PAB 5.
    # The other reading (one game won by forfeit bars the PAB): 5 barred -> PAB 4; 1-3, 2-5; 2-5:
    # 2 [B] and 5 [W] -> 4.3.2: 2 White: 3-1, 2-5, PAB 4.
    data = _pair_json(tmp_path, build(5, [[(5, 4, "+", "0"), (1, 2, "=", "="), ("H", 3)]]))
    assert _boards(data) == [(3, 1), (2, 4)]
    bye = data["bye"]
    assert isinstance(bye, dict) and bye["start_rank"] == 5
    assert data["readings"] == [{"decision": "D11", "page": "docs/double-swiss.md", "article": "Art. 2.1.2",
                                 "taken": "only a match won by forfeit (both games) bars the PAB",
                                 "other": {"boards": [[3, 1], [2, 5]], "bye": 4}}]


def test_a_reading_that_pairs_alike_is_not_named(tmp_path: Path) -> None:
    # Match 1: 2 forfeits both games against 1; 3-4 with 3 winning both; 5 absent.  Match 2, five
    # players: a PAB.  The D6 situation is present (a match forfeited on both games, a PAB to give),
    # but both readings give it to 4: 1 and 3 have 2 points; 2, 4, 5 have 0 (3.4.2).  Taken: matches
    # played 2: 0, 4: 1, 5: 0 -> 4 (3.4.3).  Other: 2: 1, 4: 1, 5: 0 -> 2 and 4, the larger TPN 4
    # (3.4.4).  1-3 (top), 5-2 (4.3.1: 2 and 5 have no colour; HRP 2 even -> the other colour, 5
    # White).  Nothing differs, so nothing is named.
    t = build(5, [[(1, 2, "+", "+"), (3, 4, "1", "1")]])
    data = _pair_json(tmp_path, t)
    assert _boards(data) == [(1, 3), (5, 2)]
    bye = data["bye"]
    assert isinstance(bye, dict) and bye["start_rank"] == 4
    assert data["readings"] == []


def test_readings_of_the_engine_alone() -> None:
    # the same rounds through the engine's function: the D6 round names D6 only, a round 1 nothing
    t = _d6_round()
    got = readings(t, 2, pair_match_round(t, 2).pairing)
    assert [(r.decision, r.other_boards, r.other_bye) for r in got] == [("D6", ((1, 3),), 2)]
    fresh = build(4, [])
    assert readings(fresh, 1, pair_match_round(fresh, 1).pairing) == ()


# ---- the other readings, one switch at a time (the decisions taken: tests/pairing/test_double_swiss.py)

def _p(tpn: int, score: str, colours: str, floated: bool = False) -> PlayerState:
    cs = tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in colours)
    return PlayerState(tpn, Fraction(score), cs, len(cs), frozenset(), False, floated)


def test_d3_other_reading_counts_residents_only() -> None:
    # two upfloaters (1 point, bracket of 2) paired together, both floated before: the decision
    # counts each one's opponent (2); counting residents only, neither counts
    a, b = _p(3, "1", "W", floated=True), _p(4, "1", "B", floated=True)
    assert pair_cost(a, b, Fraction(2), RoundSettings(3, 5), Switches(d3=True)) == 0
    r = _p(1, "2", "W", floated=True)
    assert pair_cost(a, r, Fraction(2), RoundSettings(3, 5), Switches(d3=True)) == 1


def test_d10_other_reading_compares_colour_differences() -> None:
    # HRP 1 [W B] (difference 0) and 2 [B B W] (difference -1): 2 has the lower difference -> 2
    # White by 4.3.2 (the decision: one White each, 4.3.3 gives 1 White)
    got = allocate(_p(1, "3", "WB"), _p(2, "2", "BBW"), Colour.WHITE, Switches(d10=True))
    assert (got.white, got.black, got.step) == (2, 1, "4.3.2")


def test_d21_other_reading_compares_kth_matches() -> None:
    # HRP 1 [B W B], 2 [W B]: the second matches W and B differ -> 1 alternates W: Black
    got = allocate(_p(1, "3", "BWB"), _p(2, "2", "WB"), Colour.WHITE, Switches(d21=True))
    assert (got.white, got.black, got.step) == (2, 1, "4.3.3")


def test_d11_other_reading_one_game_won_by_forfeit_bars_the_pab() -> None:
    # match 1: 1 wins game 1 by forfeit, game 2 over the board: no match won by forfeit (D11)
    t = build(4, [[(1, 2, "+", "1"), (3, 4, "1", "1")]])
    assert player_states(t, RoundSettings(2, 5))[1].pab_barred is False
    assert player_states(t, RoundSettings(2, 5), Switches(d11=True))[1].pab_barred is True


def test_d12_other_reading_floats_from_the_last_match_played() -> None:
    # match 1: 1 beats 2 twice, 3-4 drawn; match 2: 1 (2 points) - 3 (1 point): both floated;
    # match 3: 1 absent.  Match 4: by the previous match round 1 did not float (D12); by its last
    # match played it did
    t = build(4, [[(1, 2, "1", "1"), (3, 4, "=", "=")], [(1, 3, "=", "="), (2, 4, "=", "=")],
                  [(2, 3, "=", "=")]])
    assert player_states(t, RoundSettings(4, 5))[1].floated is False
    assert player_states(t, RoundSettings(4, 5), Switches(d12=True))[1].floated is True


def test_d9_other_reading_the_pab_floats() -> None:
    t = build(3, [[(1, 2, "1", "1"), ("U", 3)]])
    assert player_states(t, RoundSettings(2, 5))[3].floated is False
    assert player_states(t, RoundSettings(2, 5), Switches(d9=True))[3].floated is True
