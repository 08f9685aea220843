"""Two pairings of the same round, judged by the checker's reading of the rules: which one the
Dutch system (C.04.3, 2026) prefers, and by which criterion.

This is what a conformance run needs when two programs pair a round differently: neither is
taken as the reference; the checker says which pairing follows the rules better.  In order:

1. the players to pair (C.04.3 Art. 1.1.4: everyone not declared absent for the round, with at
   most one PAB): a pairing that leaves out a player or pairs an absent one loses;
2. the absolute criteria C1-C3 (Art. 2.1) and the PAB's C2: a pairing that breaks one loses;
3. when both make the same pairs, the colours (Art. 5.2): a board whose colours the rules give
   the other way loses, with the rule that decides;
4. otherwise Art. 3.8: C5 round-wide, then bracket by bracket C6-C21, then the generation order
   of Art. 4 (:func:`checker.dutch.check.compare`).

The pairings are written into the tournament as it stood before the round; nothing here reads
the pairing engine.
"""

from __future__ import annotations

from dataclasses import replace

from checker.dutch.check import compare, order_reason
from checker.dutch.colours import allocate
from checker.dutch.criteria import CRITERIA, Evaluator, Mate, describe, pair_breach, show_value
from checker.dutch.sentences import (Names, breach_sentence, cap, cited, colour_sentence, names_of, plain_of,
                                     verdict_sentence)
from checker.dutch.state import RoundState, mate_of, round_state
from checker.judgement import Judgement, RoundPairing
from checker.report import who
from trf.edit import with_pairing
from trf.model import Result, Tournament

__all__ = ["judge", "article_of"]

_DECLARED = (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE)


def article_of(criterion: str | None) -> str | None:
    """The article of C.04.3 a criterion comes from (``order``: Art. 3.8 and 4)."""
    if criterion is None:
        return None
    if criterion in CRITERIA:
        return CRITERIA[criterion][0]
    if criterion.startswith("5."):
        return criterion
    return {"order": "3.8", "players": "1.1.4"}.get(criterion)


def _to_pair(t: Tournament, rnd: int) -> set[int]:
    absent = t.declared_absences(rnd)
    return {p.start_rank for p in t.players} - set(absent)


def _absolute(st: RoundState, p: RoundPairing, names: Names | None = None) -> list[tuple[str, str, str]]:
    """Each absolute criterion ``p`` breaks: (criterion, reason, the reason read aloud)."""
    out: list[tuple[str, str, str]] = []
    seen: set[int] = set()
    for w, b in p.boards:
        for x in (w, b):
            if x in seen:
                out.append(("C4", f"{x} is on more than one board",
                            f"each player plays on one board only, but {who(x, names)} is on more than one"))
            seen.add(x)
        if w in st.players and b in st.players:
            hit = pair_breach(st, st.players[w], st.players[b])
            if hit is not None:
                out.append((*hit, breach_sentence(st, st.players[w], st.players[b], hit[0], names)))
    if p.bye is not None and p.bye in st.players and st.players[p.bye].pab_ban is not None:
        ban = st.players[p.bye].pab_ban
        out.append(("C2", f"{p.bye} received the PAB but {ban}",
                    f"{cap(plain_of('C2'))} ({cited('C2')}): {who(p.bye, names)} received the bye but "
                    + str(ban).replace("received the PAB", "had the pairing-allocated bye")))
    return out


def _colour_errors(st: RoundState, p: RoundPairing, names: Names | None = None) -> list[tuple[str, str, str]]:
    """Each board of ``p`` whose colours Art. 5.2 gives the other way: (rule, reason, read aloud)."""
    out = []
    for w, b in p.boards:
        if w in st.players and b in st.players:
            al = allocate(st.players[w], st.players[b], st.initial_colour)
            if al.white != w:
                out.append((al.rule, f"board {w}-{b}: {al.why}, so {al.white} should have White",
                            colour_sentence(st, w, b, al.white, al.rule, names)))
    return out


def _text(items: list[tuple[str, str, str]]) -> tuple[str, ...]:
    return tuple(f"{c}: {why}" for c, why, _ in items)


def judge(before: Tournament, rnd: int, a: RoundPairing, b: RoundPairing, *, total_rounds: int | None = None,
          labels: tuple[str, str] = ("the first pairing", "the second pairing")) -> Judgement:
    """Which of ``a`` and ``b`` pairs round ``rnd`` of ``before`` (the tournament before the round,
    its declared byes and absences in place) better by the rules; ``labels`` name the two in the
    message.  The verdict names the article of the criterion that decides."""
    j = _judge(before, rnd, a, b, total_rounds, labels)
    return replace(j, article=article_of(j.criterion),
                   sentence=(j.sentence[:1].upper() + j.sentence[1:] + ".") if j.sentence else "")


