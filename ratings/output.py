"""The JSON and CSV shapes of ``arbiter ratings`` and ``arbiter report`` (stable; see README).

Exact values are written as decimal text (``"3.45"``, ``"-7.5"``); a value that no finite
decimal holds (an average rating such as 5618/3) is written with two decimals rounded half up
next to its exact fraction.
"""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

from ratings.change import PlayerRating, TournamentRatings
from ratings.report import ReportCheck
from ratings.tables import round_half_up
from trf import spreadsheet

__all__ = ["dec", "ratings_dict", "ratings_csv", "report_dict", "player_dict"]


def dec(v: Fraction | int | None, places: int = 2) -> str | None:
    """Exact decimal text when the value terminates (``"3.45"``, ``"10"``, ``"-0.5"``), else
    rounded half up to ``places`` decimals; ``None`` stays ``None``."""
    if v is None:
        return None
    v = Fraction(v)
    for k in range(0, 7):
        scaled = v * 10 ** k
        if scaled.denominator == 1:
            break
    else:
        k = places
        scaled = Fraction(round_half_up(v * 10 ** places))
    n = int(scaled)
    sign = "-" if n < 0 else ""
    n = abs(n)
    if k == 0:
        return f"{sign}{n}"
    return f"{sign}{n // 10 ** k}.{n % 10 ** k:0{k}d}"


def _aro(p: PlayerRating) -> int | None:
    a = p.average_opponent
    return None if a is None else round_half_up(a)


def player_dict(p: PlayerRating) -> dict[str, Any]:
    """One player's rating calculation."""
    perf = p.performance
    return {
        "start_rank": p.start_rank, "name": p.name, "fide_id": p.fide_id or None, "rating": p.rating,
        "rated_games": len(p.games), "average_opponent_rating": _aro(p),
        "expected": dec(p.expected) if p.rating else None, "score": dec(p.score),
        "difference": dec(p.score - p.expected) if p.rating and p.games else None,
        "k": p.k.value if p.k else None, "k_base": p.k.base if p.k else None,
        "k_source": p.k.source if p.k else None, "k_reason": p.k.reason if p.k else None,
        "change": dec(p.change_exact), "change_rounded": p.change,
        "games": [{"round": g.round, "opponent": g.opponent, "opponent_rating": g.opponent_rating,
                   "score": dec(g.score), "difference": g.diff if p.rating else None,
                   "counted_difference": g.counted if p.rating else None,
                   "expected": dec(g.expected) if p.rating else None,
                   "delta": dec(g.delta) if p.rating else None} for g in p.games],
        "not_rated": [{"round": s.round, "opponent": s.opponent, "code": s.code, "reason": s.reason,
                       **({"match": s.match, "game": s.game} if s.match is not None else {})} for s in p.skipped],
        "performance": None if perf is None else {
            "method": perf.method, "games": perf.games, "score": dec(perf.score), "ra": dec(perf.ra),
            "p": dec(perf.p), "dp": perf.dp, "rating": perf.value, "published": perf.published, "reason": perf.reason},
        "notes": list(p.notes),
    }


def ratings_dict(r: TournamentRatings, path: str) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter ratings --json``."""
    return {
        "file": path, "date": r.date.isoformat() if r.date else None, "date_source": r.date_source,
        "rules": r.rules.as_dict(), "notes": list(r.notes),
        "players": [player_dict(p) for p in r.players],
    }


CSV_COLUMNS = ["start_rank", "name", "fide_id", "rating", "rated_games", "average_opponent_rating", "expected",
               "score", "difference", "k", "change", "change_rounded", "performance", "performance_published"]


def ratings_csv(r: TournamentRatings) -> str:
    """One row per player: the columns of :data:`CSV_COLUMNS`."""
    buf = io.StringIO()
    w = spreadsheet.writer(buf)
    w.writerow(CSV_COLUMNS)
    for p in r.players:
        d = player_dict(p)
        perf = d["performance"]
        w.writerow([d["start_rank"], d["name"], d["fide_id"] or "", d["rating"] or "", d["rated_games"],
                    d["average_opponent_rating"] or "", d["expected"] or "", d["score"], d["difference"] or "",
                    d["k"] or "", d["change"] or "", "" if d["change_rounded"] is None else d["change_rounded"],
                    "" if not perf or perf["rating"] is None else perf["rating"],
                    "" if not perf else int(perf["published"])])
    return buf.getvalue()


def report_dict(check: ReportCheck, path: str, fmt: str, output: str | None, written: bool,
                unrated: list[dict[str, Any]], text: str | None = None) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter report --json``."""
    counts = {s: sum(p.severity.value == s for p in check.problems) for s in ("error", "warning", "info")}
    return {
        "file": path, "format": fmt, "output": output, "written": written, "fit": not check.errors,
        "counts": counts, "tiebreaks": check.tiebreaks or None, "notes": list(check.notes),
        "problems": [p.as_dict() for p in check.problems],
        "unrated_games": unrated,
        "trf": text,
    }
