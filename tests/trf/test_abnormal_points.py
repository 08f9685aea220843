"""TRF-2026 record ``299`` (abnormal points assignment): read, written back, validated, and applied
to the score every engine and the checker read (:meth:`trf.model.Tournament.score`).

The files are ``fixtures/abnormal/`` (their README has the crosstable: 7 players, 4 rounds, 1 / ½ /
0); each expected score below is derived by hand from that table and the record, as the comment
beside it says.  What each form means, and why: docs/trf.md "Record 299".
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trf
from arbiter import exitcodes
from arbiter.cli import app
from tests.support import FIXTURES
from trf.abnormal import ADJUSTMENT, ASSIGNMENT, FINAL, VALUE, form, read_line
from trf.model import AbnormalPoints, PreservedRecord

pytestmark = pytest.mark.fast

ABNORMAL = FIXTURES / "abnormal"
F = Fraction
BASE = {1: F(7, 2), 2: F(2), 3: F(7, 2), 4: F(3, 2), 5: F(2), 6: F(3, 2), 7: F(3, 2)}


def read(name: str) -> trf.Tournament:
    result = trf.parse_file(ABNORMAL / name)
    assert not result.errors, [d.format(name) for d in result.errors]
    return result.tournament


def scores(t: trf.Tournament, through: int | None = None) -> dict[int, Fraction]:
    return {p.start_rank: t.score(p.start_rank, through) for p in t.players}


def with_base(**changed: Fraction) -> dict[int, Fraction]:
    out = dict(BASE)
    out.update({int(k[1:]): v for k, v in changed.items()})
    return out


# --------------------------------------------------------------------------- reading


@pytest.mark.parametrize("line, kind, mp, points, rnd, ids, what", [
    # the TRF-2026 note's example: a forfeit win worth 2.0 match points, 2.5 game points
    ("299 +   2.0   2.5", "+", F(2), F(5, 2), None, (), VALUE),
    # the digest's penalty: -1.0 / -1.0 for competitor 12 in round 4
    ("299    -1.0  -1.0    4   12", "", F(-1), F(-1), 4, (12,), ADJUSTMENT),
    # an individual event: match points blank, the points at 14-17
    ("299 W         1.0    3    3", "W", None, F(1), 3, (3,), ASSIGNMENT),
    # the TEC's test line: round and id zero-padded
    ("299          -0.5  001 0001", "", None, F(-1, 2), 1, (1,), ADJUSTMENT),
    # the reference implementation's standings-only round
    ("299     0.0  -4.0  999   14", "", F(0), F(-4), 999, (14,), FINAL),
    # blank round, one id at 24-27: the id is not read as the round
    ("299           0.5         4", "", None, F(1, 2), None, (4,), ADJUSTMENT),
    # Sharly-Chess's layout: the points at 12-15
    ("299 +       0.5", "+", None, F(1, 2), None, (), VALUE),
    # two ids
    ("299 -         0.0    5   12   13", "-", None, F(0), 5, (12, 13), ASSIGNMENT),
    # points without a decimal point, in the points field (by column 18)
    ("299 +           1", "+", None, F(1), None, (), VALUE),
])
def test_each_form_is_read_by_its_fields(line: str, kind: str, mp: Fraction | None, points: Fraction,
                                        rnd: int | None, ids: tuple[int, ...], what: str) -> None:
    rec, findings = read_line(line)
    assert findings == []
    assert rec == AbnormalPoints(kind, mp, points, rnd, ids)
    assert form(rec) == what


@pytest.mark.parametrize("line, code, column, words", [
    ("299 Q         1.0", "bad-code", 5, "found 'Q'"),
    ("299          x.5    2    1", "bad-number", 14, "found 'x.5'"),
    ("299          -1.0    2   1x", "bad-number", 26, "found '1x'"),
    ("299          -1.0    2    1  2.0", "bad-number", 30, "a points value after the round"),
    ("299        123.0    2    1", "out-of-range", 12, "at most 99.9"),
    ("299          -1.0  500    1", "out-of-range", 20, "found 500"),
    ("299x", "syntax", 4, "blank in column 4"),
])
def test_a_field_that_cannot_be_read_is_an_error_at_its_column(line: str, code: str, column: int, words: str) -> None:
    t_text = (ABNORMAL / "00-base.trf").read_text(encoding="utf-8") + line + "\n"
    result = trf.parse_text(t_text)
    errors = [d for d in result.errors if d.line == 19]
    assert [(d.code, d.column) for d in errors][:1] == [(code, column)], [d.format() for d in result.errors]
    assert words in errors[0].message
    # a half-read record changes no score: the line is kept verbatim, out of the model
    rec = result.tournament.records[-1]
    assert isinstance(rec, PreservedRecord) and not rec.known and rec.text == line
    assert scores(result.tournament) == BASE


def test_every_file_writes_back_byte_for_byte() -> None:
    files = sorted(ABNORMAL.glob("*.trf"))
    assert len(files) == 14
    for path in files:
        assert trf.dumps(read(path.name)) == path.read_text(encoding="utf-8"), path.name


def test_a_record_made_by_a_program_is_written_in_the_trf_2026_columns() -> None:
    """Type 5, match points 8-11, points 14-17, round 20-22, ids 24-27, 29-32: the digest's example
    line comes out as written, and reads back as the record."""
    rec = AbnormalPoints("", F(-1), F(-1), 4, (12, 130))
    line = trf.format_record(rec)
    assert line == "299    -1.0  -1.0    4   12  130"
    assert line.index("-1.0") + 1 == 8 and line.rindex("-1.0") + 1 == 14 and line.index(" 4 ") + 2 == 22
    assert read_line(line)[0] == rec
    assert trf.format_record(AbnormalPoints("+", None, F(1, 2), None, ())) == "299 +         0.5"


def test_an_edited_record_is_not_written_as_its_old_text() -> None:
    from dataclasses import replace

    t = read("13-columns-elsewhere.trf")
    rec = next(r for r in t.records if isinstance(r, AbnormalPoints) and r.kind == "")
    assert trf.format_record(rec) == "299          -0.5  001 0001"  # as read
    assert trf.format_record(replace(rec, points=F(-1))) == "299          -1.0    1    1"


# --------------------------------------------------------------------------- validation

_BAD = [
    # a player who does not exist, at the id's column
    ("299          -1.0    3    9", "bad-record", 27, "names start rank 9, which no player has"),
    # a round beyond the file's rounds (142 4)
    ("299          -1.0    7    1", "bad-record", 22, "names round 7, but the tournament has 4 rounds"),
    # no points (match points are for team events)
    ("299 +   1.0", "bad-record", 14, "the points (columns 14-17) are missing"),
    # a type with a round but no ids
    ("299 +         1.0    2", "bad-record", 24, "names round 2 but no player"),
    # a type with ids but no round
    ("299 +         1.0  000    3", "bad-record", 20, "names players but no round"),
    # a type in round 999
    ("299 H         0.5  999    3", "bad-record", 20, "round 999 (the final standings) takes a penalty or bonus"),
]


@pytest.mark.parametrize("line, code, column, words", _BAD)
def test_a_record_the_text_gives_no_meaning_or_naming_what_is_not_there_is_an_error(
        line: str, code: str, column: int, words: str) -> None:
    result = trf.parse_text((ABNORMAL / "00-base.trf").read_text(encoding="utf-8") + line + "\n")
    found = [d for d in result.errors if d.line == 19]
    assert [(d.code, d.column) for d in found] == [(code, column)], [d.format() for d in result.diagnostics]
    assert words in found[0].message


@pytest.mark.parametrize("line, code, column, words", _BAD[:2] + [
    ("299 Q         1.0", "bad-code", 5, "found 'Q'"), ("299          x.5    2    1", "bad-number", 14, "found 'x.5'")])
def test_validate_and_every_reading_command_refuse_it_with_exit_3_and_write_nothing(
        tmp_path: Path, line: str, code: str, column: int, words: str) -> None:
    f = tmp_path / "bad.trf"
    f.write_text((ABNORMAL / "00-base.trf").read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
    runner = CliRunner()
    r = runner.invoke(app, ["validate", str(f)])
    assert r.exit_code == exitcodes.INVALID_INPUT
    assert f"{f}:19:{column}: error {code} " in r.output and words in r.output
    for args in (["standings", str(f)], ["pair", str(f)], ["check", str(f)]):
        r = runner.invoke(app, args)
        assert r.exit_code == exitcodes.INVALID_INPUT, (args, r.output)
        assert f":19:{column}: error {code}" in r.output and "Traceback" not in r.output
    out = tmp_path / "out.trf"
    r = runner.invoke(app, ["convert", str(f), "--to", "trf16", "-o", str(out)])
    assert r.exit_code == exitcodes.INVALID_INPUT and not out.exists()


def test_a_second_value_or_assignment_is_a_warning_and_the_first_is_read() -> None:
    text = (ABNORMAL / "00-base.trf").read_text(encoding="utf-8")
    result = trf.parse_text(text + "299 +         0.5\n299 +         0.0\n299 W         1.0    3    3\n"
                            "299 L         0.0    3    3\n")
    warnings = [(d.line, d.code) for d in result.diagnostics if d.message.startswith("299")]
    assert warnings == [(20, "bad-record"), (22, "bad-record")]
    t = result.tournament
    assert t.score(3) == F(7, 2)  # R1 forfeit win 0.5 (the first value) + 1 + R3 the first assignment, a win 1, + 1


def test_a_team_event_reads_299_and_says_it_is_not_applied() -> None:
    from tests.trf.teamfile import base, text

    result = trf.parse_text(text(base()) + "299          -1.0    1    1\n")
    t = result.tournament
    assert t.is_team_event and t.abnormal_points == ()
    found = [d for d in result.diagnostics if d.message.startswith("299")]
    assert [(d.severity.value, d.code) for d in found] == [("warning", "bad-record")]
    assert "not applied" in found[0].message


# --------------------------------------------------------------------------- scores

# Each: the file, the 299 lines' meaning, the scores after every round (pairing scores), hand-derived.
SCORES = {
    # forfeit win worth 0.5: player 3's round 1 (+ against 7) gives 0.5: 0.5 + 1 + 0.5 + 1
    "01-value-forfeit-win.trf": with_base(p3=F(3)),
    # half-point bye worth 0: player 2's round 2 (H): 0.5 + 0 + 1 + 0
    "02-value-half-bye.trf": with_base(p2=F(3, 2)),
    # forfeit loss worth -1: player 7's round 1 (- against 3): -1 + 0.5 + 0 + 1
    "03-value-forfeit-loss.trf": with_base(p7=F(1, 2)),
    # player 7's round-2 draw with 5 worth 0 (5 keeps 0.5): 0 + 0 + 0 + 1
    "04-assign-draw-worth-nothing.trf": with_base(p7=F(1)),
    # player 3's round-3 draw with 1 counts as a win worth 1 (1 keeps 0.5): 1 + 1 + 1 + 1
    "05-assign-win.trf": with_base(p3=F(4)),
    # player 2's round-2 half-point bye counts as a full-point bye worth 1: 0.5 + 1 + 1 + 0
    "06-assign-full-bye.trf": with_base(p2=F(5, 2)),
    # player 1: -1 from round 3: 3.5 - 1
    "07-penalty-from-round.trf": with_base(p1=F(5, 2)),
    # player 6: -0.5 from the start (000): 1.5 - 0.5
    "08-penalty-every-round.trf": with_base(p6=F(1)),
    # player 4: +0.5 from the start (blank round): 1.5 + 0.5
    "09-bonus-blank-round.trf": with_base(p4=F(2)),
    # round 999: the final standings only, not the (pairing) score
    "10-final-standings.trf": dict(BASE),
    # no ids: every player -0.5 from round 2
    "11-everyone.trf": {p: v - F(1, 2) for p, v in BASE.items()},
    # forfeit wins 0.5 (3: 3.0); player 5 -1 from round 2 (5: 2.0 - 1); player 7 +1 at 999 (not here)
    "12-several.trf": with_base(p3=F(3), p5=F(1)),
    # forfeit wins 0.5 (3: 3.0); player 1 -0.5 from round 1 (1: 3.0)
    "13-columns-elsewhere.trf": with_base(p3=F(3), p1=F(3)),
}


@pytest.mark.parametrize("name", sorted(SCORES))
def test_the_score_includes_what_counts_for_pairing(name: str) -> None:
    t = read(name)
    assert scores(t) == SCORES[name]
    # the Points column of each file is that score: no points-mismatch
    assert not [d for d in trf.parse_file(ABNORMAL / name).diagnostics if d.code == "points-mismatch"]


def test_the_base_file_has_no_299() -> None:
    assert scores(read("00-base.trf")) == BASE


def test_a_penalty_counts_from_its_round_on() -> None:
    """07: player 1, -1 from round 3.  The pairing of round 3 reads the score after round 2 (1 + 1,
    no penalty yet); the pairing of round 4 the score after round 3 (1 + 1 + 0.5 - 1)."""
    t = read("07-penalty-from-round.trf")
    assert [t.score(1, r) for r in range(5)] == [0, 1, 2, F(3, 2), F(5, 2)]
    assert t.adjustment(1, 2) == 0 and t.adjustment(1, 3) == -1


def test_round_000_counts_from_before_round_1() -> None:
    """08: player 6, -0.5 in every round: already in the score round 1 is paired on (0 - 0.5), then
    0.5 - 0.5 after round 1, 0.5 - 0.5 after round 2, 1.5 - 0.5 after round 3."""
    t = read("08-penalty-every-round.trf")
    assert [t.score(6, r) for r in range(5)] == [F(-1, 2), 0, 0, 1, 1]


def test_a_final_adjustment_is_not_a_pairing_score() -> None:
    """10: player 3, -1 at round 999: every score the pairing reads keeps 3.5 (1+1+0.5+1); the
    final adjustment is apart (the standings add it: tests/tiebreaks/test_abnormal_tiebreaks.py)."""
    t = read("10-final-standings.trf")
    assert [t.score(3, r) for r in range(5)] == [0, 1, 2, F(5, 2), F(7, 2)]
    assert t.final_adjustment(3) == -1 and t.final_adjustment(1) == 0


def test_an_assignment_counts_from_its_round() -> None:
    """05: player 3's round 3 is a win worth 1: after round 2 the score is 2 (1 + 1), after round 3
    it is 3 (not 2.5), and the round counts as a win against 1 (the block says a draw)."""
    t = read("05-assign-win.trf")
    assert [t.score(3, r) for r in range(5)] == [0, 1, 2, 3, 4]
    e = t.counted_entry(3, 3)
    assert e is not None and e.opponent == 1 and e.result is trf.Result.WIN
    assert t.player(3).entry(3).result is trf.Result.DRAW  # type: ignore[union-attr]
    assert t.round_points(3, 3) == 1 and t.round_points(1, 3) == F(1, 2)


def test_points_that_include_299_are_accepted_and_points_that_do_not_are_not() -> None:
    """07: player 1 lists 2.5 (3.5 - 1): accepted.  Listing 3.5 (the results without the penalty)
    is a points-mismatch.  10: player 3 may list 3.5 (the pairing score) or 2.5 (the final
    standings' points): both accepted."""
    text = (ABNORMAL / "07-penalty-from-round.trf").read_text(encoding="utf-8")
    wrong = text.replace("1500001             2.5", "1500001             3.5")
    assert wrong != text
    found = [d for d in trf.parse_text(wrong).diagnostics if d.code == "points-mismatch"]
    assert [(d.line, d.column) for d in found] == [(12, 81)] and "give 2.5" in found[0].message
    final = (ABNORMAL / "10-final-standings.trf").read_text(encoding="utf-8")
    lowered = final.replace("1500003             3.5", "1500003             2.5")
    assert lowered != final
    assert not [d for d in trf.parse_text(lowered).diagnostics if d.code == "points-mismatch"]
    off = final.replace("1500003             3.5", "1500003             3.0")
    assert [d.line for d in trf.parse_text(off).diagnostics if d.code == "points-mismatch"] == [14]


def test_converting_keeps_the_records_and_says_what_an_engine_without_them_does() -> None:
    from trf.convert import convert

    t = read("12-several.trf")
    for to in ("trf16", "trf26"):
        out, notes = convert(t, to)
        assert [r for r in out.records if isinstance(r, AbnormalPoints)] == list(t.abnormal_points)
        assert scores(out) == scores(t)
        warned = [n for n in notes if "299" in n.message]
        assert len(warned) == (1 if to == "trf16" else 0) and (to == "trf26" or warned[0].line == 19)


def test_a_record_for_a_round_still_to_come_counts_later() -> None:
    """07 (player 1, -1 from round 3) cut before round 3 (``arbiter pair --round 3``): the record is
    not there yet, and the listed points are 1 + 1.  Kept in a file whose lines end at round 2
    (an ITDX file with ``142 4``), it is not in the score now, nor in the pairing of round 3."""
    from trf.edit import cut_to_round

    t = read("07-penalty-from-round.trf")
    cut = cut_to_round(t, 3)
    assert cut.abnormal_points == () and cut.player(1).points == 2
    from dataclasses import replace

    from trf.model import Player

    early = t.replace_records(tuple(replace(r, rounds=r.rounds[:2]) if isinstance(r, Player) else r
                                    for r in t.records))
    assert early.abnormal_points != () and early.score(1) == 2 == early.score(1, 2)
    assert cut_to_round(read("08-penalty-every-round.trf"), 2).score(6) == 0  # round 000 stays: 0.5 - 0.5
