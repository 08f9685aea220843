"""The team event writer and the random team Swiss (``verify.teamgen``): board forfeits, requested
byes (``240``), double forfeits and late entries read back by ``trf.teams`` as written, and the
pairing function given to the random event sees the file cut before each round."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trf import parse_text
from trf.teams import MatchKind, team_event
from verify.teamgen import (TeamEventSpec, TeamGenSettings, TeamMatch, TeamRoundRecord, random_team_event,
                            team_trf)

pytestmark = pytest.mark.fast


def test_board_forfeits_byes_and_announced_byes_read_back() -> None:
    """Six teams, 4 boards, 2/1/0 match points.  Round 1: 1-2 with board 1 won by forfeit by team
    1's player (``+``) and boards 2-4 ``0 = 1``: GP 1 + 0 + 0.5 + 1 = 2.5 for team 1, 1.5 for team
    2, a won match (2 MP) for team 1; 3-4 forfeited by both (``--``: 0 MP, 0 GP each); team 5 a
    full-point bye (``240 F``: a won match's 2 MP, 1 GP a board = 4), team 6 a half-point bye
    (``240 H``: 1 MP, 2 GP).  Team 1 has a bye announced for round 2 (``240 Z 002``): it is not
    paired in round 2."""
    spec = TeamEventSpec(6, total_rounds=3)
    r1 = TeamRoundRecord((TeamMatch(1, 2, ("+", "0", "=", "1")), TeamMatch(3, 4, forfeit="--")),
                         byes=(("F", 5), ("H", 6)))
    text = team_trf(spec, [r1], upcoming=[("Z", 1)])
    assert "240 F 001    5" in text and "240 H 001    6" in text and "240 Z 002    1" in text
    ev = team_event(parse_text(text).tournament)
    kinds = {tpn: ev.entry(tpn, 1).kind for tpn in range(1, 7)}
    assert kinds == {1: MatchKind.PLAYED, 2: MatchKind.PLAYED, 3: MatchKind.DOUBLE_FORFEIT,
                     4: MatchKind.DOUBLE_FORFEIT, 5: MatchKind.FULL_BYE, 6: MatchKind.HALF_BYE}
    assert [(ev.match_points(t), ev.game_points(t)) for t in range(1, 7)] == [
        (2, Fraction(5, 2)), (0, Fraction(3, 2)), (0, 0), (0, 0), (2, 4), (1, 2)]
    assert (2, "Z", 1) in ev.byes
    # the 310 records carry the same totals (match points, game points)
    row = {int(x.split()[1]): x.split()[-7:-5] for x in text.splitlines() if x.startswith("310")}
    assert row[1] == ["2.0", "2.5"] and row[5] == ["2.0", "4.0"] and row[6] == ["1.0", "2.0"]
    from systems import select
    t = parse_text(text).tournament
    sel = select(t)
    paired = sel.system.pair(t, 2, sel)
    assert 1 not in {x for wb in paired.boards for x in wb} | {paired.bye}
    # five teams left: two matches and the PAB.  Never to 5, whose full-point bye bars it (C.04.6
    # Art. 2.1.2); among the lowest score (0 MP: 2, 3, 4, Art. 3.4.2) the most matches played
    # (Art. 3.4.3): team 2 played one, 3 and 4 none (their match was forfeited)
    assert len(paired.boards) == 2 and paired.bye == 2


def test_a_team_with_neither_match_nor_bye_is_absent() -> None:
    """A team written in no match and no 240 is absent that round (no points), and is paired later."""
    spec = TeamEventSpec(5, total_rounds=3)
    text = team_trf(spec, [TeamRoundRecord((TeamMatch(1, 2, ("1", "1", "1", "1")), TeamMatch(3, 4, ("0",) * 4)))])
    ev = team_event(parse_text(text).tournament)
    assert ev.entry(5, 1).kind == MatchKind.ABSENT and ev.score(5, 1) == 0


def test_random_event_with_byes_forfeits_and_late_entries() -> None:
    """The generator's options all show in the file: requested byes of every kind, board forfeits,
    double forfeits, late teams missing their first rounds; the pairing function is called with
    the cut before each round, whose 240 names the teams not to pair."""
    s = TeamGenSettings(teams=16, rounds=6, total=7, seed=11, forfeit_rate=0.1, double_forfeit_share=0.5,
                        board_forfeit_rate=0.05, bye_rate=0.1, late_entries=3, late_record="mixed")
    cuts: list[tuple[int, str]] = []

    def spy(text: str, rnd: int):  # type: ignore[no-untyped-def]
        from systems import select
        cuts.append((rnd, text))
        t = parse_text(text, validate=False).tournament
        sel = select(t)
        p = sel.system.pair(t, rnd, sel)
        return tuple(p.boards), p.bye

    text, _, rounds = random_team_event(s, spy)
    assert [r for r, _ in cuts] == [1, 2, 3, 4, 5, 6] and len(rounds) == 6
    ev = team_event(parse_text(text).tournament)
    kinds = {ev.entry(t, r).kind for t in range(1, 17) for r in range(1, 7)}
    assert {MatchKind.FULL_BYE, MatchKind.HALF_BYE, MatchKind.ZERO_BYE, MatchKind.DOUBLE_FORFEIT,
            MatchKind.FORFEIT_WIN, MatchKind.PAB} <= kinds
    assert any(res in "+-" for r in rounds for m in r.matches for res in m.boards)
    # each cut names in 240 exactly the teams the round then leaves unpaired, and they are not paired
    for (rnd, cut), record in zip(cuts, rounds):
        named = {int(x) for line in cut.splitlines() if line.startswith(f"240 ") and int(line[6:9]) == rnd
                 for x in line[10:].split()}
        paired = {x for m in record.matches for x in (m.white, m.black)} | ({record.pab} if record.pab else set())
        assert named and not named & paired and named | paired == set(range(1, 17))
    # late teams: missing in round 1, written as absent or as a bye, paired once they have entered
    first = {t: ev.entry(t, 1).kind for t in range(1, 17)}
    assert sum(1 for k in first.values() if k in (MatchKind.ABSENT, MatchKind.ZERO_BYE, MatchKind.HALF_BYE)) >= 3


def test_the_event_ends_when_the_pairing_function_gives_none() -> None:
    s = TeamGenSettings(teams=6, rounds=5, seed=2)
    text, _, rounds = random_team_event(s, lambda text, rnd: None if rnd == 3 else ((
        (1, 2), (3, 4), (5, 6)) if rnd == 1 else ((1, 3), (2, 5), (4, 6)), None))
    assert len(rounds) == 2 and team_event(parse_text(text).tournament).entry(1, 2).opponent == 3


def test_default_settings_write_no_new_records() -> None:
    """Without the new options the file has no 240, no double forfeit and no board forfeit."""
    text, _, rounds = random_team_event(TeamGenSettings(teams=8, rounds=3, seed=4, forfeit_rate=0.2))
    assert "\n240 " not in text and "330 --" not in text
    assert all(res in "1=0" for r in rounds for m in r.matches for res in m.boards)
