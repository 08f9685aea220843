"""``arbiter standings``: the ranking with FIDE tie-breaks (C.07).

Thin: the rules live in :mod:`tiebreaks`; this module reads arguments, calls it and renders.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import EncodingOpt, FileArg, JsonOpt, app, emit_json, fail, out, read_valid


class StandingsFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


class EditionOpt(str, Enum):
    pre2023 = "pre2023"
    v2023 = "2023"
    v2026 = "2026"


@app.command()
def standings(
    file: Path = FileArg,
    tiebreaks: Optional[str] = typer.Option(None, "--tiebreaks", metavar="LIST",
                                            help='Tie-break list, e.g. "BH/C1,BH,SB,DE,WIN" (default: the file\'s 202/212 '
                                                 "record, else BH/C1,BH,DE,WIN,BWG for a Swiss and DE,SB,WIN,KS for a round robin)."),
    edition: Optional[EditionOpt] = typer.Option(None, "--edition",
                                                 help="Rules for unplayed rounds: pre2023, 2023 or 2026 (default: from the start date, 042)."),
    after_round: Optional[int] = typer.Option(None, "--after-round", min=1, help="Standings after this round (default: the last one paired)."),
    round_robin: Optional[bool] = typer.Option(None, "--round-robin/--swiss",
                                               help="Treat the event as a round robin (art. 15.2) or a Swiss (default: from 192/092)."),
    explain: Optional[int] = typer.Option(None, "--explain", metavar="PLAYER", help="Show the per-round contributions of a player's tie-breaks."),
    check_ranks: bool = typer.Option(False, "--check", help="Compare the file's rank column with the computed standings (exit 4 on a difference)."),
    fmt: StandingsFormat = typer.Option(StandingsFormat.table, "--format", help="table, json or csv."),
    json_out: bool = JsonOpt,
    csv_out: bool = typer.Option(False, "--csv", help="Same as --format csv."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Standings with FIDE tie-breaks (C.07): rank, shared places, points and every tie-break, exact."""
    from tiebreaks.codes import file_tiebreaks, parse_list
    from tiebreaks.context import Edition
    from tiebreaks.output import explain_dict, rank_check, standings_csv, standings_dict
    from tiebreaks.standings import standings as compute
    from trf.system import UnsupportedEvent, require_individual

    result = read_valid(file, encoding, "fix them before computing standings")
    t = result.tournament
    try:
        require_individual(t, "team tie-breaks are not implemented yet")
    except UnsupportedEvent as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    if after_round is not None and after_round > t.rounds_paired:
        fail(exitcodes.USAGE, f"--after-round {after_round}: the file has rounds 1-{t.rounds_paired}")
    try:
        tbs = parse_list(tiebreaks) if tiebreaks is not None else file_tiebreaks(t)
    except ValueError as exc:
        fail(exitcodes.USAGE if tiebreaks is not None else exitcodes.INVALID_INPUT,
             f"{'--tiebreaks' if tiebreaks is not None else str(file) + ': record 202/212'}: {exc}")
    ed = Edition(edition.value) if edition is not None else None
    s = compute(t, tbs if tbs is not None else [], edition=ed, after_round=after_round, round_robin=round_robin,
                default_list=tbs is None)
    if json_out:
        fmt = StandingsFormat.json
    if csv_out:
        fmt = StandingsFormat.csv
    if explain is not None:
        if explain not in t.player_by_rank:
            fail(exitcodes.USAGE, f"--explain {explain}: no player with start rank {explain}")
        data = explain_dict(t, s, explain)
        if fmt is StandingsFormat.json:
            emit_json(data)
        else:
            render.explain(out, data)
        return
    problems = rank_check(t, s) if check_ranks else []
    if fmt is StandingsFormat.json:
        data = standings_dict(t, s, str(file))
        if check_ranks:
            data["rank_differences"] = problems
        emit_json(data)
    elif fmt is StandingsFormat.csv:
        out.file.write(standings_csv(t, s))
    else:
        render.standings(out, t, s)
        if check_ranks:
            render.rank_check(out, problems, str(file))
    if check_ranks and problems:
        raise typer.Exit(exitcodes.DISCREPANCY)
