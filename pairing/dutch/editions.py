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
its name, the name the registry resolves from a file's system record or its dates
(:func:`systems.select`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pairing.dutch.players import RULES_2017, RULES_2026, PlayerRules
from pairing.dutch.stages import pair_all_brackets_2017, pair_all_brackets_2026
from pairing.dutch.state import RoundState
from pairing.dutch.weights import FIELDS, FIELDS_2017, Field


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
    #: the players' facts that differ (floats of rounds without a game, who may receive the PAB)
    players: PlayerRules
    #: Baku acceleration under this edition allows the standard scoring only (C.04.5.1, in force
    #: until 31 January 2026): the words naming that text; ``None``: C.04.7's scorings
    baku_standard_only: str | None = None


#: C.04.3 applied from 1 February 2026: the completion pre-pass, then the brackets, each one's
#: matching over the whole field.
EDITION_2026 = Edition(
    name="2026",
    fields=FIELDS,
    pair_brackets=pair_all_brackets_2026,
    whole_field_matching=True,
    players=RULES_2026,
)

#: C.04.3 in force until 31 January 2026: the brackets with the next scoregroup in view, the PPB
#: and the CLB when the round could not be completed otherwise.
EDITION_2017 = Edition(
    name="2017",
    fields=FIELDS_2017,
    pair_brackets=pair_all_brackets_2017,
    whole_field_matching=False,
    players=RULES_2017,
    baku_standard_only="under the 2017 rules (C.04.5.1)",
)

#: The editions by name, the one applied now first.
EDITIONS: Mapping[str, Edition] = MappingProxyType({e.name: e for e in (EDITION_2026, EDITION_2017)})

#: The edition applied now.
CURRENT = EDITION_2026
