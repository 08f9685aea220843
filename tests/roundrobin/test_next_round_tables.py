"""``arbiter pair`` on a round-robin file laid out by the rotation table drawn by hand
(``arbiter roundrobin --table circle``): the next round is the rotation table's, single or double
cycle, with the refusals and notes of FIDE's table.

Independent expectations: the six- and five-entrant sheets drawn by hand (number 1 fixed, every
other number one step round the two rows after each round, copied in
:mod:`tests.roundrobin.test_circle`), and for every n the checker's closed form of the rotation
table (:func:`checker.roundrobin.circle_round`, which shares no code with the construction in
:mod:`roundrobin.circle`); the completed file must also be one ``arbiter check`` accepts as the
rotation table's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter import exitcodes
from checker.roundrobin import check_round_robin, expected_round
from event.results import boards as board_order
from event.results import enter_result
from pairing.rounds import EventFinished
from roundrobin.berger import BYE
from roundrobin.event import numbered_entrants, plan, to_tournament
from systems import select
from systems.base import PairRequest
from tests.event.making import cli
from tests.roundrobin.test_circle import FIVE, SIX
from trf import dumps, parse_file
from trf.edit import cut_to_round, recompute_points, with_byes, with_pairing
from trf.model import Result, Tournament

pytestmark = pytest.mark.fast

RESULTS = ("1-0", "=", "0-1")


def _next(t: Tournament, rnd: int | None = None):  # type: ignore[no-untyped-def]
    """The next round as ``arbiter pair`` gets it: from the system the file names."""
    sel = select(t)
    return sel.system.next_round(t, sel, PairRequest(rnd))


def _play(t: Tournament, rnd: int, boards: tuple[tuple[int, int], ...], rests: int | None) -> Tournament:
    """Round ``rnd`` written into the file as ``pair --format trf`` writes it, then every board's
    result entered by board number (the boards in the file's table order)."""
    t = with_pairing(t, rnd, boards, None, keep_results=True)
    if rests is not None:
        t = recompute_points(with_byes(t, rnd, {rests: Result.ZERO_POINT_BYE}))
    for i, bd in enumerate(board_order(t, rnd)):
        t = enter_result(t, bd.number, RESULTS[i % 3], rnd).after
    return t


def _expected(n: int, rnd: int, order: str) -> tuple[list[tuple[int, int]], int | None]:
    """The checker's closed form of the rotation table: the games, board 1 first, and who rests."""
    table = expected_round(n, rnd, order, "circle")
    return [(w, b) for w, b in table if b], next((w for w, b in table if not b), None)


@pytest.mark.parametrize("n", range(3, 13))
@pytest.mark.parametrize("cycles", ["single", "double", "reverse"])
def test_pair_every_round_of_a_circle_file(n: int, cycles: str) -> None:
    """From the file with no round paired (its header only says the table: ``192
    CUSTOM_ROUNDROBIN``, ``092 ... rotation table``, ``142`` the rounds): pair, play, pair
    again, to the end; each round is the rotation table's, and the board order used to enter
    results is the table's."""
    double, reverse = cycles != "single", cycles == "reverse"
    t = cut_to_round(to_tournament(plan(numbered_entrants(n), double, reverse, table="circle")), 1)
    assert t.rounds_paired == 0 and t.header("192") == "CUSTOM_ROUNDROBIN"
    order = {"single": "table", "double": "plain", "reverse": "reverse"}[cycles]
    total = (n - 1 + n % 2) * (2 if double else 1)
    for rnd in range(1, total + 1):
        nxt = _next(t)
        games, rests = _expected(n, rnd, order)
        assert (nxt.round, list(nxt.pairing.boards), nxt.rests) == (rnd, games, rests)
        assert "rotation table" in nxt.note and "C.05" not in nxt.note and not nxt.in_file
        t = _play(t, rnd, nxt.pairing.boards, nxt.rests)
        assert [(b.white, b.black) for b in board_order(t, rnd)] == games
    with pytest.raises(EventFinished):
        _next(t)
    report = check_round_robin(t)  # the completed file, read by the checker
    assert report.ok and report.table == "circle" and report.order == order and report.rounds_checked == tuple(
        range(1, total + 1))


def test_the_hand_drawn_sheets() -> None:
    """Five and six entrants: pair gives the sheets drawn by hand, round after round."""
    for n, sheet in ((6, SIX), (5, FIVE)):
        t = to_tournament(plan(numbered_entrants(n), table="circle"))
        for rnd, drawn in enumerate(sheet, 1):
            nxt = _next(t)
            assert nxt.round == rnd and nxt.in_file  # the file holds every round, results pending
            assert list(nxt.pairing.boards) == [(w, b) for w, b in drawn if b != BYE]
            assert nxt.rests == next((w for w, b in drawn if b == BYE), None)
            t = _play(t, rnd, nxt.pairing.boards, nxt.rests)


def test_the_rounds_decide_when_the_header_does_not_name_the_table() -> None:
    """A ``CUSTOM_ROUNDROBIN`` file without the ``092`` text: FIDE's table is tried first, and
    the rotation table taken as soon as the paired rounds are its (round 2 differs for six)."""
    full = to_tournament(plan(numbered_entrants(6), table="circle"))
    bare = full.replace_records(tuple(r for r in full.records if getattr(r, "code", "") != "092"))
    assert list(_next(bare, 3).pairing.boards) == SIX[2]
    # only round 1 paired, which is the same in both tables: nothing says it is the hand table
    assert list(_next(cut_to_round(bare, 2), 2).pairing.boards) == [(6, 4), (5, 3), (1, 2)]
    # the 092 text says so: the rotation table
    assert list(_next(cut_to_round(full, 2), 2).pairing.boards) == SIX[1]


def test_a_fide_reversed_second_cycle_is_paired_too() -> None:
    """FIDE's table with cycle 2 backwards (``--reverse-second-cycle``, written CUSTOM): its
    rounds, not refused as it was when only FIDE's order was read."""
    t = to_tournament(plan(numbered_entrants(4), double=True, reverse_second_cycle=True))
    for rnd in range(1, 7):
        games, rests = [(w, b) for w, b in expected_round(4, rnd, "reverse") if b], None
        nxt = _next(t, rnd)
        assert (list(nxt.pairing.boards), nxt.rests) == (games, rests)
        assert "Berger table (C.05 Annex 1)" in nxt.note
        assert ("the second cycle in reverse order" in nxt.note) == (rnd > 3)


def _fide_double_unswapped(n: int) -> Tournament:
    """FIDE's table in two cycles WITHOUT the swap of cycle 1's last two rounds, labelled
    ``192 FIDE_DOUBLEROUNDROBIN`` as ``arbiter roundrobin --double`` labels its file: the rounds
    are the checker's closed form (``plain``), not the construction's."""
    from dataclasses import replace

    from roundrobin.berger import RoundRobinSchedule

    m = n - 1 + n % 2
    rounds = tuple(tuple(expected_round(n, r, "plain")) for r in range(1, 2 * m + 1))
    p = plan(numbered_entrants(n), double=True)
    t = to_tournament(replace(p, schedule=RoundRobinSchedule(players=n, cycles=2, rounds=rounds)))
    assert t.header("192") == "FIDE_DOUBLEROUNDROBIN"
    return t


@pytest.mark.parametrize("n", range(3, 11))
def test_a_fide_double_without_the_swap_is_paired_as_it_is_checked(n: int) -> None:
    """C.05 Annex 1 *recommends* swapping the last two rounds of cycle 1 ("it is recommended",
    to avoid three games running with one colour; docs/roundrobin.md, decision): a file without
    the swap follows FIDE's table.  ``check`` accepts it (order ``plain``) and ``pair`` reads its
    rounds off the same order (not refusing round m-1 as off the table), saying the file does not
    swap.  Before round m-1 the paired rounds cannot tell the two orders apart: pair, play and
    pair again from round 1 gives FIDE's recommended order there, so the unswapped file is read
    with every round already paired (``--trf`` writes them all)."""
    t = _fide_double_unswapped(n)
    m = n - 1 + n % 2
    report = check_round_robin(t)
    assert report.ok and report.order == "plain" and report.table == "fide"
    assert any("FIDE recommends the swap (C.05 Annex 1) but does not require it" in x for x in report.notes)
    for rnd in range(1, 2 * m + 1):
        nxt = _next(t, rnd)
        games, rests = [(w, b) for w, b in expected_round(n, rnd, "plain") if b], next(
            (w for w, b in expected_round(n, rnd, "plain") if not b), None)
        assert (list(nxt.pairing.boards), nxt.rests) == (games, rests), rnd
        assert "does not swap the first cycle's last two rounds" in nxt.note
    # FIDE's own order is still read as FIDE's, its note saying the swap is made
    swapped = to_tournament(plan(numbered_entrants(n), double=True))
    if m >= 3:
        assert "the first cycle's last two rounds swapped as FIDE recommends" in _next(swapped, m).note
    assert "does not swap" not in _next(swapped, m).note


@pytest.mark.parametrize(("table", "cycles", "rnd", "words"), [
    # six entrants, five rounds a cycle: round 7 is the second cycle's second round
    ("circle", "double", 7, "round 7, the second cycle's round 2: round 2 of the rotation table (1 fixed, the "
                            "others turning), colours reversed"),
    ("circle", "reverse", 7, "round 7, the second cycle's round 2: round 4 of the rotation table (1 fixed, the "
                             "others turning), colours reversed, the second cycle in reverse order"),
    ("circle", "double", 3, "round 3, the first cycle's round 3: round 3 of the rotation table"),
    # FIDE's order plays table round 5 in round 4 and table round 4 in round 5 (C.05 Annex 1)
    ("fide", "double", 4, "round 4, the first cycle's round 4: round 5 of the Berger table (C.05 Annex 1), the "
                          "first cycle's last two rounds swapped as FIDE recommends (C.05 Annex 1)"),
    ("fide", "double", 10, "round 10, the second cycle's round 5: round 5 of the Berger table (C.05 Annex 1), "
                           "colours reversed"),
    ("fide", "single", 4, "round 4 of the Berger table (C.05 Annex 1)"),
])
def test_the_note_names_the_cycle_and_the_round_in_it(table: str, cycles: str, rnd: int, words: str) -> None:
    """A double round robin's round is said with its cycle and its round in that cycle, and the
    table's round it plays (cycle 2 reversed, or cycle 1's swapped rounds, play another)."""
    t = to_tournament(plan(numbered_entrants(6), cycles != "single", cycles == "reverse", table=table))
    note = _next(t, rnd).note
    assert note.startswith(f"round robin: {words}") and "of the rotation table;" not in note


# --------------------------------------------------------------------------- the command line


def _circle_file(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "rr.trf"
    code, out, err = cli("roundrobin", *args, "--table", "circle", "--trf", path)
    assert code == 0, err
    return path


def test_cli_pairs_the_next_round_of_a_circle_file(tmp_path: Path) -> None:
    path = _circle_file(tmp_path, "--players", "6")
    t = parse_file(path).tournament
    for bd in board_order(t, 1):
        t = enter_result(t, bd.number, "1-0", 1).after
    path.write_text(dumps(t), encoding="utf-8")
    code, out, err = cli("pair", path, "--format", "bbp")
    assert code == 0, err
    assert out.splitlines()[1:] == [f"{w} {b}" for w, b in SIX[1]]
    code, out, err = cli("pair", path)
    assert "round robin: round 2 of the rotation table (1 fixed, the others turning)" in out and "C.05" not in out
    data = json.loads(cli("pair", path, "--json")[1])
    assert data["round"] == 2 and data["in_file"] is True and data["rests"] is None
    assert [(b["white"]["start_rank"], b["black"]["start_rank"]) for b in data["boards"]] == SIX[1]
    assert "rotation table" in data["rules"]["reason"]


def test_cli_pair_and_check_agree_on_a_fide_double_without_the_swap(tmp_path: Path) -> None:
    """The decision (docs/roundrobin.md): both commands accept the file and say which table it
    follows (``pair`` does not refuse its round 4 as off the table, exit 3)."""
    path = tmp_path / "drr.trf"
    path.write_text(dumps(_fide_double_unswapped(6)), encoding="utf-8")
    code, out, err = cli("check", path)
    assert code == 0, out + err
    assert "no swap of the last two rounds of cycle 1" in out and "does not require it" in out
    code, out, err = cli("pair", path, "--round", "4")
    assert code == 0, err
    assert ("round robin: round 4, the first cycle's round 4: round 4 of the Berger table (C.05 Annex 1); the file "
            "does not swap the first cycle's last two rounds: FIDE recommends the swap (C.05 Annex 1) but does not "
            "require it") in " ".join(out.split())
    data = json.loads(cli("pair", path, "--round", "4", "--json")[1])
    # table round 4 for six by the closed form (M = 5): 6's opponent p solves 2p = 5 (mod 5), p = 5,
    # board 1 (6, 5) in an even round; board k: p+k-1 against p-(k-1) mod 5: 1-4, 2-3.  FIDE's
    # swapped order would play table round 5 here: 3-6, 4-2, 5-1.
    assert [(b["white"]["start_rank"], b["black"]["start_rank"]) for b in data["boards"]] == [(6, 5), (1, 4), (2, 3)]


def test_cli_names_the_cycle_of_a_double_circle_round(tmp_path: Path) -> None:
    path = _circle_file(tmp_path, "--players", "6", "--double")
    code, out, err = cli("pair", path, "--round", "7")
    assert code == 0, err
    assert ("round robin: round 7, the second cycle's round 2: round 2 of the rotation table (1 fixed, the others "
            "turning), colours reversed") in " ".join(out.split())


def test_cli_pairs_the_groups_files_and_a_double_circle(tmp_path: Path) -> None:
    names = tmp_path / "nine.csv"
    names.write_text("".join(f"P{i},,{2500 - 10 * i}\n" for i in range(1, 10)))
    code, out, err = cli("roundrobin", "--names", names, "--groups", "3", "--table", "circle", "--double",
                         "--trf", tmp_path / "club.trf")
    assert code == 0, err
    for group in "ABC":
        data = json.loads(cli("pair", tmp_path / f"club-{group}.trf", "--round", "4", "--json")[1])
        # three entrants: the ghost 4; round 4 is round 1 with colours reversed, 1 rests
        games, rests = _expected(3, 4, "plain")
        assert [(b["white"]["start_rank"], b["black"]["start_rank"]) for b in data["boards"]] == games
        assert data["rests"] == rests == 1


def test_cli_refuses_a_circle_file_off_its_table_naming_the_tables_tried(tmp_path: Path) -> None:
    path = _circle_file(tmp_path, "--players", "6")
    lines = path.read_text().splitlines()
    # round 2 of player 1 and 5: 1-5 played the other way round
    swapped = [ln.replace("     5 w       4 w", "     5 b       4 w", 1) if ln.startswith("001    1 ") else
               ln.replace("     1 b       3 w", "     1 w       3 w", 1) if ln.startswith("001    5 ") else ln
               for ln in lines]
    assert swapped != lines
    path.write_text("\n".join(swapped) + "\n")
    # the rotation table first: the file's 092 names it
    code, out, err = cli("pair", path)
    assert code == exitcodes.INVALID_INPUT
    assert err.strip() == (f"arbiter: {path}: round 2 of this round robin does not follow the rotation "
                           "table (1 fixed, the others turning) or the Berger table (C.05 Annex 1) for its start ranks "
                           "(game 5-1); its next round cannot be read off the table")
