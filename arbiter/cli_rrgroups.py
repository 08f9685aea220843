"""``arbiter roundrobin --groups N``: the groups' tables, the combined timetable, one TRF per group.

Called by :mod:`arbiter.cli_roundrobin` once its options are read; the rules live in
:mod:`roundrobin.groups` (seeding, combined rounds) and :mod:`roundrobin.timetable` (the
layout over the shared boards).  This module renders and writes."""

from __future__ import annotations

import io
import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Optional

from rich.markup import escape
from rich.table import Table

from arbiter import exitcodes, render
from arbiter.app import emit_json, fail, out
from roundrobin.berger import BYE
from roundrobin.event import Plan
from roundrobin.groups import Group, Groups
from roundrobin.timetable import Timetable, timetable_dict
from trf import spreadsheet


def group_paths(output: Path, groups: Groups) -> list[Path]:
    """``--trf OUT`` with groups: one file per group, the group's letter before the extension
    (``club.trf`` -> ``club-A.trf``, ``club-B.trf``; ``club`` -> ``club-A``)."""
    return [output.with_name(f"{output.stem}-{g.name}{output.suffix}") for g in groups.groups]


def groups_dict(gs: Groups, tt: Optional[Timetable], plan_dict: Callable[[Plan], dict[str, Any]]) -> dict[str, Any]:
    """The stable JSON shape of ``arbiter roundrobin --groups N --json`` (docs/json.md)::

        {"seeding", "groups": [{"group", <the shape of roundrobin --json without "timetable">,
                                players get "seed", their "group" the group's letter}],
         "timetable": null | {<timetable shape>, games/byes/back_to_back/windows/placements with
                              "group" and the group's own numbers (a board's window: "group" null)}}

    ``plan_dict``: a single round robin's shape (:func:`arbiter.cli_roundrobin.plan_dict`).  A
    player's ``"group"`` there is his ``--varma`` group, which ``--groups`` refuses: here it is the
    group he plays in, the letter the timetable's games carry, so that a player read alone says
    where he plays."""
    groups = []
    for g in gs.groups:
        d = plan_dict(g.plan)
        for player, seed in zip(d["players"], g.seeds):
            player["seed"] = seed
            player["group"] = g.name
        groups.append({"group": g.name, **d})
    timetable = None
    if tt is not None:
        timetable = timetable_dict(tt)
        for s in timetable["slots"]:
            for game in s["games"]:
                (grp, w), (_, k) = gs.locate(game["white"]), gs.locate(game["black"])
                game.update({"group": grp.name, "white": w, "black": k})
        for bye in timetable["byes"]:
            grp, n = gs.locate(bye["player"])
            bye.update({"group": grp.name, "player": n})
        for x in timetable["back_to_back"]:
            grp, n = gs.locate(x["player"])
            x.update({"group": grp.name, "player": n})
        for wd in timetable["windows"]:
            if wd["entrant"] is not None:
                grp, n = gs.locate(wd["entrant"])
                wd.update({"group": grp.name, "entrant": n})
            else:
                wd["group"] = None
        for pl in timetable["placements"]:
            (grp, w), (_, k) = gs.locate(pl["white"]), gs.locate(pl["black"])
            pl.update({"group": grp.name, "white": w, "black": k})
    return {"seeding": gs.seeding, "groups": groups, "timetable": timetable}


def groups_csv(gs: Groups, tt: Optional[Timetable]) -> str:
    """One row per board with the group's letter and the group's numbers: round, board, group,
    white number and name, black number and name (a rest: black 0, "bye"); with a timetable
    the slot, day, start and end first (boards are the shared boards)."""
    buf = io.StringIO()
    w = spreadsheet.writer(buf)

    def who(number: int) -> list[Any]:
        g, n = gs.locate(number)
        return [n, g.plan.name(n)]

    if tt is not None:
        w.writerow(["slot", "day", "start", "end", "round", "board", "group", "white_no", "white", "black_no", "black"])
        for s in tt.slots:
            for b, white, black in s.games:
                w.writerow([s.number, s.day, s.start.isoformat(sep=" "), s.end.isoformat(sep=" "), s.round, b,
                            gs.locate(white)[0].name, *who(white), *who(black)])
        for r, player in tt.byes:
            w.writerow(["", "", "", "", r, "", gs.locate(player)[0].name, *who(player), 0, "bye"])
        return buf.getvalue()
    w.writerow(["round", "board", "group", "white_no", "white", "black_no", "black"])
    for g in gs.groups:
        for r, rnd in enumerate(g.plan.schedule.rounds, 1):
            b = 0
            for white, black in rnd:
                if black == BYE:
                    w.writerow([r, "", g.name, white, g.plan.name(white), 0, "bye"])
                else:
                    b += 1
                    w.writerow([r, b, g.name, white, g.plan.name(white), black, g.plan.name(black)])
    return buf.getvalue()


