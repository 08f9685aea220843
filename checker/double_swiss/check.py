"""A round of a Double-Swiss event checked against C.04.5 (2026), the checker's own reading:
each decision of the procedure (Art. 3.3.2) judged against the alternatives the rules rank
higher, the first departure named with its criterion and article.

1. The absolute criteria on the given pairs and PAB: [C1] no second meeting, [C2] no PAB for a
   barred player, every player to be paired paired once.
2. The PAB (Art. 3.4): the players [C2] allows, by lowest score (3.4.2), most matches played
   (3.4.3), largest TPN (3.4.4); the first that leaves the others pairable (3.4.1).
3. Each top-scoregroup in turn: the given upfloaters (the residents' opponents from lower
   scoregroups) against every set of lower players, judged by the rows [C4] (size), [C5] (the
   scores ascending, the highest first), [C6], [C7], then Art. 3.5.4's order; only sets that
   give a legal bracket and a pairable rest ([C3]) compete.  Then the bracket's pairs: the
   least [C8], then the first identifier (Art. 3.6.2-3.6.4).
4. The game-1 colours of every board (Art. 4.3.1-4.3.5).

Steps 1-3 stop at the first finding (later brackets would be made of other players).  The
sets of upfloaters are enumerated by the lowest score they reach, from the top: the pool of a
level is every lower player with at least that score (:data:`SET_LIMIT` sets at most per level;
beyond that the report says so).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Callable, Iterator, Optional, Sequence

from algorithms.cardinality import bits_of, maximum_matching
from algorithms.lexicographic import first_best_pairing
from checker.double_swiss.state import RoundState, given_round, round_state
from checker.report import Finding, RoundReport
from trf.codes import Colour
from trf.model import Tournament

__all__ = ["check_round", "check_pairing", "rules_pairing", "SET_LIMIT", "ARTICLES", "colour_of", "Judged", "SetKey", "SET_ROWS"]

#: sets of upfloaters examined at most for one lowest score (beyond: a note in the report)
SET_LIMIT = 50000
#: brackets up to this size are paired by enumerating every pairing
BRUTE_FORCE = 12

ARTICLES = {"C1": "2.1.1", "C2": "2.1.2", "C3": "2.2.1", "C4": "2.3.1", "C5": "2.3.2", "C6": "2.3.3",
            "C7": "2.3.4", "C8": "2.3.5", "3.4.1": "3.4.1", "3.4.2": "3.4.2", "3.4.3": "3.4.3", "3.4.4": "3.4.4",
            "3.5.4": "3.5.4", "3.6.4": "3.6.2-3.6.4", "4.3.1": "4.3.1", "4.3.2": "4.3.2", "4.3.3": "4.3.3",
            "4.3.4": "4.3.4", "4.3.5": "4.3.5", "players": "3.3.1"}

Pair = tuple[int, int]


def _finding(kind: str, criterion: str, message: str, boards: Sequence[tuple[int, Optional[int]]] = (),
             bracket: Optional[int] = None, given: Optional[str] = None, better: Optional[str] = None) -> Finding:
    return Finding(kind, criterion, message, tuple(boards), bracket, given, better, ARTICLES.get(criterion))


def _show(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


class _Graph:
    """Who may meet whom among the round's players, as bitsets; pairability by maximum matching."""

    def __init__(self, st: RoundState) -> None:
        self.ids = sorted(st.facts)
        self.pos = {p: i for i, p in enumerate(self.ids)}
        self.adj = [0] * len(self.ids)
        for i, a in enumerate(self.ids):
            for j in range(i + 1, len(self.ids)):
                if st.may_meet(a, self.ids[j]):
                    self.adj[i] |= 1 << j
                    self.adj[j] |= 1 << i
        self.memo: dict[int, bool] = {}

    def mask(self, ps: Sequence[int] | frozenset[int] | set[int]) -> int:
        m = 0
        for p in ps:
            m |= 1 << self.pos[p]
        return m

    def pairable(self, ps: Sequence[int] | frozenset[int] | set[int]) -> bool:
        m = self.mask(ps)
        got = self.memo.get(m)
        if got is None:
            if bin(m).count("1") % 2:
                got = False
            else:
                mate = maximum_matching(self.adj, m)
                got = all(mate[v] >= 0 for v in bits_of(m))
            self.memo[m] = got
        return got


# --------------------------------------------------------------------------- the PAB


