"""Semantic validation of a tournament: what the layout alone cannot tell.

The checks are those a pairing engine makes before it trusts a file (bbpPairings rejects
a file failing most of them) and those TRF-16/TRF-2026 state: each game mirrored on the
opponent's line with the opposite colour and a complementary result (TRF-16 2.4), listed
points equal to the results (TRF-16 2.2, columns 81-84), at most one PAB per round
(TRF-2026 4.8), bye codes without opponents, rounds within the declared number.
"""

from __future__ import annotations

import re
from fractions import Fraction

from trf.dates import BIRTH_DATE_FORMS, DATE_FORM, birth_date_fault, date_fault, looks_like_date, parse_date, two_digit_year
from trf.diagnostics import Diagnostic, Severity
from trf.limits import MAX_ROUNDS
from trf.model import (
    AbnormalPoints, AbsentRecord, AccelerationRange, ByeRecord, Colour, ForbiddenPairs, Header, Player, PlayerAcceleration,
    Record, Result, RoundCount, RoundEntry, ScoringRecord, Tournament,
)


def _block_column(round_number: int) -> int:
    """First column of round ``round_number``'s opponent field (TRF-16: 92 + 10(r-1))."""
    return 92 + 10 * (round_number - 1)


def validate(t: Tournament) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    out += _check_start_ranks(t)
    out += _check_round_entries(t)
    out += _check_empty_rounds(t)
    out += _check_pabs(t)
    out += _check_round_count(t)
    out += _check_points(t)
    out += _check_records(t)
    out += _check_abnormal(t)
    out += _check_scoring(t)
    out += _check_dates(t)
    out += _check_teams(t)
    out += _check_matches(t)
    return out


def _check_matches(t: Tournament) -> list[Diagnostic]:
    """A file of two-game matches (C.04.5): its pairs of columns (:mod:`trf.matches`, loaded for
    such a file only)."""
    from trf.system import writes_matches

    if not writes_matches(t):
        return []
    from trf.matches import match_diagnostics

    return match_diagnostics(t)


def _check_teams(t: Tournament) -> list[Diagnostic]:
    """A team event's records read for their meaning (:func:`trf.teams.read_team_event`): teams,
    line-ups, PABs, forfeited matches, and the matches the players' lines make."""
    if not t.is_team_event:
        return []
    from trf.teams import read_team_event

    return read_team_event(t)[1]


def _check_dates(t: Tournament) -> list[Diagnostic]:
    """Every date field (docs/trf.md, "Dates"):

    * ``042``/``052`` and each field of ``132`` must be a date (:mod:`trf.dates`).  One written
      as a date that the calendar does not have (``2026/13/45``) is an error: the start date
      chooses the rules' edition (C.04.3 2017 or 2026, the C.07 tie-break rules, the B.02 rating
      rules), and a wrong one must not be replaced by a guess.  Text in another notation
      (lichess writes ``May 29, 2020``) is a warning: the file is otherwise read, the commands
      that choose rules by the date say they had none.
    * A start or end date with a two-digit year is read ``YY/MM/DD``, which its writer may not
      have meant: a warning saying how it was read.
    * ``052`` before ``042``: a warning.
    * A birth date (``001`` columns 70-79) that is no date in a form allowed there (a year alone
      and ``00`` for an unknown month or day are): a warning, as TRF-16 marks the field
      "warning if wrong".
    """
    out = []
    for rec in t.records:
        if not isinstance(rec, Header) or rec.code not in ("042", "052", "132"):
            continue
        if rec.code == "132":
            for m in re.finditer(r"\S+", rec.value):
                fault = date_fault(m.group())
                if fault is not None:
                    out.append(_date_diagnostic(rec, m.group(), fault, 5 + m.start(), "YY/MM/DD (or YYYY/MM/DD)"))
            continue
        fault = date_fault(rec.text)
        column = 5 + len(rec.value) - len(rec.value.lstrip())
        if fault is not None:
            out.append(_date_diagnostic(rec, rec.text, fault, column, DATE_FORM))
        elif two_digit_year(rec.text):
            read = parse_date(rec.text)
            how = f"read as {read.isoformat()} (YY/MM/DD, the TRF form)" if read else "not a date as YY/MM/DD"
            out.append(Diagnostic(Severity.WARNING, "ambiguous-date",
                                  f"{rec.code} {rec.text!r} has a two-digit year: {how}; write YYYY/MM/DD",
                                  rec.line, column))
    start, end = t.start_date, t.end_date
    if start is not None and end is not None and end < start:
        line = next(r.line for r in t.records if isinstance(r, Header) and r.code == "052")
        out.append(Diagnostic(Severity.WARNING, "bad-date",
                              f"052: the end date {end.isoformat()} is before the start date {start.isoformat()} (042)",
                              line, 5))
    for p in t.players:
        if p.birth_date:
            fault = birth_date_fault(p.birth_date)
            if fault is not None:
                what = f"is no date: {fault}" if looks_like_date(p.birth_date) else "is not in a date form TRF uses"
                out.append(Diagnostic(Severity.WARNING, "bad-date",
                                      f"player {p.start_rank}: birth date {p.birth_date!r} {what}; "
                                      f"expected {BIRTH_DATE_FORMS} in columns 70-79", p.line, 70))
    return out


