"""The Double-Swiss Pairing System, C.04.5 (2026), behind the door: the engine of
:mod:`pairing.double_swiss` bound as the system ``double-swiss``, the checker's own reading
:mod:`checker.double_swiss`.

A file names it in ``192`` (``FIDE_DOUBLESWISS``; ``CUSTOM_DOUBLESWISS``; ``_BAKU`` is read and
refused: Baku acceleration is not offered for this system yet) or in ``092`` (``Double-Swiss``).
Each match is written in two round columns (:mod:`trf.matches`, ``docs/double-swiss.md``): the
round numbers of this door (``PairRequest.round``, ``check``'s rounds, ``--why-not``) are match
rounds, and ``142`` counts columns (twice the matches).

Every module here imports the engine inside the calls, so that a command loads only what it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from systems.base import CheckRequest, Code, Edition, PairingSystem, PairRequest, Rule, Selection

if TYPE_CHECKING:  # pragma: no cover
    from checker.report import WhyNot
    from pairing.result import Pairing
    from pairing.rounds import NextRound
    from trf.model import Colour, Tournament

#: Each rule as an arbiter says it to a player (``Rule.plain``), by its name.
PLAIN: dict[str, str] = {
    'C1': 'two players may not play each other twice (a match lost by forfeit on both games does not count)',
    'C2': 'nobody gets the bye who already had one, won a match by forfeit or had a full-point bye',
    'C3': 'the players still to be paired must always be able to play each other',
    '3.4.1': 'the bye goes to a player whose bye leaves everybody else able to play',
    '3.4.2': 'the bye goes to a player with as low a score as possible',
    '3.4.3': 'then to the player who has played the most matches',
    '3.4.4': 'then to the player with the highest starting number',
    'C4': 'as few players as possible are moved up to play a higher score',
    'C5': 'the players moved up have scores as high as possible',
    'C6': 'the next score group can still be paired with as few players moved up as possible',
    'C7': 'except in the last round, as few as possible of the players moved up were moved up in the previous round too',
    '3.5.4': 'when several choices of players moved up are equally good, the higher scores and then the lower starting numbers are taken',
    'C8': 'except in the last round, as few as possible of their opponents were moved in the previous round',
    '3.6.4': 'when several pairings are equally good, the top players meet the lowest starting numbers available, in order',
    '1.2': 'the higher-ranked player is the one with the higher score, then the lower starting number',
    '4.3.1': 'before anybody has played, the colours follow the lot drawn before the first round',
    '4.3.2': 'White in the first game goes to the player who has had fewer Whites',
    '4.3.3': 'otherwise both alternate from the last match in which they had different colours',
    '4.3.4': 'otherwise the higher-ranked player alternates from their last match',
    '4.3.5': 'otherwise the other player alternates from their last match',
}

__all__ = ["DoubleSwissSystem", "SYSTEM"]


def _table() -> tuple[Rule, ...]:
    """The rules as rows (:data:`pairing.double_swiss.rules.RULES`)."""
    from pairing.double_swiss.rules import RULES

    return tuple(Rule(name, article, words, kind, PLAIN[name]) for name, article, words, kind in RULES)


class DoubleSwissSystem(PairingSystem):
    """The Double-Swiss system (module docstring)."""

    name = "double-swiss"
    title = "Double-Swiss Pairing System (C.04.5)"
    words = "the Double-Swiss system"
    editions = (Edition("2026", "C.04.5 (2026)", _table, "Art. {article}", "Double-Swiss rules of 2026"),)
    #: the same pattern as :data:`trf.matches.TWO_GAME_MATCHES` (the files read as two-game matches)
    codes = (Code(r"DOUBLE[\s_-]*SWISS", example="FIDE_DOUBLESWISS, CUSTOM_DOUBLESWISS"),)
    scoring = "game"
    packages = ("pairing.double_swiss", "checker.double_swiss")

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], (f"named by {source}" if source else "chosen by the caller") + \
            " (the only text: C.04.5 applies from 1 February 2026)"

    def describe(self, edition: Edition, code: str = "") -> str:
        return "Double-Swiss (C.04.5, 2026 rules)"

    def code_words(self, edition: Edition) -> str:
        return "FIDE Double-Swiss"

    # ---- pairing

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        """Match round ``request.round`` (default: the next one), after the refusals of
        :mod:`pairing.rounds` applied to its game-1 column; a file that holds the round is cut
        back before it."""
        from pairing.double_swiss import pair_round
        from pairing.rounds import NextRound, target_round
        from trf.matches import match_columns

        if request.baku or "BAKU" in sel.code:
            from systems.base import NotOffered

            raise NotOffered(self.words, "Baku acceleration")
        columns = 2 * request.total_rounds if request.total_rounds is not None else t.total_rounds
        asked = match_columns(request.round)[0] if request.round is not None else None
        target = target_round(t, asked, columns)
        rnd = (target.round + 1) // 2
        pairing = pair_round(target.before, rnd, initial_colour=request.initial_colour,
                             total_rounds=columns // 2 if columns is not None else None)
        return NextRound(rnd, target.before, target.cut, pairing, self.name, edition=sel.edition.name,
                         edition_reason=sel.reason, note="each board a match of two games; colours of game 1")

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> Pairing:
        from pairing.double_swiss import pair_round

        return pair_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds)

    # ---- checking

    def check(self, t: Tournament, rounds: list[int], sel: Selection, request: CheckRequest,
              progress: Callable[[int], None] | None = None) -> Any:
        """Each match round judged by the checker's reading of C.04.5
        (:func:`checker.double_swiss.check_round`), independent of the engine.  ``rounds`` are
        match rounds; those the file does not hold are left out (a caller counting the file's
        round columns asks for twice as many)."""
        from checker.double_swiss import check_round
        from trf.matches import matches_paired

        rounds = [r for r in dict.fromkeys(rounds) if 1 <= r <= matches_paired(t)]
        reports = []
        total = request.total_rounds
        for r in rounds:
            reports.append(check_round(t, r, total_rounds=total))
            if progress is not None:
                progress(r)
        return reports

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        """Why players ``a`` and ``b`` were not paired in match round ``rnd``
        (:func:`checker.double_swiss.whynot.why_not`); a round after the last match the file
        holds (a caller counting round columns) is the last match."""
        from checker.double_swiss.whynot import why_not
        from trf.matches import matches_paired

        return why_not(t, min(rnd, max(matches_paired(t), 1)), a, b)


SYSTEM = DoubleSwissSystem()
