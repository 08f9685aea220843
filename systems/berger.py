"""Round robins by the Berger tables (C.05 Annex 1) behind the door: the next round read off the
table (:mod:`roundrobin.rounds`) and the check of every round against it
(:mod:`checker.roundrobin`).  A file whose ``192`` code is not FIDE's (``CUSTOM_ROUNDROBIN``) may
follow the rotation table drawn by hand instead (``arbiter roundrobin --table circle``); both
read it from the file.

A file names a round robin in ``192``/``092`` (``FIDE_ROUNDROBIN``, ``BERGER``, ``Round Robin``,
``RR``); a double round robin (``FIDE_DOUBLEROUNDROBIN``, ``Double Berger``, ``DRR``) plays the
table twice, colours reversed in the second cycle.  Its pairings are pre-determined, so the
tie-breaks read C.07 Art. 15.2 (:attr:`~systems.base.PairingSystem.round_robin`).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import CheckRequest, Code, Edition, PairingSystem, PairRequest, Rule, Selection

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Callable
    from pairing.rounds import NextRound
    from trf.model import Tournament

__all__ = ["BergerSystem", "SYSTEM"]


def _rules() -> tuple[Rule, ...]:
    """What the check of a round robin compares with the table (:mod:`checker.roundrobin`), each
    rule's plain words the ones its deviations are read aloud with (:data:`checker.roundrobin.PLAIN`)."""
    from checker.roundrobin import PLAIN

    return (
        Rule("pair", "C.05 Annex 1", "the round's games are the Berger table's for the players' numbers", "absolute",
             PLAIN["pair"]),
        Rule("colour", "C.05 Annex 1", "the first-named player of a table game has White (reversed in a second cycle)",
             "colour", PLAIN["colour"]),
        Rule("bye", "C.05 Annex 1", "in an odd field the player the table pairs with the dummy rests", "absolute",
             PLAIN["bye"]),
        Rule("extra", "C.05 Annex 1", "no game that the table does not have", "absolute", PLAIN["extra"]),
    )


class BergerSystem(PairingSystem):
    """Round robins by the Berger tables (module docstring)."""

    name = "berger"
    title = "round robin by the Berger tables (C.05 Annex 1)"
    words = "round robins"
    editions = (Edition("C.05", "the Berger tables (C.05 Annex 1)", _rules, "{article}"),)
    codes = (
        Code(r"ROUND[\s_-]*ROBIN|BERGER|(?<![A-Z])RR(?![A-Z])", example="FIDE_ROUNDROBIN, Berger, RR"),
        Code(r"DOUBLE[\s_-]*(ROUND[\s_-]*ROBIN|BERGER|SCHEVENINGEN)|(?<![A-Z])DRR(?![A-Z])", variant="double",
             example="FIDE_DOUBLEROUNDROBIN, Double Berger, DRR"),
    )
    round_robin = True
    packages = ("roundrobin.rounds", "checker.roundrobin")

    @staticmethod
    def cycles(sel: Selection) -> int:
        """Two cycles for a code naming a double round robin, else one."""
        return 2 if sel.variant == "double" else 1

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], "a round robin (Berger table, C.05 Annex 1)"

    def describe(self, edition: Edition, code: str = "") -> str:
        double = any(c.variant == "double" and c.match_length(code) for c in self.codes)
        return "double round robin" if double else "round robin"

    def table_order(self, t: Tournament, rnd: int, sel: Selection) -> dict[frozenset[int], int]:
        from roundrobin.rounds import table_order

        return table_order(t, rnd, self.cycles(sel))

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        from roundrobin.rounds import next_berger_round

        return next_berger_round(t, request.round, self.cycles(sel), system=self.name)

    def check(self, t: Tournament, rounds: list[int], sel: Selection, request: CheckRequest,
              progress: Callable[[int], None] | None = None) -> Any:
        """The round robin checked against the Berger table (:class:`checker.roundrobin.RoundRobinReport`)."""
        from checker.roundrobin import check_round_robin

        every = list(range(1, t.rounds_paired + 1))
        return check_round_robin(t, None if rounds == every else rounds)


SYSTEM = BergerSystem()
