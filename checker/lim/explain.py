"""Why each board of a Lim round (C.04.4.3, 2026) is paired as it is, by the checker's own
derivation (:mod:`checker.lim.procedure`): the step that made the pair and its article, the
floats, the colour rule of Art. 5 (round 1: 7.2), the bye (Art. 1.1 / 7.1).  Nothing asks the
engine why."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Optional

from checker.explanation import BoardExplanation, ByeExplanation, FloatReason, RoundExplanation, points_text, score_text
from checker.lim.check import ARTICLES, HANDBOOK, WORDS, check_round, derivation, given_round
from checker.lim.procedure import NoLimPairing, Step
from checker.lim.state import Seat
from checker.report import EngineCandidate, who
from trf.model import Colour, Tournament

__all__ = ["explain_round", "float_of"]


def _said(plain: Mapping[str, str], rule: str) -> str:
    art = ARTICLES.get(rule, rule)
    where = art if art.startswith("C.") else f"{HANDBOOK} Art. {art}"
    return f"{plain.get(rule, WORDS.get(rule, rule))} ({where})"


def _due(s: Seat) -> str:
    played = "".join("W" if c is Colour.WHITE else "B" for c in s.history) or "none"
    due = {Colour.WHITE: "White", Colour.BLACK: "Black"}.get(s.due, "none") if s.due is not None else "none"
    return f"due {due} (colours played {played}; Art. 5.1)"


def _floats(w: int, b: int, sw: Fraction, sb: Fraction, names: Mapping[int, str], plain: Mapping[str, str]
            ) -> tuple[FloatReason, ...]:
    if sw == sb:
        return ()
    hi, lo, hs, ls = (w, b, sw, sb) if sw > sb else (b, w, sb, sw)
    text = f"{who(hi, names)} ({points_text(hs)}) and {who(lo, names)} ({points_text(ls)}) meet across scoregroups"
    return (FloatReason(hi, "down", score_text(hs), score_text(ls), "2.3", text, None, "2.3",
                        f"{text}: {_said(plain, '2.3')}"),
            FloatReason(lo, "up", score_text(ls), score_text(hs), "2.3", text, None, "2.3",
                        f"{text}: {_said(plain, '2.3')}"))


def explain_round(t: Tournament, rnd: int, plain: Mapping[str, str], *, engine: Optional[EngineCandidate] = None,
                  total_rounds: Optional[int] = None, rules_reason: str = "", maxi: bool = False) -> RoundExplanation:
    """Round ``rnd`` of ``t`` explained board by board (module docstring); ``plain``: each rule's
    plain words by its name."""
    report = check_round(t, rnd, engine=engine, total_rounds=total_rounds, rules_reason=rules_reason, maxi=maxi)
    f, d = derivation(t, rnd, total_rounds, maxi)
    boards, pab = given_round(t, rnd)
    names = {p.start_rank: p.name for p in t.players}
    made: dict[frozenset[int], Step] = {}
    colour_rule: dict[frozenset[int], tuple[int, str]] = {}
    group_of: dict[frozenset[int], int] = {}
    if not isinstance(d, NoLimPairing):
        for s in d.steps:
            if s.kind == "pair":
                made[frozenset(s.players)] = s
        for w, b, rule in d.boards:
            colour_rule[frozenset((w, b))] = (w, rule)
        for k, g in enumerate(d.groups, start=1):
            for x in g.pairs:
                group_of[frozenset(x)] = k
    out = []
    for number, (w, b) in enumerate(boards, start=1):
        if w not in f.seats or b not in f.seats:
            continue
        key = frozenset((w, b))
        step = made.get(key)
        should, rule = colour_rule.get(key, (w, ""))
        sw, sb = f.seats[w].score, f.seats[b].score
        k = group_of.get(key, 0)
        score = d.groups[k - 1].score if k and not isinstance(d, NoLimPairing) else max(sw, sb)
        why = (f"{step.reason} ({HANDBOOK} Art. {ARTICLES.get(step.article, step.article)})" if step is not None else
               "the checker's derivation pairs these players otherwise")
        colour_sentence = (f"{who(should, names)} has White: {_said(plain, rule)}." if rule else
                           "the checker's derivation does not have this pair")
        out.append(BoardExplanation(
            number, w, b, score_text(sw), score_text(sb), k, score_text(score),
            tuple(x for x in (w, b) if f.seats[x].score != score), sw != sb,
            _floats(w, b, sw, sb, names, plain), rule, WORDS.get(rule, why), why, should == w,
            (_due(f.seats[w]), _due(f.seats[b])), ("", ""), None, (), colour_sentence))
    bye = None
    if pab is not None and pab in f.seats and not isinstance(d, NoLimPairing) and d.pab == pab:
        art = "7.1" if rnd == 1 else "1.1"
        seat = f.seats[pab]
        bye = ByeExplanation(pab, score_text(seat.score), 0, ((art, art, WORDS[art]),), None,
                             (f"{who(pab, names)} has the bye: {_said(plain, art)}.",))
    notes = () if not isinstance(d, NoLimPairing) else (f"the checker's procedure finds no pairing: {d}",)
    return RoundExplanation(rnd, report, tuple(out), bye, None, 0, notes)


def float_of(t: Tournament, pid: int, rnd: int) -> Optional[str]:
    """The float of ``pid`` in round ``rnd``: ``"down"`` when paired with a lower score before the
    round, ``"up"`` with a higher one, ``None`` otherwise or unpaired."""
    e = t.player(pid).entry(rnd)
    if e is None or e.opponent is None:
        return None
    mine, theirs = t.score(pid, through=rnd - 1), t.score(e.opponent, through=rnd - 1)
    return "down" if mine > theirs else "up" if mine < theirs else None
