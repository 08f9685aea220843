"""Scalar tie-breaks by canonical code: ``SCALARS[code](ctx, pid, mods) -> Value``.

DE is not here: it is a ranking procedure on a tied group (:mod:`tiebreaks.direct`).
"""

from __future__ import annotations

from typing import Callable

from tiebreaks import buchholz, own, sonneborn
from tiebreaks.buchholz import Value
from tiebreaks.codes import Modifiers, TieBreak
from tiebreaks.context import TBContext

Scalar = Callable[[TBContext, int, Modifiers], Value]

SCALARS: dict[str, Scalar] = {
    # own results and data (art. 7, 10.6)
    "PTS": own.PTS,
    "WIN": own.WIN,
    "WON": own.WON,
    "BPG": own.BPG,
    "BWG": own.BWG,
    "REP": own.REP,
    "GE": own.REP,  # the pre-2024-08 name of REP
    "PS": own.PS,
    "STD": own.STD,
    "TPN": own.TPN,
    "RTNG": own.RTNG,
    # Buchholz family (art. 8)
    "BH": buchholz.BH,
    "FB": buchholz.FB,
    "AOB": buchholz.AOB,
    # Sonneborn-Berger, Koya (art. 9)
    "SB": sonneborn.SB,
    "KS": sonneborn.KS,
}

# ---- rating tie-breaks (art. 10: ARO, TPR, PTP, APRO, APPO): added at the end of this module
# through _rating, which imports tiebreaks.rating on first use.


def value(ctx: TBContext, pid: int, tb: TieBreak) -> Value:
    """The value of scalar tie-break ``tb`` for ``pid`` (``None``: undefined, sorts last)."""
    try:
        f = SCALARS[tb.code]
    except KeyError:
        raise ValueError(f"{tb.text}: {tb.code} is not a scalar tie-break known to the registry") from None
    return f(ctx, pid, tb.mods)


def _rating(code: str) -> Scalar:
    from tiebreaks.rating import rating_value

    def f(ctx: TBContext, pid: int, mods: Modifiers) -> Value:
        return rating_value(ctx, pid, code, mods)
    f.__name__ = code
    return f


SCALARS.update({code: _rating(code) for code in ("ARO", "TPR", "PTP", "APRO", "APPO")})
