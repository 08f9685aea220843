"""``arbiter pair``: a Swiss round paired by the Dutch system (``arbiter generate``, random
tournaments paired round by round, is :mod:`arbiter.cli_generate`).

Thin: which round to pair, the refusals, the cut and the pairing are
:func:`pairing.rounds.next_round`.  This module reads arguments and renders.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import (BAKU_GROUP_HELP, BakuGroupOpt, EncodingOpt, FileArg, RulesOpt, app, fail, out, read_valid,
                         standard_output, write_or_print)


class PairFormat(str, Enum):
    table = "table"
    bbp = "bbp"
    json = "json"
    trf = "trf"


class InitialColourOpt(str, Enum):
    white1 = "white1"
    black1 = "black1"


_RULES_HELP = ("Edition of the Dutch rules (C.04.3): 2017 (in force until 31 January 2026) or 2026. "
               "Default: the one the file names (192/092), else the one in force on its start date.")
_BAKU_HELP = ("Baku acceleration (C.04.7) for a file without virtual points (XXA/250); default: when the file "
              "names it (192 FIDE_DUTCH_BAKU). A file's own XXA/250 records are always used.")


def _input_error(file: Path, exc: Exception) -> str:
    """A :class:`pairing.result.PairingInputError` with the options that give what is missing."""
    flag = {"total-rounds": "--rounds N", "initial-colour": "--initial-colour white1|black1"}.get(
        str(getattr(exc, "missing", "")))
    return f"{file}: {exc}" + (f", or give {flag}" if flag else "")


def _rules_words(nxt: object) -> tuple[dict[str, object], dict[str, object], str]:
    """The edition and the acceleration applied, as JSON data and as lines of text."""
    from pairing.rounds import NextRound
    from trf.export import points_str

    assert isinstance(nxt, NextRound)
    if nxt.edition is None:
        berger: dict[str, object] = {"edition": None, "reason": "a round robin (Berger table, C.05 Annex 1)"}
        return berger, {"kind": "none"}, ""
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
    return rules, accel, f"Dutch rules of {nxt.edition}: {reason}\n{words}"


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
    rules: Optional[RulesOpt] = typer.Option(None, "--rules", help=_RULES_HELP),
    baku: Optional[bool] = typer.Option(None, "--baku/--no-baku", help=_BAKU_HELP, show_default=False),
    baku_group: BakuGroupOpt = typer.Option(BakuGroupOpt.handbook, "--baku-group", help=BAKU_GROUP_HELP),
    json_out: bool = typer.Option(False, "--json", help="Same as --format json."),
    encoding: Optional[str] = EncodingOpt,
) -> None:
    """Pair the next round with the FIDE Dutch system (C.04.3, the 2026 or the 2017 rules, with
    Baku acceleration when asked); a round robin gets its next Berger round. Refuses (each with its own exit code) while the previous round has games without
    a result (6), past the last round (7), on a finished event (8), on team events (3). Exit 1 if
    no legal pairing exists."""
    from pairing.result import NoLegalPairing
    from pairing.output import bbp_text, pairing_dict
    from pairing.result import PairingInputError
    from pairing.rounds import (EventFinished, NotBergerNumbering, PastLastRound, PreviousRoundIncomplete,
                                RoundOutOfRange, UnsupportedSystem, next_round)
    from trf.edit import recompute_points, with_byes, with_pairing
    from trf.acceleration import AccelerationRefused
    from trf.model import Colour, Result
    from trf.system import UnsupportedEvent

    output = standard_output(output)  # -o -
    result = read_valid(file, encoding, "fix them before pairing")
    colour = None
    if initial_colour is not None:
        colour = Colour.WHITE if initial_colour is InitialColourOpt.white1 else Colour.BLACK
    try:
        nxt = next_round(result.tournament, round_, initial_colour=colour, total_rounds=rounds,
                         rules=rules.value if rules is not None else None, baku=baku, baku_group=baku_group.value)
    except RoundOutOfRange as exc:
        fail(exitcodes.USAGE, f"--round {exc.requested}: only rounds 1-{exc.last} can be paired")
    except PreviousRoundIncomplete as exc:
        fail(exitcodes.RESULTS_MISSING, f"{file}: {exc}; enter the results of round {exc.previous} first")
    except PastLastRound as exc:
        fail(exitcodes.PAST_LAST_ROUND, f"{file}: {exc}")
    except EventFinished as exc:
        fail(exitcodes.FINISHED, f"{file}: {exc}")
    except (UnsupportedEvent, UnsupportedSystem, NotBergerNumbering) as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    except NoLegalPairing as exc:
        fail(exitcodes.NO_PAIRING, str(exc))
    except PairingInputError as exc:
        fail(exitcodes.INVALID_INPUT, _input_error(file, exc))
    except AccelerationRefused as exc:
        fail(exitcodes.INVALID_INPUT, f"{file}: {exc}")
    t, rnd, pairing = nxt.before, nxt.round, nxt.pairing
    berger = nxt.system == "berger"
    rules_data, accel_data, rules_line = _rules_words(nxt)
    if json_out:
        fmt = PairFormat.json
    if fmt is PairFormat.json:
        import json

        data = pairing_dict(t, pairing)
        data["system"] = nxt.system
        data["rules"] = rules_data
        data["acceleration"] = accel_data
        if berger:
            data["rests"] = nxt.rests
            data["in_file"] = nxt.in_file
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    elif fmt is PairFormat.bbp:
        text = bbp_text(pairing)
    elif fmt is PairFormat.trf:
        from trf.writer import WriteError, dumps

        paired = with_pairing(t, rnd, pairing.boards, pairing.bye, keep_results=berger)
        if nxt.rests is not None:
            paired = recompute_points(with_byes(paired, rnd, {nxt.rests: Result.ZERO_POINT_BYE}))
        try:
            text = dumps(paired)
        except WriteError as exc:
            fail(exitcodes.INVALID_INPUT, f"cannot write the TRF: {exc}")
    else:
        note: str | None = rules_line or None
        if berger:
            note = (f"round robin: round {rnd} of the Berger table (C.05 Annex 1)"
                    + (f"; {nxt.rests} rests" if nxt.rests is not None else "")
                    + ("; the file already holds this round" if nxt.in_file else ""))
        if output is None:
            render.pairing_table(out, t, rnd, list(pairing.boards), pairing.bye)
            if note:  # wrapped to a terminal's width, whole lines to a pipe
                out.print(note, markup=False, soft_wrap=out.soft_wrap and not out.is_terminal)
            return
        from io import StringIO

        from rich.console import Console

        buf = Console(file=StringIO(), width=200, highlight=False, markup=False, emoji=False)
        render.pairing_table(buf, t, rnd, list(pairing.boards), pairing.bye)
        if note:
            buf.print(note, markup=False)
        text = buf.file.getvalue()  # type: ignore[attr-defined]
    write_or_print(text, output, file)
