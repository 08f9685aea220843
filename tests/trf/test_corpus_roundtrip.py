"""Every TRF file of the corpus reads without errors and writes back unchanged.

Runs over ``../shared/corpus`` (about 2,000 files, marked ``corpus``) when it is present and
always over the sample in ``fixtures/`` (marked ``fast``), so a fresh clone still checks
reading, writing and the Dutch 2026 invariants on engine-produced files.

* reading: no ERROR diagnostic, except in the files of :data:`KNOWN_ERRORS`;
* writing: ``dumps`` gives back the input byte for byte, except for the non-canonical files of
  :data:`NON_CANONICAL`.  For those the test checks that the differences are exactly the ones
  named for the file (each name is a small normalisation of the input, defined below and applied
  to the input's lines), that the written text reads back to the same tournament, and that
  writing is idempotent;
* Dutch 2026 files (engine output): no diagnostics at all, listed points equal to the computed
  score, each game on both lines with opposite colours and complementary results,
  ``Tournament.games`` covering every paired player exactly once plus at most one PAB, the sizes
  given by the file names, and each per-round case equal to its tournament and its ``.pairs``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import trf
from trf import Colour, Result
from trf.parser import split_lines
from tests.support import REPO

# --------------------------------------------------------------------------- pinned exceptions

#: Files that hold genuine errors: path relative to ../shared/corpus -> why.
KNOWN_ERRORS = {
    "real/trf26_team.trf": (
        "hand-made echecsjs fixture whose birth dates are shifted one column right: their last "
        "digit lands in column 80, which must be blank (syntax error at 13:80 and 14:80)"
    ),
    # Double-Swiss material from one unconfirmed library, written "as one possible rendering" (its
    # README: NOT a standard layout): each match as two round blocks, XXR = 2 x rounds but 142 =
    # rounds, so the blocks past round 142 of these cuts contradict the 142 record
    "double-swiss/double-x0006/r04.trf": "two round blocks per match against 142 4 (round-beyond-total)",
    "double-swiss/double-x0011/r04.trf": "two round blocks per match against 142 4 (round-beyond-total)",
}

# Normalisations that turn a non-canonical input line into the line the writer produces.
# Each is a function of one line; it must leave a canonical line unchanged.

_BLOCKS_FROM = 89  # 0-based index of round 1's block (columns 90-99; the opponent is at 92-95)


def _map_blocks(line: str, fn) -> str:
    """Apply ``fn`` to each 10-column round block of a 001 line."""
    if not line.startswith("001") or len(line) <= _BLOCKS_FROM:
        return line
    head, tail = line[:_BLOCKS_FROM], line[_BLOCKS_FROM:]
    blocks = [tail[i:i + 10] for i in range(0, len(tail), 10)]
    return head + "".join(fn(b) for b in blocks)


def trailing_blanks(line: str) -> str:
    """Player lines lose trailing blanks (an empty last round column, padding)."""
    return line.rstrip(" \t") if line.startswith("001") else line


def empty_header(line: str) -> str:
    """A header with a lone blank after its code (``112 ``) is written as the bare code."""
    return line[:3] if re.fullmatch(r"\d\d2 ", line) else line


def zero_opponent(line: str) -> str:
    """Opponent ``   0`` (Gacrux/TieBreakServer fixtures) is written ``0000``."""
    return _map_blocks(line, lambda b: b[:2] + "0000" + b[6:] if b[2:6] == "   0" else b)


def blank_opponent(line: str) -> str:
    """lichess: a bye or absence with blank opponent and colour (``         U``) is written
    ``  0000 - U``."""
    return _map_blocks(line, lambda b: "  0000 - " + b[9] if len(b) == 10 and not b[:9].strip() and b[9] != " " else b)


def legacy_title(line: str) -> str:
    """A title right-aligned in columns 11-13 (``m  g``, ``   g``) is written left-aligned."""
    if not line.startswith("001"):
        return line
    return line[:10] + line[10:13].strip().ljust(3) + line[13:]


def name_column(line: str) -> str:
    """lichess (CompetiChess export): the name starts in column 16 instead of 15."""
    if not line.startswith("001"):
        return line
    return line[:14] + line[14:47].strip().ljust(33) + line[47:]


def zero_padded_rating(line: str) -> str:
    """Rating ``0000`` (Swiss-Manager's unrated) is written ``   0``."""
    if line.startswith("001") and line[48:52] == "0000":
        return line[:48] + "   0" + line[52:]
    return line


def tec_records(line: str) -> str:
    """240/250/260 written loosely (the TEC sample, echecsjs): round numbers ``  1`` instead of
    ``001``, a tab and a blank after the last id, 250 points ``2`` instead of `` 2.0``.  Written
    in the TRF-2026 layout."""
    words = line.split()
    if line.startswith("240 "):
        return f"240 {words[1]} {int(words[2]):03d}" + "".join(f" {int(i):>4}" for i in words[3:])
    if line.startswith("260 "):
        return f"260 {int(words[1]):03d} {int(words[2]):03d}" + "".join(f" {int(i):>4}" for i in words[3:])
    if line.startswith("250 "):
        def points(field: str) -> str:
            return f"{float(field):4.1f}" if field.strip() else "    "
        return line[:4] + points(line[4:8]) + line[8] + points(line[9:13]) + line[13:]
    return line


#: Marker for lines carrying an ERROR diagnostic: repaired by the reader, not compared here.
SYNTAX_REPAIR = "syntax-repair"

#: Files that do not write back byte for byte (same meaning): relative path -> normalisations.
#: Line endings are never a reason: CR, LF and CRLF are all kept as read.
#: Folders whose files may each be written with the named differences (or be canonical).
NON_CANONICAL_FOLDERS = {
    # CPPDubovSystem needs round-1 player lines padded to 90 columns (the corpus README), and the
    # Burstein material was made by the same tooling
    # (and CPPDubovSystem's own generator writes an empty "112 " header)
    "dubov": (trailing_blanks, empty_header),
    "burstein": (trailing_blanks, empty_header),
}

NON_CANONICAL = {
    # lichess export (CompetiChess): names written from column 16, absences written as "-" with a
    # blank opponent and colour ("         -") and byes as "         H/U".
    "real/competichess_large.trf": (name_column, blank_opponent),
    # TEC team sample: CRLF, trailing blanks on every 001 line, 240 lines with round "  1" and a
    # tab plus blank after the last id ("240 F   1    3\t "), 260 rounds "  1   3", 250 match
    # points "2" instead of " 2.0".
    "real/grandmommyscup.trf": (trailing_blanks, tec_records),
    # JaVaFo TRFXSample2 (LF copy): legacy one-letter titles right-aligned in column 13
    # ("m  g"), an empty round-5 column "          " left at the end of most lines, "112 ".
    "real/gros_r5.trfx": (legacy_title, trailing_blanks, empty_header),
    # JaVaFo TRFXSample2, CRLF: the same three as gros_r5.trfx.
    "real/javafo_sample2.trf": (legacy_title, trailing_blanks, empty_header),
    # FIDE example1.txt (TRF06 era): lowercase titles right-aligned ("   g", "  wf"), blank round
    # columns left at the end of withdrawn players' lines.
    "real/karlmala2005.trf": (legacy_title, trailing_blanks),
    # lichess: byes and absences with blank opponent and colour ("         H", "         -").
    "real/sk_2020_06.trf": (blank_opponent,),
    # lichess: blank-opponent byes, "112 " and "122 ".
    "real/sk_2021_03.trf": (blank_opponent, empty_header),
    # TieBreakServer-built files: unplayed rounds with opponent "   0" ("     0 - U").
    "real/tiebreaks/constructed/cut_equal_vur_contribution.trf": (zero_opponent,),
    "real/tiebreaks/constructed/cut_swiss_one_absence_2026-03-01.trf": (zero_opponent,),
    "real/tiebreaks/constructed/cut_swiss_two_absences_2026-02-28.trf": (zero_opponent,),
    "real/tiebreaks/constructed/cut_swiss_two_absences_2026-03-01.trf": (zero_opponent,),
    "real/tiebreaks/constructed/cut_withdrawal_rr5.trf": (zero_opponent,),
    "real/tiebreaks/held_swiss_5.trf": (zero_opponent,),
    "real/tiebreaks/held_swiss_9.trf": (zero_opponent,),
    # Swiss-Manager: CRLF, two trailing blanks on every 001 line, unrated as "0000", empty
    # headers "022 ", "102 ", "122 ".  (Its ruler lines are kept verbatim.)
    "real/tiebreaks/swiss_with_many_unplayed_rounds.trf": (trailing_blanks, zero_padded_rating, empty_header),
    # The error file: lines 13-14 are repaired (column 80 blanked, so the birth date loses its
    # last digit and the FIDE id is right-aligned), and "240 H   1", "260   1   2".
    "real/trf26_team.trf": (tec_records, SYNTAX_REPAIR),
}


@pytest.mark.corpus
def test_pinned_lists_name_real_corpus_files(corpus_dir: Path) -> None:
    """The pinned names must exist (a renamed file would silently drop out of the lists)."""
    for rel in list(KNOWN_ERRORS) + list(NON_CANONICAL):
        assert (corpus_dir / rel).is_file(), rel


@pytest.mark.corpus
def test_corpus_is_complete(corpus_dir: Path, corpus_trf_files) -> None:
    """The parametrised tests run over the whole corpus: the counts per folder are those of
    ``find ../shared/corpus -name '*.trf' -o -name '*.trfx' -o -name '*.input'``."""
    counts: dict[str, int] = {}
    found = set()
    for path in corpus_dir.rglob("*"):
        if path.suffix in (".trf", ".trfx", ".input"):
            parts = path.relative_to(corpus_dir).parts
            found.add("/".join(parts))
            if parts[0] in ("real", "regressions", "team-swiss", "double-swiss", "dubov", "burstein"):
                kind = parts[0]
            else:
                kind = "/".join(parts[:3] if parts[1] == "features" else parts[:2])
            counts[kind] = counts.get(kind, 0) + 1
    assert {f.rel for f in corpus_trf_files} == found
    assert counts == {
        "dutch-2026/tournaments": 240, "dutch-2026/rounds": 994, "dutch-2026/features/trf26": 150,
        "dutch-2026/features/forbidden": 300, "dutch-2026/features/accelerated": 300,
        "dutch-2017/tournaments": 160, "dutch-2017/rounds": 507,
        "baku/tournaments": 60, "baku/rounds": 468,
        "real": 26, "regressions": 3, "team-swiss": 380, "double-swiss": 44, "dubov": 412, "burstein": 158,
    }
    assert len(NON_CANONICAL) == 16


@pytest.mark.corpus
def test_fixture_sample_is_a_copy_of_the_corpus(corpus_dir: Path) -> None:
    """fixtures/dutch-2026 must stay byte-identical to the corpus files it samples."""
    fixtures = REPO / "fixtures"
    files = [p for p in sorted((fixtures / "dutch-2026").rglob("*")) if p.is_file() and p.name != "README.md"]
    assert files
    for p in files:
        rel = p.relative_to(fixtures).as_posix()
        assert p.read_bytes() == (corpus_dir / rel).read_bytes(), rel


# --------------------------------------------------------------------------- every file


def test_reads_without_errors(trf_file, parse_cached) -> None:
    result = parse_cached(trf_file.path)
    if trf_file.shared and trf_file.rel in KNOWN_ERRORS:
        assert result.errors, f"{trf_file.rel} is pinned as holding errors but reads cleanly"
        return
    assert result.errors == (), [d.format(trf_file.id) for d in result.errors]
    assert result.tournament.players, "a TRF file of the corpus without players"


def test_writes_back(trf_file, parse_cached) -> None:
    result = parse_cached(trf_file.path)
    t = result.tournament
    data = trf_file.path.read_bytes()
    written = trf.dumps(t)
    normalisations = NON_CANONICAL.get(trf_file.rel) if trf_file.shared else None
    folder = NON_CANONICAL_FOLDERS.get(trf_file.rel.partition("/")[0]) if trf_file.shared else None
    by_folder = folder is not None and written.encode(result.encoding) != data
    if by_folder:
        normalisations = folder
    if normalisations is None:
        assert written.encode(result.encoding) == data
        return

    assert written.encode(result.encoding) != data, f"{trf_file.rel} is now canonical: unpin it"
    # same meaning, and writing again changes nothing
    again = trf.parse_text(written)
    assert again.tournament == t
    # writing adds no error (a file of KNOWN_ERRORS keeps those of its content: trf26_team.trf's
    # team whose two players met each other; its layout errors are gone)
    assert set(again.errors) <= set(result.errors)
    assert trf.dumps(again.tournament) == written

    # the differences are exactly the named ones, line by line, with the same line layout
    original, ending, final, _ = split_lines(data.decode(result.encoding))
    produced, ending2, final2, _ = split_lines(written)
    assert (ending2, final2, len(produced)) == (ending, final, len(original))
    exempt = {d.line for d in result.errors} if SYNTAX_REPAIR in normalisations else set()
    fns = [n for n in normalisations if n != SYNTAX_REPAIR]
    used = {fn.__name__: 0 for fn in fns}
    for number, (old, new) in enumerate(zip(original, produced), start=1):
        if number in exempt:
            continue
        line = old
        for fn in fns:
            changed = fn(line)
            used[fn.__name__] += changed != line
            line = changed
        assert line == new, f"line {number}: {old!r} was written {new!r}"
    if by_folder:  # a folder's rules: each file needs some of them
        assert any(used.values()), f"no named normalisation changes anything: {used}"
    else:
        assert all(used.values()), f"a named normalisation changes nothing: {used}"
    if SYNTAX_REPAIR in normalisations:
        assert exempt and any(original[n - 1] != produced[n - 1] for n in exempt)


# --------------------------------------------------------------------------- Dutch 2026 files

# Codes the opponent may carry for the same game (TRF-16 2.4; "-" on both sides is a double forfeit).
COMPLEMENT = {
    "1": {"0"}, "0": {"1"}, "=": {"="}, "W": {"L"}, "L": {"W"}, "D": {"D"},
    "+": {"-"}, "-": {"+", "-"},
}


_CASE_NAME = re.compile(r"^(dev-\d+-n(\d+)-r(\d+))(?:-r(\d+))?(?:-trf(?:16|26))?\.trf$")


def _dutch_name(path: Path) -> tuple[str, int, int, int | None]:
    """``dev-0003-n19-r9-r2.trf`` -> (``dev-0003-n19-r9``, 19 players, 9 rounds, round 2)."""
    m = _CASE_NAME.match(path.name)
    assert m, f"not a dutch-2026 file name: {path.name}"
    return m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)) if m.group(4) else None


