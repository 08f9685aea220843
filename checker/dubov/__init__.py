"""The checker's own reading of the Dubov system, C.04.4.1 (2026 text): independent of the engine
(:mod:`pairing.dubov`); it shares only :mod:`trf` and :mod:`algorithms` with it.

Modules: ``state`` (the players as the articles describe them: ARO, preferences, upfloats, PAB
bar), ``search`` (a bracket's best value on C5-C10, the first upfloater set of Art. 4.2 and the
pairing of Art. 3.2.3-3.2.6), ``colours`` (Art. 5.2), ``check`` (a round's verdict),
``whynot`` (``--why-not``)."""

from checker.dubov.check import check_round
from checker.dubov.whynot import why_not

__all__ = ["check_round", "why_not"]
