"""The oddities of the real-world files of ../shared/corpus/real, one named test each.

Every expected value below was read off the file itself (its bytes, its lines and columns)
and, where it exists, checked against ../shared/corpus/real/PROVENANCE.md; none was copied
from the reader's output.  The files are read in place (never copied into the repository);
without ../shared the tests skip.
"""

from __future__ import annotations

import collections
from fractions import Fraction
from pathlib import Path

import pytest

import trf
from trf import (
    BlankLine, ByeRecord, Colour, Comment, InitialColour, PreservedRecord, Result, RoundCount,
    RoundEntry, Severity,
)

pytestmark = pytest.mark.corpus

Z, H, F, U = Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE, Result.PAIRING_ALLOCATED_BYE
NONE = Colour.NONE


@pytest.fixture
def real(corpus_dir: Path):
    """``real(name)`` -> (ParseResult, raw bytes) of ``../shared/corpus/real/name``."""

    def read(name: str) -> tuple[trf.ParseResult, bytes]:
        path = corpus_dir / "real" / name
        return trf.parse_file(path), path.read_bytes()

    return read


def codes(result: trf.ParseResult) -> collections.Counter:
    return collections.Counter((d.severity, d.code) for d in result.diagnostics)


def bye(kind: Result) -> RoundEntry:
    return RoundEntry(None, NONE, kind)


# --------------------------------------------------------------------------- bbpPairings tests


def test_issue_7_bare_cr(real) -> None:
    result, data = real("bbp-tests/issue_7.input")
    assert b"\n" not in data and data.count(b"\r") == 62 and data.endswith(b"\r")  # 012, 60 x 001, XXR
    t = result.tournament
    assert result.diagnostics == ()
    assert (t.line_ending, t.final_newline) == ("\r", True)
    assert len(t.players) == 60
    assert t.total_rounds == 15 and t.records[-1] == RoundCount(15, "XXR")
    assert t.rounds_paired == t.round_columns == 14
    assert trf.dumps(t).encode() == data


def test_issue_7_lf_copy_differs_only_in_its_title(real) -> None:
    """echecsjs converted CR to LF and lengthened the 012 line (PROVENANCE)."""
    cr, _ = real("bbp-tests/issue_7.input")
    lf, _ = real("echecsjs_issue_7.trf")
    assert lf.tournament.line_ending == "\n"
    assert cr.tournament.records[1:] == lf.tournament.records[1:]
    assert cr.tournament.name == "AutoTest Tournament 1110065304"
    assert lf.tournament.name == "AutoTest Tournament 111006530400"


def test_issue_15_bare_cr_with_double_forfeits(real) -> None:
    result, data = real("bbp-tests/issue_15.input")
    assert b"\n" not in data and data.endswith(b"\r\r")  # the last line is empty
    t = result.tournament
    assert result.diagnostics == ()  # the double forfeits are genuine, not errors
    assert (t.line_ending, t.final_newline) == ("\r", True)
    assert t.records[-1] == BlankLine("")
    assert len(t.players) == 180 and t.total_rounds is None and t.rounds_paired == 11
    # "   17 w -" on 9's line and "    9 b -" on 17's in round 9; 103 "109 w -" / 109 "103 b -" in round 6
    for white, black, rnd in ((9, 17, 9), (103, 109, 6)):
        assert t.player(white).entry(rnd) == RoundEntry(black, Colour.WHITE, Result.FORFEIT_LOSS)
        assert t.player(black).entry(rnd) == RoundEntry(white, Colour.BLACK, Result.FORFEIT_LOSS)
        assert trf.Game(rnd, white, black, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS) in t.games(rnd)
        assert black not in t.player(white).opponents()  # a forfeit is no meeting
        assert rnd not in t.player(white).played_rounds()
    # player 9: 1 = = 1 - 1 1 = - = 1 -> 7.0, as listed
    assert t.player(9).points == t.score(9) == 7
    assert trf.dumps(t).encode() == data


def test_issue_15_lf_copy_replaced_the_empty_line_by_xxr(real) -> None:
    cr, _ = real("bbp-tests/issue_15.input")
    lf, _ = real("echecsjs_issue_15.trf")
    assert cr.tournament.records[:-1] == lf.tournament.records[:-1]
    assert lf.tournament.records[-1] == RoundCount(12, "XXR")
    assert lf.diagnostics == ()


