"""Text from a file or a user never acts on what shows it: control characters reach a terminal
(or a pipe) and the published site only as visible escapes, options that become part of an
event file refuse them, ``validate`` reports them with their line and column, and no CSV cell
is a formula a spreadsheet would run.

One test per way in.  The hostile names hold ESC sequences that clear the screen
(``ESC[2J``) and set the window title (``ESC]0;...BEL``), the right-to-left override (U+202E)
and a C1 control (CSI, U+009B); the formulas are OWASP's examples."""

from __future__ import annotations

import ast
import csv
import io
import json
from pathlib import Path

import pytest

from arbiter import exitcodes
from tests.arbiter.test_text_output import run_tty
from tests.event.making import cli, players, players_csv
from tests.support import REPO
from trf import parse_file

pytestmark = pytest.mark.fast

EXAMPLE = REPO / "fixtures" / "example.trf"

#: Clears the screen, sets the window title, then a C1 CSI and a right-to-left override.
HOSTILE = "\x1b[2JLind\x1b]0;pwned\x07qvist\x9b2J\u202eErik"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")
SHOWN = "\\x1b[2JLind\\x1b]0;pwned\\x07qvist\\x9b2J\\u202eErik"
FORMULAS = ("=cmd|' /C calc'!A0", "+1", "@SUM(1)", "-2+3")


def renamed(tmp_path: Path, names: dict[str, str], source: Path = EXAMPLE, file: str = "hostile.trf") -> Path:
    """``source`` with players renamed (old name -> new name, in the name columns 15-47)."""
    text = source.read_text(encoding="utf-8")
    for old, new in names.items():
        assert len(new) <= 33 and old.ljust(33) in text
        text = text.replace(old.ljust(33), new.ljust(33))
    path = tmp_path / file
    path.write_text(text, encoding="utf-8")
    return path


def no_raw_control(text: str) -> None:
    for char in RAW:
        assert char not in text, f"{char!r} reached the output: {text!r}"


# --------------------------------------------------------------------------- the terminal


@pytest.mark.parametrize("command", [["show"], ["standings"], ["ratings"], ["standings", "--explain", "1"],
                                     ["check"], ["pair"], ["show", "--round", "2"]])
def test_a_name_with_control_characters_is_shown_escaped(tmp_path: Path, command: list[str]) -> None:
    path = renamed(tmp_path, {"Lindqvist, Erik": HOSTILE})
    code, out, err = cli(command[0], path, *command[1:])
    assert code in (0, 4), err
    no_raw_control(out + err)
    if command[0] != "check":  # the checker's report names numbers, not players
        assert SHOWN in out


def test_the_crosstable_to_a_terminal_shows_escapes(tmp_path: Path) -> None:
    """A real terminal (a pseudo-terminal), colours on: no sequence of the file's reaches it."""
    path = renamed(tmp_path, {"Lindqvist, Erik": HOSTILE})
    text = run_tty(["show", str(path)], columns=200)
    assert "\\x1b[2JLind" in text
    assert "\x1b[2J" not in text and "\x1b]0;" not in text and "\x07" not in text and "\u202e" not in text


def test_event_boards_shows_escaped_names(tmp_path: Path) -> None:
    event = tmp_path / "event.trf"
    roster = tmp_path / "players.csv"
    people = players(6, seed=1)
    roster.write_text(players_csv(people), encoding="utf-8")
    assert cli("event", "new", event, "--name", "Club", "--rounds", "3", "--initial-colour", "white")[0] == 0
    assert cli("event", "register", event, "--csv", roster)[0] == 0
    assert cli("event", "pair", event)[0] == 0
    hostile = renamed(tmp_path, {people[0]["name"]: HOSTILE}, source=event, file="event.trf")
    code, out, err = cli("--width", "200", "event", "boards", hostile)  # no name cut short, whatever the terminal
    assert code == 0, err
    no_raw_control(out + err)
    assert SHOWN in out


def test_rich_markup_in_a_name_is_printed_as_written(tmp_path: Path) -> None:
    path = renamed(tmp_path, {"Lindqvist, Erik": "[bold red]Lindqvist[/]", "Okafor, Adaeze": ":smile: Okafor"})
    code, out, _ = cli("show", path)
    assert code == 0
    assert "[bold red]Lindqvist[/]" in out and ":smile: Okafor" in out


