"""Human-readable rendering with rich.  No rules here: only presentation.

Every table goes through :func:`print_table`, which never cuts a column: to a pipe or a file a
table is written whole, at its natural width; on a terminal (or with ``--width``) a table too
wide for the line first lets its text columns wrap, then is split into several tables that
repeat the identifying columns (board, start number, name), and as a last resort each row is
written as ``header: value`` lines.  Colours follow rich, which honours ``NO_COLOR``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from arbiter.terminal import SafeConsole
from trf.diagnostics import Diagnostic, Severity, in_order
from trf.model import Player, RoundEntry, Tournament
from trf.text import visible
from trf.writer import fmt_points

if TYPE_CHECKING:  # rich.table is imported by the functions that lay a table out: ``validate`` prints none
    from rich.table import Table

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "dim"}

_requested_width: int | None = None


def set_width(width: int | None) -> None:
    """The line width tables are laid out for (``--width``); ``None``: the terminal's, and no
    limit when the output is not a terminal."""
    global _requested_width
    _requested_width = width


def layout_width(console: Console) -> int | None:
    """The width a table must fit, or ``None`` when it may be as wide as it needs."""
    if _requested_width is not None:
        return _requested_width
    return console.width if console.is_terminal else None


#: A line no table reaches.
_UNLIMITED = 1_000_000


def _measure(console: Console, table: Table) -> tuple[int, int]:
    m = console.measure(table, options=console.options.update(max_width=_UNLIMITED))
    return m.minimum, m.maximum


def _sized(console: Console, width: int, wrap: bool = True) -> Console:
    """``console`` at another width (rich caps a print's width at its console's); ``wrap``:
    captions and titles wrap at that width."""
    if console.width == width and console.soft_wrap is not wrap:
        return console
    return SafeConsole(file=console.file, width=width, highlight=False, soft_wrap=not wrap, markup=False, emoji=False,
                       color_system=console.color_system,  # type: ignore[arg-type]
                       no_color=console.no_color, force_terminal=console.is_terminal,
                       legacy_windows=False)


def _copy(table: Table, columns: list[int], title: Any, caption: Any) -> Table:
    """A table with only ``columns`` of ``table`` (same rows, styles and box)."""
    from rich.table import Table

    out = Table(title=title, caption=caption, box=table.box, show_edge=table.show_edge, pad_edge=table.pad_edge,
                padding=table.padding, show_header=table.show_header, header_style=table.header_style,
                title_style=table.title_style, caption_style=table.caption_style, show_lines=table.show_lines,
                title_justify=table.title_justify, caption_justify=table.caption_justify)
    cells = []
    for i in columns:
        col = table.columns[i]
        out.add_column(col.header, justify=col.justify, no_wrap=col.no_wrap, style=col.style,
                       header_style=col.header_style, overflow=col.overflow, min_width=col.min_width)
        cells.append(list(col.cells))
    for k, row in enumerate(table.rows):
        out.add_row(*(c[k] if k < len(c) else "" for c in cells), style=row.style, end_section=row.end_section)
    return out


def _plain(x: Any) -> str:
    return x.plain if isinstance(x, Text) else str(x)


def _fits(console: Console, table: Table, width: int) -> bool:
    """Whether ``table`` is laid out in ``width`` columns without cutting a word: its minimum
    width fits, and rich's layout (which can shrink a column below its longest word even when
    the minimum fits, ``Count…``) adds no ellipsis to what the cells hold."""
    if _measure(console, table)[0] > width:
        return False
    from io import StringIO

    probe = SafeConsole(file=StringIO(), width=width, highlight=False, markup=False, emoji=False, color_system=None,
                        legacy_windows=False)
    probe.print(table)
    shown = probe.file.getvalue().count("\u2026")  # type: ignore[attr-defined]
    held = sum(_plain(x).count("\u2026") for col in table.columns for x in (col.header, *col.cells))
    return bool(shown <= held)


def part_label(heads: list[str], n: int, parts: int) -> str:
    """The title of part ``n`` of a table split for a narrow line, naming the columns it holds
    (besides the repeated ones): ``columns Rtg to R2 (part 1 of 2)``, ``columns R3 and R4 (part 2
    of 3)``, ``column R5 (part 3 of 3)``."""
    heads = [" ".join(h.split()) for h in heads]  # a header on two lines named on one
    if len(heads) == 1:
        span = f"column {heads[0]}"
    elif len(heads) == 2:
        span = f"columns {heads[0]} and {heads[1]}"
    else:
        span = f"columns {heads[0]} to {heads[-1]}"
    return f"{span} (part {n} of {parts})"


def print_table(console: Console, table: Table, keep: int = 1) -> None:
    """Print ``table`` without losing a character of it (see the module docstring).  ``keep``:
    the leading columns that identify a row, repeated in every part of a split table."""
    width = layout_width(console)
    if width is None:  # no limit: the table at its natural width, which any wider line leaves it
        _sized(console, max(console.width, _UNLIMITED), wrap=False).print(table)
        return
    if _fits(console, table, width):
        _sized(console, width).print(table)
        return
    keep = min(keep, len(table.columns))
    rest = list(range(keep, len(table.columns)))
    parts: list[list[int]] = []
    while rest:
        part = [rest.pop(0)]
        while rest and _fits(console, _copy(table, list(range(keep)) + part + [rest[0]], None, None), width):
            part.append(rest.pop(0))
        parts.append(part)
    if not all(_fits(console, _copy(table, list(range(keep)) + p, None, None), width) for p in parts):
        _records(_sized(console, width), table)
        return
    for n, part in enumerate(parts):
        label = part_label([_plain(table.columns[i].header) for i in part], n + 1, len(parts))
        title = f"{_plain(table.title)}\n{label}" if n == 0 and table.title else label
        caption = table.caption if n == len(parts) - 1 else None
        _sized(console, width).print(_copy(table, list(range(keep)) + part, title, caption))


def _records(console: Console, table: Table) -> None:
    """The last resort for a very narrow line: one block per row, ``header: value`` per line."""
    if table.title:
        console.print(table.title, style="bold")
    heads = [_plain(c.header) for c in table.columns]
    cells = [list(c.cells) for c in table.columns]
    for k in range(len(table.rows)):
        console.print()
        for h, col in zip(heads, cells):
            value = _plain(col[k]) if k < len(col) else ""
            if value.strip():
                console.print(f"{h}: {value}", markup=False, highlight=False)
    if table.caption:
        console.print()
        console.print(table.caption, markup=False)


def diagnostics(console: Console, diags: list[Diagnostic], filename: str) -> None:
    """One line per finding, ``file:line:col: severity code message`` (the compiler convention),
    causes first (:func:`trf.diagnostics.in_order`: what single lines show, then what comparing
    records shows, each in line order)."""
    for d in in_order(diags):
        console.print(Text(visible(d.format(filename)), style=_STYLE[d.severity]))


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def summary(console: Console, counts: dict[str, int], filename: str, players: int) -> None:
    verdict = "invalid" if counts.get("error") else "valid"
    style = "bold red" if counts.get("error") else "bold green"
    console.print(Text.assemble(
        (f"{visible(filename)}: ", ""), (verdict, style),
        f" ({_n(players, 'player')}; {_n(counts.get('error', 0), 'error')}, "
        f"{_n(counts.get('warning', 0), 'warning')}, {_n(counts.get('info', 0), 'adjustment')})",
    ))


def entry_cell(e: RoundEntry | None) -> str:
    """``12w1`` for a game, ``12w?`` adjourned, ``12w*`` no result yet, ``+``/``-`` forfeits with their
    opponent, ``U``/``H``/``F``/``Z`` for byes."""
    if e is None:
        return ""
    result = e.code.value if e.code is not None else "*"  # pending: PGN's * (no result yet); '?' is adjourned
    if e.opponent is None:
        return f"  {result}" if result else ""
    colour = e.colour.value if e.colour.value != "-" else " "
    return f"{e.opponent}{colour}{result}"


def _order(t: Tournament, through: int) -> list[Player]:
    if through == t.rounds_paired and all(p.rank for p in t.players):
        return sorted(t.players, key=lambda p: (p.rank or 0, p.start_rank))
    return sorted(t.players, key=lambda p: (-t.score(p.start_rank, through), p.start_rank))


def crosstable(console: Console, t: Tournament, through: int | None = None) -> None:
    from rich.table import Table

    rounds = t.round_columns if through is None else through
    # Points count the rounds played; byes declared for a round not yet paired are shown, not counted.
    scored = t.rounds_paired if through is None else through
    title = t.name or "Tournament"
    info = []
    if t.total_rounds:
        info.append(f"{t.rounds_paired} of {t.total_rounds} rounds paired")
    else:
        info.append(f"{t.rounds_paired} rounds paired")
    if through is not None:
        info.append(f"standing after round {through}")
    table = Table(title=title, caption="; ".join(info), title_style="bold", header_style="bold")
    for head, justify in (("Rk", "right"), ("No", "right"), ("Name", "left"), ("Rtg", "right"),
                          ("Fed", "left"), ("Pts", "right")):
        table.add_column(head, justify=justify, no_wrap=head != "Name", overflow="fold")  # type: ignore[arg-type]
    for r in range(1, rounds + 1):
        table.add_column(f"R{r}", justify="right", no_wrap=True)
    for i, p in enumerate(_order(t, scored), start=1):
        rank = str(p.rank or "") if through is None else str(i)
        name = f"{p.fide_title} {p.name}".strip()
        table.add_row(
            rank, str(p.start_rank), name, str(p.rating or ""), p.federation,
            fmt_points(t.score(p.start_rank, scored)),
            *(entry_cell(p.entry(r)) for r in range(1, rounds + 1)),
        )
    print_table(console, table, keep=3)


def team_event(console: Console, data: dict[str, Any], title: str, through: int | None = None) -> None:
    """A team event (``data``: :func:`trf.export.team_event_dict`): the teams (order by the
    scores of ``192``, TPN, name, match and game points, members) and every round's matches,
    White team (board 1) first, the score in game points; forfeited matches (``330``), the PAB
    (``320``), byes (``240``) and the teams with neither."""
    from rich.table import Table

    rules = data["team_rules"]
    names = {t["tpn"]: f"{t['tpn']} {t['name']}" for t in data["teams"]}
    shown = len(data["rounds"])
    info = [f"{len(data['teams'])} teams", f"{rules['boards']} boards (352 {rules['board_colours']})",
            f"{rules['rounds_read']} rounds read"]
    if through is not None:
        info.append(f"standing after round {shown}")
    o = rules["options"]
    info.append(f"{o['code']}: {o['primary']} first" + (f", then {o['secondary']}" if o["secondary"] else ""))
    teams = Table(title=title, caption="; ".join(info), title_style="bold", header_style="bold")
    for head, justify in (("#", "right"), ("TPN", "right"), ("Team", "left"), ("MP", "right"), ("GP", "right"),
                          ("Members", "left")):
        teams.add_column(head, justify=justify, no_wrap=head not in ("Team", "Members"),  # type: ignore[arg-type]
                         overflow="fold")
    for t in sorted(data["teams"], key=lambda t: t["order"]):
        members = ", ".join(f"{m['start_rank']} {m['name'] or '?'}" for m in t["members"])
        teams.add_row(str(t["order"]), str(t["tpn"]), t["name"], t["match_points"], t["game_points"], members)
    print_table(console, teams, keep=3)
    if not data["rounds"]:
        return
    matches = Table(title="Matches", title_style="bold", header_style="bold",
                    caption="score: game points, White team (board 1) first; forfeited matches (330) +- -+ --")
    for head, justify in (("Rd", "right"), ("White", "left"), ("Score", "center"), ("Black", "left"),
                          ("MP", "center")):
        matches.add_column(head, justify=justify, no_wrap=head not in ("White", "Black"),  # type: ignore[arg-type]
                           overflow="fold")
    for rnd in data["rounds"]:
        r = str(rnd["round"])
        for m in rnd["matches"]:
            w, b = m["white"], m["black"]
            score = f"{w['game_points']} - {b['game_points']}"
            if m["forfeited"]:
                score = f"{m['result']} forfeit ({score})"
            matches.add_row(r, names[w["team"]], score, names[b["team"]], f"{w['match_points']} - {b['match_points']}")
        if rnd["pab"] is not None:
            p = rnd["pab"]
            matches.add_row(r, names[p["team"]], f"PAB ({p['game_points']})", "", p["match_points"])
        for bye in rnd["byes"]:
            matches.add_row(r, names[bye["team"]], f"bye {bye['kind']} ({bye['game_points']})", "",
                            bye["match_points"])
    absent = [f"round {rnd['round']}: {', '.join(map(str, rnd['absent']))}" for rnd in data["rounds"] if rnd["absent"]]
    if absent:
        matches.caption = f"{matches.caption}\nnot paired (no match, no bye; TPN): {'; '.join(absent)}"
    print_table(console, matches, keep=1)


def pairing_table(console: Console, t: Tournament, rnd: int, boards: list[tuple[int, int]], bye: int | None) -> None:
    """Board, White, Black with their points before the round; the PAB below (a team event: the
    teams by TPN and name, their primary score; a round of two-game matches: the match, its
    columns, game 1's colours and the PAB's points)."""
    from rich.table import Table

    from pairing.output import match_dict, not_paired, participants

    who = participants(t, rnd)
    team = t.is_team_event
    match = match_dict(t, rnd)
    title = f"{t.name or 'Tournament'}: round {rnd}"
    if match is not None:
        c1, c2 = match["columns"]
        title = f"{t.name or 'Tournament'}: match {rnd} (games in round columns {c1} and {c2}; colours of game 1)"
    table = Table(title=title, title_style="bold", header_style="bold")
    for head, justify in (("Bd", "right"), ("No", "right"), ("White", "left"), ("Pts", "right"),
                          ("Pts", "right"), ("Black", "left"), ("No", "right")):
        table.add_column(head, justify=justify, no_wrap=head not in ("White", "Black"),  # type: ignore[arg-type]
                         overflow="fold")
    for k, (w, b) in enumerate(boards, 1):
        pw, pb = who[w], who[b]
        table.add_row(str(k), str(w), f"{pw.title} {pw.name}".strip(), fmt_points(pw.points),
                      fmt_points(pb.points), f"{pb.title} {pb.name}".strip(), str(b))
    notes = []
    if bye is not None:
        p = who[bye]
        worth = f"; the bye gives {match['pab_points']}" if match is not None else ""
        notes.append(f"Pairing-allocated bye: {bye} {p.name} ({fmt_points(p.points)}{worth})")
    absent = not_paired(t, rnd)
    if absent:
        notes.append(("Teams not paired: " if team else "Not paired: ")
                     + ", ".join(f"{pid} ({kind})" for pid, kind in sorted(absent.items())))
    table.caption = "; ".join(notes) if notes else None
    print_table(console, table, keep=2)


def _brackets(console: Console, rep) -> None:  # type: ignore[no-untyped-def]
    """The given pairing bracket by bracket: who floated in and out, and every quality criterion
    it does not meet at its ideal (C10-C21 counts and lists)."""
    from rich.table import Table

    if not rep.brackets:
        return
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    for col in ("Bracket", "Score", "MDPs", "Residents", "Pairs", "Downfloaters", "Criteria not at their ideal"):
        table.add_column(col, justify="right" if col in ("Bracket", "Score", "Residents", "Pairs") else "left",
                         no_wrap=col in ("Bracket", "Score", "Residents", "Pairs"))
    for b in rep.brackets:
        table.add_row(str(b["bracket"]), b["score"], " ".join(map(str, b["mdps"])) or "-", str(b["residents"]),
                      str(b["pairs"]), " ".join(map(str, b["downfloaters"])) or "-",
                      Text(", ".join(f"{c} {v}" for c, v in b["failures"].items()) or "-"))
    print_table(console, table, keep=1)


def check_report(console: Console, reports: list[Any], filename: str, brackets: bool = False, rules: str = "",
                 strict: bool = False) -> None:
    """``arbiter check``: one line per conforming round; for a round with discrepancies, what was
    found (criterion, article, both values) and the boards that differ from the better candidate;
    a round paired by hand and recorded (status ``manual``, :func:`checker.event.with_recorded_alterations`)
    says so above the same findings (a discrepancy with ``strict``).  ``brackets``: also the given
    pairing's bracket-by-bracket evaluation; ``rules``: the text the rounds were checked against
    (``C.04.3 (2026)``)."""
    from rich.table import Table

    from checker.event import MPA_ARTICLE

    bad = [r for r in reports if r.discrepant(strict)]
    manual = [r for r in reports if r.status == "manual"]
    for rep in reports:
        if rep.status == "ok":
            line = Text.assemble((f"Round {rep.round}: ", "bold"), ("OK", "bold green"),
                                 f"  {_n(rep.players, rep.unit)}, {_n(len(rep.brackets), 'bracket')}")
            console.print(line)
            for note in rep.notes:
                console.print(Text(f"  note: {note}", style="dim"))
            if rep.engine_disagrees:
                console.print(Text(f"  engine disagreement: {rep.engine_disagrees}", style="yellow"))
            if brackets:
                _brackets(console, rep)
            continue
        if rep.status == "manual":
            console.print(Text.assemble((f"Round {rep.round}: ", "bold"),
                                        ("PAIRED BY HAND", "bold red" if strict else "bold yellow"),
                                        f", recorded (### MPA, {MPA_ARTICLE})"))
            console.print(Text(f"  {rep.alteration.line}", style="dim"))
            if rep.findings:
                console.print(Text("  the checker's findings on the round as paired (what the alteration costs):"))
        else:
            console.print(Text.assemble((f"Round {rep.round}: ", "bold"), ("DISCREPANCY", "bold red")))
        for f in rep.findings:  # the finding read aloud (names, plain words, then the article)
            console.print(Text(f"  {visible(f.plain)}", style="red" if f.kind in ("absolute", "completion") else ""))
        if rep.candidate is not None:
            given = {frozenset(b) for b in rep.boards}
            cand = {frozenset(b) for b in rep.candidate}
            table = Table(title=None, show_edge=False, pad_edge=False)
            table.add_column("Checker pairing (better)")
            table.add_column("Given pairing")
            left = [f"{w} - {b}" for w, b in rep.candidate if frozenset((w, b)) not in given or (w, b) not in rep.boards]
            if rep.candidate_bye is not None and rep.candidate_bye != rep.bye:
                left.append(f"{rep.candidate_bye} PAB")
            right = [f"{w} - {b}" for w, b in rep.boards if frozenset((w, b)) not in cand or (w, b) not in rep.candidate]
            if rep.bye is not None and rep.candidate_bye != rep.bye:
                right.append(f"{rep.bye} PAB")
            for i in range(max(len(left), len(right))):
                table.add_row(left[i] if i < len(left) else "", right[i] if i < len(right) else "")
            print_table(console, table, keep=0)
        for note in rep.notes:
            console.print(Text(f"  note: {note}", style="dim"))
        if brackets:
            _brackets(console, rep)
    by_hand = f" ({_n(len(manual), 'round')} paired by hand and recorded: {', '.join(str(r.round) for r in manual)})"
    if bad:
        console.print(Text(f"{visible(filename)}: {_n(len(bad), 'round')} with discrepancies of {len(reports)} checked"
                           + (by_hand if manual else ""), style="bold red"))
    elif manual:
        console.print(Text(f"{visible(filename)}: {_n(len(reports), 'round')} checked, all conform to {rules} but "
                           f"those paired by hand and recorded: {', '.join(str(r.round) for r in manual)}",
                           style="bold green"))
    else:
        console.print(Text(f"{visible(filename)}: {_n(len(reports), 'round')} checked, all conform to {rules}",
                           style="bold green"))


def why_not(console: Console, w) -> None:  # type: ignore[no-untyped-def]
    style = {"better": "bold red", "impossible": "bold", "incomplete": "bold"}.get(w.verdict, "")
    console.print(Text(f"Round {w.round}, why not {w.pair[0]}-{w.pair[1]}? ", style="bold")
                  + Text(visible(w.plain), style=style))
    if w.candidate:
        console.print(Text("  pairing considered: " + ", ".join(f"{a}-{b}" for a, b in w.candidate)
                           + (f", PAB {w.candidate_bye}" if w.candidate_bye is not None else ""), style="dim"))


def standings(console: Console, t: Tournament, s) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table

    from tiebreaks.output import fmt_value

    from trf.matches import writes_matches

    unit = "match" if writes_matches(t) else "round"  # two-game matches: C.07 over the matches
    table = Table(title=f"{t.name or 'Standings'}: after {unit} {s.rounds} (C.07, {s.edition} rules)")
    for col in ("Pl", "No", "Name", "Rtg", "Pts"):
        table.add_column(col, justify="right" if col in ("No", "Rtg", "Pts") else "left", no_wrap=col != "Name")
    for tb in s.tiebreaks:
        table.add_column(tb.text, justify="right", no_wrap=True)
    for r in s.rows:
        p = t.player(r.pid)
        table.add_row(r.place, str(r.pid), p.name, str(p.rating or ""), fmt_value(r.points),
                      *[fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)])
    print_table(console, table, keep=3)
    if not s.final:
        from tiebreaks.standings import provisional_text

        console.print(Text(f"provisional: {provisional_text(s.missing)}", style="bold yellow"))
    for note in s.notes:
        console.print(Text(f"note: {note}", style="dim"))


def team_standings(console: Console, t: Tournament, s) -> None:  # type: ignore[no-untyped-def]
    """The team table: place, TPN, team, match and game points, every tie-break (exact)."""
    from rich.table import Table

    from tiebreaks.output import fmt_value

    names = {"MP": "match points", "GP": "game points"}
    table = Table(title=f"{t.name or 'Standings'}: after round {s.rounds} (C.07, {s.edition} rules; "
                        f"{names[s.primary]} first)")
    for col in ("Pl", "TPN", "Team", "MP", "GP"):
        table.add_column(col, justify="left" if col in ("Pl", "Team") else "right", no_wrap=col != "Team")
    for tb in s.tiebreaks:
        table.add_column(tb.text, justify="right", no_wrap=True)
    for r in s.rows:
        table.add_row(r.place, str(r.tpn), r.name, fmt_value(r.match_points), fmt_value(r.game_points),
                      *[fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)])
    print_table(console, table, keep=3)
    for note in s.notes:
        console.print(Text(f"note: {note}", style="dim"))


def team_rank_check(console: Console, problems: list[dict[str, Any]], filename: str) -> None:
    """The check of the 310 rank column against the computed team standings."""
    if not problems:
        console.print(Text(f"{visible(filename)}: the 310 rank column agrees with the computed standings", style="bold green"))
        return
    console.print(Text(f"{visible(filename)}: {_n(len(problems), 'team rank')} differ from the computed standings",
                       style="bold red"))
    for p in problems:
        console.print(f"  {p['tpn']} {p['team']}: file says {p['file_rank']}, standings give {p['computed_place']}")


def rank_check(console: Console, problems: list[dict[str, Any]], filename: str) -> None:
    if not problems:
        console.print(Text(f"{visible(filename)}: the rank column agrees with the computed standings", style="bold green"))
        return
    console.print(Text(f"{visible(filename)}: {_n(len(problems), 'rank')} differ from the computed standings", style="bold red"))
    for p in problems:
        console.print(f"  {p['start_rank']} {p['name']}: file says {p['file_rank']}, standings give {p['computed_place']}")


def explain(console: Console, data: dict[str, Any]) -> None:
    from rich.table import Table

    console.print(Text(f"{data['start_rank']} {visible(data['name'])}: place {data['place']}, {data['points']} points "
                       f"({data['edition']} rules{', round robin' if data['round_robin'] else ''})", style="bold"))
    # a procedure not applied (the player was no longer tied when it came): "-", not an empty gap
    console.print("  " + ", ".join(f"{k} {v or '-'}" for k, v in data["tiebreaks"].items()))
    table = Table(show_edge=False, pad_edge=False)
    for col in ("Rd", "Opp", "Kind", "Pts", "Counted for BH", "SB part", "How"):
        table.add_column(col, no_wrap=col not in ("Kind", "How", "Counted for BH", "SB part"))
    for r in data["rounds"]:
        kind = r["kind"] + (f" (cat. {r['category']}{', VUR' if r['vur'] else ''})" if r["category"] else "")
        table.add_row(str(r["round"]), str(r["opponent"] or "-"), kind, r["points"], r["opponent_score_counted"],
                      r["sb_contribution"], r["how"])
    print_table(console, table, keep=1)
    console.print(Text(f"  adjusted score as seen by opponents (art. 16.3): {data['adjusted_score_seen_by_opponents']}", style="dim"))
    for n in data["neighbours"]:
        side, other = ("above", n["above"]) if "above" in n else ("below", n["below"])
        console.print(f"  vs {other} ({side}): separated by {n['separated_by']}")


def round_robin_check(console: Console, rr, filename: str) -> None:  # type: ignore[no-untyped-def]
    """The Berger-table check: one line per round, each deviation in words."""
    kind = "double round robin" if rr.cycles == 2 else "round robin"
    against = ("the rotation table drawn by hand" if getattr(rr, "table", "fide") == "circle"
               else "the Berger table (C.05 Annex 1)")
    console.print(f"{filename}: {kind} of {rr.players} players, checked against {against}, "
                  f"{_n(len(rr.rounds_checked), 'round')}")
    for note in rr.notes:
        console.print(Text(f"note: {note}", style="dim"))
    by_round: dict[int, list[Any]] = {}
    for d in rr.deviations:
        if d.kind != "unplayed":
            by_round.setdefault(d.round, []).append(d)
    for d in rr.unplayed:
        console.print(Text(f"note: {visible(d.sentence or d.message)}", style="dim"))
    for r in sorted(by_round):
        devs = by_round[r]
        console.print(Text.assemble(f"Round {r}: ", (f"{_n(len(devs), 'deviation')}", "bold red")))
        for d in devs:  # read aloud: names, the rule in plain words, then its source
            console.print(f"  {visible(d.sentence or d.message)}", markup=False)
    good = [r for r in rr.rounds_checked if r not in by_round]
    verdict = ("every round follows the table" if rr.ok
               else f"{_n(sum(len(v) for v in by_round.values()), 'deviation')} in {_n(len(by_round), 'round')}"
               + (f"; rounds {', '.join(map(str, good))} follow the table" if good else ""))
    console.print(Text(verdict, style="bold green" if rr.ok else "bold red"))


def systems_table(console: Console, found: list[Any], default: str) -> None:
    """``arbiter systems``: one row per registered pairing system."""
    from rich.table import Table

    table = Table(title="Pairing systems")
    for col in ("Name", "System", "Editions", "Named in 192/092 by"):
        table.add_column(col, overflow="fold")
    for s in found:
        editions = ", ".join(e.name for e in s.editions)
        codes = "; ".join(c.example or c.pattern for c in s.codes)
        table.add_row(s.name + (" (default)" if s.name == default else ""), s.title, editions, codes)
    print_table(console, table)
    console.print("arbiter systems NAME lists the rules of a system's edition; --system NAME chooses one.",
                  markup=False)


def rules_table(console: Console, system: Any, edition: Any) -> None:
    """``arbiter systems NAME``: the rules of one edition, in priority order, with their articles,
    their words and their plain words (what the explanations say before the article)."""
    from rich.table import Table

    table = Table(title=f"{system.title}: {edition.title}" if len(system.editions) > 1 else system.title)
    for col in ("Rule", "Article", "Kind", "In words", "In plain words"):
        table.add_column(col, overflow="fold")
    for r in edition.rules:
        table.add_row(r.name, edition.article(r.name) or "", r.kind, r.words, r.plain)
    print_table(console, table)


def team_round(console: Console, t: Tournament, rm: Any, ev: Any) -> None:
    """A team round (:class:`event.team.matches.RoundMatches`): each match on one row (its number,
    the teams with their pairing numbers and match points before the round, the result), then its
    boards (``1.2``: match 1, board 2), the White team's player first with the colour the board
    gives him, the result from the White team's side; the PAB and the byes below."""
    from rich.table import Table

    rnd = rm.round
    table = Table(title=f"{t.name or 'Tournament'}: round {rnd}", title_style="bold", header_style="bold")
    for head, justify in (("Bd", "left"), ("No", "right"), ("", "center"), ("White team", "left"),
                          ("Result", "center"), ("Black team", "left"), ("No", "right")):
        table.add_column(head, justify=justify, no_wrap=head not in ("White team", "Black team"),  # type: ignore[arg-type]
                         overflow="fold")

    def team(tpn: int) -> str:
        return f"{ev.team(tpn).name} ({fmt_points(ev.match_points(tpn, rnd - 1))})"

    def person(pid: int) -> str:
        if not pid:
            return "(empty board)"
        p = t.player(pid)
        return f"{p.fide_title} {p.name}".strip()

    for m in rm.matches:
        table.add_row(str(m.number), str(m.white), "", team(m.white), m.result or ("" if not m.forfeited else ""),
                      team(m.black), str(m.black), style="bold")
        for b in m.boards:
            table.add_row(f"{m.number}.{b.board}", str(b.white_team_player or ""), b.colour.value.upper(),
                          person(b.white_team_player), b.result, person(b.black_team_player),
                          str(b.black_team_player or ""), end_section=b.board == len(m.boards))
    notes = []
    if rm.pab is not None:
        notes.append(f"Pairing-allocated bye: {rm.pab} {ev.team(rm.pab).name} ({fmt_points(ev.match_points(rm.pab, rnd - 1))})")
    if rm.byes:
        notes.append("Not paired: " + ", ".join(f"{tpn} {ev.team(tpn).name} ({kind})" for tpn, kind in sorted(rm.byes.items())))
    table.caption = "; ".join(notes) if notes else None
    print_table(console, table, keep=2)
