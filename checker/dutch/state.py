"""What the criteria need to know about each player before a round, read from the TRF model.

This is the checker's own reading of C.04.3 (2026) Art. 1 and C.04.2; it deliberately shares no
code with :mod:`pairing` so that the two readings can be compared.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from trf.model import Colour, Result, Tournament


class Pref(enum.IntEnum):
    """Strength of a colour preference (Art. 1.7); higher is stronger."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Flt(enum.Enum):
    """A float received in a round (Art. 1.4.2-1.4.4)."""

    DOWN = "down"
    UP = "up"


@dataclass(frozen=True)
class PlayerFacts:
    """How an edition of C.04.3 reads two facts of a player's past rounds (the rest is the same):
    ``unplayed_floats_down``: a round without a game is a downfloat whatever the reason (2017
    A.4.b), else only one that scored more than a loss (2026 Art. 1.4.3-1.4.4);
    ``pab_barred_by_forfeit_win_only``: only a forfeit win bars the PAB (2017 C.2), else any win's
    points without playing, a full-point bye included (2026 C2, Art. 2.1.2)."""

    unplayed_floats_down: bool
    pab_barred_by_forfeit_win_only: bool


#: Each edition's reading of the player facts (:class:`checker.dutch.editions.Reading` holds it too).
PLAYER_FACTS = {"2026": PlayerFacts(False, False), "2017": PlayerFacts(True, True)}


