"""Why each board of a round after the seeding rounds is paired as it is, by the checker's own
reading of C.04.4.2 (2026): "why do I play him, why with this colour, why did I float, why did I
get the bye?".

Every statement comes from the checker (:mod:`checker.burstein.check` for the verdict and the
brackets of the given round, :mod:`checker.burstein.search` for the alternatives,
:mod:`checker.burstein.colours` for Art. 5.2); nothing asks the pairing engine why.

For a board the closest alternative is the checker's best pairing of the board's bracket with
the two players kept apart (the pair forbidden, the same search as the verdict's): how it
compares with the given bracket (the first of C5-C8 on which it is worse, or, equal on them,
its later place in the order of Art. 4).  That search costs a weighted matching per step, so it
is run for brackets of at most :data:`SEARCHED` players; for a larger bracket the explanation
says what the verdict established (no other pairing of the bracket is better on C5-C8 or comes
earlier in the order of Art. 4).  The sentences take each rule's plain words (``plain``, by the
rule's name) from the system's rules table, the article in brackets after them.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Mapping, Optional

from checker.burstein.check import ARTICLES, brackets_of, check_round, given_round, initial_colour
from checker.burstein.colours import WORDS, white_of
from checker.burstein.search import BracketSearch, TooLarge, complete
from checker.burstein.state import ABSOLUTE, MILD, STRONG, RoundFacts, Seat, facts
from checker.explanation import (Alternative, BoardExplanation, ByeExplanation, FloatReason, RoundExplanation,
                                 points_text, score_text)
from checker.report import EngineCandidate, who
from trf.model import Colour, Tournament

__all__ = ["explain_round", "float_of", "SEARCHED"]

#: The largest bracket whose boards get the searched closest alternative.
SEARCHED = 16


def _art(rule: str) -> str:
    return f"C.04.4.2 Art. {ARTICLES.get(rule, rule)}"


def _said(plain: Mapping[str, str], rule: str) -> str:
    """A rule in plain words with its article in brackets."""
    return f"{plain.get(rule, WORDS.get(rule, rule))} ({_art(rule)})"


def _colour(c: Optional[Colour]) -> str:
    return "White" if c is Colour.WHITE else "Black" if c is Colour.BLACK else "none"


def preference_text(s: Seat) -> str:
    """Art. 1.5 in words: the preference, its strength and the colours that give it."""
    if s.want is None:
        return "no colour preference (no game played yet)"
    played = "".join("W" if c is Colour.WHITE else "B" for c in s.history)
    strength = {ABSOLUTE: "absolute", STRONG: "strong", MILD: "mild"}.get(s.strength, "no")
    return f"{strength} preference for {_colour(s.want)} (colours played {played}; Art. 1.5)"


def _pairs_text(pairs: list[tuple[int, int]], floaters: frozenset[int], names: Mapping[int, str]) -> str:
    shown = ", ".join(f"{who(a, names)} – {who(b, names)}" for a, b in pairs)
    if floaters:
        shown += ("; " if shown else "") + "moving down " + ", ".join(who(x, names) for x in sorted(floaters))
    return shown


def _alternative(f: RoundFacts, k: int, score: Fraction, members: list[int], nxt: list[int], rest: list[int],
                 given_pairs: list[tuple[int, int]], given_floaters: frozenset[int], pair: tuple[int, int],
                 initial: Colour, names: Mapping[int, str], plain: Mapping[str, str]) -> Optional[Alternative]:
    """The checker's best pairing of bracket ``k`` without ``pair``, against the given one."""
    given = BracketSearch(f, members, nxt, rest).value(given_pairs, given_floaters)
    apart = RoundFacts(f.round, f.seats, f.met, f.forbidden | {frozenset(pair)})
    try:
        first = BracketSearch(apart, members, nxt, rest).first()
    except TooLarge:
        return None
    if given is None or first is None:
        return None
    value, pairs, floaters = first
    rule = given.first_difference(value) or "order"
    ranked = sorted(members, key=lambda p: f.seats[p].rank)  # BSN 1, 2, ...

    def order_key(prs: list[tuple[int, int]]) -> tuple[int, ...]:
        # Art. 4: BSN 1's opponent (its BSN, 0 for a floater) as large as possible, then BSN 2's, ...
        opp = {x: ranked.index(y) + 1 for a, b in prs for x, y in ((a, b), (b, a))}
        return tuple(opp.get(p, 0) for p in ranked)

    better = value < given if rule != "order" else order_key(pairs) > order_key(given_pairs)
    mine = {frozenset(x) for x in given_pairs}
    changed = tuple(white_black(f, a, b, initial) for a, b in pairs if frozenset((a, b)) not in mine)
    if rule == "order":
        text = (f"equal on C5-C8, {'earlier' if better else 'later'} in the order of Art. 4 "
                f"({_pairs_text(pairs, floaters, {})})")
        sentence = (f"it is as good on everything else but comes {'earlier' if better else 'later'} in the order "
                    f"the rules fix: {_said(plain, 'order')}")
        shown_given = shown_alt = None
    else:
        shown_given, shown_alt = given.show(rule), value.show(rule)
        text = f"{rule}: {shown_alt} against {shown_given}"
        sentence = (f"{'it does better' if better else 'it does worse'} on the rule that "
                    f"{_said(plain, rule)}: {shown_alt} where this pairing has {shown_given}")
    if floaters - given_floaters:
        sentence += f"; it moves down {', '.join(who(x, names) for x in sorted(floaters - given_floaters))}"
    return Alternative(changed, rule, k, score_text(score), shown_given, shown_alt, better, text,
                       ARTICLES.get(rule, rule), sentence)


