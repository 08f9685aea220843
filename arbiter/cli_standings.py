"""``arbiter standings``: the ranking with FIDE tie-breaks (C.07).

Thin: the rules live in :mod:`tiebreaks`; this module reads arguments, calls it and renders.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import EncodingOpt, FileArg, JsonOpt, app, busy, emit_json, fail, out, read_valid

if TYPE_CHECKING:  # pragma: no cover
    from tiebreaks.codes import TieBreak
    from tiebreaks.context import Edition
    from trf.model import Tournament


def player_named(t: Tournament, text: str, option: str) -> int:
    """The start rank of the player ``text`` names (:func:`trf.naming.resolve_player`: a start
    rank, a FIDE id or an unambiguous name); exit 2 naming the candidates when there are several,
    the closest names when there is none."""
    from trf.naming import PlayerNotNamed, resolve_player

    try:
        return resolve_player(t, text)
    except PlayerNotNamed as exc:
        fail(exitcodes.USAGE, f"{option} {exc}")


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
                                                 "record, else BH/C1,BH,DE,WIN,BWG for a Swiss and DE,SB,WIN,KS for a round robin; for a team "
                                                 "event EDE, EMGSB/C1, BH:MP/C1, MPvGP; on game points first EDE, EGGSB/C1, BH:GP/C1, MPvGP)."),
    edition: Optional[EditionOpt] = typer.Option(None, "--edition",
                                                 help="Rules for unplayed rounds: pre2023, 2023 or 2026 (default: from the start date, 042)."),
    after_round: Optional[int] = typer.Option(None, "--after-round", min=1, help="Standings after this round (default: the last one paired)."),
    round_robin: Optional[bool] = typer.Option(None, "--round-robin/--swiss",
                                               help="Treat the event as a round robin (art. 15.2) or a Swiss (default: from 192/092)."),
    explain: Optional[str] = typer.Option(None, "--explain", metavar="PLAYER",
                                          help="Show the per-round contributions of a player's tie-breaks: a start rank, "
                                               "a FIDE id or a name (\"Okafor\", \"Okafor, Adaeze\", \"Adaeze "
                                               "Okafor\"); individual events only."),
    check_ranks: bool = typer.Option(False, "--check", help="Compare the file's rank column (a team event: the 310 ranks) with the computed standings (exit 4 on a difference)."),
    fmt: StandingsFormat = typer.Option(StandingsFormat.table, "--format", help="table, json or csv."),
    json_out: bool = JsonOpt,
    csv_out: bool = typer.Option(False, "--csv", help="Same as --format csv."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Standings with FIDE tie-breaks (C.07): rank, shared places, points and every tie-break, exact;
    for a team event the teams, with match and game points and the team tie-breaks (art. 12, 13)."""
    from tiebreaks.codes import file_tiebreaks, parse_list, require_individual_codes
    from tiebreaks.context import Edition
    from tiebreaks.output import explain_dict, rank_check, standings_csv, standings_dict
    from tiebreaks.standings import standings as compute
    from trf.system import UnsupportedEvent, require_individual

    from arbiter.app import format_choice, refuse_conflicting_outputs

    refuse_conflicting_outputs(("--json", "json" if json_out else None), ("--csv", "csv" if csv_out else None),
                               format_choice(fmt))
    if explain is not None and (csv_out or fmt is StandingsFormat.csv):
        fail(exitcodes.USAGE, f"--explain shows one player's rounds as a table or JSON: "
                              f"{'--csv' if csv_out else '--format csv'} has no layout for them")
    if explain is not None and check_ranks:
        fail(exitcodes.USAGE, "--explain and --check conflict: one shows a player's rounds, the other checks the rank "
                              "column; run them one at a time")
    result = read_valid(file, encoding, "fix them before computing standings")
    t = result.tournament
    if json_out:
        fmt = StandingsFormat.json
    if csv_out:
        fmt = StandingsFormat.csv
    try:
        tbs = parse_list(tiebreaks) if tiebreaks is not None else file_tiebreaks(t)
    except ValueError as exc:
        fail(exitcodes.USAGE if tiebreaks is not None else exitcodes.INVALID_INPUT,
             f"{'--tiebreaks' if tiebreaks is not None else str(file) + ': record 202/212'}: {exc}")
    ed = Edition(edition.value) if edition is not None else None
    warnings = _round_robin_list(file, t, tbs, tiebreaks is not None, ed,
                                 bool(round_robin) if t.is_team_event else round_robin)
    if t.is_team_event:
        if explain is not None:
            fail(exitcodes.USAGE, "--explain shows a player's rounds: it is for individual events")
        _team_standings(file, t, tbs, tiebreaks is not None, ed, after_round, bool(round_robin), check_ranks, fmt,
                        warnings)
        return
    who = player_named(t, explain, "--explain") if explain is not None else None
    try:
        require_individual(t, "standings of a team event")
    except UnsupportedEvent as exc:  # pragma: no cover - a team event took the branch above
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    from trf.matches import matches_paired, writes_matches

    last, unit = (matches_paired(t), "matches") if writes_matches(t) else (t.rounds_paired, "rounds")
    if after_round is not None and after_round > last:  # a file of two-game matches counts matches
        fail(exitcodes.USAGE, f"--after-round {after_round}: the file has {unit} 1-{last}")
    try:
        require_individual_codes(tbs)
    except ValueError as exc:
        fail(exitcodes.USAGE if tiebreaks is not None else exitcodes.INVALID_INPUT,
             f"{'--tiebreaks' if tiebreaks is not None else str(file) + ': record 202/212'}: {exc}")
    with busy(f"standings of {len(t.players)} players"):
        s = compute(t, tbs if tbs is not None else [], edition=ed, after_round=after_round, round_robin=round_robin,
                    default_list=tbs is None)
    s.notes.extend(warnings)
    if who is not None:
        data = explain_dict(t, s, who)
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


