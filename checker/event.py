"""Checking a whole file: which rounds can be checked, and the rounds the file says were paired by
hand (:func:`with_recorded_alterations`).  Which system's reading checks them (the Dutch system's
for individual events, the Swiss Team Pairing System's for team events) is the registry's
business (:mod:`systems`: :meth:`~systems.base.PairingSystem.check`).
"""

from __future__ import annotations

from dataclasses import replace

from checker.report import Finding, RecordedAlteration, RoundReport
from trf.comments import Irregularity, PairingSide, alteration_sides, irregularities
from trf.model import Tournament

__all__ = ["NothingToCheck", "RoundNotInFile", "rounds_to_check", "with_recorded_alterations", "MPA_ARTICLE"]

#: Where a round paired by hand stands in the rules: the arbiter may alter a pairing (C.04.2
#: Art. 4.4), and a round that differs from the checker's carries a ``### MPA`` line (draft
#: VCL4THP Q63, Q65-Q69, Q113).
MPA_ARTICLE = "C.04.2 Art. 4.4; draft VCL4THP Q65-Q69"


class NothingToCheck(ValueError):
    """No round of the file is paired yet."""

    def __init__(self) -> None:
        super().__init__("no round is paired yet; nothing to check")


class RoundNotInFile(ValueError):
    """The round asked for is not paired in the file (it has rounds 1..``last``)."""

    def __init__(self, requested: int, last: int) -> None:
        super().__init__(f"round {requested} is not in the file: it has rounds 1-{last}")
        self.requested = requested
        self.last = last


def rounds_to_check(t: Tournament, requested: int | None = None) -> list[int]:
    """Every paired round of ``t``, or round ``requested`` alone.

    Raises :class:`NothingToCheck` when no round is paired and :class:`RoundNotInFile` for a round
    the file does not have."""
    if t.rounds_paired < 1:
        raise NothingToCheck()
    if requested is not None:
        if not 1 <= requested <= t.rounds_paired:
            raise RoundNotInFile(requested, t.rounds_paired)
        return [requested]
    return list(range(1, t.rounds_paired + 1))


def _side_of(items: frozenset[tuple[int, int]]) -> PairingSide:
    boards = tuple(sorted(i for i in items if i[1] != 0))
    byes = tuple(sorted(i[0] for i in items if i[1] == 0))
    return PairingSide(boards, byes)


def _problem(rep: RoundReport, lines: list[Irregularity]) -> tuple[str | None, bool]:
    """Why the round's ``### MPA`` lines do not describe it (``None``: they do), and whether the
    left side was compared with the engine's pairing."""
    if len(lines) > 1:
        return f"the file has {len(lines)} such lines for the round, and one line describes a round", False
    sides = alteration_sides(lines[0].text)
    if sides is None:
        return ("it does not follow the grammar '<the engine's boards> => <the round's boards>' "
                "(boards as White-Black starting ranks, a bye as N=PAB)"), False
    left, right = sides
    given = frozenset(rep.boards) | (frozenset({(rep.bye, 0)}) if rep.bye is not None else frozenset())
    not_in_round = right.items - given
    if not_in_round:
        return f"its right side names {_side_of(not_in_round).words()}, not in the round's pairing", False
    if rep.engine_pairing is None:
        in_round = left.items & given
        if in_round:
            return f"its left side names {_side_of(in_round).words()}, which the round has", False
        return None, False
    boards, bye = rep.engine_pairing
    engine = frozenset(boards) | (frozenset({(bye, 0)}) if bye is not None else frozenset())
    want_left, want_right = _side_of(engine - given), _side_of(given - engine)
    if left.items != want_left.items or right.items != want_right.items:
        if engine == given:
            return "the round is the engine's own pairing (nothing was altered)", True
        return (f"the engine's pairing and the round differ by {want_left.words()} => {want_right.words()}, "
                f"the line says {left.words()} => {right.words()}"), True
    return None, True


def with_recorded_alterations(t: Tournament, reports: list[RoundReport]) -> list[RoundReport]:
    """``reports`` with each round's ``### MPA`` line read against the round (draft VCL4THP Q63,
    Q65-Q69, Q113; C.04.2 Art. 4.4): a line whose right side is the round's boards that the
    engine's pairing lacks and whose left side is the engine's boards the round lacks (boards with
    their colours, the PAB as ``N=PAB``; :mod:`trf.comments`) records a round paired by hand: its
    status is ``manual`` and its findings stay, to say what the alteration costs.  A line that
    does not describe its round is a finding of its own (a discrepancy).  Without the engine's
    pairing (a check without the engine) the left side is only checked to name boards the round
    does not have, and a note says so.  Rounds without a line are returned as they are."""
    lines: dict[int, list[Irregularity]] = {}
    for item in irregularities(t):
        if item.kind == "MPA":
            lines.setdefault(item.round, []).append(item)
    out = []
    for rep in reports:
        found = lines.get(rep.round)
        if not found:
            out.append(rep)
            continue
        problem, compared = _problem(rep, found)
        alteration = RecordedAlteration(found[0].line, problem, compared)
        findings, notes = list(rep.findings), list(rep.notes)
        if problem is not None:
            findings.append(Finding("record", "MPA", f"the ### MPA line of round {rep.round} does not describe the "
                                                     f"round: {problem}", article=MPA_ARTICLE))
        elif not compared:
            notes.append("the ### MPA line's left side was not compared with the engine's pairing (the check ran "
                         "without the engine, or the engine gave none)")
        out.append(replace(rep, findings=findings, notes=notes, alteration=alteration))
    return out
