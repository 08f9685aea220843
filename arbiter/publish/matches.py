"""The pages of a tournament whose rounds are matches of two games (FIDE's Double-Swiss system,
C.04.5; the file's layout: :mod:`trf.matches`): each published round is a match round, each
board a match with both games and the match score, the PAB worth a won and a drawn game (1½
points, Art. 1.4), byes for whole matches, the standings after each match in game points.

The explanations ("why this pairing?") are the system's checker reading as
:meth:`systems.base.PairingSystem.explain` gives them for a match round; this module only
arranges the file's columns into matches for the templates of :mod:`arbiter.publish.site`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from trf.matches import MatchEntry, match_columns, matches_paired, player_matches, writes_matches
from trf.model import Result, RoundEntry, Tournament
from trf.writer import fmt_points

__all__ = ["is_match_file", "match_rounds", "match_round_page", "match_player_rounds", "match_cells", "score_words",
           "round_pending", "MATCH_BYE_WORDS"]

#: How a whole match without an opponent is published (the code of game 1's column).
MATCH_BYE_WORDS = {
    Result.PAIRING_ALLOCATED_BYE: "pairing-allocated bye (PAB): a won and a drawn game (U H), 1½ points (Art. 1.4)",
    Result.HALF_POINT_BYE: "half-point bye: two drawn games (H H)",
    Result.FULL_POINT_BYE: "full-point bye: two won games (F F)",
    Result.ZERO_POINT_BYE: "zero-point bye or absent (Z Z)",
}

_GAME = {Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.WIN_UNRATED: "1", Result.DRAW_UNRATED: "½",
         Result.LOSS_UNRATED: "0", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "−", Result.ADJOURNED: "adj."}


def is_match_file(t: Tournament) -> bool:
    """An individual tournament whose columns are read in pairs (:func:`trf.matches.writes_matches`)."""
    return not t.is_team_event and writes_matches(t)


def match_rounds(t: Tournament) -> int:
    """The match rounds the file holds."""
    return matches_paired(t)


def score_words(x: Fraction) -> str:
    """``1½``, ``2``, ``½``, ``0``."""
    whole, frac = divmod(x, 1)
    if frac == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return str(int(whole)) if frac == 0 else f"{float(x):g}"


def _game_pair(a: RoundEntry | None, b: RoundEntry | None) -> str:
    """One game from the first-named player's side: ``1–0``, ``½–½``, ``+/−``; blank when pending."""
    x, y = (a.result if a is not None else None), (b.result if b is not None else None)
    if x is None or y is None:
        return ""
    if x is Result.ADJOURNED:
        return "adj."
    if x in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS) or y in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS):
        return f"{_GAME.get(x, '?')}/{_GAME.get(y, '?')}"
    return f"{_GAME.get(x, '?')}–{_GAME.get(y, '?')}"


def round_pending(t: Tournament, k: int) -> bool:
    """A game of match ``k`` without a result."""
    return any(g.white_result is None or g.black_result is None for c in match_columns(k) for g in t.games(c))


