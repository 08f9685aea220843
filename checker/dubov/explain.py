"""Why each board of a round is paired as it is, by the checker's own reading of C.04.4.1 (2026):
"why do I play him, why with this colour, why did I move up, why did I get the bye?".

Every statement comes from the checker (:mod:`checker.dubov.check` for the verdict and the
brackets of the given round, :mod:`checker.dubov.search` for the upfloater sets, the split and
the alternatives, :mod:`checker.dubov.colours` for Art. 5.2); nothing asks the pairing engine why.

For each board: its bracket (the residents of one score and the upfloaters from lower scores,
Art. 1.3.2), the split into White seekers (G1) and the others (G2, Art. 3.2.3) with the players
moved between them (Art. 3.2.4, 4.3), where the two players stand in it (S1 by ascending ARO
meeting the first transposition of G2, Art. 3.2.5-3.2.6, 4.4); for an upfloater, why the
bracket needed upfloaters (C5) and why this set: the first of C6-C10 on which the next-best set
of as many upfloaters does worse, or, equal on all, the order of Art. 4.2; the colour rule of
Art. 5.2.  The closest alternative of a board is the checker's best pairing of its bracket with
the two players kept apart (the verdict's own search), for brackets of at most :data:`SEARCHED`
players; a larger bracket gets what the verdict established.  The sentences take each rule's
plain words (``plain``, by the rule's name) from the system's rules table, the article in
brackets after them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping, Optional, Sequence

from checker.dubov.check import ARTICLES, brackets_of, check_round, given_round, initial_colour, total_of
from checker.dubov.colours import WORDS, white_of
from checker.dubov.search import BracketSearch, TooLarge, Value
from checker.dubov.state import ABSOLUTE, MILD, STRONG, RoundFacts, Seat, complete, facts
from checker.explanation import (Alternative, BoardExplanation, ByeExplanation, FloatReason, RoundExplanation,
                                 points_text, score_text)
from checker.report import EngineCandidate, who
from trf.model import Colour, Tournament

__all__ = ["explain_round", "float_of", "SEARCHED"]

#: The largest bracket whose boards get the searched closest alternative.
SEARCHED = 16


def _art(rule: str) -> str:
    return f"C.04.4.1 Art. {ARTICLES.get(rule, rule)}"


def _said(plain: Mapping[str, str], rule: str) -> str:
    """A rule in plain words with its article in brackets."""
    return f"{plain.get(rule, WORDS.get(rule, rule))} ({_art(rule)})"


def _colour(c: Optional[Colour]) -> str:
    return "White" if c is Colour.WHITE else "Black" if c is Colour.BLACK else "none"


def preference_text(s: Seat) -> str:
    """Art. 1.6 in words: the preference, its strength and the colours that give it."""
    if not s.history:
        return "mild preference for Black (no game played yet; Art. 1.6.4)"
    played = "".join("W" if c is Colour.WHITE else "B" for c in s.history)
    strength = {ABSOLUTE: "absolute", STRONG: "strong", MILD: "mild"}.get(s.strength, "no")
    return f"{strength} preference for {_colour(s.want)} (colours played {played}; ARO {s.aro}; Art. 1.6)"


def _names(players: Sequence[int], names: Mapping[int, str]) -> str:
    return ", ".join(who(p, names) for p in players) or "nobody"


@dataclass(frozen=True)
class _Bracket:
    """One bracket of the given round as the explanation tells it."""

    number: int
    score: Fraction
    residents: list[int]
    ups: list[int]
    lower: list[int]
    g1: list[int]  # the split of Art. 3.2.3, before any shift
    g2: list[int]
    s1: list[int]  # the final G1 by ascending ARO, then TPN (Art. 3.2.5); empty: not established
    t2: list[int]  # the final G2 by TPN (Art. 4.4.2)
    why_ups: str  # why these upfloaters (empty: none)
    up_rule: Optional[str]


def _why_upfloaters(f: RoundFacts, search: BracketSearch, ups: list[int], names: Mapping[int, str],
                    plain: Mapping[str, str]) -> tuple[str, Optional[str]]:
    """Why the bracket takes the upfloaters ``ups``: how many (C5), and the criterion that puts
    this set before the next-best set of as many (C6-C10, else the order of Art. 4.2)."""
    if not ups:
        return "", None
    k = len(ups)
    head = (f"the players on {points_text(f.seats[search.residents[0]].score)} could not all be paired among "
            f"themselves, and {_said(plain, 'C5')}: {k} upfloater{'s' if k > 1 else ''}")
    try:
        runner = search.first(besides=ups)
    except TooLarge:
        return head + "; the other sets were too many to compare one by one", "C5"
    if runner is None:
        return (head + f"; no other set of {k} lets this bracket and the players below all be paired "
                f"({_art('C4')})"), "C4"
    value, other = runner
    mine = search.set_value(ups, search.best_c7(ups))
    rule = mine.first_difference(value)
    if rule is None:
        return (head + f"; the next set ({_names(other, names)}) is as good on every criterion, and "
                f"{_said(plain, '4.2')}"), "4.2"
    return (head + f"; the next-best set ({_names(other, names)}) does worse on the rule that {_said(plain, rule)}: "
            f"{value.show(rule)} against {mine.show(rule)}"), rule


def _bracket(f: RoundFacts, k: int, score: Fraction, residents: list[int], ups: list[int], lower: list[int],
             final: Optional[dict[str, object]], names: Mapping[int, str], plain: Mapping[str, str],
             compared: bool) -> _Bracket:
    search = BracketSearch(f, residents, lower)
    g1, g2 = search.split(ups)
    s1 = list(final.get("g1", [])) if final else []  # type: ignore[call-overload]
    t2 = list(final.get("g2", [])) if final else []  # type: ignore[call-overload]
    why, rule = _why_upfloaters(f, search, ups, names, plain) if compared else ("", None)
    return _Bracket(k, score, search.residents, ups, lower, g1, g2, s1, t2, why, rule)


def _bracket_sentence(f: RoundFacts, b: _Bracket, w: int, bl: int, names: Mapping[int, str],
                      plain: Mapping[str, str]) -> str:
    """How the bracket of the board is made, split and paired, and where the two players stand."""
    s = f.seats
    said = [f"Bracket {b.number}: the players on {points_text(b.score)}"
            + (f", joined by {_names(sorted(b.ups), names)} moved up from a lower score (upfloaters, "
               f"{_art('1.3.2')})" if b.ups else f" ({_art('1.3.1')})") + "."]
    first = "the upper half by starting number, since nobody in it has played yet" \
        if all(not s[p].history for p in b.residents + b.ups) else "the players due White"
    said.append(f"G1 is {first}: {_names(sorted(b.g1, key=lambda p: s[p].tpn), names)}; G2 the others: "
                f"{_names(sorted(b.g2, key=lambda p: s[p].tpn), names)} ({_art('3.2.3')}).")
    if b.s1:
        moved = [p for p in b.g1 if p not in b.s1] + [p for p in b.g2 if p not in b.t2]
        if moved:
            said.append(f"Moved between them to pair the bracket best and even the two groups: "
                        f"{_names(moved, names)}: {_said(plain, '4.3')}.")
        top, other = (w, bl) if w in b.s1 else (bl, w)
        if top in b.s1 and other in b.t2:
            said.append(f"{who(top, names)} is number {b.s1.index(top) + 1} of G1 ordered by the average rating of "
                        f"their opponents (ARO {s[top].aro}, {_art('3.2.5')}) and meets {who(other, names)}, "
                        f"the first player of G2 in starting-number order left for them that keeps the bracket's "
                        f"best pairing: {_said(plain, 'order')}.")
    return " ".join(said)


def _floats(f: RoundFacts, w: int, b: int, br: Optional[_Bracket], names: Mapping[int, str]
            ) -> tuple[FloatReason, ...]:
    sw, sb = f.seats[w].score, f.seats[b].score
    if sw == sb:
        return ()
    hi, lo = (w, b) if sw > sb else (b, w)
    hs, ls = f.seats[hi].score, f.seats[lo].score
    why = br.why_ups if br is not None and lo in br.ups else ""
    rule = br.up_rule if br is not None and lo in br.ups else None
    up = (f"{who(lo, names)} ({points_text(ls)}) moved up to play {who(hi, names)} ({points_text(hs)})"
          + (f": {why}" if why else f" ({_art('1.3.2')})"))
    down = (f"{who(hi, names)} ({points_text(hs)}) plays {who(lo, names)}, moved up from {points_text(ls)} into "
            f"their bracket ({_art('1.3.2')})")
    return (FloatReason(hi, "down", score_text(hs), score_text(ls), "C5", "plays an upfloater: the bracket could "
                        "not be paired within its score (C5)", None, ARTICLES["C5"], down),
            FloatReason(lo, "up", score_text(ls), score_text(hs), rule or "C5", "moved up: the higher score "
                        "group needed upfloaters (C5, then C6-C10 and Art. 4.2 choose who)", None,
                        ARTICLES.get(rule or "C5", rule or "C5"), up))


def _alternative(f: RoundFacts, b: _Bracket, pairs: list[tuple[int, int]], pair: tuple[int, int], initial: Colour,
                 names: Mapping[int, str], plain: Mapping[str, str]) -> Optional[Alternative]:
    """The checker's best pairing of the board's bracket with the pair kept apart, against the
    given one: the first of C5-C10 on which it is worse, else its later place in the order of
    Art. 4."""
    given = BracketSearch(f, b.residents, b.lower).value(pairs, b.ups)
    search = BracketSearch(f, b.residents, b.lower, apart=pair)
    try:
        first = search.first()
    except TooLarge:
        return None
    if first is None:
        return None
    value, ups = first
    _, _, alt_pairs = search.expected(list(ups))
    mine = {frozenset(x) for x in pairs}
    changed = tuple(white_black(f, x, y, initial) for x, y in alt_pairs if frozenset((x, y)) not in mine)
    rule = given.first_difference(value)
    better = rule is not None and value < given
    shown = ", ".join(f"{who(x, {})}–{who(y, {})}" for x, y in changed)
    if rule is None:
        text = f"equal on C5-C10, later in the order of Art. 4 ({shown})"
        sentence = (f"it is as good on everything else but comes later in the order the rules fix: "
                    f"{_said(plain, 'order')}")
        return Alternative(changed, "order", b.number, score_text(b.score), None, None, False, text,
                           ARTICLES["order"], sentence)
    text = f"{rule}: {value.show(rule)} against {given.show(rule)}"
    sentence = (f"{'it does better' if better else 'it does worse'} on the rule that {_said(plain, rule)}: "
                f"{value.show(rule)} where this pairing has {given.show(rule)}")
    extra = sorted(set(ups) - set(b.ups))
    if extra:
        sentence += f"; it moves up {_names(extra, names)}"
    return Alternative(changed, rule, b.number, score_text(b.score), given.show(rule), value.show(rule), better,
                       text, ARTICLES.get(rule, rule), sentence)


def white_black(f: RoundFacts, a: int, b: int, initial: Colour) -> tuple[int, int]:
    """The pair as (White, Black) by the checker's Art. 5.2."""
    white, _ = white_of(f.seats[a], f.seats[b], initial)
    return (a, b) if white == a else (b, a)


