"""The checker's own reading of the Lim System (C.04.4.3, 2026), :mod:`checker.lim`, on rounds
worked by hand from the articles (the derivation beside each case), and on the same rounds
altered: every alteration is flagged, naming the article the procedure departs from.

Ratings are ``2700 - 10 * start rank`` unless given; the initial colour is White for #1."""

from __future__ import annotations

import pytest

from checker.lim import check_round, why_not
from checker.lim.explain import explain_round, float_of
from tests.pairing import swiss_build

pytestmark = pytest.mark.fast

CODE = "092 Individual: Swiss-System (FIDE Lim System)"


def _t(n: int, rounds: list[list[tuple[int, ...]]], total: int = 5, ratings: list[int] | None = None):  # type: ignore[no-untyped-def]
    return swiss_build.parsed(swiss_build.text("Lim case", n, rounds, total, code=CODE, ratings=ratings))


def _first(t, rnd: int, **kw):  # type: ignore[no-untyped-def]
    rep = check_round(t, rnd, **kw)
    return rep, (rep.findings[0] if rep.findings else None)


# Round 1, 7 players (Art. 7.1, 7.2).  #5 is rated lowest (1500), so it has the bye although #7
# has the largest number (7.1: the lowest-RATED player).  The other six: top half 1, 2, 3 against
# bottom half 4, 6, 7 (2.4); #1 has the colour drawn (White), the odd-numbered players of the top
# half (1st and 3rd: #1 and #3) have White, the 2nd (#2) Black: 1-4, 6-2, 3-7.
R1_RATINGS = [2400, 2300, 2200, 2100, 1500, 2000, 1900]
ROUND1 = [(1, 4, "1-0"), (6, 2, "0-1"), (3, 7, "="), (5, "U")]


def test_round_one_is_art_7() -> None:
    rep, first = _first(_t(7, [ROUND1], ratings=R1_RATINGS), 1)
    assert first is None, rep.findings
    assert set(rep.candidate or ()) == {(1, 4), (6, 2), (3, 7)} and rep.candidate_bye == 5


def test_round_one_bye_to_the_lowest_numbered_is_art_7_1() -> None:
    rnd = [(1, 4, "1-0"), (6, 2, "0-1"), (3, 5, "="), (7, "U")]
    _, first = _first(_t(7, [rnd], ratings=R1_RATINGS), 1)
    assert first is not None and first.criterion == "7.1" and "5" in first.message
    # the bye to a player who had one already: C.04.1 Art. 4, by way of Art. 1.1


def test_round_one_colours_are_art_7_2() -> None:
    rnd = [(4, 1, "1-0"), (6, 2, "0-1"), (3, 7, "="), (5, "U")]
    rep, first = _first(_t(7, [rnd], ratings=R1_RATINGS), 1)
    assert [x.criterion for x in rep.findings] == ["7.2"] and rep.findings[0].boards == ((4, 1),)


# Round 2, 8 players.  Round 1: 1-5 1-0, 6-2 0-1, 3-7 1-0, 4-8 1-0.  Scores: 1, 2, 3, 4 have 1; 5, 6,
# 7, 8 have 0; the Median Scoregroup (2.2: half of one round, 0.5) is empty.  Above it, {1, 2, 3, 4}
# downward: #1 is scrutinised first (4.1); its tentative opponent (2.4) is #3.  Both are due Black
# (5.1: each had White), and so is #4, the other player of the bottom half; #2 (due White) is in
# the top half, and an exchange for colours (5.2) does not bring the top half against #1: 1-3.
# Both due Black with the same history: in and above the median the HIGHER-ranked player (#1, the
# smaller pairing number) has the colour due (5.4): 3-1.  Then 2-4 (#2 due White, 5.1).  Below it,
# {5, 6, 7, 8} upward, scrutiny from the largest number: #8 (due White) and the first of the bottom
# half in its order, #6 (due Black): 8-6; then 7-5, both due White with the same history: below the
# median the LOWER-ranked player, #7, has the colour due (5.4): 7-5.  Boards: 3-1, 2-4, 8-6, 7-5.
R1_B = [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (4, 8, "1-0")]
GOOD_B = [(3, 1, "="), (2, 4, "="), (8, 6, "="), (7, 5, "=")]


def test_round_two_tentative_pairing_and_median_aware_colours() -> None:
    rep, first = _first(_t(8, [R1_B, GOOD_B]), 2)
    assert first is None, rep.findings
    assert {(c["white"], c["rule"]) for c in rep.colours} == {(3, "5.4m"), (2, "5.6"), (8, "5.6"), (7, "5.4m")}


