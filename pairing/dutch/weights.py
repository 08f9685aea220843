"""The criteria as bit fields of one integer edge weight (C.04.3 Art. 2.2-2.4, compared as in
Art. 3.8; for the 2017 edition C.4-C.19, compared as in B.8).

Every pair that satisfies a criterion earns a reward in that criterion's field; higher criteria
sit in higher bits, and each field is wide enough that its sum over any matching cannot carry into
the field above.  Comparing two matchings' total weights is then comparing them criterion by
criterion, which is what Art. 3.8 asks.  "By level" fields hold one sub-field per score level
(``2**offset(score)`` per counted pair or player), so a descending list of scores compares as a
number (C7, C8, C18-C21).

The table :data:`FIELDS` is the layout, most significant first.  Widths are in units of

* ``B``: bits for the size of the largest scoregroup, plus one (count fields);
* ``S``: the sum of the levels' sub-fields (by-level fields);
* ``room``: the ordering room below every criterion, where the generation order of Art. 3.6-4.5
  is written as bonuses (see :mod:`pairing.dutch.stages`).

The 2017 edition has its own table, :data:`FIELDS_2017`, laid out per bracket by
:class:`Layout2017`: its levels are score differences (the PSD of A.8, C.6, C.7, C.16-C.19)
rather than scores.  Each table is named as its text numbers its criteria (C6..C21; C.5..C.19),
and each edition (:mod:`pairing.dutch.editions`) holds its own; the layouts read it from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.dutch.criteria import (colour_difference_ok, no_third_same_colour, preferences_compatible,
                                    strong_preferences_compatible)
from pairing.dutch.players import Float, PairingPlayer


@dataclass(frozen=True)
class Width:
    """A field's width: ``b * B + s * S + bits`` (+ the ordering room when ``room``)."""

    b: int = 0
    s: int = 0
    bits: int = 0
    room: bool = False


@dataclass(frozen=True)
class Field:
    """One weight field: the criterion it rewards, its width, the article, and the number of
    played rounds from which it exists (float criteria need a float history)."""

    name: str
    width: Width
    article: str
    rounds: int = 0


#: The round's weight layout, most significant field first.
FIELDS: tuple[Field, ...] = (
    Field("top", Width(), "2.2.1, 2.1.2, 2.3.1: C4 completion, C2 and C5 through the bye candidates"),
    Field("C6", Width(b=1), "2.4.1: pairs in the bracket"),
    Field("C7", Width(s=1), "2.4.2: their upper members' scores, by level"),
    Field("C8p", Width(b=1), "2.4.3: pairs in the next bracket"),
    Field("C8s", Width(s=1), "2.4.3: their upper members' scores, by level"),
    Field("C9", Width(b=2, bits=1), "2.4.4: the PAB assignee's unplayed games (rank by games played)"),
    Field("C10", Width(b=1), "2.4.5: CD beyond +-2"),
    Field("C11", Width(b=1), "2.4.6: the same colour three times running"),
    Field("C12", Width(b=1), "2.4.7: colour preferences"),
    Field("C13", Width(b=1), "2.4.8: strong colour preferences"),
    Field("C14", Width(b=1), "2.4.9: resident downfloaters who downfloated the round before", rounds=1),
    Field("C15", Width(b=1), "2.4.10: MDP opponents who upfloated the round before", rounds=1),
    Field("C16", Width(b=1), "2.4.11: as C14, two rounds before", rounds=2),
    Field("C17", Width(b=1), "2.4.12: as C15, two rounds before", rounds=2),
    Field("C18", Width(s=1), "2.4.13: scores of repeat downfloaters, by level", rounds=1),
    Field("C19", Width(s=1), "2.4.14: MDP scores against repeat upfloaters, by level", rounds=1),
    Field("C20", Width(s=1), "2.4.15: as C18, two rounds before", rounds=2),
    Field("C21", Width(s=1), "2.4.16: as C19, two rounds before", rounds=2),
    Field("order", Width(room=True), "3.6-4.5: generation order (MDP sets, exchanges, transpositions)"),
)

#: The pre-pass layout (C4 for the whole round, the lowest PAB score C5, and whether the top
#: scoregroup pairs within itself, which starts C9), most significant first.
PREPASS_FIELDS: tuple[Field, ...] = (
    Field("top", Width(), "2.2.1, 2.1.2: complete, the player left over eligible for the PAB"),
    Field("pab", Width(s=1), "2.3.1: the PAB score as low as possible (pairs' scores by level)"),
    Field("top-group", Width(b=1), "2.4.4: pairs inside the top scoregroup"),
)


