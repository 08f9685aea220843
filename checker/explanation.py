"""What a checker reading says about a round, board by board: "why do I play him, why with this
colour, why did I float, why did I get the bye?", and the closest alternative the checker tried
for each (how Art. 3.8 or the system's own comparison ranks it against the given pairing).

The types are the same for every system; each system's checker reading fills them (for the
Dutch system :mod:`checker.dutch.explain`).  Beside the checker's own words (``text``,
``reason``, ``colour_detail``: the Handbook's and the search's terms, kept as they are in the
JSON), each explanation carries the same as an arbiter reads it aloud: ``sentence`` (an
alternative, a float), ``colour_sentence`` (a board) and one ``sentence`` per reason of the PAB
-- the players by name and number, the deciding rule in plain words first and its article in
brackets after.  The publisher (:mod:`arbiter.publish`) renders them
and stores them between publications (:meth:`RoundExplanation.as_dict`,
:func:`explanation_from_dict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from checker.report import Finding, RoundReport

if TYPE_CHECKING:  # pragma: no cover
    from trf.model import Tournament

__all__ = ["Alternative", "FloatReason", "BoardExplanation", "ByeExplanation", "RoundExplanation",
           "explanation_from_dict", "score_text", "points_text", "round_digest"]


def score_text(x: Fraction) -> str:
    """A score as an arbiter writes it: ``2``, ``2.5``."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def points_text(x: Fraction | str) -> str:
    """``1 point``, ``2.5 points``."""
    text = x if isinstance(x, str) else score_text(x)
    return f"{text} point" if text == "1" else f"{text} points"


@dataclass(frozen=True)
class Alternative:
    """Another pairing the checker tried, and how Art. 3.8 ranks it against the given one.

    ``boards``: its boards that differ from the given pairing (White, Black by Art. 5.2; a
    ``None`` Black is the PAB).  ``better``: the alternative ranks *above* the given pairing
    (the checker disputes the round).  ``sentence``: the difference read aloud (JSON
    ``"sentence"``, beside ``"text"``)."""

    boards: tuple[tuple[int, int | None], ...]
    criterion: str  # C5..C21 or "order"
    bracket: int | None  # 1-based; None for the round-wide C5
    bracket_score: str | None
    given: str | None
    alternative: str | None
    better: bool
    text: str  # the difference in words
    article: str = ""  # where the Handbook states the criterion (``2.4.7``, ``3.8``)
    sentence: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"boards": [list(b) for b in self.boards], "criterion": self.criterion, "article": self.article,
                "bracket": self.bracket, "bracket_score": self.bracket_score, "given_value": self.given,
                "alternative_value": self.alternative, "better": self.better, "text": self.text,
                "sentence": self.sentence or self.text}


@dataclass(frozen=True)
class FloatReason:
    """A float of this round (Art. 1.4): who, which way, between which scores, and why (``reason``
    in the checker's terms; ``sentence``, JSON ``"sentence"``, read aloud)."""

    player: int
    direction: str  # "down" or "up"
    score: str  # the player's pairing score
    opponent_score: str
    criterion: str | None  # what keeps the player from staying in their scoregroup, when known
    reason: str
    alternative: Alternative | None = None
    article: str | None = None
    sentence: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "direction": self.direction, "score": self.score,
                "opponent_score": self.opponent_score, "criterion": self.criterion, "article": self.article,
                "reason": self.reason, "alternative": None if self.alternative is None else self.alternative.as_dict(),
                "sentence": self.sentence or self.reason}


@dataclass(frozen=True)
class BoardExplanation:
    """One board: the bracket it belongs to, the floats, the colours and the closest alternative;
    ``colour_sentence`` (JSON ``"colour_sentence"``): who gets White and why, read aloud;
    ``bracket_sentence`` (JSON ``"bracket_sentence"``): how the bracket is made and split, read
    aloud, for a system whose brackets the generic words do not fit (empty: those words)."""

    board: int
    white: int
    black: int
    white_score: str
    black_score: str
    bracket: int  # 1-based
    bracket_score: str
    mdps: tuple[int, ...]  # the bracket's moved-down players
    heterogeneous: bool
    floats: tuple[FloatReason, ...]
    colour_rule: str  # 5.2.1 .. 5.2.5
    colour_text: str
    colour_detail: str
    colours_agree: bool  # the file's colours are those of Art. 5.2
    preferences: tuple[str, str]  # White's, Black's (as before the round)
    history: tuple[str, str]  # float history of the two previous rounds, White's, Black's
    alternative: Alternative | None
    topscorers: tuple[int, ...] = ()
    colour_sentence: str = ""
    bracket_sentence: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"board": self.board, "white": self.white, "black": self.black, "white_score": self.white_score,
                "black_score": self.black_score, "bracket": self.bracket, "bracket_score": self.bracket_score,
                "mdps": list(self.mdps), "heterogeneous": self.heterogeneous,
                "floats": [f.as_dict() for f in self.floats], "colour_rule": self.colour_rule,
                "colour_text": self.colour_text, "colour_detail": self.colour_detail,
                "colours_agree": self.colours_agree, "preferences": list(self.preferences),
                "history": list(self.history),
                "alternative": None if self.alternative is None else self.alternative.as_dict(),
                "topscorers": list(self.topscorers), "colour_sentence": self.colour_sentence,
                "bracket_sentence": self.bracket_sentence}


