"""The Double-Swiss Pairing System, C.04.5 as applied from 1 February 2026: each round a match of
two games between the same players, colours reversed in game 2, points counted per game.

Approach: the text's own procedure (Art. 3.3.2), greedy and top-down.  The PAB first (Art. 3.4);
then, while players are left, the top-scoregroup with the first acceptable set of upfloaters
(Art. 3.5) paired as one bracket (Art. 3.6: the least C8, then the first identifier, by
:func:`algorithms.lexicographic.first_best_pairing`); the game-1 colours last (Art. 4).  The
players' history (game points, game-1 colours, forfeits, byes) is :mod:`trf.matches`'s folding of
the file's two columns per match.

Modules: ``state`` (what each player brings to the round), ``brackets`` (Art. 3), ``colours``
(Art. 4), ``engine`` (:func:`pair_round`, board order), ``rules`` (the rules as rows).
"""

from pairing.double_swiss.engine import DoubleSwissPairing, pair_match_round, pair_round
from pairing.double_swiss.readings import readings
from pairing.result import NoLegalPairing, Pairing

__all__ = ["NoLegalPairing", "Pairing", "DoubleSwissPairing", "pair_round", "pair_match_round", "readings"]
