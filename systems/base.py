"""What every pairing system answers, whoever implements it: the door the command line, the event
runner, the publisher and the verification tooling go through.

A :class:`PairingSystem` is one FIDE system (the Dutch system, a round robin by the Berger
tables, ...) with its :class:`Edition`\\ s (the texts of its rules in force at different times, each
a table of :class:`Rule` rows), the codes by which a file names it (:class:`Code`, read from
``192``/``092``), its scoring unit, and the calls that pair a round, check rounds, force a pair
(``--why-not``) and explain a round.  The engine of a system lives in ``pairing/<system>/``, its
independent checker reading in ``checker/<system>/``; the system's module in :mod:`systems` binds
the two, and nothing else names them.

A :class:`Selection` is a system chosen for one tournament, with the edition and the reason in
words (:func:`systems.select`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
TYPE_CHECKING = False  # typing's own flag, without loading typing (start-up: arbiter.launch)

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Callable, ClassVar
    from checker.explanation import RoundExplanation
    from checker.judgement import Judgement, RoundPairing
    from checker.report import EngineCandidate, RoundReport, WhyNot
    from pairing.result import Pairing
    from pairing.rounds import Acceleration, NextRound, Reading
    from trf.model import Colour, Tournament

__all__ = ["Rule", "Edition", "Code", "PairingSystem", "IndividualSwiss", "Selection", "PairRequest", "CheckRequest",
           "NotOffered", "UnknownEdition", "rule_rows", "SHARED_PLAIN"]


@dataclass(frozen=True)
class Rule:
    """One rule of an edition: a pairing criterion, a colour rule, or the generation order.

    ``name``: how findings, JSON and explanations call it (``C12``, ``C.10``, ``5.2.3``, ``E.3``,
    ``order``); ``article``: where the Handbook states it (``2.4.7``); ``words``: the rule in one
    line; ``kind``: ``absolute``, ``completion``, ``pab``, ``quality``, ``colour`` or ``order``;
    ``plain``: the rule as an arbiter says it to a player, without the Handbook's terms (what the
    explanations' sentences say before the article)."""

    name: str
    article: str
    words: str
    kind: str
    plain: str = ""


#: The rules that C.04.4.1 and C.04.4.2 (2026) state alike (the absolute criteria of Art. 2.1-2.2,
#: the PAB's first steps of Art. 3.1.2-3.1.4, the colour rules of Art. 5.2) as an arbiter says them
#: to a player (``Rule.plain``), by name: each of those systems adds its own.
SHARED_PLAIN: dict[str, str] = {
    'C1': 'two players may not play each other twice',
    'C2': 'nobody gets the bye who already had one or already won a point without playing',
    'C3': 'two players who must both have the same colour may not play each other',
    'C4': 'the players still to be paired must always be able to play each other',
    '3.1.2': 'the bye goes to a player whose bye leaves everybody else able to play',
    '3.1.3': 'the bye goes to a player with as low a score as possible',
    '3.1.4': 'then to the player who has played the most games',
    '5.2.1': 'before anybody has played, the colours follow the lot drawn before the first round',
    '5.2.2': 'both players get the colour they are due when possible',
    '5.2.3': 'otherwise the player with the stronger need for a colour gets it',
    '5.2.4': 'otherwise both alternate from the last round in which they had different colours',
    '5.2.5': 'otherwise the higher-ranked player gets the colour they are due',
}


def rule_rows(rows: tuple[tuple[str, str, str, str], ...], plain: dict[str, str]) -> tuple[Rule, ...]:
    """An engine's table of rules (name, article, words, kind; in priority order) as :class:`Rule`
    rows, each with the words an arbiter says it in (``plain``, by name: every rule has them)."""
    return tuple(Rule(name, article, words, kind, plain[name]) for name, article, words, kind in rows)


