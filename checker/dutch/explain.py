"""Why each board of a round is paired as it is: the checker's answer to "why do I play him, why
with this colour, why did I float, why did I get the bye?".

Every statement comes from the checker's own reading of C.04.3 (2026): its player state
(:mod:`checker.dutch.state`), brackets and criteria (:mod:`checker.dutch.criteria`), colours
(:mod:`checker.dutch.colours`) and the alternatives its search tries (:mod:`checker.dutch.check`).  Nothing
here asks the pairing engine why: the page explains what the rules say, not what a program did.

The alternatives are the candidates of the checker's first search step, each judged against the
given pairing by Art. 3.8 (:func:`checker.dutch.check.check_round` hands them to an observer, so the
search runs once for the verdict and the explanations).  For a board, a floater and the PAB the
explanation names the *closest* alternative that changes it: the one whose first difference
from the given pairing comes latest (a later bracket, then a later criterion, then a smaller
value).  Of two alternatives that both lose to the given pairing, that one is also the better by
Art. 3.8, because up to that difference it makes the given pairing's choices.  What the search
does not reach it cannot name: then the explanation says so.
"""

from __future__ import annotations

from fractions import Fraction

from checker.dutch.check import Verdict, article_of, check_round, order_reason
from checker.dutch.colours import RULES, allocate
from checker.dutch.compare import Move
from checker.dutch.criteria import CRITERIA, QUALITY, Evaluator, Mate, pair_breach, show_value
from checker.dutch.names_2017 import CRITERIA_2017, QUALITY_2017
from checker.dutch.state import CPlayer, Flt, Pref, RoundState, given_pairing, mate_of, round_state
from checker.explanation import (Alternative, BoardExplanation, ByeExplanation, FloatReason, RoundExplanation,
                                 points_text, score_text)
from checker.dutch.sentences import (ORDER_PLAIN, Names, cap, cited, names_of, plain_of, points as said_points,
                                     several, verdict_sentence)
from checker.report import EngineCandidate, who
from trf.model import Colour, Tournament

__all__ = ["explain_round", "explain_rounds", "round_key", "board_order", "preference_text", "article"]


def article(criterion: str) -> str:
    """The article of a criterion (``C12`` -> ``2.4.7``; 2017 ``C.10`` -> ``C.10 (2017)``), of a
    colour rule, or Art. 3.8 for the generation order (:func:`checker.dutch.check.article_of`)."""
    return article_of(criterion)


# --------------------------------------------------------------------------- words


def _colour_word(c: Colour | None) -> str:
    return "White" if c is Colour.WHITE else "Black" if c is Colour.BLACK else "none"


def preference_text(p: CPlayer) -> str:
    """Art. 1.7 in words: the preference, its strength and what gives it."""
    seq = "".join("W" if c is Colour.WHITE else "B" for c in p.colours)
    if p.pref is None or p.strength is Pref.NONE:
        return "no colour preference (no game played yet)"
    cd = p.cd
    why = f"colours played {seq}, colour difference {cd:+d}" if cd else f"colours played {seq}, colour difference 0"
    if p.strength is Pref.ABSOLUTE:
        if abs(cd) > 1:
            return f"absolute preference for {_colour_word(p.pref)} ({why}; Art. 1.7.1)"
        return f"absolute preference for {_colour_word(p.pref)} ({why}; the last two games with the same colour, Art. 1.7.1)"
    if p.strength is Pref.STRONG:
        return f"strong preference for {_colour_word(p.pref)} ({why}; Art. 1.7.2)"
    return f"mild preference for {_colour_word(p.pref)} ({why}; alternating from the last game, Art. 1.7.3)"


def _float_history(p: CPlayer) -> str:
    def one(f: Flt | None) -> str:
        return "down" if f is Flt.DOWN else "up" if f is Flt.UP else "no float"
    return f"previous round: {one(p.floats[0])}; two rounds before: {one(p.floats[1])}"


