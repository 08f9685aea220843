"""``pair_round``: one round paired by the Dubov system (C.04.4.1, 2026), boards in order."""

from __future__ import annotations

from fractions import Fraction

from pairing.dubov.brackets import Legal, pair_brackets
from pairing.dubov.colours import allocate
from pairing.dubov.players import Entrant, entrants, rank_key
from pairing.result import Pairing, PairingInputError, known_total_rounds
from trf.model import Colour, Tournament

__all__ = ["pair_round", "board_key", "initial_colour_of", "total_rounds_of"]


def total_rounds_of(t: Tournament, total_rounds: int | None) -> int:
    """The number of rounds (Art. 1.8.2 MaxT and C8-C10's last round read it); raises
    :class:`PairingInputError`."""
    return known_total_rounds(total_rounds, t.total_rounds, "MaxT and the last round depend on it, C.04.4.1 Art. 1.8.2, 2.3.4")


def initial_colour_of(t: Tournament) -> Colour | None:
    """The initial colour (Art. 5.1): the file's, else the one round 1 implies (Art. 5.2.1: the
    higher-ranked player of a game, more points then the smaller TPN, got the initial colour if
    that TPN is odd)."""
    if t.initial_colour is not None:
        return t.initial_colour
    if t.rounds_paired < 1:
        return None
    ranked = {p.id: p for p in entrants(t, 1, t.total_rounds or 1)}
    for g in t.games(1):
        if g.white in ranked and g.black in ranked:
            w, b = ranked[g.white], ranked[g.black]
            white_higher = rank_key(w) < rank_key(b)
            h = w if white_higher else b
            got = Colour.WHITE if white_higher else Colour.BLACK
            return got if h.tpn % 2 == 1 else got.opposite
    return None


def board_key(pair: tuple[Entrant, Entrant]) -> tuple[Fraction, Fraction, int]:
    """C.04.2 Art. 3.6: the higher score of the pair, then the higher sum of both scores, then the
    smaller TPN of the higher-ranked player."""
    x, y = sorted(pair, key=rank_key)
    return (-x.score, -(x.score + y.score), x.tpn)


def pair_round(t: Tournament, rnd: int | None = None, *, initial_colour: Colour | None = None,
               total_rounds: int | None = None) -> Pairing:
    """Pair round ``rnd`` (default: the next one) of ``t`` by the Dubov rules (Art. 1-5).

    Raises :class:`~pairing.result.NoLegalPairing` when no pairing satisfies C1-C4,
    :class:`~pairing.result.PairingInputError` when the file lacks the number of rounds, the
    initial colour or a rating."""
    rnd = rnd if rnd is not None else t.rounds_paired + 1
    total = total_rounds_of(t, total_rounds)
    initial = initial_colour or initial_colour_of(t)
    if initial is None:
        raise PairingInputError(
            "initial-colour", "the initial colour is unknown: the file needs 'XXC white1' / 'XXC black1' (TRF-16) "
            "or '152 W' / '152 B' (TRF-2026) (C.04.4.1 Art. 5.1)")
    players = entrants(t, rnd, total)
    if not players:
        return Pairing(rnd, (), None)
    pairs, bye = pair_brackets(players, Legal(players, t.forbidden(rnd)), last_round=rnd >= total)
    boards = [allocate(a, b, initial)[0] for a, b in pairs]
    boards.sort(key=board_key)
    return Pairing(rnd, tuple((w.id, b.id) for w, b in boards), bye.id if bye is not None else None)
