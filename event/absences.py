"""Who will not be paired in a round, and who may not meet: withdrawals, requested byes, forbidden
pairs.

A round not yet paired is told its absences by TRF-2026 ``240`` records (``240 H 006   12``: a
half-point bye for player 12 in round 6), the ITDX way, which both endorsed engines read for the
round they pair; when the round is paired, each absentee's line gets ``0000 - H/Z/F`` in that
round's column too (:mod:`event.next_round`).  Writing the byes of later rounds straight into
the player lines would not do: bbpPairings refuses a player line that runs more than one round
past the rounds paired.

* A withdrawal (C.04.2 Art. 3.2: withdrawn players are not paired) declares a zero-point bye for
  every remaining round; it warns of the player's games still to finish: the last round's game
  without a result, and every adjourned game (``?``, a draw for pairing only, C.04.2 Art. 3.1),
  by round and board, whose real result is still to be entered.
* A requested bye (C.04.2 Art. 3.3: players known to be absent are not paired and score zero
  unless the regulations say otherwise): ``H`` half point, ``Z`` zero; ``F`` a full point, which
  the FIDE rules deprecate (warned, and logged as ``### FPB``) and which makes the player
  ineligible for the PAB (C.04.1 Art. 4).  A player's second or later half-point bye needs the
  arbiter's confirmation in FIDE mode and is logged as ``### HPB`` (:mod:`event.fidemode`).
* Forbidden pairs (``260``; C.04.3 C1 keeps them apart like a rematch) belong to the regulations
  announced before round 1 is paired: one added later needs the arbiter's confirmation in FIDE
  mode and is logged as ``### Prohibition``; the event stays in FIDE mode.
"""

from __future__ import annotations

from dataclasses import replace

from event import fidemode
from event.change import (Change, EventError, Notice, UnknownPlayer, check_player, consistent, player_label,
                          refuse_team_event)
from event.log import Irregularity, before_log, with_irregularity, without_irregularity
from event.results import adjourned_games
from trf.model import ByeRecord, ForbiddenPairs, Player, Record, Result, Tournament

__all__ = ["UnknownPlayer", "RoundAlreadyPaired", "RoundOutOfEvent", "NothingDeclared", "TooFewPlayers", "AlreadyWithdrawn",
           "declare", "declarations", "withdraw", "request_bye", "cancel_bye", "forbid", "withdrawn", "withdrawals",
           "BYE_KINDS", "check_player", "check_future_round"]

_TEAM_ABSENCES = "its withdrawals and byes name teams (event.team.absences)"

BYE_KINDS = (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE, Result.FULL_POINT_BYE)


class RoundAlreadyPaired(EventError):
    """Round ``round`` is already paired (rounds 1-``last_paired`` are)."""

    kind = "round-paired"

    def __init__(self, rnd: int, last_paired: int, what: str = "") -> None:
        super().__init__(f"round {rnd} is already paired" + (f": {what}" if what else ""))
        self.round, self.last_paired = rnd, last_paired


class RoundOutOfEvent(EventError):
    """Round ``round`` is not a round of the event (it has ``total``)."""

    kind = "round-out-of-event"

    def __init__(self, rnd: int, total: int) -> None:
        super().__init__(f"round {rnd} is not a round of the event: it has rounds 1-{total}")
        self.round, self.total = rnd, total


class NothingDeclared(EventError):
    """Player ``player`` has no bye declared for round ``round``."""

    kind = "nothing-declared"

    def __init__(self, player: int, rnd: int) -> None:
        super().__init__(f"player {player} has no bye or absence declared for round {rnd}")
        self.player, self.round = player, rnd


class AlreadyWithdrawn(EventError):
    """``label`` (player ``player``) is already withdrawn from round ``from_round``: a withdrawal
    from round ``asked`` (not before it) would change nothing, so it is refused rather than
    logged twice."""

    kind = "already-withdrawn"

    def __init__(self, player: int, label: str, from_round: int, asked: int) -> None:
        super().__init__(f"{label} is already withdrawn from round {from_round}: nothing to change")
        self.player, self.label, self.from_round, self.asked = player, label, from_round, asked


class TooFewPlayers(EventError):
    """A forbidden pair needs at least two different players."""

    kind = "too-few-players"

    def __init__(self, players: tuple[int, ...]) -> None:
        super().__init__(f"a forbidden pair needs at least two different players, got {list(players)}")
        self.players = players


def _total(t: Tournament) -> int:
    return t.total_rounds if t.total_rounds is not None else max(t.rounds_paired, 1)


def check_future_round(t: Tournament, rnd: int, what: str = "") -> None:
    """``rnd`` must be a round of the event not yet paired."""
    total = _total(t)
    if not 1 <= rnd <= total:
        raise RoundOutOfEvent(rnd, total)
    if rnd <= t.rounds_paired:
        raise RoundAlreadyPaired(rnd, t.rounds_paired, what)