def test_dutch_2025_c5_next_round_absence(real) -> None:
    result, _ = real("bbp-tests/dutch_2025_C5.input")
    t = result.tournament
    assert result.diagnostics == ()
    assert t.player(4).entry(3) == bye(Z)  # "0000 - Z" in round 3's column
    assert t.rounds_paired == 2 and t.round_columns == 3 and t.total_rounds == 3
    assert t.declared_absences(3) == {4: Z}
    assert t.games(3) == ()


def test_dutch_2025_c9_absence_in_a_paired_round(real) -> None:
    result, _ = real("bbp-tests/dutch_2025_C9.input")
    t = result.tournament
    assert t.player(5).entry(1) == bye(Z)
    assert t.rounds_paired == 1 and t.total_rounds == 3
    assert t.declared_absences(2) == {}


# --------------------------------------------------------------------------- JaVaFo sample (Gros)


def test_javafo_sample2_crlf_and_round_5_absences(real) -> None:
    result, data = real("javafo_sample2.trf")
    assert data.count(b"\r\n") == data.count(b"\n") == 65
    t = result.tournament
    assert result.diagnostics == ()
    assert t.line_ending == "\r\n"
    assert len(t.players) == 52 and t.total_rounds == 9
    assert t.rounds_paired == 4 and t.round_columns == 5
    # round 5 column: 22 "0000 - Z", 28 "0000 - Z", 43 "0000 - H"
    assert t.declared_absences(5) == {22: Z, 28: Z, 43: H}
    # the JaVaFo convention counts the declared H in the listed points: 43 has 0 = 0 0 + H = 1.0
    assert t.player(43).points == 1 and t.score(43) == 1 and t.score(43, through=4) == Fraction(1, 2)
    # PABs of rounds 1, 2, 4
    assert [t.player(n).byes(U) for n in (52, 50, 48)] == [(1,), (2,), (4,)]


def test_javafo_sample2_legacy_titles(real) -> None:
    result, _ = real("javafo_sample2.trf")
    t = result.tournament
    # "m  g", "m  m", "m  f" in columns 10-13: sex m, one-letter title right-aligned
    assert [(t.player(n).sex, t.player(n).title, t.player(n).fide_title) for n in (1, 2, 3, 4)] == [
        ("m", "g", "GM"), ("m", "m", "IM"), ("m", "f", "FM"), ("m", "", ""),
    ]
    assert t.player(1).birth_date == "1978"  # birth year only
    assert t.player(6).name == "Gorrochategui Torres, Eugenio" and t.player(6).rating == 0


def test_gros_r5_is_javafo_sample2_with_lf(real) -> None:
    lf, lf_data = real("gros_r5.trfx")
    crlf, crlf_data = real("javafo_sample2.trf")
    assert lf_data == crlf_data.replace(b"\r\n", b"\n")
    assert lf.tournament.line_ending == "\n" and crlf.tournament.line_ending == "\r\n"
    assert lf.tournament.records == crlf.tournament.records  # same records, other line endings
    assert lf.diagnostics == crlf.diagnostics == ()


# --------------------------------------------------------------------------- lichess exports


def test_sk_2020_06_blank_opponent_byes_and_absences(real) -> None:
    result, _ = real("sk_2020_06.trf")
    t = result.tournament
    assert len(t.players) == 13 and t.total_rounds == 10
    assert [r for r in t.records if isinstance(r, InitialColour)] == [InitialColour(Colour.WHITE, "XXC", False)]
    # line 20 (player 5): "         H" then "         -"; line 21 (player 6): "         U" in round 2
    assert t.player(5).entry(1) == bye(H)
    assert t.player(5).entry(2) == RoundEntry(None, NONE, Result.FORFEIT_LOSS)
    assert t.player(6).entry(2) == bye(U)
    assert t.player(5).unplayed_rounds() == (1, 2)
    assert t.player(5).points == t.score(5) == Fraction(11, 2)  # H + - + 1 1 1 1 0 0 1 0
    assert t.player(1).rank is None  # rank column blank
    # one INFO per blank-opponent block: lines 20 (2), 21, 22, 23 (5), 25, 27, 28 (7) = 18
    # 042 and 052 "May 29, 2020": lichess's notation, no TRF date form (docs/trf.md, "Dates")
    assert codes(result) == {(Severity.INFO, "normalised"): 18, (Severity.WARNING, "bad-date"): 2}
    assert {(d.line, d.column) for d in result.diagnostics} >= {(20, 92), (20, 102), (21, 102), (28, 182)}
    assert collections.Counter(d.line for d in result.diagnostics) == {4: 1, 5: 1, 20: 2, 21: 1, 22: 1, 23: 5, 25: 1, 27: 1, 28: 7}


