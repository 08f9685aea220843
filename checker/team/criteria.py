"""The criteria of C.04.6 (2026) as tables of rows, in priority order, each with its article,
its words and how a candidate is measured (smaller is better).

* :data:`ABSOLUTE`: [C1] and [C2] (Art. 2.1), and [C3] (Art. 2.2.1), which the procedure reads
  as "the teams not yet paired can still all be paired legally";
* :data:`PAB_ROWS`: the choice of the pairing-allocated bye (Art. 3.4.1-3.4.4), measured on one
  team;
* :data:`SET_ROWS`: the choice of the upfloaters of a bracket (Art. 3.5: [C4]-[C7], then the
  lexicographic order of Art. 3.5.3-3.5.4), measured on a set of teams;
* :data:`PAIR_ROWS`: the pairing of a bracket (Art. 3.6.4: [C8]-[C10]), measured on each pair and
  added up over the bracket; the identifier order of Art. 3.6.2-3.6.3 decides last
  (:data:`ORDER`).

[C8] and [C9] are counted per pair: Art. 4 grants both preferences of a pair unless both teams
want the same colour (4.3.2, 4.3.3), and under Type B a strong preference over a mild one
(4.3.4), so a pair leaves one team without its preference exactly when both prefer the same
colour, and one team without a strong preference exactly when both prefer it strongly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from checker.team.state import RoundState
from trf.codes import Colour

__all__ = ["Criterion", "SetContext", "ABSOLUTE", "PAB_ROWS", "SET_ROWS", "PAIR_ROWS", "ORDER", "SET_ORDER",
           "ROWS", "row", "upfloater_order", "pair_cost"]


@dataclass(frozen=True)
class SetContext:
    """What the upfloater rows read: the round's state, the top-scoregroup's score and the C6
    verdict of each set (computed by :mod:`checker.team.brackets`)."""

    state: RoundState
    score: Fraction
    c6: Callable[[tuple[int, ...]], int]


def _always(state: RoundState) -> bool:
    return True


@dataclass(frozen=True)
class Criterion:
    """One rule: its ``name`` (``C8``, ``3.4.2``), ``article``, ``words``, ``kind`` (absolute,
    completion, PAB, set, pairing, order), and ``measure`` (``None`` for a rule that forbids
    rather than measures).  PAB rows measure ``(state, tpn)``; set rows ``(ctx, set)``; pair rows
    ``(state, bracket score, a, b)``, a bracket's value being the sum over its pairs.
    ``applies`` says whether the rule is in force in a round (C7, C10: not in the last two; C9:
    Type B only).  ``plain``: the rule in plain words (what an explanation's sentence says before
    the article)."""

    name: str
    article: str
    words: str
    kind: str
    measure: Callable[..., Any] | None = None
    applies: Callable[[RoundState], bool] = field(default=_always)
    counted: str = ""  # what a pair row counts, in words ("teams without their colour preference")
    plain: str = ""  # the rule as an arbiter says it to a team captain, without the Handbook's terms

    @property
    def label(self) -> str:
        """``C8 (Art. 2.3.5)``, or ``Art. 3.6.2-3.6.4`` for a rule named by its article."""
        return f"Art. {self.article}" if self.name[0].isdigit() else f"{self.name} (Art. {self.article})"


# --------------------------------------------------------------------------- measures


def upfloater_order(state: RoundState, members: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Art. 3.5.3: the upfloaters by descending score, then ascending TPN."""
    return tuple(sorted(members, key=lambda t: (-state.score(t), t)))


def _c5(ctx: SetContext, members: tuple[int, ...]) -> tuple[Fraction, ...]:
    """[C5] Art. 2.3.2: the upfloaters' scores in ascending order are maximised (negated here, so
    that smaller is better)."""
    return tuple(-s for s in sorted(ctx.state.score(t) for t in members))


def _c7(ctx: SetContext, members: tuple[int, ...]) -> int:
    """[C7] Art. 2.3.4: upfloaters that were floaters in the previous round."""
    return sum(1 for t in members if ctx.state.teams[t].floated)


def _same_preference(state: RoundState, a: int, b: int) -> int:
    """[C8] Art. 2.3.5: both teams prefer the same colour (one of them will not get it)."""
    pa, pb = state.teams[a].preference, state.teams[b].preference
    return int(pa is not Colour.NONE and pa is pb)


def _c8(state: RoundState, score: Fraction, a: int, b: int) -> int:
    return _same_preference(state, a, b)


def _c9(state: RoundState, score: Fraction, a: int, b: int) -> int:
    """[C9] Art. 2.3.6: both teams prefer the same colour strongly (Type B)."""
    return int(_same_preference(state, a, b) == 1 and state.teams[a].strong and state.teams[b].strong)


def _c10(state: RoundState, score: Fraction, a: int, b: int) -> int:
    """[C10] Art. 2.3.7: each upfloater of the pair (score below the bracket's) whose opponent was
    a floater in the previous round."""
    t = state.teams
    return sum(1 for x, y in ((a, b), (b, a)) if t[x].score < score and t[y].floated)


def _not_last_two(state: RoundState) -> bool:
    return not state.last_two


