"""Changing what the event announced before its start: the number of rounds (``142``/``XXR``), the
tie-break list (``202``/``212``), the scoring and the PAB value (``162``).

Before round 1 is paired each is the arbiter's to set (the event has not started): the change is
logged and nothing more.  Once round 1 is paired each is an act of :mod:`event.fidemode`:

* the number of rounds (C.04.1 Art. 1: announced before the start; the pairing of the last
  rounds depends on it) and the tie-break list (C.07 Art. 4: published before round 1) need the
  arbiter's confirmation in FIDE mode (level 3) and are recorded as ``### Rounds changed @ Round
  r: 9 => 11`` and ``### Tie-breaks changed @ Round r: old => new``;
* the scoring and the PAB value are locked (draft VCL4THP Q71-Q85; C.04.1 Art. 3: every PAB is
  worth the same): FIDE mode refuses the change (level 5); outside FIDE mode it is done and
  recorded as ``### Scoring changed @ Round r: 1/0.5/0 => 3/1/0``.

Listed points and ranks are recomputed after each change (:func:`event.change.consistent`).
"""

from __future__ import annotations

from dataclasses import replace

from event import fidemode
from event.absences import withdrawn
from event.change import Change, NoChange, Notice, consistent, refuse_team_event
from event.create import InvalidSetting, Scoring, require_points_fit
from event.log import before_log
from trf.limits import MAX_ROUNDS
from trf.model import ByeRecord, ForbiddenPairs, Header, InitialColour, Record, Result, RoundCount, ScoringRecord, \
    Tournament

__all__ = ["change_rounds", "change_tiebreaks", "change_scoring", "scoring_of"]


# ---------------------------------------------------------------------------------- rounds


def _round_robin(t: Tournament) -> bool:
    import systems

    sel = systems.find(t)
    return sel is not None and sel.system.round_robin


def change_rounds(t: Tournament, rounds: int, *, acknowledged: bool = False) -> Change:
    """The event's number of rounds set to ``rounds`` in its ``142`` (and ``XXR``) record.

    Not fewer than the rounds paired, not past :data:`trf.limits.MAX_ROUNDS`, not in a round robin
    (its rounds are its table's).  Declarations for rounds that go are removed, forbidden pairs
    end with the last round, and a withdrawn player stays withdrawn in the rounds added (C.04.2
    Art. 3.2).  Once round 1 is paired: act ``rounds-changed`` (level 3)."""
    refuse_team_event(t, "changing a team event's rounds is not implemented")
    old = t.total_rounds
    paired = t.rounds_paired
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InvalidSetting("number of rounds", rounds, f"1-{MAX_ROUNDS} (C.04.1 Art. 1; a TRF player line holds "
                                                         f"{MAX_ROUNDS} rounds)")
    if rounds < paired:
        raise InvalidSetting("number of rounds", rounds, f"at least {paired}: rounds 1-{paired} are paired")
    if old == rounds:
        raise NoChange("number of rounds", rounds)
    if _round_robin(t):
        raise InvalidSetting("number of rounds", rounds, "the rounds of the round robin's table (C.05 Annex 1): a "
                                                         "round robin's rounds are not changed")
    warnings: list[Notice] = []
    late = paired >= 1
    if late:
        notice = fidemode.check(t, "rounds-changed", f"changing the number of rounds from {old or 'none'} to {rounds} once "
                                                     "round 1 is paired", acknowledged=acknowledged)
        if notice is not None:
            warnings.append(notice)
    keep_out = withdrawn(t) if old is not None and rounds > old else []
    records: list[Record] = []
    dropped: list[str] = []
    for rec in t.records:
        if isinstance(rec, RoundCount):
            rec = replace(rec, rounds=rounds)
        elif isinstance(rec, ByeRecord) and rec.round > rounds:
            dropped.append(f"{rec.kind} in round {rec.round} for {', '.join(map(str, rec.players))}")
            continue
        elif isinstance(rec, ForbiddenPairs) and rec.last_round is not None and rec.last_round > rounds:
            if rec.first_round is not None and rec.first_round > rounds:
                dropped.append(f"forbidden pair {'-'.join(map(str, rec.players))} in rounds "
                               f"{rec.first_round}-{rec.last_round}")
                continue
            rec = replace(rec, last_round=rounds)
        records.append(rec)
    if not any(isinstance(r, RoundCount) for r in records):
        at = next((i for i, r in enumerate(records) if isinstance(r, (InitialColour, ScoringRecord))),
                  next((i for i, r in enumerate(records) if not isinstance(r, Header)), before_log(records)))
        records.insert(at, RoundCount(rounds))
    t = t.replace_records(tuple(records))
    if dropped:
        warnings.append(Notice("declarations-removed", "declared for rounds that are no longer part of the event, "
                                                       "removed: " + "; ".join(dropped), {"removed": dropped}))
    if keep_out:
        from event.absences import declare

        assert old is not None
        for pid in keep_out:
            for r in range(old + 1, rounds + 1):
                t = declare(t, r, pid, Result.ZERO_POINT_BYE)
        warnings.append(Notice("withdrawn-stay-out", f"withdrawn player(s) {', '.join(map(str, keep_out))} are not "
                                                     f"paired in the rounds added either (C.04.2 Art. 3.2)",
                               {"players": keep_out}))
    if late:
        t = fidemode.write_line(t, "rounds-changed", fidemode.next_round_number(t), f"{old or 'none'} => {rounds}")
    return Change(consistent(t), "number of rounds", f"{old} => {rounds}" if old is not None else str(rounds),
                  tuple(warnings), {"was": old, "rounds": rounds, "rounds_paired": paired})


