"""A round of a team Swiss checked against C.04.6 (2026): the verdict (:class:`TeamRoundReport`)
with the first finding of the pairing process and every board whose colours Art. 4 allocates
otherwise.

Order of the checks, as the process of Art. 3.3.2 meets them:

1. the absolute criteria on the given pairs and PAB: [C1] no rematch of a played match (a
   forfeited match is no meeting: C.04.2 Art. 3.5), [C2] no PAB for a team it bars;
2. the PAB (Art. 3.4.1-3.4.4);
3. each bracket in turn, top-scoregroup first: its upfloaters (Art. 3.5: [C4]-[C7], then
   Art. 3.5.4's order) and its pairing (Art. 3.6: [C8]-[C10], then the identifier order);
4. the board-1 colours of every match, forfeited ones included (Art. 4.2, 4.3.1-4.3.9).

Steps 1-3 stop at the first finding: once a decision departs from the rules, the later brackets
are made of other teams than the rules would leave.  Step 4 judges every board: colours depend
only on the pair.  A forfeited match (``330``) counts as paired: the pairing made it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

from checker.report import Finding, RoundReport
from checker.team.brackets import (Decision, Upfloaters, judge_pab, judge_pairing, judge_set, normal, show_score,
                                   value_of)
from checker.team.colours import allocate
from checker.team.criteria import ABSOLUTE, PAIR_ROWS
from checker.team.graph import MeetGraph
from checker.team.state import RoundState, round_state
from trf.teams import MatchKind, TeamEvent

__all__ = ["TeamRoundReport", "BracketView", "BoardView", "PairingInputError", "check_round", "check_pairing",
           "check_event", "RULES"]

RULES = "C.04.6 (2026)"


@dataclass(frozen=True)
class BracketView:
    """A bracket as the given pairing makes it: its score, residents, upfloaters, pairs (top,
    bottom), the pairing's value on the pair rows in force (``values``: name -> count) and the
    rule that found against it (``None``: it conforms; brackets after a finding are not cut)."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    values: tuple[tuple[str, int], ...]
    finding: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"score": show_score(self.score), "residents": list(self.residents),
                "upfloaters": list(self.upfloaters), "pairs": [list(p) for p in self.pairs],
                "values": dict(self.values), "finding": self.finding}


@dataclass(frozen=True)
class BoardView:
    """A match's colours: the given White and Black teams, the first-team (Art. 4.2) and why, the
    step of Art. 4.3 that decides, the White team it names (``None``: no step decides) and the
    match's kind (:class:`trf.teams.MatchKind` of the White team)."""

    white: int
    black: int
    kind: str
    first: int
    first_by: str
    step: str | None
    rules_white: int | None

    @property
    def ok(self) -> bool:
        return self.rules_white is None or self.rules_white == self.white

    def as_dict(self) -> dict[str, Any]:
        return {"white": self.white, "black": self.black, "kind": self.kind, "first_team": self.first,
                "first_by": self.first_by, "step": self.step, "rules_white": self.rules_white, "ok": self.ok}


@dataclass(frozen=True)
class TeamRoundReport:
    """The verdict on round ``round``: the teams paired (``teams``, the PAB included), the given
    matches (``boards``: (White, Black) TPNs, forfeited ones included; ``kinds``: each one's
    :class:`trf.teams.MatchKind`), the PAB (``bye``), the ``findings`` (none: the round conforms;
    the first is the first decision the rules make otherwise, colour findings follow), the
    brackets as cut, every board's colours, and ``notes`` on what was assumed or left unproven."""

    round: int
    teams: int
    boards: tuple[tuple[int, int], ...]
    kinds: tuple[str, ...]
    bye: int | None
    findings: tuple[Finding, ...]
    brackets: tuple[BracketView, ...]
    colours: tuple[BoardView, ...]
    notes: tuple[str, ...] = ()
    rules: str = field(default=RULES)

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def first(self) -> Finding | None:
        """The first finding (``None``: the round conforms)."""
        return self.findings[0] if self.findings else None

    def text(self) -> str:
        """One line: ``round 3: conforms`` or the first finding's message."""
        head = f"round {self.round}: "
        if self.ok:
            return head + "conforms"
        more = f" (and {len(self.findings) - 1} more finding(s))" if len(self.findings) > 1 else ""
        return head + self.findings[0].message + more

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "ok": self.ok, "rules": self.rules, "teams": self.teams,
                "boards": [list(b) for b in self.boards], "kinds": list(self.kinds), "bye": self.bye,
                "findings": [f.as_dict() for f in self.findings],
                "brackets": [b.as_dict() for b in self.brackets],
                "colours": [c.as_dict() for c in self.colours], "notes": list(self.notes)}

    def to_round_report(self) -> RoundReport:
        """The same verdict as :class:`checker.report.RoundReport`, the shape ``arbiter check``
        renders (text, ``--json``, bbpPairings' layout)."""
        return RoundReport(self.round, self.teams, self.boards, self.bye, list(self.findings),
                           brackets=[b.as_dict() for b in self.brackets], sources=["checker (C.04.6 reading)"],
                           notes=list(self.notes), edition="2026", edition_reason=self.rules, unit="team")