def board_order(st: RoundState, boards: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Boards in the recommended order of C.04.2 Art. 3.6: the higher score of the pair's
    higher-ranked player, then the higher sum of scores, then the smaller TPN of the
    higher-ranked player (pairing scores, acceleration included)."""
    def key(bd: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        a, b = st.players[bd[0]], st.players[bd[1]]
        high = a if a.rank_key() < b.rank_key() else b
        return (-high.score, -(a.score + b.score), high.tpn)
    return sorted(boards, key=key)


# --------------------------------------------------------------------------- the alternatives


_CRITERION_POSITION = {"C5": 0, **{c: i + 1 for i, c in enumerate(QUALITY)}, "order": len(QUALITY) + 1,
                       **{c: i + 1 for i, c in enumerate(QUALITY_2017)}}  # 2017 verdicts (C.5 ...)

#: A kept alternative: its closeness key (:func:`_key`), the verdict, the move from the given pairing.
_Item = tuple[tuple[int, int, int], Verdict, Move]


def _key(v: Verdict) -> tuple[int, int, int]:
    """How close an alternative is to the given pairing, larger = closer (see the module
    docstring): alternatives that beat the given pairing first (of those the first found stands:
    the report names the checker's best), then where the first difference lies, (bracket,
    criterion); equal keys are decided by the alternative's value there."""
    if v.winner == "b":
        return (1, 0, 0)
    return (0, -1 if v.bracket is None else v.bracket, _CRITERION_POSITION.get(v.criterion, len(QUALITY) + 1))


def _closer(key: tuple[int, int, int], v: Verdict, old: _Item | None) -> bool:
    if old is None:
        return True
    if key != old[0]:
        return key > old[0]
    if key[0] == 1:
        return False
    try:
        return bool(v.value_b < old[1].value_b)
    except TypeError:
        return False


class _Collector:
    """Keeps, from the checker's stream of candidates, the closest one for the round, for each
    board, for each floater and for the PAB."""

    def __init__(self, ev: Evaluator, mate: Mate, board_of: dict[int, int]) -> None:
        self.ev = ev
        self.mate = mate
        self.board_of = board_of
        self.score = {i: p.score for i, p in ev.p.items()}
        self.floaters = {x for x, y in mate.items() if y is not None and self.score[x] != self.score[y]}
        self.bye = next((x for x, y in mate.items() if y is None), None)
        self.count = 0
        self.round: _Item | None = None
        self.boards: dict[int, _Item] = {}
        self.floats: dict[int, _Item] = {}
        self.pab: _Item | None = None

    def __call__(self, move: Move, v: Verdict) -> None:
        self.count += 1
        key = _key(v)
        item = (key, v, move)
        if _closer(key, v, self.round):
            self.round = item
        changed = move.changed
        board_of, boards = self.board_of, self.boards
        for k in {board_of[x] for x in changed if x in board_of}:
            old = boards.get(k)  # :func:`_closer` inlined for the common cases (one call per board)
            if old is None or key > old[0] or (key == old[0] and _closer(key, v, old)):
                boards[k] = item
        partner: dict[int, int] | None = None  # the changed players' partners in the candidate
        score = self.score
        for x in changed & self.floaters:  # the changed floaters (each entry is kept on its own)
            if partner is None:
                partner = _partners(move)
            y = partner.get(x)
            if y is not None and score[y] == score[x] and _closer(key, v, self.floats.get(x)):
                self.floats[x] = item
        if self.bye is not None and self.bye in changed and self.bye in (partner or _partners(move)):
            if _closer(key, v, self.pab):  # the PAB assignee paired instead
                self.pab = item


def _partners(move: Move) -> dict[int, int]:
    got: dict[int, int] = {}
    for u, w in move.added:
        got[u], got[w] = w, u
    return got


def _bracket_score(ev: Evaluator, k: int | None) -> str | None:
    if k is None:
        return None
    return score_text(ev.p[ev.groups[k][0]].score)


def _alternative(ev: Evaluator, mate: Mate, item: _Item | None, names: Names | None = None) -> Alternative | None:
    """The kept alternative in the checker's terms (``text``) and read aloud (``sentence``,
    :func:`checker.dutch.sentences.verdict_sentence`, the same verdict)."""
    if item is None:
        return None
    _, v, move = item
    changed, cand = move.changed, move.apply(mate)
    st = ev.state
    boards: list[tuple[int, int | None]] = []
    seen: set[int] = set()
    for x in sorted(changed, key=ev.rank.__getitem__):
        if x in seen:
            continue
        y = cand.get(x)
        if y is None:
            boards.append((x, None))
            seen.add(x)
            continue
        seen.update((x, y))
        if mate.get(x) == y:
            continue
        al = allocate(st.players[x], st.players[y], st.initial_colour)
        boards.append((al.white, al.black))
    better = v.winner == "b"
    where = "the round" if v.bracket is None else f"bracket {v.bracket + 1} (score {_bracket_score(ev, v.bracket)})"
    given, alt = (v.value_a, v.value_b)
    if v.criterion == "order":
        first, later = (alt, given) if better else (given, alt)
        text = (f"both tie on every criterion in {where}; the {'alternative' if better else 'given pairing'} "
                f"is generated first (Art. 3.8): {order_reason(first, later)}")
        shown: tuple[str | None, str | None] = (None, None)
    else:
        crit = "C7" if v.criterion == "C5" else v.criterion
        shown = (show_value(crit, given), show_value(crit, alt))
        if v.criterion in CRITERIA:
            art, words = CRITERIA[v.criterion]
            named = f"{v.criterion} (Art. {art}: {words})"
        else:  # a verdict of the 2017 rules (C.5-C.19)
            named = f"{v.criterion} (2017: {CRITERIA_2017[v.criterion][1]})"
        text = f"{named} in {where}: this pairing {shown[0]}, the alternative {shown[1]}"
    sentence = verdict_sentence(ev, v, names, mate=mate, this="this pairing", other="the other pairing") + "."
    return Alternative(tuple(boards), v.criterion, None if v.bracket is None else v.bracket + 1,
                       _bracket_score(ev, v.bracket), shown[0], shown[1], better, text, article(v.criterion),
                       sentence)


# --------------------------------------------------------------------------- the round


def _colour_detail(rule: str, high: CPlayer, low: CPlayer, initial: Colour | None) -> str:
    if rule == "5.2.3":
        for r_h, r_l in zip(reversed(high.colours), reversed(low.colours)):
            if r_h is not r_l:
                return (f"counting back over played games, the latest time they had different colours "
                        f"{high.id} had {_colour_word(r_h)} and {low.id} {_colour_word(r_l)}: colours alternate from it")
    if rule == "5.2.4":
        return f"{high.id} is the higher-ranked player (score, then TPN: Art. 1.2)"
    if rule == "5.2.5":
        init = initial or Colour.WHITE
        parity = "odd" if high.tpn % 2 == 1 else "even"
        return (f"neither has a preference; {high.id} is the higher-ranked player with TPN {high.tpn} ({parity}), "
                f"initial colour {_colour_word(init)}")
    if rule == "5.2.2":
        if high.strength == low.strength:
            return "both preferences are absolute: the larger colour difference decides"
        return "the stronger preference wins (absolute over strong over mild)"
    return "the two preferences do not clash"


def _blocked(st: RoundState, px: CPlayer, z: int, crit: str, names: Names | None) -> str:
    """Why ``px`` may not meet ``z`` (an absolute criterion), in a few plain words with the name."""
    pz = st.players[z]
    if z in px.met:
        return f"{who(z, names)} (already played in round {px.met[z]})"
    if crit == "C1":
        return f"{who(z, names)} (a pair the file forbids)"
    return f"{who(z, names)} (both must have {_colour_word(px.pref)})" if pz.pref is px.pref else who(z, names)


def _float_reason(ev: Evaluator, mate: Mate, x: int, item: _Item | None, names: Names | None = None) -> FloatReason:
    """Why ``x`` floats (Art. 1.4): nobody on the same score it may meet (C1/C3), or the closest
    alternative in which it does not float, with the criterion that alternative loses on."""
    st = ev.state
    px = st.players[x]
    y = mate[x]
    assert y is not None
    py = st.players[y]
    down = px.score > py.score
    own = [z for z in ev.groups[ev.group_of[x]] if z != x]
    alt = _alternative(ev, mate, item, names)
    pts = score_text(px.score)
    wx = who(x, names)
    lead = (f"{wx}, on {said_points(px.score)}, {'moved down to play' if down else 'played up against'} "
            f"{who(y, names)}, on {said_points(py.score)}")
    crit: str | None
    if not own:
        crit = None
        reason = f"{x} is the only player on {points_text(pts)}"
        sentence = f"{lead}, because nobody else has {said_points(px.score)}."
    else:
        blocked = [(z, hit) for z in own if (hit := pair_breach(st, px, st.players[z])) is not None]
        if len(blocked) == len(own):
            kinds = sorted({hit[0] for _, hit in blocked})
            crit = kinds[0]
            detail = "; ".join(hit[1] for _, hit in blocked[:6]) + ("; ..." if len(blocked) > 6 else "")
            reason = (f"{x} may not meet any other player on {points_text(pts)} "
                      f"({', '.join(f'{c}, Art. {article(c)}' for c in kinds)}): {detail}")
            rules = "; ".join(f"{plain_of(c)} ({cited(c)})" for c in kinds)
            sentence = (f"{lead}, because {rules}, and that rules out every other "
                        f"player on {said_points(px.score)}: "
                        + ", ".join(_blocked(st, px, z, hit[0], names) for z, hit in blocked[:6])
                        + (", ..." if len(blocked) > 6 else "") + ".")
        elif alt is not None:
            crit = alt.criterion
            verb = "stay in the scoregroup" if down else "meet a player on the same score"
            stay = "play someone on their own score"
            if alt.better:
                reason = f"the checker found a better pairing in which {x} does not float: {alt.text}"
                sentence = (f"{lead}, but the checker found a better pairing in which {wx} plays someone on "
                            f"their own score. {alt.sentence}")
            else:
                reason = f"for {x} to {verb}, the closest pairing the checker found is worse: {alt.text}"
                sentence = (f"{lead}: for {wx} to {stay}, the closest other pairing the checker found is worse. "
                            f"{alt.sentence}")
        else:
            crit = None
            reason = (f"{x} could meet {len(own) - len(blocked)} other player(s) on {points_text(pts)}, but no pairing "
                      "the checker's search tried pairs them so and keeps the rest of the round legal")
            sentence = (f"{lead}: {wx} could have played {several(len(own) - len(blocked), 'other player')} on "
                        f"{said_points(px.score)}, but no pairing the checker tried does so and keeps the rest of the "
                        "round within the rules.")
    return FloatReason(x, "down" if down else "up", pts, score_text(py.score), crit, reason, alt,
                       None if crit is None else article(crit), sentence)


def _bye_reasons(ev: Evaluator, x: int, item: _Item | None,
                 mate: Mate, names: Names | None = None) -> ByeExplanation:
    """Why ``x`` received the PAB: C2 (eligible), C5 (lowest score possible), C9 (fewest unplayed
    rounds), then the generation order; and the closest alternative that gives it to another.
    Each reason also read aloud (the rule's plain words, then its article)."""
    st = ev.state
    p = st.players[x]
    alt = _alternative(ev, mate, item, names)
    reasons: list[tuple[str, str]] = []
    said: list[str] = []
    wx = who(x, names)
    others = [q for q in st.players.values() if q.id != x]
    banned = [q for q in others if q.pab_ban is not None]
    reasons.append(("C2", f"{x} may receive it: no earlier PAB, forfeit win or full-point bye"
                    + (f"; C2 rules out {len(banned)} other player(s), e.g. {banned[0].id} ({banned[0].pab_ban})"
                       if banned else "")))
    said.append(f"{cap(plain_of('C2'))} ({cited('C2')}), and {wx} had neither"
                + (f"; {several(len(banned), 'other player')} may not have it, e.g. {who(banned[0].id, names)}, who "
                   + str(banned[0].pab_ban).replace("received the PAB", "had the pairing-allocated bye")
                   if banned else "") + ".")
    pts = score_text(p.score)
    lower = [q for q in others if q.score < p.score and q.pab_ban is None]
    if not lower:
        reasons.append(("C5", f"nobody who may receive it has less than {points_text(pts)}: "
                              "the PAB goes to the lowest score possible"))
        said.append(f"{cap(plain_of('C5'))} ({cited('C5')}): nobody who may have it has less than "
                    f"{said_points(p.score)}.")
    else:
        reasons.append(("C5", f"{len(lower)} player(s) who may receive it have fewer points; "
                              "the alternative below says what giving it to another costs"))
        said.append(f"{cap(plain_of('C5'))} ({cited('C5')}): {several(len(lower), 'player')} who may have it "
                    f"{'has' if len(lower) == 1 else 'have'} fewer points; the other pairing below says what giving "
                    "it to one of them costs.")
    same = [q for q in others if q.score == p.score and q.pab_ban is None]
    if same:
        fewer = [q for q in same if q.unplayed < p.unplayed]
        if not fewer:
            reasons.append(("C9", f"{x} has {p.unplayed} unplayed round(s) before this one; nobody else who may "
                                  f"receive it on {points_text(pts)} has fewer"))
            said.append(f"{cap(plain_of('C9'))} ({cited('C9')}): {wx} has {several(p.unplayed, 'round')} not played "
                        f"before this one, and nobody else on {said_points(p.score)} who may have the bye has fewer.")
        else:
            reasons.append(("C9", f"{x} has {p.unplayed} unplayed round(s); {len(fewer)} player(s) on {points_text(pts)} "
                                  "have fewer (see the alternative below)"))
            said.append(f"{cap(plain_of('C9'))} ({cited('C9')}): {wx} has {several(p.unplayed, 'round')} not played; "
                        f"{several(len(fewer), 'player')} on {said_points(p.score)} "
                        f"{'has' if len(fewer) == 1 else 'have'} fewer (see the other pairing below).")
        if all(ev.rank[q.id] < ev.rank[x] for q in same):
            reasons.append(("order", f"{x} is the lowest-ranked of them (Art. 1.2): the generation order "
                                     "(Art. 3.8, Art. 4) leaves the lowest-ranked player over first"))
            said.append(f"{cap(ORDER_PLAIN)} ({cited('order')}): {wx} is the lowest-ranked of them (fewest points, "
                        "then highest pairing number), and the rules first try the pairings that leave the "
                        "lowest-ranked player without an opponent.")
    return ByeExplanation(x, pts, p.unplayed, tuple((c, article(c), why) for c, why in reasons), alt, tuple(said))


def _colour_sentence(rule: str, white: CPlayer, black: CPlayer, high: CPlayer, low: CPlayer,
                     initial: Colour | None, names: Names | None) -> str:
    """How Art. 5.2 gives this board's colours, read aloud: the rule's plain words, its article,
    then the players' facts that make it decide."""
    w, b = who(white.id, names), who(black.id, names)
    hi, lo = who(high.id, names), who(low.id, names)

    def due(p: CPlayer) -> str:
        return "no colour" if p.pref is None or p.strength is Pref.NONE else _colour_word(p.pref)
    if rule == "5.2.1":
        fact = f"{w} is due {due(white)}, {b} {due(black)}"
    elif rule == "5.2.2":
        s_ = white if white.strength >= black.strength else black
        fact = (f"both are due {_colour_word(s_.pref)}, and {who(s_.id, names)} needs it more "
                + ("(a larger colour difference)" if white.strength == black.strength else
                   f"({preference_text(s_).split(' (')[0]})"))
    elif rule == "5.2.3":
        fact = next((f"the last time they had different colours, {hi} had {_colour_word(r_h)} and {lo} "
                     f"{_colour_word(r_l)}" for r_h, r_l in zip(reversed(high.colours), reversed(low.colours))
                     if r_h is not r_l), "their colours differ in an earlier round")
    elif rule == "5.2.4":
        fact = f"{hi} is ranked higher (more points, or the same points and a lower pairing number)"
    else:
        init = initial or Colour.WHITE
        fact = (f"{hi} is ranked higher and has the {'odd' if high.tpn % 2 else 'even'} pairing number {high.tpn}; "
                f"the colour drawn for the first round is {_colour_word(init)}")
    return f"{cap(plain_of(rule))} ({cited(rule)}): {fact}, so {w} gets White and {b} Black."


def explain_round(t: Tournament, rnd: int, *, engine: EngineCandidate | None = None,
                  total_rounds: int | None = None, rules: str = "2026", rules_reason: str = "") -> RoundExplanation:
    """The checker's verdict on round ``rnd`` by the edition ``rules`` and the explanation of each
    board and of the PAB.

    ``engine``/``total_rounds``/``rules_reason``: as :func:`checker.dutch.check.check_round`."""
    st = round_state(t, rnd, total_rounds=total_rounds)
    g = given_pairing(t, rnd)
    ev = Evaluator(st)
    valid = [(w, b) for w, b in g.boards if w in st.players and b in st.players]
    ordered = board_order(st, valid)
    mate: Mate = mate_of(ordered, g.bye if g.bye in st.players else None)
    board_of = {x: k for k, bd in enumerate(ordered) for x in bd}
    collect = _Collector(ev, mate, board_of)
    names = names_of(t)
    report = check_round(t, rnd, engine=engine, total_rounds=total_rounds, observe=collect, rules=rules,
                         rules_reason=rules_reason, state=st)
    notes: list[str] = []
    if rules != st.edition:
        notes.append(f"the round's verdict and the alternatives are by the {rules} Dutch rules (the file's); "
                     f"the brackets, floats, colours and bye are explained in the words of the {st.edition} text "
                     "(C.04.3 as applied from 1 February 2026)")
    complete = set(mate) == set(st.players) and len(valid) == len(g.boards)
    if not complete:
        notes.append("the file's pairing of this round is incomplete or names unknown players: "
                     "brackets and floats are not explained")
        return RoundExplanation(rnd, report, (), None, None, collect.count, tuple(notes))
    brs = ev.brackets(mate)
    bracket_of: dict[frozenset[int], int] = {}
    for bracket in brs:
        for u, v in bracket.pairs:
            bracket_of[frozenset((u, v))] = bracket.index
    boards = []
    for k, (w, b) in enumerate(ordered):
        pw, pb = st.players[w], st.players[b]
        bi = bracket_of.get(frozenset((w, b)), ev.group_of[max((w, b), key=ev.rank.__getitem__)])
        br = brs[bi]
        floats = tuple(_float_reason(ev, mate, x, collect.floats.get(x), names)
                       for x in (w, b) if x in collect.floaters)
        al = allocate(pw, pb, st.initial_colour)
        high, low = (pw, pb) if pw.rank_key() < pb.rank_key() else (pb, pw)
        boards.append(BoardExplanation(
            board=k + 1, white=w, black=b, white_score=score_text(pw.score), black_score=score_text(pb.score),
            bracket=bi + 1, bracket_score=score_text(br.score), mdps=br.mdps, heterogeneous=bool(br.mdps),
            floats=floats, colour_rule=al.rule, colour_text=RULES[al.rule].words,
            colour_detail=_colour_detail(al.rule, high, low, st.initial_colour),
            colours_agree=al.white == w, preferences=(preference_text(pw), preference_text(pb)),
            history=(_float_history(pw), _float_history(pb)),
            alternative=_alternative(ev, mate, collect.boards.get(k), names),
            topscorers=tuple(x for x in (w, b) if st.players[x].topscorer),
            colour_sentence=_colour_sentence(al.rule, st.players[al.white], st.players[al.black], high, low,
                                             st.initial_colour, names)))
    bye = None if g.bye is None else _bye_reasons(ev, g.bye, collect.pab, mate, names)
    if not report.ok and not collect.count:
        notes.append("the checker's quality search did not run (an absolute criterion is broken)")
    return RoundExplanation(rnd, report, tuple(boards), bye, _alternative(ev, mate, collect.round, names), collect.count,
                            tuple(notes))


def round_key(t: Tournament, rnd: int, *, engine: bool | None = None, total_rounds: int | None = None,
              rules: str = "2026") -> str:
    """A digest of everything the explanation of round ``rnd`` depends on: every player's rounds
    up to ``rnd`` (TPNs, scores, colours, floats, C2 and the given pairing come from them), the
    number of rounds (topscorers), the initial colour, forbidden pairs, acceleration and scoring
    of the round, the engine option, the edition, and the checker's own source (a new reading of the rules
    invalidates every stored explanation)."""
    from pathlib import Path

    from checker.explanation import round_digest

    return round_digest(t, rnd, sorted(Path(__file__).parent.glob("*.py")),
                        (engine, total_rounds or t.total_rounds, rules))
