"""Double-Swiss (C.04.5) events for the benches, made by the project's random tournament
generator (:mod:`verify.generate`, ``arbiter generate --system double-swiss``): each round paired
by the engine, each game's result drawn from the ratings, written in the two-column layout of
:mod:`trf.matches` (``docs/double-swiss.md``).  There is one generator; this module only adapts
its settings to the benches' (a number of matches played out of a longer event).

    python bench/double_swiss_gen.py --players 40 --rounds 7 --seed 3 > event.trf
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import trf  # noqa: E402
from trf.model import Tournament  # noqa: E402
from verify.generate import GeneratorSettings, generate as rtg  # noqa: E402

#: The registry's name of the system (:mod:`systems`).
SYSTEM = "double-swiss"


@dataclass(frozen=True)
class GenSettings:
    players: int = 30
    rounds: int = 7               # match rounds played
    total: int = 9                # match rounds of the event (``XXR``: twice as many columns)
    seed: int = 1
    forfeit_game: float = 0.01    # \ together the generator's forfeit rate: matches with a forfeit
    forfeit_match: float = 0.005  # / (one game, both games by one player, or one game each)
    bye_rate: float = 0.01        # a half-point bye requested for a match

    def settings(self) -> GeneratorSettings:
        """The generator's settings for the whole event (``total`` matches; the forfeits as
        :func:`verify.matchgen.match_result` draws them, at ``forfeit_game + forfeit_match``)."""
        return GeneratorSettings(players=self.players, rounds=self.total, seed=self.seed, system=SYSTEM,
                                 forfeit_rate=self.forfeit_game + self.forfeit_match, double_forfeit_rate=0.0,
                                 half_bye_rate=self.bye_rate, zero_bye_rate=0.0,
                                 tiebreaks=None)


class _Enough(Exception):
    """Stops the generator before the first match that is not to be played."""

    def __init__(self, t: Tournament) -> None:
        super().__init__()
        self.t = t


def generate(s: GenSettings, until: Optional[int] = None) -> tuple[Tournament, list[str]]:
    """An event with ``s.rounds`` (or ``until``) match rounds played out of ``s.total`` (the byes
    declared for the next match written), and the text of the file before each round (the input
    the engine paired it from).  A round that has no legal pairing (Art. 3.3.3: a small field
    late in the event) ends the event early; its text is the last of the list."""
    from pairing.result import NoLegalPairing

    last = until if until is not None else s.rounds
    before: list[str] = []

    def observe(t: Tournament, rnd: int) -> None:
        if rnd > last:
            raise _Enough(t)
        before.append(trf.dumps(t))

    try:
        t = rtg(s.settings(), observe=observe)
    except _Enough as stop:
        t = stop.t
    except NoLegalPairing:
        t = trf.parse_text(before[-1]).tournament
    return t, before


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--total", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    t, _ = generate(GenSettings(a.players, a.rounds, max(a.total, a.rounds), a.seed))
    sys.stdout.write(trf.dumps(t))


if __name__ == "__main__":
    main()
