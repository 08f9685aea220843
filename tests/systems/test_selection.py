"""Which system pairs a file, by which edition, and why (:func:`systems.select`), read from its
192/092 records, its dates and its team records (:func:`trf.system.system_code`).

The cases are the codes of the TRF-2026 ETT table and the free texts TRF-16 producers write; the
expected systems and editions follow the module docstrings of :mod:`systems` and
:mod:`systems.dutch` (C.04.3: the 2026 rules from 1 February 2026)."""

from __future__ import annotations

import pytest

import systems
import trf
from tests.support import CORPUS, shared_corpus

pytestmark = pytest.mark.fast

PLAYER = "001    1      Test0001 Player0001               2477                             0.0    1\n"


def tournament(headers: str) -> trf.Tournament:
    return trf.parse_text("012 T\n" + headers + PLAYER).tournament


@pytest.mark.parametrize("headers, system, edition, baku", [
    ("192 FIDE_DUTCH_2026\n", "dutch", "2026", False),
    ("192 FIDE_DUTCH_2025\n", "dutch", "2026", False),   # the TEC draft's name
    ("192 FIDE_DUTCH_2017\n", "dutch", "2017", False),
    ("192 FIDE_DUTCH_BAKU\n042 2026/03/01\n", "dutch", "2026", True),
    ("192 FIDE_DUTCH_2017_BAKU\n", "dutch", "2017", True),
    ("192 FIDE_DUTCH\n042 2026/01/31\n", "dutch", "2017", False),
    ("192 FIDE_DUTCH\n042 2026/02/01\n", "dutch", "2026", False),
    ("192 FIDE_DUTCH\n", "dutch", "2026", False),         # no date: the rules in force now
    ("092 Individual: Swiss-System (Dutch)\n042 2005/07/28\n", "dutch", "2017", False),
    ("132" + " " * 88 + "25/11/01  25/11/02\n", "dutch", "2017", False),  # no 042: first round date
    ("", "dutch", "2026", False),
    ("192 FIDE_ROUNDROBIN\n", "berger", None, False),
    ("192 BERGER_ROUNDROBIN_G2\n", "berger", None, False),
    ("192 FIDE_DOUBLEROUNDROBIN\n", "berger", None, False),
    ("092 Double Berger\n", "berger", None, False),
    ("092 Round Robin\n", "berger", None, False),
    ("092 RR\n", "berger", None, False),
    ("192 ROUND_ROBIN\n092 Swiss System\n", "berger", None, False),  # 192 first
    ("192 whatever\n092 Round Robin\n", "berger", None, False),      # 192 names no system
])
def test_system_edition_baku(headers: str, system: str, edition: str | None, baku: bool) -> None:
    t = tournament(headers)
    sel = systems.select(t)
    assert sel.system.name == system
    if edition is not None:
        assert sel.edition.name == edition
    assert ("BAKU" in sel.code) is baku
    assert sel.system.round_robin is (system == "berger")
    assert not t.system_code.team


@pytest.mark.parametrize("headers, words", [
    ("192 FIDE_DOUBLEROUNDROBIN\n", "double round robin"),
    ("092 Double Berger\n", "double round robin"),
    ("192 FIDE_ROUNDROBIN\n", "round robin"),
])
def test_a_double_round_robin_plays_the_table_twice(headers: str, words: str) -> None:
    sel = systems.select(tournament(headers))
    assert systems.name_of(tournament(headers)) == words
    assert (sel.variant == "double") is words.startswith("double")


@pytest.mark.parametrize("headers, words", [
    ("192 CUSTOM_SWISS\n", "custom Swiss"),
    ("192 CUSTOM_SWISS\n092 Individual: Swiss-System\n", "custom Swiss"),
    ("192 CUSTOM_SWISS\n092 Swiss, LIMITED to juniors\n", "custom Swiss"),
    ("192 FIDE_SCHILLER\n", "Schiller"),
    ("192 FIDE_SCHEVENINGEN_G2\n", "Scheveningen"),
    ("192 WORLDCUP_KNOCKOUT\n", "knockout"),
])
def test_a_system_the_toolkit_does_not_pair_is_refused_by_its_name(headers: str, words: str) -> None:
    t = tournament(headers)
    with pytest.raises(systems.UnsupportedSystem) as exc:
        systems.select(t)
    assert exc.value.system == words and "the toolkit pairs the Dutch system, round robins, the Swiss Team Pairing System, the " \
        "Burstein system, the Double-Swiss system, the Dubov system and the Lim system only" in str(exc.value)
    assert systems.find(t) is None
    assert systems.name_of(t).startswith(words)
    # the caller may still choose a system for it
    assert systems.select(t, system="dutch").system.name == "dutch"


def test_the_reason_for_the_edition_is_stated() -> None:
    assert systems.select(tournament("192 FIDE_DUTCH_2025\n")).reason == \
        "named by 192 FIDE_DUTCH_2025 (the draft name of the 2026 rules)"
    assert systems.select(tournament("192 FIDE_DUTCH\n042 2026/01/31\n")).reason == \
        "the event starts on 2026-01-31, before 2026-02-01"
    assert "no start date" in systems.select(tournament("")).reason
    assert systems.name_of(tournament("192 FIDE_DUTCH_2026_BAKU\n")) == \
        "Dutch (C.04.3, 2026 rules) with Baku acceleration"


def test_the_caller_chooses_system_and_edition() -> None:
    t = tournament("192 FIDE_DUTCH_2026\n")
    sel = systems.select(t, edition="2017")
    assert (sel.system.name, sel.edition.name, sel.reason, sel.edition_asked) == \
        ("dutch", "2017", "chosen by the caller", True)
    assert systems.select(t, system="berger").system.name == "berger"
    with pytest.raises(systems.UnknownEdition) as e:
        systems.select(t, edition="2019")
    assert e.value.editions == ("2026", "2017")
    with pytest.raises(systems.UnknownSystem) as u:
        systems.select(t, system="monrad")
    assert "dutch" in u.value.known and "berger" in u.value.known


def test_team_event_from_the_code_or_the_records() -> None:
    assert tournament("192 FIDE_TEAM_TYPEA_MP_GP\n").system_code.team
    t = trf.parse_text("012 T\n013 Team A                              1    2\n" + PLAYER).tournament
    assert t.is_team_event and t.system_code.team
    assert systems.name_of(t).startswith("team event, ")


def test_every_registered_system_answers_through_the_same_door() -> None:
    """The built-in systems are found by name, each with an edition in force and its own codes."""
    assert systems.names()[:2] == ("dutch", "berger")
    for s in systems.systems():
        assert systems.get(s.name) is s and s.editions and s.codes
        assert s.edition(None) is s.editions[0]


@pytest.mark.corpus
def test_corpus_files() -> None:
    """The corpus writes its system as ``092 FIDE_DUTCH_2025`` and ``192 FIDE_DUTCH_BAKU``; the
    TEC team sample is a team event."""
    root = shared_corpus()
    t = trf.parse_file(root / "real" / "grandmommyscup.trf").tournament
    assert t.system_code.team
    baku = sorted((CORPUS / "baku" / "tournaments").glob("*.trf"))
    if baku:
        sel = systems.select(trf.parse_file(baku[0]).tournament)
        if sel.source and "BAKU" in sel.source:
            assert sel.system.name == "dutch" and "BAKU" in sel.code
