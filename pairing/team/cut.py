"""A team file as it stood before a round: the team records of that round and later ones dropped
(:func:`trf.edit.cut_to_round` cuts the players' lines; the team records are kept verbatim by the
reader, so they are cut here).

* ``320``: the PAB of each round from ``rnd`` on is dropped (the record is written again with
  its points and the rounds before);
* ``330`` (forfeited matches) and ``300`` (line-ups) of round ``rnd`` and later are dropped;
* ``310`` keeps its text: its points are the file's, as written.
"""

from __future__ import annotations

from fractions import Fraction

from trf.edit import cut_to_round
from trf.model import PreservedRecord, Record, Tournament
from trf.teams import team_event

__all__ = ["cut_team_file", "cut_team_records"]


def _points(x: Fraction) -> str:
    return f"{float(x):4.1f}"


def cut_team_records(t: Tournament, rnd: int) -> Tournament:
    """``t`` with its team records of round ``rnd`` and later dropped (module docstring); the
    players' lines are left as they are."""
    ev = team_event(t)
    out: list[Record] = []
    for rec in t.records:
        if isinstance(rec, PreservedRecord) and rec.code in ("330", "300"):
            fields = rec.text[3:].split()
            index = 1 if rec.code == "330" else 0
            if len(fields) > index and fields[index].isdigit() and int(fields[index]) >= rnd:
                continue
        if isinstance(rec, PreservedRecord) and rec.code == "320":
            kept = ev.pab_teams[:rnd - 1]
            text = f"320 {_points(ev.pab_match_points)} {_points(ev.pab_game_points)}" + \
                "".join(f" {x:3d}" if x else " 000" for x in kept)
            rec = PreservedRecord("320", text, rec.known, rec.line)
        out.append(rec)
    return t.replace_records(tuple(out))


def cut_team_file(t: Tournament, rnd: int) -> Tournament:
    """The team event ``t`` as it stood before round ``rnd`` was paired: the players' lines cut
    (:func:`trf.edit.cut_to_round`, the byes declared for round ``rnd`` kept) and the team records
    of round ``rnd`` and later dropped."""
    return cut_team_records(cut_to_round(t, rnd), rnd)
