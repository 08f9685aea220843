"""``arbiter generate --system double-swiss``: Double-Swiss events (C.04.5) written as two-game
matches in the layout ``docs/double-swiss.md`` decides, whose every round the checker accepts.

Each file is judged by the commands an arbiter runs on it (``check``: the checker's own reading
of C.04.5, independent of the engine that paired the rounds; ``validate``: the file and its
match layout), and its columns are read against the layout's rules written out here: match *k*
in columns *2k-1* and *2k*, game 2 against the same opponent with the colours reversed, the PAB
``U`` then ``H``, a bye the same code in both columns, a game scored ½-0 or 0-0 written ``=``
with a ``299`` adjustment of minus a draw's points for the side that scored nothing."""

from __future__ import annotations

import random
import shlex
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from trf.model import Colour, Result, Tournament
from verify.generate import GeneratorSettings, generate, match_result
from verify.matchgen import MATCH_TIEBREAKS, MATCH_VARY_TIEBREAKS

pytestmark = pytest.mark.fast

SYSTEM = "double-swiss"
#: Options that make every incident happen in a small event: forfeits of one game, of both games
#: and double forfeits, unusual scores, requested byes of each kind, late entries, withdrawals.
BUSY = ("--forfeit-rate", "0.15", "--double-forfeit-rate", "0.03", "--unusual-rate", "0.2", "--full-byes", "4%",
        "--half-byes", "5%", "--zero-byes", "4%", "--late-entries", "2", "--withdrawals", "2")


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def made(tmp_path: Path, *args: str) -> tuple[Path, Tournament]:
    path = tmp_path / "event.trf"
    code, _, err = run("generate", "--system", SYSTEM, *args, "-o", path)
    assert code == 0, err
    return path, trf.parse_file(path).tournament


# --------------------------------------------------------------------------- every round conforms


@pytest.mark.parametrize("seed, players, matches, extra", [
    (3, 20, 7, ()), (5, 15, 6, BUSY), (11, 31, 5, BUSY + ("--points", "3/1/0")), (2026, 9, 4, BUSY),
    (8, 40, 9, ("--late-missed", "half", "--late-entries", "4", "--withdrawals", "3", "--unusual-rate", "0.05")),
])
def test_every_round_of_a_generated_event_conforms(tmp_path: Path, seed: int, players: int, matches: int,
                                                  extra: tuple[str, ...]) -> None:
    """``check`` accepts every match round (the checker's reading, not the engine's) and
    ``validate`` finds nothing: no layout error, no warning (XXR is even: twice the matches)."""
    path, t = made(tmp_path, "--players", str(players), "--rounds", str(matches), "--seed", str(seed), *extra)
    code, out, err = run("check", path)
    assert code == 0, out + err
    assert f"{matches} rounds checked, all conform to C.04.5 (2026)" in out
    code, out, err = run("validate", path)
    assert code == 0 and "0 errors, 0 warnings" in out, out + err
    assert t.total_rounds == 2 * matches
    assert all(len(p.rounds) == 2 * matches for p in t.players)


# --------------------------------------------------------------------------- the layout

_VALUE = {Result.WIN: Fraction(1), Result.FORFEIT_WIN: Fraction(1), Result.WIN_UNRATED: Fraction(1),
          Result.PAIRING_ALLOCATED_BYE: Fraction(1), Result.FULL_POINT_BYE: Fraction(1),
          Result.DRAW: Fraction(1, 2), Result.DRAW_UNRATED: Fraction(1, 2), Result.HALF_POINT_BYE: Fraction(1, 2)}
_MIRROR = {Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW,
           Result.FORFEIT_WIN: Result.FORFEIT_LOSS, Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
           Result.WIN_UNRATED: Result.LOSS_UNRATED, Result.LOSS_UNRATED: Result.WIN_UNRATED,
           Result.DRAW_UNRATED: Result.DRAW_UNRATED}


