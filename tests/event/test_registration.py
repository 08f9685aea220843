"""Registration: lists, the C.04.2 Art. 2 order of starting ranks, late entries and renumbering."""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from event.absences import forbid, request_bye
from event.create import EventSettings, new_event
from event.log import Irregularity, irregularities, with_irregularity
from event.next_round import pair_into
from event.numbering import renumber
from event.registration import (DuplicateEntry, InvalidRegistrant, Registrant, RegistrationClosed, normalised,
                                parse_registrants, register)
from event.results import boards, enter_result
from pairing.dutch import pair_round
from trf.model import AccelerationRange, Colour, Result, Tournament

pytestmark = pytest.mark.fast


def _empty(rounds: int = 5) -> Tournament:
    return new_event(EventSettings("Reg Cup", rounds, initial_colour=Colour.WHITE, tiebreaks="BH")).after


def _names(t: Tournament) -> list[str]:
    return [p.name for p in sorted(t.players, key=lambda p: p.start_rank)]


def _play(t: Tournament, rounds: int) -> Tournament:
    for _ in range(rounds):
        t = pair_into(t).after
        r = t.rounds_paired
        for bd in boards(t, r):
            t = enter_result(t, bd.number, ("1-0", "=", "0-1")[(bd.white + bd.black + r) % 3]).after
    return t


def test_starting_ranks_follow_rating_then_title_then_name() -> None:
    people = [Registrant("Berg, Anna", "IM", 2300), Registrant("Aas, Bo", "", 2300), Registrant("Dahl, Cy", "", 2400),
              Registrant("Eng, Di", "FM", 2300), Registrant("Fry, Ed", "", None), Registrant("Berg, Ada", "IM", 2300),
              Registrant("Gray, Flo", "WGM", 2300)]
    t = register(_empty(), people).after
    # 2400 first; at 2300: IM (Berg, Ada before Berg, Anna), WGM, FM, no title; the unrated last
    assert _names(t) == ["Dahl, Cy", "Berg, Ada", "Berg, Anna", "Gray, Flo", "Eng, Di", "Aas, Bo", "Fry, Ed"]
    assert [p.rank for p in sorted(t.players, key=lambda p: p.start_rank)] == list(range(1, 8))


def test_registering_before_round_1_renumbers_every_reference() -> None:
    t = register(_empty(), [Registrant("Cee, C", rating=1800), Registrant("Bee, B", rating=1900),
                            Registrant("Dee, D", rating=1700)]).after
    t = forbid(t, (2, 3)).after  # Cee and Dee
    t = request_bye(t, 3, 1).after  # Dee
    t = register(t, [Registrant("Aye, A", rating=2500)]).after
    assert _names(t) == ["Aye, A", "Bee, B", "Cee, C", "Dee, D"]
    assert t.forbidden(1) == frozenset({frozenset({3, 4})})
    assert t.declared_absences(1) == {4: Result.HALF_POINT_BYE}


def test_a_csv_list_with_other_spellings() -> None:
    text = "Player;Fed;Rtg;ID Number;Tit;B-day;Gender\nNord, Ola;nor;2012;1503014;fm;1990;M\nSyd, Kari;SWE;;;;2001-02-03;F\n"
    a, b = (normalised(r) for r in parse_registrants(text))
    assert a == Registrant("Nord, Ola", "FM", 2012, "1503014", "NOR", "1990/00/00", "m", 2)
    assert b == Registrant("Syd, Kari", "", None, "", "SWE", "2001/02/03", "w", 3)


def test_a_fide_rating_list_extract() -> None:
    head = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
            "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")

    def row(**cells: str) -> str:
        line = ""
        for word, value in cells.items():
            key = {"ID": "ID Number", "BDAY": "B-day"}.get(word, word)
            line = line.ljust(head.index(key)) + value
        return line

    text = "\n".join([head, row(ID="1503014", Name="Carlsen, Magnus", Fed="NOR", Sex="M", Tit="GM", SRtng="2830",
                                SGm="0", SK="10", BDAY="1990"),
                      row(ID="8603677", Name="Hou, Yifan", Fed="CHN", Sex="F", Tit="GM", WTit="WGM", SRtng="2633",
                          BDAY="1994")]) + "\n"
    people = [normalised(r) for r in parse_registrants(text)]
    assert [(p.name, p.fide_id, p.federation, p.sex, p.title, p.rating, p.birth_date) for p in people] == [
        ("Carlsen, Magnus", "1503014", "NOR", "m", "GM", 2830, "1990/00/00"),
        ("Hou, Yifan", "8603677", "CHN", "w", "GM", 2633, "1994/00/00")]


