"""The Burstein system, C.04.4.2 (2026 text), behind the door: the engine (:mod:`pairing.burstein`)
and the checker's independent reading (:mod:`checker.burstein`) bound as the system ``burstein``.

A file names it in ``192`` (``FIDE_BURSTEIN``, with ``_BAKU`` for Baku acceleration) or in
``092`` (any text with ``BURSTEIN``).  One edition: the text applied from 1 February 2026 (the
older texts are not paired; ``192`` names no edition).

The seeding rounds (Art. 1.6: the first min(rounds/2, 4) rounds) are paired and checked by the
Dutch system, reached through the registry (the system of a file that names none,
:data:`systems.DEFAULT`) in the edition in force: the whole round (PAB, colours, boards) is the
Dutch system's.  The later rounds are the Burstein engine's and checker's.

Baku acceleration (C.04.7 applies to any system where a win is worth two draws): the virtual
points are written as records, as for the Dutch system; they form the scoregroups (and the
seeding rounds' Dutch pairing) and never enter the Index (Art. 1.7.2.3).

Every module here imports the engine and the checker inside the calls, so that a command loads
only what it runs.
"""

from __future__ import annotations

from datetime import date
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import (SHARED_PLAIN, CheckRequest, Code, Edition, IndividualSwiss, PairingSystem, PairRequest, Rule,
                          Selection, rule_rows)

if TYPE_CHECKING:  # pragma: no cover
    from checker.explanation import RoundExplanation
    from checker.report import EngineCandidate, RoundReport, WhyNot
    from pairing.result import Pairing
    from pairing.rounds import Reading
    from trf.model import Colour, Tournament

#: Each rule as an arbiter says it to a player (``Rule.plain``), by its name.
PLAIN: dict[str, str] = {
    **SHARED_PLAIN,
    '1.6': 'the first rounds (half the rounds, at most four) are paired by the Dutch system',
    '3.1.5': 'then to the player ranked lowest by strength of opposition (then the higher starting number)',
    'C5': 'as many players as possible play someone on their own score',
    'C6': 'the players moved down to a lower score have scores as low as possible',
    'C7': 'the players moved down are chosen so that the next score group pairs as well as possible',
    'C8': 'as many players as possible get the colour they are due',
    'order': 'when several pairings are equally good, the strongest-ranked player meets the lowest-ranked opponent available, then the next, and so on',
}

__all__ = ["BursteinSystem", "SYSTEM"]


def _table() -> tuple[Rule, ...]:
    """The rules as rows (:data:`pairing.burstein.rules.RULES`)."""
    from pairing.burstein.rules import RULES

    return rule_rows(RULES, PLAIN)


def _seeding_system() -> tuple[PairingSystem, Selection]:
    """The system that pairs the seeding rounds (Art. 1.6.1: the FIDE (Dutch) System, C.04.3) and
    its selection: the edition in force."""
    import systems

    dutch = systems.get(systems.DEFAULT)
    return dutch, Selection(dutch, dutch.editions[0], "the seeding rounds of the Burstein system (C.04.4.2 Art. 1.6)")


