"""The Lim system, C.04.4.3 (2026 text), behind the door: the engine (:mod:`pairing.lim`) bound as
the system ``lim``.

How a file names it (docs/lim.md L2): no TRF-2026 ``192`` code exists for Lim, so a ``092`` text
with the word ``LIM`` names it, alone or beside ``192 CUSTOM_SWISS`` (the code for a Swiss system
outside the ETT table: the ``092`` text then says which).  A new event is written with ``192
CUSTOM_SWISS`` and ``092 Individual: Swiss-System (FIDE Lim System)``.

A Maxi-tournament (Art. 3.2.3, 3.8, 5.7) is the organiser's declaration: the ``092`` text holds
``MAXI`` (L3).  Baku acceleration is refused (L4): the Median Scoregroup of Art. 2.2 (half the
rounds played) has no meaning with virtual points.

The checker's independent reading (:mod:`checker.lim`) checks a round, answers ``--why-not`` and
explains each board, told the same Maxi declaration.

Every module here imports the engine and the checker inside the calls, so that a command loads only
what it runs.
"""

from __future__ import annotations

import re
from datetime import date
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import (CheckRequest, Code, Edition, IndividualSwiss, NotOffered, PairRequest, Rule, Selection,
                          rule_rows)

if TYPE_CHECKING:  # pragma: no cover
    from checker.explanation import RoundExplanation
    from checker.report import EngineCandidate, RoundReport, WhyNot
    from pairing.result import Pairing
    from pairing.rounds import Acceleration, NextRound
    from trf.model import Colour, Tournament

__all__ = ["LimSystem", "SYSTEM", "is_maxi"]

#: Each rule as an arbiter says it to a player (``Rule.plain``), by its name.
PLAIN: dict[str, str] = {
    "1.1": "the bye goes to the lowest-placed player on the lowest score who may have it",
    "7.1": "in the first round the bye goes to the lowest-rated player",
    "2.1": "two players may not meet twice, nor may a player get the same colour three times running or "
           "three more games with one colour than the other",
    "2.2": "the scores are paired from the top down and from the bottom up, the middle score last",
    "2.3": "a player who cannot be paired on his score, or the odd one out, moves to the next score towards the "
           "middle",
    "3.9": "the player moved is the one it harms least",
    "3.10": "a player moved in the last round is not moved again when it can be avoided",
    "3.2.2": "the player moved evens out the numbers due White and due Black",
    "3.2.4": "above the middle score the lowest-placed player moves, below it the highest-placed",
    "3.6": "players moved into a score are paired first",
    "2.4": "the top half of a score plays the bottom half",
    "4": "when two players may not meet, opponents are exchanged in a fixed order",
    "5.2-exchange": "opponents are exchanged so that both players get the colour they are due",
    "2.6": "if the middle score cannot be paired, pairings next to it are undone and made again",
    "7.2": "in the first round the colours follow the lot drawn for the top player",
    "5.3": "nobody gets a colour three times running or three more of one colour",
    "5.2": "both players get the colour they are due when possible",
    "5.4": "otherwise both alternate from the last round in which they had different colours",
    "5.4-rank": "otherwise the higher-placed player's colour decides on or above the middle score, the lower-placed "
                "player's below it",
}

_MAXI = re.compile(r"\bMAXI")


def is_maxi(code: str) -> bool:
    """L3: the file's ``092`` text (``code``, in capitals) declares a Maxi-tournament."""
    return bool(_MAXI.search(code))


def _table() -> tuple[Rule, ...]:
    """The rules as rows (:data:`pairing.lim.rules.RULES`)."""
    from pairing.lim.rules import RULES

    return rule_rows(RULES, PLAIN)


