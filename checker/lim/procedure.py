"""The checker's own derivation of a Lim round (C.04.4.3, 2026), step by step, each step naming
the article that takes it.  The verdict (:mod:`checker.lim.check`), ``--why-not``
(:mod:`checker.lim.whynot`) and the explanations (:mod:`checker.lim.explain`) all read these
steps; nothing here asks the engine.

The procedure as the checker reads the articles:

1. the pairing-allocated bye (Art. 1.1 on C.04.1 Art. 3-4: of the players who may receive it, the
   lowest score, then the lowest rank, i.e. the largest pairing number; in round 1 the lowest
   rating, Art. 7.1), the first whose bye leaves the others compatible opponents;
2. round 1 (Art. 7.2): 1 v n/2+1, ...; the odd-numbered players of the top half get #1's colour,
   drawn by lot (the file's initial colour);
3. later rounds (Art. 2.2): the scoregroups above the Median Scoregroup (score = half the
   rounds played, a win's points each) from the top down, then those below it from the bottom
   up, the Median Scoregroup last and downward;
4. in each scoregroup, its residents and the floaters transferred into it (Art. 2.3): as many
   players float on towards the median as a maximum set of compatible pairs leaves over (2.3.1-
   2.3.3 those with no suitable opponent, 2.3.4 one more to make the number even), chosen one at
   a time: the least disadvantaged type first (3.9: d, c, b, a), a player who did not float in
   the previous round (3.10), one due the colour most of the group is due (3.2.2; in a
   Maxi-tournament only within 100 points, 3.2.3), then by rank (3.2.4: the lowest ranked
   above the median, the highest ranked below it);
5. the incoming floaters are paired first (3.6-3.7: those from the side pairing started at, the
   score furthest from the group first, then the higher ranked), each with the first available
   player of the group (3.8): a down-floater the highest-ranked, an up-floater the lowest-ranked
   (the mirror, as every upward rule mirrors a downward one), one due the other colour when there
   is one (in a Maxi-tournament within 100 points of the first available, 3.8); a floater meets
   another floater only when no player of the group is available (it floated to meet the
   group);
6. the others by scrutiny (Art. 2.4, 4): arranged by pairing number (downward from #1, upward
   from the last), the first is tentatively paired with the first of the bottom half (2.4); its
   opponents are tried in the exchange order of 4.2-4.3 (the bottom half in order, then the top
   half from the bottom up), the first "available" (compatible, Art. 2.1, and leaving the rest
   able to be paired, 4.4) taken, one due the other colour when the same half has one (5.2: an
   exchange for colours does not bring a player of the top half against #1; 5.7 in a
   Maxi-tournament);
7. the Median Scoregroup last (2.6): while it cannot be paired completely, the last pairing
   made next to it is undone ("cracked") and its players join it: on the lower side when more
   floaters came from above than from below, else on the higher side;
8. colours (Art. 5): 5.3 the limits of Art. 2.1, then each the colour due (5.1: equalising, else
   alternating), then the latest round in which their colours differed (5.4), then rank (5.4: in
   and above the Median Scoregroup the higher-ranked player has the colour due, below it the
   lower-ranked one; "rank" is the pairing number, as in 1.1 "the lowest rank in the lowest
   scoregroup", which names the score apart).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Sequence

from checker.lim.state import Graph, RoundFacts, Seat, other
from trf.model import Colour

__all__ = ["Step", "Group", "Derivation", "derive", "colours_of", "DOWN", "UP", "NoLimPairing"]

DOWN, UP = "down", "up"


class NoLimPairing(Exception):
    """No pairing of the round exists by the checker's reading (``article``: the step that fails)."""

    def __init__(self, article: str, message: str) -> None:
        super().__init__(message)
        self.article = article


@dataclass(frozen=True)
class Step:
    """One decision of the procedure.  ``kind``: ``pab``, ``float``, ``pair`` or ``crack``;
    ``article``: the article that takes it; ``players``: the bye's player, the floater, the pair
    (the player placed first, then the opponent); ``group``: the scoregroup's score;
    ``skipped``: for a pair, the opponents tried before in the order and why each was passed over
    (``(id, article)``); ``rivals``: for a float, the players who might have floated instead, with
    the article that kept each in (``(id, article)``)."""

    kind: str
    article: str
    players: tuple[int, ...]
    reason: str
    group: Optional[Fraction] = None
    skipped: tuple[tuple[int, str], ...] = ()
    rivals: tuple[tuple[int, str], ...] = ()


