"""Two pairings of the same round and the verdict between them: what a conformance run needs when
two programs pair a round differently (neither is the reference: a system's checker reading says
which follows the rules better, :meth:`systems.base.PairingSystem.judge`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["RoundPairing", "Judgement"]


@dataclass(frozen=True)
class RoundPairing:
    """A round's pairing: boards as (white, black) start ranks, and the PAB (or ``None``)."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None = None

    @property
    def pairs(self) -> frozenset[frozenset[int]]:
        return frozenset(frozenset(b) for b in self.boards)

    def players(self) -> list[int]:
        return [x for b in self.boards for x in b] + ([self.bye] if self.bye is not None else [])


@dataclass(frozen=True)
class Judgement:
    """The verdict between pairing ``a`` and pairing ``b``.

    ``winner``: ``"a"``, ``"b"``, ``"same"`` (identical boards and colours) or ``"neither"`` (both
    break a rule the other does not cure: both illegal, or the same pairs with colour errors on
    both sides); ``criterion``: what decided (``players``, ``C1``-``C21``, ``5.2.x``, ``order``);
    ``breaches``: for each side, the absolute-criterion and colour errors found in it;
    ``message`` in the checker's terms, ``sentence`` (JSON ``"sentence"``) the same verdict read
    aloud: the players by name and number, the deciding rule in plain words, then its article."""

    winner: str
    criterion: str | None
    message: str
    same_pairs: bool
    bracket: int | None = None
    value_a: str | None = None
    value_b: str | None = None
    breaches_a: tuple[str, ...] = field(default=())
    breaches_b: tuple[str, ...] = field(default=())
    article: str | None = None  # where the Handbook states the criterion that decided
    sentence: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "criterion": self.criterion, "article": self.article, "message": self.message,
                "same_pairs": self.same_pairs, "bracket": self.bracket, "value_a": self.value_a,
                "value_b": self.value_b, "breaches_a": list(self.breaches_a), "breaches_b": list(self.breaches_b),
                "sentence": self.sentence or self.message}
