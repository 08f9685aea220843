"""The Dubov system, C.04.4.1 (2026 text).

Modules: ``players`` (the ARO of Art. 1.7, colour preferences of Art. 1.6, the upfloats and MaxT
of Art. 1.8, the PAB bar), ``brackets`` (the PAB of Art. 3.1, the brackets of Art. 3.2 with
criteria C1-C10 and the orders of Art. 4), ``colours`` (Art. 5.2), ``engine`` (:func:`pair_round`,
board order), ``rules`` (the rules as rows).
"""

from pairing.dubov.engine import initial_colour_of, pair_round

__all__ = ["initial_colour_of", "pair_round"]
