"""The manual pairing phase: the arbiter gives some or all boards of the next round, the toolkit
says what they break and how they compare with the rules' pairing, and accepting them records
the alteration in the file.

* The boards not given are paired by the engine among the players left (as if the others were
  absent from the round); the arbiter may also name the player who gets the PAB.
* Warnings, from the rules the arbiter can break on purpose: a rematch (C.04.1 Art. 2; C1), a
  forbidden pair (C1), a PAB to a player who may not get it (C.04.1 Art. 4; C2), a player with
  the same colour a third time in a row (C.04.1 Art. 7) or a colour difference above two
  (C.04.1 Art. 6).
* The comparison: the engine's pairing of the whole round, the boards that differ, and the
  independent checker's verdict on the round as given (the system's :meth:`~systems.base.PairingSystem.check` on the
  file with the round written in): conforming, or the criterion and article it loses on.
* Accepting writes the round like an engine round (:func:`event.next_round.write_round`) and,
  when it differs from the engine's pairing, the ``### MPA @ Round n: <engine's boards> =>
  <the round's boards>`` line that the FIDE verification checklist for pairing programs asks
  for (TEC manual, logging of pairing irregularities).  In FIDE mode a round that differs from
  the engine's is written only when the arbiter confirms it (level 3, :mod:`event.fidemode`).
* When the engine finds no legal pairing of the round (C.04.3 Art. 1.9.3: the Chief Arbiter
  decides), the arbiter pairs it by hand (draft VCL4THP Q63): the assessment says why the engine
  found none, the checker judges the boards given, and the MPA line reads ``none => <boards>``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from event import fidemode
from event.absences import check_player
from event.change import Change, EventError, Notice, player_label, refuse_team_event
from event.log import Irregularity, with_irregularity
from event.next_round import next_round, write_round
from event.results import boards as board_list
from pairing.result import NoLegalPairing
from trf.edit import with_byes
from trf.model import Colour, Result, Tournament

if TYPE_CHECKING:  # pragma: no cover
    from systems.base import Selection

__all__ = ["ManualPairingError", "Assessment", "assess", "accept", "parse_board", "checker_report"]

#: The order the checker's findings are listed in: what makes a round illegal first, then what a
#: better pairing wins on, then the colours of the boards (C.04.3 Art. 5.2).
_SERIOUS = {"absolute": 0, "completion": 1, "quality": 2, "order": 3, "colour": 4}


class ManualPairingError(EventError):
    """The boards given cannot make a round: ``problem`` in words, the ``players`` concerned."""

    kind = "manual-pairing"

    def __init__(self, problem: str, players: tuple[int, ...] = ()) -> None:
        super().__init__(problem)
        self.problem, self.players = problem, players


def parse_board(text: str, t: Tournament | None = None) -> tuple[int, int]:
    """``12-7`` (White first) as starting ranks; raises :class:`ManualPairingError`.  Given the
    tournament ``t``, each player may also be named by FIDE id or name (``Okafor-Lee``,
    ``Doe-Ray, Ann-12``: :func:`trf.naming.resolve_pair`, which raises
    :class:`~trf.naming.PlayerNotNamed`)."""
    parts = text.replace(" ", "").split("-")
    numbers = len(parts) == 2 and all(p.isascii() and p.isdigit() for p in parts)  # isdigit() alone takes '²'
    if t is not None:
        from trf.naming import PlayerNotNamed, resolve_pair

        try:
            return resolve_pair(t, text)
        except PlayerNotNamed:
            if not numbers:
                raise
            # numbers that name nobody: assess refuses them (UnknownPlayer), after the round's own refusals
    if not numbers:
        raise ManualPairingError(f"{text!r} is not a board: expected White-Black starting ranks such as 12-7")
    return int(parts[0]), int(parts[1])


@dataclass(frozen=True)
class Assessment:
    """A manual pairing of round ``round`` judged: the boards given, those the engine added, the
    whole round in board order, the warnings, the engine's own pairing and the checker's verdict;
    ``after``: the tournament with the round written in (what accepting saves)."""

    round: int
    given: tuple[tuple[int, int], ...]
    given_bye: int | None
    added: tuple[tuple[int, int], ...]
    boards: tuple[tuple[int, int], ...]
    bye: int | None
    warnings: tuple[Notice, ...]
    engine_boards: tuple[tuple[int, int], ...]
    engine_bye: int | None
    check: dict[str, Any]
    after: Tournament
    notes: tuple[str, ...] = field(default=())
    engine_none: str | None = None

    @property
    def engine_found_none(self) -> bool:
        """Whether the engine found no legal pairing of the round (draft VCL4THP Q63: the round is
        then paired by hand); ``engine_none`` says why, in the engine's words."""
        return self.engine_none is not None

    @property
    def same_as_engine(self) -> bool:
        return set(self.boards) == set(self.engine_boards) and self.bye == self.engine_bye

    @property
    def conforms(self) -> bool:
        return bool(self.check.get("ok"))

    @property
    def findings(self) -> list[dict[str, Any]]:
        """Every finding of the checker on the round (criterion, article, message, both values),
        the most serious first (:data:`_SERIOUS`): what ``arbiter check`` reports once the round
        is written, told before it is."""
        found = self.check.get("findings") or []
        return sorted(found, key=lambda f: _SERIOUS.get(f.get("kind", ""), 5))

    @property
    def loses_on(self) -> dict[str, Any] | None:
        """The checker's most serious finding, if any: an absolute or completion criterion, else
        the quality criterion (or generation order) a better pairing wins on, else a colour
        allocation (Art. 5.2) of the boards given."""
        found = self.findings
        return found[0] if found else None

    def differences(self) -> tuple[list[str], list[str]]:
        """The engine's boards the round lacks and the round's boards the engine lacks, as
        ``W-B`` (``N=PAB`` for a bye), in board order."""
        mine, theirs = set(self.boards), set(self.engine_boards)
        engine = [f"{w}-{b}" for w, b in self.engine_boards if (w, b) not in mine]
        given = [f"{w}-{b}" for w, b in self.boards if (w, b) not in theirs]
        if self.bye != self.engine_bye:
            if self.engine_bye is not None:
                engine.append(f"{self.engine_bye}=PAB")
            if self.bye is not None:
                given.append(f"{self.bye}=PAB")
        return engine, given

    def as_dict(self) -> dict[str, Any]:
        engine, given = self.differences()
        return {"round": self.round, "given": [list(b) for b in self.given], "given_bye": self.given_bye,
                "added_by_engine": [list(b) for b in self.added],
                "boards": [{"board": i, "white": w, "black": b} for i, (w, b) in enumerate(self.boards, 1)],
                "bye": self.bye, "warnings": [w.as_dict() for w in self.warnings],
                "engine": {"boards": [list(b) for b in self.engine_boards], "bye": self.engine_bye},
                "same_as_engine": self.same_as_engine, "engine_only": engine, "manual_only": given,
                "engine_found_none": self.engine_found_none, "engine_none_reason": self.engine_none,
                "conforms": self.conforms, "loses_on": self.loses_on, "findings": self.findings, "check": self.check,
                "notes": list(self.notes)}


