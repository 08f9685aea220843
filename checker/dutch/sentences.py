"""The Dutch checker's verdicts as an arbiter reads them aloud to a player.

The checker's own messages (:mod:`checker.dutch.check`, :mod:`checker.dutch.whynot`) speak the
Handbook's and the search's terms: criteria by name, brackets by number, players by start number,
the generation order by bracket sequence numbers.  Each function here says the same verdict
as a sentence an arbiter can read aloud:

* players by name and start number (``Berg, Anna (3)``, :func:`checker.report.who`);
* the deciding rule first, in plain words (the ``plain`` column of the criteria tables,
  :data:`checker.dutch.criteria.TABLE`, :data:`checker.dutch.names_2017.TABLE_2017`, and of the
  colour rules, :data:`checker.dutch.colours.RULES`), then where the Handbook states it, in
  brackets (``C.04.3 Art. 2.4.7 / C12``);
* no term of the engine without a translation: a bracket is "the players on 2 points", a
  downfloater "a player moved down to a lower score", and the generation order of Art. 3.8
  ("the one generated first") is "the order in which the rules try the pairings", its steps
  (Art. 4.2-4.4: which moved-down players are paired, their opponents, the swaps between the
  top and bottom halves of a score group, the order of the bottom half) said with the players'
  names.

The sentence never decides anything: the criterion, the values and the bracket are the
checker's verdict (:class:`checker.dutch.reference.Verdict`), only worded here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping

from checker.dutch.colours import RULES
from checker.dutch.criteria import FLOATS_ON, Bracket, Evaluator, Mate
from checker.dutch.editions import reading
from checker.dutch.names_2017 import COLOUR_2017, unscaled
from checker.dutch.reference import Verdict
from checker.dutch.state import CPlayer, RoundState
from checker.dutch.table import Criterion
from checker.report import cite, who
from trf.model import Colour, Tournament

__all__ = ["ORDER_PLAIN", "HANDBOOK", "names_of", "plain_of", "cited", "amount", "verdict_sentence",
           "breach_sentence", "pab_ban_sentence", "colour_sentence", "order_steps", "points", "cap", "several"]

#: the generation order (Art. 3.8, 2017 B.8) in plain words
ORDER_PLAIN = "when two pairings are equally good by every rule, the rules take the one they try first"

#: the Handbook section the sentences cite
HANDBOOK = "C.04.3"

Names = Mapping[int, str]

_COLOUR_2026 = {v: k for k, v in COLOUR_2017.items()}


def names_of(t: Tournament) -> dict[int, str]:
    """Each player's name by start number, as the file writes it."""
    return {p.start_rank: p.name for p in t.players}


def cap(text: str) -> str:
    """``text`` with its first letter in capitals."""
    return text[:1].upper() + text[1:]


def points(x: Fraction | int) -> str:
    """``1 point``, ``2.5 points``."""
    x = Fraction(x)
    s = str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
    return f"{s} point" if s == "1" else f"{s} points"


def _row(criterion: str, edition: str) -> Criterion | None:
    for r in reading(edition).rows:
        if r.name == criterion:
            return r
    return None


def plain_of(criterion: str, edition: str = "2026") -> str:
    """The plain words of a criterion, a colour rule (``5.2.3``, 2017 ``E.3``) or the generation
    order (``order``), from the tables' ``plain`` column."""
    row = _row(criterion, edition)
    if row is not None and row.plain:
        return row.plain
    rule = _COLOUR_2026.get(criterion, criterion)
    if rule in RULES:
        return RULES[rule].plain
    if criterion == "order":
        return ORDER_PLAIN
    if criterion == "players":
        return "every player not declared absent is paired, each exactly once"
    return criterion


def cited(criterion: str, edition: str = "2026", part: str | None = None) -> str:
    """Where the Handbook states ``criterion`` in ``edition``: ``C.04.3 Art. 2.4.7 / C12``,
    ``C.04.3 C.10 (2017)``, ``C.04.3 Art. 5.2.3``, ``C.04.3 Art. 3.8``; ``part``: for the
    generation order, the article of the step where the two pairings part (``Art. 4.2``)."""
    if criterion == "players":
        return cite(HANDBOOK, "1.1.4")
    rd = reading(edition)
    text = cite(HANDBOOK, rd.article(criterion), criterion)
    if criterion == "order" and part:
        text += f", order of {part}"
    return text


