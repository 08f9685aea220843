"""The teams' facts before a round, as C.04.6 (2026) reads them: scores (Art. 1.2), colour
history and difference (Art. 1.6), colour preference (Art. 1.7), the previous round's float
(Art. 1.5), who may not receive the PAB (Art. 2.1.2, [C2]) and whom each team has met
(Art. 2.1.1, [C1]).  Everything is cut before the round: only rounds ``1 .. rnd-1`` of the
:class:`trf.teams.TeamEvent` are read.

Readings taken where the text leaves room (``docs`` of the project and the digest's A-numbers):

* a forfeited match (``330``) is not a meeting (C.04.2 Art. 3.5, applied by the Preface), gives
  no colour (Art. 1.6.1) and makes nobody a floater (Art. 1.5: "plays against");
* "the last two matches" are the last two *played* ones (C.04.2 Art. 3.4 squeezes the others);
* Type B, last round, colour difference 0 with the last two matches of one colour: the strong
  preference of the first paragraph applies (A1), as does a strong preference over a mild one
  for a difference of -1 or +1 (A2);
* "matches played" in Art. 3.4.3 counts matches actually played (A9).
"""

from __future__ import annotations

from typing import Callable

from dataclasses import dataclass
from fractions import Fraction

from trf.codes import Colour
from trf.model import AccelerationRange
from trf.teams import MatchKind, TeamEvent

__all__ = ["TeamFacts", "RoundState", "round_state", "preference"]

#: what bars a team from the PAB (Art. 2.1.2, [C2]) and how to say it
_PAB_BARS = {MatchKind.PAB: "already received the PAB", MatchKind.FORFEIT_WIN: "won a match by forfeit",
             MatchKind.FULL_BYE: "was given a full-point bye"}


@dataclass(frozen=True)
class TeamFacts:
    """One team before the round.  ``score`` is the primary score (Art. 1.2.1), ``secondary`` the
    other one when the competition uses it for colours (Art. 1.2.1-1.2.2, else ``None``);
    ``colours`` the board-1 colours of its played matches (Art. 1.6.1); ``cd`` their colour
    difference (Art. 1.6.2); ``preference`` the colour it prefers (``Colour.NONE``: none) and
    ``strong`` whether that preference is strong (Type B) or simply exists (Type A); ``played`` the
    number of matches played (Art. 3.4.3); ``pab_bar`` why [C2] bars it from the PAB (``None``:
    it may receive it); ``floated`` whether it was a floater in the previous round (Art. 1.5);
    ``met`` the teams it played, and ``meetings`` when."""

    tpn: int
    score: Fraction
    secondary: Fraction | None
    colours: tuple[Colour, ...]
    cd: int
    preference: Colour
    strong: bool
    played: int
    pab_bar: str | None
    floated: bool
    met: frozenset[int]
    meetings: tuple[tuple[int, int], ...] = ()  # (opponent, round) of each match played

    def met_in(self, other: int) -> int | None:
        """The round in which this team played ``other`` (``None``: never)."""
        return next((r for o, r in self.meetings if o == other), None)

    def describe_preference(self, kind: str | None) -> str:
        """The preference in words (``"strong White"``, ``"mild Black"``, ``"White"``, ``"none"``)."""
        if self.preference is Colour.NONE:
            return "none"
        name = "White" if self.preference is Colour.WHITE else "Black"
        if kind == "B":
            return ("strong " if self.strong else "mild ") + name
        return name


@dataclass(frozen=True)
class RoundState:
    """What the rules read before pairing round ``round``: each team's :class:`TeamFacts`
    (``teams``, every team of the event), the preference type (``"A"``, ``"B"`` or ``None``),
    whether the round is one of the last two (Art. 2.3.4, 2.3.7) or the last (Art. 1.7.2), the
    initial-colour (Art. 4.1; ``None``: unknown), whether the secondary score allocates colours
    (Art. 4.2.2), and notes on what was assumed."""

    round: int
    teams: dict[int, TeamFacts]
    preference_type: str | None
    total_rounds: int
    last_two: bool
    last_round: bool
    initial_colour: Colour | None
    use_secondary: bool
    notes: tuple[str, ...] = ()

    def score(self, tpn: int) -> Fraction:
        return self.teams[tpn].score

    def may_meet(self, a: int, b: int) -> bool:
        """[C1] Art. 2.1.1: ``a`` and ``b`` have not played each other."""
        return a != b and b not in self.teams[a].met