@dataclass(frozen=True)
class CPlayer:
    """One player to be paired in the checked round."""

    id: int
    tpn: int
    score: Fraction  # pairing score: points before the round plus virtual points (C.04.7)
    colours: tuple[Colour, ...]  # played games only, oldest first
    pref: Colour | None
    strength: Pref
    floats: tuple[Flt | None, Flt | None]  # previous round, two rounds before
    pab_ban: str | None  # why C2 forbids the PAB, or None
    unplayed: int  # rounds before this one without a game over the board (C9)
    topscorer: bool
    met: dict[int, int] = field(default_factory=dict, compare=False)  # opponent -> first round met

    @property
    def cd(self) -> int:
        """Colour difference, Art. 1.6: whites minus blacks over played games."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    def rank_key(self) -> tuple[Fraction, int]:
        """Art. 1.2: score descending, then TPN ascending."""
        return (-self.score, self.tpn)


@dataclass(frozen=True)
class RoundState:
    round: int
    players: dict[int, CPlayer]
    forbidden: frozenset[frozenset[int]]
    initial_colour: Colour | None
    final_round: bool
    total_rounds: int  # the file's (or the caller's); unknown: the last round in the file or this one
    total_rounds_known: bool
    edition: str = "2026"  # the C.04.3 text read: "2026" or "2017"

    def ranked(self, ids: object = None) -> list[CPlayer]:
        pool = self.players.values() if ids is None else (self.players[i] for i in ids)  # type: ignore[attr-defined]
        return sorted(pool, key=CPlayer.rank_key)


def preference(colours: tuple[Colour, ...]) -> tuple[Colour | None, Pref]:
    """Art. 1.7.  Absolute when |CD| > 1 or the last two played games had the same colour;
    strong when CD = +-1; mild when CD = 0 (alternate from the last game); none before any game."""
    if not colours:
        return None, Pref.NONE
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if cd > 1:
        return Colour.BLACK, Pref.ABSOLUTE
    if cd < -1:
        return Colour.WHITE, Pref.ABSOLUTE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, Pref.ABSOLUTE
    if cd == 1:
        return Colour.BLACK, Pref.STRONG
    if cd == -1:
        return Colour.WHITE, Pref.STRONG
    return colours[-1].opposite, Pref.MILD


def participants(t: Tournament, rnd: int) -> list[int]:
    """Who the pairing program paired in ``rnd``: on a board (forfeits included) or given the PAB."""
    out = []
    for p in t.players:
        e = p.entry(rnd)
        if e is not None and e.is_paired:
            out.append(p.start_rank)
    return sorted(out)


def _pairing_score(t: Tournament, pid: int, rnd: int, memo: dict[tuple[int, int], Fraction] | None = None) -> Fraction:
    """The score ``pid`` is paired with in ``rnd`` (with ``memo``: remembered there)."""
    if memo is not None:
        got = memo.get((pid, rnd))
        if got is None:
            got = memo[(pid, rnd)] = t.score(pid, through=rnd - 1) + t.acceleration(pid, rnd)
        return got
    return t.score(pid, through=rnd - 1) + t.acceleration(pid, rnd)


def float_of(t: Tournament, pid: int, rnd: int, edition: str = "2026",
             memo: dict[tuple[int, int], Fraction] | None = None) -> Flt | None:
    """The float ``pid`` received in round ``rnd`` (2026 Art. 1.4).  A game over the board between
    different pairing scores floats the higher one down and the lower one up; a round without a
    game that scored more than a loss (PAB, forfeit win, full- or half-point bye) is a downfloat;
    nothing else is a float (Art. 1.4.4: a forfeit loss or a zero-point bye is not)."""
    if rnd < 1:
        return None
    e = t.player(pid).entry(rnd)
    if e is not None and e.is_played and e.opponent is not None and e.opponent in t.player_by_rank:
        mine, theirs = _pairing_score(t, pid, rnd, memo), _pairing_score(t, e.opponent, rnd, memo)
        return Flt.DOWN if mine > theirs else Flt.UP if mine < theirs else None
    if PLAYER_FACTS[edition].unplayed_floats_down:
        # 2017 A.4.b: "a player who, for whatever reason, does not play in a round, also receives
        # a downfloat" (a forfeit either way, any bye, an absence, a round before a late entry)
        return Flt.DOWN
    if e is None:
        return None
    return Flt.DOWN if t.round_points(pid, rnd) > t.scoring.loss_white else None


def pab_ban(t: Tournament, pid: int, rnd: int, edition: str = "2026") -> str | None:
    """C2 (Art. 2.1.2): the reason this player may not receive the PAB in ``rnd``, if any.

    The 2017 C.2 bars only a player who "has already received a pairing-allocated bye, or has
    already scored a (forfeit) win due to an opponent not appearing in time": a full-point bye
    (or any other points without an opponent) does not bar."""
    p = t.player(pid)
    win = t.scoring.win_white
    forfeit_only = PLAYER_FACTS[edition].pab_barred_by_forfeit_win_only
    for r in range(1, rnd):
        e = p.entry(r)
        if e is None or e.is_played:
            continue
        if e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE:
            return f"already received the PAB in round {r}"
        if forfeit_only:
            if e.opponent is not None and t.round_points(pid, r) >= win:
                return f"scored a forfeit win in round {r}"
            continue
        if t.round_points(pid, r) >= win:
            kind = "a forfeit win" if e.code is Result.FORFEIT_WIN else "a full-point bye" if e.code is Result.FULL_POINT_BYE else "a win's points without playing"
            return f"scored {kind} in round {r}"
    return None


def round_state(t: Tournament, rnd: int, ids: list[int] | None = None, total_rounds: int | None = None,
                edition: str = "2026") -> RoundState:
    """See :func:`_build`; the initial colour comes from XXC/152 or, failing that, round 1.
    ``edition``: the C.04.3 text, ``"2026"`` or ``"2017"`` (floats and C.2 differ)."""
    initial = t.initial_colour or _implied_initial_colour(t)
    return _build(t, rnd, ids, total_rounds, initial, edition)


def _build(t: Tournament, rnd: int, ids: list[int] | None, total_rounds: int | None,
           initial: Colour | None, edition: str = "2026") -> RoundState:
    """The state before round ``rnd`` for the players paired in it (``ids``, default: those the
    file pairs in that round).

    TPNs skip players never paired up to this round, as bbpPairings and Gacrux do (C.04.2 Art. 2;
    only colours depend on it).  Topscorers exist only when pairing the final round (Art. 1.8):
    more than half of the maximum score possible so far."""
    present = set(participants(t, rnd) if ids is None else ids)
    total = total_rounds or t.total_rounds
    known = total is not None
    if total is None:
        total = max(t.round_columns, rnd)
    final = rnd >= total
    sc = t.scoring
    threshold = Fraction(rnd - 1) * max(sc.win_white, sc.draw_white) / 2
    players: dict[int, CPlayer] = {}
    scores: dict[tuple[int, int], Fraction] = {}  # pairing scores read for several players' floats
    tpn = 0
    for p in sorted(t.players, key=lambda q: q.start_rank):
        ever = p.start_rank in present or any(
            (e := p.entry(r)) is not None and e.is_paired for r in range(1, rnd))
        if not ever:
            continue
        tpn += 1
        if p.start_rank not in present:
            continue
        colours = p.colour_history(through=rnd - 1)
        pref, strength = preference(colours)
        score = _pairing_score(t, p.start_rank, rnd, scores)
        met: dict[int, int] = {}
        for r in range(1, rnd):
            e = p.entry(r)
            if e is not None and e.is_played and e.opponent is not None:
                met.setdefault(e.opponent, r)
        players[p.start_rank] = CPlayer(
            id=p.start_rank, tpn=tpn, score=score, colours=colours, pref=pref, strength=strength,
            floats=(float_of(t, p.start_rank, rnd - 1, edition, scores), float_of(t, p.start_rank, rnd - 2, edition, scores)),
            pab_ban=pab_ban(t, p.start_rank, rnd, edition),
            unplayed=(rnd - 1) - len(colours),
            topscorer=final and score > threshold,
            met=met,
        )
    return RoundState(round=rnd, players=players, forbidden=t.forbidden(rnd),
                      initial_colour=initial,
                      final_round=final, total_rounds=total, total_rounds_known=known, edition=edition)


#: the last tournament whose initial colour :func:`_implied_initial_colour` read, and the colour
#: (a tournament is immutable: each round of one file reads the same)
_implied: list[tuple[Tournament, Colour | None]] = []


def _implied_initial_colour(t: Tournament) -> Colour | None:
    """Without XXC/152, round 1 shows it: nobody had a preference, so the higher-ranked player of
    a board got the initial colour exactly when their TPN was odd (Art. 5.2.5)."""
    if _implied and _implied[0][0] is t:
        return _implied[0][1]
    got = _read_initial_colour(t)
    _implied[:] = [(t, got)]
    return got


def _read_initial_colour(t: Tournament) -> Colour | None:
    if t.rounds_paired < 1:
        return None
    if not _has_round1(t):
        return None
    st = _build(t, 1, None, None, None)
    for g in t.games(1):
        if g.white in st.players and g.black in st.players:
            w, b = st.players[g.white], st.players[g.black]
            high, got = (w, Colour.WHITE) if w.rank_key() < b.rank_key() else (b, Colour.BLACK)
            return got if high.tpn % 2 == 1 else got.opposite
    return None


def _has_round1(t: Tournament) -> bool:
    return any((e := p.entry(1)) is not None and e.opponent is not None for p in t.players)


@dataclass(frozen=True)
class GivenPairing:
    """A round's pairing as written in the file: boards (white, black), the PAB, and anyone the
    file leaves without opponent although they were meant to be paired."""

    round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None
    extra_byes: tuple[int, ...] = ()  # more than one PAB: C4/C2 breach
    uncoloured: frozenset[tuple[int, int]] = frozenset()  # boards written without colours (``-``)


def mate_of(boards: tuple[tuple[int, int], ...] | list[tuple[int, int]], bye: int | None) -> dict[int, int | None]:
    """A round-pairing as a *mate* map: each player's opponent, ``None`` for the PAB."""
    mate: dict[int, int | None] = {}
    for w, b in boards:
        mate[w], mate[b] = b, w
    if bye is not None:
        mate[bye] = None
    return mate


def given_pairing(t: Tournament, rnd: int) -> GivenPairing:
    """The boards (white, black) in the file's order; a board whose colours are not written (a
    forfeit as ``12 - +`` / ``12 - -``: the game was not played, so it has no colours, C.04.1)
    is listed in ``uncoloured`` with its players in start-rank order."""
    boards = []
    uncoloured = set()
    seen: set[int] = set()
    for g in t.games(rnd):
        if g.white in seen or g.black in seen:
            continue
        seen.update((g.white, g.black))
        boards.append((g.white, g.black))
        entries = [q.entry(rnd) if (q := t.player_by_rank.get(x)) is not None else None for x in (g.white, g.black)]
        if any(e is not None and e.colour is Colour.NONE for e in entries):
            uncoloured.add((g.white, g.black))
    pabs = [p.start_rank for p in sorted(t.players, key=lambda q: q.start_rank)
            if (e := p.entry(rnd)) is not None and e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE]
    return GivenPairing(rnd, tuple(boards), pabs[0] if pabs else None, tuple(pabs[1:]), frozenset(uncoloured))
