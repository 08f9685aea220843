"""The pairing system and event kind read from 192/092 and the team records (``trf/system.py``)."""

from __future__ import annotations

import pytest

import trf
from tests.support import CORPUS, shared_corpus
from trf.system import Family

pytestmark = pytest.mark.fast

PLAYER = "001    1      Test0001 Player0001               2477                             0.0    1\n"


def system(headers: str) -> trf.PairingSystem:
    return trf.parse_text("012 T\n" + headers + PLAYER).tournament.system


@pytest.mark.parametrize("headers, family, edition, baku", [
    ("192 FIDE_DUTCH_2026\n", Family.DUTCH, "2026", False),
    ("192 FIDE_DUTCH_2025\n", Family.DUTCH, "2026", False),   # the TEC draft's name
    ("192 FIDE_DUTCH_2017\n", Family.DUTCH, "2017", False),
    ("192 FIDE_DUTCH_BAKU\n042 2026/03/01\n", Family.DUTCH, "2026", True),
    ("192 FIDE_DUTCH_2017_BAKU\n", Family.DUTCH, "2017", True),
    ("192 FIDE_DUTCH\n042 2026/01/31\n", Family.DUTCH, "2017", False),
    ("192 FIDE_DUTCH\n042 2026/02/01\n", Family.DUTCH, "2026", False),
    ("192 FIDE_DUTCH\n", Family.DUTCH, "2026", False),         # no date: the rules in force now
    ("092 Individual: Swiss-System (Dutch)\n042 2005/07/28\n", Family.DUTCH, "2017", False),
    ("132" + " " * 88 + "25/11/01  25/11/02\n", Family.DUTCH, "2017", False),  # no 042: first round date
    ("", Family.DUTCH, "2026", False),
    ("192 FIDE_BURSTEIN\n", Family.BURSTEIN, None, False),
    ("192 FIDE_DUBOV_BAKU\n", Family.DUBOV, None, True),
    ("192 FIDE_DOUBLESWISS\n", Family.DOUBLE_SWISS, None, False),
    ("192 FIDE_ROUNDROBIN\n", Family.ROUND_ROBIN, None, False),
    ("192 BERGER_ROUNDROBIN_G2\n", Family.ROUND_ROBIN, None, False),
    ("192 FIDE_DOUBLEROUNDROBIN\n", Family.DOUBLE_ROUND_ROBIN, None, False),
    ("092 Double Berger\n", Family.DOUBLE_ROUND_ROBIN, None, False),
    ("092 Round Robin\n", Family.ROUND_ROBIN, None, False),
    ("092 RR\n", Family.ROUND_ROBIN, None, False),
    ("192 FIDE_SCHEVENINGEN_G2\n", Family.SCHEVENINGEN, None, False),
    ("192 WORLDCUP_KNOCKOUT\n", Family.KNOCKOUT, None, False),
    ("192 ROUND_ROBIN\n092 Swiss System\n", Family.ROUND_ROBIN, None, False),  # 192 first
    ("192 whatever\n092 Round Robin\n", Family.ROUND_ROBIN, None, False),      # 192 unreadable
])
def test_family_edition_baku(headers: str, family: Family, edition: str | None, baku: bool) -> None:
    s = system(headers)
    assert (s.family, s.edition, s.baku, s.team) == (family, edition, baku, False)
    assert s.is_round_robin is (family in (Family.ROUND_ROBIN, Family.DOUBLE_ROUND_ROBIN))
    assert s.is_swiss is (family in (Family.DUTCH, Family.DUBOV, Family.BURSTEIN, Family.DOUBLE_SWISS))


def test_the_reason_for_the_edition_is_stated() -> None:
    assert system("192 FIDE_DUTCH_2025\n").edition_reason == "named by 192 FIDE_DUTCH_2025 (the draft name of the 2026 rules)"
    assert system("192 FIDE_DUTCH\n042 2026/01/31\n").edition_reason == \
        "the event starts on 2026-01-31, before 2026-02-01"
    assert "no start date" in system("").edition_reason
    assert system("192 FIDE_DUTCH_2026_BAKU\n").name == "Dutch (C.04.3, 2026 rules) with Baku acceleration"


def test_team_event_from_the_code_or_the_records() -> None:
    assert system("192 FIDE_TEAM_TYPEA_MP_GP\n").team
    t = trf.parse_text("012 T\n013 Team A                              1    2\n" + PLAYER).tournament
    assert t.is_team_event and t.system.team


@pytest.mark.corpus
def test_corpus_files() -> None:
    """The corpus writes its system as ``092 FIDE_DUTCH_2025`` and ``192 FIDE_DUTCH_BAKU``; the
    TEC team sample is a team event."""
    root = shared_corpus()
    t = trf.parse_file(root / "real" / "grandmommyscup.trf").tournament
    assert t.system.team
    baku = sorted((CORPUS / "baku" / "tournaments").glob("*.trf"))
    if baku:
        s = trf.parse_file(baku[0]).tournament.system
        if s.source and "BAKU" in s.source:
            assert s.baku and s.family is Family.DUTCH
