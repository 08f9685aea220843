"""Which of two pairings of a round follows C.04.4.1 (2026) better, by the checker's own reading:
each written into the round (:func:`trf.edit.with_pairing`) and judged (:func:`checker.dubov.check_round`).

The rules fix one pairing of a round (the PAB by Art. 3.1, each bracket's upfloaters by C5-C10
and Art. 4.2, its pairs by Art. 3.2.3-3.2.6 and 4.3-4.4, the colours by Art. 5.2), so the
pairing the checker accepts is the better one, and the first rule the other breaks decides.
When the checker flags both (or neither) nothing is decided: ``neither``."""

from __future__ import annotations

from typing import Optional

from checker.dubov.check import ARTICLES, check_round
from checker.judgement import Judgement, RoundPairing
from checker.report import RoundReport
from trf.edit import with_pairing
from trf.model import Tournament

__all__ = ["judge"]


def _breaches(r: RoundReport) -> tuple[str, ...]:
    return tuple(f.message for f in r.findings if f.kind in ("absolute", "completion", "colour"))


def judge(before: Tournament, rnd: int, a: RoundPairing, b: RoundPairing, *, total_rounds: Optional[int] = None,
          labels: tuple[str, str] = ("the first pairing", "the second pairing")) -> Judgement:
    """Pairing ``a`` against pairing ``b`` of round ``rnd`` of ``before`` (the file without the
    round, or with it: the round is written over) (module docstring)."""
    same_pairs = a.pairs == b.pairs and a.bye == b.bye
    if set(a.boards) == set(b.boards) and a.bye == b.bye:
        return Judgement("same", None, "the same boards, colours and PAB", True)
    ra = check_round(with_pairing(before, rnd, a.boards, a.bye), rnd, total_rounds=total_rounds)
    rb = check_round(with_pairing(before, rnd, b.boards, b.bye), rnd, total_rounds=total_rounds)
    if ra.ok == rb.ok:
        if ra.ok:
            message = f"the checker finds both {labels[0]} and {labels[1]} conforming"
            return Judgement("neither", None, message, same_pairs)
        fa, fb = ra.findings[0], rb.findings[0]
        message = (f"both break a rule: {labels[0]} {fa.criterion} ({fa.message}); "
                   f"{labels[1]} {fb.criterion} ({fb.message})")
        return Judgement("neither", None, message, same_pairs, breaches_a=_breaches(ra), breaches_b=_breaches(rb))
    winner, loser, report = ("a", labels[1], rb) if ra.ok else ("b", labels[0], ra)
    first = report.findings[0]
    rule = first.criterion or ""
    article = ARTICLES.get(rule, rule)
    message = f"{loser} breaks {rule} (C.04.4.1 Art. {article}): {first.message}"
    return Judgement(winner, rule, message, same_pairs, first.bracket, breaches_a=_breaches(ra),
                     breaches_b=_breaches(rb), article=article)