def preference(colours: tuple[Colour, ...], kind: str | None, last_round: bool) -> tuple[Colour, bool]:
    """A team's colour preference and whether it is strong (C.04.6 Art. 1.7), from the board-1
    colours of its played matches.

    Type A (1.7.1) and Type B's strong preferences (1.7.2) are worded alike: White for a colour
    difference below -1, or of 0 or -1 after two Blacks; Black symmetrically.  Type B adds mild
    preferences: the colour that evens a difference of -1 or +1, and for a difference of 0 the
    colour opposite to the last one, except in the last round.  No match played: no preference."""
    if kind is None or not colours:
        return Colour.NONE, False
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two = colours[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Colour.WHITE, True
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Colour.BLACK, True
    if kind != "B":
        return Colour.NONE, False
    if cd == -1:
        return Colour.WHITE, False
    if cd == 1:
        return Colour.BLACK, False
    if not last_round:
        return colours[-1].opposite, False
    return Colour.NONE, False


def _initial_colour(event: TeamEvent) -> tuple[Colour | None, str | None]:
    """Art. 4.1's initial-colour: ``152`` when the file states it, else read back from the first
    round's first played match (Art. 4.3.1 gave it to an odd first-team), with a note."""
    stated = event.tournament.initial_colour
    if stated is not None and stated is not Colour.NONE:
        return stated, None
    for rnd in range(1, event.rounds + 1):
        for white, black, kind in event.matches(rnd):
            if kind != MatchKind.PLAYED:
                continue
            if event.colours(white, rnd - 1) or event.colours(black, rnd - 1):
                continue
            first = min(white, black)  # equal scores before either played: Art. 4.2.3
            colour = Colour.WHITE if first == white else Colour.BLACK
            colour = colour if first % 2 else colour.opposite
            return colour, (f"no 152 record: the initial-colour (Art. 4.1) is read back as "
                            f"{colour.name.lower()} from round {rnd}'s match {white}-{black}")
        return None, "no 152 record and no played match to read the initial-colour (Art. 4.1) from"
    return None, "no 152 record: the initial-colour (Art. 4.1) is unknown"


def _no_virtual_points(tpn: int, rnd: int) -> Fraction:
    return Fraction(0)


def _virtual_points(event: TeamEvent) -> Callable[[int, int], Fraction] | None:
    """The virtual points of the file's ``250`` records (C.04.7 Art. 1.5: the pairing score is the
    score plus them; TRF-2026 4.5: match points in columns 5-8 or game points in 10-13, a range of
    rounds and of TPNs), a later record over an earlier one; ``None`` without records.  Floats
    compare pairing scores too (A8); the secondary score stays the points scored (KD-3)."""
    records = [r for r in event.tournament.records if isinstance(r, AccelerationRange)]
    if not records:
        return None

    def points(tpn: int, rnd: int) -> Fraction:
        for rec in reversed(records):
            if rec.first_round <= rnd <= rec.last_round and rec.first_player <= tpn <= rec.last_player:
                value = rec.match_points or rec.game_points
                if value:
                    return value
        return Fraction(0)
    return points


def round_state(event: TeamEvent, rnd: int) -> RoundState:
    """Every team's facts before round ``rnd`` (rounds ``1 .. rnd-1`` only)."""
    opts = event.options
    notes: list[str] = []
    total = event.total_rounds
    if total is None or total < rnd:
        notes.append(f"the number of rounds is not declared (142) or is below {rnd}: round {rnd} is taken "
                     "as the last (C7 and C10 off, Art. 2.3.4 and 2.3.7)")
        total = max(rnd, total or 0)
    last_round = rnd == total
    secondary_kind = opts.secondary
    use_secondary = secondary_kind is not None
    virtual = _virtual_points(event)
    if virtual is None:
        virtual = _no_virtual_points
        if opts.baku:
            notes.append("Baku acceleration (C.04.7) is not applied (the file has no 250 records): scores are "
                         "the points scored")
    initial, why = _initial_colour(event)
    if why:
        notes.append(why)
    before = rnd - 1
    facts: dict[int, TeamFacts] = {}
    for team in event.teams:
        tpn = team.tpn
        entries = event.entries(tpn, before)
        colours = event.colours(tpn, before)
        cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
        pref, strong = preference(colours, opts.preference, last_round)
        bar = next((_PAB_BARS[e.kind] + f" in round {e.round}" for e in entries if e.kind in _PAB_BARS), None)
        floated = False
        if before >= 1:
            prev = event.entry(tpn, before)
            if prev.played and prev.opponent is not None:
                floated = (event.score(tpn, before - 1) + virtual(tpn, before)
                           != event.score(prev.opponent, before - 1) + virtual(prev.opponent, before))
        facts[tpn] = TeamFacts(
            tpn=tpn,
            score=event.score(tpn, before) + virtual(tpn, rnd),
            secondary=event.score(tpn, before, secondary_kind) if secondary_kind else None,
            colours=colours, cd=cd, preference=pref, strong=strong,
            played=sum(1 for e in entries if e.played),
            pab_bar=bar, floated=floated,
            met=frozenset(event.opponents(tpn, before)),
            meetings=tuple((e.opponent, e.round) for e in entries if e.played and e.opponent is not None))
    return RoundState(rnd, facts, opts.preference, total, rnd > total - 2, last_round, initial, use_secondary,
                      tuple(notes))