def _render_group(g: Group) -> None:
    p = g.plan
    sched = p.schedule
    games = sum(len(sched.games(r)) for r in range(1, len(sched.rounds) + 1))
    out.print(f"[bold]Group {g.name}[/bold]: {len(p.players)} players, {len(sched.rounds)} rounds, {games} games"
              + (f"; moved: {escape(', '.join(p.moved))}" if p.moved else ""), markup=True)
    table = Table(show_edge=False)
    for col in ("No", "Seed", "Name", "Fed", "Rating"):
        table.add_column(col, justify="right" if col in ("No", "Seed", "Rating") else "left")
    for i, (e, seed) in enumerate(zip(p.players, g.seeds), 1):
        table.add_row(str(i), str(seed), e.name, e.federation, str(e.rating or ""))
    render.print_table(out, table, keep=2)
    rounds = Table(show_edge=False)
    rounds.add_column("Rd", justify="right")
    boards = max(len(sched.games(r)) for r in range(1, len(sched.rounds) + 1))
    for b in range(1, boards + 1):
        rounds.add_column(f"Bd {b}", justify="center")
    has_bye = any(sched.bye(r) for r in range(1, len(sched.rounds) + 1))
    if has_bye:
        rounds.add_column("Bye", justify="center")
    for r in range(1, len(sched.rounds) + 1):
        cells = [f"{w}-{k}" for w, k in sched.games(r)]
        row = [str(r)] + cells + [""] * (boards - len(cells)) + ([str(sched.bye(r) or "")] if has_bye else [])
        rounds.add_row(*row)
    render.print_table(out, rounds, keep=1)


def render_groups(gs: Groups, tt: Optional[Timetable]) -> None:
    """The groups' tables, then the combined timetable (entrants as group letter + number)."""
    first = gs.groups[0].plan
    kind = "double round robin" if first.schedule.cycles == 2 else "round robin"
    sizes = ", ".join(f"{g.name} {len(g.plan.players)}" for g in gs.groups)
    rated = any(e.rating is not None for g in gs.groups for e in g.plan.players)
    how = ("by rating" if rated else "by rating (nobody is rated: in the order given)") \
        if gs.seeding == "rating" else "in the order given"
    out.print(f"[bold]{len(gs.groups)} groups[/bold] ({sizes}), seeded {how} in snake order; each group a {kind}",
              markup=True)
    for g in gs.groups:
        _render_group(g)
    if tt is not None:
        from arbiter.timetable_text import render_timetable

        def who(number: int) -> str:
            g, n = gs.locate(number)
            return f"{g.name}{n} {g.plan.name(n)}"

        render_timetable(tt, "Combined timetable", gs.label, who)


def group_trf_texts(gs: Groups, tt: Optional[Timetable], name: str) -> list[str]:
    """Each group's TRF-2026 text (:func:`roundrobin.event.to_tournament`), named ``NAME, group A``;
    with a timetable, 042 and 132 from the slots holding the group's games."""
    from roundrobin.event import to_tournament
    from trf.writer import dumps

    texts = []
    for g, off in zip(gs.groups, gs.offsets):
        dates: list[str] = []
        begin = None
        if tt is not None:
            first: dict[int, datetime] = {}
            for s in tt.slots:
                if any(off < w <= off + len(g.plan.players) for _, w, _k in s.games):
                    first.setdefault(s.round, s.start)
            dates = [first[r].strftime("%y/%m/%d") for r in sorted(first)]
            begin = first[min(first)].strftime("%Y/%m/%d") if first else None
        texts.append(dumps(to_tournament(g.plan, name=f"{name}, group {g.name}", start=begin, round_dates=dates)))
    return texts


def write_all(files: list[tuple[Path, str]]) -> None:
    """Write every file or none: each is first written in full to a temporary file beside its
    target, and only when all are written are they renamed into place; on any failure the
    temporary files are removed and the command exits 5, nothing written."""
    staged: list[tuple[str, Path]] = []
    current = files[0][0] if files else Path(".")
    try:
        for path, text in files:
            current = path
            if path.is_dir():
                raise IsADirectoryError(21, "Is a directory", str(path))
            folder = path.parent if str(path.parent) else Path(".")
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
            staged.append((tmp, path))
            with os.fdopen(fd, "wb") as fh:
                fh.write(text.encode("utf-8"))
                fh.flush()
                os.fsync(fh.fileno())
            try:
                mode = stat.S_IMODE(os.stat(path).st_mode)  # a file replaced keeps its mode
            except FileNotFoundError:
                mode = 0o666 & ~_umask()
            os.chmod(tmp, mode)
    except OSError as exc:
        for tmp, _ in staged:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        fail(exitcodes.FILE_ERROR, f"cannot write {current}: {exc.strerror or exc}; no file written")
    for tmp, path in staged:
        os.replace(tmp, path)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def emit(gs: Groups, tt: Optional[Timetable], json_out: bool, csv_out: bool, trf_out: Optional[Path],
         name: str, plan_dict: Callable[[Plan], dict[str, Any]]) -> None:
    """Write the groups' TRF files (all or none), then print the chosen output."""
    written: list[Path] = []
    if trf_out is not None:
        from trf.writer import WriteError

        paths = group_paths(trf_out, gs)
        try:
            texts = group_trf_texts(gs, tt, name)
        except WriteError as exc:
            fail(exitcodes.INVALID_INPUT, f"cannot write {trf_out}: {exc}")
        write_all(list(zip(paths, texts)))
        written = paths
    if json_out:
        emit_json(groups_dict(gs, tt, plan_dict))
    elif csv_out:
        out.file.write(groups_csv(gs, tt))
    else:
        render_groups(gs, tt)
        for path in written:
            out.print(f"wrote {path}")
