"""The team event read from its records (:mod:`trf.teams`): agreement with the corpus and with
FIDE's team sample, byte-stable round trips, and each team record read from hand-made files.

Independent expectations:

* every ``310`` record of the 48 generated Team Swiss tournaments (``../shared/corpus/team-swiss``,
  380 files: each event whole and cut before each round) carries the match and game points at
  that point, written by the generator; the reader computes them from the players' lines, the
  ``320``, ``330`` and ``240`` records;
* FIDE's team sample (``real/grandmommyscup.trf``, the TEC's "Grandmommy's Cup") carries an
  ``802`` crosstable: per team per round the opponent, the board-1 colour and the game points
  (``f`` a forfeited match), or ``PAB``/``FPB``/``HPB``/``ZPB``, and the final match and game points;
* the hand-made files (:mod:`tests.trf.teamfile`) carry the builder's own sums, worked by hand in
  the comments (C.04.6 Art. 1.3: a won match 2, drawn 1, lost 0 unless ``362`` says otherwise).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import trf
from tests.support import CORPUS, shared_corpus
from tests.trf.teamfile import FOUR_TEAMS, MALFORMED, TWO_ROUNDS, base, build, r013, r300, r310, replaced, text
from trf import Colour, Severity
from trf.diagnostics import in_order
from trf.teams import MatchKind, TeamFileError, TeamOptions, read_team_event, team_event, team_options

F = Fraction
TEAM_SWISS = CORPUS / "team-swiss"
SAMPLE = CORPUS / "real" / "grandmommyscup.trf"


def _tournaments() -> list[str]:
    return sorted(p.name for p in TEAM_SWISS.glob("team-t*")) if TEAM_SWISS.is_dir() else []


def _event(source: str | Path) -> trf.Tournament:
    if isinstance(source, Path):
        return trf.parse_file(source).tournament
    return trf.parse_text(source).tournament


def errors(source: str) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.line, d.column, d.message) for d in trf.parse_text(source).diagnostics
            if d.severity is Severity.ERROR]


# --------------------------------------------------------------------------- the corpus


@pytest.mark.corpus
@pytest.mark.parametrize("name", _tournaments() or ["(no corpus)"])
def test_computed_points_equal_every_310_record_of_the_corpus(name: str) -> None:
    folder = shared_corpus() / "team-swiss" / name
    files = sorted(folder.glob("*.trf"))
    assert files
    compared = 0
    for path in files:
        result = trf.parse_file(path)
        assert not [d for d in result.diagnostics if d.severity is Severity.ERROR], path
        event = team_event(result.tournament, str(path))
        for team in event.teams:
            assert team.match_points is not None and team.game_points is not None
            assert (event.match_points(team.tpn), event.game_points(team.tpn)) == \
                (team.match_points, team.game_points), f"{path.name} team {team.tpn}"
            compared += 1
    assert compared >= 6 * len(files)  # 6 to 40 teams an event


def _sample_802() -> list[tuple[int, F, F, list[list[str]]]]:
    """The ``802`` rows of FIDE's sample (TRF-2026 4.6: TPN 5-7, MP 15-20, GP 22-27, then a
    13-column block per round from column 28: opponent or PAB/FPB/HPB/ZPB, colour, game points
    with ``f`` for a forfeited match)."""
    rows = []
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("802"):
            blocks = [line[27 + 13 * i:40 + 13 * i].split() for i in range(14)]
            rows.append((int(line[4:7]), F(line[14:20].strip()), F(line[21:27].strip()), blocks))
    return rows


_802_KIND = {"PAB": MatchKind.PAB, "FPB": MatchKind.FULL_BYE, "HPB": MatchKind.HALF_BYE,
             "ZPB": MatchKind.ABSENT}  # the sample's ZPB rounds are those of withdrawn teams (no 240 Z)


@pytest.mark.corpus
def test_every_802_row_of_fides_team_sample_agrees() -> None:
    shared_corpus()
    event = team_event(_event(SAMPLE), str(SAMPLE))
    rows = _sample_802()
    assert len(rows) == 50 and event.rounds == 14
    forfeits = {(f.round, tpn): f for f in event.forfeits for tpn in (f.white, f.black)}
    checked = 0
    for tpn, mp, gp, blocks in rows:
        assert (event.match_points(tpn), event.game_points(tpn)) == (mp, gp), tpn
        for rnd, block in enumerate(blocks, start=1):
            e = event.entry(tpn, rnd)
            if len(block) == 2:
                assert e.kind == _802_KIND[block[0]], (tpn, rnd)
                assert e.game_points == F(block[1]), (tpn, rnd)
            else:
                opp, colour, points = int(block[0]), block[1], block[2]
                assert e.opponent == opp and e.game_points == F(points.rstrip("f")), (tpn, rnd)
                if points.endswith("f"):
                    f = forfeits[(rnd, tpn)]
                    assert e.kind in (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS, MatchKind.DOUBLE_FORFEIT)
                    assert (f.white == tpn) == (colour == "w"), (tpn, rnd)
                else:
                    assert e.kind == MatchKind.PLAYED and e.colour.value == colour, (tpn, rnd)
            checked += 1
    assert checked == 700


def _team_files() -> list[Path]:
    if not TEAM_SWISS.is_dir():
        return []
    return sorted(TEAM_SWISS.glob("team-t*/*.trf"))


@pytest.mark.corpus
def test_every_corpus_team_file_writes_back_byte_for_byte() -> None:
    files = _team_files() if shared_corpus() else []
    assert len(files) == 380
    for path in files:
        data = path.read_bytes()
        result = trf.parse_bytes(data)
        assert trf.dumps(result.tournament).encode(result.encoding) == data, path


#: The TEC's sample is not in the writer's canonical form outside its team records: its player
#: lines end in blanks and its 240/250/260 lines are written loosely (``240 F   1    3<TAB>``);
#: the writer trims the first and writes the others in the TRF-2026 layout (the pinned
#: normalisations of ``tests/trf/test_corpus_roundtrip.py``).  Its team records are kept verbatim.
TEAM_CODES = ("013", "300", "310", "320", "330", "352", "362", "192", "801", "802")


@pytest.mark.corpus
def test_fides_team_sample_keeps_every_team_record_byte_for_byte() -> None:
    shared_corpus()
    data = SAMPLE.read_bytes()
    result = trf.parse_bytes(data)
    written = trf.dumps(result.tournament).encode(result.encoding)
    before, after = data.split(b"\r\n"), written.split(b"\r\n")
    assert len(before) == len(after) == 704
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    kept = [a for a in before if a[:3].decode() in TEAM_CODES]
    assert len(kept) == 50 + 141 + 50 + 1 + 22 + 1 + 1 + 1 + 50 + 50
    assert all(a in after for a in kept)
    for a, b in changed:
        code = a[:3]
        assert code in (b"001", b"240", b"250", b"260"), a
        if code == b"001":
            assert a.rstrip(b" \t") == b
        else:
            assert a.split() == b.split() or [x.lstrip(b"0") for x in a.split()] == \
                [x.lstrip(b"0") for x in b.split()] or code == b"250", (a, b)
    again = team_event(trf.parse_bytes(written).tournament)
    event = team_event(result.tournament)
    assert again.teams == event.teams and again.history == event.history


# --------------------------------------------------------------------------- 310


@pytest.mark.fast
def test_310_members_rank_and_points() -> None:
    # FOUR_TEAMS: round 1 team 1 beats team 2 1.5-0.5, team 4 beats team 3 1.5-0.5; round 2
    # team 1 beats team 4 1.5-0.5, teams 3 and 2 draw 1-1: MP 4 1 1 2, GP 3 1.5 1.5 2
    event = team_event(_event(text(base())))
    assert [(t.tpn, t.name, t.nickname, t.members, t.rank) for t in event.teams] == [
        (1, "Team 1", "T1", (1, 2), 1), (2, "Team 2", "T2", (3, 4), 3),
        (3, "Team 3", "T3", (5, 6), 4), (4, "Team 4", "T4", (7, 8), 2)]
    assert [(t.match_points, t.game_points) for t in event.teams] == [
        (4, 3), (1, F(3, 2)), (1, F(3, 2)), (2, 2)]
    assert [(event.match_points(t), event.game_points(t)) for t in (1, 2, 3, 4)] == [
        (4, 3), (1, F(3, 2)), (1, F(3, 2)), (2, 2)]
    assert event.boards == 2 and event.board_colours == "WB"
    # board-1 colours: team 1 White in round 1 (player 1 w), Black in round 2 (player 1 b)
    assert event.colours(1) == (Colour.WHITE, Colour.BLACK) and event.colours(4) == (Colour.BLACK, Colour.WHITE)
    assert event.opponents(1) == (2, 4)
    assert event.matches(1) == [(1, 2, MatchKind.PLAYED), (3, 4, MatchKind.PLAYED)]
    assert event.matches(2) == [(3, 2, MatchKind.PLAYED), (4, 1, MatchKind.PLAYED)]


@pytest.mark.fast
def test_310_points_and_rank_may_be_blank() -> None:
    lines = [r310(int(x[4:7]), x[8:40].strip(), [int(m) for m in x[72:].split()]) if x.startswith("310") else x
             for x in base()]
    event = team_event(_event(text(lines)))
    assert all(t.match_points is None and t.game_points is None and t.rank is None for t in event.teams)
    assert event.match_points(1) == 4


# --------------------------------------------------------------------------- 013


@pytest.mark.fast
def test_013_legacy_teams_are_numbered_in_the_order_of_their_records() -> None:
    lines = build(FOUR_TEAMS, TWO_ROUNDS, form="013")
    assert lines[-4] == "013 Team 1                             1    2"  # name 5-36, members 37-40, 42-45
    event = team_event(_event(text(lines)))
    assert [(t.tpn, t.name, t.members) for t in event.teams] == [
        (1, "Team 1", (1, 2)), (2, "Team 2", (3, 4)), (3, "Team 3", (5, 6)), (4, "Team 4", (7, 8))]
    assert [event.match_points(t) for t in (1, 2, 3, 4)] == [4, 1, 1, 2]
    # the records in another order: the first record is team 1, whatever its name
    swapped = lines[:-4] + [lines[-3], lines[-4], lines[-2], lines[-1]]
    event = team_event(_event(text(swapped)))
    assert [(t.tpn, t.name, t.members) for t in event.teams][:2] == [(1, "Team 2", (3, 4)), (2, "Team 1", (1, 2))]
    assert event.match_points(1) == 1 and event.match_points(2) == 4
    assert event.entry(2, 1).opponent == 1 and event.entry(2, 1).colour is Colour.WHITE


@pytest.mark.fast
def test_310_wins_over_013() -> None:
    # FIDE's sample holds both; the 310 records give the TPNs (the 013 order is another one)
    lines = base() + [r013("Team 4", (7, 8)), r013("Team 3", (5, 6)), r013("Team 2", (3, 4)), r013("Team 1", (1, 2))]
    event = team_event(_event(text(lines)))
    assert [(t.tpn, t.name) for t in event.teams] == [(1, "Team 1"), (2, "Team 2"), (3, "Team 3"), (4, "Team 4")]


# --------------------------------------------------------------------------- 320


FIVE_TEAMS = ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10))
#: round 1: team 5 takes a requested full bye (240 F), no PAB; round 2: team 4 gets the PAB.
BYE_THEN_PAB: tuple[tuple[tuple[object, ...], ...], ...] = (
    (("m", 1, 2, "10"), ("m", 3, 4, "=="), ("bye", "F", 5)),
    (("m", 5, 1, "1="), ("m", 2, 3, "0="), ("pab", 4)),
)


@pytest.mark.fast
@pytest.mark.parametrize("record", ["320  1    1.0       4", "320 1.0 1.0 0 4", "320  1.0  1.0 000 004"],
                         ids=["fixed columns, round 1 blank (FIDE's sample)", "single spaces", "zero-padded"])
def test_320_the_pab_in_fixed_columns_or_by_whitespace(record: str) -> None:
    lines = [record if x.startswith("320") else x for x in build(FIVE_TEAMS, BYE_THEN_PAB)]
    event = team_event(_event(text(lines)))
    assert event.pab(1) is None and event.pab(2) == 4
    assert event.pab_match_points == 1 and event.pab_game_points == 1  # a drawn match of 2 boards
    e = event.entry(4, 2)
    assert (e.kind, e.opponent, e.match_points, e.game_points) == (MatchKind.PAB, None, 1, 1)
    # team 4: drew team 3 in round 1 (1 MP, 1 GP), the PAB in round 2 (1 MP, 1 GP)
    assert (event.match_points(4), event.game_points(4)) == (2, 2)
    assert event.opponents(4) == (3,) and event.colours(4) == (Colour.BLACK,)


@pytest.mark.fast
def test_320_its_points_override_the_drawn_match() -> None:
    lines = build(FIVE_TEAMS, BYE_THEN_PAB, pab_points=("2.0", "2.0"))  # the sample: a PAB is a won match
    assert "320  2.0  2.0 000 004" in lines
    event = team_event(_event(text(lines)))
    assert (event.entry(4, 2).match_points, event.entry(4, 2).game_points) == (2, 2)
    assert event.match_points(4) == 3


@pytest.mark.fast
def test_without_320_a_pab_is_a_drawn_match() -> None:
    # C.04.6 Art. 1.4 (../shared/reference/team-swiss.md): no 320 values, the PAB scores a draw
    event = team_event(_event(text(build(FIVE_TEAMS, BYE_THEN_PAB))))
    assert event.pab_match_points == event.draw == 1 and event.pab_game_points == 1


# --------------------------------------------------------------------------- 330


@pytest.mark.fast
def test_330_forfeited_matches() -> None:
    rounds = ((("330", "+-", 1, 2), ("330", "-+", 3, 4)), (("330", "--", 1, 4), ("m", 3, 2, "1=")))
    lines = build(FOUR_TEAMS, rounds)
    assert "330 +-   1   1   2" in lines and "330 --   2   1   4" in lines
    event = team_event(_event(text(lines)))
    got = {(t, r): event.entry(t, r) for t in (1, 2, 3, 4) for r in (1, 2)}
    # +- the White team won: every board (1 point each, 2 boards), a won match (2)
    assert (got[1, 1].kind, got[1, 1].opponent, got[1, 1].match_points, got[1, 1].game_points) == \
        (MatchKind.FORFEIT_WIN, 2, 2, 2)
    assert (got[2, 1].kind, got[2, 1].match_points, got[2, 1].game_points) == (MatchKind.FORFEIT_LOSS, 0, 0)
    # -+ the Black team won
    assert (got[3, 1].kind, got[4, 1].kind) == (MatchKind.FORFEIT_LOSS, MatchKind.FORFEIT_WIN)
    # -- both lost
    assert (got[1, 2].kind, got[1, 2].match_points, got[4, 2].game_points) == (MatchKind.DOUBLE_FORFEIT, 0, 0)
    # a forfeited match is no meeting and gives no colour (C.04.2 Art. 3.4-3.5)
    assert event.opponents(1) == () and event.colours(1) == ()
    assert event.matches(1) == [(1, 2, MatchKind.FORFEIT_WIN), (3, 4, MatchKind.FORFEIT_LOSS)]
    assert event.matches(2) == [(1, 4, MatchKind.DOUBLE_FORFEIT), (3, 2, MatchKind.PLAYED)]


# --------------------------------------------------------------------------- 300


THREE_A_SIDE = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12))


@pytest.mark.fast
def test_300_a_line_up_out_of_order_gives_the_board_1_colour() -> None:
    # round 1: team 1 seats player 3 on board 1 and player 1 on board 2 (352 WB: team 1 White on
    # board 1, so player 3 is white and player 1 black).  In member order player 1 would be on
    # board 1, and his black would make team 1 the Black team: the 300 says otherwise.
    rounds = ((("m", 1, 2, "1=", {1: (3, 1)}), ("m", 3, 4, "==")),)
    lines = build(THREE_A_SIDE, rounds)
    assert r300(1, 1, 2, (3, 1)) in lines
    event = team_event(_event(text(lines)))
    assert [(x.round, x.team, x.opponent, x.boards) for x in event.lineups] == [(1, 1, 2, (3, 1))]
    e = event.entry(1, 1)
    assert (e.boards, e.colour, e.game_points, e.match_points) == ((3, 1), Colour.WHITE, F(3, 2), 2)
    assert event.entry(2, 1).colour is Colour.BLACK
    # without the 300, player 1 (black) would be on board 1 and team 1 Black, as team 2 is: an error
    without = [x for x in lines if not x.startswith("300")]
    assert [e[:3] for e in errors(text(without))] == [("colour-mismatch", len(without) - 3, 5)]


@pytest.mark.fast
def test_300_an_empty_board() -> None:
    # round 1: team 1 fields only player 2, on board 1 (board 2 empty: 0000); team 2's board-2
    # player wins by forfeit without an opponent.  Team 1 1 (player 2 beat player 4) - 1
    rounds = ((("m", 1, 2, "1+", {1: (2, 0)}), ("m", 3, 4, "==")),)
    lines = build(THREE_A_SIDE, rounds)
    assert "300   1   1   2    2 0000" in lines
    event = team_event(_event(text(lines)))
    assert event.lineups[0].boards == (2, 0)
    one, two = event.entry(1, 1), event.entry(2, 1)
    assert (one.boards, one.game_points, one.match_points) == ((2, 0), 1, 1)
    assert (two.boards, two.game_points, two.match_points) == ((4, 5), 1, 1)
    assert one.colour is Colour.WHITE and two.colour is Colour.BLACK


# --------------------------------------------------------------------------- 352, 362


@pytest.mark.fast
def test_352_gives_the_boards_and_their_colours() -> None:
    teams = ((1, 2, 3, 4), (5, 6, 7, 8))
    lines = build(teams, ((("m", 2, 1, "1=0="),),), pattern="WBBW")
    event = team_event(_event(text(lines)))
    assert (event.boards, event.board_colours) == (4, "WBBW")
    # team 2 is White on board 1: its players 5 w, 6 b, 7 b, 8 w; 2 - 2 a drawn match
    t = event.tournament
    assert [t.player(p).entry(1).colour.value for p in (5, 6, 7, 8)] == ["w", "b", "b", "w"]
    assert (event.entry(2, 1).colour, event.entry(1, 1).colour) == (Colour.WHITE, Colour.BLACK)
    assert event.entry(2, 1).match_points == 1 and event.game_points(1) == 2


@pytest.mark.fast
def test_without_352_the_boards_are_the_largest_team_alternating() -> None:
    lines = [x for x in base() if not x.startswith("352")]
    event, diags = read_team_event(_event(text(lines)))
    assert event is not None and (event.boards, event.board_colours) == (2, "WB")
    assert [(d.severity, d.line) for d in diags] == [(Severity.WARNING, 16)]  # at the first 310
    assert "no 352 record" in diags[0].message


@pytest.mark.fast
@pytest.mark.parametrize("record, points", [
    ("362 TW 3 TD 1 TL 0", (3, 1, 0)),
    ("362 TW 2.0   TD 1.0   TL 0.0", (2, 1, 0)),  # the corpus's spacing
    ("362 TW 3", (3, 1, 0)),                        # the others as C.04.6 Art. 1.3 says
    ("362 TL 0 TD 1 TW 3", (3, 1, 0)),              # any order
])
def test_362_match_points(record: str, points: tuple[int, int, int]) -> None:
    lines = [record if x.startswith("362") else x for x in base()]
    event = team_event(_event(text(lines)))
    assert (event.win, event.draw, event.loss) == points
    # team 1 won both matches, team 3 drew one and lost one
    assert event.match_points(1) == 2 * points[0] and event.match_points(3) == points[1] + points[2]


# --------------------------------------------------------------------------- 240


@pytest.mark.fast
@pytest.mark.parametrize("kind, expected, mp, gp", [
    ("F", MatchKind.FULL_BYE, 2, 2), ("H", MatchKind.HALF_BYE, 1, 1), ("Z", MatchKind.ZERO_BYE, 0, 0)])
def test_240_byes_name_teams(kind: str, expected: str, mp: int, gp: int) -> None:
    # 240 names a TPN in a team event (TRF-2026 4.6); F a won match on every board, H a draw, Z nothing
    rounds = ((("m", 1, 2, "10"), ("m", 3, 4, "=="), ("bye", kind, 5)),)
    lines = build(FIVE_TEAMS, rounds)
    assert f"240 {kind}   1    5" in lines
    event = team_event(_event(text(lines)))
    e = event.entry(5, 1)
    assert (e.kind, e.match_points, e.game_points, e.opponent) == (expected, mp, gp, None)
    assert event.byes == ((1, kind, 5),) and event.opponents(5) == ()


@pytest.mark.fast
def test_240_for_the_next_round() -> None:
    lines = base() + ["240 H   3    2"]
    event = team_event(_event(text(lines)))
    assert event.byes == ((3, "H", 2),) and event.rounds == 2


# --------------------------------------------------------------------------- 192


OPTIONS = [
    ("FIDE_TEAM", TeamOptions("A", "MP", "GP", False, "FIDE_TEAM")),
    ("FIDE_TEAM_TYPEA", TeamOptions("A", "MP", "GP", False, "FIDE_TEAM_TYPEA")),
    ("FIDE_TEAM_TYPEB", TeamOptions("B", "MP", "GP", False, "FIDE_TEAM_TYPEB")),
    ("FIDE_TEAM_MP", TeamOptions(None, "MP", None, False, "FIDE_TEAM_MP")),
    ("FIDE_TEAM_GP", TeamOptions(None, "GP", None, False, "FIDE_TEAM_GP")),
    ("FIDE_TEAM_MP_GP", TeamOptions(None, "MP", "GP", False, "FIDE_TEAM_MP_GP")),
    ("FIDE_TEAM_GP_MP", TeamOptions(None, "GP", "MP", False, "FIDE_TEAM_GP_MP")),
    ("FIDE_TEAM_TYPEA_MP", TeamOptions("A", "MP", None, False, "FIDE_TEAM_TYPEA_MP")),
    ("FIDE_TEAM_TYPEA_GP", TeamOptions("A", "GP", None, False, "FIDE_TEAM_TYPEA_GP")),
    ("FIDE_TEAM_TYPEA_MP_GP", TeamOptions("A", "MP", "GP", False, "FIDE_TEAM_TYPEA_MP_GP")),
    ("FIDE_TEAM_TYPEA_GP_MP", TeamOptions("A", "GP", "MP", False, "FIDE_TEAM_TYPEA_GP_MP")),
    ("FIDE_TEAM_TYPEB_MP", TeamOptions("B", "MP", None, False, "FIDE_TEAM_TYPEB_MP")),
    ("FIDE_TEAM_TYPEB_GP_MP", TeamOptions("B", "GP", "MP", False, "FIDE_TEAM_TYPEB_GP_MP")),
    ("FIDE_TEAM_BAKU", TeamOptions("A", "MP", "GP", True, "FIDE_TEAM_BAKU")),
    ("FIDE_TEAM_TYPEB_BAKU", TeamOptions("B", "MP", "GP", True, "FIDE_TEAM_TYPEB_BAKU")),
    ("FIDE_TEAM_GP_BAKU", TeamOptions(None, "GP", None, True, "FIDE_TEAM_GP_BAKU")),
    ("FIDE_TEAM_TYPEA_GP_MP_BAKU", TeamOptions("A", "GP", "MP", True, "FIDE_TEAM_TYPEA_GP_MP_BAKU")),
    (" fide_team_typeb_mp ", TeamOptions("B", "MP", None, False, "FIDE_TEAM_TYPEB_MP")),  # case, blanks
]


@pytest.mark.fast
@pytest.mark.parametrize("code, expected", OPTIONS, ids=[c.strip() for c, _ in OPTIONS])
def test_192_fide_team_codes(code: str, expected: TeamOptions) -> None:
    # FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU] (TRF-2026 4.10): bare FIDE_TEAM is
    # FIDE_TEAM_TYPEA_MP_GP; a score without a type has no colour preferences; a type without a
    # score uses MP then GP; one score alone has no secondary score
    assert team_options(code) == expected


INVALID_CODES = ["FIDE_TEAM_TYPEC", "FIDE_TEAM_TYPEA_TYPEB", "FIDE_TEAM_MP_MP", "FIDE_TEAM_MP_TYPEA",
                 "FIDE_TEAM_BAKU_BAKU", "FIDE_TEAM_MP_GP_MP", "FIDE_TEAM_BAKU_MP", "FIDE_TEAM_MP_BAKU_GP",
                 "FIDE_TEAMS", "FIDE_TEAM_", "FIDE_TEAM__MP", "FIDE_DUTCH", "TEAM", ""]


@pytest.mark.fast
@pytest.mark.parametrize("code", INVALID_CODES)
def test_192_codes_that_are_no_team_swiss_code(code: str) -> None:
    assert team_options(code) is None


@pytest.mark.fast
def test_192_in_a_file() -> None:
    lines = ["192 FIDE_TEAM_TYPEB_GP_BAKU" if x.startswith("192") else x for x in base()]
    event = team_event(_event(text(lines)))
    assert event.options == TeamOptions("B", "GP", None, True, "FIDE_TEAM_TYPEB_GP_BAKU")
    assert event.score(4) == 2 and event.score(4, which="MP") == 2 and event.score(2) == F(3, 2)
    # another system's code, or a team round robin's, is no error of the team records
    for code in ("FIDE_DUTCH", "FIDE_TEAM_ROUNDROBIN", "BERGER_TEAM_ROUNDROBIN"):
        lines = [f"192 {code}" if x.startswith("192") else x for x in base()]
        assert not [e for e in errors(text(lines)) if e[1] == 6], code


# --------------------------------------------------------------------------- malformed files


@pytest.mark.fast
@pytest.mark.parametrize("name, lines, line, column, code, words", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_team_file_gives_one_error_where_it_is(name: str, lines: list[str], line: int, column: int,
                                                          code: str, words: str) -> None:
    assert text(base()) != text(lines)
    found = errors(text(lines))
    assert len(found) == 1, found
    assert found[0][:3] == (code, line, column), found
    assert found[0][3].startswith(words), found[0][3]
    event, _ = read_team_event(_event(text(lines)))
    assert event is None
    with pytest.raises(TeamFileError) as info:
        team_event(_event(text(lines)), "bad.trf")
    assert str(info.value).startswith(f"bad.trf:{line}:{column}: error {code} ")


@pytest.mark.fast
def test_the_base_of_the_malformed_files_is_valid() -> None:
    assert not [d for d in trf.parse_text(text(base())).diagnostics if d.severity is not Severity.INFO]
    assert len(MALFORMED) >= 20 and len({m[0] for m in MALFORMED}) == len(MALFORMED)


@pytest.mark.fast
def test_a_team_records_syntax_error_prints_before_what_it_causes() -> None:
    # line 9 names team 4 in a 240; team 4's 310 (line 21) cannot be read: the syntax error comes
    # first (trf.diagnostics.in_order: what single lines show, then what comparing records shows)
    lines = base()[:8] + ["240 F   3    4"] + base()[8:]
    lines = replaced(lines, 21, "310 ???" + lines[20][7:])
    diags = in_order(d for d in trf.parse_text(text(lines)).diagnostics if d.severity is Severity.ERROR)
    assert [(d.code, d.line) for d in diags][:2] == [("syntax", 21), ("unknown-opponent", 9)]


# --------------------------------------------------------------------------- convert


@pytest.mark.fast
def test_convert_writes_013_teams_as_310_and_back() -> None:
    from trf.convert import convert

    source = text(build(FOUR_TEAMS, TWO_ROUNDS, form="013"))
    converted, notes = convert(_event(source), "trf26")
    written = trf.dumps(converted)
    # TPN the order of the 013 records; MP and GP computed (see test_310_members_rank_and_points);
    # rank by MP then GP (192 FIDE_TEAM_TYPEA_MP_GP): teams 2 and 3 tie at 1 MP, 1.5 GP, both 3rd
    assert written.splitlines()[-4:] == [
        "310   1 Team 1                                           4.0    3.0   1     1    2",
        "310   2 Team 2                                           1.0    1.5   3     3    4",
        "310   3 Team 3                                           1.0    1.5   3     5    6",
        "310   4 Team 4                                           2.0    2.0   2     7    8"]
    assert [(n.severity, n.line) for n in notes] == [(Severity.INFO, 17)]
    result = trf.parse_text(written)
    assert not [d for d in result.diagnostics if d.severity is not Severity.INFO]
    assert team_event(result.tournament).history == team_event(_event(source)).history
    back, _ = convert(result.tournament, "trf16")
    assert trf.dumps(back) == source.replace("142 3", "XXR 3")


@pytest.mark.fast
def test_convert_to_trf16_writes_013_in_tpn_order() -> None:
    from trf.convert import convert

    lines = base()
    lines = lines[:16] + lines[16:20][::-1]  # 310 records for teams 4, 3, 2, 1
    converted, notes = convert(_event(text(lines)), "trf16")
    written = trf.dumps(converted).splitlines()
    assert written[16:] == ["013 Team 1                             1    2", "013 Team 2                             3    4",
                            "013 Team 3                             5    6", "013 Team 4                             7    8"]
    assert "310 teams are written as 013 records" in notes[0].message
    event = team_event(trf.parse_text("\n".join(written) + "\n").tournament)
    assert [(t.tpn, t.name) for t in event.teams] == [(1, "Team 1"), (2, "Team 2"), (3, "Team 3"), (4, "Team 4")]
    assert event.match_points(1) == 4


@pytest.mark.corpus
@pytest.mark.parametrize("name", _tournaments() or ["(no corpus)"])
def test_corpus_team_files_convert_both_ways(name: str) -> None:
    from trf.convert import convert

    path = shared_corpus() / "team-swiss" / name / "full.trf"
    original = team_event(_event(path))
    old, _ = convert(original.tournament, "trf16")
    result = trf.parse_text(trf.dumps(old))
    assert not [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert not any(getattr(r, "code", "") == "310" for r in result.tournament.records)
    event = team_event(result.tournament)
    assert [(t.tpn, t.name, t.members) for t in event.teams] == [(t.tpn, t.name, t.members) for t in original.teams]
    assert event.history == original.history
    new, _ = convert(result.tournament, "trf26")
    again = team_event(trf.parse_text(trf.dumps(new)).tournament)
    # the written 310 points are the generator's; ranks follow MP then GP (no tie-breaks)
    assert [(t.match_points, t.game_points) for t in again.teams] == \
        [(t.match_points, t.game_points) for t in original.teams]
    order = sorted(again.teams, key=lambda t: t.rank or 0)
    assert all(again.score(a.tpn) >= again.score(b.tpn) for a, b in zip(order, order[1:]))


@pytest.mark.corpus
def test_fides_team_sample_converts_to_trf16() -> None:
    from trf.convert import convert

    shared_corpus()
    original = team_event(_event(SAMPLE))
    old, _ = convert(original.tournament, "trf16")
    result = trf.parse_text(trf.dumps(old))
    assert not [d for d in result.diagnostics if d.severity is Severity.ERROR]
    event = team_event(result.tournament)
    assert [(t.tpn, t.name, t.members) for t in event.teams] == [(t.tpn, t.name, t.members) for t in original.teams]
    assert event.history == original.history