def _colour_warnings(t: Tournament, rnd: int, pid: int, colour: Colour) -> list[Notice]:
    hist = t.player(pid).colour_history(through=rnd - 1) + (colour,)
    out = []
    word = "White" if colour is Colour.WHITE else "Black"
    if len(hist) >= 3 and hist[-1] is hist[-2] is hist[-3]:
        out.append(Notice("colour-three-in-a-row", f"{player_label(t, pid)} gets {word} a third time in a row "
                                                   "(C.04.1 Art. 7)", {"player": pid, "colour": colour.value}))
    cd = sum(1 if c is Colour.WHITE else -1 for c in hist)
    if abs(cd) > 2:
        out.append(Notice("colour-difference", f"{player_label(t, pid)}'s colour difference becomes {cd:+d} "
                                               "(more than two, C.04.1 Art. 6)", {"player": pid, "difference": cd}))
    return out


def _pab_ban(t: Tournament, pid: int, rnd: int) -> str | None:
    """C.04.1 Art. 4: a player who had the PAB, or scored a win's points without playing."""
    win = t.scoring.win_white
    for r in range(1, rnd):
        e = t.player(pid).entry(r)
        if e is None or e.is_played:
            continue
        if e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE:
            return f"had the pairing-allocated bye in round {r}"
        if t.scoring.value(e) >= win:
            return f"scored a win without playing in round {r} ({e.code.value if e.code else '?'})"
    return None