@pytest.mark.parametrize("command", [["show"], ["validate"], ["standings"], ["pair", "--format", "bbp"]])
def test_a_file_name_with_control_characters_is_shown_escaped(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "a\x1b]0;pwned\x07b\u202e.trf"
    code, out, err = cli(command[0], missing, *command[1:])
    assert code == exitcodes.FILE_ERROR
    no_raw_control(out + err)
    assert "a\\x1b]0;pwned\\x07b\\u202e.trf: no such file" in err


def test_a_file_name_with_control_characters_in_diagnostics_and_summaries(tmp_path: Path) -> None:
    path = renamed(tmp_path, {"Lindqvist, Erik": HOSTILE}, file="x\x1b[2Jy.trf")
    code, out, err = cli("validate", path)
    no_raw_control(out + err)
    assert "x\\x1b[2Jy.trf:11:" in out  # the diagnostic's location
    assert "x\\x1b[2Jy.trf: valid" in out  # the summary


def test_json_keeps_the_exact_text(tmp_path: Path) -> None:
    path = renamed(tmp_path, {"Lindqvist, Erik": HOSTILE})
    code, out, _ = cli("show", path, "--json")
    assert code == 0
    assert json.loads(out)["players"][0]["name"] == HOSTILE


# --------------------------------------------------------------------------- options that become the file


@pytest.mark.parametrize("option, value, position, char", [
    ("--name", "Open\x1b[2J", 5, "U+001B (ESC, shown as \\x1b)"),
    ("--name", "Open\x07", 5, "U+0007 (BEL, shown as \\x07)"),
    ("--name", "\u202eOpen", 1, "U+202E (RLO, shown as \\u202e)"),
    ("--city", "Ber\tgen", 4, "U+0009 (HT, shown as \\t)"),
    ("--arbiter", "IA Jane\x9b Doe", 8, "U+009B (CSI, shown as \\x9b)"),
    ("--time-control", "90'\n+30\"", 4, "U+000A (LF, shown as \\n)"),
    ("--deputy", "Ola\x1bNordmann", 4, "U+001B (ESC, shown as \\x1b)"),
])
def test_event_new_refuses_control_characters(tmp_path: Path, option: str, value: str, position: int,
                                              char: str) -> None:
    event = tmp_path / "event.trf"
    args = {"--name": "Club", "--rounds": "5", option: value}
    code, out, err = cli("event", "new", event, *[x for kv in args.items() for x in kv])
    assert code == exitcodes.USAGE
    assert f"{option}: a control character, {char}, at position {position}: expected printable text" in err
    no_raw_control(out + err)
    assert not event.exists()


@pytest.mark.parametrize("option, value", [("--name", "Smith\x1b[2J, John"), ("--name", "Smith, John\x07"),
                                           ("--name", "Smith\u202e, John"), ("--fide-id", "12\x1b3")])
def test_event_register_refuses_control_characters(tmp_path: Path, option: str, value: str) -> None:
    event = tmp_path / "event.trf"
    assert cli("event", "new", event, "--name", "Club", "--rounds", "5")[0] == 0
    before = event.read_bytes()
    args = {"--name": "Smith, John", option: value}
    code, out, err = cli("event", "register", event, *[x for kv in args.items() for x in kv])
    assert code == exitcodes.USAGE
    assert f"{option}: a control character" in err and "expected printable text" in err
    no_raw_control(out + err)
    assert event.read_bytes() == before


def test_a_registration_list_with_a_control_character_is_invalid_input(tmp_path: Path) -> None:
    event = tmp_path / "event.trf"
    roster = tmp_path / "players.csv"
    roster.write_text('Name,Rtg\n"Smith, John",2000\n"Lee\x1b[2J, Ann",1900\n', encoding="utf-8")
    assert cli("event", "new", event, "--name", "Club", "--rounds", "5")[0] == 0
    before = event.read_bytes()
    code, out, err = cli("event", "register", event, "--csv", roster)
    assert code == exitcodes.INVALID_INPUT
    said = " ".join(err.split())  # the message wraps at the console's width
    assert "players.csv:3: name" in said and "U+001B (ESC, shown as \\x1b), at position 4" in said
    no_raw_control(out + err)
    assert event.read_bytes() == before


def test_the_library_refuses_what_the_options_refuse() -> None:
    from event.create import EventSettings, InvalidSetting, new_event
    from event.registration import InvalidRegistrant, Registrant, normalised

    with pytest.raises(InvalidSetting, match=r"place .*U\+001B \(ESC, shown as \\x1b\), at position 2"):
        new_event(EventSettings(name="Club", rounds=5, city="B\x1bergen"))
    with pytest.raises(InvalidRegistrant, match=r"name .*U\+202E"):
        normalised(Registrant("Smith\u202e, John"))


# --------------------------------------------------------------------------- validate


def test_validate_reports_each_line_with_control_characters(tmp_path: Path) -> None:
    path = renamed(tmp_path, {"Lindqvist, Erik": HOSTILE, "Okafor, Adaeze": "Okafor,\u202eAdaeze"})
    code, out, _ = cli("validate", path, "--json")
    assert code == 0  # a warning: nothing the file means depends on a name
    found = [d for d in json.loads(out)["diagnostics"] if d["code"] == "control-character"]
    assert [(d["severity"], d["line"], d["column"]) for d in found] == [("warning", 11, 15), ("warning", 12, 22)]
    assert found[0]["message"].startswith("U+001B (ESC, shown as \\x1b) is a control character")
    assert "4 more on the line" in found[0]["message"]
    code, out, _ = cli("validate", path)
    assert f"{tmp_path / 'hostile.trf'}:11:15: warning control-character" in out
    no_raw_control(out)
    assert cli("validate", path, "--strict")[0] == exitcodes.INVALID_INPUT


def test_validate_does_not_flag_a_clean_file_or_tabs_between_fields(tmp_path: Path) -> None:
    path = tmp_path / "tabs.trf"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("XXR 5", "XXR\t5\t"), encoding="utf-8")
    for file in (EXAMPLE, path):
        diags = parse_file(file).diagnostics
        assert not [d for d in diags if d.code == "control-character"]