def _date_diagnostic(rec: Header, text: str, fault: str, column: int, form: str) -> Diagnostic:
    """A 042/052/132 field that is no date: an error when written as a date (numbers and
    separators), a warning for text in another notation."""
    shaped = looks_like_date(text)
    what = {"042": "start date", "052": "end date", "132": "round date"}[rec.code]
    why = f"is no date: {fault}" if shaped else "is not in a date form TRF uses"
    consequence = " (the rules' edition is chosen by the start date)" if rec.code == "042" else ""
    return Diagnostic(Severity.ERROR if shaped else Severity.WARNING, "bad-date",
                      f"{rec.code}: {what} {text!r} {why}; expected {form}{consequence}", rec.line, column)


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
    """Every round block against its opponent's (TRF-16 2.4).  One pass over the blocks with
    the opponent's line looked up by start rank.  A 9,999-player, 99-round file has a million
    blocks, so a block is first compared by its :attr:`~trf.model.RoundEntry.state` (colour
    and result codes) with the states a game allows; only a block that fails is examined in
    full, by :func:`_entry_findings`."""
    out: list[Diagnostic] = []
    rounds_of = {rank: p.rounds for rank, p in t.player_by_rank.items()}
    alone_bad, no_opponent_bad, pairs = _ALONE_BAD, _NO_OPPONENT_BAD, _GOOD_PAIRS
    for p in t.players:
        me = p.start_rank
        for r, e in enumerate(p.rounds, start=1):
            if e is None:
                continue
            opp = e.opponent
            if opp is None:
                if e.state in no_opponent_bad:
                    out += _entry_findings(p, r, e, rounds_of)
                continue
            theirs = rounds_of.get(opp)
            oe = theirs[r - 1] if theirs is not None and r <= len(theirs) else None
            if (oe is None or oe.opponent != me or opp == me or e.state in alone_bad
                    or (me < opp and oe.state not in pairs[e.state])):
                out += _entry_findings(p, r, e, rounds_of)
    return out