def _verdict_alternative(b: _Bracket, plain: Mapping[str, str]) -> Alternative:
    """What the verdict established for a bracket too large to search board by board."""
    text = (f"no other pairing of bracket {b.number} is better on C5-C10 or comes earlier in the order of Art. 4 "
            "(the checker's search of the bracket)")
    sentence = ("every other pairing of this bracket is worse on the quality rules (C.04.4.1 Art. 2.3) or, as "
                f"good, comes later in the order the rules fix: {_said(plain, 'order')}")
    return Alternative((), "order", b.number, score_text(b.score), None, None, False, text, ARTICLES["order"],
                       sentence)


def _pab_key(x: Seat) -> tuple[Fraction, int, int]:
    """Art. 3.1.3-3.1.5: the lowest score, the most games played, the largest TPN first."""
    return (x.score, -x.games, -x.tpn)


def _bye(f: RoundFacts, pab: int, names: Mapping[int, str], plain: Mapping[str, str]) -> ByeExplanation:
    """Art. 3.1: why the PAB went to ``pab``, each step the choice was decided at."""
    s = f.seats[pab]
    rivals = [x for x in f.seats.values() if x.may_have_pab and x.id != pab]
    reasons = [("C2", ARTICLES["C2"], "may receive the PAB (none before, no win without playing)")]
    said = [f"{who(pab, names)} may have the bye: {_said(plain, 'C2')}"]
    reasons.append(("3.1.3", "3.1.3", f"the lowest score of the players who may have it ({score_text(s.score)})"))
    said.append(f"{who(pab, names)} has {points_text(s.score)}: {_said(plain, '3.1.3')}, among those whose bye "
                f"leaves everybody else able to play ({_art('3.1.2')})")
    same = [x for x in rivals if x.score == s.score]
    if same:
        reasons.append(("3.1.4", "3.1.4", f"of those, the most games played ({s.games})"))
        said.append(f"{who(pab, names)} played {s.games} games: {_said(plain, '3.1.4')}")
        if any(x.games == s.games for x in same):
            reasons.append(("3.1.5", "3.1.5", f"of those, the largest TPN ({s.tpn})"))
            said.append(f"{who(pab, names)} has the largest starting number of them ({s.tpn}): "
                        f"{_said(plain, '3.1.5')}")
    return ByeExplanation(pab, score_text(s.score), 0, tuple(reasons), _next_bye(f, pab, names, plain), tuple(said))


