"""The checker's own reading of the Lim System, C.04.4.3 (2026): independent of the engine
(:mod:`pairing`); it shares only :mod:`trf`, :mod:`algorithms` and what the checker's Swiss
readings share (:mod:`checker.swiss_round`).

Modules: ``state`` (the players as the articles describe them: score, colours, due colour,
rating, the previous round's float, the bye bar), ``procedure`` (the round derived step by step,
each step naming its article), ``check`` (a round's verdict: the first step the given round
departs from), ``whynot`` (``--why-not``), ``explain`` ("why this pairing?")."""

from checker.lim.check import check_round
from checker.lim.explain import explain_round, float_of
from checker.lim.whynot import why_not

__all__ = ["check_round", "why_not", "explain_round", "float_of"]
