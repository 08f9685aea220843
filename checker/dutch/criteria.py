"""The pairing criteria of C.04.3 (2026) Art. 2 as a table, and their values on a whole
round-pairing.

:data:`TABLE` has one row per criterion, C1-C21 in priority order (:class:`checker.dutch.table.Criterion`):
its name, article, words, kind, and for C5-C21 how a candidate is measured.  A round-pairing is a
*mate* map: player -> opponent, or ``None`` for the PAB.  :class:`Evaluator` cuts it into the
brackets the Dutch process would have worked through (Art. 1.3, 1.9): the top scoregroup, then
each lower scoregroup joined by the players left unpaired above (MDPs).  A pair belongs to the
bracket of its lower-ranked scoregroup; the higher player floated down to meet it.  Each bracket
gets the value of every quality row C6-C21 (Art. 2.4), compared lexicographically (Art. 3.8.1),
after the absolute criteria C1-C4 and the round-wide PAB criterion C5.

:mod:`checker.dutch.reference` compares two pairings with this table in the plainest way; read
it first.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from checker.dutch.colours import allocate
from checker.dutch.names_2017 import describe_2017, show_value_2017
from checker.dutch.state import CPlayer, Flt, Pref, RoundState
from checker.dutch.table import (BracketParts as BracketParts, Criterion as Criterion, Edition as Edition,
                                 Kind as Kind, Mate as Mate, PairSums as PairSums, PairTerms as PairTerms,
                                 PairValues as PairValues,
                                 first_difference as _first_difference)
from trf.model import Colour

# Art. 2.4.13/2.4.15 do not define the score difference of an MDP who floats on; the TEC's
# annotated rules treat it as larger than any paired one.
FLOATS_ON = Fraction(10**6)


# --------------------------------------------------------------------------- measures


def _downfloater_count(ev: Evaluator, b: BracketParts) -> int:
    return len(b.downfloaters)


def _downfloater_scores(ev: Evaluator, b: BracketParts) -> tuple[Fraction, ...]:
    p = ev.p
    return tuple(sorted((p[i].score for i in b.downfloaters), reverse=True))


def _next_bracket(ev: Evaluator, b: BracketParts) -> tuple[int, tuple[Fraction, ...]]:
    """C8 as C6-C7 of the next bracket: its number of downfloaters and their scores."""
    nd = b.next_down
    if nd is None:
        return (0, ())
    p = ev.p
    return (len(nd), tuple(sorted((p[i].score for i in nd), reverse=True)))


def _pab_unplayed(ev: Evaluator, b: BracketParts) -> int | None:
    """C9: only when the PAB assignee is the bracket's only downfloater."""
    return ev.p[b.pab].unplayed if (b.pab is not None and len(b.downfloaters) == 1) else None


def _resident_downfloats(back: int) -> Callable[[Evaluator, BracketParts], int]:
    """C14 (``back`` 0) and C16 (1): resident downfloaters who downfloated one or two rounds before."""
    def measure(ev: Evaluator, b: BracketParts) -> int:
        p, mdps = ev.p, b.mdp_set
        return sum(1 for i in b.downfloaters if i not in mdps and p[i].floats[back] is Flt.DOWN)
    return measure


def _mdp_downfloat_differences(back: int) -> Callable[[Evaluator, BracketParts], tuple[Fraction, ...]]:
    """C18 (``back`` 0) and C20 (1)."""
    def measure(ev: Evaluator, b: BracketParts) -> tuple[Fraction, ...]:
        return ev.mdp_downfloat_differences(b.mdps, b.members, b.opponent, back)
    return measure


def _pab_score(ev: Evaluator, mate: Mate) -> Fraction | None:
    return ev.pab_score(mate)


# --------------------------------------------------------------------------- the table

_Q = Kind.QUALITY