def test_sk_2021_03_one_blank_opponent_pab_per_round(real) -> None:
    result, _ = real("sk_2021_03.trf")
    t = result.tournament
    assert len(t.players) == 9 and t.total_rounds == 9
    assert t.initial_colour is Colour.BLACK  # XXC black1
    assert codes(result) == {(Severity.INFO, "normalised"): 9, (Severity.WARNING, "bad-date"): 2}  # 042/052 "Jun 26, 2020"
    # read off the file: who has "         U" in which round
    pab = {r: [b.player for b in t.byes(r) if b.kind is U] for r in range(1, 10)}
    assert pab == {1: [5], 2: [7], 3: [8], 4: [9], 5: [6], 6: [4], 7: [2], 8: [3], 9: [1]}


def test_competichess_large_lichess_export(real) -> None:
    result, data = real("competichess_large.trf")
    t = result.tournament
    assert len(t.players) == 112 and t.total_rounds == 21
    assert [r for r in t.records if isinstance(r, InitialColour)] == [InitialColour(Colour.WHITE, "XXC", True)]
    assert t.initial_colour is Colour.WHITE
    # every 001 line is 289 characters: 20 round blocks, although XXR says 21
    assert {len(line) for line in data.decode().splitlines() if line.startswith("001")} == {289}
    assert t.round_columns == t.rounds_paired == 20
    # names start in column 16 (one late) and are still read whole
    assert data.decode().splitlines()[10][15:27] == "sherwin--tiu"
    assert t.player(1).name == "sherwin--tiu" and t.player(1).rating == 2529
    # absences: "-" with blank opponent and colour (1,065 of them, as PROVENANCE counts)
    entries = [e for p in t.players for e in p.rounds if e is not None and e.opponent is None]
    assert collections.Counter(e.result for e in entries) == {Result.FORFEIT_LOSS: 1065, H: 18, U: 9}
    assert data.count(b"         -") == 1065
    assert t.player(8).entry(9) == RoundEntry(None, NONE, Result.FORFEIT_LOSS)
    assert t.player(10).entry(1) == bye(H)
    assert all(p.rank is None for p in t.players)
    assert codes(result) == {(Severity.INFO, "normalised"): 1065 + 18 + 9, (Severity.WARNING, "bad-date"): 2}  # 042/052


# --------------------------------------------------------------------------- FIDE example1 (2005)


def test_karlmala2005_legacy_layout(real) -> None:
    result, _ = real("karlmala2005.trf")
    t = result.tournament
    assert result.diagnostics == ()
    assert len(t.players) == 284
    assert t.round_columns == t.rounds_paired == 7 and t.total_rounds is None
    # TRF06-era dates are kept as written
    assert (t.header("042"), t.header("052")) == ("28. 07. 2005", "31. 07. 2005")
    assert t.player(1).birth_date == "1969.12.06"
    # right-aligned lowercase titles: "   g" x3, "   m" x11, "   f" x5, "  wf" x1; sex "f" x8
    titles = collections.Counter(p.fide_title for p in t.players if p.title)
    assert titles == {"GM": 3, "IM": 11, "FM": 5, "WFM": 1}
    assert (t.player(1).title, t.player(1).fide_title) == ("g", "GM")
    assert sum(p.sex == "f" for p in t.players) == 8
    # non-starter 13 v 153 written "153 - -" / " 13 - +"; rank 0 for those who did not finish
    assert t.player(13).entry(1) == RoundEntry(153, NONE, Result.FORFEIT_LOSS)
    assert t.player(153).entry(1) == RoundEntry(13, NONE, Result.FORFEIT_WIN)
    assert t.player(13).rank == 0 and t.player(13).points == 0
    assert t.player(2).federation == "" and t.header("032") == ""


# --------------------------------------------------------------------------- TRF-2026 team files