def test_dutch_file_is_consistent(dutch_file, parse_cached) -> None:
    result = parse_cached(dutch_file.path)
    assert result.diagnostics == (), [d.format(dutch_file.id) for d in result.diagnostics]
    t = result.tournament
    _, players, rounds, cut = _dutch_name(dutch_file.path)

    # sizes from the file name (README: dev-NNNN-nPLAYERS-rROUNDS[-rR])
    assert sorted(p.start_rank for p in t.players) == list(range(1, players + 1))
    if dutch_file.kind == "tournaments":
        assert t.total_rounds is None  # "there is no XXR/142 line"
        assert t.round_columns == t.rounds_paired == rounds
    else:
        assert t.total_rounds == rounds
        assert t.rounds_paired == cut - 1
        assert t.round_columns in (cut - 1, cut)  # round R's column holds declared absences only

    # listed points (written by the generator) equal the score under the file's scoring
    for p in t.players:
        assert p.points == t.score(p.start_rank), f"player {p.start_rank}"

    for r in range(1, t.rounds_paired + 1):
        _check_round(t, r)
    for r in range(t.rounds_paired + 1, t.round_columns + 1):
        assert t.games(r) == ()
        assert all(b.kind in (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE) for b in t.byes(r))


def _check_round(t: trf.Tournament, r: int) -> None:
    entries = {p.start_rank: p.entry(r) for p in t.players}
    on_boards = set()
    for pid, e in entries.items():
        if e is None or e.opponent is None:
            continue
        on_boards.add(pid)
        oe = entries.get(e.opponent)
        assert oe is not None and oe.opponent == pid, f"round {r}: {pid} v {e.opponent} is not mirrored"
        assert {e.colour, oe.colour} == {Colour.WHITE, Colour.BLACK}, f"round {r}: {pid} v {e.opponent} colours"
        assert oe.result.value in COMPLEMENT[e.result.value], f"round {r}: {pid} v {e.opponent} results"
    pabs = [pid for pid, e in entries.items() if e is not None and e.opponent is None and e.result is Result.PAIRING_ALLOCATED_BYE]
    paired = {pid for pid, e in entries.items() if e is not None and e.is_paired}

    games = t.games(r)
    seated = [pid for g in games for pid in (g.white, g.black)]
    assert len(seated) == len(set(seated)), f"round {r}: a player sits at two boards"
    assert set(seated) == on_boards
    assert len(pabs) <= 1
    assert set(seated) | set(pabs) == paired and not set(seated) & set(pabs)
    for g in games:
        we, be = entries[g.white], entries[g.black]
        assert (we.opponent, we.colour, be.opponent, be.colour) == (g.black, Colour.WHITE, g.white, Colour.BLACK)
        assert (g.white_result, g.black_result) == (we.result, be.result)
    assert [b.player for b in t.byes(r) if b.kind is Result.PAIRING_ALLOCATED_BYE] == pabs


def test_round_case_matches_its_tournament(round_case, parse_cached) -> None:
    """rounds/NAME-rR.trf is NAME's tournament cut back to rounds 1..R-1 plus round R's declared
    absences, and NAME-rR.pairs is round R of the tournament (README)."""
    name, _, _, cut = _dutch_name(round_case.path)
    full_path = round_case.root / "dutch-2026" / "tournaments" / f"{name}.trf"
    case = parse_cached(round_case.path).tournament
    full = parse_cached(full_path).tournament

    for p in case.players:
        assert p.rounds[: cut - 1] == full.player(p.start_rank).rounds[: cut - 1], f"player {p.start_rank}"
    declared = {b.player: b.kind for b in full.byes(cut) if b.kind is not Result.PAIRING_ALLOCATED_BYE}
    assert case.declared_absences(cut) == declared

    lines = round_case.path.with_suffix(".pairs").read_text().split()
    count, numbers = int(lines[0]), list(map(int, lines[1:]))
    pairs = {(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)}
    assert len(pairs) == count
    expected = {(g.white, g.black) for g in full.games(cut)}
    expected |= {(b.player, 0) for b in full.byes(cut) if b.kind is Result.PAIRING_ALLOCATED_BYE}
    assert pairs == expected