@dataclass(frozen=True)
class ByeExplanation:
    """The pairing-allocated bye: why this player (for the Dutch system C2, C5, C9, then the
    generation order), each reason as (criterion, its article, the reason in words); ``sentences``,
    one per reason, the same read aloud (JSON: each reason's ``"sentence"``)."""

    player: int
    score: str
    unplayed: int
    reasons: tuple[tuple[str, str, str], ...]  # (criterion, article, text)
    alternative: Alternative | None
    sentences: tuple[str, ...] = ()

    def said(self) -> tuple[str, ...]:
        """Each reason read aloud (its text when the reading wrote no sentence)."""
        return tuple(self.sentences[i] if i < len(self.sentences) and self.sentences[i] else r[2]
                     for i, r in enumerate(self.reasons))

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "score": self.score, "unplayed": self.unplayed,
                "reasons": [{"criterion": c, "article": a, "text": x, "sentence": said}
                            for (c, a, x), said in zip(self.reasons, self.said())],
                "alternative": None if self.alternative is None else self.alternative.as_dict()}


@dataclass(frozen=True)
class RoundExplanation:
    """A round: the checker's verdict (:class:`checker.dutch.check.RoundReport`), every board in the
    board order of C.04.2 Art. 3.6, the PAB, and the closest alternative for the round."""

    round: int
    report: RoundReport
    boards: tuple[BoardExplanation, ...]
    bye: ByeExplanation | None
    best: Alternative | None
    alternatives: int  # candidates the first search step compared with the given pairing
    notes: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return self.report.ok

    @property
    def findings(self) -> list[Finding]:
        return self.report.findings

    @property
    def compared(self) -> bool:
        """Whether the quality criteria were weighed: not when the round breaks an absolute
        criterion (C1-C4)."""
        return not any(f.kind in ("absolute", "completion") for f in self.report.findings)

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "ok": self.ok, "findings": [f.as_dict() for f in self.findings],
                "boards": [b.as_dict() for b in self.boards],
                "bye": None if self.bye is None else self.bye.as_dict(),
                "best_alternative": None if self.best is None else self.best.as_dict(),
                "alternatives": self.alternatives, "candidate_sources": self.report.sources,
                "notes": list(self.report.notes) + list(self.notes), "own_notes": list(self.notes),
                "report": self.report.as_dict()}


def _alt(d: dict[str, Any] | None) -> Alternative | None:
    if d is None:
        return None
    return Alternative(tuple((b[0], b[1]) for b in d["boards"]), d["criterion"], d["bracket"], d["bracket_score"],
                       d["given_value"], d["alternative_value"], d["better"], d["text"], d.get("article", ""),
                       d.get("sentence", ""))


def explanation_from_dict(d: dict[str, Any]) -> RoundExplanation:
    """A :class:`RoundExplanation` from its :meth:`RoundExplanation.as_dict` (and the report's
    ``as_dict`` under ``"report"``): the inverse, for explanations stored between publications."""
    report = RoundReport.from_dict(d["report"])
    boards = tuple(BoardExplanation(
        b["board"], b["white"], b["black"], b["white_score"], b["black_score"], b["bracket"], b["bracket_score"],
        tuple(b["mdps"]), b["heterogeneous"],
        tuple(FloatReason(f["player"], f["direction"], f["score"], f["opponent_score"], f["criterion"], f["reason"],
                          _alt(f["alternative"]), f.get("article"), f.get("sentence", "")) for f in b["floats"]),
        b["colour_rule"], b["colour_text"], b["colour_detail"], b["colours_agree"],
        (b["preferences"][0], b["preferences"][1]), (b["history"][0], b["history"][1]), _alt(b["alternative"]),
        tuple(b["topscorers"]), b.get("colour_sentence", ""), b.get("bracket_sentence", "")) for b in d["boards"])
    y = d["bye"]
    bye = None if y is None else ByeExplanation(
        y["player"], y["score"], y["unplayed"], tuple((x["criterion"], x["article"], x["text"]) for x in y["reasons"]),
        _alt(y["alternative"]), tuple(x.get("sentence", "") for x in y["reasons"]))
    return RoundExplanation(d["round"], report, boards, bye, _alt(d["best_alternative"]), d["alternatives"],
                            tuple(d["own_notes"]))


def round_digest(t: Tournament, rnd: int, sources: Sequence[Path], options: tuple[object, ...]) -> str:
    """A digest of everything a reading's explanation of round ``rnd`` reads, for stored
    explanations (a publication reuses one while its digest stands): the reading's own source
    (``sources``, with this module and :mod:`checker.report`: a new reading of the rules
    invalidates every stored explanation), the caller's ``options`` (engine, number of rounds,
    edition ...), the initial colour and scoring, the pairs forbidden and the absences declared
    for the round, and every player's rounds up to ``rnd`` with their virtual points (scores,
    colours, floats, the PAB bar and the given pairing come from them)."""
    import hashlib

    h = hashlib.sha256()
    here = Path(__file__).parent
    for src in list(sources) + [here / "explanation.py", here / "report.py"]:
        h.update(src.read_bytes())
    h.update(repr((rnd, *options, t.initial_colour, t.scoring)).encode())
    h.update(repr(sorted(tuple(sorted(p)) for p in t.forbidden(rnd))).encode())
    h.update(repr(sorted((k, v.value) for k, v in t.declared_absences(rnd).items())).encode())
    for p in sorted(t.players, key=lambda q: q.start_rank):
        h.update(repr((p.start_rank, p.rounds[:rnd], [t.acceleration(p.start_rank, r) for r in range(1, rnd + 1)]))
                 .encode())
    return h.hexdigest()