def _kinds(t: Tournament) -> Counter[str]:
    """Every match of the file read by the layout's rules (asserted here), counted by kind."""
    seen: Counter[str] = Counter()
    zeros = {(rec.round, rec.players[0]) for rec in t.abnormal_points}
    for rec in t.abnormal_points:  # an adjustment: no type, a draw's points taken, one player, one game's column
        assert rec.kind == "" and rec.points == Fraction(-1, 2) and len(rec.players) == 1
        e = t.player(rec.players[0]).entry(rec.round or 0)
        assert e is not None and e.result is Result.DRAW
    for p in t.players:
        points = Fraction(0)
        for k in range(1, len(p.rounds) // 2 + 1):
            g1, g2 = p.entry(2 * k - 1), p.entry(2 * k)
            assert g1 is not None and g2 is not None
            points += _VALUE.get(g1.code, Fraction(0)) + _VALUE.get(g2.code, Fraction(0))  # type: ignore[arg-type]
            if g1.opponent is None:
                assert g2.opponent is None and g1.colour is g2.colour is Colour.NONE
                if g1.code is Result.PAIRING_ALLOCATED_BYE:
                    assert g2.code is Result.HALF_POINT_BYE  # the PAB: a won and a drawn game, 1½
                    seen["pab"] += 1
                else:
                    assert g1.code is g2.code  # a bye or an absence: the whole match
                    seen[f"bye {g1.code.value if g1.code else ''}"] += 1
                continue
            assert g1.opponent == g2.opponent and g1.colour is not Colour.NONE and g2.colour is g1.colour.opposite
            o = t.player(g1.opponent)
            for column, mine in ((2 * k - 1, g1), (2 * k, g2)):
                theirs = o.entry(column)
                assert theirs is not None and theirs.opponent == p.start_rank and theirs.colour is mine.colour.opposite
                assert mine.result is not None
                assert theirs.result is _MIRROR[mine.result] or (
                    mine.result is theirs.result is Result.FORFEIT_LOSS), (p.start_rank, column)
                if (column, p.start_rank) in zeros:
                    points -= Fraction(1, 2)
                    seen["scored 0 in a game written as a draw"] += 1
            forfeits = [g.result for g in (g1, g2) if g.result in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)]
            if len(forfeits) == 2 and len(set(forfeits)) == 1:
                seen["both games forfeited"] += 1
            elif forfeits:
                seen["one game forfeited"] += 1
            if any(g.result in (Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED) for g in (g1, g2)):
                seen["less than one move"] += 1
        assert p.points == points == t.score(p.start_rank), p.start_rank
    return seen


def test_the_layout_of_matches_byes_forfeits_and_unusual_scores(tmp_path: Path) -> None:
    """A busy event: every match, PAB, bye, forfeit and unusual score is written as the docs say,
    and each player's points column is the sum of the game values read here (1, ½, 0; ``U`` 1,
    ``H`` ½, ``F`` 1, ``Z`` 0; a 299 adjustment -½), not the program's own sum."""
    _, t = made(tmp_path, "--players", "15", "--rounds", "6", "--seed", "5", *BUSY)
    seen = _kinds(t)
    for kind in ("pab", "bye H", "bye F", "bye Z", "both games forfeited", "one game forfeited",
                 "scored 0 in a game written as a draw", "less than one move"):
        assert seen[kind] > 0, (kind, seen)


def test_the_pab_is_one_and_a_half_points(tmp_path: Path) -> None:
    """C.04.5 Art. 1.4: the PAB receiver gets a won and a drawn game: ``U`` (1) then ``H`` (½)."""
    _, t = made(tmp_path, "--players", "9", "--rounds", "3", "--seed", "1", "--forfeit-rate", "0",
                "--half-byes", "0", "--zero-byes", "0")
    for k in (1, 2, 3):
        byes = [p for p in t.players if (e := p.entry(2 * k - 1)) is not None and e.opponent is None]
        assert len(byes) == 1  # nine players, nobody absent: one PAB a match
        assert (byes[0].entry(2 * k - 1), byes[0].entry(2 * k)) == (
            trf.model.RoundEntry(None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE),
            trf.model.RoundEntry(None, Colour.NONE, Result.HALF_POINT_BYE))
        assert t.round_points(byes[0].start_rank, 2 * k - 1) + t.round_points(byes[0].start_rank, 2 * k) == Fraction(3, 2)


