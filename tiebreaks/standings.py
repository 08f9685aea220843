"""Standings: points, then each tie-break of the list on each group still tied (C.07 art. 4.2).

Scalar tie-breaks are computed once for everyone; DE is a procedure on the current tied group
(art. 6) and is recomputed wherever it is reached.  Players still tied after the last tie-break
share the place (art. 2; a drawing of lots is the organiser's, not ours).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from tiebreaks.codes import TieBreak
from tiebreaks.direct import direct_encounter
from trf.model import Tournament

Value = Any  # Fraction | int | None


@dataclass(frozen=True)
class Row:
    rank: int  # 1-based position in the table
    place: str  # "3" or "3-5" when shared
    pid: int
    points: Fraction
    values: tuple[Value, ...]  # one per tie-break; DE as the rank within its tied group, 0 when it ranked nobody


@dataclass(frozen=True)
class MissingResult:
    """A game of a round counted whose result is not known: adjourned (``?``, counted with the 162
    ``X`` value, C.04.2 Art. 3.1) or paired without a result yet (counted as no points)."""

    round: int
    white: int
    black: int
    adjourned: bool

    def text(self) -> str:
        """``1-3 adjourned`` or ``2-4 no result``: the players by start rank, White first."""
        return f"{self.white}-{self.black} {'adjourned' if self.adjourned else 'no result'}"


def missing_results(t: Tournament, rounds: int) -> tuple[MissingResult, ...]:
    """Every game of rounds 1..``rounds`` whose result is missing on either line or adjourned, by
    round and then the smaller start rank of its two players (:meth:`Tournament.games`): while
    there is one, standings are not final."""
    out = []
    for r in range(1, rounds + 1):
        for g in t.games(r):
            codes = (g.white_result, g.black_result)
            adjourned = any(c is not None and c.is_adjourned for c in codes)
            if adjourned or None in codes:
                out.append(MissingResult(r, g.white, g.black, adjourned))
    return tuple(out)


def provisional_text(missing: tuple[MissingResult, ...], shown: int = 10) -> str:
    """``2 results missing (round 3: 1-3 adjourned; round 4: 2-4 no result)``: the first ``shown``
    games, by round."""
    parts: list[str] = []
    for m in missing[:shown]:
        head = f"round {m.round}: "
        if parts and parts[-1].startswith(head):
            parts[-1] += f", {m.text()}"
        else:
            parts.append(head + m.text())
    more = "; ..." if len(missing) > shown else ""
    n = len(missing)
    return f"{n} result{'s' if n != 1 else ''} missing ({'; '.join(parts)}{more})"


@dataclass
class Standings:
    tiebreaks: list[TieBreak]
    rows: list[Row]
    rounds: int
    edition: str
    notes: list[str] = field(default_factory=list)
    separated_by: dict[tuple[int, int], str] = field(default_factory=dict)  # neighbours -> deciding tie-break
    ctx: Any = None  # the tiebreaks.context.TBContext the values were computed from
    round_robin: bool = False
    missing: tuple[MissingResult, ...] = ()  # games of the rounds counted without their final result

    @property
    def final(self) -> bool:
        """Every game of the rounds counted has its result: no ``?``, no paired game without one."""
        return not self.missing


def _split(group: list[int], key: Callable[[int], Value], higher_is_better: bool) -> list[list[int]]:
    """Order a tied group by one value; undefined values (None) go last; equal values stay together."""
    def sort_key(p: int) -> tuple[int, Value]:
        v = key(p)
        if v is None:
            return (1, 0)
        return (0, -v if higher_is_better else v)
    out: list[list[int]] = []
    last: Any = object()
    for p in sorted(group, key=sort_key):
        k = sort_key(p)
        if out and k == last:
            out[-1].append(p)
        else:
            out.append([p])
            last = k
    return out


def procedure_ranks(parts: list[list[int]]) -> dict[int, int]:
    """The value shown for a procedure (DE, art. 6; for teams EDE, TBR, BBE) on one tied group,
    from its ordered parts: each member's rank within the group (``1, 2, 2`` when the first is
    separated and the other two stay tied), or ``0`` for every member when it ranked nobody.

    Art. 6.3: when the tied players have not all met, a player is ranked first only if no outcome
    of the missing games could catch him; two tied players who never met are therefore not
    ranked by DE at all, and showing both as ``1`` would claim a ranking the article denies (the
    same holds when all have met with equal mutual scores, 6.2: nobody is ranked above anyone).
    ``0`` is also the value of the FIDE TEC's reference (TieBreakServer), and ``1, 2, ...`` stay
    for the groups a procedure did split."""
    if len(parts) < 2:
        return {p: 0 for part in parts for p in part}
    out: dict[int, int] = {}
    pos = 1
    for part in parts:
        for p in part:
            out[p] = pos
        pos += len(part)
    return out


def rank_groups(players: list[int], points: dict[int, Fraction], tiebreaks: list[TieBreak],
                scalar: Callable[[TieBreak, int], Value],
                de: Callable[[TieBreak, list[int]], list[list[int]]],
                procedures: frozenset[str] = frozenset({"DE"})) -> tuple[list[list[int]], dict[tuple[int, int], str], dict[int, dict[int, Value]]]:
    """The ordered groups after points and every tie-break; which tie-break separated each pair
    of neighbours; and the rank of each player within the group where a procedure (DE, and for
    teams EDE, TBR, BBE: ``procedures``, computed by ``de``) was applied."""
    groups = _split(players, lambda p: points[p], True)
    de_rank: dict[int, dict[int, Value]] = {}
    levels = [{p: k for k, g in enumerate(groups) for p in g}]  # each player's group after PTS, then each tie-break
    for i, tb in enumerate(tiebreaks):
        new: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                new.append(g)
                continue
            if tb.code in procedures:
                parts = de(tb, g)
                for p, rank in procedure_ranks(parts).items():
                    de_rank.setdefault(i, {})[p] = rank
            else:
                parts = _split(g, lambda p: scalar(tb, p), tb.higher_is_better)
            new.extend(parts)
        groups = new
        levels.append({p: k for k, g in enumerate(groups) for p in g})
    # neighbours as the table lists them (a shared place in start-rank order): the first level
    # at which they stood in different groups separated them
    names = ["PTS"] + [tb.text for tb in tiebreaks]
    why: dict[tuple[int, int], str] = {}
    for a, b in zip(groups, groups[1:]):
        x, y = max(a), min(b)
        why[(x, y)] = names[next(k for k, lv in enumerate(levels) if lv[x] != lv[y])]
    return groups, why, de_rank


def _standing_points(ctx: Any) -> dict[int, Fraction]:
    """The points that rank: the score, and after the last round the TRF-2026 ``299`` penalties
    and bonuses of round 999, which count in the standings only (docs/trf.md "Record 299")."""
    final = ctx.final_adjustments
    if not final:
        return dict(ctx.score)
    return {p: v + final.get(p, Fraction(0)) for p, v in ctx.score.items()}


DEFAULT_SWISS = "BH/C1,BH,DE,WIN,BWG"
DEFAULT_ROUND_ROBIN = "DE,SB,WIN,KS"


def standings(t: Tournament, tiebreaks: list[TieBreak], edition: Any = None, after_round: int | None = None,
              round_robin: bool | None = None, default_list: bool = False) -> Standings:
    """``default_list``: ignore ``tiebreaks`` and use :data:`DEFAULT_SWISS` or
    :data:`DEFAULT_ROUND_ROBIN` (C.07 prescribes no list; these follow its suitability rules:
    Buchholz for Swiss events only, Koya for round robins)."""
    from tiebreaks.codes import parse_list
    from tiebreaks.context import build_context
    from tiebreaks.registry import value

    from trf.matches import writes_matches

    view = None
    if writes_matches(t):  # C.07 over the matches of two games (tiebreaks.matchview)
        from tiebreaks.matchview import match_view

        view = match_view(t, edition=edition, after_round=after_round)
        ctx = view.matches
    else:
        ctx = build_context(t, edition=edition, after_round=after_round, round_robin=round_robin)
    notes = []
    if default_list:
        text = DEFAULT_ROUND_ROBIN if ctx.round_robin else DEFAULT_SWISS
        tiebreaks = parse_list(text)
        notes.append(f"no tie-break list in the file (202/212) or --tiebreaks: using {text}")
    rating_codes = [tb.text for tb in tiebreaks if tb.code in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")
                    and tb.mods.unrated is None]
    if rating_codes:
        from tiebreaks.rating import has_unrated

        if has_unrated(t):
            notes.append(f"unrated players take part and {', '.join(rating_codes)} has no /Unnnn rule: C.07 says "
                         "rating tie-breaks must then not be used (values shown leave unrated opponents out)")
    players = sorted(ctx.score)
    cache: dict[tuple[str, int], Value] = {}

    def scalar(tb: TieBreak, p: int) -> Value:
        key = (tb.text, p)
        if key not in cache:
            if view is not None:
                from tiebreaks.matchview import match_value

                cache[key] = match_value(view, p, tb)
            else:
                cache[key] = value(ctx, p, tb)
        return cache[key]

    def de(tb: TieBreak, group: list[int]) -> list[list[int]]:
        if view is not None:
            from tiebreaks.matchview import match_direct_encounter

            return match_direct_encounter(view, group, tb.mods)
        return direct_encounter(t, group, ctx.rounds, tb.mods, ctx.round_robin)

    points = _standing_points(ctx)
    groups, why, de_rank = rank_groups(players, points, tiebreaks, scalar, de)
    rows = []
    pos = 1
    for g in groups:
        place = str(pos) if len(g) == 1 else f"{pos}-{pos + len(g) - 1}"
        for p in sorted(g):
            vals = tuple(de_rank.get(i, {}).get(p) if tb.code == "DE" else scalar(tb, p)
                         for i, tb in enumerate(tiebreaks))
            rows.append(Row(pos, place, p, points[p], vals))
        pos += len(g)
    return Standings(tiebreaks, rows, ctx.rounds, str(getattr(ctx.edition, "value", ctx.edition)), notes=notes,
                     separated_by=why, ctx=ctx, round_robin=ctx.round_robin,
                     missing=missing_results(t, view.games.rounds if view is not None else ctx.rounds))
