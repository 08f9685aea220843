"""What the checker's readings of the individual Swiss systems of C.04.4 (Dubov, C.04.4.1; Burstein,
C.04.4.2, both 2026) read alike: the file's facts before a round (the games played and their
colours, who met whom, the PAB bar of C2, the pairing numbers), the absolute criteria C1-C4, the
colour preference of Art. 1.5-1.6, the PAB finding of Art. 3.1, the colours of Art. 5.2 board by
board, the comparison with the engine and the first steps of ``--why-not``.

Each system keeps its own facts (:mod:`checker.dubov.state`, :mod:`checker.burstein.state`) and
its own brackets; this module only reads what both articles say in the same words.  It is written
from the articles, independent of the engines (:mod:`pairing`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterator, Mapping, Optional, Protocol, Sequence

from algorithms.cardinality import maximum_matching
from checker.report import EngineCandidate, Finding, NoCandidate, RoundReport, WhyNot
from trf.model import Colour, Player, Result, Tournament

__all__ = ["ABSOLUTE", "STRONG", "MILD", "SwissSeat", "SwissFacts", "GamesBefore", "games_before", "given_round", "pab_barred",
           "numbered", "may_meet", "complete", "pab_player", "ColourSeat", "white_by_art_5_2", "colour_preference", "show_score", "opponents", "absolute_findings",
           "pab_finding", "judge_colours", "compare_engine", "judge_round", "why_not_before_brackets"]

ABSOLUTE, STRONG, MILD = 3, 2, 1

Boards = tuple[tuple[int, int], ...]
#: Makes a finding citing the system's article of ``rule``: ``(kind, rule, message, **fields)``.
MakeFinding = Callable[..., Finding]


class SwissSeat(Protocol):
    """A player to pair as either reading sees them."""

    @property
    def id(self) -> int: ...
    @property
    def tpn(self) -> int: ...
    @property
    def score(self) -> Fraction: ...
    @property
    def want(self) -> Colour | None: ...
    @property
    def strength(self) -> int: ...
    @property
    def may_have_pab(self) -> bool: ...
    @property
    def games(self) -> int: ...


class SwissFacts(Protocol):
    """A round as either reading sees it: the players to pair, the meetings, the forbidden pairs."""

    @property
    def seats(self) -> Mapping[int, SwissSeat]: ...
    @property
    def met(self) -> frozenset[frozenset[int]]: ...
    @property
    def forbidden(self) -> frozenset[frozenset[int]]: ...

    def legal(self, a: int, b: int) -> bool: ...


@dataclass(frozen=True)
class GamesBefore:
    """The games of the rounds before the one to pair: each player's played games
    ``(round, opponent, colour)`` in round order, the rounds in which each was paired (a game,
    played or not, or the PAB), and the pairs who met over the board (C1; an unplayed game is no
    meeting, C.04.2 Art. 3.5)."""

    played: dict[int, list[tuple[int, int, Colour]]]
    paired: dict[int, set[int]]
    met: frozenset[frozenset[int]]


def games_before(before: Tournament, rnd: int) -> GamesBefore:
    """Read from the games of each round (:meth:`trf.model.Tournament.games`) rather than from
    the players' round blocks, so that both sides of a game say the same."""
    played: dict[int, list[tuple[int, int, Colour]]] = {p.start_rank: [] for p in before.players}
    paired: dict[int, set[int]] = {p.start_rank: set() for p in before.players}
    met: set[frozenset[int]] = set()
    for r in range(1, rnd):
        for g in before.games(r):
            for x in (g.white, g.black):
                paired.setdefault(x, set()).add(r)
            if g.is_played:
                played.setdefault(g.white, []).append((r, g.black, Colour.WHITE))
                played.setdefault(g.black, []).append((r, g.white, Colour.BLACK))
                met.add(frozenset((g.white, g.black)))
        for b in before.byes(r):
            if b.kind is Result.PAIRING_ALLOCATED_BYE:
                paired.setdefault(b.player, set()).add(r)
    return GamesBefore(played, paired, frozenset(met))


def given_round(t: Tournament, rnd: int) -> tuple[Boards, Optional[int]]:
    """The round as the file gives it: boards (white, black) and the PAB: a ``U`` block, else
    (the older writing some programs use) the one ``0000 - +`` block of the round, a win with no
    opponent, when the round has no ``U``."""
    boards = tuple((g.white, g.black) for g in t.games(rnd))
    byes = t.byes(rnd)
    pab = next((b.player for b in byes if b.kind is Result.PAIRING_ALLOCATED_BYE), None)
    wins = [b.player for b in byes if b.kind is Result.FORFEIT_WIN]
    if pab is None and len(wins) == 1:
        pab = wins[0]
    return boards, pab