def test_late_entries_and_withdrawals_miss_whole_matches(tmp_path: Path) -> None:
    """A late entry misses its first matches (``H H`` with ``--late-missed half``), a withdrawn
    player every match from one on (``Z Z``): whole matches, never one game."""
    _, t = made(tmp_path, "--players", "12", "--rounds", "6", "--seed", "4", "--late-entries", "3",
                "--late-missed", "half", "--withdrawals", "3", "--half-byes", "0", "--zero-byes", "0",
                "--forfeit-rate", "0")
    late = gone = 0
    for p in t.players:
        away = [(p.entry(2 * k - 1), p.entry(2 * k)) for k in range(1, 7)]
        codes = [g1.code if g1 is not None and g1.opponent is None and g1.code is not Result.PAIRING_ALLOCATED_BYE
                 else None for g1, _ in away]
        for (g1, g2), code in zip(away, codes):
            if code is not None:
                assert g2 is not None and g2.code is code
        if codes[0] is Result.HALF_POINT_BYE:
            late += 1
        if codes[-1] is Result.ZERO_POINT_BYE:
            first = max(k for k in range(6) if codes[k] is not Result.ZERO_POINT_BYE) + 1
            assert all(c is Result.ZERO_POINT_BYE for c in codes[first:])
            gone += 1
    assert late == 3 and gone >= 1


# --------------------------------------------------------------------------- results from the ratings


def test_each_game_is_drawn_from_the_ratings_with_its_own_white() -> None:
    """2600 against 2100 (500 counted as 400, B.02 8.3.1): the 2600 expects 0.92 a game, in game
    1 with White and in game 2 with Black alike (no first-move advantage); 10,000 matches, four
    standard errors."""
    s = GeneratorSettings(players=2, rounds=1, system=SYSTEM, forfeit_rate=0, double_forfeit_rate=0)
    rng = random.Random(7)
    scores = [Fraction(0), Fraction(0)]
    n = 10_000
    for _ in range(n):
        m = match_result(rng, s, 2600, 2100)
        for k, g in enumerate(m.games):
            scores[k] += _VALUE.get(g.first, Fraction(0))
            assert g.second is _MIRROR[g.first]
    for total in scores:
        assert abs(float(total) / n - 0.92) < 4 * 0.0027, float(total) / n


