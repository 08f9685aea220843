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
* header records (012, 022, 032, 042, 052, 062, 072, 092, 102, 122, ...), optionally the number
  of rounds (``142`` or ``XXR``, never contradicting each other), the initial colour (``152`` or
  ``XXC``), a scoring line (``162``, ``XXS`` or ``BB?``), forbidden pairs and ``###`` comments
  (TRF-2026);
* line ending ``\\n``, ``\\r\\n`` or ``\\r``, with or without a final line ending.
"""

from __future__ import annotations

import string
from dataclasses import replace
from fractions import Fraction

from hypothesis import strategies as st

from trf import (
    Colour, Comment, ForbiddenPairs, Header, InitialColour, Player, Result, RoundCount, RoundEntry,
    ScoringRecord, Tournament,
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


@st.composite
def tournaments(draw, min_players: int = 1, max_players: int = MAX_PLAYERS,
                min_rounds: int = 0, max_rounds: int = MAX_ROUNDS) -> Tournament:
    """A random valid tournament (see the module docstring)."""
    n = draw(st.integers(min_players, max_players))
    rounds = draw(st.integers(min_rounds, max_rounds))
    pending_last = draw(st.booleans())

    # ---- round blocks, per player
    blocks: dict[int, list[RoundEntry | None]] = {pid: [] for pid in range(1, n + 1)}
    for r in range(1, rounds + 1):
        pairing = draw(round_pairings(n, pending=pending_last and r == rounds))
        for pid in blocks:
            blocks[pid].append(pairing[pid])
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
    headers.append(Header("042", draw(dates)))
    headers.append(Header("052", draw(dates)))
    headers.append(Header("062", str(n)))
    headers.append(Header("072", str(sum(1 for p in players if p.rating))))
    for code in draw(st.lists(st.sampled_from(HEADER_CODES[5:]), max_size=4, unique=True)):
        headers.append(Header(code, draw(ascii_text(50))))

    extra: list = []
    count_codes = draw(st.sampled_from(((), ("142",), ("XXR",), ("142", "XXR"))))
    if count_codes:
        # a tournament may be reported before its last round is paired
        total = rounds + draw(st.integers(0, 3))
        extra += [RoundCount(total, code) for code in count_codes]
    colour_kind = draw(st.sampled_from(("none", "152", "XXC")))
    if colour_kind == "152":
        extra.append(InitialColour(draw(st.sampled_from((Colour.WHITE, Colour.BLACK))), "152"))
    elif colour_kind == "XXC":
        extra.append(InitialColour(draw(st.sampled_from((Colour.WHITE, Colour.BLACK, None))), "XXC",
                                   by_rank=draw(st.booleans())))
    extra += draw(scoring_records())
    if n >= 2 and draw(st.booleans()):
        ids = tuple(draw(st.lists(st.integers(1, n), min_size=2, max_size=min(n, 4), unique=True)))
        if draw(st.booleans()):
            extra.append(ForbiddenPairs(ids, None, None, "XXP"))
        else:
            first = draw(st.integers(1, 20))
            extra.append(ForbiddenPairs(ids, first, first + draw(st.integers(0, 20)), "260"))
    if draw(st.booleans()):
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
