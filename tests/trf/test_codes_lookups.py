"""What the engines ask of the codes and blocks by the thousand in a round's pairing, made cheap and
kept the same: a code hashes as an object (a C call), not as an Enum's ``hash(name)`` (a Python
call; a member equals itself only, so the object's hash is a hash for it); whether a block is a
game played is read from its state, and says what its opponent and result say (C.04.1)."""

from __future__ import annotations

import pytest

from trf.codes import Colour, Result

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("code", [*Colour, *Result], ids=str)
def test_a_code_hashes_as_the_object_it_is(code: Colour | Result) -> None:
    assert hash(code) == object.__hash__(code)
    assert {code: 1}[type(code)(code.value)] == 1  # looked up by the member read from its letter
    assert len({*Colour, *Result}) == len(Colour) + len(Result)


def test_a_block_is_played_when_it_has_an_opponent_and_a_played_result() -> None:
    from trf.model import RoundEntry

    for opponent in (None, 7):
        for colour in Colour:
            for result in (None, *Result):
                e = RoundEntry(opponent, colour, result)
                assert e.is_played == (opponent is not None and result is not None and result.is_played), e
    assert RoundEntry(7, Colour.WHITE, Result.WIN).is_played and not RoundEntry(7, Colour.WHITE, Result.FORFEIT_WIN).is_played


def test_a_blocks_scoring_key_and_state_are_its_codes() -> None:
    """The scoring key: the effective code's value (``Z`` for a blank result without opponent,
    empty for a pending game), ``b`` after it when played with Black; the state: colour and
    result codes, blank when pending."""
    from trf.model import RoundEntry

    for opponent in (None, 7):
        for colour in Colour:
            for result in (None, *Result):
                e = RoundEntry(opponent, colour, result)
                code = result.value if result is not None else ("" if opponent is not None else "Z")
                assert e.scoring_key == code + ("b" if colour is Colour.BLACK else ""), e
                assert e.state == colour.value + (result.value if result is not None else " "), e
