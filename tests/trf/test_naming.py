"""A player named by start rank, FIDE id or name (:mod:`trf.naming`): one player or a refusal.

The field (registered in the C.04.2 Art. 2 order, rating first, so the start ranks are known):

    1 Müller, Jörg   2400  FIDE id 1234567
    2 Smith, John    2300  FIDE id 2345678
    3 Smith, Jane    2200  FIDE id 3456789
    4 Doe-Ray, Ann   2100  FIDE id 4567890
    5 Ødegaard, Ola  2000  FIDE id 12
    6 Lee, Min       1900  (no FIDE id)
    7 Leeds, Tom     1800  FIDE id 5678901

Player 5's FIDE id (12) is a number of at most four digits that is no start rank here (the field
has 7 players): it is read as the FIDE id.  ``3`` is a start rank, and it is never read as a FIDE
id even were one ``3``.
"""

from __future__ import annotations

import pytest

from event.create import EventSettings, new_event
from event.registration import Registrant, register
from trf.model import Colour, Tournament
from trf.naming import AmbiguousPair, AmbiguousPlayer, UnknownPlayer, fold, resolve_pair, resolve_player

pytestmark = pytest.mark.fast


def _field() -> Tournament:
    t = new_event(EventSettings("Names Open", 5, initial_colour=Colour.WHITE, tiebreaks="BH")).after
    people = [("Müller, Jörg", 2400, "1234567"), ("Smith, John", 2300, "2345678"), ("Smith, Jane", 2200, "3456789"),
              ("Doe-Ray, Ann", 2100, "4567890"), ("Ødegaard, Ola", 2000, "12"), ("Lee, Min", 1900, ""),
              ("Leeds, Tom", 1800, "5678901")]
    t = register(t, [Registrant(n, rating=r, fide_id=i) for n, r, i in people]).after
    assert [p.name for p in sorted(t.players, key=lambda p: p.start_rank)] == [n for n, _, _ in people]
    return t


T = _field()


@pytest.mark.parametrize("text, rank", [
    ("3", 3), (" 03 ", 3),                                       # a start rank, as every command read it
    ("2345678", 2), ("12", 5),                                   # FIDE ids (12: no start rank is 12)
    ("Smith, John", 2), ("smith,john", 2), ("SMITH ,  JOHN", 2),  # the whole name: case, spacing
    ("muller, jorg", 1), ("Müller, Jörg", 1), ("odegaard", 5),   # accents and ø
    ("John Smith", 2), ("Jörg Müller", 1),                      # first name first
    ("Jane", 3), ("Doe-Ray", 4), ("ray", 4), ("Ann", 4),         # whole words of one name
    ("Lee", 6),                                                  # the word Lee, not Leeds
    ("Leed", 7), ("ola", 5), ("smi jan", 3), ("Nobody", None),  # parts of words; nobody
])
def test_a_player_is_named_by_rank_fide_id_or_name(text: str, rank: int | None) -> None:
    if rank is None:
        with pytest.raises(UnknownPlayer):
            resolve_player(T, text)
        return
    assert resolve_player(T, text) == rank


@pytest.mark.parametrize("text, candidates", [
    ("Smith", (2, 3)),        # two Smiths: the whole word fits both
    ("smi j", (2, 3)),        # parts of both names
    ("jo", (1, 2)),           # Jörg and John
])
def test_a_name_that_fits_several_players_is_refused_listing_them(text: str, candidates: tuple[int, ...]) -> None:
    with pytest.raises(AmbiguousPlayer) as info:
        resolve_player(T, text)
    assert info.value.candidates == candidates
    assert all(f"{r} ({T.player(r).name})" in str(info.value) for r in candidates)
    assert "give the start rank" in str(info.value)


def test_nobody_named_is_refused_with_the_closest_names() -> None:
    with pytest.raises(UnknownPlayer) as info:
        resolve_player(T, "Smyth")
    assert info.value.suggestions == (2, 3)  # 'smyth' is one letter from 'smith'
    assert str(info.value) == "'Smyth': no player's name is or contains it; did you mean 2 (Smith, John), " \
                              "3 (Smith, Jane)?"
    with pytest.raises(UnknownPlayer) as info:
        resolve_player(T, "Carlsen")
    assert info.value.suggestions == () and "give a start rank, a FIDE id or a name" in str(info.value)
    with pytest.raises(UnknownPlayer) as info:
        resolve_player(T, "99")
    assert str(info.value) == "99: no player has starting rank 99 (the event has 1-7) or FIDE id 99"
    with pytest.raises(UnknownPlayer):
        resolve_player(T, "9" * 5000)  # no int() of 5,000 digits
    with pytest.raises(UnknownPlayer):
        resolve_player(T, "  ")


def test_folding_drops_case_accents_and_comma_spacing() -> None:
    assert fold("  ØDEGAARD ,Ola ") == "odegaard, ola"
    assert fold("Müller,  Jörg") == "muller, jorg"
    assert fold("Łukasz Straße") == "lukasz strasse"


@pytest.mark.parametrize("text, pair", [
    ("3-2", (3, 2)), ("3 - 2", (3, 2)), ("2345678-3", (2, 3)),
    ("Smith, John-Jane", (2, 3)),
    ("Doe-Ray-1", (4, 1)),                  # the '-' of Doe-Ray does not split: "Doe" | "Ray-1" names nobody
    ("Doe-Ray, Ann-Smith, Jane", (4, 3)), ("Lee-Leeds", (6, 7)),
])
def test_two_players_split_at_the_dash_that_names_two(text: str, pair: tuple[int, int]) -> None:
    assert resolve_pair(T, text) == pair


def test_a_pair_that_splits_no_way_is_refused_saying_why() -> None:
    # "Ann" | "Ray-John": no name is or contains "ray-john"; "Ann-Ray" | "John": none contains "ann-ray"
    with pytest.raises(UnknownPlayer) as info:
        resolve_pair(T, "Ann-Ray-John")
    assert str(info.value).startswith("'Ann-Ray-John': expected two start ranks (or FIDE ids or names) as A-B")
    with pytest.raises(AmbiguousPlayer) as amb:  # the only split: "Smith" names two players
        resolve_pair(T, "Smith-Lee")
    assert amb.value.candidates == (2, 3)
    with pytest.raises(UnknownPlayer) as info:  # both numbers: the side that names nobody
        resolve_pair(T, "3-99")
    assert str(info.value).startswith("99: no player has starting rank 99")


def test_a_pair_that_splits_two_ways_is_refused() -> None:
    """Players named Ann, Bob-Cy, Ann-Bob and Cy: "Ann-Bob-Cy" is Ann against Bob-Cy and Ann-Bob
    against Cy; which the arbiter meant cannot be told."""
    t = new_event(EventSettings("Dashes", 5, initial_colour=Colour.WHITE, tiebreaks="BH")).after
    t = register(t, [Registrant(n, rating=2400 - 100 * k) for k, n in enumerate(["Ann", "Bob-Cy", "Ann-Bob", "Cy"])]).after
    with pytest.raises(AmbiguousPair) as info:
        resolve_pair(t, "Ann-Bob-Cy")
    assert info.value.readings == ((1, 2), (3, 4))
    assert "in 2 ways (1-2, 3-4)" in str(info.value)
