"""A round checked against C.04.4.1 (2026): the checker's own reading.

Order of the checks, as the procedure of Art. 1.9 meets them:

1. every player to pair is paired or has the PAB (Art. 1.9), and the given pairs and PAB keep the
   absolute criteria: [C1] no rematch, [C2] no PAB for a player it bars, [C3] no meeting of two
   players with the same absolute colour preference;
2. the PAB (Art. 3.1.2-3.1.5);
3. each bracket top-down (Art. 3.2): the residents of the highest score left and the upfloaters
   the given round gives them; its value on C5-C10 against the best, then the upfloater set
   (Art. 4.2), the split into G1 and G2 (Art. 3.2.4, 4.3) and the transposition (Art. 4.4)
   (:mod:`checker.dubov.search`);
4. every board's colours (Art. 5.2).

Steps 1-3 stop at the first finding (later brackets are made of other players than the rules
would leave); step 4 judges every board.  Board order (C.04.2 Art. 3.6) is a recommendation and
is not judged.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

from checker.dubov.colours import WORDS, white_of
from checker.dubov.search import BracketSearch, TooLarge
from checker.dubov.state import RoundFacts, complete, facts
from checker.report import EngineCandidate, Finding, RoundReport
from checker.swiss_round import SwissSeat, given_round, judge_round, pab_player
from checker.swiss_round import show_score as _show
from trf.model import Colour, Result, Tournament

__all__ = ["check_round", "given_round", "initial_colour", "pab_choice", "ARTICLES", "TITLE", "total_of"]

TITLE = "C.04.4.1 (2026)"

#: The article of each rule a finding names.
ARTICLES = {"C1": "2.1.1", "C2": "2.1.2", "C3": "2.1.3", "C4": "2.2.1", "C5": "2.3.1", "C6": "2.3.2",
            "C7": "2.3.3", "C8": "2.3.4", "C9": "2.3.5", "C10": "2.3.6", "4.2": "4.2", "4.3": "3.2.4",
            "order": "4.4", "1.9": "1.9", "3.1.2": "3.1.2", "3.1.3": "3.1.3", "3.1.4": "3.1.4", "3.1.5": "3.1.5",
            **{k: k for k in WORDS}}


def total_of(t: Tournament, total_rounds: Optional[int], rnd: int) -> int:
    """The number of rounds (MaxT, Art. 1.8.2; the last round, C8-C10); when the file does not
    say, the round checked is taken as not the last."""
    total = total_rounds if total_rounds is not None else t.total_rounds
    return total if total is not None else max(rnd + 1, t.rounds_paired + 1)



def initial_colour(t: Tournament, f1: Optional[RoundFacts] = None) -> Optional[Colour]:
    """Art. 5.1: the file's initial colour, else the one round 1 shows (its first game: the
    higher-ranked player, more points then the smaller TPN, had it if their TPN is odd)."""
    if t.initial_colour is not None:
        return t.initial_colour
    f = f1 if f1 is not None else facts(t, 1, max(t.total_rounds or 1, 1))
    for g in t.games(1):
        if g.white in f.seats and g.black in f.seats:
            a, b = f.seats[g.white], f.seats[g.black]
            hi = a if a.rank < b.rank else b
            got = Colour.WHITE if hi is a else Colour.BLACK
            return got if hi.tpn % 2 else (Colour.BLACK if got is Colour.WHITE else Colour.WHITE)
    return None


def _finding(kind: str, rule: str, message: str, **kw: Any) -> Finding:
    return Finding(kind, rule, message, article=ARTICLES.get(rule, rule), **kw)


def pab_choice(f: RoundFacts) -> Optional[int]:
    """Art. 3.1: the PAB's player by the checker's reading (``None``: an even field or nobody)."""
    return pab_player(f, lambda p: (-f.seats[p].tpn,))


def brackets_of(f: RoundFacts, opponent: dict[int, int], pab: Optional[int]
                ) -> list[tuple[Fraction, list[int], list[int], list[int]]]:
    """The given round cut into brackets top-down: (score, residents, upfloaters, lower pool)."""
    todo = [p for p in f.seats if p != pab]
    out = []
    while todo:
        top = max(f.seats[p].score for p in todo)
        residents = [p for p in todo if f.seats[p].score == top]
        lower = [p for p in todo if f.seats[p].score != top]
        ups = [p for p in lower if opponent.get(p) in residents]
        out.append((top, residents, ups, lower))
        gone = set(residents) | set(ups)
        todo = [p for p in todo if p not in gone]
    return out


def check_round(t: Tournament, rnd: int, *, engine: Optional[EngineCandidate] = None,
                total_rounds: Optional[int] = None, rules_reason: str = "") -> RoundReport:
    """Round ``rnd`` of ``t`` judged by the checker's reading of C.04.4.1 (module docstring)."""
    boards, pab = given_round(t, rnd)
    total = total_of(t, total_rounds, rnd)
    f = facts(t, rnd, total)
    report = RoundReport(rnd, len(f.seats), boards, pab, edition=TITLE, edition_reason=rules_reason)
    judge_round(report, f, boards, pab, finding=_finding, completion_rule="1.9", pab_choice=lambda: pab_choice(f),
                last_step=_larger_tpn, brackets=lambda opponent: _brackets(f, opponent, pab, report),
                initial=initial_colour(t), white_of=white_of, words=WORDS, engine=engine,
                total=lambda: total)
    return report


