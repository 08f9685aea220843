"""Standings as data: exact value text, the JSON shape, CSV, ``--explain`` and ``--check``."""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

from tiebreaks.standings import Standings
from trf import spreadsheet
from trf.model import Tournament

# fewest decimals shown per tie-break (the TEC tools' convention); more when the value needs them
DECIMALS = {"PTS": 1, "BH": 1, "FB": 1, "PS": 1, "KS": 1, "SB": 2, "AOB": 2,
            "MPTS": 1, "GPTS": 1, "MPVGP": 1, "EMMSB": 1, "EMGSB": 1, "EGMSB": 1, "EGGSB": 1, "SSSC": 2, "BC": 1}


#: Decimals of a value that is no finite decimal (an average such as AOB's 31/6, SSSC's BH / k):
#: rounded to the nearest, as the TEC's TieBreakServer rounds AOB to 0.01 (C.07's own rounding
#: is unconfirmed; Held's exercise 49 prints SSSC 17.5 + 64/3 as 38.83).
ROUNDED_PLACES = 2


def fmt_value(v: Any, code: str = "PTS") -> str:
    """A decimal string: a terminating decimal exactly, with at least the usual decimals
    (:data:`DECIMALS`); a value that is no finite decimal (31/6) rounded to the nearest with
    :data:`ROUNDED_PLACES` decimals ("5.17": it is never half-way, as a half-way value at two
    decimals is a finite decimal); undefined as an empty string.  Ranking uses the exact values."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Fraction):
        den = v.denominator
        while den % 2 == 0 or den % 5 == 0:
            den //= 2 if den % 2 == 0 else 5
        if den != 1:
            places = max(DECIMALS.get(code, 0), ROUNDED_PLACES)
            n = round(v * 10 ** places)  # never a tie: see the docstring
        else:
            places = max(DECIMALS.get(code, 0), _places(v))
            scaled = v * 10 ** places
            assert scaled.denominator == 1
            n = scaled.numerator
        sign = "-" if n < 0 else ""
        n = abs(n)
        if places == 0:
            return f"{sign}{n}"
        return f"{sign}{n // 10 ** places}.{n % 10 ** places:0{places}d}"
    return str(v)


def _places(v: Fraction) -> int:
    k = 0
    while (v * 10 ** k).denominator != 1:
        k += 1
    return k


def _name(t: Tournament, pid: int) -> str:
    return t.player(pid).name


def standings_dict(t: Tournament, s: Standings, path: str) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter standings --json``."""
    rows = []
    for i, r in enumerate(s.rows):
        nxt = s.rows[i + 1].pid if i + 1 < len(s.rows) else None
        p = t.player(r.pid)
        rows.append({
            "rank": r.rank, "place": r.place, "start_rank": r.pid, "name": p.name, "rating": p.rating,
            "federation": p.federation, "points": fmt_value(r.points),
            "tiebreaks": {tb.text: fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)},
            "separated_from_next_by": s.separated_by.get((r.pid, nxt)) if nxt is not None else None,
        })
    return {"file": path, "rounds": s.rounds, "edition": s.edition, "round_robin": s.round_robin,
            "tiebreaks": [{"code": tb.text, "name": tb.description} for tb in s.tiebreaks],
            "notes": s.notes, "final": s.final,
            "missing": [{"round": m.round, "white": m.white, "black": m.black,
                         "result": "?" if m.adjourned else None} for m in s.missing],
            "standings": rows}


def standings_csv(t: Tournament, s: Standings) -> str:
    buf = io.StringIO()
    w = spreadsheet.writer(buf)
    w.writerow(["rank", "place", "start_rank", "name", "rating", "points"] + [tb.text for tb in s.tiebreaks])
    for r in s.rows:
        p = t.player(r.pid)
        w.writerow([r.rank, r.place, r.pid, p.name, p.rating or "", fmt_value(r.points)]
                   + [fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)])
    return buf.getvalue()


def rank_check(t: Tournament, s: Standings) -> list[dict[str, Any]]:
    """Players whose rank column in the file is not a place the computed standings allow (any
    rank within a shared place is accepted)."""
    out = []
    for r in s.rows:
        listed = t.player(r.pid).rank
        lo, _, hi = r.place.partition("-")
        ok = listed is not None and int(lo) <= listed <= int(hi or lo)
        if not ok:
            out.append({"start_rank": r.pid, "name": t.player(r.pid).name, "file_rank": listed, "computed_place": r.place})
    return out


def explain_dict(t: Tournament, s: Standings, pid: int) -> dict[str, Any]:
    """Per-round contributions behind one player's tie-breaks, and what separated them from
    their neighbours in the standings."""
    ctx = s.ctx
    row_i = next(i for i, r in enumerate(s.rows) if r.pid == pid)
    row = s.rows[row_i]
    rounds = []
    for rec in ctx.records[pid]:
        unplayed = not rec.played
        bh = ctx.opponent_value(pid, rec.round)
        rounds.append({
            "round": rec.round, "opponent": rec.opponent, "kind": rec.kind, "points": fmt_value(rec.points),
            "played": rec.played, "category": rec.category,
            "vur": ctx.is_vur(pid, rec.round) if unplayed else False,
            "opponent_score_counted": fmt_value(bh, "BH"),
            "how": ("dummy opponent (art. 16.4)" if unplayed and (rec.opponent is None or not ctx.round_robin)
                    else "opponent, adjusted (art. 16.3)" if not ctx.round_robin else "opponent (art. 15.2)"),
            "sb_contribution": fmt_value(bh * rec.points, "SB"),
        })
    neighbours = []
    if row_i > 0:
        above = s.rows[row_i - 1]
        neighbours.append({"above": above.pid, "separated_by": s.separated_by.get((above.pid, pid), "shared place")})
    if row_i + 1 < len(s.rows):
        below = s.rows[row_i + 1]
        neighbours.append({"below": below.pid, "separated_by": s.separated_by.get((pid, below.pid), "shared place")})
    return {"start_rank": pid, "name": t.player(pid).name, "place": row.place, "points": fmt_value(row.points),
            "edition": s.edition, "round_robin": s.round_robin,
            "adjusted_score_seen_by_opponents": fmt_value(ctx.adjusted[pid]),
            "tiebreaks": {tb.text: fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, row.values)},
            "rounds": rounds, "neighbours": neighbours}