def test_grandmommyscup_team_file(real) -> None:
    result, data = real("grandmommyscup.trf")
    t = result.tournament
    # no diagnostics: in particular no points-mismatch (team 001 points are informative) and
    # no bad-record for the 240 lines, which name team numbers, not players
    assert result.diagnostics == ()
    assert t.line_ending == "\r\n" and data.count(b"\n") == data.count(b"\r\n")
    assert len(t.players) == 249 and t.total_rounds == 14 and t.initial_colour is Colour.BLACK
    kept = collections.Counter(r.code for r in t.records if isinstance(r, PreservedRecord))
    assert kept == {"013": 50, "300": 141, "310": 50, "320": 1, "330": 22, "801": 50, "802": 50, "IND": 15}
    assert all(r.known for r in t.records if isinstance(r, PreservedRecord))
    # NRS lines are kept verbatim because 172 names their federation
    assert t.header("172") == "IND FIDE"
    ind = next(r for r in t.records if isinstance(r, PreservedRecord) and r.code == "IND")
    assert ind.text == "IND    1   GM Player0001 Test0001               2634 CG  70100010001 1987/07/05"
    # 16 "###" ruler lines
    assert sum(isinstance(r, Comment) for r in t.records) == 16
    # 240 lines with a tab: "240 F   1    3\t " and "240 H   2    7   39"
    assert b"240 F   1    3\t \r\n" in data
    byes = [r for r in t.records if isinstance(r, ByeRecord)]
    assert len(byes) == 18
    assert byes[0] == ByeRecord("F", 1, (3,)) and byes[3] == ByeRecord("H", 2, (7, 39))


def test_grandmommyscup_nrs_lines_need_172(real) -> None:
    _, data = real("grandmommyscup.trf")
    without = data.replace(b"172 IND FIDE\r\n", b"")
    result = trf.parse_bytes(without)
    unknown = [d for d in result.diagnostics if d.code == "unknown-record"]
    assert len(unknown) == 15 and all(d.severity is Severity.WARNING for d in unknown)


def test_trf26_team_shifted_birth_dates(real) -> None:
    result, _ = real("trf26_team.trf")
    t = result.tournament
    # "...RUS 4100018363   1963/04/13 4.0": the date ends in column 80, which must be blank
    assert [(d.severity, d.code, d.line, d.column) for d in result.diagnostics] == [
        (Severity.ERROR, "syntax", 13, 80),
        (Severity.ERROR, "syntax", 14, 80),
        (Severity.WARNING, "unknown-record", 15, 1),  # "RUS    1 ...": NRS line without a 172
        # its one team (310 Russia: players 1 and 2) has no 352, and its two players met each other
        (Severity.WARNING, "bad-record", 16, 1),
        (Severity.ERROR, "self-opponent", 13, 92),
    ]
    assert "'RUS'" in result.diagnostics[2].message
    # the rest of both lines is still read
    p1, p2 = t.player(1), t.player(2)
    assert (p1.sex, p1.title, p1.name, p1.rating, p1.federation, p1.fide_id) == ("m", "GM", "Kasparov, Garry", 2851, "RUS", "4100018363")
    assert (p2.sex, p2.title, p2.name, p2.rating, p2.federation, p2.fide_id) == ("w", "IM", "Polgar, Judith", 2735, "HUN", "735463")
    assert (p1.points, p1.rank, p2.points, p2.rank) == (4, 1, Fraction(7, 2), 2)
    assert p1.entry(1) == RoundEntry(2, Colour.WHITE, Result.WIN)
    assert t.total_rounds == 5 and t.initial_colour is Colour.WHITE
    assert isinstance(t.records[0], Comment)


# --------------------------------------------------------------------------- tie-break fixtures


