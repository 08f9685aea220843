"""Tie-break values (FIDE C.07): context (art. 15, 16), Buchholz family (art. 8), SB and KS
(art. 9), own-results tie-breaks (art. 7).

Three kinds of oracle:

* the TEC/Held exercises and the cut cases, parsed at test time from
  ``../shared/corpus/real/tiebreaks/EXPECTED.md`` and the golden files beside it (2023 and 2026
  editions), and the gacrux reference values of every tournament of the Dutch 2026 corpus
  (``../shared/corpus/dutch-2026/tiebreaks/*.tsv``); compared as strings in the reference's
  printing (see :func:`reference_str`).  These tests skip when ``../shared`` is absent;
* hand-worked tournaments written in the tests, one case per art. 16.2 category, with the
  expected values reasoned from the rule text in comments;
* hypothesis properties (renumbering invariance, cuts never add).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trf
from tiebreaks.buchholz import Element, apply_cuts, cut_counts, cut_elements, elements
from tiebreaks.codes import Modifiers, parse_tiebreak
from tiebreaks.context import (
    Edition, TBContext, build_context, categories, default_edition,
)
from tiebreaks.registry import SCALARS, value
from systems import select
from trf import Player, Tournament

from tests.strategies import tournaments
from tests.support import CORPUS, shared_corpus, shared_present

F = Fraction
REAL = CORPUS / "real" / "tiebreaks"
DUTCH = CORPUS / "dutch-2026"

# --------------------------------------------------------------------------- helpers


def val(ctx: TBContext, pid: int, code: str):
    return value(ctx, pid, parse_tiebreak(code))


def fixed(x: Fraction | int | None, decimals: int) -> str:
    """``x`` with ``decimals`` decimals, rounded half up (the reference's Decimal ROUND_HALF_UP)."""
    if x is None:
        return "None"
    q = math.floor(Fraction(x) * 10**decimals + Fraction(1, 2))
    sign, digits = ("-" if q < 0 else ""), str(abs(q)).rjust(decimals + 1, "0")
    return sign + (f"{digits[:-decimals]}.{digits[-decimals:]}" if decimals else digits)


ONE_DECIMAL = {"PTS", "BH", "FB", "PS", "KS"}


def reference_str(ctx: TBContext, pid: int, code: str) -> str:
    """A value as the reference (gacrux) prints it: its Decimal arithmetic gives BH, FB, PS, KS
    and points one decimal and SB two (a product of two one-decimal numbers); counts are
    integers.  When a cut removes every element the result is the integer ``0`` (EXPECTED.md
    §3a).  AOB is rounded half up to two decimals (EXPECTED.md §4.4 of the digest); the corpus
    run (gacrux 1.11.65) prints three for events of 9 rounds or more (observed on all 240
    files: 5-8 rounds two decimals, 9-13 rounds three)."""
    tb = parse_tiebreak(code)
    v = value(ctx, pid, tb)
    if tb.code in ("BH", "FB", "SB"):
        low, high = cut_counts(tb.mods)
        if low + high and low + high >= len(elements(ctx, pid, fore=tb.code == "FB")):
            return "0"
    if tb.code in ONE_DECIMAL:
        return fixed(v, 1)
    if tb.code == "SB":
        return fixed(v, 2)
    if tb.code == "AOB":
        return fixed(v, 2 if ctx.total_rounds <= 8 else 3)
    return str(v)


def md_section(text: str, heading: str) -> str:
    """The text of the EXPECTED.md section whose heading starts with ``heading``."""
    m = re.search(rf"^#+ {re.escape(heading)}.*?$(.*?)(?=^#+ |\Z)", text, re.M | re.S)
    assert m, heading
    return m.group(1)


def md_table(section: str) -> list[dict[str, str]]:
    """The first markdown table of a section, cells stripped of ``*`` (markers, bold)."""
    rows = [ln for ln in section.splitlines() if ln.startswith("|")]
    head = [c.strip() for c in rows[0].strip("|").split("|")]
    out = []
    for ln in rows[2:]:
        cells = [c.strip().replace("*", "") for c in ln.strip().strip("|").split("|")]
        out.append(dict(zip(head, cells)))
    return out


def expected_md() -> str:
    shared_corpus()
    return (REAL / "EXPECTED.md").read_text(encoding="utf-8")


def parse(text: str) -> Tournament:
    result = trf.parse_text(text)
    assert not result.errors, result.errors
    return result.tournament


def real(name: str, date: str | None = None) -> Tournament:
    """A file of the real/tiebreaks folder, optionally with record 042 rewritten."""
    shared_corpus()
    data = (REAL / name).read_bytes()
    if date is not None:
        data = re.sub(rb"^042 [^\r\n]*", b"042 " + date.encode(), data, count=1, flags=re.M)
    result = trf.parse_bytes(data)
    assert not result.errors
    return result.tournament


# --------------------------------------------------------------------------- Held exercises

HELD_CODES_2023 = ["PTS", "BH", "BH/C1", "AOB", "FB", "SB", "SB/C1", "WIN", "WON", "BPG", "BWG", "GE", "PS", "PS/C1"]
EDITION_FREE = ["PTS", "WIN", "WON", "BPG", "BWG", "GE", "PS", "PS/C1"]  # art. 7: no art. 16 in them


@pytest.mark.corpus
def test_held_swiss5_2023_edition() -> None:
    """EXPECTED.md §1b: Held's published answers (2023 edition; the file's 042 is 2024-08-01),
    every cell of the table, including those no exercise asserts (marked ``*``)."""
    rows = md_table(md_section(expected_md(), "1b."))
    ctx = build_context(real("held_swiss_5.trf"))
    assert ctx.edition is Edition.V2023 and not ctx.round_robin
    bad = []
    for row in rows:
        pid = int(row["SNo"])
        for code in HELD_CODES_2023:
            want = row[code]
            if want and reference_str(ctx, pid, code) != want:
                bad.append((pid, code, want, reference_str(ctx, pid, code)))
    assert bad == []


@pytest.mark.corpus
def test_held_swiss5_2026_edition() -> None:
    """EXPECTED.md §1c: the exercises the 2026 art. 16.4 caps change (every value listed), and
    the art. 7 tie-breaks, which art. 16 does not touch, unchanged from §1b."""
    text = expected_md()
    ctx = build_context(real("held_swiss_5.trf"), edition=Edition.V2026)
    bad = []
    lines = re.findall(r"^\* Exercise \d+, `([A-Z/0-9]+)/V2`: (.*)$", md_section(text, "1c."), re.M)
    assert len(lines) == 8
    for code, values in lines:
        for pid, want in re.findall(r"(\d+)=\**([\d.]+)", values):
            got = reference_str(ctx, int(pid), code)
            if got != want:
                bad.append((pid, code, want, got))
    for row in md_table(md_section(text, "1b.")):
        for code in EDITION_FREE:
            if row[code] and reference_str(ctx, int(row["SNo"]), code) != row[code]:
                bad.append((row["SNo"], code, row[code], reference_str(ctx, int(row["SNo"]), code)))
    assert bad == []


@pytest.mark.corpus
@pytest.mark.parametrize("edition", [Edition.V2023, Edition.V2026])
def test_held_round_robin(edition: Edition) -> None:
    """EXPECTED.md §1e: exercises 14-16, pre-determined pairings (art. 15.2: Franck's forfeit
    loss to Helene counts as a game, so Helene's SB holds 1.5 x 1).  The file has no 092
    record, so the round robin is named explicitly; nothing changes in 2026 (no dummies)."""
    rows = md_table(md_section(expected_md(), "1e."))
    ctx = build_context(real("held_round_robin.trf"), edition=edition, round_robin=True)
    bad = []
    for row in rows:
        pid = int(row["SNo"])
        for column, want in row.items():
            code = column.split(" (")[0]
            if code in ("PTS", "SB", "SB/C1", "KS") and reference_str(ctx, pid, code) != want:
                bad.append((pid, code, want, reference_str(ctx, pid, code)))
    assert bad == []


# --------------------------------------------------------------------------- cut cases (§3)


@pytest.mark.corpus
def test_cut_withdrawal_round_robin() -> None:
    """EXPECTED.md §3a: a 5-player round robin, player 5 withdrew after round 1.  Unplayed
    rounds of a round robin contribute nothing (art. 15.2); a cut larger than the number of
    values leaves 0."""
    rows = md_table(md_section(expected_md(), "3a."))
    ctx = build_context(real("constructed/cut_withdrawal_rr5.trf"), round_robin=True)
    bad = []
    for row in rows:
        pid = int(row["SNo"])
        for code, want in row.items():
            if code != "SNo" and reference_str(ctx, pid, code) != want:
                bad.append((pid, code, want, reference_str(ctx, pid, code)))
    assert bad == []


@pytest.mark.corpus
def test_cut_swiss_requested_absences() -> None:
    """EXPECTED.md §3b: player 2's SB and its cuts (values and the rounds cut, in order) under
    both editions; the edition comes from record 042 (2026-02-28 vs 2026-03-01)."""
    rows = md_table(md_section(expected_md(), "3b."))
    assert len(rows) == 3
    for row in rows:
        name = row["file"].split()[0]
        ctx = build_context(real(name))
        assert ctx.edition.value == row["rules"].split("/")[0]
        assert reference_str(ctx, 2, "SB") == row["SB"]
        for code in ("SB/C1", "SB/C2"):
            assert reference_str(ctx, 2, code) == row[code], (name, code)
            _, removed = cut_elements(ctx, 2, parse_tiebreak(code).mods, sb=True)
            assert str([e.round for e in removed]) == row[f"cut rounds {code}"], (name, code)


@pytest.mark.corpus
def test_cut_equal_vur_contribution() -> None:
    """EXPECTED.md §3c: a VUR whose contribution equals the least significant value is the one
    cut (art. 16.5.1 "not lower")."""
    sec = md_section(expected_md(), "3c.")
    sb, c1, c2 = re.search(r"SB = ([\d.]+); SB/C1 = ([\d.]+).*?SB/C2 = ([\d.]+)", sec, re.S).groups()
    ctx = build_context(real("constructed/cut_equal_vur_contribution.trf"))
    assert [reference_str(ctx, 2, c) for c in ("SB", "SB/C1", "SB/C2")] == [sb, c1, c2]
    assert [e.round for e in cut_elements(ctx, 2, Modifiers(cut=1), sb=True)[1]] == [2]
    assert [e.round for e in cut_elements(ctx, 2, Modifiers(cut=2), sb=True)[1]] == [2, 1]


# --------------------------------------------------------------------------- many unplayed rounds (§3d)

NOT_MINE = {"DE", "ESB", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "COP", "CSQ"}


def golden_rows(name: str) -> list[dict[str, str]]:
    lines = (REAL / name).read_text().splitlines()
    head = lines[0].split("\t")
    assert lines[-1].startswith("Check:")
    return [dict(zip(head, ln.split("\t"))) for ln in lines[1:-1]]


def context_column(ctx: TBContext, pid: int, code: str) -> str:
    """The reference's helper columns that are context facts: ABH is the art. 16.3 adjusted
    score, VUR the number of voluntary unplayed rounds, NUM the games played."""
    if code == "ABH":
        return fixed(ctx.adjusted[pid], 1)
    if code == "VUR":
        return str(sum(ctx.is_vur(pid, r) for r in range(1, ctx.rounds + 1)))
    if code == "NUM":
        return str(sum(rec.played for rec in ctx.records[pid]))
    return reference_str(ctx, pid, code)


@pytest.mark.corpus
@pytest.mark.parametrize("golden", [
    "swiss_with_many_unplayed_rounds.2026-02-28.txt", "swiss_with_many_unplayed_rounds.2026-03-01.txt",
    "swiss_with_many_unplayed_rounds.2026-02-28.all.txt", "swiss_with_many_unplayed_rounds.2026-03-01.all.txt",
])
def test_many_unplayed_rounds_goldens(golden: str) -> None:
    """EXPECTED.md §3d: the real Swiss with many unplayed rounds, as dated (2026/02/28: 2023
    rules) and with 042 rewritten to 2026/03/01 (2026 rules); every column of ours."""
    shared_corpus()
    date = golden.split(".")[1].replace("-", "/")
    t = real("swiss_with_many_unplayed_rounds.trf", date=date)
    ctx = build_context(t)
    assert ctx.edition is (Edition.V2026 if date == "2026/03/01" else Edition.V2023)
    bad = []
    for row in golden_rows(golden):
        pid = int(row["StartNo"])
        for code, want in list(row.items())[2:]:
            if code not in NOT_MINE and context_column(ctx, pid, code) != want:
                bad.append((pid, code, want, context_column(ctx, pid, code)))
    assert bad == []


@pytest.mark.corpus
def test_many_unplayed_rounds_facts_2026() -> None:
    """EXPECTED.md §3d, stated facts under the 2026 rules: player 4 (forfeited rounds 1-3) and
    the art. 16.4.2 cap, which uses the scheduled number of rounds (7: 0.5 x 7 = 3.5) also when
    the standings are taken after an earlier round."""
    t = real("swiss_with_many_unplayed_rounds.trf", date="2026/03/01")
    ctx = build_context(t)
    els = elements(ctx, 4, sb=True)
    assert [(e.score, e.value) for e in els] == [
        (F(5, 2), 0), (F(3, 2), 0), (F(5, 2), 0), (F(5, 2), F(5, 2)), (2, 1), (F(5, 2), F(5, 4)), (F(5, 2), F(5, 4))]
    assert [e.round for e in cut_elements(ctx, 4, Modifiers(cut=2), sb=True)[1]] == [2, 5]
    after4 = build_context(t, after_round=4)
    assert after4.total_rounds == 7
    assert [e.value for e in elements(after4, 12)] == [3, 3, F(3, 2), 3] and val(after4, 12, "BH") == F(21, 2)
    assert [e.value for e in elements(ctx, 12)] == [F(7, 2)] * 7 and val(ctx, 12, "BH") == F(49, 2)
    after6 = build_context(t, after_round=6)
    assert val(after6, 9, "BH") == 21
    assert elements(after6, 9)[2].value == elements(after6, 9)[5].value == F(7, 2)


# --------------------------------------------------------------------------- Dutch 2026 corpus

TSV_CODES = ["PTS", "BH", "BH/C1", "BH/M1", "FB", "SB", "SB/C1", "PS", "WIN", "WON", "BPG", "BWG", "REP", "AOB"]
TSVS = sorted((DUTCH / "tiebreaks").glob("*.tsv")) if shared_present() else []


@pytest.mark.corpus
@pytest.mark.parametrize("tsv", TSVS or [None], ids=lambda p: p.stem if p else "absent")
def test_dutch_corpus_reference_values(tsv: Path | None) -> None:
    """Every value of ours in the gacrux reference run (2026 rules, Swiss; the files carry no
    042, so :func:`default_edition` gives the newest rules)."""
    shared_corpus()
    assert tsv is not None
    t = trf.parse_file(DUTCH / "tournaments" / f"{tsv.stem}.trf").tournament
    ctx = build_context(t)
    assert ctx.edition is Edition.V2026 and not ctx.round_robin
    lines = tsv.read_text().splitlines()
    assert lines[0].startswith("# gacrux")
    head = lines[1].split("\t")
    bad = []
    for ln in lines[2:]:
        row = dict(zip(head, ln.split("\t")))
        pid = int(row["StartNo"])
        for code in TSV_CODES:
            got = reference_str(ctx, pid, code)
            if got != row[code]:
                bad.append((pid, code, row[code], got))
    assert bad == []


# --------------------------------------------------------------------------- hand-worked cases


def player_line(pid: int, rounds: list[str], rating: int = 2000) -> str:
    """A TRF-16 player line; ``rounds`` like ``"2 w 1"`` or ``"0 - H"``."""
    head = f"001 {pid:>4} m    {f'Player {pid}':<33} {rating:>4} NOR {'':>11} 1990/01/01 {'':>4} {pid:>4}"
    blocks = []
    for r in rounds:
        opp, colour, res = r.split()
        blocks.append(f"  {int(opp):>4} {colour} {res}")
    return head + "".join(blocks)


def tournament(lines: dict[int, list[str]], date: str = "2024/01/15", extra: str = "") -> Tournament:
    rounds = max(len(r) for r in lines.values())
    text = f"012 Hand-worked\n042 {date}\n{extra}XXR {rounds}\n"
    text += "\n".join(player_line(pid, r) for pid, r in sorted(lines.items())) + "\n"
    return parse(text)


# Six players, four rounds, every kind of round (art. 16.2 categories in brackets):
#   1: W v2, HPB [.3: a game follows], D v3, W v4          = 3.0
#   2: L v1, L v3, FPB [.1], L v6                          = 1.0
#   3: D v4, W v2, D v1, HPB [.5: last round]              = 2.5
#   4: D v3, W v5, double forfeit v6 [.4], L v1            = 1.5
#   5: forfeit win v6 [.2], L v4, ZPB, ZPB [.5, .5: withdrawn] = 1.0
#   6: forfeit loss v5 [.4], PAB [.1], double forfeit v4 [.4], W v2 = 2.0
ALL_KINDS = {
    1: ["2 w 1", "0 - H", "3 w =", "4 b 1"],
    2: ["1 b 0", "3 w 0", "0 - F", "6 w 0"],
    3: ["4 w =", "2 b 1", "1 b =", "0 - H"],
    4: ["3 b =", "5 w 1", "6 b -", "1 w 0"],
    5: ["6 w +", "4 b 0", "0 - Z", "0 - Z"],
    6: ["5 b -", "0 - U", "4 w -", "2 b 1"],
}


@pytest.fixture(scope="module")
def kinds() -> Tournament:
    return tournament(ALL_KINDS)


@pytest.mark.fast
def test_round_kinds_and_categories(kinds: Tournament) -> None:
    """Art. 16.2: .1 PAB/FPB, .2 forfeit win, .3 requested bye followed by a non-VUR round,
    .4 forfeit loss (a double forfeit is one for both), .5 requested bye followed only by VURs
    or in the last round (a withdrawal)."""
    ctx = build_context(kinds)
    assert ctx.edition is Edition.V2023 and ctx.rounds == 4 and ctx.total_rounds == 4
    kinds_of = {p: [(r.kind, r.category) for r in ctx.records[p]] for p in ctx.records}
    assert kinds_of[1][1] == ("hpb", 3)
    assert kinds_of[2][2] == ("fpb", 1)
    assert kinds_of[3][3] == ("hpb", 5)
    assert kinds_of[4][2] == ("forfeit_loss", 4)
    assert kinds_of[5] == [("forfeit_win", 2), ("game", None), ("zpb", 5), ("zpb", 5)]
    assert kinds_of[6] == [("forfeit_loss", 4), ("pab", 1), ("forfeit_loss", 4), ("game", None)]
    vurs = {p: [r for r in range(1, 5) if ctx.is_vur(p, r)] for p in ctx.records}
    assert vurs == {1: [2], 2: [], 3: [4], 4: [3], 5: [3, 4], 6: [1, 3]}
    assert ctx.score == {1: 3, 2: 1, 3: F(5, 2), 4: F(3, 2), 5: 1, 6: 2}
    # 16.3: only cat. .5 rounds change, to a draw: player 5's two final ZPBs give 0.5 each;
    # player 3's final HPB is worth a draw anyway.
    assert ctx.adjusted == {1: 3, 2: 1, 3: F(5, 2), 4: F(3, 2), 5: 2, 6: 2}


@pytest.mark.fast
def test_categories_need_the_later_rounds() -> None:
    """A requested bye is .3 or .5 depending on what follows: a PAB or a forfeit win later makes
    it .3; only forfeit losses and byes later (VURs) leave it .5."""
    assert categories(["hpb", "forfeit_loss", "zpb"]) == [5, 4, 5]
    assert categories(["hpb", "forfeit_loss", "pab"]) == [3, 4, 1]
    assert categories(["zpb", "forfeit_win"]) == [3, 2]
    assert categories(["game", "zpb"]) == [None, 5]


@pytest.mark.fast
def test_buchholz_2023_dummy_is_own_score(kinds: Tournament) -> None:
    """Art. 16.4 (2023): each own unplayed round is a game against a dummy with the
    participant's own score.
      1: 1.0 (v2) + 3.0 (HPB dummy) + 2.5 (v3) + 1.5 (v4)            = 8.0
      2: 3.0 + 2.5 + 1.0 (FPB dummy) + 2.0                           = 8.5
      3: 1.5 + 1.0 + 3.0 + 2.5 (HPB dummy)                           = 8.0
      4: 2.5 + 2.0 (player 5 adjusted: ZPBs as draws) + 1.5 + 3.0    = 9.0
      5: 1.0 (forfeit-win dummy) + 1.5 + 1.0 + 1.0                   = 4.5
      6: 2.0 + 2.0 + 2.0 (three dummies) + 1.0                       = 7.0"""
    ctx = build_context(kinds)
    assert {p: val(ctx, p, "BH") for p in ctx.score} == {1: 8, 2: F(17, 2), 3: 8, 4: 9, 5: F(9, 2), 6: 7}


@pytest.mark.fast
def test_buchholz_2026_dummy_caps(kinds: Tournament) -> None:
    """Art. 16.4.1/16.4.2 (2026): the dummy is capped, for forfeits at the scheduled opponent's
    adjusted score, for other unplayed rounds at draw x rounds = 0.5 x 4 = 2.0.
      1: HPB dummy min(3.0, 2.0) = 2.0               -> 1.0 + 2.0 + 2.5 + 1.5 = 7.0
      3: HPB dummy min(2.5, 2.0) = 2.0               -> 1.5 + 1.0 + 3.0 + 2.0 = 7.5
      4: double forfeit v6: min(1.5, 2.0) = 1.5      -> 9.0 (unchanged)
      6: forfeit loss v5: min(2.0, adj 2.0) = 2.0, PAB: min(2.0, 2.0) = 2.0,
         double forfeit v4: min(2.0, adj 1.5) = 1.5  -> 2.0 + 2.0 + 1.5 + 1.0 = 6.5"""
    ctx = build_context(kinds, edition=Edition.V2026)
    assert ctx.dummy(1, 2) == 2 and ctx.dummy(6, 3) == F(3, 2) and ctx.dummy(6, 1) == 2
    assert {p: val(ctx, p, "BH") for p in ctx.score} == {1: 7, 2: F(17, 2), 3: F(15, 2), 4: 9, 5: F(9, 2), 6: F(13, 2)}
    # the edition follows record 042
    assert build_context(tournament(ALL_KINDS, date="2026/03/01")).edition is Edition.V2026


@pytest.mark.fast
def test_buchholz_cut_takes_the_vur_first(kinds: Tournament) -> None:
    """Art. 16.5: BH/C1 of player 1 cuts the HPB dummy (3.0), not the lowest value (1.0):
    8.0 - 3.0 = 5.0.  Player 6 has two VUR dummies of 2.0 and a lowest value of 1.0: a VUR goes.
    The pre-2023 rules have no such exception (see the virtual-opponent test)."""
    ctx = build_context(kinds)
    assert val(ctx, 1, "BH/C1") == 5
    assert val(ctx, 6, "BH/C1") == 5
    assert [e.round for e in cut_elements(ctx, 6, Modifiers(cut=1))[1]] == [1]
    # median: drop the VUR (low side) and the highest value (2.5 v3)
    assert val(ctx, 1, "BH/M1") == F(5, 2)


@pytest.mark.fast
def test_sonneborn_berger_unplayed_rounds(kinds: Tournament) -> None:
    """SB (art. 9.1) with dummies times the awarded points.
    2023, player 1: 1.0x1 + 3.0x0.5 (HPB) + 2.5x0.5 + 1.5x1 = 5.25.  SB/C1: the least
    significant value is round 1 (score 1.0, contribution 1.0); the VUR contributes 1.5, not
    lower, so it is cut: 3.75.
    Player 6: 2.0x0 + 2.0x1 (PAB) + 2.0x0 + 1.0x1 = 3.0.  SB/C1: the VURs contribute 0, lower
    than the least significant value (round 4, 1.0), so round 4 goes: 2.0.
    2026, player 1: the HPB dummy is capped at 2.0, contribution 1.0 = 4.75; SB/C1: the VUR's
    1.0 equals the LSV's 1.0 and a tie goes to the VUR: 3.75."""
    ctx = build_context(kinds)
    assert val(ctx, 1, "SB") == F(21, 4) and val(ctx, 1, "SB/C1") == F(15, 4)
    assert val(ctx, 6, "SB") == 3 and val(ctx, 6, "SB/C1") == 2
    assert [e.round for e in cut_elements(ctx, 6, Modifiers(cut=1), sb=True)[1]] == [4]
    ctx26 = build_context(kinds, edition=Edition.V2026)
    assert val(ctx26, 1, "SB") == F(19, 4) and val(ctx26, 1, "SB/C1") == F(15, 4)
    assert [e.round for e in cut_elements(ctx26, 1, Modifiers(cut=1), sb=True)[1]] == [2]


@pytest.mark.fast
def test_sb_cut_vur_candidate_is_selected_by_contribution_art_16_5() -> None:
    """Art. 16.5 / digest §6.4, the reference's known bug: the VUR that may be cut instead of
    the least significant value is the one with the lowest *contribution*, not the lowest dummy
    score.  An HPB (dummy 4.5, contributes 2.25) and a forfeit loss (dummy 5.0, contributes
    0.00) against an LSV of 1.50: the forfeit loss's 0.00 is lower than 1.50, so the LSV is
    cut: 25.75 - 1.50 = 24.25 (choosing the HPB by its dummy score would give 23.5)."""
    els = [
        Element(1, F(9, 2), F(9, 4), True), Element(2, F(5), F(0), True), Element(3, F(3, 2), F(3, 2), False),
        *[Element(r, F(11, 2), F(11, 2), False) for r in range(4, 8)],
    ]
    assert sum(e.value for e in els) == F(103, 4)
    kept = apply_cuts(els, 1)
    assert sum(e.value for e in kept) == F(97, 4)


@pytest.mark.fast
def test_fore_buchholz(kinds: Tournament) -> None:
    """FB (art. 8.3): every paired final-round result becomes a draw (player 1's win v4, 2-6),
    final-round byes keep their points (3's HPB, 5's ZPB).  Fore own scores: 1 = 2.5,
    2 = 1.5, 3 = 2.5, 4 = 2.0, 5 = 1.0, 6 = 1.5; fore-adjusted: the same but 5 = 2.0.
    2023, player 1: 1.5 (v2) + 2.5 (HPB dummy = fore own score) + 2.5 (v3) + 2.0 (v4) = 8.5.
    Player 6: three dummies of 1.5 + 1.5 (v2) = 6.0."""
    ctx = build_context(kinds)
    assert ctx.fore_score == {1: F(5, 2), 2: F(3, 2), 3: F(5, 2), 4: 2, 5: 1, 6: F(3, 2)}
    assert ctx.fore_adjusted == {1: F(5, 2), 2: F(3, 2), 3: F(5, 2), 4: 2, 5: 2, 6: F(3, 2)}
    assert val(ctx, 1, "FB") == F(17, 2) and val(ctx, 6, "FB") == 6


@pytest.mark.fast
def test_pre2023_virtual_opponent(kinds: Tournament) -> None:
    """C.02 13.15.2 (pre-2023): opponents' unplayed rounds count as draws; an own unplayed
    round R is a game against a virtual opponent with S(before R) + (1 - result) + 0.5 x
    (rounds - R).
    Adjusted: 1 = 3.0, 2 = 0.5 (FPB as a draw), 3 = 2.5, 4 = 2.0 (forfeit as a draw),
    5 = 1.5, 6 = 2.5.
    Player 1, HPB in round 2: 1.0 + 0.5 + 0.5 x 2 = 2.5 -> BH = 0.5 + 2.5 + 2.5 + 2.0 = 7.5;
    BH/C1 has no VUR rule: the lowest (0.5) goes: 7.0.
    Player 6: round 1 forfeit loss 0 + 1 + 1.5 = 2.5; round 2 PAB 0 + 0 + 1.0 = 1.0; round 3
    forfeit loss 1 + 1 + 0.5 = 2.5; v2 0.5: BH = 6.5; SB = 2.5x0 + 1.0x1 + 2.5x0 + 0.5x1 = 1.5."""
    ctx = build_context(kinds, edition=Edition.PRE2023)
    assert ctx.adjusted == {1: 3, 2: F(1, 2), 3: F(5, 2), 4: 2, 5: F(3, 2), 6: F(5, 2)}
    assert ctx.dummy(1, 2) == F(5, 2)
    assert [ctx.dummy(6, r) for r in (1, 2, 3)] == [F(5, 2), 1, F(5, 2)]
    assert val(ctx, 1, "BH") == F(15, 2) and val(ctx, 1, "BH/C1") == 7
    assert val(ctx, 6, "BH") == F(13, 2) and val(ctx, 6, "SB") == F(3, 2)
    assert default_edition(tournament(ALL_KINDS, date="2023/08/31")) is Edition.PRE2023


@pytest.mark.fast
def test_own_results(kinds: Tournament) -> None:
    """Art. 7.  WIN counts a win's points with or without playing (FPB, forfeit win, a PAB worth
    a win); WON, BPG, BWG only games over the board; REP = rounds less HPB, ZPB and forfeit
    losses; PS sums the running scores (player 1: 1 + 1.5 + 2 + 3 = 7.5; /C1 drops the first)."""
    ctx = build_context(kinds)
    table = {code: [val(ctx, p, code) for p in range(1, 7)] for code in ("WIN", "WON", "BPG", "BWG", "REP", "GE")}
    assert table == {
        "WIN": [2, 1, 1, 1, 1, 2],
        "WON": [2, 0, 1, 1, 0, 1],
        "BPG": [1, 1, 2, 1, 1, 1],  # 4's and 6's forfeits with Black are no games
        "BWG": [1, 0, 1, 0, 0, 1],
        "REP": [3, 4, 3, 3, 2, 2],
        "GE": [3, 4, 3, 3, 2, 2],
    }
    assert val(ctx, 1, "PS") == F(15, 2) and val(ctx, 1, "PS/C1") == F(13, 2) and val(ctx, 6, "PS") == 4
    assert val(ctx, 1, "PS/C5") == 0
    assert val(ctx, 4, "TPN") == 4


@pytest.mark.fast
def test_standard_points_with_three_one_zero() -> None:
    """STD (art. 7.7, 2026) on 3/1/0 scoring: 1 for more than a draw's points, ½ for a draw's.
    Player 1: W, HPB (worth a draw, 1), D, W = 8 points, STD 3.0.  Player 6: forfeit loss, PAB
    (3), double forfeit, W = 6 points, STD 2.0.  Player 4: D, W, double forfeit (a loss for
    both, not an equal score), L = 1.5."""
    t = tournament(ALL_KINDS, extra="162  W 3.0    D 1.0\n")
    ctx = build_context(t)
    assert ctx.win == 3 and ctx.score[1] == 8 and ctx.score[6] == 6
    assert [val(ctx, p, "STD") for p in (1, 4, 6)] == [3, F(3, 2), 2]
    assert val(ctx, 6, "WIN") == 2  # the PAB is worth a win


@pytest.mark.fast
def test_koya(kinds: Tournament) -> None:
    """KS (art. 9.2) with the limit 50 % x 1 x 4 rounds = 2.0: opponents 1 (3.0), 3 (2.5) and
    6 (2.0) qualify.  Player 1: ½ v3; player 3: ½ v1; player 4: ½ v3 + 0 (forfeit v6) + 0 v1;
    player 5: the forfeit win v6 = 1 (a forfeit counts: KS is outside art. 16).  KS/L+1 raises the limit half a point (2.5): 6 drops out."""
    ctx = build_context(kinds)
    assert [val(ctx, p, "KS") for p in range(1, 7)] == [F(1, 2), 0, F(1, 2), F(1, 2), 1, 0]
    assert val(ctx, 5, "KS/L+1") == 0


@pytest.mark.fast
def test_rtng() -> None:
    """RTNG (art. 10.6): the own rating; with an unrated participant and no /U the rating
    tie-breaks are dropped (None for all)."""
    t = tournament({1: ["2 w 1"], 2: ["1 b 0"]})
    assert val(build_context(t), 1, "RTNG") == 2000
    unrated = parse("012 T\n" + player_line(1, ["2 w 1"]) + "\n" + player_line(2, ["1 b 0"], rating=0) + "\n")
    assert unrated.player(2).rating in (0, None)
    ctx = build_context(unrated)
    assert val(ctx, 1, "RTNG") is None and val(ctx, 2, "RTNG/U1400") == 1400


# Odd round robin: 3 players, each sits out one round (written as a ZPB, worth nothing).
#   r1: 1-2 1-0 (3 out); r2: 3-2 = (1 out); r3: 1-3 forfeit, 3 (Black) lost by forfeit (2 out).
RR3 = {
    1: ["2 w 1", "0 - Z", "3 w +"],
    2: ["1 b 0", "3 b =", "0 - Z"],
    3: ["0 - Z", "2 w =", "1 b -"],
}


@pytest.mark.fast
def test_round_robin_rules() -> None:
    """Art. 15.2: in a round robin forfeits count as games against the scheduled opponent and
    the bye round contributes nothing.  Scores 2.0, 0.5, 0.5.
    BH of 1: 0.5 (v2) + 0.5 (v3, forfeit) = 1.0; SB of 1: 0.5x1 + 0.5x1 = 1.0; SB of 3:
    0.5x0.5 + 2.0x0 = 0.25.  /C1 leaves one value, /C2 none.  KS: 3 players, 3 rounds, 2 games
    each: limit 1.0, only player 1 reaches it."""
    t = tournament(RR3, extra="092 Round Robin\n")
    ctx = build_context(t)
    assert ctx.round_robin and all(r.category is None for rs in ctx.records.values() for r in rs)
    assert not any(ctx.is_vur(p, r) for p in (1, 2, 3) for r in (1, 2, 3))
    assert val(ctx, 1, "BH") == 1 and val(ctx, 1, "SB") == 1 and val(ctx, 3, "SB") == F(1, 4)
    assert val(ctx, 1, "BH/C1") == F(1, 2) and val(ctx, 1, "BH/C2") == 0
    assert [val(ctx, p, "KS") for p in (1, 2, 3)] == [0, 0, 0]
    assert build_context(t, round_robin=False).dummy(1, 2) == 2  # as a Swiss it would get a dummy


@pytest.mark.fast
def test_round_robin_2026_art7_exception() -> None:
    """Art. 15.2, 2026 exception: forfeit losses stay unplayed for the art. 7 tie-breaks.
    Player 3 lost by forfeit with Black in round 3: a game with Black (BPG 1, REP 2) under
    the 2023 text, not one under 2026 (BPG 0, REP 1).  Forfeit wins stay games (WON of 1 = 2)."""
    t = tournament(RR3, extra="092 Round Robin\n")
    old, new = build_context(t, edition=Edition.V2023), build_context(t, edition=Edition.V2026)
    assert (val(old, 3, "BPG"), val(old, 3, "REP")) == (1, 2)
    assert (val(new, 3, "BPG"), val(new, 3, "REP")) == (0, 1)
    assert val(old, 1, "WON") == val(new, 1, "WON") == 2 and val(new, 1, "BWG") == 0
    assert val(new, 3, "SB") == val(old, 3, "SB")  # art. 9: no exception


@pytest.mark.fast
def test_after_round() -> None:
    """Standings after an earlier round: the rounds after it do not exist (player 5's round 3
    ZPB becomes his last round: cat. .5 either way); art. 16.4.2 keeps the scheduled rounds."""
    t = tournament(ALL_KINDS)
    ctx = build_context(t, after_round=2)
    assert ctx.rounds == 2 and ctx.total_rounds == 4
    assert ctx.score == {1: F(3, 2), 2: 0, 3: F(3, 2), 4: F(3, 2), 5: 1, 6: 1}
    assert ctx.records[1][1].category == 5  # the HPB is now the last round
    assert ctx.adjusted[1] == F(3, 2)


# --------------------------------------------------------------------------- editions, round robins


@pytest.mark.fast
@pytest.mark.parametrize("text, edition", [
    ("2024-08-01", Edition.V2023),
    ("2026-02-28   ", Edition.V2023),
    ("2026-02-28 10:00", Edition.V2023),
    ("2026/02/28", Edition.V2023),
    ("2026/03/15", Edition.V2026),
    ("2026-03-01", Edition.V2026),
    ("2023-08-31", Edition.PRE2023),
    ("2023/09/01", Edition.V2023),
    ("15.01.2022", Edition.PRE2023),
    ("0000/00/00", Edition.V2026),
    ("", Edition.V2026),
    (None, Edition.V2026),
])
def test_default_edition(text: str | None, edition: Edition) -> None:
    """Record 042 chooses the edition (EXPECTED.md §0): trailing blanks or a time do not
    change the date, slashes are accepted, a missing or unreadable date means the newest."""
    head = "012 T\n" + (f"042 {text}\n" if text is not None else "")
    t = parse(head + player_line(1, ["0 - U"]) + "\n")
    assert default_edition(t) is edition


@pytest.mark.fast
def test_two_digit_year_follows_the_trf_form() -> None:
    """``042 01/03/26`` is read as ``YY/MM/DD`` (2001-03-26, the form TRF's 132 defines; see
    :mod:`trf.dates`), as the reference reads it (EXPECTED.md §0): the pre-2023 rules."""
    t = parse("012 T\n042 01/03/26\n" + player_line(1, ["0 - U"]) + "\n")
    assert str(t.start_date) == "2001-03-26"
    assert default_edition(t) is Edition.PRE2023


@pytest.mark.fast
@pytest.mark.parametrize("records, rr", [
    ("092 Round Robin\n", True),
    ("092 Individual: Round-Robin\n", True),
    ("092 Double Berger\n", True),
    ("092 RR\n", True),
    ("092 Swiss System\n", False),
    ("092 Individual: Swiss-System\n", False),
    ("192 FIDE_DUTCH_2025\n", False),
    ("192 ROUND_ROBIN\n092 Swiss System\n", True),
    ("", False),
])
def test_round_robin_detection(records: str, rr: bool) -> None:
    t = parse("012 T\n" + records + player_line(1, ["0 - U"]) + "\n")
    assert select(t).system.round_robin is rr
    assert build_context(t).round_robin is rr
    assert build_context(t, round_robin=not rr).round_robin is (not rr)


# --------------------------------------------------------------------------- properties

SETTINGS = dict(deadline=None, max_examples=60,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROPERTY_CODES = ["PTS", "BH", "BH/C1", "BH/M1", "FB", "FB/C1", "SB", "SB/C2", "AOB", "KS", "PS", "PS/C1",
                  "WIN", "WON", "BPG", "BWG", "REP", "STD"]


def renumbered(t: Tournament, perm: dict[int, int]) -> Tournament:
    """The same tournament with start rank ``p`` renamed ``perm[p]`` everywhere."""
    from dataclasses import replace

    def entry(e):
        if e is None or e.opponent is None:
            return e
        return replace(e, opponent=perm.get(e.opponent, e.opponent))

    records = tuple(
        replace(r, start_rank=perm[r.start_rank], rounds=tuple(entry(e) for e in r.rounds))
        if isinstance(r, Player) else r
        for r in t.records
    )
    return t.replace_records(records)


@pytest.mark.fast
@settings(**SETTINGS)
@given(t=tournaments(min_players=2, max_players=14, max_rounds=7), seed=st.randoms(use_true_random=False),
       edition=st.sampled_from(list(Edition)), rr=st.booleans())
def test_values_invariant_under_renumbering(t, seed, edition, rr) -> None:
    ids = sorted(t.player_by_rank)
    shuffled = ids[:]
    seed.shuffle(shuffled)
    perm = dict(zip(ids, shuffled))
    a = build_context(t, edition=edition, round_robin=rr)
    b = build_context(renumbered(t, perm), edition=edition, round_robin=rr)
    for code in PROPERTY_CODES:
        for p in ids:
            assert val(a, p, code) == val(b, perm[p], code), (code, p)


@pytest.mark.fast
@settings(**SETTINGS)
@given(t=tournaments(min_players=2, max_players=14, max_rounds=7), edition=st.sampled_from(list(Edition)),
       rr=st.booleans())
def test_cuts_never_exceed_uncut(t, edition, rr) -> None:
    ctx = build_context(t, edition=edition, round_robin=rr)
    for p in ctx.score:
        for code in ("BH", "FB", "SB"):
            full, c1, c2 = (val(ctx, p, f"{code}{m}") for m in ("", "/C1", "/C2"))
            m1, m2 = val(ctx, p, f"{code}/M1"), val(ctx, p, f"{code}/M2")
            assert 0 <= c2 <= c1 <= full
            assert 0 <= m2 <= m1 <= c1
        assert val(ctx, p, "PS/C1") <= val(ctx, p, "PS")
        assert val(ctx, p, "BH/C1") <= val(ctx, p, "BH")


@pytest.mark.fast
def test_registry_covers_its_codes() -> None:
    assert {"PTS", "BH", "FB", "AOB", "SB", "KS", "WIN", "WON", "BPG", "BWG", "REP", "GE", "PS", "STD", "TPN",
            "RTNG"} <= set(SCALARS)
    with pytest.raises(ValueError):
        value(build_context(tournament({1: ["0 - U"]})), 1, parse_tiebreak("DE"))