def _finding(kind: str, d: Decision, boards: tuple[tuple[int, int | None], ...], bracket: int | None) -> Finding:
    return Finding(kind, d.criterion.name, d.message, boards, bracket, d.given, d.better, d.criterion.article)


def _boards_of(given: dict[frozenset[int], tuple[int, int]], teams: set[int] | frozenset[int]
               ) -> tuple[tuple[int, int | None], ...]:
    return tuple(b for k, b in sorted(given.items(), key=lambda x: x[1]) if k & teams)


def _absolute(st: RoundState, matches: list[tuple[int, int, str]], bye: int | None) -> list[Finding]:
    c1, c2 = ABSOLUTE[0], ABSOLUTE[1]
    out = []
    for w, b, kind in matches:
        if not st.may_meet(w, b):
            out.append(Finding("absolute", c1.name, f"{c1.label}: {c1.words}: teams {w} and {b} played each other in "
                                                    f"round {st.teams[w].met_in(b)}", ((w, b),), article=c1.article))
    if bye is not None and st.teams[bye].pab_bar is not None:
        out.append(Finding("absolute", c2.name, f"{c2.label}: team {bye} receives the PAB but "
                                                f"{st.teams[bye].pab_bar}", ((bye, None),), article=c2.article))
    return out


def _colour_findings(st: RoundState, matches: list[tuple[int, int, str]]) -> tuple[list[BoardView], list[Finding]]:
    views, out = [], []
    for w, b, kind in matches:
        a = allocate(st, w, b)
        view = BoardView(w, b, kind, a.first, a.first_by, a.step.article if a.step else None,
                         a.white if a.step else None)
        views.append(view)
        if view.ok or a.step is None:
            continue
        f, o = st.teams[a.first], st.teams[b if a.first == w else w]
        facts = "; ".join(f"team {x.tpn}: colours {''.join(c.value for c in x.colours) or '-'}, CD {x.cd:+d}, "
                          f"preference {x.describe_preference(st.preference_type)}" for x in (f, o))
        why = {"4.2.1": "higher score", "4.2.2": "higher secondary score", "4.2.3": "smaller TPN"}[a.first_by]
        out.append(Finding("colour", a.step.article,
                           f"Art. {a.step.article} ({a.step.words}): in {w}-{b} team {a.white} should have White "
                           f"on board 1 (first-team {a.first} by Art. {a.first_by}, {why}; {facts}); the given "
                           f"has team {w} White", ((w, b),), given=f"{w} White", better=f"{a.white} White",
                           article=a.step.article))
    return views, out


def check_round(event: TeamEvent, rnd: int) -> TeamRoundReport:
    """Round ``rnd`` of ``event`` as its file gives it (``event.matches(rnd)``, ``event.pab(rnd)``;
    forfeited matches count as paired), judged against C.04.6 (2026) on the history of rounds
    ``1 .. rnd-1``.  See the module docstring for the order of the checks."""
    return check_pairing(event, rnd, event.matches(rnd), event.pab(rnd))


def check_pairing(event: TeamEvent, rnd: int, matches: Sequence[tuple[int, int] | tuple[int, int, str]],
                  bye: int | None) -> TeamRoundReport:
    """Any pairing of round ``rnd`` (``matches``: (White, Black) TPNs, optionally with a
    :class:`trf.teams.MatchKind`; ``bye``: the PAB's TPN or ``None``) judged as :func:`check_round`
    judges the file's: on the history of ``event`` before ``rnd``, whatever the file holds for
    ``rnd`` and after.  Raises :class:`PairingInputError` when a team is paired twice or is unknown."""
    st = round_state(event, rnd)
    return _judge(st, given_matches(st, matches, bye), bye)