def _plural(counted: str, n: int) -> str:
    return counted.replace("{s}", "" if n == 1 else "s")


def several(n: int, singular: str, plural: str | None = None) -> str:
    """``1 player``, ``2 players``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def _num(x: Any, edition: str) -> str:
    if x == FLOATS_ON:
        return "no opponent (moved on)"
    if edition == "2017" and isinstance(x, int):
        x = unscaled(x)
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def amount(criterion: str, value: Any, edition: str = "2026") -> str:
    """A criterion's value as an arbiter says it (``2 players without the colour they are due``)."""
    row = _row(criterion, edition)
    counted = row.counted if row is not None and row.counted else "{s}"
    if criterion == "C5":  # the PAB's score, round-wide
        return "no bye" if value is None else f"the bye for a player on {points(value)}"
    if value is None:
        return "not applicable"
    if row is not None and row.next_bracket and isinstance(value, tuple):
        n, rest = value
        more = f" ({'score gaps' if edition == '2017' else 'scores'} {', '.join(_num(x, edition) for x in rest)})" \
            if rest else ""
        return f"{n} {_plural(counted, n)}{more}"
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, int):
        return f"{value} {_plural(counted, value)}"
    if isinstance(value, tuple):
        if not value:
            return "no " + counted.split(", with")[0]
        return f"{counted} " + ", ".join(_num(x, edition) for x in value)
    return f"{counted} {_num(value, edition)}"


def _where(ev: Evaluator, k: int | None) -> str:
    if k is None:
        return "in the round"
    return f"among the players on {points(ev.p[ev.groups[k][0]].score)}"


# --------------------------------------------------------------------------- the generation order


def _bsn_names(ev: Evaluator, mate: Mate | None, k: int | None, names: Names | None
               ) -> tuple[Callable[[int], str], Callable[[int], str]]:
    """Who a bracket sequence number of bracket ``k`` of the pairing ``mate`` is: in the whole
    bracket (MDPs first, Art. 1.3), and in its remainder (the residents not paired with an MDP);
    a number alone when the bracket cannot be read."""
    def position(x: int) -> str:
        return f"number {x} of the group"
    if mate is None or k is None:
        return position, position
    try:
        b: Bracket = ev.brackets(mate)[k]
    except (IndexError, KeyError, AssertionError):
        return position, position
    members = list(b.members)
    mdps = set(b.mdps)
    with_mdp = {v for u, v in b.pairs if u in mdps} | {u for u, v in b.pairs if v in mdps}
    remainder = [r for r in b.residents if r not in with_mdp]

    def whole(x: int) -> str:
        return who(members[x - 1], names) if 0 < x <= len(members) else position(x)

    def rest(x: int) -> str:
        return who(remainder[x - 1], names) if 0 < x <= len(remainder) else position(x)
    return whole, rest


def _listed(xs: tuple[int, ...], name: Callable[[int], str]) -> str:
    return ", ".join(name(x) for x in xs) if xs else "nobody"


def order_steps(first: Any, later: Any, edition: str, whole: Callable[[int], str],
                rest: Callable[[int], str]) -> tuple[str, str]:
    """Where two generation keys (:func:`checker.dutch.order.generation_key`) part, in plain words
    with the players named, and the article of that step (``Art. 4.3``; 2017 ``D.2``): the same
    reading as :func:`checker.dutch.check.order_reason`, without bracket sequence numbers."""
    a_mdp, a_tr, a_ex = reading(edition).order_parts
    (s1a, ta, (xa, ra)), (s1b, tb, (xb, rb)) = first, later
    if s1a != s1b:
        return (f"it gives opponents in this score group to the players moved down from a higher score "
                f"{_listed(s1a, whole)}, rather than {_listed(s1b, whole)}"), a_mdp
    if ta != tb:
        i = next(j for j, (p, q) in enumerate(zip(ta, tb)) if p != q)
        return (f"it pairs {whole(s1a[i])}, moved down from a higher score, with {whole(ta[i])} rather than "
                f"{whole(tb[i])}"), a_tr
    name = rest if s1a else whole
    group = "the rest of the group" if s1a else "the group"
    if xa != xb:
        def swap(x: tuple[Any, ...]) -> str:
            _, _, out, into = x
            if not out:
                return "nobody between the halves"
            downs = tuple(-o for o in out)
            return f"{_listed(downs, name)} to the bottom half and {_listed(into, name)} to the top half"
        return (f"the rules try the pairings of {group} top half against bottom half (ranked by score, then "
                f"pairing number), moving players between the halves as little as possible, and this one moves "
                f"{swap(xa)}, rather than {swap(xb)}"), a_ex
    n1 = len(ra)
    _, _, out, into = xa
    gone = {-o for o in out}
    top = [x for x in range(1, n1 + 1) if x not in gone] + sorted(into)
    i = next((j for j, (p, q) in enumerate(zip(ra, rb)) if p != q), 0)
    lead = top[i] if i < len(top) else i + 1
    return (f"with the same players in the top and bottom halves of {group}, the rules try the bottom half's "
            f"players as opponents from the top down, and this one pairs {name(lead)} with {name(ra[i])} rather "
            f"than {name(rb[i])}"), a_tr