def _next_bye(f: RoundFacts, pab: int, names: Mapping[int, str], plain: Mapping[str, str]) -> Optional[Alternative]:
    """The player the PAB goes to when ``pab`` cannot have it: the next in the order of Art.
    3.1.3-3.1.5 whose bye leaves everybody else able to play (3.1.2), and the step that puts
    ``pab`` first."""
    s = f.seats[pab]
    for x in sorted((y for y in f.seats.values() if y.may_have_pab and y.id != pab), key=_pab_key):
        if _pab_key(x) < _pab_key(s) or not complete(f, [q for q in f.seats if q != x.id]):
            continue
        rule = "3.1.3" if x.score != s.score else "3.1.4" if x.games != s.games else "3.1.5"
        shown = {"3.1.3": (points_text(s.score), points_text(x.score), f"has {points_text(x.score)}"),
                 "3.1.4": (f"{s.games} games played", f"{x.games} games played", f"played {x.games} games"),
                 "3.1.5": (f"TPN {s.tpn}", f"TPN {x.tpn}", f"has the smaller starting number {x.tpn}")}[rule]
        sentence = f"{who(x.id, names)} comes later: {_said(plain, rule)}; {who(x.id, names)} {shown[2]}"
        return Alternative(((x.id, None),), rule, None, None, shown[0], shown[1], False,
                           f"{rule}: {x.id} after {pab}", rule, sentence)
    return None