def test_swiss_with_many_unplayed_rounds_swiss_manager_layout(real) -> None:
    result, data = real("tiebreaks/swiss_with_many_unplayed_rounds.trf")
    t = result.tournament
    assert t.line_ending == "\r\n" and data.count(b"\n") == data.count(b"\r\n") == 30
    # the two digit rulers and the "DDD SSSS ..." line (lines 13-15) are kept, with an INFO each
    assert [(d.severity, d.code, d.line) for d in result.diagnostics] == [
        (Severity.INFO, "normalised", 13), (Severity.INFO, "normalised", 14), (Severity.INFO, "normalised", 15),
    ]
    assert isinstance(t.records[11], BlankLine)
    assert [r.text[:3] for r in t.records[12:15]] == ["   ", "123", "DDD"]
    assert t.header("062") == "15 (12)"
    assert len(t.players) == 15 and t.round_columns == 7
    # double forfeits 4 v 11 (round 1) and 4 v 13 (round 2)
    for opp, rnd in ((11, 1), (13, 2)):
        assert t.player(4).entry(rnd) == RoundEntry(opp, Colour.WHITE, Result.FORFEIT_LOSS)
        assert t.player(opp).entry(rnd) == RoundEntry(4, Colour.BLACK, Result.FORFEIT_LOSS)
    # player 12: H F 1 H Z F Z = 0.5 + 1 + 1 + 0.5 + 0 + 1 + 0 = 4.0
    assert [t.player(12).entry(r).code for r in range(1, 8)] == [H, F, Result.WIN, H, Z, F, Z]
    assert t.player(12).points == t.score(12) == 4
    assert t.player(6).rating == 0  # "0000"
    assert t.player(5).birth_date == ""


def test_held_swiss_5_rank_order_and_zero_opponents(real) -> None:
    result, data = real("tiebreaks/held_swiss_5.trf")
    t = result.tournament
    assert result.diagnostics == ()
    # lines in rank order, not start order
    assert [p.start_rank for p in t.players] == [2, 1, 3, 4, 16, 6, 5, 8, 11, 12, 14, 15, 7, 9, 13, 10]
    assert t.player(1).name == "Alyx" and t.players[0].name == "Bruno"
    # "     0 - H": opponent "   0", read as no opponent
    assert b"     0 - H" in data
    assert t.player(4).entry(2) == bye(H)
    assert t.player(12).rounds == (
        RoundEntry(4, Colour.WHITE, Result.LOSS), bye(U), RoundEntry(14, Colour.WHITE, Result.FORFEIT_WIN), bye(Z), bye(Z),
    )
    assert t.player(9).byes(H) == (3,) and t.player(9).byes(U) == (5,)
    assert t.total_rounds == 5
    # written back in file order (rank order), opponents as 0000
    out = trf.dumps(t).splitlines()
    assert out[4].startswith("001    2 ") and out[7][99:109] == "  0000 - H"


def test_cut_withdrawal_rr5_several_pabs_per_round(real) -> None:
    result, _ = real("tiebreaks/constructed/cut_withdrawal_rr5.trf")
    t = result.tournament
    # U in round 2: players 3 and 4; round 3: 2 and 4; round 5: 1 and 3 (rounds 1 and 4: one or none)
    pabs = {r: [b.player for b in t.byes(r) if b.kind is U] for r in range(1, 6)}
    assert pabs == {1: [1], 2: [3, 4], 3: [2, 4], 4: [], 5: [1, 3]}
    # one warning per round, on the second player's line, at the result column 92 + 10(r-1) + 7
    assert [(d.severity, d.code, d.line, d.column) for d in result.diagnostics] == [
        (Severity.WARNING, "multiple-pab", 7, 109),
        (Severity.WARNING, "multiple-pab", 7, 119),
        (Severity.WARNING, "multiple-pab", 6, 139),
    ]
    assert result.errors == ()


def test_absolute_vs_strong_players_meet_twice(real) -> None:
    result, _ = real("tiebreaks/absolute_vs_strong_colour_preference.trf")
    t = result.tournament
    assert result.diagnostics == ()
    # PROVENANCE: players 72 and 84 meet in rounds 4 and 7
    assert t.player(72).opponents().count(84) == 2
    assert t.player(72).entry(4) == RoundEntry(84, Colour.WHITE, Result.WIN)
    assert t.player(72).entry(7) == RoundEntry(84, Colour.WHITE, Result.DRAW)
    assert t.header("012") is None and t.total_rounds == 11 and t.rounds_paired == 10


def test_no_colour_preference_full_162_line(real) -> None:
    result, _ = real("tiebreaks/no_colour_preference.trf")
    t = result.tournament
    assert result.diagnostics == ()
    # "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5": the defaults, spelt out
    s = t.scoring
    assert (s.win_white, s.draw_white, s.loss_white, s.zero_point_bye, s.pab_value, s.unknown) == (
        1, Fraction(1, 2), 0, 0, 1, Fraction(1, 2),
    )
    assert t.total_rounds == 3 and t.rounds_paired == 2 and t.initial_colour is Colour.BLACK
