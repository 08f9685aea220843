"""The checker's reading of the 2017 edition of C.04.3 (in force until 31 January 2026).

* Corpus: every round of ../shared/corpus/dutch-2017/tournaments/ is bbpPairings v5's pairing
  under the 2017 rules (its README: JaVaFo 2.2 pairs the same), so ``check_round(rules="2017")``
  must accept it.  The whole corpus (160 tournaments, 1,307 rounds) costs the checker about
  half an hour of CPU, more than the suite can spend, so the test checks a fixed sample: every
  round of every fourth tournament with at most 120 players (the sample keeps small and large
  fields, many rounds and few, and the rounds with a Penultimate Pairing Bracket).  The full
  run's figures are in the README's ``check`` section.
* Seeded mutants of corpus rounds (two boards exchange opponents, a board's colours reversed,
  the PAB moved to a board player) are flagged, each finding naming a 2017 criterion (C.1-C.19,
  E.1-E.5 or the B.8 generation order).
* Hand-worked cases where the editions judge the same pairing differently: a PAB to a player
  who had a full-point bye (2026 C2 forbids it, 2017 C.2 does not, and 2017 prefers it there by
  C.10), and the float of a forfeit (2017 A.4.b: a downfloat; 2026 Art. 1.4.4: none).
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

import trf
from checker.dutch.check import check_round
from checker.dutch.criteria_2017 import CRITERIA_2017
from checker.dutch.state import Flt, round_state
from pairing.dutch import pair_round
from tests.support import FIXTURES, check_as_filed, parse_path, shared_corpus
from trf.edit import cut_to_round, with_pairing
from trf.model import Tournament

CORPUS_DIR = "dutch-2017/tournaments"
SAMPLE_EVERY = 4
SAMPLE_MAX_PLAYERS = 120


def _corpus_files() -> list[Path]:
    from tests.support import CORPUS

    folder = CORPUS / CORPUS_DIR
    return sorted(folder.glob("*.trf")) if folder.is_dir() else []


def _players(path: Path) -> int:
    return int(path.stem.split("-n")[1].split("-")[0])


def _sample() -> list[Path]:
    small = [f for f in _corpus_files() if _players(f) <= SAMPLE_MAX_PLAYERS]
    return small[::SAMPLE_EVERY]


def _is_2017(criterion: str) -> bool:
    return criterion in CRITERIA_2017 or criterion.startswith("E.") or criterion == "order"


# --------------------------------------------------------------------------- the corpus


@pytest.mark.corpus
@pytest.mark.parametrize("path", [pytest.param(p, id=p.name) for p in _sample()] or
                         [pytest.param(None, id="no-corpus")])
def test_checker_accepts_every_round_of_a_2017_tournament(path: Path | None) -> None:
    """Every round of the file (a sampled corpus tournament, see the module docstring) conforms
    to the 2017 rules by the checker's reading, with no note of an engine disagreement."""
    shared_corpus()
    if path is None:
        pytest.skip("../shared/corpus/dutch-2017 has no tournaments")
    t = parse_path(path).tournament
    bad = []
    for rnd in range(1, t.rounds_paired + 1):
        rep = check_round(t, rnd, rules="2017")
        assert rep.edition == "2017"
        if not rep.ok:
            bad.append((rnd, [f"{f.criterion}: {f.message}" for f in rep.findings]))
    assert bad == []


@pytest.mark.corpus
def test_the_sample_holds_collapsed_brackets() -> None:
    """The sample exercises A.9: some of its rounds have a Penultimate Pairing Bracket."""
    shared_corpus()
    from checker.dutch.criteria_2017 import collapse_point
    from checker.dutch.state import mate_of
    from checker.dutch.state import given_pairing

    found = 0
    for path in _sample()[:12]:
        t = parse_path(path).tournament
        for rnd in range(2, t.rounds_paired + 1):
            st = round_state(t, rnd, edition="2017")
            if collapse_point(st, mate_of(given_pairing(t, rnd).boards, given_pairing(t, rnd).bye)) is not None:
                found += 1
    assert found >= 3


# --------------------------------------------------------------------------- mutants


def _mutant_files() -> list[Path]:
    return [f for f in _corpus_files() if _players(f) <= 40][:6]


def _rebuilt(t: Tournament, rnd: int, boards: list[tuple[int, int]], bye: int | None) -> Tournament:
    return with_pairing(cut_to_round(t, rnd), rnd, boards, bye)


def _given(t: Tournament, rnd: int) -> tuple[list[tuple[int, int]], int | None]:
    from checker.dutch.state import given_pairing

    g = given_pairing(t, rnd)
    return list(g.boards), g.bye


