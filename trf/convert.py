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

What is written is what the file means as it is read (docs/trf.md, "Converting"):

* a fact stated once (the number of rounds, the initial colour) is written once, with the value
  the reader takes: ``142`` over ``XXR``, ``152`` over ``XXC`` (:attr:`Tournament.total_rounds`,
  :attr:`Tournament.initial_colour`); records that said otherwise are dropped with a warning;
* the scoring and the acceleration are written from their effective values when the source's
  notation is not the target's, replacing every record of the source notation (a kept ``XXS`` or
  ``XXA`` would override the converted values);
* acceleration is written for the players there are (a ``250`` range may name start ranks no
  player has: they mean nothing, and an ``XXA`` line per player cannot name them);
* a ``260`` becomes ``XXP`` (which bans every round) only when it bans every round: from round 1
  to the event's last round, or to 999 ("to the end"); without a number of rounds a ``260`` with
  a last round stays a ``260``, with a warning;
* ``XXZ`` after the last round declares nothing (there is no round to pair): it is dropped with
  a warning; ``XXZ`` naming a player whose next-round column already declares a bye leaves that
  bye as it is (the column is what the reader takes);
* team events (``013``/``310``): ``240``/``250``/``XXZ``/``XXA`` name teams there, and the next
  round's byes are the teams' (TRF-2026 4.6): those records and the player lines' next-round
  columns are kept as they are, with a note;