def pab_order(st: RoundState, p: int) -> tuple[Fraction, int, int]:
    """Art. 3.4.2-3.4.4 as a key (smaller first): the score, the matches played (more first), the TPN (larger first)."""
    f = st.facts[p]
    return (f.score, -f.matches, -p)


def rules_pab(st: RoundState, g: _Graph, players: frozenset[int]) -> Optional[int]:
    for p in sorted((p for p in players if not st.facts[p].barred), key=lambda p: pab_order(st, p)):
        if g.pairable(players - {p}):
            return p
    return None


def _judge_pab(st: RoundState, g: _Graph, players: frozenset[int], given: int) -> Optional[Finding]:
    best = rules_pab(st, g, players)
    if best is None or best == given:
        return None
    if not g.pairable(players - {given}):
        return _finding("pab", "3.4.1", f"the PAB to {given} leaves no legal pairing of the others; the rules give it "
                                         f"to {best}", [(given, None)], given=str(given), better=str(best))
    a, b = pab_order(st, given), pab_order(st, best)
    names = ("3.4.2", "3.4.3", "3.4.4")
    words = ("a lower score", "more matches played", "a larger TPN")
    for i in range(3):
        if a[i] != b[i]:
            return _finding("pab", names[i], f"the PAB goes to {best} ({words[i]}), not {given}", [(given, None)],
                            given=str(given), better=str(best))
    raise AssertionError("two players with one key")  # pragma: no cover


# --------------------------------------------------------------------------- the upfloaters

SetKey = tuple[int, tuple[Fraction, ...], int, int, tuple[int, ...]]
SET_ROWS = ("C4", "C5", "C6", "C7", "3.5.4")


def _in_order(st: RoundState, ps: Sequence[int]) -> tuple[int, ...]:
    """Art. 3.5.3: score descending, then TPN ascending."""
    return tuple(sorted(ps, key=lambda p: (-st.facts[p].score, p)))


def _c6_holds(st: RoundState, g: _Graph, rest: frozenset[int], following: Optional[Fraction]) -> bool:
    """C6 (Art. 2.3.3), parity-minimum reading: the next scoregroup, what is left of it, pairs with
    no upfloater (even) or one (odd) and the rest still pairs; holds when nothing is left of it."""
    if following is None:
        return True
    group = frozenset(p for p in rest if st.facts[p].score == following)
    if not group:
        return True
    if len(group) % 2 == 0:
        return g.pairable(group) and g.pairable(rest - group)
    for u in rest:
        if st.facts[u].score < following and g.pairable(group | {u}) and g.pairable(rest - group - {u}):
            return True
    return False


def set_key(st: RoundState, g: _Graph, residents: frozenset[int], remaining: frozenset[int], ups: Sequence[int]
            ) -> Optional[SetKey]:
    """The rows of a set of upfloaters (smaller is better), ``None`` when the bracket cannot be
    paired legally or the rest cannot ([C3])."""
    bracket = residents | frozenset(ups)
    if not g.pairable(bracket):
        return None
    rest = remaining - bracket
    if not g.pairable(rest):
        return None
    top = st.facts[next(iter(residents))].score
    lower = [st.facts[p].score for p in remaining if st.facts[p].score < top]
    following = max(lower) if lower else None
    scores = tuple(-s for s in sorted(st.facts[p].score for p in ups))
    c7 = 0 if st.last_round else sum(1 for p in ups if st.facts[p].floated)
    return (len(ups), scores, 0 if _c6_holds(st, g, rest, following) else 1, c7, _in_order(st, ups))


def _candidate_sets(st: RoundState, lower: list[int], k: int) -> Iterator[tuple[list[tuple[int, ...]], bool]]:
    """Sets of ``k`` lower players grouped by the lowest score they reach, from the highest: each
    group is every set drawn from the players with at least that score that reaches it (a set of
    an earlier group beats every set of a later one on [C5]).  The flag: the group was cut at
    :data:`SET_LIMIT`."""
    if k == 0:
        yield [()], False
        return
    levels = sorted({st.facts[p].score for p in lower}, reverse=True)
    for lam in levels:
        pool = [p for p in lower if st.facts[p].score >= lam]
        if len(pool) < k:
            continue
        out = []
        cut = False
        for c in combinations(pool, k):
            if min(st.facts[p].score for p in c) != lam:
                continue
            out.append(c)
            if len(out) >= SET_LIMIT:
                cut = True
                break
        yield out, cut


