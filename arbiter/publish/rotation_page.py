"""The club-night rotation as a web page: tables in play with "why this game?", the queue, and
every player's evening.  One renderer for the static page (``arbiter rotation publish``) and the
live one (``arbiter rotation serve``), so both say the same.

Presentation only: the board and its explanations come from :mod:`rotation.board` (one
snapshot of the session log; each table's explanation is what ``arbiter rotation why --json``
says); this module words them for players.  Every value goes through Jinja2's autoescaping
(and :func:`trf.text.visible` for control characters), so a player's name is text, never markup.

The page works without a script (the "why" panels are ``<details>``; the large-type switch is a
checkbox); a script only reads ``?large=1`` (a wall screen's bookmark) and, in live mode,
replaces the content of ``<main id="board">`` with each fragment the server pushes over
``EventSource('events')`` (the data of a default ``message`` event is one
:func:`render_fragment`), keeping the open panels open and the scroll where it was.  Without a
script the live page reloads itself every 10 seconds.

Stable hooks for scripts and browser tests (names are written as the page shows them)::

    main#board                              the content; its first child:
      div#board-content[data-version]         "EVENTS.LASTSEQ" of the log read
    div#error.error[role=alert]             the error banner (a message, never a traceback)
    p#summary                               tables, format, mode, players present, games started,
                                            time[datetime][data-local] of the last change
    section#table-T.rtable[data-table=T]    each table; data-state "playing" | "free",
                                            data-by "engine" | "organiser" (absent when free)
      .side[data-side=1|2]                    a side; its players .player[data-player=NAME]
      details#why-T.why[data-table=T][data-by]  "why this game?" (absent for a free table)
        li.why-player[data-player][data-games-tonight][data-sitouts-before][data-was-owed]
                     [data-fixed-as-owed]       each player of the game ("true"/"false")
        li.waiting[data-player][data-reason]    who waited next and why they were not chosen
        p.why-teams[data-decided-by]            why these teams
        p.relaxed[data-relaxed]                 the limits that gave way, joined by "|"
        p.by-hand                               "set by the organiser" (a table set by hand)
        p.fixed[data-fixed]                     players the organiser fixed into an engine game
    ol#queue > li[data-player][data-position]   the queue, in order
    table#players tr.player-row[data-player][data-status][data-games][data-sitouts-total]
      ol.tonight > li[data-kind=game|sitout][data-pass]   the evening, in order: the latest
                                            TABLE_PASSES passes (PANEL_PASSES in a "why" panel,
                                            and the sit-outs in a row before the game), after
        li.earlier[data-passes][data-games][data-sitouts]   the passes before them, counted
    input#large                              the large-type switch (checked: wall-screen type)
    span#live[data-state]                    live page only: "connecting" | "live" | "reconnecting"
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Optional

from jinja2 import Environment
from markupsafe import Markup

from rotation.board import Board, BoardPlayer, BoardTable, Spell

__all__ = ["render_fragment", "render_page", "STYLESHEET"]

STYLESHEET = "rotation.css"
REFRESH_SECONDS = 10  # the live page's reload when scripts are off

# How many of a player's latest passes the page shows pass by pass; the earlier ones are one
# line of counts, so the page stays about the same size however long the evening runs (every
# pass is in board.json).  A "why" panel shows fewer, but always the game and the sit-outs in a
# row just before it (what ``rotation why`` counts).
PANEL_PASSES = 6
TABLE_PASSES = 20


@lru_cache(maxsize=1)
def _env() -> Environment:
    from arbiter.publish.site import environment

    env = environment()
    env.filters["plural"] = _plural
    env.filters["upfirst"] = _upfirst
    return env


@lru_cache(maxsize=1)
def _css() -> Markup:
    env = _env()
    assert env.loader is not None
    source, _, _ = env.loader.get_source(env, STYLESHEET)
    return Markup(source)  # the package's own stylesheet: no value in it


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _upfirst(text: str) -> str:
    """The text with its first letter a capital (the rest untouched, names included)."""
    return text[:1].upper() + text[1:]


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _clock(at: Optional[str]) -> Optional[str]:
    """``HH:MM UTC`` of a recorded time (ISO 8601), or None when there is none or it does not
    read as a time (the log's times are information only, never checked)."""
    if at is None:
        return None
    try:
        moment = datetime.fromisoformat(at).astimezone(timezone.utc)
    except (ValueError, OverflowError):
        return None
    return moment.strftime("%H:%M UTC")


def _spell_text(s: Spell) -> str:
    """One pass of a player's evening, in words (a chip's title)."""
    if s.kind == "sitout":
        return "sat out"
    side = " & ".join(s.partners)
    text = f"table {s.table}: " + (f"with {side} " if side else "") + "against " + " & ".join(s.opponents)
    if s.by == "organiser":
        text += " (set by the organiser)"
    return text + (" - playing now" if s.in_progress else "")


def _recent(spells: tuple[Spell, ...], keep: int) -> dict[str, Any]:
    """The last ``keep`` passes of an evening (``shown``), and the earlier ones as counts
    (``earlier``: passes, games, sit-outs; None when every pass is shown)."""
    if len(spells) <= keep:
        return {"shown": spells, "earlier": None}
    old = spells[:len(spells) - keep]
    games = sum(1 for x in old if x.kind == "game")
    return {"shown": spells[len(old):], "earlier": {"passes": len(old), "games": games, "sitouts": len(old) - games}}


def _player_line(line: dict[str, Any], player: Optional[BoardPlayer]) -> dict[str, Any]:
    """A player of a game, as the "why" panel words it (``line``: rotation.explain's player line),
    with the latest passes of their evening: at least :data:`PANEL_PASSES`, and always this game
    and the sit-outs in a row before it."""
    n = line["sitouts_before"]
    facts = [f"{_ordinal(line['games_tonight'])} game tonight",
             "sat out " + _plural(n, "time") + " in a row just before" if n else "no sit-out just before"]
    if line["was_owed"]:
        facts.append(f"a game was owed to them (owed {line['owed']})"
                     + ("; placed first for it" if line["fixed_as_owed"] else ""))
    elif line["fixed_as_owed"]:
        facts.append(f"behind the others on playing time (owed {line['owed']}): placed first")
    else:
        facts.append("no game was owed to them")
    keep = max(PANEL_PASSES, n + 1)
    return {**line, "facts": facts, "tonight": _recent(player.tonight if player else (), keep)}


# The rule that decided the split into sides, in players' words (criteria of docs/rotation.md;
# the split's players are the same, so only the first five and the draw can tell splits apart).
_SPLIT_RULE = {
    "partner coverage": "it gives the most new partnerships",
    "repeated pairing": "its two sides had not played each other before",
    "partner recency": "its partners had played together longest ago",
    "opponent coverage": "its opponents had met each other the fewest times",
    "opponent recency": "its opponents had met longest ago",
    "seeded hash": "every split was level on every rule, so the session's seeded draw chose it",
}

# The hard limits that may give way (rotation.kinds.Relaxation), in players' words.
_LIMIT = {
    "balance": "balanced sides (a rating gap of at most 250)",
    "owed duty": "seating first the players owed a game",
    "rest check": "the look-ahead that keeps the next players from waiting too long",
    "sit-out limit": "the sit-out limit (the most sit-outs in a row)",
}


def _teams_sentences(why_teams: dict[str, Any], k: int) -> list[str]:
    """Why these sides, in players' words, from ``why``'s ``why_teams`` (its fields, not its text)."""
    decided = why_teams.get("decided_by")
    out = []
    if k == 2:
        out.append("One against one: there is only one way to seat two players.")
    elif decided:
        out.append(f"Of the three ways to split these four players, this one was chosen because "
                   f"{_SPLIT_RULE.get(decided, f'of the rule {decided!r}')}.")
    firsts = [" & ".join(pr) for pr in why_teams.get("first_time_partnerships", [])]
    if k == 4:
        out.append(f"Partners for the first time tonight: {', '.join(firsts)}." if firsts
                   else "No partnership is new tonight.")
    met = why_teams.get("met_before", 0)
    out.append(f"These sides have met {_plural(met, 'time')} before." if met else "These sides meet for the first time.")
    if why_teams.get("rating_gap") is not None:
        out.append(f"Rating gap between the sides: {why_teams['rating_gap']}.")
    return out


def _why_view(table: BoardTable, board: Board) -> dict[str, Any]:
    why = dict(table.why or {})
    players = [_player_line(p, board.player(p["name"])) for p in why.get("players", [])]
    limits = why.get("limits") or {}
    relaxed = list(limits.get("relaxed", []))
    return {"why": why, "players": players, "relaxed": relaxed,
            "relaxed_words": [_LIMIT.get(r, r) for r in relaxed],
            "teams": _teams_sentences(why["why_teams"], board.config.k) if "why_teams" in why else [],
            "organiser": table.by == "organiser", "has_reasons": "waiting_next" in why}


def _context(board: Optional[Board], error: Optional[str]) -> dict[str, Any]:
    if board is None:
        return {"board": None, "error": error}
    present = [p for p in board.players if p.status != "left"]
    tables = [{"t": t, "view": _why_view(t, board) if not t.free else None} for t in board.tables]
    return {"board": board, "error": error, "tables": tables, "present": len(present), "updated": _clock(board.updated),
            "version": f"{board.version[1]}.{board.version[2]}", "spell_text": _spell_text,
            "evenings": {p.name: _recent(p.tonight, TABLE_PASSES) for p in board.players},
            "position": {name: i + 1 for i, name in enumerate(board.queue)}}


def render_fragment(board: Optional[Board], *, error: Optional[str] = None) -> str:
    """The content of ``<main id="board">``: an error banner when ``error`` is given (the command
    line's one-line message), then the board when there is one."""
    return _env().get_template("rotation_board.html").render(**_context(board, error))


def render_page(board: Optional[Board], *, live: bool, error: Optional[str] = None) -> str:
    """The whole page: :func:`render_fragment` inside ``<main id="board">``, the stylesheet
    inline (one self-contained file), the large-type switch, and in ``live`` mode the script
    that follows the server's pushes (``EventSource('events')``) with a reload every
    :data:`REFRESH_SECONDS` as the fallback without scripts."""
    title = f"Club night: {board.name}" if board is not None else "Club night"
    return _env().get_template("rotation_page.html").render(
        title=title, css=_css(), live=live, refresh=REFRESH_SECONDS,
        fragment=Markup(render_fragment(board, error=error)))  # rendered, values escaped, above
