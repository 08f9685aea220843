"""The pairing procedure of the Swiss Team Pairing System (C.04.6 Art. 3): the PAB first (3.4),
then, while teams are left, the top-scoregroup with its set of upfloaters (3.5) paired as one
bracket (3.6).  No downfloaters: every resident of the top-scoregroup is paired in its bracket.

Legal pairing (Art. 3.1): no rematch (C1, Art. 2.1.1; a forfeited match is no meeting, C.04.2
Art. 3.5), no PAB for a barred team (C2, Art. 2.1.2), and the teams left must always admit one
(C3, Art. 2.2.1).  A later bracket may take upfloaters from anywhere below, so C3 is: the teams
not yet paired can all be paired among themselves.  Every such question is one maximum matching
on bitsets (:mod:`algorithms.cardinality`), remembered per set of teams.

Upfloater sets (Art. 3.5): for the fewest upfloaters first (C4, Art. 2.3.1: the residents'
parity, then two more at a time), the score profiles from the best (C5, Art. 2.3.2: the
upfloaters' scores taken in ascending order, highest first), and within a profile the sets in
the order of Art. 3.5.3-3.5.4; of the sets that give a legal pairing of the bracket and leave a
legal pairing of the rest, the first of those that satisfy C6 (Art. 2.3.3) and, among them, have
the fewest previous-round floaters (C7, Art. 2.3.4, not in the last two rounds).  A number of
upfloaters or a profile with no legal set is passed over (completion outranks quality).

C6 is read as a test: the next scoregroup below the bracket (what is left of it) can be paired
with the fewest upfloaters its parity needs (none or one) and the rest still completed; it
holds when that scoregroup has been emptied.

The bracket (Art. 3.6): of the legal pairings, the least C8 (Art. 2.3.5), C9 (Art. 2.3.6, Type B)
and C10 (Art. 2.3.7, not in the last two rounds), then the first identifier (top member: the
smaller TPN, Art. 3.6.1-3.6.2) - :func:`algorithms.lexicographic.first_best_pairing`.  As the
colours always grant every preference a pair allows (Art. 4.3.2-4.3.4), a pair costs C8 when both
teams prefer the same colour and C9 when both preferences are strong.

The procedure is the one C.04.5 shares word for word (:mod:`pairing.lexicographic`); this module
brings the teams' facts, the bracket criteria C8-C10 (:func:`pair_cost`), the lapse of C7 and C10
in the last two rounds, and C6's next scoregroup: the next lower pairing score among all the
teams of the round (a scoregroup emptied by an earlier bracket has been emptied).
"""

from __future__ import annotations

from fractions import Fraction

from pairing.lexicographic import Bracket, Entrant, Procedure, RoundPlan, pair_round_plan, profiles
from pairing.team.state import RoundSettings, TeamState

__all__ = ["Bracket", "RoundPlan", "pair_teams", "pair_cost", "profiles"]


def pair_cost(a: TeamState, b: TeamState, bracket_score: Fraction, settings: RoundSettings) -> tuple[int, int, int]:
    """What pairing ``a`` with ``b`` in a bracket of ``bracket_score`` costs: C8 (both prefer the
    same colour, Art. 2.3.5), C9 (Type B: both strongly, Art. 2.3.6), C10 (the previous-round
    floaters among the upfloaters' opponents, Art. 2.3.7; not in the last two rounds)."""
    c8 = int(a.preference is not None and a.preference is b.preference)
    c9 = int(settings.preference == "B" and c8 == 1 and a.strong and b.strong)
    c10 = 0
    if not settings.last_two_rounds:
        c10 = sum(int(opp.floated) for team, opp in ((a, b), (b, a)) if team.pairing_score < bracket_score)
    return c8, c9, c10


def pair_teams(teams: dict[int, TeamState], settings: RoundSettings,
               forbidden: frozenset[frozenset[int]] = frozenset()) -> RoundPlan:
    """Pair the teams (C.04.6 Art. 3.3.2 steps 1-3; module docstring): scoregroups by pairing
    score (C.04.7 Art. 1.5).  Raises :class:`~pairing.result.NoLegalPairing` when no complete
    legal pairing exists (Art. 3.3.3: the Chief Arbiter decides)."""
    entrants = {tpn: Entrant(tpn, t.pairing_score, t.played, t.met, t.pab_barred, t.floated)
                for tpn, t in teams.items()}
    procedure = Procedure(handbook="C.04.6", one="team", many="teams", rematch="a rematch",
                          floats=not settings.last_two_rounds,
                          cost=lambda a, b, score: pair_cost(teams[a], teams[b], score, settings), width=3,
                          next_of_field=True)
    return pair_round_plan(entrants, procedure, forbidden)