def rules_set(st: RoundState, g: _Graph, residents: frozenset[int], remaining: frozenset[int]
              ) -> tuple[Optional[tuple[tuple[int, ...], SetKey]], bool]:
    """The set of upfloaters the rules choose (Art. 3.5) and its key; the flag: a group was cut."""
    top = st.facts[next(iter(residents))].score
    lower = sorted(p for p in remaining if st.facts[p].score < top)
    cut_any = False
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for group, cut in _candidate_sets(st, lower, k):
            cut_any |= cut
            keyed = [(s, key) for s in group if (key := set_key(st, g, residents, remaining, s)) is not None]
            if keyed:
                return min(keyed, key=lambda x: x[1]), cut_any
    return None, cut_any


# --------------------------------------------------------------------------- the bracket


def c8_of(st: RoundState, score: Fraction, a: int, b: int) -> int:
    """[C8] (Art. 2.3.5): for each upfloater of the pair, whether its opponent floated in the
    previous round; nothing in the last round."""
    if st.last_round:
        return 0
    fa, fb = st.facts[a], st.facts[b]
    return int(fa.score < score and fb.floated) + int(fb.score < score and fa.floated)


def identifier(pairs: Sequence[Pair]) -> tuple[int, ...]:
    """Art. 3.6.2: the top members (the smaller TPN of each pair) ascending, then their opponents."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(x for x, _ in ordered) + tuple(y for _, y in ordered)


def _all_pairings(members: list[int], ok: Callable[[int, int], bool]) -> Iterator[list[Pair]]:
    if not members:
        yield []
        return
    a, rest = members[0], members[1:]
    for i, b in enumerate(rest):
        if ok(a, b):
            for tail in _all_pairings(rest[:i] + rest[i + 1:], ok):
                yield [(a, b)] + tail


def rules_bracket(st: RoundState, members: Sequence[int], score: Fraction,
                  ok: Optional[Callable[[int, int], bool]] = None) -> Optional[tuple[Pair, ...]]:
    """The bracket's pairing by Art. 3.6.4: the least [C8], then the first identifier."""
    allowed = ok or st.may_meet
    ms = sorted(members)
    if len(ms) <= BRUTE_FORCE:
        best: Optional[tuple[tuple[int, tuple[int, ...]], list[Pair]]] = None
        for p in _all_pairings(ms, allowed):
            key = (sum(c8_of(st, score, a, b) for a, b in p), identifier(p))
            if best is None or key < best[0]:
                best = (key, p)
        return None if best is None else tuple(sorted((min(a, b), max(a, b)) for a, b in best[1]))
    got = first_best_pairing(ms, allowed, lambda a, b: (c8_of(st, score, a, b),))
    return None if got is None else tuple(sorted(got))


# --------------------------------------------------------------------------- colours


def colour_of(st: RoundState, a: int, b: int) -> tuple[int, int, str]:
    """The game-1 colours of the pair (Art. 4.3): (White, Black, the step that decides).  The
    higher-ranked player: the higher score, then the smaller TPN (Art. 1.2)."""
    fa, fb = st.facts[a], st.facts[b]
    h, o = (fa, fb) if (-fa.score, a) < (-fb.score, b) else (fb, fa)

    def give(c: Colour, step: str) -> tuple[int, int, str]:
        return (h.tpn, o.tpn, step) if c is Colour.WHITE else (o.tpn, h.tpn, step)

    if not h.colours and not o.colours:
        initial = st.initial or Colour.WHITE
        return give(initial if h.tpn % 2 == 1 else initial.opposite, "4.3.1")
    hw = h.colours.count(Colour.WHITE)
    ow = o.colours.count(Colour.WHITE)
    if hw != ow:
        return give(Colour.WHITE if hw < ow else Colour.BLACK, "4.3.2")
    i = 1
    while i <= min(len(h.colours), len(o.colours)):
        if h.colours[-i] != o.colours[-i]:
            return give(h.colours[-i].opposite, "4.3.3")
        i += 1
    if h.colours:
        return give(h.colours[-1].opposite, "4.3.4")
    return give(o.colours[-1], "4.3.5")


# --------------------------------------------------------------------------- the round


