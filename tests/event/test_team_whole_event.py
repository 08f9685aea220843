"""A whole team event run from the command line: 7 teams registered from a CSV (some with reserves),
6 rounds paired into the file, seeded board results entered three ways (a match's boards on the
command line, a CSV of whole matches, a CSV of single boards), a line-up with a reserve and an empty
board, a whole-match forfeit, a requested bye, a late team and a withdrawal, to the end; then published.

The pairing comes through :func:`systems.next_round`, the call the individual event makes (the
registry's Swiss Team Pairing System).

Independent expectations: the test keeps its own books by team name and player name (the game points
of each board it entered, the match points of 362 for more, equal or fewer game points, the PAB's
1 MP / 2 GP, a forfeit's 2 MP / 4 GP) and compares them with the file's 310 records and player lines;
every round in the file is the pairing the system gave on the file as it stood before it; the file reads back
byte for byte without a warning; a refused command writes nothing; the backup is the version before.
"""

from __future__ import annotations

import systems

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

import trf
from arbiter import exitcodes
from event import store
from event.log import entries
from event.team.matches import round_matches
from event.team.results import enter_match_result
from tests.event.making import cli
from tests.event.team_making import teams_csv, teams_rows
from trf.teams import MatchKind, team_event

ROUNDS = 6
F = Fraction
GAME = {"1": (F(1), F(0)), "0": (F(0), F(1)), "=": (F(1, 2), F(1, 2)), "+": (F(1), F(0)), "-": (F(0), F(1))}


def _read(path: Path) -> trf.Tournament:
    parsed = trf.parse_file(path)
    assert not parsed.errors, [d.message for d in parsed.errors]
    return parsed.tournament


