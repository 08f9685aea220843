"""The round: the PAB first (Art. 3.1), then the brackets from the top scoregroup down (Art.
3.2), each made of the scoregroup's residents and the upfloaters chosen for them (Art. 3.2.1-
3.2.2, 4.2), split into White seekers and the others (Art. 3.2.3-3.2.4, 4.3) and paired by the
first transposition (Art. 3.2.5-3.2.6, 4.4).

Approach (the text asks for its pairing, not for a method): the quality criteria C5-C10 of a
bracket's pairing are the fields of one integer edge weight, higher criteria in higher
positions, so that a maximum-weight matching is a pairing best on C5-C10, and every remaining
player being paired (C4) is the field above them.  Each choice the text makes in an order (the
upfloaters of Art. 4.2, the shifters of Art. 4.3, the transposition of Art. 4.4) is then taken
one candidate at a time, first in that order: a candidate is taken when a pairing still best on
C4-C10 admits it (a small reward below the quality fields asks the matching for it), and then
fixed by removing the edges that would undo it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from algorithms.cardinality import exposed, maximum_matching
from algorithms.matching import max_weight_matching
from pairing.dubov.players import Entrant
from pairing.legal import Legal  # C1, C3, C4 (re-exported)
from pairing.result import NoLegalPairing
from trf.model import Colour

__all__ = ["Legal", "choose_pab", "pab_order", "pair_brackets", "middle_out", "upfloater_order"]


def pab_order(p: Entrant) -> tuple[Fraction, int, int]:
    """Art. 3.1.3-3.1.5: the lowest score, then the most games played, then the largest TPN first."""
    return (p.score, -p.played, -p.tpn)


def choose_pab(players: Sequence[Entrant], meet: Legal) -> Entrant:
    """Art. 3.1: the PAB goes to the first player in :func:`pab_order` who may have it (C2, Art.
    3.1.1) and whose absence leaves a complete pairing of the others (C4, Art. 3.1.2)."""
    for p in sorted((q for q in players if q.pab_ok), key=pab_order):
        if meet.completable([q for q in players if q is not p]):
            return p
    raise NoLegalPairing("no player can receive the PAB and leave the others a legal pairing (C.04.4.1 Art. 3.1, "
                         "1.9: the Chief Arbiter decides)", tuple(sorted(q.id for q in players)))


def upfloater_order(p: Entrant) -> tuple[Fraction, int]:
    """Art. 4.2.2: the possible upfloaters by descending score, then ascending TPN."""
    return (-p.score, p.tpn)


def aro_order(p: Entrant) -> tuple[int, int]:
    """Art. 3.2.5, 4.3.2: White seekers by ascending ARO, then ascending TPN."""
    return (p.aro, p.tpn)


def middle_out(n: int) -> list[int]:
    """Art. 4.3.3: the positions of a list of ``n`` in the order their sequence numbers are handed
    out, from the middle outwards, the upper of two middle positions first (A-G: D C E B F A G)."""
    mid = Fraction(n - 1, 2)
    return sorted(range(n), key=lambda i: (abs(i - mid), -i if i <= mid else i))


class _Levels:
    """A lexicographic field: each item's penalty ``base ** level`` (higher levels outweigh any
    number of lower ones), given as a reward ``base ** top - penalty`` so that every weight stays
    non-negative."""

    def __init__(self, levels: dict[int, int], count: int) -> None:
        self.base = count + 1
        self.top = max(levels.values(), default=0) + 1
        self.levels = levels
        self.bound = (count + 1) * self.base ** self.top + 1

    def reward(self, key: int) -> int:
        return int(self.base ** self.top - self.base ** self.levels[key])


class _Bracket:
    """One bracket's matching over ``verts`` (residents first, then the lower players): quality
    weights, removable edges and small rewards (the module docstring)."""

    def __init__(self, residents: list[Entrant], lower: list[Entrant], meet: Legal, last_round: bool,
                 first_round: bool, part: bool = False) -> None:
        self.verts = residents + lower
        self.nres = len(residents)
        n = len(self.verts)
        self.n = n
        pos = {p.id: i for i, p in enumerate(self.verts)}
        self.pos = pos
        # C6: an upfloater's penalty by its score, lower scores weigh more (Art. 2.3.2)
        lscores = sorted({p.score for p in lower}, reverse=True)
        c6_level = {s: i for i, s in enumerate(lscores)}
        c6 = _Levels({i: i for i in range(len(lscores))}, n)
        # C9: a maximum upfloater's penalty by its upfloats, more upfloats weigh more (Art. 2.3.5)
        ups = sorted({p.upfloats for p in lower if p.maximum})
        c9 = _Levels({u: i for i, u in enumerate(ups)}, n)
        quality = not last_round
        bounds = [n + 1, c6.bound, n + 1, n + 1 if quality else 1, c9.bound if quality else 1,
                  n + 1 if quality and not first_round else 1]
        self.step = 8 * n + 8  # the room of the rewards below the quality fields
        scale = [self.step]
        for b in reversed(bounds):
            scale.append(scale[-1] * b)
        scale.reverse()  # scale[0]: completion, [1]: C5, [2]: C6, ... [6]: C10
        w = [[0] * n for _ in range(n)]
        for i in range(n):
            a = self.verts[i]
            row = meet.adj[meet.index[a.id]]
            for j in range(i + 1, n):
                b = self.verts[j]
                if not row >> meet.index[b.id] & 1:
                    continue
                if part and i >= self.nres:
                    continue  # ``part``: only a part of the pool, whose own pairs do not count
                v = scale[0] * (2 if part and j < self.nres else 1)
                if j < self.nres:  # two residents
                    v += scale[1]
                    if a.preference is not b.preference:
                        v += scale[3]
                elif i < self.nres:  # a resident and an upfloater
                    v += scale[2] * c6.reward(c6_level[b.score])
                    if a.preference is not b.preference:
                        v += scale[3]
                    if quality:
                        v += scale[4] * (0 if b.maximum else 1)
                        v += scale[5] * (c9.reward(b.upfloats) if b.maximum else c9.base ** c9.top)
                        if not first_round:
                            v += scale[6] * (0 if b.upfloated_last else 1)
                w[i][j] = w[j][i] = v
        self.w = w
        self.part = part
        self.top = scale[0]
        self.mate: list[int] = []

    def solve(self) -> list[int]:
        self.mate = max_weight_matching(self.w)
        return self.mate

    def quality(self) -> int:
        """The matching in hand's value on C4-C10 (its weight without the rewards)."""
        return sum(self.w[i][j] // self.step for i, j in enumerate(self.mate) if i < j)

    def mate_of(self, p: Entrant) -> int:
        return self.mate[self.pos[p.id]]

    def reward(self, p: Entrant, others: Sequence[Entrant], amounts: Sequence[int]) -> None:
        i = self.pos[p.id]
        for q, x in zip(others, amounts):
            j = self.pos[q.id]
            if self.w[i][j]:
                self.w[i][j] += x
                self.w[j][i] += x

    def cut(self, p: Entrant, others: Sequence[Entrant]) -> None:
        """Remove the edges between ``p`` and ``others``."""
        i = self.pos[p.id]
        for q in others:
            j = self.pos[q.id]
            self.w[i][j] = self.w[j][i] = 0

    def keep_up(self, p: Entrant, residents: Sequence[Entrant], lower: Sequence[Entrant]) -> None:
        """Fix ``p`` as an upfloater: it meets a resident (its edges to the pool go; in a search of
        a part of the pool, whose players may stay over, its edges to the residents count one
        more resident covered, so that a best matching keeps it)."""
        if self.part:
            self.reward(p, residents, [self.top] * len(residents))
        else:
            self.cut(p, lower)

    def ask(self, p: Entrant, group: Sequence[Entrant], wanted: bool) -> None:
        """Re-solve with a reward for ``p`` meeting ``group`` unless it already does (``wanted``)."""
        if wanted:
            return
        self.reward(p, group, [1] * len(group))
        self.solve()
        self.reward(p, group, [-1] * len(group))


def _choose_upfloaters(m: _Bracket, residents: list[Entrant], lower: list[Entrant]) -> list[Entrant]:
    """Art. 3.2.1-3.2.2, 4.2: as many upfloaters as the best pairing needs (C5), the first set in
    the order of Art. 4.2 that a pairing best on C4-C10 admits."""
    res = set(range(m.nres))
    need = sum(1 for i in range(m.nres, m.n) if m.mate[i] in res)
    chosen: list[Entrant] = []
    for p in sorted(lower, key=upfloater_order):
        if len(chosen) == need:
            break
        m.ask(p, residents, m.mate_of(p) in res)
        if m.mate_of(p) in res:
            chosen.append(p)
            m.keep_up(p, residents, lower)
    return chosen


def _upfloaters_from_the_top(residents: list[Entrant], lower: list[Entrant], meet: Legal, last_round: bool,
                             first_round: bool) -> list[Entrant] | None:
    """The upfloaters of Art. 3.2.2 sought among the pool's highest scores only, when that is
    sure to give the same set as the whole pool (else ``None``).

    The search pairs every resident, with the fewest upfloaters, from the players scoring at
    least some level.  Its set is the whole pool's when (a) it has as few upfloaters as the
    residents' own best pairing leaves over (no set has fewer: C5), (b) the players left behind
    still pair (C4): then any set as good on C6 has every score at least as high as this one's
    lowest, so lies among the players searched, and so does the first of them in Art. 4.2 order.
    """
    n = len(residents)
    mask = 0
    for p in residents:
        mask |= 1 << meet.index[p.id]
    mate = maximum_matching(meet.adj, mask) if mask else []
    fewest = len(exposed(mask, mate)) if mask else 0
    scores = sorted({p.score for p in lower}, reverse=True)
    part: list[Entrant] = []
    for s in scores:
        part += [p for p in lower if p.score == s]
        if len(part) >= 2 * fewest + 4 or len(part) >= n:
            break
    if len(part) == len(lower):
        return None
    m = _Bracket(residents, part, meet, last_round, first_round, part=True)
    mate_idx = m.solve()
    if any(mate_idx[i] < 0 for i in range(m.nres)):
        return None
    res = set(range(m.nres))
    need = sum(1 for i in range(m.nres, m.n) if mate_idx[i] in res)
    if need != fewest:
        return None
    chosen = _choose_upfloaters(m, residents, part)
    taken = {p.id for p in chosen}
    if len(chosen) != need or not meet.completable([p for p in lower if p.id not in taken]):
        return None
    return chosen


def _shift(m: _Bracket, src: list[Entrant], dst: list[Entrant]) -> None:
    """Art. 3.2.4, 4.3: move players from ``src`` to ``dst``, as many as the matching pairs
    inside ``src``, the first in the middle-out order of Art. 4.3.3 that a best pairing admits."""
    def inside(p: Entrant) -> bool:
        j = m.mate_of(p)
        return j >= 0 and m.verts[j] in src

    count = sum(1 for p in src if inside(p)) // 2
    order = [src[i] for i in middle_out(len(src))]
    for p in order:
        if count == 0:
            return
        m.ask(p, [q for q in src if q is not p], inside(p))
        if inside(p):
            count -= 1
            m.cut(p, dst)
            src.remove(p)
            dst.append(p)


def pair_bracket(residents: list[Entrant], lower: list[Entrant], meet: Legal, *, last_round: bool
                 ) -> list[tuple[Entrant, Entrant]]:
    """The pairs of the bracket of ``residents`` (the lower players: everyone still unpaired
    below them), each pair (G1 player, G2 player)."""
    everyone = residents + lower
    if meet.completable(residents) and meet.completable(lower):
        ups: list[Entrant] = []  # C5 at its best: no upfloater, no set to choose
    else:
        got = _upfloaters_from_the_top(residents, lower, meet, last_round, _unplayed(everyone))
        if got is not None:
            ups = got
        else:
            m = _Bracket(residents, lower, meet, last_round, first_round=_unplayed(everyone))
            if min(m.solve(), default=0) < 0:
                raise NoLegalPairing("the players left cannot all be paired (C4)",
                                     tuple(sorted(p.id for p in everyone)))
            ups = _choose_upfloaters(m, residents, lower)
    bracket = residents + ups
    # the bracket alone from here (its pairing no longer touches the rest, which C4 keeps pairable)
    b = _Bracket(residents, ups, meet, last_round, first_round=_unplayed(everyone))
    for u in ups:
        b.cut(u, ups)
    if _unplayed(bracket):  # Art. 3.2.3.1: the first half by TPN
        by_tpn = sorted(bracket, key=lambda p: p.tpn)
        g1, g2 = by_tpn[:len(by_tpn) // 2], by_tpn[len(by_tpn) // 2:]
    else:
        g1 = [p for p in bracket if p.preference is Colour.WHITE]
        g2 = [p for p in bracket if p.preference is not Colour.WHITE]
    first_g1, first_g2 = list(g1), list(g2)
    for p in first_g1:  # Art. 3.2.4: G1 meets G2 wherever a best pairing allows
        b.reward(p, first_g2, [2] * len(first_g2))
    b.solve()
    g1.sort(key=aro_order)
    g2.sort(key=lambda p: p.tpn)
    if len(g1) <= len(g2):  # 3.2.4.1: from the smaller subgroup (G1 if equal)
        _shift(b, g1, g2)
    else:
        _shift(b, g2, g1)
    g1.sort(key=aro_order)
    g2.sort(key=lambda p: p.tpn)
    if len(g1) < len(g2):  # 3.2.4.2: equal sizes, from the larger subgroup
        _shift(b, g2, g1)
    elif len(g1) > len(g2):
        _shift(b, g1, g2)
    for p in first_g1:
        b.reward(p, first_g2, [-2] * len(first_g2))
    # Art. 3.2.5-3.2.6, 4.4: S1 by ARO meets the first transposition of G2
    s1 = sorted(g1, key=aro_order)
    t2 = sorted(g2, key=lambda p: p.tpn)
    best = b.quality()  # the best on C4-C10 (the rewards lie below it)
    for p in s1:
        for q in s1:
            b.cut(p, [q])
    quick = _first_legal_transposition(b, s1, t2, best)
    if quick is not None:
        return quick
    pairs: list[tuple[Entrant, Entrant]] = []
    for p in s1:
        b.reward(p, t2, list(range(len(t2), 0, -1)))
        b.solve()
        j = b.mate_of(p)
        if j < 0:
            raise NoLegalPairing("the bracket cannot be paired (C4)", tuple(sorted(q.id for q in bracket)))
        q = b.verts[j]
        pairs.append((p, q))
        b.cut(p, [x for x in b.verts if x is not q])
        b.cut(q, [x for x in b.verts if x is not p])
        t2.remove(q)
    return pairs


def _first_legal_transposition(b: _Bracket, s1: list[Entrant], t2: list[Entrant], best: int
                               ) -> list[tuple[Entrant, Entrant]] | None:
    """Art. 3.2.6 without a matching, when it can be had: each S1 player in turn takes the first
    G2 player still free whom they may meet.  When that pairs everybody and is as good on C5-C10
    as the best pairing (the quality of the matching in hand), no transposition before it is
    (each S1 player got the first partner any complete pairing could give them), so it is T2;
    else ``None`` (the matching decides player by player)."""
    pos = b.pos
    free = list(t2)
    pairs = []
    for p in s1:
        i = pos[p.id]
        q = next((x for x in free if b.w[i][pos[x.id]]), None)
        if q is None:
            return None
        free.remove(q)
        pairs.append((p, q))
    got = sum(b.w[pos[p.id]][pos[q.id]] // b.step for p, q in pairs)
    return pairs if got == best else None


def _unplayed(players: Sequence[Entrant]) -> bool:
    """Nobody has played yet (C10 then says nothing)."""
    return all(not p.colours for p in players)


def pair_brackets(players: Sequence[Entrant], meet: Legal, *, last_round: bool
                  ) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
    """The round's pairs (each as (G1 player, G2 player)) and the PAB: Art. 1.9, the PAB
    first, then the scoregroups top-down."""
    bye = choose_pab(players, meet) if len(players) % 2 else None
    todo = [p for p in players if p is not bye]
    if not meet.completable(todo):
        raise NoLegalPairing("no pairing of all the players satisfies C1-C3 (C.04.4.1 Art. 1.9: the Chief Arbiter "
                             "decides)", tuple(sorted(q.id for q in todo)))
    pairs: list[tuple[Entrant, Entrant]] = []
    while todo:
        top = max(p.score for p in todo)
        residents = sorted((p for p in todo if p.score == top), key=lambda p: p.tpn)
        lower = sorted((p for p in todo if p.score != top), key=upfloater_order)
        got = pair_bracket(residents, lower, meet, last_round=last_round)
        pairs += got
        done = {p.id for pair in got for p in pair}
        todo = [p for p in todo if p.id not in done]
    return pairs, bye
