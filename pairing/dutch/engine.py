"""``pair_round``: one round of a tournament paired by the Dutch system, boards in order."""

from __future__ import annotations

from fractions import Fraction

from pairing.dutch.colours import allocate_colours
from pairing.dutch.editions import CURRENT, EDITIONS
from pairing.dutch.players import PairingPlayer, infer_initial_colour, pairing_players
from pairing.dutch.state import RoundState
from pairing.result import Pairing, PairingInputError
from trf.acceleration import AccelerationRefused, with_baku
from trf.model import Colour, Tournament

__all__ = ["EDITIONS", "board_key", "pair_round"]


def pair_round(t: Tournament, rnd: int | None = None, *, initial_colour: Colour | None = None,
               total_rounds: int | None = None, full_field: bool = False, rules: str | None = None,
               baku: bool | None = None, baku_group: str = "handbook") -> Pairing:
    """Pair round ``rnd`` (default: the next one) of ``t`` by the Dutch system.

    ``rules``: the name of the edition of C.04.3 (:data:`~pairing.dutch.editions.EDITIONS`),
    ``"2026"`` (applied from 1 February 2026, the default) or ``"2017"`` (in force until 31
    January 2026).  Which one a file asks for is the registry's reading (:func:`systems.select`),
    not the engine's.

    ``full_field`` solves every matching over the whole field (the reference the default
    bracket-local solves are tested against; same pairings, much slower on large fields).  The
    2017 edition's matchings hold a bracket and its next scoregroup by its rules (A.9,
    :attr:`~pairing.dutch.editions.Edition.whole_field_matching`): there it only turns off the
    perfect-candidate search, as everywhere.

    ``baku``: Baku acceleration (C.04.7; C.04.5.1 under the 2017 rules) for a file without
    acceleration records (default: none); ``baku_group`` the group rule
    (:data:`trf.acceleration.GROUPS`).  The virtual points are those of
    :func:`trf.acceleration.with_baku`; explicit ``XXA``/``250`` records are used as they are.

    Raises :class:`~pairing.result.NoLegalPairing` when no pairing satisfies C1-C4 and
    :class:`~pairing.result.PairingInputError` when the file lacks the initial colour or the
    number of rounds, :class:`~trf.acceleration.AccelerationRefused` when Baku acceleration is
    asked for an event that cannot have it.
    """
    version = EDITIONS.get(rules) if rules is not None else CURRENT
    if version is None:
        raise ValueError(f"unknown edition of the Dutch rules: {rules!r} (expected one of {', '.join(EDITIONS)})")
    if baku:
        try:
            t = with_baku(t, baku_group, total_rounds=total_rounds, standard_only=version.baku_standard_only)
        except AccelerationRefused as exc:
            if exc.reason != "total-rounds":
                raise
            raise PairingInputError("total-rounds", f"{exc} and the file has no XXR or 142 record") from None
    rnd = rnd if rnd is not None else t.rounds_paired + 1
    initial = initial_colour or t.initial_colour or infer_initial_colour(t)
    if initial is None:
        raise PairingInputError(
            "initial-colour", "the initial colour is unknown: the file needs 'XXC white1' / 'XXC black1' (TRF-16) "
            "or '152 W' / '152 B' (TRF-2026) (C.04.3 Art. 5.1)")
    players = pairing_players(t, rnd, total_rounds, version)
    if not players:
        return Pairing(rnd, (), None)
    state = RoundState(players, t.forbidden(rnd), rnd - 1, edition=version, full_field=full_field)
    version.pair_brackets(state)
    rank = points_ranks(players)
    boards = []
    for a, b in state.pairs:
        h, l = players[a], players[b]  # a < b: h is higher ranked (score, then TPN)
        x, y = (a, b) if (rank[a], h.tpn) < (rank[b], l.tpn) else (b, a)
        boards.append(((rank[x], rank[y], players[x].tpn), allocate_colours(h, l, initial)))
    boards.sort(key=lambda board: board[0])  # board_key's order, on the points' ranks
    bye = players[state.bye].id if state.bye is not None else None
    return Pairing(rnd, tuple((w.id, b.id) for _, (w, b) in boards), bye)


def points_ranks(players: list[PairingPlayer]) -> list[int]:
    """Each player's points without acceleration as its rank among the distinct values, 0 the
    most: they compare as the points do, reversed, so :func:`board_key`'s order is that of
    ``(rank of the higher player, rank of the lower one, the higher one's TPN)``, compared as
    integers.  Players of a scoregroup mostly share one Fraction object, which is ranked once."""
    by_object: dict[int, Fraction] = {id(q.points): q.points for q in players}
    order = {value: k for k, value in enumerate(sorted(set(by_object.values()), reverse=True))}
    ranked = {key: order[value] for key, value in by_object.items()}
    return [ranked[id(q.points)] for q in players]


def board_key(pair: tuple[PairingPlayer, PairingPlayer]) -> tuple[Fraction, Fraction, int]:
    """Board order (as bbpPairings): the higher player's points, the lower one's, the higher
    one's TPN, all without acceleration (C.04.2 Art. 3.6)."""
    x, y = sorted(pair, key=lambda q: (-q.points, q.tpn))
    return (-x.points, -y.points, x.tpn)