def _warnings(t: Tournament, rnd: int, pairs: tuple[tuple[int, int], ...], bye: int | None) -> list[Notice]:
    out: list[Notice] = []
    banned = t.forbidden(rnd)
    for w, b in pairs:
        met = [r for r in range(1, rnd) if (e := t.player(w).entry(r)) is not None and e.is_played and e.opponent == b]
        if met:
            out.append(Notice("rematch", f"{player_label(t, w)} and {player_label(t, b)} already met in round {met[0]} "
                                         "(C.04.1 Art. 2; C1)", {"players": [w, b], "round": met[0]}))
        if frozenset((w, b)) in banned:
            out.append(Notice("forbidden-pair", f"{player_label(t, w)} and {player_label(t, b)} may not meet: a "
                                                "forbidden pair of the event (C1)", {"players": [w, b]}))
        out += _colour_warnings(t, rnd, w, Colour.WHITE) + _colour_warnings(t, rnd, b, Colour.BLACK)
    if bye is not None and (why := _pab_ban(t, bye, rnd)):
        out.append(Notice("pab-ineligible", f"{player_label(t, bye)} may not get the pairing-allocated bye: {why} "
                                            "(C.04.1 Art. 4; C2)", {"player": bye}))
    return out


def placed_and_left(t: Tournament, given: tuple[tuple[int, int], ...], bye: int | None,
                    absent: dict[int, Result], rnd: int) -> tuple[set[int], list[int]]:
    """The players a manual pairing places (its boards and its bye) and those it leaves to the
    engine, by start rank.  Refuses (:class:`ManualPairingError`) a player paired against himself,
    unknown, placed twice (one board or the bye a round), or declared absent for round ``rnd``."""
    placed: dict[int, int] = {}
    for w, b in given:
        if w == b:
            raise ManualPairingError(f"player {w} cannot play against himself", (w,))
        for pid in (w, b):
            check_player(t, pid)
            placed[pid] = placed.get(pid, 0) + 1
    if bye is not None:
        check_player(t, bye)
        placed[bye] = placed.get(bye, 0) + 1
    twice = sorted(p for p, n in placed.items() if n > 1)
    if twice:
        raise ManualPairingError(f"player(s) {', '.join(map(str, twice))} are given more than one board or the bye",
                                 tuple(twice))
    away = sorted(p for p in placed if p in absent)
    if away:
        raise ManualPairingError("player(s) " + ", ".join(f"{p} ({absent[p].value})" for p in away)
                                 + f" are declared absent in round {rnd}: cancel the bye first", tuple(away))
    left = sorted(p.start_rank for p in t.players if p.start_rank not in absent and p.start_rank not in placed)
    return set(placed), left


def assess(t: Tournament, given: tuple[tuple[int, int], ...], bye: int | None = None) -> Assessment:
    """Judge a manual pairing of the next round (the refusals of :func:`event.next_round.next_round`
    apply).  Raises :class:`ManualPairingError` when the boards cannot make a round."""
    from systems import select

    refuse_team_event(t, "the manual pairing of team rounds is not implemented")
    engine_none: str | None = None
    engine_boards: tuple[tuple[int, int], ...]
    engine_bye: int | None
    try:
        nxt = next_round(t)
    except NoLegalPairing as exc:  # draft VCL4THP Q63: the round is then paired by hand
        engine_none, engine_boards, engine_bye, rnd = str(exc), (), None, t.rounds_paired + 1
    else:
        if nxt.round_robin:
            raise ManualPairingError("a round robin's rounds come from its table; there is no manual "
                                     "pairing phase")
        engine_boards, engine_bye, rnd = nxt.pairing.boards, nxt.pairing.bye, nxt.round
    sel = select(t)
    absent = t.declared_absences(rnd)
    placed, left = placed_and_left(t, given, bye, absent, rnd)
    notes: list[str] = []
    added: tuple[tuple[int, int], ...] = ()
    added_bye: int | None = None
    if left:
        rest, _ = sel.system.accelerate(with_byes(t, rnd, {p: Result.ZERO_POINT_BYE for p in placed}), sel)
        added, added_bye, notes = completed_by_engine(sel, rest, rnd, left, bye)
        if t.rounds_paired == 0:
            notes.append("round 1: the players given boards take no pairing number in the engine's part, which can "
                         "change its colours (C.04.3 Art. 5.2.5)")
    pairs = tuple(given) + tuple(added)
    final_bye = bye if bye is not None else added_bye
    after = write_round(t, rnd, pairs, final_bye)
    ordered = tuple((b.white, b.black) for b in board_list(after, rnd))
    return Assessment(rnd, tuple(given), bye, added, ordered, final_bye, tuple(_warnings(t, rnd, pairs, final_bye)),
                      engine_boards, engine_bye, checker_report(after, rnd), after, tuple(notes), engine_none)


