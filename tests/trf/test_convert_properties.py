"""``convert`` never writes what ``validate`` rejects, and a round trip keeps the facts (hypothesis).

A random valid file in one dialect (:func:`tests.strategies.tournaments` with ``dialect``: TRF-16
with the JaVaFo/bbpPairings records, or TRF-2026) is converted to the other dialect (every
direction ``arbiter convert --to`` offers: trf16 and trf26) and back.  Each text written must
read without an error or a warning, and mean what the source means, judged through the model
read back from the text (not from the converter's own objects):

* the players and every field of their lines, the round blocks of the rounds paired;
* the scores through the last round paired, and the listed points: the same in the round trip,
  and in the other dialect the score with or without the next-round byes (TRF-16 lists them,
  the JaVaFo convention; TRF-2026 does not);
* the number of rounds, the initial colour, the scoring, the rounds paired;
* the byes declared for the rounds still to pair (``declared_absences``), forbidden pairs and
  fictitious points of every round.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trf
from trf import ParseResult, Severity, Tournament
from trf.convert import convert
from trf.limits import MAX_ROUNDS

from tests.strategies import tournaments

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
OTHER = {"trf16": "trf26", "trf26": "trf16"}


def read_clean(text: str, what: str) -> Tournament:
    """``text`` read back: no error and no warning (the source had none)."""
    result: ParseResult = trf.parse_text(text)
    bad = [d.format(what) for d in result.diagnostics if d.severity is not Severity.INFO]
    assert bad == [], "\n".join(bad) + "\n" + text
    return result.tournament


def horizon(t: Tournament) -> int:
    """The rounds whose facts are compared: every round paired, declared or named by a record, up
    to the last round of the event when the file says which."""
    last = max(t.total_rounds or 0, t.rounds_paired + 1, t.round_columns)
    for rec in t.records:
        if isinstance(rec, trf.ByeRecord):
            last = max(last, rec.round)
        elif isinstance(rec, trf.PlayerAcceleration):
            last = max(last, len(rec.points))
        elif isinstance(rec, trf.AccelerationRange):
            last = max(last, rec.last_round)
    if t.total_rounds is not None:  # a round after the last one does not exist: nothing to compare
        last = min(last, t.total_rounds)
    return min(last, MAX_ROUNDS)


def blocks(p: trf.Player, rounds: int) -> tuple[trf.RoundEntry | None, ...]:
    """The first ``rounds`` blocks of a line, a line ending early read as blank blocks."""
    return tuple(p.entry(r) for r in range(1, rounds + 1))


def same_facts(a: Tournament, b: Tournament, same_points: bool) -> None:
    """``b`` means what ``a`` means (module docstring)."""
    assert (b.rounds_paired, b.total_rounds, b.initial_colour) == (a.rounds_paired, a.total_rounds, a.initial_colour)
    sa, sb = a.scoring, b.scoring
    assert replace(sb, pab=sb.pab_value) == replace(sa, pab=sa.pab_value)
    paired = a.rounds_paired
    ranks = sorted(a.player_by_rank)
    assert sorted(b.player_by_rank) == ranks
    for n in ranks:
        pa, pb = a.player(n), b.player(n)
        assert replace(pb, rounds=(), points=None) == replace(pa, rounds=(), points=None), n
        assert blocks(pb, paired) == blocks(pa, paired), n
        assert b.score(n, through=paired) == a.score(n, through=paired), n
        if same_points:
            assert pb.points == pa.points, n
        else:
            assert pb.points in (b.score(n, through=paired), b.score(n)), n
    last = horizon(a)
    for r in range(paired + 1, last + 1):
        assert b.declared_absences(r) == a.declared_absences(r), f"round {r}"
    for r in range(1, last + 1):
        assert b.forbidden(r) == a.forbidden(r), f"round {r}"
        for n in ranks:
            assert b.acceleration(n, r) == a.acceleration(n, r), f"player {n}, round {r}"


def round_trip(source: Tournament, dialect: str) -> None:
    text = trf.dumps(source)
    original = read_clean(text, f"<{dialect}>")
    there, _notes = convert(original, OTHER[dialect])
    converted = read_clean(trf.dumps(there), f"<{OTHER[dialect]}>")
    same_facts(original, converted, same_points=False)
    back, _notes = convert(converted, dialect)
    returned = read_clean(trf.dumps(back), f"<{dialect} again>")
    same_facts(original, returned, same_points=True)


@pytest.mark.fast
@settings(max_examples=40, **SETTINGS)
@given(st.sampled_from(("trf16", "trf26")).flatmap(lambda d: st.tuples(st.just(d), tournaments(max_players=16, max_rounds=6,
                                                                                                 dialect=d))))
def test_convert_writes_valid_files_that_mean_the_same(case: tuple[str, Tournament]) -> None:
    dialect, t = case
    round_trip(t, dialect)


@settings(max_examples=100, **SETTINGS)
@given(st.sampled_from(("trf16", "trf26")).flatmap(lambda d: st.tuples(st.just(d), tournaments(dialect=d))))
def test_convert_writes_valid_files_that_mean_the_same_larger(case: tuple[str, Tournament]) -> None:
    dialect, t = case
    round_trip(t, dialect)
