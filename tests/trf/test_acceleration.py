"""Baku acceleration as records (trf/acceleration.py), checked against the numbers of C.04.7:
group A = 2 x ceil(N/4) (N = 161 gives 82), the first ceil(R/2) rounds accelerated, a win's
points in the first ceil(A/2) of them and half a win in the rest (9 rounds: +1 in rounds 1-3,
+1/2 in rounds 4-5), only with standard scoring; and bbpPairings' automatic mode, ceil(N/2) of
all player records."""

from __future__ import annotations

from fractions import Fraction

import pytest

import trf
from tiebreaks.codes import parse_list
from tiebreaks.standings import standings
from trf.diagnostics import Severity
from trf.acceleration import AccelerationRefused, baku_plan, dialect, late_entries, with_baku
from trf.model import AccelerationRange, PlayerAcceleration
from trf.writer import dumps


def _file(n: int, rounds: int = 9, extra: str = "", columns: dict[int, str] | None = None) -> trf.Tournament:
    """``n`` players ranked by rating; ``columns``: a player's round blocks (from column 92)."""
    cols = columns or {}
    lines = [(f"001 {i:>4}      Player {i:<26} {2500 - 10 * i:>4}" + " " * 28 + f"{'0.0':>4} {i:>4}").ljust(89)
             + cols.get(i, "") for i in range(1, n + 1)]
    text = "\n".join(["012 Baku case", *[ln.rstrip() for ln in lines], f"XXR {rounds}", "XXC white1"])
    return trf.parse_text(text + ("\n" + extra if extra else "") + "\n").tournament


def _group(t: trf.Tournament, rnd: int = 1) -> list[int]:
    return [p.start_rank for p in t.players if t.acceleration(p.start_rank, rnd)]


@pytest.mark.fast
@pytest.mark.parametrize(("n", "handbook", "engine"), [(20, 10, 10), (21, 12, 11), (22, 12, 11), (23, 12, 12),
                                                       (161, 82, 81), (10, 6, 5)])
def test_group_a_size(n: int, handbook: int, engine: int) -> None:
    """2 x ceil(N/4) by the rule; ceil(N/2) in the engine mode: they differ when N is 1 or 2 mod 4."""
    t = _file(n)
    assert _group(with_baku(t)) == list(range(1, handbook + 1))
    assert _group(with_baku(t, "engine")) == list(range(1, engine + 1))


@pytest.mark.fast
@pytest.mark.parametrize(("rounds", "full", "half"), [(9, [1, 2, 3], [4, 5]), (11, [1, 2, 3], [4, 5, 6]),
                                                      (7, [1, 2], [3, 4]), (5, [1, 2], [3]), (1, [1], [])])
def test_accelerated_rounds(rounds: int, full: list[int], half: list[int]) -> None:
    t = with_baku(_file(8, rounds))
    for r in range(1, rounds + 2):
        want = Fraction(1) if r in full else Fraction(1, 2) if r in half else Fraction(0)
        assert t.acceleration(1, r) == want, r
        assert t.acceleration(8, r) == 0  # group B never gets virtual points


@pytest.mark.fast
def test_late_entry_does_not_move_the_boundary() -> None:
    """22 players, round 1 paired; player 3 missed it (zero-point bye, C.04.2 Art. 2: a late
    entry).  N = 21 registered before round 1, 2 x ceil(21/4) = 12: the 12th registered player is
    start rank 13, and group A is start ranks 1-13 (the late entry, placed above the boundary,
    joins it: 13 players).  Counting him, N = 22 would also give 12 but end at start rank 12."""
    cols = {3: "  0000 - Z"}
    others = [k for k in range(1, 23) if k != 3]
    for a, b in zip(others[:10], others[10:20]):
        cols[a], cols[b] = f"  {b:>4} w 1", f"  {a:>4} b 0"
    cols[others[20]] = "  0000 - U"
    t = _file(22, columns=cols)
    assert t.rounds_paired == 1
    assert late_entries(t) == {3}
    plan = baku_plan(t)
    assert (plan.registered, plan.last_of_a, plan.group_a) == (21, 13, tuple(range(1, 14)))
    assert baku_plan(t, late=()).group_a == tuple(range(1, 13))  # the caller says: no late entries
    assert len(baku_plan(t, "engine").group_a) == 11  # the engine mode counts every record


