"""``pair_round``: one match round of a Double-Swiss event (C.04.5) paired, game-1 colours
allocated (Art. 4) and boards in order (C.04.2 Art. 3.6)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from pairing.double_swiss.brackets import RoundPlan, pair_players
from pairing.double_swiss.colours import Allocation, allocate
from pairing.double_swiss.state import TAKEN, PlayerState, RoundSettings, Switches, player_states
from pairing.lexicographic import allocate_plan
from pairing.result import Pairing, PairingInputError
from trf.codes import Colour
from trf.matches import match_columns, matches_paired
from trf.model import Tournament

__all__ = ["DoubleSwissPairing", "pair_round", "pair_match_round", "board_key", "infer_initial_colour"]


@dataclass(frozen=True)
class DoubleSwissPairing:
    """A match round paired: ``pairing`` (boards as (White in game 1, Black in game 1) TPNs in
    board order, the PAB; ``pairing.round`` is the match round), the ``plan`` (brackets,
    upfloaters), each board's ``allocations`` (with the step of Art. 4.3 that decided), the
    ``settings`` and the players' states."""

    pairing: Pairing
    plan: RoundPlan
    allocations: tuple[Allocation, ...]
    settings: RoundSettings
    players: dict[int, PlayerState]


def board_key(a: PlayerState, b: PlayerState) -> tuple[Fraction, Fraction, int]:
    """Board order (C.04.2 Art. 3.6): the higher score of the pair's higher-ranked player, then
    the higher sum of both scores, then the smaller TPN of the higher-ranked player."""
    x, y = sorted((a, b), key=lambda p: (-p.score, p.tpn))
    return (-x.score, -(x.score + y.score), x.tpn)


def infer_initial_colour(t: Tournament) -> Optional[Colour]:
    """The initial-colour a file without ``152`` shows (Art. 4.3.1 read backwards): in match 1's
    pair of the smallest TPN whose game 1 was played, the smaller TPN is the higher-ranked
    player (every score zero); it had the initial-colour when its TPN is odd."""
    c1, _ = match_columns(1)
    for p in sorted(t.players, key=lambda p: p.start_rank):
        e = p.entry(c1)
        if e is not None and e.opponent is not None and p.start_rank < e.opponent and e.colour is not Colour.NONE:
            return e.colour if p.start_rank % 2 else e.colour.opposite
    return None


def pair_round(t: Tournament, rnd: Optional[int] = None, *, initial_colour: Optional[Colour] = None,
               total_rounds: Optional[int] = None) -> Pairing:
    """Match round ``rnd`` (default: the next one) of ``t`` paired by C.04.5: :func:`pair_match_round`'s pairing."""
    return pair_match_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds).pairing


def pair_match_round(t: Tournament, rnd: Optional[int] = None, *, initial_colour: Optional[Colour] = None,
                     total_rounds: Optional[int] = None, switches: Switches = TAKEN) -> DoubleSwissPairing:
    """Pair match round ``rnd`` (default: the next one) of ``t`` by C.04.5 (Art. 3.3.2: the PAB,
    the brackets from the top, then the colours), from the matches of rounds 1..``rnd - 1``.

    ``total_rounds``: the number of match rounds (default: ``142``/``XXR`` halved, as the file
    counts game columns); it is required (C7 and C8 lapse in the last round).  The initial colour
    (``152``, ``initial_colour``, else what match 1 shows) only when a pair of players that have
    not played is coloured.  ``switches``: the readings of the open points (default: the
    decisions taken, :class:`~pairing.double_swiss.state.Switches`).

    Raises :class:`~pairing.result.PairingInputError` and :class:`~pairing.result.NoLegalPairing`."""
    if rnd is None:
        rnd = matches_paired(t) + 1
    if total_rounds is None:
        columns = t.total_rounds
        if columns is None:
            raise PairingInputError("total-rounds", "the number of rounds is unknown: the file needs '142 n' (n: "
                                                    "twice the matches; C.04.5 Art. 2.3.4-2.3.5 read the last round)")
        total_rounds = columns // 2
    settings = RoundSettings(rnd, max(total_rounds, rnd))
    players = player_states(t, settings, switches)
    c1, c2 = match_columns(rnd)
    forbidden = t.forbidden(c1) | t.forbidden(c2)
    plan = pair_players(players, settings, forbidden, switches)
    allocations = allocate_plan(plan, lambda a, b, initial: allocate(players[a], players[b], initial, switches),
                                lambda a, b: not players[a].colours and not players[b].colours,
                                initial_colour or t.initial_colour, lambda: infer_initial_colour(t), "C.04.5")
    allocations.sort(key=lambda x: board_key(players[x.white], players[x.black]))
    pairing = Pairing(rnd, tuple((x.white, x.black) for x in allocations), plan.pab)
    return DoubleSwissPairing(pairing, plan, tuple(allocations), settings, players)
