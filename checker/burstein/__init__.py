"""The checker's own reading of the Burstein system, C.04.4.2 (2026 text), after its seeding
rounds (those are the Dutch system's, checked through the registry): independent of the engine
(:mod:`pairing.burstein`); it shares only :mod:`trf` and :mod:`algorithms` with it.

Modules: ``state`` (the players as the articles describe them: Index, preferences, PAB bar),
``search`` (a bracket's best value on C5-C8 and the first candidate of Art. 4 order),
``colours`` (Art. 5.2), ``check`` (a round's verdict), ``whynot`` (``--why-not``), ``explain`` (each
board's "why this pairing?", for the published rounds)."""

from checker.burstein.check import check_round
from checker.burstein.state import seeding_count
from checker.burstein.whynot import why_not

__all__ = ["check_round", "seeding_count", "why_not"]
