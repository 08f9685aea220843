"""Property tests for the TRF reader, writer and validator (hypothesis).

* a random valid tournament survives write -> read unchanged, without errors or warnings,
  and writing it again gives the same bytes;
* mutated files (lines deleted, duplicated, swapped, truncated; characters inserted; bytes
  flipped; any encoding) never make the reader raise: they only produce diagnostics, and
  writing the result back raises nothing but ``WriteError``; once written, a file reads back
  to the same tournament and writes back to the same bytes;
* the validator notices a colour swapped on one side of a game, a result that is not the
  complement of the other side's, and listed points that are off by one.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import trf
from trf import Colour, ParseResult, Player, Result, RoundEntry, Severity, Tournament
from trf.diagnostics import CODES, Diagnostic

from tests.strategies import GAME_RESULTS, tournaments

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def problems(result: ParseResult) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)]


def check_diagnostics(result: object) -> None:
    assert isinstance(result, ParseResult)
    assert isinstance(result.tournament, Tournament)
    for d in result.diagnostics:
        assert isinstance(d, Diagnostic)
        assert isinstance(d.severity, Severity)
        assert d.code in CODES, d
        assert isinstance(d.line, int) and d.line >= 0, d
        assert isinstance(d.column, int) and d.column >= 0, d
        assert isinstance(d.message, str) and d.message, d


# --------------------------------------------------------------------------- round trip


@pytest.mark.fast
@settings(max_examples=150, **SETTINGS)
@given(tournaments())
def test_valid_tournament_round_trips(t: Tournament) -> None:
    text = trf.dumps(t)
    result = trf.parse_text(text)
    assert problems(result) == []
    assert result.tournament == t
    assert trf.dumps(result.tournament) == text


@pytest.mark.fast
@settings(max_examples=50, **SETTINGS)
@given(tournaments(max_players=12, max_rounds=6), st.sampled_from(["utf-8", "cp1252", "latin-1", "utf-16"]))
def test_valid_tournament_round_trips_through_bytes(t: Tournament, encoding: str) -> None:
    text = trf.dumps(t)
    result = trf.parse_bytes(text.encode(encoding), encoding=encoding)
    assert problems(result) == []
    assert result.tournament == t
    assert trf.dumps(result.tournament) == text


# --------------------------------------------------------------------------- mutations

# Characters worth inserting: field separators, layout breakers, codes, non-ASCII, controls.
NASTY = ["\t", "\x00", "\x0b", "\x0c", "\x1c", "\x7f", "\x85", "\xa0", "\u2028", "\ufeff", "\ufffd",
         "\r", "\n", " ", "  ", "0", "9", "0000", "-", "w", "b", "W", "B", "=", "+", "1", ".", "/",
         "é", "ü", "€", "Ł", "漢", "😀", "²", "١", "٣", "#", "###", "001", "XX", "162", "240", "260",
         "250"]
# Characters that keep a fixed-width field's width but may break its value.
FIELD_CHARS = "0123456789 -.+=wbWBU\t²١"
inserted_text = st.lists(st.sampled_from(NASTY) | st.characters(), min_size=1, max_size=6).map("".join)


@st.composite
def line_mutation(draw, lines: list[str]) -> list[str]:
    lines = list(lines)
    if not lines:
        return [draw(inserted_text)]
    i = draw(st.integers(0, len(lines) - 1))
    op = draw(st.sampled_from(["delete", "duplicate", "swap", "truncate", "insert", "replace", "blank",
                               "field", "field"]))
    if op == "field":
        # overwrite one character of a player line: the columns stay aligned, a value breaks
        players = [n for n, line in enumerate(lines) if line.startswith("001")]
        i = draw(st.sampled_from(players)) if players else i
        if lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + draw(st.sampled_from(FIELD_CHARS)) + lines[i][k + 1:]
    elif op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(draw(st.integers(0, len(lines))), lines[i])
    elif op == "swap":
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "truncate":
        lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
    elif op == "insert":
        k = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:k] + draw(inserted_text) + lines[i][k:]
    elif op == "replace":
        if lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + draw(st.sampled_from(NASTY) | st.characters()) + lines[i][k + 1:]
    else:
        lines[i] = " " * draw(st.integers(0, 3))
    return lines


@st.composite
def byte_mutation(draw, data: bytes) -> bytes:
    if not data:
        return draw(st.binary(min_size=1, max_size=8))
    k = draw(st.integers(0, len(data) - 1))
    op = draw(st.sampled_from(["flip", "insert", "delete", "set"]))
    if op == "flip":
        return data[:k] + bytes([data[k] ^ (1 << draw(st.integers(0, 7)))]) + data[k + 1:]
    if op == "insert":
        return data[:k] + draw(st.binary(min_size=1, max_size=6)) + data[k:]
    if op == "delete":
        return data[:k] + data[k + draw(st.integers(1, 8)):]
    return data[:k] + bytes([draw(st.sampled_from([0x00, 0x09, 0x0d, 0x0a, 0x20, 0x80, 0x81, 0xa0, 0xc3,
                                                   0xe2, 0xef, 0xfe, 0xff, 0x30, 0x2d]))]) + data[k + 1:]


# How the bytes are produced, and which encoding the caller asks parse_bytes for.
ENCODE_AS = ["utf-8", "utf-8-sig", "cp1252", "latin-1", "utf-16", "cp437"]
DECODE_AS = [None, None, "utf-8", "UTF-8", "utf_8", "utf-8-sig", "cp1252", "latin-1", "ascii",
             "utf-16", "utf-16-le", "cp437", "shift_jis", "koi8-r"]


@st.composite
def mutated_files(draw) -> tuple[bytes, str | None]:
    t = draw(tournaments(max_players=16, max_rounds=8))
    text = trf.dumps(t)
    ending = t.line_ending
    lines = text.split(ending)
    for _ in range(draw(st.integers(0, 4))):
        lines = draw(line_mutation(lines))
    text = ending.join(lines)
    data = text.encode(draw(st.sampled_from(ENCODE_AS)), errors="replace")
    for _ in range(draw(st.integers(0, 4))):
        data = draw(byte_mutation(data))
    return data, draw(st.sampled_from(DECODE_AS))


def read_and_write(data: bytes, encoding: str | None) -> tuple[ParseResult, str | None]:
    result = trf.parse_bytes(data, encoding=encoding)
    check_diagnostics(result)
    try:
        return result, trf.dumps(result.tournament)
    except trf.WriteError:
        return result, None


@pytest.mark.fast
@settings(max_examples=300, **SETTINGS)
@given(mutated_files())
def test_mutated_files_only_produce_diagnostics(file: tuple[bytes, str | None]) -> None:
    data, encoding = file
    read_and_write(data, encoding)
    # the same bytes without validation, and as text decoded leniently
    check_diagnostics(trf.parse_bytes(data, encoding=encoding, validate=False))
    check_diagnostics(trf.parse_text(data.decode("latin-1")))


@pytest.mark.fast
@settings(max_examples=100, **SETTINGS)
@given(st.binary(max_size=400), st.sampled_from(DECODE_AS))
def test_random_bytes_only_produce_diagnostics(data: bytes, encoding: str | None) -> None:
    read_and_write(data, encoding)


@pytest.mark.fast
@settings(max_examples=200, **SETTINGS)
@given(mutated_files())
def test_written_back_mutated_files_are_stable(file: tuple[bytes, str | None]) -> None:
    """What the writer produces from whatever the reader made of a file is a fixed point."""
    data, encoding = file
    first, text = read_and_write(data, encoding)
    assume(text is not None)
    second = trf.parse_text(text)
    check_diagnostics(second)
    assert second.tournament == first.tournament
    assert trf.dumps(second.tournament) == text


# --------------------------------------------------------------------------- validation


def player_line(t: Tournament, start_rank: int) -> int:
    """1-based line of a player's record in ``dumps(t)`` (one record per line)."""
    for i, rec in enumerate(t.records, start=1):
        if isinstance(rec, Player) and rec.start_rank == start_rank:
            return i
    raise KeyError(start_rank)