def _mutants(t: Tournament, rnd: int, rng: random.Random) -> list[tuple[str, list[tuple[int, int]], int | None]]:
    boards, bye = _given(t, rnd)
    out: list[tuple[str, list[tuple[int, int]], int | None]] = []
    if len(boards) >= 2:
        i, j = rng.sample(range(len(boards)), 2)
        (a, b), (c, d) = boards[i], boards[j]
        swapped = list(boards)
        swapped[i], swapped[j] = (a, d), (c, b)
        out.append(("swap_opponents", swapped, bye))
    if boards:
        k = rng.randrange(len(boards))
        flipped = list(boards)
        flipped[k] = (boards[k][1], boards[k][0])
        out.append(("swap_colours", flipped, bye))
    if bye is not None and boards:
        k = rng.randrange(len(boards))
        w, b = boards[k]
        moved = list(boards)
        moved[k] = (w, bye)
        out.append(("move_bye", moved, b))
    return out


@pytest.mark.corpus
@pytest.mark.parametrize("kind", ["swap_opponents", "swap_colours", "move_bye"])
def test_seeded_mutants_are_flagged_naming_a_2017_criterion(kind: str) -> None:
    """Each mutant of a round the engine paired is flagged, and every finding names a criterion
    by its 2017 number (C.1-C.19, E.1-E.5, or the generation order of B.8)."""
    shared_corpus()
    rng = random.Random(2017)
    tried = 0
    for path in _mutant_files():
        t = parse_path(path).tournament
        for rnd in range(2, t.rounds_paired + 1, 2):
            for name, boards, bye in _mutants(t, rnd, rng):
                if name != kind or (boards, bye) == _given(t, rnd):
                    continue
                mutant = _rebuilt(t, rnd, boards, bye)
                rep = check_round(mutant, rnd, rules="2017", total_rounds=t.round_columns)
                tried += 1
                assert not rep.ok, f"{path.name} round {rnd}: {kind} not flagged"
                assert all(_is_2017(f.criterion) for f in rep.findings), [f.criterion for f in rep.findings]
                if kind == "swap_colours":
                    assert [f.kind for f in rep.findings] == ["colour"]
                    assert rep.findings[0].as_dict()["article"].endswith("(2017)")
    assert tried >= 10


@pytest.mark.corpus
def test_the_unaltered_rebuilt_rounds_pass() -> None:
    """The mutants are built by cutting and rewriting a round; the round rewritten unaltered
    passes, so a flag comes from the mutation."""
    shared_corpus()
    for path in _mutant_files()[:3]:
        t = parse_path(path).tournament
        for rnd in range(2, t.rounds_paired + 1, 2):
            boards, bye = _given(t, rnd)
            rep = check_round(_rebuilt(t, rnd, boards, bye), rnd, rules="2017",
                              total_rounds=t.round_columns)
            assert rep.ok, (path.name, rnd, [f.message for f in rep.findings])


# --------------------------------------------------------------------------- the editions differ

# Five players, five rounds declared; round 3 is checked.  Round 1: 1 (W) beats 3, 2 (B) beats 4,
# 5 has a full-point bye.  Round 2: 2 (W) - 1 (B) drawn, 3 (B) beats 5 (W), 4 has the PAB.
# Before round 3: 1 and 2 on 1.5 (they met), 3, 4 and 5 on 1.  Who may have the PAB: not 4 (had
# one); 5 had a full-point bye, which bars it in 2026 (C2) but not in 2017 (C.2).  1 and 2 float
# to the last bracket; 1 may meet 4 or 5 (not 3), 2 may meet 3 or 5 (not 4).
# Preferences: 1 (W, B) mild White; 2 (B, W) mild Black; 3 (B, B) absolute White; 4 (W) strong
# Black; 5 (W) strong Black.
# * PAB to 5: 1-4 and 2-3, every preference granted.
# * PAB to 3: 1-4 and 2-5; 2 and 5 both want Black, one preference (2's mild one) not granted.
# * PAB to 1 or 2: 2026 C5 (a higher PAB score), 2017 C.6 (the PSD of the last bracket).
# 2026: the PAB to 5 breaks C2, so 1-4, 2-5 with 3's PAB.  2017: both PAB choices have the PSD
# [1, 0.5, 0.5] (two pairs 1.5 v 1, the PAB's 1 against one point below the bracket's lowest
# score), and C.10 prefers the PAB to 5.
def _line(i: int, points: str, blocks: list[tuple[int | str, str, str]]) -> str:
    """A TRF-16 player line: start rank ``i``, rating 2500 - 100 i, ``points``, and round blocks
    (opponent or ``"0000"``, colour, result) from column 92."""
    head = (f"001 {i:>4}      Player {i:<26} {2500 - 100 * i:>4}" + " " * 28 + f"{points:>4} {i:>4}").ljust(89)
    return head + "".join(f"  {o:>4} {c} {r}" for o, c, r in blocks)


