"""The Burstein system, C.04.4.2 (2026 text), after its seeding rounds.

Modules: ``players`` (the Index of Art. 1.7, the ranking of Art. 1.8, colour preferences, the
PAB bar), ``brackets`` (the PAB of Art. 3.1, the brackets of Art. 3.2 with criteria C1-C8 and the
order of Art. 4, as layered matchings), ``colours`` (Art. 5.2), ``engine`` (:func:`pair_round`,
board order), ``rules`` (the rules as rows).  The seeding rounds (Art. 1.6) are paired by the
Dutch system through the registry (:mod:`systems`), never by a copy here.
"""

from pairing.burstein.engine import SeedingRound, initial_colour_of, pair_round
from pairing.burstein.players import seeding_rounds

__all__ = ["SeedingRound", "initial_colour_of", "pair_round", "seeding_rounds"]