#: C.04.3 (2026) Art. 2, one row per criterion in priority order
TABLE: tuple[Criterion, ...] = (
    Criterion("C1", "2.1.1", "two players may not meet twice", Kind.ABSOLUTE,
              plain="two players may not play each other twice"),
    Criterion("C2", "2.1.2", "no PAB for a player who already had one or scored a win without playing", Kind.ABSOLUTE,
              plain="nobody gets the bye who already had one or already won a point without playing"),
    Criterion("C3", "2.1.3", "two non-topscorers with the same absolute colour preference may not meet", Kind.ABSOLUTE,
              plain="two players who must both have the same colour may not meet, except in the last round when one "
                    "of them has more than half of the possible points"),
    Criterion("C4", "2.2.1", "the players left after each bracket must still be pairable (completion)",
              Kind.COMPLETION, plain="every player must still be able to get an opponent"),
    Criterion("C5", "2.3.1", "minimise the score of the player who receives the PAB", Kind.PAB, _pab_score,
              plain="the bye goes to a player with as low a score as possible", counted="points of the player with the bye"),
    Criterion("C6", "2.4.1", "minimise the number of downfloaters (maximise the pairs in the bracket)", _Q,
              _downfloater_count, downfloaters=True,
              plain="as many players as possible play someone on their own score",
              counted="player{s} moved down to a lower score"),
    Criterion("C7", "2.4.2", "minimise the scores of the downfloaters", _Q, _downfloater_scores, downfloaters=True,
              plain="the players who must move down to a lower score have as low scores as possible",
              counted="players moved down, with scores"),
    Criterion("C8", "2.4.3", "choose the downfloaters so that the next bracket pairs as well as possible (C6-C7 there)",
              _Q, _next_bracket, next_bracket=True, downfloaters=True,
              plain="the players moved down are chosen so that the next score group pairs as well as possible",
              counted="player{s} moved down again from the next score group"),
    Criterion("C9", "2.4.4", "minimise the unplayed games of the player who receives the PAB", _Q, _pab_unplayed,
              optional=True, downfloaters=True,
              plain="the player who gets the bye has as few games not played as possible",
              counted="round{s} not played by the player with the bye"),
    Criterion("C10", "2.4.5", "minimise topscorers or their opponents ending with a colour difference beyond +-2", _Q,
              lambda ev, b: b.sums.colour_diff, lambda t: t.colour_diff,
              plain="in the last round, as few players with more than half of the possible points (or their "
                    "opponents) as possible end up with three or more games more with one colour than the other",
              counted="player{s} with such a colour difference"),
    Criterion("C11", "2.4.6", "minimise topscorers or their opponents getting the same colour three times in a row", _Q,
              lambda ev, b: b.sums.same_three, lambda t: t.same_three,
              plain="in the last round, as few players with more than half of the possible points (or their "
                    "opponents) as possible get the same colour three times in a row",
              counted="player{s} with the same colour three times in a row"),
    Criterion("C12", "2.4.7", "minimise the players who do not get their colour preference", _Q,
              lambda ev, b: b.sums.pref_unmet, lambda t: t.pref_unmet,
              plain="as many players as possible get the colour they are due",
              counted="player{s} without the colour they are due"),
    Criterion("C13", "2.4.8", "minimise the players who do not get their strong colour preference", _Q,
              lambda ev, b: b.sums.strong_unmet, lambda t: t.strong_unmet,
              plain="as many players as possible who strongly need a colour get it",
              counted="player{s} without the colour they strongly need"),
    Criterion("C14", "2.4.9", "minimise resident downfloaters who also downfloated in the previous round", _Q,
              _resident_downfloats(0),
              plain="as few players as possible move down to a lower score in two rounds running",
              counted="player{s} moved down again after moving down in the previous round"),
    Criterion("C15", "2.4.10", "minimise MDP opponents who upfloated in the previous round", _Q,
              lambda ev, b: len(b.sums.upfloat_1), lambda t: t.upfloat_1 is not None,
              plain="as few players as possible play someone with a higher score in two rounds running",
              counted="player{s} playing up again after playing up in the previous round"),
    Criterion("C16", "2.4.11", "minimise resident downfloaters who downfloated two rounds before", _Q,
              _resident_downfloats(1),
              plain="as few players as possible move down to a lower score again after moving down two rounds ago",
              counted="player{s} moved down again after moving down two rounds ago"),
    Criterion("C17", "2.4.12", "minimise MDP opponents who upfloated two rounds before", _Q,
              lambda ev, b: len(b.sums.upfloat_2), lambda t: t.upfloat_2 is not None,
              plain="as few players as possible play someone with a higher score again after doing so two rounds ago",
              counted="player{s} playing up again after playing up two rounds ago"),
    Criterion("C18", "2.4.13", "minimise the score differences of MDPs who downfloated in the previous round", _Q,
              _mdp_downfloat_differences(0),
              plain="a player who moved down in the previous round and moves down again does so by as small a score "
                    "gap as possible",
              counted="players moving down again after moving down in the previous round, with score gaps"),
    Criterion("C19", "2.4.14", "minimise the score differences of MDP opponents who upfloated in the previous round",
              _Q, lambda ev, b: b.sums.upfloat_1, lambda t: t.upfloat_1, listed=True,
              plain="a player who played up in the previous round and plays up again does so by as small a score gap "
                    "as possible",
              counted="players playing up again after playing up in the previous round, with score gaps"),
    Criterion("C20", "2.4.15", "minimise the score differences of MDPs who downfloated two rounds before", _Q,
              _mdp_downfloat_differences(1),
              plain="a player who moved down two rounds ago and moves down again does so by as small a score gap as "
                    "possible",
              counted="players moving down again after moving down two rounds ago, with score gaps"),
    Criterion("C21", "2.4.16", "minimise the score differences of MDP opponents who upfloated two rounds before", _Q,
              lambda ev, b: b.sums.upfloat_2, lambda t: t.upfloat_2, listed=True,
              plain="a player who played up two rounds ago and plays up again does so by as small a score gap as "
                    "possible",
              counted="players playing up again after playing up two rounds ago, with score gaps"),
)