@dataclass
class Group:
    """A scoregroup as the procedure met it: residents and incoming floaters, the floaters it
    passed on, the pairs it made (in order) and those cracked later (Art. 2.6)."""

    score: Fraction
    direction: str
    residents: list[int]
    incoming: list[int]
    floaters: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)
    cracked: list[tuple[int, int]] = field(default_factory=list)
    median: bool = False
    adjacent: list[int] = field(default_factory=list)  # the next group's residents (Art. 3.9)

    @property
    def members(self) -> list[int]:
        return self.incoming + self.residents


@dataclass
class Derivation:
    """The round by the checker's reading: the PAB, the groups in the order paired, the steps in
    order, and the boards (white, black) with the colour article of each."""

    pab: Optional[int]
    groups: list[Group]
    steps: list[Step]
    boards: list[tuple[int, int, str]]

    def pair_set(self) -> set[frozenset[int]]:
        return {frozenset((w, b)) for w, b, _ in self.boards}


def _arranged(f: RoundFacts, ids: Sequence[int], direction: str) -> list[int]:
    """Art. 4.1: by pairing number, from #1 downward, from the last upward."""
    return sorted(ids, key=lambda p: f.seats[p].tpn, reverse=direction == UP)


def _exchange_order(arranged: list[int]) -> list[int]:
    """Art. 2.4, 4.2-4.3: the opponents the first of ``arranged`` tries: the bottom half in order
    (the first of it is the tentative opponent of 2.4), then the top half from the bottom up."""
    half = len(arranged) // 2
    return arranged[half:] + arranged[half - 1:0:-1]


def _suits(a: Seat, b: Seat) -> bool:
    """Art. 5.2: both can have the colour due to them."""
    return a.due is None or b.due is None or a.due is not b.due


def _available(f: RoundFacts, graph: Graph, p: int, q: int) -> str:
    """Why ``q`` cannot be ``p``'s opponent (``""``: they can): 2.1 incompatible, 4.4 the others
    still to pair could not all be paired."""
    if not f.compatible(p, q):
        return "2.1"
    return "" if graph.pairable_without((p, q)) else "4.4"


def _first_available(f: RoundFacts, graph: Graph, p: int, blocks: list[list[int]], band: str = "5.7"
                     ) -> tuple[int, list[tuple[int, str]], bool]:
    """The opponent of ``p``: of the first block of ``blocks`` holding an available opponent (for
    scrutiny the bottom half, then the top half, Art. 4.2; for a floater the whole group, 3.8),
    the first available one due the other colour, else the first available (5.2: an exchange for
    colours stays inside that block, so the top half against the bottom half of 2.4 is kept; a
    Maxi-tournament's colour exchange only within 100 points of the first available, 3.8, 5.7).
    Also the candidates passed over, with why (``band``: the article of the 100 points, 3.8 for a
    floater's opponent, 5.7 for an exchange), and whether colour decided."""
    skipped: list[tuple[int, str]] = []
    for block in blocks:
        first: Optional[int] = None
        passed: list[tuple[int, str]] = []
        for q in block:
            why = _available(f, graph, p, q)
            if why:
                passed.append((q, why))
                continue
            if first is None:
                first = q
            if _suits(f.seats[p], f.seats[q]) and f.within_band(q, first):
                return q, skipped + passed, q != first
            passed.append((q, "5.2" if f.within_band(q, first) else band))
        if first is not None:
            # those tried before the first available, and a colour exchange 5.7 barred
            return first, skipped + [x for x in passed if block.index(x[0]) < block.index(first) or x[1] == band], False
        skipped += passed
    raise NoLimPairing("2.1", f"{p} has no available opponent in its scoregroup")


def _type(f: RoundFacts, p: int, incoming: set[int], adjacent: Sequence[int]) -> str:
    """Art. 3.9: a floater's type by disadvantage: a (floated into this group, no compatible
    opponent in the next), b (floated in, has one), c (resident, none), d (resident, has one)."""
    has = any(f.compatible(p, q) for q in adjacent)
    if p in incoming:
        return "b" if has else "a"
    return "d" if has else "c"


def _majority(f: RoundFacts, ids: Sequence[int]) -> Optional[Colour]:
    w = sum(1 for p in ids if f.seats[p].due is Colour.WHITE)
    b = sum(1 for p in ids if f.seats[p].due is Colour.BLACK)
    return None if w == b else Colour.WHITE if w > b else Colour.BLACK


