"""The Dutch rules of 2017 (C.04.3 as in force until 31 January 2026): every per-round case of the
dutch-2017 corpus (bbpPairings v5, which agrees with JaVaFo 2.2 there) byte for byte, and
hand-worked cases where the two editions' texts differ: the PAB (2026 C5 reshapes a higher
bracket to give the PAB the lowest score; 2017 pairs bracket by bracket), the float definition
(2017 A.4.b: every unplayed round is a downfloat; 2026 Art. 1.4.3 only one that scored more
than a loss), the 2017 PAB eligibility (C.2: a full-point bye does not bar) and the topscorers of
the last round (A.7 / C.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

import trf
from pairing.dutch import NoLegalPairing, pair_round
from pairing.dutch.editions import EDITION_2017, EDITION_2026
from systems import select
from pairing.dutch.players import Float, bye_eligible, float_in_round
from trf.model import Tournament

from tests.support import CORPUS, shared_corpus

_ROUNDS = CORPUS / "dutch-2017" / "rounds"


def _cases() -> list[str]:
    return sorted(p.stem for p in _ROUNDS.glob("*.trf")) if _ROUNDS.is_dir() else ["corpus-absent"]


@pytest.mark.corpus
@pytest.mark.parametrize("name", _cases())
def test_every_2017_round_case_is_identical(name: str) -> None:
    path = shared_corpus() / "dutch-2017" / "rounds" / f"{name}.trf"
    t = trf.parse_file(path).tournament
    expected = [ln for ln in path.with_suffix(".pairs").read_text().splitlines() if ln.strip()]
    assert pair_round(t, rules="2017").bbp_lines() == expected


def _file(players: list[str], rounds: int) -> Tournament:
    return trf.parse_text("\n".join(["012 Hand case", *players, f"XXR {rounds}", "XXC white1"]) + "\n").tournament


def _line(pid: int, rating: int, blocks: str) -> str:
    return f"001 {pid:>4}      Player {pid:<26} {rating:>4}" + " " * 28 + f"{'0.0':>4} {pid:>4}" + blocks


# Round 1: 1-3 (1-0) and 4-2 (draw); 5 gets the PAB.  Before round 2: 1 and 5 on 1 point, 2 and 4
# (who met) on 1/2, 3 on 0.
_PAB = [
    _line(1, 2355, "     3 w 1"),
    _line(2, 2164, "     4 b ="),
    _line(3, 2028, "     1 b 0"),
    _line(4, 2013, "     2 w ="),
    _line(5, 1578, "  0000 - U"),
]


@pytest.mark.fast
def test_pab_2026_c5_reshapes_the_top_bracket() -> None:
    """2026: C5 (lowest PAB score over the round) ranks above C6 (most pairs in a bracket): 3 on
    0 points can have the PAB only if 2 and 4 are paired, and they met, so 1 and 5 float down to
    them (2-1, 5-4; colours by Art. 5.2) and 3 gets the PAB."""
    assert pair_round(_file(_PAB, 4), rules="2026").bbp_lines() == ["3", "2 1", "5 4", "3 0"]


@pytest.mark.fast
def test_pab_2017_pairs_bracket_by_bracket() -> None:
    """2017: the top bracket {1, 5} is paired first (C.5, most pairs; 5 has no colour, 1 had
    White and gets Black); 2 and 4 cannot meet again and drop into the last bracket with 3.  There
    3-4 grants both colour preferences (3 and 2 both had Black and want White: C.10), so 2 gets
    the PAB with 1/2 point, which 2017 has no criterion against."""
    assert pair_round(_file(_PAB, 4), rules="2017").bbp_lines() == ["3", "5 1", "3 4", "2 0"]


# Round 1: 1 has a half-point bye, 2-4 (1-0), 5-3 (0-1), 6 a zero-point bye.  Round 2: 3-1 (0-1),
# 6-4 (0-1), 2 a zero-point bye, 5 the PAB.  3 and 4 declare zero-point byes for round 3.
_FLOATS = [
    _line(1, 2555, "  0000 - H     3 b 1"),
    _line(2, 2428, "     4 w 1  0000 - Z"),
    _line(3, 2383, "     5 b 1     1 w 0  0000 - Z"),
    _line(4, 1973, "     2 b 0     6 w 1  0000 - Z"),
    _line(5, 1775, "     3 w 0  0000 - U"),
    _line(6, 1650, "  0000 - Z     4 b 0"),
]


@pytest.mark.fast
def test_an_unplayed_round_is_a_downfloat_in_2017_only() -> None:
    """2's zero-point bye in round 2: 2017 A.4.b floats down every player who did not play; 2026
    Art. 1.4.3 only one who scored more than a loss without playing.  The PAB is a downfloat in
    both."""
    t = _file(_FLOATS, 5)
    assert float_in_round(t, 2, 2, edition=EDITION_2017) is Float.DOWN
    assert float_in_round(t, 2, 2, edition=EDITION_2026) is None
    assert float_in_round(t, 5, 2, edition=EDITION_2017) is float_in_round(t, 5, 2, edition=EDITION_2026) is Float.DOWN
    assert float_in_round(t, 6, 1, edition=EDITION_2017) is Float.DOWN
    assert float_in_round(t, 6, 1, edition=EDITION_2026) is None


@pytest.mark.fast
def test_float_definition_decides_round_3() -> None:
    """Round 3: 1 (1 1/2) floats into {2, 5} (1 point) and meets one of them; the other floats
    down to 6 (0).  2026: 5 had a downfloat in round 2 (the PAB) and 2 none, so C14 sends 2 down:
    1-5, 6-2.  2017: both had a downfloat in round 2 (2's zero-point bye counts), C.12 and C.14 tie,
    and the lowest-ranked player, 5, floats: 1-2, 6-5 (colours: 1 and 6 had Black last)."""
    t = _file(_FLOATS, 5)
    assert pair_round(t, rules="2026").bbp_lines() == ["2", "1 5", "6 2"]
    assert pair_round(t, rules="2017").bbp_lines() == ["2", "1 2", "6 5"]


@pytest.mark.fast
def test_a_full_point_bye_bars_the_pab_in_2026_only() -> None:
    """2026 C2 (C.04.1 Art. 4): no PAB after scoring a win's points without playing; 2017 C.2:
    only a PAB or a forfeit win bars."""
    t = _file([_line(1, 2400, "  0000 - F"), _line(2, 2300, "  0000 - U"), _line(3, 2200, "     4 w +"),
               _line(4, 2100, "     3 b -")], 3)
    assert [bye_eligible(t, k, 2, EDITION_2017) for k in (1, 2, 3, 4)] == [True, False, False, True]
    assert [bye_eligible(t, k, 2, EDITION_2026) for k in (1, 2, 3, 4)] == [False, False, False, True]


# Rounds 1-2: 1 and 2 win both with White against 3 and 4; 5 and 6 draw twice.  1 and 2 (2
# points) want Black absolutely, 3 and 4 (0 points) White.
_TOP = [
    _line(1, 2400, "     3 w 1     4 w 1"),
    _line(2, 2300, "     4 w 1     3 w 1"),
    _line(3, 2200, "     1 b 0     2 b 0"),
    _line(4, 2100, "     2 b 0     1 b 0"),
    _line(5, 2000, "     6 w =     6 b ="),
    _line(6, 1900, "     5 b =     5 w ="),
]


@pytest.mark.fast
@pytest.mark.parametrize("rules", ["2017", "2026"])
def test_topscorers_of_the_last_round_may_meet(rules: str) -> None:
    """In the last of 3 rounds 1 and 2 score more than half the maximum (2 > 1): topscorers
    (2017 A.7, 2026 Art. 1.8), so their equal absolute colour preferences do not stop them
    meeting (C.3 / C3); 3 and 4 are no topscorers and may not meet, so 5 and 6 (who met) float
    down to them.  With 4 rounds nobody is a topscorer yet, 1-2 is barred as well, and the four
    players who have met 3, 4 or each other cannot all be paired: no legal pairing."""
    got = pair_round(_file(_TOP, 3), rules=rules).bbp_lines()
    pairs = {frozenset(map(int, ln.split())) for ln in got[1:]}
    assert frozenset((1, 2)) in pairs and frozenset((3, 4)) not in pairs and len(pairs) == 3
    with pytest.raises(NoLegalPairing):
        pair_round(_file(_TOP, 4), rules=rules)


@pytest.mark.fast
def test_the_file_chooses_the_edition(tmp_path: Path) -> None:
    """No rules given: 192 FIDE_DUTCH_2017 pairs by 2017, FIDE_DUTCH_2026 by 2026."""
    for code, want in (("FIDE_DUTCH_2017", ["3", "5 1", "3 4", "2 0"]), ("FIDE_DUTCH_2026", ["3", "2 1", "5 4", "3 0"])):
        t = trf.parse_text("\n".join(["012 Hand case", f"192 {code}", *_PAB, "XXR 4", "XXC white1"]) + "\n").tournament
        edition = select(t).edition.name
        assert edition == code[-4:]
        assert pair_round(t, rules=edition).bbp_lines() == want