_FIVE = "\n".join([
    "012 Editions case", "XXR 5", "XXC white1",
    _line(1, "1.5", [(3, "w", "1"), (2, "b", "=")]),
    _line(2, "1.5", [(4, "b", "1"), (1, "w", "=")]),
    _line(3, "1.0", [(1, "b", "0"), (5, "b", "1")]),
    _line(4, "1.0", [(2, "w", "0"), ("0000", "-", "U")]),
    _line(5, "1.0", [("0000", "-", "F"), (3, "w", "0")]),
]) + "\n"


def _five(boards: list[tuple[int, int]], bye: int) -> Tournament:
    t = trf.parse_text(_FIVE).tournament
    return with_pairing(t, 3, boards, bye)


@pytest.mark.fast
def test_a_pab_after_a_full_point_bye_is_2017_but_not_2026() -> None:
    t = _five([(1, 4), (3, 2)], 5)
    r17 = check_round(t, 3, rules="2017")
    assert r17.ok, [f.message for f in r17.findings]
    r26 = check_round(t, 3, rules="2026")
    assert [f.criterion for f in r26.findings] == ["C2"]
    assert "full-point bye" in r26.findings[0].message


@pytest.mark.fast
def test_the_2026_pairing_is_worse_by_2017_c10() -> None:
    t = _five([(1, 4), (2, 5)], 3)
    assert check_round(t, 3, rules="2026").ok
    r17 = check_round(t, 3, rules="2017")
    assert [f.criterion for f in r17.findings] == ["C.10"]
    f = r17.findings[0].as_dict()
    assert f["article"] == "C.10 (2017)" and f["given_value"] == "1" and f["candidate_value"] == "0"
    assert r17.candidate_bye == 5


@pytest.mark.fast
def test_a_forfeit_loss_is_a_downfloat_only_in_2017() -> None:
    """Round 1 forfeited by 2 (``-``) against 1 (``+``), a played game 3-4: before round 2, in
    2017 both 1 and 2 downfloated in round 1 (neither played, A.4.b); in 2026 only 1 did (a
    forfeit win scores more than a loss, Art. 1.4.3; the loser gets no float, 1.4.4)."""
    text = "\n".join(["012 Forfeit case", "XXR 5", "XXC white1",
                      _line(1, "1.0", [(2, "w", "+")]), _line(2, "0.0", [(1, "b", "-")]),
                      _line(3, "1.0", [(4, "w", "1")]), _line(4, "0.0", [(3, "b", "0")])]) + "\n"
    t = trf.parse_text(text).tournament
    ids = [1, 2, 3, 4]
    s17, s26 = round_state(t, 2, ids, edition="2017"), round_state(t, 2, ids, edition="2026")
    assert [s17.players[i].floats[0] for i in (1, 2, 3, 4)] == [Flt.DOWN, Flt.DOWN, None, None]
    assert [s26.players[i].floats[0] for i in (1, 2, 3, 4)] == [Flt.DOWN, None, None, None]
    # 2017 C.2: a forfeit win bars the PAB, as in 2026
    assert s17.players[1].pab_ban is not None and s26.players[1].pab_ban is not None
    assert s17.players[1].score == Fraction(1)


@pytest.mark.fast
def test_the_edition_defaults_to_the_files() -> None:
    t = trf.parse_text(_FIVE.replace("XXR 5", "XXR 5\n192 FIDE_DUTCH_2017")).tournament
    t = with_pairing(t, 3, [(1, 4), (3, 2)], 5)
    rep = check_as_filed(t, 3)
    assert rep.edition == "2017" and "192 FIDE_DUTCH_2017" in rep.edition_reason and rep.ok


@pytest.mark.fast
@pytest.mark.parametrize("name", ["bbp5-s8000013-n49-r11.trf", "bbp5-s8000024-n90-r9.trf"])
def test_the_look_ahead_into_the_last_bracket_leaves_over_a_player_who_may_have_the_pab(name: str) -> None:
    """2017 C.7 into the last bracket: its player left over receives the PAB, so he must be one
    C.2 allows.  In round 9 of these bbpPairings v5 tournaments the given pairing sends down the
    player who lets the last bracket leave over an eligible 1.5-point player; the other choice
    looked as good by C.7 only through a pairing of the last bracket that leaves over a player who
    already had the PAB (then the 2.0-point player gets it, and the PSD of A.8 is worse).  The
    given round conforms, as bbpPairings v5 and the 2017 engine pair it."""
    t = parse_path(FIXTURES / "regressions" / name).tournament
    total = t.round_columns  # the file has no XXR: its last round is final (as the checker reads it)
    rep = check_round(t, 9, rules="2017", total_rounds=total)
    assert rep.ok, [f.message for f in rep.findings]
    before = cut_to_round(t, 9)
    given = {frozenset((g.white, g.black)) for g in t.games(9)}
    assert {frozenset(b) for b in pair_round(before, 9, rules="2017", total_rounds=total).boards} == given