def floater_key(f: RoundFacts, p: int, staying: Sequence[int], incoming: set[int], adjacent: Sequence[int],
                direction: str) -> tuple[int, bool, bool, int]:
    """The order in which players of a group float (smallest first): type d, c, b, a (3.9),
    not a floater of the previous round (3.10), due the colour most of the group is due (3.2.2,
    within 100 points of the player rank would float in a Maxi-tournament, 3.2.3), then by rank
    (3.2.4: downward the largest pairing number, upward the smallest)."""
    ref = max(staying, key=lambda x: f.seats[x].tpn) if direction == DOWN else \
        min(staying, key=lambda x: f.seats[x].tpn)
    majority = _majority(f, staying)
    equalises = majority is not None and f.seats[p].due is majority and f.within_band(p, ref)
    tpn = f.seats[p].tpn
    return ("dcba".index(_type(f, p, incoming, adjacent)), f.seats[p].floated_last, not equalises,
            -tpn if direction == DOWN else tpn)


#: The article of each component of :func:`floater_key`.
FLOAT_ARTICLES = ("3.9", "3.10", "3.2.2", "3.2.4")


def _forced_article(f: RoundFacts, p: int, members: Sequence[int]) -> str:
    """Art. 2.3.1-2.3.3: why ``p`` has no suitable opponent in the group (``""``: it has one)."""
    others = [q for q in members if q != p]
    if any(f.compatible(p, q) for q in others):
        return ""
    if all(frozenset((p, q)) in f.met for q in others):
        return "2.3.1"
    h = f.seats[p].history
    return "2.3.3" if len(h) >= 2 and h[-1] is h[-2] else "2.3.2"


def _choose_floaters(f: RoundFacts, g: Group, adjacent: Sequence[int], steps: list[Step]) -> list[int]:
    members = g.members
    graph = f.graph(members)
    keep = graph.size()
    incoming = set(g.incoming)
    out: list[int] = []
    # 2.3.1-2.3.3 first: the players with no compatible opponent in the group at all are
    # "identified and transferred" before the group is made even (2.3.4) by the rules of Art. 3
    for p in members:
        forced = _forced_article(f, p, members)
        if forced:
            why = {"2.3.1": "has played every other player of the group",
                   "2.3.2": "already has two more of one colour and no compatible opponent for the other",
                   "2.3.3": "had the same colour twice running and no compatible opponent for the other"}[forced]
            steps.append(Step("float", forced, (p,), why, g.score))
            out.append(p)
    while len(members) - len(out) > 2 * keep:
        staying = [p for p in members if p not in out]
        order = sorted(staying, key=lambda p: floater_key(f, p, staying, incoming, adjacent, g.direction))
        chosen: Optional[int] = None
        rivals: list[tuple[int, str]] = []
        for p in order:
            if graph.size_without(out + [p]) == keep:
                chosen = p
                break
            rivals.append((p, "2.3"))
        assert chosen is not None
        forced = _forced_article(f, chosen, members)
        mine = floater_key(f, chosen, staying, incoming, adjacent, g.direction)
        for q in order:
            if q == chosen or any(q == r for r, _ in rivals):
                continue
            theirs = floater_key(f, q, staying, incoming, adjacent, g.direction)
            art = next((FLOAT_ARTICLES[i] for i in range(4) if mine[i] != theirs[i]), "3.2.4")
            rivals.append((q, art))
        kind = "dcba"[mine[0]]
        if forced:
            why = {"2.3.1": "has played every other player of the group",
                   "2.3.2": "already has two more of one colour and no compatible opponent for the other",
                   "2.3.3": "had the same colour twice running and no compatible opponent for the other"}[forced]
            article = forced
        else:
            why = (f"floats to make the group pairable (type {kind}, Art. 3.9"
                   + (", floated last round" if mine[1] else "")
                   + (", due the colour most of the group is due" if not mine[2] else "") + ")")
            article = "2.3.4" if len(members) - len(out) - 2 * keep == 1 else "2.3"
        steps.append(Step("float", article, (chosen,), why, g.score, rivals=tuple(rivals)))
        out.append(chosen)
    return out


def _incoming_order(f: RoundFacts, g: Group, from_above: Sequence[int], from_below: Sequence[int]) -> list[int]:
    """Art. 3.6-3.7: the floaters from the side the pairing started at first (downward: the
    highest score, then the smallest pairing number; upward the mirror), then (the Median
    Scoregroup only) those from the other side in the mirror order."""
    def down(p: int) -> tuple[Fraction, int]:
        return (-f.seats[p].score, f.seats[p].tpn)

    def up(p: int) -> tuple[Fraction, int]:
        return (f.seats[p].score, -f.seats[p].tpn)

    if g.direction == DOWN:
        return sorted(from_above, key=down) + sorted(from_below, key=up)
    return sorted(from_below, key=up) + sorted(from_above, key=down)


