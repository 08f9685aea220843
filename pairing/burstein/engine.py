"""``pair_round``: one round after the seeding rounds paired by the Burstein system (C.04.4.2,
2026), boards in order.  The seeding rounds (Art. 1.6) are the Dutch system's: the system's
binding pairs them through the registry, not this engine."""

from __future__ import annotations

from fractions import Fraction

from pairing.burstein.brackets import Legal, pair_brackets
from pairing.burstein.colours import allocate
from pairing.burstein.players import TAKEN, Entrant, Switches, entrants, rank_key, seeding_rounds
from pairing.result import Pairing, PairingInputError, known_total_rounds
from trf.model import Colour, Tournament

__all__ = ["pair_round", "board_key", "initial_colour_of", "SeedingRound"]


class SeedingRound(ValueError):
    """Round ``round`` is a seeding round (Art. 1.6): the Dutch system pairs it."""

    def __init__(self, rnd: int, seeding: int) -> None:
        super().__init__(f"round {rnd} is one of the {seeding} seeding rounds (C.04.4.2 Art. 1.6), paired by "
                         "the Dutch system")
        self.round = rnd
        self.seeding = seeding


def total_rounds_of(t: Tournament, total_rounds: int | None) -> int:
    """The number of rounds (Art. 1.6.2 reads it); raises :class:`PairingInputError`."""
    return known_total_rounds(total_rounds, t.total_rounds, "the number of seeding rounds depends on it, C.04.4.2 Art. 1.6.2")


def initial_colour_of(t: Tournament) -> Colour | None:
    """The initial colour (Art. 5.1): the file's, else the one round 1 implies (the seeding
    round 1 gave the higher-ranked player of each game, the smaller TPN among equal scores,
    the initial colour if that TPN is odd)."""
    if t.initial_colour is not None:
        return t.initial_colour
    if t.rounds_paired < 1:
        return None
    ranked = {p.id: p for p in entrants(t, 1)}
    for g in t.games(1):
        if g.white in ranked and g.black in ranked:
            w, b = ranked[g.white], ranked[g.black]
            white_higher = (-w.score, w.tpn) < (-b.score, b.tpn)
            h = w if white_higher else b
            got = Colour.WHITE if white_higher else Colour.BLACK
            return got if h.tpn % 2 == 1 else got.opposite
    return None


def board_key(pair: tuple[Entrant, Entrant]) -> tuple[Fraction, Fraction, int]:
    """C.04.2 Art. 3.6: the higher score of the pair, then the higher sum of both scores, then the
    smaller TPN of the higher-ranked player (pairing scores, C.04.7 Art. 1.5)."""
    x, y = sorted(pair, key=lambda q: (-q.score, rank_key(q)))
    return (-x.score, -(x.score + y.score), x.tpn)


def _real_board_key(pair: tuple[Entrant, Entrant]) -> tuple[Fraction, Fraction, int]:
    """:func:`board_key` on the real scores, without virtual points (the other reading of B6)."""
    x, y = sorted(pair, key=lambda q: (-q.points, rank_key(q)))
    return (-x.points, -(x.points + y.points), x.tpn)


def pair_round(t: Tournament, rnd: int | None = None, *, initial_colour: Colour | None = None,
               total_rounds: int | None = None, switches: Switches = TAKEN) -> Pairing:
    """Pair round ``rnd`` (default: the next one) of ``t`` by the Burstein rules proper (Art. 2-5).

    Raises :class:`SeedingRound` for a seeding round, :class:`~pairing.result.NoLegalPairing`
    when no pairing satisfies C1-C4, :class:`~pairing.result.PairingInputError` when the file
    lacks the number of rounds or the initial colour.  ``switches``: the readings of the open
    points (default: the decisions taken, docs/burstein.md)."""
    rnd = rnd if rnd is not None else t.rounds_paired + 1
    total = total_rounds_of(t, total_rounds)
    seeding = seeding_rounds(total)
    if rnd <= seeding:
        raise SeedingRound(rnd, seeding)
    initial = initial_colour or initial_colour_of(t)
    if initial is None:
        raise PairingInputError(
            "initial-colour", "the initial colour is unknown: the file needs 'XXC white1' / 'XXC black1' (TRF-16) "
            "or '152 W' / '152 B' (TRF-2026) (C.04.4.2 Art. 5.1)")
    players = entrants(t, rnd, switches)
    if not players:
        return Pairing(rnd, (), None)
    pairs, bye = pair_brackets(players, Legal(players, t.forbidden(rnd)))
    boards = [allocate(a, b, initial, switches)[0] for a, b in pairs]
    boards.sort(key=board_key if switches.boards_by_pairing_score else _real_board_key)
    return Pairing(rnd, tuple((w.id, b.id) for w, b in boards), bye.id if bye is not None else None)