@dataclass(frozen=True)
class Edition:
    """One text of a system's rules: ``name`` (``"2026"``), ``title`` (how a report names the text
    a pairing conforms to, ``C.04.3 (2026)``), ``table``: a call giving every criterion, colour
    rule and the generation order in priority order (:attr:`rules`; a call, so that the checker's
    table is loaded only by the commands that read it), ``article_style``: how an article is
    cited, a format with ``{article}`` (``Art. {article}``, ``{article} (2017)``)."""

    name: str
    title: str
    table: Callable[[], tuple[Rule, ...]] = field(compare=False, repr=False)
    article_style: str = "Art. {article}"
    heading: str = ""  # the rules applied, as a report's heading says it ("Dutch rules of 2026")
    #: the words naming a text that allows Baku acceleration with the standard scoring 1/0.5/0 only
    #: (C.04.5.1, in force with the Dutch rules until 31 January 2026); ``None``: C.04.7
    baku_standard_only: str | None = None

    @cached_property
    def rules(self) -> tuple[Rule, ...]:
        return self.table()

    @cached_property
    def _by_name(self) -> dict[str, Rule]:
        return {r.name: r for r in self.rules}

    def rule(self, name: str) -> Rule | None:
        return self._by_name.get(name)

    def article(self, name: str) -> str | None:
        """The article of the rule ``name`` as written in a finding (``2.4.7``, ``C.10 (2017)``)."""
        r = self.rule(name)
        if r is None:
            return None
        cited = self.article_style.format(article=r.article)
        return cited.removeprefix("Art. ")


@dataclass(frozen=True)
class Code:
    """A way a file names a system in ``192`` (TRF-2026, the ETT codes) or ``092`` (TRF-16 free
    text): a regular expression searched in the record's value in capitals.  Of the codes that
    match, the longest match names the system; a ``fallback`` code (a generic word such as
    ``SWISS``) only when no other code matches.  ``variant``: what the match says beyond the
    system (``double``: a double round robin); ``example``: a value that matches, for the list of
    systems."""

    pattern: str
    fallback: bool = False
    variant: str | None = None
    example: str = ""

    @cached_property
    def regex(self) -> re.Pattern[str]:
        return re.compile(self.pattern)

    def match_length(self, text: str) -> int:
        """The length of the longest match in ``text`` (0: none).  A pattern that is a plain word
        (``DUTCH``, ``CUSTOM_SWISS``) matches only itself: looked for as text, not compiled (a
        pairing call asks every code of every system once, at start-up)."""
        if re.escape(self.pattern) == self.pattern:
            return len(self.pattern) if self.pattern in text else 0
        return max((len(m.group(0)) for m in self.regex.finditer(text)), default=0)


class UnknownEdition(ValueError):
    """An edition the system does not have (``system``'s words, ``editions``: its names)."""

    def __init__(self, system: str, asked: str, editions: tuple[str, ...]) -> None:
        super().__init__(f"unknown edition of the {system} rules: {asked!r} (expected {' or '.join(editions)})")
        self.system = system
        self.asked = asked
        self.editions = editions


class NotOffered(ValueError):
    """A task the system does not offer (``what``, e.g. ``"--why-not"``), or an option it does not
    take (``"Baku acceleration"``)."""

    def __init__(self, system: str, what: str) -> None:
        super().__init__(f"{system if system.startswith('the ') else 'the ' + system} offers no {what}")
        self.system = system
        self.what = what


@dataclass(frozen=True)
class PairRequest:
    """What a caller may choose when a round is paired: the round (``None``: the next one; a
    round the file holds is re-paired on the file cut back before it), the initial colour and the
    number of rounds when the file does not say, and acceleration (``baku``: ``None`` as the file
    says; ``baku_group``: :data:`trf.acceleration.GROUPS`)."""

    round: int | None = None
    initial_colour: Colour | None = None
    total_rounds: int | None = None
    baku: bool | None = None
    baku_group: str = "handbook"


@dataclass(frozen=True)
class CheckRequest:
    """What a caller may choose when rounds are checked: ``engine`` (also compare with the
    system's engine: ``None`` as the system decides, ``False`` never), the number of rounds when
    the file does not say, how long the local search runs, and an ``observe`` callback that the
    explanations use to collect the alternatives."""

    engine: bool | None = None
    total_rounds: int | None = None
    search_rounds: int = 8
    observe: Callable[..., None] | None = field(default=None, compare=False)


