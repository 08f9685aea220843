"""The codes of a round block are dictionary keys by the thousand in a round's pairing: a member
hashes as an object (a C call), not as an Enum's ``hash(name)`` (a Python call).  A member equals
itself only, so the object's hash is a hash for it."""

from __future__ import annotations

import pytest

from trf.codes import Colour, Result

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("code", [*Colour, *Result], ids=str)
def test_a_code_hashes_as_the_object_it_is(code: Colour | Result) -> None:
    assert hash(code) == object.__hash__(code)
    assert {code: 1}[type(code)(code.value)] == 1  # looked up by the member read from its letter
    assert len({*Colour, *Result}) == len(Colour) + len(Result)
