"""``arbiter pair``: the next round paired by the file's pairing system (``arbiter generate``,
random tournaments paired round by round, is :mod:`arbiter.cli_generate`).

Thin: the system is the registry's (:func:`systems.select`); which round to pair, the refusals,
the cut and the pairing are the system's (:meth:`systems.base.PairingSystem.next_round`).  This
module reads arguments and renders.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

if TYPE_CHECKING:
    from pairing.rounds import Reading

from arbiter import exitcodes, render
from arbiter.app import (BAKU_GROUP_HELP, BakuGroupOpt, EncodingOpt, FileArg, RulesOpt, SystemOpt, app, fail, format_choice,
                         out, read_valid, refuse_conflicting_outputs, select_system, standard_output, write_or_print)


class PairFormat(str, Enum):
    table = "table"
    bbp = "bbp"
    json = "json"
    trf = "trf"


class InitialColourOpt(str, Enum):
    white1 = "white1"
    black1 = "black1"


_BAKU_HELP = ("Baku acceleration (C.04.7) for a file without virtual points (XXA/250); default: when the file "
              "names it (192 FIDE_DUTCH_BAKU). A file's own XXA/250 records are always used.")


def _rules_words(nxt: object, heading: str) -> tuple[dict[str, object], dict[str, object], str]:
    """The edition and the acceleration applied, as JSON data and as lines of text (``heading``:
    the rules applied, in the system's words)."""
    from pairing.rounds import NextRound
    from trf.export import points_str

    assert isinstance(nxt, NextRound)
    if nxt.edition is None:
        fixed: dict[str, object] = {"edition": None, "reason": nxt.edition_reason}
        return fixed, {"kind": "none"}, nxt.note
    reason = f"--rules {nxt.edition}" if nxt.edition_reason == "chosen by the caller" else nxt.edition_reason
    rules: dict[str, object] = {"edition": nxt.edition, "reason": reason}
    acc = nxt.acceleration
    accel: dict[str, object] = {"kind": acc.kind}
    if acc.kind == "baku":
        plan = acc.plan
        assert plan is not None
        why = "--baku" if acc.asked else f"named by {acc.source}"
        accel.update({
            "reason": why, "group_rule": plan.group, "registered": plan.registered, "late_entries": list(plan.late),
            "group_a": list(plan.group_a), "accelerated_rounds": plan.accelerated, "full_rounds": plan.full,
            "full_points": points_str(plan.win), "half_points": points_str(plan.half), "description": acc.describe()})
        words = f"acceleration: Baku (C.04.7, {why})\n  " + plan.describe().replace("; ", "\n  ")
    elif acc.kind == "records":
        accel["reason"] = "the file's XXA/250 records"
        words = "acceleration: the file's virtual points (XXA/250 records)"
    else:
        accel["reason"] = "--no-baku" if acc.asked else "the file names none"
        words = "acceleration: none"
    return rules, accel, f"{heading}: {reason}\n{words}"


def reading_line(r: Reading) -> str:
    """One line naming an open point of the rules that decided the round (``nxt.readings``)."""
    other = ", ".join(f"{w}-{b}" for w, b in r.other_boards) + (f", bye {r.other_bye}" if r.other_bye is not None else "")
    return f"Reading {r.decision} ({r.page}, {r.article}): {r.taken}; the other reading pairs {other}."


@app.command()
def pair(
    file: Path = FileArg,
    round_: Optional[int] = typer.Option(None, "--round", min=1,
                                         help="Pair this round; a file that already contains it is cut back first "
                                              "(its declared absences are kept). Default: the next round."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write the result here (default: standard output)."),
    fmt: PairFormat = typer.Option(PairFormat.table, "--format", help="table, bbp (the engines' -p format), json, or trf."),
    initial_colour: Optional[InitialColourOpt] = typer.Option(
        None, "--initial-colour", help="Colour of the top player in round 1 when the file does not say (XXC/152)."),
    rounds: Optional[int] = typer.Option(None, "--rounds", min=1, help="Total number of rounds when the file does not say (XXR/142)."),
    system: Optional[str] = SystemOpt,
    rules: Optional[str] = RulesOpt,
    baku: Optional[bool] = typer.Option(None, "--baku/--no-baku", help=_BAKU_HELP, show_default=False),
    baku_group: BakuGroupOpt = typer.Option(BakuGroupOpt.handbook, "--baku-group", help=BAKU_GROUP_HELP),
    json_out: bool = typer.Option(False, "--json", help="Same as --format json."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Pair the next round by the file's pairing system (the FIDE Dutch system, C.04.3, the 2026 or
    the 2017 rules, with Baku acceleration when asked; a round robin's next round of its table,
    FIDE's Berger table or the rotation table), or by --system. Refuses (each with its own exit
    code) while the previous round has games without a result (6), past the last round (7), on a
    finished event (8), on a team event given to a system that pairs no team events (3). A team event (310/013 records) is paired by the Swiss Team
    Pairing System (C.04.6). Exit 1 if no legal pairing exists."""
    from arbiter.refusals import refusal, refusals
    from pairing.output import bbp_text, pairing_dict
    from pairing.rounds import RoundOutOfRange
    from systems import PairRequest
    from trf.edit import recompute_points, with_byes, with_pairing
    from trf.model import Colour, Result
    from trf.system import require_individual

    refuse_conflicting_outputs(("--json", "json" if json_out else None), format_choice(fmt))
    output = standard_output(output)  # -o -
    result = read_valid(file, encoding, "fix them before pairing")
    colour = None
    if initial_colour is not None:
        colour = Colour.WHITE if initial_colour is InitialColourOpt.white1 else Colour.BLACK
    try:
        sel = select_system(result.tournament, file, system, rules)
        if not sel.system.team_events:
            require_individual(result.tournament, f"{sel.system.words} pairs no team events")
        nxt = sel.system.next_round(result.tournament, sel, PairRequest(
            round_, colour, rounds, baku, baku_group.value))
    except RoundOutOfRange as exc:
        fail(exitcodes.USAGE, f"--round {exc.requested}: only rounds 1-{exc.last} can be paired")
    except refusals() as exc:
        code, message = refusal(exc, file, flags=True) or (exitcodes.INTERNAL, str(exc))
        fail(code, message)
    t, rnd, pairing = nxt.before, nxt.round, nxt.pairing
    table = nxt.round_robin
    rules_data, accel_data, rules_line = _rules_words(nxt, sel.edition.heading)
    if json_out:
        fmt = PairFormat.json
    if fmt is PairFormat.json:
        import json

        data = pairing_dict(t, pairing)
        data["system"] = nxt.system
        data["rules"] = rules_data
        data["acceleration"] = accel_data
        data["readings"] = [{"decision": r.decision, "page": r.page, "article": r.article, "taken": r.taken,
                             "other": {"boards": [list(b) for b in r.other_boards], "bye": r.other_bye}}
                            for r in nxt.readings]
        if table:
            data["rests"] = nxt.rests
            data["in_file"] = nxt.in_file
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    elif fmt is PairFormat.bbp:
        text = bbp_text(pairing)
    elif fmt is PairFormat.trf:
        from trf.writer import WriteError, dumps

        if t.is_team_event:
            fail(exitcodes.USAGE, "--format trf: writing a team round into the file is not implemented; "
                                  "use table, bbp or json")
        from trf.matches import with_match_pairing, writes_matches

        if writes_matches(t):  # both columns of the match (docs/double-swiss.md)
            paired = with_match_pairing(t, rnd, pairing.boards, pairing.bye)
        else:
            paired = with_pairing(t, rnd, pairing.boards, pairing.bye, keep_results=table)
        if nxt.rests is not None:
            paired = recompute_points(with_byes(paired, rnd, {nxt.rests: Result.ZERO_POINT_BYE}))
        try:
            text = dumps(paired)
        except WriteError as exc:
            fail(exitcodes.INVALID_INPUT, f"cannot write the TRF: {exc}")
    else:
        note: str | None = "\n".join([rules_line] * bool(rules_line) + [reading_line(r) for r in nxt.readings]) or None
        if output is None:
            render.pairing_table(out, t, rnd, list(pairing.boards), pairing.bye)
            if note:  # wrapped to a terminal's width, whole lines to a pipe
                out.print(note, markup=False, soft_wrap=out.soft_wrap and not out.is_terminal)
            return
        from io import StringIO

        from arbiter.terminal import SafeConsole

        buf = SafeConsole(file=StringIO(), width=200, highlight=False, markup=False, emoji=False)
        render.pairing_table(buf, t, rnd, list(pairing.boards), pairing.bye)
        if note:
            buf.print(note, markup=False)
        text = buf.file.getvalue()  # type: ignore[attr-defined]
    write_or_print(text, output, file)
