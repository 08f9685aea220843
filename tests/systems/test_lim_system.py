"""The Lim system behind the door: how a file names it (docs/lim.md L2-L4), how it is described,
and what the command line makes of it (bad input included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import systems
from arbiter import exitcodes
from tests.pairing import swiss_build

pytestmark = pytest.mark.fast

NAMED = "192 CUSTOM_SWISS\n092 Individual: Swiss-System (FIDE Lim System)"


def text(n: int, rounds: list[list[tuple[int, int, str]]], total: int, code: str = NAMED, **kw: object) -> str:
    return swiss_build.text("Lim case", n, rounds, total, code=code, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("code, maxi", [
    (NAMED, False),
    ("092 Individual: Swiss-System (FIDE Lim System)", False),
    ("092 Lim", False),
    ("192 CUSTOM_SWISS\n092 Individual: Swiss-System (FIDE Lim System, Maxi-tournament)", True),
])
def test_a_file_naming_lim_is_paired_by_it(code: str, maxi: bool) -> None:
    """L2: a 092 text with the word LIM, alone or beside 192 CUSTOM_SWISS; L3: MAXI declares a
    Maxi-tournament."""
    t = swiss_build.parsed(text(4, [], 3, code=code))
    sel = systems.select(t)
    assert sel.system.name == "lim" and sel.edition.name == "2026"
    assert sel.describe() == "Lim (C.04.4.3, 2026 rules)" + (", Maxi-tournament" if maxi else "")
    assert systems.name_of(t).startswith("Lim")


@pytest.mark.parametrize("code", ["192 CUSTOM_SWISS", "192 CUSTOM_SWISS\n092 Swiss, LIMITED entry",
                                  "192 CUSTOM_SWISS\n092 Individual: Swiss-System"])
def test_a_custom_swiss_naming_no_system_we_pair_stays_refused(code: str) -> None:
    """L2: LIMITED is not the word LIM; a bare Swiss-System names no system."""
    t = swiss_build.parsed(text(4, [], 3, code=code))
    with pytest.raises(systems.UnsupportedSystem) as exc:
        systems.select(t)
    assert exc.value.system == "custom Swiss"


def test_the_rules_table() -> None:
    rules = systems.get("lim").editions[0].rules
    assert {r.name for r in rules if r.kind == "colour"} == {"7.2", "5.3", "5.2", "5.4", "5.4-rank"}
    assert systems.get("lim").editions[0].article("3.10") == "3.10"
    assert all(r.plain for r in rules)


def test_event_codes_are_read_back() -> None:
    """What a new event is written with names Lim again (L2)."""
    lim = systems.get("lim")
    code, words, _ = lim.event_codes(lim.editions[0], None)
    t = swiss_build.parsed(text(4, [], 3, code=f"192 {code}\n092 {words}"))
    assert (code, systems.select(t).system.name) == ("CUSTOM_SWISS", "lim")


def _cli(*args: str) -> tuple[int, str, str]:
    from tests.event.making import cli

    return cli(*args)


def test_pair_round_one_on_the_command_line(tmp_path: Path) -> None:
    """Art. 7.2 with #1 drawn White (XXC white1): 1-5, 6-2, 3-7, 8-4."""
    path = tmp_path / "l.trf"
    path.write_text(text(8, [], 5), encoding="utf-8")
    code, out, err = _cli("pair", str(path), "--format", "bbp")
    assert code == 0, err
    assert out.split("\n")[1:-1] == ["1 5", "6 2", "3 7", "8 4"]


def test_pair_with_system_lim_and_json(tmp_path: Path) -> None:
    """A file naming no system, paired with --system lim: the same round 1."""
    path = tmp_path / "l.trf"
    path.write_text(text(8, [], 5, code=""), encoding="utf-8")
    code, out, err = _cli("pair", str(path), "--system", "lim", "--json")
    assert code == 0, err
    got = json.loads(out)
    assert got["system"] == "lim"
    assert [(b["white"]["start_rank"], b["black"]["start_rank"]) for b in got["boards"]] == [(1, 5), (6, 2), (3, 7), (8, 4)]


@pytest.mark.parametrize("code", [NAMED.replace("System)", "System, Baku acceleration)"), "092 Lim, Baku"])
def test_baku_acceleration_is_refused(tmp_path: Path, code: str) -> None:
    """L4: the Median Scoregroup is undefined with virtual points: a usage error, nothing paired."""
    path = tmp_path / "l.trf"
    path.write_text(text(8, [], 5, code=code), encoding="utf-8")
    rc, out, err = _cli("pair", str(path))
    assert rc == exitcodes.USAGE, (out, err)
    assert "Baku acceleration" in err and "Traceback" not in err and out == ""


def test_baku_asked_on_the_command_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "l.trf"
    path.write_text(text(8, [], 5), encoding="utf-8")
    rc, out, err = _cli("pair", str(path), "--baku")
    assert rc == exitcodes.USAGE, (out, err)
    assert "Baku acceleration" in err


