"""The lexicographic pairing procedure of C.04.5 (Double-Swiss) and C.04.6 (Swiss Team): Art.
3.3-3.6, the same text in both, as one procedure (:mod:`pairing.lexicographic.procedure`); each
system keeps its facts, its bracket criteria and its words (:class:`Procedure`).  And what their
colour articles share (:mod:`pairing.lexicographic.colours`: the round's colours after the
pairing, Art. 4.3.1)."""

from pairing.lexicographic.colours import Allocation, allocate_plan, given, initial_step
from pairing.lexicographic.procedure import (Bracket, Entrant, PairCost, Procedure, RoundPlan, pair_round_plan,
                                             profiles)

__all__ = ["Allocation", "allocate_plan", "given", "initial_step", "Bracket", "Entrant", "PairCost", "Procedure", "RoundPlan", "pair_round_plan", "profiles"]
