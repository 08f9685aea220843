"""The Lim system, C.04.4.3 (2026 text).

Modules, one per concept of the text: ``players`` (what is read of each player: due colour, the
colour limits, floats of Art. 3.10), ``compatibility`` (Art. 2.1), ``scoregroups`` (Art. 2.2: the
Median Scoregroup and the order of pairing), ``floaters`` (Art. 2.3 and 3: who floats, the four
floater types, the order floaters are paired in), ``exchange`` (Art. 2.4 and 4: the tentative
pairing, scrutiny and exchanges, with the colour exchanges of 5.2/5.7), ``groups`` (one
scoregroup), ``median`` (Art. 2.2/2.6: the two sides, the Median Scoregroup and its cracking),
``pab`` (Art. 1.1, 7.1), ``colours`` (Art. 5, 6, 7.2), ``engine`` (:func:`pair_round`, board
order), ``rules`` (the rules as rows).
"""

from pairing.lim.engine import initial_colour_of, pair_round

__all__ = ["initial_colour_of", "pair_round"]
