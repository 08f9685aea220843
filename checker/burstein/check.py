"""A round after the seeding rounds checked against C.04.4.2 (2026): the checker's own reading.

Order of the checks, as the procedure of Art. 1.9.2 meets them:

1. every player to pair is paired or has the PAB (Art. 1.9.1), and the given pairs and PAB keep
   the absolute criteria: [C1] no rematch, [C2] no PAB for a player it bars, [C3] no meeting of
   two players with the same absolute colour preference;
2. the PAB (Art. 3.1.2-3.1.5);
3. each bracket top-down (Art. 3.2): its value on C5-C8 against the best, then its place in the
   order of Art. 4 (:mod:`checker.burstein.search`);
4. every board's colours (Art. 5.2).

Steps 1-3 stop at the first finding (later brackets are made of other players than the rules
would leave); step 4 judges every board.  Board order (C.04.2 Art. 3.6) is a recommendation and
is not judged.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

from checker.burstein.colours import WORDS, white_of
from checker.burstein.layered import LayeredBracket
from checker.burstein.search import BracketSearch, TooLarge, complete
from checker.burstein.state import RoundFacts, facts, seeding_count
from checker.report import EngineCandidate, Finding, RoundReport
from checker.swiss_round import SwissSeat, judge_round, pab_player
from checker.swiss_round import show_score as _show
from trf.model import Colour, Result, Tournament

__all__ = ["check_round", "given_round", "initial_colour", "brackets_of", "ARTICLES", "TITLE"]

TITLE = "C.04.4.2 (2026)"

#: The article of each rule a finding names.
ARTICLES = {"C1": "2.1.1", "C2": "2.1.2", "C3": "2.1.3", "C4": "2.2.1", "C5": "2.3.1", "C6": "2.3.2",
            "C7": "2.3.3", "C8": "2.3.4", "order": "4", "1.9.1": "1.9.1", "3.1.2": "3.1.2", "3.1.3": "3.1.3",
            "3.1.4": "3.1.4", "3.1.5": "3.1.5", **{k: k for k in WORDS}}


def given_round(t: Tournament, rnd: int) -> tuple[tuple[tuple[int, int], ...], Optional[int]]:
    """The round as the file gives it: boards (white, black) and the PAB."""
    boards = tuple((g.white, g.black) for g in t.games(rnd))
    pab = next((b.player for b in t.byes(rnd) if b.kind is Result.PAIRING_ALLOCATED_BYE), None)
    return boards, pab


def initial_colour(t: Tournament) -> Optional[Colour]:
    """Art. 5.1: the file's initial colour, else the one round 1 shows (its first game between
    two players: the smaller start rank had the initial colour if odd)."""
    if t.initial_colour is not None:
        return t.initial_colour
    for g in t.games(1):
        low = min(g.white, g.black)
        got = Colour.WHITE if low == g.white else Colour.BLACK
        return got if low % 2 else (Colour.BLACK if got is Colour.WHITE else Colour.WHITE)
    return None


def _finding(kind: str, rule: str, message: str, **kw: Any) -> Finding:
    return Finding(kind, rule, message, article=ARTICLES.get(rule, rule), **kw)


def pab_choice(f: RoundFacts) -> Optional[int]:
    """Art. 3.1: the PAB's player by the checker's reading (``None``: an even field)."""
    return pab_player(f, lambda p: (f.seats[p].bh, f.seats[p].sb, -f.seats[p].tpn))


def brackets_of(f: RoundFacts, opponent: dict[int, int], pab: Optional[int]
                ) -> list[tuple[Fraction, list[int], list[int], list[int]]]:
    """The given round cut into brackets top-down: (score, members, next scoregroup, rest)."""
    todo = [p for p in f.seats if p != pab]
    scores = sorted({f.seats[p].score for p in todo}, reverse=True)
    group = {s: [p for p in todo if f.seats[p].score == s] for s in scores}
    out = []
    incoming: list[int] = []
    for k, s in enumerate(scores):
        members = incoming + group[s]
        nxt = group[scores[k + 1]] if k + 1 < len(scores) else []
        rest = [p for x in scores[k + 2:] for p in group[x]]
        out.append((s, members, nxt, rest))
        inside = set(members)
        incoming = [p for p in members if opponent.get(p) not in inside]
    return out


def check_round(t: Tournament, rnd: int, *, engine: Optional[EngineCandidate] = None,
                total_rounds: Optional[int] = None, rules_reason: str = "") -> RoundReport:
    """Round ``rnd`` of ``t`` judged by the checker's reading of C.04.4.2 (module docstring)."""
    boards, pab = given_round(t, rnd)
    f = facts(t, rnd)
    report = RoundReport(rnd, len(f.seats), boards, pab, edition=TITLE, edition_reason=rules_reason)
    seeding = seeding_count(t, total_rounds)
    if rnd <= seeding:
        report.notes.append(f"round {rnd} is a seeding round (Art. 1.6): the Dutch system's")
        return report
    judge_round(report, f, boards, pab, finding=_finding, completion_rule="1.9.1", pab_choice=lambda: pab_choice(f),
                last_step=_ranked_lower, brackets=lambda opponent: _brackets(f, opponent, pab, report),
                initial=initial_colour(t), white_of=white_of, words=WORDS, engine=engine,
                total=lambda: total_rounds if total_rounds is not None else (t.total_rounds or 0))
    return report