# --------------------------------------------------------------------------- verdicts


def verdict_sentence(ev: Evaluator, v: Verdict, names: Names | None, *, mate: Mate | None = None,
                     given_is: str = "a", this: str = "this pairing", other: str = "another pairing") -> str:
    """A verdict of Art. 3.8 between the given pairing (side ``given_is`` of ``v``; ``mate``:
    its pairing, for the names in the generation order) and another, as a sentence: the rule that
    decides in plain words, its article in brackets, then what each pairing has there."""
    edition = ev.state.edition
    g, c = (v.value_a, v.value_b) if given_is == "a" else (v.value_b, v.value_a)
    given_wins = v.winner == given_is
    if v.criterion == "order":
        first_key, later_key = (g, c) if given_wins else (c, g)
        whole, rest = _bsn_names(ev, mate, v.bracket, names)
        step, part = order_steps(first_key, later_key, edition, whole, rest)
        first = this if given_wins else other
        return (f"{cap(ORDER_PLAIN)} ({cited('order', edition, part)}): {first} and "
                f"{other if given_wins else this} are equally good by every rule, and {_where(ev, v.bracket)} "
                f"the rules try {first} first, because {step}")
    gv, cv = amount(v.criterion, g, edition), amount(v.criterion, c, edition)
    better, worse = (this, other) if given_wins else (other, this)
    bv, wv = (gv, cv) if given_wins else (cv, gv)
    return (f"{cap(plain_of(v.criterion, edition))} ({cited(v.criterion, edition)}), and {better} does so better: "
            f"{_where(ev, v.bracket)} it has {bv}, {worse} {wv}")


def _colour(c: Colour | None) -> str:
    return "White" if c is Colour.WHITE else "Black"


def breach_sentence(st: RoundState, a: CPlayer, b: CPlayer, criterion: str, names: Names | None) -> str:
    """Why the pair ``a``-``b`` may not be (an absolute criterion of :func:`checker.dutch.criteria.pair_breach`,
    ``criterion`` its name in the state's edition)."""
    edition = st.edition
    x, y = who(a.id, names), who(b.id, names)
    if b.id in a.met:
        fact = f"{x} and {y} already played each other in round {a.met[b.id]}"
    elif st.forbidden and frozenset((a.id, b.id)) in st.forbidden:
        fact = f"{x} and {y} may not be paired (the file forbids the pair, XXP; the rules treat it as a game played)"
    else:
        col = _colour(a.pref)
        other = "Black" if col == "White" else "White"
        fact = (f"{x} and {y} must both have {col} (each has had {other} at least twice more often than {col}, "
                f"or {other} in both of their last two games)")
    return f"{cap(plain_of(criterion, edition))} ({cited(criterion, edition)}): {fact}"


def pab_ban_sentence(st: RoundState, x: int, ban: str, criterion: str, names: Names | None) -> str:
    """Why ``x`` may not receive the PAB (C2; ``ban``: the state's reason)."""
    fact = ban.replace("received the PAB", "had the pairing-allocated bye")
    return (f"{cap(plain_of(criterion, st.edition))} ({cited(criterion, st.edition)}): {who(x, names)} {fact}, "
            "but received the bye")


def colour_sentence(st: RoundState, white: int, black: int, should: int, rule: str, names: Names | None) -> str:
    """A board whose colours Art. 5.2 gives the other way (``rule``: the rule's name in the state's
    edition; ``should``: who should have White)."""
    other = black if should == white else white
    return (f"{cap(plain_of(rule, st.edition))} ({cited(rule, st.edition)}): on the board "
            f"{who(white, names)} against {who(black, names)}, {who(should, names)} should have White, "
            f"not {who(other, names)}")
