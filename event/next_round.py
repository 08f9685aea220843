"""Pairing the next round into the file, and taking a round's pairing back while it has no result.

The round is the one the file's system pairs for ``arbiter pair`` (:func:`systems.select`, then
:meth:`~systems.base.PairingSystem.next_round`: same refusals, same engine, same Berger table for
a round robin), so the file's round is, by construction, what ``arbiter pair`` gives on the file
as it stood before it.  Written into the file (TRF-16 2.4):

* each game as ``opp w`` / ``opp b`` with the result column blank: the result is not known yet.
  TRF has no code for "not played yet"; a blank result with an opponent is the only faithful
  spelling, and the endorsed engines refuse it (bbpPairings: a blank result may not have an
  opponent), which is what they should do with a round whose results are missing;
* the PAB as ``0000 - U`` (its points counted: the pairing decides it);
* every absentee declared for the round (``240``) as ``0000 - H/Z/F`` in its column, so that the
  player lines say by themselves what happened in each round once it is played;
* the round's date in ``132`` when one is given.

Listed points and ranks are recomputed (:func:`event.change.consistent`), so once the round's
results are in, the file is one the engines read.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from event.absences import RoundAlreadyPaired
from event.change import Change, EventError, consistent, player_label, refuse_team_event
from event.create import round_dates_value
from event.log import without_irregularity
from event.results import boards
from systems import name_of
from pairing.rounds import NextRound
from trf.edit import unpair_round, with_byes, with_pairing
from trf.model import ByeRecord, Colour, Header, Player, Record, Result, Tournament

__all__ = ["NothingToUndo", "HasResults", "NobodyToPair", "next_round", "pair_into", "write_round", "undo_pairing",
           "with_round_date"]


class NobodyToPair(EventError):
    """Round ``round`` has nobody to pair (no player registered, or every player absent)."""

    kind = "nobody-to-pair"

    def __init__(self, rnd: int, players: int) -> None:
        super().__init__(f"round {rnd} has nobody to pair: " + (
            "no player is registered" if not players else f"all {players} players are absent or withdrawn"))
        self.round, self.players = rnd, players


class NothingToUndo(EventError):
    """No round is paired."""

    kind = "nothing-to-undo"

    def __init__(self) -> None:
        super().__init__("no round is paired: there is no pairing to take back")


class HasResults(EventError):
    """Round ``round`` already has results on ``boards``: its pairing can no longer be taken back."""

    kind = "has-results"

    def __init__(self, rnd: int, board_numbers: tuple[int, ...]) -> None:
        super().__init__(f"round {rnd} already has results on board(s) {', '.join(map(str, board_numbers))}: "
                         "clear them first to take its pairing back")
        self.round, self.boards = rnd, board_numbers


_HEADER_ORDER = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")


def _set_header(t: Tournament, code: str, value: str) -> Tournament:
    records: list[Record] = list(t.records)
    for i, rec in enumerate(records):
        if isinstance(rec, Header) and rec.code == code:
            records[i] = Header(code, value)
            return t.replace_records(tuple(records))
    rank = _HEADER_ORDER.index(code) if code in _HEADER_ORDER else len(_HEADER_ORDER)
    at = 0
    for i, rec in enumerate(records):
        if isinstance(rec, Header) and rec.code in _HEADER_ORDER and _HEADER_ORDER.index(rec.code) <= rank:
            at = i + 1
    records.insert(at, Header(code, value))
    return t.replace_records(tuple(records))


def with_round_date(t: Tournament, rnd: int, day: date) -> Tournament:
    """``t`` with round ``rnd``'s date in record 132 (YY/MM/DD at columns 92+10(r-1))."""
    dates = list(t.round_dates)
    dates += [None] * (rnd - len(dates))
    dates[rnd - 1] = day
    return _set_header(t, "132", round_dates_value(tuple(dates)))


def write_round(t: Tournament, rnd: int, pairs: tuple[tuple[int, int], ...], bye: int | None,
                rests: int | None = None, *, keep_results: bool = False) -> Tournament:
    """Round ``rnd``'s pairing written into the player lines with the round's declared absences
    (see the module docstring); points and ranks recomputed."""
    declared = t.declared_absences(rnd)
    t = with_pairing(t, rnd, pairs, bye, keep_results=keep_results)
    byes: dict[int, Result] = {}
    for pid, kind in declared.items():
        e = t.player(pid).entry(rnd) if pid in t.player_by_rank else None
        if e is None or (e.opponent is None and e.code != kind):
            byes[pid] = kind
    if rests is not None:
        byes[rests] = Result.ZERO_POINT_BYE
    return consistent(with_byes(t, rnd, byes))


