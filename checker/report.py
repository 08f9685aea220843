"""What a checker reading of any system reports: a round's verdict (:class:`RoundReport`) with its
findings (:class:`Finding`, each naming the rule that decides and its article), the answer to
"why not this pair?" (:class:`WhyNot`), and the engine candidate a reading may compare with
(:data:`EngineCandidate`).

The readings themselves are per system (:mod:`checker.dutch`, ...); these types are what the
command line, the batch checker and the publisher read, whichever system made them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

__all__ = ["Finding", "RoundReport", "RecordedAlteration", "WhyNot", "NoCandidate", "EngineCandidate", "STATUSES",
           "who", "cite"]

#: A round's status in a check: ``ok`` (no finding), ``discrepancy`` (a finding), ``manual``
#: (paired by hand and recorded by a ``### MPA`` line that describes the round: the findings
#: say what the alteration costs, and they are no discrepancy of the file, C.04.2 Art. 4.4).
STATUSES = ("ok", "discrepancy", "manual")


def who(x: int | None, names: Mapping[int, str] | None = None) -> str:
    """A participant as an arbiter names one aloud: ``Berg, Anna (3)``, the name and the start
    number (a team's TPN); the number alone when ``names`` has no name for it."""
    if x is None:
        return "nobody"
    name = (names or {}).get(x, "").strip()
    return f"{name} ({x})" if name else str(x)


def cite(handbook: str, article: str | None, name: str | None = None) -> str:
    """Where a rule is stated, for the brackets after a sentence's plain words:
    ``C.04.3 Art. 2.4.7 / C12``; an article that is already a name (``C.10 (2017)``, ``E.3
    (2017)``) or a rule without its own name are cited as they are."""
    if not article:
        return handbook
    if article[0].isdigit():
        text = f"{handbook} Art. {article}"
    else:
        text = f"{handbook} {article}"
    if name and name not in article and not name[0].isdigit() and name != "order":
        text += f" / {name}"
    return text


@dataclass(frozen=True)
class Finding:
    """One discrepancy.  ``kind``: absolute, completion, colour, quality or order; ``criterion``:
    the rule's name in its edition (``C12``, ``C.10``, ``5.2.3``, ``order``); ``article``: where
    the Handbook states it (``2.4.7``, ``C.10 (2017)``); ``sentence``: the finding as an arbiter
    reads it aloud (the players by name and number, the deciding rule in plain words, then its
    article in brackets; JSON ``"sentence"``, beside ``"message"``, the checker's own terms)."""

    kind: str
    criterion: str
    message: str
    boards: tuple[tuple[int, int | None], ...] = ()
    bracket: int | None = None
    given: str | None = None
    better: str | None = None
    article: str | None = None
    sentence: str = ""

    @property
    def plain(self) -> str:
        """:attr:`sentence`, or :attr:`message` for a finding that has none."""
        return self.sentence or self.message

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "criterion": self.criterion, "article": self.article, "message": self.message,
                "boards": [list(b) for b in self.boards], "bracket": self.bracket,
                "given_value": self.given, "candidate_value": self.better, "sentence": self.plain}


@dataclass(frozen=True)
class RecordedAlteration:
    """A round's ``### MPA`` line as the check read it (:func:`checker.event.with_recorded_alterations`):
    the line, whether it describes the round (``problem``: why not, in words; ``None``: it does),
    and whether its left side was compared with the engine's pairing (``engine_compared``: not
    when the check ran without the engine, or the engine gave no pairing)."""

    line: str
    problem: str | None = None
    engine_compared: bool = True

    @property
    def describes_round(self) -> bool:
        return self.problem is None

    def as_dict(self) -> dict[str, Any]:
        return {"line": self.line, "describes_round": self.describes_round, "problem": self.problem,
                "engine_compared": self.engine_compared}


