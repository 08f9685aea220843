""""Why this game?" for a table in play.

The engine is deterministic, so the explanation recomputes the choice from the state just
before the game started and compares it with the alternatives: for each waiting player left
out, the best admissible candidate that included them and the first criterion on which it lost;
for the teams, the first criterion that separated the chosen split from the next best one.
A game set by the organiser is reported as such: the engine did not choose it."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, Optional, Sequence

from rotation import engine as rot


def _frac(x: Fraction) -> str:
    return str(x) if x.denominator != 1 else str(x.numerator)


def _player_line(before: rot.State, name: str, owed_fixed: Sequence[str]) -> dict[str, Any]:
    p = before.players[name]
    return {
        "name": name,
        "games_before": p.games,
        "games_tonight": p.games + 1,
        "sitouts_before": p.sitouts,
        "owed": _frac(p.owed),
        "was_owed": p.owed >= rot.OWED_FIX,
        "fixed_as_owed": name in owed_fixed,
        "rating": p.rating,
    }


def _left_out_reason(before: rot.State, choice: rot.Choice, name: str,
                     placed: frozenset[str], tables_after: int, last_of_pass: bool) -> dict[str, Any]:
    """Why a waiting player was not chosen: the first criterion on which the best admissible
    candidate containing them lost to the chosen game, or the hard limit that excluded them."""
    p = before.players[name]
    chosen = choice.teams
    chosen_names = chosen[0] + chosen[1]
    pool_names = frozenset(choice.pool)
    k = before.config.k
    normal = choice.limits.normal_limit
    chosen_games = max(before.players[n].games for n in chosen_names)
    if choice.restrict and name not in choice.restrict:
        return {"name": name, "games": p.games, "sitouts": p.sitouts, "reason": "reshuffle",
                "text": "reshuffle mode: the same players stay on (not at the sit-out limit)", "criterion": None}
    if choice.considered and name not in choice.considered:
        return {"name": name, "games": p.games, "sitouts": p.sitouts, "reason": "queue",
                "text": f"further back in the queue: the game was chosen among the {len(choice.considered)} "
                        "players first in it (most sit-outs, then fewest games)", "criterion": None}
    cands = []
    others = [n for n in choice.considered or choice.pool
              if n != name and n not in choice.limits.organiser_fixed]
    fixed = set(choice.limits.organiser_fixed) | {name}
    room = rot._Room(before, pool_names, placed, normal)
    for combo in itertools.combinations(sorted(others), k - len(fixed)):
        group = frozenset(fixed) | frozenset(combo)
        for t in rot.splits(sorted(group), before.config.format):
            if rot._admissible(before, group, t, pool_names, choice.limits, tables_after, last_of_pass,
                               normal, placed, room):
                cands.append(t)
    if not cands:
        if choice.limits.owed_cap and p.games > min(before.players[n].games for n in chosen_names):
            text = f"more games played ({p.games}): playing now would put them two games ahead of someone"
            code = "more-games"
        elif p.streak >= 2:
            text = f"resting after {p.streak} games in a row"
            code = "resting"
        else:
            text = "the hard limits left no place for them (others had waited longer)"
            code = "limits"
        return {"name": name, "games": p.games, "sitouts": p.sitouts, "reason": code, "text": text,
                "criterion": None}
    best = rot.best_candidates(before, cands)[0]
    i = rot.deciding_criterion(before, chosen, best)
    crit = rot.CRITERIA[i].name if i is not None else None
    if crit == "games played":
        code, text = "more-games", f"more games played ({p.games} against {chosen_games} at most among the chosen)"
    elif crit == "back-to-back" or (crit == "wait fairness" and p.back_to_back):
        code = "resting"
        text = (f"resting after {p.streak} games in a row" if p.streak >= 2
                else "just finished a game: the others go on first")
    elif crit in _NEW_WHAT and p.games <= chosen_games:
        code = "new-partnerships"
        text = f"level on games but the chosen {k} gave {_NEW_WHAT[crit]}"
    elif crit in _NEW_WHAT:
        code, text = "new-partnerships", f"more games played ({p.games}) and the chosen {k} gave new pairings"
    elif crit in ("partner recency", "opponent recency"):
        code, text = "recency", f"the chosen {k} had not played together as recently"
    elif crit == "wait fairness":
        code, text = "waited-less", f"waited less ({p.sitouts} sit-out(s) in a row)"
    elif crit == "owed time":
        code, text = "owed-less", "owed less playing time"
    else:
        code, text = "seeded-draw", "level on every criterion: the seeded draw decided"
    return {"name": name, "games": p.games, "sitouts": p.sitouts, "reason": code, "text": text,
            "criterion": crit}


# What a coverage criterion gives a group that won on it, in the words of ``why``.
_NEW_WHAT = {"partner coverage": "new partnerships", "repeated pairing": "a pairing not played before",
             "opponent coverage": "new opponents"}


def _teams_reason(before: rot.State, choice: rot.Choice) -> dict[str, Any]:
    teams = choice.teams
    group = teams[0] + teams[1]
    alts = [t for t in rot.splits(sorted(group), before.config.format) if rot.canonical(t) != rot.canonical(teams)]
    decided_by: Optional[str] = None
    if alts:
        best_alt = min(alts, key=lambda t: rot.candidate_key(before, t))
        i = rot.deciding_criterion(before, teams, best_alt)
        decided_by = rot.CRITERIA[i].name if i is not None else None
    first_time = [list(pr) for pr in rot._partner_pairs(teams) if before.partners.get(pr, 0) == 0]
    met = before.pairings.get(rot.canonical(teams), 0)
    out = {
        "teams": [list(t) for t in teams],
        "decided_by": decided_by,
        "first_time_partnerships": first_time,
        "met_before": met,
        "rating_gap": _frac(rot.rating_gap(before, teams)) if before.config.balanced else None,
    }
    parts = []
    if decided_by:
        parts.append(f"split decided by {decided_by}")
    if before.config.format == rot.BUGHOUSE:
        parts.append(f"{len(first_time)} first-time partnership(s)")
    parts.append("these sides met before" + (f" ({met} time(s))" if met else "") if met else "first meeting of these sides")
    if out["rating_gap"] is not None:
        parts.append(f"rating gap {out['rating_gap']}")
    out["text"] = "; ".join(parts)
    return out


def explain(before: rot.State, game: rot.Game, pass_tables: Sequence[int]) -> dict[str, Any]:
    """The explanation of ``game``, started from state ``before`` in a pass that filled
    ``pass_tables`` (in that order)."""
    if game.by == rot.By.ORGANISER:
        return {"table": game.table, "teams": [list(t) for t in game.teams], "by": "organiser",
                "text": "set by the organiser",
                "players": [_player_line(before, n, ()) for n in game.players]}
    fixed = {game.table: game.fixed} if game.fixed else {}
    restrict = {game.table: game.restrict} if game.restrict else {}
    choices = rot.choose_pass(before, list(pass_tables), organiser_fixed=fixed, restrict=restrict)
    placed: set[str] = set()
    found = None
    for j, c in enumerate(choices):
        if c.table == game.table:
            found = c
            break
        placed.update(c.teams[0] + c.teams[1])
    if found is None or rot.canonical(found.teams) != rot.canonical(game.teams):
        # Only after a manual change rewrote an earlier game: the engine chose this one from a
        # history that no longer exists, so its reasons cannot be given honestly.
        return {"table": game.table, "teams": [list(t) for t in game.teams], "by": "engine",
                "text": "chosen by the engine before the organiser changed an earlier game; "
                        "its reasons no longer apply",
                "players": [_player_line(before, n, ()) for n in game.players]}
    c = found
    tables_after = len(choices) - j - 1
    last = j == len(choices) - 1
    chosen = set(game.players)
    left = [before.players[n] for n in c.pool if n not in chosen]
    left.sort(key=lambda p: (-p.sitouts, p.games, p.order))
    out = {
        "table": game.table,
        "teams": [list(t) for t in game.teams],
        "by": "engine",
        "text": "set by the organiser (fixed players), completed by the engine" if game.fixed else "chosen by the engine",
        "organiser_fixed": list(game.fixed),
        "players": [_player_line(before, n, c.limits.owed_fixed) for n in game.players],
        "waiting_next": [_left_out_reason(before, c, p.name, frozenset(placed), tables_after, last) for p in left],
        "why_teams": _teams_reason(before, c),
        "limits": c.limits.as_dict(),
        "candidates_admissible": c.admissible,
        "candidate_players": len(c.considered or c.pool),
    }
    return out
