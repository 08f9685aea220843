"""The Double-Swiss engine (C.04.5, 2026) against hand-worked rounds, the two-column match layout
of a TRF file (:mod:`trf.matches`) and the readings ``docs/double-swiss.md`` decides."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import systems
import trf
from pairing.double_swiss import NoLegalPairing, pair_match_round
from pairing.double_swiss.brackets import pair_cost
from pairing.double_swiss.colours import allocate
from pairing.double_swiss.state import PlayerState, RoundSettings
from pairing.result import PairingInputError
from systems.base import NotOffered, PairRequest
from tests.pairing.double_swiss_cases import build
from tests.pairing.double_swiss_handworked import CASES, Case
from trf.codes import Colour
from trf.matches import layout_problems, player_matches

CORPUS = Path("/work/shared/corpus/double-swiss")


@pytest.mark.parametrize("c", CASES, ids=[c.name for c in CASES])
def test_hand_worked(c: Case) -> None:
    got = pair_match_round(c.make(), c.round).pairing
    assert (got.boards, got.bye) == (c.boards, c.bye)


def test_enough_hand_worked_cases() -> None:
    assert len(CASES) >= 25


# ---- the file layout (docs/double-swiss.md, "How a match is written")

def _text(t: trf.Tournament) -> str:
    return trf.dumps(t)


@pytest.mark.parametrize("c", CASES[:8], ids=[c.name for c in CASES[:8]])
def test_round_trip_byte_stable(c: Case) -> None:
    text = _text(c.make())
    again = trf.parse_text(text).tournament
    assert trf.dumps(again) == text


@pytest.mark.skipif(not CORPUS.exists(), reason="shared corpus absent")
def test_corpus_files_round_trip() -> None:
    files = sorted(CORPUS.glob("*/r*.trf"))
    assert files
    for f in files:
        data = f.read_bytes()
        got = trf.parse_bytes(data)
        assert trf.dumps(got.tournament).encode() == data, f


def test_matches_fold_two_columns() -> None:
    t = build(5, [[(1, 5, "+", "+"), (2, 4, "+", "0"), ("U", 3)]])
    m1 = player_matches(t, 1)[0]
    assert (m1.kind, m1.opponent, m1.colour, m1.points) == ("match", 5, Colour.WHITE, Fraction(2))
    assert m1.won_by_forfeit and m1.forfeited and not m1.meeting          # Preface: no meeting
    m2 = player_matches(t, 2)[0]
    assert m2.meeting and not m2.forfeited and m2.had_colour               # one game played
    m3 = player_matches(t, 3)[0]
    assert (m3.kind, m3.points) == ("pab", Fraction(3, 2))                 # Art. 1.4: a win and a draw
    assert layout_problems(t) == []


def test_layout_problems_name_line_and_column() -> None:
    t = build(4, [[(1, 2, "1", "1"), (3, 4, "1", "1")]])
    text = _text(t).replace("   2 b 1", "   3 b 1", 1)  # game 2 of player 1 against another opponent
    bad = trf.parse_text(text).tournament
    problems = layout_problems(bad)
    assert problems and problems[0].player == 1 and problems[0].match == 1
    assert problems[0].column == 102 and "opponent of game 1" in problems[0].expected


# ---- refusals

def test_no_legal_pairing() -> None:
    # Art. 3.3.3: four players who all met (R1 1-2 3-4, R2 1-3 2-4, R3 1-4 2-3): no round 4.
    t = build(4, [[(1, 2, "=", "="), (3, 4, "=", "=")], [(1, 3, "=", "="), (2, 4, "=", "=")],
                  [(1, 4, "=", "="), (2, 3, "=", "=")]])
    with pytest.raises(NoLegalPairing):
        pair_match_round(t, 4)


def test_number_of_rounds_required() -> None:
    text = _text(build(4, [])).replace("142 10\n", "")
    with pytest.raises(PairingInputError) as e:
        pair_match_round(trf.parse_text(text).tournament, 1)
    assert e.value.missing == "total-rounds"


# ---- the system behind the door

def test_selected_by_192() -> None:
    t = build(4, [])
    sel = systems.select(t)
    assert sel.system.name == "double-swiss" and sel.source == "192 FIDE_DOUBLESWISS"


def test_next_round_through_the_door() -> None:
    c = CASES[4]  # the digest's example, round 2
    got = systems.next_round(c.make())
    assert (got.round, got.pairing.boards, got.pairing.bye) == (2, c.boards, c.bye)


def test_baku_refused() -> None:
    text = _text(build(4, [])).replace("FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU")
    with pytest.raises(NotOffered):
        systems.next_round(trf.parse_text(text).tournament)


def test_repairs_a_round_the_file_holds() -> None:
    c = CASES[4]
    t = build(7, [[(1, 4, "1", "="), (5, 2, "=", "="), (3, 6, "0", "="), ("U", 7)],
                  [(6, 1, "=", "="), (2, 7, "=", "="), (3, 5, "=", "="), ("U", 4)]])
    got = systems.next_round(t, request=PairRequest(round=2))
    assert got.cut and (got.pairing.boards, got.pairing.bye) == (c.boards, c.bye)


# ---- readings decided in docs/double-swiss.md

def _p(tpn: int, score: str, colours: str, floated: bool = False) -> PlayerState:
    cs = tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in colours)
    return PlayerState(tpn, Fraction(score), cs, len(cs), frozenset(), False, floated)


def test_d3_c8_counts_an_upfloater_meeting_an_upfloater() -> None:
    # two upfloaters paired together: each one's opponent is an upfloater's opponent (Art. 2.3.5)
    a, b = _p(3, "1", "W", floated=True), _p(4, "1", "B", floated=True)
    assert pair_cost(a, b, Fraction(2), RoundSettings(3, 5)) == 2
    assert pair_cost(a, b, Fraction(2), RoundSettings(5, 5)) == 0      # last round: no C8


def test_d10_whites_counted_not_colour_difference() -> None:
    # 4.3.2 "fewer Whites": HRP 1 [W B] and 2 [B B W] had one White each -> 4.3.2 does not decide;
    # 4.3.3: the latest matches, 1 Black and 2 White, differ -> 1 White.  (By colour difference,
    # 0 against -1, 2 would have White by 4.3.2.)
    h, o = _p(1, "3", "WB"), _p(2, "2", "BBW")
    got = allocate(h, o, Colour.WHITE)
    assert (got.white, got.black, got.step) == (1, 2, "4.3.3")


def test_d21_latest_colours_compared_from_each_players_last_match() -> None:
    # 4.3.3 with histories of different lengths (player 2 missed a match): HRP 1 [B W B] and 2
    # [W B] had one White each (4.3.2 does not decide).  Going back from each one's latest match
    # (C.04.2 Art. 3.4: the rounds without a colour are moved to the front): B-B, W-W, then 2 has
    # no more -> no match with different colours; 4.3.4: HRP 1 had Black last -> 1 White.  Read
    # by match index from the first (the second implementation's reading) the second matches, W
    # and B, would differ and 1 would get Black.  The checker reads it alike.
    from checker.double_swiss.check import colour_of
    from checker.double_swiss.state import Facts, RoundState

    h, o = _p(1, "3", "BWB"), _p(2, "2", "WB")
    got = allocate(h, o, Colour.WHITE)
    assert (got.white, got.black, got.step) == (1, 2, "4.3.4")
    facts = {p.tpn: Facts(p.tpn, p.score, p.colours, p.played, frozenset(), False, False) for p in (h, o)}
    assert colour_of(RoundState(4, 5, Colour.WHITE, facts, frozenset()), 2, 1) == (1, 2, "4.3.4")


def test_d6_forfeited_match_not_played() -> None:
    # Preface: a match forfeited on both games is not played: not a meeting, not a match played
    # (3.4.3), no colour; a partly forfeited match is all three.
    from pairing.double_swiss.state import player_states

    t = build(4, [[(1, 2, "+", "+"), (3, 4, "+", "0")]])
    st = player_states(t, RoundSettings(2, 5))
    assert (st[1].played, st[1].met, st[1].colours, st[1].pab_barred) == (0, frozenset(), (), True)
    assert (st[2].played, st[2].pab_barred) == (0, False)
    assert (st[3].played, st[3].met, st[3].colours) == (1, frozenset({4}), (Colour.WHITE,))


def test_d7_each_forfeiting_one_game_is_a_meeting_but_one_forfeiting_both_is_not() -> None:
    # Preface: only a match in which a player forfeited BOTH games is not played.  Match 1 of 1-2:
    # 1 wins game 1 by forfeit and forfeits game 2 ("+ -" against "- +"): nobody forfeited both,
    # so 1 and 2 met (C1 bars a rematch) and each played a match (3.4.3), without a colour (no
    # game played, Art. 1.6).  Match 1 of 3-4: 3 wins game 1 by forfeit, game 2 forfeited by both
    # ("+ -" against "- -"): 4 forfeited both games, so no meeting and no match played -- although
    # 3's own line reads "+ -" exactly as 1's does (the opponent's line decides).
    from pairing.double_swiss.state import player_states

    t = build(4, [[(1, 2, "+", "-"), (3, 4, "+", "--")]])
    st = player_states(t, RoundSettings(2, 5))
    assert (st[1].played, st[1].met, st[1].colours) == (1, frozenset({2}), ())
    assert (st[2].played, st[2].met) == (1, frozenset({1}))
    assert (st[3].played, st[3].met) == (0, frozenset())
    assert (st[4].played, st[4].met) == (0, frozenset())
    assert [m.forfeited for m in (player_matches(t, 1)[0], player_matches(t, 3)[0])] == [False, True]


def test_the_docs_layout_example() -> None:
    # docs/double-swiss.md, "How a match is written": the three lines read as documented
    doc = (Path(__file__).resolve().parents[2] / "docs" / "double-swiss.md").read_text(encoding="utf-8")
    block = doc.split("```")[1].strip("\n")
    t = trf.parse_text(block + "\n").tournament
    assert player_matches(t, 1)[0].points == Fraction(3, 2) and player_matches(t, 4)[0].points == Fraction(1, 2)
    pab = player_matches(t, 7)[0]
    assert (pab.kind, pab.points) == ("pab", Fraction(3, 2))
    assert [p.points for p in t.players] == [t.score(p.start_rank) for p in t.players]


def test_validate_reports_the_layout() -> None:
    from trf.matches import TWO_GAME_MATCHES
    from trf.validate import validate

    assert systems.get("double-swiss").codes[0].pattern == TWO_GAME_MATCHES
    text = _text(build(4, [[(1, 2, "1", "1"), (3, 4, "1", "1")]]))
    assert [d for d in validate(trf.parse_text(text).tournament) if d.code.startswith("match-")] == []
    bad = trf.parse_text(text.replace("   2 b 1", "   3 b 1", 1).replace("142 10", "142 9")).tournament
    found = [(d.code, d.line, d.column) for d in validate(bad) if d.code.startswith("match-")]
    assert found == [("match-layout", 6, 102), ("match-rounds", 3, 5)]
