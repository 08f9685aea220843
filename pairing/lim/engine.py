"""``pair_round``: one round paired by the Lim system (C.04.4.3, 2026), boards in order."""

from __future__ import annotations

from fractions import Fraction

from pairing.lim.colours import allocate, first_round_colour
from pairing.lim.compatibility import Compatibility
from pairing.lim.median import pair_scoregroups
from pairing.lim.pab import choose_pab
from pairing.lim.players import Entrant, entrants
from pairing.lim.scoregroups import median_score
from pairing.result import NoLegalPairing, Pairing, PairingInputError, known_total_rounds
from trf.model import Colour, Tournament

__all__ = ["pair_round", "board_key", "initial_colour_of", "total_rounds_of"]


def total_rounds_of(t: Tournament, total_rounds: int | None) -> int:
    """The number of rounds (Art. 6, the last round, reads it); raises :class:`PairingInputError`."""
    return known_total_rounds(total_rounds, t.total_rounds, "the last round relaxes the colour limits, C.04.4.3 Art. 6")


def initial_colour_of(t: Tournament) -> Colour | None:
    """The colour drawn for #1 (Art. 7.2): the file's, else the one round 1 implies (the player
    first by pairing number among those who played in round 1 got it)."""
    if t.initial_colour is not None:
        return t.initial_colour
    if t.rounds_paired < 1:
        return None
    for p in sorted(t.players, key=lambda q: q.start_rank):
        e = p.entry(1)
        if e is not None and e.is_played and e.colour is not None:
            return e.colour
        if e is not None and e.is_paired and e.opponent is not None:
            return None  # the top player's round-1 game was not played: the file must say
    return None


def board_key(pair: tuple[Entrant, Entrant]) -> tuple[Fraction, Fraction, int]:
    """C.04.2 Art. 3.6: the higher score of the pair, then the higher sum of both scores, then the
    smaller pairing number of the higher-ranked player."""
    x, y = sorted(pair, key=lambda p: (-p.score, p.tpn))
    return (-x.score, -(x.score + y.score), x.tpn)


def _need_initial(initial: Colour | None) -> Colour:
    if initial is None:
        raise PairingInputError(
            "initial-colour", "the colour drawn for #1 is unknown: the file needs 'XXC white1' / 'XXC black1' "
            "(TRF-16) or '152 W' / '152 B' (TRF-2026) (C.04.4.3 Art. 7.2)")
    return initial


def pair_round(t: Tournament, rnd: int | None = None, *, initial_colour: Colour | None = None,
               total_rounds: int | None = None, maxi: bool = False) -> Pairing:
    """Pair round ``rnd`` (default: the next one) of ``t`` by the Lim rules: the PAB (Art. 1.1,
    7.1), the scoregroups in the order of Art. 2.2 with floaters (2.3, 3), scrutiny and exchanges
    (2.4, 4), the Median Scoregroup last (2.6), then the colours (5, 6, 7.2).  ``maxi``: the event
    is a Maxi-tournament (Art. 3.2.3, 3.8, 5.7; docs/lim.md L3).

    Raises :class:`~pairing.result.NoLegalPairing` when the players cannot all be given compatible
    opponents (Art. 2.1), :class:`~pairing.result.PairingInputError` when the file lacks the number
    of rounds or the colour drawn for round 1."""
    rnd = rnd if rnd is not None else t.rounds_paired + 1
    total = total_rounds_of(t, total_rounds)
    initial = initial_colour or initial_colour_of(t)
    if rnd == 1:
        initial = _need_initial(initial)
    players = entrants(t, rnd)
    if not players:
        return Pairing(rnd, (), None)
    comp = Compatibility(players, t.forbidden(rnd), last_round=rnd >= total)
    bye = choose_pab(players, comp, first_round=rnd == 1)
    rest = [p for p in players if p is not bye]
    if len(rest) % 2 or not comp.can_pair_all(rest):
        raise NoLegalPairing(f"round {rnd}: the players cannot all be given a compatible opponent "
                             "(C.04.4.3 Art. 2.1; C.04.1 Art. 3: the arbiter decides)", tuple(p.id for p in players))
    median = median_score(rnd - 1, t.scoring.win_white)
    made, _ = pair_scoregroups(rest, median, comp, maxi=maxi)
    boards: list[tuple[Entrant, Entrant]] = []
    if rnd == 1:
        position = {p.id: i for i, p in enumerate(sorted(rest, key=lambda q: q.tpn))}
        for m in made:
            higher, lower = (m.a, m.b) if m.a.tpn < m.b.tpn else (m.b, m.a)
            boards.append(first_round_colour(higher, lower, position[higher.id], _need_initial(initial)))
    else:
        for m in made:
            try:
                boards.append(allocate(m.a, m.b, median_or_above=m.median_or_above, initial=initial)[0])
            except ValueError:
                _need_initial(None)
    boards.sort(key=board_key)
    return Pairing(rnd, tuple((w.id, b.id) for w, b in boards), bye.id if bye is not None else None)