#: the 2026 text: its table; the incremental re-scoring reads only moves that keep a bracket's
#: downfloaters (a change of downfloaters is measured afresh: C8 reads the next bracket)
EDITION = Edition("2026", TABLE, any_downfloaters=False)

#: criterion -> (article, one-line paraphrase)
CRITERIA: dict[str, tuple[str, str]] = EDITION.words()
#: the quality criteria, in priority order
QUALITY: tuple[str, ...] = tuple(r.name for r in EDITION.quality)


def describe(criterion: str) -> str:
    """A criterion in words with its article: 2026 names (``C12``) or 2017 ones (``C.10``)."""
    if criterion not in CRITERIA:
        return describe_2017(criterion)
    art, text = CRITERIA[criterion]
    return f"{criterion} (Art. {art}): {text}"


# --------------------------------------------------------------------------- absolute criteria


def same_absolute(a: CPlayer, b: CPlayer) -> bool:
    return a.strength is Pref.ABSOLUTE and b.strength is Pref.ABSOLUTE and a.pref is b.pref


def pair_breach(state: RoundState, a: CPlayer, b: CPlayer) -> tuple[str, str] | None:
    """The absolute criterion the pair ``a``-``b`` breaks, with the reason, or ``None``."""
    if b.id in a.met:
        return "C1", f"{a.id} and {b.id} already met in round {a.met[b.id]}"
    if state.forbidden and frozenset((a.id, b.id)) in state.forbidden:
        return "C1", f"{a.id}-{b.id} is a forbidden pair (XXP/260; C.04.1 treats it like a previous meeting)"
    if same_absolute(a, b) and not (a.topscorer or b.topscorer):
        col = "White" if a.pref is Colour.WHITE else "Black"
        return "C3", f"{a.id} and {b.id} both have an absolute preference for {col} and neither is a topscorer"
    return None


def may_meet(state: RoundState, a: CPlayer, b: CPlayer) -> bool:
    """Whether :func:`pair_breach` finds nothing: the same three tests, without the reasons (the
    local search asks this of tens of thousands of pairs a round)."""
    if b.id in a.met:
        return False
    if state.forbidden and frozenset((a.id, b.id)) in state.forbidden:
        return False
    return not (a.strength is Pref.ABSOLUTE and b.strength is Pref.ABSOLUTE and a.pref is b.pref
                and not (a.topscorer or b.topscorer))


def compatible(state: RoundState, a: int, b: int) -> bool:
    return may_meet(state, state.players[a], state.players[b])


# --------------------------------------------------------------------------- brackets


@dataclass(frozen=True)
class Bracket:
    """One bracket as a candidate pairs it."""

    index: int
    score: Fraction  # the residents' score
    mdps: tuple[int, ...]  # in rank order
    residents: tuple[int, ...]
    pairs: frozenset[tuple[int, int]]  # (higher-ranked, lower-ranked)
    downfloaters: tuple[int, ...]  # in rank order

    @property
    def members(self) -> tuple[int, ...]:
        return self.mdps + self.residents

    def same_choice(self, other: Bracket) -> bool:
        return self.pairs == other.pairs and self.downfloaters == other.downfloaters


