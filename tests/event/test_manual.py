"""The manual pairing phase: warnings, the comparison with the engine's pairing, the checker's
verdict, and what accepting writes.

The events are small enough to pair by hand.  Six players rated in starting-rank order, White to
player 1 in round 1 (C.04.3 Art. 5.2.5): round 1 is 1-4, 5-2, 3-6 (S1 against S2; the higher
player of board 2 has an even number, so he gets the other colour); the higher players win.
Round 2 by hand: the 1-point bracket {1, 2, 3} pairs 1-2 and floats 3 down (the last in the
Art. 4 order); 3 meets 4 (3 has met 6), and 5-6 remain.  Colours (Art. 5.2): 2 had Black and 1
White, so 2-1; 4 had Black and 3 White, so 4-3; 6 had Black and 5 White, so 6-5.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from event import fidemode
from event.absences import forbid, request_bye
from event.create import EventSettings, new_event
from event.log import irregularities
from event.manual import ManualPairingError, accept, assess
from event.next_round import pair_into
from event.registration import Registrant, register
from event.results import boards, enter_result
from pairing.result import NoLegalPairing
from tests.event.making import cli
from trf.model import Colour, Result, Tournament

pytestmark = pytest.mark.fast


def _event(n: int, forbidden: tuple[int, ...] = ()) -> Tournament:
    t = new_event(EventSettings("Manual Cup", 5, initial_colour=Colour.WHITE, tiebreaks="BH")).after
    t = register(t, [Registrant(f"Player {i}", rating=2400 - 10 * i) for i in range(1, n + 1)]).after
    if forbidden:
        t = forbid(t, forbidden).after
    t = pair_into(t).after
    for bd in boards(t, 1):  # the higher-ranked player wins
        t = enter_result(t, bd.number, "1-0" if bd.white < bd.black else "0-1").after
    return t


def _pairs(t: Tournament, rnd: int) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in boards(t, rnd)]


def test_round_one_is_as_derived_by_hand() -> None:
    t = _event(6)
    assert _pairs(t, 1) == [(1, 4), (5, 2), (3, 6)]


def test_a_worse_pairing_loses_on_the_criterion_the_rules_name() -> None:
    t = _event(6)
    a = assess(t, ((5, 1), (2, 6), (4, 3)))
    assert a.engine_boards == ((2, 1), (4, 3), (6, 5)) and a.engine_bye is None
    assert a.warnings == ()  # no rematch, no forbidden pair, colours within the limits
    assert a.boards == ((5, 1), (2, 6), (4, 3))  # board order by C.04.2 Art. 3.6
    assert not a.same_as_engine and not a.conforms
    # the 1-point bracket floats all three of its players instead of one: C6 (Art. 2.4.1)
    assert a.loses_on is not None
    assert (a.loses_on["criterion"], a.loses_on["article"]) == ("C6", "2.4.1")
    assert a.differences() == (["2-1", "6-5"], ["5-1", "2-6"])
    change = accept(t, a, acknowledged=True)
    after = change.after
    assert _pairs(after, 2) == [(5, 1), (2, 6), (4, 3)]
    assert [i.line for i in irregularities(after)] == ["### MPA @ Round 2: 2-1 6-5 => 5-1 2-6"]
    text = trf.dumps(after)
    assert text.index("### MPA @ Round 2") < text.index("001    1")
    parsed = trf.parse_text(text)
    assert not parsed.errors and parsed.tournament.rounds_paired == 2


def test_the_engine_s_own_pairing_given_by_hand_conforms_and_needs_no_mpa_line() -> None:
    t = _event(6)
    a = assess(t, ((2, 1),))  # one board given; the engine pairs the other four players
    assert a.added == ((4, 3), (6, 5))
    assert a.same_as_engine and a.conforms and a.loses_on is None
    assert irregularities(accept(t, a).after) == []


def test_a_rematch_is_warned_and_breaks_c1() -> None:
    t = _event(6)
    a = assess(t, ((4, 1), (2, 3), (6, 5)))
    assert [w.code for w in a.warnings] == ["rematch"]
    assert a.warnings[0].data == {"players": [4, 1], "round": 1}
    assert a.loses_on is not None and (a.loses_on["kind"], a.loses_on["criterion"]) == ("absolute", "C1")


def test_a_forbidden_pair_is_warned_and_breaks_c1() -> None:
    t = _event(6, forbidden=(1, 2))
    assert _pairs(t, 1) == [(1, 4), (5, 2), (3, 6)]
    a = assess(t, ((2, 1), (4, 3), (6, 5)))
    assert [w.code for w in a.warnings] == ["forbidden-pair"]
    assert a.loses_on is not None and a.loses_on["criterion"] == "C1"
    assert (1, 2) not in a.engine_boards and (2, 1) not in a.engine_boards


def test_an_ineligible_pab_is_warned_and_breaks_c2() -> None:
    t = _event(7)
    assert [b.player for b in t.byes(1) if b.kind is Result.PAIRING_ALLOCATED_BYE] == [7]
    a = assess(t, (), bye=7)  # the engine pairs the other six
    assert [w.code for w in a.warnings] == ["pab-ineligible"]
    assert len(a.added) == 3 and a.bye == 7
    assert a.loses_on is not None and a.loses_on["criterion"] == "C2"


def test_a_third_colour_in_a_row_and_a_colour_difference_above_two_are_warned() -> None:
    t = _event(6)
    t = accept(t, assess(t, ((5, 1), (2, 6), (4, 3))), acknowledged=True).after  # 5: White twice; 6: Black twice
    for bd in boards(t, 2):
        t = enter_result(t, bd.number, "=").after
    a = assess(t, ((5, 3), (4, 6), (1, 2)))
    codes = {(w.code, w.data["player"]) for w in a.warnings}
    assert {("colour-three-in-a-row", 5), ("colour-difference", 5), ("colour-three-in-a-row", 6),
            ("colour-difference", 6)} <= codes
    assert {w.data["difference"] for w in a.warnings if w.code == "colour-difference"} == {3, -3}


def test_boards_that_cannot_make_a_round_are_refused() -> None:
    t = _event(6)
    with pytest.raises(ManualPairingError, match="more than one board"):
        assess(t, ((2, 1), (1, 3)))
    with pytest.raises(ManualPairingError, match="against himself"):
        assess(t, ((2, 2),))
    with pytest.raises(ManualPairingError, match="bye is already given"):
        assess(t, ((2, 1),), bye=3)
    t2 = request_bye(t, 6, 2).after
    with pytest.raises(ManualPairingError, match="declared absent"):
        assess(t2, ((6, 5),))


def test_manual_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "m.trf"
    path.write_text(trf.dumps(_event(6)), encoding="utf-8")
    before = path.read_bytes()
    code, out, err = cli("event", "manual", path, "5-1", "2-6", "4-3")
    assert code == 4  # a dry run that does not conform
    assert "loses on C6:" in out and "(Art. 2.4.1)" in out and "2-1 6-5 => 5-1 2-6" in out and "nothing written" in out
    assert path.read_bytes() == before
    # FIDE mode: a round that differs from the engine's is written only when confirmed (level 3)
    code, out, err = cli("event", "manual", path, "5-1", "2-6", "4-3", "--accept")
    assert code == exitcodes.NEEDS_CONFIRMATION and "give --confirm" in err and path.read_bytes() == before
    code, out, err = cli("event", "manual", path, "5-1", "2-6", "4-3", "--accept", "--confirm", "--json")
    assert code == 0, err
    import json

    data = json.loads(out)
    assert data["accepted"] and data["loses_on"]["criterion"] == "C6" and data["engine_only"] == ["2-1", "6-5"]
    assert [w["code"] for w in data["fide_mode"]] == ["manual-pairing"]
    t = trf.parse_file(path).tournament
    assert _pairs(t, 2) == [(5, 1), (2, 6), (4, 3)]
    assert "### MPA @ Round 2: 2-1 6-5 => 5-1 2-6" in path.read_text()
    code, out, err = cli("event", "log", path)
    assert "manual pairing round 2" in out and "### MPA @ Round 2" in out
    code, out, err = cli("event", "manual", path, "1-7")
    assert code == 6  # round 2 has no results yet


def _everyone_met() -> Tournament:
    """Four players, five rounds, every game drawn.  Round 1 (C.04.3 Art. 5.2.5, White to 1): S1
    {1, 2} against S2 {3, 4}: 1-3, and 4-2 (board 2's higher player, 2, has an even number).
    Round 2: one 0.5-point bracket {1, 2, 3, 4}; 1-3 and 2-4 would be rematches (C1), 1-4 and 2-3
    grant no colour preference (1 and 4 both had White, 2 and 3 Black), 1-2 and 3-4 grant all
    four (C12), colours by Art. 5.2: 2-1, 3-4.  Round 3: the only pairs left are 1-4 and 2-3;
    1 and 4 both want White, the higher-ranked 1 gets it (Art. 5.2.4), 2 and 3 both want Black,
    2 gets it: 1-4, 3-2.  After three rounds each player has met the
    other three, so every pairing of round 4 has a rematch: no pairing satisfies C1 (Art. 2.1.1),
    and Art. 1.9.3 leaves the round to the Chief Arbiter (draft VCL4THP Q63: paired by hand)."""
    t = new_event(EventSettings("No Pairing Cup", 5, initial_colour=Colour.WHITE, tiebreaks="BH")).after
    t = register(t, [Registrant(f"Player {i}", rating=2400 - 10 * i) for i in range(1, 5)]).after
    for rnd in (1, 2, 3):
        t = pair_into(t).after
        for bd in boards(t, rnd):
            t = enter_result(t, bd.number, "=").after
    return t


def test_a_round_the_engine_cannot_pair_is_paired_by_hand() -> None:
    t = _everyone_met()
    assert [_pairs(t, r) for r in (1, 2, 3)] == [[(1, 3), (4, 2)], [(2, 1), (3, 4)], [(1, 4), (3, 2)]]
    with pytest.raises(NoLegalPairing):
        pair_into(t)
    # Colours of the hand pairing: 1 had W B W and 2 B W B, so 2-1; 3 had B W W and 4 W B B
    # (absolute preferences, Art. 1.7), so 4-3.  Only the rematches are broken.
    a = assess(t, ((2, 1), (4, 3)))
    assert a.round == 4 and a.engine_found_none and a.engine_boards == () and a.engine_bye is None
    assert a.engine_none is not None and "no legal pairing" in a.engine_none and "1.9.3" in a.engine_none
    assert [w.code for w in a.warnings] == ["rematch", "rematch"]
    assert [(f["criterion"], f["boards"]) for f in a.check["findings"]] == [("C1", [[2, 1]]), ("C1", [[4, 3]])]
    assert not a.same_as_engine and not a.conforms
    with pytest.raises(fidemode.NeedsConfirmation):  # the MPA act's confirmation (level 3)
        accept(t, a)
    after = accept(t, a, acknowledged=True).after
    assert _pairs(after, 4) == [(2, 1), (4, 3)]
    lines = irregularities(after)
    assert [i.line for i in lines] == ["### MPA @ Round 4: none => 2-1 4-3"] and lines[0].well_formed
    # boards given for some players only: the engine cannot pair the rest either
    with pytest.raises(ManualPairingError, match="cannot pair the 2 players not given a board"):
        assess(t, ((2, 1),))


def test_a_round_the_engine_cannot_pair_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "none.trf"
    path.write_text(trf.dumps(_everyone_met()), encoding="utf-8")
    before = path.read_bytes()
    code, out, err = cli("event", "manual", path, "2-1", "4-3")
    assert code == 4 and "the engine found no legal pairing: no legal pairing exists" in out
    assert out.count("checker: C1 (Art. 2.1.1)") == 2 and path.read_bytes() == before
    code, out, err = cli("event", "manual", path, "2-1", "4-3", "--accept")
    assert code == exitcodes.NEEDS_CONFIRMATION and path.read_bytes() == before
    code, out, err = cli("event", "manual", path, "2-1", "4-3", "--accept", "--confirm")
    assert code == 0, err
    assert "### MPA @ Round 4: none => 2-1 4-3" in path.read_text(encoding="utf-8").splitlines()