def explain_round(t: Tournament, rnd: int, plain: Mapping[str, str], *, engine: Optional[EngineCandidate] = None,
                  total_rounds: Optional[int] = None, rules_reason: str = "") -> RoundExplanation:
    """Round ``rnd`` of ``t`` explained board by board (module docstring); ``plain``: each rule's
    plain words by its name."""
    report = check_round(t, rnd, engine=engine, total_rounds=total_rounds, rules_reason=rules_reason)
    f = facts(t, rnd, total_of(t, total_rounds, rnd))
    boards, pab = given_round(t, rnd)
    names = {p.start_rank: p.name for p in t.players}
    initial = initial_colour(t)
    opponent: dict[int, int] = {}
    for w, b in boards:
        opponent[w], opponent[b] = b, w
    compared = not any(x.kind in ("absolute", "completion") for x in report.findings)
    disputed = {x.bracket for x in report.findings if x.bracket is not None}
    report.sources.append("the checker's search of each bracket (C.04.4.1 Art. 3.2, 4), each board's bracket "
                          "searched again with the pair kept apart")
    cut = brackets_of(f, opponent, pab) if compared else []
    verdicts = report.brackets
    made: list[_Bracket] = []
    for k, (score, residents, ups, lower) in enumerate(cut, start=1):
        final = verdicts[k - 1] if k - 1 < len(verdicts) and k not in disputed else None
        made.append(_bracket(f, k, score, residents, ups, lower, final, names, plain, k not in disputed))
    out: list[BoardExplanation] = []
    for number, (w, b) in enumerate(boards, start=1):
        if w not in f.seats or b not in f.seats:
            continue
        br = next((x for x in made if w in x.residents + x.ups and b in x.residents + x.ups), None)
        alt: Optional[Alternative] = None
        sentence = ""
        if br is not None and initial is not None:
            members = br.residents + br.ups
            inside = set(members)
            pairs = sorted({tuple(sorted((p, opponent[p]))) for p in br.residents if opponent.get(p) in inside})
            if len(members) <= SEARCHED:
                alt = _alternative(f, br, pairs, (w, b), initial, names, plain)  # type: ignore[arg-type]
            elif br.number not in disputed and report.ok:
                alt = _verdict_alternative(br, plain)
        if br is not None:
            sentence = _bracket_sentence(f, br, w, b, names, plain)
        should, rule = white_of(f.seats[w], f.seats[b], initial) if initial is not None else (w, "5.2.1")
        k = br.number if br is not None else 0
        score = br.score if br is not None else f.seats[w].score
        out.append(BoardExplanation(
            number, w, b, score_text(f.seats[w].score), score_text(f.seats[b].score), k, score_text(score),
            tuple(sorted(br.ups)) if br is not None else (), False, _floats(f, w, b, br, names), rule, WORDS[rule],
            f"by the rule of Art. {rule}", should == w, (preference_text(f.seats[w]), preference_text(f.seats[b])),
            ("", ""), alt, (), f"{who(should, names)} has White: {_said(plain, rule)}.", sentence))
    notes: list[str] = []
    if any(len(x.residents) + len(x.ups) > SEARCHED for x in made):
        notes.append(f"the closest alternatives are searched board by board in brackets of at most {SEARCHED} "
                     "players; in larger ones the explanation gives the bracket's verdict")
    bye = _bye(f, pab, names, plain) if pab is not None and pab in f.seats else None
    if bye is not None and not report.ok:
        bye = replace(bye, sentences=())
    return RoundExplanation(rnd, report, tuple(out), bye, None, 0, tuple(notes))


def float_of(t: Tournament, pid: int, rnd: int) -> Optional[str]:
    """The float of ``pid`` in round ``rnd``: ``"up"`` when paired with a higher pairing score
    (points before the round plus the round's virtual points: an upfloater, Art. 1.3.2),
    ``"down"`` with a lower one (the upfloater's opponent), ``None`` otherwise or unpaired."""
    e = t.player(pid).entry(rnd)
    if e is None or e.opponent is None:
        return None

    def score(x: int) -> Fraction:
        return t.score(x, through=rnd - 1) + t.acceleration(x, rnd)

    mine, theirs = score(pid), score(e.opponent)
    return "down" if mine > theirs else "up" if mine < theirs else None