# --------------------------------------------------------------------------- the published site


def test_the_published_site_shows_control_characters_as_escapes(tmp_path: Path) -> None:
    path = renamed(tmp_path, {"Lindqvist, Erik": HOSTILE, "Rossi, Giulia": "Rossi\u202e\x1b[5m"})  # 8: the PAB
    site = tmp_path / "site"
    code, out, err = cli("publish", path, "-o", site, "--no-engine")
    assert code == 0, err
    pages = sorted(site.glob("*.html"))
    assert len(pages) > 5
    for page in pages:
        text = page.read_text(encoding="utf-8")
        no_raw_control(text)
    assert "<bdi>\\x1b[2JLind\\x1b]0;pwned\\x07qvist\\x9b2J\\u202eErik</bdi>" in (site / "player-1.html").read_text()
    assert "Why did <bdi>Rossi\\u202e\\x1b[5m</bdi> get the bye?" in (site / "round-3.html").read_text()
    # the TRF offered for download is the file itself
    assert [p for p in site.iterdir() if p.suffix == ".trf"][0].read_text(encoding="utf-8").count(HOSTILE) == 1


# --------------------------------------------------------------------------- CSV


def csv_cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.fixture
def formulas(tmp_path: Path) -> Path:
    """The example with four players named by formulas and one by a plain negative number."""
    return renamed(tmp_path, {"Lindqvist, Erik": FORMULAS[0], "Okafor, Adaeze": FORMULAS[1],
                              "Moreau, Julien": FORMULAS[2], "Kowalczyk, Piotr": FORMULAS[3],
                              "Tanaka, Yui": "-0.5"})


def neutralised(rows: list[list[str]]) -> None:
    cells = {c for row in rows for c in row}
    for formula in FORMULAS:
        assert formula not in cells and "'" + formula in cells
    assert "-0.5" in cells and "'-0.5" not in cells


def test_standings_csv_neutralises_formulas(formulas: Path) -> None:
    code, out, _ = cli("standings", formulas, "--csv")
    assert code == 0
    neutralised(csv_cells(out))


def test_ratings_csv_neutralises_formulas_and_keeps_negative_numbers(formulas: Path) -> None:
    code, out, _ = cli("ratings", formulas, "--csv")
    assert code == 0
    rows = csv_cells(out)
    neutralised(rows)
    changes = [row[rows[0].index("change")] for row in rows[1:]]
    assert any(c.startswith("-") for c in changes) and not any(c.startswith("'") for c in changes)


def test_report_csv_neutralises_formulas(formulas: Path) -> None:
    code, out, _ = cli("report", formulas, "--csv", "--ratings")
    assert code in (0, 4)
    neutralised(csv_cells(out))


def test_roundrobin_csv_neutralises_formulas(tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text("".join(f"{n}\n" for n in (*FORMULAS, "-0.5")), encoding="utf-8")
    code, out, err = cli("roundrobin", "--names", names, "--csv")
    assert code == 0, err
    neutralised(csv_cells(out))
    code, out, err = cli("roundrobin", "--names", names, "--csv", "--boards", "2", "--start", "2026-12-05 09:00",
                         "--slot", "2h")
    assert code == 0, err
    neutralised(csv_cells(out))


def test_roundrobin_refuses_an_entrant_with_a_control_character(tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text("Smith\nLee\x1b[2J\nWu\n", encoding="utf-8")
    code, out, err = cli("roundrobin", "--names", names, "--trf", tmp_path / "rr.trf")
    assert code == exitcodes.INVALID_INPUT
    assert "names.csv:2: the name holds a control character, U+001B (ESC, shown as \\x1b), at position 4" in err
    no_raw_control(out + err)
    assert not (tmp_path / "rr.trf").exists()


def test_check_many_csv_neutralises_a_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("-2+3.trf", "a.trf"):
        (tmp_path / name).write_bytes(EXAMPLE.read_bytes())
    code, out, _ = cli("check", "--csv", "--jobs", "1", "--no-engine", "--", "-2+3.trf", "a.trf")
    rows = csv_cells(out)
    assert rows[0][0] == "file"
    assert sorted(row[0] for row in rows[1:]) == ["'-2+3.trf", "a.trf"]


def test_every_csv_the_toolkit_writes_goes_through_the_one_helper() -> None:
    """No module but :mod:`trf.spreadsheet` makes a CSV writer itself."""
    makers = []
    for package in ("trf", "arbiter", "event", "ratings", "roundrobin", "tiebreaks", "rotation", "checker", "pairing",
                    "verify", "systems", "parallel", "algorithms"):
        for path in sorted((REPO / package).rglob("*.py")):
            if path == REPO / "trf" / "spreadsheet.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Attribute) and node.attr in ("writer", "DictWriter")
                        and isinstance(node.value, ast.Name) and node.value.id == "csv"):
                    makers.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert makers == []