@pytest.mark.fast
def test_a_requested_half_point_bye_is_not_a_late_entry() -> None:
    t = _file(8, columns={8: "  0000 - H"})
    assert late_entries(t) == frozenset()
    assert late_entries(_file(8, columns={8: "  0000 - Z"})) == {8}


@pytest.mark.fast
def test_non_standard_scoring_is_refused() -> None:
    """2017 (C.04.5.1): 1 / 1/2 / 0 only.  2026 (C.04.7): a win worth two draws, a loss nothing:
    2/1/0 is accelerated by 2 and 1 points, 3/1/0 is refused."""
    three = _file(8, extra="162 W 3.0 D 1.0 L 0.0")
    with pytest.raises(AccelerationRefused) as exc:
        with_baku(three)
    assert exc.value.reason == "scoring" and "win 3, draw 1, loss 0" in str(exc.value)
    two = _file(8, extra="162 W 2.0 D 1.0 L 0.0")
    with pytest.raises(AccelerationRefused, match="2017"):
        with_baku(two, standard_only="under the 2017 rules (C.04.5.1)")
    accelerated = with_baku(two)
    assert [accelerated.acceleration(1, r) for r in (1, 2, 3, 4, 5, 6)] == [2, 2, 2, 1, 1, 0]


@pytest.mark.fast
def test_unknown_number_of_rounds_is_refused() -> None:
    t = trf.parse_text(dumps(_file(8)).replace("XXR 9\n", "")).tournament
    with pytest.raises(AccelerationRefused) as exc:
        with_baku(t)
    assert exc.value.reason == "total-rounds"
    assert _group(with_baku(t, total_rounds=5)) == [1, 2, 3, 4]


@pytest.mark.fast
def test_explicit_records_are_kept() -> None:
    t = _file(8, extra="XXA    7  0.5")
    assert with_baku(t) is t
    assert _group(t) == [7]


@pytest.mark.fast
def test_records_by_dialect_and_written_back() -> None:
    """TRF-16 gets one XXA per group A player, TRF-2026 two 250 ranges; both read back the same."""
    t16 = _file(21, rounds=7)
    assert dialect(t16) == "trf16"
    a16 = with_baku(t16)
    assert sum(isinstance(r, PlayerAcceleration) for r in a16.records) == 12
    t26 = trf.parse_text(dumps(t16).replace("XXR 7", "142 7")).tournament
    assert dialect(t26) == "trf26"
    a26 = with_baku(t26)
    ranges = [r for r in a26.records if isinstance(r, AccelerationRange)]
    assert [(r.game_points, r.first_round, r.last_round, r.first_player, r.last_player) for r in ranges] == [
        (Fraction(1), 1, 2, 1, 12), (Fraction(1, 2), 3, 4, 1, 12)]
    for acc in (a16, a26):
        read = trf.parse_text(dumps(acc))
        assert not [d for d in read.diagnostics if d.severity is Severity.ERROR]
        again = read.tournament
        table = {(k, r): again.acceleration(k, r) for k in range(1, 22) for r in range(1, 8)}
        assert table == {(k, r): a16.acceleration(k, r) for k in range(1, 22) for r in range(1, 8)}


@pytest.mark.fast
def test_virtual_points_are_not_in_the_standings() -> None:
    """C.04.7: the pairing score appears nowhere in the standings."""
    cols = {1: "     2 w 1", 2: "     1 b 0", 3: "     4 w 0", 4: "     3 b 1"}
    t = with_baku(_file(4, rounds=5, columns=cols))
    assert t.acceleration(1, 1) == 1 and t.score(1) == 1 and t.score(3) == 0
    rows = {row.pid: row.points for row in standings(t, parse_list("BH")).rows}
    assert rows == {1: 1, 2: 0, 3: 0, 4: 1}
