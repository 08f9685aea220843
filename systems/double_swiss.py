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

TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

from systems.base import CheckRequest, Code, Edition, PairingSystem, PairRequest, Rule, Selection, rule_rows

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Callable
    from datetime import date

    from checker.explanation import RoundExplanation
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

    return rule_rows(RULES, PLAIN)


class DoubleSwissSystem(PairingSystem):
    """The Double-Swiss system (module docstring)."""

    name = "double-swiss"
    title = "Double-Swiss Pairing System (C.04.5)"
    words = "the Double-Swiss system"
    editions = (Edition("2026", "C.04.5 (2026)", _table, "Art. {article}", "Double-Swiss rules of 2026"),)
    #: the same pattern as :data:`trf.matches.TWO_GAME_MATCHES` (the files read as two-game matches)
    codes = (Code(r"DOUBLE[\s_-]*SWISS", example="FIDE_DOUBLESWISS, CUSTOM_DOUBLESWISS"),)
    scoring = "game"
    explains = True
    packages = ("pairing.double_swiss", "checker.double_swiss")

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        return self.editions[0], (f"named by {source}" if source else "chosen by the caller") + \
            " (the only text: C.04.5 applies from 1 February 2026)"

    def describe(self, edition: Edition, code: str = "") -> str:
        return "Double-Swiss (C.04.5, 2026 rules)"

    def code_words(self, edition: Edition) -> str:
        return "FIDE Double-Swiss"

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        """``192 FIDE_DOUBLESWISS`` (the ETT26 code; the file's rounds are then read as matches of
        two columns, :mod:`trf.matches`)."""
        return ("FIDE_DOUBLESWISS", "Individual: Swiss-System (FIDE Double-Swiss System)",
                "Double-Swiss system (C.04.5, 2026 rules, 192 FIDE_DOUBLESWISS)")

    # ---- pairing

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        """Match round ``request.round`` (default: the next one), after the refusals of
        :mod:`pairing.rounds` applied to its game-1 column; a file that holds the round is cut
        back before it."""
        from pairing.double_swiss import pair_round
        from pairing.double_swiss import readings as ds_readings
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
                         edition_reason=sel.reason, note="each board a match of two games; colours of game 1",
                         readings=ds_readings(
                             target.before, rnd, pairing, initial_colour=request.initial_colour,
                             total_rounds=columns // 2 if columns is not None else None))

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

    # ---- explaining

    def explain(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> RoundExplanation | None:
        """Why each board of match round ``rnd`` is paired as it is, from the checker's verdict
        (:func:`checker.double_swiss.check_round`: its brackets, upfloaters and colour steps) and
        its reading of the players before the round (:func:`_explain`)."""
        from checker.double_swiss import check_round
        from checker.double_swiss.state import round_state
        from trf.matches import matches_paired

        if not 1 <= rnd <= matches_paired(t):
            return None
        total = request.total_rounds
        report = check_round(t, rnd, total_rounds=total)
        return _explain(t, rnd, report, round_state(t, rnd, total), sel.edition)

    def explanation_key(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> str:
        """A digest of what the explanation of match ``rnd`` depends on: the checker's and this
        module's source, the players' columns up to the match, the number of rounds, the initial
        colour, the scoring, the forbidden pairs and absences of its two columns."""
        import hashlib
        from pathlib import Path

        import checker.double_swiss as reading

        h = hashlib.sha256()
        for src in sorted(Path(reading.__file__).parent.glob("*.py")) + [Path(__file__)]:
            h.update(src.read_bytes())
        c1, c2 = 2 * rnd - 1, 2 * rnd
        h.update(repr((rnd, request.total_rounds or t.total_rounds, t.initial_colour, t.scoring)).encode())
        for c in (c1, c2):
            h.update(repr(sorted(tuple(sorted(p)) for p in t.forbidden(c))).encode())
            h.update(repr(sorted((k, v.value) for k, v in t.declared_absences(c).items())).encode())
        for p in sorted(t.players, key=lambda q: q.start_rank):
            h.update(repr((p.start_rank, p.rounds[:c2])).encode())
        h.update(repr([(r.points, r.round, r.players) for r in t.abnormal_points]).encode())
        return h.hexdigest()

    def float_of(self, t: Tournament, pid: int, rnd: int, sel: Selection) -> str | None:
        """Art. 1.5: a floater plays against an opponent with a different score (scores before
        match ``rnd``): ``"up"`` for the lower score (an upfloater, Art. 1.5, 3.5), ``"down"`` for
        the higher (this system has no downfloaters: the higher player met one moved up); ``None``
        for a PAB, a bye or a match forfeited on both games (Preface: not played)."""
        from trf.matches import player_matches

        if rnd < 1 or pid not in t.player_by_rank:
            return None
        m = player_matches(t, pid, rnd)[-1]
        if not m.meeting or m.opponent is None or m.opponent not in t.player_by_rank:
            return None
        mine, theirs = t.score(pid, through=2 * rnd - 2), t.score(m.opponent, through=2 * rnd - 2)
        return None if mine == theirs else "up" if mine < theirs else "down"


def _name(t: Tournament, pid: int) -> str:
    p = t.player_by_rank.get(pid)
    return f"{p.name} ({pid})" if p is not None and p.name else str(pid)


def _cite(edition: Edition, *names: str) -> str:
    """``C4, Art. 2.3.1`` / ``Art. 3.4.2``: the rules with their articles."""
    out = []
    for n in names:
        article = edition.article(n) or n
        out.append(f"Art. {article}" if n == article else f"{n}, Art. {article}")
    return "; ".join(out)


def _explain(t: Tournament, rnd: int, report: Any, st: Any, edition: Edition) -> RoundExplanation:
    """The :class:`~checker.explanation.RoundExplanation` of a match round from the checker's
    report (brackets, upfloaters, colour steps) and state (scores, colours, floats, C2)."""
    from fractions import Fraction

    from checker.explanation import BoardExplanation, ByeExplanation, FloatReason, RoundExplanation, points_text, \
        score_text

    facts = st.facts
    brackets = list(report.brackets)

    def bracket_of(a: int, b: int) -> dict[str, Any]:
        for br in brackets:
            if a in br["residents"] or b in br["residents"]:
                return br  # type: ignore[no-any-return]
        return {"bracket": 0, "score": "?", "residents": [], "upfloaters": []}

    def score(pid: int) -> Fraction:
        return facts[pid].score if pid in facts else t.score(pid, through=2 * rnd - 2)

    def colours(pid: int) -> str:
        f = facts.get(pid)
        if f is None or not f.colours:
            return "no game-1 colour yet"
        letters = " ".join("W" if c.value == "w" else "B" for c in f.colours)
        whites = sum(1 for c in f.colours if c.value == "w")
        return f"game-1 colours {letters} ({whites} White{'' if whites == 1 else 's'})"

    def floated(pid: int) -> str:
        f = facts.get(pid)
        if rnd == 1 or f is None:
            return "no previous round"
        return "floated in the previous round (Art. 1.5)" if f.floated else "did not float in the previous round"

    steps = {(c["white"], c["black"]): c["rule"] for c in report.colours}
    pairs = sorted(report.boards, key=lambda p: (-max(score(p[0]), score(p[1])), -(score(p[0]) + score(p[1])),
                                                 min(p, key=lambda x: (-score(x), x))))
    boards = []
    for n, (w, b) in enumerate(pairs, 1):
        br = bracket_of(w, b)
        ups = tuple(br["upfloaters"])
        floats = []
        for x, y in ((w, b), (b, w)):
            if score(x) < score(y):
                why = (f"the players on {points_text(score(y))} could not all be paired among themselves, so the "
                       f"fewest players were moved up, with the highest scores available "
                       f"({_cite(edition, 'C4', 'C5')}); among the sets that do so, the next score group must "
                       f"still pair, the fewest of them may have floated in the previous round, then the higher "
                       f"scores and lower starting numbers are taken ({_cite(edition, 'C6', 'C7', '3.5.4')})")
                sentence = (f"{_name(t, x)}, on {points_text(score(x))}, was moved up to play {_name(t, y)}, on "
                            f"{points_text(score(y))}: {why}.")
                floats.append(FloatReason(x, "up", score_text(score(x)), score_text(score(y)), "C4", why, None,
                                          edition.article("C4"), sentence))
        step = steps.get((w, b), "")
        rule = edition.rule(step)
        plain = rule.plain if rule is not None else ""
        colour_sentence = (f"{_name(t, w)} has White in game 1 and Black in game 2, {_name(t, b)} the reverse: "
                           f"{plain} (Art. {step})." if step else "")
        text = (f"bracket {br['bracket']} ({points_text(br['score'])})"
                + (", joined by " + ", ".join(_name(t, u) for u in ups) + " moved up" if ups else ""))
        boards.append(BoardExplanation(
            n, w, b, score_text(score(w)), score_text(score(b)), int(br["bracket"]), str(br["score"]), ups,
            bool(ups), tuple(floats), step, plain, text, True, (colours(w), colours(b)), (floated(w), floated(b)),
            None, (), colour_sentence))
    bye = None
    if report.bye is not None and report.bye in facts:
        p = report.bye
        f = facts[p]
        eligible = [q for q, g in facts.items() if not g.barred]
        low = min(facts[q].score for q in eligible) if eligible else f.score
        reasons = [
            ("C2", edition.article("C2") or "2.1.2",
             f"{_name(t, p)} has had no pairing-allocated bye, no full-point bye and no match won by forfeit"),
            ("3.4.2", "3.4.2", f"the bye goes to a player with as low a score as possible: {_name(t, p)} has "
                               f"{points_text(f.score)}" + (", the lowest score of those who may receive it"
                                                            if f.score == low else
                                                            " (the players on a lower score could not leave the "
                                                            "others pairable, Art. 3.4.1)")),
            ("3.4.3", "3.4.3", f"then to the player who has played the most matches: {f.matches}"),
            ("3.4.4", "3.4.4", "then to the highest starting number among them"),
        ]
        sentences = tuple(f"{text[0].upper()}{text[1:]} ({_cite(edition, c) if c.startswith('C') else 'Art. ' + a})."
                          for c, a, text in reasons)
        bye = ByeExplanation(p, score_text(f.score), f.matches, tuple(reasons), None, sentences)
    notes = ("each board is a match of two games: game 2 with the colours of game 1 reversed (Art. 1.1); "
             "the PAB is worth a won and a drawn game, 1½ points (Art. 1.4)",)
    return RoundExplanation(rnd, report, tuple(boards), bye, None, 0, notes)


SYSTEM = DoubleSwissSystem()