@pytest.mark.parametrize("field, person", [
    ("name", Registrant("X" * 34)), ("title", Registrant("A", title="XM")), ("rating", Registrant("A", rating=12345)),
    ("federation", Registrant("A", federation="NO")), ("birth date", Registrant("A", birth_date="12/31/1990")),
    ("sex", Registrant("A", sex="x")), ("FIDE id", Registrant("A", fide_id="12a4")), ("name", Registrant("  ")),
])
def test_a_bad_registrant_names_its_field(field: str, person: Registrant) -> None:
    with pytest.raises(InvalidRegistrant) as info:
        register(_empty(), [person])
    assert info.value.field == field


def test_a_fide_id_is_registered_once() -> None:
    t = register(_empty(), [Registrant("A", fide_id="123")]).after
    with pytest.raises(DuplicateEntry) as info:
        register(t, [Registrant("B", fide_id="123")])
    assert info.value.existing == 1
    with pytest.raises(DuplicateEntry):
        register(_empty(), [Registrant("A", fide_id="9"), Registrant("B", fide_id="9")])


def test_a_late_entry_takes_its_place_and_no_earlier_pairing_number_changes() -> None:
    t = register(_empty(), [Registrant(f"P{i}", rating=2000 - 10 * i) for i in range(1, 9)]).after
    t = _play(t, 1)
    change = register(t, [Registrant("Late, Lee", rating=1985)], first_round=3)
    after = change.after
    assert [w.code for w in change.warnings] == ["renumbered"]
    assert _names(after)[:3] == ["P1", "Late, Lee", "P2"]  # 1985 sits between P1 (1990) and P2 (1980)
    late = after.player(2)
    assert late.entry(1).code is Result.ZERO_POINT_BYE and after.declared_absences(2) == {2: Result.ZERO_POINT_BYE}
    parsed = trf.parse_text(trf.dumps(after))
    assert not parsed.errors and not [d for d in parsed.diagnostics if d.severity is trf.Severity.WARNING]
    # every game of round 1 is the same game under the new numbers
    m = {old: new for old, new in zip(range(1, 9), [1] + list(range(3, 10)))}
    assert {(g.white, g.black) for g in after.games(1)} == {(m[g.white], m[g.black]) for g in t.games(1)}
    # and the engine pairs round 2 the same way (the late entry, absent, takes no pairing number)
    before, now = pair_round(t, 2), pair_round(after, 2)
    assert now.boards == tuple((m[w], m[b]) for w, b in before.boards)
    assert now.bye == (m[before.bye] if before.bye else None)


def test_after_round_4_starting_ranks_are_frozen() -> None:
    t = register(_empty(6), [Registrant(f"P{i}", rating=2000 - 10 * i) for i in range(1, 7)]).after
    t = _play(t, 4)
    change = register(t, [Registrant("Late, Lee", rating=2500)], missed=Result.HALF_POINT_BYE)
    assert {w.code for w in change.warnings} == {"ranks-frozen", "missed-rounds-half-point"}
    late = change.after.player(7)
    assert late.name == "Late, Lee" and [late.entry(r).code for r in range(1, 5)] == [Result.HALF_POINT_BYE] * 4
    assert late.points == 2


def test_nobody_joins_a_finished_event() -> None:
    t = _play(register(_empty(2), [Registrant(f"P{i}") for i in range(4)]).after, 2)
    with pytest.raises(RegistrationClosed):
        register(t, [Registrant("Late")])


def test_renumbering_rewrites_ranges_and_irregularity_lines() -> None:
    t = register(_empty(), [Registrant(f"P{i}", rating=2000 - i) for i in range(1, 6)]).after
    t = t.replace_records(t.records + (AccelerationRange(None, Fraction(1), 1, 2, 1, 3),))
    t = with_irregularity(t, Irregularity("MPA", 1, "1-2 3-4 => 1-3 2-4 5=PAB"))
    out = renumber(t, {2: 5, 5: 2})
    ranges = [(r.first_player, r.last_player) for r in out.records if isinstance(r, AccelerationRange)]
    assert ranges == [(1, 1), (3, 3), (5, 5)]
    assert [i.text for i in irregularities(out)] == ["1-5 3-4 => 1-3 5-4 2=PAB"]