def declarations(t: Tournament, pid: int) -> dict[int, Result]:
    """Round -> the bye or absence declared for ``pid`` in a round not yet paired (``240``, or
    ``0000 - X`` written in the round's column, or ``XXZ`` for the next round)."""
    out: dict[int, Result] = {}
    for r in range(t.rounds_paired + 1, _total(t) + 1):
        kind = t.declared_absences(r).get(pid)
        if kind is not None:
            out[r] = kind
    return out


def withdrawn(t: Tournament) -> list[int]:
    """Players declared absent (zero-point) for every remaining round: withdrawn."""
    nxt, total = t.rounds_paired + 1, _total(t)
    if nxt > total:
        return []
    rounds = [t.declared_absences(r) for r in range(nxt, total + 1)]
    return sorted(p.start_rank for p in t.players
                  if all(d.get(p.start_rank) is Result.ZERO_POINT_BYE for d in rounds))


def withdrawals(t: Tournament) -> dict[int, int]:
    """Player -> the round he is withdrawn from: the players with a zero-point absence (``Z``,
    declared or, in a round paired, in the round's column) in every round from that one to the
    event's last, paired or not, that one being at most the next round to pair (C.04.2 Art. 3.2:
    withdrawn players are not paired).  So a finished event still shows its withdrawals, with
    their rounds.  The file does not tell a withdrawal from zero-point byes requested for each
    of the rounds still to pair: both are listed, as :func:`withdrawn` lists them."""
    since = _absent_to_the_end(t)
    return {pid: r for pid, r in since.items() if r <= t.rounds_paired + 1}  # every round not yet paired, at least


def _absent_to_the_end(t: Tournament) -> dict[int, int]:
    """Player -> the first round of his zero-point absences (``Z``, declared or in a round's
    column) that run to the event's last round, for the players absent in the last round."""
    total = _total(t)
    absent = {r: t.declared_absences(r) for r in range(1, total + 1)}
    out: dict[int, int] = {}
    for p in sorted(t.players, key=lambda q: q.start_rank):
        r = total
        while r >= 1 and absent[r].get(p.start_rank) is Result.ZERO_POINT_BYE:
            r -= 1
        if r < total:
            out[p.start_rank] = r + 1
    return out


def declare(t: Tournament, rnd: int, pid: int, kind: Result | None, *, in_player_lines: bool = True) -> Tournament:
    """``t`` with player ``pid``'s declaration for round ``rnd`` (not yet paired) set to ``kind``
    (H, Z or F) in the ``240`` records, or removed (``None``); one record per kind and round, ids
    in order.  A declaration written in the player line's column for that round is moved to 240
    (``in_player_lines``; not in a team event, whose ``240`` records name teams)."""
    records: list[Record] = []
    for rec in t.records:
        if in_player_lines and isinstance(rec, Player) and rec.start_rank == pid and rnd > t.rounds_paired \
                and len(rec.rounds) >= rnd:
            e = rec.rounds[rnd - 1]
            if e is not None and e.opponent is None:  # a declaration written in the round's column
                rounds = list(rec.rounds)
                rounds[rnd - 1] = None
                while rounds and rounds[-1] is None:
                    rounds.pop()
                rec = replace(rec, rounds=tuple(rounds))
        if isinstance(rec, ByeRecord) and rec.round == rnd and pid in rec.players:
            rest = tuple(p for p in rec.players if p != pid)
            if not rest:
                continue
            rec = replace(rec, players=rest)
        records.append(rec)
    if kind is not None:
        for i, rec in enumerate(records):
            if isinstance(rec, ByeRecord) and rec.round == rnd and rec.kind == kind.value:
                records[i] = replace(rec, players=tuple(sorted(rec.players + (pid,))))
                break
        else:
            new = ByeRecord(kind.value, rnd, (pid,))
            byes = [i for i, r in enumerate(records) if isinstance(r, ByeRecord)]
            later = [i for i in byes if (records[i].round, records[i].kind) > (rnd, kind.value)]  # type: ignore[union-attr]
            at = later[0] if later else (byes[-1] + 1 if byes else before_log(records))
            records.insert(at, new)
    return t.replace_records(tuple(records))


def _fpb_line(t: Tournament, rnd: int) -> Tournament:
    """The ``### FPB @ Round r: 7=FPB`` line for the full-point byes declared in round ``rnd``."""
    who = sorted(pid for pid, kind in t.declared_absences(rnd).items() if kind is Result.FULL_POINT_BYE)
    if not who:
        return without_irregularity(t, "FPB", rnd)
    return with_irregularity(t, Irregularity("FPB", rnd, " ".join(f"{p}=FPB" for p in who)))


