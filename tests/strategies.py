"""Hypothesis strategies for random but *valid* TRF tournaments.

``tournaments()`` builds a :class:`trf.Tournament` that the reader must accept without an
error or a warning and write back byte for byte:

* N players (1..40) with start ranks 1..N (listed in start-rank order or shuffled), ASCII
  names, ratings, federations, FIDE ids, birth dates, sex and title;
* R rounds (0..12).  Each round some players are not paired (``0000 - H/F/Z``, or a blank
  block, which TRF-16 reads as ``Z``), the others are shuffled and paired two by two with
  mirrored colours and complementary results (1/0, 0/1, =/=, W/L, L/W, D/D, +/-, -/+, -/-);
  the odd one out gets the pairing-allocated bye ``0000 - U``.  The games of the last round
  may still be pending (blank result on both sides);
* points are the score the tournament's own scoring system gives (``Tournament.score``), the
  rank is some number 1..N;
* header records (012, 022, 032, 042, 052 on or after 042, 062, 072, 092, 102, 122, 132 with a date
  per round, ...), optionally the number of rounds (``142`` or ``XXR``, never contradicting each
  other), the initial colour (``152`` or ``XXC``), a scoring line (``162``, ``XXS`` or ``BB?``),
  forbidden pairs and ``###`` comments (TRF-2026);
* line ending ``\\n``, ``\\r\\n`` or ``\\r``, with or without a final line ending.

``tournaments(dialect="trf16")`` and ``tournaments(dialect="trf26")`` write one dialect only, with
what conversion has to carry over: the number of rounds (``XXR``/``142``), the initial colour
(``XXC``, with or without ``rank``/``152``), the scoring (``XXS`` or ``BB?``/``162``), forbidden
pairs (``XXP``/``260``), byes declared for rounds not yet paired (``0000 - Z/H/F`` in the next
round's column and ``XXZ``/``240``, also ``240`` for a round played, as the player lines show it),
acceleration (``XXA`` per player/``250`` over start-rank ranges, which may run past the last
player) and ``###`` comments (TRF-2026).  Listed points include the next-round byes in TRF-16
(the JaVaFo convention) and leave them out in TRF-2026.
"""

from __future__ import annotations

import string
from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction

from hypothesis import strategies as st

from trf import (
    AbsentRecord, AccelerationRange, ByeRecord, Colour, Comment, ForbiddenPairs, Header, InitialColour, Player,
    PlayerAcceleration, Result, RoundCount, RoundEntry, ScoringRecord, Tournament,
)

R = Result

# The two sides of a game: (first player's code, second player's code), TRF-16 2.4.
GAME_RESULTS: tuple[tuple[Result, Result], ...] = (
    (R.WIN, R.LOSS), (R.LOSS, R.WIN), (R.DRAW, R.DRAW),
    (R.WIN_UNRATED, R.LOSS_UNRATED), (R.LOSS_UNRATED, R.WIN_UNRATED), (R.DRAW_UNRATED, R.DRAW_UNRATED),
    (R.FORFEIT_WIN, R.FORFEIT_LOSS), (R.FORFEIT_LOSS, R.FORFEIT_WIN), (R.FORFEIT_LOSS, R.FORFEIT_LOSS),
)
# Codes of a player who was not paired in a round; None is a blank block (read as Z).
NOT_PAIRED = (R.HALF_POINT_BYE, R.FULL_POINT_BYE, R.ZERO_POINT_BYE, None)

TITLES = ("", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))  # printable ASCII, space included
HEADER_CODES = ("012", "022", "032", "042", "052", "092", "102", "112", "122", "132",
                "182", "192", "202", "212", "222")

MAX_PLAYERS = 40
MAX_ROUNDS = 12


def ascii_text(max_size: int, min_size: int = 0) -> st.SearchStrategy[str]:
    """Printable ASCII without leading or trailing blanks (the reader strips text fields)."""
    return st.text(alphabet=PRINTABLE, min_size=min_size, max_size=max_size).map(str.strip)


