"""Human-readable rendering with rich.  No rules here: only presentation."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from trf.diagnostics import Diagnostic, Severity
from trf.model import Player, RoundEntry, Tournament
from trf.writer import fmt_points

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "dim"}


def diagnostics(console: Console, diags: list[Diagnostic], filename: str) -> None:
    """One line per finding, ``file:line:col: severity code message`` (the compiler convention)."""
    for d in sorted(diags, key=lambda d: (d.line, d.column)):
        console.print(Text(d.format(filename), style=_STYLE[d.severity]))


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def summary(console: Console, counts: dict[str, int], filename: str, players: int) -> None:
    verdict = "invalid" if counts.get("error") else "valid"
    style = "bold red" if counts.get("error") else "bold green"
    console.print(Text.assemble(
        (f"{filename}: ", ""), (verdict, style),
        f" ({_n(players, 'player')}; {_n(counts.get('error', 0), 'error')}, "
        f"{_n(counts.get('warning', 0), 'warning')}, {_n(counts.get('info', 0), 'adjustment')})",
    ))


def entry_cell(e: RoundEntry | None) -> str:
    """``12w1`` for a game, ``+``/``-`` forfeits with their opponent, ``U``/``H``/``F``/``Z`` for byes."""
    if e is None:
        return ""
    result = e.code.value if e.code is not None else "?"
    if e.opponent is None:
        return f"  {result}" if result else ""
    colour = e.colour.value if e.colour.value != "-" else " "
    return f"{e.opponent}{colour}{result}"


def _order(t: Tournament, through: int) -> list[Player]:
    if through == t.rounds_paired and all(p.rank for p in t.players):
        return sorted(t.players, key=lambda p: (p.rank or 0, p.start_rank))
    return sorted(t.players, key=lambda p: (-t.score(p.start_rank, through), p.start_rank))


def crosstable(console: Console, t: Tournament, through: int | None = None) -> None:
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
        table.add_column(head, justify=justify, no_wrap=True)  # type: ignore[arg-type]
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
    # Piped output is not cut to 80 columns: a cross-table is read whole or not at all.
    width = None if console.is_terminal else max(console.width, console.measure(table).maximum)
    console.print(table, width=width)


def pairing_table(console: Console, t: Tournament, rnd: int, boards: list[tuple[int, int]], bye: int | None) -> None:
    """Board, White, Black with their points before the round; the PAB below."""
    table = Table(title=f"{t.name or 'Tournament'}: round {rnd}", title_style="bold", header_style="bold")
    for head, justify in (("Bd", "right"), ("No", "right"), ("White", "left"), ("Pts", "right"),
                          ("Pts", "right"), ("Black", "left"), ("No", "right")):
        table.add_column(head, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for k, (w, b) in enumerate(boards, 1):
        pw, pb = t.player(w), t.player(b)
        table.add_row(str(k), str(w), f"{pw.fide_title} {pw.name}".strip(), fmt_points(t.score(w, rnd - 1)),
                      fmt_points(t.score(b, rnd - 1)), f"{pb.fide_title} {pb.name}".strip(), str(b))
    notes = []
    if bye is not None:
        p = t.player(bye)
        notes.append(f"Pairing-allocated bye: {bye} {p.name} ({fmt_points(t.score(bye, rnd - 1))})")
    absent = t.declared_absences(rnd)
    if absent:
        notes.append("Not paired: " + ", ".join(f"{pid} ({kind.value})" for pid, kind in sorted(absent.items())))
    table.caption = "; ".join(notes) if notes else None
    width = None if console.is_terminal else max(console.width, console.measure(table).maximum)
    console.print(table, width=width)


def _brackets(console: Console, rep) -> None:  # type: ignore[no-untyped-def]
    """The given pairing bracket by bracket: who floated in and out, and every quality criterion
    it does not meet at its ideal (C10-C21 counts and lists)."""
    if not rep.brackets:
        return
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    for col in ("Bracket", "Score", "MDPs", "Residents", "Pairs", "Downfloaters", "Criteria not at their ideal"):
        table.add_column(col, justify="right" if col in ("Bracket", "Score", "Residents", "Pairs") else "left")
    for b in rep.brackets:
        table.add_row(str(b["bracket"]), b["score"], " ".join(map(str, b["mdps"])) or "-", str(b["residents"]),
                      str(b["pairs"]), " ".join(map(str, b["downfloaters"])) or "-",
                      Text(", ".join(f"{c} {v}" for c, v in b["failures"].items()) or "-"))
    console.print(table)


def check_report(console: Console, reports: list, filename: str, brackets: bool = False) -> None:
    """``arbiter check``: one line per conforming round; for a round with discrepancies, what was
    found (criterion, article, both values) and the boards that differ from the better candidate.
    ``brackets``: also the given pairing's bracket-by-bracket evaluation."""
    bad = [r for r in reports if not r.ok]
    for rep in reports:
        if rep.ok:
            line = Text.assemble((f"Round {rep.round}: ", "bold"), ("OK", "bold green"),
                                 f"  {_n(rep.players, 'player')}, {_n(len(rep.brackets), 'bracket')}")
            console.print(line)
            for note in rep.notes:
                console.print(Text(f"  note: {note}", style="dim"))
            if rep.engine_disagrees:
                console.print(Text(f"  engine disagreement: {rep.engine_disagrees}", style="yellow"))
            if brackets:
                _brackets(console, rep)
            continue
        console.print(Text.assemble((f"Round {rep.round}: ", "bold"), ("DISCREPANCY", "bold red")))
        for f in rep.findings:
            console.print(Text(f"  {f.message}", style="red" if f.kind in ("absolute", "completion") else ""))
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
            console.print(table)
        for note in rep.notes:
            console.print(Text(f"  note: {note}", style="dim"))
        if brackets:
            _brackets(console, rep)
    if bad:
        console.print(Text(f"{filename}: {_n(len(bad), 'round')} with discrepancies of {len(reports)} checked",
                           style="bold red"))
    else:
        console.print(Text(f"{filename}: {_n(len(reports), 'round')} checked, all conform to C.04.3 (2026)",
                           style="bold green"))