def with_entry(t: Tournament, start_rank: int, round_number: int, entry: RoundEntry) -> Tournament:
    records = []
    for rec in t.records:
        if isinstance(rec, Player) and rec.start_rank == start_rank:
            rounds = list(rec.rounds)
            rounds[round_number - 1] = entry
            rec = replace(rec, rounds=tuple(rounds))
        records.append(rec)
    return t.replace_records(tuple(records))


@st.composite
def tournament_and_game(draw):
    """A valid tournament, one of its games (round, player, opponent) and which side to change."""
    t = draw(tournaments(min_players=2, max_players=20, min_rounds=1, max_rounds=8))
    games = [g for r in range(1, t.round_columns + 1) for g in t.games(r)]
    assume(games)
    g = draw(st.sampled_from(games))
    side, other = draw(st.sampled_from([(g.white, g.black), (g.black, g.white)]))
    return t, g.round, side, other


def read_back(t: Tournament) -> ParseResult:
    result = trf.parse_text(trf.dumps(t))
    check_diagnostics(result)
    return result


@pytest.mark.fast
@settings(max_examples=100, **SETTINGS)
@given(tournament_and_game())
def test_one_sided_colour_swap_is_a_colour_mismatch(case) -> None:
    t, r, pid, opp = case
    e = t.player(pid).entry(r)
    bad = with_entry(t, pid, r, replace(e, colour=e.colour.opposite))
    found = [d for d in read_back(bad).diagnostics if d.code == "colour-mismatch"]
    assert found, "swapping one side's colour went unnoticed"
    assert all(d.severity is Severity.ERROR for d in found)
    assert {d.line for d in found} <= {player_line(t, pid), player_line(t, opp)}


