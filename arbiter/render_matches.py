"""Tables of an event whose rounds are matches of two games (:mod:`event.matches`): the boards of
a match round with both games and the match score, the PAB (1½ points: a won and a drawn game)
and the absences declared for the match."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Console

from arbiter.render import print_table
from trf.model import Tournament
from trf.writer import fmt_points

__all__ = ["match_table"]


def _who(t: Tournament, pid: int) -> str:
    p = t.player(pid)
    return f"{p.fide_title} {p.name}".strip()


def match_table(console: Console, t: Tournament, match: int) -> None:
    """Match round ``match``: board, the first-named player (White in game 1), points before the
    match, game 1 and game 2 (each from the first-named player's side), the match score, the other
    player; the PAB and the players not paired below."""
    from rich.table import Table

    from event.matches import match_boards, points_text
    from trf.matches import match_columns
    from trf.model import Result

    c1, c2 = match_columns(match)
    table = Table(title=f"{t.name or 'Tournament'}: round {match} (a match of two games)", title_style="bold",
                  header_style="bold")
    for head, justify in (("Bd", "right"), ("No", "right"), ("White in game 1", "left"), ("Pts", "right"),
                          ("G1", "center"), ("G2", "center"), ("Match", "center"), ("Pts", "right"),
                          ("Black in game 1", "left"), ("No", "right")):
        table.add_column(head, justify=justify, no_wrap=not head.endswith("game 1"),  # type: ignore[arg-type]
                         overflow="fold")
    for b in match_boards(t, match):
        score = "" if b.pending else f"{points_text(b.points[0])}-{points_text(b.points[1])}"
        table.add_row(str(b.number), str(b.white), _who(t, b.white), fmt_points(t.score(b.white, through=c1 - 1)),
                      b.game_text(1), b.game_text(2), score, fmt_points(t.score(b.black, through=c1 - 1)),
                      _who(t, b.black), str(b.black))
    notes = []
    for p in t.players:
        e = p.entry(c1)
        if e is not None and e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE:
            gained = t.score(p.start_rank, through=c2) - t.score(p.start_rank, through=c1 - 1)
            notes.append(f"Pairing-allocated bye: {p.start_rank} {p.name} ({fmt_points(t.score(p.start_rank, through=c1 - 1))}),"
                         f" U H: {points_text(Fraction(gained))} points")
    absent = {pid: kind.value for pid, kind in t.declared_absences(c1).items()}  # a bye takes both columns
    if absent:
        notes.append("Not paired: " + ", ".join(f"{pid} ({kind} {kind})" for pid, kind in sorted(absent.items())))
    table.caption = "; ".join(notes) if notes else None
    print_table(console, table, keep=2)