def _pair_group(f: RoundFacts, g: Group, staying: list[int], incoming_order: list[int], steps: list[Step]) -> None:
    remaining = list(staying)
    graph = f.graph(staying)
    for p in incoming_order:
        if p not in remaining:
            continue
        down = f.seats[p].score > g.score
        order = DOWN if down else UP
        residents = _arranged(f, [q for q in remaining if q in g.residents], order)
        floaters = _arranged(f, [q for q in remaining if q != p and q not in g.residents], order)
        q, skipped, by_colour = _first_available(f, graph, p, [residents, floaters], "3.8")
        graph.remove((p, q))
        art = "3.6" if down else "3.7"
        steps.append(Step("pair", "5.2" if by_colour else "3.8", (p, q),
                          f"{p} floated {'down' if down else 'up'} into the group and is paired first (Art. {art}), "
                          f"with the {'highest' if down else 'lowest'}-ranked available player (Art. 3.8)"
                          + (", one due the other colour (Art. 5.2)" if by_colour else ""), g.score, tuple(skipped)))
        g.pairs.append((p, q))
        remaining = [x for x in remaining if x not in (p, q)]
    while remaining:
        arr = _arranged(f, remaining, g.direction)
        p = arr[0]
        cands = _exchange_order(arr)
        half = len(arr) // 2
        q, skipped, by_colour = _first_available(f, graph, p, [cands[:half], cands[half:]])
        graph.remove((p, q))
        # the tentative pair of 2.4; upward it is 4.1 (scrutiny from the last) that makes it
        art = "5.2" if by_colour else ("2.4" if g.direction == DOWN else "4.1") if q == cands[0] else "4.2"
        steps.append(Step("pair", art, (p, q),
                          f"{p} is scrutinised first (Art. 4.1) and meets "
                          + ("the tentative opponent of Art. 2.4" if q == cands[0] and not by_colour else
                             "the first available opponent in the exchange order of Art. 4.2-4.3"
                             + (", due the other colour (Art. 5.2)" if by_colour else "")), g.score, tuple(skipped)))
        g.pairs.append((p, q))
        remaining = [x for x in remaining if x not in (p, q)]


def _pab(f: RoundFacts) -> tuple[Optional[int], list[int]]:
    """Art. 1.1 (later rounds) or 7.1 (round 1) on C.04.1 Art. 3-4: the bye's player and the
    order the candidates were considered in."""
    ids = sorted(f.seats)
    if len(ids) % 2 == 0:
        return None, []
    if f.round == 1:
        order = sorted((p for p in ids if f.seats[p].may_have_pab), key=lambda p: (f.seats[p].rating, -f.seats[p].tpn))
    else:
        order = sorted((p for p in ids if f.seats[p].may_have_pab), key=lambda p: (f.seats[p].score, -f.seats[p].tpn))
    for p in order:
        if f.pairable([q for q in ids if q != p]):
            return p, order
    return (order[0] if order else None), order


def colours_of(f: RoundFacts, a: int, b: int, median_or_above: bool, initial: Colour) -> tuple[int, str]:
    """Art. 5: who of ``a``-``b`` has White, and the rule that decides: ``5.3`` the limits of
    Art. 2.1, each the colour due (5.1: ``5.6`` equalising after unequal colours, ``5.5``
    alternating), ``5.4h`` the latest round their colours differed,
    ``5.4m`` rank (in and above the Median Scoregroup the higher-ranked player has the colour
    due, below it the lower-ranked one; a player with no colour due takes the colour drawn for
    round 1)."""
    x, y = f.seats[a], f.seats[b]
    aw = x.may_receive(Colour.WHITE) and y.may_receive(Colour.BLACK)
    ab = x.may_receive(Colour.BLACK) and y.may_receive(Colour.WHITE)
    if aw != ab:
        return (a if aw else b), "5.3"
    due_rule = "5.6" if x.difference or y.difference else "5.5"
    if x.due is not None and y.due is not None and x.due is not y.due:
        return (a if x.due is Colour.WHITE else b), due_rule
    if (x.due is None) != (y.due is None):
        s = x if x.due is not None else y
        o = b if s is x else a
        return (s.id if s.due is Colour.WHITE else o), "5.6" if s.difference else "5.5"
    for i in range(1, min(len(x.history), len(y.history)) + 1):
        if x.history[-i] is not y.history[-i]:
            return (a if other(x.history[-i]) is Colour.WHITE else b), "5.4h"
    hi, lo = (x, y) if x.tpn < y.tpn else (y, x)
    decides = hi if median_or_above else lo
    c = decides.due if decides.due is not None else initial
    partner = lo if decides is hi else hi
    return (decides.id if c is Colour.WHITE else partner.id), "5.4m"