def complementary(a: Result | None, b: Result | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return b in a.complement


GAME_CODES = sorted({code for pair in GAME_RESULTS for code in pair}, key=lambda c: c.value)


@pytest.mark.fast
@settings(max_examples=100, **SETTINGS)
@given(tournament_and_game(), st.data())
def test_non_complementary_result_is_a_result_mismatch(case, data) -> None:
    t, r, pid, opp = case
    e = t.player(pid).entry(r)
    theirs = t.player(opp).entry(r).result
    choices = [c for c in GAME_CODES if not complementary(c, theirs)]
    new = data.draw(st.sampled_from(choices), label="new result")
    bad = with_entry(t, pid, r, replace(e, result=new))
    found = [d for d in read_back(bad).diagnostics if d.code == "result-mismatch"]
    assert found, f"result {new.value!r} against {theirs!r} went unnoticed"
    assert all(d.severity is Severity.ERROR for d in found)
    assert {d.line for d in found} <= {player_line(t, pid), player_line(t, opp)}


@pytest.mark.fast
@settings(max_examples=100, **SETTINGS)
@given(tournaments(max_players=20, max_rounds=8), st.data())
def test_points_off_by_one_is_a_points_mismatch(t: Tournament, data) -> None:
    pid = data.draw(st.integers(1, len(t.players)), label="start rank")
    p = t.player(pid)
    records = tuple(replace(rec, points=rec.points + 1) if rec is p else rec for rec in t.records)
    result = read_back(t.replace_records(records))
    found = [d for d in result.diagnostics if d.code == "points-mismatch"]
    assert len(found) == 1, found
    assert found[0].severity is Severity.WARNING
    assert found[0].line == player_line(t, pid)
    assert f"player {pid} " in found[0].message


# --------------------------------------------------------------------------- found by the properties


REGRESSION_LINE = trf.format_record(Player(
    1, "m", "GM", "Doe, Jane", 2500, "NOR", "1234567", "1990/01/01", Fraction(1), 1,
    (RoundEntry(1212, Colour.WHITE, Result.WIN),),
))


@pytest.mark.fast
@pytest.mark.parametrize("where, text, column", [
    ((91, 95), "1 12", 92),  # opponent with a blank inside: int() used to raise ValueError
    ((91, 95), " 1 2", 92),
    ((48, 52), "150²", 49),  # '²'.isdigit() is true but int('²') raised ValueError (rating)
    ((85, 89), "  2²", 88),  # ... and the rank
])
def test_broken_number_is_a_diagnostic_not_a_crash(where, text, column) -> None:
    a, b = where
    line = REGRESSION_LINE[:a] + text + REGRESSION_LINE[b:]
    result = trf.parse_text(line + "\n")
    check_diagnostics(result)
    found = [d for d in result.diagnostics if d.code == "bad-number"]
    assert [(d.severity, d.line, d.column) for d in found] == [(Severity.ERROR, 1, column)]
    written = trf.dumps(result.tournament)
    assert trf.parse_text(written).tournament == result.tournament


@pytest.mark.fast
@pytest.mark.parametrize("line", ["260 000 007    1    2", "260 003 000    1    2"])
def test_forbidden_pairs_round_zero_writes_back_unchanged(line) -> None:
    """The writer used ``first_round or 1`` / ``last_round or 999``: round 0 came back as 1 / 999."""
    result = trf.parse_text(line + "\n")
    check_diagnostics(result)
    assert trf.dumps(result.tournament) == line + "\n"
