"""``--why-not A-B`` (C.04.4.3, 2026): which article keeps ``A`` and ``B`` apart, by the checker's
own derivation of the round (:mod:`checker.lim.procedure`): the first step at which one of them
is paired with someone else, floats away from the other's scoregroup or has the bye."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from checker.lim.check import HANDBOOK, WORDS, derivation, given_round
from checker.lim.procedure import NoLimPairing
from checker.report import WhyNot
from checker.swiss_round import show_score
from trf.model import Tournament

__all__ = ["why_not"]


def _answer(rnd: int, pair: tuple[int, int], verdict: str, rule: Optional[str], message: str,
            article: Optional[str] = None) -> WhyNot:
    art = article or rule
    words = WORDS.get(rule or "", "")
    where = f" ({art if art and art.startswith('C.') else f'{HANDBOOK} Art. {art}'})" if art else ""
    return WhyNot(rnd, pair, verdict, rule, message, sentence=message + (f": {words}" if words else "") + where + ".")


def why_not(t: Tournament, rnd: int, a: int, b: int, *, total_rounds: Optional[int] = None,
            maxi: bool = False) -> WhyNot:
    """Why players ``a`` and ``b`` (start ranks) are not paired in round ``rnd`` of ``t``."""
    pair = (a, b)
    f, d = derivation(t, rnd, total_rounds, maxi)
    boards, _ = given_round(t, rnd)
    for x in pair:
        if x not in f.seats:
            return _answer(rnd, pair, "impossible", None, f"player {x} is not paired in round {rnd} (absent, a "
                           "requested bye, or no such player)")
    if a == b:
        return _answer(rnd, pair, "impossible", None, "a player cannot play themselves")
    if any({w, x} == {a, b} for w, x in boards):
        return _answer(rnd, pair, "given", None, f"{a}-{b} is paired in round {rnd}")
    key = frozenset(pair)
    if key in f.met:
        return _answer(rnd, pair, "impossible", "2.1", f"{a} and {b} played each other before")
    if key in f.forbidden:
        return _answer(rnd, pair, "impossible", "2.1", f"{a}-{b} is a pair the file forbids")
    if not f.compatible(a, b):
        return _answer(rnd, pair, "impossible", "2.1", f"no colours keep both {a} and {b} inside the limits "
                       "(a third colour in a row, or three more of one colour)")
    if isinstance(d, NoLimPairing):
        return _answer(rnd, pair, "incomplete", d.article, f"the checker's procedure finds no pairing: {d}")
    cand = tuple((w, x) for w, x, _ in d.boards)
    if key in d.pair_set():
        return WhyNot(rnd, pair, "better", None, f"the Lim pairing (the checker's derivation) pairs {a}-{b}; the "
                      "given round departs from it", cand, d.pab,
                      f"By the checker's derivation {a} and {b} should meet; the given round departs from it.")
    if d.pab in pair:
        art = "7.1" if rnd == 1 else "1.1"
        return WhyNot(rnd, pair, "worse", art, f"the bye goes to {d.pab} (Art. {art})", cand, d.pab,
                      f"{d.pab} has the bye: {WORDS[art]} ({HANDBOOK} Art. {art}).")
    for s in d.steps:
        if s.kind == "float" and s.players[0] in pair:
            x = s.players[0]
            y = b if x == a else a
            return WhyNot(rnd, pair, "worse", s.article, f"{x} floats out of scoregroup {show_score(s.group if s.group is not None else Fraction(0))} "
                          f"before meeting {y}: {s.reason}", cand, d.pab,
                          f"{x} floats out of the scoregroup of {show_score(s.group if s.group is not None else Fraction(0))} points: {s.reason} "
                          f"({HANDBOOK} Art. {s.article}).")
        if s.kind == "pair" and set(s.players) & set(pair):
            p, q = s.players
            other = b if p == a else a if p == b else None
            if other is not None and other in dict(s.skipped):
                why = dict(s.skipped)[other]
                text = {"2.1": "they are not compatible", "4.4": "the others of the group could not all be paired",
                        "5.2": f"{q} is due the other colour", "5.7": "not within 100 rating points",
                        "3.8": "not within 100 rating points"}.get(why, why)
                return WhyNot(rnd, pair, "worse", why, f"{p} meets {q}: with {other} {text}", cand, d.pab,
                              f"{p} meets {q} instead: with {other}, {text} ({HANDBOOK} Art. {why}).")
            x = p if p in pair else q
            return WhyNot(rnd, pair, "later", s.article, f"{x} is paired first with {q if x == p else p}: "
                          f"{s.reason}", cand, d.pab,
                          f"{x} is paired first with {q if x == p else p}: {s.reason} ({HANDBOOK} Art. {s.article}).")
    return _answer(rnd, pair, "worse", "2.2", f"{a} and {b} are paired in different scoregroups")