def withdraw(t: Tournament, pid: int, from_round: int | None = None) -> Change:
    """Withdraw player ``pid`` from round ``from_round`` (default: the next round to pair) to the
    end: a zero-point absence declared for each of those rounds.  A player already withdrawn from
    that round or an earlier one (absent with ``Z`` from it to the last round) is refused
    (:class:`AlreadyWithdrawn`): the command would change nothing; a withdrawal from an earlier
    round than the one in force moves it earlier."""
    refuse_team_event(t, _TEAM_ABSENCES)
    check_player(t, pid)
    total = _total(t)
    first = from_round if from_round is not None else t.rounds_paired + 1
    check_future_round(t, first, "a withdrawal takes effect from a round not yet paired")
    since = _absent_to_the_end(t).get(pid)
    if since is not None and since <= first:  # absent from that round to the end already: nothing to change
        raise AlreadyWithdrawn(pid, player_label(t, pid), since, first)
    warnings: list[Notice] = []
    last = t.player(pid).entry(t.rounds_paired)
    if last is not None and last.is_pending:
        warnings.append(Notice("result-pending", f"{player_label(t, pid)}'s game in round {t.rounds_paired} against "
                                                 f"{player_label(t, last.opponent or 0)} has no result yet: enter it "
                                                 "(a forfeit if it is not played)",
                               {"round": t.rounds_paired, "opponent": last.opponent}))
    warnings += _adjourned_games(t, pid)
    before = declarations(t, pid)
    for r in range(first, total + 1):
        old = before.get(r)
        if old is not None and old is not Result.ZERO_POINT_BYE:
            warnings.append(Notice("bye-replaced", f"the {old.value} bye declared for round {r} is replaced by the withdrawal",
                                   {"round": r, "was": old.value}))
        t = declare(t, r, pid, Result.ZERO_POINT_BYE)
        t = _fpb_line(t, r)
    rounds = f"round {first}" if first == total else f"rounds {first}-{total}"
    return Change(consistent(t), f"withdraw {player_label(t, pid)}", f"from round {first} (zero-point absence in {rounds})",
                  tuple(warnings), {"player": pid, "from_round": first, "rounds": list(range(first, total + 1))})


def _adjourned_games(t: Tournament, pid: int) -> list[Notice]:
    """A warning for each adjourned game (``?``) of player ``pid``: it counts as a draw for
    pairing only (C.04.2 Art. 3.1), so its real result still has to be entered, withdrawal or
    not (a forfeit if it is not resumed)."""
    out = []
    for r, b in adjourned_games(t, pid):
        opponent = b.black if b.white == pid else b.white
        out.append(Notice("adjourned-game", f"{player_label(t, pid)}'s game in round {r} (board {b.number}) against "
                                            f"{player_label(t, opponent)} is adjourned: enter its real result "
                                            "(a '?' counts as a draw for pairing only, C.04.2 Art. 3.1)",
                          {"round": r, "board": b.number, "opponent": opponent}))
    return out


def _half_byes(t: Tournament, pid: int, besides: int) -> list[int]:
    p = t.player(pid)
    past = [r for r in range(1, t.rounds_paired + 1) if (e := p.entry(r)) is not None and e.opponent is None
            and e.code is Result.HALF_POINT_BYE]
    future = [r for r, k in declarations(t, pid).items() if k is Result.HALF_POINT_BYE and r != besides]
    return sorted(past + future)


