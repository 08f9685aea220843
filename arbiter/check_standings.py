"""The standings section of ``arbiter check``: the check is
:func:`tiebreaks.standingscheck.check_standings`; this module runs it for the command line and
renders it (a "Standings" section after the rounds, or the ``standings`` key of ``--json``).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from rich.console import Console
from rich.text import Text

from trf.diagnostics import Diagnostic
from trf.model import Tournament
from trf.text import visible

__all__ = ["run", "section", "verdict_line"]


def run(t: Tournament, diagnostics: Sequence[Diagnostic], round_robin: bool, after: Optional[int]) -> Any:
    """The standings check of one file, with the computed table after round ``after`` when asked."""
    from arbiter.app import busy
    from tiebreaks.standingscheck import check_standings

    with busy(f"standings of {len(t.players)} players"):
        return check_standings(t, diagnostics=diagnostics, round_robin=round_robin, table_after=after)


def _by(c: Any) -> str:
    return f"{c.ranks.tiebreaks} ({c.source})"


def _headline(c: Any) -> str:
    """What was compared, in words."""
    unit = "teams" if c.unit == "team" else "players"
    parts = []
    if c.checked:
        parts.append(f"rank column of {len(c.ranks.computed.rows)} {unit} by {_by(c)}, C.07 art. 4.2")
    if c.points_checked:
        parts.append("match and game points (310)" if c.unit == "team" else "points column (81-84)")
    return "; ".join(parts) if parts else "nothing to compare"


def section(console: Console, c: Any, t: Tournament) -> None:
    """The "Standings" section: a verdict line, each finding (rule, then what was found), the
    reason the rank column was not checked, notes, and the computed table when asked for."""

    head = Text.assemble(("Standings: ", "bold"), ("OK", "bold green") if c.ok else ("DISCREPANCY", "bold red"),
                         f"  {_headline(c)}")
    console.print(head)
    for f in c.findings:
        if f.severity == "error":
            console.print(Text(f"  {f.kind} ({f.rule}): {visible(f.message)}", style="red"))
    for f in c.findings:
        if f.severity != "error":
            console.print(Text(f"  warning: {f.kind} ({f.rule}): {visible(f.message)}", style="yellow"))
    if not c.checked and not c.ranks.unusable and c.ranks.note:
        console.print(Text(f"  {c.ranks.note}", style="dim"))
    for note in c.notes:
        console.print(Text(f"  note: {note}", style="dim"))
    if c.table is not None:
        _table(console, c, t)


def _table(console: Console, c: Any, t: Tournament) -> None:
    """The computed standings after the round asked for, with every tie-break value: the
    ``arbiter standings`` table from its JSON shape."""
    from rich.table import Table

    from arbiter.render import print_table

    data = c.table
    team = c.unit == "team"
    table = Table(title=f"Computed standings after round {data['rounds']} (C.07, {data['edition']} rules"
                        + (", round robin)" if data["round_robin"] else ")"))
    cols = ("Pl", "TPN", "Team", "MP", "GP") if team else ("Pl", "No", "Name", "Rtg", "Pts")
    for col in cols:
        table.add_column(col, justify="left" if col in ("Pl", "Team", "Name") else "right",
                         no_wrap=col not in ("Team", "Name"))
    codes = [x["code"] for x in data["tiebreaks"]]
    for code in codes:
        table.add_column(code, justify="right", no_wrap=True)
    for r in data["standings"]:
        first = ([r["place"], str(r["tpn"]), visible(r["team"]), r["match_points"], r["game_points"]] if team else
                 [r["place"], str(r["start_rank"]), visible(r["name"]), str(r["rating"] or ""), r["points"]])
        table.add_row(*first, *[r["tiebreaks"][code] for code in codes])
    print_table(console, table, keep=3)
    for note in data["notes"]:
        console.print(Text(f"  note: {note}", style="dim"))
    console.print(Text("  (a TRF records only the final rank column; this table is computed, to compare with a "
                       "published one)", style="dim"))


def verdict_line(path: str, pairings_ok: bool, bad_rounds: list[int], c: Any, by_hand: list[int] | None = None) -> str:
    """The report's last line: pairings and standings together, as the exit code says
    (``by_hand``: the rounds paired by hand and recorded, which are no discrepancy)."""
    if pairings_ok and c.ok:
        if by_hand:
            return (f"{path}: pairings and standings conform, but for round{'s' if len(by_hand) > 1 else ''} "
                    f"{', '.join(map(str, by_hand))} paired by hand and recorded (### MPA)")
        return f"{path}: pairings and standings conform"
    parts = []
    if not pairings_ok:
        parts.append(f"round{'s' if len(bad_rounds) > 1 else ''} {', '.join(map(str, bad_rounds))}")
    if not c.ok:
        n = len(c.errors)
        parts.append(f"the standings ({n} finding{'s' if n > 1 else ''})")
    return f"{path}: discrepancies in " + " and ".join(parts)
