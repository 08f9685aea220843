"""The checker's reading of the Double-Swiss system (C.04.5, 2026), independent of the engine:
each decision of a round judged against the alternatives the rules rank higher
(:mod:`checker.double_swiss.check`), from its own reading of the file (:mod:`checker.double_swiss.state`),
and ``--why-not`` (:mod:`checker.double_swiss.whynot`)."""

from checker.double_swiss.check import check_pairing, check_round, rules_pairing

__all__ = ["check_round", "check_pairing", "rules_pairing"]