def test_a_file_without_the_colour_drawn_is_refused(tmp_path: Path) -> None:
    """Art. 7.2: round 1 needs the colour drawn for #1: invalid input, not a traceback."""
    path = tmp_path / "l.trf"
    path.write_text(text(8, [], 5).replace("XXC white1\n", ""), encoding="utf-8")
    rc, out, err = _cli("pair", str(path))
    assert rc == exitcodes.INVALID_INPUT, (out, err)
    assert "7.2" in err and "Traceback" not in err


def test_generate_writes_a_file_that_names_lim(tmp_path: Path) -> None:
    """L2: `arbiter generate --system lim` writes 192 CUSTOM_SWISS and a 092 naming Lim, read back
    as Lim; every round of 9 players has 4 boards and a PAB."""
    import trf

    path = tmp_path / "g.trf"
    code, out, err = _cli("generate", "--system", "lim", "--players", "9", "--rounds", "4", "--seed", "5", "--half-byes", "0", "--zero-byes", "0",
                          "--output", str(path))
    assert code == 0, err
    t = trf.parse_file(path).tournament
    assert t.header("192") == "CUSTOM_SWISS" and "Lim System" in (t.header("092") or "")
    assert systems.select(t).system.name == "lim"
    assert [len(t.games(r)) for r in range(1, 5)] == [4] * 4
    assert all(len(t.byes(r)) == 1 for r in range(1, 5))


def test_generate_with_baku_is_refused() -> None:
    """L4: a usage error, no file."""
    code, out, err = _cli("generate", "--system", "lim", "--players", "9", "--rounds", "4", "--baku")
    assert code == exitcodes.USAGE and "Baku" in err, (out, err)


def test_the_refusal_reads_well() -> None:
    """The message names the system once ("the Lim system offers no ..."), not "the the"."""
    assert str(systems.NotOffered("the Lim system", "checker")) == "the Lim system offers no checker"


def test_acceleration_records_are_refused(tmp_path: Path) -> None:
    """L4: a Lim file that already holds virtual points (XXA) is refused as Baku is."""
    path = tmp_path / "l.trf"
    path.write_text(text(8, [], 5, extra="XXA    1  1.0  1.0  0.5\nXXA    2  1.0  1.0  0.5"), encoding="utf-8")
    rc, out, err = _cli("pair", str(path))
    assert rc == exitcodes.USAGE and "Baku acceleration" in err, (out, err)


def test_no_compatible_pairing_is_no_legal_pairing(tmp_path: Path) -> None:
    """L19: four players who all met in rounds 1-3: round 4 cannot be paired (Art. 2.1): exit 1,
    a one-line message naming Art. 2.1, nothing else printed."""
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0")], [(4, 1, "0-1"), (2, 3, "="), ], [(1, 3, "="), (2, 4, "1-0")]]
    path = tmp_path / "l.trf"
    path.write_text(text(4, rounds, 5), encoding="utf-8")  # type: ignore[arg-type]
    rc, out, err = _cli("pair", str(path))
    assert rc == exitcodes.NO_PAIRING, (out, err)
    assert "Art. 2.1" in err and "Traceback" not in err and out == ""


@pytest.mark.parametrize("maxi, expected", [
    (False, ["6 1", "2 4", "5 3"]),
    (True, ["5 1", "2 6", "4 3"]),
])
def test_a_maxi_declaration_reaches_the_engine(tmp_path: Path, maxi: bool, expected: list[str]) -> None:
    """L3 end to end.  Round 1 1-4, 5-2, 3-6, all drawn: one group of six in round 2, 1, 5, 3 due
    Black, 4, 2, 6 due White; 1-4, 2-5, 3-6 met.  #1 tries 4 (met), 5 (available, also due Black),
    6 (due White): the exchange for colour takes 6 (Art. 5.2); then 2-4 (5 met 2), 3-5.  In a
    Maxi-tournament #6 (rated 2400) is 250 points from #5, the first available: 1-5 stands (Art.
    5.7); then 2 tries 4 (would leave 3-6, met), 6: 2-6, 3-4.  Colours by Art. 5.2 and 5.4 (in the
    median group the higher-ranked player's due colour decides a tie)."""
    ratings = [2690, 2680, 2670, 2660, 2650, 2400]
    code = NAMED.replace("System)", "System, Maxi-tournament)") if maxi else NAMED
    path = tmp_path / "l.trf"
    path.write_text(text(6, [[(1, 4, "="), (5, 2, "="), (3, 6, "=")]], 5, code=code, ratings=ratings),
                    encoding="utf-8")
    rc, out, err = _cli("pair", str(path), "--format", "bbp")
    assert rc == 0, err
    assert out.split("\n")[1:-1] == expected


def test_a_file_without_the_number_of_rounds_is_refused(tmp_path: Path) -> None:
    """Art. 6 (the last round relaxes the colour limits) needs the number of rounds: no XXR/142 ->
    invalid input, a one-line message, nothing written."""
    path = tmp_path / "l.trf"
    path.write_text(text(8, [], 5).replace("XXR 5\n", ""), encoding="utf-8")
    rc, out, err = _cli("pair", str(path))
    assert rc == exitcodes.INVALID_INPUT, (out, err)
    assert "XXR" in err and "Art. 6" in err and "Traceback" not in err and out == ""