class Judged:
    """The checker's walk through a round: the findings, the brackets as read, the rules' own
    pairing of the brackets walked (``rules_pairs``) and notes."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.brackets: list[dict[str, object]] = []
        self.notes: list[str] = []
        self.colours: list[dict[str, object]] = []


def _walk(st: RoundState, pairs: Sequence[Pair], bye: Optional[int]) -> Judged:
    out = Judged()
    players = frozenset(st.facts)
    partner: dict[int, int] = {}
    boards = {frozenset(p): p for p in pairs}
    for a, b in pairs:
        for x in (a, b):
            if x not in players:
                out.findings.append(_finding("absolute", "players", f"{x} is paired but not to be paired in this round",
                                             [(a, b)]))
                return out
            if x in partner:
                out.findings.append(_finding("absolute", "players", f"{x} is paired twice", [(a, b)]))
                return out
        partner[a], partner[b] = b, a
        if not st.may_meet(a, b):
            out.findings.append(_finding("absolute", "C1", f"{a} and {b} have met already (or may not meet)",
                                         [(a, b)]))
    left_out = sorted(players - set(partner) - ({bye} if bye is not None else set()))
    if left_out:
        out.findings.append(_finding("absolute", "players", "not paired: " + " ".join(map(str, left_out)),
                                     [(p, None) for p in left_out]))
    if bye is not None and (bye not in players or bye in partner):
        out.findings.append(_finding("absolute", "players", f"the PAB to {bye}, who is not free for it", [(bye, None)]))
    if bye is not None and bye in players and st.facts[bye].barred:
        out.findings.append(_finding("absolute", "C2", f"{bye} may not receive the PAB (had one, a full-point bye or a "
                                                       "match won by forfeit)", [(bye, None)]))
    if bye is None and len(players) % 2:
        out.findings.append(_finding("absolute", "players", "an odd number of players and no PAB"))
    if out.findings:
        return out
    g = _Graph(st)
    remaining = players
    if bye is not None:
        f = _judge_pab(st, g, players, bye)
        if f is not None:
            out.findings.append(f)
            return out
        remaining = players - {bye}
    number = 0
    while remaining:
        number += 1
        top = max(st.facts[p].score for p in remaining)
        residents = frozenset(p for p in remaining if st.facts[p].score == top)
        ups = _in_order(st, sorted({partner[p] for p in residents} - residents))
        given_key = set_key(st, g, residents, remaining, ups)
        chosen, cut = rules_set(st, g, residents, remaining)
        if cut:
            out.notes.append(f"bracket {number}: more than {SET_LIMIT} sets of upfloaters of one score; the first "
                             f"{SET_LIMIT} were compared")
        bracket_boards = [boards.get(frozenset((p, partner[p])), (p, partner[p])) for p in sorted(residents)
                          if p < partner[p] or partner[p] not in residents]
        view: dict[str, object] = {"bracket": number, "score": _show(top), "residents": sorted(residents),
                                   "upfloaters": list(ups)}
        out.brackets.append(view)
        if chosen is None:
            out.findings.append(_finding("completion", "C3", f"bracket {number}: no set of upfloaters gives a legal "
                                                              "pairing (Art. 3.3.3)", bracket_boards, number))
            return out
        best_set, best_key = chosen
        if given_key is None:
            out.findings.append(_finding("completion", "C3", f"bracket {number}: the upfloaters {_ids(ups)} leave no "
                                                              f"legal pairing; the rules take {_ids(best_set)}",
                                         bracket_boards, number, _ids(ups), _ids(best_set)))
            return out
        if given_key != best_key:
            i = next(i for i in range(len(SET_ROWS)) if given_key[i] != best_key[i])
            row = SET_ROWS[i]
            out.findings.append(_finding("quality" if row != "3.5.4" else "order", row,
                                         f"bracket {number}: the upfloaters {_ids(ups)} where the rules take "
                                         f"{_ids(best_set)} ({row}: {_set_value(row, given_key)} against "
                                         f"{_set_value(row, best_key)})", bracket_boards, number,
                                         _set_value(row, given_key), _set_value(row, best_key)))
            return out
        members = sorted(residents | set(ups))
        given_pairs = tuple(sorted((min(p, partner[p]), max(p, partner[p])) for p in members if p < partner[p]))
        best_pairs = rules_bracket(st, members, top)
        assert best_pairs is not None, "a set judged legal has a legal pairing"
        gv = (sum(c8_of(st, top, a, b) for a, b in given_pairs), identifier(given_pairs))
        bv = (sum(c8_of(st, top, a, b) for a, b in best_pairs), identifier(best_pairs))
        view["pairs"] = [list(p) for p in given_pairs]
        if gv != bv:
            if gv[0] != bv[0]:
                row, gs, bs = "C8", str(gv[0]), str(bv[0])
            else:
                row, gs, bs = "3.6.4", " ".join(map(str, gv[1])), " ".join(map(str, bv[1]))
            out.findings.append(_finding("quality" if row == "C8" else "order", row,
                                         f"bracket {number}: pairs {_pairs(given_pairs)} where the rules pair "
                                         f"{_pairs(best_pairs)} ({row}: {gs} against {bs})", bracket_boards, number,
                                         gs, bs))
            return out
        remaining = remaining - frozenset(members)
    return out


def _ids(ps: Sequence[int]) -> str:
    return "{" + " ".join(map(str, ps)) + "}" if ps else "{}"


def _pairs(ps: Sequence[Pair]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in ps)


def _set_value(row: str, key: SetKey) -> str:
    if row == "C4":
        return str(key[0])
    if row == "C5":
        return " ".join(_show(-s) for s in key[1]) or "-"
    if row == "C6":
        return "holds" if key[2] == 0 else "fails"
    if row == "C7":
        return str(key[3])
    return " ".join(map(str, key[4]))


def check_pairing(t: Tournament, rnd: int, pairs: Sequence[Pair], bye: Optional[int], *,
                  total_rounds: Optional[int] = None) -> RoundReport:
    """The pairing ``pairs`` ((White, Black) of game 1) and ``bye`` of match round ``rnd`` judged
    against the file's history before it (module docstring)."""
    st = round_state(t, rnd, total_rounds)
    judged = _walk(st, pairs, bye)
    findings = list(judged.findings)
    colours = []
    if not findings:
        for a, b in pairs:
            w, bl, step = colour_of(st, a, b)
            ok = (w, bl) == (a, b)
            colours.append({"white": a, "black": b, "rule": step, "ok": ok, "reasons": []})
            if not ok:
                findings.append(_finding("colour", step, f"{a}-{b}: Art. {step} gives White in game 1 to {w}",
                                         [(a, b)], given=str(a), better=str(w)))
    report = RoundReport(rnd, len(st.facts), tuple(pairs), bye, findings, brackets=judged.brackets,
                         notes=judged.notes, edition="2026", edition_reason="C.04.5 (2026)")
    report.colours = colours
    return report