def completed_by_engine(sel: Selection, rest: Tournament, rnd: int, left: list[int] | tuple[int, ...],
                        bye: int | None) -> tuple[tuple[tuple[int, int], ...], int | None, list[str]]:
    """The boards (and bye) the system's engine gives the players ``left`` without a board by the
    arbiter: ``rest`` is the file with every placed player absent from round ``rnd`` (a zero-point
    bye, so the engine pairs only the others, C.04.2 Art. 1.5), with the system's acceleration.
    Raises :class:`ManualPairingError` when they cannot be paired: an odd number left while the
    bye is already given, or no legal pairing among them (then the arbiter gives their boards too)."""
    if bye is not None and len(left) % 2:
        raise ManualPairingError(f"{len(left)} players are left for the engine and the bye is already given: "
                                 "give one more board, or no bye", tuple(left))
    try:
        part = sel.system.pair(rest, rnd, sel)
    except NoLegalPairing as exc:
        raise ManualPairingError(f"the engine cannot pair the {len(left)} players not given a board ({exc}): "
                                 "give their boards too", tuple(left)) from None
    return part.boards, part.bye, [f"{len(part.boards)} board(s) paired by the engine among the {len(left)} "
                                   "players not given a board"]


def checker_report(after: Tournament, rnd: int) -> dict[str, Any]:
    """The checker's report on round ``rnd`` of the file as accepting would write it, made as
    ``arbiter check FILE --round r`` makes it on the written file: the system the file names
    (:func:`systems.select`), its acceleration (Baku named by 192 and not yet in XXA/250 records:
    the virtual points written in, C.04.7), the system's checker with the engine's comparison.
    So the findings told before ``--accept`` are the ones ``check`` reports after it."""
    from systems import CheckRequest, select

    sel = select(after)
    accelerated, _ = sel.system.accelerate(after, sel)
    report = sel.system.check(accelerated, [rnd], sel, CheckRequest())[0]
    return report.as_dict()  # type: ignore[no-any-return]


def accept(t: Tournament, a: Assessment, *, acknowledged: bool = False) -> Change:
    """Write the assessed round into the file, with its MPA line when it differs from the engine's
    pairing: in FIDE mode such a round needs ``acknowledged`` (level 3, draft VCL4THP Q65-Q69,
    else :class:`~event.fidemode.NeedsConfirmation`, nothing written)."""
    after = a.after
    engine, given = a.differences()
    change = f"{'none' if a.engine_found_none else ' '.join(engine)} => {' '.join(given)}"
    warnings = a.warnings
    if not a.same_as_engine:
        what = ("is paired by hand, the engine found no legal pairing" if a.engine_found_none
                else "differs from the engine's pairing")
        notice = fidemode.check(t, "manual-pairing", f"round {a.round} {what}: {change}", acknowledged=acknowledged)
        if notice is not None:
            warnings += (notice,)
        after = with_irregularity(after, Irregularity("MPA", a.round, change))
    more = len(a.findings) - 1
    verdict = "conforms by the checker" if a.conforms else (
        f"checker: {a.loses_on['criterion']} ({a.loses_on['message']})"
        + (f" and {more} more finding(s)" if more > 0 else "") if a.loses_on else "checker: discrepancy")
    how = ("paired by hand, the engine found no legal pairing" if a.engine_found_none
           else "differs from the engine's pairing")
    details = (f"{len(a.boards)} board(s), {len(a.given)} given" + (f", PAB {a.bye}" if a.bye is not None else "")
               + ("; same as the engine's pairing" if a.same_as_engine else f"; {how}: {change}; {verdict}"))
    if a.warnings:
        details += "; warnings: " + ", ".join(sorted({w.code for w in a.warnings}))
    return Change(after, f"manual pairing round {a.round}", details, warnings, a.as_dict())
