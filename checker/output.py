"""Check reports as data: the JSON shape and bbpPairings' ``-c`` text layout."""

from __future__ import annotations

from typing import Any

from checker.report import RoundReport


def report_dict(path: str, reports: list[RoundReport], strict: bool = False) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter check --json``: ``ok`` when no round is a discrepancy
    (a round paired by hand and recorded, ``status`` ``manual``, is none unless ``strict``);
    each round's own ``ok`` says whether it has no finding."""
    return {
        "file": path,
        "ok": not any(r.discrepant(strict) for r in reports),
        "rounds_checked": [r.round for r in reports],
        "rounds_with_discrepancies": [r.round for r in reports if r.discrepant(strict)],
        "rounds_paired_by_hand": [r.round for r in reports if r.status == "manual"],
        "rounds": [r.as_dict() for r in reports],
    }


def _sides(rep: RoundReport) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(checker's, tournament's) boards that differ, as (white, black) with 0 for the PAB."""
    given = [(w, b) for w, b in rep.boards] + ([(rep.bye, 0)] if rep.bye is not None else [])
    if rep.candidate is None:  # no better pairing to show: the boards the findings name
        named = {(w, b or 0) for f in rep.findings for w, b in f.boards}
        return [], [g for g in given if g in named]
    cand = [(w, b) for w, b in (rep.candidate or ())] + ([(rep.candidate_bye, 0)] if rep.candidate_bye is not None else [])
    gset = set(given)
    wrong = [c for c in cand if c not in gset]
    involved = {x for c in wrong for x in c if x}
    provided = [g for g in given if g[0] in involved or (g[1] and g[1] in involved)]
    return wrong, provided


def bbp_text(path: str, reports: list[RoundReport]) -> str:
    """The layout of bbpPairings' ``-c`` (and JaVaFo's): a ``Round #n`` line per round, and for a
    round whose pairing differs from the checker's, the two columns of differing boards."""
    out: list[str] = []
    for rep in reports:
        out.append(f"{path}: Round #{rep.round}")
        if rep.ok:
            continue
        wrong, provided = _sides(rep)
        if not wrong and not provided:
            out.append(f"  {rep.findings[0].message}")
            out.append("")
            continue
        out.append("  Checker pairings" + " " * 8 + "Tournament pairings ")
        for i, (gw, gb) in enumerate(provided):
            left = f"{wrong[i][0]:>3} - {wrong[i][1]:>3}" if i < len(wrong) else " " * 9
            out.append(f"    {left}{'':16}{gw:>3} - {gb:>3}")
        out.append("")
    return "\n".join(out) + "\n"