def bits(n: int) -> int:
    return max(1, n.bit_length())


class Layout:
    """Bit positions of an edition's fields (:data:`FIELDS`) for one round, by score level, and of
    the pre-pass (:data:`PREPASS_FIELDS`).  The 2017 edition lays its brackets out by score
    difference (:class:`Layout2017`): of its round layout only the levels, the pre-pass and the
    ordering room are read."""

    def __init__(self, players: list[PairingPlayer], groups: list[list[int]], rounds_played: int,
                 fields: tuple[Field, ...]) -> None:
        self.B = max(bits(len(g)) for g in groups) + 1
        # level offsets from the lowest score up: each level owns bits(size)+1 bits
        self.offset: dict[Fraction, int] = {}
        total = 0
        for g in reversed(groups):
            self.offset[players[g[0]].score] = total
            total += bits(len(g)) + 1
        self.S = total
        n = len(players)
        # ordering room: generation-order digits (one per S1 player, Art. 4.2) in the low D bits,
        # then MDP locks (Art. 4.4) and the exchange terms (Art. 4.3) above them
        biggest = max(len(g) for g in groups)
        self.D = (2 * biggest + 2) * (bits(n + 2) + 1)  # wider needs fall back to one solve per player
        room = self.D + n + 3 * self.B + bits(n) + 8
        self.shift: dict[str, int] = {}
        pos = 0
        for f in reversed(fields):
            if rounds_played < f.rounds:
                continue
            self.shift[f.name] = pos
            pos += f.width.b * self.B + f.width.s * self.S + f.width.bits + (room if f.width.room else 0)
        self.bits = pos + 4
        self.prepass_shift: dict[str, int] = {}
        pos = 0
        for f in reversed(PREPASS_FIELDS):
            self.prepass_shift[f.name] = pos
            pos += f.width.b * self.B + f.width.s * self.S + f.width.bits

    def has(self, name: str) -> bool:
        return name in self.shift


def prepass_weight(L: Layout, top: int, li: int, lj: int, in_top_group: bool, odd: bool) -> int:
    """Pre-pass edge: completion (``top``), then the PAB score by level (odd fields only: the
    levels of the players paired, so the one left over scores as little as possible), then pairs
    inside the top scoregroup."""
    sh = L.prepass_shift
    pab = (1 << li) + (1 << lj) if odd else 0
    return (top << sh["top"]) + (pab << sh["pab"]) + (1 if in_top_group else 0)


def top_weight(L: Layout, candidate_i: bool, candidate_j: bool) -> int:
    """The completion field of every edge: 1 + the ends that are not bye candidates, so the
    optimum is complete and leaves over (if anyone) a bye candidate (C4, C2, C5)."""
    return (1 + (not candidate_i) + (not candidate_j)) << L.shift["top"]


def next_weight(L: Layout, top: int, li: int) -> int:
    """Lower end in the next scoregroup: C8 look-ahead (Art. 2.4.3), one bracket ahead."""
    sh = L.shift
    return top + (1 << sh["C8p"]) + ((1 << li) << sh["C8s"])


def bracket_weight(L: Layout, a: PairingPlayer, b: PairingPlayer, li: int, lj: int, top: int,
                   resident_a: bool) -> int:
    """Lower end ``b`` a resident of the bracket: every quality criterion C6-C21."""
    sh = L.shift
    li2, lj2 = 1 << li, 1 << lj
    w = top + (1 << sh["C6"]) + (li2 << sh["C7"])
    w += (colour_difference_ok(a, b) << sh["C10"]) + (no_third_same_colour(a, b) << sh["C11"])
    w += (preferences_compatible(a, b) << sh["C12"]) + (strong_preferences_compatible(a, b) << sh["C13"])
    mdp_pair = a.score > b.score
    for back, (cnt_d, cnt_u, sd_d, sd_u) in enumerate((("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21"))):
        if not L.has(cnt_d):
            continue
        fa, fb = a.floats[back], b.floats[back]
        # C14/C16: resident downfloaters who downfloated before (reward pairing them)
        w += ((fb is Float.DOWN) + (fa is Float.DOWN and resident_a)) << sh[cnt_d]
        # C15/C17: MDP opponents who upfloated before
        w += (not (mdp_pair and fb is Float.UP)) << sh[cnt_u]
        # C18/C20: scores of repeat downfloaters, by level
        w += ((lj2 if fb is Float.DOWN else 0) + (li2 if fa is Float.DOWN else 0)) << sh[sd_d]
        # C19/C21: MDP scores against repeat upfloaters, by level
        w += (0 if (mdp_pair and fb is Float.UP) else li2) << sh[sd_u]
    return w


