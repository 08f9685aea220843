"""Two pairings of a round judged by the checker: on rounds the endorsed engine (bbpPairings)
paired, its pairing must win against every other way of pairing two of its boards, with the
criterion that decides named the same whichever side it is given on; wrong colours, a rematch and
wrong players are named as such."""

from __future__ import annotations

import pytest

import trf
from checker.dutch.judge import article_of, judge
from checker.judgement import RoundPairing
from trf.edit import cut_to_round
from trf.model import Result

from tests.support import FIXTURES, parse_path

pytestmark = pytest.mark.fast

EVENT = FIXTURES / "dutch-2026" / "tournaments" / "dev-0003-n19-r9.trf"


def given(t: trf.Tournament, rnd: int) -> RoundPairing:
    bye = next((b.player for b in t.byes(rnd) if b.kind is Result.PAIRING_ALLOCATED_BYE), None)
    return RoundPairing(tuple((g.white, g.black) for g in t.games(rnd)), bye)


def swaps(p: RoundPairing) -> list[RoundPairing]:
    out = []
    bd = list(p.boards)
    for i in range(len(bd)):
        for j in range(i + 1, len(bd)):
            (a, b), (c, d) = bd[i], bd[j]
            for x, y in (((a, d), (c, b)), ((a, c), (b, d))):
                q = list(bd)
                q[i], q[j] = x, y
                out.append(RoundPairing(tuple(q), p.bye))
    return out


@pytest.mark.parametrize("rnd", [2, 5, 9])
def test_the_endorsed_pairing_beats_every_two_board_exchange(rnd: int) -> None:
    t = parse_path(EVENT).tournament
    before = cut_to_round(t, rnd)
    ref = given(t, rnd)
    assert judge(before, rnd, ref, ref).winner == "same"
    seen = set()
    for other in swaps(ref):
        j = judge(before, rnd, ref, other, labels=("bbp", "other"))
        assert j.winner == "a", (other, j.message)
        assert j.criterion is not None and article_of(j.criterion) is not None
        assert j.article == article_of(j.criterion)
        back = judge(before, rnd, other, ref)
        assert back.winner == "b" and back.criterion == j.criterion
        seen.add(j.criterion)
    assert "C1" in seen  # some exchanges re-pair players who met: an absolute criterion


def test_colours_given_the_wrong_way_name_the_rule() -> None:
    t = parse_path(EVENT).tournament
    before = cut_to_round(t, 4)
    ref = given(t, 4)
    flipped = RoundPairing(((ref.boards[0][1], ref.boards[0][0]),) + ref.boards[1:], ref.bye)
    j = judge(before, 4, ref, flipped)
    assert j.winner == "a" and j.same_pairs and j.criterion is not None and j.criterion.startswith("5.2.")
    assert j.breaches_b and not j.breaches_a


def test_wrong_players_lose() -> None:
    t = parse_path(EVENT).tournament
    rnd = next(r for r in range(1, 10) if given(t, r).bye is not None)
    before = cut_to_round(t, rnd)
    ref = given(t, rnd)
    assert ref.bye is not None
    missing = RoundPairing(ref.boards, None)  # the PAB player left out
    j = judge(before, rnd, ref, missing)
    assert j.winner == "a" and j.criterion == "players" and f"leaves out {ref.bye}" in j.message
    both = judge(before, rnd, missing, missing)
    assert both.winner == "neither"
