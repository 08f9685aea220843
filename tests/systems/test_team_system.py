"""The Swiss Team Pairing System behind the door (``systems.team``) and ``arbiter pair`` on team
files: which files it pairs, the re-pairing of a round a file holds (the team records cut too),
and the command's output (one ``White Black`` line a match, the bye as ``team 0``, as FIDE's
reference engine prints it)."""

from __future__ import annotations

from pathlib import Path

import pytest

import systems
import trf
from arbiter import exitcodes
from systems import PairRequest
from tests.event.making import cli
from tests.support import FIXTURES
from trf.system import UnsupportedEvent
from verify.teamgen import TeamEventSpec, team_trf

pytestmark = pytest.mark.fast

T19 = FIXTURES / "team-swiss" / "team-t0019"


def _expected(rnd: int) -> set[str]:
    return {x for x in (T19 / f"r{rnd:02d}.expected").read_text().splitlines() if x.strip()}


def _lines(p) -> set[str]:  # type: ignore[no-untyped-def]
    return {f"{w} {b}" for w, b in p.boards} | ({f"{p.bye} 0"} if p.bye is not None else set())


def test_team_events_go_to_the_team_system() -> None:
    t = trf.parse_file(T19 / "full.trf").tournament
    sel = systems.select(t)
    assert sel.system.name == "team-swiss" and sel.source == "192 FIDE_TEAM_TYPEA_MP_GP"
    assert sel.edition.name == "2026" and systems.name_of(t) == "team event, Swiss Team (C.04.6, 2026 rules)"
    # a team file without 192, or naming a Swiss only (092), is a team Swiss all the same
    bare = trf.parse_text(team_trf(TeamEventSpec(4, code="X"), []).replace("192 X\n", "")).tournament
    assert systems.select(bare).system.name == "team-swiss" and systems.select(bare).source is None
    assert {r.name for r in sel.edition.rules} >= {f"C{k}" for k in range(1, 11)} | {
        f"4.3.{k}" for k in range(1, 10)} | {"3.4.1", "3.4.2", "3.4.3", "3.4.4"}
    # an individual event is not the team system's, unless asked
    assert systems.select(trf.parse_file(FIXTURES / "example.trf").tournament).system.name == "dutch"


def test_a_round_the_file_holds_is_paired_again_on_the_cut_file() -> None:
    """team-t0019 (8 teams; a forfeited match in round 2, double forfeits in rounds 6 and 7): rounds 2, 5 and 7
    re-paired from the whole file: it is cut back, its 320 and 330 records too, and each round is
    paired as gacrux paired it."""
    t = trf.parse_file(T19 / "full.trf").tournament
    for rnd in (2, 5, 7):
        nxt = systems.next_round(t, request=PairRequest(round=rnd))
        assert nxt.cut and nxt.system == "team-swiss" and _lines(nxt.pairing) == _expected(rnd)
        kept = [r.text.split() for r in nxt.before.records if getattr(r, "code", "") in ("320", "330")]
        assert all(int(f[2]) < rnd for f in kept if f[0] == "330")
        assert [len(f) - 3 for f in kept if f[0] == "320"] == [rnd - 1]


def test_a_team_event_is_refused_by_a_system_that_pairs_no_teams() -> None:
    t = trf.parse_file(T19 / "full.trf").tournament
    with pytest.raises(UnsupportedEvent):
        systems.next_round(t, system="dutch", request=PairRequest(round=3))


def test_arbiter_pair_prints_the_round_as_the_reference_engine(tmp_path: Path) -> None:
    code, out, err = cli("pair", T19 / "full.trf", "--round", "5", "--format", "bbp")
    rows = out.splitlines()
    assert code == 0 and int(rows[0]) == len(rows) - 1 and set(rows[1:]) == _expected(5)
    code, out, err = cli("pair", T19 / "full.trf", "--round", "5")
    assert code == 0 and "Team 1" in out and "Swiss Team rules of 2026" in out
    code, out, err = cli("pair", T19 / "full.trf", "--round", "5", "--json")
    assert code == 0 and '"tpn"' in out
    code, out, err = cli("pair", T19 / "full.trf", "--round", "5", "--format", "trf")
    assert code == exitcodes.USAGE and "team round" in err


def test_arbiter_pair_asks_for_the_number_of_rounds(tmp_path: Path) -> None:
    path = tmp_path / "no-rounds.trf"
    path.write_text(team_trf(TeamEventSpec(6, total_rounds=None), []), encoding="utf-8")
    code, out, err = cli("pair", path, "--format", "bbp")
    assert code == exitcodes.INVALID_INPUT and "--rounds N" in err
    code, out, err = cli("pair", path, "--format", "bbp", "--rounds", "5")
    assert code == 0 and out.splitlines() == ["3", "1 4", "5 2", "3 6"]
