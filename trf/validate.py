"""Semantic validation of a tournament: what the layout alone cannot tell.

The checks are those a pairing engine makes before it trusts a file (bbpPairings rejects
a file failing most of them) and those TRF-16/TRF-2026 state: each game mirrored on the
opponent's line with the opposite colour and a complementary result (TRF-16 2.4), listed
points equal to the results (TRF-16 2.2, columns 81-84), at most one PAB per round
(TRF-2026 4.8), bye codes without opponents, rounds within the declared number.
"""

from __future__ import annotations

from trf.dates import parse_date, two_digit_year
from trf.diagnostics import Diagnostic, Severity
from trf.writer import fmt_points
from trf.model import (
    AccelerationRange, ByeRecord, Colour, ForbiddenPairs, Header, Player, PlayerAcceleration,
    Record, Result, RoundCount, Tournament,
)


def _block_column(round_number: int) -> int:
    """First column of round ``round_number``'s opponent field (TRF-16: 92 + 10(r-1))."""
    return 92 + 10 * (round_number - 1)


def validate(t: Tournament) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    out += _check_start_ranks(t)
    out += _check_round_entries(t)
    out += _check_pabs(t)
    out += _check_round_count(t)
    out += _check_points(t)
    out += _check_records(t)
    out += _check_dates(t)
    return out


def _check_dates(t: Tournament) -> list[Diagnostic]:
    """A start or end date written with a two-digit year is read ``YY/MM/DD`` (:mod:`trf.dates`),
    which its writer may not have meant: say how it was read."""
    out = []
    for rec in t.records:
        if isinstance(rec, Header) and rec.code in ("042", "052") and two_digit_year(rec.text):
            read = parse_date(rec.text)
            how = f"read as {read.isoformat()} (YY/MM/DD, the TRF form)" if read else "not a date as YY/MM/DD"
            out.append(Diagnostic(Severity.WARNING, "ambiguous-date",
                                  f"{rec.code} {rec.text!r} has a two-digit year: {how}; write YYYY/MM/DD",
                                  rec.line, 5))
    return out


def _check_start_ranks(t: Tournament) -> list[Diagnostic]:
    out = []
    seen: dict[int, Player] = {}
    for p in t.players:
        if p.start_rank in seen:
            out.append(Diagnostic(Severity.ERROR, "duplicate-player",
                                  f"start rank {p.start_rank} is also used on line {seen[p.start_rank].line}", p.line, 5))
        else:
            seen[p.start_rank] = p
    if seen:
        missing = sorted(set(range(1, max(seen) + 1)) - set(seen))
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
            first = min(t.players, key=lambda p: p.line)
            out.append(Diagnostic(Severity.WARNING, "missing-player",
                                  f"no player has start rank {shown}", first.line, 5))
    return out


def _check_round_entries(t: Tournament) -> list[Diagnostic]:
    out = []
    by_rank = t.player_by_rank
    for p in t.players:
        for r, e in enumerate(p.rounds, start=1):
            if e is None:
                continue
            col = _block_column(r)
            code = e.code

            def err(code_: str, msg: str, column: int = col) -> None:
                out.append(Diagnostic(Severity.ERROR, code_, f"player {p.start_rank}, round {r}: {msg}", p.line, column))

            if e.opponent is None:
                if code is not None and code.is_played:
                    err("game-without-colour", f"result {code.value!r} needs an opponent", col + 7)
                continue
            if code is not None and code.is_bye:
                err("bye-with-opponent", f"bye code {code.value!r} is written with opponent {e.opponent}", col + 7)
                continue
            if e.opponent == p.start_rank:
                err("self-opponent", "paired against themself")
                continue
            opp = by_rank.get(e.opponent)
            if opp is None:
                err("unknown-opponent", f"opponent {e.opponent} is not in the player list")
                continue
            if code is not None and code.is_played and e.colour is Colour.NONE:
                err("game-without-colour", f"game against {e.opponent} has no colour (w or b)", col + 5)
            oe = opp.entry(r)
            if oe is None or oe.opponent != p.start_rank:
                found = "nothing" if oe is None else (f"opponent {oe.opponent}" if oe.opponent else "no opponent")
                err("not-mirrored", f"plays {e.opponent}, but player {e.opponent}'s line shows {found} in that round")
                continue
            if p.start_rank > e.opponent:
                continue  # each mirrored pair is checked once, from its lower start rank
            if e.colour is not Colour.NONE or oe.colour is not Colour.NONE:
                if oe.colour is not e.colour.opposite:
                    err("colour-mismatch", f"colour {e.colour.value!r} against {e.opponent}, who has {oe.colour.value!r}", col + 5)
            if (e.result is None) != (oe.result is None) or (
                e.result is not None and oe.result not in e.result.complement
            ):
                mine = e.result.value if e.result else "blank"
                theirs = oe.result.value if oe.result else "blank"
                err("result-mismatch", f"result {mine!r} against {e.opponent}, whose line has {theirs!r}", col + 7)
    return out