names = ascii_text(33)
ratings = st.none() | st.integers(1000, 2900)
federations = st.just("") | st.text(alphabet=string.ascii_uppercase, min_size=3, max_size=3)
fide_ids = st.text(alphabet=string.digits, max_size=10)
birth_dates = st.just("") | st.builds(
    lambda y, m, d: f"{y:04d}/{m:02d}/{d:02d}",
    st.integers(1900, 2020), st.integers(1, 12), st.integers(1, 28),
)
dates = st.builds(lambda y, m, d: f"{y:04d}/{m:02d}/{d:02d}",
                  st.integers(1990, 2030), st.integers(1, 12), st.integers(1, 28))
line_endings = st.sampled_from(("\n", "\r\n", "\r"))


@st.composite
def round_pairings(draw, n_players: int, pending: bool) -> dict[int, RoundEntry | None]:
    """One round: start rank -> block.  ``pending``: games may still lack their result."""
    order = draw(st.permutations(range(1, n_players + 1)))
    # Some players are not paired (requested byes, absences), at most about a quarter.
    n_out = draw(st.integers(0, n_players // 4))
    entries: dict[int, RoundEntry | None] = {}
    for pid in order[:n_out]:
        code = draw(st.sampled_from(NOT_PAIRED))
        entries[pid] = None if code is None else RoundEntry(None, Colour.NONE, code)
    paired = order[n_out:]
    if len(paired) % 2:
        entries[paired[-1]] = RoundEntry(None, Colour.NONE, R.PAIRING_ALLOCATED_BYE)
        paired = paired[:-1]
    for a, b in zip(paired[0::2], paired[1::2]):
        a_white = draw(st.booleans())
        if pending and draw(st.booleans()):
            ra = rb = None
        else:
            ra, rb = draw(st.sampled_from(GAME_RESULTS))
        ca = Colour.WHITE if a_white else Colour.BLACK
        entries[a] = RoundEntry(b, ca, ra)
        entries[b] = RoundEntry(a, ca.opposite, rb)
    return entries


@st.composite
def scoring_records(draw) -> list[ScoringRecord]:
    """No scoring line (FIDE 1/0.5/0), or one saying 3/1/0 or 2/1/0 in one of the notations."""
    kind = draw(st.sampled_from(("none", "none", "162", "XXS", "BB")))
    win = Fraction(draw(st.sampled_from((2, 3))))
    draw_value = Fraction(1)
    if kind == "162":
        return [ScoringRecord("162", (("W", win), ("D", draw_value)))]
    if kind == "XXS":
        return [ScoringRecord("XXS", (("W", win), ("D", draw_value)))]
    if kind == "BB":
        return [ScoringRecord("BBW", (("", win),)), ScoringRecord("BBD", (("", draw_value),))]
    return []


DECLARED = (R.ZERO_POINT_BYE, R.HALF_POINT_BYE, R.FULL_POINT_BYE)
ACCELERATION_POINTS = tuple(Fraction(k, 2) for k in (1, 2, 3, 4))


@st.composite
def _next_round_byes(draw, n: int, first: int, last: int) -> dict[int, dict[int, Result]]:
    """Byes declared before rounds ``first..last`` are paired: round -> start rank -> F/H/Z, each
    player at most once a round, some players only."""
    out: dict[int, dict[int, Result]] = {}
    for r in range(first, last + 1):
        who = draw(st.lists(st.integers(1, n), max_size=min(n, 4), unique=True))
        if who:
            out[r] = {pid: draw(st.sampled_from(DECLARED)) for pid in who}
    return out


@st.composite
def _dialect_records(draw, dialect: str, n: int, rounds: int, blocks: dict[int, list[RoundEntry | None]]) -> list:
    """The records of one dialect (module docstring, ``dialect``), after the headers; next-round
    byes of TRF-16 go into ``blocks`` (the JaVaFo convention: ``0000 - Z/H/F`` in that round's
    column)."""
    trf26 = dialect == "trf26"
    extra: list = []
    total = None
    if draw(st.booleans()):
        total = rounds + draw(st.integers(0, 3))
        extra.append(RoundCount(total, "142" if trf26 else "XXR"))
    colour = draw(st.sampled_from((Colour.WHITE, Colour.BLACK, None)))
    if trf26 and colour is not None:
        extra.append(InitialColour(colour, "152"))
    elif not trf26 and (colour is not None or draw(st.booleans())):
        extra.append(InitialColour(colour, "XXC", by_rank=draw(st.booleans())))
    win = Fraction(draw(st.sampled_from((1, 2, 3))))
    if win != 1:
        kind = "162" if trf26 else draw(st.sampled_from(("XXS", "BB")))
        if kind == "162":
            extra.append(ScoringRecord("162", (("W", win), ("D", Fraction(1)))))
        elif kind == "XXS":
            extra.append(ScoringRecord("XXS", (("W", win), ("D", Fraction(1)))))
        else:
            extra += [ScoringRecord("BBW", (("", win),)), ScoringRecord("BBD", (("", Fraction(1)),))]
    # the rounds still to pair: byes declared for them
    last = total if total is not None else min(rounds + 1, 99)
    if rounds < last and draw(st.booleans()):
        declared = draw(_next_round_byes(n, rounds + 1, last if trf26 else rounds + 1))
        if trf26:
            for r, who in sorted(declared.items()):
                for kind in DECLARED:
                    ids = tuple(sorted(pid for pid, k in who.items() if k is kind))
                    if ids:
                        extra.append(ByeRecord(kind.value, r, ids))
        else:
            for who in declared.values():
                for pid, kind in who.items():
                    row = blocks[pid]
                    row.extend([None] * (rounds - len(row)))
                    row.append(RoundEntry(None, Colour.NONE, kind))
            if draw(st.booleans()):
                extra.append(AbsentRecord(tuple(draw(st.lists(st.integers(1, n), min_size=1, max_size=min(n, 3),
                                                                unique=True)))))
    if trf26 and rounds and draw(st.booleans()):  # a 240 for a round played: what the player lines show
        r = draw(st.integers(1, rounds))
        kind = draw(st.sampled_from(DECLARED))
        ids = tuple(pid for pid in range(1, n + 1)
                    if r <= len(blocks[pid]) and blocks[pid][r - 1] == RoundEntry(None, Colour.NONE, kind))
        if ids:
            extra.append(ByeRecord(kind.value, r, ids))
    # acceleration: XXA per player, or 250 over start-rank ranges (which may run past the last player)
    horizon = last
    if horizon >= 1 and draw(st.booleans()):
        if trf26:
            for _ in range(draw(st.integers(1, 3))):
                r1 = draw(st.integers(1, horizon))
                i1 = draw(st.integers(1, n))
                extra.append(AccelerationRange(None, draw(st.sampled_from(ACCELERATION_POINTS)), r1,
                                               draw(st.integers(r1, horizon)), i1, draw(st.integers(i1, n + 3))))
        else:
            for pid in draw(st.lists(st.integers(1, n), min_size=1, max_size=min(n, 4), unique=True)):
                extra.append(PlayerAcceleration(pid, tuple(
                    draw(st.sampled_from((Fraction(0),) + ACCELERATION_POINTS)) for _ in range(draw(st.integers(1, horizon))))))
    if n >= 2 and draw(st.booleans()):
        ids = tuple(draw(st.lists(st.integers(1, n), min_size=2, max_size=min(n, 4), unique=True)))
        if not trf26:
            extra.append(ForbiddenPairs(ids, None, None, "XXP"))
        else:
            first = draw(st.integers(1, 20))
            extra.append(ForbiddenPairs(ids, first, first + draw(st.integers(0, 20)), "260"))
    if trf26 and draw(st.booleans()):
        extra.insert(0, Comment("###" + draw(st.text(alphabet=PRINTABLE, max_size=40))))
    return extra


@st.composite
def tournaments(draw, min_players: int = 1, max_players: int = MAX_PLAYERS,
                min_rounds: int = 0, max_rounds: int = MAX_ROUNDS, dialect: str | None = None) -> Tournament:
    """A random valid tournament (see the module docstring); ``dialect`` ``"trf16"`` or
    ``"trf26"``: only that dialect's records, with next-round byes and acceleration."""
    n = draw(st.integers(min_players, max_players))
    rounds = draw(st.integers(min_rounds, max_rounds))
    pending_last = draw(st.booleans())

    # ---- round blocks, per player
    blocks: dict[int, list[RoundEntry | None]] = {pid: [] for pid in range(1, n + 1)}
    for r in range(1, rounds + 1):
        pairing = draw(round_pairings(n, pending=pending_last and r == rounds))
        for pid in blocks:
            blocks[pid].append(pairing[pid])
    dialect_records = draw(_dialect_records(dialect, n, rounds, blocks)) if dialect is not None else []
    for pid, row in blocks.items():  # a line ends after its last non-blank block
        while row and row[-1] is None:
            row.pop()

    # ---- players (points filled in below, once the scoring system is known)
    players = []
    for pid in range(1, n + 1):
        players.append(Player(
            start_rank=pid,
            sex=draw(st.sampled_from(("", "m", "w"))),
            title=draw(st.sampled_from(TITLES)),
            name=draw(names),
            rating=draw(ratings),
            federation=draw(federations),
            fide_id=draw(fide_ids),
            birth_date=draw(birth_dates),
            points=None,
            rank=draw(st.integers(1, n)),
            rounds=tuple(blocks[pid]),
        ))
    if draw(st.booleans()):
        players = draw(st.permutations(players))

    # ---- headers and other records
    headers: list = [Header("012", draw(ascii_text(60, min_size=1)))]
    headers.append(Header("022", draw(ascii_text(30))))
    headers.append(Header("032", draw(federations)))
    start = draw(dates)
    headers.append(Header("042", start))
    end = date.fromisoformat(start.replace("/", "-")) + timedelta(days=draw(st.integers(0, 30)))
    headers.append(Header("052", f"{end:%Y/%m/%d}"))  # the end date is never before the start date
    headers.append(Header("062", str(n)))
    headers.append(Header("072", str(sum(1 for p in players if p.rating))))
    for code in draw(st.lists(st.sampled_from(HEADER_CODES[5:]), max_size=4, unique=True)):
        if code == "132":  # the round dates, YY/MM/DD in round r's columns 92+10(r-1) (TRF-16 132)
            days = [date.fromisoformat(start.replace("/", "-")) + timedelta(days=r) for r in range(rounds)]
            headers.append(Header(code, (" " * 87 + "".join(f"{d:%y/%m/%d}  " for d in days)).rstrip()))
        else:
            headers.append(Header(code, draw(ascii_text(50))))

    extra: list = dialect_records
    count_codes = () if dialect else draw(st.sampled_from(((), ("142",), ("XXR",), ("142", "XXR"))))
    if count_codes:
        # a tournament may be reported before its last round is paired
        total = rounds + draw(st.integers(0, 3))
        extra += [RoundCount(total, code) for code in count_codes]
    colour_kind = "none" if dialect else draw(st.sampled_from(("none", "152", "XXC")))
    if colour_kind == "152":
        extra.append(InitialColour(draw(st.sampled_from((Colour.WHITE, Colour.BLACK))), "152"))
    elif colour_kind == "XXC":
        extra.append(InitialColour(draw(st.sampled_from((Colour.WHITE, Colour.BLACK, None))), "XXC",
                                   by_rank=draw(st.booleans())))
    if dialect is None:
        extra += draw(scoring_records())
    if dialect is None and n >= 2 and draw(st.booleans()):
        ids = tuple(draw(st.lists(st.integers(1, n), min_size=2, max_size=min(n, 4), unique=True)))
        if draw(st.booleans()):
            extra.append(ForbiddenPairs(ids, None, None, "XXP"))
        else:
            first = draw(st.integers(1, 20))
            extra.append(ForbiddenPairs(ids, first, first + draw(st.integers(0, 20)), "260"))
    if dialect is None and draw(st.booleans()):
        extra.insert(0, Comment("###" + draw(st.text(alphabet=PRINTABLE, max_size=40))))

    records = tuple(headers + extra + players)
    line_ending = draw(line_endings)
    final_newline = draw(st.booleans())

    # ---- points: the score under the tournament's scoring, PAB and bye points included
    skeleton = Tournament(records, line_ending, final_newline)
    scored = tuple(
        replace(rec, points=skeleton.score(rec.start_rank)) if isinstance(rec, Player) else rec
        for rec in records
    )
    return Tournament(scored, line_ending, final_newline)
