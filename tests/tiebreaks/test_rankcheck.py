"""The rank column against the file's own tie-break list: planted rank swaps are found, each
misplaced pair named with the tie-break that decides it and both values, read independently off
the standings table."""

from __future__ import annotations

from dataclasses import replace

import pytest

import trf
from verify.generate import GeneratorSettings, generate
from tiebreaks.codes import parse_list
from tiebreaks.output import fmt_value
from tiebreaks.rankcheck import check_ranks
from tiebreaks.standings import standings
from trf.model import Header, Player

pytestmark = pytest.mark.fast

LIST = "BH/C1,SB,DE,WIN"


@pytest.fixture(scope="module")
def event() -> trf.Tournament:
    t = generate(GeneratorSettings(players=24, rounds=6, seed=12, tiebreaks=LIST))
    return trf.parse_text(trf.dumps(t)).tournament


def with_ranks(t: trf.Tournament, ranks: dict[int, int | None]) -> trf.Tournament:
    return t.replace_records(tuple(replace(r, rank=ranks[r.start_rank]) if isinstance(r, Player)
                                   and r.start_rank in ranks else r for r in t.records))


def test_the_generated_rank_column_follows_the_list(event: trf.Tournament) -> None:
    c = check_ranks(event)
    assert c.checked and c.ok and c.source == "202" and c.tiebreaks == LIST
    assert c.as_dict()["rank_differences"] == [] and c.misplaced == ()


def test_planted_swaps_are_found_and_the_tie_break_named(event: trf.Tournament) -> None:
    table = standings(event, parse_list(LIST))
    rows = table.rows
    tbs = parse_list(LIST)
    found_levels = set()
    for i in range(len(rows) - 1):
        a, b = rows[i], rows[i + 1]
        if a.place == b.place:
            continue  # a shared place: any order is accepted
        # what separates them, read off the table: the first of PTS, then each value, that differs
        levels = [("PTS", a.points, b.points)] + [(tb.text, va, vb) for tb, va, vb in zip(tbs, a.values, b.values)]
        name, va, vb = next((n, x, y) for n, x, y in levels if x != y)
        assert name == table.separated_by[(a.pid, b.pid)]  # as the standings' own grouping says
        code = "PTS" if name == "PTS" else next(tb.code for tb in tbs if tb.text == name)
        swapped = with_ranks(event, {a.pid: b.rank, b.pid: a.rank})
        c = check_ranks(swapped)
        assert not c.ok
        assert {d["start_rank"] for d in c.differences} == {a.pid, b.pid}
        assert len(c.misplaced) == 1
        m = c.misplaced[0]
        assert (m.above, m.below) == (b.pid, a.pid)  # b is now listed above a, who places higher
        assert m.decided_by == name
        assert (m.below_value, m.above_value) == (fmt_value(va, code), fmt_value(vb, code))
        assert f"{a.pid} (ranked {b.rank}) should rank above {b.pid}" in m.message()
        found_levels.add(name)
    assert {"PTS", "BH/C1"} <= found_levels  # the sample separates neighbours by points and by BH/C1


def test_a_distant_swap_names_only_the_two_players(event: trf.Tournament) -> None:
    rows = standings(event, parse_list(LIST)).rows
    a, b = rows[1], rows[-2]
    c = check_ranks(with_ranks(event, {a.pid: b.rank, b.pid: a.rank}))
    assert [(m.above, m.below, m.decided_by) for m in c.misplaced] == [(b.pid, a.pid, "PTS")]


def test_nothing_to_check_is_said(event: trf.Tournament) -> None:
    bare = event.replace_records(tuple(r for r in event.records if not (isinstance(r, Header) and r.code == "202")))
    c = check_ranks(bare)
    assert not c.checked and "no tie-break list" in (c.note or "")
    blank = with_ranks(event, {p.start_rank: None for p in event.players})
    c = check_ranks(blank)
    assert not c.checked and "no rank column" in (c.note or "")
    bad = event.replace_records(tuple(replace(r, value="BH,NOPE") if isinstance(r, Header) and r.code == "202"
                                      else r for r in event.records))
    c = check_ranks(bad)
    assert not c.checked and "cannot be read" in (c.note or "") and "NOPE" in (c.note or "")
    # a list given by the caller overrides the file's
    assert check_ranks(event, parse_list("BH/C1,SB,DE,WIN")).source == "given"