class PairingSystem:
    """A FIDE pairing system behind the one door (see the module docstring).  A system overrides
    what it offers; the defaults say it does not (:class:`NotOffered`).

    Class attributes: ``name`` (the key of ``--system``), ``title`` (in words, with its Handbook
    section), ``words`` (the short name in sentences: "the Dutch system"), ``editions`` (the
    first is the one in force), ``codes``, ``round_robin`` (pre-determined pairings: C.07 Art.
    15.2 then applies to tie-breaks), ``scoring`` (``"game"``: points per game; ``"match"``:
    per match), ``accelerations`` (takes Baku acceleration, C.04.7), ``explains`` (explains each
    board of a round, :meth:`explain`), ``team_events`` (pairs team events: the participants are
    teams, numbered by their TPN, :mod:`trf.teams`), ``packages`` (the modules
    that are the system's own: the engine's and the checker's readings, which no other module
    but the system's binding in :mod:`systems` may import)."""

    name: ClassVar[str]
    title: ClassVar[str]
    words: ClassVar[str]
    editions: ClassVar[tuple[Edition, ...]]
    codes: ClassVar[tuple[Code, ...]] = ()
    round_robin: ClassVar[bool] = False
    scoring: ClassVar[str] = "game"
    accelerations: ClassVar[bool] = False
    explains: ClassVar[bool] = False
    team_events: ClassVar[bool] = False
    packages: ClassVar[tuple[str, ...]] = ()

    # ---- editions and names

    def edition(self, name: str | None) -> Edition:
        """The edition called ``name`` (``None``: the first, in force now); raises :class:`UnknownEdition`."""
        if name is None:
            return self.editions[0]
        for e in self.editions:
            if e.name == name:
                return e
        raise UnknownEdition(self.words, name, tuple(e.name for e in self.editions))

    def edition_for(self, t: Tournament, code: str, source: str | None) -> tuple[Edition, str]:
        """The edition the file's ``code`` (the value in capitals of the record ``source`` that
        names the system, ``""`` when none does) or its dates give, and why in words."""
        return self.editions[0], ""

    def describe(self, edition: Edition, code: str = "") -> str:
        """The system in words for reports (``Dutch (C.04.3, 2026 rules)``)."""
        return self.title

    def event_codes(self, edition: Edition, start: date | None) -> tuple[str, str, str]:
        """What a new event of this system starting on ``start`` is written with: its ``192`` code,
        its ``092`` text, and the system in words for the event's log."""
        raise NotOffered(self.words, "new events")

    def code_words(self, edition: Edition) -> str:
        """The system and edition as a file's free-text type (``092``) names them so that
        :func:`systems.select` reads them back (``FIDE Dutch 2026``)."""
        return f"{self.title} {edition.name}"

    def table_order(self, t: Tournament, rnd: int, sel: Selection) -> dict[frozenset[int], int]:
        """A pre-determined round's games in the order of the system's table (pairs of start
        ranks -> position); empty for a system without a table (boards then follow C.04.2 Art. 3.6)."""
        return {}

    # ---- pairing

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        """The round an arbiter asks for (:class:`PairRequest`), after the refusals of
        :mod:`pairing.rounds`."""
        raise NotOffered(self.words, "pairing")

    def pair(self, t: Tournament, rnd: int, sel: Selection, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> Pairing:
        """The engine's pairing of round ``rnd`` of ``t`` exactly as given (no refusal, no cut,
        acceleration as the file's records say): the generator, the manual pairing's completion
        and the checker's engine candidate call this."""
        raise NotOffered(self.words, "pairing engine")

    def accelerate(self, t: Tournament, sel: Selection, *, baku: bool | None = None, baku_group: str = "handbook",
                   total_rounds: int | None = None) -> tuple[Tournament, Acceleration]:
        """``t`` with the acceleration it is paired with written as records, and which one
        (``baku``: ``None`` as the file says).  Raises
        :class:`~trf.acceleration.AccelerationRefused`, and :class:`NotOffered` for a system
        without acceleration asked for one."""
        from pairing.rounds import Acceleration
        from trf.acceleration import has_explicit_acceleration

        if baku:
            raise NotOffered(self.words, "Baku acceleration")
        if has_explicit_acceleration(t):
            return t, Acceleration("records")
        return t, Acceleration("none", baku is not None)

    # ---- checking and explaining

    def check(self, t: Tournament, rounds: list[int], sel: Selection, request: CheckRequest,
              progress: Callable[[int], None] | None = None) -> Any:
        """The checker's verdict on ``rounds``: a list of :class:`checker.report.RoundReport`, or
        (a round robin) the system's own report."""
        raise NotOffered(self.words, "checker")

    def why_not(self, t: Tournament, rnd: int, a: int, b: int, sel: Selection) -> WhyNot:
        """``--why-not A-B``: the pair forced into round ``rnd`` and what it costs."""
        raise NotOffered(self.words, "--why-not")

    def explain(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> RoundExplanation | None:
        """Why each board of round ``rnd`` is paired as it is (``None``: the system explains nothing)."""
        return None

    def explanation_key(self, t: Tournament, rnd: int, sel: Selection, request: CheckRequest) -> str:
        """A digest of what :meth:`explain` depends on (stored explanations are reused while it stands)."""
        return ""

    def float_of(self, t: Tournament, pid: int, rnd: int, sel: Selection) -> str | None:
        """The float ``pid`` received in round ``rnd`` (``"down"``, ``"up"``), for the player pages."""
        return None

    def judge(self, before: Tournament, rnd: int, a: RoundPairing, b: RoundPairing, sel: Selection, *,
              total_rounds: int | None = None, labels: tuple[str, str] = ("the first pairing", "the second pairing")
              ) -> Judgement:
        """Which of two pairings of round ``rnd`` follows the rules better, and by which rule."""
        raise NotOffered(self.words, "judge of two pairings")


class IndividualSwiss(PairingSystem):
    """An individual Swiss system whose engine pairs one round of the file as it stands, with Baku
    acceleration (C.04.7) written into the file as records before the round is paired, and whose
    checker reads each round with the engine's pairing offered as one more candidate.  A system
    keeps what is its own: :meth:`pair` (its engine), :meth:`check_one` and :meth:`why_not` (its
    checker), :meth:`round_note` (what the pairing says of the round)."""

    accelerations = True

    # ---- pairing

    def accelerate(self, t: Tournament, sel: Selection, *, baku: bool | None = None, baku_group: str = "handbook",
                   total_rounds: int | None = None) -> tuple[Tournament, Acceleration]:
        """Baku acceleration (C.04.7; C.04.5.1 for an edition allowing the standard scoring only) as
        records, as the file's code (``BAKU``) or the caller asks; records the file already holds
        are its acceleration."""
        from pairing.rounds import Acceleration
        from trf.acceleration import acceleration_records, baku_plan, dialect, has_explicit_acceleration

        named = sel.source if "BAKU" in sel.code else None
        if has_explicit_acceleration(t):
            return t, Acceleration("records", source=named)
        if not (baku if baku is not None else named is not None):
            return t, Acceleration("none", baku is not None)
        plan = baku_plan(t, baku_group, total_rounds=total_rounds, standard_only=sel.edition.baku_standard_only)
        asked = baku is not None
        return (t.replace_records(t.records + acceleration_records(plan, dialect(t))),
                Acceleration("baku", asked, None if asked else named, plan))

    def round_note(self, t: Tournament, rnd: int, total_rounds: int | None) -> str:
        """What the pairing of round ``rnd`` of ``t`` says of how it was paired (``""``: nothing)."""
        return ""

    def round_readings(self, t: Tournament, rnd: int, pairing: Pairing, request: PairRequest) -> tuple[Reading, ...]:
        """The open points of the rules whose other reading pairs round ``rnd`` differently
        (:class:`pairing.rounds.Reading`; none by default)."""
        return ()

    def next_round(self, t: Tournament, sel: Selection, request: PairRequest) -> NextRound:
        """The round asked for, after the refusals of :mod:`pairing.rounds`, on the file cut back
        before it and accelerated (:meth:`accelerate`); Baku acceleration without a number of
        rounds is refused as the input's fault (``total-rounds``)."""
        from pairing.result import PairingInputError
        from pairing.rounds import NextRound, target_round
        from trf.acceleration import AccelerationRefused

        total = request.total_rounds if request.total_rounds is not None else t.total_rounds
        target = target_round(t, request.round, total)
        try:
            before, accel = self.accelerate(target.before, sel, baku=request.baku, baku_group=request.baku_group,
                                            total_rounds=request.total_rounds)
        except AccelerationRefused as exc:
            if exc.reason != "total-rounds":
                raise
            raise PairingInputError("total-rounds", f"{exc} and the file has no XXR or 142 record") from None
        pairing = self.pair(before, target.round, sel, initial_colour=request.initial_colour,
                            total_rounds=request.total_rounds)
        return NextRound(target.round, before, target.cut, pairing, self.name, edition=sel.edition.name,
                         edition_reason=sel.reason, acceleration=accel,
                         note=self.round_note(before, target.round, request.total_rounds),
                         readings=self.round_readings(before, target.round, pairing, request))

    def engine_candidate(self, t: Tournament, sel: Selection) -> EngineCandidate:
        """The engine's pairing of a round of ``t`` (cut back before it) as the checker's
        candidate; a round the engine cannot pair offers none (:class:`checker.report.NoCandidate`)."""
        def candidate(rnd: int, initial: Colour | None, total: int) -> tuple[tuple[tuple[int, int], ...], int | None]:
            from checker.report import NoCandidate
            from pairing.result import NoLegalPairing, PairingInputError
            from pairing.rounds import round_to_pair
            from trf.acceleration import AccelerationRefused

            try:
                target = round_to_pair(t, rnd)
                p = self.pair(target.before, target.round, sel, initial_colour=initial, total_rounds=total)
            except (NoLegalPairing, PairingInputError, AccelerationRefused) as exc:
                raise NoCandidate(str(exc)) from None
            return p.boards, p.bye
        return candidate

    # ---- checking

    def check_one(self, t: Tournament, rnd: int, engine: EngineCandidate | None, sel: Selection,
                  request: CheckRequest) -> RoundReport:
        """The checker's verdict on round ``rnd`` (``engine``: the engine's candidate, ``None``
        when the caller declined it)."""
        raise NotOffered(self.words, "checker")

    def check(self, t: Tournament, rounds: list[int], sel: Selection, request: CheckRequest,
              progress: Callable[[int], None] | None = None) -> Any:
        """Each round's verdict (:meth:`check_one`), the engine's pairing offered as a candidate
        unless the caller declines it (``request.engine`` is ``False``)."""
        engine = None if request.engine is False else self.engine_candidate(t, sel)
        reports = []
        for r in rounds:
            reports.append(self.check_one(t, r, engine, sel, request))
            if progress is not None:
                progress(r)
        return reports


@dataclass(frozen=True)
class Selection:
    """A system chosen for one tournament: ``edition`` and why (``reason``: how the edition was
    chosen, in words), ``source`` (the record that named the system, ``192 FIDE_DUTCH_2026``;
    ``None``: the file names none, or the caller chose), ``code`` (that record's value in
    capitals), ``variant`` (what the code says beyond the system), ``asked``: the system was
    chosen by the caller (``--system``), ``edition_asked``: so was the edition (``--rules``)."""

    system: PairingSystem
    edition: Edition
    reason: str
    source: str | None = None
    code: str = ""
    variant: str | None = None
    asked: bool = False
    edition_asked: bool = False

    def describe(self) -> str:
        return self.system.describe(self.edition, self.code)