def why_not(console: Console, w) -> None:  # type: ignore[no-untyped-def]
    style = {"better": "bold red", "impossible": "bold", "incomplete": "bold"}.get(w.verdict, "")
    console.print(Text(f"Round {w.round}, why not {w.pair[0]}-{w.pair[1]}? ", style="bold") + Text(w.message, style=style))
    if w.candidate:
        console.print(Text("  pairing considered: " + ", ".join(f"{a}-{b}" for a, b in w.candidate)
                           + (f", PAB {w.candidate_bye}" if w.candidate_bye is not None else ""), style="dim"))


def standings(console: Console, t: Tournament, s) -> None:  # type: ignore[no-untyped-def]
    from tiebreaks.output import fmt_value

    table = Table(title=f"{t.name or 'Standings'}: after round {s.rounds} (C.07, {s.edition} rules)")
    for col in ("Pl", "No", "Name", "Rtg", "Pts"):
        table.add_column(col, justify="right" if col in ("No", "Rtg", "Pts") else "left")
    for tb in s.tiebreaks:
        table.add_column(tb.text, justify="right")
    for r in s.rows:
        p = t.player(r.pid)
        table.add_row(r.place, str(r.pid), p.name, str(p.rating or ""), fmt_value(r.points),
                      *[fmt_value(v, tb.code) for tb, v in zip(s.tiebreaks, r.values)])
    console.print(table)
    for note in s.notes:
        console.print(Text(f"note: {note}", style="dim"))


def rank_check(console: Console, problems: list, filename: str) -> None:
    if not problems:
        console.print(Text(f"{filename}: the rank column agrees with the computed standings", style="bold green"))
        return
    console.print(Text(f"{filename}: {_n(len(problems), 'rank')} differ from the computed standings", style="bold red"))
    for p in problems:
        console.print(f"  {p['start_rank']} {p['name']}: file says {p['file_rank']}, standings give {p['computed_place']}")


def explain(console: Console, data: dict) -> None:
    console.print(Text(f"{data['start_rank']} {data['name']}: place {data['place']}, {data['points']} points "
                       f"({data['edition']} rules{', round robin' if data['round_robin'] else ''})", style="bold"))
    console.print("  " + ", ".join(f"{k} {v}" for k, v in data["tiebreaks"].items()))
    table = Table(show_edge=False, pad_edge=False)
    for col in ("Rd", "Opp", "Kind", "Pts", "Counted for BH", "SB part", "How"):
        table.add_column(col)
    for r in data["rounds"]:
        kind = r["kind"] + (f" (cat. {r['category']}{', VUR' if r['vur'] else ''})" if r["category"] else "")
        table.add_row(str(r["round"]), str(r["opponent"] or "-"), kind, r["points"], r["opponent_score_counted"],
                      r["sb_contribution"], r["how"])
    console.print(table)
    console.print(Text(f"  adjusted score as seen by opponents (art. 16.3): {data['adjusted_score_seen_by_opponents']}", style="dim"))
    for n in data["neighbours"]:
        side, other = ("above", n["above"]) if "above" in n else ("below", n["below"])
        console.print(f"  vs {other} ({side}): separated by {n['separated_by']}")


def round_robin_check(console: Console, rr, filename: str) -> None:  # type: ignore[no-untyped-def]
    """The Berger-table check: one line per round, each deviation in words."""
    kind = "double round robin" if rr.cycles == 2 else "round robin"
    console.print(f"{filename}: {kind} of {rr.players} players, checked against the Berger table "
                  f"(C.05 Annex 1), {_n(len(rr.rounds_checked), 'round')}")
    for note in rr.notes:
        console.print(Text(f"note: {note}", style="dim"))
    by_round: dict[int, list] = {}
    for d in rr.deviations:
        if d.kind != "unplayed":
            by_round.setdefault(d.round, []).append(d)
    for d in rr.unplayed:
        console.print(Text(f"note: {d.message}", style="dim"))
    for r in sorted(by_round):
        devs = by_round[r]
        console.print(Text.assemble(f"Round {r}: ", (f"{_n(len(devs), 'deviation')}", "bold red")))
        for d in devs:
            console.print(f"  {d.message}", markup=False)
    good = [r for r in rr.rounds_checked if r not in by_round]
    verdict = ("every round follows the table" if rr.ok
               else f"{_n(sum(len(v) for v in by_round.values()), 'deviation')} in {_n(len(by_round), 'round')}"
               + (f"; rounds {', '.join(map(str, good))} follow the table" if good else ""))
    console.print(Text(verdict, style="bold green" if rr.ok else "bold red"))
