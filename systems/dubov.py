"""The Dubov system, C.04.4.1 (2026 text), behind the door: the engine (:mod:`pairing.dubov`) and
the checker's independent reading (:mod:`checker.dubov`) bound as the system ``dubov``.

A file names it in ``192`` (``FIDE_DUBOV``, with ``_BAKU`` for Baku acceleration) or in ``092``
(any text with ``DUBOV``).  One edition: the text applied from 1 February 2026 (the 2018 text is
not paired; ``192`` names no edition).  The system pairs by rating (the ARO of Art. 1.7), so
every player needs one (Art. 1.1).

Baku acceleration (C.04.7 applies to any system where a win is worth two draws): the virtual
points are written as records, as for the Dutch system; they form the scoregroups.

Every module here imports the engine and the checker inside the calls, so that a command loads
only what it runs.
"""

from __future__ import annotations

from datetime import date
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import SHARED_PLAIN, CheckRequest, Code, Edition, IndividualSwiss, Rule, Selection, rule_rows

if TYPE_CHECKING:  # pragma: no cover
    from checker.explanation import RoundExplanation
    from checker.judgement import Judgement, RoundPairing
    from checker.report import EngineCandidate, RoundReport, WhyNot
    from pairing.result import Pairing
    from trf.model import Colour, Tournament

#: Each rule as an arbiter says it to a player (``Rule.plain``), by its name.
PLAIN: dict[str, str] = {
    **SHARED_PLAIN,
    '3.1.5': 'then to the player with the highest starting number',
    'C5': 'as few players as possible are moved up to play someone on a higher score',
    'C6': 'the players moved up come from scores as close as possible',
    'C7': 'as many players as possible get the colour they are due',
    'C8': 'players already moved up the most times are not moved up again when it can be avoided',
    'C9': 'if such a player must be moved up, the one moved up the fewest times so far',
    'C10': 'a player moved up in the last round is not moved up again when it can be avoided',
    '4.2': 'the players moved up are the highest on score, then on starting number',
    '4.3': 'players moved between those due White and those due Black are taken from the middle of the list',
    'order': 'the player due White whose opponents were rated lowest meets the highest-ranked player due Black '
             'available, and so on',
}

__all__ = ["DubovSystem", "SYSTEM"]


def _table() -> tuple[Rule, ...]:
    """The rules as rows (:data:`pairing.dubov.rules.RULES`)."""
    from pairing.dubov.rules import RULES

    return rule_rows(RULES, PLAIN)


class DubovSystem(IndividualSwiss):
    """The Dubov system (module docstring)."""

    name = "dubov"
    title = "Dubov System (C.04.4.1)"
    words = "the Dubov system"
    editions = (Edition("2026", "C.04.4.1 (2026)", _table, "Art. {article}", "Dubov rules of 2026"),)
    codes = (Code(r"DUBOV", example="FIDE_DUBOV, FIDE_DUBOV_BAKU, Swiss-System (Dubov)"),)
    explains = True
    packages = ("pairing.dubov", "checker.dubov")

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], (f"named by {source}" if source else "chosen by the caller") + \
            " (the rules in force since 1 February 2026)"

    def describe(self, edition: Edition, code: str = "") -> str:
        return "Dubov (C.04.4.1, 2026 rules)" + (" with Baku acceleration" if "BAKU" in code else "")

    def code_words(self, edition: Edition) -> str:
        return "FIDE Dubov"

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        return ("FIDE_DUBOV", "Individual: Swiss-System (FIDE Dubov System)",
                "Dubov system (C.04.4.1, 2026 rules, 192 FIDE_DUBOV)")

    # ---- pairing

    def round_note(self, t: Tournament, rnd: int, total_rounds: int | None) -> str:
        return "paired by the Dubov rules (C.04.4.1 Art. 1-5): by rating within each score"

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> Pairing:
        """The Dubov engine's pairing of round ``rnd`` (:func:`pairing.dubov.pair_round`)."""
        from pairing.dubov import pair_round

        return pair_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds)

    # ---- checking

    def check_one(self, t: Tournament, rnd: int, engine: EngineCandidate | None, sel: Selection,
                  request: CheckRequest) -> RoundReport:
        """The round checked by the checker's reading of C.04.4.1 (:func:`checker.dubov.check_round`)."""
        from checker.dubov import check_round

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        return check_round(t, rnd, engine=engine, total_rounds=total, rules_reason=sel.reason)

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        """Why ``a`` and ``b`` are not paired in round ``rnd`` (:func:`checker.dubov.why_not`)."""
        from checker.dubov import why_not

        return why_not(t, rnd, a, b)

    def judge(self, before: Tournament, rnd: int, a: RoundPairing, b: RoundPairing, sel: Selection, *,
              total_rounds: int | None = None, labels: tuple[str, str] = ("the first pairing", "the second pairing")
              ) -> Judgement:
        """Which of two pairings follows the rules better: the one the checker's reading accepts,
        the first rule the other breaks deciding (:func:`checker.dubov.judge.judge`)."""
        from checker.dubov.judge import judge

        return judge(before, rnd, a, b, total_rounds=total_rounds, labels=labels)

    def explain(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> RoundExplanation | None:
        """Why each board of round ``rnd`` is paired as it is (:func:`checker.dubov.explain.explain_round`:
        the bracket, G1 and G2, the upfloaters and the criterion that chose them, the colour
        rule), in the plain words of :data:`PLAIN`."""
        from checker.dubov.explain import explain_round

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        engine = None if request.engine is False else self.engine_candidate(t, sel)
        return explain_round(t, rnd, PLAIN, engine=engine, total_rounds=total, rules_reason=sel.reason)

    def explanation_key(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> str:
        """A digest of what :meth:`explain` reads (:func:`checker.explanation.round_digest`: the
        round's inputs, the engine option and the number of rounds, the source of the checker's
        reading and of this binding)."""
        from pathlib import Path

        import checker.dubov
        from checker.explanation import round_digest

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        here = Path(checker.dubov.__file__).parent
        return round_digest(t, rnd, sorted(here.glob("*.py")) + [Path(__file__)], (request.engine, total))

    def float_of(self, t: Tournament, pid: int, rnd: int, sel: Selection) -> str | None:
        """The float of a player in a round by the pairing scores of the two players: up for the
        upfloater, down for their opponent (:func:`checker.dubov.explain.float_of`)."""
        from checker.dubov.explain import float_of

        return float_of(t, pid, rnd)


SYSTEM = DubovSystem()