def _entry_findings(p: Player, r: int, e: RoundEntry, rounds_of: dict[int, tuple[RoundEntry | None, ...]]) -> list[Diagnostic]:
    """What is wrong with player ``p``'s block ``e`` of round ``r`` (possibly nothing: the
    opponent's side of a game is reported from the lower start rank)."""
    out = []
    me, opp, result, colour = p.start_rank, e.opponent, e.result, e.colour
    value = result._value_ if result is not None else None
    if opp is None:
        if value is not None and value in _PLAYED:
            out.append(_entry_error(p, r, "game-without-colour", f"result {value!r} needs an opponent"
                                    + (_ADJOURNED_ALONE if value == _ADJOURNED else ""), 7))
        return out
    if value is not None and value in _BYES:
        return [_entry_error(p, r, "bye-with-opponent", f"bye code {value!r} is written with opponent {opp}", 7)]
    if opp == me:
        return [_entry_error(p, r, "self-opponent", "paired against themself")]
    theirs = rounds_of.get(opp)
    if theirs is None:
        return [_entry_error(p, r, "unknown-opponent", f"opponent {opp} is not in the player list")]
    if value is not None and value in _PLAYED and colour is Colour.NONE:
        out.append(_entry_error(p, r, "game-without-colour", f"game against {opp} has no colour (w or b)", 5))
    oe = theirs[r - 1] if r <= len(theirs) else None
    if oe is None or oe.opponent != me:
        found = "nothing" if oe is None else (f"opponent {oe.opponent}" if oe.opponent else "no opponent")
        out.append(_entry_error(p, r, "not-mirrored", f"plays {opp}, but player {opp}'s line shows {found} in that round"))
        return out
    if me > opp:
        return out  # each mirrored pair is checked once, from its lower start rank
    if (colour is not Colour.NONE or oe.colour is not Colour.NONE) and oe.colour is not colour.opposite:
        out.append(_entry_error(p, r, "colour-mismatch", f"colour {colour.value!r} against {opp}, who has {oe.colour.value!r}", 5))
    other = oe.result._value_ if oe.result is not None else None
    if (value is None) != (other is None) or (value is not None and other not in _COMPLEMENT[value]):
        forfeit = "; a forfeited game is + against -, - against +, or - against - (VCL.14)" if {value, other} & _FORFEITS else ""
        out.append(_entry_error(p, r, "result-mismatch",
                                f"result {value or 'blank'!r} against {opp}, whose line has {other or 'blank'!r}{forfeit}"
                                + (_ADJOURNED_BOTH if _ADJOURNED in (value, other) else ""), 7))
    return out


_PLAYED = frozenset(r.value for r in Result if r.is_played)
_FORFEITS = frozenset({Result.FORFEIT_WIN.value, Result.FORFEIT_LOSS.value})
_ADJOURNED = Result.ADJOURNED.value
_ADJOURNED_ALONE = " (an adjourned game is one of a round already paired, against the opponent of that pairing)"
_ADJOURNED_BOTH = " (an adjourned game is written '?' on both players' lines until its result is entered)"
_BYES = frozenset(r.value for r in Result if r.is_bye)
_COMPLEMENT = {r.value: frozenset(c.value for c in r.complement) for r in Result}


def _states() -> tuple[frozenset[str], frozenset[str], dict[str, frozenset[str]]]:
    """The block states (:attr:`RoundEntry.state`) that are wrong with an opponent, wrong
    without one, and for each state the opponent's states that complete a game with it: the
    opposite colour (``-`` against ``-``) and a complementary result (blank against blank).
    Built from each state's partners, not by trying every pair: every run of the reader makes it."""
    codes = [" "] + [r.value for r in Result]
    none = Colour.NONE.value
    colours = [c.value for c in Colour]
    states = [c + v for c in colours for v in codes]
    alone_bad = frozenset(s for s in states if s[1] in _BYES or (s[1] in _PLAYED and s[0] == none))
    no_opponent_bad = frozenset(s for s in states if s[1] in _PLAYED)
    opposite = {c.value: c.opposite.value for c in Colour}
    pairs = {}
    for s in states:
        mine = s[1]
        theirs = " " if mine == " " else "".join(sorted(_COMPLEMENT[mine]))
        pairs[s] = frozenset(opposite[s[0]] + v for v in theirs)
    return alone_bad, no_opponent_bad, pairs


_ALONE_BAD, _NO_OPPONENT_BAD, _GOOD_PAIRS = _states()


