"""The FIDE (Dutch) System, C.04.3, behind the door: the engine (:mod:`pairing.dutch`) and the
checker's independent reading (:mod:`checker.dutch`) bound into one system, in its two editions.

Editions: the text applied from 1 February 2026 (criteria C1-C21, colours by Art. 5.2, the PAB
by C2/C5/C9) and the one in force until 31 January 2026 (the "2017 rules": C.1-C.19, the PPB and
CLB of A.9).  A file names its edition in ``192``/``092`` (``FIDE_DUTCH_2026``, its draft name
``FIDE_DUTCH_2025``, ``FIDE_DUTCH_2017``); plain ``FIDE_DUTCH`` (and any Dutch or unnamed Swiss)
is resolved by the start date (``042``, else the first ``132`` date): the 2026 rules for events
starting on or after 1 February 2026, the 2017 rules before, the 2026 rules when no date is
readable.  ``BAKU`` in the code asks for Baku acceleration (C.04.7; C.04.5.1 under the 2017
rules, which allows the standard scoring only).

Every module here imports the engine and the checker inside the calls, so that a command loads
only what it runs (``arbiter pair`` never loads the checker).
"""

from __future__ import annotations

import re
from datetime import date
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import CheckRequest, Code, Edition, IndividualSwiss, Rule, Selection

if TYPE_CHECKING:  # pragma: no cover
    from typing import Callable
    from checker.explanation import RoundExplanation
    from checker.judgement import Judgement, RoundPairing
    from checker.report import EngineCandidate, RoundReport, WhyNot
    from pairing.result import Pairing
    from trf.model import Colour, Tournament

__all__ = ["DutchSystem", "SYSTEM", "APPLIED_FROM"]

#: First day of the 2026 rules (C.04.3 as applied from 1 February 2026).
APPLIED_FROM = date(2026, 2, 1)

_EDITION = re.compile(r"DUTCH[\s_-]*(2017|2025|2026)")

def _table(edition: str) -> Callable[[], tuple[Rule, ...]]:
    """The edition's rules as rows, read from the checker's tables (criteria, colour rules) when
    first asked for."""
    def rows() -> tuple[Rule, ...]:
        from checker.dutch.colours import RULES
        from checker.dutch.editions import reading

        rd = reading(edition)
        from checker.dutch.sentences import ORDER_PLAIN

        out = [Rule(r.name, r.article, r.words, r.kind.value.lower(), r.plain) for r in rd.rows]
        out += [Rule(rd.named(rule), rd.named(rule), c.words, "colour", c.plain) for rule, c in RULES.items()]
        out.append(Rule("order", rd.order_article.removesuffix(" (2017)"),
                        "of candidates equal on every criterion, the one generated first", "order", ORDER_PLAIN))
        return tuple(out)
    return rows


class DutchSystem(IndividualSwiss):
    """The FIDE (Dutch) System (module docstring)."""

    name = "dutch"
    title = "FIDE (Dutch) System (C.04.3)"
    words = "the Dutch system"
    editions = (
        Edition("2026", "C.04.3 (2026)", _table("2026"), "Art. {article}", "Dutch rules of 2026"),
        Edition("2017", "C.04.3 (2017)", _table("2017"), "{article} (2017)", "Dutch rules of 2017",
                "under the 2017 rules (C.04.5.1)"),
    )
    codes = (Code(r"DUTCH", example="FIDE_DUTCH_2026, FIDE_DUTCH_2017, FIDE_DUTCH_BAKU, Swiss-System (Dutch)"),
             Code(r"SWISS", fallback=True, example="any other Swiss, or no code"))
    explains = True
    packages = ("pairing.dutch", "checker.dutch")

    # ---- editions and names

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        m = _EDITION.search(code)
        if m is not None:
            draft = m.group(1) == "2025"
            return (self.edition("2026" if draft else m.group(1)),
                    f"named by {source}" + (" (the draft name of the 2026 rules)" if draft else ""))
        start, where = t.start_date, ""
        written = t.header("042")
        if start is None:
            start = next((d for d in t.round_dates if d is not None), None)
            unusable = f"042 {written!r} is no date" if written else "no 042"
            where = f" (the first round date, 132: {unusable})"
        if start is None:
            why = f"042 {written!r} is no date (YYYY/MM/DD)" if written else "no start date (042)"
            return self.edition("2026"), f"{why} and no round date (132) to choose by: the rules in force now"
        if start >= APPLIED_FROM:
            return self.edition("2026"), f"the event starts on {start.isoformat()}{where}, on or after {APPLIED_FROM.isoformat()}"
        return self.edition("2017"), f"the event starts on {start.isoformat()}{where}, before {APPLIED_FROM.isoformat()}"

    def describe(self, edition: Edition, code: str = "") -> str:
        return f"Dutch (C.04.3, {edition.name} rules)" + (" with Baku acceleration" if "BAKU" in code else "")

    def code_words(self, edition: Edition) -> str:
        return f"FIDE Dutch {edition.name}"

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        """``192 FIDE_DUTCH`` when the start date already selects the edition, else the code naming it."""
        if edition.name == "2026":
            code = "FIDE_DUTCH" if start is not None and start >= APPLIED_FROM else "FIDE_DUTCH_2026"
        else:
            code = "FIDE_DUTCH" if start is not None and start < APPLIED_FROM else "FIDE_DUTCH_2017"
        return (code, "Individual: Swiss-System (FIDE Dutch System)",
                f"Dutch system (C.04.3, {edition.name} rules, 192 {code})")

    # ---- pairing

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> Pairing:
        from pairing.dutch import pair_round

        return pair_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds, rules=sel.edition.name,
                          baku=False)

    # ---- checking and explaining

    def check_one(self, t: Tournament, rnd: int, engine: EngineCandidate | None, sel: Selection,
                  request: CheckRequest) -> RoundReport:
        from checker.dutch.check import check_round

        return check_round(t, rnd, engine=engine, total_rounds=request.total_rounds,
                           search_rounds=request.search_rounds, observe=request.observe,
                           rules=sel.edition.name, rules_reason=sel.reason)

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        from checker.dutch.whynot import why_not

        return why_not(t, rnd, a, b, rules=sel.edition.name)

    def explain(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> RoundExplanation | None:
        from checker.dutch.explain import explain_round

        engine = None if request.engine is False else self.engine_candidate(t, sel)
        return explain_round(t, rnd, engine=engine, total_rounds=request.total_rounds, rules=sel.edition.name,
                             rules_reason=sel.reason)

    def explanation_key(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> str:
        from checker.dutch.explain import round_key

        return round_key(t, rnd, engine=request.engine, total_rounds=request.total_rounds, rules=sel.edition.name)

    def float_of(self, t: Tournament, pid: int, rnd: int, sel: Selection) -> str | None:
        from checker.dutch.state import Flt, float_of

        f = float_of(t, pid, rnd)
        return "down" if f is Flt.DOWN else "up" if f is Flt.UP else None

    def judge(self, before: Tournament, rnd: int, a: RoundPairing, b: RoundPairing, sel: Selection, *,
              total_rounds: int | None = None, labels: tuple[str, str] = ("the first pairing", "the second pairing")
              ) -> Judgement:
        from checker.dutch.judge import judge

        return judge(before, rnd, a, b, total_rounds=total_rounds, labels=labels)


SYSTEM = DutchSystem()
