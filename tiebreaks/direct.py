"""Direct encounter (C.07 art. 6): a ranking procedure on a group of tied players, not a number.

It is recomputed on every group still tied when it is reached in the list (art. 4.2), and
recursively on the sub-groups it leaves tied.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from tiebreaks.codes import Modifiers
from trf.model import Result, Tournament


def mutual_results(t: Tournament, group: list[int], rounds: int, forfeits: bool) -> dict[int, dict[int, list[Fraction]]]:
    """For each member, the points scored against each other member, one entry per game.

    Art. 6.1.1: forfeited games are left out unless the regulations include them (``/P``, and
    always in round robins, art. 15.2)."""
    members = set(group)
    sc = t.scoring
    abnormal = bool(t.abnormal_points)  # TRF-2026 299: each round as it counts, with its points
    out: dict[int, dict[int, list[Fraction]]] = {p: {} for p in group}
    for p in group:
        pl = t.player(p)
        for r in range(1, rounds + 1):
            e = t.counted_entry(p, r) if abnormal else pl.entry(r)
            if e is None or e.opponent is None or e.opponent not in members or e.opponent == p:
                continue
            if not e.is_played and not (forfeits and e.result in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)):
                continue
            out[p].setdefault(e.opponent, []).append(t.round_points(p, r) if abnormal else sc.value(e))
    return out


Games = Callable[[list[int]], dict[int, dict[int, list[Fraction]]]]


def _scores(res: dict[int, dict[int, list[Fraction]]], group: list[int]) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Art. 6.1 from the mutual results: each member's points against the others (6.1.2: the
    average of several games against the same opponent), and how many members each has not met."""
    score = {p: sum((sum(v, Fraction(0)) / len(v) for v in res[p].values()), Fraction(0)) for p in group}
    # Who met whom, seen from either side (a game one line shows and the other does not still
    # counts as met): linear in the games, not in the square of the group (a group of 9,999
    # players tied before round 1 is one group).
    met: dict[int, set[int]] = {p: set() for p in group}
    for p in group:
        for q in res[p]:
            met[p].add(q)
            met[q].add(p)
    missing = {p: len(group) - 1 - len(met[p]) for p in group}
    return score, missing


def de_scores(t: Tournament, group: list[int], rounds: int, forfeits: bool) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Art. 6.1: each member's points against the others (6.1.2: the average of several games
    against the same opponent), and how many members each has not met."""
    return _scores(mutual_results(t, group, rounds, forfeits), group)


def encounter_split(group: list[int], games: Games, win: Fraction) -> list[list[int]]:
    """One application of art. 6 to a tied group: the group split into ordered parts, best first
    (a single part: nothing separated).  ``games(group)`` gives each member's points against each
    other member, one entry per game; ``win`` is the most a missing game can bring (art. 6.3).

    Art. 6.2: when everyone has met everyone, the parts are the levels of the DE score.  Art. 6.3:
    otherwise a member is placed first only if no outcome of the games not played among the group
    could catch them, then the next likewise; the rest stay together."""
    if len(group) < 2:
        return [list(group)]
    score, missing = _scores(games(group), group)
    order = sorted(group, key=lambda p: -score[p])
    if not any(missing.values()):
        levels: list[list[int]] = []
        for p in order:
            if levels and score[levels[-1][0]] == score[p]:
                levels[-1].append(p)
            else:
                levels.append([p])
        return [sorted(lvl) for lvl in levels]
    out: list[list[int]] = []
    # best[i]: the most that any of order[i:] could reach by winning its games not played within
    # the group; computed once from the end (the loop below reads best[i + 1] for each top).
    best = [Fraction(0)] * (len(order) + 1)
    for i in range(len(order) - 1, -1, -1):
        q = order[i]
        reach = score[q] + win * missing[q]
        best[i] = reach if i == len(order) - 1 else max(reach, best[i + 1])
    i = 0
    while len(order) - i > 1 and score[order[i]] > best[i + 1]:
        out.append([order[i]])
        i += 1
    return out + [sorted(order[i:])]


def encounter_ranking(group: list[int], games: Games, win: Fraction) -> list[list[int]]:
    """Art. 6 to the end: :func:`encounter_split`, then art. 6 again on every part left with
    more than one member, until nothing more separates (the members of a part stay tied)."""
    parts = encounter_split(group, games, win)
    if len(parts) == 1:
        return [sorted(group)]
    out: list[list[int]] = []
    for part in parts:
        out += encounter_ranking(part, games, win) if len(part) > 1 else [part]
    return out


def direct_encounter(t: Tournament, group: list[int], rounds: int, mods: Modifiers = Modifiers(),
                     round_robin: bool = False) -> list[list[int]]:
    """The group split into ordered sub-groups, best first; members of a sub-group stay tied.

    Art. 6.2: when everyone has met everyone, order by the DE score and apply art. 6 again to
    each sub-group left tied.  Art. 6.3: otherwise a member is placed first only if no outcome of
    the games not played among the group could catch them, then the next likewise; the rest stay
    together and art. 6 is applied to them again (:func:`encounter_ranking`)."""
    forfeits = mods.forfeits or round_robin

    def games(members: list[int]) -> dict[int, dict[int, list[Fraction]]]:
        return mutual_results(t, members, rounds, forfeits)

    return encounter_ranking(group, games, t.scoring.win_white)
