"""The facts the Swiss Team Pairing System (C.04.6) reads of each team before a round, from the
team model of :mod:`trf.teams`: scores, colour history and preference, floats, meetings, and
whether the team may receive the PAB.

A team's *score* is its primary score (Art. 1.2.1: match points unless the rules say game
points); with acceleration the *pairing score* adds its virtual points (C.04.7 Art. 1.5: it
defines the scoregroups, their order, the floats and the board order).  Colours are board-1
colours of matches actually played (Art. 1.6.1), squeezed over the rounds without one (C.04.2
Art. 3.4).  A match counts as a meeting only when it was played (C.04.2 Art. 3.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional

from trf.codes import Colour
from trf.teams import MatchKind, TeamEvent

__all__ = ["RoundSettings", "TeamState", "team_states", "colour_preference", "NOT_PAIRED", "PAB_BARS"]

#: A team with a bye of its own for the round (``240 F/H/Z``) is not paired (C.04.2 Art. 3.3).
NOT_PAIRED = frozenset({"F", "H", "Z"})

#: What bars a team from the PAB (C.04.6 Art. 2.1.2 [C2]): a PAB, a match won by forfeit, a
#: full-point bye.  A half-point bye does not.
PAB_BARS = frozenset({MatchKind.PAB, MatchKind.FORFEIT_WIN, MatchKind.FULL_BYE})


@dataclass(frozen=True)
class RoundSettings:
    """What the round is paired under: ``round`` of ``total`` (Art. 2.3.4 and 2.3.7 spare the
    last two rounds; Art. 1.7.2 reads the last round), the colour preference type (``"A"``,
    ``"B"`` or ``None``, Art. 1.7), and whether the secondary score decides the first-team (Art.
    4.2.2)."""

    round: int
    total: int
    preference: Optional[str] = "A"
    use_secondary: bool = True

    @property
    def last_round(self) -> bool:
        return self.round >= self.total

    @property
    def last_two_rounds(self) -> bool:
        """C7 and C10 do not apply (C.04.6 Art. 2.3.4, 2.3.7)."""
        return self.round > self.total - 2


@dataclass(frozen=True)
class TeamState:
    """One team as the pairing of a round sees it (module docstring)."""

    tpn: int
    score: Fraction                 # the primary score (Art. 1.2.1), without virtual points
    pairing_score: Fraction         # plus the virtual points of the round (C.04.7 Art. 1.5)
    secondary: Optional[Fraction]   # the secondary score (Art. 4.2.2), None when not used
    colours: tuple[Colour, ...]     # board-1 colours of the matches played, squeezed (Art. 1.6.1)
    played: int                     # matches actually played (Art. 3.4.3)
    met: frozenset[int]             # teams met in played matches (Art. 2.1.1 [C1])
    pab_barred: bool                # Art. 2.1.2 [C2]
    floated: bool                   # a floater in the previous round (Art. 1.5)
    preference: Optional[Colour]    # Art. 1.7 (None: no preference)
    strong: bool                    # a strong preference (Type B, Art. 1.7.2; every Type A one)

    @property
    def cd(self) -> int:
        """The colour difference: matches with White minus matches with Black (Art. 1.6.2)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


def colour_preference(colours: tuple[Colour, ...], kind: Optional[str], last_round: bool
                      ) -> tuple[Optional[Colour], bool]:
    """The colour preference and whether it is strong (C.04.6 Art. 1.7), from the squeezed
    board-1 colours.

    Type A (1.7.1): White for CD <= -2, or CD 0 or -1 after two Blacks; Black for CD >= +2, or CD
    0 or +1 after two Whites; else none.  Type B (1.7.2): the same cases give a *strong*
    preference; otherwise CD -1 a mild White, CD +1 a mild Black, and CD 0 outside the last
    round a mild preference for the colour other than the last one.  No match played, or CD 0
    in the last round, gives none.  (When a strong and a mild clause both match, the strong one
    applies; Type B, last round, CD 0 after two equal colours is strong.)"""
    if kind is None or not colours:
        return None, False
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two = colours[-2:]
    if cd <= -2 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Colour.WHITE, True
    if cd >= 2 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Colour.BLACK, True
    if kind != "B":
        return None, False
    if cd == -1:
        return Colour.WHITE, False
    if cd == 1:
        return Colour.BLACK, False
    if not last_round:
        return colours[-1].opposite, False
    return None, False


def team_states(ev: TeamEvent, settings: RoundSettings, virtual: Callable[[int, int], Fraction]
                ) -> dict[int, TeamState]:
    """The teams to pair in ``settings.round`` (all but those with a bye of their own, ``240``),
    by TPN.  ``virtual(tpn, rnd)``: the team's virtual points for round ``rnd`` (C.04.7)."""
    rnd = settings.round
    primary = ev.options.primary
    secondary = ev.options.secondary if settings.use_secondary else None
    declared = {tpn for r, kind, tpn in ev.byes if r == rnd and kind in NOT_PAIRED}
    out: dict[int, TeamState] = {}

    def pairing_score(tpn: int, r: int) -> Fraction:
        return ev.score(tpn, r - 1, primary) + virtual(tpn, r)

    for team in ev.teams:
        tpn = team.tpn
        if tpn in declared:
            continue
        entries = ev.entries(tpn, rnd - 1)
        played = [e for e in entries if e.played]
        colours = tuple(e.colour for e in played if e.colour is not Colour.NONE)
        floated = False
        if rnd > 1:
            last = ev.entry(tpn, rnd - 1)
            if last.played and last.opponent is not None:
                floated = pairing_score(tpn, rnd - 1) != pairing_score(last.opponent, rnd - 1)
        pref, strong = colour_preference(colours, settings.preference, settings.last_round)
        out[tpn] = TeamState(
            tpn=tpn,
            score=ev.score(tpn, rnd - 1, primary),
            pairing_score=pairing_score(tpn, rnd),
            secondary=ev.score(tpn, rnd - 1, secondary) if secondary is not None else None,
            colours=colours,
            played=len(played),
            met=frozenset(e.opponent for e in played if e.opponent is not None),
            pab_barred=any(e.kind in PAB_BARS for e in entries),
            floated=floated,
            preference=pref,
            strong=strong,
        )
    return out