def test_a_whole_team_event_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cup.trf"
    rows = teams_rows(7, [5, 4, 6, 4, 5, 4, 4], seed=31)
    (tmp_path / "teams.csv").write_text(teams_csv(rows), encoding="utf-8")
    commands = 0

    def run(*args: str | Path, expect: int = 0) -> str:
        nonlocal commands
        code, out, err = cli(*args)
        assert code == expect, (args, out, err)
        if args[0] == "event" and args[1] not in ("boards", "status", "log") and expect == 0:
            commands += 1
        return out

    run("event", "new", path, "--team", "--name", "Fjord Team Cup", "--rounds", str(ROUNDS), "--seed", "5",
        "--start", "2026-10-03", "--tiebreaks", "EDE,EMGSB/C1,MPvGP", "--city", "Tromso")
    data = json.loads(run("event", "register", path, "--teams-csv", tmp_path / "teams.csv", "--json"))
    assert [x["name"] for x in data["data"]["teams"]] == [name for name, _ in rows]
    mp: dict[str, F] = {name: F(0) for name, _ in rows}
    gp: dict[str, F] = {name: F(0) for name, _ in rows}
    pts: dict[str, F] = {}
    rng = random.Random(2026)
    late = "Latecomers"
    for r in range(1, ROUNDS + 1):
        if r == 2:
            run("event", "bye", path, "3", "--round", "3")  # a half-point bye two rounds ahead
        if r == 3:  # a late team, after round 2 is paired: rounds 1-2 zero-point byes
            (tmp_path / "late.csv").write_text("Team,Name,Rating\n" + "".join(
                f"{late},\"Late, Player{i}\",{1600 - i}\n" for i in range(4)), encoding="utf-8")
            run("event", "register", path, "--teams-csv", tmp_path / "late.csv")
            mp[late] = gp[late] = F(0)
        if r == 5:
            run("event", "withdraw", path, "6")
        before = _read(path)
        expected = systems.next_round(before).pairing
        out = run("event", "pair", path, "--date", f"2026-10-{2 + r:02d}")
        assert f"pair round {r}:" in out
        t = _read(path)
        ev = team_event(t)
        names = {x.tpn: x.name for x in ev.teams}
        rm = round_matches(t, r)
        # the round in the file is the system's pairing of the file as it stood (White team on board 1)
        assert sorted((m.white, m.black) for m in rm.matches) == sorted(expected.boards) and rm.pab == expected.bye
        if rm.pab is not None:
            mp[names[rm.pab]] += 1
            gp[names[rm.pab]] += 2  # C.04.6 Art. 1.4: a drawn match, 4 boards x 1/2
        for tpn, kind in rm.byes.items():
            mp[names[tpn]] += {"H": 1, "F": 2, "Z": 0}[kind]
            gp[names[tpn]] += {"H": 2, "F": 4, "Z": 0}[kind]
        if r == 2:  # the second match's Black team fields its fifth player on board 2 and nobody on board 4
            m = rm.matches[1]
            players = ["1", "5", "3", "0"] if len(ev.team(m.black).members) >= 5 else ["1", "2", "3", "0"]
            run("event", "lineup", path, str(m.black), *players)
            t = _read(path)
            rm = round_matches(t, r)
        csv_rows = []
        for m in rm.matches:
            if r == 4 and m.number == 2:  # a whole match forfeited: the Black team did not come
                run("event", "forfeit", path, f"{m.black}-{m.white}", "--", "-+")
                mp[names[m.white]] += 2
                gp[names[m.white]] += 4
                for bd in m.boards:  # each player of the White team wins his board by forfeit
                    pts[t.player(bd.white_team_player).name] = pts.get(t.player(bd.white_team_player).name, F(0)) + 1
                continue
            codes = []
            for b in m.boards:
                if not b.black_team_player:
                    codes.append(".")  # an empty board: won by forfeit by the player there
                    continue
                codes.append(rng.choices("10=+", weights=[4, 3, 4, 1])[0])
            game = [GAME[c] if c != "." else (F(1), F(0)) for c in codes]
            w, b = sum(g[0] for g in game), sum(g[1] for g in game)
            gp[names[m.white]] += w
            gp[names[m.black]] += b
            mp[names[m.white]] += 2 if w > b else 1 if w == b else 0
            mp[names[m.black]] += 2 if b > w else 1 if w == b else 0
            for bd, c in zip(m.boards, codes):
                for pid, got in ((bd.white_team_player, GAME.get(c, (F(1), F(0)))[0]),
                                 (bd.black_team_player, GAME.get(c, (F(1), F(0)))[1])):
                    if pid:
                        name = t.player(pid).name
                        pts[name] = pts.get(name, F(0)) + got
            if r % 3 == 1:  # on the command line, named by the Black team first
                flipped = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", ".": "."}
                run("event", "result", path, "--", f"{m.black}-{m.white}", " ".join(flipped[c] for c in codes))
            elif r % 3 == 2:
                csv_rows.append(f"{m.number},{''.join(codes)}")
            else:
                csv_rows += [f"{m.number},{k},{c}" for k, c in enumerate(codes, 1) if c != "."]
        if csv_rows:
            (tmp_path / f"r{r}.csv").write_text("match,results\n" + "\n".join(csv_rows) + "\n", encoding="utf-8")
            run("event", "result", path, "--csv", tmp_path / f"r{r}.csv")
        assert not round_matches(_read(path), r).pending
        # the backup is the version before the last command
        assert (tmp_path / "cup.trf.bak").exists()

    final = path.read_bytes()
    run("event", "status", path)
    assert path.read_bytes() == final  # status writes nothing
    t = _read(path)
    ev = team_event(t)
    # the books of the test against the 310 records (and the file's own reading)
    assert {x.name: x.match_points for x in ev.teams} == mp
    assert {x.name: x.game_points for x in ev.teams} == gp
    assert {x.name: ev.match_points(x.tpn) for x in ev.teams} == mp
    # each player's points (informative in a team event) are those of the boards entered, PABs aside
    pab_players = {p for r in range(1, ROUNDS + 1) if ev.pab(r) for p in ev.entry(ev.pab(r) or 0, r).boards}
    for p in t.players:
        if p.start_rank not in pab_players and not any(e is not None and e.code is not None and e.code.is_bye
                                                       and e.code.value in "HF" for e in p.rounds):
            assert p.points == pts.get(p.name, F(0)), p.name
    # the late team, the withdrawal, the bye, the forfeit and the line-up are in the file as the rules say
    tpn_late = next(x.tpn for x in ev.teams if x.name == late)
    assert [ev.entry(tpn_late, r).kind for r in (1, 2)] == [MatchKind.ZERO_BYE] * 2
    assert [ev.entry(6, r).kind for r in range(5, ROUNDS + 1)] == [MatchKind.ZERO_BYE] * (ROUNDS - 4)
    assert ev.entry(3, 3).kind == MatchKind.HALF_BYE
    assert len(ev.forfeits) == 1 and ev.forfeits[0].round == 4 and ev.forfeits[0].kind == "+-"
    assert len(ev.lineups) == 1 and ev.lineups[0].round == 2 and ev.lineups[0].boards[3] == 0
    # the event is over
    assert cli("event", "pair", path)[0] == exitcodes.FINISHED
    # the final file reads back byte for byte, without a warning
    parsed = trf.parse_bytes(final)
    assert trf.dumps(parsed.tournament).encode("utf-8") == final
    assert [d.message for d in parsed.diagnostics if d.severity is not trf.Severity.INFO] == []
    # the log: one line per command that changed the file
    log = entries(t)
    assert len(log) == commands
    assert log[0].text.startswith("create team event: Fjord Team Cup")
    # published: a page per round, per standings, per team
    code, out, err = cli("publish", path, "-o", tmp_path / "site", "--json")
    assert code == 0, err
    files = json.loads(out)["files"]
    assert {f"round-{r}.html" for r in range(1, ROUNDS + 1)} <= set(files)
    assert {f"team-{x.tpn}.html" for x in ev.teams} <= set(files)


@pytest.mark.fast
def test_a_concurrent_change_and_a_refused_command_write_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cup.trf"
    (tmp_path / "teams.csv").write_text(teams_csv(teams_rows(4, 4, seed=1)), encoding="utf-8")
    assert cli("event", "new", path, "--team", "--name", "Cup", "--rounds", "3", "--seed", "1")[0] == 0
    assert cli("event", "register", path, "--teams-csv", tmp_path / "teams.csv")[0] == 0
    assert cli("event", "pair", path)[0] == 0
    loaded = store.load(path)
    assert cli("event", "result", path, "1", "1111")[0] == 0  # someone else enters a result meanwhile
    mine = enter_match_result(loaded.tournament, "2", "0000")
    with pytest.raises(store.ConcurrentChange):
        store.save(path, mine.after, loaded.data)
    written = path.read_bytes()
    backup = (tmp_path / "cup.trf.bak").read_bytes()
    code, out, err = cli("event", "result", path, "2", "10=")  # three codes for four boards
    assert code == exitcodes.USAGE and "3 code(s) for 4 boards" in err
    assert path.read_bytes() == written and (tmp_path / "cup.trf.bak").read_bytes() == backup
    assert cli("event", "result", path, "2", "10==")[0] == 0
    assert (tmp_path / "cup.trf.bak").read_bytes() == written