def _round_one(f: RoundFacts, pab: Optional[int], initial: Colour, steps: list[Step]) -> Derivation:
    ids = sorted((p for p in f.seats if p != pab), key=lambda p: f.seats[p].tpn)
    half = len(ids) // 2
    g = Group(Fraction(0), DOWN, ids, [], median=True)
    boards: list[tuple[int, int, str]] = []
    for i in range(half):
        top, bottom = ids[i], ids[i + half]
        c = initial if i % 2 == 0 else other(initial)
        steps.append(Step("pair", "2.4", (top, bottom), f"round 1: {top} of the top half meets {bottom} of the "
                          "bottom half (Art. 7.2, 2.4)", Fraction(0)))
        g.pairs.append((top, bottom))
        boards.append((top, bottom, "7.2") if c is Colour.WHITE else (bottom, top, "7.2"))
    return Derivation(pab, [g], steps, boards)


def derive(f: RoundFacts, initial: Colour) -> Derivation:
    """The round by the checker's reading (module docstring); raises :class:`NoLimPairing` when
    the procedure finds none."""
    steps: list[Step] = []
    pab, order = _pab(f)
    if pab is not None:
        art = "7.1" if f.round == 1 else "1.1"
        steps.append(Step("pab", art, (pab,), "the lowest-rated player who may have it" if f.round == 1 else
                          "the lowest-ranked player of the lowest scoregroup who may have it",
                          f.seats[pab].score, tuple((p, "C.04.1") for p in order[:order.index(pab)])))
    if f.round == 1:
        return _round_one(f, pab, initial, steps)
    ids = [p for p in f.seats if p != pab]
    if not f.pairable(ids):
        raise NoLimPairing("2.1", "the players cannot all be given compatible opponents")
    by_score: dict[Fraction, list[int]] = {}
    for p in ids:
        by_score.setdefault(f.seats[p].score, []).append(p)
    above = sorted((s for s in by_score if s > f.median), reverse=True)
    below = sorted(s for s in by_score if s < f.median)
    groups: list[Group] = []
    side_pairs: dict[str, list[tuple[tuple[int, int], Group]]] = {DOWN: [], UP: []}
    handed: dict[str, list[int]] = {DOWN: [], UP: []}
    median_residents = sorted(by_score.get(f.median, []), key=lambda p: f.seats[p].tpn)
    for direction, scores in ((DOWN, above), (UP, below)):
        incoming: list[int] = []
        for i, s in enumerate(scores):
            adjacent = by_score[scores[i + 1]] if i + 1 < len(scores) else median_residents
            g = Group(s, direction, sorted(by_score[s], key=lambda p: f.seats[p].tpn), incoming,
                      adjacent=list(adjacent))
            groups.append(g)
            g.floaters = _choose_floaters(f, g, adjacent, steps)
            staying = [p for p in g.members if p not in g.floaters]
            _pair_group(f, g, staying, _incoming_order(f, g, incoming if direction == DOWN else [],
                                                       incoming if direction == UP else []), steps)
            side_pairs[direction] += [(pr, g) for pr in g.pairs]
            incoming = list(g.floaters)
        handed[direction] = incoming
    from_above, from_below = list(handed[DOWN]), list(handed[UP])
    while True:
        members = median_residents + from_above + from_below
        if f.pairable(members):
            break
        crack_lower = (len(from_above) > len(from_below) and side_pairs[UP]) or not side_pairs[DOWN]
        side = UP if crack_lower else DOWN
        if not side_pairs[side]:
            raise NoLimPairing("2.6", "the Median Scoregroup cannot be completed")
        (a, b), g = side_pairs[side].pop()
        g.pairs.remove((a, b))
        g.cracked.append((a, b))
        steps.append(Step("crack", "2.6", (a, b), f"the Median Scoregroup cannot be completed: the pairing {a}-{b} "
                          "made next to it is undone and both join it (Art. 2.6)", g.score))
        (from_below if side == UP else from_above).extend((a, b))
    mg = Group(f.median, DOWN, median_residents, from_above + from_below, median=True)
    groups.append(mg)
    _pair_group(f, mg, mg.members, _incoming_order(f, mg, from_above, from_below), steps)
    boards: list[tuple[int, int, str]] = []
    for g in groups:
        for a, b in g.pairs:
            white, rule = colours_of(f, a, b, g.direction == DOWN, initial)
            boards.append((white, b if white == a else a, rule))
    return Derivation(pab, groups, steps, boards)
