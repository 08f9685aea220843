"""The editions of the FIDE (Dutch) System the engine pairs, each one immutable object holding
what its text makes the engine do differently:

* ``"2026"``: C.04.3 as approved by the Council on 28/10/2025 and applied from 1 February 2026
  (criteria C1-C21, Art. 0-5);
* ``"2017"``: C.04.3 as in force until 31 January 2026 (Baku 2016, with the Goynuk 2017
  guidelines; criteria C.1-C.19, sections A-E).

Both pair their brackets with the same stages and the same generation order (2026 Art. 3.6-4.5,
2017 B.6-B.7 and D.1-D.3) and allocate colours alike (2026 Art. 5.2, 2017 E.1-E.5); an edition
holds the rest: its weight fields, the round's procedure, the scope of a bracket's matching, the
floats of a round without a game and who may receive the PAB.  :data:`EDITIONS` finds one by
its name, the name a file's system record gives (:attr:`trf.system.PairingSystem.edition`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pairing.dutch.players import Float
from pairing.dutch.stages import pair_all_brackets_2017, pair_all_brackets_2026
from pairing.dutch.state import RoundState
from pairing.dutch.weights import FIELDS, FIELDS_2017, Field
from trf.model import Result, RoundEntry, Tournament


@dataclass(frozen=True)
class Edition:
    """One edition of C.04.3, as the engine reads it."""

    #: the edition's name, as files and callers name it
    name: str
    #: the bracket's weight fields, most significant first (:mod:`pairing.dutch.weights`)
    fields: tuple[Field, ...]
    #: the round: every bracket from the top score down, and the PAB (2026 Art. 1.9, 2017 A.9)
    pair_brackets: Callable[[RoundState], None]
    #: whether every bracket's matching holds every player still to pair: completion (C4) holds
    #: in every bracket (2026 Art. 2.2.1), so the matching is solved bracket-locally or, with
    #: ``full_field``, over the whole field; otherwise it holds the bracket and the next
    #: scoregroup (or, in the PPB, the CLB and the last bracket, everyone still to pair), solved
    #: exactly (2017 A.9, C.4, C.7)
    whole_field_matching: bool
    #: the float of a round in which the player has no game, given its entry for the round
    #: (``None`` when the record has none)
    unplayed_float: Callable[[Tournament, RoundEntry | None], Float | None]
    #: whether the player of this start rank may receive the PAB in the round given (C2, C.2)
    pab_eligible: Callable[[Tournament, int, int], bool]


def unplayed_float_2026(t: Tournament, entry: RoundEntry | None) -> Float | None:
    """C.04.3 Art. 1.4.3-1.4.4: a round without a game floats down a player who scored more than
    a loss in it (PAB, forfeit win, full- or half-point bye), and nobody else."""
    value = t.scoring.value(entry) if entry is not None else t.scoring.zero_point_bye
    return Float.DOWN if value > t.scoring.loss_white else None


def unplayed_float_2017(t: Tournament, entry: RoundEntry | None) -> Float | None:
    """2017 A.4.b: a player who does not play in a round, "for whatever reason", floats down
    (forfeits either way, every bye, absences, rounds before a late entry)."""
    return Float.DOWN


def pab_eligible_2026(t: Tournament, pid: int, rnd: int) -> bool:
    """C.04.3 Art. 2.1.2 (C2, C.04.1 Art. 4): no PAB for a player who already had one, or who
    scored a win's points without playing in some round (forfeit win, full-point bye)."""
    p = t.player(pid)
    win = t.scoring.win_white
    for r in range(1, rnd):
        e = p.entry(r)
        if e is None or e.is_played:
            continue
        if e.opponent is None and e.code is Result.PAIRING_ALLOCATED_BYE:
            return False
        if t.scoring.value(e) >= win:
            return False
    return True


def pab_eligible_2017(t: Tournament, pid: int, rnd: int) -> bool:
    """2017 C.2 (C.04.1.d of that time): no PAB for a player who already had one (whatever it
    was worth) or "scored a (forfeit) win due to an opponent not appearing in time"; a
    full-point bye does not bar."""
    p = t.player(pid)
    for r in range(1, rnd):
        e = p.entry(r)
        if e is not None and not e.is_played and e.code in (Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN):
            return False
    return True


#: C.04.3 applied from 1 February 2026: the completion pre-pass, then the brackets, each one's
#: matching over the whole field.
EDITION_2026 = Edition(
    name="2026",
    fields=FIELDS,
    pair_brackets=pair_all_brackets_2026,
    whole_field_matching=True,
    unplayed_float=unplayed_float_2026,
    pab_eligible=pab_eligible_2026,
)

#: C.04.3 in force until 31 January 2026: the brackets with the next scoregroup in view, the PPB
#: and the CLB when the round could not be completed otherwise.
EDITION_2017 = Edition(
    name="2017",
    fields=FIELDS_2017,
    pair_brackets=pair_all_brackets_2017,
    whole_field_matching=False,
    unplayed_float=unplayed_float_2017,
    pab_eligible=pab_eligible_2017,
)

#: The editions by name, the one applied now first.
EDITIONS: Mapping[str, Edition] = MappingProxyType({e.name: e for e in (EDITION_2026, EDITION_2017)})

#: The edition applied now.
CURRENT = EDITION_2026