# --------------------------------------------------------------------------- the 2017 edition

#: The 2017 edition's layout (C.04.3 as in force until 31 January 2026, criteria C.1-C.19),
#: most significant first.  A bracket's matching holds the bracket and the next scoregroup only;
#: the completion field exists in the special brackets (the PPB, the CLB and the last bracket,
#: A.9), where everyone still to pair is in the matching; C.7 exists in the others.  By-level
#: fields are by score difference (A.8).
FIELDS_2017: tuple[Field, ...] = (
    Field("top", Width(), "A.9, C.4: complete the round-pairing (PPB, CLB, last bracket); C.2 through the PAB-eligible"),
    Field("C.5", Width(b=1), "C.5: pairs in the bracket"),
    Field("C.6", Width(s=1), "C.6: the PSD, by score difference (A.8)"),
    Field("C.7p", Width(b=1, bits=2), "C.7: pairs in the next bracket (the last one: with an eligible PAB)"),
    Field("C.7s", Width(s=1), "C.7: the PSD in the next bracket: downfloaters paired there, by score difference"),
    Field("C.8", Width(b=1), "C.8: topscorers' CD beyond +-2"),
    Field("C.9", Width(b=1), "C.9: topscorers' same colour three times running"),
    Field("C.10", Width(b=1), "C.10: colour preferences"),
    Field("C.11", Width(b=1), "C.11: strong colour preferences"),
    Field("C.12", Width(b=1), "C.12: the same downfloat as the previous round", rounds=1),
    Field("C.13", Width(b=1), "C.13: the same upfloat as the previous round", rounds=1),
    Field("C.14", Width(b=1), "C.14: the same downfloat as two rounds before", rounds=2),
    Field("C.15", Width(b=1), "C.15: the same upfloat as two rounds before", rounds=2),
    Field("C.16", Width(s=1), "C.16: score differences of C.12's players, by score difference", rounds=1),
    Field("C.17", Width(s=1), "C.17: score differences of C.13's players, by score difference", rounds=1),
    Field("C.18", Width(s=1), "C.18: as C.16, two rounds before", rounds=2),
    Field("C.19", Width(s=1), "C.19: as C.17, two rounds before", rounds=2),
    Field("order", Width(room=True), "B.6-B.7, D.1-D.3: generation order (MDP exchanges, exchanges, transpositions)"),
)


class Layout2017:
    """Bit positions of an edition's fields (:data:`FIELDS_2017`) for one bracket (A.8, B.8).

    ``bracket``: its MDPs and residents; ``window``: the players of its matching (the bracket,
    then the next scoregroup, or everyone still to pair in a special bracket).  The score
    difference of a downfloater is measured from one point below the lowest score of the window,
    as the endorsed engines read A.8's "lowest ranked player of the current bracket"; a pair's is
    the difference of its scores.  Each level holds a count of pairs or players, so its sub-field
    takes bits for the bracket's size; signed fields (C.6, C.16: paired players' values minus
    their pairs' differences) get a spare bit each."""

    def __init__(self, players: list[PairingPlayer], bracket: list[int], window: list[int], residents: list[int],
                 rounds_played: int, fields: tuple[Field, ...]) -> None:
        n = len(window)
        self.B = bits(n) + 3
        self.floor = min(_distinct_scores(players, window)) - 1
        # every score difference of a bracket player above a resident ranked below it: players
        # come in rank order (score descending), so a resident of a lower score is always
        # ranked below, and one of the same score differs by 0, which is always a level
        ups = _distinct_scores(players, bracket)
        downs = _distinct_scores(players, residents)
        values: set[Fraction] = {x - self.floor for x in ups}
        values.update(x - y for x in ups for y in downs if y < x)
        values.add(Fraction(0))
        width = bits(len(bracket)) + 3
        self.offset: dict[Fraction, int] = {}
        total = 0
        for value in sorted(values):
            self.offset[value] = total
            total += width
        self.S = total
        biggest = len(bracket)
        self.D = (2 * biggest + 2) * (bits(n + 2) + 1)
        room = self.D + n + 3 * self.B + bits(n) + 8
        self.shift: dict[str, int] = {}
        pos = 0
        for f in reversed(fields):
            if rounds_played < f.rounds:
                continue
            self.shift[f.name] = pos
            pos += f.width.b * self.B + f.width.s * self.S + f.width.bits + (room if f.width.room else 0)
        self.bits = pos + 4
        # each level as a number, read per player and per pair of scores without Fraction
        # arithmetic (the weights of a bracket read them for every pair of the window)
        ranks = sorted({players[v].score for v in bracket}, reverse=True)
        rank = {s: k for k, s in enumerate(ranks)}
        self.rank: dict[int, int] = {v: rank[players[v].score] for v in bracket}
        self.level: dict[int, int] = {v: self.sd(players[v].score - self.floor) for v in bracket}
        self.pair_level: list[list[int]] = [[self.sd(x - y) if x - y in self.offset else 0 for y in ranks]
                                            for x in ranks]

    def has(self, name: str) -> bool:
        return name in self.shift

    def sd(self, value: Fraction) -> int:
        """``2**offset`` of a score difference's level."""
        return 1 << self.offset[value]


