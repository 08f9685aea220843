"""TRF-16 (+ JaVaFo/bbpPairings extensions) <-> TRF-2026 conversion.

* Corpus cases, byte for byte (fixtures/ always, ../shared/corpus when present):
  ``convert(parse(rounds/NAME.trf), "trf26")`` is ``features/trf26/NAME.trf`` and back, and
  ``features/{forbidden,accelerated}/NAME-trf16.trf`` <-> ``NAME-trf26.trf``.  These files were
  written independently (the corpus generator) and both dialects were paired by the engine
  with the same answer, so they are the expectation; the test also checks that each pair of
  twins means the same (absences, forbidden pairs, acceleration, scores) through the model.
* Unit tests on small hand-written files whose expected output was worked out by hand from
  the record layouts (TRF-2026 4.2-4.9, JaVaFo AUM, bbpPairings), column by column.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

import trf
from trf import Colour, Result, Severity
from trf.convert import convert

# --------------------------------------------------------------------------- corpus cases


def test_conversion_is_byte_exact(conversion_case, parse_cached) -> None:
    source = parse_cached(conversion_case.source)
    assert source.errors == ()
    converted, notes = convert(source.tournament, conversion_case.to)
    assert notes == []
    assert trf.dumps(converted).encode("utf-8") == conversion_case.target.read_bytes()

    # the twins mean the same for the pairing of the next round
    a, b = source.tournament, parse_cached(conversion_case.target).tournament
    cut = a.rounds_paired + 1
    assert (b.rounds_paired, b.total_rounds, b.initial_colour, b.scoring) == (a.rounds_paired, a.total_rounds, a.initial_colour, a.scoring)
    assert a.declared_absences(cut) == b.declared_absences(cut)
    ranks = sorted(p.start_rank for p in a.players)
    assert ranks == sorted(p.start_rank for p in b.players)
    for n in ranks:
        assert a.player(n).rounds[: cut - 1] == b.player(n).rounds[: cut - 1]
        assert a.score(n, through=cut - 1) == b.score(n, through=cut - 1)
    for r in range(1, (a.total_rounds or cut) + 1):
        assert a.forbidden(r) == b.forbidden(r), f"round {r}"
        for n in ranks:
            assert a.acceleration(n, r) == b.acceleration(n, r), f"player {n}, round {r}"


# --------------------------------------------------------------------------- hand-made files


def p001(n: int, points: str, *blocks: str) -> str:
    """A player line built column by column (TRF-16 2.2), independently of the writer."""
    assert len(points) == 4 and all(len(b) == 10 for b in blocks)
    line = (
        f"001 {n:>4} m    {f'Player {n}':<33} {2400 - 10 * n:>4} NOR {1000 + n:>11} 2000/01/01 {points} {n:>4}"
        + "".join(blocks)
    )
    assert line[79] == " " and line[80:84] == points and len(line) == 89 + 10 * len(blocks)
    return line


def text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def read(source: str) -> trf.Tournament:
    result = trf.parse_text(source)
    assert [d for d in result.diagnostics if d.severity is not Severity.INFO] == []
    return result.tournament


def roundtrip(source: str, to: str, expected: str) -> list:
    """convert ``source`` to ``to``: must give ``expected``; converting back gives ``source``."""
    converted, notes = convert(read(source), to)
    assert trf.dumps(converted) == expected
    back, back_notes = convert(read(expected), "trf16" if to == "trf26" else "trf26")
    assert trf.dumps(back) == source
    return notes + back_notes


# 1 v 2 drawn, 3 gets the pairing-allocated bye; scored 3 / 1 / 0, so the PAB is worth 3.
PLAYERS_310 = (
    p001(1, " 1.0", "     2 w ="),
    p001(2, " 1.0", "     1 b ="),
    p001(3, " 3.0", "  0000 - U"),
)


@pytest.mark.fast
def test_162_becomes_bbp_lines_plus_xxs_and_back() -> None:
    trf26 = text("012 Three points", "162  W 3.0    D 1.0", *PLAYERS_310)
    # BB?: values that differ from bbpPairings' defaults (BBU follows BBW, so no BBU line).
    # XXS: every JaVaFo code that differs from its default: W covers WW BW FW FPB, D covers
    # WD BD HPB, and the PAB follows the win value (TRF-2026 P = W).
    trf16 = text(
        "012 Three points", "BBW  3.0", "BBD  1.0", "XXS WW=3 BW=3 WD=1 BD=1 FW=3 HPB=1 FPB=3 PAB=3", *PLAYERS_310
    )
    assert roundtrip(trf26, "trf16", trf16) == []

    # each engine reads only its own lines, and each set alone gives the same scoring
    want = read(trf26).scoring
    assert (want.win_white, want.draw_black, want.pab_value) == (3, 1, 3)
    for keep in ("BB", "XXS"):
        own = [line for line in trf16.splitlines() if not line.startswith(("BB", "XXS")) or line.startswith(keep)]
        t = read(text(*own))
        # (XXS PAB=3 states the PAB value that 162 leaves implicit: compare the values)
        assert replace(t.scoring, pab=t.scoring.pab_value) == replace(want, pab=want.pab_value), keep
        assert [t.score(n) for n in (1, 2, 3)] == [1, 1, 3]


@pytest.mark.fast
def test_colour_specific_xxs_stays_xxs_with_a_warning() -> None:
    source = text("012 Colours", "XXR 1", "XXS BW=1.5", p001(1, " 0.0", "     2 w 0"), p001(2, " 1.5", "     1 b 1"))
    converted, notes = convert(read(source), "trf26")
    assert trf.dumps(converted) == text(
        "012 Colours", "142 1", "XXS BW=1.5", p001(1, " 0.0", "     2 w 0"), p001(2, " 1.5", "     1 b 1")
    )
    assert [(n.severity, n.code, n.line) for n in notes] == [(Severity.WARNING, "not-canonical", 3)]


@pytest.mark.fast
def test_xxr_and_xxc_become_142_and_152() -> None:
    players = (p001(1, " 1.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0"))
    assert roundtrip(
        text("012 T", "XXR 5", "XXC black1", *players), "trf26", text("012 T", "142 5", "152 B", *players)
    ) == []


@pytest.mark.fast
def test_xxc_rank_is_kept_with_a_warning() -> None:
    players = (p001(1, " 1.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0"))
    source = text("012 T", "XXR 3", "XXC rank white1", *players)
    # "rank" (pair by file position) has no TRF-2026 form: XXC keeps it, 152 takes the colour
    expected = text("012 T", "142 3", "XXC rank", "152 W", *players)
    notes = roundtrip(source, "trf26", expected)
    assert [(n.severity, n.code, n.line) for n in notes] == [(Severity.WARNING, "not-canonical", 3)]
    assert "XXC rank" in notes[0].message
    t = read(expected)
    assert t.initial_colour is Colour.WHITE
    assert any(isinstance(r, trf.InitialColour) and r.by_rank for r in t.records)


FOUR = (
    p001(1, " 1.0", "     2 w 1"),
    p001(2, " 0.0", "     1 b 0"),
    p001(3, " 1.0", "     4 w 1"),
    p001(4, " 0.0", "     3 b 0"),
)


@pytest.mark.fast
def test_260_for_some_rounds_only_is_kept_with_a_note() -> None:
    # 1-2 banned in rounds 2-3 only: XXP would ban every round, so the 260 stays; 3-4 banned in
    # rounds 1-5 = every round of a 5-round event: XXP 3 4.
    trf26 = text("012 T", "142 5", "152 W", "260 002 003    1    2", "260 001 005    3    4", *FOUR)
    trf16, notes = convert(read(trf26), "trf16")
    assert trf.dumps(trf16) == text("012 T", "XXR 5", "XXC white1", "260 002 003    1    2", "XXP 3 4", *FOUR)
    assert [(n.severity, n.code, n.line) for n in notes] == [(Severity.WARNING, "not-canonical", 4)]
    assert "2-3" in notes[0].message
    assert [trf16.forbidden(r) for r in (1, 2, 3, 4)] == [
        {frozenset({3, 4})}, {frozenset({1, 2}), frozenset({3, 4})}, {frozenset({1, 2}), frozenset({3, 4})}, {frozenset({3, 4})},
    ]
    back, notes = convert(trf16, "trf26")
    assert trf.dumps(back) == trf26 and notes == []


@pytest.mark.fast
def test_xxp_becomes_260_over_all_rounds() -> None:
    assert roundtrip(
        text("012 T", "XXR 4", "XXP 1 3 4", *FOUR), "trf26", text("012 T", "142 4", "260 001 004    1    3    4", *FOUR)
    ) == []


@pytest.mark.fast
def test_xxz_becomes_240_z_for_the_next_round() -> None:
    # round 1 is paired, so XXZ means "not paired in round 2": 240 Z 002, after the 142/152 lines
    source = text("012 T", "XXR 3", "XXC white1", "XXZ 2 4", *FOUR)
    converted, notes = convert(read(source), "trf26")
    assert notes == []
    assert trf.dumps(converted) == text("012 T", "142 3", "152 W", "240 Z 002    2    4", *FOUR)
    assert converted.declared_absences(2) == read(source).declared_absences(2) == {
        2: Result.ZERO_POINT_BYE, 4: Result.ZERO_POINT_BYE,
    }
    # back in TRF-16 the absences are written where JaVaFo and bbpPairings both read them:
    # 0000 - Z in round 2's column (bbpPairings ignores XXZ)
    back, _ = convert(converted, "trf16")
    assert trf.dumps(back) == text(
        "012 T", "XXR 3", "XXC white1",
        FOUR[0], FOUR[1] + "  0000 - Z", FOUR[2], FOUR[3] + "  0000 - Z",
    )


@pytest.mark.fast
def test_declared_half_point_bye_becomes_240_and_leaves_the_points() -> None:
    # JaVaFo convention: the H for round 2 stands in round 2's column and its 0.5 is in the
    # listed points (0.0 + 0.5); TRF-2026 lists it as 240 H 002 and the points are 0.0.
    trf16 = text(
        "012 T", "XXR 3", "XXC white1",
        p001(1, " 1.0", "     2 w 1"),
        p001(2, " 0.5", "     1 b 0", "  0000 - H"),
        p001(3, " 1.0", "  0000 - U"),
    )
    trf26 = text(
        "012 T", "142 3", "152 W", "240 H 002    2",
        p001(1, " 1.0", "     2 w 1"),
        p001(2, " 0.0", "     1 b 0"),
        p001(3, " 1.0", "  0000 - U"),
    )
    assert roundtrip(trf16, "trf26", trf26) == []
    for t in (read(trf16), read(trf26)):
        assert t.rounds_paired == 1
        assert t.declared_absences(2) == {2: Result.HALF_POINT_BYE}


@pytest.mark.fast
def test_xxa_becomes_250_ranges_and_back() -> None:
    # players 1 and 2: 1.0 in round 1, 0.5 in round 2 -> one 250 line per run of rounds, over
    # the id range 1-2.  250: game points in columns 10-13, rounds 15-17/19-21, ids 23-26/28-31.
    trf16 = text("012 T", "XXR 2", "XXA    1  1.0  0.5", "XXA    2  1.0  0.5", *FOUR)
    trf26 = text("012 T", "142 2", "250       1.0   1   1    1    2", "250       0.5   2   2    1    2", *FOUR)
    assert roundtrip(trf16, "trf26", trf26) == []
    for t in (read(trf16), read(trf26)):
        assert [t.acceleration(n, r) for n in (1, 2, 3) for r in (1, 2)] == [1, Fraction(1, 2), 1, Fraction(1, 2), 0, 0]


@pytest.mark.fast
def test_comments_are_dropped_in_trf16_with_a_note() -> None:
    players = (p001(1, " 1.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0"))
    converted, notes = convert(read(text("### ruler", "012 T", "142 1", *players)), "trf16")
    assert trf.dumps(converted) == text("012 T", "XXR 1", *players)
    assert [(n.severity, n.code, n.line) for n in notes] == [(Severity.INFO, "not-canonical", 1)]


@pytest.mark.fast
def test_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="trf16"):
        convert(read(text("012 T")), "trf25")


# --------------------------------------------------------------------------- what is written reads back valid
# Each file below is one that the converter once turned into a file `validate` rejects (or that
# meant something else); the expectation is worked out from the record layouts and from which
# record the reader takes (142 over XXR, 152 over XXC, 162 over XXS over BB?, a later XXA/250
# value over an earlier one).


def valid(t: trf.Tournament) -> trf.Tournament:
    """``t`` written and read back: no error and no warning."""
    result = trf.parse_text(trf.dumps(t))
    assert [d for d in result.diagnostics if d.severity is not Severity.INFO] == [], trf.dumps(t)
    return result.tournament


def read_with(source: str, *codes: str) -> trf.Tournament:
    """``source`` read: its warnings and errors are exactly ``codes``."""
    result = trf.parse_text(source)
    assert sorted(d.code for d in result.diagnostics if d.severity is not Severity.INFO) == sorted(codes)
    return result.tournament


@pytest.mark.fast
def test_round_counts_that_disagree_are_written_once_with_the_number_read() -> None:
    # XXR 0 beside 142 5: the file is read with 5 rounds (142 first); writing XXR 0 alone (as
    # once for TRF-16) made round 1 "beyond the total"
    for order in (("XXR 0", "142 5"), ("142 5", "XXR 0")):
        t = read_with(text("012 T", *order, *FOUR), "duplicate-record")
        assert t.total_rounds == 5
        for to, code in (("trf16", "XXR"), ("trf26", "142")):
            converted, notes = convert(t, to)
            assert trf.dumps(converted) == text("012 T", f"{code} 5", *FOUR)
            assert valid(converted).total_rounds == 5
            xxr_line = 2 + order.index("XXR 0")
            assert [(n.severity, n.line) for n in notes] == [(Severity.WARNING, xxr_line)]
            assert "XXR 0" in notes[0].message and "5 is written" in notes[0].message


@pytest.mark.fast
def test_initial_colours_that_disagree_are_written_once_with_the_colour_read() -> None:
    # XXC black1 and 152 W: the file is read with White (152 first); TRF-16 once kept XXC black1
    t = read_with(text("012 T", "XXR 2", "XXC black1", "152 W", *FOUR))
    assert t.initial_colour is Colour.WHITE
    converted, notes = convert(t, "trf16")
    assert trf.dumps(converted) == text("012 T", "XXR 2", "XXC white1", *FOUR)
    assert [(n.severity, n.line) for n in notes] == [(Severity.WARNING, 3)]
    converted, notes = convert(t, "trf26")
    assert trf.dumps(converted) == text("012 T", "142 2", "152 W", *FOUR)
    assert valid(converted).initial_colour is Colour.WHITE


@pytest.mark.fast
def test_250_over_a_missing_start_rank_writes_xxa_for_the_players_only() -> None:
    # players 1, 2 and 4 (no 3); 250 gives 1.0 to start ranks 1-4 in rounds 1-2.  Rank 3 is no
    # player: an XXA line for it would name a player who does not exist (an error).
    players = (p001(1, " 1.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0"), p001(4, " 1.0", "  0000 - U"))
    t = read_with(text("012 T", "142 3", "250       1.0   1   2    1    4", *players), "missing-player")
    converted, notes = convert(t, "trf16")
    assert notes == []
    xxa = [line for line in trf.dumps(converted).splitlines() if line.startswith("XXA")]
    assert xxa == ["XXA    1  1.0  1.0  0.0", "XXA    2  1.0  1.0  0.0", "XXA    4  1.0  1.0  0.0"]
    back = read_with(trf.dumps(converted), "missing-player")
    assert [back.acceleration(n, r) for n in (1, 2, 4) for r in (1, 2, 3)] == [1, 1, 0] * 3


@pytest.mark.fast
def test_xxa_and_250_together_are_written_with_their_effective_values() -> None:
    # XXA 1.0, then 250 2.0 over players 1-4 in round 1, then XXA 3.0 for player 1: player 1 has
    # 3.0 (the last record), the others 2.0.  Keeping the 250 beside the ranges made from the table
    # once let it override the later XXA (2.0 for player 1).
    source = text("012 T", "142 2", "XXA    1  1.0", "250       2.0   1   1    1    4", "XXA    1  3.0", *FOUR)
    t = read_with(source)
    assert [t.acceleration(n, 1) for n in (1, 2, 3, 4)] == [3, 2, 2, 2]
    for to in ("trf16", "trf26"):
        converted, _ = convert(t, to)
        assert [valid(converted).acceleration(n, r) for n in (1, 2, 3, 4) for r in (1, 2)] == [3, 0, 2, 0, 2, 0, 2, 0], to
    converted, _ = convert(t, "trf26")
    assert [line for line in trf.dumps(converted).splitlines() if line.startswith("250")] == [
        "250       3.0   1   1    1    1", "250       2.0   1   1    2    4"]


@pytest.mark.fast
def test_162_beside_an_xxs_is_written_from_the_162_values() -> None:
    # 162 says 3/1/0 and an XXS for JaVaFo says W=2: the file is read with 162.  TRF-16 once got
    # the 162 as XXS lines *and* the old XXS after them, which overrode them (W=2).
    players = (p001(1, " 3.0", "     2 w 1"), p001(2, " 0.0", "     1 b 0"))
    t = read_with(text("012 T", "162  W 3.0    D 1.0", "XXS W=2", *players))
    converted, notes = convert(t, "trf16")
    assert notes == []
    assert trf.dumps(converted) == text(
        "012 T", "BBW  3.0", "BBD  1.0", "XXS WW=3 BW=3 WD=1 BD=1 FW=3 HPB=1 FPB=3 PAB=3", *players)
    assert valid(converted).score(1) == 3


@pytest.mark.fast
def test_260_becomes_xxp_only_when_it_bans_every_round() -> None:
    # no number of rounds: 260 001 005 bans rounds 1-5 only (the event may have more), 260 001 999
    # bans every round; 260 000 000 bans nothing (a warning on reading), XXP would ban every round
    t = read_with(text("012 T", "260 001 005    1    2", "260 001 999    3    4", *FOUR))
    converted, notes = convert(t, "trf16")
    assert trf.dumps(converted) == text("012 T", "260 001 005    1    2", "XXP 3 4", *FOUR)
    assert [(n.severity, n.line) for n in notes] == [(Severity.WARNING, 2)]
    t = read_with(text("012 T", "142 3", "260 000 000    1    2", *FOUR), "bad-record")
    converted, _ = convert(t, "trf16")
    assert trf.dumps(converted) == text("012 T", "XXR 3", "260 000 000    1    2", *FOUR)
    assert [converted.forbidden(r) for r in (1, 2, 3)] == [frozenset()] * 3


@pytest.mark.fast
def test_xxz_naming_no_player_is_an_error_on_reading() -> None:
    # XXZ 9 with no player 9: once read without a word, and written as an invalid "240 Z 002 9"
    result = trf.parse_text(text("012 T", "XXR 5", "XXZ 9", *FOUR))
    assert [(d.severity, d.code, d.line, d.column) for d in result.errors] == [(Severity.ERROR, "bad-record", 3, 1)]
    assert "XXZ names start rank 9" in result.errors[0].message


@pytest.mark.fast
def test_240_in_a_round_the_event_does_not_have_is_an_error() -> None:
    # 240 for round 7 of a 5-round event: in TRF-16 it would become a round-7 block ("beyond the total")
    result = trf.parse_text(text("012 T", "142 5", "240 H 007    2", *FOUR))
    assert [(d.severity, d.code, d.line, d.column) for d in result.errors] == [(Severity.ERROR, "bad-record", 3, 7)]
    assert "round 7" in result.errors[0].message and "5 rounds" in result.errors[0].message


@pytest.mark.fast
def test_xxz_after_the_last_round_is_dropped_with_a_warning() -> None:
    # every round of a 1-round event is paired: XXZ names players for round 2, which does not exist
    t = read_with(text("012 T", "XXR 1", "XXZ 2", *FOUR), "bad-record")
    converted, notes = convert(t, "trf26")
    assert trf.dumps(converted) == text("012 T", "142 1", *FOUR)
    assert [(n.severity, n.line) for n in notes] == [(Severity.WARNING, 3)]
    valid(converted)


@pytest.mark.fast
def test_xxz_leaves_a_bye_written_in_the_next_round_column_as_it_is() -> None:
    # player 2 has "0000 - H" for round 2 (its 0.5 in the points, JaVaFo) and is also in XXZ: the
    # reader takes the H; TRF-2026 once got both 240 H and 240 Z for player 2, which TRF-16 read back as Z
    source = text("012 T", "XXR 3", "XXZ 2 4", FOUR[0], p001(2, " 0.5", "     1 b 0", "  0000 - H"), FOUR[2], FOUR[3])
    t = read_with(source)
    assert t.declared_absences(2) == {2: Result.HALF_POINT_BYE, 4: Result.ZERO_POINT_BYE}
    converted, notes = convert(t, "trf26")
    assert notes == []
    assert trf.dumps(converted) == text("012 T", "142 3", "240 H 002    2", "240 Z 002    4", *FOUR)
    back, _ = convert(valid(converted), "trf16")
    assert valid(back).declared_absences(2) == {2: Result.HALF_POINT_BYE, 4: Result.ZERO_POINT_BYE}


@pytest.mark.fast
def test_two_240_records_for_one_player_and_round_warn_and_the_first_is_written() -> None:
    t = read_with(text("012 T", "142 3", "240 H 002    2", "240 Z 002    2", *FOUR), "bad-record")
    assert t.declared_absences(2) == {2: Result.HALF_POINT_BYE}
    converted, _ = convert(t, "trf16")
    assert valid(converted).declared_absences(2) == {2: Result.HALF_POINT_BYE}


TEAM_PLAYERS = (p001(1, " 1.0", "     3 w 1"), p001(2, " 0.0", "     4 b 0"),
                p001(3, " 0.0", "     1 b 0"), p001(4, " 1.0", "     2 w 1"))


@pytest.mark.fast
def test_team_event_records_are_kept_as_they_are() -> None:
    # in a team event 240 and 250 name teams (TRF-2026 4.5-4.6): once, TRF-16 dropped the 240s
    # of the rounds played ("they duplicate the player lines", which they do not there) and turned
    # the 250 into XXA lines for the players with those numbers.  Team 3 (Gamma) took a full bye
    # in round 1 (its players' lines say F)
    source = text("012 T", "142 3", "240 F 001    3", "250  2.0        1   2    1    2",
                  "013 Alpha                              1    2", "013 Beta                               3    4",
                  "013 Gamma                              5    6",
                  *TEAM_PLAYERS, p001(5, " 1.0", "  0000 - F"), p001(6, " 1.0", "  0000 - F"))
    t = read_with(source)
    converted, notes = convert(t, "trf16")
    assert trf.dumps(converted) == source.replace("142 3", "XXR 3")
    assert [(n.severity, n.line) for n in notes] == [(Severity.INFO, 3)]
