"""The pairing procedure of the Double-Swiss system (C.04.5 Art. 3): the PAB first (3.4), then,
while players are left, the top-scoregroup with its set of upfloaters (3.5) paired as one
bracket (3.6).  No downfloaters: every resident of the top-scoregroup is paired in its bracket.

Legal pairing (Art. 3.1): no second meeting (C1, Art. 2.1.1; a match forfeited on both games is
no meeting), no PAB for a barred player (C2, Art. 2.1.2), and the players left must always admit
a legal pairing (C3, Art. 2.2.1).  A later bracket may take upfloaters from anywhere below, so C3
is: the players not yet paired can all be paired among themselves.  Each such question is one
maximum matching on bitsets (:mod:`algorithms.cardinality`), remembered per set of players.

Upfloater sets (Art. 3.5): for the fewest upfloaters first (C4, Art. 2.3.1: the residents'
parity, then two more at a time), the score profiles from the best (C5, Art. 2.3.2: the
upfloaters' scores in ascending order, highest first), and within a profile the sets in the
order of Art. 3.5.3-3.5.4; of the sets that give a legal pairing of the bracket and leave a
legal pairing of the rest, the first of those that satisfy C6 (Art. 2.3.3) and, among them,
have the fewest previous-round floaters (C7, Art. 2.3.4, not in the last round).  A number of
upfloaters or a profile with no legal set is passed over (completion outranks quality).

C6 is read as a test (``docs/double-swiss.md``, D1): the next scoregroup (the highest score
below the top-scoregroup among the players not yet paired; what this set leaves of it) can be
paired with the fewest upfloaters its parity needs (none or one) and the rest still completed;
it holds when the set takes all of it.

The bracket (Art. 3.6): of the legal pairings the fewest C8 (Art. 2.3.5, not in the last round:
each upfloater's opponent that floated in the previous round, also an opponent that is an
upfloater itself, D3), then the first identifier (top member: the smaller TPN, Art.
3.6.1-3.6.2) - :func:`algorithms.lexicographic.first_best_pairing`.

The procedure is the one C.04.6 shares word for word (:mod:`pairing.lexicographic`); this module
brings the players' facts, the one bracket criterion C8 (:func:`pair_cost`; a bracket's
``cost`` is its C8 total, ``(c8,)``), the lapse of C7 and C8 in the last round, and C6's next
scoregroup among the players not yet paired (D1).
"""

from __future__ import annotations

from fractions import Fraction

from pairing.double_swiss.state import TAKEN, PlayerState, RoundSettings, Switches
from pairing.lexicographic import Bracket, Entrant, Procedure, RoundPlan, pair_round_plan, profiles

__all__ = ["Bracket", "RoundPlan", "pair_players", "pair_cost", "profiles"]


def pair_cost(a: PlayerState, b: PlayerState, bracket_score: Fraction, settings: RoundSettings,
              switches: Switches = TAKEN) -> int:
    """C8 (Art. 2.3.5) of the pair ``a``-``b`` in a bracket of ``bracket_score``: for each
    upfloater of the pair, whether its opponent floated in the previous round (not in the last
    round); an opponent that is an upfloater itself counts (D3; ``switches.d3``: residents only)."""
    if settings.last_round:
        return 0
    return sum(int(opp.floated) for p, opp in ((a, b), (b, a))
               if p.score < bracket_score and not (switches.d3 and opp.score < bracket_score))


def pair_players(players: dict[int, PlayerState], settings: RoundSettings,
                 forbidden: frozenset[frozenset[int]] = frozenset(), switches: Switches = TAKEN) -> RoundPlan:
    """Pair the players (C.04.5 Art. 3.3.2 steps 1-3; module docstring).  Raises
    :class:`~pairing.result.NoLegalPairing` when no complete legal pairing exists (Art. 3.3.3:
    the Chief Arbiter decides)."""
    entrants = {tpn: Entrant(tpn, p.score, p.played, p.met, p.pab_barred, p.floated) for tpn, p in players.items()}
    procedure = Procedure(handbook="C.04.5", one="player", many="players", rematch="a second meeting",
                          floats=not settings.last_round,
                          cost=lambda a, b, score: (pair_cost(players[a], players[b], score, settings, switches),), width=1,
                          next_of_field=False)
    return pair_round_plan(entrants, procedure, forbidden)