def _round_robin_list(file: Path, t: Tournament, tbs: Optional[list[TieBreak]], given: bool,
                      edition: Optional[Edition], round_robin: Optional[bool]) -> list[str]:
    """A round robin's list with a Buchholz tie-break: refused under the 2026 rules (C.07 art. 8:
    "must not be used in round-robins"; exit 2 for --tiebreaks, 3 for the file's list), a note
    under older ones (:mod:`tiebreaks.suitability`)."""
    from tiebreaks.context import default_edition, round_robin_by_system
    from tiebreaks.suitability import require_round_robin_codes, round_robin_buchholz

    if not tbs or not (round_robin_by_system(t) if round_robin is None else round_robin):
        return []
    ed = edition or default_edition(t)
    try:
        require_round_robin_codes(tbs, ed)
    except ValueError as exc:
        fail(exitcodes.USAGE if given else exitcodes.INVALID_INPUT,
             f"{'--tiebreaks' if given else str(file) + ': record 202/212'}: {exc}")
    return [u.message() for u in round_robin_buchholz(tbs, ed)]


def _team_standings(file: Path, t: Tournament, tbs: Optional[list[TieBreak]], given: bool, edition: Optional[Edition],
                    after_round: Optional[int], round_robin: bool, check_ranks: bool, fmt: StandingsFormat,
                    warnings: list[str]) -> None:
    """The team table (C.07 art. 12, 13): rank, TPN, team, MP, GP and every tie-break."""
    from tiebreaks.teambreaks import TeamTieBreakError
    from tiebreaks.teamstandings import team_rank_check, team_standings, team_standings_csv, team_standings_dict
    from trf.diagnostics import Severity
    from trf.teams import read_team_event

    event, diags = read_team_event(t)
    if event is None:
        errors = [d for d in diags if d.severity is Severity.ERROR]
        fail(exitcodes.INVALID_INPUT, f"{file}: the team records cannot be read"
             + (f": {errors[0].message} (line {errors[0].line})" if errors else ""), errors, file)
    if after_round is not None and after_round > event.rounds:
        fail(exitcodes.USAGE, f"--after-round {after_round}: the file has rounds 1-{event.rounds}")
    try:
        with busy(f"standings of {len(event.teams)} teams"):
            s = team_standings(event, tbs if tbs is not None else [], edition=edition, after_round=after_round,
                               round_robin=round_robin, default_list=tbs is None)
    except TeamTieBreakError as exc:
        fail(exitcodes.USAGE if given else exitcodes.INVALID_INPUT,
             f"{'--tiebreaks' if given else str(file) + ': record 202/212'}: {exc}")
    s.notes.extend(warnings)
    problems = team_rank_check(event, s) if check_ranks else []
    if fmt is StandingsFormat.json:
        data = team_standings_dict(s, str(file))
        if check_ranks:
            data["rank_differences"] = problems
        emit_json(data)
    elif fmt is StandingsFormat.csv:
        out.file.write(team_standings_csv(s))
    else:
        render.team_standings(out, t, s)
        if check_ranks:
            render.team_rank_check(out, problems, str(file))
    if check_ranks and problems:
        raise typer.Exit(exitcodes.DISCREPANCY)