def check_round(t: Tournament, rnd: int, *, total_rounds: Optional[int] = None) -> RoundReport:
    """Match round ``rnd`` as the file gives it (game 1's column), checked."""
    pairs, bye = given_round(t, rnd)
    return check_pairing(t, rnd, pairs, bye, total_rounds=total_rounds)


def rules_pairing(t: Tournament, rnd: int, *, total_rounds: Optional[int] = None
                  ) -> tuple[tuple[Pair, ...], Optional[int]]:
    """The checker's own pairing of match round ``rnd`` (the brackets as the rules choose them;
    pairs as (White, Black) of game 1): for ``--why-not`` and the tests."""
    st = round_state(t, rnd, total_rounds)
    g = _Graph(st)
    players = frozenset(st.facts)
    bye = rules_pab(st, g, players) if len(players) % 2 else None
    remaining = players - ({bye} if bye is not None else set())
    out: list[Pair] = []
    while remaining:
        top = max(st.facts[p].score for p in remaining)
        residents = frozenset(p for p in remaining if st.facts[p].score == top)
        chosen, _ = rules_set(st, g, residents, remaining)
        if chosen is None:
            raise ValueError("no legal pairing (Art. 3.3.3)")
        members = sorted(residents | set(chosen[0]))
        pairs = rules_bracket(st, members, top)
        assert pairs is not None
        out += [colour_of(st, a, b)[:2] for a, b in pairs]
        remaining = remaining - frozenset(members)
    return tuple(sorted(out, key=lambda p: _board_key(st, *p))), bye


def _board_key(st: RoundState, a: int, b: int) -> tuple[Fraction, Fraction, int]:
    """C.04.2 Art. 3.6: the higher-ranked player's score (higher first), the pair's total, its TPN."""
    fa, fb = st.facts[a], st.facts[b]
    h = a if (-fa.score, a) < (-fb.score, b) else b
    return (-st.facts[h].score, -(fa.score + fb.score), h)
