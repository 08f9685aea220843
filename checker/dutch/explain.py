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

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from checker.dutch.check import Finding, RoundReport, Verdict, article_of, check_round, edition_of, order_reason
from checker.dutch.colours import RULES, allocate
from checker.dutch.compare import Move
from checker.dutch.criteria import CRITERIA, QUALITY, Evaluator, Mate, pair_breach, show_value
from checker.dutch.names_2017 import CRITERIA_2017, QUALITY_2017
from checker.dutch.state import CPlayer, Flt, Pref, RoundState, given_pairing, round_state
from trf.model import Colour, Tournament

__all__ = ["Alternative", "FloatReason", "BoardExplanation", "ByeExplanation", "RoundExplanation",
           "explain_round", "explain_rounds", "round_key", "explanation_from_dict", "board_order", "preference_text", "score_text", "points_text"]


def score_text(x: Fraction) -> str:
    """A score as an arbiter writes it: ``2``, ``2.5``."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def points_text(x: Fraction | str) -> str:
    """``1 point``, ``2.5 points``."""
    text = x if isinstance(x, str) else score_text(x)
    return f"{text} point" if text == "1" else f"{text} points"


def article(criterion: str) -> str:
    """The article of a criterion (``C12`` -> ``2.4.7``; 2017 ``C.10`` -> ``C.10 (2017)``), of a
    colour rule, or Art. 3.8 for the generation order (:func:`checker.dutch.check.article_of`)."""
    return article_of(criterion)


@dataclass(frozen=True)
class Alternative:
    """Another pairing the checker tried, and how Art. 3.8 ranks it against the given one.

    ``boards``: its boards that differ from the given pairing (White, Black by Art. 5.2; a
    ``None`` Black is the PAB).  ``better``: the alternative ranks *above* the given pairing
    (the checker disputes the round)."""

    boards: tuple[tuple[int, int | None], ...]
    criterion: str  # C5..C21 or "order"
    bracket: int | None  # 1-based; None for the round-wide C5
    bracket_score: str | None
    given: str | None
    alternative: str | None
    better: bool
    text: str  # the difference in words

    @property
    def article(self) -> str:
        return article(self.criterion)

    def as_dict(self) -> dict[str, Any]:
        return {"boards": [list(b) for b in self.boards], "criterion": self.criterion, "article": self.article,
                "bracket": self.bracket, "bracket_score": self.bracket_score, "given_value": self.given,
                "alternative_value": self.alternative, "better": self.better, "text": self.text}


@dataclass(frozen=True)
class FloatReason:
    """A float of this round (Art. 1.4): who, which way, between which scores, and why."""

    player: int
    direction: str  # "down" or "up"
    score: str  # the player's pairing score
    opponent_score: str
    criterion: str | None  # what keeps the player from staying in their scoregroup, when known
    reason: str
    alternative: Alternative | None = None

    @property
    def article(self) -> str | None:
        return None if self.criterion is None else article(self.criterion)

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "direction": self.direction, "score": self.score,
                "opponent_score": self.opponent_score, "criterion": self.criterion, "article": self.article,
                "reason": self.reason, "alternative": None if self.alternative is None else self.alternative.as_dict()}


@dataclass(frozen=True)
class BoardExplanation:
    """One board: the bracket it belongs to, the floats, the colours and the closest alternative."""

    board: int
    white: int
    black: int
    white_score: str
    black_score: str
    bracket: int  # 1-based
    bracket_score: str
    mdps: tuple[int, ...]  # the bracket's moved-down players
    heterogeneous: bool
    floats: tuple[FloatReason, ...]
    colour_rule: str  # 5.2.1 .. 5.2.5
    colour_text: str
    colour_detail: str
    colours_agree: bool  # the file's colours are those of Art. 5.2
    preferences: tuple[str, str]  # White's, Black's (as before the round)
    history: tuple[str, str]  # float history of the two previous rounds, White's, Black's
    alternative: Alternative | None
    topscorers: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"board": self.board, "white": self.white, "black": self.black, "white_score": self.white_score,
                "black_score": self.black_score, "bracket": self.bracket, "bracket_score": self.bracket_score,
                "mdps": list(self.mdps), "heterogeneous": self.heterogeneous,
                "floats": [f.as_dict() for f in self.floats], "colour_rule": self.colour_rule,
                "colour_text": self.colour_text, "colour_detail": self.colour_detail,
                "colours_agree": self.colours_agree, "preferences": list(self.preferences),
                "history": list(self.history),
                "alternative": None if self.alternative is None else self.alternative.as_dict(),
                "topscorers": list(self.topscorers)}


@dataclass(frozen=True)
class ByeExplanation:
    """The pairing-allocated bye: why this player (C2, C5, C9, then the generation order)."""

    player: int
    score: str
    unplayed: int
    reasons: tuple[tuple[str, str], ...]  # (criterion, text)
    alternative: Alternative | None

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "score": self.score, "unplayed": self.unplayed,
                "reasons": [{"criterion": c, "article": article(c), "text": x} for c, x in self.reasons],
                "alternative": None if self.alternative is None else self.alternative.as_dict()}


@dataclass(frozen=True)
class RoundExplanation:
    """A round: the checker's verdict (:class:`checker.dutch.check.RoundReport`), every board in the
    board order of C.04.2 Art. 3.6, the PAB, and the closest alternative for the round."""

    round: int
    report: RoundReport
    boards: tuple[BoardExplanation, ...]
    bye: ByeExplanation | None
    best: Alternative | None
    alternatives: int  # candidates the first search step compared with the given pairing
    notes: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return self.report.ok

    @property
    def findings(self) -> list[Finding]:
        return self.report.findings

    @property
    def compared(self) -> bool:
        """Whether the quality criteria were weighed: not when the round breaks an absolute
        criterion (C1-C4)."""
        return not any(f.kind in ("absolute", "completion") for f in self.report.findings)

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "ok": self.ok, "findings": [f.as_dict() for f in self.findings],
                "boards": [b.as_dict() for b in self.boards],
                "bye": None if self.bye is None else self.bye.as_dict(),
                "best_alternative": None if self.best is None else self.best.as_dict(),
                "alternatives": self.alternatives, "candidate_sources": self.report.sources,
                "notes": list(self.report.notes) + list(self.notes), "own_notes": list(self.notes),
                "report": self.report.as_dict()}


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
            if _closer(key, v, boards.get(k)):
                boards[k] = item
        partner: dict[int, int] | None = None  # the changed players' partners in the candidate
        score = self.score
        for x in changed:
            if x in self.floaters:
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


def _alternative(ev: Evaluator, mate: Mate, item: _Item | None) -> Alternative | None:
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
    return Alternative(tuple(boards), v.criterion, None if v.bracket is None else v.bracket + 1,
                       _bracket_score(ev, v.bracket), shown[0], shown[1], better, text)


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


def _float_reason(ev: Evaluator, mate: Mate, x: int, item: _Item | None) -> FloatReason:
    """Why ``x`` floats (Art. 1.4): nobody on the same score it may meet (C1/C3), or the closest
    alternative in which it does not float, with the criterion that alternative loses on."""
    st = ev.state
    px = st.players[x]
    y = mate[x]
    assert y is not None
    py = st.players[y]
    down = px.score > py.score
    own = [z for z in ev.groups[ev.group_of[x]] if z != x]
    alt = _alternative(ev, mate, item)
    pts = score_text(px.score)
    crit: str | None
    if not own:
        crit = None
        reason = f"{x} is the only player on {points_text(pts)}"
    else:
        blocked = [(z, hit) for z in own if (hit := pair_breach(st, px, st.players[z])) is not None]
        if len(blocked) == len(own):
            kinds = sorted({hit[0] for _, hit in blocked})
            crit = kinds[0]
            detail = "; ".join(hit[1] for _, hit in blocked[:6]) + ("; ..." if len(blocked) > 6 else "")
            reason = (f"{x} may not meet any other player on {points_text(pts)} "
                      f"({', '.join(f'{c}, Art. {article(c)}' for c in kinds)}): {detail}")
        elif alt is not None:
            crit = alt.criterion
            if alt.better:
                reason = f"the checker found a better pairing in which {x} does not float: {alt.text}"
            else:
                verb = "stay in the scoregroup" if down else "meet a player on the same score"
                reason = f"for {x} to {verb}, the closest pairing the checker found is worse: {alt.text}"
        else:
            crit = None
            reason = (f"{x} could meet {len(own) - len(blocked)} other player(s) on {points_text(pts)}, but no pairing "
                      "the checker's search tried pairs them so and keeps the rest of the round legal")
    return FloatReason(x, "down" if down else "up", pts, score_text(py.score), crit, reason, alt)


def _bye_reasons(ev: Evaluator, x: int, item: _Item | None,
                 mate: Mate) -> ByeExplanation:
    """Why ``x`` received the PAB: C2 (eligible), C5 (lowest score possible), C9 (fewest unplayed
    rounds), then the generation order; and the closest alternative that gives it to another."""
    st = ev.state
    p = st.players[x]
    alt = _alternative(ev, mate, item)
    reasons: list[tuple[str, str]] = []
    others = [q for q in st.players.values() if q.id != x]
    banned = [q for q in others if q.pab_ban is not None]
    reasons.append(("C2", f"{x} may receive it: no earlier PAB, forfeit win or full-point bye"
                    + (f"; C2 rules out {len(banned)} other player(s), e.g. {banned[0].id} ({banned[0].pab_ban})"
                       if banned else "")))
    pts = score_text(p.score)
    lower = [q for q in others if q.score < p.score and q.pab_ban is None]
    if not lower:
        reasons.append(("C5", f"nobody who may receive it has less than {points_text(pts)}: "
                              "the PAB goes to the lowest score possible"))
    else:
        reasons.append(("C5", f"{len(lower)} player(s) who may receive it have fewer points; "
                              "the alternative below says what giving it to another costs"))
    same = [q for q in others if q.score == p.score and q.pab_ban is None]
    if same:
        fewer = [q for q in same if q.unplayed < p.unplayed]
        if not fewer:
            reasons.append(("C9", f"{x} has {p.unplayed} unplayed round(s) before this one; nobody else who may "
                                  f"receive it on {points_text(pts)} has fewer"))
        else:
            reasons.append(("C9", f"{x} has {p.unplayed} unplayed round(s); {len(fewer)} player(s) on {points_text(pts)} "
                                  "have fewer (see the alternative below)"))
        if all(ev.rank[q.id] < ev.rank[x] for q in same):
            reasons.append(("order", f"{x} is the lowest-ranked of them (Art. 1.2): the generation order "
                                     "(Art. 3.8, Art. 4) leaves the lowest-ranked player over first"))
    return ByeExplanation(x, pts, p.unplayed, tuple(reasons), alt)


def explain_round(t: Tournament, rnd: int, *, engine: bool | None = None,
                  total_rounds: int | None = None) -> RoundExplanation:
    """The checker's verdict on round ``rnd`` and the explanation of each board and of the PAB.

    ``engine``/``total_rounds``: as :func:`checker.dutch.check.check_round`."""
    st = round_state(t, rnd, total_rounds=total_rounds)
    g = given_pairing(t, rnd)
    ev = Evaluator(st)
    valid = [(w, b) for w, b in g.boards if w in st.players and b in st.players]
    ordered = board_order(st, valid)
    mate: Mate = {}
    for w, b in ordered:
        mate[w], mate[b] = b, w
    if g.bye is not None and g.bye in st.players:
        mate[g.bye] = None
    board_of = {x: k for k, bd in enumerate(ordered) for x in bd}
    collect = _Collector(ev, mate, board_of)
    report = check_round(t, rnd, engine=engine, total_rounds=total_rounds, observe=collect)
    notes: list[str] = []
    edition = edition_of(t)[0]
    if edition != st.edition:
        notes.append(f"the round's verdict and the alternatives are by the {edition} Dutch rules (the file's); "
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
        floats = tuple(_float_reason(ev, mate, x, collect.floats.get(x))
                       for x in (w, b) if x in collect.floaters)
        al = allocate(pw, pb, st.initial_colour)
        high, low = (pw, pb) if pw.rank_key() < pb.rank_key() else (pb, pw)
        boards.append(BoardExplanation(
            board=k + 1, white=w, black=b, white_score=score_text(pw.score), black_score=score_text(pb.score),
            bracket=bi + 1, bracket_score=score_text(br.score), mdps=br.mdps, heterogeneous=bool(br.mdps),
            floats=floats, colour_rule=al.rule, colour_text=RULES[al.rule],
            colour_detail=_colour_detail(al.rule, high, low, st.initial_colour),
            colours_agree=al.white == w, preferences=(preference_text(pw), preference_text(pb)),
            history=(_float_history(pw), _float_history(pb)),
            alternative=_alternative(ev, mate, collect.boards.get(k)),
            topscorers=tuple(x for x in (w, b) if st.players[x].topscorer)))
    bye = None if g.bye is None else _bye_reasons(ev, g.bye, collect.pab, mate)
    if not report.ok and not collect.count:
        notes.append("the checker's quality search did not run (an absolute criterion is broken)")
    return RoundExplanation(rnd, report, tuple(boards), bye, _alternative(ev, mate, collect.round), collect.count,
                            tuple(notes))


# --------------------------------------------------------------------------- every round

_SHARED: dict[str, Any] = {}


def _explain_in_worker(rnd: int) -> RoundExplanation:
    return explain_round(_SHARED["t"], rnd, engine=_SHARED["engine"], total_rounds=_SHARED["total_rounds"])


def _start_worker(t: Tournament, engine: bool | None, total_rounds: int | None) -> None:
    _SHARED.update(t=t, engine=engine, total_rounds=total_rounds)


def explain_rounds(t: Tournament, rounds: list[int], *, jobs: int = 1, engine: bool | None = None,
                   total_rounds: int | None = None,
                   progress: Callable[[int], None] | None = None) -> list[RoundExplanation]:
    """:func:`explain_round` for each of ``rounds``, in order.  Rounds are independent, so with
    ``jobs`` > 1 they are explained in that many worker processes (forked where the platform
    allows it: the tournament is not copied through a pipe); ``progress`` is called with each
    round as it completes."""
    todo = list(rounds)
    if jobs <= 1 or len(todo) <= 1:
        out = []
        for r in todo:
            out.append(explain_round(t, r, engine=engine, total_rounds=total_rounds))
            if progress is not None:
                progress(r)
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    done: dict[int, RoundExplanation] = {}
    with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=ctx, initializer=_start_worker,
                             initargs=(t, engine, total_rounds)) as pool:
        futures = {pool.submit(_explain_in_worker, r): r for r in todo}
        for f in as_completed(futures):
            e = f.result()
            done[e.round] = e
            if progress is not None:
                progress(e.round)
    return [done[r] for r in todo]


# --------------------------------------------------------------------------- reading back


def round_key(t: Tournament, rnd: int, *, engine: bool | None = None, total_rounds: int | None = None) -> str:
    """A digest of everything the explanation of round ``rnd`` depends on: every player's rounds
    up to ``rnd`` (TPNs, scores, colours, floats, C2 and the given pairing come from them), the
    number of rounds (topscorers), the initial colour, forbidden pairs, acceleration and scoring
    of the round, the engine option, and the checker's own source (a new reading of the rules
    invalidates every stored explanation)."""
    import hashlib
    from pathlib import Path

    h = hashlib.sha256()
    for src in sorted(Path(__file__).parent.glob("*.py")):
        h.update(src.read_bytes())
    h.update(repr((rnd, engine, total_rounds or t.total_rounds, t.initial_colour, t.scoring)).encode())
    h.update(repr(sorted(tuple(sorted(p)) for p in t.forbidden(rnd))).encode())
    h.update(repr(sorted((k, v.value) for k, v in t.declared_absences(rnd).items())).encode())
    for p in sorted(t.players, key=lambda q: q.start_rank):
        h.update(repr((p.start_rank, p.rounds[:rnd], [t.acceleration(p.start_rank, r) for r in range(1, rnd + 1)]))
                 .encode())
    return h.hexdigest()


def _alt(d: dict[str, Any] | None) -> Alternative | None:
    if d is None:
        return None
    return Alternative(tuple((b[0], b[1]) for b in d["boards"]), d["criterion"], d["bracket"], d["bracket_score"],
                       d["given_value"], d["alternative_value"], d["better"], d["text"])


def explanation_from_dict(d: dict[str, Any]) -> RoundExplanation:
    """A :class:`RoundExplanation` from its :meth:`RoundExplanation.as_dict` (and the report's
    ``as_dict`` under ``"report"``): the inverse, for explanations stored between publications."""
    r = d["report"]
    report = RoundReport(
        r["round"], r["players"], tuple((b[0], b[1]) for b in r["boards"]), r["bye"],
        [Finding(f["kind"], f["criterion"], f["message"], tuple((b[0], b[1]) for b in f["boards"]), f["bracket"],
                 f["given_value"], f["candidate_value"]) for f in r["findings"]],
        None if r["candidate"] is None else tuple((b[0], b[1]) for b in r["candidate"]["boards"]),
        None if r["candidate"] is None else r["candidate"]["bye"],
        r["brackets"], list(r["candidate_sources"]), list(r["notes"]), r["engine_disagrees"],
        r.get("edition", "2026"), r.get("edition_reason", ""))  # stores written before editions lack them
    boards = tuple(BoardExplanation(
        b["board"], b["white"], b["black"], b["white_score"], b["black_score"], b["bracket"], b["bracket_score"],
        tuple(b["mdps"]), b["heterogeneous"],
        tuple(FloatReason(f["player"], f["direction"], f["score"], f["opponent_score"], f["criterion"], f["reason"],
                          _alt(f["alternative"])) for f in b["floats"]),
        b["colour_rule"], b["colour_text"], b["colour_detail"], b["colours_agree"],
        (b["preferences"][0], b["preferences"][1]), (b["history"][0], b["history"][1]), _alt(b["alternative"]),
        tuple(b["topscorers"])) for b in d["boards"])
    y = d["bye"]
    bye = None if y is None else ByeExplanation(
        y["player"], y["score"], y["unplayed"], tuple((x["criterion"], x["text"]) for x in y["reasons"]),
        _alt(y["alternative"]))
    return RoundExplanation(d["round"], report, boards, bye, _alt(d["best_alternative"]), d["alternatives"],
                            tuple(d["own_notes"]))
