"""The round's player facts read in one pass (:func:`pairing.dutch.players.pairing_players`)
against the same facts read round by round, as the articles define each one.

The engine reads each player's blocks once and compares the floats' scores as integers over the
scoring's common denominator when no ``299`` record or acceleration makes them otherwise; the
reference below asks the tournament model for every fact separately (C.04.3 Art. 1.1-1.8 and
their 2017 counterparts A.1-A.7), with exact Fractions throughout.  Both must agree on every
player of random histories of both editions and of files with acceleration and ``299`` records.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

import trf
from pairing.dutch import NoLegalPairing, pair_round
from pairing.dutch.editions import EDITION_2017, EDITION_2026, Edition
from pairing.dutch.engine import board_key
from pairing.dutch.players import Float, PairingPlayer, available_players, colour_preference, pairing_players
from pairing.pab import pab_eligible
from trf.model import Result, Tournament

from tests.pairing.test_dutch_shortcuts import tournaments
from tests.support import FIXTURES, parse_path


def _score_when_paired(t: Tournament, pid: int, rnd: int) -> Fraction:
    """The pairing score a player had when round ``rnd`` was paired: points of the rounds before
    it plus that round's virtual points (Art. 1.2, C.04.7)."""
    return t.score(pid, through=rnd - 1) + t.acceleration(pid, rnd)


def _float(t: Tournament, pid: int, rnd: int, edition: Edition) -> Float | None:
    """Art. 1.4 (2017 A.4.b): a game between different pairing scores floats the higher player
    down and the lower one up; a round without a game floats as the edition says."""
    if rnd < 1:
        return None
    e = t.player(pid).entry(rnd)
    if e is not None and e.is_played and e.opponent in t.player_by_rank:
        mine, theirs = _score_when_paired(t, pid, rnd), _score_when_paired(t, e.opponent, rnd)
        return Float.DOWN if mine > theirs else Float.UP if mine < theirs else None
    return edition.players.unplayed_float(t, pid, rnd)


def _pab_eligible(t: Tournament, pid: int, rnd: int, edition: Edition) -> bool:
    """2026 C2 (C.04.1 Art. 4, :func:`pairing.pab.pab_eligible`, shared by the Swiss systems);
    2017 C.2: no earlier PAB and no forfeit win, round by round."""
    if edition is EDITION_2026:
        return pab_eligible(t, pid, rnd)
    return not any((e := t.player(pid).entry(r)) is not None and not e.is_played
                   and e.code in (Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN) for r in range(1, rnd))


def reference(t: Tournament, rnd: int, edition: Edition) -> list[PairingPlayer]:
    """Every fact asked of the model separately, round by round."""
    total = t.total_rounds
    prev = rnd - 1
    available = set(available_players(t, rnd))
    threshold = None
    if total is not None and prev >= total - 1:
        threshold = Fraction(prev) * max(t.scoring.win_white, t.scoring.draw_white) / 2
    out = []
    tpn = 0
    for p in sorted(t.players, key=lambda q: q.start_rank):
        ever = any((e := p.entry(r)) is not None and e.is_paired for r in range(1, rnd))
        if not ever and p.start_rank not in available:
            continue  # Art. 1.1: no pairing number
        tpn += 1
        if p.start_rank not in available:
            continue
        colours = p.colour_history(through=prev)
        pref, strength = colour_preference(colours)
        score = _score_when_paired(t, p.start_rank, rnd)
        out.append(PairingPlayer(
            id=p.start_rank, tpn=tpn, score=score, points=t.score(p.start_rank, through=prev), colours=colours,
            preference=pref, strength=strength,
            floats=(_float(t, p.start_rank, prev, edition), _float(t, p.start_rank, prev - 1, edition)),
            bye_eligible=_pab_eligible(t, p.start_rank, rnd, edition),
            played_games=sum(1 for r in range(1, rnd) if (e := p.entry(r)) is not None and e.is_played),
            topscorer=threshold is not None and score > threshold,
            met=frozenset(p.opponents(through=prev))))
    out.sort(key=lambda q: (-q.score, q.tpn))
    return out


def _agree(t: Tournament, rnd: int, edition: Edition) -> None:
    got = pairing_players(t, rnd, None, edition)
    want = reference(t, rnd, edition)
    assert got == want
    assert all(type(q.score) is Fraction and type(q.points) is Fraction for q in got)


@pytest.mark.fast
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_random_histories_read_in_one_pass_as_round_by_round(case: tuple[trf.Tournament, int]) -> None:
    """Generated histories (byes, forfeits, 3/1/0 scoring, late rounds with topscorers), every
    round of them, under both editions' float and PAB rules."""
    t, rnd = case
    for r in range(1, rnd + 1):
        _agree(t, r, EDITION_2026)
        _agree(t, r, EDITION_2017)


def _files() -> list[Path]:
    return sorted((FIXTURES / "dutch-2026" / "features" / "accelerated").glob("*.trf")) + \
        sorted((FIXTURES / "abnormal").glob("*.trf"))


@pytest.mark.fast
@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_accelerated_and_abnormal_files_read_in_one_pass_as_round_by_round(path: Path) -> None:
    """Virtual points (``XXA``/``250``) and ``299`` records: the exact scores, every round."""
    t = parse_path(path).tournament
    if t.total_rounds is None:
        pytest.skip("no number of rounds")
    assert _files(), "the fixtures are missing"
    for r in range(1, t.rounds_paired + 2):
        _agree(t, r, EDITION_2026)
        _agree(t, r, EDITION_2017)


@pytest.mark.fast
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_boards_come_in_board_key_order(case: tuple[trf.Tournament, int]) -> None:
    """The engine orders its boards on the points' ranks (:func:`~pairing.dutch.engine.points_ranks`):
    the order of :func:`~pairing.dutch.engine.board_key` on the players themselves (C.04.2
    Art. 3.6: the higher player's points, the lower one's, the higher one's TPN)."""
    t, rnd = case
    try:
        got = pair_round(t, rnd)
    except NoLegalPairing:
        return
    players = {q.id: q for q in pairing_players(t, rnd, None, EDITION_2026)}
    keys = [board_key((players[w], players[b])) for w, b in got.boards]
    assert keys == sorted(keys)