def _check_pabs(t: Tournament) -> list[Diagnostic]:
    """TRF-2026 4.8: at most one U per round.  A warning, not an error: the file still means
    something (round-robin rest rounds are sometimes written U), but no Swiss pairing program
    would have produced it.  Team events write U on every board of the team with the bye."""
    if t.is_team_event:
        return []
    out = []
    for r in range(1, t.round_columns + 1):
        pabs = [b for b in t.byes(r) if b.kind is Result.PAIRING_ALLOCATED_BYE]
        if len(pabs) > 1:
            names = ", ".join(str(b.player) for b in pabs)
            second = t.player(pabs[1].player)
            out.append(Diagnostic(Severity.WARNING, "multiple-pab",
                                  f"round {r} has {len(pabs)} pairing-allocated byes (players {names}); at most one is allowed",
                                  second.line, _block_column(r) + 7))
    return out


def _check_round_count(t: Tournament) -> list[Diagnostic]:
    out = []
    counts = [r for r in t.records if isinstance(r, RoundCount)]
    if len({c.rounds for c in counts}) > 1:
        c = counts[1]
        out.append(Diagnostic(Severity.WARNING, "duplicate-record",
                              f"{c.code} says {c.rounds} rounds, but line {counts[0].line} says {counts[0].rounds}", c.line, 5))
    total = t.total_rounds
    if total is None:
        return out
    for p in t.players:
        extra = [r for r in range(total + 1, len(p.rounds) + 1) if p.rounds[r - 1] is not None]
        if extra:
            out.append(Diagnostic(Severity.ERROR, "round-beyond-total",
                                  f"player {p.start_rank} has an entry for round {extra[0]}, but the tournament has {total} rounds",
                                  p.line, _block_column(extra[0])))
    return out


def _check_points(t: Tournament) -> list[Diagnostic]:
    """Listed points must equal the results (TRF-16 columns 81-84).  Like the engines we accept
    them with or without the points of byes already declared for rounds not yet paired (the
    JaVaFo convention adds them).  Team events list informative points only (TRF-2026 4.3)."""
    if t.is_team_event:
        return []
    out = []
    paired = t.rounds_paired
    for p in t.players:
        if p.points is None or p.start_rank not in t.player_by_rank or t.player(p.start_rank) is not p:
            continue
        played = t.score(p.start_rank, through=paired)
        if p.points == played or (len(p.rounds) > paired and p.points == t.score(p.start_rank)):
            continue
        diff = p.points - played
        sign = "+" if diff > 0 else "-"
        out.append(Diagnostic(Severity.WARNING, "points-mismatch",
                              f"player {p.start_rank} lists {fmt_points(p.points)} points, the results give "
                              f"{fmt_points(played)} (difference {sign}{fmt_points(abs(diff))})", p.line, 81))
    return out


def _check_records(t: Tournament) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    ranks = t.player_by_rank
    total = t.total_rounds
    if t.is_team_event:
        return out  # 240/250/260 name team pairing numbers there, not players

    def unknown(ids: tuple[int, ...], rec: Record, what: str) -> None:
        bad = [i for i in ids if i not in ranks]
        if bad:
            out.append(Diagnostic(Severity.ERROR, "bad-record",
                                  f"{what} names start rank {', '.join(map(str, bad))}, which no player has", rec.line, 1))

    for rec in t.records:
        if isinstance(rec, ByeRecord):
            unknown(rec.players, rec, "240")
            if rec.round <= t.rounds_paired:
                for pid in rec.players:
                    if pid not in ranks:
                        continue
                    e = ranks[pid].entry(rec.round)
                    if e is not None and e.opponent is None and e.code is not None and e.code.value == rec.kind:
                        continue
                    got = "a blank block" if e is None else (f"a game against {e.opponent}" if e.opponent else f"code {e.code.value if e.code else '?'}")
                    out.append(Diagnostic(Severity.WARNING, "bad-record",
                                          f"240 gives player {pid} a {rec.kind} bye in round {rec.round}, but the player line shows {got}",
                                          rec.line, 1))
        elif isinstance(rec, AccelerationRange):
            if rec.first_round > rec.last_round or rec.first_player > rec.last_player:
                out.append(Diagnostic(Severity.ERROR, "bad-record", "250 ranges must run from first to last", rec.line, 15))
            if not rec.game_points and not rec.match_points:
                out.append(Diagnostic(Severity.WARNING, "bad-record", "250 gives no points", rec.line, 10))
        elif isinstance(rec, PlayerAcceleration):
            unknown((rec.player,), rec, "XXA")
            if total is not None and len(rec.points) > total:
                out.append(Diagnostic(Severity.WARNING, "bad-record",
                                      f"XXA lists {len(rec.points)} rounds, the tournament has {total}", rec.line, 1))
        elif isinstance(rec, ForbiddenPairs):
            if len(rec.players) < 2:
                out.append(Diagnostic(Severity.ERROR, "bad-record", f"{rec.code} needs at least two start ranks", rec.line, 1))
            unknown(rec.players, rec, rec.code)
            if rec.first_round is not None and rec.last_round is not None and rec.first_round > rec.last_round:
                out.append(Diagnostic(Severity.ERROR, "bad-record", "260 first round is after its last round", rec.line, 5))
            if rec.first_round == 0 or rec.last_round == 0:
                out.append(Diagnostic(Severity.WARNING, "bad-record", "260 rounds start at 1; round 0 bans nothing", rec.line, 5))
    return out