def _ranked_lower(given: SwissSeat, rules: SwissSeat) -> str:
    """Art. 3.1.5: of players equal so far, the PAB goes to the lowest ranked by Art. 1.8."""
    return f"{rules.id} is ranked lower by Art. 1.8"


#: Floater sets a bracket may have for the set-by-set search (:mod:`checker.burstein.search`,
#: two matchings a set); a bracket with more is judged by one matching of everybody still to pair
#: (:mod:`checker.burstein.layered`).  Read at each round (the tests set it to 0 to judge every
#: bracket both ways).
SEARCH_SETS = 64


def _brackets(f: RoundFacts, opponent: dict[int, int], pab: Optional[int], report: RoundReport) -> None:
    for k, (score, members, nxt, rest) in enumerate(brackets_of(f, opponent, pab), start=1):
        inside = set(members)
        pairs = sorted({tuple(sorted((p, opponent[p]), key=lambda x: f.seats[x].rank)) for p in members
                        if opponent.get(p) in inside})
        floaters = frozenset(p for p in members if opponent.get(p) not in inside)
        search = BracketSearch(f, members, nxt, rest, limit=SEARCH_SETS)
        entry: dict[str, Any] = {"score": _show(score), "members": search.members,
                                 "pairs": [list(x) for x in pairs], "floaters": sorted(floaters)}
        report.brackets.append(entry)
        given = search.value(pairs, floaters)  # type: ignore[arg-type]
        layered: Optional[LayeredBracket] = None
        try:
            first = search.first()
        except TooLarge:
            layered = LayeredBracket(f, members, nxt, rest)
            first = layered.best()
        entry["method"] = "sets" if layered is None else "matching"
        if first is None:
            report.findings.append(_finding("completion", "C4", f"bracket {k} ({_show(score)}) cannot be paired",
                                            bracket=k))
            return
        best, fpairs, ffloat = first
        if given is None:
            report.findings.append(_finding("completion", "C4", f"bracket {k} ({_show(score)}): the floaters "
                                            f"{sorted(floaters)} leave no complete pairing below", bracket=k))
            return
        rule = given.first_difference(best)
        if rule is not None:
            report.findings.append(_finding("quality", rule, f"bracket {k} ({_show(score)}): {given.show(rule)} "
                                            f"where {best.show(rule)} can be had ({_pairs(fpairs, ffloat)})",
                                            bracket=k, given=given.show(rule), better=best.show(rule),
                                            boards=tuple(pairs)))
            report.candidate = tuple(fpairs)
            return
        if layered is not None:
            got = layered.earlier(pairs, floaters)  # type: ignore[arg-type]
            fpairs, ffloat = got if got is not None else (list(pairs), floaters)  # type: ignore[assignment]
        if {frozenset(x) for x in pairs} != {frozenset(x) for x in fpairs}:
            report.findings.append(_finding("order", "order", f"bracket {k} ({_show(score)}): equal on C1-C8, but "
                                            f"{_pairs(fpairs, ffloat)} comes before it in the order of Art. 4",
                                            bracket=k, boards=tuple(pairs)))
            report.candidate = tuple(fpairs)
            return


def _pairs(pairs: list[tuple[int, int]], floaters: frozenset[int]) -> str:
    shown = ", ".join(f"{a}-{b}" for a, b in pairs)
    if floaters:
        shown += ("; " if shown else "") + "floating " + ", ".join(map(str, sorted(floaters)))
    return shown