def _entry_error(p: Player, r: int, code: str, message: str, offset: int = 0) -> Diagnostic:
    return Diagnostic(Severity.ERROR, code, f"player {p.start_rank}, round {r}: {message}", p.line,
                      _block_column(r) + offset)


def _check_empty_rounds(t: Tournament) -> list[Diagnostic]:
    """A round before the last one paired in which nobody has a game, a pairing-allocated bye or
    a bye with points: every block blank or an absence (``Z``, a blank result, ``-`` without
    opponent).  An error (docs/trf.md, "A round nobody played"): no event holds a round without
    a single game between rounds that were played, so the file has lost or shifted a column, and
    its scores and colour histories are wrong.  Team events are left out (their player lines are
    informative, TRF-2026 4.3)."""
    if t.is_team_event:
        return []
    last = t.rounds_paired
    if last < 2 or not t.players:
        return []
    used = [False] * (last + 1)
    unseen = last - 1  # rounds 1 .. last-1 not yet seen played: usually the first lines see them all
    for p in t.players:
        for r, e in enumerate(p.rounds[:last - 1], start=1):
            if e is not None and not used[r] and (e.opponent is not None or e.code in _BYE_WITH_POINTS):
                used[r] = True
                unseen -= 1
        if not unseen:
            return []
    empty = [r for r in range(1, last) if not used[r]]
    first = min(t.players, key=lambda p: p.line)
    return [Diagnostic(Severity.ERROR, "empty-round",
                       f"round {r} has no game and no bye for anybody (every block is blank or an absence), but round "
                       f"{last} is paired: a round nobody played cannot come between played rounds (a lost or shifted "
                       "column?)", first.line, _block_column(r))
            for r in empty]


_BYE_WITH_POINTS = frozenset({Result.PAIRING_ALLOCATED_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE,
                              Result.FORFEIT_WIN})