class LimSystem(IndividualSwiss):
    """The Lim system (module docstring)."""

    name = "lim"
    title = "Lim System (C.04.4.3)"
    words = "the Lim system"
    editions = (Edition("2026", "C.04.4.3 (2026)", _table, "Art. {article}", "Lim rules of 2026"),)
    codes = (Code(r"\bLIM\b", example="Individual: Swiss-System (FIDE Lim System), beside 192 CUSTOM_SWISS"),)
    packages = ("pairing.lim", "checker.lim")
    accelerations = False
    explains = True

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], (f"named by {source}" if source else "chosen by the caller") + \
            " (the rules in force since 1 February 2026)"

    def describe(self, edition: Edition, code: str = "") -> str:
        return "Lim (C.04.4.3, 2026 rules)" + (", Maxi-tournament" if is_maxi(code) else "")

    def code_words(self, edition: Edition) -> str:
        return "FIDE Lim System"

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        return ("CUSTOM_SWISS", "Individual: Swiss-System (FIDE Lim System)",
                "Lim system (C.04.4.3, 2026 rules, 192 CUSTOM_SWISS)")

    # ---- pairing

    def accelerate(self, t: Tournament, sel: Selection, *, baku: bool | None = None, baku_group: str = "handbook",
                   total_rounds: int | None = None) -> tuple[Tournament, Acceleration]:
        """L4: no acceleration; a file or caller asking for Baku acceleration, or a file holding
        acceleration records, is refused (:class:`NotOffered`)."""
        from pairing.rounds import Acceleration
        from trf.acceleration import has_explicit_acceleration

        if baku or "BAKU" in sel.code or has_explicit_acceleration(t):
            raise NotOffered(self.words, "Baku acceleration (the Median Scoregroup of C.04.4.3 Art. 2.2 is "
                                         "undefined with virtual points)")
        return t, Acceleration("none", baku is not None)

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        if request.baku or "BAKU" in sel.code:
            self.accelerate(t, sel, baku=request.baku)
        return super().next_round(t, sel, request)

    def round_note(self, t: Tournament, rnd: int, total_rounds: int | None) -> str:
        return "paired by the Lim rules (C.04.4.3 Art. 1-7): the scoregroups towards the Median Scoregroup, " \
               "top half against bottom half with the exchanges of Art. 4"

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> Pairing:
        """The Lim engine's pairing of round ``rnd`` (:func:`pairing.lim.pair_round`), as a
        Maxi-tournament when the file's ``092`` says so (L3)."""
        from pairing.lim import pair_round

        if "BAKU" in sel.code:
            self.accelerate(t, sel)
        return pair_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds,
                          maxi=is_maxi(sel.code) or is_maxi(_092(t)))


    # ---- checking (the checker's own reading, :mod:`checker.lim`)

    def check_one(self, t: Tournament, rnd: int, engine: EngineCandidate | None, sel: Selection,
                  request: CheckRequest) -> RoundReport:
        """The round checked by the checker's reading of C.04.4.3 (:func:`checker.lim.check_round`)."""
        from checker.lim import check_round

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        return check_round(t, rnd, engine=engine, total_rounds=total, rules_reason=sel.reason,
                           maxi=_maxi(t, sel))

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        """Why ``a`` and ``b`` are not paired in round ``rnd`` (:func:`checker.lim.why_not`)."""
        from checker.lim import why_not

        return why_not(t, rnd, a, b, maxi=_maxi(t, sel))

    def explain(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> RoundExplanation | None:
        """Why each board of round ``rnd`` is paired as it is (:func:`checker.lim.explain_round`), in
        the plain words of :data:`PLAIN`."""
        from checker.lim import explain_round

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        engine = None if request.engine is False else self.engine_candidate(t, sel)
        return explain_round(t, rnd, PLAIN, engine=engine, total_rounds=total, rules_reason=sel.reason,
                             maxi=_maxi(t, sel))

    def explanation_key(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> str:
        """A digest of what :meth:`explain` reads (:func:`checker.explanation.round_digest`)."""
        from pathlib import Path

        import checker.lim
        from checker.explanation import round_digest

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        here = Path(checker.lim.__file__).parent
        return round_digest(t, rnd, sorted(here.glob("*.py")) + [Path(__file__)], (request.engine, total,
                                                                                    _maxi(t, sel)))

    def float_of(self, t: Tournament, pid: int, rnd: int, sel: Selection) -> str | None:
        """The float of ``pid`` in round ``rnd`` by the scores before it (:func:`checker.lim.float_of`)."""
        from checker.lim import float_of

        return float_of(t, pid, rnd)


def _maxi(t: Tournament, sel: Selection) -> bool:
    """L3: a Maxi-tournament by the selection's code or the file's ``092``."""
    return is_maxi(sel.code) or is_maxi(_092(t))


def _092(t: Tournament) -> str:
    """The file's ``092`` text in capitals (the Maxi declaration lives there, also when the caller
    chose the system with ``--system``)."""
    return " ".join(v.upper() for r, v in t.system_code.named if r == "092")


SYSTEM = LimSystem()