def white_black(f: RoundFacts, a: int, b: int, initial: Colour) -> tuple[int, int]:
    """The pair as (White, Black) by the checker's Art. 5.2."""
    white, _ = white_of(f.seats[a], f.seats[b], initial)
    return (a, b) if white == a else (b, a)


def _verdict_alternative(k: int, score: Fraction, plain: Mapping[str, str]) -> Alternative:
    """What the verdict established for a bracket too large to search board by board."""
    text = (f"no other pairing of bracket {k} is better on C5-C8 or comes earlier in the order of Art. 4 "
            "(the checker's search of the bracket)")
    sentence = (f"every other pairing of this score group is worse on the quality rules (C.04.4.2 Art. 2.3) or, "
                f"as good, comes later in the order the rules fix: {_said(plain, 'order')}")
    return Alternative((), "order", k, score_text(score), None, None, False, text, ARTICLES["order"], sentence)


def _floats(f: RoundFacts, w: int, b: int, names: Mapping[int, str], plain: Mapping[str, str]) -> tuple[FloatReason, ...]:
    sw, sb = f.seats[w].score, f.seats[b].score
    if sw == sb:
        return ()
    hi, lo = (w, b) if sw > sb else (b, w)
    hs, ls = f.seats[hi].score, f.seats[lo].score
    down = (f"{who(hi, names)} ({points_text(hs)}) moved down to play {who(lo, names)} ({points_text(ls)}): not "
            f"everybody on {points_text(hs)} could play someone on their own score, and "
            f"{_said(plain, 'C5')}; of those who could move down, {_said(plain, 'C6')}")
    up = (f"{who(lo, names)} ({points_text(ls)}) moved up to play {who(hi, names)} ({points_text(hs)}), who moved "
          f"down from a higher score ({_art('C5')}-{ARTICLES['C6']})")
    return (FloatReason(hi, "down", score_text(hs), score_text(ls), "C5", "moved down: the higher score group could "
                        "not pair everybody (C5, then C6-C7 choose who)", None, ARTICLES["C5"], down),
            FloatReason(lo, "up", score_text(ls), score_text(hs), "C5", "met a player moved down from a higher "
                        "score", None, ARTICLES["C5"], up))


def _bye(f: RoundFacts, pab: int, names: Mapping[int, str], plain: Mapping[str, str]) -> ByeExplanation:
    """Art. 3.1: why the PAB went to ``pab`` (by the checker's order: lowest score, most games
    played, lowest ranked), each step the PAB's player was decided at."""
    s = f.seats[pab]
    rivals = [x for x in f.seats.values() if x.may_have_pab and x.id != pab]
    reasons = [("C2", ARTICLES["C2"], "may receive the PAB (none before, no win without playing)")]
    said = [f"{who(pab, names)} may have the bye: {_said(plain, 'C2')}"]
    same = [x for x in rivals if x.score == s.score]
    reasons.append(("3.1.3", "3.1.3", f"the lowest score of the players who may have it ({score_text(s.score)})"))
    said.append(f"{who(pab, names)} has {points_text(s.score)}: {_said(plain, '3.1.3')}, among those whose bye "
                f"leaves everybody else able to play ({_art('3.1.2')})")
    if same:
        games = [x for x in same if x.games == s.games]
        reasons.append(("3.1.4", "3.1.4", f"of those, the most games played ({s.games})"))
        said.append(f"{who(pab, names)} played {s.games} games: {_said(plain, '3.1.4')}")
        if games:
            reasons.append(("3.1.5", "3.1.5", "of those, the lowest ranked by the Index (Art. 1.8)"))
            said.append(f"{who(pab, names)} is ranked lowest of them: {_said(plain, '3.1.5')}")
    return ByeExplanation(pab, score_text(s.score), 0, tuple(reasons), _next_bye(f, pab, names, plain), tuple(said))


