"""``arbiter pair`` names a reading of an open point of C.04.4.2 (docs/burstein.md) when the other
reading pairs the round differently, with that pairing; each case is worked by hand from the
articles.  Shared ground: 3 players, ratings descending with the start rank so TPN = start rank,
``XXC white1``.  With ``XXR 3`` there is one seeding round (Art. 1.6.2: min(3 // 2, 4)) and
round 2 is the Burstein engine's; with ``XXR 5`` two, and round 3 is.  An unplayed round is a game
against oneself with the points registered (Art. 1.7.2.1, B9); the Index ranks by Buchholz, then
Sonneborn-Berger, then the smaller TPN (Art. 1.8, B10)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbiter.cli import app
from pairing.burstein import pair_round
from pairing.burstein.readings import readings
from tests.pairing.burstein_build import Round, text, tournament


def _pair_json(tmp_path: Path, n: int, rounds: list[Round], total: int, extra: str = "") -> dict[str, Any]:
    src = tmp_path / "event.trf"
    src.write_text(text(n, rounds, total, extra=extra))
    res = CliRunner().invoke(app, ["pair", str(src), "--json"])
    assert res.exit_code == 0, res.output
    got: dict[str, Any] = json.loads(res.output)
    return got


def _boards(data: dict[str, Any]) -> list[list[int]]:
    return [[b["white"]["start_rank"], b["black"]["start_rank"]] for b in data["boards"]]


def test_b2_zero_point_byes_of_an_opponent_decide_the_pab(tmp_path: Path) -> None:
    """Round 1: 3-2 drawn, 1 a zero-point bye; round 2: 1 wins by forfeit against 3, 2 a
    zero-point bye.  Scores 1: 1, 2: 1/2, 3: 1/2.  Round 3 (XXR 5), 3 players: a PAB (Art. 3.1).
    1 is barred (forfeit win, 3.1.1/C2); 2 and 3 have the lowest score (3.1.3) and one game
    over the board each (3.1.4, B13), so the lower Index takes it (3.1.5).
    B2 taken (Art. 1.7.2.2): 2's zero-point bye of round 2 reaches the current round, so when
    3 uses 2's score it counts as a draw: 1/2 + 1/2 = 1.  Index of 2: round 1 vs 3 (score 1/2,
    drew), round 2 against himself (1/2, scored 0): BH 1, SB 1/4.  Index of 3: round 1 vs 2
    (seen 1, drew), round 2 against himself (1/2, scored 0): BH 3/2, SB 1/2.  2 is lower: PAB 2;
    1-3: 1 has no colour, 3 had White, so prefers Black: 1 White (5.2.2).
    The other reading (2's score as it stands, 1/2): 3 has BH 1, SB 1/4 like 2; the larger TPN
    is lower (Art. 1.8.2): PAB 3; 1-2: 2 had Black, so White (5.2.2): 2-1.
    B13's situation is here too (a forfeit, a PAB due): counting the forfeit as a game, 3 has
    played two games and 2 one, so 3 has the most (3.1.4): PAB 3, and 2-1 again."""
    rounds: list[Round] = [[(3, 2, "="), (1, "Z")], [(1, 3, "+-"), (2, "Z")]]
    data = _pair_json(tmp_path, 3, rounds, 5)
    assert (_boards(data), data["bye"]["start_rank"]) == ([[1, 3]], 2)
    assert [(r["decision"], r["article"], r["other"]) for r in data["readings"]] == [
        ("B2", "Art. 1.7.2.2", {"boards": [[2, 1]], "bye": 3}), ("B13", "Art. 3.1.4", {"boards": [[2, 1]], "bye": 3})]
    assert data["readings"][0]["page"] == "docs/burstein.md"


def test_b13_a_forfeit_is_no_game_for_the_pab(tmp_path: Path) -> None:
    """Round 1 (XXR 3): 3 wins by forfeit against 1, 2 a zero-point bye.  Scores 1: 0, 2: 0,
    3: 1.  Round 2, a PAB: 3 is barred (forfeit win, 3.1.1/C2); 1 and 2 have the lowest score.
    B13 taken (Art. 3.1.4): a forfeit is no game played, so both have 0 games; the Index (3.1.5):
    both play round 1 against themselves with 0 points: BH 0, SB 0, so the larger TPN is lower:
    PAB 2.  3-1: neither has played a game, 5.2.1: the higher-ranked by Art. 1.8 is 3 (BH 1,
    his own score, against 0), TPN 3 is odd, so 3 gets the initial colour, White: 3-1.
    The other reading (a forfeit is a game): 1 has played one game, 2 none, so 1 has "the
    highest number of games": PAB 1; 3-2 by 5.2.1 as before: 3 White.
    B15 (Art. 5.2) decides the colours of 3-1: "higher ranked" by Art. 1.8 is 3 (the Index); the
    other reading, the smaller TPN, makes it 1, TPN odd, so 1 gets White: 1-3, PAB 2."""
    data = _pair_json(tmp_path, 3, [[(3, 1, "+-"), (2, "Z")]], 3)
    assert (_boards(data), data["bye"]["start_rank"]) == ([[3, 1]], 2)
    assert [(r["decision"], r["other"]) for r in data["readings"]] == [
        ("B13", {"boards": [[3, 2]], "bye": 1}), ("B15", {"boards": [[1, 3]], "bye": 2})]


def test_b8_a_full_point_bye_bars_the_pab(tmp_path: Path) -> None:
    """Round 1: 3 a full-point bye, 1 and 2 zero-point byes; round 2: 2 beats 3, 1 a zero-point
    bye.  Scores 1: 0, 2: 1, 3: 1.  Round 3 (XXR 5), a PAB: 1 has the lowest score but without
    him 2-3 is a rematch (3.1.2, C1/C4).  Between 2 and 3 (score 1):
    B8 taken (C2 with 3.1.1): 3's full-point bye bars him: PAB 2; 3-1: 3 had Black, prefers
    White, 1 has no colour (5.2.2): 3-1.
    The other reading (3.1.1's "(forfeit) win" alone): 2 and 3 have one game each (3.1.4); Index
    2: round 1 against himself (1, scored 0), round 2 vs 3 (1, won): BH 2, SB 1; 3: round 1
    against himself (1, scored 1), round 2 vs 2 (1, lost): BH 2, SB 1; equal, so the larger TPN:
    PAB 3; 1-2: 2 had White, prefers Black: 1-2."""
    rounds: list[Round] = [[(3, "F"), (1, "Z"), (2, "Z")], [(2, 3, "1-0"), (1, "Z")]]
    data = _pair_json(tmp_path, 3, rounds, 5)
    assert (_boards(data), data["bye"]["start_rank"]) == ([[3, 1]], 2)
    assert [(r["decision"], r["other"]) for r in data["readings"]] == [("B8", {"boards": [[1, 2]], "bye": 3})]


def test_b6_boards_by_the_pairing_score(tmp_path: Path) -> None:
    """4 players, XXR 3; round 1: 2-3 and 4-1 drawn (all on 1/2); XXA gives 4 one virtual point
    in round 2 (C.04.7), so 4's pairing score is 3/2 (B5) and he floats into the 1/2 bracket
    {1, 2, 3, 4} (4 met 1, 2 met 3).  C8: 4-2 and 1-3 miss two preferences (2 and 4 had White,
    1 and 3 Black), 4-3 and 1-2 none: 3-4, 1-2 (5.2.2).  The Index (real points, Art. 1.7.2.3)
    is 1/2, 1/4 for everyone, so TPN ranks.
    B6 taken (C.04.2 Art. 3.6 on pairing scores, C.04.7 Art. 1.5): 3-4 has the higher score,
    3/2, so board 1.  The other reading (real scores): both boards 1/2 + 1/2, so the smaller TPN
    of the higher-ranked player: 1 before 3: 1-2, 3-4."""
    data = _pair_json(tmp_path, 4, [[(2, 3, "="), (4, 1, "=")]], 3, extra="XXA    4  0.0  1.0")
    assert (_boards(data), data["bye"]) == ([[3, 4], [1, 2]], None)
    assert [(r["decision"], r["other"]) for r in data["readings"]] == [("B6", {"boards": [[1, 2], [3, 4]], "bye": None})]


def test_the_table_names_each_reading(tmp_path: Path) -> None:
    """The human output of the B13 case above: a line per reading, with the other pairing."""
    src = tmp_path / "event.trf"
    src.write_text(text(3, [[(3, 1, "+-"), (2, "Z")]], 3))
    res = CliRunner().invoke(app, ["pair", str(src)])
    assert res.exit_code == 0, res.output
    flat = " ".join(res.output.split())
    assert "Reading B13 (docs/burstein.md, Art. 3.1.4): " in flat
    assert "the other reading pairs 3-2, bye 1." in flat
    assert "Reading B15 (docs/burstein.md, Art. 5.2): " in flat
    assert "the other reading pairs 1-3, bye 2." in flat


def test_the_situations_present_the_pairing_the_same(tmp_path: Path) -> None:
    """Round 1 (XXR 3): 3 wins by forfeit against 1, 2 a half-point bye.  Scores 1: 0, 2: 1/2,
    3: 1.  B13's situation (a forfeit, a PAB due) is there, but 1 alone has the lowest score
    (3.1.3) whether or not the forfeit is a game: PAB 1 in both readings.  B15's too: the Index
    orders 3 (BH 1), 2 (BH 1/2), 1 against the TPN's 1, 2, 3; 3-2 by 5.2.1: by the Index 3 is
    higher, TPN odd: 3 White; by TPN 2 is higher, TPN even: 2 gets Black: 3 White again.
    Nothing is named."""
    rounds: list[Round] = [[(3, 1, "+-"), (2, "H")]]
    data = _pair_json(tmp_path, 3, rounds, 3)
    assert (_boards(data), data["bye"]["start_rank"]) == ([[3, 2]], 1)
    assert data["readings"] == []


def test_a_seeding_round_has_no_reading(tmp_path: Path) -> None:
    """Round 2 of XXR 5 is a seeding round (Art. 1.6.2: 2 of them), paired by the Dutch system:
    no Burstein reading applies, even with B13's situation (a forfeit, 3 players)."""
    data = _pair_json(tmp_path, 3, [[(3, 1, "+-"), (2, "Z")]], 5)
    assert data["round"] == 2
    assert data["readings"] == []
    t = tournament(3, [[(3, 1, "+-"), (2, "Z")]], 5)
    assert readings(t, 2, pair_round(tournament(3, [[(3, 1, "+-"), (2, "Z")]], 3), 2)) == ()