def test_round_two_colour_exchange_with_the_top_half_is_flagged() -> None:
    rep, first = _first(_t(8, [R1_B, [(2, 1, "="), (4, 3, "="), (8, 6, "="), (7, 5, "=")]]), 2)
    assert first is not None and first.criterion == "2.4" and first.boards == ((1, 2),)


@pytest.mark.parametrize("board", [(1, 3), (5, 7)])
def test_round_two_median_aware_colour_is_art_5_4(board: tuple[int, int]) -> None:
    boards = [x for x in GOOD_B if {x[0], x[1]} != set(board)] + [(board[0], board[1], "=")]
    rep, first = _first(_t(8, [R1_B, boards]), 2)
    assert [x.criterion for x in rep.findings] == ["5.4m"] and rep.findings[0].article == "5.4"
    assert rep.findings[0].boards == (board,)


def test_round_two_rematch_is_art_2_1() -> None:
    rep, first = _first(_t(8, [R1_B, [(6, 2, "="), (1, 4, "="), (3, 8, "="), (7, 5, "=")]]), 2)
    assert first is not None and first.kind == "absolute" and first.criterion == "2.1" and first.boards == ((6, 2),)


# Round 2, 8 players, an exchange for colours.  Round 1: 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1.  Above
# the (empty) median, {1, 2, 3, 4}: #1 (due Black) and its tentative opponent #3 (due Black); #4, the
# next in the bottom half (4.2), is due White: the exchange gives both their colours (5.2): 4-1,
# then 2-3 (5.1).  Below it, {5, 6, 7, 8} upward: #8 (due Black) and #6 (due Black); #5, the next
# of the bottom half in the upward order, is due White: 5-8 (5.2); then 7-6 (5.1).
R1_E = [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "0-1")]
GOOD_E = [(4, 1, "="), (2, 3, "="), (5, 8, "="), (7, 6, "=")]


def test_round_two_exchange_for_colours() -> None:
    rep, first = _first(_t(8, [R1_E, GOOD_E]), 2)
    assert first is None, rep.findings


@pytest.mark.parametrize("boards,pair", [
    ([(3, 1, "="), (2, 4, "="), (5, 8, "="), (7, 6, "=")], ((1, 3),)),
    ([(4, 1, "="), (2, 3, "="), (8, 6, "="), (7, 5, "=")], ((8, 6),)),
])
def test_round_two_tentative_pair_kept_is_art_5_2(boards: list[tuple[int, int, str]],
                                                  pair: tuple[tuple[int, int]]) -> None:
    rep, first = _first(_t(8, [R1_E, boards]), 2)
    assert first is not None and first.criterion == "5.2" and first.boards == pair


# Round 2, 8 players, floaters.  Round 1: 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 =.  Scores: 1, 2, 3 have 1;
# 4, 8 have 0.5 (the Median Scoregroup); 5, 6, 7 have 0.  Above: {1, 2, 3} is odd: one floats down
# (2.3.4).  All three have a compatible opponent in the next group (type d, 3.9), none floated in
# round 1 (3.10); #1 and #3 are due Black, #2 White: Black is the colour most are due, so the
# floater is one of #1, #3 (3.2.2), the lowest ranked above the median (3.2.4): #3.  Then 2-1 (#2
# due White).  Below: {5, 6, 7} upward: #5 and #7 are due White, #6 Black: the floater is one of
# #5, #7 (3.2.2), the highest ranked below the median (3.2.4): #5; then 7-6 (#7 due White).  The
# median {4, 8} with #3 from above and #5 from below: #3 is paired first (3.6), with the first
# available in order, #4 (due White, #3 due Black, 3.8): 4-3; then 5-8 (#5 due White).
R1_C = [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "=")]
GOOD_C = [(2, 1, "="), (7, 6, "="), (4, 3, "="), (5, 8, "=")]


def test_floaters_and_median() -> None:
    rep, first = _first(_t(8, [R1_C, GOOD_C]), 2)
    assert first is None, rep.findings


def test_floater_by_rank_is_art_3_2_4() -> None:
    rep, first = _first(_t(8, [R1_C, [(2, 3, "="), (7, 6, "="), (4, 1, "="), (5, 8, "=")]]), 2)
    assert first is not None and first.criterion == "3.2.4" and first.better == "3"


def test_floater_by_colour_is_art_3_2_2() -> None:
    rep, first = _first(_t(8, [R1_C, [(3, 1, "="), (7, 6, "="), (2, 4, "="), (5, 8, "=")]]), 2)
    assert first is not None and first.criterion == "3.2.2" and first.better == "3"


def test_why_not_names_the_float() -> None:
    got = why_not(_t(8, [R1_C, GOOD_C]), 2, 1, 3)
    assert got.criterion == "2.3.4" and "3 floats" in got.message