def _next_bye(f: RoundFacts, pab: int, names: Mapping[int, str], plain: Mapping[str, str]) -> Optional[Alternative]:
    """The player the PAB goes to when ``pab`` cannot have it: the next in the checker's order
    of Art. 3.1.3-3.1.5 whose bye leaves everybody else able to play (3.1.2), and the step that
    puts ``pab`` first."""
    def key(x: Seat) -> tuple[Fraction, int, Fraction, Fraction, int]:
        return (x.score, -x.games, x.bh, x.sb, -x.tpn)

    s = f.seats[pab]
    for x in sorted((y for y in f.seats.values() if y.may_have_pab and y.id != pab), key=key):
        if key(x) < key(s) or not complete(f, [q for q in f.seats if q != x.id]):
            continue
        rule = "3.1.3" if x.score != s.score else "3.1.4" if x.games != s.games else "3.1.5"
        shown = {"3.1.3": (points_text(s.score), points_text(x.score), f"has {points_text(x.score)}"),
                 "3.1.4": (f"{s.games} games played", f"{x.games} games played", f"played {x.games} games"),
                 "3.1.5": ("ranked lower", "ranked higher", "is ranked higher")}[rule]
        sentence = f"{who(x.id, names)} comes later: {_said(plain, rule)}; {who(x.id, names)} {shown[2]}"
        return Alternative(((x.id, None),), rule, None, None, shown[0], shown[1], False,
                           f"{rule}: {x.id} after {pab}", rule, sentence)
    return None


def explain_round(t: Tournament, rnd: int, plain: Mapping[str, str], *, engine: Optional[EngineCandidate] = None,
                  total_rounds: Optional[int] = None, rules_reason: str = "") -> RoundExplanation:
    """Round ``rnd`` of ``t`` (after the seeding rounds) explained board by board (module
    docstring); ``plain``: each rule's plain words by its name."""
    report = check_round(t, rnd, engine=engine, total_rounds=total_rounds, rules_reason=rules_reason)
    f = facts(t, rnd)
    boards, pab = given_round(t, rnd)
    names = {p.start_rank: p.name for p in t.players}
    initial = initial_colour(t)
    opponent: dict[int, int] = {}
    for w, b in boards:
        opponent[w], opponent[b] = b, w
    brackets = brackets_of(f, opponent, pab)
    compared = not any(x.kind in ("absolute", "completion") for x in report.findings)
    disputed = {x.bracket for x in report.findings if x.bracket is not None}
    report.sources.append("the checker's search of each bracket (C.04.4.2 Art. 3.2, 4), each board's bracket "
                          "searched again with the pair kept apart")
    notes: list[str] = []
    out: list[BoardExplanation] = []
    for number, (w, b) in enumerate(boards, start=1):
        if w not in f.seats or b not in f.seats:
            continue
        k, (score, members, nxt, rest) = next(((i, x) for i, x in enumerate(brackets, start=1)
                                                if w in x[1] and b in x[1]), (0, (f.seats[w].score, [w, b], [], [])))
        inside = set(members)
        given_pairs = sorted({(p, opponent[p]) if f.seats[p].rank < f.seats[opponent[p]].rank else (opponent[p], p)
                              for p in members if opponent.get(p) in inside})
        given_floaters = frozenset(p for p in members if opponent.get(p) not in inside)
        alt: Optional[Alternative] = None
        if compared and initial is not None and k:
            if len(members) <= SEARCHED:
                alt = _alternative(f, k, score, members, nxt, rest, given_pairs, given_floaters, (w, b), initial,
                                   names, plain)
            elif k not in disputed and report.ok:
                alt = _verdict_alternative(k, score, plain)
        should, rule = white_of(f.seats[w], f.seats[b], initial) if initial is not None else (w, "5.2.1")
        white_name = who(should, names)
        out.append(BoardExplanation(
            number, w, b, score_text(f.seats[w].score), score_text(f.seats[b].score), k, score_text(score),
            tuple(sorted(p for p in members if f.seats[p].score != score)),
            any(f.seats[p].score != score for p in members), _floats(f, w, b, names, plain), rule, WORDS[rule],
            f"by the rule of Art. {rule}", should == w, (preference_text(f.seats[w]), preference_text(f.seats[b])),
            ("", ""), alt, (), f"{white_name} has White: {_said(plain, rule)}."))
    if any(len(m) > SEARCHED for _, m, _, _ in brackets):
        notes.append(f"the closest alternatives are searched board by board in brackets of at most {SEARCHED} "
                     "players; in larger ones the explanation gives the bracket's verdict")
    bye = _bye(f, pab, names, plain) if pab is not None and pab in f.seats else None
    if bye is not None and not report.ok:
        bye = replace(bye, sentences=())
    return RoundExplanation(rnd, report, tuple(out), bye, None, 0, tuple(notes))


def float_of(t: Tournament, pid: int, rnd: int) -> Optional[str]:
    """The float of ``pid`` in round ``rnd``: ``"down"`` when paired with a lower pairing score
    (points before the round plus the round's virtual points), ``"up"`` with a higher one,
    ``None`` otherwise or unpaired."""
    e = t.player(pid).entry(rnd)
    if e is None or e.opponent is None:
        return None

    def score(x: int) -> Fraction:
        return t.score(x, through=rnd - 1) + t.acceleration(x, rnd)

    mine, theirs = score(pid), score(e.opponent)
    return "down" if mine > theirs else "up" if mine < theirs else None