def _type_b(state: RoundState) -> bool:
    return state.preference_type == "B"


# --------------------------------------------------------------------------- the tables

#: Art. 2.1-2.2: what no pairing may break
ABSOLUTE: tuple[Criterion, ...] = (
    Criterion("C1", "2.1.1", "two teams shall not play against each other more than once", "absolute",
              plain="two teams may not play each other twice"),
    Criterion("C2", "2.1.2", "a team that already received the PAB, won a match by forfeit or was given a "
                             "full-point bye shall not receive the PAB", "absolute",
              plain="no team gets the bye that already had one, won a match by forfeit or had a full-point bye"),
    Criterion("C3", "2.2.1", "a legal pairing must always remain possible for the teams not yet paired",
              "completion",
              plain="every team must still be able to get an opponent"),
)

#: Art. 3.4: the PAB goes to the team that, in this priority, ...
PAB_ROWS: tuple[Criterion, ...] = (
    Criterion("3.4.1", "3.4.1", "leaves a legal pairing for all the other teams", "PAB",
              plain="the bye must leave every other team able to get an opponent"),
    Criterion("3.4.2", "3.4.2", "has the lowest score", "PAB", lambda st, t: st.score(t),
              plain="the bye goes to the team with the lowest score"),
    Criterion("3.4.3", "3.4.3", "has played the most matches", "PAB", lambda st, t: -st.teams[t].played,
              plain="then to the team that has played the most matches"),
    Criterion("3.4.4", "3.4.4", "has the largest TPN", "PAB", lambda st, t: -t,
              plain="then to the team with the highest pairing number"),
)

#: Art. 3.5: the set of upfloaters joining the top-scoregroup, in this priority
SET_ROWS: tuple[Criterion, ...] = (
    Criterion("C4", "2.3.1", "minimise the number of upfloaters", "set", lambda ctx, m: len(m),
              plain="as few teams as possible play a team with a higher score"),
    Criterion("C5", "2.3.2", "maximise the upfloaters' scores, taken in ascending order", "set", _c5,
              plain="the teams that must play up have scores as high as possible"),
    Criterion("C6", "2.3.3", "leave the next scoregroup pairable in its own bracket (C1, C3, C4), unless it "
                             "was emptied by upfloating", "set", lambda ctx, m: ctx.c6(m),
              plain="the next score group can still be paired among itself, unless it is emptied"),
    Criterion("C7", "2.3.4", "minimise the upfloaters that were floaters in the previous round", "set", _c7,
              _not_last_two,
              plain="as few teams as possible play up two rounds running (not in the last two rounds)"),
)

#: Art. 3.5.3-3.5.4: sets equal on every row come in lexicographic order of their upfloaters
SET_ORDER = Criterion("3.5.4", "3.5.3-3.5.4", "the first set in lexicographic order (upfloaters by descending "
                                        "score, then ascending TPN)", "order",
                      lambda ctx, m: upfloater_order(ctx.state, m),
                      plain="of equally good choices of teams playing up, the rules take the first in their fixed "
                            "order (higher score first, then lower pairing number)")

#: Art. 3.6.4: the bracket's pairing, in this priority, summed over its pairs
PAIR_ROWS: tuple[Criterion, ...] = (
    Criterion("C8", "2.3.5", "minimise the teams that do not get their colour preference", "pairing", _c8,
              counted="team(s) without their colour preference",
              plain="as many teams as possible get the colour they are due"),
    Criterion("C9", "2.3.6", "minimise the teams that do not get their strong colour preference (Type B)",
              "pairing", _c9, _type_b,
              "team(s) without their strong colour preference",
              plain="as many teams as possible that strongly need a colour get it (Type B)"),
    Criterion("C10", "2.3.7", "minimise the upfloaters whose opponent was a floater in the previous round",
              "pairing", _c10, _not_last_two,
              "upfloater(s) meeting a team that floated in the previous round",
              plain="as few teams as possible meet a team that played up in the previous round, when playing up "
                    "themselves (not in the last two rounds)"),
)

#: Art. 3.6.2-3.6.4: pairings equal on every row come in lexicographic order of their identifiers
ORDER = Criterion("3.6.4", "3.6.2-3.6.4", "the first pairing in lexicographic order of its identifier (top "
                                        "members' TPNs ascending, then their opponents)", "order",
                  plain="of equally good pairings of a score group, the rules take the first in their fixed order "
                        "(by pairing numbers, top teams first)")

ROWS: tuple[Criterion, ...] = ABSOLUTE + PAB_ROWS + SET_ROWS + (SET_ORDER,) + PAIR_ROWS + (ORDER,)


def row(name: str) -> Criterion:
    """The row called ``name``."""
    for r in ROWS:
        if r.name == name:
            return r
    raise KeyError(name)


def pair_cost(state: RoundState, score: Fraction, a: int, b: int,
              rows: tuple[Criterion, ...]) -> tuple[int, ...]:
    """What the pair a-b adds to each of ``rows`` (the pair rows in force)."""
    return tuple(r.measure(state, score, a, b) for r in rows if r.measure is not None)