def pab_barred(p: Player, before: Tournament, rnd: int) -> bool:
    """C2 (Art. 2.1.2, with C.04.1 Art. 4): ``p`` had the PAB, or scored a win's points without
    playing, in a round before ``rnd``."""
    pid = p.start_rank
    return any((e := p.entry(r)) is not None and not e.is_played and (
        (e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE)
        or before.round_points(pid, r) >= before.scoring.win_white) for r in range(1, rnd))


def numbered(before: Tournament, rnd: int, paired: Mapping[int, set[int]]) -> Iterator[tuple[Player, int]]:
    """The players to pair in round ``rnd`` with their pairing numbers (TPN) in start-rank order: a
    player absent now who was never paired has no number; one absent now who was paired keeps
    theirs but is not paired."""
    absent = before.declared_absences(rnd)
    number = 0
    for p in sorted(before.players, key=lambda q: q.start_rank):
        pid = p.start_rank
        if pid in absent and not paired.get(pid):
            continue
        number += 1
        if pid not in absent:
            yield p, number


def may_meet(f: SwissFacts, a: int, b: int) -> bool:
    """C1 (Art. 2.1.1: no rematch, nor a pair the file forbids) and C3 (Art. 2.1.3: no two players
    with the same absolute colour preference); neither system has a topscorer exception."""
    if a == b:
        return False
    key = frozenset((a, b))
    if key in f.met or key in f.forbidden:
        return False
    x, y = f.seats[a], f.seats[b]
    return not (x.strength == ABSOLUTE and y.strength == ABSOLUTE and x.want == y.want)


def complete(f: SwissFacts, ids: Sequence[int]) -> bool:
    """C4 (Art. 2.2.1): the players ``ids`` admit a pairing of everybody satisfying C1-C3."""
    n = len(ids)
    if n % 2:
        return False
    if n == 0:
        return True
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if f.legal(ids[i], ids[j]):
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return min(maximum_matching(adj, (1 << n) - 1)) >= 0


def colour_preference(history: tuple[Colour, ...]) -> tuple[Colour, int]:
    """The colour preference after at least one game (C.04.4.1 Art. 1.6, C.04.4.2 Art. 1.5):
    absolute when the colour difference is beyond +-1 or the same colour came twice running,
    strong at +-1, else mild for the colour other than the last.  Before a first game the systems
    differ (Black, mildly, in Dubov; none in Burstein): the callers say."""
    whites = sum(1 for c in history if c is Colour.WHITE)
    diff = whites - (len(history) - whites)
    if diff >= 2:
        return Colour.BLACK, ABSOLUTE
    if diff <= -2:
        return Colour.WHITE, ABSOLUTE
    if len(history) > 1 and history[-1] == history[-2]:
        return (Colour.BLACK if history[-1] is Colour.WHITE else Colour.WHITE), ABSOLUTE
    if diff == 1:
        return Colour.BLACK, STRONG
    if diff == -1:
        return Colour.WHITE, STRONG
    return (Colour.BLACK if history[-1] is Colour.WHITE else Colour.WHITE), MILD


def pab_player(f: SwissFacts, lowest_last: Callable[[int], tuple[Fraction | int, ...]]) -> Optional[int]:
    """Art. 3.1: the PAB goes, of the players C2 allows it (3.1.1), to the first that leaves a
    complete pairing of the others (3.1.2) in the order: the lowest score (3.1.3), the most games
    played (3.1.4), then the system's last step (3.1.5: ``lowest_last`` of a start rank, smallest
    first).  ``None``: an even field, or nobody."""
    ids = sorted(f.seats)
    if len(ids) % 2 == 0:
        return None
    order = sorted((p for p in ids if f.seats[p].may_have_pab),
                   key=lambda p: (f.seats[p].score, -f.seats[p].games, *lowest_last(p)))
    for p in order:
        if complete(f, [q for q in ids if q != p]):
            return p
    return None


class ColourSeat(SwissSeat, Protocol):
    """A player as Art. 5.2 reads them: their rank, the colours of their games played."""

    @property
    def rank(self) -> tuple[Any, ...]: ...
    @property
    def history(self) -> tuple[Colour, ...]: ...