class PairingInputError(ValueError):
    """A pairing that cannot be judged: ``team`` is unknown (``reason`` ``"unknown"``) or paired
    twice (``"twice"``) in round ``round``."""

    def __init__(self, round: int, team: int, reason: str) -> None:
        self.round, self.team, self.reason = round, team, reason
        super().__init__(f"round {round}: no team has pairing number {team}" if reason == "unknown"
                         else f"round {round}: team {team} is paired twice")


def given_matches(st: RoundState, matches: Sequence[tuple[int, int] | tuple[int, int, str]],
                  bye: int | None) -> list[tuple[int, int, str]]:
    """``matches`` as (White, Black, kind), a missing kind read as a played match; raises
    :class:`PairingInputError` when a team is unknown or paired twice."""
    out = [(m[0], m[1], m[2] if len(m) == 3 else MatchKind.PLAYED) for m in matches]
    seen: set[int] = set()
    for t in [x for w, b, _ in out for x in (w, b)] + ([bye] if bye is not None else []):
        if t not in st.teams:
            raise PairingInputError(st.round, t, "unknown")
        if t in seen:
            raise PairingInputError(st.round, t, "twice")
        seen.add(t)
    return out


def _judge(st: RoundState, matches: list[tuple[int, int, str]], bye: int | None) -> TeamRoundReport:
    rnd = st.round
    boards = tuple((w, b) for w, b, _ in matches)
    kinds = tuple(k for _, _, k in matches)
    opponent: dict[int, int] = {}
    for w, b, _ in matches:
        opponent[w], opponent[b] = b, w
    teams = frozenset(opponent) | ({bye} if bye is not None else set())
    notes = list(st.notes)
    given = {frozenset((w, b)): (w, b) for w, b, _ in matches}
    findings = _absolute(st, matches, bye)
    views: list[BracketView] = []
    if not findings:
        graph = MeetGraph(st, teams)
        if bye is not None:
            d = judge_pab(st, graph, teams, bye)
            if d is not None:
                involved = {bye} | ({d.alternative_pab} if d.alternative_pab else set())
                findings.append(_finding("PAB", d, ((bye, None),) + _boards_of(given, involved), None))
        unpaired = teams - ({bye} if bye is not None else set())
        while unpaired and not findings:
            up = Upfloaters(st, graph, unpaired)
            residents = set(up.residents)
            ups = tuple(sorted({opponent[t] for t in residents} - residents))
            bracket = residents | set(ups)
            pairs = normal([(t, opponent[t]) for t in bracket if t < opponent[t]])
            values = tuple((r.name, v) for r, v in zip((r for r in PAIR_ROWS if r.applies(st)),
                                                       value_of(st, up.score, pairs)))
            k = len(views)
            d, _ = judge_set(up, ups)
            if d is None:
                d, _ = judge_pairing(st, tuple(sorted(bracket)), up.score, pairs)
            if up.truncated:
                notes.append(f"bracket of score {show_score(up.score)}: more than the examined sets of upfloaters "
                             "exist; the ones left unexamined were not compared")
            views.append(BracketView(up.score, up.residents, ups, pairs, values, d.criterion.name if d else None))
            if d is not None:
                kind = "order" if d.criterion.kind == "order" else "quality"
                involved = bracket | set(d.alternative_set or ()) | {t for p in d.alternative for t in p}
                findings.append(_finding(kind, d, _boards_of(given, involved), k))
            unpaired = unpaired - bracket
    colour_views, colour = _colour_findings(st, matches)
    findings.extend(colour)
    return TeamRoundReport(rnd, len(teams), boards, kinds, bye, tuple(findings), tuple(views), tuple(colour_views),
                           tuple(notes))


def check_event(event: TeamEvent, rounds: list[int] | None = None) -> list[TeamRoundReport]:
    """:func:`check_round` for each of ``rounds`` (default: every round with a match or a PAB)."""
    todo = rounds if rounds is not None else [r for r in range(1, event.rounds + 1)
                                              if event.matches(r) or event.pab(r)]
    return [check_round(event, r) for r in todo]