class BursteinSystem(IndividualSwiss):
    """The Burstein system (module docstring)."""

    name = "burstein"
    title = "Burstein System (C.04.4.2)"
    words = "the Burstein system"
    editions = (Edition("2026", "C.04.4.2 (2026)", _table, "Art. {article}", "Burstein rules of 2026"),)
    codes = (Code(r"BURSTEIN", example="FIDE_BURSTEIN, FIDE_BURSTEIN_BAKU, Swiss-System (Burstein)"),)
    explains = True
    packages = ("pairing.burstein", "checker.burstein")

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], (f"named by {source}" if source else "chosen by the caller") + \
            " (the rules in force since 1 February 2026)"

    def describe(self, edition: Edition, code: str = "") -> str:
        return "Burstein (C.04.4.2, 2026 rules)" + (" with Baku acceleration" if "BAKU" in code else "")

    def code_words(self, edition: Edition) -> str:
        return "FIDE Burstein"

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        return ("FIDE_BURSTEIN", "Individual: Swiss-System (FIDE Burstein System)",
                "Burstein system (C.04.4.2, 2026 rules, 192 FIDE_BURSTEIN)")

    # ---- pairing

    def round_readings(self, t: Tournament, rnd: int, pairing: Pairing, request: PairRequest) -> tuple[Reading, ...]:
        """The decisions of docs/burstein.md whose other reading pairs the round differently."""
        from pairing.burstein.readings import readings

        return readings(t, rnd, pairing, initial_colour=request.initial_colour, total_rounds=request.total_rounds)

    def round_note(self, t: Tournament, rnd: int, total_rounds: int | None) -> str:
        from pairing.burstein import seeding_rounds
        from pairing.burstein.engine import total_rounds_of

        seeding = seeding_rounds(total_rounds_of(t, total_rounds))
        if rnd <= seeding:
            return f"round {rnd} is one of the {seeding} seeding rounds (Art. 1.6): paired by the Dutch system"
        return f"paired by the Burstein rules after {seeding} seeding round(s) (Art. 1.6-1.8, 2-5)"

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> Pairing:
        """A seeding round by the Dutch system (through the registry), any later round by the
        Burstein engine."""
        from pairing.burstein import pair_round, seeding_rounds
        from pairing.burstein.engine import total_rounds_of

        total = total_rounds_of(t, total_rounds)
        if rnd <= seeding_rounds(total):
            dutch, dsel = _seeding_system()
            return dutch.pair(t, rnd, dsel, initial_colour=initial_colour, total_rounds=total)
        return pair_round(t, rnd, initial_colour=initial_colour, total_rounds=total)

    # ---- checking

    def check_one(self, t: Tournament, rnd: int, engine: EngineCandidate | None, sel: Selection,
                  request: CheckRequest) -> RoundReport:
        """A seeding round checked by the Dutch system's reading (through the registry), a later
        one by the checker's reading of C.04.4.2 (:func:`checker.burstein.check_round`)."""
        from checker.burstein import check_round, seeding_count

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        if rnd <= seeding_count(t, total):
            dutch, dsel = _seeding_system()
            got: RoundReport = dutch.check(t, [rnd], dsel, request)[0]
            got.notes.append(f"seeding round (C.04.4.2 Art. 1.6): checked by {dutch.words}")
            return got
        return check_round(t, rnd, engine=engine, total_rounds=total, rules_reason=sel.reason)

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        """Why ``a`` and ``b`` are not paired in round ``rnd``: a seeding round by the Dutch
        system's reading, a later one by :func:`checker.burstein.why_not`."""
        from checker.burstein import seeding_count, why_not

        if rnd <= seeding_count(t, None):
            dutch, dsel = _seeding_system()
            return dutch.why_not(t, rnd, a, b, dsel)
        return why_not(t, rnd, a, b)


    def explain(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> RoundExplanation | None:
        """Why each board of round ``rnd`` is paired as it is: a seeding round by the Dutch
        system's reading (through the registry), a later one by
        :func:`checker.burstein.explain.explain_round`, in the plain words of :data:`PLAIN`."""
        from dataclasses import replace

        from checker.burstein import seeding_count
        from checker.burstein.explain import explain_round

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        if rnd <= seeding_count(t, total):
            dutch, dsel = _seeding_system()
            got = dutch.explain(t, rnd, dsel, request)
            if got is None:
                return None
            return replace(got, notes=got.notes + (f"seeding round (C.04.4.2 Art. 1.6): paired and explained by "
                                                   f"{dutch.words}",))
        engine = None if request.engine is False else self.engine_candidate(t, sel)
        return explain_round(t, rnd, PLAIN, engine=engine, total_rounds=total, rules_reason=sel.reason)

    def explanation_key(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> str:
        """A digest of what :meth:`explain` reads (:func:`checker.explanation.round_digest`: the
        round's inputs, the engine option and the number of rounds, the source of the checker's
        reading and of this binding); a seeding round's is the Dutch system's."""
        from pathlib import Path

        import checker.burstein
        from checker.burstein import seeding_count
        from checker.explanation import round_digest

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        if rnd <= seeding_count(t, total):
            dutch, dsel = _seeding_system()
            return "seeding:" + dutch.explanation_key(t, rnd, dsel, request)
        here = Path(checker.burstein.__file__).parent
        return round_digest(t, rnd, sorted(here.glob("*.py")) + [Path(__file__)], (request.engine, total))

    def float_of(self, t: Tournament, pid: int, rnd: int, sel: Selection) -> str | None:
        """A seeding round's float by the Dutch system's reading, a later one by the pairing
        scores of the two players (:func:`checker.burstein.explain.float_of`)."""
        from checker.burstein import seeding_count
        from checker.burstein.explain import float_of

        if rnd <= seeding_count(t, None):
            dutch, dsel = _seeding_system()
            return dutch.float_of(t, pid, rnd, dsel)
        return float_of(t, pid, rnd)


SYSTEM = BursteinSystem()