def test_explain_and_float_of() -> None:
    t = _t(8, [R1_C, GOOD_C])
    ex = explain_round(t, 2, {})
    board = next(b for b in ex.boards if {b.white, b.black} == {3, 4})
    assert board.heterogeneous and board.colour_rule == "5.6" and board.colours_agree
    assert float_of(t, 3, 2) == "down" and float_of(t, 4, 2) == "up" and float_of(t, 1, 2) is None


# Round 2, 6 players, cracking (2.6).  Round 1: 1-4 1-0, 5-2 0-1, 3-6 =.  Scores: 1, 2 have 1; 3, 6
# have 0.5 (median); 4, 5 have 0.  Above: 2-1 (#2 due White).  Below: 5-4 upward (#5 scrutinised
# first; #4 due White: 4-5).  The median {3, 6} met in round 1: it cannot be completed.  As many
# floaters came from above as from below (none), so the pairing next to it on the higher side is
# undone (the checker's reading of 2.6) and #1, #2 join the median from above; #1 first (3.6):
# #2 would leave 3 and 6 together (4.4), #3 is due Black like #1 (5.2), #6 is due White: 6-1;
# then 2-3 (#2 due White).  Boards: 6-1, 2-3, 4-5.
R1_D = [(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "=")]


def test_cracking_is_art_2_6() -> None:
    t = _t(6, [R1_D, [(6, 1, "="), (2, 3, "="), (4, 5, "=")]])
    rep, first = _first(t, 2)
    assert first is None, rep.findings
    assert any(b["cracked"] for b in rep.brackets)


def test_keeping_the_cracked_pair_is_flagged() -> None:
    rep, first = _first(_t(6, [R1_D, [(2, 1, "="), (6, 3, "="), (4, 5, "=")]]), 2)
    assert first is not None and first.criterion == "2.1"  # 3-6 met: no pairing keeps 2-1


def test_cracked_median_pairs_in_order() -> None:
    rep, first = _first(_t(6, [R1_D, [(1, 3, "="), (6, 2, "="), (4, 5, "=")]]), 2)
    assert first is not None and first.criterion == "5.2" and first.boards == ((1, 3),)


# ---- through the door and the command line (the file names the system in 092, docs/lim.md L2)

def _file(tmp_path, rounds, n=8):  # type: ignore[no-untyped-def]
    path = tmp_path / "lim.trf"
    path.write_text(swiss_build.text("Lim case", n, rounds, 5, code=CODE), encoding="utf-8")
    return path


def _cli(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from arbiter.cli import app

    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "100", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def test_cli_check_accepts_the_hand_worked_round(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from arbiter import exitcodes

    code, out = _cli("check", str(_file(tmp_path, [R1_C, GOOD_C])), "--no-standings")
    assert code == exitcodes.OK, out
    assert "2 rounds checked, all conform to C.04.4.3 (2026)" in out


def test_cli_check_names_the_article_of_the_departure(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from arbiter import exitcodes

    path = _file(tmp_path, [R1_C, [(2, 3, "="), (7, 6, "="), (4, 1, "="), (5, 8, "=")]])
    code, out = _cli("check", str(path), "--no-standings")
    assert code == exitcodes.DISCREPANCY, out
    assert "C.04.4.3 Art. 3.2.4" in out
    code, out = _cli("check", str(path), "--no-standings", "--json")
    rounds = json.loads(out)["files"][0]["rounds"] if "files" in json.loads(out) else json.loads(out)["rounds"]
    second = next(r for r in rounds if r["round"] == 2)
    assert [(f["criterion"], f["article"]) for f in second["findings"]] == [("3.2.4", "3.2.4")]


def test_cli_why_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    code, out = _cli("check", str(_file(tmp_path, [R1_C, GOOD_C])), "--round", "2", "--why-not", "1-3", "--json")
    got = json.loads(out)
    assert code == 0 and got["criterion"] == "2.3.4" and got["verdict"] == "worse"
    code, out = _cli("check", str(_file(tmp_path, [R1_C, GOOD_C])), "--round", "2", "--why-not", "1-5")
    assert code == 0 and "played each other before" in out and "C.04.4.3 Art. 2.1" in out


def test_a_file_without_the_number_of_rounds_is_judged_as_not_the_last_round() -> None:
    """Art. 6 needs the last round: without ``XXR``/``142`` the checker says how it judged."""
    text = swiss_build.text("Lim case", 8, [R1_C, GOOD_C], 5, code=CODE).replace("XXR 5\n", "")
    rep = check_round(swiss_build.parsed(text), 2)
    assert rep.ok and any("number of rounds" in n for n in rep.notes)
    assert not any("number of rounds" in n for n in check_round(_t(8, [R1_C, GOOD_C]), 2).notes)