def match_round_page(t: Tournament, k: int, people: dict[int, dict[str, Any]], ex: Any,
                     first: dict[int, int]) -> dict[str, Any]:
    """The data of ``round-K.html``: each board a match (game 1's White first, both games from
    that player's side, the match score, the points before the match), then the byes of whole
    matches (the PAB 1½), the players absent, the explanation ``ex``."""
    c1, c2 = match_columns(k)
    why = {(b.white, b.black): b for b in ex.boards} if ex is not None else {}
    games = sorted(t.games(c1), key=lambda g: (-max(t.score(g.white, c1 - 1), t.score(g.black, c1 - 1)),
                                               -(t.score(g.white, c1 - 1) + t.score(g.black, c1 - 1)),
                                               min((g.white, g.black), key=lambda p: (-t.score(p, c1 - 1), p))))
    if ex is not None and ex.boards:
        rank = {(b.white, b.black): b.board for b in ex.boards}
        games.sort(key=lambda g: rank.get((g.white, g.black), len(rank) + 1))
    boards = []
    for n, g in enumerate(games, 1):
        w, b = g.white, g.black
        pw, pb = t.player(w), t.player(b)
        g1 = _game_pair(pw.entry(c1), pb.entry(c1))
        e2w, e2b = pw.entry(c2), pb.entry(c2)
        g2 = _game_pair(e2w, e2b) if e2w is not None and e2w.opponent == b else ""
        done = bool(g1 and g2 and "adj." not in (g1, g2))
        sw = t.score(w, c2) - t.score(w, c1 - 1)
        sb = t.score(b, c2) - t.score(b, c1 - 1)
        lost = {x: sum(1 for e in (t.player(x).entry(c1), t.player(x).entry(c2))
                       if e is not None and e.result is Result.FORFEIT_LOSS) for x in (w, b)}
        note = ""
        if 2 in lost.values():
            note = "a match forfeited on both games is not played (Preface)"
        elif any(lost.values()):
            note = "a game forfeited: the match counts as played (Preface)"
        boards.append({"board": n, "white": people[w], "black": people[b],
                       "white_points": fmt_points(t.score(w, c1 - 1)), "black_points": fmt_points(t.score(b, c1 - 1)),
                       "game1": g1, "game2": g2, "score": f"{score_words(sw)}–{score_words(sb)}" if done else "",
                       "note": note, "why": why.get((w, b))})
    byes = []
    entering = []
    absent = []
    for p in t.players:
        e = p.entry(c1)
        if k < first.get(p.start_rank, 1):
            entering.append(people[p.start_rank])
            continue
        if e is None:
            absent.append(people[p.start_rank])
        elif e.opponent is None and e.code is not None:
            gained = t.score(p.start_rank, c2) - t.score(p.start_rank, c1 - 1)
            byes.append({"player": people[p.start_rank], "kind": MATCH_BYE_WORDS.get(e.code, e.code.value),
                         "points": fmt_points(t.score(p.start_rank, c1 - 1)), "gained": score_words(gained),
                         "pab": e.code is Result.PAIRING_ALLOCATED_BYE})
    date = t.round_dates[c1 - 1] if c1 - 1 < len(t.round_dates) else None
    return {"round": k, "boards": boards, "byes": byes, "absent": absent, "ex": ex,
            "not_entered": sorted(entering, key=lambda x: x["no"]), "date": date.isoformat() if date else "",
            "pending": any(not bd["score"] for bd in boards), "columns": (c1, c2)}


def _entry_words(m: MatchEntry) -> str:
    if m.kind == "match":
        games = " ".join(_GAME.get(g.result, "·") if g is not None and g.result is not None else "·" for g in m.games)
        return f"{score_words(m.points)} ({games})" if not m.pending else games
    if m.kind == "none":
        return ""
    return score_words(m.points)


def match_player_rounds(t: Tournament, pid: int, rounds: int, people: dict[int, dict[str, Any]],
                        explanations: dict[int, Any], first: dict[int, int], float_of: Any,
                        not_entered: str) -> list[dict[str, Any]]:
    """A player's page, one row per match round: the opponent, the game-1 colour, both games and
    the match score, the points after the match, the float (Art. 1.5), the board;
    ``not_entered``: what a match before the player's first reads."""
    out = []
    for m in player_matches(t, pid, rounds):
        k = m.round
        opp = m.opponent
        ex = explanations.get(k)
        board = next((b.board for b in ex.boards if pid in (b.white, b.black)), None) if ex is not None else None
        kind = ""
        g1 = m.games[0]
        if k < first.get(pid, 1):
            kind = not_entered
        elif opp is None and g1 is not None and g1.code is not None:
            kind = MATCH_BYE_WORDS.get(g1.code, g1.code.value)
        colour = "W" if m.had_colour and m.colour.value == "w" else "B" if m.had_colour else ""
        out.append({"round": k, "opponent": people.get(opp) if opp is not None else None, "colour": colour,
                    "result": _entry_words(m), "points": fmt_points(t.score(pid, match_columns(k)[1])), "kind": kind,
                    "float": float_of(k) or "", "board": board,
                    "bye": bool(ex is not None and ex.bye is not None and ex.bye.player == pid),
                    "note": "" if m.kind != "match" or not any(g is not None and g.result in (
                        Result.FORFEIT_WIN, Result.FORFEIT_LOSS) for g in m.games) else "forfeit"})
    return out


def match_cells(t: Tournament, pid: int, rounds: int, people: dict[int, dict[str, Any]],
                pos: dict[int, int]) -> list[dict[str, Any]]:
    """The cross-table's cells of a player, one per match round: opponent, game-1 colour, match score."""
    cells = []
    for m in player_matches(t, pid, rounds):
        opp = m.opponent
        colour = "w" if m.had_colour and m.colour.value == "w" else "b" if m.had_colour else ""
        cells.append({"opponent": opp, "colour": colour, "result": _entry_words(m).split(" ")[0] if m.kind == "match"
                      else (m.games[0].code.value if m.games[0] is not None and m.games[0].code is not None else ""),
                      "href": people[opp]["href"] if opp in people else "", "rank": pos.get(opp) if opp else None})
    return cells