def _distinct_scores(players: list[PairingPlayer], among: list[int]) -> list[Fraction]:
    """The scores of the players ``among``, each value once (players of one scoregroup mostly
    share one Fraction object, so most are told apart without comparing)."""
    by_object = {id(players[v].score): players[v].score for v in among}
    return list(set(by_object.values()))


def weight_2017(L: Layout2017, a: PairingPlayer, b: PairingPlayer, i: int, j: int, in_a: bool, in_b: bool,
                special: bool, final: bool) -> int:
    """The weight of the pair ``a`` above ``b`` (players ``i`` and ``j`` of the round) in a
    bracket's matching (2017 edition).

    ``in_a``/``in_b``: the player is in the bracket (an MDP or a resident) rather than in the next
    scoregroup (or, in a special bracket, among the players below).  ``special``: the PPB, the CLB
    or the last bracket (completion first, no C.7); ``final``: the next scoregroup is the last one,
    whose pairs C.7 counts with the PAB (an eligible player left over, C.2)."""
    sh = L.shift
    w = 0
    if special:
        w += (1 + (not a.bye_eligible) + (not b.bye_eligible)) << sh["top"]
    level_a = L.level[i] if in_a else 0
    level_b = L.level[j] if in_b else 0
    if in_b:
        diff = L.pair_level[L.rank[i]][L.rank[j]]  # the pair's score difference (A.8)
        w += 1 << sh["C.5"]
        w += (level_a + level_b - diff) << sh["C.6"]
    if not special:
        c7 = (1 + (not a.bye_eligible) + (not b.bye_eligible)) if final else (0 if in_b else 1)
        w += c7 << sh["C.7p"]
        w += (level_a + level_b) << sh["C.7s"]
    if not in_b:
        return w
    w += (colour_difference_ok(a, b) << sh["C.8"]) + (no_third_same_colour(a, b) << sh["C.9"])
    w += (preferences_compatible(a, b) << sh["C.10"]) + (strong_preferences_compatible(a, b) << sh["C.11"])
    higher = a.score > b.score  # a pair of different scores: a receives a downfloat, b an upfloat (A.4.b)
    previous, two_before = ("C.12", "C.13", "C.16", "C.17"), ("C.14", "C.15", "C.18", "C.19")
    for back, (cnt_d, cnt_u, sd_d, sd_u) in enumerate((previous, two_before)):
        if not L.has(cnt_d):
            continue
        fa, fb = a.floats[back], b.floats[back]
        # C.12/C.14: reward pairing a player who downfloated then (b; a unless it floats down now)
        w += ((fb is Float.DOWN) + (fa is Float.DOWN and not higher)) << sh[cnt_d]
        # C.13/C.15: b upfloats again
        w += (not (higher and fb is Float.UP)) << sh[cnt_u]
        # C.16/C.18: as C.6 over the players who downfloated then: paired, or a's score difference
        value = level_b if fb is Float.DOWN else 0
        if fa is Float.DOWN:
            value += level_a - (diff if higher else 0)
        w += value << sh[sd_d]
        # C.17/C.19: the score difference of b upfloating again
        w -= (diff if (higher and fb is Float.UP) else 0) << sh[sd_u]
    return w
