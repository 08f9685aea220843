"""Seeded mutation tests of the pairings checker: break a correct round, the checker must say so.

Every round of the Dutch 2026 tournaments (fixtures/dutch-2026/tournaments/ always, and a
selection of ../shared/corpus/dutch-2026/tournaments/ when present) is bbpPairings' pairing, the
best one by Art. 3.8.  A mutant alters only round ``r``: the tournament is cut back to round ``r``
(``trf.edit.cut_to_round``) and round ``r`` is written with the altered boards
(``trf.edit.with_pairing``); only round ``r`` is checked, with the original's total number of
rounds (the cut file would otherwise make ``r`` the final round).  The unaltered round ``r``,
both in the original file and rebuilt the same way, must pass first.

Kinds of mutant, and what the checker must report:

``swap_opponents``  two boards exchange opponents; the changed pairs get the colours the engine's
                    Art. 5 allocation gives them, so only the pairing changes.  Flagged; every
                    finding is absolute, quality or order; the absolute criteria are exactly the
                    rematches (C1) and the pairs of two non-topscorers with the same absolute
                    colour preference (C3) the swap creates.
``swap_colours``    one board's colours reversed: a single ``colour`` finding (Art. 5.2.x).
``rematch``         two players who met before paired again, their opponents paired together
                    (only where that pair is legal): exactly C1.
``pab_banned``      the PAB given to a board player who already had one, a forfeit win or a
                    full-point bye; the old PAB player takes their opponent: C2 (plus C1/C3 if
                    that new pair breaks them).
``same_absolute``   two non-topscorers with the same absolute colour preference paired (not in a
                    final round), their opponents paired together (where legal): exactly C3.
``move_bye``        the PAB moved to a board player of the same or lower score, the old PAB
                    player takes their opponent: flagged; absolute, quality or order; C2 if the
                    new PAB player was not entitled to it (and C1/C3 if the new pair breaks them).

Whether a pair is a rematch, whether two players have the same absolute preference, who is a
topscorer and who may not get the PAB is decided here from the tournament history (the player
lines), not by the checker's code.  Candidates that cannot be built in a round are skipped, but
each test asserts a minimum number of mutants, so it cannot pass with none.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable, Iterator

import pytest

from checker.report import RoundReport
from tests.support import CORPUS, FIXTURES, check_as_filed, parse_path, shared_corpus
from pairing.dutch import allocate_colours
from pairing.dutch.players import PairingPlayer, infer_initial_colour, pairing_players
from trf.edit import cut_to_round, with_pairing
from trf.model import Colour, InitialColour, Result, Tournament

KINDS = ("swap_opponents", "swap_colours", "rematch", "pab_banned", "same_absolute", "move_bye")

#: corpus tournaments used: up to this many players (bigger rounds make each check slower)
CORPUS_MAX_PLAYERS = 60
#: the corpus selection is split into this many tests per kind (spread over the xdist workers)
CORPUS_CHUNKS = 3
#: mutants tried per kind and tournament file
PER_FILE_FIXTURES = 8
PER_FILE_CORPUS = 2

#: the least number of mutants each test must build (fixtures: per kind over the 3 files;
#: corpus: per kind and chunk).  Measured counts are well above these.
MIN_FIXTURES = {"swap_opponents": 20, "swap_colours": 20, "rematch": 20, "pab_banned": 12,
                "same_absolute": 12, "move_bye": 12}
MIN_CORPUS = {"swap_opponents": 80, "swap_colours": 80, "rematch": 80, "pab_banned": 40,
              "same_absolute": 40, "move_bye": 40}


# --------------------------------------------------------------------------- files


def _players_in_name(path: Path) -> int:
    return int(path.name.split("-n")[1].split("-")[0])


def fixture_tournaments() -> list[Path]:
    return sorted((FIXTURES / "dutch-2026" / "tournaments").glob("*.trf"))


def corpus_tournaments() -> list[Path]:
    folder = CORPUS / "dutch-2026" / "tournaments"
    return [p for p in sorted(folder.glob("*.trf")) if _players_in_name(p) <= CORPUS_MAX_PLAYERS]


# --------------------------------------------------------------------------- the round before mutation


@dataclass
class RoundCase:
    """Round ``r`` of tournament ``t`` as the engine paired it, and the history before it."""

    path: Path
    t: Tournament
    r: int
    total: int
    cut: Tournament
    boards: list[tuple[int, int]]
    bye: int | None
    pp: dict[int, PairingPlayer]
    initial: Colour
    _memo: dict = field(default_factory=dict)

    # ---- history, read from the player lines (independently of checker/)
    def met(self, x: int, y: int) -> bool:
        return y in self.t.player(x).opponents(through=self.r - 1) or frozenset((x, y)) in self.t.forbidden(self.r)

    def absolute(self, x: int) -> Colour | None:
        """The colour ``x`` must get by Art. 1.7 (absolute preference), else None."""
        cols = self.t.player(x).colour_history(through=self.r - 1)
        cd = sum(1 if c is Colour.WHITE else -1 for c in cols)
        if cd > 1:
            return Colour.BLACK
        if cd < -1:
            return Colour.WHITE
        if len(cols) >= 2 and cols[-1] is cols[-2]:
            return cols[-1].opposite
        return None

    def score(self, x: int) -> Fraction:
        return self.t.score(x, through=self.r - 1) + self.t.acceleration(x, self.r)

    def topscorer(self, x: int) -> bool:
        """Art. 1.8: only in the final round, more than half the maximum score so far."""
        sc = self.t.scoring
        return self.r >= self.total and self.score(x) > Fraction(self.r - 1) * max(sc.win_white, sc.draw_white) / 2

    def pab_banned(self, x: int) -> bool:
        """Art. 2.1.2: had the PAB, a forfeit win or a full-point bye before."""
        for rr in range(1, self.r):
            e = self.t.player(x).entry(rr)
            if e is None:
                continue
            if e.opponent is None and e.code in (Result.PAIRING_ALLOCATED_BYE, Result.FULL_POINT_BYE):
                return True
            if e.opponent is not None and e.code is Result.FORFEIT_WIN:
                return True
        return False

    def breach(self, x: int, y: int) -> set[str]:
        """The absolute criteria the pair x-y breaks (C1 first: a rematch is reported as C1)."""
        if self.met(x, y):
            return {"C1"}
        ax, ay = self.absolute(x), self.absolute(y)
        if ax is not None and ax is ay and not (self.topscorer(x) or self.topscorer(y)):
            return {"C3"}
        return set()

    # ---- building
    def coloured(self, x: int, y: int) -> tuple[int, int]:
        """(white, black) for a new pair x-y by the engine's Art. 5 allocation."""
        a, b = self.pp[x], self.pp[y]
        h, low = (a, b) if (-a.score, a.tpn) < (-b.score, b.tpn) else (b, a)
        w, bl = allocate_colours(h, low, self.initial)
        return w.id, bl.id

    def build(self, boards: list[tuple[int, int]], bye: int | None) -> Tournament:
        return with_pairing(self.cut, self.r, boards, bye)

    def check(self, t: Tournament) -> RoundReport:
        return check_as_filed(t, self.r, total_rounds=self.total)

    def partner(self, x: int) -> tuple[int, int]:
        """(board index, opponent) of a board player."""
        for i, (w, b) in enumerate(self.boards):
            if x == w:
                return i, b
            if x == b:
                return i, w
        raise KeyError(x)

    def replace(self, drop: tuple[int, ...], add: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [bd for i, bd in enumerate(self.boards) if i not in drop] + add


_CASES: dict[tuple[Path, int], RoundCase | None] = {}


def round_case(path: Path, r: int) -> RoundCase | None:
    """The case, or None when the round cannot be rebuilt (a board player not available)."""
    key = (path, r)
    if key not in _CASES:
        t = parse_path(path).tournament
        total = t.total_rounds or t.round_columns
        initial = t.initial_colour or infer_initial_colour(t)
        cut = cut_to_round(t, r)
        if t.initial_colour is None and initial is not None:
            # the corpus files carry no XXC: the checker would read the initial colour from the
            # (mutated) round 1 itself, so state the one the original round 1 implies
            cut = cut.replace_records(cut.records + (InitialColour(initial, "XXC"),))
        boards = [(g.white, g.black) for g in t.games(r)]
        pabs = [b.player for b in t.byes(r) if b.kind is Result.PAIRING_ALLOCATED_BYE]
        pp = {q.id: q for q in pairing_players(cut, r, total_rounds=total)}
        ok = initial is not None and len(pabs) <= 1 and all(x in pp for bd in boards for x in bd)
        _CASES[key] = RoundCase(path, t, r, total, cut, boards, pabs[0] if pabs else None, pp, initial) if ok else None
    return _CASES[key]


# --------------------------------------------------------------------------- mutants


@dataclass
class Mutant:
    kind: str
    case: RoundCase
    what: str
    boards: list[tuple[int, int]]
    bye: int | None
    absolute: set[str]  # exactly the absolute criteria that must be reported
    kinds: frozenset[str]  # the finding kinds allowed
    changed: tuple[tuple[int, int], ...] = ()  # swap_colours: the reversed board

    @property
    def where(self) -> str:
        return f"{self.case.path.name} round {self.case.r}: {self.kind} {self.what}"


FLAGGED = frozenset(("absolute", "quality", "order"))


def _swap_opponents(c: RoundCase, rng: random.Random) -> Mutant | None:
    if len(c.boards) < 2:
        return None
    if rng.random() < 0.5:  # neighbouring boards: usually one bracket, where the subtler criteria decide
        i = rng.randrange(len(c.boards) - 1)
        j = i + 1
    else:
        i, j = rng.sample(range(len(c.boards)), 2)
    (a, b), (x, y) = c.boards[i], c.boards[j]
    pairs = [(a, y), (x, b)] if rng.random() < 0.5 else [(a, x), (b, y)]
    expect = set().union(*(c.breach(p, q) for p, q in pairs))
    return Mutant("swap_opponents", c, f"{c.boards[i]} {c.boards[j]} -> {pairs}",
                  c.replace((i, j), [c.coloured(p, q) for p, q in pairs]), c.bye, expect, FLAGGED)


def _swap_colours(c: RoundCase, rng: random.Random) -> Mutant | None:
    if not c.boards:
        return None
    i = rng.randrange(len(c.boards))
    w, b = c.boards[i]
    return Mutant("swap_colours", c, f"{w}-{b} -> {b}-{w}", c.replace((i,), [(b, w)]), c.bye, set(),
                  frozenset(("colour",)), ((b, w),))


def _board_players(c: RoundCase) -> list[int]:
    return sorted(x for bd in c.boards for x in bd)


def _repair_two(c: RoundCase, rng: random.Random, kind: str, want: str,
                ok: Callable[[int, int], bool]) -> Mutant | None:
    """Pair x-y (on different boards, ``ok(x, y)``) and their opponents together, if that pair is
    legal; the mutant must report exactly ``want``."""
    players = _board_players(c)
    cands = []
    for k, x in enumerate(players):
        for y in players[k + 1:]:
            if not ok(x, y):
                continue
            (i, x2), (j, y2) = c.partner(x), c.partner(y)
            if i == j or c.breach(x2, y2):
                continue
            cands.append((x, y, i, j, x2, y2))
    if not cands:
        return None
    x, y, i, j, x2, y2 = rng.choice(cands)
    return Mutant(kind, c, f"{x}-{y} and {x2}-{y2} instead of {c.boards[i]} {c.boards[j]}",
                  c.replace((i, j), [c.coloured(x, y), c.coloured(x2, y2)]), c.bye, {want}, frozenset(("absolute",)))


def _rematch(c: RoundCase, rng: random.Random) -> Mutant | None:
    return _repair_two(c, rng, "rematch", "C1", c.met)


def _same_absolute(c: RoundCase, rng: random.Random) -> Mutant | None:
    if c.r >= c.total:
        return None

    def ok(x: int, y: int) -> bool:
        return not c.met(x, y) and c.absolute(x) is not None and c.absolute(x) is c.absolute(y)
    return _repair_two(c, rng, "same_absolute", "C3", ok)


def _bye_to(c: RoundCase, rng: random.Random, kind: str, eligible: Callable[[int], bool]) -> Mutant | None:
    """The PAB goes to a board player ``q`` (``eligible(q)``); the old PAB player takes q's opponent."""
    p = c.bye
    if p is None:
        return None
    cands = [q for q in _board_players(c) if eligible(q)]
    if not cands:
        return None
    q = rng.choice(cands)
    i, q2 = c.partner(q)
    expect = ({"C2"} if c.pab_banned(q) else set()) | c.breach(p, q2)
    return Mutant(kind, c, f"PAB {p} -> {q}, {p}-{q2} instead of {c.boards[i]}",
                  c.replace((i,), [c.coloured(p, q2)]), q, expect,
                  frozenset(("absolute",)) if kind == "pab_banned" else FLAGGED)


def _pab_banned(c: RoundCase, rng: random.Random) -> Mutant | None:
    return _bye_to(c, rng, "pab_banned", c.pab_banned)


def _move_bye(c: RoundCase, rng: random.Random) -> Mutant | None:
    p = c.bye
    return _bye_to(c, rng, "move_bye", lambda q: p is not None and c.score(q) <= c.score(p))


MAKERS: dict[str, Callable[[RoundCase, random.Random], Mutant | None]] = {
    "swap_opponents": _swap_opponents, "swap_colours": _swap_colours, "rematch": _rematch,
    "pab_banned": _pab_banned, "same_absolute": _same_absolute, "move_bye": _move_bye,
}


def mutants(kind: str, path: Path, per_file: int) -> Iterator[Mutant]:
    """Up to ``per_file`` mutants of ``kind`` from random rounds of the file (seeded by both)."""
    rng = random.Random(f"{kind}:{path.name}")
    t = parse_path(path).tournament
    rounds = list(range(1, t.rounds_paired + 1))
    made = 0
    for _ in range(4 * per_file):
        if made >= per_file:
            break
        c = round_case(path, rng.choice(rounds))
        if c is None:
            continue
        m = MAKERS[kind](c, rng)
        if m is not None:
            made += 1
            yield m


# --------------------------------------------------------------------------- verdicts


_BASELINE: dict[tuple[Path, int], list[str]] = {}


def baseline_problems(c: RoundCase) -> list[str]:
    """The unaltered round must pass, as the file has it and rebuilt like a mutant."""
    key = (c.path, c.r)
    if key not in _BASELINE:
        out = []
        for label, rep in (("original", check_as_filed(c.t, c.r)),
                           ("rebuilt", c.check(c.build(c.boards, c.bye)))):
            out += [f"{c.path.name} round {c.r} ({label}, unaltered): {f.kind} {f.criterion}: {f.message}"
                    for f in rep.findings]
        _BASELINE[key] = out
    return _BASELINE[key]


def verdict(m: Mutant) -> tuple[list[str], RoundReport]:
    """What is wrong with the checker's report on the mutant (empty: as required)."""
    rep = m.case.check(m.case.build(m.boards, m.bye))
    found = [f"{f.kind} {f.criterion}" for f in rep.findings]
    bad = []
    if rep.ok:
        bad.append("not flagged")
    if any(f.kind not in m.kinds for f in rep.findings):
        bad.append(f"finding kinds outside {sorted(m.kinds)}")
    got_abs = {f.criterion for f in rep.findings if f.kind == "absolute"}
    if got_abs != m.absolute:
        bad.append(f"absolute criteria {sorted(got_abs)}, expected {sorted(m.absolute)}")
    if m.kind == "swap_colours":
        if [(f.kind, f.criterion[:3], f.boards) for f in rep.findings] != [("colour", "5.2", m.changed)]:
            bad.append(f"expected one Art. 5.2 colour finding on board {m.changed}")
    return ([f"{m.where}: {'; '.join(bad)} (found {found})"] if bad else []), rep


@dataclass
class Tally:
    mutants: int = 0
    failures: list[str] = field(default_factory=list)
    criteria: Counter = field(default_factory=Counter)


def run(kind: str, paths: list[Path], per_file: int) -> Tally:
    tally = Tally()
    for path in paths:
        for m in mutants(kind, path, per_file):
            base = baseline_problems(m.case)
            if base:
                tally.failures += [p for p in base if p not in tally.failures]
                continue
            tally.mutants += 1
            bad, rep = verdict(m)
            tally.failures += bad
            tally.criteria.update({f"{f.kind}:{f.criterion}" for f in rep.findings})
    return tally


# --------------------------------------------------------------------------- tests


@pytest.mark.fast
@pytest.mark.parametrize("kind", KINDS)
def test_mutants_of_the_fixture_sample(kind: str) -> None:
    paths = fixture_tournaments()
    assert len(paths) >= 3
    tally = run(kind, paths, PER_FILE_FIXTURES)
    assert tally.failures == []
    assert tally.mutants >= MIN_FIXTURES[kind], tally


@pytest.mark.corpus
@pytest.mark.parametrize("chunk", range(CORPUS_CHUNKS))
@pytest.mark.parametrize("kind", KINDS)
def test_mutants_of_the_corpus(kind: str, chunk: int) -> None:
    shared_corpus()
    paths = corpus_tournaments()[chunk::CORPUS_CHUNKS]
    tally = run(kind, paths, PER_FILE_CORPUS)
    assert tally.failures == []
    assert tally.mutants >= MIN_CORPUS[kind], tally