def _judge(before: Tournament, rnd: int, a: RoundPairing, b: RoundPairing, total_rounds: int | None,
           labels: tuple[str, str]) -> Judgement:
    la, lb = labels
    names = names_of(before)
    expected = _to_pair(before, rnd)
    wrong = []
    for side, p in (("a", a), ("b", b)):
        got = p.players()
        if sorted(got) != sorted(expected) or len(set(got)) != len(got):
            missing = sorted(expected - set(got))
            extra = sorted(set(got) - expected)
            why = "; ".join(x for x in (f"leaves out {', '.join(map(str, missing))}" if missing else "",
                                        f"pairs {', '.join(map(str, extra))}, declared absent or unknown" if extra else "",
                                        "pairs a player twice" if len(set(got)) != len(got) else "") if x)
            said = "; ".join(x for x in (
                f"leaves out {', '.join(who(x, names) for x in missing)}" if missing else "",
                f"pairs {', '.join(who(x, names) for x in extra)}, declared absent or unknown" if extra else "",
                "pairs a player twice" if len(set(got)) != len(got) else "") if x)
            wrong.append((side, why, said))
    rule = f"{plain_of('players')} ({cited('players')})"
    if wrong:
        if len(wrong) == 2:
            return Judgement("neither", "players", f"both pair the wrong players: {la} {wrong[0][1]}; "
                                                   f"{lb} {wrong[1][1]}", a.pairs == b.pairs,
                             sentence=f"{rule}: {la} {wrong[0][2]}, and {lb} {wrong[1][2]}")
        side, why, said = wrong[0]
        loser = la if side == "a" else lb
        return Judgement("b" if side == "a" else "a", "players",
                         f"{loser} {why} (Art. 1.1.4: every player not declared absent is paired)",
                         a.pairs == b.pairs, sentence=f"{rule}: {loser} {said}")
    st = round_state(with_pairing(before, rnd, a.boards, a.bye), rnd, total_rounds=total_rounds)
    abs_a, abs_b = _absolute(st, a, names), _absolute(st, b, names)
    col_a, col_b = _colour_errors(st, a, names), _colour_errors(st, b, names)
    br_a, br_b = _text(abs_a + col_a), _text(abs_b + col_b)
    if abs_a or abs_b:
        if abs_a and abs_b:
            return Judgement("neither", None, f"both break an absolute criterion: {la} {abs_a[0][0]}, "
                                              f"{lb} {abs_b[0][0]}", a.pairs == b.pairs, breaches_a=br_a, breaches_b=br_b,
                             sentence=f"both break a rule that may not be broken: {la}: {abs_a[0][2]}; "
                                      f"{lb}: {abs_b[0][2]}")
        c, why, said = (abs_b if abs_b else abs_a)[0]
        loser = lb if abs_b else la
        return Judgement("a" if abs_b else "b", c, f"{loser} breaks {describe(c)}: {why}",
                         a.pairs == b.pairs, breaches_a=br_a, breaches_b=br_b, sentence=f"{said}, in {loser}")
    if a.pairs == b.pairs:
        if set(a.boards) == set(b.boards):
            return Judgement("same", None, "the same boards and colours", True,
                             sentence="the two pairings have the same boards and colours")
        if col_a and col_b:
            return Judgement("neither", col_a[0][0], f"colours: both have errors ({la}: {col_a[0][1]}; {lb}: {col_b[0][1]})",
                             True, breaches_a=br_a, breaches_b=br_b,
                             sentence=f"both give colours against the rules: {la}: {col_a[0][2]}; {lb}: {col_b[0][2]}")
        c, why, said = (col_b if col_b else col_a)[0]
        loser = lb if col_b else la
        return Judgement("a" if col_b else "b", c, f"the same pairs, but {loser} colours a board against Art. {c}: {why}", True,
                         breaches_a=br_a, breaches_b=br_b, sentence=f"the same pairs, but in {loser}: {said}")
    ev = Evaluator(st)
    mate_a = mate_of(a.boards, a.bye)
    v = compare(ev, mate_a, mate_of(b.boards, b.bye))
    if v is None:  # not reached: the pairs differ
        return Judgement("same", None, "the checker finds no difference", False, breaches_a=br_a, breaches_b=br_b,
                         sentence="the checker finds no difference between the two pairings")
    said = verdict_sentence(ev, v, names, mate=mate_a, this=la, other=lb)
    first = la if v.winner == "a" else lb
    where = "the round" if v.bracket is None else f"bracket {v.bracket + 1}"
    if v.criterion == "order":
        ka, kb = (v.value_a, v.value_b) if v.winner == "a" else (v.value_b, v.value_a)
        msg = (f"in {where} both tie on every criterion and {first} comes first in the generation order (Art. 3.8): "
               f"{order_reason(ka, kb)}")
        return Judgement(v.winner, "order", msg, False, None if v.bracket is None else v.bracket + 1,
                         breaches_a=br_a, breaches_b=br_b, sentence=said)
    crit = "C7" if v.criterion == "C5" else v.criterion
    va, vb = show_value(crit, v.value_a), show_value(crit, v.value_b)
    msg = f"in {where}, {describe(v.criterion)}: {la} {va}, {lb} {vb}"
    return Judgement(v.winner, v.criterion, msg, False, None if v.bracket is None else v.bracket + 1, va, vb,
                     br_a, br_b, sentence=said)
