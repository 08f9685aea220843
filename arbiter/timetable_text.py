"""The human form of a round-robin timetable (``arbiter roundrobin --boards``): one renderer for a
single round robin and for groups sharing the boards; the caller says how an entrant is shown."""

from __future__ import annotations

from typing import Callable

from rich.markup import escape
from rich.table import Table

from arbiter import render
from arbiter.app import out
from roundrobin.timetable import Timetable


def sessions_words(tt: Timetable) -> str:
    if tt.sessions.per_day is not None:
        return f"{tt.sessions.per_day} slot(s) a day"
    if tt.sessions.windows:
        return "daily sessions " + tt.sessions.describe()
    return "no breaks"


def render_timetable(tt: Timetable, title: str, label: Callable[[int], str], who: Callable[[int], str]) -> None:
    """The timetable's human form: the totals, windows and placements, a row a slot, the
    back-to-back games.  ``label``: an entrant's number as the games show it; ``who``: as the
    back-to-back lines name it (with --groups the numbers are the combined ones)."""
    t = tt.totals
    out.print(f"[bold]{escape(title)}[/bold]: {t.games} games, {t.rounds} rounds, {t.slots} slots of "
              f"{int(tt.slot_length.total_seconds() // 60)} min on {tt.boards} board(s), {t.days} day(s) "
              f"({escape(sessions_words(tt))}): {t.first_start:%a %Y-%m-%d %H:%M} to {t.last_end:%a %Y-%m-%d %H:%M}",
              markup=True)
    for w in tt.windows:
        out.print(f"window: {w.describe()}", markup=False)
    for pl in tt.placements:
        out.print(f"placed: {pl.describe()}", markup=False)
    table = Table(show_edge=False)
    for col in ("Slot", "Day", "Time", "Rd", "Games (board: White-Black)"):
        table.add_column(col, justify="right" if col in ("Slot", "Day", "Rd") else "left")
    byes: dict[int, list[str]] = {}
    for r, player in tt.byes:
        byes.setdefault(r, []).append(label(player))
    for i, s in enumerate(tt.slots):
        games = "  ".join(f"{b}: {label(w)}-{label(k)}" for b, w, k in s.games)
        last_of_round = i + 1 == len(tt.slots) or tt.slots[i + 1].round != s.round
        if last_of_round and s.round in byes:
            games += f"  (bye: {', '.join(byes[s.round])})"
        table.add_row(str(s.number), str(s.day), f"{s.start:%a %d %H:%M}-{s.end:%H:%M}", str(s.round), games)
    render.print_table(out, table, keep=1)
    if not tt.back_to_back:
        out.print("no player plays in two consecutive slots")
        return
    proof = "proved minimal" if tt.minimal else f"not proved minimal (lower bound {tt.lower_bound})"
    out.print(f"[yellow]{len(tt.back_to_back)} back-to-back game(s)[/yellow], {proof}:", markup=True)
    for x in tt.back_to_back:
        out.print(f"  {who(x.player)}: slots {x.slots[0]}-{x.slots[1]} (rounds {x.rounds[0]}-{x.rounds[1]}): "
                  f"{x.reason}", markup=False)
