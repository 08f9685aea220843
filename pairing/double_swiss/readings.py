"""The open points of C.04.5 that decided a match round (``docs/double-swiss.md``, the decisions
table): for each decision whose situation is present in the round (a cheap test first), the
round re-paired with that one reading changed; a :class:`~pairing.rounds.Reading` when the
pairing differs (boards, game-1 colours or the PAB).

The colour readings (D10, D21) change no pair (Art. 4 colours a round already paired and no
colour stops a pairing), so their other pairing is the same pairs re-coloured.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

from pairing.double_swiss.colours import Allocation, allocate
from pairing.double_swiss.engine import pair_match_round
from pairing.double_swiss.state import TAKEN, PlayerState, RoundSettings, player_states
from pairing.result import NoLegalPairing, Pairing
from pairing.rounds import Reading
from trf.codes import Colour, Result
from trf.matches import MatchEntry, player_matches
from trf.model import Tournament

__all__ = ["readings", "PAGE"]

#: The decisions page.
PAGE = "docs/double-swiss.md"

#: Each decision that can change a pairing: (decision, article, the reading taken in words).
TAKEN_WORDS: dict[str, tuple[str, str]] = {
    "D3": ("Art. 2.3.5", "C8 counts an upfloater's opponent that is an upfloater itself"),
    "D6": ("Art. 3.4.3", "a match forfeited on both games is not a match played"),
    "D9": ("Art. 1.5", "the PAB does not make its receiver a floater"),
    "D10": ("Art. 4.3.2", "the Whites are counted, not the colour differences"),
    "D11": ("Art. 2.1.2", "only a match won by forfeit (both games) bars the PAB"),
    "D12": ("Art. 1.5", "a float is read from the previous match round"),
    "D21": ("Art. 4.3.3", "the colours are compared going back from each player's latest match"),
}


def readings(t: Tournament, rnd: int, pairing: Pairing, *, initial_colour: Optional[Colour] = None,
             total_rounds: Optional[int] = None) -> tuple[Reading, ...]:
    """The readings that decided ``pairing`` (match round ``rnd`` of ``t`` paired by the
    decisions taken, with the same ``initial_colour`` and ``total_rounds`` as
    :func:`~pairing.double_swiss.engine.pair_match_round`): each decision whose other reading
    pairs the round differently, with that other pairing.  A reading under which no legal
    pairing exists is named with no boards."""
    settings = _settings(t, rnd, total_rounds)
    players = player_states(t, settings)
    history = {tpn: player_matches(t, tpn, rnd - 1) for tpn in players}
    odd = len(players) % 2 == 1
    floats = not settings.last_round and rnd > 1
    present: dict[str, bool] = {
        # D3: two upfloaters can meet in a bracket with a previous floater (C8 is read)
        "D3": floats and any(p.floated for p in players.values()),
        # D6: a PAB is given and a player has a match forfeited on both games
        "D6": odd and any(m.kind == "match" and m.forfeited and not m.pending for ms in history.values() for m in ms),
        # D9: C7/C8 are read and a player had the PAB in the previous match round
        "D9": floats and any(ms[-1].kind == "pab" for ms in history.values()),
        # D11: a PAB is given and a player won one game (not the match) by forfeit
        "D11": odd and any(_one_game_by_forfeit(ms) for ms in history.values()),
        # D12: C7/C8 are read and a player met nobody in the previous match round but did before
        "D12": floats and any(not ms[-1].meeting and any(m.meeting for m in ms) for ms in history.values()),
    }
    out: list[Reading] = []
    for decision, flag in (("D3", "d3"), ("D6", "d6"), ("D9", "d9"), ("D11", "d11"), ("D12", "d12")):
        if not present[decision]:
            continue
        switches = replace(TAKEN, **{flag: True})
        if decision != "D3" and player_states(t, settings, switches) == players:
            continue                                             # the other reading sees the same facts
        try:
            other: Optional[Pairing] = pair_match_round(t, rnd, initial_colour=initial_colour,
                                                        total_rounds=total_rounds, switches=switches).pairing
        except NoLegalPairing:
            other = None
        _add(out, decision, pairing, other)
    for decision, flag in (("D10", "d10"), ("D21", "d21")):
        if any(len(players[w].colours) != len(players[b].colours) for w, b in pairing.boards):
            switches = replace(TAKEN, **{flag: True})
            _add(out, decision, pairing, _recoloured(pairing, players, lambda a, b: allocate(a, b, None, switches)))
    return tuple(sorted(out, key=lambda r: int(r.decision[1:])))


def _settings(t: Tournament, rnd: int, total_rounds: Optional[int]) -> RoundSettings:
    """The round's settings as :func:`~pairing.double_swiss.engine.pair_match_round` makes them."""
    total = total_rounds if total_rounds is not None else (t.total_rounds or 0) // 2
    return RoundSettings(rnd, max(total, rnd))


def _one_game_by_forfeit(ms: tuple[MatchEntry, ...]) -> bool:
    """A game won by forfeit in a match not won by forfeit (where D11's readings differ)."""
    return any(m.kind == "match" and not m.won_by_forfeit
               and any(g is not None and g.result is Result.FORFEIT_WIN for g in m.games) for m in ms)


def _recoloured(pairing: Pairing, players: dict[int, PlayerState],
                colour: Callable[[PlayerState, PlayerState], Allocation]) -> Pairing:
    """The same pairs and board order with the game-1 colours of the other reading (a pair of
    which neither has played keeps its colours: Art. 4.3.1 reads no history)."""
    boards = []
    for w, b in pairing.boards:
        if not players[w].colours and not players[b].colours:
            boards.append((w, b))
            continue
        got = colour(players[w], players[b])
        boards.append((got.white, got.black))
    return Pairing(pairing.round, tuple(boards), pairing.bye)


def _add(out: list[Reading], decision: str, taken: Pairing, other: Optional[Pairing]) -> None:
    """A :class:`Reading` of ``decision`` when ``other`` (``None``: no legal pairing) differs."""
    if other is not None and (other.boards, other.bye) == (taken.boards, taken.bye):
        return
    article, words = TAKEN_WORDS[decision]
    out.append(Reading(decision, PAGE, article, words, other.boards if other else (), other.bye if other else None))