def _check_pabs(t: Tournament) -> list[Diagnostic]:
    """TRF-2026 4.8: at most one U per round.  A warning, not an error: the file still means
    something (round-robin rest rounds are sometimes written U), but no Swiss pairing program
    would have produced it.  Team events write U on every board of the team with the bye."""
    if t.is_team_event:
        return []
    pabs: dict[int, list[int]] = {}
    pab = Result.PAIRING_ALLOCATED_BYE
    for p in sorted(t.players, key=lambda q: q.start_rank):
        for r, e in enumerate(p.rounds, start=1):
            if e is not None and e.result is pab and e.opponent is None:
                pabs.setdefault(r, []).append(p.start_rank)
    out = []
    for r, who in sorted(pabs.items()):
        if len(who) > 1:
            names = ", ".join(map(str, who))
            second = t.player(who[1])
            out.append(Diagnostic(Severity.WARNING, "multiple-pab",
                                  f"round {r} has {len(who)} pairing-allocated byes (players {names}); at most one is allowed",
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
    """Listed points must equal the results (TRF-16 columns 81-84), with the ``299`` records that
    count for pairing (:meth:`Tournament.score`).  Like the engines we accept them with or without
    the points of byes already declared for rounds not yet paired (the JaVaFo convention adds
    them), and with or without the final adjustments of ``299`` round 999 (the final standings'
    points).  Team events list informative points only (TRF-2026 4.3)."""
    if t.is_team_event:
        return []
    out = []
    paired = t.rounds_paired
    scoring = None if t.abnormal_points else t.scoring  # without 299, a score is its blocks' points
    over = scoring.denominator if scoring is not None else 1
    for p in t.players:
        if p.points is None or p.start_rank not in t.player_by_rank or t.player(p.start_rank) is not p:
            continue
        if scoring is not None:  # the test below in integers over one denominator: no Fraction made
            sums, n, d = scoring.running_totals(p.rounds), p.points.numerator, p.points.denominator
            if n * over == sums[min(paired, len(p.rounds))] * d or (len(p.rounds) > paired and n * over == sums[-1] * d):
                continue
        played = t.score(p.start_rank, through=paired)
        if p.points == played or (len(p.rounds) > paired and p.points == t.score(p.start_rank)):
            continue
        final = t.final_adjustment(p.start_rank)  # 299 round 999: the final standings' points
        if final and p.points - final in (played, t.score(p.start_rank)):
            continue
        diff = p.points - played
        sign = "+" if diff > 0 else "-"
        from trf.writer import fmt_points  # here: a file whose points agree does not load the writer
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

    declared: dict[tuple[int, int], ByeRecord] = {}  # (round, start rank) -> the first 240 naming them
    for rec in t.records:
        if isinstance(rec, AbsentRecord):
            unknown(rec.players, rec, "XXZ")
            nxt = t.rounds_paired + 1
            if nxt > MAX_ROUNDS or (total is not None and nxt > total):
                out.append(Diagnostic(Severity.WARNING, "bad-record",
                                      f"XXZ declares absences for round {nxt}, which the event does not have "
                                      f"({'every round is paired' if nxt <= MAX_ROUNDS else f'TRF allows {MAX_ROUNDS} rounds'}): "
                                      "it declares nothing", rec.line, 1))
        elif isinstance(rec, ByeRecord):
            unknown(rec.players, rec, "240")
            for pid in rec.players:
                earlier = declared.setdefault((rec.round, pid), rec)
                if earlier is not rec and earlier.kind != rec.kind:
                    out.append(Diagnostic(Severity.WARNING, "bad-record",
                                          f"240 gives player {pid} a {rec.kind} bye in round {rec.round}, but line "
                                          f"{earlier.line} gives them a {earlier.kind} bye (the first is read)", rec.line, 5))
            if total is not None and rec.round > total:
                out.append(Diagnostic(Severity.ERROR, "bad-record",
                                      f"240 gives byes in round {rec.round}, but the tournament has {total} rounds",
                                      rec.line, 7))
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


def _check_abnormal(t: Tournament) -> list[Diagnostic]:
    """TRF-2026 ``299`` records (:mod:`trf.abnormal`; docs/trf.md "Record 299").  Errors: a record
    without points (columns 14-17), of no form the text gives a meaning (a type with a round but
    no ids, with ids but no round, or with round 999), naming a round the tournament does not
    have or a start rank no player has.  Warnings: a second value for a result type, a second
    assignment to a player's round (the first is read), a record in a team event (not applied)."""
    from trf.abnormal import ASSIGNMENT, FINAL_ROUND, VALUE, form

    recs = [r for r in t.records if isinstance(r, AbnormalPoints)]
    if not recs:
        return []
    if t.is_team_event:
        return [Diagnostic(Severity.WARNING, "bad-record",
                           "299 in a team event is not applied: team scores and standings leave it out", r.line, 1)
                for r in recs]
    out = []
    ranks = t.player_by_rank
    limit, where = (t.total_rounds, "the tournament has") if t.total_rounds is not None else (t.round_columns, "the player lines hold")
    values: dict[str, int] = {}
    assigned: dict[tuple[int, int], int] = {}

    def error(rec: AbnormalPoints, message: str, column: int) -> None:
        out.append(Diagnostic(Severity.ERROR, "bad-record", message, rec.line, column))

    for rec in recs:
        head = f"299 {rec.kind}" if rec.kind else "299 (penalty or bonus)"
        kind = form(rec)
        if rec.points is None:
            error(rec, f"{head}: the points (columns 14-17) are missing; match points (columns 8-11) are for team events",
                  14)
        if kind is None:
            if rec.round == FINAL_ROUND:
                error(rec, f"{head}: round {FINAL_ROUND} (the final standings) takes a penalty or bonus (a blank type), "
                           "not a result", rec.round_column)
            elif rec.players:
                error(rec, f"{head} names players but no round (columns 20-22): a result is assigned to a round; "
                           "a type without round and ids is that result's value for everybody", rec.round_column)
            else:
                error(rec, f"{head} names round {rec.round} but no player (from column 24): a result is assigned to "
                           "players; a type without round and ids is that result's value for everybody", 24)
        if rec.round is not None and 0 < rec.round < FINAL_ROUND and rec.round > limit:
            error(rec, f"{head} names round {rec.round}, but {where} {limit} rounds", rec.round_column)
        for i, pid in enumerate(rec.players):
            if pid not in ranks:
                column = rec.player_columns[i] if i < len(rec.player_columns) else 24
                error(rec, f"{head} names start rank {pid}, which no player has", column)
        if kind == VALUE and rec.points is not None:
            first = values.setdefault(rec.kind, rec.line)
            if first != rec.line:
                out.append(Diagnostic(Severity.WARNING, "bad-record",
                                      f"{head} gives the value of a result type again (line {first} gave it first; "
                                      "the first is read)", rec.line, 5))
        elif kind == ASSIGNMENT and rec.round is not None:
            for pid in rec.players:
                first = assigned.setdefault((pid, rec.round), rec.line)
                if first != rec.line:
                    out.append(Diagnostic(Severity.WARNING, "bad-record",
                                          f"{head} assigns player {pid}'s round {rec.round} again (line {first} "
                                          "assigned it first; the first is read)", rec.line, 5))
    return out


def _check_scoring(t: Tournament) -> list[Diagnostic]:
    """TRF-2026 ``162`` values no game can produce (the draft FIDE checklist for tournament
    programs, Q71-Q85: such values are flagged): a negative value, a loss worth more than a draw
    or a draw more than a win, two draws worth more than a win and a loss (2D > W + L), a PAB
    worth more than a win (P > W).  Each an error at the symbol it names, the value a later 162
    line gives overriding an earlier one as on reading (:func:`trf.scoring.scoring_from_records`)."""
    recs = [r for r in t.records if isinstance(r, ScoringRecord) and r.code == "162"]
    if not recs:
        return []
    from trf.writer import fmt_points  # here: a file without 162 does not load the writer
    given: dict[str, tuple[Fraction, int, int]] = {}  # symbol -> (value, line, column) as last written
    out = []
    for rec in recs:
        for i, (sym, value) in enumerate(rec.values):
            column = rec.columns[i] if i < len(rec.columns) else 5
            given[sym] = (value, rec.line, column)
            if value < 0:
                out.append(Diagnostic(Severity.ERROR, "bad-record",
                                      f"162 {sym} {fmt_points(value)}: a result is not worth negative points",
                                      rec.line, column))

    sc = t.scoring  # the 162 lines over the defaults (162 takes precedence over XXS and BB?)
    values = {"W": sc.win_white, "D": sc.draw_white, "L": sc.loss_white, "P": sc.pab_value}

    def val(sym: str) -> Fraction:
        return values[sym]

    def shown(sym: str) -> str:
        return f"{sym} {fmt_points(val(sym))}" + ("" if sym in given else " (default)")

    def flag(symbols: tuple[str, ...], message: str) -> None:
        at = next((given[s] for s in symbols if s in given), None)
        if at is not None:
            out.append(Diagnostic(Severity.ERROR, "bad-record", f"162: {message}; no game gives such values",
                                  at[1], at[2]))

    w, d, l = val("W"), val("D"), val("L")
    if l > d:
        flag(("L", "D"), f"a loss ({shown('L')}) is worth more than a draw ({shown('D')})")
    if d > w:
        flag(("D", "W"), f"a draw ({shown('D')}) is worth more than a win ({shown('W')})")
    if 2 * d > w + l:
        flag(("D", "W", "L"), f"two draws ({shown('D')} each) are worth more than a win and a loss "
                              f"({shown('W')} + {shown('L')})")
    if "P" in given and val("P") > w:
        flag(("P", "W"), f"a pairing-allocated bye ({shown('P')}) is worth more than a win ({shown('W')})")
    return out
