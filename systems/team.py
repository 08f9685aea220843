"""The Swiss Team Pairing System, C.04.6 (2026), behind the door: the engine of
:mod:`pairing.team` bound as the system ``team-swiss``.

A file names it in ``192`` (``FIDE_TEAM``, ``FIDE_TEAM_TYPEA_MP_GP``, ... with ``_BAKU``; the
options are read by :func:`trf.teams.team_options`); the registry also gives it every team
event whose file names no other system (:func:`systems.select`).  The 2024 text is not paired:
``192`` does not say which edition a file follows, and the rules of 2026 apply from 1 February
2026.  Checking and ``--why-not`` are the checker's own reading (:mod:`checker.team`, independent
of the engine); the check's reports carry the checker's reasons in words (each bracket's
upfloaters and pairing, each match's board-1 colours, the PAB: :mod:`checker.team.explain`),
which the published site shows; :meth:`explain` (the individual site's per-board
explanation) is not offered.

Every module here imports the engine inside the calls, so that a command loads only what it
runs.
"""

from __future__ import annotations

from datetime import date
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import CheckRequest, Code, Edition, PairingSystem, PairRequest, Rule, Selection

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Callable
    from checker.report import RoundReport, WhyNot
    from pairing.result import Pairing
    from pairing.rounds import NextRound
    from trf.model import Colour, Tournament

__all__ = ["TeamSystem", "SYSTEM"]


def _table() -> tuple[Rule, ...]:
    """The rules as rows (:data:`pairing.team.rules.RULES`)."""
    from pairing.team.rules import RULES

    return tuple(Rule(name, article, words, kind, plain) for name, article, words, kind, plain in RULES)


class TeamSystem(PairingSystem):
    """The Swiss Team Pairing System (module docstring)."""

    name = "team-swiss"
    title = "Swiss Team Pairing System (C.04.6)"
    words = "the Swiss Team Pairing System"
    editions = (Edition("2026", "C.04.6 (2026)", _table, "Art. {article}", "Swiss Team rules of 2026"),)
    codes = (Code(r"FIDE_TEAM(?![_\s-]*(DOUBLE|ROUND|BERGER))",
                  example="FIDE_TEAM, FIDE_TEAM_TYPEA_MP_GP, FIDE_TEAM_TYPEB_GP_MP, FIDE_TEAM_MP_BAKU"),)
    scoring = "match"
    accelerations = True
    team_events = True
    packages = ("pairing.team", "checker.team")

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], (f"named by {source}" if source else "a team event") + \
            " (192 does not name the edition: the rules in force since 1 February 2026)"

    def describe(self, edition: Edition, code: str = "") -> str:
        return "Swiss Team (C.04.6, 2026 rules)" + (" with Baku acceleration" if "BAKU" in code else "")

    def code_words(self, edition: Edition) -> str:
        return "FIDE Team Swiss"

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        return "FIDE_TEAM", "Team: Swiss-System (FIDE Swiss Team Pairing System)", \
            "Swiss Team Pairing System (C.04.6, 2026 rules, 192 FIDE_TEAM)"

    # ---- pairing

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        """The round asked for, after the refusals of :mod:`pairing.rounds`; a file that holds the
        round is cut back before it, its team records too (:func:`pairing.team.cut.cut_team_file`)."""
        from pairing.rounds import Acceleration, NextRound, target_round
        from pairing.team import pair_team_round
        from pairing.team.cut import cut_team_records

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        target = target_round(t, request.round, total)
        before = cut_team_records(target.before, target.round) if target.cut else target.before
        got = pair_team_round(before, target.round, initial_colour=request.initial_colour,
                              total_rounds=request.total_rounds, baku=request.baku)
        named = sel.source if "BAKU" in sel.code else None
        if got.acceleration == "baku":
            accel = Acceleration("baku", request.baku is not None, None if request.baku else named, got.baku)
        elif got.acceleration == "records":
            accel = Acceleration("records", source=named)
        else:
            accel = Acceleration("none", request.baku is not None)
        return NextRound(target.round, before, target.cut, got.pairing, self.name, edition=sel.edition.name,
                         edition_reason=sel.reason, acceleration=accel)

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> Pairing:
        from pairing.team import pair_round

        return pair_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds)

    # ---- checking
    def check(self, t: Tournament, rounds: list[int], sel: Selection, request: CheckRequest,
              progress: Callable[[int], None] | None = None) -> Any:
        """Each round judged by the checker's reading of C.04.6 (:func:`checker.team.check_round`),
        independent of the engine, with the reasons in words (:func:`checker.team.explain.explain_round`)
        in the report's data: each bracket's ``"reasons"``, each match's ``colours`` (the step of
        Art. 4.3 that decides board 1's colours) and the PAB's ``bye_reasons``."""
        from checker.team import check_round
        from trf.teams import team_event

        event = team_event(t)
        reports = []
        for r in rounds:
            reports.append(_with_reasons(event, check_round(event, r)))
            if progress is not None:
                progress(r)
        return reports

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        """Why teams ``a`` and ``b`` were not paired in round ``rnd`` (:func:`checker.team.why_not`)."""
        from checker.team import why_not
        from trf.teams import team_event

        return why_not(team_event(t), rnd, a, b)


def _with_reasons(event: Any, verdict: Any) -> RoundReport:
    """The checker's verdict (:class:`checker.team.TeamRoundReport`) as the generic
    :class:`checker.report.RoundReport`, its reasons added to the data
    (:class:`~checker.report.RoundReport`'s docstring names the keys)."""
    from checker.team.explain import explain_round, with_sentences

    report: RoundReport = verdict.to_round_report()
    report.findings = list(with_sentences(event, verdict))
    why = explain_round(event, verdict)
    for bracket, reasons in zip(report.brackets, why.brackets):
        bracket["reasons"] = [x.as_dict() for x in reasons]
    report.colours = [{**view.as_dict(), "rule": view.step, "reasons": [x.as_dict() for x in reasons]}
                      for view, reasons in zip(verdict.colours, why.colours)]
    report.bye_reasons = [x.as_dict() for x in why.bye]
    return report


SYSTEM = TeamSystem()
