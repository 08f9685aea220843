"""Conversion between TRF-16 (with the JaVaFo/bbpPairings extensions) and TRF-2026.

TRF-2026 standardised most engine extensions (TRF-2026 4.9):

==========================  ===========================  ==========================
concept                     TRF-16 + extensions          TRF-2026
==========================  ===========================  ==========================
number of rounds            ``XXR n``                    ``142 n``
initial colour              ``XXC white1|black1``        ``152 W|B``
acceleration                ``XXA id p p ...``           ``250`` (id range x rounds)
forbidden pairs             ``XXP a b ...``              ``260 r1 r2 a b ...``
next-round absences         ``0000 - Z/H/F``, ``XXZ``    ``240 Z/H/F rrr ids``
scoring                     ``BB?`` / ``XXS``            ``162``
==========================  ===========================  ==========================

Records are converted in place (a ``142`` where the ``XXR`` stood), so that converting
back restores the original file.  What the target cannot express is kept as it is and
reported (``XXC rank`` has no TRF-2026 form; ``162`` cannot hold colour-specific scores).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from trf.diagnostics import Diagnostic, Severity
from trf.model import (
    AbsentRecord, AccelerationRange, ByeRecord, Colour, Comment, ForbiddenPairs, InitialColour,
    Player, PlayerAcceleration, Record, Result, RoundCount, RoundEntry, ScoringRecord, Tournament,
)

FORMATS = ("trf16", "trf26")
_BYE_ORDER = {"F": 0, "H": 1, "Z": 2}
_DECLARED = (Result.ZERO_POINT_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE)


def convert(t: Tournament, to: str) -> tuple[Tournament, list[Diagnostic]]:
    """Rewrite ``t`` in the dialect ``to`` (``"trf16"`` or ``"trf26"``); also return notes on
    anything that could not be converted."""
    if to == "trf26":
        return to_trf26(t)
    if to == "trf16":
        return to_trf16(t)
    raise ValueError(f"unknown format {to!r}; expected one of {', '.join(FORMATS)}")


def _note(message: str, line: int = 0, severity: Severity = Severity.INFO) -> Diagnostic:
    return Diagnostic(severity, "not-canonical", message, line, 1)


# --------------------------------------------------------------------------- to TRF-2026


def to_trf26(t: Tournament) -> tuple[Tournament, list[Diagnostic]]:
    notes: list[Diagnostic] = []
    paired = t.rounds_paired
    total = t.total_rounds
    scoring = t.scoring
    has_142 = any(isinstance(r, RoundCount) and r.code == "142" for r in t.records)
    has_152 = any(isinstance(r, InitialColour) and r.code == "152" for r in t.records)
    has_162 = any(isinstance(r, ScoringRecord) and r.code == "162" for r in t.records)

    # Byes declared for rounds not yet paired leave the player lines for 240 records.
    byes: dict[tuple[str, int], set[int]] = {}
    out: list[Record] = []
    accel_done = scoring_done = False
    for rec in t.records:
        if isinstance(rec, Player):
            out.append(_strip_declared(rec, paired, t, byes))
        elif isinstance(rec, RoundCount) and rec.code == "XXR":
            if not has_142:
                out.append(RoundCount(rec.rounds, "142"))
                has_142 = True
        elif isinstance(rec, InitialColour) and rec.code == "XXC":
            if rec.by_rank:
                notes.append(_note("XXC rank (pair by file order) has no TRF-2026 form; kept as XXC", rec.line, Severity.WARNING))
                out.append(InitialColour(None, "XXC", True))
            if rec.colour is not None and not has_152:
                out.append(InitialColour(rec.colour, "152"))
                has_152 = True
        elif isinstance(rec, PlayerAcceleration):
            if not accel_done:
                out.extend(_ranges_from_table(t))
                accel_done = True
        elif isinstance(rec, ForbiddenPairs) and rec.code == "XXP":
            out.append(ForbiddenPairs(rec.players, 1, total or 999, "260"))
        elif isinstance(rec, AbsentRecord):
            byes.setdefault(("Z", paired + 1), set()).update(rec.players)
        elif isinstance(rec, ScoringRecord) and rec.code != "162":
            if has_162:
                continue
            pairs = scoring.as_162()
            if pairs is None:
                notes.append(_note(f"{rec.code}: colour-specific or unusual bye scores cannot be written as 162; kept",
                                   rec.line, Severity.WARNING))
                out.append(rec)
            elif not scoring_done:
                if pairs:
                    out.append(ScoringRecord("162", pairs))
                scoring_done = True
        else:
            out.append(rec)

    new_240: list[Record] = [ByeRecord(kind, rnd, tuple(sorted(ids)))
               for (kind, rnd), ids in sorted(byes.items(), key=lambda kv: (kv[0][1], _BYE_ORDER[kv[0][0]])) if ids]
    if new_240:
        out = _insert_after_headers(out, new_240)
    return t.replace_records(tuple(out)), notes


def _strip_declared(p: Player, paired: int, t: Tournament, byes: dict[tuple[str, int], set[int]]) -> Player:
    """Move ``0000 - Z/H/F`` entries of rounds after the last paired one into ``byes``; take their
    points off the listed points when those included them (the JaVaFo convention)."""
    if len(p.rounds) <= paired:
        return p
    rounds = list(p.rounds)
    removed = Fraction(0)
    for r in range(paired + 1, len(rounds) + 1):
        e = rounds[r - 1]
        if e is None or e.opponent is not None or e.code not in _DECLARED:
            continue
        byes.setdefault((e.code.value, r), set()).add(p.start_rank)
        removed += t.scoring.value(e)
        rounds[r - 1] = None
    while rounds and rounds[-1] is None:
        rounds.pop()
    points = p.points
    if points is not None and removed and points == t.score(p.start_rank):
        points = points - removed
    return replace(p, rounds=tuple(rounds), points=points)


def _ranges_from_table(t: Tournament) -> list[AccelerationRange]:
    """Compress per-player, per-round fictitious points into 250 ranges: runs of rounds with the
    same value per player, then runs of consecutive start ranks with the same runs."""
    table = t._acceleration_table
    per_player: dict[int, tuple[tuple[Fraction, int, int], ...]] = {}
    for pid in sorted({p for p, _ in table}):
        runs: list[tuple[Fraction, int, int]] = []
        for rnd in sorted(r for p, r in table if p == pid):
            value = table[(pid, rnd)]
            if runs and runs[-1][0] == value and runs[-1][2] == rnd - 1:
                runs[-1] = (value, runs[-1][1], rnd)
            else:
                runs.append((value, rnd, rnd))
        per_player[pid] = tuple(runs)
    ranges: list[AccelerationRange] = []
    pids = sorted(per_player)
    i = 0
    while i < len(pids):
        j = i
        while j + 1 < len(pids) and pids[j + 1] == pids[j] + 1 and per_player[pids[j + 1]] == per_player[pids[i]]:
            j += 1
        for value, r1, r2 in per_player[pids[i]]:
            ranges.append(AccelerationRange(None, value, r1, r2, pids[i], pids[j]))
        i = j + 1
    ranges.sort(key=lambda a: (a.first_player, a.first_round))
    return ranges


def _insert_after_headers(records: list[Record], new: list[Record]) -> list[Record]:
    """Put new records after the last 142/152 record, or at the end when there is none."""
    anchor = None
    for i, rec in enumerate(records):
        if isinstance(rec, (RoundCount, InitialColour)):
            anchor = i
    if anchor is None:
        return records + new
    return records[: anchor + 1] + new + records[anchor + 1:]


# --------------------------------------------------------------------------- to TRF-16


def to_trf16(t: Tournament) -> tuple[Tournament, list[Diagnostic]]:
    notes: list[Diagnostic] = []
    paired = t.rounds_paired
    total = t.total_rounds
    has_xxr = any(isinstance(r, RoundCount) and r.code == "XXR" for r in t.records)
    xxc_rank = any(isinstance(r, InitialColour) and r.code == "XXC" and r.by_rank for r in t.records)
    has_xxc_colour = any(isinstance(r, InitialColour) and r.code == "XXC" and r.colour for r in t.records)

    # 240 records: future rounds go into the player lines; past ones duplicate them.
    declared: dict[int, dict[int, Result]] = {}
    for rec in t.records:
        if isinstance(rec, ByeRecord) and rec.round > paired:
            for pid in rec.players:
                declared.setdefault(pid, {})[rec.round] = Result(rec.kind)

    out: list[Record] = []
    accel_done = scoring_done = False
    for rec in t.records:
        if isinstance(rec, Player):
            out.append(_add_declared(rec, declared.get(rec.start_rank, {}), t))
        elif isinstance(rec, RoundCount) and rec.code == "142":
            if not has_xxr:
                out.append(RoundCount(rec.rounds, "XXR"))
                has_xxr = True
        elif isinstance(rec, InitialColour) and rec.code == "152":
            if not has_xxc_colour:
                out.append(InitialColour(rec.colour, "XXC", xxc_rank))
                has_xxc_colour = True
        elif isinstance(rec, InitialColour) and rec.code == "XXC" and rec.colour is None and rec.by_rank:
            if not any(isinstance(r, InitialColour) and r.code == "152" for r in t.records):
                out.append(rec)
        elif isinstance(rec, AccelerationRange):
            if not accel_done:
                out.extend(_xxa_from_table(t))
                accel_done = True
        elif isinstance(rec, ForbiddenPairs) and rec.code == "260":
            first = 1 if rec.first_round is None else rec.first_round
            last = 999 if rec.last_round is None else rec.last_round
            if first <= 1 and (total is None or last >= total):
                out.append(ForbiddenPairs(rec.players, None, None, "XXP"))
            else:
                notes.append(_note(f"260 bans rounds {first}-{last} only; XXP would ban every round, so the 260 line is kept",
                                   rec.line, Severity.WARNING))
                out.append(rec)
        elif isinstance(rec, ByeRecord):
            if rec.round <= paired:
                continue  # duplicates the player lines (validated on reading)
        elif isinstance(rec, ScoringRecord) and rec.code == "162":
            if not scoring_done:
                out.extend(_extension_scoring(t, rec, notes))
                scoring_done = True
        elif isinstance(rec, Comment):
            notes.append(_note("### comments exist only in TRF-2026; dropped", rec.line))
        else:
            out.append(rec)
    return t.replace_records(tuple(out)), notes


def _add_declared(p: Player, byes: dict[int, Result], t: Tournament) -> Player:
    if not byes:
        return p
    rounds = list(p.rounds)
    added = Fraction(0)
    for rnd, kind in sorted(byes.items()):
        while len(rounds) < rnd:
            rounds.append(None)
        if rounds[rnd - 1] is None:
            entry = RoundEntry(None, Colour.NONE, kind)
            rounds[rnd - 1] = entry
            added += t.scoring.value(entry)
    points = p.points
    if points is not None and added and points == t.score(p.start_rank):
        points = points + added
    return replace(p, rounds=tuple(rounds), points=points)


def _xxa_from_table(t: Tournament) -> list[PlayerAcceleration]:
    table = t._acceleration_table
    if not table:
        return []
    last = max(r for _, r in table)
    if t.total_rounds:
        last = max(last, t.total_rounds)
    return [PlayerAcceleration(pid, tuple(table.get((pid, r), Fraction(0)) for r in range(1, last + 1)))
            for pid in sorted({p for p, _ in table})]


def _extension_scoring(t: Tournament, rec: ScoringRecord, notes: list[Diagnostic]) -> list[Record]:
    """162 as bbpPairings ``BB?`` lines plus a JaVaFo ``XXS`` line: each engine ignores the other's."""
    system = t.scoring
    if system.is_default:
        return []
    bb = system.as_bbp()
    out: list[Record] = []
    if bb is None:
        notes.append(_note("the 162 scoring cannot be written as BB? lines; XXS only", rec.line))
    else:
        out.extend(ScoringRecord(code, (("", v),)) for code, v in bb)
    out.append(ScoringRecord("XXS", system.as_xxs()))
    return out
