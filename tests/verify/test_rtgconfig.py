"""The JaVaFo/bbpPairings generator configuration (``verify.rtgconfig``, ``arbiter generate
--config``): each key read into the setting it means (the engines' own reading: bbpPairings'
``generatorconfiguration.cpp`` takes rates as "one in N" and the draw share in percent), bad
lines named by line and column, and options on the command line taking precedence."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from verify.generate import GeneratorSettings, Share
from verify.rtgconfig import ConfigError, parse_config

pytestmark = pytest.mark.fast

CONFIG = """\
# a comment, then every key bbpPairings' generator reads
PlayersNumber=40
RoundsNumber=8\r
DrawPercentage=30
ForfeitRate=20
RetiredRate=10
HalfPointByeRate=2
HighestRating=2400
LowestRating=1600
PointsForWin=3
PointsForDraw=1
PointsForLoss=0
PointsForPAB=3
PointsForZPB=0
PointsForForfeitLoss=0
"""


def test_every_key_becomes_the_setting_it_means() -> None:
    s = parse_config(CONFIG).apply(GeneratorSettings(players=2, rounds=1))
    assert (s.players, s.rounds) == (40, 8)
    assert s.draw_rate == 0.3  # percent of played games
    assert s.forfeit_rate == 1 / 20  # one game in 20
    assert s.withdrawals == 1 / 10  # one player in 10, a share of the field
    # one player in 2 over the event: each player's chance a round is 1 / (2 x 8)
    assert s.half_bye_rate == Share(rate=Fraction(1, 16))
    assert s.rating_range == (1600, 2400)
    assert s.points == (3, 1, 0)


def test_options_given_are_kept() -> None:
    base = GeneratorSettings(players=9, rounds=5, draw_rate=0.1)
    s = parse_config(CONFIG).apply(base, frozenset({"players", "draw_rate"}))
    assert (s.players, s.rounds, s.draw_rate) == (9, 8, 0.1)


@pytest.mark.parametrize(("text", "line", "column", "said"), [
    ("PlayersNumber=40\nFoo=3\n", 2, 1, "unknown key 'Foo'"),
    ("  RoundsNumber=x\n", 1, 16, "must be a number"),
    ("PlayersNumber=12.5\n", 1, 15, "whole number"),
    ("# c\nPlayersNumber=1\n", 2, 15, "at least 2"),
    ("DrawPercentage=101\n", 1, 16, "between 0 and 100"),
    ("RetiredRate=1\n", 1, 13, "at least 2"),
    ("PlayersNumber\n", 1, 1, "expected Key=Value"),
    ("RoundsNumber=5\nRoundsNumber=6\n", 2, 1, "given twice"),
    ("PointsForWin=1.25\n", 1, 14, "at most one decimal"),
])
def test_a_bad_line_is_named(text: str, line: int, column: int, said: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(text)
    assert (info.value.line, info.value.column) == (line, column) and said in info.value.message


def test_a_bye_value_our_generator_does_not_give_is_refused() -> None:
    with pytest.raises(ValueError, match="PointsForZPB=0.5: our generator scores it as a loss"):
        parse_config("PointsForZPB=0.5\n").apply(GeneratorSettings(players=8, rounds=3))


def test_the_pab_value_is_read() -> None:
    """PointsForPAB is the PAB's value (C.04.1 Art. 3: a win's unless the rules say otherwise;
    VCL.16: configurable), also when it is not a win's; --pab on the command line wins."""
    s = parse_config("PointsForPAB=0.5\n").apply(GeneratorSettings(players=8, rounds=3))
    assert s.pab == Fraction(1, 2) and s.pab_value == Fraction(1, 2)
    kept = parse_config("PointsForPAB=0.5\n").apply(GeneratorSettings(players=8, rounds=3, pab=Fraction(1)),
                                                     frozenset({"pab"}))
    assert kept.pab == 1


def _generate(tmp_path: Path, *args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, ["generate", *args])
    return res.exit_code, res.output


def test_generate_reads_a_configuration_as_the_engines_generators_do(tmp_path: Path) -> None:
    cfg = tmp_path / "rtg.cfg"
    cfg.write_text(CONFIG, encoding="utf-8")
    out = tmp_path / "t.trf"
    code, said = _generate(tmp_path, "--config", str(cfg), "--seed", "7", "-o", str(out))
    assert code == exitcodes.OK, said
    t = trf.parse_file(out).tournament
    assert len(t.players) == 40 and t.rounds_paired == 8 and t.total_rounds == 8
    assert (t.scoring.win_white, t.scoring.draw_black, t.scoring.pab_value) == (3, 1, 3)
    assert all(1600 <= (p.rating or 0) <= 2400 for p in t.players)
    halves = sum(1 for p in t.players for e in p.rounds if e is not None and e.code is not None
                 and e.code.value == "H")
    assert 8 <= halves <= 35  # 40 x 8 chances of 1/16: 20 expected
    # an option on the command line wins over the file
    code, said = _generate(tmp_path, "--config", str(cfg), "--players", "11", "--rounds", "3", "-o", str(out))
    assert code == exitcodes.OK, said
    t = trf.parse_file(out).tournament
    assert len(t.players) == 11 and t.rounds_paired == 3


def test_generate_refuses_a_bad_configuration(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cfg"
    bad.write_text("PlayersNumber=12\nRoundsNumber=three\n", encoding="utf-8")
    code, said = _generate(tmp_path, "--config", str(bad))
    assert code == exitcodes.INVALID_INPUT and f"{bad}:2:14: RoundsNumber must be a number" in said
    code, said = _generate(tmp_path, "--config", str(tmp_path / "missing.cfg"))
    assert code == exitcodes.FILE_ERROR
    bad.write_text("PlayersNumber=12\n", encoding="utf-8")
    code, said = _generate(tmp_path, "--config", str(bad))
    assert code == exitcodes.USAGE and "--rounds is required (or RoundsNumber in a --config file, or --vary to draw it)" in said