@dataclass
class RoundReport:
    """A round's verdict: the given boards and PAB, the findings (none: the round conforms), the
    better candidate when one was found, the round's brackets as the reading cut them, the
    sources of candidates, notes, and the edition of the rules applied and why.

    What a reading may add, for explanations (empty when it does not): in each bracket's dict a
    ``"reasons"`` list; ``colours``, one dict per board with ``"white"``, ``"black"``, ``"rule"``
    (the name, in the edition, of the colour rule that decides; ``None``: none does), ``"ok"``
    (the given colours are the rules') and ``"reasons"``; ``bye_reasons`` for the PAB.  A reason
    is a dict ``{"criterion", "article", "text"}``: the rule, where the Handbook states it, and
    what it measured in words."""

    round: int
    players: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None
    findings: list[Finding] = field(default_factory=list)
    candidate: tuple[tuple[int, int], ...] | None = None  # the best candidate found (white, black)
    candidate_bye: int | None = None
    brackets: list[dict[str, Any]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    engine_disagrees: str | None = None  # the engine's pairing ranks below the given one
    edition: str = ""  # the edition of the rules applied
    edition_reason: str = ""
    unit: str = "player"  # what ``players`` counts: ``"team"`` in a team event
    colours: list[dict[str, Any]] = field(default_factory=list)  # per board, how its colours were decided
    bye_reasons: list[dict[str, str]] = field(default_factory=list)  # why the PAB went where it went
    # the engine's own pairing of the round (boards, PAB), when the check asked it; ``None``: not asked
    engine_pairing: tuple[tuple[tuple[int, int], ...], int | None] | None = None
    alteration: RecordedAlteration | None = None  # the round's ``### MPA`` line, when it has one

    @property
    def ok(self) -> bool:
        """No finding: the round as given conforms (a round paired by hand may not: :attr:`status`)."""
        return not self.findings

    @property
    def status(self) -> str:
        """One of :data:`STATUSES`: ``manual`` when the round's ``### MPA`` line describes it
        (whatever the findings), else ``ok`` or ``discrepancy`` by the findings."""
        if self.alteration is not None and self.alteration.describes_round:
            return "manual"
        return "ok" if self.ok else "discrepancy"

    def discrepant(self, strict: bool = False) -> bool:
        """Whether the round counts as a discrepancy of the file: a ``discrepancy``, and with
        ``strict`` a round paired by hand too."""
        return self.status == "discrepancy" or (strict and self.status == "manual")

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round, "ok": self.ok, "status": self.status, "players": self.players,
            "boards": [list(b) for b in self.boards], "bye": self.bye,
            "findings": [f.as_dict() for f in self.findings],
            "candidate": None if self.candidate is None else {
                "boards": [list(b) for b in self.candidate], "bye": self.candidate_bye},
            "brackets": self.brackets, "candidate_sources": self.sources, "notes": self.notes,
            "engine_disagrees": self.engine_disagrees,
            "edition": self.edition, "edition_reason": self.edition_reason, "unit": self.unit,
            "colours": self.colours, "bye_reasons": self.bye_reasons,
            "engine_pairing": None if self.engine_pairing is None else {
                "boards": [list(b) for b in self.engine_pairing[0]], "bye": self.engine_pairing[1]},
            "alteration": None if self.alteration is None else self.alteration.as_dict(),
        }

    @staticmethod
    def from_dict(r: dict[str, Any]) -> RoundReport:
        """The inverse of :meth:`as_dict` (for reports stored between publications)."""
        return RoundReport(
            r["round"], r["players"], tuple((b[0], b[1]) for b in r["boards"]), r["bye"],
            [Finding(f["kind"], f["criterion"], f["message"], tuple((b[0], b[1]) for b in f["boards"]), f["bracket"],
                     f["given_value"], f["candidate_value"], f.get("article"), f.get("sentence", ""))
             for f in r["findings"]],
            None if r["candidate"] is None else tuple((b[0], b[1]) for b in r["candidate"]["boards"]),
            None if r["candidate"] is None else r["candidate"]["bye"],
            r["brackets"], list(r["candidate_sources"]), list(r["notes"]), r["engine_disagrees"],
            r.get("edition", ""), r.get("edition_reason", ""), r.get("unit", "player"), list(r.get("colours", [])),
            list(r.get("bye_reasons", [])),
            None if r.get("engine_pairing") is None else (
                tuple((b[0], b[1]) for b in r["engine_pairing"]["boards"]), r["engine_pairing"]["bye"]),
            None if r.get("alteration") is None else RecordedAlteration(
                r["alteration"]["line"], r["alteration"]["problem"], r["alteration"]["engine_compared"]))


@dataclass(frozen=True)
class WhyNot:
    """``--why-not A-B``: the pair forced into the round and what it costs.  ``verdict``: given,
    impossible, incomplete, worse, later, better; ``criterion``: the rule that decides;
    ``message``: the answer in the checker's terms; ``sentence`` (JSON ``"sentence"``): the same
    answer as an arbiter says it to a player, the two by name and number, the deciding rule in
    plain words first and its article in brackets after."""

    round: int
    pair: tuple[int, int]
    verdict: str
    criterion: str | None
    message: str
    candidate: tuple[tuple[int, int], ...] = ()
    candidate_bye: int | None = None
    sentence: str = ""

    @property
    def plain(self) -> str:
        """:attr:`sentence`, or :attr:`message` when the reading wrote none."""
        return self.sentence or self.message

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "pair": list(self.pair), "verdict": self.verdict, "criterion": self.criterion,
                "message": self.message, "candidate": {"boards": [list(b) for b in self.candidate],
                                                       "bye": self.candidate_bye}, "sentence": self.plain}


class NoCandidate(Exception):
    """The engine gave no candidate (the reason in words)."""


#: The engine's pairing of a round, as one more candidate for a checker reading: called with the
#: round, the initial colour and the number of rounds the reading assumes; returns the boards
#: (white, black) and the PAB, or raises :class:`NoCandidate`.  The registry supplies it
#: (:mod:`systems`): a reading never imports an engine.
EngineCandidate = Callable[[int, Any, int], tuple[tuple[tuple[int, int], ...], "int | None"]]
