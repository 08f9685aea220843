"""The editions of C.04.3 as data (:mod:`pairing.dutch.editions`): one immutable object each,
found by name, each naming its rules as its own text numbers them."""

from __future__ import annotations

import dataclasses
import re

import pytest

from pairing.dutch import criteria, engine
from pairing.dutch.editions import CURRENT, EDITION_2017, EDITION_2026, EDITIONS
from pairing.dutch.players import RULES_2017, RULES_2026
from pairing.dutch.stages import pair_all_brackets_2017, pair_all_brackets_2026
from pairing.dutch.weights import FIELDS, FIELDS_2017

from tests.pairing.test_dutch_2017 import _PAB, _file


@pytest.mark.fast
def test_editions_are_found_by_name_the_current_one_first() -> None:
    assert list(EDITIONS) == ["2026", "2017"]
    assert all(EDITIONS[name].name == name for name in EDITIONS)
    assert EDITIONS["2026"] is EDITION_2026 is CURRENT and EDITIONS["2017"] is EDITION_2017
    assert engine.EDITIONS is EDITIONS  # the name callers outside the package import


@pytest.mark.fast
def test_editions_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        EDITION_2017.name = "2026"  # type: ignore[misc]
    with pytest.raises(TypeError):
        EDITIONS["2019"] = EDITION_2017  # type: ignore[index]


@pytest.mark.fast
def test_each_edition_holds_its_own_rules() -> None:
    assert EDITION_2026.fields is FIELDS and EDITION_2017.fields is FIELDS_2017
    assert EDITION_2026.pair_brackets is pair_all_brackets_2026
    assert EDITION_2017.pair_brackets is pair_all_brackets_2017
    assert EDITION_2026.whole_field_matching and not EDITION_2017.whole_field_matching
    assert EDITION_2026.players is RULES_2026 and EDITION_2017.players is RULES_2017
    assert EDITION_2017.baku_standard_only and EDITION_2026.baku_standard_only is None


@pytest.mark.fast
def test_fields_are_named_as_their_edition_numbers_its_criteria() -> None:
    """2026 C6..C21, 2017 C.5..C.19: no name means two rules; every field says its article."""
    for fields, pattern in ((FIELDS, r"C\d+[ps]?"), (FIELDS_2017, r"C\.\d+[ps]?")):
        for f in fields:
            assert f.article.strip()
            if f.name not in ("top", "order"):
                assert re.fullmatch(pattern, f.name), f.name
    for f in FIELDS_2017:
        if f.name.startswith("C."):
            assert f.article.startswith(f.name.rstrip("ps") + ":"), f
    assert {f.name for f in FIELDS} & {f.name for f in FIELDS_2017} == {"top", "order"}


@pytest.mark.fast
@pytest.mark.parametrize("predicate, new, old, article", [
    (criteria.colour_difference_ok, "C10", "C.8", "2.4.5"),
    (criteria.no_third_same_colour, "C11", "C.9", "2.4.6"),
    (criteria.preferences_compatible, "C12", "C.10", "2.4.7"),
    (criteria.strong_preferences_compatible, "C13", "C.11", "2.4.8"),
])
def test_colour_predicates_cite_both_editions(predicate: object, new: str, old: str, article: str) -> None:
    doc = " ".join((getattr(predicate, "__doc__") or "").split())
    assert f"2026 {new} (C.04.3 Art. {article})" in doc and f"2017 {old}" in doc


@pytest.mark.fast
def test_rules_name_an_edition() -> None:
    t = _file(_PAB, 4)
    assert engine.pair_round(t, rules="2017").bbp_lines() != engine.pair_round(t, rules="2026").bbp_lines()
    with pytest.raises(ValueError, match="2026, 2017"):
        engine.pair_round(t, rules="2019")
