"""``readings``: the open points of C.04.4.2 (docs/burstein.md) that decided a round, each named
with the pairing its other reading gives.

For each decision that can change a pairing, a cheap look at the round says whether its
situation is present (an absent opponent with zero-point byes, a full-point bye or a forfeit when
a PAB is due, a pair whose colours the higher-ranked player decides and whose Index order is not
its TPN order, virtual points); only then is the round paired again with that one switch flipped
(:class:`~pairing.burstein.players.Switches`), and a :class:`~pairing.rounds.Reading` returned
when the pairing differs.  The seeding rounds are the
Dutch system's (Art. 1.6): no Burstein reading applies there."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from pairing.burstein.colours import allocate
from pairing.burstein.engine import pair_round, total_rounds_of
from pairing.burstein.players import TAKEN, Entrant, Switches, _zero_bye_run, entrants, rank_key, seeding_rounds
from pairing.result import NoLegalPairing, Pairing
from pairing.rounds import Reading
from trf.model import Colour, Tournament

__all__ = ["readings", "PAGE"]

#: The decisions page.
PAGE = "docs/burstein.md"


def _zero_byes_used(t: Tournament, rnd: int, here: list[Entrant]) -> bool:
    """B2's situation (Art. 1.7.2.2): an over-the-board opponent of a player to pair is on a run
    of zero-point byes up to the current round."""
    met = {o for p in here for o in p.met}
    return any(_zero_bye_run(t, q, rnd - 1) > 0 for q in met)


def _unplayed_win_and_pab(t: Tournament, rnd: int, here: list[Entrant], forfeit: bool) -> bool:
    """B8's (``forfeit`` False: a full-point bye) or B13's (True: a forfeit) situation: a PAB is
    due and a player to pair has such a round."""
    if len(here) % 2 == 0:
        return False
    for p in here:
        for r in range(1, rnd):
            e = t.player(p.id).entry(r)
            if e is None or e.is_played:
                continue
            if forfeit and e.opponent is not None:
                return True
            if not forfeit and e.opponent is None and t.round_points(p.id, r) >= t.scoring.win_white:
                return True
    return False


def _rank_decides(here: list[Entrant], pairing: Pairing) -> bool:
    """B15's situation (Art. 5.2): a board whose colours the higher-ranked player decided (5.2.1,
    5.2.5) where the higher by Art. 1.8 (the Index) is not the smaller TPN."""
    by_id = {p.id: p for p in here}
    for w, b in pairing.boards:
        x, y = by_id[w], by_id[b]
        if (rank_key(x) < rank_key(y)) != (x.tpn < y.tpn) and allocate(x, y, Colour.WHITE)[1] in ("5.2.1", "5.2.5"):
            return True
    return False


def _accelerated(here: list[Entrant]) -> bool:
    """B6's situation (C.04.2 Art. 3.6, C.04.7 Art. 1.5): a player to pair has virtual points, and
    there are two boards to order."""
    return len(here) > 3 and any(p.score != p.points for p in here)


#: (decision, article, the reading taken, the switch that flips it, the cheap situation test).
_POINTS: tuple[tuple[str, str, str, Switches, Callable[[Tournament, int, list[Entrant], Pairing], bool]], ...] = (
    ("B2", "Art. 1.7.2.2", "an opponent's zero-point byes up to the current round count as draws in the Index",
     replace(TAKEN, zero_bye_draws=False), lambda t, r, h, _: _zero_byes_used(t, r, h)),
    ("B6", "C.04.2 Art. 3.6, C.04.7 Art. 1.5", "boards are ordered by the pairing scores (virtual points included)",
     replace(TAKEN, boards_by_pairing_score=False), lambda t, r, h, _: _accelerated(h)),
    ("B8", "Art. 3.1.1, C2", "a full-point bye bars the PAB like a forfeit win (C2)",
     replace(TAKEN, full_bye_bars_pab=False), lambda t, r, h, _: _unplayed_win_and_pab(t, r, h, False)),
    ("B13", "Art. 3.1.4", "only games played over the board count for the PAB (a forfeit is none)",
     replace(TAKEN, forfeits_are_games=True), lambda t, r, h, _: _unplayed_win_and_pab(t, r, h, True)),
    ("B15", "Art. 5.2", "the higher-ranked player of the colour rules is the higher by Art. 1.8 (Index, then TPN)",
     replace(TAKEN, colour_rank_by_index=False), lambda t, r, h, p: _rank_decides(h, p)),
)


def readings(t: Tournament, rnd: int, pairing: Pairing, *, initial_colour: Colour | None = None,
             total_rounds: int | None = None) -> tuple[Reading, ...]:
    """The readings that decided ``pairing`` (round ``rnd`` of ``t``, paired under the decisions
    taken): each decision whose situation is present and whose other reading pairs the round
    differently, with that pairing.  Empty for a seeding round (Art. 1.6: the Dutch system's)."""
    if rnd <= seeding_rounds(total_rounds_of(t, total_rounds)):
        return ()
    here = entrants(t, rnd)
    out: list[Reading] = []
    given = (pairing.boards, pairing.bye)
    for decision, article, taken, switches, present in _POINTS:
        if not present(t, rnd, here, pairing):
            continue
        try:
            other = pair_round(t, rnd, initial_colour=initial_colour, total_rounds=total_rounds, switches=switches)
        except NoLegalPairing:
            continue
        if (other.boards, other.bye) != given:
            out.append(Reading(decision, PAGE, article, taken, other.boards, other.bye))
    return tuple(out)