# ---------------------------------------------------------------------------------- tie-breaks


def _list_text(text: str) -> str:
    return "".join(text.split())


def change_tiebreaks(t: Tournament, text: str, *, acknowledged: bool = False) -> Change:
    """The tie-break list set to ``text`` (C.07 codes, e.g. ``BH/C1,BH,SB,DE``) in record ``202``,
    or in ``212`` (``PTS`` first) when the file gives its list there.  Once round 1 is paired:
    act ``tiebreaks-changed`` (level 3).  Raises :class:`~event.create.InvalidSetting`."""
    from tiebreaks.codes import parse_list, require_individual_codes

    refuse_team_event(t, "a team event's tie-breaks are its own (C.07 Art. 13)")
    new = _list_text(text)
    try:
        require_individual_codes(parse_list(new))
    except ValueError as exc:
        raise InvalidSetting("tie-break list", text, f"C.07 codes such as BH/C1,BH,SB,DE ({exc})") from None
    code = "212" if t.header("202") is None and t.header("212") is not None else "202"
    value = f"PTS,{new}" if code == "212" else new
    current = t.header(code)
    old = _list_text(current) if current and current.strip() else "none"
    shown_old = old[4:] if code == "212" and old.startswith("PTS,") else old
    if shown_old == new:
        raise NoChange("tie-break list", new)
    paired = t.rounds_paired
    warnings: list[Notice] = []
    if paired >= 1:
        notice = fidemode.check(t, "tiebreaks-changed", f"changing the tie-break list from {shown_old} to {new} once "
                                                        "round 1 is paired", acknowledged=acknowledged)
        if notice is not None:
            warnings.append(notice)
    records = list(t.records)
    at = next((i for i, r in enumerate(records) if isinstance(r, Header) and r.code == code), None)
    if at is not None:
        records[at] = Header(code, value)
    else:
        after = [i for i, r in enumerate(records) if isinstance(r, Header) and r.code < code]
        records.insert(after[-1] + 1 if after else 0, Header(code, value))
    t = t.replace_records(tuple(records))
    if paired >= 1:
        t = fidemode.write_line(t, "tiebreaks-changed", fidemode.next_round_number(t), f"{shown_old} => {new}")
    return Change(consistent(t), "tie-breaks", f"{shown_old} => {new}", tuple(warnings),
                  {"was": None if shown_old == "none" else shown_old, "tiebreaks": new, "record": code})


# ---------------------------------------------------------------------------------- scoring


def scoring_of(t: Tournament) -> Scoring:
    """The event's scoring as win/draw/loss and PAB value (White's values; the 162 record's)."""
    s = t.scoring
    return Scoring(s.win_white, s.draw_white, s.loss_white, s.pab if s.pab != s.win_white else None)


def change_scoring(t: Tournament, scoring: Scoring) -> Change:
    """The scoring and PAB value set to ``scoring`` (record ``162``; the file's other scoring
    records, ``XXS`` and ``BB?``, give way to it).  Before round 1 is paired only; once it is
    paired, act ``scoring-changed`` (level 5: refused in FIDE mode)."""
    refuse_team_event(t, "a team event's scoring is its match and game points (362, 320)")
    old = scoring_of(t)
    if old == scoring:
        raise NoChange("scoring", scoring.text)
    require_points_fit(scoring, t.total_rounds or max(t.rounds_paired, 1))
    paired = t.rounds_paired
    warnings: list[Notice] = []
    if paired >= 1:
        notice = fidemode.check(t, "scoring-changed", f"changing the scoring from {old.text} to {scoring.text} once "
                                                      "round 1 is paired")
        if notice is not None:
            warnings.append(notice)
    pairs = scoring.system().as_162()
    records = list(t.records)
    at = next((i for i, r in enumerate(records) if isinstance(r, ScoringRecord)), None)
    records = [r for r in records if not isinstance(r, ScoringRecord)]
    if pairs:
        if at is None:
            at = next((i + 1 for i in range(len(records) - 1, -1, -1)
                       if isinstance(records[i], (RoundCount, InitialColour))),
                      next((i for i, r in enumerate(records) if not isinstance(r, Header)), before_log(records)))
        records.insert(at, ScoringRecord("162", pairs))
    t = t.replace_records(tuple(records))
    if paired >= 1:
        t = fidemode.write_line(t, "scoring-changed", fidemode.next_round_number(t), f"{old.text} => {scoring.text}")
    return Change(consistent(t), "scoring", f"{old.text} => {scoring.text}", tuple(warnings),
                  {"was": old.text, "scoring": scoring.text})