def white_by_art_5_2(x: ColourSeat, y: ColourSeat, initial: Colour) -> tuple[int, str]:
    """Art. 5.2 (C.04.4.1 and C.04.4.2 alike, each with its own ranking, Art. 5.2.1 / 1.8): the
    start rank that gets White in the pair ``x``-``y`` and the article of the deciding rule:
    5.2.1 neither has played (the initial colour to the higher-ranked player if their TPN is odd,
    else the other), 5.2.2 both preferences granted, 5.2.3 the stronger one, 5.2.4 alternation
    from the latest round in which they had different colours, 5.2.5 the higher-ranked player's
    preference."""
    top, other = sorted((x, y), key=lambda s: s.rank)

    def give(who: ColourSeat, c: Colour | None, rule: str) -> tuple[int, str]:
        partner = other if who is top else top
        return (who.id if c is Colour.WHITE else partner.id), rule

    if not top.history and not other.history:
        return give(top, initial if top.tpn % 2 else (Colour.BLACK if initial is Colour.WHITE else Colour.WHITE),
                    "5.2.1")
    if top.want != other.want or top.want is None:
        return give(top, top.want, "5.2.2") if top.want is not None else give(other, other.want, "5.2.2")
    if top.strength != other.strength:
        s = top if top.strength > other.strength else other
        return give(s, s.want, "5.2.3")
    i, j = len(top.history) - 1, len(other.history) - 1
    while i >= 0 and j >= 0:
        if top.history[i] != other.history[j]:
            return give(top, Colour.BLACK if top.history[i] is Colour.WHITE else Colour.WHITE, "5.2.4")
        i, j = i - 1, j - 1
    return give(top, top.want, "5.2.5")


def show_score(x: Fraction) -> str:
    """A score as findings write it: ``3``, ``2.5``."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def opponents(boards: Boards) -> dict[int, int]:
    """Each player's opponent on the given boards."""
    opponent: dict[int, int] = {}
    for w, b in boards:
        opponent[w], opponent[b] = b, w
    return opponent


def absolute_findings(f: SwissFacts, boards: Boards, pab: Optional[int], opponent: Mapping[int, int],
                      finding: MakeFinding, completion_rule: str) -> list[Finding]:
    """Everybody to pair is paired or has the PAB (``completion_rule``: C.04.4.1 Art. 1.9,
    C.04.4.2 Art. 1.9.1), and the given pairs and PAB keep C1-C3 (Art. 2.1.1-2.1.3)."""
    out = []
    missing = [p for p in sorted(f.seats) if p not in opponent and p != pab]
    if missing:
        out.append(finding("completion", completion_rule, f"not paired: {', '.join(map(str, missing))}",
                           boards=tuple((p, None) for p in missing)))
    for w, b in boards:
        if w not in f.seats or b not in f.seats:
            continue
        if frozenset((w, b)) in f.met:
            out.append(finding("absolute", "C1", f"{w}-{b} played each other before", boards=((w, b),)))
        elif frozenset((w, b)) in f.forbidden:
            out.append(finding("absolute", "C1", f"{w}-{b} is a pair the file forbids", boards=((w, b),)))
        elif not f.legal(w, b):
            out.append(finding("absolute", "C3", f"{w}-{b}: both have an absolute preference for the same colour",
                               boards=((w, b),)))
    if pab is not None and pab in f.seats and not f.seats[pab].may_have_pab:
        out.append(finding("absolute", "C2", f"{pab} may not have the PAB (had one, or a win without playing)",
                           boards=((pab, None),)))
    return out


def pab_finding(f: SwissFacts, given: Optional[int], rules: Optional[int], finding: MakeFinding,
                last_step: Callable[[SwissSeat, SwissSeat], str]) -> Finding:
    """The PAB goes to ``rules``, not ``given``: the first step of Art. 3.1 that tells them apart
    (3.1.2 a complete pairing of the others, 3.1.3 the lowest score, 3.1.4 the most games played,
    3.1.5 the system's last step, worded by ``last_step(given, rules)``)."""
    if rules is None or given is None:
        return finding("pab", "3.1.2", f"the PAB goes to {rules}, not {given}", boards=((given or 0, None),))
    g, r = f.seats[given], f.seats[rules]
    if not complete(f, [q for q in f.seats if q != given]):
        rule, why = "3.1.2", f"giving it to {given} leaves no complete pairing of the others"
    elif g.score != r.score:
        rule, why = "3.1.3", f"{rules} has the lower score ({show_score(r.score)} < {show_score(g.score)})"
    elif g.games != r.games:
        rule, why = "3.1.4", f"{rules} played more games ({r.games} > {g.games})"
    else:
        rule, why = "3.1.5", last_step(g, r)
    return finding("pab", rule, f"the PAB goes to {rules}, not {given}: {why}", boards=((given, None),),
                   given=str(given), better=str(rules))