class Evaluator:
    """Brackets and criteria of any complete round-pairing of one :class:`RoundState`, by the
    table of :attr:`rules` (:class:`checker.dutch.criteria_2017.Evaluator2017`: the 2017 one)."""

    #: the C.04.3 text this evaluator reads, as a table
    rules: Edition = EDITION

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.p = state.players
        #: the quality rows, in priority order
        self.quality_rows = self.rules.quality
        self._measures = self.rules.measures
        ranked = state.ranked()
        self.rank = {pl.id: i for i, pl in enumerate(ranked)}
        groups: list[list[int]] = []
        for pl in ranked:
            if groups and self.p[groups[-1][0]].score == pl.score:
                groups[-1].append(pl.id)
            else:
                groups.append([pl.id])
        self.groups = groups
        self.group_of = {i: k for k, g in enumerate(groups) for i in g}
        self._terms: dict[tuple[int, int, bool], PairValues] = {}

    @property
    def edition(self) -> str:
        """The C.04.3 text read: "2026" or "2017"."""
        return self.rules.name

    @property
    def criteria_names(self) -> tuple[str, ...]:
        """The quality criteria, in priority order."""
        return tuple(r.name for r in self.quality_rows)

    # ---- decomposition
    def bracket(self, k: int, mdps: tuple[int, ...], mate: Mate) -> Bracket:
        residents = tuple(self.groups[k])
        members = mdps + residents
        inside = set(members)
        pairs = set()
        down = []
        for u in members:
            v = mate.get(u)
            if v is not None and v in inside:
                if self.rank[u] < self.rank[v]:
                    pairs.add((u, v))
            else:
                down.append(u)
        return Bracket(k, self.p[residents[0]].score, mdps, residents, frozenset(pairs), tuple(down))

    def brackets(self, mate: Mate) -> list[Bracket]:
        out = []
        mdps: tuple[int, ...] = ()
        for k in range(len(self.groups)):
            b = self.bracket(k, mdps, mate)
            out.append(b)
            mdps = b.downfloaters
        return out

    # ---- values
    def pab_score(self, mate: Mate) -> Fraction | None:
        byes = [i for i, m in mate.items() if m is None]
        return self.p[byes[0]].score if byes else None

    def pair_terms(self, u: int, w: int, mdp_pair: bool) -> PairTerms:
        """What the pair ``u``-``w`` adds to its bracket's values (``mdp_pair``: ``u`` is an MDP)."""
        return PairTerms(*self.pair_values(u, w, mdp_pair))

    def pair_values(self, u: int, w: int, mdp_pair: bool) -> PairValues:
        """:meth:`pair_terms` as a plain tuple in the same order, remembered per pair: the fast
        path unpacks it into named locals (a plain tuple unpacks several times faster than a
        named one)."""
        key = (u, w, mdp_pair)
        hit = self._terms.get(key)
        if hit is not None:
            return hit
        p = self.p
        a, c = p[u], p[w]
        colour_diff = same_three = pref_unmet = strong_unmet = 0
        if a.pref is not None and a.pref is c.pref:  # Art. 2.4.7-2.4.8: one of the two misses it
            pref_unmet = 1
            if min(a.strength, c.strength) is Pref.STRONG:
                strong_unmet = 1
        if a.topscorer or c.topscorer:  # Art. 2.4.5-2.4.6
            al = allocate(a, c, self.state.initial_colour)
            for pl in (a, c):
                col = Colour.WHITE if al.white == pl.id else Colour.BLACK
                if abs(pl.cd + (1 if col is Colour.WHITE else -1)) > 2:
                    colour_diff += 1
                if len(pl.colours) >= 2 and pl.colours[-1] is col and pl.colours[-2] is col:
                    same_three += 1
        # Art. 2.4.10/2.4.14, 2.4.12/2.4.16: an MDP's opponent who upfloated one or two rounds before
        up1 = a.score - c.score if (mdp_pair and c.floats[0] is Flt.UP) else None
        up2 = a.score - c.score if (mdp_pair and c.floats[1] is Flt.UP) else None
        out = (colour_diff, same_three, pref_unmet, strong_unmet, up1, up2)
        self._terms[key] = out
        return out

    def pair_sums(self, pairs: Any, mdp_set: set[int] | frozenset[int]) -> PairSums:
        """:meth:`pair_terms` added up over ``pairs`` (higher-ranked player first)."""
        c10 = c11 = c12 = c13 = 0
        up1: list[Fraction] = []
        up2: list[Fraction] = []
        for u, w in pairs:
            colour_diff, same_three, pref_unmet, strong_unmet, upfloat_1, upfloat_2 = self.pair_values(u, w, u in mdp_set)
            c10 += colour_diff
            c11 += same_three
            c12 += pref_unmet
            c13 += strong_unmet
            if upfloat_1 is not None:
                up1.append(upfloat_1)
            if upfloat_2 is not None:
                up2.append(upfloat_2)
        return PairSums(c10, c11, c12, c13, tuple(sorted(up1, reverse=True)), tuple(sorted(up2, reverse=True)))

    def parts(self, b: Bracket, nxt: Bracket | None, mate: Mate, sums: PairSums | None = None) -> BracketParts:
        """Bracket ``b`` of ``mate`` (``nxt``: the next bracket) in the parts the rows read."""
        mdp_set = frozenset(b.mdps)
        if sums is None:
            sums = self.pair_sums(b.pairs, mdp_set)
        d = b.downfloaters
        pab = next((i for i in d if mate.get(i, 0) is None), None)
        return BracketParts(b.index, d, b.mdps, mdp_set, frozenset(b.members),
                            None if nxt is None else nxt.downfloaters, mate.get, pab, sums)

    def values(self, b: Bracket, nxt: Bracket | None, mate: Mate, sums: PairSums | None = None) -> dict[str, Any]:
        """Every quality row's value for bracket ``b`` (smaller is better for every entry)."""
        return self.quality(self.parts(b, nxt, mate, sums))

    def quality(self, b: BracketParts) -> dict[str, Any]:
        """Every quality row's value for a bracket given by its parts: :meth:`values` reads the
        parts off a bracket; the incremental re-scoring (:mod:`checker.dutch.scoring`) off a
        bracket it changes in place."""
        return {name: measure(self, b) for name, measure in self._measures}

    def first_difference(self, va: dict[str, Any], vb: dict[str, Any], same_downfloaters: bool) -> str | None:
        """The first quality row on which two vectors of the same bracket differ
        (:func:`checker.dutch.table.first_difference`)."""
        return _first_difference(self.quality_rows, va, vb, same_downfloaters)

    def mdp_downfloat_differences(self, mdps: tuple[int, ...], members: frozenset[int] | set[int],
                                  opponent: Callable[[int], int | None], back: int) -> tuple[Fraction, ...]:
        """C18 (``back`` 0) or C20 (1): the score differences of the MDPs who downfloated one or
        two rounds before, largest first; an MDP who floats on counts as :data:`FLOATS_ON`."""
        p = self.p
        down = []
        for m in mdps:
            if p[m].floats[back] is Flt.DOWN:
                o = opponent(m)
                down.append(p[m].score - p[o].score if (o is not None and o in members) else FLOATS_ON)
        return tuple(sorted(down, reverse=True))


def first_difference(va: dict[str, Any], vb: dict[str, Any], same_downfloaters: bool) -> str | None:
    """The first 2026 quality criterion on which two vectors of the same bracket differ: C8 looks
    at what the downfloaters allow next, so it cannot tell apart two choices with the same ones;
    C9 applies only when both candidates leave the PAB assignee as the bracket's only downfloater."""
    return _first_difference(EDITION.quality, va, vb, same_downfloaters)


def show_value(criterion: str, value: Any) -> str:
    """A value as an arbiter reads it."""
    if criterion.startswith("C."):
        return show_value_2017(criterion, value)
    def num(x: Fraction) -> str:
        if x == FLOATS_ON:
            return "floats on"
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
    if criterion == "C8":
        n, scores = value
        return f"{n} downfloater(s) next" + (f" (scores {', '.join(num(s) for s in scores)})" if scores else "")
    if isinstance(value, tuple):
        return "[" + ", ".join(num(x) for x in value) + "]"
    if isinstance(value, Fraction):
        return num(value)
    if value is None:
        return "n/a"
    return str(value)
