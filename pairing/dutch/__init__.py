"""FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.

Approach (C.04.3 says any method that yields the rule's pairing is acceptable): one maximum-
weight matching over every player still to pair, whose integer edge weights are made of bit
fields, one per criterion, higher criteria in higher bits (:mod:`~pairing.dutch.weights`).
Comparing two matchings' total weights is then comparing them criterion by criterion (Art. 3.8).
Brackets are processed from the top score down (Art. 1.9); within a bracket the Handbook's
generation order (Art. 3.6-3.7, 4.1-4.5) is reproduced by fixing one decision at a time with a
small bonus below every criterion bit and re-solving (:mod:`~pairing.dutch.stages`): the MDP set
(4.4), the MDPs' opponents (4.2), the remainder's exchange (4.3, keys 1-4), the remainder's
transpositions (4.2).  Colours are allocated afterwards (Art. 5.2,
:mod:`~pairing.dutch.colours`) and never change who meets whom.

The text in force until 31 January 2026 (the "2017 rules", criteria C.1-C.19) is paired too, with
the same bracket stages; what differs between the two texts is data, one object per edition
(:mod:`~pairing.dutch.editions`).

Modules: ``criteria`` (which pairs may meet; the colour criteria of one pair), ``weights`` (the
field tables), ``state`` (the round's players, weights and matching), ``stages`` (the round and
bracket procedure), ``colours`` (Art. 5.2), ``engine`` (:func:`pair_round` and board order),
``players`` (the per-player facts the rules read), ``editions`` (what differs between the
editions); the result types are :mod:`pairing.result`'s.
"""

from pairing.dutch.colours import allocate_colours
from pairing.dutch.engine import pair_round
from pairing.result import NoLegalPairing, Pairing  # the generic result types, for the engine's callers

__all__ = ["NoLegalPairing", "Pairing", "allocate_colours", "pair_round"]