def _describe(t: Tournament, nxt: NextRound) -> str:
    n = len(nxt.pairing.boards)
    words = f"{n} board(s)"
    if nxt.pairing.bye is not None:
        words += f", PAB {player_label(t, nxt.pairing.bye)}"
    if nxt.rests is not None:
        words += f", {player_label(t, nxt.rests)} rests"
    absent = t.declared_absences(nxt.round)
    if absent:
        words += ", not paired: " + " ".join(f"{pid}({kind.value})" for pid, kind in sorted(absent.items()))
    system = "Berger table (C.05 Annex 1)" if nxt.round_robin else f"{name_of(t)}, by the engine"
    return f"{words}; {system}"


def next_round(t: Tournament, *, initial_colour: Colour | None = None) -> NextRound:
    """The next round as the file's system pairs it (:func:`systems.next_round`).  A team event is
    refused (:class:`trf.system.UnsupportedEvent`): its rounds are written into the file as team
    records (320, 330, 300), which the event runner does not write yet."""
    import systems
    from trf.system import require_individual

    require_individual(t, "writing a team round into the event file is not implemented yet")
    return systems.next_round(t, request=systems.PairRequest(initial_colour=initial_colour))


def pair_into(t: Tournament, *, day: date | None = None, initial_colour: Colour | None = None) -> Change:
    """The next round paired (:func:`next_round`, whose refusals and engine errors it raises) and
    written into the file; ``day``: the round's date for record 132.  A team event's rounds are
    :func:`event.team.rounds.pair_into`'s (:class:`~event.change.NotATeamEvent` here)."""
    refuse_team_event(t, "its rounds are paired match by match (event.team.rounds)")
    if not t.players:
        raise NobodyToPair(t.rounds_paired + 1, 0)
    nxt = next_round(t, initial_colour=initial_colour)
    if not nxt.pairing.boards and nxt.pairing.bye is None:
        raise NobodyToPair(nxt.round, len(t.players))
    if nxt.in_file:
        raise RoundAlreadyPaired(nxt.round, t.rounds_paired,
                                 "a round robin's rounds come from its table and the file holds them; enter its results")
    rnd = nxt.round
    after = write_round(t, rnd, nxt.pairing.boards, nxt.pairing.bye, nxt.rests)
    if day is not None:
        after = with_round_date(after, rnd, day)
    data = {"round": rnd, "system": nxt.system,
            "boards": [{"board": b.number, "white": b.white, "black": b.black} for b in boards(after, rnd)],
            "bye": nxt.pairing.bye, "rests": nxt.rests,
            "absent": {str(pid): kind.value for pid, kind in sorted(t.declared_absences(rnd).items())}}
    return Change(after, f"pair round {rnd}", _describe(t, nxt), (), data)


def undo_pairing(t: Tournament) -> Change:
    """The last round's pairing taken back, while none of its games has a result: the file as it
    was before the round was paired (its declared absences stay declared)."""
    refuse_team_event(t, "its pairing is taken back match by match (event.team.rounds)")
    rnd = t.rounds_paired
    if rnd == 0:
        raise NothingToUndo()
    done = tuple(b.number for b in boards(t, rnd) if not b.pending)
    if done:
        raise HasResults(rnd, done)
    declared = {(pid, r.kind) for r in t.records if isinstance(r, ByeRecord) and r.round == rnd for pid in r.players}
    after = unpair_round(t, rnd)
    copied = {p.start_rank: None for p in after.players
              if (e := p.entry(rnd)) is not None and e.opponent is None and e.code is not None
              and (p.start_rank, e.code.value) in declared}
    if copied:  # the 240 declarations stay; their copies in the player lines go
        recs = []
        for rec in after.records:
            if isinstance(rec, Player) and rec.start_rank in copied:
                rounds = list(rec.rounds[: rnd - 1])
                while rounds and rounds[-1] is None:
                    rounds.pop()
                rec = replace(rec, rounds=tuple(rounds))
            recs.append(rec)
        after = after.replace_records(tuple(recs))
    after = consistent(without_irregularity(after, "MPA", rnd))
    return Change(after, f"undo pairing of round {rnd}", f"{len(boards(t, rnd))} board(s) taken back", (),
                  {"round": rnd})