* the teams themselves: TRF-16's ``013`` (name, members; the team pairing number is the order of
  the records) becomes TRF-2026's ``310`` (TPN, name, members, and the match points, game points
  and rank, which TRF-2026 asks for pairing: computed from the rounds played by
  :mod:`trf.teams`, the rank by the primary then the secondary score of ``192``, ties sharing a
  rank as the field allows, tie-breaks not applied; nickname and strength blank), each in the
  place of its ``013``; a file that has ``310`` records keeps them (and any ``013`` beside them,
  as FIDE's own sample does).  The other way, the ``310`` records become ``013`` records in the
  order of their TPNs, in the place of the first team record (their nickname, strength, points
  and rank have no TRF-16 form).  ``300``, ``320``, ``330``, ``352`` and ``362`` have no TRF-16
  form and are kept as they are (docs/trf.md, "Team records").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import cast

from trf.diagnostics import Diagnostic, Severity
from trf.limits import MAX_ROUNDS
from trf.writer import fmt_points
from trf.model import (
    AbnormalPoints, AbsentRecord, AccelerationRange, ByeRecord, Colour, Comment, ForbiddenPairs, InitialColour,
    Player, PlayerAcceleration, PreservedRecord, Record, Result, RoundCount, RoundEntry, ScoringRecord, Tournament,
)

FORMATS = ("trf16", "trf26")
_BYE_ORDER = {"F": 0, "H": 1, "Z": 2}
_KINDS = {"F": Result.FULL_POINT_BYE, "H": Result.HALF_POINT_BYE, "Z": Result.ZERO_POINT_BYE}
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


def _round_count_notes(t: Tournament) -> list[Diagnostic]:
    """A warning for each round-count record that says another number than the one the file is
    read with (``142`` over ``XXR``): the converted file says that number once."""
    total = t.total_rounds
    return [_note(f"{rec.code} {rec.rounds} contradicts the number of rounds read ({total}, "
                  f"{'142' if any(isinstance(r, RoundCount) and r.code == '142' for r in t.records) else 'the first XXR'} "
                  f"taking precedence); {total} is written", rec.line, Severity.WARNING)
            for rec in t.records if isinstance(rec, RoundCount) and rec.rounds != total]


def _colour_notes(t: Tournament) -> list[Diagnostic]:
    """A warning for each initial-colour record that names another colour than the one read
    (``152`` over ``XXC``)."""
    colour = t.initial_colour
    return [_note(f"{rec.code} names {rec.colour.name.lower()} as the initial colour, but the file is read with "
                  f"{colour.name.lower() if colour else 'none'} (152 taking precedence); that one is written",
                  rec.line, Severity.WARNING)
            for rec in t.records
            if isinstance(rec, InitialColour) and rec.colour is not None and rec.colour is not colour]


def _absent_after_last_round(t: Tournament, rec: AbsentRecord, notes: list[Diagnostic]) -> bool:
    """Whether ``XXZ`` names players for a round the event does not have (every round paired,
    or round 100): then it declares nothing, and is dropped with a warning."""
    nxt = t.rounds_paired + 1
    total = t.total_rounds
    if nxt > MAX_ROUNDS or (total is not None and nxt > total):
        notes.append(_note(f"XXZ declares absences for round {nxt}, which the event does not have; dropped",
                           rec.line, Severity.WARNING))
        return True
    return False


_TEAM_KEPT = (ByeRecord, AbsentRecord, AccelerationRange, PlayerAcceleration)


def _team_note(t: Tournament) -> list[Diagnostic]:
    """The note of a team event whose 240/250/XXZ/XXA records are kept as they are."""
    if not t.is_team_event:
        return []
    first = next((r for r in t.records if isinstance(r, _TEAM_KEPT)), None)
    if first is None:
        return []
    return [_note("team event: 240/250/XXZ/XXA records name teams and are kept as they are (TRF-2026 4.5-4.6)",
                  first.line)]


# --------------------------------------------------------------------------- team records


def _team_records(t: Tournament, code: str) -> list[PreservedRecord]:
    return [r for r in t.records if isinstance(r, PreservedRecord) and r.code == code]


def _records_310(t: Tournament) -> dict[int, Record] | None:
    """The ``310`` record of each ``013`` (by its line), or ``None`` when the file has ``310``
    records already, no ``013``, or team records that cannot be read (then they are kept)."""
    from trf.teams import read_team_event
    from trf.writer import fmt_points

    old = _team_records(t, "013")
    if not old or _team_records(t, "310"):
        return None
    event, _ = read_team_event(t)
    if event is None:
        return None
    first, second = event.options.primary, event.options.secondary

    def key(tpn: int) -> tuple[Fraction, Fraction]:
        return event.score(tpn, which=first), event.score(tpn, which=second) if second else Fraction(0)

    keys = {team.tpn: key(team.tpn) for team in event.teams}
    out: dict[int, Record] = {}
    for rec, team in zip(old, event.teams):
        rank = 1 + sum(other > keys[team.tpn] for other in keys.values())
        mp, gp = fmt_points(event.match_points(team.tpn)), fmt_points(event.game_points(team.tpn))
        head = f"310 {team.tpn:>3} {team.name[:32]:<32} {'':<5} {'':>6} {mp:>6} {gp:>6} {rank:>3}  "
        out[rec.line] = PreservedRecord("310", (head + " ".join(f"{m:>4}" for m in team.members)).rstrip())
    return out


def _records_013(t: Tournament) -> list[Record] | None:
    """``013`` records for the ``310`` teams in the order of their TPNs (TRF-16 2.5: a team's
    number is the order of the records), or ``None`` when the file has no ``310`` or team records
    that cannot be read (then they are kept)."""
    from trf.teams import read_team_event

    if not _team_records(t, "310"):
        return None
    event, _ = read_team_event(t)
    if event is None:
        return None
    return [PreservedRecord("013", f"013 {team.name[:32]:<32}" + " ".join(f"{m:>4}" for m in team.members))
            for team in event.teams]


def _team_conversion_note(t: Tournament, to: str) -> list[Diagnostic]:
    if to == "trf26":
        old = _team_records(t, "013")
        return [_note("team event: the 013 teams are written as 310 records (the TPN is the order of the 013 "
                      "records; match and game points computed from the rounds played; rank by the scores of 192, "
                      "without tie-breaks, ties sharing a rank)", old[0].line)]
    new = _team_records(t, "310")
    return [_note("team event: the 310 teams are written as 013 records in the order of their TPNs (nickname, "
                  "strength, points and rank have no TRF-16 form); 300, 320, 330, 352 and 362 are kept as they are",
                  new[0].line)]


# --------------------------------------------------------------------------- to TRF-2026


def to_trf26(t: Tournament) -> tuple[Tournament, list[Diagnostic]]:
    """``t`` in TRF-2026: ``142``, ``152``, ``162``, ``250``, ``260`` and ``240`` for the JaVaFo
    and bbpPairings records (module docstring)."""
    notes: list[Diagnostic] = _round_count_notes(t) + _colour_notes(t)
    paired = t.rounds_paired
    total = t.total_rounds
    scoring = t.scoring
    team = t.is_team_event
    has_162 = any(isinstance(r, ScoringRecord) and r.code == "162" for r in t.records)
    has_xxa = any(isinstance(r, PlayerAcceleration) for r in t.records)
    xxc_rank = any(isinstance(r, InitialColour) and r.by_rank for r in t.records)

    # Byes declared for rounds not yet paired leave the player lines for 240 records.
    byes: dict[tuple[str, int], set[int]] = {}
    absent: set[int] = set()  # XXZ: not paired in the next round
    out: list[Record] = []
    count_done = colour_done = accel_done = scoring_done = False
    teams_310 = _records_310(t) if team else None
    if teams_310 is not None:
        notes += _team_conversion_note(t, "trf26")
    for rec in t.records:
        if isinstance(rec, Player):
            out.append(rec if team else _strip_declared(rec, paired, t, byes))
        elif teams_310 is not None and isinstance(rec, PreservedRecord) and rec.code == "013":
            out.append(teams_310[rec.line])
        elif team and isinstance(rec, _TEAM_KEPT):
            out.append(rec)
        elif isinstance(rec, RoundCount):
            if not count_done and total is not None:
                out.append(RoundCount(total, "142"))
                count_done = True
        elif isinstance(rec, InitialColour):
            if not colour_done:
                if xxc_rank:
                    line = next(r.line for r in t.records if isinstance(r, InitialColour) and r.by_rank)
                    notes.append(_note("XXC rank (pair by file order) has no TRF-2026 form; kept as XXC", line,
                                       Severity.WARNING))
                    out.append(InitialColour(None, "XXC", True))
                if t.initial_colour is not None:
                    out.append(InitialColour(t.initial_colour, "152"))
                colour_done = True
        elif isinstance(rec, (PlayerAcceleration, AccelerationRange)) and has_xxa:
            if not accel_done:  # every XXA and 250 record, as the ranges of their effective values
                out.extend(_ranges_from_table(t))
                accel_done = True
        elif isinstance(rec, ForbiddenPairs) and rec.code == "XXP":
            out.append(ForbiddenPairs(rec.players, 1, total or 999, "260"))
        elif isinstance(rec, AbsentRecord):
            if not _absent_after_last_round(t, rec, notes):
                absent.update(rec.players)
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
    notes += _team_note(t)
    # XXZ is a zero-point bye for the players whose next-round column declares nothing: a bye
    # written in the column is what the file says for them (Tournament.declared_absences)
    listed = {pid for (_kind, rnd), ids in byes.items() if rnd == paired + 1 for pid in ids}
    if absent - listed:
        byes.setdefault(("Z", paired + 1), set()).update(absent - listed)

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
        removed += t.round_points(p.start_rank, r)
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
    """``t`` in TRF-16 with the engines' records: ``XXR``, ``XXC``, ``XXA``, ``XXP``, ``BB?`` and
    ``XXS``, next-round byes in the player lines (module docstring)."""
    notes: list[Diagnostic] = _round_count_notes(t) + _colour_notes(t)
    paired = t.rounds_paired
    total = t.total_rounds
    team = t.is_team_event
    xxc_rank = any(isinstance(r, InitialColour) and r.code == "XXC" and r.by_rank for r in t.records)
    has_162 = any(isinstance(r, ScoringRecord) and r.code == "162" for r in t.records)
    has_250 = any(isinstance(r, AccelerationRange) for r in t.records)
    keep_162 = has_162 and _x_differs(t)  # the X value has no TRF-16 form: the 162 lines stay beside XXS

    # 240 records: future rounds go into the player lines; past ones duplicate them.
    declared: dict[int, dict[int, Result]] = {}
    if not team:
        for rec in t.records:
            if isinstance(rec, ByeRecord) and rec.round > paired and rec.kind in _KINDS:
                for pid in rec.players:  # the first 240 naming a player for a round wins, as on reading
                    declared.setdefault(pid, {}).setdefault(rec.round, _KINDS[rec.kind])

    out: list[Record] = []
    count_done = colour_done = accel_done = scoring_done = False
    teams_013 = _records_013(t) if team else None
    if teams_013 is not None:
        notes += _team_conversion_note(t, "trf16")
    for rec in t.records:
        if isinstance(rec, Player):
            out.append(_add_declared(rec, declared.get(rec.start_rank, {}), t))
        elif teams_013 is not None and isinstance(rec, PreservedRecord) and rec.code in ("013", "310"):
            out.extend(teams_013)  # every team, in the place of the first team record
            teams_013 = []
        elif team and isinstance(rec, _TEAM_KEPT):
            out.append(rec)
        elif isinstance(rec, RoundCount):
            if not count_done and total is not None:
                out.append(RoundCount(total, "XXR"))
                count_done = True
        elif isinstance(rec, InitialColour):
            if not colour_done and (t.initial_colour is not None or xxc_rank):
                out.append(InitialColour(t.initial_colour, "XXC", xxc_rank))
                colour_done = True
        elif isinstance(rec, (AccelerationRange, PlayerAcceleration)) and has_250:
            if not accel_done:  # every 250 and XXA record, as one XXA line per player
                out.extend(_xxa_from_table(t))
                accel_done = True
        elif isinstance(rec, ForbiddenPairs) and rec.code == "260":
            first = 1 if rec.first_round is None else rec.first_round
            last = 999 if rec.last_round is None else rec.last_round
            # XXP bans every round: only a 260 from round 1 (or 0) to the last round says the same
            every = last >= 999 or (total is not None and last >= max(total, 1))
            if first <= 1 and every:
                out.append(ForbiddenPairs(rec.players, None, None, "XXP"))
            else:
                notes.append(_note(f"260 bans rounds {first}-{last} only; XXP would ban every round, so the 260 line is kept",
                                   rec.line, Severity.WARNING))
                out.append(rec)
        elif isinstance(rec, ByeRecord):
            if rec.round <= paired:
                continue  # duplicates the player lines (validated on reading)
        elif isinstance(rec, ScoringRecord) and has_162:
            if not scoring_done:  # every scoring record, as the BB?/XXS lines of the 162 scoring
                out.extend(_extension_scoring(t, rec, notes))
                scoring_done = True
            if keep_162 and rec.code == "162":
                out.append(rec)
        elif isinstance(rec, Comment):
            notes.append(_note("### comments exist only in TRF-2026; dropped", rec.line))
        elif isinstance(rec, AbnormalPoints):
            if not any(isinstance(r, AbnormalPoints) for r in out):  # one note for all of them
                notes.append(_note("299 has no TRF-16 form; kept: an engine that does not read it (JaVaFo ignores "
                                   "it, bbpPairings refuses it) scores without it", rec.line, Severity.WARNING))
            out.append(rec)
        else:
            out.append(rec)
    notes += _team_note(t) + _adjourned_note(t)
    return t.replace_records(tuple(out)), notes


def _x_differs(t: Tournament) -> bool:
    """The 162 ``X`` value (an adjourned game's) is not a draw's: no ``BB?`` or ``XXS`` code says it."""
    sc = t.scoring
    return sc.unknown is not None and sc.unknown != sc.draw_white


def _adjourned_note(t: Tournament) -> list[Diagnostic]:
    """A warning when the file has adjourned games: TRF-16 has no code for one, the ``?`` is kept
    (docs/trf.md, "Adjourned games")."""
    games = [(r, g) for r in range(1, t.rounds_paired + 1) for g in t.games(r)
             if g.white_result is not None and g.white_result.is_adjourned]
    if not games:
        return []
    shown = ", ".join(f"round {r} {g.white}-{g.black}" for r, g in games[:5]) + (", ..." if len(games) > 5 else "")
    first = t.player(games[0][1].white)
    return [_note(f"{len(games)} adjourned game(s) ('?': {shown}) kept as '?': TRF-16 has no code for a game whose "
                  "result is not known, and the TRF-16 engines (JaVaFo, bbpPairings) refuse the file until the "
                  "results are entered", first.line, Severity.WARNING)]


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
            added += t.effective_scoring.value(entry)
    points = p.points
    if points is not None and added and points == t.score(p.start_rank):
        points = points + added
    return replace(p, rounds=tuple(rounds), points=points)


def _xxa_from_table(t: Tournament) -> list[PlayerAcceleration]:
    """One ``XXA`` line per player with fictitious points, over every round the records name.
    Start ranks no player has are left out: a ``250`` range covering them gives them nothing,
    and an ``XXA`` naming them would be an error (the player does not exist)."""
    ranks = t.player_by_rank
    table = {key: value for key, value in t._acceleration_table.items() if key[0] in ranks}
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
    if _x_differs(t):
        notes.append(_note(f"162 X {fmt_points(cast(Fraction, system.unknown))} (an adjourned game's value) has no "
                           "BB? or XXS form: the 162 line is kept beside them (a 162 line takes precedence on reading)",
                           rec.line, Severity.WARNING))
    if replace(system, unknown=None).is_default:
        return []
    bb = system.as_bbp()
    out: list[Record] = []
    if bb is None:
        notes.append(_note("the 162 scoring cannot be written as BB? lines; XXS only", rec.line))
    else:
        out.extend(ScoringRecord(code, (("", v),)) for code, v in bb)
    out.append(ScoringRecord("XXS", system.as_xxs()))
    return out