def test_forfeits_of_one_game_of_both_games_and_one_each() -> None:
    """``--forfeit-rate 1``: every match has a forfeit, one time in four each of game 1 only,
    game 2 only, both games by one side (a forfeited match) and one game each; a double forfeit
    (``--double-forfeit-rate 1``) is both sides forfeiting both games."""
    s = GeneratorSettings(players=2, rounds=1, system=SYSTEM, forfeit_rate=1, double_forfeit_rate=0)
    rng = random.Random(3)
    kinds: Counter[str] = Counter()
    forfeit = (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    for _ in range(4000):
        g1, g2 = match_result(rng, s, 2000, 2000).games
        f1, f2 = g1.first in forfeit, g2.first in forfeit
        kind = ("both" if g1.first is g2.first else "each") if f1 and f2 else "game 1" if f1 else "game 2"
        kinds[kind] += 1
        assert f1 or f2
    assert all(abs(kinds[k] - 1000) < 4 * 27 for k in ("both", "each", "game 1", "game 2")), kinds
    s = GeneratorSettings(players=2, rounds=1, system=SYSTEM, forfeit_rate=0, double_forfeit_rate=1)
    g1, g2 = match_result(rng, s, 2000, 2000).games
    assert {g1.first, g1.second, g2.first, g2.second} == {Result.FORFEIT_LOSS}


def test_unusual_results_are_games_of_less_than_one_move_or_unusual_scores() -> None:
    """``--unusual-rate 1``: every game played is unusual, one time in two a game of less than
    one move (``W D L``), else ½-0, 0-½ or 0-0 written as a draw with the scorer of 0 marked."""
    s = GeneratorSettings(players=2, rounds=1, system=SYSTEM, forfeit_rate=0, unusual_rate=1)
    rng = random.Random(5)
    kinds: Counter[tuple[bool, bool]] = Counter()
    unrated = 0
    for _ in range(3000):
        for g in match_result(rng, s, 2000, 2000).games:
            if g.first in (Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED):
                unrated += 1
                assert not (g.first_zero or g.second_zero)
            else:
                assert g.first is g.second is Result.DRAW and (g.first_zero or g.second_zero)
                kinds[(g.first_zero, g.second_zero)] += 1
    assert abs(unrated - 3000) < 4 * 39
    assert set(kinds) == {(True, False), (False, True), (True, True)}


# --------------------------------------------------------------------------- the RTG line, --vary, refusals


def _replay(text: str) -> tuple[int, str, str]:
    command = next(x for x in text.splitlines() if x.startswith("### RTG")).partition("): ")[2]
    words = shlex.split(command)
    assert words[:2] == ["arbiter", "generate"] and "--system" in words
    return run(*words[1:])


@pytest.mark.parametrize("args", [
    ("--players", "15", "--rounds", "6", "--seed", "5") + BUSY,
    ("--vary", "--seed", "11"),
    ("--players", "8-30", "--rounds", "3-5", "--vary", "--seed", "4"),
])
def test_the_rtg_line_makes_the_same_file_byte_for_byte(args: tuple[str, ...]) -> None:
    code, text, err = run("generate", "--system", SYSTEM, *args)
    assert code == 0, err
    code, again, err = _replay(text)
    assert code == 0 and again == text, err


def test_vary_draws_options_a_double_swiss_event_takes(tmp_path: Path) -> None:
    """``--vary``: the PAB stays a won and a drawn game (Art. 1.4), the tie-break list is one
    without BWG, no Baku; the event conforms."""
    for seed in (1, 2, 3):
        path, t = made(tmp_path, "--vary", "--seed", str(seed), "--players", "10-24", "--rounds", "3-5")
        assert t.scoring.pab_value == t.scoring.win_white
        listed = next(r.value for r in t.records if isinstance(r, trf.model.Header) and r.code in ("202", "212"))
        assert listed.removeprefix("PTS,") in MATCH_VARY_TIEBREAKS and "BWG" not in listed
        assert "XXA" not in path.read_text()
        code, out, err = run("check", path)
        assert code == 0, out + err


def test_the_default_tie_break_list_and_a_given_one(tmp_path: Path) -> None:
    _, t = made(tmp_path, "--players", "8", "--rounds", "3", "--seed", "1")
    assert [r.value for r in t.records if isinstance(r, trf.model.Header) and r.code == "202"] == [MATCH_TIEBREAKS]
    _, t = made(tmp_path, "--players", "8", "--rounds", "3", "--seed", "1", "--tiebreaks", "BH,SB,BWG")
    assert [r.value for r in t.records if isinstance(r, trf.model.Header) and r.code == "202"] == ["BH,SB,BWG"]


def test_baku_and_another_pab_are_refused(tmp_path: Path) -> None:
    """D4/D5: Baku acceleration is not offered for the Double-Swiss system; Art. 1.4 fixes the PAB."""
    out = tmp_path / "x.trf"
    code, _, err = run("generate", "--system", SYSTEM, "--players", "12", "--rounds", "4", "--baku", "-o", out)
    assert code == exitcodes.USAGE and "take no Baku acceleration" in err and "D4/D5" in err
    code, _, err = run("generate", "--system", SYSTEM, "--players", "12", "--rounds", "4", "--pab", "0.5", "-o", out)
    assert code == exitcodes.USAGE and "won and a drawn game" in err and "--pab" in err
    assert not out.exists()
    with pytest.raises(ValueError, match="D4/D5"):
        GeneratorSettings(players=8, rounds=3, system=SYSTEM, baku=True)


def test_a_single_game_system_still_writes_one_column_a_round() -> None:
    t = generate(GeneratorSettings(players=8, rounds=3, seed=1))
    assert t.total_rounds == 3 and all(len(p.rounds) == 3 for p in t.players)
    assert not GeneratorSettings(players=8, rounds=3).two_game_matches
    assert GeneratorSettings(players=8, rounds=3, system=SYSTEM).two_game_matches