def judge_colours(report: RoundReport, f: SwissFacts, boards: Boards, initial: Colour,
                  white_of: Callable[[Any, Any, Colour], tuple[int, str]], words: Mapping[str, str],
                  finding: MakeFinding) -> None:
    """Art. 5.2: every board of two players to pair judged by the system's colour rules."""
    for w, b in boards:
        if w in f.seats and b in f.seats:
            white, rule = white_of(f.seats[w], f.seats[b], initial)
            report.colours.append({"white": w, "black": b, "rule": rule, "ok": white == w, "reasons": []})
            if white != w:
                report.findings.append(finding("colour", rule, f"{w}-{b}: {words[rule]} gives White to {white}",
                                               boards=((w, b),)))


def compare_engine(report: RoundReport, engine: EngineCandidate, rnd: int, initial: Colour, total: int,
                   boards: Boards, pab: Optional[int]) -> None:
    """The engine's pairing of the round beside the checker's verdict: noted when the checker finds
    the given round conforms and the engine pairs it otherwise (two readings of one article)."""
    try:
        eb, ebye = engine(rnd, initial, total)
    except NoCandidate as exc:
        report.notes.append(f"the engine gave no pairing: {exc}")
        return
    report.engine_pairing = (eb, ebye)
    if ({frozenset(x) for x in eb} != {frozenset(x) for x in boards} or ebye != pab) and report.ok:
        report.engine_disagrees = "the engine pairs the round otherwise; the checker finds the given " \
                                  "pairing conforms"


def judge_round(report: RoundReport, f: SwissFacts, boards: Boards, pab: Optional[int], *, finding: MakeFinding,
                completion_rule: str, pab_choice: Callable[[], Optional[int]],
                last_step: Callable[[SwissSeat, SwissSeat], str], brackets: Callable[[dict[int, int]], None],
                initial: Optional[Colour], white_of: Callable[[Any, Any, Colour], tuple[int, str]],
                words: Mapping[str, str], engine: Optional[EngineCandidate], total: Callable[[], int]) -> None:
    """The checks in the order the procedure meets them (Art. 1.9): everybody paired and C1-C3
    (:func:`absolute_findings`), then the PAB (Art. 3.1, :func:`pab_finding`), then the system's
    ``brackets`` top-down (given each player's opponent), these three stopping at the first
    finding; then every board's colours (Art. 5.2) and the engine's pairing beside the verdict
    (``total``: the number of rounds the engine is told)."""
    opponent = opponents(boards)
    report.findings += absolute_findings(f, boards, pab, opponent, finding, completion_rule)
    if not report.findings:
        rules = pab_choice()
        if pab != rules:
            report.findings.append(pab_finding(f, pab, rules, finding, last_step))
    if not report.findings:
        brackets(opponent)
    if initial is not None:
        judge_colours(report, f, boards, initial, white_of, words, finding)
        if engine is not None:
            compare_engine(report, engine, report.round, initial, total(), boards, pab)


def why_not_before_brackets(f: SwissFacts, rnd: int, a: int, b: int, boards: Boards,
                            pab_choice: Callable[[], Optional[int]]) -> tuple[Optional[WhyNot], Optional[int]]:
    """``--why-not A-B`` answered before any bracket: a player not to pair, a player against
    themselves, a pair the round has, C1 (Art. 2.1.1), C3 (Art. 2.1.3), or the PAB of Art. 3.1
    going to one of them.  With the answer, the PAB's player by the rules (``pab_choice``, asked
    only when the answer is not yet known): no answer when the brackets must tell."""
    pair = (a, b)
    for x in (a, b):
        if x not in f.seats:
            return WhyNot(rnd, pair, "impossible", None, f"player {x} is not paired in round {rnd} (absent, a "
                                                         "requested bye, or no such player)"), None
    if a == b:
        return WhyNot(rnd, pair, "impossible", None, "a player cannot play themselves"), None
    if any({w, x} == {a, b} for w, x in boards):
        return WhyNot(rnd, pair, "given", None, f"{a}-{b} is paired in round {rnd}"), None
    if frozenset(pair) in f.met:
        return WhyNot(rnd, pair, "impossible", "C1", f"C1 (Art. 2.1.1): {a} and {b} played each other before"), None
    if not f.legal(a, b):
        return WhyNot(rnd, pair, "impossible", "C3", f"C3 (Art. 2.1.3): {a} and {b} both have an absolute "
                                                     "preference for the same colour, or the pair is forbidden"), None
    rules_pab = pab_choice()
    if rules_pab in pair:
        return WhyNot(rnd, pair, "worse", "3.1", f"the PAB goes to {rules_pab} (Art. 3.1)"), rules_pab
    return None, rules_pab