def _larger_tpn(given: SwissSeat, rules: SwissSeat) -> str:
    """Art. 3.1.5: of players equal so far, the PAB goes to the largest TPN."""
    return f"{rules.id} has the larger TPN ({rules.tpn} > {given.tpn})"


def _brackets(f: RoundFacts, opponent: dict[int, int], pab: Optional[int], report: RoundReport) -> None:
    for k, (score, residents, ups, lower) in enumerate(brackets_of(f, opponent, pab), start=1):
        members = set(residents) | set(ups)
        pairs = sorted({tuple(sorted((p, opponent[p]))) for p in residents if opponent.get(p) in members})
        entry: dict[str, Any] = {"score": _show(score), "members": sorted(members, key=lambda p: f.seats[p].tpn),
                                 "pairs": [list(x) for x in pairs], "upfloaters": sorted(ups)}
        report.brackets.append(entry)
        search = BracketSearch(f, residents, lower)
        if not complete(f, [p for p in lower if p not in members]):
            report.findings.append(_finding("completion", "C4", f"bracket {k} ({_show(score)}): the upfloaters "
                                            f"{sorted(ups)} leave no complete pairing below", bracket=k))
            return
        try:
            first = search.first()
        except TooLarge as exc:
            report.notes.append(f"bracket {k} not searched: {exc}")
            continue
        if first is None:
            report.findings.append(_finding("completion", "C4", f"bracket {k} ({_show(score)}) cannot be paired",
                                            bracket=k))
            return
        best, best_ups = first
        given = search.value(pairs, ups)  # type: ignore[arg-type]
        rule = given.first_difference(best)
        if rule is not None and given < best:
            report.notes.append(f"bracket {k}: the given pairing is better than the checker's best on {rule}")
            continue
        if rule is not None:
            report.findings.append(_finding("quality", rule, f"bracket {k} ({_show(score)}): {given.show(rule)} "
                                            f"where {best.show(rule)} can be had (upfloaters "
                                            f"{', '.join(map(str, best_ups)) or 'none'})", bracket=k,
                                            given=given.show(rule), better=best.show(rule), boards=tuple(pairs)))
            return
        if set(best_ups) != set(ups):
            report.findings.append(_finding("order", "4.2", f"bracket {k} ({_show(score)}): equal on C1-C10, but the "
                                            f"upfloaters {', '.join(map(str, best_ups))} come before "
                                            f"{', '.join(map(str, sorted(ups)))} in the order of Art. 4.2",
                                            bracket=k, boards=tuple(pairs)))
            return
        s1, t2, want = search.expected(list(best_ups))
        entry["g1"], entry["g2"] = s1, t2
        if {frozenset(x) for x in want} != {frozenset(x) for x in pairs}:
            side = set(s1)
            across = all((a in side) != (b in side) for a, b in pairs)
            rule = "order" if across else "4.3"
            why = ("S1 meets the first transposition of G2 (Art. 4.4)" if across else
                   "G1 and G2 are composed so (Art. 3.2.4, 4.3)")
            report.findings.append(_finding("order", rule, f"bracket {k} ({_show(score)}): equal on C1-C10, but "
                                            f"{', '.join(f'{a}-{b}' for a, b in want)} comes first: {why}",
                                            bracket=k, boards=tuple(pairs)))
            report.candidate = tuple(want)
            return