def request_bye(t: Tournament, pid: int, rnd: int, kind: Result = Result.HALF_POINT_BYE, *,
                acknowledged: bool = False) -> Change:
    """A bye requested for round ``rnd`` (not yet paired): ``H`` (default), ``Z`` or ``F``.

    FIDE mode (:mod:`event.fidemode`): a full-point bye is warned (level 2, the ``### FPB`` line);
    a player's second or later half-point bye needs ``acknowledged`` (level 3, else
    :class:`~event.fidemode.NeedsConfirmation`) and writes a ``### HPB`` line."""
    refuse_team_event(t, _TEAM_ABSENCES)
    check_player(t, pid)
    if kind not in BYE_KINDS:
        raise ValueError(f"a requested bye is H, Z or F, not {kind.value}")
    check_future_round(t, rnd, "a bye is requested before its round is paired")
    warnings: list[Notice] = []
    old = declarations(t, pid).get(rnd)
    if old is kind:
        warnings.append(Notice("already-declared", f"{player_label(t, pid)} already has a {kind.value} bye in round {rnd}",
                               {"round": rnd}))
    elif old is not None:
        warnings.append(Notice("bye-replaced", f"the {old.value} declaration for round {rnd} is replaced by {kind.value}",
                               {"round": rnd, "was": old.value}))
    others = _half_byes(t, pid, rnd) if kind is Result.HALF_POINT_BYE and old is not kind else []
    if others:
        notice = fidemode.check(t, "second-half-point-bye",
                                f"{player_label(t, pid)} already has a half-point bye in round(s) "
                                f"{', '.join(map(str, others))}", acknowledged=acknowledged)
        if notice is not None:
            warnings.append(Notice(notice.code, notice.message, {**notice.data, "rounds": others}))
    if kind is Result.FULL_POINT_BYE and old is not kind:
        notice = fidemode.check(t, "full-point-bye", f"a full-point bye for {player_label(t, pid)} in round {rnd}",
                                acknowledged=acknowledged)
        if notice is not None:
            warnings.append(Notice(notice.code, notice.message, {**notice.data, "round": rnd}))
    t = declare(t, rnd, pid, kind)
    t = _fpb_line(t, rnd)
    if others:
        t = fidemode.write_line(t, "second-half-point-bye", rnd,
                                f"{pid}=HPB [rounds {','.join(map(str, sorted(others + [rnd])))}]")
    names = {Result.HALF_POINT_BYE: "half-point bye", Result.ZERO_POINT_BYE: "zero-point bye",
             Result.FULL_POINT_BYE: "full-point bye"}
    return Change(consistent(t), f"bye for {player_label(t, pid)}", f"{names[kind]} ({kind.value}) in round {rnd}",
                  tuple(warnings), {"player": pid, "round": rnd, "kind": kind.value})


def cancel_bye(t: Tournament, pid: int, rnd: int) -> Change:
    """Withdraw the bye or absence declared for ``pid`` in round ``rnd`` (not yet paired)."""
    refuse_team_event(t, _TEAM_ABSENCES)
    check_player(t, pid)
    check_future_round(t, rnd, "its byes are in the pairing")
    old = declarations(t, pid).get(rnd)
    if old is None:
        raise NothingDeclared(pid, rnd)
    t = _fpb_line(declare(t, rnd, pid, None), rnd)
    return Change(consistent(t), f"cancel bye of {player_label(t, pid)}", f"{old.value} in round {rnd}: to be paired",
                  (), {"player": pid, "round": rnd, "was": old.value})


def forbid(t: Tournament, players: tuple[int, ...], first_round: int | None = None,
           last_round: int | None = None, *, acknowledged: bool = False) -> Change:
    """No two of ``players`` may meet in rounds ``first_round``-``last_round`` (default: the next
    round to pair to the last round): a ``260`` record.  Once round 1 is paired, FIDE mode asks
    for ``acknowledged`` (level 3, draft VCL4THP Q195-Q196, else
    :class:`~event.fidemode.NeedsConfirmation`) and the ``### Prohibition @ Round r: a-b [rounds
    x-y]`` line records it; the event stays in FIDE mode."""
    refuse_team_event(t, "forbidden pairs of teams are not implemented")
    ids = tuple(dict.fromkeys(players))
    if len(ids) < 2:
        raise TooFewPlayers(players)
    for pid in ids:
        check_player(t, pid)
    total = _total(t)
    first = first_round if first_round is not None else t.rounds_paired + 1
    last = last_round if last_round is not None else total
    check_future_round(t, first, "a forbidden pair applies to rounds still to pair")
    if not first <= last <= total:
        raise RoundOutOfEvent(last, total)
    warnings: list[Notice] = []
    late = t.rounds_paired >= 1
    if late:
        notice = fidemode.check(t, "prohibition-after-round-1",
                                f"forbidding {'-'.join(map(str, ids))} in rounds {first}-{last} once round 1 is "
                                "paired", acknowledged=acknowledged)
        if notice is not None:
            warnings.append(notice)
    met = [(a, b, r) for i, a in enumerate(ids) for b in ids[i + 1:]
           for r in range(1, t.rounds_paired + 1)
           if (e := t.player(a).entry(r)) is not None and e.is_played and e.opponent == b]
    for a, b, r in met:
        warnings.append(Notice("already-met", f"{a} and {b} already met in round {r}", {"players": [a, b], "round": r}))
    records = list(t.records)
    new = ForbiddenPairs(ids, first, last, "260")
    where = [i for i, r in enumerate(records) if isinstance(r, (ForbiddenPairs, ByeRecord))]
    records.insert(where[-1] + 1 if where else before_log(records), new)
    t = t.replace_records(tuple(records))
    if late:
        t = fidemode.write_line(t, "prohibition-after-round-1", fidemode.next_round_number(t),
                                f"{'-'.join(map(str, ids))} [rounds {first}-{last}]")
    return Change(consistent(t), "forbid pairing", f"{', '.join(player_label(t, p) for p in ids)} may not meet in rounds {first}-{last}",
                  tuple(warnings), {"players": list(ids), "first_round": first, "last_round": last})
